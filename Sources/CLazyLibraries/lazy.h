/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Libraries loaded when first needed.
 *
 * poppler-glib (text and rendering, with the GObject and GIO it brings), cairo (pixels) and the
 * text libraries (HarfBuzz, fontconfig, FreeType, FriBidi, libunibreak) are not linked into
 * libpdftools: it defines the functions of theirs it calls, each forwarding to the library's own,
 * which is opened (dlopen) by its SONAME on the first call. A host that only opens, lists,
 * annotates and saves documents never loads poppler-glib and cairo nor the libraries they bring
 * (poppler, GIO, NSS, lcms, OpenJPEG, pixman, X11 ...), about 5.5 MB of resident memory and
 * their relocation at start; one that never typesets text leaves the text libraries out too.
 * The version script keeps these definitions local, so they stand in for the real functions
 * only within libpdftools.
 */
#ifndef PDFTOOLS_LAZY_H
#define PDFTOOLS_LAZY_H

#include <pthread.h>
#include <stddef.h>

/* Opens `soname` and finds its functions `names[0..count)` into `slots` (object pointers to
 * function pointers, as POSIX dlsym allows). Returns 1 when all were found; otherwise 0, with
 * every slot NULL and the reason in `failure` (`size` bytes). */
int pdft_lazy_open(const char *soname, const char *const names[], void *slots[], int count, char *failure,
                   size_t size);

/*
 * A library's functions are defined from a list of them, LIST(F, V, S), of entries
 *   F(library, result type, name, (parameters), (arguments), answer when not loaded)
 *   V(library, name, (parameters), (arguments))   for a function without a result
 *   S(library, name)                               for one defined by hand
 * PDFT_LAZY_LIBRARY(library, soname, LIST) then defines
 *   - `library`, a struct of one pointer per function named as the function, all NULL when the
 *     library or one of its functions cannot be found;
 *   - `library##_failure`, why it could not be (empty when it could);
 *   - `library##_ready()`, which loads it on the first call from any thread;
 *   - each F and V function: it calls `library##_ready()`, then forwards to the library's own,
 *     or answers as the entry says when there is none.
 * A function defined by hand calls `library##_ready()` and `library.name` itself.
 */
#define PDFT_LAZY_SLOT(library, result, name, parameters, arguments, fallback) __typeof__(name) *name;
#define PDFT_LAZY_VOID_SLOT(library, name, parameters, arguments) __typeof__(name) *name;
#define PDFT_LAZY_OWN_SLOT(library, name) __typeof__(name) *name;
#define PDFT_LAZY_NAME(library, result, name, parameters, arguments, fallback) #name,
#define PDFT_LAZY_VOID_NAME(library, name, parameters, arguments) #name,
#define PDFT_LAZY_OWN_NAME(library, name) #name,
#define PDFT_LAZY_FORWARD(library, result, name, parameters, arguments, fallback)                              \
  result name parameters {                                                                                     \
    library##_ready();                                                                                         \
    return library.name ? library.name arguments : (fallback);                                                 \
  }
#define PDFT_LAZY_VOID_FORWARD(library, name, parameters, arguments)                                           \
  void name parameters {                                                                                       \
    library##_ready();                                                                                         \
    if (library.name) library.name arguments;                                                                  \
  }
#define PDFT_LAZY_OWN_FORWARD(library, name)

#define PDFT_LAZY_LIBRARY(library, soname, LIST)                                                               \
  static struct {                                                                                              \
    LIST(PDFT_LAZY_SLOT, PDFT_LAZY_VOID_SLOT, PDFT_LAZY_OWN_SLOT)                                              \
  } library;                                                                                                   \
  static char library##_failure[512];                                                                          \
  static pthread_once_t library##_once = PTHREAD_ONCE_INIT;                                                    \
  static void library##_load(void) {                                                                           \
    static const char *const names[] = {LIST(PDFT_LAZY_NAME, PDFT_LAZY_VOID_NAME, PDFT_LAZY_OWN_NAME)};         \
    enum { count = sizeof names / sizeof names[0] };                                                           \
    _Static_assert(sizeof library == count * sizeof(void *), "one pointer per function");                     \
    pdft_lazy_open(soname, names, (void **)&library, count, library##_failure, sizeof library##_failure);       \
  }                                                                                                            \
  static void library##_ready(void) { pthread_once(&library##_once, library##_load); }                         \
  LIST(PDFT_LAZY_FORWARD, PDFT_LAZY_VOID_FORWARD, PDFT_LAZY_OWN_FORWARD)

#endif

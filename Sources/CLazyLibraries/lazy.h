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

#include <stddef.h>

/* Opens `soname` and finds its functions `names[0..count)` into `slots` (object pointers to
 * function pointers, as POSIX dlsym allows). Returns 1 when all were found; otherwise 0, with
 * every slot NULL and the reason in `failure` (`size` bytes). */
int pdft_lazy_open(const char *soname, const char *const names[], void *slots[], int count, char *failure,
                   size_t size);

#endif

/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * poppler-glib, loaded when a document is first read or rendered (see lazy.h).
 *
 * When it cannot be loaded, poppler_document_new_from_stream fails with a GError naming the
 * reason, and no page object can exist for the other functions to be called with; they return
 * empty values should it happen anyway.
 *
 * The few GObject and GIO functions the library calls (to hand poppler its input stream) are
 * found the same way, through poppler-glib, which depends on both: a host that never reads
 * text nor renders does not load GObject, GIO and what they bring (about 1.1 MB resident).
 * Without poppler-glib, g_memory_input_stream_new answers a stand-in stream that the other two
 * ignore, so the failure still surfaces where the document is opened, with its reason.
 */
#include <gio/gio.h>
#include <poppler.h>
#include <pthread.h>

#include "lazy.h"

#ifndef PDFTOOLS_POPPLER_SONAME
#error "PDFTOOLS_POPPLER_SONAME (the file name poppler-glib is loaded by) must be defined"
#endif

/* The functions of poppler-glib, found once, in the order of load_poppler's names. */
static struct {
  PopplerDocument *(*new_from_stream)(GInputStream *, goffset, const char *, GCancellable *, GError **);
  int (*get_n_pages)(PopplerDocument *);
  PopplerPage *(*get_page)(PopplerDocument *, int);
  void (*free_text_attributes)(GList *);
  void (*get_crop_box)(PopplerPage *, PopplerRectangle *);
  char *(*get_selected_text)(PopplerPage *, PopplerSelectionStyle, PopplerRectangle *);
  void (*get_size)(PopplerPage *, double *, double *);
  GList *(*get_text_attributes_for_area)(PopplerPage *, PopplerRectangle *);
  gboolean (*get_text_layout_for_area)(PopplerPage *, PopplerRectangle *, PopplerRectangle **, guint *);
  void (*render)(PopplerPage *, cairo_t *);
  void (*render_for_printing_with_options)(PopplerPage *, cairo_t *, PopplerPrintFlags);
  void (*object_unref)(gpointer);
  GInputStream *(*memory_input_stream_new)(void);
  void (*memory_input_stream_add_bytes)(GMemoryInputStream *, GBytes *);
} poppler;

static pthread_once_t poppler_once = PTHREAD_ONCE_INIT;
/* Why loading failed (empty when it did not). */
static char poppler_failure[512];

static void load_poppler(void) {
  static const char *const names[] = {
    "poppler_document_new_from_stream", "poppler_document_get_n_pages", "poppler_document_get_page",
    "poppler_page_free_text_attributes", "poppler_page_get_crop_box", "poppler_page_get_selected_text",
    "poppler_page_get_size", "poppler_page_get_text_attributes_for_area", "poppler_page_get_text_layout_for_area",
    "poppler_page_render", "poppler_page_render_for_printing_with_options", "g_object_unref",
    "g_memory_input_stream_new", "g_memory_input_stream_add_bytes",
  };
  enum { count = sizeof names / sizeof names[0] };
  _Static_assert(sizeof poppler == count * sizeof(void *), "one pointer per function");
  /* The struct's members are in the order of `names`, each a pointer. */
  pdft_lazy_open(PDFTOOLS_POPPLER_SONAME, names, (void **)&poppler, count, poppler_failure, sizeof poppler_failure);
}

/* Loads poppler-glib on the first call from any thread. */
static void ready(void) { pthread_once(&poppler_once, load_poppler); }

PopplerDocument *poppler_document_new_from_stream(GInputStream *stream, goffset length, const char *password,
                                                  GCancellable *cancellable, GError **error) {
  ready();
  if (!poppler.new_from_stream) {
    g_set_error(error, G_FILE_ERROR, G_FILE_ERROR_NOENT, "poppler-glib cannot be loaded: %s", poppler_failure);
    return NULL;
  }
  return poppler.new_from_stream(stream, length, password, cancellable, error);
}

int poppler_document_get_n_pages(PopplerDocument *document) {
  ready();
  return poppler.get_n_pages ? poppler.get_n_pages(document) : 0;
}

PopplerPage *poppler_document_get_page(PopplerDocument *document, int index) {
  ready();
  return poppler.get_page ? poppler.get_page(document, index) : NULL;
}

void poppler_page_free_text_attributes(GList *list) {
  ready();
  if (poppler.free_text_attributes) poppler.free_text_attributes(list);
}

void poppler_page_get_crop_box(PopplerPage *page, PopplerRectangle *rect) {
  ready();
  if (poppler.get_crop_box) {
    poppler.get_crop_box(page, rect);
  } else if (rect) {
    rect->x1 = rect->y1 = rect->x2 = rect->y2 = 0;
  }
}

char *poppler_page_get_selected_text(PopplerPage *page, PopplerSelectionStyle style, PopplerRectangle *selection) {
  ready();
  return poppler.get_selected_text ? poppler.get_selected_text(page, style, selection) : NULL;
}

void poppler_page_get_size(PopplerPage *page, double *width, double *height) {
  ready();
  if (poppler.get_size) {
    poppler.get_size(page, width, height);
    return;
  }
  if (width) *width = 0;
  if (height) *height = 0;
}

GList *poppler_page_get_text_attributes_for_area(PopplerPage *page, PopplerRectangle *area) {
  ready();
  return poppler.get_text_attributes_for_area ? poppler.get_text_attributes_for_area(page, area) : NULL;
}

gboolean poppler_page_get_text_layout_for_area(PopplerPage *page, PopplerRectangle *area,
                                               PopplerRectangle **rectangles, guint *n_rectangles) {
  ready();
  if (poppler.get_text_layout_for_area) return poppler.get_text_layout_for_area(page, area, rectangles, n_rectangles);
  if (rectangles) *rectangles = NULL;
  if (n_rectangles) *n_rectangles = 0;
  return FALSE;
}

void poppler_page_render(PopplerPage *page, cairo_t *cairo) {
  ready();
  if (poppler.render) poppler.render(page, cairo);
}

void poppler_page_render_for_printing_with_options(PopplerPage *page, cairo_t *cairo, PopplerPrintFlags options) {
  ready();
  if (poppler.render_for_printing_with_options) poppler.render_for_printing_with_options(page, cairo, options);
}

/* What g_memory_input_stream_new answers when poppler-glib (and so GIO) cannot be loaded: only
 * ever handed to the functions here, which ignore it. */
static char unloaded_stream;

void g_object_unref(gpointer object) {
  ready();
  if (poppler.object_unref && object != (gpointer)&unloaded_stream) poppler.object_unref(object);
}

GInputStream *g_memory_input_stream_new(void) {
  ready();
  return poppler.memory_input_stream_new ? poppler.memory_input_stream_new() : (GInputStream *)&unloaded_stream;
}

void g_memory_input_stream_add_bytes(GMemoryInputStream *stream, GBytes *bytes) {
  ready();
  if (poppler.memory_input_stream_add_bytes) poppler.memory_input_stream_add_bytes(stream, bytes);
}

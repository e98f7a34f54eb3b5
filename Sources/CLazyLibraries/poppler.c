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

#include "lazy.h"

#ifndef PDFTOOLS_POPPLER_SONAME
#error "PDFTOOLS_POPPLER_SONAME (the file name poppler-glib is loaded by) must be defined"
#endif

/* The functions of poppler-glib the library calls, and the GObject and GIO ones found through it
 * (see lazy.h). */
#define POPPLER_FUNCTIONS(F, V, S)                                                                                     \
  S(poppler, poppler_document_new_from_stream)                                                                         \
  F(poppler, int, poppler_document_get_n_pages, (PopplerDocument * document), (document), 0)                           \
  F(poppler, PopplerPage *, poppler_document_get_page, (PopplerDocument * document, int index), (document, index),     \
    NULL)                                                                                                              \
  V(poppler, poppler_page_free_text_attributes, (GList * list), (list))                                                \
  S(poppler, poppler_page_get_crop_box)                                                                                \
  F(poppler, char *, poppler_page_get_selected_text,                                                                   \
    (PopplerPage * page, PopplerSelectionStyle style, PopplerRectangle *selection), (page, style, selection), NULL)    \
  S(poppler, poppler_page_get_size)                                                                                    \
  F(poppler, GList *, poppler_page_get_text_attributes_for_area, (PopplerPage * page, PopplerRectangle *area),         \
    (page, area), NULL)                                                                                                \
  F(poppler, gboolean, poppler_page_get_text_layout_for_area,                                                          \
    (PopplerPage * page, PopplerRectangle *area, PopplerRectangle **rectangles, guint *count),                         \
    (page, area, rectangles, count), ((rectangles ? *rectangles = NULL : 0), (count ? *count = 0 : 0), FALSE))         \
  V(poppler, poppler_page_render, (PopplerPage * page, cairo_t *cairo), (page, cairo))                                 \
  V(poppler, poppler_page_render_for_printing_with_options,                                                            \
    (PopplerPage * page, cairo_t *cairo, PopplerPrintFlags options), (page, cairo, options))                           \
  S(poppler, g_object_unref)                                                                                           \
  S(poppler, g_memory_input_stream_new)                                                                                \
  S(poppler, g_memory_input_stream_add_bytes)

PDFT_LAZY_LIBRARY(poppler, PDFTOOLS_POPPLER_SONAME, POPPLER_FUNCTIONS)

PopplerDocument *poppler_document_new_from_stream(GInputStream *stream, goffset length, const char *password,
                                                  GCancellable *cancellable, GError **error) {
  poppler_ready();
  if (!poppler.poppler_document_new_from_stream) {
    g_set_error(error, G_FILE_ERROR, G_FILE_ERROR_NOENT, "poppler-glib cannot be loaded: %s", poppler_failure);
    return NULL;
  }
  return poppler.poppler_document_new_from_stream(stream, length, password, cancellable, error);
}

void poppler_page_get_crop_box(PopplerPage *page, PopplerRectangle *rect) {
  poppler_ready();
  if (poppler.poppler_page_get_crop_box) {
    poppler.poppler_page_get_crop_box(page, rect);
  } else if (rect) {
    rect->x1 = rect->y1 = rect->x2 = rect->y2 = 0;
  }
}

void poppler_page_get_size(PopplerPage *page, double *width, double *height) {
  poppler_ready();
  if (poppler.poppler_page_get_size) {
    poppler.poppler_page_get_size(page, width, height);
    return;
  }
  if (width) *width = 0;
  if (height) *height = 0;
}

/* What g_memory_input_stream_new answers when poppler-glib (and so GIO) cannot be loaded: only
 * ever handed to the functions here, which ignore it. */
static char unloaded_stream;

void g_object_unref(gpointer object) {
  poppler_ready();
  if (poppler.g_object_unref && object != (gpointer)&unloaded_stream) poppler.g_object_unref(object);
}

GInputStream *g_memory_input_stream_new(void) {
  poppler_ready();
  return poppler.g_memory_input_stream_new ? poppler.g_memory_input_stream_new() : (GInputStream *)&unloaded_stream;
}

void g_memory_input_stream_add_bytes(GMemoryInputStream *stream, GBytes *bytes) {
  poppler_ready();
  if (poppler.g_memory_input_stream_add_bytes) poppler.g_memory_input_stream_add_bytes(stream, bytes);
}

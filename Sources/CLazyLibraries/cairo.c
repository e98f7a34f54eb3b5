/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * cairo, loaded when a page is first rendered or a PNG stamp image first read (see lazy.h).
 *
 * When it cannot be loaded, the functions that make surfaces and contexts return NULL, which
 * their callers take as failure (a render that fails, an image that cannot be read), and the
 * status functions say CAIRO_STATUS_NULL_POINTER; the others do nothing.
 */
#include <cairo.h>

#include "lazy.h"

#ifndef PDFTOOLS_CAIRO_SONAME
#error "PDFTOOLS_CAIRO_SONAME (the file name cairo is loaded by) must be defined"
#endif

/* The functions of cairo the library calls (see lazy.h). */
#define CAIRO_FUNCTIONS(F, V, S)                                                                                       \
  F(cairo, cairo_t *, cairo_create, (cairo_surface_t * target), (target), NULL)                                        \
  V(cairo, cairo_destroy, (cairo_t * cr), (cr))                                                                        \
  F(cairo, cairo_surface_t *, cairo_image_surface_create_for_data,                                                     \
    (unsigned char *data, cairo_format_t format, int width, int height, int stride),                                   \
    (data, format, width, height, stride), NULL)                                                                       \
  F(cairo, cairo_surface_t *, cairo_image_surface_create_from_png_stream, (cairo_read_func_t read, void *closure),     \
    (read, closure), NULL)                                                                                             \
  F(cairo, unsigned char *, cairo_image_surface_get_data, (cairo_surface_t * surface), (surface), NULL)                \
  F(cairo, cairo_format_t, cairo_image_surface_get_format, (cairo_surface_t * surface), (surface),                     \
    CAIRO_FORMAT_INVALID)                                                                                              \
  F(cairo, int, cairo_image_surface_get_height, (cairo_surface_t * surface), (surface), 0)                             \
  F(cairo, int, cairo_image_surface_get_stride, (cairo_surface_t * surface), (surface), 0)                             \
  F(cairo, int, cairo_image_surface_get_width, (cairo_surface_t * surface), (surface), 0)                              \
  V(cairo, cairo_paint, (cairo_t * cr), (cr))                                                                          \
  V(cairo, cairo_scale, (cairo_t * cr, double sx, double sy), (cr, sx, sy))                                            \
  V(cairo, cairo_set_operator, (cairo_t * cr, cairo_operator_t op), (cr, op))                                          \
  V(cairo, cairo_set_source_rgba, (cairo_t * cr, double red, double green, double blue, double alpha),                 \
    (cr, red, green, blue, alpha))                                                                                     \
  F(cairo, cairo_status_t, cairo_status, (cairo_t * cr), (cr), CAIRO_STATUS_NULL_POINTER)                              \
  V(cairo, cairo_surface_destroy, (cairo_surface_t * surface), (surface))                                              \
  V(cairo, cairo_surface_flush, (cairo_surface_t * surface), (surface))                                                \
  F(cairo, cairo_status_t, cairo_surface_status, (cairo_surface_t * surface), (surface), CAIRO_STATUS_NULL_POINTER)    \
  V(cairo, cairo_translate, (cairo_t * cr, double tx, double ty), (cr, tx, ty))

PDFT_LAZY_LIBRARY(cairo, PDFTOOLS_CAIRO_SONAME, CAIRO_FUNCTIONS)

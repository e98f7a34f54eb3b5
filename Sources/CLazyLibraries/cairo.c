/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * cairo, loaded when a page is first rendered or a PNG stamp image first read (see lazy.h).
 *
 * When it cannot be loaded, the functions that make surfaces and contexts return NULL, which
 * their callers take as failure (a render that fails, an image that cannot be read), and the
 * status functions say CAIRO_STATUS_NULL_POINTER; the others do nothing.
 */
#include <cairo.h>
#include <pthread.h>

#include "lazy.h"

#ifndef PDFTOOLS_CAIRO_SONAME
#error "PDFTOOLS_CAIRO_SONAME (the file name cairo is loaded by) must be defined"
#endif

/* The functions of cairo, found once, in the order of load_cairo's names. */
static struct {
  cairo_t *(*create)(cairo_surface_t *);
  void (*destroy)(cairo_t *);
  cairo_surface_t *(*image_surface_create_for_data)(unsigned char *, cairo_format_t, int, int, int);
  cairo_surface_t *(*image_surface_create_from_png_stream)(cairo_read_func_t, void *);
  unsigned char *(*image_surface_get_data)(cairo_surface_t *);
  cairo_format_t (*image_surface_get_format)(cairo_surface_t *);
  int (*image_surface_get_height)(cairo_surface_t *);
  int (*image_surface_get_stride)(cairo_surface_t *);
  int (*image_surface_get_width)(cairo_surface_t *);
  void (*paint)(cairo_t *);
  void (*scale)(cairo_t *, double, double);
  void (*set_operator)(cairo_t *, cairo_operator_t);
  void (*set_source_rgba)(cairo_t *, double, double, double, double);
  cairo_status_t (*status)(cairo_t *);
  void (*surface_destroy)(cairo_surface_t *);
  void (*surface_flush)(cairo_surface_t *);
  cairo_status_t (*surface_status)(cairo_surface_t *);
  void (*translate)(cairo_t *, double, double);
} cairo;

static pthread_once_t cairo_once = PTHREAD_ONCE_INIT;
/* Why loading failed (empty when it did not). */
static char cairo_failure[512];

static void load_cairo(void) {
  static const char *const names[] = {
    "cairo_create", "cairo_destroy", "cairo_image_surface_create_for_data",
    "cairo_image_surface_create_from_png_stream", "cairo_image_surface_get_data", "cairo_image_surface_get_format",
    "cairo_image_surface_get_height", "cairo_image_surface_get_stride", "cairo_image_surface_get_width",
    "cairo_paint", "cairo_scale", "cairo_set_operator", "cairo_set_source_rgba", "cairo_status",
    "cairo_surface_destroy", "cairo_surface_flush", "cairo_surface_status", "cairo_translate",
  };
  enum { count = sizeof names / sizeof names[0] };
  _Static_assert(sizeof cairo == count * sizeof(void *), "one pointer per function");
  /* The struct's members are in the order of `names`, each a pointer. */
  pdft_lazy_open(PDFTOOLS_CAIRO_SONAME, names, (void **)&cairo, count, cairo_failure, sizeof cairo_failure);
}

/* Loads cairo on the first call from any thread. */
static void ready(void) { pthread_once(&cairo_once, load_cairo); }

cairo_t *cairo_create(cairo_surface_t *target) {
  ready();
  return cairo.create ? cairo.create(target) : NULL;
}

void cairo_destroy(cairo_t *cr) {
  ready();
  if (cairo.destroy) cairo.destroy(cr);
}

cairo_surface_t *cairo_image_surface_create_for_data(unsigned char *data, cairo_format_t format, int width,
                                                     int height, int stride) {
  ready();
  return cairo.image_surface_create_for_data ? cairo.image_surface_create_for_data(data, format, width, height, stride)
                                             : NULL;
}

cairo_surface_t *cairo_image_surface_create_from_png_stream(cairo_read_func_t read_func, void *closure) {
  ready();
  return cairo.image_surface_create_from_png_stream ? cairo.image_surface_create_from_png_stream(read_func, closure)
                                                    : NULL;
}

unsigned char *cairo_image_surface_get_data(cairo_surface_t *surface) {
  ready();
  return cairo.image_surface_get_data ? cairo.image_surface_get_data(surface) : NULL;
}

cairo_format_t cairo_image_surface_get_format(cairo_surface_t *surface) {
  ready();
  return cairo.image_surface_get_format ? cairo.image_surface_get_format(surface) : CAIRO_FORMAT_INVALID;
}

int cairo_image_surface_get_height(cairo_surface_t *surface) {
  ready();
  return cairo.image_surface_get_height ? cairo.image_surface_get_height(surface) : 0;
}

int cairo_image_surface_get_stride(cairo_surface_t *surface) {
  ready();
  return cairo.image_surface_get_stride ? cairo.image_surface_get_stride(surface) : 0;
}

int cairo_image_surface_get_width(cairo_surface_t *surface) {
  ready();
  return cairo.image_surface_get_width ? cairo.image_surface_get_width(surface) : 0;
}

void cairo_paint(cairo_t *cr) {
  ready();
  if (cairo.paint) cairo.paint(cr);
}

void cairo_scale(cairo_t *cr, double sx, double sy) {
  ready();
  if (cairo.scale) cairo.scale(cr, sx, sy);
}

void cairo_set_operator(cairo_t *cr, cairo_operator_t op) {
  ready();
  if (cairo.set_operator) cairo.set_operator(cr, op);
}

void cairo_set_source_rgba(cairo_t *cr, double red, double green, double blue, double alpha) {
  ready();
  if (cairo.set_source_rgba) cairo.set_source_rgba(cr, red, green, blue, alpha);
}

cairo_status_t cairo_status(cairo_t *cr) {
  ready();
  return cairo.status ? cairo.status(cr) : CAIRO_STATUS_NULL_POINTER;
}

void cairo_surface_destroy(cairo_surface_t *surface) {
  ready();
  if (cairo.surface_destroy) cairo.surface_destroy(surface);
}

void cairo_surface_flush(cairo_surface_t *surface) {
  ready();
  if (cairo.surface_flush) cairo.surface_flush(surface);
}

cairo_status_t cairo_surface_status(cairo_surface_t *surface) {
  ready();
  return cairo.surface_status ? cairo.surface_status(surface) : CAIRO_STATUS_NULL_POINTER;
}

void cairo_translate(cairo_t *cr, double tx, double ty) {
  ready();
  if (cairo.translate) cairo.translate(cr, tx, ty);
}

/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * test_render.c — the Rendering section of pdftools.h, checked on a PDF this
 * program writes itself (bytes and xref computed here):
 *
 *   pages 0-3: MediaBox [0 0 612 792], CropBox [50 60 500 700], /Rotate 0, 90,
 *              180, 270; content "1 0 0 rg 100 600 50 50 re f" (a red square)
 *              and "0 0 1 rg 300 200 20 40 re f" (a blue bar);
 *   page 4:    the same, unrotated, with /UserUnit 2;
 *   page 5:    MediaBox [0 0 200 200], a green square 20..60 in the content
 *              and a Square annotation at [120 120 180 180] whose appearance
 *              stream fills its box blue.
 *
 * Checked: pdftools_page_get_render_size (display size times scale, rounded up),
 * where the coloured shapes land (the pixel that pdftools_page_convert_points
 * gives for a page point) on every rotation, the crop box and UserUnit, BGRA
 * premultiplied versus RGBA byte order, tiles equal to the corresponding
 * pixels of the whole page (with and without stride padding), transparent
 * and coloured backgrounds, draw_annotations, unsaved annotation changes
 * shown, options NULL, and bad arguments (NULL buffer, sizes, strides,
 * scales, formats, versions, page indices, handles); annotations added,
 * moved and deleted on pages already shown render as a fresh read of the
 * saved document does.
 *
 * Usage: test_render [--write FILE]   (--write also saves the generated PDF)
 * Prints one line per check and a last line "N passed, M failed"; exits 1 if
 * any check failed.
 */
#define _XOPEN_SOURCE 700

#include "test_common.h"

#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------------ */
/* The generated document                                                    */

#define NPAGES 6
#define ANNOT_PAGE 5

static const double CROP[4] = {50.0, 60.0, 500.0, 700.0};

#define MAX_OBJ 32

struct pdf {
  tc_buf b;
  long offsets[MAX_OBJ];
  int nobj;
};

static void obj_begin(struct pdf *p, int num) {
  p->offsets[num] = (long)p->b.len;
  if (num > p->nobj) p->nobj = num;
  tc_buf_printf(&p->b, "%d 0 obj\n", num);
}

static void obj_stream(struct pdf *p, int num, const char *dict_extra, const char *data) {
  obj_begin(p, num);
  tc_buf_printf(&p->b, "<< %s /Length %lu >>\nstream\n", dict_extra, (unsigned long)strlen(data));
  tc_buf_append(&p->b, data, strlen(data));
  tc_buf_printf(&p->b, "\nendstream\nendobj\n");
}

/*
 * Objects: 1 catalog, 2 pages, 3 the shared content of pages 0-4,
 * 4..8 pages 0-4, 9 page 5, 10 its content, 11 its annotation, 12 the
 * annotation's appearance stream.
 */
static unsigned char *make_pdf(size_t *out_size) {
  struct pdf p;
  int i;
  long xref;
  memset(&p, 0, sizeof p);
  tc_buf_printf(&p.b, "%%PDF-1.7\n%%\342\343\317\323\n");
  obj_begin(&p, 1);
  tc_buf_printf(&p.b, "<< /Type /Catalog /Pages 2 0 R >>\nendobj\n");
  obj_begin(&p, 2);
  tc_buf_printf(&p.b, "<< /Type /Pages /Count %d /Kids [ 4 0 R 5 0 R 6 0 R 7 0 R 8 0 R 9 0 R ] >>\nendobj\n", NPAGES);
  obj_stream(&p, 3, "", "1 0 0 rg 100 600 50 50 re f\n0 0 1 rg 300 200 20 40 re f");
  for (i = 0; i < 5; i++) {
    obj_begin(&p, 4 + i);
    tc_buf_printf(&p.b,
               "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /CropBox [%g %g %g %g] /Rotate %d%s"
               " /Resources << >> /Contents 3 0 R >>\nendobj\n",
               CROP[0], CROP[1], CROP[2], CROP[3], i < 4 ? 90 * i : 0, i == 4 ? " /UserUnit 2" : "");
  }
  obj_begin(&p, 9);
  tc_buf_printf(&p.b, "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Resources << >> /Contents 10 0 R"
                   " /Annots [ 11 0 R ] >>\nendobj\n");
  obj_stream(&p, 10, "", "0 1 0 rg 20 20 40 40 re f");
  obj_begin(&p, 11);
  tc_buf_printf(&p.b, "<< /Type /Annot /Subtype /Square /Rect [120 120 180 180] /F 4 /P 9 0 R /C [0 0 1]"
                   " /Contents (a blue square) /AP << /N 12 0 R >> >>\nendobj\n");
  obj_stream(&p, 12, "/Type /XObject /Subtype /Form /BBox [0 0 60 60] /Resources << >>", "0 0 1 rg 0 0 60 60 re f");
  xref = (long)p.b.len;
  tc_buf_printf(&p.b, "xref\n0 %d\n0000000000 65535 f \n", p.nobj + 1);
  for (i = 1; i <= p.nobj; i++) tc_buf_printf(&p.b, "%010ld 00000 n \n", p.offsets[i]);
  tc_buf_printf(&p.b, "trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%ld\n%%%%EOF\n", p.nobj + 1, xref);
  *out_size = p.b.len;
  return (unsigned char *)p.b.data;
}

/* ------------------------------------------------------------------------ */
/* Helpers                                                                   */

static const char *st_name(pdftools_status st) { return pdftools_status_string(st); }

struct image {
  unsigned char *px;
  int32_t w, h;
  size_t stride;
};

/* Renders a whole page (or a tile of size w x h when w > 0); returns the status. */
static pdftools_status render(pdftools_document *doc, int32_t page, const pdftools_render_options *o, int32_t w,
                              int32_t h, size_t extra_stride, struct image *img) {
  pdftools_status st;
  memset(img, 0, sizeof *img);
  if (w <= 0) {
    st = pdftools_page_get_render_size(doc, page, o ? o->scale : 1.0, &w, &h);
    if (st != PDFTOOLS_OK) return st;
  }
  img->w = w;
  img->h = h;
  img->stride = (size_t)w * 4 + extra_stride;
  img->px = (unsigned char *)malloc(img->stride * (size_t)h);
  if (!img->px) return PDFTOOLS_E_OUT_OF_MEMORY;
  memset(img->px, 0x5A, img->stride * (size_t)h);
  st = pdftools_page_render(doc, page, o, img->px, w, h, img->stride);
  if (st != PDFTOOLS_OK) {
    free(img->px);
    img->px = NULL;
  }
  return st;
}

static const unsigned char *pixel(const struct image *img, int x, int y) {
  if (!img->px || x < 0 || y < 0 || x >= img->w || y >= img->h) return NULL;
  return img->px + (size_t)y * img->stride + (size_t)x * 4;
}

/* The pixel where page point (px, py) lands at scale. */
static int pixel_of(pdftools_document *doc, int32_t page, double scale, double px, double py, int *x, int *y) {
  pdftools_point in, out;
  in.x = px;
  in.y = py;
  if (pdftools_page_convert_points(doc, page, PDFTOOLS_SPACE_PAGE, PDFTOOLS_SPACE_DISPLAY, &in, 1, &out) !=
      PDFTOOLS_OK)
    return 0;
  *x = (int)floor(out.x * scale);
  *y = (int)floor(out.y * scale);
  return 1;
}

static int near_byte(int a, int b, int tol) { return abs(a - b) <= tol; }

/* 1 when the pixel holds bytes b0..b3 within tol. */
static int bytes_are(const unsigned char *p, int b0, int b1, int b2, int b3, int tol) {
  return p && near_byte(p[0], b0, tol) && near_byte(p[1], b1, tol) && near_byte(p[2], b2, tol) &&
         near_byte(p[3], b3, tol);
}

static void describe(const unsigned char *p, char *out, size_t n) {
  if (p)
    snprintf(out, n, "%d %d %d %d", p[0], p[1], p[2], p[3]);
  else
    snprintf(out, n, "outside the image");
}

/* Checks the pixel at page point (px, py) holds the given bytes. */
static void expect_at(pdftools_document *doc, int32_t page, double scale, const struct image *img, double px,
                      double py, int b0, int b1, int b2, int b3, const char *what) {
  int x = -1, y = -1;
  char got[64];
  const unsigned char *p = NULL;
  if (pixel_of(doc, page, scale, px, py, &x, &y)) p = pixel(img, x, y);
  describe(p, got, sizeof got);
  CHECK(bytes_are(p, b0, b1, b2, b3, 3), "page %d, scale %g: page point (%g,%g) -> pixel (%d,%d) is %s: bytes %d %d %d %d (%s)",
        (int)page, scale, px, py, x, y, what, b0, b1, b2, b3, got);
}

static int32_t page_rotation(int32_t page) { return page < 4 ? 90 * page : 0; }

/* ------------------------------------------------------------------------ */
/* 1. Sizes                                                                  */

static void test_sizes(pdftools_document *doc) {
  static const double scales[] = {1.0, 0.5, 2.0, 1.3, 0.01, 64.0};
  int32_t p;
  size_t i;
  for (p = 0; p < NPAGES; p++) {
    double dw = 0, dh = 0;
    int ok = 1;
    pdftools_page_get_size(doc, p, &dw, &dh);
    for (i = 0; i < sizeof scales / sizeof scales[0]; i++) {
      int32_t w = -1, h = -1;
      pdftools_status st = pdftools_page_get_render_size(doc, p, scales[i], &w, &h);
      if (st != PDFTOOLS_OK || w != (int32_t)ceil(dw * scales[i]) || h != (int32_t)ceil(dh * scales[i])) {
        tc_note("page %d, scale %g: %s %dx%d, display size %gx%g", (int)p, scales[i], st_name(st), (int)w, (int)h, dw,
                dh);
        ok = 0;
      }
    }
    CHECK(ok, "page %d (rotation %d%s): render_size is the display size %gx%g times the scale, rounded up", (int)p,
          (int)page_rotation(p), p == 4 ? ", UserUnit 2" : "", dw, dh);
  }
  {
    int32_t w = -1, h = -1;
    EXPECT_OK(pdftools_page_get_render_size(doc, 1, 1.0, &w, &h), "render_size of the page rotated by 90");
    CHECK(w == 640 && h == 450, "rotated by 90: 640 x 450, the crop box turned (%dx%d)", (int)w, (int)h);
    EXPECT_OK(pdftools_page_get_render_size(doc, 4, 1.0, &w, &h), "render_size of the UserUnit 2 page");
    CHECK(w == 900 && h == 1280, "UserUnit 2: 900 x 1280 (%dx%d)", (int)w, (int)h);
    w = -1;
    EXPECT_OK(pdftools_page_get_render_size(doc, 0, 1.0, &w, NULL), "render_size with out_height NULL");
    CHECK(w == 450, "width still given (%d)", (int)w);
    h = -1;
    EXPECT_OK(pdftools_page_get_render_size(doc, 0, 1.0, NULL, &h), "render_size with out_width NULL");
    CHECK(h == 640, "height still given (%d)", (int)h);
    EXPECT_OK(pdftools_page_get_render_size(doc, 0, 1.0, NULL, NULL), "render_size with both outs NULL");
  }
  {
    static const double bad[] = {0.0, -1.0, 64.0001, 65.0, 1e9};
    int32_t w = -7, h = -8;
    for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
      char what[80];
      snprintf(what, sizeof what, "render_size with scale %g", bad[i]);
      EXPECT_STATUS(pdftools_page_get_render_size(doc, 0, bad[i], &w, &h), PDFTOOLS_E_INVALID_ARGUMENT, what);
    }
    EXPECT_STATUS(pdftools_page_get_render_size(doc, 0, NAN, &w, &h), PDFTOOLS_E_INVALID_ARGUMENT, "render_size, scale NaN");
    EXPECT_STATUS(pdftools_page_get_render_size(doc, 0, INFINITY, &w, &h), PDFTOOLS_E_INVALID_ARGUMENT,
                  "render_size, scale infinity");
    EXPECT_STATUS(pdftools_page_get_render_size(doc, NPAGES, 1.0, &w, &h), PDFTOOLS_E_OUT_OF_RANGE,
                  "render_size, page count");
    EXPECT_STATUS(pdftools_page_get_render_size(doc, -1, 1.0, &w, &h), PDFTOOLS_E_OUT_OF_RANGE, "render_size, page -1");
    EXPECT_STATUS(pdftools_page_get_render_size(NULL, 0, 1.0, &w, &h), PDFTOOLS_E_INVALID_HANDLE,
                  "render_size, NULL document");
    CHECK(w == -7 && h == -8, "failed render_size calls leave the outs untouched");
  }
}

/* ------------------------------------------------------------------------ */
/* 2. Where the colours land; byte order                                     */

static void test_positions(pdftools_document *doc) {
  static const double scales[] = {1.0, 2.0, 0.75};
  int32_t p;
  size_t i;
  for (p = 0; p < 5; p++) {
    for (i = 0; i < sizeof scales / sizeof scales[0]; i++) {
      pdftools_render_options o = PDFTOOLS_RENDER_OPTIONS_INIT;
      struct image img;
      pdftools_status st;
      char what[96];
      o.scale = scales[i];
      st = render(doc, p, &o, 0, 0, 0, &img);
      snprintf(what, sizeof what, "render page %d (rotation %d) at scale %g, BGRA", (int)p, (int)page_rotation(p),
               scales[i]);
      if (!EXPECT_OK(st, what)) continue;
      expect_at(doc, p, o.scale, &img, 125, 625, 0, 0, 255, 255, "red (BGRA)");
      expect_at(doc, p, o.scale, &img, 310, 220, 255, 0, 0, 255, "blue (BGRA)");
      expect_at(doc, p, o.scale, &img, 175, 625, 255, 255, 255, 255, "white, right of the red square");
      expect_at(doc, p, o.scale, &img, 125, 575, 255, 255, 255, 255, "white, below the red square");
      expect_at(doc, p, o.scale, &img, 310, 260, 255, 255, 255, 255, "white, above the blue bar");
      {
        /* The corners of the image are inside the crop box: white, opaque. */
        const unsigned char *c0 = pixel(&img, 0, 0), *c1 = pixel(&img, img.w - 1, img.h - 1);
        CHECK(bytes_are(c0, 255, 255, 255, 255, 0) && bytes_are(c1, 255, 255, 255, 255, 0),
              "page %d, scale %g: the image corners are the white background", (int)p, scales[i]);
      }
      free(img.px);
      if (i == 0) {
        o.format = PDFTOOLS_PIXEL_RGBA;
        snprintf(what, sizeof what, "render page %d at scale %g, RGBA", (int)p, scales[i]);
        if (EXPECT_OK(render(doc, p, &o, 0, 0, 0, &img), what)) {
          expect_at(doc, p, o.scale, &img, 125, 625, 255, 0, 0, 255, "red (RGBA)");
          expect_at(doc, p, o.scale, &img, 310, 220, 0, 0, 255, 255, "blue (RGBA)");
          expect_at(doc, p, o.scale, &img, 175, 625, 255, 255, 255, 255, "white (RGBA)");
          free(img.px);
        }
      }
    }
  }
  /* The shapes' extents on the unrotated page at scale 2: the red square covers display x 100..200. */
  {
    pdftools_render_options o = PDFTOOLS_RENDER_OPTIONS_INIT;
    struct image img;
    o.scale = 2.0;
    if (EXPECT_OK(render(doc, 0, &o, 0, 0, 0, &img), "render page 0 at scale 2")) {
      /* page x 100..150 -> display 50..100 -> pixels 100..200; page y 600..650 -> display 50..100. */
      CHECK(bytes_are(pixel(&img, 101, 150), 0, 0, 255, 255, 3) && bytes_are(pixel(&img, 198, 150), 0, 0, 255, 255, 3) &&
                bytes_are(pixel(&img, 150, 101), 0, 0, 255, 255, 3) &&
                bytes_are(pixel(&img, 150, 198), 0, 0, 255, 255, 3),
            "page 0, scale 2: the red square fills pixels 100..199 on both axes");
      CHECK(bytes_are(pixel(&img, 98, 150), 255, 255, 255, 255, 3) &&
                bytes_are(pixel(&img, 201, 150), 255, 255, 255, 255, 3) &&
                bytes_are(pixel(&img, 150, 98), 255, 255, 255, 255, 3) &&
                bytes_are(pixel(&img, 150, 201), 255, 255, 255, 255, 3),
            "page 0, scale 2: and no further");
      free(img.px);
    }
  }
}

/* ------------------------------------------------------------------------ */
/* 3. Tiles                                                                  */

static int tile_matches(const struct image *whole, const struct image *tile, int tx, int ty, int *bad_x, int *bad_y) {
  int x, y;
  for (y = 0; y < tile->h; y++)
    for (x = 0; x < tile->w; x++) {
      const unsigned char *a = pixel(whole, tx + x, ty + y), *b = pixel(tile, x, y);
      if (!a || !b || memcmp(a, b, 4) != 0) {
        *bad_x = x;
        *bad_y = y;
        return 0;
      }
    }
  return 1;
}

static void test_tiles(pdftools_document *doc) {
  static const int32_t pages[] = {0, 1, 2, 3, 4};
  static const double scales[] = {1.5, 1.0};
  static const int formats[] = {PDFTOOLS_PIXEL_BGRA_PREMULTIPLIED, PDFTOOLS_PIXEL_RGBA};
  size_t pi, si, fi;
  for (pi = 0; pi < sizeof pages / sizeof pages[0]; pi++)
    for (si = 0; si < sizeof scales / sizeof scales[0]; si++)
      for (fi = 0; fi < 2; fi++) {
        pdftools_render_options o = PDFTOOLS_RENDER_OPTIONS_INIT;
        struct image whole;
        int32_t p = pages[pi];
        int k, ok = 1;
        char what[128];
        if (si == 1 && p != 1) continue; /* scale 1 once, on the rotated page */
        o.scale = scales[si];
        o.format = formats[fi];
        snprintf(what, sizeof what, "whole page %d at scale %g, format %d", (int)p, o.scale, formats[fi]);
        if (!EXPECT_OK(render(doc, p, &o, 0, 0, 0, &whole), what)) continue;
        {
          /* Tiles: origin, interior (odd offsets), over the red square, the bottom-right corner. */
          int x0 = -1, y0 = -1;
          int32_t tiles[5][4];
          pixel_of(doc, p, o.scale, 110, 640, &x0, &y0);
          tiles[0][0] = 0; tiles[0][1] = 0; tiles[0][2] = 64; tiles[0][3] = 64;
          tiles[1][0] = 37; tiles[1][1] = 101; tiles[1][2] = 50; tiles[1][3] = 70;
          tiles[2][2] = 97; tiles[2][3] = 83;
          tiles[2][0] = x0 - 20 > 0 ? x0 - 20 : 0; tiles[2][1] = y0 - 20 > 0 ? y0 - 20 : 0;
          if (tiles[2][0] > whole.w - tiles[2][2]) tiles[2][0] = whole.w - tiles[2][2];
          if (tiles[2][1] > whole.h - tiles[2][3]) tiles[2][1] = whole.h - tiles[2][3];
          tiles[3][0] = whole.w - 30; tiles[3][1] = whole.h - 20; tiles[3][2] = 30; tiles[3][3] = 20;
          tiles[4][0] = 5; tiles[4][1] = 7; tiles[4][2] = 1; tiles[4][3] = 1;
          for (k = 0; k < 5; k++) {
            int extra;
            for (extra = 0; extra <= 12; extra += 12) {
              struct image tile;
              int bx = -1, by = -1;
              pdftools_status st;
              o.tile_x = tiles[k][0];
              o.tile_y = tiles[k][1];
              st = render(doc, p, &o, tiles[k][2], tiles[k][3], (size_t)extra, &tile);
              if (st != PDFTOOLS_OK || !tile_matches(&whole, &tile, tiles[k][0], tiles[k][1], &bx, &by)) {
                tc_note("page %d scale %g format %d: tile (%d,%d) %dx%d stride +%d: %s, first difference at (%d,%d)",
                        (int)p, o.scale, formats[fi], (int)tiles[k][0], (int)tiles[k][1], (int)tiles[k][2],
                        (int)tiles[k][3], extra, st_name(st), bx, by);
                ok = 0;
              }
              free(tile.px);
            }
          }
          o.tile_x = o.tile_y = 0;
        }
        CHECK(ok, "page %d, scale %g, format %d: 5 tiles (with and without stride padding) equal the whole page's "
              "pixels", (int)p, o.scale, formats[fi]);
        free(whole.px);
      }
}

/* ------------------------------------------------------------------------ */
/* 4. Backgrounds                                                            */

static void test_backgrounds(pdftools_document *doc) {
  pdftools_render_options o = PDFTOOLS_RENDER_OPTIONS_INIT;
  struct image img;
  int32_t p;
  for (p = 0; p < 4; p += 3) {
    o.background = 0;
    o.format = PDFTOOLS_PIXEL_BGRA_PREMULTIPLIED;
    if (EXPECT_OK(render(doc, p, &o, 0, 0, 0, &img), "render with a transparent background (BGRA)")) {
      expect_at(doc, p, 1.0, &img, 400, 400, 0, 0, 0, 0, "transparent (premultiplied: all bytes 0)");
      expect_at(doc, p, 1.0, &img, 125, 625, 0, 0, 255, 255, "opaque red");
      CHECK(bytes_are(pixel(&img, 0, 0), 0, 0, 0, 0, 0), "page %d: the corner pixel has alpha 0", (int)p);
      free(img.px);
    }
    o.format = PDFTOOLS_PIXEL_RGBA;
    if (EXPECT_OK(render(doc, p, &o, 0, 0, 0, &img), "render with a transparent background (RGBA)")) {
      const unsigned char *c = pixel(&img, 3, 3);
      CHECK(c && c[3] == 0, "page %d: an empty RGBA pixel has alpha 0 (%d)", (int)p, c ? c[3] : -1);
      expect_at(doc, p, 1.0, &img, 125, 625, 255, 0, 0, 255, "opaque red (RGBA)");
      free(img.px);
    }
  }
  o.background = 0xFF00FF00u; /* opaque green */
  o.format = PDFTOOLS_PIXEL_BGRA_PREMULTIPLIED;
  if (EXPECT_OK(render(doc, 0, &o, 0, 0, 0, &img), "render with an opaque green background")) {
    expect_at(doc, 0, 1.0, &img, 400, 400, 0, 255, 0, 255, "the green background (BGRA)");
    expect_at(doc, 0, 1.0, &img, 125, 625, 0, 0, 255, 255, "red over it");
    free(img.px);
  }
  o.background = 0x80FF0000u; /* half-transparent red */
  if (EXPECT_OK(render(doc, 0, &o, 0, 0, 0, &img), "render with a half-transparent red background (BGRA)")) {
    expect_at(doc, 0, 1.0, &img, 400, 400, 0, 0, 128, 128, "premultiplied half red");
    free(img.px);
  }
  o.format = PDFTOOLS_PIXEL_RGBA;
  if (EXPECT_OK(render(doc, 0, &o, 0, 0, 0, &img), "render with a half-transparent red background (RGBA)")) {
    expect_at(doc, 0, 1.0, &img, 400, 400, 255, 0, 0, 128, "straight half red");
    free(img.px);
  }
}

/* ------------------------------------------------------------------------ */
/* 5. Annotations                                                            */

static void test_annotations(pdftools_document *doc) {
  pdftools_render_options o = PDFTOOLS_RENDER_OPTIONS_INIT;
  struct image img;
  pdftools_annotation_id ids[4];
  int32_t n = 0;
  const int32_t p = ANNOT_PAGE;

  if (EXPECT_OK(render(doc, p, &o, 0, 0, 0, &img), "render the annotated page with annotations")) {
    expect_at(doc, p, 1.0, &img, 150, 150, 255, 0, 0, 255, "the annotation's blue");
    expect_at(doc, p, 1.0, &img, 40, 40, 0, 255, 0, 255, "the content's green");
    free(img.px);
  }
  if (EXPECT_OK(render(doc, p, NULL, 0, 0, 0, &img), "render the annotated page with options NULL")) {
    CHECK(img.w == 200 && img.h == 200, "options NULL: scale 1 (200 x 200)");
    expect_at(doc, p, 1.0, &img, 150, 150, 255, 0, 0, 255, "options NULL draws annotations: blue (BGRA)");
    expect_at(doc, p, 1.0, &img, 100, 100, 255, 255, 255, 255, "options NULL: white background");
    free(img.px);
  }
  o.draw_annotations = 0;
  if (EXPECT_OK(render(doc, p, &o, 0, 0, 0, &img), "render the annotated page without annotations")) {
    expect_at(doc, p, 1.0, &img, 150, 150, 255, 255, 255, 255, "white: draw_annotations 0 hides the annotation");
    expect_at(doc, p, 1.0, &img, 40, 40, 0, 255, 0, 255, "the content's green still drawn");
    free(img.px);
  }
  o.draw_annotations = 7;
  if (EXPECT_OK(render(doc, p, &o, 0, 0, 0, &img), "render with draw_annotations 7 (any nonzero)")) {
    expect_at(doc, p, 1.0, &img, 150, 150, 255, 0, 0, 255, "blue: any nonzero value draws annotations");
    free(img.px);
  }
  o.draw_annotations = 1;

  /* Unsaved changes are shown: move the annotation, then delete it. */
  if (!CHECK(pdftools_page_get_annotations(doc, p, ids, 4, &n) == PDFTOOLS_OK && n == 1, "the page has 1 annotation"))
    return;
  EXPECT_OK(pdftools_annotation_set_raw(doc, ids[0], "Rect", "[20 120 80 180]"), "move the annotation (set_raw /Rect)");
  if (EXPECT_OK(render(doc, p, &o, 0, 0, 0, &img), "render after moving the annotation")) {
    expect_at(doc, p, 1.0, &img, 50, 150, 255, 0, 0, 255, "blue at the new place");
    expect_at(doc, p, 1.0, &img, 150, 150, 255, 255, 255, 255, "white at the old place");
    free(img.px);
  }
  EXPECT_OK(pdftools_annotation_delete(doc, ids[0]), "delete the annotation");
  if (EXPECT_OK(render(doc, p, &o, 0, 0, 0, &img), "render after deleting the annotation")) {
    expect_at(doc, p, 1.0, &img, 50, 150, 255, 255, 255, 255, "white: the deleted annotation is gone");
    expect_at(doc, p, 1.0, &img, 40, 40, 0, 255, 0, 255, "the content's green still drawn");
    free(img.px);
  }
}

/* Renders page p of doc and of a fresh read of doc saved to memory (whole, and
 * the tile at (30, 40) of 120 x 90 pixels); checks that both show the same
 * pixels. */
static void expect_like_saved(pdftools_document *doc, int32_t p, const char *what) {
  pdftools_render_options o = PDFTOOLS_RENDER_OPTIONS_INIT;
  void *bytes = NULL;
  size_t size = 0;
  pdftools_document *copy = NULL;
  struct image shown, fresh;
  if (!CHECK((pdftools_document_save_to_memory(doc, NULL, &bytes, &size)) == PDFTOOLS_OK, "%s: save to memory", what)) return;
  if (CHECK((pdftools_document_open_from_memory(bytes, size, NULL, &copy)) == PDFTOOLS_OK, "%s: open the saved bytes", what)) {
    int tile;
    for (tile = 0; tile < 2; tile++) {
      o.tile_x = tile ? 30 : 0;
      o.tile_y = tile ? 40 : 0;
      if (CHECK((render(doc, p, &o, tile ? 120 : 0, tile ? 90 : 0, 0, &shown)) == PDFTOOLS_OK, "%s: render", what)) {
        if (CHECK((render(copy, p, &o, tile ? 120 : 0, tile ? 90 : 0, 0, &fresh)) == PDFTOOLS_OK, "%s: render the copy", what)) {
          CHECK(shown.w == fresh.w && shown.h == fresh.h &&
                    memcmp(shown.px, fresh.px, shown.stride * (size_t)shown.h) == 0,
                "%s: page %d%s shows what a fresh read of the saved document shows", what, (int)p,
                tile ? " (tile)" : "");
          free(fresh.px);
        }
        free(shown.px);
      }
    }
    pdftools_document_close(copy);
  }
  pdftools_free(bytes);
}

/* Annotations added to pages already shown (every rotation, the crop box and
 * UserUnit) are drawn as a fresh read of the saved document draws them, edit
 * after edit. */
static void test_edits_on_shown_pages(void) {
  size_t size = 0;
  unsigned char *pdf = make_pdf(&size);
  pdftools_document *doc = NULL;
  int32_t p;
  if (!CHECK((pdftools_document_open_from_memory(pdf, size, NULL, &doc)) == PDFTOOLS_OK, "open the generated PDF again")) {
    free(pdf);
    return;
  }
  for (p = 0; p < 5; p++) {
    pdftools_render_options o = PDFTOOLS_RENDER_OPTIONS_INIT;
    struct image img;
    pdftools_annotation_id id = 0;
    pdftools_rect rect = {150, 300, 260, 380};
    pdftools_color teal = {0, 0.5, 0.5};
    char what[64];
    snprintf(what, sizeof what, "page %d", (int)p);
    if (CHECK((render(doc, p, &o, 0, 0, 0, &img)) == PDFTOOLS_OK, "%s: first render", what)) free(img.px);
    if (!CHECK((pdftools_annotation_create(doc, p, "Square", rect, &id)) == PDFTOOLS_OK, "%s: add a Square", what)) continue;
    CHECK((pdftools_annotation_set_color(doc, id, PDFTOOLS_COLOR_INTERIOR, &teal)) == PDFTOOLS_OK, "%s: fill it", what);
    expect_like_saved(doc, p, what);
    CHECK((pdftools_annotation_set_raw(doc, id, "Rect", "[300 100 400 160]")) == PDFTOOLS_OK, "%s: move it", what);
    expect_like_saved(doc, p, what);
    CHECK((pdftools_annotation_delete(doc, id)) == PDFTOOLS_OK, "%s: delete it", what);
    expect_like_saved(doc, p, what);
  }
  pdftools_document_close(doc);
  free(pdf);
}

/* ------------------------------------------------------------------------ */
/* 6. Bad arguments                                                          */

static void test_bad_arguments(pdftools_document *doc) {
  enum { W = 20, H = 10 };
  unsigned char px[(W * 4 + 8) * H];
  pdftools_render_options good = PDFTOOLS_RENDER_OPTIONS_INIT, o;
  size_t i;
  int untouched;
  struct bad_opt {
    const char *what;
    uint32_t version;
    double scale;
    int32_t format;
  };
  static const struct bad_opt bad[] = {
      {"scale 0", PDFTOOLS_RENDER_OPTIONS_VERSION, 0.0, 0},
      {"scale -1", PDFTOOLS_RENDER_OPTIONS_VERSION, -1.0, 0},
      {"scale 64.5", PDFTOOLS_RENDER_OPTIONS_VERSION, 64.5, 0},
      {"scale 1000", PDFTOOLS_RENDER_OPTIONS_VERSION, 1000.0, 0},
      {"format 2", PDFTOOLS_RENDER_OPTIONS_VERSION, 1.0, 2},
      {"format -1", PDFTOOLS_RENDER_OPTIONS_VERSION, 1.0, -1},
      {"version 0", 0, 1.0, 0},
      {"version 2 (newer than the header)", PDFTOOLS_RENDER_OPTIONS_VERSION + 1, 1.0, 0},
      {"version 0xFFFFFFFF", 0xFFFFFFFFu, 1.0, 0},
  };
#define BAD_RENDER(call, want, name)                                        \
  do {                                                                      \
    memset(px, 0x5A, sizeof px);                                            \
    EXPECT_STATUS((call), (want), name);                                    \
    untouched = 1;                                                          \
    for (i = 0; i < sizeof px; i++) untouched &= px[i] == 0x5A;             \
    CHECK(untouched, "%s: the buffer is left untouched", name);             \
  } while (0)

  BAD_RENDER(pdftools_page_render(doc, 0, &good, NULL, W, H, W * 4), PDFTOOLS_E_INVALID_ARGUMENT, "render: NULL buffer");
  BAD_RENDER(pdftools_page_render(doc, 0, &good, px, 0, H, W * 4), PDFTOOLS_E_INVALID_ARGUMENT, "render: width 0");
  BAD_RENDER(pdftools_page_render(doc, 0, &good, px, W, 0, W * 4), PDFTOOLS_E_INVALID_ARGUMENT, "render: height 0");
  BAD_RENDER(pdftools_page_render(doc, 0, &good, px, -W, H, W * 4), PDFTOOLS_E_INVALID_ARGUMENT, "render: width -20");
  BAD_RENDER(pdftools_page_render(doc, 0, &good, px, W, -1, W * 4), PDFTOOLS_E_INVALID_ARGUMENT, "render: height -1");
  BAD_RENDER(pdftools_page_render(doc, 0, &good, px, W, H, W * 4 - 4), PDFTOOLS_E_INVALID_ARGUMENT,
             "render: stride below width * 4");
  BAD_RENDER(pdftools_page_render(doc, 0, &good, px, W, H, 0), PDFTOOLS_E_INVALID_ARGUMENT, "render: stride 0");
  BAD_RENDER(pdftools_page_render(doc, 0, &good, px, W, H, W * 4 + 2), PDFTOOLS_E_INVALID_ARGUMENT,
             "render: stride not a multiple of 4");
  BAD_RENDER(pdftools_page_render(doc, 0, &good, px, W, H, W * 4 + 1), PDFTOOLS_E_INVALID_ARGUMENT,
             "render: odd stride");
  for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    char what[96];
    size_t j;
    o = good;
    o.version = bad[i].version;
    o.scale = bad[i].scale;
    o.format = bad[i].format;
    snprintf(what, sizeof what, "render: options %s", bad[i].what);
    memset(px, 0x5A, sizeof px);
    EXPECT_STATUS(pdftools_page_render(doc, 0, &o, px, W, H, W * 4), PDFTOOLS_E_INVALID_ARGUMENT, what);
    untouched = 1;
    for (j = 0; j < sizeof px; j++) untouched &= px[j] == 0x5A;
    CHECK(untouched, "%s: the buffer is left untouched", what);
  }
  o = good;
  o.scale = NAN;
  BAD_RENDER(pdftools_page_render(doc, 0, &o, px, W, H, W * 4), PDFTOOLS_E_INVALID_ARGUMENT, "render: scale NaN");
  o.scale = INFINITY;
  BAD_RENDER(pdftools_page_render(doc, 0, &o, px, W, H, W * 4), PDFTOOLS_E_INVALID_ARGUMENT, "render: scale infinity");
  o.scale = -0.0;
  BAD_RENDER(pdftools_page_render(doc, 0, &o, px, W, H, W * 4), PDFTOOLS_E_INVALID_ARGUMENT, "render: scale -0");
  BAD_RENDER(pdftools_page_render(doc, NPAGES, &good, px, W, H, W * 4), PDFTOOLS_E_OUT_OF_RANGE,
             "render: page index = page count");
  BAD_RENDER(pdftools_page_render(doc, -1, &good, px, W, H, W * 4), PDFTOOLS_E_OUT_OF_RANGE, "render: page -1");
  BAD_RENDER(pdftools_page_render(doc, INT32_MAX, NULL, px, W, H, W * 4), PDFTOOLS_E_OUT_OF_RANGE,
             "render: page INT32_MAX, options NULL");
  BAD_RENDER(pdftools_page_render(NULL, 0, &good, px, W, H, W * 4), PDFTOOLS_E_INVALID_HANDLE, "render: NULL document");
#undef BAD_RENDER

  /* The limits themselves are fine. */
  o = good;
  o.scale = 64.0;
  EXPECT_OK(pdftools_page_render(doc, 0, &o, px, W, H, W * 4), "render: scale 64 (the maximum), a small tile");
  o.scale = 0.001;
  EXPECT_OK(pdftools_page_render(doc, 0, &o, px, 1, 1, 4), "render: scale 0.001, 1 x 1 pixel, stride 4");
  EXPECT_OK(pdftools_page_render(doc, 0, &good, px, W, H, W * 4 + 8), "render: stride with 8 bytes of padding");
}

/* ------------------------------------------------------------------------ */
/* 7. New documents                                                          */

static void test_new_document(void) {
  pdftools_document *doc = NULL;
  struct image img;
  if (!EXPECT_OK(pdftools_document_new(&doc), "new document")) return;
  EXPECT_STATUS(pdftools_page_get_render_size(doc, 0, 1.0, NULL, NULL), PDFTOOLS_E_OUT_OF_RANGE,
                "render_size of a document without pages");
  EXPECT_OK(pdftools_document_insert_blank_page(doc, 0, 100, 50), "insert a 100 x 50 page");
  if (EXPECT_OK(render(doc, 0, NULL, 0, 0, 0, &img), "render the unsaved blank page")) {
    int x, y, white = 1;
    CHECK(img.w == 100 && img.h == 50, "100 x 50 pixels (%dx%d)", (int)img.w, (int)img.h);
    for (y = 0; y < img.h; y++)
      for (x = 0; x < img.w; x++) white &= bytes_are(pixel(&img, x, y), 255, 255, 255, 255, 0);
    CHECK(white, "the blank page is all white");
    free(img.px);
  }
  pdftools_document_close(doc);
}

/* ------------------------------------------------------------------------ */

int main(int argc, char **argv) {
  pdftools_document *doc = NULL;
  size_t size = 0;
  unsigned char *pdf = make_pdf(&size);
  if (argc == 3 && strcmp(argv[1], "--write") == 0) {
    if (tc_write_file(argv[2], pdf, size) != 0) fprintf(stderr, "cannot write %s\n", argv[2]);
  }
  printf("libpdftools %s, generated PDF of %lu bytes\n", pdftools_version_string(), (unsigned long)size);
  if (EXPECT_OK(pdftools_document_open_from_memory(pdf, size, NULL, &doc), "open the generated PDF")) {
    int32_t n = 0, repaired = -1;
    pdftools_document_get_page_count(doc, &n);
    pdftools_document_was_repaired(doc, &repaired);
    if (CHECK(n == NPAGES && repaired == 0, "%d pages, not repaired (%d, %d)", NPAGES, (int)n, (int)repaired)) {
      test_sizes(doc);
      test_positions(doc);
      test_tiles(doc);
      test_backgrounds(doc);
      test_bad_arguments(doc);
      test_annotations(doc);
    }
    pdftools_document_close(doc);
  }
  test_new_document();
  test_edits_on_shown_pages();
  free(pdf);
  return tc_finish();
}

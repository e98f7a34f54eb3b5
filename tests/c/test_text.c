/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * test_text.c — the text, selection and search API of libpdftools, checked
 * against a PDF this program writes itself (bytes and xref computed here),
 * so every expected figure is known exactly:
 *
 *   - five pages, MediaBox [0 0 612 792], CropBox [50 60 500 700]; pages 0-3
 *     with /Rotate 0, 90, 180, 270, page 4 unrotated with /UserUnit 2;
 *   - on each page three lines of 12 pt Courier (advance 0.6 x 12 = 7.2 pt per
 *     glyph, so the x-extent of every glyph is known), every word placed on its
 *     own with a text matrix, so the spaces between words and the line breaks
 *     have no glyph (generated separators: WHITESPACE|GENERATED, a space's box
 *     the gap between its words, a line break's an empty box at the end of the
 *     glyph before it; selection rects leave them out):
 *         y = 600  "Hello world foobar foo"
 *         y = 560  "resume résumé HELLO exam-"      (é = WinAnsi \351)
 *         y = 520  "ple world end"
 *     each word starting at x = 100 + 7.2 * (its column in the line).
 *
 * Reading order does not depend on /Rotate: pages 0-3 give the same text.
 * Checked through the C API: page text, characters (codepoints, boxes, flags,
 * word and line indices), words and lines, fonts, page <-> display conversion
 * against an independent formula per rotation, hit tests, selections (page and
 * display space, char/word/line granularity, reversed drags, across pages),
 * selection rectangles, quads and text, search and find-next (case, whole
 * words, across line breaks, diacritics, hyphens, page ranges), bad input, a
 * blank page, and 8 threads selecting and searching on a shared document and
 * on their own documents.
 *
 * Usage: test_text [--write FILE]   (--write also saves the generated PDF)
 * Iterations per thread: $PDFTOOLS_STRESS_ITERATIONS (default 1000).
 * Prints one line per check and a last line "N passed, M failed"; exits 1 if
 * any check failed.
 */
#define _XOPEN_SOURCE 700

#include "test_common.h"

#include <math.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------------ */
/* The generated document                                                    */

#define NPAGES 5
#define NLINES 3
#define FONT_SIZE 12.0
#define ADVANCE 7.2 /* Courier: 600/1000 em */
#define LEFT 100.0
#define EPS 0.5 /* tolerance for glyph extents, in points */

static const double BASELINE[NLINES] = {600.0, 560.0, 520.0};
/* The lines as the PDF holds them (WinAnsi / Latin-1 bytes). */
static const char *const LINE_BYTES[NLINES] = {"Hello world foobar foo", "resume r\351sum\351 HELLO exam-",
                                               "ple world end"};
/* The page's plain text as the library should give it (UTF-8). */
static const char PAGE_TEXT[] =
    "Hello world foobar foo\nresume r\xc3\xa9sum\xc3\xa9 HELLO exam-\nple world end";

static const double CROP[4] = {50.0, 60.0, 500.0, 700.0};

/* Derived layout: character index of each line's first character etc. */
static int g_line_len[NLINES];
static int g_line_start[NLINES];
static int g_nchars;
static int g_nwords;
static int g_word_start[32], g_word_end[32], g_word_line[32];

static void init_layout(void) {
  int l, j, at = 0;
  g_nwords = 0;
  for (l = 0; l < NLINES; l++) {
    g_line_len[l] = (int)strlen(LINE_BYTES[l]);
    g_line_start[l] = at;
    for (j = 0; j < g_line_len[l]; j++) {
      if (LINE_BYTES[l][j] != ' ' && (j == 0 || LINE_BYTES[l][j - 1] == ' ')) {
        g_word_start[g_nwords] = at + j;
        g_word_line[g_nwords] = l;
      }
      if (LINE_BYTES[l][j] != ' ' && (j + 1 == g_line_len[l] || LINE_BYTES[l][j + 1] == ' ')) {
        g_word_end[g_nwords] = at + j + 1;
        g_nwords++;
      }
    }
    at += g_line_len[l] + (l + 1 < NLINES ? 1 : 0); /* '\n' between lines */
  }
  g_nchars = at;
}

/* Character index of column col of line l. */
static int char_index(int l, int col) { return g_line_start[l] + col; }

/* x of the left edge of column col. */
static double col_x(int col) { return LEFT + ADVANCE * col; }

/* A point inside column col of line l at fraction fx of the glyph's width. */
static pdftools_point glyph_point(int l, int col, double fx) {
  pdftools_point p;
  p.x = col_x(col) + ADVANCE * fx;
  p.y = BASELINE[l] + 0.3 * FONT_SIZE;
  return p;
}

/* ---- a growing byte buffer ---- */

/* The content stream of one page: every word with its own text matrix. */
static void page_content(tc_buf *c) {
  int l, j;
  tc_buf_printf(c, "BT\n/F1 %.1f Tf\n", FONT_SIZE);
  for (l = 0; l < NLINES; l++) {
    const char *s = LINE_BYTES[l];
    for (j = 0; j < g_line_len[l]; j++) {
      if (s[j] == ' ' || (j > 0 && s[j - 1] != ' ')) continue;
      tc_buf_printf(c, "1 0 0 1 %.2f %.2f Tm (", col_x(j), BASELINE[l]);
      while (j < g_line_len[l] && s[j] != ' ') {
        unsigned char ch = (unsigned char)s[j];
        if (ch >= 0x80 || ch == '(' || ch == ')' || ch == '\\')
          tc_buf_printf(c, "\\%03o", ch);
        else
          tc_buf_append(c, &s[j], 1);
        j++;
      }
      tc_buf_printf(c, ") Tj\n");
    }
  }
  tc_buf_printf(c, "ET\n");
}

/* Writes the whole PDF (header, objects, xref table, trailer). */
static unsigned char *make_pdf(size_t *out_size) {
  tc_buf b = {0, 0, 0};
  tc_buf content = {0, 0, 0};
  long offsets[4 + 2 * NPAGES];
  int nobj = 3 + 2 * NPAGES, i, p;
  long xref;

  page_content(&content);
  tc_buf_printf(&b, "%%PDF-1.7\n%%\342\343\317\323\n");
  offsets[1] = (long)b.len;
  tc_buf_printf(&b, "1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n");
  offsets[2] = (long)b.len;
  tc_buf_printf(&b, "2 0 obj\n<< /Type /Pages /Count %d /Kids [", NPAGES);
  for (p = 0; p < NPAGES; p++) tc_buf_printf(&b, " %d 0 R", 4 + 2 * p);
  tc_buf_printf(&b, " ] >>\nendobj\n");
  offsets[3] = (long)b.len;
  tc_buf_printf(&b, "3 0 obj\n<< /Type /Font /Subtype /Type1 /BaseFont /Courier /Encoding /WinAnsiEncoding >>\n"
                 "endobj\n");
  for (p = 0; p < NPAGES; p++) {
    int rot = p < 4 ? 90 * p : 0;
    offsets[4 + 2 * p] = (long)b.len;
    tc_buf_printf(&b,
               "%d 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /CropBox [%g %g %g %g]"
               " /Rotate %d%s /Resources << /Font << /F1 3 0 R >> >> /Contents %d 0 R >>\nendobj\n",
               4 + 2 * p, CROP[0], CROP[1], CROP[2], CROP[3], rot, p == 4 ? " /UserUnit 2" : "", 5 + 2 * p);
    offsets[5 + 2 * p] = (long)b.len;
    tc_buf_printf(&b, "%d 0 obj\n<< /Length %lu >>\nstream\n", 5 + 2 * p, (unsigned long)content.len);
    tc_buf_append(&b, content.data, content.len);
    tc_buf_printf(&b, "endstream\nendobj\n");
  }
  xref = (long)b.len;
  tc_buf_printf(&b, "xref\n0 %d\n0000000000 65535 f \n", nobj + 1);
  for (i = 1; i <= nobj; i++) tc_buf_printf(&b, "%010ld 00000 n \n", offsets[i]);
  tc_buf_printf(&b, "trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%ld\n%%%%EOF\n", nobj + 1, xref);
  free(content.data);
  *out_size = b.len;
  return (unsigned char *)b.data;
}

/* ------------------------------------------------------------------------ */
/* An independent page <-> display formula                                   */

struct geom {
  int rot;
  double u;
};

static struct geom page_geom(int page) {
  struct geom g;
  g.rot = page < 4 ? 90 * page : 0;
  g.u = page == 4 ? 2.0 : 1.0;
  return g;
}

static pdftools_point my_to_display(int page, pdftools_point p) {
  struct geom g = page_geom(page);
  pdftools_point d;
  double cx0 = CROP[0], cy0 = CROP[1], cx1 = CROP[2], cy1 = CROP[3];
  switch (g.rot) {
  case 0: d.x = p.x - cx0; d.y = cy1 - p.y; break;
  case 90: d.x = p.y - cy0; d.y = p.x - cx0; break;
  case 180: d.x = cx1 - p.x; d.y = p.y - cy0; break;
  default: d.x = cy1 - p.y; d.y = cx1 - p.x; break;
  }
  d.x *= g.u;
  d.y *= g.u;
  return d;
}

static void my_display_size(int page, double *w, double *h) {
  struct geom g = page_geom(page);
  double cw = CROP[2] - CROP[0], ch = CROP[3] - CROP[1];
  *w = (g.rot % 180 ? ch : cw) * g.u;
  *h = (g.rot % 180 ? cw : ch) * g.u;
}

static pdftools_rect my_rect_to_display(int page, pdftools_rect r) {
  pdftools_point c[4];
  pdftools_rect o;
  int i;
  c[0].x = r.x0; c[0].y = r.y0;
  c[1].x = r.x1; c[1].y = r.y0;
  c[2].x = r.x0; c[2].y = r.y1;
  c[3].x = r.x1; c[3].y = r.y1;
  for (i = 0; i < 4; i++) c[i] = my_to_display(page, c[i]);
  o.x0 = o.x1 = c[0].x;
  o.y0 = o.y1 = c[0].y;
  for (i = 1; i < 4; i++) {
    if (c[i].x < o.x0) o.x0 = c[i].x;
    if (c[i].x > o.x1) o.x1 = c[i].x;
    if (c[i].y < o.y0) o.y0 = c[i].y;
    if (c[i].y > o.y1) o.y1 = c[i].y;
  }
  return o;
}

/* A point given in page space, expressed in space. */
static pdftools_point in_space(int page, pdftools_space space, pdftools_point p) {
  return space == PDFTOOLS_SPACE_DISPLAY ? my_to_display(page, p) : p;
}

static const char *space_name(pdftools_space s) { return s == PDFTOOLS_SPACE_DISPLAY ? "display" : "page"; }

static int near_pt(pdftools_point a, pdftools_point b, double eps) {
  return tc_near(a.x, b.x, eps) && tc_near(a.y, b.y, eps);
}

static int near_rect(pdftools_rect a, pdftools_rect b, double eps) {
  return tc_near(a.x0, b.x0, eps) && tc_near(a.y0, b.y0, eps) && tc_near(a.x1, b.x1, eps) &&
         tc_near(a.y1, b.y1, eps);
}

static int same_sel(pdftools_selection a, pdftools_selection b) {
  return a.start_page == b.start_page && a.start_char == b.start_char && a.end_page == b.end_page &&
         a.end_char == b.end_char;
}

static pdftools_selection sel(int sp, int sc, int ep, int ec) {
  pdftools_selection s;
  s.start_page = sp;
  s.start_char = sc;
  s.end_page = ep;
  s.end_char = ec;
  return s;
}

/* ------------------------------------------------------------------------ */
/* Small wrappers                                                            */

static pdftools_char_info *get_chars(pdftools_document *doc, int page, int32_t *n) {
  pdftools_char_info *c;
  *n = 0;
  if (pdftools_page_get_chars(doc, page, sizeof(pdftools_char_info), NULL, 0, n) != PDFTOOLS_OK) return NULL;
  c = (pdftools_char_info *)calloc(*n ? *n : 1, sizeof *c);
  if (pdftools_page_get_chars(doc, page, sizeof(pdftools_char_info), c, *n, n) != PDFTOOLS_OK) {
    free(c);
    return NULL;
  }
  return c;
}

static int get_units(pdftools_document *doc, int page, int lines, pdftools_text_range *buf, int32_t cap,
                     int32_t *n) {
  *n = 0;
  return pdftools_page_get_text_units(doc, page, lines ? PDFTOOLS_GRANULARITY_LINE : PDFTOOLS_GRANULARITY_WORD, buf,
                                      cap, n) == PDFTOOLS_OK;
}

static char *get_page_text(pdftools_document *doc, int page) {
  size_t need = 0;
  char *t;
  if (pdftools_page_get_text(doc, page, NULL, 0, &need) != PDFTOOLS_OK || need == 0) return NULL;
  t = (char *)malloc(need);
  if (pdftools_page_get_text(doc, page, t, need, &need) != PDFTOOLS_OK) {
    free(t);
    return NULL;
  }
  return t;
}

static char *get_sel_text(pdftools_document *doc, pdftools_selection s) {
  size_t need = 0;
  char *t;
  if (pdftools_selection_get_text(doc, &s, NULL, 0, &need) != PDFTOOLS_OK || need == 0) return NULL;
  t = (char *)malloc(need);
  if (pdftools_selection_get_text(doc, &s, t, need, &need) != PDFTOOLS_OK) {
    free(t);
    return NULL;
  }
  return t;
}

/* The union of the glyph boxes of chars [a, b) (generated ones excluded). */
static pdftools_rect glyph_union(const pdftools_char_info *c, int a, int b) {
  pdftools_rect r = {0, 0, 0, 0};
  int i, first = 1;
  for (i = a; i < b; i++) {
    if (c[i].flags & PDFTOOLS_CHAR_GENERATED) continue;
    if (first) {
      r = c[i].box;
      first = 0;
    } else {
      if (c[i].box.x0 < r.x0) r.x0 = c[i].box.x0;
      if (c[i].box.y0 < r.y0) r.y0 = c[i].box.y0;
      if (c[i].box.x1 > r.x1) r.x1 = c[i].box.x1;
      if (c[i].box.y1 > r.y1) r.y1 = c[i].box.y1;
    }
  }
  return r;
}

static const char *g_status_names[] = {"OK", "INVALID_ARGUMENT", "INVALID_HANDLE", "OUT_OF_RANGE",
                                       "BUFFER_TOO_SMALL", "NOT_FOUND", "UNSUPPORTED", "NOT_PERMITTED"};
static const char *st_name(pdftools_status st) {
  int i = -(int)st;
  return i >= 0 && i < 8 ? g_status_names[i] : pdftools_status_string(st);
}

/* ------------------------------------------------------------------------ */
/* 1. The document itself                                                    */

static void test_document(pdftools_document *doc) {
  int32_t n = 0, p;
  EXPECT_OK(pdftools_document_get_page_count(doc, &n), "generated PDF: page_count");
  CHECK(n == NPAGES, "generated PDF has %d pages (%d)", NPAGES, (int)n);
  for (p = 0; p < NPAGES && p < n; p++) {
    int32_t rot = -1;
    double uu = 0, w = 0, h = 0, ww, wh;
    pdftools_rect crop;
    pdftools_page_get_rotation(doc, p, &rot);
    pdftools_page_get_user_unit(doc, p, &uu);
    pdftools_page_get_size(doc, p, &w, &h);
    pdftools_page_get_box(doc, p, PDFTOOLS_BOX_CROP, &crop);
    my_display_size(p, &ww, &wh);
    CHECK(rot == page_geom(p).rot && uu == page_geom(p).u && tc_near(w, ww, 1e-9) && tc_near(h, wh, 1e-9) &&
              crop.x0 == CROP[0] && crop.y0 == CROP[1] && crop.x1 == CROP[2] && crop.y1 == CROP[3],
          "page %d: rotation %d, user unit %g, display size %gx%g, crop box as written", (int)p, (int)rot, uu, w, h);
  }
}

/* ------------------------------------------------------------------------ */
/* 2. Page text                                                              */

static void test_page_text(pdftools_document *doc) {
  int p;
  for (p = 0; p < NPAGES; p++) {
    size_t need = 0, need2 = 0;
    char small[8];
    char *t;
    EXPECT_OK(pdftools_page_get_text(doc, p, NULL, 0, &need), "page_text(NULL) for the size");
    CHECK(need == sizeof PAGE_TEXT, "page %d: text size %zu including the NUL (%zu)", p, sizeof PAGE_TEXT, need);
    memset(small, 'x', sizeof small);
    EXPECT_STATUS(pdftools_page_get_text(doc, p, small, sizeof small, &need2), PDFTOOLS_E_BUFFER_TOO_SMALL,
                  "page_text with an 8-byte buffer");
    CHECK(need2 == need && memcmp(small, "xxxxxxxx", 8) == 0,
          "page %d: too small buffer left untouched, size needed still reported (%zu)", p, need2);
    t = get_page_text(doc, p);
    CHECK(t && strcmp(t, PAGE_TEXT) == 0, "page %d (rotation %d%s): page text is the three lines joined by '\\n' "
          "(\"%s\")", p, page_geom(p).rot, p == 4 ? ", UserUnit 2" : "", t ? t : "(null)");
    free(t);
  }
}

/* Reading order does not depend on /Rotate: pages 0-3 differ only in their rotation. */
static void test_rotation_independent(pdftools_document *doc) {
  int32_t n = 0, i, n0 = 0;
  pdftools_char_info *c0 = get_chars(doc, 0, &n0), *c;
  char *t0 = get_page_text(doc, 0);
  int p;
  for (p = 1; p < NPAGES; p++) {
    char *t = get_page_text(doc, p);
    int same = c0 != NULL, boxes = 1;
    CHECK(t0 && t && strcmp(t0, t) == 0, "page %d (rotation %d%s) gives the same text as page 0", p, page_geom(p).rot,
          p == 4 ? ", UserUnit 2" : "");
    free(t);
    c = get_chars(doc, p, &n);
    same = same && c && n == n0;
    for (i = 0; same && i < n; i++) {
      same = c[i].codepoint == c0[i].codepoint && c[i].flags == c0[i].flags && c[i].word_index == c0[i].word_index &&
             c[i].line_index == c0[i].line_index;
      boxes &= near_rect(c[i].box, c0[i].box, 1e-6);
    }
    CHECK(same, "page %d: the same characters in the same order, flags, words and lines as page 0", p);
    CHECK(same && boxes, "page %d: the same page-space boxes as page 0", p);
    free(c);
  }
  free(c0);
  free(t0);
}

/* ------------------------------------------------------------------------ */
/* 3. Characters, words, lines, fonts                                        */

static void test_chars(pdftools_document *doc) {
  int p;
  for (p = 0; p < NPAGES; p++) {
    int32_t i;
    int32_t n2 = 0;
    int32_t n = 0;
    pdftools_char_info few[4], sentinel;
    pdftools_char_info *c;
    int l, k, bad_cp = 0, bad_box = 0, bad_y = 0, bad_flags = 0, bad_word = 0, bad_line = 0, bad_size = 0,
              bad_gen = 0, bad_end = 0, bad_sep_box = 0;
    char first_bad[200] = "", first_sep[200] = "";

    EXPECT_OK(pdftools_page_get_chars(doc, p, sizeof(pdftools_char_info), NULL, 0, &n), "page_chars(NULL) counts");
    CHECK((int)n == g_nchars, "page %d: %d characters (glyphs + generated separators) (%d)", p, g_nchars, n);
    memset(few, 0xAB, sizeof few);
    memset(&sentinel, 0xAB, sizeof sentinel);
    EXPECT_STATUS(pdftools_page_get_chars(doc, p, sizeof(pdftools_char_info), few, 4, &n2), PDFTOOLS_E_BUFFER_TOO_SMALL,
                  "page_chars with capacity 4");
    CHECK(n2 == n && memcmp(&few[0], &sentinel, sizeof sentinel) == 0 && memcmp(&few[3], &sentinel, sizeof sentinel) == 0,
          "page %d: capacity 4 < %d: total reported, nothing copied", p, n);
    c = get_chars(doc, p, &n);
    if (!CHECK(c != NULL && (int)n == g_nchars, "page %d: all characters fetched", p)) {
      free(c);
      continue;
    }
    if (p == 0) {
      /* A caller whose struct is longer (a later header) gets elements at its own stride, each
       * written only as far as this library's struct goes; one whose struct is shorter than the
       * first version is refused. */
      size_t stride = sizeof(pdftools_char_info) + 24;
      int32_t j, kept = 0, same = 0;
      int32_t m = 0;
      unsigned char *wide = malloc(stride * n);
      if (CHECK(wide != NULL, "page 0: a wide buffer")) {
        memset(wide, 0xCD, stride * n);
        EXPECT_OK(pdftools_page_get_chars(doc, 0, stride, (pdftools_char_info *)(void *)wide, n, &m),
                  "page_chars with a larger element size");
        for (j = 0; j < n; j++) {
          pdftools_char_info one;
          memcpy(&one, wide + j * stride, sizeof one);
          same += one.codepoint == c[j].codepoint && one.line_index == c[j].line_index;
          kept += wide[j * stride + sizeof(pdftools_char_info)] == 0xCD &&
                  wide[j * stride + stride - 1] == 0xCD;
        }
        CHECK(m == n && same == n && kept == n,
              "page 0: elements at the caller's stride (%d of %d equal, %d tails untouched)", same, n, kept);
      }
      free(wide);
      EXPECT_STATUS(pdftools_page_get_chars(doc, 0, sizeof(pdftools_char_info) - 8, NULL, 0, &m),
                    PDFTOOLS_E_INVALID_ARGUMENT, "page_chars with an element size below the first version");
    }
    for (l = 0; l < NLINES; l++) {
      int col;
      for (col = 0; col < g_line_len[l]; col++) {
        int ci = char_index(l, col);
        unsigned char want = (unsigned char)LINE_BYTES[l][col];
        const pdftools_char_info *ch = &c[ci];
        if (ch->codepoint != want) {
          if (!bad_cp++) snprintf(first_bad, sizeof first_bad, "char %d: U+%04X, want U+%04X", ci,
                                  (unsigned)ch->codepoint, want);
        }
        if ((int)ch->line_index != l) bad_line++;
        if (want == ' ') {
          if ((ch->flags & (PDFTOOLS_CHAR_WHITESPACE | PDFTOOLS_CHAR_GENERATED)) !=
              (PDFTOOLS_CHAR_WHITESPACE | PDFTOOLS_CHAR_GENERATED))
            bad_gen++;
          if (ch->word_index != -1) bad_word++;
          if (bad_gen && !first_bad[0])
            snprintf(first_bad, sizeof first_bad, "char %d (a space without glyph): flags %u", ci, (unsigned)ch->flags);
          /*
           * The layout knows both words around every space here, so the space's box is
           * the gap between them: from the end of the glyph before it to the start of
           * the glyph after it, as high as the glyph before it.
           */
          {
            const pdftools_char_info *before = &c[ci - 1];
            if (!tc_near(ch->box.x0, col_x(col), EPS) || !tc_near(ch->box.x1, col_x(col + 1), EPS) ||
                !tc_near(ch->box.x0, before->box.x1, 0.01) || !tc_near(ch->box.x1, c[ci + 1].box.x0, 0.01) ||
                !tc_near(ch->box.y0, before->box.y0, EPS) || !tc_near(ch->box.y1, before->box.y1, EPS)) {
              if (!bad_sep_box++)
                snprintf(first_sep, sizeof first_sep, "char %d (a space): box [%g %g %g %g], want [%g %g %g %g]", ci,
                         ch->box.x0, ch->box.y0, ch->box.x1, ch->box.y1, col_x(col), before->box.y0, col_x(col + 1),
                         before->box.y1);
            }
          }
        } else {
          if (ch->flags & (PDFTOOLS_CHAR_WHITESPACE | PDFTOOLS_CHAR_GENERATED)) bad_flags++;
          if (!tc_near(ch->box.x0, col_x(col), EPS) || !tc_near(ch->box.x1, col_x(col + 1), EPS)) {
            if (!bad_box++ && !first_bad[0])
              snprintf(first_bad, sizeof first_bad, "char %d box x [%g, %g], want [%g, %g]", ci, ch->box.x0,
                       ch->box.x1, col_x(col), col_x(col + 1));
          }
          /* y: the box holds most of the em above the baseline and not much more. */
          if (!(ch->box.y0 <= BASELINE[l] + 0.5 && ch->box.y1 >= BASELINE[l] + 0.55 * FONT_SIZE &&
                ch->box.y0 >= BASELINE[l] - 0.5 * FONT_SIZE && ch->box.y1 <= BASELINE[l] + 1.3 * FONT_SIZE)) {
            if (!bad_y++ && !first_bad[0])
              snprintf(first_bad, sizeof first_bad, "char %d box y [%g, %g], baseline %g", ci, ch->box.y0,
                       ch->box.y1, BASELINE[l]);
          }
          if (p != 4 && !tc_near(ch->font_size, FONT_SIZE, 0.01)) bad_size++;
        }
      }
      if (l + 1 < NLINES) {
        int nl = char_index(l, g_line_len[l]);
        const pdftools_char_info *ch = &c[nl];
        if (ch->codepoint != '\n' ||
            (ch->flags & (PDFTOOLS_CHAR_WHITESPACE | PDFTOOLS_CHAR_GENERATED)) !=
                (PDFTOOLS_CHAR_WHITESPACE | PDFTOOLS_CHAR_GENERATED) ||
            ch->word_index != -1 || !(ch->line_index == l || ch->line_index == l + 1)) {
          if (!bad_gen++ && !first_bad[0])
            snprintf(first_bad, sizeof first_bad, "char %d ('\\n' expected): U+%04X flags %u word %d line %d", nl,
                     (unsigned)ch->codepoint, (unsigned)ch->flags, (int)ch->word_index, (int)ch->line_index);
        }
        /* A line break has an empty box at the end of the glyph before it. */
        {
          const pdftools_char_info *before = &c[nl - 1];
          if (!tc_near(ch->box.x0, ch->box.x1, 0.01) || !tc_near(ch->box.x0, before->box.x1, 0.01) ||
              !tc_near(ch->box.x0, col_x(g_line_len[l]), EPS) || !tc_near(ch->box.y0, before->box.y0, EPS) ||
              !tc_near(ch->box.y1, before->box.y1, EPS)) {
            if (!bad_sep_box++)
              snprintf(first_sep, sizeof first_sep, "char %d (a line break): box [%g %g %g %g], want [%g %g %g %g]", nl,
                       ch->box.x0, ch->box.y0, ch->box.x1, ch->box.y1, before->box.x1, before->box.y0, before->box.x1,
                       before->box.y1);
          }
        }
        if (p == 0 && ch->line_index != l)
          tc_note("the '\\n' after line %d has line_index %d (the next line's)", l, (int)ch->line_index);
      }
    }
    /* Word indices: glyphs of word k carry k. */
    for (k = 0; k < g_nwords; k++) {
      int ci;
      for (ci = g_word_start[k]; ci < g_word_end[k]; ci++)
        if (c[ci].word_index != k) bad_word++;
    }
    /* LINE_END: exactly one per line, the last character with that line index. */
    for (l = 0; l < NLINES; l++) {
      int count = 0, last = -1, flagged = -1;
      for (i = 0; i < n; i++) {
        if (c[i].line_index == l) last = (int)i;
        if (c[i].line_index == l && (c[i].flags & PDFTOOLS_CHAR_LINE_END)) {
          count++;
          flagged = (int)i;
        }
      }
      if (count != 1 || flagged != last) {
        bad_end++;
        if (p == 0) tc_note("line %d: %d LINE_END chars, flagged %d, last char of the line %d", l, count, flagged, last);
      }
    }
    CHECK(bad_cp == 0, "page %d: codepoints as written (é is U+00E9) [%s]", p, first_bad);
    CHECK(bad_box == 0, "page %d: glyph boxes in page space have the Courier x-extents within %.1f pt (%d wrong) [%s]",
          p, EPS, bad_box, first_bad);
    CHECK(bad_y == 0, "page %d: glyph boxes sit on their baselines (%d wrong) [%s]", p, bad_y, first_bad);
    CHECK(bad_flags == 0, "page %d: glyphs carry neither WHITESPACE nor GENERATED (%d wrong)", p, bad_flags);
    CHECK(bad_gen == 0, "page %d: spaces and line breaks are WHITESPACE|GENERATED, word -1 (%d wrong) [%s]", p, bad_gen,
          first_bad);
    CHECK(bad_sep_box == 0, "page %d: a space's box is the gap between its words; a line break's an empty box at the end "
          "of the glyph before it (%d wrong) [%s]", p, bad_sep_box, first_sep);
    CHECK(bad_word == 0, "page %d: word indices (glyphs of word k carry k, separators -1) (%d wrong)", p, bad_word);
    CHECK(bad_line == 0, "page %d: line indices 0, 1, 2 (%d wrong)", p, bad_line);
    CHECK(bad_end == 0, "page %d: LINE_END on exactly the last character of each line (%d lines wrong)", p, bad_end);
    if (p != 4)
      CHECK(bad_size == 0, "page %d: font size 12 (%d wrong)", p, bad_size);
    else
      tc_note("page 4 (UserUnit 2): font size of char 0 is %g", c[0].font_size);

    /* Words and lines. */
    {
      pdftools_text_range units[32], one[1];
      int32_t nu = 0;
      int32_t cnt = 0;
      int ok = 1;
      EXPECT_OK(pdftools_page_get_text_units(doc, p, PDFTOOLS_GRANULARITY_WORD, NULL, 0, &cnt), "page_text_units(words, NULL) counts");
      CHECK((int)cnt == g_nwords, "page %d: %d words (%d)", p, g_nwords, cnt);
      EXPECT_STATUS(pdftools_page_get_text_units(doc, p, PDFTOOLS_GRANULARITY_WORD, one, 1, &cnt), PDFTOOLS_E_BUFFER_TOO_SMALL,
                    "page_text_units(words) with capacity 1");
      if (get_units(doc, p, 0, units, 32, &nu) && (int)nu == g_nwords) {
        for (k = 0; k < g_nwords; k++) ok &= units[k].start == g_word_start[k] && units[k].end == g_word_end[k];
      } else {
        ok = 0;
      }
      CHECK(ok, "page %d: word ranges are the glyph runs (Hello [0,5) world [6,11) ... end [59,62))", p);
      ok = 1;
      EXPECT_OK(pdftools_page_get_text_units(doc, p, PDFTOOLS_GRANULARITY_LINE, NULL, 0, &cnt), "page_text_units(lines, NULL) counts");
      CHECK(cnt == NLINES, "page %d: %d lines (%d)", p, NLINES, cnt);
      if (get_units(doc, p, 1, units, 32, &nu) && nu == NLINES) {
        for (l = 0; l < NLINES; l++) {
          int s = g_line_start[l], e = s + g_line_len[l];
          ok &= units[l].start == s && (units[l].end == e || (l + 1 < NLINES && units[l].end == e + 1));
          if (p == 0 && l == 0 && units[l].end == e + 1) tc_note("line ranges include the trailing '\\n'");
        }
      } else {
        ok = 0;
      }
      CHECK(ok, "page %d: line ranges cover each line's characters (at most plus its '\\n')", p);
    }

    /* Fonts. */
    {
      char font[64];
      size_t need = 0;
      EXPECT_OK(pdftools_page_get_char_font(doc, p, 0, NULL, 0, &need), "page_char_font(NULL) size");
      CHECK(need == sizeof "Courier", "page %d: font name size %zu (%zu)", p, sizeof "Courier", need);
      font[0] = '\0';
      EXPECT_OK(pdftools_page_get_char_font(doc, p, char_index(1, 8), font, sizeof font, &need), "page_char_font");
      CHECK(strcmp(font, "Courier") == 0, "page %d: font of 'é' is \"Courier\" (\"%s\")", p, font);
      EXPECT_STATUS(pdftools_page_get_char_font(doc, p, 0, font, 3, &need), PDFTOOLS_E_BUFFER_TOO_SMALL,
                    "page_char_font with a 3-byte buffer");
      EXPECT_STATUS(pdftools_page_get_char_font(doc, p, g_nchars, font, sizeof font, &need), PDFTOOLS_E_OUT_OF_RANGE,
                    "page_char_font(char count)");
      EXPECT_STATUS(pdftools_page_get_char_font(doc, p, -1, font, sizeof font, &need), PDFTOOLS_E_OUT_OF_RANGE,
                    "page_char_font(-1)");
    }
    free(c);
  }
}

/* ------------------------------------------------------------------------ */
/* 4. Coordinate conversion                                                  */

static void test_convert(pdftools_document *doc) {
  int p;
  for (p = 0; p < NPAGES; p++) {
    pdftools_point in[8], out[8], back[8], inplace[8];
    pdftools_rect crop = {CROP[0], CROP[1], CROP[2], CROP[3]}, d, r, want;
    double w, h;
    int i, ok_fwd = 1, ok_back = 1, ok_inplace = 1;
    in[0].x = CROP[0]; in[0].y = CROP[1];
    in[1].x = CROP[2]; in[1].y = CROP[1];
    in[2].x = CROP[0]; in[2].y = CROP[3];
    in[3].x = CROP[2]; in[3].y = CROP[3];
    in[4] = glyph_point(0, 3, 0.5);
    in[5] = glyph_point(2, 12, 0.25);
    in[6].x = -33.25; in[6].y = 1000.5; /* outside the page: affine all the same */
    in[7].x = 306.0; in[7].y = 396.0;
    EXPECT_OK(pdftools_page_convert_points(doc, p, PDFTOOLS_SPACE_PAGE, PDFTOOLS_SPACE_DISPLAY, in, 8, out),
              "convert_points page -> display");
    for (i = 0; i < 8; i++) ok_fwd &= near_pt(out[i], my_to_display(p, in[i]), 1e-6);
    CHECK(ok_fwd, "page %d (rotation %d, user unit %g): page -> display matches the independent formula "
          "(crop corner (%g,%g) -> (%g,%g))", p, page_geom(p).rot, page_geom(p).u, in[0].x, in[0].y, out[0].x, out[0].y);
    EXPECT_OK(pdftools_page_convert_points(doc, p, PDFTOOLS_SPACE_DISPLAY, PDFTOOLS_SPACE_PAGE, out, 8, back),
              "convert_points display -> page");
    for (i = 0; i < 8; i++) ok_back &= near_pt(back[i], in[i], 1e-9);
    CHECK(ok_back, "page %d: display -> page round trip within 1e-9", p);
    memcpy(inplace, in, sizeof in);
    EXPECT_OK(pdftools_page_convert_points(doc, p, PDFTOOLS_SPACE_PAGE, PDFTOOLS_SPACE_DISPLAY, inplace, 8, inplace),
              "convert_points in place");
    for (i = 0; i < 8; i++) ok_inplace &= near_pt(inplace[i], out[i], 1e-12);
    CHECK(ok_inplace, "page %d: in-place conversion gives the same points", p);
    memcpy(inplace, in, sizeof in);
    EXPECT_OK(pdftools_page_convert_points(doc, p, PDFTOOLS_SPACE_PAGE, PDFTOOLS_SPACE_PAGE, inplace, 8, inplace),
              "convert_points page -> page");
    CHECK(memcmp(inplace, in, sizeof in) == 0, "page %d: page -> page is the identity", p);

    /* Crop corners: (0,0) and the page size in display space. */
    pdftools_page_get_size(doc, p, &w, &h);
    EXPECT_OK(pdftools_page_convert_rect(doc, p, PDFTOOLS_SPACE_PAGE, PDFTOOLS_SPACE_DISPLAY, crop, &d),
              "convert_rect(crop box) to display");
    CHECK(near_rect(d, (pdftools_rect){0, 0, w, h}, 1e-9), "page %d: crop box -> display [0 0 %g %g] (got [%g %g %g %g])",
          p, w, h, d.x0, d.y0, d.x1, d.y1);
    {
      int k, zero = -1, far = -1;
      for (k = 0; k < 4; k++) {
        if (near_pt(out[k], (pdftools_point){0, 0}, 1e-9)) zero = k;
        if (near_pt(out[k], (pdftools_point){w, h}, 1e-9)) far = k;
      }
      /* Which crop corner is the display origin: rot 0 top-left, 90 bottom-left, 180 bottom-right, 270 top-right. */
      {
        static const int want_zero[4] = {2, 0, 1, 3}, want_far[4] = {1, 3, 2, 0};
        int ri = page_geom(p).rot / 90;
        CHECK(zero == want_zero[ri] && far == want_far[ri],
              "page %d: crop corner %d maps to (0,0) and corner %d to (w,h) (got %d and %d)", p, want_zero[ri],
              want_far[ri], zero, far);
      }
    }
    {
      pdftools_rect t = {120.5, 300.25, 240.75, 333.0};
      want = my_rect_to_display(p, t);
      EXPECT_OK(pdftools_page_convert_rect(doc, p, PDFTOOLS_SPACE_PAGE, PDFTOOLS_SPACE_DISPLAY, t, &d),
                "convert_rect page -> display");
      CHECK(near_rect(d, want, 1e-6) && d.x0 <= d.x1 && d.y0 <= d.y1,
            "page %d: rect -> display normalized and as the formula says", p);
      EXPECT_OK(pdftools_page_convert_rect(doc, p, PDFTOOLS_SPACE_DISPLAY, PDFTOOLS_SPACE_PAGE, d, &r),
                "convert_rect display -> page");
      CHECK(near_rect(r, t, 1e-9), "page %d: rect round trip", p);
    }
    /* Non-finite coordinates stay non-finite; count 0 with NULL arrays. */
    {
      pdftools_point nf[2] = {{NAN, 10}, {INFINITY, 10}}, o[2];
      EXPECT_OK(pdftools_page_convert_points(doc, p, PDFTOOLS_SPACE_PAGE, PDFTOOLS_SPACE_DISPLAY, nf, 2, o),
                "convert_points with NaN and inf");
      CHECK((!isfinite(o[0].x) || !isfinite(o[0].y)) && (!isfinite(o[1].x) || !isfinite(o[1].y)),
            "page %d: non-finite points stay non-finite", p);
      EXPECT_OK(pdftools_page_convert_points(doc, p, PDFTOOLS_SPACE_PAGE, PDFTOOLS_SPACE_DISPLAY, NULL, 0, NULL),
                "convert_points count 0 with NULL arrays");
    }
  }
  {
    pdftools_point a = {1, 2}, o;
    pdftools_rect r = {0, 0, 1, 1}, ro;
    EXPECT_STATUS(pdftools_page_convert_points(doc, 0, PDFTOOLS_SPACE_PAGE, PDFTOOLS_SPACE_DISPLAY, NULL, 1, &o),
                  PDFTOOLS_E_INVALID_ARGUMENT, "convert_points: NULL in with count 1");
    EXPECT_STATUS(pdftools_page_convert_points(doc, 0, PDFTOOLS_SPACE_PAGE, PDFTOOLS_SPACE_DISPLAY, &a, 1, NULL),
                  PDFTOOLS_E_INVALID_ARGUMENT, "convert_points: NULL out with count 1");
    EXPECT_STATUS(pdftools_page_convert_points(doc, 0, (pdftools_space)2, PDFTOOLS_SPACE_DISPLAY, &a, 1, &o),
                  PDFTOOLS_E_INVALID_ARGUMENT, "convert_points: from space 2");
    EXPECT_STATUS(pdftools_page_convert_points(doc, 0, PDFTOOLS_SPACE_PAGE, (pdftools_space)-1, &a, 1, &o),
                  PDFTOOLS_E_INVALID_ARGUMENT, "convert_points: to space -1");
    EXPECT_STATUS(pdftools_page_convert_points(doc, NPAGES, PDFTOOLS_SPACE_PAGE, PDFTOOLS_SPACE_DISPLAY, &a, 1, &o),
                  PDFTOOLS_E_OUT_OF_RANGE, "convert_points: page count");
    EXPECT_STATUS(pdftools_page_convert_points(doc, -1, PDFTOOLS_SPACE_PAGE, PDFTOOLS_SPACE_DISPLAY, &a, 1, &o),
                  PDFTOOLS_E_OUT_OF_RANGE, "convert_points: page -1");
    EXPECT_STATUS(pdftools_page_convert_points(NULL, 0, PDFTOOLS_SPACE_PAGE, PDFTOOLS_SPACE_DISPLAY, &a, 1, &o),
                  PDFTOOLS_E_INVALID_HANDLE, "convert_points: NULL document");
    EXPECT_STATUS(pdftools_page_convert_rect(doc, 0, PDFTOOLS_SPACE_PAGE, PDFTOOLS_SPACE_DISPLAY, r, NULL),
                  PDFTOOLS_E_INVALID_ARGUMENT, "convert_rect: NULL out");
    EXPECT_STATUS(pdftools_page_convert_rect(doc, 0, (pdftools_space)7, PDFTOOLS_SPACE_DISPLAY, r, &ro),
                  PDFTOOLS_E_INVALID_ARGUMENT, "convert_rect: space 7");
    EXPECT_STATUS(pdftools_page_convert_rect(doc, 99, PDFTOOLS_SPACE_PAGE, PDFTOOLS_SPACE_DISPLAY, r, &ro),
                  PDFTOOLS_E_OUT_OF_RANGE, "convert_rect: page 99");
  }
}

/* ------------------------------------------------------------------------ */
/* 5. Hit tests                                                              */

static pdftools_status hit(pdftools_document *doc, int page, pdftools_space space, pdftools_point page_pt,
                           double tol, int nearest, pdftools_granularity g, pdftools_text_range *r) {
  r->start = r->end = -7;
  return pdftools_page_hit_test(doc, page, space, in_space(page, space, page_pt), tol, nearest, g, r);
}

static void test_hit(pdftools_document *doc) {
  int p, si;
  for (p = 0; p < NPAGES; p++) {
    pdftools_text_range lines[8];
    int32_t nl = 0;
    get_units(doc, p, 1, lines, 8, &nl);
    for (si = 0; si < 2; si++) {
      pdftools_space sp = si ? PDFTOOLS_SPACE_DISPLAY : PDFTOOLS_SPACE_PAGE;
      pdftools_text_range r;
      pdftools_point pt;
      pdftools_status st;
      char what[96];
      snprintf(what, sizeof what, "page %d, %s space", p, space_name(sp));

      /* Exact hit: the middle of 's' of "resume" (line 1, column 2). */
      st = hit(doc, p, sp, glyph_point(1, 2, 0.5), 0, 0, PDFTOOLS_GRANULARITY_CHAR, &r);
      CHECK(st == PDFTOOLS_OK && r.start == char_index(1, 2) && r.end == char_index(1, 2) + 1,
            "%s: hit on 's' of \"resume\" gives char [%d,%d) (%s [%d,%d))", what, char_index(1, 2),
            char_index(1, 2) + 1, st_name(st), (int)r.start, (int)r.end);
      st = hit(doc, p, sp, glyph_point(1, 2, 0.5), 0, 0, PDFTOOLS_GRANULARITY_WORD, &r);
      CHECK(st == PDFTOOLS_OK && r.start == char_index(1, 0) && r.end == char_index(1, 6),
            "%s: word hit gives \"resume\" [%d,%d) (%s [%d,%d))", what, char_index(1, 0), char_index(1, 6),
            st_name(st), (int)r.start, (int)r.end);
      st = hit(doc, p, sp, glyph_point(1, 2, 0.5), 0, 0, PDFTOOLS_GRANULARITY_LINE, &r);
      CHECK(st == PDFTOOLS_OK && nl == NLINES && r.start == lines[1].start && r.end == lines[1].end,
            "%s: line hit gives line 1 as page_text_units names it (%s [%d,%d))", what, st_name(st), (int)r.start,
            (int)r.end);
      /* Last glyph of a word, near its right edge. */
      st = hit(doc, p, sp, glyph_point(0, 21, 0.9), 0, 0, PDFTOOLS_GRANULARITY_CHAR, &r);
      CHECK(st == PDFTOOLS_OK && r.start == 21 && r.end == 22, "%s: hit near the right edge of the last 'o' gives "
            "[21,22) (%s [%d,%d))", what, st_name(st), (int)r.start, (int)r.end);

      /* Tolerance: 1 pt left of 'H' (2 display units on the UserUnit page). */
      pt = glyph_point(0, 0, 0.5);
      pt.x = LEFT - 1.0;
      st = hit(doc, p, sp, pt, 0, 0, PDFTOOLS_GRANULARITY_CHAR, &r);
      CHECK(st == PDFTOOLS_E_NOT_FOUND, "%s: 1 pt left of 'H', tolerance 0: NOT_FOUND (%s [%d,%d))", what,
            st_name(st), (int)r.start, (int)r.end);
      st = hit(doc, p, sp, pt, 3.0, 0, PDFTOOLS_GRANULARITY_CHAR, &r);
      CHECK(st == PDFTOOLS_OK && r.start == 0 && r.end == 1,
            "%s: 1 pt left of 'H', tolerance 3: char [0,1) (%s [%d,%d))", what, st_name(st), (int)r.start, (int)r.end);

      /* Between lines 0 and 1 (y = 580; line 1's glyphs end below 573, line 0's begin above 594). */
      pt.x = col_x(3) + 0.5 * ADVANCE;
      pt.y = 580.0;
      st = hit(doc, p, sp, pt, 0, 0, PDFTOOLS_GRANULARITY_CHAR, &r);
      CHECK(st == PDFTOOLS_E_NOT_FOUND, "%s: between the lines without nearest: NOT_FOUND (%s)", what, st_name(st));
      st = hit(doc, p, sp, pt, 0.5, 0, PDFTOOLS_GRANULARITY_WORD, &r);
      CHECK(st == PDFTOOLS_E_NOT_FOUND, "%s: between the lines, word granularity, tolerance 0.5: NOT_FOUND (%s)",
            what, st_name(st));
      st = hit(doc, p, sp, pt, 0, 1, PDFTOOLS_GRANULARITY_CHAR, &r);
      CHECK(st == PDFTOOLS_OK && r.start == char_index(1, 3) && r.end == char_index(1, 3) + 1,
            "%s: between the lines with nearest: the closest char, line 1 column 3 [%d,%d) (%s [%d,%d))", what,
            char_index(1, 3), char_index(1, 3) + 1, st_name(st), (int)r.start, (int)r.end);
      st = hit(doc, p, sp, pt, 0, 1, PDFTOOLS_GRANULARITY_WORD, &r);
      CHECK(st == PDFTOOLS_OK && r.start == char_index(1, 0) && r.end == char_index(1, 6),
            "%s: between the lines with nearest, word granularity: \"resume\" (%s [%d,%d))", what, st_name(st),
            (int)r.start, (int)r.end);
      /* Far in the bottom margin: nothing, or with nearest the nearest char (line 2, column 0). */
      pt.x = LEFT - 20;
      pt.y = 100;
      st = hit(doc, p, sp, pt, 5, 0, PDFTOOLS_GRANULARITY_CHAR, &r);
      CHECK(st == PDFTOOLS_E_NOT_FOUND, "%s: in the margin: NOT_FOUND (%s)", what, st_name(st));
      st = hit(doc, p, sp, pt, 0, 1, PDFTOOLS_GRANULARITY_LINE, &r);
      CHECK(st == PDFTOOLS_OK && nl == NLINES && r.start == lines[2].start && r.end == lines[2].end,
            "%s: in the margin with nearest, line granularity: line 2 (%s [%d,%d))", what, st_name(st), (int)r.start,
            (int)r.end);
    }
  }
}

/* ------------------------------------------------------------------------ */
/* 6. Selections                                                             */

static pdftools_status do_select(pdftools_document *doc, int pa, pdftools_point a, int pb, pdftools_point b,
                                 pdftools_space sp, pdftools_granularity g, pdftools_selection *out) {
  *out = sel(-9, -9, -9, -9);
  return pdftools_document_select(doc, pa, in_space(pa, sp, a), pb, in_space(pb, sp, b), sp, g, out);
}

/* Checks the rects and quads of s on page p against the expected per-line page-space extents. */
static void check_rects(pdftools_document *doc, pdftools_selection s, int p, const pdftools_char_info *c, int nlines,
                        const int *from, const int *to, const char *what) {
  int si;
  for (si = 0; si < 2; si++) {
    pdftools_space sp = si ? PDFTOOLS_SPACE_DISPLAY : PDFTOOLS_SPACE_PAGE;
    pdftools_rect rects[8];
    pdftools_quad quads[8];
    int32_t nq = 0;
    int32_t n = 0;
    int i, ok = 1, okq = 1;
    pdftools_status st = pdftools_selection_get_rects(doc, &s, p, sp, rects, 8, &n);
    if (!CHECK(st == PDFTOOLS_OK && (int)n == nlines, "%s, page %d, %s space: %d rects, one per line (%s, %d)",
               what, p, space_name(sp), nlines, st_name(st), n))
      continue;
    for (i = 0; i < nlines; i++) {
      pdftools_rect want = glyph_union(c, from[i], to[i]);
      /* x from the Courier metrics; y from the glyph boxes the library reports. */
      pdftools_rect exact = want;
      int col0 = from[i] - g_line_start[c[from[i]].line_index];
      int col1 = to[i] - 1 - g_line_start[c[from[i]].line_index];
      exact.x0 = col_x(col0);
      exact.x1 = col_x(col1 + 1);
      if (sp == PDFTOOLS_SPACE_DISPLAY) exact = my_rect_to_display(p, exact);
      if (!near_rect(rects[i], exact, EPS * page_geom(p).u)) {
        if (ok) tc_note("%s, page %d, %s rect %d: [%g %g %g %g], want [%g %g %g %g]", what, p, space_name(sp), i,
                        rects[i].x0, rects[i].y0, rects[i].x1, rects[i].y1, exact.x0, exact.y0, exact.x1, exact.y1);
        ok = 0;
      }
    }
    CHECK(ok, "%s, page %d, %s space: each rect bounds the line's selected glyphs within %.1f pt", what, p,
          space_name(sp), EPS);
    st = pdftools_selection_get_quads(doc, &s, p, sp, quads, 8, &nq);
    if (!CHECK(st == PDFTOOLS_OK && nq == n, "%s, page %d, %s space: %d quads (%s, %d)", what, p, space_name(sp), n,
               st_name(st), nq))
      continue;
    for (i = 0; i < nlines; i++) {
      /* Horizontal text in page space: p1 upper left, p2 upper right, p3 lower left, p4 lower right. */
      pdftools_rect r0 = glyph_union(c, from[i], to[i]);
      pdftools_point w1 = {r0.x0, r0.y1}, w2 = {r0.x1, r0.y1}, w3 = {r0.x0, r0.y0}, w4 = {r0.x1, r0.y0};
      double e = EPS * page_geom(p).u;
      int line = c[from[i]].line_index;
      w1.x = w3.x = col_x(from[i] - g_line_start[line]);
      w2.x = w4.x = col_x(to[i] - g_line_start[line]);
      if (sp == PDFTOOLS_SPACE_DISPLAY) {
        w1 = my_to_display(p, w1);
        w2 = my_to_display(p, w2);
        w3 = my_to_display(p, w3);
        w4 = my_to_display(p, w4);
      }
      if (!(near_pt(quads[i].p1, w1, e) && near_pt(quads[i].p2, w2, e) && near_pt(quads[i].p3, w3, e) &&
            near_pt(quads[i].p4, w4, e))) {
        if (okq)
          tc_note("%s, page %d, %s quad %d: (%g,%g) (%g,%g) (%g,%g) (%g,%g), want (%g,%g) (%g,%g) (%g,%g) (%g,%g)",
                  what, p, space_name(sp), i, quads[i].p1.x, quads[i].p1.y, quads[i].p2.x, quads[i].p2.y,
                  quads[i].p3.x, quads[i].p3.y, quads[i].p4.x, quads[i].p4.y, w1.x, w1.y, w2.x, w2.y, w3.x, w3.y,
                  w4.x, w4.y);
        okq = 0;
      }
    }
    CHECK(okq, "%s, page %d, %s space: quads p1 upper-left, p2 upper-right, p3 lower-left, p4 lower-right "
          "(in the text's direction)", what, p, space_name(sp));
  }
}

static void test_select_one_page(pdftools_document *doc) {
  int p, si;
  for (p = 0; p < NPAGES; p++) {
    int32_t n = 0;
    pdftools_char_info *c = get_chars(doc, p, &n);
    pdftools_text_range lines[8];
    int32_t nl = 0;
    if (!c || (int)n != g_nchars) {
      CHECK(0, "page %d: characters for the selection checks", p);
      free(c);
      continue;
    }
    get_units(doc, p, 1, lines, 8, &nl);
    for (si = 0; si < 2; si++) {
      pdftools_space sp = si ? PDFTOOLS_SPACE_DISPLAY : PDFTOOLS_SPACE_PAGE;
      pdftools_selection s, s2;
      pdftools_status st;
      char what[96];
      /* Drag from 'o' of "world" (line 0, col 7) to 's' of "résumé" (line 1, col 9). */
      pdftools_point a = glyph_point(0, 7, 0.3), b = glyph_point(1, 9, 0.7);
      pdftools_point ra = glyph_point(1, 9, 0.3), rb = glyph_point(0, 7, 0.7);
      int want_s = char_index(0, 7), want_e = char_index(1, 9) + 1;
      snprintf(what, sizeof what, "page %d, %s space", p, space_name(sp));

      st = do_select(doc, p, a, p, b, sp, PDFTOOLS_GRANULARITY_CHAR, &s);
      CHECK(st == PDFTOOLS_OK && same_sel(s, sel(p, want_s, p, want_e)),
            "%s: drag 'o' of world -> 's' of résumé selects [%d,%d) (%s {%d,%d,%d,%d})", what, want_s, want_e,
            st_name(st), (int)s.start_page, (int)s.start_char, (int)s.end_page, (int)s.end_char);
      st = do_select(doc, p, ra, p, rb, sp, PDFTOOLS_GRANULARITY_CHAR, &s2);
      CHECK(st == PDFTOOLS_OK && same_sel(s2, sel(p, want_s, p, want_e)),
            "%s: the reversed drag selects the same (%s {%d,%d,%d,%d})", what, st_name(st), (int)s2.start_page,
            (int)s2.start_char, (int)s2.end_page, (int)s2.end_char);
      if (si == 0) {
        char *t = get_sel_text(doc, sel(p, want_s, p, want_e));
        int from[2] = {want_s, char_index(1, 0)}, to[2] = {char_index(0, 22), want_e};
        CHECK(t && strcmp(t, "orld foobar foo\nresume r\xc3\xa9s") == 0,
              "page %d: selection text \"orld foobar foo\\nresume rés\" (\"%s\")", p, t ? t : "(null)");
        free(t);
        check_rects(doc, sel(p, want_s, p, want_e), p, c, 2, from, to, "drag over two lines");
      }
      /* A click (a == b inside one glyph) selects that glyph. */
      st = do_select(doc, p, glyph_point(2, 4, 0.3), p, glyph_point(2, 4, 0.7), sp, PDFTOOLS_GRANULARITY_CHAR, &s);
      CHECK(st == PDFTOOLS_OK && same_sel(s, sel(p, char_index(2, 4), p, char_index(2, 5))),
            "%s: a drag inside 'w' of the last line selects just it (%s {%d,%d,%d,%d})", what, st_name(st),
            (int)s.start_page, (int)s.start_char, (int)s.end_page, (int)s.end_char);
      /* Words. */
      st = do_select(doc, p, a, p, b, sp, PDFTOOLS_GRANULARITY_WORD, &s);
      CHECK(st == PDFTOOLS_OK && same_sel(s, sel(p, char_index(0, 6), p, char_index(1, 13))),
            "%s: word granularity widens to \"world\" .. \"résumé\" [%d,%d) (%s {%d,%d,%d,%d})", what,
            char_index(0, 6), char_index(1, 13), st_name(st), (int)s.start_page, (int)s.start_char, (int)s.end_page,
            (int)s.end_char);
      st = do_select(doc, p, ra, p, rb, sp, PDFTOOLS_GRANULARITY_WORD, &s2);
      CHECK(st == PDFTOOLS_OK && same_sel(s2, s), "%s: reversed word drag selects the same", what);
      if (si == 0) {
        int from[2] = {char_index(0, 6), char_index(1, 0)}, to[2] = {char_index(0, 22), char_index(1, 13)};
        check_rects(doc, sel(p, char_index(0, 6), p, char_index(1, 13)), p, c, 2, from, to, "word selection");
      }
      /* Lines. */
      st = do_select(doc, p, a, p, b, sp, PDFTOOLS_GRANULARITY_LINE, &s);
      CHECK(st == PDFTOOLS_OK && nl == NLINES && same_sel(s, sel(p, lines[0].start, p, lines[1].end)),
            "%s: line granularity selects lines 0 and 1 whole (%s {%d,%d,%d,%d})", what, st_name(st),
            (int)s.start_page, (int)s.start_char, (int)s.end_page, (int)s.end_char);
      if (si == 0 && st == PDFTOOLS_OK) {
        int from[2] = {0, char_index(1, 0)}, to[2] = {char_index(0, 22), char_index(1, 25)};
        check_rects(doc, s, p, c, 2, from, to, "line selection");
      }
      /* Select-all of the page as a plain value: three rects, the page's text. */
      if (si == 0) {
        int from[3] = {0, char_index(1, 0), char_index(2, 0)};
        int to[3] = {char_index(0, 22), char_index(1, 25), char_index(2, 13)};
        char *t = get_sel_text(doc, sel(p, 0, p, g_nchars));
        CHECK(t && strcmp(t, PAGE_TEXT) == 0, "page %d: text of {p,0,p,count} is the page text", p);
        free(t);
        check_rects(doc, sel(p, 0, p, g_nchars), p, c, 3, from, to, "select all");
      }
    }
    /* Separators are not part of a rect: a selection starting or ending at a space or line break. */
    {
      int f1[1] = {0}, t1[1] = {5};
      int f2[1] = {6}, t2[1] = {11};
      int f3[1] = {19}, t3[1] = {22};
      int f4[1] = {char_index(1, 0)}, t4[1] = {char_index(1, 6)};
      int f5[2] = {21, char_index(1, 0)}, t5[2] = {22, char_index(1, 1)};
      check_rects(doc, sel(p, 0, p, 6), p, c, 1, f1, t1, "\"Hello \" (a trailing space)");
      check_rects(doc, sel(p, 5, p, 11), p, c, 1, f2, t2, "\" world\" (a leading space)");
      check_rects(doc, sel(p, 19, p, 23), p, c, 1, f3, t3, "\"foo\\n\" (a trailing line break)");
      check_rects(doc, sel(p, 22, p, char_index(1, 6)), p, c, 1, f4, t4, "\"\\nresume\" (a leading line break)");
      check_rects(doc, sel(p, 21, p, char_index(1, 1)), p, c, 2, f5, t5, "\"o\\nr\" (across a line break)");
    }
    {
      static const int only[2][2] = {{5, 6}, {22, 23}};
      int k;
      for (k = 0; k < 2; k++) {
        pdftools_selection e = sel(p, only[k][0], p, only[k][1]);
        pdftools_rect r[2];
        pdftools_quad q[2];
        int32_t cntq = 9;
        int32_t cnt = 9;
        EXPECT_OK(pdftools_selection_get_rects(doc, &e, p, PDFTOOLS_SPACE_PAGE, r, 2, &cnt), "rects of a lone separator");
        EXPECT_OK(pdftools_selection_get_quads(doc, &e, p, PDFTOOLS_SPACE_DISPLAY, q, 2, &cntq), "quads of a lone separator");
        CHECK(cnt == 0 && cntq == 0, "page %d: a selection of just the %s [%d,%d) has no glyph, so no rect and no quad "
              "(%d, %d)", p, k ? "line break" : "space", only[k][0], only[k][1], cnt, cntq);
      }
    }
    /* An empty selection has no rects and no text. */
    {
      pdftools_selection e = sel(p, 5, p, 5);
      pdftools_rect r[2];
      size_t need = 0;
      int32_t cnt = 9;
      char t[4] = "xyz";
      EXPECT_OK(pdftools_selection_get_rects(doc, &e, p, PDFTOOLS_SPACE_PAGE, r, 2, &cnt), "rects of an empty selection");
      CHECK(cnt == 0, "page %d: an empty selection has 0 rects (%d)", p, cnt);
      EXPECT_OK(pdftools_selection_get_text(doc, &e, t, sizeof t, &need), "text of an empty selection");
      CHECK(need == 1 && t[0] == '\0', "page %d: an empty selection's text is \"\"", p);
    }
    /* Rects: count with NULL, BUFFER_TOO_SMALL. */
    {
      pdftools_selection all = sel(p, 0, p, g_nchars);
      pdftools_rect r[1];
      pdftools_quad q[1];
      int32_t cnt = 0;
      EXPECT_OK(pdftools_selection_get_rects(doc, &all, p, PDFTOOLS_SPACE_PAGE, NULL, 0, &cnt), "selection_rects(NULL)");
      CHECK(cnt == NLINES, "page %d: select-all counts %d rects (%d)", p, NLINES, cnt);
      EXPECT_STATUS(pdftools_selection_get_rects(doc, &all, p, PDFTOOLS_SPACE_PAGE, r, 1, &cnt),
                    PDFTOOLS_E_BUFFER_TOO_SMALL, "selection_rects with capacity 1");
      EXPECT_STATUS(pdftools_selection_get_quads(doc, &all, p, PDFTOOLS_SPACE_DISPLAY, q, 1, &cnt),
                    PDFTOOLS_E_BUFFER_TOO_SMALL, "selection_quads with capacity 1");
      CHECK(cnt == NLINES, "page %d: BUFFER_TOO_SMALL still reports %d (%d)", p, NLINES, cnt);
    }
    free(c);
  }
}

static void test_select_pages(pdftools_document *doc) {
  int si;
  int32_t n0 = 0, n1 = 0, n2 = 0;
  pdftools_char_info *c0 = get_chars(doc, 0, &n0), *c1 = get_chars(doc, 1, &n1), *c2 = get_chars(doc, 2, &n2);
  if (!c0 || !c1 || !c2) {
    CHECK(0, "characters of pages 0-2 for the multi-page selection checks");
    free(c0);
    free(c1);
    free(c2);
    return;
  }
  for (si = 0; si < 2; si++) {
    pdftools_space sp = si ? PDFTOOLS_SPACE_DISPLAY : PDFTOOLS_SPACE_PAGE;
    pdftools_selection s, s2;
    pdftools_status st;
    /* From 'L' of "HELLO" on page 0 (line 1, col 16) to 'r' of "world" on page 1 (line 0, col 8). */
    pdftools_point a = glyph_point(1, 16, 0.3), b = glyph_point(0, 8, 0.7);
    pdftools_selection want = sel(0, char_index(1, 16), 1, char_index(0, 8) + 1);
    st = do_select(doc, 0, a, 1, b, sp, PDFTOOLS_GRANULARITY_CHAR, &s);
    CHECK(st == PDFTOOLS_OK && same_sel(s, want),
          "%s space: drag from page 0 'L' to page 1 (rotated 90) 'r' selects {0,%d,1,%d} (%s {%d,%d,%d,%d})",
          space_name(sp), (int)want.start_char, (int)want.end_char, st_name(st), (int)s.start_page,
          (int)s.start_char, (int)s.end_page, (int)s.end_char);
    st = do_select(doc, 1, glyph_point(0, 8, 0.3), 0, glyph_point(1, 16, 0.7), sp, PDFTOOLS_GRANULARITY_CHAR, &s2);
    CHECK(st == PDFTOOLS_OK && same_sel(s2, want), "%s space: the reversed drag (page 1 -> page 0) selects the same "
          "(%s {%d,%d,%d,%d})", space_name(sp), st_name(st), (int)s2.start_page, (int)s2.start_char,
          (int)s2.end_page, (int)s2.end_char);
    st = do_select(doc, 0, a, 1, b, sp, PDFTOOLS_GRANULARITY_WORD, &s);
    CHECK(st == PDFTOOLS_OK && same_sel(s, sel(0, char_index(1, 14), 1, char_index(0, 11))),
          "%s space: word granularity across pages: {0,%d,1,%d} (%s {%d,%d,%d,%d})", space_name(sp),
          char_index(1, 14), char_index(0, 11), st_name(st), (int)s.start_page, (int)s.start_char, (int)s.end_page,
          (int)s.end_char);
    /* Three pages: the middle one whole. */
    st = do_select(doc, 0, glyph_point(2, 10, 0.3), 2, glyph_point(0, 0, 0.7), sp, PDFTOOLS_GRANULARITY_CHAR, &s);
    CHECK(st == PDFTOOLS_OK && same_sel(s, sel(0, char_index(2, 10), 2, 1)),
          "%s space: drag from page 0 \"end\" to page 2 'H' selects {0,%d,2,1} (%s {%d,%d,%d,%d})", space_name(sp),
          char_index(2, 10), st_name(st), (int)s.start_page, (int)s.start_char, (int)s.end_page, (int)s.end_char);
  }
  {
    pdftools_selection s = sel(0, char_index(1, 16), 1, char_index(0, 8) + 1);
    int f0[2] = {char_index(1, 16), char_index(2, 0)}, t0[2] = {char_index(1, 25), char_index(2, 13)};
    int f1[1] = {0}, t1[1] = {char_index(0, 8) + 1};
    char *t = get_sel_text(doc, s);
    CHECK(t && strcmp(t, "LLO exam-\nple world end\nHello wor") == 0,
          "text across pages: \"LLO exam-\\nple world end\" + '\\n' + \"Hello wor\" (\"%s\")", t ? t : "(null)");
    free(t);
    check_rects(doc, s, 0, c0, 2, f0, t0, "page 0 -> 1 selection");
    check_rects(doc, s, 1, c1, 1, f1, t1, "page 0 -> 1 selection");
  }
  {
    pdftools_selection s = sel(0, char_index(2, 10), 2, 1);
    int f1[3] = {0, char_index(1, 0), char_index(2, 0)};
    int t1[3] = {char_index(0, 22), char_index(1, 25), char_index(2, 13)};
    int f2[1] = {0}, t2[1] = {1};
    char want[256];
    char *t = get_sel_text(doc, s);
    snprintf(want, sizeof want, "end\n%s\nH", PAGE_TEXT);
    CHECK(t && strcmp(t, want) == 0, "text across three pages is \"end\" + '\\n' + page 1's text + '\\n' + \"H\"");
    free(t);
    check_rects(doc, s, 1, c1, 3, f1, t1, "page 0 -> 2 selection, middle page");
    check_rects(doc, s, 2, c2, 1, f2, t2, "page 0 -> 2 selection, last page");
    {
      pdftools_rect r[4];
      int32_t cnt = 0;
      pdftools_status st = pdftools_selection_get_rects(doc, &s, 3, PDFTOOLS_SPACE_PAGE, r, 4, &cnt);
      CHECK(st == PDFTOOLS_E_OUT_OF_RANGE || (st == PDFTOOLS_OK && cnt == 0),
            "rects of a page outside the selection: OUT_OF_RANGE or none (%s, %d)", st_name(st), cnt);
      if (st == PDFTOOLS_OK) tc_note("selection_rects on a page outside the selection gives OK with 0 rects");
    }
  }
  free(c0);
  free(c1);
  free(c2);
}

/* ------------------------------------------------------------------------ */
/* 7. Search                                                                 */

static int search_all(pdftools_document *doc, const char *q, uint32_t flags, int first, int last,
                      pdftools_selection *out, int cap) {
  pdftools_search_options o = PDFTOOLS_SEARCH_OPTIONS_INIT;
  int32_t n = 0;
  pdftools_status st;
  o.flags = flags;
  o.first_page = first;
  o.last_page = last;
  st = pdftools_document_search(doc, q, &o, out, (size_t)cap, &n);
  if (st != PDFTOOLS_OK) {
    tc_note("search \"%s\" flags %u: %s [%s]", q, (unsigned)flags, st_name(st), pdftools_last_error_message());
    return -1;
  }
  return (int)n;
}

/* Expects per page the same list of [start,end) matches, over pages first..last. */
static void expect_matches(pdftools_document *doc, const char *q, uint32_t flags, int first, int last, int per_page,
                           const int *starts, const int *ends, const char *what) {
  pdftools_selection m[64];
  int n = search_all(doc, q, flags, first, last, m, 64);
  int want = per_page * ((last < 0 ? NPAGES - 1 : last) - first + 1), i, ok = n == want;
  for (i = 0; ok && i < n; i++) {
    int k = i % per_page, page = first + i / per_page;
    ok = same_sel(m[i], sel(page, starts[k], page, ends[k]));
    if (!ok) tc_note("match %d: {%d,%d,%d,%d}, want {%d,%d,%d,%d}", i, (int)m[i].start_page, (int)m[i].start_char,
                     (int)m[i].end_page, (int)m[i].end_char, page, starts[k], page, ends[k]);
  }
  CHECK(ok, "search \"%s\" (%s): %d matches, in page and reading order, at the expected ranges (%d)", q, what, want, n);
}

static void test_search(pdftools_document *doc) {
  {
    int s[2] = {0, char_index(1, 14)}, e[2] = {5, char_index(1, 19)};
    expect_matches(doc, "hello", 0, 0, NPAGES - 1, 2, s, e, "ignore case");
    expect_matches(doc, "HeLLo", 0, 0, NPAGES - 1, 2, s, e, "ignore case, mixed query");
    expect_matches(doc, "Hello", PDFTOOLS_SEARCH_CASE_SENSITIVE, 0, NPAGES - 1, 1, s, e, "case sensitive");
    expect_matches(doc, "HELLO", PDFTOOLS_SEARCH_CASE_SENSITIVE, 0, NPAGES - 1, 1, s + 1, e + 1, "case sensitive");
    expect_matches(doc, "hello", 0, 1, 2, 2, s, e, "pages 1-2 only");
    expect_matches(doc, "hello", 0, 3, -1, 2, s, e, "pages 3 to the end (last_page -1)");
  }
  {
    int s[2] = {12, 19}, e[2] = {15, 22};
    expect_matches(doc, "foo", 0, 0, NPAGES - 1, 2, s, e, "inside \"foobar\" too");
    expect_matches(doc, "foo", PDFTOOLS_SEARCH_WHOLE_WORDS, 0, NPAGES - 1, 1, s + 1, e + 1, "whole words");
    expect_matches(doc, "oba", PDFTOOLS_SEARCH_WHOLE_WORDS, 0, NPAGES - 1, 0, s, e, "whole words, part of a word");
  }
  {
    /* "foo" ends line 0, "resume" starts line 1: the space in the query matches the line break. */
    int s[1] = {19}, e[1] = {char_index(1, 6)};
    expect_matches(doc, "foo resume", 0, 0, NPAGES - 1, 1, s, e, "across a line break");
    expect_matches(doc, "foo   resume", 0, 0, NPAGES - 1, 1, s, e, "a run of spaces in the query");
  }
  {
    int s[2] = {char_index(1, 0), char_index(1, 7)}, e[2] = {char_index(1, 6), char_index(1, 13)};
    expect_matches(doc, "resume", 0, 0, NPAGES - 1, 1, s, e, "é is not e by default");
    expect_matches(doc, "r\xc3\xa9sum\xc3\xa9", 0, 0, NPAGES - 1, 1, s + 1, e + 1, "résumé");
    expect_matches(doc, "R\xc3\x89SUM\xc3\x89", 0, 0, NPAGES - 1, 1, s + 1, e + 1, "RÉSUMÉ, ignore case");
    expect_matches(doc, "resume", PDFTOOLS_SEARCH_IGNORE_DIACRITICS, 0, NPAGES - 1, 2, s, e, "ignore diacritics");
    expect_matches(doc, "r\xc3\xa9sum\xc3\xa9", PDFTOOLS_SEARCH_IGNORE_DIACRITICS, 0, NPAGES - 1, 2, s, e,
                   "résumé, ignore diacritics");
    expect_matches(doc, "resume", PDFTOOLS_SEARCH_IGNORE_DIACRITICS | PDFTOOLS_SEARCH_WHOLE_WORDS, 0, NPAGES - 1, 2, s,
                   e, "ignore diacritics, whole words");
  }
  {
    int s[1] = {char_index(1, 20)}, e[1] = {char_index(2, 3)};
    expect_matches(doc, "example", 0, 0, NPAGES - 1, 0, s, e, "hyphenated at a line end, not joined");
    expect_matches(doc, "example", PDFTOOLS_SEARCH_JOIN_HYPHENS, 0, NPAGES - 1, 1, s, e, "join hyphens");
    expect_matches(doc, "exam- ple", 0, 0, NPAGES - 1, 1, s, e, "the hyphen and the break spelled out");
  }
  /* Rects of a match across lines: one per line. */
  {
    pdftools_selection m[8];
    int n = search_all(doc, "foo resume", 0, 2, 2, m, 8);
    pdftools_rect r[4];
    int32_t cnt = 0;
    if (n == 1 && pdftools_selection_get_rects(doc, &m[0], 2, PDFTOOLS_SPACE_PAGE, r, 4, &cnt) == PDFTOOLS_OK) {
      CHECK(cnt == 2 && tc_near(r[0].x0, col_x(19), EPS) && tc_near(r[0].x1, col_x(22), EPS) &&
                tc_near(r[1].x0, col_x(0), EPS) && tc_near(r[1].x1, col_x(6), EPS),
            "rects of the match \"foo\\nresume\": [%g..%g] on line 0 and [%g..%g] on line 1 (%d rects)", col_x(19),
            col_x(22), col_x(0), col_x(6), cnt);
    } else {
      CHECK(0, "rects of the match \"foo resume\" on page 2");
    }
  }
  /* Array pattern. */
  {
    pdftools_selection one[1];
    int32_t n = 0;
    EXPECT_OK(pdftools_document_search(doc, "world", NULL, NULL, 0, &n), "search(NULL buffer) counts");
    CHECK(n == 2 * NPAGES, "\"world\" occurs %d times (%d)", 2 * NPAGES, n);
    memset(one, 0x5A, sizeof one);
    EXPECT_STATUS(pdftools_document_search(doc, "world", NULL, one, 1, &n), PDFTOOLS_E_BUFFER_TOO_SMALL,
                  "search with capacity 1");
    CHECK(n == 2 * NPAGES && one[0].start_page == 0x5A5A5A5A, "capacity 1: total reported, nothing copied");
    {
      /* A fill lets go of the kept result; the same fill again searches again and agrees. */
      pdftools_selection first[2 * NPAGES], again[2 * NPAGES];
      int32_t n1 = 0, n2 = 0;
      memset(again, 0x5A, sizeof again);
      EXPECT_OK(pdftools_document_search(doc, "world", NULL, first, 2 * NPAGES, &n1), "search fill");
      EXPECT_OK(pdftools_document_search(doc, "world", NULL, again, 2 * NPAGES, &n2), "the same fill again");
      CHECK(n1 == 2 * NPAGES && n2 == n1 && memcmp(first, again, sizeof first) == 0,
            "two fills give the same %d matches (%d, %d)", 2 * NPAGES, n1, n2);
      CHECK(first[1].start_page == first[1].end_page && first[1].end_char - first[1].start_char == 5,
            "a match is one page's \"world\": page %d..%d, chars %d..%d", first[1].start_page, first[1].end_page,
            first[1].start_char, first[1].end_char);
    }
    EXPECT_OK(pdftools_document_search(doc, "nowhere to be found", NULL, one, 1, &n), "search without matches");
    CHECK(n == 0, "no matches: count 0 (%d)", n);
  }
}

static void test_search_next(pdftools_document *doc) {
  pdftools_selection all[32], m, prev;
  int n = search_all(doc, "hello", 0, 0, NPAGES - 1, all, 32), i, ok = 1;
  pdftools_status st;
  if (!CHECK(n == 2 * NPAGES, "search_next reference: %d matches of \"hello\" (%d)", 2 * NPAGES, n)) return;
  /* Forward from the start. */
  st = pdftools_document_search_next(doc, "hello", NULL, NULL, 1, &m);
  for (i = 0; i < n && ok; i++) {
    ok = st == PDFTOOLS_OK && same_sel(m, all[i]);
    if (!ok) tc_note("forward step %d: %s {%d,%d,%d,%d}", i, st_name(st), (int)m.start_page, (int)m.start_char,
                     (int)m.end_page, (int)m.end_char);
    prev = m;
    st = pdftools_document_search_next(doc, "hello", NULL, &prev, 1, &m);
  }
  CHECK(ok, "search_next forward from NULL visits the %d matches of search() in order", n);
  CHECK(st == PDFTOOLS_E_NOT_FOUND, "search_next forward after the last match: NOT_FOUND, no wrap (%s)", st_name(st));
  /* Backward from the end. */
  ok = 1;
  st = pdftools_document_search_next(doc, "hello", NULL, NULL, 0, &m);
  for (i = n - 1; i >= 0 && ok; i--) {
    ok = st == PDFTOOLS_OK && same_sel(m, all[i]);
    if (!ok) tc_note("backward step %d: %s {%d,%d,%d,%d}", i, st_name(st), (int)m.start_page, (int)m.start_char,
                     (int)m.end_page, (int)m.end_char);
    prev = m;
    st = pdftools_document_search_next(doc, "hello", NULL, &prev, 0, &m);
  }
  CHECK(ok, "search_next backward from NULL visits the matches in reverse order");
  CHECK(st == PDFTOOLS_E_NOT_FOUND, "search_next backward before the first match: NOT_FOUND (%s)", st_name(st));
  /* From a position that is not a match: the caret after "Hello" on page 2. */
  {
    pdftools_selection caret = sel(2, 5, 2, 5);
    st = pdftools_document_search_next(doc, "hello", NULL, &caret, 1, &m);
    CHECK(st == PDFTOOLS_OK && same_sel(m, sel(2, char_index(1, 14), 2, char_index(1, 19))),
          "search_next forward from a caret after page 2's \"Hello\" finds \"HELLO\" on page 2 (%s {%d,%d,%d,%d})",
          st_name(st), (int)m.start_page, (int)m.start_char, (int)m.end_page, (int)m.end_char);
    st = pdftools_document_search_next(doc, "hello", NULL, &caret, 0, &m);
    CHECK(st == PDFTOOLS_OK && same_sel(m, sel(2, 0, 2, 5)),
          "search_next backward from that caret finds page 2's \"Hello\" (%s {%d,%d,%d,%d})", st_name(st),
          (int)m.start_page, (int)m.start_char, (int)m.end_page, (int)m.end_char);
  }
  /* Options: a page range, flags. */
  {
    pdftools_search_options o = PDFTOOLS_SEARCH_OPTIONS_INIT;
    o.first_page = 3;
    o.last_page = 3;
    st = pdftools_document_search_next(doc, "hello", &o, NULL, 1, &m);
    CHECK(st == PDFTOOLS_OK && same_sel(m, sel(3, 0, 3, 5)), "search_next with pages 3-3 starts on page 3 (%s)",
          st_name(st));
    st = pdftools_document_search_next(doc, "hello", &o, NULL, 0, &m);
    CHECK(st == PDFTOOLS_OK && same_sel(m, sel(3, char_index(1, 14), 3, char_index(1, 19))),
          "search_next backward with pages 3-3 starts at page 3's last match (%s)", st_name(st));
    o.first_page = 0;
    o.last_page = -1;
    o.flags = PDFTOOLS_SEARCH_JOIN_HYPHENS;
    st = pdftools_document_search_next(doc, "example", &o, NULL, 1, &m);
    CHECK(st == PDFTOOLS_OK && same_sel(m, sel(0, char_index(1, 20), 0, char_index(2, 3))),
          "search_next honours JOIN_HYPHENS (%s)", st_name(st));
    st = pdftools_document_search_next(doc, "zebra", NULL, NULL, 1, &m);
    CHECK(st == PDFTOOLS_E_NOT_FOUND, "search_next for an absent word: NOT_FOUND (%s)", st_name(st));
  }
}

/* ------------------------------------------------------------------------ */
/* 8. Bad input                                                              */

static void test_bad_input(pdftools_document *doc) {
  pdftools_point good = glyph_point(0, 1, 0.5), nanp = {NAN, 600}, infp = {100, INFINITY};
  pdftools_text_range r, units[4];
  pdftools_selection s;
  pdftools_rect rects[4];
  pdftools_quad quads[4];
  pdftools_char_info ci[2];
  pdftools_search_options o = PDFTOOLS_SEARCH_OPTIONS_INIT;
  int32_t n = 0;
  size_t bytes = 0;
  char buf[16];
  const pdftools_space SP = PDFTOOLS_SPACE_PAGE;
  const pdftools_granularity G = PDFTOOLS_GRANULARITY_CHAR;

  /* Hit tests. */
  EXPECT_STATUS(pdftools_page_hit_test(doc, 0, SP, nanp, 0, 0, G, &r), PDFTOOLS_E_INVALID_ARGUMENT, "hit_test: NaN x");
  EXPECT_STATUS(pdftools_page_hit_test(doc, 0, SP, infp, 0, 1, G, &r), PDFTOOLS_E_INVALID_ARGUMENT,
                "hit_test: infinite y (nearest)");
  EXPECT_STATUS(pdftools_page_hit_test(doc, 0, SP, good, NAN, 0, G, &r), PDFTOOLS_E_INVALID_ARGUMENT,
                "hit_test: NaN tolerance");
  EXPECT_STATUS(pdftools_page_hit_test(doc, 0, SP, good, INFINITY, 0, G, &r), PDFTOOLS_E_INVALID_ARGUMENT,
                "hit_test: infinite tolerance");
  EXPECT_STATUS(pdftools_page_hit_test(doc, 0, SP, good, -1, 0, G, &r), PDFTOOLS_E_INVALID_ARGUMENT,
                "hit_test: negative tolerance");
  EXPECT_STATUS(pdftools_page_hit_test(doc, 0, (pdftools_space)2, good, 0, 0, G, &r), PDFTOOLS_E_INVALID_ARGUMENT,
                "hit_test: space 2");
  EXPECT_STATUS(pdftools_page_hit_test(doc, 0, SP, good, 0, 0, (pdftools_granularity)3, &r),
                PDFTOOLS_E_INVALID_ARGUMENT, "hit_test: granularity 3");
  EXPECT_STATUS(pdftools_page_hit_test(doc, 0, SP, good, 0, 0, (pdftools_granularity)-1, &r),
                PDFTOOLS_E_INVALID_ARGUMENT, "hit_test: granularity -1");
  EXPECT_STATUS(pdftools_page_hit_test(doc, 0, SP, good, 0, 0, G, NULL), PDFTOOLS_E_INVALID_ARGUMENT,
                "hit_test: NULL out_range");
  EXPECT_STATUS(pdftools_page_hit_test(doc, NPAGES, SP, good, 0, 0, G, &r), PDFTOOLS_E_OUT_OF_RANGE,
                "hit_test: page count");
  EXPECT_STATUS(pdftools_page_hit_test(doc, -1, SP, good, 0, 0, G, &r), PDFTOOLS_E_OUT_OF_RANGE, "hit_test: page -1");
  EXPECT_STATUS(pdftools_page_hit_test(NULL, 0, SP, good, 0, 0, G, &r), PDFTOOLS_E_INVALID_HANDLE,
                "hit_test: NULL document");

  /* Select. */
  EXPECT_STATUS(pdftools_document_select(doc, 0, nanp, 0, good, SP, G, &s), PDFTOOLS_E_INVALID_ARGUMENT, "select: NaN a");
  EXPECT_STATUS(pdftools_document_select(doc, 0, good, 0, infp, SP, G, &s), PDFTOOLS_E_INVALID_ARGUMENT, "select: infinite b");
  EXPECT_STATUS(pdftools_document_select(doc, 0, good, 0, good, (pdftools_space)5, G, &s), PDFTOOLS_E_INVALID_ARGUMENT,
                "select: space 5");
  EXPECT_STATUS(pdftools_document_select(doc, 0, good, 0, good, SP, (pdftools_granularity)9, &s), PDFTOOLS_E_INVALID_ARGUMENT,
                "select: granularity 9");
  EXPECT_STATUS(pdftools_document_select(doc, 0, good, 0, good, SP, G, NULL), PDFTOOLS_E_INVALID_ARGUMENT,
                "select: NULL out_selection");
  EXPECT_STATUS(pdftools_document_select(doc, NPAGES, good, 0, good, SP, G, &s), PDFTOOLS_E_OUT_OF_RANGE, "select: page_a 5");
  EXPECT_STATUS(pdftools_document_select(doc, 0, good, -1, good, SP, G, &s), PDFTOOLS_E_OUT_OF_RANGE, "select: page_b -1");
  EXPECT_STATUS(pdftools_document_select(NULL, 0, good, 0, good, SP, G, &s), PDFTOOLS_E_INVALID_HANDLE, "select: NULL document");

  /* Text, chars, units. */
  EXPECT_STATUS(pdftools_page_get_text(doc, NPAGES, buf, sizeof buf, &bytes), PDFTOOLS_E_OUT_OF_RANGE, "page_text: page 5");
  EXPECT_STATUS(pdftools_page_get_text(doc, -1, buf, sizeof buf, &bytes), PDFTOOLS_E_OUT_OF_RANGE, "page_text: page -1");
  EXPECT_STATUS(pdftools_page_get_text(doc, 0, buf, sizeof buf, NULL), PDFTOOLS_E_INVALID_ARGUMENT,
                "page_text: NULL out_size");
  EXPECT_STATUS(pdftools_page_get_text(NULL, 0, buf, sizeof buf, &bytes), PDFTOOLS_E_INVALID_HANDLE, "page_text: NULL document");
  EXPECT_STATUS(pdftools_page_get_chars(doc, NPAGES, sizeof(pdftools_char_info), ci, 2, &n), PDFTOOLS_E_OUT_OF_RANGE, "page_chars: page 5");
  EXPECT_STATUS(pdftools_page_get_chars(doc, 0, sizeof(pdftools_char_info), NULL, 0, NULL), PDFTOOLS_E_INVALID_ARGUMENT, "page_chars: NULL out_count");
  EXPECT_STATUS(pdftools_page_get_text_units(doc, 0x7fffffff, PDFTOOLS_GRANULARITY_WORD, units, 4, &n), PDFTOOLS_E_OUT_OF_RANGE,
                "page_text_units: page INT32_MAX");
  EXPECT_STATUS(pdftools_page_get_text_units(doc, 0, PDFTOOLS_GRANULARITY_CHAR, units, 4, &n),
                PDFTOOLS_E_INVALID_ARGUMENT, "page_text_units: characters are not units");
  EXPECT_STATUS(pdftools_page_get_text_units(doc, 0, PDFTOOLS_GRANULARITY_LINE, units, 4, NULL), PDFTOOLS_E_INVALID_ARGUMENT,
                "page_text_units: NULL out_count");

  /* Malformed selections. */
  {
    struct {
      pdftools_selection s;
      const char *what;
    } bad[] = {
        {{0, 10, 0, 5}, "start char after end char"},
        {{1, 0, 0, 5}, "start page after end page"},
        {{0, -1, 0, 5}, "negative start char"},
        {{0, 0, 0, -3}, "negative end char"},
        {{-1, 0, 0, 5}, "negative start page"},
    };
    size_t i;
    for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
      char what[96];
      snprintf(what, sizeof what, "selection_rects: %s", bad[i].what);
      /* A negative page index may count as out of range. */
      pdftools_status alt = bad[i].s.start_page < 0 ? PDFTOOLS_E_OUT_OF_RANGE : PDFTOOLS_E_INVALID_ARGUMENT;
      snprintf(what, sizeof what, "selection_rects: %s", bad[i].what);
      EXPECT_STATUS2(pdftools_selection_get_rects(doc, &bad[i].s, 0, SP, rects, 4, &n), PDFTOOLS_E_INVALID_ARGUMENT, alt,
                     what);
      snprintf(what, sizeof what, "selection_quads: %s", bad[i].what);
      EXPECT_STATUS2(pdftools_selection_get_quads(doc, &bad[i].s, 0, SP, quads, 4, &n), PDFTOOLS_E_INVALID_ARGUMENT, alt,
                     what);
      snprintf(what, sizeof what, "selection_text: %s", bad[i].what);
      EXPECT_STATUS2(pdftools_selection_get_text(doc, &bad[i].s, buf, sizeof buf, &bytes), PDFTOOLS_E_INVALID_ARGUMENT, alt,
                     what);
    }
    /* An end past the page's characters: refused, or clamped to the page's end (the header leaves it open). */
    {
      char big[256];
      pdftools_status st;
      s = sel(0, 0, 0, g_nchars + 5);
      st = pdftools_selection_get_text(doc, &s, big, sizeof big, &bytes);
      CHECK(st == PDFTOOLS_E_INVALID_ARGUMENT || st == PDFTOOLS_E_OUT_OF_RANGE ||
                (st == PDFTOOLS_OK && strcmp(big, PAGE_TEXT) == 0),
            "selection_text: end char past the page's characters is refused or clamped (%s)", st_name(st));
      if (st == PDFTOOLS_OK) tc_note("a selection end past the page's characters is clamped, not refused");
    }
    s = sel(0, 0, NPAGES, 1);
    EXPECT_STATUS2(pdftools_selection_get_text(doc, &s, buf, sizeof buf, &bytes), PDFTOOLS_E_INVALID_ARGUMENT,
                   PDFTOOLS_E_OUT_OF_RANGE, "selection_text: end page past the document");
    s = sel(0, 0, 0, 5);
    EXPECT_STATUS(pdftools_selection_get_rects(doc, &s, 0, (pdftools_space)3, rects, 4, &n), PDFTOOLS_E_INVALID_ARGUMENT,
                  "selection_rects: space 3");
    EXPECT_STATUS(pdftools_selection_get_quads(doc, &s, 0, (pdftools_space)-2, quads, 4, &n), PDFTOOLS_E_INVALID_ARGUMENT,
                  "selection_quads: space -2");
    EXPECT_STATUS(pdftools_selection_get_rects(doc, &s, 99, SP, rects, 4, &n), PDFTOOLS_E_OUT_OF_RANGE,
                  "selection_rects: page 99");
    EXPECT_STATUS(pdftools_selection_get_rects(doc, NULL, 0, SP, rects, 4, &n), PDFTOOLS_E_INVALID_ARGUMENT,
                  "selection_rects: NULL selection");
    EXPECT_STATUS(pdftools_selection_get_text(doc, NULL, buf, sizeof buf, &bytes), PDFTOOLS_E_INVALID_ARGUMENT,
                  "selection_text: NULL selection");
    memset(buf, 'q', sizeof buf);
    EXPECT_STATUS(pdftools_selection_get_text(doc, &s, buf, 3, &bytes), PDFTOOLS_E_BUFFER_TOO_SMALL,
                  "selection_text: 3-byte buffer");
    CHECK(bytes == 6 && buf[0] == 'q', "selection_text: size needed 6 (\"Hello\" + NUL) reported, buffer untouched (%zu)",
          bytes);
  }

  /* Search. */
  {
    pdftools_selection m[4];
    EXPECT_STATUS(pdftools_document_search(doc, NULL, NULL, m, 4, &n), PDFTOOLS_E_INVALID_ARGUMENT, "search: NULL query");
    EXPECT_STATUS(pdftools_document_search(doc, "", NULL, m, 4, &n), PDFTOOLS_E_INVALID_ARGUMENT, "search: empty query");
    EXPECT_STATUS(pdftools_document_search(doc, "x", NULL, m, 4, NULL), PDFTOOLS_E_INVALID_ARGUMENT, "search: NULL out_count");
    EXPECT_STATUS(pdftools_document_search(doc, "\xff\xfe", NULL, m, 4, &n), PDFTOOLS_E_INVALID_ARGUMENT,
                  "search: invalid UTF-8 query");
    EXPECT_STATUS(pdftools_document_search(NULL, "x", NULL, m, 4, &n), PDFTOOLS_E_INVALID_HANDLE, "search: NULL document");
    o.version = 0;
    EXPECT_STATUS(pdftools_document_search(doc, "hello", &o, m, 4, &n), PDFTOOLS_E_INVALID_ARGUMENT, "search: options version 0");
    o.version = 99;
    EXPECT_STATUS(pdftools_document_search(doc, "hello", &o, m, 4, &n), PDFTOOLS_E_INVALID_ARGUMENT,
                  "search: options version 99");
    o.version = PDFTOOLS_SEARCH_OPTIONS_VERSION;
    o.first_page = NPAGES;
    o.last_page = -1;
    EXPECT_STATUS(pdftools_document_search(doc, "hello", &o, m, 4, &n), PDFTOOLS_E_OUT_OF_RANGE, "search: first_page 5");
    o.first_page = -1;
    EXPECT_STATUS(pdftools_document_search(doc, "hello", &o, m, 4, &n), PDFTOOLS_E_OUT_OF_RANGE, "search: first_page -1");
    o.first_page = 0;
    o.last_page = NPAGES;
    EXPECT_STATUS(pdftools_document_search(doc, "hello", &o, m, 4, &n), PDFTOOLS_E_OUT_OF_RANGE, "search: last_page 5");
    o.first_page = 3;
    o.last_page = 1;
    EXPECT_STATUS2(pdftools_document_search(doc, "hello", &o, m, 4, &n), PDFTOOLS_E_INVALID_ARGUMENT, PDFTOOLS_E_OUT_OF_RANGE,
                   "search: first_page after last_page");
    o.first_page = 0;
    o.last_page = -1;
    o.flags = 1u << 20;
    {
      pdftools_status st = pdftools_document_search(doc, "hello", &o, m, 4, &n);
      CHECK(st == PDFTOOLS_E_INVALID_ARGUMENT || st == PDFTOOLS_E_BUFFER_TOO_SMALL || st == PDFTOOLS_OK,
            "search: an unknown flag bit gives INVALID_ARGUMENT or is ignored (%s)", st_name(st));
      if (st != PDFTOOLS_E_INVALID_ARGUMENT) tc_note("unknown search flag bits are ignored");
    }
    o.flags = 0;
    EXPECT_STATUS(pdftools_document_search_next(doc, NULL, NULL, NULL, 1, &s), PDFTOOLS_E_INVALID_ARGUMENT,
                  "search_next: NULL query");
    EXPECT_STATUS(pdftools_document_search_next(doc, "", NULL, NULL, 0, &s), PDFTOOLS_E_INVALID_ARGUMENT,
                  "search_next: empty query");
    EXPECT_STATUS(pdftools_document_search_next(doc, "hello", NULL, NULL, 1, NULL), PDFTOOLS_E_INVALID_ARGUMENT,
                  "search_next: NULL out_match");
    s = sel(0, 9, 0, 2);
    EXPECT_STATUS(pdftools_document_search_next(doc, "hello", NULL, &s, 1, m), PDFTOOLS_E_INVALID_ARGUMENT,
                  "search_next: malformed from");
    s = sel(NPAGES + 3, 0, NPAGES + 3, 0);
    EXPECT_STATUS2(pdftools_document_search_next(doc, "hello", NULL, &s, 1, m), PDFTOOLS_E_OUT_OF_RANGE,
                   PDFTOOLS_E_INVALID_ARGUMENT, "search_next: from on page 8");
    o.version = 0;
    EXPECT_STATUS(pdftools_document_search_next(doc, "hello", &o, NULL, 1, m), PDFTOOLS_E_INVALID_ARGUMENT,
                  "search_next: options version 0");
  }
}

/* ------------------------------------------------------------------------ */
/* 9. A blank page                                                           */

static void test_blank_page(void) {
  pdftools_document *doc = NULL;
  size_t need = 0;
  int32_t n = 7;
  char buf[8] = "xxxxxxx";
  pdftools_text_range r;
  pdftools_selection s;
  pdftools_point a = {100, 100}, b = {300, 500};
  if (pdftools_document_new(&doc) != PDFTOOLS_OK ||
      pdftools_document_insert_blank_page(doc, 0, 612, 792) != PDFTOOLS_OK) {
    CHECK(0, "new document with a blank page [%s]", pdftools_last_error_message());
    pdftools_document_close(doc);
    return;
  }
  EXPECT_OK(pdftools_page_get_text(doc, 0, NULL, 0, &need), "blank page: page_text size");
  CHECK(need == 1, "blank page: text size 1 (just the NUL) (%zu)", need);
  EXPECT_OK(pdftools_page_get_text(doc, 0, buf, sizeof buf, &need), "blank page: page_text");
  CHECK(buf[0] == '\0', "blank page: text \"\"");
  EXPECT_OK(pdftools_page_get_chars(doc, 0, sizeof(pdftools_char_info), NULL, 0, &n), "blank page: page_chars");
  CHECK(n == 0, "blank page: 0 characters (%d)", n);
  n = 7;
  EXPECT_OK(pdftools_page_get_text_units(doc, 0, PDFTOOLS_GRANULARITY_WORD, NULL, 0, &n), "blank page: words");
  CHECK(n == 0, "blank page: 0 words (%d)", n);
  EXPECT_STATUS(pdftools_page_hit_test(doc, 0, PDFTOOLS_SPACE_PAGE, a, 10, 0, PDFTOOLS_GRANULARITY_CHAR, &r),
                PDFTOOLS_E_NOT_FOUND, "blank page: hit test");
  EXPECT_STATUS(pdftools_page_hit_test(doc, 0, PDFTOOLS_SPACE_DISPLAY, a, 0, 1, PDFTOOLS_GRANULARITY_WORD, &r),
                PDFTOOLS_E_NOT_FOUND, "blank page: hit test with nearest");
  EXPECT_STATUS(pdftools_page_get_char_font(doc, 0, 0, buf, sizeof buf, &need), PDFTOOLS_E_OUT_OF_RANGE,
                "blank page: char_font(0)");
  s = sel(-1, -1, -1, -1);
  EXPECT_OK(pdftools_document_select(doc, 0, a, 0, b, PDFTOOLS_SPACE_DISPLAY, PDFTOOLS_GRANULARITY_CHAR, &s),
            "blank page: select");
  CHECK(s.start_page == s.end_page && s.start_char == s.end_char, "blank page: the selection is empty ({%d,%d,%d,%d})",
        (int)s.start_page, (int)s.start_char, (int)s.end_page, (int)s.end_char);
  n = 7;
  EXPECT_OK(pdftools_document_search(doc, "a", NULL, NULL, 0, &n), "blank page: search");
  CHECK(n == 0, "blank page: no matches (%d)", n);
  EXPECT_STATUS(pdftools_document_search_next(doc, "a", NULL, NULL, 1, &s), PDFTOOLS_E_NOT_FOUND, "blank page: search_next");
  {
    pdftools_selection all = sel(0, 0, 0, 0);
    need = 0;
    EXPECT_OK(pdftools_selection_get_text(doc, &all, buf, sizeof buf, &need), "blank page: selection_text");
    CHECK(need == 1 && buf[0] == '\0', "blank page: selection text \"\"");
  }
  /* The empty document: every page index is out of range. */
  {
    pdftools_document *empty = NULL;
    if (pdftools_document_new(&empty) == PDFTOOLS_OK) {
      EXPECT_STATUS(pdftools_page_get_text(empty, 0, buf, sizeof buf, &need), PDFTOOLS_E_OUT_OF_RANGE,
                    "document without pages: page_text(0)");
      n = 7;
      EXPECT_OK(pdftools_document_search(empty, "a", NULL, NULL, 0, &n), "document without pages: search");
      CHECK(n == 0, "document without pages: no matches");
      pdftools_document_close(empty);
    }
  }
  pdftools_document_close(doc);
}

/* ------------------------------------------------------------------------ */
/* 10. Threads                                                               */

#define THREADS 8
#define NCASES 6

struct thread_ref {
  pdftools_selection sel[NPAGES][NCASES];
  pdftools_rect rects[NPAGES][NCASES][4];
  int32_t nrects[NPAGES][NCASES];
  pdftools_selection hello[2 * NPAGES];
  int32_t nhello;
  char text[NPAGES][128];
};

static const unsigned char *g_pdf;
static size_t g_pdf_size;
static int g_iterations = 1000;
static struct thread_ref g_ref;

static void case_points(int p, int k, pdftools_point *a, pdftools_point *b, int *pb, pdftools_granularity *g,
                        pdftools_space *sp) {
  static const int la[NCASES] = {0, 1, 2, 0, 1, 2}, ca[NCASES] = {3, 9, 0, 21, 20, 12};
  static const int lb[NCASES] = {1, 0, 2, 2, 1, 0}, cb[NCASES] = {4, 2, 12, 5, 24, 0};
  *a = glyph_point(la[k], ca[k], 0.4);
  *b = glyph_point(lb[k], cb[k], 0.6);
  *pb = (k == 5 && p + 1 < NPAGES) ? p + 1 : p;
  *g = (pdftools_granularity)(k % 3);
  *sp = (k & 1) ? PDFTOOLS_SPACE_DISPLAY : PDFTOOLS_SPACE_PAGE;
}

/* One unit of work: case k on page p; returns 0 when everything equals the reference. */
static int run_case(pdftools_document *doc, int p, int k, const struct thread_ref *ref, struct thread_ref *fill) {
  pdftools_point a, b;
  pdftools_granularity g;
  pdftools_space sp;
  pdftools_selection s;
  pdftools_rect r[4];
  int32_t n = 0;
  int pb;
  memset(r, 0, sizeof r);
  case_points(p, k, &a, &b, &pb, &g, &sp);
  if (do_select(doc, p, a, pb, b, sp, g, &s) != PDFTOOLS_OK) return 1;
  if (pdftools_selection_get_rects(doc, &s, p, sp, r, 4, &n) != PDFTOOLS_OK) return 2;
  if (fill) {
    fill->sel[p][k] = s;
    memcpy(fill->rects[p][k], r, sizeof r);
    fill->nrects[p][k] = n;
    return 0;
  }
  if (!same_sel(s, ref->sel[p][k])) return 3;
  if (n != ref->nrects[p][k] || (n && memcmp(r, ref->rects[p][k], n * sizeof r[0]) != 0)) return 4;
  return 0;
}

static int run_search(pdftools_document *doc, const struct thread_ref *ref) {
  pdftools_selection m[2 * NPAGES + 2];
  int32_t n = 0;
  if (pdftools_document_search(doc, "hello", NULL, m, 2 * NPAGES + 2, &n) != PDFTOOLS_OK) return 5;
  if (n != ref->nhello || memcmp(m, ref->hello, n * sizeof m[0]) != 0) return 6;
  return 0;
}

static int make_reference(void) {
  pdftools_document *doc = NULL;
  int p, k;
  if (pdftools_document_open_from_memory(g_pdf, g_pdf_size, NULL, &doc) != PDFTOOLS_OK) return 0;
  for (p = 0; p < NPAGES; p++) {
    size_t need = 0;
    for (k = 0; k < NCASES; k++)
      if (run_case(doc, p, k, NULL, &g_ref) != 0) {
        pdftools_document_close(doc);
        return 0;
      }
    if (pdftools_page_get_text(doc, p, g_ref.text[p], sizeof g_ref.text[p], &need) != PDFTOOLS_OK) {
      pdftools_document_close(doc);
      return 0;
    }
  }
  if (pdftools_document_search(doc, "hello", NULL, g_ref.hello, 2 * NPAGES, &g_ref.nhello) != PDFTOOLS_OK) {
    pdftools_document_close(doc);
    return 0;
  }
  pdftools_document_close(doc);
  return 1;
}

struct thread_arg {
  int id;
  int own; /* 1: open its own documents */
  pdftools_document *doc;
  long calls, wrong;
  char first[160];
};

static void thread_problem(struct thread_arg *a, const char *what, int code) {
  a->wrong++;
  if (!a->first[0]) snprintf(a->first, sizeof a->first, "%s: code %d [%s]", what, code, pdftools_last_error_message());
}

static void *text_thread(void *p) {
  struct thread_arg *a = (struct thread_arg *)p;
  pdftools_document *doc = a->doc;
  int i;
  for (i = 0; i < g_iterations; i++) {
    int page = (a->id * 3 + i) % NPAGES, k = (a->id + i) % NCASES, rc;
    if (a->own && (i % 25 == 0)) {
      pdftools_document_close(doc);
      doc = NULL;
      if (pdftools_document_open_from_memory(g_pdf, g_pdf_size, NULL, &doc) != PDFTOOLS_OK) {
        thread_problem(a, "open_memory", 0);
        return NULL;
      }
    }
    rc = run_case(doc, page, k, &g_ref, NULL);
    a->calls += 2;
    if (rc) thread_problem(a, "select + rects", rc);
    if (i % 4 == a->id % 4) {
      rc = run_search(doc, &g_ref);
      a->calls++;
      if (rc) thread_problem(a, "search", rc);
    }
    if (i % 7 == 0) {
      char t[128];
      size_t need = 0;
      a->calls++;
      if (pdftools_page_get_text(doc, page, t, sizeof t, &need) != PDFTOOLS_OK || strcmp(t, g_ref.text[page]) != 0)
        thread_problem(a, "page_text", 0);
    }
    if (i % 11 == 3) {
      pdftools_selection m;
      a->calls++;
      if (pdftools_document_search_next(doc, "hello", NULL, &g_ref.hello[2], 1, &m) != PDFTOOLS_OK ||
          !same_sel(m, g_ref.hello[3]))
        thread_problem(a, "search_next", 0);
    }
  }
  if (a->own) pdftools_document_close(doc);
  return NULL;
}

static void test_threads(void) {
  pdftools_document *shared = NULL;
  struct thread_arg args[THREADS];
  pthread_t th[THREADS];
  int t, pass;
  if (!CHECK(make_reference(), "thread reference computed single-threaded")) return;
  for (pass = 0; pass < 2; pass++) {
    int own = pass == 1;
    if (!own && pdftools_document_open_from_memory(g_pdf, g_pdf_size, NULL, &shared) != PDFTOOLS_OK) {
      CHECK(0, "open the shared document");
      continue;
    }
    /* The shared document's text is not read before the threads start: they race to build it. */
    for (t = 0; t < THREADS; t++) {
      memset(&args[t], 0, sizeof args[t]);
      args[t].id = t;
      args[t].own = own;
      args[t].doc = own ? NULL : shared;
      pthread_create(&th[t], NULL, text_thread, &args[t]);
    }
    for (t = 0; t < THREADS; t++) pthread_join(th[t], NULL);
    for (t = 0; t < THREADS; t++)
      CHECK(args[t].wrong == 0, "%s, thread %d: %ld calls, %ld results differ from the single-threaded ones%s%s",
            own ? "own documents" : "shared document", t, args[t].calls, args[t].wrong, args[t].first[0] ? "; first: " : "",
            args[t].first);
    if (!own) pdftools_document_close(shared);
  }
}

/* ------------------------------------------------------------------------ */

int main(int argc, char **argv) {
  pdftools_document *doc = NULL;
  unsigned char *pdf;
  size_t size = 0;
  const char *it = getenv("PDFTOOLS_STRESS_ITERATIONS");
  if (it && atoi(it) > 0) g_iterations = atoi(it);

  init_layout();
  pdf = make_pdf(&size);
  g_pdf = pdf;
  g_pdf_size = size;
  if (argc == 3 && strcmp(argv[1], "--write") == 0) {
    if (tc_write_file(argv[2], pdf, size) != 0) fprintf(stderr, "cannot write %s\n", argv[2]);
  }
  if (!EXPECT_OK(pdftools_document_open_from_memory(pdf, size, NULL, &doc), "open the generated PDF")) {
    free(pdf);
    return tc_finish();
  }
  test_document(doc);
  test_page_text(doc);
  test_rotation_independent(doc);
  test_chars(doc);
  test_convert(doc);
  test_hit(doc);
  test_select_one_page(doc);
  test_select_pages(doc);
  test_search(doc);
  test_search_next(doc);
  test_bad_input(doc);
  pdftools_document_close(doc);
  test_blank_page();
  test_threads();
  free(pdf);
  return tc_finish();
}

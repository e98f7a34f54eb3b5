/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * test_annotation_edit.c — the "Creating and changing annotations" section of
 * pdftools.h (with the Annotations section it builds on):
 *
 *  1. Round trips.  An annotation of every creatable subtype (Text, FreeText,
 *     Line, Square, Circle, Polygon, PolyLine, Ink, Highlight, Underline,
 *     Squiggly, StrikeOut, Stamp (standard name, PNG image, JPEG image),
 *     FileAttachment, Link (URI with a border, page without one), Popup,
 *     Caret) is created on a new document's blank page and on page 0 of
 *     samplefiles-pdflatex-4-pages.pdf, given the properties that apply
 *     (colours incl. none, opacity, border width/style/dashes, cloudy, text
 *     entries with text outside WinAnsi, flags, quads, ink, vertices, a line
 *     with endings and leader lines, line endings, icons, /Open, FreeText
 *     font/size/colour/alignment/intent and callout, a popup, replies, z-order,
 *     link URI and page, an attachment with NUL bytes and a non-ASCII name,
 *     stamp images), saved to memory in full and incrementally, checked with
 *     `qpdf --check`, reopened and read back with the getters (exact for
 *     integers and strings, within 1e-3 for numbers).  Every subtype but Popup
 *     and a borderless Link has /AP; /NM starts with "pdftools-".
 *  2. /M changes with every setter (one sleep of 1 s).
 *  3. Geometry: the /Rect of Line, PolyLine, Polygon, Ink and the text markups
 *     is the box around what is drawn; a FreeText callout widens /Rect and
 *     keeps the text box in /RD (and removing the callout gives the text box
 *     back).
 *  4. Bad input: every failure gives the documented status and leaves the
 *     annotation (all its getters) and its page's z-order unchanged; stale ids,
 *     closed and forged handles, and a document whose permissions forbid
 *     annotating (qpdf --encrypt ... --annotate=n; the owner password may).
 *  5. Rendering: Square, Circle, Ink, Highlight, FreeText, Stamp (name, PNG,
 *     JPEG) change pixels inside their rect and nothing farther than 10 px
 *     outside it.
 *
 * Usage: test_annotation_edit CORPUS_DIR
 * Prints one line per check and a last line "N passed, M failed"; exits 1 if
 * any check failed.
 */
#define _XOPEN_SOURCE 700

#include "test_common.h"

#include <ctype.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char *g_corpus;
static char *g_tmp;
static int g_file_counter;

#define CORPUS_FILE "samplefiles-pdflatex-4-pages.pdf"
#define EPS 1e-3

/* An 8x8 RGB baseline JPEG (red with a blue diagonal), made with PIL at quality 75. */
static const unsigned char k_jpeg[650] = {
  0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01,
  0x00, 0x01, 0x00, 0x00, 0xff, 0xdb, 0x00, 0x43, 0x00, 0x08, 0x06, 0x06, 0x07, 0x06, 0x05, 0x08,
  0x07, 0x07, 0x07, 0x09, 0x09, 0x08, 0x0a, 0x0c, 0x14, 0x0d, 0x0c, 0x0b, 0x0b, 0x0c, 0x19, 0x12,
  0x13, 0x0f, 0x14, 0x1d, 0x1a, 0x1f, 0x1e, 0x1d, 0x1a, 0x1c, 0x1c, 0x20, 0x24, 0x2e, 0x27, 0x20,
  0x22, 0x2c, 0x23, 0x1c, 0x1c, 0x28, 0x37, 0x29, 0x2c, 0x30, 0x31, 0x34, 0x34, 0x34, 0x1f, 0x27,
  0x39, 0x3d, 0x38, 0x32, 0x3c, 0x2e, 0x33, 0x34, 0x32, 0xff, 0xdb, 0x00, 0x43, 0x01, 0x09, 0x09,
  0x09, 0x0c, 0x0b, 0x0c, 0x18, 0x0d, 0x0d, 0x18, 0x32, 0x21, 0x1c, 0x21, 0x32, 0x32, 0x32, 0x32,
  0x32, 0x32, 0x32, 0x32, 0x32, 0x32, 0x32, 0x32, 0x32, 0x32, 0x32, 0x32, 0x32, 0x32, 0x32, 0x32,
  0x32, 0x32, 0x32, 0x32, 0x32, 0x32, 0x32, 0x32, 0x32, 0x32, 0x32, 0x32, 0x32, 0x32, 0x32, 0x32,
  0x32, 0x32, 0x32, 0x32, 0x32, 0x32, 0x32, 0x32, 0x32, 0x32, 0x32, 0x32, 0x32, 0x32, 0xff, 0xc0,
  0x00, 0x11, 0x08, 0x00, 0x08, 0x00, 0x08, 0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11,
  0x01, 0xff, 0xc4, 0x00, 0x1f, 0x00, 0x00, 0x01, 0x05, 0x01, 0x01, 0x01, 0x01, 0x01, 0x01, 0x00,
  0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09,
  0x0a, 0x0b, 0xff, 0xc4, 0x00, 0xb5, 0x10, 0x00, 0x02, 0x01, 0x03, 0x03, 0x02, 0x04, 0x03, 0x05,
  0x05, 0x04, 0x04, 0x00, 0x00, 0x01, 0x7d, 0x01, 0x02, 0x03, 0x00, 0x04, 0x11, 0x05, 0x12, 0x21,
  0x31, 0x41, 0x06, 0x13, 0x51, 0x61, 0x07, 0x22, 0x71, 0x14, 0x32, 0x81, 0x91, 0xa1, 0x08, 0x23,
  0x42, 0xb1, 0xc1, 0x15, 0x52, 0xd1, 0xf0, 0x24, 0x33, 0x62, 0x72, 0x82, 0x09, 0x0a, 0x16, 0x17,
  0x18, 0x19, 0x1a, 0x25, 0x26, 0x27, 0x28, 0x29, 0x2a, 0x34, 0x35, 0x36, 0x37, 0x38, 0x39, 0x3a,
  0x43, 0x44, 0x45, 0x46, 0x47, 0x48, 0x49, 0x4a, 0x53, 0x54, 0x55, 0x56, 0x57, 0x58, 0x59, 0x5a,
  0x63, 0x64, 0x65, 0x66, 0x67, 0x68, 0x69, 0x6a, 0x73, 0x74, 0x75, 0x76, 0x77, 0x78, 0x79, 0x7a,
  0x83, 0x84, 0x85, 0x86, 0x87, 0x88, 0x89, 0x8a, 0x92, 0x93, 0x94, 0x95, 0x96, 0x97, 0x98, 0x99,
  0x9a, 0xa2, 0xa3, 0xa4, 0xa5, 0xa6, 0xa7, 0xa8, 0xa9, 0xaa, 0xb2, 0xb3, 0xb4, 0xb5, 0xb6, 0xb7,
  0xb8, 0xb9, 0xba, 0xc2, 0xc3, 0xc4, 0xc5, 0xc6, 0xc7, 0xc8, 0xc9, 0xca, 0xd2, 0xd3, 0xd4, 0xd5,
  0xd6, 0xd7, 0xd8, 0xd9, 0xda, 0xe1, 0xe2, 0xe3, 0xe4, 0xe5, 0xe6, 0xe7, 0xe8, 0xe9, 0xea, 0xf1,
  0xf2, 0xf3, 0xf4, 0xf5, 0xf6, 0xf7, 0xf8, 0xf9, 0xfa, 0xff, 0xc4, 0x00, 0x1f, 0x01, 0x00, 0x03,
  0x01, 0x01, 0x01, 0x01, 0x01, 0x01, 0x01, 0x01, 0x01, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x01,
  0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09, 0x0a, 0x0b, 0xff, 0xc4, 0x00, 0xb5, 0x11, 0x00,
  0x02, 0x01, 0x02, 0x04, 0x04, 0x03, 0x04, 0x07, 0x05, 0x04, 0x04, 0x00, 0x01, 0x02, 0x77, 0x00,
  0x01, 0x02, 0x03, 0x11, 0x04, 0x05, 0x21, 0x31, 0x06, 0x12, 0x41, 0x51, 0x07, 0x61, 0x71, 0x13,
  0x22, 0x32, 0x81, 0x08, 0x14, 0x42, 0x91, 0xa1, 0xb1, 0xc1, 0x09, 0x23, 0x33, 0x52, 0xf0, 0x15,
  0x62, 0x72, 0xd1, 0x0a, 0x16, 0x24, 0x34, 0xe1, 0x25, 0xf1, 0x17, 0x18, 0x19, 0x1a, 0x26, 0x27,
  0x28, 0x29, 0x2a, 0x35, 0x36, 0x37, 0x38, 0x39, 0x3a, 0x43, 0x44, 0x45, 0x46, 0x47, 0x48, 0x49,
  0x4a, 0x53, 0x54, 0x55, 0x56, 0x57, 0x58, 0x59, 0x5a, 0x63, 0x64, 0x65, 0x66, 0x67, 0x68, 0x69,
  0x6a, 0x73, 0x74, 0x75, 0x76, 0x77, 0x78, 0x79, 0x7a, 0x82, 0x83, 0x84, 0x85, 0x86, 0x87, 0x88,
  0x89, 0x8a, 0x92, 0x93, 0x94, 0x95, 0x96, 0x97, 0x98, 0x99, 0x9a, 0xa2, 0xa3, 0xa4, 0xa5, 0xa6,
  0xa7, 0xa8, 0xa9, 0xaa, 0xb2, 0xb3, 0xb4, 0xb5, 0xb6, 0xb7, 0xb8, 0xb9, 0xba, 0xc2, 0xc3, 0xc4,
  0xc5, 0xc6, 0xc7, 0xc8, 0xc9, 0xca, 0xd2, 0xd3, 0xd4, 0xd5, 0xd6, 0xd7, 0xd8, 0xd9, 0xda, 0xe2,
  0xe3, 0xe4, 0xe5, 0xe6, 0xe7, 0xe8, 0xe9, 0xea, 0xf2, 0xf3, 0xf4, 0xf5, 0xf6, 0xf7, 0xf8, 0xf9,
  0xfa, 0xff, 0xda, 0x00, 0x0c, 0x03, 0x01, 0x00, 0x02, 0x11, 0x03, 0x11, 0x00, 0x3f, 0x00, 0xe3,
  0x51, 0x36, 0x64, 0x03, 0xf2, 0x76, 0x1e, 0x9f, 0xfd, 0x6a, 0x28, 0xa2, 0xbc, 0x79, 0x49, 0xc9,
  0xdd, 0xee, 0x7e, 0x95, 0x18, 0xa8, 0xab, 0x23, 0xff, 0xd9,
};

/* ------------------------------------------------------------------------ */
/* Helpers                                                                   */

static const char *st_name(pdftools_status st) { return pdftools_status_string(st); }

/* Copies s with runs of white space collapsed to one space and none next to [ ] < >. */
static void normalize_syntax(const char *s, char *out, size_t out_size) {
  size_t j = 0;
  int pending_space = 0;
  for (; *s && j + 2 < out_size; s++) {
    if (isspace((unsigned char)*s)) {
      pending_space = 1;
      continue;
    }
    if (pending_space && j > 0 && !strchr("[<", out[j - 1]) && !strchr("]>", *s)) out[j++] = ' ';
    pending_space = 0;
    out[j++] = *s;
  }
  out[j] = '\0';
}

/* The raw value of key, normalized; "" with *st set when missing. Returns a malloc'd string. */
static char *raw_norm(pdftools_document *doc, pdftools_annotation_id id, const char *key, pdftools_status *st) {
  char *s = tc_get_raw(doc, id, key, st);
  char *out;
  size_t n;
  if (!s) {
    out = (char *)malloc(1);
    if (out) out[0] = '\0';
    return out;
  }
  n = strlen(s) + 2;
  out = (char *)malloc(n);
  if (out) normalize_syntax(s, out, n);
  free(s);
  return out;
}

/* The number after "/key " inside a dictionary written in PDF syntax; NAN when missing. */
static double dict_number(const char *raw, const char *key) {
  char pat[64];
  const char *p;
  snprintf(pat, sizeof pat, "/%s", key);
  p = raw;
  while (p && (p = strstr(p, pat)) != NULL) {
    const char *q = p + strlen(pat);
    if (*q == ' ' || isdigit((unsigned char)*q) || *q == '-' || *q == '.') {
      char *end;
      double v = strtod(q, &end);
      if (end != q) return v;
    }
    p = q;
  }
  return NAN;
}

/* 1 when raw is an indirect reference "n g R". */
static int is_reference(const char *raw) {
  unsigned long a, b;
  char r = 0, extra = 0;
  return raw && sscanf(raw, " %lu %lu %c %c", &a, &b, &r, &extra) == 3 && r == 'R';
}

static int starts_with(const char *s, const char *prefix) { return s && strncmp(s, prefix, strlen(prefix)) == 0; }

static int rect_near(pdftools_rect a, pdftools_rect b, double e) {
  return tc_near(a.x0, b.x0, e) && tc_near(a.y0, b.y0, e) && tc_near(a.x1, b.x1, e) && tc_near(a.y1, b.y1, e);
}

static int rect_contains_point(pdftools_rect r, pdftools_point p, double e) {
  return p.x >= r.x0 - e && p.x <= r.x1 + e && p.y >= r.y0 - e && p.y <= r.y1 + e;
}

static int rect_contains_rect(pdftools_rect outer, pdftools_rect inner, double e) {
  return inner.x0 >= outer.x0 - e && inner.y0 >= outer.y0 - e && inner.x1 <= outer.x1 + e && inner.y1 <= outer.y1 + e;
}

static int color_near(pdftools_color a, pdftools_color b) {
  return tc_near(a.r, b.r, EPS) && tc_near(a.g, b.g, EPS) && tc_near(a.b, b.b, EPS);
}

static int point_near(pdftools_point a, pdftools_point b) { return tc_near(a.x, b.x, EPS) && tc_near(a.y, b.y, EPS); }

/* The annotation of page whose /NM is nm; 0 when none. */
static pdftools_annotation_id find_by_nm(pdftools_document *doc, int32_t page, const char *nm) {
  pdftools_annotation_id *ids, found = 0;
  int n = tc_list_ids(doc, page, &ids), i;
  for (i = 0; i < n && !found; i++) {
    char *s = tc_get_text(doc, ids[i], "NM", NULL);
    if (s && strcmp(s, nm) == 0) found = ids[i];
    free(s);
  }
  free(ids);
  return found;
}

/* ------------------------------------------------------------------------ */
/* A dump of everything the getters say about an annotation                  */

static const char *const k_text_keys[] = {"Contents", "T", "Subj", "NM", "M", "RC", "CreationDate"};
static const char *const k_raw_keys[] = {
    "AP", "AS", "BE", "BS", "Border", "C", "IC", "CA", "F", "LE", "L", "LL", "LLE", "Name", "Open", "IT",
    "CL", "RD", "DA", "Q", "IRT", "RT", "Popup", "Parent", "QuadPoints", "InkList", "Vertices", "FS", "A",
    "Dest", "Rect", "NM", "M", "Contents", "T", "Subj", "RC", "CreationDate", "Type", "Subtype", "P"};

static void dump_annot(pdftools_document *doc, pdftools_annotation_id id, tc_buf *b) {
  pdftools_status st;
  char *s;
  size_t i;
  tc_buf_printf(b, "id %lld\n", (long long)id);
  tc_dump_annotation_properties(b, doc, id);
  {
    pdftools_annotation_id parent = -7;
    st = pdftools_annotation_get_reply(doc, id, &parent);
    tc_buf_printf(b, "reply %d %lld\n", (int)st, (long long)parent);
  }
  for (i = 0; i < sizeof k_text_keys / sizeof k_text_keys[0]; i++) {
    s = tc_get_text(doc, id, k_text_keys[i], &st);
    tc_buf_printf(b, "text %s %d %s\n", k_text_keys[i], (int)st, s ? s : "");
    free(s);
  }
  for (i = 0; i < sizeof k_raw_keys / sizeof k_raw_keys[0]; i++) {
    s = tc_get_raw(doc, id, k_raw_keys[i], &st);
    tc_buf_printf(b, "raw %s %d %s\n", k_raw_keys[i], (int)st, s ? s : "");
    free(s);
  }
}

/* Dump of annotation id and the z-order of page (malloc'd). */
static char *snap(pdftools_document *doc, pdftools_annotation_id id, int32_t page) {
  tc_buf b = {NULL, 0, 0};
  pdftools_annotation_id *ids;
  int n = tc_list_ids(doc, page, &ids), i;
  tc_buf_printf(&b, "page %d:", (int)page);
  for (i = 0; i < n; i++) tc_buf_printf(&b, " %lld", (long long)ids[i]);
  tc_buf_printf(&b, "\n");
  free(ids);
  if (id) dump_annot(doc, id, &b);
  return b.data;
}

/* Dump of every annotation of page (malloc'd). */
static char *snap_page(pdftools_document *doc, int32_t page) {
  tc_buf b = {NULL, 0, 0};
  pdftools_annotation_id *ids;
  int n = tc_list_ids(doc, page, &ids), i;
  tc_buf_printf(&b, "page %d: %d annotations\n", (int)page, n);
  for (i = 0; i < n; i++) dump_annot(doc, ids[i], &b);
  free(ids);
  return b.data;
}

/* Records that two dumps are equal; on a difference, notes the first differing line. */
static int same_snap(const char *before, const char *after, const char *what) {
  if (before && after && strcmp(before, after) == 0) return CHECK(1, "%s: unchanged", what);
  if (before && after) {
    const char *a = before, *b = after;
    while (*a && *a == *b) a++, b++;
    while (a > before && a[-1] != '\n') a--, b--;
    {
      const char *ea = strchr(a, '\n'), *eb = strchr(b, '\n');
      tc_note("%s: before \"%.*s\"", what, (int)(ea ? ea - a : (long)strlen(a)), a);
      tc_note("%s: after  \"%.*s\"", what, (int)(eb ? eb - b : (long)strlen(b)), b);
    }
  }
  return CHECK(0, "%s: unchanged", what);
}

/* Saves to memory with mode; returns the status. */
static pdftools_status save_mem(pdftools_document *doc, int32_t mode, void **data, size_t *size) {
  pdftools_save_options o = PDFTOOLS_SAVE_OPTIONS_INIT;
  o.mode = mode;
  *data = NULL;
  *size = 0;
  return pdftools_document_save_to_memory(doc, &o, data, size);
}

/* Writes the bytes to a temporary file and runs qpdf --check on it. */
static void qpdf_check(const void *data, size_t size, const char *password, const char *what) {
  char name[64], cmd[1024], out[4096];
  char *path, *q;
  int rc;
  if (!tc_have_program("qpdf")) {
    CHECK(0, "%s: the qpdf command line tool is installed", what);
    return;
  }
  snprintf(name, sizeof name, "check-%d.pdf", ++g_file_counter);
  path = tc_path(g_tmp, name);
  q = tc_shell_quote(path);
  if (tc_write_file(path, data, size) != 0) {
    CHECK(0, "%s: write %s", what, path);
  } else {
    if (password)
      snprintf(cmd, sizeof cmd, "qpdf --password=%s --check %s", password, q);
    else
      snprintf(cmd, sizeof cmd, "qpdf --check %s", q);
    rc = tc_run_command(cmd, out, sizeof out);
    CHECK(rc == 0, "%s: qpdf --check passes (exit %d)%s%s", what, rc, rc ? "\n" : "", rc ? out : "");
  }
  free(path);
  free(q);
}

/* ------------------------------------------------------------------------ */
/* Specs: what each annotation of the round trip gets                        */

enum { COL_DEFAULT = 0, COL_SET = 1, COL_NONE = 2 };

typedef struct spec {
  const char *subtype;
  const char *label;
  pdftools_rect create_rect;
  int set_rect;
  pdftools_rect rect; /* set with set_rect when set_rect */
  int geom;           /* /Rect follows the drawing */
  int stroke_mode;
  pdftools_color stroke;
  int interior_mode;
  pdftools_color interior;
  int interior_set_first; /* set a colour before setting none */
  double opacity;         /* < 0: not set */
  int border;
  double bw;
  pdftools_border_style bs;
  double dashes[4];
  int32_t ndash;
  double cloudy; /* > 0: set */
  int texts;
  int set_flags;
  uint32_t flags;
  pdftools_quad quads[2];
  int32_t nquads;
  pdftools_point ink[5];
  int32_t ink_sizes[2];
  int32_t nstrokes;
  pdftools_point verts[5];
  int32_t nverts;
  int line;
  pdftools_point l0, l1;
  pdftools_line_ending le0, le1;
  double ll, lle;
  int endings;
  pdftools_line_ending e0, e1;
  const char *icon;
  int open; /* -1: not set */
  int freetext;
  const char *font;
  double fsize;
  pdftools_color fcolor;
  int32_t align;
  const char *intent;
  pdftools_point callout[3];
  size_t ncallout;
  const char *uri;
  int32_t link_page; /* -1: none */
  int attachment;
  const unsigned char *image;
  size_t image_size;
  int expect_ap;
  char contents[200];
  char author[100];
  char subject[100];
  /* filled in when created */
  char nm[64];
  pdftools_annotation_id id;
} spec;

static const unsigned char k_attachment[] = {'a', 0, 'b', 0xff, 0, 0, '\n', 0xe6, 0x97, 0xa5, 0};
static const char k_attachment_name[] = "r\xc3\xa9sum\xc3\xa9 \xe6\x97\xa5\xe6\x9c\xac.bin";
static const char k_uri[] = "https://example.org/a%20b?q=1&r=%E6%97%A5#frag";

/* Index of each spec, in creation order. */
enum {
  S_TEXT, S_FREETEXT, S_LINE, S_SQUARE, S_CIRCLE, S_POLYGON, S_POLYLINE, S_INK, S_HIGHLIGHT, S_UNDERLINE,
  S_SQUIGGLY, S_STRIKEOUT, S_STAMP, S_STAMP_PNG, S_STAMP_JPEG, S_FILE, S_LINK_URI, S_LINK_PAGE, S_POPUP,
  S_CARET, S_COUNT
};

/* The cell of annotation i on a page whose top is at top: a 80x80 creation rect. */
static pdftools_rect cell(int i, double top) {
  double x0 = 40 + (i % 4) * 135.0, y1 = top - 40 - (i / 4) * 150.0;
  return tc_mkrect(x0, y1 - 80, x0 + 80, y1);
}

static void init_spec(spec *s, const char *subtype, const char *label, pdftools_rect r) {
  memset(s, 0, sizeof *s);
  s->subtype = subtype;
  s->label = label;
  s->create_rect = r;
  s->rect = r;
  s->opacity = -1;
  s->open = -1;
  s->link_page = -1;
  s->expect_ap = 1;
  s->texts = 1;
  snprintf(s->contents, sizeof s->contents,
           "Inhalt f\xc3\xbcr %s: Gr\xc3\xbc\xc3\x9f" "e, \xe6\x97\xa5\xe6\x9c\xac, \xce\x95\xce\xbb\xce\xbb\xce\xac"
           "\xce\xb4\xce\xb1, \xe2\x82\xac \xe2\x9c\x93 (a\\b) <c>",
           label);
  snprintf(s->author, sizeof s->author, "Zo\xc3\xab \xc3\x98" "degaard \xe5\xb1\xb1\xe7\x94\xb0");
  snprintf(s->subject, sizeof s->subject, "Pr\xc3\xbc" "fung \xe6\x97\xa5\xe6\x9c\xac %s", label);
}

/* Fills the specs for a page whose top edge is at top and whose last page is last_page. */
static void make_specs(spec *sp, double top, int32_t last_page) {
  pdftools_rect c;
  int i;
  for (i = 0; i < S_COUNT; i++) memset(&sp[i], 0, sizeof sp[i]);

  c = cell(S_TEXT, top);
  init_spec(&sp[S_TEXT], "Text", "Text", c);
  sp[S_TEXT].set_rect = 1;
  sp[S_TEXT].rect = tc_mkrect(c.x0 + 5, c.y1 - 29, c.x0 + 29, c.y1 - 5);
  sp[S_TEXT].stroke_mode = COL_SET;
  sp[S_TEXT].stroke = tc_mkcol(0.25, 0.5, 0.75);
  sp[S_TEXT].opacity = 0.75;
  sp[S_TEXT].set_flags = 1;
  sp[S_TEXT].flags = PDFTOOLS_ANNOT_PRINT | PDFTOOLS_ANNOT_NO_ZOOM | PDFTOOLS_ANNOT_NO_ROTATE;
  sp[S_TEXT].icon = "Comment";
  sp[S_TEXT].open = 1;

  c = cell(S_FREETEXT, top);
  init_spec(&sp[S_FREETEXT], "FreeText", "FreeText", c);
  /* A FreeText's border is drawn in its text colour (STROKE reads /DA) and its background is /C
   * (INTERIOR). */
  sp[S_FREETEXT].stroke_mode = COL_SET;
  sp[S_FREETEXT].stroke = tc_mkcol(0.75, 0, 0.25);
  sp[S_FREETEXT].interior_mode = COL_SET;
  sp[S_FREETEXT].interior = tc_mkcol(1, 1, 0.8);
  sp[S_FREETEXT].border = 1;
  sp[S_FREETEXT].bw = 1.5;
  sp[S_FREETEXT].bs = PDFTOOLS_BORDER_SOLID;
  sp[S_FREETEXT].opacity = 0.5;
  sp[S_FREETEXT].freetext = 1;
  sp[S_FREETEXT].font = "Times-Roman";
  sp[S_FREETEXT].fsize = 14;
  sp[S_FREETEXT].fcolor = tc_mkcol(0.75, 0, 0.25);
  sp[S_FREETEXT].align = 1;
  sp[S_FREETEXT].intent = "FreeTextCallout";
  sp[S_FREETEXT].callout[0] = tc_mkpt(c.x0 - 30, c.y0 - 25);
  sp[S_FREETEXT].callout[1] = tc_mkpt(c.x0 - 10, c.y0 + 10);
  sp[S_FREETEXT].callout[2] = tc_mkpt(c.x0, c.y0 + 10);
  sp[S_FREETEXT].ncallout = 3;
  sp[S_FREETEXT].set_flags = 1;
  sp[S_FREETEXT].flags = PDFTOOLS_ANNOT_PRINT | PDFTOOLS_ANNOT_LOCKED;

  c = cell(S_LINE, top);
  init_spec(&sp[S_LINE], "Line", "Line", c);
  sp[S_LINE].geom = 1;
  sp[S_LINE].stroke_mode = COL_SET;
  sp[S_LINE].stroke = tc_mkcol(1, 0, 0);
  sp[S_LINE].interior_mode = COL_SET;
  sp[S_LINE].interior = tc_mkcol(0, 0.5, 0);
  sp[S_LINE].border = 1;
  sp[S_LINE].bw = 2;
  sp[S_LINE].bs = PDFTOOLS_BORDER_SOLID;
  sp[S_LINE].opacity = 0.5;
  sp[S_LINE].line = 1;
  sp[S_LINE].l0 = tc_mkpt(c.x0 + 60, c.y0 + 10);
  sp[S_LINE].l1 = tc_mkpt(c.x0 + 125.5, c.y0 + 70.25);
  sp[S_LINE].le0 = PDFTOOLS_ENDING_OPEN_ARROW;
  sp[S_LINE].le1 = PDFTOOLS_ENDING_CLOSED_ARROW;
  sp[S_LINE].ll = 15;
  sp[S_LINE].lle = 5;

  c = cell(S_SQUARE, top);
  init_spec(&sp[S_SQUARE], "Square", "Square", c);
  sp[S_SQUARE].set_rect = 1;
  sp[S_SQUARE].rect = tc_mkrect(c.x0 + 2.5, c.y0 + 5, c.x1 - 2.25, c.y1 + 10);
  sp[S_SQUARE].stroke_mode = COL_SET;
  sp[S_SQUARE].stroke = tc_mkcol(0.5, 0, 0.5);
  sp[S_SQUARE].interior_mode = COL_SET;
  sp[S_SQUARE].interior = tc_mkcol(1, 1, 0);
  sp[S_SQUARE].opacity = 0.5;
  sp[S_SQUARE].border = 1;
  sp[S_SQUARE].bw = 2.5;
  sp[S_SQUARE].bs = PDFTOOLS_BORDER_DASHED;
  sp[S_SQUARE].dashes[0] = 4;
  sp[S_SQUARE].dashes[1] = 2;
  sp[S_SQUARE].ndash = 2;

  c = cell(S_CIRCLE, top);
  init_spec(&sp[S_CIRCLE], "Circle", "Circle", c);
  sp[S_CIRCLE].stroke_mode = COL_SET;
  sp[S_CIRCLE].stroke = tc_mkcol(0, 0.5, 0);
  sp[S_CIRCLE].interior_mode = COL_NONE;
  sp[S_CIRCLE].interior = tc_mkcol(0.5, 0.5, 1);
  sp[S_CIRCLE].interior_set_first = 1;
  sp[S_CIRCLE].border = 1;
  sp[S_CIRCLE].bw = 3;
  sp[S_CIRCLE].bs = PDFTOOLS_BORDER_SOLID;
  sp[S_CIRCLE].cloudy = 2;

  c = cell(S_POLYGON, top);
  init_spec(&sp[S_POLYGON], "Polygon", "Polygon", c);
  sp[S_POLYGON].geom = 1;
  sp[S_POLYGON].stroke_mode = COL_NONE;
  sp[S_POLYGON].interior_mode = COL_SET;
  sp[S_POLYGON].interior = tc_mkcol(0, 0.75, 0.75);
  sp[S_POLYGON].cloudy = 1;
  sp[S_POLYGON].border = 1;
  sp[S_POLYGON].bw = 1;
  sp[S_POLYGON].bs = PDFTOOLS_BORDER_SOLID;
  sp[S_POLYGON].verts[0] = tc_mkpt(c.x0 + 60, c.y0);
  sp[S_POLYGON].verts[1] = tc_mkpt(c.x0 + 140, c.y0 + 10);
  sp[S_POLYGON].verts[2] = tc_mkpt(c.x0 + 130, c.y0 + 70.5);
  sp[S_POLYGON].verts[3] = tc_mkpt(c.x0 + 95.25, c.y0 + 80);
  sp[S_POLYGON].verts[4] = tc_mkpt(c.x0 + 65, c.y0 + 50);
  sp[S_POLYGON].nverts = 5;

  c = cell(S_POLYLINE, top);
  init_spec(&sp[S_POLYLINE], "PolyLine", "PolyLine", c);
  sp[S_POLYLINE].geom = 1;
  sp[S_POLYLINE].stroke_mode = COL_SET;
  sp[S_POLYLINE].stroke = tc_mkcol(0.5, 0.25, 0);
  sp[S_POLYLINE].interior_mode = COL_SET;
  sp[S_POLYLINE].interior = tc_mkcol(1, 0.5, 0);
  sp[S_POLYLINE].border = 1;
  sp[S_POLYLINE].bw = 2;
  sp[S_POLYLINE].bs = PDFTOOLS_BORDER_SOLID;
  sp[S_POLYLINE].verts[0] = tc_mkpt(c.x0 + 60, c.y0 + 5);
  sp[S_POLYLINE].verts[1] = tc_mkpt(c.x0 + 90, c.y0 + 75);
  sp[S_POLYLINE].verts[2] = tc_mkpt(c.x0 + 110, c.y0 + 15);
  sp[S_POLYLINE].verts[3] = tc_mkpt(c.x0 + 140.5, c.y0 + 60);
  sp[S_POLYLINE].nverts = 4;
  sp[S_POLYLINE].endings = 1;
  sp[S_POLYLINE].e0 = PDFTOOLS_ENDING_CIRCLE;
  sp[S_POLYLINE].e1 = PDFTOOLS_ENDING_SLASH;

  c = cell(S_INK, top);
  init_spec(&sp[S_INK], "Ink", "Ink", c);
  sp[S_INK].geom = 1;
  sp[S_INK].stroke_mode = COL_SET;
  sp[S_INK].stroke = tc_mkcol(0, 0, 0.5);
  sp[S_INK].border = 1;
  sp[S_INK].bw = 3;
  sp[S_INK].bs = PDFTOOLS_BORDER_SOLID;
  sp[S_INK].opacity = 0.75;
  sp[S_INK].ink[0] = tc_mkpt(c.x0 + 60, c.y0 + 10);
  sp[S_INK].ink[1] = tc_mkpt(c.x0 + 90.5, c.y0 + 70);
  sp[S_INK].ink[2] = tc_mkpt(c.x0 + 120, c.y0 + 20);
  sp[S_INK].ink[3] = tc_mkpt(c.x0 + 70, c.y0 + 40);
  sp[S_INK].ink[4] = tc_mkpt(c.x0 + 140, c.y0 + 45.25);
  sp[S_INK].ink_sizes[0] = 3;
  sp[S_INK].ink_sizes[1] = 2;
  sp[S_INK].nstrokes = 2;

  {
    static const char *const markups[4] = {"Highlight", "Underline", "Squiggly", "StrikeOut"};
    static const pdftools_color colors[4] = {{1, 1, 0}, {0, 0.5, 1}, {1, 0, 0.5}, {0.25, 0.25, 0.25}};
    int k;
    for (k = 0; k < 4; k++) {
      spec *s = &sp[S_HIGHLIGHT + k];
      c = cell(S_HIGHLIGHT + k, top);
      init_spec(s, markups[k], markups[k], c);
      s->geom = 1;
      s->stroke_mode = COL_SET;
      s->stroke = colors[k];
      s->opacity = k == 0 ? 0.5 : -1;
      s->quads[0] = tc_mkquad(c.x0 + 60, c.y0 + 50, c.x0 + 140, c.y0 + 64);
      s->quads[1] = tc_mkquad(c.x0 + 60, c.y0 + 30.5, c.x0 + 110, c.y0 + 44.5);
      s->nquads = k == 2 ? 1 : 2;
    }
  }

  c = cell(S_STAMP, top);
  init_spec(&sp[S_STAMP], "Stamp", "Stamp", c);
  sp[S_STAMP].set_rect = 1;
  sp[S_STAMP].rect = tc_mkrect(c.x0, c.y0 + 40, c.x1 + 40, c.y1);
  sp[S_STAMP].stroke_mode = COL_SET;
  sp[S_STAMP].stroke = tc_mkcol(0, 0.5, 0);
  sp[S_STAMP].opacity = 0.75;
  sp[S_STAMP].icon = "Approved";

  c = cell(S_STAMP_PNG, top);
  init_spec(&sp[S_STAMP_PNG], "Stamp", "Stamp (PNG)", c);
  sp[S_STAMP_PNG].image = tc_png_4x3;
  sp[S_STAMP_PNG].image_size = sizeof tc_png_4x3;
  sp[S_STAMP_PNG].opacity = 0.5;

  c = cell(S_STAMP_JPEG, top);
  init_spec(&sp[S_STAMP_JPEG], "Stamp", "Stamp (JPEG)", c);
  sp[S_STAMP_JPEG].image = k_jpeg;
  sp[S_STAMP_JPEG].image_size = sizeof k_jpeg;

  c = cell(S_FILE, top);
  init_spec(&sp[S_FILE], "FileAttachment", "FileAttachment", c);
  sp[S_FILE].set_rect = 1;
  sp[S_FILE].rect = tc_mkrect(c.x0, c.y1 - 24, c.x0 + 16, c.y1);
  sp[S_FILE].stroke_mode = COL_SET;
  sp[S_FILE].stroke = tc_mkcol(0.5, 0, 0);
  sp[S_FILE].icon = "Paperclip";
  sp[S_FILE].attachment = 1;

  c = cell(S_LINK_URI, top);
  init_spec(&sp[S_LINK_URI], "Link", "Link (URI)", c);
  sp[S_LINK_URI].texts = 0;
  sp[S_LINK_URI].stroke_mode = COL_SET;
  sp[S_LINK_URI].stroke = tc_mkcol(0, 0, 1);
  sp[S_LINK_URI].border = 1;
  sp[S_LINK_URI].bw = 1;
  sp[S_LINK_URI].bs = PDFTOOLS_BORDER_UNDERLINE;
  sp[S_LINK_URI].quads[0] = tc_mkquad(c.x0, c.y0 + 20, c.x1, c.y0 + 40);
  sp[S_LINK_URI].nquads = 1;
  sp[S_LINK_URI].uri = k_uri;
  sp[S_LINK_URI].set_flags = 1;
  sp[S_LINK_URI].flags = PDFTOOLS_ANNOT_PRINT | PDFTOOLS_ANNOT_READ_ONLY;

  c = cell(S_LINK_PAGE, top);
  init_spec(&sp[S_LINK_PAGE], "Link", "Link (page, borderless)", c);
  sp[S_LINK_PAGE].texts = 0;
  sp[S_LINK_PAGE].link_page = last_page;
  sp[S_LINK_PAGE].expect_ap = 0;

  c = cell(S_POPUP, top);
  init_spec(&sp[S_POPUP], "Popup", "Popup", c);
  sp[S_POPUP].texts = 0;
  sp[S_POPUP].set_rect = 1;
  sp[S_POPUP].rect = tc_mkrect(c.x0, c.y0, c.x1 + 50, c.y1 - 10);
  sp[S_POPUP].open = 1;
  sp[S_POPUP].expect_ap = 0;

  c = cell(S_CARET, top);
  init_spec(&sp[S_CARET], "Caret", "Caret", c);
  sp[S_CARET].set_rect = 1;
  sp[S_CARET].rect = tc_mkrect(c.x0 + 10, c.y0 + 10, c.x0 + 30, c.y0 + 30);
  sp[S_CARET].stroke_mode = COL_SET;
  sp[S_CARET].stroke = tc_mkcol(0.75, 0.25, 0);
  sp[S_CARET].set_flags = 1;
  sp[S_CARET].flags = PDFTOOLS_ANNOT_PRINT | PDFTOOLS_ANNOT_LOCKED_CONTENTS | PDFTOOLS_ANNOT_TOGGLE_NO_VIEW;
}

/* The points the geometry of a spec is made of (capacity 16). */
static int32_t geom_points(const spec *s, pdftools_point *pts) {
  int32_t n = 0, i;
  for (i = 0; i < s->nquads; i++) {
    pts[n++] = s->quads[i].p1;
    pts[n++] = s->quads[i].p2;
    pts[n++] = s->quads[i].p3;
    pts[n++] = s->quads[i].p4;
  }
  for (i = 0; i < s->ink_sizes[0] + s->ink_sizes[1] && s->nstrokes; i++) pts[n++] = s->ink[i];
  for (i = 0; i < s->nverts; i++) pts[n++] = s->verts[i];
  if (s->line) {
    pts[n++] = s->l0;
    pts[n++] = s->l1;
  }
  return n;
}

static pdftools_rect points_box(const pdftools_point *pts, size_t n) {
  pdftools_rect r = tc_mkrect(INFINITY, INFINITY, -INFINITY, -INFINITY);
  size_t i;
  for (i = 0; i < n; i++) {
    if (pts[i].x < r.x0) r.x0 = pts[i].x;
    if (pts[i].y < r.y0) r.y0 = pts[i].y;
    if (pts[i].x > r.x1) r.x1 = pts[i].x;
    if (pts[i].y > r.y1) r.y1 = pts[i].y;
  }
  return r;
}

/* Calls the setters a spec asks for on annotation id. */
static void apply_spec(pdftools_document *doc, pdftools_annotation_id id, spec *s, const char *ctx) {
  char w[256];
#define W(name) (snprintf(w, sizeof w, "%s %s: %s", ctx, s->label, name), w)
  if (s->set_rect) EXPECT_OK(pdftools_annotation_set_rect(doc, id, s->rect), W("set_rect"));
  if (s->stroke_mode == COL_SET)
    EXPECT_OK(pdftools_annotation_set_color(doc, id, PDFTOOLS_COLOR_STROKE, &s->stroke), W("set_color(STROKE)"));
  if (s->stroke_mode == COL_NONE)
    EXPECT_OK(pdftools_annotation_set_color(doc, id, PDFTOOLS_COLOR_STROKE, NULL), W("set_color(STROKE, NULL)"));
  if (s->interior_mode == COL_SET || s->interior_set_first)
    EXPECT_OK(pdftools_annotation_set_color(doc, id, PDFTOOLS_COLOR_INTERIOR, &s->interior),
              W("set_color(INTERIOR)"));
  if (s->interior_mode == COL_NONE)
    EXPECT_OK(pdftools_annotation_set_color(doc, id, PDFTOOLS_COLOR_INTERIOR, NULL), W("set_color(INTERIOR, NULL)"));
  if (s->opacity >= 0) EXPECT_OK(pdftools_annotation_set_opacity(doc, id, s->opacity), W("set_opacity"));
  if (s->border)
    EXPECT_OK(pdftools_annotation_set_border(doc, id, s->bw, s->bs, s->ndash ? s->dashes : NULL, s->ndash),
              W("set_border"));
  if (s->cloudy > 0) EXPECT_OK(pdftools_annotation_set_cloudy(doc, id, s->cloudy), W("set_cloudy"));
  if (s->texts) {
    EXPECT_OK(pdftools_annotation_set_text(doc, id, "Contents", s->contents), W("set_text(Contents)"));
    EXPECT_OK(pdftools_annotation_set_text(doc, id, "T", s->author), W("set_text(T)"));
    EXPECT_OK(pdftools_annotation_set_text(doc, id, "Subj", s->subject), W("set_text(Subj)"));
  }
  if (s->set_flags) EXPECT_OK(pdftools_annotation_set_flags(doc, id, s->flags), W("set_flags"));
  if (s->nquads) EXPECT_OK(pdftools_annotation_set_quads(doc, id, s->quads, s->nquads), W("set_quads"));
  if (s->nstrokes) EXPECT_OK(pdftools_annotation_set_ink(doc, id, s->ink, s->ink_sizes, s->nstrokes), W("set_ink"));
  if (s->nverts) EXPECT_OK(pdftools_annotation_set_vertices(doc, id, s->verts, s->nverts), W("set_vertices"));
  if (s->line)
    EXPECT_OK(pdftools_annotation_set_line(doc, id, s->l0, s->l1, s->le0, s->le1, s->ll, s->lle), W("set_line"));
  if (s->endings) EXPECT_OK(pdftools_annotation_set_line_endings(doc, id, s->e0, s->e1), W("set_line_endings"));
  if (s->icon) EXPECT_OK(pdftools_annotation_set_icon(doc, id, s->icon), W("set_icon"));
  if (s->open >= 0) EXPECT_OK(pdftools_annotation_set_open(doc, id, s->open), W("set_open"));
  if (s->freetext)
    EXPECT_OK(pdftools_annotation_set_free_text(doc, id, s->font, s->fsize, &s->fcolor, s->align, s->intent),
              W("set_free_text"));
  if (s->ncallout) EXPECT_OK(pdftools_annotation_set_callout(doc, id, s->callout, s->ncallout), W("set_callout"));
  if (s->uri) EXPECT_OK(pdftools_annotation_set_link_uri(doc, id, s->uri), W("set_link_uri"));
  if (s->link_page >= 0) EXPECT_OK(pdftools_annotation_set_link_page(doc, id, s->link_page), W("set_link_page"));
  if (s->attachment)
    EXPECT_OK(pdftools_annotation_set_attachment(doc, id, k_attachment_name, k_attachment, sizeof k_attachment),
              W("set_attachment"));
  if (s->image) EXPECT_OK(pdftools_annotation_set_stamp_image(doc, id, s->image, s->image_size), W("set_stamp_image"));
#undef W
}

/* Reads every property of annotation id back and compares it with the spec. */
static void verify_spec(pdftools_document *doc, pdftools_annotation_id id, const spec *s, const char *ctx) {
  pdftools_status st;
  char *str;
  pdftools_rect r = {0, 0, 0, 0};
  const char *L = s->label;

  str = tc_get_subtype(doc, id, &st);
  CHECK(str && strcmp(str, s->subtype) == 0, "%s %s: subtype \"%s\" (%s \"%s\")", ctx, L, s->subtype, st_name(st),
        str ? str : "");
  free(str);

  /* /Rect */
  st = pdftools_annotation_get_rect(doc, id, &r);
  if (s->geom) {
    pdftools_point pts[16];
    size_t n = geom_points(s, pts), i;
    int inside = 1;
    pdftools_rect box = points_box(pts, n), grown;
    double margin = s->line ? 45 : 25;
    for (i = 0; i < n; i++) inside &= rect_contains_point(r, pts[i], EPS);
    CHECK(st == PDFTOOLS_OK && inside,
          "%s %s: /Rect [%.2f %.2f %.2f %.2f] contains the %zu geometry points (box [%.2f %.2f %.2f %.2f])", ctx, L,
          r.x0, r.y0, r.x1, r.y1, n, box.x0, box.y0, box.x1, box.y1);
    grown = tc_mkrect(box.x0 - margin, box.y0 - margin, box.x1 + margin, box.y1 + margin);
    CHECK(rect_contains_rect(grown, r, EPS),
          "%s %s: /Rect is the box around the drawing (within %g of the points' box; excess %.2f %.2f %.2f %.2f)",
          ctx, L, margin, box.x0 - r.x0, box.y0 - r.y0, r.x1 - box.x1, r.y1 - box.y1);
  } else if (s->ncallout) {
    char *rd = tc_get_raw(doc, id, "RD", &st);
    double m[4];
    size_t i;
    int inside = rect_contains_rect(r, s->rect, EPS);
    for (i = 0; i < s->ncallout; i++) inside &= rect_contains_point(r, s->callout[i], EPS);
    CHECK(inside, "%s %s: /Rect [%.2f %.2f %.2f %.2f] holds the text box and the callout", ctx, L, r.x0, r.y0, r.x1,
          r.y1);
    if (CHECK(rd && tc_parse_numbers(rd, m, 4) == 4, "%s %s: /RD has 4 numbers (%s \"%s\")", ctx, L, st_name(st),
              rd ? rd : "")) {
      pdftools_rect inner = tc_mkrect(r.x0 + m[0], r.y0 + m[1], r.x1 - m[2], r.y1 - m[3]);
      CHECK(rect_near(inner, s->rect, EPS), "%s %s: /Rect less /RD is the text box [%g %g %g %g] ([%g %g %g %g])", ctx,
            L, s->rect.x0, s->rect.y0, s->rect.x1, s->rect.y1, inner.x0, inner.y0, inner.x1, inner.y1);
    }
    free(rd);
  } else {
    CHECK(st == PDFTOOLS_OK && rect_near(r, s->rect, EPS), "%s %s: rect [%g %g %g %g] (%s [%g %g %g %g])", ctx, L,
          s->rect.x0, s->rect.y0, s->rect.x1, s->rect.y1, st_name(st), r.x0, r.y0, r.x1, r.y1);
  }

  /* Colours */
  {
    int role;
    for (role = 0; role < 2; role++) {
      int mode = role == 0 ? s->stroke_mode : s->interior_mode;
      pdftools_color want = role == 0 ? s->stroke : s->interior, got = {-1, -1, -1};
      int32_t present = -1;
      const char *rn = role == 0 ? "STROKE" : "INTERIOR";
      if (mode == COL_DEFAULT) continue;
      st = pdftools_annotation_get_color(doc, id, (pdftools_color_role)role, &got, &present);
      if (mode == COL_SET)
        CHECK(st == PDFTOOLS_OK && present == 1 && color_near(got, want),
              "%s %s: %s colour %g %g %g (%s, present %d, %g %g %g)", ctx, L, rn, want.r, want.g, want.b, st_name(st),
              (int)present, got.r, got.g, got.b);
      else
        CHECK(st == PDFTOOLS_OK && present == 0 && got.r == -1, "%s %s: no %s colour (%s, present %d)", ctx, L, rn,
              st_name(st), (int)present);
    }
  }

  /* Opacity */
  {
    double o = -1, want = s->opacity >= 0 ? s->opacity : 1;
    st = pdftools_annotation_get_opacity(doc, id, &o);
    CHECK(st == PDFTOOLS_OK && tc_near(o, want, EPS), "%s %s: opacity %g (%s %g)", ctx, L, want, st_name(st), o);
  }

  /* Border */
  if (s->border) {
    double w = -1;
    pdftools_border_style bs = (pdftools_border_style)77;
    st = pdftools_annotation_get_border(doc, id, &w, &bs);
    CHECK(st == PDFTOOLS_OK && tc_near(w, s->bw, EPS) && bs == s->bs, "%s %s: border %g style %d (%s %g %d)", ctx, L,
          s->bw, (int)s->bs, st_name(st), w, (int)bs);
    if (s->ndash) {
      char *bsr = tc_get_raw(doc, id, "BS", &st);
      const char *d = bsr ? strstr(bsr, "/D") : NULL;
      double v[8];
      int n = -1;
      while (d && d[2] != ' ' && d[2] != '[') d = strstr(d + 2, "/D");
      if (d) n = tc_parse_numbers(d, v, 8);
      CHECK(n == (int)s->ndash && tc_near(v[0], s->dashes[0], EPS) && tc_near(v[1], s->dashes[1], EPS),
            "%s %s: /BS /D is the dash array [%g %g] (\"%s\")", ctx, L, s->dashes[0], s->dashes[1], bsr ? bsr : "");
      free(bsr);
    }
  }

  /* Cloudy */
  if (s->cloudy > 0) {
    char *be = tc_get_raw(doc, id, "BE", &st);
    double i = dict_number(be, "I");
    CHECK(be && strstr(be, "/S /C") && tc_near(i, s->cloudy, EPS), "%s %s: /BE << /S /C /I %g >> (%s \"%s\")", ctx, L,
          s->cloudy, st_name(st), be ? be : "");
    free(be);
  }

  /* Text entries */
  if (s->texts) {
    const char *keys[3] = {"Contents", "T", "Subj"};
    const char *vals[3];
    int k;
    vals[0] = s->contents;
    vals[1] = s->author;
    vals[2] = s->subject;
    for (k = 0; k < 3; k++) {
      str = tc_get_text(doc, id, keys[k], &st);
      CHECK(str && strcmp(str, vals[k]) == 0, "%s %s: /%s is \"%s\" (%s \"%s\")", ctx, L, keys[k], vals[k],
            st_name(st), str ? str : "");
      free(str);
    }
  }
  str = tc_get_text(doc, id, "NM", &st);
  CHECK(starts_with(str, "pdftools-") && (!s->nm[0] || strcmp(str, s->nm) == 0),
        "%s %s: /NM \"%s\" starts with pdftools-", ctx, L, str ? str : "");
  free(str);
  str = tc_get_text(doc, id, "M", &st);
  CHECK(starts_with(str, "D:") && strlen(str) >= 16, "%s %s: /M is a PDF date (\"%s\")", ctx, L, str ? str : "");
  free(str);
  if (strcmp(s->subtype, "Link") != 0 && strcmp(s->subtype, "Popup") != 0) {
    str = tc_get_text(doc, id, "CreationDate", &st);
    CHECK(starts_with(str, "D:"), "%s %s: markup annotation has /CreationDate (\"%s\")", ctx, L, str ? str : "");
    free(str);
  }

  /* Flags */
  {
    uint32_t f = 0xdead, want = s->set_flags ? s->flags : (strcmp(s->subtype, "Popup") == 0 ? 0u : 4u);
    st = pdftools_annotation_get_flags(doc, id, &f);
    CHECK(st == PDFTOOLS_OK && f == want, "%s %s: flags 0x%x (%s 0x%x)", ctx, L, (unsigned)want, st_name(st),
          (unsigned)f);
  }

  /* Quads */
  if (s->nquads) {
    pdftools_quad q[4];
    int32_t i;
    int32_t n = 0;
    int ok;
    memset(q, 0, sizeof q);
    st = pdftools_annotation_get_quads(doc, id, q, 4, &n);
    ok = st == PDFTOOLS_OK && n == s->nquads;
    for (i = 0; ok && i < n; i++)
      ok = point_near(q[i].p1, s->quads[i].p1) && point_near(q[i].p2, s->quads[i].p2) &&
           point_near(q[i].p3, s->quads[i].p3) && point_near(q[i].p4, s->quads[i].p4);
    CHECK(ok, "%s %s: %d quads read back (%s, %d)", ctx, L, s->nquads, st_name(st), n);
  }

  /* Ink */
  if (s->nstrokes) {
    pdftools_point p[8];
    int32_t i;
    int32_t ns = 0;
    int32_t sz[4] = {0, 0, 0, 0};
    int32_t np = 0;
    int ok;
    st = pdftools_annotation_get_ink(doc, id, p, 8, &np, sz, 4, &ns);
    ok = st == PDFTOOLS_OK && ns == 2 && sz[0] == s->ink_sizes[0] && sz[1] == s->ink_sizes[1] &&
         np == s->ink_sizes[0] + s->ink_sizes[1];
    for (i = 0; ok && i < np; i++) ok = point_near(p[i], s->ink[i]);
    CHECK(ok, "%s %s: 2 ink strokes of %d and %d points read back (%s, %d strokes, %d points)", ctx, L,
          s->ink_sizes[0], s->ink_sizes[1], st_name(st), ns, np);
  }

  /* Vertices */
  if (s->nverts) {
    pdftools_point p[8];
    int32_t i;
    int32_t n = 0;
    int ok;
    st = pdftools_annotation_get_vertices(doc, id, p, 8, &n);
    ok = st == PDFTOOLS_OK && n == s->nverts;
    for (i = 0; ok && i < n; i++) ok = point_near(p[i], s->verts[i]);
    CHECK(ok, "%s %s: %d vertices read back (%s, %d)", ctx, L, s->nverts, st_name(st), n);
  }

  /* Line */
  if (s->line) {
    pdftools_point a = {0, 0}, b = {0, 0};
    pdftools_line_ending ea = (pdftools_line_ending)77, eb = (pdftools_line_ending)77;
    char *v;
    st = pdftools_annotation_get_line(doc, id, &a, &b, &ea, &eb);
    CHECK(st == PDFTOOLS_OK && point_near(a, s->l0) && point_near(b, s->l1) && ea == s->le0 && eb == s->le1,
          "%s %s: line (%g %g)-(%g %g) endings %d %d (%s (%g %g)-(%g %g) %d %d)", ctx, L, s->l0.x, s->l0.y, s->l1.x,
          s->l1.y, (int)s->le0, (int)s->le1, st_name(st), a.x, a.y, b.x, b.y, (int)ea, (int)eb);
    v = tc_get_raw(doc, id, "LL", &st);
    CHECK(v && tc_near(atof(v), s->ll, EPS), "%s %s: /LL %g (\"%s\")", ctx, L, s->ll, v ? v : "");
    free(v);
    v = tc_get_raw(doc, id, "LLE", &st);
    CHECK(v && tc_near(atof(v), s->lle, EPS), "%s %s: /LLE %g (\"%s\")", ctx, L, s->lle, v ? v : "");
    free(v);
  } else if (s->endings) {
    static const char *const names[10] = {"None", "Square", "Circle", "Diamond", "OpenArrow", "ClosedArrow",
                                          "Butt", "ROpenArrow", "RClosedArrow", "Slash"};
    char want[64];
    char *v = raw_norm(doc, id, "LE", &st);
    pdftools_point a;
    snprintf(want, sizeof want, "[/%s /%s]", names[s->e0], names[s->e1]);
    CHECK(v && strcmp(v, want) == 0, "%s %s: /LE is %s (%s \"%s\")", ctx, L, want, st_name(st), v ? v : "");
    free(v);
    EXPECT_STATUS(pdftools_annotation_get_line(doc, id, &a, NULL, NULL, NULL), PDFTOOLS_E_NOT_FOUND,
                  "get_line on a PolyLine (no /L)");
  }

  /* Icon, open */
  if (s->icon) {
    char want[64];
    char *v = raw_norm(doc, id, "Name", &st);
    snprintf(want, sizeof want, "/%s", s->icon);
    CHECK(v && strcmp(v, want) == 0, "%s %s: /Name %s (%s \"%s\")", ctx, L, want, st_name(st), v ? v : "");
    free(v);
  }
  if (s->open >= 0) {
    char *v = raw_norm(doc, id, "Open", &st);
    CHECK(v && strcmp(v, s->open ? "true" : "false") == 0, "%s %s: /Open %s (%s \"%s\")", ctx, L,
          s->open ? "true" : "false", st_name(st), v ? v : "");
    free(v);
  }

  /* FreeText */
  if (s->freetext) {
    char font[64] = "";
    size_t need = 0;
    double size = -1;
    pdftools_color col = {-1, -1, -1};
    pdftools_text_alignment align = (pdftools_text_alignment)-1;
    char *v;
    st = pdftools_annotation_get_free_text(doc, id, font, sizeof font, &need, &size, &col, &align);
    CHECK(st == PDFTOOLS_OK && strcmp(font, s->font) == 0 && need == strlen(s->font) + 1 && tc_near(size, s->fsize, EPS) &&
              color_near(col, s->fcolor) && (int32_t)align == s->align,
          "%s %s: free text %s %g, colour %g %g %g, alignment %d (%s %s %g, %g %g %g, %d)", ctx, L, s->font, s->fsize,
          s->fcolor.r, s->fcolor.g, s->fcolor.b, (int)s->align, st_name(st), font, size, col.r, col.g, col.b,
          (int)align);
    v = raw_norm(doc, id, "IT", &st);
    {
      char want[64];
      snprintf(want, sizeof want, "/%s", s->intent);
      CHECK(v && strcmp(v, want) == 0, "%s %s: /IT %s (%s \"%s\")", ctx, L, want, st_name(st), v ? v : "");
    }
    free(v);
  }
  if (s->ncallout) {
    char *v = tc_get_raw(doc, id, "CL", &st);
    double m[8];
    int n = v ? tc_parse_numbers(v, m, 8) : -1, ok = n == (int)(2 * s->ncallout), i;
    for (i = 0; ok && i < n / 2; i++) ok = tc_near(m[2 * i], s->callout[i].x, EPS) && tc_near(m[2 * i + 1], s->callout[i].y, EPS);
    CHECK(ok, "%s %s: /CL has the %zu callout points (%s \"%s\")", ctx, L, s->ncallout, st_name(st), v ? v : "");
    free(v);
  }

  /* Link */
  if (s->uri) {
    str = tc_get_link_uri(doc, id, &st);
    CHECK(str && strcmp(str, s->uri) == 0, "%s %s: link URI \"%s\" (%s \"%s\")", ctx, L, s->uri, st_name(st),
          str ? str : "");
    free(str);
  }
  if (s->link_page >= 0) {
    int32_t p = -7;
    st = pdftools_annotation_get_link_page(doc, id, &p);
    CHECK(st == PDFTOOLS_OK && p == s->link_page, "%s %s: link page %d (%s %d)", ctx, L, (int)s->link_page,
          st_name(st), (int)p);
  }
  if (strcmp(s->subtype, "Link") == 0 && !s->uri) {
    size_t need = 0;
    EXPECT_STATUS(pdftools_annotation_get_link_uri(doc, id, NULL, 0, &need), PDFTOOLS_E_NOT_FOUND,
                  "get_link_uri on a Link without URI action");
  }
  if (strcmp(s->subtype, "Link") == 0 && s->link_page < 0) {
    int32_t p;
    EXPECT_STATUS(pdftools_annotation_get_link_page(doc, id, &p), PDFTOOLS_E_NOT_FOUND,
                  "get_link_page on a Link without page destination");
  }

  /* Attachment */
  if (s->attachment) {
    void *data = NULL;
    size_t size = 0, nsize = 0;
    char name[128] = "";
    st = pdftools_annotation_get_attachment(doc, id, &data, &size, name, sizeof name, &nsize);
    CHECK(st == PDFTOOLS_OK && data && size == sizeof k_attachment && memcmp(data, k_attachment, size) == 0,
          "%s %s: attachment of %zu bytes with NULs read back (%s, %zu bytes)", ctx, L, sizeof k_attachment,
          st_name(st), size);
    CHECK(st == PDFTOOLS_OK && strcmp(name, k_attachment_name) == 0 && nsize == sizeof k_attachment_name,
          "%s %s: attachment name \"%s\" (\"%s\", size %zu)", ctx, L, k_attachment_name, name, nsize);
    if (st == PDFTOOLS_OK) pdftools_free(data);
  }

  /* Appearance */
  {
    size_t need = 0;
    st = pdftools_annotation_get_raw(doc, id, "AP", NULL, 0, &need);
    if (s->expect_ap)
      CHECK(st == PDFTOOLS_OK, "%s %s: has /AP (%s)", ctx, L, st_name(st));
    else
      CHECK(st == PDFTOOLS_E_NOT_FOUND, "%s %s: has no /AP (%s)", ctx, L, st_name(st));
  }
}

/* ------------------------------------------------------------------------ */
/* 1. Round trips                                                            */

typedef struct relations {
  char popup_nm[64];
  pdftools_rect popup_rect;
} relations;

static void verify_relations(pdftools_document *doc, int32_t page, const spec *sp, const relations *rel,
                             const char *ctx) {
  pdftools_annotation_id sq = find_by_nm(doc, page, sp[S_SQUARE].nm);
  pdftools_annotation_id text = find_by_nm(doc, page, sp[S_TEXT].nm);
  pdftools_annotation_id caret = find_by_nm(doc, page, sp[S_CARET].nm);
  pdftools_annotation_id pop = find_by_nm(doc, page, rel->popup_nm);
  pdftools_annotation_id parent = -7, *ids;
  pdftools_status st;
  pdftools_rect r;
  char *v;
  int n;
  if (!CHECK(sq && text && caret && pop, "%s: the Square, Text, Caret and the added Popup are found by /NM", ctx)) return;

  st = pdftools_annotation_get_reply(doc, text, &parent);
  CHECK(st == PDFTOOLS_OK && parent == sq, "%s: the Text replies to the Square (%s, %lld vs %lld)", ctx, st_name(st),
        (long long)parent, (long long)sq);
  v = tc_get_raw(doc, text, "RT", &st);
  CHECK(st == PDFTOOLS_E_NOT_FOUND, "%s: reply type R is written as no /RT (%s \"%s\")", ctx, st_name(st), v ? v : "");
  free(v);
  parent = -7;
  st = pdftools_annotation_get_reply(doc, caret, &parent);
  CHECK(st == PDFTOOLS_OK && parent == sq, "%s: the Caret replies to the Square (%s)", ctx, st_name(st));
  v = raw_norm(doc, caret, "RT", &st);
  CHECK(v && strcmp(v, "/Group") == 0, "%s: the Caret's /RT is /Group (\"%s\")", ctx, v ? v : "");
  free(v);
  parent = -7;
  st = pdftools_annotation_get_reply(doc, sq, &parent);
  CHECK(st == PDFTOOLS_OK && parent == 0, "%s: the Square replies to nothing (%s, %lld)", ctx, st_name(st),
        (long long)parent);

  v = tc_get_raw(doc, sq, "Popup", &st);
  CHECK(is_reference(v), "%s: the Square's /Popup is a reference (\"%s\")", ctx, v ? v : "");
  free(v);
  v = tc_get_raw(doc, pop, "Parent", &st);
  CHECK(is_reference(v), "%s: the popup's /Parent is a reference (\"%s\")", ctx, v ? v : "");
  free(v);
  v = tc_get_subtype(doc, pop, &st);
  CHECK(v && strcmp(v, "Popup") == 0, "%s: the added popup is a Popup (\"%s\")", ctx, v ? v : "");
  free(v);
  st = pdftools_annotation_get_rect(doc, pop, &r);
  CHECK(st == PDFTOOLS_OK && rect_near(r, rel->popup_rect, EPS), "%s: the popup's rect", ctx);
  v = raw_norm(doc, pop, "Open", &st);
  CHECK(v && strcmp(v, "true") == 0, "%s: the popup is open (\"%s\")", ctx, v ? v : "");
  free(v);
  CHECK(starts_with(rel->popup_nm, "pdftools-"), "%s: the popup's /NM starts with pdftools- (\"%s\")", ctx,
        rel->popup_nm);
  {
    size_t need;
    EXPECT_STATUS(pdftools_annotation_get_raw(doc, pop, "AP", NULL, 0, &need), PDFTOOLS_E_NOT_FOUND,
                  "the added popup has no /AP");
  }

  n = tc_list_ids(doc, page, &ids);
  CHECK(n > 0 && ids[0] == caret, "%s: set_z_index(0) put the Caret at the back of the z-order", ctx);
  free(ids);
}

static void verify_all(pdftools_document *doc, int32_t page, const spec *sp, const relations *rel, const char *ctx) {
  int i;
  for (i = 0; i < S_COUNT; i++) {
    pdftools_annotation_id id = find_by_nm(doc, page, sp[i].nm);
    if (CHECK(id != 0, "%s %s: found by /NM %s", ctx, sp[i].label, sp[i].nm)) verify_spec(doc, id, &sp[i], ctx);
  }
  verify_relations(doc, page, sp, rel, ctx);
}

/* Deletes the Square of a reopened copy: its popup goes with it. */
static void delete_square_in_copy(pdftools_document *doc, int32_t page, const spec *sp, const relations *rel,
                                  const char *ctx) {
  pdftools_annotation_id sq = find_by_nm(doc, page, sp[S_SQUARE].nm);
  pdftools_annotation_id pop = find_by_nm(doc, page, rel->popup_nm);
  int before = tc_count_annots(doc, page);
  char w[200];
  snprintf(w, sizeof w, "%s: delete the Square", ctx);
  if (!EXPECT_OK(pdftools_annotation_delete(doc, sq), w)) return;
  CHECK(tc_count_annots(doc, page) == before - 2 && find_by_nm(doc, page, rel->popup_nm) == 0,
        "%s: its popup went with it (%d -> %d annotations)", ctx, before, tc_count_annots(doc, page));
  snprintf(w, sizeof w, "%s: the popup's id is stale", ctx);
  EXPECT_STATUS(pdftools_annotation_set_open(doc, pop, 0), PDFTOOLS_E_NOT_FOUND, w);
}

static void roundtrip(pdftools_document *doc, int32_t page, const unsigned char *orig, size_t orig_size,
                      const char *ctx) {
  spec sp[S_COUNT];
  relations rel;
  pdftools_rect media;
  int32_t pages = 0;
  int before, i;
  char w[256], c2[128];
  void *full = NULL, *inc = NULL;
  size_t full_size = 0, inc_size = 0;
  pdftools_document *copy = NULL;
  pdftools_annotation_id pop = 0;

  memset(&rel, 0, sizeof rel);
  pdftools_page_get_box(doc, page, PDFTOOLS_BOX_MEDIA, &media);
  pdftools_document_get_page_count(doc, &pages);
  make_specs(sp, media.y1, pages - 1);
  before = tc_count_annots(doc, page);

  for (i = 0; i < S_COUNT; i++) {
    pdftools_annotation_id id = 0;
    char *nm;
    snprintf(w, sizeof w, "%s: create a %s", ctx, sp[i].label);
    if (!EXPECT_OK(pdftools_annotation_create(doc, page, sp[i].subtype, sp[i].create_rect, &id), w)) continue;
    sp[i].id = id;
    nm = tc_get_text(doc, id, "NM", NULL);
    snprintf(sp[i].nm, sizeof sp[i].nm, "%s", nm ? nm : "?");
    free(nm);
    apply_spec(doc, id, &sp[i], ctx);
  }
  CHECK(tc_count_annots(doc, page) == before + S_COUNT, "%s: %d annotations created on page %d", ctx, S_COUNT, (int)page);
  {
    int distinct = 1, j;
    for (i = 0; i < S_COUNT; i++)
      for (j = 0; j < i; j++)
        if (strcmp(sp[i].nm, sp[j].nm) == 0 || sp[i].id == sp[j].id) distinct = 0;
    CHECK(distinct, "%s: ids and /NM values are distinct", ctx);
  }

  /* Relations: a popup for the Square, replies, z-order. */
  rel.popup_rect = tc_mkrect(sp[S_SQUARE].rect.x1 + 5, sp[S_SQUARE].rect.y0, sp[S_SQUARE].rect.x1 + 125,
                          sp[S_SQUARE].rect.y1 + 20);
  snprintf(w, sizeof w, "%s: add_popup to the Square", ctx);
  if (EXPECT_OK(pdftools_annotation_add_popup(doc, sp[S_SQUARE].id, rel.popup_rect, 1, &pop), w)) {
    char *nm = tc_get_text(doc, pop, "NM", NULL);
    snprintf(rel.popup_nm, sizeof rel.popup_nm, "%s", nm ? nm : "?");
    free(nm);
  }
  snprintf(w, sizeof w, "%s: set_reply(Text -> Square, NULL type)", ctx);
  EXPECT_OK(pdftools_annotation_set_reply(doc, sp[S_TEXT].id, sp[S_SQUARE].id, NULL), w);
  snprintf(w, sizeof w, "%s: set_reply(Caret -> Square, Group)", ctx);
  EXPECT_OK(pdftools_annotation_set_reply(doc, sp[S_CARET].id, sp[S_SQUARE].id, "Group"), w);
  snprintf(w, sizeof w, "%s: set_z_index(Caret, 0)", ctx);
  EXPECT_OK(pdftools_annotation_set_z_index(doc, sp[S_CARET].id, 0), w);
  CHECK(tc_count_annots(doc, page) == before + S_COUNT + 1, "%s: %d annotations with the popup", ctx, S_COUNT + 1);

  snprintf(c2, sizeof c2, "%s, unsaved", ctx);
  verify_all(doc, page, sp, &rel, c2);

  /* Full save. */
  snprintf(w, sizeof w, "%s: save_to_memory (full)", ctx);
  if (EXPECT_OK(save_mem(doc, PDFTOOLS_SAVE_FULL, &full, &full_size), w)) {
    snprintf(c2, sizeof c2, "%s, full save", ctx);
    qpdf_check(full, full_size, NULL, c2);
    snprintf(w, sizeof w, "%s: reopen", c2);
    if (EXPECT_OK(pdftools_document_open_from_memory(full, full_size, NULL, &copy), w)) {
      verify_all(copy, page, sp, &rel, c2);
      delete_square_in_copy(copy, page, sp, &rel, c2);
      pdftools_document_close(copy);
      copy = NULL;
    }
  }

  /* Incremental save. */
  if (orig) {
    snprintf(w, sizeof w, "%s: save_to_memory (incremental)", ctx);
    if (EXPECT_OK(save_mem(doc, PDFTOOLS_SAVE_INCREMENTAL, &inc, &inc_size), w)) {
      snprintf(c2, sizeof c2, "%s, incremental save", ctx);
      CHECK(inc_size > orig_size && memcmp(inc, orig, orig_size) == 0, "%s: the original file is a byte-exact prefix",
            c2);
      qpdf_check(inc, inc_size, NULL, c2);
      snprintf(w, sizeof w, "%s: reopen", c2);
      if (EXPECT_OK(pdftools_document_open_from_memory(inc, inc_size, NULL, &copy), w)) {
        verify_all(copy, page, sp, &rel, c2);
        pdftools_document_close(copy);
        copy = NULL;
      }
      pdftools_free(inc);
    }
  } else if (full) {
    void *tmp = NULL;
    size_t tmp_size = 0;
    snprintf(w, sizeof w, "%s: an incremental save of a new document", ctx);
    EXPECT_STATUS(save_mem(doc, PDFTOOLS_SAVE_INCREMENTAL, &tmp, &tmp_size), PDFTOOLS_E_UNSUPPORTED, w);
    if (tmp) pdftools_free(tmp);
    /* Reopen the full save, change one annotation and save that incrementally. */
    if (pdftools_document_open_from_memory(full, full_size, NULL, &copy) == PDFTOOLS_OK) {
      pdftools_annotation_id sq = find_by_nm(copy, page, sp[S_SQUARE].nm);
      snprintf(sp[S_SQUARE].contents, sizeof sp[S_SQUARE].contents,
               "ge\xc3\xa4ndert \xe6\x97\xa5\xe6\x9c\xac \xf0\x9f\x98\x80");
      snprintf(w, sizeof w, "%s: change the Square's /Contents in the reopened full save", ctx);
      EXPECT_OK(pdftools_annotation_set_text(copy, sq, "Contents", sp[S_SQUARE].contents), w);
      snprintf(w, sizeof w, "%s: save the reopened file incrementally", ctx);
      if (EXPECT_OK(save_mem(copy, PDFTOOLS_SAVE_INCREMENTAL, &inc, &inc_size), w)) {
        pdftools_document *again = NULL;
        snprintf(c2, sizeof c2, "%s, full then incremental save", ctx);
        CHECK(inc_size > full_size && memcmp(inc, full, full_size) == 0, "%s: the full save is a byte-exact prefix",
              c2);
        qpdf_check(inc, inc_size, NULL, c2);
        snprintf(w, sizeof w, "%s: reopen", c2);
        if (EXPECT_OK(pdftools_document_open_from_memory(inc, inc_size, NULL, &again), w)) {
          verify_all(again, page, sp, &rel, c2);
          pdftools_document_close(again);
        }
        pdftools_free(inc);
      }
      pdftools_document_close(copy);
    }
  }
  if (full) pdftools_free(full);
}

static void test_roundtrip_new(void) {
  pdftools_document *doc = NULL;
  if (!EXPECT_OK(pdftools_document_new(&doc), "new document")) return;
  EXPECT_OK(pdftools_document_insert_blank_page(doc, 0, 612, 792), "insert a blank page");
  EXPECT_OK(pdftools_document_insert_blank_page(doc, 1, 612, 792), "insert a second blank page (link target)");
  roundtrip(doc, 0, NULL, 0, "new document");
  pdftools_document_close(doc);
}

static void test_roundtrip_corpus(void) {
  char *path = tc_corpus_file(g_corpus, CORPUS_FILE);
  size_t size = 0;
  unsigned char *bytes = tc_read_file(path, &size);
  pdftools_document *doc = tc_open_corpus(g_corpus, CORPUS_FILE, NULL);
  if (doc && CHECK(bytes != NULL, "read %s", CORPUS_FILE)) roundtrip(doc, 0, bytes, size, CORPUS_FILE " page 0");
  pdftools_document_close(doc);
  free(bytes);
  free(path);
}

/* ------------------------------------------------------------------------ */
/* 2. /M follows every change                                                */

enum {
  M_RECT, M_COLOR, M_INTERIOR, M_OPACITY, M_BORDER, M_CLOUDY, M_TEXT, M_FLAGS, M_QUADS, M_INK, M_VERTICES, M_LINE,
  M_ENDINGS, M_ICON, M_OPEN, M_FREETEXT, M_CALLOUT, M_REPLY, M_LINK_URI, M_LINK_PAGE, M_ATTACHMENT, M_STAMP_IMAGE,
  M_COUNT
};

static void test_modification_dates(void) {
  static const char *const subtypes[M_COUNT] = {
      "Square", "Square", "Circle", "Circle", "Square", "Polygon", "Caret", "Text", "Highlight", "Ink", "Polygon",
      "Line", "PolyLine", "Text", "Text", "FreeText", "FreeText", "Caret", "Link", "Link", "FileAttachment", "Stamp"};
  static const char *const names[M_COUNT] = {
      "set_rect", "set_color", "set_color(INTERIOR)", "set_opacity", "set_border", "set_cloudy", "set_text",
      "set_flags", "set_quads", "set_ink", "set_vertices", "set_line", "set_line_endings", "set_icon", "set_open",
      "set_free_text", "set_callout", "set_reply", "set_link_uri", "set_link_page", "set_attachment",
      "set_stamp_image"};
  pdftools_document *doc = NULL;
  pdftools_annotation_id ids[M_COUNT], parent = 0;
  char *m0[M_COUNT], *cd0[M_COUNT];
  int i;
  pdftools_color red = {1, 0, 0};
  pdftools_quad q = tc_mkquad(100, 100, 200, 120);
  pdftools_point pts[3] = {{100, 100}, {150, 160}, {200, 110}};
  int32_t sizes[1] = {3};
  double dash[2] = {2, 2};

  if (!EXPECT_OK(pdftools_document_new(&doc), "/M: new document")) return;
  pdftools_document_insert_blank_page(doc, 0, 612, 792);
  pdftools_document_insert_blank_page(doc, 1, 612, 792);
  pdftools_annotation_create(doc, 0, "Square", tc_mkrect(300, 300, 400, 400), &parent);
  for (i = 0; i < M_COUNT; i++) {
    ids[i] = 0;
    m0[i] = cd0[i] = NULL;
    if (pdftools_annotation_create(doc, 0, subtypes[i], tc_mkrect(50 + 10 * i, 50 + 10 * i, 150 + 10 * i, 150 + 10 * i),
                                   &ids[i]) != PDFTOOLS_OK)
      CHECK(0, "/M: create a %s", subtypes[i]);
    m0[i] = tc_get_text(doc, ids[i], "M", NULL);
    cd0[i] = tc_get_text(doc, ids[i], "CreationDate", NULL);
  }
  sleep(1);
  {
    pdftools_status st[M_COUNT];
    st[M_RECT] = pdftools_annotation_set_rect(doc, ids[M_RECT], tc_mkrect(10, 10, 60, 60));
    st[M_COLOR] = pdftools_annotation_set_color(doc, ids[M_COLOR], PDFTOOLS_COLOR_STROKE, &red);
    st[M_INTERIOR] = pdftools_annotation_set_color(doc, ids[M_INTERIOR], PDFTOOLS_COLOR_INTERIOR, &red);
    st[M_OPACITY] = pdftools_annotation_set_opacity(doc, ids[M_OPACITY], 0.5);
    st[M_BORDER] = pdftools_annotation_set_border(doc, ids[M_BORDER], 2, PDFTOOLS_BORDER_DASHED, dash, 2);
    st[M_CLOUDY] = pdftools_annotation_set_cloudy(doc, ids[M_CLOUDY], 1);
    st[M_TEXT] = pdftools_annotation_set_text(doc, ids[M_TEXT], "Contents", "x");
    st[M_FLAGS] = pdftools_annotation_set_flags(doc, ids[M_FLAGS], PDFTOOLS_ANNOT_PRINT | PDFTOOLS_ANNOT_LOCKED);
    st[M_QUADS] = pdftools_annotation_set_quads(doc, ids[M_QUADS], &q, 1);
    st[M_INK] = pdftools_annotation_set_ink(doc, ids[M_INK], pts, sizes, 1);
    st[M_VERTICES] = pdftools_annotation_set_vertices(doc, ids[M_VERTICES], pts, 3);
    st[M_LINE] = pdftools_annotation_set_line(doc, ids[M_LINE], pts[0], pts[1], PDFTOOLS_ENDING_NONE,
                                              PDFTOOLS_ENDING_SQUARE, 0, 0);
    st[M_ENDINGS] =
        pdftools_annotation_set_line_endings(doc, ids[M_ENDINGS], PDFTOOLS_ENDING_BUTT, PDFTOOLS_ENDING_DIAMOND);
    st[M_ICON] = pdftools_annotation_set_icon(doc, ids[M_ICON], "Key");
    st[M_OPEN] = pdftools_annotation_set_open(doc, ids[M_OPEN], 1);
    st[M_FREETEXT] = pdftools_annotation_set_free_text(doc, ids[M_FREETEXT], "Courier", 9, NULL, 2, NULL);
    st[M_CALLOUT] = pdftools_annotation_set_callout(doc, ids[M_CALLOUT], pts, 2);
    st[M_REPLY] = pdftools_annotation_set_reply(doc, ids[M_REPLY], parent, "R");
    st[M_LINK_URI] = pdftools_annotation_set_link_uri(doc, ids[M_LINK_URI], "https://example.com/");
    st[M_LINK_PAGE] = pdftools_annotation_set_link_page(doc, ids[M_LINK_PAGE], 1);
    st[M_ATTACHMENT] = pdftools_annotation_set_attachment(doc, ids[M_ATTACHMENT], "a.txt", "abc", 3);
    st[M_STAMP_IMAGE] = pdftools_annotation_set_stamp_image(doc, ids[M_STAMP_IMAGE], tc_png_4x3, sizeof tc_png_4x3);
    for (i = 0; i < M_COUNT; i++) {
      char *m1 = tc_get_text(doc, ids[i], "M", NULL);
      char *cd1 = tc_get_text(doc, ids[i], "CreationDate", NULL);
      char w[128];
      snprintf(w, sizeof w, "/M: %s on a %s", names[i], subtypes[i]);
      EXPECT_OK(st[i], w);
      CHECK(m0[i] && m1 && starts_with(m1, "D:") && strcmp(m0[i], m1) != 0, "/M: %s changes /M (\"%s\" -> \"%s\")",
            names[i], m0[i] ? m0[i] : "(none)", m1 ? m1 : "(none)");
      if (strcmp(subtypes[i], "Link") != 0)
        CHECK(cd0[i] && cd1 && strcmp(cd0[i], cd1) == 0, "/M: %s keeps /CreationDate (\"%s\")", names[i],
              cd1 ? cd1 : "(none)");
      free(m1);
      free(cd1);
      free(m0[i]);
      free(cd0[i]);
    }
  }
  pdftools_document_close(doc);
}

/* ------------------------------------------------------------------------ */
/* 3. Geometry: /Rect follows the drawing; a FreeText callout and /RD        */

static void check_rect_around(pdftools_document *doc, pdftools_annotation_id id, const pdftools_point *pts, size_t n,
                              double margin, const char *what) {
  pdftools_rect r = {0, 0, 0, 0}, box = points_box(pts, n), grown;
  size_t i;
  int inside = 1;
  pdftools_status st = pdftools_annotation_get_rect(doc, id, &r);
  for (i = 0; i < n; i++) inside &= rect_contains_point(r, pts[i], EPS);
  CHECK(st == PDFTOOLS_OK && inside, "%s: /Rect [%.2f %.2f %.2f %.2f] contains the points (box [%.2f %.2f %.2f %.2f])",
        what, r.x0, r.y0, r.x1, r.y1, box.x0, box.y0, box.x1, box.y1);
  grown = tc_mkrect(box.x0 - margin, box.y0 - margin, box.x1 + margin, box.y1 + margin);
  CHECK(rect_contains_rect(grown, r, EPS), "%s: /Rect is no more than %g beyond the points (excess %.2f %.2f %.2f %.2f)",
        what, margin, box.x0 - r.x0, box.y0 - r.y0, r.x1 - box.x1, r.y1 - box.y1);
}

/* /Rect less the /RD margins is the text box want. */
static void check_text_box(pdftools_document *doc, pdftools_annotation_id id, pdftools_rect want, const char *what) {
  pdftools_rect r = {0, 0, 0, 0};
  pdftools_status st;
  char *rd;
  double m[4];
  pdftools_annotation_get_rect(doc, id, &r);
  rd = tc_get_raw(doc, id, "RD", &st);
  if (CHECK(rd && tc_parse_numbers(rd, m, 4) == 4, "%s: /RD is written (%s \"%s\")", what, st_name(st), rd ? rd : "")) {
    pdftools_rect inner = tc_mkrect(r.x0 + m[0], r.y0 + m[1], r.x1 - m[2], r.y1 - m[3]);
    CHECK(rect_near(inner, want, EPS) && m[0] >= 0 && m[1] >= 0 && m[2] >= 0 && m[3] >= 0,
          "%s: /Rect [%.2f %.2f %.2f %.2f] less /RD %s is the text box [%g %g %g %g] ([%.2f %.2f %.2f %.2f])", what,
          r.x0, r.y0, r.x1, r.y1, rd, want.x0, want.y0, want.x1, want.y1, inner.x0, inner.y0, inner.x1, inner.y1);
  }
  free(rd);
}

static void test_geometry(void) {
  pdftools_document *doc = NULL;
  pdftools_rect c = tc_mkrect(100, 500, 200, 600);
  char w[200];
  int k;
  if (!EXPECT_OK(pdftools_document_new(&doc), "geometry: new document")) return;
  pdftools_document_insert_blank_page(doc, 0, 612, 792);

  /* Default geometry fills the creation rect: the rect keeps it. */
  {
    static const char *const subs[] = {"Line", "PolyLine", "Polygon", "Ink", "Highlight", "Underline", "Squiggly",
                                       "StrikeOut"};
    for (k = 0; k < (int)(sizeof subs / sizeof subs[0]); k++) {
      pdftools_annotation_id id = 0;
      pdftools_rect r;
      pdftools_point far1[4], far2[3];
      pdftools_quad q[2];
      int32_t sizes[2] = {2, 2};
      snprintf(w, sizeof w, "geometry: create a %s", subs[k]);
      if (!EXPECT_OK(pdftools_annotation_create(doc, 0, subs[k], c, &id), w)) continue;
      pdftools_annotation_get_rect(doc, id, &r);
      CHECK(rect_contains_rect(r, tc_mkrect(c.x0 + 1, c.y0 + 1, c.x1 - 1, c.y1 - 1), EPS) &&
                rect_contains_rect(tc_mkrect(c.x0 - 25, c.y0 - 25, c.x1 + 25, c.y1 + 25), r, EPS),
            "geometry: a new %s's rect [%.2f %.2f %.2f %.2f] is about its creation rect", subs[k], r.x0, r.y0, r.x1,
            r.y1);
      /* Move the geometry away: the rect follows, both ways. */
      far1[0] = tc_mkpt(300, 100);
      far1[1] = tc_mkpt(380.5, 180);
      far1[2] = tc_mkpt(420, 120.25);
      far1[3] = tc_mkpt(330, 90);
      far2[0] = tc_mkpt(50, 700);
      far2[1] = tc_mkpt(70, 740);
      far2[2] = tc_mkpt(90, 710);
      q[0] = tc_mkquad(300, 100, 420, 114);
      q[1] = tc_mkquad(300, 80, 380, 94);
      if (strcmp(subs[k], "Line") == 0) {
        EXPECT_OK(pdftools_annotation_set_line(doc, id, far1[0], far1[1], PDFTOOLS_ENDING_CLOSED_ARROW,
                                               PDFTOOLS_ENDING_CIRCLE, 0, 0),
                  "geometry: move the Line");
        check_rect_around(doc, id, far1, 2, 25, "geometry: Line moved away");
        EXPECT_OK(pdftools_annotation_set_line(doc, id, far2[0], far2[1], PDFTOOLS_ENDING_NONE, PDFTOOLS_ENDING_NONE,
                                               -12, 4),
                  "geometry: move the Line back, leader lines -12 / 4");
        check_rect_around(doc, id, far2, 2, 40, "geometry: Line moved back with leader lines");
      } else if (strcmp(subs[k], "PolyLine") == 0 || strcmp(subs[k], "Polygon") == 0) {
        EXPECT_OK(pdftools_annotation_set_vertices(doc, id, far1, 4), "geometry: move the vertices");
        snprintf(w, sizeof w, "geometry: %s moved away", subs[k]);
        check_rect_around(doc, id, far1, 4, 25, w);
        EXPECT_OK(pdftools_annotation_set_vertices(doc, id, far2, 3), "geometry: move the vertices back");
        snprintf(w, sizeof w, "geometry: %s moved back", subs[k]);
        check_rect_around(doc, id, far2, 3, 25, w);
        EXPECT_OK(pdftools_annotation_set_border(doc, id, 12, PDFTOOLS_BORDER_SOLID, NULL, 0),
                  "geometry: a 12 pt border");
        {
          pdftools_rect after;
          pdftools_annotation_get_rect(doc, id, &after);
          CHECK(after.x0 <= 50 - 5.99 && after.x1 >= 90 + 5.99 && after.y0 <= 700 - 5.99 && after.y1 >= 740 + 5.99,
                "geometry: %s with a 12 pt border: /Rect [%.2f %.2f %.2f %.2f] holds half the width around the points",
                subs[k], after.x0, after.y0, after.x1, after.y1);
        }
      } else if (strcmp(subs[k], "Ink") == 0) {
        EXPECT_OK(pdftools_annotation_set_ink(doc, id, far1, sizes, 2), "geometry: move the ink");
        check_rect_around(doc, id, far1, 4, 25, "geometry: Ink moved away");
        sizes[0] = 3;
        EXPECT_OK(pdftools_annotation_set_ink(doc, id, far2, sizes, 1), "geometry: move the ink back");
        check_rect_around(doc, id, far2, 3, 25, "geometry: Ink moved back");
        EXPECT_OK(pdftools_annotation_set_border(doc, id, 10, PDFTOOLS_BORDER_SOLID, NULL, 0), "geometry: 10 pt ink");
        {
          pdftools_rect after;
          pdftools_annotation_get_rect(doc, id, &after);
          CHECK(after.x0 <= 50 - 4.99 && after.x1 >= 90 + 4.99 && after.y0 <= 700 - 4.99 && after.y1 >= 740 + 4.99,
                "geometry: 10 pt ink: /Rect [%.2f %.2f %.2f %.2f] holds half the width around the points", after.x0,
                after.y0, after.x1, after.y1);
        }
      } else {
        pdftools_point qp[8];
        int j;
        EXPECT_OK(pdftools_annotation_set_quads(doc, id, q, 2), "geometry: move the quads");
        for (j = 0; j < 2; j++) {
          qp[4 * j] = q[j].p1;
          qp[4 * j + 1] = q[j].p2;
          qp[4 * j + 2] = q[j].p3;
          qp[4 * j + 3] = q[j].p4;
        }
        snprintf(w, sizeof w, "geometry: %s moved away", subs[k]);
        check_rect_around(doc, id, qp, 8, 25, w);
        q[0] = tc_mkquad(50, 700, 90, 740);
        EXPECT_OK(pdftools_annotation_set_quads(doc, id, q, 1), "geometry: one quad back");
        snprintf(w, sizeof w, "geometry: %s moved back", subs[k]);
        qp[0] = q[0].p1;
        qp[1] = q[0].p2;
        qp[2] = q[0].p3;
        qp[3] = q[0].p4;
        check_rect_around(doc, id, qp, 4, 25, w);
      }
      /* A change that is not geometry keeps the rect around the drawing. */
      {
        pdftools_rect r1, r2;
        pdftools_color blue = {0, 0, 1};
        pdftools_annotation_get_rect(doc, id, &r1);
        snprintf(w, sizeof w, "geometry: set_color on the %s", subs[k]);
        EXPECT_OK(pdftools_annotation_set_color(doc, id, PDFTOOLS_COLOR_STROKE, &blue), w);
        pdftools_annotation_get_rect(doc, id, &r2);
        CHECK(rect_near(r1, r2, EPS), "geometry: %s: a colour change keeps /Rect", subs[k]);
      }
    }
  }

  /*
   * FreeText: a callout widens /Rect and /RD keeps the text box, through later edits too;
   * a new callout gives a new /Rect; removing it gives the text box back.
   */
  {
    pdftools_annotation_id id = 0;
    pdftools_point cl[3] = {{30, 420}, {70, 520}, {100, 520}};
    pdftools_rect r;
    if (EXPECT_OK(pdftools_annotation_create(doc, 0, "FreeText", c, &id), "geometry: create a FreeText")) {
      size_t need;
      pdftools_annotation_set_text(doc, id, "Contents", "Callout text");
      pdftools_annotation_get_rect(doc, id, &r);
      CHECK(rect_near(r, c, EPS), "geometry: FreeText without callout: /Rect is the text box");
      EXPECT_STATUS(pdftools_annotation_get_raw(doc, id, "RD", NULL, 0, &need), PDFTOOLS_E_NOT_FOUND,
                    "geometry: FreeText without callout has no /RD");
      EXPECT_OK(pdftools_annotation_set_callout(doc, id, cl, 3), "geometry: a 3-point callout to the lower left");
      pdftools_annotation_get_rect(doc, id, &r);
      CHECK(rect_contains_rect(r, c, EPS) && rect_contains_point(r, cl[0], EPS) && r.x0 < c.x0 - 60 && r.y0 < c.y0 - 70,
            "geometry: the callout widens /Rect to [%.2f %.2f %.2f %.2f]", r.x0, r.y0, r.x1, r.y1);
      check_text_box(doc, id, c, "geometry: lower-left callout");
      /* Later edits keep the text box where it is. */
      EXPECT_OK(pdftools_annotation_set_opacity(doc, id, 0.5), "geometry: set_opacity on the FreeText with callout");
      {
        pdftools_rect r2;
        pdftools_annotation_get_rect(doc, id, &r2);
        CHECK(rect_near(r, r2, EPS), "geometry: set_opacity keeps the FreeText's /Rect ([%.2f %.2f %.2f %.2f] -> "
              "[%.2f %.2f %.2f %.2f])", r.x0, r.y0, r.x1, r.y1, r2.x0, r2.y0, r2.x1, r2.y1);
        check_text_box(doc, id, c, "geometry: lower-left callout, after set_opacity");
      }
      EXPECT_OK(pdftools_annotation_set_text(doc, id, "Contents", "Changed text"), "geometry: set_text on it");
      check_text_box(doc, id, c, "geometry: lower-left callout, after set_opacity and set_text");
    }
  }
  {
    pdftools_annotation_id id = 0;
    pdftools_point far[2] = {{400, 700}, {200, 590}}, near[2] = {{260, 650}, {200, 590}};
    pdftools_rect r;
    char *rd;
    pdftools_status st;
    if (EXPECT_OK(pdftools_annotation_create(doc, 0, "FreeText", c, &id), "geometry: create another FreeText")) {
      size_t need;
      EXPECT_OK(pdftools_annotation_set_callout(doc, id, far, 2), "geometry: a 2-point callout to (400, 700)");
      pdftools_annotation_get_rect(doc, id, &r);
      CHECK(rect_contains_point(r, far[0], EPS) && rect_contains_rect(r, c, EPS),
            "geometry: /Rect [%.2f %.2f %.2f %.2f] holds the text box and the callout", r.x0, r.y0, r.x1, r.y1);
      check_text_box(doc, id, c, "geometry: upper-right callout");
      EXPECT_OK(pdftools_annotation_set_callout(doc, id, near, 2), "geometry: a shorter callout to (260, 650)");
      pdftools_annotation_get_rect(doc, id, &r);
      CHECK(rect_contains_point(r, near[0], EPS) && rect_contains_rect(r, c, EPS) && r.x1 < 300 && r.y1 < 680,
            "geometry: /Rect [%.2f %.2f %.2f %.2f] follows the new callout (not the old one)", r.x0, r.y0, r.x1, r.y1);
      check_text_box(doc, id, c, "geometry: shorter upper-right callout");
      EXPECT_OK(pdftools_annotation_set_callout(doc, id, NULL, 0), "geometry: remove the callout (count 0)");
      pdftools_annotation_get_rect(doc, id, &r);
      CHECK(rect_near(r, c, EPS), "geometry: without the callout /Rect is the text box again ([%.2f %.2f %.2f %.2f])",
            r.x0, r.y0, r.x1, r.y1);
      rd = tc_get_raw(doc, id, "RD", &st);
      {
        double m[4] = {0, 0, 0, 0};
        CHECK(!rd || (tc_parse_numbers(rd, m, 4) == 4 && m[0] == 0 && m[1] == 0 && m[2] == 0 && m[3] == 0),
              "geometry: without the callout there is no /RD margin (%s \"%s\")", st_name(st), rd ? rd : "");
      }
      free(rd);
      EXPECT_STATUS(pdftools_annotation_get_raw(doc, id, "CL", NULL, 0, &need), PDFTOOLS_E_NOT_FOUND,
                    "geometry: /CL removed");
    }
  }
  pdftools_document_close(doc);
}

/* ------------------------------------------------------------------------ */
/* 4. Bad input                                                              */

/* Ids by role, for calling every setter with arguments that are valid for it. */
typedef struct role_ids {
  pdftools_annotation_id square, markup, ink, polygon, line, polyline, freetext, text, link, file, stamp, parent;
} role_ids;

/* A document with one annotation of each kind on page 0 (of 2), all set up by make_specs. */
static pdftools_document *make_annotated_doc(spec *sp, role_ids *r, const char *ctx) {
  pdftools_document *doc = NULL;
  int i;
  if (!EXPECT_OK(pdftools_document_new(&doc), ctx)) return NULL;
  pdftools_document_insert_blank_page(doc, 0, 612, 792);
  pdftools_document_insert_blank_page(doc, 1, 612, 792);
  make_specs(sp, 792, 1);
  for (i = 0; i < S_COUNT; i++) {
    sp[i].id = 0;
    if (pdftools_annotation_create(doc, 0, sp[i].subtype, sp[i].create_rect, &sp[i].id) != PDFTOOLS_OK) {
      CHECK(0, "%s: create a %s", ctx, sp[i].label);
      continue;
    }
    {
      char *nm = tc_get_text(doc, sp[i].id, "NM", NULL);
      snprintf(sp[i].nm, sizeof sp[i].nm, "%s", nm ? nm : "?");
      free(nm);
    }
    apply_spec(doc, sp[i].id, &sp[i], ctx);
  }
  r->square = sp[S_SQUARE].id;
  r->markup = sp[S_HIGHLIGHT].id;
  r->ink = sp[S_INK].id;
  r->polygon = sp[S_POLYGON].id;
  r->line = sp[S_LINE].id;
  r->polyline = sp[S_POLYLINE].id;
  r->freetext = sp[S_FREETEXT].id;
  r->text = sp[S_TEXT].id;
  r->link = sp[S_LINK_URI].id;
  r->file = sp[S_FILE].id;
  r->stamp = sp[S_STAMP].id;
  r->parent = sp[S_CIRCLE].id;
  return doc;
}

/*
 * Calls every function of "Creating and changing annotations" that changes something, with
 * arguments valid for the role, and expects want from each.  with_create adds create and
 * add_popup (which make new annotations), with_delete a delete at the end.
 */
static void call_all_setters(pdftools_document *doc, const role_ids *r, pdftools_status want, const char *ctx,
                             int with_create, int with_delete) {
  char w[200];
  pdftools_color c = {0.5, 0.5, 0.5};
  double dash[2] = {3, 1};
  pdftools_quad q = tc_mkquad(100, 100, 150, 112);
  pdftools_point pts[3] = {{100, 100}, {130, 150}, {160, 110}};
  int32_t sizes[1] = {3};
  pdftools_annotation_id out = -77;
#define ALL(call, name)                          \
  do {                                           \
    snprintf(w, sizeof w, "%s: %s", ctx, name);  \
    EXPECT_STATUS((call), want, w);              \
  } while (0)
  if (with_create) {
    ALL(pdftools_annotation_create(doc, 0, "Square", tc_mkrect(10, 10, 50, 50), &out), "create");
    if (want != PDFTOOLS_OK) CHECK(out == -77, "%s: create leaves out_id untouched", ctx);
    out = -77;
    ALL(pdftools_annotation_add_popup(doc, r->square, tc_mkrect(300, 300, 400, 400), 1, &out), "add_popup");
    if (want != PDFTOOLS_OK) CHECK(out == -77, "%s: add_popup leaves out_id untouched", ctx);
  }
  ALL(pdftools_annotation_set_rect(doc, r->square, tc_mkrect(20, 20, 80, 90)), "set_rect");
  ALL(pdftools_annotation_set_color(doc, r->square, PDFTOOLS_COLOR_STROKE, &c), "set_color(STROKE)");
  ALL(pdftools_annotation_set_color(doc, r->square, PDFTOOLS_COLOR_INTERIOR, NULL), "set_color(INTERIOR, NULL)");
  ALL(pdftools_annotation_set_opacity(doc, r->square, 0.25), "set_opacity");
  ALL(pdftools_annotation_set_border(doc, r->square, 4, PDFTOOLS_BORDER_DASHED, dash, 2), "set_border");
  ALL(pdftools_annotation_set_cloudy(doc, r->square, 1.5), "set_cloudy");
  ALL(pdftools_annotation_set_text(doc, r->square, "Contents", "neu \xe6\x97\xa5"), "set_text");
  ALL(pdftools_annotation_set_text(doc, r->square, "T", NULL), "set_text(T, NULL)");
  ALL(pdftools_annotation_set_flags(doc, r->square, PDFTOOLS_ANNOT_PRINT | PDFTOOLS_ANNOT_HIDDEN), "set_flags");
  ALL(pdftools_annotation_set_quads(doc, r->markup, &q, 1), "set_quads");
  ALL(pdftools_annotation_set_ink(doc, r->ink, pts, sizes, 1), "set_ink");
  ALL(pdftools_annotation_set_vertices(doc, r->polygon, pts, 3), "set_vertices");
  ALL(pdftools_annotation_set_line(doc, r->line, pts[0], pts[1], PDFTOOLS_ENDING_DIAMOND, PDFTOOLS_ENDING_BUTT, 5, 2),
      "set_line");
  ALL(pdftools_annotation_set_line_endings(doc, r->polyline, PDFTOOLS_ENDING_SQUARE, PDFTOOLS_ENDING_R_OPEN_ARROW),
      "set_line_endings");
  ALL(pdftools_annotation_set_icon(doc, r->text, "Help"), "set_icon");
  ALL(pdftools_annotation_set_open(doc, r->text, 0), "set_open");
  ALL(pdftools_annotation_set_free_text(doc, r->freetext, "Courier-Bold", 20, &c, 2, "FreeTextTypewriter"),
      "set_free_text");
  ALL(pdftools_annotation_set_callout(doc, r->freetext, pts, 2), "set_callout");
  ALL(pdftools_annotation_set_reply(doc, r->text, r->parent, "Group"), "set_reply");
  ALL(pdftools_annotation_set_z_index(doc, r->square, 0), "set_z_index");
  ALL(pdftools_annotation_set_link_uri(doc, r->link, "https://example.net/"), "set_link_uri");
  ALL(pdftools_annotation_set_link_page(doc, r->link, 1), "set_link_page");
  ALL(pdftools_annotation_set_attachment(doc, r->file, "b.bin", "\0\1", 2), "set_attachment");
  ALL(pdftools_annotation_set_attachment(doc, r->file, "empty.txt", NULL, 0), "set_attachment (empty, data NULL)");
  ALL(pdftools_annotation_set_stamp_image(doc, r->stamp, k_jpeg, sizeof k_jpeg), "set_stamp_image");
  if (with_delete) ALL(pdftools_annotation_delete(doc, r->square), "delete");
#undef ALL
}

/* Calls every getter of the section on id and expects want. */
static void call_all_getters(pdftools_document *doc, pdftools_annotation_id id, pdftools_status want,
                             const char *ctx) {
  char w[200], buf[64];
  pdftools_color c = {-1, -1, -1};
  int32_t i32 = -77;
  pdftools_text_alignment al = (pdftools_text_alignment)77;
  double d = -77;
  uint32_t u = 77;
  pdftools_border_style bs = (pdftools_border_style)77;
  pdftools_quad q[4];
  pdftools_point p[8], a, b;
  pdftools_line_ending le1 = (pdftools_line_ending)77, le2 = (pdftools_line_ending)77;
  int32_t n2 = 77;
  int32_t sz[4];
  int32_t n1 = 77;
  size_t s1 = 77, s2 = 77;
  pdftools_annotation_id parent = -77;
  void *data = NULL;
  memset(buf, 'Z', sizeof buf);
  a.x = a.y = b.x = b.y = -77;
#define GET(call, name)                          \
  do {                                           \
    snprintf(w, sizeof w, "%s: %s", ctx, name);  \
    EXPECT_STATUS((call), want, w);              \
  } while (0)
  GET(pdftools_annotation_get_color(doc, id, PDFTOOLS_COLOR_STROKE, &c, &i32), "get_color");
  GET(pdftools_annotation_get_opacity(doc, id, &d), "get_opacity");
  GET(pdftools_annotation_get_border(doc, id, &d, &bs), "get_border");
  GET(pdftools_annotation_get_flags(doc, id, &u), "get_flags");
  GET(pdftools_annotation_get_quads(doc, id, q, 4, &n1), "get_quads");
  GET(pdftools_annotation_get_ink(doc, id, p, 8, &n1, sz, 4, &n2), "get_ink");
  GET(pdftools_annotation_get_vertices(doc, id, p, 8, &n1), "get_vertices");
  GET(pdftools_annotation_get_line(doc, id, &a, &b, &le1, &le2), "get_line");
  GET(pdftools_annotation_get_free_text(doc, id, buf, sizeof buf, &s1, &d, &c, &al), "get_free_text");
  GET(pdftools_annotation_get_reply(doc, id, &parent), "get_reply");
  GET(pdftools_annotation_get_link_uri(doc, id, buf, sizeof buf, &s1), "get_link_uri");
  GET(pdftools_annotation_get_link_page(doc, id, &i32), "get_link_page");
  GET(pdftools_annotation_get_attachment(doc, id, &data, &s1, buf, sizeof buf, &s2), "get_attachment");
  GET(pdftools_annotation_get_text(doc, id, "M", buf, sizeof buf, &s1), "tc_get_text(M)");
  GET(pdftools_annotation_get_raw(doc, id, "AP", buf, sizeof buf, &s1), "tc_get_raw(AP)");
#undef GET
  CHECK(c.r == -1 && d == -77 && u == 77 && (int)bs == 77 && n1 == 77 && n2 == 77 && s1 == 77 && s2 == 77 && a.x == -77 && parent == -77 &&
            data == NULL && (int)le1 == 77 && (int)al == 77 && buf[0] == 'Z',
        "%s: failed getters leave their out-parameters untouched", ctx);
}

/* A bad call on annotation id (of page 0): want, and nothing changed. */
#define BAD(id_, call, want, what)                             \
  do {                                                         \
    char *b_ = snap(doc, (id_), 0);                            \
    char *a_;                                                  \
    EXPECT_STATUS((call), (want), (what));                     \
    a_ = snap(doc, (id_), 0);                                  \
    same_snap(b_, a_, what);                                   \
    free(b_);                                                  \
    free(a_);                                                  \
  } while (0)

static void test_bad_input(void) {
  spec sp[S_COUNT];
  role_ids r;
  pdftools_document *doc = make_annotated_doc(sp, &r, "bad input: set up");
  pdftools_annotation_id out = -77;
  pdftools_rect good = tc_mkrect(10, 10, 50, 50);
  pdftools_quad q[2];
  pdftools_point pts[4] = {{100, 100}, {130, 150}, {160, 110}, {170, 170}};
  pdftools_color c;
  int32_t sizes[2];
  double dash[2];
  int i;
  if (!doc) return;

  /* Rectangles. */
  {
    static const double bad[][4] = {{NAN, 10, 50, 50}, {10, NAN, 50, 50},       {10, 10, NAN, 50},
                                    {10, 10, 50, NAN}, {-INFINITY, 10, 50, 50}, {10, 10, INFINITY, 50},
                                    {10, 10, 10, 50},  {10, 10, 50, 10},        {10, 10, 10, 10}};
    for (i = 0; i < (int)(sizeof bad / sizeof bad[0]); i++) {
      char w[160];
      pdftools_rect br = tc_mkrect(bad[i][0], bad[i][1], bad[i][2], bad[i][3]);
      snprintf(w, sizeof w, "set_rect [%g %g %g %g]", br.x0, br.y0, br.x1, br.y1);
      BAD(r.square, pdftools_annotation_set_rect(doc, r.square, br), PDFTOOLS_E_INVALID_ARGUMENT, w);
      snprintf(w, sizeof w, "set_rect [%g %g %g %g] on a FreeText", br.x0, br.y0, br.x1, br.y1);
      BAD(r.freetext, pdftools_annotation_set_rect(doc, r.freetext, br), PDFTOOLS_E_INVALID_ARGUMENT, w);
      snprintf(w, sizeof w, "create a Square with rect [%g %g %g %g]", br.x0, br.y0, br.x1, br.y1);
      BAD(0, pdftools_annotation_create(doc, 0, "Square", br, &out), PDFTOOLS_E_INVALID_ARGUMENT, w);
      snprintf(w, sizeof w, "add_popup with rect [%g %g %g %g]", br.x0, br.y0, br.x1, br.y1);
      BAD(r.square, pdftools_annotation_add_popup(doc, r.square, br, 0, &out), PDFTOOLS_E_INVALID_ARGUMENT, w);
    }
  }

  /* Creating. */
  BAD(0, pdftools_annotation_create(doc, 0, "Bogus", good, &out), PDFTOOLS_E_INVALID_ARGUMENT, "create \"Bogus\"");
  BAD(0, pdftools_annotation_create(doc, 0, "", good, &out), PDFTOOLS_E_INVALID_ARGUMENT, "create \"\"");
  BAD(0, pdftools_annotation_create(doc, 0, "square", good, &out), PDFTOOLS_E_INVALID_ARGUMENT,
      "create \"square\" (case matters)");
  BAD(0, pdftools_annotation_create(doc, 0, "/Square", good, &out), PDFTOOLS_E_INVALID_ARGUMENT, "create \"/Square\"");
  BAD(0, pdftools_annotation_create(doc, 0, "Widget", good, &out), PDFTOOLS_E_INVALID_ARGUMENT,
      "create \"Widget\" (not creatable)");
  BAD(0, pdftools_annotation_create(doc, 0, NULL, good, &out), PDFTOOLS_E_INVALID_ARGUMENT, "create (subtype NULL)");
  BAD(0, pdftools_annotation_create(doc, 0, "Square", good, NULL), PDFTOOLS_E_INVALID_ARGUMENT, "create (out_id NULL)");
  BAD(0, pdftools_annotation_create(doc, -1, "Square", good, &out), PDFTOOLS_E_OUT_OF_RANGE, "create on page -1");
  BAD(0, pdftools_annotation_create(doc, 2, "Square", good, &out), PDFTOOLS_E_OUT_OF_RANGE,
      "create on page 2 (page count)");
  BAD(0, pdftools_annotation_create(doc, INT32_MAX, "Square", good, &out), PDFTOOLS_E_OUT_OF_RANGE,
      "create on page INT32_MAX");
  CHECK(out == -77, "failed creates leave out_id untouched");
  CHECK(tc_count_annots(doc, 1) == 0, "failed creates add nothing to page 1");

  /* Quads. */
  q[0] = tc_mkquad(100, 100, 200, 112);
  q[1] = q[0];
  q[1].p2.x = NAN;
  BAD(r.markup, pdftools_annotation_set_quads(doc, r.markup, q, 2), PDFTOOLS_E_INVALID_ARGUMENT, "set_quads with NaN");
  q[1] = q[0];
  q[1].p4.y = INFINITY;
  BAD(r.markup, pdftools_annotation_set_quads(doc, r.markup, q, 2), PDFTOOLS_E_INVALID_ARGUMENT,
      "set_quads with infinity");
  BAD(r.markup, pdftools_annotation_set_quads(doc, r.markup, q, 0), PDFTOOLS_E_INVALID_ARGUMENT,
      "set_quads with count 0 (empty)");
  BAD(r.markup, pdftools_annotation_set_quads(doc, r.markup, NULL, 0), PDFTOOLS_E_INVALID_ARGUMENT,
      "set_quads(NULL, 0) (empty)");
  BAD(r.markup, pdftools_annotation_set_quads(doc, r.markup, NULL, 1), PDFTOOLS_E_INVALID_ARGUMENT,
      "set_quads(NULL, 1)");

  /* Ink. */
  sizes[0] = 3;
  sizes[1] = 0;
  BAD(r.ink, pdftools_annotation_set_ink(doc, r.ink, pts, sizes, 2), PDFTOOLS_E_INVALID_ARGUMENT,
      "set_ink with a stroke of 0 points");
  sizes[0] = 0;
  sizes[1] = 3;
  BAD(r.ink, pdftools_annotation_set_ink(doc, r.ink, pts, sizes, 2), PDFTOOLS_E_INVALID_ARGUMENT,
      "set_ink with a first stroke of 0 points");
  sizes[0] = 4;
  BAD(r.ink, pdftools_annotation_set_ink(doc, r.ink, pts, sizes, 0), PDFTOOLS_E_INVALID_ARGUMENT,
      "set_ink with 0 strokes");
  BAD(r.ink, pdftools_annotation_set_ink(doc, r.ink, pts, NULL, 1), PDFTOOLS_E_INVALID_ARGUMENT,
      "set_ink(stroke_sizes NULL)");
  BAD(r.ink, pdftools_annotation_set_ink(doc, r.ink, NULL, sizes, 1), PDFTOOLS_E_INVALID_ARGUMENT,
      "set_ink(points NULL)");
  pts[2].x = NAN;
  BAD(r.ink, pdftools_annotation_set_ink(doc, r.ink, pts, sizes, 1), PDFTOOLS_E_INVALID_ARGUMENT, "set_ink with NaN");
  pts[2].x = 160;
  pts[3].y = -INFINITY;
  BAD(r.ink, pdftools_annotation_set_ink(doc, r.ink, pts, sizes, 1), PDFTOOLS_E_INVALID_ARGUMENT,
      "set_ink with -infinity");
  pts[3].y = 170;

  /* Vertices. */
  BAD(r.polygon, pdftools_annotation_set_vertices(doc, r.polygon, pts, 1), PDFTOOLS_E_INVALID_ARGUMENT,
      "set_vertices with 1 point");
  BAD(r.polyline, pdftools_annotation_set_vertices(doc, r.polyline, pts, 1), PDFTOOLS_E_INVALID_ARGUMENT,
      "set_vertices with 1 point on a PolyLine");
  BAD(r.polygon, pdftools_annotation_set_vertices(doc, r.polygon, pts, 0), PDFTOOLS_E_INVALID_ARGUMENT,
      "set_vertices with 0 points");
  BAD(r.polygon, pdftools_annotation_set_vertices(doc, r.polygon, NULL, 3), PDFTOOLS_E_INVALID_ARGUMENT,
      "set_vertices(NULL, 3)");
  pts[1].y = NAN;
  BAD(r.polygon, pdftools_annotation_set_vertices(doc, r.polygon, pts, 4), PDFTOOLS_E_INVALID_ARGUMENT,
      "set_vertices with NaN");
  pts[1].y = INFINITY;
  BAD(r.polyline, pdftools_annotation_set_vertices(doc, r.polyline, pts, 4), PDFTOOLS_E_INVALID_ARGUMENT,
      "set_vertices with infinity");
  pts[1].y = 150;

  /* Line. */
  BAD(r.line, pdftools_annotation_set_line(doc, r.line, tc_mkpt(NAN, 1), pts[1], 0, 0, 0, 0), PDFTOOLS_E_INVALID_ARGUMENT,
      "set_line with a NaN start");
  BAD(r.line, pdftools_annotation_set_line(doc, r.line, pts[0], tc_mkpt(1, INFINITY), 0, 0, 0, 0),
      PDFTOOLS_E_INVALID_ARGUMENT, "set_line with an infinite end");
  BAD(r.line, pdftools_annotation_set_line(doc, r.line, pts[0], pts[1], 0, 0, NAN, 0), PDFTOOLS_E_INVALID_ARGUMENT,
      "set_line with a NaN leader length");
  BAD(r.line, pdftools_annotation_set_line(doc, r.line, pts[0], pts[1], 0, 0, 0, INFINITY),
      PDFTOOLS_E_INVALID_ARGUMENT, "set_line with an infinite leader extension");
  BAD(r.line, pdftools_annotation_set_line(doc, r.line, pts[0], pts[1], (pdftools_line_ending)10, 0, 0, 0),
      PDFTOOLS_E_INVALID_ARGUMENT, "set_line with start ending 10");
  BAD(r.line, pdftools_annotation_set_line(doc, r.line, pts[0], pts[1], 0, (pdftools_line_ending)-1, 0, 0),
      PDFTOOLS_E_INVALID_ARGUMENT, "set_line with end ending -1");
  BAD(r.polyline, pdftools_annotation_set_line_endings(doc, r.polyline, (pdftools_line_ending)10, 0),
      PDFTOOLS_E_INVALID_ARGUMENT, "set_line_endings with start 10");
  BAD(r.polyline, pdftools_annotation_set_line_endings(doc, r.polyline, 0, (pdftools_line_ending)1000),
      PDFTOOLS_E_INVALID_ARGUMENT, "set_line_endings with end 1000");
  BAD(r.line, pdftools_annotation_set_line_endings(doc, r.line, (pdftools_line_ending)-5, 0),
      PDFTOOLS_E_INVALID_ARGUMENT, "set_line_endings with start -5 on a Line");

  /* Colours. */
  c = tc_mkcol(NAN, 0, 0);
  BAD(r.square, pdftools_annotation_set_color(doc, r.square, PDFTOOLS_COLOR_STROKE, &c), PDFTOOLS_E_INVALID_ARGUMENT,
      "set_color(STROKE) with NaN");
  c = tc_mkcol(0, INFINITY, 0);
  BAD(r.square, pdftools_annotation_set_color(doc, r.square, PDFTOOLS_COLOR_INTERIOR, &c),
      PDFTOOLS_E_INVALID_ARGUMENT, "set_color(INTERIOR) with infinity");
  c = tc_mkcol(0, 0, -INFINITY);
  BAD(r.text, pdftools_annotation_set_color(doc, r.text, PDFTOOLS_COLOR_STROKE, &c), PDFTOOLS_E_INVALID_ARGUMENT,
      "set_color(STROKE) with -infinity on a Text");
  c = tc_mkcol(0, 0, 1);
  BAD(r.square, pdftools_annotation_set_color(doc, r.square, (pdftools_color_role)2, &c), PDFTOOLS_E_INVALID_ARGUMENT,
      "set_color with role 2");
  BAD(r.square, pdftools_annotation_set_color(doc, r.square, (pdftools_color_role)-1, NULL),
      PDFTOOLS_E_INVALID_ARGUMENT, "set_color with role -1 (NULL colour)");
  {
    int32_t present = -77;
    pdftools_color got = {-1, -1, -1};
    BAD(r.square, pdftools_annotation_get_color(doc, r.square, (pdftools_color_role)7, &got, &present),
        PDFTOOLS_E_INVALID_ARGUMENT, "get_color with role 7");
    CHECK(present == -77 && got.r == -1, "get_color with a bad role leaves the outs untouched");
  }

  /* Opacity, border, cloudy. */
  {
    static const double bad_opacity[] = {2, -1, 1.0001, -0.0001, NAN, INFINITY, -INFINITY};
    for (i = 0; i < (int)(sizeof bad_opacity / sizeof bad_opacity[0]); i++) {
      char w[80];
      snprintf(w, sizeof w, "set_opacity(%g)", bad_opacity[i]);
      BAD(r.square, pdftools_annotation_set_opacity(doc, r.square, bad_opacity[i]), PDFTOOLS_E_INVALID_ARGUMENT, w);
    }
  }
  {
    static const double bad_width[] = {-1, -0.001, 1000.5, NAN, INFINITY};
    for (i = 0; i < (int)(sizeof bad_width / sizeof bad_width[0]); i++) {
      char w[80];
      snprintf(w, sizeof w, "set_border width %g", bad_width[i]);
      BAD(r.square, pdftools_annotation_set_border(doc, r.square, bad_width[i], PDFTOOLS_BORDER_SOLID, NULL, 0),
          PDFTOOLS_E_INVALID_ARGUMENT, w);
    }
  }
  BAD(r.square, pdftools_annotation_set_border(doc, r.square, 1, (pdftools_border_style)5, NULL, 0),
      PDFTOOLS_E_INVALID_ARGUMENT, "set_border style 5");
  BAD(r.square, pdftools_annotation_set_border(doc, r.square, 1, (pdftools_border_style)-1, NULL, 0),
      PDFTOOLS_E_INVALID_ARGUMENT, "set_border style -1");
  BAD(r.square, pdftools_annotation_set_border(doc, r.square, 1, PDFTOOLS_BORDER_DASHED, NULL, 2),
      PDFTOOLS_E_INVALID_ARGUMENT, "set_border dashes NULL with count 2");
  dash[0] = 3;
  dash[1] = NAN;
  BAD(r.square, pdftools_annotation_set_border(doc, r.square, 1, PDFTOOLS_BORDER_DASHED, dash, 2),
      PDFTOOLS_E_INVALID_ARGUMENT, "set_border with a NaN dash");
  dash[1] = -2;
  BAD(r.square, pdftools_annotation_set_border(doc, r.square, 1, PDFTOOLS_BORDER_DASHED, dash, 2),
      PDFTOOLS_E_INVALID_ARGUMENT, "set_border with a negative dash");
  {
    static const double bad_cloudy[] = {-0.5, 2.5, NAN, INFINITY};
    for (i = 0; i < (int)(sizeof bad_cloudy / sizeof bad_cloudy[0]); i++) {
      char w[80];
      snprintf(w, sizeof w, "set_cloudy(%g)", bad_cloudy[i]);
      BAD(r.square, pdftools_annotation_set_cloudy(doc, r.square, bad_cloudy[i]), PDFTOOLS_E_INVALID_ARGUMENT, w);
    }
  }

  /* Callout and FreeText. */
  BAD(r.freetext, pdftools_annotation_set_callout(doc, r.freetext, pts, 1), PDFTOOLS_E_INVALID_ARGUMENT,
      "set_callout with 1 point");
  BAD(r.freetext, pdftools_annotation_set_callout(doc, r.freetext, pts, 4), PDFTOOLS_E_INVALID_ARGUMENT,
      "set_callout with 4 points");
  BAD(r.freetext, pdftools_annotation_set_callout(doc, r.freetext, NULL, 2), PDFTOOLS_E_INVALID_ARGUMENT,
      "set_callout(NULL, 2)");
  pts[1].x = NAN;
  BAD(r.freetext, pdftools_annotation_set_callout(doc, r.freetext, pts, 3), PDFTOOLS_E_INVALID_ARGUMENT,
      "set_callout with NaN");
  pts[1].x = 130;
  {
    static const double bad_size[] = {0, -1, 1000.5, NAN, INFINITY};
    for (i = 0; i < (int)(sizeof bad_size / sizeof bad_size[0]); i++) {
      char w[80];
      snprintf(w, sizeof w, "set_free_text size %g", bad_size[i]);
      BAD(r.freetext, pdftools_annotation_set_free_text(doc, r.freetext, "Helvetica", bad_size[i], NULL, 0, NULL),
          PDFTOOLS_E_INVALID_ARGUMENT, w);
    }
  }
  BAD(r.freetext, pdftools_annotation_set_free_text(doc, r.freetext, "Helvetica", 10, NULL, 3, NULL),
      PDFTOOLS_E_INVALID_ARGUMENT, "set_free_text alignment 3");
  BAD(r.freetext, pdftools_annotation_set_free_text(doc, r.freetext, "Helvetica", 10, NULL, -1, NULL),
      PDFTOOLS_E_INVALID_ARGUMENT, "set_free_text alignment -1");
  BAD(r.freetext, pdftools_annotation_set_free_text(doc, r.freetext, "Helvetica", 10, NULL, 0, "Bogus"),
      PDFTOOLS_E_INVALID_ARGUMENT, "set_free_text intent \"Bogus\"");
  BAD(r.freetext, pdftools_annotation_set_free_text(doc, r.freetext, NULL, 10, NULL, 0, NULL),
      PDFTOOLS_E_INVALID_ARGUMENT, "set_free_text(font NULL)");
  c = tc_mkcol(0, NAN, 0);
  BAD(r.freetext, pdftools_annotation_set_free_text(doc, r.freetext, "Helvetica", 10, &c, 0, NULL),
      PDFTOOLS_E_INVALID_ARGUMENT, "set_free_text with a NaN text colour");

  /* Text entries, icons. */
  BAD(r.square, pdftools_annotation_set_text(doc, r.square, "Foo", "x"), PDFTOOLS_E_INVALID_ARGUMENT,
      "set_text key \"Foo\"");
  BAD(r.square, pdftools_annotation_set_text(doc, r.square, "M", "D:20000101000000Z"), PDFTOOLS_E_INVALID_ARGUMENT,
      "set_text key \"M\" (not settable)");
  BAD(r.square, pdftools_annotation_set_text(doc, r.square, "", "x"), PDFTOOLS_E_INVALID_ARGUMENT,
      "set_text key \"\"");
  BAD(r.square, pdftools_annotation_set_text(doc, r.square, NULL, "x"), PDFTOOLS_E_INVALID_ARGUMENT,
      "set_text key NULL");
  BAD(r.square, pdftools_annotation_set_text(doc, r.square, "Contents", "bad \xff\xfe utf-8"),
      PDFTOOLS_E_INVALID_ARGUMENT, "set_text with invalid UTF-8");
  BAD(r.text, pdftools_annotation_set_icon(doc, r.text, NULL), PDFTOOLS_E_INVALID_ARGUMENT, "set_icon(NULL)");
  BAD(r.text, pdftools_annotation_set_icon(doc, r.text, ""), PDFTOOLS_E_INVALID_ARGUMENT, "set_icon(\"\")");

  /* Links. */
  BAD(r.square, pdftools_annotation_set_link_uri(doc, r.square, "https://example.org/"), PDFTOOLS_E_INVALID_ARGUMENT,
      "set_link_uri on a Square");
  BAD(r.square, pdftools_annotation_set_link_page(doc, r.square, 0), PDFTOOLS_E_INVALID_ARGUMENT,
      "set_link_page on a Square");
  BAD(r.link, pdftools_annotation_set_link_uri(doc, r.link, NULL), PDFTOOLS_E_INVALID_ARGUMENT, "set_link_uri(NULL)");
  BAD(r.link, pdftools_annotation_set_link_uri(doc, r.link, ""), PDFTOOLS_E_INVALID_ARGUMENT, "set_link_uri(\"\")");
  BAD(r.link, pdftools_annotation_set_link_uri(doc, r.link, "https://example.org/\xe6\x97\xa5"),
      PDFTOOLS_E_INVALID_ARGUMENT, "set_link_uri with non-ASCII");
  BAD(r.link, pdftools_annotation_set_link_uri(doc, r.link, "https://example.org/a b"), PDFTOOLS_E_INVALID_ARGUMENT,
      "set_link_uri with a space");
  BAD(r.link, pdftools_annotation_set_link_page(doc, r.link, 2), PDFTOOLS_E_OUT_OF_RANGE,
      "set_link_page(2) (page count)");
  BAD(r.link, pdftools_annotation_set_link_page(doc, r.link, -1), PDFTOOLS_E_OUT_OF_RANGE, "set_link_page(-1)");

  /* Attachments. */
  BAD(r.square, pdftools_annotation_set_attachment(doc, r.square, "a.txt", "abc", 3), PDFTOOLS_E_INVALID_ARGUMENT,
      "set_attachment on a Square");
  BAD(r.file, pdftools_annotation_set_attachment(doc, r.file, NULL, "abc", 3), PDFTOOLS_E_INVALID_ARGUMENT,
      "set_attachment(name NULL)");
  BAD(r.file, pdftools_annotation_set_attachment(doc, r.file, "a.txt", NULL, 3), PDFTOOLS_E_INVALID_ARGUMENT,
      "set_attachment(data NULL, size 3)");

  /* Stamp images. */
  {
    static const unsigned char garbage[] = "this is not an image at all, just some bytes \x01\x02\x03";
    static const unsigned char png_header_only[8] = {0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a};
    unsigned char corrupt[sizeof tc_png_4x3];
    memcpy(corrupt, tc_png_4x3, sizeof corrupt);
    corrupt[45] ^= 0x5a; /* inside the IDAT data: the zlib stream and CRC no longer match */
    BAD(r.stamp, pdftools_annotation_set_stamp_image(doc, r.stamp, garbage, sizeof garbage),
        PDFTOOLS_E_INVALID_ARGUMENT, "set_stamp_image with garbage bytes");
    BAD(r.stamp, pdftools_annotation_set_stamp_image(doc, r.stamp, tc_png_4x3, 50), PDFTOOLS_E_INVALID_ARGUMENT,
        "set_stamp_image with a truncated PNG (50 of 91 bytes)");
    BAD(r.stamp, pdftools_annotation_set_stamp_image(doc, r.stamp, tc_png_4x3, sizeof tc_png_4x3 - 12),
        PDFTOOLS_E_INVALID_ARGUMENT, "set_stamp_image with a PNG without IEND");
    BAD(r.stamp, pdftools_annotation_set_stamp_image(doc, r.stamp, png_header_only, sizeof png_header_only),
        PDFTOOLS_E_INVALID_ARGUMENT, "set_stamp_image with a PNG signature only");
    BAD(r.stamp, pdftools_annotation_set_stamp_image(doc, r.stamp, corrupt, sizeof corrupt),
        PDFTOOLS_E_INVALID_ARGUMENT, "set_stamp_image with a corrupted PNG");
    BAD(r.stamp, pdftools_annotation_set_stamp_image(doc, r.stamp, k_jpeg, 2), PDFTOOLS_E_INVALID_ARGUMENT,
        "set_stamp_image with a JPEG SOI marker only");
    BAD(r.stamp, pdftools_annotation_set_stamp_image(doc, r.stamp, k_jpeg, 100), PDFTOOLS_E_INVALID_ARGUMENT,
        "set_stamp_image with a JPEG truncated before its frame header");
    BAD(r.stamp, pdftools_annotation_set_stamp_image(doc, r.stamp, k_jpeg, 300), PDFTOOLS_E_INVALID_ARGUMENT,
        "set_stamp_image with a JPEG truncated before its scan data (300 of 650 bytes)");
    BAD(r.stamp, pdftools_annotation_set_stamp_image(doc, r.stamp, NULL, 10), PDFTOOLS_E_INVALID_ARGUMENT,
        "set_stamp_image(NULL, 10)");
    BAD(r.stamp, pdftools_annotation_set_stamp_image(doc, r.stamp, tc_png_4x3, 0), PDFTOOLS_E_INVALID_ARGUMENT,
        "set_stamp_image with size 0");
    BAD(r.square, pdftools_annotation_set_stamp_image(doc, r.square, tc_png_4x3, sizeof tc_png_4x3), PDFTOOLS_E_INVALID_ARGUMENT,
        "set_stamp_image on a Square");
  }

  /* Relations, z-order, popups. */
  BAD(r.text, pdftools_annotation_set_reply(doc, r.text, r.parent, "X"), PDFTOOLS_E_INVALID_ARGUMENT,
      "set_reply type \"X\"");
  BAD(r.text, pdftools_annotation_set_z_index(doc, r.text, -1), PDFTOOLS_E_OUT_OF_RANGE, "set_z_index(-1)");
  BAD(r.text, pdftools_annotation_set_z_index(doc, r.text, INT32_MIN), PDFTOOLS_E_OUT_OF_RANGE,
      "set_z_index(INT32_MIN)");
  BAD(r.square, pdftools_annotation_add_popup(doc, r.square, good, 1, NULL), PDFTOOLS_E_INVALID_ARGUMENT,
      "add_popup(out_id NULL)");

  /* NULL out-pointers of getters. */
  {
    int32_t n = 0;
    size_t bytes = 0;
    pdftools_color col;
    void *data = NULL;
    EXPECT_STATUS(pdftools_annotation_get_color(doc, r.square, PDFTOOLS_COLOR_STROKE, &col, NULL),
                  PDFTOOLS_E_INVALID_ARGUMENT, "get_color(out_present NULL)");
    EXPECT_STATUS(pdftools_annotation_get_opacity(doc, r.square, NULL), PDFTOOLS_E_INVALID_ARGUMENT,
                  "get_opacity(NULL)");
    EXPECT_STATUS(pdftools_annotation_get_flags(doc, r.square, NULL), PDFTOOLS_E_INVALID_ARGUMENT, "get_flags(NULL)");
    EXPECT_STATUS(pdftools_annotation_get_quads(doc, r.markup, q, 2, NULL), PDFTOOLS_E_INVALID_ARGUMENT,
                  "get_quads(out_count NULL)");
    EXPECT_STATUS(pdftools_annotation_get_ink(doc, r.ink, NULL, 0, NULL, NULL, 0, &n), PDFTOOLS_E_INVALID_ARGUMENT,
                  "get_ink(out_point_count NULL)");
    EXPECT_STATUS(pdftools_annotation_get_ink(doc, r.ink, NULL, 0, &n, NULL, 0, NULL), PDFTOOLS_E_INVALID_ARGUMENT,
                  "get_ink(out_stroke_count NULL)");
    EXPECT_STATUS(pdftools_annotation_get_vertices(doc, r.polygon, pts, 4, NULL), PDFTOOLS_E_INVALID_ARGUMENT,
                  "get_vertices(out_count NULL)");
    EXPECT_STATUS(pdftools_annotation_get_free_text(doc, r.freetext, NULL, 0, NULL, NULL, NULL, NULL),
                  PDFTOOLS_E_INVALID_ARGUMENT, "get_free_text(out_font_size NULL)");
    EXPECT_STATUS(pdftools_annotation_get_reply(doc, r.text, NULL), PDFTOOLS_E_INVALID_ARGUMENT, "get_reply(NULL)");
    EXPECT_STATUS(pdftools_annotation_get_link_uri(doc, r.link, NULL, 0, NULL), PDFTOOLS_E_INVALID_ARGUMENT,
                  "tc_get_link_uri(out_size NULL)");
    EXPECT_STATUS(pdftools_annotation_get_link_page(doc, sp[S_LINK_PAGE].id, NULL), PDFTOOLS_E_INVALID_ARGUMENT,
                  "get_link_page(NULL)");
    EXPECT_STATUS(pdftools_annotation_get_attachment(doc, r.file, NULL, &bytes, NULL, 0, NULL),
                  PDFTOOLS_E_INVALID_ARGUMENT, "get_attachment(out_data NULL)");
    EXPECT_STATUS(pdftools_annotation_get_attachment(doc, r.file, &data, NULL, NULL, 0, NULL),
                  PDFTOOLS_E_INVALID_ARGUMENT, "get_attachment(out_size NULL)");
    CHECK(data == NULL, "get_attachment(out_size NULL) leaves out_data untouched");
    if (data) pdftools_free(data);
    EXPECT_OK(pdftools_annotation_get_line(doc, r.line, NULL, NULL, NULL, NULL), "get_line with all outs NULL");
    EXPECT_OK(pdftools_annotation_get_border(doc, r.square, NULL, NULL), "get_border with both outs NULL");
    /* Array getters: a too small buffer. */
    memset(q, 0x5a, sizeof q);
    n = 0;
    EXPECT_STATUS(pdftools_annotation_get_quads(doc, r.markup, q, 1, &n), PDFTOOLS_E_BUFFER_TOO_SMALL,
                  "get_quads with capacity 1 of 2");
    CHECK(n == 2 && ((unsigned char *)q)[0] == 0x5a, "get_quads: total reported, buffer untouched (%d)", n);
    n = 0;
    EXPECT_STATUS(pdftools_annotation_get_vertices(doc, r.polygon, pts, 2, &n), PDFTOOLS_E_BUFFER_TOO_SMALL,
                  "get_vertices with capacity 2 of 5");
    CHECK(n == 5, "get_vertices: total reported (%d)", n);
    {
      pdftools_point ip[8];
      int32_t ns = 0;
      int32_t ssz[1];
      int32_t np = 0;
      memset(ip, 0x5a, sizeof ip);
      EXPECT_STATUS(pdftools_annotation_get_ink(doc, r.ink, ip, 8, &np, ssz, 1, &ns), PDFTOOLS_E_BUFFER_TOO_SMALL,
                    "get_ink with a size buffer of 1 for 2 strokes");
      CHECK(ns == 2 && np > 0, "get_ink: both totals reported (%d points, %d strokes)", np, ns);
      CHECK(((unsigned char *)ip)[0] == 0x5a && ((unsigned char *)ip)[sizeof ip - 1] == 0x5a,
            "get_ink: the points buffer is untouched when the size buffer is too small");
    }
  }

  /* Nothing of the above changed the document's annotations. */
  for (i = 0; i < S_COUNT; i++) verify_spec(doc, sp[i].id, &sp[i], "bad input, afterwards");
  pdftools_document_close(doc);
}

/* ------------------------------------------------------------------------ */
/* Stale ids, closed and forged handles                                       */

static void test_stale_and_handles(void) {
  spec sp[S_COUNT];
  role_ids r, stale;
  pdftools_document *doc = make_annotated_doc(sp, &r, "stale ids: set up");
  pdftools_annotation_id pop = 0, sq2 = 0;
  unsigned char fake[256];
  if (!doc) return;

  /* A deleted Square with a popup: both ids go stale. */
  pdftools_annotation_create(doc, 0, "Square", tc_mkrect(400, 400, 450, 450), &sq2);
  pdftools_annotation_add_popup(doc, sq2, tc_mkrect(460, 400, 560, 460), 1, &pop);
  EXPECT_OK(pdftools_annotation_delete(doc, sq2), "stale ids: delete a Square with a popup");
  stale.square = stale.markup = stale.ink = stale.polygon = stale.line = stale.polyline = stale.freetext = stale.text =
      stale.link = stale.file = stale.stamp = sq2;
  stale.parent = r.parent;
  {
    char *before = snap_page(doc, 0), *after;
    call_all_setters(doc, &stale, PDFTOOLS_E_NOT_FOUND, "stale id (deleted Square)", 0, 1);
    call_all_getters(doc, sq2, PDFTOOLS_E_NOT_FOUND, "stale id (deleted Square)");
    call_all_getters(doc, pop, PDFTOOLS_E_NOT_FOUND, "stale id (its popup)");
    EXPECT_STATUS(pdftools_annotation_set_open(doc, pop, 0), PDFTOOLS_E_NOT_FOUND, "stale popup id: set_open");
    EXPECT_STATUS(pdftools_annotation_add_popup(doc, sq2, tc_mkrect(1, 1, 20, 20), 0, &pop), PDFTOOLS_E_NOT_FOUND,
                  "add_popup to a stale parent");
    EXPECT_STATUS(pdftools_annotation_set_reply(doc, r.text, sq2, "R"), PDFTOOLS_E_NOT_FOUND,
                  "set_reply to a stale parent");
    EXPECT_STATUS(pdftools_annotation_set_open(doc, 0, 1), PDFTOOLS_E_NOT_FOUND, "set_open on id 0");
    EXPECT_STATUS(pdftools_annotation_set_rect(doc, INT64_MAX, tc_mkrect(1, 1, 2, 2)), PDFTOOLS_E_NOT_FOUND,
                  "set_rect on id INT64_MAX");
    EXPECT_STATUS(pdftools_annotation_set_opacity(doc, -5, 0.5), PDFTOOLS_E_NOT_FOUND, "set_opacity on id -5");
    after = snap_page(doc, 0);
    same_snap(before, after, "stale ids: the other annotations");
    free(before);
    free(after);
  }

  /* Forged handles. */
  memset(fake, 0, sizeof fake);
  call_all_setters((pdftools_document *)(uintptr_t)0x1234, &r, PDFTOOLS_E_INVALID_HANDLE, "forged handle 0x1234", 1, 1);
  call_all_getters((pdftools_document *)(uintptr_t)0x1234, r.square, PDFTOOLS_E_INVALID_HANDLE, "forged handle 0x1234");
  call_all_setters((pdftools_document *)(void *)fake, &r, PDFTOOLS_E_INVALID_HANDLE, "forged handle (zeroed memory)",
                   1, 1);
  call_all_setters((pdftools_document *)(void *)((char *)doc + 8), &r, PDFTOOLS_E_INVALID_HANDLE,
                   "forged handle (live + 8)", 1, 1);
  call_all_setters(NULL, &r, PDFTOOLS_E_INVALID_HANDLE, "NULL handle", 1, 1);
  call_all_getters(NULL, r.square, PDFTOOLS_E_INVALID_HANDLE, "NULL handle");
  {
    int k;
    for (k = 0; k < S_COUNT; k++) verify_spec(doc, sp[k].id, &sp[k], "after forged-handle calls");
  }

  /* A closed handle. */
  pdftools_document_close(doc);
  call_all_setters(doc, &r, PDFTOOLS_E_INVALID_HANDLE, "closed handle", 1, 1);
  call_all_getters(doc, r.square, PDFTOOLS_E_INVALID_HANDLE, "closed handle");
}

/* ------------------------------------------------------------------------ */
/* Permissions                                                               */

static void test_permissions(void) {
  spec sp[S_COUNT];
  role_ids r, r2;
  pdftools_document *doc = make_annotated_doc(sp, &r, "permissions: set up");
  char *plain = tc_path(g_tmp, "annotated.pdf"), *enc = tc_path(g_tmp, "no-annotate.pdf");
  char *qp = tc_shell_quote(plain), *qe = tc_shell_quote(enc);
  char cmd[2048], log[2048];
  int rc, i;
  if (!doc) goto done;
  if (!EXPECT_OK(pdftools_document_save(doc, plain, NULL), "permissions: save the annotated document")) goto done;
  pdftools_document_close(doc);
  doc = NULL;
  if (!CHECK(tc_have_program("qpdf"), "the qpdf command line tool is installed")) goto done;
  snprintf(cmd, sizeof cmd, "qpdf --encrypt u o 256 --annotate=n -- %s %s", qp, qe);
  rc = tc_run_command(cmd, log, sizeof log);
  if (!CHECK(rc == 0 || rc == 3, "qpdf --encrypt u o 256 --annotate=n (exit %d) %s", rc, rc ? log : "")) goto done;

  if (EXPECT_OK(pdftools_document_open(enc, "u", &doc), "permissions: open with the user password")) {
    uint32_t perms = 0;
    int32_t modified = -1;
    char *before, *after;
    pdftools_document_get_permissions(doc, &perms);
    CHECK(!(perms & PDFTOOLS_PERMISSION_ANNOTATE), "permissions: annotate not granted (0x%x)", (unsigned)perms);
    r2 = r;
#define FIND(field, idx) r2.field = find_by_nm(doc, 0, sp[idx].nm)
    FIND(square, S_SQUARE);
    FIND(markup, S_HIGHLIGHT);
    FIND(ink, S_INK);
    FIND(polygon, S_POLYGON);
    FIND(line, S_LINE);
    FIND(polyline, S_POLYLINE);
    FIND(freetext, S_FREETEXT);
    FIND(text, S_TEXT);
    FIND(link, S_LINK_URI);
    FIND(file, S_FILE);
    FIND(stamp, S_STAMP);
    FIND(parent, S_CIRCLE);
    CHECK(r2.square && r2.markup && r2.ink && r2.polygon && r2.line && r2.polyline && r2.freetext && r2.text &&
              r2.link && r2.file && r2.stamp && r2.parent,
          "permissions: the annotations are listed and found by /NM");
    before = snap_page(doc, 0);
    call_all_setters(doc, &r2, PDFTOOLS_E_NOT_PERMITTED, "user password, annotate forbidden", 1, 1);
    EXPECT_STATUS(pdftools_annotation_create(doc, 1, "Text", tc_mkrect(10, 10, 30, 30), NULL),
                  PDFTOOLS_E_INVALID_ARGUMENT, "permissions: create(out_id NULL) is still INVALID_ARGUMENT");
    for (i = 0; i < S_COUNT; i++) {
      pdftools_annotation_id id = find_by_nm(doc, 0, sp[i].nm);
      char w[128];
      snprintf(w, sizeof w, "permissions: set_color on the %s", sp[i].label);
      EXPECT_STATUS(pdftools_annotation_set_color(doc, id, PDFTOOLS_COLOR_STROKE, NULL), PDFTOOLS_E_NOT_PERMITTED, w);
    }
    after = snap_page(doc, 0);
    same_snap(before, after, "permissions: every annotation after the refused calls");
    CHECK(tc_count_annots(doc, 1) == 0, "permissions: nothing created on page 1");
    pdftools_document_is_modified(doc, &modified);
    CHECK(modified == 0, "permissions: the document is unmodified (%d)", (int)modified);
    for (i = 0; i < S_COUNT; i++) verify_spec(doc, find_by_nm(doc, 0, sp[i].nm), &sp[i], "permissions (user)");
    free(before);
    free(after);
    pdftools_document_close(doc);
    doc = NULL;
  }
  if (EXPECT_OK(pdftools_document_open(enc, "o", &doc), "permissions: open with the owner password")) {
    uint32_t perms = 0;
    pdftools_document_get_permissions(doc, &perms);
    CHECK((perms & PDFTOOLS_PERMISSION_ANNOTATE) != 0, "permissions: the owner may annotate (0x%x)", (unsigned)perms);
    r2 = r;
    FIND(square, S_SQUARE);
    FIND(markup, S_HIGHLIGHT);
    FIND(ink, S_INK);
    FIND(polygon, S_POLYGON);
    FIND(line, S_LINE);
    FIND(polyline, S_POLYLINE);
    FIND(freetext, S_FREETEXT);
    FIND(text, S_TEXT);
    FIND(link, S_LINK_URI);
    FIND(file, S_FILE);
    FIND(stamp, S_STAMP);
    FIND(parent, S_CIRCLE);
#undef FIND
    call_all_setters(doc, &r2, PDFTOOLS_OK, "owner password", 1, 1);
    {
      void *data = NULL;
      size_t size = 0;
      pdftools_document *copy = NULL;
      if (EXPECT_OK(save_mem(doc, PDFTOOLS_SAVE_FULL, &data, &size), "owner password: save (encryption kept)")) {
        qpdf_check(data, size, "u", "owner password: saved file (user password u)");
        EXPECT_STATUS(pdftools_document_open_from_memory(data, size, NULL, &copy), PDFTOOLS_E_PASSWORD_REQUIRED,
                      "owner password: the saved file is still encrypted");
        if (EXPECT_OK(pdftools_document_open_from_memory(data, size, "u", &copy), "owner password: reopen with u")) {
          char *s;
          pdftools_annotation_id id = find_by_nm(copy, 0, sp[S_TEXT].nm);
          s = raw_norm(copy, id, "Name", NULL);
          CHECK(s && strcmp(s, "/Help") == 0, "owner password: the Text's new icon was saved (\"%s\")", s ? s : "");
          free(s);
          CHECK(find_by_nm(copy, 0, sp[S_SQUARE].nm) == 0, "owner password: the deleted Square is gone");
          pdftools_document_close(copy);
        }
        pdftools_free(data);
      }
    }
    pdftools_document_close(doc);
    doc = NULL;
  }
done:
  if (doc) pdftools_document_close(doc);
  free(plain);
  free(enc);
  free(qp);
  free(qe);
}

/* ------------------------------------------------------------------------ */
/* 5. Rendering                                                              */

static unsigned char *render_page(pdftools_document *doc, int32_t page, int32_t *w, int32_t *h, const char *what) {
  pdftools_render_options o = PDFTOOLS_RENDER_OPTIONS_INIT;
  unsigned char *px;
  char msg[200];
  *w = *h = 0;
  if (pdftools_page_get_render_size(doc, page, 1.0, w, h) != PDFTOOLS_OK || *w <= 0 || *h <= 0) return NULL;
  px = (unsigned char *)malloc((size_t)*w * (size_t)*h * 4);
  if (!px) return NULL;
  snprintf(msg, sizeof msg, "%s: render", what);
  if (!EXPECT_OK(pdftools_page_render(doc, page, &o, px, *w, *h, (size_t)*w * 4), msg)) {
    free(px);
    return NULL;
  }
  return px;
}

enum { R_SQUARE, R_CIRCLE, R_INK, R_HIGHLIGHT, R_FREETEXT, R_STAMP, R_STAMP_PNG, R_STAMP_JPEG, R_COUNT };

static void render_case(int which) {
  static const char *const labels[R_COUNT] = {"Square",   "Circle",      "Ink",          "Highlight",
                                              "FreeText", "Stamp (name)", "Stamp (PNG)", "Stamp (JPEG)"};
  static const char *const subtypes[R_COUNT] = {"Square", "Circle", "Ink", "Highlight", "FreeText", "Stamp", "Stamp",
                                                "Stamp"};
  pdftools_document *doc = NULL;
  pdftools_annotation_id id = 0;
  pdftools_rect pr = tc_mkrect(150, 300, 330, 420), rect, disp;
  int32_t w0, h0, w1, h1;
  unsigned char *before, *after;
  long inside = 0, outside = 0, far_x = 0, far_y = 0;
  double worst = 0;
  int32_t x, y;
  char what[120];
  snprintf(what, sizeof what, "render %s", labels[which]);
  if (!EXPECT_OK(pdftools_document_new(&doc), what)) return;
  pdftools_document_insert_blank_page(doc, 0, 500, 600);
  before = render_page(doc, 0, &w0, &h0, what);
  if (!EXPECT_OK(pdftools_annotation_create(doc, 0, subtypes[which], pr, &id), what)) {
    free(before);
    pdftools_document_close(doc);
    return;
  }
  switch (which) {
  case R_SQUARE: {
    pdftools_color s = {1, 0, 0}, f = {0, 0, 1};
    pdftools_annotation_set_color(doc, id, PDFTOOLS_COLOR_STROKE, &s);
    pdftools_annotation_set_color(doc, id, PDFTOOLS_COLOR_INTERIOR, &f);
    EXPECT_OK(pdftools_annotation_set_border(doc, id, 4, PDFTOOLS_BORDER_SOLID, NULL, 0), "render Square: border");
    break;
  }
  case R_CIRCLE: {
    pdftools_color s = {0, 0.5, 0};
    pdftools_annotation_set_color(doc, id, PDFTOOLS_COLOR_STROKE, &s);
    EXPECT_OK(pdftools_annotation_set_border(doc, id, 3, PDFTOOLS_BORDER_SOLID, NULL, 0), "render Circle: border");
    break;
  }
  case R_INK: {
    pdftools_point p[5] = {{160, 310}, {240, 410}, {320, 320}, {170, 400}, {300, 390}};
    int32_t sizes[2] = {3, 2};
    EXPECT_OK(pdftools_annotation_set_ink(doc, id, p, sizes, 2), "render Ink: 2 strokes");
    EXPECT_OK(pdftools_annotation_set_border(doc, id, 5, PDFTOOLS_BORDER_SOLID, NULL, 0), "render Ink: width 5");
    break;
  }
  case R_HIGHLIGHT:
    break;
  case R_FREETEXT:
    EXPECT_OK(pdftools_annotation_set_text(doc, id, "Contents", "Hello FreeText \xe6\x97\xa5\xe6\x9c\xac world, a "
                                                                 "longer line that wraps"),
              "render FreeText: contents");
    EXPECT_OK(pdftools_annotation_set_free_text(doc, id, "Helvetica-Bold", 18, NULL, 0, NULL),
              "render FreeText: 18 pt bold");
    break;
  case R_STAMP:
    EXPECT_OK(pdftools_annotation_set_icon(doc, id, "Confidential"), "render Stamp: Confidential");
    break;
  case R_STAMP_PNG:
    EXPECT_OK(pdftools_annotation_set_stamp_image(doc, id, tc_png_4x3, sizeof tc_png_4x3), "render Stamp: PNG");
    break;
  case R_STAMP_JPEG:
    EXPECT_OK(pdftools_annotation_set_stamp_image(doc, id, k_jpeg, sizeof k_jpeg), "render Stamp: JPEG");
    break;
  }
  pdftools_annotation_get_rect(doc, id, &rect);
  pdftools_page_convert_rect(doc, 0, PDFTOOLS_SPACE_PAGE, PDFTOOLS_SPACE_DISPLAY, rect, &disp);
  after = render_page(doc, 0, &w1, &h1, what);
  if (!before || !after || w0 != w1 || h0 != h1) {
    CHECK(0, "%s: two renders of the same size", what);
    free(before);
    free(after);
    pdftools_document_close(doc);
    return;
  }
  for (y = 0; y < h0; y++) {
    for (x = 0; x < w0; x++) {
      size_t o = ((size_t)y * (size_t)w0 + (size_t)x) * 4;
      double cx = x + 0.5, cy = y + 0.5, dx, dy, d;
      if (memcmp(before + o, after + o, 4) == 0) continue;
      dx = cx < disp.x0 ? disp.x0 - cx : (cx > disp.x1 ? cx - disp.x1 : 0);
      dy = cy < disp.y0 ? disp.y0 - cy : (cy > disp.y1 ? cy - disp.y1 : 0);
      d = dx > dy ? dx : dy;
      if (d == 0) {
        inside++;
      } else {
        if (d > 10) {
          outside++;
          far_x = x;
          far_y = y;
        }
        if (d > worst) worst = d;
      }
    }
  }
  CHECK(inside > 50, "%s: pixels change inside the rect (display [%.1f %.1f %.1f %.1f]): %ld", what, disp.x0, disp.y0,
        disp.x1, disp.y1, inside);
  CHECK(outside == 0, "%s: no pixel changes farther than 10 px outside the rect (%ld do, e.g. %ld,%ld; worst %.1f px)",
        what, outside, far_x, far_y, worst);
  free(before);
  free(after);
  pdftools_document_close(doc);
}

static void test_rendering(void) {
  int k;
  for (k = 0; k < R_COUNT; k++) render_case(k);
  /* The same on a corpus page with content (the drawing must not bleed either). */
  {
    pdftools_document *doc = tc_open_corpus(g_corpus, CORPUS_FILE, NULL);
    pdftools_annotation_id id = 0;
    int32_t w0, h0, w1, h1, x, y;
    unsigned char *before, *after;
    pdftools_rect rect, disp;
    long inside = 0, outside = 0;
    pdftools_color red = {1, 0, 0};
    if (!doc) return;
    before = render_page(doc, 0, &w0, &h0, "render on " CORPUS_FILE);
    if (EXPECT_OK(pdftools_annotation_create(doc, 0, "Square", tc_mkrect(100, 400, 300, 500), &id),
                  "render on " CORPUS_FILE ": create a Square")) {
      pdftools_annotation_set_color(doc, id, PDFTOOLS_COLOR_INTERIOR, &red);
      pdftools_annotation_get_rect(doc, id, &rect);
      pdftools_page_convert_rect(doc, 0, PDFTOOLS_SPACE_PAGE, PDFTOOLS_SPACE_DISPLAY, rect, &disp);
      after = render_page(doc, 0, &w1, &h1, "render on " CORPUS_FILE);
      if (before && after && w0 == w1 && h0 == h1) {
        for (y = 0; y < h0; y++)
          for (x = 0; x < w0; x++) {
            size_t o = ((size_t)y * (size_t)w0 + (size_t)x) * 4;
            double cx = x + 0.5, cy = y + 0.5;
            if (memcmp(before + o, after + o, 4) == 0) continue;
            if (cx >= disp.x0 && cx <= disp.x1 && cy >= disp.y0 && cy <= disp.y1)
              inside++;
            else if (cx < disp.x0 - 10 || cx > disp.x1 + 10 || cy < disp.y0 - 10 || cy > disp.y1 + 10)
              outside++;
          }
        CHECK(inside > 1000 && outside == 0, "render on " CORPUS_FILE ": a filled Square changes its rect only (%ld "
              "inside, %ld far outside)", inside, outside);
      }
      free(after);
    }
    free(before);
    pdftools_document_close(doc);
  }
}

/* ------------------------------------------------------------------------ */

/* pdftools_annotation_translate: every part moves, the appearance stays, one undo step. */
static void test_translate(void) {
  pdftools_document *doc = NULL;
  pdftools_annotation_id ink = 0, popup = 0, stale = 0;
  pdftools_rect rect = {100, 100, 200, 150}, got, popup_rect;
  const pdftools_point points[3] = {{100, 100}, {150, 150}, {200, 100}};
  const int32_t lengths[1] = {3};
  pdftools_point back[4];
  int32_t count = 0, strokes = 0, stroke_length[2];
  pdftools_bool done = 0;
  char *appearance, *after;
  if (!EXPECT_OK(pdftools_document_new(&doc), "translate: new document")) return;
  EXPECT_OK(pdftools_document_insert_blank_page(doc, 0, 612, 792), "translate: a page");
  EXPECT_OK(pdftools_annotation_create(doc, 0, "Ink", rect, &ink), "translate: an ink annotation");
  EXPECT_OK(pdftools_annotation_set_ink(doc, ink, points, lengths, 1), "translate: its stroke");
  EXPECT_OK(pdftools_annotation_add_popup(doc, ink, tc_mkrect(300, 300, 400, 400), 0, &popup), "translate: a popup");
  EXPECT_OK(pdftools_annotation_get_rect(doc, ink, &rect), "translate: the rect before");
  appearance = tc_get_raw(doc, ink, "AP", NULL);
  EXPECT_OK(pdftools_annotation_translate(doc, ink, 10, -20), "translate by (10, -20)");
  EXPECT_OK(pdftools_annotation_get_rect(doc, ink, &got), "translate: the rect after");
  CHECK(fabs(got.x0 - rect.x0 - 10) < 1e-9 && fabs(got.y0 - rect.y0 + 20) < 1e-9 && fabs(got.x1 - rect.x1 - 10) < 1e-9 &&
            fabs(got.y1 - rect.y1 + 20) < 1e-9,
        "translate: the rect moved by (10, -20) ([%g %g %g %g])", got.x0, got.y0, got.x1, got.y1);
  EXPECT_OK(pdftools_annotation_get_ink(doc, ink, back, 4, &count, stroke_length, 2, &strokes), "translate: the ink after");
  CHECK(count == 3 && strokes == 1 && back[0].x == 110 && back[0].y == 80 && back[1].x == 160 && back[1].y == 130 &&
            back[2].x == 210 && back[2].y == 80,
        "translate: the ink moved with it");
  EXPECT_OK(pdftools_annotation_get_rect(doc, popup, &popup_rect), "translate: the popup's rect");
  CHECK(popup_rect.x0 == 310 && popup_rect.y0 == 280 && popup_rect.x1 == 410 && popup_rect.y1 == 380,
        "translate: the popup moved with it ([%g %g %g %g])", popup_rect.x0, popup_rect.y0, popup_rect.x1, popup_rect.y1);
  after = tc_get_raw(doc, ink, "AP", NULL);
  CHECK(appearance && after && strcmp(appearance, after) == 0, "translate: the appearance stream is kept (%s)",
        after ? after : "none");
  free(after);
  EXPECT_OK(pdftools_undo_undo(doc, &done), "translate: undo");
  EXPECT_OK(pdftools_annotation_get_rect(doc, ink, &got), "translate: the rect after undo");
  CHECK(done && got.x0 == rect.x0 && got.y0 == rect.y0 && got.x1 == rect.x1 && got.y1 == rect.y1,
        "translate: one undo step puts it back");
  EXPECT_OK(pdftools_annotation_get_rect(doc, popup, &popup_rect), "translate: the popup after undo");
  CHECK(popup_rect.x0 == 300 && popup_rect.y1 == 400, "translate: the popup went back too");
  EXPECT_STATUS(pdftools_annotation_translate(doc, ink, NAN, 0), PDFTOOLS_E_INVALID_ARGUMENT, "translate: dx NaN");
  EXPECT_STATUS(pdftools_annotation_translate(doc, ink, 0, INFINITY), PDFTOOLS_E_INVALID_ARGUMENT, "translate: dy infinite");
  EXPECT_STATUS(pdftools_annotation_translate(doc, ink, 1e300, 0), PDFTOOLS_E_INVALID_ARGUMENT,
                "translate: out of the coordinate range");
  EXPECT_OK(pdftools_annotation_get_rect(doc, ink, &got), "translate: the rect after the refused moves");
  CHECK(got.x0 == rect.x0 && got.y0 == rect.y0, "translate: refused moves change nothing");
  EXPECT_OK(pdftools_annotation_create(doc, 0, "Square", rect, &stale), "translate: a square to delete");
  EXPECT_OK(pdftools_annotation_delete(doc, stale), "translate: delete it");
  EXPECT_STATUS(pdftools_annotation_translate(doc, stale, 1, 1), PDFTOOLS_E_NOT_FOUND, "translate: a stale id");
  EXPECT_STATUS(pdftools_annotation_translate(NULL, ink, 1, 1), PDFTOOLS_E_INVALID_HANDLE, "translate: NULL document");
  {
    /* pdftools_document_generate_appearances: the ink lost its appearance; one call writes it. */
    int32_t written = -1;
    EXPECT_OK(pdftools_annotation_set_raw(doc, ink, "AP", NULL), "generate: remove the ink's appearance");
    EXPECT_OK(pdftools_document_generate_appearances(doc, -1, &written), "generate: every page");
    after = tc_get_raw(doc, ink, "AP", NULL);
    CHECK(written == 1 && after != NULL, "generate: one appearance written (%d)", written);
    free(after);
    EXPECT_OK(pdftools_document_generate_appearances(doc, 0, NULL), "generate: page 0, count NULL");
    EXPECT_STATUS(pdftools_document_generate_appearances(doc, 1, &written), PDFTOOLS_E_OUT_OF_RANGE, "generate: page 1");
    EXPECT_STATUS(pdftools_document_generate_appearances(doc, -2, &written), PDFTOOLS_E_OUT_OF_RANGE, "generate: page -2");
    EXPECT_STATUS(pdftools_document_generate_appearances(NULL, -1, &written), PDFTOOLS_E_INVALID_HANDLE,
                  "generate: NULL document");
  }
  free(appearance);
  pdftools_document_close(doc);
}

/* Text in any script: what no installed font covers is named; the rest is drawn with
 * embedded subsets. */
static void test_missing_characters(void) {
  pdftools_document *doc = NULL;
  pdftools_annotation_id text = 0, square = 0;
  char buf[64];
  size_t size = 0;
  char *appearance;
  /* "Ab", U+FDD0 and U+10FFFE (noncharacters: in no font), and Cyrillic "zh". */
  const char *contents = "Ab\xef\xb7\x90\xd0\xb6\xf4\x8f\xbf\xbe";
  if (!EXPECT_OK(pdftools_document_new(&doc), "missing: new document")) return;
  EXPECT_OK(pdftools_document_insert_blank_page(doc, 0, 612, 792), "missing: a page");
  EXPECT_OK(pdftools_annotation_create(doc, 0, "FreeText", tc_mkrect(72, 600, 372, 660), &text), "missing: a FreeText");
  EXPECT_OK(pdftools_annotation_set_text(doc, text, "Contents", contents), "missing: its contents");
  EXPECT_OK(pdftools_annotation_get_missing_characters(doc, text, NULL, 0, &size), "missing: the size");
  CHECK(size == 8, "missing: two four-byte characters and the NUL (%zu)", size);
  EXPECT_OK(pdftools_annotation_get_missing_characters(doc, text, buf, sizeof buf, &size), "missing: the text");
  CHECK(strcmp(buf, "\xef\xb7\x90\xf4\x8f\xbf\xbe") == 0, "missing: U+FDD0 and U+10FFFE, in order");
  EXPECT_STATUS(pdftools_annotation_get_missing_characters(doc, text, buf, 4, &size), PDFTOOLS_E_BUFFER_TOO_SMALL,
                "missing: a short buffer");
  appearance = tc_get_raw(doc, text, "AP", NULL);
  CHECK(appearance != NULL, "missing: the FreeText still has an appearance");
  free(appearance);
  EXPECT_OK(pdftools_annotation_set_text(doc, text, "Contents", "\xd0\x9f\xd1\x80\xd0\xb8 \xe4\xbd\xa0\xe5\xa5\xbd"),
            "missing: Cyrillic and Chinese");
  EXPECT_OK(pdftools_annotation_get_missing_characters(doc, text, buf, sizeof buf, &size), "missing: none now");
  CHECK(size == 1 && buf[0] == 0, "missing: an empty string (%zu)", size);
  EXPECT_OK(pdftools_annotation_create(doc, 0, "Square", tc_mkrect(72, 400, 172, 500), &square), "missing: a Square");
  EXPECT_OK(pdftools_annotation_get_missing_characters(doc, square, buf, sizeof buf, &size), "missing: a Square");
  CHECK(size == 1 && buf[0] == 0, "missing: a Square draws no text");
  EXPECT_STATUS(pdftools_annotation_get_missing_characters(doc, text, buf, sizeof buf, NULL),
                PDFTOOLS_E_INVALID_ARGUMENT, "missing: out_size NULL");
  EXPECT_STATUS(pdftools_annotation_get_missing_characters(NULL, text, buf, sizeof buf, &size),
                PDFTOOLS_E_INVALID_HANDLE, "missing: NULL document");
  EXPECT_OK(pdftools_annotation_delete(doc, square), "missing: delete the Square");
  EXPECT_STATUS(pdftools_annotation_get_missing_characters(doc, square, buf, sizeof buf, &size), PDFTOOLS_E_NOT_FOUND,
                "missing: a stale id");
  pdftools_document_close(doc);
}

int main(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: %s CORPUS_DIR\n", argv[0]);
    return 2;
  }
  g_corpus = argv[1];
  g_tmp = tc_make_temp_dir("test-annotation-edit");
  if (!g_tmp) {
    fprintf(stderr, "cannot create a temporary folder\n");
    return 2;
  }
  printf("libpdftools %s, corpus %s\n", pdftools_version_string(), g_corpus);
  test_roundtrip_new();
  test_roundtrip_corpus();
  test_modification_dates();
  test_geometry();
  test_bad_input();
  test_stale_and_handles();
  test_permissions();
  test_rendering();
  test_translate();
  test_missing_characters();
  tc_remove_tree(g_tmp);
  free(g_tmp);
  return tc_finish();
}

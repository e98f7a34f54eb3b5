/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * test_annotations.c — the Annotations section of pdftools.h, on corpus files
 * whose annotation dictionaries are known (read with qpdf --show-object):
 *
 *   pdfjs-annotation-square-circle.pdf  page 0 /Annots [24 26 27 29]:
 *       Square (24, /Popup 26), Popup (26, /Parent 24),
 *       Circle (27, /Popup 29), Popup (29, /Parent 27)
 *   pdfjs-annotation-line.pdf           page 0 /Annots [18 20]:
 *       Line (18, /Popup 20), Popup (20, /Parent 18)
 *   pdfium-annots.pdf                   two pages of Links, Highlights, a Popup,
 *                                       a Square and a Widget
 *
 * Checked: the array pattern of pdftools_page_get_annotations and z-order (the
 * order of /Annots), ids (never 0, unique, stable across calls, a metadata
 * change, saves, raw edits, deletes of other annotations and a page inserted
 * before theirs), annotation_page/subtype/rect/get_text/get_raw with the
 * two-call pattern, set_raw (set, replace, remove; protected keys give
 * NOT_PERMITTED, unparsable syntax and bad keys INVALID_ARGUMENT), delete
 * (with the popup that belongs to the annotation; stale ids give NOT_FOUND
 * everywhere), the changes surviving a save and reopen, and NOT_PERMITTED on
 * a document whose permissions forbid annotating (made with the qpdf command
 * line tool).
 *
 * Usage: test_annotations CORPUS_DIR
 * Prints one line per check and a last line "N passed, M failed"; exits 1 if
 * any check failed.
 */
#define _XOPEN_SOURCE 700

#include "test_common.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const char *g_corpus;
static char *g_tmp;

/* ------------------------------------------------------------------------ */
/* Helpers                                                                   */

static const char *st_name(pdftools_status st) { return pdftools_status_string(st); }

/* Lists a page's ids into ids (capacity cap); returns the count or -1. */
static int list_ids(pdftools_document *doc, int32_t page, pdftools_annotation_id *ids, size_t cap) {
  int32_t n = 0;
  if (pdftools_page_get_annotations(doc, page, ids, cap, &n) != PDFTOOLS_OK) return -1;
  return (int)n;
}

/* 1 when the subtype of id is want. */
static int subtype_is(pdftools_document *doc, pdftools_annotation_id id, const char *want) {
  char *s = tc_get_subtype(doc, id, NULL);
  int same = s && strcmp(s, want) == 0;
  free(s);
  return same;
}

/*
 * Parses a PDF array of numbers ("[ 1 2.5 -3 ]", any white space) into out;
 * returns the count, or -1 when raw is not such an array.
 */
static int parse_number_array(const char *raw, double *out, int max) {
  const char *p = raw;
  int n = 0;
  while (*p && isspace((unsigned char)*p)) p++;
  if (*p != '[') return -1;
  p++;
  for (;;) {
    char *end;
    double v;
    while (*p && isspace((unsigned char)*p)) p++;
    if (*p == ']') break;
    v = strtod(p, &end);
    if (end == p || n >= max) return -1;
    out[n++] = v;
    p = end;
  }
  p++;
  while (*p && isspace((unsigned char)*p)) p++;
  return *p ? -1 : n;
}

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

/* 1 when raw is an indirect reference "n g R". */
static int is_reference(const char *raw) {
  unsigned long a, b;
  char r = 0, extra = 0;
  return raw && sscanf(raw, " %lu %lu %c %c", &a, &b, &r, &extra) == 3 && r == 'R';
}

static int rect_near(pdftools_rect r, double x0, double y0, double x1, double y1) {
  const double e = 1e-3;
  return tc_near(r.x0, x0, e) && tc_near(r.y0, y0, e) && tc_near(r.x1, x1, e) && tc_near(r.y1, y1, e);
}

static int32_t is_modified(pdftools_document *doc) {
  int32_t m = -1;
  pdftools_document_is_modified(doc, &m);
  return m;
}

/* Every id-taking function on a stale or unknown id gives want (NOT_FOUND), outs untouched. */
static void expect_all_not_found(pdftools_document *doc, pdftools_annotation_id id, const char *what) {
  char buf[16];
  char w[200];
  size_t size = 4242;
  int32_t page = -42;
  pdftools_rect r = {-1, -2, -3, -4};
  memset(buf, 'Z', sizeof buf);
#define NF(call, name)                                           \
  do {                                                           \
    snprintf(w, sizeof w, "%s: %s", what, name);                 \
    EXPECT_STATUS((call), PDFTOOLS_E_NOT_FOUND, w);              \
  } while (0)
  NF(pdftools_annotation_get_page(doc, id, &page), "annotation_page");
  NF(pdftools_annotation_get_subtype(doc, id, buf, sizeof buf, &size), "annotation_subtype");
  NF(pdftools_annotation_get_subtype(doc, id, NULL, 0, &size), "annotation_subtype (NULL buffer)");
  NF(pdftools_annotation_get_rect(doc, id, &r), "annotation_rect");
  NF(pdftools_annotation_get_text(doc, id, "Contents", buf, sizeof buf, &size), "annotation_get_text");
  NF(pdftools_annotation_get_raw(doc, id, "Rect", buf, sizeof buf, &size), "annotation_get_raw");
  NF(pdftools_annotation_set_raw(doc, id, "Contents", "(x)"), "annotation_set_raw");
  NF(pdftools_annotation_set_raw(doc, id, "Contents", NULL), "annotation_set_raw (remove)");
  NF(pdftools_annotation_delete(doc, id), "annotation_delete");
#undef NF
  {
    int untouched = 1;
    size_t k;
    for (k = 0; k < sizeof buf; k++) untouched &= buf[k] == 'Z';
    CHECK(untouched && size == 4242 && page == -42 && r.x0 == -1 && r.y1 == -4, "%s: out-parameters untouched",
          what);
  }
}

/* Saves doc to memory and reopens it; returns the reopened document or NULL. */
static pdftools_document *save_and_reopen(pdftools_document *doc, const char *what) {
  void *data = NULL;
  size_t size = 0;
  pdftools_document *copy = NULL;
  char w[200];
  snprintf(w, sizeof w, "%s: save_to_memory", what);
  if (!EXPECT_OK(pdftools_document_save_to_memory(doc, NULL, &data, &size), w)) return NULL;
  snprintf(w, sizeof w, "%s: reopen the saved bytes", what);
  if (!EXPECT_OK(pdftools_document_open_from_memory(data, size, NULL, &copy), w)) copy = NULL;
  pdftools_free(data);
  return copy;
}

/* ------------------------------------------------------------------------ */
/* 1. Listing: the array pattern, z-order, ids                               */

#define SQ_SQUARE 0
#define SQ_POPUP1 1
#define SQ_CIRCLE 2
#define SQ_POPUP2 3

static void test_listing(pdftools_document *doc, pdftools_annotation_id ids[4]) {
  static const char *const want_sub[4] = {"Square", "Popup", "Circle", "Popup"};
  pdftools_annotation_id buf[8], again[8];
  size_t i, j;
  int32_t n = 0;
  int ok;
  pdftools_status st;

  EXPECT_OK(pdftools_page_get_annotations(doc, 0, NULL, 0, &n), "page_annotations(NULL) counts");
  CHECK(n == 4, "square-circle: 4 annotations on page 0 (%d)", n);
  n = 0;
  EXPECT_OK(pdftools_page_get_annotations(doc, 0, NULL, 5, &n), "page_annotations(NULL, capacity 5) counts");
  CHECK(n == 4, "a NULL buffer counts whatever the capacity (%d)", n);

  for (i = 0; i < 8; i++) buf[i] = -99;
  n = 0;
  st = pdftools_page_get_annotations(doc, 0, buf, 3, &n);
  EXPECT_STATUS(st, PDFTOOLS_E_BUFFER_TOO_SMALL, "page_annotations with capacity 3 of 4");
  ok = 1;
  for (i = 0; i < 8; i++) ok &= buf[i] == -99;
  CHECK(n == 4 && ok, "capacity 3: the total (4) is reported and nothing is copied (%d)", n);
  n = 0;
  st = pdftools_page_get_annotations(doc, 0, buf, 0, &n);
  EXPECT_STATUS(st, PDFTOOLS_E_BUFFER_TOO_SMALL, "page_annotations with a buffer and capacity 0");

  n = 0;
  EXPECT_OK(pdftools_page_get_annotations(doc, 0, buf, 4, &n), "page_annotations with the exact capacity");
  CHECK(n == 4 && buf[4] == -99, "exact capacity: 4 ids copied, nothing past them");
  memcpy(ids, buf, 4 * sizeof ids[0]);
  for (i = 0; i < 8; i++) again[i] = -99;
  n = 0;
  EXPECT_OK(pdftools_page_get_annotations(doc, 0, again, 8, &n), "page_annotations with a larger capacity");
  CHECK(n == 4 && memcmp(again, ids, 4 * sizeof ids[0]) == 0 && again[4] == -99,
        "a second listing gives the same ids in the same order; nothing written past the count");

  ok = 1;
  for (i = 0; i < 4; i++) {
    if (ids[i] == 0) ok = 0;
    for (j = 0; j < i; j++)
      if (ids[i] == ids[j]) ok = 0;
  }
  CHECK(ok, "ids are non-zero and distinct (%lld %lld %lld %lld)", (long long)ids[0], (long long)ids[1],
        (long long)ids[2], (long long)ids[3]);

  ok = 1;
  for (i = 0; i < 4; i++) {
    char *s = tc_get_subtype(doc, ids[i], &st);
    if (!s || strcmp(s, want_sub[i]) != 0) {
      tc_note("annotation %zu: subtype \"%s\" (%s), want \"%s\"", i, s ? s : "(none)", st_name(st), want_sub[i]);
      ok = 0;
    }
    free(s);
  }
  CHECK(ok, "z-order is the order of /Annots: Square, Popup, Circle, Popup");

  ok = 1;
  for (i = 0; i < 4; i++) {
    int32_t page = -1;
    if (pdftools_annotation_get_page(doc, ids[i], &page) != PDFTOOLS_OK || page != 0) ok = 0;
  }
  CHECK(ok, "annotation_page is 0 for all four");

  /* Pages out of range; NULL out_count. */
  {
    static const int32_t bad[] = {1, -1, 2, INT32_MAX, INT32_MIN};
    for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
      char w[96];
      n = 777;
      snprintf(w, sizeof w, "page_annotations(page %ld)", (long)bad[i]);
      EXPECT_STATUS(pdftools_page_get_annotations(doc, bad[i], buf, 8, &n), PDFTOOLS_E_OUT_OF_RANGE, w);
      CHECK(n == 777, "%s: out_count untouched", w);
    }
    EXPECT_STATUS(pdftools_page_get_annotations(doc, 0, buf, 8, NULL), PDFTOOLS_E_INVALID_ARGUMENT,
                  "page_annotations(out_count NULL)");
  }
}

/* ------------------------------------------------------------------------ */
/* 2. Reading: subtype, rect, text, raw                                      */

static void test_reading(pdftools_document *doc, const pdftools_annotation_id ids[4]) {
  char buf[64];
  size_t need = 0, size = 0;
  pdftools_rect r;
  pdftools_status st;
  char *s;
  int k;

  /* Subtype, two-call pattern. */
  EXPECT_OK(pdftools_annotation_get_subtype(doc, ids[SQ_SQUARE], NULL, 0, &need), "annotation_subtype(NULL) size");
  CHECK(need == sizeof "Square", "subtype size is %zu including the NUL (%zu)", sizeof "Square", need);
  memset(buf, 'Z', sizeof buf);
  size = 0;
  EXPECT_STATUS(pdftools_annotation_get_subtype(doc, ids[SQ_SQUARE], buf, 6, &size), PDFTOOLS_E_BUFFER_TOO_SMALL,
                "annotation_subtype with a buffer one byte too small");
  CHECK(size == sizeof "Square" && buf[0] == 'Z' && buf[5] == 'Z', "too small: size reported, buffer untouched");
  EXPECT_OK(pdftools_annotation_get_subtype(doc, ids[SQ_SQUARE], buf, 7, &size), "annotation_subtype, exact buffer");
  CHECK(strcmp(buf, "Square") == 0 && size == 7 && buf[7] == 'Z', "subtype \"Square\", nothing past the NUL");
  EXPECT_STATUS(pdftools_annotation_get_subtype(doc, ids[SQ_SQUARE], buf, sizeof buf, NULL), PDFTOOLS_E_INVALID_ARGUMENT,
                "annotation_subtype(out_size NULL)");

  /* Rects as the file has them. */
  {
    static const double want[4][4] = {{71.6709, 657.982, 274.738, 754.469},
                                      {517.838, 634.146, 697.838, 754.146},
                                      {71.0252, 523.739, 162.712, 614.095},
                                      {517.838, 459.244, 697.838, 579.244}};
    for (k = 0; k < 4; k++) {
      memset(&r, 0, sizeof r);
      st = pdftools_annotation_get_rect(doc, ids[k], &r);
      CHECK(st == PDFTOOLS_OK && rect_near(r, want[k][0], want[k][1], want[k][2], want[k][3]),
            "annotation %d: rect [%g %g %g %g] as in the file (%s [%g %g %g %g])", k, want[k][0], want[k][1],
            want[k][2], want[k][3], st_name(st), r.x0, r.y0, r.x1, r.y1);
    }
    EXPECT_STATUS(pdftools_annotation_get_rect(doc, ids[0], NULL), PDFTOOLS_E_INVALID_ARGUMENT,
                  "annotation_rect(out_rect NULL)");
  }
  EXPECT_STATUS(pdftools_annotation_get_page(doc, ids[0], NULL), PDFTOOLS_E_INVALID_ARGUMENT,
                "annotation_page(out_page NULL)");

  /* Text entries. */
  {
    static const struct {
      int which;
      const char *key, *value;
    } texts[] = {
        {SQ_SQUARE, "Contents", "Square content"},
        {SQ_SQUARE, "T", "Tim van der Meij"},
        {SQ_SQUARE, "Subj", "Rectangle"},
        {SQ_SQUARE, "NM", "4b70e900-a90c-4812-bf8c-5e2051350478"},
        {SQ_SQUARE, "M", "D:20151220232350+01'00'"},
        {SQ_SQUARE, "CreationDate", "D:20151220231050+01'00'"},
        {SQ_CIRCLE, "Contents", "Circle content"},
        {SQ_CIRCLE, "Subj", "Oval"},
        {SQ_POPUP1, "NM", "b2a84359-cacd-4eba-9f8c-ea2c406465c7"},
    };
    size_t i;
    for (i = 0; i < sizeof texts / sizeof texts[0]; i++) {
      s = tc_get_text(doc, ids[texts[i].which], texts[i].key, &st);
      CHECK(s && strcmp(s, texts[i].value) == 0, "annotation %d: text /%s is \"%s\" (%s \"%s\")", texts[i].which,
            texts[i].key, texts[i].value, st_name(st), s ? s : "(none)");
      free(s);
    }
  }
  need = 0;
  EXPECT_OK(pdftools_annotation_get_text(doc, ids[SQ_SQUARE], "Contents", NULL, 0, &need), "tc_get_text(NULL) size");
  CHECK(need == sizeof "Square content", "get_text size %zu (%zu)", sizeof "Square content", need);
  memset(buf, 'Z', sizeof buf);
  EXPECT_STATUS(pdftools_annotation_get_text(doc, ids[SQ_SQUARE], "Contents", buf, 4, &size),
                PDFTOOLS_E_BUFFER_TOO_SMALL, "get_text with a 4-byte buffer");
  CHECK(buf[0] == 'Z' && size == sizeof "Square content", "get_text too small: untouched, size reported");
  size = 999;
  EXPECT_STATUS(pdftools_annotation_get_text(doc, ids[SQ_POPUP1], "Contents", buf, sizeof buf, &size),
                PDFTOOLS_E_NOT_FOUND, "get_text of an absent entry (a popup's /Contents)");
  CHECK(size == 999, "NOT_FOUND leaves out_size untouched");
  EXPECT_STATUS(pdftools_annotation_get_text(doc, ids[SQ_SQUARE], "Rect", buf, sizeof buf, &size),
                PDFTOOLS_E_NOT_FOUND, "get_text of an entry that is not text (/Rect)");
  EXPECT_STATUS(pdftools_annotation_get_text(doc, ids[SQ_SQUARE], "Contents", buf, sizeof buf, NULL),
                PDFTOOLS_E_INVALID_ARGUMENT, "tc_get_text(out_size NULL)");

  /* Raw entries. */
  {
    double v[8];
    char norm[256];
    s = tc_get_raw(doc, ids[SQ_SQUARE], "Rect", &st);
    CHECK(s && parse_number_array(s, v, 8) == 4 && tc_near(v[0], 71.6709, 1e-4) && tc_near(v[3], 754.469, 1e-4),
          "get_raw /Rect is the array [71.6709 657.982 274.738 754.469] (%s \"%s\")", st_name(st), s ? s : "(none)");
    free(s);
    s = tc_get_raw(doc, ids[SQ_SQUARE], "Subtype", &st);
    CHECK(s && strcmp(s, "/Square") == 0, "get_raw /Subtype is \"/Square\" (%s \"%s\")", st_name(st),
          s ? s : "(none)");
    free(s);
    s = tc_get_raw(doc, ids[SQ_SQUARE], "Popup", &st);
    CHECK(is_reference(s), "get_raw /Popup is an indirect reference \"n g R\" (%s \"%s\")", st_name(st),
          s ? s : "(none)");
    free(s);
    s = tc_get_raw(doc, ids[SQ_SQUARE], "C", &st);
    CHECK(s && parse_number_array(s, v, 8) == 3 && v[0] == 0 && v[1] == 0 && tc_near(v[2], 0.74902, 1e-6),
          "get_raw /C is [0 0 0.74902] (%s \"%s\")", st_name(st), s ? s : "(none)");
    free(s);
    s = tc_get_raw(doc, ids[SQ_SQUARE], "BS", &st);
    if (s) normalize_syntax(s, norm, sizeof norm);
    CHECK(s && norm[0] == '<' && strstr(norm, "/W 6") && strstr(norm, "/D [2 2]"),
          "get_raw /BS is the dictionary << /D [ 2 2 ] /S /S /W 6 >> (%s \"%s\")", st_name(st), s ? s : "(none)");
    free(s);
    s = tc_get_raw(doc, ids[SQ_SQUARE], "Contents", &st);
    CHECK(s && strcmp(s, "(Square content)") == 0, "get_raw /Contents is the string \"(Square content)\" (%s \"%s\")",
          st_name(st), s ? s : "(none)");
    free(s);
    s = tc_get_raw(doc, ids[SQ_POPUP1], "Open", &st);
    CHECK(s && strcmp(s, "false") == 0, "get_raw of the popup's /Open is \"false\" (%s \"%s\")", st_name(st),
          s ? s : "(none)");
    free(s);
  }
  need = 0;
  EXPECT_OK(pdftools_annotation_get_raw(doc, ids[SQ_SQUARE], "Subtype", NULL, 0, &need), "tc_get_raw(NULL) size");
  CHECK(need == sizeof "/Square", "get_raw size %zu (%zu)", sizeof "/Square", need);
  memset(buf, 'Z', sizeof buf);
  EXPECT_STATUS(pdftools_annotation_get_raw(doc, ids[SQ_SQUARE], "Subtype", buf, need - 1, &size),
                PDFTOOLS_E_BUFFER_TOO_SMALL, "get_raw one byte too small");
  CHECK(buf[0] == 'Z', "get_raw too small: buffer untouched");
  EXPECT_STATUS(pdftools_annotation_get_raw(doc, ids[SQ_SQUARE], "NoSuchKey", buf, sizeof buf, &size),
                PDFTOOLS_E_NOT_FOUND, "get_raw of an absent key");
  EXPECT_STATUS(pdftools_annotation_get_raw(doc, ids[SQ_SQUARE], "Rect", buf, sizeof buf, NULL),
                PDFTOOLS_E_INVALID_ARGUMENT, "tc_get_raw(out_size NULL)");

  /* Bad keys. */
  {
    static const char *const bad_keys[] = {"", "Bad Key", "/Contents", "Bad(Key", "Bad/Key", "Bad]Key"};
    size_t i;
    EXPECT_STATUS(pdftools_annotation_get_text(doc, ids[0], NULL, buf, sizeof buf, &size), PDFTOOLS_E_INVALID_ARGUMENT,
                  "tc_get_text(key NULL)");
    EXPECT_STATUS(pdftools_annotation_get_raw(doc, ids[0], NULL, buf, sizeof buf, &size), PDFTOOLS_E_INVALID_ARGUMENT,
                  "tc_get_raw(key NULL)");
    for (i = 0; i < sizeof bad_keys / sizeof bad_keys[0]; i++) {
      char w[96];
      snprintf(w, sizeof w, "get_text with bad key \"%s\"", bad_keys[i]);
      EXPECT_STATUS(pdftools_annotation_get_text(doc, ids[0], bad_keys[i], buf, sizeof buf, &size),
                    PDFTOOLS_E_INVALID_ARGUMENT, w);
      snprintf(w, sizeof w, "get_raw with bad key \"%s\"", bad_keys[i]);
      EXPECT_STATUS(pdftools_annotation_get_raw(doc, ids[0], bad_keys[i], buf, sizeof buf, &size),
                    PDFTOOLS_E_INVALID_ARGUMENT, w);
    }
  }

  /* Ids that never existed. */
  {
    pdftools_annotation_id maxid = ids[0];
    for (k = 1; k < 4; k++)
      if (ids[k] > maxid) maxid = ids[k];
    expect_all_not_found(doc, maxid + 1000, "an id that was never given out");
    expect_all_not_found(doc, INT64_MAX, "id INT64_MAX");
    expect_all_not_found(doc, -1, "id -1");
    {
      int32_t page = -1;
      pdftools_status st0 = pdftools_annotation_get_page(doc, 0, &page);
      CHECK(st0 == PDFTOOLS_E_NOT_FOUND || st0 == PDFTOOLS_E_INVALID_ARGUMENT,
            "id 0 (never an id): NOT_FOUND or INVALID_ARGUMENT (%s)", st_name(st0));
    }
  }
  CHECK(is_modified(doc) == 0, "reading annotations does not modify the document");
}

/* ------------------------------------------------------------------------ */
/* 3. Writing raw values                                                     */

static void test_set_raw(pdftools_document *doc, const pdftools_annotation_id ids[4]) {
  pdftools_status st;
  char *s;
  double v[8];
  char norm[256];
  size_t i;
  pdftools_annotation_id now[8];

  EXPECT_OK(pdftools_annotation_set_raw(doc, ids[SQ_SQUARE], "Contents", "(Changed \\(with parens\\))"),
            "set_raw /Contents to a literal string");
  CHECK(is_modified(doc) == 1, "set_raw marks the document modified");
  s = tc_get_text(doc, ids[SQ_SQUARE], "Contents", &st);
  CHECK(s && strcmp(s, "Changed (with parens)") == 0, "get_text gives the new /Contents (\"%s\")", s ? s : "(none)");
  free(s);
  EXPECT_OK(pdftools_annotation_set_raw(doc, ids[SQ_CIRCLE], "Contents", "<FEFF00E4006B20AC>"),
            "set_raw /Contents to a UTF-16BE hex string");
  s = tc_get_text(doc, ids[SQ_CIRCLE], "Contents", &st);
  CHECK(s && strcmp(s, "\xc3\xa4k\xe2\x82\xac") == 0, "get_text decodes it to UTF-8 \"äk€\" (\"%s\")",
        s ? s : "(none)");
  free(s);
  EXPECT_OK(pdftools_annotation_set_raw(doc, ids[SQ_SQUARE], "C", "[1 0.5 0]"), "set_raw /C [1 0.5 0]");
  s = tc_get_raw(doc, ids[SQ_SQUARE], "C", &st);
  CHECK(s && parse_number_array(s, v, 8) == 3 && v[0] == 1 && v[1] == 0.5 && v[2] == 0,
        "get_raw /C gives [1 0.5 0] back (\"%s\")", s ? s : "(none)");
  free(s);
  EXPECT_OK(pdftools_annotation_set_raw(doc, ids[SQ_SQUARE], "Rect", "[10 20 110 220]"), "set_raw /Rect");
  {
    pdftools_rect r;
    st = pdftools_annotation_get_rect(doc, ids[SQ_SQUARE], &r);
    CHECK(st == PDFTOOLS_OK && rect_near(r, 10, 20, 110, 220), "annotation_rect follows set_raw /Rect ([%g %g %g %g])",
          r.x0, r.y0, r.x1, r.y1);
  }
  EXPECT_OK(pdftools_annotation_set_raw(doc, ids[SQ_SQUARE], "Rect", "[274.738 754.469 71.6709 657.982]"),
            "set_raw /Rect with the corners swapped");
  {
    pdftools_rect r;
    st = pdftools_annotation_get_rect(doc, ids[SQ_SQUARE], &r);
    CHECK(st == PDFTOOLS_OK && rect_near(r, 71.6709, 657.982, 274.738, 754.469),
          "annotation_rect is normalized ([%g %g %g %g])", r.x0, r.y0, r.x1, r.y1);
  }
  EXPECT_OK(pdftools_annotation_set_raw(doc, ids[SQ_SQUARE], "MyKey", "<< /A 1 /B [ true null /N (s) ] >>"),
            "set_raw of a new key with a nested dictionary");
  s = tc_get_raw(doc, ids[SQ_SQUARE], "MyKey", &st);
  if (s) normalize_syntax(s, norm, sizeof norm);
  CHECK(s && strstr(norm, "/A 1") && strstr(norm, "/B [true null /N (s)]"),
        "get_raw gives the dictionary back (\"%s\")", s ? s : "(none)");
  free(s);
  EXPECT_OK(pdftools_annotation_set_raw(doc, ids[SQ_SQUARE], "MyKey", NULL), "set_raw NULL removes a key");
  EXPECT_STATUS(pdftools_annotation_get_raw(doc, ids[SQ_SQUARE], "MyKey", NULL, 0, &i), PDFTOOLS_E_NOT_FOUND,
                "the removed key is gone");
  {
    pdftools_status st2 = pdftools_annotation_set_raw(doc, ids[SQ_SQUARE], "NeverSet", NULL);
    CHECK(st2 == PDFTOOLS_OK || st2 == PDFTOOLS_E_NOT_FOUND, "removing an absent key: OK or NOT_FOUND (%s)",
          st_name(st2));
    if (st2 != PDFTOOLS_OK) tc_note("removing an absent key gives %s", st_name(st2));
  }

  /* Protected keys. */
  {
    static const struct {
      const char *key, *syntax;
    } prot[] = {{"Type", "/Annot"}, {"Subtype", "/Circle"}, {"Subtype", "/Square"}, {"P", "<< >>"},
                {"Parent", "<< >>"}, {"Popup", "<< >>"}, {"Popup", "null"}};
    for (i = 0; i < sizeof prot / sizeof prot[0]; i++) {
      char w[96];
      snprintf(w, sizeof w, "set_raw of protected key /%s to %s", prot[i].key, prot[i].syntax);
      EXPECT_STATUS(pdftools_annotation_set_raw(doc, ids[SQ_SQUARE], prot[i].key, prot[i].syntax),
                    PDFTOOLS_E_NOT_PERMITTED, w);
      snprintf(w, sizeof w, "removing protected key /%s", prot[i].key);
      EXPECT_STATUS(pdftools_annotation_set_raw(doc, ids[SQ_SQUARE], prot[i].key, NULL), PDFTOOLS_E_NOT_PERMITTED, w);
    }
    EXPECT_STATUS(pdftools_annotation_set_raw(doc, ids[SQ_POPUP1], "Parent", NULL), PDFTOOLS_E_NOT_PERMITTED,
                  "removing a popup's /Parent");
    CHECK(subtype_is(doc, ids[SQ_SQUARE], "Square"), "the subtype is still Square");
    s = tc_get_raw(doc, ids[SQ_SQUARE], "Popup", &st);
    CHECK(is_reference(s), "the /Popup is still a reference (\"%s\")", s ? s : "(none)");
    free(s);
  }

  /* Unparsable syntax, references (direct objects only), bad keys. */
  {
    static const char *const bad_syntax[] = {"",        "   ",      "[1 2",         "<< /A 1",        "(unclosed",
                                             "]",       ">>",       "<< /A >>",     "1 0 R",          "[ 4 0 R ]",
                                             "<< /A 24 0 R >>",     "/Name extra",  "(a) (b)",        "<zz>",
                                             "endobj",  "stream"};
    static const char *const bad_keys[] = {"", "Bad Key", "/Contents", "Bad(Key", "Bad%Key", "Bad<Key"};
    for (i = 0; i < sizeof bad_syntax / sizeof bad_syntax[0]; i++) {
      char w[96];
      snprintf(w, sizeof w, "set_raw /Contents with bad syntax \"%s\"", bad_syntax[i]);
      EXPECT_STATUS(pdftools_annotation_set_raw(doc, ids[SQ_SQUARE], "Contents", bad_syntax[i]),
                    PDFTOOLS_E_INVALID_ARGUMENT, w);
    }
    s = tc_get_text(doc, ids[SQ_SQUARE], "Contents", &st);
    CHECK(s && strcmp(s, "Changed (with parens)") == 0, "rejected set_raw calls left /Contents unchanged (\"%s\")",
          s ? s : "(none)");
    free(s);
    EXPECT_STATUS(pdftools_annotation_set_raw(doc, ids[SQ_SQUARE], NULL, "1"), PDFTOOLS_E_INVALID_ARGUMENT,
                  "set_raw(key NULL)");
    for (i = 0; i < sizeof bad_keys / sizeof bad_keys[0]; i++) {
      char w[96];
      snprintf(w, sizeof w, "set_raw with bad key \"%s\"", bad_keys[i]);
      EXPECT_STATUS(pdftools_annotation_set_raw(doc, ids[SQ_SQUARE], bad_keys[i], "1"), PDFTOOLS_E_INVALID_ARGUMENT, w);
    }
  }

  CHECK(list_ids(doc, 0, now, 8) == 4 && memcmp(now, ids, 4 * sizeof ids[0]) == 0,
        "ids unchanged after the raw edits");
}

/* ------------------------------------------------------------------------ */
/* 4. Stability across a metadata change, saves and an inserted page        */

static void test_stability(pdftools_document *doc, const pdftools_annotation_id ids[4]) {
  pdftools_annotation_id now[8];
  char *path = tc_path(g_tmp, "stability.pdf");
  void *data = NULL;
  size_t size = 0;
  int32_t page = -1, count = 0;
  int k, ok;

  EXPECT_OK(pdftools_document_set_metadata(doc, "Title", "annotation id stability"), "set Title");
  CHECK(list_ids(doc, 0, now, 8) == 4 && memcmp(now, ids, 4 * sizeof ids[0]) == 0,
        "ids unchanged after a metadata change");
  if (EXPECT_OK(pdftools_document_save_to_memory(doc, NULL, &data, &size), "save_to_memory")) pdftools_free(data);
  CHECK(list_ids(doc, 0, now, 8) == 4 && memcmp(now, ids, 4 * sizeof ids[0]) == 0, "ids unchanged after save_to_memory");
  EXPECT_OK(pdftools_document_save(doc, path, NULL), "save to a path");
  CHECK(list_ids(doc, 0, now, 8) == 4 && memcmp(now, ids, 4 * sizeof ids[0]) == 0, "ids unchanged after a save to a path");
  CHECK(subtype_is(doc, ids[SQ_CIRCLE], "Circle"), "ids still name the same annotations after saving");

  /* A page inserted before theirs: the ids stay, their page index moves. */
  EXPECT_OK(pdftools_document_insert_blank_page(doc, 0, 612, 792), "insert a blank page before page 0");
  pdftools_document_get_page_count(doc, &count);
  CHECK(count == 2, "2 pages now (%d)", (int)count);
  CHECK(list_ids(doc, 0, now, 8) == 0, "the new blank page 0 has no annotations");
  CHECK(list_ids(doc, 1, now, 8) == 4 && memcmp(now, ids, 4 * sizeof ids[0]) == 0,
        "the annotations are on page 1 with the same ids");
  ok = 1;
  for (k = 0; k < 4; k++)
    if (pdftools_annotation_get_page(doc, ids[k], &page) != PDFTOOLS_OK || page != 1) ok = 0;
  CHECK(ok, "annotation_page follows the page to index 1");
  free(path);
}

/* ------------------------------------------------------------------------ */
/* 5. Deleting                                                               */

static void test_delete(pdftools_document *doc, const pdftools_annotation_id ids[4], int32_t page) {
  pdftools_annotation_id now[8];
  int n;
  pdftools_document *copy;

  EXPECT_OK(pdftools_annotation_delete(doc, ids[SQ_SQUARE]), "delete the Square");
  n = list_ids(doc, page, now, 8);
  CHECK(n == 2 && now[0] == ids[SQ_CIRCLE] && now[1] == ids[SQ_POPUP2],
        "the Square's popup went with it: Circle and its Popup are left, same ids (%d annotations)", n);
  expect_all_not_found(doc, ids[SQ_SQUARE], "the deleted Square's stale id");
  expect_all_not_found(doc, ids[SQ_POPUP1], "its popup's stale id");
  CHECK(subtype_is(doc, ids[SQ_CIRCLE], "Circle"), "the Circle keeps its id");
  CHECK(is_modified(doc) == 1, "deleting marks the document modified");
  EXPECT_STATUS(pdftools_annotation_delete(doc, ids[SQ_SQUARE]), PDFTOOLS_E_NOT_FOUND, "deleting it again");

  copy = save_and_reopen(doc, "after deleting the Square");
  if (copy) {
    pdftools_annotation_id c[8];
    int32_t pages = 0;
    pdftools_document_get_page_count(copy, &pages);
    n = list_ids(copy, page, c, 8);
    CHECK(n == 2 && subtype_is(copy, c[0], "Circle") && subtype_is(copy, c[1], "Popup"),
          "the saved file has the Circle and its Popup only (%d annotations)", n);
    if (n == 2) {
      char *s = tc_get_text(copy, c[0], "Contents", NULL);
      CHECK(s && strcmp(s, "\xc3\xa4k\xe2\x82\xac") == 0, "the Circle's edited /Contents was saved (\"%s\")",
            s ? s : "(none)");
      free(s);
    }
    pdftools_document_close(copy);
  }

  /* Deleting a popup on its own. */
  EXPECT_OK(pdftools_annotation_delete(doc, ids[SQ_POPUP2]), "delete the Circle's popup on its own");
  n = list_ids(doc, page, now, 8);
  CHECK(n == 1 && now[0] == ids[SQ_CIRCLE], "only the Circle is left (%d)", n);
  expect_all_not_found(doc, ids[SQ_POPUP2], "the deleted popup's stale id");
  {
    size_t need = 0;
    pdftools_status st = pdftools_annotation_get_raw(doc, ids[SQ_CIRCLE], "Popup", NULL, 0, &need);
    if (st == PDFTOOLS_OK) tc_note("the Circle still has a /Popup entry after its popup was deleted");
  }
  EXPECT_OK(pdftools_annotation_delete(doc, ids[SQ_CIRCLE]), "delete the Circle");
  n = list_ids(doc, page, now, 8);
  CHECK(n == 0, "no annotations left (%d)", n);
  expect_all_not_found(doc, ids[SQ_CIRCLE], "the deleted Circle's stale id");

  /* New listings never reuse an id. */
  copy = save_and_reopen(doc, "after deleting everything");
  if (copy) {
    CHECK(list_ids(copy, page, now, 8) == 0, "the saved file has no annotations on that page");
    pdftools_document_close(copy);
  }
}

static void test_square_circle(void) {
  pdftools_document *doc = tc_open_corpus(g_corpus, "pdfjs-annotation-square-circle.pdf", NULL);
  pdftools_annotation_id ids[4] = {0, 0, 0, 0};
  if (!doc) return;
  test_listing(doc, ids);
  if (ids[0] && ids[3]) {
    test_reading(doc, ids);
    test_set_raw(doc, ids);
    test_stability(doc, ids);
    test_delete(doc, ids, 1);
  }
  pdftools_document_close(doc);

  /* Deleting on a freshly opened document, page 0. */
  doc = tc_open_corpus(g_corpus, "pdfjs-annotation-square-circle.pdf", NULL);
  if (doc) {
    pdftools_annotation_id fresh[4];
    if (CHECK(list_ids(doc, 0, fresh, 4) == 4, "square-circle reopened: 4 annotations")) {
      EXPECT_OK(pdftools_annotation_delete(doc, fresh[SQ_CIRCLE]), "delete the Circle first");
      CHECK(list_ids(doc, 0, ids, 4) == 2 && ids[0] == fresh[SQ_SQUARE] && ids[1] == fresh[SQ_POPUP1],
            "Circle and its popup gone, Square and its popup left");
      expect_all_not_found(doc, fresh[SQ_POPUP2], "the Circle's popup (deleted with it)");
    }
    pdftools_document_close(doc);
  }
}

/* ------------------------------------------------------------------------ */
/* 6. A Line with a popup                                                    */

static void test_line(void) {
  pdftools_document *doc = tc_open_corpus(g_corpus, "pdfjs-annotation-line.pdf", NULL);
  pdftools_annotation_id ids[4];
  pdftools_status st;
  char *s;
  double v[8];
  char norm[128];
  int n;
  pdftools_document *copy;
  if (!doc) return;
  n = list_ids(doc, 0, ids, 4);
  if (!CHECK(n == 2, "line: 2 annotations (%d)", n)) {
    pdftools_document_close(doc);
    return;
  }
  CHECK(subtype_is(doc, ids[0], "Line") && subtype_is(doc, ids[1], "Popup"), "line: Line, then Popup");
  s = tc_get_raw(doc, ids[0], "L", &st);
  CHECK(s && parse_number_array(s, v, 8) == 4 && tc_near(v[0], 75.2221, 1e-4) && tc_near(v[1], 729.944, 1e-4) &&
            tc_near(v[2], 245.683, 1e-4) && tc_near(v[3], 688.316, 1e-4),
        "get_raw /L is [75.2221 729.944 245.683 688.316] (%s \"%s\")", st_name(st), s ? s : "(none)");
  free(s);
  s = tc_get_raw(doc, ids[0], "LE", &st);
  if (s) normalize_syntax(s, norm, sizeof norm);
  CHECK(s && strcmp(norm, "[/None /None]") == 0, "get_raw /LE is [ /None /None ] (%s \"%s\")", st_name(st),
        s ? s : "(none)");
  free(s);
  s = tc_get_raw(doc, ids[1], "Parent", &st);
  CHECK(is_reference(s), "the popup's /Parent is a reference (\"%s\")", s ? s : "(none)");
  free(s);
  s = tc_get_text(doc, ids[0], "Contents", &st);
  CHECK(s && strcmp(s, "Line content") == 0, "the Line's /Contents (\"%s\")", s ? s : "(none)");
  free(s);
  {
    pdftools_rect r;
    CHECK(pdftools_annotation_get_rect(doc, ids[0], &r) == PDFTOOLS_OK && rect_near(r, 69.9721, 683.066, 250.933, 735.194),
          "the Line's rect");
  }
  EXPECT_OK(pdftools_annotation_set_raw(doc, ids[0], "LE", "[/OpenArrow /None]"), "set_raw /LE");
  s = tc_get_raw(doc, ids[0], "LE", &st);
  if (s) normalize_syntax(s, norm, sizeof norm);
  CHECK(s && strcmp(norm, "[/OpenArrow /None]") == 0, "get_raw /LE follows (\"%s\")", s ? s : "(none)");
  free(s);
  copy = save_and_reopen(doc, "line after set_raw /LE");
  if (copy) {
    pdftools_annotation_id c[4];
    if (CHECK(list_ids(copy, 0, c, 4) == 2, "saved line file still has 2 annotations")) {
      s = tc_get_raw(copy, c[0], "LE", &st);
      if (s) normalize_syntax(s, norm, sizeof norm);
      CHECK(s && strcmp(norm, "[/OpenArrow /None]") == 0, "the saved /LE (\"%s\")", s ? s : "(none)");
      free(s);
    }
    pdftools_document_close(copy);
  }
  EXPECT_OK(pdftools_annotation_delete(doc, ids[0]), "delete the Line");
  CHECK(list_ids(doc, 0, ids + 2, 2) == 0, "the Line's popup went with it: no annotations left");
  expect_all_not_found(doc, ids[1], "the Line's popup");
  copy = save_and_reopen(doc, "line after delete");
  if (copy) {
    CHECK(list_ids(copy, 0, ids, 4) == 0, "the saved file has no annotations");
    pdftools_document_close(copy);
  }
  pdftools_document_close(doc);
}

/* ------------------------------------------------------------------------ */
/* 7. Several pages                                                          */

static void test_pages(void) {
  /*
   * Page 0 /Annots [15 16 17 18 19 20 21 22 23], page 1 /Annots [15 16 26]: the two
   * Links 15 and 16 are shared by both pages (the file is like that), which the header
   * does not cover; only the annotations of one page are checked for their page.
   */
  pdftools_document *doc = tc_open_corpus(g_corpus, "pdfium-annots.pdf", NULL);
  pdftools_annotation_id p0[32], p1[32], first[32];
  int n0, n1, i, j, ok = 1, widget = 0, shared = 0;
  if (!doc) return;
  /* List page 1 first: ids are given out on first listing, in any order of pages. */
  n1 = list_ids(doc, 1, p1, 32);
  n0 = list_ids(doc, 0, p0, 32);
  CHECK(n0 == 9 && n1 == 3, "pdfium-annots: 9 + 3 annotations on 2 pages (%d + %d)", n0, n1);
  for (i = 0; i < n0; i++)
    for (j = 0; j < i; j++)
      if (p0[i] == p0[j]) ok = 0;
  for (i = 0; i < n1; i++)
    for (j = 0; j < i; j++)
      if (p1[i] == p1[j]) ok = 0;
  CHECK(ok, "ids are distinct within each page");
  ok = 1;
  for (i = 2; i < n0; i++) {
    int32_t page = -1;
    if (pdftools_annotation_get_page(doc, p0[i], &page) != PDFTOOLS_OK || page != 0) ok = 0;
    for (j = 0; j < n1; j++)
      if (p0[i] == p1[j]) ok = 0;
    if (subtype_is(doc, p0[i], "Widget")) widget++;
  }
  if (n1 == 3) {
    int32_t page = -1;
    if (pdftools_annotation_get_page(doc, p1[2], &page) != PDFTOOLS_OK || page != 1) ok = 0;
    for (j = 0; j < n0; j++)
      if (p1[2] == p0[j]) ok = 0;
    if (!subtype_is(doc, p1[2], "Square")) ok = 0;
  }
  CHECK(ok, "annotations of one page only: ids not listed on the other page, annotation_page names their page");
  CHECK(widget == 1, "the Widget is listed too (%d)", widget);
  for (i = 0; i < n0 && i < 2; i++)
    for (j = 0; j < n1 && j < 2; j++)
      if (p0[i] == p1[j]) shared++;
  if (n0 >= 2 && n1 >= 2) {
    int32_t pa = -1, pb = -1;
    pdftools_annotation_get_page(doc, p0[0], &pa);
    pdftools_annotation_get_page(doc, p1[0], &pb);
    tc_note("the 2 Links shared by both pages: %d of them get the same id on both pages; annotation_page says %d "
            "for page 0's first id and %d for page 1's first id", shared, (int)pa, (int)pb);
  }
  memcpy(first, p0, sizeof first);
  CHECK(list_ids(doc, 0, p0, 32) == n0 && memcmp(p0, first, (size_t)(n0 > 0 ? n0 : 0) * sizeof p0[0]) == 0,
        "page 0 lists the same ids again");
  pdftools_document_close(doc);

  /* A page without annotations. */
  doc = tc_open_corpus(g_corpus, "qpdf-boxes.pdf", NULL);
  if (doc) {
    int32_t n = 99;
    EXPECT_OK(pdftools_page_get_annotations(doc, 3, NULL, 0, &n), "page_annotations on a page without /Annots");
    CHECK(n == 0, "0 annotations (%d)", n);
    n = 99;
    EXPECT_OK(pdftools_page_get_annotations(doc, 3, p0, 32, &n), "page_annotations with a buffer, no annotations");
    CHECK(n == 0, "0 annotations (%d)", n);
    pdftools_document_close(doc);
  }
}

/* ------------------------------------------------------------------------ */
/* 8. Permissions                                                            */

static void test_permissions(void) {
  char *src = tc_corpus_file(g_corpus, "pdfjs-annotation-square-circle.pdf");
  char *out = tc_path(g_tmp, "no-annotate.pdf");
  char *qs = tc_shell_quote(src), *qo = tc_shell_quote(out);
  char cmd[2048], log[1024];
  int rc;
  pdftools_document *doc = NULL;

  if (!CHECK(tc_have_program("qpdf"), "the qpdf command line tool is installed (needed to make an encrypted file)"))
    goto done;
  snprintf(cmd, sizeof cmd, "qpdf --encrypt user owner 256 --annotate=n --modify=none -- %s %s", qs, qo);
  rc = tc_run_command(cmd, log, sizeof log);
  if (!CHECK(rc == 0 || rc == 3, "qpdf made a copy that forbids annotating (exit %d) %s", rc, rc ? log : ""))
    goto done;
  if (EXPECT_OK(pdftools_document_open(out, "user", &doc), "open it with the user password")) {
    uint32_t perms = 0;
    pdftools_annotation_id ids[4];
    pdftools_document_get_permissions(doc, &perms);
    CHECK(!(perms & PDFTOOLS_PERMISSION_ANNOTATE), "the annotate permission is not granted (0x%x)", (unsigned)perms);
    if (CHECK(list_ids(doc, 0, ids, 4) == 4, "the annotations can still be listed")) {
      char *s = tc_get_text(doc, ids[0], "Contents", NULL);
      CHECK(s && strcmp(s, "Square content") == 0, "and read (\"%s\")", s ? s : "(none)");
      free(s);
      EXPECT_STATUS(pdftools_annotation_set_raw(doc, ids[0], "Contents", "(no)"), PDFTOOLS_E_NOT_PERMITTED,
                    "set_raw without the annotate permission");
      EXPECT_STATUS(pdftools_annotation_set_raw(doc, ids[0], "Contents", NULL), PDFTOOLS_E_NOT_PERMITTED,
                    "removing a key without the annotate permission");
      EXPECT_STATUS(pdftools_annotation_delete(doc, ids[0]), PDFTOOLS_E_NOT_PERMITTED,
                    "delete without the annotate permission");
      CHECK(list_ids(doc, 0, ids, 4) == 4, "nothing was deleted");
      CHECK(is_modified(doc) == 0, "the document is unmodified");
    }
    pdftools_document_close(doc);
  }
  doc = NULL;
  if (EXPECT_OK(pdftools_document_open(out, "owner", &doc), "open it with the owner password")) {
    pdftools_annotation_id ids[4];
    if (list_ids(doc, 0, ids, 4) == 4) {
      EXPECT_OK(pdftools_annotation_set_raw(doc, ids[0], "Contents", "(yes)"), "set_raw with the owner password");
      EXPECT_OK(pdftools_annotation_delete(doc, ids[2]), "delete with the owner password");
    }
    pdftools_document_close(doc);
  }
done:
  free(src);
  free(out);
  free(qs);
  free(qo);
}

/* ------------------------------------------------------------------------ */
/* 9. Handles                                                                */

static void test_handles(void) {
  pdftools_document *doc = tc_open_corpus(g_corpus, "pdfjs-annotation-line.pdf", NULL);
  pdftools_annotation_id ids[4];
  char buf[16];
  size_t size;
  pdftools_rect r;
  if (!doc) return;
  if (list_ids(doc, 0, ids, 4) == 2) {
    pdftools_document *other = tc_open_corpus(g_corpus, "pdfjs-annotation-line.pdf", NULL);
    pdftools_document_close(doc);
    EXPECT_STATUS(pdftools_annotation_get_subtype(doc, ids[0], buf, sizeof buf, &size), PDFTOOLS_E_INVALID_HANDLE,
                  "annotation_subtype on a closed document");
    EXPECT_STATUS(pdftools_annotation_get_rect(NULL, ids[0], &r), PDFTOOLS_E_INVALID_HANDLE, "annotation_rect(NULL doc)");
    EXPECT_STATUS(pdftools_annotation_delete(doc, ids[0]), PDFTOOLS_E_INVALID_HANDLE,
                  "annotation_delete on a closed document");
    if (other) {
      pdftools_annotation_id again[4];
      CHECK(list_ids(other, 0, again, 4) == 2 && subtype_is(other, again[0], "Line"),
            "another document of the same file lists its own annotations");
      pdftools_document_close(other);
    }
  } else {
    CHECK(0, "line file lists 2 annotations");
    pdftools_document_close(doc);
  }
}

/* ------------------------------------------------------------------------ */

int main(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: %s CORPUS_DIR\n", argv[0]);
    return 2;
  }
  g_corpus = argv[1];
  g_tmp = tc_make_temp_dir("test-annotations");
  if (!g_tmp) {
    fprintf(stderr, "cannot create a temporary folder\n");
    return 2;
  }
  printf("libpdftools %s, corpus %s\n", pdftools_version_string(), g_corpus);
  test_square_circle();
  test_line();
  test_pages();
  test_permissions();
  test_handles();
  tc_remove_tree(g_tmp);
  free(g_tmp);
  return tc_finish();
}

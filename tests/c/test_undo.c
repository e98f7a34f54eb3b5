/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * test_undo.c — the "Undo and redo" section of pdftools.h:
 *
 *  1. Every mutating function is journaled.  pdftools.h is parsed at run time
 *     (comments stripped); every function whose first parameter is a
 *     pdftools_document * and whose name has a mutating verb as one of its
 *     '_'-separated words (set, create, delete, insert, add, remove, move,
 *     rotate, replace, ...) is a mutating function, except the journal's own
 *     functions and settings of the open handle (names with the word undo,
 *     redo, group, log, callback, limits or cache).
 *     The test holds a table of cases (a small C function performing one
 *     such mutation); a mutating function of the header without a case fails
 *     the test, so a new mutating API needs a journal test here.  Each case
 *     runs on fresh documents of several kinds: built through the API (its
 *     history kept below the case), the same saved and reopened, two
 *     hand-written PDFs (direct annotation dictionaries, an annotation
 *     without /AP, boxes and /Rotate inherited through a two-level page
 *     tree), and small corpus files with annotations.  For each: a state
 *     dump made through the API (pages, boxes, rotation, labels, a hash of
 *     each page rendered at scale 0.5, z-order ids per page, every
 *     annotation's getters and the raw value of every key known, all
 *     metadata), the mutation, a check that the dump changed, undo (dump
 *     equals the one before, exactly), redo (equals the one after), undo
 *     again.  Cases that need no particular annotation also run "cold": the
 *     mutation is the first call on a freshly opened document, compared
 *     (without ids) with a second fresh copy.
 *  2. Groups (nesting, outer label, empty groups, groups merging), coalescing
 *     (one colour change on two annotations in a group; separate changes on
 *     two annotations; ten changes of one annotation; not across a save;
 *     different properties), labels (two-call pattern, NOT_FOUND when there
 *     is no step), pdftools_undo_get_state, the clean state
 *     (pdftools_document_is_modified through save, change, undo, redo and
 *     inside an open group, where saving to a path is refused), limits (steps
 *     and bytes), the journal turned off and on, clear, undo/redo inside a
 *     group, end_group without a group, the undo callback (document, user
 *     data, thread, no lock held), saving after undo (full and incremental,
 *     to memory and to a path), the caches undo drops (text and rendering, on
 *     a corpus file), stale ids, and NULL, closed and forged handles.
 *
 * Usage: test_undo PDFTOOLS_H [CORPUS_DIR]
 * Prints one line per check and a last line "N passed, M failed"; exits 1 if
 * any check failed.
 */
#define _XOPEN_SOURCE 700

#include "test_common.h"

#include <ctype.h>
#include <math.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char *g_header;
static const char *g_corpus;
static char *g_tmp;

#define CASE_SKIP 1000

/* ------------------------------------------------------------------------ */
/* Small helpers                                                             */

static const char *st_name(pdftools_status st) { return pdftools_status_string(st); }


static char *get_undo_label(pdftools_document *doc, int32_t redo, pdftools_status *st) {
  size_t need = 0;
  char *s;
  pdftools_status r = pdftools_undo_get_label(doc, redo, NULL, 0, &need);
  if (st) *st = r;
  if (r != PDFTOOLS_OK || need == 0) return NULL;
  s = (char *)malloc(need);
  if (!s) return NULL;
  r = pdftools_undo_get_label(doc, redo, s, need, &need);
  if (st) *st = r;
  if (r != PDFTOOLS_OK) {
    free(s);
    return NULL;
  }
  return s;
}

static int32_t page_count(pdftools_document *doc) {
  int32_t n = -1;
  if (pdftools_document_get_page_count(doc, &n) != PDFTOOLS_OK) return -1;
  return n;
}

/* The id at position index of page's z-order (negative: from the end); 0 when none. */
static pdftools_annotation_id annot_at(pdftools_document *doc, int32_t page, int index) {
  pdftools_annotation_id *ids, id = 0;
  int n = tc_list_ids(doc, page, &ids);
  if (index < 0) index += n;
  if (n > 0 && index >= 0 && index < n) id = ids[index];
  free(ids);
  return id;
}

/* ------------------------------------------------------------------------ */
/* Roles: the annotations a case works on                                    */
/*
 * In the generated documents, annotations carry their role as /NM ("sq",
 * "ci", ...).  In corpus files a role is the first annotation of the role's
 * subtype (in page and z-order).
 */

typedef struct role_def {
  const char *role;
  const char *subtype;
} role_def;

static const role_def k_roles[] = {
    {"sq", "Square"},   {"ci", "Circle"},    {"ln", "Line"},        {"pl", "PolyLine"}, {"pg", "Polygon"},
    {"ink", "Ink"},     {"hl", "Highlight"}, {"lk", "Link"},        {"tx", "Text"},     {"pop", "Popup"},
    {"ft", "FreeText"}, {"ftc", NULL},       {"st", "Stamp"},       {"fa", "FileAttachment"},
    {"ca", "Caret"},    {"sq2", NULL},       {"ul", "Underline"},
};

static const char *role_subtype(const char *role) {
  size_t i;
  for (i = 0; i < sizeof k_roles / sizeof k_roles[0]; i++)
    if (strcmp(k_roles[i].role, role) == 0) return k_roles[i].subtype;
  return NULL;
}

/* The annotation playing role in doc; 0 when none. */
static pdftools_annotation_id R(pdftools_document *doc, const char *role) {
  int32_t pages = page_count(doc), p;
  const char *subtype = role_subtype(role);
  pdftools_annotation_id by_subtype = 0;
  for (p = 0; p < pages; p++) {
    pdftools_annotation_id *ids;
    int n = tc_list_ids(doc, p, &ids), i;
    for (i = 0; i < n; i++) {
      char *nm = tc_get_text(doc, ids[i], "NM", NULL);
      int hit = nm && strcmp(nm, role) == 0;
      free(nm);
      if (hit) {
        pdftools_annotation_id id = ids[i];
        free(ids);
        return id;
      }
      if (!by_subtype && subtype) {
        char *s = tc_get_subtype(doc, ids[i], NULL);
        if (s && strcmp(s, subtype) == 0) by_subtype = ids[i];
        free(s);
      }
    }
    free(ids);
  }
  return by_subtype;
}

/* ------------------------------------------------------------------------ */
/* The state dump                                                            */

/* Copies s with every indirect reference "n g R" replaced by "R" (malloc'd). */
static char *strip_refs(const char *s) {
  size_t n = strlen(s), i = 0, j = 0;
  char *out = (char *)malloc(n + 1);
  if (!out) return NULL;
  while (i < n) {
    int boundary = i == 0 || !(isalnum((unsigned char)s[i - 1]) || strchr("./-+#", s[i - 1]));
    if (boundary && isdigit((unsigned char)s[i])) {
      size_t k = i, m, g, r;
      while (k < n && isdigit((unsigned char)s[k])) k++;
      m = k;
      while (m < n && isspace((unsigned char)s[m])) m++;
      g = m;
      while (g < n && isdigit((unsigned char)s[g])) g++;
      r = g;
      while (r < n && isspace((unsigned char)s[r])) r++;
      if (m > k && g > m && r > g && r < n && s[r] == 'R' && (r + 1 >= n || !isalnum((unsigned char)s[r + 1]))) {
        out[j++] = 'R';
        i = r + 1;
        continue;
      }
      while (i < k) out[j++] = s[i++];
      continue;
    }
    out[j++] = s[i++];
  }
  out[j] = '\0';
  return out;
}

static const char *const k_text_keys[] = {"Contents", "T", "Subj", "NM", "M", "RC", "CreationDate"};
static const char *const k_raw_keys[] = {
    "Contents", "T", "Subj", "NM", "C", "IC", "CA", "BS", "BE", "QuadPoints", "InkList", "Vertices", "L", "LE",
    "Name", "Open", "DA", "Q", "IT", "CL", "RD", "IRT", "RT", "A", "Dest", "FS", "Popup", "Parent", "AP",
    "AS", "Border", "F", "LL", "LLE", "M", "RC", "CreationDate", "Rect", "Type", "Subtype", "P", "ZZ", "DS"};

/* Appends a raw value (references stripped when ids are not wanted). */
static void add_value(tc_buf *b, const char *what, int st, const char *value, int with_ids) {
  if (!value) {
    tc_buf_printf(b, "%s %d\n", what, st);
  } else if (with_ids) {
    tc_buf_printf(b, "%s %d %s\n", what, st, value);
  } else {
    char *v = strip_refs(value);
    tc_buf_printf(b, "%s %d %s\n", what, st, v ? v : "?");
    free(v);
  }
}

/* The /NM of the annotation id (for dumps without ids); "" when none. */
static void add_nm_of(tc_buf *b, pdftools_document *doc, pdftools_annotation_id id) {
  char *nm = tc_get_text(doc, id, "NM", NULL);
  tc_buf_printf(b, "%s", nm ? nm : "");
  free(nm);
}

static void dump_annot(pdftools_document *doc, pdftools_annotation_id id, tc_buf *b, int with_ids) {
  pdftools_status st;
  char *s;
  size_t i;
  if (with_ids) tc_buf_printf(b, "annotation id %lld\n", (long long)id);
  else tc_buf_printf(b, "annotation\n");
  tc_dump_annotation_properties(b, doc, id);
  {
    pdftools_annotation_id parent = -7;
    st = pdftools_annotation_get_reply(doc, id, &parent);
    if (with_ids) {
      tc_buf_printf(b, "reply %d %lld\n", (int)st, (long long)parent);
    } else {
      tc_buf_printf(b, "reply %d ", (int)st);
      if (st == PDFTOOLS_OK && parent > 0) add_nm_of(b, doc, parent);
      else tc_buf_printf(b, "%lld", (long long)parent);
      tc_buf_printf(b, "\n");
    }
  }
  for (i = 0; i < sizeof k_text_keys / sizeof k_text_keys[0]; i++) {
    s = tc_get_text(doc, id, k_text_keys[i], &st);
    tc_buf_printf(b, "text %s %d %s\n", k_text_keys[i], (int)st, s ? s : "");
    free(s);
  }
  for (i = 0; i < sizeof k_raw_keys / sizeof k_raw_keys[0]; i++) {
    char what[64];
    s = tc_get_raw(doc, id, k_raw_keys[i], &st);
    snprintf(what, sizeof what, "raw %s", k_raw_keys[i]);
    add_value(b, what, (int)st, s, with_ids);
    free(s);
  }
}

/* Hash of page rendered at scale 0.5 with annotations (0 on failure, with the status in the dump). */
static void add_render_hash(tc_buf *b, pdftools_document *doc, int32_t page) {
  int32_t w = 0, h = 0;
  pdftools_render_options o = PDFTOOLS_RENDER_OPTIONS_INIT;
  pdftools_status st;
  unsigned char *px;
  o.scale = 0.5;
  st = pdftools_page_get_render_size(doc, page, o.scale, &w, &h);
  if (st != PDFTOOLS_OK || w <= 0 || h <= 0) {
    tc_buf_printf(b, "render size %d\n", (int)st);
    return;
  }
  px = (unsigned char *)malloc((size_t)w * (size_t)h * 4);
  if (!px) return;
  st = pdftools_page_render(doc, page, &o, px, w, h, (size_t)w * 4);
  tc_buf_printf(b, "render %d %dx%d %016llx\n", (int)st, (int)w, (int)h,
         (unsigned long long)(st == PDFTOOLS_OK ? tc_fnv1a(px, (size_t)w * (size_t)h * 4) : 0));
  free(px);
}

/*
 * The state of the document as the API shows it (malloc'd).  with_ids 0 leaves
 * out annotation ids and object numbers, for comparing a document with a saved
 * and reopened copy.  render 0 leaves out the rendering hashes.
 */
/* The outline, depth first: every field of every item and its title. */
static void dump_outline(pdftools_document *doc, tc_buf *b, int with_ids) {
  int32_t count = 0, i;
  pdftools_outline_item *items;
  pdftools_status st = pdftools_document_get_outline(doc, sizeof *items, NULL, 0, &count);
  tc_buf_printf(b, "outline %d %d\n", (int)st, (int)count);
  if (st != PDFTOOLS_OK || count <= 0) return;
  items = calloc((size_t)count, sizeof *items);
  if (!items) return;
  st = pdftools_document_get_outline(doc, sizeof *items, items, count, &count);
  for (i = 0; st == PDFTOOLS_OK && i < count; i++) {
    const pdftools_outline_item *it = &items[i];
    char title[512] = "";
    size_t need = 0;
    pdftools_outline_get_title(doc, it->id, title, sizeof title, &need);
    if (with_ids) tc_buf_printf(b, "  id %lld parent %lld", (long long)it->id, (long long)it->parent);
    tc_buf_printf(b, "  item depth %d children %d open %d title %s target %d page %d fit %d has %u "
                     "%.4f %.4f %.4f %.4f %.4f color %d %.3f %.3f %.3f bold %d italic %d\n",
                  (int)it->depth, (int)it->child_count, (int)it->open, title, (int)it->target,
                  (int)it->destination.page_index, (int)it->destination.fit, (unsigned)it->destination.has,
                  it->destination.left, it->destination.top, it->destination.right, it->destination.bottom,
                  it->destination.zoom, (int)it->has_color, it->color.r, it->color.g, it->color.b, (int)it->bold,
                  (int)it->italic);
  }
  free(items);
}

/* The id of the outline item at depth-first position k (negative: from the end), or 0. */
static pdftools_outline_id outline_at(pdftools_document *doc, int32_t k) {
  pdftools_outline_item items[64];
  int32_t count = 0;
  if (pdftools_document_get_outline(doc, sizeof items[0], items, 64, &count) != PDFTOOLS_OK || count == 0)
    return 0;
  if (k < 0) k += count;
  return k >= 0 && k < count ? items[k].id : 0;
}

/* The first outline item with children, or 0. */
static pdftools_outline_id outline_parent(pdftools_document *doc) {
  pdftools_outline_item items[64];
  int32_t count = 0, i;
  if (pdftools_document_get_outline(doc, sizeof items[0], items, 64, &count) != PDFTOOLS_OK) return 0;
  for (i = 0; i < count && i < 64; i++)
    if (items[i].child_count > 0) return items[i].id;
  return 0;
}

static char *dump_doc(pdftools_document *doc, int with_ids, int render) {
  tc_buf b = {NULL, 0, 0};
  int32_t pages = page_count(doc), p, mcount = -1, i;
  pdftools_status st;
  tc_buf_printf(&b, "pages %d\n", (int)pages);
  for (p = 0; p < pages; p++) {
    int box;
    int32_t rot = -1;
    double uu = -1, w = -1, h = -1;
    char *label;
    pdftools_annotation_id *ids;
    int n, k;
    tc_buf_printf(&b, "page %d\n", (int)p);
    for (box = 0; box < 5; box++) {
      pdftools_rect r = {0, 0, 0, 0};
      st = pdftools_page_get_box(doc, p, (pdftools_box)box, &r);
      tc_buf_printf(&b, "box%d %d %.4f %.4f %.4f %.4f\n", box, (int)st, r.x0, r.y0, r.x1, r.y1);
    }
    st = pdftools_page_get_rotation(doc, p, &rot);
    tc_buf_printf(&b, "rotation %d %d\n", (int)st, (int)rot);
    st = pdftools_page_get_user_unit(doc, p, &uu);
    tc_buf_printf(&b, "userunit %d %.4f\n", (int)st, uu);
    st = pdftools_page_get_size(doc, p, &w, &h);
    tc_buf_printf(&b, "size %d %.4f %.4f\n", (int)st, w, h);
    label = tc_get_label(doc, p, &st);
    tc_buf_printf(&b, "label %d %s\n", (int)st, label ? label : "");
    free(label);
    if (render) add_render_hash(&b, doc, p);
    n = tc_list_ids(doc, p, &ids);
    tc_buf_printf(&b, "z-order %d:", n);
    for (k = 0; k < n; k++) {
      if (with_ids) tc_buf_printf(&b, " %lld", (long long)ids[k]);
      else {
        tc_buf_printf(&b, " ");
        add_nm_of(&b, doc, ids[k]);
      }
    }
    tc_buf_printf(&b, "\n");
    for (k = 0; k < n; k++) dump_annot(doc, ids[k], &b, with_ids);
    free(ids);
  }
  st = pdftools_document_get_metadata_count(doc, &mcount);
  tc_buf_printf(&b, "metadata %d %d\n", (int)st, (int)mcount);
  for (i = 0; i < mcount; i++) {
    char key[256] = "";
    size_t need = 0;
    st = pdftools_document_get_metadata_key(doc, i, key, sizeof key, &need);
    if (st == PDFTOOLS_OK) {
      char *v = tc_get_metadata(doc, key, &st);
      tc_buf_printf(&b, "meta %s %d %s\n", key, (int)st, v ? v : "");
      free(v);
    } else {
      tc_buf_printf(&b, "meta #%d %d\n", (int)i, (int)st);
    }
  }
  dump_outline(doc, &b, with_ids);
  tc_dump_form(&b, doc, with_ids);
  return b.data;
}

/* Records that two dumps are equal; on a difference, notes the first differing line. */
static int same_dump(const char *want, const char *got, const char *what) {
  if (want && got && strcmp(want, got) == 0) return CHECK(1, "%s", what);
  if (want && got) {
    const char *a = want, *b = got;
    while (*a && *a == *b) a++, b++;
    while (a > want && a[-1] != '\n') a--, b--;
    {
      const char *ea = strchr(a, '\n'), *eb = strchr(b, '\n');
      tc_note("%s: want \"%.*s\"", what, (int)(ea ? ea - a : (long)strlen(a)), a);
      tc_note("%s: got  \"%.*s\"", what, (int)(eb ? eb - b : (long)strlen(b)), b);
    }
  }
  return CHECK(0, "%s", what);
}

/* ------------------------------------------------------------------------ */
/* Fixtures                                                                  */

enum { FX_API, FX_REOPENED, FX_RAW, FX_RAW_TREE, FX_CORPUS };

typedef struct fixture {
  const char *name;
  int kind;
  const char *file; /* corpus file name for FX_CORPUS */
} fixture;

static unsigned char *g_api_bytes;
static size_t g_api_size;
static char *g_raw_pdf[2];
static size_t g_raw_size[2];

static int api_ok(pdftools_status st, const char *what) {
  if (st == PDFTOOLS_OK) return 1;
  tc_check_at(__FILE__, __LINE__, 0, "fixture: %s: %s (%s)", what, st_name(st), pdftools_last_error_message());
  return 0;
}

static pdftools_annotation_id fx_create(pdftools_document *doc, int32_t page, const char *subtype, const char *nm,
                                        pdftools_rect r) {
  pdftools_annotation_id id = 0;
  if (!api_ok(pdftools_annotation_create(doc, page, subtype, r, &id), subtype)) return 0;
  api_ok(pdftools_annotation_set_text(doc, id, "NM", nm), "set NM");
  return id;
}

/* A two-page document with an annotation of every creatable kind, roles as /NM, built through the API. */
static pdftools_document *build_api_doc(void) {
  pdftools_document *doc = NULL;
  pdftools_annotation_id sq, ci, ln, pl, pg, ink, hl, lk, tx, ft, ftc, st, fa, pop = 0;
  pdftools_color red = tc_mkcol(1, 0, 0), blue = tc_mkcol(0, 0, 1);
  if (!api_ok(pdftools_document_new(&doc), "new")) return NULL;
  api_ok(pdftools_document_insert_blank_page(doc, 0, 612, 792), "page 0");
  api_ok(pdftools_document_insert_blank_page(doc, 1, 500, 400), "page 1");
  api_ok(pdftools_document_set_metadata(doc, "Title", "Undo fixture"), "Title");
  api_ok(pdftools_document_set_metadata(doc, "Author", "test_undo"), "Author");
  api_ok(pdftools_document_set_metadata(doc, "Keywords", "undo redo"), "Keywords");

  sq = fx_create(doc, 0, "Square", "sq", tc_mkrect(50, 600, 150, 700));
  api_ok(pdftools_annotation_set_color(doc, sq, PDFTOOLS_COLOR_STROKE, &red), "sq C");
  api_ok(pdftools_annotation_set_color(doc, sq, PDFTOOLS_COLOR_INTERIOR, &blue), "sq IC");
  api_ok(pdftools_annotation_set_opacity(doc, sq, 0.8), "sq CA");
  api_ok(pdftools_annotation_set_border(doc, sq, 2, PDFTOOLS_BORDER_SOLID, NULL, 0), "sq border");
  api_ok(pdftools_annotation_set_text(doc, sq, "Contents", "square"), "sq Contents");
  api_ok(pdftools_annotation_set_text(doc, sq, "T", "tester"), "sq T");
  ci = fx_create(doc, 0, "Circle", "ci", tc_mkrect(200, 600, 300, 700));
  api_ok(pdftools_annotation_set_cloudy(doc, ci, 1), "ci cloudy");
  ln = fx_create(doc, 0, "Line", "ln", tc_mkrect(50, 500, 250, 560));
  api_ok(pdftools_annotation_set_line(doc, ln, tc_mkpt(60, 510), tc_mkpt(240, 550), PDFTOOLS_ENDING_OPEN_ARROW,
                                      PDFTOOLS_ENDING_NONE, 0, 0),
         "ln line");
  pl = fx_create(doc, 0, "PolyLine", "pl", tc_mkrect(300, 480, 450, 580));
  pg = fx_create(doc, 0, "Polygon", "pg", tc_mkrect(460, 480, 590, 580));
  ink = fx_create(doc, 0, "Ink", "ink", tc_mkrect(50, 380, 200, 470));
  hl = fx_create(doc, 0, "Highlight", "hl", tc_mkrect(220, 400, 400, 420));
  api_ok(pdftools_annotation_set_reply(doc, hl, sq, "R"), "hl reply");
  lk = fx_create(doc, 0, "Link", "lk", tc_mkrect(420, 380, 580, 420));
  api_ok(pdftools_annotation_set_link_uri(doc, lk, "https://example.org/"), "lk uri");
  tx = fx_create(doc, 0, "Text", "tx", tc_mkrect(50, 300, 70, 320));
  api_ok(pdftools_annotation_set_text(doc, tx, "Contents", "note"), "tx Contents");
  if (api_ok(pdftools_annotation_add_popup(doc, tx, tc_mkrect(80, 250, 250, 330), 0, &pop), "tx popup"))
    api_ok(pdftools_annotation_set_text(doc, pop, "NM", "pop"), "pop NM");
  ft = fx_create(doc, 0, "FreeText", "ft", tc_mkrect(100, 200, 300, 260));
  api_ok(pdftools_annotation_set_text(doc, ft, "Contents", "free text"), "ft Contents");
  api_ok(pdftools_annotation_set_free_text(doc, ft, "Helvetica", 12, NULL, 0, NULL), "ft free text");
  ftc = fx_create(doc, 0, "FreeText", "ftc", tc_mkrect(320, 200, 520, 260));
  {
    pdftools_point cl[3];
    cl[0] = tc_mkpt(330, 150);
    cl[1] = tc_mkpt(350, 180);
    cl[2] = tc_mkpt(350, 200);
    api_ok(pdftools_annotation_set_callout(doc, ftc, cl, 3), "ftc callout");
  }
  st = fx_create(doc, 0, "Stamp", "st", tc_mkrect(50, 100, 200, 160));
  api_ok(pdftools_annotation_set_icon(doc, st, "Draft"), "st icon");
  fa = fx_create(doc, 0, "FileAttachment", "fa", tc_mkrect(250, 100, 270, 120));
  api_ok(pdftools_annotation_set_attachment(doc, fa, "a.txt", "hello", 5), "fa attachment");
  fx_create(doc, 0, "Caret", "ca", tc_mkrect(300, 100, 320, 120));
  fx_create(doc, 0, "Underline", "ul", tc_mkrect(350, 100, 450, 115));
  fx_create(doc, 1, "Square", "sq2", tc_mkrect(50, 50, 150, 150));
  {
    /* An outline: "Part 1" (page 0) with "Section 1.1" (page 1, top 300), then "Part 2". */
    pdftools_destination page0 = {0, PDFTOOLS_FIT_PAGE, 0, 0, 0, 0, 0, 0};
    pdftools_destination page1 = {1, PDFTOOLS_FIT_XYZ, PDFTOOLS_DEST_TOP, 0, 300, 0, 0, 0};
    pdftools_outline_id part = 0;
    api_ok(pdftools_outline_add(doc, 0, -1, "Part 1", &page0, &part), "outline Part 1");
    api_ok(pdftools_outline_add(doc, part, -1, "Section 1.1", &page1, NULL), "outline Section 1.1");
    api_ok(pdftools_outline_add(doc, 0, -1, "Part 2", &page1, NULL), "outline Part 2");
  }
  {
    /* A form on page 1: text "name" (filled), check box "agree", radio group "size" (S, M), combo
       box "city", multi-select list "langs". */
    const char *sizes[] = {"S"}, *cities[] = {"be", "pa"}, *city_names[] = {"Berlin", "Paris"};
    const char *langs[] = {"Swift", "C", "Python"};
    pdftools_field_spec spec = PDFTOOLS_FIELD_SPEC_INIT;
    pdftools_field_id field = 0;
    pdftools_rect medium = tc_mkrect(80, 300, 96, 316);
    spec.page_index = 1;
    spec.name = "name";
    spec.rect = tc_mkrect(20, 350, 220, 370);
    if (api_ok(pdftools_form_add_field(doc, &spec, &field), "field name"))
      api_ok(pdftools_field_set_value(doc, field, "Ada"), "fill name");
    spec.type = PDFTOOLS_FIELD_CHECKBOX;
    spec.name = "agree";
    spec.rect = tc_mkrect(20, 300, 36, 316);
    api_ok(pdftools_form_add_field(doc, &spec, NULL), "field agree");
    spec.type = PDFTOOLS_FIELD_RADIO;
    spec.name = "size";
    spec.rect = tc_mkrect(50, 300, 66, 316);
    spec.options = sizes;
    spec.option_count = 1;
    if (api_ok(pdftools_form_add_field(doc, &spec, &field), "field size"))
      api_ok(pdftools_field_add_widget(doc, field, 1, &medium, "M", NULL), "size M");
    spec.type = PDFTOOLS_FIELD_COMBO_BOX;
    spec.name = "city";
    spec.rect = tc_mkrect(20, 250, 220, 270);
    spec.options = cities;
    spec.option_names = city_names;
    spec.option_count = 2;
    api_ok(pdftools_form_add_field(doc, &spec, NULL), "field city");
    spec.type = PDFTOOLS_FIELD_LIST_BOX;
    spec.name = "langs";
    spec.rect = tc_mkrect(250, 200, 450, 270);
    spec.options = langs;
    spec.option_names = NULL;
    spec.option_count = 3;
    spec.flags = PDFTOOLS_FIELD_MULTI_SELECT;
    api_ok(pdftools_form_add_field(doc, &spec, NULL), "field langs");
  }
  (void)ci;
  (void)pl;
  (void)pg;
  (void)ink;
  return doc;
}

/* Writes objects (NULL: the content stream) into a PDF with a classic xref table; the last one is /Info. */
static void write_raw_pdf(const char *const *objs, size_t n, char **out, size_t *out_size) {
  static const char content[] = "0 0 1 rg 50 50 100 100 re f\n";
  tc_buf b = {NULL, 0, 0};
  size_t offsets[16], i;
  size_t xref;
  tc_buf_printf(&b, "%%PDF-1.7\n%%\xe2\xe3\xcf\xd3\n");
  for (i = 0; i < n && i < 16; i++) {
    offsets[i] = b.len;
    if (objs[i])
      tc_buf_printf(&b, "%zu 0 obj\n%s\nendobj\n", i + 1, objs[i]);
    else
      tc_buf_printf(&b, "%zu 0 obj\n<< /Length %zu >>\nstream\n%sendstream\nendobj\n", i + 1, strlen(content), content);
  }
  xref = b.len;
  tc_buf_printf(&b, "xref\n0 %zu\n0000000000 65535 f \n", n + 1);
  for (i = 0; i < n; i++) tc_buf_printf(&b, "%010zu 00000 n \n", offsets[i]);
  tc_buf_printf(&b, "trailer\n<< /Size %zu /Root 1 0 R /Info %zu 0 R >>\nstartxref\n%zu\n%%%%EOF\n", n + 1, n, xref);
  *out = b.data;
  *out_size = b.len;
}

/*
 * Two hand-written PDFs.
 *  0: two pages whose /MediaBox (not US Letter) is inherited from /Pages, the
 *     second rotated and cropped; page 0 with direct annotation dictionaries
 *     in /Annots (a Square, a Text) and an indirect Line without /AP; page 1
 *     with a Circle; an /Info dictionary.
 *  1: a two-level page tree: the root /Pages gives /MediaBox and /Rotate, an
 *     intermediate /Pages node a /CropBox; page 0 with an indirect Square,
 *     page 1 with none.
 */
static void make_raw_pdfs(void) {
  static const char *const objs0[] = {
      "<< /Type /Catalog /Pages 2 0 R >>",
      "<< /Type /Pages /Kids [3 0 R 4 0 R] /Count 2 /MediaBox [0 0 600 800] >>",
      "<< /Type /Page /Parent 2 0 R /Contents 5 0 R /Resources << >> /Annots [ "
      "<< /Type /Annot /Subtype /Square /Rect [100 100 200 200] /NM (sq) /C [1 0 0] /F 4 >> "
      "<< /Type /Annot /Subtype /Text /Rect [300 300 320 320] /NM (tx) /Contents (Hello) /F 4 >> 6 0 R ] >>",
      "<< /Type /Page /Parent 2 0 R /Rotate 90 /CropBox [10 10 590 780] /Resources << >> /Annots [7 0 R] >>",
      NULL,
      "<< /Type /Annot /Subtype /Line /Rect [50 400 250 450] /L [55 405 245 445] /NM (ln) /C [0 0 1] /F 4 >>",
      "<< /Type /Annot /Subtype /Circle /Rect [100 500 250 650] /NM (ci) /C [0 0.5 0] /IC [0 1 0] /F 4 >>",
      "<< /Title (Raw fixture) /Author (test_undo) /Producer (hand) >>",
  };
  static const char *const objs1[] = {
      "<< /Type /Catalog /Pages 2 0 R >>",
      "<< /Type /Pages /Kids [3 0 R] /Count 2 /MediaBox [0 0 400 300] /Rotate 90 >>",
      "<< /Type /Pages /Parent 2 0 R /Kids [4 0 R 5 0 R] /Count 2 /CropBox [10 10 390 290] >>",
      "<< /Type /Page /Parent 3 0 R /Contents 6 0 R /Resources << >> /Annots [7 0 R] >>",
      "<< /Type /Page /Parent 3 0 R /Resources << >> >>",
      NULL,
      "<< /Type /Annot /Subtype /Square /Rect [20 20 120 120] /NM (sq) /C [1 0 0] /F 4 >>",
      "<< /Title (Page tree fixture) >>",
  };
  write_raw_pdf(objs0, sizeof objs0 / sizeof objs0[0], &g_raw_pdf[0], &g_raw_size[0]);
  write_raw_pdf(objs1, sizeof objs1 / sizeof objs1[0], &g_raw_pdf[1], &g_raw_size[1]);
}

static pdftools_document *open_memory(const void *data, size_t size) {
  pdftools_document *doc = NULL;
  if (!api_ok(pdftools_document_open_from_memory(data, size, NULL, &doc), "open_memory")) return NULL;
  return doc;
}

static pdftools_document *fixture_open(const fixture *fx) {
  switch (fx->kind) {
  case FX_API: return build_api_doc();
  case FX_REOPENED: return g_api_bytes ? open_memory(g_api_bytes, g_api_size) : NULL;
  case FX_RAW: return open_memory(g_raw_pdf[0], g_raw_size[0]);
  case FX_RAW_TREE: return open_memory(g_raw_pdf[1], g_raw_size[1]);
  default: return g_corpus ? tc_open_corpus(g_corpus, fx->file, NULL) : NULL;
  }
}

/* ------------------------------------------------------------------------ */
/* The mutation table                                                        */

typedef int (*mutation_fn)(pdftools_document *doc);

typedef struct mutation_case {
  const char *function; /* the pdftools.h function it exercises */
  const char *what;
  const char *roles; /* space-separated roles it needs ("" for none) */
  mutation_fn run;
} mutation_case;

static int32_t last_page(pdftools_document *doc) { return page_count(doc) - 1; }

/* Metadata. */
static int m_meta_set(pdftools_document *doc) {
  return pdftools_document_set_metadata(doc, "Title", "Undone \xe2\x9c\x93");
}
static int m_meta_new(pdftools_document *doc) { return pdftools_document_set_metadata(doc, "UndoTest", "new entry"); }
static int m_meta_remove(pdftools_document *doc) {
  char key[256];
  size_t need = 0;
  if (pdftools_document_get_metadata_key(doc, 0, key, sizeof key, &need) != PDFTOOLS_OK) return CASE_SKIP;
  return pdftools_document_set_metadata(doc, key, NULL);
}
/* Pages. */
static int m_page_front(pdftools_document *doc) { return pdftools_document_insert_blank_page(doc, 0, 300, 300); }
static int m_page_end(pdftools_document *doc) {
  return pdftools_document_insert_blank_page(doc, page_count(doc), 612, 792);
}
/* Creating and deleting. */
static int m_create_square(pdftools_document *doc) {
  pdftools_annotation_id id = 0;
  return pdftools_annotation_create(doc, 0, "Square", tc_mkrect(400, 700, 500, 760), &id);
}
static int m_create_highlight(pdftools_document *doc) {
  pdftools_annotation_id id = 0;
  return pdftools_annotation_create(doc, last_page(doc), "Highlight", tc_mkrect(60, 60, 200, 75), &id);
}
static int m_create_freetext(pdftools_document *doc) {
  pdftools_annotation_id id = 0;
  return pdftools_annotation_create(doc, 0, "FreeText", tc_mkrect(200, 20, 400, 60), &id);
}
static int m_delete_sq(pdftools_document *doc) { return pdftools_annotation_delete(doc, R(doc, "sq")); }
static int m_delete_tx(pdftools_document *doc) { return pdftools_annotation_delete(doc, R(doc, "tx")); }
static int m_delete_first(pdftools_document *doc) {
  pdftools_annotation_id id = annot_at(doc, 0, 0);
  return id ? pdftools_annotation_delete(doc, id) : CASE_SKIP;
}
/* Raw entries. */
static int m_raw_contents(pdftools_document *doc) {
  return pdftools_annotation_set_raw(doc, R(doc, "sq"), "Contents", "(raw \\(contents\\))");
}
static int m_raw_custom(pdftools_document *doc) {
  return pdftools_annotation_set_raw(doc, R(doc, "sq"), "ZZ", "[ 1 2 /Three << /Four 4 >> ]");
}
static int m_raw_remove_c(pdftools_document *doc) {
  pdftools_annotation_id id = R(doc, "sq");
  char *c = tc_get_raw(doc, id, "C", NULL);
  if (!c) return CASE_SKIP;
  free(c);
  return pdftools_annotation_set_raw(doc, id, "C", NULL);
}
/* Typed setters. */
static int m_rect(pdftools_document *doc) {
  pdftools_annotation_id id = R(doc, "sq");
  pdftools_rect r;
  pdftools_status st = pdftools_annotation_get_rect(doc, id, &r);
  if (st != PDFTOOLS_OK) return st;
  return pdftools_annotation_set_rect(doc, id, tc_mkrect(r.x0 + 7, r.y0 + 5, r.x1 + 21, r.y1 + 13));
}
static int m_color_stroke(pdftools_document *doc) {
  pdftools_color c = tc_mkcol(0.125, 0.5, 0.75);
  return pdftools_annotation_set_color(doc, R(doc, "sq"), PDFTOOLS_COLOR_STROKE, &c);
}
static int m_color_interior(pdftools_document *doc) {
  pdftools_color c = tc_mkcol(0.25, 0.875, 0.375);
  return pdftools_annotation_set_color(doc, R(doc, "ci"), PDFTOOLS_COLOR_INTERIOR, &c);
}
static int m_color_none(pdftools_document *doc) {
  pdftools_annotation_id id = R(doc, "sq");
  pdftools_color c;
  int32_t present = 0;
  if (pdftools_annotation_get_color(doc, id, PDFTOOLS_COLOR_STROKE, &c, &present) != PDFTOOLS_OK || !present)
    return CASE_SKIP;
  return pdftools_annotation_set_color(doc, id, PDFTOOLS_COLOR_STROKE, NULL);
}
static int m_color_markup(pdftools_document *doc) {
  pdftools_color c = tc_mkcol(0.5, 0.25, 1);
  return pdftools_annotation_set_color(doc, R(doc, "hl"), PDFTOOLS_COLOR_STROKE, &c);
}
static int m_opacity(pdftools_document *doc) { return pdftools_annotation_set_opacity(doc, R(doc, "sq"), 0.375); }
static int m_border(pdftools_document *doc) {
  double dashes[2] = {4, 2};
  return pdftools_annotation_set_border(doc, R(doc, "sq"), 3.5, PDFTOOLS_BORDER_DASHED, dashes, 2);
}
static int m_cloudy(pdftools_document *doc) { return pdftools_annotation_set_cloudy(doc, R(doc, "ci"), 1.75); }
static int m_text_contents(pdftools_document *doc) {
  return pdftools_annotation_set_text(doc, R(doc, "sq"), "Contents", "changed \xe2\x9c\x93 contents");
}
static int m_text_author(pdftools_document *doc) {
  return pdftools_annotation_set_text(doc, R(doc, "tx"), "T", "Another Author");
}
static int m_text_subject(pdftools_document *doc) {
  return pdftools_annotation_set_text(doc, R(doc, "sq"), "Subj", "A subject");
}
static int m_text_rc(pdftools_document *doc) {
  return pdftools_annotation_set_text(doc, R(doc, "ft"), "RC", "<body><p>rich</p></body>");
}
static int m_text_remove(pdftools_document *doc) {
  pdftools_annotation_id id = R(doc, "tx");
  char *c = tc_get_text(doc, id, "Contents", NULL);
  if (!c) return CASE_SKIP;
  free(c);
  return pdftools_annotation_set_text(doc, id, "Contents", NULL);
}
static int m_flags(pdftools_document *doc) {
  pdftools_annotation_id id = R(doc, "sq");
  uint32_t f = 0;
  pdftools_status st = pdftools_annotation_get_flags(doc, id, &f);
  if (st != PDFTOOLS_OK) return st;
  return pdftools_annotation_set_flags(doc, id, f ^ (PDFTOOLS_ANNOT_HIDDEN | PDFTOOLS_ANNOT_LOCKED));
}
static int m_quads(pdftools_document *doc) {
  pdftools_quad q[2];
  q[0] = tc_mkquad(100, 300, 250, 315);
  q[1] = tc_mkquad(100, 280, 180, 295);
  return pdftools_annotation_set_quads(doc, R(doc, "hl"), q, 2);
}
static int m_ink(pdftools_document *doc) {
  pdftools_point p[5];
  int32_t sizes[2] = {3, 2};
  p[0] = tc_mkpt(60, 390);
  p[1] = tc_mkpt(90, 440);
  p[2] = tc_mkpt(120, 400);
  p[3] = tc_mkpt(130, 420);
  p[4] = tc_mkpt(190, 460);
  return pdftools_annotation_set_ink(doc, R(doc, "ink"), p, sizes, 2);
}
static int m_vertices_polygon(pdftools_document *doc) {
  pdftools_point p[4];
  p[0] = tc_mkpt(470, 490);
  p[1] = tc_mkpt(580, 500);
  p[2] = tc_mkpt(560, 570);
  p[3] = tc_mkpt(480, 560);
  return pdftools_annotation_set_vertices(doc, R(doc, "pg"), p, 4);
}
static int m_vertices_polyline(pdftools_document *doc) {
  pdftools_point p[3];
  p[0] = tc_mkpt(310, 490);
  p[1] = tc_mkpt(380, 570);
  p[2] = tc_mkpt(440, 500);
  return pdftools_annotation_set_vertices(doc, R(doc, "pl"), p, 3);
}
static int m_line(pdftools_document *doc) {
  return pdftools_annotation_set_line(doc, R(doc, "ln"), tc_mkpt(70, 520), tc_mkpt(230, 540), PDFTOOLS_ENDING_CIRCLE,
                                      PDFTOOLS_ENDING_CLOSED_ARROW, 10, 3);
}
static int m_line_endings(pdftools_document *doc) {
  return pdftools_annotation_set_line_endings(doc, R(doc, "ln"), PDFTOOLS_ENDING_DIAMOND, PDFTOOLS_ENDING_SLASH);
}
static int m_line_endings_pl(pdftools_document *doc) {
  return pdftools_annotation_set_line_endings(doc, R(doc, "pl"), PDFTOOLS_ENDING_BUTT, PDFTOOLS_ENDING_SQUARE);
}
static int m_icon_text(pdftools_document *doc) { return pdftools_annotation_set_icon(doc, R(doc, "tx"), "Help"); }
static int m_icon_stamp(pdftools_document *doc) {
  return pdftools_annotation_set_icon(doc, R(doc, "st"), "Confidential");
}
static int m_icon_attachment(pdftools_document *doc) { return pdftools_annotation_set_icon(doc, R(doc, "fa"), "Tag"); }
static int toggle_open(pdftools_document *doc, pdftools_annotation_id id) {
  char *o = tc_get_raw(doc, id, "Open", NULL);
  int open = o && strstr(o, "true") != NULL;
  free(o);
  return pdftools_annotation_set_open(doc, id, !open);
}
static int m_open_text(pdftools_document *doc) { return toggle_open(doc, R(doc, "tx")); }
static int m_open_popup(pdftools_document *doc) { return toggle_open(doc, R(doc, "pop")); }
static int m_free_text(pdftools_document *doc) {
  pdftools_color c = tc_mkcol(0.75, 0.125, 0);
  return pdftools_annotation_set_free_text(doc, R(doc, "ft"), "Courier-Bold", 9.5, &c, 2, "FreeTextTypewriter");
}
static int m_callout_add(pdftools_document *doc) {
  pdftools_annotation_id id = R(doc, "ft");
  pdftools_rect r;
  pdftools_point p[3];
  pdftools_status st = pdftools_annotation_get_rect(doc, id, &r);
  if (st != PDFTOOLS_OK) return st;
  p[0] = tc_mkpt(r.x0 - 40, r.y0 - 40);
  p[1] = tc_mkpt(r.x0 - 20, r.y0 - 10);
  p[2] = tc_mkpt(r.x0, r.y0 + 5);
  return pdftools_annotation_set_callout(doc, id, p, 3);
}
static int m_callout_remove(pdftools_document *doc) {
  pdftools_annotation_id id = R(doc, "ftc");
  char *cl = tc_get_raw(doc, id, "CL", NULL);
  if (!cl) return CASE_SKIP;
  free(cl);
  return pdftools_annotation_set_callout(doc, id, NULL, 0);
}
static int m_add_popup(pdftools_document *doc) {
  pdftools_annotation_id pop = 0;
  return pdftools_annotation_add_popup(doc, R(doc, "sq"), tc_mkrect(400, 600, 580, 700), 1, &pop);
}
static int m_reply(pdftools_document *doc) {
  return pdftools_annotation_set_reply(doc, R(doc, "sq"), R(doc, "ci"), "Group");
}
static int m_reply_remove(pdftools_document *doc) {
  pdftools_annotation_id id = R(doc, "hl"), parent = 0;
  if (pdftools_annotation_get_reply(doc, id, &parent) != PDFTOOLS_OK || parent == 0) return CASE_SKIP;
  return pdftools_annotation_set_reply(doc, id, 0, NULL);
}
static int m_z_front(pdftools_document *doc) {
  if (tc_count_annots(doc, 0) < 2) return CASE_SKIP;
  return pdftools_annotation_set_z_index(doc, annot_at(doc, 0, 0), 1000);
}
static int m_z_back(pdftools_document *doc) {
  if (tc_count_annots(doc, 0) < 2) return CASE_SKIP;
  return pdftools_annotation_set_z_index(doc, annot_at(doc, 0, -1), 0);
}
static int m_link_uri(pdftools_document *doc) {
  return pdftools_annotation_set_link_uri(doc, R(doc, "lk"), "https://example.com/undo?x=1");
}
static int m_link_page(pdftools_document *doc) {
  pdftools_annotation_id id = R(doc, "lk");
  int32_t cur = -1;
  int32_t target = last_page(doc);
  if (pdftools_annotation_get_link_page(doc, id, &cur) == PDFTOOLS_OK && cur == target) target = 0;
  return pdftools_annotation_set_link_page(doc, id, target);
}
static int m_attachment(pdftools_document *doc) {
  static const unsigned char data[] = {'u', 0, 'n', 0xff, 'd', 'o'};
  return pdftools_annotation_set_attachment(doc, R(doc, "fa"), "undo \xc3\xa9.bin", data, sizeof data);
}
static int m_stamp_image(pdftools_document *doc) {
  return pdftools_annotation_set_stamp_image(doc, R(doc, "st"), tc_png_4x3, sizeof tc_png_4x3);
}
/* Exchange. */
static int m_import_xfdf(pdftools_document *doc) {
  /* A new note with a popup and a reply to it: one step. */
  return pdftools_document_import_xfdf(
      doc,
      "<xfdf xmlns=\"http://ns.adobe.com/xfdf/\"><annots>"
      "<text page=\"0\" rect=\"30,30,50,50\" name=\"undo-note\" color=\"#00FF00\" title=\"Ann\">"
      "<contents>imported</contents><popup page=\"0\" rect=\"60,30,200,120\" open=\"yes\"/></text>"
      "<text page=\"0\" rect=\"30,60,50,80\" name=\"undo-reply\" inreplyto=\"undo-note\" state=\"Accepted\" "
      "statemodel=\"Review\"/></annots></xfdf>",
      NULL);
}
static int m_import_changes(pdftools_document *doc) {
  /* A circle added and the first annotation of page 0 deleted by its name (when it has one). */
  char name[256], xfdf[1024];
  size_t need = 0;
  pdftools_annotation_id first = annot_at(doc, 0, 0);
  const char *deleted = "";
  if (first && pdftools_annotation_get_text(doc, first, "NM", name, sizeof name, &need) == PDFTOOLS_OK &&
      !strpbrk(name, "<&"))
    deleted = name;
  snprintf(xfdf, sizeof xfdf,
           "<xfdf><add><circle page=\"0\" rect=\"40,40,90,90\" name=\"undo-circle\" color=\"#0000FF\"/></add>"
           "<delete>%s%s%s</delete></xfdf>",
           *deleted ? "<id page=\"0\">" : "", deleted, *deleted ? "</id>" : "");
  return pdftools_document_import_changes(doc, xfdf, NULL);
}
static int m_flatten(pdftools_document *doc) {
  pdftools_flatten_options options = PDFTOOLS_FLATTEN_OPTIONS_INIT;
  int32_t page = 0, removed = 0;
  int st;
  if (!annot_at(doc, 0, 0)) return CASE_SKIP;
  options.pages = &page;
  options.page_count = 1;
  options.allow_invalidating_signatures = 1;
  st = pdftools_document_flatten(doc, &options, &removed);
  return st == PDFTOOLS_OK && removed == 0 ? CASE_SKIP : st;
}

static int m_outline_add(pdftools_document *doc) {
  pdftools_destination to = {0, PDFTOOLS_FIT_H, PDFTOOLS_DEST_TOP, 0, 200, 0, 0, 0};
  return pdftools_outline_add(doc, 0, -1, "Added – ü", &to, NULL);
}
static int m_outline_add_child(pdftools_document *doc) {
  pdftools_outline_id first = outline_at(doc, 0);
  if (!first) return CASE_SKIP;
  return pdftools_outline_add(doc, first, 0, "First child", NULL, NULL);
}
static int m_outline_remove(pdftools_document *doc) {
  pdftools_outline_id first = outline_at(doc, 0);
  return first ? pdftools_outline_remove(doc, first) : CASE_SKIP;
}
static int m_outline_move(pdftools_document *doc) {
  pdftools_outline_id last = outline_at(doc, -1), first = outline_at(doc, 0);
  if (!last || last == first) return CASE_SKIP;
  return pdftools_outline_move(doc, last, 0, 0);
}
static int m_outline_title(pdftools_document *doc) {
  pdftools_outline_id first = outline_at(doc, 0);
  return first ? pdftools_outline_set_title(doc, first, "Renamed") : CASE_SKIP;
}
static int m_outline_destination(pdftools_document *doc) {
  pdftools_destination to = {0, PDFTOOLS_FIT_R, PDFTOOLS_DEST_LEFT | PDFTOOLS_DEST_TOP | PDFTOOLS_DEST_RIGHT |
                                                    PDFTOOLS_DEST_BOTTOM, 10, 200, 100, 20, 0};
  pdftools_outline_id first = outline_at(doc, 0);
  return first ? pdftools_outline_set_destination(doc, first, &to) : CASE_SKIP;
}
static int m_outline_style(pdftools_document *doc) {
  pdftools_color red = {1, 0, 0};
  pdftools_outline_id first = outline_at(doc, 0);
  return first ? pdftools_outline_set_style(doc, first, &red, 1, 0) : CASE_SKIP;
}
static int m_outline_open(pdftools_document *doc) {
  pdftools_outline_item items[64];
  int32_t count = 0, i;
  pdftools_outline_id parent = outline_parent(doc);
  if (!parent || pdftools_document_get_outline(doc, sizeof items[0], items, 64, &count) != PDFTOOLS_OK)
    return CASE_SKIP;
  for (i = 0; i < count && items[i].id != parent; i++) {
  }
  return pdftools_outline_set_open(doc, parent, i < count && items[i].open ? 0 : 1);
}

static int m_rotate(pdftools_document *doc) {
  int32_t rotation = 0;
  if (pdftools_page_get_rotation(doc, 0, &rotation) != PDFTOOLS_OK) return CASE_SKIP;
  return pdftools_page_set_rotation(doc, 0, rotation + 90);
}
static int m_labels(pdftools_document *doc) {
  pdftools_label_range ranges[2] = {{0, PDFTOOLS_LABEL_LOWER_ROMAN, 1, NULL}, {1, PDFTOOLS_LABEL_DECIMAL, 3, "P-"}};
  return pdftools_document_set_label_ranges(doc, ranges, page_count(doc) > 1 ? 2 : 1);
}

static int m_delete_pages(pdftools_document *doc) {
  return page_count(doc) > 1 ? pdftools_document_delete_pages(doc, 0, 1) : CASE_SKIP;
}
static int m_move_pages(pdftools_document *doc) {
  int32_t count = page_count(doc);
  return count > 1 ? pdftools_document_move_pages(doc, 0, 1, count - 1) : CASE_SKIP;
}
static int m_duplicate_page(pdftools_document *doc) { return pdftools_document_duplicate_page(doc, 0, NULL); }
static int m_insert_pages(pdftools_document *doc) {
  int32_t pages[2] = {page_count(doc) - 1, 0};
  return pdftools_document_insert_pages(doc, 0, doc, pages, 2);
}
static int m_page_box(pdftools_document *doc) {
  pdftools_rect media;
  if (pdftools_page_get_box(doc, 0, PDFTOOLS_BOX_MEDIA, &media) != PDFTOOLS_OK) return CASE_SKIP;
  media.x0 += 10;
  media.y0 += 20;
  return pdftools_page_set_box(doc, 0, PDFTOOLS_BOX_CROP, &media);
}

/* Forms (fields of the API document; skipped where a document has none). */
static int m_field_text(pdftools_document *doc) {
  pdftools_field_id id = tc_field(doc, "name");
  return id ? pdftools_field_set_value(doc, id, "Grace \xc3\xbc") : CASE_SKIP;
}
static int m_field_check(pdftools_document *doc) {
  pdftools_field_id id = tc_field(doc, "agree");
  return id ? pdftools_field_set_checked(doc, id, 1) : CASE_SKIP;
}
static int m_field_radio(pdftools_document *doc) {
  pdftools_field_id id = tc_field(doc, "size");
  return id ? pdftools_field_set_value(doc, id, "M") : CASE_SKIP;
}
static int m_field_select(pdftools_document *doc) {
  int32_t both[2] = {0, 2};
  pdftools_field_id id = tc_field(doc, "langs");
  return id ? pdftools_field_set_selection(doc, id, both, 2) : CASE_SKIP;
}
static int m_field_reset(pdftools_document *doc) {
  pdftools_field_id id = tc_field(doc, "name");
  return id ? pdftools_field_reset(doc, id) : CASE_SKIP;
}
static int m_form_reset(pdftools_document *doc) { return tc_field(doc, "name") ? pdftools_form_reset(doc, NULL) : CASE_SKIP; }
static int m_form_add_field(pdftools_document *doc) {
  pdftools_field_spec spec = PDFTOOLS_FIELD_SPEC_INIT;
  spec.name = "added";
  spec.rect = tc_mkrect(20, 20, 120, 40);
  spec.default_value = "new";
  return pdftools_form_add_field(doc, &spec, NULL);
}
static int m_field_add_widget(pdftools_document *doc) {
  pdftools_rect large = tc_mkrect(110, 300, 126, 316);
  pdftools_field_id id = tc_field(doc, "size");
  return id ? pdftools_field_add_widget(doc, id, 0, &large, "L", NULL) : CASE_SKIP;
}
static int m_field_delete(pdftools_document *doc) {
  pdftools_field_id id = tc_field(doc, "city");
  return id ? pdftools_field_delete(doc, id) : CASE_SKIP;
}
static int m_field_rename(pdftools_document *doc) {
  pdftools_field_id id = tc_field(doc, "city");
  return id ? pdftools_field_rename(doc, id, "town") : CASE_SKIP;
}
static int m_field_flags(pdftools_document *doc) {
  pdftools_field_id id = tc_field(doc, "name");
  return id ? pdftools_field_set_flags(doc, id, PDFTOOLS_FIELD_MULTILINE | PDFTOOLS_FIELD_REQUIRED) : CASE_SKIP;
}
static int m_field_options(pdftools_document *doc) {
  const char *values[] = {"pa", "ro"}, *names[] = {"Paris", "Rome"};
  pdftools_field_id id = tc_field(doc, "city");
  return id ? pdftools_field_set_options(doc, id, values, names, 2) : CASE_SKIP;
}
static int m_field_default(pdftools_document *doc) {
  pdftools_field_id id = tc_field(doc, "name");
  return id ? pdftools_field_set_default_value(doc, id, "Default") : CASE_SKIP;
}
static int m_field_tooltip(pdftools_document *doc) {
  pdftools_field_id id = tc_field(doc, "name");
  return id ? pdftools_field_set_tooltip(doc, id, "Your name") : CASE_SKIP;
}
static int m_field_max_length(pdftools_document *doc) {
  pdftools_field_id id = tc_field(doc, "name");
  return id ? pdftools_field_set_max_length(doc, id, 20) : CASE_SKIP;
}
static int m_form_import_xfdf(pdftools_document *doc) {
  static const char xfdf[] = "<xfdf xmlns=\"http://ns.adobe.com/xfdf/\"><fields><field name=\"name\">"
                             "<value>From XFDF</value></field><field name=\"agree\"><value>Yes</value></field>"
                             "</fields></xfdf>";
  return tc_field(doc, "name") ? pdftools_form_import_xfdf(doc, xfdf, NULL, NULL) : CASE_SKIP;
}
static int m_field_style(pdftools_document *doc) {
  pdftools_field_style style = PDFTOOLS_FIELD_STYLE_INIT;
  pdftools_field_id id = tc_field(doc, "name");
  style.border_color = tc_mkcol(1, 0, 0);
  style.has_background = 1;
  style.background_color = tc_mkcol(1, 1, 0.8);
  style.font_size = 10;
  return id ? pdftools_field_set_style(doc, id, &style) : CASE_SKIP;
}

static const mutation_case k_cases[] = {
    {"pdftools_document_set_metadata", "set Title", "", m_meta_set},
    {"pdftools_document_set_metadata", "add a key", "", m_meta_new},
    {"pdftools_document_set_metadata", "remove the first key", "", m_meta_remove},
    {"pdftools_document_insert_blank_page", "insert at 0", "", m_page_front},
    {"pdftools_document_insert_blank_page", "append", "", m_page_end},
    {"pdftools_annotation_create", "Square on page 0", "", m_create_square},
    {"pdftools_annotation_create", "Highlight on the last page", "", m_create_highlight},
    {"pdftools_annotation_create", "FreeText on page 0", "", m_create_freetext},
    {"pdftools_annotation_delete", "Square", "sq", m_delete_sq},
    {"pdftools_annotation_delete", "Text (with its popup)", "tx", m_delete_tx},
    {"pdftools_annotation_delete", "first of page 0", "", m_delete_first},
    {"pdftools_annotation_set_raw", "Contents", "sq", m_raw_contents},
    {"pdftools_annotation_set_raw", "a custom key", "sq", m_raw_custom},
    {"pdftools_annotation_set_raw", "remove /C", "sq", m_raw_remove_c},
    {"pdftools_annotation_set_rect", "Square", "sq", m_rect},
    {"pdftools_annotation_set_color", "stroke", "sq", m_color_stroke},
    {"pdftools_annotation_set_color", "interior", "ci", m_color_interior},
    {"pdftools_annotation_set_color", "none", "sq", m_color_none},
    {"pdftools_annotation_set_color", "Highlight", "hl", m_color_markup},
    {"pdftools_annotation_set_opacity", "Square", "sq", m_opacity},
    {"pdftools_annotation_set_border", "dashed", "sq", m_border},
    {"pdftools_annotation_set_cloudy", "Circle", "ci", m_cloudy},
    {"pdftools_annotation_set_text", "Contents", "sq", m_text_contents},
    {"pdftools_annotation_set_text", "T", "tx", m_text_author},
    {"pdftools_annotation_set_text", "Subj", "sq", m_text_subject},
    {"pdftools_annotation_set_text", "RC", "ft", m_text_rc},
    {"pdftools_annotation_set_text", "remove Contents", "tx", m_text_remove},
    {"pdftools_annotation_set_flags", "toggle hidden and locked", "sq", m_flags},
    {"pdftools_annotation_set_quads", "two quads", "hl", m_quads},
    {"pdftools_annotation_set_ink", "two strokes", "ink", m_ink},
    {"pdftools_annotation_set_vertices", "Polygon", "pg", m_vertices_polygon},
    {"pdftools_annotation_set_vertices", "PolyLine", "pl", m_vertices_polyline},
    {"pdftools_annotation_set_line", "Line", "ln", m_line},
    {"pdftools_annotation_set_line_endings", "Line", "ln", m_line_endings},
    {"pdftools_annotation_set_line_endings", "PolyLine", "pl", m_line_endings_pl},
    {"pdftools_annotation_set_icon", "Text", "tx", m_icon_text},
    {"pdftools_annotation_set_icon", "Stamp", "st", m_icon_stamp},
    {"pdftools_annotation_set_icon", "FileAttachment", "fa", m_icon_attachment},
    {"pdftools_annotation_set_open", "Text", "tx", m_open_text},
    {"pdftools_annotation_set_open", "Popup", "pop", m_open_popup},
    {"pdftools_annotation_set_free_text", "FreeText", "ft", m_free_text},
    {"pdftools_annotation_set_callout", "add", "ft", m_callout_add},
    {"pdftools_annotation_set_callout", "remove", "ftc", m_callout_remove},
    {"pdftools_annotation_add_popup", "Square", "sq", m_add_popup},
    {"pdftools_annotation_set_reply", "set", "sq ci", m_reply},
    {"pdftools_annotation_set_reply", "remove", "hl", m_reply_remove},
    {"pdftools_annotation_set_z_index", "back to front", "", m_z_front},
    {"pdftools_annotation_set_z_index", "front to back", "", m_z_back},
    {"pdftools_annotation_set_link_uri", "Link", "lk", m_link_uri},
    {"pdftools_annotation_set_link_page", "Link", "lk", m_link_page},
    {"pdftools_annotation_set_attachment", "FileAttachment", "fa", m_attachment},
    {"pdftools_annotation_set_stamp_image", "PNG", "st", m_stamp_image},
    {"pdftools_document_import_xfdf", "a note with a popup and a reply", "", m_import_xfdf},
    {"pdftools_document_import_changes", "add a circle, delete the first annotation", "", m_import_changes},
    {"pdftools_document_flatten", "page 0", "", m_flatten},
    {"pdftools_page_set_rotation", "page 0 by 90 more", "", m_rotate},
    {"pdftools_document_delete_pages", "page 0", "", m_delete_pages},
    {"pdftools_document_move_pages", "page 0 to the end", "", m_move_pages},
    {"pdftools_document_duplicate_page", "page 0", "", m_duplicate_page},
    {"pdftools_document_insert_pages", "the last and the first page at 0, from itself", "", m_insert_pages},
    {"pdftools_page_set_box", "crop box of page 0", "", m_page_box},
    {"pdftools_document_set_label_ranges", "roman, then P-3", "", m_labels},
    {"pdftools_outline_add", "top level, last", "", m_outline_add},
    {"pdftools_outline_add", "first child of the first item", "", m_outline_add_child},
    {"pdftools_outline_remove", "the first item with its children", "", m_outline_remove},
    {"pdftools_outline_move", "the last item to the top", "", m_outline_move},
    {"pdftools_outline_set_title", "the first item", "", m_outline_title},
    {"pdftools_outline_set_destination", "FitR", "", m_outline_destination},
    {"pdftools_outline_set_style", "red, bold", "", m_outline_style},
    {"pdftools_outline_set_open", "toggle the first parent", "", m_outline_open},
    {"pdftools_field_set_value", "text field", "", m_field_text},
    {"pdftools_field_set_value", "radio group", "", m_field_radio},
    {"pdftools_field_set_checked", "check box", "", m_field_check},
    {"pdftools_field_set_selection", "two options of a list box", "", m_field_select},
    {"pdftools_field_reset", "a filled text field", "", m_field_reset},
    {"pdftools_form_reset", "the whole form", "", m_form_reset},
    {"pdftools_form_add_field", "a text field on page 0", "", m_form_add_field},
    {"pdftools_field_add_widget", "a radio button", "", m_field_add_widget},
    {"pdftools_field_delete", "a combo box", "", m_field_delete},
    {"pdftools_field_rename", "a combo box", "", m_field_rename},
    {"pdftools_field_set_flags", "multiline, required", "", m_field_flags},
    {"pdftools_field_set_options", "a combo box", "", m_field_options},
    {"pdftools_field_set_default_value", "a text field", "", m_field_default},
    {"pdftools_field_set_tooltip", "a text field", "", m_field_tooltip},
    {"pdftools_field_set_max_length", "a text field", "", m_field_max_length},
    {"pdftools_field_set_style", "a text field", "", m_field_style},
    {"pdftools_form_import_xfdf", "a text field and a check box", "", m_form_import_xfdf},
};
#define N_CASES (sizeof k_cases / sizeof k_cases[0])

/* ------------------------------------------------------------------------ */
/* Parsing pdftools.h                                                        */

#define MAX_FUNCS 512

typedef struct header_funcs {
  char *names[MAX_FUNCS];
  int mutating[MAX_FUNCS];
  int count;
} header_funcs;

static const char *const k_verbs[] = {"set",    "create", "delete", "insert", "add",     "remove",  "move",
                                      "rotate", "replace", "apply", "flatten", "fill",   "import",  "append",
                                      "merge",  "reorder", "clear", "redact", "update",  "rename",  "attach",
                                      "embed",  "crop",   "resize", "split",  "copy",    "duplicate", "edit",
                                      "write",  "put",    "erase",  "change", "modify",  "swap",    "sign",
                                      "reset",  "store",  "assign"};
static const char *const k_journal_words[] = {"undo", "redo", "group", "log", "callback", "limits", "cache"};

static int word_in(const char *word, size_t len, const char *const *list, size_t n) {
  size_t i;
  for (i = 0; i < n; i++)
    if (strlen(list[i]) == len && strncmp(list[i], word, len) == 0) return 1;
  return 0;
}

/* 1 when a name's '_'-separated words (after "pdftools_") include a mutating verb and no journal word. */
static int is_mutating_name(const char *name) {
  const char *p = name + strlen("pdftools_");
  int verb = 0;
  while (*p) {
    const char *e = strchr(p, '_');
    size_t len = e ? (size_t)(e - p) : strlen(p);
    if (word_in(p, len, k_journal_words, sizeof k_journal_words / sizeof k_journal_words[0])) return 0;
    if (word_in(p, len, k_verbs, sizeof k_verbs / sizeof k_verbs[0])) verb = 1;
    p += len;
    if (*p == '_') p++;
  }
  return verb;
}

/* Reads the header, strips comments and preprocessor lines, and collects every declared function. */
static int parse_header(const char *path, header_funcs *out) {
  size_t size = 0, i, j = 0;
  unsigned char *raw = tc_read_file(path, &size);
  char *s;
  const char *p;
  memset(out, 0, sizeof *out);
  if (!raw) return -1;
  s = (char *)malloc(size + 1);
  if (!s) {
    free(raw);
    return -1;
  }
  /* Comments out. */
  for (i = 0; i < size;) {
    if (raw[i] == '/' && i + 1 < size && raw[i + 1] == '*') {
      i += 2;
      while (i + 1 < size && !(raw[i] == '*' && raw[i + 1] == '/')) i++;
      i += 2;
      s[j++] = ' ';
    } else if (raw[i] == '/' && i + 1 < size && raw[i + 1] == '/') {
      while (i < size && raw[i] != '\n') i++;
    } else {
      s[j++] = (char)raw[i++];
    }
  }
  s[j] = '\0';
  free(raw);
  /* Preprocessor lines (with continuations) out. */
  {
    char *q = s;
    int at_line_start = 1;
    while (*q) {
      if (at_line_start) {
        char *t = q;
        while (*t == ' ' || *t == '\t') t++;
        if (*t == '#') {
          char prev = 0;
          while (*t && !(*t == '\n' && prev != '\\')) {
            prev = *t;
            *t++ = ' ';
          }
          q = t;
          continue;
        }
      }
      at_line_start = (*q == '\n');
      q++;
    }
  }
  /* Declarations: "pdftools_name (" whose parameter list starts with "pdftools_document *". */
  for (p = s; (p = strstr(p, "pdftools_")) != NULL;) {
    const char *e = p + strlen("pdftools_");
    const char *q;
    if (p > s && (isalnum((unsigned char)p[-1]) || p[-1] == '_')) {
      p = e;
      continue;
    }
    while (islower((unsigned char)*e) || isdigit((unsigned char)*e) || *e == '_') e++;
    q = e;
    while (isspace((unsigned char)*q)) q++;
    if (*q == '(' && out->count < MAX_FUNCS) {
      size_t len = (size_t)(e - p);
      const char *a = q + 1;
      char *name = (char *)malloc(len + 1);
      int takes_doc;
      while (isspace((unsigned char)*a)) a++;
      takes_doc = strncmp(a, "pdftools_document", 17) == 0;
      if (takes_doc) {
        const char *t = a + 17;
        while (isspace((unsigned char)*t)) t++;
        takes_doc = t[0] == '*' && t[1] != '*';
      }
      if (name) {
        memcpy(name, p, len);
        name[len] = '\0';
        out->names[out->count] = name;
        out->mutating[out->count] = takes_doc && is_mutating_name(name);
        out->count++;
      }
    }
    p = e;
  }
  free(s);
  return 0;
}

static void free_header(header_funcs *h) {
  int i;
  for (i = 0; i < h->count; i++) free(h->names[i]);
}

/* ------------------------------------------------------------------------ */
/* 1. Every mutating function is journaled                                   */

/* Runs case mc on a fresh document of fixture fx; returns 1 when it ran (not skipped). */
static int run_case(const fixture *fx, const mutation_case *mc, int render) {
  pdftools_document *doc = fixture_open(fx);
  char ctx[256];
  char *before = NULL, *after = NULL, *cur = NULL, *label = NULL;
  int st, ran = 0;
  int32_t done = -1, can_undo = -1, can_redo = -1;
  if (!doc) return 0;
  snprintf(ctx, sizeof ctx, "%s (%s) on %s", mc->function, mc->what, fx->name);
  /* Every role the case needs must be there. */
  {
    char roles[64];
    char *tok, *save = NULL;
    snprintf(roles, sizeof roles, "%s", mc->roles);
    for (tok = strtok_r(roles, " ", &save); tok; tok = strtok_r(NULL, " ", &save))
      if (R(doc, tok) == 0) goto out;
  }
  before = dump_doc(doc, 1, render);
  st = mc->run(doc);
  if (st == CASE_SKIP) goto out;
  ran = 1;
  if (!EXPECT_OK((pdftools_status)st, ctx)) goto out;
  after = dump_doc(doc, 1, render);
  CHECK(before && after && strcmp(before, after) != 0, "%s: the state dump changed", ctx);
  EXPECT_OK(pdftools_undo_get_state(doc, &can_undo, &can_redo), "undo_state");
  CHECK(can_undo == 1 && can_redo == 0, "%s: can undo, cannot redo (%d %d)", ctx, (int)can_undo, (int)can_redo);
  label = get_undo_label(doc, 0, NULL);
  CHECK(label && label[0], "%s: undo label \"%s\"", ctx, label ? label : "(none)");

  EXPECT_OK(pdftools_undo_undo(doc, &done), "undo");
  CHECK(done == 1, "%s: undo done", ctx);
  cur = dump_doc(doc, 1, render);
  {
    char what[400];
    snprintf(what, sizeof what, "%s: after undo the state equals the state before", ctx);
    same_dump(before, cur, what);
  }
  free(cur);
  {
    char *redo_label = get_undo_label(doc, 1, NULL);
    CHECK(redo_label && label && strcmp(redo_label, label) == 0, "%s: redo label is the former undo label", ctx);
    free(redo_label);
  }
  done = -1;
  EXPECT_OK(pdftools_undo_redo(doc, &done), "redo");
  CHECK(done == 1, "%s: redo done", ctx);
  cur = dump_doc(doc, 1, render);
  {
    char what[400];
    snprintf(what, sizeof what, "%s: after redo the state equals the state after the change", ctx);
    same_dump(after, cur, what);
  }
  free(cur);
  EXPECT_OK(pdftools_undo_undo(doc, &done), "undo again");
  cur = dump_doc(doc, 1, render);
  {
    char what[400];
    snprintf(what, sizeof what, "%s: a second undo restores the state before again", ctx);
    same_dump(before, cur, what);
  }
  free(cur);
out:
  free(label);
  free(before);
  free(after);
  pdftools_document_close(doc);
  return ran;
}

/*
 * The same, "cold": the mutation is the first call on a freshly opened document
 * (nothing listed or read before it, so whatever the library does on first
 * access happens inside the step), compared without ids with a second fresh
 * copy of the document.
 */
static void run_case_cold(const fixture *fx, const mutation_case *mc) {
  pdftools_document *ref = fixture_open(fx), *doc;
  char ctx[256], what[400];
  char *before, *after, *cur;
  int st;
  int32_t done = -1;
  if (!ref) return;
  before = dump_doc(ref, 0, 1);
  pdftools_document_close(ref);
  doc = fixture_open(fx);
  if (!doc) {
    free(before);
    return;
  }
  snprintf(ctx, sizeof ctx, "%s (%s) as the first call on %s", mc->function, mc->what, fx->name);
  st = mc->run(doc);
  if (st != CASE_SKIP && EXPECT_OK((pdftools_status)st, ctx)) {
    after = dump_doc(doc, 0, 1);
    EXPECT_OK(pdftools_undo_undo(doc, &done), "undo");
    cur = dump_doc(doc, 0, 1);
    snprintf(what, sizeof what, "%s: after undo the state equals a fresh copy's", ctx);
    same_dump(before, cur, what);
    free(cur);
    EXPECT_OK(pdftools_undo_redo(doc, &done), "redo");
    cur = dump_doc(doc, 0, 1);
    snprintf(what, sizeof what, "%s: after redo the state equals the state after the change", ctx);
    same_dump(after, cur, what);
    free(cur);
    free(after);
  }
  free(before);
  pdftools_document_close(doc);
}

static void test_every_mutation_journaled(void) {
  static const fixture fixtures[] = {
      {"a document built through the API", FX_API, NULL},
      {"the built document saved and reopened", FX_REOPENED, NULL},
      {"a hand-written PDF (direct annotation dictionaries)", FX_RAW, NULL},
      {"a hand-written PDF (two-level page tree, inherited boxes and rotation)", FX_RAW_TREE, NULL},
      {"pdfcpu-annotations-no-ap.pdf", FX_CORPUS, "pdfcpu-annotations-no-ap.pdf"},
      {"pdfium-annots.pdf", FX_CORPUS, "pdfium-annots.pdf"},
      {"pdfjs-annotation-caret-ink.pdf", FX_CORPUS, "pdfjs-annotation-caret-ink.pdf"},
      {"pdfjs-annotation-fileattachment.pdf", FX_CORPUS, "pdfjs-annotation-fileattachment.pdf"},
      {"pdfjs-annotation-freetext.pdf", FX_CORPUS, "pdfjs-annotation-freetext.pdf"},
      {"pdfjs-annotation-line.pdf", FX_CORPUS, "pdfjs-annotation-line.pdf"},
      {"pdfjs-annotation-link-text-popup.pdf", FX_CORPUS, "pdfjs-annotation-link-text-popup.pdf"},
      {"pdfjs-annotation-polyline-polygon.pdf", FX_CORPUS, "pdfjs-annotation-polyline-polygon.pdf"},
      {"pdfjs-annotation-square-circle.pdf", FX_CORPUS, "pdfjs-annotation-square-circle.pdf"},
      {"pdfjs-annotation-stamp.pdf", FX_CORPUS, "pdfjs-annotation-stamp.pdf"},
      {"pdfjs-quadpoints-markup.pdf", FX_CORPUS, "pdfjs-quadpoints-markup.pdf"},
  };
  header_funcs h;
  int i, covered_on_api[MAX_FUNCS];
  size_t c, f;
  int mutating = 0;

  /* The header. */
  if (!CHECK(parse_header(g_header, &h) == 0, "read %s", g_header)) return;
  CHECK(h.count >= 80, "the header declares %d functions (parser sanity: at least 80)", h.count);
  for (i = 0; i < h.count; i++)
    if (h.mutating[i]) {
      mutating++;
      tc_note("mutating function: %s", h.names[i]);
    }
  CHECK(mutating >= 28, "%d mutating functions found (at least the 28 of version 0.1)", mutating);
  /* Every mutating function has a case, and every case names a mutating function of the header. */
  for (i = 0; i < h.count; i++) {
    int has = 0;
    if (!h.mutating[i]) continue;
    for (c = 0; c < N_CASES; c++)
      if (strcmp(k_cases[c].function, h.names[i]) == 0) has = 1;
    CHECK(has, "mutating function %s has a journal case in test_undo.c", h.names[i]);
  }
  for (c = 0; c < N_CASES; c++) {
    int found = 0;
    for (i = 0; i < h.count; i++)
      if (h.mutating[i] && strcmp(k_cases[c].function, h.names[i]) == 0) found = 1;
    if (c == 0 || strcmp(k_cases[c].function, k_cases[c - 1].function) != 0)
      CHECK(found, "case function %s is a mutating function of the header", k_cases[c].function);
  }

  /* The built document, saved once, for the reopened fixture. */
  {
    pdftools_document *doc = build_api_doc();
    pdftools_save_options o = PDFTOOLS_SAVE_OPTIONS_INIT;
    void *data = NULL;
    size_t size = 0;
    o.mode = PDFTOOLS_SAVE_FULL;
    if (doc && EXPECT_OK(pdftools_document_save_to_memory(doc, &o, &data, &size), "save the built fixture")) {
      g_api_bytes = (unsigned char *)malloc(size);
      if (g_api_bytes) memcpy(g_api_bytes, data, size);
      g_api_size = size;
      pdftools_free(data);
    }
    pdftools_document_close(doc);
  }

  memset(covered_on_api, 0, sizeof covered_on_api);
  for (f = 0; f < sizeof fixtures / sizeof fixtures[0]; f++) {
    int ran = 0, skipped = 0;
    if (fixtures[f].kind == FX_CORPUS && !g_corpus) continue;
    for (c = 0; c < N_CASES; c++) {
      if (run_case(&fixtures[f], &k_cases[c], 1)) {
        ran++;
        if (fixtures[f].kind == FX_API)
          for (i = 0; i < h.count; i++)
            if (strcmp(h.names[i], k_cases[c].function) == 0) covered_on_api[i] = 1;
      } else {
        skipped++;
      }
    }
    tc_note("%s: %d cases ran, %d skipped (roles or entries missing)", fixtures[f].name, ran, skipped);
    if (fixtures[f].kind != FX_API)
      for (c = 0; c < N_CASES; c++)
        if (k_cases[c].roles[0] == '\0') run_case_cold(&fixtures[f], &k_cases[c]);
  }
  for (i = 0; i < h.count; i++)
    if (h.mutating[i]) CHECK(covered_on_api[i], "%s ran on the document built through the API", h.names[i]);
  if (!g_corpus) tc_note("no corpus folder given: the corpus fixtures were left out");
  free_header(&h);
}

/* ------------------------------------------------------------------------ */
/* Shared little documents for the other tests                               */

/* A new document: one page, Squares "a" and "b". */
static pdftools_document *two_squares(pdftools_annotation_id *a, pdftools_annotation_id *b) {
  pdftools_document *doc = NULL;
  if (!api_ok(pdftools_document_new(&doc), "new")) return NULL;
  api_ok(pdftools_document_insert_blank_page(doc, 0, 612, 792), "page");
  *a = fx_create(doc, 0, "Square", "a", tc_mkrect(50, 50, 150, 150));
  *b = fx_create(doc, 0, "Square", "b", tc_mkrect(200, 50, 300, 150));
  return doc;
}

/* The /C of id as "r g b" (for messages and comparisons). */
static void color_of(pdftools_document *doc, pdftools_annotation_id id, char *buf, size_t size) {
  pdftools_color c = {-1, -1, -1};
  int32_t present = 0;
  pdftools_status st = pdftools_annotation_get_color(doc, id, PDFTOOLS_COLOR_STROKE, &c, &present);
  if (st != PDFTOOLS_OK) snprintf(buf, size, "error %s", st_name(st));
  else if (!present) snprintf(buf, size, "none");
  else snprintf(buf, size, "%.3f %.3f %.3f", c.r, c.g, c.b);
}

static int set_stroke(pdftools_document *doc, pdftools_annotation_id id, double r, double g, double b) {
  pdftools_color c = tc_mkcol(r, g, b);
  return pdftools_annotation_set_color(doc, id, PDFTOOLS_COLOR_STROKE, &c) == PDFTOOLS_OK;
}

/* Undoes until nothing is left; returns the number of steps undone. */
static int undo_all(pdftools_document *doc) {
  int n = 0;
  int32_t done = 1;
  while (n < 100000 && pdftools_undo_undo(doc, &done) == PDFTOOLS_OK && done) n++;
  return n;
}

static int32_t modified(pdftools_document *doc) {
  int32_t m = -1;
  if (pdftools_document_is_modified(doc, &m) != PDFTOOLS_OK) return -1;
  return m;
}

/* ------------------------------------------------------------------------ */
/* 2. Groups                                                                 */

static void test_groups(void) {
  pdftools_annotation_id a, b;
  pdftools_document *doc = two_squares(&a, &b);
  char *before, *cur, *label;
  int32_t done = -1, cu = -1, cr = -1;
  if (!doc) return;
  EXPECT_OK(pdftools_undo_clear(doc), "clear");
  before = dump_doc(doc, 1, 0);

  /* A group of different changes is one step with the group's label. */
  EXPECT_OK(pdftools_undo_begin_group(doc, "Style \xe2\x9c\x93"), "begin_group");
  set_stroke(doc, a, 0.1, 0.2, 0.3);
  pdftools_annotation_set_opacity(doc, b, 0.5);
  pdftools_annotation_set_text(doc, a, "Contents", "grouped");
  /* Inside the group: undo and redo are refused. */
  EXPECT_STATUS(pdftools_undo_undo(doc, &done), PDFTOOLS_E_NOT_PERMITTED, "undo inside an open group");
  EXPECT_STATUS(pdftools_undo_redo(doc, &done), PDFTOOLS_E_NOT_PERMITTED, "redo inside an open group");
  EXPECT_OK(pdftools_undo_begin_group(doc, "inner"), "nested begin_group");
  pdftools_annotation_delete(doc, b);
  EXPECT_OK(pdftools_undo_end_group(doc), "nested end_group");
  EXPECT_STATUS(pdftools_undo_undo(doc, &done), PDFTOOLS_E_NOT_PERMITTED, "undo while the outer group is still open");
  EXPECT_OK(pdftools_undo_end_group(doc), "end_group");
  EXPECT_STATUS(pdftools_undo_end_group(doc), PDFTOOLS_E_NOT_PERMITTED, "end_group without an open group");
  label = get_undo_label(doc, 0, NULL);
  CHECK(label && strcmp(label, "Style \xe2\x9c\x93") == 0, "the outermost group's label counts (\"%s\")",
        label ? label : "(none)");
  free(label);
  EXPECT_OK(pdftools_undo_undo(doc, &done), "undo the group");
  CHECK(done == 1, "one undo");
  cur = dump_doc(doc, 1, 0);
  same_dump(before, cur, "one undo reverts every change of the group (nested one included)");
  free(cur);
  EXPECT_OK(pdftools_undo_get_state(doc, &cu, &cr), "undo_state");
  CHECK(cu == 0 && cr == 1, "after undoing the group: nothing to undo, one redo (%d %d)", (int)cu, (int)cr);
  EXPECT_OK(pdftools_undo_redo(doc, &done), "redo the group");
  CHECK(tc_count_annots(doc, 0) == 1, "redo of the group deletes b again");
  EXPECT_OK(pdftools_undo_undo(doc, &done), "undo the group again");

  /* An empty group makes no step. */
  EXPECT_OK(pdftools_undo_begin_group(doc, "empty"), "begin an empty group");
  EXPECT_OK(pdftools_undo_end_group(doc), "end the empty group");
  EXPECT_OK(pdftools_undo_get_state(doc, &cu, &cr), "undo_state");
  CHECK(cu == 0, "an empty group makes no undo step");
  CHECK(cr == 1, "an empty group keeps the redo step (%d)", (int)cr);

  /* Bad labels. */
  EXPECT_STATUS(pdftools_undo_begin_group(doc, NULL), PDFTOOLS_E_INVALID_ARGUMENT, "begin_group(NULL label)");
  EXPECT_STATUS(pdftools_undo_begin_group(doc, "bad \xff utf-8"), PDFTOOLS_E_INVALID_ARGUMENT,
                "begin_group(label not UTF-8)");
  EXPECT_STATUS(pdftools_undo_end_group(doc), PDFTOOLS_E_NOT_PERMITTED,
                "a refused begin_group opened no group (end_group refused)");
  free(before);
  pdftools_document_close(doc);
}

/* ------------------------------------------------------------------------ */
/* 3. Coalescing                                                             */

static void test_coalescing(void) {
  pdftools_annotation_id a, b;
  pdftools_document *doc;
  char ca[64], cb[64];
  int32_t done = -1, cu = -1;
  int i;

  /* (1) One colour change on two annotations in a group: one undo reverts both. */
  doc = two_squares(&a, &b);
  if (!doc) return;
  set_stroke(doc, a, 1, 0, 0);
  set_stroke(doc, b, 1, 0, 0);
  EXPECT_OK(pdftools_undo_begin_group(doc, "Change Color"), "begin_group");
  set_stroke(doc, a, 0, 1, 0);
  set_stroke(doc, b, 0, 1, 0);
  EXPECT_OK(pdftools_undo_end_group(doc), "end_group");
  EXPECT_OK(pdftools_undo_undo(doc, &done), "undo");
  color_of(doc, a, ca, sizeof ca);
  color_of(doc, b, cb, sizeof cb);
  CHECK(strcmp(ca, "1.000 0.000 0.000") == 0 && strcmp(cb, "1.000 0.000 0.000") == 0,
        "grouped colour change on two annotations: one undo reverts both (a %s, b %s)", ca, cb);
  /* The group merges with a following identical group (a slider on a selection). */
  EXPECT_OK(pdftools_undo_redo(doc, &done), "redo");
  for (i = 0; i < 3; i++) {
    pdftools_undo_begin_group(doc, "Change Color");
    set_stroke(doc, a, 0, 0, 0.2 * (i + 1));
    set_stroke(doc, b, 0, 0, 0.2 * (i + 1));
    pdftools_undo_end_group(doc);
  }
  EXPECT_OK(pdftools_undo_undo(doc, &done), "undo");
  color_of(doc, a, ca, sizeof ca);
  color_of(doc, b, cb, sizeof cb);
  CHECK(strcmp(ca, "1.000 0.000 0.000") == 0 && strcmp(cb, "1.000 0.000 0.000") == 0,
        "four identical groups (colour of a and b) merge: one undo reverts them all (a %s, b %s)", ca, cb);
  pdftools_document_close(doc);

  /* (2) Separate colour changes on two annotations: one undo reverts only the second. */
  doc = two_squares(&a, &b);
  if (!doc) return;
  set_stroke(doc, a, 1, 0, 0);
  set_stroke(doc, b, 1, 0, 0);
  set_stroke(doc, a, 0, 1, 0);
  set_stroke(doc, b, 0, 1, 0);
  EXPECT_OK(pdftools_undo_undo(doc, &done), "undo");
  color_of(doc, a, ca, sizeof ca);
  color_of(doc, b, cb, sizeof cb);
  CHECK(strcmp(ca, "0.000 1.000 0.000") == 0 && strcmp(cb, "1.000 0.000 0.000") == 0,
        "separate colour changes on a and b: one undo reverts only b (a %s, b %s)", ca, cb);
  EXPECT_OK(pdftools_undo_undo(doc, &done), "undo");
  color_of(doc, a, ca, sizeof ca);
  CHECK(strcmp(ca, "1.000 0.000 0.000") == 0, "a second undo reverts a (a %s)", ca);
  pdftools_document_close(doc);

  /* (3) Ten colour changes of one annotation: one undo goes back before the first. */
  doc = two_squares(&a, &b);
  if (!doc) return;
  set_stroke(doc, a, 1, 0, 0);
  pdftools_undo_clear(doc);
  for (i = 0; i < 10; i++) set_stroke(doc, a, 0, 0.1 * (i + 1), 0);
  EXPECT_OK(pdftools_undo_undo(doc, &done), "undo");
  color_of(doc, a, ca, sizeof ca);
  CHECK(strcmp(ca, "1.000 0.000 0.000") == 0, "ten colour changes of a: one undo goes back before the first (a %s)",
        ca);
  EXPECT_OK(pdftools_undo_get_state(doc, &cu, NULL), "undo_state");
  CHECK(cu == 0, "... and nothing is left to undo");
  EXPECT_OK(pdftools_undo_redo(doc, &done), "redo");
  color_of(doc, a, ca, sizeof ca);
  CHECK(strcmp(ca, "0.000 1.000 0.000") == 0, "redo gives the last of the ten colours (a %s)", ca);
  pdftools_document_close(doc);

  /* Different properties of the same annotation do not merge. */
  doc = two_squares(&a, &b);
  if (!doc) return;
  pdftools_undo_clear(doc);
  set_stroke(doc, a, 0, 0, 1);
  pdftools_annotation_set_opacity(doc, a, 0.5);
  EXPECT_OK(pdftools_undo_undo(doc, &done), "undo");
  color_of(doc, a, ca, sizeof ca);
  CHECK(strcmp(ca, "0.000 0.000 1.000") == 0, "colour then opacity: one undo reverts only the opacity (a %s)", ca);
  pdftools_document_close(doc);

  /* No merging across a save: undo stops at the saved state. */
  doc = two_squares(&a, &b);
  if (!doc) return;
  {
    char *path = tc_path(g_tmp, "coalesce.pdf");
    pdftools_undo_clear(doc);
    set_stroke(doc, a, 0, 0, 1);
    EXPECT_OK(pdftools_document_save(doc, path, NULL), "save");
    set_stroke(doc, a, 0, 1, 1);
    CHECK(modified(doc) == 1, "changed after the save");
    EXPECT_OK(pdftools_undo_undo(doc, &done), "undo");
    color_of(doc, a, ca, sizeof ca);
    CHECK(strcmp(ca, "0.000 0.000 1.000") == 0 && modified(doc) == 0,
          "a colour change after a save does not merge with the one before: undo gives the saved state (a %s, "
          "modified %d)",
          ca, (int)modified(doc));
    free(path);
  }
  pdftools_document_close(doc);

  /* A change of a after undoing a later change of b (a's step is on top again). */
  doc = two_squares(&a, &b);
  if (!doc) return;
  pdftools_undo_clear(doc);
  set_stroke(doc, a, 0, 0, 1);
  set_stroke(doc, b, 0, 0, 1);
  pdftools_undo_undo(doc, &done);
  set_stroke(doc, a, 1, 1, 0);
  pdftools_undo_undo(doc, &done);
  color_of(doc, a, ca, sizeof ca);
  tc_note("colour a, colour b, undo, colour a again, undo: a is %s (%s)", ca,
          strcmp(ca, "0.000 0.000 1.000") == 0 ? "the new change was a step of its own"
                                                : "the new change merged with a's first change");
  pdftools_document_close(doc);
}

/* ------------------------------------------------------------------------ */
/* 4. Labels and state                                                       */

static void test_labels_and_state(void) {
  pdftools_document *doc = NULL;
  pdftools_annotation_id id = 0, id2 = 0;
  pdftools_rect rr;
  size_t need = 0, need2 = 0;
  char small[3] = {'x', 'y', 'z'}, buf[256];
  int32_t cu = -1, cr = -1, done = -1;
  char *undo_label, *label;
  if (!EXPECT_OK(pdftools_document_new(&doc), "new")) return;
  /* Empty journal. */
  EXPECT_OK(pdftools_undo_get_state(doc, &cu, &cr), "undo_state on a new document");
  CHECK(cu == 0 && cr == 0, "a new document can neither undo nor redo (%d %d)", (int)cu, (int)cr);
  EXPECT_OK(pdftools_undo_get_state(doc, NULL, NULL), "undo_state with both pointers NULL");
  need = 77;
  EXPECT_STATUS(pdftools_undo_get_label(doc, 0, NULL, 0, &need), PDFTOOLS_E_NOT_FOUND, "undo_label with nothing to undo");
  EXPECT_STATUS(pdftools_undo_get_label(doc, 1, buf, sizeof buf, &need), PDFTOOLS_E_NOT_FOUND,
                "redo label with nothing to redo");
  done = -1;
  EXPECT_OK(pdftools_undo_undo(doc, &done), "undo with nothing to undo");
  CHECK(done == 0, "undo with nothing to undo: done 0");
  done = -1;
  EXPECT_OK(pdftools_undo_redo(doc, &done), "redo with nothing to redo");
  CHECK(done == 0, "redo with nothing to redo: done 0");
  EXPECT_OK(pdftools_undo_undo(doc, NULL), "undo(out_done NULL)");
  EXPECT_OK(pdftools_undo_redo(doc, NULL), "redo(out_done NULL)");

  /* A step. */
  EXPECT_OK(pdftools_document_insert_blank_page(doc, 0, 612, 792), "insert a page");
  EXPECT_OK(pdftools_annotation_create(doc, 0, "Highlight", tc_mkrect(10, 10, 100, 30), &id), "create");
  EXPECT_OK(pdftools_undo_get_state(doc, &cu, &cr), "undo_state");
  CHECK(cu == 1 && cr == 0, "after a change: can undo, cannot redo (%d %d)", (int)cu, (int)cr);
  cu = -1;
  EXPECT_OK(pdftools_undo_get_state(doc, &cu, NULL), "undo_state(out_can_redo NULL)");
  CHECK(cu == 1, "out_can_undo alone");
  cr = -1;
  EXPECT_OK(pdftools_undo_get_state(doc, NULL, &cr), "undo_state(out_can_undo NULL)");
  CHECK(cr == 0, "out_can_redo alone");

  /* Two-call pattern. */
  need = 0;
  EXPECT_OK(pdftools_undo_get_label(doc, 0, NULL, 0, &need), "undo_label size query");
  CHECK(need > 1, "label size %zu", need);
  EXPECT_STATUS(pdftools_undo_get_label(doc, 0, small, sizeof small, &need2), PDFTOOLS_E_BUFFER_TOO_SMALL,
                "undo_label into a 3-byte buffer");
  CHECK(need2 == need, "BUFFER_TOO_SMALL reports the size (%zu)", need2);
  CHECK(small[0] == 'x' && small[1] == 'y' && small[2] == 'z', "a too small buffer is left untouched");
  EXPECT_STATUS(pdftools_undo_get_label(doc, 0, buf, 0, &need2), PDFTOOLS_E_BUFFER_TOO_SMALL,
                "undo_label with buf_size 0 and a buffer");
  memset(buf, '#', sizeof buf);
  need2 = 0;
  EXPECT_OK(pdftools_undo_get_label(doc, 0, buf, need, &need2), "undo_label into a buffer of exactly the size");
  CHECK(need2 == need && strlen(buf) + 1 == need, "the label \"%s\" fills the buffer with its NUL", buf);
  EXPECT_STATUS(pdftools_undo_get_label(doc, 0, buf, sizeof buf, NULL), PDFTOOLS_E_INVALID_ARGUMENT,
                "undo_label(out_size NULL)");
  undo_label = get_undo_label(doc, 0, NULL);
  tc_note("the label of creating a Highlight: \"%s\"", undo_label ? undo_label : "(none)");
  CHECK(undo_label && strstr(undo_label, "Highlight") != NULL, "the label names what was done (\"%s\")",
        undo_label ? undo_label : "(none)");
  EXPECT_STATUS(pdftools_undo_get_label(doc, 1, NULL, 0, &need), PDFTOOLS_E_NOT_FOUND, "redo label before any undo");
  /* After undo: the step moves to redo. */
  EXPECT_OK(pdftools_undo_undo(doc, &done), "undo");
  EXPECT_OK(pdftools_undo_get_state(doc, &cu, &cr), "undo_state");
  CHECK(cu == 1 && cr == 1, "after undoing the create (the page insert remains): can undo and redo (%d %d)",
        (int)cu, (int)cr);
  label = get_undo_label(doc, 1, NULL);
  CHECK(label && undo_label && strcmp(label, undo_label) == 0, "the redo label is the undone step's label");
  free(label);
  EXPECT_OK(pdftools_undo_undo(doc, &done), "undo the page insert");
  EXPECT_OK(pdftools_undo_get_state(doc, &cu, &cr), "undo_state");
  CHECK(cu == 0 && cr == 1, "everything undone: cannot undo, can redo (%d %d)", (int)cu, (int)cr);
  CHECK(page_count(doc) == 0, "undoing the insert leaves no page");
  EXPECT_STATUS(pdftools_undo_get_label(doc, 0, NULL, 0, &need), PDFTOOLS_E_NOT_FOUND, "undo label when all is undone");
  EXPECT_OK(pdftools_undo_redo(doc, &done), "redo the page insert");
  EXPECT_OK(pdftools_undo_redo(doc, &done), "redo the create");
  EXPECT_OK(pdftools_undo_get_state(doc, &cu, &cr), "undo_state");
  CHECK(cu == 1 && cr == 0, "everything redone: can undo, cannot redo (%d %d)", (int)cu, (int)cr);
  {
    char *sub = tc_get_subtype(doc, id, NULL);
    CHECK(sub && strcmp(sub, "Highlight") == 0, "redo brings the annotation back under the same id");
    free(sub);
  }
  /* A new change drops the redo steps. */
  pdftools_undo_undo(doc, NULL);
  EXPECT_STATUS(pdftools_annotation_get_rect(doc, id, &rr), PDFTOOLS_E_NOT_FOUND,
                "the id of an annotation whose creation was undone is stale");
  EXPECT_OK(pdftools_annotation_create(doc, 0, "Square", tc_mkrect(10, 10, 50, 50), &id2), "a new change");
  CHECK(id2 != id, "a new annotation does not reuse the id of an undone one (%lld vs %lld)", (long long)id2,
        (long long)id);
  EXPECT_OK(pdftools_undo_get_state(doc, &cu, &cr), "undo_state");
  CHECK(cu == 1 && cr == 0, "a new change drops the redo steps (%d %d)", (int)cu, (int)cr);
  done = -1;
  EXPECT_OK(pdftools_undo_redo(doc, &done), "redo after a new change");
  CHECK(done == 0, "nothing to redo after a new change");
  pdftools_color c = tc_mkcol(0, 1, 0);
  pdftools_annotation_set_color(doc, id2, PDFTOOLS_COLOR_STROKE, &c);
  label = get_undo_label(doc, 0, NULL);
  tc_note("the label of a colour change: \"%s\"", label ? label : "(none)");
  CHECK(label && strstr(label, "Colo") != NULL, "the label of a colour change mentions colour (\"%s\")",
        label ? label : "(none)");
  free(label);
  free(undo_label);
  pdftools_document_close(doc);
}

/* ------------------------------------------------------------------------ */
/* 5. Clean state                                                            */

static void test_clean_state(void) {
  char *path = tc_path(g_tmp, "clean.pdf");
  pdftools_document *doc = NULL;
  pdftools_annotation_id a, b;
  void *data = NULL;
  size_t size = 0;
  int32_t done = -1;

  doc = two_squares(&a, &b);
  if (!doc) return;
  EXPECT_OK(pdftools_document_save(doc, path, NULL), "save a new document");
  pdftools_document_close(doc);
  if (!EXPECT_OK(pdftools_document_open(path, NULL, &doc), "open it")) return;
  a = R(doc, "a");
  b = R(doc, "b");
  CHECK(modified(doc) == 0, "a freshly opened document is not modified");
  set_stroke(doc, a, 0, 0, 1);
  CHECK(modified(doc) == 1, "modified after a change");
  EXPECT_OK(pdftools_document_save_to_memory(doc, NULL, &data, &size), "save to memory");
  pdftools_free(data);
  CHECK(modified(doc) == 1, "saving to memory does not change the modified state");
  EXPECT_OK(pdftools_document_save(doc, path, NULL), "save to the path");
  CHECK(modified(doc) == 0, "not modified after saving to a path");
  pdftools_annotation_set_opacity(doc, a, 0.25);
  CHECK(modified(doc) == 1, "change -> modified");
  pdftools_undo_undo(doc, &done);
  CHECK(modified(doc) == 0, "undo back to the saved step -> not modified");
  pdftools_undo_redo(doc, &done);
  CHECK(modified(doc) == 1, "redo -> modified");
  pdftools_undo_undo(doc, &done);
  CHECK(modified(doc) == 0, "undo -> not modified again");
  pdftools_undo_undo(doc, &done);
  CHECK(done == 1 && modified(doc) == 1, "undo past the saved step -> modified");
  pdftools_undo_redo(doc, &done);
  CHECK(modified(doc) == 0, "redo to the saved step -> not modified");
  /* A different change after undoing to before the save: a new state, modified. */
  pdftools_undo_undo(doc, &done);
  pdftools_annotation_set_opacity(doc, b, 0.75);
  CHECK(modified(doc) == 1, "a new branch below the saved step is modified");
  pdftools_undo_undo(doc, &done);
  CHECK(modified(doc) == 1, "undoing the branch gives a state before the save: modified");
  /* Clearing the journal keeps the modified state. */
  pdftools_annotation_set_opacity(doc, b, 0.5);
  pdftools_undo_clear(doc);
  CHECK(modified(doc) == 1, "clear_undo keeps the document modified");
  EXPECT_OK(pdftools_document_save(doc, path, NULL), "save");
  CHECK(modified(doc) == 0, "saved");
  /* Turning the journal off still tracks changes. */
  pdftools_undo_set_enabled(doc, 0);
  pdftools_annotation_set_opacity(doc, b, 0.3);
  CHECK(modified(doc) == 1, "a change with the journal off is modified");
  pdftools_undo_set_enabled(doc, 1);
  pdftools_document_close(doc);

  /* Saving to a path while a group is open is refused (the saved state must be one undo can return to). */
  doc = two_squares(&a, &b);
  if (doc) {
    size_t saved_size = 0;
    unsigned char *saved;
    EXPECT_OK(pdftools_document_save(doc, path, NULL), "save");
    saved = tc_read_file(path, &saved_size);
    EXPECT_OK(pdftools_undo_begin_group(doc, "open group"), "begin_group");
    set_stroke(doc, a, 0.6, 0.1, 0.6);
    EXPECT_STATUS(pdftools_document_save(doc, path, NULL), PDFTOOLS_E_NOT_PERMITTED,
                  "save to a path inside an open group");
    CHECK(saved && tc_file_equals(path, saved, saved_size), "the refused save left the file as it was");
    CHECK(modified(doc) == 1, "a change inside an open group (save refused): modified (%d)", (int)modified(doc));
    EXPECT_OK(pdftools_document_save_to_memory(doc, NULL, &data, &size), "save to memory inside an open group");
    pdftools_free(data);
    EXPECT_OK(pdftools_undo_end_group(doc), "end_group");
    EXPECT_OK(pdftools_document_save(doc, path, NULL), "save after the group");
    CHECK(modified(doc) == 0, "saved after the group: not modified");
    pdftools_undo_undo(doc, &done);
    CHECK(modified(doc) == 1, "undoing the group: modified");
    pdftools_undo_redo(doc, &done);
    CHECK(modified(doc) == 0, "redoing the group: the saved state again, not modified");
    free(saved);
    pdftools_document_close(doc);
  }

  /* A new document with pages inserted and everything undone. */
  if (EXPECT_OK(pdftools_document_new(&doc), "new")) {
    CHECK(modified(doc) == 0, "a new document is not modified");
    pdftools_document_insert_blank_page(doc, 0, 100, 100);
    CHECK(modified(doc) == 1, "a new document with a page is modified");
    pdftools_undo_undo(doc, &done);
    CHECK(modified(doc) == 0, "undoing to the empty new document: not modified");
    pdftools_document_close(doc);
  }
  free(path);
}

/* ------------------------------------------------------------------------ */
/* 6. Limits, journal off, clear                                             */

static void test_limits(void) {
  pdftools_annotation_id a, b;
  pdftools_document *doc = two_squares(&a, &b);
  char *states[6];
  char *cur;
  int i, n;
  int32_t cu = -1, cr = -1, done;
  if (!doc) return;
  pdftools_undo_clear(doc);
  EXPECT_OK(pdftools_undo_set_limits(doc, 3, 64 << 20), "set_undo_limits(3 steps)");
  /* Five changes that do not merge (alternating annotations and properties). */
  for (i = 0; i < 5; i++) {
    states[i] = dump_doc(doc, 1, 0);
    if (i % 2) pdftools_annotation_set_opacity(doc, b, 0.1 * (i + 1));
    else set_stroke(doc, a, 0.1 * (i + 1), 0, 0);
  }
  states[5] = dump_doc(doc, 1, 0);
  n = undo_all(doc);
  CHECK(n == 3, "steps 3: five changes, three undos (%d)", n);
  cur = dump_doc(doc, 1, 0);
  same_dump(states[2], cur, "after three undos the state is the one after the second change");
  free(cur);
  n = 0;
  while (pdftools_undo_redo(doc, &done) == PDFTOOLS_OK && done) n++;
  CHECK(n == 3, "three redos (%d)", n);
  cur = dump_doc(doc, 1, 0);
  same_dump(states[5], cur, "after three redos the state is the last one");
  free(cur);

  /* Lowering the limit drops the oldest steps of an existing history. */
  EXPECT_OK(pdftools_undo_set_limits(doc, 1, 64 << 20), "set_undo_limits(1 step)");
  n = undo_all(doc);
  CHECK(n == 1, "steps lowered to 1: one undo (%d)", n);
  cur = dump_doc(doc, 1, 0);
  same_dump(states[4], cur, "the step kept is the newest");
  free(cur);
  pdftools_undo_redo(doc, &done);

  /* steps 0: nothing is kept. */
  EXPECT_OK(pdftools_undo_set_limits(doc, 0, 64 << 20), "set_undo_limits(0 steps)");
  set_stroke(doc, a, 0, 0, 0.5);
  EXPECT_OK(pdftools_undo_get_state(doc, &cu, &cr), "undo_state");
  CHECK(cu == 0, "steps 0: a change cannot be undone");

  /* A byte limit: a small one keeps fewer steps than a large one. */
  EXPECT_OK(pdftools_undo_set_limits(doc, 500, 64 << 20), "restore the default limits");
  pdftools_undo_clear(doc);
  for (i = 0; i < 20; i++) {
    if (i % 2) pdftools_annotation_set_opacity(doc, b, 0.02 * (i + 1));
    else set_stroke(doc, a, 0.02 * (i + 1), 0, 0);
  }
  EXPECT_OK(pdftools_undo_set_limits(doc, 500, 4096), "set_undo_limits(500 steps, 4096 bytes)");
  n = undo_all(doc);
  tc_note("20 small steps with a 4096-byte limit: %d undos", n);
  CHECK(n < 20, "a 4096-byte limit keeps fewer than the 20 steps (%d)", n);

  /* Bad limits. */
  EXPECT_STATUS(pdftools_undo_set_limits(doc, -1, 100), PDFTOOLS_E_INVALID_ARGUMENT, "set_undo_limits(steps -1)");
  EXPECT_STATUS(pdftools_undo_set_limits(doc, 10, SIZE_MAX), PDFTOOLS_E_INVALID_ARGUMENT, "set_undo_limits(bytes SIZE_MAX)");
  for (i = 0; i < 6; i++) free(states[i]);
  pdftools_document_close(doc);

  /* The journal turned off, and on again. */
  doc = two_squares(&a, &b);
  if (!doc) return;
  EXPECT_OK(pdftools_undo_get_state(doc, &cu, NULL), "undo_state");
  CHECK(cu == 1, "the journal is on by default (the fixture's changes can be undone)");
  EXPECT_OK(pdftools_undo_set_enabled(doc, 0), "set_undo_enabled(0)");
  EXPECT_OK(pdftools_undo_get_state(doc, &cu, &cr), "undo_state");
  CHECK(cu == 0 && cr == 0, "turning the journal off clears it (%d %d)", (int)cu, (int)cr);
  set_stroke(doc, a, 0.5, 0.5, 0);
  {
    char *s = dump_doc(doc, 1, 0);
    done = -1;
    EXPECT_OK(pdftools_undo_undo(doc, &done), "undo with the journal off");
    CHECK(done == 0, "a change with the journal off is not recorded");
    cur = dump_doc(doc, 1, 0);
    same_dump(s, cur, "the document keeps the change");
    free(cur);
    free(s);
  }
  EXPECT_OK(pdftools_undo_set_enabled(doc, 7), "set_undo_enabled(7)");
  {
    char *s = dump_doc(doc, 1, 0);
    set_stroke(doc, b, 0, 0.5, 0.5);
    n = undo_all(doc);
    CHECK(n == 1, "after turning it on again, only the new change is recorded (%d)", n);
    cur = dump_doc(doc, 1, 0);
    same_dump(s, cur, "undo reverts the new change only");
    free(cur);
    free(s);
  }
  pdftools_document_close(doc);

  /* Clear. */
  doc = two_squares(&a, &b);
  if (!doc) return;
  pdftools_undo_undo(doc, &done);
  {
    char *s = dump_doc(doc, 1, 0);
    EXPECT_OK(pdftools_undo_clear(doc), "clear_undo");
    EXPECT_OK(pdftools_undo_get_state(doc, &cu, &cr), "undo_state");
    CHECK(cu == 0 && cr == 0, "clear forgets undo and redo steps (%d %d)", (int)cu, (int)cr);
    cur = dump_doc(doc, 1, 0);
    same_dump(s, cur, "clear leaves the document as it is");
    free(cur);
    free(s);
  }
  set_stroke(doc, a, 0.2, 0.2, 0.2);
  n = undo_all(doc);
  CHECK(n == 1, "the journal works after clear (%d)", n);
  pdftools_document_close(doc);
}

/* ------------------------------------------------------------------------ */
/* 7. The undo callback                                                      */

typedef struct cb_state {
  pdftools_document *expected;
  pthread_t thread;
  int calls;
  int wrong_doc;
  int wrong_thread;
  int state_failed;
  int label_failed;
  int32_t can_undo, can_redo;
} cb_state;

static void on_undo(pdftools_document *doc, void *user_data) {
  cb_state *s = (cb_state *)user_data;
  int32_t cu = -1, cr = -1;
  size_t need = 0;
  pdftools_status st;
  s->calls++;
  if (doc != s->expected) s->wrong_doc++;
  if (!pthread_equal(pthread_self(), s->thread)) s->wrong_thread++;
  /* The document lock must not be held: these calls take it. */
  if (pdftools_undo_get_state(doc, &cu, &cr) != PDFTOOLS_OK) s->state_failed++;
  st = pdftools_undo_get_label(doc, 0, NULL, 0, &need);
  if (st != PDFTOOLS_OK && st != PDFTOOLS_E_NOT_FOUND) s->label_failed++;
  {
    int32_t m = -1;
    if (pdftools_document_is_modified(doc, &m) != PDFTOOLS_OK) s->state_failed++;
  }
  s->can_undo = cu;
  s->can_redo = cr;
}

static void on_alarm(int sig) {
  static const char msg[] = "FAIL - timeout: a call hung (the undo callback ran with a lock held?)\n";
  (void)sig;
  if (write(1, msg, sizeof msg - 1) < 0) _exit(1);
  _exit(1);
}

typedef struct thread_job {
  pdftools_document *doc;
  pdftools_annotation_id id;
  cb_state *state;
} thread_job;

static void *change_in_thread(void *p) {
  thread_job *job = (thread_job *)p;
  job->state->thread = pthread_self();
  set_stroke(job->doc, job->id, 0.3, 0.3, 0.9);
  return NULL;
}

static void test_callback(void) {
  pdftools_annotation_id a, b, oa, ob;
  pdftools_document *doc = two_squares(&a, &b), *other = two_squares(&oa, &ob);
  cb_state s, so;
  char *path = tc_path(g_tmp, "callback.pdf");
  int before;
  int32_t done;
  if (!doc || !other) return;
  signal(SIGALRM, on_alarm);
  alarm(120);
  memset(&s, 0, sizeof s);
  memset(&so, 0, sizeof so);
  s.expected = doc;
  s.thread = pthread_self();
  so.expected = other;
  so.thread = pthread_self();
  EXPECT_OK(pdftools_undo_set_callback(doc, on_undo, &s), "set_undo_callback");
  EXPECT_OK(pdftools_undo_set_callback(other, on_undo, &so), "set_undo_callback on a second document");
  CHECK(s.calls == 0, "setting the callback does not call it");

  before = s.calls;
  set_stroke(doc, a, 0.9, 0.1, 0.1);
  CHECK(s.calls > before, "a change calls the callback (%d call(s))", s.calls - before);
  CHECK(s.can_undo == 1 && s.can_redo == 0, "inside the callback after a change: can undo, cannot redo (%d %d)",
        (int)s.can_undo, (int)s.can_redo);
  before = s.calls;
  pdftools_undo_undo(doc, &done);
  CHECK(s.calls > before, "undo calls the callback (%d)", s.calls - before);
  CHECK(s.can_redo == 1, "inside the callback after undo: can redo");
  before = s.calls;
  pdftools_undo_redo(doc, &done);
  CHECK(s.calls > before, "redo calls the callback (%d)", s.calls - before);
  CHECK(s.can_undo == 1 && s.can_redo == 0, "inside the callback after redo: can undo, cannot redo");
  before = s.calls;
  EXPECT_OK(pdftools_document_save(doc, path, NULL), "save");
  CHECK(s.calls > before, "saving calls the callback (%d)", s.calls - before);
  before = s.calls;
  pdftools_undo_clear(doc);
  CHECK(s.calls > before, "clear calls the callback (%d)", s.calls - before);
  CHECK(s.can_undo == 0 && s.can_redo == 0, "inside the callback after clear: nothing to undo or redo");
  before = s.calls;
  pdftools_undo_set_limits(doc, 100, 1 << 20);
  CHECK(s.calls > before, "a limit change calls the callback (%d)", s.calls - before);
  before = s.calls;
  pdftools_undo_begin_group(doc, "group");
  set_stroke(doc, a, 0.1, 0.1, 0.9);
  set_stroke(doc, b, 0.1, 0.1, 0.9);
  tc_note("calls inside an open group: %d", s.calls - before);
  pdftools_undo_end_group(doc);
  CHECK(s.calls > before, "a group calls the callback by its end (%d)", s.calls - before);
  CHECK(s.can_undo == 1, "inside the callback after a group: can undo");
  before = s.calls;
  EXPECT_STATUS(pdftools_annotation_set_opacity(doc, a, NAN), PDFTOOLS_E_INVALID_ARGUMENT,
                "a refused change (opacity NaN)");
  tc_note("calls after a refused change: %d", s.calls - before);
  CHECK(s.wrong_doc == 0, "the callback always gets its own document (%d wrong)", s.wrong_doc);
  CHECK(s.wrong_thread == 0, "the callback runs on the calling thread (%d wrong)", s.wrong_thread);
  CHECK(s.state_failed == 0 && s.label_failed == 0, "calls into the library from the callback succeed");
  CHECK(so.calls == 0, "the other document's callback was not called (%d)", so.calls);

  /* A change made on another thread calls the callback on that thread. */
  {
    pthread_t t;
    thread_job job;
    job.doc = doc;
    job.id = a;
    job.state = &s;
    before = s.calls;
    if (CHECK(pthread_create(&t, NULL, change_in_thread, &job) == 0, "start a thread")) {
      pthread_join(t, NULL);
      CHECK(s.calls > before && s.wrong_thread == 0, "a change on another thread calls back on that thread");
    }
    s.thread = pthread_self();
  }
  /* The second document's callback. */
  set_stroke(other, oa, 0.4, 0.4, 0.4);
  CHECK(so.calls > 0 && so.wrong_doc == 0, "the second document's callback gets the second document");
  /* Removing the callback. */
  EXPECT_OK(pdftools_undo_set_callback(doc, NULL, NULL), "set_undo_callback(NULL)");
  before = s.calls;
  set_stroke(doc, a, 0.8, 0.8, 0.8);
  pdftools_undo_undo(doc, &done);
  CHECK(s.calls == before, "no calls after the callback was removed");
  alarm(0);
  pdftools_document_close(doc);
  pdftools_document_close(other);
  free(path);
}

/* ------------------------------------------------------------------------ */
/* 8. Saving after undo                                                      */

static pdftools_document *reopen(const void *data, size_t size) {
  pdftools_document *doc = NULL;
  if (pdftools_document_open_from_memory(data, size, NULL, &doc) != PDFTOOLS_OK) return NULL;
  return doc;
}

/* Saves doc (mode) to memory, reopens the bytes and compares their dump (no ids) with want. */
static void check_saved(pdftools_document *doc, int32_t mode, const char *want, const unsigned char *orig,
                        size_t orig_size, const char *what) {
  pdftools_save_options o = PDFTOOLS_SAVE_OPTIONS_INIT;
  void *data = NULL;
  size_t size = 0;
  pdftools_document *copy;
  char msg[300];
  o.mode = mode;
  snprintf(msg, sizeof msg, "%s: save to memory (%s)", what, mode == PDFTOOLS_SAVE_FULL ? "full" : "incremental");
  if (!EXPECT_OK(pdftools_document_save_to_memory(doc, &o, &data, &size), msg)) return;
  if (mode == PDFTOOLS_SAVE_INCREMENTAL && orig)
    CHECK(size >= orig_size && memcmp(data, orig, orig_size) == 0, "%s: the original bytes are a prefix", msg);
  copy = reopen(data, size);
  if (CHECK(copy != NULL, "%s: the saved bytes open", msg)) {
    char *got = dump_doc(copy, 0, 1);
    snprintf(msg, sizeof msg, "%s: the %s save holds the state", what,
             mode == PDFTOOLS_SAVE_FULL ? "full" : "incremental");
    same_dump(want, got, msg);
    free(got);
    pdftools_document_close(copy);
  }
  pdftools_free(data);
}

static void test_save_after_undo(void) {
  pdftools_document *doc;
  pdftools_annotation_id id = 0;
  char *state0, *state2, *state4;
  int32_t done;
  const unsigned char *orig = g_api_bytes;
  size_t orig_size = g_api_size;
  if (!orig) return;
  doc = reopen(orig, orig_size);
  if (!CHECK(doc != NULL, "open the fixture")) return;
  state0 = dump_doc(doc, 0, 1);
  /* Four changes: create, colour, delete, metadata. */
  EXPECT_OK(pdftools_annotation_create(doc, 0, "Square", tc_mkrect(400, 700, 500, 760), &id), "create");
  pdftools_annotation_set_text(doc, id, "NM", "new");
  set_stroke(doc, R(doc, "sq"), 0, 0.5, 0.5);
  state2 = dump_doc(doc, 0, 1);
  EXPECT_OK(pdftools_annotation_delete(doc, R(doc, "ci")), "delete");
  EXPECT_OK(pdftools_document_set_metadata(doc, "Title", "after"), "metadata");
  state4 = dump_doc(doc, 0, 1);
  check_saved(doc, PDFTOOLS_SAVE_FULL, state4, orig, orig_size, "all changes");
  CHECK(undo_all(doc) == 5, "five steps undone (create, NM, colour, delete, metadata)");
  check_saved(doc, PDFTOOLS_SAVE_FULL, state0, orig, orig_size, "everything undone");
  check_saved(doc, PDFTOOLS_SAVE_INCREMENTAL, state0, orig, orig_size, "everything undone");
  pdftools_undo_redo(doc, &done);
  pdftools_undo_redo(doc, &done);
  pdftools_undo_redo(doc, &done);
  check_saved(doc, PDFTOOLS_SAVE_FULL, state2, orig, orig_size, "three steps redone");
  check_saved(doc, PDFTOOLS_SAVE_INCREMENTAL, state2, orig, orig_size, "three steps redone");
  pdftools_undo_redo(doc, &done);
  pdftools_undo_redo(doc, &done);
  check_saved(doc, PDFTOOLS_SAVE_INCREMENTAL, state4, orig, orig_size, "all redone");

  /* To a path, incrementally over the file it was opened from, after undo. */
  {
    char *path = tc_path(g_tmp, "after-undo.pdf");
    pdftools_document *f = NULL, *copy = NULL;
    pdftools_save_options o = PDFTOOLS_SAVE_OPTIONS_INIT;
    o.mode = PDFTOOLS_SAVE_INCREMENTAL;
    tc_write_file(path, orig, orig_size);
    if (EXPECT_OK(pdftools_document_open(path, NULL, &f), "open the fixture file")) {
      set_stroke(f, R(f, "sq"), 0.7, 0.7, 0);
      pdftools_annotation_delete(f, R(f, "ln"));
      EXPECT_OK(pdftools_document_save(f, path, &o), "incremental save over the file");
      pdftools_undo_undo(f, &done);
      pdftools_undo_undo(f, &done);
      CHECK(modified(f) == 1, "undo past the save: modified");
      EXPECT_OK(pdftools_document_save(f, path, &o), "incremental save over the file after undo");
      if (EXPECT_OK(pdftools_document_open(path, NULL, &copy), "reopen the file")) {
        char *got = dump_doc(copy, 0, 1);
        same_dump(state0, got, "two incremental saves to a path, the second after undo: the file holds the "
                               "original state");
        free(got);
        pdftools_document_close(copy);
      }
      pdftools_undo_redo(f, &done);
      CHECK(modified(f) == 1, "redo one of two steps: modified");
      pdftools_undo_redo(f, &done);
      CHECK(modified(f) == 1, "redo to the first save's state: modified (the clean state is the last save's)");
      pdftools_document_close(f);
    }
    free(path);
  }
  /* For information: what an incremental save appends after 1 and after 100 merged colour changes. */
  {
    size_t appended[2] = {0, 0};
    int k, i;
    for (k = 0; k < 2; k++) {
      pdftools_document *d = reopen(orig, orig_size);
      pdftools_save_options o = PDFTOOLS_SAVE_OPTIONS_INIT;
      void *data = NULL;
      size_t size = 0;
      int n = k ? 100 : 1;
      if (!d) continue;
      for (i = 0; i < n; i++) set_stroke(d, R(d, "sq"), 0, 0, (double)(i + 1) / n);
      o.mode = PDFTOOLS_SAVE_INCREMENTAL;
      if (pdftools_document_save_to_memory(d, &o, &data, &size) == PDFTOOLS_OK) appended[k] = size - orig_size;
      pdftools_free(data);
      pdftools_document_close(d);
    }
    tc_note("an incremental save appends %zu bytes after 1 colour change, %zu after 100 merged ones", appended[0],
            appended[1]);
  }
  free(state0);
  free(state2);
  free(state4);
  pdftools_document_close(doc);
}

/* ------------------------------------------------------------------------ */
/* 9. Caches: text and rendering after undo of a page insert                 */

static char *page_text(pdftools_document *doc, int32_t page) {
  size_t need = 0;
  char *s;
  if (pdftools_page_get_text(doc, page, NULL, 0, &need) != PDFTOOLS_OK) return NULL;
  s = (char *)malloc(need ? need : 1);
  if (s && pdftools_page_get_text(doc, page, s, need, &need) != PDFTOOLS_OK) {
    free(s);
    return NULL;
  }
  return s;
}

static void test_caches(void) {
  pdftools_document *doc;
  char *t0, *t, *r0, *r;
  int32_t done;
  if (!g_corpus) {
    tc_note("no corpus folder: text cache test left out");
    return;
  }
  doc = tc_open_corpus(g_corpus, "samplefiles-pdflatex-4-pages.pdf", NULL);
  if (!doc) return;
  t0 = page_text(doc, 0);
  r0 = dump_doc(doc, 1, 1);
  CHECK(t0 && strlen(t0) > 100, "page 0 has text");
  EXPECT_OK(pdftools_document_insert_blank_page(doc, 0, 300, 300), "insert a blank page at 0");
  t = page_text(doc, 1);
  CHECK(t && t0 && strcmp(t, t0) == 0, "the old page 0 is page 1");
  free(t);
  t = page_text(doc, 0);
  CHECK(t && t[0] == '\0', "the new page 0 has no text");
  free(t);
  pdftools_undo_undo(doc, &done);
  t = page_text(doc, 0);
  CHECK(t && t0 && strcmp(t, t0) == 0, "after undo page 0 has its text again (text cache dropped)");
  free(t);
  r = dump_doc(doc, 1, 1);
  same_dump(r0, r, "after undo pages, boxes, renderings and annotations are as before");
  free(r);
  {
    pdftools_selection m;
    memset(&m, 0, sizeof m);
    EXPECT_OK(pdftools_document_search_next(doc, "the", NULL, NULL, 1, &m), "search after undo");
    CHECK(m.start_page == 0, "after undo the first match is on page 0 (%d)", (int)m.start_page);
  }
  pdftools_undo_redo(doc, &done);
  t = page_text(doc, 1);
  CHECK(t && t0 && strcmp(t, t0) == 0, "after redo the text is on page 1 again");
  free(t);
  free(t0);
  free(r0);
  pdftools_document_close(doc);
}

/* ------------------------------------------------------------------------ */
/* 10. Handles                                                               */

static void handle_calls(pdftools_document *doc, const char *what) {
  int32_t i32 = 0, j32 = 0;
  size_t need = 0;
  char msg[200];
#define H(call, name)                                                  \
  do {                                                                 \
    snprintf(msg, sizeof msg, "%s(%s)", name, what);                   \
    EXPECT_STATUS(call, PDFTOOLS_E_INVALID_HANDLE, msg);               \
  } while (0)
  H(pdftools_undo_undo(doc, &i32), "pdftools_undo_undo");
  H(pdftools_undo_undo(doc, NULL), "pdftools_undo_undo, out NULL");
  H(pdftools_undo_redo(doc, &i32), "pdftools_undo_redo");
  H(pdftools_undo_get_state(doc, &i32, &j32), "pdftools_undo_get_state");
  H(pdftools_undo_get_label(doc, 0, NULL, 0, &need), "pdftools_undo_get_label");
  H(pdftools_undo_begin_group(doc, "x"), "pdftools_undo_begin_group");
  H(pdftools_undo_end_group(doc), "pdftools_undo_end_group");
  H(pdftools_undo_set_limits(doc, 10, 1000), "pdftools_undo_set_limits");
  H(pdftools_undo_set_enabled(doc, 1), "pdftools_undo_set_enabled");
  H(pdftools_undo_clear(doc), "pdftools_undo_clear");
  H(pdftools_undo_set_callback(doc, on_undo, NULL), "pdftools_undo_set_callback");
  H(pdftools_undo_set_callback(doc, NULL, NULL), "pdftools_undo_set_callback(NULL)");
  H(pdftools_document_is_modified(doc, &i32), "pdftools_document_is_modified");
#undef H
}

static void test_handles(void) {
  pdftools_document *doc = NULL;
  unsigned char fake[256];
  memset(fake, 0, sizeof fake);
  handle_calls(NULL, "NULL");
  if (EXPECT_OK(pdftools_document_new(&doc), "new")) {
    pdftools_document_close(doc);
    handle_calls(doc, "closed");
  }
  handle_calls((pdftools_document *)(void *)fake, "forged");
  handle_calls((pdftools_document *)(uintptr_t)0x1234, "forged 0x1234");
}

/* ------------------------------------------------------------------------ */

int main(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: %s PDFTOOLS_H [CORPUS_DIR]\n", argv[0]);
    return 2;
  }
  g_header = argv[1];
  g_corpus = argc > 2 ? argv[2] : NULL;
  g_tmp = tc_make_temp_dir("test-undo");
  if (!g_tmp) {
    fprintf(stderr, "cannot create a temporary folder\n");
    return 2;
  }
  printf("libpdftools %s, header %s, corpus %s\n", pdftools_version_string(), g_header,
         g_corpus ? g_corpus : "(none)");
  make_raw_pdfs();
  test_every_mutation_journaled();
  test_groups();
  test_coalescing();
  test_labels_and_state();
  test_clean_state();
  test_limits();
  test_callback();
  test_save_after_undo();
  test_caches();
  test_handles();
  free(g_api_bytes);
  free(g_raw_pdf[0]);
  free(g_raw_pdf[1]);
  tc_remove_tree(g_tmp);
  free(g_tmp);
  return tc_finish();
}

/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * test_tools.c — the "Annotation tools" section of pdftools.h (the tool
 * manager), driven through the C API with scripted pointer, key and text
 * events, on a PDF this program writes itself:
 *
 *   page 0: MediaBox [0 0 612 792], no /Rotate, 12 pt Helvetica
 *           "Hello tools" at (72, 700) and "Second line of text" at (72, 680);
 *   page 1: MediaBox [0 0 612 792], CropBox [36 48 576 744], /Rotate 90,
 *           "Rotated page text" at (100, 600) and "More words here" at (100, 580);
 *   page 2: an unrotated Letter page without text.
 *
 * Display -> page: page 0 (dx, dy) -> (dx, 792 - dy); page 1 (dx, dy) ->
 * (36 + dy, 48 + dx) (checked against pdftools_page_convert_points).
 *
 *  1. Names, modes, tools, bad input (NULL manager or event, event version,
 *     non-finite numbers, page index, unknown enums), stale handles after the
 *     document is closed, freeing twice.
 *  2. Creation: every creation tool of pdftools_tool on both pages: subtype,
 *     page-space geometry within 0.5 pt, style (colour, width, opacity, line
 *     endings, intents, icons, fonts), the overlay during the gesture, the
 *     callback events and their order, nothing written before the gesture ends
 *     (is_modified, undo state, annotation count, no ANNOTATIONS_ADDED), one
 *     undo removing the whole gesture, the undo label, one-shot and sticky
 *     tools, the drag threshold, gestures starting off the page, clamping,
 *     Shift squares and 15 degree lines, ink sessions, the eraser, vertex
 *     tools (Backspace, Escape, double tap, closing on the first vertex),
 *     text requests and payloads (image, file, link target, signature).
 *  3. Editing: select by tap (Ctrl toggles, touch tolerance), handles in the
 *     overlay, move, resize by corner and edge handles (Shift keeps the
 *     aspect), line end points, polygon vertices, text markup ends, delete,
 *     nudge (coalesced), box select, Escape, Locked and Hidden annotations,
 *     links followed, text selection.
 *  4. Styles: defaults of the spec, set_style with and without a selection,
 *     the style snapshotted at pointer down, presets, export and import.
 *  5. Permissions: viewer (and form, page edit) mode; a document without the
 *     annotate permission (pdfium-encrypted-aes128.pdf of the corpus, user
 *     password "1234", P=-3392).
 *
 * Each case runs in a forked child process whose "ok"/"FAIL" lines are
 * counted by the parent, so a crash or hang (120 s) of the library in one case
 * is one failed check and the other cases still run
 * (PDFTOOLS_TEST_NO_FORK=1 runs everything in one process, for a debugger).
 *
 * Usage: test_tools CORPUS_DIR
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
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

static const char *g_corpus;

#define TOL 0.5 /* page-space geometry tolerance, points */
#define NPAGES 3
#define MAXIDS 16
#define MAXEV 512

static const char *const k_tool_names[] = {
    "pan",         "text_select", "highlight",   "underline",       "squiggly",        "strike_out",
    "ink",         "free_highlight", "eraser",   "rectangle",       "oval",            "line",
    "arrow",       "ruler",       "polyline",    "polygon",         "cloud",           "perimeter",
    "area",        "free_text",   "callout",     "sticky_note",     "stamp",           "image",
    "file_attachment", "link",    "signature",   "annotation_edit", "line_edit",       "poly_edit",
    "text_markup_edit", "form_text", "form_checkbox", "form_radio", "form_combo_box", "form_list_box",
    "form_push_button", "form_signature"};
#define NTOOLS 38

/* ------------------------------------------------------------------------ */
/* The generated document                                                    */

static const char *const k_page_content[NPAGES] = {
    "BT\n/F1 12 Tf\n72 700 Td\n(Hello tools) Tj\n0 -20 Td\n(Second line of text) Tj\nET\n",
    "BT\n/F1 12 Tf\n100 600 Td\n(Rotated page text) Tj\n0 -20 Td\n(More words here) Tj\nET\n",
    "0 0 1 RG\n"};

static unsigned char *make_pdf(size_t *out_size) {
  tc_buf b = {0, 0, 0};
  long offsets[4 + 2 * NPAGES];
  int nobj = 3 + 2 * NPAGES, i, p;
  long xref;
  tc_buf_printf(&b, "%%PDF-1.7\n%%\342\343\317\323\n");
  offsets[1] = (long)b.len;
  tc_buf_printf(&b, "1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n");
  offsets[2] = (long)b.len;
  tc_buf_printf(&b, "2 0 obj\n<< /Type /Pages /Count %d /Kids [4 0 R 6 0 R 8 0 R] >>\nendobj\n", NPAGES);
  offsets[3] = (long)b.len;
  tc_buf_printf(&b, "3 0 obj\n<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>\n"
                 "endobj\n");
  for (p = 0; p < NPAGES; p++) {
    offsets[4 + 2 * p] = (long)b.len;
    tc_buf_printf(&b,
               "%d 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792]%s"
               " /Resources << /Font << /F1 3 0 R >> >> /Contents %d 0 R >>\nendobj\n",
               4 + 2 * p, p == 1 ? " /CropBox [36 48 576 744] /Rotate 90" : "", 5 + 2 * p);
    offsets[5 + 2 * p] = (long)b.len;
    tc_buf_printf(&b, "%d 0 obj\n<< /Length %lu >>\nstream\n", 5 + 2 * p, (unsigned long)strlen(k_page_content[p]));
    tc_buf_append(&b, k_page_content[p], strlen(k_page_content[p]));
    tc_buf_printf(&b, "endstream\nendobj\n");
  }
  xref = (long)b.len;
  tc_buf_printf(&b, "xref\n0 %d\n0000000000 65535 f \n", nobj + 1);
  for (i = 1; i <= nobj; i++) tc_buf_printf(&b, "%010ld 00000 n \n", offsets[i]);
  tc_buf_printf(&b, "trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%ld\n%%%%EOF\n", nobj + 1, xref);
  *out_size = b.len;
  return (unsigned char *)b.data;
}

static unsigned char *g_pdf;
static size_t g_pdf_size;

/* Display sizes. */
static const double k_disp_w[NPAGES] = {612.0, 696.0, 612.0};
static const double k_disp_h[NPAGES] = {792.0, 540.0, 792.0};

static pdftools_point mkpt(double x, double y) {
  pdftools_point p;
  p.x = x;
  p.y = y;
  return p;
}

static pdftools_rect mkrect(double x0, double y0, double x1, double y1) {
  pdftools_rect r;
  r.x0 = x0 < x1 ? x0 : x1;
  r.x1 = x0 < x1 ? x1 : x0;
  r.y0 = y0 < y1 ? y0 : y1;
  r.y1 = y0 < y1 ? y1 : y0;
  return r;
}

/* The independent display -> page formula. */
static pdftools_point to_page(int page, double dx, double dy) {
  if (page != 1) return mkpt(dx, 792.0 - dy);
  return mkpt(36.0 + dy, 48.0 + dx);
}

/* Page -> display (inverse of to_page). */
static pdftools_point to_disp(int page, pdftools_point p) {
  if (page != 1) return mkpt(p.x, 792.0 - p.y);
  return mkpt(p.y - 48.0, p.x - 36.0);
}

/* The page-space box of the display box (ax, ay)-(bx, by). */
static pdftools_rect box_to_page(int page, double ax, double ay, double bx, double by) {
  pdftools_point a = to_page(page, ax, ay), b = to_page(page, bx, by);
  return mkrect(a.x, a.y, b.x, b.y);
}

static pdftools_rect rect_to_disp(int page, pdftools_rect r) {
  pdftools_point a = to_disp(page, mkpt(r.x0, r.y0)), b = to_disp(page, mkpt(r.x1, r.y1));
  return mkrect(a.x, a.y, b.x, b.y);
}

static int near_pt(pdftools_point a, pdftools_point b, double e) { return tc_near(a.x, b.x, e) && tc_near(a.y, b.y, e); }

static int near_rect(pdftools_rect a, pdftools_rect b, double e) {
  return tc_near(a.x0, b.x0, e) && tc_near(a.y0, b.y0, e) && tc_near(a.x1, b.x1, e) && tc_near(a.y1, b.y1, e);
}

static int near_color(pdftools_color a, double r, double g, double b) {
  return tc_near(a.r, r, 0.01) && tc_near(a.g, g, 0.01) && tc_near(a.b, b, 0.01);
}

static const char *st_name(pdftools_status st) { return pdftools_status_string(st); }

/* ------------------------------------------------------------------------ */
/* Events recorded by the callback                                           */

typedef struct rec_event {
  int32_t kind, tool, page, target_page;
  size_t n;
  pdftools_annotation_id ids[MAXIDS];
  int has_text;
  char text[256];
} rec_event;

typedef struct recorder {
  rec_event ev[MAXEV];
  int n;
  int overflow;
  int reentry_ok, reentry_bad;
  int wrong_size; /* events whose size is not sizeof(pdftools_tool_event) */
} recorder;

typedef struct ctx {
  pdftools_document *doc;
  pdftools_tool_manager *m;
  recorder rec;
} ctx;

static void on_event(pdftools_tool_manager *m, const pdftools_tool_event *e, void *ud) {
  ctx *c = (ctx *)ud;
  recorder *r = &c->rec;
  rec_event *x;
  pdftools_tool t;
  if (e->size != sizeof(pdftools_tool_event)) r->wrong_size++;
  /* The callback runs with no lock held: calling back into the library works. */
  if (c->m == m && pdftools_tool_get_tool(m, &t, NULL) == PDFTOOLS_OK)
    r->reentry_ok++;
  else
    r->reentry_bad++;
  if (r->n >= MAXEV) {
    r->overflow++;
    return;
  }
  x = &r->ev[r->n++];
  memset(x, 0, sizeof *x);
  x->kind = e->kind;
  x->tool = e->tool;
  x->page = e->page_index;
  x->target_page = e->target_page;
  x->n = e->id_count;
  if (e->ids) {
    int32_t i;
    for (i = 0; i < e->id_count && i < MAXIDS; i++) x->ids[i] = e->ids[i];
  }
  if (e->text) {
    x->has_text = 1;
    snprintf(x->text, sizeof x->text, "%s", e->text);
  }
}

static int find_event(const ctx *c, int from, int32_t kind) {
  int i;
  for (i = from < 0 ? 0 : from; i < c->rec.n; i++)
    if (c->rec.ev[i].kind == kind) return i;
  return -1;
}

static int count_events(const ctx *c, int from, int to, int32_t kind) {
  int i, n = 0;
  for (i = from; i < to && i < c->rec.n; i++)
    if (c->rec.ev[i].kind == kind) n++;
  return n;
}

static int same_id_set(const pdftools_annotation_id *a, size_t na, const pdftools_annotation_id *b, size_t nb) {
  size_t i, j;
  if (na != nb) return 0;
  for (i = 0; i < na; i++) {
    int found = 0;
    for (j = 0; j < nb; j++)
      if (a[i] == b[j]) found = 1;
    if (!found) return 0;
  }
  return 1;
}

static int ctx_open(ctx *c, const char *what) {
  pdftools_status st;
  memset(c, 0, sizeof *c);
  st = pdftools_document_open_from_memory(g_pdf, g_pdf_size, NULL, &c->doc);
  if (st != PDFTOOLS_OK) {
    CHECK(0, "%s: open the fixture: %s [%s]", what, st_name(st), pdftools_last_error_message());
    return 0;
  }
  st = pdftools_tool_manager_new(c->doc, &c->m);
  if (st != PDFTOOLS_OK || !c->m) {
    CHECK(0, "%s: pdftools_tool_manager_new: %s [%s]", what, st_name(st), pdftools_last_error_message());
    pdftools_document_close(c->doc);
    c->doc = NULL;
    c->m = NULL;
    return 0;
  }
  st = pdftools_tool_set_callback(c->m, on_event, c);
  if (st != PDFTOOLS_OK) CHECK(0, "%s: set_callback: %s", what, st_name(st));
  return 1;
}

static void ctx_close(ctx *c) {
  if (c->rec.reentry_bad) CHECK(0, "callbacks could call back into the library (%d failed)", c->rec.reentry_bad);
  if (c->rec.wrong_size) CHECK(0, "every event says its size (%d did not)", c->rec.wrong_size);
  if (c->m) pdftools_tool_manager_free(c->m);
  if (c->doc) pdftools_document_close(c->doc);
  c->m = NULL;
  c->doc = NULL;
}

/* ------------------------------------------------------------------------ */
/* Events sent                                                               */

static pdftools_pointer_event pev(int page, double x, double y, uint32_t mods) {
  pdftools_pointer_event e = PDFTOOLS_POINTER_EVENT_INIT;
  e.page_index = page;
  e.x = x;
  e.y = y;
  e.modifiers = mods;
  return e;
}

typedef pdftools_status (*pointer_fn)(pdftools_tool_manager *, const pdftools_pointer_event *, int32_t *);

static int32_t send_ex(ctx *c, pointer_fn fn, const char *name, int page, double x, double y, uint32_t mods,
                       int32_t kind) {
  pdftools_pointer_event e = pev(page, x, y, mods);
  int32_t handled = -1;
  pdftools_status st;
  e.pointer_kind = kind;
  st = fn(c->m, &e, &handled);
  if (st != PDFTOOLS_OK)
    CHECK(0, "%s(page %d, %.1f, %.1f): %s [%s]", name, page, x, y, st_name(st), pdftools_last_error_message());
  return handled;
}

#define DOWN(c, p, x, y, m) send_ex((c), pdftools_tool_pointer_down, "pointer_down", (p), (x), (y), (m), 0)
#define MOVE(c, p, x, y, m) send_ex((c), pdftools_tool_pointer_move, "pointer_move", (p), (x), (y), (m), 0)
#define UP(c, p, x, y, m) send_ex((c), pdftools_tool_pointer_up, "pointer_up", (p), (x), (y), (m), 0)
#define TAP(c, p, x, y, m) send_ex((c), pdftools_tool_tap, "tap", (p), (x), (y), (m), 0)
#define DTAP(c, p, x, y, m) send_ex((c), pdftools_tool_double_tap, "double_tap", (p), (x), (y), (m), 0)

static int32_t key(ctx *c, int32_t k, uint32_t mods, pdftools_status want) {
  int32_t handled = -1;
  pdftools_status st = pdftools_tool_key(c->m, k, mods, &handled);
  if (st != want) CHECK(0, "key %d: expected %s, got %s [%s]", (int)k, st_name(want), st_name(st),
                        pdftools_last_error_message());
  return handled;
}

static void set_tool(ctx *c, pdftools_tool t, int sticky) {
  pdftools_status st = pdftools_tool_set_tool(c->m, t, sticky);
  if (st != PDFTOOLS_OK)
    CHECK(0, "set_tool(%s, %d): %s [%s]", pdftools_tool_name(t), sticky, st_name(st), pdftools_last_error_message());
}

static pdftools_tool cur_tool(ctx *c, int32_t *sticky) {
  pdftools_tool t = (pdftools_tool)-1;
  int32_t s = -1;
  pdftools_tool_get_tool(c->m, &t, &s);
  if (sticky) *sticky = s;
  return t;
}

static int32_t selection(ctx *c, pdftools_annotation_id *ids, int32_t cap) {
  int32_t n = 0;
  pdftools_status st = pdftools_tool_get_selection(c->m, NULL, 0, &n);
  if (st != PDFTOOLS_OK) {
    CHECK(0, "tool_selection (count): %s", st_name(st));
    return 0;
  }
  if (n == 0) return 0;
  if (n > cap) return n;
  st = pdftools_tool_get_selection(c->m, ids, cap, &n);
  if (st != PDFTOOLS_OK) CHECK(0, "tool_selection: %s", st_name(st));
  return n;
}

/* ------------------------------------------------------------------------ */
/* Document state                                                            */

static size_t page_ids(pdftools_document *doc, int page, pdftools_annotation_id *buf, size_t cap) {
  int32_t n = 0;
  pdftools_status st = pdftools_page_get_annotations(doc, page, buf, cap, &n);
  if (st != PDFTOOLS_OK) return 0;
  return n;
}

static size_t count_annots(pdftools_document *doc, int page) {
  int32_t n = 0;
  pdftools_page_get_annotations(doc, page, NULL, 0, &n);
  return n;
}

typedef struct doc_state {
  int32_t modified, can_undo, can_redo;
  size_t count[NPAGES];
  char label[128];
} doc_state;

static void get_state(pdftools_document *doc, doc_state *s) {
  size_t need = 0;
  int p;
  memset(s, 0, sizeof *s);
  s->modified = s->can_undo = s->can_redo = -1;
  pdftools_document_is_modified(doc, &s->modified);
  pdftools_undo_get_state(doc, &s->can_undo, &s->can_redo);
  for (p = 0; p < NPAGES; p++) s->count[p] = count_annots(doc, p);
  if (pdftools_undo_get_label(doc, 0, s->label, sizeof s->label, &need) != PDFTOOLS_OK) s->label[0] = '\0';
}

static int same_state(const doc_state *a, const doc_state *b) {
  int p;
  if (a->modified != b->modified || a->can_undo != b->can_undo || a->can_redo != b->can_redo) return 0;
  for (p = 0; p < NPAGES; p++)
    if (a->count[p] != b->count[p]) return 0;
  return strcmp(a->label, b->label) == 0;
}

static void check_unchanged(ctx *c, const doc_state *before, const char *what) {
  doc_state now;
  get_state(c->doc, &now);
  CHECK(same_state(before, &now),
        "%s: nothing written (modified %d->%d, can_undo %d->%d, annots %d/%d -> %d/%d, label '%s' -> '%s')", what,
        (int)before->modified, (int)now.modified, (int)before->can_undo, (int)now.can_undo, (int)before->count[0],
        (int)before->count[1], (int)now.count[0], (int)now.count[1], before->label, now.label);
}

static char *undo_label(pdftools_document *doc) {
  static char lbl[256];
  size_t need = 0;
  if (pdftools_undo_get_label(doc, 0, lbl, sizeof lbl, &need) != PDFTOOLS_OK) return NULL;
  return lbl;
}

static void check_label(ctx *c, const char *want, const char *what) {
  const char *l = undo_label(c->doc);
  CHECK(l && strcmp(l, want) == 0, "%s: undo label '%s' (got '%s')", what, want, l ? l : "(none)");
}

/* One undo returns the document to the state before; checks it. */
static void check_one_undo(ctx *c, const doc_state *before, const char *what) {
  int32_t done = -1;
  doc_state now;
  pdftools_status st = pdftools_undo_undo(c->doc, &done);
  CHECK(st == PDFTOOLS_OK && done == 1, "%s: undo (%s, done %d)", what, st_name(st), (int)done);
  get_state(c->doc, &now);
  CHECK(now.count[0] == before->count[0] && now.count[1] == before->count[1] && now.can_undo == before->can_undo &&
            now.modified == before->modified && strcmp(now.label, before->label) == 0,
        "%s: one undo restores the state (annots %d/%d -> %d/%d, can_undo %d -> %d, modified %d -> %d)", what,
        (int)before->count[0], (int)before->count[1], (int)now.count[0], (int)now.count[1], (int)before->can_undo,
        (int)now.can_undo, (int)before->modified, (int)now.modified);
}

/* Ids on page that are not in old[0..nold). */
static size_t new_ids(pdftools_document *doc, int page, const pdftools_annotation_id *old, size_t nold,
                      pdftools_annotation_id *out, size_t cap) {
  pdftools_annotation_id all[256];
  size_t n = page_ids(doc, page, all, 256), i, j, k = 0;
  for (i = 0; i < n; i++) {
    int seen = 0;
    for (j = 0; j < nold; j++)
      if (old[j] == all[i]) seen = 1;
    if (!seen && k < cap) out[k++] = all[i];
  }
  return k;
}

typedef pdftools_status (*string_getter)(pdftools_document *, pdftools_annotation_id, const char *, char *, size_t,
                                         size_t *);

static char *get_string(string_getter fn, pdftools_document *doc, pdftools_annotation_id id, const char *k) {
  size_t need = 0;
  char *s;
  if (fn(doc, id, k, NULL, 0, &need) != PDFTOOLS_OK || need == 0) return NULL;
  s = (char *)malloc(need);
  if (!s) return NULL;
  if (fn(doc, id, k, s, need, &need) != PDFTOOLS_OK) {
    free(s);
    return NULL;
  }
  return s;
}

static char *get_text(pdftools_document *doc, pdftools_annotation_id id, const char *k) {
  return get_string(pdftools_annotation_get_text, doc, id, k);
}

static char *get_raw(pdftools_document *doc, pdftools_annotation_id id, const char *k) {
  return get_string(pdftools_annotation_get_raw, doc, id, k);
}

static int raw_has(pdftools_document *doc, pdftools_annotation_id id, const char *k, const char *needle) {
  char *s = get_raw(doc, id, k);
  int r = s && strstr(s, needle) != NULL;
  free(s);
  return r;
}

static char g_subtype[64];
static const char *subtype(pdftools_document *doc, pdftools_annotation_id id) {
  size_t need = 0;
  g_subtype[0] = '\0';
  if (pdftools_annotation_get_subtype(doc, id, g_subtype, sizeof g_subtype, &need) != PDFTOOLS_OK) return "(error)";
  return g_subtype;
}

static pdftools_rect annot_rect(pdftools_document *doc, pdftools_annotation_id id) {
  pdftools_rect r = {0, 0, 0, 0};
  pdftools_annotation_get_rect(doc, id, &r);
  return r;
}

static void check_subtype(ctx *c, pdftools_annotation_id id, const char *want, const char *what) {
  const char *s = subtype(c->doc, id);
  CHECK(strcmp(s, want) == 0, "%s: subtype %s (got %s)", what, want, s);
}

static void check_rect(ctx *c, pdftools_annotation_id id, pdftools_rect want, const char *what) {
  pdftools_rect r = annot_rect(c->doc, id);
  CHECK(near_rect(r, want, TOL), "%s: /Rect [%.2f %.2f %.2f %.2f] (got [%.2f %.2f %.2f %.2f])", what, want.x0,
        want.y0, want.x1, want.y1, r.x0, r.y0, r.x1, r.y1);
}

/* has < 0: do not care about presence. */
static void check_color(ctx *c, pdftools_annotation_id id, pdftools_color_role role, int has, double r, double g,
                        double b, const char *what) {
  pdftools_color col = {-1, -1, -1};
  int32_t present = -1;
  pdftools_status st = pdftools_annotation_get_color(c->doc, id, role, &col, &present);
  if (!has) {
    CHECK(st == PDFTOOLS_OK && present == 0, "%s: no %s colour (%s, present %d)", what,
          role == PDFTOOLS_COLOR_STROKE ? "stroke" : "interior", st_name(st), (int)present);
    return;
  }
  CHECK(st == PDFTOOLS_OK && present == 1 && near_color(col, r, g, b),
        "%s: %s colour (%.2f %.2f %.2f) (got %s present %d (%.2f %.2f %.2f))", what,
        role == PDFTOOLS_COLOR_STROKE ? "stroke" : "interior", r, g, b, st_name(st), (int)present, col.r, col.g,
        col.b);
}

static void check_border(ctx *c, pdftools_annotation_id id, double width, const char *what) {
  double w = -1;
  pdftools_border_style bs = (pdftools_border_style)-1;
  pdftools_status st = pdftools_annotation_get_border(c->doc, id, &w, &bs);
  CHECK(st == PDFTOOLS_OK && tc_near(w, width, 1e-3) && bs == PDFTOOLS_BORDER_SOLID,
        "%s: border width %g solid (got %s, %g, style %d)", what, width, st_name(st), w, (int)bs);
}

static void check_opacity(ctx *c, pdftools_annotation_id id, double want, const char *what) {
  double o = -1;
  pdftools_status st = pdftools_annotation_get_opacity(c->doc, id, &o);
  CHECK(st == PDFTOOLS_OK && tc_near(o, want, 1e-3), "%s: opacity %g (got %s, %g)", what, want, st_name(st), o);
}

static void check_contents(ctx *c, pdftools_annotation_id id, const char *want, const char *what) {
  char *s = get_text(c->doc, id, "Contents");
  CHECK(s && strcmp(s, want) == 0, "%s: /Contents \"%s\" (got \"%s\")", what, want, s ? s : "(none)");
  free(s);
}

/* ------------------------------------------------------------------------ */
/* Overlays                                                                  */

typedef struct ovl {
  pdftools_status st;
  int32_t ni, np;
  pdftools_overlay_item items[128];
  pdftools_point pts[2048];
} ovl;

static void get_overlay(ctx *c, int page, ovl *o) {
  int32_t np = 0;
  int32_t ni = 0;
  pdftools_rect dirty;
  memset(o, 0, sizeof *o);
  o->st = pdftools_tool_get_overlay(c->m, page, sizeof(pdftools_overlay_item), NULL, 0, NULL, 0, &ni, &np, &dirty);
  if (o->st != PDFTOOLS_OK) {
    CHECK(0, "overlay size query page %d: %s [%s]", page, st_name(o->st), pdftools_last_error_message());
    return;
  }
  if (ni > 128 || np > 2048) {
    CHECK(0, "overlay page %d: %d items, %d points (too many for the test)", page, (int)ni, (int)np);
    o->st = PDFTOOLS_E_BUFFER_TOO_SMALL;
    return;
  }
  o->st = pdftools_tool_get_overlay(c->m, page, sizeof(pdftools_overlay_item), o->items, 128, o->pts, 2048, &ni, &np, &dirty);
  if (o->st != PDFTOOLS_OK) {
    CHECK(0, "overlay page %d: %s [%s]", page, st_name(o->st), pdftools_last_error_message());
    return;
  }
  o->ni = ni;
  o->np = np;
}

static int ovl_count(const ovl *o, int32_t kind) {
  int32_t i;
  int n = 0;
  for (i = 0; i < o->ni; i++)
    if ((int32_t)o->items[i].kind == kind) n++;
  return n;
}

static const pdftools_overlay_item *ovl_find(const ovl *o, int32_t kind, int nth) {
  int32_t i;
  for (i = 0; i < o->ni; i++)
    if ((int32_t)o->items[i].kind == kind && nth-- == 0) return &o->items[i];
  return NULL;
}

static const pdftools_overlay_item *ovl_handle(const ovl *o, int32_t hkind, int32_t hid) {
  int32_t i;
  for (i = 0; i < o->ni; i++)
    if (o->items[i].kind == PDFTOOLS_OVERLAY_HANDLE && o->items[i].handle_kind == hkind &&
        o->items[i].handle_id == hid)
      return &o->items[i];
  return NULL;
}

static int item_ok(const ovl *o, const pdftools_overlay_item *it) {
  return it && it->first_point >= 0 && it->point_count >= 0 && it->first_point <= o->np - it->point_count;
}

static pdftools_point item_pt(const ovl *o, const pdftools_overlay_item *it, int32_t k) {
  return o->pts[it->first_point + k];
}

/* The bounding box of an item's points. */
static pdftools_rect item_box(const ovl *o, const pdftools_overlay_item *it) {
  pdftools_rect r = {0, 0, 0, 0};
  int32_t k;
  if (!item_ok(o, it) || it->point_count == 0) return r;
  r.x0 = r.x1 = item_pt(o, it, 0).x;
  r.y0 = r.y1 = item_pt(o, it, 0).y;
  for (k = 1; k < it->point_count; k++) {
    pdftools_point p = item_pt(o, it, k);
    if (p.x < r.x0) r.x0 = p.x;
    if (p.x > r.x1) r.x1 = p.x;
    if (p.y < r.y0) r.y0 = p.y;
    if (p.y > r.y1) r.y1 = p.y;
  }
  return r;
}

/* ------------------------------------------------------------------------ */
/* Text of the fixture                                                       */

/* The display-space centre of character index ch of page. */
static pdftools_point char_center(pdftools_document *doc, int page, int ch) {
  pdftools_char_info info[128];
  int32_t n = 0;
  pdftools_point p = {0, 0};
  if (pdftools_page_get_chars(doc, page, sizeof(pdftools_char_info), info, 128, &n) != PDFTOOLS_OK || ch >= n) {
    CHECK(0, "page %d: character %d exists (%d chars)", page, ch, (int)n);
    return p;
  }
  p.x = (info[ch].box.x0 + info[ch].box.x1) / 2;
  p.y = (info[ch].box.y0 + info[ch].box.y1) / 2;
  return to_disp(page, p);
}

/* Expected markup from a drag a -> b (display): quads in page space and text, as pdftools_document_select gives. */
typedef struct markup_expect {
  int32_t nq;
  pdftools_quad q[8];
  char text[256];
} markup_expect;

static int expect_markup(pdftools_document *doc, int pa, pdftools_point a, int pb, pdftools_point b, int page,
                         markup_expect *x) {
  pdftools_selection s;
  size_t need = 0;
  memset(x, 0, sizeof *x);
  if (pdftools_document_select(doc, pa, a, pb, b, PDFTOOLS_SPACE_DISPLAY, PDFTOOLS_GRANULARITY_CHAR, &s) != PDFTOOLS_OK)
    return 0;
  if (page < s.start_page || page > s.end_page) return 1;
  {
    pdftools_selection one = s;
    if (one.start_page < page) {
      one.start_page = page;
      one.start_char = 0;
    }
    if (one.end_page > page) {
      int32_t nc = 0;
      pdftools_page_get_chars(doc, page, sizeof(pdftools_char_info), NULL, 0, &nc);
      one.end_page = page;
      one.end_char = (int32_t)nc;
    }
    if (pdftools_selection_get_quads(doc, &s, page, PDFTOOLS_SPACE_PAGE, x->q, 8, &x->nq) != PDFTOOLS_OK) return 0;
    if (pdftools_selection_get_text(doc, &one, x->text, sizeof x->text, &need) != PDFTOOLS_OK) return 0;
  }
  return 1;
}

static int quad_near(pdftools_quad a, pdftools_quad b, double e) {
  return near_pt(a.p1, b.p1, e) && near_pt(a.p2, b.p2, e) && near_pt(a.p3, b.p3, e) && near_pt(a.p4, b.p4, e);
}

static void check_quads(ctx *c, pdftools_annotation_id id, const markup_expect *x, const char *what) {
  pdftools_quad q[16];
  int32_t i;
  int32_t n = 0;
  int ok;
  pdftools_status st = pdftools_annotation_get_quads(c->doc, id, q, 16, &n);
  ok = st == PDFTOOLS_OK && n == x->nq;
  for (i = 0; ok && i < n; i++) ok = quad_near(q[i], x->q[i], TOL);
  CHECK(ok, "%s: %d quads as pdftools_selection_get_quads gives (got %s, %d; first [%.1f %.1f %.1f %.1f] want [%.1f %.1f %.1f %.1f])",
        what, (int)x->nq, st_name(st), (int)n, n ? q[0].p1.x : 0, n ? q[0].p1.y : 0, n ? q[0].p4.x : 0,
        n ? q[0].p4.y : 0, x->nq ? x->q[0].p1.x : 0, x->nq ? x->q[0].p1.y : 0, x->nq ? x->q[0].p4.x : 0,
        x->nq ? x->q[0].p4.y : 0);
}

/* ------------------------------------------------------------------------ */
/* Creation bookkeeping                                                      */

/* Checks the events of a creation from recorder index mark on: ANNOTATIONS_ADDED(ids, page) then UNDO_STATE, then
 * (one-shot) TOOL_CHANGED(pan) and SELECTION_CHANGED(ids).  no_add_before: index of the final event sent; no
 * ADDED/UNDO_STATE may come before it. */
static void check_creation_events(ctx *c, int mark, int before_end, int page, const pdftools_annotation_id *ids,
                                  size_t n, int one_shot, const char *what) {
  int ia = find_event(c, mark, PDFTOOLS_TOOL_EVENT_ANNOTATIONS_ADDED);
  int iu = ia >= 0 ? find_event(c, ia + 1, PDFTOOLS_TOOL_EVENT_UNDO_STATE) : -1;
  int it = iu >= 0 ? find_event(c, iu + 1, PDFTOOLS_TOOL_EVENT_TOOL_CHANGED) : -1;
  int is = it >= 0 ? find_event(c, it + 1, PDFTOOLS_TOOL_EVENT_SELECTION_CHANGED) : -1;
  if (before_end >= 0)
    CHECK(count_events(c, mark, before_end, PDFTOOLS_TOOL_EVENT_ANNOTATIONS_ADDED) == 0 &&
              count_events(c, mark, before_end, PDFTOOLS_TOOL_EVENT_UNDO_STATE) == 0,
          "%s: no ANNOTATIONS_ADDED / UNDO_STATE before the gesture ended", what);
  CHECK(ia >= 0 && same_id_set(c->rec.ev[ia].ids, c->rec.ev[ia].n, ids, n) && c->rec.ev[ia].page == page,
        "%s: ANNOTATIONS_ADDED with the %d new id(s) on page %d (event %d, %d ids, page %d)", what, (int)n, page, ia,
        ia >= 0 ? (int)c->rec.ev[ia].n : -1, ia >= 0 ? (int)c->rec.ev[ia].page : -9);
  CHECK(iu > ia, "%s: then UNDO_STATE", what);
  if (one_shot) {
    CHECK(it > iu && c->rec.ev[it].tool == PDFTOOLS_TOOL_PAN, "%s: then TOOL_CHANGED(pan) (event %d, tool %d)", what,
          it, it >= 0 ? (int)c->rec.ev[it].tool : -1);
    CHECK(is > it && same_id_set(c->rec.ev[is].ids, c->rec.ev[is].n, ids, n),
          "%s: then SELECTION_CHANGED with the new id(s) (event %d)", what, is);
  }
}

/* After a one-shot creation: tool PAN, not sticky, selection = ids. */
static void check_one_shot_state(ctx *c, const pdftools_annotation_id *ids, size_t n, const char *what) {
  int32_t sticky = -1;
  pdftools_tool t = cur_tool(c, &sticky);
  pdftools_annotation_id sel[MAXIDS];
  size_t ns = selection(c, sel, MAXIDS);
  CHECK(t == PDFTOOLS_TOOL_PAN && sticky == 0, "%s: one-shot: the tool is pan again (tool %d, sticky %d)", what,
        (int)t, (int)sticky);
  CHECK(ns <= MAXIDS && same_id_set(sel, ns, ids, n), "%s: the new annotation(s) selected (%d selected)", what,
        (int)ns);
}

/* A drag from a to b in steps moves; checks nothing is written during the moves; captures the overlay on page at
 * the last move; returns the event index before the up. */
static int drag_ex(ctx *c, int page, double ax, double ay, double bx, double by, uint32_t mods, int steps,
                   ovl *o, const char *what, int32_t *handled_down, int32_t *handled_up) {
  doc_state before;
  int i, mark;
  int32_t h;
  get_state(c->doc, &before);
  h = DOWN(c, page, ax, ay, mods);
  if (handled_down) *handled_down = h;
  for (i = 1; i <= steps; i++) {
    double t = (double)i / steps;
    MOVE(c, page, ax + (bx - ax) * t, ay + (by - ay) * t, mods);
  }
  check_unchanged(c, &before, what);
  if (o) get_overlay(c, page, o);
  mark = c->rec.n;
  h = UP(c, page, bx, by, mods);
  if (handled_up) *handled_up = h;
  return mark;
}

static int drag(ctx *c, int page, double ax, double ay, double bx, double by, uint32_t mods, ovl *o,
                const char *what) {
  return drag_ex(c, page, ax, ay, bx, by, mods, 4, o, what, NULL, NULL);
}

/* The single new annotation of page after a creation (0 and a failed check if not exactly one). */
static pdftools_annotation_id the_new_one(ctx *c, int page, const pdftools_annotation_id *old, size_t nold,
                                          const char *what) {
  pdftools_annotation_id ids[8];
  size_t n = new_ids(c->doc, page, old, nold, ids, 8);
  if (!CHECK(n == 1, "%s: exactly one annotation created on page %d (got %d)", what, page, (int)n)) return 0;
  return ids[0];
}

static pdftools_tool_style get_style(ctx *c, pdftools_tool t) {
  pdftools_tool_style s;
  pdftools_status st;
  memset(&s, 0, sizeof s);
  s.version = PDFTOOLS_TOOL_STYLE_VERSION;
  st = pdftools_tool_get_style(c->m, t, &s);
  if (st != PDFTOOLS_OK) CHECK(0, "get_style(%s): %s", pdftools_tool_name(t), st_name(st));
  return s;
}

static int starts_with(const char *s, const char *prefix) { return s && strncmp(s, prefix, strlen(prefix)) == 0; }

static void check_label_prefix(ctx *c, const char *want, const char *what) {
  const char *l = undo_label(c->doc);
  CHECK(l && starts_with(l, want), "%s: undo label starts with '%s' (got '%s')", what, want, l ? l : "(none)");
}

static const int k_line0_len[NPAGES] = {11, 17}; /* "Hello tools", "Rotated page text" */

/* ------------------------------------------------------------------------ */
/* 1. Names, modes, bad input                                                */

static void test_names(void) {
  int i;
  pdftools_tool t;
  for (i = 0; i < NTOOLS; i++) {
    const char *n = pdftools_tool_name((pdftools_tool)i);
    pdftools_status st;
    t = (pdftools_tool)-1;
    CHECK(n && strcmp(n, k_tool_names[i]) == 0, "tool_name(%d) is \"%s\" (got \"%s\")", i, k_tool_names[i],
          n ? n : "(null)");
    st = pdftools_tool_from_name(k_tool_names[i], &t);
    CHECK(st == PDFTOOLS_OK && (int)t == i, "tool_from_name(\"%s\") = %d (got %s, %d)", k_tool_names[i], i,
          st_name(st), (int)t);
  }
  CHECK(pdftools_tool_name((pdftools_tool)NTOOLS) == NULL, "tool_name(%d) is NULL", NTOOLS);
  CHECK(pdftools_tool_name((pdftools_tool)-1) == NULL, "tool_name(-1) is NULL");
  t = PDFTOOLS_TOOL_INK;
  EXPECT_STATUS(pdftools_tool_from_name("no_such_tool", &t), PDFTOOLS_E_NOT_FOUND, "tool_from_name(unknown)");
  CHECK(t == PDFTOOLS_TOOL_INK, "tool_from_name(unknown) leaves the out value");
  EXPECT_STATUS(pdftools_tool_from_name("Highlight", &t), PDFTOOLS_E_NOT_FOUND,
                "tool_from_name is exact (\"Highlight\")");
  EXPECT_STATUS(pdftools_tool_from_name(NULL, &t), PDFTOOLS_E_INVALID_ARGUMENT, "tool_from_name(NULL)");
  EXPECT_STATUS(pdftools_tool_from_name("ink", NULL), PDFTOOLS_E_INVALID_ARGUMENT, "tool_from_name(out NULL)");
}

static void test_manager_basics(void) {
  ctx c;
  pdftools_tool_mode mode = (pdftools_tool_mode)-1;
  int32_t sticky = -1;
  pdftools_tool t;
  pdftools_tool_manager *m2 = NULL;
  int i;
  if (!ctx_open(&c, "basics")) return;
  EXPECT_OK(pdftools_tool_get_mode(c.m, &mode), "get_mode");
  CHECK(mode == PDFTOOLS_MODE_ANNOTATE, "a new manager is in annotate mode (got %d)", (int)mode);
  t = cur_tool(&c, &sticky);
  CHECK(t == PDFTOOLS_TOOL_PAN && sticky == 0, "a new manager has the pan tool, not sticky (got %d, %d)", (int)t,
        (int)sticky);
  EXPECT_OK(pdftools_tool_get_tool(c.m, NULL, NULL), "get_tool with both outs NULL");
  EXPECT_STATUS(pdftools_tool_get_mode(c.m, NULL), PDFTOOLS_E_INVALID_ARGUMENT, "get_mode(out NULL)");
  for (i = PDFTOOLS_TOOL_FORM_TEXT; i < NTOOLS; i++)
    EXPECT_STATUS(pdftools_tool_set_tool(c.m, (pdftools_tool)i, 0), PDFTOOLS_E_NOT_PERMITTED,
                  "a form tool outside form mode");
  for (i = 0; i < PDFTOOLS_TOOL_FORM_TEXT; i++) {
    pdftools_status st = pdftools_tool_set_tool(c.m, (pdftools_tool)i, i % 2);
    t = cur_tool(&c, &sticky);
    int sticky_ok = (i < PDFTOOLS_TOOL_HIGHLIGHT || i > PDFTOOLS_TOOL_SIGNATURE) || sticky == i % 2;
    CHECK(st == PDFTOOLS_OK && (int)t == i && sticky_ok, "set_tool(%s, %d) in annotate mode (%s; tool %d sticky %d)",
          k_tool_names[i], i % 2, st_name(st), (int)t, (int)sticky);
  }
  set_tool(&c, PDFTOOLS_TOOL_PAN, 0);
  EXPECT_STATUS(pdftools_tool_set_tool(c.m, (pdftools_tool)NTOOLS, 0), PDFTOOLS_E_INVALID_ARGUMENT,
                "set_tool(unknown)");
  EXPECT_STATUS(pdftools_tool_set_tool(c.m, (pdftools_tool)-1, 0), PDFTOOLS_E_INVALID_ARGUMENT, "set_tool(-1)");
  EXPECT_STATUS(pdftools_tool_set_mode(c.m, (pdftools_tool_mode)4), PDFTOOLS_E_INVALID_ARGUMENT, "set_mode(4)");
  EXPECT_STATUS(pdftools_tool_set_mode(c.m, (pdftools_tool_mode)-1), PDFTOOLS_E_INVALID_ARGUMENT, "set_mode(-1)");
  pdftools_tool_get_mode(c.m, &mode);
  CHECK(mode == PDFTOOLS_MODE_ANNOTATE, "a refused set_mode keeps the mode");
  /* A mode change fires MODE_CHANGED; leaving annotate mode returns to pan. */
  set_tool(&c, PDFTOOLS_TOOL_RECTANGLE, 1);
  {
    int mark = c.rec.n;
    EXPECT_OK(pdftools_tool_set_mode(c.m, PDFTOOLS_MODE_VIEWER), "set_mode(viewer)");
    CHECK(find_event(&c, mark, PDFTOOLS_TOOL_EVENT_MODE_CHANGED) >= 0, "set_mode fires MODE_CHANGED");
    CHECK(cur_tool(&c, NULL) == PDFTOOLS_TOOL_PAN, "leaving annotate mode returns to pan");
    EXPECT_OK(pdftools_tool_set_mode(c.m, PDFTOOLS_MODE_ANNOTATE), "set_mode(annotate) again");
  }
  CHECK(c.rec.reentry_ok > 0 && c.rec.reentry_bad == 0,
        "callbacks run with no lock held: pdftools_tool_get_tool works inside them (%d calls)", c.rec.reentry_ok);
  {
    int before = c.rec.n;
    EXPECT_OK(pdftools_tool_set_callback(c.m, NULL, NULL), "set_callback(NULL) removes the callback");
    set_tool(&c, PDFTOOLS_TOOL_INK, 0);
    pdftools_tool_set_mode(c.m, PDFTOOLS_MODE_VIEWER);
    pdftools_tool_set_mode(c.m, PDFTOOLS_MODE_ANNOTATE);
    CHECK(c.rec.n == before, "no events after the callback was removed (%d)", c.rec.n - before);
    EXPECT_OK(pdftools_tool_set_callback(c.m, on_event, &c), "set_callback again");
  }
  {
    pdftools_annotation_id ids[2], one[1];
    int32_t n = 0;
    if (pdftools_annotation_create(c.doc, 0, "Square", mkrect(100, 100, 200, 200), &ids[0]) == PDFTOOLS_OK &&
        pdftools_annotation_create(c.doc, 0, "Circle", mkrect(300, 100, 400, 200), &ids[1]) == PDFTOOLS_OK) {
      int mark = c.rec.n;
      EXPECT_OK(pdftools_tool_select(c.m, ids, 2), "tool_select(two ids)");
      CHECK(find_event(&c, mark, PDFTOOLS_TOOL_EVENT_SELECTION_CHANGED) >= 0, "tool_select fires SELECTION_CHANGED");
      CHECK(cur_tool(&c, NULL) == PDFTOOLS_TOOL_ANNOTATION_EDIT, "tool_select switches to annotation_edit");
      EXPECT_STATUS(pdftools_tool_get_selection(c.m, one, 1, &n), PDFTOOLS_E_BUFFER_TOO_SMALL, "selection with capacity 1 of 2");
      CHECK(n == 2, "BUFFER_TOO_SMALL reports 2 (%d)", (int)n);
      n = 0;
      {
        pdftools_annotation_id got[2] = {0, 0};
        EXPECT_OK(pdftools_tool_get_selection(c.m, got, 2, &n), "selection with capacity 2");
        CHECK(n == 2 && got[0] == ids[0] && got[1] == ids[1], "two selected, in selection order");
      }
      EXPECT_OK(pdftools_tool_select(c.m, NULL, 0), "tool_select(NULL, 0) clears");
      CHECK(selection(&c, NULL, 0) == 0, "the selection is empty");
    } else {
      CHECK(0, "basics: set-up annotations");
    }
  }
  /* Two managers on one document. */
  EXPECT_OK(pdftools_tool_manager_new(c.doc, &m2), "a second manager on the same document");
  pdftools_tool_manager_free(m2);
  EXPECT_STATUS(pdftools_tool_manager_new(c.doc, NULL), PDFTOOLS_E_INVALID_ARGUMENT, "manager_new(out NULL)");
  m2 = NULL;
  EXPECT_STATUS(pdftools_tool_manager_new(NULL, &m2), PDFTOOLS_E_INVALID_HANDLE, "manager_new(NULL document)");
  CHECK(m2 == NULL, "manager_new(NULL document) leaves *out NULL");
  pdftools_tool_manager_free(NULL);
  CHECK(1, "manager_free(NULL) is harmless");
  ctx_close(&c);
}

static void test_bad_input(void) {
  ctx c;
  pdftools_pointer_event e;
  int32_t handled = 7;
  doc_state s0;
  int32_t np = 0;
  int32_t ni = 0;
  pdftools_overlay_item items[2];
  pdftools_point pts[2];
  pdftools_tool_style style;
  if (!ctx_open(&c, "bad input")) return;
  get_state(c.doc, &s0);
  set_tool(&c, PDFTOOLS_TOOL_RECTANGLE, 0);

  /* NULL manager everywhere. */
  e = pev(0, 100, 100, 0);
  EXPECT_STATUS(pdftools_tool_pointer_down(NULL, &e, &handled), PDFTOOLS_E_INVALID_HANDLE, "pointer_down(NULL manager)");
  EXPECT_STATUS(pdftools_tool_pointer_move(NULL, &e, &handled), PDFTOOLS_E_INVALID_HANDLE, "pointer_move(NULL manager)");
  EXPECT_STATUS(pdftools_tool_pointer_up(NULL, &e, &handled), PDFTOOLS_E_INVALID_HANDLE, "pointer_up(NULL manager)");
  EXPECT_STATUS(pdftools_tool_tap(NULL, &e, &handled), PDFTOOLS_E_INVALID_HANDLE, "tap(NULL manager)");
  EXPECT_STATUS(pdftools_tool_double_tap(NULL, &e, &handled), PDFTOOLS_E_INVALID_HANDLE, "double_tap(NULL manager)");
  EXPECT_STATUS(pdftools_tool_long_press(NULL, &e, &handled), PDFTOOLS_E_INVALID_HANDLE, "long_press(NULL manager)");
  EXPECT_STATUS(pdftools_tool_pointer_cancel(NULL, 0), PDFTOOLS_E_INVALID_HANDLE, "pointer_cancel(NULL manager)");
  EXPECT_STATUS(pdftools_tool_key(NULL, PDFTOOLS_KEY_ESCAPE, 0, &handled), PDFTOOLS_E_INVALID_HANDLE, "key(NULL manager)");
  EXPECT_STATUS(pdftools_tool_set_tool(NULL, PDFTOOLS_TOOL_INK, 0), PDFTOOLS_E_INVALID_HANDLE, "set_tool(NULL manager)");
  EXPECT_STATUS(pdftools_tool_get_tool(NULL, NULL, NULL), PDFTOOLS_E_INVALID_HANDLE, "get_tool(NULL manager)");
  EXPECT_STATUS(pdftools_tool_set_mode(NULL, PDFTOOLS_MODE_VIEWER), PDFTOOLS_E_INVALID_HANDLE, "set_mode(NULL manager)");
  EXPECT_STATUS(pdftools_tool_commit_text(NULL, "x"), PDFTOOLS_E_INVALID_HANDLE, "commit_text(NULL manager)");
  EXPECT_STATUS(pdftools_tool_cancel_request(NULL), PDFTOOLS_E_INVALID_HANDLE, "cancel_request(NULL manager)");
  EXPECT_STATUS(pdftools_tool_get_selection(NULL, NULL, 0, &ni), PDFTOOLS_E_INVALID_HANDLE, "selection(NULL manager)");
  EXPECT_STATUS(pdftools_tool_get_overlay(NULL, 0, sizeof(pdftools_overlay_item), NULL, 0, NULL, 0, &ni, &np, NULL), PDFTOOLS_E_INVALID_HANDLE,
                "overlay(NULL manager)");
  EXPECT_STATUS(pdftools_tool_set_callback(NULL, NULL, NULL), PDFTOOLS_E_INVALID_HANDLE, "set_callback(NULL manager)");
  EXPECT_STATUS(pdftools_tool_provide_image(NULL, tc_png_4x3, sizeof tc_png_4x3), PDFTOOLS_E_INVALID_HANDLE,
                "provide_image(NULL manager)");
  EXPECT_STATUS(pdftools_tool_delete_selection(NULL), PDFTOOLS_E_INVALID_HANDLE, "delete_selection(NULL manager)");

  /* NULL event, wrong version, non-finite numbers, bad page. */
  EXPECT_STATUS(pdftools_tool_pointer_down(c.m, NULL, &handled), PDFTOOLS_E_INVALID_ARGUMENT, "pointer_down(NULL event)");
  EXPECT_STATUS(pdftools_tool_pointer_move(c.m, NULL, &handled), PDFTOOLS_E_INVALID_ARGUMENT, "pointer_move(NULL event)");
  EXPECT_STATUS(pdftools_tool_pointer_up(c.m, NULL, &handled), PDFTOOLS_E_INVALID_ARGUMENT, "pointer_up(NULL event)");
  EXPECT_STATUS(pdftools_tool_tap(c.m, NULL, &handled), PDFTOOLS_E_INVALID_ARGUMENT, "tap(NULL event)");
  EXPECT_STATUS(pdftools_tool_double_tap(c.m, NULL, &handled), PDFTOOLS_E_INVALID_ARGUMENT, "double_tap(NULL event)");
  EXPECT_STATUS(pdftools_tool_long_press(c.m, NULL, &handled), PDFTOOLS_E_INVALID_ARGUMENT, "long_press(NULL event)");
  e = pev(0, 100, 100, 0);
  e.version = PDFTOOLS_POINTER_EVENT_VERSION + 1;
  EXPECT_STATUS(pdftools_tool_pointer_down(c.m, &e, &handled), PDFTOOLS_E_INVALID_ARGUMENT, "pointer_down(version 2)");
  e.version = 0;
  EXPECT_STATUS(pdftools_tool_tap(c.m, &e, &handled), PDFTOOLS_E_INVALID_ARGUMENT, "tap(version 0)");
  e = pev(0, NAN, 100, 0);
  EXPECT_STATUS(pdftools_tool_pointer_down(c.m, &e, &handled), PDFTOOLS_E_INVALID_ARGUMENT, "pointer_down(x NaN)");
  e = pev(0, 100, INFINITY, 0);
  EXPECT_STATUS(pdftools_tool_pointer_down(c.m, &e, &handled), PDFTOOLS_E_INVALID_ARGUMENT, "pointer_down(y inf)");
  e = pev(0, 100, 100, 0);
  e.pressure = NAN;
  EXPECT_STATUS(pdftools_tool_pointer_down(c.m, &e, &handled), PDFTOOLS_E_INVALID_ARGUMENT,
                "pointer_down(pressure NaN)");
  e = pev(0, 100, 100, 0);
  e.timestamp = -INFINITY;
  EXPECT_STATUS(pdftools_tool_tap(c.m, &e, &handled), PDFTOOLS_E_INVALID_ARGUMENT, "tap(timestamp -inf)");
  e = pev(NPAGES, 100, 100, 0);
  EXPECT_STATUS(pdftools_tool_pointer_down(c.m, &e, &handled), PDFTOOLS_E_OUT_OF_RANGE, "pointer_down(page 3 of 3)");
  e = pev(-1, 100, 100, 0);
  EXPECT_STATUS(pdftools_tool_tap(c.m, &e, &handled), PDFTOOLS_E_OUT_OF_RANGE, "tap(page -1)");
  EXPECT_STATUS(pdftools_tool_key(c.m, 99, 0, &handled), PDFTOOLS_E_INVALID_ARGUMENT, "key(99)");
  EXPECT_STATUS(pdftools_tool_key(c.m, 0, 0, &handled), PDFTOOLS_E_INVALID_ARGUMENT, "key(0)");

  /* A real gesture after the refused events works: the refused downs started nothing. */
  {
    int32_t hd = -1, hu = -1;
    pdftools_annotation_id id;
    drag_ex(&c, 0, 100, 100, 200, 200, 0, 4, NULL, "bad input: a rectangle after refused events", &hd, &hu);
    id = the_new_one(&c, 0, NULL, 0, "bad input: a rectangle after refused events");
    CHECK(hd == 1 && hu == 1, "bad input: down and up handled (%d, %d)", (int)hd, (int)hu);
    if (id) check_rect(&c, id, box_to_page(0, 100, 100, 200, 200), "bad input: rectangle after refused events");
    pdftools_undo_undo(c.doc, NULL);
  }

  /* A move with an invalid event in the middle of a gesture does not break it. */
  set_tool(&c, PDFTOOLS_TOOL_RECTANGLE, 0);
  DOWN(&c, 0, 100, 100, 0);
  e = pev(0, NAN, NAN, 0);
  EXPECT_STATUS(pdftools_tool_pointer_move(c.m, &e, &handled), PDFTOOLS_E_INVALID_ARGUMENT, "pointer_move(NaN) mid-gesture");
  e = pev(0, 150, 150, 0);
  e.version = 99;
  EXPECT_STATUS(pdftools_tool_pointer_up(c.m, &e, &handled), PDFTOOLS_E_INVALID_ARGUMENT, "pointer_up(version 99) mid-gesture");
  MOVE(&c, 0, 150, 160, 0);
  UP(&c, 0, 150, 160, 0);
  {
    pdftools_annotation_id id = the_new_one(&c, 0, NULL, 0, "bad input: gesture with refused events inside");
    if (id) check_rect(&c, id, box_to_page(0, 100, 100, 150, 160), "bad input: gesture with refused events inside");
    pdftools_undo_undo(c.doc, NULL);
  }

  /* Overlay arguments. */
  EXPECT_STATUS(pdftools_tool_get_overlay(c.m, 0, sizeof(pdftools_overlay_item), NULL, 0, NULL, 0, NULL, &np, NULL), PDFTOOLS_E_INVALID_ARGUMENT,
                "overlay(out_item_count NULL)");
  EXPECT_STATUS(pdftools_tool_get_overlay(c.m, 0, sizeof(pdftools_overlay_item), NULL, 0, NULL, 0, &ni, NULL, NULL), PDFTOOLS_E_INVALID_ARGUMENT,
                "overlay(out_point_count NULL)");
  EXPECT_STATUS(pdftools_tool_get_overlay(c.m, NPAGES, sizeof(pdftools_overlay_item), NULL, 0, NULL, 0, &ni, &np, NULL), PDFTOOLS_E_OUT_OF_RANGE,
                "overlay(page 3 of 3)");
  EXPECT_STATUS(pdftools_tool_get_overlay(c.m, -1, sizeof(pdftools_overlay_item), NULL, 0, NULL, 0, &ni, &np, NULL), PDFTOOLS_E_OUT_OF_RANGE,
                "overlay(page -1)");
  set_tool(&c, PDFTOOLS_TOOL_RECTANGLE, 0);
  DOWN(&c, 0, 100, 100, 0);
  MOVE(&c, 0, 150, 150, 0);
  ni = np = 0;
  EXPECT_OK(pdftools_tool_get_overlay(c.m, 0, sizeof(pdftools_overlay_item), NULL, 0, NULL, 0, &ni, &np, NULL), "overlay size query during a drag");
  CHECK(ni >= 1 && np >= 2, "overlay during a rectangle drag has items (%d) and points (%d)", (int)ni, (int)np);
  {
    int32_t np2 = 0;
    int32_t ni2 = 0;
    EXPECT_STATUS(pdftools_tool_get_overlay(c.m, 0, sizeof(pdftools_overlay_item), items, 0, pts, 0, &ni2, &np2, NULL), PDFTOOLS_E_BUFFER_TOO_SMALL,
                  "overlay with zero-capacity buffers");
    CHECK(ni2 == ni && np2 == np, "BUFFER_TOO_SMALL reports the sizes needed (%d/%d vs %d/%d)", (int)ni2, (int)np2,
          (int)ni, (int)np);
    if (np > 1) {
      EXPECT_STATUS(pdftools_tool_get_overlay(c.m, 0, sizeof(pdftools_overlay_item), items, 2, pts, 1, &ni2, &np2, NULL), PDFTOOLS_E_BUFFER_TOO_SMALL,
                    "overlay with a too small point buffer");
    }
  }
  {
    /* out_dirty: a copying call resets it; a move makes it cover the change. */
    pdftools_overlay_item it8[8];
    pdftools_point pt32[32];
    pdftools_rect dirty = {1, 1, 1, 1};
    int32_t np2 = 0;
    int32_t ni2 = 0;
    EXPECT_OK(pdftools_tool_get_overlay(c.m, 0, sizeof(pdftools_overlay_item), it8, 8, pt32, 32, &ni2, &np2, &dirty), "overlay copy");
    dirty.x0 = dirty.y0 = dirty.x1 = dirty.y1 = 7;
    EXPECT_OK(pdftools_tool_get_overlay(c.m, 0, sizeof(pdftools_overlay_item), it8, 8, pt32, 32, &ni2, &np2, &dirty), "overlay copy again");
    CHECK(dirty.x0 == 0 && dirty.y0 == 0 && dirty.x1 == 0 && dirty.y1 == 0,
          "overlay: dirty is all zero when nothing changed since the last copy ([%g %g %g %g])", dirty.x0, dirty.y0,
          dirty.x1, dirty.y1);
    MOVE(&c, 0, 180, 190, 0);
    EXPECT_OK(pdftools_tool_get_overlay(c.m, 0, sizeof(pdftools_overlay_item), NULL, 0, NULL, 0, &ni2, &np2, &dirty), "overlay size query after a move");
    EXPECT_OK(pdftools_tool_get_overlay(c.m, 0, sizeof(pdftools_overlay_item), it8, 8, pt32, 32, &ni2, &np2, &dirty), "overlay copy after a move");
    CHECK(dirty.x0 <= 150.5 && dirty.y0 <= 150.5 && dirty.x1 >= 179.5 && dirty.y1 >= 189.5 && dirty.x1 > dirty.x0,
          "overlay: dirty covers the changed area after a move (a size query does not reset it) ([%g %g %g %g])",
          dirty.x0, dirty.y0, dirty.x1, dirty.y1);
  }
  EXPECT_OK(pdftools_tool_pointer_cancel(c.m, 0), "pointer_cancel during a drag");
  {
    ovl o;
    get_overlay(&c, 0, &o);
    CHECK(ovl_count(&o, PDFTOOLS_OVERLAY_RECT) == 0, "cancel clears the gesture's overlay (%d RECT items)",
          ovl_count(&o, PDFTOOLS_OVERLAY_RECT));
  }
  UP(&c, 0, 150, 150, 0);
  CHECK(count_annots(c.doc, 0) == 0, "a cancelled drag (and its late up) creates nothing (%d)",
        (int)count_annots(c.doc, 0));
  EXPECT_OK(pdftools_tool_pointer_cancel(c.m, 1), "pointer_cancel(became_scroll) with no gesture");

  /* Styles. */
  style = get_style(&c, PDFTOOLS_TOOL_RECTANGLE);
  EXPECT_STATUS(pdftools_tool_get_style(c.m, PDFTOOLS_TOOL_RECTANGLE, NULL), PDFTOOLS_E_INVALID_ARGUMENT,
                "get_style(out NULL)");
  EXPECT_STATUS(pdftools_tool_get_style(c.m, (pdftools_tool)99, &style), PDFTOOLS_E_INVALID_ARGUMENT,
                "get_style(unknown tool)");
  {
    /* Output structs: the caller sets the version; 0 is refused and nothing is written. */
    pdftools_tool_style unset, newer;
    pdftools_tool_hit hit, fresh = PDFTOOLS_TOOL_HIT_INIT;
    pdftools_pointer_event ev = PDFTOOLS_POINTER_EVENT_INIT;
    memset(&unset, 0, sizeof unset);
    EXPECT_STATUS(pdftools_tool_get_style(c.m, PDFTOOLS_TOOL_RECTANGLE, &unset), PDFTOOLS_E_INVALID_ARGUMENT,
                  "get_style(version 0)");
    CHECK(unset.opacity == 0 && unset.version == 0, "get_style(version 0) writes nothing");
    memset(&newer, 0, sizeof newer);
    newer.version = PDFTOOLS_TOOL_STYLE_VERSION + 3;
    EXPECT_OK(pdftools_tool_get_style(c.m, PDFTOOLS_TOOL_RECTANGLE, &newer), "get_style(a later version)");
    CHECK(newer.version == PDFTOOLS_TOOL_STYLE_VERSION && newer.opacity > 0,
          "get_style(a later version) fills this library's version and says so (%u)", (unsigned)newer.version);
    memset(&hit, 0, sizeof hit);
    EXPECT_STATUS(pdftools_tool_hit_test(c.m, &ev, &hit), PDFTOOLS_E_INVALID_ARGUMENT, "hit_test(version 0)");
    EXPECT_OK(pdftools_tool_hit_test(c.m, &ev, &fresh), "hit_test(PDFTOOLS_TOOL_HIT_INIT)");
    CHECK(fresh.version == PDFTOOLS_TOOL_HIT_VERSION, "hit_test keeps the version");
  }
  {
    pdftools_tool_style bad = style;
    bad.version = 2;
    EXPECT_STATUS(pdftools_tool_set_style(c.m, PDFTOOLS_TOOL_RECTANGLE, &bad), PDFTOOLS_E_INVALID_ARGUMENT,
                  "set_style(version 2)");
    bad = style;
    bad.width = 1001;
    EXPECT_STATUS(pdftools_tool_set_style(c.m, PDFTOOLS_TOOL_RECTANGLE, &bad), PDFTOOLS_E_INVALID_ARGUMENT,
                  "set_style(width 1001)");
    bad = style;
    bad.opacity = 1.5;
    EXPECT_STATUS(pdftools_tool_set_style(c.m, PDFTOOLS_TOOL_RECTANGLE, &bad), PDFTOOLS_E_INVALID_ARGUMENT,
                  "set_style(opacity 1.5)");
    bad = style;
    bad.width = NAN;
    EXPECT_STATUS(pdftools_tool_set_default_style(c.m, PDFTOOLS_TOOL_RECTANGLE, &bad), PDFTOOLS_E_INVALID_ARGUMENT,
                  "set_default_style(width NaN)");
    bad = style;
    bad.border_style = 17;
    EXPECT_STATUS(pdftools_tool_set_style(c.m, PDFTOOLS_TOOL_RECTANGLE, &bad), PDFTOOLS_E_INVALID_ARGUMENT,
                  "set_style(border style 17)");
    bad = style;
    bad.line_end = 10;
    EXPECT_STATUS(pdftools_tool_set_style(c.m, PDFTOOLS_TOOL_LINE, &bad), PDFTOOLS_E_INVALID_ARGUMENT,
                  "set_style(line ending 10)");
    bad = style;
    bad.dash_count = 9;
    EXPECT_STATUS(pdftools_tool_set_style(c.m, PDFTOOLS_TOOL_RECTANGLE, &bad), PDFTOOLS_E_INVALID_ARGUMENT,
                  "set_style(dash_count 9)");
    bad = style;
    bad.cloudy = 3;
    EXPECT_STATUS(pdftools_tool_set_style(c.m, PDFTOOLS_TOOL_CLOUD, &bad), PDFTOOLS_E_INVALID_ARGUMENT,
                  "set_style(cloudy 3)");
    bad = style;
    memset(bad.font, 'A', sizeof bad.font);
    EXPECT_STATUS(pdftools_tool_set_style(c.m, PDFTOOLS_TOOL_FREE_TEXT, &bad), PDFTOOLS_E_INVALID_ARGUMENT,
                  "set_style(unterminated font)");
    bad = style;
    memset(bad.icon, 'B', sizeof bad.icon);
    EXPECT_STATUS(pdftools_tool_set_style(c.m, PDFTOOLS_TOOL_STAMP, &bad), PDFTOOLS_E_INVALID_ARGUMENT,
                  "set_style(unterminated icon)");
    EXPECT_STATUS(pdftools_tool_set_style(c.m, PDFTOOLS_TOOL_RECTANGLE, NULL), PDFTOOLS_E_INVALID_ARGUMENT,
                  "set_style(NULL)");
    EXPECT_STATUS(pdftools_tool_set_style(c.m, (pdftools_tool)99, &style), PDFTOOLS_E_INVALID_ARGUMENT,
                  "set_style(unknown tool)");
    bad = get_style(&c, PDFTOOLS_TOOL_RECTANGLE);
    CHECK(memcmp(&bad.color, &style.color, sizeof style.color) == 0 && bad.width == style.width &&
              bad.opacity == style.opacity,
          "refused set_style calls leave the rectangle default");
  }
  /* Text and payloads with bad input. */
  EXPECT_STATUS(pdftools_tool_commit_text(c.m, NULL), PDFTOOLS_E_INVALID_ARGUMENT, "commit_text(NULL)");
  EXPECT_STATUS(pdftools_tool_commit_text(c.m, "nothing pending"), PDFTOOLS_E_NOT_FOUND,
                "commit_text with nothing pending and nothing selected");
  EXPECT_STATUS(pdftools_tool_provide_image(c.m, NULL, 10), PDFTOOLS_E_INVALID_ARGUMENT, "provide_image(NULL)");
  EXPECT_STATUS(pdftools_tool_provide_image(c.m, "not an image", 12), PDFTOOLS_E_INVALID_ARGUMENT,
                "provide_image(garbage)");
  EXPECT_STATUS(pdftools_tool_provide_file(c.m, NULL, "x", 1), PDFTOOLS_E_INVALID_ARGUMENT, "provide_file(name NULL)");
  EXPECT_STATUS(pdftools_tool_provide_link_uri(c.m, NULL), PDFTOOLS_E_INVALID_ARGUMENT, "provide_link_uri(NULL)");
  EXPECT_STATUS(pdftools_tool_provide_link_page(c.m, NPAGES), PDFTOOLS_E_OUT_OF_RANGE, "provide_link_page(3 of 3)");
  EXPECT_STATUS(pdftools_tool_provide_ink(c.m, NULL, NULL, 1), PDFTOOLS_E_INVALID_ARGUMENT, "provide_ink(NULL)");
  {
    pdftools_point p2[2] = {{0, 0}, {1, 1}};
    int32_t len0[1] = {0};
    EXPECT_STATUS(pdftools_tool_provide_ink(c.m, p2, len0, 1), PDFTOOLS_E_INVALID_ARGUMENT,
                  "provide_ink(a stroke of 0 points)");
  }
  EXPECT_STATUS(pdftools_tool_get_selection(c.m, NULL, 0, NULL), PDFTOOLS_E_INVALID_ARGUMENT, "selection(out_count NULL)");
  EXPECT_STATUS(pdftools_tool_select(c.m, NULL, 1), PDFTOOLS_E_INVALID_ARGUMENT, "select(NULL ids, count 1)");
  {
    pdftools_annotation_id bogus = 987654321;
    EXPECT_STATUS(pdftools_tool_select(c.m, &bogus, 1), PDFTOOLS_E_NOT_FOUND, "select(unknown id)");
  }
  EXPECT_STATUS(pdftools_tool_import_styles(c.m, NULL), PDFTOOLS_E_INVALID_ARGUMENT, "import_styles(NULL)");
  {
    size_t need = 0;
    EXPECT_STATUS(pdftools_tool_export_styles(c.m, NULL, 0, NULL), PDFTOOLS_E_INVALID_ARGUMENT,
                  "export_styles(out_size NULL)");
    EXPECT_OK(pdftools_tool_get_selected_text(c.m, NULL, 0, &need), "selected_text size query");
    CHECK(need == 1, "selected_text is \"\" with nothing selected (size %d)", (int)need);
  }
  {
    /* The two rectangles were undone; the refused calls wrote nothing. */
    doc_state now;
    get_state(c.doc, &now);
    CHECK(now.count[0] == 0 && now.count[1] == 0 && now.modified == 0 && now.can_undo == 0,
          "bad input: nothing written by the refused calls (annots %d/%d, modified %d, can_undo %d)",
          (int)now.count[0], (int)now.count[1], (int)now.modified, (int)now.can_undo);
  }
  (void)s0;
  ctx_close(&c);
}

/* ------------------------------------------------------------------------ */
/* 2. Creation tools                                                         */

static void test_conversion(void) {
  ctx c;
  int page, i;
  const pdftools_point disp[4] = {{0, 0}, {100, 50}, {300, 200}, {12.5, 400}};
  if (!ctx_open(&c, "conversion")) return;
  for (page = 0; page < NPAGES; page++) {
    pdftools_point out[4];
    double w = 0, h = 0;
    int ok = pdftools_page_convert_points(c.doc, page, PDFTOOLS_SPACE_DISPLAY, PDFTOOLS_SPACE_PAGE, disp, 4, out) ==
             PDFTOOLS_OK;
    for (i = 0; ok && i < 4; i++) ok = near_pt(out[i], to_page(page, disp[i].x, disp[i].y), 1e-6);
    CHECK(ok, "page %d: the test's display->page formula agrees with pdftools_page_convert_points", page);
    pdftools_page_get_size(c.doc, page, &w, &h);
    CHECK(tc_near(w, k_disp_w[page], 1e-6) && tc_near(h, k_disp_h[page], 1e-6), "page %d: display size %gx%g (got %gx%g)",
          page, k_disp_w[page], k_disp_h[page], w, h);
  }
  /* The Helvetica line of page 0 is where the test expects it: "Hello tools" is 4668/1000 em wide. */
  {
    pdftools_char_info info[64];
    int32_t n = 0;
    if (pdftools_page_get_chars(c.doc, 0, sizeof(pdftools_char_info), info, 64, &n) == PDFTOOLS_OK && n > 11) {
      CHECK(tc_near(info[0].box.x0, 72.0, TOL) && tc_near(info[10].box.x1, 72.0 + 4668 * 0.012, TOL),
            "page 0: \"Hello tools\" spans x 72 .. 128.02 (got %.2f .. %.2f)", info[0].box.x0, info[10].box.x1);
    } else {
      CHECK(0, "page 0 has its characters (%d)", (int)n);
    }
  }
  ctx_close(&c);
}

static const char *markup_subtype(pdftools_tool t) {
  switch (t) {
  case PDFTOOLS_TOOL_HIGHLIGHT: return "Highlight";
  case PDFTOOLS_TOOL_UNDERLINE: return "Underline";
  case PDFTOOLS_TOOL_SQUIGGLY: return "Squiggly";
  default: return "StrikeOut";
  }
}

static void markup_color(pdftools_tool t, double *r, double *g, double *b) {
  switch (t) {
  case PDFTOOLS_TOOL_HIGHLIGHT: *r = 1; *g = 1; *b = 0; break;
  case PDFTOOLS_TOOL_UNDERLINE: *r = 0; *g = 0.6; *b = 0; break;
  case PDFTOOLS_TOOL_SQUIGGLY: *r = 0.9; *g = 0.3; *b = 0; break;
  default: *r = 1; *g = 0; *b = 0; break;
  }
}

static void case_markup(pdftools_tool tool, int page, int two_lines) {
  ctx c;
  char what[128];
  doc_state s0;
  ovl o;
  markup_expect x;
  pdftools_point a, b;
  int mark, mark0;
  int32_t hd = -1, hu = -1;
  pdftools_annotation_id id;
  double r, g, bl;
  snprintf(what, sizeof what, "%s on page %d%s", pdftools_tool_name(tool), page, two_lines ? " (two lines)" : "");
  if (!ctx_open(&c, what)) return;
  a = char_center(c.doc, page, 0);
  b = char_center(c.doc, page, two_lines ? k_line0_len[page] + 1 + 3 : k_line0_len[page] - 1);
  {
    int ok = expect_markup(c.doc, page, a, page, b, page, &x);
    ok = ok && x.nq == (two_lines ? 2 : 1);
    if (!CHECK(ok, "%s: the selection of the drag has %d line(s) (%d)", what, two_lines ? 2 : 1, (int)x.nq)) {
      ctx_close(&c);
      return;
    }
  }
  get_state(c.doc, &s0);
  set_tool(&c, tool, 0);
  mark0 = c.rec.n;
  mark = drag_ex(&c, page, a.x, a.y, b.x, b.y, 0, 4, &o, what, &hd, &hu);
  CHECK(hd == 1 && hu == 1, "%s: down and up handled (%d, %d)", what, (int)hd, (int)hu);
  CHECK(ovl_count(&o, PDFTOOLS_OVERLAY_QUAD) == (int)x.nq, "%s: overlay has %d QUAD item(s) during the drag (got %d)",
        what, (int)x.nq, ovl_count(&o, PDFTOOLS_OVERLAY_QUAD));
  {
    const pdftools_overlay_item *q = ovl_find(&o, PDFTOOLS_OVERLAY_QUAD, 0);
    CHECK(item_ok(&o, q) && q->point_count == 4, "%s: a QUAD item has 4 points", what);
    if (item_ok(&o, q) && q->point_count == 4) {
      /* The overlay quad is the first line's quad in display space. */
      pdftools_rect want = rect_to_disp(page, mkrect(x.q[0].p1.x, x.q[0].p1.y, x.q[0].p4.x, x.q[0].p4.y));
      CHECK(near_rect(item_box(&o, q), want, 1.0), "%s: the first QUAD item covers the first line's glyphs", what);
    }
  }
  id = the_new_one(&c, page, NULL, 0, what);
  if (id) {
    check_subtype(&c, id, markup_subtype(tool), what);
    check_quads(&c, id, &x, what);
    check_contents(&c, id, x.text, what);
    markup_color(tool, &r, &g, &bl);
    check_color(&c, id, PDFTOOLS_COLOR_STROKE, 1, r, g, bl, what);
    check_opacity(&c, id, 1.0, what);
    check_creation_events(&c, mark0, mark, page, &id, 1, 1, what);
    check_one_shot_state(&c, &id, 1, what);
    if (tool == PDFTOOLS_TOOL_HIGHLIGHT)
      check_label(&c, "Add Highlight", what);
    else
      check_label_prefix(&c, "Add ", what);
    {
      size_t need = 0;
      char buf[256] = "";
      /* The text of the gesture stays the tool's selected text or is cleared; either way it is valid UTF-8 text. */
      CHECK(pdftools_tool_get_selected_text(c.m, buf, sizeof buf, &need) == PDFTOOLS_OK, "%s: selected_text works", what);
    }
  }
  CHECK(count_annots(c.doc, 1 - page) == 0, "%s: nothing on the other page", what);
  check_one_undo(&c, &s0, what);
  (void)mark;
  ctx_close(&c);
}

/* A highlight dragged from page 0 to page 1: one annotation per page, one undo step. */
static void case_markup_pages(void) {
  ctx c;
  const char *what = "highlight across pages 0 and 1";
  doc_state s0;
  markup_expect x0, x1;
  pdftools_point a, b;
  pdftools_annotation_id id0, id1;
  int mark, i;
  size_t added = 0;
  pdftools_annotation_id added_ids[8];
  if (!ctx_open(&c, what)) return;
  a = char_center(c.doc, 0, 6); /* 't' of "tools" */
  b = char_center(c.doc, 1, 3); /* 'a' of "Rotated" */
  {
    int ok = expect_markup(c.doc, 0, a, 1, b, 0, &x0);
    ok = expect_markup(c.doc, 0, a, 1, b, 1, &x1) && ok;
    CHECK(ok && x0.nq == 2 && x1.nq == 1, "%s: the selection covers 2 lines of page 0 and 1 of page 1 (%d, %d)", what,
          (int)x0.nq, (int)x1.nq);
  }
  get_state(c.doc, &s0);
  set_tool(&c, PDFTOOLS_TOOL_HIGHLIGHT, 0);
  mark = c.rec.n;
  DOWN(&c, 0, a.x, a.y, 0);
  MOVE(&c, 0, 300, 700, 0);
  MOVE(&c, 1, b.x, b.y, 0);
  check_unchanged(&c, &s0, what);
  {
    ovl o0, o1;
    get_overlay(&c, 0, &o0);
    get_overlay(&c, 1, &o1);
    CHECK(ovl_count(&o0, PDFTOOLS_OVERLAY_QUAD) == 2 && ovl_count(&o1, PDFTOOLS_OVERLAY_QUAD) == 1,
          "%s: overlay QUADs per page during the drag: 2 and 1 (got %d, %d)", what,
          ovl_count(&o0, PDFTOOLS_OVERLAY_QUAD), ovl_count(&o1, PDFTOOLS_OVERLAY_QUAD));
  }
  UP(&c, 1, b.x, b.y, 0);
  id0 = the_new_one(&c, 0, NULL, 0, what);
  id1 = the_new_one(&c, 1, NULL, 0, what);
  if (id0) {
    check_quads(&c, id0, &x0, "highlight across pages, page 0");
    check_contents(&c, id0, x0.text, "highlight across pages, page 0");
  }
  if (id1) {
    check_quads(&c, id1, &x1, "highlight across pages, page 1");
    check_contents(&c, id1, x1.text, "highlight across pages, page 1");
  }
  for (i = mark; i < c.rec.n; i++) {
    size_t k;
    if (c.rec.ev[i].kind != PDFTOOLS_TOOL_EVENT_ANNOTATIONS_ADDED) continue;
    for (k = 0; k < c.rec.ev[i].n && added < 8; k++) added_ids[added++] = c.rec.ev[i].ids[k];
  }
  {
    pdftools_annotation_id both[2];
    both[0] = id0;
    both[1] = id1;
    CHECK(same_id_set(added_ids, added, both, 2), "%s: ANNOTATIONS_ADDED names both (%d ids)", what, (int)added);
  }
  check_label(&c, "Add Highlight", what);
  check_one_undo(&c, &s0, what);
  ctx_close(&c);
}

/* A drag over a page without text with a markup tool selects nothing and writes nothing. */
static void case_markup_empty(void) {
  ctx c;
  const char *what = "underline dragged over a page without text";
  doc_state s0;
  ovl o;
  int32_t hd = -1;
  char buf[16] = "x";
  size_t need = 0;
  if (!ctx_open(&c, what)) return;
  get_state(c.doc, &s0);
  set_tool(&c, PDFTOOLS_TOOL_UNDERLINE, 0);
  drag_ex(&c, 2, 100, 100, 300, 200, 0, 4, &o, what, &hd, NULL);
  CHECK(ovl_count(&o, PDFTOOLS_OVERLAY_QUAD) == 0, "%s: no QUAD in the overlay", what);
  check_unchanged(&c, &s0, "underline with an empty selection");
  CHECK(count_events(&c, 0, c.rec.n, PDFTOOLS_TOOL_EVENT_ANNOTATIONS_ADDED) == 0, "%s: no ANNOTATIONS_ADDED", what);
  set_tool(&c, PDFTOOLS_TOOL_TEXT_SELECT, 0);
  drag(&c, 2, 100, 100, 300, 200, 0, NULL, "text_select on a page without text");
  CHECK(pdftools_tool_get_selected_text(c.m, buf, sizeof buf, &need) == PDFTOOLS_OK && buf[0] == '\0' && need == 1,
        "text_select on a page without text: selected_text is \"\" (size %d)", (int)need);
  ctx_close(&c);
}

/* Rectangle and oval: plain, Shift (towards B in each direction), clamped. */
static void case_shape(pdftools_tool tool, int page, int variant) {
  ctx c;
  char what[128];
  doc_state s0;
  ovl o;
  int mark, mark0;
  pdftools_annotation_id id;
  double ax = 100, ay = 100, bx = 200, by = 160; /* expected display box ex0..ey1 */
  double ex0 = 100, ey0 = 100, ex1 = 200, ey1 = 160;
  uint32_t mods = 0;
  int is_rect = tool == PDFTOOLS_TOOL_RECTANGLE;
  static const char *const vname[] = {"plain", "Shift", "Shift backwards", "clamped"};
  snprintf(what, sizeof what, "%s on page %d (%s)", pdftools_tool_name(tool), page, vname[variant]);
  if (variant == 1) {
    bx = 160, by = 120, mods = PDFTOOLS_MOD_SHIFT;
    ex1 = 160, ey1 = 160;
  } else if (variant == 2) {
    ax = 300, ay = 300, bx = 240, by = 290, mods = PDFTOOLS_MOD_SHIFT;
    ex0 = 240, ey0 = 240, ex1 = 300, ey1 = 300;
  } else if (variant == 3) {
    ax = k_disp_w[page] - 100, ay = k_disp_h[page] - 60, bx = k_disp_w[page] + 300, by = k_disp_h[page] + 500;
    ex0 = ax, ey0 = ay, ex1 = k_disp_w[page], ey1 = k_disp_h[page];
  }
  if (!ctx_open(&c, what)) return;
  get_state(c.doc, &s0);
  set_tool(&c, tool, 0);
  mark0 = c.rec.n;
  DOWN(&c, page, ax, ay, mods);
  MOVE(&c, page, (ax + bx) / 2, (ay + by) / 2, mods);
  {
    ovl other;
    get_overlay(&c, 1 - page, &other);
    CHECK(other.st == PDFTOOLS_OK && other.ni == 0, "%s: the other page's overlay is empty during the drag (%d items)",
          what, (int)other.ni);
  }
  EXPECT_OK(pdftools_tool_pointer_cancel(c.m, 0), "cancel the first drag");
  check_unchanged(&c, &s0, "a cancelled shape drag");
  set_tool(&c, tool, 0);
  mark = drag(&c, page, ax, ay, bx, by, mods, &o, what);
  {
    const pdftools_overlay_item *it = ovl_find(&o, is_rect ? PDFTOOLS_OVERLAY_RECT : PDFTOOLS_OVERLAY_ELLIPSE, 0);
    pdftools_rect want = mkrect(ex0, ey0, ex1, ey1);
    CHECK(item_ok(&o, it) && it->point_count == 2 && near_rect(item_box(&o, it), want, 0.5),
          "%s: overlay %s item over the box during the drag", what, is_rect ? "RECT" : "ELLIPSE");
  }
  id = the_new_one(&c, page, NULL, 0, what);
  if (id) {
    check_subtype(&c, id, is_rect ? "Square" : "Circle", what);
    check_rect(&c, id, box_to_page(page, ex0, ey0, ex1, ey1), what);
    check_color(&c, id, PDFTOOLS_COLOR_STROKE, 1, 1, 0, 0, what);
    check_border(&c, id, 2, what);
    check_opacity(&c, id, 1, what);
    check_creation_events(&c, mark0, mark, page, &id, 1, 1, what);
    check_one_shot_state(&c, &id, 1, what);
    if (is_rect)
      check_label(&c, "Add Square", what);
    else
      check_label_prefix(&c, "Add ", what);
  }
  check_one_undo(&c, &s0, what);
  ctx_close(&c);
}

/* Rectangles that must create nothing: a tap, a drag below the threshold, a thin box, a start off the page. */
static void case_shape_nothing(int page) {
  ctx c;
  char what[128];
  doc_state s0;
  int32_t hd = -1, hu = -1;
  snprintf(what, sizeof what, "rectangle creating nothing on page %d", page);
  if (!ctx_open(&c, what)) return;
  get_state(c.doc, &s0);
  set_tool(&c, PDFTOOLS_TOOL_RECTANGLE, 0);
  drag_ex(&c, page, 100, 100, 101.2, 101.2, 0, 2, NULL, "rectangle: a drag of 1.7 units", NULL, NULL);
  check_unchanged(&c, &s0, "rectangle: a drag below the 2 unit threshold is a tap and creates nothing");
  set_tool(&c, PDFTOOLS_TOOL_RECTANGLE, 0);
  TAP(&c, page, 100, 100, 0);
  check_unchanged(&c, &s0, "rectangle: a tap creates nothing");
  set_tool(&c, PDFTOOLS_TOOL_RECTANGLE, 0);
  drag(&c, page, 100, 100, 200, 100.5, 0, NULL, "rectangle: a box 0.5 units high");
  check_unchanged(&c, &s0, "rectangle: a box under 1 unit high creates nothing");
  set_tool(&c, PDFTOOLS_TOOL_RECTANGLE, 0);
  drag_ex(&c, page, -20, 100, 100, 200, 0, 4, NULL, "rectangle: a drag from off the page", &hd, &hu);
  check_unchanged(&c, &s0, "rectangle: a drag starting off the page creates nothing");
  CHECK(hd == 0, "rectangle: a down off the page is not handled (handled %d)", (int)hd);
  set_tool(&c, PDFTOOLS_TOOL_RECTANGLE, 0);
  drag_ex(&c, page, 100, k_disp_h[page] + 1, 200, 200, 0, 4, NULL, "rectangle: a drag from below the page", &hd, &hu);
  check_unchanged(&c, &s0, "rectangle: a drag starting below the page creates nothing");
  set_tool(&c, PDFTOOLS_TOOL_RECTANGLE, 0);
  DOWN(&c, page, 100, 100, 0);
  MOVE(&c, page, 200, 200, 0);
  key(&c, PDFTOOLS_KEY_ESCAPE, 0, PDFTOOLS_OK);
  UP(&c, page, 200, 200, 0);
  check_unchanged(&c, &s0, "rectangle: Escape during the drag cancels it");
  set_tool(&c, PDFTOOLS_TOOL_OVAL, 0);
  DOWN(&c, page, 100, 100, 0);
  MOVE(&c, page, 200, 200, 0);
  EXPECT_OK(pdftools_tool_pointer_cancel(c.m, 1), "pointer_cancel(became_scroll) during an oval drag");
  UP(&c, page, 200, 200, 0);
  check_unchanged(&c, &s0, "oval: a drag that became a scroll creates nothing");
  ctx_close(&c);
}

/* Sticky tools keep the tool and select nothing. */
static void case_sticky(void) {
  ctx c;
  const char *what = "sticky rectangle";
  pdftools_annotation_id ids[4];
  int32_t sticky = -1;
  int mark;
  if (!ctx_open(&c, what)) return;
  set_tool(&c, PDFTOOLS_TOOL_RECTANGLE, 1);
  mark = c.rec.n;
  drag(&c, 0, 100, 100, 200, 200, 0, NULL, what);
  drag(&c, 0, 300, 300, 350, 380, 0, NULL, what);
  CHECK(new_ids(c.doc, 0, NULL, 0, ids, 4) == 2, "%s: two gestures, two Squares", what);
  CHECK(cur_tool(&c, &sticky) == PDFTOOLS_TOOL_RECTANGLE && sticky == 1, "%s: the tool stays (sticky %d)", what,
        (int)sticky);
  CHECK(selection(&c, ids, 4) == 0, "%s: nothing is selected", what);
  CHECK(count_events(&c, mark, c.rec.n, PDFTOOLS_TOOL_EVENT_TOOL_CHANGED) == 0, "%s: no TOOL_CHANGED", what);
  CHECK(count_events(&c, mark, c.rec.n, PDFTOOLS_TOOL_EVENT_ANNOTATIONS_ADDED) == 2 &&
            count_events(&c, mark, c.rec.n, PDFTOOLS_TOOL_EVENT_UNDO_STATE) == 2,
        "%s: two ANNOTATIONS_ADDED and two UNDO_STATE", what);
  {
    int32_t done = 0;
    pdftools_undo_undo(c.doc, &done);
    CHECK(count_annots(c.doc, 0) == 1, "%s: each gesture is its own undo step", what);
  }
  ctx_close(&c);
}

static void case_line(pdftools_tool tool, int page, int shift) {
  ctx c;
  char what[128];
  doc_state s0;
  ovl o;
  int mark, mark0;
  pdftools_annotation_id id;
  double ax = 100, ay = 100, bx = 200, by = 150, ex, ey;
  uint32_t mods = 0;
  snprintf(what, sizeof what, "%s on page %d%s", pdftools_tool_name(tool), page, shift ? " (Shift)" : "");
  if (tool == PDFTOOLS_TOOL_RULER) bx = 130, by = 140; /* length 50 */
  ex = bx, ey = by;
  if (shift == 1) {
    /* 41.99 degrees snaps to 45, the length sqrt(100^2 + 90^2) kept. */
    double len = sqrt(100.0 * 100.0 + 90.0 * 90.0);
    bx = 200, by = 190, mods = PDFTOOLS_MOD_SHIFT;
    ex = ax + len * cos(M_PI / 4), ey = ay + len * sin(M_PI / 4);
  } else if (shift == 2) {
    /* 5.71 degrees (upwards on screen) snaps to 0. */
    double len = sqrt(100.0 * 100.0 + 10.0 * 10.0);
    bx = 200, by = 90, mods = PDFTOOLS_MOD_SHIFT;
    ex = ax + len, ey = ay;
  } else if (shift == 3) {
    /* 16.70 degrees snaps to 15. */
    double len = sqrt(100.0 * 100.0 + 30.0 * 30.0);
    bx = 200, by = 130, mods = PDFTOOLS_MOD_SHIFT;
    ex = ax + len * cos(M_PI / 12), ey = ay + len * sin(M_PI / 12);
  }
  if (!ctx_open(&c, what)) return;
  get_state(c.doc, &s0);
  set_tool(&c, tool, 0);
  mark0 = c.rec.n;
  mark = drag(&c, page, ax, ay, bx, by, mods, &o, what);
  {
    const pdftools_overlay_item *it = ovl_find(&o, PDFTOOLS_OVERLAY_PATH, 0);
    CHECK(item_ok(&o, it) && it->point_count == 2 && near_pt(item_pt(&o, it, 0), mkpt(ax, ay), 0.5) &&
              near_pt(item_pt(&o, it, 1), mkpt(ex, ey), 0.5),
          "%s: overlay PATH of 2 points from A to the (snapped) pointer", what);
  }
  id = the_new_one(&c, page, NULL, 0, what);
  if (id) {
    pdftools_point s = {0, 0}, e = {0, 0};
    pdftools_line_ending le0 = (pdftools_line_ending)-1, le1 = (pdftools_line_ending)-1;
    pdftools_line_ending want0 = PDFTOOLS_ENDING_NONE, want1 = PDFTOOLS_ENDING_NONE;
    pdftools_status st = pdftools_annotation_get_line(c.doc, id, &s, &e, &le0, &le1);
    check_subtype(&c, id, "Line", what);
    CHECK(st == PDFTOOLS_OK && near_pt(s, to_page(page, ax, ay), TOL) && near_pt(e, to_page(page, ex, ey), TOL),
          "%s: /L [%.2f %.2f %.2f %.2f] (got %s [%.2f %.2f %.2f %.2f])", what, to_page(page, ax, ay).x,
          to_page(page, ax, ay).y, to_page(page, ex, ey).x, to_page(page, ex, ey).y, st_name(st), s.x, s.y, e.x, e.y);
    if (tool == PDFTOOLS_TOOL_ARROW) want1 = PDFTOOLS_ENDING_OPEN_ARROW;
    if (tool == PDFTOOLS_TOOL_RULER) want0 = want1 = PDFTOOLS_ENDING_BUTT;
    CHECK(le0 == want0 && le1 == want1, "%s: line endings %d/%d (got %d/%d)", what, (int)want0, (int)want1, (int)le0,
          (int)le1);
    if (tool == PDFTOOLS_TOOL_RULER) {
      check_color(&c, id, PDFTOOLS_COLOR_STROKE, 1, 0, 0.4, 1, what);
      check_border(&c, id, 1, what);
      CHECK(raw_has(c.doc, id, "IT", "LineDimension"), "%s: /IT /LineDimension", what);
      CHECK(raw_has(c.doc, id, "Measure", "<<"), "%s: a /Measure dictionary", what);
      check_contents(&c, id, "50.00 pt", what);
    } else {
      check_color(&c, id, PDFTOOLS_COLOR_STROKE, 1, 1, 0, 0, what);
      check_border(&c, id, 2, what);
    }
    check_opacity(&c, id, 1, what);
    check_creation_events(&c, mark0, mark, page, &id, 1, 1, what);
    check_one_shot_state(&c, &id, 1, what);
    check_label_prefix(&c, "Add ", what);
  }
  check_one_undo(&c, &s0, what);
  ctx_close(&c);
}

/* The ink of an annotation: points and stroke sizes. */
typedef struct ink {
  pdftools_status st;
  int32_t np, ns;
  pdftools_point p[512];
  int32_t sz[32];
} ink;

static void get_ink(pdftools_document *doc, pdftools_annotation_id id, ink *k) {
  memset(k, 0, sizeof *k);
  k->st = pdftools_annotation_get_ink(doc, id, k->p, 512, &k->np, k->sz, 32, &k->ns);
}

static void case_ink(pdftools_tool tool, int page) {
  ctx c;
  char what[160];
  doc_state s0, s1;
  ovl o;
  int mark0, mark1, mark2, i;
  pdftools_annotation_id id = 0;
  const pdftools_point st1[4] = {{100, 100}, {110, 105}, {120, 115}, {130, 120}};
  const pdftools_point st2[3] = {{100, 200}, {150, 210}, {200, 220}};
  int fh = tool == PDFTOOLS_TOOL_FREE_HIGHLIGHT;
  snprintf(what, sizeof what, "%s on page %d", pdftools_tool_name(tool), page);
  if (!ctx_open(&c, what)) return;
  get_state(c.doc, &s0);
  set_tool(&c, tool, 0);
  /* A tap, and a down/up without moving, are no strokes. */
  TAP(&c, page, 300, 300, 0);
  DOWN(&c, page, 300, 300, 0);
  UP(&c, page, 300, 300, 0);
  check_unchanged(&c, &s0, "ink: a tap and a down/up without a move write nothing");
  CHECK(cur_tool(&c, NULL) == tool, "%s: the tool is kept after a tap", what);

  /* Stroke 1: the 0.54-unit step (120.5, 115.2) is dropped. */
  mark0 = c.rec.n;
  DOWN(&c, page, st1[0].x, st1[0].y, 0);
  MOVE(&c, page, st1[1].x, st1[1].y, 0);
  MOVE(&c, page, st1[2].x, st1[2].y, 0);
  MOVE(&c, page, 120.5, 115.2, 0);
  MOVE(&c, page, st1[3].x, st1[3].y, 0);
  check_unchanged(&c, &s0, "ink: during the first stroke");
  get_overlay(&c, page, &o);
  {
    const pdftools_overlay_item *it = ovl_find(&o, PDFTOOLS_OVERLAY_PATH, 0);
    int ok = item_ok(&o, it) && it->point_count == 4;
    for (i = 0; ok && i < 4; i++) ok = near_pt(item_pt(&o, it, (uint32_t)i), st1[i], 0.01);
    CHECK(ok, "%s: overlay PATH with the stroke so far (4 points, %d)", what, it ? (int)it->point_count : -1);
  }
  mark1 = c.rec.n;
  UP(&c, page, st1[3].x, st1[3].y, 0);
  id = the_new_one(&c, page, NULL, 0, "ink: first stroke");
  if (!id) {
    ctx_close(&c);
    return;
  }
  check_creation_events(&c, mark0, mark1, page, &id, 1, 0, what);
  CHECK(count_events(&c, mark1, c.rec.n, PDFTOOLS_TOOL_EVENT_TOOL_CHANGED) == 0 && cur_tool(&c, NULL) == tool,
        "%s: the tool stays during the session", what);
  {
    ink k;
    int ok;
    get_ink(c.doc, id, &k);
    ok = k.st == PDFTOOLS_OK && k.ns == 1 && k.np == 4 && k.sz[0] == 4;
    for (i = 0; ok && i < 4; i++) ok = near_pt(k.p[i], to_page(page, st1[i].x, st1[i].y), TOL);
    CHECK(ok, "%s: /InkList is the first stroke in page space (%s, %d strokes, %d points)", what, st_name(k.st),
          (int)k.ns, (int)k.np);
  }
  check_subtype(&c, id, "Ink", what);
  if (fh) {
    check_color(&c, id, PDFTOOLS_COLOR_STROKE, 1, 1, 1, 0, what);
    check_border(&c, id, 12, what);
    check_opacity(&c, id, 0.4, what);
  } else {
    check_color(&c, id, PDFTOOLS_COLOR_STROKE, 1, 0, 0, 1, what);
    check_border(&c, id, 2, what);
    check_opacity(&c, id, 1, what);
    check_label(&c, "Add Ink", what);
  }

  /* Stroke 2 joins the same annotation and the same undo step. */
  get_state(c.doc, &s1);
  DOWN(&c, page, st2[0].x, st2[0].y, 0);
  MOVE(&c, page, st2[1].x, st2[1].y, 0);
  MOVE(&c, page, st2[2].x, st2[2].y, 0);
  check_unchanged(&c, &s1, "ink: during the second stroke");
  {
    ink k;
    get_ink(c.doc, id, &k);
    CHECK(k.ns == 1, "%s: the annotation still has 1 stroke while the second is drawn (%d)", what, (int)k.ns);
  }
  get_overlay(&c, page, &o);
  {
    int total = 0;
    int32_t j;
    for (j = 0; j < o.ni; j++)
      if (o.items[j].kind == PDFTOOLS_OVERLAY_PATH) total += (int)o.items[j].point_count;
    CHECK(ovl_count(&o, PDFTOOLS_OVERLAY_PATH) >= 1 && total >= 3, "%s: overlay PATH of the second stroke (%d points)",
          what, total);
  }
  mark2 = c.rec.n;
  UP(&c, page, st2[2].x, st2[2].y, 0);
  CHECK(count_annots(c.doc, page) == 1, "%s: the second stroke joins the first annotation (%d annotations)", what,
        (int)count_annots(c.doc, page));
  {
    ink k;
    int ok;
    get_ink(c.doc, id, &k);
    ok = k.st == PDFTOOLS_OK && k.ns == 2 && k.np == 7 && k.sz[0] == 4 && k.sz[1] == 3;
    for (i = 0; ok && i < 3; i++) ok = near_pt(k.p[4 + i], to_page(page, st2[i].x, st2[i].y), TOL);
    CHECK(ok, "%s: /InkList has both strokes (%d strokes, %d points)", what, (int)k.ns, (int)k.np);
  }
  CHECK(count_events(&c, mark2, c.rec.n, PDFTOOLS_TOOL_EVENT_ANNOTATIONS_ADDED) == 0, "%s: no second ANNOTATIONS_ADDED",
        what);
  /* Enter ends the session: pan, the ink selected. */
  mark2 = c.rec.n;
  key(&c, PDFTOOLS_KEY_ENTER, 0, PDFTOOLS_OK);
  {
    int it = find_event(&c, mark2, PDFTOOLS_TOOL_EVENT_TOOL_CHANGED);
    int is = find_event(&c, mark2, PDFTOOLS_TOOL_EVENT_SELECTION_CHANGED);
    CHECK(it >= 0 && c.rec.ev[it].tool == PDFTOOLS_TOOL_PAN, "%s: Enter ends the session: TOOL_CHANGED(pan)", what);
    CHECK(is >= 0 && c.rec.ev[is].n == 1 && c.rec.ev[is].ids[0] == id, "%s: SELECTION_CHANGED with the ink", what);
  }
  check_one_shot_state(&c, &id, 1, what);
  check_one_undo(&c, &s0, "ink: one undo removes the whole session");
  ctx_close(&c);
}

/* A sticky ink session: a stroke on another page starts a new annotation (and undo step); Escape keeps what was
 * written. */
static void case_ink_pages(void) {
  ctx c;
  const char *what = "sticky ink across pages";
  doc_state s0;
  int32_t sticky = -1;
  pdftools_annotation_id id0, id1;
  if (!ctx_open(&c, what)) return;
  get_state(c.doc, &s0);
  set_tool(&c, PDFTOOLS_TOOL_INK, 1);
  drag(&c, 0, 100, 100, 150, 150, 0, NULL, "ink stroke on page 0");
  drag(&c, 1, 100, 100, 150, 120, 0, NULL, "ink stroke on page 1");
  id0 = the_new_one(&c, 0, NULL, 0, "ink on page 0");
  id1 = the_new_one(&c, 1, NULL, 0, "ink on page 1");
  if (id0 && id1) {
    ink k0, k1;
    get_ink(c.doc, id0, &k0);
    get_ink(c.doc, id1, &k1);
    CHECK(k0.ns == 1 && k1.ns == 1, "%s: one stroke each (%d, %d)", what, (int)k0.ns, (int)k1.ns);
    CHECK(k1.np >= 2 && near_pt(k1.p[0], to_page(1, 100, 100), TOL) &&
              near_pt(k1.p[k1.np - 1], to_page(1, 150, 120), TOL),
          "%s: the page 1 stroke is in page 1's space", what);
  }
  key(&c, PDFTOOLS_KEY_ESCAPE, 0, PDFTOOLS_OK);
  CHECK(count_annots(c.doc, 0) == 1 && count_annots(c.doc, 1) == 1, "%s: Escape keeps what was written", what);
  CHECK(cur_tool(&c, &sticky) == PDFTOOLS_TOOL_INK && sticky == 1, "%s: a sticky ink tool stays after Escape", what);
  {
    int32_t done = 0;
    pdftools_undo_undo(c.doc, &done);
    CHECK(count_annots(c.doc, 0) == 1 && count_annots(c.doc, 1) == 0,
          "%s: the first undo removes the page 1 ink only (%d/%d)", what, (int)count_annots(c.doc, 0),
          (int)count_annots(c.doc, 1));
    check_one_undo(&c, &s0, "sticky ink: the second undo removes the page 0 ink");
  }
  /* A tool change ends a session and writes it as it is. */
  set_tool(&c, PDFTOOLS_TOOL_INK, 0);
  drag(&c, 0, 100, 100, 150, 150, 0, NULL, "ink before a tool change");
  set_tool(&c, PDFTOOLS_TOOL_RECTANGLE, 0);
  CHECK(count_annots(c.doc, 0) == 1 && cur_tool(&c, NULL) == PDFTOOLS_TOOL_RECTANGLE,
        "ink: a tool change ends the session keeping the ink (%d)", (int)count_annots(c.doc, 0));
  ctx_close(&c);
}

static void case_eraser(int page) {
  ctx c;
  char what[128];
  doc_state s0;
  pdftools_annotation_id inkid, sq = 0;
  ovl o;
  int mark;
  snprintf(what, sizeof what, "eraser on page %d", page);
  if (!ctx_open(&c, what)) return;
  /* Two horizontal strokes at y 100 and y 200, and a Square at (300..400, 300..400) display. */
  set_tool(&c, PDFTOOLS_TOOL_INK, 0);
  drag(&c, page, 100, 100, 200, 100, 0, NULL, "eraser set-up stroke 1");
  drag(&c, page, 100, 200, 200, 200, 0, NULL, "eraser set-up stroke 2");
  key(&c, PDFTOOLS_KEY_ENTER, 0, PDFTOOLS_OK);
  inkid = the_new_one(&c, page, NULL, 0, "eraser set-up ink");
  CHECK(pdftools_annotation_create(c.doc, page, "Square", box_to_page(page, 300, 300, 400, 400), &sq) == PDFTOOLS_OK,
        "%s: set-up Square", what);
  {
    pdftools_annotation_id lk = 0;
    CHECK(pdftools_annotation_create(c.doc, page, "Link", box_to_page(page, 300, 450, 400, 480), &lk) == PDFTOOLS_OK,
          "%s: set-up Link", what);
    pdftools_undo_clear(c.doc);
    get_state(c.doc, &s0);
    set_tool(&c, PDFTOOLS_TOOL_ERASER, 0);
    drag(&c, page, 280, 465, 420, 465, 0, NULL, "eraser across a Link");
    check_unchanged(&c, &s0, "the eraser leaves Links alone");
    if (lk) pdftools_annotation_delete(c.doc, lk);
  }
  pdftools_undo_clear(c.doc);
  if (!inkid || !sq) {
    ctx_close(&c);
    return;
  }
  {
    pdftools_tool_style es = get_style(&c, PDFTOOLS_TOOL_ERASER);
    CHECK(tc_near(es.width, 10, 1e-9), "eraser: default width 10 (got %g)", es.width);
  }
  /* Nothing touched: nothing written. */
  get_state(c.doc, &s0);
  set_tool(&c, PDFTOOLS_TOOL_ERASER, 0);
  drag(&c, page, 250, 150, 280, 160, 0, &o, "eraser over nothing");
  CHECK(ovl_count(&o, PDFTOOLS_OVERLAY_PATH) >= 1, "%s: overlay PATH of the eraser", what);
  check_unchanged(&c, &s0, "eraser over nothing: nothing written");

  /* Across stroke 1 only (radius 5: y 90..110 touches y 100, not 200). */
  set_tool(&c, PDFTOOLS_TOOL_ERASER, 0);
  mark = c.rec.n;
  drag(&c, page, 150, 90, 150, 110, 0, NULL, "eraser across stroke 1");
  {
    ink k;
    get_ink(c.doc, inkid, &k);
    CHECK(k.st == PDFTOOLS_OK && k.ns == 1 && k.np >= 2 && near_pt(k.p[0], to_page(page, 100, 200), TOL),
          "%s: stroke 1 removed, stroke 2 kept (%s, %d strokes)", what, st_name(k.st), (int)k.ns);
    CHECK(find_event(&c, mark, PDFTOOLS_TOOL_EVENT_ANNOTATIONS_MODIFIED) >= 0, "%s: ANNOTATIONS_MODIFIED", what);
    check_label(&c, "Erase", what);
    check_one_undo(&c, &s0, "eraser: undo brings the stroke back");
    get_ink(c.doc, inkid, &k);
    CHECK(k.ns == 2, "%s: two strokes after the undo (%d)", what, (int)k.ns);
  }
  /* Stroke near-miss: 7 units from stroke 1 with radius 5 touches nothing. */
  {
    doc_state s1;
    get_state(c.doc, &s1);
    set_tool(&c, PDFTOOLS_TOOL_ERASER, 0);
    drag(&c, page, 150, 93, 150, 80, 0, NULL, "eraser 7 units above stroke 1");
    check_unchanged(&c, &s1, "eraser passing 7 units from a stroke with radius 5");
  }
  /* Across both strokes: the Ink is deleted. */
  set_tool(&c, PDFTOOLS_TOOL_ERASER, 0);
  mark = c.rec.n;
  drag(&c, page, 150, 90, 150, 210, 0, NULL, "eraser across both strokes");
  CHECK(count_annots(c.doc, page) == 1, "%s: an Ink left without strokes is deleted (%d left)", what,
        (int)count_annots(c.doc, page));
  CHECK(find_event(&c, mark, PDFTOOLS_TOOL_EVENT_ANNOTATIONS_REMOVED) >= 0, "%s: ANNOTATIONS_REMOVED", what);
  check_one_undo(&c, &s0, "eraser: one undo brings the Ink back");
  /* Into the Square's rect: deleted. */
  set_tool(&c, PDFTOOLS_TOOL_ERASER, 0);
  drag(&c, page, 280, 350, 310, 350, 0, NULL, "eraser into the Square");
  {
    pdftools_rect r;
    CHECK(pdftools_annotation_get_rect(c.doc, sq, &r) == PDFTOOLS_E_NOT_FOUND && count_annots(c.doc, page) == 1,
          "%s: the Square is deleted", what);
  }
  check_label(&c, "Erase", what);
  check_one_undo(&c, &s0, "eraser: undo brings the Square back");
  ctx_close(&c);
}

/* Vertex tools: polyline (taps + double tap), polygon (down/up + tap on the first vertex), cloud (Enter),
 * perimeter (Enter), area (double tap). */
static void case_poly(pdftools_tool tool, int page) {
  ctx c;
  char what[128];
  doc_state s0;
  ovl o;
  int mark0, mark, i;
  pdftools_annotation_id id;
  const pdftools_point v[3] = {{100, 100}, {200, 100}, {200, 200}};
  int closed = tool == PDFTOOLS_TOOL_POLYGON || tool == PDFTOOLS_TOOL_CLOUD || tool == PDFTOOLS_TOOL_AREA;
  snprintf(what, sizeof what, "%s on page %d", pdftools_tool_name(tool), page);
  if (!ctx_open(&c, what)) return;
  get_state(c.doc, &s0);
  set_tool(&c, tool, 0);
  mark0 = c.rec.n;
  for (i = 0; i < 3; i++) {
    if (tool == PDFTOOLS_TOOL_POLYGON) {
      DOWN(&c, page, v[i].x, v[i].y, 0);
      UP(&c, page, v[i].x, v[i].y, 0);
    } else {
      TAP(&c, page, v[i].x, v[i].y, 0);
    }
  }
  /* Within 2 units of the previous vertex: not added. */
  TAP(&c, page, 201, 200.5, 0);
  MOVE(&c, page, 150, 250, 0); /* the rubber segment */
  check_unchanged(&c, &s0, "vertices clicked, not finished");
  get_overlay(&c, page, &o);
  {
    const pdftools_overlay_item *it =
        ovl_find(&o, closed ? PDFTOOLS_OVERLAY_POLYGON : PDFTOOLS_OVERLAY_PATH, 0);
    int ok = item_ok(&o, it) && it->point_count == 4;
    for (i = 0; ok && i < 3; i++) ok = near_pt(item_pt(&o, it, (uint32_t)i), v[i], 0.6);
    if (ok) ok = near_pt(item_pt(&o, it, 3), mkpt(150, 250), 0.01);
    CHECK(ok, "%s: overlay %s with the 3 vertices and the rubber point (%d points)", what,
          closed ? "POLYGON" : "PATH", item_ok(&o, it) ? (int)it->point_count : -1);
  }
  mark = c.rec.n;
  switch (tool) {
  case PDFTOOLS_TOOL_POLYLINE:
    TAP(&c, page, 200, 200, 0);
    DTAP(&c, page, 200, 200, 0);
    break;
  case PDFTOOLS_TOOL_POLYGON:
    DOWN(&c, page, 103, 102, 0);
    UP(&c, page, 103, 102, 0);
    break;
  case PDFTOOLS_TOOL_AREA:
    DTAP(&c, page, 200, 200, 0);
    break;
  default:
    key(&c, PDFTOOLS_KEY_ENTER, 0, PDFTOOLS_OK);
    break;
  }
  id = the_new_one(&c, page, NULL, 0, what);
  if (id) {
    pdftools_point got[16];
    int32_t n = 0;
    pdftools_status st = pdftools_annotation_get_vertices(c.doc, id, got, 16, &n);
    int ok = st == PDFTOOLS_OK && n == 3;
    for (i = 0; ok && i < 3; i++) ok = near_pt(got[i], to_page(page, v[i].x, v[i].y), TOL);
    CHECK(ok, "%s: /Vertices are the 3 clicked points in page space (%s, %d)", what, st_name(st), (int)n);
    check_subtype(&c, id, closed ? "Polygon" : "PolyLine", what);
    if (tool == PDFTOOLS_TOOL_PERIMETER || tool == PDFTOOLS_TOOL_AREA) {
      char *s = get_text(c.doc, id, "Contents");
      double val = s ? strtod(s, NULL) : -1;
      check_color(&c, id, PDFTOOLS_COLOR_STROKE, 1, 0, 0.4, 1, what);
      check_border(&c, id, 1, what);
      if (tool == PDFTOOLS_TOOL_PERIMETER) {
        CHECK(raw_has(c.doc, id, "IT", "PolyLineDimension"), "%s: /IT /PolyLineDimension", what);
        check_contents(&c, id, "200.00 pt", what);
      } else {
        CHECK(raw_has(c.doc, id, "IT", "PolygonDimension"), "%s: /IT /PolygonDimension", what);
        CHECK(s && tc_near(val, 5000, 0.5) && strstr(s, " sq pt") && strlen(strstr(s, " sq pt")) == 6,
              "%s: /Contents \"<area> sq pt\" with area 5000 (got \"%s\")", what, s ? s : "(none)");
      }
      free(s);
    } else {
      check_color(&c, id, PDFTOOLS_COLOR_STROKE, 1, 1, 0, 0, what);
      check_border(&c, id, 2, what);
    }
    if (tool == PDFTOOLS_TOOL_CLOUD) {
      char *be = get_raw(c.doc, id, "BE");
      CHECK(be && strstr(be, "/S") && strstr(be, "/C") && strstr(be, "/I 1"), "%s: /BE << /S /C /I 1 >> (got %s)",
            what, be ? be : "(none)");
      free(be);
    } else {
      char *be = get_raw(c.doc, id, "BE");
      CHECK(!be || !strstr(be, "/C"), "%s: no cloudy border (got %s)", what, be ? be : "(none)");
      free(be);
    }
    check_creation_events(&c, mark0, mark, page, &id, 1, 1, what);
    check_one_shot_state(&c, &id, 1, what);
    check_label_prefix(&c, "Add ", what);
  }
  check_one_undo(&c, &s0, what);
  ctx_close(&c);
}

/* Backspace, Escape and too few vertices. */
static void case_poly_edits(void) {
  ctx c;
  const char *what = "vertex tools: Backspace, Escape, too few vertices";
  doc_state s0;
  ovl o;
  pdftools_annotation_id id;
  if (!ctx_open(&c, what)) return;
  get_state(c.doc, &s0);
  set_tool(&c, PDFTOOLS_TOOL_POLYLINE, 0);
  TAP(&c, 0, 100, 100, 0);
  TAP(&c, 0, 200, 100, 0);
  TAP(&c, 0, 200, 200, 0);
  key(&c, PDFTOOLS_KEY_BACKSPACE, 0, PDFTOOLS_OK);
  MOVE(&c, 0, 300, 300, 0);
  get_overlay(&c, 0, &o);
  {
    const pdftools_overlay_item *it = ovl_find(&o, PDFTOOLS_OVERLAY_PATH, 0);
    CHECK(item_ok(&o, it) && it->point_count == 3, "polyline: after Backspace the overlay has 2 vertices + rubber (%d)",
          item_ok(&o, it) ? (int)it->point_count : -1);
  }
  check_unchanged(&c, &s0, "polyline: Backspace writes nothing");
  key(&c, PDFTOOLS_KEY_ENTER, 0, PDFTOOLS_OK);
  id = the_new_one(&c, 0, NULL, 0, "polyline after Backspace");
  if (id) {
    int32_t n = 0;
    pdftools_annotation_get_vertices(c.doc, id, NULL, 0, &n);
    CHECK(n == 2, "polyline after Backspace has 2 vertices (%d)", (int)n);
  }
  check_one_undo(&c, &s0, "polyline after Backspace");

  get_state(c.doc, &s0);
  set_tool(&c, PDFTOOLS_TOOL_POLYGON, 0);
  TAP(&c, 0, 100, 100, 0);
  TAP(&c, 0, 200, 100, 0);
  TAP(&c, 0, 200, 200, 0);
  key(&c, PDFTOOLS_KEY_ESCAPE, 0, PDFTOOLS_OK);
  key(&c, PDFTOOLS_KEY_ENTER, 0, PDFTOOLS_OK);
  check_unchanged(&c, &s0, "polygon: Escape drops the vertices (Enter afterwards writes nothing)");
  get_overlay(&c, 0, &o);
  CHECK(ovl_count(&o, PDFTOOLS_OVERLAY_POLYGON) == 0, "polygon: Escape clears the overlay");

  set_tool(&c, PDFTOOLS_TOOL_POLYGON, 0);
  TAP(&c, 0, 100, 100, 0);
  TAP(&c, 0, 200, 100, 0);
  key(&c, PDFTOOLS_KEY_ENTER, 0, PDFTOOLS_OK);
  check_unchanged(&c, &s0, "polygon with 2 vertices: nothing");
  set_tool(&c, PDFTOOLS_TOOL_AREA, 0);
  TAP(&c, 0, 100, 100, 0);
  TAP(&c, 0, 200, 100, 0);
  DTAP(&c, 0, 200, 100, 0);
  check_unchanged(&c, &s0, "area with 2 vertices: nothing");
  set_tool(&c, PDFTOOLS_TOOL_POLYLINE, 0);
  TAP(&c, 0, 100, 100, 0);
  key(&c, PDFTOOLS_KEY_ENTER, 0, PDFTOOLS_OK);
  check_unchanged(&c, &s0, "polyline with 1 vertex: nothing");
  set_tool(&c, PDFTOOLS_TOOL_PERIMETER, 0);
  TAP(&c, 0, 100, 100, 0);
  TAP(&c, 0, 101, 101, 0); /* within 2 units: not a vertex */
  key(&c, PDFTOOLS_KEY_ENTER, 0, PDFTOOLS_OK);
  check_unchanged(&c, &s0, "perimeter with 1 vertex (the second within 2 units): nothing");
  /* A tool change writes a polygon with enough vertices. */
  set_tool(&c, PDFTOOLS_TOOL_POLYGON, 0);
  TAP(&c, 0, 100, 100, 0);
  TAP(&c, 0, 200, 100, 0);
  TAP(&c, 0, 200, 200, 0);
  set_tool(&c, PDFTOOLS_TOOL_PAN, 0);
  CHECK(count_annots(c.doc, 0) == 1, "polygon: a tool change writes a polygon with 3 vertices (%d)",
        (int)count_annots(c.doc, 0));
  ctx_close(&c);
}

/* The text box of a FreeText: /Rect less /RD, with /RD read as test_annotation_edit reads what
 * pdftools_annotation_set_callout writes: [left bottom right top] insets. */
static pdftools_rect text_box(ctx *c, pdftools_annotation_id id) {
  pdftools_rect r = annot_rect(c->doc, id);
  char *rd = get_raw(c->doc, id, "RD");
  double d[4];
  if (rd && tc_parse_numbers(rd, d, 4) == 4) {
    r.x0 += d[0];
    r.y0 += d[1];
    r.x1 -= d[2];
    r.y1 -= d[3];
  }
  free(rd);
  return r;
}

static void check_free_text_font(ctx *c, pdftools_annotation_id id, const char *what) {
  char font[64] = "";
  size_t need = 0;
  double size = -1;
  pdftools_color col = {-1, -1, -1};
  pdftools_status st = pdftools_annotation_get_free_text(c->doc, id, font, sizeof font, &need, &size, &col, NULL);
  CHECK(st == PDFTOOLS_OK && strcmp(font, "Helvetica") == 0 && tc_near(size, 12, 1e-6) && near_color(col, 0, 0, 0),
        "%s: Helvetica 12 black (got %s, \"%s\" %g (%.2f %.2f %.2f))", what, st_name(st), font, size, col.r, col.g,
        col.b);
}

/* Waits for a REQUEST_TEXT after mark; checks nothing was written. */
static int check_request(ctx *c, int mark, int32_t kind, pdftools_tool tool, const char *text, const doc_state *s0,
                         const char *what) {
  int i = find_event(c, mark, kind);
  CHECK(i >= 0 && c->rec.ev[i].tool == (int32_t)tool && (!text || (c->rec.ev[i].has_text && strcmp(c->rec.ev[i].text, text) == 0)),
        "%s: request event %d from the %s tool%s%s (event %d, tool %d, text \"%s\")", what, (int)kind,
        pdftools_tool_name(tool), text ? " with text " : "", text ? text : "", i, i >= 0 ? (int)c->rec.ev[i].tool : -1,
        i >= 0 ? c->rec.ev[i].text : "");
  check_unchanged(c, s0, what);
  return i;
}

static void case_free_text(int page, int dragged) {
  ctx c;
  char what[128];
  doc_state s0;
  ovl o;
  int mark0, mark;
  pdftools_annotation_id id;
  double x0 = 100, y0 = 100, x1 = 250, y1 = 130;
  snprintf(what, sizeof what, "free_text on page %d (%s)", page, dragged ? "drag" : "tap");
  if (!ctx_open(&c, what)) return;
  get_state(c.doc, &s0);
  set_tool(&c, PDFTOOLS_TOOL_FREE_TEXT, 0);
  mark0 = c.rec.n;
  if (dragged) {
    x1 = 300, y1 = 200;
    drag(&c, page, 100, 100, 300, 200, 0, NULL, what);
  } else {
    TAP(&c, page, 100, 100, 0);
  }
  check_request(&c, mark0, PDFTOOLS_TOOL_EVENT_REQUEST_TEXT, PDFTOOLS_TOOL_FREE_TEXT, NULL, &s0,
                "free_text: REQUEST_TEXT, nothing written yet");
  get_overlay(&c, page, &o);
  {
    const pdftools_overlay_item *r = ovl_find(&o, PDFTOOLS_OVERLAY_RECT, 0);
    CHECK(item_ok(&o, r) && near_rect(item_box(&o, r), mkrect(x0, y0, x1, y1), 0.5),
          "%s: overlay RECT of the pending box", what);
    CHECK(ovl_count(&o, PDFTOOLS_OVERLAY_CARET) == 1, "%s: overlay CARET while pending", what);
  }
  mark = c.rec.n;
  EXPECT_OK(pdftools_tool_commit_text(c.m, "Hello free text \xc3\xa9"), "free_text: commit_text");
  id = the_new_one(&c, page, NULL, 0, what);
  if (id) {
    check_subtype(&c, id, "FreeText", what);
    check_rect(&c, id, box_to_page(page, x0, y0, x1, y1), what);
    check_contents(&c, id, "Hello free text \xc3\xa9", what);
    check_free_text_font(&c, id, what);
    /* A FreeText's stroke colour is its text colour (black); it has no fill and no border. */
    check_color(&c, id, PDFTOOLS_COLOR_STROKE, 1, 0, 0, 0, what);
    check_color(&c, id, PDFTOOLS_COLOR_INTERIOR, 0, 0, 0, 0, what);
    check_border(&c, id, 0, what);
    check_creation_events(&c, mark, -1, page, &id, 1, 1, what);
    check_one_shot_state(&c, &id, 1, what);
    check_label_prefix(&c, "Add ", what);
  }
  check_one_undo(&c, &s0, what);
  (void)mark0;
  ctx_close(&c);
}

static void case_text_cancel(void) {
  ctx c;
  const char *what = "text requests dropped";
  doc_state s0;
  if (!ctx_open(&c, what)) return;
  get_state(c.doc, &s0);
  set_tool(&c, PDFTOOLS_TOOL_FREE_TEXT, 0);
  TAP(&c, 0, 100, 100, 0);
  key(&c, PDFTOOLS_KEY_ESCAPE, 0, PDFTOOLS_OK);
  EXPECT_STATUS(pdftools_tool_commit_text(c.m, "late"), PDFTOOLS_E_NOT_FOUND, "free_text: commit after Escape");
  check_unchanged(&c, &s0, "free_text: Escape drops the pending box");
  set_tool(&c, PDFTOOLS_TOOL_STICKY_NOTE, 0);
  TAP(&c, 0, 100, 100, 0);
  EXPECT_OK(pdftools_tool_cancel_request(c.m), "sticky_note: cancel_request");
  EXPECT_STATUS(pdftools_tool_commit_text(c.m, "late"), PDFTOOLS_E_NOT_FOUND, "sticky_note: commit after cancel");
  check_unchanged(&c, &s0, "sticky_note: cancel_request drops the note");
  set_tool(&c, PDFTOOLS_TOOL_CALLOUT, 0);
  drag(&c, 0, 100, 100, 200, 150, 0, NULL, "callout before a tool change");
  set_tool(&c, PDFTOOLS_TOOL_RECTANGLE, 0);
  EXPECT_STATUS(pdftools_tool_commit_text(c.m, "late"), PDFTOOLS_E_NOT_FOUND, "callout: commit after a tool change");
  check_unchanged(&c, &s0, "callout: a tool change drops the pending callout");
  EXPECT_OK(pdftools_tool_cancel_request(c.m), "cancel_request with nothing pending");
  {
    /* Bad UTF-8 is refused and keeps the request. */
    set_tool(&c, PDFTOOLS_TOOL_STICKY_NOTE, 0);
    TAP(&c, 0, 100, 100, 0);
    EXPECT_STATUS(pdftools_tool_commit_text(c.m, "bad \xff\xfe utf-8"), PDFTOOLS_E_INVALID_ARGUMENT,
                  "commit_text(bad UTF-8)");
    check_unchanged(&c, &s0, "commit_text(bad UTF-8) writes nothing");
    EXPECT_OK(pdftools_tool_commit_text(c.m, ""), "commit_text(\"\") after a refused one");
    CHECK(count_annots(c.doc, 0) == 1, "an empty text still makes the note (%d)", (int)count_annots(c.doc, 0));
  }
  ctx_close(&c);
}

static void case_callout(int page) {
  ctx c;
  char what[128];
  doc_state s0;
  int mark0;
  pdftools_annotation_id id;
  snprintf(what, sizeof what, "callout on page %d", page);
  if (!ctx_open(&c, what)) return;
  get_state(c.doc, &s0);
  set_tool(&c, PDFTOOLS_TOOL_CALLOUT, 0);
  mark0 = c.rec.n;
  drag(&c, page, 100, 100, 200, 150, 0, NULL, what);
  check_request(&c, mark0, PDFTOOLS_TOOL_EVENT_REQUEST_TEXT, PDFTOOLS_TOOL_CALLOUT, NULL, &s0,
                "callout: REQUEST_TEXT, nothing written yet");
  EXPECT_OK(pdftools_tool_commit_text(c.m, "Callout text"), "callout: commit_text");
  id = the_new_one(&c, page, NULL, 0, what);
  if (id) {
    pdftools_rect box = box_to_page(page, 200, 150, 350, 180), tb = text_box(&c, id), r = annot_rect(c.doc, id);
    pdftools_point anchor = to_page(page, 100, 100);
    char *cl = get_raw(c.doc, id, "CL");
    double v[6];
    int n = cl ? tc_parse_numbers(cl, v, 6) : -1;
    check_subtype(&c, id, "FreeText", what);
    CHECK(raw_has(c.doc, id, "IT", "FreeTextCallout"), "%s: /IT /FreeTextCallout", what);
    {
      char *rd = get_raw(c.doc, id, "RD");
      CHECK(near_rect(tb, box, TOL),
            "%s: the text box (/Rect less /RD) is the 150x30 box at B ([%.1f %.1f %.1f %.1f], got [%.1f %.1f %.1f %.1f];"
            " /Rect [%.1f %.1f %.1f %.1f] /RD %s)",
            what, box.x0, box.y0, box.x1, box.y1, tb.x0, tb.y0, tb.x1, tb.y1, r.x0, r.y0, r.x1, r.y1, rd ? rd : "none");
      free(rd);
    }
    CHECK(r.x0 <= anchor.x + TOL && r.x1 >= anchor.x - TOL && r.y0 <= anchor.y + TOL && r.y1 >= anchor.y - TOL,
          "%s: /Rect includes the anchor", what);
    CHECK((n == 4 || n == 6) && near_pt(mkpt(v[0], v[1]), anchor, TOL), "%s: /CL starts at the anchor A (got %s)", what,
          cl ? cl : "(none)");
    if (n == 4 || n == 6) {
      pdftools_point e = mkpt(v[n - 2], v[n - 1]);
      int on_edge = e.x >= box.x0 - TOL && e.x <= box.x1 + TOL && e.y >= box.y0 - TOL && e.y <= box.y1 + TOL &&
                    (tc_near(e.x, box.x0, TOL) || tc_near(e.x, box.x1, TOL) || tc_near(e.y, box.y0, TOL) ||
                     tc_near(e.y, box.y1, TOL));
      CHECK(on_edge, "%s: /CL ends on the text box's edge (%.1f, %.1f)", what, e.x, e.y);
    }
    free(cl);
    CHECK(raw_has(c.doc, id, "LE", "OpenArrow"), "%s: /LE /OpenArrow at the anchor", what);
    check_color(&c, id, PDFTOOLS_COLOR_STROKE, 1, 0, 0, 0, what);
    check_border(&c, id, 1, what);
    check_free_text_font(&c, id, what);
    check_contents(&c, id, "Callout text", what);
    check_one_shot_state(&c, &id, 1, what);
  }
  check_one_undo(&c, &s0, what);
  ctx_close(&c);
}

static void case_sticky_note(int page) {
  ctx c;
  char what[128];
  doc_state s0;
  int mark0;
  pdftools_annotation_id id;
  snprintf(what, sizeof what, "sticky_note on page %d", page);
  if (!ctx_open(&c, what)) return;
  get_state(c.doc, &s0);
  set_tool(&c, PDFTOOLS_TOOL_STICKY_NOTE, 0);
  mark0 = c.rec.n;
  DOWN(&c, page, 100, 100, 0);
  UP(&c, page, 100, 100, 0);
  check_request(&c, mark0, PDFTOOLS_TOOL_EVENT_REQUEST_TEXT, PDFTOOLS_TOOL_STICKY_NOTE, NULL, &s0,
                "sticky_note: REQUEST_TEXT, nothing written yet");
  EXPECT_OK(pdftools_tool_commit_text(c.m, "Note text"), "sticky_note: commit_text");
  id = the_new_one(&c, page, NULL, 0, what);
  if (id) {
    check_subtype(&c, id, "Text", what);
    check_rect(&c, id, box_to_page(page, 100, 100, 124, 124), what);
    CHECK(raw_has(c.doc, id, "Name", "/Comment"), "%s: /Name /Comment", what);
    check_color(&c, id, PDFTOOLS_COLOR_STROKE, 1, 1, 0.82, 0, what);
    check_contents(&c, id, "Note text", what);
    check_one_shot_state(&c, &id, 1, what);
    check_label_prefix(&c, "Add ", what);
  }
  check_one_undo(&c, &s0, what);
  ctx_close(&c);
}

static void case_stamp(int page, int dragged) {
  ctx c;
  char what[128];
  doc_state s0;
  int mark0, mark;
  pdftools_annotation_id id;
  snprintf(what, sizeof what, "stamp on page %d (%s)", page, dragged ? "drag" : "tap");
  if (!ctx_open(&c, what)) return;
  get_state(c.doc, &s0);
  set_tool(&c, PDFTOOLS_TOOL_STAMP, 0);
  mark0 = c.rec.n;
  if (dragged)
    mark = drag(&c, page, 100, 100, 300, 180, 0, NULL, what);
  else {
    mark = c.rec.n;
    TAP(&c, page, 100, 100, 0);
  }
  CHECK(count_events(&c, mark0, c.rec.n, PDFTOOLS_TOOL_EVENT_REQUEST_TEXT) +
                count_events(&c, mark0, c.rec.n, PDFTOOLS_TOOL_EVENT_REQUEST_PAYLOAD) ==
            0,
        "%s: no request", what);
  id = the_new_one(&c, page, NULL, 0, what);
  if (id) {
    check_subtype(&c, id, "Stamp", what);
    check_rect(&c, id, dragged ? box_to_page(page, 100, 100, 300, 180) : box_to_page(page, 100, 100, 250, 150), what);
    CHECK(raw_has(c.doc, id, "Name", "/Approved"), "%s: /Name /Approved", what);
    check_color(&c, id, PDFTOOLS_COLOR_STROKE, 1, 0.8, 0, 0, what);
    check_creation_events(&c, mark0, mark, page, &id, 1, 1, what);
    check_one_shot_state(&c, &id, 1, what);
    check_label_prefix(&c, "Add ", what);
  }
  check_one_undo(&c, &s0, what);
  if (!dragged) {
    /* A down/up 1.4 units apart is a tap: the default 150x50 box at the down point. */
    set_tool(&c, PDFTOOLS_TOOL_STAMP, 0);
    DOWN(&c, page, 100, 100, 0);
    MOVE(&c, page, 101, 101, 0);
    UP(&c, page, 101, 101, 0);
    id = the_new_one(&c, page, NULL, 0, "stamp with a 1.4 unit drag");
    if (id) check_rect(&c, id, box_to_page(page, 100, 100, 250, 150), "stamp with a 1.4 unit drag (a tap)");
  }
  ctx_close(&c);
}

/* provided_first: provide_image before the tap; else the tap requests it. */
static void case_image(int page, int provided_first) {
  ctx c;
  char what[128];
  doc_state s0;
  int mark0;
  pdftools_annotation_id id;
  snprintf(what, sizeof what, "image on page %d (%s)", page, provided_first ? "image given first" : "requested");
  if (!ctx_open(&c, what)) return;
  get_state(c.doc, &s0);
  set_tool(&c, PDFTOOLS_TOOL_IMAGE, 0);
  if (provided_first) EXPECT_OK(pdftools_tool_provide_image(c.m, tc_png_4x3, sizeof tc_png_4x3), "image: provide_image first");
  check_unchanged(&c, &s0, "image: provide_image alone writes nothing");
  mark0 = c.rec.n;
  TAP(&c, page, 100, 100, 0);
  if (!provided_first) {
    check_request(&c, mark0, PDFTOOLS_TOOL_EVENT_REQUEST_PAYLOAD, PDFTOOLS_TOOL_IMAGE, "image", &s0,
                  "image: REQUEST_PAYLOAD \"image\", nothing written yet");
    EXPECT_OK(pdftools_tool_provide_image(c.m, tc_png_4x3, sizeof tc_png_4x3), "image: provide_image answers the request");
  } else {
    CHECK(count_events(&c, mark0, c.rec.n, PDFTOOLS_TOOL_EVENT_REQUEST_PAYLOAD) == 0,
          "%s: no request when the image was given", what);
  }
  id = the_new_one(&c, page, NULL, 0, what);
  if (id) {
    check_subtype(&c, id, "Stamp", what);
    /* 4x3 pixels: width 150, height 112.5. */
    check_rect(&c, id, box_to_page(page, 100, 100, 250, 212.5), what);
    CHECK(raw_has(c.doc, id, "AP", "/N"), "%s: an appearance", what);
    check_one_shot_state(&c, &id, 1, what);
    check_label_prefix(&c, "Add ", what);
  }
  check_one_undo(&c, &s0, what);
  /* The image is kept for the next placement; a drag gives the box. */
  set_tool(&c, PDFTOOLS_TOOL_IMAGE, 0);
  mark0 = c.rec.n;
  drag(&c, page, 100, 100, 180, 300, 0, NULL, "image dragged");
  CHECK(count_events(&c, mark0, c.rec.n, PDFTOOLS_TOOL_EVENT_REQUEST_PAYLOAD) == 0,
        "%s: the image stays for the next placement (no request)", what);
  id = the_new_one(&c, page, NULL, 0, "image dragged");
  if (id) check_rect(&c, id, box_to_page(page, 100, 100, 180, 300), "image dragged");
  ctx_close(&c);
}

static void case_file(int page) {
  ctx c;
  char what[128];
  doc_state s0;
  int mark0;
  pdftools_annotation_id id;
  static const unsigned char data[11] = {'h', 'e', 'l', 'l', 'o', 0, 'w', 'o', 'r', 'l', 'd'};
  snprintf(what, sizeof what, "file_attachment on page %d", page);
  if (!ctx_open(&c, what)) return;
  get_state(c.doc, &s0);
  set_tool(&c, PDFTOOLS_TOOL_FILE_ATTACHMENT, 0);
  mark0 = c.rec.n;
  TAP(&c, page, 100, 100, 0);
  check_request(&c, mark0, PDFTOOLS_TOOL_EVENT_REQUEST_PAYLOAD, PDFTOOLS_TOOL_FILE_ATTACHMENT, "file", &s0,
                "file_attachment: REQUEST_PAYLOAD \"file\", nothing written yet");
  EXPECT_OK(pdftools_tool_provide_file(c.m, "notes.txt", data, sizeof data), "file_attachment: provide_file");
  id = the_new_one(&c, page, NULL, 0, what);
  if (id) {
    void *got = NULL;
    size_t size = 0, need = 0;
    char name[64] = "";
    pdftools_status st;
    check_subtype(&c, id, "FileAttachment", what);
    check_rect(&c, id, box_to_page(page, 100, 100, 124, 124), what);
    check_contents(&c, id, "notes.txt", what);
    check_color(&c, id, PDFTOOLS_COLOR_STROKE, 1, 0, 0, 1, what);
    CHECK(raw_has(c.doc, id, "Name", "/PushPin"), "%s: /Name /PushPin", what);
    st = pdftools_annotation_get_attachment(c.doc, id, &got, &size, name, sizeof name, &need);
    CHECK(st == PDFTOOLS_OK && size == sizeof data && got && memcmp(got, data, size) == 0 &&
              strcmp(name, "notes.txt") == 0,
          "%s: the embedded file is the one given (%s, %d bytes, \"%s\")", what, st_name(st), (int)size, name);
    pdftools_free(got);
    check_one_shot_state(&c, &id, 1, what);
  }
  check_one_undo(&c, &s0, what);
  ctx_close(&c);
}

static void case_link(int page) {
  ctx c;
  char what[128];
  doc_state s0;
  int mark0;
  pdftools_annotation_id id;
  snprintf(what, sizeof what, "link on page %d", page);
  if (!ctx_open(&c, what)) return;
  get_state(c.doc, &s0);
  /* A box on empty space; the target is requested. */
  set_tool(&c, PDFTOOLS_TOOL_LINK, 0);
  mark0 = c.rec.n;
  drag(&c, page, 100, 300, 200, 340, 0, NULL, what);
  check_request(&c, mark0, PDFTOOLS_TOOL_EVENT_REQUEST_LINK_TARGET, PDFTOOLS_TOOL_LINK, NULL, &s0,
                "link: REQUEST_LINK_TARGET, nothing written yet");
  EXPECT_OK(pdftools_tool_provide_link_uri(c.m, "https://example.org/tools"), "link: provide_link_uri");
  id = the_new_one(&c, page, NULL, 0, what);
  if (id) {
    char uri[128] = "";
    size_t need = 0;
    pdftools_status st = pdftools_annotation_get_link_uri(c.doc, id, uri, sizeof uri, &need);
    check_subtype(&c, id, "Link", what);
    check_rect(&c, id, box_to_page(page, 100, 300, 200, 340), what);
    CHECK(st == PDFTOOLS_OK && strcmp(uri, "https://example.org/tools") == 0, "%s: the URI (got %s \"%s\")", what,
          st_name(st), uri);
    check_color(&c, id, PDFTOOLS_COLOR_STROKE, 0, 0, 0, 0, what);
    check_one_shot_state(&c, &id, 1, what);
    check_label_prefix(&c, "Add ", what);
  }
  check_one_undo(&c, &s0, what);

  /* Over text, with a page target given first: QuadPoints per line, no request. */
  {
    markup_expect x;
    pdftools_point a = char_center(c.doc, page, 0), b = char_center(c.doc, page, k_line0_len[page] + 1 + 3);
    pdftools_rect u;
    int32_t i;
    get_state(c.doc, &s0);
    expect_markup(c.doc, page, a, page, b, page, &x);
    EXPECT_OK(pdftools_tool_provide_link_page(c.m, 1 - page), "link: provide_link_page first");
    set_tool(&c, PDFTOOLS_TOOL_LINK, 0);
    mark0 = c.rec.n;
    drag(&c, page, a.x, a.y, b.x, b.y, 0, NULL, "link over text");
    CHECK(count_events(&c, mark0, c.rec.n, PDFTOOLS_TOOL_EVENT_REQUEST_LINK_TARGET) == 0,
          "link over text: no request when a target was given");
    id = the_new_one(&c, page, NULL, 0, "link over text");
    if (id && x.nq == 2) {
      int32_t target = -1;
      check_quads(&c, id, &x, "link over text");
      u = mkrect(x.q[0].p1.x, x.q[0].p1.y, x.q[0].p4.x, x.q[0].p4.y);
      for (i = 0; i < x.nq; i++) {
        pdftools_quad q = x.q[i];
        double xs[4] = {q.p1.x, q.p2.x, q.p3.x, q.p4.x}, ys[4] = {q.p1.y, q.p2.y, q.p3.y, q.p4.y};
        int k;
        for (k = 0; k < 4; k++) {
          if (xs[k] < u.x0) u.x0 = xs[k];
          if (xs[k] > u.x1) u.x1 = xs[k];
          if (ys[k] < u.y0) u.y0 = ys[k];
          if (ys[k] > u.y1) u.y1 = ys[k];
        }
      }
      check_rect(&c, id, u, "link over text: /Rect is the union of the quads");
      CHECK(pdftools_annotation_get_link_page(c.doc, id, &target) == PDFTOOLS_OK && target == 1 - page,
            "link over text: goes to page %d (got %d)", 1 - page, (int)target);
    }
    check_one_undo(&c, &s0, "link over text");
  }
  /* The page target was used once: the next link asks again; cancel drops it. */
  get_state(c.doc, &s0);
  set_tool(&c, PDFTOOLS_TOOL_LINK, 0);
  mark0 = c.rec.n;
  drag(&c, page, 100, 300, 200, 340, 0, NULL, "link after a used target");
  check_request(&c, mark0, PDFTOOLS_TOOL_EVENT_REQUEST_LINK_TARGET, PDFTOOLS_TOOL_LINK, NULL, &s0,
                "link: a provided target is used once (requested again)");
  EXPECT_OK(pdftools_tool_cancel_request(c.m), "link: cancel_request");
  EXPECT_OK(pdftools_tool_provide_link_uri(c.m, "https://example.org/late"), "link: a target after the cancel is kept");
  check_unchanged(&c, &s0, "link: cancel drops the placement");
  ctx_close(&c);
}

static void case_signature(int page) {
  ctx c;
  char what[128];
  doc_state s0;
  int mark0;
  pdftools_annotation_id id;
  const pdftools_point pts[4] = {{0, 0}, {1, 0}, {0, 1}, {1, 1}};
  const int32_t lens[2] = {2, 2};
  snprintf(what, sizeof what, "signature on page %d", page);
  if (!ctx_open(&c, what)) return;
  get_state(c.doc, &s0);
  set_tool(&c, PDFTOOLS_TOOL_SIGNATURE, 0);
  mark0 = c.rec.n;
  TAP(&c, page, 100, 100, 0);
  check_request(&c, mark0, PDFTOOLS_TOOL_EVENT_REQUEST_PAYLOAD, PDFTOOLS_TOOL_SIGNATURE, "signature", &s0,
                "signature: REQUEST_PAYLOAD \"signature\", nothing written yet");
  EXPECT_OK(pdftools_tool_provide_ink(c.m, pts, lens, 2), "signature: provide_ink");
  id = the_new_one(&c, page, NULL, 0, what);
  if (id) {
    ink k;
    pdftools_point d[8];
    int ok;
    size_t i;
    pdftools_rect box = mkrect(100, 100, 250, 160);
    check_subtype(&c, id, "Ink", what);
    get_ink(c.doc, id, &k);
    ok = k.st == PDFTOOLS_OK && k.ns == 2 && k.np == 4 && k.sz[0] == 2 && k.sz[1] == 2;
    CHECK(ok, "%s: two strokes of 2 points (%s, %d, %d)", what, st_name(k.st), (int)k.ns, (int)k.np);
    if (ok) {
      for (i = 0; i < 4; i++) d[i] = to_disp(page, k.p[i]);
      for (i = 0; ok && i < 4; i++)
        ok = d[i].x >= box.x0 - TOL && d[i].x <= box.x1 + TOL && d[i].y >= box.y0 - TOL && d[i].y <= box.y1 + TOL;
      CHECK(ok, "%s: the strokes lie in the 150x60 box at the tap", what);
      /* The unit square fitted keeping its aspect into 150x60: 60x60. */
      CHECK(tc_near(d[1].x - d[0].x, 60, TOL) && tc_near(d[1].y, d[0].y, TOL) && tc_near(d[2].y - d[0].y, 60, TOL) &&
                tc_near(d[2].x, d[0].x, TOL),
            "%s: strokes fitted keeping the aspect (60x60 on screen; got dx %.2f, dy %.2f)", what, d[1].x - d[0].x,
            d[2].y - d[0].y);
    }
    check_color(&c, id, PDFTOOLS_COLOR_STROKE, 1, 0, 0, 0.5, what);
    check_border(&c, id, 2, what);
    check_one_shot_state(&c, &id, 1, what);
  }
  check_one_undo(&c, &s0, what);
  ctx_close(&c);

  /* An image signature given first: a Stamp, placed at once. */
  snprintf(what, sizeof what, "image signature on page %d", page);
  if (!ctx_open(&c, what)) return;
  get_state(c.doc, &s0);
  EXPECT_OK(pdftools_tool_provide_image(c.m, tc_png_4x3, sizeof tc_png_4x3), "signature: provide_image first");
  set_tool(&c, PDFTOOLS_TOOL_SIGNATURE, 0);
  mark0 = c.rec.n;
  drag(&c, page, 100, 100, 220, 190, 0, NULL, what);
  CHECK(count_events(&c, mark0, c.rec.n, PDFTOOLS_TOOL_EVENT_REQUEST_PAYLOAD) == 0, "%s: no request", what);
  id = the_new_one(&c, page, NULL, 0, what);
  if (id) {
    check_subtype(&c, id, "Stamp", what);
    check_rect(&c, id, box_to_page(page, 100, 100, 220, 190), what);
  }
  check_one_undo(&c, &s0, what);
  ctx_close(&c);
}

/* ------------------------------------------------------------------------ */
/* 3. Editing                                                                */

typedef struct edit_fixture {
  pdftools_annotation_id sq, ln, pg, lk, hidden, ro;
} edit_fixture;

/* Display geometry of the fixture's annotations. */
static const double SQ[4] = {100, 200, 200, 300};
static const pdftools_point LN_A = {300, 250}, LN_B = {400, 200};
static const pdftools_point PG[3] = {{100, 400}, {200, 420}, {140, 480}};
static const double LK[4] = {300, 400, 400, 440};
static const double HID[4] = {250, 490, 300, 530};
static const double RO[4] = {350, 490, 400, 530};

static int make_edit_fixture(ctx *c, int page, edit_fixture *f, const char *what) {
  pdftools_point pg[3];
  int i, ok = 1;
  memset(f, 0, sizeof *f);
  ok &= pdftools_annotation_create(c->doc, page, "Square", box_to_page(page, SQ[0], SQ[1], SQ[2], SQ[3]), &f->sq) ==
        PDFTOOLS_OK;
  ok &= pdftools_annotation_create(c->doc, page, "Line", box_to_page(page, LN_A.x, LN_A.y, LN_B.x, LN_B.y), &f->ln) ==
        PDFTOOLS_OK;
  ok &= pdftools_annotation_set_line(c->doc, f->ln, to_page(page, LN_A.x, LN_A.y), to_page(page, LN_B.x, LN_B.y),
                                     PDFTOOLS_ENDING_NONE, PDFTOOLS_ENDING_NONE, 0, 0) == PDFTOOLS_OK;
  for (i = 0; i < 3; i++) pg[i] = to_page(page, PG[i].x, PG[i].y);
  ok &= pdftools_annotation_create(c->doc, page, "Polygon", box_to_page(page, 100, 400, 200, 480), &f->pg) ==
        PDFTOOLS_OK;
  ok &= pdftools_annotation_set_vertices(c->doc, f->pg, pg, 3) == PDFTOOLS_OK;
  ok &= pdftools_annotation_create(c->doc, page, "Link", box_to_page(page, LK[0], LK[1], LK[2], LK[3]), &f->lk) ==
        PDFTOOLS_OK;
  ok &= pdftools_annotation_set_link_uri(c->doc, f->lk, "https://example.org/followed") == PDFTOOLS_OK;
  ok &= pdftools_annotation_create(c->doc, page, "Square", box_to_page(page, HID[0], HID[1], HID[2], HID[3]),
                                   &f->hidden) == PDFTOOLS_OK;
  ok &= pdftools_annotation_set_flags(c->doc, f->hidden, PDFTOOLS_ANNOT_HIDDEN | PDFTOOLS_ANNOT_PRINT) == PDFTOOLS_OK;
  ok &= pdftools_annotation_create(c->doc, page, "Square", box_to_page(page, RO[0], RO[1], RO[2], RO[3]), &f->ro) ==
        PDFTOOLS_OK;
  ok &= pdftools_annotation_set_flags(c->doc, f->ro, PDFTOOLS_ANNOT_READ_ONLY | PDFTOOLS_ANNOT_PRINT) == PDFTOOLS_OK;
  pdftools_undo_clear(c->doc);
  return CHECK(ok, "%s: the edit fixture is made through the API", what);
}

static int select_one(ctx *c, pdftools_annotation_id id, pdftools_tool want_tool, const char *what) {
  pdftools_status st = pdftools_tool_select(c->m, &id, 1);
  pdftools_tool t = cur_tool(c, NULL);
  return CHECK(st == PDFTOOLS_OK && t == want_tool, "%s: tool_select -> %s (got %s, tool %d)", what,
               pdftools_tool_name(want_tool), st_name(st), (int)t);
}

static int selected_is(ctx *c, const pdftools_annotation_id *ids, size_t n) {
  pdftools_annotation_id sel[MAXIDS];
  size_t ns = selection(c, sel, MAXIDS);
  return ns <= MAXIDS && same_id_set(sel, ns, ids, n);
}

static void check_disp_rect(ctx *c, int page, pdftools_annotation_id id, double x0, double y0, double x1, double y1,
                            const char *what) {
  check_rect(c, id, box_to_page(page, x0, y0, x1, y1), what);
}

static void test_edit(int page) {
  ctx c;
  char what[128];
  edit_fixture f;
  doc_state s0;
  ovl o;
  int mark, i;
  pdftools_annotation_id sq;
  snprintf(what, sizeof what, "editing on page %d", page);
  if (!ctx_open(&c, what)) return;
  if (!make_edit_fixture(&c, page, &f, what)) {
    ctx_close(&c);
    return;
  }
  sq = f.sq;
  get_state(c.doc, &s0);

  /* A tap on the Square in pan hands it to annotation_edit and selects it. */
  mark = c.rec.n;
  CHECK(TAP(&c, page, 150, 250, 0) == 1, "%s: a tap on the Square is handled", what);
  {
    int it = find_event(&c, mark, PDFTOOLS_TOOL_EVENT_TOOL_CHANGED);
    int is = find_event(&c, mark, PDFTOOLS_TOOL_EVENT_SELECTION_CHANGED);
    CHECK(it >= 0 && c.rec.ev[it].tool == PDFTOOLS_TOOL_ANNOTATION_EDIT,
          "%s: pan hands the tap to annotation_edit (TOOL_CHANGED)", what);
    CHECK(is >= 0 && c.rec.ev[is].n == 1 && c.rec.ev[is].ids[0] == sq, "%s: SELECTION_CHANGED(Square)", what);
    CHECK(cur_tool(&c, NULL) == PDFTOOLS_TOOL_ANNOTATION_EDIT && selected_is(&c, &sq, 1),
          "%s: annotation_edit with the Square selected", what);
  }
  check_unchanged(&c, &s0, "selecting writes nothing");
  {
    /* hit_test: the selected Square's bottom-right handle, its body, empty space. */
    pdftools_tool_hit hit = PDFTOOLS_TOOL_HIT_INIT;
    pdftools_pointer_event ev = PDFTOOLS_POINTER_EVENT_INIT;
    ev.page_index = page;
    ev.x = SQ[0] > SQ[2] ? SQ[0] : SQ[2];
    ev.y = SQ[1] > SQ[3] ? SQ[1] : SQ[3];
    EXPECT_OK(pdftools_tool_hit_test(c.m, &ev, &hit), "hit_test on a handle");
    CHECK(hit.annotation == sq && hit.handle_kind == PDFTOOLS_HANDLE_BOX && hit.handle_id == 4 && !hit.is_link,
          "%s: hit_test finds box handle 4 of the selected Square (%lld, %d, %d)", what, (long long)hit.annotation,
          (int)hit.handle_kind, (int)hit.handle_id);
    ev.x = 150, ev.y = 250;
    EXPECT_OK(pdftools_tool_hit_test(c.m, &ev, &hit), "hit_test on the body");
    CHECK(hit.annotation == sq && hit.handle_kind == -1 && hit.handle_id == -1, "%s: hit_test finds the Square's body", what);
    ev.x = -20;
    EXPECT_OK(pdftools_tool_hit_test(c.m, &ev, &hit), "hit_test off the page");
    CHECK(hit.annotation == 0 && hit.handle_kind == -1 && !hit.on_text, "%s: nothing off the page", what);
    EXPECT_STATUS(pdftools_tool_hit_test(c.m, &ev, NULL), PDFTOOLS_E_INVALID_ARGUMENT, "hit_test(NULL out)");
    check_unchanged(&c, &s0, "hit testing writes nothing");
  }
  get_overlay(&c, page, &o);
  {
    const pdftools_overlay_item *fr = NULL;
    static const double hx[8] = {0, 0.5, 1, 1, 1, 0.5, 0, 0}, hy[8] = {0, 0, 0, 0.5, 1, 1, 1, 0.5};
    int ok = 1;
    int32_t k;
    for (k = 0; k < o.ni; k++)
      if (o.items[k].kind == PDFTOOLS_OVERLAY_RECT && o.items[k].annotation == sq) fr = &o.items[k];
    CHECK(item_ok(&o, fr) && fr->dash > 0 && near_rect(item_box(&o, fr), mkrect(SQ[0], SQ[1], SQ[2], SQ[3]), 0.5),
          "%s: a dashed RECT frame of the selected Square", what);
    for (i = 0; i < 8; i++) {
      const pdftools_overlay_item *h = ovl_handle(&o, PDFTOOLS_HANDLE_BOX, i);
      pdftools_point want = mkpt(SQ[0] + hx[i] * (SQ[2] - SQ[0]), SQ[1] + hy[i] * (SQ[3] - SQ[1]));
      if (!(item_ok(&o, h) && h->point_count == 1 && h->annotation == sq && near_pt(item_pt(&o, h, 0), want, 0.5))) {
        ok = 0;
        tc_note("box handle %d: expected at (%.1f, %.1f), got %s (%.1f, %.1f)", i, want.x, want.y, h ? "" : "none",
                item_ok(&o, h) ? item_pt(&o, h, 0).x : 0, item_ok(&o, h) ? item_pt(&o, h, 0).y : 0);
      }
    }
    CHECK(ok, "%s: 8 box handles, ids 0..7 clockwise from the top left, on the Square", what);
  }

  /* Move. */
  {
    const char *w = "move the Square by (30, 30) on screen";
    const pdftools_overlay_item *fr;
    int found = 0;
    int32_t k;
    get_state(c.doc, &s0);
    mark = c.rec.n;
    DOWN(&c, page, 150, 250, 0);
    MOVE(&c, page, 160, 260, 0);
    MOVE(&c, page, 180, 280, 0);
    check_unchanged(&c, &s0, w);
    check_disp_rect(&c, page, sq, SQ[0], SQ[1], SQ[2], SQ[3], "the Square does not move before the up");
    get_overlay(&c, page, &o);
    for (k = 0; k < o.ni; k++) {
      fr = &o.items[k];
      if ((fr->kind == PDFTOOLS_OVERLAY_RECT || fr->kind == PDFTOOLS_OVERLAY_PATH ||
           fr->kind == PDFTOOLS_OVERLAY_POLYGON) &&
          near_rect(item_box(&o, fr), mkrect(SQ[0] + 30, SQ[1] + 30, SQ[2] + 30, SQ[3] + 30), 0.5))
        found = 1;
    }
    CHECK(found, "%s: the overlay shows the frame at the new position", w);
    UP(&c, page, 180, 280, 0);
    check_disp_rect(&c, page, sq, SQ[0] + 30, SQ[1] + 30, SQ[2] + 30, SQ[3] + 30, w);
    check_label(&c, "Move Annotation", w);
    {
      int im = find_event(&c, mark, PDFTOOLS_TOOL_EVENT_ANNOTATIONS_MODIFIED);
      CHECK(im >= 0 && c.rec.ev[im].n == 1 && c.rec.ev[im].ids[0] == sq, "%s: ANNOTATIONS_MODIFIED(Square)", w);
      CHECK(find_event(&c, im + 1, PDFTOOLS_TOOL_EVENT_UNDO_STATE) > im, "%s: then UNDO_STATE", w);
    }
    check_one_undo(&c, &s0, w);
    check_disp_rect(&c, page, sq, SQ[0], SQ[1], SQ[2], SQ[3], "the Square is back after the undo");
  }
  /* Resize by the bottom right corner (handle 4). */
  get_state(c.doc, &s0);
  if (select_one(&c, sq, PDFTOOLS_TOOL_ANNOTATION_EDIT, "resize")) {
    const char *w = "resize the Square by handle 4";
    int32_t k;
    int found = 0;
    drag(&c, page, SQ[2], SQ[3], 250, 320, 0, &o, w);
    for (k = 0; k < o.ni; k++) {
      const pdftools_overlay_item *fr = &o.items[k];
      if ((fr->kind == PDFTOOLS_OVERLAY_RECT || fr->kind == PDFTOOLS_OVERLAY_PATH ||
           fr->kind == PDFTOOLS_OVERLAY_POLYGON) &&
          near_rect(item_box(&o, fr), mkrect(SQ[0], SQ[1], 250, 320), 0.5))
        found = 1;
    }
    CHECK(found, "%s: the overlay shows the resized frame during the drag", w);
    check_disp_rect(&c, page, sq, SQ[0], SQ[1], 250, 320, w);
    check_label(&c, "Resize Annotation", w);
    check_one_undo(&c, &s0, w);
  }
  /* By the right edge (handle 3): only the width changes. */
  get_state(c.doc, &s0);
  if (select_one(&c, sq, PDFTOOLS_TOOL_ANNOTATION_EDIT, "resize by edge")) {
    const char *w = "resize the Square by handle 3 (right edge)";
    drag(&c, page, SQ[2], (SQ[1] + SQ[3]) / 2, 240, 270, 0, NULL, w);
    check_disp_rect(&c, page, sq, SQ[0], SQ[1], 240, SQ[3], w);
    check_one_undo(&c, &s0, w);
  }
  /* By the top left corner with Shift: the aspect (1:1) is kept, the bottom right corner stays. */
  get_state(c.doc, &s0);
  if (select_one(&c, sq, PDFTOOLS_TOOL_ANNOTATION_EDIT, "resize with Shift")) {
    const char *w = "resize the Square by handle 0 with Shift";
    pdftools_rect r;
    drag(&c, page, SQ[0], SQ[1], 60, 180, PDFTOOLS_MOD_SHIFT, NULL, w);
    r = rect_to_disp(page, annot_rect(c.doc, sq));
    CHECK(tc_near(r.x1, SQ[2], TOL) && tc_near(r.y1, SQ[3], TOL), "%s: the opposite corner stays (%.1f, %.1f)", w, r.x1,
          r.y1);
    CHECK(tc_near(r.x1 - r.x0, r.y1 - r.y0, TOL) && r.x1 - r.x0 >= 120 - TOL && r.x1 - r.x0 <= 140 + TOL,
          "%s: square kept (%.1f x %.1f)", w, r.x1 - r.x0, r.y1 - r.y0);
    check_one_undo(&c, &s0, w);
  }
  /* Nudges: right 1, right 10 (Shift), down 1 on screen; one undo step. */
  get_state(c.doc, &s0);
  if (select_one(&c, sq, PDFTOOLS_TOOL_ANNOTATION_EDIT, "nudge")) {
    const char *w = "nudge the Square right 1, right 10, down 1";
    mark = c.rec.n;
    key(&c, PDFTOOLS_KEY_RIGHT, 0, PDFTOOLS_OK);
    key(&c, PDFTOOLS_KEY_RIGHT, PDFTOOLS_MOD_SHIFT, PDFTOOLS_OK);
    key(&c, PDFTOOLS_KEY_DOWN, 0, PDFTOOLS_OK);
    check_disp_rect(&c, page, sq, SQ[0] + 11, SQ[1] + 1, SQ[2] + 11, SQ[3] + 1, w);
    CHECK(find_event(&c, mark, PDFTOOLS_TOOL_EVENT_ANNOTATIONS_MODIFIED) >= 0, "%s: ANNOTATIONS_MODIFIED", w);
    check_one_undo(&c, &s0, "consecutive nudges coalesce: one undo");
    check_disp_rect(&c, page, sq, SQ[0], SQ[1], SQ[2], SQ[3], "the Square is back after undoing the nudges");
    select_one(&c, sq, PDFTOOLS_TOOL_ANNOTATION_EDIT, "nudge again");
    key(&c, PDFTOOLS_KEY_UP, 0, PDFTOOLS_OK);
    key(&c, PDFTOOLS_KEY_LEFT, 0, PDFTOOLS_OK);
    check_disp_rect(&c, page, sq, SQ[0] - 1, SQ[1] - 1, SQ[2] - 1, SQ[3] - 1, "nudge up and left");
    pdftools_undo_undo(c.doc, NULL);
  }

  /* Line end points. */
  get_state(c.doc, &s0);
  set_tool(&c, PDFTOOLS_TOOL_PAN, 0);
  key(&c, PDFTOOLS_KEY_ESCAPE, 0, PDFTOOLS_OK);
  TAP(&c, page, (LN_A.x + LN_B.x) / 2, (LN_A.y + LN_B.y) / 2, 0);
  CHECK(cur_tool(&c, NULL) == PDFTOOLS_TOOL_LINE_EDIT && selected_is(&c, &f.ln, 1),
        "%s: a tap on the Line hands it to line_edit (tool %d)", what, (int)cur_tool(&c, NULL));
  get_overlay(&c, page, &o);
  {
    const pdftools_overlay_item *hs = ovl_handle(&o, PDFTOOLS_HANDLE_LINE_START, 0);
    const pdftools_overlay_item *he = ovl_handle(&o, PDFTOOLS_HANDLE_LINE_END, 0);
    if (!hs) hs = ovl_handle(&o, PDFTOOLS_HANDLE_LINE_START, 1);
    if (!he) he = ovl_handle(&o, PDFTOOLS_HANDLE_LINE_END, 1);
    CHECK(item_ok(&o, hs) && item_ok(&o, he) && near_pt(item_pt(&o, hs, 0), LN_A, 0.5) &&
              near_pt(item_pt(&o, he, 0), LN_B, 0.5) && hs->annotation == f.ln,
          "%s: LINE_START and LINE_END handles at the line's ends", what);
  }
  {
    const char *w = "drag the Line's end point";
    pdftools_point s = {0, 0}, e = {0, 0};
    drag(&c, page, LN_B.x, LN_B.y, 420, 150, 0, NULL, w);
    pdftools_annotation_get_line(c.doc, f.ln, &s, &e, NULL, NULL);
    CHECK(near_pt(s, to_page(page, LN_A.x, LN_A.y), TOL) && near_pt(e, to_page(page, 420, 150), TOL),
          "%s: /L end moved, start kept (got %.1f %.1f %.1f %.1f)", w, s.x, s.y, e.x, e.y);
    check_one_undo(&c, &s0, w);
  }
  /* Moving the Line by its body translates /L. */
  get_state(c.doc, &s0);
  if (select_one(&c, f.ln, PDFTOOLS_TOOL_LINE_EDIT, "move a line")) {
    const char *w = "move the Line by (10, 20)";
    pdftools_point s = {0, 0}, e = {0, 0};
    double mx = (LN_A.x + LN_B.x) / 2, my = (LN_A.y + LN_B.y) / 2;
    drag(&c, page, mx, my, mx + 10, my + 20, 0, NULL, w);
    pdftools_annotation_get_line(c.doc, f.ln, &s, &e, NULL, NULL);
    CHECK(near_pt(s, to_page(page, LN_A.x + 10, LN_A.y + 20), TOL) && near_pt(e, to_page(page, LN_B.x + 10, LN_B.y + 20), TOL),
          "%s: both ends translated (got %.1f %.1f %.1f %.1f)", w, s.x, s.y, e.x, e.y);
    check_label(&c, "Move Annotation", w);
    check_one_undo(&c, &s0, w);
  }
  /* Nudges of different selections are different steps. */
  get_state(c.doc, &s0);
  if (select_one(&c, sq, PDFTOOLS_TOOL_ANNOTATION_EDIT, "nudge two selections")) {
    key(&c, PDFTOOLS_KEY_RIGHT, 0, PDFTOOLS_OK);
    select_one(&c, f.ln, PDFTOOLS_TOOL_LINE_EDIT, "nudge the line");
    key(&c, PDFTOOLS_KEY_RIGHT, 0, PDFTOOLS_OK);
    pdftools_undo_undo(c.doc, NULL);
    check_disp_rect(&c, page, sq, SQ[0] + 1, SQ[1], SQ[2] + 1, SQ[3],
                    "nudges of another selection do not coalesce: one undo keeps the Square's nudge");
    pdftools_undo_undo(c.doc, NULL);
    check_disp_rect(&c, page, sq, SQ[0], SQ[1], SQ[2], SQ[3], "the second undo reverts the Square's nudge");
  }
  /* Polygon vertices. */
  get_state(c.doc, &s0);
  set_tool(&c, PDFTOOLS_TOOL_PAN, 0);
  key(&c, PDFTOOLS_KEY_ESCAPE, 0, PDFTOOLS_OK);
  TAP(&c, page, (PG[0].x + PG[1].x + PG[2].x) / 3, (PG[0].y + PG[1].y + PG[2].y) / 3, 0);
  CHECK(cur_tool(&c, NULL) == PDFTOOLS_TOOL_POLY_EDIT && selected_is(&c, &f.pg, 1),
        "%s: a tap in the Polygon hands it to poly_edit (tool %d)", what, (int)cur_tool(&c, NULL));
  get_overlay(&c, page, &o);
  {
    int ok = 1;
    for (i = 0; i < 3; i++) {
      const pdftools_overlay_item *h = ovl_handle(&o, PDFTOOLS_HANDLE_VERTEX, i);
      if (!(item_ok(&o, h) && near_pt(item_pt(&o, h, 0), PG[i], 0.5) && h->annotation == f.pg)) ok = 0;
    }
    CHECK(ok, "%s: VERTEX handles 0..2 at the vertices", what);
    CHECK(ovl_handle(&o, PDFTOOLS_HANDLE_BOX, 4) != NULL, "%s: and box handles", what);
  }
  {
    const char *w = "drag the Polygon's vertex 1";
    pdftools_point v[8];
    int32_t n = 0;
    int ok;
    drag(&c, page, PG[1].x, PG[1].y, 230, 425, 0, NULL, w);
    ok = pdftools_annotation_get_vertices(c.doc, f.pg, v, 8, &n) == PDFTOOLS_OK && n == 3 &&
         near_pt(v[0], to_page(page, PG[0].x, PG[0].y), TOL) && near_pt(v[1], to_page(page, 230, 425), TOL) &&
         near_pt(v[2], to_page(page, PG[2].x, PG[2].y), TOL);
    CHECK(ok, "%s: vertex 1 moved, the others kept (%d vertices)", w, (int)n);
    check_one_undo(&c, &s0, w);
  }
  /* Moving the polygon translates its vertices. */
  get_state(c.doc, &s0);
  if (select_one(&c, f.pg, PDFTOOLS_TOOL_POLY_EDIT, "move a polygon")) {
    const char *w = "move the Polygon by (10, -20)";
    pdftools_point v[8];
    int32_t n = 0;
    int ok;
    drag(&c, page, 150, 440, 160, 420, 0, NULL, w);
    ok = pdftools_annotation_get_vertices(c.doc, f.pg, v, 8, &n) == PDFTOOLS_OK && n == 3;
    for (i = 0; ok && i < 3; i++) ok = near_pt(v[i], to_page(page, PG[i].x + 10, PG[i].y - 20), TOL);
    CHECK(ok, "%s: every vertex translated", w);
    check_label(&c, "Move Annotation", w);
    check_one_undo(&c, &s0, w);
  }

  /* Delete by key, and by delete_selection. */
  get_state(c.doc, &s0);
  if (select_one(&c, sq, PDFTOOLS_TOOL_ANNOTATION_EDIT, "delete")) {
    const char *w = "Delete key on the selected Square";
    pdftools_rect r;
    mark = c.rec.n;
    key(&c, PDFTOOLS_KEY_DELETE, 0, PDFTOOLS_OK);
    CHECK(pdftools_annotation_get_rect(c.doc, sq, &r) == PDFTOOLS_E_NOT_FOUND, "%s: the Square is gone", w);
    {
      int ir = find_event(&c, mark, PDFTOOLS_TOOL_EVENT_ANNOTATIONS_REMOVED);
      CHECK(ir >= 0 && c.rec.ev[ir].n == 1 && c.rec.ev[ir].ids[0] == sq, "%s: ANNOTATIONS_REMOVED(Square)", w);
    }
    check_label(&c, "Delete Annotation", w);
    check_one_undo(&c, &s0, w);
    CHECK(pdftools_annotation_get_rect(c.doc, sq, &r) == PDFTOOLS_OK, "%s: the undo brings the Square back (same id)", w);
  }
  get_state(c.doc, &s0);
  if (select_one(&c, f.pg, PDFTOOLS_TOOL_POLY_EDIT, "Backspace")) {
    pdftools_rect r;
    key(&c, PDFTOOLS_KEY_BACKSPACE, 0, PDFTOOLS_OK);
    CHECK(pdftools_annotation_get_rect(c.doc, f.pg, &r) == PDFTOOLS_E_NOT_FOUND, "Backspace deletes the selected Polygon");
    check_label(&c, "Delete Annotation", "Backspace on the selected Polygon");
    check_one_undo(&c, &s0, "Backspace on the selected Polygon");
  }
  get_state(c.doc, &s0);
  if (select_one(&c, f.ln, PDFTOOLS_TOOL_LINE_EDIT, "delete_selection")) {
    EXPECT_OK(pdftools_tool_delete_selection(c.m), "delete_selection of the Line");
    CHECK(count_annots(c.doc, page) == s0.count[page] - 1, "delete_selection removes the Line");
    CHECK(selection(&c, NULL, 0) == 0, "the selection is empty after deleting");
    check_one_undo(&c, &s0, "delete_selection");
  }

  /* Deleting a selection of two: one step, one ANNOTATIONS_REMOVED with both. */
  get_state(c.doc, &s0);
  {
    pdftools_annotation_id two[2];
    pdftools_rect r;
    int ir;
    two[0] = sq;
    two[1] = f.ln;
    mark = c.rec.n;
    if (EXPECT_OK(pdftools_tool_select(c.m, two, 2), "select the Square and the Line")) {
      key(&c, PDFTOOLS_KEY_DELETE, 0, PDFTOOLS_OK);
      CHECK(pdftools_annotation_get_rect(c.doc, sq, &r) == PDFTOOLS_E_NOT_FOUND &&
                pdftools_annotation_get_rect(c.doc, f.ln, &r) == PDFTOOLS_E_NOT_FOUND,
            "Delete removes both selected annotations");
      ir = find_event(&c, mark, PDFTOOLS_TOOL_EVENT_ANNOTATIONS_REMOVED);
      CHECK(ir >= 0 && same_id_set(c.rec.ev[ir].ids, c.rec.ev[ir].n, two, 2), "ANNOTATIONS_REMOVED names both");
      check_one_undo(&c, &s0, "deleting two annotations is one step");
    }
  }
  /* Ctrl toggles; Escape clears and returns to pan; a tap on empty space clears too. */
  set_tool(&c, PDFTOOLS_TOOL_PAN, 0);
  key(&c, PDFTOOLS_KEY_ESCAPE, 0, PDFTOOLS_OK);
  TAP(&c, page, 150, 250, 0);
  TAP(&c, page, 146, 433, PDFTOOLS_MOD_CTRL);
  {
    pdftools_annotation_id both[2];
    both[0] = sq;
    both[1] = f.pg;
    CHECK(selected_is(&c, both, 2), "Ctrl+tap adds the Polygon to the selection");
    TAP(&c, page, 150, 250, PDFTOOLS_MOD_META);
    CHECK(selected_is(&c, &f.pg, 1), "Meta+tap removes the Square again");
  }
  key(&c, PDFTOOLS_KEY_ESCAPE, 0, PDFTOOLS_OK);
  CHECK(selection(&c, NULL, 0) == 0 && cur_tool(&c, NULL) == PDFTOOLS_TOOL_PAN, "Escape clears the selection and returns to pan");
  select_one(&c, sq, PDFTOOLS_TOOL_ANNOTATION_EDIT, "tap on empty space");
  TAP(&c, page, 300, 330, 0);
  CHECK(selection(&c, NULL, 0) == 0 && cur_tool(&c, NULL) == PDFTOOLS_TOOL_PAN,
        "a tap on empty space in an edit tool clears the selection and returns to pan");

  /* Hit tolerance: 7 units right of the Square. */
  TAP(&c, page, SQ[2] + 7, 250, 0);
  CHECK(selection(&c, NULL, 0) == 0, "a mouse tap 7 units outside the Square selects nothing (tolerance 4)");
  set_tool(&c, PDFTOOLS_TOOL_PAN, 0);
  send_ex(&c, pdftools_tool_tap, "touch tap", page, SQ[2] + 7, 250, 0, PDFTOOLS_POINTER_TOUCH);
  CHECK(selected_is(&c, &sq, 1), "a touch tap 7 units outside the Square selects it (tolerance 10)");
  key(&c, PDFTOOLS_KEY_ESCAPE, 0, PDFTOOLS_OK);

  /* Hidden and ReadOnly annotations are not selected. */
  EXPECT_STATUS(pdftools_tool_select(c.m, &f.hidden, 1), PDFTOOLS_E_NOT_PERMITTED, "tool_select(a Hidden annotation)");
  EXPECT_STATUS(pdftools_tool_select(c.m, &f.ro, 1), PDFTOOLS_E_NOT_PERMITTED, "tool_select(a ReadOnly annotation)");
  set_tool(&c, PDFTOOLS_TOOL_PAN, 0);
  TAP(&c, page, (HID[0] + HID[2]) / 2, (HID[1] + HID[3]) / 2, 0);
  CHECK(selection(&c, NULL, 0) == 0, "a tap on a Hidden annotation selects nothing");
  set_tool(&c, PDFTOOLS_TOOL_PAN, 0);
  TAP(&c, page, (RO[0] + RO[2]) / 2, (RO[1] + RO[3]) / 2, 0);
  CHECK(selection(&c, NULL, 0) == 0, "a tap on a ReadOnly annotation selects nothing");

  /* Box select from empty space. */
  get_state(c.doc, &s0);
  set_tool(&c, PDFTOOLS_TOOL_PAN, 0);
  drag(&c, page, 50, 150, 250, 350, 0, &o, "box select around the Square");
  {
    const pdftools_overlay_item *r = ovl_find(&o, PDFTOOLS_OVERLAY_RECT, 0);
    CHECK(item_ok(&o, r) && near_rect(item_box(&o, r), mkrect(50, 150, 250, 350), 0.5),
          "box select: a RECT band in the overlay during the drag");
  }
  CHECK(selected_is(&c, &sq, 1), "box select selects the Square");
  set_tool(&c, PDFTOOLS_TOOL_PAN, 0);
  key(&c, PDFTOOLS_KEY_ESCAPE, 0, PDFTOOLS_OK);
  drag(&c, page, 50, 150, 450, 590, 0, NULL, "box select around everything");
  {
    pdftools_annotation_id want[4];
    want[0] = sq;
    want[1] = f.ln;
    want[2] = f.pg;
    want[3] = f.lk;
    CHECK(selected_is(&c, want, 4) || selected_is(&c, want, 3),
          "box select: the Square, Line, Polygon (and Link), not the Hidden or ReadOnly ones (%d selected)",
          (int)selection(&c, NULL, 0));
  }
  check_unchanged(&c, &s0, "box select writes nothing");
  /* Moving a selection of several annotations: one step. */
  {
    const char *w = "move a selection of Square and Polygon";
    pdftools_annotation_id two[2];
    two[0] = sq;
    two[1] = f.pg;
    EXPECT_OK(pdftools_tool_select(c.m, two, 2), "tool_select(Square, Polygon)");
    drag(&c, page, 150, 250, 155, 265, 0, NULL, w);
    check_disp_rect(&c, page, sq, SQ[0] + 5, SQ[1] + 15, SQ[2] + 5, SQ[3] + 15, w);
    {
      pdftools_point v[8];
      int32_t n = 0;
      pdftools_annotation_get_vertices(c.doc, f.pg, v, 8, &n);
      CHECK(n == 3 && near_pt(v[0], to_page(page, PG[0].x + 5, PG[0].y + 15), TOL), "%s: the Polygon moved too", w);
    }
    check_one_undo(&c, &s0, w);
  }

  /* A link is followed in pan. */
  set_tool(&c, PDFTOOLS_TOOL_PAN, 0);
  key(&c, PDFTOOLS_KEY_ESCAPE, 0, PDFTOOLS_OK);
  mark = c.rec.n;
  TAP(&c, page, (LK[0] + LK[2]) / 2, (LK[1] + LK[3]) / 2, 0);
  {
    int il = find_event(&c, mark, PDFTOOLS_TOOL_EVENT_LINK_ACTIVATED);
    CHECK(il >= 0 && c.rec.ev[il].has_text && strcmp(c.rec.ev[il].text, "https://example.org/followed") == 0 &&
              c.rec.ev[il].target_page == -1,
          "%s: a tap on the Link fires LINK_ACTIVATED with its URI", what);
  }
  /* commit_text with one annotation selected and no request sets its /Contents (one step). */
  get_state(c.doc, &s0);
  if (select_one(&c, sq, PDFTOOLS_TOOL_ANNOTATION_EDIT, "commit_text on a selection")) {
    EXPECT_OK(pdftools_tool_commit_text(c.m, "new contents"), "commit_text on the selected Square");
    check_contents(&c, sq, "new contents", "commit_text on the selected Square");
    check_one_undo(&c, &s0, "commit_text on the selected Square");
    pdftools_annotation_set_flags(c.doc, sq, PDFTOOLS_ANNOT_PRINT | PDFTOOLS_ANNOT_LOCKED_CONTENTS);
    get_state(c.doc, &s0);
    select_one(&c, sq, PDFTOOLS_TOOL_ANNOTATION_EDIT, "commit_text on LockedContents");
    EXPECT_STATUS(pdftools_tool_commit_text(c.m, "refused"), PDFTOOLS_E_NOT_PERMITTED,
                  "commit_text on a LockedContents Square");
    check_unchanged(&c, &s0, "commit_text on a LockedContents Square writes nothing");
    pdftools_undo_undo(c.doc, NULL);
  }
  /* A long press selects the annotation under it. */
  set_tool(&c, PDFTOOLS_TOOL_PAN, 0);
  key(&c, PDFTOOLS_KEY_ESCAPE, 0, PDFTOOLS_OK);
  send_ex(&c, pdftools_tool_long_press, "long_press", page, 150, 250, 0, PDFTOOLS_POINTER_TOUCH);
  CHECK(selected_is(&c, &sq, 1), "a long press selects the Square");
  /* A drag on text in pan selects text; nothing is written (last: see c_findings). */
  {
    pdftools_point a = char_center(c.doc, page, 0), b = char_center(c.doc, page, 4);
    markup_expect x;
    char buf[256] = "";
    size_t need = 0;
    expect_markup(c.doc, page, a, page, b, page, &x);
    set_tool(&c, PDFTOOLS_TOOL_PAN, 0);
    key(&c, PDFTOOLS_KEY_ESCAPE, 0, PDFTOOLS_OK);
    get_state(c.doc, &s0);
    drag(&c, page, a.x, a.y, b.x, b.y, 0, &o, "text selection in pan");
    CHECK(ovl_count(&o, PDFTOOLS_OVERLAY_QUAD) == 1, "text selection in pan: one QUAD in the overlay");
    CHECK(pdftools_tool_get_selected_text(c.m, buf, sizeof buf, &need) == PDFTOOLS_OK && strcmp(buf, x.text) == 0,
          "text selection in pan: selected_text \"%s\" (got \"%s\")", x.text, buf);
    check_unchanged(&c, &s0, "text selection writes nothing");
  }
  ctx_close(&c);
}

/* Text markup ends: TEXT_START / TEXT_END handles; dragging the end reselects the text. */
static void test_markup_edit(int page) {
  ctx c;
  char what[128];
  doc_state s0;
  ovl o;
  pdftools_annotation_id id;
  pdftools_point a, b, e;
  markup_expect x1, x2;
  snprintf(what, sizeof what, "text_markup_edit on page %d", page);
  if (!ctx_open(&c, what)) return;
  a = char_center(c.doc, page, 0);
  b = char_center(c.doc, page, 4);
  e = char_center(c.doc, page, 10);
  expect_markup(c.doc, page, a, page, b, page, &x1);
  expect_markup(c.doc, page, a, page, e, page, &x2);
  set_tool(&c, PDFTOOLS_TOOL_HIGHLIGHT, 0);
  drag(&c, page, a.x, a.y, b.x, b.y, 0, NULL, what);
  id = the_new_one(&c, page, NULL, 0, what);
  if (!id) {
    ctx_close(&c);
    return;
  }
  check_contents(&c, id, x1.text, "highlight of the first word");
  key(&c, PDFTOOLS_KEY_ESCAPE, 0, PDFTOOLS_OK);
  pdftools_undo_clear(c.doc);
  get_state(c.doc, &s0);
  set_tool(&c, PDFTOOLS_TOOL_PAN, 0);
  {
    pdftools_point mid = char_center(c.doc, page, 2);
    TAP(&c, page, mid.x, mid.y, 0);
  }
  CHECK(cur_tool(&c, NULL) == PDFTOOLS_TOOL_TEXT_MARKUP_EDIT && selected_is(&c, &id, 1),
        "%s: a tap on the Highlight hands it to text_markup_edit (tool %d)", what, (int)cur_tool(&c, NULL));
  get_overlay(&c, page, &o);
  {
    const pdftools_overlay_item *hs = ovl_handle(&o, PDFTOOLS_HANDLE_TEXT_START, 0);
    const pdftools_overlay_item *he = ovl_handle(&o, PDFTOOLS_HANDLE_TEXT_END, 0);
    int32_t k;
    for (k = 0; k < o.ni && (!hs || !he); k++) {
      if (o.items[k].kind != PDFTOOLS_OVERLAY_HANDLE) continue;
      if (!hs && o.items[k].handle_kind == PDFTOOLS_HANDLE_TEXT_START) hs = &o.items[k];
      if (!he && o.items[k].handle_kind == PDFTOOLS_HANDLE_TEXT_END) he = &o.items[k];
    }
    CHECK(item_ok(&o, hs) && item_ok(&o, he) && hs->annotation == id && he->annotation == id,
          "%s: TEXT_START and TEXT_END handles on the Highlight", what);
    if (item_ok(&o, hs) && item_ok(&o, he)) {
      pdftools_rect q = rect_to_disp(page, mkrect(x1.q[0].p1.x, x1.q[0].p1.y, x1.q[0].p4.x, x1.q[0].p4.y));
      pdftools_point ps = item_pt(&o, hs, 0), pe = item_pt(&o, he, 0);
      /* The handles sit at the ends of the marked text (within a few units of its box). */
      CHECK(ps.x >= q.x0 - 6 && ps.x <= q.x1 + 6 && ps.y >= q.y0 - 6 && ps.y <= q.y1 + 6 && pe.x >= q.x0 - 6 &&
                pe.x <= q.x1 + 6 && pe.y >= q.y0 - 6 && pe.y <= q.y1 + 6,
            "%s: the handles are at the marked text", what);
      {
        const char *w = "drag the Highlight's end handle to the end of the line";
        drag(&c, page, pe.x, pe.y, e.x, e.y, 0, NULL, w);
        check_quads(&c, id, &x2, w);
        check_contents(&c, id, x2.text, w);
        check_one_undo(&c, &s0, w);
        check_quads(&c, id, &x1, "the undo restores the quads");
        check_contents(&c, id, x1.text, "the undo restores the text");
      }
    }
  }
  /* Dragging the start handle: the text from the end (char 4) back to the pointer (char 2). */
  get_state(c.doc, &s0);
  if (select_one(&c, id, PDFTOOLS_TOOL_TEXT_MARKUP_EDIT, "markup start handle")) {
    const pdftools_overlay_item *hs;
    int32_t k;
    get_overlay(&c, page, &o);
    hs = ovl_handle(&o, PDFTOOLS_HANDLE_TEXT_START, 0);
    for (k = 0; k < o.ni && !hs; k++)
      if (o.items[k].kind == PDFTOOLS_OVERLAY_HANDLE && o.items[k].handle_kind == PDFTOOLS_HANDLE_TEXT_START)
        hs = &o.items[k];
    if (CHECK(item_ok(&o, hs), "%s: a TEXT_START handle", what)) {
      markup_expect x3;
      pdftools_point to = char_center(c.doc, page, 2);
      expect_markup(c.doc, page, to, page, b, page, &x3);
      drag(&c, page, item_pt(&o, hs, 0).x, item_pt(&o, hs, 0).y, to.x, to.y, 0, NULL, "drag the start handle");
      check_quads(&c, id, &x3, "drag the Highlight's start handle to its third character");
      check_contents(&c, id, x3.text, "drag the Highlight's start handle to its third character");
      check_one_undo(&c, &s0, "drag the start handle");
    }
  }
  /* The body of a text markup cannot be moved. */
  get_state(c.doc, &s0);
  if (select_one(&c, id, PDFTOOLS_TOOL_TEXT_MARKUP_EDIT, "markup body")) {
    pdftools_point mid = char_center(c.doc, page, 2);
    drag(&c, page, mid.x, mid.y, mid.x + 40, mid.y + 60, 0, NULL, "drag a Highlight's body");
    check_quads(&c, id, &x1, "a dragged Highlight body stays");
    check_unchanged(&c, &s0, "dragging a Highlight's body writes nothing");
  }
  ctx_close(&c);
}

/* Geometry that moves and scales with the frame: ink points, polygon vertices, callout lines; the topmost
 * annotation wins a tap. */
static void test_edit_geometry(int page) {
  ctx c;
  char what[128];
  doc_state s0;
  ovl o;
  pdftools_annotation_id ik = 0, pg = 0, ft = 0, low = 0, top = 0;
  const pdftools_point INK[3] = {{470, 300}, {520, 350}, {570, 310}};
  const pdftools_point POLY[3] = {{100, 300}, {200, 320}, {140, 380}};
  const pdftools_point CL[2] = {{300, 120}, {350, 150}}; /* anchor, then the left edge of the box */
  pdftools_point pp[3];
  int32_t one = 3;
  int i, ok = 1;
  snprintf(what, sizeof what, "moving and scaling geometry on page %d", page);
  if (!ctx_open(&c, what)) return;
  for (i = 0; i < 3; i++) pp[i] = to_page(page, INK[i].x, INK[i].y);
  ok &= pdftools_annotation_create(c.doc, page, "Ink", box_to_page(page, 470, 300, 570, 350), &ik) == PDFTOOLS_OK;
  ok &= pdftools_annotation_set_ink(c.doc, ik, pp, &one, 1) == PDFTOOLS_OK;
  for (i = 0; i < 3; i++) pp[i] = to_page(page, POLY[i].x, POLY[i].y);
  ok &= pdftools_annotation_create(c.doc, page, "Polygon", box_to_page(page, 100, 300, 200, 380), &pg) == PDFTOOLS_OK;
  ok &= pdftools_annotation_set_vertices(c.doc, pg, pp, 3) == PDFTOOLS_OK;
  for (i = 0; i < 2; i++) pp[i] = to_page(page, CL[i].x, CL[i].y);
  ok &= pdftools_annotation_create(c.doc, page, "FreeText", box_to_page(page, 350, 135, 450, 165), &ft) == PDFTOOLS_OK;
  ok &= pdftools_annotation_set_callout(c.doc, ft, pp, 2) == PDFTOOLS_OK;
  ok &= pdftools_annotation_create(c.doc, page, "Square", box_to_page(page, 250, 400, 350, 480), &low) == PDFTOOLS_OK;
  ok &= pdftools_annotation_create(c.doc, page, "Circle", box_to_page(page, 300, 420, 400, 500), &top) == PDFTOOLS_OK;
  pdftools_undo_clear(c.doc);
  if (!CHECK(ok, "%s: set-up through the API", what)) {
    ctx_close(&c);
    return;
  }
  /* The topmost annotation under the point gets the tap. */
  set_tool(&c, PDFTOOLS_TOOL_PAN, 0);
  TAP(&c, page, 320, 450, 0);
  CHECK(selected_is(&c, &top, 1), "%s: a tap where two annotations overlap selects the topmost", what);
  key(&c, PDFTOOLS_KEY_ESCAPE, 0, PDFTOOLS_OK);

  /* Ink: move translates every point. */
  get_state(c.doc, &s0);
  if (select_one(&c, ik, PDFTOOLS_TOOL_ANNOTATION_EDIT, "move ink")) {
    ink k;
    drag(&c, page, 495, 325, 510, 350, 0, NULL, "move the Ink by (15, 25)");
    get_ink(c.doc, ik, &k);
    ok = k.st == PDFTOOLS_OK && k.np == 3;
    for (i = 0; ok && i < 3; i++) ok = near_pt(k.p[i], to_page(page, INK[i].x + 15, INK[i].y + 25), TOL);
    CHECK(ok, "%s: moving an Ink translates its points", what);
    check_one_undo(&c, &s0, "move the Ink");
  }
  /* Polygon: resize by box handle 4 scales the vertices about the opposite corner. */
  get_state(c.doc, &s0);
  if (select_one(&c, pg, PDFTOOLS_TOOL_POLY_EDIT, "resize polygon")) {
    pdftools_rect r0 = rect_to_disp(page, annot_rect(c.doc, pg));
    const pdftools_overlay_item *h;
    get_overlay(&c, page, &o);
    h = ovl_handle(&o, PDFTOOLS_HANDLE_BOX, 4);
    if (CHECK(item_ok(&o, h) && near_pt(item_pt(&o, h, 0), mkpt(r0.x1, r0.y1), 0.5),
              "%s: the Polygon's box handle 4 is at its frame's bottom right corner", what)) {
      double sx = (r0.x1 + 50 - r0.x0) / (r0.x1 - r0.x0), sy = (r0.y1 + 40 - r0.y0) / (r0.y1 - r0.y0);
      pdftools_point v[8];
      int32_t n = 0;
      drag(&c, page, r0.x1, r0.y1, r0.x1 + 50, r0.y1 + 40, 0, NULL, "resize the Polygon by handle 4");
      ok = pdftools_annotation_get_vertices(c.doc, pg, v, 8, &n) == PDFTOOLS_OK && n == 3;
      for (i = 0; ok && i < 3; i++)
        ok = near_pt(v[i], to_page(page, r0.x0 + (POLY[i].x - r0.x0) * sx, r0.y0 + (POLY[i].y - r0.y0) * sy), TOL);
      CHECK(ok, "%s: resizing a Polygon scales its vertices about the fixed corner (sx %.3f, sy %.3f)", what, sx, sy);
      check_label(&c, "Resize Annotation", "resize the Polygon");
      check_one_undo(&c, &s0, "resize the Polygon");
    }
  }
  /* Callout: moving by the text box translates /CL and the box. */
  get_state(c.doc, &s0);
  set_tool(&c, PDFTOOLS_TOOL_PAN, 0);
  key(&c, PDFTOOLS_KEY_ESCAPE, 0, PDFTOOLS_OK);
  TAP(&c, page, 400, 150, 0);
  if (CHECK(selected_is(&c, &ft, 1), "%s: a tap in the callout's text box selects it", what)) {
    pdftools_rect tb0 = text_box(&c, ft), tb1;
    pdftools_point d = to_page(page, 20, 30), z = to_page(page, 0, 0);
    char *cl;
    double v[6];
    int n;
    d.x -= z.x;
    d.y -= z.y;
    drag(&c, page, 400, 150, 420, 180, 0, NULL, "move the callout by (20, 30)");
    cl = get_raw(c.doc, ft, "CL");
    n = cl ? tc_parse_numbers(cl, v, 6) : -1;
    ok = n == 4;
    for (i = 0; ok && i < 2; i++) ok = near_pt(mkpt(v[2 * i], v[2 * i + 1]), to_page(page, CL[i].x + 20, CL[i].y + 30), TOL);
    CHECK(ok, "%s: moving a callout translates /CL (got %s)", what, cl ? cl : "(none)");
    free(cl);
    tb1 = text_box(&c, ft);
    {
      char *rd = get_raw(c.doc, ft, "RD");
      pdftools_rect r1 = annot_rect(c.doc, ft);
      CHECK(near_rect(tb1, mkrect(tb0.x0 + d.x, tb0.y0 + d.y, tb0.x1 + d.x, tb0.y1 + d.y), TOL),
            "%s: and its text box (/Rect less /RD [%.1f %.1f %.1f %.1f] -> [%.1f %.1f %.1f %.1f]; /Rect [%.1f %.1f %.1f %.1f] /RD %s)",
            what, tb0.x0, tb0.y0, tb0.x1, tb0.y1, tb1.x0, tb1.y0, tb1.x1, tb1.y1, r1.x0, r1.y0, r1.x1, r1.y1,
            rd ? rd : "none");
      free(rd);
    }
    check_one_undo(&c, &s0, "move the callout");
    /* A nudge translates the callout the same way. */
    get_state(c.doc, &s0);
    if (select_one(&c, ft, PDFTOOLS_TOOL_ANNOTATION_EDIT, "nudge the callout")) {
      pdftools_point e = to_page(page, 10, 0);
      e.x -= z.x;
      e.y -= z.y;
      key(&c, PDFTOOLS_KEY_RIGHT, PDFTOOLS_MOD_SHIFT, PDFTOOLS_OK);
      tb1 = text_box(&c, ft);
      CHECK(near_rect(tb1, mkrect(tb0.x0 + e.x, tb0.y0 + e.y, tb0.x1 + e.x, tb0.y1 + e.y), TOL),
            "%s: a Shift+Right nudge moves the callout's text box by 10 on screen ([%.1f %.1f %.1f %.1f])", what, tb1.x0,
            tb1.y0, tb1.x1, tb1.y1);
      check_one_undo(&c, &s0, "nudge the callout");
    }
  }
  /* Ink: resize by box handle 4 scales the points about the opposite corner. */
  get_state(c.doc, &s0);
  if (select_one(&c, ik, PDFTOOLS_TOOL_ANNOTATION_EDIT, "resize ink")) {
    pdftools_rect r0 = rect_to_disp(page, annot_rect(c.doc, ik));
    double sx = (r0.x1 + 30 - r0.x0) / (r0.x1 - r0.x0), sy = (r0.y1 + 50 - r0.y0) / (r0.y1 - r0.y0);
    ink k;
    drag(&c, page, r0.x1, r0.y1, r0.x1 + 30, r0.y1 + 50, 0, NULL, "resize the Ink by handle 4");
    get_ink(c.doc, ik, &k);
    ok = k.st == PDFTOOLS_OK && k.np == 3;
    for (i = 0; ok && i < 3; i++)
      ok = near_pt(k.p[i], to_page(page, r0.x0 + (INK[i].x - r0.x0) * sx, r0.y0 + (INK[i].y - r0.y0) * sy), TOL);
    CHECK(ok, "%s: resizing an Ink scales its points about the fixed corner (sx %.3f, sy %.3f; first point %.1f %.1f)",
          what, sx, sy, k.np ? k.p[0].x : 0, k.np ? k.p[0].y : 0);
    check_one_undo(&c, &s0, "resize the Ink");
  }
  ctx_close(&c);
}

/* Double tap and long press on text select a word. */
static void test_text_gestures(int page) {
  ctx c;
  char what[128], buf[64];
  size_t need = 0;
  pdftools_point p;
  doc_state s0;
  static const char *const word[2] = {"tools", "page"};
  static const int ch[2] = {8, 9};
  snprintf(what, sizeof what, "word gestures on page %d", page);
  if (!ctx_open(&c, what)) return;
  get_state(c.doc, &s0);
  p = char_center(c.doc, page, ch[page]);
  set_tool(&c, PDFTOOLS_TOOL_TEXT_SELECT, 0);
  DTAP(&c, page, p.x, p.y, 0);
  buf[0] = '\0';
  CHECK(pdftools_tool_get_selected_text(c.m, buf, sizeof buf, &need) == PDFTOOLS_OK && strcmp(buf, word[page]) == 0,
        "%s: a double tap with text_select selects the word \"%s\" (got \"%s\")", what, word[page], buf);
  set_tool(&c, PDFTOOLS_TOOL_PAN, 0);
  key(&c, PDFTOOLS_KEY_ESCAPE, 0, PDFTOOLS_OK);
  p = char_center(c.doc, page, 1);
  send_ex(&c, pdftools_tool_long_press, "long_press", page, p.x, p.y, 0, PDFTOOLS_POINTER_TOUCH);
  buf[0] = '\0';
  CHECK(pdftools_tool_get_selected_text(c.m, buf, sizeof buf, &need) == PDFTOOLS_OK &&
            strcmp(buf, page == 0 ? "Hello" : "Rotated") == 0,
        "%s: a long press on text selects the word (got \"%s\")", what, buf);
  check_unchanged(&c, &s0, "word gestures write nothing");
  ctx_close(&c);
}

static void test_locked(void) {
  ctx c;
  const char *what = "Locked annotations";
  edit_fixture f;
  doc_state s0;
  int32_t handled = -1;
  if (!ctx_open(&c, what)) return;
  if (!make_edit_fixture(&c, 0, &f, what)) {
    ctx_close(&c);
    return;
  }
  pdftools_annotation_set_flags(c.doc, f.sq, PDFTOOLS_ANNOT_LOCKED | PDFTOOLS_ANNOT_PRINT);
  pdftools_undo_clear(c.doc);
  get_state(c.doc, &s0);
  set_tool(&c, PDFTOOLS_TOOL_PAN, 0);
  TAP(&c, 0, 150, 250, 0);
  CHECK(selected_is(&c, &f.sq, 1), "%s: a Locked annotation is selected by a tap", what);
  drag(&c, 0, 150, 250, 190, 290, 0, NULL, "drag a Locked Square");
  check_disp_rect(&c, 0, f.sq, SQ[0], SQ[1], SQ[2], SQ[3], "a Locked Square is not moved");
  select_one(&c, f.sq, PDFTOOLS_TOOL_ANNOTATION_EDIT, "locked resize");
  drag(&c, 0, SQ[2], SQ[3], 260, 340, 0, NULL, "resize a Locked Square");
  check_disp_rect(&c, 0, f.sq, SQ[0], SQ[1], SQ[2], SQ[3], "a Locked Square is not resized");
  select_one(&c, f.sq, PDFTOOLS_TOOL_ANNOTATION_EDIT, "locked delete");
  EXPECT_STATUS(pdftools_tool_key(c.m, PDFTOOLS_KEY_DELETE, 0, &handled), PDFTOOLS_E_NOT_PERMITTED,
                "Delete key on a Locked Square");
  EXPECT_STATUS(pdftools_tool_delete_selection(c.m), PDFTOOLS_E_NOT_PERMITTED, "delete_selection of a Locked Square");
  EXPECT_STATUS(pdftools_tool_key(c.m, PDFTOOLS_KEY_RIGHT, 0, &handled), PDFTOOLS_E_NOT_PERMITTED,
                "nudging a Locked Square");
  check_disp_rect(&c, 0, f.sq, SQ[0], SQ[1], SQ[2], SQ[3], "a Locked Square is not nudged");
  CHECK(selected_is(&c, &f.sq, 1), "the Locked Square stays selected");
  check_unchanged(&c, &s0, "nothing is written for a Locked annotation");
  /* A mixed selection: the Polygon goes, the Locked Square stays (and stays selected). */
  {
    pdftools_annotation_id two[2];
    pdftools_rect r;
    two[0] = f.sq;
    two[1] = f.pg;
    EXPECT_OK(pdftools_tool_select(c.m, two, 2), "select a Locked Square and a Polygon");
    EXPECT_OK(pdftools_tool_delete_selection(c.m), "delete_selection with one Locked annotation");
    CHECK(pdftools_annotation_get_rect(c.doc, f.pg, &r) == PDFTOOLS_E_NOT_FOUND &&
              pdftools_annotation_get_rect(c.doc, f.sq, &r) == PDFTOOLS_OK,
          "the Polygon is deleted, the Locked Square kept");
    CHECK(selected_is(&c, &f.sq, 1), "the Locked Square stays selected");
  }
  ctx_close(&c);
}

/* ------------------------------------------------------------------------ */
/* 4. Styles                                                                 */

typedef struct style_spec {
  pdftools_tool tool;
  int has_color;
  double r, g, b, width, opacity;
  int line_start, line_end; /* -1: not stated */
  double cloudy;            /* -1: not stated */
  const char *icon;
} style_spec;

static const style_spec k_styles[] = {
    {PDFTOOLS_TOOL_HIGHLIGHT, 1, 1, 1, 0, -1, 1, -1, -1, -1, NULL},
    {PDFTOOLS_TOOL_UNDERLINE, 1, 0, 0.6, 0, -1, 1, -1, -1, -1, NULL},
    {PDFTOOLS_TOOL_SQUIGGLY, 1, 0.9, 0.3, 0, -1, 1, -1, -1, -1, NULL},
    {PDFTOOLS_TOOL_STRIKE_OUT, 1, 1, 0, 0, -1, 1, -1, -1, -1, NULL},
    {PDFTOOLS_TOOL_INK, 1, 0, 0, 1, 2, 1, -1, -1, -1, NULL},
    {PDFTOOLS_TOOL_FREE_HIGHLIGHT, 1, 1, 1, 0, 12, 0.4, -1, -1, -1, NULL},
    {PDFTOOLS_TOOL_ERASER, -1, 0, 0, 0, 10, -1, -1, -1, -1, NULL},
    {PDFTOOLS_TOOL_RECTANGLE, 1, 1, 0, 0, 2, 1, -1, -1, -1, NULL},
    {PDFTOOLS_TOOL_OVAL, 1, 1, 0, 0, 2, 1, -1, -1, -1, NULL},
    {PDFTOOLS_TOOL_LINE, 1, 1, 0, 0, 2, 1, -1, -1, -1, NULL},
    {PDFTOOLS_TOOL_ARROW, 1, 1, 0, 0, 2, 1, -1, PDFTOOLS_ENDING_OPEN_ARROW, -1, NULL},
    {PDFTOOLS_TOOL_RULER, 1, 0, 0.4, 1, 1, 1, PDFTOOLS_ENDING_BUTT, PDFTOOLS_ENDING_BUTT, -1, NULL},
    {PDFTOOLS_TOOL_POLYLINE, 1, 1, 0, 0, 2, 1, -1, -1, -1, NULL},
    {PDFTOOLS_TOOL_POLYGON, 1, 1, 0, 0, 2, 1, -1, -1, -1, NULL},
    {PDFTOOLS_TOOL_CLOUD, 1, 1, 0, 0, 2, 1, -1, -1, 1, NULL},
    {PDFTOOLS_TOOL_PERIMETER, 1, 0, 0.4, 1, 1, 1, -1, -1, -1, NULL},
    {PDFTOOLS_TOOL_AREA, 1, 0, 0.4, 1, 1, 1, -1, -1, -1, NULL},
    {PDFTOOLS_TOOL_FREE_TEXT, 0, 0, 0, 0, 0, 1, -1, -1, -1, NULL},
    {PDFTOOLS_TOOL_CALLOUT, 1, 0, 0, 0, 1, 1, PDFTOOLS_ENDING_OPEN_ARROW, -1, -1, NULL},
    {PDFTOOLS_TOOL_STICKY_NOTE, 1, 1, 0.82, 0, -1, 1, -1, -1, -1, "Comment"},
    {PDFTOOLS_TOOL_STAMP, 1, 0.8, 0, 0, -1, 1, -1, -1, -1, "Approved"},
    {PDFTOOLS_TOOL_FILE_ATTACHMENT, 1, 0, 0, 1, -1, 1, -1, -1, -1, "PushPin"},
    {PDFTOOLS_TOOL_SIGNATURE, 1, 0, 0, 0.5, 2, 1, -1, -1, -1, NULL},
    {PDFTOOLS_TOOL_LINK, 0, 0, 0, 0, 0, 1, -1, -1, -1, NULL},
};

static void test_style_defaults(void) {
  ctx c;
  size_t i;
  if (!ctx_open(&c, "style defaults")) return;
  for (i = 0; i < sizeof k_styles / sizeof k_styles[0]; i++) {
    const style_spec *sp = &k_styles[i];
    pdftools_tool_style s = get_style(&c, sp->tool);
    const char *n = pdftools_tool_name(sp->tool);
    int ok = s.version == PDFTOOLS_TOOL_STYLE_VERSION;
    if (sp->has_color == 1) ok = ok && s.has_color && near_color(s.color, sp->r, sp->g, sp->b);
    if (sp->has_color == 0) ok = ok && !s.has_color;
    if (sp->width >= 0) ok = ok && tc_near(s.width, sp->width, 1e-9);
    if (sp->opacity >= 0) ok = ok && tc_near(s.opacity, sp->opacity, 1e-9);
    if (sp->line_start >= 0) ok = ok && (int)s.line_start == sp->line_start;
    if (sp->line_end >= 0) ok = ok && (int)s.line_end == sp->line_end;
    if (sp->cloudy >= 0) ok = ok && tc_near(s.cloudy, sp->cloudy, 1e-9);
    if (sp->icon) ok = ok && strcmp(s.icon, sp->icon) == 0;
    if (sp->tool != PDFTOOLS_TOOL_ERASER) ok = ok && s.border_style == PDFTOOLS_BORDER_SOLID;
    CHECK(ok, "default style of %s as the spec lists it (colour %d (%.2f %.2f %.2f), width %g, opacity %g, ends %d/%d, cloudy %g, icon \"%s\")",
          n, (int)s.has_color, s.color.r, s.color.g, s.color.b, s.width, s.opacity, (int)s.line_start,
          (int)s.line_end, s.cloudy, s.icon);
  }
  {
    pdftools_tool_style ft = get_style(&c, PDFTOOLS_TOOL_FREE_TEXT), co = get_style(&c, PDFTOOLS_TOOL_CALLOUT);
    CHECK(strcmp(ft.font, "Helvetica") == 0 && tc_near(ft.font_size, 12, 1e-9) && near_color(ft.text_color, 0, 0, 0),
          "free_text default font Helvetica 12 black (\"%s\" %g)", ft.font, ft.font_size);
    CHECK(strcmp(co.font, "Helvetica") == 0 && tc_near(co.font_size, 12, 1e-9), "callout default font Helvetica 12");
  }
  ctx_close(&c);
}

static void test_style_apply(void) {
  ctx c;
  const char *what = "styles applied";
  pdftools_tool_style st, green, blue, def;
  pdftools_annotation_id id, id2;
  doc_state s0;
  if (!ctx_open(&c, what)) return;
  st = get_style(&c, PDFTOOLS_TOOL_RECTANGLE);
  green = st;
  green.color.r = 0, green.color.g = 1, green.color.b = 0;
  green.width = 5;
  blue = st;
  blue.color.r = 0, blue.color.g = 0, blue.color.b = 1;

  /* Without a selection set_style sets the default. */
  EXPECT_OK(pdftools_tool_set_style(c.m, PDFTOOLS_TOOL_RECTANGLE, &green), "set_style(rectangle, green) without a selection");
  def = get_style(&c, PDFTOOLS_TOOL_RECTANGLE);
  CHECK(near_color(def.color, 0, 1, 0) && tc_near(def.width, 5, 1e-9), "the rectangle default is now green, width 5");
  CHECK(count_annots(c.doc, 0) == 0 && undo_label(c.doc) == NULL, "setting a default writes nothing");

  /* The style is snapshotted at pointer down. */
  set_tool(&c, PDFTOOLS_TOOL_RECTANGLE, 0);
  DOWN(&c, 0, 100, 100, 0);
  MOVE(&c, 0, 150, 150, 0);
  EXPECT_OK(pdftools_tool_set_default_style(c.m, PDFTOOLS_TOOL_RECTANGLE, &blue), "set_default_style(blue) mid-gesture");
  MOVE(&c, 0, 200, 200, 0);
  UP(&c, 0, 200, 200, 0);
  id = the_new_one(&c, 0, NULL, 0, "rectangle with a style changed mid-gesture");
  if (id) {
    check_color(&c, id, PDFTOOLS_COLOR_STROKE, 1, 0, 1, 0, "a style changed mid-gesture does not affect it");
    check_border(&c, id, 5, "a style changed mid-gesture does not affect it");
  }
  set_tool(&c, PDFTOOLS_TOOL_RECTANGLE, 0);
  drag(&c, 0, 300, 300, 400, 400, 0, NULL, "rectangle after the change");
  {
    pdftools_annotation_id old[1];
    old[0] = id;
    id2 = the_new_one(&c, 0, old, 1, "rectangle after the change");
  }
  if (id2) check_color(&c, id2, PDFTOOLS_COLOR_STROKE, 1, 0, 0, 1, "the next gesture uses the new default (blue)");

  /* Styles of the text tools and icons are used. */
  {
    pdftools_tool_style ft = get_style(&c, PDFTOOLS_TOOL_FREE_TEXT), sn = get_style(&c, PDFTOOLS_TOOL_STICKY_NOTE);
    pdftools_tool_style sp = get_style(&c, PDFTOOLS_TOOL_STAMP);
    pdftools_annotation_id t;
    pdftools_annotation_id old[8];
    size_t nold;
    snprintf(ft.font, sizeof ft.font, "%s", "Courier");
    ft.font_size = 18;
    ft.text_color.r = 1, ft.text_color.g = 0, ft.text_color.b = 0;
    snprintf(sn.icon, sizeof sn.icon, "%s", "Key");
    snprintf(sp.icon, sizeof sp.icon, "%s", "Draft");
    EXPECT_OK(pdftools_tool_set_default_style(c.m, PDFTOOLS_TOOL_FREE_TEXT, &ft), "set_default_style(free_text, Courier 18 red)");
    EXPECT_OK(pdftools_tool_set_default_style(c.m, PDFTOOLS_TOOL_STICKY_NOTE, &sn), "set_default_style(sticky_note, Key)");
    EXPECT_OK(pdftools_tool_set_default_style(c.m, PDFTOOLS_TOOL_STAMP, &sp), "set_default_style(stamp, Draft)");
    nold = page_ids(c.doc, 0, old, 8);
    set_tool(&c, PDFTOOLS_TOOL_FREE_TEXT, 0);
    TAP(&c, 0, 100, 500, 0);
    pdftools_tool_commit_text(c.m, "styled");
    t = the_new_one(&c, 0, old, nold, "free text with a style");
    if (t) {
      char font[64] = "";
      size_t need = 0;
      double size = 0;
      pdftools_color col = {0, 0, 0};
      pdftools_annotation_get_free_text(c.doc, t, font, sizeof font, &need, &size, &col, NULL);
      CHECK(strcmp(font, "Courier") == 0 && tc_near(size, 18, 1e-6) && near_color(col, 1, 0, 0),
            "free text uses the default style's font, size and text colour (\"%s\" %g)", font, size);
    }
    nold = page_ids(c.doc, 0, old, 8);
    set_tool(&c, PDFTOOLS_TOOL_STICKY_NOTE, 0);
    TAP(&c, 0, 300, 500, 0);
    pdftools_tool_commit_text(c.m, "key note");
    t = the_new_one(&c, 0, old, nold, "sticky note with a style");
    if (t) CHECK(raw_has(c.doc, t, "Name", "/Key"), "the sticky note uses the style's icon (/Key)");
    nold = page_ids(c.doc, 0, old, 8);
    set_tool(&c, PDFTOOLS_TOOL_STAMP, 0);
    TAP(&c, 0, 300, 600, 0);
    t = the_new_one(&c, 0, old, nold, "stamp with a style");
    if (t) CHECK(raw_has(c.doc, t, "Name", "/Draft"), "the stamp uses the style's icon (/Draft)");
    set_tool(&c, PDFTOOLS_TOOL_PAN, 0);
    EXPECT_OK(pdftools_tool_select(c.m, &id2, 1), "select the blue rectangle again");
  }
  /* With a selection (the new rectangle is selected) set_style applies to it, one coalesced step. */
  if (id2 && CHECK(selected_is(&c, &id2, 1), "the new rectangle is selected")) {
    pdftools_tool_style red = blue, black = blue;
    get_state(c.doc, &s0);
    red.color.r = 1, red.color.g = 0, red.color.b = 0;
    black.color.r = 0, black.color.g = 0, black.color.b = 0;
    EXPECT_OK(pdftools_tool_set_style(c.m, PDFTOOLS_TOOL_RECTANGLE, &red), "set_style(red) with a selection");
    check_color(&c, id2, PDFTOOLS_COLOR_STROKE, 1, 1, 0, 0, "set_style applies to the selection");
    check_label(&c, "Change Style", "set_style with a selection");
    EXPECT_OK(pdftools_tool_set_style(c.m, PDFTOOLS_TOOL_RECTANGLE, &black), "set_style(black) with a selection");
    check_color(&c, id2, PDFTOOLS_COLOR_STROKE, 1, 0, 0, 0, "the second set_style applies too");
    def = get_style(&c, PDFTOOLS_TOOL_RECTANGLE);
    CHECK(near_color(def.color, 0, 0, 1), "set_style with a selection leaves the default (blue)");
    check_one_undo(&c, &s0, "repeated set_style calls coalesce into one step");
    check_color(&c, id2, PDFTOOLS_COLOR_STROKE, 1, 0, 0, 1, "one undo restores the colour before both");
    /* apply_style changes the named fields only. */
    {
      pdftools_tool_style thin = red;
      thin.width = 1;
      get_state(c.doc, &s0);
      EXPECT_OK(pdftools_tool_apply_style(c.m, PDFTOOLS_TOOL_RECTANGLE, &thin, PDFTOOLS_STYLE_BORDER),
                "apply_style(width 1, BORDER only) with a selection");
      check_border(&c, id2, 1, "apply_style changes the border width");
      check_color(&c, id2, PDFTOOLS_COLOR_STROKE, 1, 0, 0, 1, "apply_style(BORDER) keeps the colour (blue, not red)");
      check_one_undo(&c, &s0, "apply_style is one step");
      EXPECT_STATUS(pdftools_tool_apply_style(c.m, PDFTOOLS_TOOL_RECTANGLE, &thin, 0), PDFTOOLS_E_INVALID_ARGUMENT,
                    "apply_style with no fields");
      pdftools_tool_select(c.m, NULL, 0);
      EXPECT_OK(pdftools_tool_apply_style(c.m, PDFTOOLS_TOOL_RECTANGLE, &thin, PDFTOOLS_STYLE_BORDER),
                "apply_style(BORDER) without a selection");
      def = get_style(&c, PDFTOOLS_TOOL_RECTANGLE);
      CHECK(tc_near(def.width, 1, 1e-9) && near_color(def.color, 0, 0, 1),
            "apply_style without a selection changes only those fields of the default");
    }
  }
  ctx_close(&c);
}

static void strip_ws(const char *in, char *out, size_t cap) {
  size_t j = 0;
  int in_str = 0;
  for (; *in && j + 1 < cap; in++) {
    if (*in == '"') in_str = !in_str;
    if (!in_str && isspace((unsigned char)*in)) continue;
    out[j++] = *in;
  }
  out[j] = '\0';
}

static void test_presets_json(void) {
  ctx c;
  pdftools_tool_style s, thick, got;
  int32_t n = 99;
  size_t need = 0;
  char name[64] = "";
  char *json = NULL, *flat = NULL;
  if (!ctx_open(&c, "presets and JSON")) return;
  s = get_style(&c, PDFTOOLS_TOOL_INK);
  thick = s;
  thick.width = 8;
  thick.color.r = 0.5;
  EXPECT_OK(pdftools_tool_get_preset_count(c.m, PDFTOOLS_TOOL_INK, &n), "preset_count(ink)");
  CHECK(n == 0, "no ink presets at first (%d)", (int)n);
  EXPECT_OK(pdftools_tool_add_preset(c.m, PDFTOOLS_TOOL_INK, "Thick", &thick), "add_preset(ink, Thick)");
  EXPECT_OK(pdftools_tool_add_preset(c.m, PDFTOOLS_TOOL_INK, "Thin \xc3\xa9", &s), "add_preset(ink, Thin é)");
  thick.width = 9;
  EXPECT_OK(pdftools_tool_add_preset(c.m, PDFTOOLS_TOOL_INK, "Thick", &thick), "add_preset(ink, Thick) again replaces");
  pdftools_tool_get_preset_count(c.m, PDFTOOLS_TOOL_INK, &n);
  CHECK(n == 2, "two ink presets (%d)", (int)n);
  {
    int found = 0;
    int32_t i;
    for (i = 0; i < n; i++) {
      memset(&got, 0, sizeof got);
      got.version = PDFTOOLS_TOOL_STYLE_VERSION;
      if (pdftools_tool_get_preset(c.m, PDFTOOLS_TOOL_INK, i, &got, name, sizeof name, &need) == PDFTOOLS_OK &&
          strcmp(name, "Thick") == 0)
        found = tc_near(got.width, 9, 1e-9) && tc_near(got.color.r, 0.5, 1e-9);
    }
    CHECK(found, "the replaced preset Thick has width 9");
  }
  EXPECT_OK(pdftools_tool_get_preset(c.m, PDFTOOLS_TOOL_INK, 0, NULL, NULL, 0, &need), "get_preset name size query");
  CHECK(need >= 6, "get_preset reports the name size (%d)", (int)need);
  EXPECT_STATUS(pdftools_tool_get_preset(c.m, PDFTOOLS_TOOL_INK, 0, NULL, name, 2, &need), PDFTOOLS_E_BUFFER_TOO_SMALL,
                "get_preset with a 2-byte name buffer");
  EXPECT_STATUS(pdftools_tool_get_preset(c.m, PDFTOOLS_TOOL_INK, 2, NULL, NULL, 0, &need), PDFTOOLS_E_OUT_OF_RANGE,
                "get_preset(2 of 2)");
  EXPECT_STATUS(pdftools_tool_add_preset(c.m, PDFTOOLS_TOOL_INK, NULL, &s), PDFTOOLS_E_INVALID_ARGUMENT,
                "add_preset(name NULL)");

  /* Export, change, import back. */
  if (EXPECT_OK(pdftools_tool_export_styles(c.m, NULL, 0, &need), "export_styles size query") && need > 1) {
    json = (char *)malloc(need);
    flat = (char *)malloc(need);
    if (json && flat && EXPECT_OK(pdftools_tool_export_styles(c.m, json, need, &need), "export_styles")) {
      char small[4];
      size_t need2 = 0;
      strip_ws(json, flat, need);
      CHECK(strstr(flat, "\"version\":1") && strstr(flat, "\"tools\":{") && strstr(flat, "\"highlight\":{") &&
                strstr(flat, "\"presets\":[") && strstr(flat, "\"Thick\"") && strstr(flat, "\"line_end\"") &&
                strstr(flat, "\"OpenArrow\"") && strstr(flat, "\"border_style\":\"solid\"") &&
                strstr(flat, "\"icon\":\"Approved\"") && strstr(flat, "\"font\":\"Helvetica\""),
            "the export has version 1, tools, highlight, presets, Thick, line endings, border styles, icons, fonts");
      EXPECT_STATUS(pdftools_tool_export_styles(c.m, small, sizeof small, &need2), PDFTOOLS_E_BUFFER_TOO_SMALL,
                    "export_styles into 4 bytes");
      CHECK(need2 == need, "BUFFER_TOO_SMALL reports the size");
      {
        pdftools_tool_style red = get_style(&c, PDFTOOLS_TOOL_HIGHLIGHT);
        red.color.r = 1, red.color.g = 0, red.color.b = 0;
        pdftools_tool_set_default_style(c.m, PDFTOOLS_TOOL_HIGHLIGHT, &red);
        pdftools_tool_remove_preset(c.m, PDFTOOLS_TOOL_INK, 0);
        EXPECT_OK(pdftools_tool_import_styles(c.m, json), "import_styles(the export)");
        red = get_style(&c, PDFTOOLS_TOOL_HIGHLIGHT);
        CHECK(near_color(red.color, 1, 1, 0), "import restores the highlight default");
        pdftools_tool_get_preset_count(c.m, PDFTOOLS_TOOL_INK, &n);
        CHECK(n == 2, "import restores the ink presets (%d)", (int)n);
      }
    }
  }
  /* All or nothing. */
  {
    pdftools_tool_style line = get_style(&c, PDFTOOLS_TOOL_LINE);
    EXPECT_STATUS(pdftools_tool_import_styles(c.m, "{"), PDFTOOLS_E_INVALID_ARGUMENT, "import_styles(\"{\")");
    EXPECT_STATUS(pdftools_tool_import_styles(c.m,
                                              "{\"version\":1,\"tools\":{\"line\":{\"style\":{\"width\":7}},"
                                              "\"rectangle\":{\"style\":{\"width\":-5}}}}"),
                  PDFTOOLS_E_INVALID_ARGUMENT, "import_styles with a negative width");
    EXPECT_STATUS(pdftools_tool_import_styles(c.m,
                                              "{\"version\":1,\"tools\":{\"line\":{\"style\":{\"width\":7}},"
                                              "\"arrow\":{\"style\":{\"line_end\":\"Banana\"}}}}"),
                  PDFTOOLS_E_INVALID_ARGUMENT, "import_styles with an unknown line ending");
    CHECK(tc_near(get_style(&c, PDFTOOLS_TOOL_LINE).width, line.width, 1e-9),
          "a refused import changes nothing (line width %g)", get_style(&c, PDFTOOLS_TOOL_LINE).width);
    EXPECT_OK(pdftools_tool_import_styles(c.m, "{\"version\":1,\"tools\":{\"line\":{\"style\":{\"width\":7}},"
                                               "\"no_such_tool\":{\"style\":{}}}}"),
              "import_styles with one tool (and an unknown one ignored)");
    CHECK(tc_near(get_style(&c, PDFTOOLS_TOOL_LINE).width, 7, 1e-9), "the imported line width is 7");
  }
  EXPECT_OK(pdftools_tool_remove_preset(c.m, PDFTOOLS_TOOL_INK, 0), "remove_preset(ink, 0)");
  EXPECT_STATUS(pdftools_tool_remove_preset(c.m, PDFTOOLS_TOOL_INK, 5), PDFTOOLS_E_OUT_OF_RANGE, "remove_preset(ink, 5)");
  free(json);
  free(flat);
  ctx_close(&c);
}

/* ------------------------------------------------------------------------ */
/* 5. Modes and permissions                                                  */

static void test_viewer(void) {
  ctx c;
  const char *what = "viewer mode";
  edit_fixture f;
  doc_state s0;
  int i, mode;
  int32_t handled = -1;
  if (!ctx_open(&c, what)) return;
  if (!make_edit_fixture(&c, 0, &f, what)) {
    ctx_close(&c);
    return;
  }
  {
    pdftools_tool_mode got = (pdftools_tool_mode)-1;
    int mark = c.rec.n;
    select_one(&c, f.sq, PDFTOOLS_TOOL_ANNOTATION_EDIT, "viewer: before leaving annotate mode");
    EXPECT_OK(pdftools_tool_set_mode(c.m, PDFTOOLS_MODE_VIEWER), "set_mode(viewer) with a selection");
    CHECK(selection(&c, NULL, 0) == 0 && cur_tool(&c, NULL) == PDFTOOLS_TOOL_PAN,
          "leaving annotate mode clears the selection and returns to pan");
    CHECK(find_event(&c, mark, PDFTOOLS_TOOL_EVENT_MODE_CHANGED) >= 0 && pdftools_tool_get_mode(c.m, &got) == PDFTOOLS_OK &&
              got == PDFTOOLS_MODE_VIEWER,
          "MODE_CHANGED, and get_mode gives viewer");
    EXPECT_OK(pdftools_tool_set_mode(c.m, PDFTOOLS_MODE_ANNOTATE), "set_mode(annotate)");
  }
  for (mode = PDFTOOLS_MODE_VIEWER; mode <= PDFTOOLS_MODE_PAGE_EDIT; mode++) {
    int ok = 1;
    pdftools_tool_mode got = (pdftools_tool_mode)-1;
    if (mode == PDFTOOLS_MODE_ANNOTATE) continue;
    EXPECT_OK(pdftools_tool_set_mode(c.m, (pdftools_tool_mode)mode), "set_mode(viewer/form/page edit)");
    pdftools_tool_get_mode(c.m, &got);
    CHECK((int)got == mode, "get_mode gives %d", mode);
    for (i = 2; i < NTOOLS; i++) {
      /* Form mode takes its field tools and the box editing tool. */
      int allowed = mode == PDFTOOLS_MODE_FORM && (i >= PDFTOOLS_TOOL_FORM_TEXT || i == PDFTOOLS_TOOL_ANNOTATION_EDIT);
      pdftools_status st = pdftools_tool_set_tool(c.m, (pdftools_tool)i, 0);
      if (st != (allowed ? PDFTOOLS_OK : PDFTOOLS_E_NOT_PERMITTED)) {
        ok = 0;
        tc_note("mode %d: set_tool(%s) gave %s", mode, k_tool_names[i], st_name(st));
      }
    }
    CHECK(ok, "mode %d: set_tool of every annotation tool is NOT_PERMITTED (form tools allowed in form mode)", mode);
    EXPECT_OK(pdftools_tool_set_tool(c.m, PDFTOOLS_TOOL_TEXT_SELECT, 0), "set_tool(text_select) outside annotate mode");
    EXPECT_OK(pdftools_tool_set_tool(c.m, PDFTOOLS_TOOL_PAN, 0), "set_tool(pan) outside annotate mode");
  }
  EXPECT_OK(pdftools_tool_set_mode(c.m, PDFTOOLS_MODE_VIEWER), "set_mode(viewer)");
  get_state(c.doc, &s0);
  /* Taps and drags on annotations change nothing and select nothing. */
  TAP(&c, 0, 150, 250, 0);
  CHECK(selection(&c, NULL, 0) == 0 && cur_tool(&c, NULL) == PDFTOOLS_TOOL_PAN, "viewer: a tap on a Square selects nothing");
  EXPECT_STATUS(pdftools_tool_select(c.m, &f.sq, 1), PDFTOOLS_E_NOT_PERMITTED, "viewer: tool_select");
  drag(&c, 0, 150, 250, 190, 290, 0, NULL, "viewer: drag on a Square");
  check_disp_rect(&c, 0, f.sq, SQ[0], SQ[1], SQ[2], SQ[3], "viewer: the Square is not moved");
  {
    int32_t hd = -1, hu = -1;
    drag_ex(&c, 0, 300, 600, 400, 700, 0, 4, NULL, "viewer: drag on empty space", &hd, &hu);
    CHECK(hd == 0, "viewer: a drag on empty space is not handled (the host scrolls) (handled %d)", (int)hd);
  }
  EXPECT_STATUS2(pdftools_tool_key(c.m, PDFTOOLS_KEY_DELETE, 0, &handled), PDFTOOLS_OK, PDFTOOLS_E_NOT_PERMITTED,
                 "viewer: Delete key with nothing selected");
  EXPECT_STATUS(pdftools_tool_delete_selection(c.m), PDFTOOLS_E_NOT_PERMITTED, "viewer: delete_selection");
  {
    pdftools_tool_style s = get_style(&c, PDFTOOLS_TOOL_RECTANGLE);
    pdftools_status st = pdftools_tool_set_style(c.m, PDFTOOLS_TOOL_RECTANGLE, &s);
    CHECK(st == PDFTOOLS_OK || st == PDFTOOLS_E_NOT_PERMITTED, "viewer: set_style with nothing selected (%s)", st_name(st));
  }
  check_unchanged(&c, &s0, "viewer: nothing is written");
  /* A link is followed; text is selected. */
  {
    int mark = c.rec.n;
    pdftools_point a = char_center(c.doc, 0, 0), b = char_center(c.doc, 0, 4);
    char buf[64] = "";
    size_t need = 0;
    TAP(&c, 0, (LK[0] + LK[2]) / 2, (LK[1] + LK[3]) / 2, 0);
    CHECK(find_event(&c, mark, PDFTOOLS_TOOL_EVENT_LINK_ACTIVATED) >= 0, "viewer: a tap on a link fires LINK_ACTIVATED");
    /* A link to a page: target_page. */
    {
      pdftools_annotation_id pl = 0;
      int il;
      pdftools_tool_set_mode(c.m, PDFTOOLS_MODE_ANNOTATE);
      if (pdftools_annotation_create(c.doc, 0, "Link", box_to_page(0, 450, 400, 550, 440), &pl) == PDFTOOLS_OK &&
          pdftools_annotation_set_link_page(c.doc, pl, 1) == PDFTOOLS_OK) {
        pdftools_tool_set_mode(c.m, PDFTOOLS_MODE_VIEWER);
        get_state(c.doc, &s0);
        mark = c.rec.n;
        TAP(&c, 0, 500, 420, 0);
        il = find_event(&c, mark, PDFTOOLS_TOOL_EVENT_LINK_ACTIVATED);
        CHECK(il >= 0 && c.rec.ev[il].target_page == 1, "viewer: a link to page 1 fires LINK_ACTIVATED with target_page 1 (%d)",
              il >= 0 ? (int)c.rec.ev[il].target_page : -9);
      } else {
        CHECK(0, "viewer: set-up of a page link");
      }
      pdftools_tool_set_mode(c.m, PDFTOOLS_MODE_VIEWER);
    }
    drag(&c, 0, a.x, a.y, b.x, b.y, 0, NULL, "viewer: drag on text");
    CHECK(pdftools_tool_get_selected_text(c.m, buf, sizeof buf, &need) == PDFTOOLS_OK && strcmp(buf, "Hello") == 0,
          "viewer: a drag on text selects it (\"%s\")", buf);
  }
  check_unchanged(&c, &s0, "viewer: nothing is written after links and text");
  EXPECT_OK(pdftools_tool_set_mode(c.m, PDFTOOLS_MODE_ANNOTATE), "set_mode(annotate) back");
  EXPECT_OK(pdftools_tool_set_tool(c.m, PDFTOOLS_TOOL_RECTANGLE, 0), "set_tool(rectangle) in annotate mode again");
  ctx_close(&c);
}

static void test_no_annotate_permission(void) {
  pdftools_document *doc = NULL;
  pdftools_tool_manager *m = NULL;
  pdftools_tool_mode mode = (pdftools_tool_mode)-1;
  uint32_t perms = 0;
  int32_t after = 0;
  int32_t before = 0;
  int32_t handled = -1;
  char *path;
  pdftools_status st;
  if (!g_corpus) {
    CHECK(0, "permissions: no corpus folder given (pdfium-encrypted-aes128.pdf is needed)");
    return;
  }
  path = tc_corpus_file(g_corpus, "pdfium-encrypted-aes128.pdf");
  st = pdftools_document_open(path, "1234", &doc);
  free(path);
  if (!EXPECT_OK(st, "permissions: open pdfium-encrypted-aes128.pdf with the user password")) return;
  pdftools_document_get_permissions(doc, &perms);
  CHECK(!(perms & PDFTOOLS_PERMISSION_ANNOTATE), "permissions: annotate not granted (0x%x)", (unsigned)perms);
  pdftools_page_get_annotations(doc, 0, NULL, 0, &before);
  if (EXPECT_OK(pdftools_tool_manager_new(doc, &m), "permissions: manager_new")) {
    pdftools_tool_style s;
    pdftools_tool_get_mode(m, &mode);
    CHECK(mode == PDFTOOLS_MODE_VIEWER, "permissions: the manager starts in viewer mode (%d)", (int)mode);
    EXPECT_STATUS(pdftools_tool_set_mode(m, PDFTOOLS_MODE_ANNOTATE), PDFTOOLS_E_NOT_PERMITTED,
                  "permissions: set_mode(annotate)");
    EXPECT_STATUS(pdftools_tool_set_tool(m, PDFTOOLS_TOOL_RECTANGLE, 0), PDFTOOLS_E_NOT_PERMITTED,
                  "permissions: set_tool(rectangle)");
    EXPECT_STATUS(pdftools_tool_set_tool(m, PDFTOOLS_TOOL_HIGHLIGHT, 1), PDFTOOLS_E_NOT_PERMITTED,
                  "permissions: set_tool(highlight)");
    EXPECT_STATUS(pdftools_tool_set_tool(m, PDFTOOLS_TOOL_ANNOTATION_EDIT, 0), PDFTOOLS_E_NOT_PERMITTED,
                  "permissions: set_tool(annotation_edit)");
    {
      pdftools_pointer_event e = pev(0, 100, 100, 0);
      pdftools_tool_pointer_down(m, &e, &handled);
      e.x = 200, e.y = 200;
      pdftools_tool_pointer_move(m, &e, &handled);
      pdftools_tool_pointer_up(m, &e, &handled);
    }
    pdftools_page_get_annotations(doc, 0, NULL, 0, &after);
    CHECK(before == after, "permissions: a drag creates nothing (%d -> %d)", (int)before, (int)after);
    memset(&s, 0, sizeof s);
    s.version = PDFTOOLS_TOOL_STYLE_VERSION;
    pdftools_tool_get_style(m, PDFTOOLS_TOOL_INK, &s);
    EXPECT_STATUS2(pdftools_tool_set_default_style(m, PDFTOOLS_TOOL_INK, &s), PDFTOOLS_OK, PDFTOOLS_E_NOT_PERMITTED,
                   "permissions: set_default_style");
    if (!(perms & PDFTOOLS_PERMISSION_COPY)) {
      /* Drag over the first word ("test") in pan, then ask for the text. */
      pdftools_char_info ci[8];
      size_t need = 0;
      int32_t nc = 0;
      if (pdftools_page_get_chars(doc, 0, sizeof(pdftools_char_info), ci, 8, &nc) == PDFTOOLS_E_BUFFER_TOO_SMALL || nc >= 4) {
        pdftools_char_info all[512];
        if (nc <= 512 && pdftools_page_get_chars(doc, 0, sizeof(pdftools_char_info), all, 512, &nc) == PDFTOOLS_OK && nc >= 4) {
          pdftools_point pp[2], dd[2];
          pdftools_pointer_event e;
          pp[0] = mkpt((all[0].box.x0 + all[0].box.x1) / 2, (all[0].box.y0 + all[0].box.y1) / 2);
          pp[1] = mkpt((all[3].box.x0 + all[3].box.x1) / 2, (all[3].box.y0 + all[3].box.y1) / 2);
          pdftools_page_convert_points(doc, 0, PDFTOOLS_SPACE_PAGE, PDFTOOLS_SPACE_DISPLAY, pp, 2, dd);
          e = pev(0, dd[0].x, dd[0].y, 0);
          pdftools_tool_pointer_down(m, &e, &handled);
          e = pev(0, dd[1].x, dd[1].y, 0);
          pdftools_tool_pointer_move(m, &e, &handled);
          pdftools_tool_pointer_up(m, &e, &handled);
        }
      }
      EXPECT_STATUS(pdftools_tool_get_selected_text(m, NULL, 0, &need), PDFTOOLS_E_NOT_PERMITTED,
                    "permissions: selected_text without the copy permission");
    }
    {
      int32_t modified = -1;
      pdftools_document_is_modified(doc, &modified);
      CHECK(modified == 0, "permissions: the document is unmodified");
    }
    pdftools_tool_manager_free(m);
  }
  pdftools_document_close(doc);
  /* The owner password grants annotation. */
  path = tc_corpus_file(g_corpus, "pdfium-encrypted-aes128.pdf");
  st = pdftools_document_open(path, "5678", &doc);
  free(path);
  if (EXPECT_OK(st, "permissions: open with the owner password") &&
      EXPECT_OK(pdftools_tool_manager_new(doc, &m), "permissions: manager_new (owner)")) {
    pdftools_tool_get_mode(m, &mode);
    CHECK(mode == PDFTOOLS_MODE_ANNOTATE, "permissions: with the owner password the manager annotates (%d)", (int)mode);
    pdftools_tool_manager_free(m);
  }
  if (doc) pdftools_document_close(doc);
}

/* Runs fn in a child process (a crash there is a failed check, not the end of the test); returns its status. */
static int run_child(pdftools_status (*fn)(void *), void *arg, pdftools_status *out) {
  pid_t pid;
  int wst = 0;
  fflush(stdout);
  pid = fork();
  if (pid < 0) return -1;
  if (pid == 0) {
    pdftools_status st = fn(arg);
    _exit(st <= 0 ? -st : 200);
  }
  if (waitpid(pid, &wst, 0) != pid) return -1;
  if (!WIFEXITED(wst)) return -2;
  *out = (pdftools_status)(-WEXITSTATUS(wst));
  return 0;
}

static pdftools_status call_get_mode(void *m) {
  pdftools_tool_mode mode;
  return pdftools_tool_get_mode((pdftools_tool_manager *)m, &mode);
}

static pdftools_status call_free_twice(void *m) {
  pdftools_tool_manager_free((pdftools_tool_manager *)m);
  pdftools_tool_manager_free((pdftools_tool_manager *)m);
  return PDFTOOLS_OK;
}

static void test_stale(void) {
  ctx c;
  pdftools_pointer_event e = pev(0, 100, 100, 0);
  int32_t handled = -1;
  int32_t np = 0;
  int32_t ni = 0;
  pdftools_tool t;
  pdftools_status st = PDFTOOLS_OK;
  int rc;
  if (!ctx_open(&c, "stale handles")) return;
  set_tool(&c, PDFTOOLS_TOOL_RECTANGLE, 0);
  DOWN(&c, 0, 100, 100, 0);
  MOVE(&c, 0, 150, 150, 0);
  /* Close the document under the manager, mid-gesture. */
  pdftools_document_close(c.doc);
  c.doc = NULL;
  EXPECT_STATUS(pdftools_tool_pointer_up(c.m, &e, &handled), PDFTOOLS_E_INVALID_HANDLE, "pointer_up after the document closed");
  EXPECT_STATUS(pdftools_tool_pointer_down(c.m, &e, &handled), PDFTOOLS_E_INVALID_HANDLE, "pointer_down after close");
  EXPECT_STATUS(pdftools_tool_tap(c.m, &e, &handled), PDFTOOLS_E_INVALID_HANDLE, "tap after close");
  EXPECT_STATUS(pdftools_tool_set_tool(c.m, PDFTOOLS_TOOL_INK, 0), PDFTOOLS_E_INVALID_HANDLE, "set_tool after close");
  EXPECT_STATUS(pdftools_tool_get_tool(c.m, &t, NULL), PDFTOOLS_E_INVALID_HANDLE, "get_tool after close");
  EXPECT_STATUS(pdftools_tool_set_mode(c.m, PDFTOOLS_MODE_VIEWER), PDFTOOLS_E_INVALID_HANDLE, "set_mode after close");
  EXPECT_STATUS(pdftools_tool_key(c.m, PDFTOOLS_KEY_ESCAPE, 0, &handled), PDFTOOLS_E_INVALID_HANDLE, "key after close");
  EXPECT_STATUS(pdftools_tool_get_overlay(c.m, 0, sizeof(pdftools_overlay_item), NULL, 0, NULL, 0, &ni, &np, NULL), PDFTOOLS_E_INVALID_HANDLE,
                "overlay after close");
  EXPECT_STATUS(pdftools_tool_commit_text(c.m, "x"), PDFTOOLS_E_INVALID_HANDLE, "commit_text after close");
  EXPECT_STATUS(pdftools_tool_get_selection(c.m, NULL, 0, &ni), PDFTOOLS_E_INVALID_HANDLE, "selection after close");
  EXPECT_STATUS(pdftools_tool_set_callback(c.m, NULL, NULL), PDFTOOLS_E_INVALID_HANDLE, "set_callback after close");
  EXPECT_STATUS(pdftools_tool_pointer_cancel(c.m, 0), PDFTOOLS_E_INVALID_HANDLE, "pointer_cancel after close");
  {
    pdftools_tool_style s;
    memset(&s, 0, sizeof s);
    s.version = PDFTOOLS_TOOL_STYLE_VERSION;
    EXPECT_STATUS(pdftools_tool_get_style(c.m, PDFTOOLS_TOOL_INK, &s), PDFTOOLS_E_INVALID_HANDLE, "get_style after close");
  }
  /* The manager must still be freed; freeing twice is harmless (checked in a child process). */
  rc = run_child(call_free_twice, c.m, &st);
  CHECK(rc == 0 && st == PDFTOOLS_OK, "freeing a manager twice is harmless (child %s)",
        rc == -2 ? "crashed" : rc ? "failed" : "exited");
  pdftools_tool_manager_free(c.m);
  rc = run_child(call_get_mode, c.m, &st);
  CHECK(rc == 0 && st == PDFTOOLS_E_INVALID_HANDLE, "get_mode on a freed manager gives INVALID_HANDLE (child %s, %s)",
        rc == -2 ? "crashed" : rc ? "failed" : "exited", rc == 0 ? st_name(st) : "-");
  pdftools_tool_manager_free(c.m);
  CHECK(1, "freeing a freed manager again returns");
  c.m = NULL;
  /* A forged handle. */
  {
    static int64_t forged[64];
    rc = run_child(call_get_mode, forged, &st);
    CHECK(rc == 0 && st == PDFTOOLS_E_INVALID_HANDLE, "get_mode on a forged handle gives INVALID_HANDLE (child %s, %s)",
          rc == -2 ? "crashed" : rc ? "failed" : "exited", rc == 0 ? st_name(st) : "-");
  }
  /* A manager freed before its document: the document works on. */
  if (ctx_open(&c, "manager freed first")) {
    pdftools_tool_manager_free(c.m);
    c.m = NULL;
    CHECK(count_annots(c.doc, 0) == 0 && pdftools_page_get_annotations(c.doc, 0, NULL, 0, &ni) == PDFTOOLS_OK,
          "the document works after its manager was freed");
    ctx_close(&c);
  }
}

/* ------------------------------------------------------------------------ */
/* Running each case in a child process                                      */

/* Each case runs in a forked child (tc_run_isolated): a crash or a hang (120 s) of the library in one case is a
 * failed check and the other cases still run.  PDFTOOLS_TEST_NO_FORK=1 runs everything in this process. */
typedef struct cargs {
  int tool, page, variant;
} cargs;

typedef struct case_call {
  void (*fn)(const cargs *);
  const cargs *args;
} case_call;

static void call_case(void *arg) {
  const case_call *call = (const case_call *)arg;
  call->fn(call->args);
}

static void run_case(const char *name, void (*fn)(const cargs *), const cargs *a) {
  case_call call;
  char label[256];
  call.fn = fn;
  call.args = a;
  snprintf(label, sizeof label, "%s (tool %d, page %d, variant %d)", name, a->tool, a->page, a->variant);
  tc_run_isolated(label, call_case, &call, 120);
}

#define W3(fn) \
  static void w_##fn(const cargs *a) { fn((pdftools_tool)a->tool, a->page, a->variant); }
#define W2(fn) \
  static void w_##fn(const cargs *a) { fn(a->page, a->variant); }
#define W1(fn) \
  static void w_##fn(const cargs *a) { fn(a->page); }
#define W0(fn) \
  static void w_##fn(const cargs *a) { (void)a; fn(); }

W3(case_markup)
W3(case_shape)
W3(case_line)
static void w_case_ink(const cargs *a) { case_ink((pdftools_tool)a->tool, a->page); }
static void w_case_poly(const cargs *a) { case_poly((pdftools_tool)a->tool, a->page); }
W2(case_free_text)
W2(case_stamp)
W2(case_image)
W1(case_shape_nothing)
W1(case_eraser)
W1(case_callout)
W1(case_sticky_note)
W1(case_file)
W1(case_link)
W1(case_signature)
W1(test_edit)
W1(test_markup_edit)
W1(test_edit_geometry)
W1(test_text_gestures)
W0(test_names)
W0(test_manager_basics)
W0(test_conversion)
W0(test_bad_input)
W0(case_markup_pages)
W0(case_markup_empty)
W0(case_sticky)
W0(case_ink_pages)
W0(case_poly_edits)
W0(case_text_cancel)
W0(test_locked)
W0(test_style_defaults)
W0(test_style_apply)
W0(test_presets_json)
W0(test_viewer)
W0(test_no_annotate_permission)
W0(test_stale)

#define RUN(fn, t, p, v)                    \
  do {                                      \
    cargs a_;                               \
    a_.tool = (int)(t);                     \
    a_.page = (p);                          \
    a_.variant = (v);                       \
    run_case(#fn, w_##fn, &a_);             \
  } while (0)

int main(int argc, char **argv) {
  int page;
  static const pdftools_tool markups[4] = {PDFTOOLS_TOOL_HIGHLIGHT, PDFTOOLS_TOOL_UNDERLINE, PDFTOOLS_TOOL_SQUIGGLY,
                                           PDFTOOLS_TOOL_STRIKE_OUT};
  static const pdftools_tool polys[5] = {PDFTOOLS_TOOL_POLYLINE, PDFTOOLS_TOOL_POLYGON, PDFTOOLS_TOOL_CLOUD,
                                         PDFTOOLS_TOOL_PERIMETER, PDFTOOLS_TOOL_AREA};
  int i;
  g_corpus = argc > 1 ? argv[1] : NULL;
  g_pdf = make_pdf(&g_pdf_size);
  printf("libpdftools %s\n", pdftools_version_string());
  RUN(test_names, 0, 0, 0);
  RUN(test_manager_basics, 0, 0, 0);
  RUN(test_conversion, 0, 0, 0);
  RUN(test_bad_input, 0, 0, 0);
  for (page = 0; page < 2; page++) { /* page 2 has no text: see case_markup_empty */
    for (i = 0; i < 4; i++) RUN(case_markup, markups[i], page, 0);
    RUN(case_markup, PDFTOOLS_TOOL_HIGHLIGHT, page, 1);
    for (i = 0; i < 4; i++) {
      RUN(case_shape, PDFTOOLS_TOOL_RECTANGLE, page, i);
      RUN(case_shape, PDFTOOLS_TOOL_OVAL, page, i);
    }
    RUN(case_shape_nothing, 0, page, 0);
    RUN(case_line, PDFTOOLS_TOOL_LINE, page, 0);
    RUN(case_line, PDFTOOLS_TOOL_LINE, page, 1);
    RUN(case_line, PDFTOOLS_TOOL_LINE, page, 2);
    RUN(case_line, PDFTOOLS_TOOL_LINE, page, 3);
    RUN(case_line, PDFTOOLS_TOOL_ARROW, page, 0);
    RUN(case_line, PDFTOOLS_TOOL_RULER, page, 0);
    RUN(case_ink, PDFTOOLS_TOOL_INK, page, 0);
    RUN(case_ink, PDFTOOLS_TOOL_FREE_HIGHLIGHT, page, 0);
    RUN(case_eraser, 0, page, 0);
    for (i = 0; i < 5; i++) RUN(case_poly, polys[i], page, 0);
    RUN(case_free_text, 0, page, 0);
    RUN(case_free_text, 0, page, 1);
    RUN(case_callout, 0, page, 0);
    RUN(case_sticky_note, 0, page, 0);
    RUN(case_stamp, 0, page, 0);
    RUN(case_stamp, 0, page, 1);
    RUN(case_image, 0, page, 1);
    RUN(case_image, 0, page, 0);
    RUN(case_file, 0, page, 0);
    RUN(case_link, 0, page, 0);
    RUN(case_signature, 0, page, 0);
    RUN(test_edit, 0, page, 0);
    RUN(test_markup_edit, 0, page, 0);
    RUN(test_edit_geometry, 0, page, 0);
    RUN(test_text_gestures, 0, page, 0);
  }
  RUN(case_markup_pages, 0, 0, 0);
  RUN(case_markup_empty, 0, 0, 0);
  RUN(case_sticky, 0, 0, 0);
  RUN(case_ink_pages, 0, 0, 0);
  RUN(case_poly_edits, 0, 0, 0);
  RUN(case_text_cancel, 0, 0, 0);
  RUN(test_locked, 0, 0, 0);
  RUN(test_style_defaults, 0, 0, 0);
  RUN(test_style_apply, 0, 0, 0);
  RUN(test_presets_json, 0, 0, 0);
  RUN(test_viewer, 0, 0, 0);
  RUN(test_no_annotate_permission, 0, 0, 0);
  RUN(test_stale, 0, 0, 0);
  free(g_pdf);
  return tc_finish();
}

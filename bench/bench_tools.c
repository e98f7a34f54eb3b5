/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * bench_tools.c — benchmark: the per-event cost of libpdftools' annotation
 * tools (pdftools_tool_*) while a pointer moves, against the target of the
 * tools issue: under 0.2 ms median per pointer_move event.
 *
 * One generated page (US Letter, 62 lines of pseudo-Latin in 9 pt Helvetica,
 * about 5,900 characters, and one Square annotation) is opened from memory
 * and driven through one tool manager, the way a host's pointer events would:
 *
 *   ink stroke      the ink tool: a down, --moves pointer_move events (default
 *                   5000) along a zigzag over the page, each 1.5 display units
 *                   from the last, an up (the stroke becomes an Ink annotation)
 *   move drag       the Square selected (pdftools_tool_select), a down on its
 *                   top edge, --drag-moves moves (default 2000) wandering up to
 *                   100 units away, an up ("Move Annotation")
 *   resize drag     the Square selected, a down on its bottom right handle (as
 *                   the overlay places it), --drag-moves moves, an up
 *                   ("Resize Annotation")
 *   highlight drag  the highlight tool, a down at the start of the first line,
 *                   --drag-moves moves whose end point sweeps over every line
 *                   down to the last (the selection grows to the whole page),
 *                   an up ("Add Highlight")
 *
 * Each gesture is timed twice: the pointer_move calls alone, and each
 * pointer_move followed by a pdftools_tool_get_overlay query of the page into
 * buffers the host keeps (grown when BUFFER_TOO_SMALL), which is what a host
 * does per frame.  Every move is timed on its own (CLOCK_MONOTONIC); the table
 * shows median, p95 and max per move event over --runs gestures (default 3,
 * after one untimed warm-up gesture of each kind), and the median as a ratio
 * to a reference measured in the same process through the same ABI: one
 * pdftools_annotation_get_rect call (also shown: one pdftools_page_convert_points
 * call of one point).
 *
 * Nothing may be written to the PDF while the pointer moves: after every move
 * (outside the timing) the benchmark checks that pdftools_document_is_modified
 * and pdftools_undo_get_state are unchanged, that the document's undo callback
 * did not fire and that the tool manager reported no added, modified or
 * removed annotation and no undo step; after the up it checks that exactly
 * that gesture's undo step was written.  Every gesture is undone afterwards,
 * so each starts from the unmodified document.
 *
 * Information only: the exit code is 0 whatever the figures are (1 only when
 * the benchmark itself cannot run: a library call failed).
 *
 * Usage: bench_tools [--moves N] [--drag-moves N] [--runs N] [--keep FILE] [--skip ROW]...
 * where ROW is ink, move, resize or highlight, optionally with "+overlay"
 * (e.g. --skip highlight+overlay leaves that row out).
 */
#define _XOPEN_SOURCE 700

#include <pdftools.h>

#include "bench_pdf_writer.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define TARGET_MS 0.2
#define REF_CALLS 20000
#define MAX_RUNS 51

static double now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec * 1000.0 + (double)ts.tv_nsec / 1e6;
}

static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y ? 1 : 0;
}

/* Sorts v in place; the q-quantile (nearest rank). */
static double quantile_sorted(const double *v, size_t n, double q) {
  size_t k;
  if (n == 0) return 0;
  k = (size_t)ceil(q * (double)n);
  if (k < 1) k = 1;
  if (k > n) k = n;
  return v[k - 1];
}

static double median_of(double *v, size_t n) {
  if (n == 0) return 0;
  qsort(v, n, sizeof v[0], cmp_double);
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2.0;
}

/* ------------------------------------------------------------------------ */
/* The page, written by hand                                                 */


/* Text: 62 lines, 9 pt, leading 12, first baseline at page y 748 (display y 44). */
#define TEXT_LINES 62
#define TEXT_LEFT 54.0
#define FIRST_BASELINE_DISPLAY 44.0
#define LEADING 12.0
/* The Square, in page space. */
static const pdftools_rect SQUARE = {320, 300, 440, 380};

static unsigned char *make_pdf(size_t *out_size) {
  struct buf b = {0, 0, 0}, c = {0, 0, 0};
  long offsets[7];
  int i, l;
  long xref;
  buf_printf(&c, "BT\n/F1 9 Tf\n12 TL\n%g 760 Td\n", TEXT_LEFT);
  for (l = 0; l < TEXT_LINES; l++) {
    int chars = 0;
    buf_printf(&c, "(");
    while (chars < 92) {
      const char *w = WORDS[rnd(sizeof WORDS / sizeof WORDS[0])];
      buf_printf(&c, "%s%s", chars ? " " : "", w);
      chars += (int)strlen(w) + 1;
    }
    buf_printf(&c, ") '\n");
  }
  buf_printf(&c, "ET\n");
  buf_printf(&b, "%%PDF-1.7\n%%\342\343\317\323\n");
  offsets[1] = (long)b.len;
  buf_printf(&b, "1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n");
  offsets[2] = (long)b.len;
  buf_printf(&b, "2 0 obj\n<< /Type /Pages /Count 1 /Kids [4 0 R] >>\nendobj\n");
  offsets[3] = (long)b.len;
  buf_printf(&b, "3 0 obj\n<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>\n"
                 "endobj\n");
  offsets[4] = (long)b.len;
  buf_printf(&b,
             "4 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> "
             ">> /Contents 5 0 R /Annots [6 0 R] >>\nendobj\n");
  offsets[5] = (long)b.len;
  buf_printf(&b, "5 0 obj\n<< /Length %lu >>\nstream\n", (unsigned long)c.len);
  buf_append(&b, c.data, c.len);
  buf_printf(&b, "endstream\nendobj\n");
  offsets[6] = (long)b.len;
  buf_printf(&b,
             "6 0 obj\n<< /Type /Annot /Subtype /Square /Rect [%g %g %g %g] /C [1 0 0] /BS << /W 2 >> /F 4 "
             "/NM (bench-square) /P 4 0 R >>\nendobj\n",
             SQUARE.x0, SQUARE.y0, SQUARE.x1, SQUARE.y1);
  xref = (long)b.len;
  buf_printf(&b, "xref\n0 7\n0000000000 65535 f \n");
  for (i = 1; i <= 6; i++) buf_printf(&b, "%010ld 00000 n \n", offsets[i]);
  buf_printf(&b, "trailer\n<< /Size 7 /Root 1 0 R >>\nstartxref\n%ld\n%%%%EOF\n", xref);
  free(c.data);
  *out_size = b.len;
  return (unsigned char *)b.data;
}

/* ------------------------------------------------------------------------ */
/* State and checks                                                          */

struct counters {
  long undo_callbacks;  /* the document's undo callback */
  long tool_writes;     /* ANNOTATIONS_ADDED / MODIFIED / REMOVED and UNDO_STATE tool events */
  long tool_events;     /* every tool event */
};

static void on_undo(pdftools_document *doc, void *user) {
  (void)doc;
  ((struct counters *)user)->undo_callbacks++;
}

static void on_tool(pdftools_tool_manager *tm, const pdftools_tool_event *ev, void *user) {
  struct counters *c = (struct counters *)user;
  (void)tm;
  c->tool_events++;
  if (ev->kind == PDFTOOLS_TOOL_EVENT_ANNOTATIONS_ADDED ||
      ev->kind == PDFTOOLS_TOOL_EVENT_ANNOTATIONS_MODIFIED ||
      ev->kind == PDFTOOLS_TOOL_EVENT_ANNOTATIONS_REMOVED ||
      ev->kind == PDFTOOLS_TOOL_EVENT_UNDO_STATE)
    c->tool_writes++;
}

struct bench {
  pdftools_document *doc;
  pdftools_tool_manager *tm;
  pdftools_annotation_id square;
  pdftools_rect square_display; /* the Square's /Rect in display space */
  struct counters count;
  /* the host's overlay buffers, kept across frames */
  pdftools_overlay_item *items;
  pdftools_point *points;
  int32_t item_cap, point_cap;
  int32_t last_items, last_points; /* of the last overlay copied */
  int32_t max_items, max_points;
};

/* What the document and the tool manager reported before a gesture. */
struct snapshot {
  int32_t modified, can_undo, can_redo;
  long undo_callbacks, tool_writes;
  char label[128];
};

static int fail_call(const char *what, pdftools_status st) {
  fprintf(stderr, "bench_tools: %s: %s (%s)\n", what, pdftools_status_string(st),
          pdftools_last_error_message());
  return 1;
}

#define CHECK(what, call)                             \
  do {                                                \
    pdftools_status check_st_ = (call);               \
    if (check_st_ != PDFTOOLS_OK) return fail_call(what, check_st_); \
  } while (0)

static void undo_label(pdftools_document *doc, char *buf, size_t size) {
  size_t n = 0;
  if (pdftools_undo_get_label(doc, 0, buf, size, &n) != PDFTOOLS_OK) snprintf(buf, size, "(none)");
}

static int take_snapshot(struct bench *b, struct snapshot *s, int with_label) {
  CHECK("pdftools_document_is_modified", pdftools_document_is_modified(b->doc, &s->modified));
  CHECK("pdftools_undo_get_state", pdftools_undo_get_state(b->doc, &s->can_undo, &s->can_redo));
  s->undo_callbacks = b->count.undo_callbacks;
  s->tool_writes = b->count.tool_writes;
  if (with_label)
    undo_label(b->doc, s->label, sizeof s->label);
  else
    s->label[0] = '\0';
  return 0;
}

/* 1 when nothing changed between a and b (labels compared when both have one). */
static int same_state(const struct snapshot *a, const struct snapshot *b) {
  return a->modified == b->modified && a->can_undo == b->can_undo && a->can_redo == b->can_redo &&
         a->undo_callbacks == b->undo_callbacks && a->tool_writes == b->tool_writes &&
         (!a->label[0] || !b->label[0] || strcmp(a->label, b->label) == 0);
}

/* The overlay query of a frame; grows the buffers on BUFFER_TOO_SMALL. */
static pdftools_status query_overlay(struct bench *b) {
  int32_t ni = 0, np = 0;
  pdftools_rect dirty;
  pdftools_status st;
  for (;;) {
    st = pdftools_tool_get_overlay(b->tm, 0, sizeof(pdftools_overlay_item), b->items, b->item_cap, b->points, b->point_cap, &ni, &np,
                               &dirty);
    if (st != PDFTOOLS_E_BUFFER_TOO_SMALL) break;
    if (ni > b->item_cap) {
      int32_t cap = b->item_cap;
      while (cap < ni) cap *= 2;
      free(b->items);
      b->items = (pdftools_overlay_item *)malloc(cap * sizeof *b->items);
      b->item_cap = cap;
    }
    if (np > b->point_cap) {
      int32_t cap = b->point_cap;
      while (cap < np) cap *= 2;
      free(b->points);
      b->points = (pdftools_point *)malloc(cap * sizeof *b->points);
      b->point_cap = cap;
    }
    if (!b->items || !b->points) {
      fprintf(stderr, "out of memory\n");
      exit(1);
    }
  }
  if (st == PDFTOOLS_OK) {
    b->last_items = ni;
    b->last_points = np;
    if (ni > b->max_items) b->max_items = ni;
    if (np > b->max_points) b->max_points = np;
  }
  return st;
}

/* ------------------------------------------------------------------------ */
/* Gestures                                                                  */

enum kind { INK, MOVE, RESIZE, HIGHLIGHT, KINDS };

static const char *const KIND_NAMES[] = {"ink stroke", "move drag", "resize drag", "highlight drag"};
static const char *const KIND_KEYS[] = {"ink", "move", "resize", "highlight"};
static const char *const KIND_LABELS[] = {"Add Ink", "Move Annotation", "Resize Annotation",
                                          "Add Highlight"};

/* Point i (0 = the down) of a gesture of kind with moves moves, starting at start. */
static pdftools_point gesture_point(enum kind k, int i, int moves, pdftools_point start) {
  pdftools_point p = start;
  switch (k) {
    case INK: {
      /* a zigzag: rows 500 units wide, 40 apart, with a gentle wave; 1.5 units a step */
      double s = 1.5 * i, pos;
      long row = (long)(s / 500.0);
      pos = s - 500.0 * (double)row;
      p.x = (row % 2 == 0) ? 50.0 + pos : 550.0 - pos;
      p.y = 60.0 + fmod(40.0 * (double)row, 680.0) + 10.0 * sin(pos / 20.0);
      break;
    }
    case MOVE:
      p.x = start.x + 100.0 * sin(i * 0.01);
      p.y = start.y + 60.0 * sin(i * 0.013);
      break;
    case RESIZE:
      p.x = start.x + 60.0 * (1.0 - cos(i * 0.01));
      p.y = start.y + 40.0 * (1.0 - cos(i * 0.013));
      break;
    case HIGHLIGHT: {
      /* the end point sweeps each line left to right, line after line */
      long steps = (long)i * TEXT_LINES;
      long line = steps / moves;
      double frac = (double)(steps % moves) / (double)moves;
      if (i == 0) break;
      if (line >= TEXT_LINES) {
        line = TEXT_LINES - 1;
        frac = 1.0;
      }
      p.x = TEXT_LEFT + 2.0 + frac * 500.0;
      p.y = FIRST_BASELINE_DISPLAY - 3.0 + LEADING * (double)line;
      break;
    }
    default:
      break;
  }
  return p;
}

/* Where the gesture starts; sets up the tool or the selection. */
static int gesture_setup(struct bench *b, enum kind k, pdftools_point *start) {
  switch (k) {
    case INK:
      CHECK("pdftools_tool_set_tool(ink)", pdftools_tool_set_tool(b->tm, PDFTOOLS_TOOL_INK, 0));
      *start = gesture_point(INK, 0, 1, *start);
      return 0;
    case HIGHLIGHT:
      CHECK("pdftools_tool_set_tool(highlight)",
            pdftools_tool_set_tool(b->tm, PDFTOOLS_TOOL_HIGHLIGHT, 0));
      start->x = TEXT_LEFT + 0.5;
      start->y = FIRST_BASELINE_DISPLAY - 3.0;
      return 0;
    case MOVE:
    case RESIZE: {
      int32_t i;
      CHECK("pdftools_tool_select(square)", pdftools_tool_select(b->tm, &b->square, 1));
      if (k == MOVE) {
        /* on the top edge, between the corner and the middle handle */
        start->x = b->square_display.x0 + 0.25 * (b->square_display.x1 - b->square_display.x0);
        start->y = b->square_display.y0;
        return 0;
      }
      /* the bottom right handle, where the overlay draws it */
      start->x = b->square_display.x1;
      start->y = b->square_display.y1;
      CHECK("pdftools_tool_get_overlay", query_overlay(b));
      for (i = 0; i < b->last_items; i++) {
        const pdftools_overlay_item *it = &b->items[i];
        if (it->kind == PDFTOOLS_OVERLAY_HANDLE && it->handle_kind == PDFTOOLS_HANDLE_BOX &&
            it->handle_id == 4 && it->annotation == b->square && it->point_count == 1 &&
            it->first_point < b->last_points) {
          *start = b->points[it->first_point];
          break;
        }
      }
      if (i == b->last_items)
        fprintf(stderr, "bench_tools: note: no box handle 4 of the Square in the overlay; using "
                        "the display rect's corner\n");
      return 0;
    }
    default:
      return 1;
  }
}

struct gesture_result {
  double down_ms, up_ms;
  int writes_during_moves; /* moves after which the state differed */
  int first_bad_move;
  char bad_detail[320];
  int wrote_step;          /* the up wrote one step with the expected label */
  char label_after[128];
  int undone_clean;        /* after undoing it, the document is unmodified again */
};

/* One gesture: down, moves (each timed into samples), up, then undo. */
static int run_gesture(struct bench *b, enum kind k, int moves, int with_overlay, double *samples,
                       struct gesture_result *res) {
  pdftools_pointer_event ev = PDFTOOLS_POINTER_EVENT_INIT;
  pdftools_point start = {0, 0};
  struct snapshot before, now;
  double t0;
  int32_t handled = 0, done = 0, modified = 0;
  int i;
  pdftools_status st;

  memset(res, 0, sizeof *res);
  res->first_bad_move = -1;
  if (gesture_setup(b, k, &start)) return 1;
  if (take_snapshot(b, &before, 1)) return 1;

  ev.x = start.x;
  ev.y = start.y;
  ev.timestamp = 1.0;
  t0 = now_ms();
  st = pdftools_tool_pointer_down(b->tm, &ev, &handled);
  res->down_ms = now_ms() - t0;
  if (st != PDFTOOLS_OK) return fail_call("pdftools_tool_pointer_down", st);
  if (!handled) fprintf(stderr, "bench_tools: note: %s: the down was not handled\n", KIND_NAMES[k]);
  /* the down of a drag writes nothing either */
  if (take_snapshot(b, &now, 0)) return 1;
  if (!same_state(&before, &now)) {
    res->writes_during_moves++;
    res->first_bad_move = 0;
    snprintf(res->bad_detail, sizeof res->bad_detail, "after pointer_down");
  }

  for (i = 1; i <= moves; i++) {
    pdftools_point p = gesture_point(k, i, moves, start);
    double t1;
    ev.x = p.x;
    ev.y = p.y;
    ev.timestamp = 1.0 + 0.008 * i;
    t0 = now_ms();
    st = pdftools_tool_pointer_move(b->tm, &ev, &handled);
    if (st == PDFTOOLS_OK && with_overlay) st = query_overlay(b);
    t1 = now_ms();
    if (st != PDFTOOLS_OK)
      return fail_call(with_overlay ? "pdftools_tool_pointer_move + overlay" : "pdftools_tool_pointer_move",
                       st);
    samples[i - 1] = t1 - t0;
    if (take_snapshot(b, &now, 0)) return 1;
    if (!same_state(&before, &now)) {
      if (res->writes_during_moves++ == 0) {
        res->first_bad_move = i;
        snprintf(res->bad_detail, sizeof res->bad_detail,
                 "modified %d->%d, can_undo %d->%d, can_redo %d->%d, undo callbacks +%ld, tool write "
                 "events +%ld",
                 (int)before.modified, (int)now.modified, (int)before.can_undo, (int)now.can_undo,
                 (int)before.can_redo, (int)now.can_redo, now.undo_callbacks - before.undo_callbacks,
                 now.tool_writes - before.tool_writes);
      }
    }
  }
  /* the label of the next undo is still the one from before the gesture */
  if (take_snapshot(b, &now, 1)) return 1;
  if (!same_state(&before, &now) && res->writes_during_moves == 0) {
    res->writes_during_moves = 1;
    res->first_bad_move = moves;
    snprintf(res->bad_detail, sizeof res->bad_detail, "undo label \"%s\" -> \"%s\" before the up",
             before.label, now.label);
  }

  t0 = now_ms();
  st = pdftools_tool_pointer_up(b->tm, &ev, &handled);
  res->up_ms = now_ms() - t0;
  if (st != PDFTOOLS_OK) return fail_call("pdftools_tool_pointer_up", st);
  if (k == INK) CHECK("pdftools_tool_key(enter)", pdftools_tool_key(b->tm, PDFTOOLS_KEY_ENTER, 0, NULL));
  if (take_snapshot(b, &now, 1)) return 1;
  snprintf(res->label_after, sizeof res->label_after, "%s", now.label);
  res->wrote_step = now.can_undo && now.modified && now.undo_callbacks > before.undo_callbacks &&
                    strcmp(now.label, KIND_LABELS[k]) == 0;

  /* back to the document as opened */
  CHECK("pdftools_undo_undo", pdftools_undo_undo(b->doc, &done));
  CHECK("pdftools_document_is_modified", pdftools_document_is_modified(b->doc, &modified));
  res->undone_clean = done && !modified;
  CHECK("pdftools_tool_select(none)", pdftools_tool_select(b->tm, NULL, 0));
  CHECK("pdftools_tool_set_tool(pan)", pdftools_tool_set_tool(b->tm, PDFTOOLS_TOOL_PAN, 0));
  return 0;
}

/* ------------------------------------------------------------------------ */
/* References                                                                */

static double ref_annotation_rect(struct bench *b, double *tmp) {
  pdftools_rect r;
  int i;
  for (i = 0; i < REF_CALLS; i++) {
    double t0 = now_ms();
    pdftools_annotation_get_rect(b->doc, b->square, &r);
    tmp[i] = now_ms() - t0;
  }
  return median_of(tmp, REF_CALLS);
}

static double ref_convert_points(struct bench *b, double *tmp) {
  pdftools_point in = {100, 100}, out;
  int i;
  for (i = 0; i < REF_CALLS; i++) {
    double t0 = now_ms();
    in.x = 100 + (i & 63);
    pdftools_page_convert_points(b->doc, 0, PDFTOOLS_SPACE_DISPLAY, PDFTOOLS_SPACE_PAGE, &in, 1, &out);
    tmp[i] = now_ms() - t0;
  }
  return median_of(tmp, REF_CALLS);
}

static double ref_clock(double *tmp) {
  int i;
  for (i = 0; i < REF_CALLS; i++) {
    double t0 = now_ms();
    tmp[i] = now_ms() - t0;
  }
  return median_of(tmp, REF_CALLS);
}

/* ------------------------------------------------------------------------ */

struct row {
  enum kind kind;
  int overlay;
  double *samples;
  size_t n;
  double down[MAX_RUNS], up[MAX_RUNS];
  int runs;
  long bad_gestures, bad_moves;
  char bad_detail[400];
  int steps_ok, undo_ok;
  char label_seen[128];
  double first_decile, last_decile; /* medians of the first and last 10% of the moves */
  int32_t max_items, max_points;
};

static int usage(void) {
  fprintf(stderr, "usage: bench_tools [--moves N] [--drag-moves N] [--runs N] [--keep FILE] "
                  "[--skip ink|move|resize|highlight[+overlay]]...\n");
  return 1;
}

int main(int argc, char **argv) {
  int ink_moves = 5000, drag_moves = 2000, runs = 3, i, r, failed = 0;
  const char *keep = NULL;
  unsigned char *pdf;
  size_t pdf_size = 0, ri;
  int32_t nchars = 0;
  struct bench b;
  struct row rows[2 * KINDS];
  double *tmp, ref_rect, ref_conv, ref_clk;
  pdftools_status st;
  int all_clean = 1;
  int skip[2 * KINDS];

  memset(skip, 0, sizeof skip);
  for (i = 1; i < argc; i++) {
    if (strcmp(argv[i], "--skip") == 0 && i + 1 < argc) {
      const char *name = argv[++i];
      int k, found = 0;
      for (k = 0; k < KINDS; k++) {
        size_t len = strlen(KIND_KEYS[k]);
        if (strncmp(name, KIND_KEYS[k], len) != 0) continue;
        if (name[len] == '\0')
          skip[2 * k] = found = 1;
        else if (strcmp(name + len, "+overlay") == 0)
          skip[2 * k + 1] = found = 1;
      }
      if (!found) return usage();
    } else if (strcmp(argv[i], "--moves") == 0 && i + 1 < argc)
      ink_moves = atoi(argv[++i]);
    else if (strcmp(argv[i], "--drag-moves") == 0 && i + 1 < argc)
      drag_moves = atoi(argv[++i]);
    else if (strcmp(argv[i], "--runs") == 0 && i + 1 < argc)
      runs = atoi(argv[++i]);
    else if (strcmp(argv[i], "--keep") == 0 && i + 1 < argc)
      keep = argv[++i];
    else
      return usage();
  }
  if (ink_moves < 10 || drag_moves < 10 || runs < 1 || runs > MAX_RUNS) return usage();

  pdf = make_pdf(&pdf_size);
  if (keep) {
    FILE *f = fopen(keep, "wb");
    if (!f || fwrite(pdf, 1, pdf_size, f) != pdf_size || fclose(f) != 0) {
      fprintf(stderr, "bench_tools: cannot write %s\n", keep);
      return 1;
    }
  }

  memset(&b, 0, sizeof b);
  st = pdftools_document_open_from_memory(pdf, pdf_size, NULL, &b.doc);
  free(pdf);
  if (st != PDFTOOLS_OK) return fail_call("pdftools_document_open_from_memory", st);
  {
    int32_t count = 0;
    st = pdftools_page_get_annotations(b.doc, 0, &b.square, 1, &count);
    if (st != PDFTOOLS_OK || count != 1) return fail_call("pdftools_page_get_annotations (the Square)", st);
  }
  if ((st = pdftools_annotation_get_rect(b.doc, b.square, &b.square_display)) != PDFTOOLS_OK ||
      (st = pdftools_page_convert_rect(b.doc, 0, PDFTOOLS_SPACE_PAGE, PDFTOOLS_SPACE_DISPLAY,
                                       b.square_display, &b.square_display)) != PDFTOOLS_OK)
    return fail_call("the Square's display rect", st);
  if ((st = pdftools_page_get_chars(b.doc, 0, sizeof(pdftools_char_info), NULL, 0, &nchars)) != PDFTOOLS_OK)
    return fail_call("pdftools_page_get_chars", st);
  if ((st = pdftools_tool_manager_new(b.doc, &b.tm)) != PDFTOOLS_OK)
    return fail_call("pdftools_tool_manager_new", st);
  if ((st = pdftools_tool_set_callback(b.tm, on_tool, &b.count)) != PDFTOOLS_OK)
    return fail_call("pdftools_tool_set_callback", st);
  if ((st = pdftools_undo_set_callback(b.doc, on_undo, &b.count)) != PDFTOOLS_OK)
    return fail_call("pdftools_undo_set_callback", st);
  b.item_cap = 64;
  b.point_cap = 1024;
  b.items = (pdftools_overlay_item *)malloc(b.item_cap * sizeof *b.items);
  b.points = (pdftools_point *)malloc(b.point_cap * sizeof *b.points);
  tmp = (double *)malloc(sizeof(double) * (size_t)(REF_CALLS > ink_moves ? REF_CALLS : ink_moves));
  if (!b.items || !b.points || !tmp) return fail_call("malloc", PDFTOOLS_E_OUT_OF_MEMORY);

  printf("bench_tools: libpdftools %s; one page 612 x 792 pt: %d lines of 9 pt Helvetica "
         "(%lu characters) and one Square\n",
         pdftools_version_string(), TEXT_LINES, (unsigned long)nchars);

  /* warm-up: one short gesture of each kind (text page, appearance streams, code paths) */
  for (i = 0; i < KINDS; i++) {
    struct gesture_result res;
    if (skip[2 * i] && skip[2 * i + 1]) continue;
    if (run_gesture(&b, (enum kind)i, 50, !skip[2 * i + 1], tmp, &res)) {
      fprintf(stderr, "bench_tools: the warm-up %s failed\n", KIND_NAMES[i]);
      failed = 1;
    }
  }

  ref_rect = ref_annotation_rect(&b, tmp);
  ref_conv = ref_convert_points(&b, tmp);
  ref_clk = ref_clock(tmp);
  printf("references (same process, same ABI; median of %d calls each):\n", REF_CALLS);
  printf("  one pdftools_annotation_get_rect call             %.5f ms\n", ref_rect);
  printf("  one pdftools_page_convert_points call (1 pt)  %.5f ms\n", ref_conv);
  printf("  clock_gettime pair (timing overhead)          %.5f ms\n", ref_clk);
  printf("gestures: ink stroke %d moves, drags %d moves; %d timed gesture(s) each, after one "
         "warm-up\n\n",
         ink_moves, drag_moves, runs);

  memset(rows, 0, sizeof rows);
  for (ri = 0; ri < 2 * KINDS; ri++) {
    struct row *row = &rows[ri];
    int moves;
    row->kind = (enum kind)(ri / 2);
    row->overlay = (int)(ri % 2);
    moves = row->kind == INK ? ink_moves : drag_moves;
    if (skip[ri]) continue;
    row->samples = (double *)malloc(sizeof(double) * (size_t)moves * (size_t)runs);
    if (!row->samples) return fail_call("malloc", PDFTOOLS_E_OUT_OF_MEMORY);
    row->steps_ok = row->undo_ok = 1;
    b.max_items = b.max_points = 0;
    for (r = 0; r < runs; r++) {
      struct gesture_result res;
      double *s = row->samples + (size_t)r * (size_t)moves;
      if (run_gesture(&b, row->kind, moves, row->overlay, s, &res)) {
        fprintf(stderr, "bench_tools: %s%s failed\n", KIND_NAMES[row->kind],
                row->overlay ? " + overlay" : "");
        failed = 1;
        break;
      }
      row->down[r] = res.down_ms;
      row->up[r] = res.up_ms;
      row->runs++;
      row->n += (size_t)moves;
      if (res.writes_during_moves) {
        if (row->bad_gestures++ == 0)
          snprintf(row->bad_detail, sizeof row->bad_detail, "first at move %d: %s",
                   res.first_bad_move, res.bad_detail);
        row->bad_moves += res.writes_during_moves;
      }
      if (!res.wrote_step) row->steps_ok = 0;
      if (!res.undone_clean) row->undo_ok = 0;
      snprintf(row->label_seen, sizeof row->label_seen, "%s", res.label_after);
      {
        /* the growth along the gesture: first and last 10% of this run */
        size_t d = (size_t)moves / 10, j;
        double *first = (double *)malloc(d * sizeof(double)), *last = (double *)malloc(d * sizeof(double));
        if (first && last && d > 0) {
          for (j = 0; j < d; j++) {
            first[j] = s[j];
            last[j] = s[(size_t)moves - d + j];
          }
          row->first_decile += median_of(first, d) / runs;
          row->last_decile += median_of(last, d) / runs;
        }
        free(first);
        free(last);
      }
    }
    row->max_items = b.max_items;
    row->max_points = b.max_points;
  }

  printf("%-32s %7s %9s %9s %9s %10s %9s %9s  %s\n", "per pointer_move event", "events", "median",
         "p95", "max", "x rect", "10% first", "10% last", "PDF writes during moves");
  printf("%-32s %7s %9s %9s %9s %10s %9s %9s\n", "", "", "ms", "ms", "ms", "(median)", "ms", "ms");
  for (ri = 0; ri < 2 * KINDS; ri++) {
    struct row *row = &rows[ri];
    char name[64];
    double med, p95, mx;
    snprintf(name, sizeof name, "%s%s", KIND_NAMES[row->kind], row->overlay ? " + overlay" : "");
    if (row->n == 0) {
      printf("%-32s   (%s)\n", name, skip[ri] ? "skipped" : "failed");
      continue;
    }
    qsort(row->samples, row->n, sizeof(double), cmp_double);
    med = quantile_sorted(row->samples, row->n, 0.5);
    p95 = quantile_sorted(row->samples, row->n, 0.95);
    mx = row->samples[row->n - 1];
    printf("%-32s %7lu %9.4f %9.4f %9.3f %9.2fx %9.4f %9.4f  %s\n", name, (unsigned long)row->n, med,
           p95, mx, ref_rect > 0 ? med / ref_rect : 0.0, row->first_decile, row->last_decile,
           row->bad_gestures ? "YES" : "none");
    if (row->bad_gestures) {
      all_clean = 0;
      printf("%-32s   writes in %ld of %d gestures, after %ld moves in all; %s\n", "",
             row->bad_gestures, row->runs, row->bad_moves, row->bad_detail);
    }
  }

  printf("\n%-32s %9s %9s  %-22s %s\n", "gesture ends (median)", "down ms", "up ms", "undo step after up",
         "max overlay (items / points)");
  for (ri = 0; ri < 2 * KINDS; ri++) {
    struct row *row = &rows[ri];
    char name[64], step[160];
    if (row->runs == 0) continue;
    snprintf(name, sizeof name, "%s%s", KIND_NAMES[row->kind], row->overlay ? " + overlay" : "");
    if (row->steps_ok)
      snprintf(step, sizeof step, "\"%s\"%s", row->label_seen,
               row->undo_ok ? "" : " (undo left it modified)");
    else
      snprintf(step, sizeof step, "\"%s\" (EXPECTED \"%s\")%s", row->label_seen,
               KIND_LABELS[row->kind], row->undo_ok ? "" : " (undo left it modified)");
    printf("%-32s %9.3f %9.3f  %-22s", name, median_of(row->down, (size_t)row->runs),
           median_of(row->up, (size_t)row->runs), step);
    if (row->overlay)
      printf(" %lu / %lu", (unsigned long)row->max_items, (unsigned long)row->max_points);
    putchar('\n');
  }

  printf("\ntarget: median per pointer_move event < %.1f ms (the move alone; with the overlay query "
         "for information)\n", TARGET_MS);
  for (ri = 0; ri < 2 * KINDS; ri++) {
    struct row *row = &rows[ri];
    double med;
    char name[64];
    if (row->n == 0) continue;
    snprintf(name, sizeof name, "%s%s", KIND_NAMES[row->kind], row->overlay ? " + overlay" : "");
    med = quantile_sorted(row->samples, row->n, 0.5); /* sorted above */
    printf("  %-30s %.4f ms  %s\n", name, med, med < TARGET_MS ? "PASS" : "OVER TARGET");
  }
  printf("no PDF writes during pointer moves (is_modified, undo state, undo callback, tool events "
         "unchanged until pointer_up): %s\n", all_clean ? "yes" : "NO");

  for (ri = 0; ri < 2 * KINDS; ri++) free(rows[ri].samples);
  free(tmp);
  free(b.items);
  free(b.points);
  pdftools_tool_manager_free(b.tm);
  pdftools_document_close(b.doc);
  return failed;
}

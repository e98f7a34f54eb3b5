/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * replay.c — sample: pdftools-replay drives libpdftools' annotation tools
 * (the pdftools_tool_* functions) from a recorded gesture file, the way a
 * viewer's toolbar and pointer events would, prints what the tool manager
 * reported, and saves the result.
 *
 * Usage: pdftools-replay INPUT.pdf GESTURES.txt OUTPUT.pdf
 * Exit codes: 0 success (OUTPUT written), 1 the library reported an error or
 * the gesture file is wrong (the line number and the library's message are
 * printed on stderr; nothing is saved), 2 usage.
 *
 * It opens INPUT, makes a tool manager (pdftools_tool_manager_new), sets a
 * callback that prints every tool event (tool and selection changes, the ids
 * of annotations added, modified and removed, undo steps with their labels,
 * requests for text, payloads and link targets), runs the gesture file line
 * by line, lists the annotations of every page and saves OUTPUT with
 * pdftools_document_save.
 *
 * The gesture file
 * ----------------
 * One command a line; words are separated by blanks; a word may be quoted
 * with "..." (escapes \" \\ \n \t); '#' outside quotes starts a comment;
 * blank lines are ignored.  Coordinates are in the page's display space: 1/72
 * inch at zoom 1, origin at the top left of the (cropped, rotated) page, y
 * down.  For an unrotated page without a crop box, display (x, y) is page
 * space (x, height - y).  PAGE is 0-based.  MODS are any of shift, ctrl, alt,
 * meta and one of mouse, pen, touch (the pointer kind; default mouse).
 *
 *   mode viewer|annotate|form|page_edit   pdftools_tool_set_mode
 *   tool NAME [sticky]                    pdftools_tool_set_tool; NAME as pdftools_tool_name
 *                                         gives it: pan, text_select, highlight, underline,
 *                                         squiggly, strike_out, ink, free_highlight, eraser,
 *                                         rectangle, oval, line, arrow, ruler, polyline, polygon,
 *                                         cloud, perimeter, area, free_text, callout, sticky_note,
 *                                         stamp, image, file_attachment, link, signature,
 *                                         annotation_edit, line_edit, poly_edit, text_markup_edit
 *   down PAGE X Y [MODS]                  pdftools_tool_pointer_down
 *   move PAGE X Y [MODS]                  pdftools_tool_pointer_move
 *   up PAGE X Y [MODS]                    pdftools_tool_pointer_up
 *   tap PAGE X Y [MODS]                   pdftools_tool_tap
 *   double_tap PAGE X Y [MODS]            pdftools_tool_double_tap
 *   long_press PAGE X Y [MODS]            pdftools_tool_long_press
 *   drag PAGE X1 Y1 X2 Y2 [STEPS] [MODS]  down at (X1, Y1), STEPS moves (default 10) evenly
 *                                         spaced to (X2, Y2), up at (X2, Y2)
 *   stroke PAGE X,Y X,Y ... [MODS]        down at the first point, a move to each later
 *                                         point, up at the last one (a freehand stroke)
 *   cancel [scroll]                       pdftools_tool_pointer_cancel
 *   key NAME [MODS]                       pdftools_tool_key: delete, backspace, escape, enter,
 *                                         left, right, up, down
 *   text "TEXT"                           pdftools_tool_commit_text (answers a text request)
 *   uri "URI"                             pdftools_tool_provide_link_uri
 *   link_page N                           pdftools_tool_provide_link_page (0-based)
 *   image PATH                            pdftools_tool_provide_image (PNG or JPEG file)
 *   file PATH [NAME]                      pdftools_tool_provide_file (NAME: default the file name)
 *   signature_ink X,Y X,Y ... [| X,Y ...] pdftools_tool_provide_ink: strokes separated by |,
 *                                         points in a unit box (0..1, y down)
 *   cancel_request                        pdftools_tool_cancel_request
 *   select last|none|ID...                pdftools_tool_select: the annotations the last
 *                                         "added" event named, nothing, or the ids given
 *   delete                                pdftools_tool_delete_selection
 *   undo | redo                           pdftools_undo_undo / pdftools_undo_redo (one step)
 *   style TOOL PROP VALUE... ...          pdftools_tool_set_style: the tool's default style with
 *                                         the properties changed (applied to the selection if
 *                                         there is one, else made the default).  PROP:
 *                                         color R G B | color none | fill R G B | fill none |
 *                                         opacity A | width W | border solid|dashed|beveled|
 *                                         inset|underline | dashes D... | cloudy N |
 *                                         line_start E | line_end E | font NAME |
 *                                         font_size S | text_color R G B | icon NAME, where E is
 *                                         none, square, circle, diamond, open_arrow,
 *                                         closed_arrow, butt, r_open_arrow, r_closed_arrow, slash
 *   default_style TOOL PROP VALUE... ...  the same with pdftools_tool_set_default_style
 *   overlay PAGE                          prints the overlay items of the page
 *   list [PAGE]                           prints the annotations (of one page)
 *   expect WHAT VALUE                     checks the state; a mismatch is an error of the line:
 *                                         tool NAME | mode NAME | selected COUNT |
 *                                         annotations PAGE COUNT | undo "LABEL" | redo "LABEL" |
 *                                         undo none | redo none | modified 0|1 | handled 0|1
 *                                         (handled: of the last pointer, tap or key command)
 *   expect_fail STATUS COMMAND...         runs COMMAND, which must fail in the library with
 *                                         STATUS: invalid_argument, invalid_handle, out_of_range,
 *                                         not_found, unsupported, not_permitted, ... (an error
 *                                         of the line if it succeeds or fails otherwise)
 *
 * Paths in the file are relative to the gesture file's folder.  Event
 * timestamps advance 20 ms per pointer event.  samples/gestures.txt is an
 * example for samples/sample.pdf.
 *
 * Build: see README.md in this folder (make, with pkg-config).
 */
#include <pdftools.h>

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_LINE 8192
#define MAX_WORDS 512
#define MAX_IDS 256

/* ------------------------------------------------------------------------ */
/* State                                                                     */

struct replay {
  pdftools_document *doc;
  pdftools_tool_manager *tm;
  const char *gesture_path;
  int line_no;
  double clock;            /* timestamp of the next pointer event */
  int32_t last_handled;    /* of the last pointer, tap or key command; -1: none yet */
  int pending_request;     /* a pdftools_tool_event_kind of an unanswered request, or 0 */
  int pending_tool;        /* the tool that asked */
  int gesture_open;        /* a down without its up */
  pdftools_annotation_id last_added[MAX_IDS];
  int32_t last_added_count;
  int expecting_failure;   /* inside expect_fail: a failed call is recorded, not printed */
  pdftools_status failed_status;
};

static const char *const EVENT_NAMES[] = {"?",           "tool changed",  "mode changed",
                                          "selection",   "added",         "modified",
                                          "removed",     "undo step",     "request text",
                                          "request payload", "request link target",
                                          "link activated"};

static const char *const MODE_NAMES[] = {"viewer", "annotate", "form", "page_edit"};

static const char *const KEY_NAMES[] = {NULL,   "delete", "backspace", "escape", "enter",
                                        "left", "right",  "up",        "down"};

static const char *const ENDING_NAMES[] = {"none",         "square", "circle",       "diamond",
                                           "open_arrow",   "closed_arrow", "butt",
                                           "r_open_arrow", "r_closed_arrow", "slash"};

static const struct {
  const char *name;
  pdftools_status status;
} STATUS_NAMES[] = {{"invalid_argument", PDFTOOLS_E_INVALID_ARGUMENT},
                    {"invalid_handle", PDFTOOLS_E_INVALID_HANDLE},
                    {"out_of_range", PDFTOOLS_E_OUT_OF_RANGE},
                    {"buffer_too_small", PDFTOOLS_E_BUFFER_TOO_SMALL},
                    {"not_found", PDFTOOLS_E_NOT_FOUND},
                    {"unsupported", PDFTOOLS_E_UNSUPPORTED},
                    {"not_permitted", PDFTOOLS_E_NOT_PERMITTED},
                    {"out_of_memory", PDFTOOLS_E_OUT_OF_MEMORY},
                    {"internal", PDFTOOLS_E_INTERNAL}};

static const char *const BORDER_NAMES[] = {"solid", "dashed", "beveled", "inset", "underline"};

static int find_name(const char *const *names, int count, const char *word) {
  int i;
  for (i = 0; i < count; i++)
    if (names[i] && strcmp(names[i], word) == 0) return i;
  return -1;
}

#define COUNT_OF(a) ((int)(sizeof(a) / sizeof((a)[0])))

/* ------------------------------------------------------------------------ */
/* Errors                                                                    */

/* An error of the current gesture line (or of the file when line_no is 0); returns 1. */
static int line_error(const struct replay *r, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

static int line_error(const struct replay *r, const char *fmt, ...) {
  va_list ap;
  if (r->line_no > 0)
    fprintf(stderr, "pdftools-replay: %s:%d: ", r->gesture_path, r->line_no);
  else
    fprintf(stderr, "pdftools-replay: %s: ", r->gesture_path);
  va_start(ap, fmt);
  vfprintf(stderr, fmt, ap);
  va_end(ap);
  fputc('\n', stderr);
  return 1;
}

/* A failed library call of the current line; returns 1. */
static int call_error(struct replay *r, const char *function, pdftools_status st) {
  if (r->expecting_failure) {
    r->failed_status = st;
    return 1;
  }
  return line_error(r, "%s: %s (%s)", function, pdftools_status_string(st),
                    pdftools_last_error_message());
}

#define CALL(r, fn, args)                                      \
  do {                                                         \
    pdftools_status call_st_ = fn args;                        \
    if (call_st_ != PDFTOOLS_OK) return call_error(r, #fn, call_st_); \
  } while (0)

/* ------------------------------------------------------------------------ */
/* Printing                                                                  */

/* Prints text quoted, with control characters escaped and at most limit bytes. */
static void print_quoted(const char *s, size_t limit) {
  size_t n = 0;
  putchar('"');
  for (; *s && n < limit; s++, n++) {
    unsigned char c = (unsigned char)*s;
    if (c == '\n')
      fputs("\\n", stdout);
    else if (c == '"' || c == '\\')
      printf("\\%c", c);
    else if (c < 0x20 || c == 0x7f)
      printf("\\x%02x", c);
    else
      putchar(c);
  }
  if (*s) {
    /* do not cut a UTF-8 sequence in the middle */
    while (((unsigned char)*s & 0xC0) == 0x80) putchar(*s++);
    fputs("...", stdout);
  }
  putchar('"');
}

/* A malloc'd copy of an annotation text entry, or NULL. */
static char *annotation_text(pdftools_document *doc, pdftools_annotation_id id, const char *key) {
  size_t size = 0;
  char *buf;
  if (pdftools_annotation_get_text(doc, id, key, NULL, 0, &size) != PDFTOOLS_OK) return NULL;
  buf = (char *)malloc(size ? size : 1);
  if (!buf) return NULL;
  if (pdftools_annotation_get_text(doc, id, key, buf, size, &size) != PDFTOOLS_OK) {
    free(buf);
    return NULL;
  }
  return buf;
}

/* Prints "#ID Subtype" of an annotation. */
static void print_annotation_name(pdftools_document *doc, pdftools_annotation_id id) {
  char subtype[64];
  size_t size = 0;
  printf("#%lld", (long long)id);
  if (pdftools_annotation_get_subtype(doc, id, subtype, sizeof subtype, &size) == PDFTOOLS_OK)
    printf(" %s", subtype);
}

/* Prints one annotation: id, subtype, /Rect in page space, /Contents. */
static void print_annotation(pdftools_document *doc, pdftools_annotation_id id) {
  pdftools_rect rect;
  char *contents;
  print_annotation_name(doc, id);
  if (pdftools_annotation_get_rect(doc, id, &rect) == PDFTOOLS_OK)
    printf(" rect [%.1f %.1f %.1f %.1f]", rect.x0, rect.y0, rect.x1, rect.y1);
  contents = annotation_text(doc, id, "Contents");
  if (contents) {
    printf(" contents ");
    print_quoted(contents, 60);
    free(contents);
  }
}

static void print_ids(const pdftools_annotation_id *ids, int32_t count) {
  int32_t i;
  if (count == 0) fputs(" (none)", stdout);
  for (i = 0; i < count; i++) printf(" #%lld", (long long)ids[i]);
}

static void print_undo_label(pdftools_document *doc, int32_t redo) {
  char label[256];
  size_t size = 0;
  if (pdftools_undo_get_label(doc, redo, label, sizeof label, &size) == PDFTOOLS_OK)
    print_quoted(label, 80);
  else
    fputs("(none)", stdout);
}

/* The tool callback: prints each event, remembers requests and added ids. */
static void on_tool_event(pdftools_tool_manager *tm, const pdftools_tool_event *ev, void *user) {
  struct replay *r = (struct replay *)user;
  const char *tool = pdftools_tool_name((pdftools_tool)ev->tool);
  int32_t i;
  (void)tm;
  printf("        -> %s", ev->kind > 0 && ev->kind < COUNT_OF(EVENT_NAMES) ? EVENT_NAMES[ev->kind]
                                                                        : "unknown event");
  switch (ev->kind) {
    case PDFTOOLS_TOOL_EVENT_TOOL_CHANGED:
      printf(": %s", tool ? tool : "?");
      break;
    case PDFTOOLS_TOOL_EVENT_MODE_CHANGED: {
      pdftools_tool_mode mode;
      if (pdftools_tool_get_mode(r->tm, &mode) == PDFTOOLS_OK && (int)mode >= 0 &&
          (int)mode < COUNT_OF(MODE_NAMES))
        printf(": %s", MODE_NAMES[mode]);
      break;
    }
    case PDFTOOLS_TOOL_EVENT_SELECTION_CHANGED:
      printf(":");
      print_ids(ev->ids, ev->id_count);
      if (ev->text && *ev->text) {
        printf(" text ");
        print_quoted(ev->text, 60);
      }
      break;
    case PDFTOOLS_TOOL_EVENT_ANNOTATIONS_ADDED:
    case PDFTOOLS_TOOL_EVENT_ANNOTATIONS_MODIFIED:
      printf(" on page %d:", (int)ev->page_index);
      for (i = 0; i < ev->id_count; i++) {
        printf(i ? ",\n           " : " ");
        print_annotation(r->doc, ev->ids[i]);
      }
      if (ev->kind == PDFTOOLS_TOOL_EVENT_ANNOTATIONS_ADDED) {
        r->last_added_count = ev->id_count < MAX_IDS ? ev->id_count : MAX_IDS;
        for (i = 0; i < r->last_added_count; i++) r->last_added[i] = ev->ids[i];
      }
      break;
    case PDFTOOLS_TOOL_EVENT_ANNOTATIONS_REMOVED:
      printf(" on page %d:", (int)ev->page_index);
      print_ids(ev->ids, ev->id_count);
      break;
    case PDFTOOLS_TOOL_EVENT_UNDO_STATE:
      printf(": undo ");
      print_undo_label(r->doc, 0);
      break;
    case PDFTOOLS_TOOL_EVENT_REQUEST_TEXT:
    case PDFTOOLS_TOOL_EVENT_REQUEST_PAYLOAD:
    case PDFTOOLS_TOOL_EVENT_REQUEST_LINK_TARGET:
      printf(" from %s on page %d", tool ? tool : "?", (int)ev->page_index);
      if (ev->text) {
        printf(" (");
        print_quoted(ev->text, 60);
        printf(")");
      }
      r->pending_request = ev->kind;
      r->pending_tool = ev->tool;
      break;
    case PDFTOOLS_TOOL_EVENT_LINK_ACTIVATED:
      if (ev->target_page >= 0)
        printf(": page %d", (int)ev->target_page);
      else if (ev->text) {
        printf(": ");
        print_quoted(ev->text, 200);
      }
      break;
    default:
      printf(" (kind %d)", (int)ev->kind);
  }
  putchar('\n');
}

/* Notes that a request was answered (the answer's own events follow). */
static void answered(struct replay *r, int kind, const char *how) {
  if (r->pending_request == kind) {
    const char *tool = pdftools_tool_name((pdftools_tool)r->pending_tool);
    printf("        answered %s of %s with %s\n", EVENT_NAMES[kind], tool ? tool : "?", how);
    r->pending_request = 0;
  }
}

/* ------------------------------------------------------------------------ */
/* Parsing                                                                   */

/* Splits line in place into words; returns the count or -1 (error printed). */
static int split_words(const struct replay *r, char *line, char **words, int max) {
  int n = 0;
  char *p = line;
  for (;;) {
    char *out;
    while (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n') p++;
    if (!*p || *p == '#') return n;
    if (n == max) {
      line_error(r, "too many words (at most %d)", max);
      return -1;
    }
    words[n++] = out = p;
    if (*p == '"') {
      p++;
      for (;;) {
        if (!*p) {
          line_error(r, "unterminated quoted word");
          return -1;
        }
        if (*p == '"') {
          p++;
          break;
        }
        if (*p == '\\') {
          p++;
          switch (*p) {
            case 'n': *out++ = '\n'; break;
            case 't': *out++ = '\t'; break;
            case '"': *out++ = '"'; break;
            case '\\': *out++ = '\\'; break;
            default:
              line_error(r, "unknown escape '\\%c' in a quoted word", *p ? *p : ' ');
              return -1;
          }
          p++;
        } else {
          *out++ = *p++;
        }
      }
      if (*p && *p != ' ' && *p != '\t' && *p != '\r' && *p != '\n') {
        line_error(r, "a quoted word must end at a blank");
        return -1;
      }
    } else {
      while (*p && *p != ' ' && *p != '\t' && *p != '\r' && *p != '\n') out = ++p;
    }
    if (*p) p++;
    *out = '\0';
  }
}

static int parse_double(const char *s, double *out) {
  char *end;
  if (!*s) return 0;
  *out = strtod(s, &end);
  return *end == '\0';
}

static int parse_int(const char *s, long *out) {
  char *end;
  if (!*s) return 0;
  *out = strtol(s, &end, 10);
  return *end == '\0';
}

/* Parses "X,Y". */
static int parse_point(const char *s, pdftools_point *out) {
  char tmp[128];
  char *comma;
  if (strlen(s) >= sizeof tmp) return 0;
  strcpy(tmp, s);
  comma = strchr(tmp, ',');
  if (!comma) return 0;
  *comma = '\0';
  return parse_double(tmp, &out->x) && parse_double(comma + 1, &out->y);
}

/* Parses modifier and pointer-kind words into ev; returns 0 (error printed) on an unknown word. */
static int parse_mods(const struct replay *r, char **words, int count, uint32_t *mods,
                      int32_t *kind) {
  int i;
  for (i = 0; i < count; i++) {
    const char *w = words[i];
    if (strcmp(w, "shift") == 0)
      *mods |= PDFTOOLS_MOD_SHIFT;
    else if (strcmp(w, "ctrl") == 0)
      *mods |= PDFTOOLS_MOD_CTRL;
    else if (strcmp(w, "alt") == 0)
      *mods |= PDFTOOLS_MOD_ALT;
    else if (strcmp(w, "meta") == 0)
      *mods |= PDFTOOLS_MOD_META;
    else if (kind && strcmp(w, "mouse") == 0)
      *kind = PDFTOOLS_POINTER_MOUSE;
    else if (kind && strcmp(w, "pen") == 0)
      *kind = PDFTOOLS_POINTER_PEN;
    else if (kind && strcmp(w, "touch") == 0)
      *kind = PDFTOOLS_POINTER_TOUCH;
    else {
      line_error(r, "unknown modifier '%s' (shift, ctrl, alt, meta%s)", w,
                 kind ? ", mouse, pen, touch" : "");
      return 0;
    }
  }
  return 1;
}

/* A malloc'd path: rel relative to the gesture file's folder (unless absolute). */
static char *resolve_path(const struct replay *r, const char *rel) {
  const char *slash = strrchr(r->gesture_path, '/');
  size_t dir = (rel[0] == '/' || !slash) ? 0 : (size_t)(slash - r->gesture_path) + 1;
  char *path = (char *)malloc(dir + strlen(rel) + 1);
  if (!path) return NULL;
  memcpy(path, r->gesture_path, dir);
  strcpy(path + dir, rel);
  return path;
}

/* Reads a whole file; returns malloc'd bytes or NULL (error printed). */
static unsigned char *read_whole_file(const struct replay *r, const char *rel, size_t *out_size) {
  char *path = resolve_path(r, rel);
  FILE *f = path ? fopen(path, "rb") : NULL;
  unsigned char *data = NULL;
  size_t size = 0, cap = 0, n;
  if (!f) {
    line_error(r, "cannot open '%s'", path ? path : rel);
    free(path);
    return NULL;
  }
  for (;;) {
    if (size == cap) {
      unsigned char *bigger;
      cap = cap ? cap * 2 : 65536;
      bigger = (unsigned char *)realloc(data, cap);
      if (!bigger) {
        line_error(r, "out of memory reading '%s'", path);
        free(data);
        fclose(f);
        free(path);
        return NULL;
      }
      data = bigger;
    }
    n = fread(data + size, 1, cap - size, f);
    size += n;
    if (n == 0) break;
  }
  if (ferror(f)) {
    line_error(r, "cannot read '%s'", path);
    free(data);
    data = NULL;
  }
  fclose(f);
  free(path);
  *out_size = size;
  return data;
}

/* ------------------------------------------------------------------------ */
/* Commands                                                                  */

enum pointer_call { P_DOWN, P_MOVE, P_UP, P_TAP, P_DOUBLE_TAP, P_LONG_PRESS };

static const char *const POINTER_FUNCTIONS[] = {
    "pdftools_tool_pointer_down", "pdftools_tool_pointer_move", "pdftools_tool_pointer_up",
    "pdftools_tool_tap",          "pdftools_tool_double_tap",   "pdftools_tool_long_press"};

static int pointer(struct replay *r, enum pointer_call which, int32_t page, double x, double y,
                   uint32_t mods, int32_t kind) {
  pdftools_pointer_event ev = PDFTOOLS_POINTER_EVENT_INIT;
  pdftools_status st = PDFTOOLS_OK;
  int32_t handled = 0;
  ev.page_index = page;
  ev.x = x;
  ev.y = y;
  ev.modifiers = mods;
  ev.pointer_kind = kind;
  ev.timestamp = r->clock;
  r->clock += 0.02;
  switch (which) {
    case P_DOWN: st = pdftools_tool_pointer_down(r->tm, &ev, &handled); break;
    case P_MOVE: st = pdftools_tool_pointer_move(r->tm, &ev, &handled); break;
    case P_UP: st = pdftools_tool_pointer_up(r->tm, &ev, &handled); break;
    case P_TAP: st = pdftools_tool_tap(r->tm, &ev, &handled); break;
    case P_DOUBLE_TAP: st = pdftools_tool_double_tap(r->tm, &ev, &handled); break;
    case P_LONG_PRESS: st = pdftools_tool_long_press(r->tm, &ev, &handled); break;
  }
  if (st != PDFTOOLS_OK) return call_error(r, POINTER_FUNCTIONS[which], st);
  if (which == P_DOWN) r->gesture_open = 1;
  if (which == P_UP) r->gesture_open = 0;
  r->last_handled = handled;
  if (!handled && which != P_MOVE)
    printf("        (%s at %g,%g: not handled)\n", POINTER_FUNCTIONS[which] + 14, x, y);
  return 0;
}

/* down|move|up|tap|double_tap|long_press PAGE X Y [MODS] */
static int cmd_pointer(struct replay *r, enum pointer_call which, char **w, int n) {
  long page;
  double x, y;
  uint32_t mods = 0;
  int32_t kind = PDFTOOLS_POINTER_MOUSE;
  if (n < 4 || !parse_int(w[1], &page) || !parse_double(w[2], &x) || !parse_double(w[3], &y))
    return line_error(r, "usage: %s PAGE X Y [MODS]", w[0]);
  if (!parse_mods(r, w + 4, n - 4, &mods, &kind)) return 1;
  return pointer(r, which, (int32_t)page, x, y, mods, kind);
}

/* drag PAGE X1 Y1 X2 Y2 [STEPS] [MODS] */
static int cmd_drag(struct replay *r, char **w, int n) {
  long page, steps = 10, i;
  double x1, y1, x2, y2;
  uint32_t mods = 0;
  int32_t kind = PDFTOOLS_POINTER_MOUSE;
  int first_mod = 6;
  if (n < 6 || !parse_int(w[1], &page) || !parse_double(w[2], &x1) || !parse_double(w[3], &y1) ||
      !parse_double(w[4], &x2) || !parse_double(w[5], &y2))
    return line_error(r, "usage: drag PAGE X1 Y1 X2 Y2 [STEPS] [MODS]");
  if (n > 6 && parse_int(w[6], &steps)) {
    if (steps < 1 || steps > 100000) return line_error(r, "STEPS must be 1..100000");
    first_mod = 7;
  }
  if (!parse_mods(r, w + first_mod, n - first_mod, &mods, &kind)) return 1;
  if (pointer(r, P_DOWN, (int32_t)page, x1, y1, mods, kind)) return 1;
  for (i = 1; i <= steps; i++) {
    double t = (double)i / (double)steps;
    if (pointer(r, P_MOVE, (int32_t)page, x1 + (x2 - x1) * t, y1 + (y2 - y1) * t, mods, kind))
      return 1;
  }
  return pointer(r, P_UP, (int32_t)page, x2, y2, mods, kind);
}

/* stroke PAGE X,Y X,Y ... [MODS] */
static int cmd_stroke(struct replay *r, char **w, int n) {
  long page;
  int i, points = 0;
  uint32_t mods = 0;
  int32_t kind = PDFTOOLS_POINTER_MOUSE;
  pdftools_point p, last = {0, 0};
  if (n < 3 || !parse_int(w[1], &page))
    return line_error(r, "usage: stroke PAGE X,Y X,Y ... [MODS]");
  while (2 + points < n && parse_point(w[2 + points], &p)) points++;
  if (points < 1) return line_error(r, "usage: stroke PAGE X,Y X,Y ... [MODS]");
  if (!parse_mods(r, w + 2 + points, n - 2 - points, &mods, &kind)) return 1;
  for (i = 0; i < points; i++) {
    parse_point(w[2 + i], &last);
    if (pointer(r, i == 0 ? P_DOWN : P_MOVE, (int32_t)page, last.x, last.y, mods, kind)) return 1;
  }
  return pointer(r, P_UP, (int32_t)page, last.x, last.y, mods, kind);
}

static int cmd_key(struct replay *r, char **w, int n) {
  int key;
  uint32_t mods = 0;
  int32_t handled = 0;
  pdftools_status st;
  if (n < 2) return line_error(r, "usage: key NAME [MODS]");
  key = find_name(KEY_NAMES, COUNT_OF(KEY_NAMES), w[1]);
  if (key < 0)
    return line_error(r, "unknown key '%s' (delete, backspace, escape, enter, left, right, up, "
                      "down)", w[1]);
  if (!parse_mods(r, w + 2, n - 2, &mods, NULL)) return 1;
  st = pdftools_tool_key(r->tm, key, mods, &handled);
  if (st != PDFTOOLS_OK) return call_error(r, "pdftools_tool_key", st);
  r->last_handled = handled;
  if (!handled) printf("        (key %s: not handled)\n", w[1]);
  if (key == PDFTOOLS_KEY_ESCAPE) r->pending_request = 0;
  return 0;
}

static int cmd_tool(struct replay *r, char **w, int n) {
  pdftools_tool tool;
  pdftools_status st;
  int32_t sticky = 0;
  if (n < 2 || n > 3 || (n == 3 && strcmp(w[2], "sticky") != 0))
    return line_error(r, "usage: tool NAME [sticky]");
  st = pdftools_tool_from_name(w[1], &tool);
  if (st != PDFTOOLS_OK) return call_error(r, "pdftools_tool_from_name", st);
  if (n == 3) sticky = 1;
  CALL(r, pdftools_tool_set_tool, (r->tm, tool, sticky));
  if (r->pending_request) r->pending_request = 0; /* a tool change drops a pending placement */
  return 0;
}

static int cmd_mode(struct replay *r, char **w, int n) {
  int mode;
  if (n != 2 || (mode = find_name(MODE_NAMES, COUNT_OF(MODE_NAMES), w[1])) < 0)
    return line_error(r, "usage: mode viewer|annotate|form|page_edit");
  CALL(r, pdftools_tool_set_mode, (r->tm, (pdftools_tool_mode)mode));
  return 0;
}

static int cmd_select(struct replay *r, char **w, int n) {
  pdftools_annotation_id ids[MAX_IDS];
  size_t count = 0;
  int i;
  if (n == 2 && strcmp(w[1], "last") == 0) {
    if (r->last_added_count == 0) return line_error(r, "select last: no annotation was added yet");
    CALL(r, pdftools_tool_select, (r->tm, r->last_added, r->last_added_count));
    return 0;
  }
  if (n == 2 && strcmp(w[1], "none") == 0) {
    CALL(r, pdftools_tool_select, (r->tm, NULL, 0));
    return 0;
  }
  if (n < 2 || n - 1 > MAX_IDS) return line_error(r, "usage: select last|none|ID...");
  for (i = 1; i < n; i++) {
    long id;
    const char *s = w[i][0] == '#' ? w[i] + 1 : w[i];
    if (!parse_int(s, &id) || id <= 0) return line_error(r, "select: '%s' is not an id", w[i]);
    ids[count++] = (pdftools_annotation_id)id;
  }
  CALL(r, pdftools_tool_select, (r->tm, ids, count));
  return 0;
}

/* Parses "R G B" at w[*i + 1..3] into c; advances *i. */
static int parse_rgb(const struct replay *r, char **w, int n, int *i, pdftools_color *c) {
  if (*i + 3 >= n || !parse_double(w[*i + 1], &c->r) || !parse_double(w[*i + 2], &c->g) ||
      !parse_double(w[*i + 3], &c->b))
    return line_error(r, "%s: expected R G B (0..1)", w[*i]);
  *i += 3;
  return 0;
}

/* style|default_style TOOL PROP VALUE... */
static int cmd_style(struct replay *r, char **w, int n, int as_default) {
  pdftools_tool tool;
  pdftools_tool_style style;
  pdftools_status st;
  int i;
  if (n < 4) return line_error(r, "usage: %s TOOL PROP VALUE...", w[0]);
  st = pdftools_tool_from_name(w[1], &tool);
  if (st != PDFTOOLS_OK) return call_error(r, "pdftools_tool_from_name", st);
  memset(&style, 0, sizeof style);
  style.version = PDFTOOLS_TOOL_STYLE_VERSION;
  CALL(r, pdftools_tool_get_style, (r->tm, tool, &style));
  for (i = 2; i < n; i++) {
    const char *prop = w[i];
    const char *value = i + 1 < n ? w[i + 1] : NULL;
    int e;
    if (!value) return line_error(r, "%s: missing value", prop);
    if (strcmp(prop, "color") == 0 || strcmp(prop, "fill") == 0) {
      int32_t *has = prop[0] == 'c' ? &style.has_color : &style.has_fill;
      pdftools_color *c = prop[0] == 'c' ? &style.color : &style.fill;
      if (strcmp(value, "none") == 0) {
        *has = 0;
        i++;
      } else {
        if (parse_rgb(r, w, n, &i, c)) return 1;
        *has = 1;
      }
    } else if (strcmp(prop, "text_color") == 0) {
      if (parse_rgb(r, w, n, &i, &style.text_color)) return 1;
    } else if (strcmp(prop, "opacity") == 0 || strcmp(prop, "width") == 0 ||
               strcmp(prop, "cloudy") == 0 || strcmp(prop, "font_size") == 0) {
      double *d = prop[0] == 'o' ? &style.opacity
                  : prop[0] == 'w' ? &style.width
                  : prop[0] == 'c' ? &style.cloudy
                                   : &style.font_size;
      if (!parse_double(value, d)) return line_error(r, "%s: '%s' is not a number", prop, value);
      i++;
    } else if (strcmp(prop, "border") == 0) {
      if ((e = find_name(BORDER_NAMES, COUNT_OF(BORDER_NAMES), value)) < 0)
        return line_error(r, "border: unknown style '%s'", value);
      style.border_style = e;
      i++;
    } else if (strcmp(prop, "dashes") == 0) {
      double d;
      style.dash_count = 0;
      while (i + 1 < n && parse_double(w[i + 1], &d)) {
        if (style.dash_count == 8) return line_error(r, "dashes: at most 8 numbers");
        style.dashes[style.dash_count++] = d;
        i++;
      }
    } else if (strcmp(prop, "line_start") == 0 || strcmp(prop, "line_end") == 0) {
      if ((e = find_name(ENDING_NAMES, COUNT_OF(ENDING_NAMES), value)) < 0)
        return line_error(r, "%s: unknown line ending '%s'", prop, value);
      if (prop[5] == 's')
        style.line_start = e;
      else
        style.line_end = e;
      i++;
    } else if (strcmp(prop, "font") == 0 || strcmp(prop, "icon") == 0) {
      char *dst = prop[0] == 'f' ? style.font : style.icon;
      if (strlen(value) >= sizeof style.font) return line_error(r, "%s: name too long", prop);
      strcpy(dst, value);
      i++;
    } else {
      return line_error(r, "unknown style property '%s'", prop);
    }
  }
  if (as_default)
    CALL(r, pdftools_tool_set_default_style, (r->tm, tool, &style));
  else
    CALL(r, pdftools_tool_set_style, (r->tm, tool, &style));
  return 0;
}

/* signature_ink X,Y X,Y ... [| X,Y ...] */
static int cmd_signature_ink(struct replay *r, char **w, int n) {
  pdftools_point points[MAX_WORDS];
  int32_t lengths[MAX_WORDS];
  int32_t count = 0, strokes = 0;
  int i;
  lengths[0] = 0;
  for (i = 1; i < n; i++) {
    if (strcmp(w[i], "|") == 0) {
      if (lengths[strokes] == 0) return line_error(r, "signature_ink: an empty stroke");
      lengths[++strokes] = 0;
    } else if (parse_point(w[i], &points[count])) {
      count++;
      lengths[strokes]++;
    } else {
      return line_error(r, "signature_ink: '%s' is not X,Y", w[i]);
    }
  }
  if (count == 0 || lengths[strokes] == 0)
    return line_error(r, "usage: signature_ink X,Y X,Y ... [| X,Y ...]");
  CALL(r, pdftools_tool_provide_ink, (r->tm, points, lengths, strokes + 1));
  answered(r, PDFTOOLS_TOOL_EVENT_REQUEST_PAYLOAD, "an ink signature");
  return 0;
}

static int cmd_overlay(struct replay *r, char **w, int n) {
  static const char *const kinds[] = {"rect", "ellipse", "path", "polygon",
                                      "quad", "handle",  "caret"};
  static const char *const handles[] = {"box", "line_start", "line_end", "vertex", "text_start",
                                        "text_end"};
  pdftools_overlay_item *items = NULL;
  pdftools_point *points = NULL;
  int32_t item_count = 0, point_count = 0, i, j;
  pdftools_rect dirty;
  pdftools_status st;
  long page;
  if (n != 2 || !parse_int(w[1], &page)) return line_error(r, "usage: overlay PAGE");
  CALL(r, pdftools_tool_get_overlay,
       (r->tm, (int32_t)page, sizeof(pdftools_overlay_item), NULL, 0, NULL, 0, &item_count, &point_count, NULL));
  items = (pdftools_overlay_item *)calloc(item_count ? item_count : 1, sizeof *items);
  points = (pdftools_point *)calloc(point_count ? point_count : 1, sizeof *points);
  if (!items || !points) {
    free(items);
    free(points);
    return line_error(r, "out of memory");
  }
  st = pdftools_tool_get_overlay(r->tm, (int32_t)page, sizeof(pdftools_overlay_item), items, item_count, points, point_count,
                             &item_count, &point_count, &dirty);
  if (st != PDFTOOLS_OK) {
    free(items);
    free(points);
    return call_error(r, "pdftools_tool_get_overlay", st);
  }
  printf("        overlay of page %ld: %d item(s)\n", page, item_count);
  for (i = 0; i < item_count; i++) {
    const pdftools_overlay_item *it = &items[i];
    printf("          %s", it->kind >= 0 && it->kind < COUNT_OF(kinds) ? kinds[it->kind] : "?");
    if (it->kind == PDFTOOLS_OVERLAY_HANDLE)
      printf(" %s %d", it->handle_kind >= 0 && it->handle_kind < COUNT_OF(handles)
                           ? handles[it->handle_kind]
                           : "?",
             (int)it->handle_id);
    if (it->annotation) printf(" of #%lld", (long long)it->annotation);
    printf(" stroke %08lx", (unsigned long)it->stroke);
    if (it->fill >> 24) printf(" fill %08lx", (unsigned long)it->fill);
    if (it->dash > 0) printf(" dash %g", it->dash);
    printf(":");
    for (j = 0; j < it->point_count && j < 6; j++) {
      int32_t k = it->first_point + j;
      if (k < point_count) printf(" %.1f,%.1f", points[k].x, points[k].y);
    }
    if (it->point_count > 6) printf(" ... (%d points)", it->point_count);
    putchar('\n');
  }
  free(items);
  free(points);
  return 0;
}

static int list_page(struct replay *r, int32_t page) {
  pdftools_annotation_id *ids;
  int32_t i, count = 0;
  pdftools_status st;
  CALL(r, pdftools_page_get_annotations, (r->doc, page, NULL, 0, &count));
  if (count == 0) return 0;
  ids = (pdftools_annotation_id *)malloc(count * sizeof *ids);
  if (!ids) return line_error(r, "out of memory");
  st = pdftools_page_get_annotations(r->doc, page, ids, count, &count);
  if (st != PDFTOOLS_OK) {
    free(ids);
    return call_error(r, "pdftools_page_get_annotations", st);
  }
  printf("  page %d: %d annotation(s)\n", (int)page, count);
  for (i = 0; i < count; i++) {
    printf("    ");
    print_annotation(r->doc, ids[i]);
    putchar('\n');
  }
  free(ids);
  return 0;
}

static int cmd_list(struct replay *r, char **w, int n) {
  int32_t pages = 0, p;
  long page;
  if (n == 2) {
    if (!parse_int(w[1], &page)) return line_error(r, "usage: list [PAGE]");
    return list_page(r, (int32_t)page);
  }
  if (n != 1) return line_error(r, "usage: list [PAGE]");
  CALL(r, pdftools_document_get_page_count, (r->doc, &pages));
  for (p = 0; p < pages; p++)
    if (list_page(r, p)) return 1;
  return 0;
}

/* Compares the label of the next undo (redo) step with want ("none": no step). */
static int expect_label(struct replay *r, int32_t redo, const char *want) {
  char label[256];
  size_t size = 0;
  pdftools_status st = pdftools_undo_get_label(r->doc, redo, label, sizeof label, &size);
  const char *what = redo ? "redo" : "undo";
  if (st == PDFTOOLS_E_NOT_FOUND) {
    if (strcmp(want, "none") == 0) return 0;
    return line_error(r, "expect %s \"%s\": there is no %s step", what, want, what);
  }
  if (st != PDFTOOLS_OK) return call_error(r, "pdftools_undo_get_label", st);
  if (strcmp(label, want) != 0)
    return line_error(r, "expect %s \"%s\": the %s step is \"%s\"", what, want, what, label);
  return 0;
}

static int cmd_expect(struct replay *r, char **w, int n) {
  long want = 0, page = 0;
  if (n < 3) return line_error(r, "usage: expect WHAT VALUE");
  if (strcmp(w[1], "tool") == 0 && n == 3) {
    pdftools_tool tool;
    const char *name;
    CALL(r, pdftools_tool_get_tool, (r->tm, &tool, NULL));
    name = pdftools_tool_name(tool);
    if (!name || strcmp(name, w[2]) != 0)
      return line_error(r, "expect tool %s: the tool is %s", w[2], name ? name : "?");
    return 0;
  }
  if (strcmp(w[1], "mode") == 0 && n == 3) {
    pdftools_tool_mode mode;
    CALL(r, pdftools_tool_get_mode, (r->tm, &mode));
    if ((int)mode < 0 || (int)mode >= COUNT_OF(MODE_NAMES) || strcmp(MODE_NAMES[mode], w[2]) != 0)
      return line_error(r, "expect mode %s: the mode is %d", w[2], (int)mode);
    return 0;
  }
  if (strcmp(w[1], "selected") == 0 && n == 3 && parse_int(w[2], &want)) {
    int32_t count = 0;
    CALL(r, pdftools_tool_get_selection, (r->tm, NULL, 0, &count));
    if ((long)count != want)
      return line_error(r, "expect selected %ld: %d annotation(s) are selected", want, count);
    return 0;
  }
  if (strcmp(w[1], "annotations") == 0 && n == 4 && parse_int(w[2], &page) &&
      parse_int(w[3], &want)) {
    int32_t count = 0;
    CALL(r, pdftools_page_get_annotations, (r->doc, (int32_t)page, NULL, 0, &count));
    if ((long)count != want)
      return line_error(r, "expect annotations %ld %ld: page %ld has %d", page, want, page, count);
    return 0;
  }
  if ((strcmp(w[1], "undo") == 0 || strcmp(w[1], "redo") == 0) && n == 3)
    return expect_label(r, w[1][0] == 'r', w[2]);
  if (strcmp(w[1], "modified") == 0 && n == 3 && parse_int(w[2], &want)) {
    int32_t modified = 0;
    CALL(r, pdftools_document_is_modified, (r->doc, &modified));
    if ((long)modified != want)
      return line_error(r, "expect modified %ld: the document's modified flag is %d", want,
                        (int)modified);
    return 0;
  }
  if (strcmp(w[1], "handled") == 0 && n == 3 && parse_int(w[2], &want)) {
    if (r->last_handled < 0) return line_error(r, "expect handled: no event was sent yet");
    if ((long)r->last_handled != want)
      return line_error(r, "expect handled %ld: the last event gave handled=%d", want,
                        (int)r->last_handled);
    return 0;
  }
  return line_error(r, "unknown expectation (tool NAME, mode NAME, selected N, annotations PAGE N, "
                       "undo LABEL, redo LABEL, modified 0|1, handled 0|1)");
}

/* Runs one parsed command; returns 0 or 1 (error printed). */
static int run_command(struct replay *r, char **w, int n) {
  const char *c = w[0];
  if (strcmp(c, "down") == 0) return cmd_pointer(r, P_DOWN, w, n);
  if (strcmp(c, "move") == 0) return cmd_pointer(r, P_MOVE, w, n);
  if (strcmp(c, "up") == 0) return cmd_pointer(r, P_UP, w, n);
  if (strcmp(c, "tap") == 0) return cmd_pointer(r, P_TAP, w, n);
  if (strcmp(c, "double_tap") == 0) return cmd_pointer(r, P_DOUBLE_TAP, w, n);
  if (strcmp(c, "long_press") == 0) return cmd_pointer(r, P_LONG_PRESS, w, n);
  if (strcmp(c, "drag") == 0) return cmd_drag(r, w, n);
  if (strcmp(c, "stroke") == 0) return cmd_stroke(r, w, n);
  if (strcmp(c, "key") == 0) return cmd_key(r, w, n);
  if (strcmp(c, "tool") == 0) return cmd_tool(r, w, n);
  if (strcmp(c, "mode") == 0) return cmd_mode(r, w, n);
  if (strcmp(c, "select") == 0) return cmd_select(r, w, n);
  if (strcmp(c, "style") == 0) return cmd_style(r, w, n, 0);
  if (strcmp(c, "default_style") == 0) return cmd_style(r, w, n, 1);
  if (strcmp(c, "signature_ink") == 0) return cmd_signature_ink(r, w, n);
  if (strcmp(c, "overlay") == 0) return cmd_overlay(r, w, n);
  if (strcmp(c, "list") == 0) return cmd_list(r, w, n);
  if (strcmp(c, "expect") == 0) return cmd_expect(r, w, n);
  if (strcmp(c, "cancel") == 0) {
    if (n > 2 || (n == 2 && strcmp(w[1], "scroll") != 0))
      return line_error(r, "usage: cancel [scroll]");
    CALL(r, pdftools_tool_pointer_cancel, (r->tm, n == 2));
    r->gesture_open = 0;
    return 0;
  }
  if (strcmp(c, "text") == 0) {
    if (n != 2) return line_error(r, "usage: text \"TEXT\"");
    CALL(r, pdftools_tool_commit_text, (r->tm, w[1]));
    answered(r, PDFTOOLS_TOOL_EVENT_REQUEST_TEXT, "text");
    return 0;
  }
  if (strcmp(c, "uri") == 0) {
    if (n != 2) return line_error(r, "usage: uri \"URI\"");
    CALL(r, pdftools_tool_provide_link_uri, (r->tm, w[1]));
    answered(r, PDFTOOLS_TOOL_EVENT_REQUEST_LINK_TARGET, "a URI");
    return 0;
  }
  if (strcmp(c, "link_page") == 0) {
    long page;
    if (n != 2 || !parse_int(w[1], &page)) return line_error(r, "usage: link_page N");
    CALL(r, pdftools_tool_provide_link_page, (r->tm, (int32_t)page));
    answered(r, PDFTOOLS_TOOL_EVENT_REQUEST_LINK_TARGET, "a page");
    return 0;
  }
  if (strcmp(c, "image") == 0 || strcmp(c, "file") == 0) {
    size_t size = 0;
    unsigned char *data;
    pdftools_status st;
    int is_image = c[0] == 'i';
    if (n != 2 && !(n == 3 && !is_image))
      return line_error(r, is_image ? "usage: image PATH" : "usage: file PATH [NAME]");
    data = read_whole_file(r, w[1], &size);
    if (!data) return 1;
    if (is_image) {
      st = pdftools_tool_provide_image(r->tm, data, size);
    } else {
      const char *name = n == 3 ? w[2] : strrchr(w[1], '/') ? strrchr(w[1], '/') + 1 : w[1];
      st = pdftools_tool_provide_file(r->tm, name, data, size);
    }
    free(data);
    if (st != PDFTOOLS_OK)
      return call_error(
          r, is_image ? "pdftools_tool_provide_image" : "pdftools_tool_provide_file", st);
    answered(r, PDFTOOLS_TOOL_EVENT_REQUEST_PAYLOAD, is_image ? "an image" : "a file");
    return 0;
  }
  if (strcmp(c, "cancel_request") == 0) {
    if (n != 1) return line_error(r, "usage: cancel_request");
    CALL(r, pdftools_tool_cancel_request, (r->tm));
    if (r->pending_request) printf("        request dropped\n");
    r->pending_request = 0;
    return 0;
  }
  if (strcmp(c, "delete") == 0) {
    if (n != 1) return line_error(r, "usage: delete");
    CALL(r, pdftools_tool_delete_selection, (r->tm));
    return 0;
  }
  if (strcmp(c, "undo") == 0 || strcmp(c, "redo") == 0) {
    int32_t done = 0;
    int redo = c[0] == 'r';
    if (n != 1) return line_error(r, "usage: %s", c);
    printf("        %s ", redo ? "redoing" : "undoing");
    print_undo_label(r->doc, redo);
    putchar('\n');
    if (redo)
      CALL(r, pdftools_undo_redo, (r->doc, &done));
    else
      CALL(r, pdftools_undo_undo, (r->doc, &done));
    if (!done) printf("        (nothing to %s)\n", c);
    return 0;
  }
  if (strcmp(c, "expect_fail") == 0) {
    pdftools_status want = PDFTOOLS_OK;
    int i, rc;
    if (n < 3) return line_error(r, "usage: expect_fail STATUS COMMAND...");
    for (i = 0; i < COUNT_OF(STATUS_NAMES); i++)
      if (strcmp(STATUS_NAMES[i].name, w[1]) == 0) want = STATUS_NAMES[i].status;
    if (want == PDFTOOLS_OK)
      return line_error(r, "expect_fail: unknown status '%s' (invalid_argument, invalid_handle, "
                        "out_of_range, buffer_too_small, not_found, unsupported, not_permitted, "
                        "out_of_memory, internal)", w[1]);
    if (strcmp(w[2], "expect_fail") == 0) return line_error(r, "expect_fail cannot be nested");
    r->expecting_failure = 1;
    r->failed_status = PDFTOOLS_OK;
    rc = run_command(r, w + 2, n - 2);
    r->expecting_failure = 0;
    if (rc == 0) return line_error(r, "expect_fail %s: the command succeeded", w[1]);
    if (r->failed_status == PDFTOOLS_OK) return 1; /* not a library failure: already reported */
    if (r->failed_status != want)
      return line_error(r, "expect_fail %s: the command failed with %s (%s)", w[1],
                        pdftools_status_string(r->failed_status), pdftools_last_error_message());
    printf("        failed as expected: %s (%s)\n", pdftools_status_string(want),
           pdftools_last_error_message());
    return 0;
  }
  return line_error(r, "unknown command '%s'", c);
}

/* Runs the gesture file; returns 0 or 1 (error printed). */
static int run_file(struct replay *r, FILE *f) {
  char line[MAX_LINE];
  char *words[MAX_WORDS];
  for (;;) {
    size_t len;
    int n;
    if (!fgets(line, sizeof line, f)) break;
    r->line_no++;
    len = strlen(line);
    if (len == sizeof line - 1 && line[len - 1] != '\n' && !feof(f))
      return line_error(r, "line too long (at most %d bytes)", MAX_LINE - 2);
    while (len > 0 && (line[len - 1] == '\n' || line[len - 1] == '\r')) line[--len] = '\0';
    {
      const char *p = line;
      while (*p == ' ' || *p == '\t') p++;
      if (!*p || *p == '#') continue;
      printf("%4d  %s\n", r->line_no, p);
      fflush(stdout); /* what ran so far stays visible even if the process dies */
    }
    n = split_words(r, line, words, MAX_WORDS);
    if (n < 0) return 1;
    if (n == 0) continue;
    if (run_command(r, words, n)) return 1;
    fflush(stdout);
  }
  if (ferror(f)) {
    r->line_no = 0;
    return line_error(r, "read error");
  }
  return 0;
}

int main(int argc, char **argv) {
  struct replay r;
  pdftools_status st;
  FILE *f;
  int32_t pages = 0, modified = 0;
  pdftools_tool tool = PDFTOOLS_TOOL_PAN;
  pdftools_tool_mode mode = PDFTOOLS_MODE_VIEWER;
  int rc;

  if (argc == 2 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
    printf("usage: %s INPUT.pdf GESTURES.txt OUTPUT.pdf\n"
           "Replays the tool gestures of GESTURES.txt on INPUT.pdf and saves OUTPUT.pdf.\n", argv[0]);
    return 0;
  }
  if (argc != 4) {
    fprintf(stderr, "usage: %s INPUT.pdf GESTURES.txt OUTPUT.pdf\n", argv[0]);
    return 2;
  }
  memset(&r, 0, sizeof r);
  r.gesture_path = argv[2];
  r.last_handled = -1;
  r.clock = 1.0;

  f = fopen(argv[2], "r");
  if (!f) {
    fprintf(stderr, "pdftools-replay: cannot open the gesture file '%s'\n", argv[2]);
    return 1;
  }
  st = pdftools_document_open(argv[1], NULL, &r.doc);
  if (st != PDFTOOLS_OK) {
    fprintf(stderr, "pdftools-replay: cannot open '%s': %s (%s)\n", argv[1],
            pdftools_status_string(st), pdftools_last_error_message());
    fclose(f);
    return 1;
  }
  st = pdftools_tool_manager_new(r.doc, &r.tm);
  if (st == PDFTOOLS_OK) st = pdftools_tool_set_callback(r.tm, on_tool_event, &r);
  if (st == PDFTOOLS_OK) st = pdftools_document_get_page_count(r.doc, &pages);
  if (st == PDFTOOLS_OK) st = pdftools_tool_get_mode(r.tm, &mode);
  if (st == PDFTOOLS_OK) st = pdftools_tool_get_tool(r.tm, &tool, NULL);
  if (st != PDFTOOLS_OK) {
    fprintf(stderr, "pdftools-replay: cannot make a tool manager: %s (%s)\n",
            pdftools_status_string(st), pdftools_last_error_message());
    pdftools_tool_manager_free(r.tm);
    pdftools_document_close(r.doc);
    fclose(f);
    return 1;
  }
  printf("%s: %d page(s); tool manager in %s mode, tool %s\n", argv[1], (int)pages,
         (int)mode >= 0 && (int)mode < COUNT_OF(MODE_NAMES) ? MODE_NAMES[mode] : "?",
         pdftools_tool_name(tool) ? pdftools_tool_name(tool) : "?");
  printf("replaying %s\n", argv[2]);

  rc = run_file(&r, f);
  fclose(f);
  r.line_no = 0;

  if (rc == 0) {
    if (r.gesture_open)
      fprintf(stderr, "pdftools-replay: warning: the file ends inside a gesture (a down without "
                      "its up)\n");
    if (r.pending_request) {
      const char *name = pdftools_tool_name((pdftools_tool)r.pending_tool);
      fprintf(stderr, "pdftools-replay: warning: the %s of %s was never answered (nothing was "
              "written for it)\n", EVENT_NAMES[r.pending_request], name ? name : "?");
    }
    printf("\nannotations:\n");
    rc = cmd_list(&r, NULL, 1);
  }
  if (rc == 0) {
    st = pdftools_document_is_modified(r.doc, &modified);
    if (st == PDFTOOLS_OK) st = pdftools_document_save(r.doc, argv[3], NULL);
    if (st != PDFTOOLS_OK) {
      fprintf(stderr, "pdftools-replay: cannot save '%s': %s (%s)\n", argv[3],
              pdftools_status_string(st), pdftools_last_error_message());
      rc = 1;
    } else {
      printf("\nsaved %s%s\n", argv[3], modified ? "" : " (no changes)");
    }
  } else {
    fprintf(stderr, "pdftools-replay: nothing saved\n");
  }
  pdftools_tool_manager_free(r.tm);
  pdftools_document_close(r.doc);
  return rc;
}

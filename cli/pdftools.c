/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * pdftools — the command-line tool of libpdftools: document facts, annotations, text, search,
 * rendering to PNG, adding annotations, replaying tool gestures and checking files.
 * The manual is cli/pdftools.1.scd (man pdftools).
 *
 * Exit codes: 0 success; 1 the library refused (its message is on stderr); 2 usage;
 * 3 `check` only: the document opened, but only after repair.
 */
#define _POSIX_C_SOURCE 200809L
#include <cairo.h>
#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <pdftools.h>

#include "common.h"

/* The gesture replayer (bindings/c/replay.c, built with its main renamed). */
int pdftools_replay_main(int argc, char **argv);

/* ---- output helpers ------------------------------------------------------------------------ */

const char *command = "pdftools";

/* Prints "pdftools COMMAND: what: status (message)" on stderr and returns EXIT_REFUSED. */
int refused(const char *what, pdftools_status status) {
  const char *message = pdftools_last_error_message();
  fprintf(stderr, "pdftools %s: %s: %s%s%s%s\n", command, what, pdftools_status_string(status),
          message && *message ? " (" : "", message ? message : "", message && *message ? ")" : "");
  return EXIT_REFUSED;
}

/* Prints a usage error and returns EXIT_USAGE. */
int usage(const char *format, ...) {
  va_list arguments;
  fprintf(stderr, "pdftools %s: ", command);
  va_start(arguments, format);
  vfprintf(stderr, format, arguments);
  va_end(arguments);
  fprintf(stderr, "\nTry 'pdftools %s --help'.\n", command);
  return EXIT_USAGE;
}

/* Writes text as a JSON string (quotes included) on stdout. */
void json_string(const char *text) {
  const unsigned char *c;
  putchar('"');
  for (c = (const unsigned char *)(text ? text : ""); *c; c++) {
    switch (*c) {
    case '"': fputs("\\\"", stdout); break;
    case '\\': fputs("\\\\", stdout); break;
    case '\n': fputs("\\n", stdout); break;
    case '\r': fputs("\\r", stdout); break;
    case '\t': fputs("\\t", stdout); break;
    default:
      if (*c < 0x20) printf("\\u%04x", *c);
      else putchar(*c);
    }
  }
  putchar('"');
}

/* A progress bar on stderr while it is a terminal. */
typedef struct progress_bar {
  const char *label;
  int shown;
} progress_bar;

static pdftools_progress_result show_progress(int64_t done, int64_t total, void *user_data) {
  progress_bar *bar = (progress_bar *)user_data;
  int width = 30, filled;
  if (!bar || !isatty(STDERR_FILENO) || total <= 1) return PDFTOOLS_PROGRESS_CONTINUE;
  filled = (int)(done * width / total);
  fprintf(stderr, "\r%s [%.*s%*s] %lld/%lld", bar->label, filled, "##############################",
          width - filled, "", (long long)done, (long long)total);
  bar->shown = 1;
  return PDFTOOLS_PROGRESS_CONTINUE;
}

static void end_progress(progress_bar *bar) {
  if (bar->shown) fputs("\r\033[K", stderr);
  bar->shown = 0;
}

/* ---- library helpers ----------------------------------------------------------------------- */

/* A string read with the two-call pattern from a function of (doc, index); NULL on failure. */
typedef pdftools_status (*indexed_string)(pdftools_document *, int32_t, char *, size_t, size_t *);

static char *read_indexed(indexed_string function, pdftools_document *doc, int32_t index, pdftools_status *status) {
  size_t size = 0;
  char *buffer = NULL;
  int attempt;
  for (attempt = 0; attempt < 4; attempt++) {
    char *grown;
    *status = function(doc, index, buffer, buffer ? size : 0, &size);
    if (*status == PDFTOOLS_OK && buffer) return buffer;
    if (*status != PDFTOOLS_OK && *status != PDFTOOLS_E_BUFFER_TOO_SMALL) break;
    grown = (char *)realloc(buffer, size + 1);
    if (!grown) {
      *status = PDFTOOLS_E_OUT_OF_MEMORY;
      break;
    }
    buffer = grown;
    size += 1;
  }
  free(buffer);
  return NULL;
}

static pdftools_status metadata_value(pdftools_document *doc, const char *key, char **out) {
  size_t size = 0;
  pdftools_status status = pdftools_document_get_metadata(doc, key, NULL, 0, &size);
  *out = NULL;
  if (status != PDFTOOLS_OK) return status;
  *out = (char *)malloc(size + 1);
  if (!*out) return PDFTOOLS_E_OUT_OF_MEMORY;
  status = pdftools_document_get_metadata(doc, key, *out, size + 1, &size);
  if (status != PDFTOOLS_OK) {
    free(*out);
    *out = NULL;
  }
  return status;
}

/* Opens path with password (or none); prints the library's message on failure. */
pdftools_document *open_document(const char *path, const char *password, int *exit_code) {
  pdftools_document *doc = NULL;
  pdftools_status status = pdftools_document_open(path, password, &doc);
  if (status == PDFTOOLS_OK) return doc;
  *exit_code = refused(path, status);
  if (status == PDFTOOLS_E_PASSWORD_REQUIRED) fprintf(stderr, "pdftools %s: give the password with --password\n", command);
  return NULL;
}

/* Parses "N" or "A-B" (1-based, inclusive) into 0-based first and last within count pages. */
int parse_pages(const char *text, int32_t count, int32_t *first, int32_t *last) {
  char *end;
  long a, b;
  errno = 0;
  a = strtol(text, &end, 10);
  b = a;
  if (*end == '-') b = strtol(end + 1, &end, 10);
  if (errno || *end || a < 1 || b < a) return 0;
  if (b > count) return 0;
  *first = (int32_t)(a - 1);
  *last = (int32_t)(b - 1);
  return 1;
}

/* Parses "x,y,z..." into count doubles. */
static int parse_numbers(const char *text, double *values, int count) {
  int i;
  char *end;
  for (i = 0; i < count; i++) {
    errno = 0;
    values[i] = strtod(text, &end);
    if (errno || end == text) return 0;
    if (i + 1 < count) {
      if (*end != ',') return 0;
      text = end + 1;
    }
  }
  return *end == 0;
}

/* ---- options ------------------------------------------------------------------------------- */

/* What every command may be given; each command says which it takes. */
typedef struct options {
  const char *password, *output, *pages, *type, *rect, *color, *contents;
  double dpi;
  int json, case_sensitive, whole_words, incremental;
  int page;
  const char *positional[3];
  int positional_count;
} options;

enum {
  TAKES_JSON = 1 << 0,
  TAKES_PAGES = 1 << 1,
  TAKES_OUTPUT = 1 << 2,
  TAKES_DPI = 1 << 3,
  TAKES_SEARCH = 1 << 4,
  TAKES_ANNOTATE = 1 << 5,
};

/* Reads argv (after the command name); returns -1 when fine, else an exit code. */
static int parse_options(int argc, char **argv, unsigned takes, int positionals, const char *help, options *o) {
  int i;
  memset(o, 0, sizeof *o);
  o->dpi = 150;
  o->page = 1;
  for (i = 0; i < argc; i++) {
    const char *a = argv[i];
    const char *value = i + 1 < argc ? argv[i + 1] : NULL;
#define NEEDS_VALUE                                            \
  do {                                                         \
    if (!value) return usage("%s needs a value", a);           \
    i++;                                                       \
  } while (0)
    if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
      fputs(help, stdout);
      return 0;
    } else if (!strcmp(a, "--password")) {
      NEEDS_VALUE;
      o->password = value;
    } else if ((takes & TAKES_JSON) && !strcmp(a, "--json")) {
      o->json = 1;
    } else if ((takes & TAKES_PAGES) && !strcmp(a, "--pages")) {
      NEEDS_VALUE;
      o->pages = value;
    } else if ((takes & TAKES_OUTPUT) && (!strcmp(a, "-o") || !strcmp(a, "--output"))) {
      NEEDS_VALUE;
      o->output = value;
    } else if ((takes & TAKES_DPI) && !strcmp(a, "--dpi")) {
      char *end;
      NEEDS_VALUE;
      o->dpi = strtod(value, &end);
      if (*end || !(o->dpi >= 1 && o->dpi <= 4608)) return usage("--dpi must be a number from 1 to 4608");
    } else if ((takes & TAKES_SEARCH) && !strcmp(a, "--case-sensitive")) {
      o->case_sensitive = 1;
    } else if ((takes & TAKES_SEARCH) && !strcmp(a, "--whole-words")) {
      o->whole_words = 1;
    } else if ((takes & TAKES_ANNOTATE) && !strcmp(a, "--type")) {
      NEEDS_VALUE;
      o->type = value;
    } else if ((takes & TAKES_ANNOTATE) && !strcmp(a, "--page")) {
      char *end;
      long page;
      NEEDS_VALUE;
      page = strtol(value, &end, 10);
      if (*end || page < 1 || page > INT32_MAX) return usage("--page must be a page number (1 is the first)");
      o->page = (int)page;
    } else if ((takes & TAKES_ANNOTATE) && !strcmp(a, "--rect")) {
      NEEDS_VALUE;
      o->rect = value;
    } else if ((takes & TAKES_ANNOTATE) && !strcmp(a, "--color")) {
      NEEDS_VALUE;
      o->color = value;
    } else if ((takes & TAKES_ANNOTATE) && !strcmp(a, "--contents")) {
      NEEDS_VALUE;
      o->contents = value;
    } else if ((takes & TAKES_ANNOTATE) && !strcmp(a, "--incremental")) {
      o->incremental = 1;
    } else if (a[0] == '-' && a[1]) {
      return usage("unknown option '%s'", a);
    } else {
      if (o->positional_count >= positionals) return usage("too many arguments ('%s')", a);
      o->positional[o->positional_count++] = a;
    }
#undef NEEDS_VALUE
  }
  if (o->positional_count < positionals) return usage("missing arguments");
  return -1;
}

/* Opens the command's FILE and reads --pages into first..last (0-based; by default every page,
 * or the first alone when first_only); NULL with *exit_code set when either fails. */
static pdftools_document *open_pages(const options *o, int first_only, int32_t *pages, int32_t *first,
                                     int32_t *last, int *exit_code) {
  pdftools_document *doc = open_document(o->positional[0], o->password, exit_code);
  if (!doc) return NULL;
  *pages = 0;
  pdftools_document_get_page_count(doc, pages);
  *first = 0;
  *last = first_only ? 0 : *pages - 1;
  if (o->pages && !parse_pages(o->pages, *pages, first, last)) {
    pdftools_document_close(doc);
    *exit_code = usage("--pages '%s' is not a page or range within 1-%d", o->pages, *pages);
    return NULL;
  }
  return doc;
}

/* ---- info ---------------------------------------------------------------------------------- */

static const char info_help[] =
    "Usage: pdftools info FILE [--json] [--password PW]\n"
    "Prints the PDF version, page count, each page's size and label, encryption, permissions,\n"
    "signature fields, whether the file was repaired, and the metadata.\n";

static const struct {
  uint32_t bit;
  const char *name;
} permission_names[] = {
    {PDFTOOLS_PERMISSION_PRINT, "print"},
    {PDFTOOLS_PERMISSION_PRINT_HIGH_QUALITY, "print-high-quality"},
    {PDFTOOLS_PERMISSION_MODIFY, "modify"},
    {PDFTOOLS_PERMISSION_COPY, "copy"},
    {PDFTOOLS_PERMISSION_ACCESSIBILITY, "accessibility"},
    {PDFTOOLS_PERMISSION_ANNOTATE, "annotate"},
    {PDFTOOLS_PERMISSION_FILL_FORMS, "fill-forms"},
    {PDFTOOLS_PERMISSION_ASSEMBLE, "assemble"},
};

static int run_info(int argc, char **argv) {
  options o;
  pdftools_document *doc;
  pdftools_status status;
  int32_t pages = 0, major = 0, minor = 0, extension = 0, repaired = 0, encrypted = 0, signatures = 0, keys = 0, i;
  uint32_t permissions = 0;
  size_t p;
  int code = parse_options(argc, argv, TAKES_JSON, 1, info_help, &o), first;
  if (code >= 0) return code;
  if (!(doc = open_document(o.positional[0], o.password, &code))) return code;
  if ((status = pdftools_document_get_pdf_version(doc, &major, &minor, &extension)) != PDFTOOLS_OK ||
      (status = pdftools_document_get_page_count(doc, &pages)) != PDFTOOLS_OK ||
      (status = pdftools_document_was_repaired(doc, &repaired)) != PDFTOOLS_OK ||
      (status = pdftools_document_is_encrypted(doc, &encrypted)) != PDFTOOLS_OK ||
      (status = pdftools_document_get_permissions(doc, &permissions)) != PDFTOOLS_OK ||
      (status = pdftools_document_has_signature_fields(doc, &signatures)) != PDFTOOLS_OK ||
      (status = pdftools_document_get_metadata_count(doc, &keys)) != PDFTOOLS_OK) {
    pdftools_document_close(doc);
    return refused("reading the document", status);
  }
  if (o.json) {
    printf("{\"version\": \"%d.%d\", \"pages\": %d, \"encrypted\": %s, \"repaired\": %s, "
           "\"signature_fields\": %s, \"library\": ",
           major, minor, pages, encrypted ? "true" : "false", repaired ? "true" : "false",
           signatures ? "true" : "false");
    json_string(pdftools_version_string());
    fputs(", \"permissions\": [", stdout);
  } else {
    printf("PDF version:      %d.%d\nPages:            %d\nEncrypted:        %s\nRepaired:         %s\n"
           "Signature fields: %s\nPermissions:      ",
           major, minor, pages, encrypted ? "yes" : "no", repaired ? "yes" : "no", signatures ? "yes" : "no");
  }
  first = 1;
  for (p = 0; p < sizeof permission_names / sizeof permission_names[0]; p++) {
    if (!(permissions & permission_names[p].bit)) continue;
    if (o.json) printf("%s\"%s\"", first ? "" : ", ", permission_names[p].name);
    else printf("%s%s", first ? "" : ", ", permission_names[p].name);
    first = 0;
  }
  if (o.json) fputs("], \"metadata\": {", stdout);
  else printf("%s\n", first ? "none" : "");
  for (i = 0; i < keys; i++) {
    char *key = read_indexed(pdftools_document_get_metadata_key, doc, i, &status), *value = NULL;
    if (!key) continue;
    if (metadata_value(doc, key, &value) == PDFTOOLS_OK) {
      if (o.json) {
        printf("%s", i ? ", " : "");
        json_string(key);
        fputs(": ", stdout);
        json_string(value);
      } else {
        printf("%-17s %s\n", key, value);
      }
    }
    free(key);
    free(value);
  }
  if (o.json) fputs("}, \"page_sizes\": [", stdout);
  for (i = 0; i < pages; i++) {
    double width = 0, height = 0;
    char *label;
    if ((status = pdftools_page_get_size(doc, i, &width, &height)) != PDFTOOLS_OK) {
      if (o.json) fputs("]}\n", stdout);
      pdftools_document_close(doc);
      return refused("reading a page size", status);
    }
    label = read_indexed(pdftools_page_get_label, doc, i, &status);
    if (o.json) {
      printf("%s{\"page\": %d, \"width\": %g, \"height\": %g, \"label\": ", i ? ", " : "", i + 1, width, height);
      json_string(label);
      putchar('}');
    } else {
      printf("Page %-5d %.2f x %.2f pt%s%s\n", i + 1, width, height, label && *label ? "  label " : "",
             label ? label : "");
    }
    free(label);
  }
  if (o.json) fputs("]}\n", stdout);
  pdftools_document_close(doc);
  return 0;
}

/* ---- annots -------------------------------------------------------------------------------- */

static const char annots_help[] =
    "Usage: pdftools annots FILE [--pages A-B] [--json] [--password PW]\n"
    "Lists the annotations: page, id, subtype, rectangle (page space, points), colour and the\n"
    "contents.  Pages count from 1.\n";

static int run_annots(int argc, char **argv) {
  options o;
  pdftools_document *doc;
  pdftools_status status;
  int32_t pages = 0, first = 0, last, page;
  int code = parse_options(argc, argv, TAKES_JSON | TAKES_PAGES, 1, annots_help, &o), listed = 0;
  if (code >= 0) return code;
  if (!(doc = open_pages(&o, 0, &pages, &first, &last, &code))) return code;
  if (o.json) putchar('[');
  for (page = first; page <= last; page++) {
    pdftools_annotation_info *infos = NULL;
    int32_t count = 0, k;
    status = pdftools_page_get_annotation_infos(doc, page, sizeof *infos, NULL, 0, &count);
    if (status == PDFTOOLS_OK && count > 0) {
      infos = (pdftools_annotation_info *)calloc(count, sizeof *infos);
      status = infos ? pdftools_page_get_annotation_infos(doc, page, sizeof *infos, infos, count, &count)
                     : PDFTOOLS_E_OUT_OF_MEMORY;
    }
    if (status != PDFTOOLS_OK) {
      free(infos);
      if (o.json) fputs("]\n", stdout);
      pdftools_document_close(doc);
      return refused("listing annotations", status);
    }
    for (k = 0; k < count && infos; k++) {
      const pdftools_annotation_info *a = &infos[k];
      char *contents = NULL;
      size_t size = 0;
      if (a->contents_size > 0 &&
          pdftools_annotation_get_text(doc, a->id, "Contents", NULL, 0, &size) == PDFTOOLS_OK &&
          (contents = (char *)malloc(size + 1)) != NULL &&
          pdftools_annotation_get_text(doc, a->id, "Contents", contents, size + 1, &size) != PDFTOOLS_OK) {
        free(contents);
        contents = NULL;
      }
      if (o.json) {
        printf("%s{\"page\": %d, \"id\": %lld, \"subtype\": ", listed ? ", " : "", page + 1, (long long)a->id);
        json_string(a->subtype);
        printf(", \"rect\": [%g, %g, %g, %g], \"color\": ", a->rect.x0, a->rect.y0, a->rect.x1, a->rect.y1);
        if (a->has_color) printf("[%g, %g, %g]", a->color.r, a->color.g, a->color.b);
        else fputs("null", stdout);
        fputs(", \"contents\": ", stdout);
        json_string(contents);
        putchar('}');
      } else {
        printf("page %d  id %lld  %-14s [%g %g %g %g]", page + 1, (long long)a->id, a->subtype, a->rect.x0,
               a->rect.y0, a->rect.x1, a->rect.y1);
        if (a->has_color) printf("  color %g %g %g", a->color.r, a->color.g, a->color.b);
        if (contents && *contents) {
          fputs("  ", stdout);
          json_string(contents); /* quoted, line breaks escaped: one line per annotation */
        }
        putchar('\n');
      }
      free(contents);
      listed++;
    }
    free(infos);
  }
  if (o.json) fputs("]\n", stdout);
  pdftools_document_close(doc);
  return 0;
}

/* ---- text ---------------------------------------------------------------------------------- */

static const char text_help[] =
    "Usage: pdftools text FILE [--pages A-B] [--password PW]\n"
    "Prints the text of the pages in reading order, pages separated by a form feed.\n";

static int run_text(int argc, char **argv) {
  options o;
  pdftools_document *doc;
  pdftools_status status;
  int32_t pages = 0, first = 0, last;
  char *text = NULL;
  size_t size = 0;
  progress_bar bar = {"text", 0};
  int code = parse_options(argc, argv, TAKES_PAGES, 1, text_help, &o);
  if (code >= 0) return code;
  if (!(doc = open_pages(&o, 0, &pages, &first, &last, &code))) return code;
  if (pages == 0) {
    pdftools_document_close(doc);
    return 0;
  }
  status = pdftools_document_get_text(doc, first, last, show_progress, &bar, &text, &size);
  end_progress(&bar);
  if (status != PDFTOOLS_OK) {
    pdftools_document_close(doc);
    return refused("reading text", status);
  }
  fwrite(text, 1, size, stdout);
  if (size > 0 && text[size - 1] != '\n') putchar('\n');
  pdftools_free(text);
  pdftools_document_close(doc);
  return 0;
}

/* ---- search -------------------------------------------------------------------------------- */

static const char search_help[] =
    "Usage: pdftools search FILE WORDS [--pages A-B] [--case-sensitive] [--whole-words] [--json]\n"
    "                       [--password PW]\n"
    "Finds WORDS (white space matches any white space; case and diacritics are ignored unless\n"
    "asked) and prints each match: page, the matched text and its rectangles in page space.\n"
    "Exits 0 whether or not anything was found; the count is the last line (or \"count\").\n";

static int run_search(int argc, char **argv) {
  options o;
  pdftools_document *doc;
  pdftools_status status;
  pdftools_search_options search = PDFTOOLS_SEARCH_OPTIONS_INIT;
  pdftools_selection *matches = NULL;
  progress_bar bar = {"search", 0};
  int32_t count = 0, capacity = 0, m;
  int32_t pages = 0, first = 0, last;
  int code = parse_options(argc, argv, TAKES_JSON | TAKES_PAGES | TAKES_SEARCH, 2, search_help, &o);
  if (code >= 0) return code;
  if (!(doc = open_pages(&o, 0, &pages, &first, &last, &code))) return code;
  search.flags = (o.case_sensitive ? PDFTOOLS_SEARCH_CASE_SENSITIVE : 0) | (o.whole_words ? PDFTOOLS_SEARCH_WHOLE_WORDS : 0);
  search.first_page = first;
  search.last_page = last;
  search.progress = show_progress;
  search.progress_user_data = &bar;
  /* The count first (the pages are searched once, with the bar), then the matches; again
   * should the count have grown between the calls. */
  status = pdftools_document_search(doc, o.positional[1], &search, NULL, 0, &count);
  end_progress(&bar);
  search.progress = NULL;
  while (status == PDFTOOLS_OK && count > capacity) {
    free(matches);
    capacity = count;
    matches = (pdftools_selection *)calloc(capacity, sizeof *matches);
    if (!matches) {
      status = PDFTOOLS_E_OUT_OF_MEMORY;
      break;
    }
    status = pdftools_document_search(doc, o.positional[1], &search, matches, capacity, &count);
    if (status == PDFTOOLS_E_BUFFER_TOO_SMALL) status = PDFTOOLS_OK;
  }
  end_progress(&bar);
  if (status != PDFTOOLS_OK) {
    free(matches);
    pdftools_document_close(doc);
    return refused("searching", status);
  }
  if (o.json) fputs("{\"matches\": [", stdout);
  for (m = 0; m < count && matches; m++) {
    size_t size = 0;
    int32_t rects = 0, r;
    pdftools_rect *boxes = NULL;
    char *text = NULL;
    int32_t on = matches[m].start_page;
    if (pdftools_selection_get_rects(doc, &matches[m], on, PDFTOOLS_SPACE_PAGE, NULL, 0, &rects) == PDFTOOLS_OK &&
        rects > 0 && (boxes = (pdftools_rect *)calloc(rects, sizeof *boxes)) != NULL)
      pdftools_selection_get_rects(doc, &matches[m], on, PDFTOOLS_SPACE_PAGE, boxes, rects, &rects);
    if (pdftools_selection_get_text(doc, &matches[m], NULL, 0, &size) == PDFTOOLS_OK &&
        (text = (char *)malloc(size + 1)) != NULL &&
        pdftools_selection_get_text(doc, &matches[m], text, size + 1, &size) != PDFTOOLS_OK) {
      free(text);
      text = NULL;
    }
    if (o.json) {
      printf("%s{\"page\": %d, \"text\": ", m ? ", " : "", matches[m].start_page + 1);
      json_string(text);
      fputs(", \"rects\": [", stdout);
      for (r = 0; r < rects && boxes; r++)
        printf("%s[%g, %g, %g, %g]", r ? ", " : "", boxes[r].x0, boxes[r].y0, boxes[r].x1, boxes[r].y1);
      fputs("]}", stdout);
    } else {
      printf("page %d  ", matches[m].start_page + 1);
      json_string(text);
      for (r = 0; r < rects && boxes; r++) printf("  [%g %g %g %g]", boxes[r].x0, boxes[r].y0, boxes[r].x1, boxes[r].y1);
      putchar('\n');
    }
    free(boxes);
    free(text);
  }
  if (o.json) printf("], \"count\": %zu}\n", count);
  else printf("%zu match%s\n", count, count == 1 ? "" : "es");
  free(matches);
  pdftools_document_close(doc);
  return 0;
}

/* ---- render -------------------------------------------------------------------------------- */

static const char render_help[] =
    "Usage: pdftools render FILE -o OUT.png [--pages A-B] [--dpi N] [--password PW]\n"
    "Renders pages as people see them (rotation, crop and annotations) into PNG files at N dots\n"
    "per inch (default 150).  With several pages, OUT must hold one %d, replaced by the page\n"
    "number (as in page-%d.png).\n";

/* Whether pattern holds exactly one "%d" and no other conversion. */
static int one_page_number(const char *pattern) {
  int numbers = 0;
  const char *c;
  for (c = pattern; *c; c++) {
    if (*c != '%') continue;
    if (c[1] == 'd') numbers++;
    else if (c[1] != '%') return 0;
    c++;
  }
  return numbers == 1;
}

static int run_render(int argc, char **argv) {
  options o;
  pdftools_document *doc;
  pdftools_status status;
  int32_t pages = 0, first = 0, last = 0, page;
  progress_bar bar = {"render", 0};
  int code = parse_options(argc, argv, TAKES_PAGES | TAKES_OUTPUT | TAKES_DPI, 1, render_help, &o);
  if (code >= 0) return code;
  if (!o.output) return usage("-o OUT.png is required");
  if (!(doc = open_pages(&o, 1, &pages, &first, &last, &code))) return code;
  if (pages == 0) {
    pdftools_document_close(doc);
    return refused("rendering", PDFTOOLS_E_OUT_OF_RANGE);
  }
  if (last > first && !one_page_number(o.output)) {
    pdftools_document_close(doc);
    return usage("several pages need an output name with one %%d (page-%%d.png)");
  }
  for (page = first; page <= last; page++) {
    pdftools_render_options render = PDFTOOLS_RENDER_OPTIONS_INIT;
    int32_t width = 0, height = 0;
    cairo_surface_t *surface;
    cairo_status_t written;
    char path[4096];
    render.scale = o.dpi / 72.0;
    show_progress(page - first, last - first + 1, &bar);
    if ((status = pdftools_page_get_render_size(doc, page, render.scale, &width, &height)) != PDFTOOLS_OK) {
      end_progress(&bar);
      pdftools_document_close(doc);
      return refused("rendering", status);
    }
    surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height);
    if (cairo_surface_status(surface) != CAIRO_STATUS_SUCCESS) {
      cairo_surface_destroy(surface);
      end_progress(&bar);
      pdftools_document_close(doc);
      return refused("making the image", PDFTOOLS_E_OUT_OF_MEMORY);
    }
    cairo_surface_flush(surface);
    status = pdftools_page_render(doc, page, &render, cairo_image_surface_get_data(surface), width, height,
                                  (size_t)cairo_image_surface_get_stride(surface));
    cairo_surface_mark_dirty(surface);
    if (status != PDFTOOLS_OK) {
      cairo_surface_destroy(surface);
      end_progress(&bar);
      pdftools_document_close(doc);
      return refused("rendering", status);
    }
    if (last > first) snprintf(path, sizeof path, o.output, page + 1);
    else snprintf(path, sizeof path, "%s", o.output);
    written = cairo_surface_write_to_png(surface, path);
    cairo_surface_destroy(surface);
    if (written != CAIRO_STATUS_SUCCESS) {
      end_progress(&bar);
      fprintf(stderr, "pdftools render: cannot write '%s': %s\n", path, cairo_status_to_string(written));
      pdftools_document_close(doc);
      return EXIT_REFUSED;
    }
  }
  end_progress(&bar);
  pdftools_document_close(doc);
  return 0;
}

/* ---- annotate ------------------------------------------------------------------------------ */

static const char annotate_help[] =
    "Usage: pdftools annotate FILE --type TYPE --rect X0,Y0,X1,Y1 [--page N] [--color R,G,B]\n"
    "                         [--contents TEXT] (-o OUT.pdf | --incremental) [--password PW]\n"
    "Adds an annotation with its appearance to page N (default 1).  TYPE is one the library\n"
    "creates: Square, Circle, Highlight, Underline, StrikeOut, Squiggly, Text, FreeText,\n"
    "Stamp, Line, Ink, ... (as named in PDF).  The rectangle is in page space (points, origin at\n"
    "the bottom left); text markup gets one quadrilateral over it.  Colour parts are 0 to 1.\n"
    "-o writes a new file; --incremental appends the change to FILE itself.\n";

static int is_text_markup(const char *type) {
  return !strcmp(type, "Highlight") || !strcmp(type, "Underline") || !strcmp(type, "StrikeOut") ||
         !strcmp(type, "Squiggly");
}

static int run_annotate(int argc, char **argv) {
  options o;
  pdftools_document *doc;
  pdftools_status status;
  pdftools_annotation_id id = 0;
  pdftools_save_options save = PDFTOOLS_SAVE_OPTIONS_INIT;
  double r[4], c[3];
  int32_t pages = 0;
  int code = parse_options(argc, argv, TAKES_OUTPUT | TAKES_ANNOTATE, 1, annotate_help, &o);
  if (code >= 0) return code;
  if (!o.type) return usage("--type is required");
  if (!o.rect || !parse_numbers(o.rect, r, 4)) return usage("--rect X0,Y0,X1,Y1 is required (four numbers)");
  if (o.color && !parse_numbers(o.color, c, 3)) return usage("--color takes R,G,B (three numbers from 0 to 1)");
  if (!o.output == !o.incremental) return usage("give either -o OUT.pdf or --incremental");
  if (!(doc = open_document(o.positional[0], o.password, &code))) return code;
  pdftools_document_get_page_count(doc, &pages);
  if (o.page > pages) {
    pdftools_document_close(doc);
    return usage("--page %d is beyond the document's %d pages", o.page, pages);
  }
  pdftools_undo_begin_group(doc, "Annotate");
  {
    pdftools_rect rect = {r[0], r[1], r[2], r[3]};
    status = pdftools_annotation_create(doc, o.page - 1, o.type, rect, &id);
    if (status == PDFTOOLS_OK && is_text_markup(o.type)) {
      pdftools_quad quad = {{r[0], r[3]}, {r[2], r[3]}, {r[0], r[1]}, {r[2], r[1]}};
      status = pdftools_annotation_set_quads(doc, id, &quad, 1);
    }
    if (status == PDFTOOLS_OK && o.color) {
      pdftools_color color = {c[0], c[1], c[2]};
      status = pdftools_annotation_set_color(doc, id, PDFTOOLS_COLOR_STROKE, &color);
    }
    if (status == PDFTOOLS_OK && o.contents) status = pdftools_annotation_set_text(doc, id, "Contents", o.contents);
  }
  if (status != PDFTOOLS_OK) {
    code = refused("adding the annotation", status); /* before the next call clears the message */
    pdftools_undo_end_group(doc);
    pdftools_document_close(doc);
    return code;
  }
  pdftools_undo_end_group(doc);
  save.mode = o.incremental ? PDFTOOLS_SAVE_INCREMENTAL : PDFTOOLS_SAVE_FULL;
  status = pdftools_document_save(doc, o.incremental ? o.positional[0] : o.output, &save);
  pdftools_document_close(doc);
  if (status != PDFTOOLS_OK) return refused("saving", status);
  printf("%lld\n", (long long)id);
  return 0;
}

/* ---- check --------------------------------------------------------------------------------- */

static const char check_help[] =
    "Usage: pdftools check FILE [--json] [--password PW]\n"
    "Opens FILE and reads every page's size, annotations and text.  Exits 0 when the file is\n"
    "sound, 3 when it opened only after repair (what was repaired is logged), 1 when it cannot\n"
    "be read.\n";

/* Prints the library's warnings while checking. */
static void print_log(pdftools_log_level level, const char *source, const char *message, void *user_data) {
  (void)user_data;
  if (level >= PDFTOOLS_LOG_ERROR) return; /* the failure itself is reported once, at the end */
  fprintf(stderr, "pdftools check: warning: %s: %s\n", source, message);
}

static int run_check(int argc, char **argv) {
  options o;
  pdftools_document *doc = NULL;
  pdftools_status status;
  int32_t pages = 0, repaired = 0, page;
  int code = parse_options(argc, argv, TAKES_JSON, 1, check_help, &o);
  if (code >= 0) return code;
  pdftools_set_log_callback(print_log, PDFTOOLS_LOG_WARNING, NULL);
  status = pdftools_document_open(o.positional[0], o.password, &doc);
  if (status == PDFTOOLS_OK) {
    pdftools_document_get_page_count(doc, &pages);
    pdftools_document_was_repaired(doc, &repaired);
    for (page = 0; page < pages && status == PDFTOOLS_OK; page++) {
      double width, height;
      size_t size = 0;
      int32_t count = 0;
      status = pdftools_page_get_size(doc, page, &width, &height);
      if (status == PDFTOOLS_OK)
        status = pdftools_page_get_annotation_infos(doc, page, sizeof(pdftools_annotation_info), NULL, 0, &count);
      if (status == PDFTOOLS_OK) status = pdftools_page_get_text(doc, page, NULL, 0, &size);
    }
  }
  pdftools_set_log_callback(NULL, PDFTOOLS_LOG_WARNING, NULL);
  if (o.json) {
    printf("{\"file\": ");
    json_string(o.positional[0]);
    printf(", \"verdict\": \"%s\", \"pages\": %d, \"status\": ",
           status != PDFTOOLS_OK ? "unreadable" : repaired ? "repaired" : "sound", pages);
    json_string(pdftools_status_string(status));
    fputs(", \"message\": ", stdout);
    json_string(status != PDFTOOLS_OK ? pdftools_last_error_message() : "");
    fputs("}\n", stdout);
  } else if (status == PDFTOOLS_OK) {
    printf("%s: %s, %d page%s\n", o.positional[0], repaired ? "repaired" : "sound", pages, pages == 1 ? "" : "s");
  }
  if (doc) pdftools_document_close(doc);
  if (status != PDFTOOLS_OK) return o.json ? EXIT_REFUSED : refused(o.positional[0], status);
  return repaired ? EXIT_REPAIRED : 0;
}

/* ---- main ---------------------------------------------------------------------------------- */

static const char main_help[] =
    "Usage: pdftools COMMAND [OPTIONS] FILE ...\n"
    "Commands:\n"
    "  info      version, pages and their sizes and labels, encryption, permissions, metadata\n"
    "  annots    list the annotations\n"
    "  text      print the text of pages\n"
    "  search    find words, with their pages and rectangles\n"
    "  render    render pages to PNG\n"
    "  annotate  add an annotation and save\n"
    "  xfdf      export annotations as XFDF, or merge an XFDF file and save\n"
    "  summary   the annotations with authors, dates, replies and states, as JSON or CSV\n"
    "  flatten   burn annotations into the pages and save\n"
    "  outline   list the bookmarks, or add one and save\n"
    "  pages     list the pages, or delete, move, rotate, extract or merge them and save\n"
    "  fields    list the form's fields with their types, values and options\n"
    "  fill      fill form fields by name and save\n"
    "  replay    replay a file of tool gestures on a document and save the result\n"
    "  check     open and read everything; the exit code tells sound, repaired or unreadable\n"
    "'pdftools COMMAND --help' tells more; 'man pdftools' tells all.\n"
    "Options of every command: --password PW, --help.  pdftools --version prints the versions.\n"
    "Exit codes: 0 success, 1 the library refused (message on stderr), 2 usage, 3 repaired (check).\n";

int main(int argc, char **argv) {
  static const struct {
    const char *name;
    int (*run)(int argc, char **argv);
  } commands[] = {
      {"info", run_info},     {"annots", run_annots},     {"text", run_text},   {"search", run_search},
      {"render", run_render}, {"annotate", run_annotate}, {"check", run_check},
      {"xfdf", run_xfdf},     {"summary", run_summary},   {"flatten", run_flatten},
      {"outline", run_outline}, {"pages", run_pages},     {"fields", run_fields},
      {"fill", run_fill},
  };
  size_t i;
  if (argc < 2) {
    fputs(main_help, stderr);
    return EXIT_USAGE;
  }
  if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
    fputs(main_help, stdout);
    return 0;
  }
  if (!strcmp(argv[1], "--version")) {
    printf("pdftools %s (libpdftools %s)\n", PDFTOOLS_VERSION_STRING, pdftools_version_string());
    return 0;
  }
  if (!strcmp(argv[1], "replay")) {
    argv[1] = "pdftools replay";
    return pdftools_replay_main(argc - 1, argv + 1);
  }
  for (i = 0; i < sizeof commands / sizeof commands[0]; i++) {
    if (strcmp(argv[1], commands[i].name)) continue;
    command = commands[i].name;
    return commands[i].run(argc - 2, argv + 2);
  }
  fprintf(stderr, "pdftools: unknown command '%s'\n%s", argv[1], main_help);
  return EXIT_USAGE;
}

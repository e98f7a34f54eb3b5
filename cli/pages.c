/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The pages command of the pdftools tool: list pages, or delete, move, rotate, extract or
   merge them and save. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <pdftools.h>

#include "common.h"

static const char pages_help[] =
    "Usage: pdftools pages FILE [--json] [--password PW]\n"
    "       pdftools pages FILE --delete PAGES (-o OUT.pdf | --incremental)\n"
    "       pdftools pages FILE --move PAGES --to N (-o OUT.pdf | --incremental)\n"
    "       pdftools pages FILE --rotate DEGREES [--pages PAGES] (-o OUT.pdf | --incremental)\n"
    "       pdftools pages FILE --extract PAGES -o OUT.pdf\n"
    "       pdftools pages FILE --merge OTHER.pdf [--pages PAGES] [--at N] (-o OUT.pdf | --incremental)\n"
    "Lists the pages (number, label, size in points, rotation; --json prints an array of\n"
    "{number, label, width, height, rotation}), or changes them and saves: --delete deletes\n"
    "PAGES; --move moves one range of pages so that its first page becomes page N; --rotate\n"
    "turns PAGES (default: all) by DEGREES more (a multiple of 90); --extract writes PAGES, in\n"
    "the order given, to a new file; --merge inserts PAGES of OTHER.pdf (default: all) before\n"
    "page N (default: at the end).  PAGES is a comma-separated list of page numbers and ranges\n"
    "A-B (1 is the first page), such as 1,3-5.\n";

/* What the command does. */
typedef enum pages_action { LIST, DELETE, MOVE, ROTATE, EXTRACT, MERGE } pages_action;

/* The options of the command. */
typedef struct pages_options {
  const char *file, *password, *output, *pages, *other;
  pages_action action;
  int json, incremental;
  long to, at, degrees;
} pages_options;

/* Parses a positive number (1-based page numbers, or a count) into *out; 0 when malformed. */
static int parse_number(const char *text, long low, long *out) {
  char *end = NULL;
  long value = strtol(text, &end, 10);
  if (!*text || *end || value < low || value > INT32_MAX) return 0;
  *out = value;
  return 1;
}

/* Sets the action once; returns -1 when fine, else an exit code. */
static int choose(pages_options *o, pages_action action) {
  if (o->action != LIST) return usage("give one of --delete, --move, --rotate, --extract and --merge");
  o->action = action;
  return -1;
}

/* Reads argv into o; returns -1 when fine, else an exit code. */
static int parse(int argc, char **argv, pages_options *o) {
  int i, code;
  memset(o, 0, sizeof *o);
  for (i = 0; i < argc; i++) {
    const char *a = argv[i];
    const char *value = i + 1 < argc ? argv[i + 1] : NULL;
    if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
      fputs(pages_help, stdout);
      return 0;
    }
    if (!strcmp(a, "--json")) {
      o->json = 1;
      continue;
    }
    if (!strcmp(a, "--incremental")) {
      o->incremental = 1;
      continue;
    }
    if (a[0] == '-' && a[1]) {
      static const char *const valued[] = {"--password", "-o", "--output", "--delete", "--move", "--to",
                                           "--rotate",   "--pages", "--extract", "--merge", "--at"};
      size_t k;
      for (k = 0; k < sizeof valued / sizeof valued[0] && strcmp(a, valued[k]); k++) {
      }
      if (k == sizeof valued / sizeof valued[0]) return usage("unknown option '%s'", a);
      if (!value) return usage("%s needs a value", a);
      code = -1;
      if (!strcmp(a, "--password")) o->password = value;
      else if (!strcmp(a, "-o") || !strcmp(a, "--output")) o->output = value;
      else if (!strcmp(a, "--pages")) o->pages = value;
      else if (!strcmp(a, "--delete")) {
        code = choose(o, DELETE);
        o->pages = value;
      } else if (!strcmp(a, "--move")) {
        code = choose(o, MOVE);
        o->pages = value;
      } else if (!strcmp(a, "--extract")) {
        code = choose(o, EXTRACT);
        o->pages = value;
      } else if (!strcmp(a, "--merge")) {
        code = choose(o, MERGE);
        o->other = value;
      } else if (!strcmp(a, "--rotate")) {
        code = choose(o, ROTATE);
        if (code < 0 && (!parse_number(value[0] == '-' ? value + 1 : value, 0, &o->degrees) || o->degrees % 90))
          return usage("--rotate must be a multiple of 90");
        o->degrees %= 360; /* rotations add up modulo 360; no overflow on adding */
        if (value[0] == '-') o->degrees = -o->degrees;
      } else if (!strcmp(a, "--to")) {
        if (!parse_number(value, 1, &o->to)) return usage("--to must be a page number (1 is the first)");
      } else if (!strcmp(a, "--at")) {
        if (!parse_number(value, 1, &o->at)) return usage("--at must be a page number (1 is the first)");
      }
      if (code >= 0) return code;
      i++;
      continue;
    }
    if (o->file) return usage("too many arguments ('%s')", a);
    o->file = a;
  }
  if (!o->file) return usage("missing arguments");
  if (o->action == LIST) {
    if (o->output || o->incremental || o->pages || o->to || o->at) return usage("nothing to change: see --help");
    return -1;
  }
  if (o->action == EXTRACT) {
    if (!o->output || o->incremental) return usage("--extract needs -o OUT.pdf");
  } else if (!o->output == !o->incremental) {
    return usage("give either -o OUT.pdf or --incremental");
  }
  if (o->action == MOVE && !o->to) return usage("--move needs --to N");
  if (o->to && o->action != MOVE) return usage("--to goes with --move");
  if (o->at && o->action != MERGE) return usage("--at goes with --merge");
  return -1;
}

/* The 0-based pages of a PAGES list within count pages into a new array; *n its length; NULL
   (after a usage message in *code) when malformed. */
static int32_t *page_list(const char *text, int32_t count, int32_t *n, int *code) {
  size_t length = strlen(text);
  char *copy = malloc(length + 1), *item, *rest = NULL;
  int32_t *list = NULL, size = 0, capacity = 0;
  *n = 0;
  if (!copy) {
    *code = refused("reading the pages", PDFTOOLS_E_OUT_OF_MEMORY);
    return NULL;
  }
  memcpy(copy, text, length + 1);
  for (item = strtok_r(copy, ",", &rest); item; item = strtok_r(NULL, ",", &rest)) {
    int32_t first, last, page;
    if (!parse_pages(item, count, &first, &last)) {
      *code = usage("'%s' is not a page or range of the document's %d pages", item, (int)count);
      free(copy);
      free(list);
      return NULL;
    }
    for (page = first; page <= last; page++) {
      if (size == capacity) {
        int32_t *grown = realloc(list, (size_t)(capacity = capacity ? capacity * 2 : 16) * sizeof *list);
        if (!grown) {
          *code = refused("reading the pages", PDFTOOLS_E_OUT_OF_MEMORY);
          free(copy);
          free(list);
          return NULL;
        }
        list = grown;
      }
      list[size++] = page;
    }
  }
  free(copy);
  if (!size) *code = usage("no pages given");
  *n = size;
  return size ? list : NULL;
}

static int list_pages(pdftools_document *doc, const pages_options *o) {
  int32_t count = 0, i;
  pdftools_status status = pdftools_document_get_page_count(doc, &count);
  if (status != PDFTOOLS_OK) return refused("counting the pages", status);
  if (o->json) fputs("[", stdout);
  for (i = 0; i < count; i++) {
    char *label = NULL;
    size_t need = 0;
    double width = 0, height = 0;
    int32_t rotation = 0;
    /* Two-call pattern: the size with a NULL buffer, then the label. */
    status = pdftools_page_get_label(doc, i, NULL, 0, &need);
    if (status == PDFTOOLS_OK || status == PDFTOOLS_E_BUFFER_TOO_SMALL) {
      label = malloc(need ? need : 1);
      status = label ? pdftools_page_get_label(doc, i, label, need ? need : 1, &need) : PDFTOOLS_E_OUT_OF_MEMORY;
    }
    if (status != PDFTOOLS_OK || (status = pdftools_page_get_size(doc, i, &width, &height)) != PDFTOOLS_OK ||
        (status = pdftools_page_get_rotation(doc, i, &rotation)) != PDFTOOLS_OK) {
      free(label);
      if (o->json) fputs("\n]\n", stdout);
      return refused("reading a page", status);
    }
    if (o->json) {
      printf("%s\n  {\"number\": %d, \"label\": ", i ? "," : "", (int)i + 1);
      json_string(label);
      printf(", \"width\": %g, \"height\": %g, \"rotation\": %d}", width, height, (int)rotation);
    } else {
      printf("%d\t%s\t%g x %g\t%d\n", (int)i + 1, label ? label : "", width, height, (int)rotation);
    }
    free(label);
  }
  if (o->json) fputs(count ? "\n]\n" : "]\n", stdout);
  return 0;
}

/* Orders a list of pages from the last down, each once; returns the new length. */
static int32_t distinct_descending(int32_t *list, int32_t n) {
  int32_t i, j, kept = 0;
  for (i = 1; i < n; i++)
    for (j = i; j > 0 && list[j - 1] < list[j]; j--) {
      int32_t t = list[j];
      list[j] = list[j - 1];
      list[j - 1] = t;
    }
  for (i = 0; i < n; i++)
    if (i == 0 || list[i] != list[kept - 1]) list[kept++] = list[i];
  return kept;
}

/* Deletes the pages of list (distinct, from the last down), one undo step each. */
static pdftools_status delete_list(pdftools_document *doc, const int32_t *list, int32_t n) {
  int32_t i;
  pdftools_status status = PDFTOOLS_OK;
  for (i = 0; i < n && status == PDFTOOLS_OK; i++) status = pdftools_document_delete_pages(doc, list[i], 1);
  return status;
}

static int change(pdftools_document *doc, const pages_options *o) {
  pdftools_save_options save = PDFTOOLS_SAVE_OPTIONS_INIT;
  pdftools_document *other = NULL;
  int32_t count = 0, n = 0, i, *list = NULL;
  pdftools_status status = PDFTOOLS_OK;
  int code = 0;
  pdftools_document_get_page_count(doc, &count);
  if (o->action == MERGE) {
    other = open_document(o->other, NULL, &code);
    if (!other) return code;
    pdftools_document_get_page_count(other, &n);
    if (o->pages) {
      list = page_list(o->pages, n, &n, &code);
    } else if ((list = malloc((size_t)n * sizeof *list)) != NULL) {
      for (i = 0; i < n; i++) list[i] = i;
    }
    if (!list) {
      pdftools_document_close(other);
      return code ? code : refused("reading the pages", PDFTOOLS_E_OUT_OF_MEMORY);
    }
    if (o->at > (long)count + 1) code = usage("--at %ld is beyond the document's %d pages", o->at, (int)count);
    else status = pdftools_document_insert_pages(doc, o->at ? (int32_t)(o->at - 1) : count, other, list, n);
    pdftools_document_close(other);
  } else if (o->action == ROTATE && !o->pages) {
    for (i = 0; i < count && status == PDFTOOLS_OK; i++) {
      int32_t rotation = 0;
      if ((status = pdftools_page_get_rotation(doc, i, &rotation)) == PDFTOOLS_OK)
        status = pdftools_page_set_rotation(doc, i, rotation + (int32_t)o->degrees);
    }
  } else {
    list = page_list(o->pages, count, &n, &code);
    if (!list) return code;
    if (o->action == DELETE) {
      n = distinct_descending(list, n);
      if (n >= count) code = usage("cannot delete every page");
      else status = delete_list(doc, list, n);
    } else if (o->action == MOVE) {
      for (i = 1; i < n && list[i] == list[i - 1] + 1; i++) {
      }
      if (i < n) code = usage("--move takes one range of pages");
      else if (o->to > (long)count - n + 1) code = usage("--to %ld: %d pages fit at 1 to %d", o->to, (int)n, (int)(count - n + 1));
      else status = pdftools_document_move_pages(doc, list[0], n, (int32_t)(o->to - 1));
    } else if (o->action == ROTATE) {
      for (i = 0; i < n && status == PDFTOOLS_OK; i++) {
        int32_t rotation = 0;
        if ((status = pdftools_page_get_rotation(doc, list[i], &rotation)) == PDFTOOLS_OK)
          status = pdftools_page_set_rotation(doc, list[i], rotation + (int32_t)o->degrees);
      }
    } else {
      pdftools_document *extracted = NULL;
      status = pdftools_document_extract_pages(doc, list, n, &extracted);
      if (status == PDFTOOLS_OK) {
        status = pdftools_document_save(extracted, o->output, &save);
        pdftools_document_close(extracted);
      }
      free(list);
      return status == PDFTOOLS_OK ? 0 : refused("extracting the pages", status);
    }
  }
  free(list);
  if (code) return code;
  if (status != PDFTOOLS_OK) return refused("changing the pages", status);
  save.mode = o->incremental ? PDFTOOLS_SAVE_INCREMENTAL : PDFTOOLS_SAVE_FULL;
  status = pdftools_document_save(doc, o->incremental ? o->file : o->output, &save);
  return status == PDFTOOLS_OK ? 0 : refused("saving", status);
}

int run_pages(int argc, char **argv) {
  pages_options o;
  pdftools_document *doc;
  int code = parse(argc, argv, &o);
  if (code >= 0) return code;
  doc = open_document(o.file, o.password, &code);
  if (!doc) return code;
  code = o.action == LIST ? list_pages(doc, &o) : change(doc, &o);
  pdftools_document_close(doc);
  return code;
}

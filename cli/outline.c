/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The outline command of the pdftools tool: list the bookmarks, or add one and save. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <pdftools.h>

#include "common.h"

static const char outline_help[] =
    "Usage: pdftools outline FILE [--json] [--password PW]\n"
    "       pdftools outline FILE --add TITLE --page N [--top Y] [--under K] (-o OUT.pdf | --incremental)\n"
    "Lists the outline (bookmarks) depth first: each item indented by its depth, with the page\n"
    "it leads to (1 is the first).  --json prints an array of {number, depth, title, page,\n"
    "open, children} (page null when the item leads to no page; number counts from 1 in this\n"
    "order).  --add adds an item leading to page N, scrolled to Y (page space) with --top, at\n"
    "the end of the top level or under item K of the listing (--under), and saves to OUT.pdf\n"
    "or appends to FILE.\n";

/* The options of the command. */
typedef struct outline_options {
  const char *file, *password, *add, *output;
  int json, incremental;
  long page, under;
  double top;
  int has_top;
} outline_options;

/* Reads argv into o; returns -1 when fine, else an exit code. */
static int parse(int argc, char **argv, outline_options *o) {
  int i;
  memset(o, 0, sizeof *o);
  for (i = 0; i < argc; i++) {
    const char *a = argv[i];
    const char *value = i + 1 < argc ? argv[i + 1] : NULL;
    char *end = NULL;
    if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
      fputs(outline_help, stdout);
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
      if (!value) {
        if (strcmp(a, "--password") && strcmp(a, "--add") && strcmp(a, "-o") && strcmp(a, "--output") &&
            strcmp(a, "--page") && strcmp(a, "--top") && strcmp(a, "--under"))
          return usage("unknown option '%s'", a);
        return usage("%s needs a value", a);
      }
      if (!strcmp(a, "--password")) o->password = value;
      else if (!strcmp(a, "--add")) o->add = value;
      else if (!strcmp(a, "-o") || !strcmp(a, "--output")) o->output = value;
      else if (!strcmp(a, "--page")) {
        o->page = strtol(value, &end, 10);
        if (*end || o->page < 1 || o->page > INT32_MAX) return usage("--page must be a page number (1 is the first)");
      } else if (!strcmp(a, "--under")) {
        o->under = strtol(value, &end, 10);
        if (*end || o->under < 1 || o->under > INT32_MAX) return usage("--under must be an item number (1 is the first)");
      } else if (!strcmp(a, "--top")) {
        o->top = strtod(value, &end);
        if (*end || end == value) return usage("--top must be a number");
        o->has_top = 1;
      } else
        return usage("unknown option '%s'", a);
      i++;
      continue;
    }
    if (o->file) return usage("too many arguments ('%s')", a);
    o->file = a;
  }
  if (!o->file) return usage("missing arguments");
  if (!o->add && (o->output || o->incremental || o->page || o->has_top || o->under))
    return usage("-o, --incremental, --page, --top and --under go with --add");
  if (o->add && (!o->page || !o->output == !o->incremental))
    return usage("--add needs --page N and either -o OUT.pdf or --incremental");
  return -1;
}

/* The outline into a new array (NULL when empty); *count its length; 0 or an exit code. */
static int read_outline(pdftools_document *doc, pdftools_outline_item **items, int32_t *count) {
  pdftools_status status = pdftools_document_get_outline(doc, sizeof **items, NULL, 0, count);
  *items = NULL;
  if (status != PDFTOOLS_OK) return refused("reading the outline", status);
  if (*count == 0) return 0;
  *items = calloc((size_t)*count, sizeof **items);
  if (!*items) return refused("reading the outline", PDFTOOLS_E_OUT_OF_MEMORY);
  status = pdftools_document_get_outline(doc, sizeof **items, *items, *count, count);
  return status == PDFTOOLS_OK ? 0 : refused("reading the outline", status);
}

static int list(pdftools_document *doc, const outline_options *o) {
  pdftools_outline_item *items;
  int32_t count = 0, i;
  int code = read_outline(doc, &items, &count);
  if (code) return code;
  if (o->json) fputs("[", stdout);
  for (i = 0; i < count; i++) {
    char *title;
    const pdftools_outline_item *it = &items[i];
    int has_page = it->target == PDFTOOLS_OUTLINE_TARGET_DESTINATION;
    pdftools_status status = PDFTOOLS_E_OUT_OF_MEMORY;
    title = malloc(it->title_size + 1);
    if (title) {
      size_t need = 0;
      status = pdftools_outline_get_title(doc, it->id, title, it->title_size + 1, &need);
    }
    if (status != PDFTOOLS_OK) {
      free(title);
      free(items);
      return refused("reading a title", status);
    }
    if (o->json) {
      printf("%s\n  {\"number\": %d, \"depth\": %d, \"title\": ", i ? "," : "", (int)i + 1, (int)it->depth);
      json_string(title);
      if (has_page) printf(", \"page\": %d", (int)it->destination.page_index + 1);
      else fputs(", \"page\": null", stdout);
      printf(", \"open\": %s, \"children\": %d}", it->open ? "true" : "false", (int)it->child_count);
    } else {
      printf("%*s%s", (int)it->depth * 2, "", title);
      if (has_page) printf("  (page %d)", (int)it->destination.page_index + 1);
      putchar('\n');
    }
    free(title);
  }
  if (o->json) fputs(count ? "\n]\n" : "]\n", stdout);
  free(items);
  return 0;
}

static int add(pdftools_document *doc, const outline_options *o) {
  pdftools_destination to = {0, PDFTOOLS_FIT_PAGE, 0, 0, 0, 0, 0, 0};
  pdftools_save_options save = PDFTOOLS_SAVE_OPTIONS_INIT;
  pdftools_outline_id parent = 0;
  pdftools_status status;
  int32_t pages = 0;
  pdftools_document_get_page_count(doc, &pages);
  if (o->page > pages) return usage("--page %ld is beyond the document's %d pages", o->page, (int)pages);
  to.page_index = (int32_t)(o->page - 1);
  if (o->has_top) {
    to.fit = PDFTOOLS_FIT_XYZ;
    to.has = PDFTOOLS_DEST_TOP;
    to.top = o->top;
  }
  if (o->under) {
    pdftools_outline_item *items;
    int32_t count = 0;
    int code = read_outline(doc, &items, &count);
    if (code) return code;
    if (o->under > count) {
      free(items);
      return usage("--under %ld: the outline has %d items", o->under, (int)count);
    }
    parent = items[o->under - 1].id;
    free(items);
  }
  status = pdftools_outline_add(doc, parent, -1, o->add, &to, NULL);
  if (status != PDFTOOLS_OK) return refused("adding the item", status);
  save.mode = o->incremental ? PDFTOOLS_SAVE_INCREMENTAL : PDFTOOLS_SAVE_FULL;
  status = pdftools_document_save(doc, o->incremental ? o->file : o->output, &save);
  return status == PDFTOOLS_OK ? 0 : refused("saving", status);
}

int run_outline(int argc, char **argv) {
  outline_options o;
  pdftools_document *doc;
  int code = parse(argc, argv, &o);
  if (code >= 0) return code;
  doc = open_document(o.file, o.password, &code);
  if (!doc) return code;
  code = o.add ? add(doc, &o) : list(doc, &o);
  pdftools_document_close(doc);
  return code;
}

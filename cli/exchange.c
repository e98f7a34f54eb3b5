/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The exchange commands of the pdftools tool: xfdf (export, import), summary and flatten. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <pdftools.h>

#include "common.h"

/* The options these commands take. */
typedef struct exchange_options {
  const char *password, *output, *pages, *types, *author, *since, *until;
  int incremental, csv, allow_signed;
  const char *positional[3];
  int positional_count;
} exchange_options;

/* Reads argv (after the command name) into o; returns -1 when fine, else an exit code. */
static int parse(int argc, char **argv, int positionals, const char *accepted, const char *help, exchange_options *o) {
  int i;
  memset(o, 0, sizeof *o);
  for (i = 0; i < argc; i++) {
    const char *a = argv[i];
    const char *value = i + 1 < argc ? argv[i + 1] : NULL;
    const char **target = NULL;
    if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
      fputs(help, stdout);
      return 0;
    }
    if (a[0] == '-' && a[1] && !strstr(accepted, a)) return usage("unknown option '%s'", a);
    if (!strcmp(a, "--incremental")) o->incremental = 1;
    else if (!strcmp(a, "--csv")) o->csv = 1;
    else if (!strcmp(a, "--allow-signed")) o->allow_signed = 1;
    else if (!strcmp(a, "--password")) target = &o->password;
    else if (!strcmp(a, "-o") || !strcmp(a, "--output")) target = &o->output;
    else if (!strcmp(a, "--pages")) target = &o->pages;
    else if (!strcmp(a, "--type")) target = &o->types;
    else if (!strcmp(a, "--author")) target = &o->author;
    else if (!strcmp(a, "--since")) target = &o->since;
    else if (!strcmp(a, "--until")) target = &o->until;
    else if (a[0] == '-' && a[1]) return usage("unknown option '%s'", a);
    else if (o->positional_count >= positionals) return usage("too many arguments ('%s')", a);
    else o->positional[o->positional_count++] = a;
    if (target) {
      if (!value) return usage("%s needs a value", a);
      *target = value;
      i++;
    }
  }
  if (o->positional_count < positionals) return usage("missing arguments");
  return -1;
}

/* Opens the document and reads --pages into [first, last] (the whole document without it). */
static pdftools_document *open_with_pages(const exchange_options *o, int32_t *first, int32_t *last, int *code) {
  int32_t count = 0;
  pdftools_document *doc = open_document(o->positional[0], o->password, code);
  if (!doc) return NULL;
  pdftools_document_get_page_count(doc, &count);
  *first = 0;
  *last = count - 1;
  if (o->pages && !parse_pages(o->pages, count, first, last)) {
    pdftools_document_close(doc);
    *code = usage("--pages '%s' is not a page or range within 1-%d", o->pages, count);
    return NULL;
  }
  return doc;
}

/* The pages first to last as a new array (NULL when memory runs out); *count gets their count. */
static int32_t *page_list(int32_t first, int32_t last, int32_t *count) {
  int32_t page, *pages;
  *count = last >= first ? last - first + 1 : 0;
  pages = malloc(sizeof *pages * (size_t)(*count > 0 ? *count : 1));
  for (page = 0; pages && page < *count; page++) pages[page] = first + page;
  return pages;
}

/* Saves doc to -o OUT or, with --incremental, appends to the file it came from. */
static int save(pdftools_document *doc, const exchange_options *o) {
  pdftools_save_options save = PDFTOOLS_SAVE_OPTIONS_INIT;
  pdftools_status status;
  save.mode = o->incremental ? PDFTOOLS_SAVE_INCREMENTAL : PDFTOOLS_SAVE_FULL;
  status = pdftools_document_save(doc, o->incremental ? o->positional[0] : o->output, &save);
  if (status != PDFTOOLS_OK) return refused("saving", status);
  return 0;
}

/* Writes text to path, or to stdout when path is NULL. */
static int write_text(const char *text, size_t size, const char *path) {
  FILE *file = path ? fopen(path, "wb") : stdout;
  int failed;
  if (!file) {
    fprintf(stderr, "pdftools %s: cannot write '%s'\n", command, path);
    return EXIT_REFUSED;
  }
  failed = fwrite(text, 1, size, file) != size;
  failed |= path ? fclose(file) != 0 : fflush(file) != 0 || ferror(file);
  if (failed) {
    fprintf(stderr, "pdftools %s: cannot write '%s'\n", command, path ? path : "the output");
    return EXIT_REFUSED;
  }
  return 0;
}

/* The whole of a file as a NUL-terminated string (NULL when it cannot be read). */
static char *read_file(const char *path) {
  FILE *file = fopen(path, "rb");
  char *text = NULL;
  size_t size = 0, capacity = 0, got;
  if (!file) return NULL;
  do {
    if (size + 65536 + 1 > capacity) {
      char *grown = realloc(text, capacity = size + 65536 + 1);
      if (!grown) {
        free(text);
        fclose(file);
        return NULL;
      }
      text = grown;
    }
    got = fread(text + size, 1, 65536, file);
    size += got;
  } while (got > 0);
  if (ferror(file)) {
    free(text);
    fclose(file);
    return NULL;
  }
  fclose(file);
  text[size] = '\0';
  return text;
}

/* ---- xfdf ------------------------------------------------------------------------------------ */

static const char xfdf_help[] =
    "Usage: pdftools xfdf export FILE [-o OUT.xfdf] [--pages A-B] [--password PW]\n"
    "       pdftools xfdf import FILE IN.xfdf (-o OUT.pdf | --incremental) [--password PW]\n"
    "export writes the annotations of FILE as XFDF (to standard output without -o).\n"
    "import merges the annotations of IN.xfdf into FILE (annotations are matched by name:\n"
    "known ones are updated, others added) and saves; it prints how many were added, changed\n"
    "and skipped.  Malformed XFDF changes nothing; the message names the element and line.\n";

int run_xfdf(int argc, char **argv) {
  exchange_options o;
  pdftools_document *doc;
  pdftools_status status;
  int code;
  if (argc >= 1 && (!strcmp(argv[0], "--help") || !strcmp(argv[0], "-h"))) {
    fputs(xfdf_help, stdout);
    return 0;
  }
  if (argc < 1 || (strcmp(argv[0], "export") && strcmp(argv[0], "import"))) return usage("say 'export' or 'import'");
  if (!strcmp(argv[0], "export")) {
    int32_t first, last, count;
    int32_t *pages;
    char *xml = NULL;
    size_t size = 0;
    if ((code = parse(argc - 1, argv + 1, 1, "--password -o --output --pages", xfdf_help, &o)) >= 0) return code;
    if (!(doc = open_with_pages(&o, &first, &last, &code))) return code;
    pages = page_list(first, last, &count);
    status = pages ? pdftools_document_export_xfdf(doc, o.pages ? pages : NULL, o.pages ? count : 0, NULL, 0, &xml, &size)
                   : PDFTOOLS_E_OUT_OF_MEMORY;
    free(pages);
    code = status == PDFTOOLS_OK ? write_text(xml, size, o.output) : refused("exporting", status);
    pdftools_free(xml);
    pdftools_document_close(doc);
    return code;
  }
  {
    pdftools_import_result result = PDFTOOLS_IMPORT_RESULT_INIT;
    char *text;
    if ((code = parse(argc - 1, argv + 1, 2, "--password -o --output --incremental", xfdf_help, &o)) >= 0) return code;
    if (!o.output == !o.incremental) return usage("give either -o OUT.pdf or --incremental");
    if (!(text = read_file(o.positional[1]))) {
      fprintf(stderr, "pdftools %s: cannot read '%s'\n", command, o.positional[1]);
      return EXIT_REFUSED;
    }
    if (!(doc = open_document(o.positional[0], o.password, &code))) {
      free(text);
      return code;
    }
    status = pdftools_document_import_xfdf(doc, text, &result);
    free(text);
    code = status == PDFTOOLS_OK ? save(doc, &o) : refused(o.positional[1], status);
    pdftools_document_close(doc);
    if (code == 0) printf("added %d, changed %d, skipped %d\n", result.added, result.changed, result.skipped);
    return code;
  }
}

/* ---- summary --------------------------------------------------------------------------------- */

static const char summary_help[] =
    "Usage: pdftools summary FILE [--csv] [--pages A-B] [--type T1,T2] [--author NAME]\n"
    "                        [--since DATE] [--until DATE] [--password PW]\n"
    "Prints every annotation in page order with its page label, subtype, author, subject,\n"
    "dates, contents, reply thread and review state: JSON (an array), or CSV with --csv.\n"
    "DATE is a PDF date (D:20261201) or ISO 8601 (2026-12-01T10:00:00Z); the range applies\n"
    "to the modification date, else the creation date.\n";

int run_summary(int argc, char **argv) {
  exchange_options o;
  pdftools_document *doc;
  pdftools_report_options report = PDFTOOLS_REPORT_OPTIONS_INIT;
  pdftools_status status;
  char *text = NULL;
  size_t size = 0;
  int32_t first, last;
  int code = parse(argc, argv, 1, "--password --csv --pages --type --author --since --until", summary_help, &o);
  if (code >= 0) return code;
  if (!(doc = open_with_pages(&o, &first, &last, &code))) return code;
  if (last >= first) {
    report.first_page = first;
    report.last_page = last;
  }
  report.subtypes = o.types;
  report.authors = o.author;
  report.since = o.since;
  report.until = o.until;
  status = pdftools_document_get_annotation_report(doc, &report, o.csv ? PDFTOOLS_REPORT_CSV : PDFTOOLS_REPORT_JSON,
                                                   &text, &size);
  code = status == PDFTOOLS_OK ? write_text(text, size, NULL) : refused("summarising", status);
  if (code == 0 && !o.csv) putchar('\n');
  pdftools_free(text);
  pdftools_document_close(doc);
  return code;
}

/* ---- flatten --------------------------------------------------------------------------------- */

static const char flatten_help[] =
    "Usage: pdftools flatten FILE (-o OUT.pdf | --incremental) [--pages A-B] [--type T1,T2]\n"
    "                        [--allow-signed] [--password PW]\n"
    "Burns the annotations' appearances into the page content and removes the annotations\n"
    "(all but form widgets, or the --type subtypes, e.g. --type Highlight,Ink), then saves.\n"
    "A signed document is refused unless --allow-signed (its signatures become invalid).\n"
    "Prints how many annotations were flattened.\n";

int run_flatten(int argc, char **argv) {
  exchange_options o;
  pdftools_document *doc;
  pdftools_flatten_options flatten = PDFTOOLS_FLATTEN_OPTIONS_INIT;
  pdftools_status status;
  int32_t first, last, count = 0, removed = 0;
  int32_t *pages = NULL;
  int code = parse(argc, argv, 1, "--password -o --output --incremental --pages --type --allow-signed", flatten_help, &o);
  if (code >= 0) return code;
  if (!o.output == !o.incremental) return usage("give either -o OUT.pdf or --incremental");
  if (!(doc = open_with_pages(&o, &first, &last, &code))) return code;
  if (o.pages) {
    if (!(pages = page_list(first, last, &count))) {
      pdftools_document_close(doc);
      return refused("flattening", PDFTOOLS_E_OUT_OF_MEMORY);
    }
    flatten.pages = pages;
    flatten.page_count = count;
  }
  flatten.subtypes = o.types;
  flatten.allow_invalidating_signatures = o.allow_signed;
  status = pdftools_document_flatten(doc, &flatten, &removed);
  free(pages);
  code = status == PDFTOOLS_OK ? save(doc, &o) : refused("flattening", status);
  pdftools_document_close(doc);
  if (code == 0) printf("%d\n", removed);
  return code;
}

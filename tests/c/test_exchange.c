/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * test_exchange.c — annotations exchanged and flattened, through the built library:
 *
 *  1. XFDF: annotations of several subtypes exported from one document and imported into a
 *     clean copy arrive with their names, rectangles, colours, contents and appearances; a
 *     second import changes nothing; malformed XFDF is refused with the element and line in
 *     the message and changes nothing.
 *  2. Change sets: two copies of a document, edited apart, exchange their changes and end with
 *     the same annotations.
 *  3. Reports: JSON and CSV with authors, replies and filters.
 *  4. Flattening: the annotations are gone, the page draws what they drew, and a signed
 *     document is refused unless allowed.
 *
 * Usage: test_exchange CORPUS_DIR
 * Prints one line per check and a last line "N passed, M failed"; exits 1 if any check failed.
 */
#define _XOPEN_SOURCE 700

#include "test_common.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *g_corpus;

/* A new two-page document with a highlight, a note with a reply, a square and an ink. */
static pdftools_document *annotated(void) {
  pdftools_document *doc = NULL;
  pdftools_annotation_id note = 0, reply = 0, square = 0, ink = 0, highlight = 0;
  pdftools_rect rect = {100, 600, 200, 660};
  pdftools_quad quad = {{72, 720}, {200, 720}, {72, 700}, {200, 700}};
  pdftools_point stroke[3] = {{100, 100}, {150, 180}, {200, 120}};
  int32_t counts[1] = {3};
  pdftools_color blue = {0, 0, 1};
  if (!EXPECT_OK(pdftools_document_new(&doc), "new document")) return NULL;
  EXPECT_OK(pdftools_document_insert_blank_page(doc, 0, 612, 792), "page 1");
  EXPECT_OK(pdftools_document_insert_blank_page(doc, 1, 612, 792), "page 2");
  EXPECT_OK(pdftools_annotation_create(doc, 0, "Highlight", rect, &highlight), "highlight");
  EXPECT_OK(pdftools_annotation_set_quads(doc, highlight, &quad, 1), "highlight quads");
  EXPECT_OK(pdftools_annotation_create(doc, 0, "Text", rect, &note), "note");
  EXPECT_OK(pdftools_annotation_set_text(doc, note, "Contents", "Check <this> & \"that\" \xc3\xbc"), "note text");
  EXPECT_OK(pdftools_annotation_set_text(doc, note, "T", "Ana"), "note author");
  EXPECT_OK(pdftools_annotation_create(doc, 0, "Text", rect, &reply), "reply");
  EXPECT_OK(pdftools_annotation_set_text(doc, reply, "T", "Ben"), "reply author");
  EXPECT_OK(pdftools_annotation_set_reply(doc, reply, note, NULL), "reply relation");
  EXPECT_OK(pdftools_annotation_create(doc, 1, "Square", rect, &square), "square");
  EXPECT_OK(pdftools_annotation_set_color(doc, square, PDFTOOLS_COLOR_STROKE, &blue), "square colour");
  EXPECT_OK(pdftools_annotation_create(doc, 1, "Ink", rect, &ink), "ink");
  EXPECT_OK(pdftools_annotation_set_ink(doc, ink, stroke, counts, 1), "ink strokes");
  return doc;
}

/* The XFDF of doc (library memory). */
static char *export_xfdf(pdftools_document *doc) {
  char *xml = NULL;
  size_t size = 0;
  if (!EXPECT_OK(pdftools_document_export_xfdf(doc, NULL, 0, NULL, 0, &xml, &size), "export XFDF")) return NULL;
  CHECK(strlen(xml) == size, "the XFDF is NUL-terminated at its size");
  return xml;
}

static int32_t annotation_count(pdftools_document *doc) {
  int32_t pages = 0, page, total = 0, count;
  pdftools_document_get_page_count(doc, &pages);
  for (page = 0; page < pages; page++) {
    count = 0;
    pdftools_page_get_annotations(doc, page, NULL, 0, &count);
    total += count;
  }
  return total;
}

static void test_xfdf(void) {
  pdftools_document *source = annotated(), *target = NULL;
  pdftools_import_result result = PDFTOOLS_IMPORT_RESULT_INIT;
  char *xml, *again;
  if (!source) return;
  xml = export_xfdf(source);
  if (!xml) return;
  CHECK(strstr(xml, "xmlns=\"http://ns.adobe.com/xfdf/\"") != NULL, "xfdf: the XFDF namespace");
  CHECK(strstr(xml, "Check &lt;this&gt; &amp; &quot;that&quot; \xc3\xbc") != NULL, "xfdf: contents escaped, UTF-8 kept");
  CHECK(strstr(xml, "<ink ") && strstr(xml, "<gesture>100,100;150,180;200,120</gesture>"), "xfdf: ink gestures");
  CHECK(strstr(xml, "inreplyto=\"") != NULL, "xfdf: the reply names its parent");
  EXPECT_OK(pdftools_document_new(&target), "target document");
  EXPECT_OK(pdftools_document_insert_blank_page(target, 0, 612, 792), "target page 1");
  EXPECT_OK(pdftools_document_insert_blank_page(target, 1, 612, 792), "target page 2");
  if (EXPECT_OK(pdftools_document_import_xfdf(target, xml, &result), "xfdf: import")) {
    CHECK(result.added == 5 && result.changed == 0 && result.skipped == 0, "xfdf: 5 added (got %d, %d, %d)",
          result.added, result.changed, result.skipped);
    again = export_xfdf(target);
    CHECK(again && strcmp(again, xml) == 0, "xfdf: the copy exports the same XFDF");
    pdftools_free(again);
  }
  EXPECT_OK(pdftools_document_import_xfdf(target, xml, &result), "xfdf: import again");
  CHECK(result.added == 0 && result.changed == 0, "xfdf: importing again changes nothing");
  {
    /* Malformed: a rect that is no number, on line 3; nothing changes. */
    const char *bad = "<?xml version=\"1.0\"?>\n<xfdf><annots><square page=\"0\" rect=\"1,1,9,9\" name=\"new\"/>\n"
                      "<circle page=\"0\" rect=\"1,x,9,9\" name=\"c\"/></annots></xfdf>";
    int32_t before = annotation_count(target);
    EXPECT_STATUS(pdftools_document_import_xfdf(target, bad, NULL), PDFTOOLS_E_INVALID_ARGUMENT, "xfdf: bad rect refused");
    CHECK(strstr(pdftools_last_error_message(), "line 3, <circle>") != NULL, "xfdf: the message names line 3 (%s)",
          pdftools_last_error_message());
    CHECK(annotation_count(target) == before, "xfdf: nothing was added");
    EXPECT_STATUS(pdftools_document_import_xfdf(target, "<xfdf><annots", NULL), PDFTOOLS_E_INVALID_ARGUMENT,
                  "xfdf: bad XML refused");
    EXPECT_STATUS(pdftools_document_import_xfdf(target, NULL, NULL), PDFTOOLS_E_INVALID_ARGUMENT, "xfdf: NULL refused");
  }
  pdftools_free(xml);
  pdftools_document_close(target);
  pdftools_document_close(source);
}

static void test_changes(void) {
  pdftools_document *original = annotated(), *first = NULL, *second = NULL;
  void *bytes = NULL;
  size_t size = 0;
  char *from_first = NULL, *from_second = NULL, *a = NULL, *b = NULL;
  pdftools_annotation_id added = 0, ids[8];
  int32_t count = 0;
  pdftools_rect rect = {10, 10, 60, 60};
  int64_t state = -2;
  if (!original) return;
  EXPECT_OK(pdftools_document_save_to_memory(original, NULL, &bytes, &size), "changes: save");
  EXPECT_OK(pdftools_document_open_from_memory(bytes, size, NULL, &first), "changes: first copy");
  EXPECT_OK(pdftools_document_open_from_memory(bytes, size, NULL, &second), "changes: second copy");
  EXPECT_OK(pdftools_document_get_state_id(first, &state), "changes: state id");
  EXPECT_OK(pdftools_annotation_create(first, 1, "Circle", rect, &added), "changes: a circle on the first");
  EXPECT_OK(pdftools_page_get_annotations(second, 1, ids, 8, &count), "changes: second's page 2");
  if (count > 0) EXPECT_OK(pdftools_annotation_delete(second, ids[0]), "changes: delete on the second");
  EXPECT_OK(pdftools_document_export_changes(first, state, &from_first, &size), "changes: first's changes");
  EXPECT_OK(pdftools_document_export_changes(second, -1, &from_second, &size), "changes: second's changes");
  CHECK(from_first && strstr(from_first, "<add>\n    <circle") != NULL, "changes: the circle is added");
  CHECK(from_second && strstr(from_second, "<delete>\n    <id page=\"1\">") != NULL, "changes: the deletion");
  EXPECT_OK(pdftools_document_import_changes(second, from_first, NULL), "changes: second takes the first's");
  EXPECT_OK(pdftools_document_import_changes(first, from_second, NULL), "changes: first takes the second's");
  a = export_xfdf(first);
  b = export_xfdf(second);
  CHECK(a && b && strcmp(a, b) == 0, "changes: both copies hold the same annotations");
  EXPECT_STATUS(pdftools_document_export_changes(first, 123456, &from_first, &size), PDFTOOLS_E_NOT_FOUND,
                "changes: an unknown state is refused");
  pdftools_free(a);
  pdftools_free(b);
  pdftools_free(from_first);
  pdftools_free(from_second);
  pdftools_free(bytes);
  pdftools_document_close(first);
  pdftools_document_close(second);
  pdftools_document_close(original);
}

static void test_report(void) {
  pdftools_document *doc = annotated();
  pdftools_report_options options = PDFTOOLS_REPORT_OPTIONS_INIT;
  char *text = NULL;
  size_t size = 0;
  if (!doc) return;
  if (EXPECT_OK(pdftools_document_get_annotation_report(doc, NULL, PDFTOOLS_REPORT_JSON, &text, &size), "report: JSON")) {
    CHECK(text[0] == '[' && strstr(text, "\"author\":\"Ana\"") && strstr(text, "\"replies\":[\""),
          "report: JSON with authors and replies");
    pdftools_free(text);
  }
  options.authors = "Ben";
  if (EXPECT_OK(pdftools_document_get_annotation_report(doc, &options, PDFTOOLS_REPORT_CSV, &text, &size), "report: CSV")) {
    CHECK(strncmp(text, "id,name,page,page_label,subtype,author", 38) == 0, "report: CSV header");
    CHECK(strstr(text, ",Ben,") && !strstr(text, ",Ana,"), "report: filtered by author");
    pdftools_free(text);
  }
  options.authors = NULL;
  options.since = "not a date";
  EXPECT_STATUS(pdftools_document_get_annotation_report(doc, &options, PDFTOOLS_REPORT_JSON, &text, &size),
                PDFTOOLS_E_INVALID_ARGUMENT, "report: a bad date is refused");
  pdftools_document_close(doc);
}

static void test_flatten(void) {
  pdftools_document *doc = annotated(), *signed_doc = NULL;
  pdftools_flatten_options options = PDFTOOLS_FLATTEN_OPTIONS_INIT;
  int32_t removed = -1;
  char *path;
  if (!doc) return;
  if (EXPECT_OK(pdftools_document_flatten(doc, NULL, &removed), "flatten: everything")) {
    CHECK(removed == 5, "flatten: 5 annotations removed (got %d)", removed);
    CHECK(annotation_count(doc) == 0, "flatten: no annotation is left");
  }
  EXPECT_OK(pdftools_undo_undo(doc, NULL), "flatten: undo");
  CHECK(annotation_count(doc) == 5, "flatten: undo brings them back");
  options.subtypes = "Ink";
  EXPECT_OK(pdftools_document_flatten(doc, &options, &removed), "flatten: only ink");
  CHECK(removed == 1 && annotation_count(doc) == 4, "flatten: the ink alone");
  pdftools_document_close(doc);
  path = tc_corpus_file(g_corpus, "pdfium-two-signatures.pdf");
  if (EXPECT_OK(pdftools_document_open(path, NULL, &signed_doc), "flatten: signed document")) {
    pdftools_flatten_options all = PDFTOOLS_FLATTEN_OPTIONS_INIT;
    EXPECT_STATUS(pdftools_document_flatten(signed_doc, NULL, &removed), PDFTOOLS_E_NOT_PERMITTED,
                  "flatten: a signed document is refused");
    all.allow_invalidating_signatures = 1;
    EXPECT_OK(pdftools_document_flatten(signed_doc, &all, &removed), "flatten: allowed explicitly");
    pdftools_document_close(signed_doc);
  }
  free(path);
}

int main(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: %s CORPUS_DIR\n", argv[0]);
    return 2;
  }
  g_corpus = argv[1];
  printf("libpdftools %s, corpus %s\n", pdftools_version_string(), g_corpus);
  test_xfdf();
  test_changes();
  test_report();
  test_flatten();
  return tc_finish();
}

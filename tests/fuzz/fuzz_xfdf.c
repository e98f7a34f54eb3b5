/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * fuzz_xfdf — libFuzzer harness: the input is an XFDF document (or change set), merged into a
 * generated two-page document holding a note with a popup, a square and a highlight; then the
 * same text is applied as a change set, the document's annotations are exported as XFDF, as
 * changes and as reports, imported again into a fresh copy, flattened, and saved fully and
 * incrementally (both outputs must open again).  A refused import must leave the document
 * exporting what it exported before.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exercise.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The generated document. */
static pdftools_document *make_document(void) {
  pdftools_document *doc = NULL;
  pdftools_annotation_id note = 0, square = 0, highlight = 0, popup = 0;
  pdftools_rect rect = {100, 600, 200, 660};
  pdftools_quad quad = {{72, 720}, {200, 720}, {72, 700}, {200, 700}};
  if (pdftools_document_new(&doc) != PDFTOOLS_OK) return NULL;
  pdftools_document_insert_blank_page(doc, 0, 612, 792);
  pdftools_document_insert_blank_page(doc, 1, 612, 792);
  pdftools_annotation_create(doc, 0, "Text", rect, &note);
  pdftools_annotation_set_text(doc, note, "NM", "note-1");
  pdftools_annotation_add_popup(doc, note, (pdftools_rect){300, 600, 450, 700}, 1, &popup);
  pdftools_annotation_create(doc, 1, "Square", rect, &square);
  pdftools_annotation_set_text(doc, square, "NM", "square-1");
  pdftools_annotation_create(doc, 0, "Highlight", rect, &highlight);
  pdftools_annotation_set_quads(doc, highlight, &quad, 1);
  return doc;
}

/* The document's XFDF (library memory), or NULL. */
static char *xfdf_of(pdftools_document *doc) {
  char *xml = NULL;
  size_t size = 0;
  if (pdftools_document_export_xfdf(doc, NULL, 0, NULL, 0, &xml, &size) != PDFTOOLS_OK) return NULL;
  return xml;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  pdftools_document *doc = make_document(), *copy = NULL;
  pdft_exercise_result result;
  char *text = malloc(size + 1), *before, *after, *out = NULL;
  size_t out_size = 0;
  int32_t removed = 0;
  memset(&result, 0, sizeof result);
  if (!doc || !text) {
    pdftools_document_close(doc);
    free(text);
    pdftools_wait_for_releases();
    return 0;
  }
  memcpy(text, data, size);
  text[size] = 0;
  before = xfdf_of(doc);
  if (pdftools_document_import_xfdf(doc, text, NULL) != PDFTOOLS_OK) {
    /* All or nothing: a refused import changed nothing. */
    after = xfdf_of(doc);
    if (before && after && strcmp(before, after) != 0) {
      fprintf(stderr, "a refused XFDF import changed the document\n");
      abort();
    }
    pdftools_free(after);
  }
  pdftools_document_import_changes(doc, text, NULL);
  pdftools_free(before);
  if (pdftools_document_export_changes(doc, -1, &out, &out_size) == PDFTOOLS_OK) pdftools_free(out);
  if (pdftools_document_get_annotation_report(doc, NULL, PDFTOOLS_REPORT_CSV, &out, &out_size) == PDFTOOLS_OK)
    pdftools_free(out);
  after = xfdf_of(doc);
  if (after && (copy = make_document()) != NULL) {
    /* What the library wrote, it reads. */
    if (pdftools_document_import_xfdf(copy, after, NULL) != PDFTOOLS_OK) {
      fprintf(stderr, "the library refused its own XFDF: %s\n", pdftools_last_error_message());
      abort();
    }
    pdftools_document_close(copy);
  }
  pdftools_free(after);
  pdftools_document_flatten(doc, NULL, &removed);
  pdft_exercise_save(doc, NULL, &result);
  if (result.unreadable_outputs) abort();
  pdftools_document_close(doc);
  free(text);
  /* Documents are released on the library's reaper thread: wait, so that the leak check after
     this input sees them gone. */
  pdftools_wait_for_releases();
  return 0;
}

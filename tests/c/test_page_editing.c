/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * test_page_editing.c — reorganising pages through the built library, on a real 14-page
 * paper (pdf.js's tracemonkey.pdf), each page known by the start of its text:
 *
 *  1. Page ids: unique, follow moves, NOT_FOUND once deleted, back after undo.
 *  2. Move, delete, duplicate: the text order follows; undo and redo restore it.
 *  3. Insert pages of another document and extract pages into a new one; the saved bytes
 *     read back in the same order.
 *  4. Page boxes set and removed.
 *  5. Bad input: ranges, counts, NULL arrays, the last page, a removed media box, bad handles.
 *  6. The side panel's annotation list: a reply thread nested, filters, order across pages,
 *     rows that follow a moved page.
 *
 * Usage: test_page_editing CORPUS_DIR
 * Prints one line per check and a last line "N passed, M failed"; exits 1 if any check failed.
 */
#define _XOPEN_SOURCE 700

#include "test_common.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_PAGES 40
#define KEY 24

static const char *g_corpus;

/* The first KEY - 1 bytes of page index's text (its key) into key. */
static void page_key(pdftools_document *doc, int32_t index, char key[KEY]) {
  char *text;
  size_t need = 0;
  key[0] = 0;
  if (pdftools_page_get_text(doc, index, NULL, 0, &need) != PDFTOOLS_E_BUFFER_TOO_SMALL || need == 0) return;
  text = malloc(need);
  if (!text) return;
  if (pdftools_page_get_text(doc, index, text, need, &need) == PDFTOOLS_OK) {
    memcpy(key, text, need < KEY ? need : KEY - 1);
    key[KEY - 1] = 0;
  }
  free(text);
}

/* The keys of every page; returns the page count. */
static int32_t keys(pdftools_document *doc, char out[MAX_PAGES][KEY]) {
  int32_t count = 0, i;
  if (!EXPECT_OK(pdftools_document_get_page_count(doc, &count), "page count")) return 0;
  for (i = 0; i < count && i < MAX_PAGES; i++) page_key(doc, i, out[i]);
  return count;
}

static pdftools_document *open_paper(void) {
  char path[1024];
  pdftools_document *doc = NULL;
  snprintf(path, sizeof path, "%s/pdfjs-tracemonkey.pdf", g_corpus);
  if (!EXPECT_OK(pdftools_document_open(path, NULL, &doc), "open tracemonkey")) return NULL;
  return doc;
}

static void test_ids_moves_deletes(void) {
  pdftools_document *doc = open_paper();
  char before[MAX_PAGES][KEY], after[MAX_PAGES][KEY];
  pdftools_page_id ids[MAX_PAGES];
  int32_t count, i, index = -1, made = -1;
  if (!doc) return;
  count = keys(doc, before);
  CHECK(count == 14, "14 pages (got %d)", (int)count);
  for (i = 0; i < count; i++) EXPECT_OK(pdftools_page_get_id(doc, i, &ids[i]), "page id");
  CHECK(ids[0] > 0 && ids[0] != ids[1] && ids[1] != ids[13], "ids are positive and differ");

  /* Pages 0 and 1 to the end. */
  EXPECT_OK(pdftools_document_move_pages(doc, 0, 2, 12), "move 0..1 to 12");
  keys(doc, after);
  CHECK(strcmp(after[12], before[0]) == 0 && strcmp(after[13], before[1]) == 0 && strcmp(after[0], before[2]) == 0,
        "the text follows the move");
  EXPECT_OK(pdftools_document_find_page(doc, ids[0], &index), "find page 0");
  CHECK(index == 12, "old page 0 is page 12 (got %d)", (int)index);

  /* Delete old page 5 (now 3). */
  EXPECT_OK(pdftools_document_delete_pages(doc, 3, 1), "delete page 3");
  EXPECT_STATUS(pdftools_document_find_page(doc, ids[5], &index), PDFTOOLS_E_NOT_FOUND, "deleted page");
  EXPECT_OK(pdftools_document_get_page_count(doc, &count), "count");
  CHECK(count == 13, "13 pages after the delete (got %d)", (int)count);
  EXPECT_OK(pdftools_undo_undo(doc, NULL), "undo the delete");
  EXPECT_OK(pdftools_document_find_page(doc, ids[5], &index), "find it again");
  CHECK(index == 3, "old page 5 is back at 3 (got %d)", (int)index);

  /* Duplicate. */
  EXPECT_OK(pdftools_document_duplicate_page(doc, 0, &made), "duplicate page 0");
  CHECK(made == 1, "the copy is page 1 (got %d)", (int)made);
  keys(doc, after);
  CHECK(strcmp(after[0], after[1]) == 0 && strcmp(after[0], before[2]) == 0, "the copy shows the same text");

  /* Undo everything: the original order and ids. */
  EXPECT_OK(pdftools_undo_undo(doc, NULL), "undo the duplicate");
  EXPECT_OK(pdftools_undo_undo(doc, NULL), "undo the move");
  count = keys(doc, after);
  for (i = 0; i < count; i++) {
    pdftools_page_id id = 0;
    pdftools_page_get_id(doc, i, &id);
    if (strcmp(after[i], before[i]) != 0 || id != ids[i]) break;
  }
  CHECK(count == 14 && i == count, "undo restores every page in order (first difference at %d)", (int)i);
  EXPECT_OK(pdftools_undo_redo(doc, NULL), "redo the move");
  keys(doc, after);
  CHECK(strcmp(after[12], before[0]) == 0, "redo moves the pages again");
  pdftools_document_close(doc);
}

static void test_insert_extract(void) {
  pdftools_document *doc = open_paper(), *target = NULL, *extracted = NULL, *reopened = NULL;
  char before[MAX_PAGES][KEY], after[MAX_PAGES][KEY];
  int32_t pick[3] = {13, 0, 6}, count = 0;
  void *data = NULL;
  size_t size = 0;
  if (!doc) return;
  keys(doc, before);
  EXPECT_OK(pdftools_document_new(&target), "new");
  EXPECT_OK(pdftools_document_insert_blank_page(target, 0, 200, 200), "blank");
  EXPECT_OK(pdftools_document_insert_pages(target, 0, doc, pick, 3), "insert 13, 0, 6 at 0");
  count = keys(target, after);
  CHECK(count == 4 && strcmp(after[0], before[13]) == 0 && strcmp(after[1], before[0]) == 0 &&
            strcmp(after[2], before[6]) == 0 && after[3][0] == 0,
        "the copies come first, in the order asked, the blank page last");
  EXPECT_OK(pdftools_document_save_to_memory(target, NULL, &data, &size), "save");
  EXPECT_OK(pdftools_document_open_from_memory(data, size, NULL, &reopened), "reopen");
  pdftools_free(data);
  if (reopened) {
    count = keys(reopened, after);
    CHECK(count == 4 && strcmp(after[2], before[6]) == 0, "the saved file has the same pages");
    pdftools_document_close(reopened);
  }
  EXPECT_OK(pdftools_document_extract_pages(doc, pick, 2, &extracted), "extract 13, 0");
  if (extracted) {
    count = keys(extracted, after);
    CHECK(count == 2 && strcmp(after[0], before[13]) == 0 && strcmp(after[1], before[0]) == 0, "extracted in order");
    pdftools_document_close(extracted);
  }
  EXPECT_OK(pdftools_document_get_page_count(doc, &count), "source count");
  CHECK(count == 14, "the source keeps its pages");
  pdftools_document_close(target);
  pdftools_document_close(doc);
}

static void test_boxes(void) {
  pdftools_document *doc = NULL;
  pdftools_rect crop = {300, 400, 100, 50}, got;
  EXPECT_OK(pdftools_document_new(&doc), "new");
  EXPECT_OK(pdftools_document_insert_blank_page(doc, 0, 600, 800), "blank");
  EXPECT_OK(pdftools_page_set_box(doc, 0, PDFTOOLS_BOX_CROP, &crop), "set crop");
  EXPECT_OK(pdftools_page_get_box(doc, 0, PDFTOOLS_BOX_CROP, &got), "get crop");
  CHECK(got.x0 == 100 && got.y0 == 50 && got.x1 == 300 && got.y1 == 400, "crop box normalized");
  EXPECT_OK(pdftools_page_set_box(doc, 0, PDFTOOLS_BOX_CROP, NULL), "remove crop");
  EXPECT_OK(pdftools_page_get_box(doc, 0, PDFTOOLS_BOX_CROP, &got), "get crop");
  CHECK(got.x1 == 600 && got.y1 == 800, "crop falls back to the media box");
  EXPECT_STATUS(pdftools_page_set_box(doc, 0, PDFTOOLS_BOX_MEDIA, NULL), PDFTOOLS_E_INVALID_ARGUMENT, "no media box");
  EXPECT_STATUS(pdftools_page_set_box(doc, 0, (pdftools_box)9, &crop), PDFTOOLS_E_INVALID_ARGUMENT, "box 9");
  pdftools_document_close(doc);
}

static void test_bad_input(void) {
  pdftools_document *doc = open_paper(), *out = NULL;
  int32_t pages[1] = {20}, count = 0;
  pdftools_page_id id = 0;
  if (!doc) return;
  EXPECT_STATUS(pdftools_document_delete_pages(doc, 0, 14), PDFTOOLS_E_INVALID_ARGUMENT, "every page");
  EXPECT_STATUS(pdftools_document_delete_pages(doc, 0, 0), PDFTOOLS_E_INVALID_ARGUMENT, "count 0");
  EXPECT_STATUS(pdftools_document_delete_pages(doc, 13, 2), PDFTOOLS_E_OUT_OF_RANGE, "past the end");
  EXPECT_STATUS(pdftools_document_move_pages(doc, 0, 2, 13), PDFTOOLS_E_OUT_OF_RANGE, "to past the end");
  EXPECT_STATUS(pdftools_document_duplicate_page(doc, -1, NULL), PDFTOOLS_E_OUT_OF_RANGE, "page -1");
  EXPECT_STATUS(pdftools_document_insert_pages(doc, 0, doc, NULL, 1), PDFTOOLS_E_INVALID_ARGUMENT, "NULL pages");
  EXPECT_STATUS(pdftools_document_insert_pages(doc, 0, doc, pages, 1), PDFTOOLS_E_OUT_OF_RANGE, "page 20");
  EXPECT_STATUS(pdftools_document_insert_pages(doc, 0, NULL, pages, 1), PDFTOOLS_E_INVALID_HANDLE, "no source");
  EXPECT_STATUS(pdftools_document_extract_pages(doc, pages, 1, &out), PDFTOOLS_E_OUT_OF_RANGE, "extract page 20");
  CHECK(out == NULL, "no document on failure");
  EXPECT_STATUS(pdftools_document_extract_pages(doc, pages, 1, NULL), PDFTOOLS_E_INVALID_ARGUMENT, "out_doc NULL");
  EXPECT_STATUS(pdftools_page_get_id(doc, 0, NULL), PDFTOOLS_E_INVALID_ARGUMENT, "out_id NULL");
  EXPECT_STATUS(pdftools_document_find_page(doc, 12345, &count), PDFTOOLS_E_NOT_FOUND, "no such id");
  EXPECT_STATUS(pdftools_page_get_id(NULL, 0, &id), PDFTOOLS_E_INVALID_HANDLE, "NULL document");
  EXPECT_OK(pdftools_document_get_page_count(doc, &count), "count");
  CHECK(count == 14, "refusals changed nothing");
  pdftools_document_close(doc);
}

static void test_annotation_list(void) {
  pdftools_document *doc = NULL;
  pdftools_annotation_id square = 0, reply = 0, note = 0, mark = 0;
  pdftools_annotation_list_entry rows[8];
  pdftools_annotation_list_options options = PDFTOOLS_ANNOTATION_LIST_OPTIONS_INIT;
  pdftools_rect box = {10, 10, 60, 60};
  int32_t count = 0;
  EXPECT_OK(pdftools_document_new(&doc), "new");
  EXPECT_OK(pdftools_document_insert_blank_page(doc, 0, 600, 800), "page 0");
  EXPECT_OK(pdftools_document_insert_blank_page(doc, 1, 600, 800), "page 1");
  EXPECT_OK(pdftools_annotation_create(doc, 0, "Square", box, &square), "square");
  EXPECT_OK(pdftools_annotation_create(doc, 0, "Text", box, &note), "note");
  EXPECT_OK(pdftools_annotation_create(doc, 0, "Text", box, &reply), "reply");
  EXPECT_OK(pdftools_annotation_create(doc, 1, "Circle", box, &mark), "circle");
  EXPECT_OK(pdftools_annotation_set_text(doc, square, "T", "Ann"), "author");
  EXPECT_OK(pdftools_annotation_set_text(doc, reply, "Contents", "Fixed in version 2"), "contents");
  EXPECT_OK(pdftools_annotation_set_reply(doc, reply, square, NULL), "reply to the square");

  EXPECT_OK(pdftools_document_list_annotations(doc, NULL, sizeof rows[0], rows, 8, &count), "list");
  CHECK(count == 4 && rows[0].id == square && rows[0].reply_count == 1 && rows[1].id == reply && rows[1].depth == 1 &&
            rows[2].id == note && rows[2].depth == 0 && rows[3].id == mark && rows[3].page_index == 1,
        "square, its reply nested, the note, the circle on page 1");
  options.text = "VERSION 2";
  EXPECT_OK(pdftools_document_list_annotations(doc, &options, sizeof rows[0], rows, 8, &count), "text");
  CHECK(count == 2 && rows[0].id == square && rows[1].id == reply, "the thread whose reply holds the text");
  options.text = NULL;
  options.subtypes = "Circle,Square";
  options.order = PDFTOOLS_LIST_BY_SUBTYPE;
  options.by_page = 0;
  EXPECT_OK(pdftools_document_list_annotations(doc, &options, sizeof rows[0], rows, 8, &count), "subtypes");
  CHECK(count == 3 && rows[0].id == mark && rows[1].id == square, "Circle before Square across pages");
  EXPECT_STATUS(pdftools_document_list_annotations(doc, NULL, sizeof rows[0], rows, 2, &count),
                PDFTOOLS_E_BUFFER_TOO_SMALL, "two rows of four");
  CHECK(count == 4, "the count is told");
  EXPECT_STATUS(pdftools_document_list_annotations(doc, NULL, 4, rows, 8, &count), PDFTOOLS_E_INVALID_ARGUMENT,
                "element size 4");
  options.order = (pdftools_list_order)7;
  EXPECT_STATUS(pdftools_document_list_annotations(doc, &options, sizeof rows[0], rows, 8, &count),
                PDFTOOLS_E_INVALID_ARGUMENT, "order 7");
  EXPECT_OK(pdftools_document_move_pages(doc, 1, 1, 0), "move page 1 first");
  EXPECT_OK(pdftools_document_list_annotations(doc, NULL, sizeof rows[0], rows, 8, &count), "list again");
  CHECK(count == 4 && rows[0].id == mark && rows[0].page_index == 0 && rows[1].page_index == 1, "rows follow the page");
  pdftools_document_close(doc);
}

int main(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: %s CORPUS_DIR\n", argv[0]);
    return 2;
  }
  g_corpus = argv[1];
  test_ids_moves_deletes();
  test_insert_extract();
  test_boxes();
  test_bad_input();
  test_annotation_list();
  return tc_finish();
}

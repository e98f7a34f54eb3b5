/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * test_outline.c — the document outline through the built library:
 *
 *  1. Reading other programs' outlines: qpdf's nested test outline (each title names its page
 *     and fit), LaTeX's named destinations.
 *  2. Building an outline on a new document: add, nest, move, rename, retarget, restyle,
 *     open; read back, and read back again from the saved bytes.
 *  3. Undo and redo of an outline edit.
 *  4. Bad input: stale ids, pages out of range, unknown fits, moves under oneself, NULLs.
 *  5. Page labels written as ranges and read back; pages turned; bad ranges and angles refused.
 *
 * Usage: test_outline CORPUS_DIR
 * Prints one line per check and a last line "N passed, M failed"; exits 1 if any check failed.
 */
#define _XOPEN_SOURCE 700

#include "test_common.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *g_corpus;

/* The outline of doc into a malloc'd array (NULL when empty or on failure); *count its length. */
static pdftools_outline_item *outline(pdftools_document *doc, int32_t *count) {
  pdftools_outline_item *items;
  *count = -1;
  if (!EXPECT_OK(pdftools_document_get_outline(doc, sizeof *items, NULL, 0, count), "outline count")) return NULL;
  if (*count <= 0) return NULL;
  items = calloc((size_t)*count, sizeof *items);
  if (!items) return NULL;
  if (!EXPECT_OK(pdftools_document_get_outline(doc, sizeof *items, items, *count, count), "outline")) {
    free(items);
    return NULL;
  }
  return items;
}

/* The title of id into buf. */
static const char *title(pdftools_document *doc, pdftools_outline_id id, char *buf, size_t size) {
  size_t need = 0;
  buf[0] = 0;
  if (pdftools_outline_get_title(doc, id, buf, size, &need) != PDFTOOLS_OK) snprintf(buf, size, "<error>");
  return buf;
}

static void test_qpdf_outline(void) {
  char *path = tc_path(g_corpus, "qpdf-object-streams.pdf");
  pdftools_document *doc = NULL;
  pdftools_outline_item *items;
  int32_t count = 0, i, checked = 0;
  char text[256];
  if (!EXPECT_OK(pdftools_document_open(path, NULL, &doc), "open qpdf-object-streams.pdf")) {
    free(path);
    return;
  }
  items = outline(doc, &count);
  CHECK(count == 11, "11 items (got %d)", (int)count);
  for (i = 0; items && i < count; i++) {
    /* "Amanda 1.1 -> 11: /Fit": page index 11, fit /Fit. */
    const char *arrow = strstr(title(doc, items[i].id, text, sizeof text), "-> ");
    int page = arrow ? atoi(arrow + 3) : -1;
    CHECK(items[i].target == PDFTOOLS_OUTLINE_TARGET_DESTINATION && items[i].destination.page_index == page,
          "\"%s\" leads to page %d (got %d)", text, page, (int)items[i].destination.page_index);
    if (strstr(text, "/FitV 100")) {
      CHECK(items[i].destination.fit == PDFTOOLS_FIT_V && (items[i].destination.has & PDFTOOLS_DEST_LEFT) &&
                items[i].destination.left == 100,
            "FitV 100");
      checked++;
    }
    if (strstr(text, "/XYZ null null null"))
      CHECK(items[i].destination.fit == PDFTOOLS_FIT_XYZ && items[i].destination.has == 0, "XYZ with nulls");
    if (i > 0 && items[i].parent != 0) {
      int32_t j;
      for (j = 0; j < i && items[j].id != items[i].parent; j++) {
      }
      CHECK(j < i && items[j].depth == items[i].depth - 1, "item %d follows its parent", (int)i);
    }
  }
  CHECK(checked > 0, "the FitV item was seen");
  CHECK(items && items[0].depth == 0 && items[1].depth == 1, "nesting");
  /* Each item read on its own is the item as listed. */
  for (i = 0; items && i < count; i++) {
    pdftools_outline_item one;
    memset(&one, 0, sizeof one);
    if (!EXPECT_OK(pdftools_outline_get_item(doc, items[i].id, sizeof one, &one), "one item")) break;
    if (memcmp(&one, &items[i], sizeof one) != 0) break;
  }
  CHECK(items && i == count, "pdftools_outline_get_item gives each listed item (first difference at %d)", (int)i);
  {
    pdftools_outline_item one;
    EXPECT_STATUS(pdftools_outline_get_item(doc, 987654, sizeof one, &one), PDFTOOLS_E_NOT_FOUND, "no such item");
    EXPECT_STATUS(pdftools_outline_get_item(doc, items ? items[0].id : 1, 8, &one), PDFTOOLS_E_INVALID_ARGUMENT,
                  "element size 8");
    EXPECT_STATUS(pdftools_outline_get_item(doc, items ? items[0].id : 1, sizeof one, NULL),
                  PDFTOOLS_E_INVALID_ARGUMENT, "NULL out");
  }
  free(items);
  pdftools_document_close(doc);
  free(path);
}

static void test_named_destinations(void) {
  char *path = tc_path(g_corpus, "samplefiles-geotopo-117-pages.pdf");
  pdftools_document *doc = NULL;
  pdftools_outline_item *items;
  int32_t count = 0;
  char text[256];
  if (EXPECT_OK(pdftools_document_open(path, NULL, &doc), "open samplefiles-geotopo-117-pages.pdf")) {
    items = outline(doc, &count);
    CHECK(count == 35, "35 items (got %d)", (int)count);
    if (items) {
      CHECK(strcmp(title(doc, items[0].id, text, sizeof text), "1 Topologische Grundbegriffe") == 0, "first title");
      CHECK(items[0].target == PDFTOOLS_OUTLINE_TARGET_DESTINATION && items[0].destination.page_index == 5 &&
                (items[0].destination.has & PDFTOOLS_DEST_TOP),
            "a named destination resolved to page 5");
      CHECK(items[0].child_count > 0 && items[0].open == 0, "a closed chapter with sections");
    }
    free(items);
    pdftools_document_close(doc);
  }
  free(path);
}

static void test_building(void) {
  pdftools_document *doc = NULL, *back = NULL;
  pdftools_outline_item *items;
  pdftools_outline_id a = 0, b = 0, b1 = 0, stale;
  pdftools_destination to0 = {0, PDFTOOLS_FIT_PAGE, 0, 0, 0, 0, 0, 0};
  pdftools_destination to2 = {2, PDFTOOLS_FIT_XYZ, PDFTOOLS_DEST_TOP | PDFTOOLS_DEST_LEFT, 30, 500, 0, 0, 0};
  pdftools_destination bad = to0;
  pdftools_color red = {1, 0, 0};
  int32_t count = 0, done = 0, p;
  void *bytes = NULL;
  size_t size = 0;
  char text[256];
  if (!EXPECT_OK(pdftools_document_new(&doc), "new document")) return;
  for (p = 0; p < 3; p++) EXPECT_OK(pdftools_document_insert_blank_page(doc, p, 612, 792), "page");
  EXPECT_OK(pdftools_outline_add(doc, 0, -1, "Chapter A", &to0, &a), "add A");
  EXPECT_OK(pdftools_outline_add(doc, 0, -1, "Chapter B – ü", &to2, &b), "add B");
  EXPECT_OK(pdftools_outline_add(doc, b, -1, "Section B1", NULL, &b1), "add B1 under B");
  EXPECT_OK(pdftools_outline_set_open(doc, b, 1), "open B");
  EXPECT_OK(pdftools_outline_move(doc, a, b, 0), "move A under B, first");
  EXPECT_OK(pdftools_outline_set_style(doc, b1, &red, 1, 1), "style B1");
  EXPECT_OK(pdftools_outline_set_destination(doc, b1, &to0), "B1 to page 0");
  EXPECT_OK(pdftools_outline_set_title(doc, b1, "Section B1 (renamed)"), "rename B1");
  items = outline(doc, &count);
  CHECK(count == 3, "three items (got %d)", (int)count);
  if (items && count == 3) {
    CHECK(items[0].id == b && items[1].id == a && items[2].id == b1, "B, then A and B1 under it");
    CHECK(items[0].child_count == 2 && items[0].open == 1 && items[1].depth == 1 && items[1].parent == b,
          "B is open with two children");
    CHECK(items[0].destination.page_index == 2 && items[0].destination.fit == PDFTOOLS_FIT_XYZ &&
              items[0].destination.has == (PDFTOOLS_DEST_TOP | PDFTOOLS_DEST_LEFT) && items[0].destination.top == 500 &&
              items[0].destination.left == 30,
          "B's destination read back");
    CHECK(items[2].has_color && items[2].color.r == 1 && items[2].bold && items[2].italic &&
              items[2].destination.page_index == 0 && items[2].destination.fit == PDFTOOLS_FIT_PAGE,
          "B1's style and destination");
    CHECK(strcmp(title(doc, b, text, sizeof text), "Chapter B – ü") == 0, "a title in UTF-8 (got %s)", text);
  }
  free(items);

  /* Read back from the saved bytes. */
  if (EXPECT_OK(pdftools_document_save_to_memory(doc, NULL, &bytes, &size), "save to memory") &&
      EXPECT_OK(pdftools_document_open_from_memory(bytes, size, NULL, &back), "reopen")) {
    items = outline(back, &count);
    CHECK(count == 3 && items && items[0].child_count == 2 && items[0].open &&
              strcmp(title(back, items[2].id, text, sizeof text), "Section B1 (renamed)") == 0,
          "the saved outline reads back");
    free(items);
    pdftools_document_close(back);
  }
  pdftools_free(bytes);

  /* Undo and redo. */
  EXPECT_OK(pdftools_outline_remove(doc, b), "remove B with its children");
  items = outline(doc, &count);
  CHECK(count == 0, "the outline is empty (got %d)", (int)count);
  free(items);
  EXPECT_STATUS(pdftools_outline_set_title(doc, a, "x"), PDFTOOLS_E_NOT_FOUND, "a removed item's child");
  EXPECT_OK(pdftools_undo_undo(doc, &done), "undo the removal");
  items = outline(doc, &count);
  CHECK(count == 3 && items && items[1].id == a, "undo brings B and its children back with their ids");
  free(items);
  EXPECT_OK(pdftools_undo_redo(doc, &done), "redo the removal");
  items = outline(doc, &count);
  CHECK(count == 0, "redo removes them again");
  free(items);
  EXPECT_OK(pdftools_undo_undo(doc, &done), "undo again");

  /* Bad input changes nothing. */
  stale = b1 + 1000;
  EXPECT_STATUS(pdftools_outline_remove(doc, stale), PDFTOOLS_E_NOT_FOUND, "an unknown id");
  EXPECT_STATUS(pdftools_outline_move(doc, b, a, -1), PDFTOOLS_E_INVALID_ARGUMENT, "B under its own child");
  EXPECT_STATUS(pdftools_outline_move(doc, a, 0, 9), PDFTOOLS_E_OUT_OF_RANGE, "an index past the end");
  EXPECT_STATUS(pdftools_outline_add(doc, 0, -2, "x", NULL, NULL), PDFTOOLS_E_OUT_OF_RANGE, "index -2");
  bad.page_index = 3;
  EXPECT_STATUS(pdftools_outline_add(doc, 0, -1, "x", &bad, NULL), PDFTOOLS_E_OUT_OF_RANGE, "page 3 of 3");
  bad = to0;
  bad.fit = (pdftools_destination_fit)42;
  EXPECT_STATUS(pdftools_outline_set_destination(doc, a, &bad), PDFTOOLS_E_INVALID_ARGUMENT, "fit 42");
  bad.fit = PDFTOOLS_FIT_R;
  bad.has = PDFTOOLS_DEST_LEFT;
  EXPECT_STATUS(pdftools_outline_set_destination(doc, a, &bad), PDFTOOLS_E_INVALID_ARGUMENT, "FitR without edges");
  EXPECT_STATUS(pdftools_outline_add(doc, 0, -1, NULL, NULL, NULL), PDFTOOLS_E_INVALID_ARGUMENT, "title NULL");
  EXPECT_STATUS(pdftools_document_get_outline(doc, 4, NULL, 0, &count), PDFTOOLS_E_INVALID_ARGUMENT,
                "element_size too small");
  EXPECT_STATUS(pdftools_document_get_outline(NULL, sizeof(pdftools_outline_item), NULL, 0, &count),
                PDFTOOLS_E_INVALID_HANDLE, "no document");
  items = outline(doc, &count);
  CHECK(count == 3, "refused edits changed nothing (got %d items)", (int)count);
  free(items);
  pdftools_document_close(doc);
}

static void test_labels_and_rotation(void) {
  pdftools_document *doc = NULL;
  pdftools_label_range ranges[2] = {{2, PDFTOOLS_LABEL_DECIMAL, 7, "B-"}, {0, PDFTOOLS_LABEL_UPPER_ROMAN, 1, NULL}};
  pdftools_label_range bad[1] = {{1, PDFTOOLS_LABEL_DECIMAL, 1, NULL}};
  char label[64], prefix[64];
  size_t need = 0;
  int32_t count = -1, start = -1, first = -1, rotation = -1, p;
  pdftools_label_style style = PDFTOOLS_LABEL_NONE;
  double w = 0, h = 0;
  if (!EXPECT_OK(pdftools_document_new(&doc), "new document")) return;
  for (p = 0; p < 4; p++) EXPECT_OK(pdftools_document_insert_blank_page(doc, p, 600, 800), "page");
  EXPECT_OK(pdftools_document_set_label_ranges(doc, ranges, 2), "set two ranges");
  EXPECT_OK(pdftools_page_get_label(doc, 1, label, sizeof label, &need), "label of page 1");
  CHECK(strcmp(label, "II") == 0, "page 1 is II (got %s)", label);
  EXPECT_OK(pdftools_page_get_label(doc, 3, label, sizeof label, &need), "label of page 3");
  CHECK(strcmp(label, "B-8") == 0, "page 3 is B-8 (got %s)", label);
  EXPECT_OK(pdftools_document_get_label_range_count(doc, &count), "range count");
  CHECK(count == 2, "two ranges (got %d)", (int)count);
  EXPECT_OK(pdftools_document_get_label_range(doc, 1, &start, &style, &first, prefix, sizeof prefix, &need),
            "range 1");
  CHECK(start == 2 && style == PDFTOOLS_LABEL_DECIMAL && first == 7 && strcmp(prefix, "B-") == 0,
        "range 1 read back sorted");
  EXPECT_STATUS(pdftools_document_get_label_range(doc, 2, NULL, NULL, NULL, NULL, 0, &need), PDFTOOLS_E_OUT_OF_RANGE,
                "range 2 does not exist");
  EXPECT_STATUS(pdftools_document_set_label_ranges(doc, bad, 1), PDFTOOLS_E_INVALID_ARGUMENT,
                "a first range after page 0");
  bad[0].start_page = 0;
  bad[0].style = (pdftools_label_style)9;
  EXPECT_STATUS(pdftools_document_set_label_ranges(doc, bad, 1), PDFTOOLS_E_INVALID_ARGUMENT, "style 9");
  EXPECT_STATUS(pdftools_document_set_label_ranges(doc, NULL, 1), PDFTOOLS_E_INVALID_ARGUMENT, "count without array");
  EXPECT_OK(pdftools_document_get_label_range_count(doc, &count), "range count");
  CHECK(count == 2, "refused ranges changed nothing");
  EXPECT_OK(pdftools_document_set_label_ranges(doc, NULL, 0), "remove the labels");
  EXPECT_OK(pdftools_page_get_label(doc, 3, label, sizeof label, &need), "label of page 3");
  CHECK(strcmp(label, "4") == 0, "page 3 is 4 again (got %s)", label);

  EXPECT_OK(pdftools_page_set_rotation(doc, 2, -90), "turn page 2");
  EXPECT_OK(pdftools_page_get_rotation(doc, 2, &rotation), "rotation");
  EXPECT_OK(pdftools_page_get_size(doc, 2, &w, &h), "size");
  CHECK(rotation == 270 && w == 800 && h == 600, "page 2 turned to 270, 800 x 600 (got %d, %g x %g)", (int)rotation,
        w, h);
  EXPECT_STATUS(pdftools_page_set_rotation(doc, 2, 45), PDFTOOLS_E_INVALID_ARGUMENT, "45 degrees");
  EXPECT_STATUS(pdftools_page_set_rotation(doc, 4, 90), PDFTOOLS_E_OUT_OF_RANGE, "page 4");
  pdftools_document_close(doc);
}

int main(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: %s CORPUS_DIR\n", argv[0]);
    return 2;
  }
  g_corpus = argv[1];
  test_qpdf_outline();
  test_named_destinations();
  test_building();
  test_labels_and_rotation();
  return tc_finish();
}

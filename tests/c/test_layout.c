/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * test_layout.c — the viewer layout through the built library:
 *
 *  1. Options: defaults, versions, and values outside their range refused.
 *  2. Geometry of a two-up layout with a cover page against values worked out by hand, in both
 *     reading directions: canvas size, page rects, hits and misses, visible pages with the
 *     array pattern, point mappings both ways, scroll positions.
 *  3. Subsets, the current page of the paged modes, a page's new size.
 *  4. A layout of a real document: rotated pages take their turned size; the layout outlives
 *     the document.
 *  5. A rectangle drawn by the tool manager from canvas points mapped through a layout lands
 *     where the canvas showed it.
 *  6. Bad handles and arguments.
 *
 * Usage: test_layout CORPUS_DIR
 * Prints one line per check and a last line "N passed, M failed"; exits 1 if any check failed.
 */
#define _XOPEN_SOURCE 700

#include "test_common.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *g_corpus;

static int near(double a, double b) { return fabs(a - b) < 1e-9; }

static int rect_is(pdftools_rect r, double x0, double y0, double x1, double y1) {
  return near(r.x0, x0) && near(r.y0, y0) && near(r.x1, x1) && near(r.y1, y1);
}

/* A layout of count squares of side 100 with the given options. */
static pdftools_layout *squares(int32_t count, const pdftools_layout_options *options) {
  pdftools_layout_page pages[16];
  pdftools_layout *layout = NULL;
  int32_t i;
  for (i = 0; i < count && i < 16; i++) {
    pages[i].width = 100;
    pages[i].height = 100;
    pages[i].rotation = 0;
  }
  EXPECT_OK(pdftools_layout_new(pages, count, options, &layout), "layout of squares");
  return layout;
}

static void test_options(void) {
  pdftools_layout_options o;
  pdftools_layout_options init = PDFTOOLS_LAYOUT_OPTIONS_INIT;
  pdftools_layout *layout = NULL;
  memset(&o, 0x5A, sizeof o);
  EXPECT_OK(pdftools_layout_options_init(&o, PDFTOOLS_LAYOUT_OPTIONS_VERSION), "options_init");
  CHECK(o.version == init.version && o.mode == init.mode && o.cover_page == 0 && o.right_to_left == 0 &&
            o.page_gap == 8.0 && o.margin == 8.0 && o.zoom == PDFTOOLS_ZOOM_FIXED && o.scale == 1.0 &&
            o.viewport_width == 0.0 && o.viewport_height == 0.0 && init.mode == PDFTOOLS_LAYOUT_SINGLE_PAGE_CONTINUOUS &&
            init.page_gap == 8.0 && init.scale == 1.0,
        "options_init gives what PDFTOOLS_LAYOUT_OPTIONS_INIT gives");
  EXPECT_STATUS(pdftools_layout_options_init(&o, 0), PDFTOOLS_E_INVALID_ARGUMENT, "options version 0");
  EXPECT_STATUS(pdftools_layout_options_init(NULL, 1), PDFTOOLS_E_INVALID_ARGUMENT, "options NULL");

  o = init;
  o.zoom = PDFTOOLS_ZOOM_FIT_WIDTH;
  EXPECT_STATUS(pdftools_layout_new(NULL, 0, &o, &layout), PDFTOOLS_E_INVALID_ARGUMENT,
                "fit width without a viewport");
  CHECK(strstr(pdftools_last_error_message(), "viewport_width") != NULL, "the message names viewport_width");
  o = init;
  o.page_gap = -1;
  EXPECT_STATUS(pdftools_layout_new(NULL, 0, &o, &layout), PDFTOOLS_E_INVALID_ARGUMENT, "negative gap");
  o = init;
  o.scale = NAN;
  EXPECT_STATUS(pdftools_layout_new(NULL, 0, &o, &layout), PDFTOOLS_E_INVALID_ARGUMENT, "scale NaN");
  o = init;
  o.mode = (pdftools_layout_mode)9;
  EXPECT_STATUS(pdftools_layout_new(NULL, 0, &o, &layout), PDFTOOLS_E_INVALID_ARGUMENT, "mode 9");
  o = init;
  o.version = 2;
  EXPECT_STATUS(pdftools_layout_new(NULL, 0, &o, &layout), PDFTOOLS_E_INVALID_ARGUMENT, "a newer version");
  CHECK(layout == NULL, "a refused layout hands out nothing");
}

static void check_two_up(int right_to_left) {
  pdftools_layout_options o = PDFTOOLS_LAYOUT_OPTIONS_INIT;
  pdftools_layout *layout;
  pdftools_rect r;
  pdftools_visible_page seen[4];
  pdftools_rect viewport = {0, 50, 210, 150};
  double w = 0, h = 0, x = 0, y = 0;
  int32_t page = -2, count = -1;
  /* Expected rects of pages 0..3, left-to-right and right-to-left (cover page, gap 10, no margin). */
  static const double ltr[4][4] = {{110, 0, 210, 100}, {0, 110, 100, 210}, {110, 110, 210, 210}, {0, 220, 100, 320}};
  static const double rtl[4][4] = {{0, 0, 100, 100}, {110, 110, 210, 210}, {0, 110, 100, 210}, {110, 220, 210, 320}};
  const double(*want)[4] = right_to_left ? rtl : ltr;
  int32_t i;
  o.mode = PDFTOOLS_LAYOUT_TWO_UP_CONTINUOUS;
  o.cover_page = 1;
  o.right_to_left = right_to_left;
  o.page_gap = 10;
  o.margin = 0;
  o.viewport_width = 100;
  o.viewport_height = 100;
  layout = squares(4, &o);
  if (!layout) return;
  EXPECT_OK(pdftools_layout_get_canvas_size(layout, &w, &h), "canvas size");
  CHECK(near(w, 210) && near(h, 320), "canvas 210 x 320 (got %g x %g)", w, h);
  for (i = 0; i < 4; i++) {
    EXPECT_OK(pdftools_layout_get_page_rect(layout, i, &r), "page rect");
    CHECK(rect_is(r, want[i][0], want[i][1], want[i][2], want[i][3]), "rtl %d: page %d at [%g %g %g %g]",
          right_to_left, (int)i, r.x0, r.y0, r.x1, r.y1);
  }
  EXPECT_OK(pdftools_layout_get_page_at(layout, want[2][0] + 30, want[2][1] + 40, &page, &x, &y), "page at");
  CHECK(page == 2 && near(x, 30) && near(y, 40), "rtl %d: a point on page 2 maps to (30, 40) (got %d %g %g)",
        right_to_left, (int)page, x, y);
  EXPECT_OK(pdftools_layout_get_page_at(layout, 105, 150, &page, NULL, NULL), "page at the gap");
  CHECK(page == -1, "the gap between the sides is no page");
  EXPECT_OK(pdftools_layout_get_visible_pages(layout, &viewport, sizeof(pdftools_visible_page), NULL, 0, &count),
            "visible count");
  CHECK(count == 3, "three pages in the viewport (got %d)", (int)count);
  EXPECT_STATUS(pdftools_layout_get_visible_pages(layout, &viewport, sizeof(pdftools_visible_page), seen, 2, &count),
                PDFTOOLS_E_BUFFER_TOO_SMALL, "visible pages into a short array");
  EXPECT_OK(pdftools_layout_get_visible_pages(layout, &viewport, sizeof(pdftools_visible_page), seen, 4, &count),
            "visible pages");
  CHECK(count == 3 && seen[0].page_index == 0 && seen[1].page_index == 1 && seen[2].page_index == 2,
        "pages 0, 1, 2 in reading order");
  CHECK(rect_is(seen[0].visible_rect, 0, 50, 100, 100) && rect_is(seen[1].visible_rect, 0, 0, 100, 40),
        "the parts in view, in display space");
  EXPECT_OK(pdftools_layout_page_to_canvas(layout, 3, 10, 20, &x, &y), "page to canvas");
  CHECK(near(x, want[3][0] + 10) && near(y, 240), "page 3's (10, 20) on the canvas (got %g %g)", x, y);
  EXPECT_OK(pdftools_layout_canvas_to_page(layout, 3, 0, 0, &x, &y), "canvas to page");
  CHECK(near(x, -want[3][0]) && near(y, -220), "points beyond the page map too (got %g %g)", x, y);
  EXPECT_OK(pdftools_layout_get_scroll_position(layout, 3, 0, 0, &x, &y), "scroll position");
  CHECK(near(x, right_to_left ? 110 : 0) && near(y, 220), "page 3 at the top-left (got %g %g)", x, y);
  pdftools_layout_free(layout);
}

static void test_subsets_and_paging(void) {
  pdftools_layout_options o = PDFTOOLS_LAYOUT_OPTIONS_INIT;
  pdftools_layout_options back;
  pdftools_layout_page turned = {300, 40, 90};
  pdftools_layout *layout;
  pdftools_rect r;
  int32_t subset[2] = {3, 1}, twice[2] = {1, 1}, current = -2;
  double w = 0, h = 0;
  o.margin = 0;
  o.page_gap = 10;
  layout = squares(4, &o);
  if (!layout) return;
  EXPECT_OK(pdftools_layout_set_subset(layout, subset, 2), "subset 3, 1");
  EXPECT_OK(pdftools_layout_get_page_rect(layout, 1, &r), "page 1's rect");
  CHECK(rect_is(r, 0, 110, 100, 210), "page 1 second");
  EXPECT_STATUS(pdftools_layout_get_page_rect(layout, 0, &r), PDFTOOLS_E_NOT_FOUND, "page 0 is not shown");
  EXPECT_STATUS(pdftools_layout_get_page_rect(layout, 4, &r), PDFTOOLS_E_OUT_OF_RANGE, "page 4 does not exist");
  EXPECT_STATUS(pdftools_layout_set_subset(layout, twice, 2), PDFTOOLS_E_INVALID_ARGUMENT, "a page twice");
  EXPECT_STATUS(pdftools_layout_set_subset(layout, NULL, 2), PDFTOOLS_E_INVALID_ARGUMENT, "a count without pages");
  EXPECT_OK(pdftools_layout_get_current_page(layout, &current), "current page");
  CHECK(current == 3, "page 0 left the subset: the first shown page is current (got %d)", (int)current);
  EXPECT_STATUS(pdftools_layout_set_current_page(layout, 0), PDFTOOLS_E_NOT_FOUND, "current outside the subset");
  EXPECT_OK(pdftools_layout_set_subset(layout, NULL, 0), "every page again");

  o.mode = PDFTOOLS_LAYOUT_SINGLE_PAGE;
  EXPECT_OK(pdftools_layout_set_options(layout, &o), "single page");
  EXPECT_OK(pdftools_layout_set_current_page(layout, 2), "page 2 current");
  EXPECT_OK(pdftools_layout_get_page_rect(layout, 2, &r), "page 2 shown");
  CHECK(rect_is(r, 0, 0, 100, 100), "the current page fills the canvas");
  EXPECT_STATUS(pdftools_layout_get_page_rect(layout, 1, &r), PDFTOOLS_E_NOT_FOUND, "page 1 is not on the spread");
  EXPECT_STATUS(pdftools_layout_get_scroll_position(layout, 1, 0, 0, NULL, NULL), PDFTOOLS_E_NOT_FOUND,
                "no scroll position for a page not shown");
  back.version = PDFTOOLS_LAYOUT_OPTIONS_VERSION;
  EXPECT_OK(pdftools_layout_get_options(layout, &back), "get options");
  CHECK(back.mode == PDFTOOLS_LAYOUT_SINGLE_PAGE && back.page_gap == 10 && back.margin == 0, "options read back");

  EXPECT_OK(pdftools_layout_set_page(layout, 2, &turned), "page 2 turned");
  EXPECT_OK(pdftools_layout_get_canvas_size(layout, &w, &h), "canvas size");
  CHECK(near(w, 40) && near(h, 300), "the turned page's canvas is 40 x 300 (got %g x %g)", w, h);
  turned.rotation = 45;
  EXPECT_STATUS(pdftools_layout_set_page(layout, 2, &turned), PDFTOOLS_E_INVALID_ARGUMENT, "rotation 45");
  EXPECT_STATUS(pdftools_layout_set_page(layout, 2, NULL), PDFTOOLS_E_INVALID_ARGUMENT, "page NULL");
  pdftools_layout_free(layout);
}

static void test_document_layout(void) {
  char *path = tc_path(g_corpus, "qpdf-rotated.pdf");
  pdftools_document *doc = NULL;
  pdftools_layout *layout = NULL;
  pdftools_layout_options o = PDFTOOLS_LAYOUT_OPTIONS_INIT;
  pdftools_rect r;
  double scale = 0;
  o.zoom = PDFTOOLS_ZOOM_FIT_WIDTH;
  o.viewport_width = 612 + 16;
  if (EXPECT_OK(pdftools_document_open(path, NULL, &doc), "open qpdf-rotated.pdf")) {
    EXPECT_OK(pdftools_layout_new_for_document(doc, &o, &layout), "layout of the document");
    pdftools_document_close(doc);
    EXPECT_OK(pdftools_layout_get_scale(layout, &scale), "scale");
    /* Page 2 is 612 x 792 turned by 270: 792 wide, so fitting width gives 612 / 792. */
    CHECK(near(scale, 612.0 / 792.0), "fit width fits the widest page (got %g)", scale);
    EXPECT_OK(pdftools_layout_get_page_rect(layout, 2, &r), "page 2's rect, the document closed");
    CHECK(near(r.x1 - r.x0, 612) && near(r.y1 - r.y0, 612 * 612.0 / 792.0), "the turned page is wide");
    pdftools_layout_free(layout);
  }
  EXPECT_STATUS(pdftools_layout_new_for_document(NULL, NULL, &layout), PDFTOOLS_E_INVALID_HANDLE, "no document");
  free(path);
}

static void test_tools_through_layout(void) {
  pdftools_document *doc = NULL;
  pdftools_tool_manager *tools = NULL;
  pdftools_layout *layout = NULL;
  pdftools_layout_options o = PDFTOOLS_LAYOUT_OPTIONS_INIT;
  pdftools_pointer_event e = PDFTOOLS_POINTER_EVENT_INIT;
  pdftools_annotation_id ids[4];
  pdftools_rect r;
  int32_t count = 0, handled = 0, page = -1;
  double x = 0, y = 0;
  o.scale = 2;
  o.margin = 10;
  o.page_gap = 10;
  if (!EXPECT_OK(pdftools_document_new(&doc), "new document")) return;
  EXPECT_OK(pdftools_document_insert_blank_page(doc, 0, 200, 200), "page 0");
  EXPECT_OK(pdftools_document_insert_blank_page(doc, 1, 200, 200), "page 1");
  EXPECT_OK(pdftools_layout_new_for_document(doc, &o, &layout), "layout");
  EXPECT_OK(pdftools_tool_manager_new(doc, &tools), "tool manager");
  EXPECT_OK(pdftools_tool_set_mode(tools, PDFTOOLS_MODE_ANNOTATE), "annotate mode");
  EXPECT_OK(pdftools_tool_set_tool(tools, PDFTOOLS_TOOL_RECTANGLE, 1), "rectangle tool");
  /* Page 1 sits at canvas (10, 420)-(410, 820): canvas (60, 470) is its display point (25, 25). */
  EXPECT_OK(pdftools_layout_get_page_at(layout, 60, 470, &page, &x, &y), "press on the canvas");
  CHECK(page == 1 && near(x, 25) && near(y, 25), "the press is on page 1 at (25, 25)");
  e.page_index = page;
  e.x = x;
  e.y = y;
  EXPECT_OK(pdftools_tool_pointer_down(tools, &e, &handled), "pointer down");
  EXPECT_OK(pdftools_layout_canvas_to_page(layout, page, 160, 570, &e.x, &e.y), "drag point");
  EXPECT_OK(pdftools_tool_pointer_move(tools, &e, &handled), "pointer move");
  EXPECT_OK(pdftools_tool_pointer_up(tools, &e, &handled), "pointer up");
  EXPECT_OK(pdftools_page_get_annotations(doc, 1, ids, 4, &count), "page 1's annotations");
  CHECK(count == 1, "one square on page 1 (got %d)", (int)count);
  if (count == 1 && EXPECT_OK(pdftools_annotation_get_rect(doc, ids[0], &r), "its rect")) {
    /* Display (25, 25)-(75, 75) on an unrotated 200 x 200 page is page space (25, 125)-(75, 175),
       grown by at most half the border. */
    CHECK(fabs(r.x0 - 25) <= 3 && fabs(r.y0 - 125) <= 3 && fabs(r.x1 - 75) <= 3 && fabs(r.y1 - 175) <= 3,
          "the square is where the canvas showed the drag (got [%g %g %g %g])", r.x0, r.y0, r.x1, r.y1);
  }
  EXPECT_OK(pdftools_page_get_annotations(doc, 0, ids, 4, &count), "page 0's annotations");
  CHECK(count == 0, "nothing on page 0");

  /* The same through pdftools_tool_canvas_event: a drag on page 0 that ends beyond its edge
     (canvas y 480 is below page 0, in the gap and on page 1) stays on page 0. */
  e.page_index = 99; /* ignored */
  e.x = 60;
  e.y = 60;
  EXPECT_OK(pdftools_tool_canvas_event(tools, layout, PDFTOOLS_CANVAS_POINTER_DOWN, &e, &handled), "canvas down");
  CHECK(handled, "the press is used");
  e.x = 160;
  e.y = 480;
  EXPECT_OK(pdftools_tool_canvas_event(tools, layout, PDFTOOLS_CANVAS_POINTER_MOVE, &e, &handled), "canvas move");
  EXPECT_OK(pdftools_tool_canvas_event(tools, layout, PDFTOOLS_CANVAS_POINTER_UP, &e, &handled), "canvas up");
  EXPECT_OK(pdftools_page_get_annotations(doc, 0, ids, 4, &count), "page 0's annotations");
  CHECK(count == 1, "the square is on page 0 (got %d)", (int)count);
  if (count == 1 && EXPECT_OK(pdftools_annotation_get_rect(doc, ids[0], &r), "its rect")) {
    /* Display (25, 25) to (75, 235), clamped to the page's edge (75, 200): page space (25, 0)-(75, 175). */
    CHECK(fabs(r.x0 - 25) <= 3 && fabs(r.y0) <= 3 && fabs(r.x1 - 75) <= 3 && fabs(r.y1 - 175) <= 3,
          "the drag is clamped to page 0 (got [%g %g %g %g])", r.x0, r.y0, r.x1, r.y1);
  }
  EXPECT_OK(pdftools_page_get_annotations(doc, 1, ids, 4, &count), "page 1's annotations");
  CHECK(count == 1, "page 1 still has one square");
  e.x = 5;
  e.y = 5; /* the margin: no page */
  EXPECT_OK(pdftools_tool_canvas_event(tools, layout, PDFTOOLS_CANVAS_TAP, &e, &handled), "tap in the margin");
  CHECK(!handled, "nothing is sent over no page");
  EXPECT_STATUS(pdftools_tool_canvas_event(tools, layout, (pdftools_canvas_event_kind)9, &e, &handled),
                PDFTOOLS_E_INVALID_ARGUMENT, "kind 9");
  EXPECT_STATUS(pdftools_tool_canvas_event(tools, NULL, PDFTOOLS_CANVAS_TAP, &e, &handled), PDFTOOLS_E_INVALID_HANDLE,
                "no layout");
  pdftools_tool_manager_free(tools);
  pdftools_layout_free(layout);
  pdftools_document_close(doc);
}

static void test_handles(void) {
  pdftools_layout *layout = NULL;
  pdftools_layout *forged = (pdftools_layout *)(uintptr_t)0x40000010u;
  pdftools_layout_page bad = {0, 100, 0};
  double scale = 0;
  int32_t page = 0;
  pdftools_layout_free(NULL);
  EXPECT_STATUS(pdftools_layout_new(NULL, 0, NULL, NULL), PDFTOOLS_E_INVALID_ARGUMENT, "out_layout NULL");
  EXPECT_STATUS(pdftools_layout_new(NULL, -1, NULL, &layout), PDFTOOLS_E_INVALID_ARGUMENT, "negative count");
  EXPECT_STATUS(pdftools_layout_new(NULL, 3, NULL, &layout), PDFTOOLS_E_INVALID_ARGUMENT, "count without pages");
  EXPECT_STATUS(pdftools_layout_new(&bad, 1, NULL, &layout), PDFTOOLS_E_INVALID_ARGUMENT, "a page of width 0");
  CHECK(strstr(pdftools_last_error_message(), "page 0") != NULL, "the message names the page");
  EXPECT_OK(pdftools_layout_new(NULL, 0, NULL, &layout), "an empty layout");
  EXPECT_OK(pdftools_layout_get_page_at(layout, 8, 8, &page, NULL, NULL), "page at, no pages");
  CHECK(page == -1, "no page in an empty layout");
  EXPECT_STATUS(pdftools_layout_get_page_at(layout, 8, 8, NULL, NULL, NULL), PDFTOOLS_E_INVALID_ARGUMENT,
                "out_page_index NULL");
  pdftools_layout_free(layout);
  EXPECT_STATUS(pdftools_layout_get_scale(layout, &scale), PDFTOOLS_E_INVALID_HANDLE, "a freed layout");
  pdftools_layout_free(layout);
  EXPECT_STATUS(pdftools_layout_get_scale(forged, &scale), PDFTOOLS_E_INVALID_HANDLE, "a forged layout");
  EXPECT_STATUS(pdftools_layout_get_scale(NULL, &scale), PDFTOOLS_E_INVALID_HANDLE, "a NULL layout");
}

int main(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: %s CORPUS_DIR\n", argv[0]);
    return 2;
  }
  g_corpus = argv[1];
  test_options();
  check_two_up(0);
  check_two_up(1);
  test_subsets_and_paging();
  test_document_layout();
  test_tools_through_layout();
  test_handles();
  return tc_finish();
}

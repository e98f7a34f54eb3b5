/* SPDX-License-Identifier: GPL-3.0-or-later */
/* exercise.c — see exercise.h. */
#include "exercise.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Bounds that keep one input fast: how many pages and annotations are read. */
enum { MAX_PAGES = 6, MAX_ANNOTS = 48, MAX_MATCHES = 64 };

static void read_string(pdftools_status (*get)(pdftools_document *, int32_t, char *, size_t, size_t *),
                        pdftools_document *doc, int32_t index) {
  char small[8];
  size_t size = 0;
  if (get(doc, index, NULL, 0, &size) != PDFTOOLS_OK || size == 0) return;
  get(doc, index, small, sizeof small, &size);
  if (size < (1u << 20)) {
    char *buf = malloc(size);
    if (buf) get(doc, index, buf, size, &size);
    free(buf);
  }
}

static void read_annotation(pdftools_document *doc, pdftools_annotation_id id) {
  static const char *texts[] = {"Contents", "T", "Subj", "NM", "RC", "DA", "M"};
  char buf[256];
  size_t size = 0;
  int32_t count = 0;
  int32_t page = 0;
  pdftools_text_alignment alignment = PDFTOOLS_ALIGN_LEFT;
  pdftools_rect rect;
  pdftools_color color;
  double opacity, width, font_size;
  uint32_t flags;
  size_t i;
  pdftools_annotation_get_page(doc, id, &page);
  pdftools_annotation_get_subtype(doc, id, buf, sizeof buf, &size);
  pdftools_annotation_get_rect(doc, id, &rect);
  pdftools_annotation_get_color(doc, id, PDFTOOLS_COLOR_STROKE, &color, NULL);
  pdftools_annotation_get_color(doc, id, PDFTOOLS_COLOR_INTERIOR, &color, NULL);
  pdftools_annotation_get_opacity(doc, id, &opacity);
  pdftools_annotation_get_flags(doc, id, &flags);
  for (i = 0; i < sizeof texts / sizeof texts[0]; i++) {
    pdftools_annotation_get_text(doc, id, texts[i], buf, sizeof buf, &size);
    pdftools_annotation_get_raw(doc, id, texts[i], buf, sizeof buf, &size);
  }
  {
    pdftools_quad quads[16];
    pdftools_point points[64];
    int32_t strokes[16];
    pdftools_annotation_get_quads(doc, id, quads, 16, &count);
    pdftools_annotation_get_vertices(doc, id, points, 64, &count);
    int32_t stroke_count = 0;
    pdftools_annotation_get_ink(doc, id, points, 64, &count, strokes, 16, &stroke_count);
  }
  {
    pdftools_border_style style;
    pdftools_annotation_get_border(doc, id, &width, &style);
  }
  {
    pdftools_point a, b;
    pdftools_line_ending ea, eb;
    pdftools_annotation_get_line(doc, id, &a, &b, &ea, &eb);
  }
  {
    pdftools_color text_color;
    pdftools_annotation_get_free_text(doc, id, buf, sizeof buf, &size, &font_size, &text_color, &alignment);
    (void)font_size;
  }
  {
    pdftools_annotation_id parent = 0;
    int32_t target = 0;
    pdftools_annotation_get_reply(doc, id, &parent);
    pdftools_annotation_get_link_uri(doc, id, buf, sizeof buf, &size);
    pdftools_annotation_get_link_page(doc, id, &target);
  }
  {
    char name[64];
    void *data = NULL;
    size_t name_size = 0, data_size = 0;
    if (pdftools_annotation_get_attachment(doc, id, &data, &data_size, name, sizeof name, &name_size) == PDFTOOLS_OK)
      pdftools_free(data);
  }
}

static void read_text(pdftools_document *doc, int32_t page, double width, double height) {
  int32_t count = 0;
  pdftools_text_range units[32];
  pdftools_text_range range;
  pdftools_selection selection;
  pdftools_point a = {0, 0}, b = {width, height};
  pdftools_rect rects[16];
  char text[64];
  read_string(pdftools_page_get_text, doc, page);
  pdftools_page_get_chars(doc, page, sizeof(pdftools_char_info), NULL, 0, &count);
  if (count > 0) {
    pdftools_char_info *chars = malloc(count * sizeof *chars);
    if (chars) pdftools_page_get_chars(doc, page, sizeof(pdftools_char_info), chars, count, &count);
    if (chars && count > 0) {
      char font[64];
      size_t size = 0;
      pdftools_page_get_char_font(doc, page, (int32_t)(count / 2), font, sizeof font, &size);
    }
    free(chars);
  }
  pdftools_page_get_text_units(doc, page, PDFTOOLS_GRANULARITY_WORD, units, 32, &count);
  pdftools_page_get_text_units(doc, page, PDFTOOLS_GRANULARITY_LINE, units, 32, &count);
  pdftools_page_hit_test(doc, page, PDFTOOLS_SPACE_PAGE, a, 5, 1, PDFTOOLS_GRANULARITY_WORD, &range);
  if (pdftools_document_select(doc, page, a, page, b, PDFTOOLS_SPACE_DISPLAY, PDFTOOLS_GRANULARITY_CHAR, &selection) ==
      PDFTOOLS_OK) {
    size_t size = 0;
    pdftools_selection_get_rects(doc, &selection, page, PDFTOOLS_SPACE_DISPLAY, rects, 16, &count);
    pdftools_selection_get_text(doc, &selection, text, sizeof text, &size);
  }
}

static void render(pdftools_document *doc, int32_t page) {
  pdftools_render_options options = PDFTOOLS_RENDER_OPTIONS_INIT;
  int32_t width = 0, height = 0;
  unsigned char *pixels;
  options.scale = 0.25;
  if (pdftools_page_get_render_size(doc, page, 0.25, &width, &height) != PDFTOOLS_OK) return;
  if (width <= 0 || height <= 0 || (int64_t)width * height > 4000000) return;
  pixels = malloc((size_t)width * (size_t)height * 4);
  if (pixels) pdftools_page_render(doc, page, &options, pixels, width, height, (size_t)width * 4);
  free(pixels);
}

/* The outline (titles and actions of the first items), the label ranges and a layout of the pages. */
static void read_navigation(pdftools_document *doc) {
  pdftools_outline_item items[MAX_ANNOTS];
  pdftools_layout *layout = NULL;
  int32_t count = 0, i;
  char text[256];
  size_t size = 0;
  if (pdftools_document_get_outline(doc, sizeof items[0], items, MAX_ANNOTS, &count) == PDFTOOLS_E_BUFFER_TOO_SMALL)
    count = MAX_ANNOTS;
  for (i = 0; i < count && i < MAX_ANNOTS; i++) {
    pdftools_outline_get_title(doc, items[i].id, text, sizeof text, &size);
    pdftools_outline_get_action(doc, items[i].id, text, sizeof text, &size);
  }
  if (pdftools_document_get_label_range_count(doc, &count) == PDFTOOLS_OK) {
    for (i = 0; i < count && i < 16; i++) {
      int32_t start = 0, first = 0;
      pdftools_label_style style;
      pdftools_document_get_label_range(doc, i, &start, &style, &first, text, sizeof text, &size);
    }
  }
  if (pdftools_layout_new_for_document(doc, NULL, &layout) == PDFTOOLS_OK) {
    pdftools_visible_page seen[8];
    pdftools_rect viewport = {0, 0, 1200, 2000};
    int32_t page = -1;
    pdftools_layout_get_visible_pages(layout, &viewport, sizeof seen[0], seen, 8, &count);
    pdftools_layout_get_page_at(layout, 100, 100, &page, NULL, NULL);
    pdftools_layout_free(layout);
  }
}

/* The form: every field read, each one filled with a value of its kind, the form reset and its
   data exported and imported again; designing a text field on page 0. */
static void exercise_form(pdftools_document *doc) {
  pdftools_form_info info;
  pdftools_field_info fields[MAX_ANNOTS];
  int32_t count = 0, i, k, first = 0;
  char text[256];
  size_t size = 0;
  char *xml = NULL;
  pdftools_field_spec spec = PDFTOOLS_FIELD_SPEC_INIT;
  pdftools_form_get_info(doc, sizeof info, &info);
  if (pdftools_form_get_fields(doc, sizeof fields[0], fields, MAX_ANNOTS, &count) == PDFTOOLS_E_BUFFER_TOO_SMALL)
    count = MAX_ANNOTS;
  for (i = 0; i < count && i < MAX_ANNOTS; i++) {
    pdftools_field_widget widgets[4];
    int32_t n = 0, selected[4];
    for (k = 0; k <= 4; k++) pdftools_field_get_text(doc, fields[i].id, (pdftools_field_text)k, text, sizeof text, &size);
    for (k = 0; k < fields[i].value_count && k < 4; k++) pdftools_field_get_value(doc, fields[i].id, k, text, sizeof text, &size);
    for (k = 0; k < fields[i].option_count && k < 4; k++) pdftools_field_get_option(doc, fields[i].id, k, 1, text, sizeof text, &size);
    pdftools_field_get_selected(doc, fields[i].id, selected, 4, &n);
    pdftools_field_get_widgets(doc, fields[i].id, sizeof widgets[0], widgets, 4, &n);
    switch (fields[i].type) {
    case PDFTOOLS_FIELD_TEXT: pdftools_field_set_value(doc, fields[i].id, "fuzz \xc3\xbc \xe6\x9d\xb1"); break;
    case PDFTOOLS_FIELD_CHECKBOX: pdftools_field_set_checked(doc, fields[i].id, 1); break;
    case PDFTOOLS_FIELD_RADIO:
    case PDFTOOLS_FIELD_COMBO_BOX:
    case PDFTOOLS_FIELD_LIST_BOX:
      if (pdftools_field_get_option(doc, fields[i].id, 0, 0, text, sizeof text, &size) == PDFTOOLS_OK)
        pdftools_field_set_value(doc, fields[i].id, text);
      pdftools_field_set_selection(doc, fields[i].id, &first, 1);
      break;
    default: break;
    }
  }
  if (pdftools_form_export_xfdf(doc, &xml, &size) == PDFTOOLS_OK) {
    pdftools_form_reset(doc, NULL);
    pdftools_form_import_xfdf(doc, xml, NULL, NULL);
  }
  pdftools_free(xml);
  spec.name = "exercised";
  spec.rect = (pdftools_rect){72, 72, 200, 90};
  spec.default_value = "made";
  pdftools_form_add_field(doc, &spec, NULL);
}

void pdft_exercise_read(pdftools_document *doc, unsigned what) {
  int32_t pages = 0, major, minor, level, flag, count = 0, i;
  uint32_t permissions;
  pdftools_document_get_page_count(doc, &pages);
  pdftools_document_get_pdf_version(doc, &major, &minor, &level);
  pdftools_document_is_encrypted(doc, &flag);
  pdftools_document_get_permissions(doc, &permissions);
  pdftools_document_has_signature_fields(doc, &flag);
  pdftools_document_was_repaired(doc, &flag);
  if (pdftools_document_get_metadata_count(doc, &count) == PDFTOOLS_OK) {
    for (i = 0; i < count && i < 32; i++) {
      char key[128], value[256];
      size_t size = 0;
      if (pdftools_document_get_metadata_key(doc, i, key, sizeof key, &size) == PDFTOOLS_OK)
        pdftools_document_get_metadata(doc, key, value, sizeof value, &size);
    }
  }
  for (i = 0; i < pages && i < MAX_PAGES; i++) {
    pdftools_rect box;
    double width = 0, height = 0, unit;
    int32_t rotation, kind;
    pdftools_annotation_id ids[MAX_ANNOTS];
    int32_t k, n = 0;
    for (kind = PDFTOOLS_BOX_MEDIA; kind <= PDFTOOLS_BOX_ART; kind++) pdftools_page_get_box(doc, i, (pdftools_box)kind, &box);
    pdftools_page_get_rotation(doc, i, &rotation);
    pdftools_page_get_user_unit(doc, i, &unit);
    pdftools_page_get_size(doc, i, &width, &height);
    read_string(pdftools_page_get_label, doc, i);
    if (pdftools_page_get_annotations(doc, i, ids, MAX_ANNOTS, &n) == PDFTOOLS_E_BUFFER_TOO_SMALL) n = MAX_ANNOTS;
    for (k = 0; k < n && k < MAX_ANNOTS; k++) read_annotation(doc, ids[k]);
    if (i < 2) read_text(doc, i, width, height);
    if ((what & PDFT_EXERCISE_RENDER) && i < 2) render(doc, i);
  }
  read_navigation(doc);
  {
    pdftools_selection matches[MAX_MATCHES];
    pdftools_search_options options = PDFTOOLS_SEARCH_OPTIONS_INIT;
    int32_t found = 0;
    options.last_page = pages > MAX_PAGES ? MAX_PAGES - 1 : -1;
    pdftools_document_search(doc, "the", &options, matches, MAX_MATCHES, &found);
  }
}

/* Saves with options into memory and reopens the output; counts what does not open. */
static void save_and_reopen(pdftools_document *doc, int32_t mode, const char *password, pdft_exercise_result *result) {
  pdftools_save_options options = PDFTOOLS_SAVE_OPTIONS_INIT;
  void *data = NULL;
  size_t size = 0;
  options.mode = mode;
  if (pdftools_document_save_to_memory(doc, &options, &data, &size) != PDFTOOLS_OK) return;
  result->outputs++;
  {
    pdftools_document *again = NULL;
    pdftools_status status = pdftools_document_open_from_memory(data, size, password, &again);
    if (status != PDFTOOLS_OK) {
      /* Said on stderr (kept by -close_fd_mask=1), so a failing run's log names the cause. */
      fprintf(stderr, "exercise: the %s save (%zu bytes) does not open again: %s: %s\n",
              mode == PDFTOOLS_SAVE_FULL ? "full" : "incremental", size, pdftools_status_string(status),
              pdftools_last_error_message());
      result->unreadable_outputs++;
    } else {
      int32_t pages = 0;
      pdftools_document_get_page_count(again, &pages);
      if (pages > 0) {
        pdftools_annotation_id ids[MAX_ANNOTS];
        int32_t n = 0;
        pdftools_page_get_annotations(again, 0, ids, MAX_ANNOTS, &n);
      }
    }
    pdftools_document_close(again);
  }
  pdftools_free(data);
}

void pdft_exercise_save(pdftools_document *doc, const char *password, pdft_exercise_result *result) {
  save_and_reopen(doc, PDFTOOLS_SAVE_FULL, password, result);
  save_and_reopen(doc, PDFTOOLS_SAVE_INCREMENTAL, password, result);
}

/* Edits that every document can take: new annotations of several subtypes, changes, a delete,
 * undo and redo, a tool gesture. */
/* Chooses tool and drags it from (x0, y0) to (x1, y1) on page 0 (display space). */
static void drag(pdftools_tool_manager *manager, pdftools_tool tool, double x0, double y0, double x1, double y1) {
  pdftools_pointer_event e = PDFTOOLS_POINTER_EVENT_INIT;
  int32_t handled = 0;
  pdftools_tool_set_tool(manager, tool, 0);
  e.x = x0;
  e.y = y0;
  pdftools_tool_pointer_down(manager, &e, &handled);
  e.x = x1;
  e.y = y1;
  pdftools_tool_pointer_move(manager, &e, &handled);
  pdftools_tool_pointer_up(manager, &e, &handled);
}

static void edit(pdftools_document *doc) {
  int32_t pages = 0;
  pdftools_annotation_id ids[4] = {0, 0, 0, 0}, existing[4];
  int32_t n = 0;
  pdftools_color red = {1, 0, 0};
  pdftools_quad quad = {{72, 720}, {300, 720}, {72, 700}, {300, 700}};
  pdftools_point ink[3] = {{100, 100}, {150, 180}, {200, 120}};
  int32_t stroke = 3;
  if (pdftools_document_get_page_count(doc, &pages) != PDFTOOLS_OK || pages <= 0) return;
  pdftools_document_set_metadata(doc, "Title", "exercised");
  if (pdftools_page_get_annotations(doc, 0, existing, 4, &n) == PDFTOOLS_OK && n > 0) {
    int32_t written = 0;
    /* The file's own annotations: a change that does not show, a move, a change that does, and
     * appearances for those without. */
    pdftools_annotation_set_text(doc, existing[0], "Contents", "changed");
    pdftools_annotation_translate(doc, existing[0], 12.5, -7);
    if (n > 1) pdftools_annotation_set_opacity(doc, existing[1], 0.5);
    pdftools_annotation_set_color(doc, existing[0], PDFTOOLS_COLOR_STROKE, &red);
    pdftools_document_generate_appearances(doc, 0, &written);
  }
  if (pdftools_annotation_create(doc, 0, "Highlight", (pdftools_rect){72, 700, 300, 720}, &ids[0]) == PDFTOOLS_OK)
    pdftools_annotation_set_quads(doc, ids[0], &quad, 1);
  if (pdftools_annotation_create(doc, 0, "Ink", (pdftools_rect){100, 100, 200, 200}, &ids[1]) == PDFTOOLS_OK)
    pdftools_annotation_set_ink(doc, ids[1], ink, &stroke, 1);
  if (pdftools_annotation_create(doc, 0, "FreeText", (pdftools_rect){50, 50, 250, 90}, &ids[2]) == PDFTOOLS_OK)
    pdftools_annotation_set_text(doc, ids[2], "Contents", "Free text \xc3\xbc");
  pdftools_annotation_create(doc, pages - 1, "Square", (pdftools_rect){10, 10, 60, 60}, &ids[3]);
  if (ids[1]) pdftools_annotation_delete(doc, ids[1]);
  {
    /* The outline: the file's own first item moved, retitled and turned, a new item under it. */
    pdftools_outline_item items[4];
    pdftools_destination to = {0, PDFTOOLS_FIT_XYZ, PDFTOOLS_DEST_TOP, 0, 500, 0, 0, 0};
    pdftools_label_range labels[1] = {{0, PDFTOOLS_LABEL_LOWER_ROMAN, 1, "p-"}};
    int32_t count = 0;
    pdftools_outline_id added = 0;
    pdftools_document_get_outline(doc, sizeof items[0], items, 4, &count);
    pdftools_outline_add(doc, count > 0 ? items[0].id : 0, 0, "fuzz \xc3\xbc", &to, &added);
    if (count > 1) pdftools_outline_move(doc, items[1].id, 0, 0);
    if (count > 0) {
      pdftools_outline_set_title(doc, items[0].id, "renamed");
      pdftools_outline_set_open(doc, items[0].id, 1);
      pdftools_outline_remove(doc, items[0].id);
    }
    pdftools_document_set_label_ranges(doc, labels, 1);
    pdftools_page_set_rotation(doc, 0, 90);
  }
  {
    /* Pages reorganised: moved, duplicated, imported from the document itself, extracted,
     * boxed and deleted; the side panel's list read after. */
    pdftools_document *extracted = NULL;
    pdftools_annotation_list_entry rows[MAX_ANNOTS];
    pdftools_rect crop = {20, 20, 300, 400};
    pdftools_page_id id = 0;
    int32_t picked[2] = {pages - 1, 0}, index = 0, count = 0;
    pdftools_page_get_id(doc, 0, &id);
    pdftools_document_move_pages(doc, 0, 1, pages - 1);
    pdftools_document_duplicate_page(doc, 0, NULL);
    pdftools_document_insert_pages(doc, 0, doc, picked, 2);
    pdftools_page_set_box(doc, 0, PDFTOOLS_BOX_CROP, &crop);
    if (pdftools_document_extract_pages(doc, picked, 2, &extracted) == PDFTOOLS_OK) pdftools_document_close(extracted);
    pdftools_document_delete_pages(doc, 1, 2);
    pdftools_document_find_page(doc, id, &index);
    pdftools_document_list_annotations(doc, NULL, sizeof rows[0], rows, MAX_ANNOTS, &count);
  }
  pdftools_undo_undo(doc, NULL);
  pdftools_undo_undo(doc, NULL);
  pdftools_undo_redo(doc, NULL);
  {
    pdftools_tool_manager *manager = NULL;
    if (pdftools_tool_manager_new(doc, &manager) == PDFTOOLS_OK) {
      int32_t handled = 0;
      drag(manager, PDFTOOLS_TOOL_RECTANGLE, 100, 100, 180, 160);
      drag(manager, PDFTOOLS_TOOL_HIGHLIGHT, 10, 10, 500, 300);
      pdftools_tool_key(manager, PDFTOOLS_KEY_DELETE, 0, &handled);
      pdftools_tool_manager_free(manager);
    }
  }
}

void pdft_exercise(const uint8_t *data, size_t size, const char *password, unsigned what,
                   pdft_exercise_result *result) {
  pdftools_document *doc = NULL;
  memset(result, 0, sizeof *result);
  if (pdftools_document_open_from_memory(data, size, password, &doc) != PDFTOOLS_OK) return;
  result->opened = 1;
  pdft_exercise_read(doc, what);
  if (what & PDFT_EXERCISE_EDIT) {
    edit(doc);
    exercise_form(doc);
    pdft_exercise_read(doc, what & PDFT_EXERCISE_RENDER);
  }
  if (what & PDFT_EXERCISE_SAVE) pdft_exercise_save(doc, password, result);
  pdftools_document_close(doc);
  /* Each input ends with its memory back, so that libFuzzer's leak check sees no document
   * still being released. */
  pdftools_wait_for_releases();
}

/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * test_forms.c — forms through the built library:
 *
 *  1. Reading PDFBox's filled form: every field's type, values, defaults, options, selection
 *     and widgets, through the two-call and array patterns (buffers too small included).
 *  2. Filling every type and reading it back, also from the saved bytes; refusals change nothing.
 *  3. Designing a form on a new document (every type), styling, renaming, deleting; undo.
 *  4. Filling through a tool manager: a tap gives a text field the focus, typed text is written.
 *  5. Bad input: NULLs, stale ids, unknown enums and versions, indices out of range.
 *
 * Usage: test_forms CORPUS_DIR
 * Prints one line per check and a last line "N passed, M failed"; exits 1 if any check failed.
 */
#define _XOPEN_SOURCE 700

#include "test_common.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *g_corpus;

/* Value index of the field named name, "" when missing (static buffer). */
static const char *value_of(pdftools_document *doc, const char *name, int32_t index) {
  static char buf[512];
  char *v = tc_field_value(doc, tc_field(doc, name), index);
  snprintf(buf, sizeof buf, "%s", v ? v : "");
  free(v);
  return buf;
}

static void test_reading(void) {
  char *path = tc_path(g_corpus, "pdfbox-acroform-9-revisions.pdf");
  pdftools_document *doc = NULL;
  pdftools_form_info info;
  pdftools_field_info fields[32];
  pdftools_field_widget widgets[4];
  int32_t count = 0, selected[8], n = 0;
  pdftools_field_id multi;
  char small[4];
  size_t need = 0;
  if (!EXPECT_OK(pdftools_document_open(path, NULL, &doc), "open the PDFBox form")) {
    free(path);
    return;
  }
  EXPECT_OK(pdftools_form_get_info(doc, sizeof info, &info), "form info");
  CHECK(info.has_form && info.field_count == 12 && !info.need_appearances && !info.has_xfa, "12 fields");
  EXPECT_STATUS(pdftools_form_get_fields(doc, sizeof fields[0], fields, 2, &count), PDFTOOLS_E_BUFFER_TOO_SMALL,
                "a short array");
  CHECK(count == 12, "the count comes back with BUFFER_TOO_SMALL (%d)", (int)count);
  EXPECT_OK(pdftools_form_get_fields(doc, sizeof fields[0], fields, 32, &count), "fields");
  CHECK(fields[0].type == PDFTOOLS_FIELD_TEXT && fields[0].name_size == strlen("TextField"), "TextField first");
  CHECK(!strcmp(value_of(doc, "TextField", 0), "Heinz Mustermann"), "its value");
  EXPECT_STATUS(pdftools_field_get_value(doc, fields[0].id, 0, small, sizeof small, &need), PDFTOOLS_E_BUFFER_TOO_SMALL,
                "a short buffer");
  CHECK(need == strlen("Heinz Mustermann") + 1, "the size with the NUL (%zu)", need);
  EXPECT_STATUS(pdftools_field_get_value(doc, fields[0].id, 1, NULL, 0, &need), PDFTOOLS_E_OUT_OF_RANGE, "value 1");
  multi = tc_field(doc, "ListBoxMultiSelect");
  EXPECT_OK(pdftools_field_get_selected(doc, multi, selected, 8, &n), "selection");
  CHECK(n == 3 && selected[0] == 0 && selected[1] == 2 && selected[2] == 3, "Earth, Sun, Venus selected");
  {
    pdftools_field_info f;
    EXPECT_OK(pdftools_field_get_info(doc, multi, sizeof f, &f), "info");
    CHECK((f.flags & PDFTOOLS_FIELD_MULTI_SELECT) && f.value_count == 3 && f.option_count == 4 && f.default_count == 1,
          "multi-select list: 3 values, 4 options, 1 default");
  }
  EXPECT_OK(pdftools_field_get_widgets(doc, tc_field(doc, "GroupOption"), sizeof widgets[0], widgets, 4, &n), "widgets");
  CHECK(n == 2 && !widgets[0].on && widgets[1].on && widgets[1].on_state_size == strlen("Option2") &&
            widgets[0].page_index == 0 && widgets[0].annotation > 0,
        "the radio group's second button is on");
  {
    pdftools_field_id back = 0;
    EXPECT_OK(pdftools_form_get_widget_field(doc, widgets[1].annotation, &back), "field of a widget");
    CHECK(back == tc_field(doc, "GroupOption"), "the widget leads to its field");
  }
  pdftools_document_close(doc);
  free(path);
}

static void test_filling(void) {
  char *path = tc_path(g_corpus, "pdfbox-acroform-9-revisions.pdf");
  pdftools_document *doc = NULL, *again = NULL;
  int32_t both[2] = {1, 3}, reset = 0;
  void *data = NULL;
  size_t size = 0;
  pdftools_save_options save = PDFTOOLS_SAVE_OPTIONS_INIT;
  if (!EXPECT_OK(pdftools_document_open(path, NULL, &doc), "open the PDFBox form")) {
    free(path);
    return;
  }
  EXPECT_OK(pdftools_field_set_value(doc, tc_field(doc, "TextField"), "Grüße \xe2\x9c\x93"), "text");
  EXPECT_OK(pdftools_field_set_checked(doc, tc_field(doc, "CheckBox2"), 1), "check");
  EXPECT_OK(pdftools_field_set_value(doc, tc_field(doc, "GroupOption"), "Option1"), "radio");
  EXPECT_OK(pdftools_field_set_value(doc, tc_field(doc, "ComboBox"), "Audi"), "combo");
  EXPECT_OK(pdftools_field_set_selection(doc, tc_field(doc, "ListBoxMultiSelect"), both, 2), "two options");
  EXPECT_STATUS(pdftools_field_set_value(doc, tc_field(doc, "ComboBox"), "Trabant"), PDFTOOLS_E_INVALID_ARGUMENT,
                "not an option");
  EXPECT_STATUS(pdftools_field_set_checked(doc, tc_field(doc, "TextField"), 1), PDFTOOLS_E_INVALID_ARGUMENT,
                "a text field is not checked");
  EXPECT_STATUS(pdftools_field_set_selection(doc, tc_field(doc, "ListBox"), both, 2), PDFTOOLS_E_INVALID_ARGUMENT,
                "one option only");
  EXPECT_STATUS(pdftools_field_set_value(doc, tc_field(doc, "Button"), "x"), PDFTOOLS_E_INVALID_ARGUMENT,
                "a push button takes no value");
  CHECK(!strcmp(value_of(doc, "ComboBox", 0), "Audi"), "the refusal changed nothing");
  save.mode = PDFTOOLS_SAVE_FULL;
  EXPECT_OK(pdftools_document_save_to_memory(doc, &save, &data, &size), "save");
  EXPECT_OK(pdftools_document_open_from_memory(data, size, NULL, &again), "reopen");
  if (again) {
    CHECK(!strcmp(value_of(again, "TextField", 0), "Grüße \xe2\x9c\x93"), "text read back");
    CHECK(!strcmp(value_of(again, "CheckBox2", 0), "Ja"), "check box read back");
    CHECK(!strcmp(value_of(again, "GroupOption", 0), "Option1"), "radio read back");
    CHECK(!strcmp(value_of(again, "ListBoxMultiSelect", 0), "Mars") &&
              !strcmp(value_of(again, "ListBoxMultiSelect", 1), "Venus"),
          "list read back");
    pdftools_document_close(again);
  }
  pdftools_free(data);
  {
    char *xml = NULL;
    size_t length = 0;
    int32_t filled = -1, skipped = -1;
    EXPECT_OK(pdftools_form_export_xfdf(doc, &xml, &length), "export the form data");
    CHECK(xml && strstr(xml, "<field name=\"ComboBox\"><value>Audi</value></field>"), "the combo box's value is there");
    EXPECT_OK(pdftools_document_open(path, NULL, &again), "a second copy");
    if (again && xml) {
      EXPECT_OK(pdftools_form_import_xfdf(again, xml, &filled, &skipped), "import the form data");
      CHECK(filled == 10 && skipped == 0, "10 fields filled (%d, %d skipped)", (int)filled, (int)skipped);
      CHECK(!strcmp(value_of(again, "ListBoxMultiSelect", 1), "Venus"), "the list's second value");
      EXPECT_STATUS(pdftools_form_import_xfdf(again, "<annots/>", NULL, NULL), PDFTOOLS_E_INVALID_ARGUMENT, "not XFDF");
    }
    pdftools_document_close(again);
    pdftools_free(xml);
  }
  EXPECT_OK(pdftools_form_reset(doc, &reset), "reset the form");
  CHECK(reset == 10, "10 fields take a value (%d)", (int)reset);
  CHECK(!strcmp(value_of(doc, "ComboBox", 0), "Porsche"), "the combo box's default");
  pdftools_document_close(doc);
  free(path);
}

static void test_design(void) {
  pdftools_document *doc = NULL;
  pdftools_field_spec spec = PDFTOOLS_FIELD_SPEC_INIT;
  pdftools_field_style style = PDFTOOLS_FIELD_STYLE_INIT;
  const char *cities[] = {"be", "pa"}, *names[] = {"Berlin", "Paris"};
  pdftools_field_id text = 0, radio = 0, city = 0;
  pdftools_annotation_id second = 0;
  int32_t count = 0, done = 0;
  static const pdftools_field_type types[] = {PDFTOOLS_FIELD_CHECKBOX, PDFTOOLS_FIELD_LIST_BOX,
                                              PDFTOOLS_FIELD_PUSH_BUTTON, PDFTOOLS_FIELD_SIGNATURE};
  static const char *const type_names[] = {"agree", "langs", "send", "sign"};
  size_t i;
  if (!EXPECT_OK(pdftools_document_new(&doc), "new")) return;
  EXPECT_OK(pdftools_document_insert_blank_page(doc, 0, 612, 792), "page");
  spec.name = "name";
  spec.rect = tc_mkrect(50, 700, 250, 720);
  spec.default_value = "Ada";
  EXPECT_OK(pdftools_form_add_field(doc, &spec, &text), "text field");
  CHECK(!strcmp(value_of(doc, "name", 0), "Ada"), "made with its default as its value");
  spec.default_value = NULL;
  spec.type = PDFTOOLS_FIELD_RADIO;
  spec.name = "size";
  spec.rect = tc_mkrect(50, 660, 66, 676);
  EXPECT_OK(pdftools_form_add_field(doc, &spec, &radio), "radio group");
  {
    pdftools_rect r = tc_mkrect(80, 660, 96, 676);
    EXPECT_OK(pdftools_field_add_widget(doc, radio, 0, &r, "M", &second), "a second button");
  }
  EXPECT_OK(pdftools_field_set_value(doc, radio, "M"), "choose M");
  CHECK(!strcmp(value_of(doc, "size", 0), "M") && second > 0, "M is on");
  spec.type = PDFTOOLS_FIELD_COMBO_BOX;
  spec.name = "city";
  spec.rect = tc_mkrect(50, 620, 250, 640);
  spec.options = cities;
  spec.option_names = names;
  spec.option_count = 2;
  EXPECT_OK(pdftools_form_add_field(doc, &spec, &city), "combo box");
  EXPECT_OK(pdftools_field_set_value(doc, city, "Paris"), "choose by the text shown");
  CHECK(!strcmp(value_of(doc, "city", 0), "pa"), "the export value is stored");
  spec.options = NULL;
  spec.option_names = NULL;
  spec.option_count = 0;
  for (i = 0; i < sizeof types / sizeof types[0]; i++) {
    spec.type = types[i];
    spec.name = type_names[i];
    spec.rect = tc_mkrect(300, 700 - 40.0 * (double)i, 400, 720 - 40.0 * (double)i);
    EXPECT_OK(pdftools_form_add_field(doc, &spec, NULL), type_names[i]);
  }
  spec.name = "name";
  EXPECT_STATUS(pdftools_form_add_field(doc, &spec, NULL), PDFTOOLS_E_INVALID_ARGUMENT, "a name that is taken");
  spec.name = "a.b";
  EXPECT_STATUS(pdftools_form_add_field(doc, &spec, NULL), PDFTOOLS_E_INVALID_ARGUMENT, "a name with a dot");
  spec.name = "late";
  spec.version = 9;
  EXPECT_STATUS(pdftools_form_add_field(doc, &spec, NULL), PDFTOOLS_E_INVALID_ARGUMENT, "an unknown version");
  spec.version = PDFTOOLS_FIELD_SPEC_VERSION;
  spec.type = (pdftools_field_type)99;
  EXPECT_STATUS(pdftools_form_add_field(doc, &spec, NULL), PDFTOOLS_E_INVALID_ARGUMENT, "an unknown type");
  style.has_background = 1;
  style.background_color = tc_mkcol(1, 1, 0.8);
  style.font_size = 10;
  EXPECT_OK(pdftools_field_set_style(doc, text, &style), "style");
  {
    char *da = tc_field_text(doc, text, PDFTOOLS_FIELD_TEXT_DEFAULT_APPEARANCE);
    CHECK(da && !strcmp(da, "/Helv 10 Tf 0 0 0 rg"), "the /DA follows the style (%s)", da ? da : "NULL");
    free(da);
  }
  EXPECT_OK(pdftools_field_rename(doc, city, "town"), "rename");
  CHECK(tc_field(doc, "town") == city && tc_field(doc, "city") == 0, "the new name finds it");
  EXPECT_OK(pdftools_field_delete(doc, city), "delete");
  EXPECT_STATUS(pdftools_field_set_value(doc, city, "be"), PDFTOOLS_E_NOT_FOUND, "a deleted field");
  EXPECT_OK(pdftools_form_get_fields(doc, sizeof(pdftools_field_info), NULL, 0, &count), "count");
  CHECK(count == 6, "6 fields left (%d)", (int)count);
  EXPECT_OK(pdftools_undo_undo(doc, &done), "undo the delete");
  CHECK(tc_field(doc, "town") == city, "the field is back with its id");
  pdftools_document_close(doc);
}

static void test_tools(void) {
  pdftools_document *doc = NULL;
  pdftools_tool_manager *tm = NULL;
  pdftools_field_spec spec = PDFTOOLS_FIELD_SPEC_INIT;
  pdftools_pointer_event event = PDFTOOLS_POINTER_EVENT_INIT;
  pdftools_bool handled = 0;
  if (!EXPECT_OK(pdftools_document_new(&doc), "new")) return;
  EXPECT_OK(pdftools_document_insert_blank_page(doc, 0, 612, 792), "page");
  spec.name = "name";
  spec.rect = tc_mkrect(50, 700, 250, 720);
  EXPECT_OK(pdftools_form_add_field(doc, &spec, NULL), "text field");
  if (!EXPECT_OK(pdftools_tool_manager_new(doc, &tm), "tool manager")) {
    pdftools_document_close(doc);
    return;
  }
  EXPECT_OK(pdftools_tool_input_text(tm, "x", &handled), "typing with no focus");
  CHECK(!handled, "no field has the focus yet");
  event.page_index = 0;
  event.x = 150; /* display space: y down */
  event.y = 792 - 710;
  EXPECT_OK(pdftools_tool_tap(tm, &event, &handled), "tap the field");
  CHECK(handled, "the tap was taken");
  EXPECT_OK(pdftools_tool_input_text(tm, "Typed \xc3\xbc", &handled), "type");
  CHECK(handled && !strcmp(value_of(doc, "name", 0), "Typed \xc3\xbc"), "the value is written (%s)", value_of(doc, "name", 0));
  EXPECT_OK(pdftools_tool_key(tm, PDFTOOLS_KEY_BACKSPACE, 0, &handled), "backspace");
  CHECK(!strcmp(value_of(doc, "name", 0), "Typed "), "one character less");
  EXPECT_STATUS(pdftools_tool_input_text(tm, NULL, NULL), PDFTOOLS_E_INVALID_ARGUMENT, "NULL text");
  EXPECT_STATUS(pdftools_tool_set_tool(tm, PDFTOOLS_TOOL_FORM_TEXT, 0), PDFTOOLS_E_NOT_PERMITTED, "form tools need form mode");
  EXPECT_OK(pdftools_tool_set_mode(tm, PDFTOOLS_MODE_FORM), "form mode");
  EXPECT_OK(pdftools_tool_set_tool(tm, PDFTOOLS_TOOL_FORM_CHECKBOX, 0), "the check box tool");
  pdftools_tool_manager_free(tm);
  pdftools_document_close(doc);
}

static void test_bad_input(void) {
  pdftools_document *doc = NULL;
  pdftools_field_info info;
  pdftools_field_id id = 0;
  size_t need = 0;
  int32_t count = 0;
  char *path = tc_path(g_corpus, "pdfbox-acroforms-basic-fields.pdf");
  if (!EXPECT_OK(pdftools_document_open(path, NULL, &doc), "open")) {
    free(path);
    return;
  }
  EXPECT_STATUS(pdftools_form_get_info(doc, 0, NULL), PDFTOOLS_E_INVALID_ARGUMENT, "out_info NULL");
  EXPECT_STATUS(pdftools_form_get_fields(doc, 4, NULL, 0, &count), PDFTOOLS_E_INVALID_ARGUMENT, "element size 4");
  EXPECT_STATUS(pdftools_field_get_info(doc, 999999, sizeof info, &info), PDFTOOLS_E_NOT_FOUND, "a stale id");
  EXPECT_STATUS(pdftools_form_find_field(doc, NULL, &id), PDFTOOLS_E_INVALID_ARGUMENT, "name NULL");
  EXPECT_STATUS(pdftools_form_find_field(doc, "nothing", &id), PDFTOOLS_E_NOT_FOUND, "no such field");
  EXPECT_STATUS(pdftools_form_find_field(doc, "\xff\xfe", &id), PDFTOOLS_E_INVALID_ARGUMENT, "bad UTF-8");
  id = tc_field(doc, "TextField");
  EXPECT_STATUS(pdftools_field_get_text(doc, id, (pdftools_field_text)7, NULL, 0, &need), PDFTOOLS_E_INVALID_ARGUMENT,
                "an unknown text");
  EXPECT_STATUS(pdftools_field_get_option(doc, id, 0, 0, NULL, 0, &need), PDFTOOLS_E_OUT_OF_RANGE, "no options");
  EXPECT_STATUS(pdftools_field_get_widget_state(doc, id, 5, NULL, 0, &need), PDFTOOLS_E_OUT_OF_RANGE, "widget 5");
  EXPECT_STATUS(pdftools_field_set_value(doc, id, NULL), PDFTOOLS_E_INVALID_ARGUMENT, "value NULL");
  EXPECT_STATUS(pdftools_field_set_selection(doc, tc_field(doc, "ListBox-DefaultValue"), NULL, 2),
                PDFTOOLS_E_INVALID_ARGUMENT, "NULL indices with a count");
  EXPECT_STATUS(pdftools_field_set_style(doc, id, NULL), PDFTOOLS_E_INVALID_ARGUMENT, "style NULL");
  EXPECT_STATUS(pdftools_form_get_widget_field(doc, 424242, &id), PDFTOOLS_E_NOT_FOUND, "not an annotation");
  EXPECT_STATUS(pdftools_form_get_info(NULL, sizeof(pdftools_form_info), NULL), PDFTOOLS_E_INVALID_HANDLE, "no document");
  pdftools_document_close(doc);
  free(path);
}

int main(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: %s CORPUS_DIR\n", argv[0]);
    return 2;
  }
  g_corpus = argv[1];
  test_reading();
  test_filling();
  test_design();
  test_tools();
  test_bad_input();
  return tc_finish();
}

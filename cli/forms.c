/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The fields and fill commands of the pdftools tool: list a form's fields, fill them and save. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <pdftools.h>

#include "common.h"

static const char fields_help[] =
    "Usage: pdftools fields FILE [--json] [--password PW]\n"
    "Lists the form's fields: full name, type, value and flags, one per line (tab-separated);\n"
    "--json prints {\"need_appearances\", \"xfa\", \"signed\", \"fields\": [{name, type, value,\n"
    "default, options: [{value, text}], flags: [...], max_length, locked, widgets: [{page,\n"
    "rect, on, state}]}]}.  A multi-select list box's values are joined by '; ' in the list.\n";

static const char fill_help[] =
    "Usage: pdftools fill FILE NAME=VALUE... (-o OUT.pdf | --incremental) [--password PW]\n"
    "       pdftools fill FILE --reset (-o OUT.pdf | --incremental)\n"
    "Fills fields by full name and saves: a text field takes the text; a check box on, off,\n"
    "true, false, yes, no or an export value; a radio group, combo or list box an export value\n"
    "or the text shown for it; a multi-select list box values separated by ';'.  --reset gives\n"
    "every field its default value first.  Documents with signatures are best saved with\n"
    "--incremental, which keeps the signed bytes.\n";

static const char *const type_names[] = {"unknown", "text", "checkbox", "radio", "combo_box", "list_box",
                                         "push_button", "signature"};

/* A string from a two-call field getter with an index (NULL on failure). */
static char *indexed(pdftools_status (*get)(pdftools_document *, pdftools_field_id, int32_t, char *, size_t, size_t *),
                     pdftools_document *doc, pdftools_field_id id, int32_t index) {
  size_t need = 0;
  char *buf;
  if (get(doc, id, index, NULL, 0, &need) != PDFTOOLS_OK) return NULL;
  buf = malloc(need ? need : 1);
  if (buf && get(doc, id, index, buf, need ? need : 1, &need) != PDFTOOLS_OK) {
    free(buf);
    return NULL;
  }
  return buf;
}

/* Option index of field id: its export value (display 0) or the text shown (1). */
static char *option(pdftools_document *doc, pdftools_field_id id, int32_t index, pdftools_bool display) {
  size_t need = 0;
  char *buf;
  if (pdftools_field_get_option(doc, id, index, display, NULL, 0, &need) != PDFTOOLS_OK) return NULL;
  buf = malloc(need ? need : 1);
  if (buf && pdftools_field_get_option(doc, id, index, display, buf, need ? need : 1, &need) != PDFTOOLS_OK) {
    free(buf);
    return NULL;
  }
  return buf;
}

/* The text which of field id (NULL on failure). */
static char *field_text(pdftools_document *doc, pdftools_field_id id, pdftools_field_text which) {
  size_t need = 0;
  char *buf;
  if (pdftools_field_get_text(doc, id, which, NULL, 0, &need) != PDFTOOLS_OK) return NULL;
  buf = malloc(need ? need : 1);
  if (buf && pdftools_field_get_text(doc, id, which, buf, need ? need : 1, &need) != PDFTOOLS_OK) {
    free(buf);
    return NULL;
  }
  return buf;
}

/* Prints the flags of a field that matter to a user, JSON strings or words; returns how many. */
static int print_flags(uint32_t flags, int json) {
  static const struct {
    uint32_t bit;
    const char *name;
  } known[] = {{PDFTOOLS_FIELD_READ_ONLY, "read_only"},   {PDFTOOLS_FIELD_REQUIRED, "required"},
               {PDFTOOLS_FIELD_MULTILINE, "multiline"},   {PDFTOOLS_FIELD_PASSWORD, "password"},
               {PDFTOOLS_FIELD_EDIT, "editable"},         {PDFTOOLS_FIELD_MULTI_SELECT, "multi_select"},
               {PDFTOOLS_FIELD_COMB, "comb"},             {PDFTOOLS_FIELD_NO_EXPORT, "no_export"}};
  size_t k;
  int first = 1;
  for (k = 0; k < sizeof known / sizeof known[0]; k++) {
    if (!(flags & known[k].bit)) continue;
    if (json) printf("%s\"%s\"", first ? "" : ", ", known[k].name);
    else printf("%s%s", first ? "" : ",", known[k].name);
    first = 0;
  }
  return !first;
}

/* Prints the values of field (joined by "; " for text output, a JSON array for JSON). */
static void print_values(pdftools_document *doc, const pdftools_field_info *f, int json, int defaults) {
  int32_t k, count = defaults ? f->default_count : f->value_count;
  if (json) fputs("[", stdout);
  for (k = 0; k < count; k++) {
    char *v = indexed(defaults ? pdftools_field_get_default_value : pdftools_field_get_value, doc, f->id, k);
    if (json) {
      if (k) fputs(", ", stdout);
      json_string(v);
    } else {
      /* One line per field: line breaks of multiline values are shown as spaces. */
      char *c;
      for (c = v; c && *c; c++)
        if (*c == '\n' || *c == '\r' || *c == '\t') *c = ' ';
      printf("%s%s", k ? "; " : "", v ? v : "");
    }
    free(v);
  }
  if (json) fputs("]", stdout);
}

static int list_fields(pdftools_document *doc, int json) {
  pdftools_form_info info;
  pdftools_field_info *fields = NULL;
  int32_t count = 0, i, k;
  pdftools_status status = pdftools_form_get_info(doc, sizeof info, &info);
  if (status == PDFTOOLS_OK) status = pdftools_form_get_fields(doc, sizeof *fields, NULL, 0, &count);
  if (status == PDFTOOLS_OK && count > 0) {
    fields = calloc((size_t)count, sizeof *fields);
    if (!fields) return refused("reading the fields", PDFTOOLS_E_OUT_OF_MEMORY);
    status = pdftools_form_get_fields(doc, sizeof *fields, fields, count, &count);
  }
  if (status != PDFTOOLS_OK) {
    free(fields);
    return refused("reading the form", status);
  }
  if (json)
    printf("{\"need_appearances\": %s, \"xfa\": %s, \"signed\": %d, \"fields\": [", info.need_appearances ? "true" : "false",
           info.has_xfa ? "true" : "false", (int)info.signed_count);
  for (i = 0; i < count; i++) {
    const pdftools_field_info *f = &fields[i];
    char *name = field_text(doc, f->id, PDFTOOLS_FIELD_TEXT_NAME);
    const char *type = (unsigned)f->type < 8 ? type_names[f->type] : "unknown";
    if (!json) {
      printf("%s\t%s\t", name ? name : "", type);
      print_values(doc, f, 0, 0);
      fputs("\t", stdout);
      if (f->locked) printf("%slocked", print_flags(f->flags, 0) ? "," : "");
      else print_flags(f->flags, 0);
      fputs("\n", stdout);
      free(name);
      continue;
    }
    printf("%s\n  {\"name\": ", i ? "," : "");
    json_string(name);
    printf(", \"type\": \"%s\", \"value\": ", type);
    print_values(doc, f, 1, 0);
    fputs(", \"default\": ", stdout);
    print_values(doc, f, 1, 1);
    fputs(", \"options\": [", stdout);
    for (k = 0; k < f->option_count; k++) {
      char *value = option(doc, f->id, k, 0), *text = option(doc, f->id, k, 1);
      printf("%s{\"value\": ", k ? ", " : "");
      json_string(value);
      fputs(", \"text\": ", stdout);
      json_string(text);
      fputs("}", stdout);
      free(value);
      free(text);
    }
    fputs("], \"flags\": [", stdout);
    print_flags(f->flags, 1);
    printf("], \"max_length\": %d, \"locked\": %s, \"widgets\": [", (int)f->max_length, f->locked ? "true" : "false");
    {
      pdftools_field_widget *widgets = calloc((size_t)(f->widget_count > 0 ? f->widget_count : 1), sizeof *widgets);
      int32_t n = 0;
      if (widgets && pdftools_field_get_widgets(doc, f->id, sizeof *widgets, widgets, f->widget_count, &n) == PDFTOOLS_OK)
        for (k = 0; k < n; k++) {
          char *state = indexed(pdftools_field_get_widget_state, doc, f->id, k);
          printf("%s{\"page\": %d, \"rect\": [%g, %g, %g, %g], \"on\": %s, \"state\": ", k ? ", " : "",
                 (int)widgets[k].page_index + 1, widgets[k].rect.x0, widgets[k].rect.y0, widgets[k].rect.x1,
                 widgets[k].rect.y1, widgets[k].on ? "true" : "false");
          json_string(state);
          fputs("}", stdout);
          free(state);
        }
      free(widgets);
    }
    fputs("]}", stdout);
    free(name);
  }
  if (json) fputs(count ? "\n]}\n" : "]}\n", stdout);
  free(fields);
  return 0;
}

int run_fields(int argc, char **argv) {
  const char *file = NULL, *password = NULL;
  int json = 0, i, code;
  pdftools_document *doc;
  for (i = 0; i < argc; i++) {
    if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
      fputs(fields_help, stdout);
      return 0;
    }
    if (!strcmp(argv[i], "--json")) json = 1;
    else if (!strcmp(argv[i], "--password")) {
      if (i + 1 >= argc) return usage("--password needs a value");
      password = argv[++i];
    } else if (argv[i][0] == '-' && argv[i][1]) return usage("unknown option '%s'", argv[i]);
    else if (file) return usage("too many arguments ('%s')", argv[i]);
    else file = argv[i];
  }
  if (!file) return usage("missing arguments");
  doc = open_document(file, password, &code);
  if (!doc) return code;
  code = list_fields(doc, json);
  pdftools_document_close(doc);
  return code;
}

/* Selects the ';'-separated options of text in a multi-select list box. */
static pdftools_status select_many(pdftools_document *doc, const pdftools_field_info *f, const char *text) {
  int32_t *chosen = calloc((size_t)(f->option_count > 0 ? f->option_count : 1), sizeof *chosen), n = 0, k;
  char *copy = strdup(text), *part, *save = NULL;
  pdftools_status status = PDFTOOLS_OK;
  if (!chosen || !copy) status = PDFTOOLS_E_OUT_OF_MEMORY;
  for (part = copy ? strtok_r(copy, ";", &save) : NULL; part && status == PDFTOOLS_OK; part = strtok_r(NULL, ";", &save)) {
    int found = 0;
    while (*part == ' ') part++;
    for (k = 0; k < f->option_count && !found; k++) {
      char *value = option(doc, f->id, k, 0), *shown = option(doc, f->id, k, 1);
      if ((value && !strcmp(value, part)) || (shown && !strcmp(shown, part))) {
        found = 1;
        if (n < f->option_count) chosen[n++] = k;
      }
      free(value);
      free(shown);
    }
    if (!found) {
      fprintf(stderr, "pdftools fill: '%s' is not an option\n", part);
      status = PDFTOOLS_E_INVALID_ARGUMENT;
    }
  }
  if (status == PDFTOOLS_OK) status = pdftools_field_set_selection(doc, f->id, chosen, n);
  free(chosen);
  free(copy);
  return status;
}

/* Fills one field from "NAME=VALUE". */
static int fill_one(pdftools_document *doc, char *assignment) {
  char *equals = strchr(assignment, '=');
  pdftools_field_id id = 0;
  pdftools_field_info f;
  pdftools_status status;
  const char *value;
  if (!equals) return usage("'%s' is not NAME=VALUE", assignment);
  *equals = '\0';
  value = equals + 1;
  if ((status = pdftools_form_find_field(doc, assignment, &id)) != PDFTOOLS_OK) {
    fprintf(stderr, "pdftools fill: the form has no field named '%s'\n", assignment);
    return EXIT_REFUSED;
  }
  if ((status = pdftools_field_get_info(doc, id, sizeof f, &f)) != PDFTOOLS_OK) return refused("reading a field", status);
  if (f.type == PDFTOOLS_FIELD_CHECKBOX) {
    static const char *const on[] = {"on", "true", "yes", "1"}, *const off[] = {"off", "false", "no", "0", "Off"};
    size_t k;
    for (k = 0; value && k < sizeof on / sizeof on[0]; k++)
      if (!strcmp(value, on[k])) status = pdftools_field_set_checked(doc, id, 1), value = NULL;
    for (k = 0; value && k < sizeof off / sizeof off[0]; k++)
      if (!strcmp(value, off[k])) status = pdftools_field_set_checked(doc, id, 0), value = NULL;
    if (value) status = pdftools_field_set_value(doc, id, value);
  } else if (f.type == PDFTOOLS_FIELD_LIST_BOX && (f.flags & PDFTOOLS_FIELD_MULTI_SELECT)) {
    status = select_many(doc, &f, value);
  } else {
    status = pdftools_field_set_value(doc, id, value);
  }
  if (status != PDFTOOLS_OK) {
    char what[300];
    snprintf(what, sizeof what, "filling field '%.250s'", assignment);
    return refused(what, status);
  }
  return 0;
}

int run_fill(int argc, char **argv) {
  const char *file = NULL, *password = NULL, *output = NULL;
  int incremental = 0, reset = 0, i, code, filled = 0;
  pdftools_document *doc;
  pdftools_save_options save = PDFTOOLS_SAVE_OPTIONS_INIT;
  pdftools_status status;
  for (i = 0; i < argc; i++) {
    const char *a = argv[i];
    if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
      fputs(fill_help, stdout);
      return 0;
    }
    if (!strcmp(a, "--incremental")) incremental = 1;
    else if (!strcmp(a, "--reset")) reset = 1;
    else if (!strcmp(a, "--password") || !strcmp(a, "-o") || !strcmp(a, "--output")) {
      if (i + 1 >= argc) return usage("%s needs a value", a);
      if (!strcmp(a, "--password")) password = argv[++i];
      else output = argv[++i];
    } else if (a[0] == '-' && a[1] && !strchr(a, '=')) return usage("unknown option '%s'", a);
    else if (!file) file = a;
    else filled++;
  }
  if (!file || (!filled && !reset)) return usage("missing arguments");
  if (!output == !incremental) return usage("give -o OUT.pdf or --incremental");
  doc = open_document(file, password, &code);
  if (!doc) return code;
  code = 0;
  if (reset && (status = pdftools_form_reset(doc, NULL)) != PDFTOOLS_OK) code = refused("resetting the form", status);
  for (i = 0; i < argc && !code; i++) {
    const char *a = argv[i];
    if (!strcmp(a, "--password") || !strcmp(a, "-o") || !strcmp(a, "--output")) {
      i++;
      continue;
    }
    if (a == file || (a[0] == '-' && !strchr(a, '='))) continue;
    code = fill_one(doc, argv[i]);
  }
  if (!code) {
    save.mode = incremental ? PDFTOOLS_SAVE_INCREMENTAL : PDFTOOLS_SAVE_AUTO;
    status = pdftools_document_save(doc, incremental ? file : output, &save);
    if (status != PDFTOOLS_OK) code = refused("saving", status);
  }
  pdftools_document_close(doc);
  return code;
}

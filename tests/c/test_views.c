/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * test_views.c — through libpdftools.so: listing a page's annotations in one
 * call, the text cache budget, progress callbacks that stop long calls, and
 * render sizes that round to the nearest pixel.
 *
 *   infos      pdftools_page_get_annotation_infos: every field against the
 *              single getters, the caller's element size as stride (an older
 *              shorter struct, a longer one whose extra bytes stay as they
 *              were), the array pattern's errors, the listing after delete,
 *              undo and a change of one annotation
 *   cache      pdftools_document_set_cache_limit: searches and page text give
 *              the same answers with a zero, a small and the default budget
 *   progress   search, full and incremental saves (to a path and to memory)
 *              and pdftools_document_get_text report monotonic progress ending
 *              at total; a stop gives CANCELLED and leaves the document, its
 *              modified state and the target file as they were; a callback
 *              calling into the same document is refused, into another one
 *              works
 *   rounding   pdftools_page_get_render_size of 792 points at 150 dpi is 1650 rows
 *   lazy       poppler-glib (with GIO and GObject), cairo and the text
 *              libraries are loaded only when first needed: opening,
 *              listing, annotating and saving leave them out of the process;
 *              typesetting Cyrillic brings HarfBuzz and fontconfig in, the
 *              first page text poppler-glib, GIO and GObject, the
 *              first render cairo (run first, before anything else reads
 *              text or renders)
 *
 * Usage: test_views
 */
#define _POSIX_C_SOURCE 200809L

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pdftools.h"
#include "test_common.h"

/* ------------------------------------------------------------------------ */
/* Input: pages of "alpha beta gamma delta <n>"                              */

static void make_pages(tc_buf *out, int count) {
  size_t *offsets = calloc((size_t)(3 * count + 4), sizeof *offsets);
  size_t xref;
  int i, objects = 3 + 2 * count;
  out->len = 0;
  if (!offsets) return;
  tc_buf_printf(out, "%%PDF-1.7\n");
  offsets[1] = out->len;
  tc_buf_printf(out, "1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n");
  offsets[2] = out->len;
  tc_buf_printf(out, "2 0 obj\n<< /Type /Pages /Count %d /Kids [", count);
  for (i = 0; i < count; i++) tc_buf_printf(out, " %d 0 R", 4 + 2 * i);
  tc_buf_printf(out, " ] >>\nendobj\n");
  offsets[3] = out->len;
  tc_buf_printf(out, "3 0 obj\n<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>\nendobj\n");
  for (i = 0; i < count; i++) {
    char content[128];
    snprintf(content, sizeof content, "BT /F1 12 Tf 72 700 Td (alpha beta gamma delta %d) Tj ET", i);
    offsets[4 + 2 * i] = out->len;
    tc_buf_printf(out,
                  "%d 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents %d 0 R "
                  "/Resources << /Font << /F1 3 0 R >> >> >>\nendobj\n",
                  4 + 2 * i, 5 + 2 * i);
    offsets[5 + 2 * i] = out->len;
    tc_buf_printf(out, "%d 0 obj\n<< /Length %zu >>\nstream\n%s\nendstream\nendobj\n", 5 + 2 * i,
                  strlen(content), content);
  }
  xref = out->len;
  tc_buf_printf(out, "xref\n0 %d\n0000000000 65535 f \n", objects + 1);
  for (i = 1; i <= objects; i++) tc_buf_printf(out, "%010zu 00000 n \n", offsets[i]);
  tc_buf_printf(out, "trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%zu\n%%%%EOF\n", objects + 1, xref);
  free(offsets);
}

static pdftools_document *open_pages(int count) {
  tc_buf b = {0, 0, 0};
  pdftools_document *doc = NULL;
  make_pages(&b, count);
  EXPECT_OK(pdftools_document_open_from_memory(b.data, b.len, NULL, &doc), "open the generated pages");
  free(b.data);
  return doc;
}

static int32_t modified(pdftools_document *doc) {
  int32_t value = -1;
  pdftools_document_is_modified(doc, &value);
  return value;
}

/* ------------------------------------------------------------------------ */
/* infos                                                                      */

static const pdftools_annotation_info *info_of(const pdftools_annotation_info *infos, size_t count,
                                               pdftools_annotation_id id) {
  size_t i;
  for (i = 0; i < count; i++)
    if (infos[i].id == id) return &infos[i];
  return NULL;
}

/* The info of every annotation on page 0 agrees with the single getters. */
static void check_against_getters(pdftools_document *doc, const pdftools_annotation_info *infos, size_t count) {
  pdftools_annotation_id *ids = NULL;
  int n = tc_list_ids(doc, 0, &ids), i;
  CHECK(n == (int)count, "one info per listed annotation (%d listed, %zu infos)", n, count);
  for (i = 0; i < n && i < (int)count; i++) {
    pdftools_status st;
    char *subtype = tc_get_subtype(doc, ids[i], &st);
    pdftools_rect rect;
    CHECK(infos[i].id == ids[i], "info %d is in z-order", i);
    CHECK(subtype && strcmp(subtype, infos[i].subtype) == 0, "info %d subtype %s", i, infos[i].subtype);
    EXPECT_OK(pdftools_annotation_get_rect(doc, ids[i], &rect), "rect");
    CHECK(rect.x0 == infos[i].rect.x0 && rect.y0 == infos[i].rect.y0 && rect.x1 == infos[i].rect.x1 &&
              rect.y1 == infos[i].rect.y1,
          "info %d rect equals the getter's", i);
    free(subtype);
  }
  free(ids);
}

static void test_infos(void) {
  pdftools_document *doc = open_pages(2);
  pdftools_annotation_id square = 0, line = 0, note = 0;
  pdftools_annotation_info infos[8];
  pdftools_color blue = tc_mkcol(0, 0, 1);
  const char *contents = "\xc3\xbc note"; /* "ü note", 7 bytes */
  int32_t count = 0;
  const pdftools_annotation_info *info;
  if (!doc) return;
  EXPECT_OK(pdftools_annotation_create(doc, 0, "Square", tc_mkrect(100, 100, 200, 150), &square), "square");
  EXPECT_OK(pdftools_annotation_set_color(doc, square, PDFTOOLS_COLOR_STROKE, &blue), "square colour");
  EXPECT_OK(pdftools_annotation_set_text(doc, square, "Contents", contents), "square contents");
  EXPECT_OK(pdftools_annotation_create(doc, 0, "Line", tc_mkrect(10, 10, 90, 90), &line), "line");
  EXPECT_OK(pdftools_annotation_set_opacity(doc, line, 0.5), "line opacity");
  EXPECT_OK(pdftools_annotation_set_color(doc, line, PDFTOOLS_COLOR_STROKE, NULL), "line without colour");
  EXPECT_OK(pdftools_annotation_create(doc, 0, "Text", tc_mkrect(300, 300, 320, 320), &note), "note");
  EXPECT_OK(pdftools_annotation_set_reply(doc, note, square, NULL), "note replies to square");

  EXPECT_OK(pdftools_page_get_annotation_infos(doc, 0, sizeof infos[0], NULL, 0, &count), "count only");
  CHECK(count == 3, "three annotations counted (%d)", count);
  memset(infos, 0xAB, sizeof infos);
  EXPECT_OK(pdftools_page_get_annotation_infos(doc, 0, sizeof infos[0], infos, 8, &count), "infos");
  CHECK(count == 3, "three infos (%d)", count);
  check_against_getters(doc, infos, count);
  info = info_of(infos, count, square);
  CHECK(info && info->has_color == 1 && info->color.r == 0 && info->color.g == 0 && info->color.b == 1,
        "square: blue");
  CHECK(info && info->contents_size == strlen(contents), "square: contents size in UTF-8 bytes");
  CHECK(info && info->opacity == 1.0, "square: opacity 1 when /CA is absent");
  CHECK(info && info->in_reply_to == 0, "square: not a reply");
  CHECK(info && (info->flags & PDFTOOLS_ANNOT_PRINT) != 0, "square: print flag");
  info = info_of(infos, count, line);
  CHECK(info && info->has_color == 0, "line: no colour");
  CHECK(info && info->opacity == 0.5, "line: opacity 0.5");
  CHECK(info && info->contents_size == 0, "line: no contents");
  info = info_of(infos, count, note);
  CHECK(info && info->in_reply_to == square, "note: replies to the square");
  CHECK(infos[3].id == (pdftools_annotation_id)0xABABABABABABABABull, "elements past the count stay as they were");

  /* Too small an array, too small an element, a bad page. */
  count = 0;
  EXPECT_STATUS(pdftools_page_get_annotation_infos(doc, 0, sizeof infos[0], infos, 2, &count),
                PDFTOOLS_E_BUFFER_TOO_SMALL, "capacity 2 of 3");
  CHECK(count == 3, "BUFFER_TOO_SMALL says how many are needed (%d)", count);
  EXPECT_STATUS(pdftools_page_get_annotation_infos(doc, 0, offsetof(pdftools_annotation_info, subtype), infos, 8,
                                                   &count),
                PDFTOOLS_E_INVALID_ARGUMENT, "element size short of the subtype");
  EXPECT_STATUS(pdftools_page_get_annotation_infos(doc, 0, sizeof infos[0], infos, 8, NULL),
                PDFTOOLS_E_INVALID_ARGUMENT, "out_count NULL");
  EXPECT_STATUS(pdftools_page_get_annotation_infos(doc, 2, sizeof infos[0], infos, 8, &count),
                PDFTOOLS_E_OUT_OF_RANGE, "page 2 of 2");
  EXPECT_STATUS(pdftools_page_get_annotation_infos(NULL, 0, sizeof infos[0], infos, 8, &count),
                PDFTOOLS_E_INVALID_HANDLE, "NULL document");
  EXPECT_OK(pdftools_page_get_annotation_infos(doc, 1, sizeof infos[0], NULL, 0, &count), "empty page");
  CHECK(count == 0, "page 1 has no annotations");

  /* A longer element (a newer caller): the stride is the caller's, bytes past ours untouched. */
  {
    enum { EXTRA = 24 };
    size_t stride = sizeof(pdftools_annotation_info) + EXTRA, i;
    unsigned char *wide = malloc(stride * 3);
    int untouched = 1, same = 1;
    if (wide) {
      memset(wide, 0x5A, stride * 3);
      EXPECT_OK(pdftools_page_get_annotation_infos(doc, 0, stride, (pdftools_annotation_info *)(void *)wide, 3,
                                                   &count),
                "wide elements");
      for (i = 0; i < 3; i++) {
        pdftools_annotation_info copy;
        size_t k;
        memcpy(&copy, wide + i * stride, sizeof copy);
        if (copy.id != infos[i].id || strcmp(copy.subtype, infos[i].subtype) != 0) same = 0;
        for (k = sizeof copy; k < stride; k++)
          if (wide[i * stride + k] != 0x5A) untouched = 0;
      }
      CHECK(same, "wide elements hold the same infos");
      CHECK(untouched, "bytes past the struct are left as they were");
      free(wide);
    }
  }

  /* An older, shorter struct: the first version ends with the subtype name. */
  {
    size_t old = offsetof(pdftools_annotation_info, subtype) + 32, i;
    unsigned char *narrow = malloc(old * 3 + 8);
    int same = 1;
    if (narrow) {
      memset(narrow, 0x33, old * 3 + 8);
      EXPECT_OK(pdftools_page_get_annotation_infos(doc, 0, old, (pdftools_annotation_info *)(void *)narrow, 3,
                                                   &count),
                "elements of the first version's size");
      for (i = 0; i < 3; i++) {
        pdftools_annotation_id id;
        memcpy(&id, narrow + i * old + offsetof(pdftools_annotation_info, id), sizeof id);
        if (id != infos[i].id || strcmp((const char *)narrow + i * old + offsetof(pdftools_annotation_info, subtype),
                                        infos[i].subtype) != 0)
          same = 0;
      }
      CHECK(same, "short elements at the caller's stride hold the same infos");
      CHECK(narrow[old * 3] == 0x33, "nothing is written past capacity * element_size");
      free(narrow);
    }
  }

  /* The listing follows changes. */
  EXPECT_OK(pdftools_annotation_delete(doc, line), "delete the line");
  EXPECT_OK(pdftools_page_get_annotation_infos(doc, 0, sizeof infos[0], infos, 8, &count), "infos after delete");
  CHECK(count == 2 && infos[0].id == square && infos[1].id == note, "the line is gone, the order kept");
  EXPECT_OK(pdftools_undo_undo(doc, NULL), "undo the delete");
  EXPECT_OK(pdftools_page_get_annotation_infos(doc, 0, sizeof infos[0], infos, 8, &count), "infos after undo");
  CHECK(count == 3 && infos[1].id == line, "the line is back in its place");
  EXPECT_OK(pdftools_annotation_set_rect(doc, square, tc_mkrect(110, 120, 210, 170)), "move the square");
  EXPECT_OK(pdftools_page_get_annotation_infos(doc, 0, sizeof infos[0], infos, 8, &count), "infos after move");
  info = info_of(infos, count, square);
  CHECK(info && info->rect.x0 == 110 && info->rect.y1 == 170, "the moved rect is listed");
  pdftools_document_close(doc);
}

/* ------------------------------------------------------------------------ */
/* cache                                                                      */

static int32_t search_count(pdftools_document *doc, const char *query, pdftools_selection **out) {
  int32_t count = 0;
  *out = NULL;
  if (pdftools_document_search(doc, query, NULL, NULL, 0, &count) != PDFTOOLS_OK) return -1;
  *out = calloc((size_t)count + 1, sizeof **out);
  if (!*out || pdftools_document_search(doc, query, NULL, *out, count, &count) != PDFTOOLS_OK) return -1;
  return count;
}

static int same_matches(const pdftools_selection *a, const pdftools_selection *b, int32_t count) {
  int32_t i;
  for (i = 0; i < count; i++)
    if (a[i].start_page != b[i].start_page || a[i].start_char != b[i].start_char ||
        a[i].end_char != b[i].end_char)
      return 0;
  return 1;
}

static void test_cache(void) {
  pdftools_document *reference = open_pages(40), *doc = open_pages(40);
  pdftools_selection *want = NULL, *got = NULL;
  int32_t n_want, n_got;
  size_t limits[] = {0, 4096, 32u << 20};
  size_t i;
  if (!reference || !doc) goto done;
  n_want = search_count(reference, "gamma", &want);
  CHECK(n_want == 40, "40 matches in the reference (%d)", n_want);
  for (i = 0; i < sizeof limits / sizeof limits[0]; i++) {
    char text[128];
    size_t size = 0;
    EXPECT_OK(pdftools_document_set_cache_limit(doc, limits[i]), "set the cache limit");
    n_got = search_count(doc, "gamma", &got);
    CHECK(n_got == n_want && got && want && same_matches(want, got, n_want),
          "limit %zu: the same matches as without a limit", limits[i]);
    free(got);
    got = NULL;
    EXPECT_OK(pdftools_page_get_text(doc, 7, text, sizeof text, &size), "page text");
    CHECK(strcmp(text, "alpha beta gamma delta 7") == 0, "limit %zu: page 7's text (%s)", limits[i], text);
  }
  EXPECT_STATUS(pdftools_document_set_cache_limit(NULL, 0), PDFTOOLS_E_INVALID_HANDLE, "NULL document");
done:
  free(want);
  pdftools_document_close(reference);
  pdftools_document_close(doc);
}

/* ------------------------------------------------------------------------ */
/* progress                                                                   */

typedef struct progress_log {
  int64_t done[4096];
  int64_t total[4096];
  int calls;
  int64_t stop_at;      /* stop once done reaches this (-1: never) */
  int monotonic;        /* 0 once done went backwards or total changed */
  pdftools_document *same;  /* called into from the callback when set */
  pdftools_document *other; /* called into from the callback when set */
  pdftools_status same_status, other_status;
} progress_log;

static void log_reset(progress_log *log, int64_t stop_at) {
  memset(log, 0, sizeof *log);
  log->stop_at = stop_at;
  log->monotonic = 1;
  log->same_status = PDFTOOLS_OK;
  log->other_status = PDFTOOLS_OK;
}

static pdftools_progress_result on_progress(int64_t done, int64_t total, void *user_data) {
  progress_log *log = (progress_log *)user_data;
  if (log->calls > 0 && (done < log->done[log->calls - 1] || total != log->total[log->calls - 1])) log->monotonic = 0;
  if (log->calls < 4096) {
    log->done[log->calls] = done;
    log->total[log->calls] = total;
    log->calls++;
  }
  if (log->same) {
    int32_t pages = 0;
    log->same_status = pdftools_document_get_page_count(log->same, &pages);
  }
  if (log->other) {
    int32_t pages = 0;
    log->other_status = pdftools_document_get_page_count(log->other, &pages);
  }
  return (log->stop_at >= 0 && done >= log->stop_at) ? PDFTOOLS_PROGRESS_STOP : PDFTOOLS_PROGRESS_CONTINUE;
}

static int ended_at_total(const progress_log *log) {
  return log->calls >= 2 && log->done[0] == 0 && log->done[log->calls - 1] == log->total[log->calls - 1] &&
         log->total[0] > 0 && log->monotonic;
}

static void test_progress_search(void) {
  pdftools_document *doc = open_pages(20), *other = open_pages(1);
  pdftools_search_options options = PDFTOOLS_SEARCH_OPTIONS_INIT;
  static progress_log log;
  pdftools_selection matches[32];
  int32_t count = 0;
  if (!doc || !other) goto done;
  options.progress = on_progress;
  options.progress_user_data = &log;
  log_reset(&log, -1);
  EXPECT_OK(pdftools_document_search(doc, "beta", &options, matches, 32, &count), "search with progress");
  CHECK(count == 20, "20 matches (%d)", count);
  CHECK(ended_at_total(&log) && log.total[0] == 20, "progress from 0 to 20 pages, monotonic (%d calls)", log.calls);

  log_reset(&log, 5);
  count = 99;
  EXPECT_STATUS(pdftools_document_search(doc, "gamma", &options, matches, 32, &count), PDFTOOLS_E_CANCELLED,
                "a search stopped at page 5");
  CHECK(log.done[log.calls - 1] == 5, "the search stopped when told (%lld)", (long long)log.done[log.calls - 1]);
  CHECK(modified(doc) == 0, "a stopped search changes nothing");
  EXPECT_OK(pdftools_document_search(doc, "gamma", NULL, matches, 32, &count), "the same search again");
  CHECK(count == 20, "then finds every match (%d)", count);

  /* Calls from the callback: the same document is refused, another works. */
  log_reset(&log, -1);
  log.same = doc;
  log.other = other;
  EXPECT_OK(pdftools_document_search(doc, "delta", &options, matches, 32, &count), "search calling back into documents");
  CHECK(log.same_status == PDFTOOLS_E_NOT_PERMITTED, "a call on the same document from the callback: %s",
        pdftools_status_string(log.same_status));
  CHECK(log.other_status == PDFTOOLS_OK, "a call on another document from the callback: %s",
        pdftools_status_string(log.other_status));
  EXPECT_OK(pdftools_document_search(doc, "delta", NULL, matches, 32, &count), "the document works after the callback");

  /* An old caller's version 1 options: no progress fields are read. */
  {
    pdftools_search_options old = PDFTOOLS_SEARCH_OPTIONS_INIT;
    old.version = 1;
    old.progress = (pdftools_progress_callback)(void (*)(void))1; /* would crash if read */
    EXPECT_OK(pdftools_document_search(doc, "alpha", &old, matches, 32, &count), "version 1 options");
    CHECK(count == 20, "version 1 options search the whole document");
  }
done:
  pdftools_document_close(doc);
  pdftools_document_close(other);
}

static void test_progress_save(void) {
  pdftools_document *doc = open_pages(30);
  pdftools_save_options options = PDFTOOLS_SAVE_OPTIONS_INIT;
  static progress_log log;
  char *dir = tc_make_temp_dir("views");
  char *target = dir ? tc_path(dir, "target.pdf") : NULL;
  const char *before = "not a PDF yet, the bytes a stopped save must keep";
  pdftools_annotation_id id = 0;
  void *data = NULL;
  size_t size = 0;
  int mode;
  if (!doc || !target) goto done;
  EXPECT_OK(pdftools_annotation_create(doc, 3, "Square", tc_mkrect(100, 100, 200, 200), &id), "a change to save");
  options.progress = on_progress;
  options.progress_user_data = &log;
  for (mode = 0; mode < 2; mode++) {
    const char *name = mode == 0 ? "full" : "incremental";
    options.mode = mode == 0 ? PDFTOOLS_SAVE_FULL : PDFTOOLS_SAVE_INCREMENTAL;
    tc_write_file(target, before, strlen(before));
    log_reset(&log, 1);
    EXPECT_STATUS(pdftools_document_save(doc, target, &options), PDFTOOLS_E_CANCELLED, "a stopped save");
    CHECK(tc_file_equals(target, before, strlen(before)), "%s: the target keeps its bytes", name);
    CHECK(tc_count_entries(dir) == 1, "%s: no temporary file is left", name);
    CHECK(modified(doc) == 1, "%s: the document is still modified", name);
    log_reset(&log, 1);
    data = NULL;
    EXPECT_STATUS(pdftools_document_save_to_memory(doc, &options, &data, &size), PDFTOOLS_E_CANCELLED,
                  "a stopped save to memory");
    CHECK(data == NULL, "%s: a stopped save to memory gives no bytes", name);

    log_reset(&log, -1);
    EXPECT_OK(pdftools_document_save_to_memory(doc, &options, &data, &size), "a save to memory with progress");
    CHECK(ended_at_total(&log), "%s: progress from 0 to total, monotonic (%d calls)", name, log.calls);
    pdftools_free(data);
    data = NULL;
  }
  options.mode = PDFTOOLS_SAVE_FULL;
  log_reset(&log, -1);
  EXPECT_OK(pdftools_document_save(doc, target, &options), "a full save with progress");
  CHECK(ended_at_total(&log), "full save to a path: progress from 0 to total (%d calls)", log.calls);
  CHECK(modified(doc) == 0, "a finished save clears the modified state");
  {
    pdftools_document *back = NULL;
    int32_t pages = 0;
    EXPECT_OK(pdftools_document_open(target, NULL, &back), "reopen the saved file");
    if (back) pdftools_document_get_page_count(back, &pages);
    CHECK(pages == 30 && tc_count_annots(back, 3) == 1, "the saved file has the pages and the square");
    pdftools_document_close(back);
  }
done:
  pdftools_document_close(doc);
  if (dir) tc_remove_tree(dir);
  free(target);
  free(dir);
}

static void test_progress_text(void) {
  pdftools_document *doc = open_pages(6);
  static progress_log log;
  char *text = NULL;
  size_t size = 0;
  if (!doc) return;
  log_reset(&log, -1);
  EXPECT_OK(pdftools_document_get_text(doc, 1, 3, on_progress, &log, &text, &size), "text of pages 1 to 3");
  CHECK(text && strcmp(text, "alpha beta gamma delta 1\falpha beta gamma delta 2\falpha beta gamma delta 3") == 0,
        "three pages separated by form feeds (%s)", text ? text : "(null)");
  CHECK(text && size == strlen(text), "out_size is the length without the NUL");
  CHECK(ended_at_total(&log) && log.total[0] == 3, "progress over 3 pages (%d calls)", log.calls);
  pdftools_free(text);
  text = NULL;
  EXPECT_OK(pdftools_document_get_text(doc, 0, -1, NULL, NULL, &text, &size), "every page, no progress");
  CHECK(text && strncmp(text, "alpha beta gamma delta 0\f", 25) == 0 && strstr(text, "delta 5") != NULL,
        "pages 0 to 5");
  pdftools_free(text);
  text = NULL;
  log_reset(&log, 2);
  EXPECT_STATUS(pdftools_document_get_text(doc, 0, -1, on_progress, &log, &text, &size), PDFTOOLS_E_CANCELLED,
                "text stopped at page 2");
  CHECK(text == NULL, "a stopped call gives no text");
  EXPECT_STATUS(pdftools_document_get_text(doc, 4, 2, NULL, NULL, &text, &size), PDFTOOLS_E_OUT_OF_RANGE,
                "last page before the first");
  EXPECT_STATUS(pdftools_document_get_text(doc, 0, 6, NULL, NULL, &text, &size), PDFTOOLS_E_OUT_OF_RANGE,
                "page 6 of 6");
  EXPECT_STATUS(pdftools_document_get_text(doc, 0, -1, NULL, NULL, NULL, &size), PDFTOOLS_E_INVALID_ARGUMENT,
                "out_text NULL");
  pdftools_document_close(doc);
}

/* ------------------------------------------------------------------------ */
/* rounding                                                                   */

static void test_rounding(void) {
  pdftools_document *doc = open_pages(1);
  int32_t width = 0, height = 0;
  if (!doc) return;
  EXPECT_OK(pdftools_page_get_render_size(doc, 0, 150.0 / 72.0, &width, &height), "size at 150 dpi");
  CHECK(width == 1275 && height == 1650, "612 x 792 points at 150 dpi are 1275 x 1650 pixels (%d x %d)",
        (int)width, (int)height);
  EXPECT_OK(pdftools_page_get_render_size(doc, 0, 1.001, &width, &height), "size at 1.001");
  CHECK(width == 613 && height == 793, "a real fraction still rounds up (%d x %d)", (int)width, (int)height);
  pdftools_document_close(doc);
}

/* ------------------------------------------------------------------------ */
/* lazy                                                                       */

/* True when a file whose name holds `name` is mapped into this process. */
static int mapped(const char *name) {
  char line[4096];
  int found = 0;
  FILE *maps = fopen("/proc/self/maps", "r");
  if (!maps) return -1;
  while (!found && fgets(line, sizeof line, maps)) found = strstr(line, name) != NULL;
  fclose(maps);
  return found;
}

static void test_lazy_libraries(void) {
  pdftools_document *doc = open_pages(3);
  pdftools_annotation_id id = 0;
  pdftools_annotation_info infos[4];
  int32_t count = 0;
  void *data = NULL;
  size_t size = 0;
  char text[128];
  uint32_t pixels[16 * 16];
  pdftools_render_options options = PDFTOOLS_RENDER_OPTIONS_INIT;
  if (!doc) return;
  CHECK(mapped("libpoppler-glib") == 0 && mapped("libcairo") == 0, "poppler-glib and cairo are not loaded after opening");
  CHECK(mapped("libgio-2.0") == 0 && mapped("libgobject-2.0") == 0, "nor GIO and GObject");
  EXPECT_OK(pdftools_annotation_create(doc, 1, "Square", tc_mkrect(100, 100, 200, 150), &id), "add a square");
  EXPECT_OK(pdftools_page_get_annotation_infos(doc, 1, sizeof infos[0], infos, 4, &count), "list page 1");
  CHECK(count == 1, "page 1 lists its square (%d)", count);
  if (EXPECT_OK(pdftools_document_save_to_memory(doc, NULL, &data, &size), "save to memory")) pdftools_free(data);
  CHECK(size > 0 && mapped("libpoppler-glib") == 0 && mapped("libcairo") == 0 && mapped("libgio-2.0") == 0 &&
            mapped("libgobject-2.0") == 0,
        "nor after annotating, listing and saving (%zu bytes)", size);
  CHECK(mapped("libharfbuzz") == 0 && mapped("libfontconfig") == 0 && mapped("libfreetype") == 0 &&
            mapped("libfribidi") == 0 && mapped("libunibreak") == 0,
        "the text libraries are not loaded either");
  EXPECT_OK(pdftools_annotation_create(doc, 1, "FreeText", tc_mkrect(100, 300, 300, 350), &id), "add a FreeText");
  /* "Privet": Cyrillic, drawn with an embedded font. */
  EXPECT_OK(pdftools_annotation_set_text(doc, id, "Contents", "\xd0\x9f\xd1\x80\xd0\xb8\xd0\xb2\xd0\xb5\xd1\x82"),
            "its contents in Cyrillic");
  CHECK(mapped("libharfbuzz") == 1 && mapped("libfontconfig") == 1 && mapped("libpoppler-glib") == 0,
        "typesetting them loads HarfBuzz and fontconfig, not poppler-glib");
  EXPECT_OK(pdftools_page_get_text(doc, 2, text, sizeof text, &size), "page text");
  CHECK(strcmp(text, "alpha beta gamma delta 2") == 0, "page 2's text through poppler (%s)", text);
  CHECK(mapped("libpoppler-glib") == 1 && mapped("libgio-2.0") == 1, "the first page text loads poppler-glib and GIO");
  memset(pixels, 0, sizeof pixels);
  options.scale = 16.0 / 612.0;
  EXPECT_OK(pdftools_page_render(doc, 1, &options, pixels, 16, 16, 16 * 4), "render page 1 small");
  CHECK(pixels[0] == 0xFFFFFFFFu, "the render is white where the page is empty (%08x)", (unsigned)pixels[0]);
  CHECK(mapped("libcairo") == 1, "rendering uses cairo");
  pdftools_document_close(doc);
}

int main(void) {
  test_lazy_libraries();
  test_infos();
  test_cache();
  test_progress_search();
  test_progress_save();
  test_progress_text();
  test_rounding();
  return tc_finish();
}

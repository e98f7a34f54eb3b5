/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * test_scripts.c — text in any script through the built library:
 *
 *  1. Reading: a LibreOffice page with English, Arabic, Russian, Chinese, Thai and Japanese
 *     lines (pypdf-multilang.pdf) gives every line in logical order, the Arabic one as typed;
 *     a search for an Arabic word finds it; vertical Japanese (pdfjs-vertical-japanese.pdf)
 *     reads top to bottom, the right column first.
 *  2. Turned text: a page drawing lines at 45 and 30 degrees and a mirrored line reads each
 *     as one line, forwards, and a search finds words across them.
 *  3. Writing: a FreeText in Russian, Chinese and Arabic is drawn with embedded subset fonts
 *     (its appearance names a Type0 font), and characters no font covers are named by
 *     pdftools_annotation_get_missing_characters.
 *
 * Usage: test_scripts CORPUS_DIR
 * Prints one line per check and a last line "N passed, M failed"; exits 1 if any check failed.
 */
#define _XOPEN_SOURCE 700

#include "test_common.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *g_corpus;

/* Whether needle occurs in the length bytes at data. */
static int contains(const void *data, size_t length, const char *needle) {
  const unsigned char *bytes = (const unsigned char *)data;
  size_t n = strlen(needle), i;
  for (i = 0; n <= length && i <= length - n; i++) {
    if (memcmp(bytes + i, needle, n) == 0) return 1;
  }
  return 0;
}

static char *page_text(pdftools_document *doc, int32_t page) {
  size_t need = 0;
  char *text;
  if (pdftools_page_get_text(doc, page, NULL, 0, &need) != PDFTOOLS_OK || need == 0) return NULL;
  text = (char *)malloc(need);
  if (text && pdftools_page_get_text(doc, page, text, need, &need) != PDFTOOLS_OK) {
    free(text);
    return NULL;
  }
  return text;
}

static void test_reading(void) {
  pdftools_document *doc = NULL;
  char *path = tc_corpus_file(g_corpus, "pypdf-multilang.pdf");
  char *text;
  pdftools_selection found[4];
  int32_t count = 0;
  pdftools_search_options options = PDFTOOLS_SEARCH_OPTIONS_INIT;
  if (EXPECT_OK(pdftools_document_open(path, NULL, &doc), "multilang: open")) {
    text = page_text(doc, 0);
    CHECK(text != NULL, "multilang: page text");
    /* "Hello World" in Arabic, as typed (logical order). */
    CHECK(text && strstr(text, "Arabic:\n\xd9\x85\xd8\xb1\xd8\xad\xd8\xa8\xd8\xa7 "
                               "\xd8\xa8\xd8\xa7\xd9\x84\xd8\xb9\xd8\xa7\xd9\x84\xd9\x85\nRussian:"),
          "multilang: the Arabic line in logical order");
    CHECK(text && strstr(text, "Russian:\n\xd0\x9f\xd1\x80\xd0\xb8\xd0\xb2\xd0\xb5\xd1\x82, \xd0\xbc\xd0\xb8\xd1\x80\n"),
          "multilang: the Russian line");
    free(text);
    EXPECT_OK(pdftools_document_search(doc, "\xd8\xa8\xd8\xa7\xd9\x84\xd8\xb9\xd8\xa7\xd9\x84\xd9\x85", &options,
                                       found, 4, &count),
              "multilang: search an Arabic word");
    CHECK(count == 1, "multilang: one match (%d)", count);
    options.flags = PDFTOOLS_SEARCH_CASE_SENSITIVE;
    EXPECT_OK(pdftools_document_search(doc, "\xd0\x9c\xd0\x98\xd0\xa0", &options, found, 4, &count),
              "multilang: a case-sensitive search in Cyrillic");
    CHECK(count == 0, "multilang: case-sensitive finds no capitals (%d)", count);
    options.flags = 0;
    EXPECT_OK(pdftools_document_search(doc, "\xd0\x9c\xd0\x98\xd0\xa0", &options, found, 4, &count),
              "multilang: a search in Cyrillic capitals");
    CHECK(count == 1, "multilang: case-insensitive finds the lower-case word (%d)", count);
    pdftools_document_close(doc);
  }
  free(path);
  path = tc_corpus_file(g_corpus, "pdfjs-vertical-japanese.pdf");
  if (EXPECT_OK(pdftools_document_open(path, NULL, &doc), "vertical: open")) {
    text = page_text(doc, 0);
    /* "aiueo" in hiragana, then "nihongo". */
    CHECK(text && strcmp(text, "\xe3\x81\x82\xe3\x81\x84\xe3\x81\x86\xe3\x81\x88\xe3\x81\x8a\n"
                               "\xe6\x97\xa5\xe6\x9c\xac\xe8\xaa\x9e") == 0,
          "vertical: top to bottom, right column first (%s)", text ? text : "none");
    free(text);
    pdftools_document_close(doc);
  }
  free(path);
}

/* A page whose content draws text turned by 45 and 30 degrees and mirrored (Courier, so the
 * advances are known to every reader), and one plain line. */
static unsigned char *turned_pdf(size_t *out_size) {
  tc_buf b = {0, 0, 0};
  tc_buf content = {0, 0, 0};
  long offsets[6];
  long xref;
  int i;
  tc_buf_printf(&content, "BT /F1 12 Tf 0.7071 0.7071 -0.7071 0.7071 100 300 Tm (Diagonal text here) Tj ET\n");
  tc_buf_printf(&content, "BT /F1 12 Tf 0.866 -0.5 0.5 0.866 300 600 Tm (Tilted thirty degrees) Tj ET\n");
  tc_buf_printf(&content, "BT /F1 14 Tf -1 0 0 1 500 200 Tm (Mirrored text) Tj ET\n");
  tc_buf_printf(&content, "BT /F1 12 Tf 72 740 Td (Plain line) Tj ET\n");
  tc_buf_printf(&b, "%%PDF-1.7\n");
  offsets[1] = (long)b.len;
  tc_buf_printf(&b, "1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n");
  offsets[2] = (long)b.len;
  tc_buf_printf(&b, "2 0 obj\n<< /Type /Pages /Count 1 /Kids [ 4 0 R ] >>\nendobj\n");
  offsets[3] = (long)b.len;
  tc_buf_printf(&b, "3 0 obj\n<< /Type /Font /Subtype /Type1 /BaseFont /Courier /Encoding /WinAnsiEncoding >>\nendobj\n");
  offsets[4] = (long)b.len;
  tc_buf_printf(&b, "4 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >>"
                    " /Contents 5 0 R >>\nendobj\n");
  offsets[5] = (long)b.len;
  tc_buf_printf(&b, "5 0 obj\n<< /Length %lu >>\nstream\n", (unsigned long)content.len);
  tc_buf_append(&b, content.data, content.len);
  tc_buf_printf(&b, "endstream\nendobj\n");
  xref = (long)b.len;
  tc_buf_printf(&b, "xref\n0 6\n0000000000 65535 f \n");
  for (i = 1; i <= 5; i++) tc_buf_printf(&b, "%010ld 00000 n \n", offsets[i]);
  tc_buf_printf(&b, "trailer\n<< /Size 6 /Root 1 0 R >>\nstartxref\n%ld\n%%%%EOF\n", xref);
  free(content.data);
  *out_size = b.len;
  return (unsigned char *)b.data;
}

static void test_turned(void) {
  size_t size = 0;
  unsigned char *pdf = turned_pdf(&size);
  pdftools_document *doc = NULL;
  pdftools_selection found[4];
  int32_t count = 0;
  if (EXPECT_OK(pdftools_document_open_from_memory(pdf, size, NULL, &doc), "turned: open")) {
    char *text = page_text(doc, 0);
    CHECK(text && strstr(text, "Diagonal text here"), "turned: the 45-degree line in one piece (%s)", text ? text : "none");
    CHECK(text && strstr(text, "Tilted thirty degrees"), "turned: the 30-degree line in one piece");
    CHECK(text && strstr(text, "Mirrored text"), "turned: the mirrored line forwards");
    CHECK(text && strstr(text, "Plain line"), "turned: the plain line as it was");
    free(text);
    EXPECT_OK(pdftools_document_search(doc, "text here", NULL, found, 4, &count), "turned: search");
    CHECK(count == 1, "turned: one match across the words of the turned line (%d)", count);
    pdftools_document_close(doc);
  }
  free(pdf);
}

static void test_writing(void) {
  pdftools_document *doc = NULL;
  pdftools_annotation_id id = 0;
  char *raw = NULL;
  size_t size = 0;
  char buf[32];
  if (!EXPECT_OK(pdftools_document_new(&doc), "writing: new document")) return;
  EXPECT_OK(pdftools_document_insert_blank_page(doc, 0, 612, 792), "writing: a page");
  EXPECT_OK(pdftools_annotation_create(doc, 0, "FreeText", tc_mkrect(72, 600, 400, 660), &id), "writing: a FreeText");
  /* "Privet", "ni hao", "marhaban". */
  EXPECT_OK(pdftools_annotation_set_text(doc, id, "Contents",
                                         "\xd0\x9f\xd1\x80\xd0\xb8\xd0\xb2\xd0\xb5\xd1\x82 \xe4\xbd\xa0\xe5\xa5\xbd "
                                         "\xd9\x85\xd8\xb1\xd8\xad\xd8\xa8\xd8\xa7"),
            "writing: contents in three scripts");
  EXPECT_OK(pdftools_annotation_get_missing_characters(doc, id, buf, sizeof buf, &size), "writing: missing");
  CHECK(size == 1 && buf[0] == 0, "writing: every character has a font");
  EXPECT_OK(pdftools_annotation_get_raw(doc, id, "AP", NULL, 0, &size), "writing: the appearance's size");
  raw = (char *)malloc(size);
  if (raw && EXPECT_OK(pdftools_annotation_get_raw(doc, id, "AP", raw, size, &size), "writing: the appearance")) {
    CHECK(strstr(raw, " 0 R") != NULL, "writing: /AP /N is a stream (%s)", raw);
  }
  free(raw);
  {
    void *data = NULL;
    size_t length = 0;
    pdftools_save_options save = PDFTOOLS_SAVE_OPTIONS_INIT;
    save.object_streams = PDFTOOLS_OBJECT_STREAMS_DISABLE;
    if (EXPECT_OK(pdftools_document_save_to_memory(doc, &save, &data, &length), "writing: save")) {
      CHECK(contains(data, length, "/Type0") && contains(data, length, "/Identity-H"),
            "writing: a Type0 font with Identity-H encoding");
      CHECK(contains(data, length, "/ToUnicode"), "writing: with /ToUnicode");
      pdftools_free(data);
    }
  }
  pdftools_document_close(doc);
}

int main(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: %s CORPUS_DIR\n", argv[0]);
    return 2;
  }
  g_corpus = argv[1];
  printf("libpdftools %s, corpus %s\n", pdftools_version_string(), g_corpus);
  test_reading();
  test_writing();
  test_turned();
  return tc_finish();
}

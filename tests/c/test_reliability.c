/*
 * test_reliability.c — regression tests through libpdftools.so for what a
 * fuzzing and fault campaign found: each case rebuilds its input from the
 * description (generated PDFs, files encrypted with the qpdf command) and runs
 * in a forked child, so a crash or a hang is a failed check.
 *
 *   passwords      non-ASCII passwords on every encryption revision: open,
 *                  text, search, render (poppler's view needs the password too)
 *
 * Usage: test_reliability
 */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pdftools.h"
#include "test_common.h"

/* ------------------------------------------------------------------------ */
/* Inputs                                                                     */

/* A one-page PDF with the text "Hello reliability" and a black square at [100 500 150 550];
 * page_extra is written into the page dictionary. */
static void make_pdf(tc_buf *out, const char *page_extra) {
  const char *content = "BT /F1 24 Tf 72 700 Td (Hello reliability) Tj ET 0 0 0 rg 100 500 50 50 re f";
  size_t offsets[6];
  size_t xref;
  int i;
  out->len = 0;
  tc_buf_printf(out, "%%PDF-1.7\n");
  offsets[1] = out->len;
  tc_buf_printf(out, "1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n");
  offsets[2] = out->len;
  tc_buf_printf(out, "2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n");
  offsets[3] = out->len;
  tc_buf_printf(out,
                "3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R "
                "/Resources << /Font << /F1 5 0 R >> >> %s >>\nendobj\n",
                page_extra ? page_extra : "");
  offsets[4] = out->len;
  tc_buf_printf(out, "4 0 obj\n<< /Length %zu >>\nstream\n%s\nendstream\nendobj\n", strlen(content), content);
  offsets[5] = out->len;
  tc_buf_printf(out, "5 0 obj\n<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>\nendobj\n");
  xref = out->len;
  tc_buf_printf(out, "xref\n0 6\n0000000000 65535 f \n");
  for (i = 1; i < 6; i++) tc_buf_printf(out, "%010zu 00000 n \n", offsets[i]);
  tc_buf_printf(out, "trailer\n<< /Size 6 /Root 1 0 R >>\nstartxref\n%zu\n%%%%EOF\n", xref);
}

/* Writes make_pdf's document to dir/name; returns the malloc'd path or NULL. */
static char *write_pdf(const char *dir, const char *name, const char *page_extra) {
  tc_buf b = {0, 0, 0};
  char *path = tc_path(dir, name);
  make_pdf(&b, page_extra);
  if (tc_write_file(path, b.data, b.len) != 0) {
    free(path);
    path = NULL;
  }
  free(b.data);
  return path;
}

/* The page text of page 0 into a malloc'd string, or NULL. */
static char *page_text(pdftools_document *doc) {
  size_t size = 0;
  char *text;
  if (pdftools_page_text(doc, 0, NULL, 0, &size) != PDFTOOLS_OK) return NULL;
  text = malloc(size);
  if (text && pdftools_page_text(doc, 0, text, size, &size) != PDFTOOLS_OK) {
    free(text);
    return NULL;
  }
  return text;
}

/* Renders page 0 at scale 1 and returns the blue, green, red bytes of pixel (x, y) (display space) as 0xRRGGBB,
 * or -1 when rendering failed. */
static long render_pixel(pdftools_document *doc, int x, int y) {
  pdftools_render_options options = PDFTOOLS_RENDER_OPTIONS_INIT;
  int32_t width = 0, height = 0;
  unsigned char *pixels;
  long value = -1;
  if (pdftools_page_render_size(doc, 0, 1.0, &width, &height) != PDFTOOLS_OK || width <= x || height <= y) return -1;
  pixels = calloc((size_t)width * (size_t)height, 4);
  if (!pixels) return -1;
  if (pdftools_page_render(doc, 0, &options, pixels, width, height, (size_t)width * 4) == PDFTOOLS_OK) {
    const unsigned char *p = pixels + ((size_t)y * (size_t)width + (size_t)x) * 4;
    value = ((long)p[2] << 16) | ((long)p[1] << 8) | (long)p[0];
  }
  free(pixels);
  return value;
}

/* ------------------------------------------------------------------------ */
/* 1. Non-ASCII passwords                                                     */

typedef struct password_case {
  const char *label, *bits, *options, *user, *owner;
} password_case;

static void case_passwords(void *arg) {
  const password_case *pc = (const password_case *)arg;
  char *dir = tc_make_temp_dir("reliability-passwords");
  char *plain, *encrypted, *command, *qp, *qe, *qu, *qo;
  const char *passwords[2];
  size_t length;
  int i;
  if (!dir) {
    CHECK(0, "%s: temporary folder", pc->label);
    return;
  }
  plain = write_pdf(dir, "plain.pdf", NULL);
  encrypted = tc_path(dir, "encrypted.pdf");
  qp = tc_shell_quote(plain);
  qe = tc_shell_quote(encrypted);
  qu = tc_shell_quote(pc->user);
  qo = tc_shell_quote(pc->owner);
  length = strlen(qp) + strlen(qe) + strlen(qu) + strlen(qo) + strlen(pc->options) + 128;
  command = malloc(length);
  snprintf(command, length, "qpdf --allow-weak-crypto --encrypt %s %s %s %s -- %s %s", qu, qo, pc->bits, pc->options,
           qp, qe);
  if (!CHECK(tc_run_command(command, NULL, 0) == 0, "%s: qpdf encrypts the test file", pc->label)) goto done;
  passwords[0] = pc->user;
  passwords[1] = pc->owner;
  for (i = 0; i < 2; i++) {
    pdftools_document *doc = NULL;
    pdftools_selection matches[4];
    pdftools_annotation_id id = 0;
    size_t count = 0;
    char *text;
    if (!EXPECT_OK(pdftools_document_open(encrypted, passwords[i], &doc), "open with the password")) continue;
    text = page_text(doc);
    CHECK(text && strstr(text, "Hello reliability"), "%s (%s password): page text '%s'", pc->label,
          i ? "owner" : "user", text ? text : "(failed)");
    free(text);
    EXPECT_OK(pdftools_search(doc, "reliability", NULL, matches, 4, &count), "search");
    CHECK(count == 1, "%s: search finds the word once (%zu)", pc->label, count);
    CHECK(render_pixel(doc, 125, 792 - 525) == 0, "%s: the black square is rendered", pc->label);
    /* After a change poppler's view is made again, with the same password. */
    EXPECT_OK(pdftools_annotation_create(doc, 0, "Square", tc_mkrect(300, 300, 400, 400), &id), "create");
    CHECK(render_pixel(doc, 125, 792 - 525) == 0, "%s: rendered again after a change", pc->label);
    text = page_text(doc);
    CHECK(text && strstr(text, "Hello reliability"), "%s: text after a change", pc->label);
    free(text);
    pdftools_document_close(doc);
  }
  {
    pdftools_document *doc = NULL;
    EXPECT_STATUS(pdftools_document_open(encrypted, "\xe6\x97\xa5\xe6\x9c\xac", &doc), PDFTOOLS_E_WRONG_PASSWORD,
                  "a wrong non-ASCII password");
    pdftools_document_close(doc);
  }
done:
  free(command);
  free(qp);
  free(qe);
  free(qu);
  free(qo);
  free(plain);
  free(encrypted);
  tc_remove_tree(dir);
  free(dir);
}

/* ------------------------------------------------------------------------ */

int main(void) {
  static const password_case passwords[] = {
      {"R6", "256", "", "P\xc3\xa4ssw\xc3\xb6rd-\xe6\x97\xa5\xe6\x9c\xac", "\xc3\x93wner-\xe5\xaf\x86\xe7\xa0\x81"},
      {"R5", "256", "--force-R5", "P\xc3\xa4ssw\xc3\xb6rd-\xe6\x97\xa5\xe6\x9c\xac", "\xc3\x93wner-\xe5\xaf\x86\xe7\xa0\x81"},
      {"R4 AES-128", "128", "--use-aes=y", "P\xc3\xa4ssw\xc3\xb6rd", "\xc3\x96wner"},
      {"R3 RC4-128", "128", "--use-aes=n", "P\xc3\xa4ssw\xc3\xb6rd", "\xc3\x96wner"},
      {"R2 RC4-40", "40", "", "P\xc3\xa4ssw\xc3\xb6rd", "\xc3\x96wner"},
  };
  size_t i;
  printf("libpdftools %s\n", pdftools_version_string());
  CHECK(tc_have_program("qpdf"), "the qpdf command (Debian package qpdf) is on PATH");
  for (i = 0; i < sizeof passwords / sizeof passwords[0]; i++)
    tc_run_isolated(passwords[i].label, case_passwords, (void *)&passwords[i], 60);
  return tc_finish();
}

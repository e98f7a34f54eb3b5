/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * newdoc.c — sample: pdftools-newdoc creates a new PDF with a few blank pages
 * of different sizes (A4 portrait, US Letter, A5 landscape, a square), sets
 * its Title and Author, and saves it to the path given on the command line.
 *
 * Usage: pdftools-newdoc OUTPUT [TITLE]
 * Exit codes: 0 success, 1 the library reported an error, 2 usage.
 *
 * Build: see README.md in this folder (make, with pkg-config).
 */
#include <pdftools.h>

#include <stdio.h>

static int fail(const char *what, pdftools_status status, pdftools_document *doc) {
  fprintf(stderr, "pdftools-newdoc: %s: %s (%s)\n", what, pdftools_status_string(status),
          pdftools_last_error_message());
  pdftools_document_close(doc); /* NULL is fine */
  return 1;
}

int main(int argc, char **argv) {
  /* Page sizes in points (1/72 inch). */
  static const struct {
    const char *name;
    double width, height;
  } pages[] = {
      {"A4 portrait", 595.276, 841.89},
      {"US Letter", 612.0, 792.0},
      {"A5 landscape", 595.276, 419.528},
      {"square 300 pt", 300.0, 300.0},
  };
  const char *output, *title = "A new document";
  pdftools_document *doc = NULL;
  pdftools_status st;
  int32_t i, count = 0;

  if (argc < 2 || argc > 3) {
    fprintf(stderr, "usage: pdftools-newdoc OUTPUT [TITLE]\n");
    return 2;
  }
  output = argv[1];
  if (argc == 3) title = argv[2];

  st = pdftools_document_new(&doc);
  if (st != PDFTOOLS_OK) return fail("creating a document", st, NULL);

  /* Append each page at the end: index == current page count. */
  for (i = 0; i < (int32_t)(sizeof pages / sizeof pages[0]); i++) {
    st = pdftools_document_insert_blank_page(doc, i, pages[i].width, pages[i].height);
    if (st != PDFTOOLS_OK) return fail("inserting a page", st, doc);
  }

  st = pdftools_document_set_metadata(doc, "Title", title);
  if (st == PDFTOOLS_OK) st = pdftools_document_set_metadata(doc, "Author", "libpdftools newdoc sample");
  if (st == PDFTOOLS_OK) st = pdftools_document_set_metadata(doc, "Creator", "pdftools-newdoc");
  if (st != PDFTOOLS_OK) return fail("setting metadata", st, doc);

  /* NULL options: full save, compressed, written to a temporary file and renamed. */
  st = pdftools_document_save(doc, output, NULL);
  if (st != PDFTOOLS_OK) return fail("saving", st, doc);

  pdftools_document_get_page_count(doc, &count);
  printf("wrote %s: %d pages\n", output, (int)count);
  for (i = 0; i < (int32_t)(sizeof pages / sizeof pages[0]); i++)
    printf("  page %d: %s, %g x %g pt\n", (int)i + 1, pages[i].name, pages[i].width, pages[i].height);
  pdftools_document_close(doc);
  return 0;
}

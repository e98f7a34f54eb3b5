/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The C program of the c-pkg-config and c-cmake tests: checks that the header and the library
 * agree on the version, opens the PDF given on the command line and prints its page count;
 * a file that is not there must fail with a message. Prints "library X.Y.Z" and "pages N";
 * exits 1 on any failure. */
#include <pdftools.h>

#include <stdio.h>
#include <string.h>

int main(int argc, char **argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: %s FILE.pdf MISSING.pdf\n", argv[0]);
    return 2;
  }
  printf("library %s\n", pdftools_version_string());
  if (pdftools_version_number() != PDFTOOLS_VERSION_NUMBER ||
      strcmp(pdftools_version_string(), PDFTOOLS_VERSION_STRING) != 0) {
    fprintf(stderr, "header %s and library %s differ\n", PDFTOOLS_VERSION_STRING,
            pdftools_version_string());
    return 1;
  }

  pdftools_document *doc = NULL;
  pdftools_status status = pdftools_document_open(argv[1], NULL, &doc);
  if (status != PDFTOOLS_OK) {
    fprintf(stderr, "%s: %s (%s)\n", argv[1], pdftools_status_string(status),
            pdftools_last_error_message());
    return 1;
  }
  int32_t pages = 0;
  status = pdftools_document_get_page_count(doc, &pages);
  pdftools_document_close(doc);
  if (status != PDFTOOLS_OK || pages < 1) {
    fprintf(stderr, "page count: %s, %d pages\n", pdftools_status_string(status), (int)pages);
    return 1;
  }
  printf("pages %d\n", (int)pages);

  doc = NULL;
  status = pdftools_document_open(argv[2], NULL, &doc);
  const char *message = pdftools_last_error_message();
  if (status == PDFTOOLS_OK || doc != NULL || message == NULL || message[0] == '\0') {
    fprintf(stderr, "opening %s did not fail with a message\n", argv[2]);
    if (doc) pdftools_document_close(doc);
    return 1;
  }
  printf("missing file: %s\n", pdftools_status_string(status));
  return 0;
}

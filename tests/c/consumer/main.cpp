/* SPDX-License-Identifier: GPL-3.0-or-later */
// tests/c/consumer/main.cpp — the program of the find_package(pdftools)
// consumer project: prints the library version and the page count of the
// file given on the command line ("library X.Y.Z", "pages N"); exits 1 on
// any error or a header/library version mismatch.
#include <pdftools.h>

#include <cstdio>
#include <cstring>

int main(int argc, char **argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s FILE\n", argv[0]);
    return 2;
  }
  std::printf("library %s\n", pdftools_version_string());
  if (pdftools_version_number() != PDFTOOLS_VERSION_NUMBER ||
      std::strcmp(pdftools_version_string(), PDFTOOLS_VERSION_STRING) != 0) {
    std::fprintf(stderr, "header %s and library %s differ\n", PDFTOOLS_VERSION_STRING,
                 pdftools_version_string());
    return 1;
  }
  pdftools_document *doc = nullptr;
  pdftools_status st = pdftools_document_open(argv[1], nullptr, &doc);
  if (st != PDFTOOLS_OK) {
    std::fprintf(stderr, "%s: %s (%s)\n", argv[1], pdftools_status_string(st),
                 pdftools_last_error_message());
    return 1;
  }
  int32_t pages = 0;
  st = pdftools_document_get_page_count(doc, &pages);
  pdftools_document_close(doc);
  if (st != PDFTOOLS_OK) {
    std::fprintf(stderr, "page count: %s\n", pdftools_status_string(st));
    return 1;
  }
  std::printf("pages %d\n", static_cast<int>(pages));
  return 0;
}

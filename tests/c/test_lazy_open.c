/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * test_lazy_open.c — the opener of the libraries libpdftools loads when first needed
 * (Sources/CLazyLibraries/lazy.c), compiled into this program: a library found with all its
 * functions fills every slot; a missing library or a missing function fills none and names
 * the reason. (That poppler-glib and cairo stay unloaded until needed is c_views' "lazy" case.)
 *
 * Usage: test_lazy_open
 */
#define _POSIX_C_SOURCE 200809L

#include <string.h>

#include "lazy.h"
#include "test_common.h"

int main(void) {
  char failure[256];
  void *slots[2];
  {
    static const char *const names[] = {"zlibVersion", "crc32"};
    memset(failure, 0, sizeof failure);
    CHECK(pdft_lazy_open("libz.so.1", names, slots, 2, failure, sizeof failure) == 1, "zlib opens");
    CHECK(slots[0] && slots[1] && failure[0] == 0, "both functions found, no reason given");
    if (slots[0]) {
      const char *(*version)(void);
      *(void **)&version = slots[0];
      CHECK(version()[0] == '1', "zlibVersion answers through its slot (%s)", version());
    }
  }
  {
    static const char *const names[] = {"zlibVersion", "pdftools_no_such_function"};
    slots[0] = slots[1] = failure;
    CHECK(pdft_lazy_open("libz.so.1", names, slots, 2, failure, sizeof failure) == 0, "a missing function fails");
    CHECK(!slots[0] && !slots[1], "no slot is filled when one function is missing");
    CHECK(strstr(failure, "pdftools_no_such_function") != NULL, "the reason names it (%s)", failure);
  }
  {
    static const char *const names[] = {"anything"};
    slots[0] = failure;
    CHECK(pdft_lazy_open("libpdftools-no-such-library.so.9", names, slots, 1, failure, sizeof failure) == 0,
          "a missing library fails");
    CHECK(!slots[0], "its slot is not filled");
    CHECK(strstr(failure, "libpdftools-no-such-library.so.9") != NULL, "the reason names it (%s)", failure);
  }
  return tc_finish();
}

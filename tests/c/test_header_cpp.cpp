/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * test_header_cpp.cpp — compiles include/pdftools.h alone as C++17
 * (-Wall -Wextra -Werror -pedantic and more; building this file is most of
 * the test) and, when run, checks that the library loaded at run time has the
 * version the header describes.
 */
#include "pdftools.h"
#include "pdftools.h" // the include guard must make a second include harmless

#include <cstdio>
#include <cstring>
#include <string>
#include <type_traits>

static_assert(PDFTOOLS_VERSION_NUMBER ==
                  PDFTOOLS_VERSION_MAJOR * 10000 + PDFTOOLS_VERSION_MINOR * 100 +
                      PDFTOOLS_VERSION_PATCH,
              "PDFTOOLS_VERSION_NUMBER is major * 10000 + minor * 100 + patch");
static_assert(PDFTOOLS_OK == 0, "PDFTOOLS_OK is 0");
static_assert(sizeof(pdftools_rect) == 4 * sizeof(double), "pdftools_rect is four doubles");
static_assert(std::is_standard_layout<pdftools_save_options>::value,
              "pdftools_save_options is a plain C struct");
static_assert(PDFTOOLS_SAVE_FULL == 0 && PDFTOOLS_SAVE_INCREMENTAL == 1 && PDFTOOLS_SAVE_AUTO == 2,
              "save modes are numbered as documented");
static_assert(std::is_same<pdftools_annotation_id, int64_t>::value,
              "pdftools_annotation_id is a 64-bit signed integer");
static_assert(std::is_standard_layout<pdftools_render_options>::value,
              "pdftools_render_options is a plain C struct");
static_assert(std::is_same<decltype(&pdftools_page_render),
                           pdftools_status (*)(pdftools_document *, int32_t,
                                               const pdftools_render_options *, void *, int32_t,
                                               int32_t, size_t)>::value,
              "pdftools_page_render has C linkage and the documented signature");
static_assert(std::is_same<decltype(&pdftools_document_open),
                           pdftools_status (*)(const char *, const char *,
                                               pdftools_document **)>::value,
              "pdftools_document_open has C linkage and the documented signature");

namespace {

int passed = 0;
int failed = 0;

void check(bool cond, const char *what) {
  if (cond) {
    ++passed;
    std::printf("ok - %s\n", what);
  } else {
    ++failed;
    std::printf("FAIL - %s\n", what);
  }
}

extern "C" void on_log(pdftools_log_level, const char *, const char *, void *) {}

} // namespace

int main() {
  pdftools_save_options options = PDFTOOLS_SAVE_OPTIONS_INIT;
  const pdftools_save_options const_options = PDFTOOLS_SAVE_OPTIONS_INIT;
  pdftools_log_callback cb = on_log;
  pdftools_status st = PDFTOOLS_E_WRONG_PASSWORD;
  pdftools_render_options render = PDFTOOLS_RENDER_OPTIONS_INIT;
  const pdftools_render_options const_render = PDFTOOLS_RENDER_OPTIONS_INIT;

  const std::string expected = std::to_string(PDFTOOLS_VERSION_MAJOR) + "." +
                               std::to_string(PDFTOOLS_VERSION_MINOR) + "." +
                               std::to_string(PDFTOOLS_VERSION_PATCH);
  check(expected == PDFTOOLS_VERSION_STRING, "PDFTOOLS_VERSION_STRING matches MAJOR.MINOR.PATCH");
  check(pdftools_version_number() == PDFTOOLS_VERSION_NUMBER,
        "pdftools_version_number() == PDFTOOLS_VERSION_NUMBER");
  const char *runtime = pdftools_version_string();
  check(runtime != nullptr && std::strcmp(runtime, PDFTOOLS_VERSION_STRING) == 0,
        "pdftools_version_string() == PDFTOOLS_VERSION_STRING");
  check(options.version == PDFTOOLS_SAVE_OPTIONS_VERSION && options.mode == PDFTOOLS_SAVE_AUTO &&
            options.compress_streams == 1 &&
            options.object_streams == PDFTOOLS_OBJECT_STREAMS_PRESERVE &&
            options.linearize == 0 && options.encryption == PDFTOOLS_ENCRYPTION_KEEP,
        "PDFTOOLS_SAVE_OPTIONS_INIT gives the documented defaults");
  check(const_options.version == options.version, "PDFTOOLS_SAVE_OPTIONS_INIT initialises a const object");
  check(render.version == PDFTOOLS_RENDER_OPTIONS_VERSION && render.scale == 1.0 &&
            render.format == PDFTOOLS_PIXEL_BGRA_PREMULTIPLIED && render.tile_x == 0 &&
            render.tile_y == 0 && render.background == 0xFFFFFFFFu && render.draw_annotations == 1,
        "PDFTOOLS_RENDER_OPTIONS_INIT gives the documented defaults");
  check(const_render.version == render.version, "PDFTOOLS_RENDER_OPTIONS_INIT initialises a const object");
  check(cb == &on_log && st == PDFTOOLS_E_WRONG_PASSWORD, "header types are usable from C++");
  std::printf("header %s, library %s\n", PDFTOOLS_VERSION_STRING, runtime ? runtime : "(null)");
  std::printf("%d passed, %d failed\n", passed, failed);
  return failed ? 1 : 0;
}

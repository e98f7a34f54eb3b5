/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * test_header_c99.c — compiles include/pdftools.h alone as strict C99
 * (-std=c99 -Wall -Wextra -Werror -pedantic and more; building this file is
 * most of the test) and, when run, checks that the library loaded at run time
 * has the version the header describes.
 */
#include "pdftools.h"
#include "pdftools.h" /* the include guard must make a second include harmless */

#include <stdio.h>
#include <string.h>

/* Compile-time checks (C99 has no static_assert: a negative array size fails). */
typedef char check_version_number[(PDFTOOLS_VERSION_NUMBER ==
                                   PDFTOOLS_VERSION_MAJOR * 10000 +
                                       PDFTOOLS_VERSION_MINOR * 100 +
                                       PDFTOOLS_VERSION_PATCH)
                                      ? 1
                                      : -1];
typedef char check_ok_is_zero[(PDFTOOLS_OK == 0) ? 1 : -1];
typedef char check_rect_size[(sizeof(pdftools_rect) == 4 * sizeof(double)) ? 1 : -1];
typedef char check_options_version[(PDFTOOLS_SAVE_OPTIONS_VERSION >= 1) ? 1 : -1];
typedef char check_permission_all[(PDFTOOLS_PERMISSION_ALL == 0xff) ? 1 : -1];
typedef char check_save_modes[(PDFTOOLS_SAVE_FULL == 0 && PDFTOOLS_SAVE_INCREMENTAL == 1 &&
                               PDFTOOLS_SAVE_AUTO == 2)
                                  ? 1
                                  : -1];
typedef char check_annotation_id[(sizeof(pdftools_annotation_id) == 8) ? 1 : -1];
typedef char check_render_version[(PDFTOOLS_RENDER_OPTIONS_VERSION >= 1) ? 1 : -1];
typedef char check_pixel_formats[(PDFTOOLS_PIXEL_BGRA_PREMULTIPLIED == 0 && PDFTOOLS_PIXEL_RGBA == 1)
                                     ? 1
                                     : -1];

static int passed;
static int failed;

static void check(int cond, const char *what) {
  if (cond) {
    passed++;
    printf("ok - %s\n", what);
  } else {
    failed++;
    printf("FAIL - %s\n", what);
  }
}

/* A log callback with exactly the header's signature. */
static void on_log(pdftools_log_level level, const char *source, const char *message,
                   void *user_data) {
  (void)level;
  (void)source;
  (void)message;
  (void)user_data;
}

int main(void) {
  pdftools_save_options options = PDFTOOLS_SAVE_OPTIONS_INIT;
  const pdftools_save_options const_options = PDFTOOLS_SAVE_OPTIONS_INIT;
  pdftools_rect rect = {0.0, 0.0, 612.0, 792.0};
  char expected[64];
  const char *runtime;
  pdftools_log_callback cb = on_log;
  pdftools_status st = PDFTOOLS_OK;
  pdftools_box box = PDFTOOLS_BOX_CROP;
  pdftools_render_options render = PDFTOOLS_RENDER_OPTIONS_INIT;
  const pdftools_render_options const_render = PDFTOOLS_RENDER_OPTIONS_INIT;
  pdftools_annotation_id id = (pdftools_annotation_id)1;

  sprintf(expected, "%d.%d.%d", PDFTOOLS_VERSION_MAJOR, PDFTOOLS_VERSION_MINOR,
          PDFTOOLS_VERSION_PATCH);
  check(strcmp(expected, PDFTOOLS_VERSION_STRING) == 0,
        "PDFTOOLS_VERSION_STRING matches MAJOR.MINOR.PATCH");
  check(pdftools_version_number() == PDFTOOLS_VERSION_NUMBER,
        "pdftools_version_number() == PDFTOOLS_VERSION_NUMBER");
  runtime = pdftools_version_string();
  check(runtime != NULL && strcmp(runtime, PDFTOOLS_VERSION_STRING) == 0,
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
  check(const_render.version == render.version && id == 1,
        "PDFTOOLS_RENDER_OPTIONS_INIT initialises a const object; pdftools_annotation_id is usable");
  check(rect.x1 == 612.0 && box == PDFTOOLS_BOX_CROP && st == PDFTOOLS_OK && cb == on_log,
        "header types are usable");
  printf("header %s, library %s\n", PDFTOOLS_VERSION_STRING, runtime ? runtime : "(null)");
  printf("%d passed, %d failed\n", passed, failed);
  return failed ? 1 : 0;
}

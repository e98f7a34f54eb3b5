/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * test_api.c — contract tests of the libpdftools C API (include/pdftools.h):
 * status strings, last error messages, NULL arguments, closed and forged
 * handles, file errors, page index and enum checks, the two-call string
 * pattern, metadata (including a UTF-8 round trip through save and reopen),
 * new documents and blank pages, save option validation (mode AUTO by
 * default, 3 and up invalid, INCREMENTAL unsupported for a new document),
 * the annotation and rendering functions on NULL, closed and forged handles,
 * the log callback, and that the library never writes to stdout or stderr.
 * (test_annotations, test_render and test_save cover those sections in depth.)
 *
 * Usage: test_api CORPUS_DIR
 * Prints one line per check and a last line "N passed, M failed"; exits 1 if
 * any check failed.
 */
#define _XOPEN_SOURCE 700

#include "test_common.h"

#include <limits.h>
#include <math.h>
#include <pthread.h>
#include <signal.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

static const char *g_corpus;
static char *g_tmp;

/* All status codes the header defines. */
static const pdftools_status all_statuses[] = {
    PDFTOOLS_OK,
    PDFTOOLS_E_INVALID_ARGUMENT,
    PDFTOOLS_E_INVALID_HANDLE,
    PDFTOOLS_E_OUT_OF_RANGE,
    PDFTOOLS_E_BUFFER_TOO_SMALL,
    PDFTOOLS_E_NOT_FOUND,
    PDFTOOLS_E_UNSUPPORTED,
    PDFTOOLS_E_NOT_PERMITTED,
    PDFTOOLS_E_FILE_NOT_FOUND,
    PDFTOOLS_E_PERMISSION_DENIED,
    PDFTOOLS_E_NOT_A_FILE,
    PDFTOOLS_E_IO,
    PDFTOOLS_E_NOT_PDF,
    PDFTOOLS_E_DAMAGED,
    PDFTOOLS_E_PASSWORD_REQUIRED,
    PDFTOOLS_E_WRONG_PASSWORD,
    PDFTOOLS_E_OUT_OF_MEMORY,
    PDFTOOLS_E_INTERNAL,
};
#define N_STATUSES (sizeof all_statuses / sizeof all_statuses[0])

/* 1 when s is well-formed UTF-8 (no overlongs, no surrogates, <= U+10FFFF). */
static int valid_utf8(const char *s) {
  const unsigned char *p = (const unsigned char *)s;
  while (*p) {
    unsigned c = *p;
    int n;
    unsigned cp;
    if (c < 0x80) {
      p++;
      continue;
    } else if ((c & 0xE0) == 0xC0) {
      n = 1;
      cp = c & 0x1F;
    } else if ((c & 0xF0) == 0xE0) {
      n = 2;
      cp = c & 0x0F;
    } else if ((c & 0xF8) == 0xF0) {
      n = 3;
      cp = c & 0x07;
    } else {
      return 0;
    }
    p++;
    {
      int i;
      for (i = 0; i < n; i++, p++) {
        if ((*p & 0xC0) != 0x80) return 0;
        cp = (cp << 6) | (*p & 0x3Fu);
      }
    }
    if ((n == 1 && cp < 0x80) || (n == 2 && cp < 0x800) || (n == 3 && cp < 0x10000)) return 0;
    if (cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return 0;
  }
  return 1;
}

/* Checks that the last error message is non-empty UTF-8 (after a failure). */
static void expect_message_after_failure(const char *what) {
  const char *msg = pdftools_last_error_message();
  CHECK(msg != NULL && msg[0] != '\0' && valid_utf8(msg),
        "%s: last_error_message is a non-empty UTF-8 string (\"%s\")", what, msg ? msg : "(null)");
}

/* Checks that the last error message is "" (after a success). */
static void expect_no_message(const char *what) {
  const char *msg = pdftools_last_error_message();
  CHECK(msg != NULL && msg[0] == '\0', "%s: last_error_message is \"\" after success (\"%s\")", what,
        msg ? msg : "(null)");
}

/* ------------------------------------------------------------------------ */

static void test_status_strings(void) {
  size_t i, j;
  static const int unknown[] = {1, 2, -9, -14, -19, -24, -29, -31, -98, -100, 12345, INT_MIN, INT_MAX};
  for (i = 0; i < N_STATUSES; i++) {
    const char *s = pdftools_status_string(all_statuses[i]);
    CHECK(s != NULL && s[0] != '\0' && strcmp(s, "unknown status") != 0 && valid_utf8(s),
          "status_string(%d) is a real name: \"%s\"", (int)all_statuses[i], s ? s : "(null)");
    for (j = 0; j < i; j++) {
      const char *t = pdftools_status_string(all_statuses[j]);
      if (s && t && strcmp(s, t) == 0)
        CHECK(0, "status_string(%d) and status_string(%d) differ (both \"%s\")", (int)all_statuses[i],
              (int)all_statuses[j], s);
    }
  }
  for (i = 0; i < sizeof unknown / sizeof unknown[0]; i++) {
    const char *s = pdftools_status_string((pdftools_status)unknown[i]);
    CHECK(s != NULL && strcmp(s, "unknown status") == 0, "status_string(%d) is \"unknown status\" (\"%s\")",
          unknown[i], s ? s : "(null)");
  }
  CHECK(pdftools_status_string(PDFTOOLS_E_WRONG_PASSWORD) == pdftools_status_string(PDFTOOLS_E_WRONG_PASSWORD),
        "status_string returns a static string (same pointer twice)");
}

/* ------------------------------------------------------------------------ */

/*
 * Calls every function that takes a document with doc (NULL, closed or forged)
 * and expects INVALID_HANDLE and untouched out-parameters.
 */
static void expect_all_invalid_handle(pdftools_document *doc, const char *label) {
  char what[160];
  int32_t i32 = -777, i32b = -778, i32c = -779;
  uint32_t u32 = 777u;
  double d = -777.0, d2 = -778.0;
  pdftools_rect r = {-1.0, -2.0, -3.0, -4.0};
  size_t sz = 777u;
  char buf[16];
  void *data = &sz;
  pdftools_status st;
  char *path = tc_path(g_tmp, "invalid-handle-save.pdf");
  pdftools_annotation_id ids[4] = {-7, -7, -7, -7};
  pdftools_render_options ro = PDFTOOLS_RENDER_OPTIONS_INIT;
  unsigned char pixels[64];
  int pixels_untouched = 1;
  size_t k;

  memset(buf, 'Z', sizeof buf);
  memset(pixels, 0x5A, sizeof pixels);
#define EXPECT_IH(call, name)                                          \
  do {                                                                 \
    snprintf(what, sizeof what, "%s handle: %s", label, name);         \
    st = (call);                                                       \
    EXPECT_STATUS(st, PDFTOOLS_E_INVALID_HANDLE, what);                \
    if (st != PDFTOOLS_OK) expect_message_after_failure(what);         \
  } while (0)

  EXPECT_IH(pdftools_document_get_page_count(doc, &i32), "document_page_count");
  EXPECT_IH(pdftools_document_was_repaired(doc, &i32), "document_was_repaired");
  EXPECT_IH(pdftools_document_get_pdf_version(doc, &i32, &i32b, &i32c), "document_pdf_version");
  EXPECT_IH(pdftools_document_get_pdf_version(doc, NULL, NULL, NULL), "document_pdf_version (NULL outs)");
  EXPECT_IH(pdftools_document_is_encrypted(doc, &i32), "document_is_encrypted");
  EXPECT_IH(pdftools_document_get_permissions(doc, &u32), "document_permissions");
  EXPECT_IH(pdftools_document_has_signature_fields(doc, &i32), "document_has_signature_fields");
  EXPECT_IH(pdftools_document_is_modified(doc, &i32), "document_is_modified");
  EXPECT_IH(pdftools_document_get_metadata(doc, "Title", buf, sizeof buf, &sz), "document_get_metadata");
  EXPECT_IH(pdftools_document_get_metadata(doc, "Title", NULL, 0, &sz), "document_get_metadata (NULL buf)");
  EXPECT_IH(pdftools_document_set_metadata(doc, "Title", "x"), "document_set_metadata");
  EXPECT_IH(pdftools_document_set_metadata(doc, "Title", NULL), "document_set_metadata (remove)");
  EXPECT_IH(pdftools_document_get_metadata_count(doc, &i32), "document_metadata_count");
  EXPECT_IH(pdftools_document_get_metadata_key(doc, 0, buf, sizeof buf, &sz), "document_metadata_key");
  EXPECT_IH(pdftools_page_get_box(doc, 0, PDFTOOLS_BOX_MEDIA, &r), "page_box");
  EXPECT_IH(pdftools_page_get_rotation(doc, 0, &i32), "page_rotation");
  EXPECT_IH(pdftools_page_get_user_unit(doc, 0, &d), "page_user_unit");
  EXPECT_IH(pdftools_page_get_size(doc, 0, &d, &d2), "page_size");
  EXPECT_IH(pdftools_page_get_size(doc, 0, NULL, NULL), "page_size (NULL outs)");
  EXPECT_IH(pdftools_page_get_label(doc, 0, buf, sizeof buf, &sz), "page_label");
  EXPECT_IH(pdftools_document_insert_blank_page(doc, 0, 612.0, 792.0), "document_insert_blank_page");
  EXPECT_IH(pdftools_document_save(doc, path, NULL), "document_save");
  EXPECT_IH(pdftools_document_save_to_memory(doc, NULL, &data, &sz), "document_save_to_memory");
  EXPECT_IH(pdftools_page_get_annotations(doc, 0, ids, 4, &i32), "page_annotations");
  EXPECT_IH(pdftools_page_get_annotations(doc, 0, NULL, 0, &i32), "page_annotations (NULL buffer)");
  EXPECT_IH(pdftools_annotation_get_page(doc, 1, &i32), "annotation_page");
  EXPECT_IH(pdftools_annotation_get_subtype(doc, 1, buf, sizeof buf, &sz), "annotation_subtype");
  EXPECT_IH(pdftools_annotation_get_rect(doc, 1, &r), "annotation_rect");
  EXPECT_IH(pdftools_annotation_get_text(doc, 1, "Contents", buf, sizeof buf, &sz), "annotation_get_text");
  EXPECT_IH(pdftools_annotation_get_raw(doc, 1, "Rect", buf, sizeof buf, &sz), "annotation_get_raw");
  EXPECT_IH(pdftools_annotation_set_raw(doc, 1, "Contents", "(x)"), "annotation_set_raw");
  EXPECT_IH(pdftools_annotation_set_raw(doc, 1, "Contents", NULL), "annotation_set_raw (remove)");
  EXPECT_IH(pdftools_annotation_delete(doc, 1), "annotation_delete");
  EXPECT_IH(pdftools_page_get_render_size(doc, 0, 1.0, &i32, &i32b), "page_render_size");
  EXPECT_IH(pdftools_page_get_render_size(doc, 0, 1.0, NULL, NULL), "page_render_size (NULL outs)");
  EXPECT_IH(pdftools_page_render(doc, 0, NULL, pixels, 4, 4, 16), "page_render");
  EXPECT_IH(pdftools_page_render(doc, 0, &ro, pixels, 4, 4, 16), "page_render (options)");
#undef EXPECT_IH

  CHECK(i32 == -777 && i32b == -778 && i32c == -779 && u32 == 777u && d == -777.0 && d2 == -778.0 &&
            r.x0 == -1.0 && r.y0 == -2.0 && r.x1 == -3.0 && r.y1 == -4.0 && sz == 777u && data == &sz,
        "%s handle: out-parameters left untouched", label);
  {
    int untouched = 1;
    for (k = 0; k < sizeof buf; k++) untouched &= buf[k] == 'Z';
    CHECK(untouched, "%s handle: caller buffers left untouched", label);
  }
  for (k = 0; k < sizeof pixels; k++) pixels_untouched &= pixels[k] == 0x5A;
  CHECK(pixels_untouched && ids[0] == -7 && ids[3] == -7, "%s handle: pixel buffer and id array left untouched",
        label);
  CHECK(access(path, F_OK) != 0, "%s handle: save created no file", label);
  free(path);
}

static void test_null_handle(void) {
  expect_all_invalid_handle(NULL, "NULL");
  pdftools_document_close(NULL);
  CHECK(1, "document_close(NULL) is a no-op");
  pdftools_free(NULL);
  CHECK(1, "pdftools_free(NULL) is a no-op");
}

static void test_null_arguments(void) {
  pdftools_document *doc = NULL;
  pdftools_document *sentinel = (pdftools_document *)&doc;
  pdftools_document *out = sentinel;
  char *path = tc_corpus_file(g_corpus, "qpdf-boxes.pdf");
  void *data = NULL;
  size_t size = 0;
  double w = -1.0;
  int32_t count = -1;
  char what[64];

  EXPECT_STATUS(pdftools_document_open(NULL, NULL, &out), PDFTOOLS_E_INVALID_ARGUMENT, "open(path NULL)");
  expect_message_after_failure("open(path NULL)");
  CHECK(out == sentinel, "open(path NULL) leaves *out_doc untouched");
  EXPECT_STATUS(pdftools_document_open(path, NULL, NULL), PDFTOOLS_E_INVALID_ARGUMENT, "open(out_doc NULL)");
  EXPECT_STATUS(pdftools_document_open_from_memory("%PDF", 4, NULL, NULL), PDFTOOLS_E_INVALID_ARGUMENT,
                "open_memory(out_doc NULL)");
  EXPECT_STATUS(pdftools_document_open_from_memory(NULL, 10, NULL, &out), PDFTOOLS_E_INVALID_ARGUMENT,
                "open_memory(data NULL, size 10)");
  CHECK(out == sentinel, "open_memory(data NULL, size 10) leaves *out_doc untouched");
  EXPECT_STATUS(pdftools_document_open_from_memory(NULL, 0, NULL, &out), PDFTOOLS_E_NOT_PDF,
                "open_memory(data NULL, size 0)");
  EXPECT_STATUS(pdftools_document_open_from_memory("", 0, NULL, &out), PDFTOOLS_E_NOT_PDF,
                "open_memory(data non-NULL, size 0)");
  CHECK(out == sentinel, "failed open_memory leaves *out_doc untouched");
  EXPECT_STATUS(pdftools_document_new(NULL), PDFTOOLS_E_INVALID_ARGUMENT, "new(out_doc NULL)");

  if (EXPECT_OK(pdftools_document_open(path, NULL, &doc), "open qpdf-boxes.pdf")) {
    expect_no_message("open qpdf-boxes.pdf");
    EXPECT_OK(pdftools_document_set_metadata(doc, "Title", "null-argument test"), "set Title");
#define EXPECT_IA(call, name)                                   \
  do {                                                          \
    snprintf(what, sizeof what, "%s with a NULL pointer", name); \
    EXPECT_STATUS((call), PDFTOOLS_E_INVALID_ARGUMENT, what);   \
  } while (0)
    EXPECT_IA(pdftools_document_get_page_count(doc, NULL), "page_count");
    EXPECT_IA(pdftools_document_was_repaired(doc, NULL), "was_repaired");
    EXPECT_IA(pdftools_document_is_encrypted(doc, NULL), "is_encrypted");
    EXPECT_IA(pdftools_document_get_permissions(doc, NULL), "permissions");
    EXPECT_IA(pdftools_document_has_signature_fields(doc, NULL), "has_signature_fields");
    EXPECT_IA(pdftools_document_is_modified(doc, NULL), "is_modified");
    EXPECT_IA(pdftools_document_get_metadata(doc, NULL, NULL, 0, &size), "get_metadata(key)");
    EXPECT_IA(pdftools_document_get_metadata(doc, "Title", NULL, 0, NULL), "get_metadata(out_size)");
    EXPECT_IA(pdftools_document_set_metadata(doc, NULL, "x"), "set_metadata(key)");
    EXPECT_IA(pdftools_document_set_metadata(doc, NULL, NULL), "set_metadata(key, value)");
    EXPECT_IA(pdftools_document_get_metadata_count(doc, NULL), "metadata_count");
    EXPECT_IA(pdftools_document_get_metadata_key(doc, 0, NULL, 0, NULL), "metadata_key(out_size)");
    EXPECT_IA(pdftools_page_get_box(doc, 0, PDFTOOLS_BOX_MEDIA, NULL), "page_box");
    EXPECT_IA(pdftools_page_get_rotation(doc, 0, NULL), "page_rotation");
    EXPECT_IA(pdftools_page_get_user_unit(doc, 0, NULL), "page_user_unit");
    EXPECT_IA(pdftools_page_get_label(doc, 0, NULL, 0, NULL), "page_label(out_size)");
    EXPECT_IA(pdftools_document_save(doc, NULL, NULL), "save(path)");
    EXPECT_IA(pdftools_document_save_to_memory(doc, NULL, NULL, &size), "save_to_memory(out_data)");
    EXPECT_IA(pdftools_document_save_to_memory(doc, NULL, &data, NULL), "save_to_memory(out_size)");
    EXPECT_IA(pdftools_page_get_annotations(doc, 0, NULL, 0, NULL), "page_annotations(out_count)");
    EXPECT_IA(pdftools_page_render(doc, 0, NULL, NULL, 10, 10, 40), "page_render(buffer)");
#undef EXPECT_IA
    CHECK(data == NULL, "failed save_to_memory leaves *out_data untouched");
    expect_message_after_failure("save_to_memory(out_size NULL)");

    /* Out-pointers the header allows to be NULL. */
    EXPECT_OK(pdftools_document_get_pdf_version(doc, NULL, NULL, NULL), "pdf_version with all outs NULL");
    expect_no_message("pdf_version with all outs NULL");
    EXPECT_OK(pdftools_page_get_size(doc, 0, NULL, NULL), "page_size with both outs NULL");
    EXPECT_OK(pdftools_page_get_size(doc, 0, &w, NULL), "page_size with height NULL");
    CHECK(w > 0.0, "page_size with height NULL still gives the width (%g)", w);
    EXPECT_OK(pdftools_document_get_page_count(doc, &count), "page_count after NULL-argument failures");
    CHECK(count == 8, "page count of qpdf-boxes.pdf is 8 (%d)", (int)count);
    pdftools_document_close(doc);
  }
  free(path);
}

/* ------------------------------------------------------------------------ */

static void test_closed_and_forged_handles(void) {
  pdftools_document *doc = NULL;
  pdftools_document *handles[64];
  int i, j, distinct = 1, reused = 0;
  unsigned char fake[256];
  char *path = tc_corpus_file(g_corpus, "qpdf-boxes.pdf");

  if (EXPECT_OK(pdftools_document_open(path, NULL, &doc), "open for closed-handle test")) {
    pdftools_document *closed = doc;
    pdftools_document_close(doc);
    expect_all_invalid_handle(closed, "closed");
    pdftools_document_close(closed);
    CHECK(1, "closing a handle twice is a no-op");

    /* Handle values are never reused: open and close many documents. */
    for (i = 0; i < 64; i++) {
      handles[i] = NULL;
      if (pdftools_document_new(&handles[i]) != PDFTOOLS_OK) handles[i] = NULL;
      if (handles[i] == closed) reused = 1;
      pdftools_document_close(handles[i]);
    }
    for (i = 0; i < 64; i++)
      for (j = 0; j < i; j++)
        if (handles[i] && handles[i] == handles[j]) distinct = 0;
    CHECK(!reused && distinct, "64 new+close cycles never reuse a handle value");
    expect_all_invalid_handle(closed, "closed (after more documents were created)");
  }

  expect_all_invalid_handle((pdftools_document *)(uintptr_t)0x1234, "forged 0x1234");
  memset(fake, 0, sizeof fake);
  expect_all_invalid_handle((pdftools_document *)(void *)fake, "forged (zeroed stack memory)");
  memset(fake, 0xA5, sizeof fake);
  expect_all_invalid_handle((pdftools_document *)(void *)fake, "forged (0xA5 stack memory)");
  if (pdftools_document_new(&doc) == PDFTOOLS_OK) {
    expect_all_invalid_handle((pdftools_document *)(void *)((char *)doc + 8), "forged (live handle + 8)");
    pdftools_document_close(doc);
  }
  pdftools_document_close((pdftools_document *)(uintptr_t)0x1234);
  pdftools_document_close((pdftools_document *)(void *)fake);
  CHECK(1, "closing forged handles does not crash");
  free(path);
}

/* ------------------------------------------------------------------------ */

static void expect_open_fails(const char *path, pdftools_status want1, pdftools_status want2,
                              const char *what) {
  pdftools_document *sentinel = (pdftools_document *)(uintptr_t)0x5678;
  pdftools_document *doc = sentinel;
  pdftools_status st = pdftools_document_open(path, NULL, &doc);
  if (want1 == want2)
    EXPECT_STATUS(st, want1, what);
  else
    EXPECT_STATUS2(st, want1, want2, what);
  if (st != PDFTOOLS_OK) {
    expect_message_after_failure(what);
    CHECK(doc == sentinel, "%s: *out_doc untouched", what);
  } else {
    pdftools_document_close(doc);
  }
}

static void test_file_errors(void) {
  char *missing = tc_path(g_tmp, "does-not-exist.pdf");
  char *missing_dir = tc_path(g_tmp, "no-such-folder/file.pdf");
  char *dir = tc_path(g_tmp, "a-folder.pdf");
  char *empty = tc_path(g_tmp, "empty.pdf");
  char *garbage = tc_path(g_tmp, "garbage.pdf");
  char *text = tc_path(g_tmp, "text.pdf");
  char *header_only = tc_path(g_tmp, "header-only.pdf");
  char *fifo = tc_path(g_tmp, "fifo.pdf");
  unsigned char noise[8192];
  unsigned seed = 12345u;
  size_t i;
  pdftools_document *doc = NULL;

  for (i = 0; i < sizeof noise; i++) {
    seed = seed * 1103515245u + 12345u;
    noise[i] = (unsigned char)(seed >> 16);
  }
  mkdir(dir, 0755);
  tc_write_file(empty, "", 0);
  tc_write_file(garbage, noise, sizeof noise);
  tc_write_file(text, "hello, world\nthis is not a PDF\n", 31);
  tc_write_file(header_only, "%PDF-1.4\n", 9);

  expect_open_fails(missing, PDFTOOLS_E_FILE_NOT_FOUND, PDFTOOLS_E_FILE_NOT_FOUND, "open missing file");
  expect_open_fails(missing_dir, PDFTOOLS_E_FILE_NOT_FOUND, PDFTOOLS_E_FILE_NOT_FOUND,
                    "open file in missing folder");
  expect_open_fails(dir, PDFTOOLS_E_NOT_A_FILE, PDFTOOLS_E_NOT_A_FILE, "open a folder");
  expect_open_fails("/dev/null", PDFTOOLS_E_NOT_A_FILE, PDFTOOLS_E_NOT_A_FILE, "open /dev/null (a device)");
  if (mkfifo(fifo, 0600) == 0) {
    tc_fifo_guard guard;
    int started = tc_fifo_guard_start(&guard, fifo, 1) == 0;
    alarm(60); /* last resort: the test is killed if the call cannot be released */
    expect_open_fails(fifo, PDFTOOLS_E_NOT_A_FILE, PDFTOOLS_E_NOT_A_FILE, "open a FIFO");
    alarm(0);
    if (started) {
      int released = tc_fifo_guard_stop(&guard);
      CHECK(!released, "open a FIFO returns without blocking%s",
            released ? " (it blocked until the test opened the FIFO's other end)" : "");
    }
  } else {
    tc_note("mkfifo failed; FIFO case not run");
  }
  expect_open_fails(empty, PDFTOOLS_E_NOT_PDF, PDFTOOLS_E_NOT_PDF, "open empty file");
  expect_open_fails(garbage, PDFTOOLS_E_NOT_PDF, PDFTOOLS_E_DAMAGED, "open 8 KiB of random bytes");
  expect_open_fails(text, PDFTOOLS_E_NOT_PDF, PDFTOOLS_E_NOT_PDF, "open a text file");
  expect_open_fails(header_only, PDFTOOLS_E_NOT_PDF, PDFTOOLS_E_DAMAGED, "open a file with only %PDF-1.4");
  expect_open_fails("", PDFTOOLS_E_FILE_NOT_FOUND, PDFTOOLS_E_INVALID_ARGUMENT, "open empty path");

  EXPECT_STATUS2(pdftools_document_open_from_memory(noise, sizeof noise, NULL, &doc), PDFTOOLS_E_NOT_PDF,
                 PDFTOOLS_E_DAMAGED, "open_memory random bytes");
  EXPECT_STATUS(pdftools_document_open_from_memory("hello", 5, NULL, &doc), PDFTOOLS_E_NOT_PDF,
                "open_memory \"hello\"");
  CHECK(doc == NULL, "failed open_memory leaves *out_doc untouched (NULL)");

  /* Permission errors cannot be produced for root. */
  if (geteuid() == 0) {
    printf("n/a - unreadable file and non-searchable folder (PERMISSION_DENIED): not applicable when "
           "running as root (euid 0), root may read any file\n");
  } else {
    char *locked = tc_path(g_tmp, "unreadable.pdf");
    char *closed_dir = tc_path(g_tmp, "closed-folder");
    char *inside = tc_path(closed_dir, "inside.pdf");
    char *boxes = tc_corpus_file(g_corpus, "qpdf-boxes.pdf");
    tc_copy_file(boxes, locked);
    chmod(locked, 0);
    expect_open_fails(locked, PDFTOOLS_E_PERMISSION_DENIED, PDFTOOLS_E_PERMISSION_DENIED,
                      "open an unreadable file (mode 000)");
    chmod(locked, 0644);
    mkdir(closed_dir, 0755);
    tc_copy_file(boxes, inside);
    chmod(closed_dir, 0);
    expect_open_fails(inside, PDFTOOLS_E_PERMISSION_DENIED, PDFTOOLS_E_PERMISSION_DENIED,
                      "open a file in a non-searchable folder");
    chmod(closed_dir, 0755);
    free(locked);
    free(closed_dir);
    free(inside);
    free(boxes);
  }

  free(missing);
  free(missing_dir);
  free(dir);
  free(empty);
  free(garbage);
  free(text);
  free(header_only);
  free(fifo);
}

/* ------------------------------------------------------------------------ */

static void test_page_indices(void) {
  pdftools_document *doc = tc_open_corpus(g_corpus, "qpdf-boxes.pdf", NULL);
  static const int32_t bad_pages[] = {-1, 8, 9, INT32_MIN, INT32_MAX};
  static const int bad_boxes[] = {-1, 5, 6, 100, INT_MAX};
  size_t i;
  char what[96];
  if (!doc) return;
  for (i = 0; i < sizeof bad_pages / sizeof bad_pages[0]; i++) {
    int32_t p = bad_pages[i];
    pdftools_rect r = {1, 2, 3, 4};
    int32_t rot = 77;
    double unit = 77.0, w = 77.0, h = 78.0;
    char buf[16] = "untouched";
    size_t size = 99;
    snprintf(what, sizeof what, "page index %ld: ", (long)p);
#define IDX_CHECK(call, name)                                             \
  do {                                                                    \
    char w2[160];                                                         \
    snprintf(w2, sizeof w2, "%s%s", what, name);                          \
    EXPECT_STATUS((call), PDFTOOLS_E_OUT_OF_RANGE, w2);                   \
  } while (0)
    IDX_CHECK(pdftools_page_get_box(doc, p, PDFTOOLS_BOX_MEDIA, &r), "page_box");
    IDX_CHECK(pdftools_page_get_box(doc, p, PDFTOOLS_BOX_ART, &r), "page_box(ART)");
    IDX_CHECK(pdftools_page_get_rotation(doc, p, &rot), "page_rotation");
    IDX_CHECK(pdftools_page_get_user_unit(doc, p, &unit), "page_user_unit");
    IDX_CHECK(pdftools_page_get_size(doc, p, &w, &h), "page_size");
    IDX_CHECK(pdftools_page_get_label(doc, p, buf, sizeof buf, &size), "page_label");
    IDX_CHECK(pdftools_page_get_label(doc, p, NULL, 0, &size), "page_label(NULL buffer)");
    if (p != 8) IDX_CHECK(pdftools_document_insert_blank_page(doc, p, 612, 792), "insert_blank_page");
#undef IDX_CHECK
    CHECK(r.x0 == 1 && r.y1 == 4 && rot == 77 && unit == 77.0 && w == 77.0 && h == 78.0 && size == 99 &&
              strcmp(buf, "untouched") == 0,
          "%sout-parameters untouched", what);
  }
  for (i = 0; i < sizeof bad_boxes / sizeof bad_boxes[0]; i++) {
    pdftools_rect r = {1, 2, 3, 4};
    snprintf(what, sizeof what, "page_box with box value %d", bad_boxes[i]);
    EXPECT_STATUS(pdftools_page_get_box(doc, 0, (pdftools_box)bad_boxes[i], &r), PDFTOOLS_E_INVALID_ARGUMENT, what);
    CHECK(r.x0 == 1 && r.y0 == 2 && r.x1 == 3 && r.y1 == 4, "%s: out_rect untouched", what);
  }
  {
    pdftools_rect r;
    int32_t count = 0;
    EXPECT_OK(pdftools_page_get_box(doc, 7, PDFTOOLS_BOX_ART, &r), "page_box(last page, ART)");
    EXPECT_OK(pdftools_document_get_page_count(doc, &count), "page_count after index errors");
    CHECK(count == 8, "no page was inserted by the failed calls (count %d)", (int)count);
  }
  pdftools_document_close(doc);
}

/* ------------------------------------------------------------------------ */

/* Exercises the two-call pattern on one string getter. */
typedef pdftools_status (*string_getter)(pdftools_document *doc, int32_t index, const char *key, char *buf,
                                         size_t buf_size, size_t *out_size);

static pdftools_status get_meta(pdftools_document *doc, int32_t index, const char *key, char *buf,
                                size_t buf_size, size_t *out_size) {
  (void)index;
  return pdftools_document_get_metadata(doc, key, buf, buf_size, out_size);
}

static pdftools_status get_label(pdftools_document *doc, int32_t index, const char *key, char *buf,
                                 size_t buf_size, size_t *out_size) {
  (void)key;
  return pdftools_page_get_label(doc, index, buf, buf_size, out_size);
}

static pdftools_status get_key(pdftools_document *doc, int32_t index, const char *key, char *buf,
                               size_t buf_size, size_t *out_size) {
  (void)key;
  return pdftools_document_get_metadata_key(doc, index, buf, buf_size, out_size);
}

static int all_z(const char *buf, size_t from, size_t to) {
  size_t i;
  for (i = from; i < to; i++)
    if (buf[i] != 'Z') return 0;
  return 1;
}

static void check_two_call(pdftools_document *doc, string_getter get, int32_t index, const char *key,
                           const char *expected, const char *name) {
  char buf[256];
  size_t need = 0, size;
  size_t len = strlen(expected);
  char what[128];

  snprintf(what, sizeof what, "%s: NULL buffer gives the size", name);
  EXPECT_OK(get(doc, index, key, NULL, 0, &need), what);
  CHECK(need == len + 1, "%s: size needed is %lu (got %lu)", name, (unsigned long)(len + 1), (unsigned long)need);
  expect_no_message(what);

  size = 12345;
  memset(buf, 'Z', sizeof buf);
  snprintf(what, sizeof what, "%s: non-NULL buffer of size 0", name);
  EXPECT_STATUS(get(doc, index, key, buf, 0, &size), PDFTOOLS_E_BUFFER_TOO_SMALL, what);
  CHECK(size == len + 1, "%s: size needed reported (%lu)", what, (unsigned long)size);
  CHECK(all_z(buf, 0, sizeof buf), "%s: buffer untouched", what);

  size = 12345;
  snprintf(what, sizeof what, "%s: buffer one byte too small", name);
  EXPECT_STATUS(get(doc, index, key, buf, len, &size), PDFTOOLS_E_BUFFER_TOO_SMALL, what);
  CHECK(size == len + 1, "%s: size needed reported (%lu)", what, (unsigned long)size);
  CHECK(all_z(buf, 0, sizeof buf), "%s: buffer untouched", what);
  expect_message_after_failure(what);

  size = 12345;
  snprintf(what, sizeof what, "%s: exact buffer", name);
  EXPECT_OK(get(doc, index, key, buf, len + 1, &size), what);
  CHECK(memcmp(buf, expected, len + 1) == 0, "%s: value \"%.*s\" is \"%s\"", what, (int)len, buf, expected);
  CHECK(size == len + 1, "%s: out_size is %lu (%lu)", what, (unsigned long)(len + 1), (unsigned long)size);
  CHECK(all_z(buf, len + 1, sizeof buf), "%s: nothing written past the NUL", what);

  size = 12345;
  memset(buf, 'Z', sizeof buf);
  snprintf(what, sizeof what, "%s: large buffer", name);
  EXPECT_OK(get(doc, index, key, buf, sizeof buf, &size), what);
  CHECK(strcmp(buf, expected) == 0 && size == len + 1, "%s: value and size", what);
}

/* Counts and capacities are int32_t: a negative one is INVALID_ARGUMENT, and an out count is
 * left as it was. */
static void test_negative_counts(void) {
  pdftools_document *doc = NULL;
  pdftools_tool_manager *tm = NULL;
  pdftools_annotation_id ink = 0, square = 0, ids[4];
  pdftools_rect rect = {100, 100, 200, 200};
  pdftools_point points[4] = {{110, 110}, {150, 150}, {190, 120}, {120, 190}};
  pdftools_quad quads[1] = {{{100, 200}, {200, 200}, {100, 180}, {200, 180}}};
  pdftools_char_info chars[4];
  pdftools_point ink_points[8];
  pdftools_overlay_item items[4];
  const int32_t negative_length[2] = {2, -1};
  const int32_t lengths[1] = {4};
  int32_t count = 77, strokes = 77, ink_lengths[4];
  double dashes[2] = {3, 2};
  if (!CHECK(pdftools_document_new(&doc) == PDFTOOLS_OK && doc, "negative counts: a new document")) return;
  EXPECT_OK(pdftools_document_insert_blank_page(doc, 0, 612, 792), "negative counts: a page");
  EXPECT_OK(pdftools_annotation_create(doc, 0, "Ink", rect, &ink), "negative counts: an ink annotation");
  EXPECT_OK(pdftools_annotation_set_ink(doc, ink, points, lengths, 1), "negative counts: its stroke");
  EXPECT_OK(pdftools_annotation_create(doc, 0, "Square", rect, &square), "negative counts: a square");

  EXPECT_STATUS(pdftools_page_get_annotations(doc, 0, ids, -1, &count), PDFTOOLS_E_INVALID_ARGUMENT,
                "page_get_annotations: capacity -1");
  EXPECT_STATUS(pdftools_page_get_chars(doc, 0, sizeof chars[0], chars, -4, &count), PDFTOOLS_E_INVALID_ARGUMENT,
                "page_get_chars: capacity -4");
  CHECK(count == 77, "a refused negative capacity leaves out_count alone (%d)", count);
  EXPECT_OK(pdftools_page_get_annotations(doc, 0, NULL, -1, &count), "page_get_annotations: NULL buffer, capacity ignored");
  CHECK(count == 2, "the size query counts 2 annotations (%d)", count);
  count = 77;
  EXPECT_STATUS(pdftools_annotation_get_ink(doc, ink, ink_points, -8, &count, ink_lengths, 4, &strokes),
                PDFTOOLS_E_INVALID_ARGUMENT, "annotation_get_ink: point_capacity -8");
  EXPECT_STATUS(pdftools_annotation_get_ink(doc, ink, ink_points, 8, &count, ink_lengths, -4, &strokes),
                PDFTOOLS_E_INVALID_ARGUMENT, "annotation_get_ink: stroke_capacity -4");
  CHECK(count == 77 && strokes == 77, "get_ink refused: both counts left alone (%d, %d)", count, strokes);
  EXPECT_OK(pdftools_annotation_get_ink(doc, ink, ink_points, 8, &count, ink_lengths, 4, &strokes),
            "annotation_get_ink with room");
  CHECK(count == 4 && strokes == 1 && ink_lengths[0] == 4, "one stroke of 4 points (%d, %d)", count, strokes);

  EXPECT_STATUS(pdftools_annotation_set_ink(doc, ink, points, negative_length, 2), PDFTOOLS_E_INVALID_ARGUMENT,
                "annotation_set_ink: a stroke length -1");
  EXPECT_STATUS(pdftools_annotation_set_ink(doc, ink, points, lengths, -1), PDFTOOLS_E_INVALID_ARGUMENT,
                "annotation_set_ink: stroke_count -1");
  EXPECT_STATUS(pdftools_annotation_set_vertices(doc, ink, points, -3), PDFTOOLS_E_INVALID_ARGUMENT,
                "annotation_set_vertices: count -3");
  EXPECT_STATUS(pdftools_annotation_set_quads(doc, square, quads, -1), PDFTOOLS_E_INVALID_ARGUMENT,
                "annotation_set_quads: count -1");
  {
    /* More points than an annotation may have (1000000) are refused before any is read. */
    const int32_t huge[1] = {2000000};
    EXPECT_STATUS(pdftools_annotation_set_ink(doc, ink, points, huge, 1), PDFTOOLS_E_INVALID_ARGUMENT,
                  "annotation_set_ink: a stroke of 2000000 points");
    EXPECT_STATUS(pdftools_annotation_set_callout(doc, ink, points, 1000001), PDFTOOLS_E_INVALID_ARGUMENT,
                  "annotation_set_callout: 1000001 points");
    EXPECT_STATUS(pdftools_annotation_set_vertices(doc, ink, points, 1000001), PDFTOOLS_E_INVALID_ARGUMENT,
                  "annotation_set_vertices: 1000001 points");
  }
  EXPECT_STATUS(pdftools_annotation_set_border(doc, square, 2, PDFTOOLS_BORDER_DASHED, dashes, -2),
                PDFTOOLS_E_INVALID_ARGUMENT, "annotation_set_border: dash_count -2");
  EXPECT_STATUS(pdftools_page_convert_points(doc, 0, PDFTOOLS_SPACE_PAGE, PDFTOOLS_SPACE_DISPLAY, points, -1, ink_points),
                PDFTOOLS_E_INVALID_ARGUMENT, "page_convert_points: count -1");
  count = 77;
  EXPECT_OK(pdftools_annotation_get_ink(doc, ink, ink_points, 8, &count, ink_lengths, 4, &strokes),
            "annotation_get_ink after the refused edits");
  CHECK(count == 4 && strokes == 1 && ink_lengths[0] == 4, "the refused edits changed nothing (%d, %d)", count, strokes);

  if (CHECK(pdftools_tool_manager_new(doc, &tm) == PDFTOOLS_OK && tm, "negative counts: a tool manager")) {
    int32_t item_count = 77, point_count = 77;
    EXPECT_STATUS(pdftools_tool_select(tm, ids, -1), PDFTOOLS_E_INVALID_ARGUMENT, "tool_select: count -1");
    EXPECT_STATUS(pdftools_tool_get_selection(tm, ids, -1, &count), PDFTOOLS_E_INVALID_ARGUMENT,
                  "tool_get_selection: capacity -1");
    EXPECT_STATUS(pdftools_tool_get_overlay(tm, 0, sizeof items[0], items, -1, ink_points, 8, &item_count, &point_count,
                                            NULL),
                  PDFTOOLS_E_INVALID_ARGUMENT, "tool_get_overlay: item_capacity -1");
    EXPECT_STATUS(pdftools_tool_get_overlay(tm, 0, sizeof items[0], items, 4, ink_points, -8, &item_count, &point_count,
                                            NULL),
                  PDFTOOLS_E_INVALID_ARGUMENT, "tool_get_overlay: point_capacity -8");
    CHECK(item_count == 77 && point_count == 77, "overlay refused: counts left alone (%d, %d)", item_count, point_count);
    EXPECT_STATUS(pdftools_tool_provide_ink(tm, points, negative_length, 2), PDFTOOLS_E_INVALID_ARGUMENT,
                  "tool_provide_ink: a stroke length -1");
    pdftools_tool_manager_free(tm);
  }
  pdftools_document_close(doc);
}

static void test_two_call_pattern(void) {
  pdftools_document *doc = NULL;
  int32_t n = 0, i, idx = -1;
  if (!EXPECT_OK(pdftools_document_new(&doc), "new document for the two-call test")) return;
  EXPECT_OK(pdftools_document_insert_blank_page(doc, 0, 612, 792), "insert a page");
  EXPECT_OK(pdftools_document_set_metadata(doc, "Title", "Hello, world"), "set Title");
  check_two_call(doc, get_meta, 0, "Title", "Hello, world", "get_metadata(Title)");
  EXPECT_OK(pdftools_document_set_metadata(doc, "Subject", "\xc3\xa4\xc3\xb6\xc3\xbc \xe2\x82\xac \xf0\x9f\x98\x80"),
            "set Subject (non-ASCII)");
  check_two_call(doc, get_meta, 0, "Subject", "\xc3\xa4\xc3\xb6\xc3\xbc \xe2\x82\xac \xf0\x9f\x98\x80",
                 "get_metadata(Subject, non-ASCII)");
  check_two_call(doc, get_label, 0, NULL, "1", "page_label(0)");
  EXPECT_OK(pdftools_document_get_metadata_count(doc, &n), "metadata_count");
  for (i = 0; i < n; i++) {
    char buf[64];
    size_t size = 0;
    if (pdftools_document_get_metadata_key(doc, i, buf, sizeof buf, &size) == PDFTOOLS_OK && strcmp(buf, "Title") == 0)
      idx = i;
  }
  if (CHECK(idx >= 0, "metadata_key lists Title"))
    check_two_call(doc, get_key, idx, NULL, "Title", "metadata_key(Title)");
  pdftools_document_close(doc);
}

/* ------------------------------------------------------------------------ */

struct meta_case {
  const char *key;
  const char *value;
};

static const struct meta_case meta_cases[] = {
    {"Title", "Gr\xc3\xbc\xc3\x9f" "e aus K\xc3\xb6ln \xe2\x80\x93 \xe6\x97\xa5\xe6\x9c\xac\xe8\xaa\x9e "
              "\xf0\x9f\x98\x80"},                       /* needs UTF-16, incl. a surrogate pair */
    {"Author", "Caf\xc3\xa9 \xe2\x82\xac"},              /* fits PDFDocEncoding (e-acute, euro) */
    {"Subject", "a (b) \\ c ) ( \\n"},                   /* string delimiters and backslashes */
    {"Keywords", ""},                                    /* empty text */
    {"CreationDate", "D:20230115103000+01'00'"},         /* dates are returned as stored */
    {"MyCustomKey", "custom value"},                     /* any other key */
    {"Creator", "\xd7\xa9\xd7\x9c\xd7\x95\xd7\x9d \xd8\xb3\xd9\x84\xd8\xa7\xd9\x85"}, /* Hebrew, Arabic */
};
#define N_META_CASES (sizeof meta_cases / sizeof meta_cases[0])

static int has_key(pdftools_document *doc, const char *key) {
  int32_t n = 0, i;
  if (pdftools_document_get_metadata_count(doc, &n) != PDFTOOLS_OK) return 0;
  for (i = 0; i < n; i++) {
    char buf[128];
    size_t size = 0;
    if (pdftools_document_get_metadata_key(doc, i, buf, sizeof buf, &size) == PDFTOOLS_OK && strcmp(buf, key) == 0)
      return 1;
  }
  return 0;
}

static void check_meta_values(pdftools_document *doc, const char *when) {
  size_t i;
  for (i = 0; i < N_META_CASES; i++) {
    pdftools_status st;
    char *got = tc_get_metadata(doc, meta_cases[i].key, &st);
    CHECK(st == PDFTOOLS_OK && got && strcmp(got, meta_cases[i].value) == 0, "%s: %s is \"%s\" (got \"%s\", %s)",
          when, meta_cases[i].key, meta_cases[i].value, got ? got : "(none)", pdftools_status_string(st));
    CHECK(has_key(doc, meta_cases[i].key), "%s: metadata_key lists %s", when, meta_cases[i].key);
    free(got);
  }
}

static void test_metadata(void) {
  pdftools_document *doc = NULL, *reopened = NULL;
  int32_t n0 = -1, n = -1, modified = -1;
  size_t i, size = 7;
  char buf[32];
  void *data = NULL;
  static const char *bad_keys[] = {"", "Bad Key", "Bad/Key", "/Title", "Bad(Key", "Bad<Key", "Bad\tKey",
                                   "Bad]Key", "Bad%Key"};
  static const char *bad_values[] = {"\xff", "abc\xc3", "\xc0\xaf", "\xed\xa0\x80", "\xf8\x88\x80\x80\x80",
                                     "ok\x80"};

  if (!EXPECT_OK(pdftools_document_new(&doc), "new document for metadata")) return;
  EXPECT_OK(pdftools_document_insert_blank_page(doc, 0, 595, 842), "insert a page");
  EXPECT_OK(pdftools_document_get_metadata_count(doc, &n0), "metadata_count of a new document");
  tc_note("a new document has %d metadata entries", (int)n0);
  EXPECT_STATUS(pdftools_document_get_metadata(doc, "Title", NULL, 0, &size), PDFTOOLS_E_NOT_FOUND,
                "get_metadata(Title) of a new document");
  CHECK(size == 7, "NOT_FOUND leaves out_size untouched");
  expect_message_after_failure("get_metadata NOT_FOUND");
  EXPECT_STATUS(pdftools_document_get_metadata(doc, "NoSuchKey", buf, sizeof buf, &size), PDFTOOLS_E_NOT_FOUND,
                "get_metadata(NoSuchKey)");

  EXPECT_OK(pdftools_document_set_metadata(doc, "Title", "first"), "set Title");
  EXPECT_OK(pdftools_document_get_metadata_count(doc, &n), "metadata_count after set");
  CHECK(n == n0 + 1, "count grew by one (%d -> %d)", (int)n0, (int)n);
  EXPECT_OK(pdftools_document_set_metadata(doc, "Title", "second"), "set Title again");
  EXPECT_OK(pdftools_document_get_metadata_count(doc, &n), "metadata_count after replacing");
  CHECK(n == n0 + 1, "replacing a value keeps the count (%d)", (int)n);
  {
    char *v = tc_get_metadata(doc, "Title", NULL);
    CHECK(v && strcmp(v, "second") == 0, "Title is the last value set (\"%s\")", v ? v : "(none)");
    free(v);
  }
  EXPECT_OK(pdftools_document_set_metadata(doc, "Title", NULL), "remove Title");
  EXPECT_OK(pdftools_document_get_metadata_count(doc, &n), "metadata_count after remove");
  CHECK(n == n0, "count back to %d (%d)", (int)n0, (int)n);
  EXPECT_STATUS(pdftools_document_get_metadata(doc, "Title", NULL, 0, &size), PDFTOOLS_E_NOT_FOUND,
                "get removed Title");
  CHECK(!has_key(doc, "Title"), "removed key is not listed");
  EXPECT_OK(pdftools_document_set_metadata(doc, "Title", NULL), "removing an absent key succeeds");
  EXPECT_OK(pdftools_document_set_metadata(doc, "NeverSet", NULL), "removing a never-set key succeeds");

  for (i = 0; i < sizeof bad_keys / sizeof bad_keys[0]; i++) {
    char what[96];
    snprintf(what, sizeof what, "set_metadata with bad key \"%s\"", bad_keys[i]);
    EXPECT_STATUS(pdftools_document_set_metadata(doc, bad_keys[i], "x"), PDFTOOLS_E_INVALID_ARGUMENT, what);
  }
  for (i = 0; i < sizeof bad_values / sizeof bad_values[0]; i++) {
    char what[96];
    snprintf(what, sizeof what, "set_metadata with invalid UTF-8 value #%lu", (unsigned long)i);
    EXPECT_STATUS(pdftools_document_set_metadata(doc, "Title", bad_values[i]), PDFTOOLS_E_INVALID_ARGUMENT, what);
  }
  EXPECT_STATUS(pdftools_document_get_metadata(doc, "Title", NULL, 0, &size), PDFTOOLS_E_NOT_FOUND,
                "rejected values were not stored");
  EXPECT_OK(pdftools_document_get_metadata_count(doc, &n), "metadata_count after rejected sets");
  CHECK(n == n0, "rejected sets did not change the count (%d)", (int)n);

  for (i = 0; i < N_META_CASES; i++) {
    char what[96];
    snprintf(what, sizeof what, "set %s", meta_cases[i].key);
    EXPECT_OK(pdftools_document_set_metadata(doc, meta_cases[i].key, meta_cases[i].value), what);
  }
  {
    /* metadata_key lists the entries sorted by name (byte order). */
    int32_t k, count = 0;
    char prev[128] = "", cur[128];
    int sorted = 1;
    EXPECT_OK(pdftools_document_get_metadata_count(doc, &count), "metadata_count with all keys set");
    CHECK(count == n0 + (int32_t)N_META_CASES, "%d entries (%d)", (int)(n0 + (int32_t)N_META_CASES), (int)count);
    for (k = 0; k < count; k++) {
      size_t sz = 0;
      if (pdftools_document_get_metadata_key(doc, k, cur, sizeof cur, &sz) != PDFTOOLS_OK) {
        sorted = 0;
        break;
      }
      if (k > 0 && strcmp(prev, cur) >= 0) sorted = 0;
      memcpy(prev, cur, sizeof prev);
    }
    CHECK(sorted, "metadata_key lists the keys sorted by name");
  }
  EXPECT_OK(pdftools_document_is_modified(doc, &modified), "is_modified after set_metadata");
  CHECK(modified == 1, "document counts as modified (%d)", (int)modified);
  check_meta_values(doc, "in memory");

  if (EXPECT_OK(pdftools_document_save_to_memory(doc, NULL, &data, &size), "save_to_memory with metadata")) {
    int32_t n_before = 0, n_after = -1;
    pdftools_document_get_metadata_count(doc, &n_before);
    EXPECT_OK(pdftools_document_is_modified(doc, &modified), "is_modified after save_to_memory");
    CHECK(modified == 1, "save_to_memory does not change the modified state (%d)", (int)modified);
    if (EXPECT_OK(pdftools_document_open_from_memory(data, size, NULL, &reopened), "reopen saved bytes")) {
      check_meta_values(reopened, "after save_to_memory + open_memory");
      EXPECT_OK(pdftools_document_get_metadata_count(reopened, &n_after), "metadata_count after reopening");
      CHECK(n_after == n_before, "same number of entries after the round trip (%d, %d)", (int)n_before,
            (int)n_after);
      EXPECT_OK(pdftools_document_is_modified(reopened, &modified), "is_modified of reopened document");
      CHECK(modified == 0, "a freshly opened document is unmodified (%d)", (int)modified);
      pdftools_document_close(reopened);
    }
    /* The library copied the bytes: freeing them must not affect anything. */
    pdftools_free(data);
    CHECK(1, "pdftools_free on save_to_memory data");
  }
  pdftools_document_close(doc);
}

/* ------------------------------------------------------------------------ */

static void check_page(pdftools_document *doc, int32_t index, double w, double h, const char *when) {
  pdftools_rect media, crop;
  double pw = 0, ph = 0, unit = 0;
  int32_t rot = -1;
  char label[16];
  char *lab;
  pdftools_status st;
  snprintf(label, sizeof label, "%d", (int)index + 1);
  EXPECT_OK(pdftools_page_get_box(doc, index, PDFTOOLS_BOX_MEDIA, &media), "page_box(MEDIA)");
  EXPECT_OK(pdftools_page_get_box(doc, index, PDFTOOLS_BOX_CROP, &crop), "page_box(CROP)");
  EXPECT_OK(pdftools_page_get_size(doc, index, &pw, &ph), "page_size");
  EXPECT_OK(pdftools_page_get_rotation(doc, index, &rot), "page_rotation");
  EXPECT_OK(pdftools_page_get_user_unit(doc, index, &unit), "page_user_unit");
  CHECK(tc_near(media.x0, 0, 1e-6) && tc_near(media.y0, 0, 1e-6) && tc_near(media.x1, w, 1e-3) &&
            tc_near(media.y1, h, 1e-3),
        "%s: page %d media box is [0 0 %g %g] (got [%g %g %g %g])", when, (int)index, w, h, media.x0, media.y0,
        media.x1, media.y1);
  CHECK(crop.x0 == media.x0 && crop.y0 == media.y0 && crop.x1 == media.x1 && crop.y1 == media.y1,
        "%s: page %d crop box equals the media box", when, (int)index);
  CHECK(tc_near(pw, w, 1e-3) && tc_near(ph, h, 1e-3), "%s: page %d size %g x %g (got %g x %g)", when, (int)index,
        w, h, pw, ph);
  CHECK(rot == 0 && unit == 1.0, "%s: page %d rotation 0 and user unit 1 (got %d, %g)", when, (int)index,
        (int)rot, unit);
  lab = tc_get_label(doc, index, &st);
  CHECK(lab && strcmp(lab, label) == 0, "%s: page %d label \"%s\" (got \"%s\")", when, (int)index, label,
        lab ? lab : "(none)");
  free(lab);
}

static void test_new_document(void) {
  pdftools_document *doc = NULL, *reopened = NULL;
  int32_t count = -1, major = -1, minor = -1, ext = -1, flag = -1, modified = -1;
  uint32_t perms = 0;
  pdftools_rect r = {9, 9, 9, 9};
  void *data = NULL;
  size_t size = 0;
  /* Expected page sizes after the inserts below, in order. */
  static const double sizes[][2] = {{100, 200}, {300.5, 400.25}, {612, 792}, {595.28, 841.89}};
  static const double bad_sizes[][2] = {{0, 792},   {612, 0},        {-1, 792},  {612, -5},  {0.5, 792},
                                        {14400.5, 792}, {612, 14401}, {1e9, 1e9}, {-0.0, 10}};
  size_t i;
  int32_t p;

  if (!EXPECT_OK(pdftools_document_new(&doc), "document_new")) return;
  expect_no_message("document_new");
  EXPECT_OK(pdftools_document_get_page_count(doc, &count), "page_count of a new document");
  CHECK(count == 0, "a new document has no pages (%d)", (int)count);
  EXPECT_OK(pdftools_document_get_pdf_version(doc, &major, &minor, &ext), "pdf_version of a new document");
  CHECK(major == 1 && minor == 7 && ext == 0, "a new document is PDF 1.7, extension level 0 (%d.%d, %d)",
        (int)major, (int)minor, (int)ext);
  EXPECT_OK(pdftools_document_was_repaired(doc, &flag), "was_repaired");
  CHECK(flag == 0, "a new document was not repaired");
  EXPECT_OK(pdftools_document_is_encrypted(doc, &flag), "is_encrypted");
  CHECK(flag == 0, "a new document is not encrypted");
  EXPECT_OK(pdftools_document_get_permissions(doc, &perms), "permissions");
  CHECK(perms == (uint32_t)PDFTOOLS_PERMISSION_ALL, "a new document grants all permissions (0x%x)", (unsigned)perms);
  EXPECT_OK(pdftools_document_has_signature_fields(doc, &flag), "has_signature_fields");
  CHECK(flag == 0, "a new document has no signature fields");
  EXPECT_STATUS(pdftools_page_get_box(doc, 0, PDFTOOLS_BOX_MEDIA, &r), PDFTOOLS_E_OUT_OF_RANGE,
                "page_box(0) of an empty document");

  EXPECT_OK(pdftools_document_insert_blank_page(doc, 0, 612, 792), "insert 612x792 at 0 (empty document)");
  EXPECT_OK(pdftools_document_insert_blank_page(doc, 1, 595.28, 841.89), "append 595.28x841.89 at end (1)");
  EXPECT_OK(pdftools_document_insert_blank_page(doc, 0, 100, 200), "insert 100x200 at start");
  EXPECT_OK(pdftools_document_insert_blank_page(doc, 1, 300.5, 400.25), "insert 300.5x400.25 in the middle (1)");
  EXPECT_OK(pdftools_document_get_page_count(doc, &count), "page_count after inserts");
  CHECK(count == 4, "4 pages (%d)", (int)count);
  EXPECT_OK(pdftools_document_is_modified(doc, &modified), "is_modified after inserting pages");
  CHECK(modified == 1, "inserting pages marks the document modified (%d)", (int)modified);
  for (p = 0; p < 4 && p < count; p++) check_page(doc, p, sizes[p][0], sizes[p][1], "new document");

  EXPECT_STATUS(pdftools_document_insert_blank_page(doc, 5, 612, 792), PDFTOOLS_E_OUT_OF_RANGE,
                "insert at count + 1");
  EXPECT_STATUS(pdftools_document_insert_blank_page(doc, -1, 612, 792), PDFTOOLS_E_OUT_OF_RANGE, "insert at -1");
  for (i = 0; i < sizeof bad_sizes / sizeof bad_sizes[0]; i++) {
    char what[96];
    snprintf(what, sizeof what, "insert a %g x %g page", bad_sizes[i][0], bad_sizes[i][1]);
    EXPECT_STATUS(pdftools_document_insert_blank_page(doc, 0, bad_sizes[i][0], bad_sizes[i][1]),
                  PDFTOOLS_E_INVALID_ARGUMENT, what);
  }
  EXPECT_STATUS(pdftools_document_insert_blank_page(doc, 0, NAN, 792), PDFTOOLS_E_INVALID_ARGUMENT,
                "insert a NaN-wide page");
  EXPECT_STATUS(pdftools_document_insert_blank_page(doc, 0, 612, NAN), PDFTOOLS_E_INVALID_ARGUMENT,
                "insert a NaN-high page");
  EXPECT_STATUS(pdftools_document_insert_blank_page(doc, 0, INFINITY, 792), PDFTOOLS_E_INVALID_ARGUMENT,
                "insert an infinitely wide page");
  EXPECT_STATUS(pdftools_document_insert_blank_page(doc, 0, 612, -INFINITY), PDFTOOLS_E_INVALID_ARGUMENT,
                "insert a -infinity high page");
  EXPECT_OK(pdftools_document_get_page_count(doc, &count), "page_count after rejected inserts");
  CHECK(count == 4, "rejected inserts added no page (%d)", (int)count);

  EXPECT_OK(pdftools_document_insert_blank_page(doc, 4, 1, 1), "append the smallest page, 1 x 1");
  EXPECT_OK(pdftools_document_insert_blank_page(doc, 5, 14400, 14400), "append the largest page, 14400 x 14400");
  check_page(doc, 4, 1, 1, "new document");
  check_page(doc, 5, 14400, 14400, "new document");

  if (EXPECT_OK(pdftools_document_save_to_memory(doc, NULL, &data, &size), "save the new document to memory")) {
    CHECK(size > 8 && memcmp(data, "%PDF-", 5) == 0, "saved bytes start with %%PDF- (%lu bytes)",
          (unsigned long)size);
    if (EXPECT_OK(pdftools_document_open_from_memory(data, size, NULL, &reopened), "reopen the new document")) {
      EXPECT_OK(pdftools_document_get_page_count(reopened, &count), "page_count after reopening");
      CHECK(count == 6, "6 pages after reopening (%d)", (int)count);
      for (p = 0; p < 4 && p < count; p++) check_page(reopened, p, sizes[p][0], sizes[p][1], "reopened");
      if (count == 6) {
        check_page(reopened, 4, 1, 1, "reopened");
        check_page(reopened, 5, 14400, 14400, "reopened");
      }
      pdftools_document_close(reopened);
    }
    pdftools_free(data);
  }
  pdftools_document_close(doc);
}

/* ------------------------------------------------------------------------ */

static void test_save_options(void) {
  pdftools_document *doc = NULL;
  pdftools_save_options o;
  void *data = NULL;
  size_t size = 0;
  char *path = tc_path(g_tmp, "options.pdf");
  struct bad_case {
    const char *what;
    uint32_t version;
    int32_t mode, object_streams, encryption;
  };
  static const struct bad_case bad[] = {
      {"options version 3 (newer than the header)", PDFTOOLS_SAVE_OPTIONS_VERSION + 1, 0, 0, 0},
      {"options version 0xFFFFFFFF", 0xFFFFFFFFu, 0, 0, 0},
      {"mode 3", PDFTOOLS_SAVE_OPTIONS_VERSION, 3, 0, 0},
      {"mode 42", PDFTOOLS_SAVE_OPTIONS_VERSION, 42, 0, 0},
      {"mode -1", PDFTOOLS_SAVE_OPTIONS_VERSION, -1, 0, 0},
      {"object_streams 3", PDFTOOLS_SAVE_OPTIONS_VERSION, 0, 3, 0},
      {"object_streams -1", PDFTOOLS_SAVE_OPTIONS_VERSION, 0, -1, 0},
      {"encryption 2", PDFTOOLS_SAVE_OPTIONS_VERSION, 0, 0, 2},
      {"encryption -1", PDFTOOLS_SAVE_OPTIONS_VERSION, 0, 0, -1},
  };
  size_t i;

  if (!EXPECT_OK(pdftools_document_new(&doc), "new document for save options")) {
    free(path);
    return;
  }
  EXPECT_OK(pdftools_document_insert_blank_page(doc, 0, 612, 792), "insert a page");
  for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    pdftools_save_options init = PDFTOOLS_SAVE_OPTIONS_INIT;
    char what[128];
    o = init;
    o.version = bad[i].version;
    o.mode = bad[i].mode;
    o.object_streams = bad[i].object_streams;
    o.encryption = bad[i].encryption;
    data = NULL;
    size = 0;
    snprintf(what, sizeof what, "save_to_memory with %s", bad[i].what);
    EXPECT_STATUS(pdftools_document_save_to_memory(doc, &o, &data, &size), PDFTOOLS_E_INVALID_ARGUMENT, what);
    CHECK(data == NULL && size == 0, "%s: outs untouched", what);
    snprintf(what, sizeof what, "save with %s", bad[i].what);
    EXPECT_STATUS(pdftools_document_save(doc, path, &o), PDFTOOLS_E_INVALID_ARGUMENT, what);
    CHECK(access(path, F_OK) != 0, "%s: no file created", what);
  }
  {
    pdftools_save_options init = PDFTOOLS_SAVE_OPTIONS_INIT;
    /* A new document has no original bytes to append to (test_save checks incremental saving). */
    o = init;
    o.mode = PDFTOOLS_SAVE_INCREMENTAL;
    EXPECT_STATUS(pdftools_document_save_to_memory(doc, &o, &data, &size), PDFTOOLS_E_UNSUPPORTED,
                  "save_to_memory INCREMENTAL of a new document");
    expect_message_after_failure("save_to_memory INCREMENTAL of a new document");
    EXPECT_STATUS(pdftools_document_save(doc, path, &o), PDFTOOLS_E_UNSUPPORTED, "save INCREMENTAL of a new document");
    CHECK(access(path, F_OK) != 0, "save INCREMENTAL of a new document created no file");

    CHECK(init.mode == PDFTOOLS_SAVE_AUTO, "PDFTOOLS_SAVE_OPTIONS_INIT has mode AUTO (%d)", (int)init.mode);
    CHECK(init.overwrite_readonly == 0, "PDFTOOLS_SAVE_OPTIONS_INIT keeps read-only files");
    {
    /* A caller built against version 1 passes a shorter struct: the library reads only its
     * fields (an AddressSanitizer build catches a read past this block). */
    size_t v1 = offsetof(pdftools_save_options, overwrite_readonly);
    unsigned char *old = malloc(v1);
    if (CHECK(old != NULL, "a version 1 options block")) {
      uint32_t one = 1;
      memcpy(old, &init, v1);
      memcpy(old, &one, sizeof one);
      data = NULL;
      if (EXPECT_OK(pdftools_document_save_to_memory(doc, (const pdftools_save_options *)(void *)old, &data, &size),
                    "save_to_memory with version 1 options"))
        CHECK(size > 8 && memcmp(data, "%PDF-", 5) == 0, "version 1 options: a PDF");
      pdftools_free(data);
      data = NULL;
      size = 0;
    }
    free(old);
    }
    o = init;
    o.mode = PDFTOOLS_SAVE_AUTO;
    if (EXPECT_OK(pdftools_document_save_to_memory(doc, &o, &data, &size),
                  "save_to_memory AUTO of a new document (a full save)")) {
      CHECK(size > 8 && memcmp(data, "%PDF-", 5) == 0, "AUTO output of a new document starts with %%PDF-");
      pdftools_free(data);
      data = NULL;
    }
    o.mode = PDFTOOLS_SAVE_FULL;
    if (EXPECT_OK(pdftools_document_save_to_memory(doc, &o, &data, &size), "save_to_memory FULL of a new document")) {
      pdftools_free(data);
      data = NULL;
    }

    o = init;
    o.compress_streams = 5;
    o.linearize = 2;
    if (EXPECT_OK(pdftools_document_save_to_memory(doc, &o, &data, &size),
                  "any nonzero compress_streams / linearize is accepted")) {
      pdftools_free(data);
      data = NULL;
    }
    o = init;
    o.compress_streams = 0;
    o.object_streams = PDFTOOLS_OBJECT_STREAMS_DISABLE;
    o.encryption = PDFTOOLS_ENCRYPTION_REMOVE;
    if (EXPECT_OK(pdftools_document_save_to_memory(doc, &o, &data, &size),
                  "uncompressed, no object streams, encryption REMOVE on an unencrypted document")) {
      pdftools_free(data);
      data = NULL;
    }
    if (EXPECT_OK(pdftools_document_save_to_memory(doc, NULL, &data, &size), "options NULL means defaults")) {
      pdftools_free(data);
      data = NULL;
    }
  }
  pdftools_document_close(doc);
  free(path);
}

/* ------------------------------------------------------------------------ */

#define MAX_LOG 256

struct log_record {
  int level;
  char source[32];
  char message[256];
  int had_newline;
  int on_calling_thread;
};

static struct log_record g_log[MAX_LOG];
static int g_log_count;
static int g_log_user_data_ok = 1;
static int g_log_reentry_ok = 1;
static pthread_t g_main_thread;
static int g_user_data_tag;

static void on_log(pdftools_log_level level, const char *source, const char *message, void *user_data) {
  struct log_record *r;
  if (user_data != &g_user_data_tag) g_log_user_data_ok = 0;
  /* The callback may call back into the library (infallible calls only, so the
   * caller's last error message is not disturbed). */
  if (pdftools_version_number() != PDFTOOLS_VERSION_NUMBER || !pdftools_status_string(PDFTOOLS_OK))
    g_log_reentry_ok = 0;
  if (g_log_count >= MAX_LOG) return;
  r = &g_log[g_log_count++];
  r->level = (int)level;
  snprintf(r->source, sizeof r->source, "%s", source ? source : "(null)");
  snprintf(r->message, sizeof r->message, "%s", message ? message : "(null)");
  r->had_newline = message ? (strchr(message, '\n') != NULL) : 1;
  r->on_calling_thread = pthread_equal(pthread_self(), g_main_thread) ? 1 : 0;
}

static int count_logs_at_least(int level) {
  int i, n = 0;
  for (i = 0; i < g_log_count; i++)
    if (g_log[i].level >= level) n++;
  return n;
}

static void check_log_records(const char *when) {
  int i, ok_src = 1, ok_nl = 1, ok_thread = 1, ok_level = 1;
  for (i = 0; i < g_log_count; i++) {
    const char *s = g_log[i].source;
    if (!(strcmp(s, "pdftools") == 0 || strcmp(s, "qpdf") == 0 || strcmp(s, "poppler") == 0 ||
          strcmp(s, "glib") == 0))
      ok_src = 0;
    if (g_log[i].had_newline) ok_nl = 0;
    if (!g_log[i].on_calling_thread) ok_thread = 0;
    if (g_log[i].level < PDFTOOLS_LOG_DEBUG || g_log[i].level > PDFTOOLS_LOG_ERROR) ok_level = 0;
  }
  CHECK(ok_src, "%s: every log source is pdftools, qpdf, poppler or glib", when);
  CHECK(ok_nl, "%s: log messages are single lines", when);
  CHECK(ok_thread, "%s: the callback ran on the calling thread", when);
  CHECK(ok_level, "%s: log levels are valid", when);
  CHECK(g_log_user_data_ok, "%s: user_data is passed back untouched", when);
  CHECK(g_log_reentry_ok, "%s: calling back into the library from the callback works", when);
  for (i = 0; i < g_log_count && i < 5; i++)
    tc_note("log[%d] level %d %s: %s", i, g_log[i].level, g_log[i].source, g_log[i].message);
}

/* Runs calls that make qpdf/poppler complain, returns bytes they printed to fds 1/2. */
static long noisy_calls(int *repaired_out, pdftools_status *st_out) {
  tc_capture cap;
  char printed[512];
  long n;
  pdftools_document *doc = NULL;
  char *bad3 = tc_corpus_file(g_corpus, "qpdf-bad3-bad-xref-offset.pdf");
  char *bad1 = tc_corpus_file(g_corpus, "qpdf-bad1-not-a-pdf.pdf");
  char *loop = tc_corpus_file(g_corpus, "qpdf-pages-loop.pdf");
  char *nolen = tc_corpus_file(g_corpus, "qpdf-bad22-no-stream-length.pdf");
  char *garbage = tc_corpus_file(g_corpus, "pdfium-bug-325b-garbage.pdf");
  void *data = NULL;
  size_t size = 0;

  if (tc_capture_begin(&cap) != 0) {
    CHECK(0, "could not redirect stdout/stderr");
    return -1;
  }
  *st_out = pdftools_document_open(bad3, NULL, &doc);
  *repaired_out = -1;
  if (*st_out == PDFTOOLS_OK) {
    pdftools_document_was_repaired(doc, repaired_out);
    if (pdftools_document_save_to_memory(doc, NULL, &data, &size) == PDFTOOLS_OK) pdftools_free(data);
    pdftools_document_close(doc);
  }
  doc = NULL;
  if (pdftools_document_open(bad1, NULL, &doc) == PDFTOOLS_OK) pdftools_document_close(doc);
  doc = NULL;
  if (pdftools_document_open(garbage, NULL, &doc) == PDFTOOLS_OK) pdftools_document_close(doc);
  doc = NULL;
  if (pdftools_document_open(loop, NULL, &doc) == PDFTOOLS_OK) pdftools_document_close(doc);
  doc = NULL;
  if (pdftools_document_open(nolen, NULL, &doc) == PDFTOOLS_OK) {
    int32_t count = 0;
    pdftools_document_get_page_count(doc, &count);
    if (pdftools_document_save_to_memory(doc, NULL, &data, &size) == PDFTOOLS_OK) pdftools_free(data);
    pdftools_document_close(doc);
  }
  n = tc_capture_end(&cap, printed, sizeof printed);
  if (n > 0) tc_note("the library printed: %s", printed);
  free(bad3);
  free(bad1);
  free(loop);
  free(nolen);
  free(garbage);
  return n;
}

static void test_logging(void) {
  int repaired = -1;
  pdftools_status st;
  long printed;

  g_main_thread = pthread_self();

  /* 1. With a callback at WARNING: the repair is reported, nothing printed. */
  g_log_count = 0;
  pdftools_set_log_callback(on_log, PDFTOOLS_LOG_WARNING, &g_user_data_tag);
  printed = noisy_calls(&repaired, &st);
  EXPECT_OK(st, "open qpdf-bad3-bad-xref-offset.pdf (repairable)");
  CHECK(repaired == 1, "qpdf-bad3-bad-xref-offset.pdf was_repaired is 1 (%d)", repaired);
  CHECK(printed == 0, "nothing written to stdout/stderr with a log callback set (%ld bytes)", printed);
  CHECK(count_logs_at_least(PDFTOOLS_LOG_WARNING) >= 1, "the log callback received a warning (%d messages)",
        g_log_count);
  CHECK(count_logs_at_least(PDFTOOLS_LOG_DEBUG) == count_logs_at_least(PDFTOOLS_LOG_WARNING),
        "messages below min_level WARNING were dropped");
  check_log_records("min_level WARNING");

  /* 2. min_level ERROR: the repair warning is dropped. */
  g_log_count = 0;
  pdftools_set_log_callback(on_log, PDFTOOLS_LOG_ERROR, &g_user_data_tag);
  printed = noisy_calls(&repaired, &st);
  CHECK(printed == 0, "nothing written to stdout/stderr with min_level ERROR (%ld bytes)", printed);
  CHECK(count_logs_at_least(PDFTOOLS_LOG_DEBUG) == count_logs_at_least(PDFTOOLS_LOG_ERROR),
        "min_level ERROR delivers no warnings (%d messages, all errors)", g_log_count);

  /* 3. min_level DEBUG: everything goes to the callback. */
  g_log_count = 0;
  pdftools_set_log_callback(on_log, PDFTOOLS_LOG_DEBUG, &g_user_data_tag);
  printed = noisy_calls(&repaired, &st);
  CHECK(printed == 0, "nothing written to stdout/stderr with min_level DEBUG (%ld bytes)", printed);
  CHECK(count_logs_at_least(PDFTOOLS_LOG_WARNING) >= 1, "min_level DEBUG still delivers the warning (%d messages)",
        g_log_count);
  check_log_records("min_level DEBUG");

  /* 4. No callback: messages are dropped, still nothing printed. */
  pdftools_set_log_callback(NULL, PDFTOOLS_LOG_DEBUG, NULL);
  g_log_count = 0;
  printed = noisy_calls(&repaired, &st);
  CHECK(printed == 0, "nothing written to stdout/stderr without a log callback (%ld bytes)", printed);
  CHECK(g_log_count == 0, "a removed callback is not called (%d calls)", g_log_count);
  EXPECT_OK(st, "open qpdf-bad3-bad-xref-offset.pdf without a callback");
}

/* ------------------------------------------------------------------------ */

static void test_last_error_message(void) {
  pdftools_document *doc = NULL;
  int32_t count = 0;
  char *missing = tc_path(g_tmp, "missing.pdf");
  char saved[512];
  const char *msg;

  EXPECT_STATUS(pdftools_document_open(missing, NULL, &doc), PDFTOOLS_E_FILE_NOT_FOUND, "open missing file");
  msg = pdftools_last_error_message();
  snprintf(saved, sizeof saved, "%s", msg);
  CHECK(saved[0] != '\0', "message after FILE_NOT_FOUND: \"%s\"", saved);
  CHECK(strcmp(pdftools_last_error_message(), saved) == 0, "reading the message twice gives the same text");
  if (EXPECT_OK(pdftools_document_new(&doc), "document_new")) {
    expect_no_message("after document_new");
    EXPECT_STATUS(pdftools_page_get_rotation(doc, 3, &count), PDFTOOLS_E_OUT_OF_RANGE, "page_rotation(3) of empty doc");
    expect_message_after_failure("page_rotation OUT_OF_RANGE");
    EXPECT_OK(pdftools_document_get_page_count(doc, &count), "page_count");
    expect_no_message("after page_count");
    pdftools_document_close(doc);
  }
  free(missing);
}

/* ------------------------------------------------------------------------ */

/* Fills f with 0x5a bytes and runs init(&f, version): f's fields must then be what the _INIT
 * macro gives (same, an expression over f and m). */
#define INIT_EQUALS_MACRO(init, version, same)                         \
  do {                                                                 \
    memset(&f, 0x5a, sizeof f);                                        \
    EXPECT_OK(init(&f, version), #init);                               \
    CHECK(same, #init "(" #version ") equals the struct's _INIT macro"); \
  } while (0)

/* The _init functions give what the _INIT macros give, refuse versions they do not know, and
 * leave bytes past an older version alone. */
static void test_struct_init_functions(void) {
  {
    pdftools_search_options m = PDFTOOLS_SEARCH_OPTIONS_INIT, f;
    INIT_EQUALS_MACRO(pdftools_search_options_init, PDFTOOLS_SEARCH_OPTIONS_VERSION,
                      f.version == m.version && f.flags == m.flags && f.first_page == m.first_page &&
                          f.last_page == m.last_page && f.progress == m.progress &&
                          f.progress_user_data == m.progress_user_data);
    memset(&f, 0x5a, sizeof f);
    EXPECT_OK(pdftools_search_options_init(&f, 1), "search_options_init(version 1)");
    CHECK(f.version == 1 && f.last_page == -1 && ((unsigned char *)&f.progress)[0] == 0x5a,
          "search_options_init(version 1) writes version 1's fields only");
    EXPECT_STATUS(pdftools_search_options_init(&f, 0), PDFTOOLS_E_INVALID_ARGUMENT, "search_options_init(version 0)");
    EXPECT_STATUS(pdftools_search_options_init(&f, PDFTOOLS_SEARCH_OPTIONS_VERSION + 1), PDFTOOLS_E_INVALID_ARGUMENT,
                  "search_options_init(a later version)");
    EXPECT_STATUS(pdftools_search_options_init(NULL, 1), PDFTOOLS_E_INVALID_ARGUMENT, "search_options_init(NULL)");
  }
  {
    pdftools_render_options m = PDFTOOLS_RENDER_OPTIONS_INIT, f;
    INIT_EQUALS_MACRO(pdftools_render_options_init, PDFTOOLS_RENDER_OPTIONS_VERSION,
                      f.version == m.version && f.scale == m.scale && f.format == m.format && f.tile_x == m.tile_x &&
                          f.tile_y == m.tile_y && f.background == m.background &&
                          f.draw_annotations == m.draw_annotations);
  }
  {
    pdftools_save_options m = PDFTOOLS_SAVE_OPTIONS_INIT, f;
    INIT_EQUALS_MACRO(pdftools_save_options_init, PDFTOOLS_SAVE_OPTIONS_VERSION,
                      f.version == m.version && f.mode == m.mode && f.compress_streams == m.compress_streams &&
                          f.object_streams == m.object_streams && f.linearize == m.linearize &&
                          f.encryption == m.encryption && f.overwrite_readonly == m.overwrite_readonly &&
                          f.progress == m.progress && f.progress_user_data == m.progress_user_data);
    memset(&f, 0x5a, sizeof f);
    EXPECT_OK(pdftools_save_options_init(&f, 1), "save_options_init(version 1)");
    CHECK(f.version == 1 && f.encryption == m.encryption && ((unsigned char *)&f.overwrite_readonly)[0] == 0x5a,
          "save_options_init(version 1) writes version 1's fields only");
  }
  {
    pdftools_pointer_event m = PDFTOOLS_POINTER_EVENT_INIT, f;
    INIT_EQUALS_MACRO(pdftools_pointer_event_init, PDFTOOLS_POINTER_EVENT_VERSION,
                      f.version == m.version && f.page_index == m.page_index && f.x == m.x && f.y == m.y &&
                          f.modifiers == m.modifiers && f.pointer_kind == m.pointer_kind &&
                          f.pressure == m.pressure && f.timestamp == m.timestamp);
  }
  {
    pdftools_tool_hit m = PDFTOOLS_TOOL_HIT_INIT, f;
    INIT_EQUALS_MACRO(pdftools_tool_hit_init, PDFTOOLS_TOOL_HIT_VERSION,
                      f.version == m.version && f.annotation == m.annotation && f.handle_kind == m.handle_kind &&
                          f.handle_id == m.handle_id && f.is_link == m.is_link && f.on_text == m.on_text);
  }
  {
    pdftools_tool_style m = PDFTOOLS_TOOL_STYLE_INIT, f;
    INIT_EQUALS_MACRO(pdftools_tool_style_init, PDFTOOLS_TOOL_STYLE_VERSION,
                      f.version == m.version && f.opacity == m.opacity && f.dash_count == m.dash_count &&
                          f.font[0] == 0 && f.icon[63] == 0);
  }
}
#undef INIT_EQUALS_MACRO

int main(int argc, char **argv) {
  int rc;
  if (argc < 2) {
    fprintf(stderr, "usage: %s CORPUS_DIR\n", argv[0]);
    return 2;
  }
  g_corpus = argv[1];
  g_tmp = tc_make_temp_dir("test-api");
  if (!g_tmp) {
    fprintf(stderr, "cannot create a temporary folder\n");
    return 2;
  }
  signal(SIGPIPE, SIG_IGN);
  printf("libpdftools %s (header %s), corpus %s\n", pdftools_version_string(), PDFTOOLS_VERSION_STRING, g_corpus);

  test_status_strings();
  test_last_error_message();
  test_null_handle();
  test_null_arguments();
  test_closed_and_forged_handles();
  test_file_errors();
  test_page_indices();
  test_two_call_pattern();
  test_negative_counts();
  test_metadata();
  test_new_document();
  test_save_options();
  test_struct_init_functions();
  test_logging();

  tc_remove_tree(g_tmp);
  free(g_tmp);
  rc = tc_finish();
  return rc;
}

/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * test_save.c — tests of pdftools_document_save and
 * pdftools_document_save_to_memory: save and reopen, saving over the file the
 * document was opened from, missing folders, folders as targets, permission
 * bits of replaced files, failed saves that must leave the target untouched,
 * no temporary files left behind, encryption KEEP/REMOVE, object streams and
 * linearization, and incremental saving: the original bytes stay a byte-exact
 * prefix with only the changes appended (table or stream xref as the
 * original, /Prev), checked with `qpdf --check`, update sizes independent of
 * the document's size, successive incremental saves to a path, AUTO keeping a
 * signature valid (checked with poppler's `pdfsig`), and the UNSUPPORTED and
 * INVALID_ARGUMENT cases.  qpdf and pdfsig (poppler-utils) must be installed.
 *
 * Usage: test_save CORPUS_DIR
 * Prints one line per check and a last line "N passed, M failed"; exits 1 if
 * any check failed.
 */
#define _XOPEN_SOURCE 700

#include "test_common.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

static const char *g_corpus;

/* Checks that folder dir holds exactly the entries listed in expected ("a|b", sorted). */
static void expect_entries(const char *dir, const char *expected, const char *what) {
  char got[1024];
  tc_list_entries(dir, got, sizeof got);
  CHECK(strcmp(got, expected) == 0, "%s: folder holds exactly [%s] (found [%s])", what, expected, got);
}

/* Checks that the last error message is non-empty (after a failure). */
static void expect_message_after_failure(const char *what) {
  const char *msg = pdftools_last_error_message();
  CHECK(msg && msg[0], "%s: last_error_message is set (\"%s\")", what, msg ? msg : "(null)");
}

static int32_t page_count(pdftools_document *doc) {
  int32_t n = -1;
  if (pdftools_document_get_page_count(doc, &n) != PDFTOOLS_OK) return -1;
  return n;
}

static int title_is(pdftools_document *doc, const char *want) {
  char *got = tc_get_metadata(doc, "Title", NULL);
  int same = got && strcmp(got, want) == 0;
  free(got);
  return same;
}

/* Opens path and checks its page count and (if title) its Title. */
static void expect_file_opens(const char *path, const char *password, int32_t pages, const char *title,
                              const char *what) {
  pdftools_document *doc = NULL;
  char w[200];
  snprintf(w, sizeof w, "%s: reopen", what);
  if (!EXPECT_OK(pdftools_document_open(path, password, &doc), w)) return;
  CHECK(page_count(doc) == pages, "%s: %d pages (%d)", what, (int)pages, (int)page_count(doc));
  if (title) CHECK(title_is(doc, title), "%s: Title is \"%s\"", what, title);
  pdftools_document_close(doc);
}

/* ------------------------------------------------------------------------ */

static void test_save_and_reopen(const char *tmp) {
  char *dir = tc_path(tmp, "reopen");
  char *out = tc_path(dir, "out.pdf");
  pdftools_document *doc = tc_open_corpus(g_corpus, "samplefiles-pdflatex-4-pages.pdf", NULL);
  int32_t modified = -1;
  struct stat st;

  mkdir(dir, 0755);
  if (doc) {
    EXPECT_OK(pdftools_document_set_metadata(doc, "Title", "saved and reopened"), "set Title");
    EXPECT_OK(pdftools_document_is_modified(doc, &modified), "is_modified before save");
    CHECK(modified == 1, "modified before save (%d)", (int)modified);
    EXPECT_OK(pdftools_document_save(doc, out, NULL), "save to a new path (options NULL)");
    EXPECT_OK(pdftools_document_is_modified(doc, &modified), "is_modified after save");
    CHECK(modified == 0, "a saved document counts as unmodified (%d)", (int)modified);
    expect_entries(dir, "out.pdf", "after saving to a new path");
    if (stat(out, &st) == 0) tc_note("a newly created file has mode %04o (umask 022)", (unsigned)(st.st_mode & 07777));
    expect_file_opens(out, NULL, 4, "saved and reopened", "saved file");
    CHECK(page_count(doc) == 4, "the document is still usable after saving");
    pdftools_document_close(doc);
  }
  free(out);
  free(dir);
}

/* ------------------------------------------------------------------------ */

static void test_save_over_source(const char *tmp) {
  char *dir = tc_path(tmp, "over");
  char *work = tc_path(dir, "boxes.pdf");
  char *src = tc_corpus_file(g_corpus, "qpdf-boxes.pdf");
  pdftools_document *doc = NULL;
  pdftools_rect before[8][5];
  int32_t p;
  int b, same = 1;
  void *data = NULL;
  size_t size = 0;

  mkdir(dir, 0755);
  if (tc_copy_file(src, work) != 0) {
    CHECK(0, "copy qpdf-boxes.pdf into the temporary folder");
    goto done;
  }
  if (!EXPECT_OK(pdftools_document_open(work, NULL, &doc), "open the copy")) goto done;
  for (p = 0; p < 8; p++)
    for (b = 0; b < 5; b++) pdftools_page_get_box(doc, p, (pdftools_box)b, &before[p][b]);

  EXPECT_OK(pdftools_document_set_metadata(doc, "Title", "v1"), "set Title v1");
  EXPECT_OK(pdftools_document_save(doc, work, NULL), "save over the file the document was opened from");
  expect_entries(dir, "boxes.pdf", "after saving over the source");
  CHECK(page_count(doc) == 8, "document still usable after saving over its file (8 pages)");
  for (p = 0; p < 8; p++)
    for (b = 0; b < 5; b++) {
      pdftools_rect r;
      if (pdftools_page_get_box(doc, p, (pdftools_box)b, &r) != PDFTOOLS_OK || r.x0 != before[p][b].x0 ||
          r.y0 != before[p][b].y0 || r.x1 != before[p][b].x1 || r.y1 != before[p][b].y1)
        same = 0;
    }
  CHECK(same, "all page boxes unchanged after saving over the source");
  CHECK(title_is(doc, "v1"), "Title still v1 in the open document");
  expect_file_opens(work, NULL, 8, "v1", "file after first save over itself");

  EXPECT_OK(pdftools_document_set_metadata(doc, "Title", "v2"), "set Title v2");
  EXPECT_OK(pdftools_document_save(doc, work, NULL), "save over the source a second time");
  if (EXPECT_OK(pdftools_document_save_to_memory(doc, NULL, &data, &size), "save_to_memory after saving over")) {
    pdftools_document *m = NULL;
    if (EXPECT_OK(pdftools_document_open_from_memory(data, size, NULL, &m), "open the memory copy")) {
      CHECK(page_count(m) == 8 && title_is(m, "v2"), "memory copy has 8 pages and Title v2");
      pdftools_document_close(m);
    }
    pdftools_free(data);
  }
  expect_file_opens(work, NULL, 8, "v2", "file after second save over itself");
  expect_entries(dir, "boxes.pdf", "after the second save over the source");

  /* The library keeps no descriptor: the file may disappear while the document is open. */
  CHECK(unlink(work) == 0, "delete the source file while the document is open");
  CHECK(page_count(doc) == 8, "document usable after its file was deleted");
  EXPECT_OK(pdftools_document_set_metadata(doc, "Title", "v3"), "set Title v3");
  EXPECT_OK(pdftools_document_save(doc, work, NULL), "save to the deleted file's path");
  expect_file_opens(work, NULL, 8, "v3", "recreated file");
  expect_entries(dir, "boxes.pdf", "after recreating the source");
  pdftools_document_close(doc);
done:
  free(dir);
  free(work);
  free(src);
}

/* ------------------------------------------------------------------------ */

static void test_bad_targets(const char *tmp) {
  char *dir = tc_path(tmp, "targets");
  char *missing_dir = tc_path(dir, "missing");
  char *in_missing = tc_path(missing_dir, "out.pdf");
  char *folder = tc_path(dir, "folder.pdf");
  char *fifo = tc_path(dir, "fifo.pdf");
  pdftools_document *doc = tc_open_corpus(g_corpus, "qpdf-boxes.pdf", NULL);
  struct stat st;

  mkdir(dir, 0755);
  mkdir(folder, 0755);
  if (doc) {
    EXPECT_STATUS(pdftools_document_save(doc, in_missing, NULL), PDFTOOLS_E_FILE_NOT_FOUND,
                  "save into a missing folder");
    CHECK(access(missing_dir, F_OK) != 0, "the missing folder was not created");
    expect_entries(dir, "folder.pdf", "after saving into a missing folder");

    EXPECT_STATUS(pdftools_document_save(doc, folder, NULL), PDFTOOLS_E_NOT_A_FILE, "save to a path that is a folder");
    CHECK(stat(folder, &st) == 0 && S_ISDIR(st.st_mode) && tc_count_entries(folder) == 0,
          "the folder is still an empty folder");
    expect_entries(dir, "folder.pdf", "after saving to a folder");

    /* Not /dev/null: a library that renames a temporary file over the target
     * would replace the system's /dev/null when run as root. */
    if (mkfifo(fifo, 0644) == 0) {
      tc_fifo_guard guard;
      int started = tc_fifo_guard_start(&guard, fifo, 0) == 0;
      alarm(60); /* last resort: the test is killed if the call cannot be released */
      EXPECT_STATUS(pdftools_document_save(doc, fifo, NULL), PDFTOOLS_E_NOT_A_FILE, "save to a path that is a FIFO");
      alarm(0);
      if (started) {
        int released = tc_fifo_guard_stop(&guard);
        CHECK(!released, "save to a FIFO returns without blocking%s",
              released ? " (it blocked until the test opened the FIFO's other end)" : "");
      }
      CHECK(stat(fifo, &st) == 0 && S_ISFIFO(st.st_mode), "the FIFO is still a FIFO");
      expect_entries(dir, "fifo.pdf|folder.pdf", "after saving to a FIFO");
    }
    pdftools_document_close(doc);
  }
  free(dir);
  free(missing_dir);
  free(in_missing);
  free(folder);
  free(fifo);
}

/* ------------------------------------------------------------------------ */

static void test_mode_kept(const char *tmp) {
  char *dir = tc_path(tmp, "mode");
  char *target = tc_path(dir, "mode.pdf");
  pdftools_document *doc = tc_open_corpus(g_corpus, "qpdf-boxes.pdf", NULL);
  static const unsigned modes[] = {0640, 0600, 0604, 0755};
  size_t i;
  struct stat st;

  mkdir(dir, 0755);
  if (doc) {
    EXPECT_OK(pdftools_document_save(doc, target, NULL), "create the target");
    for (i = 0; i < sizeof modes / sizeof modes[0]; i++) {
      char title[32];
      snprintf(title, sizeof title, "mode %04o", modes[i]);
      chmod(target, (mode_t)modes[i]);
      EXPECT_OK(pdftools_document_set_metadata(doc, "Title", title), "set Title");
      EXPECT_OK(pdftools_document_save(doc, target, NULL), "save over a file with changed mode");
      CHECK(stat(target, &st) == 0 && (st.st_mode & 07777) == modes[i], "mode %04o kept (now %04o)", modes[i],
            (unsigned)(st.st_mode & 07777));
      expect_file_opens(target, NULL, 8, title, "file saved over with kept mode");
    }
    expect_entries(dir, "mode.pdf", "after the mode tests");
    pdftools_document_close(doc);
  }
  free(dir);
  free(target);
}

/* ------------------------------------------------------------------------ */

static void test_failed_saves(const char *tmp) {
  char *dir = tc_path(tmp, "failed");
  char *target = tc_path(dir, "target.pdf");
  static const char previous[] = "previous content of the target; must survive failed saves\n";
  pdftools_document *doc = tc_open_corpus(g_corpus, "pdfjs-tracemonkey.pdf", NULL);
  pdftools_save_options o = PDFTOOLS_SAVE_OPTIONS_INIT;
  unsigned char *kept = NULL;
  size_t kept_size = 0;

  mkdir(dir, 0755);
  tc_write_file(target, previous, sizeof previous - 1);
  if (!doc) goto done;

  /*
   * An incremental save over an unrelated file succeeds: what is written is the
   * document's original bytes plus its changes, whatever the target held.  It
   * becomes the content the later failures must leave untouched.
   */
  o.mode = PDFTOOLS_SAVE_INCREMENTAL;
  EXPECT_OK(pdftools_document_set_metadata(doc, "Title", "before the failures"), "set Title");
  EXPECT_OK(pdftools_document_save(doc, target, &o), "incremental save over an unrelated file");
  free(kept);
  kept = tc_read_file(target, &kept_size);
  {
    size_t orig_size = 0;
    char *src = tc_corpus_file(g_corpus, "pdfjs-tracemonkey.pdf");
    unsigned char *orig = tc_read_file(src, &orig_size);
    CHECK(kept && orig && kept_size > orig_size && memcmp(kept, orig, orig_size) == 0,
          "the target now holds the original file plus an update (%lu bytes, original %lu)", (unsigned long)kept_size,
          (unsigned long)orig_size);
    free(orig);
    free(src);
  }
  expect_entries(dir, "target.pdf", "after the incremental save");
  expect_file_opens(target, NULL, 14, "before the failures", "target after the incremental save");
  EXPECT_OK(pdftools_document_set_metadata(doc, "Title", "never saved"), "set Title again");

  o.mode = PDFTOOLS_SAVE_FULL;
  o.object_streams = 42;
  EXPECT_STATUS(pdftools_document_save(doc, target, &o), PDFTOOLS_E_INVALID_ARGUMENT, "save with bad options");
  CHECK(kept && tc_file_equals(target, kept, kept_size), "target byte-identical after INVALID_ARGUMENT");
  expect_entries(dir, "target.pdf", "after INVALID_ARGUMENT");

  o.object_streams = PDFTOOLS_OBJECT_STREAMS_PRESERVE;
  o.mode = PDFTOOLS_SAVE_INCREMENTAL;
  o.linearize = 1;
  EXPECT_STATUS(pdftools_document_save(doc, target, &o), PDFTOOLS_E_INVALID_ARGUMENT, "incremental save with linearize");
  CHECK(kept && tc_file_equals(target, kept, kept_size), "target byte-identical after that INVALID_ARGUMENT");
  expect_entries(dir, "target.pdf", "after the incremental INVALID_ARGUMENT");

  /*
   * A write failure half-way (as with a full disk): RLIMIT_FSIZE makes every
   * write past 64 KiB fail with EFBIG; this works for root too.  Nothing may
   * be printed while the limit is on.
   */
  {
    struct rlimit old, lim;
    pdftools_status st = PDFTOOLS_OK;
    int have_limit = getrlimit(RLIMIT_FSIZE, &old) == 0;
    if (have_limit) {
      void (*old_handler)(int) = signal(SIGXFSZ, SIG_IGN);
      fflush(stdout);
      fflush(stderr);
      lim = old;
      lim.rlim_cur = 64 * 1024;
      if (setrlimit(RLIMIT_FSIZE, &lim) == 0) {
        st = pdftools_document_save(doc, target, NULL);
        setrlimit(RLIMIT_FSIZE, &old);
        signal(SIGXFSZ, old_handler);
        EXPECT_STATUS(st, PDFTOOLS_E_IO, "save failing half-way (file size limit 64 KiB, like a full disk)");
        CHECK(kept && tc_file_equals(target, kept, kept_size), "target byte-identical after a failed write");
        expect_entries(dir, "target.pdf", "no temporary file left after a failed write");
      } else {
        signal(SIGXFSZ, old_handler);
        tc_note("setrlimit(RLIMIT_FSIZE) failed (%s); write-failure case not run", strerror(errno));
      }
    }
  }

  /* A folder the process may not write to. */
  if (geteuid() == 0) {
    printf("n/a - save into a read-only folder (PERMISSION_DENIED): not applicable when running as root (euid 0)\n");
  } else {
    chmod(dir, 0555);
    EXPECT_STATUS(pdftools_document_save(doc, target, NULL), PDFTOOLS_E_PERMISSION_DENIED,
                  "save into a read-only folder");
    chmod(dir, 0755);
    CHECK(kept && tc_file_equals(target, kept, kept_size), "target byte-identical after PERMISSION_DENIED");
    expect_entries(dir, "target.pdf", "after PERMISSION_DENIED");
  }

  /* And a successful save afterwards replaces the target. */
  EXPECT_OK(pdftools_document_save(doc, target, NULL), "save over the target after the failures");
  CHECK(kept && !tc_file_equals(target, kept, kept_size), "target replaced by the successful save");
  expect_file_opens(target, NULL, 14, "never saved", "target after the successful save");
  expect_entries(dir, "target.pdf", "after the successful save");
  pdftools_document_close(doc);
done:
  free(kept);
  free(dir);
  free(target);
}

/* ------------------------------------------------------------------------ */

static void test_encryption(const char *tmp, const char *name, const char *user, const char *owner, int32_t pages) {
  char *dir = tc_path(tmp, "enc");
  char *keep = tc_path(dir, "keep.pdf");
  char *plain = tc_path(dir, "plain.pdf");
  pdftools_document *doc = tc_open_corpus(g_corpus, name, user);
  pdftools_document *d2 = NULL;
  pdftools_save_options o = PDFTOOLS_SAVE_OPTIONS_INIT;
  int32_t flag = -1;
  uint32_t perms = 0;
  char what[160];
  void *data = NULL;
  size_t size = 0;

  mkdir(dir, 0755);
  if (!doc) goto done;
  tc_note("encryption tests with %s", name);
  EXPECT_OK(pdftools_document_save(doc, keep, NULL), "save with encryption KEEP (default)");
  snprintf(what, sizeof what, "%s saved with KEEP, opened without password", name);
  EXPECT_STATUS(pdftools_document_open(keep, NULL, &d2), PDFTOOLS_E_PASSWORD_REQUIRED, what);
  snprintf(what, sizeof what, "%s saved with KEEP, opened with a wrong password", name);
  EXPECT_STATUS(pdftools_document_open(keep, "wrong-password", &d2), PDFTOOLS_E_WRONG_PASSWORD, what);
  snprintf(what, sizeof what, "%s saved with KEEP, opened with the user password", name);
  if (EXPECT_OK(pdftools_document_open(keep, user, &d2), what)) {
    CHECK(pdftools_document_is_encrypted(d2, &flag) == PDFTOOLS_OK && flag == 1, "KEEP output is encrypted");
    CHECK(page_count(d2) == pages, "KEEP output has %d pages", (int)pages);
    pdftools_document_close(d2);
  }
  snprintf(what, sizeof what, "%s saved with KEEP, opened with the owner password", name);
  if (EXPECT_OK(pdftools_document_open(keep, owner, &d2), what)) {
    CHECK(pdftools_document_get_permissions(d2, &perms) == PDFTOOLS_OK && perms == (uint32_t)PDFTOOLS_PERMISSION_ALL,
          "KEEP output opened with the owner password grants all permissions (0x%x)", (unsigned)perms);
    pdftools_document_close(d2);
  }

  o.encryption = PDFTOOLS_ENCRYPTION_REMOVE;
  EXPECT_OK(pdftools_document_save(doc, plain, &o), "save with encryption REMOVE");
  snprintf(what, sizeof what, "%s saved with REMOVE, opened without password", name);
  if (EXPECT_OK(pdftools_document_open(plain, NULL, &d2), what)) {
    CHECK(pdftools_document_is_encrypted(d2, &flag) == PDFTOOLS_OK && flag == 0, "REMOVE output is not encrypted");
    CHECK(pdftools_document_get_permissions(d2, &perms) == PDFTOOLS_OK && perms == (uint32_t)PDFTOOLS_PERMISSION_ALL,
          "REMOVE output grants all permissions (0x%x)", (unsigned)perms);
    CHECK(page_count(d2) == pages, "REMOVE output has %d pages", (int)pages);
    pdftools_document_close(d2);
  }
  if (EXPECT_OK(pdftools_document_save_to_memory(doc, &o, &data, &size), "save_to_memory with REMOVE")) {
    CHECK(!tc_mem_contains(data, size, "/Encrypt", 8), "REMOVE output in memory has no /Encrypt");
    if (EXPECT_OK(pdftools_document_open_from_memory(data, size, NULL, &d2), "open REMOVE output from memory")) {
      CHECK(page_count(d2) == pages, "REMOVE output from memory has %d pages", (int)pages);
      pdftools_document_close(d2);
    }
    pdftools_free(data);
  }
  o.encryption = PDFTOOLS_ENCRYPTION_KEEP;
  if (EXPECT_OK(pdftools_document_save_to_memory(doc, &o, &data, &size), "save_to_memory with KEEP")) {
    CHECK(tc_mem_contains(data, size, "/Encrypt", 8), "KEEP output in memory has /Encrypt");
    EXPECT_STATUS(pdftools_document_open_from_memory(data, size, NULL, &d2), PDFTOOLS_E_PASSWORD_REQUIRED,
                  "KEEP output from memory needs the password");
    pdftools_free(data);
  }
  expect_entries(dir, "keep.pdf|plain.pdf", "after the encryption saves");
  pdftools_document_close(doc);
done:
  tc_remove_tree(dir);
  free(dir);
  free(keep);
  free(plain);
}

/* ------------------------------------------------------------------------ */

static void save_and_look(const char *name, int32_t pages, int object_streams, int linearize, const char *needle,
                          int want_present, size_t within, const char *what) {
  pdftools_document *doc = tc_open_corpus(g_corpus, name, NULL);
  pdftools_save_options o = PDFTOOLS_SAVE_OPTIONS_INIT;
  void *data = NULL;
  size_t size = 0;
  if (!doc) return;
  o.object_streams = object_streams;
  o.linearize = linearize;
  if (EXPECT_OK(pdftools_document_save_to_memory(doc, &o, &data, &size), what)) {
    size_t n = within && within < size ? within : size;
    int present = tc_mem_contains(data, n, needle, strlen(needle));
    pdftools_document *d2 = NULL;
    CHECK(present == want_present, "%s: output %s \"%s\"%s", what, want_present ? "contains" : "does not contain",
          needle, within ? " near the start" : "");
    if (EXPECT_OK(pdftools_document_open_from_memory(data, size, NULL, &d2), "reopen the output")) {
      CHECK(page_count(d2) == pages, "%s: reopened output has %d pages (%d)", what, (int)pages, (int)page_count(d2));
      pdftools_document_close(d2);
    }
    pdftools_free(data);
  }
  pdftools_document_close(doc);
}

static void test_writer_options(const char *tmp) {
  char *dir = tc_path(tmp, "writer");
  char *out = tc_path(dir, "objstm.pdf");
  pdftools_document *doc;

  save_and_look("qpdf-boxes.pdf", 8, PDFTOOLS_OBJECT_STREAMS_GENERATE, 0, "/ObjStm", 1, 0,
                "OBJECT_STREAMS_GENERATE on a file without object streams");
  save_and_look("qpdf-object-streams.pdf", 30, PDFTOOLS_OBJECT_STREAMS_DISABLE, 0, "/ObjStm", 0, 0,
                "OBJECT_STREAMS_DISABLE on a file with object streams");
  save_and_look("qpdf-object-streams.pdf", 30, PDFTOOLS_OBJECT_STREAMS_PRESERVE, 0, "/ObjStm", 1, 0,
                "OBJECT_STREAMS_PRESERVE on a file with object streams");
  save_and_look("samplefiles-pdflatex-4-pages.pdf", 4, PDFTOOLS_OBJECT_STREAMS_PRESERVE, 1, "/Linearized", 1, 1024,
                "linearize");
  save_and_look("qpdf-boxes.pdf", 8, PDFTOOLS_OBJECT_STREAMS_GENERATE, 1, "/Linearized", 1, 1024,
                "linearize with OBJECT_STREAMS_GENERATE");
  save_and_look("samplefiles-pdflatex-4-pages.pdf", 4, PDFTOOLS_OBJECT_STREAMS_PRESERVE, 0, "/Linearized", 0, 1024,
                "no linearize");

  mkdir(dir, 0755);
  doc = tc_open_corpus(g_corpus, "qpdf-boxes.pdf", NULL);
  if (doc) {
    pdftools_save_options o = PDFTOOLS_SAVE_OPTIONS_INIT;
    o.object_streams = PDFTOOLS_OBJECT_STREAMS_GENERATE;
    o.linearize = 1;
    if (EXPECT_OK(pdftools_document_save(doc, out, &o), "save to a path with GENERATE + linearize")) {
      size_t n = 0;
      unsigned char *bytes = tc_read_file(out, &n);
      CHECK(bytes && tc_mem_contains(bytes, n, "/ObjStm", 7), "saved file contains /ObjStm");
      CHECK(bytes && tc_mem_contains(bytes, n < 1024 ? n : 1024, "/Linearized", 11),
            "saved file has /Linearized near the start");
      free(bytes);
      expect_file_opens(out, NULL, 8, NULL, "GENERATE + linearize file");
    }
    expect_entries(dir, "objstm.pdf", "after saving with writer options");
    pdftools_document_close(doc);
  }
  free(dir);
  free(out);
}

/* ------------------------------------------------------------------------ */

static void test_paths(const char *tmp) {
  char *dir = tc_path(tmp, "paths");
  char *utf8 = tc_path(dir, "gr\xc3\xbc\xc3\x9f" "e \xe6\x97\xa5\xe6\x9c\xac.pdf");
  char *rel_abs = tc_path(dir, "relative.pdf");
  char cwd[4096];
  pdftools_document *doc = NULL;

  mkdir(dir, 0755);
  if (!EXPECT_OK(pdftools_document_new(&doc), "new document for path tests")) goto done;
  EXPECT_OK(pdftools_document_insert_blank_page(doc, 0, 612, 792), "insert page");
  EXPECT_OK(pdftools_document_insert_blank_page(doc, 1, 842, 595), "insert landscape page");
  EXPECT_OK(pdftools_document_set_metadata(doc, "Title", "paths"), "set Title");
  EXPECT_OK(pdftools_document_save(doc, utf8, NULL), "save to a UTF-8 file name");
  expect_file_opens(utf8, NULL, 2, "paths", "UTF-8 file name");
  if (getcwd(cwd, sizeof cwd) && chdir(dir) == 0) {
    EXPECT_OK(pdftools_document_save(doc, "relative.pdf", NULL), "save to a relative path");
    expect_file_opens("relative.pdf", NULL, 2, "paths", "relative path");
    if (chdir(cwd) != 0) tc_note("could not return to %s", cwd);
    CHECK(access(rel_abs, F_OK) == 0, "relative path resolved against the working directory");
  }
  expect_entries(dir, "gr\xc3\xbc\xc3\x9f" "e \xe6\x97\xa5\xe6\x9c\xac.pdf|relative.pdf", "after the path tests");
  pdftools_document_close(doc);
done:
  free(dir);
  free(utf8);
  free(rel_abs);
}

/* ------------------------------------------------------------------------ */
/* Incremental saving                                                        */

/* The offset after the last "startxref" in data, or -1. */
static long last_startxref(const unsigned char *data, size_t size) {
  size_t i = size;
  while (i >= 9) {
    i--;
    if (i + 9 <= size && memcmp(data + i, "startxref", 9) == 0) {
      char tmp[32];
      size_t j = i + 9, k = 0;
      while (j < size && (data[j] == ' ' || data[j] == '\r' || data[j] == '\n')) j++;
      while (j < size && k + 1 < sizeof tmp && data[j] >= '0' && data[j] <= '9') tmp[k++] = (char)data[j++];
      tmp[k] = '\0';
      return k ? strtol(tmp, NULL, 10) : -1;
    }
  }
  return -1;
}

/* Occurrences of needle in data. */
static int count_occurrences(const unsigned char *data, size_t size, const char *needle) {
  size_t n = strlen(needle), i;
  int count = 0;
  for (i = 0; i + n <= size; i++)
    if (memcmp(data + i, needle, n) == 0) count++;
  return count;
}

/* The number after the first "/Prev" in data, or -1. */
static long prev_value(const unsigned char *data, size_t size) {
  size_t i;
  for (i = 0; i + 5 < size; i++)
    if (memcmp(data + i, "/Prev", 5) == 0) {
      char tmp[32];
      size_t j = i + 5, k = 0;
      while (j < size && (data[j] == ' ' || data[j] == '\r' || data[j] == '\n')) j++;
      while (j < size && k + 1 < sizeof tmp && data[j] >= '0' && data[j] <= '9') tmp[k++] = (char)data[j++];
      tmp[k] = '\0';
      return k ? strtol(tmp, NULL, 10) : -1;
    }
  return -1;
}

/* 1 when the appended part holds a cross-reference table ("xref" on a line of its own). */
static int has_xref_table(const unsigned char *data, size_t size) {
  return count_occurrences(data, size, "\nxref\n") + count_occurrences(data, size, "\nxref\r\n") +
             count_occurrences(data, size, "\rxref\r") > 0 &&
         tc_mem_contains(data, size, "trailer", 7);
}

/* 1 when the appended part holds a cross-reference stream. */
static int has_xref_stream(const unsigned char *data, size_t size) {
  return tc_mem_contains(data, size, "/XRef", 5);
}

/* The number after the last "/Size" in data, or -1. */
static long last_size_value(const unsigned char *data, size_t size) {
  size_t i;
  long v = -1;
  for (i = 0; i + 5 < size; i++)
    if (memcmp(data + i, "/Size", 5) == 0) {
      char tmp[32];
      size_t j = i + 5, k = 0;
      while (j < size && (data[j] == ' ' || data[j] == '\r' || data[j] == '\n')) j++;
      while (j < size && k + 1 < sizeof tmp && data[j] >= '0' && data[j] <= '9') tmp[k++] = (char)data[j++];
      tmp[k] = '\0';
      if (k) v = strtol(tmp, NULL, 10);
    }
  return v;
}

/* Where "%PDF-" starts (xref offsets count from there), or 0. */
static long header_offset(const unsigned char *data, size_t size) {
  size_t i;
  for (i = 0; i + 5 <= size && i < 4096; i++)
    if (memcmp(data + i, "%PDF-", 5) == 0) return (long)i;
  return 0;
}

static int is_prefix(const unsigned char *orig, size_t orig_size, const void *out, size_t out_size) {
  return orig && out && out_size >= orig_size && memcmp(out, orig, orig_size) == 0;
}

/* Runs `qpdf --check` on path: exit 0 or 3 (warnings) and no "ERROR" in its output. */
static void expect_qpdf_check(const char *path, const char *what) {
  char *q = tc_shell_quote(path);
  char cmd[4096], out[8192];
  int rc;
  snprintf(cmd, sizeof cmd, "qpdf --check %s", q);
  rc = tc_run_command(cmd, out, sizeof out);
  CHECK((rc == 0 || rc == 3) && !strstr(out, "ERROR"), "%s: qpdf --check passes (exit %d)%s%.600s", what, rc,
        (rc == 0 || rc == 3) && !strstr(out, "ERROR") ? "" : ": ", (rc == 0 || rc == 3) && !strstr(out, "ERROR") ? "" : out);
  if (rc == 3) {
    char *nl = strchr(out, '\n');
    tc_note("%s: qpdf --check warns: %.300s", what, nl ? nl + 1 : out);
  }
  free(q);
}

/* Runs pdfsig on path; returns 1 when it reports "Signature is Valid". */
static int pdfsig_valid(const char *path, char *out, size_t out_size) {
  char *q = tc_shell_quote(path);
  char cmd[4096];
  int rc;
  snprintf(cmd, sizeof cmd, "pdfsig %s", q);
  rc = tc_run_command(cmd, out, out_size);
  free(q);
  return rc == 0 && strstr(out, "Signature is Valid") != NULL;
}

/*
 * A metadata change saved incrementally (to memory and to a path): the original
 * is a byte-exact prefix, the update is small, carries /Prev and an xref of the
 * original's kind, qpdf --check accepts the result and it reopens with the
 * change.  Returns the number of bytes appended to memory (0 on failure).
 */
static size_t check_incremental(const char *tmp, const char *name, int32_t pages, int stream_xref) {
  char *src = tc_corpus_file(g_corpus, name);
  char *dir = tc_path(tmp, "incremental");
  char *out = NULL;
  char fname[256];
  size_t orig_size = 0, size = 0, appended = 0;
  unsigned char *orig = tc_read_file(src, &orig_size);
  pdftools_document *doc = NULL;
  pdftools_save_options o = PDFTOOLS_SAVE_OPTIONS_INIT;
  void *data = NULL;
  char what[200];
  int32_t modified = -1;

  mkdir(dir, 0755);
  snprintf(fname, sizeof fname, "%s.incremental.pdf", name);
  out = tc_path(dir, fname);
  if (!CHECK(orig != NULL, "%s: read the original bytes", name)) goto done;
  snprintf(what, sizeof what, "%s: open", name);
  if (!EXPECT_OK(pdftools_document_open(src, NULL, &doc), what)) goto done;
  EXPECT_OK(pdftools_document_set_metadata(doc, "Title", "changed incrementally"), "set Title");
  o.mode = PDFTOOLS_SAVE_INCREMENTAL;
  snprintf(what, sizeof what, "%s: save_to_memory INCREMENTAL", name);
  if (EXPECT_OK(pdftools_document_save_to_memory(doc, &o, &data, &size), what)) {
    const unsigned char *u = (const unsigned char *)data + orig_size;
    long prev, sx;
    appended = size > orig_size ? size - orig_size : 0;
    CHECK(is_prefix(orig, orig_size, data, size) && size > orig_size,
          "%s: the original %lu bytes are a byte-exact prefix of the %lu saved bytes", name, (unsigned long)orig_size,
          (unsigned long)size);
    tc_note("%s: %lu bytes appended for a Title change", name, (unsigned long)appended);
    CHECK(appended > 0 && appended < 4096, "%s: the update is small (%lu bytes, < 4 KiB)", name,
          (unsigned long)appended);
    if (appended) {
      prev = prev_value(u, appended);
      sx = last_startxref(orig, orig_size);
      CHECK(prev >= 0 && prev == sx, "%s: the update's /Prev is the original's startxref %ld (%ld)", name, sx, prev);
      sx = last_startxref((const unsigned char *)data, size);
      {
        long hdr = header_offset(orig, orig_size), old_size = last_size_value(orig, orig_size);
        long new_size = last_size_value(u, appended);
        CHECK(sx >= 0 && sx + hdr >= (long)orig_size && sx + hdr < (long)size,
              "%s: the new startxref %ld (+ header offset %ld) points into the update", name, sx, hdr);
        CHECK(new_size >= old_size && old_size > 0, "%s: the update's /Size %ld is at least the original's %ld", name,
              new_size, old_size);
      }
      if (stream_xref)
        CHECK(has_xref_stream(u, appended) && !has_xref_table(u, appended),
              "%s: the update has a cross-reference stream like the original", name);
      else
        CHECK(has_xref_table(u, appended) && !has_xref_stream(u, appended),
              "%s: the update has a cross-reference table and trailer like the original", name);
      CHECK(tc_mem_contains(u, appended, "changed incrementally", 21), "%s: the update holds the new Title", name);
    }
    EXPECT_OK(pdftools_document_is_modified(doc, &modified), "is_modified after save_to_memory");
    CHECK(modified == 1, "%s: save_to_memory INCREMENTAL leaves the document modified (%d)", name, (int)modified);
    {
      pdftools_document *d2 = NULL;
      int32_t repaired = -1;
      snprintf(what, sizeof what, "%s: reopen the incremental bytes", name);
      if (EXPECT_OK(pdftools_document_open_from_memory(data, size, NULL, &d2), what)) {
        pdftools_document_was_repaired(d2, &repaired);
        CHECK(page_count(d2) == pages && title_is(d2, "changed incrementally") && repaired == 0,
              "%s: reopened: %d pages, the new Title, not repaired (%d)", name, (int)pages, (int)repaired);
        pdftools_document_close(d2);
      }
    }
    pdftools_free(data);
  }
  snprintf(what, sizeof what, "%s: save INCREMENTAL to a path", name);
  if (EXPECT_OK(pdftools_document_save(doc, out, &o), what)) {
    size_t n = 0;
    unsigned char *bytes = tc_read_file(out, &n);
    CHECK(is_prefix(orig, orig_size, bytes, n) && n > orig_size && n - orig_size < 4096,
          "%s: the saved file starts with the original bytes, %lu bytes appended", name,
          (unsigned long)(n > orig_size ? n - orig_size : 0));
    free(bytes);
    EXPECT_OK(pdftools_document_is_modified(doc, &modified), "is_modified after save");
    CHECK(modified == 0, "%s: an incremental save to a path leaves the document unmodified (%d)", name, (int)modified);
    snprintf(what, sizeof what, "%s, saved incrementally", name);
    expect_qpdf_check(out, what);
    expect_file_opens(out, NULL, pages, "changed incrementally", what);
  }
  pdftools_document_close(doc);
done:
  tc_remove_tree(dir);
  free(orig);
  free(src);
  free(dir);
  free(out);
  return appended;
}

static void test_incremental_prefix(const char *tmp) {
  size_t small, big;
  small = check_incremental(tmp, "pdf20-simple.pdf", 1, 0);             /* xref table */
  check_incremental(tmp, "qpdf-object-streams.pdf", 30, 1);             /* xref stream, object streams */
  check_incremental(tmp, "pdfjs-annotation-line.pdf", 1, 1);            /* xref stream */
  big = check_incremental(tmp, "samplefiles-geotopo-117-pages.pdf", 117, 0); /* linearized, xref tables */
  check_incremental(tmp, "qpdf-incremental-3-revisions.pdf", 1, 0);     /* already 3 revisions */
  check_incremental(tmp, "qpdf-hybrid-xref.pdf", 30, 0);                /* hybrid: a table with /XRefStm */
  check_incremental(tmp, "pdf20-with-offset-start.pdf", 1, 0);          /* 656 bytes before %PDF-: offsets from there */
  check_incremental(tmp, "pdfbox-acroform-9-revisions.pdf", 1, 1);      /* 9 revisions, xref streams */
  /* The same change costs about the same on a 1-page and a 117-page file (both with xref tables). */
  CHECK(small && big && (big > small ? big - small : small - big) < 1024,
        "a Title change appends about as much to the 117-page file (%lu bytes) as to a 1-page file (%lu bytes)",
        (unsigned long)big, (unsigned long)small);
}

/* Edits other than metadata (annotations, pages) saved incrementally, reopened and checked with qpdf. */
static pdftools_document *reopen_incremental(pdftools_document *doc, const char *tmp, const char *name,
                                             const char *what) {
  char *src = tc_corpus_file(g_corpus, name);
  char *path = tc_path(tmp, "edit.pdf");
  size_t orig_size = 0, size = 0;
  unsigned char *orig = tc_read_file(src, &orig_size);
  pdftools_save_options o = PDFTOOLS_SAVE_OPTIONS_INIT;
  void *data = NULL;
  pdftools_document *copy = NULL;
  char w[200];
  o.mode = PDFTOOLS_SAVE_INCREMENTAL;
  snprintf(w, sizeof w, "%s: save_to_memory INCREMENTAL", what);
  if (EXPECT_OK(pdftools_document_save_to_memory(doc, &o, &data, &size), w)) {
    CHECK(is_prefix(orig, orig_size, data, size) && size > orig_size, "%s: the original is a prefix, %lu bytes appended",
          what, (unsigned long)(size > orig_size ? size - orig_size : 0));
    tc_note("%s: %lu bytes appended", what, (unsigned long)(size > orig_size ? size - orig_size : 0));
    tc_write_file(path, data, size);
    expect_qpdf_check(path, what);
    snprintf(w, sizeof w, "%s: reopen", what);
    if (!EXPECT_OK(pdftools_document_open_from_memory(data, size, NULL, &copy), w)) copy = NULL;
    pdftools_free(data);
  }
  unlink(path);
  free(orig);
  free(src);
  free(path);
  return copy;
}

static int annotation_count(pdftools_document *doc, int32_t page) {
  int32_t n = 0;
  if (pdftools_page_get_annotations(doc, page, NULL, 0, &n) != PDFTOOLS_OK) return -1;
  return (int)n;
}

static void test_incremental_edits(const char *tmp) {
  pdftools_document *doc, *copy;
  pdftools_annotation_id ids[8];
  int32_t n = 0;

  /* Annotations deleted and changed (an xref table, classic objects). */
  doc = tc_open_corpus(g_corpus, "pdfjs-annotation-square-circle.pdf", NULL);
  if (doc && pdftools_page_get_annotations(doc, 0, ids, 8, &n) == PDFTOOLS_OK && n == 4) {
    EXPECT_OK(pdftools_annotation_delete(doc, ids[0]), "delete the Square (and its popup)");
    EXPECT_OK(pdftools_annotation_set_raw(doc, ids[2], "Contents", "(changed circle)"), "change the Circle's /Contents");
    copy = reopen_incremental(doc, tmp, "pdfjs-annotation-square-circle.pdf", "annotation edits");
    if (copy) {
      pdftools_annotation_id c[8];
      int32_t m = 0;
      pdftools_page_get_annotations(copy, 0, c, 8, &m);
      if (CHECK(m == 2, "annotation edits: 2 annotations after the incremental save (%d)", m)) {
        char buf[64];
        size_t need = 0;
        CHECK(pdftools_annotation_get_text(copy, c[0], "Contents", buf, sizeof buf, &need) == PDFTOOLS_OK &&
                  strcmp(buf, "changed circle") == 0,
              "annotation edits: the Circle's new /Contents was appended");
      }
      pdftools_document_close(copy);
    }
  } else {
    CHECK(0, "square-circle: 4 annotations to edit");
  }
  pdftools_document_close(doc);

  /* An annotation kept in an object stream, behind a cross-reference stream. */
  doc = tc_open_corpus(g_corpus, "pdfjs-annotation-line.pdf", NULL);
  if (doc && pdftools_page_get_annotations(doc, 0, ids, 8, &n) == PDFTOOLS_OK && n == 2) {
    EXPECT_OK(pdftools_annotation_set_raw(doc, ids[0], "LE", "[/OpenArrow /Circle]"), "set the Line's /LE");
    copy = reopen_incremental(doc, tmp, "pdfjs-annotation-line.pdf", "an annotation from an object stream");
    if (copy) {
      pdftools_annotation_id c[4];
      int32_t m = 0;
      char buf[64];
      size_t need = 0;
      pdftools_page_get_annotations(copy, 0, c, 4, &m);
      CHECK(m == 2 && pdftools_annotation_get_raw(copy, c[0], "LE", buf, sizeof buf, &need) == PDFTOOLS_OK &&
                strstr(buf, "/OpenArrow") && strstr(buf, "/Circle"),
            "an annotation from an object stream: the new /LE was appended (\"%s\")", m == 2 ? buf : "");
      pdftools_document_close(copy);
    }
    EXPECT_OK(pdftools_annotation_delete(doc, ids[0]), "delete the Line (and its popup)");
    copy = reopen_incremental(doc, tmp, "pdfjs-annotation-line.pdf", "an annotation deleted from an object stream");
    if (copy) {
      CHECK(annotation_count(copy, 0) == 0, "no annotations after the incremental save (%d)", annotation_count(copy, 0));
      pdftools_document_close(copy);
    }
  } else {
    CHECK(0, "line: 2 annotations to edit");
  }
  pdftools_document_close(doc);

  /* A page added (the page tree changes). */
  doc = tc_open_corpus(g_corpus, "samplefiles-geotopo-117-pages.pdf", NULL);
  if (doc) {
    EXPECT_OK(pdftools_document_insert_blank_page(doc, 117, 300, 400), "append a blank page to the 117 pages");
    EXPECT_OK(pdftools_document_insert_blank_page(doc, 0, 200, 100), "insert a blank page in front");
    copy = reopen_incremental(doc, tmp, "samplefiles-geotopo-117-pages.pdf", "two pages added");
    if (copy) {
      double w = 0, h = 0, w2 = 0, h2 = 0;
      pdftools_page_get_size(copy, 0, &w, &h);
      pdftools_page_get_size(copy, 118, &w2, &h2);
      CHECK(page_count(copy) == 119 && w == 200 && h == 100 && w2 == 300 && h2 == 400,
            "two pages added: 119 pages, the new ones first and last (%d; %gx%g, %gx%g)", (int)page_count(copy), w, h,
            w2, h2);
      pdftools_document_close(copy);
    }
    pdftools_document_close(doc);
  }

  /* The signed document with a page added: AUTO stays incremental and the signature valid. */
  doc = tc_open_corpus(g_corpus, "qpdf-digitally-signed.pdf", NULL);
  if (doc) {
    char *out = tc_path(tmp, "signed-page.pdf");
    char log[4096];
    char *src = tc_corpus_file(g_corpus, "qpdf-digitally-signed.pdf");
    size_t orig_size = 0, sz = 0;
    unsigned char *orig = tc_read_file(src, &orig_size), *bytes;
    EXPECT_OK(pdftools_document_insert_blank_page(doc, 1, 612, 792), "add a page to the signed document");
    EXPECT_OK(pdftools_document_save(doc, out, NULL), "save it with AUTO");
    bytes = tc_read_file(out, &sz);
    CHECK(is_prefix(orig, orig_size, bytes, sz) && sz > orig_size, "the signed bytes are still a prefix");
    CHECK(pdfsig_valid(out, log, sizeof log), "pdfsig: \"Signature is Valid\" after adding a page%s%.300s",
          strstr(log, "Signature is Valid") ? "" : ": ", strstr(log, "Signature is Valid") ? "" : log);
    expect_qpdf_check(out, "signed document with a page added");
    expect_file_opens(out, NULL, 2, NULL, "signed document with a page added");
    unlink(out);
    free(bytes);
    free(orig);
    free(src);
    free(out);
    pdftools_document_close(doc);
  }
}

static void test_incremental_twice(const char *tmp) {
  char *dir = tc_path(tmp, "twice");
  char *out = tc_path(dir, "out.pdf");
  char *other = tc_path(dir, "other.pdf");
  char *self = tc_path(dir, "self.pdf");
  char *src = tc_corpus_file(g_corpus, "qpdf-object-streams.pdf");
  size_t orig_size = 0, n1 = 0, n2 = 0, n3 = 0;
  unsigned char *orig = tc_read_file(src, &orig_size), *out1 = NULL, *out2 = NULL, *out3 = NULL;
  pdftools_document *doc = NULL;
  pdftools_save_options o = PDFTOOLS_SAVE_OPTIONS_INIT;
  o.mode = PDFTOOLS_SAVE_INCREMENTAL;

  mkdir(dir, 0755);
  if (!orig || !EXPECT_OK(pdftools_document_open(src, NULL, &doc), "open qpdf-object-streams.pdf")) goto done;
  EXPECT_OK(pdftools_document_set_metadata(doc, "Title", "first update"), "set Title (first)");
  EXPECT_OK(pdftools_document_save(doc, out, &o), "first incremental save to out.pdf");
  out1 = tc_read_file(out, &n1);
  CHECK(is_prefix(orig, orig_size, out1, n1) && n1 > orig_size, "the first output starts with the original");
  EXPECT_OK(pdftools_document_set_metadata(doc, "Author", "second update"), "set Author (second)");
  EXPECT_OK(pdftools_document_save(doc, out, &o), "second incremental save to the same path");
  out2 = tc_read_file(out, &n2);
  CHECK(is_prefix(out1, n1, out2, n2) && n2 > n1,
        "the second output starts with the first (%lu bytes, then %lu): it appended to what was written",
        (unsigned long)n1, (unsigned long)n2);
  if (out1 && out2 && n2 > n1) {
    long prev = prev_value(out2 + n1, n2 - n1), sx = last_startxref(out1, n1);
    CHECK(prev == sx, "the second update's /Prev is the first output's startxref %ld (%ld)", sx, prev);
    CHECK(last_size_value(out2 + n1, n2 - n1) >= last_size_value(out1 + orig_size, n1 - orig_size),
          "the second update's /Size (%ld) is at least the first's (%ld)", last_size_value(out2 + n1, n2 - n1),
          last_size_value(out1 + orig_size, n1 - orig_size));
    CHECK(n2 - n1 < 4096, "the second update is small too (%lu bytes)", (unsigned long)(n2 - n1));
    CHECK(count_occurrences(out2, n2, "startxref") == count_occurrences(orig, orig_size, "startxref") + 2,
          "two more startxref than the original");
  }
  expect_qpdf_check(out, "after two incremental saves");
  {
    pdftools_document *d2 = NULL;
    if (EXPECT_OK(pdftools_document_open(out, NULL, &d2), "reopen after two incremental saves")) {
      char *a = tc_get_metadata(d2, "Author", NULL);
      CHECK(title_is(d2, "first update") && a && strcmp(a, "second update") == 0 && page_count(d2) == 30,
            "both updates are visible: Title and Author, 30 pages");
      free(a);
      pdftools_document_close(d2);
    }
  }
  /* Later incremental saves append to what was written, to another path too. */
  EXPECT_OK(pdftools_document_set_metadata(doc, "Subject", "third update"), "set Subject (third)");
  EXPECT_OK(pdftools_document_save(doc, other, &o), "third incremental save, to another path");
  out3 = tc_read_file(other, &n3);
  CHECK(is_prefix(out2, n2, out3, n3) && n3 > n2, "the save to another path starts with what was written last");
  {
    void *data = NULL;
    size_t size = 0;
    EXPECT_OK(pdftools_document_set_metadata(doc, "Keywords", "in memory"), "set Keywords");
    if (EXPECT_OK(pdftools_document_save_to_memory(doc, &o, &data, &size), "save_to_memory INCREMENTAL afterwards")) {
      CHECK(is_prefix(out3, n3, data, size) && size > n3, "save_to_memory appends to what was written last too");
      pdftools_free(data);
    }
  }
  expect_entries(dir, "other.pdf|out.pdf", "after the incremental saves");
  pdftools_document_close(doc);
  doc = NULL;

  /* Saving incrementally over the file the document was opened from, twice. */
  if (tc_copy_file(src, self) == 0 && EXPECT_OK(pdftools_document_open(self, NULL, &doc), "open a copy")) {
    size_t a = 0, b = 0;
    unsigned char *first = NULL, *second = NULL;
    EXPECT_OK(pdftools_document_set_metadata(doc, "Title", "self 1"), "set Title");
    EXPECT_OK(pdftools_document_save(doc, self, &o), "incremental save over the source");
    first = tc_read_file(self, &a);
    CHECK(is_prefix(orig, orig_size, first, a) && a > orig_size, "the source grew by an update");
    EXPECT_OK(pdftools_document_set_metadata(doc, "Title", "self 2"), "set Title again");
    EXPECT_OK(pdftools_document_save(doc, self, &o), "second incremental save over the source");
    second = tc_read_file(self, &b);
    CHECK(is_prefix(first, a, second, b) && b > a, "and by a second update after the first");
    expect_qpdf_check(self, "source saved over incrementally twice");
    expect_file_opens(self, NULL, 30, "self 2", "source saved over incrementally twice");
    expect_entries(dir, "other.pdf|out.pdf|self.pdf", "after saving over the source");
    free(first);
    free(second);
    pdftools_document_close(doc);
  }
done:
  free(orig);
  free(out1);
  free(out2);
  free(out3);
  free(src);
  free(self);
  free(other);
  free(out);
  tc_remove_tree(dir);
  free(dir);
}

static void test_auto_signed(const char *tmp) {
  char *dir = tc_path(tmp, "signed");
  char *out = tc_path(dir, "signed.pdf");
  char *full = tc_path(dir, "full.pdf");
  char *src = tc_corpus_file(g_corpus, "qpdf-digitally-signed.pdf");
  size_t orig_size = 0, n = 0;
  unsigned char *orig = tc_read_file(src, &orig_size), *bytes = NULL;
  pdftools_document *doc = NULL;
  int32_t sigs = -1;
  char log[4096];
  void *data = NULL;
  size_t size = 0;

  mkdir(dir, 0755);
  CHECK(pdfsig_valid(src, log, sizeof log), "pdfsig reports the original's signature as valid");
  if (!orig || !EXPECT_OK(pdftools_document_open(src, NULL, &doc), "open qpdf-digitally-signed.pdf")) goto done;
  EXPECT_OK(pdftools_document_has_signature_fields(doc, &sigs), "has_signature_fields");
  CHECK(sigs == 1, "the document has signature fields (%d)", (int)sigs);

  /* Unchanged, AUTO (options NULL): incremental, so the signature stays valid. */
  if (EXPECT_OK(pdftools_document_save_to_memory(doc, NULL, &data, &size), "save_to_memory AUTO without changes")) {
    CHECK(is_prefix(orig, orig_size, data, size), "AUTO without changes keeps the original as a prefix (%lu -> %lu)",
          (unsigned long)orig_size, (unsigned long)size);
    pdftools_free(data);
  }
  EXPECT_OK(pdftools_document_set_metadata(doc, "Title", "signed, then changed"), "set Title");
  EXPECT_OK(pdftools_document_save(doc, out, NULL), "save with options NULL (AUTO)");
  bytes = tc_read_file(out, &n);
  CHECK(is_prefix(orig, orig_size, bytes, n) && n > orig_size,
        "AUTO saved the signed document incrementally: the 68846 signed bytes are a prefix (%lu -> %lu)",
        (unsigned long)orig_size, (unsigned long)n);
  CHECK(n > orig_size && n - orig_size < 4096, "a small update (%lu bytes)", (unsigned long)(n > orig_size ? n - orig_size : 0));
  CHECK(pdfsig_valid(out, log, sizeof log), "pdfsig still reports \"Signature is Valid\"%s%.400s",
        strstr(log, "Signature is Valid") ? "" : ": ", strstr(log, "Signature is Valid") ? "" : log);
  expect_qpdf_check(out, "signed file saved with AUTO");
  {
    pdftools_document *d2 = NULL;
    if (EXPECT_OK(pdftools_document_open(out, NULL, &d2), "reopen the signed file")) {
      int32_t s2 = -1;
      pdftools_document_has_signature_fields(d2, &s2);
      CHECK(title_is(d2, "signed, then changed") && s2 == 1, "the new Title, still a signature field");
      pdftools_document_close(d2);
    }
  }
  {
    pdftools_save_options o = PDFTOOLS_SAVE_OPTIONS_INIT;
    CHECK(o.mode == PDFTOOLS_SAVE_AUTO, "PDFTOOLS_SAVE_OPTIONS_INIT has mode AUTO");
    if (EXPECT_OK(pdftools_document_save_to_memory(doc, &o, &data, &size), "save_to_memory with the default options")) {
      CHECK(is_prefix(orig, orig_size, data, size) && size > orig_size,
            "the default options keep the signed bytes too");
      pdftools_free(data);
    }
    /* Options that ask for a rewrite would break the signatures: AUTO refuses them (NOT_PERMITTED), and FULL
     * does what it is asked. */
    {
      struct {
        const char *what;
        int linearize, object_streams, compress;
      } rewrites[] = {{"linearize", 1, PDFTOOLS_OBJECT_STREAMS_PRESERVE, 1},
                      {"OBJECT_STREAMS_GENERATE", 0, PDFTOOLS_OBJECT_STREAMS_GENERATE, 1},
                      {"OBJECT_STREAMS_DISABLE", 0, PDFTOOLS_OBJECT_STREAMS_DISABLE, 1},
                      {"compress_streams 0", 0, PDFTOOLS_OBJECT_STREAMS_PRESERVE, 0}};
      size_t i;
      for (i = 0; i < sizeof rewrites / sizeof rewrites[0]; i++) {
        char what[160];
        o = (pdftools_save_options)PDFTOOLS_SAVE_OPTIONS_INIT;
        o.linearize = rewrites[i].linearize;
        o.object_streams = rewrites[i].object_streams;
        o.compress_streams = rewrites[i].compress;
        snprintf(what, sizeof what, "AUTO with %s on the signed document", rewrites[i].what);
        data = NULL;
        EXPECT_STATUS(pdftools_document_save_to_memory(doc, &o, &data, &size), PDFTOOLS_E_NOT_PERMITTED, what);
        CHECK(data == NULL, "%s: nothing written", what);
        CHECK(strstr(pdftools_last_error_message(), "signature") != NULL, "%s: the message names the signatures (%s)",
              what, pdftools_last_error_message());
        o.mode = PDFTOOLS_SAVE_FULL;
        snprintf(what, sizeof what, "FULL with %s on the signed document", rewrites[i].what);
        if (EXPECT_OK(pdftools_document_save_to_memory(doc, &o, &data, &size), what)) {
          pdftools_document *d2 = NULL;
          CHECK(!is_prefix(orig, orig_size, data, size), "%s: a full save (the original is not a prefix)", what);
          if (pdftools_document_open_from_memory(data, size, NULL, &d2) == PDFTOOLS_OK) {
            CHECK(title_is(d2, "signed, then changed") && page_count(d2) == 1, "%s: the output reopens", what);
            pdftools_document_close(d2);
          } else {
            CHECK(0, "%s: the output reopens", what);
          }
          pdftools_free(data);
        }
      }
      o = (pdftools_save_options)PDFTOOLS_SAVE_OPTIONS_INIT;
      o.linearize = 1;
      EXPECT_STATUS(pdftools_document_save(doc, full, &o), PDFTOOLS_E_NOT_PERMITTED, "AUTO with linearize to a path");
      o.mode = PDFTOOLS_SAVE_FULL;
      if (EXPECT_OK(pdftools_document_save(doc, full, &o), "FULL with linearize to a path")) {
        size_t fn = 0;
        unsigned char *fb = tc_read_file(full, &fn);
        CHECK(!is_prefix(orig, orig_size, fb, fn), "a full file");
        free(fb);
      }
    }
  }
  pdftools_document_close(doc);
  doc = NULL;

  /* Two signatures and three revisions: AUTO keeps every earlier revision. */
  {
    char *two = tc_corpus_file(g_corpus, "pdfium-two-signatures.pdf");
    char *two_out = tc_path(dir, "two.pdf");
    size_t tn = 0, on = 0;
    unsigned char *tb = tc_read_file(two, &tn), *ob = NULL;
    if (tb && EXPECT_OK(pdftools_document_open(two, NULL, &doc), "open pdfium-two-signatures.pdf")) {
      EXPECT_OK(pdftools_document_set_metadata(doc, "Title", "two signatures"), "set Title");
      EXPECT_OK(pdftools_document_save(doc, two_out, NULL), "save it with AUTO");
      ob = tc_read_file(two_out, &on);
      CHECK(is_prefix(tb, tn, ob, on) && on > tn, "AUTO appended to the file with two signatures");
      CHECK(ob && count_occurrences(ob, on, "startxref") == count_occurrences(tb, tn, "startxref") + 1,
            "one more revision");
      expect_qpdf_check(two_out, "two signatures saved with AUTO");
      pdftools_document_close(doc);
      doc = NULL;
    }
    free(tb);
    free(ob);
    free(two);
    free(two_out);
  }

  /* AUTO without signature fields: a full save. */
  {
    char *plain = tc_corpus_file(g_corpus, "pdf20-simple.pdf");
    size_t pn = 0;
    unsigned char *pb = tc_read_file(plain, &pn);
    if (pb && EXPECT_OK(pdftools_document_open(plain, NULL, &doc), "open pdf20-simple.pdf")) {
      pdftools_document_has_signature_fields(doc, &sigs);
      CHECK(sigs == 0, "pdf20-simple.pdf has no signature fields");
      EXPECT_OK(pdftools_document_set_metadata(doc, "Title", "plain"), "set Title");
      if (EXPECT_OK(pdftools_document_save_to_memory(doc, NULL, &data, &size), "save_to_memory AUTO, unsigned")) {
        CHECK(!is_prefix(pb, pn, data, size), "AUTO without signature fields writes a full file");
        CHECK(count_occurrences((const unsigned char *)data, size, "startxref") == 1, "with one startxref");
        pdftools_free(data);
      }
      pdftools_document_close(doc);
      doc = NULL;
    }
    free(pb);
    free(plain);
  }
done:
  free(orig);
  free(bytes);
  free(src);
  free(out);
  free(full);
  tc_remove_tree(dir);
  free(dir);
}

/* Incremental saving that is UNSUPPORTED or an INVALID_ARGUMENT; the target stays as it was. */
static void test_incremental_refused(const char *tmp) {
  char *dir = tc_path(tmp, "refused");
  char *target = tc_path(dir, "target.pdf");
  static const char previous[] = "previous content; refused incremental saves must leave it\n";
  pdftools_save_options o = PDFTOOLS_SAVE_OPTIONS_INIT;
  pdftools_document *doc = NULL;
  void *data = NULL;
  size_t size = 0;
  char what[200];
  size_t i;
  struct {
    const char *label, *name, *password;
  } unsupported[] = {{"a document repaired while opening", "qpdf-bad3-bad-xref-offset.pdf", NULL},
                     {"a document repaired while opening (no startxref)", "qpdf-bad2-no-startxref.pdf", NULL}};

  mkdir(dir, 0755);
  tc_write_file(target, previous, sizeof previous - 1);
  o.mode = PDFTOOLS_SAVE_INCREMENTAL;

  /* A new document. */
  if (EXPECT_OK(pdftools_document_new(&doc), "new document")) {
    EXPECT_OK(pdftools_document_insert_blank_page(doc, 0, 612, 792), "insert a page");
    EXPECT_STATUS(pdftools_document_save(doc, target, &o), PDFTOOLS_E_UNSUPPORTED, "INCREMENTAL of a new document");
    EXPECT_STATUS(pdftools_document_save_to_memory(doc, &o, &data, &size), PDFTOOLS_E_UNSUPPORTED,
                  "save_to_memory INCREMENTAL of a new document");
    CHECK(data == NULL, "no data returned");
    CHECK(tc_file_equals(target, previous, sizeof previous - 1), "target untouched");
    if (EXPECT_OK(pdftools_document_save_to_memory(doc, NULL, &data, &size), "AUTO of a new document")) {
      pdftools_free(data);
      data = NULL;
    }
    pdftools_document_close(doc);
    doc = NULL;
  }

  for (i = 0; i < sizeof unsupported / sizeof unsupported[0]; i++) {
    int32_t flag = -1;
    doc = tc_open_corpus(g_corpus, unsupported[i].name, unsupported[i].password);
    if (!doc) continue;
    if (unsupported[i].password)
      CHECK(pdftools_document_is_encrypted(doc, &flag) == PDFTOOLS_OK && flag == 1, "%s is encrypted",
            unsupported[i].name);
    else
      CHECK(pdftools_document_was_repaired(doc, &flag) == PDFTOOLS_OK && flag == 1, "%s was repaired",
            unsupported[i].name);
    EXPECT_OK(pdftools_document_set_metadata(doc, "Title", "refused"), "set Title");
    snprintf(what, sizeof what, "INCREMENTAL of %s", unsupported[i].label);
    EXPECT_STATUS(pdftools_document_save(doc, target, &o), PDFTOOLS_E_UNSUPPORTED, what);
    expect_message_after_failure(what);
    snprintf(what, sizeof what, "save_to_memory INCREMENTAL of %s", unsupported[i].label);
    EXPECT_STATUS(pdftools_document_save_to_memory(doc, &o, &data, &size), PDFTOOLS_E_UNSUPPORTED, what);
    CHECK(tc_file_equals(target, previous, sizeof previous - 1), "%s: target untouched", unsupported[i].label);
    if (unsupported[i].password) {
      pdftools_save_options r = o;
      r.encryption = PDFTOOLS_ENCRYPTION_REMOVE;
      snprintf(what, sizeof what, "INCREMENTAL with encryption REMOVE of %s", unsupported[i].label);
      EXPECT_STATUS2(pdftools_document_save_to_memory(doc, &r, &data, &size), PDFTOOLS_E_UNSUPPORTED,
                     PDFTOOLS_E_INVALID_ARGUMENT, what);
    }
    /* AUTO falls back to a full save (no signature fields anyway); a full save keeps the encryption. */
    snprintf(what, sizeof what, "AUTO of %s", unsupported[i].label);
    if (EXPECT_OK(pdftools_document_save_to_memory(doc, NULL, &data, &size), what)) {
      pdftools_document *d2 = NULL;
      pdftools_status st = pdftools_document_open_from_memory(data, size, unsupported[i].password, &d2);
      CHECK(st == PDFTOOLS_OK && title_is(d2, "refused"), "%s: the full output reopens with the change", what);
      if (st == PDFTOOLS_OK) {
        int32_t enc = -1;
        pdftools_document_is_encrypted(d2, &enc);
        CHECK(enc == (unsupported[i].password ? 1 : 0), "%s: encryption kept (%d)", what, (int)enc);
        pdftools_document_close(d2);
      }
      pdftools_free(data);
      data = NULL;
    }
    pdftools_document_close(doc);
    doc = NULL;
  }

  /* Options that ask for a rewrite. */
  doc = tc_open_corpus(g_corpus, "pdf20-simple.pdf", NULL);
  if (doc) {
    struct {
      const char *what;
      int linearize, object_streams, compress, encryption;
    } bad[] = {{"linearize", 1, PDFTOOLS_OBJECT_STREAMS_PRESERVE, 1, PDFTOOLS_ENCRYPTION_KEEP},
               {"OBJECT_STREAMS_DISABLE", 0, PDFTOOLS_OBJECT_STREAMS_DISABLE, 1, PDFTOOLS_ENCRYPTION_KEEP},
               {"OBJECT_STREAMS_GENERATE", 0, PDFTOOLS_OBJECT_STREAMS_GENERATE, 1, PDFTOOLS_ENCRYPTION_KEEP},
               {"compress_streams 0", 0, PDFTOOLS_OBJECT_STREAMS_PRESERVE, 0, PDFTOOLS_ENCRYPTION_KEEP},
               {"encryption REMOVE", 0, PDFTOOLS_OBJECT_STREAMS_PRESERVE, 1, PDFTOOLS_ENCRYPTION_REMOVE}};
    int32_t modified = -1;
    EXPECT_OK(pdftools_document_set_metadata(doc, "Title", "bad options"), "set Title");
    for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
      pdftools_save_options b = PDFTOOLS_SAVE_OPTIONS_INIT;
      b.mode = PDFTOOLS_SAVE_INCREMENTAL;
      b.linearize = bad[i].linearize;
      b.object_streams = bad[i].object_streams;
      b.compress_streams = bad[i].compress;
      b.encryption = bad[i].encryption;
      data = NULL;
      snprintf(what, sizeof what, "INCREMENTAL with %s", bad[i].what);
      EXPECT_STATUS(pdftools_document_save(doc, target, &b), PDFTOOLS_E_INVALID_ARGUMENT, what);
      expect_message_after_failure(what);
      snprintf(what, sizeof what, "save_to_memory INCREMENTAL with %s", bad[i].what);
      EXPECT_STATUS(pdftools_document_save_to_memory(doc, &b, &data, &size), PDFTOOLS_E_INVALID_ARGUMENT, what);
      CHECK(data == NULL, "%s: no data returned", what);
      CHECK(tc_file_equals(target, previous, sizeof previous - 1), "%s: target untouched", bad[i].what);
    }
    EXPECT_OK(pdftools_document_is_modified(doc, &modified), "is_modified");
    CHECK(modified == 1, "refused saves leave the document modified");
    {
      pdftools_save_options ok = PDFTOOLS_SAVE_OPTIONS_INIT;
      ok.mode = PDFTOOLS_SAVE_INCREMENTAL;
      ok.compress_streams = 5;
      if (EXPECT_OK(pdftools_document_save_to_memory(doc, &ok, &data, &size),
                    "INCREMENTAL with compress_streams 5 (any nonzero), PRESERVE, KEEP")) {
        pdftools_free(data);
        data = NULL;
      }
    }
    pdftools_document_close(doc);
  }
  expect_entries(dir, "target.pdf", "after the refused incremental saves");
  tc_remove_tree(dir);
  free(dir);
  free(target);
}

/* Encrypted documents save incrementally: the appended objects are encrypted with the document's own key
 * (RC4 and AES, revisions 2 to 6), qpdf checks every stream, and the change reads back with either password. */
static void test_incremental_encrypted(const char *tmp) {
  static const struct {
    const char *name, *user, *owner;
  } files[] = {{"qpdf-enc-r2-rc4-40.pdf", "view", "master"},
               {"qpdf-enc-r3-rc4-128.pdf", "view", "master"},
               {"pdfium-encrypted-aes128.pdf", "1234", "5678"},
               {"qpdf-enc-r5-aes256.pdf", "user3", "owner3"},
               {"qpdf-enc-r6-aes256.pdf", "view", "master"}};
  pdftools_save_options o = PDFTOOLS_SAVE_OPTIONS_INIT;
  size_t i;
  o.mode = PDFTOOLS_SAVE_INCREMENTAL;
  for (i = 0; i < sizeof files / sizeof files[0]; i++) {
    pdftools_document *doc = tc_open_corpus(g_corpus, files[i].name, files[i].owner);
    pdftools_annotation_id id = 0;
    char *path = tc_path(tmp, "encrypted-incremental.pdf");
    char *original_path = tc_corpus_file(g_corpus, files[i].name);
    size_t original_size = 0, saved_size = 0;
    unsigned char *original = tc_read_file(original_path, &original_size), *saved = NULL;
    const char *passwords[2];
    int p;
    if (!doc || !original) goto next;
    EXPECT_OK(pdftools_document_set_metadata(doc, "Title", "appended, encrypted"), "set Title");
    EXPECT_OK(pdftools_annotation_create(doc, 0, "Square", tc_mkrect(100, 100, 200, 200), &id), "create a Square");
    if (!EXPECT_OK(pdftools_document_save(doc, path, &o), files[i].name)) goto next;
    saved = tc_read_file(path, &saved_size);
    CHECK(saved && is_prefix(original, original_size, saved, saved_size), "%s: the original bytes stay a prefix",
          files[i].name);
    {
      char command[1024], output[512];
      char *quoted = tc_shell_quote(path);
      snprintf(command, sizeof command, "qpdf --check --password=%s %s", files[i].owner, quoted);
      CHECK(tc_run_command(command, output, sizeof output) == 0, "%s: qpdf --check passes (%s)", files[i].name, output);
      free(quoted);
    }
    passwords[0] = files[i].user;
    passwords[1] = files[i].owner;
    for (p = 0; p < 2; p++) {
      pdftools_document *again = NULL;
      int32_t repaired = -1;
      if (!EXPECT_OK(pdftools_document_open(path, passwords[p], &again), "reopen with the password")) continue;
      pdftools_document_was_repaired(again, &repaired);
      CHECK(repaired == 0 && title_is(again, "appended, encrypted") && tc_count_annots(again, 0) >= 1,
            "%s: the change reads back with the %s password", files[i].name, p ? "owner" : "user");
      pdftools_document_close(again);
    }
  next:
    pdftools_document_close(doc);
    free(original);
    free(saved);
    free(original_path);
    free(path);
  }
}

/* ------------------------------------------------------------------------ */

int main(int argc, char **argv) {
  char *tmp;
  if (argc < 2) {
    fprintf(stderr, "usage: %s CORPUS_DIR\n", argv[0]);
    return 2;
  }
  g_corpus = argv[1];
  umask(022);
  tmp = tc_make_temp_dir("test-save");
  if (!tmp) {
    fprintf(stderr, "cannot create a temporary folder\n");
    return 2;
  }
  printf("libpdftools %s, corpus %s, temporary folder %s\n", pdftools_version_string(), g_corpus, tmp);

  test_save_and_reopen(tmp);
  test_save_over_source(tmp);
  test_bad_targets(tmp);
  test_mode_kept(tmp);
  test_failed_saves(tmp);
  test_encryption(tmp, "qpdf-enc-r3-rc4-128.pdf", "view", "master", 30);
  test_encryption(tmp, "qpdf-enc-r6-aes256.pdf", "view", "master", 30);
  test_encryption(tmp, "pdfium-encrypted-aes128.pdf", "1234", "5678", 1);
  test_writer_options(tmp);
  test_paths(tmp);
  if (CHECK(tc_have_program("qpdf") && tc_have_program("pdfsig"),
            "the qpdf and pdfsig (poppler-utils) command line tools are installed")) {
    test_incremental_prefix(tmp);
    test_incremental_twice(tmp);
    test_incremental_edits(tmp);
    test_auto_signed(tmp);
    test_incremental_encrypted(tmp);
  }
  test_incremental_refused(tmp);

  tc_remove_tree(tmp);
  free(tmp);
  return tc_finish();
}

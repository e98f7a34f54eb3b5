/*
 * test_save.c — tests of pdftools_document_save and
 * pdftools_document_save_to_memory: save and reopen, saving over the file the
 * document was opened from, missing folders, folders as targets, permission
 * bits of replaced files, failed saves that must leave the target untouched,
 * no temporary files left behind, encryption KEEP/REMOVE, object streams and
 * linearization.
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

static int32_t page_count(pdftools_document *doc) {
  int32_t n = -1;
  if (pdftools_document_page_count(doc, &n) != PDFTOOLS_OK) return -1;
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
    for (b = 0; b < 5; b++) pdftools_page_box(doc, p, (pdftools_box)b, &before[p][b]);

  EXPECT_OK(pdftools_document_set_metadata(doc, "Title", "v1"), "set Title v1");
  EXPECT_OK(pdftools_document_save(doc, work, NULL), "save over the file the document was opened from");
  expect_entries(dir, "boxes.pdf", "after saving over the source");
  CHECK(page_count(doc) == 8, "document still usable after saving over its file (8 pages)");
  for (p = 0; p < 8; p++)
    for (b = 0; b < 5; b++) {
      pdftools_rect r;
      if (pdftools_page_box(doc, p, (pdftools_box)b, &r) != PDFTOOLS_OK || r.x0 != before[p][b].x0 ||
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
    if (EXPECT_OK(pdftools_document_open_memory(data, size, NULL, &m), "open the memory copy")) {
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

  mkdir(dir, 0755);
  tc_write_file(target, previous, sizeof previous - 1);
  if (!doc) goto done;

  o.mode = PDFTOOLS_SAVE_INCREMENTAL;
  EXPECT_STATUS(pdftools_document_save(doc, target, &o), PDFTOOLS_E_UNSUPPORTED, "incremental save over a file");
  CHECK(tc_file_equals(target, previous, sizeof previous - 1), "target byte-identical after UNSUPPORTED");
  expect_entries(dir, "target.pdf", "after UNSUPPORTED");

  o.mode = PDFTOOLS_SAVE_FULL;
  o.object_streams = 42;
  EXPECT_STATUS(pdftools_document_save(doc, target, &o), PDFTOOLS_E_INVALID_ARGUMENT, "save with bad options");
  CHECK(tc_file_equals(target, previous, sizeof previous - 1), "target byte-identical after INVALID_ARGUMENT");
  expect_entries(dir, "target.pdf", "after INVALID_ARGUMENT");

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
        CHECK(tc_file_equals(target, previous, sizeof previous - 1), "target byte-identical after a failed write");
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
    CHECK(tc_file_equals(target, previous, sizeof previous - 1), "target byte-identical after PERMISSION_DENIED");
    expect_entries(dir, "target.pdf", "after PERMISSION_DENIED");
  }

  /* And a successful save afterwards replaces the target. */
  EXPECT_OK(pdftools_document_save(doc, target, NULL), "save over the target after the failures");
  CHECK(!tc_file_equals(target, previous, sizeof previous - 1), "target replaced by the successful save");
  expect_file_opens(target, NULL, 14, NULL, "target after the successful save");
  expect_entries(dir, "target.pdf", "after the successful save");
  pdftools_document_close(doc);
done:
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
    CHECK(pdftools_document_permissions(d2, &perms) == PDFTOOLS_OK && perms == (uint32_t)PDFTOOLS_PERMISSION_ALL,
          "KEEP output opened with the owner password grants all permissions (0x%x)", (unsigned)perms);
    pdftools_document_close(d2);
  }

  o.encryption = PDFTOOLS_ENCRYPTION_REMOVE;
  EXPECT_OK(pdftools_document_save(doc, plain, &o), "save with encryption REMOVE");
  snprintf(what, sizeof what, "%s saved with REMOVE, opened without password", name);
  if (EXPECT_OK(pdftools_document_open(plain, NULL, &d2), what)) {
    CHECK(pdftools_document_is_encrypted(d2, &flag) == PDFTOOLS_OK && flag == 0, "REMOVE output is not encrypted");
    CHECK(pdftools_document_permissions(d2, &perms) == PDFTOOLS_OK && perms == (uint32_t)PDFTOOLS_PERMISSION_ALL,
          "REMOVE output grants all permissions (0x%x)", (unsigned)perms);
    CHECK(page_count(d2) == pages, "REMOVE output has %d pages", (int)pages);
    pdftools_document_close(d2);
  }
  if (EXPECT_OK(pdftools_document_save_to_memory(doc, &o, &data, &size), "save_to_memory with REMOVE")) {
    CHECK(!tc_mem_contains(data, size, "/Encrypt", 8), "REMOVE output in memory has no /Encrypt");
    if (EXPECT_OK(pdftools_document_open_memory(data, size, NULL, &d2), "open REMOVE output from memory")) {
      CHECK(page_count(d2) == pages, "REMOVE output from memory has %d pages", (int)pages);
      pdftools_document_close(d2);
    }
    pdftools_free(data);
  }
  o.encryption = PDFTOOLS_ENCRYPTION_KEEP;
  if (EXPECT_OK(pdftools_document_save_to_memory(doc, &o, &data, &size), "save_to_memory with KEEP")) {
    CHECK(tc_mem_contains(data, size, "/Encrypt", 8), "KEEP output in memory has /Encrypt");
    EXPECT_STATUS(pdftools_document_open_memory(data, size, NULL, &d2), PDFTOOLS_E_PASSWORD_REQUIRED,
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
    if (EXPECT_OK(pdftools_document_open_memory(data, size, NULL, &d2), "reopen the output")) {
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

  tc_remove_tree(tmp);
  free(tmp);
  return tc_finish();
}

/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * test_corpus.c — opens one real-world PDF with libpdftools and checks
 * everything the C API can read about it (pages, metadata, every page's
 * annotations), renders a thumbnail of the first page, then saves it to
 * memory (default options and OBJECT_STREAMS_GENERATE) and reopens the bytes.  Run once per
 * corpus file by run_corpus.py.
 *
 * Usage: test_corpus FILE EXPECT PAGES [PASSWORD [OWNER_PASSWORD]]
 *   EXPECT    open | repair | error (see tests/corpus/README.md)
 *   PAGES     the page count the file must show (ignored for "error")
 *   PASSWORD  the user password ("" for an empty one); given only for
 *             encrypted files
 *   OWNER_PASSWORD  optional; when given, opening with it must grant all
 *             permissions
 *
 * Output: one line per check ("ok - ..." / "FAIL - ..."), "fact ..." lines
 * that run_corpus.py compares with the manifest, and a last line
 * "N passed, M failed".
 *
 * Environment: PDFTOOLS_TEST_MAX_MEMORY_MB, when set to a positive number,
 * limits the address space (RLIMIT_AS) so that a huge allocation fails
 * instead of exhausting the machine.
 *
 * Exit codes (the protocol run_corpus.py relies on):
 *   0   the file opened and every check passed
 *   1   a check failed (including an open failure that is not a clean error)
 *   2   clean error: the file did not open, the status is NOT_PDF or DAMAGED,
 *       the message is non-empty, *out_doc is untouched, nothing was printed
 *       to stdout/stderr by the library, and no check failed
 *   64  usage error
 */
#define _XOPEN_SOURCE 700

#include "test_common.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#define EXIT_CLEAN_ERROR 2
#define EXIT_USAGE 64

static const char *box_names[5] = {"media", "crop", "bleed", "trim", "art"};

static int g_warnings;
static int g_messages;
static char g_first_message[300];

static void on_log(pdftools_log_level level, const char *source, const char *message, void *user_data) {
  (void)user_data;
  g_messages++;
  if (level >= PDFTOOLS_LOG_WARNING) g_warnings++;
  if (!g_first_message[0])
    snprintf(g_first_message, sizeof g_first_message, "[%d %s] %s", (int)level, source ? source : "?",
             message ? message : "?");
}

/* Prints s with control characters escaped, at most max bytes. */
static void print_escaped(const char *s, size_t max) {
  size_t i;
  for (i = 0; s[i] && i < max; i++) {
    unsigned char c = (unsigned char)s[i];
    if (c < 0x20 || c == 0x7f)
      printf("\\x%02x", c);
    else
      putchar(c);
  }
  if (s[i]) fputs("...", stdout);
}

static int valid_utf8(const char *s) {
  const unsigned char *p = (const unsigned char *)s;
  while (*p) {
    int n = *p < 0x80 ? 0 : (*p & 0xE0) == 0xC0 ? 1 : (*p & 0xF0) == 0xE0 ? 2 : (*p & 0xF8) == 0xF0 ? 3 : -1;
    if (n < 0 || (*p == 0xC0 || *p == 0xC1) || *p > 0xF4) return 0;
    p++;
    while (n-- > 0) {
      if ((*p & 0xC0) != 0x80) return 0;
      p++;
    }
  }
  return 1;
}

static int rect_ok(const pdftools_rect *r) {
  return isfinite(r->x0) && isfinite(r->y0) && isfinite(r->x1) && isfinite(r->y1) && r->x0 <= r->x1 &&
         r->y0 <= r->y1;
}

static int rect_nonempty(const pdftools_rect *r) { return r->x1 > r->x0 && r->y1 > r->y0; }

static int rect_inside(const pdftools_rect *inner, const pdftools_rect *outer) {
  const double eps = 1e-6;
  return inner->x0 >= outer->x0 - eps && inner->y0 >= outer->y0 - eps && inner->x1 <= outer->x1 + eps &&
         inner->y1 <= outer->y1 + eps;
}

/* Checks one page; prints one check line and the page's facts. */
static void check_page(pdftools_document *doc, int32_t index) {
  pdftools_rect boxes[5];
  int32_t rot = -1;
  double unit = -1, w = -1, h = -1;
  char problems[512] = "";
  char *label = NULL;
  size_t need = 0, size = 0;
  int b;
  pdftools_status st;

#define PROBLEM(...)                                                                           \
  do {                                                                                         \
    size_t used_ = strlen(problems);                                                           \
    if (used_ < sizeof problems - 1) snprintf(problems + used_, sizeof problems - used_, __VA_ARGS__); \
  } while (0)

  for (b = 0; b < 5; b++) {
    st = pdftools_page_get_box(doc, index, (pdftools_box)b, &boxes[b]);
    if (st != PDFTOOLS_OK) {
      PROBLEM(" %s box: %s;", box_names[b], pdftools_status_string(st));
      memset(&boxes[b], 0, sizeof boxes[b]);
    } else if (!rect_ok(&boxes[b])) {
      PROBLEM(" %s box not normalized/finite;", box_names[b]);
    }
  }
  if (!rect_nonempty(&boxes[0])) PROBLEM(" media box empty;");
  for (b = 1; b < 5; b++) {
    if (!rect_inside(&boxes[b], &boxes[0])) PROBLEM(" %s box not clipped to the media box;", box_names[b]);
    if (!rect_nonempty(&boxes[b]) && rect_nonempty(&boxes[0])) PROBLEM(" %s box empty;", box_names[b]);
  }
  st = pdftools_page_get_rotation(doc, index, &rot);
  if (st != PDFTOOLS_OK) PROBLEM(" rotation: %s;", pdftools_status_string(st));
  else if (rot != 0 && rot != 90 && rot != 180 && rot != 270) PROBLEM(" rotation %d;", (int)rot);
  st = pdftools_page_get_user_unit(doc, index, &unit);
  if (st != PDFTOOLS_OK) PROBLEM(" user unit: %s;", pdftools_status_string(st));
  else if (!isfinite(unit) || unit <= 0) PROBLEM(" user unit %g;", unit);
  st = pdftools_page_get_size(doc, index, &w, &h);
  if (st != PDFTOOLS_OK) {
    PROBLEM(" size: %s;", pdftools_status_string(st));
  } else {
    double cw = (boxes[1].x1 - boxes[1].x0) * unit, ch = (boxes[1].y1 - boxes[1].y0) * unit;
    double ew = (rot == 90 || rot == 270) ? ch : cw, eh = (rot == 90 || rot == 270) ? cw : ch;
    double tol = 1e-6 * (1.0 + fabs(ew) + fabs(eh));
    if (fabs(w - ew) > tol || fabs(h - eh) > tol)
      PROBLEM(" size %g x %g, expected %g x %g (crop box, rotation, user unit);", w, h, ew, eh);
  }
  /* An empty label is legal: a /PageLabels range with neither /S nor /P. */
  st = pdftools_page_get_label(doc, index, NULL, 0, &need);
  if (st != PDFTOOLS_OK || need < 1) {
    PROBLEM(" label size: %s, %lu;", pdftools_status_string(st), (unsigned long)need);
  } else {
    label = (char *)malloc(need);
    st = label ? pdftools_page_get_label(doc, index, label, need, &size) : PDFTOOLS_E_OUT_OF_MEMORY;
    if (st != PDFTOOLS_OK) PROBLEM(" label: %s;", pdftools_status_string(st));
    else if (size != need || strlen(label) + 1 != need) PROBLEM(" label size mismatch;");
    else if (!valid_utf8(label)) PROBLEM(" label not UTF-8;");
  }
#undef PROBLEM
  CHECK(problems[0] == '\0', "page %d: 5 boxes, rotation, user unit, size, label%s", (int)index + 1, problems);

  printf("fact page %d rotation %d\n", (int)index + 1, (int)rot);
  for (b = 0; b < 5; b++)
    printf("fact page %d box %s %.4f %.4f %.4f %.4f\n", (int)index + 1, box_names[b], boxes[b].x0, boxes[b].y0,
           boxes[b].x1, boxes[b].y1);
  printf("fact page %d unit %g size %.4f %.4f label ", (int)index + 1, unit, w, h);
  print_escaped(label ? label : "(none)", 64);
  putchar('\n');
  free(label);
}

static void check_metadata(pdftools_document *doc) {
  int32_t count = -1, i;
  size_t size = 0;
  char buf[8];
  char *prev = NULL;
  int sorted = 1;
  if (!EXPECT_OK(pdftools_document_get_metadata_count(doc, &count), "metadata_count")) return;
  printf("fact metadata_count %d\n", (int)count);
  for (i = 0; i < count; i++) {
    size_t need = 0;
    char *key = NULL, *value = NULL;
    pdftools_status st = pdftools_document_get_metadata_key(doc, i, NULL, 0, &need);
    if (st == PDFTOOLS_OK && need > 1 && (key = (char *)malloc(need)) != NULL)
      st = pdftools_document_get_metadata_key(doc, i, key, need, &size);
    if (!CHECK(st == PDFTOOLS_OK && key && strlen(key) + 1 == need, "metadata key %d (%s)", (int)i,
               pdftools_status_string(st))) {
      free(key);
      continue;
    }
    value = tc_get_metadata(doc, key, &st);
    CHECK(st == PDFTOOLS_OK && value && valid_utf8(value), "metadata %s is readable UTF-8 text (%s)", key,
          pdftools_status_string(st));
    printf("fact meta %s = ", key);
    print_escaped(value ? value : "(none)", 120);
    putchar('\n');
    if (prev && strcmp(prev, key) >= 0) sorted = 0;
    free(prev);
    prev = key;
    free(value);
  }
  free(prev);
  if (count > 1) CHECK(sorted, "metadata keys are listed sorted by name");
  EXPECT_STATUS(pdftools_document_get_metadata_key(doc, count, buf, sizeof buf, &size), PDFTOOLS_E_OUT_OF_RANGE,
                "metadata_key(count)");
}

/*
 * Lists every page's annotations and reads each one's subtype, page and rect;
 * prints "fact annots SUBTYPE COUNT" per subtype (run_corpus.py compares the
 * counts with the manifest's verified "annotations") and "fact annots_listed 1".
 */
struct annot_count {
  char subtype[64];
  int count;
};

static void check_annotations(pdftools_document *doc, int32_t pages) {
  struct annot_count counts[64];
  int ncounts = 0, total = 0, i;
  int32_t p;
  int list_ok = 1, read_ok = 1, page_ok = 1, rect_okay = 1, unique = 1;
  char first[300] = "";
  pdftools_annotation_id **per_page = (pdftools_annotation_id **)calloc((size_t)(pages > 0 ? pages : 1), sizeof *per_page);
  int32_t *per_count = (int32_t *)calloc((size_t)(pages > 0 ? pages : 1), sizeof *per_count);
  if (!per_page || !per_count) {
    CHECK(0, "annotations: memory");
    free(per_page);
    free(per_count);
    return;
  }
  for (p = 0; p < pages; p++) {
    int32_t k, n = 0, n2 = 0;
    int32_t j;
    pdftools_status st = pdftools_page_get_annotations(doc, p, NULL, 0, &n);
    if (st != PDFTOOLS_OK) {
      if (list_ok && !first[0]) snprintf(first, sizeof first, "page %d: page_annotations %s", (int)p + 1, pdftools_status_string(st));
      list_ok = 0;
      continue;
    }
    if (n == 0) continue;
    per_page[p] = (pdftools_annotation_id *)calloc(n, sizeof **per_page);
    st = per_page[p] ? pdftools_page_get_annotations(doc, p, per_page[p], n, &n2) : PDFTOOLS_E_OUT_OF_MEMORY;
    if (st != PDFTOOLS_OK || n2 != n) {
      if (!first[0]) snprintf(first, sizeof first, "page %d: page_annotations with a buffer %s", (int)p + 1, pdftools_status_string(st));
      list_ok = 0;
      continue;
    }
    per_count[p] = n;
    for (k = 0; k < n; k++) {
      pdftools_annotation_id id = per_page[p][k];
      char sub[64];
      size_t need = 0;
      pdftools_rect r;
      if (id == 0) unique = 0;
      for (j = 0; j < k; j++)
        if (per_page[p][j] == id) unique = 0;
      st = pdftools_annotation_get_subtype(doc, id, NULL, 0, &need);
      if (st == PDFTOOLS_OK && need <= sizeof sub) st = pdftools_annotation_get_subtype(doc, id, sub, sizeof sub, &need);
      else if (st == PDFTOOLS_OK) {
        snprintf(sub, sizeof sub, "(long name)");
      }
      if (st != PDFTOOLS_OK || !valid_utf8(sub)) {
        if (!first[0]) snprintf(first, sizeof first, "page %d annotation %lld: subtype %s", (int)p + 1, (long long)id, pdftools_status_string(st));
        read_ok = 0;
        continue;
      }
      st = pdftools_annotation_get_rect(doc, id, &r);
      if (st != PDFTOOLS_OK || !rect_ok(&r)) {
        if (!first[0]) snprintf(first, sizeof first, "page %d annotation %lld (%s): rect %s [%g %g %g %g]", (int)p + 1,
                                (long long)id, sub, pdftools_status_string(st), r.x0, r.y0, r.x1, r.y1);
        rect_okay = 0;
      }
      if (!sub[0]) snprintf(sub, sizeof sub, "(none)");
      for (i = 0; i < ncounts; i++)
        if (strcmp(counts[i].subtype, sub) == 0) break;
      if (i == ncounts && ncounts < 64) {
        snprintf(counts[ncounts].subtype, sizeof counts[ncounts].subtype, "%s", sub);
        counts[ncounts++].count = 0;
      }
      if (i < 64) counts[i].count++;
      total++;
    }
  }
  /* annotation_page names the first page that lists the id (a dictionary shared by two pages is listed on
   * both). */
  for (p = 0; p < pages; p++) {
    int32_t k;
    for (k = 0; k < per_count[p]; k++) {
      int32_t at = -1;
      pdftools_status st = pdftools_annotation_get_page(doc, per_page[p][k], &at);
      int listed = 0;
      if (st == PDFTOOLS_OK && at >= 0 && at < pages) {
        int32_t j;
        int32_t q;
        for (j = 0; j < per_count[at]; j++)
          if (per_page[at][j] == per_page[p][k]) listed = 1;
        for (q = 0; q < at; q++)
          for (j = 0; j < per_count[q]; j++)
            if (per_page[q][j] == per_page[p][k]) listed = 0;
      }
      if (!listed) {
        if (page_ok && !first[0])
          snprintf(first, sizeof first, "page %d annotation %lld: annotation_page %s gives %d", (int)p + 1,
                   (long long)per_page[p][k], pdftools_status_string(st), (int)at);
        page_ok = 0;
      }
    }
  }
  for (p = 0; p < pages; p++) free(per_page[p]);
  free(per_page);
  free(per_count);
  CHECK(list_ok, "page_annotations lists every page's annotations [%s]", first);
  CHECK(read_ok, "every annotation's subtype is readable UTF-8 [%s]", first);
  CHECK(unique, "annotation ids are non-zero and distinct within a page");
  CHECK(page_ok, "annotation_page names the first page that lists the annotation [%s]", first);
  CHECK(rect_okay, "every annotation's rect is finite and normalized [%s]", first);
  printf("fact annots_listed 1\n");
  for (i = 0; i < ncounts; i++) {
    printf("fact annots ");
    print_escaped(counts[i].subtype, 60);
    printf(" %d\n", counts[i].count);
  }
  tc_note("%d annotations of %d subtypes", total, ncounts);
}

/* Renders the first page small; OK (or DAMAGED for a broken page), nothing printed. */
static void check_render(pdftools_document *doc) {
  int32_t w = 0, h = 0;
  double scale = 1.0;
  unsigned char *px;
  pdftools_render_options o = PDFTOOLS_RENDER_OPTIONS_INIT;
  pdftools_status st;
  tc_capture cap;
  char printed[256];
  long n = -1;
  if (!EXPECT_OK(pdftools_page_get_render_size(doc, 0, 1.0, &w, &h), "render_size of page 1")) return;
  if (w > 160 || h > 160) scale = 160.0 / (w > h ? w : h);
  if (!EXPECT_OK(pdftools_page_get_render_size(doc, 0, scale, &w, &h), "render_size at the thumbnail scale")) return;
  CHECK(w >= 1 && h >= 1 && w <= 161 && h <= 161, "thumbnail size %dx%d", (int)w, (int)h);
  px = (unsigned char *)malloc((size_t)w * (size_t)h * 4);
  if (!px) return;
  o.scale = scale;
  if (tc_capture_begin(&cap) == 0) {
    st = pdftools_page_render(doc, 0, &o, px, w, h, (size_t)w * 4);
    n = tc_capture_end(&cap, printed, sizeof printed);
  } else {
    st = pdftools_page_render(doc, 0, &o, px, w, h, (size_t)w * 4);
  }
  CHECK(st == PDFTOOLS_OK || st == PDFTOOLS_E_DAMAGED, "render page 1 as a %dx%d thumbnail: OK or DAMAGED (%s)", (int)w,
        (int)h, pdftools_status_string(st));
  CHECK(n == 0, "render: the library printed nothing (%ld bytes)%s%s", n, n > 0 ? ": " : "", n > 0 ? printed : "");
  free(px);
}

/* Saves with the given object stream mode, reopens the bytes and checks them. */
static void check_save(pdftools_document *doc, int object_streams, const char *password, int32_t pages,
                       int32_t encrypted, const char *what) {
  pdftools_save_options o = PDFTOOLS_SAVE_OPTIONS_INIT;
  void *data = NULL;
  size_t size = 0;
  pdftools_document *copy = NULL;
  tc_capture cap;
  char printed[256];
  long n = -1;
  pdftools_status st;
  o.object_streams = object_streams;
  /* A rewrite of a signed document must be asked for: AUTO refuses it. */
  if (object_streams != PDFTOOLS_OBJECT_STREAMS_PRESERVE) o.mode = PDFTOOLS_SAVE_FULL;
  if (tc_capture_begin(&cap) == 0) {
    st = pdftools_document_save_to_memory(doc, &o, &data, &size);
    n = tc_capture_end(&cap, printed, sizeof printed);
  } else {
    st = pdftools_document_save_to_memory(doc, &o, &data, &size);
  }
  if (!EXPECT_OK(st, what)) return;
  CHECK(n == 0, "%s: the library printed nothing (%ld bytes)%s%s", what, n, n > 0 ? ": " : "", n > 0 ? printed : "");
  CHECK(size > 8 && memcmp(data, "%PDF-", 5) == 0, "%s: %lu bytes starting with %%PDF-", what, (unsigned long)size);
  if (object_streams == PDFTOOLS_OBJECT_STREAMS_GENERATE)
    CHECK(tc_mem_contains(data, size, "/ObjStm", 7), "%s: output contains /ObjStm", what);
  st = pdftools_document_open_from_memory(data, size, password, &copy);
  pdftools_free(data);
  {
    char w2[160];
    snprintf(w2, sizeof w2, "%s: reopen the saved bytes", what);
    if (!EXPECT_OK(st, w2)) return;
  }
  {
    int32_t count = -1, repaired = -1, enc = -1;
    pdftools_document_get_page_count(copy, &count);
    pdftools_document_was_repaired(copy, &repaired);
    pdftools_document_is_encrypted(copy, &enc);
    CHECK(count == pages, "%s: reopened page count %d (%d)", what, (int)pages, (int)count);
    CHECK(repaired == 0, "%s: the saved file needs no repair (%d)", what, (int)repaired);
    CHECK(enc == encrypted, "%s: encryption kept (%d, was %d)", what, (int)enc, (int)encrypted);
  }
  pdftools_document_close(copy);
}

/* The password checks for encrypted files. */
static void check_passwords(const char *file, const char *password, const char *owner, int32_t pages) {
  pdftools_document *doc = NULL;
  size_t size = 0;
  unsigned char *bytes = tc_read_file(file, &size);
  pdftools_status st;
  int user_empty = password[0] == '\0';

  st = pdftools_document_open(file, "wrong-password", &doc);
  EXPECT_STATUS(st, PDFTOOLS_E_WRONG_PASSWORD, "open with \"wrong-password\"");
  if (st == PDFTOOLS_OK) pdftools_document_close(doc);
  doc = NULL;
  if (bytes) {
    st = pdftools_document_open_from_memory(bytes, size, "wrong-password", &doc);
    EXPECT_STATUS(st, PDFTOOLS_E_WRONG_PASSWORD, "open_memory with \"wrong-password\"");
    if (st == PDFTOOLS_OK) pdftools_document_close(doc);
    doc = NULL;
  }
  st = pdftools_document_open(file, NULL, &doc);
  if (user_empty) {
    EXPECT_OK(st, "open without password (empty user password)");
  } else {
    EXPECT_STATUS(st, PDFTOOLS_E_PASSWORD_REQUIRED, "open without password");
  }
  if (st == PDFTOOLS_OK) pdftools_document_close(doc);
  doc = NULL;
  st = pdftools_document_open(file, "", &doc);
  if (user_empty) {
    EXPECT_OK(st, "open with the empty password");
  } else {
    EXPECT_STATUS(st, PDFTOOLS_E_PASSWORD_REQUIRED, "open with the empty password");
  }
  if (st == PDFTOOLS_OK) pdftools_document_close(doc);
  doc = NULL;
  if (owner) {
    st = pdftools_document_open(file, owner, &doc);
    if (EXPECT_OK(st, "open with the owner password")) {
      uint32_t perms = 0;
      int32_t count = -1;
      pdftools_document_get_permissions(doc, &perms);
      pdftools_document_get_page_count(doc, &count);
      CHECK(perms == (uint32_t)PDFTOOLS_PERMISSION_ALL, "owner password grants all permissions (0x%x)",
            (unsigned)perms);
      CHECK(count == pages, "owner password: %d pages (%d)", (int)pages, (int)count);
      pdftools_document_close(doc);
    }
  }
  free(bytes);
}

int main(int argc, char **argv) {
  const char *file, *expect, *password = NULL, *owner = NULL;
  int32_t pages = 0;
  pdftools_document *sentinel = (pdftools_document *)&argc;
  pdftools_document *doc = sentinel;
  pdftools_status st;
  tc_capture cap;
  char printed[512];
  long n = -1;
  int expect_error, expect_repair;

  if (argc < 4 || argc > 6) {
    fprintf(stderr, "usage: %s FILE open|repair|error PAGES [PASSWORD [OWNER_PASSWORD]]\n", argv[0]);
    return EXIT_USAGE;
  }
  file = argv[1];
  expect = argv[2];
  pages = (int32_t)atoi(argv[3]);
  if (argc >= 5) password = argv[4];
  if (argc >= 6) owner = argv[5];
  expect_error = strcmp(expect, "error") == 0;
  expect_repair = strcmp(expect, "repair") == 0;
  if (!expect_error && !expect_repair && strcmp(expect, "open") != 0) {
    fprintf(stderr, "EXPECT must be open, repair or error\n");
    return EXIT_USAGE;
  }
  printf("file %s, expect %s, pages %d%s\n", file, expect, (int)pages, password ? ", with password" : "");
  {
    const char *limit = getenv("PDFTOOLS_TEST_MAX_MEMORY_MB");
    if (limit && atol(limit) > 0) {
      struct rlimit rl;
      rl.rlim_cur = rl.rlim_max = (rlim_t)atol(limit) * 1024u * 1024u;
      if (setrlimit(RLIMIT_AS, &rl) != 0) tc_note("could not limit the address space to %s MiB", limit);
    }
  }

  pdftools_set_log_callback(on_log, PDFTOOLS_LOG_DEBUG, NULL);
  if (tc_capture_begin(&cap) == 0) {
    st = pdftools_document_open(file, password, &doc);
    n = tc_capture_end(&cap, printed, sizeof printed);
  } else {
    st = pdftools_document_open(file, password, &doc);
  }
  CHECK(n == 0, "open: the library printed nothing to stdout/stderr (%ld bytes)%s%s", n, n > 0 ? ": " : "",
        n > 0 ? printed : "");
  if (g_messages) tc_note("log: %d messages, %d warnings or worse; first: %s", g_messages, g_warnings, g_first_message);

  if (st != PDFTOOLS_OK) {
    const char *msg = pdftools_last_error_message();
    int clean = (st == PDFTOOLS_E_NOT_PDF || st == PDFTOOLS_E_DAMAGED);
    printf("fact open_status %d %s\n", (int)st, pdftools_status_string(st));
    printf("open failed: %s (%s)\n", pdftools_status_string(st), msg);
    CHECK(clean, "open failed with a clean error status, NOT_PDF or DAMAGED (%s)", pdftools_status_string(st));
    CHECK(msg[0] != '\0', "the failure has a message");
    CHECK(doc == sentinel, "*out_doc untouched by the failed open");
    {
      size_t size = 0;
      unsigned char *bytes = tc_read_file(file, &size);
      if (bytes) {
        pdftools_document *mdoc = NULL;
        pdftools_status mst = pdftools_document_open_from_memory(bytes, size, password, &mdoc);
        CHECK(mst == st, "open_memory of the same bytes fails the same way (%s)", pdftools_status_string(mst));
        if (mst == PDFTOOLS_OK) pdftools_document_close(mdoc);
        free(bytes);
      }
    }
    if (tc_failed()) {
      tc_finish();
      return 1;
    }
    tc_finish();
    return EXIT_CLEAN_ERROR;
  }

  printf("fact open_status 0 OK\n");
  if (expect_error) CHECK(0, "the file opened although a clean error is expected");
  {
    int32_t count = -1, repaired = -1, major = -1, minor = -1, ext = -1, encrypted = -1, sigs = -1, modified = -1;
    uint32_t perms = 0;
    int32_t p;

    EXPECT_OK(pdftools_document_get_page_count(doc, &count), "page_count");
    printf("fact pages %d\n", (int)count);
    if (!expect_error) CHECK(count == pages, "page count is %d (%d)", (int)pages, (int)count);

    EXPECT_OK(pdftools_document_was_repaired(doc, &repaired), "was_repaired");
    printf("fact repaired %d\n", (int)repaired);
    if (expect_repair)
      tc_note("repair file: was_repaired = %d", (int)repaired);
    else if (!expect_error)
      CHECK(repaired == 0, "a conforming file is not reported as repaired (%d)", (int)repaired);
    if (repaired == 1) CHECK(g_warnings >= 1, "the repair was logged as a warning (%d warnings)", g_warnings);

    EXPECT_OK(pdftools_document_get_pdf_version(doc, &major, &minor, &ext), "pdf_version");
    printf("fact version %d.%d %d\n", (int)major, (int)minor, (int)ext);
    CHECK((major == 1 && minor >= 0 && minor <= 7) || (major == 2 && minor == 0),
          "PDF version %d.%d is 1.0-1.7 or 2.0", (int)major, (int)minor);
    CHECK(ext >= 0, "extension level %d >= 0", (int)ext);

    EXPECT_OK(pdftools_document_is_encrypted(doc, &encrypted), "is_encrypted");
    printf("fact encrypted %d\n", (int)encrypted);
    CHECK(encrypted == (password ? 1 : 0), "encrypted is %d (%d)", password ? 1 : 0, (int)encrypted);

    EXPECT_OK(pdftools_document_get_permissions(doc, &perms), "permissions");
    printf("fact permissions 0x%x\n", (unsigned)perms);
    CHECK((perms & ~(uint32_t)PDFTOOLS_PERMISSION_ALL) == 0, "permissions use only defined bits (0x%x)",
          (unsigned)perms);
    if (!encrypted) CHECK(perms == (uint32_t)PDFTOOLS_PERMISSION_ALL, "unencrypted: all permissions");

    EXPECT_OK(pdftools_document_has_signature_fields(doc, &sigs), "has_signature_fields");
    printf("fact signatures %d\n", (int)sigs);
    CHECK(sigs == 0 || sigs == 1, "has_signature_fields is 0 or 1");

    EXPECT_OK(pdftools_document_is_modified(doc, &modified), "is_modified");
    CHECK(modified == 0, "a freshly opened document is unmodified (%d)", (int)modified);

    check_metadata(doc);
    for (p = 0; p < count; p++) check_page(doc, p);
    {
      pdftools_rect r;
      EXPECT_STATUS(pdftools_page_get_box(doc, count, PDFTOOLS_BOX_MEDIA, &r), PDFTOOLS_E_OUT_OF_RANGE,
                    "page_box(page count)");
    }

    check_annotations(doc, count);
    if (count > 0) check_render(doc);

    check_save(doc, PDFTOOLS_OBJECT_STREAMS_PRESERVE, password, count, encrypted, "save_to_memory (defaults)");
    check_save(doc, PDFTOOLS_OBJECT_STREAMS_GENERATE, password, count, encrypted,
               "save_to_memory (OBJECT_STREAMS_GENERATE)");
    if (password) check_passwords(file, password, owner, count);
    pdftools_document_close(doc);
  }
  pdftools_set_log_callback(NULL, PDFTOOLS_LOG_DEBUG, NULL);
  return tc_finish();
}

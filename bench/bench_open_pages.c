/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * bench_open_pages.c — benchmark: open a 2000-page PDF and read every page's
 * display size and crop box, with libpdftools, with qpdf's C API directly,
 * and with poppler-glib; prints median times, peak RSS growth and the ratio
 * of libpdftools to the faster of the other two against the 1.5x target.
 *
 * The test file is generated with the qpdf C API: 2000 pages, each with a
 * small content stream, a mix of page sizes, some /Rotate and /CropBox
 * values, and some attributes (/MediaBox, /Rotate, /CropBox, /Resources)
 * inherited from /Pages nodes; written with object streams.
 *
 * Each library is measured in a fresh child process (this program run with
 * --child), so that one library's caches and heap do not affect another's
 * timing or memory figures: one warm-up run, then N runs (default 7); the
 * median is reported.  The verdict is information only: the exit code is 0
 * whether or not the target is met (1 only when the benchmark itself fails).
 *
 * Usage: bench_open_pages [--pages N] [--runs N] [--keep FILE]
 */
#define _XOPEN_SOURCE 700

#include <pdftools.h>
#include <poppler.h>
#include <qpdf/qpdf-c.h>

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define MAX_RUNS 101
#define TARGET_RATIO 1.5

/* ------------------------------------------------------------------------ */
/* Small helpers                                                             */

static double now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec * 1000.0 + (double)ts.tv_nsec / 1e6;
}

static long max_rss_kb(void) {
  struct rusage ru;
  if (getrusage(RUSAGE_SELF, &ru) != 0) return 0;
  return ru.ru_maxrss; /* KiB on Linux */
}

static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y ? 1 : 0;
}

/* Display-size and crop-box totals, to show that all libraries read the same thing. */
struct totals {
  int pages;
  double size_sum; /* sum of width + 2 * height of every page */
  double crop_sum; /* sum of x0 + y0 + x1 + y1 of every crop box */
};

static void add_page(struct totals *t, double w, double h, double x0, double y0, double x1, double y1) {
  t->size_sum += w + 2.0 * h;
  t->crop_sum += x0 + y0 + x1 + y1;
}

/* ------------------------------------------------------------------------ */
/* Generating the test file with the qpdf C API                              */

static int qpdf_failed(qpdf_data q, const char *what) {
  if (!qpdf_has_error(q)) return 0;
  fprintf(stderr, "bench_open_pages: qpdf: %s: %s\n", what, qpdf_get_error_full_text(q, qpdf_get_error(q)));
  return 1;
}

static int generate(const char *path, int n_pages) {
  static const int sizes[][2] = {{612, 792}, {595, 842}, {842, 595}, {420, 595}, {1224, 792}, {300, 300}};
  const int per_node = 100;
  qpdf_data q = qpdf_init();
  qpdf_oh root, pages_root, root_kids;
  int node_index, page_index = 0, rc = 0;
  char buf[256];

  qpdf_silence_errors(q);
  qpdf_set_suppress_warnings(q, QPDF_TRUE);
  if (qpdf_empty_pdf(q) & QPDF_ERRORS) {
    qpdf_failed(q, "empty_pdf");
    qpdf_cleanup(&q);
    return -1;
  }
  root = qpdf_get_root(q);
  pages_root = qpdf_oh_get_key(q, root, "/Pages");
  /* Inherited by every page unless a lower node or the page overrides it. */
  qpdf_oh_replace_key(q, pages_root, "/MediaBox", qpdf_oh_parse(q, "[0 0 612 792]"));
  qpdf_oh_replace_key(q, pages_root, "/Resources", qpdf_oh_parse(q, "<< /ProcSet [/PDF] >>"));
  qpdf_oh_replace_key(q, pages_root, "/Rotate", qpdf_oh_new_integer(q, 0));
  root_kids = qpdf_oh_new_array(q);
  qpdf_oh_replace_key(q, pages_root, "/Kids", root_kids);
  root_kids = qpdf_oh_get_key(q, pages_root, "/Kids");

  for (node_index = 0; page_index < n_pages; node_index++) {
    qpdf_oh node = qpdf_make_indirect_object(q, qpdf_oh_parse(q, "<< /Type /Pages /Kids [] /Count 0 >>"));
    qpdf_oh kids = qpdf_oh_get_key(q, node, "/Kids");
    int k, count = 0;
    qpdf_oh_replace_key(q, node, "/Parent", pages_root);
    if (node_index % 4 == 1) qpdf_oh_replace_key(q, node, "/Rotate", qpdf_oh_new_integer(q, 90));
    if (node_index % 5 == 2) qpdf_oh_replace_key(q, node, "/MediaBox", qpdf_oh_parse(q, "[0 0 595 842]"));
    /* Inside every page's media box: poppler does not clip an oversized crop
     * box the ISO way, and the three libraries should read the same values. */
    if (node_index % 3 == 0) qpdf_oh_replace_key(q, node, "/CropBox", qpdf_oh_parse(q, "[18 18 282 282]"));
    for (k = 0; k < per_node && page_index < n_pages; k++, page_index++) {
      qpdf_oh page, stream;
      int len;
      page = qpdf_oh_parse(q, "<< /Type /Page >>");
      qpdf_oh_replace_key(q, page, "/Parent", node);
      if (page_index % 3 == 0) {
        const int *s = sizes[(page_index / 3) % 6];
        snprintf(buf, sizeof buf, "[0 0 %d %d]", s[0], s[1]);
        qpdf_oh_replace_key(q, page, "/MediaBox", qpdf_oh_parse(q, buf));
      }
      if (page_index % 11 == 0) qpdf_oh_replace_key(q, page, "/Rotate", qpdf_oh_new_integer(q, page_index % 22 ? 180 : 270));
      if (page_index % 13 == 0) qpdf_oh_replace_key(q, page, "/CropBox", qpdf_oh_parse(q, "[36 36 250 250]"));
      len = snprintf(buf, sizeof buf,
                     "q 0.%d g 36 36 %d %d re f Q\nq 1 0 0 rg %d 100 50 50 re f Q\n", page_index % 10,
                     100 + page_index % 200, 100 + page_index % 150, 50 + page_index % 300);
      stream = qpdf_oh_new_stream(q);
      qpdf_oh_replace_stream_data(q, stream, (const unsigned char *)buf, (size_t)len, qpdf_oh_new_null(q),
                                  qpdf_oh_new_null(q));
      qpdf_oh_replace_key(q, page, "/Contents", stream);
      page = qpdf_make_indirect_object(q, page);
      qpdf_oh_append_item(q, kids, page);
      count++;
      qpdf_oh_release(q, page);
      qpdf_oh_release(q, stream);
    }
    qpdf_oh_replace_key(q, node, "/Count", qpdf_oh_new_integer(q, count));
    qpdf_oh_append_item(q, root_kids, node);
    qpdf_oh_release(q, kids);
    qpdf_oh_release(q, node);
    if (qpdf_failed(q, "building the page tree")) {
      rc = -1;
      break;
    }
  }
  qpdf_oh_replace_key(q, pages_root, "/Count", qpdf_oh_new_integer(q, n_pages));
  qpdf_set_info_key(q, "/Title", "bench_open_pages test file");
  if (rc == 0) {
    if ((qpdf_init_write(q, path) & QPDF_ERRORS) != 0) {
      qpdf_failed(q, "init_write");
      rc = -1;
    } else {
      qpdf_set_object_stream_mode(q, qpdf_o_generate);
      qpdf_set_compress_streams(q, QPDF_TRUE);
      if ((qpdf_write(q) & QPDF_ERRORS) != 0) {
        qpdf_failed(q, "write");
        rc = -1;
      }
    }
  }
  qpdf_cleanup(&q);
  return rc;
}

/* ------------------------------------------------------------------------ */
/* (a) libpdftools                                                           */

static int run_pdftools(const char *path, struct totals *t) {
  pdftools_document *doc = NULL;
  int32_t n = 0, i;
  if (pdftools_document_open(path, NULL, &doc) != PDFTOOLS_OK) {
    fprintf(stderr, "libpdftools: open: %s\n", pdftools_last_error_message());
    return -1;
  }
  if (pdftools_document_get_page_count(doc, &n) != PDFTOOLS_OK) {
    pdftools_document_close(doc);
    return -1;
  }
  t->pages = n;
  for (i = 0; i < n; i++) {
    double w = 0, h = 0;
    pdftools_rect crop;
    if (pdftools_page_get_size(doc, i, &w, &h) != PDFTOOLS_OK ||
        pdftools_page_get_box(doc, i, PDFTOOLS_BOX_CROP, &crop) != PDFTOOLS_OK) {
      fprintf(stderr, "libpdftools: page %d: %s\n", (int)i, pdftools_last_error_message());
      pdftools_document_close(doc);
      return -1;
    }
    add_page(t, w, h, crop.x0, crop.y0, crop.x1, crop.y1);
  }
  pdftools_document_close(doc);
  return 0;
}

/* ------------------------------------------------------------------------ */
/* (b) qpdf's C API directly                                                 */

/* Looks key up on the page and its /Pages ancestors; returns a handle or 0. */
static qpdf_oh qpdf_inherited(qpdf_data q, qpdf_oh page, const char *key) {
  qpdf_oh node = qpdf_oh_new_object(q, page);
  int depth;
  for (depth = 0; depth < 64; depth++) {
    qpdf_oh parent;
    if (qpdf_oh_has_key(q, node, key)) {
      qpdf_oh value = qpdf_oh_get_key(q, node, key);
      qpdf_oh_release(q, node);
      return value;
    }
    parent = qpdf_oh_get_key(q, node, "/Parent");
    qpdf_oh_release(q, node);
    if (!qpdf_oh_is_dictionary(q, parent)) {
      qpdf_oh_release(q, parent);
      return 0;
    }
    node = parent;
  }
  qpdf_oh_release(q, node);
  return 0;
}

/* Reads a rectangle array into r (normalized); returns 0 when it is not one. */
static int qpdf_rect(qpdf_data q, qpdf_oh arr, double r[4]) {
  int i;
  if (!arr || !qpdf_oh_is_array(q, arr) || qpdf_oh_get_array_n_items(q, arr) != 4) return 0;
  for (i = 0; i < 4; i++) {
    qpdf_oh item = qpdf_oh_get_array_item(q, arr, i);
    int is_number = qpdf_oh_is_number(q, item);
    r[i] = is_number ? qpdf_oh_get_numeric_value(q, item) : 0.0;
    qpdf_oh_release(q, item);
    if (!is_number) return 0;
  }
  if (r[0] > r[2]) {
    double tmp = r[0];
    r[0] = r[2];
    r[2] = tmp;
  }
  if (r[1] > r[3]) {
    double tmp = r[1];
    r[1] = r[3];
    r[3] = tmp;
  }
  return 1;
}

static int run_qpdf(const char *path, struct totals *t) {
  qpdf_data q = qpdf_init();
  int n, i;
  qpdf_silence_errors(q);
  qpdf_set_suppress_warnings(q, QPDF_TRUE);
  if (qpdf_read(q, path, NULL) & QPDF_ERRORS) {
    qpdf_failed(q, "read");
    qpdf_cleanup(&q);
    return -1;
  }
  n = qpdf_get_num_pages(q);
  if (n < 0) {
    qpdf_cleanup(&q);
    return -1;
  }
  t->pages = n;
  for (i = 0; i < n; i++) {
    qpdf_oh page = qpdf_get_page_n(q, (size_t)i);
    qpdf_oh media_oh = qpdf_inherited(q, page, "/MediaBox");
    qpdf_oh crop_oh = qpdf_inherited(q, page, "/CropBox");
    qpdf_oh rot_oh = qpdf_inherited(q, page, "/Rotate");
    double media[4] = {0, 0, 612, 792}, crop[4];
    int rotate = 0;
    double w, h;
    qpdf_rect(q, media_oh, media);
    if (qpdf_rect(q, crop_oh, crop)) { /* clip the crop box to the media box */
      crop[0] = fmax(crop[0], media[0]);
      crop[1] = fmax(crop[1], media[1]);
      crop[2] = fmin(crop[2], media[2]);
      crop[3] = fmin(crop[3], media[3]);
      if (crop[0] >= crop[2] || crop[1] >= crop[3]) memcpy(crop, media, sizeof crop);
    } else {
      memcpy(crop, media, sizeof crop);
    }
    if (rot_oh && qpdf_oh_is_integer(q, rot_oh)) {
      rotate = (int)(qpdf_oh_get_int_value(q, rot_oh) % 360);
      if (rotate < 0) rotate += 360;
    }
    w = crop[2] - crop[0];
    h = crop[3] - crop[1];
    if (rotate == 90 || rotate == 270) add_page(t, h, w, crop[0], crop[1], crop[2], crop[3]);
    else add_page(t, w, h, crop[0], crop[1], crop[2], crop[3]);
    if (media_oh) qpdf_oh_release(q, media_oh);
    if (crop_oh) qpdf_oh_release(q, crop_oh);
    if (rot_oh) qpdf_oh_release(q, rot_oh);
    qpdf_oh_release(q, page);
  }
  qpdf_cleanup(&q);
  return 0;
}

/* ------------------------------------------------------------------------ */
/* (c) poppler-glib                                                          */

static int run_poppler(const char *path, struct totals *t) {
  FILE *f = fopen(path, "rb");
  long size;
  char *data;
  GBytes *bytes;
  GError *error = NULL;
  PopplerDocument *doc;
  int n, i;
  if (!f) return -1;
  fseek(f, 0, SEEK_END);
  size = ftell(f);
  fseek(f, 0, SEEK_SET);
  data = (char *)g_malloc((gsize)size);
  if (fread(data, 1, (size_t)size, f) != (size_t)size) {
    fclose(f);
    g_free(data);
    return -1;
  }
  fclose(f);
  bytes = g_bytes_new_take(data, (gsize)size);
  doc = poppler_document_new_from_bytes(bytes, NULL, &error);
  if (!doc) {
    fprintf(stderr, "poppler: %s\n", error ? error->message : "cannot open");
    if (error) g_error_free(error);
    g_bytes_unref(bytes);
    return -1;
  }
  n = poppler_document_get_n_pages(doc);
  t->pages = n;
  for (i = 0; i < n; i++) {
    PopplerPage *page = poppler_document_get_page(doc, i);
    PopplerRectangle crop;
    double w = 0, h = 0;
    if (!page) continue;
    poppler_page_get_size(page, &w, &h);
    poppler_page_get_crop_box(page, &crop);
    add_page(t, w, h, crop.x1, crop.y1, crop.x2, crop.y2);
    g_object_unref(page);
  }
  g_object_unref(doc);
  g_bytes_unref(bytes);
  return 0;
}

/* ------------------------------------------------------------------------ */
/* Measuring one library in a child process                                 */

typedef int (*bench_fn)(const char *path, struct totals *t);

static const struct {
  const char *id;
  const char *label;
  bench_fn fn;
} libraries[] = {
    {"pdftools", "libpdftools", run_pdftools},
    {"qpdf", "qpdf (C API)", run_qpdf},
    {"poppler", "poppler-glib", run_poppler},
};
#define N_LIBS 3

/* Child: prints "result PAGES SIZE_SUM CROP_SUM RSS_GROWTH_KB T1 T2 ..." */
static int child_main(const char *id, const char *path, int runs) {
  int lib, r;
  long rss_before;
  struct totals t;
  for (lib = 0; lib < N_LIBS; lib++)
    if (strcmp(libraries[lib].id, id) == 0) break;
  if (lib == N_LIBS) return 1;
  rss_before = max_rss_kb();
  memset(&t, 0, sizeof t);
  if (libraries[lib].fn(path, &t) != 0) return 1; /* warm-up */
  printf("result %d %.3f %.3f", t.pages, t.size_sum, t.crop_sum);
  {
    double times[MAX_RUNS];
    for (r = 0; r < runs; r++) {
      double start;
      memset(&t, 0, sizeof t);
      start = now_ms();
      if (libraries[lib].fn(path, &t) != 0) return 1;
      times[r] = now_ms() - start;
    }
    printf(" %ld", max_rss_kb() - rss_before);
    for (r = 0; r < runs; r++) printf(" %.4f", times[r]);
  }
  printf("\n");
  return 0;
}

struct measurement {
  int ok;
  int pages;
  double size_sum, crop_sum;
  long rss_kb;
  double median, min, max;
};

static int measure(const char *self, const char *id, const char *path, int runs, struct measurement *m) {
  int fds[2], status = 0;
  pid_t pid;
  char out[8192];
  size_t used = 0;
  char runs_text[16];
  memset(m, 0, sizeof *m);
  snprintf(runs_text, sizeof runs_text, "%d", runs);
  if (pipe(fds) != 0) return -1;
  fflush(stdout);
  pid = fork();
  if (pid < 0) return -1;
  if (pid == 0) {
    dup2(fds[1], 1);
    close(fds[0]);
    close(fds[1]);
    execl(self, self, "--child", id, path, runs_text, (char *)NULL);
    _exit(127);
  }
  close(fds[1]);
  for (;;) {
    ssize_t n = read(fds[0], out + used, sizeof out - 1 - used);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    used += (size_t)n;
    if (used >= sizeof out - 1) break;
  }
  out[used] = '\0';
  close(fds[0]);
  waitpid(pid, &status, 0);
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) return -1;
  {
    const char *p = strstr(out, "result ");
    double times[MAX_RUNS];
    int r, consumed = 0;
    if (!p || sscanf(p, "result %d %lf %lf %ld%n", &m->pages, &m->size_sum, &m->crop_sum, &m->rss_kb, &consumed) < 4)
      return -1;
    p += consumed;
    for (r = 0; r < runs; r++) {
      if (sscanf(p, " %lf%n", &times[r], &consumed) < 1) return -1;
      p += consumed;
    }
    qsort(times, (size_t)runs, sizeof times[0], cmp_double);
    m->median = runs % 2 ? times[runs / 2] : (times[runs / 2 - 1] + times[runs / 2]) / 2.0;
    m->min = times[0];
    m->max = times[runs - 1];
    m->ok = 1;
  }
  return 0;
}

/* ------------------------------------------------------------------------ */

int main(int argc, char **argv) {
  int n_pages = 2000, runs = 7, i;
  const char *keep = NULL;
  char path[512];
  char self[4096];
  ssize_t self_len;
  struct measurement m[N_LIBS];
  long file_size = 0;

  if (argc == 5 && strcmp(argv[1], "--child") == 0) return child_main(argv[2], argv[3], atoi(argv[4]));
  for (i = 1; i < argc; i++) {
    if (strcmp(argv[i], "--pages") == 0 && i + 1 < argc) {
      n_pages = atoi(argv[++i]);
    } else if (strcmp(argv[i], "--runs") == 0 && i + 1 < argc) {
      runs = atoi(argv[++i]);
    } else if (strcmp(argv[i], "--keep") == 0 && i + 1 < argc) {
      keep = argv[++i];
    } else {
      fprintf(stderr, "usage: %s [--pages N] [--runs N] [--keep FILE]\n", argv[0]);
      return 2;
    }
  }
  if (n_pages < 1 || runs < 1 || runs > MAX_RUNS) {
    fprintf(stderr, "bench_open_pages: --pages must be >= 1 and --runs 1..%d\n", MAX_RUNS);
    return 2;
  }

  self_len = readlink("/proc/self/exe", self, sizeof self - 1);
  if (self_len > 0) {
    self[self_len] = '\0';
  } else {
    snprintf(self, sizeof self, "%s", argv[0]);
  }

  if (keep) {
    snprintf(path, sizeof path, "%s", keep);
  } else {
    const char *tmp = getenv("TMPDIR");
    int fd;
    snprintf(path, sizeof path, "%s/bench-open-pages-XXXXXX", tmp && *tmp ? tmp : "/tmp");
    fd = mkstemp(path);
    if (fd < 0) {
      perror("bench_open_pages: mkstemp");
      return 1;
    }
    close(fd);
  }
  if (generate(path, n_pages) != 0) {
    if (!keep) unlink(path);
    return 1;
  }
  {
    FILE *f = fopen(path, "rb");
    if (f) {
      fseek(f, 0, SEEK_END);
      file_size = ftell(f);
      fclose(f);
    }
  }

  printf("bench_open_pages: open a %d-page PDF (%ld bytes, object streams, inherited attributes)\n", n_pages,
         file_size);
  printf("and read every page's display size and crop box; libpdftools %s, qpdf %s, poppler %s\n",
         pdftools_version_string(), qpdf_get_qpdf_version(), poppler_get_version());
  printf("each library in its own process: 1 warm-up run, then %d runs\n\n", runs);
  printf("%-16s %11s %10s %10s %17s  %s\n", "library", "median ms", "min ms", "max ms", "peak RSS growth",
         "pages / results");
  for (i = 0; i < N_LIBS; i++) {
    if (measure(self, libraries[i].id, path, runs, &m[i]) != 0 || !m[i].ok) {
      printf("%-16s %11s\n", libraries[i].label, "FAILED");
      m[i].ok = 0;
      continue;
    }
    printf("%-16s %11.2f %10.2f %10.2f %13.1f MiB  %d / %s\n", libraries[i].label, m[i].median, m[i].min,
           m[i].max, (double)m[i].rss_kb / 1024.0, m[i].pages,
           i == 0 ? "reference"
                  : (m[0].ok && m[i].pages == m[0].pages && fabs(m[i].size_sum - m[0].size_sum) < 0.5 &&
                     fabs(m[i].crop_sum - m[0].crop_sum) < 0.5)
                        ? "same as libpdftools"
                        : "DIFFERENT from libpdftools");
  }
  printf("\n");
  if (m[0].ok && (m[1].ok || m[2].ok)) {
    int fastest = (m[1].ok && (!m[2].ok || m[1].median <= m[2].median)) ? 1 : 2;
    double ratio = m[0].median / m[fastest].median;
    printf("libpdftools / fastest of qpdf and poppler (%s): %.2fx, target <= %.2fx: %s\n", libraries[fastest].label,
           ratio, TARGET_RATIO, ratio <= TARGET_RATIO ? "PASS" : "OVER TARGET");
    printf("(information only; this benchmark does not fail on the target)\n");
  } else {
    printf("no ratio: a measurement failed\n");
  }
  if (!keep) unlink(path);
  return (m[0].ok && m[1].ok && m[2].ok) ? 0 : 1;
}

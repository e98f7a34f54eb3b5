/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * bench_text_layout.c — benchmark: building a page's text with libpdftools
 * (pdftools_page_get_chars: the first text call on a page builds and caches its
 * text) against poppler-glib's own text layout calls on the same pages
 * (poppler_document_get_page + poppler_page_get_text +
 * poppler_page_get_text_layout), and the ratio against the target: text
 * page build <= poppler layout + 25% (ratio <= 1.25).
 *
 * The PDF is the one given with --pdf (bench_text.py passes its dense
 * 2000-page file), or a dense one generated here (--pages N, default 200:
 * 62 lines of pseudo-Latin in 9 pt Helvetica per page).  The pages measured
 * are --sample N consecutive pages from the middle of the document.
 *
 * Each run opens both documents afresh from the same bytes (outside the
 * timing), reads the text of one page that is not measured (warm-up: poppler
 * objects, fonts, the library's poppler view), then times every sampled
 * page once with each library; the order of the two alternates from run to
 * run.  The table shows the median over --runs runs (default 3) of the total
 * per library; the last line, "RESULT ...", is for bench_text.py.
 * Information only: the exit code is 0 whatever the figures are (1 only when
 * the benchmark itself cannot run).
 *
 * Usage: bench_text_layout [--pdf FILE | --pages N] [--sample N] [--runs N] [--keep FILE]
 */
#define _XOPEN_SOURCE 700

#include <pdftools.h>

#include "bench_pdf_writer.h"
#include <poppler.h>

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define MAX_RUNS 51
#define TARGET_RATIO 1.25

static double now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec * 1000.0 + (double)ts.tv_nsec / 1e6;
}

static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y ? 1 : 0;
}

static double median(double *v, int n) {
  qsort(v, (size_t)n, sizeof v[0], cmp_double);
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2.0;
}

/* ------------------------------------------------------------------------ */
/* A dense PDF, written by hand                                              */


static unsigned char *make_pdf(int pages, size_t *out_size) {
  struct buf b = {0, 0, 0}, c = {0, 0, 0};
  long *offsets = (long *)calloc((size_t)(4 + 2 * pages), sizeof(long));
  int nobj = 3 + 2 * pages, i, p, l;
  long xref;
  if (!offsets) return NULL;
  buf_printf(&b, "%%PDF-1.7\n%%\342\343\317\323\n");
  offsets[1] = (long)b.len;
  buf_printf(&b, "1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n");
  offsets[2] = (long)b.len;
  buf_printf(&b, "2 0 obj\n<< /Type /Pages /Count %d /Kids [", pages);
  for (p = 0; p < pages; p++) buf_printf(&b, " %d 0 R", 4 + 2 * p);
  buf_printf(&b, " ] >>\nendobj\n");
  offsets[3] = (long)b.len;
  buf_printf(&b, "3 0 obj\n<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>\n"
                 "endobj\n");
  for (p = 0; p < pages; p++) {
    c.len = 0;
    buf_printf(&c, "BT\n/F1 9 Tf\n12 TL\n54 760 Td\n");
    for (l = 0; l < 62; l++) {
      int chars = 0;
      buf_printf(&c, "(");
      while (chars < 92) {
        const char *w = WORDS[rnd(sizeof WORDS / sizeof WORDS[0])];
        buf_printf(&c, "%s%s", chars ? " " : "", w);
        chars += (int)strlen(w) + 1;
      }
      buf_printf(&c, ") '\n");
    }
    buf_printf(&c, "ET\n");
    offsets[4 + 2 * p] = (long)b.len;
    buf_printf(&b,
               "%d 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> "
               ">> /Contents %d 0 R >>\nendobj\n",
               4 + 2 * p, 5 + 2 * p);
    offsets[5 + 2 * p] = (long)b.len;
    buf_printf(&b, "%d 0 obj\n<< /Length %lu >>\nstream\n", 5 + 2 * p, (unsigned long)c.len);
    buf_append(&b, c.data, c.len);
    buf_printf(&b, "endstream\nendobj\n");
  }
  xref = (long)b.len;
  buf_printf(&b, "xref\n0 %d\n0000000000 65535 f \n", nobj + 1);
  for (i = 1; i <= nobj; i++) buf_printf(&b, "%010ld 00000 n \n", offsets[i]);
  buf_printf(&b, "trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%ld\n%%%%EOF\n", nobj + 1, xref);
  free(offsets);
  free(c.data);
  *out_size = b.len;
  return (unsigned char *)b.data;
}

static unsigned char *read_file(const char *path, size_t *out_size) {
  FILE *f = fopen(path, "rb");
  unsigned char *data;
  long n;
  if (!f) return NULL;
  if (fseek(f, 0, SEEK_END) != 0 || (n = ftell(f)) < 0 || fseek(f, 0, SEEK_SET) != 0) {
    fclose(f);
    return NULL;
  }
  data = (unsigned char *)malloc((size_t)n + 1);
  if (!data || fread(data, 1, (size_t)n, f) != (size_t)n) {
    free(data);
    fclose(f);
    return NULL;
  }
  fclose(f);
  *out_size = (size_t)n;
  return data;
}

/* ------------------------------------------------------------------------ */
/* The two measurements                                                      */

/* poppler: total ms over pages [first, first + n); *out_chars: layout rectangles. */
static double run_poppler(GBytes *bytes, int warm, int first, int n, long *out_chars) {
  GError *err = NULL;
  PopplerDocument *doc = poppler_document_new_from_bytes(bytes, NULL, &err);
  double total = 0;
  int i;
  long chars = 0;
  if (!doc) {
    fprintf(stderr, "poppler cannot open the PDF: %s\n", err ? err->message : "?");
    if (err) g_error_free(err);
    return -1;
  }
  for (i = -1; i < n; i++) {
    int index = i < 0 ? warm : first + i;
    double t0 = now_ms();
    PopplerPage *page = poppler_document_get_page(doc, index);
    char *text = NULL;
    PopplerRectangle *rects = NULL;
    guint count = 0;
    if (page) {
      text = poppler_page_get_text(page);
      poppler_page_get_text_layout(page, &rects, &count);
      g_free(rects);
      g_free(text);
      g_object_unref(page);
    }
    if (i >= 0) {
      total += now_ms() - t0;
      chars += (long)count;
    }
  }
  g_object_unref(doc);
  *out_chars = chars;
  return total;
}

/* libpdftools: total ms over the same pages; *out_chars: characters. */
static double run_pdftools(const unsigned char *data, size_t size, int warm, int first, int n, long *out_chars) {
  pdftools_document *doc = NULL;
  pdftools_status st = pdftools_document_open_from_memory(data, size, NULL, &doc);
  double total = 0;
  int i;
  long chars = 0;
  if (st != PDFTOOLS_OK) {
    fprintf(stderr, "libpdftools cannot open the PDF: %s\n", pdftools_last_error_message());
    return -1;
  }
  for (i = -1; i < n; i++) {
    int index = i < 0 ? warm : first + i;
    double t0 = now_ms();
    int32_t count = 0;
    pdftools_char_info *buf;
    st = pdftools_page_get_chars(doc, index, sizeof(pdftools_char_info), NULL, 0, &count);
    buf = (pdftools_char_info *)malloc((count ? count : 1) * sizeof *buf);
    if (st == PDFTOOLS_OK && buf) st = pdftools_page_get_chars(doc, index, sizeof(pdftools_char_info), buf, count, &count);
    free(buf);
    if (st != PDFTOOLS_OK) {
      fprintf(stderr, "pdftools_page_get_chars(%d): %s\n", index, pdftools_last_error_message());
      pdftools_document_close(doc);
      return -1;
    }
    if (i >= 0) {
      total += now_ms() - t0;
      chars += (long)count;
    }
  }
  pdftools_document_close(doc);
  *out_chars = chars;
  return total;
}

/* ------------------------------------------------------------------------ */

int main(int argc, char **argv) {
  const char *pdf = NULL, *keep = NULL;
  int pages = 200, sample = 200, runs = 3, i, r, first, n_pages = 0, warm;
  unsigned char *data;
  size_t size = 0;
  GBytes *bytes;
  double pop[MAX_RUNS], lib[MAX_RUNS], pop_med, lib_med, ratio;
  long pop_chars = 0, lib_chars = 0;

  for (i = 1; i < argc; i++) {
    if (strcmp(argv[i], "--pdf") == 0 && i + 1 < argc) {
      pdf = argv[++i];
    } else if (strcmp(argv[i], "--pages") == 0 && i + 1 < argc) {
      pages = atoi(argv[++i]);
    } else if (strcmp(argv[i], "--sample") == 0 && i + 1 < argc) {
      sample = atoi(argv[++i]);
    } else if (strcmp(argv[i], "--runs") == 0 && i + 1 < argc) {
      runs = atoi(argv[++i]);
    } else if (strcmp(argv[i], "--keep") == 0 && i + 1 < argc) {
      keep = argv[++i];
    } else {
      fprintf(stderr, "usage: %s [--pdf FILE | --pages N] [--sample N] [--runs N] [--keep FILE]\n", argv[0]);
      return 1;
    }
  }
  if (pages < 2 || sample < 1 || runs < 1 || runs > MAX_RUNS) {
    fprintf(stderr, "bad --pages, --sample or --runs\n");
    return 1;
  }
  if (pdf) {
    data = read_file(pdf, &size);
    if (!data) {
      fprintf(stderr, "cannot read %s\n", pdf);
      return 1;
    }
  } else {
    data = make_pdf(pages, &size);
    if (!data) return 1;
    if (keep) {
      FILE *f = fopen(keep, "wb");
      if (!f || fwrite(data, 1, size, f) != size) fprintf(stderr, "cannot write %s\n", keep);
      if (f) fclose(f);
    }
  }
  {
    pdftools_document *doc = NULL;
    if (pdftools_document_open_from_memory(data, size, NULL, &doc) != PDFTOOLS_OK ||
        pdftools_document_get_page_count(doc, &n_pages) != PDFTOOLS_OK || n_pages < 2) {
      fprintf(stderr, "the PDF cannot be opened or has fewer than 2 pages\n");
      pdftools_document_close(doc);
      free(data);
      return 1;
    }
    pdftools_document_close(doc);
  }
  first = n_pages / 2;
  if (first + sample > n_pages) sample = n_pages - first;
  warm = first - 1;
  bytes = g_bytes_new_static(data, size);

  for (r = 0; r < runs; r++) {
    if (r % 2 == 0) {
      pop[r] = run_poppler(bytes, warm, first, sample, &pop_chars);
      lib[r] = run_pdftools(data, size, warm, first, sample, &lib_chars);
    } else {
      lib[r] = run_pdftools(data, size, warm, first, sample, &lib_chars);
      pop[r] = run_poppler(bytes, warm, first, sample, &pop_chars);
    }
    if (pop[r] < 0 || lib[r] < 0) {
      g_bytes_unref(bytes);
      free(data);
      return 1;
    }
  }
  pop_med = median(pop, runs);
  lib_med = median(lib, runs);
  ratio = pop_med > 0 ? lib_med / pop_med : 0;

  printf("bench_text_layout: %d pages of %d (from page %d), %d runs, %s\n", sample, n_pages, first, runs,
         pdf ? pdf : "generated PDF");
  printf("%-58s %12s %12s\n", "", "total (ms)", "per page");
  printf("%-58s %12.1f %12.3f\n", "poppler: get_page + get_text + get_text_layout", pop_med, pop_med / sample);
  printf("%-58s %12.1f %12.3f\n", "libpdftools: pdftools_page_get_chars (count + copy), cold", lib_med,
         lib_med / sample);
  printf("characters: poppler layout %ld rectangles, libpdftools %ld characters\n", pop_chars, lib_chars);
  printf("ratio libpdftools / poppler: %.2fx (target <= %.2fx): %s\n", ratio, TARGET_RATIO,
         ratio <= TARGET_RATIO ? "PASS" : "OVER TARGET");
  printf("RESULT pages=%d poppler_ms=%.3f pdftools_ms=%.3f ratio=%.4f\n", sample, pop_med, lib_med, ratio);
  g_bytes_unref(bytes);
  free(data);
  return 0;
}

/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * bench_layout.c — the viewer layout (pdftools_layout_*) on 10,000 pages of mixed sizes and
 * rotations, in every mode: the cost of making a layout, of a relayout (new options), of one
 * page's new size, and per query (page_at, visible_pages for a 1200 x 800 viewport, page_rect,
 * page_to_canvas), against the targets of a query under 10 us and a relayout under 5 ms.
 * PDFium, MuPDF and poppler have no layout engine to compare with; these are absolute figures.
 *
 * Usage: bench_layout [--pages N] [--runs N]
 * Prints a table; exits 0 (1 only when the benchmark could not run).
 */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "pdftools.h"

static double now_us(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec * 1e6 + (double)t.tv_nsec / 1e3;
}

static int compare(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

static double median(double *values, int count) {
  qsort(values, (size_t)count, sizeof *values, compare);
  return values[count / 2];
}

static unsigned long long g_state = 88172645463325252ULL;
static double uniform(void) {
  g_state ^= g_state << 13;
  g_state ^= g_state >> 7;
  g_state ^= g_state << 17;
  return (double)(g_state >> 11) / 9007199254740992.0;
}

static int check(pdftools_status status, const char *what) {
  if (status == PDFTOOLS_OK) return 1;
  fprintf(stderr, "bench_layout: %s: %s (%s)\n", what, pdftools_status_string(status),
          pdftools_last_error_message());
  return 0;
}

int main(int argc, char **argv) {
  static const char *names[] = {"single_page", "single_page_continuous", "two_up", "two_up_continuous",
                                "horizontal_continuous"};
  int pages = 10000, runs = 21, i, mode, run;
  pdftools_layout_page *sizes;
  double worst_query = 0, worst_relayout = 0;
  for (i = 1; i + 1 < argc; i += 2) {
    if (strcmp(argv[i], "--pages") == 0) pages = atoi(argv[i + 1]);
    else if (strcmp(argv[i], "--runs") == 0) runs = atoi(argv[i + 1]);
  }
  if (pages < 1 || runs < 1 || runs > 1001) {
    fprintf(stderr, "usage: bench_layout [--pages N>0] [--runs 1..1001]\n");
    return 1;
  }
  sizes = malloc(sizeof *sizes * (size_t)pages);
  if (!sizes) return 1;
  for (i = 0; i < pages; i++) {
    static const double formats[4][2] = {{612, 792}, {595, 842}, {792, 612}, {420, 595}};
    int f = (int)(uniform() * 4) & 3;
    sizes[i].width = formats[f][0];
    sizes[i].height = formats[f][1];
    sizes[i].rotation = (i % 13 == 0) ? 90 : 0;
  }
  printf("libpdftools viewer layout, %d pages, medians of %d runs (us)\n", pages, runs);
  printf("%-24s %10s %10s %10s %10s %10s %10s %10s\n", "mode", "new", "relayout", "set_page", "page_at",
         "visible", "page_rect", "to_canvas");
  for (mode = 0; mode < 5; mode++) {
    pdftools_layout_options o = PDFTOOLS_LAYOUT_OPTIONS_INIT;
    pdftools_layout *layout = NULL;
    double t_new[1001], t_relayout[1001], t_set[1001];
    double t_at = 0, t_visible = 0, t_rect = 0, t_canvas = 0, width = 0, height = 0;
    volatile double sink = 0; /* keeps the queries from being optimised away */
    int queries = 100000;
    pdftools_visible_page seen[64];
    o.mode = (pdftools_layout_mode)mode;
    o.cover_page = 1;
    o.viewport_width = 1200;
    o.viewport_height = 800;
    o.zoom = PDFTOOLS_ZOOM_FIT_WIDTH;
    for (run = 0; run < runs; run++) {
      double start = now_us();
      if (!check(pdftools_layout_new(sizes, pages, &o, &layout), "layout_new")) return 1;
      t_new[run] = now_us() - start;
      if (run + 1 < runs) pdftools_layout_free(layout);
    }
    if (!check(pdftools_layout_set_current_page(layout, pages / 2), "set_current_page")) return 1;
    for (run = 0; run < runs; run++) {
      double start;
      o.page_gap = 8 + (run & 1);
      start = now_us();
      if (!check(pdftools_layout_set_options(layout, &o), "set_options")) return 1;
      t_relayout[run] = now_us() - start;
    }
    for (run = 0; run < runs; run++) {
      pdftools_layout_page changed = {run & 1 ? 612 : 700, 792, 0};
      double start = now_us();
      if (!check(pdftools_layout_set_page(layout, pages / 3, &changed), "set_page")) return 1;
      t_set[run] = now_us() - start;
    }
    if (!check(pdftools_layout_get_canvas_size(layout, &width, &height), "canvas size")) return 1;
    {
      double start = now_us();
      for (i = 0; i < queries; i++) {
        int32_t page = -1;
        double x = 0, y = 0;
        pdftools_layout_get_page_at(layout, uniform() * width, uniform() * height, &page, &x, &y);
        sink += page + x;
      }
      t_at = (now_us() - start) / queries;
      start = now_us();
      for (i = 0; i < queries; i++) {
        pdftools_rect viewport;
        int32_t count = 0;
        viewport.x0 = uniform() * width;
        viewport.y0 = uniform() * height;
        viewport.x1 = viewport.x0 + 1200;
        viewport.y1 = viewport.y0 + 800;
        pdftools_layout_get_visible_pages(layout, &viewport, sizeof seen[0], seen, 64, &count);
        sink += count;
      }
      t_visible = (now_us() - start) / queries;
      start = now_us();
      for (i = 0; i < queries; i++) {
        pdftools_rect r;
        if (pdftools_layout_get_page_rect(layout, (int32_t)(uniform() * pages), &r) == PDFTOOLS_OK) sink += r.x0;
      }
      t_rect = (now_us() - start) / queries;
      start = now_us();
      for (i = 0; i < queries; i++) {
        double x = 0, y = 0;
        if (pdftools_layout_page_to_canvas(layout, pages / 2, 10, 10, &x, &y) == PDFTOOLS_OK) sink += y;
      }
      t_canvas = (now_us() - start) / queries;
    }
    {
      double relayout = median(t_relayout, runs), set = median(t_set, runs), created = median(t_new, runs);
      double query = t_at > t_visible ? t_at : t_visible;
      if (t_rect > query) query = t_rect;
      if (query > worst_query) worst_query = query;
      if (relayout > worst_relayout) worst_relayout = relayout;
      if (set > worst_relayout) worst_relayout = set;
      printf("%-24s %10.1f %10.1f %10.1f %10.3f %10.3f %10.3f %10.3f\n", names[mode], created, relayout, set, t_at,
             t_visible, t_rect, t_canvas);
    }
    pdftools_layout_free(layout);
  }
  printf("slowest query %.3f us (target < 10 us): %s\n", worst_query, worst_query < 10 ? "PASS" : "OVER TARGET");
  printf("slowest relayout %.1f us (target < 5000 us): %s\n", worst_relayout,
         worst_relayout < 5000 ? "PASS" : "OVER TARGET");
  free(sizes);
  return 0;
}

/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * bench_pdf_writer.h — what the C benchmarks share to write their test PDFs by
 * hand: a growing byte buffer with printf, and pseudo-Latin words drawn by a
 * fixed-seed generator (the same pages in every run).
 */
#ifndef BENCH_PDF_WRITER_H
#define BENCH_PDF_WRITER_H

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct buf {
  char *data;
  size_t len, cap;
};

static inline void buf_append(struct buf *b, const void *p, size_t n) {
  if (b->len + n + 1 > b->cap) {
    size_t cap = b->cap ? b->cap : 65536;
    while (b->len + n + 1 > cap) cap *= 2;
    b->data = (char *)realloc(b->data, cap);
    if (!b->data) {
      fprintf(stderr, "out of memory\n");
      exit(1);
    }
    b->cap = cap;
  }
  memcpy(b->data + b->len, p, n);
  b->len += n;
  b->data[b->len] = '\0';
}

static inline void buf_printf(struct buf *b, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

static inline void buf_printf(struct buf *b, const char *fmt, ...) {
  char tmp[2048];
  va_list ap;
  int n;
  va_start(ap, fmt);
  n = vsnprintf(tmp, sizeof tmp, fmt, ap);
  va_end(ap);
  if (n < 0 || (size_t)n >= sizeof tmp) {
    fprintf(stderr, "format overflow\n");
    exit(1);
  }
  buf_append(b, tmp, (size_t)n);
}

static const char *const WORDS[] = {
    "lorem",   "ipsum",    "dolor",     "sit",      "amet",     "consectetur", "adipiscing", "elit",
    "sed",     "do",       "eiusmod",   "tempor",   "incididunt", "ut",        "labore",     "et",
    "dolore",  "magna",    "aliqua",    "enim",     "ad",       "minim",       "veniam",     "quis",
    "nostrud", "exercitation", "ullamco", "laboris", "nisi",    "aliquip",     "ex",         "ea",
    "commodo", "consequat", "duis",     "aute",     "irure",    "in",          "voluptate",  "velit",
    "esse",    "cillum",   "fugiat",    "nulla",    "pariatur", "excepteur",   "sint",       "occaecat",
    "veritas", "proident", "sunt",      "culpa",    "officia",  "deserunt",    "mollit",     "anim"};

static unsigned long g_seed = 2024;

static inline unsigned rnd(unsigned n) {
  g_seed = g_seed * 6364136223846793005UL + 1442695040888963407UL;
  return (unsigned)((g_seed >> 33) % n);
}

#endif /* BENCH_PDF_WRITER_H */

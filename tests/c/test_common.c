/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * test_common.c — implementation of the helpers declared in test_common.h,
 * shared by the C tests of libpdftools (check counting, temporary folders,
 * file helpers, stdout/stderr capture).
 */
#define _XOPEN_SOURCE 700

#include "test_common.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static int g_passed;
static int g_failed;
static pthread_mutex_t g_lock = PTHREAD_MUTEX_INITIALIZER;

void tc_lock(void) { pthread_mutex_lock(&g_lock); }

void tc_unlock(void) { pthread_mutex_unlock(&g_lock); }

static const char *base_name(const char *file) {
  const char *slash = strrchr(file, '/');
  return slash ? slash + 1 : file;
}

int tc_check_at(const char *file, int line, int cond, const char *fmt, ...) {
  va_list ap;
  tc_lock();
  if (cond) {
    g_passed++;
    fputs("ok - ", stdout);
  } else {
    g_failed++;
    fputs("FAIL - ", stdout);
  }
  va_start(ap, fmt);
  vprintf(fmt, ap);
  va_end(ap);
  if (!cond) printf(" (%s:%d)", base_name(file), line);
  fputc('\n', stdout);
  fflush(stdout);
  tc_unlock();
  return cond;
}

static const char *status_name(pdftools_status st) {
  switch (st) {
  case PDFTOOLS_OK: return "OK";
  case PDFTOOLS_E_INVALID_ARGUMENT: return "INVALID_ARGUMENT";
  case PDFTOOLS_E_INVALID_HANDLE: return "INVALID_HANDLE";
  case PDFTOOLS_E_OUT_OF_RANGE: return "OUT_OF_RANGE";
  case PDFTOOLS_E_BUFFER_TOO_SMALL: return "BUFFER_TOO_SMALL";
  case PDFTOOLS_E_NOT_FOUND: return "NOT_FOUND";
  case PDFTOOLS_E_UNSUPPORTED: return "UNSUPPORTED";
  case PDFTOOLS_E_NOT_PERMITTED: return "NOT_PERMITTED";
  case PDFTOOLS_E_CANCELLED: return "CANCELLED";
  case PDFTOOLS_E_FILE_NOT_FOUND: return "FILE_NOT_FOUND";
  case PDFTOOLS_E_PERMISSION_DENIED: return "PERMISSION_DENIED";
  case PDFTOOLS_E_NOT_A_FILE: return "NOT_A_FILE";
  case PDFTOOLS_E_IO: return "IO";
  case PDFTOOLS_E_NOT_PDF: return "NOT_PDF";
  case PDFTOOLS_E_DAMAGED: return "DAMAGED";
  case PDFTOOLS_E_PASSWORD_REQUIRED: return "PASSWORD_REQUIRED";
  case PDFTOOLS_E_WRONG_PASSWORD: return "WRONG_PASSWORD";
  case PDFTOOLS_E_OUT_OF_MEMORY: return "OUT_OF_MEMORY";
  case PDFTOOLS_E_INTERNAL: return "INTERNAL";
  }
  return "?";
}

int tc_expect_status_at(const char *file, int line, pdftools_status got, pdftools_status want,
                        const char *what) {
  if (got == want) return tc_check_at(file, line, 1, "%s: %s", what, status_name(got));
  return tc_check_at(file, line, 0, "%s: expected %s, got %s (%d) [%s]", what, status_name(want),
                     status_name(got), (int)got, pdftools_last_error_message());
}

int tc_expect_status2_at(const char *file, int line, pdftools_status got, pdftools_status want1,
                         pdftools_status want2, const char *what) {
  if (got == want1 || got == want2) return tc_check_at(file, line, 1, "%s: %s", what, status_name(got));
  return tc_check_at(file, line, 0, "%s: expected %s or %s, got %s (%d) [%s]", what,
                     status_name(want1), status_name(want2), status_name(got), (int)got,
                     pdftools_last_error_message());
}

void tc_note(const char *fmt, ...) {
  va_list ap;
  tc_lock();
  fputs("note: ", stdout);
  va_start(ap, fmt);
  vprintf(fmt, ap);
  va_end(ap);
  fputc('\n', stdout);
  fflush(stdout);
  tc_unlock();
}

int tc_failed(void) {
  int n;
  tc_lock();
  n = g_failed;
  tc_unlock();
  return n;
}

int tc_finish(void) {
  int passed, failed;
  tc_lock();
  passed = g_passed;
  failed = g_failed;
  tc_unlock();
  printf("%d passed, %d failed\n", passed, failed);
  fflush(stdout);
  return failed == 0 ? 0 : 1;
}

char *tc_path(const char *dir, const char *name) {
  size_t n = strlen(dir) + strlen(name) + 2;
  char *p = (char *)malloc(n);
  if (!p) return NULL;
  snprintf(p, n, "%s/%s", dir, name);
  return p;
}

char *tc_make_temp_dir(const char *tag) {
  const char *base = getenv("TMPDIR");
  char *templ;
  size_t n;
  if (!base || !*base) base = "/tmp";
  n = strlen(base) + strlen(tag) + 32;
  templ = (char *)malloc(n);
  if (!templ) return NULL;
  snprintf(templ, n, "%s/pdftools-%s-XXXXXX", base, tag);
  if (!mkdtemp(templ)) {
    free(templ);
    return NULL;
  }
  return templ;
}

void tc_remove_tree(const char *path) {
  struct stat st;
  if (lstat(path, &st) != 0) return;
  if (S_ISDIR(st.st_mode)) {
    DIR *d;
    struct dirent *e;
    chmod(path, 0700);
    d = opendir(path);
    if (d) {
      while ((e = readdir(d)) != NULL) {
        char *child;
        if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0) continue;
        child = tc_path(path, e->d_name);
        if (child) {
          tc_remove_tree(child);
          free(child);
        }
      }
      closedir(d);
    }
    rmdir(path);
  } else {
    unlink(path);
  }
}

unsigned char *tc_read_file(const char *path, size_t *out_size) {
  FILE *f = fopen(path, "rb");
  unsigned char *buf = NULL;
  size_t cap = 0, len = 0;
  if (!f) return NULL;
  for (;;) {
    size_t got;
    if (len == cap) {
      size_t ncap = cap ? cap * 2 : 65536;
      unsigned char *nb = (unsigned char *)realloc(buf, ncap);
      if (!nb) {
        free(buf);
        fclose(f);
        return NULL;
      }
      buf = nb;
      cap = ncap;
    }
    got = fread(buf + len, 1, cap - len, f);
    len += got;
    if (got == 0) break;
  }
  if (ferror(f)) {
    free(buf);
    fclose(f);
    return NULL;
  }
  fclose(f);
  if (!buf) buf = (unsigned char *)malloc(1);
  *out_size = len;
  return buf;
}

int tc_write_file(const char *path, const void *data, size_t size) {
  FILE *f = fopen(path, "wb");
  if (!f) return -1;
  if (size && fwrite(data, 1, size, f) != size) {
    fclose(f);
    return -1;
  }
  return fclose(f) == 0 ? 0 : -1;
}

int tc_copy_file(const char *from, const char *to) {
  size_t n;
  unsigned char *data = tc_read_file(from, &n);
  int rc;
  if (!data) return -1;
  rc = tc_write_file(to, data, n);
  free(data);
  return rc;
}

int tc_file_equals(const char *path, const void *data, size_t size) {
  size_t n;
  unsigned char *got = tc_read_file(path, &n);
  int same;
  if (!got) return 0;
  same = n == size && (size == 0 || memcmp(got, data, size) == 0);
  free(got);
  return same;
}

int tc_count_entries(const char *dir) {
  DIR *d = opendir(dir);
  struct dirent *e;
  int n = 0;
  if (!d) return -1;
  while ((e = readdir(d)) != NULL) {
    if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0) continue;
    n++;
  }
  closedir(d);
  return n;
}

static int cmp_str(const void *a, const void *b) {
  return strcmp(*(const char *const *)a, *(const char *const *)b);
}

void tc_list_entries(const char *dir, char *buf, size_t buf_size) {
  DIR *d = opendir(dir);
  struct dirent *e;
  char *names[256];
  int n = 0, i;
  size_t used = 0;
  if (buf_size == 0) return;
  buf[0] = '\0';
  if (!d) return;
  while ((e = readdir(d)) != NULL && n < 256) {
    if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0) continue;
    names[n] = (char *)malloc(strlen(e->d_name) + 1);
    if (!names[n]) break;
    strcpy(names[n], e->d_name);
    n++;
  }
  closedir(d);
  qsort(names, (size_t)n, sizeof names[0], cmp_str);
  for (i = 0; i < n; i++) {
    int w = snprintf(buf + used, buf_size - used, "%s%s", i ? "|" : "", names[i]);
    if (w > 0 && (size_t)w < buf_size - used) used += (size_t)w;
    free(names[i]);
  }
}

int tc_mem_contains(const void *hay, size_t hay_size, const void *needle, size_t needle_size) {
  const unsigned char *h = (const unsigned char *)hay;
  const unsigned char *nd = (const unsigned char *)needle;
  size_t i;
  if (needle_size == 0) return 1;
  if (!hay || hay_size < needle_size) return 0;
  for (i = 0; i + needle_size <= hay_size; i++) {
    if (h[i] == nd[0] && memcmp(h + i, nd, needle_size) == 0) return 1;
  }
  return 0;
}

char *tc_corpus_file(const char *corpus_dir, const char *name) { return tc_path(corpus_dir, name); }

int tc_capture_begin(tc_capture *cap) {
  const char *base = getenv("TMPDIR");
  if (!base || !*base) base = "/tmp";
  fflush(stdout);
  fflush(stderr);
  snprintf(cap->path, sizeof cap->path, "%s/pdftools-capture-XXXXXX", base);
  cap->fd = mkstemp(cap->path);
  if (cap->fd < 0) return -1;
  cap->saved_out = dup(1);
  cap->saved_err = dup(2);
  if (cap->saved_out < 0 || cap->saved_err < 0) return -1;
  if (dup2(cap->fd, 1) < 0 || dup2(cap->fd, 2) < 0) return -1;
  return 0;
}

long tc_capture_end(tc_capture *cap, char *buf, size_t buf_size) {
  struct stat st;
  long size = -1;
  fflush(stdout);
  fflush(stderr);
  dup2(cap->saved_out, 1);
  dup2(cap->saved_err, 2);
  close(cap->saved_out);
  close(cap->saved_err);
  if (fstat(cap->fd, &st) == 0) size = (long)st.st_size;
  if (buf && buf_size) {
    ssize_t got = pread(cap->fd, buf, buf_size - 1, 0);
    buf[got > 0 ? (size_t)got : 0] = '\0';
  }
  close(cap->fd);
  unlink(cap->path);
  return size;
}

struct fifo_guard_impl {
  pthread_t thread;
  pthread_mutex_t lock;
  char path[512];
  int library_reads;
  int done;
  int released;
};

static int guard_done(struct fifo_guard_impl *g) {
  int d;
  pthread_mutex_lock(&g->lock);
  d = g->done;
  pthread_mutex_unlock(&g->lock);
  return d;
}

static void *fifo_guard_main(void *p) {
  struct fifo_guard_impl *g = (struct fifo_guard_impl *)p;
  int waited_ms = 0;
  struct timespec tick = {0, 10 * 1000 * 1000};
  while (!guard_done(g)) {
    nanosleep(&tick, NULL);
    waited_ms += 10;
    if (waited_ms < 3000 || waited_ms % 500 != 0) continue;
    if (g->library_reads) {
      /* Succeeds only when a reader is blocked in open(); closing gives it EOF. */
      int fd = open(g->path, O_WRONLY | O_NONBLOCK);
      if (fd >= 0) {
        close(fd);
        pthread_mutex_lock(&g->lock);
        g->released = 1;
        pthread_mutex_unlock(&g->lock);
      }
    } else {
      /* Be the reader a blocked writer waits for, and drain what it writes. */
      int fd = open(g->path, O_RDONLY | O_NONBLOCK);
      if (fd >= 0) {
        char buf[4096];
        int idle = 0;
        while (idle < 200) {
          ssize_t n = read(fd, buf, sizeof buf);
          if (n > 0) {
            pthread_mutex_lock(&g->lock);
            g->released = 1;
            pthread_mutex_unlock(&g->lock);
            idle = 0;
          } else {
            if (guard_done(g)) break;
            nanosleep(&tick, NULL);
            idle++;
          }
        }
        close(fd);
      }
    }
  }
  return NULL;
}

int tc_fifo_guard_start(tc_fifo_guard *guard, const char *path, int library_reads) {
  struct fifo_guard_impl *g = (struct fifo_guard_impl *)calloc(1, sizeof *g);
  guard->impl = g;
  if (!g) return -1;
  pthread_mutex_init(&g->lock, NULL);
  snprintf(g->path, sizeof g->path, "%s", path);
  g->library_reads = library_reads;
  if (pthread_create(&g->thread, NULL, fifo_guard_main, g) != 0) {
    free(g);
    guard->impl = NULL;
    return -1;
  }
  return 0;
}

int tc_fifo_guard_stop(tc_fifo_guard *guard) {
  struct fifo_guard_impl *g = (struct fifo_guard_impl *)guard->impl;
  int released;
  if (!g) return 0;
  pthread_mutex_lock(&g->lock);
  g->done = 1;
  pthread_mutex_unlock(&g->lock);
  pthread_join(g->thread, NULL);
  released = g->released;
  pthread_mutex_destroy(&g->lock);
  free(g);
  guard->impl = NULL;
  return released;
}

pdftools_document *tc_open_corpus(const char *corpus_dir, const char *name, const char *password) {
  char *path = tc_corpus_file(corpus_dir, name);
  pdftools_document *doc = NULL;
  pdftools_status st;
  if (!path) return NULL;
  st = pdftools_document_open(path, password, &doc);
  if (st != PDFTOOLS_OK) {
    tc_check_at(__FILE__, __LINE__, 0, "open %s: status %d (%s) [%s]", name, (int)st,
                pdftools_status_string(st), pdftools_last_error_message());
    doc = NULL;
  }
  free(path);
  return doc;
}

char *tc_get_metadata(pdftools_document *doc, const char *key, pdftools_status *out_status) {
  size_t need = 0;
  char *buf;
  pdftools_status st = pdftools_document_get_metadata(doc, key, NULL, 0, &need);
  if (out_status) *out_status = st;
  if (st != PDFTOOLS_OK || need == 0) return NULL;
  buf = (char *)malloc(need);
  if (!buf) return NULL;
  st = pdftools_document_get_metadata(doc, key, buf, need, &need);
  if (out_status) *out_status = st;
  if (st != PDFTOOLS_OK) {
    free(buf);
    return NULL;
  }
  return buf;
}

char *tc_get_label(pdftools_document *doc, int32_t page, pdftools_status *out_status) {
  size_t need = 0;
  char *buf;
  pdftools_status st = pdftools_page_get_label(doc, page, NULL, 0, &need);
  if (out_status) *out_status = st;
  if (st != PDFTOOLS_OK || need == 0) return NULL;
  buf = (char *)malloc(need);
  if (!buf) return NULL;
  st = pdftools_page_get_label(doc, page, buf, need, &need);
  if (out_status) *out_status = st;
  if (st != PDFTOOLS_OK) {
    free(buf);
    return NULL;
  }
  return buf;
}

int tc_near(double a, double b, double eps) { return fabs(a - b) <= eps; }

/* ---- forms ------------------------------------------------------------------ */

/* A string from a two-call getter of a field taking one int32_t (value, option) or none. */
static char *field_string(pdftools_status (*get)(pdftools_document *, pdftools_field_id, int32_t, char *, size_t,
                                                 size_t *),
                          pdftools_document *doc, pdftools_field_id id, int32_t index) {
  size_t need = 0;
  char *buf;
  if (get(doc, id, index, NULL, 0, &need) != PDFTOOLS_OK || need == 0) return NULL;
  buf = (char *)malloc(need);
  if (!buf) return NULL;
  if (get(doc, id, index, buf, need, &need) != PDFTOOLS_OK) {
    free(buf);
    return NULL;
  }
  return buf;
}

char *tc_field_value(pdftools_document *doc, pdftools_field_id id, int32_t index) {
  return field_string(pdftools_field_get_value, doc, id, index);
}

char *tc_field_text(pdftools_document *doc, pdftools_field_id id, pdftools_field_text which) {
  size_t need = 0;
  char *buf;
  if (pdftools_field_get_text(doc, id, which, NULL, 0, &need) != PDFTOOLS_OK || need == 0) return NULL;
  buf = (char *)malloc(need);
  if (!buf) return NULL;
  if (pdftools_field_get_text(doc, id, which, buf, need, &need) != PDFTOOLS_OK) {
    free(buf);
    return NULL;
  }
  return buf;
}

pdftools_field_id tc_field(pdftools_document *doc, const char *name) {
  pdftools_field_id id = 0;
  return pdftools_form_find_field(doc, name, &id) == PDFTOOLS_OK ? id : 0;
}

void tc_dump_form(tc_buf *b, pdftools_document *doc, int with_ids) {
  pdftools_form_info info;
  pdftools_field_info *fields;
  int32_t count = 0, i, k;
  pdftools_status st = pdftools_form_get_info(doc, sizeof info, &info);
  if (st != PDFTOOLS_OK) {
    tc_buf_printf(b, "form %d\n", (int)st);
    return;
  }
  tc_buf_printf(b, "form %d fields %d need %d xfa %d signed %d\n", (int)info.has_form, (int)info.field_count,
                (int)info.need_appearances, (int)info.has_xfa, (int)info.signed_count);
  st = pdftools_form_get_fields(doc, sizeof *fields, NULL, 0, &count);
  if (st != PDFTOOLS_OK || count <= 0) return;
  fields = (pdftools_field_info *)calloc((size_t)count, sizeof *fields);
  if (!fields) return;
  st = pdftools_form_get_fields(doc, sizeof *fields, fields, count, &count);
  for (i = 0; st == PDFTOOLS_OK && i < count; i++) {
    const pdftools_field_info *f = &fields[i];
    pdftools_field_widget widgets[16];
    int32_t selected[64], nw = 0, ns = 0;
    int which;
    if (with_ids) tc_buf_printf(b, "field id %lld\n", (long long)f->id);
    tc_buf_printf(b, "field type %d flags %u q %d max %d locked %d signed %d\n", (int)f->type, (unsigned)f->flags,
                  (int)f->alignment, (int)f->max_length, (int)f->locked, (int)f->is_signed);
    for (which = 0; which <= 4; which++) {
      char *text = tc_field_text(doc, f->id, (pdftools_field_text)which);
      tc_buf_printf(b, "  text%d %s\n", which, text ? text : "(none)");
      free(text);
    }
    for (k = 0; k < f->value_count; k++) {
      char *v = tc_field_value(doc, f->id, k);
      tc_buf_printf(b, "  value %s\n", v ? v : "(none)");
      free(v);
    }
    for (k = 0; k < f->default_count; k++) {
      char *v = field_string(pdftools_field_get_default_value, doc, f->id, k);
      tc_buf_printf(b, "  default %s\n", v ? v : "(none)");
      free(v);
    }
    for (k = 0; k < f->option_count; k++) {
      char *e = NULL, *d = NULL;
      size_t need = 0;
      if (pdftools_field_get_option(doc, f->id, k, 0, NULL, 0, &need) == PDFTOOLS_OK && (e = malloc(need)))
        pdftools_field_get_option(doc, f->id, k, 0, e, need, &need);
      if (pdftools_field_get_option(doc, f->id, k, 1, NULL, 0, &need) == PDFTOOLS_OK && (d = malloc(need)))
        pdftools_field_get_option(doc, f->id, k, 1, d, need, &need);
      tc_buf_printf(b, "  option %s|%s\n", e ? e : "?", d ? d : "?");
      free(e);
      free(d);
    }
    if (pdftools_field_get_selected(doc, f->id, selected, 64, &ns) == PDFTOOLS_OK)
      for (k = 0; k < ns; k++) tc_buf_printf(b, "  selected %d\n", (int)selected[k]);
    if (pdftools_field_get_widgets(doc, f->id, sizeof widgets[0], widgets, 16, &nw) == PDFTOOLS_OK)
      for (k = 0; k < nw; k++) {
        if (with_ids) tc_buf_printf(b, "  widget id %lld\n", (long long)widgets[k].annotation);
        tc_buf_printf(b, "  widget page %d rect %.3f %.3f %.3f %.3f on %d state %zu\n", (int)widgets[k].page_index,
                      widgets[k].rect.x0, widgets[k].rect.y0, widgets[k].rect.x1, widgets[k].rect.y1,
                      (int)widgets[k].on, widgets[k].on_state_size);
      }
  }
  free(fields);
}

/* ---- external programs ---------------------------------------------------- */

int tc_run_command(const char *command, char *out, size_t out_size) {
  size_t len = strlen(command);
  char *full = (char *)malloc(len + 16);
  FILE *pipe;
  size_t used = 0;
  char chunk[4096];
  size_t n;
  int status;
  if (!full) return -1;
  snprintf(full, len + 16, "%s 2>&1", command);
  fflush(stdout);
  fflush(stderr);
  pipe = popen(full, "r");
  free(full);
  if (out && out_size) out[0] = '\0';
  if (!pipe) return -1;
  while ((n = fread(chunk, 1, sizeof chunk, pipe)) > 0) {
    if (out && used + 1 < out_size) {
      size_t take = out_size - 1 - used < n ? out_size - 1 - used : n;
      memcpy(out + used, chunk, take);
      used += take;
      out[used] = '\0';
    }
  }
  status = pclose(pipe);
  if (status == -1 || !WIFEXITED(status)) return -1;
  return WEXITSTATUS(status);
}

int tc_have_program(const char *program) {
  char cmd[512];
  snprintf(cmd, sizeof cmd, "command -v %s >/dev/null", program);
  return tc_run_command(cmd, NULL, 0) == 0;
}

char *tc_shell_quote(const char *path) {
  size_t len = strlen(path), i, j = 0;
  char *q = (char *)malloc(4 * len + 3);
  if (!q) return NULL;
  q[j++] = '\'';
  for (i = 0; i < len; i++) {
    if (path[i] == '\'') {
      memcpy(q + j, "'\\''", 4);
      j += 4;
    } else {
      q[j++] = path[i];
    }
  }
  q[j++] = '\'';
  q[j] = '\0';
  return q;
}

/* Makes room for n more bytes and a NUL. */
static void tc_buf_reserve(tc_buf *b, size_t n) {
  size_t cap;
  if (b->len + n + 1 <= b->cap) return;
  cap = b->cap ? b->cap : 4096;
  while (b->len + n + 1 > cap) cap *= 2;
  b->data = (char *)realloc(b->data, cap);
  if (!b->data) abort();
  b->cap = cap;
}

void tc_buf_append(tc_buf *b, const void *p, size_t n) {
  tc_buf_reserve(b, n);
  memcpy(b->data + b->len, p, n);
  b->len += n;
  b->data[b->len] = '\0';
}

void tc_buf_printf(tc_buf *b, const char *fmt, ...) {
  va_list ap;
  int n;
  va_start(ap, fmt);
  n = vsnprintf(NULL, 0, fmt, ap);
  va_end(ap);
  if (n < 0) abort();
  tc_buf_reserve(b, (size_t)n);
  va_start(ap, fmt);
  vsnprintf(b->data + b->len, b->cap - b->len, fmt, ap);
  va_end(ap);
  b->len += (size_t)n;
}

const unsigned char tc_png_4x3[91] = {
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52,
  0x00, 0x00, 0x00, 0x04, 0x00, 0x00, 0x00, 0x03, 0x08, 0x06, 0x00, 0x00, 0x00, 0xb4, 0xf4, 0xae,
  0xc6, 0x00, 0x00, 0x00, 0x22, 0x49, 0x44, 0x41, 0x54, 0x78, 0xda, 0x63, 0x64, 0x60, 0xf8, 0xdf,
  0x70, 0x47, 0x44, 0xb4, 0x9e, 0x01, 0x0a, 0x18, 0xef, 0x88, 0x88, 0xfc, 0x67, 0x40, 0x02, 0x4c,
  0xc8, 0x1c, 0x95, 0x9c, 0x37, 0x8c, 0x00, 0xce, 0xce, 0x06, 0x88, 0x72, 0x8c, 0x72, 0x7b, 0x00,
  0x00, 0x00, 0x00, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82,
};

int tc_parse_numbers(const char *raw, double *out, int max) {
  const char *p = raw ? strchr(raw, '[') : NULL;
  int n = 0;
  if (!p) return -1;
  p++;
  for (;;) {
    char *end;
    double v;
    while (*p && isspace((unsigned char)*p)) p++;
    if (*p == ']') return n;
    v = strtod(p, &end);
    if (end == p || n >= max) return -1;
    out[n++] = v;
    p = end;
  }
}

/* ---- annotations through the API (shared by the annotation and undo tests) ---- */

typedef pdftools_status (*tc_string_getter)(pdftools_document *, pdftools_annotation_id, const char *, char *,
                                            size_t, size_t *);

/* The two-call pattern of get_text / get_raw into a malloc'd string; NULL on failure (status in *st). */
static char *tc_get_string(tc_string_getter fn, pdftools_document *doc, pdftools_annotation_id id, const char *key,
                           pdftools_status *st) {
  size_t need = 0;
  char *s;
  pdftools_status r = fn(doc, id, key, NULL, 0, &need);
  if (st) *st = r;
  if (r != PDFTOOLS_OK || need == 0) return NULL;
  s = (char *)malloc(need);
  if (!s) return NULL;
  r = fn(doc, id, key, s, need, &need);
  if (st) *st = r;
  if (r != PDFTOOLS_OK) {
    free(s);
    return NULL;
  }
  return s;
}

int tc_count_annots(pdftools_document *doc, int32_t page) {
  int32_t n = 0;
  if (pdftools_page_get_annotations(doc, page, NULL, 0, &n) != PDFTOOLS_OK) return -1;
  return (int)n;
}

uint64_t tc_fnv1a(const void *data, size_t size) {
  const unsigned char *p = (const unsigned char *)data;
  uint64_t h = 1469598103934665603ull;
  size_t i;
  for (i = 0; i < size; i++) {
    h ^= p[i];
    h *= 1099511628211ull;
  }
  return h;
}

char *tc_get_link_uri(pdftools_document *doc, pdftools_annotation_id id, pdftools_status *st) {
  size_t need = 0;
  char *s;
  pdftools_status r = pdftools_annotation_get_link_uri(doc, id, NULL, 0, &need);
  if (st) *st = r;
  if (r != PDFTOOLS_OK || need == 0) return NULL;
  s = (char *)malloc(need);
  if (!s) return NULL;
  r = pdftools_annotation_get_link_uri(doc, id, s, need, &need);
  if (st) *st = r;
  if (r != PDFTOOLS_OK) {
    free(s);
    return NULL;
  }
  return s;
}

char *tc_get_raw(pdftools_document *doc, pdftools_annotation_id id, const char *key, pdftools_status *st) {
  return tc_get_string(pdftools_annotation_get_raw, doc, id, key, st);
}

char *tc_get_subtype(pdftools_document *doc, pdftools_annotation_id id, pdftools_status *st) {
  size_t need = 0;
  char *s;
  pdftools_status r = pdftools_annotation_get_subtype(doc, id, NULL, 0, &need);
  if (st) *st = r;
  if (r != PDFTOOLS_OK || need == 0) return NULL;
  s = (char *)malloc(need);
  if (!s) return NULL;
  r = pdftools_annotation_get_subtype(doc, id, s, need, &need);
  if (st) *st = r;
  if (r != PDFTOOLS_OK) {
    free(s);
    return NULL;
  }
  return s;
}

char *tc_get_text(pdftools_document *doc, pdftools_annotation_id id, const char *key, pdftools_status *st) {
  return tc_get_string(pdftools_annotation_get_text, doc, id, key, st);
}

/* Lists a page's ids into a malloc'd array; returns the count (-1 on failure). */
int tc_list_ids(pdftools_document *doc, int32_t page, pdftools_annotation_id **out) {
  int32_t n = 0;
  pdftools_annotation_id *ids;
  *out = NULL;
  if (pdftools_page_get_annotations(doc, page, NULL, 0, &n) != PDFTOOLS_OK) return -1;
  ids = (pdftools_annotation_id *)calloc(n + 1, sizeof *ids);
  if (!ids) return -1;
  if (n && pdftools_page_get_annotations(doc, page, ids, n, &n) != PDFTOOLS_OK) {
    free(ids);
    return -1;
  }
  *out = ids;
  return (int)n;
}

pdftools_color tc_mkcol(double r, double g, double b) {
  pdftools_color c;
  c.r = r;
  c.g = g;
  c.b = b;
  return c;
}

pdftools_point tc_mkpt(double x, double y) {
  pdftools_point p;
  p.x = x;
  p.y = y;
  return p;
}

pdftools_quad tc_mkquad(double x0, double y0, double x1, double y1) {
  pdftools_quad q;
  q.p1 = tc_mkpt(x0, y1);
  q.p2 = tc_mkpt(x1, y1);
  q.p3 = tc_mkpt(x0, y0);
  q.p4 = tc_mkpt(x1, y0);
  return q;
}

pdftools_rect tc_mkrect(double x0, double y0, double x1, double y1) {
  pdftools_rect r;
  r.x0 = x0;
  r.y0 = y0;
  r.x1 = x1;
  r.y1 = y1;
  return r;
}

void tc_dump_annotation_properties(tc_buf *b, pdftools_document *doc, pdftools_annotation_id id) {
  pdftools_status st;
  char *s;
  int32_t i, n;
  int role;
  s = tc_get_subtype(doc, id, &st);
  tc_buf_printf(b, "subtype %d %s\n", (int)st, s ? s : "");
  free(s);
  {
    int32_t p = -7;
    st = pdftools_annotation_get_page(doc, id, &p);
    tc_buf_printf(b, "page %d %d\n", (int)st, (int)p);
  }
  {
    pdftools_rect r = {0, 0, 0, 0};
    st = pdftools_annotation_get_rect(doc, id, &r);
    tc_buf_printf(b, "rect %d %.4f %.4f %.4f %.4f\n", (int)st, r.x0, r.y0, r.x1, r.y1);
  }
  for (role = 0; role < 2; role++) {
    pdftools_color c = {-1, -1, -1};
    int32_t present = -1;
    st = pdftools_annotation_get_color(doc, id, (pdftools_color_role)role, &c, &present);
    tc_buf_printf(b, "color%d %d %d %.4f %.4f %.4f\n", role, (int)st, (int)present, c.r, c.g, c.b);
  }
  {
    double o = -1;
    st = pdftools_annotation_get_opacity(doc, id, &o);
    tc_buf_printf(b, "opacity %d %.4f\n", (int)st, o);
  }
  {
    double w = -1;
    pdftools_border_style bs = (pdftools_border_style)77;
    st = pdftools_annotation_get_border(doc, id, &w, &bs);
    tc_buf_printf(b, "border %d %.4f %d\n", (int)st, w, (int)bs);
  }
  {
    uint32_t f = 0xdead;
    st = pdftools_annotation_get_flags(doc, id, &f);
    tc_buf_printf(b, "flags %d %u\n", (int)st, (unsigned)f);
  }
  n = 0;
  st = pdftools_annotation_get_quads(doc, id, NULL, 0, &n);
  tc_buf_printf(b, "quads %d %d", (int)st, n);
  if (st == PDFTOOLS_OK && n) {
    pdftools_quad *q = (pdftools_quad *)calloc(n, sizeof *q);
    if (q && pdftools_annotation_get_quads(doc, id, q, n, &n) == PDFTOOLS_OK)
      for (i = 0; i < n; i++)
        tc_buf_printf(b, " [%.4f %.4f %.4f %.4f %.4f %.4f %.4f %.4f]", q[i].p1.x, q[i].p1.y, q[i].p2.x, q[i].p2.y, q[i].p3.x,
               q[i].p3.y, q[i].p4.x, q[i].p4.y);
    free(q);
  }
  tc_buf_printf(b, "\n");
  {
    int32_t ns = 0;
    int32_t np = 0;
    st = pdftools_annotation_get_ink(doc, id, NULL, 0, &np, NULL, 0, &ns);
    tc_buf_printf(b, "ink %d %d %d", (int)st, np, ns);
    if (st == PDFTOOLS_OK && np && ns) {
      pdftools_point *p = (pdftools_point *)calloc(np, sizeof *p);
      int32_t *sz = (int32_t *)calloc(ns, sizeof *sz);
      if (p && sz && pdftools_annotation_get_ink(doc, id, p, np, &np, sz, ns, &ns) == PDFTOOLS_OK) {
        for (i = 0; i < ns; i++) tc_buf_printf(b, " s%d", sz[i]);
        for (i = 0; i < np; i++) tc_buf_printf(b, " (%.4f %.4f)", p[i].x, p[i].y);
      }
      free(p);
      free(sz);
    }
    tc_buf_printf(b, "\n");
  }
  n = 0;
  st = pdftools_annotation_get_vertices(doc, id, NULL, 0, &n);
  tc_buf_printf(b, "vertices %d %d", (int)st, n);
  if (st == PDFTOOLS_OK && n) {
    pdftools_point *p = (pdftools_point *)calloc(n, sizeof *p);
    if (p && pdftools_annotation_get_vertices(doc, id, p, n, &n) == PDFTOOLS_OK)
      for (i = 0; i < n; i++) tc_buf_printf(b, " (%.4f %.4f)", p[i].x, p[i].y);
    free(p);
  }
  tc_buf_printf(b, "\n");
  {
    pdftools_point a = {0, 0}, e = {0, 0};
    pdftools_line_ending la = (pdftools_line_ending)77, lb = (pdftools_line_ending)77;
    st = pdftools_annotation_get_line(doc, id, &a, &e, &la, &lb);
    tc_buf_printf(b, "line %d %.4f %.4f %.4f %.4f %d %d\n", (int)st, a.x, a.y, e.x, e.y, (int)la, (int)lb);
  }
  {
    size_t need = 0;
    double size = -1;
    pdftools_color c = {-1, -1, -1};
    pdftools_text_alignment align = (pdftools_text_alignment)-1;
    char font[128] = "";
    st = pdftools_annotation_get_free_text(doc, id, NULL, 0, &need, &size, &c, &align);
    if (st == PDFTOOLS_OK && need > 0 && need <= sizeof font)
      st = pdftools_annotation_get_free_text(doc, id, font, sizeof font, &need, &size, &c, &align);
    tc_buf_printf(b, "freetext %d %s %.4f %.4f %.4f %.4f %d\n", (int)st, font, size, c.r, c.g, c.b, (int)align);
  }
  s = tc_get_link_uri(doc, id, &st);
  tc_buf_printf(b, "uri %d %s\n", (int)st, s ? s : "");
  free(s);
  {
    int32_t p = -7;
    st = pdftools_annotation_get_link_page(doc, id, &p);
    tc_buf_printf(b, "linkpage %d %d\n", (int)st, (int)p);
  }
  {
    void *data = NULL;
    size_t size = 0, nsize = 0;
    char name[256] = "";
    st = pdftools_annotation_get_attachment(doc, id, &data, &size, NULL, 0, &nsize);
    if (st == PDFTOOLS_OK) {
      pdftools_free(data);
      data = NULL;
      if (nsize <= sizeof name) st = pdftools_annotation_get_attachment(doc, id, &data, &size, name, sizeof name, &nsize);
    }
    tc_buf_printf(b, "attachment %d %zu %016llx %s\n", (int)st, size,
           (unsigned long long)(st == PDFTOOLS_OK ? tc_fnv1a(data, size) : 0), name);
    if (st == PDFTOOLS_OK) pdftools_free(data);
  }
}

/* ---- isolated cases ------------------------------------------------------ */

static int tc_starts_with(const char *s, const char *prefix) { return strncmp(s, prefix, strlen(prefix)) == 0; }

/* Counts the child's checks again in this process, without printing them twice. */
static void tc_replay_counts(int passed, int failed, const char *name) {
  tc_capture cap;
  int i;
  if (tc_capture_begin(&cap) != 0) {
    tc_note("cannot capture output; the counts of case %s are reported once", name);
    CHECK(failed == 0, "%s: %d checks passed, %d failed", name, passed, failed);
    return;
  }
  for (i = 0; i < passed; i++) tc_check_at(__FILE__, __LINE__, 1, "%s", name);
  for (i = 0; i < failed; i++) tc_check_at(__FILE__, __LINE__, 0, "%s", name);
  tc_capture_end(&cap, NULL, 0);
}

void tc_run_isolated(const char *name, void (*fn)(void *), void *arg, unsigned timeout_seconds) {
  int fds[2], wst = 0, passed = 0, failed = 0;
  pid_t pid;
  FILE *in;
  char line[8192];
  const char *nofork = getenv("PDFTOOLS_TEST_NO_FORK");
  if ((nofork && *nofork && strcmp(nofork, "0") != 0) || pipe(fds) != 0) {
    fn(arg);
    return;
  }
  fflush(stdout);
  fflush(stderr);
  pid = fork();
  if (pid < 0) {
    close(fds[0]);
    close(fds[1]);
    fn(arg);
    return;
  }
  if (pid == 0) {
    close(fds[0]);
    dup2(fds[1], 1);
    close(fds[1]);
    alarm(timeout_seconds);
    fn(arg);
    fflush(stdout);
    _exit(0);
  }
  close(fds[1]);
  in = fdopen(fds[0], "r");
  if (in) {
    while (fgets(line, sizeof line, in)) {
      fputs(line, stdout);
      if (tc_starts_with(line, "ok - "))
        passed++;
      else if (tc_starts_with(line, "FAIL - "))
        failed++;
    }
    fclose(in);
  } else {
    close(fds[0]);
  }
  fflush(stdout);
  while (waitpid(pid, &wst, 0) < 0) {
  }
  tc_replay_counts(passed, failed, name);
  if (WIFSIGNALED(wst))
    CHECK(0, "%s: the case crashed or hung (signal %d)", name, WTERMSIG(wst));
  else if (!WIFEXITED(wst) || WEXITSTATUS(wst) != 0)
    CHECK(0, "%s: the case exited with %d", name, WIFEXITED(wst) ? WEXITSTATUS(wst) : -1);
}

/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * test_threads.c — pthread stress tests of libpdftools:
 *   1. per-thread last error messages;
 *   2. 8 threads sharing one document (page boxes, rotation, size, labels,
 *      metadata get/set with per-thread keys, save_to_memory + reopen),
 *      checking every result against values read single-threaded first;
 *   3. 8 threads each opening, using and closing their own documents;
 *   4. the log callback from many threads (runs on the calling thread) while
 *      another thread keeps replacing the callback;
 *   5. one thread closing a document while 7 others use it: every call must
 *      give OK (with a correct result) or INVALID_HANDLE, never crash.
 *
 * Usage: test_threads CORPUS_DIR
 * Iterations per thread: $PDFTOOLS_STRESS_ITERATIONS (default 1000).
 * Prints one line per check and a last line "N passed, M failed"; exits 1 if
 * any check failed.
 */
#define _XOPEN_SOURCE 700

#include "test_common.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define THREADS 8
#define MAX_PAGES 32

static const char *g_corpus;
static int g_iterations = 1000;

/* Values read single-threaded, to compare against. */
struct reference {
  int32_t pages;
  pdftools_rect boxes[MAX_PAGES][5];
  int32_t rotation[MAX_PAGES];
  double width[MAX_PAGES], height[MAX_PAGES];
  char label[MAX_PAGES][32];
};

static int same_rect(const pdftools_rect *a, const pdftools_rect *b) {
  return a->x0 == b->x0 && a->y0 == b->y0 && a->x1 == b->x1 && a->y1 == b->y1;
}

static int read_reference(pdftools_document *doc, struct reference *ref) {
  int32_t p;
  int b;
  if (pdftools_document_get_page_count(doc, &ref->pages) != PDFTOOLS_OK || ref->pages > MAX_PAGES) return 0;
  for (p = 0; p < ref->pages; p++) {
    size_t n = 0;
    for (b = 0; b < 5; b++)
      if (pdftools_page_get_box(doc, p, (pdftools_box)b, &ref->boxes[p][b]) != PDFTOOLS_OK) return 0;
    if (pdftools_page_get_rotation(doc, p, &ref->rotation[p]) != PDFTOOLS_OK) return 0;
    if (pdftools_page_get_size(doc, p, &ref->width[p], &ref->height[p]) != PDFTOOLS_OK) return 0;
    if (pdftools_page_get_label(doc, p, ref->label[p], sizeof ref->label[p], &n) != PDFTOOLS_OK) return 0;
  }
  return 1;
}

/* ------------------------------------------------------------------------ */
/* 1. Per-thread error messages                                             */

struct msg_arg {
  pdftools_document *doc;
  int fail;
  int status_ok;
  int message_ok;
};

static void *msg_thread(void *p) {
  struct msg_arg *a = (struct msg_arg *)p;
  int32_t rot = 0;
  if (a->fail) {
    a->status_ok = pdftools_page_get_rotation(a->doc, 999, &rot) == PDFTOOLS_E_OUT_OF_RANGE;
    a->message_ok = pdftools_last_error_message()[0] != '\0';
  } else {
    a->status_ok = pdftools_page_get_rotation(a->doc, 0, &rot) == PDFTOOLS_OK;
    a->message_ok = pdftools_last_error_message()[0] == '\0';
  }
  return NULL;
}

static void test_error_messages_per_thread(void) {
  pdftools_document *doc = tc_open_corpus(g_corpus, "qpdf-boxes.pdf", NULL);
  struct msg_arg a;
  pthread_t t;
  int32_t n = 0;
  char saved[256];
  if (!doc) return;

  /* Main succeeds, another thread fails: main's message stays "". */
  EXPECT_OK(pdftools_document_get_page_count(doc, &n), "main thread: page_count");
  a.doc = doc;
  a.fail = 1;
  pthread_create(&t, NULL, msg_thread, &a);
  pthread_join(t, NULL);
  CHECK(a.status_ok && a.message_ok, "other thread: failure gives its own non-empty message");
  CHECK(pdftools_last_error_message()[0] == '\0',
        "main thread's message is still \"\" after another thread failed (\"%s\")", pdftools_last_error_message());

  /* Main fails, another thread succeeds: main keeps its message. */
  EXPECT_STATUS(pdftools_page_get_rotation(doc, -5, &n), PDFTOOLS_E_OUT_OF_RANGE, "main thread: page_rotation(-5)");
  snprintf(saved, sizeof saved, "%s", pdftools_last_error_message());
  a.fail = 0;
  pthread_create(&t, NULL, msg_thread, &a);
  pthread_join(t, NULL);
  CHECK(a.status_ok && a.message_ok, "other thread: success gives \"\"");
  CHECK(saved[0] != '\0' && strcmp(pdftools_last_error_message(), saved) == 0,
        "main thread keeps its own message after another thread succeeded (\"%s\")", pdftools_last_error_message());
  pdftools_document_close(doc);
}

/* ------------------------------------------------------------------------ */
/* 2. One shared document                                                    */

struct shared_arg {
  int id;
  pdftools_document *doc;
  const struct reference *ref;
  long calls;
  long mismatches;
  long message_errors;
  long saves;
  char first_problem[200];
};

static void note_problem(struct shared_arg *a, const char *what, pdftools_status st) {
  a->mismatches++;
  if (!a->first_problem[0])
    snprintf(a->first_problem, sizeof a->first_problem, "%s (status %d: %s)", what, (int)st,
             pdftools_last_error_message());
}

static void *shared_thread(void *p) {
  struct shared_arg *a = (struct shared_arg *)p;
  const struct reference *ref = a->ref;
  char key[32], value[64], buf[64];
  int i, b;
  snprintf(key, sizeof key, "Thread%d", a->id);
  for (i = 0; i < g_iterations; i++) {
    int32_t page = (int32_t)((a->id * 7 + i) % ref->pages);
    pdftools_rect r;
    int32_t rot = -1, count = -1;
    double w = 0, h = 0;
    size_t n = 0;
    pdftools_status st;

    for (b = 0; b < 5; b++) {
      st = pdftools_page_get_box(a->doc, page, (pdftools_box)b, &r);
      a->calls++;
      if (st != PDFTOOLS_OK || !same_rect(&r, &ref->boxes[page][b])) note_problem(a, "page_box", st);
    }
    st = pdftools_page_get_rotation(a->doc, page, &rot);
    a->calls++;
    if (st != PDFTOOLS_OK || rot != ref->rotation[page]) note_problem(a, "page_rotation", st);
    st = pdftools_page_get_size(a->doc, page, &w, &h);
    a->calls++;
    if (st != PDFTOOLS_OK || w != ref->width[page] || h != ref->height[page]) note_problem(a, "page_size", st);
    st = pdftools_page_get_label(a->doc, page, buf, sizeof buf, &n);
    a->calls++;
    if (st != PDFTOOLS_OK || strcmp(buf, ref->label[page]) != 0) note_problem(a, "page_label", st);
    st = pdftools_document_get_page_count(a->doc, &count);
    a->calls++;
    if (st != PDFTOOLS_OK || count != ref->pages) note_problem(a, "page_count", st);

    snprintf(value, sizeof value, "value-%d-%d \xc3\xa9", a->id, i);
    st = pdftools_document_set_metadata(a->doc, key, value);
    a->calls++;
    if (st != PDFTOOLS_OK) note_problem(a, "set_metadata", st);
    st = pdftools_document_get_metadata(a->doc, key, buf, sizeof buf, &n);
    a->calls++;
    if (st != PDFTOOLS_OK || strcmp(buf, value) != 0) note_problem(a, "get_metadata (own key)", st);

    /* This thread's failure must be visible to this thread only. */
    st = pdftools_page_get_box(a->doc, ref->pages + a->id, PDFTOOLS_BOX_MEDIA, &r);
    a->calls++;
    if (st != PDFTOOLS_E_OUT_OF_RANGE) note_problem(a, "page_box out of range", st);
    if (pdftools_last_error_message()[0] == '\0') a->message_errors++;
    st = pdftools_document_get_page_count(a->doc, &count);
    a->calls++;
    if (pdftools_last_error_message()[0] != '\0') a->message_errors++;

    if (i % 25 == a->id) {
      void *data = NULL;
      size_t size = 0;
      st = pdftools_document_save_to_memory(a->doc, NULL, &data, &size);
      a->calls++;
      if (st != PDFTOOLS_OK) {
        note_problem(a, "save_to_memory", st);
      } else {
        pdftools_document *copy = NULL;
        a->saves++;
        st = pdftools_document_open_from_memory(data, size, NULL, &copy);
        if (st != PDFTOOLS_OK) {
          note_problem(a, "open_memory of a save made under load", st);
        } else {
          int32_t pages = -1;
          char *v = tc_get_metadata(copy, key, NULL);
          pdftools_document_get_page_count(copy, &pages);
          if (pages != ref->pages) note_problem(a, "page count of a save made under load", PDFTOOLS_OK);
          if (!v || strcmp(v, value) != 0) note_problem(a, "own metadata in a save made under load", PDFTOOLS_OK);
          free(v);
          pdftools_document_close(copy);
        }
        pdftools_free(data);
      }
    }
  }
  return NULL;
}

static void test_shared_document(void) {
  pdftools_document *doc = tc_open_corpus(g_corpus, "qpdf-boxes.pdf", NULL);
  static struct reference ref;
  struct shared_arg args[THREADS];
  pthread_t threads[THREADS];
  int t;
  if (!doc) return;
  if (!CHECK(read_reference(doc, &ref), "read reference values of qpdf-boxes.pdf single-threaded")) {
    pdftools_document_close(doc);
    return;
  }
  for (t = 0; t < THREADS; t++) {
    memset(&args[t], 0, sizeof args[t]);
    args[t].id = t;
    args[t].doc = doc;
    args[t].ref = &ref;
    pthread_create(&threads[t], NULL, shared_thread, &args[t]);
  }
  for (t = 0; t < THREADS; t++) pthread_join(threads[t], NULL);
  for (t = 0; t < THREADS; t++) {
    CHECK(args[t].mismatches == 0, "shared document, thread %d: %ld calls, %ld saves, %ld wrong results%s%s", t,
          args[t].calls, args[t].saves, args[t].mismatches, args[t].first_problem[0] ? "; first: " : "",
          args[t].first_problem);
    CHECK(args[t].message_errors == 0, "shared document, thread %d: error messages are per thread (%ld wrong)", t,
          args[t].message_errors);
  }
  /* After the threads: each per-thread key holds that thread's last value. */
  for (t = 0; t < THREADS; t++) {
    char key[32], want[64];
    char *v;
    snprintf(key, sizeof key, "Thread%d", t);
    snprintf(want, sizeof want, "value-%d-%d \xc3\xa9", t, g_iterations - 1);
    v = tc_get_metadata(doc, key, NULL);
    CHECK(v && strcmp(v, want) == 0, "after the threads, %s is \"%s\" (\"%s\")", key, want, v ? v : "(none)");
    free(v);
  }
  {
    static struct reference after;
    int32_t p;
    int b, same = 1;
    CHECK(read_reference(doc, &after) && after.pages == ref.pages, "page count unchanged after the threads");
    for (p = 0; p < ref.pages && p < after.pages; p++)
      for (b = 0; b < 5; b++) same &= same_rect(&ref.boxes[p][b], &after.boxes[p][b]);
    CHECK(same, "page boxes unchanged after the threads");
  }
  pdftools_document_close(doc);
}

/* ------------------------------------------------------------------------ */
/* 3. Separate documents                                                     */

struct corpus_item {
  const char *name;
  const char *password;
  int32_t pages;
};

static const struct corpus_item items[] = {
    {"qpdf-boxes.pdf", NULL, 8},
    {"samplefiles-pdflatex-4-pages.pdf", NULL, 4},
    {"qpdf-rotated.pdf", NULL, 20},
    {"pdfium-cropped-text.pdf", NULL, 4},
    {"qpdf-enc-r6-aes256.pdf", "view", 30},
    {"qpdf-enc-r2-rc4-40.pdf", "view", 30},
    {"qpdf-bad3-bad-xref-offset.pdf", NULL, 1},
    {"qpdf-object-streams.pdf", NULL, 30},
    {"qpdf-page-inherit-mediabox.pdf", NULL, 3},
};
#define N_ITEMS (sizeof items / sizeof items[0])

struct separate_arg {
  int id;
  long opens;
  long problems;
  char first_problem[200];
};

static void separate_problem(struct separate_arg *a, const char *what, const char *name, pdftools_status st) {
  a->problems++;
  if (!a->first_problem[0])
    snprintf(a->first_problem, sizeof a->first_problem, "%s on %s (status %d: %s)", what, name, (int)st,
             pdftools_last_error_message());
}

static void *separate_thread(void *p) {
  struct separate_arg *a = (struct separate_arg *)p;
  int i, iterations = g_iterations / 5 + 4;
  for (i = 0; i < iterations; i++) {
    const struct corpus_item *it = &items[(size_t)(a->id + i) % N_ITEMS];
    char *path = tc_corpus_file(g_corpus, it->name);
    pdftools_document *doc = NULL;
    pdftools_status st = pdftools_document_open(path, it->password, &doc);
    free(path);
    if (st != PDFTOOLS_OK) {
      separate_problem(a, "open", it->name, st);
      continue;
    }
    a->opens++;
    {
      int32_t count = -1, page;
      pdftools_document_get_page_count(doc, &count);
      if (count != it->pages) separate_problem(a, "page count", it->name, PDFTOOLS_OK);
      for (page = 0; page < count; page++) {
        pdftools_rect r;
        double w, h;
        st = pdftools_page_get_box(doc, page, PDFTOOLS_BOX_CROP, &r);
        if (st == PDFTOOLS_OK) st = pdftools_page_get_size(doc, page, &w, &h);
        if (st != PDFTOOLS_OK) separate_problem(a, "page geometry", it->name, st);
      }
    }
    if (i % 4 == 0) {
      void *data = NULL;
      size_t size = 0;
      st = pdftools_document_save_to_memory(doc, NULL, &data, &size);
      if (st != PDFTOOLS_OK) {
        separate_problem(a, "save_to_memory", it->name, st);
      } else {
        pdftools_document *copy = NULL;
        int32_t count = -1;
        st = pdftools_document_open_from_memory(data, size, it->password, &copy);
        if (st != PDFTOOLS_OK) {
          separate_problem(a, "reopen saved bytes", it->name, st);
        } else {
          pdftools_document_get_page_count(copy, &count);
          if (count != it->pages) separate_problem(a, "page count of saved bytes", it->name, PDFTOOLS_OK);
          pdftools_document_close(copy);
        }
        pdftools_free(data);
      }
    }
    pdftools_document_close(doc);

    /* And a new document built from scratch. */
    if (pdftools_document_new(&doc) == PDFTOOLS_OK) {
      int32_t count = -1;
      pdftools_document_insert_blank_page(doc, 0, 100 + a->id, 200 + i);
      pdftools_document_insert_blank_page(doc, 1, 300, 400);
      pdftools_document_set_metadata(doc, "Title", "thread");
      pdftools_document_get_page_count(doc, &count);
      if (count != 2) separate_problem(a, "new document page count", "(new)", PDFTOOLS_OK);
      pdftools_document_close(doc);
    } else {
      separate_problem(a, "document_new", "(new)", PDFTOOLS_E_INTERNAL);
    }
  }
  return NULL;
}

static void test_separate_documents(void) {
  struct separate_arg args[THREADS];
  pthread_t threads[THREADS];
  int t;
  for (t = 0; t < THREADS; t++) {
    memset(&args[t], 0, sizeof args[t]);
    args[t].id = t;
    pthread_create(&threads[t], NULL, separate_thread, &args[t]);
  }
  for (t = 0; t < THREADS; t++) pthread_join(threads[t], NULL);
  for (t = 0; t < THREADS; t++)
    CHECK(args[t].problems == 0, "separate documents, thread %d: %ld documents opened, %ld problems%s%s", t,
          args[t].opens, args[t].problems, args[t].first_problem[0] ? "; first: " : "", args[t].first_problem);
}

/* ------------------------------------------------------------------------ */
/* 4. Log callback from many threads                                         */

static pthread_key_t g_log_key;
static pthread_mutex_t g_log_lock = PTHREAD_MUTEX_INITIALIZER;
static long g_log_wrong_thread;
static long g_log_total;

static void on_log(pdftools_log_level level, const char *source, const char *message, void *user_data) {
  long *counter = (long *)pthread_getspecific(g_log_key);
  (void)source;
  (void)message;
  (void)user_data;
  if (counter) {
    if (level >= PDFTOOLS_LOG_WARNING) (*counter)++;
  } else {
    pthread_mutex_lock(&g_log_lock);
    g_log_wrong_thread++;
    pthread_mutex_unlock(&g_log_lock);
  }
  pthread_mutex_lock(&g_log_lock);
  g_log_total++;
  pthread_mutex_unlock(&g_log_lock);
}

struct log_arg {
  int id;
  int rounds;
  long warnings;
  long opened;
};

static void *log_thread(void *p) {
  struct log_arg *a = (struct log_arg *)p;
  char *path = tc_corpus_file(g_corpus, "qpdf-bad3-bad-xref-offset.pdf");
  int i;
  pthread_setspecific(g_log_key, &a->warnings);
  for (i = 0; i < a->rounds; i++) {
    pdftools_document *doc = NULL;
    if (pdftools_document_open(path, NULL, &doc) == PDFTOOLS_OK) {
      a->opened++;
      pdftools_document_close(doc);
    }
  }
  pthread_setspecific(g_log_key, NULL);
  free(path);
  return NULL;
}

static int g_toggle_stop; /* read and written with __atomic builtins */

static void *toggle_thread(void *p) {
  int i = 0;
  (void)p;
  while (!__atomic_load_n(&g_toggle_stop, __ATOMIC_ACQUIRE)) {
    if (i++ % 2)
      pdftools_set_log_callback(on_log, PDFTOOLS_LOG_DEBUG, NULL);
    else
      pdftools_set_log_callback(NULL, PDFTOOLS_LOG_DEBUG, NULL);
  }
  return NULL;
}

static void test_log_threads(void) {
  struct log_arg args[THREADS];
  pthread_t threads[THREADS], toggler;
  int t, rounds = g_iterations / 10 + 3;
  long opened = 0, wrong = 0;

  pthread_key_create(&g_log_key, NULL);

  /* a) fixed callback: every thread sees its own warnings. */
  pdftools_set_log_callback(on_log, PDFTOOLS_LOG_WARNING, NULL);
  for (t = 0; t < THREADS; t++) {
    memset(&args[t], 0, sizeof args[t]);
    args[t].id = t;
    args[t].rounds = rounds;
    pthread_create(&threads[t], NULL, log_thread, &args[t]);
  }
  for (t = 0; t < THREADS; t++) pthread_join(threads[t], NULL);
  for (t = 0; t < THREADS; t++) {
    CHECK(args[t].opened == rounds && args[t].warnings >= rounds,
          "log thread %d: %ld/%d repaired opens, %ld warnings delivered on this thread", t, args[t].opened, rounds,
          args[t].warnings);
  }
  pthread_mutex_lock(&g_log_lock);
  wrong = g_log_wrong_thread;
  pthread_mutex_unlock(&g_log_lock);
  CHECK(wrong == 0, "log callbacks ran on the calling thread (%ld did not)", wrong);

  /* b) another thread keeps replacing the callback meanwhile: no crash. */
  __atomic_store_n(&g_toggle_stop, 0, __ATOMIC_RELEASE);
  pthread_create(&toggler, NULL, toggle_thread, NULL);
  for (t = 0; t < THREADS; t++) {
    memset(&args[t], 0, sizeof args[t]);
    args[t].id = t;
    args[t].rounds = rounds;
    pthread_create(&threads[t], NULL, log_thread, &args[t]);
  }
  for (t = 0; t < THREADS; t++) pthread_join(threads[t], NULL);
  __atomic_store_n(&g_toggle_stop, 1, __ATOMIC_RELEASE);
  pthread_join(toggler, NULL);
  pdftools_set_log_callback(NULL, PDFTOOLS_LOG_DEBUG, NULL);
  for (t = 0; t < THREADS; t++) opened += args[t].opened;
  pthread_mutex_lock(&g_log_lock);
  wrong = g_log_wrong_thread;
  pthread_mutex_unlock(&g_log_lock);
  CHECK(opened == (long)THREADS * rounds, "opens while the callback is replaced concurrently (%ld of %ld)", opened,
        (long)THREADS * rounds);
  CHECK(wrong == 0, "log callbacks still ran on the calling thread while being replaced (%ld did not)", wrong);
  pthread_key_delete(g_log_key);
}

/* ------------------------------------------------------------------------ */
/* 5. Closing a document while other threads use it                          */

struct race_arg {
  int id;
  pdftools_document *doc;
  pthread_mutex_t *lock;
  long *started;
  long ok;
  long invalid;
  long bad;
  long ok_after_invalid;
  char first_problem[200];
};

static void race_problem(struct race_arg *a, const char *what, pdftools_status st) {
  a->bad++;
  if (!a->first_problem[0])
    snprintf(a->first_problem, sizeof a->first_problem, "%s gave %d (%s)", what, (int)st,
             pdftools_status_string(st));
}

static void *race_thread(void *p) {
  struct race_arg *a = (struct race_arg *)p;
  long after_invalid = 0;
  int i;
  char key[16];
  snprintf(key, sizeof key, "Race%d", a->id);
  for (i = 0; i < 100000 && after_invalid < 50; i++) {
    pdftools_status st = PDFTOOLS_OK;
    int32_t n = -1;
    pdftools_rect r = {0, 0, 0, 0};
    char buf[64] = "";
    size_t size = 0;
    int correct = 1;
    switch ((i + a->id) % 6) {
    case 0:
      st = pdftools_document_get_page_count(a->doc, &n);
      correct = n == 8;
      break;
    case 1:
      st = pdftools_page_get_box(a->doc, i % 8, (pdftools_box)(i % 5), &r);
      correct = r.x0 <= r.x1 && r.y0 <= r.y1;
      break;
    case 2:
      st = pdftools_document_set_metadata(a->doc, key, "racing");
      break;
    case 3:
      st = pdftools_document_get_metadata(a->doc, "Producer", buf, sizeof buf, &size);
      if (st == PDFTOOLS_E_NOT_FOUND || st == PDFTOOLS_E_BUFFER_TOO_SMALL) st = PDFTOOLS_OK;
      break;
    case 4:
      st = pdftools_page_get_label(a->doc, i % 8, buf, sizeof buf, &size);
      break;
    default: {
      void *data = NULL;
      if (i % 30 == 5) {
        st = pdftools_document_save_to_memory(a->doc, NULL, &data, &size);
        if (st == PDFTOOLS_OK) pdftools_free(data);
      } else {
        st = pdftools_page_get_rotation(a->doc, i % 8, &n);
        correct = n == 0 || n == 90 || n == 180 || n == 270;
      }
      break;
    }
    }
    if (i == 10) {
      pthread_mutex_lock(a->lock);
      (*a->started)++;
      pthread_mutex_unlock(a->lock);
    }
    if (st == PDFTOOLS_OK) {
      a->ok++;
      if (after_invalid) a->ok_after_invalid++;
      if (!correct) race_problem(a, "a successful call with a wrong result", st);
    } else if (st == PDFTOOLS_E_INVALID_HANDLE) {
      a->invalid++;
      after_invalid++;
    } else {
      race_problem(a, "a call during close", st);
    }
  }
  return NULL;
}

static void test_close_race(void) {
  int round, rounds = 20, t;
  long total_ok = 0, total_invalid = 0, total_bad = 0, total_ok_after = 0;
  char first[200] = "";
  char *path = tc_corpus_file(g_corpus, "qpdf-boxes.pdf");
  for (round = 0; round < rounds; round++) {
    pdftools_document *doc = NULL;
    pthread_t threads[THREADS - 1];
    struct race_arg args[THREADS - 1];
    pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
    long started = 0;
    if (pdftools_document_open(path, NULL, &doc) != PDFTOOLS_OK) {
      CHECK(0, "open qpdf-boxes.pdf for the close race");
      break;
    }
    for (t = 0; t < THREADS - 1; t++) {
      memset(&args[t], 0, sizeof args[t]);
      args[t].id = t;
      args[t].doc = doc;
      args[t].lock = &lock;
      args[t].started = &started;
      pthread_create(&threads[t], NULL, race_thread, &args[t]);
    }
    /* Wait until the workers are busy (or a short while), then close. */
    for (t = 0; t < 2000; t++) {
      long s;
      struct timespec ts = {0, 100000};
      pthread_mutex_lock(&lock);
      s = started;
      pthread_mutex_unlock(&lock);
      if (s >= THREADS - 1) break;
      nanosleep(&ts, NULL);
    }
    {
      struct timespec ts = {0, (long)(round % 5) * 200000L};
      nanosleep(&ts, NULL);
    }
    pdftools_document_close(doc);
    for (t = 0; t < THREADS - 1; t++) pthread_join(threads[t], NULL);
    for (t = 0; t < THREADS - 1; t++) {
      total_ok += args[t].ok;
      total_invalid += args[t].invalid;
      total_bad += args[t].bad;
      total_ok_after += args[t].ok_after_invalid;
      if (!first[0] && args[t].first_problem[0]) {
        memcpy(first, args[t].first_problem, sizeof first);
        first[sizeof first - 1] = '\0';
      }
    }
    pdftools_document_close(doc); /* closing again is a no-op */
  }
  CHECK(total_bad == 0, "close race: every call gave OK (with a correct result) or INVALID_HANDLE "
                        "(%ld OK, %ld INVALID_HANDLE, %ld other%s%s)",
        total_ok, total_invalid, total_bad, first[0] ? "; first: " : "", first);
  CHECK(total_ok_after == 0, "close race: once a thread saw INVALID_HANDLE, no later call on the handle succeeded "
                             "(%ld did)", total_ok_after);
  CHECK(total_invalid > 0, "close race: the closed handle was refused (%ld times)", total_invalid);
  free(path);
}

/* ------------------------------------------------------------------------ */

int main(int argc, char **argv) {
  const char *env;
  if (argc < 2) {
    fprintf(stderr, "usage: %s CORPUS_DIR\n", argv[0]);
    return 2;
  }
  g_corpus = argv[1];
  env = getenv("PDFTOOLS_STRESS_ITERATIONS");
  if (env && atoi(env) > 0) g_iterations = atoi(env);
  printf("libpdftools %s, %d threads, %d iterations per thread\n", pdftools_version_string(), THREADS, g_iterations);

  test_error_messages_per_thread();
  test_shared_document();
  test_separate_documents();
  test_log_threads();
  test_close_race();
  return tc_finish();
}

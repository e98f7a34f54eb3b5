/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The reaper: a thread of its own that runs the releases handed to it, so that closing a
 * document costs the caller O(1) however much the document holds.  Before the process exits
 * (atexit) the queue is drained, so nothing is freed while the libraries' own static data is
 * being torn down; a forked child starts with an empty queue and no thread.
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <sched.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <unistd.h>

#include "pdft_system.h"

typedef struct reap {
  void *object;
  void (*release)(void *object);
  struct reap *next;
} reap;

static pthread_mutex_t reaper_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t reaper_work = PTHREAD_COND_INITIALIZER;
static pthread_cond_t reaper_idle = PTHREAD_COND_INITIALIZER;
static reap *reaper_head;
static reap *reaper_tail;
static int reaper_busy;
static int reaper_running;
static int reaper_hooks;

static void *reaper_main(void *unused) {
  (void)unused;
  /* Background work: a batch thread at a lower priority, so that waking it never makes the
   * thread that closed a document wait for it. */
  struct sched_param batch = {0};
  pthread_setschedparam(pthread_self(), SCHED_BATCH, &batch);
  setpriority(PRIO_PROCESS, (id_t)gettid(), 10);
  pthread_mutex_lock(&reaper_lock);
  for (;;) {
    while (!reaper_head) pthread_cond_wait(&reaper_work, &reaper_lock);
    reap *item = reaper_head;
    reaper_head = item->next;
    if (!reaper_head) reaper_tail = NULL;
    reaper_busy = 1;
    pthread_mutex_unlock(&reaper_lock);
    item->release(item->object);
    free(item);
    pthread_mutex_lock(&reaper_lock);
    reaper_busy = 0;
    if (!reaper_head) pthread_cond_broadcast(&reaper_idle);
  }
  return NULL;
}

/* Waits until everything handed over has been released. */
static void reaper_drain(void) {
  pthread_mutex_lock(&reaper_lock);
  while (reaper_running && (reaper_head || reaper_busy)) pthread_cond_wait(&reaper_idle, &reaper_lock);
  pthread_mutex_unlock(&reaper_lock);
}

static void reaper_before_fork(void) { pthread_mutex_lock(&reaper_lock); }

static void reaper_after_fork_parent(void) { pthread_mutex_unlock(&reaper_lock); }

/* The child has no reaper thread: what was queued is the parent's to release, and is left. */
static void reaper_after_fork_child(void) {
  pthread_mutex_init(&reaper_lock, NULL);
  pthread_cond_init(&reaper_work, NULL);
  pthread_cond_init(&reaper_idle, NULL);
  reaper_head = NULL;
  reaper_tail = NULL;
  reaper_busy = 0;
  reaper_running = 0;
}

void pdft_reap(void *object, void (*release)(void *object)) {
  reap *item = malloc(sizeof *item);
  pthread_mutex_lock(&reaper_lock);
  if (!reaper_hooks) {
    reaper_hooks = 1;
    pthread_atfork(reaper_before_fork, reaper_after_fork_parent, reaper_after_fork_child);
    atexit(reaper_drain);
  }
  if (!reaper_running) {
    pthread_t thread;
    pthread_attr_t attributes;
    pthread_attr_init(&attributes);
    pthread_attr_setdetachstate(&attributes, PTHREAD_CREATE_DETACHED);
    reaper_running = pthread_create(&thread, &attributes, reaper_main, NULL) == 0;
    pthread_attr_destroy(&attributes);
  }
  if (!item || !reaper_running) {
    /* No memory or no thread: release on the caller's thread. */
    pthread_mutex_unlock(&reaper_lock);
    free(item);
    release(object);
    return;
  }
  item->object = object;
  item->release = release;
  item->next = NULL;
  if (reaper_tail) reaper_tail->next = item;
  else reaper_head = item;
  reaper_tail = item;
  pthread_cond_signal(&reaper_work);
  pthread_mutex_unlock(&reaper_lock);
}

void pdft_reap_wait(void) { reaper_drain(); }

void pdft_reap_drain_at_exit(void) { atexit(reaper_drain); }

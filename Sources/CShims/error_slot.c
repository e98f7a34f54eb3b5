/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A thread-local slot holding the last error message of the calling thread. */
#include "pdft_shims.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

/* The key only serves to free a thread's buffer when the thread exits. */
static pthread_key_t slot_key;
static pthread_once_t slot_key_once = PTHREAD_ONCE_INIT;
static int slot_key_ready = 0;

static void slot_key_create(void) {
  slot_key_ready = (pthread_key_create(&slot_key, free) == 0);
}

static _Thread_local char *slot_message = NULL;
static _Thread_local size_t slot_capacity = 0;

void pdft_shim_set_error(const char *message, size_t length) {
  if (message == NULL) {
    length = 0;
  }
  if (length + 1 > slot_capacity) {
    size_t capacity = length + 1 < 256 ? 256 : length + 1;
    char *grown = realloc(slot_message, capacity);
    if (grown == NULL) {
      /* Keep the old buffer; store a truncated message if there is one. */
      if (slot_message == NULL || slot_capacity == 0) {
        return;
      }
      length = slot_capacity - 1;
    } else {
      slot_message = grown;
      slot_capacity = capacity;
      pthread_once(&slot_key_once, slot_key_create);
      if (slot_key_ready) {
        pthread_setspecific(slot_key, grown);
      }
    }
  }
  if (length > 0) {
    memcpy(slot_message, message, length);
  }
  slot_message[length] = '\0';
}

void pdft_shim_clear_error(void) {
  if (slot_message != NULL && slot_capacity > 0) {
    slot_message[0] = '\0';
  }
}

const char *pdft_shim_error(void) {
  return (slot_message != NULL) ? slot_message : "";
}

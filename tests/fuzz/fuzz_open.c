/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * fuzz_open — libFuzzer harness: the input is a PDF (optionally preceded by a line
 * "%PW <password>\n"); it is opened from memory and everything is read (pages, boxes,
 * labels, metadata, every annotation property, text, selection, search) and the first pages
 * are rendered small.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "exercise.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  char password[128];
  const char *pw = NULL;
  pdft_exercise_result result;
  if (size > 4 && memcmp(data, "%PW ", 4) == 0) {
    const uint8_t *end = memchr(data + 4, '\n', size - 4 < sizeof password ? size - 4 : sizeof password - 1);
    if (end) {
      size_t length = (size_t)(end - data) - 4;
      memcpy(password, data + 4, length);
      password[length] = 0;
      pw = password;
      size -= length + 5;
      data = end + 1;
    }
  }
  pdft_exercise(data, size, pw, PDFT_EXERCISE_RENDER, &result);
  return 0;
}

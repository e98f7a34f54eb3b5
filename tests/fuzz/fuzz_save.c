/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * fuzz_save — libFuzzer harness: the input is a PDF; it is opened, edited (annotations of
 * several subtypes, a change, a delete, undo and redo, tool gestures), saved fully and
 * incrementally into memory, and each output is opened again.  An output that does not open
 * is a bug: the harness traps.
 */
#include <stdint.h>
#include <stdlib.h>

#include "exercise.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  pdft_exercise_result result;
  pdft_exercise(data, size, NULL, PDFT_EXERCISE_EDIT | PDFT_EXERCISE_SAVE, &result);
  if (result.unreadable_outputs > 0) __builtin_trap();
  return 0;
}

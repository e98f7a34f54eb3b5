/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * exercise.h — the whole call sequence of libpdftools on one input, shared by the libFuzzer
 * harnesses (fuzz_*.c) and the mutation sweep (sweep_one.c): open, read everything, text,
 * selection, search, render, edits with undo and redo, tool gestures, full and incremental
 * saves, and reopening what was saved.  Bad input must give statuses, never crashes or hangs;
 * output the library wrote must open again.
 */
#ifndef PDFT_EXERCISE_H
#define PDFT_EXERCISE_H

#include <stddef.h>
#include <stdint.h>

#include "pdftools.h"

/** What to do besides opening and reading. */
enum {
  PDFT_EXERCISE_RENDER = 1,   /**< render the first pages at a small scale */
  PDFT_EXERCISE_EDIT = 2,     /**< create, change, delete, undo, redo, tool gestures */
  PDFT_EXERCISE_SAVE = 4,     /**< save fully and incrementally, reopen each output */
  PDFT_EXERCISE_ALL = 7
};

/** What happened. */
typedef struct pdft_exercise_result {
  int opened;             /**< 1 when the input opened */
  int outputs;            /**< outputs written */
  int unreadable_outputs; /**< outputs that did not open again (a bug) */
} pdft_exercise_result;

/** Runs the sequence on data (with password, which may be NULL). */
void pdft_exercise(const uint8_t *data, size_t size, const char *password, unsigned what,
                   pdft_exercise_result *result);

/** Reads everything of an open document (no changes). */
void pdft_exercise_read(pdftools_document *doc, unsigned what);

/** Saves doc fully and incrementally and reopens each output (password for encrypted ones). */
void pdft_exercise_save(pdftools_document *doc, const char *password, pdft_exercise_result *result);

#endif

/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * sweep_one — runs the whole call sequence of libpdftools (tests/fuzz/exercise.c: open, read
 * everything, text, selection, search, render, edits with undo and redo, tool gestures, full and
 * incremental saves, reopening each output) on one file, for mutation_sweep.py.
 *
 * Exit status: 0 done (whether the file opened or not), 3 an output the library wrote did not
 * open again, 2 usage or the file could not be read.  A crash or a hang is seen by the caller.
 *
 * Usage: sweep_one FILE [PASSWORD]
 */
#include <stdio.h>
#include <stdlib.h>

#include "exercise.h"

int main(int argc, char **argv) {
  FILE *f;
  long size;
  unsigned char *data;
  pdft_exercise_result result;
  if (argc < 2) {
    fprintf(stderr, "usage: %s FILE [PASSWORD]\n", argv[0]);
    return 2;
  }
  f = fopen(argv[1], "rb");
  if (!f || fseek(f, 0, SEEK_END) != 0 || (size = ftell(f)) < 0 || fseek(f, 0, SEEK_SET) != 0) {
    fprintf(stderr, "cannot read %s\n", argv[1]);
    return 2;
  }
  data = malloc((size_t)size + 1);
  if (!data || fread(data, 1, (size_t)size, f) != (size_t)size) {
    fprintf(stderr, "cannot read %s\n", argv[1]);
    return 2;
  }
  fclose(f);
  pdft_exercise(data, (size_t)size, argc > 2 ? argv[2] : NULL, PDFT_EXERCISE_ALL, &result);
  free(data);
  printf("opened %d, outputs %d, unreadable outputs %d\n", result.opened, result.outputs, result.unreadable_outputs);
  return result.unreadable_outputs > 0 ? 3 : 0;
}

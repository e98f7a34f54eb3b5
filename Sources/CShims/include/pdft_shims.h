/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The few helpers the Swift code cannot express: a thread-local error message
 * slot.  Not part of the public interface; the names do not start with
 * "pdftools_", so the version script keeps them out of the exports.
 */
#ifndef PDFT_SHIMS_H
#define PDFT_SHIMS_H

#include <stddef.h>

/** Stores a copy of message (length bytes, need not be NUL-terminated) as this thread's last error. */
void pdft_shim_set_error(const char *message, size_t length);

/** Clears this thread's last error; pdft_shim_error() then returns "". */
void pdft_shim_clear_error(void);

/** This thread's last error message; never NULL; valid until the next set or clear on this thread. */
const char *pdft_shim_error(void);

#endif

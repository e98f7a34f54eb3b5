/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Linux calls the Swift code cannot reach (macros, variadic syscalls, thread-local data):
 * unnamed temporary files, linking them into a folder, cloning and copying file ranges,
 * advisory locks, the progress callback owner of a thread, and the reaper thread that
 * releases closed documents.  Internal to the library: the names do not start with "pdftools_", so
 * the version script keeps them out of the exports.
 */
#ifndef PDFT_SYSTEM_H
#define PDFT_SYSTEM_H

#include <stddef.h>
#include <sys/types.h>

/** Opens an unnamed file in folder (O_TMPFILE) for writing with mode; -1 and errno when the
 * file system cannot (the caller falls back to a named temporary file). */
int pdft_open_unnamed(const char *folder, mode_t mode);

/** Gives the unnamed file fd the name path (which must not exist); 0, or -1 and errno. */
int pdft_link_unnamed(int fd, const char *path);

/** Makes dst share src's data (a reflink clone, O(1) on btrfs and xfs); 0, or -1 and errno. */
int pdft_clone(int dst, int src);

/** Copies length bytes from the start of src to the end of dst in the kernel; the bytes
 * copied, or -1 and errno. */
long pdft_copy_range(int src, int dst, size_t length);

/** Takes an exclusive advisory lock on fd without waiting; 0, or -1 and errno (EWOULDBLOCK:
 * another open file holds it). */
int pdft_try_lock(int fd);

/** The document whose progress callback this thread is running, or NULL. */
const void *pdft_progress_owner(void);

/** Sets the document whose progress callback this thread runs (NULL when it returns). */
void pdft_set_progress_owner(const void *owner);

/** Runs release(object) on the reaper thread (started on first use), or on the calling
 * thread when no thread can be started.  Releases run one at a time, in order; before the
 * process exits every queued release has run. */
void pdft_reap(void *object, void (*release)(void *object));

/** Waits until every release handed to pdft_reap has run. */
void pdft_reap_wait(void);

/** Registers one more wait for the queued releases at exit: one that runs before the static
 * objects made so far are destroyed (exit handlers and static destructors run in the reverse
 * of the order they were registered in).  For libraries first used after the reaper's own
 * handler was registered. */
void pdft_reap_drain_at_exit(void);

/** Stops (pause nonzero) or resumes LeakSanitizer's accounting of the calling thread's
 * allocations; nothing happens outside a LeakSanitizer process.  For poppler's drawing, whose
 * leaks (poppler 22.12 loses Type 3 glyph data) are not the library's. */
void pdft_leak_accounting(int pause);

#endif

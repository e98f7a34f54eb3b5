/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * test_common.h — small helpers shared by the C tests of libpdftools:
 * check counting and reporting ("ok - ..." / "FAIL - ..." lines and the final
 * "N passed, M failed" line), status expectations, temporary folders, file
 * helpers and capture of what is written to file descriptors 1 and 2.
 *
 * Compiled once (test_common.c) and linked into every test program.
 */
#ifndef PDFTOOLS_TEST_COMMON_H
#define PDFTOOLS_TEST_COMMON_H

#include <stddef.h>
#include <stdint.h>

#include "pdftools.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- checks ------------------------------------------------------------ */

/** Records one check; prints "ok - what" or "FAIL - what (file:line)". Returns cond. */
int tc_check_at(const char *file, int line, int cond, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;

/**
 * Records that status got equals want; prints both names and, on a mismatch,
 * the library's last error message.  Returns 1 when they are equal.
 */
int tc_expect_status_at(const char *file, int line, pdftools_status got, pdftools_status want,
                        const char *what);

/** Records that got is one of the two wanted statuses. */
int tc_expect_status2_at(const char *file, int line, pdftools_status got, pdftools_status want1,
                         pdftools_status want2, const char *what);

#define CHECK(cond, ...) tc_check_at(__FILE__, __LINE__, (cond) ? 1 : 0, __VA_ARGS__)
#define EXPECT_STATUS(expr, want, what) \
  tc_expect_status_at(__FILE__, __LINE__, (expr), (want), (what))
#define EXPECT_OK(expr, what) tc_expect_status_at(__FILE__, __LINE__, (expr), PDFTOOLS_OK, (what))
#define EXPECT_STATUS2(expr, want1, want2, what) \
  tc_expect_status2_at(__FILE__, __LINE__, (expr), (want1), (want2), (what))

/** Prints an informational line ("note: ...") that is not counted. */
void tc_note(const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2)))
#endif
    ;

/** Number of failed checks so far. */
int tc_failed(void);

/** Prints "N passed, M failed" and returns the exit code (0 or 1). */
int tc_finish(void);

/** Serialises the counters and printing (tests with threads). */
void tc_lock(void);
void tc_unlock(void);

/**
 * Runs fn(arg) in a forked child process whose output comes through a pipe:
 * its "ok" and "FAIL" lines are echoed and counted here, so a crash or a hang
 * (timeout_seconds, then SIGALRM) in the child is a failed check and the
 * caller goes on.  With PDFTOOLS_TEST_NO_FORK=1 in the environment fn runs in
 * this process (for a debugger).  name labels the counts and the failure.
 */
void tc_run_isolated(const char *name, void (*fn)(void *), void *arg, unsigned timeout_seconds);

/* ---- files and folders ------------------------------------------------- */

/** Joins a folder and a name into a new malloc'd string. */
char *tc_path(const char *dir, const char *name);

/** Creates a fresh temporary folder (under $TMPDIR or /tmp); malloc'd path or NULL. */
char *tc_make_temp_dir(const char *tag);

/** Removes a folder and everything below it (best effort). */
void tc_remove_tree(const char *path);

/** Reads a whole file into a malloc'd buffer; returns NULL on failure. */
unsigned char *tc_read_file(const char *path, size_t *out_size);

/** Writes size bytes to path (created or truncated, mode 0644). Returns 0 on success. */
int tc_write_file(const char *path, const void *data, size_t size);

/** Copies a file. Returns 0 on success. */
int tc_copy_file(const char *from, const char *to);

/** 1 when the file at path holds exactly size bytes equal to data. */
int tc_file_equals(const char *path, const void *data, size_t size);

/** Number of entries in a folder other than "." and "..", or -1. */
int tc_count_entries(const char *dir);

/**
 * Writes the names of a folder's entries, sorted and separated by '|', into
 * buf (truncated to buf_size).  For messages about left-over files.
 */
void tc_list_entries(const char *dir, char *buf, size_t buf_size);

/** 1 when needle (needle_size bytes) occurs in the buffer. */
int tc_mem_contains(const void *hay, size_t hay_size, const void *needle, size_t needle_size);

/** Builds "<corpus>/<name>" in a static-free malloc'd string. */
char *tc_corpus_file(const char *corpus_dir, const char *name);

/* ---- capturing file descriptors 1 and 2 --------------------------------- */

/** State of one capture of stdout and stderr (file descriptors 1 and 2). */
typedef struct tc_capture {
  int saved_out;
  int saved_err;
  int fd;
  char path[512];
} tc_capture;

/**
 * Redirects file descriptors 1 and 2 into a temporary file.  Do not print
 * checks between begin and end.  Returns 0 on success.
 */
int tc_capture_begin(tc_capture *cap);

/**
 * Restores file descriptors 1 and 2 and returns how many bytes were written
 * to them meanwhile; the first bytes are copied into buf (NUL-terminated).
 */
long tc_capture_end(tc_capture *cap, char *buf, size_t buf_size);

/* ---- FIFOs ---------------------------------------------------------------- */

/**
 * Guards a library call on a FIFO path: if the call still runs after 3
 * seconds, a helper thread opens the other end of the FIFO (and drains it),
 * so a library that blocks on the FIFO is released instead of hanging the
 * test.  library_reads: 1 when the library is expected to open it for
 * reading (open), 0 for writing (save).
 */
typedef struct tc_fifo_guard {
  void *impl;
} tc_fifo_guard;

/** Starts the guard thread for path. Returns 0 on success. */
int tc_fifo_guard_start(tc_fifo_guard *guard, const char *path, int library_reads);

/** Stops the guard; returns 1 when the helper had to release a blocked call. */
int tc_fifo_guard_stop(tc_fifo_guard *guard);

/* ---- library helpers ---------------------------------------------------- */

/** Opens a corpus file; returns NULL (and records a failed check) on failure. */
pdftools_document *tc_open_corpus(const char *corpus_dir, const char *name, const char *password);

/** Reads a metadata value into a malloc'd string (two-call pattern); NULL on failure. */
char *tc_get_metadata(pdftools_document *doc, const char *key, pdftools_status *out_status);

/** Reads a page label into a malloc'd string; NULL on failure. */
char *tc_get_label(pdftools_document *doc, int32_t page, pdftools_status *out_status);

/* ---- external programs ------------------------------------------------- */

/**
 * Runs a shell command (through popen) with its stderr merged into stdout;
 * the first bytes of the output are copied into out (NUL-terminated, may be
 * NULL).  Returns the command's exit code, or -1 when it could not be run or
 * did not exit normally (killed by a signal, ...).
 */
int tc_run_command(const char *command, char *out, size_t out_size);

/** 1 when an executable named program is found on PATH. */
int tc_have_program(const char *program);

/**
 * Writes path quoted for a POSIX shell ('...', with embedded quotes escaped)
 * into a new malloc'd string.
 */
char *tc_shell_quote(const char *path);

/** 1 when two doubles agree within eps. */
int tc_near(double a, double b, double eps);

/* A 4x3 RGBA PNG (red, one half-transparent blue and one transparent pixel), made with PIL. */
extern const unsigned char tc_png_4x3[91];

/* Parses the numbers of the first PDF array in raw ("[1 2.5 3]"); returns the count, or -1
 * when there is no array, something else is in it or it has more than max numbers. */
int tc_parse_numbers(const char *raw, double *out, int max);

/* A growing, NUL-terminated byte buffer for writing test PDFs by hand; start
 * with {0, 0, 0}, release data with free().  Out of memory aborts. */
typedef struct tc_buf {
  char *data;
  size_t len, cap;
} tc_buf;

/* Appends n bytes. */
void tc_buf_append(tc_buf *b, const void *p, size_t n);

/* Appends printf output. */
void tc_buf_printf(tc_buf *b, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* Annotations read through the API, for the annotation and undo tests.  The
 * string getters return a malloc'd string, or NULL with the status in *st
 * (st may be NULL). */

/* The number of annotations of page, or -1. */
int tc_count_annots(pdftools_document *doc, int32_t page);
/* The annotation ids of page into a malloc'd *out; returns the count (-1 on failure). */
int tc_list_ids(pdftools_document *doc, int32_t page, pdftools_annotation_id **out);
/* The subtype of annotation id. */
char *tc_get_subtype(pdftools_document *doc, pdftools_annotation_id id, pdftools_status *st);
/* A text entry (pdftools_annotation_get_text). */
char *tc_get_text(pdftools_document *doc, pdftools_annotation_id id, const char *key, pdftools_status *st);
/* A raw entry in PDF syntax (pdftools_annotation_get_raw). */
char *tc_get_raw(pdftools_document *doc, pdftools_annotation_id id, const char *key, pdftools_status *st);
/* A link's URI. */
char *tc_get_link_uri(pdftools_document *doc, pdftools_annotation_id id, pdftools_status *st);
/* The FNV-1a hash of size bytes. */
uint64_t tc_fnv1a(const void *data, size_t size);
/* Value constructors. */
pdftools_color tc_mkcol(double r, double g, double b);
pdftools_point tc_mkpt(double x, double y);
pdftools_quad tc_mkquad(double x0, double y0, double x1, double y1);
pdftools_rect tc_mkrect(double x0, double y0, double x1, double y1);
/* Appends one line per typed getter of annotation id (subtype, page, rect,
 * colours, opacity, border, flags, quads, ink, vertices, line, FreeText,
 * link, attachment), each with its status, so two states compare as text. */
void tc_dump_annotation_properties(tc_buf *b, pdftools_document *doc, pdftools_annotation_id id);

/* ---- forms ------------------------------------------------------------------ */
/* Field id's value index (NULL on failure; free() it). */
char *tc_field_value(pdftools_document *doc, pdftools_field_id id, int32_t index);
/* Field id's text which (NULL on failure; free() it). */
char *tc_field_text(pdftools_document *doc, pdftools_field_id id, pdftools_field_text which);
/* The field named name, 0 when there is none. */
pdftools_field_id tc_field(pdftools_document *doc, const char *name);
/* Appends the form and every field (names, types, flags, values, defaults,
 * options, selection, widgets, texts), each with its status, so two states
 * compare as text; with_ids adds field and annotation ids. */
void tc_dump_form(tc_buf *b, pdftools_document *doc, int with_ids);

#ifdef __cplusplus
}
#endif

#endif /* PDFTOOLS_TEST_COMMON_H */

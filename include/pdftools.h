/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * pdftools.h — the C interface of libpdftools.
 *
 * libpdftools is a headless PDF interaction core: it opens and saves documents
 * (fully or incrementally, never damaging the original), reads pages, text and
 * metadata, creates and edits annotations of every common subtype with
 * appearance streams, selects and searches text, renders pages with cairo,
 * drives annotation tools from pointer and key events, and keeps an undo
 * journal.  This header is the whole contract; everything a caller may rely on
 * is written here.
 *
 * Names.  Functions are named pdftools_<noun>_<verb>, the noun being what they
 * act on: document, page, selection, annotation, undo (a document's journal)
 * and tool (a tool manager).  Property accessors say _get_ and _set_; yes/no
 * questions say is_, has_ or was_.  Functions of the library as a whole have no
 * noun (pdftools_version_string, pdftools_status_string,
 * pdftools_last_error_message, pdftools_set_log_callback, pdftools_free,
 * pdftools_wait_for_releases).  Objects are made with _new or _open (documents)
 * and _create (annotations); a document is destroyed with
 * pdftools_document_close, every other object with its _free function, and
 * memory the library returned with pdftools_free.
 *
 * Types.  A yes/no value is a pdftools_bool (int32_t): on input any nonzero
 * value is true, on output it is exactly 0 or 1.  Every index and count is an
 * int32_t: pages, characters, presets, the elements of an array passed in or
 * filled in (capacities, counts, positions in it); -1 where a comment says
 * "none", and a negative count or capacity is INVALID_ARGUMENT.  Only sizes
 * in bytes are size_t (string buffers, data, strides, struct sizes, memory
 * limits).  An enumeration is an enum type; a set of flags is a uint32_t of
 * the enum's bits.
 *
 * General rules (they apply to every function unless its comment says
 * otherwise):
 *
 *  - Status.  Every fallible function returns a pdftools_status: PDFTOOLS_OK
 *    (0) on success, a negative code on failure.  On failure the out-parameters
 *    are left untouched (except the size or count outputs on
 *    PDFTOOLS_E_BUFFER_TOO_SMALL, see Strings and Arrays), and
 *    pdftools_last_error_message() describes the failure.  Codes are never
 *    renumbered.
 *
 *  - Strings.  All strings in and out are UTF-8 and NUL-terminated.  Strings
 *    returned through a caller buffer use the two-call pattern: pass
 *    buf = NULL (or a too small buffer) to learn the size needed, including
 *    the terminating NUL, in *out_size.  A non-NULL buffer that is too small
 *    yields PDFTOOLS_E_BUFFER_TOO_SMALL and is left untouched.
 *
 *  - Arrays.  Arrays returned into a caller buffer (buf, capacity, *out_count)
 *    work the same way: buf = NULL gives the number of elements in *out_count;
 *    a buffer of fewer elements yields PDFTOOLS_E_BUFFER_TOO_SMALL with the
 *    number needed in *out_count and the buffer untouched.
 *
 *  - Retry.  Another thread may change a document between the two calls, so
 *    the second call can still yield PDFTOOLS_E_BUFFER_TOO_SMALL; call again
 *    with the new size until it succeeds (the Python binding does).
 *
 *  - Growing structs.  Structs passed in, and structs the library fills in,
 *    carry a version field the caller sets, with the struct's _INIT macro or
 *    its _init function (pdftools_save_options_init and the like): a newer
 *    library reads and writes only the fields of that version.  Arrays of
 *    structs the library fills carry their element size where the struct may
 *    grow, and tool events say their size.  The small value structs
 *    (pdftools_point, _rect, _quad, _color, _text_range, _selection) are
 *    frozen: they never change.
 *
 *  - Ownership.  Memory the library returns by pointer (for example by
 *    pdftools_document_save_to_memory) is released with pdftools_free(),
 *    never with free().  Memory the caller passes in stays the caller's; the
 *    library copies what it keeps.
 *
 *  - Handles.  A pdftools_document and a pdftools_tool_manager are opaque
 *    handles.  A handle that was closed or freed, or that never came from
 *    this library, is detected and refused
 *    with PDFTOOLS_E_INVALID_HANDLE; handle values are never reused within a
 *    process.
 *
 *  - NULL.  A NULL handle, or a NULL pointer where the comment does not allow
 *    one, gives PDFTOOLS_E_INVALID_ARGUMENT (handles: PDFTOOLS_E_INVALID_HANDLE).
 *
 *  - Threads.  Every function may be called from any thread.  Calls on the
 *    same document are serialized by a lock per document; calls on different
 *    documents run in parallel.  pdftools_last_error_message() is per thread.
 *
 *  - Output.  The library never writes to stdout or stderr.  Messages from
 *    the library and from the libraries it uses (qpdf, poppler, GLib) go to
 *    the callback set with pdftools_set_log_callback(), or nowhere.
 *
 *  - Page space is PDF user space: unrotated, y up, in units of 1/72 inch.
 *
 *  - Limits.  Values from callers are bounded so that no call costs unbounded
 *    time or memory; beyond a bound a call fails with
 *    PDFTOOLS_E_INVALID_ARGUMENT and changes nothing:
 *      coordinates (points, rectangles, pointer events, leader lengths):
 *        finite, magnitude at most 1000000;
 *      quadrilaterals of one annotation: 10000; ink strokes: 10000; points of
 *        one ink, polygon or polyline annotation: 1000000;
 *      text values (contents, author, subject, rich text, metadata values,
 *        file names, link URIs) and raw PDF syntax: 1 MiB of UTF-8 each;
 *      embedded files: 512 MiB; stamp images: 10000 pixels a side;
 *      render scale: 64; render tiles: 32767 pixels a side.
 *    Values from files are bounded too: a damaged file, one declaring far more
 *    objects than its bytes can hold, or one with an object numbered
 *    2147483647 is read from a rewrite made while opening (it cannot be saved
 *    incrementally then); page and field trees are followed 64 levels deep;
 *    annotations that a renderer would draw from absurd values (coordinates
 *    beyond the bound above, malformed text) are left out of rendering, with a
 *    warning in the log, and stay in the document as they are.
 */
#ifndef PDFTOOLS_H
#define PDFTOOLS_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------------ */
/* Versions                                                                  */
/* ------------------------------------------------------------------------ */

/** Major version: changes only with an incompatible ABI (and the SONAME). */
#define PDFTOOLS_VERSION_MAJOR 1
/** Minor version: grows when functions or struct fields are added. */
#define PDFTOOLS_VERSION_MINOR 4
/** Patch version: fixes only. */
#define PDFTOOLS_VERSION_PATCH 0
/** The version as one number: major * 10000 + minor * 100 + patch. */
#define PDFTOOLS_VERSION_NUMBER \
  (PDFTOOLS_VERSION_MAJOR * 10000 + PDFTOOLS_VERSION_MINOR * 100 + PDFTOOLS_VERSION_PATCH)
/** The version as a string, "major.minor.patch". */
#define PDFTOOLS_VERSION_STRING "1.4.0"

/**
 * The version of the library loaded at run time, as PDFTOOLS_VERSION_NUMBER
 * computes it.  Compare with PDFTOOLS_VERSION_NUMBER to detect a header and a
 * library of different versions.  Never fails.
 */
int32_t pdftools_version_number(void);

/**
 * The version of the library loaded at run time as a static string such as
 * "0.1.0".  The string is owned by the library and lives forever.
 */
const char *pdftools_version_string(void);

/* ------------------------------------------------------------------------ */
/* Status codes and errors                                                   */
/* ------------------------------------------------------------------------ */

/** Result of every fallible call.  0 is success; failures are negative. */
typedef enum pdftools_status {
  /** Success. */
  PDFTOOLS_OK = 0,
  /** An argument is invalid: a NULL pointer, a bad enum value, a bad size. */
  PDFTOOLS_E_INVALID_ARGUMENT = -1,
  /** The handle is NULL, closed, or did not come from this library. */
  PDFTOOLS_E_INVALID_HANDLE = -2,
  /** An index (page index, item index) is outside its range. */
  PDFTOOLS_E_OUT_OF_RANGE = -3,
  /** The caller's buffer is too small; *out_size holds the size needed. */
  PDFTOOLS_E_BUFFER_TOO_SMALL = -4,
  /** The thing asked for does not exist (a metadata key, an annotation id). */
  PDFTOOLS_E_NOT_FOUND = -5,
  /** The feature or option is not supported (yet). */
  PDFTOOLS_E_UNSUPPORTED = -6,
  /** The operation is not allowed in the current state or by permissions. */
  PDFTOOLS_E_NOT_PERMITTED = -7,
  /** A progress callback stopped the operation; nothing was changed. */
  PDFTOOLS_E_CANCELLED = -8,

  /** The file does not exist. */
  PDFTOOLS_E_FILE_NOT_FOUND = -10,
  /** The file or folder may not be read or written by this process. */
  PDFTOOLS_E_PERMISSION_DENIED = -11,
  /** The path names something that is not a regular file (e.g. a folder). */
  PDFTOOLS_E_NOT_A_FILE = -12,
  /** Reading or writing failed (disk full, I/O error, ...). */
  PDFTOOLS_E_IO = -13,

  /** The data is not a PDF at all (no PDF header, no PDF objects). */
  PDFTOOLS_E_NOT_PDF = -20,
  /** The data is a PDF but too damaged to repair. */
  PDFTOOLS_E_DAMAGED = -21,
  /** The document is encrypted and no password (or an empty one) was given. */
  PDFTOOLS_E_PASSWORD_REQUIRED = -22,
  /** The document is encrypted and the password given is wrong. */
  PDFTOOLS_E_WRONG_PASSWORD = -23,

  /** Memory could not be allocated, or a size exceeds what is supported. */
  PDFTOOLS_E_OUT_OF_MEMORY = -30,
  /** An unexpected failure inside the library or a library it uses. */
  PDFTOOLS_E_INTERNAL = -99
} pdftools_status;

/** A yes/no value: on input any nonzero value is true; on output 0 or 1. */
typedef int32_t pdftools_bool;
/** pdftools_bool's false. */
#define PDFTOOLS_FALSE 0
/** pdftools_bool's true. */
#define PDFTOOLS_TRUE 1

/**
 * A short English name of a status code, e.g. "wrong password".  The string
 * is static and owned by the library.  Unknown codes give "unknown status".
 */
const char *pdftools_status_string(pdftools_status status);

/**
 * A message describing the last failure on the calling thread, or "" when the
 * last call on this thread succeeded.  The string is owned by the library and
 * is valid until the next call into the library on the same thread.  Never
 * returns NULL.
 */
const char *pdftools_last_error_message(void);

/**
 * Releases memory the library returned by pointer.  NULL is a no-op.  Only
 * pass pointers documented as "release with pdftools_free".
 */
void pdftools_free(void *ptr);

/* ------------------------------------------------------------------------ */
/* Logging                                                                   */
/* ------------------------------------------------------------------------ */

/** Severity of a log message. */
typedef enum pdftools_log_level {
  /** Detail useful when debugging. */
  PDFTOOLS_LOG_DEBUG = 0,
  /** Normal events worth noting. */
  PDFTOOLS_LOG_INFO = 1,
  /** Something was wrong but handled, e.g. a damaged file was repaired. */
  PDFTOOLS_LOG_WARNING = 2,
  /** An operation failed. */
  PDFTOOLS_LOG_ERROR = 3
} pdftools_log_level;

/**
 * Receives one log message.  source names where it came from ("pdftools",
 * "qpdf", "poppler", "glib"); message is one line without a trailing newline.
 * Both strings are valid only during the call.
 *
 * Thread: the callback runs on the thread that made the library call that
 * produced the message, after that call's work is done and with no document
 * lock held, so it may call back into the library.
 */
typedef void (*pdftools_log_callback)(pdftools_log_level level, const char *source,
                                      const char *message, void *user_data);

/**
 * Sets the process-wide log callback; NULL removes it (messages are then
 * dropped).  user_data is passed back untouched.  Messages below min_level are
 * dropped before the callback.  Thread-safe; calls already delivering
 * messages may finish with the previous callback.
 */
void pdftools_set_log_callback(pdftools_log_callback callback, pdftools_log_level min_level,
                               void *user_data);

/* ------------------------------------------------------------------------ */
/* Geometry                                                                  */
/* ------------------------------------------------------------------------ */

/** A rectangle given by two corners, always normalized so x0 <= x1, y0 <= y1. */
typedef struct pdftools_rect {
  double x0; /**< Left. */
  double y0; /**< Bottom in page space (top in display space). */
  double x1; /**< Right. */
  double y1; /**< Top in page space (bottom in display space). */
} pdftools_rect;

/** The page boundary boxes of PDF (ISO 32000 14.11.2). */
typedef enum pdftools_box {
  /** The physical medium; always present (US Letter when a file omits it). */
  PDFTOOLS_BOX_MEDIA = 0,
  /** The visible region: CropBox clipped to MediaBox, else the MediaBox. */
  PDFTOOLS_BOX_CROP = 1,
  /** Production clipping region; defaults to the crop box. */
  PDFTOOLS_BOX_BLEED = 2,
  /** Finished page; defaults to the crop box. */
  PDFTOOLS_BOX_TRIM = 3,
  /** Meaningful content; defaults to the crop box. */
  PDFTOOLS_BOX_ART = 4
} pdftools_box;

/* ------------------------------------------------------------------------ */
/* Documents                                                                 */
/* ------------------------------------------------------------------------ */

/** An open document.  Opaque; created by the open and new functions. */
typedef struct pdftools_document pdftools_document;

/**
 * Opens the PDF file at path (UTF-8, relative to the working directory or
 * absolute).  The file is read into memory once; the library keeps no file
 * descriptor open, so the file may be replaced or saved over while the
 * document is open.
 *
 * password: the user or owner password, UTF-8, or NULL for none.  For AES-256
 * (R6) documents the password is also tried in its SASLprep-normalised form.
 *
 * Damaged files are repaired where possible (see
 * pdftools_document_was_repaired); the repair is logged as a warning.
 *
 * On success *out_doc receives a new handle, to be closed with
 * pdftools_document_close().
 *
 * Errors: INVALID_ARGUMENT (path or out_doc NULL), FILE_NOT_FOUND,
 * PERMISSION_DENIED, NOT_A_FILE, IO, NOT_PDF, DAMAGED, PASSWORD_REQUIRED,
 * WRONG_PASSWORD, OUT_OF_MEMORY.
 */
pdftools_status pdftools_document_open(const char *path, const char *password,
                                       pdftools_document **out_doc);

/**
 * Opens a PDF held in memory.  The library copies the size bytes at data, so
 * the caller may free them as soon as the call returns.  password and errors
 * as for pdftools_document_open (without the file errors); data may be NULL
 * only when size is 0, which gives NOT_PDF.
 */
pdftools_status pdftools_document_open_from_memory(const void *data, size_t size,
                                                   const char *password,
                                                   pdftools_document **out_doc);

/**
 * Creates a new, empty document (PDF 1.7, no pages).  Add pages with
 * pdftools_document_insert_blank_page().  Errors: INVALID_ARGUMENT, INTERNAL.
 */
pdftools_status pdftools_document_new(pdftools_document **out_doc);

/**
 * Closes a document: the handle is invalid when the call returns, and what
 * the document holds is released on a library thread of its own (the call
 * returns at once whatever the document's size; everything is released
 * before the process exits, and a forked child leaves its parent's releases
 * alone).  Unsaved changes are discarded.  NULL, and a handle closed before,
 * are no-ops.  Must not be called while another thread is still using the
 * same handle; such calls either finish first or fail with INVALID_HANDLE.
 */
void pdftools_document_close(pdftools_document *doc);

/**
 * Waits until everything closed before the call (documents, tool managers)
 * has been released by the library's release thread.  Closing never needs
 * it; call it where the memory must be back now: before measuring the
 * process's memory, before a leak checker looks, before unloading the
 * library with dlclose().  Any thread may call it, at any time.
 */
void pdftools_wait_for_releases(void);

/** *out_count receives the number of pages.  Errors: INVALID_HANDLE, INVALID_ARGUMENT. */
pdftools_status pdftools_document_get_page_count(pdftools_document *doc, int32_t *out_count);

/**
 * *out_repaired receives 1 when the file was damaged and had to be repaired
 * while opening (xref rebuilt, stream lengths recovered, ...), else 0.
 * Errors: INVALID_HANDLE, INVALID_ARGUMENT.
 */
pdftools_status pdftools_document_was_repaired(pdftools_document *doc, pdftools_bool *out_repaired);

/**
 * The PDF version in effect: the larger of the file header's version and the
 * catalog's /Version.  Each out-pointer may be NULL.  *out_extension_level
 * receives the Adobe extension level (0 when none).
 * Errors: INVALID_HANDLE.
 */
pdftools_status pdftools_document_get_pdf_version(pdftools_document *doc, int32_t *out_major,
                                                  int32_t *out_minor,
                                                  int32_t *out_extension_level);

/** *out_encrypted receives 1 when the file is encrypted, else 0. Errors: INVALID_HANDLE, INVALID_ARGUMENT. */
pdftools_status pdftools_document_is_encrypted(pdftools_document *doc, pdftools_bool *out_encrypted);

/** Permission flags, as granted by the document's encryption dictionary. */
typedef enum pdftools_permission {
  /** Print (possibly at low resolution only). */
  PDFTOOLS_PERMISSION_PRINT = 1 << 0,
  /** Print at full quality. */
  PDFTOOLS_PERMISSION_PRINT_HIGH_QUALITY = 1 << 1,
  /** Change the document in ways other than the ones below. */
  PDFTOOLS_PERMISSION_MODIFY = 1 << 2,
  /** Copy or extract text and graphics. */
  PDFTOOLS_PERMISSION_COPY = 1 << 3,
  /** Extract text and graphics for accessibility. */
  PDFTOOLS_PERMISSION_ACCESSIBILITY = 1 << 4,
  /** Add or change annotations, fill form fields. */
  PDFTOOLS_PERMISSION_ANNOTATE = 1 << 5,
  /** Fill existing form fields. */
  PDFTOOLS_PERMISSION_FILL_FORMS = 1 << 6,
  /** Insert, rotate and delete pages (assemble). */
  PDFTOOLS_PERMISSION_ASSEMBLE = 1 << 7,
  /** Every permission above. */
  PDFTOOLS_PERMISSION_ALL = (1 << 8) - 1
} pdftools_permission;

/**
 * *out_flags receives the pdftools_permission bits the document grants.
 * Unencrypted documents, and encrypted ones opened with the owner password,
 * grant PDFTOOLS_PERMISSION_ALL.  Errors: INVALID_HANDLE, INVALID_ARGUMENT.
 */
pdftools_status pdftools_document_get_permissions(pdftools_document *doc, uint32_t *out_flags);

/**
 * *out_has_signatures receives 1 when the document has at least one signature
 * form field (/FT /Sig), signed or not, else 0.  Such documents should be
 * saved incrementally to keep signatures valid.
 * Errors: INVALID_HANDLE, INVALID_ARGUMENT.
 */
pdftools_status pdftools_document_has_signature_fields(pdftools_document *doc,
                                                       pdftools_bool *out_has_signatures);

/**
 * *out_modified receives 1 when the document differs from the state it was
 * opened or last saved to a path in, else 0.  Tracked by undo step: undoing
 * back to the saved step makes it 0 again.  Errors: INVALID_HANDLE,
 * INVALID_ARGUMENT.
 */
pdftools_status pdftools_document_is_modified(pdftools_document *doc, pdftools_bool *out_modified);

/**
 * Sets the memory budget, in bytes, of what the document keeps of its pages'
 * text (characters, fonts, text folded for search); 8 MiB by default.  When
 * it is exceeded, the pages used least recently are dropped and read again
 * when needed; 0 keeps only the page read last.  A search over many pages
 * (or the text of a range of pages) keeps pages only while the cache holds at
 * most a quarter of the budget, so it never pushes out the pages in use and
 * holds little once it is over.  Errors: INVALID_HANDLE.
 */
pdftools_status pdftools_document_set_cache_limit(pdftools_document *doc, size_t bytes);

/* ------------------------------------------------------------------------ */
/* Metadata (the document information dictionary)                           */
/* ------------------------------------------------------------------------ */

/**
 * Reads the metadata entry key ("Title", "Author", "Subject", "Keywords",
 * "Creator", "Producer", "CreationDate", "ModDate" or any other key of the
 * document information dictionary) as UTF-8 text; two-call pattern.  Dates
 * are returned as stored, in PDF date syntax ("D:20230115103000+01'00'").
 * Errors: INVALID_HANDLE, INVALID_ARGUMENT (key or out_size NULL),
 * NOT_FOUND (no such entry, or not a text value), BUFFER_TOO_SMALL.
 */
pdftools_status pdftools_document_get_metadata(pdftools_document *doc, const char *key,
                                               char *buf, size_t buf_size, size_t *out_size);

/**
 * Sets the metadata entry key to the UTF-8 text value, or removes it when
 * value is NULL (removing an absent key succeeds).  Text is stored as
 * PDFDocEncoding when it fits, else as UTF-16.  key must be a non-empty PDF
 * name without whitespace, '/', or delimiters.
 * Errors: INVALID_HANDLE, INVALID_ARGUMENT (bad key or invalid UTF-8),
 * NOT_PERMITTED (the document's permissions forbid modification).
 */
pdftools_status pdftools_document_set_metadata(pdftools_document *doc, const char *key,
                                               const char *value);

/**
 * *out_count receives the number of text entries in the information
 * dictionary; pdftools_document_get_metadata_key() names them by index.
 * Errors: INVALID_HANDLE, INVALID_ARGUMENT.
 */
pdftools_status pdftools_document_get_metadata_count(pdftools_document *doc, int32_t *out_count);

/**
 * Copies the name of the index-th metadata entry (without the leading '/'),
 * sorted by name; two-call pattern.
 * Errors: INVALID_HANDLE, INVALID_ARGUMENT, OUT_OF_RANGE, BUFFER_TOO_SMALL.
 */
pdftools_status pdftools_document_get_metadata_key(pdftools_document *doc, int32_t index, char *buf,
                                                   size_t buf_size, size_t *out_size);

/* ------------------------------------------------------------------------ */
/* Pages                                                                     */
/* ------------------------------------------------------------------------ */

/**
 * *out_rect receives the page's box in page space, normalized, inherited from
 * the page tree where the page does not set it.  Crop, bleed, trim and art
 * boxes are clipped to the media box; a box that is missing, malformed or
 * empty after clipping falls back as described at pdftools_box.
 * Errors: INVALID_HANDLE, INVALID_ARGUMENT, OUT_OF_RANGE (page_index).
 */
pdftools_status pdftools_page_get_box(pdftools_document *doc, int32_t page_index, pdftools_box box,
                                      pdftools_rect *out_rect);

/**
 * *out_rotation receives the page's /Rotate (inherited where not set),
 * normalised to 0, 90, 180 or 270 (clockwise).  Values that are not a
 * multiple of 90 count as 0, as poppler, PDFium and pdf.js treat them.
 * Errors: INVALID_HANDLE, INVALID_ARGUMENT, OUT_OF_RANGE.
 */
pdftools_status pdftools_page_get_rotation(pdftools_document *doc, int32_t page_index,
                                           int32_t *out_rotation);

/**
 * *out_user_unit receives the page's /UserUnit (1.0 when absent or invalid):
 * the size of one page-space unit in multiples of 1/72 inch.
 * Errors: INVALID_HANDLE, INVALID_ARGUMENT, OUT_OF_RANGE.
 */
pdftools_status pdftools_page_get_user_unit(pdftools_document *doc, int32_t page_index,
                                            double *out_user_unit);

/**
 * The page's display size: the crop box with the rotation applied (width and
 * height swapped at 90 and 270), times UserUnit, in 1/72 inch.  Either
 * out-pointer may be NULL.  Errors: INVALID_HANDLE, OUT_OF_RANGE.
 */
pdftools_status pdftools_page_get_size(pdftools_document *doc, int32_t page_index, double *out_width,
                                       double *out_height);

/**
 * Copies the page's label (from the document's /PageLabels: "iv", "A-3",
 * "12"), two-call pattern.  Documents without page labels give the page
 * number, page_index + 1, in decimal.
 * Errors: INVALID_HANDLE, INVALID_ARGUMENT, OUT_OF_RANGE, BUFFER_TOO_SMALL.
 */
pdftools_status pdftools_page_get_label(pdftools_document *doc, int32_t page_index, char *buf,
                                        size_t buf_size, size_t *out_size);

/**
 * Inserts a blank page of width x height (in 1/72 inch, each 1 to 14400) so
 * that it becomes page page_index; page_index == page count appends.
 * Errors: INVALID_HANDLE, INVALID_ARGUMENT (size), OUT_OF_RANGE,
 * NOT_PERMITTED (permissions forbid assembling pages).
 */
pdftools_status pdftools_document_insert_blank_page(pdftools_document *doc, int32_t page_index,
                                                    double width, double height);

/* ------------------------------------------------------------------------ */
/* Coordinate spaces                                                         */
/* ------------------------------------------------------------------------ */

/** A point. */
typedef struct pdftools_point {
  double x; /**< Horizontal coordinate. */
  double y; /**< Vertical coordinate. */
} pdftools_point;

/**
 * A quadrilateral in the corner order PDF writers use for /QuadPoints:
 * p1 upper left, p2 upper right, p3 lower left, p4 lower right, where "upper"
 * and "left" follow the text's own direction (so a quad of a line of text
 * rotated in page space is rotated with it).  Ready for a text-markup
 * annotation's /QuadPoints in page space.
 */
typedef struct pdftools_quad {
  pdftools_point p1; /**< Upper left. */
  pdftools_point p2; /**< Upper right. */
  pdftools_point p3; /**< Lower left. */
  pdftools_point p4; /**< Lower right. */
} pdftools_quad;

/** The two coordinate spaces of a page. */
typedef enum pdftools_space {
  /**
   * PDF user space: unrotated, y up, 1/72 inch units (times UserUnit).
   * Annotation geometry is stored in this space.
   */
  PDFTOOLS_SPACE_PAGE = 0,
  /**
   * The page as a person sees it at zoom 1: the crop box with /Rotate applied,
   * origin at the top left, y down, in 1/72 inch (UserUnit applied).  Pointer
   * events come in and overlays go out in this space; a host multiplies by
   * its zoom.
   */
  PDFTOOLS_SPACE_DISPLAY = 1
} pdftools_space;

/**
 * Converts count points of page page_index from space from to space to;
 * in and out may be the same array.  count 0 is allowed (in and out may then
 * be NULL).  Points outside the page convert like any other (the mapping is
 * affine); non-finite coordinates stay non-finite.
 * Errors: INVALID_HANDLE, INVALID_ARGUMENT (NULL arrays, bad space),
 * OUT_OF_RANGE (page_index).
 */
pdftools_status pdftools_page_convert_points(pdftools_document *doc, int32_t page_index,
                                             pdftools_space from, pdftools_space to,
                                             const pdftools_point *in, int32_t count,
                                             pdftools_point *out);

/**
 * Converts a rectangle of page page_index from space from to space to: the
 * result is the normalized rectangle around the converted corners.
 * Errors: INVALID_HANDLE, INVALID_ARGUMENT, OUT_OF_RANGE.
 */
pdftools_status pdftools_page_convert_rect(pdftools_document *doc, int32_t page_index,
                                           pdftools_space from, pdftools_space to,
                                           pdftools_rect in, pdftools_rect *out_rect);

/* ------------------------------------------------------------------------ */
/* Text                                                                      */
/* ------------------------------------------------------------------------ */
/*
 * A page's text is read on first use (by poppler's text layout, in poppler's
 * reading order, which keeps columns together) and cached until the page
 * structure changes.  Characters are Unicode scalar values, indexed from 0 in
 * reading order; the page's plain text has a '\n' between lines and a ' '
 * between words, and each of those separators is a character too, flagged
 * PDFTOOLS_CHAR_GENERATED: the text layout rebuilds spaces and line breaks
 * from glyph positions.  A line's range includes the '\n' that ends it.  A
 * range of characters is [start, end).
 *
 * Reading order does not depend on a page's /Rotate: text is laid out as on
 * the unrotated page.  Limits of poppler 22.12's text layout: text drawn
 * mirrored (a negative horizontal scale) is not found; bidirectional
 * embedding marks poppler adds around right-to-left runs are left out.
 */

/** Flags of a character. */
typedef enum pdftools_char_flags {
  /** White space (a space, a tab, a line break). */
  PDFTOOLS_CHAR_WHITESPACE = 1 << 0,
  /** A separator (space, line break) the text layout inserted between glyphs. */
  PDFTOOLS_CHAR_GENERATED = 1 << 1,
  /** The last character of its line. */
  PDFTOOLS_CHAR_LINE_END = 1 << 2
} pdftools_char_flags;

/** One character of a page's text. */
typedef struct pdftools_char_info {
  /** The Unicode scalar value. */
  uint32_t codepoint;
  /** pdftools_char_flags bits. */
  uint32_t flags;
  /**
   * The glyph's box in page space.  A space's box is the gap between the
   * words it separates when the layout knows it, else an empty box at the end
   * of the glyph before it, as for line breaks.
   */
  pdftools_rect box;
  /** The font size in points, 0 when unknown. */
  double font_size;
  /** Index of the word the character belongs to, -1 for white space between words. */
  int32_t word_index;
  /** Index of the line the character belongs to. */
  int32_t line_index;
} pdftools_char_info;

/** A range of characters of one page: [start, end). */
typedef struct pdftools_text_range {
  int32_t start; /**< First character. */
  int32_t end;   /**< One past the last character. */
} pdftools_text_range;

/**
 * Copies the page's plain text (UTF-8), two-call pattern.  Pages without
 * text give "".  The text is the characters of pdftools_page_get_chars in
 * order; it is read without their boxes where that gives the same text
 * (the boxes are read by the first call that needs them), and kept in the
 * document's text cache (see pdftools_document_set_cache_limit).  Errors:
 * INVALID_HANDLE, INVALID_ARGUMENT, OUT_OF_RANGE, BUFFER_TOO_SMALL, DAMAGED
 * (the page cannot be read).
 */
pdftools_status pdftools_page_get_text(pdftools_document *doc, int32_t page_index, char *buf,
                                       size_t buf_size, size_t *out_size);

/**
 * The characters of a page, array pattern: with buf NULL, *out_count
 * receives the number of characters; otherwise up to capacity characters
 * are copied, *out_count receives the total, and a capacity below the total
 * gives BUFFER_TOO_SMALL (nothing copied).  element_size is
 * sizeof(pdftools_char_info) as the caller knows it: elements are written
 * with that stride, each only its first element_size bytes, so a caller
 * built against an older, shorter struct keeps working.
 * Errors: INVALID_HANDLE, INVALID_ARGUMENT (out_count NULL, element_size
 * smaller than the first version of the struct), OUT_OF_RANGE,
 * BUFFER_TOO_SMALL.
 */
pdftools_status pdftools_page_get_chars(pdftools_document *doc, int32_t page_index, size_t element_size,
                                        pdftools_char_info *buf, int32_t capacity, int32_t *out_count);

/**
 * Copies the font name of character char_index (as the PDF names it, e.g.
 * "Helvetica-Bold"; "" when unknown), two-call pattern.
 * Errors: INVALID_HANDLE, INVALID_ARGUMENT, OUT_OF_RANGE, BUFFER_TOO_SMALL.
 */
pdftools_status pdftools_page_get_char_font(pdftools_document *doc, int32_t page_index,
                                            int32_t char_index, char *buf, size_t buf_size,
                                            size_t *out_size);

/** How far a hit or a selection reaches. */
typedef enum pdftools_granularity {
  /** Single characters (a drag). */
  PDFTOOLS_GRANULARITY_CHAR = 0,
  /** Whole words (a double click). */
  PDFTOOLS_GRANULARITY_WORD = 1,
  /** Whole lines (a triple click). */
  PDFTOOLS_GRANULARITY_LINE = 2
} pdftools_granularity;

/**
 * The words (unit PDFTOOLS_GRANULARITY_WORD) or lines (unit
 * PDFTOOLS_GRANULARITY_LINE) of a page as character ranges in reading order,
 * array pattern as for pdftools_page_get_chars.
 * Errors: INVALID_HANDLE, INVALID_ARGUMENT (unit CHAR or unknown),
 * OUT_OF_RANGE, BUFFER_TOO_SMALL.
 */
pdftools_status pdftools_page_get_text_units(pdftools_document *doc, int32_t page_index,
                                             pdftools_granularity unit, pdftools_text_range *buf,
                                             int32_t capacity, int32_t *out_count);

/**
 * Hit-tests point (in space) on page page_index.  *out_range receives the
 * character, word or line (by granularity) whose box, grown by tolerance
 * units on each side, contains the point; the closest one when several do.
 * With nearest != 0 a point that hits nothing (between lines, in a margin)
 * gives the closest character's unit instead.
 * Errors: INVALID_HANDLE, INVALID_ARGUMENT (non-finite point or tolerance,
 * negative tolerance, bad space or granularity), OUT_OF_RANGE, NOT_FOUND
 * (nothing hit, or a page without text).
 */
pdftools_status pdftools_page_hit_test(pdftools_document *doc, int32_t page_index,
                                       pdftools_space space, pdftools_point point,
                                       double tolerance, pdftools_bool nearest,
                                       pdftools_granularity granularity,
                                       pdftools_text_range *out_range);

/* ------------------------------------------------------------------------ */
/* Selection                                                                 */
/* ------------------------------------------------------------------------ */

/**
 * A text selection: from character start_char of page start_page to
 * character end_char (exclusive) of page end_page, in reading order.  It is a
 * plain value: fill it directly to select a known range (select-all of a
 * page is {p, 0, p, char count}).  A selection is empty when start equals end.
 */
typedef struct pdftools_selection {
  int32_t start_page; /**< Page of the first character. */
  int32_t start_char; /**< First character. */
  int32_t end_page;   /**< Page of the end position. */
  int32_t end_char;   /**< One past the last character on end_page. */
} pdftools_selection;

/**
 * Selects the text between point a on page page_a and point b on page page_b
 * (both in space), as a drag from a to b does: the characters from the one
 * nearest a to the one nearest b, in reading order whichever way the drag
 * went, widened to whole words or lines by granularity.  Pages between page_a
 * and page_b are selected whole.  Pages without text select nothing there.
 * Errors: INVALID_HANDLE, INVALID_ARGUMENT (non-finite points, bad space or
 * granularity), OUT_OF_RANGE (a page index).
 */
pdftools_status pdftools_document_select(pdftools_document *doc, int32_t page_a, pdftools_point a,
                                         int32_t page_b, pdftools_point b, pdftools_space space,
                                         pdftools_granularity granularity,
                                         pdftools_selection *out_selection);

/**
 * The rectangles of a selection on one page (page_index between its start
 * and end pages), one per line in reading order, in space; array pattern as
 * for pdftools_page_get_chars.  Each rectangle bounds the selected glyphs of its
 * line (separators excluded, so a line ends at its last glyph).
 * Errors: INVALID_HANDLE, INVALID_ARGUMENT (malformed selection, bad space),
 * OUT_OF_RANGE, BUFFER_TOO_SMALL.
 */
pdftools_status pdftools_selection_get_rects(pdftools_document *doc,
                                             const pdftools_selection *selection,
                                             int32_t page_index, pdftools_space space,
                                             pdftools_rect *buf, int32_t capacity,
                                             int32_t *out_count);

/**
 * As pdftools_selection_get_rects, but quads in the /QuadPoints corner order,
 * following the direction of each line's text.
 */
pdftools_status pdftools_selection_get_quads(pdftools_document *doc,
                                             const pdftools_selection *selection,
                                             int32_t page_index, pdftools_space space,
                                             pdftools_quad *buf, int32_t capacity,
                                             int32_t *out_count);

/**
 * Copies the selected text (UTF-8; pages joined by '\n'), two-call pattern.
 * Errors: INVALID_HANDLE, INVALID_ARGUMENT, OUT_OF_RANGE, BUFFER_TOO_SMALL.
 */
pdftools_status pdftools_selection_get_text(pdftools_document *doc,
                                            const pdftools_selection *selection, char *buf,
                                            size_t buf_size, size_t *out_size);

/* ------------------------------------------------------------------------ */
/* Progress                                                                  */
/* ------------------------------------------------------------------------ */

/** What a progress callback returns. */
typedef enum pdftools_progress_result {
  PDFTOOLS_PROGRESS_CONTINUE = 0, /**< Go on. */
  PDFTOOLS_PROGRESS_STOP = 1      /**< Stop: the call fails with PDFTOOLS_E_CANCELLED. */
} pdftools_progress_result;

/**
 * Told how far a long call has come: done of total units (pages searched or
 * read, percent written, objects appended), from 0 to total.  Returns
 * PDFTOOLS_PROGRESS_CONTINUE to go on or PDFTOOLS_PROGRESS_STOP to stop: the
 * call then fails with PDFTOOLS_E_CANCELLED and changes nothing (no file is
 * written, the document is as it was).  It runs on the calling thread while
 * the call holds the document's lock: it may call functions on other
 * documents, but a call on the same document fails with
 * PDFTOOLS_E_NOT_PERMITTED.  A full save reports qpdf's percentages and
 * honours a stop when qpdf has finished writing into memory (before the
 * file).  user_data is the pointer given with the callback.
 */
typedef pdftools_progress_result (*pdftools_progress_callback)(int64_t done, int64_t total,
                                                               void *user_data);

/**
 * The plain text of pages first_page to last_page (-1: the last page), UTF-8,
 * each page followed by a form feed (U+000C) but the last, in a new memory
 * block: *out_text receives it (NUL-terminated; release with pdftools_free)
 * and *out_size its length without the NUL.  progress (may be NULL) hears of
 * each page read.  Errors: INVALID_HANDLE, INVALID_ARGUMENT (out_text or
 * out_size NULL), OUT_OF_RANGE, CANCELLED, DAMAGED, OUT_OF_MEMORY.
 */
pdftools_status pdftools_document_get_text(pdftools_document *doc, int32_t first_page,
                                           int32_t last_page, pdftools_progress_callback progress,
                                           void *user_data, char **out_text, size_t *out_size);

/* ------------------------------------------------------------------------ */
/* Search                                                                    */
/* ------------------------------------------------------------------------ */

/** Search option flags. */
typedef enum pdftools_search_flags {
  /** Match upper and lower case exactly (default: ignore case). */
  PDFTOOLS_SEARCH_CASE_SENSITIVE = 1 << 0,
  /** Match only whole words. */
  PDFTOOLS_SEARCH_WHOLE_WORDS = 1 << 1,
  /** Ignore diacritics: "resume" finds "résumé". */
  PDFTOOLS_SEARCH_IGNORE_DIACRITICS = 1 << 2,
  /** Let a match run across a hyphen at the end of a line ("exam-" + "ple"). */
  PDFTOOLS_SEARCH_JOIN_HYPHENS = 1 << 3
} pdftools_search_flags;

/** Search options.  Initialise with PDFTOOLS_SEARCH_OPTIONS_INIT. */
typedef struct pdftools_search_options {
  /** PDFTOOLS_SEARCH_OPTIONS_VERSION (or an older version). */
  uint32_t version;
  /** pdftools_search_flags bits. */
  uint32_t flags;
  /** First page searched. */
  int32_t first_page;
  /** Last page searched; -1 for the last page of the document. */
  int32_t last_page;
  /** Told of each page searched by pdftools_document_search (NULL: none).  (Version 2.) */
  pdftools_progress_callback progress;
  /** Handed to progress.  (Version 2.) */
  void *progress_user_data;
} pdftools_search_options;

/** The version of pdftools_search_options this header describes. */
#define PDFTOOLS_SEARCH_OPTIONS_VERSION 2

/** Default search options: ignore case, whole document. */
#define PDFTOOLS_SEARCH_OPTIONS_INIT { PDFTOOLS_SEARCH_OPTIONS_VERSION, 0, 0, -1, NULL, NULL }

/**
 * Sets *options to the defaults of version (the values PDFTOOLS_SEARCH_OPTIONS_INIT
 * gives in this header for its version), for callers that cannot use the
 * macro (bindings through an FFI).  Bytes past that version's struct are left
 * alone.  Errors: INVALID_ARGUMENT (options NULL, version 0 or newer than this
 * library's).
 */
pdftools_status pdftools_search_options_init(pdftools_search_options *options, uint32_t version);

/**
 * Finds every occurrence of query (UTF-8, non-empty) in the pages the
 * options name (NULL: defaults), in page and reading order.  White space in
 * the query matches any run of white space, including line breaks, so
 * matches may cross lines.  Each match is a pdftools_selection (on one page);
 * its rectangles come from pdftools_selection_get_rects.  Array pattern as for
 * pdftools_page_get_chars.
 * Each page is read once, whether or not buf is NULL (a size query followed
 * by the same search with a buffer reuses the first one's result, which is
 * let go once a buffer received it).
 * Errors: INVALID_HANDLE, INVALID_ARGUMENT (NULL or empty query, bad
 * options), OUT_OF_RANGE (pages), BUFFER_TOO_SMALL, CANCELLED (the options'
 * progress callback said stop).
 */
pdftools_status pdftools_document_search(pdftools_document *doc, const char *query,
                                         const pdftools_search_options *options,
                                         pdftools_selection *buf, int32_t capacity, int32_t *out_count);

/**
 * Finds the next (forward != 0) or previous occurrence of query after or
 * before the position from (NULL: the start, or the end when searching
 * backwards), for a "find next" button: pages are read only as far as needed
 * and their text stays cached.  The search does not wrap around.
 * Errors: INVALID_HANDLE, INVALID_ARGUMENT, OUT_OF_RANGE, NOT_FOUND (no
 * further occurrence).
 */
pdftools_status pdftools_document_search_next(pdftools_document *doc, const char *query,
                                              const pdftools_search_options *options,
                                              const pdftools_selection *from, pdftools_bool forward,
                                              pdftools_selection *out_match);

/* ------------------------------------------------------------------------ */
/* Annotations                                                               */
/* ------------------------------------------------------------------------ */
/*
 * Annotations are named by ids: unique in their document, stable across edits
 * and saves of the open document, never reused.  An id is given out when a
 * page's annotations are first listed.  A deleted (stale) id gives
 * PDFTOOLS_E_NOT_FOUND.  Changes need the annotate permission
 * (PDFTOOLS_E_NOT_PERMITTED otherwise).
 */

/** An annotation id; never 0. */
typedef int64_t pdftools_annotation_id;

/**
 * The ids of the annotations of a page in z-order (the order of /Annots,
 * back to front), array pattern as for pdftools_page_get_chars.  Widgets and
 * every other subtype are included.
 * Errors: INVALID_HANDLE, INVALID_ARGUMENT, OUT_OF_RANGE, BUFFER_TOO_SMALL.
 */
pdftools_status pdftools_page_get_annotations(pdftools_document *doc, int32_t page_index,
                                              pdftools_annotation_id *buf, int32_t capacity,
                                              int32_t *out_count);

/**
 * *out_page receives the index of the page annotation id is on: the first
 * page listing it when the /Annots of several pages hold the same dictionary.
 * Errors: INVALID_HANDLE, INVALID_ARGUMENT, NOT_FOUND.
 */
pdftools_status pdftools_annotation_get_page(pdftools_document *doc, pdftools_annotation_id id,
                                             int32_t *out_page);

/**
 * Copies the annotation's /Subtype name without the slash ("Highlight",
 * "Widget", or whatever name the file uses; "" when missing), two-call
 * pattern.  Errors: INVALID_HANDLE, INVALID_ARGUMENT, NOT_FOUND, BUFFER_TOO_SMALL.
 */
pdftools_status pdftools_annotation_get_subtype(pdftools_document *doc, pdftools_annotation_id id,
                                                char *buf, size_t buf_size, size_t *out_size);

/**
 * *out_rect receives the annotation's /Rect in page space (all zero when the
 * file has none or a malformed one).  Errors: INVALID_HANDLE, INVALID_ARGUMENT, NOT_FOUND.
 */
pdftools_status pdftools_annotation_get_rect(pdftools_document *doc, pdftools_annotation_id id,
                                             pdftools_rect *out_rect);

/**
 * Copies a text entry of the annotation ("Contents", "T" (author), "Subj",
 * "NM", "M", "CreationDate", ...) decoded to UTF-8, two-call pattern.
 * Errors: INVALID_HANDLE, INVALID_ARGUMENT (bad key), NOT_FOUND (no such
 * annotation, or no such text entry), BUFFER_TOO_SMALL.
 */
pdftools_status pdftools_annotation_get_text(pdftools_document *doc, pdftools_annotation_id id,
                                             const char *key, char *buf, size_t buf_size,
                                             size_t *out_size);

/**
 * Copies, as UTF-8 (two-call pattern), the characters of the text the
 * library draws in the annotation's appearance (a FreeText's contents, a
 * Line's caption, a Stamp's label) that no installed font covers, each once
 * in order of first appearance; "" when every character can be drawn or the
 * subtype draws no text.  Such characters are drawn as the font's
 * missing-glyph box, and the call that draws them logs a warning naming
 * them as code points; /Contents always keeps the text.  Text is drawn in a
 * standard 14 font when the font asked for is one and WinAnsiEncoding holds
 * every character; otherwise fontconfig finds an installed font for each
 * character, HarfBuzz shapes the text and a subset of each font is
 * embedded (Type0, Identity-H, with /ToUnicode).  The answer depends on
 * the fonts installed.  Since 1.1.
 * Errors: INVALID_HANDLE, NOT_FOUND (no such annotation), BUFFER_TOO_SMALL.
 */
pdftools_status pdftools_annotation_get_missing_characters(pdftools_document *doc,
                                                           pdftools_annotation_id id, char *buf,
                                                           size_t buf_size, size_t *out_size);

/**
 * The escape hatch for what the typed functions do not cover: copies the
 * value of key (a name without the slash) in PDF syntax, e.g.
 * "[ /OpenArrow /None ]" or "12 0 R", two-call pattern.
 * Errors: INVALID_HANDLE, INVALID_ARGUMENT (bad key), NOT_FOUND (no such
 * annotation or key), BUFFER_TOO_SMALL.
 */
pdftools_status pdftools_annotation_get_raw(pdftools_document *doc, pdftools_annotation_id id,
                                            const char *key, char *buf, size_t buf_size,
                                            size_t *out_size);

/**
 * Sets key of the annotation to the object written in PDF syntax (direct
 * objects only: no "n g R" references), or removes the key when syntax is
 * NULL.  /Type, /Subtype, /P, /Parent and /Popup cannot be set this way.
 * The annotation's appearance stream is not rebuilt.
 * Errors: INVALID_HANDLE, INVALID_ARGUMENT (bad key, unparsable syntax),
 * NOT_FOUND, NOT_PERMITTED (a protected key, or the document's permissions).
 */
pdftools_status pdftools_annotation_set_raw(pdftools_document *doc, pdftools_annotation_id id,
                                            const char *key, const char *syntax);

/**
 * Deletes the annotation from its page, together with the popup that
 * belongs to it.  Their ids become stale.
 * Errors: INVALID_HANDLE, NOT_FOUND, NOT_PERMITTED.
 */
pdftools_status pdftools_annotation_delete(pdftools_document *doc, pdftools_annotation_id id);

/* ------------------------------------------------------------------------ */
/* Creating and changing annotations                                         */
/* ------------------------------------------------------------------------ */
/*
 * Every function here that changes an annotation validates all its input
 * first (nothing is half-written) and updates the annotation's /M.  When the
 * change shows in the annotation's look, it rebuilds the appearance stream
 * (/AP /N) from the properties, so it looks the same in every viewer; a
 * change that does not show (author, subject, /NM, flags, the open state,
 * and contents except of a FreeText or a Line's caption) leaves the
 * appearance as it is, whoever made it.  A Stamp whose artwork another
 * program drew keeps it: a new /Rect fits it to the rectangle, an opacity
 * below 1 draws it through a form that sets the opacity, a stamp name
 * (pdftools_annotation_set_icon) or an image replaces it, and a change of
 * colour, fill, border or cloudiness is refused with PDFTOOLS_E_UNSUPPORTED.
 * /QuadPoints stored going round the quad (as some writers do) are read in
 * the order of pdftools_quad.  A change of look only (colour, opacity,
 * border) keeps the /Rect of a Line, PolyLine, Polygon, Ink or text markup
 * annotation, growing it only by what the drawing needs; a change of its
 * geometry fits /Rect to the new drawing.  Note and attachment icons are
 * 20 points wide, smaller when /Rect is.  A FreeText's text colour is the
 * colour of its /DS style string when that has one, else of /DA; setting it
 * removes /DS.  Coordinates are in page space.  Appearance
 * text uses a standard 14 font with WinAnsiEncoding: characters outside
 * WinAnsi are shown as '?' in the appearance, while /Contents keeps the text
 * intact.
 * Errors common to all: INVALID_HANDLE, INVALID_ARGUMENT (non-finite numbers,
 * empty rectangles, empty lists, bad enums), NOT_FOUND (stale id),
 * NOT_PERMITTED (the document's permissions forbid annotation changes).
 */

/** An RGB colour, components 0..1 (clamped). */
typedef struct pdftools_color {
  double r; /**< Red. */
  double g; /**< Green. */
  double b; /**< Blue. */
} pdftools_color;

/** What an annotation list shows of one annotation (pdftools_page_get_annotation_infos). */
typedef struct pdftools_annotation_info {
  /** The annotation's id. */
  pdftools_annotation_id id;
  /** /Rect in page space (all zero when missing or malformed). */
  pdftools_rect rect;
  /** /C as RGB (meaningful when has_color is 1); a FreeText's background. */
  pdftools_color color;
  /** /CA (1 when absent). */
  double opacity;
  /** The length of /Contents in UTF-8 bytes, without a NUL (0 when absent). */
  size_t contents_size;
  /** The id of the annotation this one replies to (/IRT), or 0. */
  pdftools_annotation_id in_reply_to;
  /** /F, pdftools_annotation_flags bits. */
  uint32_t flags;
  /** 1 when /C holds a colour, 0 when it is absent or empty (transparent). */
  pdftools_bool has_color;
  /** The /Subtype name, NUL-terminated ("" when missing; longer names are cut at 31 bytes). */
  char subtype[32];
} pdftools_annotation_info;

/**
 * Every annotation of page page_index in z-order, with the properties an
 * annotation list shows, in one call: array pattern as for
 * pdftools_page_get_chars (buf NULL: *out_count receives the count).
 * element_size is sizeof(pdftools_annotation_info) as the caller knows it;
 * each element is written with that stride, only its first element_size
 * bytes (a caller built against an older, shorter struct keeps working;
 * element_size must reach at least the subtype field's end; bytes past the
 * struct this library knows are left as they are).  The page is
 * listed once per change of it, so calling this after every change costs
 * O(annotations of the page).  Errors: INVALID_HANDLE, INVALID_ARGUMENT
 * (out_count NULL, element_size too small), OUT_OF_RANGE,
 * BUFFER_TOO_SMALL.
 */
pdftools_status pdftools_page_get_annotation_infos(pdftools_document *doc, int32_t page_index,
                                                   size_t element_size,
                                                   pdftools_annotation_info *buf, int32_t capacity,
                                                   int32_t *out_count);

/** How pdftools_document_list_annotations orders threads (since 1.3). */
typedef enum pdftools_list_order {
  /** Page order: the z-order of each page (the order of /Annots). */
  PDFTOOLS_LIST_BY_PAGE = 0,
  /** The modified (else created) date, oldest first; undated annotations last. */
  PDFTOOLS_LIST_BY_DATE = 1,
  /** The author (/T, by code points), then page order. */
  PDFTOOLS_LIST_BY_AUTHOR = 2,
  /** The subtype name, then page order. */
  PDFTOOLS_LIST_BY_SUBTYPE = 3
} pdftools_list_order;

/** What an annotation list picks and how it orders it (since 1.3).
    Initialise with PDFTOOLS_ANNOTATION_LIST_OPTIONS_INIT. */
typedef struct pdftools_annotation_list_options {
  /** PDFTOOLS_ANNOTATION_LIST_OPTIONS_VERSION (or an older version). */
  uint32_t version;
  /** First page listed. */
  int32_t first_page;
  /** Last page listed; -1 for the last page of the document. */
  int32_t last_page;
  /** Comma-separated subtypes of a thread's first annotation ("Highlight,Text"); NULL for all. */
  const char *subtypes;
  /** Authors (/T) of a thread's first annotation, separated by line feeds; NULL for all. */
  const char *authors;
  /** Only threads whose first annotation was modified (or else created) at or after this
      date, a PDF date ("D:20261201") or ISO 8601 ("2026-12-01T10:00:00Z"); NULL: no bound. */
  const char *since;
  /** Only threads whose first annotation is dated at or before this date; NULL: no bound. */
  const char *until;
  /** UTF-8 text that the contents, subject or author of some annotation of a thread contain
      (compared without regard to case); NULL or "" for every thread. */
  const char *text;
  /** How threads are ordered. */
  pdftools_list_order order;
  /** Nonzero reverses the order (pages stay in order while grouped by page). */
  pdftools_bool descending;
  /** Nonzero groups threads by page (page order first, then order); 0 orders them across
      the document. */
  pdftools_bool by_page;
} pdftools_annotation_list_options;

/** The version of pdftools_annotation_list_options this header describes. */
#define PDFTOOLS_ANNOTATION_LIST_OPTIONS_VERSION 1

/** Default list options: every thread of every page, in page order. */
#define PDFTOOLS_ANNOTATION_LIST_OPTIONS_INIT \
  { PDFTOOLS_ANNOTATION_LIST_OPTIONS_VERSION, 0, -1, NULL, NULL, NULL, NULL, NULL, PDFTOOLS_LIST_BY_PAGE, 0, 1 }

/**
 * Sets *options to the defaults of version, as pdftools_search_options_init.
 * Errors: INVALID_ARGUMENT (options NULL, version 0 or newer than this
 * library's).
 */
pdftools_status pdftools_annotation_list_options_init(pdftools_annotation_list_options *options,
                                                      uint32_t version);

/** One row of an annotation list (since 1.3). */
typedef struct pdftools_annotation_list_entry {
  pdftools_annotation_id id; /**< The annotation. */
  int32_t page_index;        /**< Its page. */
  int32_t depth;             /**< 0 for a thread's first annotation, 1 for its replies, ... */
  int32_t reply_count;       /**< Direct replies, listed right after it (each with its own). */
} pdftools_annotation_list_entry;

/**
 * The annotations of a side panel (since 1.3): reply threads (an annotation
 * and those that name it by /IRT, nested depth first, oldest reply first)
 * picked and ordered by options (NULL: defaults), one row per annotation.
 * Popups and form widgets are left out.  Array pattern with element_size as
 * for pdftools_page_get_annotation_infos (entries NULL: *out_count receives
 * the count).  Costs what the pages listed hold; call it again after a
 * change (ids follow their pages when pages move).
 * Errors: INVALID_HANDLE, INVALID_ARGUMENT (out_count NULL, element_size
 * too small, options' version, an unknown order, a date that is not one,
 * text that is not UTF-8), OUT_OF_RANGE (a page), BUFFER_TOO_SMALL.
 */
pdftools_status pdftools_document_list_annotations(pdftools_document *doc,
                                                   const pdftools_annotation_list_options *options,
                                                   size_t element_size, pdftools_annotation_list_entry *entries,
                                                   int32_t capacity, int32_t *out_count);

/** Which colour of an annotation. */
typedef enum pdftools_color_role {
  /**
   * Border, line and icon colour (/C); for text markup, the markup colour.  A
   * FreeText's border is drawn in its text colour, as every viewer draws it:
   * for a FreeText this is the colour of /DA (the same as
   * pdftools_annotation_set_free_text's), and it cannot be none.
   */
  PDFTOOLS_COLOR_STROKE = 0,
  /**
   * Fill of shapes and closed line endings (/IC).  A FreeText's background is
   * its /C, as Acrobat, MuPDF, PDFium and poppler read it (/IC is not a
   * FreeText entry); a typewriter FreeText is never filled.
   */
  PDFTOOLS_COLOR_INTERIOR = 1
} pdftools_color_role;

/** Border styles (/BS /S). */
typedef enum pdftools_border_style {
  PDFTOOLS_BORDER_SOLID = 0,     /**< Solid. */
  PDFTOOLS_BORDER_DASHED = 1,    /**< Dashed, with a dash array. */
  PDFTOOLS_BORDER_BEVELED = 2,   /**< Embossed. */
  PDFTOOLS_BORDER_INSET = 3,     /**< Sunken. */
  PDFTOOLS_BORDER_UNDERLINE = 4  /**< Bottom edge only. */
} pdftools_border_style;

/** Line endings (/LE) of Line and PolyLine annotations. */
typedef enum pdftools_line_ending {
  PDFTOOLS_ENDING_NONE = 0,           /**< None. */
  PDFTOOLS_ENDING_SQUARE = 1,         /**< Square. */
  PDFTOOLS_ENDING_CIRCLE = 2,         /**< Circle. */
  PDFTOOLS_ENDING_DIAMOND = 3,        /**< Diamond. */
  PDFTOOLS_ENDING_OPEN_ARROW = 4,     /**< Open arrowhead. */
  PDFTOOLS_ENDING_CLOSED_ARROW = 5,   /**< Closed arrowhead. */
  PDFTOOLS_ENDING_BUTT = 6,           /**< Perpendicular bar. */
  PDFTOOLS_ENDING_R_OPEN_ARROW = 7,   /**< Reversed open arrowhead. */
  PDFTOOLS_ENDING_R_CLOSED_ARROW = 8, /**< Reversed closed arrowhead. */
  PDFTOOLS_ENDING_SLASH = 9           /**< Slanted bar. */
} pdftools_line_ending;

/** Annotation flags (/F). */
typedef enum pdftools_annotation_flags {
  PDFTOOLS_ANNOT_INVISIBLE = 1 << 0,       /**< Invisible (unknown subtypes). */
  PDFTOOLS_ANNOT_HIDDEN = 1 << 1,          /**< Hidden. */
  PDFTOOLS_ANNOT_PRINT = 1 << 2,           /**< Printed (set on creation). */
  PDFTOOLS_ANNOT_NO_ZOOM = 1 << 3,         /**< Does not scale with zoom. */
  PDFTOOLS_ANNOT_NO_ROTATE = 1 << 4,       /**< Does not rotate with the page. */
  PDFTOOLS_ANNOT_NO_VIEW = 1 << 5,         /**< Not shown on screen. */
  PDFTOOLS_ANNOT_READ_ONLY = 1 << 6,       /**< No interaction. */
  PDFTOOLS_ANNOT_LOCKED = 1 << 7,          /**< Cannot be moved, resized or deleted by tools. */
  PDFTOOLS_ANNOT_TOGGLE_NO_VIEW = 1 << 8,  /**< NoView toggles on hover. */
  PDFTOOLS_ANNOT_LOCKED_CONTENTS = 1 << 9  /**< Contents cannot be edited by tools. */
} pdftools_annotation_flags;

/**
 * Creates an annotation of subtype ("Text", "FreeText", "Line", "Square",
 * "Circle", "Polygon", "PolyLine", "Ink", "Highlight", "Underline",
 * "Squiggly", "StrikeOut", "Stamp", "FileAttachment", "Link", "Popup",
 * "Caret") with rect on page page_index, in front of the others.  It gets a
 * unique /NM, creation and modification dates, the print flag, a default
 * colour, default geometry filling rect (quads, ink, vertices, line) and an
 * appearance.  *out_id receives its id.  Errors: see above; INVALID_ARGUMENT
 * for an unknown subtype; OUT_OF_RANGE for the page.
 */
pdftools_status pdftools_annotation_create(pdftools_document *doc, int32_t page_index,
                                           const char *subtype, pdftools_rect rect,
                                           pdftools_annotation_id *out_id);

/**
 * Sets /Rect.  Line, PolyLine, Polygon, Ink and text markup annotations get
 * the box around what they draw instead.  A FreeText's rect is its text box;
 * its callout line follows it (all of it on a move; on a resize the spot
 * pointed at stays and the end on the box moves with the box).
 */
pdftools_status pdftools_annotation_set_rect(pdftools_document *doc, pdftools_annotation_id id,
                                             pdftools_rect rect);

/**
 * Moves the annotation by (dx, dy) page-space units with all its geometry:
 * /Rect, /QuadPoints, /InkList, /Vertices, /L, /CL and the /Rect of its
 * pop-up.  The appearance stream is kept, whoever made it: viewers fit it to
 * the moved /Rect, so the annotation looks the same at its new place.  One
 * undo step.  Since 1.1.  Errors: see above; INVALID_ARGUMENT also when the
 * moved rectangle would leave the coordinate range; DAMAGED when the
 * annotation has no readable /Rect.
 */
pdftools_status pdftools_annotation_translate(pdftools_document *doc, pdftools_annotation_id id,
                                              double dx, double dy);

/**
 * Writes the library's appearance stream for every annotation of page
 * page_index (-1: of every page) that has none and that the library draws
 * (the subtypes pdftools_annotation_create makes, but for pop-ups, which
 * viewers draw themselves).  Their /Rect is kept, growing only by what the
 * drawing needs.  One undo step when anything was written.  *out_count (may
 * be NULL) receives how many annotations got an appearance.  Since 1.1.
 * Errors: INVALID_HANDLE, OUT_OF_RANGE (page_index below -1 or past the
 * last page), NOT_PERMITTED.
 */
pdftools_status pdftools_document_generate_appearances(pdftools_document *doc, int32_t page_index,
                                                       int32_t *out_count);

/** Sets a colour; color NULL means none (transparent border, no fill). */
pdftools_status pdftools_annotation_set_color(pdftools_document *doc, pdftools_annotation_id id,
                                              pdftools_color_role role,
                                              const pdftools_color *color);

/**
 * *out_present receives 1 and *out_color the colour, or 0 when the annotation
 * has none (out_color untouched).  Gray and CMYK colours are converted.
 */
pdftools_status pdftools_annotation_get_color(pdftools_document *doc, pdftools_annotation_id id,
                                              pdftools_color_role role, pdftools_color *out_color,
                                              pdftools_bool *out_present);

/** Sets the constant opacity /CA, 0..1. */
pdftools_status pdftools_annotation_set_opacity(pdftools_document *doc, pdftools_annotation_id id,
                                                double opacity);

/** *out_opacity receives /CA (1 when absent). */
pdftools_status pdftools_annotation_get_opacity(pdftools_document *doc, pdftools_annotation_id id,
                                                double *out_opacity);

/**
 * Sets the border: width (0..1000 points, 0 for none), style, and for
 * PDFTOOLS_BORDER_DASHED the dash array (dashes may be NULL when dash_count
 * is 0, which means [3]).
 */
pdftools_status pdftools_annotation_set_border(pdftools_document *doc, pdftools_annotation_id id,
                                               double width, pdftools_border_style style,
                                               const double *dashes, int32_t dash_count);

/** The border width and style (either pointer may be NULL). */
pdftools_status pdftools_annotation_get_border(pdftools_document *doc, pdftools_annotation_id id,
                                               double *out_width, pdftools_border_style *out_style);

/** Sets the cloudy border effect (/BE) intensity, 0 (none) to 2. Square, Circle, Polygon, FreeText. */
pdftools_status pdftools_annotation_set_cloudy(pdftools_document *doc, pdftools_annotation_id id,
                                               double intensity);

/**
 * Sets a text entry: key "Contents", "T" (author), "Subj" (subject), "NM"
 * (unique name) or "RC" (rich text); value UTF-8, NULL removes it.
 */
pdftools_status pdftools_annotation_set_text(pdftools_document *doc, pdftools_annotation_id id,
                                             const char *key, const char *value);

/** Sets /F to pdftools_annotation_flags bits. */
pdftools_status pdftools_annotation_set_flags(pdftools_document *doc, pdftools_annotation_id id,
                                              uint32_t flags);

/** *out_flags receives /F (0 when absent). */
pdftools_status pdftools_annotation_get_flags(pdftools_document *doc, pdftools_annotation_id id,
                                              uint32_t *out_flags);

/** Sets /QuadPoints of a text markup (or Link) annotation; count >= 1. */
pdftools_status pdftools_annotation_set_quads(pdftools_document *doc, pdftools_annotation_id id,
                                              const pdftools_quad *quads, int32_t count);

/** The quads, array pattern as for pdftools_page_get_chars. */
pdftools_status pdftools_annotation_get_quads(pdftools_document *doc, pdftools_annotation_id id,
                                              pdftools_quad *buf, int32_t capacity,
                                              int32_t *out_count);

/**
 * Sets /InkList: stroke_count strokes, stroke i made of stroke_lengths[i]
 * (>= 1) consecutive points of points.
 */
pdftools_status pdftools_annotation_set_ink(pdftools_document *doc, pdftools_annotation_id id,
                                            const pdftools_point *points,
                                            const int32_t *stroke_lengths, int32_t stroke_count);

/**
 * The ink strokes: all points (array pattern on points/point_capacity/
 * out_point_count) and the number of points of each stroke (array pattern
 * on stroke_lengths/stroke_capacity/out_stroke_count).  Either buffer may be
 * NULL to learn its count.  When a given buffer is too small:
 * PDFTOOLS_E_BUFFER_TOO_SMALL, both counts written and neither buffer.
 */
pdftools_status pdftools_annotation_get_ink(pdftools_document *doc, pdftools_annotation_id id,
                                            pdftools_point *points, int32_t point_capacity,
                                            int32_t *out_point_count, int32_t *stroke_lengths,
                                            int32_t stroke_capacity, int32_t *out_stroke_count);

/** Sets /Vertices of a Polygon or PolyLine; count >= 2. */
pdftools_status pdftools_annotation_set_vertices(pdftools_document *doc, pdftools_annotation_id id,
                                                 const pdftools_point *points, int32_t count);

/** The vertices, array pattern. */
pdftools_status pdftools_annotation_get_vertices(pdftools_document *doc,
                                                 pdftools_annotation_id id, pdftools_point *buf,
                                                 int32_t capacity, int32_t *out_count);

/** Sets a Line's end points, endings and leader line length and extension (0 for none). */
pdftools_status pdftools_annotation_set_line(pdftools_document *doc, pdftools_annotation_id id,
                                             pdftools_point start, pdftools_point end,
                                             pdftools_line_ending start_ending,
                                             pdftools_line_ending end_ending,
                                             double leader_length, double leader_extension);

/** A Line's end points and endings (any pointer may be NULL). NOT_FOUND when /L is missing. */
pdftools_status pdftools_annotation_get_line(pdftools_document *doc, pdftools_annotation_id id,
                                             pdftools_point *out_start, pdftools_point *out_end,
                                             pdftools_line_ending *out_start_ending,
                                             pdftools_line_ending *out_end_ending);

/** Sets the line endings of a Line or PolyLine. */
pdftools_status pdftools_annotation_set_line_endings(pdftools_document *doc,
                                                     pdftools_annotation_id id,
                                                     pdftools_line_ending start,
                                                     pdftools_line_ending end);

/**
 * Sets /Name: the icon of a Text ("Note", "Comment", "Key", "Help",
 * "NewParagraph", "Paragraph", "Insert") or FileAttachment ("PushPin",
 * "Paperclip", "Graph", "Tag") annotation, or a standard stamp name
 * ("Approved", "Draft", "Confidential", ...).
 */
pdftools_status pdftools_annotation_set_icon(pdftools_document *doc, pdftools_annotation_id id,
                                             const char *name);

/** Sets /Open of a Text or Popup annotation. */
pdftools_status pdftools_annotation_set_open(pdftools_document *doc, pdftools_annotation_id id,
                                             pdftools_bool open);

/** How the lines of a FreeText are aligned (its /Q). */
typedef enum pdftools_text_alignment {
  PDFTOOLS_ALIGN_LEFT = 0,   /**< Flush left. */
  PDFTOOLS_ALIGN_CENTER = 1, /**< Centred. */
  PDFTOOLS_ALIGN_RIGHT = 2   /**< Flush right. */
} pdftools_text_alignment;

/**
 * Sets a FreeText's standard font ("Helvetica", "Times-Roman", "Courier",
 * their bold/italic variants), size in points (0 < size <= 1000), text colour
 * (NULL: black; the border is drawn in it too), alignment and intent
 * ("FreeText", "FreeTextCallout", "FreeTextTypeWriter", also spelt
 * "FreeTextTypewriter"; NULL: "FreeText").  Errors: INVALID_HANDLE,
 * INVALID_ARGUMENT (an unknown font, size, alignment or intent), NOT_FOUND.
 */
pdftools_status pdftools_annotation_set_free_text(pdftools_document *doc,
                                                  pdftools_annotation_id id, const char *font,
                                                  double size, const pdftools_color *text_color,
                                                  pdftools_text_alignment alignment, const char *intent);

/**
 * A FreeText's font name (two-call pattern on font_buf, font_buf_size and
 * *out_font_name_size), size in points, text colour and alignment; pointers
 * other than out_font_name_size may be NULL.
 */
pdftools_status pdftools_annotation_get_free_text(pdftools_document *doc,
                                                  pdftools_annotation_id id, char *font_buf,
                                                  size_t font_buf_size, size_t *out_font_name_size,
                                                  double *out_point_size, pdftools_color *out_color,
                                                  pdftools_text_alignment *out_alignment);

/** Sets a FreeText callout line (/CL) of 2 or 3 points; count 0 removes it. */
pdftools_status pdftools_annotation_set_callout(pdftools_document *doc, pdftools_annotation_id id,
                                                const pdftools_point *points, int32_t count);

/**
 * Adds a Popup for annotation parent, shown in rect, open or not; *out_id
 * receives the popup's id.  Deleting the parent deletes the popup.
 */
pdftools_status pdftools_annotation_add_popup(pdftools_document *doc, pdftools_annotation_id parent,
                                              pdftools_rect rect, pdftools_bool open,
                                              pdftools_annotation_id *out_id);

/**
 * Makes annotation id a reply (/IRT) to parent, with reply type "R" or
 * "Group" (NULL: "R"); parent 0 removes the relation.
 */
pdftools_status pdftools_annotation_set_reply(pdftools_document *doc, pdftools_annotation_id id,
                                              pdftools_annotation_id parent, const char *type);

/** *out_parent receives the id of the annotation id replies to, or 0 for none. */
pdftools_status pdftools_annotation_get_reply(pdftools_document *doc, pdftools_annotation_id id,
                                              pdftools_annotation_id *out_parent);

/**
 * Moves the annotation to position index of its page's z-order: 0 is the
 * back; an index at or past the end brings it to the front.
 * Errors: also OUT_OF_RANGE for a negative index.
 */
pdftools_status pdftools_annotation_set_z_index(pdftools_document *doc, pdftools_annotation_id id,
                                                int32_t index);

/** Makes a Link open uri (printable ASCII; percent-encode the rest). */
pdftools_status pdftools_annotation_set_link_uri(pdftools_document *doc, pdftools_annotation_id id,
                                                 const char *uri);

/** Makes a Link go to page page_index of the document. */
pdftools_status pdftools_annotation_set_link_page(pdftools_document *doc,
                                                  pdftools_annotation_id id, int32_t page_index);

/** Copies a Link's URI, two-call pattern. NOT_FOUND when it has no URI action. */
pdftools_status pdftools_annotation_get_link_uri(pdftools_document *doc,
                                                 pdftools_annotation_id id, char *buf,
                                                 size_t buf_size, size_t *out_size);

/** *out_page receives the page a Link goes to. NOT_FOUND when it has no page destination. */
pdftools_status pdftools_annotation_get_link_page(pdftools_document *doc,
                                                  pdftools_annotation_id id, int32_t *out_page);

/** Embeds size bytes at data (copied; data may be NULL when size is 0) as a FileAttachment's file named name. */
pdftools_status pdftools_annotation_set_attachment(pdftools_document *doc,
                                                   pdftools_annotation_id id, const char *name,
                                                   const void *data, size_t size);

/**
 * A FileAttachment's embedded file: *out_data receives a copy (release with
 * pdftools_free; non-NULL even for an empty file) and *out_size its size; the
 * name comes by the two-call pattern on name/name_size/out_name_size (name
 * may be NULL).  NOT_FOUND when no file is embedded.
 */
pdftools_status pdftools_annotation_get_attachment(pdftools_document *doc,
                                                   pdftools_annotation_id id, void **out_data,
                                                   size_t *out_size, char *name, size_t name_size,
                                                   size_t *out_name_size);

/**
 * Gives a Stamp a custom image instead of a standard name: size bytes of PNG
 * (any colour type; transparency becomes a soft mask) or JPEG (gray, RGB or
 * CMYK, embedded as is), at most 10000 pixels a side.  The image is fitted
 * into the stamp's rect, centred, keeping its aspect ratio.
 * Errors: see above; INVALID_ARGUMENT for other or unreadable data, or when
 * the annotation is not a Stamp.
 */
pdftools_status pdftools_annotation_set_stamp_image(pdftools_document *doc,
                                                    pdftools_annotation_id id, const void *data,
                                                    size_t size);

/* ------------------------------------------------------------------------ */
/* Undo and redo                                                             */
/* ------------------------------------------------------------------------ */
/*
 * Every change made through this API (metadata, pages, annotations, raw
 * entries) is recorded in the document's journal as the states of the PDF
 * objects it touched, before and after.  Undo and redo restore those states
 * exactly (same annotation ids, /NM, z-order and appearance) and drop the
 * caches they affect (text pages, the poppler view).  One call is one step,
 * except inside a group, and consecutive changes of the same properties of
 * the same annotations (a slider drag) merge into one step.  A new change
 * drops the redo steps.  Saving keeps the history; after undo, saving writes
 * the restored state.  The journal is on by default.
 */

/**
 * Undoes the last step.  *out_done (may be NULL) receives 1, or 0 when there
 * was nothing to undo.  Errors: INVALID_HANDLE, NOT_PERMITTED (a group is open).
 */
pdftools_status pdftools_undo_undo(pdftools_document *doc, pdftools_bool *out_done);

/** Redoes the last undone step; as pdftools_undo_undo. */
pdftools_status pdftools_undo_redo(pdftools_document *doc, pdftools_bool *out_done);

/**
 * *out_can_undo and *out_can_redo (either may be NULL) receive 1 when a step
 * can be undone or redone.  Errors: INVALID_HANDLE.
 */
pdftools_status pdftools_undo_get_state(pdftools_document *doc, pdftools_bool *out_can_undo,
                                        pdftools_bool *out_can_redo);

/**
 * Copies the label of the step the next undo (redo != 0: redo) would
 * revert, e.g. "Add Highlight" or "Change Color", two-call pattern.
 * Errors: INVALID_HANDLE, INVALID_ARGUMENT, NOT_FOUND (no such step),
 * BUFFER_TOO_SMALL.
 */
pdftools_status pdftools_undo_get_label(pdftools_document *doc, pdftools_bool redo, char *buf,
                                        size_t buf_size, size_t *out_size);

/**
 * Opens a group: every change until the matching pdftools_undo_end_group is one
 * step, labelled label (UTF-8; the outermost group's label counts).  Groups
 * nest.  A group of changes of the same properties on several annotations
 * (a style change on a selection) merges with a following identical one.
 * Errors: INVALID_HANDLE, INVALID_ARGUMENT (label NULL or not UTF-8).
 */
pdftools_status pdftools_undo_begin_group(pdftools_document *doc, const char *label);

/** Closes the innermost group. Errors: INVALID_HANDLE, NOT_PERMITTED (no group is open). */
pdftools_status pdftools_undo_end_group(pdftools_document *doc);

/**
 * Sets how many steps the journal keeps (default 500) and how many bytes of
 * object states (default 64 MiB); older steps are dropped first, and dropping
 * never affects newer steps.  Errors: INVALID_HANDLE, INVALID_ARGUMENT (steps
 * negative, bytes beyond what the machine can address).
 */
pdftools_status pdftools_undo_set_limits(pdftools_document *doc, int32_t steps, size_t bytes);

/**
 * Turns the journal on (nonzero) or off; turning it off also clears it (for
 * batch jobs).  Errors: INVALID_HANDLE.
 */
pdftools_status pdftools_undo_set_enabled(pdftools_document *doc, pdftools_bool enabled);

/** Forgets every undo and redo step; the document stays as it is. Errors: INVALID_HANDLE. */
pdftools_status pdftools_undo_clear(pdftools_document *doc);

/**
 * Receives undo-state changes: after every change, undo, redo, save, clear
 * or limit change of the document.  Runs on the thread that made that call,
 * after it completed and with no document lock held, so it may call back into
 * the library (e.g. pdftools_undo_get_state to update a menu).
 */
typedef void (*pdftools_undo_callback)(pdftools_document *doc, void *user_data);

/**
 * Sets the document's undo callback; NULL removes it.  user_data is passed
 * back untouched.  Errors: INVALID_HANDLE.
 */
pdftools_status pdftools_undo_set_callback(pdftools_document *doc, pdftools_undo_callback callback,
                                           void *user_data);

/* ------------------------------------------------------------------------ */
/* Rendering                                                                 */
/* ------------------------------------------------------------------------ */

/** Pixel layouts of rendered images (4 bytes per pixel). */
typedef enum pdftools_pixel_format {
  /** Bytes B, G, R, A with colour premultiplied by alpha (cairo's and most toolkits' form). */
  PDFTOOLS_PIXEL_BGRA_PREMULTIPLIED = 0,
  /** Bytes R, G, B, A with straight alpha (PIL's "RGBA"). */
  PDFTOOLS_PIXEL_RGBA = 1
} pdftools_pixel_format;

/** Options for rendering.  Initialise with PDFTOOLS_RENDER_OPTIONS_INIT. */
typedef struct pdftools_render_options {
  /** PDFTOOLS_RENDER_OPTIONS_VERSION (or an older version). */
  uint32_t version;
  /** Pixels per display-space unit: 1.0 is 72 dpi, 2.0 is 144 dpi (above 0, at most 64). */
  double scale;
  /** A pdftools_pixel_format. */
  pdftools_pixel_format format;
  /** Left edge of the tile, in pixels of the whole page at this scale (0 for a whole page). */
  int32_t tile_x;
  /** Top edge of the tile, in pixels of the whole page at this scale. */
  int32_t tile_y;
  /** Background painted first, as 0xAARRGGBB (0 for transparent). */
  uint32_t background;
  /** Nonzero: draw annotations (with their appearance streams); 0: the page content only. */
  pdftools_bool draw_annotations;
} pdftools_render_options;

/** The version of pdftools_render_options this header describes. */
#define PDFTOOLS_RENDER_OPTIONS_VERSION 1

/** Default render options: scale 1, BGRA premultiplied, whole page, white, annotations drawn. */
#define PDFTOOLS_RENDER_OPTIONS_INIT \
  { PDFTOOLS_RENDER_OPTIONS_VERSION, 1.0, PDFTOOLS_PIXEL_BGRA_PREMULTIPLIED, 0, 0, 0xFFFFFFFFu, 1 }

/**
 * Sets *options to the defaults of version (the values PDFTOOLS_RENDER_OPTIONS_INIT
 * gives in this header for its version), for callers that cannot use the
 * macro (bindings through an FFI).  Bytes past that version's struct are left
 * alone.  Errors: INVALID_ARGUMENT (options NULL, version 0 or newer than this
 * library's).
 */
pdftools_status pdftools_render_options_init(pdftools_render_options *options, uint32_t version);

/**
 * The pixel size of the whole page rendered at scale: its display size
 * (rotated, cropped, UserUnit applied) times scale, rounded up (to the
 * nearest pixel when within 1e-6 of it, so 1650.0000000000002 is 1650).  Either
 * out-pointer may be NULL.  Errors: INVALID_HANDLE, INVALID_ARGUMENT (scale),
 * OUT_OF_RANGE.
 */
pdftools_status pdftools_page_get_render_size(pdftools_document *doc, int32_t page_index, double scale,
                                              int32_t *out_width, int32_t *out_height);

/**
 * Renders page page_index, as a person sees it (rotation and crop applied),
 * into the caller's buffer of width x height pixels with stride bytes per
 * row (stride >= width * 4, a multiple of 4; the buffer holds at least
 * stride * height bytes).  The pixels show the tile whose top-left corner is
 * (tile_x, tile_y) in the whole scaled page; pass the size from
 * pdftools_page_get_render_size and tile 0,0 for a whole page.  Unsaved changes
 * are shown.  options NULL means PDFTOOLS_RENDER_OPTIONS_INIT.  The
 * arguments are checked before a pixel is written; an INTERNAL failure
 * (cairo's) can leave the buffer partly drawn.
 * Errors: INVALID_HANDLE, INVALID_ARGUMENT (NULL buffer, sizes, stride,
 * options), OUT_OF_RANGE, DAMAGED (the page cannot be read), INTERNAL.
 */
pdftools_status pdftools_page_render(pdftools_document *doc, int32_t page_index,
                                     const pdftools_render_options *options, void *buffer,
                                     int32_t width, int32_t height, size_t stride);

/* ------------------------------------------------------------------------ */
/* Saving                                                                    */
/* ------------------------------------------------------------------------ */

/** How a document is written. */
typedef enum pdftools_save_mode {
  /** Write a complete new file. */
  PDFTOOLS_SAVE_FULL = 0,
  /**
   * Append only the changed and new objects to the original bytes (which stay
   * a byte-exact prefix, so signatures stay valid), with a cross-reference
   * section of the original's kind and /Prev.  In an encrypted document the
   * appended strings and streams are encrypted with the document's own key
   * (standard security handler, RC4 and AES, revisions 2 to 6).  Not possible
   * for new or repaired documents, documents rewritten while opening, or other
   * security handlers (PDFTOOLS_E_UNSUPPORTED), nor with options that ask for
   * a rewrite: linearize, object streams other than PRESERVE, compress_streams
   * 0, REMOVE encryption (PDFTOOLS_E_INVALID_ARGUMENT).  After an incremental
   * save to a path, later incremental saves append to what was written.
   */
  PDFTOOLS_SAVE_INCREMENTAL = 1,
  /**
   * Incremental when the document has signature fields, full otherwise.  A
   * full save invalidates every signature, so a document with signature
   * fields is never saved fully in this mode: when an incremental save is
   * impossible or an option asks for a rewrite, the save fails with
   * PDFTOOLS_E_NOT_PERMITTED (ask for PDFTOOLS_SAVE_FULL to rewrite it).
   */
  PDFTOOLS_SAVE_AUTO = 2
} pdftools_save_mode;

/** What to do with object streams when writing a full file. */
typedef enum pdftools_object_streams {
  /** Keep objects in object streams where the original had them. */
  PDFTOOLS_OBJECT_STREAMS_PRESERVE = 0,
  /** Write no object streams (most compatible with old readers). */
  PDFTOOLS_OBJECT_STREAMS_DISABLE = 1,
  /** Pack objects into object streams (smallest files). */
  PDFTOOLS_OBJECT_STREAMS_GENERATE = 2
} pdftools_object_streams;

/** What to do with an encrypted document's encryption when saving. */
typedef enum pdftools_encryption {
  /** Keep the original encryption and passwords. */
  PDFTOOLS_ENCRYPTION_KEEP = 0,
  /** Write an unencrypted file (needs the document opened, any password). */
  PDFTOOLS_ENCRYPTION_REMOVE = 1
} pdftools_encryption;

/** Options for saving.  Initialise with PDFTOOLS_SAVE_OPTIONS_INIT. */
typedef struct pdftools_save_options {
  /** PDFTOOLS_SAVE_OPTIONS_VERSION (or an older version). */
  uint32_t version;
  /** A pdftools_save_mode. */
  pdftools_save_mode mode;
  /** Nonzero: compress uncompressed streams with Flate.  0: keep as they are. */
  pdftools_bool compress_streams;
  /** A pdftools_object_streams. */
  pdftools_object_streams object_streams;
  /** Nonzero: write a linearized ("fast web view") file. */
  pdftools_bool linearize;
  /** A pdftools_encryption. */
  pdftools_encryption encryption;
  /**
   * Nonzero: pdftools_document_save may replace a read-only file (one with no
   * write permission bit, or one the caller may not write).  0: saving over
   * such a file fails with PDFTOOLS_E_PERMISSION_DENIED, as editors refuse.
   * (Version 2.)
   */
  pdftools_bool overwrite_readonly;
  /** Told how far the writing has come (NULL: nothing is told).  (Version 3.) */
  pdftools_progress_callback progress;
  /** Handed to progress.  (Version 3.) */
  void *progress_user_data;
} pdftools_save_options;

/** The version of pdftools_save_options this header describes. */
#define PDFTOOLS_SAVE_OPTIONS_VERSION 3

/** Default save options: automatic mode, compressed, object streams kept, encryption kept,
 * read-only files kept. */
#define PDFTOOLS_SAVE_OPTIONS_INIT                                                   \
  {                                                                                  \
    PDFTOOLS_SAVE_OPTIONS_VERSION, PDFTOOLS_SAVE_AUTO, 1,                            \
        PDFTOOLS_OBJECT_STREAMS_PRESERVE, 0, PDFTOOLS_ENCRYPTION_KEEP, 0, NULL, NULL \
  }

/**
 * Sets *options to the defaults of version (the values PDFTOOLS_SAVE_OPTIONS_INIT
 * gives in this header for its version), for callers that cannot use the
 * macro (bindings through an FFI).  Bytes past that version's struct are left
 * alone.  Errors: INVALID_ARGUMENT (options NULL, version 0 or newer than this
 * library's).
 */
pdftools_status pdftools_save_options_init(pdftools_save_options *options, uint32_t version);

/**
 * Saves the document to path (UTF-8).  options NULL means
 * PDFTOOLS_SAVE_OPTIONS_INIT.  The file is written to a temporary file in the
 * same folder (unnamed where the file system allows, else a locked
 * ".pdftools-save-*" file), flushed to disk and renamed over path, and the
 * folder is flushed: whatever stops the process (a crash, kill -9, a full
 * disk), path holds either its old bytes or all of the new ones.  A save
 * removes the ".pdftools-save-*" files that killed saves left in the folder.
 * Saving over the file the document was opened from is allowed; an
 * incremental save over it shares (reflink) or kernel-copies its bytes where
 * the file system allows, so only the update is written from memory.  An
 * existing file's permission bits are kept; a read-only file is replaced
 * only with overwrite_readonly; when path is a symbolic link, the file it
 * points to is replaced and the link stays.  After success the document
 * counts as unmodified.
 * Errors: INVALID_HANDLE, INVALID_ARGUMENT (path NULL, bad options),
 * UNSUPPORTED (incremental mode impossible), NOT_PERMITTED (an undo group is
 * open: the saved state must be one undo can return to; or AUTO mode on a
 * document with signature fields that cannot be saved incrementally),
 * FILE_NOT_FOUND (folder missing), PERMISSION_DENIED (also: path is read-only
 * and overwrite_readonly is 0), NOT_A_FILE (path is a folder, FIFO, device,
 * ...), IO, CANCELLED (the progress callback said stop: the file is as it
 * was), INTERNAL.
 */
pdftools_status pdftools_document_save(pdftools_document *doc, const char *path,
                                       const pdftools_save_options *options);

/**
 * Saves the document into a new memory block.  *out_data receives the bytes
 * (release with pdftools_free) and *out_size their count.  options as for
 * pdftools_document_save.  Does not change the modified state.
 * Errors: INVALID_HANDLE, INVALID_ARGUMENT, UNSUPPORTED, OUT_OF_MEMORY,
 * CANCELLED, INTERNAL.
 */
pdftools_status pdftools_document_save_to_memory(pdftools_document *doc,
                                                 const pdftools_save_options *options,
                                                 void **out_data, size_t *out_size);

/* ------------------------------------------------------------------------ */
/* Exchange: XFDF, change sets, reports and flattening                      */
/* ------------------------------------------------------------------------ */

/*
 * XFDF (ISO 19444-1, XFDF 3.0) carries annotations apart from the PDF.  The
 * library writes UTF-8 XFDF in the namespace "http://ns.adobe.com/xfdf/"
 * and reads XFDF with GLib's XML parser.  Annotations are matched by name
 * (/NM); an annotation without one is exported under a name made from its
 * object number ("pdftools-object-12-0"), by which an import finds it
 * again.  Every attribute the XFDF 3.0 specification defines for the
 * library's subtypes is written and read: page (from 0), rect, name, title,
 * subject, date, creationdate, flags, color, interior-color, opacity, width,
 * style, dashes, intensity, inreplyto, replyType, state, statemodel, icon,
 * coords, start, end, head, tail, leaderLength, leaderExtension,
 * leaderOffset, caption, justification, callout, intent, fringe, rotation,
 * symbol, file; the children contents, contents-richtext,
 * defaultappearance, defaultstyle, inklist, vertices, popup, data (an
 * attached file, hex), and a link's OnActivation URI action or Dest Fit
 * page.  Colours travel as #RRGGBB (8 bits a component).  Popups travel
 * inside their parents; widgets belong to form fields and are not
 * exported.  An imported annotation gets the appearance the library builds
 * (a stamp's artwork made by another program is not carried by XFDF).
 *
 * All functions of this section are since 1.2 and follow the document's
 * thread rules: calls on one document are serialized.
 */

/** What an import did.  Initialise with PDFTOOLS_IMPORT_RESULT_INIT. */
typedef struct pdftools_import_result {
  /** PDFTOOLS_IMPORT_RESULT_VERSION (or an older version). */
  uint32_t version;
  /** Annotations added. */
  int32_t added;
  /** Annotations changed (an annotation already in the state described is not counted). */
  int32_t changed;
  /** Annotations deleted (change sets only). */
  int32_t deleted;
  /** Elements left out, each named in a log warning: subtypes the library
      cannot add (sound, redact, ...) and deletions of names the document
      does not hold. */
  int32_t skipped;
} pdftools_import_result;

/** The version of pdftools_import_result this header describes. */
#define PDFTOOLS_IMPORT_RESULT_VERSION 1

/** An import result to be filled in. */
#define PDFTOOLS_IMPORT_RESULT_INIT { PDFTOOLS_IMPORT_RESULT_VERSION, 0, 0, 0, 0 }

/**
 * Writes the annotations of the document as an XFDF document, in a new
 * memory block: *out_xml receives it (NUL-terminated; release with
 * pdftools_free) and *out_size its length without the NUL.  pages (page_count
 * indices) limits the export to those pages, NULL (with page_count 0) means
 * every page; ids (id_count ids) limits it to those annotations, NULL means
 * all.  Subtypes XFDF has no element for are written under their
 * lowercased subtype name and named in a log warning.  What is written,
 * pdftools_document_import_xfdf reads: characters XML 1.0 cannot hold (controls
 * other than tab, line feed and carriage return; U+FFFE, U+FFFF) are left
 * out, a name left empty or equal to another's by that goes under one made
 * from the object number, and coordinates past 1000000 in magnitude (another
 * program's, or a box an appearance widened around geometry at the limit)
 * are written at the limit.
 * Errors: INVALID_HANDLE, INVALID_ARGUMENT (out_xml or out_size NULL, a
 * negative count, a count without its array), OUT_OF_RANGE (a page index),
 * OUT_OF_MEMORY.
 */
pdftools_status pdftools_document_export_xfdf(pdftools_document *doc, const int32_t *pages,
                                              int32_t page_count,
                                              const pdftools_annotation_id *ids,
                                              int32_t id_count, char **out_xml,
                                              size_t *out_size);

/**
 * Merges the annotations of an XFDF document (UTF-8): an annotation whose
 * name the document holds is brought to the state the XFDF describes
 * (entries the XFDF leaves out are removed; dates, popups, link targets and
 * files it leaves out are kept), every other one is added; appearances are
 * built by the library.  In-reply-to names may point at annotations of the
 * XFDF or of the document.  Characters XML 1.0 cannot hold, which character
 * references may still name, are left out of what is read, as the export
 * leaves them out.  One undo step ("Import XFDF"), all or nothing:
 * when anything is wrong nothing changes and the message names the
 * element and its line.  out_result (may be NULL) receives the counts.
 * Errors: INVALID_HANDLE, INVALID_ARGUMENT (xfdf NULL, not well-formed XML,
 * a root other than <xfdf>, a page that does not exist, a malformed number,
 * colour, flag or date, a missing name, page or rect, a name used twice, a
 * reply to an unknown name, out_result's version 0; an out_result of a newer
 * version gets the fields of this library's), NOT_PERMITTED (the document's
 * permissions forbid annotating).
 */
pdftools_status pdftools_document_import_xfdf(pdftools_document *doc, const char *xfdf,
                                              pdftools_import_result *out_result);

/**
 * *out_state receives a number naming the document's current state: it
 * changes with every step, undo and redo.  Give it later to
 * pdftools_document_export_changes to get what changed since (a change made
 * after this call never merges into the step that led to this state).
 * Errors: INVALID_HANDLE, INVALID_ARGUMENT (out_state NULL).
 */
pdftools_status pdftools_document_get_state_id(pdftools_document *doc, int64_t *out_state);

/**
 * Writes the annotation changes between state since (a value of
 * pdftools_document_get_state_id; -1: the last save, or the opening) and now
 * as an XFDF command document, the form Apryse's WebViewer exchanges:
 * <add> and <modify> hold whole annotations, <delete> holds
 * <id page="N">name</id> for each deleted one.  The changes are read from
 * the undo journal, so since must be a state the journal still holds (an
 * undone state counts: the changes then lead back to it).  Memory as for
 * pdftools_document_export_xfdf.
 * Errors: INVALID_HANDLE, INVALID_ARGUMENT (out_xml or out_size NULL, since
 * below -1), NOT_FOUND (since is not in the undo history, e.g. dropped by the undo
 * limits), NOT_PERMITTED (the journal is off, or an undo group is open),
 * OUT_OF_MEMORY.
 */
pdftools_status pdftools_document_export_changes(pdftools_document *doc, int64_t since,
                                                 char **out_xml, size_t *out_size);

/**
 * Applies an XFDF command document (<add>, <modify>, <delete>; an <annots>
 * list is merged as pdftools_document_import_xfdf merges it) as one undo
 * step ("Import Changes"), all or nothing.  An added name the document
 * holds is updated, a modified name it does not hold is added, a deleted
 * name it does not hold is skipped (both sides deleted it), so two copies
 * of a document that exchange their change sets end with equal
 * annotations.  out_result (may be NULL) receives the counts.
 * Errors: as pdftools_document_import_xfdf.
 */
pdftools_status pdftools_document_import_changes(pdftools_document *doc, const char *xfdf,
                                                 pdftools_import_result *out_result);

/** The formats of an annotation report. */
typedef enum pdftools_report_format {
  /** A JSON array of objects with the members id, name, page, page_label,
      subtype, author, subject, created, modified, contents, in_reply_to,
      replies (an array of names), state and state_model. */
  PDFTOOLS_REPORT_JSON = 0,
  /** CSV (RFC 4180): a header line with the same names, one line per
      annotation, fields quoted where needed, CRLF line ends; replies are
      separated by spaces. */
  PDFTOOLS_REPORT_CSV = 1
} pdftools_report_format;

/** Which annotations a report lists.  Initialise with PDFTOOLS_REPORT_OPTIONS_INIT. */
typedef struct pdftools_report_options {
  /** PDFTOOLS_REPORT_OPTIONS_VERSION (or an older version). */
  uint32_t version;
  /** First page listed. */
  int32_t first_page;
  /** Last page listed; -1 for the last page of the document. */
  int32_t last_page;
  /** Comma-separated subtypes listed ("Highlight,Text"); NULL for all. */
  const char *subtypes;
  /** Authors (/T) listed, separated by line feeds; NULL for all. */
  const char *authors;
  /** Only annotations modified (or else created) at or after this date,
      a PDF date ("D:20261201") or ISO 8601 ("2026-12-01T10:00:00Z"); NULL: no bound. */
  const char *since;
  /** Only annotations modified (or else created) at or before this date; NULL: no bound. */
  const char *until;
} pdftools_report_options;

/** The version of pdftools_report_options this header describes. */
#define PDFTOOLS_REPORT_OPTIONS_VERSION 1

/** Default report options: every annotation of every page. */
#define PDFTOOLS_REPORT_OPTIONS_INIT { PDFTOOLS_REPORT_OPTIONS_VERSION, 0, -1, NULL, NULL, NULL, NULL }

/**
 * Sets *options to the defaults of version, as pdftools_search_options_init.
 * Errors: INVALID_ARGUMENT (options NULL, version 0 or newer than this
 * library's).
 */
pdftools_status pdftools_report_options_init(pdftools_report_options *options, uint32_t version);

/**
 * A report of the annotations the options pick (NULL: defaults), in page
 * order, for a review meeting: each with its page label, subtype, author,
 * subject, dates, contents, the name it replies to, the names that reply to
 * it, and the review state its latest state reply sets.  Popups and widgets
 * are left out.  Memory as for pdftools_document_export_xfdf.
 * Errors: INVALID_HANDLE, INVALID_ARGUMENT (out_text or out_size NULL, an
 * unknown format, a date that is not one, options' version), OUT_OF_RANGE
 * (a page), OUT_OF_MEMORY.
 */
pdftools_status pdftools_document_get_annotation_report(pdftools_document *doc,
                                                        const pdftools_report_options *options,
                                                        pdftools_report_format format,
                                                        char **out_text, size_t *out_size);

/** What pdftools_document_flatten burns in.  Initialise with PDFTOOLS_FLATTEN_OPTIONS_INIT. */
typedef struct pdftools_flatten_options {
  /** PDFTOOLS_FLATTEN_OPTIONS_VERSION (or an older version). */
  uint32_t version;
  /** Page indices (page_count of them); NULL for every page. */
  const int32_t *pages;
  /** The count of pages. */
  int32_t page_count;
  /** Annotation ids (id_count of them); NULL for every annotation of the pages. */
  const pdftools_annotation_id *ids;
  /** The count of ids. */
  int32_t id_count;
  /** Comma-separated subtypes flattened ("Highlight,Ink"); NULL for every
      subtype but Widget (form fields). */
  const char *subtypes;
  /** Nonzero: flatten a document with signature fields, which invalidates
      its signatures. */
  pdftools_bool allow_invalidating_signatures;
} pdftools_flatten_options;

/** The version of pdftools_flatten_options this header describes. */
#define PDFTOOLS_FLATTEN_OPTIONS_VERSION 1

/** Default flatten options: every annotation but widgets, on every page. */
#define PDFTOOLS_FLATTEN_OPTIONS_INIT { PDFTOOLS_FLATTEN_OPTIONS_VERSION, NULL, 0, NULL, 0, NULL, 0 }

/**
 * Sets *options to the defaults of version, as pdftools_search_options_init.
 * Errors: INVALID_ARGUMENT (options NULL, version 0 or newer than this
 * library's).
 */
pdftools_status pdftools_flatten_options_init(pdftools_flatten_options *options, uint32_t version);

/**
 * Burns the normal appearances of the annotations the options pick (NULL:
 * defaults) into their pages' content and removes the annotations with
 * their popups: each form is drawn where a viewer draws it (its /BBox
 * transformed by its /Matrix fitted to /Rect; on a rotated page a NoRotate
 * annotation is turned upright about its corner shown top left; the state
 * /AS names when /AP /N has several).  Hidden and NoView annotations, and
 * links (whose borders some viewers draw and others do not), are removed
 * without drawing; one without an appearance gets the one the library
 * builds.  The page's old content is wrapped
 * in q/Q.  Flattened widgets stay in the form's field list.  When every page
 * is flattened and only widgets stay on them, the removed annotations'
 * objects are emptied (unless the document has a structure tree): a full
 * save leaves them out without reading them again, an incremental one
 * writes them empty.  One undo step ("Flatten").  *out_count (may be NULL)
 * receives the number of annotations removed (popups not counted).
 * Errors: INVALID_HANDLE, INVALID_ARGUMENT (a negative count, a count
 * without its array, options' version), OUT_OF_RANGE (a page),
 * NOT_PERMITTED (the document has signature fields and
 * allow_invalidating_signatures is 0, or its permissions forbid changing
 * it), DAMAGED.
 */
pdftools_status pdftools_document_flatten(pdftools_document *doc,
                                          const pdftools_flatten_options *options,
                                          int32_t *out_count);

/* ------------------------------------------------------------------------ */
/* Annotation tools                                                          */
/* ------------------------------------------------------------------------ */
/*
 * A tool manager turns a host's pointer, key and text events into annotations,
 * the way the annotation toolbars of PDF viewers do: drag over text to
 * highlight it, draw ink, drag out a rectangle, click polygon vertices, tap
 * to place a note, select an annotation and move or resize it by its
 * handles, erase strokes, follow a link.
 *
 * Coordinates.  Events and overlays are in the display space of one page
 * (the crop box with /Rotate applied, origin top left, y down, 1 unit = 1/72
 * inch at zoom 1): the host divides its widget coordinates by its zoom and
 * subtracts the page's origin.  Annotations are written in page space.
 *
 * The loop.  Every event goes to the current tool.  A tool handles it, or
 * hands it to the tool that should (Pan hands a tap on a highlight to
 * PDFTOOLS_TOOL_TEXT_MARKUP_EDIT, a tap on a line to PDFTOOLS_TOOL_LINE_EDIT,
 * a tap on a link to the link action); the manager switches tools
 * (PDFTOOLS_TOOL_EVENT_TOOL_CHANGED) and gives the same event to the new
 * tool.  Creation tools are one-shot unless made sticky: after creating one
 * annotation they return to PDFTOOLS_TOOL_PAN with the new annotation
 * selected.
 *
 * Writing.  Tools never change the PDF while a pointer moves: they update
 * the overlay, and write once when the gesture ends (pointer up, the last
 * click of a polygon, the text of a note).  Each gesture is one undo step
 * whose label names it ("Add Highlight", "Move Annotation").  A drag that
 * never moved (less than 2 display units), or one that starts off the page,
 * creates nothing.
 *
 * Permissions.  What a mode allows is intersected with the document's
 * permissions (creating, changing and deleting need
 * PDFTOOLS_PERMISSION_ANNOTATE) and with each annotation's flags: Hidden,
 * NoView and ReadOnly annotations are not hit (a ReadOnly link is still
 * followed); Locked ones are selected but not moved, resized, restyled or
 * deleted; LockedContents ones keep their text (/Contents).
 *
 * Threads.  A tool manager belongs to one document and is meant to be driven
 * from one (UI) thread; calls on it are serialized by a lock of its own and
 * by the document lock.  Callbacks run on the thread of the call that caused
 * them, after the work is done and with no lock held, so they may call back
 * into the library; the document's undo callback, when a tool's write
 * triggers it, also waits until the tool manager call returns.  A gesture's
 * write takes a few document calls at pointer up: changes another thread
 * makes to the same document in between become part of that undo step.
 * Closing the document makes every later call on its tool managers fail with
 * PDFTOOLS_E_INVALID_HANDLE; the manager must still be freed.
 */

/** A tool manager of one document: an opaque handle. */
typedef struct pdftools_tool_manager pdftools_tool_manager;

/** What the manager lets tools do; intersected with the document's permissions. */
typedef enum pdftools_tool_mode {
  /** Select and copy text, follow links; nothing is created or changed. */
  PDFTOOLS_MODE_VIEWER = 0,
  /** Everything of viewer, plus creating, selecting, moving, resizing and deleting annotations. */
  PDFTOOLS_MODE_ANNOTATE = 1,
  /**
   * Form design (since 1.4): the PDFTOOLS_TOOL_FORM_* tools drag out new
   * fields (named "Text1", "Check Box1", ...; the new widget is selected and
   * PDFTOOLS_TOOL_ANNOTATION_EDIT takes over unless the tool is sticky); Pan
   * and ANNOTATION_EDIT select, move, resize and delete widgets and leave
   * other annotations alone; field properties are set with the
   * pdftools_field_* functions.  Needs the ANNOTATE and MODIFY permissions.
   * (Viewer and annotate modes fill forms: a tap on a check box toggles it, on
   * a radio button turns it on, on a text field gives it the focus for
   * pdftools_tool_input_text, on a combo or list box fires
   * PDFTOOLS_TOOL_EVENT_REQUEST_CHOICE; PDFTOOLS_KEY_TAB walks the fields.)
   */
  PDFTOOLS_MODE_FORM = 2,
  /** Reserved for page operations: behaves as viewer for now. */
  PDFTOOLS_MODE_PAGE_EDIT = 3
} pdftools_tool_mode;

/** The tools.  pdftools_tool_name() gives each its stable name ("highlight"). */
typedef enum pdftools_tool {
  PDFTOOLS_TOOL_PAN = 0,             /**< "pan": select, hand on, follow links; drags in empty space box-select (annotate mode) or scroll. */
  PDFTOOLS_TOOL_TEXT_SELECT = 1,     /**< "text_select": drag to select text. */
  PDFTOOLS_TOOL_HIGHLIGHT = 2,       /**< "highlight": drag over text; a Highlight per page touched. */
  PDFTOOLS_TOOL_UNDERLINE = 3,       /**< "underline". */
  PDFTOOLS_TOOL_SQUIGGLY = 4,        /**< "squiggly". */
  PDFTOOLS_TOOL_STRIKE_OUT = 5,      /**< "strike_out". */
  /** "ink": freehand; the strokes of one session (until Enter, Escape or a tool change) are one Ink
   *  annotation and one undo step (a save in between starts a new step). */
  PDFTOOLS_TOOL_INK = 6,
  PDFTOOLS_TOOL_FREE_HIGHLIGHT = 7,  /**< "free_highlight": freehand with a wide translucent marker (Ink). */
  PDFTOOLS_TOOL_ERASER = 8,          /**< "eraser": removes ink strokes, and whole annotations, it touches. */
  PDFTOOLS_TOOL_RECTANGLE = 9,       /**< "rectangle": drag a Square (Shift: a square). */
  PDFTOOLS_TOOL_OVAL = 10,           /**< "oval": drag a Circle (Shift: a circle). */
  PDFTOOLS_TOOL_LINE = 11,           /**< "line": drag a Line (Shift: 15 degree steps). */
  PDFTOOLS_TOOL_ARROW = 12,          /**< "arrow": a Line with an open arrow at its end. */
  /** "ruler": a Line (/IT /LineDimension, /Measure) with its length in /Contents, drawn as a caption
   *  above it (/Cap, /CP /Top); dragging its ends re-measures. */
  PDFTOOLS_TOOL_RULER = 13,
  PDFTOOLS_TOOL_POLYLINE = 14,       /**< "polyline": tap vertices; double tap or Enter ends. */
  PDFTOOLS_TOOL_POLYGON = 15,        /**< "polygon": tap vertices; double tap, Enter or a tap on the first vertex closes. */
  PDFTOOLS_TOOL_CLOUD = 16,          /**< "cloud": a Polygon with a cloudy border. */
  PDFTOOLS_TOOL_PERIMETER = 17,      /**< "perimeter": a PolyLine (/IT /PolyLineDimension) with its length in /Contents (re-measured when edited). */
  PDFTOOLS_TOOL_AREA = 18,           /**< "area": a Polygon (/IT /PolygonDimension) with its area in /Contents (re-measured when edited). */
  PDFTOOLS_TOOL_FREE_TEXT = 19,      /**< "free_text": tap or drag a box, then the host's text. */
  PDFTOOLS_TOOL_CALLOUT = 20,        /**< "callout": drag from the anchor to the box, then the host's text. */
  PDFTOOLS_TOOL_STICKY_NOTE = 21,    /**< "sticky_note": tap; a Text annotation with the host's text. */
  PDFTOOLS_TOOL_STAMP = 22,          /**< "stamp": tap or drag; a Stamp named by the style's icon. */
  PDFTOOLS_TOOL_IMAGE = 23,          /**< "image": tap or drag; a Stamp showing the host's image. */
  PDFTOOLS_TOOL_FILE_ATTACHMENT = 24,/**< "file_attachment": tap; the host's file. */
  PDFTOOLS_TOOL_LINK = 25,           /**< "link": drag a box, or drag over text; the host's target. */
  PDFTOOLS_TOOL_SIGNATURE = 26,      /**< "signature": tap or drag; the host's ink or image signature. */
  PDFTOOLS_TOOL_ANNOTATION_EDIT = 27,/**< "annotation_edit": select, move, resize by 8 handles, delete, nudge. */
  PDFTOOLS_TOOL_LINE_EDIT = 28,      /**< "line_edit": as annotation_edit, plus dragging a line's endpoints. */
  PDFTOOLS_TOOL_POLY_EDIT = 29,      /**< "poly_edit": as annotation_edit, plus dragging vertices. */
  PDFTOOLS_TOOL_TEXT_MARKUP_EDIT = 30,/**< "text_markup_edit": drag a markup's ends over the text. */
  PDFTOOLS_TOOL_FORM_TEXT = 31,       /**< "form_text": form mode, drag a text field (since 1.4). */
  PDFTOOLS_TOOL_FORM_CHECKBOX = 32,   /**< "form_checkbox": form mode, drag a check box. */
  PDFTOOLS_TOOL_FORM_RADIO = 33,      /**< "form_radio": form mode, drag a radio button (a new group). */
  PDFTOOLS_TOOL_FORM_COMBO_BOX = 34,  /**< "form_combo_box": form mode, drag a combo box. */
  PDFTOOLS_TOOL_FORM_LIST_BOX = 35,   /**< "form_list_box": form mode, drag a list box. */
  PDFTOOLS_TOOL_FORM_PUSH_BUTTON = 36,/**< "form_push_button": form mode, drag a push button. */
  PDFTOOLS_TOOL_FORM_SIGNATURE = 37   /**< "form_signature": form mode, drag a signature field. */
} pdftools_tool;

/** Modifier keys held during an event (bits). */
typedef enum pdftools_modifiers {
  PDFTOOLS_MOD_SHIFT = 1 << 0, /**< Shift: squares, circles, 15 degree lines, kept aspect when resizing, 10x nudges. */
  PDFTOOLS_MOD_CTRL = 1 << 1,  /**< Control: a tap adds to or removes from the selection. */
  PDFTOOLS_MOD_ALT = 1 << 2,   /**< Alt (not used yet). */
  PDFTOOLS_MOD_META = 1 << 3   /**< Meta: as Control. */
} pdftools_modifiers;

/** What made a pointer event. */
typedef enum pdftools_pointer_kind {
  PDFTOOLS_POINTER_MOUSE = 0, /**< Mouse or touchpad. */
  PDFTOOLS_POINTER_PEN = 1,   /**< Stylus. */
  PDFTOOLS_POINTER_TOUCH = 2  /**< Finger (hit tolerance is larger). */
} pdftools_pointer_kind;

/** One pointer event.  Initialise with PDFTOOLS_POINTER_EVENT_INIT. */
typedef struct pdftools_pointer_event {
  /** PDFTOOLS_POINTER_EVENT_VERSION (or an older version). */
  uint32_t version;
  /** The page under the pointer (the page the gesture started on, for moves beyond it). */
  int32_t page_index;
  /** Position in the page's display space. */
  double x;
  /** Position in the page's display space (y down). */
  double y;
  /** pdftools_modifiers bits. */
  uint32_t modifiers;
  /** A pdftools_pointer_kind. */
  pdftools_pointer_kind pointer_kind;
  /** Pen pressure 0..1; 0 when unknown. */
  double pressure;
  /** Seconds on any monotonic clock; 0 when unknown. */
  double timestamp;
} pdftools_pointer_event;

/** The version of pdftools_pointer_event this header describes. */
#define PDFTOOLS_POINTER_EVENT_VERSION 1

/** A mouse event on page 0 at (0, 0) with no modifiers. */
#define PDFTOOLS_POINTER_EVENT_INIT \
  { PDFTOOLS_POINTER_EVENT_VERSION, 0, 0.0, 0.0, 0u, PDFTOOLS_POINTER_MOUSE, 0.0, 0.0 }

/**
 * Sets *event to the defaults of version (the values PDFTOOLS_POINTER_EVENT_INIT
 * gives in this header for its version), for callers that cannot use the
 * macro (bindings through an FFI).  Bytes past that version's struct are left
 * alone.  Errors: INVALID_ARGUMENT (event NULL, version 0 or newer than this
 * library's).
 */
pdftools_status pdftools_pointer_event_init(pdftools_pointer_event *event, uint32_t version);

/** Keys the tools react to. */
typedef enum pdftools_key {
  PDFTOOLS_KEY_DELETE = 1,    /**< Deletes the selected annotations. */
  PDFTOOLS_KEY_BACKSPACE = 2, /**< As Delete; while clicking vertices, removes the last one. */
  PDFTOOLS_KEY_ESCAPE = 3,    /**< Cancels the gesture or request; else clears the selection. */
  PDFTOOLS_KEY_ENTER = 4,     /**< Ends a polyline, polygon or ink session. */
  PDFTOOLS_KEY_LEFT = 5,      /**< Nudges the selection 1 display unit (10 with Shift). */
  PDFTOOLS_KEY_RIGHT = 6,     /**< Nudge right. */
  PDFTOOLS_KEY_UP = 7,        /**< Nudge up (on screen). */
  PDFTOOLS_KEY_DOWN = 8,      /**< Nudge down (on screen). */
  /**
   * The next form field to fill (with PDFTOOLS_MOD_SHIFT the previous one), in
   * page order and each page's /Annots order; a radio group is one stop
   * (since 1.4).  While a field has the focus, the other keys edit it:
   * Left/Right move the caret (Shift extends the selection), Backspace and
   * Delete remove, Enter ends a one-line field (a new line in a multiline
   * one; on a check box or radio button, turns it on), Escape gives the
   * field its value from before the focus and ends the focus.
   */
  PDFTOOLS_KEY_TAB = 9
} pdftools_key;

/**
 * Makes a tool manager for doc, in PDFTOOLS_MODE_ANNOTATE (or VIEWER when the
 * document does not allow annotation changes) with PDFTOOLS_TOOL_PAN, and the
 * built-in style defaults.  The manager keeps the document alive; free it
 * with pdftools_tool_manager_free().  Errors: INVALID_HANDLE,
 * INVALID_ARGUMENT (out_manager NULL).
 */
pdftools_status pdftools_tool_manager_new(pdftools_document *doc,
                                          pdftools_tool_manager **out_manager);

/**
 * Frees a tool manager: an unfinished gesture is dropped (nothing is
 * written).  NULL is ignored; a stale handle is ignored.  Never fails.
 */
void pdftools_tool_manager_free(pdftools_tool_manager *manager);

/**
 * Sets the mode.  Leaving annotate mode cancels the gesture, clears the
 * annotation selection and returns to PDFTOOLS_TOOL_PAN.  Errors:
 * INVALID_HANDLE, INVALID_ARGUMENT (unknown mode), NOT_PERMITTED (annotate
 * mode on a document that does not allow annotation changes).
 */
pdftools_status pdftools_tool_set_mode(pdftools_tool_manager *manager, pdftools_tool_mode mode);

/** The current mode.  Errors: INVALID_HANDLE, INVALID_ARGUMENT (out NULL). */
pdftools_status pdftools_tool_get_mode(pdftools_tool_manager *manager, pdftools_tool_mode *out_mode);

/**
 * Makes tool the current tool.  sticky nonzero keeps a creation tool after
 * each annotation; 0 returns to PDFTOOLS_TOOL_PAN.  An unfinished gesture of
 * the previous tool is finished (an ink session or a polygon with enough
 * vertices is written) or dropped.  Errors: INVALID_HANDLE, INVALID_ARGUMENT
 * (unknown tool), NOT_PERMITTED (a creation or edit tool outside annotate
 * mode, or on a document without the annotate permission).
 */
pdftools_status pdftools_tool_set_tool(pdftools_tool_manager *manager, pdftools_tool tool,
                                       pdftools_bool sticky);

/**
 * The current tool and whether it is sticky (either out pointer may be
 * NULL).  Errors: INVALID_HANDLE.
 */
pdftools_status pdftools_tool_get_tool(pdftools_tool_manager *manager, pdftools_tool *out_tool,
                                       pdftools_bool *out_sticky);

/**
 * The stable name of tool ("highlight"), a static string, or NULL for an
 * unknown value.  Never fails.
 */
const char *pdftools_tool_name(pdftools_tool tool);

/**
 * The tool called name (as pdftools_tool_name gives it).  Errors:
 * INVALID_ARGUMENT (NULL), NOT_FOUND (no such tool).
 */
pdftools_status pdftools_tool_from_name(const char *name, pdftools_tool *out_tool);

/*
 * Pointer events.  Each takes the event (not NULL) and sets *out_handled (may
 * be NULL) to 1 when a tool used the event, 0 when the host should (a drag on
 * empty space in viewer mode: scroll).  A down starts a gesture; moves and the
 * up belong to it even when they leave the page.  Text selection and text
 * markup follow page_index across pages; every other tool works on the page
 * its gesture started on and reads later points in that page's display space
 * (page_index is then ignored; points beyond the page are clamped to it).
 * Errors: INVALID_HANDLE, INVALID_ARGUMENT (NULL event, version,
 * non-finite numbers), OUT_OF_RANGE (page_index), NOT_PERMITTED (the
 * document's permissions changed under the tool); a failed write leaves the
 * document as it was before the gesture.
 */

/** Pointer pressed. */
pdftools_status pdftools_tool_pointer_down(pdftools_tool_manager *manager,
                                           const pdftools_pointer_event *event,
                                           pdftools_bool *out_handled);
/** Pointer moved (pressed or not: a move with no gesture only updates hover). */
pdftools_status pdftools_tool_pointer_move(pdftools_tool_manager *manager,
                                           const pdftools_pointer_event *event,
                                           pdftools_bool *out_handled);
/** Pointer released: the gesture ends and its result is written. */
pdftools_status pdftools_tool_pointer_up(pdftools_tool_manager *manager,
                                         const pdftools_pointer_event *event,
                                         pdftools_bool *out_handled);

/**
 * The gesture was cancelled (the window lost the pointer), or became a
 * scroll or pinch (became_scroll nonzero): it is dropped, nothing is
 * written.  Errors: INVALID_HANDLE.
 */
pdftools_status pdftools_tool_pointer_cancel(pdftools_tool_manager *manager, pdftools_bool became_scroll);

/**
 * A tap (press and release without moving, as the host's gesture recogniser
 * saw it).  A host that sends down/up pairs need not send taps too: an up
 * within 2 units of its down counts as a tap.
 */
pdftools_status pdftools_tool_tap(pdftools_tool_manager *manager,
                                  const pdftools_pointer_event *event, pdftools_bool *out_handled);
/** A double tap: ends a polyline or polygon; selects a word with the text tools. */
pdftools_status pdftools_tool_double_tap(pdftools_tool_manager *manager,
                                         const pdftools_pointer_event *event,
                                         pdftools_bool *out_handled);
/** A long press: selects the annotation under it, or the word under it. */
pdftools_status pdftools_tool_long_press(pdftools_tool_manager *manager,
                                         const pdftools_pointer_event *event,
                                         pdftools_bool *out_handled);

/** Kinds of overlay items. */
typedef enum pdftools_overlay_kind {
  PDFTOOLS_OVERLAY_RECT = 0,    /**< Rectangle: 2 points, opposite corners. */
  PDFTOOLS_OVERLAY_ELLIPSE = 1, /**< Ellipse inscribed in the box of 2 points. */
  PDFTOOLS_OVERLAY_PATH = 2,    /**< Open polyline through its points (a line has 2). */
  PDFTOOLS_OVERLAY_POLYGON = 3, /**< Closed polygon. */
  PDFTOOLS_OVERLAY_QUAD = 4,    /**< A text selection quad: 4 points in pdftools_quad order. */
  PDFTOOLS_OVERLAY_HANDLE = 5,  /**< A handle: 1 point, its centre; see handle_kind and handle_id. */
  PDFTOOLS_OVERLAY_CARET = 6    /**< A text caret: 2 points, top and bottom. */
} pdftools_overlay_kind;

/** Kinds of handles. */
typedef enum pdftools_handle_kind {
  PDFTOOLS_HANDLE_NONE = -1, /**< No handle (items that are not handles, hits off handles). */
  /** A box handle; handle_id 0..7 clockwise from the top left corner on screen:
   *  0 top left, 1 top, 2 top right, 3 right, 4 bottom right, 5 bottom, 6 bottom left, 7 left. */
  PDFTOOLS_HANDLE_BOX = 0,
  PDFTOOLS_HANDLE_LINE_START = 1, /**< A line's start point. */
  PDFTOOLS_HANDLE_LINE_END = 2,   /**< A line's end point. */
  PDFTOOLS_HANDLE_VERTEX = 3,     /**< A polygon or polyline vertex; handle_id is its index. */
  PDFTOOLS_HANDLE_TEXT_START = 4, /**< The start of a text markup or text selection. */
  PDFTOOLS_HANDLE_TEXT_END = 5    /**< The end of a text markup or text selection. */
} pdftools_handle_kind;

/** What lies under the pointer (pdftools_tool_hit_test). */
typedef struct pdftools_tool_hit {
  /**
   * PDFTOOLS_TOOL_HIT_VERSION (or older), set by the caller
   * (PDFTOOLS_TOOL_HIT_INIT); the library fills the fields of
   * min(version, its own version) and sets version to that.
   */
  uint32_t version;
  /** The annotation under the pointer (a selected annotation's handle first), or 0. */
  pdftools_annotation_id annotation;
  /** The kind of the handle under the pointer, or PDFTOOLS_HANDLE_NONE. */
  pdftools_handle_kind handle_kind;
  /** The handle's id (see pdftools_handle_kind), or -1. */
  int32_t handle_id;
  /** Nonzero when the annotation is a link (a tap follows it). */
  pdftools_bool is_link;
  /** Nonzero when the pointer is on text (a drag selects it). */
  pdftools_bool on_text;
} pdftools_tool_hit;

/** The version of pdftools_tool_hit this header describes. */
#define PDFTOOLS_TOOL_HIT_VERSION 1

/** A pdftools_tool_hit ready to be filled in. */
#define PDFTOOLS_TOOL_HIT_INIT { PDFTOOLS_TOOL_HIT_VERSION, 0, PDFTOOLS_HANDLE_NONE, -1, 0, 0 }

/**
 * Sets *hit to the defaults of version (the values PDFTOOLS_TOOL_HIT_INIT
 * gives in this header for its version), for callers that cannot use the
 * macro (bindings through an FFI).  Bytes past that version's struct are left
 * alone.  Errors: INVALID_ARGUMENT (hit NULL, version 0 or newer than this
 * library's).
 */
pdftools_status pdftools_tool_hit_init(pdftools_tool_hit *hit, uint32_t version);

/**
 * What lies under event's point, for the host's cursor (a resize arrow over a
 * box handle, a hand over a link, an I-beam over text): the handles of
 * selected annotations (annotate mode), then the topmost annotation the mode
 * lets the user pick (links in every mode), and whether the point is on text.
 * Off the page everything is empty.  Changes no state.  The caller sets
 * out_hit's version (PDFTOOLS_TOOL_HIT_INIT).  Errors: INVALID_HANDLE,
 * INVALID_ARGUMENT (NULL, a version 0 or an event version this library does
 * not know, non-finite numbers), OUT_OF_RANGE (page_index).
 */
pdftools_status pdftools_tool_hit_test(pdftools_tool_manager *manager,
                                       const pdftools_pointer_event *event,
                                       pdftools_tool_hit *out_hit);

/**
 * A key (a pdftools_key) with pdftools_modifiers.  Errors: INVALID_HANDLE,
 * INVALID_ARGUMENT (unknown key), NOT_PERMITTED (deleting or nudging a Locked
 * annotation: nothing changes).
 */
pdftools_status pdftools_tool_key(pdftools_tool_manager *manager, pdftools_key key, uint32_t modifiers,
                                  pdftools_bool *out_handled);

/**
 * Answers PDFTOOLS_TOOL_EVENT_REQUEST_TEXT: text (UTF-8, may be empty)
 * becomes the /Contents of the pending note, free text or callout, which is
 * written now as the gesture's one undo step.  With no request pending and
 * one selected annotation, sets its /Contents (one undo step).  Errors:
 * INVALID_HANDLE, INVALID_ARGUMENT (NULL, bad UTF-8), NOT_FOUND (nothing to
 * give text to), NOT_PERMITTED (LockedContents or ReadOnly).
 */
pdftools_status pdftools_tool_commit_text(pdftools_tool_manager *manager, const char *text);

/**
 * Types text (UTF-8) into the form field that has the focus (a tap on a text
 * field or PDFTOOLS_KEY_TAB gave it): it replaces the selection at the caret;
 * newlines are kept in multiline fields only; characters beyond /MaxLen are
 * dropped.  The value is written at once and the widgets redrawn; text typed
 * into one field in a row is one undo step.  The overlay shows the caret
 * (PDFTOOLS_OVERLAY_CARET), the selection (QUAD items) and a focus ring
 * (a dashed RECT).  *out_handled (may be NULL) is 0 when no text field has
 * the focus (since 1.4).  Errors: INVALID_HANDLE, INVALID_ARGUMENT (NULL,
 * bad UTF-8), NOT_PERMITTED (the field became read-only or locked).
 */
pdftools_status pdftools_tool_input_text(pdftools_tool_manager *manager, const char *text,
                                         pdftools_bool *out_handled);

/*
 * Payloads.  Tools that need something only the host has (an image, a file,
 * a signature, a link target) fire a request event when their gesture ends
 * and write nothing until the host answers with one of the functions below.
 * A payload given while nothing is pending is kept for the next placement of
 * that kind (images, files and signatures stay until replaced; a link target
 * is used once).  Escape, pdftools_tool_cancel_request() or a tool change
 * drop a pending placement; a write that fails keeps it pending.  Errors of all: INVALID_HANDLE, INVALID_ARGUMENT
 * (NULL or undecodable data), and the errors of the write.
 */

/** An image (PNG or baseline JPEG bytes, copied) for the image tool or an image signature. */
pdftools_status pdftools_tool_provide_image(pdftools_tool_manager *manager, const void *data,
                                            size_t size);
/** A file (name UTF-8, bytes copied) for the file attachment tool. */
pdftools_status pdftools_tool_provide_file(pdftools_tool_manager *manager, const char *name,
                                           const void *data, size_t size);
/**
 * An ink signature: stroke_count strokes, stroke i made of stroke_lengths[i]
 * (at least 1) consecutive points of points, in a unit box (0..1, y down) that is fitted,
 * keeping its aspect, into the placed rectangle.
 */
pdftools_status pdftools_tool_provide_ink(pdftools_tool_manager *manager,
                                          const pdftools_point *points,
                                          const int32_t *stroke_lengths, int32_t stroke_count);
/** A URI target for the link tool. */
pdftools_status pdftools_tool_provide_link_uri(pdftools_tool_manager *manager, const char *uri);
/** A page target (0-based) for the link tool.  OUT_OF_RANGE for a missing page. */
pdftools_status pdftools_tool_provide_link_page(pdftools_tool_manager *manager, int32_t page_index);
/** Drops the pending placement, if any.  Errors: INVALID_HANDLE. */
pdftools_status pdftools_tool_cancel_request(pdftools_tool_manager *manager);

/**
 * The selected annotations, in selection order, with the two-call pattern:
 * ids may be NULL to learn the count in *out_count; a non-NULL ids with
 * capacity below the count gives BUFFER_TOO_SMALL.  Errors: INVALID_HANDLE,
 * INVALID_ARGUMENT (out_count NULL), BUFFER_TOO_SMALL.
 */
pdftools_status pdftools_tool_get_selection(pdftools_tool_manager *manager,
                                            pdftools_annotation_id *ids, int32_t capacity,
                                            int32_t *out_count);

/**
 * Selects the count annotations of ids (count 0 clears; ids may then be
 * NULL), as a tap on them would: hidden and ReadOnly annotations are
 * refused.  Switches to the edit tool of the first one (annotate mode).
 * Errors: INVALID_HANDLE, NOT_FOUND (a stale id), NOT_PERMITTED (viewer mode,
 * a ReadOnly or hidden annotation).
 */
pdftools_status pdftools_tool_select(pdftools_tool_manager *manager,
                                     const pdftools_annotation_id *ids, int32_t count);

/**
 * The text the text tools selected (two-call pattern; "" when none).  Errors:
 * INVALID_HANDLE, INVALID_ARGUMENT, BUFFER_TOO_SMALL, NOT_PERMITTED (the
 * document does not allow copying).
 */
pdftools_status pdftools_tool_get_selected_text(pdftools_tool_manager *manager, char *buf,
                                                size_t buf_size, size_t *out_size);

/**
 * Deletes the selected annotations as one undo step.  Locked ones are kept
 * (and stay selected).  Errors: INVALID_HANDLE, NOT_PERMITTED (viewer mode,
 * or every selected annotation is Locked).
 */
pdftools_status pdftools_tool_delete_selection(pdftools_tool_manager *manager);

/* Overlays: what the host draws over a page, in its display space. */

/** One item of an overlay. */
typedef struct pdftools_overlay_item {
  /** A pdftools_overlay_kind. */
  pdftools_overlay_kind kind;
  /** For handles, their kind; else PDFTOOLS_HANDLE_NONE. */
  pdftools_handle_kind handle_kind;
  /** For handles, the id described at pdftools_handle_kind; else 0. */
  int32_t handle_id;
  /** Index of the item's first point in the points array. */
  int32_t first_point;
  /** How many points it has. */
  int32_t point_count;
  /** Stroke colour 0xAARRGGBB; alpha 0: no stroke. */
  uint32_t stroke;
  /** Fill colour 0xAARRGGBB; alpha 0: no fill. */
  uint32_t fill;
  /** Stroke width in display units. */
  double width;
  /** Dash length in display units; 0: solid. */
  double dash;
  /** The annotation the item belongs to (selection frames, handles), or 0. */
  pdftools_annotation_id annotation;
} pdftools_overlay_item;

/**
 * The overlay of page page_index: items (at most item_capacity, each
 * item_size bytes apart and written up to item_size bytes: item_size is
 * sizeof(pdftools_overlay_item) as the caller knows it) and their points (at
 * most point_capacity), in display space, drawn in order over the page.
 * *out_item_count and *out_point_count receive the counts needed; with both
 * buffers NULL (a size query) nothing is copied and the status is OK; when
 * either buffer is too small nothing is copied: BUFFER_TOO_SMALL.  out_dirty
 * (may be NULL) receives the display-space area that changed since the last
 * call that copied this page's overlay (all zero: nothing changed); only a
 * call that copies resets it.  Errors: INVALID_HANDLE, INVALID_ARGUMENT
 * (NULL counts, one buffer NULL and the other not, item_size smaller than
 * the first version of the struct), OUT_OF_RANGE, BUFFER_TOO_SMALL.
 */
pdftools_status pdftools_tool_get_overlay(pdftools_tool_manager *manager, int32_t page_index,
                                          size_t item_size, pdftools_overlay_item *items, int32_t item_capacity,
                                          pdftools_point *points, int32_t point_capacity,
                                          int32_t *out_item_count, int32_t *out_point_count,
                                          pdftools_rect *out_dirty);

/* Callbacks. */

/** What a tool event reports. */
typedef enum pdftools_tool_event_kind {
  PDFTOOLS_TOOL_EVENT_TOOL_CHANGED = 1,        /**< tool is the new tool. */
  PDFTOOLS_TOOL_EVENT_MODE_CHANGED = 2,        /**< The mode changed (read it with pdftools_tool_get_mode). */
  PDFTOOLS_TOOL_EVENT_SELECTION_CHANGED = 3,   /**< ids: the selected annotations; text: the selected text. */
  PDFTOOLS_TOOL_EVENT_ANNOTATIONS_ADDED = 4,   /**< ids were created. */
  PDFTOOLS_TOOL_EVENT_ANNOTATIONS_MODIFIED = 5,/**< ids were changed. */
  PDFTOOLS_TOOL_EVENT_ANNOTATIONS_REMOVED = 6, /**< ids were deleted. */
  /** The undo state changed: the manager wrote a step, or the host (or another manager) changed
   *  the document; selected annotations that no longer exist have left the selection. */
  PDFTOOLS_TOOL_EVENT_UNDO_STATE = 7,
  PDFTOOLS_TOOL_EVENT_REQUEST_TEXT = 8,        /**< Answer with pdftools_tool_commit_text; text: the current text. */
  PDFTOOLS_TOOL_EVENT_REQUEST_PAYLOAD = 9,     /**< Answer with pdftools_tool_provide_*; text: "image", "file" or "signature". */
  PDFTOOLS_TOOL_EVENT_REQUEST_LINK_TARGET = 10,/**< Answer with pdftools_tool_provide_link_uri or _page. */
  PDFTOOLS_TOOL_EVENT_LINK_ACTIVATED = 11,     /**< A link was followed: text is its URI, or target_page its page. */
  /** A form field took the focus (ids: its widget; text: its full name; since 1.4), or lost it (no ids). */
  PDFTOOLS_TOOL_EVENT_FIELD_FOCUSED = 12,
  /** A combo or list box was tapped: show its options (pdftools_form_get_widget_field, then
   *  pdftools_field_get_option) and set the choice with pdftools_field_set_value or _set_selection;
   *  ids: the widget; text: the field's full name (since 1.4). */
  PDFTOOLS_TOOL_EVENT_REQUEST_CHOICE = 13
} pdftools_tool_event_kind;

/** One event.  Pointers in it are valid only during the callback. */
typedef struct pdftools_tool_event {
  /**
   * The size of the struct the library filled in: fields that end past it
   * are absent (a library older than the header).
   */
  size_t size;
  /** A pdftools_tool_event_kind. */
  pdftools_tool_event_kind kind;
  /** The tool concerned (the new tool, or the requesting one). */
  pdftools_tool tool;
  /** The page concerned, or -1. */
  int32_t page_index;
  /** For LINK_ACTIVATED with a page destination, the page; else -1. */
  int32_t target_page;
  /** Annotation ids (NULL when id_count is 0). */
  const pdftools_annotation_id *ids;
  /** How many ids. */
  int32_t id_count;
  /** Text as described for the kind, or NULL. */
  const char *text;
} pdftools_tool_event;

/** Receives tool events; see the threading rule above. */
typedef void (*pdftools_tool_callback)(pdftools_tool_manager *manager,
                                       const pdftools_tool_event *event, void *user_data);

/** Sets the callback (NULL removes it); user_data is passed back untouched.  Errors: INVALID_HANDLE. */
pdftools_status pdftools_tool_set_callback(pdftools_tool_manager *manager,
                                           pdftools_tool_callback callback, void *user_data);

/* Styles. */

/** A tool's style.  Unused fields are ignored by tools that do not draw them. */
typedef struct pdftools_tool_style {
  /**
   * PDFTOOLS_TOOL_STYLE_VERSION (or an older version), set by the caller both
   * for styles passed in and for styles the library fills in: it fills the
   * fields of min(version, its own version) and sets version to that.
   */
  uint32_t version;
  /** Nonzero: color is used; 0: no stroke colour (transparent). */
  pdftools_bool has_color;
  /** Stroke, line, markup and icon colour (/C). */
  pdftools_color color;
  /** Nonzero: fill is used; 0: no fill. */
  pdftools_bool has_fill;
  /** Fill colour of shapes and closed line endings (/IC). */
  pdftools_color fill;
  /** Opacity 0..1 (/CA). */
  double opacity;
  /** Border or line width in points (0..1000). */
  double width;
  /** A pdftools_border_style. */
  pdftools_border_style border_style;
  /** How many entries of dashes are used (0..8; for PDFTOOLS_BORDER_DASHED). */
  int32_t dash_count;
  /** The dash array. */
  double dashes[8];
  /** Cloudy border intensity 0..2 (0: none). */
  double cloudy;
  /** A pdftools_line_ending for the start of lines and polylines. */
  pdftools_line_ending line_start;
  /** A pdftools_line_ending for the end. */
  pdftools_line_ending line_end;
  /** Font of free text and callouts: a standard 14 font name, NUL-terminated. */
  char font[64];
  /** Font size in points. */
  double font_size;
  /** Text colour. */
  pdftools_color text_color;
  /** Icon of notes and attachments, or the name of stamps ("Approved"), NUL-terminated. */
  char icon[64];
} pdftools_tool_style;

/** The version of pdftools_tool_style this header describes. */
#define PDFTOOLS_TOOL_STYLE_VERSION 1

/**
 * A style to be filled in by pdftools_tool_get_style or _get_preset (every
 * field 0 but version).  To set a style, read the tool's current one and
 * change what differs.
 */
#define PDFTOOLS_TOOL_STYLE_INIT                                                               \
  {                                                                                            \
    PDFTOOLS_TOOL_STYLE_VERSION, 0, { 0.0, 0.0, 0.0 }, 0, { 0.0, 0.0, 0.0 }, 0.0, 0.0, 0, 0, { 0.0 }, \
        0.0, 0, 0, "", 0.0, { 0.0, 0.0, 0.0 }, ""                                              \
  }

/**
 * Sets *style to the defaults of version (the values PDFTOOLS_TOOL_STYLE_INIT
 * gives in this header for its version), for callers that cannot use the
 * macro (bindings through an FFI).  Bytes past that version's struct are left
 * alone.  Errors: INVALID_ARGUMENT (style NULL, version 0 or newer than this
 * library's).
 */
pdftools_status pdftools_tool_style_init(pdftools_tool_style *style, uint32_t version);

/**
 * The default style of tool into *out_style, whose version the caller sets
 * (PDFTOOLS_TOOL_STYLE_INIT).  Errors: INVALID_HANDLE, INVALID_ARGUMENT
 * (NULL, version 0).
 */
pdftools_status pdftools_tool_get_style(pdftools_tool_manager *manager, pdftools_tool tool,
                                        pdftools_tool_style *out_style);

/**
 * Applies a style the way a toolbar does: with annotations selected, every
 * field of the style is applied to them (colour, fill, opacity, border,
 * cloudy border, line endings, font, icon, as each subtype has them; Locked
 * ones are skipped) as one undo step, which merges with an immediately
 * preceding style change of the same fields on the same annotations (a
 * colour slider makes one step), and tool's default is left alone; with none
 * selected, it becomes tool's default.  pdftools_tool_apply_style does the
 * same for some fields only.  A gesture in
 * progress keeps the style it started with.  Errors: INVALID_HANDLE,
 * INVALID_ARGUMENT (version, out-of-range numbers, unknown enums, an
 * unterminated font or icon), NOT_PERMITTED.
 */
pdftools_status pdftools_tool_set_style(pdftools_tool_manager *manager, pdftools_tool tool,
                                        const pdftools_tool_style *style);

/** Groups of style fields, for pdftools_tool_apply_style (bits). */
typedef enum pdftools_style_field {
  PDFTOOLS_STYLE_COLOR = 1 << 0,        /**< has_color and color. */
  PDFTOOLS_STYLE_FILL = 1 << 1,         /**< has_fill and fill. */
  PDFTOOLS_STYLE_OPACITY = 1 << 2,      /**< opacity. */
  PDFTOOLS_STYLE_BORDER = 1 << 3,       /**< width, border_style, dash_count and dashes. */
  PDFTOOLS_STYLE_CLOUDY = 1 << 4,       /**< cloudy. */
  PDFTOOLS_STYLE_LINE_ENDINGS = 1 << 5, /**< line_start and line_end. */
  PDFTOOLS_STYLE_TEXT = 1 << 6,         /**< font, font_size and text_color. */
  PDFTOOLS_STYLE_ICON = 1 << 7,         /**< icon. */
  PDFTOOLS_STYLE_ALL = (1 << 8) - 1     /**< Every field. */
} pdftools_style_field;

/**
 * As pdftools_tool_set_style, for the fields (pdftools_style_field bits) of
 * style only: a toolbar's colour button changes the colour of the selected
 * annotations and leaves their widths alone; with none selected, only those
 * fields of tool's default change.  The whole style is still checked.  Steps
 * merge when the same fields of the same selection change again.  Errors:
 * as pdftools_tool_set_style; INVALID_ARGUMENT when fields names none.
 */
pdftools_status pdftools_tool_apply_style(pdftools_tool_manager *manager, pdftools_tool tool,
                                          const pdftools_tool_style *style, uint32_t fields);

/** Makes style tool's default, whatever is selected.  Errors: as pdftools_tool_set_style. */
pdftools_status pdftools_tool_set_default_style(pdftools_tool_manager *manager,
                                                pdftools_tool tool,
                                                const pdftools_tool_style *style);

/**
 * Adds a named preset (name UTF-8, copied) to tool; a preset with the same
 * name is replaced.  Errors: INVALID_HANDLE, INVALID_ARGUMENT.
 */
pdftools_status pdftools_tool_add_preset(pdftools_tool_manager *manager, pdftools_tool tool,
                                         const char *name, const pdftools_tool_style *style);

/** How many presets tool has.  Errors: INVALID_HANDLE, INVALID_ARGUMENT. */
pdftools_status pdftools_tool_get_preset_count(pdftools_tool_manager *manager, pdftools_tool tool,
                                               int32_t *out_count);

/**
 * Preset index of tool: its style into *out_style (may be NULL; its version
 * set by the caller, PDFTOOLS_TOOL_STYLE_INIT) and its name with the two-call
 * pattern (name_buf may be NULL).  Errors: INVALID_HANDLE, INVALID_ARGUMENT
 * (version 0), OUT_OF_RANGE, BUFFER_TOO_SMALL.
 */
pdftools_status pdftools_tool_get_preset(pdftools_tool_manager *manager, pdftools_tool tool,
                                         int32_t index, pdftools_tool_style *out_style,
                                         char *name_buf, size_t name_buf_size, size_t *out_name_size);

/** Removes preset index of tool.  Errors: INVALID_HANDLE, INVALID_ARGUMENT, OUT_OF_RANGE. */
pdftools_status pdftools_tool_remove_preset(pdftools_tool_manager *manager, pdftools_tool tool,
                                            int32_t index);

/**
 * Every tool's default style and presets as a JSON document (two-call
 * pattern), for the host to persist.  Errors: INVALID_HANDLE,
 * INVALID_ARGUMENT, BUFFER_TOO_SMALL.
 */
pdftools_status pdftools_tool_export_styles(pdftools_tool_manager *manager, char *buf,
                                            size_t buf_size, size_t *out_size);

/**
 * Loads defaults and presets from JSON made by pdftools_tool_export_styles
 * (tools it does not name keep theirs; unknown tools and keys are ignored).
 * All or nothing: on error nothing changes.  Errors: INVALID_HANDLE,
 * INVALID_ARGUMENT (not JSON, or a value of the wrong type or range; the
 * message names where).
 */
pdftools_status pdftools_tool_import_styles(pdftools_tool_manager *manager, const char *json);

/* ------------------------------------------------------------------------ */
/* Page labels and rotation                                                  */
/* ------------------------------------------------------------------------ */

/*
 * Page labels ("i", "ii", "A-1", ...) as ranges, and turning pages (since
 * 1.3).  Each change is one undo step.  The functions follow the
 * document's thread rules.
 */

/** How the pages of a label range are numbered. */
typedef enum pdftools_label_style {
  PDFTOOLS_LABEL_NONE = 0,          /**< No number: every page shows the prefix alone. */
  PDFTOOLS_LABEL_DECIMAL = 1,       /**< 1, 2, 3. */
  PDFTOOLS_LABEL_UPPER_ROMAN = 2,   /**< I, II, III. */
  PDFTOOLS_LABEL_LOWER_ROMAN = 3,   /**< i, ii, iii. */
  PDFTOOLS_LABEL_UPPER_LETTERS = 4, /**< A to Z, then AA to ZZ. */
  PDFTOOLS_LABEL_LOWER_LETTERS = 5  /**< a to z, then aa to zz. */
} pdftools_label_style;

/** One label range: from start_page on, pages show prefix and a number. */
typedef struct pdftools_label_range {
  int32_t start_page;         /**< The range's first page. */
  pdftools_label_style style; /**< How its pages are numbered. */
  int32_t first_number;       /**< The number of its first page, 1 or more. */
  const char *prefix;         /**< UTF-8 text before the number; NULL or "" for none. */
} pdftools_label_range;

/**
 * The number of label ranges of the document (0: pages are labelled by
 * their numbers).  Errors: INVALID_HANDLE, INVALID_ARGUMENT (out_count
 * NULL).
 */
pdftools_status pdftools_document_get_label_range_count(pdftools_document *doc, int32_t *out_count);

/**
 * Label range index (sorted by start page): its first page, style and first
 * number (any out pointer may be NULL) and its prefix with the two-call
 * pattern (prefix_buf may be NULL).
 * Errors: INVALID_HANDLE, INVALID_ARGUMENT (out_prefix_size NULL),
 * OUT_OF_RANGE, BUFFER_TOO_SMALL.
 */
pdftools_status pdftools_document_get_label_range(pdftools_document *doc, int32_t index,
                                                  int32_t *out_start_page,
                                                  pdftools_label_style *out_style,
                                                  int32_t *out_first_number, char *prefix_buf,
                                                  size_t prefix_buf_size, size_t *out_prefix_size);

/**
 * Replaces the page labels by count ranges (in any order; NULL with 0
 * removes the labels), written as one /PageLabels dictionary.  The first
 * range must start at page 0, starts must differ, first numbers must be 1
 * or more.  All or nothing.  Errors: INVALID_HANDLE, INVALID_ARGUMENT (a
 * negative count, a count without its array, the rules above, an unknown
 * style, a prefix that is not UTF-8), OUT_OF_RANGE (a start page),
 * NOT_PERMITTED (the document's permissions forbid changing it).
 */
pdftools_status pdftools_document_set_label_ranges(pdftools_document *doc,
                                                   const pdftools_label_range *ranges, int32_t count);

/**
 * Turns page page_index to rotation degrees clockwise (a multiple of 90,
 * any sign, taken modulo 360) by its /Rotate.  Annotations keep their page
 * space geometry and turn with the page.  Nothing changes (and no undo step
 * is made) when the page already shows that way.
 * Errors: INVALID_HANDLE, INVALID_ARGUMENT (not a multiple of 90),
 * OUT_OF_RANGE, NOT_PERMITTED (the permissions forbid assembling).
 */
pdftools_status pdftools_page_set_rotation(pdftools_document *doc, int32_t page_index, int32_t rotation);

/* ------------------------------------------------------------------------ */
/* Page editing (since 1.3)                                                  */
/* ------------------------------------------------------------------------ */

/*
 * Reorganising pages.  Every change is one undo step that records only the
 * page-tree nodes on the way to the pages it touches (their /Count and
 * /Kids) and those pages, and needs the permission to assemble the document
 * (NOT_PERMITTED otherwise).  Page objects keep their identity when pages
 * move, so annotation ids, outline destinations and links follow them; a
 * deleted page's annotations give NOT_FOUND until an undo brings the page
 * back.  Page labels stay with the other pages (a range after deleted pages
 * moves up; inserted pages join the range they fall into).  All or nothing:
 * a refused call changes nothing.  The functions follow the document's
 * thread rules.
 */

/**
 * A page's identity: positive, unique in the open document and never reused,
 * the same while the page moves and other pages come and go (and when undo
 * or redo bring a deleted page back), for as long as the document is open
 * (not across save and reopen).
 */
typedef int64_t pdftools_page_id;

/**
 * The id of page page_index.
 * Errors: INVALID_HANDLE, INVALID_ARGUMENT (out_id NULL), OUT_OF_RANGE,
 * DAMAGED (the page is not an object of its own).
 */
pdftools_status pdftools_page_get_id(pdftools_document *doc, int32_t page_index, pdftools_page_id *out_id);

/**
 * The index the page id has now.
 * Errors: INVALID_HANDLE, INVALID_ARGUMENT (out_page_index NULL), NOT_FOUND
 * (not a page of the document: deleted, or never an id).
 */
pdftools_status pdftools_document_find_page(pdftools_document *doc, pdftools_page_id id,
                                            int32_t *out_page_index);

/**
 * Deletes count pages from page first on.  Outline items that led to them
 * lose their destination (they stay, with their titles).  A document keeps
 * at least one page.
 * Errors: INVALID_HANDLE, INVALID_ARGUMENT (count < 1, or every page),
 * OUT_OF_RANGE, NOT_PERMITTED, DAMAGED (the page tree's counts do not lead
 * to the pages).
 */
pdftools_status pdftools_document_delete_pages(pdftools_document *doc, int32_t first, int32_t count);

/**
 * Moves count pages from page first on so that the first of them becomes
 * page to_index, counted in the final order (0 to page count - count).
 * Nothing changes (no undo step) when to_index == first.
 * Errors: INVALID_HANDLE, INVALID_ARGUMENT (count < 1), OUT_OF_RANGE,
 * NOT_PERMITTED, DAMAGED.
 */
pdftools_status pdftools_document_move_pages(pdftools_document *doc, int32_t first, int32_t count,
                                             int32_t to_index);

/**
 * Inserts a copy of page page_index right after it, with copies of its
 * annotations; links keep their targets.  Form field widgets are not
 * copied (a field belongs to the form once).  out_new_index (may be NULL)
 * receives page_index + 1.
 * Errors: INVALID_HANDLE, OUT_OF_RANGE, NOT_PERMITTED, DAMAGED.
 */
pdftools_status pdftools_document_duplicate_page(pdftools_document *doc, int32_t page_index,
                                                 int32_t *out_new_index);

/**
 * Inserts copies of count pages of source (their indices in pages, in that
 * order) so that the first becomes page at_index of doc.  Their annotations,
 * form fields (joined to doc's form) and resources come along; links
 * between the pages copied lead to the copies, links to other pages of
 * source are dropped.  source is not changed.  Both documents are locked for
 * the call (in an order that cannot deadlock).  source may be doc itself:
 * the copies are then made as pdftools_document_duplicate_page makes them
 * (form field widgets left out, links to pages not copied keep their
 * targets) and no copy permission is needed.
 * Errors: INVALID_HANDLE (either document), INVALID_ARGUMENT (pages NULL or
 * count < 1), OUT_OF_RANGE (an index of pages or at_index), NOT_PERMITTED
 * (doc forbids assembling, source forbids copying, or the call comes from a
 * progress handler of source), DAMAGED.
 */
pdftools_status pdftools_document_insert_pages(pdftools_document *doc, int32_t at_index,
                                               pdftools_document *source, const int32_t *pages,
                                               int32_t count);

/**
 * A new document made of copies of count pages of doc (their indices in
 * pages, in that order), as pdftools_document_insert_pages() copies them;
 * it has no undo history.  *out_doc is owned by the caller: close it with
 * pdftools_document_close().
 * Errors: INVALID_HANDLE, INVALID_ARGUMENT (pages or out_doc NULL, count <
 * 1), OUT_OF_RANGE, NOT_PERMITTED (doc forbids copying), DAMAGED.
 */
pdftools_status pdftools_document_extract_pages(pdftools_document *doc, const int32_t *pages, int32_t count,
                                                pdftools_document **out_doc);

/**
 * Sets the box of page page_index to rect (page space, corners in any
 * order), or removes it when rect is NULL so that it falls back to its
 * default (the crop box to the media box, bleed, trim and art boxes to the
 * crop box).
 * Errors: INVALID_HANDLE, INVALID_ARGUMENT (an unknown box, a NULL rect for
 * the media box, an empty rect, coordinates not finite or beyond 1000000),
 * OUT_OF_RANGE, NOT_PERMITTED.
 */
pdftools_status pdftools_page_set_box(pdftools_document *doc, int32_t page_index, pdftools_box box,
                                      const pdftools_rect *rect);

/* ------------------------------------------------------------------------ */
/* Outline (bookmarks)                                                       */
/* ------------------------------------------------------------------------ */

/*
 * The document outline: a tree of items, each with a title and a place it
 * leads to (since 1.3).  Items are named by ids: unique in the open
 * document, stable across edits, undo and redo, never reused; an id of an
 * item that is no longer in the outline gives NOT_FOUND.  Every change is
 * one undo step, needs the permission to assemble the document
 * (NOT_PERMITTED otherwise), and rewrites only the items it touches, their
 * neighbours and the ancestors whose counts change.  The functions follow
 * the document's thread rules.
 */

/** An outline item id; 0 names the outline's root (the parent of top-level items). */
typedef int64_t pdftools_outline_id;

/** How a destination shows its page (ISO 32000-1, 12.3.2.2). */
typedef enum pdftools_destination_fit {
  PDFTOOLS_FIT_XYZ = 1,   /**< left, top at the window's top-left corner, at zoom. */
  PDFTOOLS_FIT_PAGE = 2,  /**< /Fit: the whole page. */
  PDFTOOLS_FIT_H = 3,     /**< /FitH: the page's width, top at the top. */
  PDFTOOLS_FIT_V = 4,     /**< /FitV: the page's height, left at the left. */
  PDFTOOLS_FIT_R = 5,     /**< /FitR: the rectangle left, bottom, right, top (all four needed). */
  PDFTOOLS_FIT_B = 6,     /**< /FitB: the bounding box of the page's content. */
  PDFTOOLS_FIT_BH = 7,    /**< /FitBH: the bounding box's width, top at the top. */
  PDFTOOLS_FIT_BV = 8     /**< /FitBV: the bounding box's height, left at the left. */
} pdftools_destination_fit;

/** Which parameters of a pdftools_destination hold a value (bits of its has field). */
typedef enum pdftools_destination_field {
  PDFTOOLS_DEST_LEFT = 1 << 0,   /**< left. */
  PDFTOOLS_DEST_TOP = 1 << 1,    /**< top. */
  PDFTOOLS_DEST_RIGHT = 1 << 2,  /**< right. */
  PDFTOOLS_DEST_BOTTOM = 1 << 3, /**< bottom. */
  PDFTOOLS_DEST_ZOOM = 1 << 4    /**< zoom. */
} pdftools_destination_field;

/**
 * A place in the document.  Coordinates are page space.  A parameter whose
 * bit is clear in has is PDF's null: the viewer keeps what it has.  The
 * parameters a fit does not use are ignored.
 */
typedef struct pdftools_destination {
  int32_t page_index;           /**< The page. */
  pdftools_destination_fit fit; /**< How it is shown. */
  uint32_t has;                 /**< pdftools_destination_field bits. */
  double left;                  /**< XYZ, FitV, FitBV, FitR. */
  double top;                   /**< XYZ, FitH, FitBH, FitR. */
  double right;                 /**< FitR. */
  double bottom;                /**< FitR. */
  double zoom;                  /**< XYZ; 0 keeps the viewer's zoom. */
} pdftools_destination;

/** Where an outline item leads. */
typedef enum pdftools_outline_target {
  /** Nowhere (or to a place that is not a page of the document). */
  PDFTOOLS_OUTLINE_TARGET_NONE = 0,
  /** A place in the document: destination (named destinations are resolved). */
  PDFTOOLS_OUTLINE_TARGET_DESTINATION = 1,
  /** A web address: pdftools_outline_get_action gives it. */
  PDFTOOLS_OUTLINE_TARGET_URI = 2,
  /** Another action: pdftools_outline_get_action gives its type ("Launch", "JavaScript", ...). */
  PDFTOOLS_OUTLINE_TARGET_ACTION = 3
} pdftools_outline_target;

/** One outline item as pdftools_document_get_outline lists it. */
typedef struct pdftools_outline_item {
  pdftools_outline_id id;             /**< The item. */
  pdftools_outline_id parent;         /**< Its parent, 0 for a top-level item. */
  int32_t depth;                      /**< 0 for a top-level item. */
  int32_t child_count;                /**< The number of its children. */
  pdftools_outline_target target;     /**< Where it leads. */
  pdftools_destination destination;   /**< The place, when target is DESTINATION. */
  pdftools_color color;               /**< The title's colour (when has_color). */
  pdftools_bool has_color;            /**< 1 when /C gives a colour (else black). */
  pdftools_bool bold;                 /**< Bold title. */
  pdftools_bool italic;               /**< Italic title. */
  pdftools_bool open;                 /**< 1 when its children are shown; 0 without children. */
  size_t title_size;                  /**< The title's length in UTF-8 bytes, without a NUL. */
} pdftools_outline_item;

/**
 * The outline, depth first (each item followed by its children), array
 * pattern as for pdftools_page_get_chars; element_size is
 * sizeof(pdftools_outline_item) as the caller knows it.  A document without
 * an outline gives 0 items.  Items of other programs' outlines are read
 * within 64 levels and 100,000 items; a chain that loops or leads to
 * something that is not an item ends there.
 * Errors: INVALID_HANDLE, INVALID_ARGUMENT (out_count NULL, element_size
 * too small), BUFFER_TOO_SMALL.
 */
pdftools_status pdftools_document_get_outline(pdftools_document *doc, size_t element_size,
                                              pdftools_outline_item *buf, int32_t capacity,
                                              int32_t *out_count);

/**
 * Item id as pdftools_document_get_outline lists it, read on its own (it
 * costs the item's depth and number of children, not the outline's size);
 * element_size is sizeof(pdftools_outline_item) as the caller knows it.
 * Errors: INVALID_HANDLE, INVALID_ARGUMENT (out_item NULL, element_size too
 * small), NOT_FOUND (not an item of the outline).
 */
pdftools_status pdftools_outline_get_item(pdftools_document *doc, pdftools_outline_id id, size_t element_size,
                                          pdftools_outline_item *out_item);

/**
 * The title of item id (UTF-8), two-call pattern.
 * Errors: INVALID_HANDLE, INVALID_ARGUMENT, NOT_FOUND, BUFFER_TOO_SMALL.
 */
pdftools_status pdftools_outline_get_title(pdftools_document *doc, pdftools_outline_id id, char *buf,
                                           size_t buf_size, size_t *out_size);

/**
 * The address of a URI item, the action type of an ACTION item, "" for
 * other items; two-call pattern.
 * Errors: INVALID_HANDLE, INVALID_ARGUMENT, NOT_FOUND, BUFFER_TOO_SMALL.
 */
pdftools_status pdftools_outline_get_action(pdftools_document *doc, pdftools_outline_id id, char *buf,
                                            size_t buf_size, size_t *out_size);

/**
 * Adds an item titled title (UTF-8) under parent (0: top level) at index
 * among its children (-1: last), leading to destination (NULL: nowhere);
 * *out_id (may be NULL) receives its id.  An item that gets its first
 * child is closed.  The catalog gets an /Outlines dictionary when it has
 * none.  Errors: INVALID_HANDLE, INVALID_ARGUMENT (title NULL or not UTF-8,
 * a parameter that is not finite, a negative zoom, FitR without its four
 * edges, an unknown fit), OUT_OF_RANGE (index, the destination's page),
 * NOT_FOUND (parent), NOT_PERMITTED.
 */
pdftools_status pdftools_outline_add(pdftools_document *doc, pdftools_outline_id parent, int32_t index,
                                     const char *title, const pdftools_destination *destination,
                                     pdftools_outline_id *out_id);

/** Removes item id with its children.  Errors: INVALID_HANDLE, NOT_FOUND, NOT_PERMITTED. */
pdftools_status pdftools_outline_remove(pdftools_document *doc, pdftools_outline_id id);

/**
 * Moves item id (with its children) under parent (0: top level) to index
 * among the parent's children counted without the item (-1: last).
 * Errors: INVALID_HANDLE, INVALID_ARGUMENT (parent is the item or one of
 * its children), OUT_OF_RANGE (index), NOT_FOUND, NOT_PERMITTED.
 */
pdftools_status pdftools_outline_move(pdftools_document *doc, pdftools_outline_id id,
                                      pdftools_outline_id parent, int32_t index);

/**
 * Gives item id the title title (UTF-8).
 * Errors: INVALID_HANDLE, INVALID_ARGUMENT, NOT_FOUND, NOT_PERMITTED.
 */
pdftools_status pdftools_outline_set_title(pdftools_document *doc, pdftools_outline_id id,
                                           const char *title);

/**
 * Makes item id lead to destination (NULL: nowhere), replacing its
 * destination or action.  Errors: as pdftools_outline_add; NOT_FOUND.
 */
pdftools_status pdftools_outline_set_destination(pdftools_document *doc, pdftools_outline_id id,
                                                 const pdftools_destination *destination);

/**
 * Gives item id's title a colour (NULL: none, shown black; components
 * clamped to 0..1) and the bold and italic styles.
 * Errors: INVALID_HANDLE, NOT_FOUND, NOT_PERMITTED.
 */
pdftools_status pdftools_outline_set_style(pdftools_document *doc, pdftools_outline_id id,
                                           const pdftools_color *color, pdftools_bool bold,
                                           pdftools_bool italic);

/**
 * Opens (shows the children of) or closes item id.  An item without
 * children has no open state: nothing changes and no undo step is made.
 * Errors: INVALID_HANDLE, NOT_FOUND, NOT_PERMITTED.
 */
pdftools_status pdftools_outline_set_open(pdftools_document *doc, pdftools_outline_id id,
                                          pdftools_bool open);

/* ------------------------------------------------------------------------ */
/* Viewer layout                                                             */
/* ------------------------------------------------------------------------ */

/*
 * A layout computes where each page sits in a viewer's scrollable canvas:
 * geometry only, nothing is drawn (since 1.3).  Canvas space has its origin
 * at the canvas's top-left corner, y down, in the host's units; a page's
 * rect in the canvas is its display space scaled by the layout's scale and
 * moved.  Pages are grouped into spreads (one page, or two side by side)
 * that follow each other down the canvas, or across it in the horizontal
 * mode; pages of different sizes are centred across their row or column.
 * The two pages of a spread stand side by side with one gap between them,
 * the pair centred in the canvas (a page alone in a spread keeps its side,
 * as if its partner had its width).  Gaps and margins are canvas units and
 * do not scale with the zoom.
 *
 * A layout holds sizes, not a document: after a page's size or rotation
 * changes call pdftools_layout_set_page; after pages are added or removed,
 * make a new layout.  Queries cost O(log spreads) plus what they return;
 * a change costs one pass over the spreads.
 *
 * Threads.  A layout has a lock of its own: calls on it from several
 * threads are serialized, and different layouts run in parallel.
 */

/** A viewer layout: an opaque handle. */
typedef struct pdftools_layout pdftools_layout;

/** How a layout arranges pages. */
typedef enum pdftools_layout_mode {
  /** One page at a time: the canvas holds the current page only. */
  PDFTOOLS_LAYOUT_SINGLE_PAGE = 0,
  /** Every page, one under the other. */
  PDFTOOLS_LAYOUT_SINGLE_PAGE_CONTINUOUS = 1,
  /** Two pages side by side, one spread at a time (the current page's). */
  PDFTOOLS_LAYOUT_TWO_UP = 2,
  /** Spreads of two pages side by side, one spread under the other. */
  PDFTOOLS_LAYOUT_TWO_UP_CONTINUOUS = 3,
  /** Every page in one row. */
  PDFTOOLS_LAYOUT_HORIZONTAL_CONTINUOUS = 4
} pdftools_layout_mode;

/** How a layout's scale is chosen. */
typedef enum pdftools_zoom_mode {
  /** The scale of the options. */
  PDFTOOLS_ZOOM_FIXED = 0,
  /** The widest spread (page, in the horizontal mode) fills the viewport's
      width inside the margins. */
  PDFTOOLS_ZOOM_FIT_WIDTH = 1,
  /** The largest spread fits the viewport in both directions. */
  PDFTOOLS_ZOOM_FIT_PAGE = 2,
  /** The tallest spread fills the viewport's height inside the margins. */
  PDFTOOLS_ZOOM_FIT_HEIGHT = 3
} pdftools_zoom_mode;

/** The choices of a layout.  Initialise with PDFTOOLS_LAYOUT_OPTIONS_INIT. */
typedef struct pdftools_layout_options {
  /** PDFTOOLS_LAYOUT_OPTIONS_VERSION (or an older version). */
  uint32_t version;
  /** A pdftools_layout_mode. */
  pdftools_layout_mode mode;
  /** Two-up modes: nonzero puts the first page alone, as a cover, on the
      side a book's first right-hand page takes (the left side when
      right_to_left is set). */
  pdftools_bool cover_page;
  /** Nonzero: pages read right to left.  The first page of a spread is on
      the right, and the horizontal row starts at the canvas's right end. */
  pdftools_bool right_to_left;
  /** Canvas units between pages and between spreads, 0 to 1e6 (8). */
  double page_gap;
  /** Canvas units around everything, 0 to 1e6 (8). */
  double margin;
  /** A pdftools_zoom_mode (PDFTOOLS_ZOOM_FIXED). */
  pdftools_zoom_mode zoom;
  /** Canvas units per display-space unit for PDFTOOLS_ZOOM_FIXED, 1e-4 to
      1e4 (1).  The fitting zooms compute theirs within the same bounds. */
  double scale;
  /** The viewport's width in canvas units (0): needed by FIT_WIDTH and
      FIT_PAGE, and used to keep scroll positions within the canvas. */
  double viewport_width;
  /** The viewport's height in canvas units (0): needed by FIT_HEIGHT and
      FIT_PAGE. */
  double viewport_height;
} pdftools_layout_options;

/** The version of pdftools_layout_options this header describes. */
#define PDFTOOLS_LAYOUT_OPTIONS_VERSION 1

/** Single page continuous, gaps and margins of 8, scale 1, no viewport. */
#define PDFTOOLS_LAYOUT_OPTIONS_INIT \
  { PDFTOOLS_LAYOUT_OPTIONS_VERSION, PDFTOOLS_LAYOUT_SINGLE_PAGE_CONTINUOUS, 0, 0, 8.0, 8.0, \
    PDFTOOLS_ZOOM_FIXED, 1.0, 0.0, 0.0 }

/**
 * Sets *options to the defaults of version, as pdftools_search_options_init.
 * Errors: INVALID_ARGUMENT (options NULL, version 0 or newer than this
 * library's).
 */
pdftools_status pdftools_layout_options_init(pdftools_layout_options *options, uint32_t version);

/** One page as a layout sees it. */
typedef struct pdftools_layout_page {
  /** Unrotated width: the crop box's width times the user unit, above 0 and at most 1e9. */
  double width;
  /** Unrotated height, as width. */
  double height;
  /** Clockwise rotation, a multiple of 90 (any sign; taken modulo 360). */
  int32_t rotation;
} pdftools_layout_page;

/**
 * Makes a layout of count pages (pages may be NULL when count is 0) with
 * options (NULL: defaults), showing every page; the first page is current.
 * *out_layout receives a handle to free with pdftools_layout_free; on error
 * it is left alone.  The pages are copied.
 * Errors: INVALID_ARGUMENT (out_layout NULL, a negative count, a count
 * without its array, a size or rotation outside its range — the message
 * names the page —, an option outside its range, a fitting zoom without
 * the viewport side it fits), OUT_OF_RANGE (more than 10,000,000 pages),
 * OUT_OF_MEMORY.
 */
pdftools_status pdftools_layout_new(const pdftools_layout_page *pages, int32_t count,
                                    const pdftools_layout_options *options,
                                    pdftools_layout **out_layout);

/**
 * As pdftools_layout_new, with the pages of doc as they are now: each
 * page's crop box times its user unit (at least 1 x 1) and its /Rotate.
 * The layout does not follow later changes of doc and outlives it.
 * Errors: as pdftools_layout_new; INVALID_HANDLE, DAMAGED.
 */
pdftools_status pdftools_layout_new_for_document(pdftools_document *doc,
                                                 const pdftools_layout_options *options,
                                                 pdftools_layout **out_layout);

/** Frees a layout; NULL and handles already freed are ignored. */
void pdftools_layout_free(pdftools_layout *layout);

/**
 * Replaces the options (NULL: defaults) and lays the pages out again; the
 * current page and the page subset are kept.  All or nothing.
 * Errors: INVALID_HANDLE, INVALID_ARGUMENT (as pdftools_layout_new).
 */
pdftools_status pdftools_layout_set_options(pdftools_layout *layout,
                                            const pdftools_layout_options *options);

/**
 * Copies the options into *out_options, whose version the caller sets
 * (PDFTOOLS_LAYOUT_OPTIONS_INIT); only that version's fields are written.
 * Errors: INVALID_HANDLE, INVALID_ARGUMENT (out_options NULL or its
 * version 0).
 */
pdftools_status pdftools_layout_get_options(pdftools_layout *layout,
                                            pdftools_layout_options *out_options);

/**
 * Gives page page_index a new size and rotation (a page turned by the host,
 * or one whose box changed), in one pass over the spreads.
 * Errors: INVALID_HANDLE, INVALID_ARGUMENT (page NULL, a size or rotation
 * outside its range), OUT_OF_RANGE (page_index).
 */
pdftools_status pdftools_layout_set_page(pdftools_layout *layout, int32_t page_index,
                                         const pdftools_layout_page *page);

/**
 * Shows only the count pages of pages, in that order (NULL with a count of
 * 0: every page, in document order).  A page may appear once.  The current
 * page is kept when it stays shown, else the first page shown becomes
 * current.  All or nothing.
 * Errors: INVALID_HANDLE, INVALID_ARGUMENT (a negative count, a count
 * without its array, a page listed twice), OUT_OF_RANGE (a page index).
 */
pdftools_status pdftools_layout_set_subset(pdftools_layout *layout, const int32_t *pages,
                                           int32_t count);

/**
 * Makes page_index the current page.  The paged modes (SINGLE_PAGE,
 * TWO_UP) show its spread and nothing else; the continuous modes only keep
 * it, for a later change of mode.
 * Errors: INVALID_HANDLE, OUT_OF_RANGE (page_index), NOT_FOUND (the page is
 * not in the subset).
 */
pdftools_status pdftools_layout_set_current_page(pdftools_layout *layout, int32_t page_index);

/**
 * The current page into *out_page_index; -1 when no page is shown.
 * Errors: INVALID_HANDLE, INVALID_ARGUMENT (out_page_index NULL).
 */
pdftools_status pdftools_layout_get_current_page(pdftools_layout *layout, int32_t *out_page_index);

/**
 * The scale in use (canvas units per display-space unit): the options'
 * scale, or what the fitting zoom computed.  Render a page at this scale
 * to fill its rect.  Errors: INVALID_HANDLE, INVALID_ARGUMENT (out_scale
 * NULL).
 */
pdftools_status pdftools_layout_get_scale(pdftools_layout *layout, double *out_scale);

/**
 * The canvas's width and height (either out pointer may be NULL): margins
 * on every side included; with no page shown, just the margins.
 * Errors: INVALID_HANDLE.
 */
pdftools_status pdftools_layout_get_canvas_size(pdftools_layout *layout, double *out_width,
                                                double *out_height);

/**
 * The rect of page page_index in canvas space (x0, y0 its top-left corner).
 * Errors: INVALID_HANDLE, INVALID_ARGUMENT (out_rect NULL), OUT_OF_RANGE,
 * NOT_FOUND (the page is not shown: outside the subset, or not on the
 * current spread of a paged mode).
 */
pdftools_status pdftools_layout_get_page_rect(pdftools_layout *layout, int32_t page_index,
                                              pdftools_rect *out_rect);

/**
 * The shown page under the canvas point (x, y), edges included: its index
 * into *out_page_index and the point in its display space into *out_x and
 * *out_y (either may be NULL).  Over a margin or a gap, *out_page_index is
 * -1 and the other outputs are left alone; this is not an error.
 * Errors: INVALID_HANDLE, INVALID_ARGUMENT (out_page_index NULL).
 */
pdftools_status pdftools_layout_get_page_at(pdftools_layout *layout, double x, double y,
                                            int32_t *out_page_index, double *out_x, double *out_y);

/** A page in a viewport. */
typedef struct pdftools_visible_page {
  /** The page index. */
  int32_t page_index;
  /** The whole page in canvas space. */
  pdftools_rect canvas_rect;
  /** The part inside the viewport, in the page's display space (zoom 1):
      multiply by the scale for the pixels of a tile to render. */
  pdftools_rect visible_rect;
} pdftools_visible_page;

/**
 * The pages that overlap viewport (a canvas rect) with a positive area, in
 * reading order: array pattern as for pdftools_page_get_chars (buf NULL:
 * *out_count receives the count), element_size being
 * sizeof(pdftools_visible_page) as the caller knows it.
 * Errors: INVALID_HANDLE, INVALID_ARGUMENT (viewport or out_count NULL, a
 * coordinate that is not finite, element_size too small), BUFFER_TOO_SMALL.
 */
pdftools_status pdftools_layout_get_visible_pages(pdftools_layout *layout,
                                                  const pdftools_rect *viewport, size_t element_size,
                                                  pdftools_visible_page *buf, int32_t capacity,
                                                  int32_t *out_count);

/**
 * The canvas point (x, y) in the display space of page page_index, also
 * beyond the page's edges: the point to send with a pointer event of a
 * gesture that started on that page (pdftools_tool_pointer_move).  Either
 * out pointer may be NULL.
 * Errors: INVALID_HANDLE, OUT_OF_RANGE, NOT_FOUND (the page is not shown).
 */
pdftools_status pdftools_layout_canvas_to_page(pdftools_layout *layout, int32_t page_index, double x,
                                               double y, double *out_x, double *out_y);

/**
 * The canvas point of the display-space point (x, y) of page page_index
 * (an overlay's or a search hit's position).  Either out pointer may be
 * NULL.  Errors: INVALID_HANDLE, OUT_OF_RANGE, NOT_FOUND (the page is not
 * shown).
 */
pdftools_status pdftools_layout_page_to_canvas(pdftools_layout *layout, int32_t page_index, double x,
                                               double y, double *out_x, double *out_y);

/**
 * The scroll offset (the canvas point at the viewport's top-left corner)
 * that brings the display-space point (x, y) of page page_index to the
 * viewport's top-left corner, kept within 0 and the canvas size less the
 * viewport: (0, 0) shows the page at the top; a destination of the outline
 * converted to display space shows that place.  Either out pointer may be
 * NULL.  Errors: INVALID_HANDLE, OUT_OF_RANGE, NOT_FOUND (the page is not
 * shown; in the paged modes, make it current first).
 */
pdftools_status pdftools_layout_get_scroll_position(pdftools_layout *layout, int32_t page_index,
                                                    double x, double y, double *out_x,
                                                    double *out_y);

/** The pointer events pdftools_tool_canvas_event sends (since 1.3). */
typedef enum pdftools_canvas_event_kind {
  PDFTOOLS_CANVAS_POINTER_DOWN = 0, /**< As pdftools_tool_pointer_down. */
  PDFTOOLS_CANVAS_POINTER_MOVE = 1, /**< As pdftools_tool_pointer_move. */
  PDFTOOLS_CANVAS_POINTER_UP = 2,   /**< As pdftools_tool_pointer_up. */
  PDFTOOLS_CANVAS_TAP = 3,          /**< As pdftools_tool_tap. */
  PDFTOOLS_CANVAS_DOUBLE_TAP = 4,   /**< As pdftools_tool_double_tap. */
  PDFTOOLS_CANVAS_LONG_PRESS = 5    /**< As pdftools_tool_long_press. */
} pdftools_canvas_event_kind;

/**
 * Sends manager a pointer event whose x and y are canvas coordinates of
 * layout (event->page_index is ignored), as an alternative to page and
 * display point (since 1.3).  A press, tap, double tap or long press goes to
 * the page under the point; the moves and the release of a gesture that
 * began with a canvas press are read in the display space of the page it
 * started on, also beyond that page; other moves go to the page under the
 * point.  Over no page, nothing is sent and *out_handled (may be NULL) is 0.
 * The layout is read as it is at the call (its lock is not held while the
 * tools run).  Thread rules as pdftools_tool_pointer_down.
 * Errors: INVALID_HANDLE (manager or layout), INVALID_ARGUMENT (event NULL,
 * an unknown kind, coordinates not finite), and those of the event sent.
 */
pdftools_status pdftools_tool_canvas_event(pdftools_tool_manager *manager, pdftools_layout *layout,
                                           pdftools_canvas_event_kind kind, const pdftools_pointer_event *event,
                                           pdftools_bool *out_handled);

/* ------------------------------------------------------------------------ */
/* Forms (since 1.4)                                                         */
/* ------------------------------------------------------------------------ */

/*
 * The document's interactive form (AcroForm): its fields, read and filled.
 * A field is a terminal node of the field tree (the node holding a value);
 * it is named by a pdftools_field_id and shown by one or more widget
 * annotations (pdftools_annotation_id).  Values are read from the fields
 * and, for check boxes and radio buttons, from their widgets' states.
 *
 * Filling rebuilds the widgets' appearance streams with the library's own
 * writer (text in any script, as for FreeText), so PDFium, MuPDF and
 * poppler show the value without /NeedAppearances; /NeedAppearances is
 * left as the document has it.  Every fill is one undo step; consecutive
 * values set on one text field merge into one step (typing).  A form that
 * also has an XFA description is read and filled through its AcroForm part
 * only (pdftools_form_info.has_xfa says so).
 *
 * Fill refusals, with PDFTOOLS_E_NOT_PERMITTED: a read-only field (flag
 * PDFTOOLS_FIELD_READ_ONLY); a field locked by a signature (the /Lock of a
 * signed signature field, a FieldMDP transform of its signature, or a
 * certifying DocMDP signature allowing no changes; a signed signature
 * field is locked itself: pdftools_field_info.locked); a document whose
 * permissions allow neither filling forms nor annotating.  Documents with
 * signatures are saved incrementally by default, so filling keeps their
 * signed bytes.
 *
 * Thread rules: as every function taking a document (the document lock).
 */

/** A form field's id: unique in its open document, never reused; 0 is no field. */
typedef int64_t pdftools_field_id;

/** The type of a form field. */
typedef enum pdftools_field_type {
  PDFTOOLS_FIELD_UNKNOWN = 0,     /**< No /FT, or one the library does not know. */
  PDFTOOLS_FIELD_TEXT = 1,        /**< A text field. */
  PDFTOOLS_FIELD_CHECKBOX = 2,    /**< A check box (its widgets may turn on different values). */
  PDFTOOLS_FIELD_RADIO = 3,       /**< A group of radio buttons. */
  PDFTOOLS_FIELD_COMBO_BOX = 4,   /**< A combo box (drop-down list, maybe editable). */
  PDFTOOLS_FIELD_LIST_BOX = 5,    /**< A list box (maybe multi-select). */
  PDFTOOLS_FIELD_PUSH_BUTTON = 6, /**< A push button (no value). */
  PDFTOOLS_FIELD_SIGNATURE = 7    /**< A signature field (signed or not). */
} pdftools_field_type;

/** Field flags (pdftools_field_info.flags): the bits of the field's /Ff, inherited ones included. */
typedef enum pdftools_field_flag {
  PDFTOOLS_FIELD_READ_ONLY = 1 << 0,          /**< The value cannot be changed. */
  PDFTOOLS_FIELD_REQUIRED = 1 << 1,           /**< A value is required for submission. */
  PDFTOOLS_FIELD_NO_EXPORT = 1 << 2,          /**< Not exported on submission. */
  PDFTOOLS_FIELD_MULTILINE = 1 << 12,         /**< Text: several lines. */
  PDFTOOLS_FIELD_PASSWORD = 1 << 13,          /**< Text: shown as asterisks. */
  PDFTOOLS_FIELD_NO_TOGGLE_TO_OFF = 1 << 14,  /**< Radio: one button stays on. */
  PDFTOOLS_FIELD_RADIO_FLAG = 1 << 15,        /**< Button: radio buttons. */
  PDFTOOLS_FIELD_PUSH_BUTTON_FLAG = 1 << 16,  /**< Button: a push button. */
  PDFTOOLS_FIELD_COMBO = 1 << 17,             /**< Choice: a combo box. */
  PDFTOOLS_FIELD_EDIT = 1 << 18,              /**< Combo box: any text may be typed. */
  PDFTOOLS_FIELD_SORT = 1 << 19,              /**< Choice: options shown sorted. */
  PDFTOOLS_FIELD_FILE_SELECT = 1 << 20,       /**< Text: a file name. */
  PDFTOOLS_FIELD_MULTI_SELECT = 1 << 21,      /**< List box: several options may be selected. */
  PDFTOOLS_FIELD_DO_NOT_SPELL_CHECK = 1 << 22, /**< Text, choice: no spell checking. */
  PDFTOOLS_FIELD_DO_NOT_SCROLL = 1 << 23,     /**< Text: no scrolling past the box. */
  PDFTOOLS_FIELD_COMB = 1 << 24,              /**< Text: /MaxLen cells, one character each. */
  PDFTOOLS_FIELD_RICH_TEXT = 1 << 25,         /**< Text: rich text (radio: the same bit means RadiosInUnison). */
  PDFTOOLS_FIELD_COMMIT_ON_SEL_CHANGE = 1 << 26 /**< Choice: commit on selection. */
} pdftools_field_flag;

/** What a document's form holds (pdftools_form_get_info). */
typedef struct pdftools_form_info {
  pdftools_bool has_form;             /**< 1 when the document has a form with at least one field. */
  pdftools_bool need_appearances;     /**< The form's /NeedAppearances. */
  pdftools_bool has_xfa;              /**< 1 when the form also has an XFA description (not read). */
  int32_t field_count;                /**< Terminal fields. */
  int32_t signed_count;               /**< Signature fields holding a signature. */
  pdftools_bool certified_no_changes; /**< 1 when a DocMDP signature allows no changes. */
} pdftools_form_info;

/** One field as pdftools_form_get_fields lists it. */
typedef struct pdftools_field_info {
  pdftools_field_id id;      /**< The field. */
  pdftools_field_type type;  /**< Its type. */
  uint32_t flags;            /**< pdftools_field_flag bits. */
  int32_t alignment;         /**< /Q: 0 left, 1 centred, 2 right. */
  int32_t max_length;        /**< /MaxLen of a text field; -1 without one. */
  int32_t value_count;       /**< Values (pdftools_field_get_value): 1 for a set text, check box or radio; 0..n for choices. */
  int32_t default_count;     /**< Default values (/DV), as value_count. */
  int32_t option_count;      /**< Options (pdftools_field_get_option). */
  int32_t selected_count;    /**< Selected options (pdftools_field_get_selected). */
  int32_t widget_count;      /**< Widgets (pdftools_field_get_widgets). */
  pdftools_bool locked;      /**< 1 when a signature forbids changing it. */
  pdftools_bool is_signed;   /**< 1 for a signature field holding a signature. */
  size_t name_size;          /**< The full name's length in UTF-8 bytes, without a NUL. */
} pdftools_field_info;

/** One widget of a field (pdftools_field_get_widgets). */
typedef struct pdftools_field_widget {
  pdftools_annotation_id annotation; /**< The widget annotation (0 when it is on no page). */
  int32_t page_index;                /**< Its page (-1 when on none). */
  pdftools_rect rect;                /**< Its /Rect, page space. */
  pdftools_bool on;                  /**< 1 when a check box or radio widget shows its on state. */
  size_t on_state_size;              /**< Its on state's length in bytes (0 for other fields). */
} pdftools_field_widget;

/** The texts of a field (pdftools_field_get_text). */
typedef enum pdftools_field_text {
  PDFTOOLS_FIELD_TEXT_NAME = 0,               /**< The fully qualified name ("address.city"). */
  PDFTOOLS_FIELD_TEXT_PARTIAL_NAME = 1,       /**< Its own /T. */
  PDFTOOLS_FIELD_TEXT_TOOLTIP = 2,            /**< /TU, the name shown to users ("" without). */
  PDFTOOLS_FIELD_TEXT_MAPPING_NAME = 3,       /**< /TM, the export name ("" without). */
  PDFTOOLS_FIELD_TEXT_DEFAULT_APPEARANCE = 4  /**< /DA ("/Helv 0 Tf 0 g"; "" without). */
} pdftools_field_text;

/**
 * What doc's form holds; element_size is sizeof(pdftools_form_info) as the
 * caller knows it.  Errors: INVALID_HANDLE, INVALID_ARGUMENT (out_info NULL,
 * element_size too small).
 */
pdftools_status pdftools_form_get_info(pdftools_document *doc, size_t element_size, pdftools_form_info *out_info);

/**
 * Every field of the form, depth first in /Fields order (array pattern as
 * for pdftools_page_get_chars; element_size is sizeof(pdftools_field_info)).
 * A document without a form gives 0.  Field trees are read within 64 levels
 * and 200,000 nodes; loops are cut.
 * Errors: INVALID_HANDLE, INVALID_ARGUMENT, BUFFER_TOO_SMALL.
 */
pdftools_status pdftools_form_get_fields(pdftools_document *doc, size_t element_size, pdftools_field_info *buf,
                                         int32_t capacity, int32_t *out_count);

/**
 * Field id read on its own, as pdftools_form_get_fields lists it.
 * Errors: INVALID_HANDLE, INVALID_ARGUMENT, NOT_FOUND (not a field of the form).
 */
pdftools_status pdftools_field_get_info(pdftools_document *doc, pdftools_field_id id, size_t element_size,
                                        pdftools_field_info *out_info);

/**
 * The field whose fully qualified name is name (UTF-8; the first in tree
 * order when several have it).  Errors: INVALID_HANDLE, INVALID_ARGUMENT,
 * NOT_FOUND.
 */
pdftools_status pdftools_form_find_field(pdftools_document *doc, const char *name, pdftools_field_id *out_id);

/**
 * The field annotation is a widget of.  Errors: INVALID_HANDLE,
 * INVALID_ARGUMENT, NOT_FOUND (no such annotation, or not a field's widget).
 */
pdftools_status pdftools_form_get_widget_field(pdftools_document *doc, pdftools_annotation_id annotation,
                                               pdftools_field_id *out_id);

/**
 * A text of field id (UTF-8), two-call pattern.  Errors: INVALID_HANDLE,
 * INVALID_ARGUMENT (unknown which), NOT_FOUND, BUFFER_TOO_SMALL.
 */
pdftools_status pdftools_field_get_text(pdftools_document *doc, pdftools_field_id id, pdftools_field_text which,
                                        char *buf, size_t buf_size, size_t *out_size);

/**
 * Value index of field id (UTF-8, two-call pattern): a text field's text;
 * a choice field's selected export values in option order (free text of an
 * editable combo box); the export value a check box or radio group is on
 * ("Off" when none).  Errors: INVALID_HANDLE, INVALID_ARGUMENT, NOT_FOUND,
 * OUT_OF_RANGE (index outside value_count), BUFFER_TOO_SMALL.
 */
pdftools_status pdftools_field_get_value(pdftools_document *doc, pdftools_field_id id, int32_t index, char *buf,
                                         size_t buf_size, size_t *out_size);

/** Default value index (/DV), as pdftools_field_get_value (default_count values). */
pdftools_status pdftools_field_get_default_value(pdftools_document *doc, pdftools_field_id id, int32_t index,
                                                 char *buf, size_t buf_size, size_t *out_size);

/**
 * Option index of field id (UTF-8, two-call pattern): its export value, or
 * with display 1 the text shown for it.  Choice fields list /Opt; check
 * boxes and radio groups list the distinct export values their widgets turn
 * on.  Errors: INVALID_HANDLE, INVALID_ARGUMENT, NOT_FOUND, OUT_OF_RANGE,
 * BUFFER_TOO_SMALL.
 */
pdftools_status pdftools_field_get_option(pdftools_document *doc, pdftools_field_id id, int32_t index,
                                          pdftools_bool display, char *buf, size_t buf_size, size_t *out_size);

/**
 * The indices of the selected options (choice fields) or of the option that
 * is on (buttons), ascending; array pattern (buf NULL gives the count).
 * Errors: INVALID_HANDLE, INVALID_ARGUMENT, NOT_FOUND, BUFFER_TOO_SMALL.
 */
pdftools_status pdftools_field_get_selected(pdftools_document *doc, pdftools_field_id id, int32_t *buf,
                                            int32_t capacity, int32_t *out_count);

/**
 * The widgets of field id in /Kids order; array pattern, element_size is
 * sizeof(pdftools_field_widget).  Errors: INVALID_HANDLE, INVALID_ARGUMENT,
 * NOT_FOUND, BUFFER_TOO_SMALL.
 */
pdftools_status pdftools_field_get_widgets(pdftools_document *doc, pdftools_field_id id, size_t element_size,
                                           pdftools_field_widget *buf, int32_t capacity, int32_t *out_count);

/**
 * The on state of widget index of a check box or radio group (the name of
 * its appearance that is not Off), two-call pattern; "" for other fields.
 * Errors: INVALID_HANDLE, INVALID_ARGUMENT, NOT_FOUND, OUT_OF_RANGE,
 * BUFFER_TOO_SMALL.
 */
pdftools_status pdftools_field_get_widget_state(pdftools_document *doc, pdftools_field_id id, int32_t index,
                                                char *buf, size_t buf_size, size_t *out_size);

/**
 * Sets the value of field id (UTF-8): a text field's text (newlines kept
 * for multiline fields, shown on one line otherwise); a combo box's option
 * by export value or display text, or any text when it is editable; a list
 * box's one option; for a check box or radio group the export value (or
 * state name) to turn on, or "Off".  The widgets' appearances are rebuilt.
 * One undo step; values set one after another on one text field merge.
 * Errors: INVALID_HANDLE, INVALID_ARGUMENT (value NULL or not UTF-8, longer
 * than /MaxLen, not an option, a push button or signature field), NOT_FOUND,
 * NOT_PERMITTED (read-only, locked, permissions).
 */
pdftools_status pdftools_field_set_value(pdftools_document *doc, pdftools_field_id id, const char *value);

/**
 * Turns a check box on (the first on state of its widgets) or off.  One undo
 * step.  Errors: as pdftools_field_set_value; INVALID_ARGUMENT for other
 * types; DAMAGED when no widget has an on state.
 */
pdftools_status pdftools_field_set_checked(pdftools_document *doc, pdftools_field_id id, pdftools_bool checked);

/**
 * Selects the options at indices (count of them; NULL with count 0 clears
 * the selection) of a combo or list box; more than one only for a
 * multi-select list box.  Duplicates count once.  One undo step.
 * Errors: as pdftools_field_set_value; INVALID_ARGUMENT (an index outside
 * the options, several for a single-choice field, not a choice field).
 */
pdftools_status pdftools_field_set_selection(pdftools_document *doc, pdftools_field_id id, const int32_t *indices,
                                             int32_t count);

/**
 * Resets field id to its default value (/DV; no value without one).  One
 * undo step.  Errors: as pdftools_field_set_value.
 */
pdftools_status pdftools_field_reset(pdftools_document *doc, pdftools_field_id id);

/**
 * Resets every field that holds a value and is neither read-only nor
 * locked, as one undo step; *out_count (may be NULL) receives how many.
 * Errors: INVALID_HANDLE, NOT_PERMITTED (permissions).
 */
pdftools_status pdftools_form_reset(pdftools_document *doc, int32_t *out_count);

/**
 * The form's data as an XFDF document (ISO 19444-1 <fields>), in a new
 * memory block as for pdftools_document_export_xfdf: one <field> per part of
 * the names, nested as the names are ("address.city" inside "address"), a
 * <value> per value of each field (a button's export value or Off, a
 * multi-select list's values); fields without a value have none; push
 * buttons and signatures are left out.
 * Errors: INVALID_HANDLE, INVALID_ARGUMENT (out_xml or out_size NULL),
 * OUT_OF_MEMORY.
 */
pdftools_status pdftools_form_export_xfdf(pdftools_document *doc, char **out_xml, size_t *out_size);

/**
 * Fills the form from the <fields> of an XFDF document (UTF-8), by full
 * name, as one undo step ("Import Form Data"): a field with <value>
 * elements takes them as pdftools_field_set_value takes a value (several
 * for a multi-select list box); one without is left alone.  Unknown names,
 * read-only and locked fields, push buttons and signatures are skipped and
 * named in a log warning.  *out_filled and *out_skipped (each may be NULL)
 * receive the counts.  All or nothing: a malformed document or a value a
 * field cannot take changes nothing and the message names its line.
 * Errors: INVALID_HANDLE, INVALID_ARGUMENT (xfdf NULL, not well-formed, a
 * root other than <xfdf>, a <field> without a name, a value that is not an
 * option), NOT_PERMITTED (permissions).
 */
pdftools_status pdftools_form_import_xfdf(pdftools_document *doc, const char *xfdf, int32_t *out_filled,
                                          int32_t *out_skipped);

/*
 * Designing forms (since 1.4).  Creating, changing and deleting fields
 * needs the permissions to annotate and to change the document and is
 * refused (NOT_PERMITTED) on a document with a signed signature field,
 * whose signatures a new form would break.  Each call is one undo step.
 * Widgets are annotations: move or resize them with
 * pdftools_annotation_set_rect (text and choice fields are laid out again;
 * buttons keep their appearance, fitted to the new rectangle); deleting a
 * widget with pdftools_annotation_delete takes it out of its field, and a
 * field left without widgets out of the form.
 */

/** The look of a field's widgets.  Initialise with PDFTOOLS_FIELD_STYLE_INIT. */
typedef struct pdftools_field_style {
  uint32_t version;                  /**< PDFTOOLS_FIELD_STYLE_VERSION. */
  const char *font;                  /**< A standard 14 name (Helv, TiRo, Cour, HeBo too) or an installed family; NULL: Helvetica. */
  double font_size;                  /**< The size; 0 fits the box. */
  pdftools_color text_color;         /**< Text and check mark colour. */
  pdftools_bool has_border;          /**< 0: no border. */
  pdftools_color border_color;       /**< /MK /BC, when has_border. */
  pdftools_bool has_background;      /**< 0: transparent. */
  pdftools_color background_color;   /**< /MK /BG, when has_background. */
  double border_width;               /**< /BS /W, 0 to 100. */
  pdftools_border_style border_style; /**< /BS /S. */
  int32_t alignment;                 /**< /Q: 0 left, 1 centred, 2 right. */
} pdftools_field_style;

/** The version of pdftools_field_style this header describes. */
#define PDFTOOLS_FIELD_STYLE_VERSION 1
/** Helvetica fitted to the box, black text, a black 1-point solid border, no background, left. */
#define PDFTOOLS_FIELD_STYLE_INIT \
  { PDFTOOLS_FIELD_STYLE_VERSION, NULL, 0.0, {0, 0, 0}, 1, {0, 0, 0}, 0, {1, 1, 1}, 1.0, PDFTOOLS_BORDER_SOLID, 0 }

/** A new field.  Initialise with PDFTOOLS_FIELD_SPEC_INIT. */
typedef struct pdftools_field_spec {
  uint32_t version;                  /**< PDFTOOLS_FIELD_SPEC_VERSION. */
  pdftools_field_type type;          /**< Any type but UNKNOWN. */
  const char *name;                  /**< The new top-level field's name (UTF-8, no '.'). */
  int32_t page_index;                /**< The page of its first widget. */
  pdftools_rect rect;                /**< The first widget's rectangle, page space. */
  uint32_t flags;                    /**< pdftools_field_flag bits to set (those of the type are implied). */
  /**
   * option_count strings: a choice field's export values; for a check box
   * or radio button the export value of the first widget (default "Yes",
   * radio "Choice1"); for a push button its caption.
   */
  const char *const *options;
  const char *const *option_names;   /**< NULL, or option_count texts shown for the options. */
  int32_t option_count;              /**< The number of options. */
  const char *default_value;         /**< NULL, or the default (and first) value. */
  int32_t max_length;                /**< Text: /MaxLen, -1 for none (a comb needs one). */
  const char *tooltip;               /**< NULL, or /TU. */
  pdftools_field_style style;        /**< The widgets' look. */
} pdftools_field_spec;

/** The version of pdftools_field_spec this header describes. */
#define PDFTOOLS_FIELD_SPEC_VERSION 1
/** A text field on page 0, no options, no default, no /MaxLen, the default style. */
#define PDFTOOLS_FIELD_SPEC_INIT \
  { PDFTOOLS_FIELD_SPEC_VERSION, PDFTOOLS_FIELD_TEXT, NULL, 0, {0, 0, 0, 0}, 0, NULL, NULL, 0, NULL, -1, NULL, \
    PDFTOOLS_FIELD_STYLE_INIT }

/**
 * Creates a field (a top-level field with one widget) and stores its id in
 * *out_id (may be NULL).  The document gets a form when it has none; the
 * style's font joins the form's /DR; the widget gets an appearance at once.
 * Errors: INVALID_HANDLE, INVALID_ARGUMENT (spec NULL, an unknown version
 * or type, a name that is empty, has '.', is not UTF-8 or is taken, a
 * rectangle without area, a style out of range, a comb without max_length,
 * "Off" as a button's export value, a default value that is not an
 * option), OUT_OF_RANGE (page_index), NOT_PERMITTED.
 */
pdftools_status pdftools_form_add_field(pdftools_document *doc, const pdftools_field_spec *spec,
                                        pdftools_field_id *out_id);

/**
 * Adds a widget to field id on page_index at rect: another radio button
 * (export_value names the value it turns on; NULL: "ChoiceN"), another box
 * of a check box (likewise), or another place showing a text, choice or
 * push button field (export_value ignored).  It takes the look of the
 * field's first widget.  *out_annotation (may be NULL) receives its
 * annotation id.  Only for fields whose widgets are kids of the field (all
 * fields the library makes).  Errors: INVALID_HANDLE, INVALID_ARGUMENT
 * (rect NULL or without area, export_value "Off" or too long), NOT_FOUND,
 * OUT_OF_RANGE (page), UNSUPPORTED (the field is its own widget),
 * NOT_PERMITTED.
 */
pdftools_status pdftools_field_add_widget(pdftools_document *doc, pdftools_field_id id, int32_t page_index,
                                          const pdftools_rect *rect, const char *export_value,
                                          pdftools_annotation_id *out_annotation);

/** Deletes field id with its widgets.  Errors: INVALID_HANDLE, NOT_FOUND, NOT_PERMITTED. */
pdftools_status pdftools_field_delete(pdftools_document *doc, pdftools_field_id id);

/**
 * Gives field id the partial name name (UTF-8, no '.'); its full name
 * changes with it.  Errors: INVALID_HANDLE, INVALID_ARGUMENT (NULL, empty,
 * '.', taken), NOT_FOUND, NOT_PERMITTED.
 */
pdftools_status pdftools_field_rename(pdftools_document *doc, pdftools_field_id id, const char *name);

/**
 * Sets the flags of field id (pdftools_field_flag bits) other than those
 * that make its type (RADIO_FLAG, PUSH_BUTTON_FLAG, COMBO are kept as
 * they are); appearances are rebuilt.  Errors: INVALID_HANDLE,
 * INVALID_ARGUMENT (COMB without /MaxLen), NOT_FOUND, NOT_PERMITTED.
 */
pdftools_status pdftools_field_set_flags(pdftools_document *doc, pdftools_field_id id, uint32_t flags);

/**
 * Replaces the options of combo or list box id: count export values and
 * (NULL: the same) texts shown.  The value stays when it is still an option
 * (or the combo box is editable) and is cleared otherwise.
 * Errors: INVALID_HANDLE, INVALID_ARGUMENT (NULL with a count, a string
 * NULL or not UTF-8, not a choice field), NOT_FOUND, NOT_PERMITTED.
 */
pdftools_status pdftools_field_set_options(pdftools_document *doc, pdftools_field_id id,
                                           const char *const *export_values, const char *const *names,
                                           int32_t count);

/**
 * Sets the default value (/DV) of field id (UTF-8; NULL removes it): a
 * text, an option, a button's export value or "Off".
 * Errors: INVALID_HANDLE, INVALID_ARGUMENT, NOT_FOUND, NOT_PERMITTED.
 */
pdftools_status pdftools_field_set_default_value(pdftools_document *doc, pdftools_field_id id, const char *value);

/**
 * Sets /TU of field id (UTF-8; NULL removes it).
 * Errors: INVALID_HANDLE, INVALID_ARGUMENT, NOT_FOUND, NOT_PERMITTED.
 */
pdftools_status pdftools_field_set_tooltip(pdftools_document *doc, pdftools_field_id id, const char *tooltip);

/**
 * Sets /MaxLen of text field id (1 to 1000000; -1 removes it, refused for
 * a comb).  A longer value is kept.  Errors: INVALID_HANDLE,
 * INVALID_ARGUMENT, NOT_FOUND, NOT_PERMITTED.
 */
pdftools_status pdftools_field_set_max_length(pdftools_document *doc, pdftools_field_id id, int32_t max_length);

/**
 * Gives every widget of field id the look style (/DA and /Q of the field,
 * /MK colours and /BS of the widgets) and rebuilds their appearances.
 * Errors: INVALID_HANDLE, INVALID_ARGUMENT (style NULL, an unknown version
 * or border style, values out of range), NOT_FOUND, NOT_PERMITTED.
 */
pdftools_status pdftools_field_set_style(pdftools_document *doc, pdftools_field_id id,
                                         const pdftools_field_style *style);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* PDFTOOLS_H */

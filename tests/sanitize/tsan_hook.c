/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Linked into libpdftools only in ThreadSanitizer builds (PDFTOOLS_SANITIZER=thread).  The
 * static Swift runtime (-static-stdlib) tells ThreadSanitizer about its own synchronisation
 * through __tsan_on_initialize, which the link makes local; without this call every lazily
 * initialised Swift global reports a false race.
 */
#if defined(__has_feature)
#if __has_feature(thread_sanitizer)
void __tsan_on_initialize(void);

__attribute__((constructor)) static void pdft_tsan_hooks(void) { __tsan_on_initialize(); }
#endif
#endif

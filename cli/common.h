/* SPDX-License-Identifier: GPL-3.0-or-later */
/* What the commands of the pdftools tool share (cli/pdftools.c defines it). */
#ifndef PDFTOOLS_CLI_COMMON_H
#define PDFTOOLS_CLI_COMMON_H

#include <stdint.h>

#include <pdftools.h>

/* Exit codes. */
enum { EXIT_REFUSED = 1, EXIT_USAGE = 2, EXIT_REPAIRED = 3 };

/* The name of the command running ("pdftools" before one is chosen). */
extern const char *command;

/* Prints "pdftools COMMAND: what: status (message)" on stderr and returns EXIT_REFUSED. */
int refused(const char *what, pdftools_status status);

/* Prints a usage error and returns EXIT_USAGE. */
int usage(const char *format, ...);

/* Opens path; on failure prints why, sets *exit_code and returns NULL. */
pdftools_document *open_document(const char *path, const char *password, int *exit_code);

/* Writes text (UTF-8; NULL as "") as a JSON string, quotes included, on stdout. */
void json_string(const char *text);

/* Parses "N" or "A-B" (1-based, inclusive) into 0-based first and last within count pages;
   0 when it is not such a range. */
int parse_pages(const char *text, int32_t count, int32_t *first, int32_t *last);

/* The commands of cli/exchange.c. */
int run_xfdf(int argc, char **argv);
int run_summary(int argc, char **argv);
int run_flatten(int argc, char **argv);

/* The command of cli/outline.c. */
int run_outline(int argc, char **argv);

/* The command of cli/pages.c. */
int run_pages(int argc, char **argv);

/* The commands of cli/forms.c. */
int run_fields(int argc, char **argv);
int run_fill(int argc, char **argv);

#endif

/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * pdfinfo.c — sample: pdftools-info prints everything libpdftools can tell
 * about a PDF document: PDF version, page count, repair and encryption state,
 * permissions, signature fields, metadata, and for each page its label,
 * media and crop boxes, rotation, user unit and display size.
 *
 * Usage: pdftools-info FILE [PASSWORD]
 * Exit codes: 0 success, 1 the library reported an error, 2 usage.
 *
 * Build: see README.md in this folder (make, with pkg-config).
 */
#include <pdftools.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Reports a failed call on stderr; returns 1 (the exit code) for convenience. */
static int report(const char *what, pdftools_status status) {
  fprintf(stderr, "pdftools-info: %s: %s (%s)\n", what, pdftools_status_string(status),
          pdftools_last_error_message());
  return 1;
}

/* Prints text with control characters shown as escapes. */
static void print_text(const char *s) {
  for (; *s; s++) {
    unsigned char c = (unsigned char)*s;
    if (c == '\n')
      fputs("\\n", stdout);
    else if (c == '\t')
      fputs("\\t", stdout);
    else if (c < 0x20 || c == 0x7f)
      printf("\\x%02x", c);
    else
      putchar(c);
  }
}

/*
 * The two-call pattern, for metadata values: ask for the size, allocate,
 * fetch.  Returns a malloc'd string or NULL (with *out_status set).
 */
static char *get_metadata(pdftools_document *doc, const char *key, pdftools_status *out_status) {
  size_t size = 0;
  char *buf = NULL;
  pdftools_status st = pdftools_document_get_metadata(doc, key, NULL, 0, &size);
  while (st == PDFTOOLS_OK) {
    char *bigger = (char *)realloc(buf, size);
    if (!bigger) {
      st = PDFTOOLS_E_OUT_OF_MEMORY;
      break;
    }
    buf = bigger;
    st = pdftools_document_get_metadata(doc, key, buf, size, &size);
    if (st == PDFTOOLS_OK) {
      *out_status = st;
      return buf;
    }
    if (st == PDFTOOLS_E_BUFFER_TOO_SMALL) st = PDFTOOLS_OK; /* changed meanwhile: retry */
  }
  free(buf);
  *out_status = st;
  return NULL;
}

/* The same for metadata keys by index. */
static char *get_metadata_key(pdftools_document *doc, int32_t index, pdftools_status *out_status) {
  size_t size = 0;
  char *buf;
  pdftools_status st = pdftools_document_get_metadata_key(doc, index, NULL, 0, &size);
  if (st != PDFTOOLS_OK) {
    *out_status = st;
    return NULL;
  }
  buf = (char *)malloc(size);
  if (!buf) {
    *out_status = PDFTOOLS_E_OUT_OF_MEMORY;
    return NULL;
  }
  st = pdftools_document_get_metadata_key(doc, index, buf, size, &size);
  *out_status = st;
  if (st != PDFTOOLS_OK) {
    free(buf);
    return NULL;
  }
  return buf;
}

/* And for page labels. */
static char *get_label(pdftools_document *doc, int32_t page, pdftools_status *out_status) {
  size_t size = 0;
  char *buf;
  pdftools_status st = pdftools_page_get_label(doc, page, NULL, 0, &size);
  if (st != PDFTOOLS_OK) {
    *out_status = st;
    return NULL;
  }
  buf = (char *)malloc(size);
  if (!buf) {
    *out_status = PDFTOOLS_E_OUT_OF_MEMORY;
    return NULL;
  }
  st = pdftools_page_get_label(doc, page, buf, size, &size);
  *out_status = st;
  if (st != PDFTOOLS_OK) {
    free(buf);
    return NULL;
  }
  return buf;
}

static void print_permissions(uint32_t flags) {
  static const struct {
    uint32_t bit;
    const char *name;
  } names[] = {
      {PDFTOOLS_PERMISSION_PRINT, "print"},
      {PDFTOOLS_PERMISSION_PRINT_HIGH_QUALITY, "print-high-quality"},
      {PDFTOOLS_PERMISSION_MODIFY, "modify"},
      {PDFTOOLS_PERMISSION_COPY, "copy"},
      {PDFTOOLS_PERMISSION_ACCESSIBILITY, "accessibility"},
      {PDFTOOLS_PERMISSION_ANNOTATE, "annotate"},
      {PDFTOOLS_PERMISSION_FILL_FORMS, "fill-forms"},
      {PDFTOOLS_PERMISSION_ASSEMBLE, "assemble"},
  };
  size_t i;
  int first = 1;
  if (flags == (uint32_t)PDFTOOLS_PERMISSION_ALL)
    fputs("all (", stdout);
  else if (flags == 0)
    fputs("none", stdout);
  for (i = 0; i < sizeof names / sizeof names[0]; i++) {
    if (!(flags & names[i].bit)) continue;
    printf("%s%s", first ? "" : ", ", names[i].name);
    first = 0;
  }
  if (flags == (uint32_t)PDFTOOLS_PERMISSION_ALL) putchar(')');
  putchar('\n');
}

static void print_rect(const char *label, const pdftools_rect *r) {
  printf("  %-14s[%g %g %g %g]\n", label, r->x0, r->y0, r->x1, r->y1);
}

int main(int argc, char **argv) {
  const char *path, *password = NULL;
  pdftools_document *doc = NULL;
  pdftools_status st;
  int32_t pages = 0, major = 0, minor = 0, ext = 0, repaired = 0, encrypted = 0, sigs = 0, count = 0, i;
  uint32_t perms = 0;

  if (argc < 2 || argc > 3) {
    fprintf(stderr, "usage: pdftools-info FILE [PASSWORD]\n");
    return 2;
  }
  path = argv[1];
  if (argc == 3) password = argv[2];

  st = pdftools_document_open(path, password, &doc);
  if (st != PDFTOOLS_OK) {
    fprintf(stderr, "pdftools-info: cannot open '%s': %s (%s)\n", path, pdftools_status_string(st),
            pdftools_last_error_message());
    if (st == PDFTOOLS_E_PASSWORD_REQUIRED)
      fprintf(stderr, "pdftools-info: the document is encrypted; pass its password as the second argument\n");
    return 1;
  }

  if ((st = pdftools_document_get_pdf_version(doc, &major, &minor, &ext)) != PDFTOOLS_OK ||
      (st = pdftools_document_get_page_count(doc, &pages)) != PDFTOOLS_OK ||
      (st = pdftools_document_was_repaired(doc, &repaired)) != PDFTOOLS_OK ||
      (st = pdftools_document_is_encrypted(doc, &encrypted)) != PDFTOOLS_OK ||
      (st = pdftools_document_get_permissions(doc, &perms)) != PDFTOOLS_OK ||
      (st = pdftools_document_has_signature_fields(doc, &sigs)) != PDFTOOLS_OK ||
      (st = pdftools_document_get_metadata_count(doc, &count)) != PDFTOOLS_OK) {
    pdftools_document_close(doc);
    return report("reading the document", st);
  }

  printf("File:              %s\n", path);
  printf("Library:           libpdftools %s\n", pdftools_version_string());
  printf("PDF version:       %d.%d", (int)major, (int)minor);
  if (ext > 0) printf(" (Adobe extension level %d)", (int)ext);
  putchar('\n');
  printf("Pages:             %d\n", (int)pages);
  printf("Repaired:          %s\n", repaired ? "yes (the file was damaged)" : "no");
  printf("Encrypted:         %s\n", encrypted ? "yes" : "no");
  printf("Permissions:       ");
  print_permissions(perms);
  printf("Signature fields:  %s\n", sigs ? "yes (save incrementally to keep signatures valid)" : "no");
  printf("Metadata:          %d entr%s\n", (int)count, count == 1 ? "y" : "ies");
  for (i = 0; i < count; i++) {
    char *key = get_metadata_key(doc, i, &st);
    char *value;
    if (!key) {
      pdftools_document_close(doc);
      return report("reading a metadata key", st);
    }
    value = get_metadata(doc, key, &st);
    printf("  %s:%*s", key, (int)(strlen(key) < 16 ? 16 - strlen(key) : 1), "");
    if (value)
      print_text(value);
    else
      printf("(unreadable: %s)", pdftools_status_string(st));
    putchar('\n');
    free(key);
    free(value);
  }

  for (i = 0; i < pages; i++) {
    pdftools_rect media, crop;
    int32_t rotation = 0;
    double unit = 1.0, width = 0.0, height = 0.0;
    char *label = get_label(doc, i, &st);
    if (!label ||
        (st = pdftools_page_get_box(doc, i, PDFTOOLS_BOX_MEDIA, &media)) != PDFTOOLS_OK ||
        (st = pdftools_page_get_box(doc, i, PDFTOOLS_BOX_CROP, &crop)) != PDFTOOLS_OK ||
        (st = pdftools_page_get_rotation(doc, i, &rotation)) != PDFTOOLS_OK ||
        (st = pdftools_page_get_user_unit(doc, i, &unit)) != PDFTOOLS_OK ||
        (st = pdftools_page_get_size(doc, i, &width, &height)) != PDFTOOLS_OK) {
      char what[64];
      free(label);
      pdftools_document_close(doc);
      snprintf(what, sizeof what, "reading page %d", (int)i + 1);
      return report(what, st);
    }
    printf("Page %d (label \"", (int)i + 1);
    print_text(label);
    printf("\"):\n");
    print_rect("media box:", &media);
    print_rect("crop box:", &crop);
    printf("  %-14s%d\n", "rotation:", (int)rotation);
    printf("  %-14s%g\n", "user unit:", unit);
    printf("  %-14s%g x %g pt (%.2f x %.2f in)\n", "display size:", width, height, width / 72.0,
           height / 72.0);
    free(label);
  }

  pdftools_document_close(doc);
  return 0;
}

/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * fuzz_edit — libFuzzer harness: the input is a sequence of edits, decoded byte by byte, on
 * one of three generated documents (plain text page; rotated, cropped page; a page with
 * annotations of other writers): create, change every kind of property, delete, reorder,
 * popups and replies, moves, generated appearances, undo, redo, groups, metadata, blank
 * pages, tool manager gestures and keys, saves.  Values come from the input, so coordinates, sizes and strings reach their
 * limits and beyond.  At the end the document is saved fully and incrementally and both
 * outputs must open again.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exercise.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The input, read from the front. */
typedef struct reader {
  const uint8_t *data;
  size_t size, at;
} reader;

static unsigned byte(reader *r) { return r->at < r->size ? r->data[r->at++] : 0; }

/* A number: mostly ordinary values, sometimes huge, negative, NaN or infinite. */
static double number(reader *r) {
  unsigned kind = byte(r), high = byte(r), low = byte(r);
  double v = (double)(high << 8 | low);
  switch (kind % 16) {
    case 0: return -v;
    case 1: return v * 1e6;
    case 2: return NAN;
    case 3: return INFINITY;
    case 4: return v / 256.0;
    case 5: return 1e6 + v;
    default: return fmod(v, 800.0);
  }
}

static const char *pick(reader *r, const char *const *names, size_t count) { return names[byte(r) % count]; }

/* A string of up to 64 input bytes (any bytes, NUL-terminated). */
static void string(reader *r, char *out, size_t cap) {
  size_t n = byte(r) % 64, i;
  if (n >= cap) n = cap - 1;
  for (i = 0; i < n; i++) out[i] = (char)(byte(r) | 1);
  out[n] = 0;
}

static char *make_base(unsigned variant, size_t *size) {
  const char *page_extra[3] = {"", "/Rotate 90 /CropBox [36 48 576 744]",
                               "/Annots [<< /Type /Annot /Subtype /Squiggly /Rect [70 690 300 730] /QuadPoints "
                               "[72 720 300 720 72 700 300 700] /C [0 0 1] >> << /Type /Annot /Subtype /Text /Rect [400 "
                               "400 420 420] /Contents (note) /Popup << /Type /Annot /Subtype /Popup /Rect [420 300 "
                               "560 420] >> >> << /Type /Annot /Subtype /Link /Rect [72 600 200 620] /A << /S /URI /URI "
                               "(https://example.com) >> >>]"};
  const char *content = "BT /F1 14 Tf 72 705 Td (The quick brown fox jumps over the lazy dog.) Tj 0 -20 Td "
                        "(Second line of text for selections.) Tj ET";
  size_t cap = 4096, len = 0, offsets[6], xref;
  char *out = malloc(cap);
  int i;
  if (!out) return NULL;
  len += (size_t)snprintf(out + len, cap - len, "%%PDF-1.7\n");
  offsets[1] = len;
  len += (size_t)snprintf(out + len, cap - len, "1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n");
  offsets[2] = len;
  len += (size_t)snprintf(out + len, cap - len, "2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n");
  offsets[3] = len;
  len += (size_t)snprintf(out + len, cap - len,
                          "3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R "
                          "/Resources << /Font << /F1 5 0 R >> >> %s >>\nendobj\n",
                          page_extra[variant % 3]);
  offsets[4] = len;
  len += (size_t)snprintf(out + len, cap - len, "4 0 obj\n<< /Length %zu >>\nstream\n%s\nendstream\nendobj\n",
                          strlen(content), content);
  offsets[5] = len;
  len += (size_t)snprintf(out + len, cap - len, "5 0 obj\n<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>\nendobj\n");
  xref = len;
  len += (size_t)snprintf(out + len, cap - len, "xref\n0 6\n0000000000 65535 f \n");
  for (i = 1; i < 6; i++) len += (size_t)snprintf(out + len, cap - len, "%010zu 00000 n \n", offsets[i]);
  len += (size_t)snprintf(out + len, cap - len, "trailer\n<< /Size 6 /Root 1 0 R >>\nstartxref\n%zu\n%%%%EOF\n", xref);
  *size = len;
  return out;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static const char *const subtypes[] = {"Text", "FreeText", "Line", "Square", "Circle", "Polygon", "PolyLine", "Ink",
                                         "Highlight", "Underline", "Squiggly", "StrikeOut", "Stamp", "FileAttachment",
                                         "Link", "Popup", "Caret", "Widget"};
  static const char *const keys[] = {"Contents", "T", "Subj", "NM", "RC", "Rect", "QuadPoints", "AP", "F", "Popup"};
  reader r = {data, size, 0};
  size_t base_size = 0;
  char *base = make_base(byte(&r), &base_size);
  pdftools_document *doc = NULL;
  pdftools_tool_manager *manager = NULL;
  pdftools_annotation_id ids[32];
  int32_t id_count = 0;
  pdft_exercise_result result;
  int steps = 0;
  memset(&result, 0, sizeof result);
  if (!base || pdftools_document_open_from_memory(base, base_size, NULL, &doc) != PDFTOOLS_OK) {
    free(base);
    return 0;
  }
  {
    int32_t n = 0;
    pdftools_page_get_annotations(doc, 0, ids, 32, &n);
    id_count = n > 32 ? 32 : n;
  }
  while (r.at < r.size && steps++ < 64) {
    unsigned op = byte(&r) % 27;
    int32_t page = (int32_t)(byte(&r) % 3);
    pdftools_annotation_id id = id_count ? ids[byte(&r) % id_count] : (pdftools_annotation_id)byte(&r);
    char text[64];
    switch (op) {
      case 0: {
        pdftools_annotation_id made = 0;
        pdftools_rect rect = {number(&r), number(&r), number(&r), number(&r)};
        if (pdftools_annotation_create(doc, page, pick(&r, subtypes, 18), rect, &made) == PDFTOOLS_OK && id_count < 32)
          ids[id_count++] = made;
        break;
      }
      case 1: pdftools_annotation_set_rect(doc, id, (pdftools_rect){number(&r), number(&r), number(&r), number(&r)}); break;
      case 2: {
        pdftools_color c = {number(&r), number(&r), number(&r)};
        pdftools_annotation_set_color(doc, id, (pdftools_color_role)(byte(&r) % 3), byte(&r) % 4 ? &c : NULL);
        break;
      }
      case 3: pdftools_annotation_set_opacity(doc, id, number(&r)); break;
      case 4: {
        double dashes[3] = {number(&r), number(&r), number(&r)};
        pdftools_annotation_set_border(doc, id, number(&r), (pdftools_border_style)(byte(&r) % 6), dashes, byte(&r) % 4);
        break;
      }
      case 5:
        string(&r, text, sizeof text);
        pdftools_annotation_set_text(doc, id, pick(&r, keys, 5), text);
        break;
      case 6: {
        pdftools_quad quads[4];
        int32_t n = byte(&r) % 4, i;
        for (i = 0; i < 4; i++)
          quads[i] = (pdftools_quad){{number(&r), number(&r)}, {number(&r), number(&r)}, {number(&r), number(&r)},
                                     {number(&r), number(&r)}};
        pdftools_annotation_set_quads(doc, id, quads, n);
        break;
      }
      case 7: {
        pdftools_point points[6];
        int32_t strokes[2] = {byte(&r) % 4, byte(&r) % 3}, i;
        for (i = 0; i < 6; i++) points[i] = (pdftools_point){number(&r), number(&r)};
        pdftools_annotation_set_ink(doc, id, points, strokes, byte(&r) % 3);
        break;
      }
      case 8: {
        pdftools_point points[5];
        size_t i;
        for (i = 0; i < 5; i++) points[i] = (pdftools_point){number(&r), number(&r)};
        pdftools_annotation_set_vertices(doc, id, points, byte(&r) % 6);
        break;
      }
      case 9:
        pdftools_annotation_set_line(doc, id, (pdftools_point){number(&r), number(&r)},
                                     (pdftools_point){number(&r), number(&r)}, (pdftools_line_ending)(byte(&r) % 12),
                                     (pdftools_line_ending)(byte(&r) % 12), number(&r), number(&r));
        break;
      case 10: {
        pdftools_color c = {0, 0, 1};
        string(&r, text, sizeof text);
        pdftools_annotation_set_free_text(doc, id, byte(&r) % 2 ? "Helvetica" : text, number(&r), &c,
                                          (int32_t)(byte(&r) % 4), byte(&r) % 2 ? "FreeTextCallout" : "FreeText");
        break;
      }
      case 11: pdftools_annotation_delete(doc, id); break;
      case 12: pdftools_undo_undo(doc, NULL); break;
      case 13: pdftools_undo_redo(doc, NULL); break;
      case 14:
        string(&r, text, sizeof text);
        pdftools_annotation_set_raw(doc, id, pick(&r, keys, 10), byte(&r) % 2 ? text : NULL);
        break;
      case 15: pdftools_annotation_set_z_index(doc, id, (int32_t)byte(&r) - 8); break;
      case 16: {
        pdftools_annotation_id popup = 0;
        pdftools_annotation_add_popup(doc, id, (pdftools_rect){number(&r), number(&r), number(&r), number(&r)},
                                      (int32_t)(byte(&r) % 2), &popup);
        break;
      }
      case 17:
        pdftools_annotation_set_reply(doc, id, id_count ? ids[byte(&r) % id_count] : 0,
                                      byte(&r) % 3 ? (byte(&r) % 2 ? "R" : "Group") : "X");
        break;
      case 18:
        string(&r, text, sizeof text);
        pdftools_document_set_metadata(doc, byte(&r) % 2 ? "Title" : "Author", text);
        break;
      case 19: pdftools_document_insert_blank_page(doc, page, number(&r), number(&r)); break;
      case 20:
        if (byte(&r) % 2) pdftools_undo_begin_group(doc, "group"); else pdftools_undo_end_group(doc);
        break;
      case 21: {
        pdftools_pointer_event e = PDFTOOLS_POINTER_EVENT_INIT;
        int32_t handled = 0, i, moves = (int32_t)(byte(&r) % 5);
        if (!manager && pdftools_tool_manager_new(doc, &manager) != PDFTOOLS_OK) break;
        pdftools_tool_set_tool(manager, (pdftools_tool)(byte(&r) % 31), (int32_t)(byte(&r) % 2));
        e.page_index = page;
        e.x = number(&r);
        e.y = number(&r);
        e.modifiers = byte(&r) % 16;
        pdftools_tool_pointer_down(manager, &e, &handled);
        for (i = 0; i < moves; i++) {
          e.x = number(&r);
          e.y = number(&r);
          pdftools_tool_pointer_move(manager, &e, &handled);
        }
        pdftools_tool_pointer_up(manager, &e, &handled);
        if (byte(&r) % 2) pdftools_tool_commit_text(manager, "typed");
        if (byte(&r) % 2) pdftools_tool_tap(manager, &e, &handled);
        break;
      }
      case 22:
        if (manager) {
          int32_t handled = 0;
          pdftools_tool_key(manager, (int32_t)(byte(&r) % 10), byte(&r) % 16, &handled);
        }
        break;
      case 23: pdftools_annotation_translate(doc, id, number(&r), number(&r)); break;
      case 24: {
        int32_t written = 0;
        pdftools_document_generate_appearances(doc, byte(&r) % 2 ? -1 : page, &written);
        break;
      }
      case 25: {
        char missing[64];
        size_t missing_size = 0;
        pdftools_annotation_get_missing_characters(doc, id, missing, byte(&r) % 2 ? sizeof missing : 1, &missing_size);
        break;
      }
      default: {
        void *out = NULL;
        size_t out_size = 0;
        pdftools_save_options options = PDFTOOLS_SAVE_OPTIONS_INIT;
        options.mode = (int32_t)(byte(&r) % 3);
        if (pdftools_document_save_to_memory(doc, &options, &out, &out_size) == PDFTOOLS_OK) pdftools_free(out);
        break;
      }
    }
  }
  pdftools_tool_manager_free(manager);
  pdftools_undo_end_group(doc);
  pdft_exercise_read(doc, PDFT_EXERCISE_RENDER);
  pdft_exercise_save(doc, NULL, &result);
  pdftools_document_close(doc);
  pdftools_wait_for_releases();
  free(base);
  if (result.unreadable_outputs > 0) __builtin_trap();
  return 0;
}

/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The text libraries, each loaded when one of its functions is first called (see lazy.h):
 * HarfBuzz and its subsetter (shaping, font tables, subsets), fontconfig (finding fonts),
 * FreeType (CFF CIDs), FriBidi (directions) and libunibreak (line breaks). A host that never
 * typesets, orders or breaks text does not load them nor what they bring (graphite2, libpng,
 * brotli, expat): about 0.7 MB resident.
 *
 * When a library cannot be loaded, its functions answer what they answer on failure: NULL
 * objects, zero counts and lengths, a FreeType error, fontconfig's "no match", FriBidi's
 * failure level. The callers already treat those as "no font" or "cannot typeset".
 */
#include <hb-ot.h>
#include <hb-subset.h>
#include <hb.h>
#include <fontconfig/fontconfig.h>
#include <fribidi/fribidi.h>
#include <linebreak.h>
#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_CID_H

#include "lazy.h"

#if !defined(PDFTOOLS_HARFBUZZ_SONAME) || !defined(PDFTOOLS_HARFBUZZ_SUBSET_SONAME) ||                                 \
    !defined(PDFTOOLS_FONTCONFIG_SONAME) || !defined(PDFTOOLS_FREETYPE_SONAME) ||                                      \
    !defined(PDFTOOLS_FRIBIDI_SONAME) || !defined(PDFTOOLS_UNIBREAK_SONAME)
#error "the SONAMEs of the text libraries (PDFTOOLS_*_SONAME) must be defined"
#endif

/* Each list names the functions of a library that the core calls (see lazy.h). */

#define HARFBUZZ_FUNCTIONS(F, V, S)                                                                                    \
  F(harfbuzz, hb_blob_t *, hb_blob_create_from_file_or_fail, (const char *file), (file), NULL)                         \
  V(harfbuzz, hb_blob_destroy, (hb_blob_t * blob), (blob))                                                             \
  F(harfbuzz, const char *, hb_blob_get_data, (hb_blob_t * blob, unsigned int *length), (blob, length),                \
    (length ? *length = 0 : 0, NULL))                                                                                  \
  F(harfbuzz, unsigned int, hb_blob_get_length, (hb_blob_t * blob), (blob), 0)                                         \
  V(harfbuzz, hb_buffer_add_utf32,                                                                                     \
    (hb_buffer_t * buffer, const uint32_t *text, int length, unsigned int offset, int count),                          \
    (buffer, text, length, offset, count))                                                                             \
  F(harfbuzz, hb_buffer_t *, hb_buffer_create, (void), (), NULL)                                                       \
  V(harfbuzz, hb_buffer_destroy, (hb_buffer_t * buffer), (buffer))                                                     \
  F(harfbuzz, hb_glyph_info_t *, hb_buffer_get_glyph_infos, (hb_buffer_t * buffer, unsigned int *length),              \
    (buffer, length), (length ? *length = 0 : 0, NULL))                                                                \
  F(harfbuzz, hb_glyph_position_t *, hb_buffer_get_glyph_positions,                                                    \
    (hb_buffer_t * buffer, unsigned int *length), (buffer, length), (length ? *length = 0 : 0, NULL))                  \
  V(harfbuzz, hb_buffer_guess_segment_properties, (hb_buffer_t * buffer), (buffer))                                    \
  V(harfbuzz, hb_buffer_set_direction, (hb_buffer_t * buffer, hb_direction_t direction), (buffer, direction))          \
  V(harfbuzz, hb_buffer_set_script, (hb_buffer_t * buffer, hb_script_t script), (buffer, script))                      \
  F(harfbuzz, hb_face_t *, hb_face_create, (hb_blob_t * blob, unsigned int index), (blob, index), NULL)                \
  V(harfbuzz, hb_face_destroy, (hb_face_t * face), (face))                                                             \
  F(harfbuzz, unsigned int, hb_face_get_glyph_count, (const hb_face_t *face), (face), 0)                               \
  F(harfbuzz, unsigned int, hb_face_get_upem, (const hb_face_t *face), (face), 0)                                      \
  F(harfbuzz, hb_blob_t *, hb_face_reference_blob, (hb_face_t * face), (face), NULL)                                   \
  F(harfbuzz, hb_blob_t *, hb_face_reference_table, (const hb_face_t *face, hb_tag_t tag), (face, tag), NULL)          \
  F(harfbuzz, hb_font_t *, hb_font_create, (hb_face_t * face), (face), NULL)                                           \
  V(harfbuzz, hb_font_destroy, (hb_font_t * font), (font))                                                             \
  F(harfbuzz, hb_position_t, hb_font_get_glyph_h_advance, (hb_font_t * font, hb_codepoint_t glyph),                    \
    (font, glyph), 0)                                                                                                  \
  F(harfbuzz, hb_bool_t, hb_font_get_nominal_glyph,                                                                    \
    (hb_font_t * font, hb_codepoint_t unicode, hb_codepoint_t *glyph), (font, unicode, glyph), 0)                      \
  V(harfbuzz, hb_font_make_immutable, (hb_font_t * font), (font))                                                      \
  F(harfbuzz, hb_language_t, hb_language_from_string, (const char *text, int length), (text, length),                  \
    HB_LANGUAGE_INVALID)                                                                                               \
  F(harfbuzz, hb_codepoint_t, hb_map_get, (const hb_map_t *map, hb_codepoint_t key), (map, key),                       \
    HB_MAP_VALUE_INVALID)                                                                                              \
  F(harfbuzz, hb_bool_t, hb_ot_metrics_get_position,                                                                   \
    (hb_font_t * font, hb_ot_metrics_tag_t tag, hb_position_t *position), (font, tag, position), 0)                    \
  F(harfbuzz, unsigned int, hb_ot_name_get_utf8,                                                                       \
    (hb_face_t * face, hb_ot_name_id_t name, hb_language_t language, unsigned int *size, char *text),                  \
    (face, name, language, size, text), (size ? *size = 0 : 0, 0u))                                                    \
  V(harfbuzz, hb_set_add, (hb_set_t * set, hb_codepoint_t codepoint), (set, codepoint))                                \
  V(harfbuzz, hb_set_clear, (hb_set_t * set), (set))                                                                   \
  V(harfbuzz, hb_shape, (hb_font_t * font, hb_buffer_t * buffer, const hb_feature_t *features, unsigned int n),        \
    (font, buffer, features, n))                                                                                       \
  F(harfbuzz, hb_unicode_funcs_t *, hb_unicode_funcs_get_default, (void), (), NULL)                                    \
  F(harfbuzz, hb_script_t, hb_unicode_script, (hb_unicode_funcs_t * functions, hb_codepoint_t unicode),                \
    (functions, unicode), HB_SCRIPT_UNKNOWN)

#define HARFBUZZ_SUBSET_FUNCTIONS(F, V, S)                                                                             \
  F(subset, hb_subset_input_t *, hb_subset_input_create_or_fail, (void), (), NULL)                                     \
  V(subset, hb_subset_input_destroy, (hb_subset_input_t * input), (input))                                             \
  F(subset, hb_set_t *, hb_subset_input_glyph_set, (hb_subset_input_t * input), (input), NULL)                         \
  F(subset, hb_set_t *, hb_subset_input_set, (hb_subset_input_t * input, hb_subset_sets_t kind), (input, kind),        \
    NULL)                                                                                                              \
  V(subset, hb_subset_input_set_flags, (hb_subset_input_t * input, unsigned value), (input, value))                    \
  F(subset, hb_subset_plan_t *, hb_subset_plan_create_or_fail, (hb_face_t * face, const hb_subset_input_t *input),     \
    (face, input), NULL)                                                                                               \
  V(subset, hb_subset_plan_destroy, (hb_subset_plan_t * plan), (plan))                                                 \
  F(subset, hb_face_t *, hb_subset_plan_execute_or_fail, (hb_subset_plan_t * plan), (plan), NULL)                      \
  F(subset, const hb_map_t *, hb_subset_plan_old_to_new_glyph_mapping, (const hb_subset_plan_t *plan), (plan),         \
    NULL)

#define FONTCONFIG_FUNCTIONS(F, V, S)                                                                                  \
  F(fontconfig, FcBool, FcCharSetHasChar, (const FcCharSet *set, FcChar32 character), (set, character), FcFalse)       \
  F(fontconfig, FcBool, FcConfigSubstitute, (FcConfig * config, FcPattern *pattern, FcMatchKind kind),                 \
    (config, pattern, kind), FcFalse)                                                                                  \
  V(fontconfig, FcDefaultSubstitute, (FcPattern * pattern), (pattern))                                                 \
  F(fontconfig, FcPattern *, FcFontMatch, (FcConfig * config, FcPattern *pattern, FcResult *result),                   \
    (config, pattern, result), (result ? *result = FcResultNoMatch : 0, NULL))                                         \
  V(fontconfig, FcFontSetDestroy, (FcFontSet * set), (set))                                                            \
  F(fontconfig, FcFontSet *, FcFontSort,                                                                               \
    (FcConfig * config, FcPattern *pattern, FcBool trim, FcCharSet **coverage, FcResult *result),                      \
    (config, pattern, trim, coverage, result), (result ? *result = FcResultNoMatch : 0, NULL))                         \
  F(fontconfig, FcConfig *, FcInitLoadConfigAndFonts, (void), (), NULL)                                                \
  F(fontconfig, FcBool, FcPatternAddBool, (FcPattern * pattern, const char *object, FcBool value),                     \
    (pattern, object, value), FcFalse)                                                                                 \
  F(fontconfig, FcBool, FcPatternAddInteger, (FcPattern * pattern, const char *object, int value),                     \
    (pattern, object, value), FcFalse)                                                                                 \
  F(fontconfig, FcBool, FcPatternAddString, (FcPattern * pattern, const char *object, const FcChar8 *value),           \
    (pattern, object, value), FcFalse)                                                                                 \
  F(fontconfig, FcPattern *, FcPatternCreate, (void), (), NULL)                                                        \
  V(fontconfig, FcPatternDestroy, (FcPattern * pattern), (pattern))                                                    \
  F(fontconfig, FcResult, FcPatternGetBool, (const FcPattern *pattern, const char *object, int n, FcBool *value),      \
    (pattern, object, n, value), FcResultNoMatch)                                                                      \
  F(fontconfig, FcResult, FcPatternGetCharSet,                                                                         \
    (const FcPattern *pattern, const char *object, int n, FcCharSet **value), (pattern, object, n, value),             \
    FcResultNoMatch)                                                                                                   \
  F(fontconfig, FcResult, FcPatternGetInteger, (const FcPattern *pattern, const char *object, int n, int *value),      \
    (pattern, object, n, value), FcResultNoMatch)                                                                      \
  F(fontconfig, FcResult, FcPatternGetString,                                                                          \
    (const FcPattern *pattern, const char *object, int n, FcChar8 **value), (pattern, object, n, value),               \
    FcResultNoMatch)

#define FREETYPE_FUNCTIONS(F, V, S)                                                                                    \
  F(freetype, FT_Error, FT_Done_Face, (FT_Face face), (face), FT_Err_Invalid_Face_Handle)                              \
  F(freetype, FT_Error, FT_Get_CID_From_Glyph_Index, (FT_Face face, FT_UInt glyph, FT_UInt *cid),                      \
    (face, glyph, cid), FT_Err_Invalid_Face_Handle)                                                                    \
  F(freetype, FT_Error, FT_Get_CID_Is_Internally_CID_Keyed, (FT_Face face, FT_Bool *keyed), (face, keyed),             \
    FT_Err_Invalid_Face_Handle)                                                                                        \
  F(freetype, FT_Error, FT_Get_CID_Registry_Ordering_Supplement,                                                       \
    (FT_Face face, const char **registry, const char **ordering, FT_Int *supplement),                                  \
    (face, registry, ordering, supplement), FT_Err_Invalid_Face_Handle)                                                \
  F(freetype, FT_Error, FT_Init_FreeType, (FT_Library * library), (library), FT_Err_Cannot_Open_Resource)              \
  F(freetype, FT_Error, FT_New_Face, (FT_Library library, const char *path, FT_Long index, FT_Face *face),             \
    (library, path, index, face), FT_Err_Cannot_Open_Resource)                                                         \
  F(freetype, FT_Error, FT_New_Memory_Face,                                                                            \
    (FT_Library library, const FT_Byte *base, FT_Long size, FT_Long index, FT_Face *face),                             \
    (library, base, size, index, face), FT_Err_Cannot_Open_Resource)

#define FRIBIDI_FUNCTIONS(F, V, S)                                                                                     \
  F(fribidi, FriBidiCharType, fribidi_get_bidi_type, (FriBidiChar character), (character), FRIBIDI_TYPE_LTR)           \
  V(fribidi, fribidi_get_bidi_types, (const FriBidiChar *text, const FriBidiStrIndex length, FriBidiCharType *types),  \
    (text, length, types))                                                                                             \
  V(fribidi, fribidi_get_bracket_types,                                                                                \
    (const FriBidiChar *text, const FriBidiStrIndex length, const FriBidiCharType *types,                              \
     FriBidiBracketType *brackets),                                                                                    \
    (text, length, types, brackets))                                                                                   \
  F(fribidi, FriBidiLevel, fribidi_get_par_embedding_levels_ex,                                                        \
    (const FriBidiCharType *types, const FriBidiBracketType *brackets, const FriBidiStrIndex length,                   \
     FriBidiParType *direction, FriBidiLevel *levels),                                                                 \
    (types, brackets, length, direction, levels), 0)

#define UNIBREAK_FUNCTIONS(F, V, S)                                                                                    \
  V(unibreak, init_linebreak, (void), ())                                                                              \
  V(unibreak, set_linebreaks_utf32, (const utf32_t *text, size_t length, const char *language, char *breaks),          \
    (text, length, language, breaks))

PDFT_LAZY_LIBRARY(harfbuzz, PDFTOOLS_HARFBUZZ_SONAME, HARFBUZZ_FUNCTIONS)
PDFT_LAZY_LIBRARY(subset, PDFTOOLS_HARFBUZZ_SUBSET_SONAME, HARFBUZZ_SUBSET_FUNCTIONS)
PDFT_LAZY_LIBRARY(fontconfig, PDFTOOLS_FONTCONFIG_SONAME, FONTCONFIG_FUNCTIONS)
PDFT_LAZY_LIBRARY(freetype, PDFTOOLS_FREETYPE_SONAME, FREETYPE_FUNCTIONS)
PDFT_LAZY_LIBRARY(fribidi, PDFTOOLS_FRIBIDI_SONAME, FRIBIDI_FUNCTIONS)
PDFT_LAZY_LIBRARY(unibreak, PDFTOOLS_UNIBREAK_SONAME, UNIBREAK_FUNCTIONS)

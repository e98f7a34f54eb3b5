/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Text in any script: fontconfig finds fonts, HarfBuzz shapes and subsets them, FriBidi orders
 * directions, libunibreak finds line-break opportunities, FreeType reads CFF CIDs. */
#include <hb.h>
#include <hb-ot.h>
#include <hb-subset.h>
#include <fontconfig/fontconfig.h>
#include <fribidi/fribidi.h>
#include <linebreak.h>
#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_CID_H

/* FriBidi's paragraph directions are composite macros that Swift does not import. */
static const FriBidiParType pdftools_fribidi_par_on = FRIBIDI_PAR_ON;
static const FriBidiParType pdftools_fribidi_par_ltr = FRIBIDI_PAR_LTR;
static const FriBidiParType pdftools_fribidi_par_rtl = FRIBIDI_PAR_RTL;
static const FriBidiCharType pdftools_fribidi_type_rtl = FRIBIDI_TYPE_RTL;
static const FriBidiCharType pdftools_fribidi_type_al = FRIBIDI_TYPE_AL;

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

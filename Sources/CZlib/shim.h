/* SPDX-License-Identifier: GPL-3.0-or-later */
/* zlib: Flate compression of the streams the library writes. */
#include <zlib.h>

/* SPDX-License-Identifier: GPL-3.0-or-later */
/* poppler-glib: the read-only view of a document used for text layout and rendering. */
#include <poppler.h>
#include <glib.h>

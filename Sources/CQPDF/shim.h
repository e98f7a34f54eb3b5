/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The parts of qpdf's C API the core uses: the object layer and the logger. */
#include <qpdf/qpdf-c.h>
#include <qpdf/qpdflogger-c.h>

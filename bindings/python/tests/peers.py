# SPDX-License-Identifier: GPL-3.0-or-later
"""Reading documents with the peers the tests compare against: PDFium (pypdfium2) and MuPDF."""

from __future__ import annotations

import ctypes
from typing import Any, List, Optional

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c


def pdfium_string(annot: Any, key: str) -> Optional[str]:
    """FPDFAnnot_GetStringValue decoded (UTF-16LE); None when the key is missing."""
    if not pdfium_c.FPDFAnnot_HasKey(annot, key.encode("ascii")):
        return None
    size = pdfium_c.FPDFAnnot_GetStringValue(annot, key.encode("ascii"), None, 0)
    buffer = ctypes.create_string_buffer(size)
    pdfium_c.FPDFAnnot_GetStringValue(annot, key.encode("ascii"), ctypes.cast(buffer, ctypes.POINTER(pdfium_c.FPDF_WCHAR)), size)
    return buffer.raw[: max(size - 2, 0)].decode("utf-16-le")


def pdfium_annotation_strings(data: bytes, page_index: int, key: str, password: Optional[str] = None) -> List[Optional[str]]:
    """The string `key` of every annotation of a page, as PDFium reads it."""
    pdf = pdfium.PdfDocument(data, password=password)
    try:
        page = pdf[page_index]
        values = []
        for position in range(pdfium_c.FPDFPage_GetAnnotCount(page.raw)):
            annot = pdfium_c.FPDFPage_GetAnnot(page.raw, position)
            try:
                values.append(pdfium_string(annot, key))
            finally:
                pdfium_c.FPDFPage_CloseAnnot(annot)
        return values
    finally:
        pdf.close()

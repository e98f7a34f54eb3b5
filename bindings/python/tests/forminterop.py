# SPDX-License-Identifier: GPL-3.0-or-later
"""Reading form values and widget pixels with PDFium, MuPDF and poppler, for the form tests."""

from __future__ import annotations

import ctypes
import json
import subprocess
from typing import Dict, List, Tuple

import pymupdf
import pypdfium2 as pdfium
import pypdfium2.raw as raw
from PIL import Image

import pdftools

POPPLER_VALUES = r"""
import gi, json, sys
gi.require_version("Poppler", "0.18")
from gi.repository import Poppler
document = Poppler.Document.new_from_file("file://" + sys.argv[1], None)
out = {}
for index in range(document.get_n_pages()):
    for mapping in document.get_page(index).get_form_field_mapping():
        field = mapping.field
        kind = field.get_field_type()
        name = field.get_name()
        entry = out.setdefault(name, {"type": kind.value_nick, "widgets": []})
        if kind == Poppler.FormFieldType.TEXT:
            entry["value"] = field.text_get_text()
        elif kind == Poppler.FormFieldType.BUTTON:
            entry["widgets"].append(field.button_get_state())
        elif kind == Poppler.FormFieldType.CHOICE:
            entry["value"] = [field.choice_get_item(i) for i in range(field.choice_get_n_items())
                              if field.choice_is_item_selected(i)]
            if field.choice_is_editable():
                entry["text"] = field.choice_get_text()
print(json.dumps(out))
"""


def poppler_values(path: str) -> Dict[str, dict]:
    """Field name -> what poppler-glib reads (a separate Debian python3 with GObject introspection)."""
    done = subprocess.run(["/usr/bin/python3", "-c", POPPLER_VALUES, path], capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


def _utf16(getter, *args) -> str:
    size = getter(*args, None, 0)
    if size <= 2:
        return ""
    buffer = ctypes.create_string_buffer(size)
    getter(*args, ctypes.cast(buffer, ctypes.POINTER(raw.FPDF_WCHAR)), size)
    return buffer.raw[: size - 2].decode("utf-16-le")


def pdfium_values(path: str) -> Dict[str, List[Tuple[str, bool]]]:
    """Field name -> (value, checked) per widget, as PDFium's form API reads them."""
    document = pdfium.PdfDocument(path)
    try:
        document.init_forms()
        out: Dict[str, List[Tuple[str, bool]]] = {}
        for index in range(len(document)):
            page = document[index]
            for position in range(raw.FPDFPage_GetAnnotCount(page)):
                annot = raw.FPDFPage_GetAnnot(page, position)
                try:
                    if raw.FPDFAnnot_GetSubtype(annot) != raw.FPDF_ANNOT_WIDGET:
                        continue
                    name = _utf16(raw.FPDFAnnot_GetFormFieldName, document.formenv, annot)
                    value = _utf16(raw.FPDFAnnot_GetFormFieldValue, document.formenv, annot)
                    checked = bool(raw.FPDFAnnot_IsChecked(document.formenv, annot))
                    out.setdefault(name, []).append((value, checked))
                finally:
                    raw.FPDFPage_CloseAnnot(annot)
        return out
    finally:
        document.close()


def mupdf_values(path: str) -> Dict[str, List[str]]:
    """Field name -> each widget's field_value as MuPDF reads it."""
    document = pymupdf.open(path)
    try:
        out: Dict[str, List[str]] = {}
        for page in document:
            for widget in page.widgets():
                out.setdefault(widget.field_name, []).append(widget.field_value)
        return out
    finally:
        document.close()


def renders(path: str, page: int, scale: float = 2.0) -> Dict[str, Image.Image]:
    """The page drawn by poppler (through the library), PDFium (with its form layer) and MuPDF."""
    data = open(path, "rb").read()
    with pdftools.open(data) as document:
        ours = document.pages[page].render(scale, format="rgba").to_pil().convert("RGB")
    other = pdfium.PdfDocument(data)
    try:
        other.init_forms()
        peer = other[page].render(scale=scale, draw_annots=True, may_draw_forms=True).to_pil().convert("RGB")
    finally:
        other.close()
    mupdf = pymupdf.open(stream=data, filetype="pdf")
    try:
        pixmap = mupdf[page].get_pixmap(matrix=pymupdf.Matrix(scale, scale), alpha=False, annots=True)
        third = Image.frombytes("RGB", (pixmap.width, pixmap.height), pixmap.samples)
    finally:
        mupdf.close()
    return {"poppler": ours, "pdfium": peer, "mupdf": third}


def ink(image: Image.Image, box: Tuple[int, int, int, int], threshold: int = 150) -> Tuple[int, Tuple[int, int, int, int]]:
    """The number of dark pixels in box (luminance below threshold) and their bounding box."""
    region = image.crop(box).convert("L")
    width, height = region.size
    pixels = region.load()
    count = 0
    x0, y0, x1, y1 = width, height, -1, -1
    for y in range(height):
        for x in range(width):
            if pixels[x, y] < threshold:
                count += 1
                x0, y0, x1, y1 = min(x0, x), min(y0, y), max(x1, x), max(y1, y)
    return count, (x0, y0, x1, y1)

# SPDX-License-Identifier: GPL-3.0-or-later
"""Rendering one page with poppler (through the library), PDFium and MuPDF, and comparing
places on the rendered pages (pages of height PAGE_HEIGHT, unrotated, at scale 1)."""

from __future__ import annotations

from typing import Any, Callable, Dict, List, Tuple

import pymupdf
import pypdfium2 as pdfium
from PIL import Image

import pdftools

PAGE_HEIGHT = 792.0

Box = Tuple[int, int, int, int]


def render_ours(data: bytes, index: int) -> Image.Image:
    with pdftools.open(data) as document:
        return document.pages[index].render(1.0, format="rgba").to_pil().convert("RGB")


def render_pdfium(data: bytes, index: int) -> Image.Image:
    document = pdfium.PdfDocument(data)
    try:
        return document[index].render(scale=1, draw_annots=True).to_pil().convert("RGB")
    finally:
        document.close()


def render_mupdf(data: bytes, index: int) -> Image.Image:
    document = pymupdf.open(stream=data, filetype="pdf")
    try:
        pixmap = document[index].get_pixmap(alpha=False, annots=True)
        return Image.frombytes("RGB", (pixmap.width, pixmap.height), pixmap.samples)
    finally:
        document.close()


ENGINES: Dict[str, Callable[[bytes, int], Image.Image]] = {
    "poppler": render_ours,
    "pdfium": render_pdfium,
    "mupdf": render_mupdf,
}


def pixel_box(rect: Any, margin: int, size: Tuple[int, int]) -> Box:
    """The pixels of a page-space rect (x0, y0, x1, y1), grown by margin, clipped to the image."""
    x0, y0, x1, y1 = rect
    width, height = size
    return (max(0, int(x0) - margin), max(0, int(PAGE_HEIGHT - y1) - margin),
            min(width, int(x1) + 1 + margin), min(height, int(PAGE_HEIGHT - y0) + 1 + margin))


def blank_out(image: Image.Image, boxes: List[Box]) -> Image.Image:
    """A copy of image with the boxes painted black (to compare what lies outside them)."""
    copy = image.copy()
    for box in boxes:
        copy.paste((0, 0, 0), box)
    return copy


class MuPDFPages:
    """A new MuPDF document whose pages are kept alive while annotations are added to them."""

    def __init__(self) -> None:
        self.document = pymupdf.open()
        self._pages: List[Any] = []

    def page(self) -> Any:
        self._pages.append(self.document.new_page(width=612, height=PAGE_HEIGHT))
        return self._pages[-1]

    def finish(self) -> bytes:
        """The document's bytes, every annotation's appearance made by MuPDF."""
        for each in self.document:
            for annotation in each.annots():
                annotation.update()
        return self.document.tobytes()


def pdfium_flattened(data: bytes, index: int = 0) -> bytes:
    """The document with page index's annotation appearances burnt into its content by PDFium
    (FPDFPage_Flatten, for printing): a way to get page text drawn by annotation appearances."""
    import io

    import pypdfium2.raw as pdfium_c

    document = pdfium.PdfDocument(data)
    try:
        page = document[index]
        assert pdfium_c.FPDFPage_Flatten(page.raw, pdfium_c.FLAT_PRINT) == pdfium_c.FLATTEN_SUCCESS
        page.close()
        buffer = io.BytesIO()
        document.save(buffer)
        return buffer.getvalue()
    finally:
        document.close()

# SPDX-License-Identifier: GPL-3.0-or-later
"""Everyday edits of the annotations in the corpus files made by pdf.js, PDFium and pdfcpu.

Each annotation (up to a few per file) gets one edit — contents, author, a move, a new
colour, a new opacity, a new border width — and the file is saved. Then the library and PDFium
read the changed property with its new value and the others as they were, and in poppler, PDFium
and MuPDF no pixel changes outside the annotation's old and new places (none at all for contents
and author). A stamp whose artwork another program drew refuses a new colour or border, and
nothing changes.
"""

from __future__ import annotations

import ctypes
from typing import Any, List, Optional, Tuple

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
import pytest
from PIL import Image, ImageChops

import corpus
import pdftools
from engines import ENGINES, blank_out
from peers import pdfium_string

FILES = [
    "pdf20-utf8-string-and-annotation.pdf",
    "pdfcpu-annotations-no-ap.pdf",
    "pdfcpu-freetext-no-ap.pdf",
    "pdfcpu-polyline-no-ap.pdf",
    "pdfium-annotation-markup-multiline-no-ap.pdf",
    "pdfium-annots.pdf",
    "pdfium-ink-annot-no-ap.pdf",
    "pdfium-line-annot-no-ap.pdf",
    "pdfium-polygon-annot-no-ap.pdf",
    "pdfjs-annotation-caret-ink.pdf",
    "pdfjs-annotation-fileattachment.pdf",
    "pdfjs-annotation-freetext.pdf",
    "pdfjs-annotation-line.pdf",
    "pdfjs-annotation-polyline-polygon.pdf",
    "pdfjs-annotation-square-circle.pdf",
    "pdfjs-annotation-stamp.pdf",
    "pdfjs-quadpoints-markup.pdf",
]
OPERATIONS = ["contents", "author", "move", "recolour", "opacity", "border"]
PER_FILE = 4
DX, DY = 23.0, -17.0
COLOR = (0.2, 0.5, 0.9)
MARGIN = 4
SKIPPED_SUBTYPES = ("Link", "Widget", "Popup")


def _cases() -> List[Tuple[str, int, int]]:
    """(file, page, position in the page's annotation list) of the annotations edited."""
    cases = []
    for name in FILES:
        with pdftools.open(corpus.path(name)) as document:
            found = 0
            for page in document.pages:
                for position, annotation in enumerate(page.annotations):
                    if annotation.subtype in SKIPPED_SUBTYPES or found >= PER_FILE:
                        continue
                    if annotation.subtype == "Line" and annotation.line is None:
                        continue  # no /L: nothing to draw (MuPDF draws a line from the page's corner)
                    cases.append((name, page.index, position))
                    found += 1
    return cases


CASES = _cases()


def _ours(data: bytes, page: int, position: int) -> Tuple[str, Tuple[float, ...], Any, Tuple[float, ...]]:
    """Subtype, /Rect, properties, and the extent of what an engine may draw for it: /Rect
    and its geometry (ink, vertices, line, quads) grown by its border (an engine drawing an
    annotation without an appearance draws its geometry, wherever /Rect is)."""
    with pdftools.open(data) as document:
        annotation = document.pages[page].annotations[position]
        r = annotation.rect
        seen = dict(contents=annotation.contents or None, author=annotation.author, color=annotation.color,
                    opacity=annotation.opacity, border=annotation.border_width)
        points = [p for stroke in annotation.ink for p in stroke] + list(annotation.vertices)
        points += list(annotation.line or ()) + [p for q in annotation.quads for p in q]
        grow = (annotation.border_width or 0) + 2
        xs = [r.x0, r.x1] + [p[0] - grow for p in points] + [p[0] + grow for p in points]
        ys = [r.y0, r.y1] + [p[1] - grow for p in points] + [p[1] + grow for p in points]
        return annotation.subtype, (r.x0, r.y0, r.x1, r.y1), seen, (min(xs), min(ys), max(xs), max(ys))


def _pdfium(data: bytes, page: int, position: int) -> Any:
    document = pdfium.PdfDocument(data)
    try:
        pdf_page = document[page]  # the page must outlive its annotation handle
        annot = pdfium_c.FPDFPage_GetAnnot(pdf_page.raw, position)
        try:
            rect = pdfium_c.FS_RECTF()
            assert pdfium_c.FPDFAnnot_GetRect(annot, rect)
            opacity = ctypes.c_float(1)
            has_opacity = pdfium_c.FPDFAnnot_GetNumberValue(annot, b"CA", opacity)
            return dict(rect=(rect.left, rect.bottom, rect.right, rect.top),
                        contents=pdfium_string(annot, "Contents") or None, author=pdfium_string(annot, "T"),
                        opacity=opacity.value if has_opacity else 1.0)
        finally:
            pdfium_c.FPDFPage_CloseAnnot(annot)
    finally:
        document.close()


def _near(a: Any, b: Any, tolerance: float) -> bool:
    if a is None or b is None or isinstance(a, str) or isinstance(b, str):
        return a == b
    if isinstance(a, (tuple, list)):
        return len(a) == len(b) and all(abs(x - y) <= tolerance for x, y in zip(a, b))
    return abs(a - b) <= tolerance


def _display_box(data: bytes, page: int, rect: Tuple[float, ...], size: Tuple[int, int]) -> Tuple[int, int, int, int]:
    with pdftools.open(data) as document:
        box = document.pages[page].to_display(pdftools.Rect(*rect))
    width, height = size
    return (max(0, int(box.x0) - MARGIN), max(0, int(box.y0) - MARGIN),
            min(width, int(box.x1) + 1 + MARGIN), min(height, int(box.y1) + 1 + MARGIN))


@pytest.mark.parametrize("operation", OPERATIONS)
@pytest.mark.parametrize("name,page,position", CASES, ids=[f"{n[:-4]}-{p}-{i}" for n, p, i in CASES])
def test_an_edit_of_a_corpus_annotation(name: str, page: int, position: int, operation: str) -> None:
    data = corpus.path(name).read_bytes()
    subtype, old_rect, old, old_extent = _ours(data, page, position)
    with pdftools.open(data) as document:
        annotation = document.pages[page].annotations[position]
        foreign_artwork = subtype == "Stamp" and annotation.get_raw("AP") is not None
        if operation == "contents":
            annotation.update(contents="Answered in review")
        elif operation == "author":
            annotation.update(author="Reviewer Two")
        elif operation == "move":
            annotation.move(DX, DY)
        elif operation in ("recolour", "border") and foreign_artwork:
            appearance = annotation.get_raw("AP")
            with pytest.raises(pdftools.UnsupportedError, match="artwork"):
                annotation.update(**({"color": COLOR} if operation == "recolour" else {"border_width": 3.0}))
            assert annotation.get_raw("AP") == appearance and not document.is_modified
            return
        elif operation == "recolour":
            annotation.update(color=COLOR)
        elif operation == "opacity":
            annotation.update(opacity=0.5)
        elif operation == "border":
            annotation.update(border_width=3.0)
        edited = document.to_bytes()
    _, new_rect, new, new_extent = _ours(edited, page, position)
    x0, y0, x1, y1 = old_rect
    expected = dict(old)
    expected.update({
        "contents": {"contents": "Answered in review"},
        "author": {"author": "Reviewer Two"},
        "move": {},
        "recolour": {"color": COLOR},
        "opacity": {"opacity": 0.5},
        "border": {"border": 3.0},
    }[operation])
    for key, value in expected.items():
        assert _near(new[key], value, 0.02), f"the library reads {key} {new[key]} after the {operation}, not {value}"
    if operation == "move":
        assert _near(new_rect, (x0 + DX, y0 + DY, x1 + DX, y1 + DY), 0.01)
    elif operation in ("contents", "author"):
        assert _near(new_rect, old_rect, 0.01), f"the {operation} changed /Rect"
    else:
        # A restyle keeps /Rect, growing it only by what the drawing needs.
        assert new_rect[0] <= x0 + 0.01 and new_rect[1] <= y0 + 0.01 and new_rect[2] >= x1 - 0.01 and (
            new_rect[3] >= y1 - 0.01), f"the {operation} shrank /Rect from {old_rect} to {new_rect}"
    # PDFium reads the same.
    before, after = _pdfium(data, page, position), _pdfium(edited, page, position)
    for key in ("contents", "author", "opacity"):
        wanted = expected[key] if key in ("contents", "author") or operation == "opacity" else before[key]
        assert _near(after[key], wanted, 0.02), f"PDFium reads {key} {after[key]} after the {operation}, not {wanted}"
    assert _near(after["rect"], new_rect, 0.6), f"PDFium reads /Rect {after['rect']}, the library {new_rect}"
    # Every engine draws only where the annotation was and is.
    for engine, render in ENGINES.items():
        was, now = render(data, page), render(edited, page)
        assert was.size == now.size
        if operation == "author" or (operation == "contents" and subtype != "FreeText"):
            assert ImageChops.difference(was, now).getbbox() is None, f"{engine}: the {operation} changed pixels"
            continue
        boxes = [_display_box(data, page, old_extent, was.size), _display_box(edited, page, new_extent, was.size)]
        outside = ImageChops.difference(blank_out(was, boxes), blank_out(now, boxes)).getbbox()
        assert outside is None, f"{engine}: the {operation} of the {subtype} changed pixels at {outside}"

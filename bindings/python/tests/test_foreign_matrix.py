# SPDX-License-Identifier: GPL-3.0-or-later
"""Every everyday edit of annotations other programs wrote, read back and drawn by every engine.

Annotations made by MuPDF (through PyMuPDF, with MuPDF's appearance streams) and by PDFium
(through pypdfium2, without appearance streams), one per page. Each gets one edit through
the library — contents, author, a move, a new colour, a new opacity, a new border width —
and is saved. Then:

1. poppler (the library), PDFium and MuPDF read the changed property with its new value and
   the other properties as they were;
2. in every engine, the pixels outside the annotation's old and new places are unchanged, and
   for a change that does not show (contents, author) no pixel changes at all;
3. for a move, every engine draws the annotation at its new place as it drew it at the old one
   (within anti-aliasing).
"""

from __future__ import annotations

import ctypes
import io
from dataclasses import dataclass
from typing import Any, Callable, Dict, List, Optional, Tuple

import pymupdf
import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
import pytest
from PIL import Image, ImageChops

import pdftools
from engines import ENGINES, PAGE_HEIGHT, MuPDFPages, blank_out, pixel_box
from peers import pdfium_string
DX, DY = 41.0, 27.0
EDGE_TOLERANCE = 48
MARGIN = 4
COLOR = (0.1, 0.6, 0.2)
OPERATIONS = ["contents", "author", "move", "recolour", "opacity", "border"]


# -- the fixtures ---------------------------------------------------------------------------


def _made_by_mupdf() -> Tuple[bytes, List[str]]:
    pages = MuPDFPages()
    page = pages.page
    made: List[str] = []

    annotation = page().add_rect_annot(pymupdf.Rect(150, 300, 300, 400))
    annotation.set_colors(stroke=(1, 0, 0), fill=(1, 0.9, 0.9))
    annotation.set_border(width=2)
    made.append("Square")
    annotation = page().add_circle_annot(pymupdf.Rect(150, 300, 300, 400))
    annotation.set_colors(stroke=(0, 0, 1))
    annotation.set_border(width=3)
    made.append("Circle")
    annotation = page().add_ink_annot([[(150, 350), (200, 300), (250, 380), (300, 320)]])
    annotation.set_colors(stroke=(0, 0.5, 0))
    annotation.set_border(width=2)
    made.append("Ink")
    annotation = page().add_highlight_annot(pymupdf.Rect(150, 300, 350, 320))
    made.append("Highlight")
    annotation = page().add_underline_annot(pymupdf.Rect(150, 300, 350, 320))
    made.append("Underline")
    annotation = page().add_line_annot(pymupdf.Point(150, 400), pymupdf.Point(350, 330))
    annotation.set_colors(stroke=(0.5, 0, 0.5))
    annotation.set_border(width=2)
    made.append("Line")
    return pages.finish(), made


def _made_by_pdfium() -> Tuple[bytes, List[str]]:
    document = pdfium.PdfDocument.new()
    made: List[str] = []

    def annotate(kind: int, rect: Tuple[float, float, float, float], color: Tuple[int, int, int]) -> Any:
        page = document.new_page(612, PAGE_HEIGHT)
        annot = pdfium_c.FPDFPage_CreateAnnot(page.raw, kind)
        left, bottom, right, top = rect
        assert pdfium_c.FPDFAnnot_SetRect(annot, pdfium_c.FS_RECTF(left, top, right, bottom))
        assert pdfium_c.FPDFAnnot_SetColor(annot, pdfium_c.FPDFANNOT_COLORTYPE_Color, *color, 255)
        return page, annot

    page, annot = annotate(pdfium_c.FPDF_ANNOT_SQUARE, (150, 400, 300, 500), (255, 0, 0))
    pdfium_c.FPDFAnnot_SetBorder(annot, 0, 0, 2)
    pdfium_c.FPDFPage_CloseAnnot(annot)
    made.append("Square")
    page, annot = annotate(pdfium_c.FPDF_ANNOT_CIRCLE, (150, 400, 300, 500), (0, 0, 255))
    pdfium_c.FPDFPage_CloseAnnot(annot)
    made.append("Circle")
    page, annot = annotate(pdfium_c.FPDF_ANNOT_INK, (140, 390, 310, 510), (0, 128, 0))
    points = (pdfium_c.FS_POINTF * 4)(
        pdfium_c.FS_POINTF(150, 450), pdfium_c.FS_POINTF(200, 500), pdfium_c.FS_POINTF(250, 420),
        pdfium_c.FS_POINTF(300, 480),
    )
    assert pdfium_c.FPDFAnnot_AddInkStroke(annot, points, 4) >= 0
    pdfium_c.FPDFPage_CloseAnnot(annot)
    made.append("Ink")
    for kind, name in ((pdfium_c.FPDF_ANNOT_HIGHLIGHT, "Highlight"), (pdfium_c.FPDF_ANNOT_UNDERLINE, "Underline")):
        page, annot = annotate(kind, (150, 480, 350, 500), (255, 200, 0))
        quad = pdfium_c.FS_QUADPOINTSF(150, 500, 350, 500, 150, 480, 350, 480)
        assert pdfium_c.FPDFAnnot_AppendAttachmentPoints(annot, quad)
        pdfium_c.FPDFPage_CloseAnnot(annot)
        made.append(name)
    buffer = io.BytesIO()
    document.save(buffer)
    return buffer.getvalue(), made


MAKERS: Dict[str, Callable[[], Tuple[bytes, List[str]]]] = {"mupdf": _made_by_mupdf, "pdfium": _made_by_pdfium}
CASES = [("mupdf", s) for s in ["Square", "Circle", "Ink", "Highlight", "Underline", "Line"]] + [
    ("pdfium", s) for s in ["Square", "Circle", "Ink", "Highlight", "Underline"]
]


@pytest.fixture(scope="module")
def made() -> Dict[str, Tuple[bytes, List[str]]]:
    return {name: make() for name, make in MAKERS.items()}


# -- reading what each engine sees ----------------------------------------------------------


@dataclass
class Seen:
    """The properties one engine reads of an annotation (None: the engine does not say)."""

    rect: Tuple[float, float, float, float]
    contents: Optional[str]
    author: Optional[str]
    color: Optional[Tuple[float, float, float]]
    opacity: Optional[float]
    border: Optional[float]


def _seen_by_us(data: bytes, index: int) -> Seen:
    with pdftools.open(data) as document:
        (annotation,) = [a for a in document.pages[index].annotations if a.subtype != "Popup"]
        r = annotation.rect
        return Seen((r.x0, r.y0, r.x1, r.y1), annotation.contents or None, annotation.author, annotation.color,
                    annotation.opacity, annotation.border_width)


def _seen_by_pdfium(data: bytes, index: int) -> Seen:
    document = pdfium.PdfDocument(data)
    try:
        page = document[index]
        annot = pdfium_c.FPDFPage_GetAnnot(page.raw, 0)
        try:
            rect = pdfium_c.FS_RECTF()
            assert pdfium_c.FPDFAnnot_GetRect(annot, rect)
            opacity = ctypes.c_float(1)
            has_opacity = pdfium_c.FPDFAnnot_GetNumberValue(annot, b"CA", opacity)
            # PDFium reads /C only from annotations without an appearance stream.
            pdfium_c.FPDFAnnot_SetAP(annot, pdfium_c.FPDF_ANNOT_APPEARANCEMODE_NORMAL, None)
            r, g, b, a = (ctypes.c_uint() for _ in range(4))
            color = None
            if pdfium_c.FPDFAnnot_GetColor(annot, pdfium_c.FPDFANNOT_COLORTYPE_Color, r, g, b, a):
                color = (r.value / 255, g.value / 255, b.value / 255)
            return Seen((rect.left, rect.bottom, rect.right, rect.top), pdfium_string(annot, "Contents") or None,
                        pdfium_string(annot, "T"), color, opacity.value if has_opacity else 1.0, None)
        finally:
            pdfium_c.FPDFPage_CloseAnnot(annot)
    finally:
        document.close()


def _seen_by_mupdf(data: bytes, index: int) -> Optional[Seen]:
    """None when MuPDF lists no annotation: it skips those a page's /Annots holds directly
    instead of by reference (as PDFium writes them; ISO 32000 asks for references)."""
    document = pymupdf.open(stream=data, filetype="pdf")
    try:
        page = document[index]
        annots = list(page.annots())
        if not annots:
            return None
        (annot,) = annots
        r = annot.rect
        stroke = annot.colors.get("stroke")
        border = annot.border.get("width")
        return Seen((r.x0, PAGE_HEIGHT - r.y1, r.x1, PAGE_HEIGHT - r.y0), annot.info["content"] or None,
                    annot.info["title"] or None, tuple(stroke) if stroke else None,
                    annot.opacity if annot.opacity >= 0 else 1.0, border if border is not None and border >= 0 else None)
    finally:
        document.close()


READERS: Dict[str, Callable[[bytes, int], Optional[Seen]]] = {
    "poppler": _seen_by_us, "pdfium": _seen_by_pdfium, "mupdf": _seen_by_mupdf,
}


def _close(a: Any, b: Any, tolerance: float = 0.02) -> bool:
    if a is None or b is None or isinstance(a, str) or isinstance(b, str):
        return a == b
    if isinstance(a, (tuple, list)):
        return len(a) == len(b) and all(abs(x - y) <= tolerance for x, y in zip(a, b))
    return abs(a - b) <= tolerance


# -- the edits ---------------------------------------------------------------------------------


def _edit(annotation: pdftools.Annotation, operation: str) -> None:
    if operation == "contents":
        annotation.update(contents="A reviewer's answer")
    elif operation == "author":
        annotation.update(author="Second Reviewer")
    elif operation == "move":
        annotation.move(DX, DY)
    elif operation == "recolour":
        annotation.update(color=COLOR)
    elif operation == "opacity":
        annotation.update(opacity=0.5)
    elif operation == "border":
        annotation.update(border_width=4.0)


def _expected(before: Seen, operation: str) -> Dict[str, Any]:
    """The properties after `operation`, per Seen field (the others as before)."""
    x0, y0, x1, y1 = before.rect
    changed = {
        "contents": {"contents": "A reviewer's answer"},
        "author": {"author": "Second Reviewer"},
        "move": {"rect": (x0 + DX, y0 + DY, x1 + DX, y1 + DY)},
        "recolour": {"color": COLOR},
        "opacity": {"opacity": 0.5},
        "border": {"border": 4.0},
    }[operation]
    return changed


@pytest.mark.parametrize("operation", OPERATIONS)
@pytest.mark.parametrize("maker,subtype", CASES, ids=[f"{m}-{s}" for m, s in CASES])
def test_an_edit_is_read_by_every_engine_and_drawn_only_where_it_belongs(
    made: Dict[str, Tuple[bytes, List[str]]], maker: str, subtype: str, operation: str
) -> None:
    data, subtypes = made[maker]
    index = subtypes.index(subtype)
    with pdftools.open(data) as document:
        (annotation,) = [a for a in document.pages[index].annotations if a.subtype != "Popup"]
        assert annotation.subtype == subtype
        _edit(annotation, operation)
        edited = document.to_bytes()
    changed = _expected(_seen_by_us(data, index), operation)
    for engine, read in READERS.items():
        before, after = read(data, index), read(edited, index)
        fields = ("rect", "contents", "author", "color", "opacity", "border")
        if before is None:
            # MuPDF does not list an annotation held directly in /Annots; the library stores an
            # edited one by reference (as ISO 32000 asks), and MuPDF must then read the edited
            # property. (Its rect and border of an annotation without an appearance stream are
            # those of the appearance it makes itself, so only the properties stored as given
            # are compared.)
            before = _seen_by_us(data, index)
            fields = ("contents", "author", "color", "opacity")
        assert after is not None, f"{engine} no longer lists the annotation after the {operation}"
        for field in fields:
            got = getattr(after, field)
            if field in changed:
                if got is None and getattr(before, field) is None and field in ("border",):
                    continue  # this engine does not read it
                tolerance = 0.6 if field == "rect" else 0.02
                assert _close(got, changed[field], tolerance), (
                    f"{engine} reads {field} {got} after the {operation}, not {changed[field]}")
            elif field == "rect" and operation in ("recolour", "opacity", "border") and subtype in (
                    "Ink", "Highlight", "Underline", "Line"):
                # A restyle keeps the rectangle, growing it only by what a wider border needs.
                bx0, by0, bx1, by1 = getattr(before, field)
                gx0, gy0, gx1, gy1 = got
                assert gx0 <= bx0 + 0.6 and gy0 <= by0 + 0.6 and gx1 >= bx1 - 0.6 and gy1 >= by1 - 0.6, (
                    f"{engine}: the {operation} shrank /Rect from {getattr(before, field)} to {got}")
            else:
                assert _close(got, getattr(before, field), 0.6 if field == "rect" else 0.02), (
                    f"{engine} reads {field} {got} after the {operation}, was {getattr(before, field)}")
    old_rect = _seen_by_us(data, index).rect
    new_rect = _seen_by_us(edited, index).rect
    for engine, read in READERS.items():
        if read(data, index) is None:
            continue  # MuPDF neither lists nor draws a directly held annotation (see above)
        before, after = ENGINES[engine](data, index), ENGINES[engine](edited, index)
        boxes = [pixel_box(old_rect, MARGIN, before.size), pixel_box(new_rect, MARGIN, before.size)]
        if operation in ("contents", "author"):
            assert ImageChops.difference(before, after).getbbox() is None, (
                f"{engine}: changing the {operation} of a {maker}-made {subtype} changed pixels")
            continue
        outside = ImageChops.difference(blank_out(before, boxes), blank_out(after, boxes)).getbbox()
        assert outside is None, f"{engine}: the {operation} of a {maker}-made {subtype} changed pixels at {outside}"
        if operation == "move":
            shift = (int(DX), -int(DY))
            old_box = boxes[0]
            now = after.crop((old_box[0] + shift[0], old_box[1] + shift[1], old_box[2] + shift[0], old_box[3] + shift[1]))
            difference = ImageChops.difference(before.crop(old_box), now).convert("L").histogram()
            assert sum(difference[EDGE_TOLERANCE + 1:]) <= 0.002 * now.width * now.height, (
                f"{engine}: the moved {maker}-made {subtype} does not look as it did")


def test_missing_appearances_are_written_on_request(made: Dict[str, Tuple[bytes, List[str]]]) -> None:
    """PDFium's annotations have no appearance; generate_appearances gives them the library's,
    in one undo step, drawn by every engine within the annotation's rectangle."""
    data, subtypes = made["pdfium"]
    with pdftools.open(data) as document:
        assert document.generate_appearances(page=0) == 1
        assert document.generate_appearances() == len(subtypes) - 1
        assert document.generate_appearances() == 0
        written = document.to_bytes()
        rects = [_seen_by_us(written, index).rect for index in range(len(subtypes))]
        assert document.undo()
        assert all(a.get_raw("AP") is None for p in document.pages[1:] for a in p.annotations)
        with pytest.raises(pdftools.RangeError):
            document.generate_appearances(page=len(subtypes))
        with pytest.raises(pdftools.RangeError):
            document.generate_appearances(page=-1)
    with pdftools.open(written) as document:
        assert all(a.get_raw("AP") is not None for p in document.pages for a in p.annotations)
    for index, rect in enumerate(rects):
        for engine, render in ENGINES.items():
            if engine == "mupdf" and _seen_by_mupdf(data, index) is None:
                continue  # MuPDF neither lists nor draws a directly held annotation
            before, after = render(data, index), render(written, index)
            box = pixel_box(rect, MARGIN, before.size)
            outside = ImageChops.difference(blank_out(before, [box]), blank_out(after, [box])).getbbox()
            assert outside is None, f"{engine}: the appearance of {subtypes[index]} reaches past its rect"

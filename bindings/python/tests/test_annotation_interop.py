# SPDX-License-Identifier: GPL-3.0-or-later
"""Annotations we write, read by others: PDFium (pypdfium2), MuPDF (pymupdf), qpdf --check, and our own rendering.

Every creatable subtype is written with its typical properties
(annotspecs.py) on a new document, on a text page and on a page with
/Rotate 90.  PDFium must see the same annotations (subtype, rectangle,
colours, contents, quadpoints, ink, vertices, line, flags, link targets,
embedded files, popup and reply relations), MuPDF must list the same
types, qpdf must find no errors, and drawing each annotation must change
pixels inside its rectangle and none farther than 10 points outside.

PDFium's FPDFAnnot_GetColor refuses annotations that have an appearance
stream ("use the path objects' colours instead"), and ours all do; so the
colour is read after removing the appearance from PDFium's in-memory copy
(FPDFAnnot_SetAP with NULL), which leaves /C and /IC as written.
"""

from __future__ import annotations

import ctypes
import subprocess
from pathlib import Path
from typing import Any, Dict, List, Optional, Tuple

import pymupdf
import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
import pytest
from PIL import Image, ImageChops

import annotspecs
import corpus
import pdftools
from annotspecs import SUBTYPES, specs
from peers import pdfium_string
from pdftools import Annotation, Rect

#: (corpus file or "new", page index) of the pages annotated.
TARGETS = [("new", 0), ("pdfjs-tracemonkey.pdf", 0), ("qpdf-rotated.pdf", 3)]
TARGET_IDS = [name for name, _ in TARGETS]

PDFIUM_SUBTYPES = {
    "Text": pdfium_c.FPDF_ANNOT_TEXT,
    "FreeText": pdfium_c.FPDF_ANNOT_FREETEXT,
    "Line": pdfium_c.FPDF_ANNOT_LINE,
    "Square": pdfium_c.FPDF_ANNOT_SQUARE,
    "Circle": pdfium_c.FPDF_ANNOT_CIRCLE,
    "Polygon": pdfium_c.FPDF_ANNOT_POLYGON,
    "PolyLine": pdfium_c.FPDF_ANNOT_POLYLINE,
    "Ink": pdfium_c.FPDF_ANNOT_INK,
    "Highlight": pdfium_c.FPDF_ANNOT_HIGHLIGHT,
    "Underline": pdfium_c.FPDF_ANNOT_UNDERLINE,
    "Squiggly": pdfium_c.FPDF_ANNOT_SQUIGGLY,
    "StrikeOut": pdfium_c.FPDF_ANNOT_STRIKEOUT,
    "Stamp": pdfium_c.FPDF_ANNOT_STAMP,
    "FileAttachment": pdfium_c.FPDF_ANNOT_FILEATTACHMENT,
    "Link": pdfium_c.FPDF_ANNOT_LINK,
    "Popup": pdfium_c.FPDF_ANNOT_POPUP,
    "Caret": pdfium_c.FPDF_ANNOT_CARET,
}

RECT_TOLERANCE = 0.01
COLOR_TOLERANCE = 1 / 255
RENDER_MARGIN = 10  # points (pixels at scale 1) a drawing may reach outside /Rect


def _open_target(name: str) -> pdftools.Document:
    """A new one-page document, or a corpus file."""
    if name == "new":
        doc = pdftools.new()
        doc.insert_blank_page()
        return doc
    return pdftools.open(corpus.path(name), password=corpus.open_password(name))


def _origin(page: pdftools.Page) -> Tuple[float, float]:
    box = page.crop_box
    return box.x0, box.y0


@pytest.fixture(scope="module", params=TARGETS, ids=TARGET_IDS)
def written(request: Any) -> Tuple[str, int, bytes]:
    """(target, page index, bytes) of a page annotated with every subtype, saved."""
    name, index = request.param
    with _open_target(name) as doc:
        annotspecs.add_all(doc.pages[index], _origin(doc.pages[index]))
        return name, index, doc.to_bytes(incremental=False)


# -- PDFium ----------------------------------------------------------------------------------------


def _pdfium_color(annot: Any, kind: int) -> Optional[Tuple[float, float, float]]:
    """FPDFAnnot_GetColor as 0..1 floats, or None when PDFium finds none."""
    r, g, b, a = (ctypes.c_uint() for _ in range(4))
    if not pdfium_c.FPDFAnnot_GetColor(annot, kind, r, g, b, a):
        return None
    return r.value / 255, g.value / 255, b.value / 255


def _pdfium_quads(annot: Any) -> List[List[Tuple[float, float]]]:
    quads = []
    for i in range(pdfium_c.FPDFAnnot_CountAttachmentPoints(annot)):
        q = pdfium_c.FS_QUADPOINTSF()
        assert pdfium_c.FPDFAnnot_GetAttachmentPoints(annot, i, q)
        quads.append([(q.x1, q.y1), (q.x2, q.y2), (q.x3, q.y3), (q.x4, q.y4)])
    return quads


def _pdfium_ink(annot: Any) -> List[List[Tuple[float, float]]]:
    strokes = []
    for i in range(pdfium_c.FPDFAnnot_GetInkListCount(annot)):
        count = pdfium_c.FPDFAnnot_GetInkListPath(annot, i, None, 0)
        points = (pdfium_c.FS_POINTF * max(count, 1))()
        pdfium_c.FPDFAnnot_GetInkListPath(annot, i, points, count)
        strokes.append([(p.x, p.y) for p in points[:count]])
    return strokes


def _pdfium_vertices(annot: Any) -> List[Tuple[float, float]]:
    count = pdfium_c.FPDFAnnot_GetVertices(annot, None, 0)
    points = (pdfium_c.FS_POINTF * max(count, 1))()
    pdfium_c.FPDFAnnot_GetVertices(annot, points, count)
    return [(p.x, p.y) for p in points[:count]]


def _pdfium_uri(document: Any, annot: Any) -> Optional[str]:
    link = pdfium_c.FPDFAnnot_GetLink(annot)
    action = pdfium_c.FPDFLink_GetAction(link) if link else None
    if not action:
        return None
    size = pdfium_c.FPDFAction_GetURIPath(document, action, None, 0)
    buffer = ctypes.create_string_buffer(size)
    pdfium_c.FPDFAction_GetURIPath(document, action, buffer, size)
    return buffer.value.decode("ascii")


def _pdfium_attachment(annot: Any) -> Optional[Tuple[str, bytes]]:
    attachment = pdfium_c.FPDFAnnot_GetFileAttachment(annot)
    if not attachment:
        return None
    size = pdfium_c.FPDFAttachment_GetName(attachment, None, 0)
    name = ctypes.create_string_buffer(size)
    pdfium_c.FPDFAttachment_GetName(attachment, ctypes.cast(name, ctypes.POINTER(pdfium_c.FPDF_WCHAR)), size)
    length = ctypes.c_ulong()
    pdfium_c.FPDFAttachment_GetFile(attachment, None, 0, ctypes.byref(length))
    data = ctypes.create_string_buffer(max(length.value, 1))
    assert pdfium_c.FPDFAttachment_GetFile(attachment, data, length.value, ctypes.byref(length))
    return name.raw[: max(size - 2, 0)].decode("utf-16-le"), data.raw[: length.value]


def _close(actual: Any, wanted: Any, tolerance: float, where: str) -> None:
    annotspecs.assert_close(actual, wanted, where, tolerance)


def test_pdfium_reads_what_we_wrote(written: Tuple[str, int, bytes]) -> None:
    name, index, data = written
    with pdftools.open(data) as doc:
        ours = doc.pages[index].annotations
        pdf = pdfium.PdfDocument(data)
        try:
            page = pdf[index]
            assert pdfium_c.FPDFPage_GetAnnotCount(page.raw) == len(ours)
            for position, annotation in enumerate(ours):
                annot = pdfium_c.FPDFPage_GetAnnot(page.raw, position)
                try:
                    _compare_with_pdfium(pdf.raw, annot, annotation)
                finally:
                    pdfium_c.FPDFPage_CloseAnnot(annot)
        finally:
            pdf.close()


def _compare_with_pdfium(document: Any, annot: Any, ours: Annotation) -> None:
    where = f"{ours.subtype} {ours.name}"
    assert pdfium_c.FPDFAnnot_GetSubtype(annot) == PDFIUM_SUBTYPES[ours.subtype], where
    rect = pdfium_c.FS_RECTF()
    assert pdfium_c.FPDFAnnot_GetRect(annot, rect)
    _close((rect.left, rect.bottom, rect.right, rect.top), ours.rect, RECT_TOLERANCE, f"{where} rect")
    assert (pdfium_string(annot, "Contents") or None) == ours.contents, where
    assert pdfium_string(annot, "NM") == ours.name, where
    assert pdfium_string(annot, "T") == ours.author, where
    assert pdfium_c.FPDFAnnot_GetFlags(annot) == int(ours.flags), where
    if ours.quads:
        _close(_pdfium_quads(annot), ours.quads, RECT_TOLERANCE, f"{where} quads")
    else:
        assert not pdfium_c.FPDFAnnot_HasAttachmentPoints(annot) or _pdfium_quads(annot) == [], where
    _close(_pdfium_ink(annot), ours.ink, RECT_TOLERANCE, f"{where} ink")
    if ours.subtype in ("Polygon", "PolyLine"):
        _close(_pdfium_vertices(annot), ours.vertices, RECT_TOLERANCE, f"{where} vertices")
    if ours.subtype == "Line":
        start, end = pdfium_c.FS_POINTF(), pdfium_c.FS_POINTF()
        assert pdfium_c.FPDFAnnot_GetLine(annot, start, end)
        _close(((start.x, start.y), (end.x, end.y)), ours.line, RECT_TOLERANCE, f"{where} line")
    if ours.subtype == "Link":
        assert _pdfium_uri(document, annot) == ours.uri, where
    if ours.subtype == "FileAttachment":
        assert _pdfium_attachment(annot) == ours.attachment, where
    # Colours: PDFium reads /C and /IC only from annotations without an appearance stream. A
    # FreeText's fill is its /C (its border is drawn in its text colour, /DA).
    assert pdfium_c.FPDFAnnot_SetAP(annot, pdfium_c.FPDF_ANNOT_APPEARANCEMODE_NORMAL, None)
    colours = (
        ((pdfium_c.FPDFANNOT_COLORTYPE_Color, ours.interior_color),)
        if ours.subtype == "FreeText"
        else (
            (pdfium_c.FPDFANNOT_COLORTYPE_Color, ours.color),
            (pdfium_c.FPDFANNOT_COLORTYPE_InteriorColor, ours.interior_color),
        )
    )
    for kind, value in colours:
        if value is not None:
            _close(_pdfium_color(annot, kind), value, COLOR_TOLERANCE, f"{where} colour {kind}")


def test_pdfium_sees_popups_replies_and_page_links() -> None:
    with pdftools.new() as doc:
        for _ in range(3):
            doc.insert_blank_page()
        page = doc.pages[0]
        note = page.add_annotation("Text", (100, 700, 120, 720), contents="Question?")
        popup = note.add_popup((130, 600, 330, 700), open=True)
        reply = page.add_annotation("Text", (100, 700, 120, 720), contents="Answer.", reply_to=note)
        jump = page.add_annotation("Link", (72, 100, 200, 120), destination_page=2)
        assert [a.z_index for a in (note, popup, reply, jump)] == [0, 1, 2, 3]
        data = doc.to_bytes()
    pdf = pdfium.PdfDocument(data)
    try:
        page = pdf[0]  # keep the PdfPage: it closes its raw page when collected
        raw_page = page.raw
        annots = [pdfium_c.FPDFPage_GetAnnot(raw_page, i) for i in range(pdfium_c.FPDFPage_GetAnnotCount(raw_page))]
        assert len(annots) == 4
        parent = pdfium_c.FPDFAnnot_GetLinkedAnnot(annots[1], b"Parent")
        assert pdfium_c.FPDFPage_GetAnnotIndex(raw_page, parent) == 0
        popup_of_note = pdfium_c.FPDFAnnot_GetLinkedAnnot(annots[0], b"Popup")
        assert pdfium_c.FPDFPage_GetAnnotIndex(raw_page, popup_of_note) == 1
        replied = pdfium_c.FPDFAnnot_GetLinkedAnnot(annots[2], b"IRT")
        assert pdfium_c.FPDFPage_GetAnnotIndex(raw_page, replied) == 0
        link = pdfium_c.FPDFAnnot_GetLink(annots[3])
        destination = pdfium_c.FPDFLink_GetDest(pdf.raw, link)
        assert pdfium_c.FPDFDest_GetDestPageIndex(pdf.raw, destination) == 2
        for annot in annots + [parent, popup_of_note, replied]:
            pdfium_c.FPDFPage_CloseAnnot(annot)
    finally:
        pdf.close()


# -- MuPDF -----------------------------------------------------------------------------------------


def test_mupdf_lists_the_same_annotations(written: Tuple[str, int, bytes]) -> None:
    """MuPDF lists links (page.get_links()) apart from annotations and leaves popups out of page.annots()."""
    name, index, data = written
    with pdftools.open(data) as doc:
        ours = doc.pages[index].annotations
        expected_types = [a.subtype for a in ours if a.subtype not in ("Link", "Popup")]
        expected_links = [a.uri for a in ours if a.subtype == "Link"]
        by_name = {a.name: a for a in ours}
        document = pymupdf.open(stream=data, filetype="pdf")
        try:
            page = document[index]
            annots = list(page.annots())
            assert [a.type[1] for a in annots] == expected_types
            assert [link.get("uri") for link in page.get_links()] == expected_links
            for annot in annots:
                mine = by_name[annot.info["id"]]
                assert annot.info["content"] == (mine.contents or "")
                # MuPDF's "stroke" is /C: a FreeText's background.
                stroke = annot.colors.get("stroke")
                wanted = mine.interior_color if mine.subtype == "FreeText" else mine.color
                if wanted is not None and stroke:
                    annotspecs.assert_close(tuple(stroke), wanted, f"{mine.subtype} /C", COLOR_TOLERANCE)
        finally:
            document.close()


# -- qpdf ------------------------------------------------------------------------------------------


def _qpdf_check(path: Path) -> None:
    run = subprocess.run(["qpdf", "--check", str(path)], capture_output=True, text=True, timeout=120)
    output = run.stdout + run.stderr
    assert run.returncode in (0, 3), output
    assert "ERROR" not in output, output


def test_qpdf_check_passes(written: Tuple[str, int, bytes], tmp_path: Path) -> None:
    name, index, data = written
    target = tmp_path / "annotated.pdf"
    target.write_bytes(data)
    _qpdf_check(target)


@pytest.mark.parametrize("subtype", SUBTYPES)
def test_qpdf_check_passes_for_each_subtype(subtype: str, tmp_path: Path) -> None:
    with pdftools.new() as doc:
        doc.insert_blank_page()
        spec = dict(specs()[subtype])
        rect = spec.pop("rect", None)
        doc.pages[0].add_annotation(subtype, rect, **spec)
        target = tmp_path / f"{subtype}.pdf"
        doc.save(target)
    _qpdf_check(target)


# -- our rendering ---------------------------------------------------------------------------------


def _image(page: pdftools.Page) -> Image.Image:
    return page.render(1.0, format="rgba").to_pil().convert("RGB")


def _pixel_box(rect: Rect, margin: float, size: Tuple[int, int]) -> Tuple[int, int, int, int]:
    """Pixel bounds (left, top, right, bottom) of a display-space rect grown by margin, clipped to the image."""
    width, height = size
    left = max(0, int(rect.x0 - margin))
    top = max(0, int(rect.y0 - margin))
    right = min(width, int(rect.x1 + margin + 1))
    bottom = min(height, int(rect.y1 + margin + 1))
    return left, top, right, bottom


@pytest.fixture(scope="module")
def base_images() -> Dict[str, Image.Image]:
    """The pages of TARGETS rendered without new annotations."""
    images = {}
    for name, index in TARGETS:
        with _open_target(name) as doc:
            images[name] = _image(doc.pages[index])
    return images


@pytest.mark.parametrize("subtype", SUBTYPES)
@pytest.mark.parametrize("target", TARGETS, ids=TARGET_IDS)
def test_rendering_shows_the_annotation_inside_its_rect(
    target: Tuple[str, int], subtype: str, base_images: Dict[str, Image.Image]
) -> None:
    name, index = target
    with _open_target(name) as doc:
        page = doc.pages[index]
        spec = dict(specs(_origin(page))[subtype])
        rect = spec.pop("rect", None)
        annotation = page.add_annotation(subtype, rect, **spec)
        display = page.to_display(annotation.rect)
        if subtype == "Text":
            # Poppler, like Acrobat, keeps note icons upright (NoRotate implied): on a rotated
            # page the icon turns about the upper left corner of /Rect, as PDF 12.5.3 says.
            box = annotation.rect
            corner = page.to_display((box.x0, box.y1))
            display = Rect(corner.x, corner.y, corner.x + box.width, corner.y + box.height)
        drawn = _image(page)
    before = base_images[name]
    assert drawn.size == before.size
    changed = ImageChops.difference(before, drawn).getbbox()
    if subtype == "Popup":
        assert changed is None, "a popup has no appearance: viewers draw it themselves"
        return
    assert changed is not None, f"{subtype} drew nothing"
    inside = ImageChops.difference(before.crop(_pixel_box(display, 0, before.size)),
                                   drawn.crop(_pixel_box(display, 0, before.size))).getbbox()
    assert inside is not None, f"{subtype} changed nothing inside its rect {display}"
    allowed = _pixel_box(display, RENDER_MARGIN, before.size)
    assert (
        changed[0] >= allowed[0] and changed[1] >= allowed[1] and changed[2] <= allowed[2] and changed[3] <= allowed[3]
    ), f"{subtype} changed pixels {changed} outside {allowed} (its rect {display} plus {RENDER_MARGIN} pt)"


def test_rendering_without_annotations_ignores_them() -> None:
    with pdftools.new() as doc:
        doc.insert_blank_page()
        page = doc.pages[0]
        blank = page.render(1.0).data
        annotspecs.add_all(page)
        assert page.render(1.0, annotations=False).data == blank
        assert page.render(1.0).data != blank


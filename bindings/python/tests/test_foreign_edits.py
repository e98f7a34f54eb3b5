# SPDX-License-Identifier: GPL-3.0-or-later
"""Editing annotations another program wrote (here MuPDF, through PyMuPDF).

Each annotation sits alone on its page. After a move, every engine (poppler through the
library, PDFium, MuPDF) draws the annotation at its new place exactly as it drew it at the
old one, and nothing else on the page changes; after a change that does not show (author,
subject, contents of a shape), every engine draws the page exactly as before.
"""

from __future__ import annotations

from typing import List, Tuple

import pymupdf
import pytest
from PIL import Image, ImageChops

import pdftools
from engines import ENGINES, MuPDFPages, blank_out, pixel_box
# The move: whole points, so that pixels at scale 1 shift by whole pixels.
DX, DY = 37.0, -23.0
# Anti-aliasing may differ at the edges of a shifted drawing by this much per channel.
EDGE_TOLERANCE = 48


def _mupdf_annotations() -> Tuple[bytes, List[str]]:
    """A document with one MuPDF-made annotation (with MuPDF's appearance) per page."""
    pages = MuPDFPages()
    page = pages.page
    made: List[str] = []

    # PyMuPDF's coordinates have y down from the top of the page.
    annotation = page().add_highlight_annot(pymupdf.Rect(100, 200, 300, 220))
    annotation.set_colors(stroke=(1, 0.8, 0))
    made.append("Highlight")
    annotation = page().add_ink_annot([[(100, 300), (150, 250), (200, 320), (260, 260)]])
    annotation.set_colors(stroke=(0, 0, 1))
    annotation.set_border(width=3)
    made.append("Ink")
    annotation = page().add_rect_annot(pymupdf.Rect(120, 300, 260, 380))
    annotation.set_colors(stroke=(1, 0, 0), fill=(0.8, 0.9, 1))
    annotation.set_border(width=2)
    made.append("Square")
    annotation = page().add_line_annot(pymupdf.Point(100, 400), pymupdf.Point(300, 350))
    annotation.set_colors(stroke=(0, 0.5, 0))
    annotation.set_border(width=2)
    made.append("Line")
    annotation = page().add_polygon_annot([(100, 500), (200, 420), (300, 500), (200, 560)])
    annotation.set_colors(stroke=(0.5, 0, 0.5), fill=(1, 1, 0.6))
    made.append("Polygon")
    annotation = page().add_freetext_annot(
        pymupdf.Rect(100, 100, 300, 160), "MuPDF wrote this", fontsize=14, text_color=(0, 0, 1),
        fill_color=(1, 1, 0.8),
    )
    made.append("FreeText")
    annotation = page().add_stamp_annot(pymupdf.Rect(100, 100, 300, 170), stamp=0)
    made.append("Stamp")
    annotation = page().add_text_annot(pymupdf.Point(150, 150), "a note")
    made.append("Text")
    return pages.finish(), made


@pytest.fixture(scope="module")
def foreign() -> Tuple[bytes, List[str]]:
    return _mupdf_annotations()


def _the_annotation(document: pdftools.Document, made: List[str], subtype: str) -> pdftools.Annotation:
    """The annotation of `subtype` (alone on its page but for a pop-up)."""
    (annotation,) = [each for each in document.pages[made.index(subtype)].annotations if each.subtype != "Popup"]
    assert annotation.subtype == subtype
    return annotation


@pytest.mark.parametrize("engine", sorted(ENGINES))
@pytest.mark.parametrize("subtype", ["Highlight", "Ink", "Square", "Line", "Polygon", "FreeText", "Stamp", "Text"])
def test_a_moved_annotation_looks_the_same_at_its_new_place(
    foreign: Tuple[bytes, List[str]], subtype: str, engine: str
) -> None:
    data, made = foreign
    index = made.index(subtype)
    with pdftools.open(data) as document:
        annotation = _the_annotation(document, made, subtype)
        old = annotation.rect
        appearance = annotation.get_raw("AP")
        annotation.move(DX, DY)
        new = annotation.rect
        assert (new.x0, new.y0, new.x1, new.y1) == pytest.approx((old.x0 + DX, old.y0 + DY, old.x1 + DX, old.y1 + DY))
        assert annotation.get_raw("AP") == appearance, "the appearance MuPDF made is kept"
        moved = document.to_bytes()
    render = ENGINES[engine]
    before = render(data, index)
    after = render(moved, index)
    assert before.size == after.size
    margin = 3
    old_box = pixel_box(old, margin, before.size)
    new_box = pixel_box(new, margin, before.size)
    assert ImageChops.difference(before, after).getbbox() is not None, f"{engine}: the {subtype} moved"
    # Outside the old and new places nothing changed.
    outside = ImageChops.difference(blank_out(before, [old_box, new_box]), blank_out(after, [old_box, new_box]))
    assert outside.getbbox() is None, f"{engine}: pixels changed outside the {subtype}'s old and new places"
    # At the new place: the old drawing, shifted.
    shift_x, shift_y = int(DX), int(-DY)
    shifted_box = (old_box[0] + shift_x, old_box[1] + shift_y, old_box[2] + shift_x, old_box[3] + shift_y)
    was = before.crop(old_box)
    now = after.crop(shifted_box)
    difference = ImageChops.difference(was, now).convert("L")
    histogram = difference.histogram()
    large = sum(histogram[EDGE_TOLERANCE + 1:])
    assert large <= 0.002 * was.width * was.height, (
        f"{engine}: the {subtype} at its new place differs from the old drawing in {large} pixels")
    assert ImageChops.difference(before.crop(old_box), after.crop(old_box)).getbbox() is not None


@pytest.mark.parametrize("engine", sorted(ENGINES))
@pytest.mark.parametrize("subtype", ["Highlight", "Ink", "Square", "Line", "Polygon", "Stamp", "Text"])
def test_changes_that_do_not_show_keep_every_pixel(
    foreign: Tuple[bytes, List[str]], subtype: str, engine: str
) -> None:
    data, made = foreign
    index = made.index(subtype)
    with pdftools.open(data) as document:
        annotation = _the_annotation(document, made, subtype)
        appearance = annotation.get_raw("AP")
        annotation.update(author="Reviewer", subject="Checked", contents="Looks right")
        assert annotation.get_raw("AP") == appearance
        changed = document.to_bytes()
    with pdftools.open(changed) as document:
        annotation = _the_annotation(document, made, subtype)
        assert (annotation.author, annotation.subject, annotation.contents) == ("Reviewer", "Checked", "Looks right")
    render = ENGINES[engine]
    assert ImageChops.difference(render(data, index), render(changed, index)).getbbox() is None


def test_a_mupdf_stamp_keeps_its_artwork(foreign: Tuple[bytes, List[str]]) -> None:
    data, made = foreign
    index = made.index("Stamp")
    with pdftools.open(data) as document:
        stamp = _the_annotation(document, made, "Stamp")
        appearance = stamp.get_raw("AP")
        with pytest.raises(pdftools.UnsupportedError, match="artwork"):
            stamp.update(color=(1, 0, 0))
        assert stamp.get_raw("AP") == appearance
        stamp.update(opacity=0.5)
        assert stamp.get_raw("AP") != appearance
        half = document.to_bytes()
        stamp.update(opacity=1)
        assert stamp.get_raw("AP") == appearance
        # A standard name chooses new artwork, which may then take a colour, in one update.
        stamp.update(icon="Approved", color=(0, 0.5, 0))
        assert stamp.icon == "Approved" and stamp.color == pytest.approx((0, 0.5, 0))
        assert stamp.get_raw("AP") != appearance
    # Half opacity: every engine draws the artwork lighter, nowhere darker, and only where it was.
    for engine, render in ENGINES.items():
        before, after = render(data, index), render(half, index)
        drawn = ImageChops.difference(before, Image.new("RGB", before.size, (255, 255, 255))).getbbox()
        changed = ImageChops.difference(before, after).getbbox()
        assert drawn is not None and changed is not None, engine
        assert changed[0] >= drawn[0] and changed[1] >= drawn[1] and changed[2] <= drawn[2] and changed[3] <= drawn[3], engine
        darker = ImageChops.subtract(before.convert("L"), after.convert("L")).getbbox()
        assert darker is None, f"{engine}: half opacity made pixels darker"


@pytest.mark.parametrize("engine", sorted(ENGINES))
def test_a_mupdf_free_text_redrawn_by_the_library_keeps_its_fill_and_gets_no_border(
    foreign: Tuple[bytes, List[str]], engine: str
) -> None:
    data, made = foreign
    index = made.index("FreeText")
    with pdftools.open(data) as document:
        box = _the_annotation(document, made, "FreeText")
        assert box.interior_color == pytest.approx((1, 1, 0.8), abs=0.01), "MuPDF's /C is the background"
        assert box.color == pytest.approx((0, 0, 1), abs=0.01), "the border colour is the text colour"
        old = box.rect
        # A resize redraws it with the library's appearance.
        box.update(rect=(old.x0, old.y0 - 20, old.x1 + 20, old.y1))
        assert box.get_raw("C") == "[ 1 1 .8 ]" and box.get_raw("IC") is None, "MuPDF's /C kept as written"
        redrawn = document.to_bytes()
        rect = box.rect
    image = ENGINES[engine](redrawn, index)
    left, top, right, bottom = pixel_box(rect, 0, image.size)
    # The lower right corner of the box (no text there), right at its edge and a little inside:
    # the background colour, not a border.
    for inset in (1, 4):
        pixel = image.getpixel((right - 1 - inset, bottom - 1 - inset))
        assert all(abs(got - want) <= 8 for got, want in zip(pixel, (255, 255, 204))), (
            f"{engine}: pixel {inset} px inside the corner is {pixel}, not the background (255, 255, 204)")
    # The text is still blue.
    crop = image.crop((left, top, right, bottom)).convert("RGB")
    raw = crop.tobytes()
    blue = [p for p in zip(raw[0::3], raw[1::3], raw[2::3]) if p[2] > 150 and p[0] < 100 and p[1] < 100]
    assert blue, f"{engine}: no blue text in the redrawn box"


def test_a_half_transparent_highlight_without_an_appearance_multiplies_as_in_the_other_engines() -> None:
    """Poppler would lay such a highlight over the text; every engine must show text under it dark."""
    pages = MuPDFPages()
    pages.page().insert_text((60, 120), "Highlighted words", fontsize=30)
    with pdftools.open(pages.finish()) as document:
        highlight = document.pages[0].add_annotation("Highlight", (50, 660, 330, 700), color=(1, 1, 0))
        highlight.set_raw("AP", None)
        highlight.set_raw("CA", "0.5")
        data = document.to_bytes()
    images = {engine: render(data, 0) for engine, render in ENGINES.items()}
    box = pixel_box((52, 662, 328, 698), 0, images["poppler"].size)
    for engine, image in images.items():
        crop = image.crop(box).convert("RGB")
        raw = crop.tobytes()
        pixels = list(zip(raw[0::3], raw[1::3], raw[2::3]))
        darkest = min(pixels, key=sum)
        assert sum(darkest) < 60, f"{engine}: text under the highlight is {darkest}, washed out"
        lightest = max(pixels, key=sum)
        assert all(abs(got - want) <= 4 for got, want in zip(lightest, (255, 255, 128))), (
            f"{engine}: the highlight's paper colour is {lightest}")
    # Only the view changed: the document still says what it said.
    with pdftools.open(data) as document:
        (highlight,) = document.pages[0].annotations
        document.pages[0].render(1.0)
        assert highlight.get_raw("CA") == "0.5" and highlight.get_raw("AP") is None
        assert highlight.color == pytest.approx((1, 1, 0))
        assert not document.is_modified


def test_mupdf_redrawing_our_free_text_keeps_its_fill_border_and_text_colour() -> None:
    """The other way round: MuPDF reads our FreeText's colours as we meant them."""
    with pdftools.new() as document:
        document.insert_blank_page(0, 612, 792)
        page = document.pages[0]
        box = page.add_annotation("FreeText", (100, 600, 300, 660), contents="Ours", text_color=(0, 0, 1),
                                  interior_color=(1, 1, 0.8), border_width=2)
        assert box.get_raw("C") is not None and box.get_raw("IC") is None
        ours = document.to_bytes()
    mupdf = pymupdf.open(stream=ours, filetype="pdf")
    try:
        mupdf_page = mupdf[0]  # an annotation needs its page alive
        (annotation,) = list(mupdf_page.annots())
        annotation.set_info(title="MuPDF user")  # an edit: MuPDF draws the appearance anew
        annotation.update()
        redrawn = mupdf.tobytes()
    finally:
        mupdf.close()
    image = ENGINES["mupdf"](redrawn, 0)
    left, top, right, bottom = pixel_box((100, 600, 300, 660), 0, image.size)
    inside = image.getpixel((right - 8, bottom - 8))
    assert all(abs(got - want) <= 8 for got, want in zip(inside, (255, 255, 204))), f"MuPDF fills it with {inside}"
    edge = image.getpixel(((left + right) // 2, bottom - 2))
    assert edge[2] > 150 and edge[0] < 100 and edge[1] < 100, f"MuPDF's border is {edge}, not the blue text colour"

# SPDX-License-Identifier: GPL-3.0-or-later
"""Page geometry: boxes, rotation, inheritance, display size, labels, and the page sequence."""

from __future__ import annotations

import pytest

import corpus
import pdftools
from pdftools import Box, Rect

LETTER = Rect(0.0, 0.0, 612.0, 792.0)

# /Rotate of each page of qpdf-rotated.pdf (pages 11-15 sit below a nested /Pages
# node with /Rotate 90; page 14 inherits it).
ROTATED = [0, 180, 270, 90, 180, 0, 0, 0, 0, 0, 180, 180, 180, 90, 0, 270, 90, 270, 0, 0]


def _open(name: str) -> pdftools.Document:
    return pdftools.open(corpus.path(name))


def test_rect_helpers() -> None:
    rect = Rect(10.0, 20.0, 110.0, 70.0)
    assert (rect.width, rect.height) == (100.0, 50.0)
    assert rect == (10.0, 20.0, 110.0, 70.0)
    x0, y0, x1, y1 = rect
    assert (x0, y1) == (10.0, 70.0)


def test_rotations_and_sizes_of_qpdf_rotated() -> None:
    with _open("qpdf-rotated.pdf") as doc:
        rotations = [page.rotation for page in doc.pages]
        assert rotations == ROTATED
        assert {0, 90, 180, 270} <= set(rotations)
        for page in doc.pages:
            assert page.media_box == LETTER
            assert page.crop_box == LETTER
            if page.rotation in (90, 270):
                assert page.size == pytest.approx((792.0, 612.0))
            else:
                assert page.size == pytest.approx((612.0, 792.0))


def test_rotation_inherited_from_nested_pages_node() -> None:
    with _open("qpdf-rotated.pdf") as doc:
        assert doc.pages[13].rotation == 90


def test_boxes_with_nonzero_origin() -> None:
    with _open("qpdf-boxes.pdf") as doc:
        assert doc.page_count == 8
        for page in doc.pages:
            assert page.crop_box == (10.0, 20.0, 582.0, 752.0)
            assert page.bleed_box == (20.0, 40.0, 552.0, 712.0)
            assert page.trim_box == (30.0, 60.0, 522.0, 672.0)
            assert page.art_box == page.crop_box  # no ArtBox: defaults to the crop box
            assert page.user_unit == 1.0
        assert [p.media_box for p in doc.pages[:4]] == [LETTER] * 4
        assert [p.media_box for p in doc.pages[4:]] == [Rect(-10.0, -20.0, 642.0, 832.0)] * 4
        assert [p.rotation for p in doc.pages] == [0, 90, 180, 270] * 2
        sizes = [tuple(p.size) for p in doc.pages]
        assert sizes == [(572.0, 732.0), (732.0, 572.0)] * 4


def test_box_by_enum_and_int() -> None:
    with _open("qpdf-boxes.pdf") as doc:
        page = doc.pages[0]
        assert page.box(Box.TRIM) == page.trim_box
        assert page.box(1) == page.crop_box
        with pytest.raises(pdftools.ArgumentError):
            page.box(99)


def test_inverted_and_clipped_crop_boxes() -> None:
    with _open("pdfium-cropped-text.pdf") as doc:
        # Page 4 writes its CropBox as [150 150 60 60]: normalized.
        assert doc.pages[3].crop_box == (60.0, 60.0, 150.0, 150.0)
        assert doc.pages[1].media_box == (-50.0, -50.0, 200.0, 200.0)
        for page in doc.pages:
            crop, media = page.crop_box, page.media_box
            assert media.x0 <= crop.x0 <= crop.x1 <= media.x1
            assert media.y0 <= crop.y0 <= crop.y1 <= media.y1
            for box in (page.bleed_box, page.trim_box, page.art_box):
                assert box.x0 <= box.x1 and box.y0 <= box.y1
                assert media.x0 <= box.x0 and box.x1 <= media.x1


def test_inherited_rotate_override() -> None:
    with _open("qpdf-inherited-rotate-override.pdf") as doc:
        page = doc.pages[0]
        assert page.rotation == 90  # the page's 90 overrides the /Pages node's 270
        assert page.media_box == LETTER
        assert page.size == pytest.approx((792.0, 612.0))


def test_inherited_media_box() -> None:
    with _open("qpdf-page-inherit-mediabox.pdf") as doc:
        assert doc.page_count == 3
        for page in doc.pages:
            assert page.media_box == LETTER
            assert page.crop_box == LETTER
            assert page.rotation == 0
            assert page.size == (612.0, 792.0)


def test_negative_media_box() -> None:
    with _open("pdfjs-bug852992-negative-mediabox.pdf") as doc:
        page = doc.pages[0]
        assert page.media_box == (-270.0, -95.0, 270.0, 95.0)
        assert page.size == pytest.approx((540.0, 190.0))


def test_labels_without_page_labels_are_page_numbers() -> None:
    with _open("qpdf-rotated.pdf") as doc:
        assert [page.label for page in doc.pages] == [str(i + 1) for i in range(20)]


def test_labels_from_page_labels_tree() -> None:
    # /PageLabels of this file (as `qpdf --json --json-key=pagelabels` shows them):
    # ranges with an empty prefix and no style give "", /r gives lower roman, /D decimal.
    expected = (
        ["", ""] + ["i", "ii", "iii", "iv", "v"] + ["", ""] + ["vi", "vii"] + [""]
        + ["2", "3", "4"] + ["6", "7", "8", "9"] + [""] + ["12", "13"] + ["16059"]
        + ["l", "li", "lii", "liii", "liv", "lv"] + ["liv"]
    )
    with pdftools.open(corpus.path("qpdf-linearized-objstm.pdf")) as doc:
        assert [page.label for page in doc.pages] == expected


def test_page_sequence() -> None:
    with _open("qpdf-rotated.pdf") as doc:
        pages = doc.pages
        assert len(pages) == 20
        assert pages[0].index == 0
        assert pages[-1].index == 19
        assert pages[-20].index == 0
        assert [p.index for p in pages[2:5]] == [2, 3, 4]
        assert [p.index for p in pages[::-7]] == [19, 12, 5]
        assert [p.index for p in pages] == list(range(20))
        assert pages[3] == doc.pages[3]
        assert pages[3] != pages[4]
        assert pages[3].document is doc
        assert pages[3] in pages


@pytest.mark.parametrize("index", [20, 21, -21, 2**31, -(2**40)])
def test_page_index_out_of_range(index: int) -> None:
    with _open("qpdf-rotated.pdf") as doc:
        with pytest.raises(IndexError):
            doc.pages[index]
        with pytest.raises(pdftools.RangeError):
            doc.pages[index]


def test_page_of_removed_index_is_range_error() -> None:
    with pdftools.new() as doc:
        page = pdftools.Page(doc, 5)  # a stale view: no such page
        with pytest.raises(pdftools.RangeError) as info:
            page.media_box
        assert info.value.status == pdftools.Status.OUT_OF_RANGE
        assert info.value.message

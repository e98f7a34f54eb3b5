# SPDX-License-Identifier: GPL-3.0-or-later
"""Selections on the generated known-layout document (knownlayout.py).

Points are given in page space and, converted with the independent formula
of pdfgen.to_display (ARCHITECTURE.md §4), in display space; both must select
the same characters on every rotation, the offset crop box and UserUnit 2.
"""

from __future__ import annotations

from typing import List, Sequence, Tuple

import pytest

import knownlayout as K
import pdfgen
import pdftools
from pdftools import Granularity, Point, Quad, Rect, Selection, Space

PAGES = range(len(K.ROTATIONS))
TOL = 0.5

# A drag from the 'e' of "Hello" (line 0) to the 'r' of "brown" (line 1).
A = (0, 1)
B = (1, K.LINES[1].index("brown") + 1)


def _points(index: int, space: Space) -> Tuple[Tuple[float, float], Tuple[float, float]]:
    a, b = K.center(*A), K.center(*B)
    if space == Space.DISPLAY:
        rotate, unit = K.ROTATIONS[index], K.USER_UNITS[index]
        a = pdfgen.to_display(a, K.CROP, rotate, unit)
        b = pdfgen.to_display(b, K.CROP, rotate, unit)
    return a, b


def _check_line_rects(rects: Sequence[Rect], expected: Sequence[Tuple[int, float, float]]) -> None:
    """One rect per line, x-extent as expected, containing the line's baseline."""
    assert len(rects) == len(expected), rects
    for rect, (line, x0, x1) in zip(rects, expected):
        baseline = K.BASELINES[line]
        assert rect.x0 == pytest.approx(x0, abs=TOL), (rect, line)
        assert rect.x1 == pytest.approx(x1, abs=TOL), (rect, line)
        assert rect.y0 <= baseline <= rect.y1, (rect, line)
        assert baseline - K.SIZE - TOL <= rect.y0 and rect.y1 <= baseline + K.SIZE + TOL, (rect, line)


def _display_rect(rect: Rect, index: int) -> Tuple[float, float, float, float]:
    rotate, unit = K.ROTATIONS[index], K.USER_UNITS[index]
    corners = [pdfgen.to_display(p, K.CROP, rotate, unit) for p in ((rect.x0, rect.y0), (rect.x1, rect.y1))]
    xs, ys = [c[0] for c in corners], [c[1] for c in corners]
    return min(xs), min(ys), max(xs), max(ys)


@pytest.mark.parametrize("space", [Space.PAGE, Space.DISPLAY])
@pytest.mark.parametrize("index", PAGES)
def test_char_selection(layout_doc: pdftools.Document, index: int, space: Space) -> None:
    page = layout_doc.pages[index]
    a, b = _points(index, space)
    selection = page.select(a, b, space=space)
    assert isinstance(selection, Selection)
    assert selection.document is layout_doc
    assert selection.start == (index, K.index(*A))
    assert selection.end == (index, K.index(*B) + 1)
    assert selection.pages == range(index, index + 1)
    assert not selection.is_empty
    assert selection.text == "ello World\nquick br"
    assert selection.text == page.text[selection.start_char : selection.end_char]
    rects = selection.rects()
    _check_line_rects(rects, [(0, *K.extent(0, 1, 11)), (1, *K.extent(1, 0, B[1] + 1))])
    assert selection.rects(index) == rects
    assert selection.rects_by_page() == {index: rects}
    # The same rectangles in display space.
    shown = selection.rects(space=Space.DISPLAY)
    assert len(shown) == len(rects)
    for got, rect in zip(shown, rects):
        assert got == pytest.approx(_display_rect(rect, index), abs=1e-6)
    # Dragging backwards selects the same.
    assert page.select(b, a, space=space) == selection


@pytest.mark.parametrize("space", [Space.PAGE, Space.DISPLAY])
@pytest.mark.parametrize("index", PAGES)
def test_word_and_line_granularity(layout_doc: pdftools.Document, index: int, space: Space) -> None:
    page = layout_doc.pages[index]
    a, b = _points(index, space)
    words = page.select(a, b, Granularity.WORD, space=space)
    assert words.text == "Hello World\nquick brown"
    _check_line_rects(words.rects(), [(0, *K.extent(0, 0, 11)), (1, *K.extent(1, 0, 11))])
    assert page.select(a, b, "word", space=space) == words
    lines = page.select(a, b, "line", space=space)
    # Whether a line selection includes the last line's '\n' is not specified.
    assert lines.text.rstrip("\n") == "Hello World\nquick brown fox"
    assert lines.start_char == 0
    _check_line_rects(lines.rects(), [(0, *K.extent(0, 0, 11)), (1, *K.extent(1, 0, 15))])


@pytest.mark.parametrize("index", PAGES)
def test_quads_corner_order(layout_doc: pdftools.Document, index: int) -> None:
    page = layout_doc.pages[index]
    a, b = _points(index, Space.PAGE)
    selection = page.select(a, b)
    rects = selection.rects()
    quads = selection.quads()
    assert len(quads) == len(rects) == 2
    for quad, rect in zip(quads, rects):
        assert isinstance(quad, Quad) and isinstance(quad.p1, Point)
        # Horizontal text in page space: p1 upper left, p2 upper right, p3 lower left, p4 lower right.
        assert quad.p1.y == pytest.approx(quad.p2.y) and quad.p3.y == pytest.approx(quad.p4.y)
        assert quad.p1.y > quad.p3.y
        assert quad.p1.x < quad.p2.x and quad.p3.x < quad.p4.x
        assert quad.p1.x == pytest.approx(quad.p3.x) and quad.p2.x == pytest.approx(quad.p4.x)
        assert (quad.p1.x, quad.p3.y, quad.p2.x, quad.p1.y) == pytest.approx(tuple(rect), abs=1e-6)
    # In display space the corners keep their roles: each is the page-space corner converted.
    rotate, unit = K.ROTATIONS[index], K.USER_UNITS[index]
    shown = selection.quads(space=Space.DISPLAY)
    assert len(shown) == len(quads)
    for got, quad in zip(shown, quads):
        for corner_got, corner in zip(got, quad):
            assert corner_got == pytest.approx(pdfgen.to_display(corner, K.CROP, rotate, unit), abs=1e-6)
    converted = page.to_display(quads[0])
    assert isinstance(converted, Quad)
    assert [v for c in converted for v in c] == pytest.approx([v for c in shown[0] for v in c], abs=1e-6)
    assert selection.quads_by_page() == {index: quads}


def test_selection_across_two_pages(layout_doc: pdftools.Document) -> None:
    ends = K.LINES[4].index("ends")
    a = K.center(4, ends)  # 'e' of "ends" on page 0
    b = K.center(0, 2)  # 'l' of "Hello" on page 1
    selection = layout_doc.select(0, a, 1, b)
    assert selection.start == (0, K.index(4, ends))
    assert selection.end == (1, 3)
    assert selection.pages == range(0, 2)
    assert selection.text == "ends here\nHel"
    by_page = selection.rects_by_page()
    assert sorted(by_page) == [0, 1]
    _check_line_rects(by_page[0], [(4, *K.extent(4, ends, len(K.LINES[4])))])
    _check_line_rects(by_page[1], [(0, *K.extent(0, 0, 3))])
    assert selection.rects() == by_page[0]  # page None: the start page
    # The same drag given in display space (page 0 upright, page 1 rotated 90).
    da = pdfgen.to_display(a, K.CROP, K.ROTATIONS[0], K.USER_UNITS[0])
    db = pdfgen.to_display(b, K.CROP, K.ROTATIONS[1], K.USER_UNITS[1])
    assert layout_doc.select(0, da, 1, db, space=Space.DISPLAY) == selection
    # Dragging backwards, from page 1 to page 0, selects the same.
    assert layout_doc.select(layout_doc.pages[1], b, layout_doc.pages[0], a) == selection


def test_selection_over_three_pages_selects_the_middle_page_whole(layout_doc: pdftools.Document) -> None:
    selection = layout_doc.select(1, K.center(4, 0), 3, K.center(0, 0))
    assert selection.pages == range(1, 4)
    assert selection.text == "World ends here\n" + K.TEXT + "\nH"
    middle = selection.rects(2)
    _check_line_rects(middle, [(line, *K.extent(line, 0, len(text))) for line, text in enumerate(K.LINES)])
    with pytest.raises(IndexError):
        selection.rects(0)  # outside the selection's pages
    with pytest.raises(IndexError):
        selection.rects(4)


def test_select_all_and_plain_values(layout_doc: pdftools.Document) -> None:
    page = layout_doc.pages[2]
    everything = page.select_all()
    assert everything == Selection(layout_doc, 2, 0, 2, len(K.TEXT))
    assert everything.text == K.TEXT
    _check_line_rects(
        everything.rects(), [(line, *K.extent(line, 0, len(text))) for line, text in enumerate(K.LINES)]
    )
    # A selection is a plain value: build one for a known range.
    start, end = K.find(2, "r\xe9sum\xe9")
    known = Selection(layout_doc, 2, K.index(2, start), 2, K.index(2, end))
    assert known.text == "r\xe9sum\xe9"
    _check_line_rects(known.rects(), [(2, *K.extent(2, start, end))])
    assert hash(known) == hash(Selection(layout_doc, 2, K.index(2, start), 2, K.index(2, end)))
    with pytest.raises(AttributeError):
        known.start_char = 0  # type: ignore[misc]
    empty = Selection(layout_doc, 2, 5, 2, 5)
    assert empty.is_empty and empty.text == "" and empty.rects() == [] and empty.quads() == []


def test_selection_rects_exclude_generated_separators(layout_doc: pdftools.Document) -> None:
    """Selecting 'brown ' (with the generated space after it) gives the rect of 'brown' only."""
    start, end = K.find(1, "brown")
    selection = Selection(layout_doc, 0, K.index(1, start), 0, K.index(1, end) + 1)
    assert selection.text == "brown "
    _check_line_rects(selection.rects(), [(1, *K.extent(1, start, end))])


def test_page_to_display_matches_the_formula(layout_doc: pdftools.Document) -> None:
    samples: List[Tuple[float, float]] = [(50, 60), (500, 700), (100, 640), (123.5, 456.25), (0, 0), (612, 792)]
    for page, rotate, unit in zip(layout_doc.pages, K.ROTATIONS, K.USER_UNITS):
        for p in samples:
            expected = pdfgen.to_display(p, K.CROP, rotate, unit)
            assert page.to_display(p) == pytest.approx(expected, abs=1e-9), (page.index, p)
            assert page.to_page(expected) == pytest.approx(p, abs=1e-9)
        assert page.to_display(Rect(*K.CROP)) == pytest.approx((0, 0, *page.size), abs=1e-9)

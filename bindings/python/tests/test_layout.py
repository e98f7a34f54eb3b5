# SPDX-License-Identifier: GPL-3.0-or-later
"""The viewer layout through the Python binding: every mode against geometry worked out by
hand, zoom that fits a viewport, subsets and paging, a large random layout against a search
over every page rect, bad input, and a tool manager driven by canvas points on a turned page."""

from __future__ import annotations

import random
from typing import List, Optional

import pytest

import corpus
import pdftools
from pdftools import CanvasPointer, Layout, LayoutMode, Rect, Zoom


def squares(count: int, **options) -> Layout:
    return Layout([(100, 100)] * count, **options)


def test_single_page_continuous_with_turned_and_mixed_pages():
    layout = Layout([(100, 200), (200, 100, 90), (300, 150)], page_gap=10, margin=5, scale=2, viewport=(610, 500))
    assert layout.canvas_size == (610, 1130)
    assert [layout.page_rect(i) for i in range(3)] == [
        Rect(205, 5, 405, 405),
        Rect(205, 415, 405, 815),
        Rect(5, 825, 605, 1125),
    ]
    assert layout.page_at(300, 420) == (1, (47.5, 2.5))
    assert layout.page_at(300, 410) is None  # the gap
    assert layout.page_at(100, 100) is None  # beside a narrow page
    seen = layout.visible_pages((0, 400, 610, 830))
    assert [page.page_index for page in seen] == [0, 1, 2]
    assert [page.visible_rect for page in seen] == [Rect(0, 197.5, 100, 200), Rect(0, 0, 100, 200), Rect(0, 0, 300, 2.5)]
    assert layout.scroll_position(1) == (0, 415)
    assert layout.scroll_position(2) == (0, 630)  # kept within the canvas
    assert layout.to_canvas(2, 10, 20) == (25, 865)
    assert layout.to_page(0, 0, 0) == (-102.5, -2.5)


@pytest.mark.parametrize(
    "right_to_left, expected",
    [
        (False, [Rect(110, 0, 210, 100), Rect(0, 110, 100, 210), Rect(110, 110, 210, 210), Rect(0, 220, 100, 320)]),
        (True, [Rect(0, 0, 100, 100), Rect(110, 110, 210, 210), Rect(0, 110, 100, 210), Rect(110, 220, 210, 320)]),
    ],
)
def test_two_up_with_a_cover_page(right_to_left: bool, expected: List[Rect]):
    layout = squares(4, mode="two_up_continuous", cover_page=True, right_to_left=right_to_left, page_gap=10, margin=0)
    assert layout.canvas_size == (210, 320)
    assert [layout.page_rect(i) for i in range(4)] == expected
    assert layout.page_at(105, 150) is None


def test_two_up_pages_of_different_sizes_meet_in_the_middle():
    layout = Layout([(100, 200), (150, 100)], mode=LayoutMode.TWO_UP_CONTINUOUS, page_gap=10, margin=0)
    assert layout.page_rect(0) == Rect(0, 0, 100, 200)
    assert layout.page_rect(1) == Rect(110, 50, 260, 150)
    layout.configure(right_to_left=True)
    assert layout.page_rect(1) == Rect(0, 50, 150, 150)
    assert layout.page_rect(0) == Rect(160, 0, 260, 200)


def test_horizontal_row_right_to_left():
    layout = Layout([(100, 100), (200, 50)], mode="horizontal_continuous", right_to_left=True, page_gap=10, margin=5)
    assert layout.canvas_size == (320, 110)
    assert layout.page_rect(0) == Rect(215, 5, 315, 105)
    assert layout.page_rect(1) == Rect(5, 30, 205, 80)
    assert layout.page_at(10, 50) == (1, (5, 20))
    assert layout.visible_pages((0, 0, 100, 110)) == [
        pdftools.VisiblePage(1, Rect(5, 30, 205, 80), Rect(0, 0, 95, 50))
    ]


def test_paged_modes_show_the_current_spread():
    layout = squares(4, mode="two_up", page_gap=10, margin=0)
    assert layout.current_page == 0
    layout.current_page = 3
    assert layout.canvas_size == (210, 100)
    assert layout.page_rect(2) == Rect(0, 0, 100, 100)
    assert layout.page_rect(3) == Rect(110, 0, 210, 100)
    assert layout.page_rect(0) is None
    assert layout.scroll_position(0) is None
    assert [page.page_index for page in layout.visible_pages((0, 0, 1000, 1000))] == [2, 3]
    layout.mode = "single_page"
    assert layout.current_page == 3
    assert layout.page_rect(3) == Rect(0, 0, 100, 100)
    assert layout.page_rect(2) is None


def test_zoom_fits_the_viewport_of_a_real_document():
    with pdftools.open(corpus.path("qpdf-rotated.pdf")) as doc:
        layout = Layout(doc, zoom="fit_width", viewport=(612 + 16, 600))
        sizes = [doc.pages[i].size for i in range(doc.page_count)]
    assert len(layout) == len(sizes)
    widest = max(size.width for size in sizes)
    assert layout.scale == pytest.approx(612 / widest)
    for index, size in enumerate(sizes):
        rect = layout.page_rect(index)
        assert rect.x1 - rect.x0 == pytest.approx(size.width * layout.scale)
        assert rect.y1 - rect.y0 == pytest.approx(size.height * layout.scale)
    layout.zoom = Zoom.FIT_HEIGHT
    tallest = max(size.height for size in sizes)
    assert layout.scale == pytest.approx((600 - 16) / tallest)
    layout.viewport = (628, 1200)
    assert layout.scale == pytest.approx((1200 - 16) / tallest), "a new viewport refits"
    layout.scale = 0.5
    assert layout.zoom is Zoom.FIXED and layout.scale == 0.5


def test_subsets_show_their_pages_in_their_order():
    layout = squares(5, page_gap=10, margin=0)
    layout.current_page = 0
    layout.subset = [4, 2]
    assert layout.subset == [4, 2]
    assert layout.page_rect(4) == Rect(0, 0, 100, 100)
    assert layout.page_rect(2) == Rect(0, 110, 100, 210)
    assert layout.page_rect(0) is None
    assert layout.current_page == 4
    with pytest.raises(pdftools.ArgumentError):
        layout.subset = [1, 1]
    assert layout.subset == [4, 2], "a refused subset changes nothing"
    with pytest.raises(pdftools.NotFoundError):
        layout.current_page = 0
    layout.subset = None
    assert layout.page_rect(0) == Rect(0, 0, 100, 100)


def test_a_page_size_changes_in_place():
    layout = squares(6, mode="two_up_continuous", cover_page=True)
    layout.set_page_size(3, 300, 40, rotation=90)
    fresh = Layout([(100, 100)] * 3 + [(300, 40, 90)] + [(100, 100)] * 2, mode="two_up_continuous", cover_page=True)
    assert layout.canvas_size == fresh.canvas_size
    assert [layout.page_rect(i) for i in range(6)] == [fresh.page_rect(i) for i in range(6)]


def test_bad_input_is_refused():
    with pytest.raises(pdftools.ArgumentError):
        squares(1, mode="three_up")
    with pytest.raises(pdftools.ArgumentError):
        squares(1, page_gap=-1)
    with pytest.raises(pdftools.ArgumentError, match="viewport_width"):
        squares(1, zoom="fit_width")
    with pytest.raises(pdftools.ArgumentError, match="page 1"):
        Layout([(100, 100), (0, 100)])
    with pytest.raises(pdftools.ArgumentError):
        Layout([(100, 100, 45)])
    with pytest.raises(TypeError):
        Layout([(100,)])
    with pytest.raises(pdftools.RangeError):
        Layout([(100, 100, 2**32)])
    layout = squares(2)
    with pytest.raises(pdftools.ArgumentError):
        layout.configure(colour="red")
    with pytest.raises(pdftools.RangeError):
        layout.page_rect(2)
    with pytest.raises(pdftools.ArgumentError):
        layout.visible_pages((0, 0, float("nan"), 10))
    layout.close()
    layout.close()
    with pytest.raises(pdftools.HandleError):
        layout.canvas_size
    empty = Layout([])
    assert empty.canvas_size == (16, 16)
    assert empty.current_page is None
    assert empty.page_at(8, 8) is None


@pytest.mark.parametrize("mode", list(LayoutMode))
def test_queries_agree_with_a_search_over_every_page(mode: LayoutMode):
    rng = random.Random(hash(mode.value) & 0xFFFF)
    sizes = [(rng.uniform(50, 600), rng.uniform(50, 600), rng.choice([0, 90, 180, 270])) for _ in range(2000)]
    layout = Layout(sizes, mode=mode, cover_page=True, right_to_left=rng.random() < 0.5, page_gap=6, scale=0.3)
    layout.subset = [i for i in range(2000) if i % 5 != 2]
    layout.current_page = 1000
    rects = [layout.page_rect(i) for i in range(2000)]
    width, height = layout.canvas_size
    for _ in range(150):
        x, y = rng.uniform(-10, width + 10), rng.uniform(-10, height + 10)
        under: Optional[int] = next(
            (i for i, r in enumerate(rects) if r is not None and r.x0 <= x <= r.x1 and r.y0 <= y <= r.y1), None
        )
        hit = layout.page_at(x, y)
        assert (hit[0] if hit else None) == under
        viewport = (x, y, x + 900, y + 700)
        expected = {
            i for i, r in enumerate(rects)
            if r is not None and max(r.x0, x) < min(r.x1, x + 900) and max(r.y0, y) < min(r.y1, y + 700)
        }
        assert {page.page_index for page in layout.visible_pages(viewport)} == expected


def test_a_rectangle_drawn_on_the_canvas_lands_on_a_turned_page(tmp_path):
    with pdftools.open(corpus.path("qpdf-rotated.pdf")) as doc:
        page = doc.pages[2]
        assert page.rotation == 270
        layout = Layout(doc, mode="two_up_continuous", page_gap=12, margin=20, scale=1.5)
        tools = doc.tool_manager()
        tools.mode = "annotate"
        tools.set_tool("rectangle", sticky=True)
        pointer = CanvasPointer(tools, layout)
        frame = layout.page_rect(2)
        start = (frame.x0 + 60, frame.y0 + 90)
        end = (frame.x0 + 300, frame.y0 + 240)
        before = len(page.annotations)
        assert pointer.down(*start)
        assert pointer.gesture_page == 2
        pointer.move((start[0] + end[0]) / 2, (start[1] + end[1]) / 2)
        pointer.up(*end)
        assert pointer.gesture_page is None
        added = page.annotations[before:]
        assert [annotation.subtype for annotation in added] == ["Square"]
        shown = page.to_display(added[0].rect)
        expected = Rect(60 / 1.5, 90 / 1.5, 300 / 1.5, 240 / 1.5)
        for got, want in zip(shown, expected):
            assert got == pytest.approx(want, abs=3)
        assert not pointer.down(frame.x0 - 5, frame.y0 + 5), "a press in the gap beside the page is not sent"

# SPDX-License-Identifier: GPL-3.0-or-later
"""Tool manager, creation tools: scripted gestures for every creation tool on an unrotated page and
on a page with /Rotate 90 and an offset CropBox.  Each test checks the subtype, the page-space
geometry (within 0.5 pt of the display -> page mapping written out in tooltest/pdfgen), the style,
the overlay during the gesture, the events, and that one undo removes the whole gesture (SPEC.md)."""

from __future__ import annotations

import math
from typing import List

import pytest

import knownlayout
import pdfgen
import pdftools
from pdfgen import PageSpec
from pdftools import BorderStyle, FreeTextIntent, LineEnding, Tool
from tooltest import (
    MEDIA,
    ROTATED_CROP,
    TEST_PAGES,
    A,
    B,
    Recorder,
    assert_color,
    assert_one_shot_events,
    assert_point,
    assert_points,
    assert_rect,
    assert_undo_removes,
    close,
    doc,  # noqa: F401 - fixture
    drag,
    glyph_center,
    new_annotations,
    offset,
    page_rect,
    pixel,
    png_bytes,
    polygon_area,
    polyline_length,
    quad_bounds,
    stroke,
    tm,  # noqa: F401 - fixture
    to_display,
    to_page,
)

RED = (1.0, 0.0, 0.0)


# -- the coordinate mapping the tests rely on ------------------------------------------------------------


@pytest.mark.parametrize("page", TEST_PAGES)
def test_independent_mapping_matches_the_library(doc: pdftools.Document, page: int) -> None:
    p = doc.pages[page]
    for point in [A, B, (0.0, 0.0), (33.0, 511.0)]:
        assert_point(p.to_page(point), to_page(page, point), f"to_page{point}")
        assert_point(p.to_display(to_page(page, point)), point, "round trip")
    if page == 1:
        # /Rotate 90, crop (36, 48, ...): display (dx, dy) -> page (36 + dy, 48 + dx)
        assert_point(to_page(1, (10.0, 20.0)), (56.0, 58.0))
        assert tuple(p.size) == (696.0, 540.0)


def test_tool_names_match_the_library() -> None:
    lib = pdftools._library.lib
    for value, tool in enumerate(Tool):
        assert lib.pdftools_tool_name(value).decode() == tool.value
        assert tool.c_value == value
    assert lib.pdftools_tool_name(len(Tool)) is None
    assert Tool("Strike-Out") is Tool.STRIKE_OUT


def test_new_manager_starts_in_annotate_mode_with_pan(tm: pdftools.ToolManager) -> None:
    assert tm.mode == pdftools.ToolMode.ANNOTATE
    assert tm.tool == Tool.PAN
    assert tm.sticky is False
    assert tm.selection == []


# -- text markup -------------------------------------------------------------------------------------------

MARKUP = [
    ("highlight", "Highlight", (1.0, 1.0, 0.0)),
    ("underline", "Underline", (0.0, 0.6, 0.0)),
    ("squiggly", "Squiggly", (0.9, 0.3, 0.0)),
    ("strike_out", "StrikeOut", (1.0, 0.0, 0.0)),
]


@pytest.mark.parametrize("page", TEST_PAGES)
@pytest.mark.parametrize("tool, subtype, color", MARKUP)
def test_text_markup_drag(
    doc: pdftools.Document, tm: pdftools.ToolManager, page: int, tool: str, subtype: str, color: tuple
) -> None:
    start = glyph_center(page, 0, 0)
    end = glyph_center(page, 1, 3, 0.9)  # "Hello World" and "quic"
    expected = doc.select(page, start, page, end, "char", space="display")
    expected_quads = expected.quads(page, space="page")
    expected_display = expected.quads(page, space="display")
    assert len(expected_quads) == 2 and expected.text.startswith("Hello World")
    before = doc.pages[page].annotations
    rec = Recorder(tm)
    tm.set_tool(tool)
    overlay = drag(tm, page, start, end)
    quads = overlay.of_kind("quad")
    assert len(quads) == 2, overlay.items
    for item, q in zip(quads, expected_display):
        assert_points(item.points, list(q), "overlay quad")
    created = new_annotations(doc, page, before)
    assert [a.subtype for a in created] == [subtype]
    annot = created[0]
    assert len(annot.quads) == 2
    for got, want in zip(annot.quads, expected_quads):
        assert_points(list(got), list(want), "quad")
    # Independent of the library's selection: the first quad starts at the left edge of "H" (x = 100)
    # and spans the whole first line (11 glyphs of 7.2 pt).
    x0, _, x1, _ = quad_bounds(annot.quads[0])
    assert close(x0, 100.0) and close(x1, 100.0 + 11 * 7.2), (x0, x1)
    assert annot.contents == expected.text
    assert_color(annot.color, color)
    assert_one_shot_events(rec, [annot.id], page)
    assert tm.tool == Tool.PAN
    assert tm.selection == [annot]
    assert_undo_removes(doc, page, before, "Add " + subtype)


def test_text_markup_across_pages_makes_one_annotation_per_page_in_one_step(
    doc: pdftools.Document, tm: pdftools.ToolManager
) -> None:
    start = glyph_center(0, 4, 0)
    end = glyph_center(2, 0, 4, 0.9)
    before = [doc.pages[i].annotations for i in range(3)]
    tm.set_tool("highlight")
    tm.pointer_down(0, *start)
    tm.pointer_move(0, *offset(start, 5, 0))
    tm.pointer_move(2, *end)
    tm.pointer_up(2, *end)
    made = [new_annotations(doc, i, before[i]) for i in range(3)]
    assert [[a.subtype for a in m] for m in made] == [["Highlight"]] * 3, "page 1 lies in between: selected whole"
    assert made[0][0].contents == knownlayout.LINES[4]
    assert made[1][0].contents == knownlayout.TEXT
    assert len(made[1][0].quads) == len(knownlayout.LINES)
    assert made[2][0].contents == "Hello"
    assert sorted(a.id for a in tm.selection) == sorted(m[0].id for m in made)
    assert doc.undo() is True
    assert [doc.pages[i].annotations for i in range(3)] == before
    assert not doc.can_undo


@pytest.mark.parametrize("page", TEST_PAGES)
@pytest.mark.parametrize("tool", ["highlight", "strike_out"])
def test_text_markup_without_text_creates_nothing(page: int, tool: str) -> None:
    blank = pdfgen.build(
        [PageSpec(runs=[], media_box=MEDIA), PageSpec(runs=[], media_box=MEDIA, crop_box=ROTATED_CROP, rotate=90)]
    )
    with pdftools.open(blank) as empty, empty.tool_manager() as manager:
        manager.set_tool(tool)
        drag(manager, page, A, B)
        assert empty.pages[page].annotations == []
        assert not empty.can_undo
        assert manager.tool == Tool(tool), "nothing was created: the one-shot tool stays"


@pytest.mark.parametrize("page", TEST_PAGES)
def test_text_select_tool_selects_text_and_writes_nothing(
    doc: pdftools.Document, tm: pdftools.ToolManager, page: int
) -> None:
    start, end = glyph_center(page, 0, 0), glyph_center(page, 0, 4, 0.9)
    tm.set_tool("text_select")
    overlay = drag(tm, page, start, end)
    assert len(overlay.of_kind("quad")) == 1
    assert tm.selected_text == doc.select(page, start, page, end, "char", space="display").text == "Hello"
    assert not doc.can_undo and not doc.is_modified


# -- ink ------------------------------------------------------------------------------------------------------

STROKE_1 = [(120.0, 320.0), (140.0, 330.0), (160.0, 345.0), (180.0, 350.0), (200.0, 360.0)]
STROKE_2 = [(130.0, 400.0), (150.0, 410.0), (170.0, 405.0), (190.0, 430.0)]


@pytest.mark.parametrize("page", TEST_PAGES)
@pytest.mark.parametrize(
    "tool, color, width, opacity", [("ink", (0.0, 0.0, 1.0), 2.0, 1.0), ("free_highlight", (1.0, 1.0, 0.0), 12.0, 0.4)]
)
def test_ink_session(
    doc: pdftools.Document, tm: pdftools.ToolManager, page: int, tool: str, color: tuple, width: float, opacity: float
) -> None:
    before = doc.pages[page].annotations
    rec = Recorder(tm)
    tm.set_tool(tool)
    # a move closer than 1 unit to the previous point is ignored
    tm.pointer_down(page, *STROKE_1[0])
    for point in STROKE_1[1:3]:
        tm.pointer_move(page, *point)
    tm.pointer_move(page, *offset(STROKE_1[2], 0.4, 0.3))
    for point in STROKE_1[3:]:
        tm.pointer_move(page, *point)
    overlay = tm.overlay(page)
    assert not doc.can_undo and not doc.is_modified, "nothing is written while the pointer moves"
    paths = overlay.of_kind("path")
    assert paths, overlay.items
    assert_points(paths[-1].points, STROKE_1, "overlay stroke")
    tm.pointer_up(page, *STROKE_1[-1])
    created = new_annotations(doc, page, before)
    assert [a.subtype for a in created] == ["Ink"]
    ink = created[0]
    assert len(ink.ink) == 1
    assert_points(ink.ink[0], [to_page(page, p) for p in STROKE_1], "stroke 1")
    assert tm.tool == Tool(tool), "an ink session continues after a stroke"
    # a second stroke joins the same annotation and the same undo step
    stroke(tm, page, STROKE_2)
    assert new_annotations(doc, page, before) == [ink]
    assert len(ink.ink) == 2
    assert_points(ink.ink[1], [to_page(page, p) for p in STROKE_2], "stroke 2")
    # a tap is not a stroke
    tm.tap(page, 300.0, 300.0)
    assert len(ink.ink) == 2
    assert tm.key("enter") is True
    assert tm.tool == Tool.PAN
    assert tm.selection == [ink]
    assert_color(ink.color, color)
    assert close(ink.border_width, width, 0.01)
    assert close(ink.opacity, opacity, 0.01)
    assert rec.of("annotations_added")[0].ids == [ink.id]
    assert rec.of("tool_changed")[-1].tool == Tool.PAN
    assert_undo_removes(doc, page, before, "Add Ink")


def test_ink_stroke_on_another_page_starts_a_new_annotation(doc: pdftools.Document, tm: pdftools.ToolManager) -> None:
    tm.set_tool("ink", sticky=True)
    stroke(tm, 0, STROKE_1)
    stroke(tm, 2, STROKE_2)
    assert [a.subtype for a in doc.pages[0].annotations] == ["Ink"]
    assert [a.subtype for a in doc.pages[2].annotations] == ["Ink"]
    assert len(doc.pages[0].annotations[0].ink) == 1
    assert tm.tool == Tool.INK and tm.sticky


def test_escape_ends_the_ink_session_keeping_what_was_written(doc: pdftools.Document, tm: pdftools.ToolManager) -> None:
    tm.set_tool("ink")
    stroke(tm, 0, STROKE_1)
    tm.key("escape")
    assert [a.subtype for a in doc.pages[0].annotations] == ["Ink"]
    stroke(tm, 0, STROKE_2)  # no longer the ink tool: nothing is added to the annotation
    assert len(doc.pages[0].annotations[0].ink) == 1


# -- eraser ---------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("page", TEST_PAGES)
def test_eraser_removes_touched_strokes_and_annotations_in_one_step(
    doc: pdftools.Document, tm: pdftools.ToolManager, page: int
) -> None:
    p = doc.pages[page]
    low = [(130.0, 330.0), (250.0, 330.0)]  # horizontal strokes, display space
    high = [(130.0, 380.0), (250.0, 380.0)]
    ink = p.add_annotation("Ink", ink=[[to_page(page, q) for q in low], [to_page(page, q) for q in high]])
    square = p.add_annotation("Square", page_rect(page, (150.0, 430.0), (200.0, 450.0)))
    keep = p.add_annotation("Circle", page_rect(page, (270.0, 430.0), (300.0, 450.0)))
    doc.clear_undo()
    before = p.annotations
    rec = Recorder(tm)
    tm.set_tool("eraser", sticky=True)
    # crosses the lower stroke at x=190 and passes through the square; misses the upper stroke and the circle
    overlay = drag(tm, page, (190.0, 320.0), (190.0, 345.0))
    assert overlay.of_kind("path"), overlay.items
    assert len(ink.ink) == 1
    assert_points(ink.ink[0], [to_page(page, q) for q in high], "remaining stroke")
    drag(tm, page, (175.0, 425.0), (175.0, 455.0))
    assert not square.exists
    assert keep.exists and ink.exists
    assert "annotations_removed" in rec.kinds()
    assert doc.undo_label == "Erase"
    doc.undo()
    assert square.exists
    assert len(ink.ink) == 1, "each erasing drag is its own step"
    assert doc.undo_label == "Erase"
    doc.undo()
    assert p.annotations == before
    assert len(ink.ink) == 2
    assert not doc.can_undo


def test_eraser_deletes_an_ink_left_without_strokes(doc: pdftools.Document, tm: pdftools.ToolManager) -> None:
    p = doc.pages[0]
    ink = p.add_annotation("Ink", ink=[[to_page(0, (130.0, 330.0)), to_page(0, (250.0, 330.0))]])
    doc.clear_undo()
    tm.set_tool("eraser")
    drag(tm, 0, (190.0, 320.0), (190.0, 345.0))
    assert not ink.exists
    assert doc.undo_label == "Erase"


def test_eraser_touching_nothing_writes_nothing(doc: pdftools.Document, tm: pdftools.ToolManager) -> None:
    p = doc.pages[0]
    p.add_annotation("Ink", ink=[[to_page(0, (130.0, 330.0)), to_page(0, (250.0, 330.0))]])
    doc.clear_undo()
    tm.set_tool("eraser")
    before = doc.pages[0].annotations
    drag(tm, 0, (130.0, 400.0), (250.0, 400.0))
    assert not doc.can_undo
    assert doc.pages[0].annotations == before and len(before[0].ink) == 1


# -- shapes ---------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("page", TEST_PAGES)
@pytest.mark.parametrize("tool, subtype, kind", [("rectangle", "Square", "rect"), ("oval", "Circle", "ellipse")])
def test_shape_drag(doc: pdftools.Document, tm: pdftools.ToolManager, page: int, tool: str, subtype: str, kind: str) -> None:
    before = doc.pages[page].annotations
    rec = Recorder(tm)
    tm.set_tool(tool)
    overlay = drag(tm, page, A, B)
    items = overlay.of_kind(kind)
    assert len(items) == 1, overlay.items
    assert_rect(display_box(items[0].points), (*A, *B), "overlay box")
    created = new_annotations(doc, page, before)
    assert [a.subtype for a in created] == [subtype]
    shape = created[0]
    assert_rect(shape.rect, page_rect(page, A, B))
    assert_color(shape.color, RED)
    assert close(shape.border_width, 2.0, 0.01)
    assert shape.border_style == BorderStyle.SOLID
    assert close(shape.opacity, 1.0, 0.01)
    assert_one_shot_events(rec, [shape.id], page)
    assert tm.tool == Tool.PAN and tm.selection == [shape]
    assert_undo_removes(doc, page, before, "Add " + subtype)


def display_box(points: List[pdftools.Point]) -> tuple:
    """The bounding box of overlay points."""
    xs = [p.x for p in points]
    ys = [p.y for p in points]
    return min(xs), min(ys), max(xs), max(ys)


@pytest.mark.parametrize("page", TEST_PAGES)
@pytest.mark.parametrize("tool", ["rectangle", "oval"])
def test_shift_makes_a_square_box_growing_towards_the_pointer(
    doc: pdftools.Document, tm: pdftools.ToolManager, page: int, tool: str
) -> None:
    tm.set_tool(tool)
    end = (200.0, 340.0)  # dx 80, dy 20 -> side 80
    drag(tm, page, A, end, shift=True)
    (shape,) = doc.pages[page].annotations
    assert_rect(shape.rect, page_rect(page, A, (200.0, 400.0)))


@pytest.mark.parametrize("page", TEST_PAGES)
def test_shape_drag_up_and_left(doc: pdftools.Document, tm: pdftools.ToolManager, page: int) -> None:
    tm.set_tool("rectangle")
    drag(tm, page, B, A)
    (shape,) = doc.pages[page].annotations
    assert_rect(shape.rect, page_rect(page, A, B))


@pytest.mark.parametrize("tool", ["rectangle", "oval", "line", "arrow", "ruler", "ink"])
def test_drag_below_the_threshold_creates_nothing(doc: pdftools.Document, tm: pdftools.ToolManager, tool: str) -> None:
    tm.set_tool(tool)
    drag(tm, 0, A, offset(A, 1.2, 0.8))
    tm.key("enter")
    assert doc.pages[0].annotations == []
    assert not doc.can_undo


@pytest.mark.parametrize("tool", ["rectangle", "line", "ink", "highlight"])
def test_gesture_starting_off_the_page_creates_nothing(doc: pdftools.Document, tm: pdftools.ToolManager, tool: str) -> None:
    tm.set_tool(tool)
    assert tm.pointer_down(0, -20.0, 300.0) is False
    tm.pointer_move(0, 100.0, 400.0)
    tm.pointer_up(0, 200.0, 450.0)
    tm.key("enter")
    assert doc.pages[0].annotations == []


def test_points_beyond_the_page_are_clamped(doc: pdftools.Document, tm: pdftools.ToolManager) -> None:
    tm.set_tool("rectangle")
    drag(tm, 0, (500.0, 700.0), (700.0, 900.0))
    (shape,) = doc.pages[0].annotations
    assert_rect(shape.rect, page_rect(0, (500.0, 700.0), (612.0, 792.0)))


def test_sticky_tool_stays_and_selects_nothing(doc: pdftools.Document, tm: pdftools.ToolManager) -> None:
    rec = Recorder(tm)
    tm.set_tool("rectangle", sticky=True)
    assert tm.sticky is True
    rec.clear()
    drag(tm, 0, A, B)
    drag(tm, 0, (300.0, 500.0), (350.0, 550.0))
    assert [a.subtype for a in doc.pages[0].annotations] == ["Square", "Square"]
    assert tm.tool == Tool.RECTANGLE and tm.sticky
    assert tm.selection == []
    assert "tool_changed" not in rec.kinds()
    assert rec.kinds(["annotations_added"]) == ["annotations_added"] * 2


def test_nothing_is_written_while_the_pointer_moves(doc: pdftools.Document, tm: pdftools.ToolManager) -> None:
    tm.set_tool("rectangle")
    tm.pointer_down(0, *A)
    for point in [(150.0, 350.0), (200.0, 400.0), B]:
        tm.pointer_move(0, *point)
        assert doc.pages[0].annotations == []
        assert not doc.can_undo and not doc.is_modified
    tm.pointer_up(0, *B)
    assert doc.is_modified and doc.can_undo


def test_cancel_drops_the_gesture(doc: pdftools.Document, tm: pdftools.ToolManager) -> None:
    tm.set_tool("rectangle")
    tm.pointer_down(0, *A)
    tm.pointer_move(0, *B)
    tm.cancel(became_scroll=True)
    tm.pointer_up(0, *B)
    assert doc.pages[0].annotations == []
    assert tm.overlay(0).of_kind("rect") == []


# -- lines -------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("page", TEST_PAGES)
@pytest.mark.parametrize(
    "tool, color, width, endings",
    [
        ("line", RED, 2.0, (LineEnding.NONE, LineEnding.NONE)),
        ("arrow", RED, 2.0, (LineEnding.NONE, LineEnding.OPEN_ARROW)),
        ("ruler", (0.0, 0.4, 1.0), 1.0, (LineEnding.BUTT, LineEnding.BUTT)),
    ],
)
def test_line_drag(
    doc: pdftools.Document, tm: pdftools.ToolManager, page: int, tool: str, color: tuple, width: float, endings: tuple
) -> None:
    before = doc.pages[page].annotations
    rec = Recorder(tm)
    tm.set_tool(tool)
    overlay = drag(tm, page, A, B)
    paths = overlay.of_kind("path")
    assert len(paths) == 1, overlay.items
    assert_points(paths[0].points, [A, B], "overlay line")
    created = new_annotations(doc, page, before)
    assert [a.subtype for a in created] == ["Line"]
    line = created[0]
    assert_point(line.line.start, to_page(page, A), "start")
    assert_point(line.line.end, to_page(page, B), "end")
    assert line.line_endings == endings
    assert_color(line.color, color)
    assert close(line.border_width, width, 0.01)
    if tool == "ruler":
        assert line.get_raw("IT") == "/LineDimension"
        assert line.get_raw("Measure") is not None
        length = math.dist(to_page(page, A), to_page(page, B))
        assert line.contents == f"{length:.2f} pt"
    assert_one_shot_events(rec, [line.id], page)
    assert_undo_removes(doc, page, before, "Add Line")


def test_ruler_measures_page_units(doc: pdftools.Document, tm: pdftools.ToolManager) -> None:
    tm.set_tool("ruler")
    drag(tm, 1, (120.0, 320.0), (220.0, 320.0))
    (ruler,) = doc.pages[1].annotations
    assert ruler.contents == "100.00 pt"


@pytest.mark.parametrize("page", TEST_PAGES)
def test_shift_snaps_lines_to_15_degrees_keeping_the_length(
    doc: pdftools.Document, tm: pdftools.ToolManager, page: int
) -> None:
    tm.set_tool("line")
    end = (220.0, 330.0)  # 5.7 degrees -> 0 degrees
    drag(tm, page, A, end, shift=True)
    (line,) = doc.pages[page].annotations
    length = math.dist(A, end)
    assert_point(line.line.start, to_page(page, A))
    assert_point(line.line.end, to_page(page, (A[0] + length, A[1])))
    tm.set_tool("line")
    end2 = (A[0] + 100.0, A[1] + 60.0)  # 30.96 degrees -> 30 degrees
    drag(tm, page, A, end2, shift=True)
    second = doc.pages[page].annotations[-1]
    length2 = math.dist(A, end2)
    angle = math.radians(30.0)
    assert_point(second.line.end, to_page(page, (A[0] + length2 * math.cos(angle), A[1] + length2 * math.sin(angle))))


# -- polylines and polygons ------------------------------------------------------------------------------------------

VERTICES = [(120.0, 320.0), (200.0, 340.0), (260.0, 420.0)]

POLY = [
    ("polyline", "PolyLine", "path", RED, 2.0),
    ("polygon", "Polygon", "polygon", RED, 2.0),
    ("cloud", "Polygon", "polygon", RED, 2.0),
    ("perimeter", "PolyLine", "path", (0.0, 0.4, 1.0), 1.0),
    ("area", "Polygon", "polygon", (0.0, 0.4, 1.0), 1.0),
]


@pytest.mark.parametrize("page", TEST_PAGES)
@pytest.mark.parametrize("tool, subtype, kind, color, width", POLY)
@pytest.mark.parametrize("finish", ["double_tap", "enter"])
def test_poly_taps(
    doc: pdftools.Document,
    tm: pdftools.ToolManager,
    page: int,
    tool: str,
    subtype: str,
    kind: str,
    color: tuple,
    width: float,
    finish: str,
) -> None:
    before = doc.pages[page].annotations
    rec = Recorder(tm)
    tm.set_tool(tool)
    tm.tap(page, *VERTICES[0])
    tm.pointer_down(page, *VERTICES[1])  # a down/up without a drag adds a vertex too
    tm.pointer_up(page, *offset(VERTICES[1], 0.5, 0.5))
    tm.tap(page, *offset(VERTICES[1], 1.0, 0.0))  # within 2 units of the previous vertex: not added
    tm.tap(page, *VERTICES[2])
    rubber = (300.0, 450.0)
    tm.pointer_move(page, *rubber)
    overlay = tm.overlay(page)
    items = overlay.of_kind(kind)
    assert len(items) == 1, overlay.items
    assert_points(items[0].points[:3], VERTICES, "overlay vertices")
    assert_point(items[0].points[-1], rubber, "rubber point")
    assert new_annotations(doc, page, before) == [] and not doc.can_undo
    if finish == "enter":
        assert tm.key("enter") is True
    else:
        tm.double_tap(page, *VERTICES[2])
    created = new_annotations(doc, page, before)
    assert [a.subtype for a in created] == [subtype]
    poly = created[0]
    expected = [to_page(page, v) for v in VERTICES]
    assert_points(poly.vertices, expected, "vertices")
    assert_color(poly.color, color)
    assert close(poly.border_width, width, 0.01)
    assert close(poly.cloudy, 1.0 if tool == "cloud" else 0.0, 0.01)
    if tool == "perimeter":
        assert poly.get_raw("IT") == "/PolyLineDimension"
        assert poly.contents == f"{polyline_length(expected):.2f} pt"
    if tool == "area":
        assert poly.get_raw("IT") == "/PolygonDimension"
        assert poly.contents == f"{polygon_area(expected):.2f} sq pt"
    assert_one_shot_events(rec, [poly.id], page)
    assert_undo_removes(doc, page, before, "Add " + subtype)


@pytest.mark.parametrize("tool", ["polygon", "cloud", "area"])
def test_polygon_closes_on_a_tap_near_the_first_vertex(doc: pdftools.Document, tm: pdftools.ToolManager, tool: str) -> None:
    tm.set_tool(tool)
    for v in VERTICES:
        tm.tap(0, *v)
    tm.tap(0, *offset(VERTICES[0], 3.0, 2.0))
    (poly,) = doc.pages[0].annotations
    assert_points(poly.vertices, [to_page(0, v) for v in VERTICES])


def test_backspace_removes_the_last_vertex_and_escape_drops_all(doc: pdftools.Document, tm: pdftools.ToolManager) -> None:
    tm.set_tool("polyline", sticky=True)
    for v in VERTICES:
        tm.tap(0, *v)
    tm.key("backspace")
    tm.key("enter")
    (line,) = doc.pages[0].annotations
    assert_points(line.vertices, [to_page(0, v) for v in VERTICES[:2]])
    for v in VERTICES:
        tm.tap(0, *v)
    tm.key("escape")
    tm.key("enter")
    assert len(doc.pages[0].annotations) == 1


@pytest.mark.parametrize("tool, needed", [("polyline", 2), ("perimeter", 2), ("polygon", 3), ("cloud", 3), ("area", 3)])
def test_too_few_vertices_create_nothing(doc: pdftools.Document, tm: pdftools.ToolManager, tool: str, needed: int) -> None:
    tm.set_tool(tool)
    for v in VERTICES[: needed - 1]:
        tm.tap(0, *v)
    tm.key("enter")
    assert doc.pages[0].annotations == []
    assert not doc.can_undo


# -- free text, callouts, notes ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("page", TEST_PAGES)
@pytest.mark.parametrize("gesture", ["tap", "drag"])
def test_free_text(doc: pdftools.Document, tm: pdftools.ToolManager, page: int, gesture: str) -> None:
    before = doc.pages[page].annotations
    rec = Recorder(tm)
    tm.set_tool("free_text")
    if gesture == "tap":
        tm.tap(page, *A)
        box = (A, offset(A, 150.0, 30.0))
    else:
        drag(tm, page, A, B)
        box = (A, B)
    assert [e.tool for e in rec.of("request_text")] == [Tool.FREE_TEXT]
    assert new_annotations(doc, page, before) == [] and not doc.can_undo
    overlay = tm.overlay(page)
    rects = overlay.of_kind("rect")
    assert rects and overlay.of_kind("caret"), overlay.items
    assert_rect(display_box(rects[0].points), (*box[0], *box[1]), "pending box")
    tm.commit_text("Hello tools")
    created = new_annotations(doc, page, before)
    assert [a.subtype for a in created] == ["FreeText"]
    text = created[0]
    assert text.contents == "Hello tools"
    assert_rect(text.rect, page_rect(page, *box))
    assert text.font == "Helvetica"
    assert close(text.font_size, 12.0, 0.01)
    assert_color(text.text_color, (0.0, 0.0, 0.0))
    # A FreeText's border is drawn in its text colour; the tool's box has no border and no fill.
    assert_color(text.color, (0.0, 0.0, 0.0))
    assert text.border_width == 0 and text.interior_color is None
    assert_one_shot_events(rec, [text.id], page)
    assert_undo_removes(doc, page, before, "Add FreeText")


@pytest.mark.parametrize("drop", ["escape", "cancel_request", "tool_change"])
def test_pending_text_is_dropped(doc: pdftools.Document, tm: pdftools.ToolManager, drop: str) -> None:
    tm.set_tool("free_text")
    tm.tap(0, *A)
    if drop == "escape":
        tm.key("escape")
    elif drop == "cancel_request":
        tm.cancel_request()
    else:
        tm.set_tool("rectangle")
    with pytest.raises(pdftools.NotFoundError):
        tm.commit_text("late")
    assert doc.pages[0].annotations == []
    assert tm.overlay(0).of_kind("caret") == []


@pytest.mark.parametrize("page", TEST_PAGES)
def test_callout(doc: pdftools.Document, tm: pdftools.ToolManager, page: int) -> None:
    before = doc.pages[page].annotations
    rec = Recorder(tm)
    anchor, corner = A, (200.0, 380.0)
    tm.set_tool("callout")
    drag(tm, page, anchor, corner)
    assert len(rec.of("request_text")) == 1
    tm.commit_text("Look here")
    (callout,) = new_annotations(doc, page, before)
    assert callout.subtype == "FreeText"
    assert callout.intent == FreeTextIntent.CALLOUT
    assert callout.contents == "Look here"
    points = callout.callout
    assert len(points) in (2, 3)
    assert_point(points[0], to_page(page, anchor), "callout anchor")
    bx0, by0, bx1, by1 = corner[0], corner[1], corner[0] + 150.0, corner[1] + 30.0
    ex, ey = to_display(page, points[-1])
    on_edge = (bx0 - 0.5 <= ex <= bx1 + 0.5 and by0 - 0.5 <= ey <= by1 + 0.5) and min(
        abs(ex - bx0), abs(ex - bx1), abs(ey - by0), abs(ey - by1)
    ) <= 0.5
    assert on_edge, f"the callout line ends at ({ex:.2f}, {ey:.2f}), not on the box {bx0, by0, bx1, by1}"
    rx0, ry0, rx1, ry1 = callout.rect
    for x, y in [to_page(page, anchor), *[to_page(page, c) for c in [(bx0, by0), (bx1, by1)]]]:
        assert rx0 - 0.5 <= x <= rx1 + 0.5 and ry0 - 0.5 <= y <= ry1 + 0.5, "the rect holds box and anchor"
    assert_color(callout.color, (0.0, 0.0, 0.0))
    assert_undo_removes(doc, page, before, "Add FreeText")


@pytest.mark.parametrize("page", TEST_PAGES)
def test_sticky_note(doc: pdftools.Document, tm: pdftools.ToolManager, page: int) -> None:
    before = doc.pages[page].annotations
    rec = Recorder(tm)
    tm.set_tool("sticky_note")
    tm.pointer_down(page, *A)
    tm.pointer_up(page, *A)
    assert [e.tool for e in rec.of("request_text")] == [Tool.STICKY_NOTE]
    assert new_annotations(doc, page, before) == []
    tm.commit_text("A note")
    (note,) = new_annotations(doc, page, before)
    assert note.subtype == "Text"
    assert note.contents == "A note"
    assert note.icon == "Comment"
    assert_rect(note.rect, page_rect(page, A, offset(A, 24.0, 24.0)))
    assert_color(note.color, (1.0, 0.82, 0.0))
    assert_one_shot_events(rec, [note.id], page)
    assert_undo_removes(doc, page, before, "Add Text")


# -- stamps, images, files, signatures ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("page", TEST_PAGES)
@pytest.mark.parametrize("gesture", ["tap", "drag"])
def test_stamp(doc: pdftools.Document, tm: pdftools.ToolManager, page: int, gesture: str) -> None:
    before = doc.pages[page].annotations
    rec = Recorder(tm)
    tm.set_tool("stamp")
    if gesture == "tap":
        tm.tap(page, *A)
        box = (A, offset(A, 150.0, 50.0))
    else:
        drag(tm, page, A, B)
        box = (A, B)
    assert rec.kinds(["request_text", "request_payload", "request_link_target"]) == []
    (stamp,) = new_annotations(doc, page, before)
    assert stamp.subtype == "Stamp"
    assert stamp.icon == "Approved"
    assert_rect(stamp.rect, page_rect(page, *box))
    assert_color(stamp.color, (0.8, 0.0, 0.0))
    assert_one_shot_events(rec, [stamp.id], page)
    assert_undo_removes(doc, page, before, "Add Stamp")


@pytest.mark.parametrize("page", TEST_PAGES)
def test_image_requests_its_payload(doc: pdftools.Document, tm: pdftools.ToolManager, page: int) -> None:
    before = doc.pages[page].annotations
    rec = Recorder(tm)
    tm.set_tool("image")
    tm.tap(page, *A)
    requests = rec.of("request_payload")
    assert [(e.tool, e.text) for e in requests] == [(Tool.IMAGE, "image")]
    assert new_annotations(doc, page, before) == [] and not doc.can_undo
    tm.provide_image(png_bytes(200, 100, (0, 200, 0)))
    (stamp,) = new_annotations(doc, page, before)
    assert stamp.subtype == "Stamp"
    assert_rect(stamp.rect, page_rect(page, A, offset(A, 150.0, 75.0)))
    r, g, b = pixel(doc, page, offset(A, 75.0, 37.0))
    assert g > 150 and r < 60 and b < 60, f"the stamp does not show the image: {(r, g, b)}"
    assert_one_shot_events(rec, [stamp.id], page)
    assert_undo_removes(doc, page, before, "Add Stamp")


def test_image_payload_given_first_is_kept_for_later_placements(doc: pdftools.Document, tm: pdftools.ToolManager) -> None:
    tm.provide_image(png_bytes(100, 100, (0, 0, 220)))
    rec = Recorder(tm)
    tm.set_tool("image", sticky=True)
    drag(tm, 0, A, B)
    drag(tm, 0, (300.0, 500.0), (400.0, 560.0))
    assert rec.of("request_payload") == []
    first, second = doc.pages[0].annotations
    assert_rect(first.rect, page_rect(0, A, B))
    assert_rect(second.rect, page_rect(0, (300.0, 500.0), (400.0, 560.0)))
    r, g, b = pixel(doc, 0, (350.0, 530.0))
    assert b > 150 and r < 60 and g < 60, (r, g, b)


def test_undecodable_image_is_refused(tm: pdftools.ToolManager) -> None:
    with pytest.raises(pdftools.ArgumentError):
        tm.provide_image(b"not an image")


@pytest.mark.parametrize("page", TEST_PAGES)
def test_file_attachment(doc: pdftools.Document, tm: pdftools.ToolManager, page: int) -> None:
    before = doc.pages[page].annotations
    rec = Recorder(tm)
    tm.set_tool("file_attachment")
    tm.tap(page, *A)
    assert [(e.tool, e.text) for e in rec.of("request_payload")] == [(Tool.FILE_ATTACHMENT, "file")]
    assert new_annotations(doc, page, before) == []
    tm.provide_file("notes.txt", b"some notes\n")
    (attachment,) = new_annotations(doc, page, before)
    assert attachment.subtype == "FileAttachment"
    assert attachment.contents == "notes.txt"
    assert attachment.attachment == ("notes.txt", b"some notes\n")
    assert attachment.icon == "PushPin"
    assert_rect(attachment.rect, page_rect(page, A, offset(A, 24.0, 24.0)))
    assert_color(attachment.color, (0.0, 0.0, 1.0))
    assert_one_shot_events(rec, [attachment.id], page)
    assert_undo_removes(doc, page, before, "Add FileAttachment")


@pytest.mark.parametrize("page", TEST_PAGES)
def test_link_box(doc: pdftools.Document, tm: pdftools.ToolManager, page: int) -> None:
    before = doc.pages[page].annotations
    rec = Recorder(tm)
    tm.set_tool("link")
    drag(tm, page, A, B)
    assert [e.tool for e in rec.of("request_link_target")] == [Tool.LINK]
    assert new_annotations(doc, page, before) == []
    tm.provide_link(uri="https://example.com/tools")
    (link,) = new_annotations(doc, page, before)
    assert link.subtype == "Link"
    assert link.uri == "https://example.com/tools"
    assert_rect(link.rect, page_rect(page, A, B))
    assert_one_shot_events(rec, [link.id], page)
    assert_undo_removes(doc, page, before, "Add Link")


@pytest.mark.parametrize("page", TEST_PAGES)
def test_link_over_text(doc: pdftools.Document, tm: pdftools.ToolManager, page: int) -> None:
    start, end = glyph_center(page, 0, 0), glyph_center(page, 1, 3, 0.9)
    expected = doc.select(page, start, page, end, "char", space="display").quads(page, space="page")
    tm.provide_link(page=2)  # given first: used by the next link, without a request
    rec = Recorder(tm)
    tm.set_tool("link")
    drag(tm, page, start, end)
    assert rec.of("request_link_target") == []
    (link,) = doc.pages[page].annotations
    assert link.destination_page == 2
    assert len(link.quads) == len(expected) == 2
    for got, want in zip(link.quads, expected):
        assert_points(list(got), list(want), "link quad")
    boxes = [quad_bounds(q) for q in expected]
    union = (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes))
    assert_rect(link.rect, union)
    # the target was used once: the next link asks again
    tm.set_tool("link")
    drag(tm, page, A, B)
    assert len(rec.of("request_link_target")) == 1


@pytest.mark.parametrize("page", TEST_PAGES)
def test_ink_signature(doc: pdftools.Document, tm: pdftools.ToolManager, page: int) -> None:
    before = doc.pages[page].annotations
    rec = Recorder(tm)
    tm.set_tool("signature")
    tm.tap(page, *A)
    assert [(e.tool, e.text) for e in rec.of("request_payload")] == [(Tool.SIGNATURE, "signature")]
    tm.provide_ink([[(0.0, 0.0), (1.0, 1.0)], [(0.0, 1.0), (1.0, 0.0)]])
    (sig,) = new_annotations(doc, page, before)
    assert sig.subtype == "Ink"
    strokes = sig.ink
    assert [len(s) for s in strokes] == [2, 2]
    (sx, sy), (ex, ey) = (to_display(page, p) for p in strokes[0])
    # the unit box keeps its aspect: a square as large as the 150 x 60 box allows
    assert close(abs(ex - sx), 60.0) and close(abs(ey - sy), 60.0), ((sx, sy), (ex, ey))
    assert ex > sx and ey > sy, "(0, 0) is the top left of the unit box (y down)"
    for s in strokes:
        for p in s:
            x, y = to_display(page, p)
            assert A[0] - 0.5 <= x <= A[0] + 150.5 and A[1] - 0.5 <= y <= A[1] + 60.5, (x, y)
    assert_color(sig.color, (0.0, 0.0, 0.5))
    assert_one_shot_events(rec, [sig.id], page)
    assert_undo_removes(doc, page, before, "Add Ink")


def test_image_signature(doc: pdftools.Document, tm: pdftools.ToolManager) -> None:
    tm.set_tool("signature")
    drag(tm, 0, A, B)
    tm.provide_image(png_bytes(50, 50, (0, 0, 230)))
    (sig,) = doc.pages[0].annotations
    assert sig.subtype == "Stamp"
    assert_rect(sig.rect, page_rect(0, A, B))


# -- sessions, pages and requests ------------------------------------------------------------------------------


def test_ink_overlay_shows_the_earlier_strokes_of_the_session(doc: pdftools.Document, tm: pdftools.ToolManager) -> None:
    tm.set_tool("ink")
    stroke(tm, 1, STROKE_1)
    tm.pointer_down(1, *STROKE_2[0])
    for point in STROKE_2[1:]:
        tm.pointer_move(1, *point)
    paths = tm.overlay(1).of_kind("path")
    shown = [[(p.x, p.y) for p in item.points] for item in paths]
    assert any(len(s) == len(STROKE_1) and all(abs(a[0] - b[0]) <= 0.5 and abs(a[1] - b[1]) <= 0.5 for a, b in zip(s, STROKE_1)) for s in shown), shown
    assert any(len(s) == len(STROKE_2) and all(abs(a[0] - b[0]) <= 0.5 and abs(a[1] - b[1]) <= 0.5 for a, b in zip(s, STROKE_2)) for s in shown), shown
    tm.pointer_up(1, *STROKE_2[-1])


def test_a_tool_change_finishes_an_ink_session(doc: pdftools.Document, tm: pdftools.ToolManager) -> None:
    tm.set_tool("ink")
    stroke(tm, 0, STROKE_1)
    tm.set_tool("rectangle")
    (ink,) = doc.pages[0].annotations
    assert len(ink.ink) == 1
    assert tm.tool == Tool.RECTANGLE
    assert doc.undo_label == "Add Ink"


@pytest.mark.parametrize("tool", ["polygon", "polyline", "area"])
def test_a_tool_change_writes_a_poly_with_enough_vertices(doc: pdftools.Document, tm: pdftools.ToolManager, tool: str) -> None:
    tm.set_tool(tool)
    for v in VERTICES:
        tm.tap(0, *v)
    tm.set_tool("rectangle")
    (poly,) = doc.pages[0].annotations
    assert_points(poly.vertices, [to_page(0, v) for v in VERTICES])
    assert tm.tool == Tool.RECTANGLE


def test_a_tool_change_drops_a_polygon_with_too_few_vertices(doc: pdftools.Document, tm: pdftools.ToolManager) -> None:
    tm.set_tool("polygon")
    for v in VERTICES[:2]:
        tm.tap(0, *v)
    tm.set_tool("oval")
    assert doc.pages[0].annotations == []
    assert not doc.can_undo


def test_other_tools_stay_on_the_page_their_gesture_started_on(doc: pdftools.Document, tm: pdftools.ToolManager) -> None:
    tm.set_tool("rectangle")
    tm.pointer_down(1, *A)
    tm.pointer_move(2, 200.0, 380.0)  # page_index is ignored: display space of page 1
    tm.pointer_up(2, *B)
    assert doc.pages[2].annotations == []
    (shape,) = doc.pages[1].annotations
    assert_rect(shape.rect, page_rect(1, A, B))


def test_callout_overlay_while_its_text_is_pending(doc: pdftools.Document, tm: pdftools.ToolManager) -> None:
    tm.set_tool("callout")
    drag(tm, 1, A, (200.0, 380.0))
    overlay = tm.overlay(1)
    rects = overlay.of_kind("rect")
    assert rects and overlay.of_kind("caret"), overlay.items
    assert any(
        all(abs(a - b) <= 0.5 for a, b in zip(display_box(r.points), (200.0, 380.0, 350.0, 410.0))) for r in rects
    ), [display_box(r.points) for r in rects]
    assert doc.pages[1].annotations == []
    tm.cancel_request()
    assert tm.overlay(1).of_kind("caret") == []
    with pytest.raises(pdftools.NotFoundError):
        tm.commit_text("late")


@pytest.mark.parametrize("page", TEST_PAGES)
def test_double_tap_and_long_press_select_a_word(doc: pdftools.Document, tm: pdftools.ToolManager, page: int) -> None:
    rec = Recorder(tm)
    tm.set_tool("text_select")
    tm.double_tap(page, *glyph_center(page, 0, 7))  # in "World"
    assert tm.selected_text == "World"
    assert rec.of("selection_changed")[-1].text == "World"
    tm.set_tool("pan")
    tm.long_press(page, *glyph_center(page, 1, 7))  # in "brown"
    assert tm.selected_text == "brown"
    assert tm.selection == [] and not doc.can_undo


def test_eraser_radius_is_half_the_style_width(doc: pdftools.Document, tm: pdftools.ToolManager) -> None:
    p = doc.pages[0]
    ink = p.add_annotation(
        "Ink", ink=[[to_page(0, (130.0, 330.0)), to_page(0, (250.0, 330.0))], [to_page(0, (130.0, 400.0)), to_page(0, (250.0, 400.0))]]
    )
    doc.clear_undo()
    tm.set_tool("eraser", sticky=True)
    drag(tm, 0, (150.0, 337.5), (240.0, 337.5))  # 7.5 units from the stroke: beyond the radius 5
    assert len(ink.ink) == 2 and not doc.can_undo
    drag(tm, 0, (150.0, 396.0), (240.0, 396.0))  # 4 units: within the radius
    assert len(ink.ink) == 1
    tm.style("eraser", width=20)  # radius 10
    drag(tm, 0, (150.0, 337.5), (240.0, 337.5))
    assert not ink.exists


# -- the other rotations and /UserUnit (the known-layout document: CropBox [50 60 500 700]) ---------------------------


def layout_to_page(page: int, point: tuple) -> tuple:
    """Display -> page space of a known-layout page."""
    return pdfgen.to_page(point, knownlayout.CROP, knownlayout.ROTATIONS[page], knownlayout.USER_UNITS[page])


@pytest.mark.parametrize("page", [2, 3, 4])
def test_shapes_lines_and_ink_on_other_rotations_and_user_unit(layout_doc: pdftools.Document, page: int) -> None:
    a, b = (40.0, 60.0), (120.0, 100.0)  # empty space on every known-layout page
    with layout_doc.tool_manager() as manager:
        manager.set_tool("rectangle")
        drag(manager, page, a, b)
        manager.set_tool("ruler")
        drag(manager, page, (40.0, 130.0), (140.0, 130.0))
        manager.set_tool("ink")
        stroke(manager, page, STROKE_1)
        manager.key("enter")
    square, ruler, ink = layout_doc.pages[page].annotations
    corners = [layout_to_page(page, (x, y)) for x in (a[0], b[0]) for y in (a[1], b[1])]
    xs, ys = [c[0] for c in corners], [c[1] for c in corners]
    assert_rect(square.rect, (min(xs), min(ys), max(xs), max(ys)))
    assert_point(ruler.line.start, layout_to_page(page, (40.0, 130.0)))
    assert_point(ruler.line.end, layout_to_page(page, (140.0, 130.0)))
    unit = knownlayout.USER_UNITS[page]
    length = math.dist(layout_to_page(page, (40.0, 130.0)), layout_to_page(page, (140.0, 130.0)))
    assert abs(length * unit - 100.0) < 1e-6
    assert ruler.contents == f"{length * unit:.2f} pt" == "100.00 pt"
    assert_points(ink.ink[0], [layout_to_page(page, p) for p in STROKE_1], "ink")


@pytest.mark.parametrize("page", [2, 3, 4])
def test_text_markup_on_other_rotations_and_user_unit(layout_doc: pdftools.Document, page: int) -> None:
    def display(line: int, col: int, frac: float = 0.5) -> tuple:
        g = knownlayout.glyph(line, col)
        return pdfgen.to_display(
            (g.x0 + (g.x1 - g.x0) * frac, g.baseline + 3.0),
            knownlayout.CROP,
            knownlayout.ROTATIONS[page],
            knownlayout.USER_UNITS[page],
        )

    start, end = display(2, 3), display(2, 8, 0.9)  # "résumé"
    with layout_doc.tool_manager() as manager:
        manager.set_tool("strike_out")
        overlay = drag(manager, page, start, end)
        assert len(overlay.of_kind("quad")) == 1
    (strike,) = layout_doc.pages[page].annotations
    assert strike.subtype == "StrikeOut"
    assert strike.contents == "r\u00e9sum\u00e9"
    x0, _, x1, _ = quad_bounds(strike.quads[0])
    assert close(x0, 100.0 + 3 * 7.2) and close(x1, 100.0 + 9 * 7.2), (x0, x1)


def test_escape_during_a_drag_cancels_it(doc: pdftools.Document, tm: pdftools.ToolManager) -> None:
    tm.set_tool("rectangle")
    tm.pointer_down(0, *A)
    tm.pointer_move(0, *B)
    assert tm.key("escape") is True
    tm.pointer_up(0, *B)
    assert doc.pages[0].annotations == [] and not doc.can_undo


def test_a_tap_away_from_the_first_vertex_adds_a_vertex(doc: pdftools.Document, tm: pdftools.ToolManager) -> None:
    tm.set_tool("polygon")
    for v in VERTICES:
        tm.tap(0, *v)
    tm.tap(0, *offset(VERTICES[0], 8.0, 0.0))  # beyond the 6 units that close
    assert doc.pages[0].annotations == []
    tm.key("enter")
    (poly,) = doc.pages[0].annotations
    assert len(poly.vertices) == 4


def test_note_text_may_be_empty_or_any_unicode(doc: pdftools.Document, tm: pdftools.ToolManager) -> None:
    tm.set_tool("sticky_note", sticky=True)
    tm.tap(0, *A)
    tm.commit_text("")
    tm.tap(0, *B)
    tm.commit_text("Gr\u00fc\u00dfe \u2713 \u65e5\u672c")
    first, second = doc.pages[0].annotations
    assert first.contents == ""
    assert second.contents == "Gr\u00fc\u00dfe \u2713 \u65e5\u672c"
    assert tm.tool == Tool.STICKY_NOTE and tm.selection == []


def test_sticky_ink_stays_after_the_session_ends(doc: pdftools.Document, tm: pdftools.ToolManager) -> None:
    tm.set_tool("ink", sticky=True)
    stroke(tm, 0, STROKE_1)
    tm.key("enter")
    assert tm.tool == Tool.INK and tm.selection == []
    stroke(tm, 0, STROKE_2)  # a new session: a new annotation, a new step
    first, second = doc.pages[0].annotations
    assert len(first.ink) == 1 and len(second.ink) == 1
    doc.undo()
    assert doc.pages[0].annotations == [first]

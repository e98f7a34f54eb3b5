# SPDX-License-Identifier: GPL-3.0-or-later
"""Tool manager, editing: selecting by tap, box and long press; moving, resizing, line end points,
vertices and text markup ends by their handles; deleting, nudging, Escape; links; flags (SPEC.md)."""

from __future__ import annotations

from typing import Tuple

import pytest

import pdftools
from pdftools import AnnotationFlag, HandleKind, Tool
from tooltest import (
    TEST_PAGES,
    Recorder,
    assert_point,
    assert_points,
    assert_rect,
    display_rect,
    doc,  # noqa: F401 - fixture
    drag,
    glyph_center,
    offset,
    page_rect,
    tm,  # noqa: F401 - fixture
    to_page,
)

SQ_A, SQ_B = (140.0, 330.0), (220.0, 390.0)  # a square's display box
CIRCLE_A, CIRCLE_B = (260.0, 330.0), (320.0, 390.0)


def square(doc: pdftools.Document, page: int, flags: AnnotationFlag = AnnotationFlag.PRINT) -> pdftools.Annotation:
    """A Square over the display box SQ_A..SQ_B, with a clean history."""
    annot = doc.pages[page].add_annotation("Square", page_rect(page, SQ_A, SQ_B), color=(1, 0, 0), flags=flags)
    doc.clear_undo()
    return annot


def center(a: Tuple[float, float], b: Tuple[float, float]) -> Tuple[float, float]:
    """The middle of two points."""
    return (a[0] + b[0]) / 2, (a[1] + b[1]) / 2


def box_handles(rect: Tuple[float, float, float, float]) -> list:
    """The 8 box handle positions of a display rect, ids 0..7 clockwise from the top left."""
    x0, y0, x1, y1 = rect
    mx, my = (x0 + x1) / 2, (y0 + y1) / 2
    return [(x0, y0), (mx, y0), (x1, y0), (x1, my), (x1, y1), (mx, y1), (x0, y1), (x0, my)]


# -- selecting ---------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("page", TEST_PAGES)
def test_tap_selects_and_shows_frame_and_handles(doc: pdftools.Document, tm: pdftools.ToolManager, page: int) -> None:
    sq = square(doc, page)
    rec = Recorder(tm)
    assert tm.tap(page, *center(SQ_A, SQ_B)) is True
    assert tm.tool == Tool.ANNOTATION_EDIT
    assert tm.selection == [sq]
    assert rec.of("tool_changed")[0].tool == Tool.ANNOTATION_EDIT
    assert rec.of("selection_changed")[-1].ids == [sq.id]
    overlay = tm.overlay(page)
    frames = [i for i in overlay.of_kind("rect") if i.annotation == sq]
    assert len(frames) == 1 and frames[0].dash > 0, overlay.items
    expected = display_rect(page, sq.rect)
    xs = [p.x for p in frames[0].points]
    ys = [p.y for p in frames[0].points]
    assert_rect((min(xs), min(ys), max(xs), max(ys)), expected, "frame")
    handles = sorted((h for h in overlay.handles if h.handle_kind == HandleKind.BOX), key=lambda h: h.handle_id)
    assert [h.handle_id for h in handles] == list(range(8))
    assert all(h.annotation == sq for h in handles)
    for h, want in zip(handles, box_handles(expected)):
        assert_point(h.points[0], want, f"handle {h.handle_id}")
    assert not doc.can_undo, "selecting writes nothing"


def test_ctrl_and_meta_tap_toggle(doc: pdftools.Document, tm: pdftools.ToolManager) -> None:
    sq = square(doc, 0)
    circle = doc.pages[0].add_annotation("Circle", page_rect(0, CIRCLE_A, CIRCLE_B))
    tm.tap(0, *center(SQ_A, SQ_B))
    tm.tap(0, *center(CIRCLE_A, CIRCLE_B), ctrl=True)
    assert tm.selection == [sq, circle]
    tm.tap(0, *center(SQ_A, SQ_B), meta=True)
    assert tm.selection == [circle]
    tm.tap(0, *center(SQ_A, SQ_B))
    assert tm.selection == [sq]


def test_box_select_in_pan(doc: pdftools.Document, tm: pdftools.ToolManager) -> None:
    sq = square(doc, 0)
    circle = doc.pages[0].add_annotation("Circle", page_rect(0, CIRCLE_A, CIRCLE_B))
    far = doc.pages[0].add_annotation("Square", page_rect(0, (400.0, 600.0), (450.0, 650.0)))
    doc.clear_undo()
    overlay = drag(tm, 0, (130.0, 310.0), (300.0, 350.0))
    assert overlay.of_kind("rect"), overlay.items
    assert set(a.id for a in tm.selection) == {sq.id, circle.id}
    assert far not in tm.selection
    assert not doc.can_undo


def test_long_press_selects(doc: pdftools.Document, tm: pdftools.ToolManager) -> None:
    sq = square(doc, 0)
    tm.long_press(0, *center(SQ_A, SQ_B))
    assert tm.selection == [sq]


def test_touch_has_a_larger_hit_tolerance(doc: pdftools.Document, tm: pdftools.ToolManager) -> None:
    sq = square(doc, 0)
    near = (SQ_B[0] + 7.0, center(SQ_A, SQ_B)[1])  # 7 units right of the square
    tm.tap(0, *near)
    assert tm.selection == []
    tm.tap(0, *near, pointer="touch")
    assert tm.selection == [sq]


def test_select_by_api_switches_to_the_edit_tool(doc: pdftools.Document, tm: pdftools.ToolManager) -> None:
    p = doc.pages[0]
    line = p.add_annotation("Line", line=(to_page(0, (120.0, 320.0)), to_page(0, (260.0, 420.0))))
    poly = p.add_annotation("Polygon", vertices=[to_page(0, v) for v in [(300.0, 300.0), (380.0, 320.0), (340.0, 380.0)]])
    sq = p.add_annotation("Square", page_rect(0, (400.0, 500.0), (450.0, 550.0)))
    tm.select([line])
    assert tm.tool == Tool.LINE_EDIT and tm.selection == [line]
    tm.select(poly.id)
    assert tm.tool == Tool.POLY_EDIT and tm.selection == [poly]
    tm.select([sq, line])
    assert tm.tool == Tool.ANNOTATION_EDIT and tm.selection == [sq, line]
    tm.select([])
    assert tm.selection == []


def test_select_refuses_stale_hidden_and_read_only(doc: pdftools.Document, tm: pdftools.ToolManager) -> None:
    p = doc.pages[0]
    hidden = p.add_annotation("Square", page_rect(0, SQ_A, SQ_B), flags=AnnotationFlag.HIDDEN)
    read_only = p.add_annotation("Square", page_rect(0, CIRCLE_A, CIRCLE_B), flags=AnnotationFlag.READ_ONLY)
    gone = p.add_annotation("Circle", page_rect(0, (400.0, 500.0), (450.0, 550.0)))
    gone.delete()
    with pytest.raises(pdftools.NotPermittedError):
        tm.select([hidden])
    with pytest.raises(pdftools.NotPermittedError):
        tm.select([read_only])
    with pytest.raises(pdftools.NotFoundError):
        tm.select([gone])
    assert tm.selection == []
    # taps do not select them either
    tm.tap(0, *center(SQ_A, SQ_B))
    tm.tap(0, *center(CIRCLE_A, CIRCLE_B))
    assert tm.selection == []


def test_tap_on_empty_space_in_an_edit_tool_clears_and_returns_to_pan(
    doc: pdftools.Document, tm: pdftools.ToolManager
) -> None:
    square(doc, 0)
    tm.tap(0, *center(SQ_A, SQ_B))
    assert tm.tool == Tool.ANNOTATION_EDIT
    tm.tap(0, 500.0, 700.0)
    assert tm.selection == [] and tm.tool == Tool.PAN


def test_escape_clears_the_selection(doc: pdftools.Document, tm: pdftools.ToolManager) -> None:
    square(doc, 0)
    tm.tap(0, *center(SQ_A, SQ_B))
    rec = Recorder(tm)
    tm.key("escape")
    assert tm.selection == [] and tm.tool == Tool.PAN
    assert rec.of("selection_changed")[-1].ids == []
    assert tm.overlay(0).handles == []


def test_pan_down_on_text_selects_text(doc: pdftools.Document, tm: pdftools.ToolManager) -> None:
    start, end = glyph_center(0, 0, 0), glyph_center(0, 0, 4, 0.9)
    drag(tm, 0, start, end)
    assert tm.selected_text == "Hello"
    assert doc.pages[0].annotations == []


# -- moving and resizing -------------------------------------------------------------------------------------------


@pytest.mark.parametrize("page", TEST_PAGES)
def test_move_selected(doc: pdftools.Document, tm: pdftools.ToolManager, page: int) -> None:
    sq = square(doc, page)
    original = sq.rect
    tm.tap(page, *center(SQ_A, SQ_B))
    rec = Recorder(tm)
    start = center(SQ_A, SQ_B)
    end = offset(start, 30.0, 20.0)
    tm.pointer_down(page, *start)
    tm.pointer_move(page, *offset(start, 15.0, 10.0))
    tm.pointer_move(page, *end)
    overlay = tm.overlay(page)
    assert sq.rect == original and not doc.can_undo, "nothing is written during the move"
    outlines = [i for i in overlay.items if i.kind.value in ("rect", "path", "polygon")]
    assert any(
        abs(min(p.x for p in i.points) - (SQ_A[0] + 30.0)) <= 0.5 and abs(min(p.y for p in i.points) - (SQ_A[1] + 20.0)) <= 0.5
        for i in outlines
    ), f"no outline at the new position: {overlay.items}"
    tm.pointer_up(page, *end)
    assert_rect(sq.rect, page_rect(page, offset(SQ_A, 30.0, 20.0), offset(SQ_B, 30.0, 20.0)))
    assert rec.of("annotations_modified")[0].ids == [sq.id]
    assert doc.undo_label == "Move Annotation"
    doc.undo()
    assert_rect(sq.rect, original)
    assert not doc.can_undo


def test_move_moves_every_selected_annotation_and_their_geometry(doc: pdftools.Document, tm: pdftools.ToolManager) -> None:
    p = doc.pages[1]
    ink_points = [(130.0, 440.0), (180.0, 460.0), (230.0, 445.0)]
    ink = p.add_annotation("Ink", ink=[[to_page(1, q) for q in ink_points]])
    sq = square(doc, 1)
    tm.select([sq, ink])
    start = center(SQ_A, SQ_B)
    drag(tm, 1, start, offset(start, -20.0, 25.0))
    assert_rect(sq.rect, page_rect(1, offset(SQ_A, -20.0, 25.0), offset(SQ_B, -20.0, 25.0)))
    assert_points(ink.ink[0], [to_page(1, offset(q, -20.0, 25.0)) for q in ink_points], "moved ink")
    doc.undo()
    assert_points(ink.ink[0], [to_page(1, q) for q in ink_points], "restored ink")


@pytest.mark.parametrize("page", TEST_PAGES)
@pytest.mark.parametrize(
    "handle, delta, new_a, new_b",
    [
        (4, (40.0, 30.0), SQ_A, (SQ_B[0] + 40.0, SQ_B[1] + 30.0)),
        (0, (-20.0, -10.0), (SQ_A[0] - 20.0, SQ_A[1] - 10.0), SQ_B),
        (3, (25.0, 99.0), SQ_A, (SQ_B[0] + 25.0, SQ_B[1])),
        (5, (99.0, 15.0), SQ_A, (SQ_B[0], SQ_B[1] + 15.0)),
    ],
)
def test_resize_by_box_handle(
    doc: pdftools.Document, tm: pdftools.ToolManager, page: int, handle: int, delta: tuple, new_a: tuple, new_b: tuple
) -> None:
    sq = square(doc, page)
    original = sq.rect
    tm.tap(page, *center(SQ_A, SQ_B))
    start = box_handles((SQ_A[0], SQ_A[1], SQ_B[0], SQ_B[1]))[handle]
    drag(tm, page, start, offset(start, *delta))
    assert_rect(sq.rect, page_rect(page, new_a, new_b))
    assert doc.undo_label == "Resize Annotation"
    doc.undo()
    assert_rect(sq.rect, original)
    assert not doc.can_undo


def test_shift_resize_keeps_the_aspect(doc: pdftools.Document, tm: pdftools.ToolManager) -> None:
    sq = square(doc, 0)  # 80 x 60
    tm.tap(0, *center(SQ_A, SQ_B))
    drag(tm, 0, SQ_B, offset(SQ_B, 40.0, 0.0), shift=True)
    x0, y0, x1, y1 = display_rect(0, sq.rect)
    assert_point((x0, y0), SQ_A, "fixed corner")
    assert abs((x1 - x0) / (y1 - y0) - 80.0 / 60.0) < 0.02, (x1 - x0, y1 - y0)
    assert x1 - x0 > 85.0


@pytest.mark.parametrize("page", TEST_PAGES)
def test_line_end_points(doc: pdftools.Document, tm: pdftools.ToolManager, page: int) -> None:
    a, b = (120.0, 320.0), (260.0, 420.0)
    line = doc.pages[page].add_annotation("Line", line=(to_page(page, a), to_page(page, b)))
    doc.clear_undo()
    tm.tap(page, *center(a, b))
    assert tm.tool == Tool.LINE_EDIT and tm.selection == [line]
    handles = {h.handle_kind: h for h in tm.overlay(page).handles}
    assert HandleKind.LINE_START in handles and HandleKind.LINE_END in handles
    assert HandleKind.BOX not in handles
    assert_point(handles[HandleKind.LINE_START].points[0], a, "start handle")
    assert_point(handles[HandleKind.LINE_END].points[0], b, "end handle")
    drag(tm, page, b, (300.0, 380.0))
    assert_point(line.line.start, to_page(page, a))
    assert_point(line.line.end, to_page(page, (300.0, 380.0)))
    doc.undo()
    assert_point(line.line.end, to_page(page, b))
    assert not doc.can_undo


@pytest.mark.parametrize("page", TEST_PAGES)
def test_poly_vertices(doc: pdftools.Document, tm: pdftools.ToolManager, page: int) -> None:
    vertices = [(120.0, 320.0), (200.0, 340.0), (260.0, 420.0)]
    poly = doc.pages[page].add_annotation("PolyLine", vertices=[to_page(page, v) for v in vertices])
    doc.clear_undo()
    tm.select([poly])
    assert tm.tool == Tool.POLY_EDIT
    handles = sorted((h for h in tm.overlay(page).handles if h.handle_kind == HandleKind.VERTEX), key=lambda h: h.handle_id)
    assert [h.handle_id for h in handles] == [0, 1, 2]
    for h, v in zip(handles, vertices):
        assert_point(h.points[0], v, f"vertex handle {h.handle_id}")
    assert any(h.handle_kind == HandleKind.BOX for h in tm.overlay(page).handles)
    drag(tm, page, vertices[1], (210.0, 300.0))
    assert_points(poly.vertices, [to_page(page, v) for v in [vertices[0], (210.0, 300.0), vertices[2]]])
    doc.undo()
    assert_points(poly.vertices, [to_page(page, v) for v in vertices])


@pytest.mark.parametrize("page", TEST_PAGES)
def test_text_markup_ends(doc: pdftools.Document, tm: pdftools.ToolManager, page: int) -> None:
    start, end = glyph_center(page, 0, 0), glyph_center(page, 0, 4, 0.9)
    tm.set_tool("highlight")
    drag(tm, page, start, end)
    (highlight,) = doc.pages[page].annotations
    assert highlight.contents == "Hello"
    doc.clear_undo()
    tm.select([highlight])
    assert tm.tool == Tool.TEXT_MARKUP_EDIT
    handles = {h.handle_kind: h for h in tm.overlay(page).handles}
    assert HandleKind.TEXT_START in handles and HandleKind.TEXT_END in handles
    quads_before = highlight.quads
    # the body cannot be moved
    drag(tm, page, glyph_center(page, 0, 2), offset(glyph_center(page, 0, 2), 30.0, 30.0))
    assert highlight.quads == quads_before
    tm.select([highlight])
    target = glyph_center(page, 1, 4, 0.9)
    grab = handles[HandleKind.TEXT_END].points[0]
    drag(tm, page, grab, target)
    expected = doc.select(page, start, page, target, "char", space="display")
    assert highlight.contents == expected.text
    assert highlight.contents.startswith("Hello World")
    want = expected.quads(page, space="page")
    assert len(highlight.quads) == len(want) == 2
    for got, q in zip(highlight.quads, want):
        assert_points(list(got), list(q), "reselected quad")
    doc.undo()
    assert highlight.contents == "Hello"
    assert not doc.can_undo


# -- deleting and nudging --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("key", ["delete", "backspace"])
def test_delete_key(doc: pdftools.Document, tm: pdftools.ToolManager, key: str) -> None:
    sq = square(doc, 0)
    tm.tap(0, *center(SQ_A, SQ_B))
    rec = Recorder(tm)
    assert tm.key(key) is True
    assert not sq.exists
    assert rec.of("annotations_removed")[0].ids == [sq.id]
    assert tm.selection == []
    assert doc.undo_label == "Delete Annotation"
    doc.undo()
    assert sq.exists
    assert not doc.can_undo


def test_delete_selection_is_one_step(doc: pdftools.Document, tm: pdftools.ToolManager) -> None:
    sq = square(doc, 0)
    circle = doc.pages[0].add_annotation("Circle", page_rect(0, CIRCLE_A, CIRCLE_B))
    doc.clear_undo()
    tm.select([sq, circle])
    tm.delete_selection()
    assert not sq.exists and not circle.exists
    doc.undo()
    assert sq.exists and circle.exists
    assert not doc.can_undo


@pytest.mark.parametrize("page", TEST_PAGES)
def test_nudges_coalesce(doc: pdftools.Document, tm: pdftools.ToolManager, page: int) -> None:
    sq = square(doc, page)
    original = sq.rect
    tm.tap(page, *center(SQ_A, SQ_B))
    for _ in range(3):
        assert tm.key("right") is True
    tm.key("down", shift=True)
    tm.key("left")
    tm.key("up")
    # display: +3 - 1 right, +10 - 1 down
    assert_rect(sq.rect, page_rect(page, offset(SQ_A, 2.0, 9.0), offset(SQ_B, 2.0, 9.0)))
    assert doc.undo() is True
    assert_rect(sq.rect, original)
    assert not doc.can_undo, "consecutive nudges are one undo step"


# -- flags -------------------------------------------------------------------------------------------------------


def test_locked_annotation_is_selected_but_not_moved_resized_or_deleted(
    doc: pdftools.Document, tm: pdftools.ToolManager
) -> None:
    sq = square(doc, 0, AnnotationFlag.PRINT | AnnotationFlag.LOCKED)
    original = sq.rect
    tm.tap(0, *center(SQ_A, SQ_B))
    assert tm.selection == [sq]
    drag(tm, 0, center(SQ_A, SQ_B), offset(center(SQ_A, SQ_B), 40.0, 40.0))
    tm.select([sq])
    drag(tm, 0, SQ_B, offset(SQ_B, 30.0, 30.0))
    assert sq.rect == original
    with pytest.raises(pdftools.NotPermittedError):
        tm.delete_selection()
    with pytest.raises(pdftools.NotPermittedError):
        tm.key("delete")
    with pytest.raises(pdftools.NotPermittedError):
        tm.key("right")
    assert sq.exists and sq.rect == original
    assert tm.selection == [sq]
    assert not doc.can_undo


def test_delete_keeps_locked_ones_selected(doc: pdftools.Document, tm: pdftools.ToolManager) -> None:
    locked = square(doc, 0, AnnotationFlag.PRINT | AnnotationFlag.LOCKED)
    circle = doc.pages[0].add_annotation("Circle", page_rect(0, CIRCLE_A, CIRCLE_B))
    tm.select([locked, circle])
    tm.delete_selection()
    assert locked.exists and not circle.exists
    assert tm.selection == [locked]


def test_commit_text_sets_the_contents_of_the_selected_annotation(
    doc: pdftools.Document, tm: pdftools.ToolManager
) -> None:
    sq = square(doc, 0)
    with pytest.raises(pdftools.NotFoundError):
        tm.commit_text("nothing selected")
    tm.select([sq])
    tm.commit_text("Reviewed")
    assert sq.contents == "Reviewed"
    doc.undo()
    assert sq.contents is None
    assert not doc.can_undo


def test_locked_contents_keep_their_text(doc: pdftools.Document, tm: pdftools.ToolManager) -> None:
    sq = square(doc, 0, AnnotationFlag.PRINT | AnnotationFlag.LOCKED_CONTENTS)
    tm.select([sq])
    with pytest.raises(pdftools.NotPermittedError):
        tm.commit_text("changed")
    assert sq.contents is None


# -- links -------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("mode", ["annotate", "viewer"])
def test_tap_on_a_link_activates_it(doc: pdftools.Document, tm: pdftools.ToolManager, mode: str) -> None:
    p = doc.pages[1]
    uri_link = p.add_annotation("Link", page_rect(1, SQ_A, SQ_B), uri="https://example.com/a")
    page_link = p.add_annotation("Link", page_rect(1, CIRCLE_A, CIRCLE_B), destination_page=2)
    doc.clear_undo()
    tm.mode = mode
    rec = Recorder(tm)
    assert tm.tap(1, *center(SQ_A, SQ_B)) is True
    assert tm.tap(1, *center(CIRCLE_A, CIRCLE_B)) is True
    events = rec.of("link_activated")
    assert [(e.text, e.target_page) for e in events] == [("https://example.com/a", None), (None, 2)]
    assert events[0].ids in ([uri_link.id], [])
    assert events[1].ids in ([page_link.id], [])
    assert not doc.can_undo
    assert uri_link.exists and page_link.exists


# -- more editing ------------------------------------------------------------------------------------------------


def test_tap_selects_the_topmost_annotation(doc: pdftools.Document, tm: pdftools.ToolManager) -> None:
    p = doc.pages[1]
    below = p.add_annotation("Square", page_rect(1, SQ_A, SQ_B))
    above = p.add_annotation("Circle", page_rect(1, offset(SQ_A, 20.0, 20.0), offset(SQ_B, 20.0, 20.0)))
    tm.tap(1, *offset(center(SQ_A, SQ_B), 10.0, 10.0))  # inside both
    assert tm.selection == [above]
    tm.tap(1, *offset(SQ_A, 5.0, 5.0))  # inside the square only
    assert tm.selection == [below]


@pytest.mark.parametrize("page", TEST_PAGES)
def test_resizing_a_polygon_scales_its_vertices(doc: pdftools.Document, tm: pdftools.ToolManager, page: int) -> None:
    vertices = [(140.0, 330.0), (220.0, 350.0), (180.0, 400.0)]
    poly = doc.pages[page].add_annotation("Polygon", vertices=[to_page(page, v) for v in vertices])
    doc.clear_undo()
    tm.select([poly])
    boxes = {h.handle_id: h.points[0] for h in tm.overlay(page).handles if h.handle_kind == HandleKind.BOX}
    assert sorted(boxes) == list(range(8))
    (x0, y0), (x1, y1) = boxes[0], boxes[4]
    grab = boxes[4]
    drag(tm, page, (grab.x, grab.y), (grab.x + 40.0, grab.y + 20.0))
    sx = (x1 + 40.0 - x0) / (x1 - x0)
    sy = (y1 + 20.0 - y0) / (y1 - y0)
    expected = [(x0 + (v[0] - x0) * sx, y0 + (v[1] - y0) * sy) for v in vertices]
    assert_points(poly.vertices, [to_page(page, v) for v in expected], "scaled vertices")
    assert doc.undo_label == "Resize Annotation"
    doc.undo()
    assert_points(poly.vertices, [to_page(page, v) for v in vertices])


def test_text_markup_start_handle(doc: pdftools.Document, tm: pdftools.ToolManager) -> None:
    start, end = glyph_center(0, 1, 6), glyph_center(0, 1, 10, 0.9)  # "brown"
    tm.set_tool("underline")
    drag(tm, 0, start, end)
    (underline,) = doc.pages[0].annotations
    assert underline.contents == "brown"
    handles = {h.handle_kind: h for h in tm.overlay(0).handles}
    grab = handles[HandleKind.TEXT_START].points[0]
    target = glyph_center(0, 0, 6)  # "W" of "World" on the line above
    drag(tm, 0, (grab.x, grab.y), target)
    expected = doc.select(0, target, 0, end, "char", space="display")
    assert underline.contents == expected.text
    assert underline.contents.startswith("World") and underline.contents.endswith("brown")
    assert len(underline.quads) == 2


def test_moving_a_callout_moves_its_line(doc: pdftools.Document, tm: pdftools.ToolManager) -> None:
    tm.set_tool("callout")
    drag(tm, 1, (120.0, 320.0), (200.0, 380.0))
    tm.commit_text("moved")
    (callout,) = doc.pages[1].annotations
    line = [tuple(p) for p in callout.callout]
    assert tm.selection == [callout]
    grab = (275.0, 395.0)  # inside the box
    drag(tm, 1, grab, offset(grab, 30.0, -40.0))
    delta = (to_page(1, (30.0, -40.0))[0] - to_page(1, (0.0, 0.0))[0], to_page(1, (30.0, -40.0))[1] - to_page(1, (0.0, 0.0))[1])
    assert_points(callout.callout, [(x + delta[0], y + delta[1]) for x, y in line], "moved callout line")


def test_handler_exceptions_belong_to_the_thread_that_caused_them(doc: pdftools.Document, tm: pdftools.ToolManager) -> None:
    import threading

    def failing(event: pdftools.ToolEvent) -> None:
        if threading.current_thread() is not threading.main_thread():
            raise ZeroDivisionError("in the worker")

    tm.on("tool_changed", failing)
    caught = []

    def work() -> None:
        try:
            tm.set_tool("oval")
        except ZeroDivisionError as exc:
            caught.append(exc)

    worker = threading.Thread(target=work)
    worker.start()
    worker.join()
    assert len(caught) == 1
    assert tm.tool == Tool.OVAL
    tm.set_tool("line")  # the main thread sees nothing of the worker's exception
    assert tm.tool == Tool.LINE


def test_style_on_a_mixed_selection_applies_what_each_subtype_has(doc: pdftools.Document, tm: pdftools.ToolManager) -> None:
    sq = square(doc, 0)
    highlight = doc.pages[0].add_annotation("Highlight", quads=[pdftools.Rect(*page_rect(0, (300.0, 500.0), (350.0, 510.0)))])
    doc.clear_undo()
    tm.select([sq, highlight])
    tm.style("rectangle", color=(0.0, 1.0, 0.0), fill=(0.0, 0.0, 1.0), width=4)
    assert sq.color == (0.0, 1.0, 0.0) and sq.interior_color == (0.0, 0.0, 1.0) and sq.border_width == 4.0
    assert highlight.color == (0.0, 1.0, 0.0) and highlight.interior_color is None
    assert doc.undo_label == "Change Style"
    doc.undo()
    assert sq.color == (1.0, 0.0, 0.0) and highlight.color != (0.0, 1.0, 0.0)
    assert not doc.can_undo


def test_selection_overlay_is_on_the_annotations_page_only(doc: pdftools.Document, tm: pdftools.ToolManager) -> None:
    sq = square(doc, 1)
    tm.select([sq])
    assert tm.overlay(0).items == []
    assert len(tm.overlay(1).handles) == 8


def test_nudges_of_different_selections_are_separate_steps(doc: pdftools.Document, tm: pdftools.ToolManager) -> None:
    one = square(doc, 0)
    two = doc.pages[0].add_annotation("Circle", page_rect(0, CIRCLE_A, CIRCLE_B))
    doc.clear_undo()
    tm.select([one])
    tm.key("right")
    tm.key("right")
    tm.select([two])
    tm.key("down")
    assert doc.undo() and doc.undo()
    assert not doc.can_undo


def test_moving_a_selection_with_a_locked_member_moves_the_others(doc: pdftools.Document, tm: pdftools.ToolManager) -> None:
    free = square(doc, 0)
    locked = doc.pages[0].add_annotation(
        "Circle", page_rect(0, CIRCLE_A, CIRCLE_B), flags=AnnotationFlag.PRINT | AnnotationFlag.LOCKED
    )
    doc.clear_undo()
    locked_rect = locked.rect
    tm.select([free, locked])
    drag(tm, 0, center(SQ_A, SQ_B), offset(center(SQ_A, SQ_B), 20.0, 20.0))
    assert_rect(free.rect, page_rect(0, offset(SQ_A, 20.0, 20.0), offset(SQ_B, 20.0, 20.0)))
    assert locked.rect == locked_rect


def test_edit_tool_follows_the_tapped_subtype(doc: pdftools.Document, tm: pdftools.ToolManager) -> None:
    square(doc, 0)
    line = doc.pages[0].add_annotation("Line", line=(to_page(0, (300.0, 500.0)), to_page(0, (400.0, 600.0))))
    tm.tap(0, *center(SQ_A, SQ_B))
    assert tm.tool == Tool.ANNOTATION_EDIT
    tm.tap(0, 350.0, 550.0)
    assert tm.tool == Tool.LINE_EDIT and tm.selection == [line]


def test_cancel_during_a_move_writes_nothing(doc: pdftools.Document, tm: pdftools.ToolManager) -> None:
    sq = square(doc, 0)
    original = sq.rect
    tm.tap(0, *center(SQ_A, SQ_B))
    tm.pointer_down(0, *center(SQ_A, SQ_B))
    tm.pointer_move(0, *offset(center(SQ_A, SQ_B), 30.0, 30.0))
    tm.cancel()
    tm.pointer_up(0, *offset(center(SQ_A, SQ_B), 30.0, 30.0))
    assert sq.rect == original and not doc.can_undo


def test_edit_events(doc: pdftools.Document, tm: pdftools.ToolManager) -> None:
    sq = square(doc, 0)
    tm.tap(0, *center(SQ_A, SQ_B))
    rec = Recorder(tm)
    drag(tm, 0, center(SQ_A, SQ_B), offset(center(SQ_A, SQ_B), 10.0, 10.0))
    assert rec.kinds() == ["annotations_modified", "undo_state"]
    rec.clear()
    tm.key("delete")
    assert rec.kinds(["annotations_removed", "undo_state", "selection_changed"]) == [
        "annotations_removed",
        "undo_state",
        "selection_changed",
    ]
    assert rec.of("annotations_removed")[0].ids == [sq.id]


def test_undo_of_a_creation_clears_its_selection(doc: pdftools.Document, tm: pdftools.ToolManager) -> None:
    tm.set_tool("rectangle")
    drag(tm, 0, (140.0, 330.0), (220.0, 390.0))
    (sq,) = tm.selection
    doc.undo()
    assert tm.selection == [] and tm.overlay(0).items == []
    doc.redo()
    assert sq.exists


def test_hit_test_reports_handles_annotations_and_text(doc: pdftools.Document, tm: pdftools.ToolManager) -> None:
    tm.set_tool("rectangle")
    tm.pointer_down(0, 300, 300)
    tm.pointer_move(0, 350, 330)
    tm.pointer_up(0, 400, 350)
    (sq,) = doc.pages[0].annotations
    hit = tm.hit_test(0, 401, 351)
    assert hit.annotation == sq and hit.handle_kind == pdftools.HandleKind.BOX and hit.handle_id == 4
    body = tm.hit_test(0, 350, 320)
    assert body.annotation == sq and body.handle_kind is None and body.handle_id is None and not body.is_link
    empty = tm.hit_test(0, 500, 700, pointer="touch")
    assert empty == pdftools.ToolHit(annotation=None, handle_kind=None, handle_id=None, is_link=False, on_text=False)
    assert not doc.can_undo or doc.undo_label == "Add Square", "hit testing writes nothing"

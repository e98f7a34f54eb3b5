# SPDX-License-Identifier: GPL-3.0-or-later
"""Tool manager, the C contract under the binding: the two-call patterns (size queries, too-small
buffers, the dirty area that only a copying call resets), struct versions and argument checks the
binding normally prevents, called through ctypes directly."""

from __future__ import annotations

import ctypes

import pdftools
from pdftools import Status
from pdftools._library import (
    POINTER_EVENT_VERSION,
    TOOL_CALLBACK,
    TOOL_STYLE_VERSION,
    COverlayItem,
    CPoint,
    CPointerEvent,
    CRect,
    CToolEvent,
    CToolHit,
    CToolStyle,
    lib,
)
from tooltest import A, B, doc, page_rect, tm  # noqa: F401 - fixtures

RECTANGLE = 9
MOUSE = 0


def handle(manager: pdftools.ToolManager) -> int:
    """The C handle of a manager."""
    value = manager._handle
    assert value is not None
    return value


def event(page: int, x: float, y: float, version: int = POINTER_EVENT_VERSION) -> CPointerEvent:
    """A pointer event."""
    return CPointerEvent(version, page, x, y, 0, MOUSE, 0.0, 0.0)


def start_drag(manager: pdftools.ToolManager) -> None:
    """A rectangle drag in progress on page 0 (its overlay has one RECT)."""
    manager.set_tool("rectangle")
    manager.pointer_down(0, *A)
    manager.pointer_move(0, *B)


def overlay_call(manager: pdftools.ToolManager, items, item_cap, points, point_cap, dirty=None):
    """pdftools_tool_get_overlay on page 0: (status, item count, point count)."""
    n_items, n_points = ctypes.c_int32(), ctypes.c_int32()
    status = lib.pdftools_tool_get_overlay(
        handle(manager),
        0,
        ctypes.sizeof(COverlayItem),
        items,
        item_cap,
        points,
        point_cap,
        ctypes.byref(n_items),
        ctypes.byref(n_points),
        None if dirty is None else ctypes.byref(dirty),
    )
    return status, n_items.value, n_points.value


def test_overlay_size_query_and_too_small_buffers(tm: pdftools.ToolManager) -> None:
    start_drag(tm)
    status, n_items, n_points = overlay_call(tm, None, 0, None, 0)
    assert status == Status.OK and n_items == 1 and n_points == 2
    items = (COverlayItem * 1)()
    points = (CPoint * 1)()
    status, n_items, n_points = overlay_call(tm, items, 1, points, 1)
    assert status == Status.BUFFER_TOO_SMALL
    assert (n_items, n_points) == (1, 2), "the sizes needed are reported"
    points = (CPoint * 2)()
    status, _, _ = overlay_call(tm, items, 1, points, 2)
    assert status == Status.OK
    assert items[0].kind == 0 and items[0].point_count == 2
    n = ctypes.c_int32()
    size = ctypes.sizeof(COverlayItem)
    assert lib.pdftools_tool_get_overlay(handle(tm), 0, size, None, 0, None, 0, None, ctypes.byref(n), None) == Status.INVALID_ARGUMENT
    assert lib.pdftools_tool_get_overlay(handle(tm), 5, size, None, 0, None, 0, ctypes.byref(n), ctypes.byref(n), None) == Status.OUT_OF_RANGE
    assert lib.pdftools_tool_get_overlay(handle(tm), 0, 8, None, 0, None, 0, ctypes.byref(n), ctypes.byref(n), None) == Status.INVALID_ARGUMENT
    items = (COverlayItem * 4)()
    assert (
        lib.pdftools_tool_get_overlay(handle(tm), 0, size, items, 4, None, 0, ctypes.byref(n), ctypes.byref(n), None)
        == Status.INVALID_ARGUMENT
    ), "one buffer without the other is refused, not a silent size query"


def test_only_a_copying_call_resets_the_dirty_area(tm: pdftools.ToolManager) -> None:
    start_drag(tm)
    dirty = CRect()
    overlay_call(tm, None, 0, None, 0, dirty)
    first = (dirty.x0, dirty.y0, dirty.x1, dirty.y1)
    assert first != (0.0, 0.0, 0.0, 0.0)
    dirty = CRect()
    overlay_call(tm, None, 0, None, 0, dirty)
    assert (dirty.x0, dirty.y0, dirty.x1, dirty.y1) == first, "a size query does not reset it"
    dirty = CRect()
    status, _, _ = overlay_call(tm, (COverlayItem * 1)(), 1, (CPoint * 1)(), 1, dirty)
    assert status == Status.BUFFER_TOO_SMALL
    assert tm.overlay(0).dirty is not None, "a failed copy does not reset it"
    assert tm.overlay(0).dirty is None


def test_selection_two_call_pattern(doc: pdftools.Document, tm: pdftools.ToolManager) -> None:
    p = doc.pages[0]
    one = p.add_annotation("Square", page_rect(0, (100.0, 300.0), (150.0, 350.0)))
    two = p.add_annotation("Square", page_rect(0, (200.0, 300.0), (250.0, 350.0)))
    tm.select([two, one])
    count = ctypes.c_int32()
    assert lib.pdftools_tool_get_selection(handle(tm), None, 0, ctypes.byref(count)) == Status.OK
    assert count.value == 2
    ids = (ctypes.c_int64 * 1)()
    assert lib.pdftools_tool_get_selection(handle(tm), ids, 1, ctypes.byref(count)) == Status.BUFFER_TOO_SMALL
    ids = (ctypes.c_int64 * 2)()
    assert lib.pdftools_tool_get_selection(handle(tm), ids, 2, ctypes.byref(count)) == Status.OK
    assert list(ids) == [two.id, one.id], "selection order"
    assert lib.pdftools_tool_get_selection(handle(tm), ids, 2, None) == Status.INVALID_ARGUMENT


def test_struct_versions_and_enums_are_checked(tm: pdftools.ToolManager) -> None:
    h = handle(tm)
    handled = ctypes.c_int32(7)
    bad = event(0, *A, version=POINTER_EVENT_VERSION + 1)
    assert lib.pdftools_tool_pointer_down(h, ctypes.byref(bad), ctypes.byref(handled)) == Status.INVALID_ARGUMENT
    assert lib.pdftools_tool_pointer_down(h, None, ctypes.byref(handled)) == Status.INVALID_ARGUMENT
    good = event(0, *A)
    assert lib.pdftools_tool_tap(h, ctypes.byref(good), None) == Status.OK, "out_handled may be NULL"
    assert lib.pdftools_tool_key(h, 0, 0, None) == Status.INVALID_ARGUMENT
    assert lib.pdftools_tool_key(h, 10, 0, None) == Status.INVALID_ARGUMENT
    assert lib.pdftools_tool_set_mode(h, 4) == Status.INVALID_ARGUMENT
    assert lib.pdftools_tool_set_tool(h, 38, 0) == Status.INVALID_ARGUMENT
    assert lib.pdftools_tool_set_tool(h, 31, 0) == Status.NOT_PERMITTED, "the field tools need form mode"
    assert lib.pdftools_tool_set_tool(h, -1, 0) == Status.INVALID_ARGUMENT
    out = ctypes.c_int()
    assert lib.pdftools_tool_from_name(b"oval", ctypes.byref(out)) == Status.OK and out.value == 10
    assert lib.pdftools_tool_from_name(b"ovals", ctypes.byref(out)) == Status.NOT_FOUND
    assert lib.pdftools_tool_from_name(None, ctypes.byref(out)) == Status.INVALID_ARGUMENT
    tool, sticky = ctypes.c_int(), ctypes.c_int32()
    assert lib.pdftools_tool_get_tool(h, None, None) == Status.OK
    assert lib.pdftools_tool_get_tool(h, ctypes.byref(tool), ctypes.byref(sticky)) == Status.OK


def test_style_struct_checks(tm: pdftools.ToolManager) -> None:
    h = handle(tm)
    style = CToolStyle()
    style.version = TOOL_STYLE_VERSION
    assert lib.pdftools_tool_get_style(h, RECTANGLE, ctypes.byref(style)) == Status.OK
    before = tm.style("rectangle")
    wrong_version = CToolStyle.from_buffer_copy(style)
    wrong_version.version = TOOL_STYLE_VERSION + 1
    assert lib.pdftools_tool_set_style(h, RECTANGLE, ctypes.byref(wrong_version)) == Status.INVALID_ARGUMENT
    unterminated = CToolStyle.from_buffer_copy(style)
    ctypes.memmove(ctypes.addressof(unterminated) + CToolStyle.font.offset, b"A" * 64, 64)
    assert lib.pdftools_tool_set_style(h, RECTANGLE, ctypes.byref(unterminated)) == Status.INVALID_ARGUMENT
    too_many_dashes = CToolStyle.from_buffer_copy(style)
    too_many_dashes.border_style = 1
    too_many_dashes.dash_count = 9
    assert lib.pdftools_tool_set_style(h, RECTANGLE, ctypes.byref(too_many_dashes)) == Status.INVALID_ARGUMENT
    bad_ending = CToolStyle.from_buffer_copy(style)
    bad_ending.line_end = 10
    assert lib.pdftools_tool_set_default_style(h, RECTANGLE, ctypes.byref(bad_ending)) == Status.INVALID_ARGUMENT
    assert tm.style("rectangle") == before


def test_output_structs_take_the_callers_version(tm: pdftools.ToolManager) -> None:
    h = handle(tm)
    style = CToolStyle()
    assert lib.pdftools_tool_get_style(h, RECTANGLE, ctypes.byref(style)) == Status.INVALID_ARGUMENT, "version 0"
    assert style.opacity == 0, "a refused call writes nothing"
    tm.add_preset("rectangle", "P")
    assert lib.pdftools_tool_get_preset(h, RECTANGLE, 0, ctypes.byref(style), None, 0, None) == Status.INVALID_ARGUMENT
    # A caller of a later version gets what this library has, and the version it wrote.
    newer = CToolStyle()
    newer.version = TOOL_STYLE_VERSION + 5
    assert lib.pdftools_tool_get_style(h, RECTANGLE, ctypes.byref(newer)) == Status.OK
    assert newer.version == TOOL_STYLE_VERSION and newer.opacity > 0
    hit = CToolHit()
    event = CPointerEvent()
    event.version = 1
    assert lib.pdftools_tool_hit_test(h, ctypes.byref(event), ctypes.byref(hit)) == Status.INVALID_ARGUMENT
    hit.version = 1
    assert lib.pdftools_tool_hit_test(h, ctypes.byref(event), ctypes.byref(hit)) == Status.OK
    assert hit.version == 1 and hit.handle_kind == -1


def test_tool_events_carry_their_size(tm: pdftools.ToolManager) -> None:
    sizes = []

    @TOOL_CALLBACK
    def callback(manager, event, user_data):  # noqa: ANN001, ARG001
        sizes.append(event.contents.size)

    assert lib.pdftools_tool_set_callback(handle(tm), callback, None) == Status.OK
    try:
        tm.set_tool("ink")
    finally:
        assert lib.pdftools_tool_set_callback(handle(tm), TOOL_CALLBACK(), None) == Status.OK
    assert sizes and all(size == ctypes.sizeof(CToolEvent) for size in sizes)


def test_preset_name_two_call_pattern(tm: pdftools.ToolManager) -> None:
    tm.add_preset("oval", "A longer preset name")
    h = handle(tm)
    size = ctypes.c_size_t()
    assert lib.pdftools_tool_get_preset(h, 10, 0, None, None, 0, ctypes.byref(size)) == Status.OK
    assert size.value == len("A longer preset name") + 1
    small = ctypes.create_string_buffer(4)
    assert lib.pdftools_tool_get_preset(h, 10, 0, None, small, 4, ctypes.byref(size)) == Status.BUFFER_TOO_SMALL
    assert lib.pdftools_tool_get_preset(h, 10, 1, None, None, 0, ctypes.byref(size)) == Status.OUT_OF_RANGE


def test_freed_handle_is_ignored_and_null_free_is_harmless(doc: pdftools.Document) -> None:
    lib.pdftools_tool_manager_free(None)
    manager = doc.tool_manager()
    manager.close()
    manager.close()  # the binding frees once
    assert doc.page_count == 3

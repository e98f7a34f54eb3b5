# SPDX-License-Identifier: GPL-3.0-or-later
"""Tool manager, overlays and events: the two-call overlay read and its dirty area, event delivery and
unsubscribing, handler exceptions, re-entrant handlers, lifetime (close, garbage collection, a closed
document) and argument checks of the binding."""

from __future__ import annotations

import gc
import logging
import math
import weakref
from typing import List

import pytest

import pdftools
from pdftools import OverlayKind, Tool, ToolEvent
from tooltest import (
    A,
    B,
    Recorder,
    doc,  # noqa: F401 - fixture
    drag,
    open_doc,
    tm,  # noqa: F401 - fixture
)


# -- overlays -------------------------------------------------------------------------------------------------


def test_overlay_is_empty_without_a_gesture(tm: pdftools.ToolManager) -> None:
    overlay = tm.overlay(0)
    assert overlay.items == [] and overlay.page_index == 0


def test_overlay_items_during_a_drag_and_dirty_area(doc: pdftools.Document, tm: pdftools.ToolManager) -> None:
    tm.overlay(0)  # reset the dirty area
    tm.set_tool("rectangle")
    tm.pointer_down(0, *A)
    tm.pointer_move(0, *B)
    first = tm.overlay(0)
    (item,) = first.items
    assert item.kind == OverlayKind.RECT
    assert item.stroke is not None and len(item.stroke) == 4 and item.stroke[3] > 0
    assert all(0.0 <= c <= 1.0 for c in item.stroke)
    assert item.width > 0 and math.isfinite(item.dash)
    assert item.handle_kind is None and item.annotation is None
    assert first.dirty is not None
    x0, y0, x1, y1 = first.dirty
    assert x0 <= A[0] and y0 <= A[1] and x1 >= B[0] and y1 >= B[1], first.dirty
    again = tm.overlay(0)
    assert again.dirty is None, "reading the overlay resets the dirty area"
    assert again.items == first.items
    assert tm.overlay(1).items == [], "other pages are untouched"
    tm.pointer_move(0, 300.0, 500.0)
    moved = tm.overlay(0)
    assert moved.dirty is not None
    mx0, my0, mx1, my1 = moved.dirty
    assert mx1 >= 300.0 and my1 >= 500.0 and mx0 <= B[0], "the dirty area covers old and new box"
    tm.pointer_up(0, 300.0, 500.0)


def test_overlay_of_a_missing_page(tm: pdftools.ToolManager) -> None:
    with pytest.raises(pdftools.RangeError):
        tm.overlay(3)
    with pytest.raises(pdftools.RangeError):
        tm.pointer_down(7, 10.0, 10.0)


def test_overlay_colours_follow_the_style(tm: pdftools.ToolManager) -> None:
    tm.style("rectangle", color=(0.0, 0.0, 1.0), width=4)
    tm.set_tool("rectangle")
    tm.pointer_down(0, *A)
    tm.pointer_move(0, *B)
    (item,) = tm.overlay(0).of_kind("rect")
    r, g, b, a = item.stroke
    assert (round(r, 2), round(g, 2), round(b, 2)) == (0.0, 0.0, 1.0)
    assert abs(item.width - 4.0) < 0.01


def test_overlay_clears_after_the_gesture(doc: pdftools.Document, tm: pdftools.ToolManager) -> None:
    tm.set_tool("rectangle", sticky=True)
    drag(tm, 0, A, B)
    overlay = tm.overlay(0)
    assert overlay.of_kind("rect") == [] and overlay.handles == []
    assert overlay.dirty is not None


# -- events ---------------------------------------------------------------------------------------------------


def test_event_fields(doc: pdftools.Document, tm: pdftools.ToolManager) -> None:
    rec = Recorder(tm)
    tm.set_tool("oval")
    drag(tm, 1, A, B)
    (circle,) = doc.pages[1].annotations
    assert rec.kinds() == ["tool_changed", "annotations_added", "undo_state", "tool_changed", "selection_changed"]
    changed = rec.events[0]
    assert changed.tool == Tool.OVAL and changed.ids == [] and changed.text is None
    added = rec.of("annotations_added")[0]
    assert added.ids == [circle.id] and added.page_index == 1 and added.target_page is None
    assert added.annotations == [circle]
    assert rec.of("selection_changed")[0].ids == [circle.id]


def test_specific_subscriptions_and_unsubscribe(doc: pdftools.Document, tm: pdftools.ToolManager) -> None:
    tools: List[Tool] = []
    modes: List[ToolEvent] = []
    unsubscribe = tm.on("tool_changed", lambda e: tools.append(e.tool))
    tm.on(pdftools.ToolEventKind.MODE_CHANGED, modes.append)
    tm.set_tool("ink")
    tm.set_tool("line")
    unsubscribe()
    unsubscribe()  # a second call does nothing
    tm.set_tool("oval")
    assert tools == [Tool.INK, Tool.LINE]
    tm.mode = "viewer"
    assert len(modes) == 1 and modes[0].kind == pdftools.ToolEventKind.MODE_CHANGED
    assert tm.mode == pdftools.ToolMode.VIEWER
    with pytest.raises(pdftools.ArgumentError):
        tm.on("tool_change", print)
    with pytest.raises(TypeError):
        tm.on("tool_changed", 42)  # type: ignore[arg-type]


def test_handler_exception_is_raised_after_the_call_did_its_work(
    doc: pdftools.Document, tm: pdftools.ToolManager, caplog: pytest.LogCaptureFixture
) -> None:
    seen: List[str] = []

    def failing(event: ToolEvent) -> None:
        seen.append(event.kind.value)
        raise RuntimeError("handler failed")

    tm.on("annotations_added", failing)
    tm.on("*", lambda e: seen.append("all:" + e.kind.value))
    tm.set_tool("rectangle")
    tm.pointer_down(0, *A)
    tm.pointer_move(0, *B)
    with caplog.at_level(logging.ERROR, logger="pdftools.tools"):
        with pytest.raises(RuntimeError, match="handler failed"):
            tm.pointer_up(0, *B)
    (sq,) = doc.pages[0].annotations
    assert sq.subtype == "Square", "the gesture was written"
    assert tm.selection == [sq] and tm.tool == Tool.PAN, "later events were still delivered"
    assert "all:selection_changed" in seen
    # the next call is not affected
    assert tm.tool == Tool.PAN


def test_second_handler_exception_is_logged(tm: pdftools.ToolManager, caplog: pytest.LogCaptureFixture) -> None:
    def first(event: ToolEvent) -> None:
        raise KeyError("first")

    def second(event: ToolEvent) -> None:
        raise ValueError("second")

    tm.on("tool_changed", first)
    tm.on("tool_changed", second)
    with caplog.at_level(logging.ERROR, logger="pdftools.tools"):
        with pytest.raises(KeyError):
            tm.set_tool("ink")
    assert tm.tool == Tool.INK
    assert any("second" in str(r.exc_info[1]) for r in caplog.records if r.exc_info)


def test_handlers_may_call_back_into_the_library(doc: pdftools.Document, tm: pdftools.ToolManager) -> None:
    found = []

    def on_added(event: ToolEvent) -> None:
        for annotation in event.annotations:
            found.append((annotation.subtype, tm.mode.value, doc.can_undo))

    tm.on("annotations_added", on_added)
    tm.set_tool("rectangle")
    drag(tm, 0, A, B)
    assert found == [("Square", "annotate", True)]


def test_request_events_name_the_tool(tm: pdftools.ToolManager) -> None:
    rec = Recorder(tm)
    tm.set_tool("sticky_note")
    tm.tap(0, *A)
    (request,) = rec.of("request_text")
    assert request.tool == Tool.STICKY_NOTE
    assert request.page_index == 0


# -- lifetime -------------------------------------------------------------------------------------------------


def test_context_manager_and_close(doc: pdftools.Document) -> None:
    with doc.tool_manager() as manager:
        assert not manager.closed
        assert "annotate" in repr(manager)
    assert manager.closed
    manager.close()
    assert repr(manager) == "<pdftools.ToolManager closed>"
    with pytest.raises(pdftools.HandleError):
        manager.tool
    with pytest.raises(pdftools.HandleError):
        manager.pointer_down(0, 1.0, 1.0)


def test_closed_document() -> None:
    document = open_doc()
    manager = document.tool_manager()
    manager.set_tool("rectangle")
    manager.pointer_down(0, *A)
    document.close()
    with pytest.raises(pdftools.ClosedDocumentError):
        manager.pointer_up(0, *B)
    with pytest.raises(pdftools.ClosedDocumentError):
        manager.overlay(0)
    manager.close()


def test_manager_keeps_its_document_alive() -> None:
    document = open_doc()
    manager = document.tool_manager()
    ref = weakref.ref(document)
    del document
    gc.collect()
    assert ref() is not None
    manager.set_tool("rectangle")
    drag(manager, 0, A, B)
    assert [a.subtype for a in manager.document.pages[0].annotations] == ["Square"]
    manager.close()


def test_unreferenced_manager_with_handlers_is_collected() -> None:
    document = open_doc()
    manager = document.tool_manager()
    events: List[ToolEvent] = []
    manager.on("*", events.append)
    manager.set_tool("ink")
    assert events
    ref = weakref.ref(manager)
    del manager
    gc.collect()
    assert ref() is None
    # the document goes on working
    document.pages[0].add_annotation("Square", (100, 100, 200, 200))
    assert document.undo() is True
    document.close()


def test_gesture_of_a_freed_manager_writes_nothing() -> None:
    document = open_doc()
    manager = document.tool_manager()
    manager.set_tool("ink")
    manager.pointer_down(0, *A)
    manager.pointer_move(0, *B)
    manager.close()
    assert document.pages[0].annotations == []
    assert not document.can_undo
    document.close()


def test_two_managers_are_independent(doc: pdftools.Document) -> None:
    with doc.tool_manager() as one, doc.tool_manager() as two:
        one.set_tool("ink")
        assert two.tool == Tool.PAN
        one.style("ink", color=(0, 1, 0))
        assert two.style("ink").color == (0.0, 0.0, 1.0)


# -- binding argument checks ----------------------------------------------------------------------------------------


def test_argument_checks(tm: pdftools.ToolManager) -> None:
    with pytest.raises(TypeError):
        tm.pointer_down(0, "10", 10.0)  # type: ignore[arg-type]
    with pytest.raises(pdftools.ArgumentError):
        tm.pointer_down(0, math.nan, 10.0)
    with pytest.raises(pdftools.ArgumentError):
        tm.pointer_down(0, 10.0, 10.0, pointer="trackball")
    with pytest.raises(pdftools.ArgumentError):
        tm.key("space")
    with pytest.raises(pdftools.ArgumentError):
        tm.mode = "edit"
    with pytest.raises(TypeError):
        tm.provide_link()
    with pytest.raises(TypeError):
        tm.provide_link(uri="https://x.org", page=1)
    with pytest.raises(pdftools.RangeError):
        tm.provide_link(page=9)
    with pytest.raises(pdftools.ArgumentError):
        tm.provide_ink([])
    with pytest.raises(pdftools.ArgumentError):
        tm.provide_ink([[(0.0, 0.0)], []])
    with pytest.raises(TypeError):
        tm.provide_image("not bytes")  # type: ignore[arg-type]
    with pytest.raises(pdftools.ArgumentError):
        tm.commit_text("nul\0")


def test_selection_of_another_document_is_refused(tm: pdftools.ToolManager) -> None:
    other = open_doc()
    try:
        annotation = other.pages[0].add_annotation("Square", (100, 100, 200, 200))
        with pytest.raises(pdftools.ArgumentError):
            tm.select([annotation])
    finally:
        other.close()


# SPDX-License-Identifier: GPL-3.0-or-later
"""Tool manager, permissions: viewer and page-edit modes create and change nothing; form mode takes the
field tools only and leaves annotations alone; a document without the annotate permission starts in
viewer mode and refuses annotate and form mode; leaving annotate mode."""

from __future__ import annotations

import subprocess
from pathlib import Path
from typing import Iterator

import pytest

import pdftools
from pdftools import AnnotationFlag, Permission, Tool, ToolMode
from tooltest import (
    A,
    B,
    Recorder,
    doc,  # noqa: F401 - fixture
    drag,
    glyph_center,
    page_rect,
    pdf_bytes,
    tm,  # noqa: F401 - fixture
)

VIEWER_TOOLS = {Tool.PAN, Tool.TEXT_SELECT}
OTHER_TOOLS = [t.value for t in Tool if t not in VIEWER_TOOLS]
FORM_TOOLS = [t.value for t in Tool if t.value.startswith("form_")] + [Tool.ANNOTATION_EDIT.value]
ANNOTATION_TOOLS = [t for t in OTHER_TOOLS if t not in FORM_TOOLS]


@pytest.fixture
def restricted(tmp_path: Path) -> Iterator[pdftools.Document]:
    """The test document encrypted (AES-256, empty user password) without the annotate and modify permissions."""
    plain = tmp_path / "plain.pdf"
    plain.write_bytes(pdf_bytes())
    target = tmp_path / "restricted.pdf"
    subprocess.run(
        ["qpdf", "--encrypt", "", "owner-secret", "256", "--annotate=n", "--modify=none", "--", str(plain), str(target)],
        check=True,
        capture_output=True,
    )
    with pdftools.open(target) as document:
        yield document


@pytest.mark.parametrize("mode", ["viewer", "page_edit"])
@pytest.mark.parametrize("tool", OTHER_TOOLS)
def test_viewer_like_modes_refuse_creation_and_edit_tools(tm: pdftools.ToolManager, mode: str, tool: str) -> None:
    tm.mode = mode
    assert tm.mode == ToolMode(mode)
    with pytest.raises(pdftools.NotPermittedError):
        tm.set_tool(tool)
    assert tm.tool == Tool.PAN


@pytest.mark.parametrize("tool", ANNOTATION_TOOLS)
def test_form_mode_refuses_annotation_tools(tm: pdftools.ToolManager, tool: str) -> None:
    tm.mode = "form"
    with pytest.raises(pdftools.NotPermittedError):
        tm.set_tool(tool)
    assert tm.tool == Tool.PAN


@pytest.mark.parametrize("tool", FORM_TOOLS)
def test_form_tools_need_form_mode(tm: pdftools.ToolManager, tool: str) -> None:
    tm.mode = "form"
    tm.set_tool(tool)
    assert tm.tool == Tool(tool)
    tm.mode = "annotate"
    if tool != Tool.ANNOTATION_EDIT.value:
        assert tm.tool == Tool.PAN
        with pytest.raises(pdftools.NotPermittedError):
            tm.set_tool(tool)


def test_form_mode_leaves_annotations_alone(doc: pdftools.Document, tm: pdftools.ToolManager) -> None:
    sq = doc.pages[0].add_annotation("Square", page_rect(0, (300.0, 500.0), (380.0, 560.0)))
    doc.clear_undo()
    original = sq.rect
    tm.mode = "form"
    tm.tap(0, 340.0, 530.0)
    drag(tm, 0, (340.0, 530.0), (400.0, 600.0))
    tm.key("delete")
    with pytest.raises(pdftools.NotPermittedError):
        tm.select([sq])
    assert tm.selection == [] and sq.rect == original and not doc.can_undo


@pytest.mark.parametrize("mode", ["viewer", "page_edit"])
def test_viewer_like_modes_create_and_change_nothing(doc: pdftools.Document, tm: pdftools.ToolManager, mode: str) -> None:
    sq = doc.pages[0].add_annotation("Square", page_rect(0, (300.0, 500.0), (380.0, 560.0)))
    doc.clear_undo()
    original = sq.rect
    tm.mode = mode
    tm.set_tool("text_select")
    tm.set_tool("pan")
    drag(tm, 0, A, B)
    tm.pointer_down(0, 20.0, 700.0)
    assert tm.pointer_move(0, 60.0, 740.0) is False, "a drag on empty space is the host's (scroll)"
    tm.pointer_up(0, 60.0, 740.0)
    tm.tap(0, 340.0, 530.0)
    drag(tm, 0, (340.0, 530.0), (400.0, 600.0))
    tm.key("delete")
    tm.key("right")
    with pytest.raises(pdftools.NotPermittedError):
        tm.select([sq])
    with pytest.raises(pdftools.NotPermittedError):
        tm.delete_selection()
    assert tm.selection == []
    assert [a.id for a in doc.pages[0].annotations] == [sq.id]
    assert sq.rect == original
    assert not doc.can_undo


def test_viewer_mode_still_selects_text(doc: pdftools.Document, tm: pdftools.ToolManager) -> None:
    tm.mode = "viewer"
    start, end = glyph_center(0, 0, 0), glyph_center(0, 0, 4, 0.9)
    assert drag(tm, 0, start, end).of_kind("quad")
    assert tm.selected_text == "Hello"
    assert not doc.can_undo


def test_leaving_annotate_mode_cancels_clears_and_returns_to_pan(
    doc: pdftools.Document, tm: pdftools.ToolManager
) -> None:
    sq = doc.pages[0].add_annotation("Square", page_rect(0, (300.0, 500.0), (380.0, 560.0)))
    doc.clear_undo()
    tm.select([sq])
    rec = Recorder(tm)
    tm.mode = "viewer"
    assert tm.selection == [] and tm.tool == Tool.PAN
    assert "mode_changed" in rec.kinds()
    tm.mode = "annotate"
    tm.set_tool("rectangle")
    tm.pointer_down(0, *A)
    tm.pointer_move(0, *B)
    tm.mode = "viewer"
    tm.pointer_up(0, *B)
    assert [a.id for a in doc.pages[0].annotations] == [sq.id]
    assert not doc.can_undo


def test_restricted_document_starts_in_viewer_mode(restricted: pdftools.Document) -> None:
    assert Permission.ANNOTATE not in restricted.permissions
    with restricted.tool_manager() as manager:
        assert manager.mode == ToolMode.VIEWER
        with pytest.raises(pdftools.NotPermittedError):
            manager.mode = "annotate"
        with pytest.raises(pdftools.NotPermittedError):
            manager.mode = "form"
        assert manager.mode == ToolMode.VIEWER
        for tool in ("form_text", "highlight", "ink", "rectangle", "sticky_note", "annotation_edit"):
            with pytest.raises(pdftools.NotPermittedError):
                manager.set_tool(tool)
        manager.set_tool("text_select")
        drag(manager, 0, glyph_center(0, 0, 0), glyph_center(0, 0, 4, 0.9))
        assert manager.selected_text == "Hello"
        drag(manager, 0, A, B)
        assert restricted.pages[0].annotations == []
        assert not restricted.can_undo and not restricted.is_modified


def test_restricted_document_opened_with_the_owner_password_allows_annotating(tmp_path: Path) -> None:
    plain = tmp_path / "plain.pdf"
    plain.write_bytes(pdf_bytes())
    target = tmp_path / "restricted.pdf"
    subprocess.run(
        ["qpdf", "--encrypt", "", "owner-secret", "256", "--annotate=n", "--", str(plain), str(target)],
        check=True,
        capture_output=True,
    )
    with pdftools.open(target, password="owner-secret") as document, document.tool_manager() as manager:
        assert manager.mode == ToolMode.ANNOTATE
        manager.set_tool("rectangle")
        drag(manager, 0, A, B)
        assert [a.subtype for a in document.pages[0].annotations] == ["Square"]


def test_hidden_no_view_and_popup_annotations_are_not_hit(doc: pdftools.Document, tm: pdftools.ToolManager) -> None:
    p = doc.pages[0]
    box = page_rect(0, A, B)
    p.add_annotation("Square", box, flags=AnnotationFlag.HIDDEN)
    p.add_annotation("Square", box, flags=AnnotationFlag.NO_VIEW)
    p.add_annotation("Square", box, flags=AnnotationFlag.READ_ONLY)
    doc.clear_undo()
    tm.tap(0, (A[0] + B[0]) / 2, (A[1] + B[1]) / 2)
    assert tm.selection == []
    assert tm.tool == Tool.PAN
    drag(tm, 0, (A[0] - 10.0, A[1] - 10.0), (B[0] + 10.0, B[1] + 10.0))  # a box selection around them
    assert tm.selection == []

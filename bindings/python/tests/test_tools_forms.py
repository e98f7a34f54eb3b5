# SPDX-License-Identifier: GPL-3.0-or-later
"""The tool manager fills and designs forms on pages turned 0, 90, 180 and 270 degrees: taps on
check boxes and radio buttons, typing into a text field, Tab, a choice request, and fields dragged
out in form mode; PDFium reads back what was filled."""

from __future__ import annotations

from pathlib import Path
from typing import Tuple

import pytest

import corpus
import forminterop
import pdftools
from pdftools import FieldType
from tooltest import Recorder


def centre(document: pdftools.Document, widget: pdftools.FieldWidget) -> Tuple[float, float]:
    """The display-space centre of a widget."""
    box = document.pages[widget.page_index].to_display(widget.rect)
    return ((box.x0 + box.x1) / 2, (box.y0 + box.y1) / 2)


@pytest.mark.parametrize("rotation", [0, 90, 180, 270])
def test_filling_by_taps_and_typing_on_turned_pages(rotation: int, tmp_path: Path) -> None:
    out = tmp_path / "filled.pdf"
    with pdftools.open(corpus.path("qpdf-overlay-copy-annotations-rotated.pdf")) as document:
        texts = [
            f for f in document.fields.all()
            if f.type == FieldType.TEXT and document.pages[f.widgets[0].page_index].rotation == rotation
        ]
        radios = [
            f for f in document.fields.all()
            if f.type == FieldType.RADIO and document.pages[f.widgets[0].page_index].rotation == rotation
        ]
        assert texts and radios
        field, radio = texts[0], radios[0]
        name = field.name
        field.value = "Was"
        with document.tool_manager() as tm:
            tm.mode = "viewer"
            seen = Recorder(tm)
            page = field.widgets[0].page_index
            assert tm.tap(page, *centre(document, field.widgets[0]))
            assert [e.text for e in seen.of("field_focused")] == [name]
            tm.key("backspace")  # typing replaces the selection at the caret (the end)
            for piece in ("Turned ", str(rotation), " °"):
                assert tm.input_text(piece)
            expected = f"WaTurned {rotation} °"
            assert field.value == expected
            caret = tm.overlay(page).of_kind("caret")
            box = document.pages[page].to_display(field.widgets[0].rect)
            assert caret and all(box.x0 - 1 <= x <= box.x1 + 1 and box.y0 - 1 <= y <= box.y1 + 1 for x, y in caret[0].points)
            # The last radio button of the group turns on with a tap.
            last = radio.widgets[-1]
            assert tm.tap(last.page_index, *centre(document, last))
            now = radio.widgets
            assert now[-1].on and [w.on for w in now] == [w.on_state == last.on_state for w in now]
        document.save(out)
    assert {v for v, _ in forminterop.pdfium_values(str(out))[name]} == {expected}


def test_tab_order_and_choice_requests() -> None:
    with pdftools.open(corpus.path("pdfbox-acroform-9-revisions.pdf")) as document:
        with document.tool_manager() as tm:
            tm.mode = "viewer"
            seen = Recorder(tm)
            for _ in range(4):
                assert tm.key("tab")
            names = [e.text for e in seen.of("field_focused") if e.ids]
            assert len(names) == 4 and len(set(names)) == 4
            assert all(document.fields[n].type not in (FieldType.PUSH_BUTTON, FieldType.SIGNATURE) for n in names)
            seen.clear()
            combo = document.fields["ComboBox"].widgets[0]
            assert tm.tap(combo.page_index, *centre(document, combo))
            request = seen.of("request_choice")
            assert request and request[0].text == "ComboBox" and request[0].ids == [combo.annotation_id]
            document.fields["ComboBox"].value = "Audi"  # the host's answer
            assert tm.key("escape")


@pytest.mark.parametrize("rotation", [0, 90])
def test_form_mode_drags_out_fields(rotation: int) -> None:
    with pdftools.new() as document:
        document.pages.insert(0, None, width=612, height=792)
        page = document.pages[0]
        page.rotation = rotation
        with document.tool_manager() as tm:
            tm.mode = "form"
            for tool, (x0, y0, x1, y1) in [("form_text", (50, 50, 250, 80)), ("form_checkbox", (50, 120, 70, 140))]:
                tm.set_tool(tool)
                tm.pointer_down(0, x0, y0)
                tm.pointer_move(0, (x0 + x1) / 2, (y0 + y1) / 2)
                tm.pointer_up(0, x1, y1)
                assert tm.tool.value == "annotation_edit"
            text, box = document.fields["Text1"], document.fields["Check Box1"]
            shown = page.to_display(text.widgets[0].rect)
            assert (round(shown.x0), round(shown.y0), round(shown.x1), round(shown.y1)) == (50, 50, 250, 80)
            tm.mode = "viewer"
            assert tm.tap(0, 60, 130) and box.checked
            assert tm.tap(0, 100, 65) and tm.input_text("made here")
        assert text.value == "made here"

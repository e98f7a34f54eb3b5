# SPDX-License-Identifier: GPL-3.0-or-later
"""Tool manager, styles: the built-in defaults, defaults and selections, the snapshot at pointer down,
presets, and the JSON export and import (SPEC.md "Styles")."""

from __future__ import annotations

import json
from typing import Any, Dict

import pytest

import pdftools
from pdftools import BorderStyle, LineEnding, Tool, ToolStyle
from tooltest import (
    A,
    B,
    assert_color,
    close,
    doc,  # noqa: F401 - fixture
    drag,
    tm,  # noqa: F401 - fixture
)

RED = (1.0, 0.0, 0.0)
BLUE = (0.0, 0.0, 1.0)
GREEN = (0.0, 1.0, 0.0)
MEASURE = (0.0, 0.4, 1.0)

# tool: (color, width or None, opacity, extra checks)
DEFAULTS: Dict[str, Dict[str, Any]] = {
    "highlight": {"color": (1.0, 1.0, 0.0)},
    "underline": {"color": (0.0, 0.6, 0.0)},
    "squiggly": {"color": (0.9, 0.3, 0.0)},
    "strike_out": {"color": RED},
    "ink": {"color": BLUE, "width": 2.0},
    "free_highlight": {"color": (1.0, 1.0, 0.0), "width": 12.0, "opacity": 0.4},
    "eraser": {"width": 10.0},
    "rectangle": {"color": RED, "width": 2.0},
    "oval": {"color": RED, "width": 2.0},
    "line": {"color": RED, "width": 2.0},
    "polyline": {"color": RED, "width": 2.0},
    "polygon": {"color": RED, "width": 2.0},
    "arrow": {"color": RED, "width": 2.0, "line_end": LineEnding.OPEN_ARROW},
    "ruler": {"color": MEASURE, "width": 1.0, "line_start": LineEnding.BUTT, "line_end": LineEnding.BUTT},
    "perimeter": {"color": MEASURE, "width": 1.0},
    "area": {"color": MEASURE, "width": 1.0},
    "cloud": {"color": RED, "width": 2.0, "cloudy": 1.0},
    "free_text": {"color": None, "width": 0.0, "font": "Helvetica", "font_size": 12.0, "text_color": (0.0, 0.0, 0.0)},
    "callout": {
        "color": (0.0, 0.0, 0.0),
        "width": 1.0,
        "line_start": LineEnding.OPEN_ARROW,
        "font": "Helvetica",
        "font_size": 12.0,
    },
    "sticky_note": {"color": (1.0, 0.82, 0.0), "icon": "Comment"},
    "stamp": {"color": (0.8, 0.0, 0.0), "icon": "Approved"},
    "file_attachment": {"color": BLUE, "icon": "PushPin"},
    "signature": {"color": (0.0, 0.0, 0.5), "width": 2.0},
    "link": {"color": None, "width": 0.0},
}


@pytest.mark.parametrize("tool", sorted(DEFAULTS))
def test_built_in_defaults(tm: pdftools.ToolManager, tool: str) -> None:
    style = tm.style(tool)
    assert isinstance(style, ToolStyle)
    want = DEFAULTS[tool]
    if "color" in want:
        assert_color(style.color, want["color"], f"{tool} color")
    for name in ("width", "cloudy", "font_size"):
        if name in want:
            assert close(getattr(style, name), want[name], 0.001), (tool, name, getattr(style, name))
    assert close(style.opacity, want.get("opacity", 1.0), 0.001)
    assert style.border_style == BorderStyle.SOLID
    for name in ("line_start", "line_end"):
        if name in want:
            assert getattr(style, name) == want[name], (tool, name)
    for name in ("font", "icon"):
        if name in want:
            assert getattr(style, name) == want[name], (tool, name)
    if "text_color" in want:
        assert_color(style.text_color, want["text_color"])


def test_style_without_selection_sets_the_default_used_by_new_annotations(
    doc: pdftools.Document, tm: pdftools.ToolManager
) -> None:
    new = tm.style("rectangle", color=BLUE, width=5, border_style="dashed", dashes=(4, 2), fill=GREEN, opacity=0.5)
    assert new.color == BLUE and new.width == 5.0 and new.border_style == BorderStyle.DASHED
    assert tm.style("rectangle") == new
    assert not doc.can_undo, "changing a default is not a document change"
    tm.set_tool("rectangle")
    drag(tm, 0, A, B)
    (sq,) = doc.pages[0].annotations
    assert_color(sq.color, BLUE)
    assert_color(sq.interior_color, GREEN)
    assert close(sq.border_width, 5.0, 0.01)
    assert sq.border_style == BorderStyle.DASHED
    assert sq.dashes == (4.0, 2.0)
    assert close(sq.opacity, 0.5, 0.01)


def test_style_with_a_selection_changes_the_selection_not_the_default(
    doc: pdftools.Document, tm: pdftools.ToolManager
) -> None:
    tm.set_tool("rectangle")
    drag(tm, 0, A, B)
    (sq,) = doc.pages[0].annotations
    assert tm.selection == [sq]
    doc.clear_undo()
    default = tm.style("rectangle")
    rec_ids = []
    tm.on("annotations_modified", lambda e: rec_ids.extend(e.ids))
    for value in [(0.2, 0.2, 1.0), (0.1, 0.1, 1.0), BLUE]:
        tm.style("rectangle", color=value)
    assert_color(sq.color, BLUE)
    assert tm.style("rectangle") == default
    assert set(rec_ids) == {sq.id}
    assert doc.undo_label == "Change Style"
    assert doc.undo() is True
    assert_color(sq.color, RED)
    assert not doc.can_undo, "repeated changes of the same fields are one step"


def test_style_changes_apply_the_named_fields_only(doc: pdftools.Document, tm: pdftools.ToolManager) -> None:
    tm.set_tool("rectangle")
    drag(tm, 0, A, B)
    (sq,) = doc.pages[0].annotations
    tm.style("rectangle", ToolStyle(color=BLUE, width=6))  # a whole style: every field
    assert_color(sq.color, BLUE)
    assert sq.border_width == pytest.approx(6)
    tm.style("rectangle", width=1)  # the default's colour (red) is not applied
    assert sq.border_width == pytest.approx(1)
    assert_color(sq.color, BLUE)
    tm.select([])
    tm.style("rectangle", opacity=0.5)
    assert tm.style("rectangle").opacity == pytest.approx(0.5)
    assert tm.style("rectangle").width == pytest.approx(2), "only the named field of the default changed"


def test_set_default_style_ignores_the_selection(doc: pdftools.Document, tm: pdftools.ToolManager) -> None:
    tm.set_tool("rectangle")
    drag(tm, 0, A, B)
    (sq,) = doc.pages[0].annotations
    assert tm.selection == [sq]
    doc.clear_undo()
    tm.set_default_style("rectangle", color=GREEN)
    assert_color(tm.style("rectangle").color, GREEN)
    assert_color(sq.color, RED)
    assert not doc.can_undo


def test_style_is_snapshotted_at_pointer_down(doc: pdftools.Document, tm: pdftools.ToolManager) -> None:
    tm.set_tool("rectangle")
    tm.pointer_down(0, *A)
    tm.set_default_style("rectangle", color=GREEN, width=7)
    tm.pointer_move(0, *B)
    tm.pointer_up(0, *B)
    (sq,) = doc.pages[0].annotations
    assert_color(sq.color, RED)
    assert close(sq.border_width, 2.0, 0.01)
    assert tm.tool == Tool.PAN
    tm.set_tool("rectangle")
    drag(tm, 0, (300.0, 500.0), (350.0, 560.0))
    assert_color(doc.pages[0].annotations[-1].color, GREEN)


def test_arrow_style_applies_to_new_lines(doc: pdftools.Document, tm: pdftools.ToolManager) -> None:
    tm.style("arrow", color=BLUE, width=3, line_start="circle", line_end="ClosedArrow")
    tm.set_tool("arrow")
    drag(tm, 0, A, B)
    (line,) = doc.pages[0].annotations
    assert_color(line.color, BLUE)
    assert close(line.border_width, 3.0, 0.01)
    assert line.line_endings == (LineEnding.CIRCLE, LineEnding.CLOSED_ARROW)


def test_stamp_and_note_icons(doc: pdftools.Document, tm: pdftools.ToolManager) -> None:
    tm.style("stamp", icon="Draft")
    tm.style("sticky_note", icon="Key")
    tm.set_tool("stamp")
    tm.tap(0, *A)
    tm.set_tool("sticky_note")
    tm.tap(0, *B)
    tm.commit_text("k")
    stamp, note = doc.pages[0].annotations
    assert stamp.icon == "Draft"
    assert note.icon == "Key"


def test_free_text_style(doc: pdftools.Document, tm: pdftools.ToolManager) -> None:
    tm.style("free_text", font="Courier", font_size=18, text_color=(0, 0, 1))
    tm.set_tool("free_text")
    tm.tap(1, *A)
    tm.commit_text("typed")
    (text,) = doc.pages[1].annotations
    assert text.font == "Courier"
    assert close(text.font_size, 18.0, 0.01)
    assert_color(text.text_color, BLUE)
    assert text.contents == "typed"


@pytest.mark.parametrize(
    "changes",
    [
        {"opacity": 1.5},
        {"opacity": -0.1},
        {"width": -1},
        {"width": 1001},
        {"cloudy": 3},
        {"font_size": 0},
    ],
)
def test_out_of_range_styles_are_refused(tm: pdftools.ToolManager, changes: Dict[str, Any]) -> None:
    before = tm.style("rectangle")
    with pytest.raises(pdftools.ArgumentError):
        tm.style("rectangle", **changes)
    with pytest.raises(pdftools.ArgumentError):
        tm.set_default_style("rectangle", **changes)
    assert tm.style("rectangle") == before


def test_binding_checks_style_types() -> None:
    with pytest.raises(TypeError):
        ToolStyle(color="red")  # type: ignore[arg-type]
    with pytest.raises(pdftools.ArgumentError):
        ToolStyle(dashes=tuple(range(1, 10)))
    with pytest.raises(pdftools.ArgumentError):
        ToolStyle(font="X" * 64)
    with pytest.raises(pdftools.ArgumentError):
        ToolStyle(line_end="spiral")
    with pytest.raises(TypeError):
        ToolStyle().replace(colour=(1, 0, 0))
    assert ToolStyle(line_end="OpenArrow").line_end == LineEnding.OPEN_ARROW


def test_unknown_tool_names_are_refused(tm: pdftools.ToolManager) -> None:
    with pytest.raises(pdftools.ArgumentError):
        tm.style("lasso")
    with pytest.raises(pdftools.ArgumentError):
        tm.set_tool("lasso")


# -- presets --------------------------------------------------------------------------------------------------


def test_presets(tm: pdftools.ToolManager) -> None:
    assert tm.presets("ink") == []
    thin = tm.style("ink").replace(width=1.0)
    tm.add_preset("ink", "Thin", thin)
    tm.add_preset("ink", "Thick red", width=8.0, color=RED)
    tm.add_preset("ink", "Pastell \u00e9", color=(0.5, 0.8, 0.5))
    names = [name for name, _ in tm.presets("ink")]
    assert names == ["Thin", "Thick red", "Pastell \u00e9"]
    assert tm.presets("ink")[0][1] == thin
    assert_color(tm.presets("ink")[1][1].color, RED)
    tm.add_preset("ink", "Thin", thin.replace(width=0.5))  # same name: replaced
    presets = tm.presets("ink")
    assert [name for name, _ in presets].count("Thin") == 1 and len(presets) == 3
    assert [s.width for n, s in presets if n == "Thin"] == [0.5]
    tm.remove_preset("ink", 1)
    assert len(tm.presets("ink")) == 2
    with pytest.raises(pdftools.RangeError):
        tm.remove_preset("ink", 5)
    assert tm.presets("rectangle") == [], "presets belong to one tool"


# -- JSON ------------------------------------------------------------------------------------------------------


def test_export_layout(tm: pdftools.ToolManager) -> None:
    tm.add_preset("arrow", "Blue", color=BLUE)
    data = json.loads(tm.export_styles())
    assert data["version"] == 1
    tools = data["tools"]
    assert set(DEFAULTS) <= set(tools)
    arrow = tools["arrow"]
    style = arrow["style"]
    assert style["color"] == [1, 0, 0] or style["color"] == [1.0, 0.0, 0.0]
    assert style["line_end"] == "OpenArrow" and style["line_start"] == "None"
    assert style["border_style"] == "solid"
    assert style["width"] == 2
    for key in ("fill", "opacity", "dashes", "cloudy", "font", "font_size", "text_color", "icon"):
        assert key in style, key
    assert tools["link"]["style"]["color"] is None
    assert [p["name"] for p in arrow["presets"]] == ["Blue"]
    assert arrow["presets"][0]["style"]["color"] in ([0, 0, 1], [0.0, 0.0, 1.0])


def test_export_import_round_trip(doc: pdftools.Document) -> None:
    with doc.tool_manager() as first:
        first.set_default_style("oval", color=GREEN, width=4, border_style="dashed", dashes=[2, 1])
        first.add_preset("oval", "Big", width=9)
        exported = first.export_styles()
        expected_oval = first.style("oval")
    with doc.tool_manager() as second:
        assert second.style("oval") != expected_oval, "managers start with the built-in styles"
        second.import_styles(exported)
        assert second.style("oval") == expected_oval
        assert [n for n, _ in second.presets("oval")] == ["Big"]
        assert json.loads(second.export_styles()) == json.loads(exported)


def test_import_keeps_tools_it_does_not_name_and_ignores_unknown_keys(tm: pdftools.ToolManager) -> None:
    tm.set_default_style("line", color=GREEN)
    tm.import_styles(
        {
            "version": 1,
            "tools": {
                "oval": {"style": {"color": [0, 0, 1], "width": 6}, "presets": []},
                "lasso": {"style": {"color": [1, 1, 1]}},
            },
            "extra": True,
        }
    )
    assert_color(tm.style("oval").color, BLUE)
    assert close(tm.style("oval").width, 6.0, 0.001)
    assert_color(tm.style("line").color, GREEN)


@pytest.mark.parametrize(
    "text",
    [
        "not json",
        '{"version": 1, "tools": {"oval": {"style": {"opacity": "high"}}}}',
        '{"version": 1, "tools": {"oval": {"style": {"width": -3}}}}',
        '{"version": 1, "tools": {"oval": {"style": {"line_end": "Spiral"}}}}',
        '{"version": 1, "tools": {"oval": {"style": {"color": [1, 0]}}}}',
    ],
)
def test_bad_imports_change_nothing(tm: pdftools.ToolManager, text: str) -> None:
    before = tm.export_styles()
    # the first tool is valid: all or nothing means it is not applied either
    if text.startswith("{"):
        data = json.loads(text)
        data["tools"] = {"line": {"style": {"color": [0, 1, 0]}}, **data["tools"]}
        text = json.dumps(data)
    with pytest.raises(pdftools.ArgumentError):
        tm.import_styles(text)
    assert tm.export_styles() == before

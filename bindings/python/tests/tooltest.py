# SPDX-License-Identifier: GPL-3.0-or-later
"""Shared helpers of the tool manager tests (test_tools_*.py): the test document, the
display -> page mapping written out independently, scripted gestures and an event recorder.

The document has three pages showing the known-layout text (knownlayout.py):

* page 0: MediaBox [0 0 612 792], no CropBox, /Rotate 0 (display 612 x 792);
* page 1: MediaBox [0 0 612 792], CropBox [36 48 576 744], /Rotate 90 (display 696 x 540);
* page 2: as page 0 (for gestures that cross pages).

The display rectangle EMPTY (120..300 x 300..460) holds no text on pages 0 and 1.
"""

from __future__ import annotations

import io
import math
from dataclasses import dataclass
from typing import Any, Dict, Iterable, List, Optional, Sequence, Tuple

import pytest

import knownlayout
import pdfgen
import pdftools
from pdfgen import PageSpec

Pt = Tuple[float, float]
Box4 = Tuple[float, float, float, float]

TOL = 0.5

MEDIA: Box4 = (0.0, 0.0, 612.0, 792.0)
ROTATED_CROP: Box4 = (36.0, 48.0, 576.0, 744.0)


@dataclass(frozen=True)
class Geometry:
    """How a test page maps display space to page space."""

    crop: Box4
    rotate: int

    @property
    def display_size(self) -> Tuple[float, float]:
        """Width and height as displayed."""
        w, h = self.crop[2] - self.crop[0], self.crop[3] - self.crop[1]
        return (h, w) if self.rotate in (90, 270) else (w, h)


GEOMETRY: Dict[int, Geometry] = {
    0: Geometry(MEDIA, 0),
    1: Geometry(ROTATED_CROP, 90),
    2: Geometry(MEDIA, 0),
}

#: The two pages every creation tool is scripted on: unrotated, and /Rotate 90 with an offset CropBox.
TEST_PAGES = [0, 1]

# Display points in empty space (no text) on pages 0 and 1.
A: Pt = (120.0, 320.0)
B: Pt = (260.0, 420.0)


def pdf_bytes() -> bytes:
    """The test document."""
    runs = [run for line in knownlayout.LINE_RUNS for run in line]
    return pdfgen.build(
        [
            PageSpec(runs=runs, media_box=MEDIA),
            PageSpec(runs=runs, media_box=MEDIA, crop_box=ROTATED_CROP, rotate=90),
            PageSpec(runs=runs, media_box=MEDIA),
        ]
    )


def open_doc() -> pdftools.Document:
    """The test document, opened from memory, with no undo history."""
    doc = pdftools.open(pdf_bytes())
    doc.clear_undo()
    return doc


# -- coordinates ----------------------------------------------------------------------------------


def to_page(page: int, point: Pt) -> Pt:
    """Display -> page space of a test page (pdfgen's independent formula).

    For /Rotate 90 with crop (x0, y0, ...): display (dx, dy) -> page (x0 + dy, y0 + dx).
    """
    g = GEOMETRY[page]
    return pdfgen.to_page(point, g.crop, g.rotate)


def to_display(page: int, point: Pt) -> Pt:
    """Page -> display space of a test page."""
    g = GEOMETRY[page]
    return pdfgen.to_display(point, g.crop, g.rotate)


def page_rect(page: int, a: Pt, b: Pt) -> Box4:
    """The page-space rectangle of the display box with corners a and b: the bounding box of the mapped corners."""
    corners = [to_page(page, (x, y)) for x in (a[0], b[0]) for y in (a[1], b[1])]
    xs = [c[0] for c in corners]
    ys = [c[1] for c in corners]
    return min(xs), min(ys), max(xs), max(ys)


def display_rect(page: int, rect: Sequence[float]) -> Box4:
    """The display-space box of a page-space rectangle."""
    x0, y0, x1, y1 = rect
    corners = [to_display(page, (x, y)) for x in (x0, x1) for y in (y0, y1)]
    xs = [c[0] for c in corners]
    ys = [c[1] for c in corners]
    return min(xs), min(ys), max(xs), max(ys)


def glyph_center(page: int, line: int, col: int, frac: float = 0.5) -> Pt:
    """The display point inside the glyph at (line, col) of the known layout, ``frac`` of the way across it."""
    g = knownlayout.glyph(line, col)
    return to_display(page, (g.x0 + (g.x1 - g.x0) * frac, g.baseline + 3.0))


def offset(point: Pt, dx: float, dy: float) -> Pt:
    """point + (dx, dy)."""
    return point[0] + dx, point[1] + dy


# -- assertions ------------------------------------------------------------------------------------


def close(a: float, b: float, tol: float = TOL) -> bool:
    """|a - b| <= tol."""
    return abs(a - b) <= tol


def assert_point(actual: Sequence[float], expected: Sequence[float], what: str = "point", tol: float = TOL) -> None:
    """Two points agree within tol."""
    assert close(actual[0], expected[0], tol) and close(actual[1], expected[1], tol), (
        f"{what}: got ({actual[0]:.3f}, {actual[1]:.3f}), expected ({expected[0]:.3f}, {expected[1]:.3f})"
    )


def assert_points(actual: Sequence[Sequence[float]], expected: Sequence[Sequence[float]], what: str = "points") -> None:
    """Two point lists agree pointwise within TOL."""
    assert len(actual) == len(expected), f"{what}: got {len(actual)} points {list(actual)}, expected {len(expected)} {list(expected)}"
    for i, (a, e) in enumerate(zip(actual, expected)):
        assert_point(a, e, f"{what}[{i}]")


def assert_rect(actual: Sequence[float], expected: Sequence[float], what: str = "rect", tol: float = TOL) -> None:
    """Two rectangles agree within tol on every side."""
    assert all(close(a, e, tol) for a, e in zip(actual, expected)), (
        f"{what}: got {tuple(round(v, 3) for v in actual)}, expected {tuple(round(v, 3) for v in expected)}"
    )


def assert_color(actual: Optional[Sequence[float]], expected: Optional[Sequence[float]], what: str = "color") -> None:
    """Two colours (or None) agree within 0.01."""
    if expected is None:
        assert actual is None, f"{what}: got {actual}, expected None"
        return
    assert actual is not None, f"{what}: got None, expected {expected}"
    assert all(abs(a - e) <= 0.01 for a, e in zip(actual, expected)), f"{what}: got {tuple(actual)}, expected {tuple(expected)}"


def quad_bounds(quad: Sequence[Sequence[float]]) -> Box4:
    """The bounding box of a quad's 4 points."""
    xs = [p[0] for p in quad]
    ys = [p[1] for p in quad]
    return min(xs), min(ys), max(xs), max(ys)


# -- gestures ----------------------------------------------------------------------------------------


def path(a: Pt, b: Pt, steps: int = 4) -> List[Pt]:
    """``steps`` points from a (exclusive) to b (inclusive) on the segment."""
    return [(a[0] + (b[0] - a[0]) * i / steps, a[1] + (b[1] - a[1]) * i / steps) for i in range(1, steps + 1)]


def drag(
    tm: pdftools.ToolManager,
    page: int,
    a: Pt,
    b: Pt,
    steps: int = 4,
    up_page: Optional[int] = None,
    **modifiers: Any,
) -> pdftools.Overlay:
    """Presses at a, moves to b in ``steps`` moves, reads the overlay, releases at b; returns that overlay."""
    tm.pointer_down(page, *a, **modifiers)
    for point in path(a, b, steps):
        tm.pointer_move(page, *point, **modifiers)
    overlay = tm.overlay(page)
    tm.pointer_up(page if up_page is None else up_page, *b, **modifiers)
    return overlay


def stroke(tm: pdftools.ToolManager, page: int, points: Sequence[Pt]) -> pdftools.Overlay:
    """Down at points[0], a move to each further point, the overlay, up at the last point."""
    tm.pointer_down(page, *points[0])
    for point in points[1:]:
        tm.pointer_move(page, *point)
    overlay = tm.overlay(page)
    tm.pointer_up(page, *points[-1])
    return overlay


class Recorder:
    """Records every event of a tool manager."""

    def __init__(self, tm: pdftools.ToolManager) -> None:
        self.events: List[pdftools.ToolEvent] = []
        self.unsubscribe = tm.on("*", self.events.append)

    def kinds(self, among: Optional[Iterable[str]] = None) -> List[str]:
        """The kinds seen, in order (only those in ``among`` when given)."""
        wanted = None if among is None else set(among)
        return [e.kind.value for e in self.events if wanted is None or e.kind.value in wanted]

    def of(self, kind: str) -> List[pdftools.ToolEvent]:
        """The events of one kind."""
        return [e for e in self.events if e.kind.value == kind]

    def clear(self) -> None:
        """Forgets what was recorded."""
        self.events.clear()


CREATION_KINDS = ("annotations_added", "undo_state", "tool_changed", "selection_changed")


def assert_one_shot_events(rec: Recorder, new_ids: List[int], page: int) -> None:
    """ANNOTATIONS_ADDED(ids, page), UNDO_STATE, TOOL_CHANGED(pan), SELECTION_CHANGED(ids), in that order
    (from the creation on: choosing the tool fired a TOOL_CHANGED before)."""
    kinds = rec.kinds(CREATION_KINDS)
    assert "annotations_added" in kinds, rec.kinds()
    assert kinds[kinds.index("annotations_added") :] == list(CREATION_KINDS), rec.kinds()
    added = rec.of("annotations_added")[0]
    assert sorted(added.ids) == sorted(new_ids)
    assert added.page_index == page
    assert rec.of("tool_changed")[-1].tool == pdftools.Tool.PAN
    assert sorted(rec.of("selection_changed")[-1].ids) == sorted(new_ids)


def new_annotations(doc: pdftools.Document, page: int, before: Sequence[pdftools.Annotation]) -> List[pdftools.Annotation]:
    """The annotations of ``page`` that were not in ``before``."""
    old = {a.id for a in before}
    return [a for a in doc.pages[page].annotations if a.id not in old]


def assert_undo_removes(doc: pdftools.Document, page: int, before: Sequence[pdftools.Annotation], label: str) -> None:
    """The gesture was exactly one undo step labelled ``label``: one undo brings back ``before``, and
    (the history having been clear) nothing is left to undo."""
    assert doc.undo_label == label
    assert doc.undo() is True
    assert [a.id for a in doc.pages[page].annotations] == [a.id for a in before]
    assert not doc.can_undo, "the gesture took more than one undo step"


def png_bytes(width: int, height: int, rgb: Tuple[int, int, int]) -> bytes:
    """A PNG of one colour."""
    from PIL import Image

    buffer = io.BytesIO()
    Image.new("RGB", (width, height), rgb).save(buffer, format="PNG")
    return buffer.getvalue()


def pixel(doc: pdftools.Document, page: int, point: Pt) -> Tuple[int, int, int]:
    """The RGB of the rendered page (scale 1, annotations drawn) at a display point."""
    image = doc.pages[page].render(1.0, format="rgba").to_pil()
    r, g, b, _ = image.getpixel((int(point[0]), int(point[1])))
    return r, g, b


def polyline_length(points: Sequence[Pt]) -> float:
    """The length of a polyline."""
    return sum(math.dist(points[i], points[i + 1]) for i in range(len(points) - 1))


def polygon_area(points: Sequence[Pt]) -> float:
    """The area of a simple polygon (shoelace)."""
    total = 0.0
    for i in range(len(points)):
        x0, y0 = points[i]
        x1, y1 = points[(i + 1) % len(points)]
        total += x0 * y1 - x1 * y0
    return abs(total) / 2


# -- fixtures (imported by the test modules) -------------------------------------------------------


@pytest.fixture
def doc() -> Any:
    """The test document (see the module docs), closed afterwards."""
    document = open_doc()
    try:
        yield document
    finally:
        document.close()


@pytest.fixture
def tm(doc: pdftools.Document) -> Any:
    """A tool manager of the test document, closed afterwards."""
    manager = doc.tool_manager()
    try:
        yield manager
    finally:
        manager.close()

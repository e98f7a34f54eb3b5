# SPDX-License-Identifier: GPL-3.0-or-later
"""Annotations with their typical properties, one per creatable subtype, and helpers to compare what reads back.

``specs(origin)`` gives, for each subtype, the keywords of
:meth:`pdftools.Page.add_annotation` (rect included), laid out on a
595 x 792 area starting at ``origin`` so that they do not overlap.
``expected(key, value)`` is what the matching property of
:class:`pdftools.Annotation` reads back for a keyword's value, and
:func:`snapshot` reads every typed property of an annotation.
"""

from __future__ import annotations

import math
from enum import Enum
from typing import Any, Dict, Iterable, List, Optional, Tuple

import pdftools
from pdftools import (
    Alignment,
    AnnotationFlag,
    BorderStyle,
    FreeTextIntent,
    LineEnding,
    Quad,
    Rect,
    ReplyType,
)

SUBTYPES = [
    "Text",
    "FreeText",
    "Line",
    "Square",
    "Circle",
    "Polygon",
    "PolyLine",
    "Ink",
    "Highlight",
    "Underline",
    "Squiggly",
    "StrikeOut",
    "Stamp",
    "FileAttachment",
    "Link",
    "Popup",
    "Caret",
]

#: Subtypes whose /Rect the library sets from what they draw.
RECT_FROM_DRAWING = {"Line", "PolyLine", "Polygon", "Ink", "Highlight", "Underline", "Squiggly", "StrikeOut"}
TEXT_MARKUP = ("Highlight", "Underline", "Squiggly", "StrikeOut")

#: Bytes with a NUL, high bytes and a CR LF, attached to the FileAttachment.
ATTACHED = b"\x00\x01binary\r\n\xff\xfe\x00end"
ATTACHED_NAME = "r\u00e9sum\u00e9 \u6587\u4ef6.bin"

TOLERANCE = 1e-3


def _quad(x0: float, y0: float, x1: float, y1: float) -> Tuple[Tuple[float, float], ...]:
    """The quad of a rectangle in /QuadPoints order (upper left, upper right, lower left, lower right)."""
    return ((x0, y1), (x1, y1), (x0, y0), (x1, y0))


def specs(origin: Tuple[float, float] = (0.0, 0.0)) -> Dict[str, Dict[str, Any]]:
    """The keywords of add_annotation for each subtype, shifted by origin."""
    ox, oy = origin

    def p(x: float, y: float) -> Tuple[float, float]:
        return (ox + x, oy + y)

    def r(x0: float, y0: float, x1: float, y1: float) -> Tuple[float, float, float, float]:
        return (ox + x0, oy + y0, ox + x1, oy + y1)

    return {
        "Text": dict(
            rect=r(40, 740, 60, 760),
            color=(1.0, 0.5, 0.0),
            contents="A note \u2013 with \u00fcml\u00e4uts and \u4e2d\u6587",
            author="Ann Author",
            subject="Review",
            icon="Comment",
            open=True,
            opacity=0.75,
            name="spec-text",
        ),
        "FreeText": dict(
            rect=r(200, 650, 380, 710),
            contents="Free text, Times 14",
            font="Times-Roman",
            font_size=14.0,
            text_color=(0.0, 0.0, 0.6),
            alignment="center",
            intent="callout",
            callout=[p(120, 600), p(160, 630), p(200, 630)],
            interior_color=(1.0, 1.0, 0.8),
            border_width=1.5,
            name="spec-freetext",
        ),
        "Line": dict(
            line=(p(60, 520), p(300, 580)),
            line_endings=("open_arrow", "closed_arrow"),
            leader_length=12.0,
            leader_extension=4.0,
            color=(0.0, 0.0, 1.0),
            interior_color=(0.0, 1.0, 0.0),
            border_width=2.0,
            contents="A line",
            name="spec-line",
        ),
        "Square": dict(
            rect=r(60, 400, 190, 480),
            color=(1.0, 0.0, 0.0),
            interior_color=(0.9, 0.9, 1.0),
            border_width=3.0,
            border_style="dashed",
            dashes=(4.0, 2.0),
            opacity=0.5,
            flags=AnnotationFlag.PRINT | AnnotationFlag.LOCKED,
            contents="A square",
            subject="Rectangle",
            name="spec-square",
        ),
        "Circle": dict(
            rect=r(220, 400, 340, 480),
            color=(0.0, 0.5, 0.0),
            interior_color=None,
            border_width=2.0,
            border_style="solid",
            cloudy=1.0,
            name="spec-circle",
        ),
        "Polygon": dict(
            vertices=[p(400, 400), p(520, 420), p(470, 490)],
            color=(0.5, 0.0, 0.5),
            interior_color=(1.0, 0.8, 1.0),
            border_width=1.0,
            name="spec-polygon",
        ),
        "PolyLine": dict(
            vertices=[p(60, 300), p(140, 350), p(220, 300), p(300, 350)],
            line_endings=("circle", "square"),
            color=(0.0, 0.0, 0.0),
            interior_color=(1.0, 0.0, 0.0),
            border_width=2.0,
            name="spec-polyline",
        ),
        "Ink": dict(
            ink=[[p(360, 300), p(380, 340), p(400, 310), p(420, 345)], [p(440, 300), p(500, 350)]],
            color=(0.0, 0.0, 1.0),
            border_width=3.0,
            opacity=0.7,
            name="spec-ink",
        ),
        "Highlight": dict(
            quads=[_quad(*r(60, 230, 200, 245)), _quad(*r(60, 212, 150, 227))],
            color=(1.0, 1.0, 0.0),
            contents="highlighted",
            name="spec-highlight",
        ),
        "Underline": dict(
            quads=[_quad(*r(220, 230, 330, 245))],
            color=(0.0, 0.6, 0.0),
            name="spec-underline",
        ),
        "Squiggly": dict(
            quads=[_quad(*r(350, 230, 460, 245))],
            color=(1.0, 0.0, 1.0),
            name="spec-squiggly",
        ),
        "StrikeOut": dict(
            quads=[_quad(*r(480, 230, 580, 245))],
            color=(1.0, 0.0, 0.0),
            name="spec-strikeout",
        ),
        "Stamp": dict(
            rect=r(400, 700, 560, 750),
            icon="Approved",
            color=(0.0, 0.6, 0.0),
            name="spec-stamp",
        ),
        "FileAttachment": dict(
            rect=r(560, 600, 580, 620),
            icon="Paperclip",
            attachment=(ATTACHED_NAME, ATTACHED),
            contents="attached file",
            name="spec-file",
        ),
        "Link": dict(
            rect=r(60, 100, 200, 125),
            uri="https://example.com/path?q=a%20b&x=1#frag",
            color=(0.0, 0.0, 1.0),
            border_width=1.0,
            name="spec-link",
        ),
        "Popup": dict(
            rect=r(400, 90, 560, 180),
            open=True,
            name="spec-popup",
        ),
        "Caret": dict(
            rect=r(300, 100, 320, 115),
            color=(0.0, 0.0, 1.0),
            contents="insert here",
            name="spec-caret",
        ),
    }


def expected(key: str, value: Any) -> Any:
    """What the property ``key`` reads back after add_annotation/update set it to ``value``."""
    if key in ("color", "interior_color", "text_color"):
        return None if value is None else tuple(float(v) for v in value)
    if key == "border_style":
        return BorderStyle(value)
    if key == "line_endings":
        return (LineEnding(value[0]), LineEnding(value[1]))
    if key == "alignment":
        return Alignment(value)
    if key == "intent":
        return FreeTextIntent(value)
    if key == "flags":
        return AnnotationFlag(value)
    if key == "reply_type":
        return ReplyType(value)
    if key == "dashes":
        return tuple(float(v) for v in value)
    if key == "rect":
        x0, y0, x1, y1 = value
        return Rect(min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1))
    return value


def checked_keys(subtype: str, spec: Dict[str, Any]) -> List[str]:
    """The keywords of a spec that read back as given (/Rect is the library's where drawing defines it)."""
    keys = list(spec)
    if subtype in RECT_FROM_DRAWING or (subtype == "FreeText" and spec.get("callout")):
        keys = [key for key in keys if key != "rect"]
    return keys


def close(actual: Any, wanted: Any, tolerance: float = TOLERANCE, where: str = "value") -> Optional[str]:
    """None when actual equals wanted (numbers within tolerance); else a description of the first difference."""
    if isinstance(wanted, Enum) or isinstance(actual, Enum):
        return None if actual == wanted else f"{where}: {actual!r} != {wanted!r}"
    if isinstance(wanted, bool) or isinstance(actual, bool) or wanted is None or actual is None:
        return None if actual == wanted else f"{where}: {actual!r} != {wanted!r}"
    if isinstance(wanted, (int, float)) and isinstance(actual, (int, float)):
        ok = math.isclose(float(actual), float(wanted), rel_tol=0, abs_tol=tolerance)
        return None if ok else f"{where}: {actual!r} != {wanted!r}"
    if isinstance(wanted, (str, bytes)) or isinstance(actual, (str, bytes)):
        return None if actual == wanted else f"{where}: {actual!r} != {wanted!r}"
    if isinstance(wanted, dict) and isinstance(actual, dict):
        if set(actual) != set(wanted):
            return f"{where}: keys {sorted(actual)} != {sorted(wanted)}"
        for key in wanted:
            problem = close(actual[key], wanted[key], tolerance, f"{where}.{key}")
            if problem:
                return problem
        return None
    if isinstance(wanted, Iterable) and isinstance(actual, Iterable):
        a, w = list(actual), list(wanted)
        if len(a) != len(w):
            return f"{where}: {len(a)} items != {len(w)} items ({actual!r} vs {wanted!r})"
        for i, (x, y) in enumerate(zip(a, w)):
            problem = close(x, y, tolerance, f"{where}[{i}]")
            if problem:
                return problem
        return None
    return None if actual == wanted else f"{where}: {actual!r} != {wanted!r}"


def assert_close(actual: Any, wanted: Any, where: str = "value", tolerance: float = TOLERANCE) -> None:
    """Asserts :func:`close`."""
    problem = close(actual, wanted, tolerance, where)
    assert problem is None, problem


#: The typed properties :func:`snapshot` reads.
PROPERTIES = [
    "subtype",
    "rect",
    "color",
    "interior_color",
    "opacity",
    "border",
    "border_width",
    "border_style",
    "dashes",
    "cloudy",
    "flags",
    "quads",
    "ink",
    "vertices",
    "line",
    "line_endings",
    "leader_length",
    "leader_extension",
    "icon",
    "open",
    "font",
    "font_size",
    "text_color",
    "alignment",
    "intent",
    "callout",
    "uri",
    "destination_page",
    "attachment",
    "reply_type",
    "z_index",
    "contents",
    "author",
    "subject",
    "name",
]


def snapshot(annotation: pdftools.Annotation) -> Dict[str, Any]:
    """Every typed property of an annotation; reply_to as the /NM of its target (ids differ between documents)."""
    values = {key: getattr(annotation, key) for key in PROPERTIES}
    target = annotation.reply_to
    values["reply_to"] = None if target is None else target.name
    return values


def by_name(page: pdftools.Page) -> Dict[str, pdftools.Annotation]:
    """The annotations of a page that have an /NM, by it."""
    return {a.name: a for a in page.annotations if a.name is not None}


def add_all(page: pdftools.Page, origin: Tuple[float, float] = (0.0, 0.0)) -> Dict[str, pdftools.Annotation]:
    """Adds one annotation of every subtype to page with its spec; returns them by subtype."""
    made = {}
    for subtype, spec in specs(origin).items():
        kwargs = dict(spec)
        rect = kwargs.pop("rect", None)
        made[subtype] = page.add_annotation(subtype, rect, **kwargs)
    return made


def rect_of_points(points: Iterable[Any]) -> Rect:
    """The rectangle around points."""
    pts = list(points)
    return Rect(min(x for x, _ in pts), min(y for _, y in pts), max(x for x, _ in pts), max(y for _, y in pts))


def geometry_points(subtype: str, spec: Dict[str, Any]) -> List[Tuple[float, float]]:
    """The points of a spec's defining geometry ([] for subtypes defined by their rect)."""
    if subtype in TEXT_MARKUP:
        return [corner for quad in spec["quads"] for corner in quad]
    if subtype == "Ink":
        return [point for stroke in spec["ink"] for point in stroke]
    if subtype in ("Polygon", "PolyLine"):
        return list(spec["vertices"])
    if subtype == "Line":
        return list(spec["line"])
    return []


def contains(outer: Rect, inner: Rect, slack: float = 0.01) -> bool:
    """True when outer contains inner (with slack)."""
    return (
        outer.x0 <= inner.x0 + slack
        and outer.y0 <= inner.y0 + slack
        and outer.x1 >= inner.x1 - slack
        and outer.y1 >= inner.y1 - slack
    )


def as_quad(value: Any) -> Quad:
    """A Quad from 4 pairs."""
    return Quad(*(pdftools.Point(float(x), float(y)) for x, y in value))

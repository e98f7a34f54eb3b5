# SPDX-License-Identifier: GPL-3.0-or-later
"""Creating and changing annotations: checking property keywords and turning them into library calls.

One :meth:`pdftools.Annotation.update` (or :meth:`pdftools.Page.add_annotation`)
may take several library calls, each of which checks its own input and
changes the annotation only when that input is valid.  To keep an update
all-or-nothing, every property is checked here first -- types, finite
numbers, ranges, names, the subtype a property needs, pages and reply
targets -- with the rules of the library, and the current values that
grouped calls need (a border's style when only its width changes, a line's
points when only its endings change) are read before anything is written.
What cannot be checked beforehand comes first: a stamp image (the library
decodes it) and the document's permissions (refused by the first call).
Only a concurrent change from another thread can make a later call fail;
then the properties applied before stay applied (a new annotation is
deleted again).

An update or creation that takes more than one library call runs them in an
undo group, so that it is one undo step: labelled "Add <subtype>" for a
creation (as the library labels a bare creation) and "Change <properties>"
for an update (as the library labels a single change, e.g. "Change Color,
Opacity").
"""

from __future__ import annotations

import contextlib
import ctypes
import math
import numbers
import operator
from typing import TYPE_CHECKING, Any, Callable, ContextManager, Dict, List, Optional, Sequence, Tuple

from ._args import as_index
from ._call import encode_text
from ._library import CColor, CPoint, CQuad, CRect, lib
from .annotation_types import (
    Alignment,
    BorderStyle,
    FreeTextIntent,
    LineEnding,
    ReplyType,
)
from .errors import ArgumentError, RangeError
from .geometry import Point, Quad, Rect

if TYPE_CHECKING:
    from .annotations import Annotation
    from .page import Page

__all__ = ["PROPERTY_NAMES", "normalize", "create_annotation", "update_annotation", "as_rect"]

#: Every keyword of update() and add_annotation(), in the order they are applied.
PROPERTY_NAMES: Tuple[str, ...] = (
    "stamp_image",
    "rect",
    "quads",
    "ink",
    "vertices",
    "line",
    "line_endings",
    "leader_length",
    "leader_extension",
    "color",
    "interior_color",
    "opacity",
    "border",
    "border_width",
    "border_style",
    "dashes",
    "cloudy",
    "font",
    "font_size",
    "text_color",
    "alignment",
    "intent",
    "icon",
    "open",
    "contents",
    "author",
    "subject",
    "name",
    "flags",
    "callout",
    "uri",
    "destination_page",
    "attachment",
    "reply_to",
    "reply_type",
    "z_index",
)

# The position of each property in PROPERTY_NAMES, the order they are applied in.
_ORDER: Dict[str, int] = {name: position for position, name in enumerate(PROPERTY_NAMES)}

#: Subtypes whose rectangle follows their geometry, and the keyword holding it.
GEOMETRY_KEYWORD: Dict[str, str] = {
    "Highlight": "quads",
    "Underline": "quads",
    "Squiggly": "quads",
    "StrikeOut": "quads",
    "Ink": "ink",
    "Polygon": "vertices",
    "PolyLine": "vertices",
    "Line": "line",
}

_TEXT_KEYS = {"contents": "Contents", "author": "T", "subject": "Subj", "name": "NM"}

#: The property names of undo labels ("Change Color, Opacity"), as the library names them.
_LABEL_NAMES: Dict[str, str] = {
    "stamp_image": "Stamp Image",
    "rect": "Rectangle",
    "quads": "Quads",
    "ink": "Ink",
    "vertices": "Vertices",
    "line": "Line",
    "line_endings": "Line Endings",
    "leader_length": "Line",
    "leader_extension": "Line",
    "color": "Color",
    "interior_color": "Fill Color",
    "opacity": "Opacity",
    "border_width": "Border",
    "border_style": "Border",
    "dashes": "Border",
    "cloudy": "Cloudy Border",
    "font": "Text Style",
    "font_size": "Text Style",
    "text_color": "Text Style",
    "alignment": "Text Style",
    "intent": "Text Style",
    "icon": "Icon",
    "open": "Open",
    "contents": "Contents",
    "author": "Author",
    "subject": "Subject",
    "name": "NM",
    "flags": "Flags",
    "callout": "Callout",
    "uri": "Link",
    "destination_page": "Link",
    "attachment": "Attachment",
    "reply_to": "Reply",
    "reply_type": "Reply",
    "z_index": "Z-Order",
}

_STROKE = 0  # PDFTOOLS_COLOR_STROKE
_INTERIOR = 1  # PDFTOOLS_COLOR_INTERIOR
_NAME_FORBIDDEN = set("()<>[]{}/%#")
_MAX_FLAGS = 1 << 10
_MAX_DASHES = 16

Step = Callable[[], None]


# -- checking single values ---------------------------------------------------------------


def _number(value: Any, what: str) -> float:
    """A finite float; TypeError for non-numbers, ArgumentError for NaN and infinities."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(f"{what} must be a number, not {value!r}")
    number = float(value)
    if not math.isfinite(number):
        raise ArgumentError(f"{what} must be a finite number, not {value!r}")
    return number


def _in_range(value: Any, what: str, low: float, high: float, low_open: bool = False) -> float:
    """A finite number in [low, high] (or (low, high] with low_open); ArgumentError otherwise."""
    number = _number(value, what)
    if number < low or number > high or (low_open and number == low):
        bracket = "(" if low_open else "["
        raise ArgumentError(f"{what} must be in {bracket}{low:g}, {high:g}], not {number:g}")
    return number


def _point(value: Any, what: str) -> Point:
    """A Point with finite coordinates from a Point or an (x, y) pair."""
    try:
        x, y = value
        x, y = float(x), float(y)
    except (TypeError, ValueError):
        raise TypeError(f"{what} must be a Point or an (x, y) pair of numbers, not {value!r}") from None
    if not (math.isfinite(x) and math.isfinite(y)):
        raise ArgumentError(f"{what} must have finite coordinates, not {value!r}")
    return Point(x, y)


def _sequence(value: Any, what: str) -> Sequence[Any]:
    """A list of the items of a non-string iterable."""
    if isinstance(value, (str, bytes, bytearray)) or not hasattr(value, "__iter__"):
        raise TypeError(f"{what} must be a sequence, not {value!r}")
    return list(value)


def _points(value: Any, what: str) -> List[Point]:
    """A list of finite points."""
    return [_point(item, f"{what}[{i}]") for i, item in enumerate(_sequence(value, what))]


def as_rect(value: Any, what: str = "rect") -> Rect:
    """A normalized, finite Rect with a positive area, from a Rect or (x0, y0, x1, y1)."""
    try:
        x0, y0, x1, y1 = (_number(v, what) for v in _sequence(value, what))
    except ValueError as exc:
        if isinstance(exc, ArgumentError):
            raise
        raise TypeError(f"{what} must be a Rect or (x0, y0, x1, y1), not {value!r}") from None
    rect = Rect(min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1))
    if not (rect.width > 0 and rect.height > 0):
        raise ArgumentError(f"{what} must have a positive area, not {value!r}")
    return rect


def _quad(value: Any, what: str) -> Quad:
    """A Quad from a Quad, 4 points (/QuadPoints order) or a Rect (its corners)."""
    if isinstance(value, Rect):
        rect = as_rect(value, what)
        return Quad(Point(rect.x0, rect.y1), Point(rect.x1, rect.y1), Point(rect.x0, rect.y0), Point(rect.x1, rect.y0))
    corners = _sequence(value, what)
    if len(corners) != 4:
        raise TypeError(f"{what} must be a Quad, 4 points or a Rect, not {value!r}")
    corner = f"{what} corner"
    return Quad(_point(corners[0], corner), _point(corners[1], corner), _point(corners[2], corner), _point(corners[3], corner))


def _color(value: Any, what: str) -> Optional[Tuple[float, float, float]]:
    """(r, g, b) with finite components, or None."""
    if value is None:
        return None
    components = _sequence(value, what)
    if len(components) != 3:
        raise TypeError(f"{what} must be (r, g, b) or None, not {value!r}")
    r, g, b = (_number(c, what) for c in components)
    return r, g, b


def _enum(cls: Any, value: Any, what: str) -> Any:
    """``cls(value)``; ArgumentError listing the names for unknown values."""
    try:
        return cls(value)
    except (ValueError, TypeError):
        names = ", ".join(repr(name.lower()) for name in cls.__members__)
        raise ArgumentError(f"unknown {what} {value!r} (expected one of {names})") from None


def _pdf_name(value: Any, what: str) -> str:
    """A name the library accepts: 1 to 127 printable ASCII characters without delimiters or '#'."""
    if not isinstance(value, str):
        raise TypeError(f"{what} must be str, not {type(value).__name__}")
    if not (
        0 < len(value) <= 127 and all(0x20 < ord(ch) < 0x7F and ch not in _NAME_FORBIDDEN for ch in value)
    ):
        raise ArgumentError(f"{what} {value!r} is not a PDF name (printable ASCII without spaces, delimiters or '#')")
    return value


def _optional_text(value: Any, what: str) -> Optional[bytes]:
    """UTF-8 bytes of a str, or None."""
    return None if value is None else encode_text(value, what)


def _flags(value: Any) -> int:
    """Annotation flags as an int below 1 << 10."""
    if isinstance(value, bool):
        raise TypeError(f"flags must be an AnnotationFlag or int, not {value!r}")
    try:
        number = operator.index(value)
    except TypeError:
        raise TypeError(f"flags must be an AnnotationFlag or int, not {value!r}") from None
    if not 0 <= number < _MAX_FLAGS:
        raise ArgumentError(f"unknown annotation flags {number:#x}")
    return int(number)


def _dashes(value: Any) -> Tuple[float, ...]:
    """A dash array: at most 16 finite, non-negative numbers, not all 0 (empty means [3])."""
    items = tuple(_number(v, "dashes") for v in _sequence(value, "dashes"))
    if len(items) > _MAX_DASHES or any(v < 0 for v in items) or (items and not any(v > 0 for v in items)):
        raise ArgumentError(f"invalid dash array {value!r} (at most 16 numbers >= 0, not all 0)")
    return items


def _uri(value: Any) -> bytes:
    """A link URI: non-empty printable ASCII without spaces."""
    if not isinstance(value, str):
        raise TypeError(f"uri must be str, not {type(value).__name__}")
    if not value or not all(0x20 < ord(ch) < 0x7F for ch in value):
        raise ArgumentError(f"a link URI must be non-empty printable ASCII (percent-encode the rest), not {value!r}")
    return value.encode("ascii")


def _attachment(value: Any) -> Tuple[bytes, bytes]:
    """(UTF-8 name, bytes) of a (name, data) pair."""
    try:
        name, data = value
    except (TypeError, ValueError):
        raise TypeError(f"attachment must be (name, bytes), not {value!r}") from None
    encoded = encode_text(name, "attachment name")
    if not encoded:
        raise ArgumentError("the attachment name is empty")
    if not isinstance(data, (bytes, bytearray, memoryview)):
        raise TypeError(f"attachment data must be bytes-like, not {type(data).__name__}")
    return encoded, bytes(data)


def _stamp_image(value: Any) -> bytes:
    """PNG or JPEG bytes (the library decodes them; here only the signature is checked)."""
    if not isinstance(value, (bytes, bytearray, memoryview)):
        raise TypeError(f"stamp_image must be bytes-like (PNG or JPEG), not {type(value).__name__}")
    data = bytes(value)
    if not (data.startswith(b"\x89PNG") or data.startswith(b"\xff\xd8")):
        raise ArgumentError("stamp_image must be PNG or JPEG data")
    return data


def _reply_target(value: Any) -> Any:
    """None, an Annotation or an annotation id (int)."""
    from .annotations import Annotation, as_annotation_id

    if value is None or isinstance(value, Annotation):
        return value
    if isinstance(value, bool):
        raise TypeError(f"reply_to must be an Annotation, an id or None, not {value!r}")
    return as_annotation_id(value)


_CHECKS: Dict[str, Callable[[Any], Any]] = {
    "stamp_image": _stamp_image,
    "rect": as_rect,
    "quads": lambda v: _nonempty([_quad(q, "quad") for q in _sequence(v, "quads")], "quads"),
    "ink": lambda v: _nonempty(
        [_nonempty(_points(s, "ink stroke"), "an ink stroke") for s in _sequence(v, "ink")], "ink"
    ),
    "vertices": lambda v: _at_least(_points(v, "vertices"), 2, "vertices"),
    "line": lambda v: _pair(v, "line", _point),
    "line_endings": lambda v: _pair(v, "line_endings", lambda e, what: _enum(LineEnding, e, "line ending")),
    "leader_length": lambda v: _number(v, "leader_length"),
    "leader_extension": lambda v: _in_range(v, "leader_extension", 0, math.inf),
    "callout": lambda v: _callout(v),
    "color": lambda v: _color(v, "color"),
    "interior_color": lambda v: _color(v, "interior_color"),
    "opacity": lambda v: _in_range(v, "opacity", 0, 1),
    "border": lambda v: _pair(v, "border", lambda x, what: x),
    "border_width": lambda v: _in_range(v, "border_width", 0, 1000),
    "border_style": lambda v: _enum(BorderStyle, v, "border style"),
    "dashes": _dashes,
    "cloudy": lambda v: _in_range(v, "cloudy", 0, 2),
    "font": lambda v: _pdf_name(v, "font"),
    "font_size": lambda v: _in_range(v, "font_size", 0, 1000, low_open=True),
    "text_color": lambda v: _color(v, "text_color"),
    "alignment": lambda v: _enum(Alignment, v, "alignment"),
    "intent": lambda v: _enum(FreeTextIntent, v, "FreeText intent"),
    "icon": lambda v: _pdf_name(v, "icon"),
    "open": lambda v: _boolean(v, "open"),
    "contents": lambda v: _optional_text(v, "contents"),
    "author": lambda v: _optional_text(v, "author"),
    "subject": lambda v: _optional_text(v, "subject"),
    "name": lambda v: _optional_text(v, "name"),
    "flags": _flags,
    "uri": _uri,
    "destination_page": lambda v: as_index(v, "destination page"),
    "attachment": _attachment,
    "reply_to": _reply_target,
    "reply_type": lambda v: _enum(ReplyType, v, "reply type"),
    "z_index": lambda v: as_index(v, "z-index"),
}


def _nonempty(items: List[Any], what: str) -> List[Any]:
    """items, or ArgumentError when empty."""
    if not items:
        raise ArgumentError(f"{what} must not be empty")
    return items


def _at_least(items: List[Any], count: int, what: str) -> List[Any]:
    """items, or ArgumentError when fewer than count."""
    if len(items) < count:
        raise ArgumentError(f"{what} need at least {count} points, not {len(items)}")
    return items


def _pair(value: Any, what: str, convert: Callable[[Any, str], Any]) -> Tuple[Any, Any]:
    """Two converted items."""
    items = _sequence(value, what)
    if len(items) != 2:
        raise TypeError(f"{what} must be a pair, not {value!r}")
    return convert(items[0], what), convert(items[1], what)


def _callout(value: Any) -> List[Point]:
    """A callout line of 2 or 3 points, or [] (None) to remove it."""
    if value is None:
        return []
    points = _points(value, "callout")
    if len(points) not in (0, 2, 3):
        raise ArgumentError(f"a callout line has 2 or 3 points, not {len(points)}")
    return points


def _boolean(value: Any, what: str) -> bool:
    """A bool from a bool or an int."""
    if not isinstance(value, (bool, int)):
        raise TypeError(f"{what} must be a bool, not {value!r}")
    return bool(value)


def normalize(properties: Dict[str, Any]) -> Dict[str, Any]:
    """Checks every property keyword and value; returns them converted, in application order.

    TypeError for unknown keywords and values of the wrong type,
    ArgumentError (a ValueError) for values the library would refuse,
    RangeError for negative z-indices and indices outside int32.
    """
    unknown = sorted(key for key in properties if key not in _ORDER)
    if unknown:
        raise TypeError(f"unknown annotation properties: {', '.join(unknown)}")
    checked: Dict[str, Any] = {}
    for key in sorted(properties, key=_ORDER.__getitem__):
        checked[key] = _CHECKS[key](properties[key])
    if "border" in checked:
        if "border_width" in checked or "border_style" in checked:
            raise ArgumentError("give border or border_width/border_style, not both")
        width, style = checked.pop("border")
        checked["border_width"] = _in_range(width, "border width", 0, 1000)
        checked["border_style"] = _enum(BorderStyle, style, "border style")
    if "z_index" in checked and checked["z_index"] < 0:
        raise RangeError(f"the z-index must not be negative, not {checked['z_index']}")
    if "uri" in checked and "destination_page" in checked:
        raise ArgumentError("a link goes to a uri or a destination_page, not both")
    if checked.get("dashes") and checked.get("border_style", BorderStyle.DASHED) != BorderStyle.DASHED:
        raise ArgumentError("dashes need border_style 'dashed'")
    if "stamp_image" in checked and "icon" in checked:
        raise ArgumentError("a stamp shows an icon (a standard name) or a stamp_image, not both")
    if "reply_type" in checked and "reply_to" in checked and checked["reply_to"] is None:
        raise ArgumentError("reply_type needs an annotation to reply to")
    return checked


# -- checks that need the document ------------------------------------------------------


def _check_in_document(page: "Page", subtype: str, changes: Dict[str, Any], own_id: Optional[int]) -> None:
    """Checks what depends on the document: the subtype a property needs, pages, reply targets."""
    from .annotations import Annotation

    document = page.document
    if ("uri" in changes or "destination_page" in changes) and subtype != "Link":
        raise ArgumentError(f"uri and destination_page apply to Link annotations, not {subtype or 'this one'}")
    if "stamp_image" in changes and subtype != "Stamp":
        raise ArgumentError(f"stamp_image applies to Stamp annotations, not {subtype or 'this one'}")
    if subtype == "FreeText" and "color" in changes:
        if changes["color"] is None:
            raise ArgumentError("a FreeText's text and border colour cannot be None (border_width=0 draws no border)")
        if "text_color" in changes and changes["text_color"] != changes["color"]:
            raise ArgumentError("a FreeText's border is drawn in its text colour: give color or text_color, not two colours")
    if "attachment" in changes and subtype != "FileAttachment":
        raise ArgumentError(f"attachment applies to FileAttachment annotations, not {subtype or 'this one'}")
    if "destination_page" in changes:
        count = document.page_count
        if not 0 <= changes["destination_page"] < count:
            raise RangeError(f"destination page {changes['destination_page']} out of range (document has {count} pages)")
    target = changes.get("reply_to")
    if target is not None:
        if isinstance(target, Annotation):
            if target.document is not document:
                raise ArgumentError("reply_to must be an annotation of the same document")
            target = target.id
        document.annotation(target)  # NotFoundError for unknown and deleted ids
        if target == own_id:
            raise ArgumentError("an annotation cannot reply to itself")
        changes["reply_to"] = target


def geometry_rect(subtype: str, changes: Dict[str, Any]) -> Optional[Rect]:
    """A rectangle around the geometry that defines a subtype's rectangle, grown by the border; None without one."""
    keyword = GEOMETRY_KEYWORD.get(subtype)
    if keyword is None or keyword not in changes:
        return None
    value = changes[keyword]
    if keyword == "quads":
        points = [corner for quad in value for corner in quad]
    elif keyword == "ink":
        points = [point for stroke in value for point in stroke]
    else:
        points = list(value)
    margin = max(changes.get("border_width", 1.0), 1.0)
    xs = [p.x for p in points]
    ys = [p.y for p in points]
    return Rect(min(xs) - margin, min(ys) - margin, max(xs) + margin, max(ys) + margin)


# -- turning changes into calls ---------------------------------------------------------


def _c_points(points: Sequence[Point]) -> Any:
    """A ctypes array of ``pdftools_point`` (at least one element)."""
    return (CPoint * max(len(points), 1))(*(CPoint(p.x, p.y) for p in points))


def _c_color(value: Optional[Tuple[float, float, float]]) -> Any:
    """A pointer to a ``pdftools_color``, or None."""
    return None if value is None else ctypes.byref(CColor(*value))


def _steps(annotation: "Annotation", subtype: str, changes: Dict[str, Any]) -> List[Step]:
    """The library calls that apply ``changes``, reading the current values grouped calls need first."""
    document = annotation.document
    ident = annotation.id
    steps: List[Step] = []

    def add(function: Any, *args: Any) -> None:
        def step() -> None:
            document._call(function, ident, *args)

        steps.append(step)

    if "stamp_image" in changes:
        # First: the library decodes the image, a check nothing before it can make.
        image = changes["stamp_image"]
        add(lib.pdftools_annotation_set_stamp_image, image, len(image))
    if "icon" in changes:
        # Before colours: a stamp name chooses new artwork, which a colour may then change.
        add(lib.pdftools_annotation_set_icon, changes["icon"].encode("ascii"))
    if "rect" in changes:
        r = changes["rect"]
        add(lib.pdftools_annotation_set_rect, CRect(r.x0, r.y0, r.x1, r.y1))
    if "quads" in changes:
        quads = changes["quads"]
        array = (CQuad * len(quads))(*(CQuad(*(CPoint(p.x, p.y) for p in q)) for q in quads))
        add(lib.pdftools_annotation_set_quads, array, len(quads))
    if "ink" in changes:
        strokes = changes["ink"]
        flat = [point for stroke in strokes for point in stroke]
        lengths = (ctypes.c_int32 * len(strokes))(*(len(stroke) for stroke in strokes))
        add(lib.pdftools_annotation_set_ink, _c_points(flat), lengths, len(strokes))
    if "vertices" in changes:
        vertices = changes["vertices"]
        add(lib.pdftools_annotation_set_vertices, _c_points(vertices), len(vertices))
    _line_steps(annotation, changes, add)
    if "color" in changes:
        add(lib.pdftools_annotation_set_color, _STROKE, _c_color(changes["color"]))
    if "interior_color" in changes:
        add(lib.pdftools_annotation_set_color, _INTERIOR, _c_color(changes["interior_color"]))
    if "opacity" in changes:
        add(lib.pdftools_annotation_set_opacity, changes["opacity"])
    _border_steps(annotation, changes, add)
    if "cloudy" in changes:
        add(lib.pdftools_annotation_set_cloudy, changes["cloudy"])
    _free_text_steps(annotation, subtype, changes, add)
    if "open" in changes:
        add(lib.pdftools_annotation_set_open, 1 if changes["open"] else 0)
    for keyword, key in _TEXT_KEYS.items():
        if keyword in changes:
            add(lib.pdftools_annotation_set_text, key.encode("ascii"), changes[keyword])
    if "flags" in changes:
        add(lib.pdftools_annotation_set_flags, changes["flags"])
    if "callout" in changes:
        # Last of the calls that rebuild the appearance: the library moves a FreeText's text box
        # when it rebuilds one that has a callout (it misreads /RD), so nothing rebuilds after it.
        callout = changes["callout"]
        add(lib.pdftools_annotation_set_callout, _c_points(callout) if callout else None, len(callout))
    if "uri" in changes:
        add(lib.pdftools_annotation_set_link_uri, changes["uri"])
    if "destination_page" in changes:
        add(lib.pdftools_annotation_set_link_page, changes["destination_page"])
    if "attachment" in changes:
        name, data = changes["attachment"]
        add(lib.pdftools_annotation_set_attachment, name, data, len(data))
    _reply_steps(annotation, changes, add)
    if "z_index" in changes:
        add(lib.pdftools_annotation_set_z_index, min(changes["z_index"], 2**31 - 1))
    return steps


def _line_steps(annotation: "Annotation", changes: Dict[str, Any], add: Callable[..., None]) -> None:
    """set_line (points, endings and leader lines together) or set_line_endings alone."""
    if not any(key in changes for key in ("line", "leader_length", "leader_extension")):
        if "line_endings" in changes:
            start, end = changes["line_endings"]
            add(lib.pdftools_annotation_set_line_endings, int(start), int(end))
        return
    line = changes.get("line") or annotation.line
    if line is None:
        raise ArgumentError("leader_length and leader_extension need a line")
    start_ending, end_ending = changes.get("line_endings") or annotation.line_endings
    length = changes["leader_length"] if "leader_length" in changes else annotation.leader_length
    extension = changes["leader_extension"] if "leader_extension" in changes else annotation.leader_extension
    add(
        lib.pdftools_annotation_set_line,
        CPoint(*line[0]),
        CPoint(*line[1]),
        int(start_ending),
        int(end_ending),
        float(length),
        float(extension),
    )


def _border_steps(annotation: "Annotation", changes: Dict[str, Any], add: Callable[..., None]) -> None:
    """set_border with the given width, style and dashes, the others as they are."""
    if not any(key in changes for key in ("border_width", "border_style", "dashes")):
        return
    current = annotation.border
    width = changes.get("border_width", current.width)
    if "border_style" in changes:
        style = changes["border_style"]
    else:
        style = BorderStyle.DASHED if changes.get("dashes") else current.style
    if style != BorderStyle.DASHED and changes.get("dashes"):
        raise ArgumentError("dashes need border_style 'dashed'")
    dashes: Tuple[float, ...] = ()
    if style == BorderStyle.DASHED:
        dashes = changes["dashes"] if "dashes" in changes else (annotation.dashes or ())
    array = (ctypes.c_double * max(len(dashes), 1))(*dashes)
    add(lib.pdftools_annotation_set_border, float(width), int(style), array if dashes else None, len(dashes))


def _free_text_steps(
    annotation: "Annotation", subtype: str, changes: Dict[str, Any], add: Callable[..., None]
) -> None:
    """set_free_text with the given font, size, colour, alignment and intent, the others as they are."""
    keys = ("font", "font_size", "text_color", "alignment", "intent")
    if not any(key in changes for key in keys):
        return
    current = annotation._free_text() if subtype == "FreeText" else None
    font, size, color, alignment = current or ("Helvetica", 12.0, (0.0, 0.0, 0.0), Alignment.LEFT)
    intent = (annotation.intent if subtype == "FreeText" else None) or FreeTextIntent.PLAIN
    font = changes.get("font", font)
    size = changes.get("font_size", size)
    color = changes["text_color"] if "text_color" in changes else changes.get("color", color)
    alignment = changes.get("alignment", alignment)
    intent = changes.get("intent", intent)
    add(
        lib.pdftools_annotation_set_free_text,
        _pdf_name(font, "font").encode("ascii"),
        float(size),
        _c_color(color),
        int(alignment),
        intent.pdf_name.encode("ascii"),
    )


def _reply_steps(annotation: "Annotation", changes: Dict[str, Any], add: Callable[..., None]) -> None:
    """set_reply for reply_to and reply_type."""
    if "reply_to" not in changes and "reply_type" not in changes:
        return
    if "reply_to" in changes:
        parent = changes["reply_to"]
    else:
        current = annotation.reply_to
        if current is None:
            raise ArgumentError("reply_type needs an annotation to reply to")
        parent = current.id
    if parent is None:
        add(lib.pdftools_annotation_set_reply, 0, None)
        return
    if "reply_type" in changes:
        reply_type = changes["reply_type"]
    else:
        current_type = annotation.reply_type
        reply_type = ReplyType.REPLY if current_type is None else current_type
    add(lib.pdftools_annotation_set_reply, int(parent), reply_type.pdf_name.encode("ascii"))


# -- entry points --------------------------------------------------------------------------


def change_label(changes: Dict[str, Any]) -> str:
    """The undo label of an update: "Change " and the changed properties, sorted ("Change Color, Opacity")."""
    names = {_LABEL_NAMES[key] for key in changes}
    if "Line" in names:
        names.discard("Line Endings")  # one set_line call sets both
    return "Change " + ", ".join(sorted(names))


def _one_step(document: Any, label: str, calls: int) -> ContextManager[Any]:
    """An undo group when more than one library call is made, else nothing (the call is a step)."""
    return document.group(label) if calls > 1 else contextlib.nullcontext()


def update_annotation(annotation: "Annotation", properties: Dict[str, Any]) -> None:
    """Checks ``properties``, reads what grouped calls need, then applies them (see the module docs)."""
    changes = normalize(properties)
    if not changes:
        return
    subtype = annotation.subtype  # NotFoundError for a stale id
    _check_in_document(annotation.page, subtype, changes, annotation.id)
    steps = _steps(annotation, subtype, changes)
    with _one_step(annotation.document, change_label(changes), len(steps)):
        for step in steps:
            step()


def create_annotation(page: "Page", subtype: str, rect: Any, properties: Dict[str, Any]) -> "Annotation":
    """Checks everything, creates the annotation, applies the properties; deletes it again when one fails."""
    from .annotations import Annotation

    encoded_subtype = encode_text(subtype, "subtype")
    changes = normalize(properties)
    if rect is not None:
        area = as_rect(rect)
    else:
        found = geometry_rect(subtype, changes)
        if found is None:
            keyword = GEOMETRY_KEYWORD.get(subtype)
            needs = f"rect (or {keyword})" if keyword else "rect"
            raise TypeError(f"a {subtype} annotation needs {needs}")
        area = found
    _check_in_document(page, subtype, changes, None)
    if "reply_type" in changes and changes.get("reply_to") is None:
        raise ArgumentError("reply_type needs an annotation to reply to")
    document = page.document
    with _one_step(document, f"Add {subtype}", 2 if changes else 1):
        out = ctypes.c_int64()
        document._call(
            lib.pdftools_annotation_create,
            page.index,
            encoded_subtype,
            CRect(area.x0, area.y0, area.x1, area.y1),
            ctypes.byref(out),
        )
        annotation = Annotation(document, int(out.value))
        try:
            for step in _steps(annotation, subtype, changes):
                step()
        except BaseException:
            try:
                annotation.delete()
            except Exception:  # noqa: BLE001 - the first error is the one to report
                pass
            raise
    return annotation


def add_popup(annotation: "Annotation", rect: Any, open: bool) -> "Annotation":  # noqa: A002
    """Adds a Popup for ``annotation`` shown in ``rect``; returns it."""
    from .annotations import Annotation

    area = as_rect(rect)
    out = ctypes.c_int64()
    annotation.document._call(
        lib.pdftools_annotation_add_popup,
        annotation.id,
        CRect(area.x0, area.y0, area.x1, area.y1),
        1 if _boolean(open, "open") else 0,
        ctypes.byref(out),
    )
    return Annotation(annotation.document, int(out.value))

# SPDX-License-Identifier: GPL-3.0-or-later
"""Annotation tools: :class:`ToolManager` turns pointer, key and text events into annotations.

A tool manager does what the annotation toolbar of a PDF viewer does: drag
over text to highlight it, draw ink, drag out a rectangle, tap polygon
vertices, tap to place a note, select an annotation and move or resize it
by its handles, erase strokes, follow a link.  ``doc.tool_manager()`` makes
one (in annotate mode with the "pan" tool, or in viewer mode when the
document does not allow annotation changes):

>>> with doc.tool_manager() as tm:                       # doctest: +SKIP
...     tm.set_tool("rectangle")
...     tm.pointer_down(0, 100, 100); tm.pointer_move(0, 150, 140); tm.pointer_up(0, 200, 180)
...     square, = tm.selection                            # one-shot tools select what they made
...     tm.overlay(0).items                               # the selection frame and its handles
...     doc.undo()                                        # one gesture is one undo step

Coordinates of events and overlays are in the *display space* of a page
(crop box with /Rotate applied, origin top left, y down, 1 unit = 1/72 inch
at zoom 1, see :meth:`pdftools.Page.to_page`); annotations are written in
page space.  Tools never change the PDF while a pointer moves; they update
the overlay and write once when the gesture ends.

Tools that need something only the host has -- the text of a note, an
image, a file, a signature, a link target -- report a request event
(``"request_text"``, ``"request_payload"``, ``"request_link_target"``) and
write nothing until it is answered with :meth:`ToolManager.commit_text` or
one of the ``provide_*`` methods.

Events are delivered to the functions registered with :meth:`ToolManager.on`,
on the thread of the call that caused them, after the library's work is done.
An exception raised by such a function never passes through the C library:
the binding catches it and, when the event was caused by a call of this tool
manager on the same thread, raises it again when that call returns (the
call's work is done by then; further exceptions of the same call are
logged).  Exceptions from events caused elsewhere (a :meth:`pdftools.Document.undo`
that changes the selection, say) are logged to the ``"pdftools.tools"``
logger.
"""

from __future__ import annotations

import contextlib
import ctypes
import json
import logging
import math
import numbers
import threading
import weakref
from dataclasses import dataclass, field, fields
from types import TracebackType
from typing import (
    TYPE_CHECKING,
    Any,
    Callable,
    Dict,
    Iterable,
    Iterator,
    List,
    Mapping,
    Optional,
    Sequence,
    Tuple,
    Type,
    Union,
)

from ._args import _named, _NamedEnum, as_index
from ._call import call, encode_text, free_tool_manager, read_array, read_string
from ._library import (
    POINTER_EVENT_VERSION,
    TOOL_CALLBACK,
    TOOL_HIT_VERSION,
    TOOL_STYLE_VERSION,
    CColor,
    COverlayItem,
    CPoint,
    CPointerEvent,
    CRect,
    CToolEvent,
    CToolHit,
    CToolStyle,
    lib,
)
from .annotation_types import BorderStyle, Color, LineEnding
from .annotations import Annotation, as_annotation_id
from .errors import ArgumentError, ClosedDocumentError, HandleError, InternalError, RangeError, Status
from .geometry import Point, Rect

if TYPE_CHECKING:
    from .document import Document
    from .page import Page

__all__ = [
    "ToolManager",
    "ToolMode",
    "Tool",
    "Key",
    "PointerKind",
    "OverlayKind",
    "HandleKind",
    "ToolEventKind",
    "ToolEvent",
    "ToolStyle",
    "OverlayItem",
    "Overlay",
    "ToolHit",
    "RGBA",
    "ToolLike",
    "ToolModeLike",
    "ToolEventHandler",
]

_logger = logging.getLogger("pdftools.tools")

_MOD_SHIFT = 1 << 0
_MOD_CTRL = 1 << 1
_MOD_ALT = 1 << 2
_MOD_META = 1 << 3

_MAX_DASHES = 8
_NAME_BYTES = 64  # char font[64], icon[64] with the NUL
_ATTEMPTS = 8
_TOO_SMALL = (Status.BUFFER_TOO_SMALL,)


class ToolMode(_NamedEnum):
    """What a tool manager lets tools do (``pdftools_tool_mode``), intersected with the document's permissions."""

    VIEWER = "viewer"
    """Select and copy text, follow links; nothing is created or changed."""
    ANNOTATE = "annotate"
    """Everything of viewer, plus creating, selecting, moving, resizing and deleting annotations."""
    FORM = "form"
    """Design forms: the form_* tools drag out fields; widgets are selected, moved, resized and deleted."""
    PAGE_EDIT = "page_edit"
    """Reserved for page operations: behaves as viewer for now."""


class Tool(_NamedEnum):
    """The tools (``pdftools_tool``), named as ``pdftools_tool_name()`` names them."""

    PAN = "pan"
    """Select, hand on, follow links; drags in empty space box-select (annotate mode) or scroll."""
    TEXT_SELECT = "text_select"
    """Drag to select text."""
    HIGHLIGHT = "highlight"
    """Drag over text: a Highlight per page touched."""
    UNDERLINE = "underline"
    """Drag over text: an Underline per page touched."""
    SQUIGGLY = "squiggly"
    """Drag over text: a Squiggly per page touched."""
    STRIKE_OUT = "strike_out"
    """Drag over text: a StrikeOut per page touched."""
    INK = "ink"
    """Freehand: the strokes of one session are one Ink annotation."""
    FREE_HIGHLIGHT = "free_highlight"
    """Freehand with a wide translucent marker (Ink)."""
    ERASER = "eraser"
    """Removes the ink strokes, and whole annotations, it touches."""
    RECTANGLE = "rectangle"
    """Drag a Square (Shift: a square)."""
    OVAL = "oval"
    """Drag a Circle (Shift: a circle)."""
    LINE = "line"
    """Drag a Line (Shift: 15 degree steps)."""
    ARROW = "arrow"
    """A Line with an open arrow at its end."""
    RULER = "ruler"
    """A Line (/IT /LineDimension) with its length in /Contents and /Measure."""
    POLYLINE = "polyline"
    """Tap vertices; double tap or Enter ends."""
    POLYGON = "polygon"
    """Tap vertices; double tap, Enter or a tap on the first vertex closes."""
    CLOUD = "cloud"
    """A Polygon with a cloudy border."""
    PERIMETER = "perimeter"
    """A PolyLine (/IT /PolyLineDimension) with its length."""
    AREA = "area"
    """A Polygon (/IT /PolygonDimension) with its area."""
    FREE_TEXT = "free_text"
    """Tap or drag a box, then the host's text."""
    CALLOUT = "callout"
    """Drag from the anchor to the box, then the host's text."""
    STICKY_NOTE = "sticky_note"
    """Tap: a Text annotation with the host's text."""
    STAMP = "stamp"
    """Tap or drag: a Stamp named by the style's icon."""
    IMAGE = "image"
    """Tap or drag: a Stamp showing the host's image."""
    FILE_ATTACHMENT = "file_attachment"
    """Tap: the host's file."""
    LINK = "link"
    """Drag a box, or drag over text: the host's target."""
    SIGNATURE = "signature"
    """Tap or drag: the host's ink or image signature."""
    ANNOTATION_EDIT = "annotation_edit"
    """Select, move, resize by 8 handles, delete, nudge."""
    LINE_EDIT = "line_edit"
    """As annotation_edit, plus dragging a line's end points."""
    POLY_EDIT = "poly_edit"
    """As annotation_edit, plus dragging vertices."""
    TEXT_MARKUP_EDIT = "text_markup_edit"
    """Drag a markup's ends over the text."""
    FORM_TEXT = "form_text"
    """Form mode: drag a text field."""
    FORM_CHECKBOX = "form_checkbox"
    """Form mode: drag a check box."""
    FORM_RADIO = "form_radio"
    """Form mode: drag a radio button (a new group)."""
    FORM_COMBO_BOX = "form_combo_box"
    """Form mode: drag a combo box."""
    FORM_LIST_BOX = "form_list_box"
    """Form mode: drag a list box."""
    FORM_PUSH_BUTTON = "form_push_button"
    """Form mode: drag a push button."""
    FORM_SIGNATURE = "form_signature"
    """Form mode: drag a signature field."""

    @property
    def c_value(self) -> int:
        """The ``pdftools_tool`` value."""
        return _TOOL_C[self]


class Key(_NamedEnum):
    """Keys the tools react to (``pdftools_key``)."""

    DELETE = "delete"
    """Deletes the selected annotations."""
    BACKSPACE = "backspace"
    """As Delete; while clicking vertices, removes the last one."""
    ESCAPE = "escape"
    """Cancels the gesture or request; else clears the selection."""
    ENTER = "enter"
    """Ends a polyline, polygon or ink session."""
    LEFT = "left"
    """Nudges the selection 1 display unit left (10 with Shift)."""
    RIGHT = "right"
    """Nudges right."""
    UP = "up"
    """Nudges up (on screen)."""
    DOWN = "down"
    """Nudges down (on screen)."""
    TAB = "tab"
    """The next form field to fill (with Shift the previous one)."""


class PointerKind(_NamedEnum):
    """What made a pointer event (``pdftools_pointer_kind``)."""

    MOUSE = "mouse"
    """Mouse or touchpad."""
    PEN = "pen"
    """Stylus."""
    TOUCH = "touch"
    """Finger (the hit tolerance is larger)."""


class OverlayKind(_NamedEnum):
    """Kinds of overlay items (``pdftools_overlay_kind``)."""

    RECT = "rect"
    """A rectangle: 2 points, opposite corners."""
    ELLIPSE = "ellipse"
    """An ellipse inscribed in the box of 2 points."""
    PATH = "path"
    """An open polyline through its points (a line has 2)."""
    POLYGON = "polygon"
    """A closed polygon."""
    QUAD = "quad"
    """A text selection quad: 4 points in /QuadPoints order."""
    HANDLE = "handle"
    """A handle: 1 point, its centre; see :attr:`OverlayItem.handle_kind`."""
    CARET = "caret"
    """A text caret: 2 points, top and bottom."""


class HandleKind(_NamedEnum):
    """Kinds of handles (``pdftools_handle_kind``)."""

    BOX = "box"
    """A box handle; id 0..7 clockwise from the top left corner on screen (1 top, 3 right, 5 bottom, 7 left)."""
    LINE_START = "line_start"
    """A line's start point."""
    LINE_END = "line_end"
    """A line's end point."""
    VERTEX = "vertex"
    """A polygon or polyline vertex; the id is its index."""
    TEXT_START = "text_start"
    """The start of a text markup or text selection."""
    TEXT_END = "text_end"
    """The end of a text markup or text selection."""


class ToolEventKind(_NamedEnum):
    """What a :class:`ToolEvent` reports (``pdftools_tool_event_kind``)."""

    TOOL_CHANGED = "tool_changed"
    """``tool`` is the new tool."""
    MODE_CHANGED = "mode_changed"
    """The mode changed (read :attr:`ToolManager.mode`)."""
    SELECTION_CHANGED = "selection_changed"
    """``ids``: the selected annotations; ``text``: the selected text."""
    ANNOTATIONS_ADDED = "annotations_added"
    """``ids`` were created."""
    ANNOTATIONS_MODIFIED = "annotations_modified"
    """``ids`` were changed."""
    ANNOTATIONS_REMOVED = "annotations_removed"
    """``ids`` were deleted."""
    UNDO_STATE = "undo_state"
    """The tool manager wrote an undo step."""
    REQUEST_TEXT = "request_text"
    """Answer with :meth:`ToolManager.commit_text`; ``text``: the current text."""
    REQUEST_PAYLOAD = "request_payload"
    """Answer with a ``provide_*`` method; ``text``: "image", "file" or "signature"."""
    REQUEST_LINK_TARGET = "request_link_target"
    """Answer with :meth:`ToolManager.provide_link`."""
    LINK_ACTIVATED = "link_activated"
    """A link was followed: ``text`` is its URI, or ``target_page`` its page."""
    FIELD_FOCUSED = "field_focused"
    """A form field took the focus (``ids``: its widget; ``text``: its name), or lost it (no ids)."""
    REQUEST_CHOICE = "request_choice"
    """A combo or list box was tapped: show its options (``text``: the field's name) and set the value."""


# C values: the position in the C enum (tools and modes from 0, keys and events from 1).
_MODES: List[ToolMode] = list(ToolMode)
_TOOLS: List[Tool] = list(Tool)
_TOOL_C: Dict[Tool, int] = {tool: i for i, tool in enumerate(_TOOLS)}
_KEY_C: Dict[Key, int] = {key: i + 1 for i, key in enumerate(Key)}
_POINTER_C: Dict[PointerKind, int] = {kind: i for i, kind in enumerate(PointerKind)}
_OVERLAY_KINDS: List[OverlayKind] = list(OverlayKind)
_HANDLE_KINDS: List[HandleKind] = list(HandleKind)
_EVENT_KINDS: Dict[int, ToolEventKind] = {i + 1: kind for i, kind in enumerate(ToolEventKind)}

#: A tool argument: a :class:`Tool` or its name ("highlight").
ToolLike = Union[Tool, str]
#: A mode argument: a :class:`ToolMode` or its name ("annotate").
ToolModeLike = Union[ToolMode, str]
#: A colour with alpha, components 0..1.
RGBA = Tuple[float, float, float, float]


# -- checking values ----------------------------------------------------------------------


def _real(value: Any, what: str) -> float:
    """A float from a real number (non-finite values are passed on; the library refuses them)."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(f"{what} must be a number, not {value!r}")
    return float(value)


def _finite(value: Any, what: str) -> float:
    """A finite float; TypeError for non-numbers, ArgumentError for NaN and infinities."""
    number = _real(value, what)
    if not math.isfinite(number):
        raise ArgumentError(f"{what} must be a finite number, not {value!r}")
    return number


def _color(value: Any, what: str) -> Optional[Color]:
    """A Color from (r, g, b) with finite components, or None."""
    if value is None:
        return None
    if isinstance(value, (str, bytes)) or not hasattr(value, "__iter__"):
        raise TypeError(f"{what} must be (r, g, b) or None, not {value!r}")
    components = list(value)
    if len(components) != 3:
        raise TypeError(f"{what} must be (r, g, b) or None, not {value!r}")
    r, g, b = (_finite(c, what) for c in components)
    return Color(r, g, b)


def _enum_value(cls: Any, value: Any, what: str) -> Any:
    """``cls(value)`` of an IntEnum (members, ints and names); ArgumentError for unknown values."""
    try:
        return cls(value)
    except (ValueError, TypeError):
        names = ", ".join(repr(name.lower()) for name in cls.__members__)
        raise ArgumentError(f"unknown {what} {value!r} (expected one of {names})") from None


def _short_ascii(value: Any, what: str) -> str:
    """A str of printable ASCII that fits the 64-byte C field with its NUL."""
    if not isinstance(value, str):
        raise TypeError(f"{what} must be str, not {type(value).__name__}")
    if len(value) >= _NAME_BYTES or not all(0x20 <= ord(ch) < 0x7F for ch in value):
        raise ArgumentError(f"{what} must be printable ASCII of at most {_NAME_BYTES - 1} characters, not {value!r}")
    return value


def _c_color(value: Optional[Color]) -> CColor:
    """A ``pdftools_color`` (black for None)."""
    return CColor(0.0, 0.0, 0.0) if value is None else CColor(value.r, value.g, value.b)


def _py_color(value: CColor) -> Color:
    """A Color from a ``pdftools_color``."""
    return Color(float(value.r), float(value.g), float(value.b))


def _rgba(value: int) -> Optional[RGBA]:
    """(r, g, b, a) floats of 0xAARRGGBB; None when alpha is 0."""
    alpha = (value >> 24) & 0xFF
    if alpha == 0:
        return None
    return ((value >> 16) & 0xFF) / 255.0, ((value >> 8) & 0xFF) / 255.0, (value & 0xFF) / 255.0, alpha / 255.0


def _bytes_like(value: Any, what: str) -> bytes:
    """bytes of a bytes-like value; TypeError otherwise."""
    if not isinstance(value, (bytes, bytearray, memoryview)):
        raise TypeError(f"{what} must be bytes-like, not {type(value).__name__}")
    return bytes(value)


# -- value types ------------------------------------------------------------------------------


# The pdftools_style_field bit of each ToolStyle field.
_STYLE_FIELD_BITS = {
    "color": 1 << 0,
    "fill": 1 << 1,
    "opacity": 1 << 2,
    "width": 1 << 3,
    "border_style": 1 << 3,
    "dashes": 1 << 3,
    "cloudy": 1 << 4,
    "line_start": 1 << 5,
    "line_end": 1 << 5,
    "font": 1 << 6,
    "font_size": 1 << 6,
    "text_color": 1 << 6,
    "icon": 1 << 7,
}


@dataclass(frozen=True)
class ToolStyle:
    """A tool's style (``pdftools_tool_style``): its default, a preset, or what to apply to a selection.

    Fields a tool does not draw are ignored by it.  Values are normalized on
    creation: colours become :class:`pdftools.Color` (None for none),
    ``border_style`` a :class:`pdftools.BorderStyle` and the line endings
    :class:`pdftools.LineEnding` (their names are accepted: "dashed",
    "open_arrow", "OpenArrow").  Ranges are the library's: opacity 0..1,
    width 0..1000, cloudy 0..2; the library refuses others (ArgumentError).
    Use :meth:`replace` to change some fields.
    """

    color: Optional[Color] = None
    """Stroke, line, markup and icon colour (/C); None for none (transparent)."""
    fill: Optional[Color] = None
    """Fill of shapes and closed line endings (/IC); None for no fill."""
    opacity: float = 1.0
    """Opacity 0..1 (/CA)."""
    width: float = 1.0
    """Border or line width in points (0..1000)."""
    border_style: BorderStyle = BorderStyle.SOLID
    """Border style."""
    dashes: Tuple[float, ...] = ()
    """The dash array of a dashed border (at most 8 numbers)."""
    cloudy: float = 0.0
    """Cloudy border intensity 0..2 (0: none)."""
    line_start: LineEnding = LineEnding.NONE
    """The ending at the start of lines and polylines."""
    line_end: LineEnding = LineEnding.NONE
    """The ending at the end of lines and polylines."""
    font: str = "Helvetica"
    """Font of free text and callouts: a standard 14 font name."""
    font_size: float = 12.0
    """Font size in points."""
    text_color: Color = Color(0.0, 0.0, 0.0)
    """Text colour of free text and callouts."""
    icon: str = ""
    """Icon of notes and attachments, or the name of stamps ("Approved")."""

    def __post_init__(self) -> None:
        """Checks the types and normalizes the values (see the class docs)."""
        setter = object.__setattr__
        setter(self, "color", _color(self.color, "color"))
        setter(self, "fill", _color(self.fill, "fill"))
        text_color = _color(self.text_color, "text_color")
        if text_color is None:
            raise TypeError("text_color must be (r, g, b), not None")
        setter(self, "text_color", text_color)
        for name in ("opacity", "width", "cloudy", "font_size"):
            setter(self, name, _finite(getattr(self, name), name))
        setter(self, "border_style", _enum_value(BorderStyle, self.border_style, "border style"))
        setter(self, "line_start", _enum_value(LineEnding, self.line_start, "line ending"))
        setter(self, "line_end", _enum_value(LineEnding, self.line_end, "line ending"))
        if isinstance(self.dashes, (str, bytes)) or not hasattr(self.dashes, "__iter__"):
            raise TypeError(f"dashes must be a sequence of numbers, not {self.dashes!r}")
        dashes = tuple(_finite(v, "dashes") for v in self.dashes)
        if len(dashes) > _MAX_DASHES:
            raise ArgumentError(f"a tool style has at most {_MAX_DASHES} dashes, not {len(dashes)}")
        setter(self, "dashes", dashes)
        setter(self, "font", _short_ascii(self.font, "font"))
        setter(self, "icon", _short_ascii(self.icon, "icon"))

    def replace(self, **changes: Any) -> "ToolStyle":
        """A copy with the given fields changed; TypeError for unknown field names."""
        names = {f.name for f in fields(self)}
        unknown = sorted(set(changes) - names)
        if unknown:
            raise TypeError(f"unknown tool style field(s): {', '.join(unknown)}")
        values = {name: getattr(self, name) for name in names}
        values.update(changes)
        return ToolStyle(**values)

    def _to_c(self) -> CToolStyle:
        """The ``pdftools_tool_style`` of this style."""
        c = CToolStyle()
        c.version = TOOL_STYLE_VERSION
        c.has_color = 0 if self.color is None else 1
        c.color = _c_color(self.color)
        c.has_fill = 0 if self.fill is None else 1
        c.fill = _c_color(self.fill)
        c.opacity = self.opacity
        c.width = self.width
        c.border_style = int(self.border_style)
        c.dash_count = len(self.dashes)
        for i, value in enumerate(self.dashes):
            c.dashes[i] = value
        c.cloudy = self.cloudy
        c.line_start = int(self.line_start)
        c.line_end = int(self.line_end)
        c.font = self.font.encode("ascii")
        c.font_size = self.font_size
        c.text_color = _c_color(self.text_color)
        c.icon = self.icon.encode("ascii")
        return c

    @classmethod
    def _from_c(cls, c: CToolStyle) -> "ToolStyle":
        """The style a ``pdftools_tool_style`` holds (unknown enum values read as the first member)."""

        def member(enum_cls: Any, value: int) -> Any:
            try:
                return enum_cls(int(value))
            except ValueError:
                return enum_cls(0)

        count = min(max(int(c.dash_count), 0), _MAX_DASHES)
        return cls(
            color=_py_color(c.color) if c.has_color else None,
            fill=_py_color(c.fill) if c.has_fill else None,
            opacity=float(c.opacity),
            width=float(c.width),
            border_style=member(BorderStyle, c.border_style),
            dashes=tuple(float(c.dashes[i]) for i in range(count)),
            cloudy=float(c.cloudy),
            line_start=member(LineEnding, c.line_start),
            line_end=member(LineEnding, c.line_end),
            font=c.font.decode("ascii", errors="replace"),
            font_size=float(c.font_size),
            text_color=_py_color(c.text_color),
            icon=c.icon.decode("ascii", errors="replace"),
        )


@dataclass(frozen=True)
class OverlayItem:
    """One item of a page's overlay, in display space, drawn in order over the page."""

    kind: OverlayKind
    """What to draw."""
    points: List[Point]
    """Its points (see :class:`OverlayKind` for how many and what they mean)."""
    stroke: Optional[RGBA]
    """Stroke colour (r, g, b, a), or None for no stroke."""
    fill: Optional[RGBA]
    """Fill colour (r, g, b, a), or None for no fill."""
    width: float
    """Stroke width in display units."""
    dash: float
    """Dash length in display units; 0 for a solid stroke."""
    handle_kind: Optional[HandleKind]
    """For handles, their kind; else None."""
    handle_id: int
    """For handles, the id :class:`HandleKind` describes; else 0."""
    annotation: Optional[Annotation]
    """The annotation the item belongs to (selection frames, handles), or None."""


@dataclass(frozen=True)
class ToolHit:
    """What lies under the pointer (see :meth:`ToolManager.hit_test`), for the host's cursor."""

    annotation: Optional[Annotation]
    """The annotation under the pointer (a selected annotation's handle first), or None."""
    handle_kind: Optional[HandleKind]
    """The kind of the handle under the pointer, or None."""
    handle_id: Optional[int]
    """The handle's id (see :class:`HandleKind`), or None."""
    is_link: bool
    """True when the annotation is a link (a tap follows it)."""
    on_text: bool
    """True when the pointer is on text (a drag selects it)."""


@dataclass(frozen=True)
class Overlay:
    """What a host draws over one page (see :meth:`ToolManager.overlay`)."""

    page_index: int
    """The page."""
    items: List[OverlayItem]
    """The items, in drawing order."""
    dirty: Optional[Rect]
    """The display-space area that changed since the previous overlay of this page was read; None when nothing."""

    def of_kind(self, kind: Union[OverlayKind, str]) -> List[OverlayItem]:
        """The items of one kind, in drawing order."""
        wanted = _named(OverlayKind, kind, "overlay kind")
        return [item for item in self.items if item.kind == wanted]

    @property
    def handles(self) -> List[OverlayItem]:
        """The handle items."""
        return self.of_kind(OverlayKind.HANDLE)


@dataclass(frozen=True)
class ToolEvent:
    """An event of a tool manager, as passed to the functions registered with :meth:`ToolManager.on`."""

    kind: ToolEventKind
    """What happened."""
    tool: Optional[Tool]
    """The tool concerned (the new tool, or the requesting one); None for an unknown value."""
    page_index: Optional[int]
    """The page concerned, or None."""
    ids: List[int]
    """Annotation ids (created, changed, removed or selected ones, as the kind says)."""
    text: Optional[str]
    """Text as the kind says (the selected text, a URI, the payload kind), or None."""
    target_page: Optional[int]
    """For "link_activated" with a page destination, the page; else None."""
    document: "Document" = field(repr=False, compare=False)
    """The document of the manager."""

    @property
    def annotations(self) -> List[Annotation]:
        """:attr:`ids` as Annotation handles (those of removed annotations are stale)."""
        return [Annotation(self.document, value) for value in self.ids]


#: A function receiving tool events.
ToolEventHandler = Callable[[ToolEvent], object]


def _event_from_c(document: "Document", c: CToolEvent) -> Optional[ToolEvent]:
    """A ToolEvent copied out of the C event (whose pointers are valid only during the callback)."""
    kind = _EVENT_KINDS.get(int(c.kind))
    if kind is None:
        return None
    count = int(c.id_count)
    ids = [int(c.ids[i]) for i in range(count)] if count and c.ids else []
    tool_value = int(c.tool)
    tool = _TOOLS[tool_value] if 0 <= tool_value < len(_TOOLS) else None
    return ToolEvent(
        kind=kind,
        tool=tool,
        page_index=int(c.page_index) if c.page_index >= 0 else None,
        ids=ids,
        text=c.text.decode("utf-8", errors="replace") if c.text is not None else None,
        target_page=int(c.target_page) if c.target_page >= 0 else None,
        document=document,
    )


def _make_trampoline(manager: "ToolManager") -> Any:
    """The C callback of one manager: builds the ToolEvent and hands it to the handlers.

    Holds the manager weakly, so a manager with handlers can still be
    garbage-collected.  Nothing raised here reaches C.
    """
    reference = weakref.ref(manager)

    def trampoline(handle: Optional[int], event: Any, user_data: Optional[int]) -> None:
        target = reference()
        if target is None or not event:
            return
        try:
            value = _event_from_c(target._document, event.contents)
            if value is None:
                return
            handlers = target._handlers_for(value.kind)
        except BaseException as exc:  # noqa: BLE001 - nothing may propagate into C
            target._callback_failed(exc)
            return
        for handler in handlers:
            try:
                handler(value)
            except BaseException as exc:  # noqa: BLE001 - nothing may propagate into C
                target._callback_failed(exc)

    return TOOL_CALLBACK(trampoline)


# -- the manager -----------------------------------------------------------------------------


class ToolManager:
    """The tool manager of one document (``pdftools_tool_manager``); see the module docs.

    Made by :meth:`pdftools.Document.tool_manager`.  Use it as a context
    manager or call :meth:`close`; one that is garbage-collected is freed
    then.  It keeps its document alive.  It is meant to be driven from one
    (UI) thread; the library serializes calls on it.

    Errors: methods raise :class:`pdftools.HandleError` once the manager is
    closed and :class:`pdftools.ClosedDocumentError` once its document is
    closed; :class:`pdftools.NotPermittedError` for what the mode, the
    document's permissions or an annotation's flags forbid;
    :class:`pdftools.RangeError` for pages that do not exist.
    """

    def __init__(self, document: "Document") -> None:
        """Makes a tool manager for ``document`` (annotate mode, or viewer mode without the
        annotate permission; the "pan" tool; the built-in styles)."""
        from .document import Document  # here: document.py imports this module

        if not isinstance(document, Document):
            raise TypeError(f"document must be a pdftools.Document, not {type(document).__name__}")
        self._handle: Optional[int] = None
        self._document = document
        self._handlers: Dict[Optional[ToolEventKind], List[ToolEventHandler]] = {}
        self._handlers_lock = threading.Lock()
        self._local = threading.local()
        out = ctypes.c_void_p()
        document._call(lib.pdftools_tool_manager_new, ctypes.byref(out))
        if not out.value:
            raise InternalError("the library returned no tool manager handle")
        self._trampoline = _make_trampoline(self)
        self._handle = out.value
        # The finalizer holds the callback until the handle is freed.
        self._finalizer = weakref.finalize(self, free_tool_manager, out.value, self._trampoline)
        self._call(lib.pdftools_tool_set_callback, self._trampoline, None)

    # -- lifetime -------------------------------------------------------------------------

    def close(self) -> None:
        """Frees the manager; an unfinished gesture is dropped (nothing is written).  Calling it again does nothing."""
        if self._handle is None:
            return
        self._handle = None
        self._finalizer()

    @property
    def closed(self) -> bool:
        """True once :meth:`close` was called."""
        return self._handle is None

    @property
    def document(self) -> "Document":
        """The document the manager works on."""
        return self._document

    def __enter__(self) -> "ToolManager":
        """Returns the manager itself."""
        return self

    def __exit__(
        self,
        exc_type: Optional[Type[BaseException]],
        exc: Optional[BaseException],
        traceback: Optional[TracebackType],
    ) -> None:
        """Closes the manager."""
        self.close()

    def __repr__(self) -> str:
        """``<pdftools.ToolManager annotate highlight>`` or ``<pdftools.ToolManager closed>``."""
        if self._handle is None:
            return "<pdftools.ToolManager closed>"
        try:
            return f"<pdftools.ToolManager {self.mode.value} {self.tool.value}>"
        except Exception:  # noqa: BLE001 - repr must not fail
            return "<pdftools.ToolManager>"

    # -- calling the library ----------------------------------------------------------------

    def _require_handle(self) -> int:
        """The live handle; HandleError when closed, ClosedDocumentError when the document is."""
        handle = self._handle
        if handle is None:
            raise HandleError("the tool manager is closed")
        if self._document.closed:
            raise ClosedDocumentError()
        return handle

    @contextlib.contextmanager
    def _calling(self) -> Iterator[None]:
        """Around every library call: re-raises what handlers raised during the outermost call of this thread."""
        local = self._local
        depth = getattr(local, "depth", 0)
        if depth == 0:
            local.errors = []
        local.depth = depth + 1
        failed = True
        try:
            try:
                yield
            except HandleError as exc:
                if self._document.closed and not isinstance(exc, ClosedDocumentError):
                    raise ClosedDocumentError() from exc
                raise
            failed = False
        finally:
            local.depth = depth
            if depth == 0:
                errors: List[BaseException] = local.errors
                local.errors = []
                for extra in errors[0 if failed else 1 :]:
                    _logger.error("a tool event handler raised", exc_info=(type(extra), extra, extra.__traceback__))
                if errors and not failed:
                    raise errors[0]

    def _call(self, function: Callable[..., int], *args: Any, allow: Sequence[int] = ()) -> int:
        """Calls ``function(handle, *args)``, raising the mapped error (or a handler's exception)."""
        handle = self._require_handle()
        with self._calling():
            return call(function, handle, *args, allow=allow)
        raise AssertionError("unreachable")  # pragma: no cover - for type checkers

    def _callback_failed(self, exc: BaseException) -> None:
        """Keeps a handler's exception for re-raising, or logs it when no call of this manager is running here."""
        local = self._local
        if getattr(local, "depth", 0) > 0:
            local.errors.append(exc)
        else:
            _logger.error("a tool event handler raised", exc_info=(type(exc), exc, exc.__traceback__))

    def _handlers_for(self, kind: ToolEventKind) -> List[ToolEventHandler]:
        """The handlers of ``kind`` and of every kind, in registration order (a snapshot)."""
        with self._handlers_lock:
            return list(self._handlers.get(kind, ())) + list(self._handlers.get(None, ()))

    # -- mode and tool --------------------------------------------------------------------------

    @property
    def mode(self) -> ToolMode:
        """The mode; setting it to "annotate" needs the document's annotate permission (NotPermittedError).

        Leaving annotate mode cancels the gesture, clears the annotation
        selection and returns to the "pan" tool.
        """
        value = ctypes.c_int()
        self._call(lib.pdftools_tool_get_mode, ctypes.byref(value))
        number = int(value.value)
        if not 0 <= number < len(_MODES):
            raise InternalError(f"the library reported an unknown mode {number}")
        return _MODES[number]

    @mode.setter
    def mode(self, mode: ToolModeLike) -> None:
        value = _named(ToolMode, mode, "tool mode")
        self._call(lib.pdftools_tool_set_mode, _MODES.index(value))

    def _get_tool(self) -> Tuple[Tool, bool]:
        """(current tool, sticky)."""
        value = ctypes.c_int()
        sticky = ctypes.c_int32()
        self._call(lib.pdftools_tool_get_tool, ctypes.byref(value), ctypes.byref(sticky))
        number = int(value.value)
        if not 0 <= number < len(_TOOLS):
            raise InternalError(f"the library reported an unknown tool {number}")
        return _TOOLS[number], bool(sticky.value)

    @property
    def tool(self) -> Tool:
        """The current tool; setting it is :meth:`set_tool` with ``sticky=False``."""
        return self._get_tool()[0]

    @tool.setter
    def tool(self, tool: ToolLike) -> None:
        self.set_tool(tool)

    @property
    def sticky(self) -> bool:
        """Whether the current tool stays after creating an annotation (see :meth:`set_tool`)."""
        return self._get_tool()[1]

    def set_tool(self, tool: ToolLike, sticky: bool = False) -> None:
        """Makes ``tool`` (a :class:`Tool` or its name) the current tool.

        Creation tools are one-shot: after one annotation they return to
        "pan" with it selected, unless ``sticky``.  An unfinished gesture of
        the previous tool is finished (an ink session, a polygon with enough
        vertices) or dropped.  Raises ArgumentError for unknown names and
        NotPermittedError for creation and edit tools outside annotate mode.
        """
        value = _named(Tool, tool, "tool")
        self._call(lib.pdftools_tool_set_tool, value.c_value, 1 if sticky else 0)

    # -- events --------------------------------------------------------------------------------------

    def _pointer(
        self,
        function: Callable[..., int],
        page_index: Union[int, "Page"],
        x: float,
        y: float,
        shift: bool,
        ctrl: bool,
        alt: bool,
        meta: bool,
        pointer: Union[PointerKind, str],
        pressure: float,
        timestamp: float,
    ) -> bool:
        """Sends one pointer event; True when a tool used it."""
        event = _pointer_event(as_index(page_index), x, y, shift, ctrl, alt, meta, pointer, pressure, timestamp)
        handled = ctypes.c_int32()
        self._call(function, ctypes.byref(event), ctypes.byref(handled))
        return bool(handled.value)

    def hit_test(
        self, page_index: Union[int, "Page"], x: float, y: float, *, pointer: Union[PointerKind, str] = PointerKind.MOUSE
    ) -> ToolHit:
        """What lies under the display-space point (x, y) of a page, for the host's cursor.

        A selected annotation's handle (annotate mode), else the topmost
        annotation the mode lets the user pick (links in every mode), and
        whether the point is on text.  Writes nothing and changes no state.
        """
        event = _pointer_event(as_index(page_index), x, y, False, False, False, False, pointer, 0.0, 0.0)
        out = CToolHit()
        out.version = TOOL_HIT_VERSION
        self._call(lib.pdftools_tool_hit_test, ctypes.byref(event), ctypes.byref(out))
        kind_value = int(out.handle_kind)
        has_handle = 0 <= kind_value < len(_HANDLE_KINDS)
        return ToolHit(
            annotation=Annotation(self._document, int(out.annotation)) if out.annotation else None,
            handle_kind=_HANDLE_KINDS[kind_value] if has_handle else None,
            handle_id=int(out.handle_id) if has_handle else None,
            is_link=bool(out.is_link),
            on_text=bool(out.on_text),
        )

    def pointer_down(
        self,
        page_index: Union[int, "Page"],
        x: float,
        y: float,
        *,
        shift: bool = False,
        ctrl: bool = False,
        alt: bool = False,
        meta: bool = False,
        pointer: Union[PointerKind, str] = PointerKind.MOUSE,
        pressure: float = 0.0,
        timestamp: float = 0.0,
    ) -> bool:
        """The pointer was pressed at (x, y) in the display space of page ``page_index``: a gesture starts.

        Returns True when a tool used the event, False when the host should
        (a drag on empty space in viewer mode: scroll).  ``pointer`` is
        "mouse", "pen" or "touch"; ``pressure`` 0..1 (0 when unknown);
        ``timestamp`` seconds on any monotonic clock (0 when unknown).
        Raises ArgumentError for non-finite numbers, RangeError for a page
        that does not exist.
        """
        return self._pointer(
            lib.pdftools_tool_pointer_down, page_index, x, y, shift, ctrl, alt, meta, pointer, pressure, timestamp
        )

    def pointer_move(
        self,
        page_index: Union[int, "Page"],
        x: float,
        y: float,
        *,
        shift: bool = False,
        ctrl: bool = False,
        alt: bool = False,
        meta: bool = False,
        pointer: Union[PointerKind, str] = PointerKind.MOUSE,
        pressure: float = 0.0,
        timestamp: float = 0.0,
    ) -> bool:
        """The pointer moved (pressed or not: without a gesture only hover and rubber lines change).

        Nothing is written while the pointer moves.  Text selection and
        text markup follow ``page_index`` across pages; other tools read the
        point in the display space of the page their gesture started on,
        clamped to it.  Arguments and result as for :meth:`pointer_down`.
        """
        return self._pointer(
            lib.pdftools_tool_pointer_move, page_index, x, y, shift, ctrl, alt, meta, pointer, pressure, timestamp
        )

    def pointer_up(
        self,
        page_index: Union[int, "Page"],
        x: float,
        y: float,
        *,
        shift: bool = False,
        ctrl: bool = False,
        alt: bool = False,
        meta: bool = False,
        pointer: Union[PointerKind, str] = PointerKind.MOUSE,
        pressure: float = 0.0,
        timestamp: float = 0.0,
    ) -> bool:
        """The pointer was released: the gesture ends and its result is written (one undo step).

        An up within 2 units of its down counts as a tap.  Arguments and
        result as for :meth:`pointer_down`.
        """
        return self._pointer(
            lib.pdftools_tool_pointer_up, page_index, x, y, shift, ctrl, alt, meta, pointer, pressure, timestamp
        )

    def tap(
        self,
        page_index: Union[int, "Page"],
        x: float,
        y: float,
        *,
        shift: bool = False,
        ctrl: bool = False,
        alt: bool = False,
        meta: bool = False,
        pointer: Union[PointerKind, str] = PointerKind.MOUSE,
        pressure: float = 0.0,
        timestamp: float = 0.0,
    ) -> bool:
        """A tap (press and release without moving, as the host's gesture recogniser saw it).

        Arguments and result as for :meth:`pointer_down`.
        """
        return self._pointer(
            lib.pdftools_tool_tap, page_index, x, y, shift, ctrl, alt, meta, pointer, pressure, timestamp
        )

    def canvas_event(
        self,
        kind: str,
        layout: Any,
        x: float,
        y: float,
        *,
        shift: bool = False,
        ctrl: bool = False,
        alt: bool = False,
        meta: bool = False,
        pointer: Union[PointerKind, str] = PointerKind.MOUSE,
        pressure: float = 0.0,
        timestamp: float = 0.0,
    ) -> bool:
        """Sends an event given in the canvas coordinates of ``layout`` (a
        :class:`pdftools.Layout`): ``kind`` is "down", "move", "up", "tap",
        "double_tap" or "long_press".  A press or tap goes to the page under the
        point; the moves and release of a gesture begun by a canvas press are read
        in the display space of the page it started on, also beyond it.  Returns
        False, sending nothing, over no page; else as :meth:`pointer_down`.
        """
        kinds = {"down": 0, "move": 1, "up": 2, "tap": 3, "double_tap": 4, "long_press": 5}
        if kind not in kinds:
            raise ArgumentError(f"kind must be one of {sorted(kinds)} (got {kind!r})")
        event = _pointer_event(0, x, y, shift, ctrl, alt, meta, pointer, pressure, timestamp)
        handled = ctypes.c_int32()
        self._call(lib.pdftools_tool_canvas_event, layout._h(), kinds[kind], ctypes.byref(event), ctypes.byref(handled))
        return bool(handled.value)

    def double_tap(
        self,
        page_index: Union[int, "Page"],
        x: float,
        y: float,
        *,
        shift: bool = False,
        ctrl: bool = False,
        alt: bool = False,
        meta: bool = False,
        pointer: Union[PointerKind, str] = PointerKind.MOUSE,
        pressure: float = 0.0,
        timestamp: float = 0.0,
    ) -> bool:
        """A double tap: ends a polyline or polygon; selects a word with the text tools.

        Arguments and result as for :meth:`pointer_down`.
        """
        return self._pointer(
            lib.pdftools_tool_double_tap, page_index, x, y, shift, ctrl, alt, meta, pointer, pressure, timestamp
        )

    def long_press(
        self,
        page_index: Union[int, "Page"],
        x: float,
        y: float,
        *,
        shift: bool = False,
        ctrl: bool = False,
        alt: bool = False,
        meta: bool = False,
        pointer: Union[PointerKind, str] = PointerKind.MOUSE,
        pressure: float = 0.0,
        timestamp: float = 0.0,
    ) -> bool:
        """A long press: selects the annotation under it, or the word under it.

        Arguments and result as for :meth:`pointer_down`.
        """
        return self._pointer(
            lib.pdftools_tool_long_press, page_index, x, y, shift, ctrl, alt, meta, pointer, pressure, timestamp
        )

    def cancel(self, became_scroll: bool = False) -> None:
        """The gesture was cancelled (the window lost the pointer), or became a scroll or pinch: nothing is written."""
        self._call(lib.pdftools_tool_pointer_cancel, 1 if became_scroll else 0)

    def key(
        self,
        key: Union[Key, str],
        shift: bool = False,
        ctrl: bool = False,
        alt: bool = False,
        meta: bool = False,
    ) -> bool:
        """A key ("delete", "backspace", "escape", "enter", "left", "right", "up", "down") with modifiers.

        Returns True when a tool used it.  Raises ArgumentError for unknown
        keys and NotPermittedError for deleting or nudging Locked
        annotations (nothing changes then).
        """
        value = _named(Key, key, "key")
        handled = ctypes.c_int32()
        self._call(lib.pdftools_tool_key, _KEY_C[value], _modifiers(shift, ctrl, alt, meta), ctypes.byref(handled))
        return bool(handled.value)

    # -- text and payloads ---------------------------------------------------------------------------

    def input_text(self, text: str) -> bool:
        """Types ``text`` into the form field that has the focus (after a tap on a text field or
        Tab): it replaces the selection at the caret and is written at once (one undo step for a
        run of typing).  False when no text field has the focus."""
        handled = ctypes.c_int32()
        self._call(lib.pdftools_tool_input_text, encode_text(text, "text"), ctypes.byref(handled))
        return bool(handled.value)

    def commit_text(self, text: str) -> None:
        """Answers a "request_text" event: ``text`` (may be empty) becomes the pending note's, free
        text's or callout's /Contents, written now as the gesture's undo step.

        With no request pending and one annotation selected, sets its
        /Contents (one undo step).  Raises NotFoundError when there is
        nothing to give text to, NotPermittedError for LockedContents.
        """
        self._call(lib.pdftools_tool_commit_text, encode_text(text, "text"))

    def provide_image(self, data: Union[bytes, bytearray, memoryview]) -> None:
        """An image (PNG or baseline JPEG bytes) for the image tool or an image signature.

        Answers a pending "request_payload" (writing the placement), or is
        kept for the next placement until replaced.  Raises ArgumentError
        for data the library cannot decode.
        """
        payload = _bytes_like(data, "image data")
        self._call(lib.pdftools_tool_provide_image, payload, len(payload))

    def provide_file(self, name: str, data: Union[bytes, bytearray, memoryview]) -> None:
        """A file (its name and bytes) for the file attachment tool; kept like an image."""
        encoded = encode_text(name, "file name")
        payload = _bytes_like(data, "file data")
        self._call(lib.pdftools_tool_provide_file, encoded, payload, len(payload))

    def provide_ink(self, strokes: Iterable[Iterable[Tuple[float, float]]]) -> None:
        """An ink signature: strokes of (x, y) points in a unit box (0..1, y down).

        The box is fitted, keeping its aspect, into the placed rectangle.
        Every stroke needs at least one point; kept like an image.
        """
        if isinstance(strokes, (str, bytes)) or not hasattr(strokes, "__iter__"):
            raise TypeError(f"strokes must be a sequence of point sequences, not {strokes!r}")
        points: List[CPoint] = []
        lengths: List[int] = []
        for i, stroke in enumerate(strokes):
            if isinstance(stroke, (str, bytes)) or not hasattr(stroke, "__iter__"):
                raise TypeError(f"stroke {i} must be a sequence of (x, y) points, not {stroke!r}")
            items = list(stroke)
            if not items:
                raise ArgumentError(f"stroke {i} has no points")
            for point in items:
                try:
                    x, y = point
                except (TypeError, ValueError):
                    raise TypeError(f"stroke {i} has a point that is not (x, y): {point!r}") from None
                points.append(CPoint(_real(x, "x"), _real(y, "y")))
            lengths.append(len(items))
        if not lengths:
            raise ArgumentError("an ink signature needs at least one stroke")
        c_points = (CPoint * len(points))(*points)
        c_lengths = (ctypes.c_int32 * len(lengths))(*lengths)
        self._call(lib.pdftools_tool_provide_ink, c_points, c_lengths, len(lengths))

    def provide_link(self, uri: Optional[str] = None, page: Optional[Union[int, "Page"]] = None) -> None:
        """The target of the link tool: a ``uri`` or a ``page`` (0-based index or Page), exactly one.

        Answers a pending "request_link_target", or is used by the next
        link (once).  Raises TypeError unless exactly one is given,
        RangeError for a page that does not exist.
        """
        if (uri is None) == (page is None):
            raise TypeError("provide_link takes exactly one of uri and page")
        if uri is not None:
            self._call(lib.pdftools_tool_provide_link_uri, encode_text(uri, "uri"))
        else:
            self._call(lib.pdftools_tool_provide_link_page, as_index(page))

    def cancel_request(self) -> None:
        """Drops the pending placement (a note waiting for text, an image waiting for data), if any."""
        self._call(lib.pdftools_tool_cancel_request)

    # -- selection ---------------------------------------------------------------------------

    @property
    def selection(self) -> List[Annotation]:
        """The selected annotations, in selection order."""
        handle = self._require_handle()
        with self._calling():
            ids = read_array(lib.pdftools_tool_get_selection, ctypes.c_int64, handle)
        return [Annotation(self._document, int(value)) for value in ids]

    def select(self, annotations: Union[Annotation, int, Iterable[Union[Annotation, int]]]) -> None:
        """Selects annotations (Annotations or ids; [] clears), as a tap on them would.

        Switches to the edit tool of the first one.  Raises NotFoundError for
        stale ids, NotPermittedError in viewer mode and for ReadOnly or
        hidden annotations, ArgumentError for annotations of another document.
        """
        if isinstance(annotations, (Annotation, int)):
            items: List[Any] = [annotations]
        else:
            items = list(annotations)
        ids: List[int] = []
        for item in items:
            if isinstance(item, Annotation) and item.document is not self._document:
                raise ArgumentError(f"{item!r} belongs to another document")
            ids.append(as_annotation_id(item))
        array = (ctypes.c_int64 * max(len(ids), 1))(*ids)
        self._call(lib.pdftools_tool_select, array if ids else None, len(ids))

    @property
    def selected_text(self) -> str:
        """The text the text tools selected ("" when none).  NotPermittedError when the document forbids copying."""
        handle = self._require_handle()
        with self._calling():
            return read_string(lib.pdftools_tool_get_selected_text, handle)
        raise AssertionError("unreachable")  # pragma: no cover - for type checkers

    def delete_selection(self) -> None:
        """Deletes the selected annotations as one undo step; Locked ones are kept (and stay selected).

        Raises NotPermittedError in viewer mode and when every selected
        annotation is Locked.
        """
        self._call(lib.pdftools_tool_delete_selection)

    # -- overlay ----------------------------------------------------------------------------------

    def overlay(self, page_index: Union[int, "Page"]) -> Overlay:
        """What to draw over page ``page_index``: gestures in progress, selection frames and handles.

        Also reports the display-space area that changed since the previous
        call for this page (:attr:`Overlay.dirty`).  Raises RangeError for a
        page that does not exist.
        """
        page = as_index(page_index)
        handle = self._require_handle()
        item_count = ctypes.c_int32()
        point_count = ctypes.c_int32()
        dirty = CRect()
        function = lib.pdftools_tool_get_overlay
        with self._calling():
            for _ in range(_ATTEMPTS):
                call(
                    function,
                    handle,
                    page,
                    ctypes.sizeof(COverlayItem),
                    None,
                    0,
                    None,
                    0,
                    ctypes.byref(item_count),
                    ctypes.byref(point_count),
                    None,
                )
                items_needed = max(int(item_count.value), 1)
                points_needed = max(int(point_count.value), 1)
                items = (COverlayItem * items_needed)()
                points = (CPoint * points_needed)()
                status = call(
                    function,
                    handle,
                    page,
                    ctypes.sizeof(COverlayItem),
                    items,
                    items_needed,
                    points,
                    points_needed,
                    ctypes.byref(item_count),
                    ctypes.byref(point_count),
                    ctypes.byref(dirty),
                    allow=_TOO_SMALL,
                )
                if status == Status.OK:
                    return Overlay(
                        page_index=page,
                        items=[
                            self._overlay_item(item, points, int(point_count.value))
                            for item in items[: int(item_count.value)]
                        ],
                        dirty=_dirty(dirty),
                    )
        raise InternalError("the overlay kept growing while it was read")

    def _overlay_item(self, c: COverlayItem, points: Any, point_total: int) -> OverlayItem:
        """An OverlayItem of a ``pdftools_overlay_item`` and the points array."""
        kind_value = int(c.kind)
        if not 0 <= kind_value < len(_OVERLAY_KINDS):
            raise InternalError(f"the library reported an unknown overlay item kind {kind_value}")
        kind = _OVERLAY_KINDS[kind_value]
        first = int(c.first_point)
        last = min(first + int(c.point_count), point_total)
        handle_kind: Optional[HandleKind] = None
        if kind == OverlayKind.HANDLE:
            value = int(c.handle_kind)
            handle_kind = _HANDLE_KINDS[value] if 0 <= value < len(_HANDLE_KINDS) else None
        return OverlayItem(
            kind=kind,
            points=[Point(float(points[i].x), float(points[i].y)) for i in range(first, last)],
            stroke=_rgba(int(c.stroke)),
            fill=_rgba(int(c.fill)),
            width=float(c.width),
            dash=float(c.dash),
            handle_kind=handle_kind,
            handle_id=int(c.handle_id),
            annotation=Annotation(self._document, int(c.annotation)) if c.annotation else None,
        )

    # -- styles -------------------------------------------------------------------------------------

    def _get_style(self, tool: Tool) -> ToolStyle:
        """The default style of ``tool``."""
        out = CToolStyle()
        out.version = TOOL_STYLE_VERSION
        self._call(lib.pdftools_tool_get_style, tool.c_value, ctypes.byref(out))
        return ToolStyle._from_c(out)

    def _style_arg(self, tool: Tool, style: Optional[ToolStyle], changes: Dict[str, Any]) -> ToolStyle:
        """``style`` (or ``tool``'s default) with ``changes`` applied."""
        if style is not None and not isinstance(style, ToolStyle):
            raise TypeError(f"style must be a ToolStyle or None, not {type(style).__name__}")
        base = style if style is not None else self._get_style(tool)
        return base.replace(**changes) if changes else base

    def style(self, tool: ToolLike, style: Optional[ToolStyle] = None, **changes: Any) -> ToolStyle:
        """Reads ``tool``'s default style, or applies a style as a toolbar does.

        ``tm.style("arrow")`` returns the default.  Field changes
        (``tm.style("arrow", color=(0, 0, 1), width=3)``) apply those fields
        only, with ``pdftools_tool_apply_style``: with annotations selected
        they change on the selected annotations (their other properties stay;
        one undo step that merges with an immediately preceding change of the
        same fields of the same annotations) and the default stays; with none
        selected they change in the default.  A whole ``style`` (with any
        ``changes`` on top) is applied with every field, with
        ``pdftools_tool_set_style``.  Returns the style given to the library.
        Raises TypeError for unknown fields, ArgumentError for values out of
        range.
        """
        value = _named(Tool, tool, "tool")
        if style is None and not changes:
            return self._get_style(value)
        new = self._style_arg(value, style, changes)
        if style is None:
            fields = 0
            for name in changes:
                fields |= _STYLE_FIELD_BITS[name]
            self._call(lib.pdftools_tool_apply_style, value.c_value, ctypes.byref(new._to_c()), fields)
        else:
            self._call(lib.pdftools_tool_set_style, value.c_value, ctypes.byref(new._to_c()))
        return new

    def set_default_style(self, tool: ToolLike, style: Optional[ToolStyle] = None, **changes: Any) -> ToolStyle:
        """Makes ``style`` (with ``changes``; the current default with ``changes`` when None) the
        default of ``tool``, whatever is selected; returns it."""
        value = _named(Tool, tool, "tool")
        new = self._style_arg(value, style, changes)
        self._call(lib.pdftools_tool_set_default_style, value.c_value, ctypes.byref(new._to_c()))
        return new

    def presets(self, tool: ToolLike) -> List[Tuple[str, ToolStyle]]:
        """The named presets of ``tool`` as (name, style) pairs, in order."""
        value = _named(Tool, tool, "tool")
        count = ctypes.c_int32()
        self._call(lib.pdftools_tool_get_preset_count, value.c_value, ctypes.byref(count))
        return [self._preset(value, index) for index in range(int(count.value))]

    def _preset(self, tool: Tool, index: int) -> Tuple[str, ToolStyle]:
        """Preset ``index`` of ``tool`` (two-call pattern for its name)."""
        out = CToolStyle()
        out.version = TOOL_STYLE_VERSION
        size = ctypes.c_size_t()
        function = lib.pdftools_tool_get_preset
        for _ in range(_ATTEMPTS):
            self._call(function, tool.c_value, index, None, None, 0, ctypes.byref(size))
            needed = max(int(size.value), 1)
            buffer = ctypes.create_string_buffer(needed)
            status = self._call(
                function, tool.c_value, index, ctypes.byref(out), buffer, needed, ctypes.byref(size), allow=_TOO_SMALL
            )
            if status == Status.OK:
                return buffer.value.decode("utf-8", errors="replace"), ToolStyle._from_c(out)
        raise InternalError("the preset name kept growing while it was read")

    def add_preset(self, tool: ToolLike, name: str, style: Optional[ToolStyle] = None, **changes: Any) -> None:
        """Adds the preset ``name`` to ``tool``: ``style`` (the current default when None) with ``changes``.

        A preset of the same name is replaced.
        """
        value = _named(Tool, tool, "tool")
        encoded = encode_text(name, "preset name")
        new = self._style_arg(value, style, changes)
        self._call(lib.pdftools_tool_add_preset, value.c_value, encoded, ctypes.byref(new._to_c()))

    def remove_preset(self, tool: ToolLike, index: int) -> None:
        """Removes preset ``index`` of ``tool``; RangeError (an IndexError) when there is none."""
        value = _named(Tool, tool, "tool")
        position = as_index(index, "preset index")
        if position < 0:
            raise RangeError(f"preset index {position} out of range")
        self._call(lib.pdftools_tool_remove_preset, value.c_value, position)

    def export_styles(self) -> str:
        """Every tool's default style and presets as JSON, for the host to persist.

        The layout: ``{"version": 1, "tools": {"<tool>": {"style": {...},
        "presets": [{"name": ..., "style": {...}}]}}}``.
        """
        handle = self._require_handle()
        with self._calling():
            return read_string(lib.pdftools_tool_export_styles, handle)
        raise AssertionError("unreachable")  # pragma: no cover - for type checkers

    def import_styles(self, styles: Union[str, Mapping[str, Any]]) -> None:
        """Loads defaults and presets from JSON made by :meth:`export_styles` (a str, or the parsed mapping).

        Tools it does not name keep theirs; unknown tools and keys are
        ignored.  All or nothing: ArgumentError (naming where) for text that
        is not JSON or a value of the wrong type or range, and nothing changes.
        """
        text = json.dumps(styles) if isinstance(styles, Mapping) else styles
        self._call(lib.pdftools_tool_import_styles, encode_text(text, "styles JSON"))

    # -- events -----------------------------------------------------------------------------------

    def on(self, event: Union[ToolEventKind, str], handler: ToolEventHandler) -> Callable[[], None]:
        """Calls ``handler(ToolEvent)`` for every event of kind ``event`` ("*" for all); returns a
        function that unsubscribes it.

        Handlers run on the thread of the call that caused the event, after
        the library's work and with no lock held, so they may call the
        manager and the document.  Exceptions they raise are re-raised when
        the call of this manager that caused them returns, or logged (see
        the module docs).
        """
        if not callable(handler):
            raise TypeError(f"handler must be callable, not {type(handler).__name__}")
        kind: Optional[ToolEventKind] = None if event == "*" else _named(ToolEventKind, event, "tool event")
        self._require_handle()
        with self._handlers_lock:
            self._handlers.setdefault(kind, []).append(handler)

        def unsubscribe() -> None:
            """Removes the handler (once; later calls do nothing)."""
            with self._handlers_lock:
                handlers = self._handlers.get(kind, [])
                for i, item in enumerate(handlers):
                    if item is handler:
                        del handlers[i]
                        break

        return unsubscribe


def _pointer_event(
    page_index: int,
    x: float,
    y: float,
    shift: bool,
    ctrl: bool,
    alt: bool,
    meta: bool,
    pointer: Union[PointerKind, str],
    pressure: float,
    timestamp: float,
) -> CPointerEvent:
    """A ``pdftools_pointer_event``, its numbers checked."""
    return CPointerEvent(
        POINTER_EVENT_VERSION,
        page_index,
        _real(x, "x"),
        _real(y, "y"),
        _modifiers(shift, ctrl, alt, meta),
        _POINTER_C[_named(PointerKind, pointer, "pointer kind")],
        _real(pressure, "pressure"),
        _real(timestamp, "timestamp"),
    )


def _modifiers(shift: bool, ctrl: bool, alt: bool, meta: bool) -> int:
    """The ``pdftools_modifiers`` bits."""
    return (
        (_MOD_SHIFT if shift else 0)
        | (_MOD_CTRL if ctrl else 0)
        | (_MOD_ALT if alt else 0)
        | (_MOD_META if meta else 0)
    )


def _dirty(c: CRect) -> Optional[Rect]:
    """The dirty rectangle, or None when all zero."""
    if c.x0 == 0 and c.y0 == 0 and c.x1 == 0 and c.y1 == 0:
        return None
    return Rect(float(c.x0), float(c.y0), float(c.x1), float(c.y1))

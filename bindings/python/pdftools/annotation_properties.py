# SPDX-License-Identifier: GPL-3.0-or-later
"""The typed, readable properties of an annotation: colours, border, geometry, FreeText styling, links, files, replies.

:class:`AnnotationProperties` is a base class of :class:`pdftools.Annotation`;
every property asks the library on access.  Each name is also a keyword of
:meth:`pdftools.Annotation.update` and :meth:`pdftools.Page.add_annotation`,
so ``annotation.update(color=annotation.color)`` changes nothing visible.
Properties the library has no typed getter for (dashes, cloudy, leader
lines, icon, open, intent, callout, reply type) are read from the raw entries.
"""

from __future__ import annotations

import ctypes
from typing import TYPE_CHECKING, Any, Callable, Dict, List, Optional, Tuple, TypeVar

from . import _pdf_syntax
from ._library import CColor, CPoint, CQuad, lib
from .annotation_types import (
    Alignment,
    AnnotationFlag,
    Attachment,
    Border,
    BorderStyle,
    Color,
    FreeTextIntent,
    Line,
    LineEnding,
    ReplyType,
)
from .errors import InternalError, NotFoundError, Status
from .geometry import Point, Quad

if TYPE_CHECKING:
    from .annotations import Annotation
    from .document import Document
    from .page import Page

__all__ = ["AnnotationProperties"]

_T = TypeVar("_T")
_STROKE = 0  # PDFTOOLS_COLOR_STROKE
_INTERIOR = 1  # PDFTOOLS_COLOR_INTERIOR
_ATTEMPTS = 8
_TOO_SMALL = (Status.BUFFER_TOO_SMALL,)


def _point(c: CPoint) -> Point:
    """A Point from a ``pdftools_point``."""
    return Point(float(c.x), float(c.y))


def _points(values: Optional[List[float]]) -> List[Point]:
    """Points from a flat [x1 y1 x2 y2 ...] list (a trailing odd number is dropped)."""
    if not values:
        return []
    return [Point(values[i], values[i + 1]) for i in range(0, len(values) - 1, 2)]


class AnnotationProperties:
    """The typed properties of an annotation (a base class of :class:`pdftools.Annotation`).

    Reading never changes anything.  Properties that do not apply to the
    subtype read as the library's default or None, as each one says.
    """

    __slots__ = ()

    if TYPE_CHECKING:
        _document: Document
        _id: int

        @property
        def page_index(self) -> int: ...

        @property
        def page(self) -> Page: ...

        @property
        def subtype(self) -> str: ...

        def get_raw(self, key: str) -> Optional[str]: ...

    # -- helpers ----------------------------------------------------------------

    def _or_none(self, read: Callable[[], _T]) -> Optional[_T]:
        """read(), or None when the library answers NOT_FOUND for a live annotation."""
        try:
            return read()
        except NotFoundError:
            self.page_index  # raises NotFoundError when the annotation itself is gone
            return None

    def _raw(self, key: str) -> Any:
        """The parsed value of raw entry ``key`` (None when absent or unreadable)."""
        return _pdf_syntax.parse(self.get_raw(key))

    def _color(self, role: int) -> Optional[Color]:
        """The colour of ``role`` or None."""
        value = CColor()
        present = ctypes.c_int32()
        self._document._call(
            lib.pdftools_annotation_get_color, self._id, role, ctypes.byref(value), ctypes.byref(present)
        )
        return Color(float(value.r), float(value.g), float(value.b)) if present.value else None

    # -- appearance ---------------------------------------------------------------

    @property
    def color(self) -> Optional[Color]:
        """/C: the border, line and icon colour (the markup colour of text markup); None when transparent or absent.

        Gray and CMYK colours are converted to RGB.
        """
        return self._color(_STROKE)

    @property
    def interior_color(self) -> Optional[Color]:
        """/IC: the fill of shapes and closed line endings, or None for no fill."""
        return self._color(_INTERIOR)

    @property
    def opacity(self) -> float:
        """/CA: the constant opacity, 0..1 (1 when absent)."""
        value = ctypes.c_double()
        self._document._call(lib.pdftools_annotation_get_opacity, self._id, ctypes.byref(value))
        return float(value.value)

    @property
    def border(self) -> Border:
        """The border as (width, style); width 0 means no border (1 solid when the file says nothing)."""
        width = ctypes.c_double()
        style = ctypes.c_int()
        self._document._call(lib.pdftools_annotation_get_border, self._id, ctypes.byref(width), ctypes.byref(style))
        return Border(float(width.value), BorderStyle(int(style.value)))

    @property
    def border_width(self) -> float:
        """The border width in points (``border.width``)."""
        return self.border.width

    @property
    def border_style(self) -> BorderStyle:
        """The border style (``border.style``)."""
        return self.border.style

    @property
    def dashes(self) -> Optional[Tuple[float, ...]]:
        """The dash array of a dashed border ((3.0,) when the file gives none); None for other styles."""
        if self.border_style != BorderStyle.DASHED:
            return None
        border = self._raw("BS")
        values = _pdf_syntax.numbers(border.get("D")) if isinstance(border, dict) else None
        return tuple(values) if values else (3.0,)

    @property
    def cloudy(self) -> float:
        """The cloudy border intensity (/BE /I, 0 to 2); 0 for a plain border."""
        effect = self._raw("BE")
        if not isinstance(effect, dict) or effect.get("S") != "C":
            return 0.0
        intensity = effect.get("I", 1.0)
        return float(intensity) if isinstance(intensity, float) else 1.0

    @property
    def flags(self) -> AnnotationFlag:
        """/F: the annotation flags (none when absent)."""
        value = ctypes.c_uint32()
        self._document._call(lib.pdftools_annotation_get_flags, self._id, ctypes.byref(value))
        return AnnotationFlag(int(value.value))

    # -- geometry -----------------------------------------------------------------

    @property
    def quads(self) -> List[Quad]:
        """/QuadPoints of text markup (and Link) annotations, in page space; [] when absent."""
        items = self._document._call_array(lib.pdftools_annotation_get_quads, CQuad, self._id)
        return [Quad(*(_point(p) for p in (q.p1, q.p2, q.p3, q.p4))) for q in items]

    @property
    def ink(self) -> List[List[Point]]:
        """/InkList: the strokes of an Ink annotation, each a list of points; [] when absent."""
        point_count = ctypes.c_int32()
        stroke_count = ctypes.c_int32()
        function = lib.pdftools_annotation_get_ink
        for _ in range(_ATTEMPTS):
            self._document._call(
                function, self._id, None, 0, ctypes.byref(point_count), None, 0, ctypes.byref(stroke_count)
            )
            points_needed, strokes_needed = int(point_count.value), int(stroke_count.value)
            if strokes_needed == 0:
                return []
            points = (CPoint * max(points_needed, 1))()
            sizes = (ctypes.c_int32 * strokes_needed)()
            status = self._document._call(
                function,
                self._id,
                points,
                points_needed,
                ctypes.byref(point_count),
                sizes,
                strokes_needed,
                ctypes.byref(stroke_count),
                allow=_TOO_SMALL,
            )
            if status == Status.OK:
                strokes: List[List[Point]] = []
                start = 0
                for size in sizes[: int(stroke_count.value)]:
                    strokes.append([_point(p) for p in points[start : start + int(size)]])
                    start += int(size)
                return strokes
        raise InternalError("the ink list kept growing while it was read")

    @property
    def vertices(self) -> List[Point]:
        """/Vertices of a Polygon or PolyLine, in page space; [] when absent."""
        items = self._document._call_array(lib.pdftools_annotation_get_vertices, CPoint, self._id)
        return [_point(p) for p in items]

    @property
    def line(self) -> Optional[Line]:
        """/L: the end points of a Line annotation, or None when absent."""
        start, end = CPoint(), CPoint()

        def read() -> Line:
            self._document._call(
                lib.pdftools_annotation_get_line, self._id, ctypes.byref(start), ctypes.byref(end), None, None
            )
            return Line(_point(start), _point(end))

        return self._or_none(read)

    @property
    def line_endings(self) -> Tuple[LineEnding, LineEnding]:
        """/LE: the endings at the start and end of a Line or PolyLine ((NONE, NONE) when absent)."""
        value = self._raw("LE")
        if not isinstance(value, list) or len(value) != 2:
            return LineEnding.NONE, LineEnding.NONE

        def ending(name: Any) -> LineEnding:
            try:
                return LineEnding(str(name)) if isinstance(name, _pdf_syntax.Name) else LineEnding.NONE
            except ValueError:
                return LineEnding.NONE

        return ending(value[0]), ending(value[1])

    @property
    def leader_length(self) -> float:
        """/LL: the leader line length of a Line (0 for none)."""
        value = self._raw("LL")
        return value if isinstance(value, float) else 0.0

    @property
    def leader_extension(self) -> float:
        """/LLE: the leader line extension of a Line (0 for none)."""
        value = self._raw("LLE")
        return value if isinstance(value, float) else 0.0

    # -- icons and popups ----------------------------------------------------------

    @property
    def icon(self) -> Optional[str]:
        """/Name: the icon of a Text or FileAttachment annotation, or a stamp's name; None when absent."""
        value = self._raw("Name")
        return str(value) if isinstance(value, _pdf_syntax.Name) else None

    @property
    def open(self) -> bool:
        """/Open: whether a Text annotation's or a Popup's window is open (False when absent)."""
        return self._raw("Open") is True

    # -- FreeText ----------------------------------------------------------------------

    def _free_text(self) -> Optional[Tuple[str, float, Color, Alignment]]:
        """(font, size, text colour, alignment) of a FreeText; None for other subtypes."""
        if self.subtype != "FreeText":
            return None
        size = ctypes.c_double()
        color = CColor()
        alignment = ctypes.c_int32()
        name_size = ctypes.c_size_t()
        function = lib.pdftools_annotation_get_free_text
        for _ in range(_ATTEMPTS):
            self._document._call(function, self._id, None, 0, ctypes.byref(name_size), None, None, None)
            needed = max(int(name_size.value), 1)
            buffer = ctypes.create_string_buffer(needed)
            status = self._document._call(
                function,
                self._id,
                buffer,
                needed,
                ctypes.byref(name_size),
                ctypes.byref(size),
                ctypes.byref(color),
                ctypes.byref(alignment),
                allow=_TOO_SMALL,
            )
            if status == Status.OK:
                return (
                    buffer.value.decode("utf-8", errors="replace"),
                    float(size.value),
                    Color(float(color.r), float(color.g), float(color.b)),
                    Alignment(min(max(int(alignment.value), 0), 2)),
                )
        raise InternalError("the font name kept growing while it was read")

    @property
    def font(self) -> Optional[str]:
        """A FreeText's standard font ("Helvetica", "Times-Roman", "Courier", ...); None for other subtypes."""
        values = self._free_text()
        return None if values is None else values[0]

    @property
    def font_size(self) -> Optional[float]:
        """A FreeText's font size in points; None for other subtypes."""
        values = self._free_text()
        return None if values is None else values[1]

    @property
    def text_color(self) -> Optional[Color]:
        """A FreeText's text colour; None for other subtypes."""
        values = self._free_text()
        return None if values is None else values[2]

    @property
    def alignment(self) -> Optional[Alignment]:
        """A FreeText's text alignment, /Q; None for other subtypes."""
        values = self._free_text()
        return None if values is None else values[3]

    @property
    def intent(self) -> Optional[FreeTextIntent]:
        """A FreeText's intent, /IT (PLAIN when absent); None for other subtypes."""
        if self.subtype != "FreeText":
            return None
        value = self._raw("IT")
        try:
            return FreeTextIntent(str(value)) if isinstance(value, _pdf_syntax.Name) else FreeTextIntent.PLAIN
        except ValueError:
            return FreeTextIntent.PLAIN

    @property
    def callout(self) -> List[Point]:
        """/CL: a FreeText's callout line, 2 or 3 points from the pointed-at spot to the box; [] when absent."""
        return _points(_pdf_syntax.numbers(self._raw("CL")))

    # -- links and files ---------------------------------------------------------------

    @property
    def uri(self) -> Optional[str]:
        """The URI a Link opens, or None when it has no URI action."""
        return self._or_none(lambda: self._document._call_string(lib.pdftools_annotation_get_link_uri, self._id))

    @property
    def destination_page(self) -> Optional[int]:
        """The index of the page a Link goes to, or None when it has no page destination."""
        value = ctypes.c_int32()

        def read() -> int:
            self._document._call(lib.pdftools_annotation_get_link_page, self._id, ctypes.byref(value))
            return int(value.value)

        return self._or_none(read)

    @property
    def attachment(self) -> Optional[Attachment]:
        """The file embedded in a FileAttachment as (name, bytes), or None when there is none."""
        return self._or_none(self._read_attachment)

    def _read_attachment(self) -> Attachment:
        """The embedded file; NotFoundError when there is none."""
        data = ctypes.c_void_p()
        size = ctypes.c_size_t()
        name_size = ctypes.c_size_t(256)
        for _ in range(_ATTEMPTS):
            needed = max(int(name_size.value), 1)
            name = ctypes.create_string_buffer(needed)
            status = self._document._call(
                lib.pdftools_annotation_get_attachment,
                self._id,
                ctypes.byref(data),
                ctypes.byref(size),
                name,
                needed,
                ctypes.byref(name_size),
                allow=_TOO_SMALL,
            )
            if status == Status.OK:
                try:
                    content = ctypes.string_at(data.value, size.value) if size.value else b""
                finally:
                    lib.pdftools_free(data)
                return Attachment(name.value.decode("utf-8", errors="replace"), content)
        raise InternalError("the file name kept growing while it was read")

    # -- replies and order ---------------------------------------------------------------

    @property
    def reply_to(self) -> Optional["Annotation"]:
        """The annotation this one replies to (/IRT), or None."""
        from .annotations import Annotation  # here: annotations.py imports this module

        value = ctypes.c_int64()
        self._document._call(lib.pdftools_annotation_get_reply, self._id, ctypes.byref(value))
        return Annotation(self._document, int(value.value)) if value.value else None

    @property
    def replies(self) -> List["Annotation"]:
        """The thread under this annotation: the annotations that reply to it (/IRT), then their
        replies, depth first, in z-order.  Only the annotation's own page is searched, since
        /IRT targets stand on the same page."""
        page_annotations = self.page.annotations
        children: Dict[int, List["Annotation"]] = {}
        for annotation in page_annotations:
            parent = annotation.reply_to
            if parent is not None:
                children.setdefault(parent.id, []).append(annotation)
        thread: List["Annotation"] = []
        pending = list(reversed(children.get(self._id, [])))
        seen = {self._id}
        while pending:
            current = pending.pop()
            if current.id in seen:
                continue
            seen.add(current.id)
            thread.append(current)
            pending.extend(reversed(children.get(current.id, [])))
        return thread

    @property
    def reply_type(self) -> Optional[ReplyType]:
        """How this annotation relates to :attr:`reply_to` (/RT; REPLY when absent); None when it replies to nothing."""
        if self.get_raw("IRT") is None:
            return None
        value = self._raw("RT")
        return ReplyType.GROUP if value == "Group" else ReplyType.REPLY

    @property
    def z_index(self) -> int:
        """The position in the page's z-order: 0 is the back (the index in :attr:`pdftools.Page.annotations`)."""
        ids = [annotation.id for annotation in self.page.annotations]
        return ids.index(self._id)

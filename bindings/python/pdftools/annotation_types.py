# SPDX-License-Identifier: GPL-3.0-or-later
"""Value types of annotation properties: flags, border styles, line endings, FreeText options, colours.

The enums take their members, their int values or their names
(case-insensitive, "-" and " " read as "_"): ``LineEnding("open_arrow")``,
``BorderStyle("dashed")``, ``Alignment("center")``.  :class:`LineEnding` also
takes the PDF names ("OpenArrow"), :class:`FreeTextIntent` the /IT names
("FreeTextCallout") and :class:`ReplyType` the /RT names ("R", "Group").
"""

from __future__ import annotations

import enum
from typing import Any, Dict, NamedTuple, Optional, Tuple, Type, TypeVar, Union

from .geometry import Point

__all__ = [
    "AnnotationFlag",
    "BorderStyle",
    "LineEnding",
    "Alignment",
    "FreeTextIntent",
    "ReplyType",
    "Color",
    "Border",
    "Line",
    "Attachment",
    "ColorLike",
    "BorderStyleLike",
    "LineEndingLike",
    "AlignmentLike",
    "FreeTextIntentLike",
    "ReplyTypeLike",
]

_E = TypeVar("_E", bound=enum.IntEnum)


def _by_name(cls: Type[_E], value: Any, aliases: Optional[Dict[str, str]] = None) -> Optional[_E]:
    """The member of ``cls`` named ``value`` (case-insensitive; "-" and " " as "_"), or None."""
    if not isinstance(value, str):
        return None
    key = value.strip()
    if aliases and key.lower() in aliases:
        key = aliases[key.lower()]
    return cls.__members__.get(key.upper().replace("-", "_").replace(" ", "_"))


class AnnotationFlag(enum.IntFlag):
    """Annotation flags, /F (``pdftools_annotation_flags``)."""

    NONE = 0
    """No flag."""
    INVISIBLE = 1 << 0
    """Invisible (for subtypes a viewer does not know)."""
    HIDDEN = 1 << 1
    """Neither shown nor printed."""
    PRINT = 1 << 2
    """Printed; new annotations (but popups) get it."""
    NO_ZOOM = 1 << 3
    """Does not scale with the zoom."""
    NO_ROTATE = 1 << 4
    """Does not rotate with the page."""
    NO_VIEW = 1 << 5
    """Not shown on screen (may be printed)."""
    READ_ONLY = 1 << 6
    """No interaction."""
    LOCKED = 1 << 7
    """Cannot be moved, resized or deleted by tools."""
    TOGGLE_NO_VIEW = 1 << 8
    """NO_VIEW toggles on hover."""
    LOCKED_CONTENTS = 1 << 9
    """The contents cannot be edited by tools."""


class BorderStyle(enum.IntEnum):
    """Border styles, /BS /S (``pdftools_border_style``)."""

    SOLID = 0
    """A solid line."""
    DASHED = 1
    """A dashed line, with a dash array."""
    BEVELED = 2
    """Embossed."""
    INSET = 3
    """Sunken."""
    UNDERLINE = 4
    """The bottom edge only."""

    @property
    def pdf_name(self) -> str:
        """The /S name: "S", "D", "B", "I" or "U"."""
        return "SDBIU"[self.value]

    @classmethod
    def _missing_(cls, value: Any) -> Optional["BorderStyle"]:
        """Looks names up case-insensitively; also takes the one-letter /S names."""
        if isinstance(value, str) and value.strip() in ("S", "D", "B", "I", "U"):
            return cls("SDBIU".index(value.strip()))
        return _by_name(cls, value)


_ENDING_PDF_NAMES = (
    "None",
    "Square",
    "Circle",
    "Diamond",
    "OpenArrow",
    "ClosedArrow",
    "Butt",
    "ROpenArrow",
    "RClosedArrow",
    "Slash",
)


class LineEnding(enum.IntEnum):
    """Line endings, /LE, of Line and PolyLine annotations (``pdftools_line_ending``)."""

    NONE = 0
    """No ending."""
    SQUARE = 1
    """A square."""
    CIRCLE = 2
    """A circle."""
    DIAMOND = 3
    """A diamond."""
    OPEN_ARROW = 4
    """An open arrowhead."""
    CLOSED_ARROW = 5
    """A closed arrowhead."""
    BUTT = 6
    """A bar perpendicular to the line."""
    R_OPEN_ARROW = 7
    """A reversed open arrowhead."""
    R_CLOSED_ARROW = 8
    """A reversed closed arrowhead."""
    SLASH = 9
    """A slanted bar."""

    @property
    def pdf_name(self) -> str:
        """The /LE name, e.g. "OpenArrow"."""
        return _ENDING_PDF_NAMES[self.value]

    @classmethod
    def _missing_(cls, value: Any) -> Optional["LineEnding"]:
        """Looks names up case-insensitively; also takes the PDF names ("OpenArrow")."""
        if isinstance(value, str) and value.strip() in _ENDING_PDF_NAMES:
            return cls(_ENDING_PDF_NAMES.index(value.strip()))
        return _by_name(cls, value)


class Alignment(enum.IntEnum):
    """Text alignment of a FreeText annotation, /Q."""

    LEFT = 0
    """Left-aligned."""
    CENTER = 1
    """Centred ("centre" is accepted too)."""
    RIGHT = 2
    """Right-aligned."""

    @classmethod
    def _missing_(cls, value: Any) -> Optional["Alignment"]:
        """Looks names up case-insensitively."""
        return _by_name(cls, value, {"centre": "center"})


_INTENT_PDF_NAMES = ("FreeText", "FreeTextCallout", "FreeTextTypeWriter")


class FreeTextIntent(enum.IntEnum):
    """What a FreeText annotation is, /IT."""

    PLAIN = 0
    """A plain text box (/IT absent or /FreeText)."""
    CALLOUT = 1
    """A text box with a callout line (/FreeTextCallout)."""
    TYPEWRITER = 2
    """Text typed onto the page (/FreeTextTypeWriter; the spelling FreeTextTypewriter is read too)."""

    @property
    def pdf_name(self) -> str:
        """The /IT name, e.g. "FreeTextCallout"."""
        return _INTENT_PDF_NAMES[self.value]

    @classmethod
    def _missing_(cls, value: Any) -> Optional["FreeTextIntent"]:
        """Looks names up case-insensitively; also takes the /IT names."""
        if isinstance(value, str):
            folded = [name.lower() for name in _INTENT_PDF_NAMES]
            if value.strip().lower() in folded:
                return cls(folded.index(value.strip().lower()))
        return _by_name(cls, value)


class ReplyType(enum.IntEnum):
    """How a reply relates to the annotation it replies to, /RT."""

    REPLY = 0
    """A reply in a discussion (/RT /R, the default)."""
    GROUP = 1
    """Grouped with it: shown and handled as one (/RT /Group)."""

    @property
    def pdf_name(self) -> str:
        """The /RT name: "R" or "Group"."""
        return ("R", "Group")[self.value]

    @classmethod
    def _missing_(cls, value: Any) -> Optional["ReplyType"]:
        """Looks names up case-insensitively; also takes "R" and "Group"."""
        if isinstance(value, str) and value.strip().lower() in ("r", "group"):
            return cls(0 if value.strip().lower() == "r" else 1)
        return _by_name(cls, value)


class Color(NamedTuple):
    """An RGB colour, components 0..1."""

    r: float
    """Red."""
    g: float
    """Green."""
    b: float
    """Blue."""


class Border(NamedTuple):
    """An annotation's border: width in points (0 for none) and style."""

    width: float
    """Width in points, 0 for no border."""
    style: BorderStyle
    """Style."""


class Line(NamedTuple):
    """The end points of a Line annotation, /L, in page space."""

    start: Point
    """First end point."""
    end: Point
    """Second end point."""


class Attachment(NamedTuple):
    """The file embedded in a FileAttachment annotation."""

    name: str
    """The file name."""
    data: bytes
    """The file's bytes."""


#: A colour argument: (r, g, b) with components 0..1 (clamped), or None for none/transparent.
ColorLike = Optional[Tuple[float, float, float]]
#: A border style argument: a BorderStyle, its value or its name ("solid", "dashed", ...).
BorderStyleLike = Union[BorderStyle, str, int]
#: A line ending argument: a LineEnding, its value or its name ("open_arrow", "OpenArrow", ...).
LineEndingLike = Union[LineEnding, str, int]
#: An alignment argument: an Alignment, 0/1/2 or "left"/"center"/"right".
AlignmentLike = Union[Alignment, str, int]
#: A FreeText intent argument: a FreeTextIntent, its value or "plain"/"callout"/"typewriter".
FreeTextIntentLike = Union[FreeTextIntent, str, int]
#: A reply type argument: a ReplyType, its value or "reply"/"R"/"group".
ReplyTypeLike = Union[ReplyType, str, int]

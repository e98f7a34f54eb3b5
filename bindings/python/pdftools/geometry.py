# SPDX-License-Identifier: GPL-3.0-or-later
"""Geometry types: points, rectangles, quads, display sizes, the page boxes and the two coordinate spaces."""

from __future__ import annotations

import enum
import itertools
from typing import Any, Iterable, List, NamedTuple, Optional, Tuple, Union

__all__ = ["Point", "Rect", "Quad", "Size", "Box", "Space", "PointLike", "SpaceLike"]


class Point(NamedTuple):
    """A point, in page space (y up) or display space (y down) as the context says."""

    x: float
    """Horizontal coordinate."""
    y: float
    """Vertical coordinate."""


class Rect(NamedTuple):
    """A rectangle, normalized: x0 <= x1, y0 <= y1.

    In page space (PDF user space, y up, 1/72 inch) unless the context says
    display space, where (x0, y0) is the top left corner (y down).
    """

    x0: float
    """Left."""
    y0: float
    """Bottom in page space (top in display space)."""
    x1: float
    """Right."""
    y1: float
    """Top in page space (bottom in display space)."""

    @property
    def width(self) -> float:
        """``x1 - x0``."""
        return self.x1 - self.x0

    @property
    def height(self) -> float:
        """``y1 - y0``."""
        return self.y1 - self.y0


def rects_from_doubles(values: Iterable[float]) -> List[Rect]:
    """Rects from a flat run of doubles, four per rect (x0 y0 x1 y1), as the library fills them.

    The tuples are made by ``tuple.__new__`` through ``map`` and ``zip``, with no Python-level
    call per rect: a selection drag reads dozens of rects at every pointer move.
    """
    it = iter(values)
    return list(map(tuple.__new__, itertools.repeat(Rect), zip(it, it, it, it)))


class Quad(NamedTuple):
    """A quadrilateral in the /QuadPoints corner order of text-markup annotations.

    "Upper" and "left" follow the direction of the text, so the quad of a
    rotated line of text is rotated with it.
    """

    p1: Point
    """Upper left."""
    p2: Point
    """Upper right."""
    p3: Point
    """Lower left."""
    p4: Point
    """Lower right."""


class Size(NamedTuple):
    """A display size (rotation applied), in 1/72 inch."""

    width: float
    """Width as displayed."""
    height: float
    """Height as displayed."""


class Box(enum.IntEnum):
    """The page boundary boxes of PDF (``pdftools_box``)."""

    MEDIA = 0
    """The physical medium; always present."""
    CROP = 1
    """The visible region: CropBox clipped to MediaBox, else the MediaBox."""
    BLEED = 2
    """Production clipping region; defaults to the crop box."""
    TRIM = 3
    """Finished page; defaults to the crop box."""
    ART = 4
    """Meaningful content; defaults to the crop box."""


class Space(enum.IntEnum):
    """The two coordinate spaces of a page (``pdftools_space``).

    Also accepts the names, case-insensitive: ``Space("display")``.
    """

    PAGE = 0
    """PDF user space: unrotated, y up, 1/72 inch (times UserUnit); annotation geometry lives here."""
    DISPLAY = 1
    """The page as shown at zoom 1: crop box, /Rotate applied, origin top left, y down, UserUnit applied."""

    @classmethod
    def _missing_(cls, value: Any) -> Optional["Space"]:
        """Looks names up case-insensitively ("page", "display")."""
        if isinstance(value, str):
            return cls.__members__.get(value.strip().upper())
        return None


#: A point argument: a Point or any (x, y) pair of numbers.
PointLike = Union[Point, Tuple[float, float]]
#: A space argument: a Space, its value, or its name ("page", "display").
SpaceLike = Union[Space, str, int]

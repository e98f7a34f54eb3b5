"""Geometry types: rectangles in page space, display sizes, and the page boxes."""

from __future__ import annotations

import enum
from typing import NamedTuple

__all__ = ["Rect", "Size", "Box"]


class Rect(NamedTuple):
    """A rectangle in PDF page space (y up, 1/72 inch), normalized: x0 <= x1, y0 <= y1."""

    x0: float
    """Left."""
    y0: float
    """Bottom in page space."""
    x1: float
    """Right."""
    y1: float
    """Top in page space."""

    @property
    def width(self) -> float:
        """``x1 - x0``."""
        return self.x1 - self.x0

    @property
    def height(self) -> float:
        """``y1 - y0``."""
        return self.y1 - self.y0


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

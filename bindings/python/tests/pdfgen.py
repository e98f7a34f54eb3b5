# SPDX-License-Identifier: GPL-3.0-or-later
"""A tiny PDF writer for text tests: Courier text at known positions.

Courier is one of the standard 14 fonts and monospaced: every glyph advances
0.6 x the font size, so each glyph's x-extent is known exactly.  Vertical
extents depend on the ascent and descent a reader assumes, so tests compare
them against the baseline and the font size only.

Also home of the independent page <-> display formula (ARCHITECTURE.md §4)
the tests check the library against.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Dict, List, Optional, Sequence, Tuple

ADVANCE = 0.6  # Courier's advance width, in units of the font size

Box4 = Tuple[float, float, float, float]


@dataclass(frozen=True)
class Run:
    """A string shown with one Tj at (x, y) (the baseline) in Courier of the given size."""

    x: float
    y: float
    text: str
    size: float = 12.0

    def glyph_x(self, i: int) -> Tuple[float, float]:
        """The x-extent of glyph i of the run."""
        width = ADVANCE * self.size
        return self.x + i * width, self.x + (i + 1) * width

    def extent(self, start: int = 0, end: Optional[int] = None) -> Tuple[float, float]:
        """The x-extent of glyphs [start, end) of the run."""
        end = len(self.text) if end is None else end
        return self.glyph_x(start)[0], self.glyph_x(end - 1)[1]


@dataclass
class PageSpec:
    """One page: its runs and boxes."""

    runs: Sequence[Run]
    media_box: Box4 = (0, 0, 612, 792)
    crop_box: Optional[Box4] = None
    rotate: int = 0
    user_unit: Optional[float] = None
    extra: Dict[str, str] = field(default_factory=dict)
    drawing: bytes = b""
    """Content-stream operators drawn before the text (e.g. b"1 0 0 rg 10 10 50 50 re f")."""


def _escape(text: str) -> bytes:
    """A PDF literal string body in WinAnsiEncoding (cp1252) for text."""
    raw = text.encode("cp1252")
    return raw.replace(b"\\", b"\\\\").replace(b"(", b"\\(").replace(b")", b"\\)")


def _content(runs: Sequence[Run]) -> bytes:
    """A content stream showing every run with its own BT/ET."""
    parts = []
    for run in runs:
        parts.append(
            b"BT /F1 %s Tf %s %s Td (" % (_num(run.size), _num(run.x), _num(run.y))
            + _escape(run.text)
            + b") Tj ET"
        )
    return b"\n".join(parts)


def _num(value: float) -> bytes:
    """A PDF number."""
    text = f"{value:.4f}".rstrip("0").rstrip(".")
    return text.encode("ascii")


def _box(box: Box4) -> bytes:
    """A PDF rectangle array."""
    return b"[" + b" ".join(_num(v) for v in box) + b"]"


def build(pages: Sequence[PageSpec]) -> bytes:
    """The bytes of a PDF with the given pages (classic xref table, offsets computed)."""
    objects: List[bytes] = []
    # 1 catalog, 2 pages, 3 font, then per page: page, content.
    kids = [4 + 2 * i for i in range(len(pages))]
    objects.append(b"<< /Type /Catalog /Pages 2 0 R >>")
    objects.append(
        b"<< /Type /Pages /Kids [" + b" ".join(b"%d 0 R" % k for k in kids) + b"] /Count %d >>" % len(pages)
    )
    objects.append(b"<< /Type /Font /Subtype /Type1 /BaseFont /Courier /Encoding /WinAnsiEncoding >>")
    for i, spec in enumerate(pages):
        page = b"<< /Type /Page /Parent 2 0 R /MediaBox " + _box(spec.media_box)
        if spec.crop_box is not None:
            page += b" /CropBox " + _box(spec.crop_box)
        if spec.rotate:
            page += b" /Rotate %d" % spec.rotate
        if spec.user_unit is not None:
            page += b" /UserUnit " + _num(spec.user_unit)
        for key, value in spec.extra.items():
            page += f" /{key} {value}".encode("ascii")
        page += b" /Resources << /Font << /F1 3 0 R >> >> /Contents %d 0 R >>" % (kids[i] + 1)
        objects.append(page)
        data = b"\n".join(part for part in (spec.drawing, _content(spec.runs)) if part)
        objects.append(b"<< /Length %d >>\nstream\n" % len(data) + data + b"\nendstream")
    out = bytearray(b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n")
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % number + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    for offset in offsets:
        out += b"%010d 00000 n \n" % offset
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, xref)
    return bytes(out)


def to_display(
    point: Tuple[float, float], crop: Box4, rotate: int, user_unit: float = 1.0
) -> Tuple[float, float]:
    """Page space -> display space, written out per rotation (independent of the library).

    Display space: the crop box as seen with /Rotate applied clockwise, origin
    at the top left, y down, times UserUnit.
    """
    x, y = point
    cx0, cy0, cx1, cy1 = crop
    rotate %= 360
    if rotate == 0:
        dx, dy = x - cx0, cy1 - y
    elif rotate == 90:  # the page's left edge is on top; its bottom-left corner is the top-left
        dx, dy = y - cy0, x - cx0
    elif rotate == 180:
        dx, dy = cx1 - x, y - cy0
    elif rotate == 270:  # the page's right edge is on top; its top-right corner is the top-left
        dx, dy = cy1 - y, cx1 - x
    else:
        raise ValueError(rotate)
    return dx * user_unit, dy * user_unit


def to_page(
    point: Tuple[float, float], crop: Box4, rotate: int, user_unit: float = 1.0
) -> Tuple[float, float]:
    """Display space -> page space, the inverse of :func:`to_display`."""
    dx, dy = point[0] / user_unit, point[1] / user_unit
    cx0, cy0, cx1, cy1 = crop
    rotate %= 360
    if rotate == 0:
        return dx + cx0, cy1 - dy
    if rotate == 90:
        return dy + cx0, dx + cy0
    if rotate == 180:
        return cx1 - dx, dy + cy0
    if rotate == 270:
        return cx1 - dy, cy1 - dx
    raise ValueError(rotate)

# SPDX-License-Identifier: GPL-3.0-or-later
"""What the Python benchmarks share: the writer of their generated text PDFs and the
helpers of their reports (library lookup, number and verdict formats)."""

from __future__ import annotations

import os
import zlib
from typing import NamedTuple, Optional, Sequence, Tuple

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class PdfAnnotation(NamedTuple):
    """An annotation for :func:`text_pdf` to write on a page."""

    entries: bytes
    """The entries of its dictionary besides /Type, /Rect, /P and /AP (e.g. b"/Subtype /Square /C [1 0 0]")."""
    rect: Tuple[float, float, float, float]
    """/Rect, x0 y0 x1 y1 in page space."""
    appearance: Optional[bytes] = None
    """The content of its normal appearance (/AP /N, a Form XObject whose /BBox is the rect, drawn in
    page-space coordinates), or None to write no /AP."""


def text_pdf(
    page_contents: Sequence[bytes], page_annotations: Optional[Sequence[Sequence[PdfAnnotation]]] = None
) -> bytes:
    """A PDF of US-letter pages, one per content stream (Flate-compressed), with Helvetica
    (WinAnsiEncoding) as /F1, and a classic cross-reference table.

    ``page_annotations`` (optional) holds a list of annotations for each page; they are written
    after the pages, each followed by its appearance stream (uncompressed) when it has one."""
    pages = len(page_contents)
    annotations = list(page_annotations) if page_annotations is not None else [()] * pages
    if len(annotations) != pages:
        raise ValueError("page_annotations must hold one list per page")
    out = bytearray(b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n")
    first_annot = 4 + 2 * pages
    annot_nums = []  # per page: [(annotation number, appearance number or 0)]
    num = first_annot
    for page_annots in annotations:
        nums = []
        for annot in page_annots:
            nums.append((num, num + 1 if annot.appearance is not None else 0))
            num += 2 if annot.appearance is not None else 1
        annot_nums.append(nums)
    nobj = num - 1
    offsets = [0] * (nobj + 1)

    def obj(num: int, body: bytes) -> None:
        offsets[num] = len(out)
        out.extend(b"%d 0 obj\n" % num)
        out.extend(body)
        out.extend(b"\nendobj\n")

    obj(1, b"<< /Type /Catalog /Pages 2 0 R >>")
    kids = b" ".join(b"%d 0 R" % (4 + 2 * i) for i in range(pages))
    obj(2, b"<< /Type /Pages /Count %d /Kids [%s] >>" % (pages, kids))
    obj(3, b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>")
    for i, content in enumerate(page_contents):
        packed = zlib.compress(bytes(content), 6)
        annots = b""
        if annot_nums[i]:
            annots = b" /Annots [%s]" % b" ".join(b"%d 0 R" % n for n, _ in annot_nums[i])
        obj(
            4 + 2 * i,
            b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] "
            b"/Resources << /Font << /F1 3 0 R >> >> /Contents %d 0 R%s >>" % (5 + 2 * i, annots),
        )
        obj(5 + 2 * i, b"<< /Length %d /Filter /FlateDecode >>\nstream\n" % len(packed) + packed + b"\nendstream")
    for i, page_annots in enumerate(annotations):
        for annot, (num, ap_num) in zip(page_annots, annot_nums[i]):
            rect = b"[%.2f %.2f %.2f %.2f]" % annot.rect
            ap = b" /AP << /N %d 0 R >>" % ap_num if ap_num else b""
            obj(num, b"<< /Type /Annot %s /Rect %s /P %d 0 R%s >>" % (annot.entries, rect, 4 + 2 * i, ap))
            if ap_num:
                stream = bytes(annot.appearance or b"")
                obj(
                    ap_num,
                    b"<< /Type /XObject /Subtype /Form /BBox %s /Length %d >>\nstream\n" % (rect, len(stream))
                    + stream
                    + b"\nendstream",
                )
    xref = len(out)
    out.extend(b"xref\n0 %d\n0000000000 65535 f \n" % (nobj + 1))
    for num in range(1, nobj + 1):
        out.extend(b"%010d 00000 n \n" % offsets[num])
    out.extend(b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (nobj + 1, xref))
    return bytes(out)


def fmt(value: Optional[float], digits: int = 3) -> str:
    """A figure with `digits` decimals, or "-" when there is none (None or NaN)."""
    if value is None or value != value:
        return "-"
    return f"{value:.{digits}f}"


def verdict(ok: Optional[bool]) -> str:
    """PASS, OVER TARGET or "not measured"."""
    if ok is None:
        return "not measured"
    return "PASS" if ok else "OVER TARGET"


def default_library() -> Optional[str]:
    """The built libpdftools of this checkout, or None."""
    for candidate in ("build/libpdftools.so.1", "build-release/libpdftools.so.1"):
        path = os.path.join(REPO, candidate)
        if os.path.exists(path):
            return path
    return None

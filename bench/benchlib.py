"""What the Python benchmarks share: the writer of their generated text PDFs and the
helpers of their reports (library lookup, number and verdict formats)."""

from __future__ import annotations

import os
import zlib
from typing import Optional, Sequence

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def text_pdf(page_contents: Sequence[bytes]) -> bytes:
    """A PDF of US-letter pages, one per content stream (Flate-compressed), with Helvetica
    (WinAnsiEncoding) as /F1, and a classic cross-reference table."""
    pages = len(page_contents)
    out = bytearray(b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n")
    nobj = 3 + 2 * pages
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
        obj(
            4 + 2 * i,
            b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] "
            b"/Resources << /Font << /F1 3 0 R >> >> /Contents %d 0 R >>" % (5 + 2 * i),
        )
        obj(5 + 2 * i, b"<< /Length %d /Filter /FlateDecode >>\nstream\n" % len(packed) + packed + b"\nendstream")
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
    for candidate in ("build/libpdftools.so.0", "build-release/libpdftools.so.0"):
        path = os.path.join(REPO, candidate)
        if os.path.exists(path):
            return path
    return None

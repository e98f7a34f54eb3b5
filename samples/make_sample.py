#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Writes samples/sample.pdf, the document the demo runs on.

Three pages that show what the library reports: metadata with non-ASCII text, page
labels (roman, then decimal), a rotated page and a crop box with a non-zero origin.
The raw file is written here; `qpdf` then rewrites it with object streams and a
correct cross-reference stream.  Usage: python3 make_sample.py && qpdf ... (see main).
"""
import subprocess
import sys
from pathlib import Path


def text_stream(lines):
    """A content stream that shows the given lines in 14 pt Helvetica."""
    body = ["BT", "/F1 14 Tf", "16 TL", "72 720 Td"]
    for line in lines:
        escaped = line.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")
        body.append(f"({escaped}) Tj T*")
    body.append("ET")
    data = "\n".join(body).encode("latin-1")
    return b"<< /Length %d >>\nstream\n" % len(data) + data + b"\nendstream"


def utf16(text):
    """A PDF text string in UTF-16BE with a byte order mark."""
    return "<FEFF" + text.encode("utf-16-be").hex().upper() + ">"


def build():
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R /PageLabels << /Nums [0 << /S /r >> 1 << /S /D /P (Part ) >>] >> >>",
        b"<< /Type /Pages /Kids [3 0 R 5 0 R 7 0 R] /Count 3 /MediaBox [0 0 612 792]"
        b" /Resources << /Font << /F1 9 0 R >> >> >>",
        b"<< /Type /Page /Parent 2 0 R /Contents 4 0 R >>",
        text_stream(["libpdftools sample document", "Page i: US Letter, no rotation.",
                     "The demo prints what the library reads from this file."]),
        b"<< /Type /Page /Parent 2 0 R /Contents 6 0 R /Rotate 90 >>",
        text_stream(["Page 'Part 1': rotated 90 degrees clockwise."]),
        b"<< /Type /Page /Parent 2 0 R /Contents 8 0 R /MediaBox [0 0 595 842]"
        b" /CropBox [36 36 559 806] >>",
        text_stream(["Page 'Part 2': A4 with a crop box at (36, 36)."]),
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
        ("<< /Title " + utf16("Sample – Grüße") + " /Author (libpdftools)"
         " /Subject (What the demo reads) /Creator (samples/make_sample.py)"
         " /CreationDate (D:20260101120000Z) >>").encode("ascii"),
    ]
    out = bytearray(b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n")
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % number + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    for offset in offsets:
        out += b"%010d 00000 n \n" % offset
    out += b"trailer\n<< /Size %d /Root 1 0 R /Info 10 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (
        len(objects) + 1, xref)
    return bytes(out)


def main():
    here = Path(__file__).resolve().parent
    raw = here / "sample-raw.pdf"
    raw.write_bytes(build())
    subprocess.run(["qpdf", "--object-streams=generate", "--deterministic-id", str(raw),
                    str(here / "sample.pdf")], check=True)
    raw.unlink()
    return 0


if __name__ == "__main__":
    sys.exit(main())

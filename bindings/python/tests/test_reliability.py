# SPDX-License-Identifier: GPL-3.0-or-later
"""Regressions of what fuzzing and fault injection found, through the Python binding."""

from __future__ import annotations

import re
from typing import List, Optional

import pytest

import pdftools

CONTENT = b"BT /F1 12 Tf 72 720 Td (Hello world) Tj ET"


def _pdf(page_extra: str = "", annots: str = "", extra_object: Optional[int] = None, damaged: bool = False) -> bytes:
    bodies = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R "
        b"/Resources << /Font << /F1 5 0 R >> >> " + page_extra.encode() + b" " + annots.encode() + b" >>",
        b"<< /Length %d >>\nstream\n" % len(CONTENT) + CONTENT + b"\nendstream",
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    ]
    out = bytearray(b"%PDF-1.7\n")
    offsets: List[int] = []
    for number, body in enumerate(bodies, start=1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % number + body + b"\nendobj\n"
    extra_offset = len(out)
    if extra_object is not None:
        out += b"%d 0 obj\n<< /X 1 >>\nendobj\n" % extra_object
    if damaged:
        return bytes(out + b"trailer\n<< /Root 1 0 R >>\n%%EOF\n")
    start = len(out)
    out += b"xref\n0 6\n0000000000 65535 f \n" + b"".join(b"%010d 00000 n \n" % o for o in offsets)
    size = 6
    if extra_object is not None:
        out += b"%d 1\n%010d 00000 n \n" % (extra_object, extra_offset)
        size = extra_object + 1
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (size, start)
    return bytes(out)


@pytest.mark.parametrize(
    "page_extra", ["/Deep " + "[" * 600 + "]" * 600, "/Rotate 99999999999999999999"], ids=["deep", "rotate"]
)
def test_unreadable_page_refuses_annotations_and_changes_nothing(page_extra: str) -> None:
    with pdftools.open(_pdf(page_extra)) as doc:
        with pytest.raises(pdftools.DamagedError, match="page 1"):
            doc.pages[0].add_annotation("Square", rect=(100, 100, 200, 200))
        assert not doc.is_modified
        assert not doc.can_undo
        assert list(doc.pages[0].annotations) == []
        with pdftools.open(doc.to_bytes()) as again:
            assert list(again.pages[0].annotations) == []


@pytest.mark.parametrize(
    "number,damaged",
    [(2147483647, True), (2147483647, False), (30_000_000, False)],
    ids=["max-id-damaged", "max-id", "sparse"],
)
def test_object_numbers_from_the_file_do_not_break_editing(number: int, damaged: bool) -> None:
    annots = "/Annots [<< /Type /Annot /Subtype /Square /Rect [10 10 50 50] >>]"
    doc = pdftools.open(_pdf(annots=annots, extra_object=number, damaged=damaged))
    page = doc.pages[0]
    assert len(page.annotations) == 1
    page.add_annotation("Circle", rect=(100, 100, 200, 200))
    assert [a.subtype for a in page.annotations] == ["Square", "Circle"]
    assert "Hello world" in page.text
    page.render(1.0)
    with pdftools.open(doc.to_bytes()) as again:
        assert [a.subtype for a in again.pages[0].annotations] == ["Square", "Circle"]
    with pytest.raises(pdftools.UnsupportedError, match="rewritten when opened|damaged"):
        doc.to_bytes(incremental=True)
    doc.close()  # used to crash inside qpdf


def test_create_then_undo_does_not_grow_the_document() -> None:
    with pdftools.open(_pdf()) as doc:
        page = doc.pages[0]
        for _ in range(3):
            page.add_annotation("Ink", rect=(100, 100, 200, 200))
            doc.undo()
        first = doc.to_bytes(incremental=True)
        for _ in range(300):
            page.add_annotation("Ink", rect=(100, 100, 200, 200))
            doc.undo()
        # Undone creations leave nothing to append; the objects are made again next time.
        assert doc.to_bytes(incremental=True) == first
        page.add_annotation("Text", rect=(300, 300, 320, 320))
        with_note = doc.to_bytes(incremental=True)
        assert max(int(n) for n in re.findall(rb"(\d+) 0 obj", with_note)) < 20
        with pdftools.open(with_note) as again:
            assert [a.subtype for a in again.pages[0].annotations] == ["Text"]


def test_coordinates_counts_and_text_are_bounded() -> None:
    with pdftools.open(_pdf()) as doc:
        page = doc.pages[0]
        with pytest.raises(pdftools.ArgumentError, match="1000000"):
            page.add_annotation("Square", rect=(-2e6, 0, 10, 10))
        squiggly = page.add_annotation("Squiggly", rect=(100, 100, 200, 120))
        huge = [((-1e9, 120), (1e9, 120), (-1e9, 100), (1e9, 100))]
        with pytest.raises(pdftools.ArgumentError):
            squiggly.update(quads=huge)
        with pytest.raises(pdftools.ArgumentError):
            squiggly.update(contents="a" * ((1 << 20) + 1))
        with pytest.raises(pdftools.ArgumentError):
            doc.metadata["Title"] = "a" * ((1 << 20) + 1)
        assert doc.undo_label == "Add Squiggly"
        page.render(1.0)

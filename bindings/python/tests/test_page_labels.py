# SPDX-License-Identifier: GPL-3.0-or-later
"""Page labels and page rotation through the Python binding, read back by PDFium, MuPDF and
poppler; undo and redo; bad input."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pymupdf
import pypdfium2 as pdfium
import pytest

import corpus
import pdftools
from pdftools import LabelRange, LabelStyle

POPPLER_LABELS = r"""
import gi, sys
gi.require_version("Poppler", "0.18")
from gi.repository import Poppler
document = Poppler.Document.new_from_file("file://" + sys.argv[1], None)
print("\n".join(document.get_page(i).get_label() or "" for i in range(document.get_n_pages())))
"""


def poppler_labels(path: Path) -> list:
    python = shutil.which("python3", path="/usr/bin")
    assert python, "Debian's /usr/bin/python3 (with python3-gi and gir1.2-poppler-0.18) is needed"
    done = subprocess.run([python, "-c", POPPLER_LABELS, str(path)], capture_output=True, text=True, check=True)
    return done.stdout.split("\n")[:-1]


def pdfium_labels(path: Path) -> list:
    document = pdfium.PdfDocument(str(path))
    try:
        return [document.get_page_label(index) for index in range(len(document))]
    finally:
        document.close()


def test_labels_written_here_are_read_by_every_engine(tmp_path: Path):
    target = tmp_path / "labelled.pdf"
    with pdftools.new() as doc:
        for _ in range(7):
            doc.insert_blank_page()
        doc.page_labels = [
            LabelRange(4, "decimal", prefix="A-", first_number=3),
            LabelRange(0, LabelStyle.LOWER_ROMAN),
            LabelRange(6, "none", prefix="Index"),
        ]
        expected = ["i", "ii", "iii", "iv", "A-3", "A-4", "Index"]
        assert [page.label for page in doc.pages] == expected
        assert doc.page_labels == [
            LabelRange(0, LabelStyle.LOWER_ROMAN),
            LabelRange(4, LabelStyle.DECIMAL, "A-", 3),
            LabelRange(6, LabelStyle.NONE, "Index"),
        ]
        doc.save(target)
    assert [page.get_label() for page in pymupdf.open(target)] == expected
    assert pdfium_labels(target) == expected
    assert poppler_labels(target) == expected


def test_label_changes_are_undone_and_refused_when_wrong():
    with pdftools.open(corpus.path("qpdf-object-streams.pdf")) as doc:
        before = [page.label for page in doc.pages]
        doc.page_labels = [LabelRange(0, "upper_letters")]
        assert (doc.pages[25].label, doc.pages[26].label, doc.pages[27].label) == ("Z", "AA", "BB")  # PDF repeats the letter
        with pytest.raises(pdftools.ArgumentError):
            doc.page_labels = [LabelRange(1, "decimal")]
        with pytest.raises(pdftools.ArgumentError):
            doc.page_labels = [LabelRange(0, "decimal", first_number=0)]
        with pytest.raises(pdftools.RangeError):
            doc.page_labels = [LabelRange(0, "decimal"), LabelRange(1000, "decimal")]
        with pytest.raises(pdftools.ArgumentError):
            doc.page_labels = [LabelRange(0, "klingon")]
        with pytest.raises(pdftools.RangeError):
            doc.page_labels = [LabelRange(0), LabelRange(2**32 + 3)]
        assert doc.pages[27].label == "BB", "refused changes change nothing"
        doc.undo()
        assert [page.label for page in doc.pages] == before
        doc.page_labels = []
        assert doc.page_labels == []


def test_rotating_pages_turns_them_for_every_engine(tmp_path: Path):
    target = tmp_path / "turned.pdf"
    with pdftools.new() as doc:
        doc.insert_blank_page(None, 600, 800)
        doc.insert_blank_page(None, 600, 800)
        square = doc.pages[1].add_annotation("Square", (100, 100, 200, 150), color=(1, 0, 0), interior_color=(1, 0, 0))
        doc.pages[1].rotate(90)
        doc.pages[0].rotation = -90
        assert [page.rotation for page in doc.pages] == [270, 90]
        assert doc.pages[1].size == (800, 600)
        assert square.rect == (100, 100, 200, 150), "annotations keep their page space"
        shown = doc.pages[1].to_display(square.rect)
        assert shown == pytest.approx((100, 100, 150, 200)), "turned clockwise: display x is page y"
        with pytest.raises(pdftools.ArgumentError):
            doc.pages[1].rotation = 45
        doc.save(target)
        doc.undo()
        assert doc.pages[0].rotation == 0 and doc.pages[1].rotation == 90
    assert [page.rotation for page in pymupdf.open(target)] == [270, 90]
    document = pdfium.PdfDocument(str(target))
    assert [document[index].get_rotation() for index in range(2)] == [270, 90]
    image = document[1].render(scale=1).to_pil().convert("RGB")
    document.close()
    assert image.size == (800, 600)
    red = image.getpixel((125, 150))
    assert red[0] > 200 and red[1] < 80, f"PDFium draws the square where the turned page shows it ({red})"

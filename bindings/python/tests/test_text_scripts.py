# SPDX-License-Identifier: GPL-3.0-or-later
"""Reading text in any script and direction: right-to-left lines in logical order, search in
Arabic, Hebrew, Chinese, Japanese, Russian and Greek, vertical Japanese read top to bottom.

The page text is made the way LibreOffice and Ghostscript make it: glyphs in visual order
(left to right) from embedded subset fonts with /ToUnicode.  The library lays out each line
as a FreeText appearance and PDFium burns the appearances into the page (FPDFPage_Flatten),
so every line's logical text is known.  Where PDFium and MuPDF read a line differently from
what a reader sees, the test says so and follows the reader."""

from __future__ import annotations

import unicodedata
from typing import Dict, List, Tuple

import pymupdf
import pypdfium2 as pdfium
import pytest

import corpus
import pdftools
from engines import pdfium_flattened

LINES: List[str] = [
    "مرحبا بالعالم.",
    "שלום עולם, זה מבחן 123.",
    "Mixed English and עברית in one line.",
    "كتاب (جديد) رقم 42 في المكتبة",
    "Привет, Мир и ещё раз",
    "Καλημέρα κόσμε",
    "你好世界，欢迎使用",
    "こんにちは世界",
    "עברית עם English באמצע",
    "مَرْحَبًا بِكُمْ",
    "שָׁלוֹם לְכֻלָּם",
]
TOP = 760.0
STEP = 36.0


def _nfc(text: str) -> str:
    return unicodedata.normalize("NFC", text)


def _line_rect(index: int) -> Tuple[float, float, float, float]:
    return (72.0, TOP - STEP * index - 28, 540.0, TOP - STEP * index)


@pytest.fixture(scope="module")
def page_bytes() -> bytes:
    """A page whose content holds LINES, one per line, drawn by the library and flattened by PDFium."""
    with pdftools.new() as doc:
        doc.insert_blank_page()
        for index, line in enumerate(LINES):
            doc.pages[0].add_annotation("FreeText", _line_rect(index), contents=line, font_size=14)
        data = doc.to_bytes()
    return pdfium_flattened(data)


def test_every_line_reads_in_logical_order(page_bytes: bytes) -> None:
    with pdftools.open(page_bytes) as doc:
        page = doc.pages[0]
        # Compared after NFC: the order of marks of different combining classes on one letter
        # does not matter.
        assert [_nfc(line) for line in page.text.split("\n")] == [_nfc(line) for line in LINES]
        assert [_nfc(line.text.rstrip("\n")) for line in page.lines] == [_nfc(line) for line in LINES]


def test_where_the_peers_read_otherwise(page_bytes: bytes) -> None:
    """The cases written down in the closing note: PDFium mirrors brackets in right-to-left
    lines and moves a final full stop after digits; MuPDF puts a right-to-left line's final
    full stop first."""
    document = pdfium.PdfDocument(page_bytes)
    pdfium_lines = document[0].get_textpage().get_text_range().split("\r\n")
    document.close()
    assert pdfium_lines[0] == LINES[0]
    assert pdfium_lines[3] == "كتاب )جديد( رقم 42 في المكتبة"
    mupdf = pymupdf.open(stream=page_bytes, filetype="pdf")
    mupdf_lines = mupdf[0].get_text().split("\n")
    mupdf.close()
    assert mupdf_lines[0] == ".مرحبا بالعالم"


@pytest.mark.parametrize(
    "query, line, options",
    [
        ("بالعالم", 0, {}),
        ("עולם", 1, {}),
        ("עברית in", 2, {}),
        ("جديد", 3, {}),
        ("мир", 4, {}),
        ("ЕЩЁ", 4, {}),
        ("еще", 4, {"ignore_diacritics": True}),
        ("ΚΑΛΗΜΕΡΑ", 5, {"ignore_diacritics": True}),
        ("κόσμε", 5, {}),
        ("世界", 6, {}),
        ("欢迎", 6, {}),
        ("こんにちは", 7, {}),
        ("English באמצע", 8, {}),
        ("مرحبا", 9, {"ignore_diacritics": True}),
        ("שלום", 10, {"ignore_diacritics": True}),
    ],
)
def test_search_finds_words_in_every_script(page_bytes: bytes, query: str, line: int, options: Dict) -> None:
    x0, y0, x1, y1 = _line_rect(line)
    with pdftools.open(page_bytes) as doc:
        matches = [(m.text, list(m.rects)) for m in doc.pages[0].search(query, **options)]
    inside = [(text, rects) for text, rects in matches
              if all(x0 - 1 <= r.x0 and r.x1 <= x1 + 1 and y0 - 4 <= r.y0 and r.y1 <= y1 + 4 for r in rects)]
    assert len(inside) == 1, f"{query!r}: {matches}"
    width = sum(r.x1 - r.x0 for r in inside[0][1])
    assert 5 < width < (x1 - x0), f"{query!r}: rects {inside[0][1]} around the visible glyphs"


def test_diacritics_matter_unless_ignored(page_bytes: bytes) -> None:
    with pdftools.open(page_bytes) as doc:
        page = doc.pages[0]
        assert len(page.search("καλημερα")) == 0
        assert len(page.search("καλημερα", ignore_diacritics=True)) == 1
        assert len(page.search("ΚΑΛΗΜΈΡΑ")) == 1, "case-insensitive by default, accents kept"


def test_a_drag_across_a_right_to_left_line_selects_it_in_logical_order(page_bytes: bytes) -> None:
    with pdftools.open(page_bytes) as doc:
        page = doc.pages[0]
        words = [c for c in page.chars if c.line_index == 1 and not c.is_whitespace]
        left = min(words, key=lambda c: c.box.x0)
        right = max(words, key=lambda c: c.box.x1)
        middle = (left.box.y0 + left.box.y1) / 2
        selection = page.select((left.box.x0 + 0.1, middle), (right.box.x1 - 0.1, middle))
        assert selection.text == LINES[1]
        backwards = page.select((right.box.x1 - 0.1, middle), (left.box.x0 + 0.1, middle))
        assert backwards.text == LINES[1]


def test_vertical_japanese_reads_top_to_bottom_right_column_first() -> None:
    # PDFium reads the left column first; MuPDF puts each character on its own line.
    with pdftools.open(corpus.path("pdfjs-vertical-japanese.pdf")) as doc:
        page = doc.pages[0]
        assert page.text.split("\n") == ["あいうえお", "日本語"]
        chars = [c for c in page.chars if not c.is_whitespace]
        column = [c for c in chars if c.char in "あいうえお"]
        assert all(a.box.y0 > b.box.y0 for a, b in zip(column, column[1:])), "downwards"
        assert min(c.box.x0 for c in column) > max(c.box.x1 for c in chars if c.char in "日本語")
        assert len(page.search("いうえ")) == 1


def test_right_to_left_columns_read_right_column_first() -> None:
    """Two Hebrew columns, the left one drawn first: a reader starts with the right column.
    PDFium and MuPDF follow the drawing order and give the left column first."""
    right = "זהו הטור הימני של המסמך והוא נקרא ראשון כי עברית נכתבת מימין לשמאל"
    left = "זהו הטור השמאלי של המסמך והוא נקרא שני אחרי הטור הימני"
    with pdftools.new() as doc:
        doc.insert_blank_page()
        doc.pages[0].add_annotation("FreeText", (72, 500, 292, 700), contents=left, font_size=14)
        doc.pages[0].add_annotation("FreeText", (320, 500, 540, 700), contents=right, font_size=14)
        data = doc.to_bytes()
    flattened = pdfium_flattened(data)
    with pdftools.open(flattened) as doc:
        text = doc.pages[0].text
    assert " ".join(text.split()) == right + " " + left
    theirs = pdfium.PdfDocument(flattened)
    try:
        assert " ".join(theirs[0].get_textpage().get_text_range().split()) == left + " " + right
    finally:
        theirs.close()

# SPDX-License-Identifier: GPL-3.0-or-later
"""Agreement of selections with PDFium (pypdfium2) on real corpus files.

For each case a run of PDFium characters inside one text column is chosen; a
drag from the center of PDFium's box of its first glyph to the center of its
last glyph (in page space) must select the same text, and our selection
rectangles must cover PDFium's glyph boxes.

Aligning the two libraries: they number characters differently (PDFium
generates "\\r\\n" at line ends and spaces where glyph gaps are wide, writes
U+FFFE or U+0002 for a hyphen at a line end, and poppler inserts its own
separators).  So texts are compared with all white space removed, both
NFKC-normalized (ligatures such as U+FB01 "fi" become their letters), and
PDFium's line-end hyphen markers counted as "-".
"""

from __future__ import annotations

import re
import unicodedata
from typing import List, NamedTuple, Optional, Tuple

import pypdfium2 as pdfium
import pytest

import corpus
import pdftools
from pdftools import Rect

COVER_TOLERANCE = 1.0


class PdfiumChar(NamedTuple):
    index: int
    char: str
    box: Tuple[float, float, float, float]  # left, bottom, right, top (page space)


def _pdfium_chars(name: str, page_index: int) -> List[PdfiumChar]:
    document = pdfium.PdfDocument(str(corpus.path(name)))
    try:
        textpage = document[page_index].get_textpage()
        chars = []
        for i in range(textpage.count_chars()):
            chars.append(PdfiumChar(i, textpage.get_text_range(i, 1), tuple(textpage.get_charbox(i))))
        return chars
    finally:
        document.close()


def _is_glyph(char: PdfiumChar) -> bool:
    left, bottom, right, top = char.box
    return bool(char.char) and not char.char.isspace() and right > left and top > bottom


def _normalize(text: str) -> str:
    text = text.replace("\ufffe", "-").replace("\x02", "-")
    text = unicodedata.normalize("NFKC", text)
    return "".join(ch for ch in text if not ch.isspace())


def _choose_run(
    chars: List[PdfiumChar], column: Optional[Tuple[float, float]], below: float, length: int
) -> Tuple[int, int]:
    """Positions (a, b) in ``chars`` of glyphs that start and end a run of PDFium's
    order lying entirely in ``column`` (x-range; None: anywhere) below y=``below``,
    with up to ``length`` characters, taken from the longest such run."""

    def inside(char: PdfiumChar) -> bool:
        left, bottom, right, top = char.box
        if not _is_glyph(char):
            return True  # separators do not break a run
        if top > below:
            return False
        return column is None or (column[0] <= left and right <= column[1])

    best: Tuple[int, int] = (0, -1)
    start = None
    for position, char in enumerate(chars + [PdfiumChar(-1, "X", (0, 1e9, 1, 1e9 + 1))]):
        if inside(char) and position < len(chars):
            if start is None:
                start = position
        elif start is not None:
            if position - start > best[1] - best[0]:
                best = (start, position - 1)
            start = None
    first, last = best
    glyphs = [p for p in range(first, last + 1) if _is_glyph(chars[p])]
    assert len(glyphs) >= 2, "no run of glyphs found"
    # Skip a few glyphs at the run's edges (they may belong to headings), keep at most `length`.
    skip = min(10, len(glyphs) // 4)
    glyphs = glyphs[skip : len(glyphs) - skip] or glyphs
    a = glyphs[0]
    b = max(p for p in glyphs if p - a <= length)
    return a, b


def _center(char: PdfiumChar) -> Tuple[float, float]:
    left, bottom, right, top = char.box
    return (left + right) / 2, (bottom + top) / 2


def _covered(box: Tuple[float, float, float, float], rects: List[Rect]) -> bool:
    left, bottom, right, top = box
    t = COVER_TOLERANCE
    return any(r.x0 - t <= left and right <= r.x1 + t and r.y0 - t <= bottom and top <= r.y1 + t for r in rects)


CASES = [
    # name, page, column x-range (None: one column), only text below this y, max run length
    ("samplefiles-pdflatex-4-pages.pdf", 0, None, 1e9, 400),
    ("samplefiles-pdflatex-4-pages.pdf", 2, None, 1e9, 400),
    ("pdfjs-tracemonkey.pdf", 0, (0.0, 300.0), 500.0, 500),
    ("pdfjs-tracemonkey.pdf", 0, (310.0, 612.0), 500.0, 500),
    ("pdfjs-tracemonkey.pdf", 3, (0.0, 300.0), 700.0, 300),
    ("samplefiles-multicolumn.pdf", 0, (0.0, 303.0), 600.0, 500),
    ("samplefiles-multicolumn.pdf", 1, (306.0, 600.0), 800.0, 500),
    ("qpdf-rotated.pdf", 0, None, 1e9, 400),
    ("qpdf-rotated.pdf", 1, None, 1e9, 400),
    ("qpdf-rotated.pdf", 2, None, 1e9, 400),
    ("qpdf-rotated.pdf", 3, None, 1e9, 400),
]


@pytest.mark.parametrize("name, page_index, column, below, length", CASES)
def test_selection_agrees_with_pdfium(
    name: str, page_index: int, column: Optional[Tuple[float, float]], below: float, length: int
) -> None:
    chars = _pdfium_chars(name, page_index)
    a, b = _choose_run(chars, column, below, length)
    theirs = _normalize("".join(c.char for c in chars[a : b + 1]))
    with pdftools.open(corpus.path(name)) as doc:
        page = doc.pages[page_index]
        selection = page.select(_center(chars[a]), _center(chars[b]))
        ours = _normalize(selection.text)
        assert ours == theirs, f"{name} p{page_index} chars {a}..{b}:\nours:   {ours!r}\npdfium: {theirs!r}"
        rects = selection.rects()
        assert rects, "a non-empty selection has rectangles"
        missing = [c for c in chars[a : b + 1] if _is_glyph(c) and not _covered(c.box, rects)]
        assert not missing, f"{len(missing)} PDFium boxes not covered, first: {missing[:3]}; rects {rects[:5]}"
        # Our own glyph boxes of the selected characters lie inside the selection rects too.
        own = page.chars[selection.start_char : selection.end_char]
        for char in own:
            if not char.is_generated and not char.is_whitespace:
                assert _covered(tuple(char.box), rects), char


@pytest.mark.parametrize("name, page_index", [("samplefiles-pdflatex-4-pages.pdf", 1), ("pdfjs-tracemonkey.pdf", 1)])
def test_page_text_agrees_with_pdfium(name: str, page_index: int) -> None:
    """The whole page's text, white space removed, matches PDFium's (same normalization)."""
    chars = _pdfium_chars(name, page_index)
    theirs = _normalize("".join(c.char for c in chars))
    with pdftools.open(corpus.path(name)) as doc:
        page = doc.pages[page_index]
        ours = _normalize(page.text)
        if name == "pdfjs-tracemonkey.pdf":
            # Two columns and figures: the reading orders may differ; compare the characters.
            assert sorted(ours) == sorted(theirs)
        else:
            assert ours == theirs
        assert page.select_all().text == page.text


SEARCH_CASES = [
    ("pdfjs-tracemonkey.pdf", "trace", False),
    ("pdfjs-tracemonkey.pdf", "JavaScript", False),
    ("pdfjs-tracemonkey.pdf", "the", True),
    ("pdfjs-tracemonkey.pdf", "tracing", True),
    ("samplefiles-pdflatex-4-pages.pdf", "text", False),
    ("samplefiles-pdflatex-4-pages.pdf", "information", True),
]


@pytest.mark.parametrize("name, word, whole_words", SEARCH_CASES)
def test_search_counts_agree_with_pdfium_text(name: str, word: str, whole_words: bool) -> None:
    """Per page, our search finds as many occurrences as a regular expression finds in PDFium's text."""
    pattern = re.compile((r"(?<!\w)%s(?!\w)" if whole_words else "%s") % re.escape(word), re.IGNORECASE)
    document = pdfium.PdfDocument(str(corpus.path(name)))
    try:
        theirs = [len(pattern.findall(document[i].get_textpage().get_text_range())) for i in range(len(document))]
    finally:
        document.close()
    with pdftools.open(corpus.path(name)) as doc:
        ours = [0] * doc.page_count
        for match in doc.search(word, whole_words=whole_words):
            ours[match.page_index] += 1
            assert match.text.lower() == word.lower()
            assert match.rects, match
    assert sum(theirs) > 0
    assert ours == theirs

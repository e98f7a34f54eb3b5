# SPDX-License-Identifier: GPL-3.0-or-later
"""Reading order on multi-column pages, and real glyph boxes (right-to-left text: test_text_rtl.py).

Expected order (poppler's reading order, which the library uses for a page's
text): poppler's text layout groups glyphs into blocks and flows and reads a
two-column page column by column, the whole first column top to bottom, then
the second.  A selection is a range of characters in that order, so a drag
from the top to the bottom of the first column selects only first-column
text — not the lines of the second column that sit at the same heights, as a
purely top-to-bottom (y-sorted) order would.
"""

from __future__ import annotations

from typing import List

import pytest

import corpus
import pdftools
from pdftools import Rect

# Column gutters measured with PDFium: samplefiles-multicolumn.pdf has no body glyph
# in x 301..309 below y=600; pdfjs-tracemonkey.pdf page 0 none in x 294..316 below y=500.
COLUMN_CASES = [
    # name, page, gutter x, body region top y, body region bottom y
    ("samplefiles-multicolumn.pdf", 0, 305.0, 590.0, 80.0),
    ("samplefiles-multicolumn.pdf", 1, 305.0, 780.0, 80.0),
    ("pdfjs-tracemonkey.pdf", 0, 305.0, 490.0, 80.0),
]


def _column_chars(page: pdftools.Page, gutter: float, top: float, bottom: float) -> List[pdftools.Char]:
    return [
        c
        for c in page.chars
        if not c.is_whitespace and c.box.x1 < gutter and bottom <= c.box.y0 and c.box.y1 <= top
    ]


@pytest.mark.parametrize("name, page_index, gutter, top, bottom", COLUMN_CASES)
def test_first_column_selection_stays_in_the_column(
    name: str, page_index: int, gutter: float, top: float, bottom: float
) -> None:
    """A drag from the top to the bottom of column 1 selects column-1 text only."""
    with pdftools.open(corpus.path(name)) as doc:
        page = doc.pages[page_index]
        left = _column_chars(page, gutter, top, bottom)
        assert len(left) > 200, "the first column has text"
        first = min(left, key=lambda c: (-c.box.y1, c.box.x0))  # top-left glyph
        last = max(left, key=lambda c: (-c.box.y0, c.box.x1))  # bottom-right glyph
        p1 = ((first.box.x0 + first.box.x1) / 2, (first.box.y0 + first.box.y1) / 2)
        p2 = ((last.box.x0 + last.box.x1) / 2, (last.box.y0 + last.box.y1) / 2)
        selection = page.select(p1, p2)
        assert not selection.is_empty
        selected = page.chars[selection.start_char : selection.end_char]
        glyphs = [c for c in selected if not c.is_generated and not c.is_whitespace]
        assert len(glyphs) >= 0.9 * len(left), "most of the column is selected"
        intruders = [c for c in glyphs if c.box.x0 > gutter]
        assert not intruders, f"second-column text selected: {''.join(c.char for c in intruders)[:80]!r}"
        for rect in selection.rects():
            assert rect.x1 <= gutter, rect
        # Reading order: the column's text is contiguous in the page text.
        text = page.text
        assert selection.text == text[selection.start_char : selection.end_char]


@pytest.mark.parametrize(
    "name, page_index, gutter, top, bottom, left_first",
    [case + (True,) for case in COLUMN_CASES if case[:2] != ("samplefiles-multicolumn.pdf", 0)]
    + [("samplefiles-multicolumn.pdf", 0, 305.0, 590.0, 80.0, False)],
)
def test_page_text_reads_column_by_column(
    name: str, page_index: int, gutter: float, top: float, bottom: float, left_first: bool
) -> None:
    """The body text of column 1 is one contiguous run of the page text (no column-2 text inside).

    Usually column 1 comes before column 2.  Page 1 of samplefiles-multicolumn.pdf is
    poppler's exception (pdftotext shows the same): column 2's first paragraph
    ("pellentesque ante. ...") starts higher on the page than column 1's body, next to the
    "Abstract" heading, so poppler reads it right after that heading, then column 1, then
    the rest of column 2.
    """
    with pdftools.open(corpus.path(name)) as doc:
        chars = doc.pages[page_index].chars
        body = [c for c in chars if not c.is_whitespace and bottom <= c.box.y0 and c.box.y1 <= top]
        left = [c.index for c in body if c.box.x1 < gutter]
        right = [c.index for c in body if c.box.x0 > gutter]
        assert left and right
        inside = [i for i in right if min(left) < i < max(left)]
        assert not inside, "".join(chars[i].char for i in inside[:80])
        if left_first:
            assert max(left) < min(right)
        else:
            assert min(right) < min(left) and max(left) < max(right)


def _inside(rect: Rect, box: Rect, tolerance: float = 1.0) -> bool:
    return (
        box.x0 - tolerance <= rect.x0 <= rect.x1 <= box.x1 + tolerance
        and box.y0 - tolerance <= rect.y0 <= rect.y1 <= box.y1 + tolerance
    )


GLYPH_BOX_CASES = [
    ("samplefiles-habibi-arabic.pdf", 0),
    ("samplefiles-habibi-rotated.pdf", 0),
    ("samplefiles-habibi-rotated.pdf", 1),
    ("samplefiles-habibi-rotated.pdf", 2),
    ("samplefiles-pdflatex-4-pages.pdf", 0),
    ("pdfjs-tracemonkey.pdf", 0),
    ("samplefiles-multicolumn.pdf", 0),
    ("pypdf-multilang.pdf", 0),
]


@pytest.mark.parametrize("name, page_index", GLYPH_BOX_CASES)
def test_every_glyph_has_a_real_box_on_the_page(name: str, page_index: int) -> None:
    """A character that is not a generated separator has a non-empty box inside the crop box
    (not the all-zero box of a character the layout could not place)."""
    with pdftools.open(corpus.path(name)) as doc:
        page = doc.pages[page_index]
        crop = page.crop_box
        chars = page.chars
        assert chars
        bad = [
            c
            for c in chars
            if not c.is_generated
            and not c.is_whitespace
            and not (c.box.width > 0 and c.box.height > 0 and _inside(c.box, crop))
        ]
        assert not bad, f"{len(bad)} of {len(chars)} characters without a real box, e.g. {bad[:4]}"


@pytest.mark.parametrize("name, page_index", GLYPH_BOX_CASES)
def test_white_space_is_generated(name: str, page_index: int) -> None:
    """Every white-space character is a separator the text layout rebuilt: WHITESPACE and
    GENERATED, and nothing else is generated."""
    with pdftools.open(corpus.path(name)) as doc:
        chars = doc.pages[page_index].chars
    assert chars
    for char in chars:
        assert char.is_whitespace == char.char.isspace(), char
        assert char.is_generated == char.is_whitespace, char
        if char.is_whitespace:
            assert char.word_index == -1 or char.char == "\n", char


@pytest.mark.parametrize(
    "name, page_index",
    [("samplefiles-pdflatex-4-pages.pdf", 0), ("pdfjs-tracemonkey.pdf", 0), ("samplefiles-multicolumn.pdf", 1)],
)
def test_line_rects_end_at_the_last_glyph(name: str, page_index: int) -> None:
    """Selecting a whole line (with its separators) gives the box of its glyphs: separators are
    left out of selection rectangles, so a line ends at its last glyph."""
    with pdftools.open(corpus.path(name)) as doc:
        page = doc.pages[page_index]
        chars = page.chars
        checked = 0
        for line in page.lines:
            glyphs = [chars[i] for i in range(line.start, line.end) if not chars[i].is_whitespace]
            if not glyphs:
                continue
            rects = pdftools.Selection(doc, page_index, line.start, page_index, line.end).rects()
            assert len(rects) == 1, (line, rects)
            expected = (
                min(c.box.x0 for c in glyphs),
                min(c.box.y0 for c in glyphs),
                max(c.box.x1 for c in glyphs),
                max(c.box.y1 for c in glyphs),
            )
            assert tuple(rects[0]) == pytest.approx(expected, abs=1e-6), (line.text, rects[0], expected)
            checked += 1
        assert checked > 10

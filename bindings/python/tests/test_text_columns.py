"""Reading order on multi-column pages, and right-to-left text.

Expected order (poppler's reading order, which the library uses for a page's
text): poppler's text layout groups glyphs into blocks and flows and reads a
two-column page column by column, the whole first column top to bottom, then
the second.  A selection is a range of characters in that order, so a drag
from the top to the bottom of the first column selects only first-column
text — not the lines of the second column that sit at the same heights, as a
purely top-to-bottom (y-sorted) order would.
"""

from __future__ import annotations

from typing import List, Tuple

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


RTL_CASES: List[Tuple[str, int]] = [
    ("samplefiles-habibi-arabic.pdf", 0),
    ("pdfium-hebrew-mirrored.pdf", 0),
    ("samplefiles-habibi-rotated.pdf", 0),
    ("samplefiles-habibi-rotated.pdf", 1),
    ("samplefiles-habibi-rotated.pdf", 2),
]


@pytest.mark.parametrize("name, page_index", RTL_CASES)
def test_right_to_left_selection(name: str, page_index: int) -> None:
    """Right-to-left text: a drag across the text selects something, inside the page, without failing."""
    with pdftools.open(corpus.path(name)) as doc:
        page = doc.pages[page_index]
        assert page.text.strip()
        glyphs = [c for c in page.chars if not c.is_whitespace]
        assert glyphs
        left = min(glyphs, key=lambda c: c.box.x0)
        right = max(glyphs, key=lambda c: c.box.x1)
        p1 = ((left.box.x0 + left.box.x1) / 2, (left.box.y0 + left.box.y1) / 2)
        p2 = ((right.box.x0 + right.box.x1) / 2, (right.box.y0 + right.box.y1) / 2)
        crop = page.crop_box
        for a, b in ((p1, p2), (p2, p1)):
            selection = page.select(a, b)
            assert selection.text.strip(), "a drag across the text selects text"
            for rect in selection.rects():
                assert _inside(rect, crop), (rect, crop)
            for quad in selection.quads():
                for corner in quad:
                    assert _inside(Rect(corner.x, corner.y, corner.x, corner.y), crop), (quad, crop)
            for rect in selection.rects(space="display"):
                assert _inside(rect, Rect(0, 0, *page.size)), rect
        words = page.select(p1, p2, "word")
        assert words.text.strip()
        assert page.select_all().text == page.text


def test_hebrew_letters_are_found() -> None:
    """PDFium's TextHebrewMirrored test expects the letters בנימין and ןב; the order is poppler's."""
    with pdftools.open(corpus.path("pdfium-hebrew-mirrored.pdf")) as doc:
        page = doc.pages[0]
        letters = "".join(ch for ch in page.text if not ch.isspace())
        assert sorted(letters) == sorted("\u05d1\u05e0\u05d9\u05de\u05d9\u05df\u05df\u05d1")
        assert doc.search("\u05d1\u05e0\u05d9\u05de\u05d9\u05df") or doc.search(
            "\u05df\u05d9\u05de\u05d9\u05e0\u05d1"
        ), "the word is found in logical or visual order"


GLYPH_BOX_CASES = [
    ("samplefiles-habibi-arabic.pdf", 0),
    ("samplefiles-habibi-rotated.pdf", 0),
    ("samplefiles-habibi-rotated.pdf", 2),
    ("pdfium-hebrew-mirrored.pdf", 0),
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

# SPDX-License-Identifier: GPL-3.0-or-later
"""Right-to-left text, rotated copies of one page, and mirrored text.

Reference: PDFium (pypdfium2), which gives every character its own glyph box
in page space.  Two things are not compared:

* characters PDFium gives a box shared with other characters (one glyph whose
  ToUnicode entry holds several characters: samplefiles-habibi-*.pdf maps the
  glyph "h" to "حَبيبي h"), and
* combining marks (Arabic fatha, Thai vowel signs): poppler gives them a
  zero-advance sliver next to their base, PDFium the mark's ink.

poppler reorders a right-to-left line for display: words in visual order,
each word's characters in logical order (PDFium: the whole line in logical
order).  So words are compared as multisets, not in order.
"""

from __future__ import annotations

import unicodedata
from collections import Counter
from typing import Dict, List, NamedTuple, Tuple

import pypdfium2 as pdfium
import pytest

import corpus
import pdftools
from pdftools import Rect

TOLERANCE = 1.0
BIDI_CONTROLS = {0x200E, 0x200F, *range(0x202A, 0x202F), *range(0x2066, 0x206A)}

HABIBI = "samplefiles-habibi-arabic.pdf"
HABIBI_ROTATED = "samplefiles-habibi-rotated.pdf"  # the same page with /Rotate 90, 180, 270, 0
MULTILANG = "pypdf-multilang.pdf"
MIRRORED = "pdfium-hebrew-mirrored.pdf"

RTL_CASES: List[Tuple[str, int]] = [
    (HABIBI, 0),
    (HABIBI_ROTATED, 0),
    (HABIBI_ROTATED, 1),
    (HABIBI_ROTATED, 2),
    (HABIBI_ROTATED, 3),
    (MULTILANG, 0),
]


class PdfiumChar(NamedTuple):
    char: str
    box: Tuple[float, float, float, float]  # left, bottom, right, top (page space)


def _pdfium_page(name: str, page_index: int) -> Tuple[str, List[PdfiumChar]]:
    document = pdfium.PdfDocument(str(corpus.path(name)))
    try:
        textpage = document[page_index].get_textpage()
        chars = [
            PdfiumChar(textpage.get_text_range(i, 1), tuple(textpage.get_charbox(i)))
            for i in range(textpage.count_chars())
        ]
        return textpage.get_text_range(), chars
    finally:
        document.close()


def _comparable(chars: List[PdfiumChar]) -> Dict[str, List[PdfiumChar]]:
    """PDFium's glyphs with a box of their own (not shared with other characters), by character."""
    shared = Counter(c.box for c in chars)
    found: Dict[str, List[PdfiumChar]] = {}
    for c in chars:
        left, bottom, right, top = c.box
        if c.char.strip() and shared[c.box] == 1 and right > left and top > bottom and not _is_mark(c.char):
            found.setdefault(c.char, []).append(c)
    return found


def _is_mark(char: str) -> bool:
    return unicodedata.category(char).startswith("M")


def _center(box: Tuple[float, float, float, float]) -> Tuple[float, float]:
    return (box[0] + box[2]) / 2, (box[1] + box[3]) / 2


def _contains(rect: Rect, point: Tuple[float, float], tolerance: float = TOLERANCE) -> bool:
    x, y = point
    return rect.x0 - tolerance <= x <= rect.x1 + tolerance and rect.y0 - tolerance <= y <= rect.y1 + tolerance


@pytest.mark.parametrize("name, page_index", RTL_CASES)
def test_no_bidi_controls_and_words_agree_with_pdfium(name: str, page_index: int) -> None:
    """poppler's bidi embedding marks are dropped, so text, chars and boxes stay paired;
    the words are PDFium's (as a multiset: the order of RTL words differs, see the module doc)."""
    with pdftools.open(corpus.path(name)) as doc:
        page = doc.pages[page_index]
        text = page.text
        chars = page.chars
        assert text.strip()
        assert not [hex(ord(ch)) for ch in text if ord(ch) in BIDI_CONTROLS]
        assert "".join(c.char for c in chars) == text
        assert [w.text for w in page.words] == text.split()
    theirs, _ = _pdfium_page(name, page_index)
    if name == MULTILANG:
        assert sorted(text.split()) == sorted(theirs.split())
    else:
        # The habibi page holds the Arabic word twice (a second copy is the ToUnicode of a glyph
        # drawn at x=119); PDFium and MuPDF read both, and so do we (poppler's whole-page
        # selection from the top-left corner dropped the first line of this right-to-left page).
        assert "habibi" in text and "habibi" in theirs

        def arabic(value: str) -> List[str]:
            return sorted(ch for ch in value if "\u0600" <= ch <= "\u06ff")

        assert arabic(text) == arabic(theirs) == sorted("\u062d\u064e\u0628\u064a\u0628\u064a" * 2)


# The rotated copies have the same characters and boxes as HABIBI (test_reading_order_...).
PDFIUM_BOX_CASES = [(HABIBI, 0), (MULTILANG, 0)]


@pytest.mark.parametrize("name, page_index", PDFIUM_BOX_CASES)
def test_glyph_boxes_agree_with_pdfium(name: str, page_index: int) -> None:
    """Each character's box contains PDFium's box center of the same character: characters and
    boxes are paired, in right-to-left words too."""
    _, theirs = _pdfium_page(name, page_index)
    comparable = _comparable(theirs)
    with pdftools.open(corpus.path(name)) as doc:
        ours = [c for c in doc.pages[page_index].chars if not c.is_whitespace and c.char in comparable]
    assert len(ours) >= 5
    wrong = [
        (c.char, tuple(round(v, 1) for v in c.box), [tuple(round(v, 1) for v in p.box) for p in comparable[c.char]])
        for c in ours
        if not any(_contains(c.box, _center(p.box)) for p in comparable[c.char])
    ]
    assert not wrong, f"{len(wrong)} of {len(ours)} boxes are not PDFium's (ours, PDFium's): {wrong[:6]}"


SEARCH_CASES = [
    # name, page, query, PDFium's characters of the match (a part of a word)
    (HABIBI, 0, "abi", "abi"),
    (MULTILANG, 0, "\u0645\u0631\u062d", "\u0645\u0631\u062d"),  # the first three letters of مرحبا
]


@pytest.mark.parametrize("name, page_index, query, letters", SEARCH_CASES)
def test_partial_word_match_covers_pdfiums_glyphs(name: str, page_index: int, query: str, letters: str) -> None:
    """A match inside a word highlights exactly its letters (PDFium's boxes), not mirrored ones."""
    _, theirs = _pdfium_page(name, page_index)
    starts = [i for i in range(len(theirs)) if "".join(c.char for c in theirs[i : i + len(letters)]) == letters]
    assert len(starts) == 1, starts
    expected = theirs[starts[0] : starts[0] + len(letters)]
    with pdftools.open(corpus.path(name)) as doc:
        matches = doc.pages[page_index].search(query, case_sensitive=True)
        assert len(matches) == 1, matches
        rects = matches[0].rects
    assert rects
    for glyph in expected:
        assert any(_contains(r, _center(glyph.box)) for r in rects), (glyph, rects)
    # ... and not the letters mirrored into the other half of the word.
    covered = [c for c in theirs if c.char.strip() and any(_contains(r, _center(c.box), 0.0) for r in rects)]
    assert len(covered) <= len(letters) + 1, covered


def test_reading_order_does_not_depend_on_rotate() -> None:
    """samplefiles-habibi-rotated.pdf shows the page of samplefiles-habibi-arabic.pdf with
    /Rotate 90, 180, 270 and 0: text, characters and boxes (page space) are the same on all."""
    with pdftools.open(corpus.path(HABIBI)) as doc:
        reference = [(c.char, c.box, c.flags) for c in doc.pages[0].chars]
    assert reference
    with pdftools.open(corpus.path(HABIBI_ROTATED)) as doc:
        assert [page.rotation for page in doc.pages] == [90, 180, 270, 0]
        for page in doc.pages:
            chars = [(c.char, c.box, c.flags) for c in page.chars]
            assert chars == reference, page.rotation


@pytest.mark.parametrize("name, page_index", RTL_CASES)
def test_right_to_left_selection(name: str, page_index: int) -> None:
    """Right-to-left text: a drag across the text selects text, inside the page, in both directions."""
    with pdftools.open(corpus.path(name)) as doc:
        page = doc.pages[page_index]
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
                    assert _contains(crop, corner), (quad, crop)
            for rect in selection.rects(space="display"):
                assert _inside(rect, Rect(0, 0, *page.size)), rect
        words = page.select(p1, p2, "word")
        assert words.text.strip()
        assert page.select_all().text == page.text


def _inside(rect: Rect, box: Rect, tolerance: float = TOLERANCE) -> bool:
    return (
        box.x0 - tolerance <= rect.x0 <= rect.x1 <= box.x1 + tolerance
        and box.y0 - tolerance <= rect.y0 <= rect.y1 <= box.y1 + tolerance
    )


def test_mirrored_text_is_a_documented_limitation() -> None:
    """pdfium-hebrew-mirrored.pdf page 0 gives no text at all.

    The header documents the limitation: poppler 22.12's text layout, as the library reads it
    (poppler-glib's poppler_page_get_text), does not find text drawn mirrored (a negative
    horizontal scale, here ``-1 0 0 1 50 40 Tm`` for "ןב").  On this page it loses the whole
    page's text, the unmirrored word "בנימין" included (pdftotext, which dumps poppler's layout
    another way, does print both words).  The page must behave as a page without text: no
    crash, empty results everywhere, and it still renders.  PDFium finds the letters, so the
    text is in the file.

    samplefiles-habibi-rotated.pdf page 1 (/Rotate 180) is not mirrored: its text is read from
    the upright page and tested like the other pages (test_reading_order_does_not_depend_on_rotate).
    """
    theirs, _ = _pdfium_page(MIRRORED, 0)
    assert "\u05d1\u05e0\u05d9\u05de\u05d9\u05df" in theirs  # PDFium's TextHebrewMirrored expectation
    with pdftools.open(corpus.path(MIRRORED)) as doc:
        page = doc.pages[0]
        assert page.text == ""
        assert page.char_count == 0
        assert page.chars == [] and page.words == [] and page.lines == []
        assert page.char_at((160.0, 163.0)) is None
        assert page.char_at((160.0, 163.0), nearest=True) is None
        selection = page.select((40.0, 40.0), (180.0, 170.0))
        assert selection.is_empty and selection.text == "" and selection.rects() == []
        assert page.select_all().is_empty
        assert doc.search("\u05d1\u05e0\u05d9\u05de\u05d9\u05df") == []
        assert doc.search_next("\u05d1") is None
        image = page.render(format="rgba").to_pil().convert("L")
        assert image.getextrema()[0] < 128, "the Hebrew glyphs are drawn"

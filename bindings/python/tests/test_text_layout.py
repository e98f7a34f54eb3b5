# SPDX-License-Identifier: GPL-3.0-or-later
"""Page text, characters, words, lines and hit-testing on the generated known-layout document.

See knownlayout.py for the layout: 12 pt Courier at known positions on pages
with /Rotate 0, 90, 180, 270, a CropBox with a non-zero origin, and UserUnit 2.
"""

from __future__ import annotations

from typing import List

import pytest

import knownlayout as K
import pdfgen
import pdftools
from pdftools import Char, CharFlags, Granularity, Point, Rect, Space, TextRange

PAGES = range(len(K.ROTATIONS))
X_TOLERANCE = 0.5


def _glyph_chars(chars: List[Char]) -> List[Char]:
    return [c for c in chars if not c.is_whitespace]


def test_page_geometry_is_what_the_generator_wrote(layout_doc: pdftools.Document) -> None:
    assert layout_doc.page_count == len(K.ROTATIONS)
    for page, rotate, unit in zip(layout_doc.pages, K.ROTATIONS, K.USER_UNITS):
        assert page.rotation == rotate
        assert page.user_unit == unit
        assert page.crop_box == K.CROP
        width, height = K.CROP[2] - K.CROP[0], K.CROP[3] - K.CROP[1]
        expected = (height, width) if rotate in (90, 270) else (width, height)
        assert page.size == pytest.approx((expected[0] * unit, expected[1] * unit))


@pytest.mark.parametrize("index", PAGES)
def test_text(layout_doc: pdftools.Document, index: int) -> None:
    page = layout_doc.pages[index]
    assert page.text == K.TEXT


@pytest.mark.parametrize("index", PAGES)
def test_chars_match_text(layout_doc: pdftools.Document, index: int) -> None:
    page = layout_doc.pages[index]
    chars = page.chars
    text = page.text
    assert page.char_count == len(chars) == len(text)
    assert "".join(c.char for c in chars) == text
    for i, char in enumerate(chars):
        assert char.index == i and char.page_index == index
        assert char.codepoint == ord(text[i])
        assert char.is_whitespace == text[i].isspace(), (i, char)
        assert char.is_whitespace == bool(char.flags & CharFlags.WHITESPACE)
        assert char.is_generated == bool(char.flags & CharFlags.GENERATED)
        assert char.is_line_end == bool(char.flags & CharFlags.LINE_END)
        if char.is_generated:
            assert char.is_whitespace, f"generated characters are separators: {char!r}"


@pytest.mark.parametrize("index", PAGES)
def test_char_boxes_in_page_space(layout_doc: pdftools.Document, index: int) -> None:
    """Glyph boxes are page space, whatever the rotation, crop box or UserUnit of the page."""
    chars = _glyph_chars(layout_doc.pages[index].chars)
    expected = K.glyphs()
    assert [c.char for c in chars] == [g.char for g in expected]
    for char, glyph in zip(chars, expected):
        box = char.box
        assert box.x0 == pytest.approx(glyph.x0, abs=X_TOLERANCE), (char, glyph)
        assert box.x1 == pytest.approx(glyph.x1, abs=X_TOLERANCE), (char, glyph)
        assert box.y0 <= glyph.baseline <= box.y1, (char, glyph)
        assert box.y1 <= glyph.baseline + K.SIZE + X_TOLERANCE, (char, glyph)
        assert box.y0 >= glyph.baseline - K.SIZE - X_TOLERANCE, (char, glyph)
        assert char.font_size == pytest.approx(K.SIZE, abs=0.01)


def test_generated_separators(layout_doc: pdftools.Document) -> None:
    """Every space and line break is rebuilt by the text layout: flagged GENERATED and WHITESPACE.

    That holds for the real space glyph of "Hello World" (one Tj) as much as for the spaces
    between the three Tj of "quick brown fox", which have no glyph on the page.
    """
    for page in layout_doc.pages:
        chars = page.chars
        for char in chars:
            assert char.is_whitespace == char.is_generated == char.char.isspace(), char
            if char.is_whitespace:
                assert char.flags & CharFlags.GENERATED and char.flags & CharFlags.WHITESPACE, char
        for line, col in ((0, 5), (1, 5), (1, 11)):
            char = chars[K.index(line, col)]
            assert char.char == " " and char.is_generated and char.is_whitespace, char
        newline = chars[K.index(0, len(K.LINES[0]))]
        assert newline.char == "\n" and newline.is_whitespace and newline.is_generated, newline


@pytest.mark.parametrize("index", PAGES)
def test_space_boxes_are_the_gaps_between_words(layout_doc: pdftools.Document, index: int) -> None:
    """A space's box spans the gap between the glyphs it separates (page space, any /Rotate);
    a line break's box is empty, at the end of the line's last glyph."""
    chars = layout_doc.pages[index].chars
    for line, text in enumerate(K.LINES):
        for col, character in enumerate(text):
            if character != " ":
                continue
            space = chars[K.index(line, col)]
            before, after = chars[K.index(line, col - 1)], chars[K.index(line, col + 1)]
            assert space.box.x0 == pytest.approx(K.glyph(line, col - 1).x1, abs=X_TOLERANCE), space
            assert space.box.x1 == pytest.approx(K.glyph(line, col + 1).x0, abs=X_TOLERANCE), space
            assert space.box.x0 == pytest.approx(before.box.x1) and space.box.x1 == pytest.approx(after.box.x0)
            assert space.box.width > 0
            assert (space.box.y0, space.box.y1) == pytest.approx((before.box.y0, before.box.y1)), space
        newline = chars[K.index(line, len(text))] if line + 1 < len(K.LINES) else None
        if newline is not None:
            last = chars[K.index(line, len(text) - 1)]
            assert newline.char == "\n", newline
            assert newline.box.width == 0, f"a line break has an empty box: {newline!r}"
            assert newline.box.x0 == pytest.approx(last.box.x1), (newline, last)
            assert last.box.y0 <= newline.box.y0 <= newline.box.y1 <= last.box.y1


def test_font_name_and_size(layout_doc: pdftools.Document) -> None:
    chars = layout_doc.pages[0].chars
    first = chars[0]
    assert first.font_name == "Courier"
    assert first.font_name == "Courier"  # cached, same value
    assert first.font_size == pytest.approx(12.0)


def test_font_name_is_lazy_and_needs_an_open_document(layout_pdf) -> None:
    doc = pdftools.open(layout_pdf)
    chars = doc.pages[0].chars
    known = chars[0].font_name
    doc.close()
    assert chars[0].font_name == known  # cached
    assert chars[1].box.x0 == pytest.approx(107.2, abs=X_TOLERANCE)  # plain values survive close
    with pytest.raises(pdftools.ClosedDocumentError):
        chars[1].font_name


def test_word_and_line_indices(layout_doc: pdftools.Document) -> None:
    page = layout_doc.pages[0]
    chars = page.chars
    words = page.words
    for number, word in enumerate(words):
        for i in range(word.start, word.end):
            assert chars[i].word_index == number, (chars[i], word)
    for char in chars:
        if char.is_whitespace and char.char == " ":
            assert char.word_index == -1, char
    lines = page.lines
    for number, line in enumerate(lines):
        for i in range(line.start, line.end):
            if chars[i].char != "\n":  # a line break's own line is not specified
                assert chars[i].line_index == number, (chars[i], line)


@pytest.mark.parametrize("index", PAGES)
def test_words_and_lines(layout_doc: pdftools.Document, index: int) -> None:
    page = layout_doc.pages[index]
    text = page.text
    words = page.words
    assert [w.text for w in words] == K.WORDS
    for word in words:
        assert isinstance(word, TextRange)
        assert word.text == text[word.start : word.end]
    lines = page.lines
    # Whether a line's range includes its '\n' is not specified: compare without it.
    assert [line.text.rstrip("\n") for line in lines] == K.LINES
    for line in lines:
        assert line.text == text[line.start : line.end]
    chars = page.chars
    for line in lines:
        flagged = [i for i in range(line.start, line.end) if chars[i].is_line_end]
        assert flagged == [line.end - 1], (line, flagged)


@pytest.mark.parametrize("index", PAGES)
def test_char_at_in_page_and_display_space(layout_doc: pdftools.Document, index: int) -> None:
    page = layout_doc.pages[index]
    rotate, unit = K.ROTATIONS[index], K.USER_UNITS[index]
    start, end = K.find(0, "World")
    point = K.center(0, start + 1)  # the 'o' of "World"
    display = pdfgen.to_display(point, K.CROP, rotate, unit)
    i = K.index(0, start + 1)
    for space, p in ((Space.PAGE, point), (Space.DISPLAY, display), ("display", Point(*display))):
        assert page.char_at(p, space=space) == TextRange(i, i + 1, "o")
        word = page.char_at(p, space=space, granularity=Granularity.WORD)
        assert word == TextRange(K.index(0, start), K.index(0, end), "World")
        line = page.char_at(p, space=space, granularity="line")
        assert line is not None and line.start == 0 and line.text.rstrip("\n") == K.LINES[0]


def test_char_at_misses_tolerance_and_nearest(layout_doc: pdftools.Document) -> None:
    page = layout_doc.pages[0]
    between_lines = (110.0, 631.0)  # 9 pt below line 0's baseline, 11 pt above line 1's
    left_margin = (60.0, 643.0)
    assert page.char_at(left_margin) is None
    nearest = page.char_at(left_margin, nearest=True)
    assert nearest == TextRange(0, 1, "H")
    # 2 pt left of 'H': hit with tolerance 3, missed with 0.
    assert page.char_at((98.0, 643.0)) is None
    assert page.char_at((98.0, 643.0), tolerance=3.0) == TextRange(0, 1, "H")
    hit = page.char_at(between_lines, nearest=True)
    assert hit is not None and hit.text in ("e", "u")  # 'e' of Hello above or 'u' of quick below
    assert page.char_at((10_000.0, 10_000.0)) is None
    far = page.char_at((10_000.0, 10_000.0), nearest=True)
    assert far is not None and len(far.text) == 1


def test_char_boxes_converted_to_display(layout_doc: pdftools.Document) -> None:
    """Page.to_display of a glyph box agrees with the independent formula on every page."""
    for page, rotate, unit in zip(layout_doc.pages, K.ROTATIONS, K.USER_UNITS):
        box = page.chars[0].box
        shown = page.to_display(box)
        corners = [pdfgen.to_display(p, K.CROP, rotate, unit) for p in ((box.x0, box.y0), (box.x1, box.y1))]
        xs, ys = [c[0] for c in corners], [c[1] for c in corners]
        assert isinstance(shown, Rect)
        assert shown == pytest.approx((min(xs), min(ys), max(xs), max(ys)), abs=1e-9)


def test_text_follows_page_structure_changes(layout_doc: pdftools.Document) -> None:
    """Text is cached per page and dropped when pages move: a page inserted in front shifts it."""
    assert layout_doc.pages[0].text == K.TEXT
    layout_doc.insert_blank_page(0)
    assert layout_doc.pages[0].text == ""
    assert layout_doc.pages[0].chars == []
    assert layout_doc.pages[1].text == K.TEXT
    assert [m.page_index for m in layout_doc.search("Hello", case_sensitive=True)] == [1, 2, 3, 4, 5]
    selection = layout_doc.pages[1].select(K.center(0, 0), K.center(0, 4))
    assert selection.start_page == 1 and selection.text == "Hello"

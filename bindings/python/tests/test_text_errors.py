# SPDX-License-Identifier: GPL-3.0-or-later
"""Bad input to the text, selection and search calls: errors, never crashes."""

from __future__ import annotations

import ctypes
import math

import pytest

import knownlayout as K
import pdftools
from pdftools import Selection, Space
from pdftools._library import CPoint, CRect, CSearchOptions, CSelection, CTextRange, lib
from pdftools.errors import Status

NAN = math.nan
INF = math.inf
BAD_POINTS = [(NAN, 640.0), (100.0, NAN), (INF, 640.0), (100.0, -INF), (NAN, NAN)]


@pytest.mark.parametrize("bad", BAD_POINTS)
def test_non_finite_points_are_argument_errors(layout_doc: pdftools.Document, bad) -> None:
    page = layout_doc.pages[0]
    good = K.center(0, 0)
    for space in (Space.PAGE, Space.DISPLAY):
        with pytest.raises(pdftools.ArgumentError):
            page.select(bad, good, space=space)
        with pytest.raises(pdftools.ArgumentError):
            page.select(good, bad, space=space)
        with pytest.raises(pdftools.ArgumentError):
            layout_doc.select(0, good, 1, bad, space=space)
        with pytest.raises(pdftools.ArgumentError):
            page.char_at(bad, space=space)
        with pytest.raises(pdftools.ArgumentError):
            page.char_at(bad, nearest=True, space=space)


def test_bad_tolerance_is_an_argument_error(layout_doc: pdftools.Document) -> None:
    page = layout_doc.pages[0]
    for tolerance in (-1.0, NAN, INF):
        with pytest.raises(pdftools.ArgumentError):
            page.char_at(K.center(0, 0), tolerance=tolerance)


def test_conversion_keeps_non_finite_values(layout_doc: pdftools.Document) -> None:
    """Conversion is affine and reports no error: NaN in, NaN out (as the header says)."""
    page = layout_doc.pages[1]
    converted = page.to_display((NAN, 100.0))
    assert any(math.isnan(v) for v in converted)
    assert page.convert_points([], Space.PAGE, Space.DISPLAY) == []


def test_bad_enums_are_argument_errors(layout_doc: pdftools.Document) -> None:
    page = layout_doc.pages[0]
    with pytest.raises(pdftools.ArgumentError):
        page.select((0, 0), (1, 1), granularity="paragraph")
    with pytest.raises(pdftools.ArgumentError):
        page.select((0, 0), (1, 1), space=7)
    with pytest.raises(pdftools.ArgumentError):
        page.char_at((0, 0), granularity=3)
    with pytest.raises(pdftools.ArgumentError):
        Selection(layout_doc, 0, 0, 0, 5).rects(space="screen")
    with pytest.raises(TypeError):
        page.select("nowhere", (1, 1))  # type: ignore[arg-type]


def test_the_library_refuses_bad_enums_itself(layout_doc: pdftools.Document) -> None:
    """The C calls check enum values too (the binding checks them before calling)."""
    handle = layout_doc._require_handle()
    point = CPoint(100.0, 640.0)
    out_selection = CSelection()
    assert lib.pdftools_document_select(handle, 0, point, 0, point, 7, 0, ctypes.byref(out_selection)) == Status.INVALID_ARGUMENT
    assert lib.pdftools_document_select(handle, 0, point, 0, point, 0, 9, ctypes.byref(out_selection)) == Status.INVALID_ARGUMENT
    out_range = CTextRange()
    assert (
        lib.pdftools_page_hit_test(handle, 0, 5, point, 0.0, 0, 0, ctypes.byref(out_range)) == Status.INVALID_ARGUMENT
    )
    out_points = (CPoint * 1)(point)
    assert lib.pdftools_page_convert_points(handle, 0, 0, 2, out_points, 1, out_points) == Status.INVALID_ARGUMENT
    out_rect = CRect()
    assert (
        lib.pdftools_page_convert_rect(handle, 0, -1, 0, CRect(0, 0, 1, 1), ctypes.byref(out_rect))
        == Status.INVALID_ARGUMENT
    )
    # NULL arrays with a count, NULL out-pointers.
    assert lib.pdftools_page_convert_points(handle, 0, 0, 1, None, 1, None) == Status.INVALID_ARGUMENT
    assert lib.pdftools_document_select(handle, 0, point, 0, point, 0, 0, None) == Status.INVALID_ARGUMENT
    count = ctypes.c_int32()
    assert lib.pdftools_selection_get_rects(handle, None, 0, 0, None, 0, ctypes.byref(count)) == Status.INVALID_ARGUMENT
    assert lib.pdftools_document_search(handle, None, None, None, 0, ctypes.byref(count)) == Status.INVALID_ARGUMENT
    bad_version = CSearchOptions(0, 0, 0, -1)
    assert (
        lib.pdftools_document_search(handle, b"hello", ctypes.byref(bad_version), None, 0, ctypes.byref(count))
        == Status.INVALID_ARGUMENT
    )
    # A too small caller buffer: BUFFER_TOO_SMALL with the count needed, nothing copied.
    from pdftools._library import CCharInfo

    size = ctypes.sizeof(CCharInfo)
    assert lib.pdftools_page_get_chars(handle, 0, size, None, 0, ctypes.byref(count)) == Status.OK
    total = count.value
    assert total == len(K.TEXT)
    assert lib.pdftools_page_get_chars(handle, 0, size, None, 0, None) == Status.INVALID_ARGUMENT
    small = (CCharInfo * 2)()
    assert lib.pdftools_page_get_chars(handle, 0, size, small, 2, ctypes.byref(count)) == Status.BUFFER_TOO_SMALL
    assert count.value == total and small[0].codepoint == 0
    # An element size below the struct's first version is refused.
    assert lib.pdftools_page_get_chars(handle, 0, size - 8, None, 0, ctypes.byref(count)) == Status.INVALID_ARGUMENT


@pytest.mark.parametrize(
    "a, b",
    [
        ((-1e6, -1e6), (1e6, 1e6)),
        ((1e6, 1e6), (-1e6, -1e6)),
        ((-1e300, 640.0), (1e300, 640.0)),
        ((-5000.0, 5000.0), (-4000.0, 5000.0)),
        ((0.0, 0.0), (0.0, 0.0)),
    ],
)
def test_points_far_off_the_page(layout_doc: pdftools.Document, a, b) -> None:
    """Far-off points select from the nearest characters (or nothing); never a crash."""
    for index in (0, 1, 4):
        page = layout_doc.pages[index]
        for space in (Space.PAGE, Space.DISPLAY):
            for granularity in ("char", "word", "line"):
                selection = page.select(a, b, granularity, space=space)
                assert selection.start_page == selection.end_page == index
                assert 0 <= selection.start_char <= selection.end_char <= len(K.TEXT)
                assert selection.text == K.TEXT[selection.start_char : selection.end_char]
                selection.rects(space=space)
                selection.quads(space=space)
            page.char_at(a, space=space, nearest=True)
            page.char_at(a, space=space)


def test_pages_without_text(tmp_path) -> None:
    with pdftools.new() as doc:
        page = doc.insert_blank_page()
        doc.insert_blank_page()
        assert page.text == ""
        assert page.chars == []
        assert page.char_count == 0
        assert page.words == [] and page.lines == []
        assert page.char_at((100, 100)) is None
        assert page.char_at((100, 100), nearest=True, tolerance=50) is None
        selection = page.select((0, 0), (612, 792))
        assert selection.is_empty and selection.text == ""
        assert selection.rects() == [] and selection.quads() == []
        everything = page.select_all()
        assert everything.is_empty and everything.text == ""
        assert page.search("a") == []
        assert doc.search("a") == []
        assert doc.search_next("a") is None
        assert doc.search_next("a", forward=False) is None
        two = doc.select(0, (10, 10), 1, (500, 500), "line")
        assert two.text in ("", "\n")  # empty pages joined by '\n', or nothing
        assert two.rects_by_page() == {0: [], 1: []}


def test_page_index_out_of_range(layout_doc: pdftools.Document) -> None:
    count = layout_doc.page_count
    for bad in (count, count + 10, -1, 2**31 - 1):
        with pytest.raises(IndexError):
            layout_doc.select(bad, (0, 0), 0, (1, 1))
        with pytest.raises(IndexError):
            layout_doc.select(0, (0, 0), bad, (1, 1))
        with pytest.raises(IndexError):
            Selection(layout_doc, bad, 0, bad, 1).text
        with pytest.raises(IndexError):
            Selection(layout_doc, 0, 0, 0, 1).rects(bad)
        with pytest.raises(IndexError):
            layout_doc.search("hello", first_page=bad)
        page = pdftools.Page(layout_doc, bad)
        with pytest.raises(IndexError):
            page.text
        with pytest.raises(IndexError):
            page.chars
        with pytest.raises(IndexError):
            page.words
        with pytest.raises(IndexError):
            page.char_at((100, 640))
        with pytest.raises(IndexError):
            page.to_display((1, 2))
    with pytest.raises(IndexError):
        layout_doc.search("hello", first_page=3, last_page=count)
    with pytest.raises(IndexError):
        layout_doc.pages[count]
    with pytest.raises(pdftools.RangeError):
        layout_doc.select(2**31, (0, 0), 0, (0, 0))


def test_malformed_selections(layout_doc: pdftools.Document) -> None:
    """Negative positions and an end before the start are refused, not followed."""
    for selection in (
        Selection(layout_doc, 0, -1, 0, 3),
        Selection(layout_doc, 0, 5, 0, 2),
        Selection(layout_doc, 2, 0, 1, 3),
    ):
        with pytest.raises((pdftools.ArgumentError, IndexError)):
            selection.text
        with pytest.raises((pdftools.ArgumentError, IndexError)):
            selection.rects(selection.start_page)
        with pytest.raises((pdftools.ArgumentError, IndexError)):
            selection.quads(selection.start_page)


def test_character_positions_past_the_text(layout_doc: pdftools.Document) -> None:
    """An end past the page's text: the header does not say; the library either refuses it or
    clamps it to the text's end (it clamps today).  Either way no garbage comes back."""
    for end in (len(K.TEXT) + 1, 10**6, 2**31 - 1):
        selection = Selection(layout_doc, 0, 0, 0, end)
        try:
            text = selection.text
        except (pdftools.ArgumentError, IndexError):
            continue
        assert text == K.TEXT
        assert len(selection.rects()) == len(K.LINES)


def test_empty_or_bad_queries(layout_doc: pdftools.Document) -> None:
    with pytest.raises(pdftools.ArgumentError):
        layout_doc.search("")
    with pytest.raises(pdftools.ArgumentError):
        layout_doc.search_next("")
    with pytest.raises(pdftools.ArgumentError):
        layout_doc.pages[0].search("")
    with pytest.raises(pdftools.ArgumentError):
        layout_doc.search("a\0b")
    with pytest.raises(TypeError):
        layout_doc.search(b"hello")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        layout_doc.search_next("hello", (0, 0, 0, 1))  # type: ignore[arg-type]
    # A query of white space only: refused or finds the separators, never a crash.
    try:
        layout_doc.search(" ")
    except pdftools.ArgumentError:
        pass
    with pdftools.new() as other:
        with pytest.raises(pdftools.ArgumentError):
            layout_doc.search_next("hello", Selection(other, 0, 0, 0, 0))


def test_closed_document(layout_pdf) -> None:
    doc = pdftools.open(layout_pdf)
    page = doc.pages[0]
    selection = page.select(K.center(0, 0), K.center(0, 4))
    match = doc.search("hello")[0]
    doc.close()
    calls = [
        lambda: page.text,
        lambda: page.chars,
        lambda: page.char_count,
        lambda: page.words,
        lambda: page.lines,
        lambda: page.char_at((100, 640)),
        lambda: page.select((0, 0), (1, 1)),
        lambda: page.select_all(),
        lambda: page.search("hello"),
        lambda: page.to_display((0, 0)),
        lambda: page.to_page(pdftools.Rect(0, 0, 1, 1)),
        lambda: doc.select(0, (0, 0), 0, (1, 1)),
        lambda: doc.search("hello"),
        lambda: doc.search_next("hello"),
        lambda: selection.text,
        lambda: selection.rects(),
        lambda: selection.quads(),
        lambda: selection.rects_by_page(),
        lambda: match.rects,
    ]
    for function in calls:
        with pytest.raises(pdftools.ClosedDocumentError):
            function()
    # Plain values stay readable.
    assert selection.start == (0, 0) and selection.end == (0, 5) and not selection.is_empty
    assert match.page_index == 0

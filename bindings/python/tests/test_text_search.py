# SPDX-License-Identifier: GPL-3.0-or-later
"""Search and find-next on the generated known-layout document (knownlayout.py).

Each of the 5 pages has the same text:

    Hello World / quick brown fox / my résumé is an exam- / ple of text hello / World ends here
"""

from __future__ import annotations

from typing import List, Sequence, Tuple

import pytest

import knownlayout as K
import pdftools
from pdftools import Match, Rect, Selection

PAGES = len(K.ROTATIONS)
TOL = 0.5


def _check_rects(rects: Sequence[Rect], expected: Sequence[Tuple[int, float, float]]) -> None:
    assert len(rects) == len(expected), rects
    for rect, (line, x0, x1) in zip(rects, expected):
        baseline = K.BASELINES[line]
        assert rect.x0 == pytest.approx(x0, abs=TOL), (rect, line)
        assert rect.x1 == pytest.approx(x1, abs=TOL), (rect, line)
        assert rect.y0 <= baseline <= rect.y1, (rect, line)


def _per_page(matches: List[Match], count: int) -> None:
    assert [m.page_index for m in matches] == [p for p in range(PAGES) for _ in range(count)]
    for match in matches:
        assert isinstance(match, Match) and isinstance(match, Selection)
        assert match.start_page == match.end_page == match.page_index


def test_search_is_case_insensitive_by_default(layout_doc: pdftools.Document) -> None:
    matches = layout_doc.search("hello")
    _per_page(matches, 2)
    first, second = matches[0], matches[1]
    assert first.text == "Hello" and second.text == "hello"
    assert first.start_char == K.index(0, 0) and first.end_char == K.index(0, 5)
    _check_rects(first.rects, [(0, *K.extent(0, 0, 5))])
    start, end = K.find(3, "hello")
    _check_rects(second.rects, [(3, *K.extent(3, start, end))])
    assert first.rects == first.rects_by_page()[0] == Selection.rects(first)
    assert layout_doc.search("HELLO") == matches


def test_search_case_sensitive(layout_doc: pdftools.Document) -> None:
    matches = layout_doc.search("Hello", case_sensitive=True)
    _per_page(matches, 1)
    assert all(m.text == "Hello" for m in matches)
    assert layout_doc.search("HELLO", case_sensitive=True) == []


def test_search_finds_every_occurrence_on_every_page(layout_doc: pdftools.Document) -> None:
    for word in ("World", "e", "o", "is", "ple"):
        expected = K.TEXT.lower().count(word.lower())
        matches = layout_doc.search(word)
        _per_page(matches, expected)
        for match in matches:
            assert match.text.lower() == word.lower()
            assert match.text == layout_doc.pages[match.page_index].text[match.start_char : match.end_char]


def test_search_across_a_line_break(layout_doc: pdftools.Document) -> None:
    """White space in the query matches any white space run, the line break of "hello\\nWorld" too."""
    matches = layout_doc.search("hello world")
    _per_page(matches, 2)
    same_line, across = matches[0], matches[1]
    assert same_line.text == "Hello World"
    _check_rects(same_line.rects, [(0, *K.extent(0, 0, 11))])
    assert across.text == "hello\nWorld"
    start, end = K.find(3, "hello")
    _check_rects(across.rects, [(3, *K.extent(3, start, end)), (4, *K.extent(4, 0, 5))])
    assert len(layout_doc.search("hello   world")) == len(matches)


def test_search_whole_words(layout_doc: pdftools.Document) -> None:
    _per_page(layout_doc.search("row"), 1)  # in "brown"
    assert layout_doc.search("row", whole_words=True) == []
    matches = layout_doc.search("fox", whole_words=True)
    _per_page(matches, 1)
    start, end = K.find(1, "fox")
    _check_rects(matches[0].rects, [(1, *K.extent(1, start, end))])
    _per_page(layout_doc.search("hello", whole_words=True), 2)


def test_search_ignoring_diacritics(layout_doc: pdftools.Document) -> None:
    assert layout_doc.search("resume") == []
    matches = layout_doc.search("resume", ignore_diacritics=True)
    _per_page(matches, 1)
    assert matches[0].text == "r\xe9sum\xe9"
    start, end = K.find(2, "r\xe9sum\xe9")
    _check_rects(matches[0].rects, [(2, *K.extent(2, start, end))])
    _per_page(layout_doc.search("r\xe9sum\xe9"), 1)
    _per_page(layout_doc.search("R\xc9SUM\xc9"), 1)  # case folding of non-ASCII letters


def test_search_joining_hyphens(layout_doc: pdftools.Document) -> None:
    assert layout_doc.search("example") == []
    matches = layout_doc.search("example", join_hyphens=True)
    _per_page(matches, 1)
    match = matches[0]
    start, _ = K.find(2, "exam-")
    assert match.start_char == K.index(2, start)
    assert match.text.replace("-\n", "") == "example"
    rects = match.rects
    assert len(rects) == 2
    # The first rect starts at "exam" and ends after "exam" or its hyphen.
    assert rects[0].x0 == pytest.approx(K.glyph(2, start).x0, abs=TOL)
    assert K.glyph(2, start + 3).x1 - TOL <= rects[0].x1 <= K.glyph(2, start + 4).x1 + TOL
    _check_rects(rects[1:], [(3, *K.extent(3, 0, 3))])


def test_search_page_range_and_page_search(layout_doc: pdftools.Document) -> None:
    matches = layout_doc.search("hello", first_page=1, last_page=2)
    assert [m.page_index for m in matches] == [1, 1, 2, 2]
    assert layout_doc.search("hello", first_page=3) == layout_doc.search("hello")[6:]
    on_page = layout_doc.pages[2].search("hello")
    assert on_page == matches[2:]
    assert layout_doc.pages[4].search("example", join_hyphens=True)[0].page_index == 4


def test_search_next_steps_forward_and_backward(layout_doc: pdftools.Document) -> None:
    everything = layout_doc.search("hello")
    assert len(everything) == 2 * PAGES
    stepped: List[Match] = []
    current = layout_doc.search_next("hello")
    while current is not None:
        stepped.append(current)
        assert len(stepped) <= len(everything), "search_next does not stop"
        current = layout_doc.search_next("hello", current)
    assert stepped == everything
    backwards: List[Match] = []
    current = layout_doc.search_next("hello", forward=False)
    while current is not None:
        backwards.append(current)
        assert len(backwards) <= len(everything), "search_next does not stop"
        current = layout_doc.search_next("hello", current, forward=False)
    assert backwards == everything[::-1]
    # From any match: the neighbours; past the ends: None (no wrap-around).
    assert layout_doc.search_next("hello", everything[3]) == everything[4]
    assert layout_doc.search_next("hello", everything[3], False) == everything[2]
    assert layout_doc.search_next("hello", everything[-1]) is None
    assert layout_doc.search_next("hello", everything[0], forward=False) is None


def test_search_next_with_options_and_from_a_selection(layout_doc: pdftools.Document) -> None:
    first = layout_doc.search_next("Hello", case_sensitive=True)
    assert first is not None and first.text == "Hello" and first.page_index == 0
    second = layout_doc.search_next("Hello", first, case_sensitive=True)
    assert second is not None and second.text == "Hello" and second.page_index == 1
    lower = layout_doc.search_next("hello", case_sensitive=True)
    assert lower is not None and lower.text == "hello" and lower.page_index == 0
    # From a plain selection: the next occurrence after it.
    middle = layout_doc.pages[2].select(K.center(1, 0), K.center(1, 2))  # "qui" on page 2
    after = layout_doc.search_next("hello", middle)
    assert after is not None and after.page_index == 2 and after.start_char == K.index(3, K.find(3, "hello")[0])
    before = layout_doc.search_next("hello", middle, forward=False)
    assert before is not None and before.page_index == 2 and before.start_char == 0
    found = layout_doc.search_next("example", join_hyphens=True, first_page=3)
    assert found is not None and found.page_index == 3
    assert layout_doc.search_next("nowhere to be found") is None


def test_text_calls_from_many_threads(layout_doc: pdftools.Document) -> None:
    """Calls on one document from several threads are serialized by the library and agree."""
    import threading

    expected = [(m.start, m.end) for m in layout_doc.search("hello")]
    failures: List[BaseException] = []

    def work(page_index: int) -> None:
        try:
            for _ in range(20):
                page = layout_doc.pages[page_index]
                assert page.text == layout_doc.pages[page_index].text
                assert [(m.start, m.end) for m in layout_doc.search("hello")] == expected
                selection = page.select(K.center(0, 0), K.center(1, 4))
                assert selection.text == page.text[selection.start_char : selection.end_char]
                assert len(selection.rects()) == 2
        except BaseException as exc:  # noqa: BLE001 - reported below
            failures.append(exc)

    threads = [threading.Thread(target=work, args=(i % PAGES,)) for i in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not failures, failures[0]


def test_matches_are_a_sequence_made_on_demand(layout_doc: pdftools.Document) -> None:
    matches = layout_doc.search("hello")
    assert isinstance(matches, pdftools.Matches)
    assert len(matches) == 2 * PAGES
    items = list(matches)
    assert [m.page_index for m in items] == [p for p in range(PAGES) for _ in range(2)]
    assert matches[-1].page_index == PAGES - 1 and matches[-1].text == "hello"
    assert matches[-1] == items[-1] and matches[-2] == items[-2]
    assert matches[1:4] == items[1:4] and isinstance(matches[1:4], list)
    assert matches[::-1] == items[::-1]
    with pytest.raises(IndexError):
        matches[2 * PAGES]
    with pytest.raises(IndexError):
        matches[-2 * PAGES - 1]
    with pytest.raises(TypeError):
        matches["0"]  # type: ignore[index]
    assert matches == items and matches == tuple(items) and matches != items[:-1]
    assert matches != "hello" and matches != 3
    assert layout_doc.search("no such words") == [] and not layout_doc.search("no such words")
    assert layout_doc.pages[0].search("hello") == items[:2]
    assert items[0] in matches and matches.index(items[1]) == 1 and matches.count(items[0]) == 1
    assert repr(matches).startswith(f"<Matches: {len(matches)} in")
    with pytest.raises(TypeError):
        hash(matches)

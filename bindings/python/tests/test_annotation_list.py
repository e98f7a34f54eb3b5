# SPDX-License-Identifier: GPL-3.0-or-later
"""The side panel's annotation list through the Python binding: a review made with PyMuPDF
(authors, dates, replies) listed as threads, filtered, ordered and grouped by page; the list
follows moved pages."""

from __future__ import annotations

from typing import List

import pymupdf
import pytest

import pdftools


def reviewed() -> bytes:
    """Two pages: page 0 a square by Ann (March) with a reply by Bob (May), a note by Carl
    (January); page 1 a highlight by Bob (February)."""
    document = pymupdf.open()
    for _ in range(2):
        page = document.new_page(width=300, height=400)
        page.insert_text((50, 100), "Reviewed text line", fontsize=12)
    first, second = document[0], document[1]
    square = first.add_rect_annot(pymupdf.Rect(20, 20, 80, 80))
    square.set_info(title="Ann", content="Check the figure", modDate="D:20260301000000")
    square.update()
    note = first.add_text_annot((150, 150), "Typo here")
    note.set_info(title="Carl", modDate="D:20260101000000")
    note.update()
    quads = second.search_for("Reviewed")
    highlight = second.add_highlight_annot(quads)
    highlight.set_info(title="Bob", content="Important", modDate="D:20260201000000")
    highlight.update()
    data = document.tobytes()
    document.close()
    return data


def names(rows: List[pdftools.ListedAnnotation]) -> List[str]:
    return [f"{'  ' * row.depth}{row.annotation.subtype}@{row.page_index}/{row.reply_count}" for row in rows]


@pytest.fixture
def doc() -> pdftools.Document:
    document = pdftools.open(reviewed())
    square = next(a for a in document.pages[0].annotations if a.subtype == "Square")
    reply = document.pages[0].add_annotation("Text", (100, 100, 120, 120), contents="Done, see page 2", author="Bob")
    reply.update(reply_to=square)
    return document


def test_threads_nest_in_page_order(doc: pdftools.Document) -> None:
    assert names(doc.annotation_list()) == ["Square@0/1", "  Text@0/0", "Text@0/0", "Highlight@1/0"]
    rows = doc.annotation_list()
    assert rows[1].annotation.contents == "Done, see page 2"


def test_filters_and_orders(doc: pdftools.Document) -> None:
    assert names(doc.annotation_list(authors=["Bob"])) == ["Highlight@1/0"], "threads are picked by their first annotation"
    assert names(doc.annotation_list(text="see PAGE")) == ["Square@0/1", "  Text@0/0"], "text anywhere in the thread"
    assert names(doc.annotation_list(subtypes=["Highlight"])) == ["Highlight@1/0"]
    assert names(doc.annotation_list(first_page=1)) == ["Highlight@1/0"]
    across = doc.annotation_list(order="date", by_page=False, until="2026-02-15")
    assert [row.annotation.author for row in across] == ["Carl", "Bob"]
    newest = doc.annotation_list(order="date", descending=True, by_page=False)
    assert [row.annotation.author for row in newest if row.depth == 0] == ["Ann", "Bob", "Carl"]
    with pytest.raises(pdftools.ArgumentError):
        doc.annotation_list(order="colour")
    with pytest.raises(pdftools.ArgumentError):
        doc.annotation_list(since="not a date")
    with pytest.raises(pdftools.RangeError):
        doc.annotation_list(first_page=5)


def test_the_list_follows_moved_pages(doc: pdftools.Document) -> None:
    doc.pages.move(1, 0)
    assert names(doc.annotation_list()) == ["Highlight@0/0", "Square@1/1", "  Text@1/0", "Text@1/0"]
    doc.undo()
    assert names(doc.annotation_list())[0] == "Square@0/1"

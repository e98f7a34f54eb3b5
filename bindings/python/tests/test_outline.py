# SPDX-License-Identifier: GPL-3.0-or-later
"""The document outline through the Python binding: other programs' outlines read as PDFium,
MuPDF and poppler read them; an outline built and edited here read back by the three engines
(and qpdf --check); undo and redo; permissions and bad input."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import List, Optional, Tuple

import pymupdf
import pypdfium2 as pdfium
import pytest

import corpus
import pdftools
from pdftools import Destination, Fit

Entry = Tuple[int, str, Optional[int]]  # depth, title, page index

OUTLINED = [
    "pdf20-utf8-test.pdf",
    "pdfbox-acroform-9-revisions.pdf",
    "pdfbox-acroforms-basic-fields.pdf",
    "qpdf-hybrid-xref.pdf",
    "qpdf-linearized-objstm.pdf",
    "qpdf-object-streams.pdf",
    "samplefiles-geotopo-117-pages.pdf",
]

POPPLER_SCRIPT = r"""
import gi, json, sys
gi.require_version("Poppler", "0.18")
from gi.repository import Poppler
document = Poppler.Document.new_from_file("file://" + sys.argv[1], None)
out = []
def walk(it, depth):
    while True:
        action = it.get_action()
        page = None
        if action.type == Poppler.ActionType.GOTO_DEST:
            dest = action.goto_dest.dest
            if dest.type == Poppler.DestType.NAMED:
                dest = document.find_dest(dest.named_dest)
            page = dest.page_num - 1 if dest else None
        out.append([depth, action.any.title, page])
        child = it.get_child()
        if child:
            walk(child, depth + 1)
        if not it.next():
            break
root = Poppler.IndexIter.new(document)
if root:
    walk(root, 0)
print(json.dumps(out))
"""


def spaced(title: str) -> str:
    """The title with control characters as spaces, as PDFium gives titles."""
    return "".join(" " if ord(char) < 0x20 else char for char in title)


def ours(doc: pdftools.Document) -> List[Entry]:
    result: List[Entry] = []
    for item, depth in doc.outline.walk():
        destination = item.destination
        result.append((depth, item.title, destination.page_index if destination else None))
    return result


def mupdf(path: Path) -> List[Entry]:
    document = pymupdf.open(path)
    try:
        return [(level - 1, title, page - 1 if page > 0 else None) for level, title, page, *_ in document.get_toc(simple=False)]
    finally:
        document.close()


def pdfium_outline(path: Path) -> List[Entry]:
    document = pdfium.PdfDocument(str(path))
    try:
        entries = []
        for bookmark in document.get_toc():
            dest = bookmark.get_dest()
            index = dest.get_index() if dest is not None else None
            entries.append((bookmark.level, bookmark.get_title(), index))
        return entries
    finally:
        document.close()


def poppler(path: Path) -> List[Entry]:
    python = shutil.which("python3", path="/usr/bin")
    assert python, "Debian's /usr/bin/python3 (with python3-gi and gir1.2-poppler-0.18) is needed"
    done = subprocess.run([python, "-c", POPPLER_SCRIPT, str(path)], capture_output=True, text=True, check=True)
    return [tuple(entry) for entry in json.loads(done.stdout)]  # type: ignore[misc]


@pytest.mark.parametrize("name", OUTLINED)
def test_other_programs_outlines_read_as_the_engines_read_them(name: str):
    path = corpus.path(name)
    with pdftools.open(path) as doc:
        read = ours(doc)
    assert read, "the file has an outline"
    assert read == mupdf(path)
    # PDFium shows control characters of a title as spaces ("🌈️\n" is "🌈️ ").
    assert [(depth, spaced(title), page) for depth, title, page in read] == pdfium_outline(path)
    if name == "pdf20-utf8-test.pdf":
        # poppler 22.12 reads PDF 2.0's UTF-8 strings as PDFDocEncoding (its titles start with
        # "ï»¿"), so only depths and pages are compared with it for this file.
        assert [(depth, page) for depth, _, page in read] == [(depth, page) for depth, _, page in poppler(path)]
    else:
        assert read == poppler(path)


def build(tmp_path: Path) -> Path:
    with pdftools.new() as doc:
        for _ in range(4):
            doc.insert_blank_page()
        part1 = doc.outline.add("Part 1 – Überblick", 0)
        part1.add("Section 1.1", Destination.at(1, top=500))
        intro = part1.add("Intro", 3, index=0)
        part2 = doc.outline.add("Part 2", Destination(2, Fit.H, top=700))
        part2.add("Section 2.1 (Ω)", Destination(3, Fit.R, left=10, bottom=20, right=300, top=400))
        part1.is_open = True
        intro.move(part2, index=1)
        doc.outline.bookmark("Bookmark", 1, top=300)
        target = tmp_path / "outline.pdf"
        doc.save(target)
    return target


EXPECTED: List[Entry] = [
    (0, "Part 1 – Überblick", 0),
    (1, "Section 1.1", 1),
    (0, "Part 2", 2),
    (1, "Section 2.1 (Ω)", 3),
    (1, "Intro", 3),
    (0, "Bookmark", 1),
]


def test_an_outline_built_here_is_read_by_every_engine(tmp_path: Path):
    path = build(tmp_path)
    with pdftools.open(path) as doc:
        assert ours(doc) == EXPECTED
        items = [item for item, _ in doc.outline.walk()]
        assert items[0].is_open and not items[2].is_open
        assert items[3].destination == Destination(3, Fit.R, left=10, bottom=20, right=300, top=400)
    assert mupdf(path) == EXPECTED
    assert pdfium_outline(path) == EXPECTED
    assert poppler(path) == EXPECTED
    # PDFium's counts: an open item counts its shown descendants, a closed one is negative.
    document = pdfium.PdfDocument(str(path))
    counts = [bookmark.get_count() for bookmark in document.get_toc()]
    document.close()
    assert counts == [1, 0, -2, 0, 0, 0]
    check = subprocess.run(["qpdf", "--check", str(path)], capture_output=True, text=True)
    assert check.returncode == 0, check.stdout + check.stderr


def test_editing_another_programs_outline_saved_incrementally(tmp_path: Path, corpus_copy):
    path = corpus_copy("samplefiles-geotopo-117-pages.pdf")
    with pdftools.open(path) as doc:
        chapters = list(doc.outline)
        first, second = chapters[0], chapters[1]
        second.move(None, index=0)
        first.title = "Kapitel 1"
        first.set_style(color=(0, 0, 1), bold=True)
        sections = len(first.children)
        first.children[0].remove()
        doc.save(path, incremental=True)
    read = mupdf(path)
    assert read[0][1] == second_title(path)
    with pdftools.open(path) as doc:
        moved = list(doc.outline)
        assert [item.title for item in moved][:2] == [read[0][1], "Kapitel 1"]
        assert len(moved[1].children) == sections - 1
        assert moved[1].color == (0, 0, 1) and moved[1].bold and not moved[1].italic
    assert read == pdfium_outline(path) == poppler(path)


def second_title(path: Path) -> str:
    with pdftools.open(path) as doc:
        return list(doc.outline)[0].title


def test_undo_and_redo_restore_the_outline():
    with pdftools.open(corpus.path("qpdf-object-streams.pdf")) as doc:
        before = ours(doc)
        top = list(doc.outline)
        top[0].remove()
        top[1].title = "Renamed"
        added = doc.outline.add("New", 2, index=0)
        after = ours(doc)
        for _ in range(3):
            doc.undo()
        assert ours(doc) == before
        for _ in range(3):
            doc.redo()
        assert ours(doc) == after
        assert added.title == "New", "ids survive undo and redo"


def test_bad_input_is_refused(tmp_path: Path):
    with pdftools.new() as doc:
        doc.insert_blank_page()
        a = doc.outline.add("A", 0)
        child = a.add("child")
        with pytest.raises(pdftools.ArgumentError):
            a.move(child)
        with pytest.raises(pdftools.RangeError):
            doc.outline.add("x", 1)
        with pytest.raises(pdftools.RangeError):
            doc.outline.add("x", index=5)
        with pytest.raises(TypeError):
            doc.outline.add("x", "page one")  # type: ignore[arg-type]
        with pytest.raises(pdftools.ArgumentError):
            a.destination = Destination(0, Fit.R, left=1)
        with pytest.raises(pdftools.ArgumentError):
            doc.outline.add("x", Destination(0, "sideways"))  # type: ignore[arg-type]
        a.remove()
        with pytest.raises(pdftools.NotFoundError):
            child.title
        assert ours(doc) == []
        assert doc.outline.bookmarks_of(0) == []


def test_a_document_that_forbids_assembly_refuses_outline_changes(tmp_path: Path):
    source = build(tmp_path)
    locked = tmp_path / "locked.pdf"
    subprocess.run(
        ["qpdf", "--encrypt", "", "owner", "256", "--assemble=n", "--", str(source), str(locked)], check=True
    )
    with pdftools.open(locked) as doc:
        assert ours(doc) == EXPECTED, "reading is allowed"
        first = next(iter(doc.outline))
        with pytest.raises(pdftools.NotPermittedError):
            first.title = "no"
        with pytest.raises(pdftools.NotPermittedError):
            doc.outline.add("no", 0)
        assert ours(doc) == EXPECTED

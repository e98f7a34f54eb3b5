# SPDX-License-Identifier: GPL-3.0-or-later
"""Page editing through the Python binding: random sequences of deletes, moves, duplicates,
rotations and imports checked against a model, then read back by PDFium, MuPDF and poppler
(text of each page, in order) and qpdf --check; undo all and redo all; Page objects that
follow their pages; extraction and imports with links; bad input."""

from __future__ import annotations

import json
import random
import shutil
import subprocess
from pathlib import Path
from typing import List

import pymupdf
import pypdfium2 as pdfium
import pytest

import pdftools

POPPLER_TEXT = r"""
import gi, json, sys
gi.require_version("Poppler", "0.18")
from gi.repository import Poppler
document = Poppler.Document.new_from_file("file://" + sys.argv[1], None)
print(json.dumps([document.get_page(i).get_text() for i in range(document.get_n_pages())]))
"""


def made_with_mupdf(names: List[str], links: bool = False) -> bytes:
    """A document whose page i shows names[i]; with ``links``, page i links to page i + 1."""
    document = pymupdf.open()
    for name in names:
        page = document.new_page(width=300, height=400)
        page.insert_text((50, 100), name, fontsize=20)
    if links:
        for index in range(len(names) - 1):
            document[index].insert_link(
                {"kind": pymupdf.LINK_GOTO, "page": index + 1, "from": pymupdf.Rect(40, 200, 140, 230)}
            )
    data = document.tobytes()
    document.close()
    return data


def words(text: str) -> str:
    return " ".join(text.split())


def texts_ours(doc: pdftools.Document) -> List[str]:
    return [words(page.text) for page in doc.pages]


def texts_mupdf(path: Path) -> List[str]:
    with pymupdf.open(path) as document:
        return [words(page.get_text()) for page in document]


def texts_pdfium(path: Path) -> List[str]:
    document = pdfium.PdfDocument(str(path))
    try:
        return [words(document[i].get_textpage().get_text_range()) for i in range(len(document))]
    finally:
        document.close()


def texts_poppler(path: Path) -> List[str]:
    python = shutil.which("python3", path="/usr/bin")
    assert python, "Debian's /usr/bin/python3 (with python3-gi and gir1.2-poppler-0.18) is needed"
    done = subprocess.run([python, "-c", POPPLER_TEXT, str(path)], capture_output=True, text=True, check=True)
    return [words(text) for text in json.loads(done.stdout)]


def qpdf_check(path: Path) -> None:
    done = subprocess.run(["qpdf", "--check", str(path)], capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr


def engines_agree(path: Path, expected: List[str]) -> None:
    qpdf_check(path)
    assert texts_mupdf(path) == expected
    assert texts_pdfium(path) == expected
    assert texts_poppler(path) == expected


@pytest.mark.parametrize("seed", [7, 11])
def test_random_page_operations_match_the_model_in_every_engine(tmp_path: Path, seed: int):
    rng = random.Random(seed)
    names = [f"Page{i}" for i in range(8)]
    other = pdftools.open(made_with_mupdf(["OtherA", "OtherB"]))
    doc = pdftools.open(made_with_mupdf(names))
    model = list(names)
    original = texts_ours(doc)
    steps = 0
    for _ in range(14):
        count = len(model)
        kind = rng.randrange(5)
        if kind == 0 and count > 2:
            start = rng.randrange(count - 1)
            end = rng.randrange(start + 1, min(count, start + 3))
            del doc.pages[start:end]
            del model[start:end]
        elif kind == 1:
            source, target = rng.randrange(count), rng.randrange(count)
            doc.pages.move(source, target)
            if source == target:
                continue
            model.insert(target, model.pop(source))
        elif kind == 2:
            index = rng.randrange(count)
            doc.pages[index].duplicate()
            model.insert(index + 1, model[index])
        elif kind == 3:
            at = rng.randrange(count + 1)
            doc.insert_pages(other, [1, 0], at)
            model[at:at] = ["OtherB", "OtherA"]
        else:
            doc.pages[rng.randrange(count)].rotate(90)
        steps += 1
        assert texts_ours(doc) == model
    path = tmp_path / "edited.pdf"
    doc.save(path)
    engines_agree(path, model)
    # Undo all gives the original pages; redo all the final ones.
    for _ in range(steps):
        assert doc.undo()
    assert texts_ours(doc) == original
    assert not doc.can_undo
    while doc.redo():
        pass
    assert texts_ours(doc) == model
    incremental = tmp_path / "incremental.pdf"
    shutil.copy(path, incremental)
    doc.close()
    other.close()


def test_pages_follow_their_page_and_deleted_pages_say_so():
    doc = pdftools.open(made_with_mupdf(["A", "B", "C", "D"]))
    a, b, c, d = list(doc.pages)
    doc.pages.move(0, 3)
    assert [a.index, b.index, c.index, d.index] == [3, 0, 1, 2]
    assert words(a.text) == "A"
    del doc.pages[1]
    with pytest.raises(pdftools.PageDeletedError):
        c.text
    with pytest.raises(pdftools.NotFoundError):
        c.index
    assert d.index == 1 and d == doc.pages[1] and hash(d) == hash(doc.pages[1])
    doc.undo()
    assert c.index == 1 and words(c.text) == "C"
    assert len({a.id, b.id, c.id, d.id}) == 4
    held = {a, b, c, d}
    del doc.pages[c.index]
    assert c in held and held - {c} == {a, b, d}, "a deleted page keeps its place in sets"
    held.discard(c)
    doc.insert_pages(doc, [0], at=-1)
    assert [words(page.text) for page in doc.pages] == ["B", "D", "B", "A"], "at=-1 inserts before the last page"
    doc.close()


def test_insert_extract_and_links(tmp_path: Path):
    source = pdftools.open(made_with_mupdf(["S0", "S1", "S2"], links=True))
    target = pdftools.open(made_with_mupdf(["T0", "T1"]))
    target.insert_pages(source, [0, 1], at=1)
    assert texts_ours(target) == ["T0", "S0", "S1", "T1"]
    links = [a for a in target.pages[1].annotations if a.subtype == "Link"]
    assert len(links) == 1, "the link to S1 comes along"
    assert [a for a in target.pages[2].annotations if a.subtype == "Link"] == [], "the link to S2 is dropped"
    path = tmp_path / "merged.pdf"
    target.save(path)
    engines_agree(path, ["T0", "S0", "S1", "T1"])
    with pymupdf.open(path) as check:
        assert [link["page"] for link in check[1].get_links()] == [2]
    extracted = source.extract([2, 1])
    assert texts_ours(extracted) == ["S2", "S1"]
    assert not extracted.can_undo
    out = tmp_path / "extracted.pdf"
    extracted.save(out)
    engines_agree(out, ["S2", "S1"])
    assert texts_ours(source) == ["S0", "S1", "S2"], "the source is unchanged"
    new_page = target.pages.insert(0, source.pages[2])
    assert new_page.index == 0 and words(new_page.text) == "S2"
    blank = target.pages.insert(len(target.pages), width=100, height=200)
    assert blank.size == (100, 200)
    for doc in (source, target, extracted):
        doc.close()


def test_boxes_and_refusals():
    doc = pdftools.open(made_with_mupdf(["A", "B"]))
    page = doc.pages[0]
    page.set_box(pdftools.Box.CROP, (250, 350, 50, 50))
    assert page.crop_box == pdftools.Rect(50, 50, 250, 350)
    assert page.size == (200, 300)
    page.set_box(pdftools.Box.CROP, None)
    assert page.crop_box == page.media_box
    with pytest.raises(pdftools.ArgumentError):
        page.set_box(pdftools.Box.MEDIA, None)
    with pytest.raises(pdftools.ArgumentError):
        del doc.pages[0:2]
    with pytest.raises(pdftools.RangeError):
        doc.pages.move(0, 5)
    with pytest.raises(pdftools.RangeError):
        doc.extract([4])
    with pytest.raises(pdftools.ArgumentError):
        doc.extract([])
    with pytest.raises(TypeError):
        doc.insert_pages("not a document")  # type: ignore[arg-type]
    assert texts_ours(doc) == ["A", "B"]
    doc.close()

# SPDX-License-Identifier: GPL-3.0-or-later
"""Annotations: listing (against manifest.json), ids, typed and raw entries, deletion, errors."""

from __future__ import annotations

import subprocess
from collections import Counter
from pathlib import Path
from typing import List

import pytest

import corpus
import pdftools
from pdftools import Annotation, Rect

SQUARE_CIRCLE = "pdfjs-annotation-square-circle.pdf"
LINK_TEXT_POPUP = "pdfjs-annotation-link-text-popup.pdf"
SHARED = "pdfium-annots.pdf"  # two Link dictionaries are listed on both pages
MANY = "qpdf-overlay-copy-annotations-rotated.pdf"  # 16 pages, 176 annotations
PROTECTED_KEYS = ["Type", "Subtype", "P", "Parent", "Popup"]


def _open(name: str) -> pdftools.Document:
    return pdftools.open(corpus.path(name), password=corpus.open_password(name))


def _all(doc: pdftools.Document) -> List[Annotation]:
    return [annotation for page in doc.pages for annotation in page.annotations]


@pytest.mark.parametrize("name", corpus.names(expect="open"))
def test_annotations_by_subtype_match_the_manifest(name: str) -> None:
    expected = Counter(corpus.entry(name)["verified"].get("annotations") or {})
    with _open(name) as doc:
        annotations = _all(doc)
        assert Counter(a.subtype for a in annotations) == expected
        assert all(isinstance(a.id, int) and a.id != 0 for a in annotations)
        for page in doc.pages:
            listed = page.annotations
            assert len({a.id for a in listed}) == len(listed), "ids are unique on a page"
            for annotation in listed:
                # An annotation several pages list belongs to the first of them.
                first_page = min(p.index for p in doc.pages if annotation in p.annotations)
                assert annotation.page_index == first_page
                assert annotation.document is doc
        if name != SHARED:
            ids = [a.id for a in annotations]
            assert len(set(ids)) == len(ids), "ids are unique in the document"


def test_an_annotation_listed_on_two_pages_has_one_id() -> None:
    """pdfium-annots.pdf lists the same two Link dictionaries (objects 15 and 16) in the /Annots
    of both pages.  One annotation object has one id; its page is the first page listing it."""
    with _open(SHARED) as doc:
        first = doc.pages[0].annotations
        second = doc.pages[1].annotations
        assert [a.subtype for a in second] == ["Link", "Link", "Square"]
        assert [a.id for a in first[:2]] == [a.id for a in second[:2]]
        assert not {a.id for a in first[2:]} & {a.id for a in second[2:]}
        for shared in second[:2]:
            assert shared.page_index == 0
        assert [a.page_index for a in second[2:]] == [1]


def test_a_shared_annotation_taken_off_its_first_page_stays_on_the_other() -> None:
    with _open(SHARED) as doc:
        link = doc.pages[0].annotations[0]
        assert link in doc.pages[1].annotations
        link.delete()
        assert link not in doc.pages[0].annotations
        assert link.page_index == 1 and link.subtype == "Link"
        doc.undo()
        assert link.page_index == 0 and doc.pages[0].annotations[0] == link


def test_square_circle_in_z_order() -> None:
    with _open(SQUARE_CIRCLE) as doc:
        annotations = doc.pages[0].annotations
        assert [a.subtype for a in annotations] == ["Square", "Popup", "Circle", "Popup"]
        square, square_popup, circle, _ = annotations
        assert square.rect == pytest.approx((71.6709, 657.982, 274.738, 754.469))
        assert isinstance(square.rect, Rect)
        assert square.contents == "Square content"
        assert square.author == "Tim van der Meij"
        assert square.subject == "Rectangle"
        assert square.name == "4b70e900-a90c-4812-bf8c-5e2051350478"
        assert square.get_text("M") == "D:20151220232350+01'00'"
        assert circle.contents == "Circle content" and circle.subject == "Oval"
        assert square_popup.contents is None and square_popup.author is None
        assert square.get_raw("Popup") is not None and square.get_raw("Popup").endswith(" R")
        assert square_popup.get_raw("Parent").endswith(" R")
        assert square.get_raw("Subtype") == "/Square"
        assert square.get_raw("F") == "4"
        assert square.get_raw("NoSuchKey") is None
        assert square.get_text("NoSuchKey") is None
        assert square.get_text("Rect") is None, "not a text entry"
        assert square.page == doc.pages[0]


def test_text_entries_are_decoded() -> None:
    with _open("pdfcpu-annotations-no-ap.pdf") as doc:
        by_name = {a.name: a for a in doc.pages[0].annotations}
        assert by_name["ID1CJK"].contents == "\u6587\u5b57\u6ce8\u91ca"
        assert by_name["ID1CJK"].author == "\u6807\u98981"
        assert by_name["ID1"].contents == "Text Annotation" and by_name["ID1"].author == "Title1"
        assert by_name["ID1"].rect == (0.0, 0.0, 100.0, 100.0)
        assert by_name["ID1"].subject is None
    with _open("pdf20-utf8-string-and-annotation.pdf") as doc:
        (highlight,) = doc.pages[0].annotations
        assert highlight.subtype == "Highlight"
        assert highlight.contents == "\u0e44\u0e2e\u0e44\u0e25\u0e15\u0e4c\u0e02\u0e49\u0e2d\u0e04\u0e27\u0e32\u0e21"


def test_ids_are_stable_across_calls_and_lookups() -> None:
    with _open(MANY) as doc:
        first = _all(doc)
        again = _all(doc)
        assert [a.id for a in first] == [a.id for a in again]
        assert first == again
        assert len({hash(a) for a in first}) == len(first)
        for annotation in first:
            looked_up = doc.annotation(annotation.id)
            assert looked_up == annotation and looked_up.subtype == annotation.subtype
            assert doc.annotation(annotation) == annotation  # an Annotation names its own id
        assert [a.page_index for a in first] == sorted(a.page_index for a in first)


def test_ids_are_stable_across_edits_and_saves(tmp_path: Path) -> None:
    with _open(LINK_TEXT_POPUP) as doc:
        before = {a.id: a.subtype for a in doc.pages[0].annotations}
        text = next(a for a in doc.pages[0].annotations if a.subtype == "Text")
        link = next(a for a in doc.pages[0].annotations if a.subtype == "Link")
        text.set_raw("Contents", "(edited)")
        assert text.contents == "edited"
        doc.insert_blank_page(0)  # the annotated page moves to index 1
        assert text.page_index == 1 and link.page_index == 1
        assert doc.pages[0].annotations == []
        assert {a.id: a.subtype for a in doc.pages[1].annotations} == before
        doc.save(tmp_path / "saved.pdf", incremental=False)
        doc.to_bytes()
        assert {a.id: a.subtype for a in doc.pages[1].annotations} == before
        assert doc.annotation(text.id).contents == "edited"
        link.delete()
        assert {a.id: a.subtype for a in doc.pages[1].annotations} == {
            i: s for i, s in before.items() if i != link.id
        }
    with pdftools.open(tmp_path / "saved.pdf") as again:
        assert Counter(a.subtype for a in again.pages[1].annotations) == Counter(before.values())


def test_delete_removes_the_popup_and_makes_ids_stale() -> None:
    with _open(SQUARE_CIRCLE) as doc:
        square, square_popup, circle, circle_popup = doc.pages[0].annotations
        assert not doc.is_modified
        square.delete()
        assert doc.is_modified
        assert doc.pages[0].annotations == [circle, circle_popup]
        for stale in (square, square_popup):
            assert not stale.exists
            with pytest.raises(pdftools.NotFoundError):
                doc.annotation(stale.id)
            for read in (
                lambda: stale.subtype,
                lambda: stale.rect,
                lambda: stale.page_index,
                lambda: stale.contents,  # NOT_FOUND for the id, not None for a missing entry
                lambda: stale.get_raw("Subtype"),
                lambda: stale.get_text("NoSuchKey"),
                lambda: stale.set_raw("C", "[1 0 0]"),
                stale.delete,
            ):
                with pytest.raises(pdftools.NotFoundError):
                    read()
            assert "id=" in repr(stale)
        assert circle.exists and circle.contents == "Circle content"
        data = doc.to_bytes(incremental=False)
        # Ids are never reused: listing again gives the old ids of the survivors only.
        assert [a.id for a in doc.pages[0].annotations] == [circle.id, circle_popup.id]
    with pdftools.open(data) as again:
        assert [a.subtype for a in again.pages[0].annotations] == ["Circle", "Popup"]


def test_delete_a_text_annotation_with_its_popup() -> None:
    with _open(LINK_TEXT_POPUP) as doc:
        annotations = doc.pages[0].annotations
        text = next(a for a in annotations if a.subtype == "Text")
        text.delete()
        assert [a.subtype for a in doc.pages[0].annotations] == ["Link"]


@pytest.mark.parametrize("annotation_id", [0, -1, 99, 2**63 - 1, -(2**63), 2**64, -(2**70)])
def test_unknown_ids_raise_not_found(annotation_id: int) -> None:
    with _open(SQUARE_CIRCLE) as doc:
        doc.pages[0].annotations
        with pytest.raises(pdftools.NotFoundError) as info:
            doc.annotation(annotation_id)
        assert isinstance(info.value, LookupError)


def test_ids_are_given_out_by_listing() -> None:
    with _open(SQUARE_CIRCLE) as doc:
        with pytest.raises(pdftools.NotFoundError):
            doc.annotation(1)  # nothing listed yet
        ids = [a.id for a in doc.pages[0].annotations]
        assert doc.annotation(ids[0]).subtype == "Square"


@pytest.mark.parametrize("bad", ["1", 1.0, None, b"1"])
def test_ids_must_be_integers(bad: object) -> None:
    with _open(SQUARE_CIRCLE) as doc:
        with pytest.raises(TypeError):
            doc.annotation(bad)  # type: ignore[arg-type]


def test_set_raw_round_trip_and_removal() -> None:
    with _open(SQUARE_CIRCLE) as doc:
        square = doc.pages[0].annotations[0]
        square.set_raw("C", "[1 0 0]")
        assert square.get_raw("C") == "[ 1 0 0 ]"
        square.set_raw("Contents", "(Hello \\(world\\))")
        assert square.contents == "Hello (world)"
        square.set_raw("Contents", "<FEFF00E9>")
        assert square.contents == "\u00e9"
        square.set_raw("BS", "<< /W 3 /S /D /D [3 2] >>")
        assert square.get_raw("BS").replace(" ", "") == "<</D[32]/S/D/W3>>"
        square.set_raw("Contents", None)
        assert square.contents is None and square.get_raw("Contents") is None
        square.set_raw("NoSuchKey", None)  # removing an absent key is fine
        assert doc.is_modified
        data = doc.to_bytes()
    with pdftools.open(data) as again:
        square = again.pages[0].annotations[0]
        assert square.get_raw("C") == "[ 1 0 0 ]" and square.contents is None


@pytest.mark.parametrize("syntax", ["[1 2", "<< /A", "", "1 2", "12 0 R", "[1 0 R]"])
def test_set_raw_refuses_bad_syntax_and_references(syntax: str) -> None:
    with _open(SQUARE_CIRCLE) as doc:
        square = doc.pages[0].annotations[0]
        with pytest.raises(pdftools.ArgumentError):
            square.set_raw("Foo", syntax)
        assert square.get_raw("Foo") is None


@pytest.mark.parametrize("key", ["", "/Contents", "a b", "a/b", "(x)", "x\u00e9"])
def test_bad_keys_raise_argument_error(key: str) -> None:
    with _open(SQUARE_CIRCLE) as doc:
        square = doc.pages[0].annotations[0]
        for call in (
            lambda: square.get_raw(key),
            lambda: square.get_text(key),
            lambda: square.set_raw(key, "1"),
            lambda: square.set_raw(key, None),
        ):
            with pytest.raises(pdftools.ArgumentError):
                call()
        with pytest.raises(pdftools.ArgumentError):
            square.get_raw("a\0b")


@pytest.mark.parametrize("key", PROTECTED_KEYS)
def test_protected_keys_raise_not_permitted(key: str) -> None:
    with _open(SQUARE_CIRCLE) as doc:
        square = doc.pages[0].annotations[0]
        before = square.get_raw(key)
        with pytest.raises(pdftools.NotPermittedError):
            square.set_raw(key, "/Circle")
        with pytest.raises(pdftools.NotPermittedError):
            square.set_raw(key, None)
        assert square.get_raw(key) == before
        assert square.subtype == "Square"


def test_permissions_without_annotate_raise_not_permitted(tmp_path: Path) -> None:
    """A copy encrypted by qpdf with --annotate=n: reading works, changes are refused."""
    target = tmp_path / "no-annotate.pdf"
    run = subprocess.run(
        ["qpdf", "--encrypt", "user", "owner", "256", "--annotate=n", "--", str(corpus.path(SQUARE_CIRCLE)), str(target)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run.returncode in (0, 3), run.stderr
    with pdftools.open(target, password="user") as doc:
        assert not doc.permissions & pdftools.Permission.ANNOTATE
        square = doc.pages[0].annotations[0]
        assert square.contents == "Square content"
        with pytest.raises(pdftools.NotPermittedError):
            square.set_raw("C", "[1 0 0]")
        with pytest.raises(pdftools.NotPermittedError):
            square.delete()
        assert len(doc.pages[0].annotations) == 4
        assert not doc.is_modified
    with pdftools.open(target, password="owner") as doc:
        square = doc.pages[0].annotations[0]
        square.set_raw("C", "[1 0 0]")
        square.delete()
        assert len(doc.pages[0].annotations) == 2


def test_closed_document_raises() -> None:
    doc = _open(SQUARE_CIRCLE)
    page = doc.pages[0]
    square = page.annotations[0]
    doc.close()
    for call in (
        lambda: page.annotations,
        lambda: doc.annotation(square.id),
        lambda: square.subtype,
        lambda: square.rect,
        lambda: square.page_index,
        lambda: square.contents,
        lambda: square.exists,
        lambda: square.get_raw("C"),
        lambda: square.set_raw("C", "[1 0 0]"),
        square.delete,
    ):
        with pytest.raises(pdftools.ClosedDocumentError):
            call()
    assert square.id > 0 and square.document is doc  # plain values survive
    assert "id=" in repr(square)


def test_annotations_of_another_document_are_not_equal() -> None:
    with _open(SQUARE_CIRCLE) as first, _open(SQUARE_CIRCLE) as second:
        a, b = first.pages[0].annotations[0], second.pages[0].annotations[0]
        assert a.id == b.id
        assert a != b
        assert a == first.annotation(a.id)
        assert repr(a) == f"<pdftools.Annotation id={a.id} Square page=0>"


def test_page_without_annotations() -> None:
    with _open("qpdf-rotated.pdf") as doc:
        assert all(page.annotations == [] for page in doc.pages)
    with pdftools.new() as doc:
        doc.insert_blank_page()
        assert doc.pages[0].annotations == []

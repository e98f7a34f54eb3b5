# SPDX-License-Identifier: GPL-3.0-or-later
"""Creating and changing annotations: bad input, stale ids, closed documents and permissions.

A refused change leaves the annotation as it was.  The binding checks every
property before the first library call; the library checks each call again,
which the tests at the end confirm by calling it directly.
"""

from __future__ import annotations

import ctypes
import math
import subprocess
from pathlib import Path
from typing import Any, Callable, Dict, Iterator, Tuple

import pytest

import annotspecs
import corpus
import pdftools
from annotspecs import snapshot
from pdftools import Annotation, Status
from pdftools._library import CColor, CPoint, CQuad, CRect, lib

NAN = math.nan
INF = math.inf
SQUARE_CIRCLE = "pdfjs-annotation-square-circle.pdf"


@pytest.fixture
def doc() -> Iterator[pdftools.Document]:
    """A new two-page document with one annotation of every subtype on page 0."""
    document = pdftools.new()
    document.insert_blank_page()
    document.insert_blank_page()
    annotspecs.add_all(document.pages[0])
    try:
        yield document
    finally:
        document.close()


def named(doc: pdftools.Document, subtype: str) -> Annotation:
    """The spec annotation of subtype."""
    return next(a for a in doc.pages[0].annotations if a.subtype == subtype)


def page_state(doc: pdftools.Document) -> Dict[str, Dict[str, Any]]:
    """Every annotation of page 0 by /NM, as snapshots."""
    return {key: snapshot(a) for key, a in annotspecs.by_name(doc.pages[0]).items()}


# -- bad values: (subtype, keywords, error) ---------------------------------------------------------

BAD_UPDATES = [
    ("Square", dict(rect=(NAN, 0, 10, 10)), pdftools.ArgumentError),
    ("Square", dict(rect=(0, 0, INF, 10)), pdftools.ArgumentError),
    ("Square", dict(rect=(10, 10, 10, 50)), pdftools.ArgumentError),
    ("Square", dict(rect=(10, 10, 50, 10)), pdftools.ArgumentError),
    ("Square", dict(opacity=2), pdftools.ArgumentError),
    ("Square", dict(opacity=-0.1), pdftools.ArgumentError),
    ("Square", dict(opacity=NAN), pdftools.ArgumentError),
    ("Square", dict(color=(NAN, 0, 0)), pdftools.ArgumentError),
    ("Square", dict(interior_color=(0, INF, 0)), pdftools.ArgumentError),
    ("Square", dict(border_width=-1), pdftools.ArgumentError),
    ("Square", dict(border_width=1001), pdftools.ArgumentError),
    ("Square", dict(border_width=INF), pdftools.ArgumentError),
    ("Square", dict(border_style="wavy"), pdftools.ArgumentError),
    ("Square", dict(border_style=7), pdftools.ArgumentError),
    ("Square", dict(dashes=[0, 0]), pdftools.ArgumentError),
    ("Square", dict(dashes=[-1, 2]), pdftools.ArgumentError),
    ("Square", dict(dashes=[1] * 17), pdftools.ArgumentError),
    ("Square", dict(dashes=[NAN]), pdftools.ArgumentError),
    ("Square", dict(border_style="solid", dashes=[2, 1]), pdftools.ArgumentError),
    ("Square", dict(border=(1, "solid"), border_width=2), pdftools.ArgumentError),
    ("Circle", dict(cloudy=3), pdftools.ArgumentError),
    ("Circle", dict(cloudy=-1), pdftools.ArgumentError),
    ("Square", dict(flags=1 << 10), pdftools.ArgumentError),
    ("Square", dict(flags=-1), pdftools.ArgumentError),
    ("Highlight", dict(quads=[]), pdftools.ArgumentError),
    ("Highlight", dict(quads=[((NAN, 0), (1, 1), (0, 0), (1, 0))]), pdftools.ArgumentError),
    ("Highlight", dict(quads=[((0, 0), (1, INF), (0, 0), (1, 0))]), pdftools.ArgumentError),
    ("Ink", dict(ink=[]), pdftools.ArgumentError),
    ("Ink", dict(ink=[[(1, 1)], []]), pdftools.ArgumentError),
    ("Ink", dict(ink=[[(1, 1), (INF, 2)]]), pdftools.ArgumentError),
    ("Polygon", dict(vertices=[(1, 1)]), pdftools.ArgumentError),
    ("Polygon", dict(vertices=[(1, 1), (NAN, NAN)]), pdftools.ArgumentError),
    ("Line", dict(line=((0, 0), (NAN, 1))), pdftools.ArgumentError),
    ("Line", dict(leader_length=INF), pdftools.ArgumentError),
    ("Line", dict(leader_extension=-1), pdftools.ArgumentError),
    ("Line", dict(line_endings=("arrow", "none")), pdftools.ArgumentError),
    ("Line", dict(line_endings=("none", 10)), pdftools.ArgumentError),
    ("FreeText", dict(callout=[(1, 1)]), pdftools.ArgumentError),
    ("FreeText", dict(callout=[(1, 1), (2, 2), (3, 3), (4, 4)]), pdftools.ArgumentError),
    ("FreeText", dict(callout=[(1, 1), (NAN, 2)]), pdftools.ArgumentError),
    ("FreeText", dict(font_size=0), pdftools.ArgumentError),
    ("FreeText", dict(font_size=1001), pdftools.ArgumentError),
    ("FreeText", dict(font="Times Roman"), pdftools.ArgumentError),
    ("FreeText", dict(font=""), pdftools.ArgumentError),
    ("FreeText", dict(alignment="justify"), pdftools.ArgumentError),
    ("FreeText", dict(alignment=3), pdftools.ArgumentError),
    ("FreeText", dict(intent="speech"), pdftools.ArgumentError),
    ("FreeText", dict(text_color=(0, NAN, 0)), pdftools.ArgumentError),
    ("Text", dict(icon="Two words"), pdftools.ArgumentError),
    ("Text", dict(icon="/Note"), pdftools.ArgumentError),
    ("Text", dict(contents="nul\0inside"), pdftools.ArgumentError),
    ("Text", dict(author="\ud800"), pdftools.ArgumentError),
    ("Text", dict(z_index=-1), pdftools.RangeError),
    ("Link", dict(uri=""), pdftools.ArgumentError),
    ("Link", dict(uri="https://example.org/\u00e9"), pdftools.ArgumentError),
    ("Link", dict(uri="https://example.org/a b"), pdftools.ArgumentError),
    ("Link", dict(destination_page=2), pdftools.RangeError),
    ("Link", dict(destination_page=-1), pdftools.RangeError),
    ("Link", dict(uri="https://example.org/", destination_page=1), pdftools.ArgumentError),
    ("Square", dict(uri="https://example.org/"), pdftools.ArgumentError),
    ("Square", dict(destination_page=0), pdftools.ArgumentError),
    ("Square", dict(attachment=("a.txt", b"a")), pdftools.ArgumentError),
    ("FileAttachment", dict(attachment=("", b"a")), pdftools.ArgumentError),
    ("FileAttachment", dict(attachment=("a\0b", b"a")), pdftools.ArgumentError),
    ("Text", dict(reply_to=10**6), pdftools.NotFoundError),
    ("Text", dict(reply_type="answer"), pdftools.ArgumentError),
    ("Text", dict(reply_type="group"), pdftools.ArgumentError),  # replies to nothing
    ("Text", dict(reply_to=None, reply_type="group"), pdftools.ArgumentError),
    # One bad value among good ones: nothing changes.
    ("Square", dict(color=(0, 0, 1), contents="new", opacity=2), pdftools.ArgumentError),
    ("Line", dict(color=(0, 1, 1), line=((1, 1), (2, 2)), leader_extension=-3), pdftools.ArgumentError),
    ("FreeText", dict(contents="new", font_size=14, callout=[(1, 1)]), pdftools.ArgumentError),
    ("Link", dict(rect=(1, 1, 50, 50), destination_page=5), pdftools.RangeError),
]


@pytest.mark.parametrize(
    "subtype, changes, error", BAD_UPDATES, ids=[f"{s}-{'-'.join(c)}-{i}" for i, (s, c, _) in enumerate(BAD_UPDATES)]
)
def test_bad_values_raise_and_change_nothing(
    doc: pdftools.Document, subtype: str, changes: Dict[str, Any], error: type
) -> None:
    annotation = named(doc, subtype)
    before = page_state(doc)
    with pytest.raises(error):
        annotation.update(**changes)
    assert page_state(doc) == before


@pytest.mark.parametrize(
    "subtype, changes, error", BAD_UPDATES, ids=[f"{s}-{'-'.join(c)}-{i}" for i, (s, c, _) in enumerate(BAD_UPDATES)]
)
def test_bad_values_refuse_creation(subtype: str, changes: Dict[str, Any], error: type) -> None:
    with pdftools.new() as document:
        document.insert_blank_page()
        document.insert_blank_page()
        other = document.pages[0].add_annotation("Text", (10, 10, 30, 30))
        spec = dict(annotspecs.specs()[subtype])
        spec.pop("name")
        if "destination_page" in changes and "uri" not in changes:
            spec.pop("uri", None)
        spec.update(changes)
        rect = spec.pop("rect", None)
        with pytest.raises(error):
            document.pages[0].add_annotation(subtype, rect, **spec)
        assert document.pages[0].annotations == [other]


BAD_TYPES = [
    dict(rect=(1, 2, 3)),
    dict(rect="0 0 1 1"),
    dict(color=(1, 0)),
    dict(color="red"),
    dict(opacity="0.5"),
    dict(opacity=None),
    dict(border_width=True),
    dict(quads=[((0, 0), (1, 1), (0, 0))]),
    dict(quads=[(0, 0, 1)]),
    dict(ink=[(1, 1)]),
    dict(vertices=5),
    dict(line=((0, 0),)),
    dict(contents=5),
    dict(flags=1.5),
    dict(open="yes"),
    dict(attachment=b"abc"),
    dict(attachment=("a.txt", "text")),
    dict(reply_to="1"),
    dict(z_index=1.0),
    dict(no_such_property=1),
    dict(Contents="x"),
]


@pytest.mark.parametrize("changes", BAD_TYPES, ids=[",".join(c) + f"-{i}" for i, c in enumerate(BAD_TYPES)])
def test_wrong_types_raise_type_error(doc: pdftools.Document, changes: Dict[str, Any]) -> None:
    before = page_state(doc)
    for subtype in ("Square", "Ink", "Polygon", "Line", "Highlight", "FileAttachment"):
        with pytest.raises(TypeError):
            named(doc, subtype).update(**changes)
    with pytest.raises(TypeError):
        doc.pages[0].add_annotation("Square", (10, 10, 20, 20), **changes)
    assert page_state(doc) == before


def test_unknown_subtypes_are_refused(doc: pdftools.Document) -> None:
    before = page_state(doc)
    for subtype in ("Widget", "Redact", "square", "", "Sound", "3D"):
        with pytest.raises(pdftools.ArgumentError):
            doc.pages[0].add_annotation(subtype, (10, 10, 50, 50))
    with pytest.raises(TypeError):
        doc.pages[0].add_annotation(None, (10, 10, 50, 50))  # type: ignore[arg-type]
    with pytest.raises(pdftools.ArgumentError):
        doc.pages[0].add_annotation("Sq\0uare", (10, 10, 50, 50))
    assert page_state(doc) == before


@pytest.mark.parametrize(
    "rect", [(NAN, 0, 10, 10), (0, 0, 10, INF), (0, -INF, 10, 10), (5, 5, 5, 9), (5, 5, 9, 5), (0, 0, 0, 0)]
)
def test_bad_rects_refuse_creation_and_popups(doc: pdftools.Document, rect: Tuple[float, ...]) -> None:
    before = page_state(doc)
    with pytest.raises(pdftools.ArgumentError):
        doc.pages[0].add_annotation("Square", rect)
    with pytest.raises(pdftools.ArgumentError):
        named(doc, "Text").add_popup(rect)
    assert page_state(doc) == before


def test_a_reversed_rect_is_normalized(doc: pdftools.Document) -> None:
    square = doc.pages[0].add_annotation("Square", (200, 300, 100, 250))
    assert square.rect == (100, 250, 200, 300)


def test_pages_out_of_range(doc: pdftools.Document) -> None:
    before = page_state(doc)
    for index in (2, 3, -1, 2**31 - 1):
        with pytest.raises(pdftools.RangeError):
            pdftools.Page(doc, index).add_annotation("Square", (10, 10, 50, 50))
    with pytest.raises(pdftools.RangeError):
        doc.pages[0].add_annotation("Link", (10, 10, 50, 50), destination_page=2)
    with pytest.raises(pdftools.RangeError):
        doc.pages[5]
    assert page_state(doc) == before
    assert [len(page.annotations) for page in doc.pages] == [len(annotspecs.SUBTYPES), 0]


def test_replies_to_itself_or_to_another_document(doc: pdftools.Document) -> None:
    text = named(doc, "Text")
    before = page_state(doc)
    with pytest.raises(pdftools.ArgumentError):
        text.update(reply_to=text)
    with pytest.raises(pdftools.ArgumentError):
        text.update(reply_to=text.id)
    with pdftools.new() as other:
        other.insert_blank_page()
        stranger = other.pages[0].add_annotation("Text", (10, 10, 30, 30))
        with pytest.raises(pdftools.ArgumentError):
            text.update(reply_to=stranger)
        with pytest.raises(pdftools.ArgumentError):
            doc.pages[0].add_annotation("Text", (10, 10, 30, 30), reply_to=stranger)
    assert page_state(doc) == before


def test_stale_ids_after_delete(doc: pdftools.Document) -> None:
    square = named(doc, "Square")
    text = named(doc, "Text")
    square.delete()
    assert not square.exists
    for action in (
        lambda: square.update(color=(0, 0, 1)),
        lambda: square.update(z_index=0),
        lambda: square.add_popup((10, 10, 50, 50)),
        lambda: square.color,
        lambda: square.opacity,
        lambda: square.border,
        lambda: square.flags,
        lambda: square.quads,
        lambda: square.ink,
        lambda: square.vertices,
        lambda: square.line,
        lambda: square.line_endings,
        lambda: square.icon,
        lambda: square.uri,
        lambda: square.destination_page,
        lambda: square.attachment,
        lambda: square.reply_to,
        lambda: square.reply_type,
        lambda: square.z_index,
        lambda: square.font,
        lambda: text.update(reply_to=square),
        lambda: text.update(reply_to=square.id),
        lambda: doc.pages[0].add_annotation("Text", (10, 10, 30, 30), reply_to=square),
    ):
        with pytest.raises(pdftools.NotFoundError):
            action()
    assert square not in doc.pages[0].annotations


def test_a_deleted_reply_target_reads_as_none(doc: pdftools.Document) -> None:
    note = doc.pages[0].add_annotation("Text", (10, 10, 30, 30))
    reply = doc.pages[0].add_annotation("Text", (10, 10, 30, 30), reply_to=note)
    note.delete()
    assert reply.reply_to is None


def test_closed_documents(doc: pdftools.Document) -> None:
    page = doc.pages[0]
    square = named(doc, "Square")
    doc.close()
    for action in (
        lambda: page.add_annotation("Square", (10, 10, 50, 50)),
        lambda: square.update(color=(1, 0, 0)),
        lambda: square.add_popup((10, 10, 50, 50)),
        lambda: square.color,
        lambda: square.ink,
        lambda: square.attachment,
    ):
        with pytest.raises(pdftools.ClosedDocumentError):
            action()


def test_a_failure_after_creation_deletes_the_new_annotation(doc: pdftools.Document, monkeypatch: Any) -> None:
    """Should a library call fail after the annotation was created, it is deleted again."""
    from pdftools import annotation_edit

    class FailingLibrary:
        def __getattr__(self, name: str) -> Any:
            if name == "pdftools_annotation_set_opacity":
                return lambda *args: Status.INTERNAL
            return getattr(lib, name)

    monkeypatch.setattr(annotation_edit, "lib", FailingLibrary())
    count = len(doc.pages[0].annotations)
    with pytest.raises(pdftools.InternalError):
        doc.pages[0].add_annotation("Square", (10, 10, 50, 50), color=(0, 0, 1), opacity=0.5, contents="x")
    assert len(doc.pages[0].annotations) == count


# -- permissions --------------------------------------------------------------------------------


def _encrypt(source: Path, target: Path) -> None:
    run = subprocess.run(
        ["qpdf", "--encrypt", "u", "o", "256", "--annotate=n", "--", str(source), str(target)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run.returncode in (0, 3), run.stderr


@pytest.fixture
def restricted(tmp_path: Path) -> Path:
    """A copy of a new document with one annotation of every subtype, encrypted with --annotate=n."""
    plain = tmp_path / "plain.pdf"
    with pdftools.new() as document:
        document.insert_blank_page()
        annotspecs.add_all(document.pages[0])
        document.save(plain)
    target = tmp_path / "no-annotate.pdf"
    _encrypt(plain, target)
    return target


def test_without_the_annotate_permission_changes_are_refused(restricted: Path) -> None:
    with pdftools.open(restricted, password="u") as doc:
        assert not doc.permissions & pdftools.Permission.ANNOTATE
        page = doc.pages[0]
        before = page_state(doc)
        square = named(doc, "Square")
        link = named(doc, "Link")
        refused: Tuple[Callable[[], Any], ...] = (
            lambda: page.add_annotation("Square", (10, 10, 50, 50)),
            lambda: page.add_annotation("Ink", ink=[[(1, 1), (5, 5)]], color=(1, 0, 0)),
            lambda: square.update(color=(0, 0, 1)),
            lambda: square.update(contents="changed", opacity=0.1, border_width=5),
            lambda: square.update(z_index=0),
            lambda: square.update(reply_to=named(doc, "Text")),
            lambda: square.add_popup((10, 10, 50, 50)),
            lambda: link.update(uri="https://example.org/"),
            lambda: named(doc, "FileAttachment").update(attachment=("x", b"y")),
            square.delete,
        )
        for action in refused:
            with pytest.raises(pdftools.NotPermittedError):
                action()
        assert page_state(doc) == before
        assert not doc.is_modified
    with pdftools.open(corpus.path(SQUARE_CIRCLE)) as original, pdftools.open(restricted, password="o") as doc:
        assert original.permissions == pdftools.Permission.ALL
        assert doc.permissions & pdftools.Permission.ANNOTATE
        page = doc.pages[0]
        square = named(doc, "Square")
        square.update(color=(0, 0, 1), z_index=0)
        added = page.add_annotation("Ink", ink=[[(1, 1), (5, 5)]], name="added")
        added.add_popup((10, 10, 50, 50))
        assert square.color == (0.0, 0.0, 1.0) and page.annotations[0] == square
        data = doc.to_bytes()
    with pdftools.open(data, password="u") as again:
        assert again.is_encrypted and not again.permissions & pdftools.Permission.ANNOTATE
        found = annotspecs.by_name(again.pages[0])
        assert found["added"].subtype == "Ink" and found["spec-square"].color == (0.0, 0.0, 1.0)
        assert again.pages[0].annotations[-1].subtype == "Popup"


def test_corpus_file_without_the_annotate_permission(tmp_path: Path) -> None:
    target = tmp_path / "square-circle-no-annotate.pdf"
    _encrypt(corpus.path(SQUARE_CIRCLE), target)
    with pdftools.open(target, password="u") as doc:
        square = doc.pages[0].annotations[0]
        before = snapshot(square)
        with pytest.raises(pdftools.NotPermittedError):
            square.update(opacity=0.5)
        with pytest.raises(pdftools.NotPermittedError):
            doc.pages[0].add_annotation("Highlight", quads=[pdftools.Rect(100, 100, 200, 120)])
        assert snapshot(square) == before and len(doc.pages[0].annotations) == 4
    with pdftools.open(target, password="o") as doc:
        doc.pages[0].annotations[0].update(opacity=0.5)
        doc.pages[0].add_annotation("Highlight", quads=[pdftools.Rect(100, 100, 200, 120)])
        assert doc.pages[0].annotations[0].opacity == 0.5 and len(doc.pages[0].annotations) == 5


# -- the library's own checks ------------------------------------------------------------------


def _quads(*corners: Tuple[float, float]) -> Any:
    return (CQuad * 1)(CQuad(*(CPoint(x, y) for x, y in corners)))


def _points(*points: Tuple[float, float]) -> Any:
    return (CPoint * len(points))(*(CPoint(x, y) for x, y in points))


#: (subtype, C function name, arguments after (doc, id), expected status).
LIBRARY_CHECKS = [
    ("Square", "pdftools_annotation_set_rect", (CRect(NAN, 0, 10, 10),), Status.INVALID_ARGUMENT),
    ("Square", "pdftools_annotation_set_rect", (CRect(10, 10, 10, 40),), Status.INVALID_ARGUMENT),
    ("Square", "pdftools_annotation_set_opacity", (2.0,), Status.INVALID_ARGUMENT),
    ("Square", "pdftools_annotation_set_opacity", (NAN,), Status.INVALID_ARGUMENT),
    ("Square", "pdftools_annotation_set_color", (0, ctypes.byref(CColor(NAN, 0, 0))), Status.INVALID_ARGUMENT),
    ("Square", "pdftools_annotation_set_color", (2, None), Status.INVALID_ARGUMENT),
    ("Square", "pdftools_annotation_set_border", (INF, 0, None, 0), Status.INVALID_ARGUMENT),
    ("Square", "pdftools_annotation_set_border", (1.0, 9, None, 0), Status.INVALID_ARGUMENT),
    ("Circle", "pdftools_annotation_set_cloudy", (2.5,), Status.INVALID_ARGUMENT),
    ("Square", "pdftools_annotation_set_flags", (1 << 10,), Status.INVALID_ARGUMENT),
    ("Square", "pdftools_annotation_set_text", (b"Rect", b"x"), Status.INVALID_ARGUMENT),
    ("Highlight", "pdftools_annotation_set_quads", (None, 0), Status.INVALID_ARGUMENT),
    ("Highlight", "pdftools_annotation_set_quads", (_quads((NAN, 0), (1, 1), (0, 0), (1, 0)), 1), Status.INVALID_ARGUMENT),
    ("Ink", "pdftools_annotation_set_ink", (None, None, 0), Status.INVALID_ARGUMENT),
    ("Ink", "pdftools_annotation_set_ink", (_points((1, 1)), (ctypes.c_int32 * 2)(1, 0), 2), Status.INVALID_ARGUMENT),
    ("Polygon", "pdftools_annotation_set_vertices", (_points((1, 1)), 1), Status.INVALID_ARGUMENT),
    ("Line", "pdftools_annotation_set_line", (CPoint(0, 0), CPoint(INF, 1), 0, 0, 0.0, 0.0), Status.INVALID_ARGUMENT),
    ("Line", "pdftools_annotation_set_line", (CPoint(0, 0), CPoint(1, 1), 0, 0, 0.0, -1.0), Status.INVALID_ARGUMENT),
    ("Line", "pdftools_annotation_set_line_endings", (10, 0), Status.INVALID_ARGUMENT),
    ("Text", "pdftools_annotation_set_icon", (b"a b",), Status.INVALID_ARGUMENT),
    ("FreeText", "pdftools_annotation_set_free_text", (b"Helvetica", 0.0, None, 0, None), Status.INVALID_ARGUMENT),
    ("FreeText", "pdftools_annotation_set_free_text", (b"Helvetica", 9.0, None, 3, None), Status.INVALID_ARGUMENT),
    ("FreeText", "pdftools_annotation_set_free_text", (b"Helvetica", 9.0, None, 0, b"Speech"), Status.INVALID_ARGUMENT),
    ("FreeText", "pdftools_annotation_set_callout", (_points((1, 1)), 1), Status.INVALID_ARGUMENT),
    ("Text", "pdftools_annotation_set_z_index", (-1,), Status.OUT_OF_RANGE),
    ("Text", "pdftools_annotation_set_reply", (0, b"Answer"), Status.INVALID_ARGUMENT),
    ("Square", "pdftools_annotation_set_link_uri", (b"https://example.org/",), Status.INVALID_ARGUMENT),
    ("Link", "pdftools_annotation_set_link_uri", (b"a b",), Status.INVALID_ARGUMENT),
    ("Link", "pdftools_annotation_set_link_page", (7,), Status.OUT_OF_RANGE),
    ("Square", "pdftools_annotation_set_attachment", (b"a.txt", b"a", 1), Status.INVALID_ARGUMENT),
    ("FileAttachment", "pdftools_annotation_set_attachment", (b"", b"a", 1), Status.INVALID_ARGUMENT),
]


@pytest.mark.parametrize(
    "subtype, function, args, status",
    LIBRARY_CHECKS,
    ids=[f"{f[len('pdftools_annotation_'):]}-{i}" for i, (_, f, _, _) in enumerate(LIBRARY_CHECKS)],
)
def test_the_library_refuses_the_same_input(
    doc: pdftools.Document, subtype: str, function: str, args: Tuple[Any, ...], status: int
) -> None:
    """The C calls behind update() check their input too, and change nothing when they refuse it."""
    annotation = named(doc, subtype)
    before = page_state(doc)
    assert getattr(lib, function)(doc._handle, annotation.id, *args) == status
    assert page_state(doc) == before


def test_the_library_refuses_stale_ids_and_bad_pages(doc: pdftools.Document) -> None:
    square = named(doc, "Square")
    square.delete()
    out = ctypes.byref(ctypes.c_int64())
    handle = doc._handle
    assert lib.pdftools_annotation_set_opacity(handle, square.id, 0.5) == Status.NOT_FOUND
    assert lib.pdftools_annotation_add_popup(handle, square.id, CRect(0, 0, 9, 9), 0, out) == Status.NOT_FOUND
    assert lib.pdftools_annotation_create(handle, 2, b"Square", CRect(0, 0, 9, 9), out) == Status.OUT_OF_RANGE
    assert lib.pdftools_annotation_create(handle, 0, b"Widget", CRect(0, 0, 9, 9), out) == Status.INVALID_ARGUMENT
    assert lib.pdftools_annotation_create(handle, 0, b"Square", CRect(0, 0, 0, 9), out) == Status.INVALID_ARGUMENT
    assert len(doc.pages[0].annotations) == len(annotspecs.SUBTYPES) - 1

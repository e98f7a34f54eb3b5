# SPDX-License-Identifier: GPL-3.0-or-later
"""Creating and changing annotations: every subtype round trip, partial updates, z-order, popups, replies, links, files."""

from __future__ import annotations

from contextlib import contextmanager
from typing import Any, Dict, Iterator, Tuple

import pytest

import annotspecs
import corpus
import pdftools
from annotspecs import SUBTYPES, assert_close, expected, snapshot, specs
from pdftools import (
    Alignment,
    Annotation,
    AnnotationFlag,
    Attachment,
    BorderStyle,
    Color,
    FreeTextIntent,
    LineEnding,
    Point,
    Quad,
    Rect,
    ReplyType,
)

#: Pages to annotate: a new document, a text page, a page with annotations, a page with /Rotate 90.
TARGETS = [
    ("new", 0),
    ("pdfjs-tracemonkey.pdf", 0),
    ("pdfjs-annotation-square-circle.pdf", 0),
    ("qpdf-rotated.pdf", 3),
]


@contextmanager
def open_target(name: str) -> Iterator[pdftools.Document]:
    """A new one-page document, or a corpus file."""
    if name == "new":
        doc = pdftools.new()
        doc.insert_blank_page()
    else:
        doc = pdftools.open(corpus.path(name), password=corpus.open_password(name))
    try:
        yield doc
    finally:
        doc.close()


def origin(page: pdftools.Page) -> Tuple[float, float]:
    """The lower left corner of the page's crop box (where the specs are laid out)."""
    box = page.crop_box
    return box.x0, box.y0


def add(page: pdftools.Page, subtype: str, spec: Dict[str, Any]) -> Annotation:
    """add_annotation with a spec that may hold rect."""
    kwargs = dict(spec)
    rect = kwargs.pop("rect", None)
    return page.add_annotation(subtype, rect, **kwargs)


def text_box(annotation: Annotation) -> Rect:
    """A FreeText's text box: /Rect less the /RD margins."""
    rect = annotation.rect
    raw = annotation.get_raw("RD")
    if raw is None:
        return rect
    left, bottom, right, top = (float(v) for v in raw.strip("[] ").split())
    return Rect(rect.x0 + left, rect.y0 + bottom, rect.x1 - right, rect.y1 - top)


def check_spec(annotation: Annotation, subtype: str, spec: Dict[str, Any]) -> None:
    """Every keyword of spec reads back as given; the rectangle holds what the geometry draws."""
    assert annotation.subtype == subtype
    for key in annotspecs.checked_keys(subtype, spec):
        assert_close(getattr(annotation, key), expected(key, spec[key]), f"{subtype}.{key}")
    points = annotspecs.geometry_points(subtype, spec)
    if points:
        assert annotspecs.contains(annotation.rect, annotspecs.rect_of_points(points))
    if subtype == "FreeText":
        assert_close(text_box(annotation), expected("rect", spec["rect"]), "FreeText text box")
        assert annotspecs.contains(annotation.rect, annotspecs.rect_of_points(spec["callout"]))
    if "flags" not in spec:
        assert annotation.flags == (AnnotationFlag.NONE if subtype == "Popup" else AnnotationFlag.PRINT)


# -- round trips ------------------------------------------------------------------------------


@pytest.mark.parametrize("subtype", SUBTYPES)
@pytest.mark.parametrize("target", TARGETS, ids=[name for name, _ in TARGETS])
def test_round_trip_of_each_subtype(target: Tuple[str, int], subtype: str) -> None:
    name, index = target
    with open_target(name) as doc:
        page = doc.pages[index]
        existing = [(a.subtype, a.rect) for a in page.annotations]
        spec = specs(origin(page))[subtype]
        annotation = add(page, subtype, spec)
        check_spec(annotation, subtype, spec)
        assert annotation.page_index == index and annotation.exists
        assert annotation.z_index == len(existing), "new annotations go to the front"
        assert [(a.subtype, a.rect) for a in page.annotations[:-1]] == existing
        before = snapshot(annotation)
        data = doc.to_bytes()
    with pdftools.open(data, password=corpus.open_password(name) if name != "new" else None) as again:
        page = again.pages[index]
        assert [(a.subtype, a.rect) for a in page.annotations[:-1]] == existing
        reopened = page.annotations[-1]
        assert_close(snapshot(reopened), before, f"{subtype} after saving")
        check_spec(reopened, subtype, spec)


@pytest.mark.parametrize("target", TARGETS, ids=[name for name, _ in TARGETS])
def test_round_trip_of_all_subtypes_on_one_page(target: Tuple[str, int]) -> None:
    name, index = target
    with open_target(name) as doc:
        page = doc.pages[index]
        count = len(page.annotations)
        made = annotspecs.add_all(page, origin(page))
        for subtype, spec in specs(origin(page)).items():
            check_spec(made[subtype], subtype, spec)
        assert [a.subtype for a in page.annotations[count:]] == SUBTYPES
        before = {key: snapshot(a) for key, a in annotspecs.by_name(page).items()}
        data = doc.to_bytes(incremental=False)
    with pdftools.open(data, password=corpus.open_password(name) if name != "new" else None) as again:
        page = again.pages[index]
        assert len(page.annotations) == count + len(SUBTYPES)
        assert_close({key: snapshot(a) for key, a in annotspecs.by_name(page).items()}, before, "after saving")


def test_incremental_save_keeps_new_annotations(tmp_path: Any) -> None:
    target = tmp_path / "square-circle.pdf"
    target.write_bytes(corpus.path("pdfjs-annotation-square-circle.pdf").read_bytes())
    with pdftools.open(target) as doc:
        original = target.read_bytes()
        made = annotspecs.add_all(doc.pages[0])
        before = {key: snapshot(a) for key, a in annotspecs.by_name(doc.pages[0]).items()}
        doc.save(target, incremental=True)
        assert made["Ink"].exists
    data = target.read_bytes()
    assert data.startswith(original)
    with pdftools.open(data) as again:
        assert_close({key: snapshot(a) for key, a in annotspecs.by_name(again.pages[0]).items()}, before)


def test_highlight_of_a_search_match() -> None:
    with pdftools.open(corpus.path("pdfjs-tracemonkey.pdf")) as doc:
        match = doc.pages[0].search("Trace-based Just-in-Time")[0]
        quads = match.quads()
        highlight = doc.pages[0].add_annotation("Highlight", quads=quads, contents=match.text)
        assert_close(highlight.quads, quads)
        words = annotspecs.rect_of_points([corner for quad in quads for corner in quad])
        assert annotspecs.contains(highlight.rect, words)
        assert highlight.rect.width < words.width + 10 and highlight.rect.height < words.height + 10
        assert highlight.contents == match.text
        assert highlight.color == (1.0, 1.0, 0.0)


# -- rectangles from geometry ------------------------------------------------------------------


@pytest.mark.parametrize("subtype", ["Highlight", "Underline", "Squiggly", "StrikeOut", "Ink", "Polygon", "PolyLine", "Line"])
def test_rect_is_computed_from_the_geometry(subtype: str) -> None:
    spec = {key: value for key, value in specs()[subtype].items() if key != "rect"}
    with open_target("new") as doc:
        annotation = doc.pages[0].add_annotation(subtype, **spec)
        points = annotspecs.geometry_points(subtype, spec)
        drawn = annotspecs.rect_of_points(points)
        assert annotspecs.contains(annotation.rect, drawn)
        assert annotation.rect.x0 > drawn.x0 - 30 and annotation.rect.x1 < drawn.x1 + 30
        assert annotation.rect.y0 > drawn.y0 - 30 and annotation.rect.y1 < drawn.y1 + 30


def test_a_horizontal_line_without_rect() -> None:
    with open_target("new") as doc:
        line = doc.pages[0].add_annotation("Line", line=((100, 500), (300, 500)))
        assert line.line == ((100, 500), (300, 500))
        assert line.rect.height > 0 and line.rect.x0 <= 100 and line.rect.x1 >= 300


def test_quads_accept_rects_and_quads() -> None:
    with open_target("new") as doc:
        a = doc.pages[0].add_annotation("Underline", quads=[Rect(100, 100, 200, 112)])
        assert a.quads == [Quad(Point(100, 112), Point(200, 112), Point(100, 100), Point(200, 100))]
        quad = Quad(Point(10, 30), Point(50, 40), Point(12, 20), Point(52, 30))  # slanted text
        b = doc.pages[0].add_annotation("StrikeOut", quads=[quad])
        assert b.quads == [quad]


@pytest.mark.parametrize("subtype", ["Text", "Square", "Circle", "FreeText", "Stamp", "Link", "Popup", "Caret", "FileAttachment"])
def test_rect_is_required_where_geometry_does_not_define_it(subtype: str) -> None:
    with open_target("new") as doc:
        with pytest.raises(TypeError, match="rect"):
            doc.pages[0].add_annotation(subtype, contents="x")
        assert doc.pages[0].annotations == []


def test_geometry_subtypes_without_geometry_need_rect() -> None:
    with open_target("new") as doc:
        with pytest.raises(TypeError, match="quads"):
            doc.pages[0].add_annotation("Highlight")
        ink = doc.pages[0].add_annotation("Ink", (100, 100, 200, 200))
        assert ink.ink == [[(100, 100), (200, 200)]], "default geometry fills the rect"


# -- updates -----------------------------------------------------------------------------------


def test_update_every_property_of_a_square() -> None:
    with open_target("new") as doc:
        square = doc.pages[0].add_annotation("Square", (100, 100, 200, 200))
        changes = dict(
            rect=(110, 120, 260, 220),
            color=(0.1, 0.2, 0.3),
            interior_color=(0.4, 0.5, 0.6),
            opacity=0.25,
            border_width=4,
            border_style="inset",
            cloudy=2,
            contents="Changed",
            author="Bob",
            subject="Subj",
            name="my-square",
            flags=AnnotationFlag.PRINT | AnnotationFlag.NO_ROTATE | AnnotationFlag.LOCKED_CONTENTS,
        )
        square.update(**changes)
        for key, value in changes.items():
            assert_close(getattr(square, key), expected(key, value), key)
        assert square.border == (4.0, BorderStyle.INSET)
        assert square.dashes is None
        data = doc.to_bytes()
    with pdftools.open(data) as again:
        reopened = again.pages[0].annotations[0]
        for key, value in changes.items():
            assert_close(getattr(reopened, key), expected(key, value), key)


def test_update_keeps_the_parts_of_grouped_properties() -> None:
    with open_target("new") as doc:
        page = doc.pages[0]
        square = page.add_annotation("Square", (100, 100, 200, 200), border_style="dashed", dashes=[5, 1, 2])
        assert square.border == (1.0, BorderStyle.DASHED) and square.dashes == (5.0, 1.0, 2.0)
        square.update(border_width=3)
        assert square.border == (3.0, BorderStyle.DASHED) and square.dashes == (5.0, 1.0, 2.0)
        square.update(border_style="solid")
        assert square.border == (3.0, BorderStyle.SOLID) and square.dashes is None
        square.update(dashes=[2, 2])  # dashes alone make the border dashed
        assert square.border == (3.0, BorderStyle.DASHED) and square.dashes == (2.0, 2.0)
        square.update(border=(0, "beveled"))
        assert square.border == (0.0, BorderStyle.BEVELED)

        free = page.add_annotation("FreeText", (100, 300, 300, 350), font="Courier", font_size=9,
                                   text_color=(1, 0, 0), alignment="right", intent="typewriter")
        free.update(font_size=20)
        assert (free.font, free.font_size, free.text_color, free.alignment, free.intent) == (
            "Courier", 20.0, (1.0, 0.0, 0.0), Alignment.RIGHT, FreeTextIntent.TYPEWRITER)
        free.update(text_color=None, alignment=1)
        assert free.text_color == (0.0, 0.0, 0.0) and free.alignment == Alignment.CENTER
        assert free.font == "Courier" and free.intent == FreeTextIntent.TYPEWRITER

        line = page.add_annotation("Line", line=((100, 500), (300, 600)), line_endings=("square", "butt"),
                                   leader_length=-8, leader_extension=2)
        assert line.leader_length == -8.0 and line.leader_extension == 2.0
        line.update(line_endings=("slash", "r_closed_arrow"))
        assert line.line == ((100, 500), (300, 600)) and line.leader_length == -8.0
        assert line.line_endings == (LineEnding.SLASH, LineEnding.R_CLOSED_ARROW)
        line.update(leader_length=0, leader_extension=0)
        assert line.leader_length == 0 and line.get_raw("LL") is None
        assert line.line_endings == (LineEnding.SLASH, LineEnding.R_CLOSED_ARROW)
        line.update(line=((50, 50), (60, 70)))
        assert line.line == ((50, 50), (60, 70)) and line.line_endings[1] == LineEnding.R_CLOSED_ARROW

        polyline = page.add_annotation("PolyLine", vertices=[(10, 10), (50, 50)], line_endings=("diamond", "none"))
        assert polyline.line is None
        assert polyline.line_endings == (LineEnding.DIAMOND, LineEnding.NONE)


def test_colours_and_texts_can_be_removed() -> None:
    with open_target("new") as doc:
        circle = doc.pages[0].add_annotation("Circle", (100, 100, 200, 200), interior_color=(0, 1, 0), contents="x",
                                             author="A", subject="S")
        assert circle.interior_color == (0.0, 1.0, 0.0)
        circle.update(color=None, interior_color=None, contents=None, author=None, subject=None)
        assert circle.color is None and circle.interior_color is None
        assert circle.contents is None and circle.author is None and circle.subject is None
        assert circle.get_raw("C").replace(" ", "") == "[]", "no colour is an empty array: transparent"
        circle.update(color=(2, -1, 0.5))  # clamped
        assert circle.color == (1.0, 0.0, 0.5)


def test_empty_update_changes_nothing() -> None:
    with pdftools.open(corpus.path("pdfjs-annotation-square-circle.pdf")) as doc:
        square = doc.pages[0].annotations[0]
        before = snapshot(square)
        square.update()
        assert not doc.is_modified
        assert snapshot(square) == before


def test_names_and_values_of_the_enums() -> None:
    assert LineEnding("OpenArrow") is LineEnding.OPEN_ARROW is LineEnding("open_arrow") is LineEnding(4)
    assert LineEnding("r_closed_arrow") is LineEnding("RClosedArrow") is LineEnding.R_CLOSED_ARROW
    assert LineEnding.R_OPEN_ARROW.pdf_name == "ROpenArrow"
    assert BorderStyle("Dashed") is BorderStyle.DASHED is BorderStyle("D") and BorderStyle.DASHED.pdf_name == "D"
    assert Alignment("centre") is Alignment.CENTER is Alignment(1)
    assert FreeTextIntent("FreeTextCallout") is FreeTextIntent.CALLOUT is FreeTextIntent("callout")
    assert ReplyType("R") is ReplyType.REPLY and ReplyType("group") is ReplyType.GROUP
    assert AnnotationFlag.PRINT == 4 and AnnotationFlag.LOCKED_CONTENTS == 512
    with pytest.raises(ValueError):
        LineEnding("arrow")


def test_free_text_text_box_stays_when_the_callout_is_set_with_other_properties() -> None:
    with open_target("new") as doc:
        free = doc.pages[0].add_annotation("FreeText", (200, 600, 400, 650), contents="Box", color=(0, 0, 0),
                                           callout=[(100, 500), (150, 560), (200, 560)], font_size=10)
        assert text_box(free) == (200, 600, 400, 650)
        assert annotspecs.contains(free.rect, Rect(100, 500, 400, 650))
        assert free.callout == [(100, 500), (150, 560), (200, 560)]
        free.update(callout=None)
        assert free.callout == [] and free.get_raw("CL") is None


def test_free_text_text_box_survives_later_changes() -> None:
    with open_target("new") as doc:
        free = doc.pages[0].add_annotation("FreeText", (200, 650, 380, 710), contents="Hello",
                                           callout=[(120, 600), (160, 630), (200, 630)])
        outer = free.rect
        assert text_box(free) == (200, 650, 380, 710)
        free.update(contents="Hello again")
        assert text_box(free) == (200, 650, 380, 710)
        assert free.rect == outer


# -- z-order -----------------------------------------------------------------------------------


def test_z_order() -> None:
    with open_target("new") as doc:
        page = doc.pages[0]
        a = page.add_annotation("Square", (10, 10, 50, 50), name="a")
        b = page.add_annotation("Circle", (20, 20, 60, 60), name="b")
        c = page.add_annotation("Text", (30, 30, 50, 50), name="c", z_index=0)
        assert page.annotations == [c, a, b]
        assert (a.z_index, b.z_index, c.z_index) == (1, 2, 0)
        c.update(z_index=1)
        assert page.annotations == [a, c, b]
        a.update(z_index=2)
        assert page.annotations == [c, b, a]
        b.update(z_index=10**9)  # past the end: the front
        assert page.annotations == [c, a, b]
        b.update(z_index=0)
        assert page.annotations == [b, c, a]
        data = doc.to_bytes()
    with pdftools.open(data) as again:
        assert [x.name for x in again.pages[0].annotations] == ["b", "c", "a"]


def test_z_order_on_a_page_with_annotations() -> None:
    with pdftools.open(corpus.path("pdfjs-annotation-square-circle.pdf")) as doc:
        page = doc.pages[0]
        square, square_popup, circle, circle_popup = page.annotations
        new = page.add_annotation("Ink", ink=[[(100, 700), (150, 750)]], z_index=2)
        assert page.annotations == [square, square_popup, new, circle, circle_popup]
        circle.update(z_index=0)
        assert page.annotations == [circle, square, square_popup, new, circle_popup]
        data = doc.to_bytes()
    with pdftools.open(data) as again:
        assert [a.subtype for a in again.pages[0].annotations] == ["Circle", "Square", "Popup", "Ink", "Popup"]


# -- popups and replies ------------------------------------------------------------------------


def test_popups() -> None:
    with open_target("new") as doc:
        page = doc.pages[0]
        note = page.add_annotation("Text", (100, 700, 120, 720), contents="Note")
        popup = note.add_popup((130, 600, 330, 700), open=True)
        assert popup.subtype == "Popup" and popup.rect == (130, 600, 330, 700) and popup.open
        assert popup.flags == AnnotationFlag.NONE
        assert page.annotations == [note, popup]
        closed = page.add_annotation("Square", (300, 300, 400, 400)).add_popup(Rect(400, 300, 500, 380))
        assert not closed.open
        closed.update(open=True)
        assert closed.open
        closed.update(open=False)
        note.update(open=True)
        assert note.open
        data = doc.to_bytes()
        note.delete()
        assert not popup.exists and [a.subtype for a in page.annotations] == ["Square", "Popup"]
    with pdftools.open(data) as again:
        note, popup, square, square_popup = again.pages[0].annotations
        assert (note.subtype, popup.subtype, square.subtype, square_popup.subtype) == ("Text", "Popup", "Square", "Popup")
        assert popup.open and not square_popup.open and note.open
        assert popup.rect == (130, 600, 330, 700)
        assert popup.get_raw("Parent") is not None and note.get_raw("Popup") is not None
        assert popup.get_raw("Parent") != square_popup.get_raw("Parent")
        note.delete()
        assert [a.subtype for a in again.pages[0].annotations] == ["Square", "Popup"]
        square_popup.delete()  # a popup on its own: its parent forgets it
        assert again.pages[0].annotations == [square] and square.get_raw("Popup") is None


def test_replies() -> None:
    with open_target("new") as doc:
        page = doc.pages[0]
        note = page.add_annotation("Text", (100, 700, 120, 720), contents="Question?", name="note")
        reply = page.add_annotation("Text", (100, 700, 120, 720), contents="Answer.", reply_to=note, name="reply")
        group = page.add_annotation("Square", (90, 690, 130, 730), reply_to=note.id, reply_type="group", name="group")
        assert reply.reply_to == note and reply.reply_type == ReplyType.REPLY
        assert group.reply_to == note and group.reply_type == ReplyType.GROUP
        assert note.reply_to is None and note.reply_type is None
        assert reply.get_raw("RT") is None and group.get_raw("RT") == "/Group"
        group.update(reply_to=reply)  # the type stays
        assert group.reply_to == reply and group.reply_type == ReplyType.GROUP
        group.update(reply_type="reply")
        assert group.reply_type == ReplyType.REPLY and group.get_raw("RT") is None
        data = doc.to_bytes()
        group.update(reply_to=None)
        assert group.reply_to is None and group.get_raw("IRT") is None
    with pdftools.open(data) as again:
        found = annotspecs.by_name(again.pages[0])
        assert found["reply"].reply_to == found["note"]
        assert found["group"].reply_to == found["reply"]
        assert found["note"].reply_to is None


def test_a_reply_on_another_page() -> None:
    with open_target("new") as doc:
        doc.insert_blank_page()
        note = doc.pages[0].add_annotation("Text", (100, 700, 120, 720))
        reply = doc.pages[1].add_annotation("Text", (100, 700, 120, 720), reply_to=note)
        assert reply.reply_to == note and reply.reply_to.page_index == 0


# -- links and files ---------------------------------------------------------------------------


def test_links() -> None:
    with open_target("new") as doc:
        for _ in range(3):
            doc.insert_blank_page()
        page = doc.pages[0]
        web = page.add_annotation("Link", (72, 700, 200, 720), uri="https://example.org/a%20b?x=1&y=2")
        jump = page.add_annotation("Link", (72, 650, 200, 670), destination_page=doc.pages[3])
        assert web.uri == "https://example.org/a%20b?x=1&y=2" and web.destination_page is None
        assert jump.destination_page == 3 and jump.uri is None
        assert web.border_width == 0.0 and web.color is None, "links are invisible unless asked"
        jump.update(uri="mailto:someone@example.org")
        assert jump.uri == "mailto:someone@example.org" and jump.destination_page is None
        jump.update(destination_page=2)
        assert jump.destination_page == 2 and jump.uri is None
        doc.insert_blank_page(0)  # the destination is a page, not an index
        assert jump.destination_page == 3
        data = doc.to_bytes()
    with pdftools.open(data) as again:
        web, jump = again.pages[1].annotations
        assert web.uri == "https://example.org/a%20b?x=1&y=2" and jump.destination_page == 3


def test_attachment_bytes_and_names() -> None:
    payload = bytes(range(256)) + b"\x00" * 10 + "\u00e9\u6587".encode("utf-8")
    name = "d\u00e9j\u00e0 vu \u6587\u4ef6 \U0001f4ce.dat"
    with open_target("new") as doc:
        page = doc.pages[0]
        clip = page.add_annotation("FileAttachment", (100, 100, 120, 120), attachment=(name, payload), icon="Tag")
        empty = page.add_annotation("FileAttachment", (200, 100, 220, 120), attachment=("empty.txt", b""))
        bare = page.add_annotation("FileAttachment", (300, 100, 320, 120))
        assert clip.attachment == Attachment(name, payload)
        assert empty.attachment == ("empty.txt", b"")
        assert bare.attachment is None and bare.icon == "PushPin"
        clip.update(attachment=("again.bin", bytearray(b"\x00")))
        assert clip.attachment == ("again.bin", b"\x00")
        clip.update(attachment=(name, memoryview(payload)))
        data = doc.to_bytes()
    with pdftools.open(data) as again:
        clip, empty, bare = again.pages[0].annotations
        assert clip.attachment == (name, payload) and clip.icon == "Tag"
        assert empty.attachment == ("empty.txt", b"")
        assert bare.attachment is None


def test_icons_and_stamps() -> None:
    with open_target("new") as doc:
        page = doc.pages[0]
        for icon in ("Note", "Comment", "Key", "Help", "NewParagraph", "Paragraph", "Insert"):
            assert page.add_annotation("Text", (100, 100, 120, 120), icon=icon).icon == icon
        for icon in ("Approved", "Draft", "Confidential", "NotApproved"):
            assert page.add_annotation("Stamp", (100, 200, 250, 250), icon=icon).icon == icon
        stamp = page.add_annotation("Stamp", (100, 300, 250, 350))
        assert stamp.icon == "Draft"
        stamp.update(icon="Final")
        assert stamp.icon == "Final"


def test_properties_that_do_not_apply_read_as_none_or_defaults() -> None:
    with open_target("new") as doc:
        square = doc.pages[0].add_annotation("Square", (100, 100, 200, 200))
        assert square.font is None and square.font_size is None and square.text_color is None
        assert square.alignment is None and square.intent is None
        assert square.line is None and square.line_endings == (LineEnding.NONE, LineEnding.NONE)
        assert square.quads == [] and square.ink == [] and square.vertices == [] and square.callout == []
        assert square.uri is None and square.destination_page is None and square.attachment is None
        assert square.reply_to is None and square.reply_type is None and square.icon is None
        assert square.open is False and square.cloudy == 0.0 and square.opacity == 1.0
        assert square.leader_length == 0.0 and square.leader_extension == 0.0
        assert isinstance(square.color, Color) and isinstance(square.flags, AnnotationFlag)


def test_reading_corpus_annotations_with_the_typed_properties() -> None:
    """Files written by others: pdf.js's line and polygon files, PDFium's ink file."""
    with pdftools.open(corpus.path("pdfjs-annotation-line.pdf")) as doc:
        lines = [a for a in doc.pages[0].annotations if a.subtype == "Line"]
        assert lines and all(a.line is not None for a in lines)
        for line in lines:
            raw = [float(v) for v in line.get_raw("L").strip("[] ").split()]
            assert_close(line.line, ((raw[0], raw[1]), (raw[2], raw[3])))
    with pdftools.open(corpus.path("pdfium-ink-annot-no-ap.pdf")) as doc:
        inks = [a for a in doc.pages[0].annotations if a.subtype == "Ink"]
        assert inks and all(len(stroke) > 0 for a in inks for stroke in a.ink)
    with pdftools.open(corpus.path("pdfjs-quadpoints-markup.pdf")) as doc:
        markups = [a for page in doc.pages for a in page.annotations if a.subtype in annotspecs.TEXT_MARKUP]
        assert markups and all(a.quads for a in markups)



# -- custom stamp images -----------------------------------------------------------------------


def _image_bytes(fmt: str, mode: str = "RGB", size: Tuple[int, int] = (40, 20)) -> bytes:
    import io

    from PIL import Image

    fill = {"RGBA": (200, 30, 30, 128), "RGB": (200, 30, 30), "L": 90}[mode]
    image = Image.new(mode, size, fill)
    buffer = io.BytesIO()
    image.save(buffer, format=fmt)
    return buffer.getvalue()


@pytest.mark.parametrize("fmt, mode", [("PNG", "RGB"), ("PNG", "RGBA"), ("JPEG", "RGB"), ("JPEG", "L")])
def test_stamp_images(fmt: str, mode: str) -> None:
    with open_target("new") as doc:
        page = doc.pages[0]
        plain = page.render(1.0).data
        stamp = page.add_annotation("Stamp", (100, 600, 300, 700), stamp_image=_image_bytes(fmt, mode), name="img")
        assert stamp.icon is None and stamp.get_raw("PDFToolsImage") is not None
        assert page.render(1.0).data != plain
        stamp.update(rect=(100, 500, 300, 700), contents="still an image")
        assert stamp.get_raw("PDFToolsImage") is not None and stamp.icon is None
        data = doc.to_bytes()
    with pdftools.open(data) as again:
        stamp = again.pages[0].annotations[0]
        assert stamp.rect == (100, 500, 300, 700) and stamp.contents == "still an image"
        assert stamp.get_raw("PDFToolsImage") is not None


def test_bad_stamp_images_change_nothing() -> None:
    with open_target("new") as doc:
        page = doc.pages[0]
        stamp = page.add_annotation("Stamp", (100, 600, 300, 700))
        square = page.add_annotation("Square", (100, 100, 200, 200))
        before = snapshot(stamp)
        broken_png = _image_bytes("PNG")[:40]
        for bad in (broken_png, b"\xff\xd8\xff\x00broken", b"GIF89a", b""):
            with pytest.raises(pdftools.ArgumentError):
                stamp.update(stamp_image=bad, contents="changed", rect=(0, 0, 50, 50))
            assert snapshot(stamp) == before
        with pytest.raises(pdftools.ArgumentError):
            page.add_annotation("Stamp", (10, 10, 50, 50), stamp_image=broken_png)
        with pytest.raises(pdftools.ArgumentError):
            square.update(stamp_image=_image_bytes("PNG"))
        with pytest.raises(pdftools.ArgumentError):
            stamp.update(stamp_image=_image_bytes("PNG"), icon="Approved")
        with pytest.raises(TypeError):
            stamp.update(stamp_image="image.png")
        assert page.annotations == [stamp, square] and snapshot(stamp) == before


def test_reply_thread_is_depth_first() -> None:
    """replies lists the whole thread under an annotation, depth first, in z-order."""
    with open_target("new") as doc:
        page = doc.pages[0]
        note = page.add_annotation("Text", (10, 10, 30, 30), contents="question")
        first = page.add_annotation("Text", (10, 40, 30, 60), contents="answer 1", reply_to=note)
        nested = page.add_annotation("Text", (10, 70, 30, 90), contents="follow-up", reply_to=first)
        second = page.add_annotation("Text", (10, 100, 30, 120), contents="answer 2", reply_to=note)
        page.add_annotation("Text", (10, 130, 30, 150), contents="unrelated")
        assert [a.id for a in note.replies] == [first.id, nested.id, second.id]
        assert [a.id for a in first.replies] == [nested.id]
        assert second.replies == []

# SPDX-License-Identifier: GPL-3.0-or-later
"""Annotation exchange through the Python binding, checked with PDFium and MuPDF.

* XFDF round trip: every creatable subtype (annotspecs) on a new page and on a page of a real
  paper is exported and imported into a clean copy of the original; the library reads the same
  typed properties, PDFium and MuPDF read the same annotations (subtype, rectangle, name,
  contents, author), and poppler, PDFium and MuPDF render both documents alike.
* XFDF written by hand from the specification's examples imports; malformed XFDF is refused
  with the element and line named, and changes nothing.
* Change sets: two copies edited apart converge after exchanging their changes.
* Summaries: JSON and CSV, with filters.
* Flattening: per subtype, the three engines render the page inside the annotation's rectangle
  as before; the annotations are gone for PDFium and MuPDF; the page text is unchanged except
  for what a FreeText draws.
"""

from __future__ import annotations

import csv
import io
from collections import Counter
from typing import Any, Dict, List, Tuple

import pymupdf
import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
import pytest
from PIL import Image, ImageChops

import annotspecs
import corpus
import engines
import pdftools
from peers import pdfium_string

#: The subtypes exchanged (a popup travels inside its parent).
EXCHANGED = [subtype for subtype in annotspecs.SUBTYPES if subtype != "Popup"]


def clean_original(kind: str) -> bytes:
    """A document without annotations: a new one-page document, or a real paper."""
    if kind == "new":
        with pdftools.new() as document:
            document.insert_blank_page(0, 612, 792)
            return document.to_bytes()
    return corpus.path("pdfjs-tracemonkey.pdf").read_bytes()


def annotated(original: bytes) -> bytes:
    """original with every exchanged subtype added to page 0 (and a popup on the note)."""
    with pdftools.open(original) as document:
        made = annotspecs.add_all(document.pages[0])
        made["Popup"].delete()
        made["Text"].add_popup((400, 600, 560, 700), open=True)
        return document.to_bytes()


def pdfium_view(data: bytes) -> Dict[str, Tuple[Any, ...]]:
    """Per /NM: subtype, rectangle (to 0.01), contents and author, as PDFium reads them."""
    document = pdfium.PdfDocument(data)
    found: Dict[str, Tuple[Any, ...]] = {}
    try:
        for index in range(len(document)):
            page = document[index]
            for position in range(pdfium_c.FPDFPage_GetAnnotCount(page.raw)):
                annot = pdfium_c.FPDFPage_GetAnnot(page.raw, position)
                try:
                    subtype = pdfium_c.FPDFAnnot_GetSubtype(annot)
                    if subtype == pdfium_c.FPDF_ANNOT_POPUP:
                        continue
                    rect = pdfium_c.FS_RECTF()
                    assert pdfium_c.FPDFAnnot_GetRect(annot, rect)
                    box = tuple(round(v, 2) for v in (rect.left, rect.bottom, rect.right, rect.top))
                    name = pdfium_string(annot, "NM") or ""
                    found[name] = (subtype, box, pdfium_string(annot, "Contents"), pdfium_string(annot, "T"))
                finally:
                    pdfium_c.FPDFPage_CloseAnnot(annot)
    finally:
        document.close()
    return found


def mupdf_view(data: bytes) -> Dict[str, Tuple[Any, ...]]:
    """Per /NM: type, rectangle, colours, contents and author, as MuPDF reads them."""
    document = pymupdf.open(stream=data, filetype="pdf")
    found: Dict[str, Tuple[Any, ...]] = {}
    try:
        for page in document:
            for annot in page.annots():
                if annot.type[1] == "Popup":
                    continue
                info = annot.info
                colours = {key: tuple(value or ()) for key, value in annot.colors.items()}
                found[info.get("id", "")] = (annot.type[1], tuple(annot.rect), colours, info.get("content"), info.get("title"))
    finally:
        document.close()
    return found


def difference(a: Image.Image, b: Image.Image) -> float:
    """The share of pixels that differ by more than 48 in some channel."""
    if a.size != b.size:
        return 1.0
    diff = ImageChops.difference(a.convert("RGB"), b.convert("RGB")).convert("L").point(lambda v: 255 if v > 48 else 0)
    histogram = diff.histogram()
    return histogram[255] / float(a.size[0] * a.size[1])


@pytest.mark.parametrize("kind", ["new", "paper"])
def test_every_subtype_round_trips_through_xfdf(kind: str) -> None:
    original = clean_original(kind)
    source = annotated(original)
    with pdftools.open(source) as document:
        xfdf = document.export_xfdf()
        wanted = {a.name: a for a in document.pages[0].annotations if a.subtype != "Popup"}
        wanted_snapshots = {name: annotspecs.snapshot(a) for name, a in wanted.items()}
    assert xfdf.startswith('<?xml version="1.0" encoding="UTF-8"?>\n<xfdf xmlns="http://ns.adobe.com/xfdf/"')
    for subtype in EXCHANGED:
        assert f"<{subtype.lower()} " in xfdf
    with pdftools.open(original) as copy:
        result = copy.import_xfdf(xfdf)
        assert result == pdftools.ImportResult(added=len(EXCHANGED), changed=0, deleted=0, skipped=0)
        imported = {a.name: a for a in copy.pages[0].annotations if a.subtype != "Popup"}
        assert set(imported) == set(wanted_snapshots)
        for name, snapshot in wanted_snapshots.items():
            got = annotspecs.snapshot(imported[name])
            for values in (got, snapshot):
                values.pop("z_index")
            # Colours travel as #RRGGBB: within 1/255.
            annotspecs.assert_close(got, snapshot, where=name, tolerance=0.003)
        popups = [a for a in copy.pages[0].annotations if a.subtype == "Popup"]
        assert len(popups) == 1 and popups[0].open and popups[0].rect == pytest.approx((400, 600, 560, 700))
        assert imported["spec-text"].get_raw("Popup") is not None
        result = copy.import_xfdf(xfdf)
        assert (result.added, result.changed) == (0, 0)
        copied = copy.to_bytes()
    assert pdfium_view(copied) == pdfium_view(source)
    # Colours travel as #RRGGBB: within 1/255.
    annotspecs.assert_close(mupdf_view(copied), mupdf_view(source), where="MuPDF", tolerance=0.006)
    for engine, render in engines.ENGINES.items():
        assert difference(render(source, 0), render(copied, 0)) < 0.001, engine


SPEC_EXAMPLE = """<?xml version="1.0" encoding="UTF-8"?>
<xfdf xmlns="http://ns.adobe.com/xfdf/" xml:space="preserve">
  <annots>
    <square color="#FF0000" creationdate="D:20041207120503-08'00'" date="D:20041207120520-08'00'"
      flags="print" name="ba8e3fb6-6f97-4b71-b6a4-5f3a4ad34e72" page="0" rect="100,500,300,600"
      subject="Rectangle" title="Jane" width="2" style="dash" dashes="3,3" interior-color="#CCCCFF">
      <contents>Check this area</contents>
    </square>
    <freetext page="0" rect="320,500,520,560" name="ft-1" title="Jane" justification="centered" width="0">
      <contents>Approved with changes</contents>
      <defaultappearance>/Helv 14 Tf 0 0 1 rg</defaultappearance>
    </freetext>
    <line page="0" rect="90,390,310,460" name="ln-1" start="100,400" end="300,450" head="OpenArrow" tail="None" color="#0000FF"/>
    <strikeout page="0" rect="70,690,210,712" name="so-1" color="#FF0000" coords="72,710,208,710,72,692,208,692"/>
    <text page="0" rect="20,20,40,40" name="reply-1" title="John" inreplyto="ba8e3fb6-6f97-4b71-b6a4-5f3a4ad34e72"
      replyType="reply" state="Accepted" statemodel="Review" icon="Comment">
      <contents>Fine by me</contents>
    </text>
  </annots>
</xfdf>
"""


def test_hand_written_xfdf_imports_and_others_read_it() -> None:
    with pdftools.open(clean_original("new")) as document:
        result = document.import_xfdf(SPEC_EXAMPLE)
        assert result.added == 5
        by_name = {a.name: a for a in document.pages[0].annotations}
        square = by_name["ba8e3fb6-6f97-4b71-b6a4-5f3a4ad34e72"]
        assert square.contents == "Check this area" and square.author == "Jane"
        assert square.dashes == (3.0, 3.0) and square.border_width == 2.0
        assert square.interior_color == pytest.approx((0.8, 0.8, 1.0), abs=0.003)
        assert by_name["ft-1"].font_size == 14.0 and by_name["ft-1"].text_color == (0.0, 0.0, 1.0)
        assert by_name["reply-1"].reply_to is not None and by_name["reply-1"].reply_to.name == square.name
        summary = document.annotation_summary()
        assert [entry["state"] for entry in summary if entry["name"] == square.name] == ["Accepted"]
        data = document.to_bytes()
    seen = mupdf_view(data)
    assert seen["ba8e3fb6-6f97-4b71-b6a4-5f3a4ad34e72"][0] == "Square"
    assert seen["so-1"][0] == "StrikeOut"
    assert pdfium_view(data)["ft-1"][2] == "Approved with changes"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("<xfdf><annots><square page='0' rect='1,1,9,9' name='a'></annots></xfdf>", "not well-formed"),
        ("<xfdf>\n<annots>\n<circle page='3' rect='1,1,9,9' name='a'/></annots></xfdf>", "line 3, <circle>: page 3 does not exist"),
        ("<xfdf><annots><ink page='0' rect='1,1,9,9' name='a'><inklist><gesture>1,x</gesture></inklist></ink></annots></xfdf>", "gesture holds 'x'"),
        ("<xfdf><annots><square page='0' rect='1,1,nine,9' name='a'/></annots></xfdf>", "rect holds 'nine'"),
        ("<xfdf><annots><square page='0' rect='1,1,9,9'/></annots></xfdf>", "the name attribute is missing"),
        ("<xfdf><annots><square page='0' rect='1,1,9,9' name='a' color='red'/></annots></xfdf>", "not a #RRGGBB colour"),
        ("<xfdf><annots><square page='0' rect='1,1,9,9' name='a' flags='print,shiny'/></annots></xfdf>", "'shiny'"),
        ("<fields/>", "not <xfdf>"),
    ],
)
def test_malformed_xfdf_changes_nothing(text: str, message: str) -> None:
    source = annotated(clean_original("new"))
    with pdftools.open(source) as document:
        before = document.export_xfdf()
        good = "<square page='0' rect='1,1,9,9' name='fine'/>"
        broken = text.replace("<annots>", "<annots>" + good, 1)
        with pytest.raises(pdftools.ArgumentError) as failure:
            document.import_xfdf(broken)
        assert message in str(failure.value)
        assert document.export_xfdf() == before
        assert not document.can_undo or document.undo_label != "Import XFDF"


def test_change_sets_make_two_copies_converge() -> None:
    source = annotated(clean_original("paper"))
    with pdftools.open(source) as first, pdftools.open(source) as second:
        start = first.state_id
        by_name = {a.name: a for a in first.pages[0].annotations}
        by_name["spec-square"].update(color=(0, 0.5, 0), contents="changed on the first")
        first.pages[1].add_annotation("Circle", (100, 100, 200, 150), author="First")
        theirs = {a.name: a for a in second.pages[0].annotations}
        theirs["spec-caret"].delete()
        theirs["spec-ink"].update(opacity=0.4)
        second.pages[0].add_annotation("Highlight", quads=[((72, 600), (200, 600), (72, 588), (200, 588))], author="Second")
        from_first = first.export_changes(since=start)
        from_second = second.export_changes()
        assert "<modify>" in from_first and "spec-square" in from_first
        assert '<id page="0">spec-caret</id>' in from_second
        first_result = first.import_changes(from_second)
        second_result = second.import_changes(from_first)
        assert (first_result.added, first_result.changed, first_result.deleted) == (1, 1, 1)
        assert (second_result.added, second_result.changed) == (1, 1)
        assert first.export_xfdf() == second.export_xfdf()
        # Applying the same changes again changes nothing.
        again = second.import_changes(from_first)
        assert (again.added, again.changed) == (0, 0)


def test_summary_json_and_csv_with_filters() -> None:
    with pdftools.open(annotated(clean_original("paper"))) as document:
        note = {a.name: a for a in document.pages[0].annotations}["spec-text"]
        reply = document.pages[0].add_annotation("Text", (100, 100, 120, 120), author="Reviewer", contents="Done")
        reply.update(reply_to=note)
        everything = document.annotation_summary()
        assert [entry["page_label"] for entry in everything][:1] == ["1"]
        assert {entry["subtype"] for entry in everything} == set(EXCHANGED)
        entry = next(e for e in everything if e["name"] == "spec-text")
        assert entry["author"] == "Ann Author" and entry["replies"] == [reply.name]
        only = document.annotation_summary(subtypes=["Ink", "Line"])
        assert sorted(e["subtype"] for e in only) == ["Ink", "Line"]
        assert [e["contents"] for e in document.annotation_summary(authors=["Reviewer"])] == ["Done"]
        assert document.annotation_summary(until="2001-01-01") == []
        rows = list(csv.DictReader(io.StringIO(document.annotation_summary("csv"))))
        assert len(rows) == len(everything)
        assert rows[0].keys() == everything[0].keys()
        text_row = next(row for row in rows if row["name"] == "spec-text")
        assert text_row["contents"] == entry["contents"]
        with pytest.raises(pdftools.ArgumentError):
            document.annotation_summary("xml")
        with pytest.raises(pdftools.ArgumentError):
            document.annotation_summary(since="someday")


def page_text(data: bytes) -> str:
    with pdftools.open(data) as document:
        return document.pages[0].text


@pytest.mark.parametrize("subtype", EXCHANGED)
def test_flattening_each_subtype_looks_the_same(subtype: str) -> None:
    original = clean_original("paper")
    with pdftools.open(original) as document:
        made = annotspecs.add_all(document.pages[0])
        keep = made[subtype]
        for other, annotation in made.items():
            if other != subtype:
                annotation.delete()
        rect = tuple(keep.rect)
        before = document.to_bytes()
        assert document.flatten() == 1
        after = document.to_bytes()
    # A link is removed without drawing (engines disagree on drawing its border): the page
    # looks as it did without it.
    reference = original if subtype == "Link" else before
    for engine, render in engines.ENGINES.items():
        old, new = render(reference, 0), render(after, 0)
        box = engines.pixel_box(rect, 2, old.size)
        assert difference(old.crop(box), new.crop(box)) < 0.02, engine
    assert pdfium_view(after) == {}
    assert mupdf_view(after) == {}
    # The words drawn as text by the appearance are added; nothing else changes.
    # (Counted by character: drawn over the paper's title, the words run into its words.)
    drawn = {"FreeText": "Free text, Times 14", "Stamp": "APPROVED"}.get(subtype, "")
    old_chars, new_chars = (Counter("".join(page_text(data).split())) for data in (before, after))
    assert new_chars - old_chars == Counter("".join(drawn.split()))
    assert not old_chars - new_chars


def test_flatten_scope_and_signed_documents() -> None:
    with pdftools.open(annotated(clean_original("new"))) as document:
        count = len([a for a in document.pages[0].annotations if a.subtype != "Popup"])
        assert document.flatten(subtypes=["Ink", "Highlight"]) == 2
        assert {a.subtype for a in document.pages[0].annotations}.isdisjoint({"Ink", "Highlight"})
        assert document.undo()
        assert len([a for a in document.pages[0].annotations if a.subtype != "Popup"]) == count
    with pdftools.open(corpus.path("pdfium-two-signatures.pdf")) as document:
        document.pages[0].add_annotation("Square", (10, 10, 60, 60))
        with pytest.raises(pdftools.NotPermittedError):
            document.flatten()
        assert document.flatten(subtypes=["Square"], allow_invalidating_signatures=True) == 1


def test_flattening_on_a_rotated_page() -> None:
    """Every subtype on a page shown turned by /Rotate 90: each engine draws the page as before."""
    with pdftools.open(corpus.path("qpdf-rotated.pdf")) as document:
        page = document.pages[3]
        assert page.rotation == 90
        made = annotspecs.add_all(page)
        made["Popup"].delete()
        before = document.to_bytes()
        assert document.flatten(pages=[3]) == len(EXCHANGED)
        assert document.pages[3].annotations == []
        after = document.to_bytes()
    # (Whole pages: a link's border, which poppler draws and the flattened page does not, is
    # far below the bound.)
    for engine, render in engines.ENGINES.items():
        assert difference(render(before, 3), render(after, 3)) < 0.01, engine


def test_flattened_no_rotate_stamp_stays_upright_on_a_rotated_page() -> None:
    """A NoRotate stamp on a turned page is drawn upright about its corner shown top left, where
    poppler and PDFium show it (MuPDF does not show NoRotate annotations on turned pages; after
    flattening it draws the stamp where the others do)."""
    with pdftools.open(corpus.path("qpdf-rotated.pdf")) as document:
        stamp = document.pages[3].add_annotation("Stamp", (300, 500, 460, 550), icon="Approved")
        stamp.update(flags=pdftools.AnnotationFlag.PRINT | pdftools.AnnotationFlag.NO_ROTATE)
        before = document.to_bytes()
        document.flatten()
        after = document.to_bytes()
    for engine in ("poppler", "pdfium"):
        render = engines.ENGINES[engine]
        assert difference(render(before, 3), render(after, 3)) < 0.01, engine
    assert difference(engines.render_mupdf(after, 3), engines.render_ours(after, 3)) < 0.01


def test_what_xml_cannot_hold_or_past_the_limit_exports_readably() -> None:
    """Another writer's name of characters XML 1.0 cannot hold and geometry past the coordinate
    limit, and geometry an appearance widens past it: the export imports into a fresh copy."""
    with pdftools.new() as document:
        document.insert_blank_page(0, 612, 792)
        page = document.pages[0]
        square = page.add_annotation("Square", (10, 10, 50, 50))
        square.set_raw("NM", "(\\001)")
        square.set_raw("Rect", "[-5000000 10 50 9000000]")
        document.import_xfdf("<xfdf><annots><ink page='0' rect='0,0,1,1' name='i'><inklist>"
                             "<gesture>1000000,1000000</gesture></inklist></ink></annots></xfdf>")
        xfdf = document.export_xfdf()
        assert "1000000.5" not in xfdf
        with pdftools.new() as copy:
            copy.insert_blank_page(0, 612, 792)
            assert copy.import_xfdf(xfdf).added == 2
            rects = sorted(tuple(a.rect) for a in copy.pages[0].annotations if a.subtype == "Square")
            assert rects == [(-1_000_000, 10, 50, 1_000_000)]
    # What the reader takes is what the writer can write: &#1; is left out on reading too.
    with pdftools.new() as document:
        document.insert_blank_page(0, 612, 792)
        with pytest.raises(pdftools.ArgumentError, match="the name attribute is missing"):
            document.import_xfdf("<xfdf><annots><square page='0' rect='0,0,9,9' name='&#1;'/></annots></xfdf>")

# SPDX-License-Identifier: GPL-3.0-or-later
"""Forms: fill every field type on forms made by other programs and read the values back with
PDFium, MuPDF and poppler; widgets render alike in the three; design every type and fill it
back through PDFium; undo; signed forms keep their signature; locks are refused."""

from __future__ import annotations

import ctypes
import datetime
from pathlib import Path
from typing import Callable, Dict, List

import pymupdf
import pypdfium2 as pdfium
import pypdfium2.raw as raw
import pytest
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import rsa
from cryptography.x509.oid import NameOID
from pyhanko.pdf_utils.incremental_writer import IncrementalPdfFileWriter
from pyhanko.pdf_utils.reader import PdfFileReader
from pyhanko.sign import fields as sigfields
from pyhanko.sign import signers
from pyhanko.sign.validation import validate_pdf_signature
from pyhanko_certvalidator import ValidationContext
from reportlab.pdfgen import canvas

import corpus
import forminterop
import pdftools
from pdftools import FieldFlag, FieldStyle, FieldType


def pymupdf_form(path: Path) -> Path:
    """A form made with PyMuPDF: text, check box, two radio buttons, combo and list box."""
    document = pymupdf.open()
    page = document.new_page(width=612, height=792)

    def add(kind: int, name: str, rect: tuple, **values: object) -> None:
        widget = pymupdf.Widget()
        widget.field_type = kind
        widget.field_name = name
        widget.rect = pymupdf.Rect(*rect)
        for key, value in values.items():
            setattr(widget, key, value)
        page.add_widget(widget)

    add(pymupdf.PDF_WIDGET_TYPE_TEXT, "name", (50, 50, 250, 72), field_value="")
    add(pymupdf.PDF_WIDGET_TYPE_CHECKBOX, "agree", (50, 90, 66, 106), field_value=False)
    # PyMuPDF makes each radio button a field of its own (same names would collide).
    add(pymupdf.PDF_WIDGET_TYPE_RADIOBUTTON, "small", (50, 120, 66, 136), field_value=False)
    add(pymupdf.PDF_WIDGET_TYPE_RADIOBUTTON, "large", (80, 120, 96, 136), field_value=False)
    add(pymupdf.PDF_WIDGET_TYPE_COMBOBOX, "city", (50, 150, 250, 172), choice_values=["Berlin", "Paris", "Rome"], field_value="Berlin")
    add(pymupdf.PDF_WIDGET_TYPE_LISTBOX, "lang", (50, 190, 250, 260), choice_values=["Swift", "C", "Python"], field_value="C")
    document.save(path)
    document.close()
    return path


def reportlab_form(path: Path) -> Path:
    """A form made with reportlab: text, check box, radio group (two buttons), combo and list box."""
    sheet = canvas.Canvas(str(path), pagesize=(612, 792))
    form = sheet.acroForm
    form.textfield(name="name", x=50, y=700, width=200, height=20, value="")
    form.checkbox(name="agree", x=50, y=660, size=16, checked=False, buttonStyle="check")
    form.radio(name="size", value="small", x=50, y=620, size=16, selected=False)
    form.radio(name="size", value="large", x=80, y=620, size=16, selected=False)
    form.choice(name="city", options=["Berlin", "Paris", "Rome"], value="Berlin", x=50, y=580, width=200, height=20)
    form.listbox(name="lang", options=["Swift", "C", "Python"], value="C", x=50, y=500, width=200, height=60)
    sheet.showPage()
    sheet.save()
    return path


FORMS: Dict[str, Callable[[Path], Path]] = {
    "pdfbox-acroforms-basic-fields.pdf": lambda folder: corpus.path("pdfbox-acroforms-basic-fields.pdf"),
    "pdfbox-acroform-9-revisions.pdf": lambda folder: corpus.path("pdfbox-acroform-9-revisions.pdf"),
    "qpdf-field-types-need-appearances.pdf": lambda folder: corpus.path("qpdf-field-types-need-appearances.pdf"),
    "pymupdf": lambda folder: pymupdf_form(folder / "pymupdf-form.pdf"),
    "reportlab": lambda folder: reportlab_form(folder / "reportlab-form.pdf"),
}


def fill_all(document: pdftools.Document) -> Dict[str, object]:
    """Fills every field that takes a value; returns name -> the value set."""
    expected: Dict[str, object] = {}
    for number, field in enumerate(document.fields.all()):
        if field.is_read_only or field.locked:
            continue
        kind = field.type
        options = field.options
        if kind == FieldType.TEXT:
            value = f"Filled {number} ü"
            if field.max_length is not None:
                value = value[: field.max_length]
            field.value = value
        elif kind in (FieldType.CHECKBOX, FieldType.RADIO) and options:
            value = options[-1].export_value
            field.value = value
        elif kind in (FieldType.COMBO_BOX, FieldType.LIST_BOX) and options:
            value = options[-1].export_value
            field.selected = [len(options) - 1]
        else:
            continue
        expected[field.name] = value
    return expected


@pytest.mark.parametrize("form", list(FORMS))
def test_filled_values_read_alike_in_three_engines(form: str, tmp_path: Path) -> None:
    source = FORMS[form](tmp_path)
    out = tmp_path / "filled.pdf"
    with pdftools.open(source) as document:
        expected = fill_all(document)
        assert len(expected) >= 5, expected
        for name, value in expected.items():
            assert document.fields[name].values == [value]
        document.save(out)
    with pdftools.open(out) as reread:
        assert {name: reread.fields[name].values for name in expected} == {name: [v] for name, v in expected.items()}
    peer = forminterop.pdfium_values(str(out))
    mupdf = forminterop.mupdf_values(str(out))
    poppler = forminterop.poppler_values(str(out))
    with pdftools.open(out) as document:
        for name, value in expected.items():
            field = document.fields[name]
            kind = field.type
            assert name in peer and name in mupdf and name in poppler, name
            if kind == FieldType.TEXT:
                assert {v for v, _ in peer[name]} == {value}, name
                assert set(mupdf[name]) == {value}, name
                assert poppler[name]["value"] == value, name
            elif kind in (FieldType.CHECKBOX, FieldType.RADIO):
                # The engines list widgets in page order, ours in /Kids order: compare what is on.
                on_states = sorted(w.on_state for w in field.widgets if w.on)
                assert on_states, name
                assert sum(checked for _, checked in peer[name]) == len(on_states), name
                assert {v for v, _ in peer[name]} == {value}, name
                if kind == FieldType.RADIO:  # MuPDF: each radio button's own state
                    assert sorted(v for v in mupdf[name] if v != "Off") == on_states, name
                else:  # MuPDF: the check box's value on every widget
                    assert set(mupdf[name]) == {value}, name
                assert sum(poppler[name]["widgets"]) == len(on_states), name
            else:
                shown = [o.display_name for o in field.options if o.export_value == value]
                assert {v for v, _ in peer[name]} == {value}, name
                assert poppler[name]["value"] == shown, name
                assert set(mupdf[name]) == {value}, name


@pytest.mark.parametrize("form", ["pdfbox-acroform-9-revisions.pdf", "pymupdf", "reportlab"])
def test_filled_widgets_render_alike(form: str, tmp_path: Path) -> None:
    source = FORMS[form](tmp_path)
    out = tmp_path / "filled.pdf"
    scale = 2.0
    with pdftools.open(source) as document:
        assert not document.fields.info.need_appearances
        expected = fill_all(document)
        document.save(out)
        boxes = []
        for name in expected:
            for widget in document.fields[name].widgets:
                x0, y0, x1, y1 = widget.rect
                height = document.pages[widget.page_index].size[1]
                boxes.append((name, (int(x0 * scale) + 2, int((height - y1) * scale) + 2, int(x1 * scale) - 2, int((height - y0) * scale) - 2)))
    images = forminterop.renders(str(out), 0, scale)
    compared = 0
    for name, box in boxes:
        seen = {engine: forminterop.ink(image, box) for engine, image in images.items()}
        counts = [count for count, _ in seen.values()]
        if max(counts) == 0:
            continue  # an off radio button or check box: nothing drawn anywhere
        compared += 1
        assert min(counts) > 0, (name, seen)
        assert min(counts) >= 0.45 * max(counts), (name, seen)
        lefts = [bbox[0] for _, bbox in seen.values()]
        tops = [bbox[1] for _, bbox in seen.values()]
        assert max(lefts) - min(lefts) <= 6 * scale and max(tops) - min(tops) <= 6 * scale, (name, seen)
    assert compared >= 4


def test_rotated_pages_fill_and_render(tmp_path: Path) -> None:
    out = tmp_path / "rotated.pdf"
    with pdftools.open(corpus.path("qpdf-overlay-copy-annotations-rotated.pdf")) as document:
        texts = [f for f in document.fields.all() if f.type == FieldType.TEXT]
        assert len(texts) >= 4
        names = [f.name for f in texts]
        for number, field in enumerate(texts):
            field.value = f"Turned {number}"
        rotations = {w.page_index: document.pages[w.page_index].rotation for f in texts for w in f.widgets}
        assert set(rotations.values()) == {0, 90, 180, 270}
        document.save(out)
    peer = forminterop.pdfium_values(str(out))
    for number, name in enumerate(names):
        assert {v for v, _ in peer[name]} == {f"Turned {number}"}


def test_designed_fields_are_filled_back_through_pdfium(tmp_path: Path) -> None:
    path = tmp_path / "designed.pdf"
    with pdftools.new() as document:
        page = document.pages.insert(0, None, width=612, height=792)
        page = document.pages[0]
        page.add_field("text", "name", (50, 700, 250, 722), tooltip="Your name")
        page.add_field("checkbox", "agree", (50, 660, 66, 676))
        size = page.add_field("radio", "size", (50, 620, 66, 636), options=["S"])
        size.add_widget(0, (80, 620, 96, 636), "M")
        page.add_field("combo_box", "city", (50, 580, 250, 602), options=[("be", "Berlin"), ("pa", "Paris")])
        page.add_field("list_box", "lang", (50, 500, 250, 560), options=["Swift", "C", "Python"])
        page.add_field("push_button", "send", (300, 700, 400, 722), options=["Send"])
        page.add_field("signature", "signed", (300, 600, 450, 650))
        assert [f.type for f in document.fields.all()] == [
            FieldType.TEXT, FieldType.CHECKBOX, FieldType.RADIO, FieldType.COMBO_BOX, FieldType.LIST_BOX,
            FieldType.PUSH_BUTTON, FieldType.SIGNATURE,
        ]
        document.save(path, incremental=False)

    filled = tmp_path / "filled-by-pdfium.pdf"
    peer = pdfium.PdfDocument(str(path))
    peer.init_forms()
    pdf_page = peer[0]
    handle = peer.formenv
    raw.FORM_OnAfterLoadPage(pdf_page, handle)

    def click(x: float, y: float) -> None:
        raw.FORM_OnMouseMove(handle, pdf_page, 0, x, y)
        raw.FORM_OnLButtonDown(handle, pdf_page, 0, x, y)
        raw.FORM_OnLButtonUp(handle, pdf_page, 0, x, y)

    click(150, 711)
    text = "Typed in PDFium"
    buffer = (raw.FPDF_WCHAR * (len(text) + 1))(*[ord(c) for c in text], 0)
    raw.FORM_ReplaceSelection(handle, pdf_page, ctypes.cast(buffer, raw.FPDF_WIDESTRING))
    click(58, 668)  # the check box
    click(88, 628)  # radio button M
    click(150, 530)  # the list box: PDFium selects the row under the click
    click(150, 591)  # the combo box takes the focus; its second option is chosen
    raw.FORM_SetIndexSelected(handle, pdf_page, 1, True)
    raw.FORM_ForceToKillFocus(handle)
    raw.FORM_OnBeforeClosePage(pdf_page, handle)
    peer.save(str(filled))
    peer.close()

    with pdftools.open(filled) as document:
        fields = document.fields
        assert fields["name"].value == "Typed in PDFium"
        assert fields["agree"].checked
        assert fields["size"].value == "M"
        assert fields["lang"].value in ("Swift", "C", "Python")  # the row under the click
        assert fields["city"].value == "pa"
        assert fields["name"].tooltip == "Your name"


def test_undo_redo_and_typing(tmp_path: Path) -> None:
    with pdftools.open(corpus.path("pdfbox-acroform-9-revisions.pdf")) as document:
        name = document.fields["TextField"]
        before = name.value
        for end in range(1, 6):
            name.value = "Hello"[:end]
        document.fields["CheckBox2"].value = True
        assert document.undo() and not document.fields["CheckBox2"].checked
        assert name.value == "Hello"
        assert document.undo(), "five keystrokes are one step"
        assert name.value == before
        document.redo()
        document.redo()
        assert name.value == "Hello" and document.fields["CheckBox2"].checked
        assert document.reset_form() >= 5
        assert document.fields["ComboBox"].value == "Porsche"  # its default
        document.undo()
        assert document.fields["ComboBox"].value == "VW"


def _signer(folder: Path) -> signers.SimpleSigner:
    key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "libpdftools forms test")])
    now = datetime.datetime.now(datetime.timezone.utc)
    cert = (
        x509.CertificateBuilder().subject_name(name).issuer_name(name).public_key(key.public_key()).serial_number(7)
        .not_valid_before(now - datetime.timedelta(days=1)).not_valid_after(now + datetime.timedelta(days=30))
        .sign(key, hashes.SHA256())
    )
    (folder / "key.pem").write_bytes(
        key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption())
    )
    (folder / "cert.pem").write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    return signers.SimpleSigner.load(str(folder / "key.pem"), str(folder / "cert.pem"))


def _sign(source: Path, target: Path, signer: signers.SimpleSigner, locked: List[str]) -> None:
    with source.open("rb") as handle:
        writer = IncrementalPdfFileWriter(handle)
        lock = sigfields.FieldMDPSpec(sigfields.FieldMDPAction.INCLUDE, fields=locked) if locked else None
        sigfields.append_signature_field(
            writer, sigfields.SigFieldSpec("Signature1", box=(300, 700, 450, 740), field_mdp_spec=lock)
        )
        meta = signers.PdfSignatureMetadata(field_name="Signature1")
        with target.open("wb") as out:
            signers.sign_pdf(writer, meta, signer=signer, output=out)


def _validate(path: Path, signer: signers.SimpleSigner) -> tuple:
    with path.open("rb") as handle:
        status = validate_pdf_signature(
            PdfFileReader(handle).embedded_signatures[0], ValidationContext(trust_roots=[signer.signing_cert])
        )
        return status.intact, status.valid, status.coverage.name, status.modification_level.name


@pytest.mark.parametrize("maker", ["pymupdf", "reportlab"])
def test_filling_a_signed_form_keeps_the_signature(maker: str, tmp_path: Path) -> None:
    form = FORMS[maker](tmp_path)
    signer = _signer(tmp_path)
    signed = tmp_path / "signed.pdf"
    _sign(form, signed, signer, locked=["agree"])
    assert _validate(signed, signer)[:3] == (True, True, "ENTIRE_FILE")
    original = signed.read_bytes()
    radio = "size" if maker == "reportlab" else "large"
    with pdftools.open(signed) as document:
        assert document.fields.info.signed_count == 1
        assert document.fields["agree"].locked and not document.fields["name"].locked
        with pytest.raises(pdftools.NotPermittedError):
            document.fields["agree"].value = True
        with pytest.raises(pdftools.NotPermittedError):
            document.pages[0].add_field("text", "later", (50, 50, 100, 70))
        document.fields["name"].value = "Filled after signing"
        document.fields[radio].value = document.fields[radio].options[-1].export_value
        document.save(signed)  # automatic mode: incremental
    after = signed.read_bytes()
    assert after.startswith(original) and len(after) > len(original)
    intact, valid, coverage, level = _validate(signed, signer)
    assert (intact, valid, coverage) == (True, True, "ENTIRE_REVISION")
    if maker == "pymupdf":
        # pyHanko's difference analysis accepts the update as form filling. (It does not
        # account for widgets that are kids of their field, as reportlab's are, at all.)
        assert level == "FORM_FILLING"
    with pdftools.open(signed) as document:
        assert document.fields["name"].value == "Filled after signing"
        assert not document.fields["agree"].checked


def test_read_only_and_bad_values_are_refused() -> None:
    with pdftools.open(corpus.path("pdfbox-acroform-9-revisions.pdf")) as document:
        combo = document.fields["ComboBox"]
        with pytest.raises(pdftools.ArgumentError):
            combo.value = "Trabant"
        editable = document.fields["ComboBoxEditable"]
        editable.value = "Trabant"
        assert editable.value == "Trabant"
        with pytest.raises(pdftools.ArgumentError):
            document.fields["ListBox"].selected = [0, 1]
        with pytest.raises(pdftools.ArgumentError):
            document.fields["Button"].value = "x"
        with pytest.raises(KeyError):
            document.fields["nope"]
        text = document.fields["TextField"]
        text.set_flags(FieldFlag.READ_ONLY)
        with pytest.raises(pdftools.NotPermittedError):
            text.value = "changed"
        assert text.is_read_only and text.value == "Heinz Mustermann"


def test_design_changes(tmp_path: Path) -> None:
    with pdftools.new() as document:
        document.pages.insert(0, None, width=612, height=792)
        page = document.pages[0]
        zip_code = page.add_field("text", "zip", (50, 700, 150, 720), flags=FieldFlag.COMB, max_length=5)
        zip_code.value = "12345"
        with pytest.raises(pdftools.ArgumentError):
            zip_code.value = "123456"
        zip_code.set_style(FieldStyle(border_color=(1, 0, 0), background_color=(1, 1, 0.8), font_size=10))
        assert zip_code.default_appearance == "/Helv 10 Tf 0 0 0 rg"
        zip_code.rename("postcode")
        assert document.fields["postcode"] == zip_code
        city = page.add_field("combo_box", "city", (50, 600, 250, 620), options=["a", "b"], default="b")
        assert city.value == "b" and city.default_values == ["b"]
        city.set_options([("x", "Ex"), ("b", "Bee")])
        assert city.value == "b" and [o.display_name for o in city.options] == ["Ex", "Bee"]
        city.set_default("x")
        city.reset()
        assert city.value == "x"
        city.delete()
        assert list(document.fields) == ["postcode"]
        with pytest.raises(pdftools.NotFoundError):
            city.value
        document.undo()
        assert list(document.fields) == ["postcode", "city"]


def test_form_data_through_xfdf() -> None:
    with pdftools.open(corpus.path("pdfbox-acroform-9-revisions.pdf")) as source:
        xfdf = source.fields.export_xfdf()
        values = {f.name: f.values for f in source.fields.all()}
    assert "<field name=\"ComboBox\"><value>VW</value></field>" in xfdf
    with pdftools.open(corpus.path("pdfbox-acroform-9-revisions.pdf")) as target:
        target.reset_form()
        target.clear_undo()
        assert target.fields.import_xfdf(xfdf) == (10, 0)
        assert {f.name: f.values for f in target.fields.all()} == values
        with pytest.raises(pdftools.ArgumentError, match="line 2"):
            target.fields.import_xfdf('<xfdf xmlns="http://ns.adobe.com/xfdf/"><fields>\n<field name="ComboBox"><value>Trabant</value></field></fields></xfdf>')
        target.undo()
        assert target.fields["ComboBox"].value == "Porsche"

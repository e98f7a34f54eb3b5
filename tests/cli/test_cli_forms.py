# SPDX-License-Identifier: GPL-3.0-or-later
"""The fields and fill commands of the tool on PDFBox's filled form: what fill writes is read
back by PDFium and checked by qpdf; refusals leave no file."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pypdfium2 as pdfium
import pypdfium2.raw as raw

from test_cli import CORPUS, run  # tests/cli: the tool and how it is run

FORM = CORPUS / "pdfbox-acroform-9-revisions.pdf"


def pdfium_value(path: Path, name: str) -> str:
    """The value PDFium's form layer reads for the first widget of field name."""
    import ctypes

    document = pdfium.PdfDocument(str(path))
    try:
        document.init_forms()
        page = document[0]
        for index in range(raw.FPDFPage_GetAnnotCount(page)):
            annot = raw.FPDFPage_GetAnnot(page, index)
            try:
                size = raw.FPDFAnnot_GetFormFieldName(document.formenv, annot, None, 0)
                buffer = ctypes.create_string_buffer(size)
                raw.FPDFAnnot_GetFormFieldName(document.formenv, annot, ctypes.cast(buffer, ctypes.POINTER(raw.FPDF_WCHAR)), size)
                if buffer.raw[: size - 2].decode("utf-16-le") != name:
                    continue
                size = raw.FPDFAnnot_GetFormFieldValue(document.formenv, annot, None, 0)
                buffer = ctypes.create_string_buffer(size)
                raw.FPDFAnnot_GetFormFieldValue(document.formenv, annot, ctypes.cast(buffer, ctypes.POINTER(raw.FPDF_WCHAR)), size)
                return buffer.raw[: size - 2].decode("utf-16-le")
            finally:
                raw.FPDFPage_CloseAnnot(annot)
        raise KeyError(name)
    finally:
        document.close()


def test_help_and_listing() -> None:
    assert "  fields " in run("--help").stdout and "  fill " in run("--help").stdout
    assert run("fields", "--help").stdout.startswith("Usage: pdftools fields")
    assert run("fill", "--help").stdout.startswith("Usage: pdftools fill")
    lines = run("fields", FORM).stdout.splitlines()
    assert lines[0] == "TextField\ttext\tHeinz Mustermann\t"
    assert "ListBoxMultiSelect\tlist_box\tEarth; Sun; Venus\tmulti_select" in lines
    listed = json.loads(run("fields", FORM, "--json").stdout)
    combo = next(f for f in listed["fields"] if f["name"] == "ComboBox")
    assert combo["type"] == "combo_box" and combo["value"] == ["VW"] and combo["default"] == ["Porsche"]
    assert [o["value"] for o in combo["options"]] == ["BMW", "Porsche", "VW", "Audi"]
    radio = next(f for f in listed["fields"] if f["name"] == "GroupOption")
    assert [w["state"] for w in radio["widgets"]] == ["Option1", "Option2"] and radio["widgets"][1]["on"]


def test_fill_and_save(tmp_path: Path) -> None:
    out = tmp_path / "filled.pdf"
    run("fill", FORM, "TextField=Ada Lovelace – ü", "CheckBox2=on", "GroupOption=Option1",
        "ListBoxMultiSelect=Mars; Venus", "ComboBox=Audi", "-o", out)
    subprocess.run(["qpdf", "--check", str(out)], check=True, capture_output=True)
    listed = {f["name"]: f["value"] for f in json.loads(run("fields", out, "--json").stdout)["fields"]}
    assert listed["TextField"] == ["Ada Lovelace – ü"] and listed["CheckBox2"] == ["Ja"]
    assert listed["GroupOption"] == ["Option1"] and listed["ListBoxMultiSelect"] == ["Mars", "Venus"]
    assert pdfium_value(out, "TextField") == "Ada Lovelace – ü" and pdfium_value(out, "ComboBox") == "Audi"
    # --incremental appends to the file itself; --reset gives the defaults back.
    original = out.read_bytes()
    run("fill", out, "--reset", "--incremental")
    assert out.read_bytes().startswith(original)
    listed = {f["name"]: f["value"] for f in json.loads(run("fields", out, "--json").stdout)["fields"]}
    assert listed["ComboBox"] == ["Porsche"] and listed["TextField"] == [] and listed["CheckBox2"] == ["Off"]


def test_refusals(tmp_path: Path) -> None:
    out = tmp_path / "never.pdf"
    for arguments, code, message in [
        (["ComboBox=Trabant"], 1, "'Trabant' is not an option"),
        (["Nope=1"], 1, "no field named 'Nope'"),
        (["TextField"], 2, "is not NAME=VALUE"),
    ]:
        done = run("fill", FORM, *arguments, "-o", out, code=code)
        assert message in done.stderr, done.stderr
        assert not out.exists()
    assert "-o OUT.pdf or --incremental" in run("fill", FORM, "TextField=x", code=2).stderr

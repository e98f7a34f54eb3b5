# SPDX-License-Identifier: GPL-3.0-or-later
"""The exchange commands of the tool (xfdf, summary, flatten), run as a user would; what they
write is read back by the Python binding and MuPDF."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pymupdf

import pdftools
from test_cli import CORPUS, SAMPLE, run  # tests/cli: the tool and how it is run


def annotated(tmp_path: Path) -> Path:
    """The sample with a square by Ana and a highlight by Ben on page 1."""
    path = tmp_path / "annotated.pdf"
    with pdftools.open(SAMPLE) as document:
        page = document.pages[0]
        page.add_annotation("Square", (100, 500, 200, 600), author="Ana", contents="look", name="sq-1")
        page.add_annotation("Highlight", quads=[((72, 700), (200, 700), (72, 688), (200, 688))], author="Ben", name="hl-1")
        document.save(path)
    return path


def test_help_names_the_exchange_commands() -> None:
    out = run("--help").stdout
    for name in ("xfdf", "summary", "flatten"):
        assert f"  {name} " in out
        assert run(name, "--help").stdout.startswith("Usage: pdftools " + name)


def test_xfdf_export_then_import_into_the_original(tmp_path: Path) -> None:
    source = annotated(tmp_path)
    xfdf = tmp_path / "review.xfdf"
    run("xfdf", "export", source, "-o", xfdf)
    text = xfdf.read_text(encoding="utf-8")
    assert 'name="sq-1"' in text and 'name="hl-1"' in text
    assert run("xfdf", "export", source, "--pages", "1").stdout == text
    merged = tmp_path / "merged.pdf"
    assert run("xfdf", "import", SAMPLE, xfdf, "-o", merged).stdout == "added 2, changed 0, skipped 0\n"
    document = pymupdf.open(merged)
    assert sorted(annot.info["id"] for annot in document[0].annots()) == ["hl-1", "sq-1"]
    # Malformed XFDF: exit 1, the line named, no file written.
    bad = tmp_path / "bad.xfdf"
    bad.write_text("<xfdf><annots>\n<square page='0' rect='1,2,3' name='x'/></annots></xfdf>", encoding="utf-8")
    failed = run("xfdf", "import", SAMPLE, bad, "-o", tmp_path / "never.pdf", code=1)
    assert "line 2, <square>" in failed.stderr
    assert not (tmp_path / "never.pdf").exists()
    assert "say 'export' or 'import'" in run("xfdf", "frob", SAMPLE, code=2).stderr


def test_summary_json_and_csv(tmp_path: Path) -> None:
    source = annotated(tmp_path)
    entries = json.loads(run("summary", source).stdout)
    with pdftools.open(SAMPLE) as document:
        label = document.pages[0].label  # the sample numbers its first pages i, ii, ...
    assert label == "i"
    assert [(e["subtype"], e["author"], e["page_label"]) for e in entries] == [("Square", "Ana", label), ("Highlight", "Ben", label)]
    rows = list(csv.DictReader(io.StringIO(run("summary", source, "--csv", "--author", "Ben").stdout)))
    assert [row["name"] for row in rows] == ["hl-1"]
    assert json.loads(run("summary", source, "--type", "Square").stdout)[0]["contents"] == "look"
    assert "is not a date" in run("summary", source, "--since", "soon", code=1).stderr


def test_flatten_writes_a_page_without_annotations(tmp_path: Path) -> None:
    source = annotated(tmp_path)
    flat = tmp_path / "flat.pdf"
    assert run("flatten", source, "-o", flat).stdout == "2\n"
    with pdftools.open(flat) as document:
        assert document.pages[0].annotations == []
    only = tmp_path / "only.pdf"
    assert run("flatten", source, "--type", "Highlight", "-o", only).stdout == "1\n"
    with pdftools.open(only) as document:
        assert [a.subtype for a in document.pages[0].annotations] == ["Square"]
    signed = CORPUS / "pdfium-two-signatures.pdf"
    assert "signature" in run("flatten", signed, "-o", tmp_path / "s.pdf", code=1).stderr
    run("flatten", signed, "-o", tmp_path / "s.pdf", "--allow-signed")

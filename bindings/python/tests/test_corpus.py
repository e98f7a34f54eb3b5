# SPDX-License-Identifier: GPL-3.0-or-later
"""Every corpus file behaves as manifest.json expects: page counts, repairs, errors, versions, rotations."""

from __future__ import annotations

from typing import Optional

import pytest

import corpus
import pdftools

# Files whose cross-reference data is unusable, so opening them means rebuilding it.
XREF_REBUILD = {
    "qpdf-bad2-no-startxref.pdf",
    "qpdf-bad3-bad-xref-offset.pdf",
    "derived-pdfium-linearized-truncated.pdf",
    "pdf20-utf8-test-mangled.pdf",
    "pdfjs-xref-command-missing.pdf",
    "pdfium-parser-rebuildxref-correct.pdf",
}


def _open(name: str) -> pdftools.Document:
    return pdftools.open(corpus.path(name), password=corpus.open_password(name))


@pytest.mark.parametrize("name", [e["name"] for e in corpus.FILES])
def test_page_count(name: str) -> None:
    entry = corpus.entry(name)
    expect = entry["expect"]
    if expect == "error":
        with pytest.raises(pdftools.FormatError) as info:
            _open(name)
        assert info.value.message
        return
    try:
        doc = _open(name)
    except pdftools.FormatError:
        if expect == "repair" and entry.get("also_acceptable") == "error":
            return
        raise
    with doc:
        assert doc.page_count == entry["verified"]["pages"]
        assert len(doc.pages) == entry["verified"]["pages"]


# Conforming files; one "open" file has a bad xref offset for an unreferenced object
# (qpdf reports damage there), so it is left out.
CONFORMING = [
    n for n in corpus.names(expect="open")
    if not corpus.entry(n)["verified"].get("readers", {}).get("qpdf reports damage")
]


@pytest.mark.parametrize("name", CONFORMING)
def test_conforming_files_are_not_repaired(name: str) -> None:
    with _open(name) as doc:
        assert not doc.was_repaired


@pytest.mark.parametrize("name", sorted(XREF_REBUILD))
def test_damaged_xref_is_repaired(name: str) -> None:
    with _open(name) as doc:
        assert doc.was_repaired
        assert doc.page_count == corpus.entry(name)["verified"]["pages"]


def _expected_version(name: str) -> Optional[str]:
    verified = corpus.entry(name)["verified"]
    versions = [v for v in (verified.get("pdf_version"), verified.get("catalog_version")) if v]
    if not versions:
        return None
    return max(versions, key=lambda v: tuple(int(part) for part in v.split(".")))


@pytest.mark.parametrize("name", [n for n in corpus.names(expect="open") if _expected_version(n)])
def test_pdf_version(name: str) -> None:
    expected = _expected_version(name)
    with _open(name) as doc:
        assert doc.pdf_version == expected
        assert doc.pdf_version_tuple == tuple(int(part) for part in expected.split("."))
        assert doc.pdf_extension_level >= 0


@pytest.mark.parametrize(
    "name", [e["name"] for e in corpus.FILES if e["expect"] != "error" and e["verified"].get("rotations")]
)
def test_rotations_seen(name: str) -> None:
    entry = corpus.entry(name)
    try:
        doc = _open(name)
    except pdftools.FormatError:
        if entry.get("also_acceptable") == "error":
            return
        raise
    with doc:
        seen = {page.rotation for page in doc.pages}
        assert seen == set(entry["verified"]["rotations"])


@pytest.mark.parametrize(
    "name", [e["name"] for e in corpus.FILES if e["verified"].get("nonzero_origin_boxes")]
)
def test_nonzero_origin_boxes(name: str) -> None:
    keys = {"MediaBox": pdftools.Box.MEDIA, "CropBox": pdftools.Box.CROP}
    with _open(name) as doc:
        for fact in corpus.entry(name)["verified"]["nonzero_origin_boxes"]:
            page = doc.pages[fact["page"] - 1]
            assert page.box(keys[fact["box"]]) == pytest.approx(tuple(fact["rect"])), fact


def test_signature_fields() -> None:
    with _open("qpdf-digitally-signed.pdf") as doc:
        assert doc.has_signature_fields
    with _open("pdfium-two-signatures.pdf") as doc:
        assert doc.has_signature_fields
    with _open("qpdf-rotated.pdf") as doc:
        assert not doc.has_signature_fields


def test_xref_compressed_in_compressed_survives_everything() -> None:
    name = "qpdf-xref-compressed-in-compressed.pdf"
    with _open(name) as doc:
        assert doc.page_count == 30
        for page in doc.pages:
            for box in pdftools.Box:
                rect = page.box(box)
                assert rect.x0 <= rect.x1 and rect.y0 <= rect.y1
            assert page.rotation in (0, 90, 180, 270)
            assert page.label
            assert page.size.width > 0 and page.size.height > 0
        data = doc.to_bytes()
    with pdftools.open(data) as again:
        assert again.page_count == 30
        for page in again.pages:
            page.crop_box

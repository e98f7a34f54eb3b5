# SPDX-License-Identifier: GPL-3.0-or-later
"""Incremental and automatic saves (``incremental=True`` / ``None``).

An incremental save keeps the original bytes as a byte-exact prefix and
appends only the changed and new objects with a cross-reference section of
the original's kind and /Prev.  Results are checked with ``qpdf --check``
(exit 0: clean, 3: warnings; 2 would be errors) and signatures with poppler's
``pdfsig``.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path
from typing import Union

import pytest

import corpus
import pdftools

SIGNED = "qpdf-digitally-signed.pdf"

# One file per cross-reference kind: a classic table, an xref stream, hybrid,
# an xref stream with object streams, and a file already updated several times.
INCREMENTAL_FILES = [
    "qpdf-rotated.pdf",
    "pdfjs-annotation-square-circle.pdf",
    "qpdf-hybrid-xref.pdf",
    "qpdf-object-streams.pdf",
    "pdfbox-acroform-9-revisions.pdf",
    "qpdf-incremental-3-revisions.pdf",
]


def _qpdf_check(source: Union[Path, bytes], tmp_path: Path) -> str:
    """Runs qpdf --check; asserts exit 0 or 3 and returns its output."""
    if isinstance(source, bytes):
        path = tmp_path / "checked.pdf"
        path.write_bytes(source)
    else:
        path = source
    run = subprocess.run(["qpdf", "--check", str(path)], capture_output=True, text=True, timeout=120)
    output = run.stdout + run.stderr
    assert run.returncode in (0, 3), f"qpdf --check exit {run.returncode}:\n{output}"
    return output


def _pdfsig(path: Path) -> str:
    run = subprocess.run(["pdfsig", str(path)], capture_output=True, text=True, timeout=120)
    return run.stdout + run.stderr


def _kind(data: bytes) -> str:
    """"table" or "stream": the kind of the last cross-reference section."""
    offset = int(re.findall(rb"startxref\s+(\d+)", data)[-1])
    header = data.index(b"%PDF-")
    for base in (0, header):  # offsets may count from the %PDF header
        if data[base + offset : base + offset + 4] == b"xref":
            return "table"
    return "stream"


def _edit(doc: pdftools.Document, title: str) -> None:
    """A small change: one metadata entry (and an annotation entry when there is one)."""
    doc.metadata["Title"] = title
    for page in doc.pages:
        annotations = page.annotations
        if annotations:
            annotations[0].set_raw("M", f"({title})")
            return


@pytest.mark.parametrize("name", INCREMENTAL_FILES)
def test_original_bytes_stay_a_prefix(name: str, tmp_path: Path) -> None:
    original = corpus.path(name).read_bytes()
    with pdftools.open(corpus.path(name)) as doc:
        _edit(doc, "appended")
        data = doc.to_bytes(incremental=True)
        assert doc.is_modified  # to_bytes does not count as saving
    assert data.startswith(original)
    update = data[len(original) :]
    assert b"/Prev" in update and update.rstrip().endswith(b"%%EOF")
    assert _kind(data) == _kind(original), "the update uses the original's kind of cross-reference section"
    _qpdf_check(data, tmp_path)
    with pdftools.open(data) as again:
        assert not again.was_repaired
        assert again.metadata["Title"] == "appended"
        assert again.page_count == corpus.entry(name)["verified"]["pages"]


def test_unchanged_document_saves_its_original_bytes() -> None:
    original = corpus.path("qpdf-rotated.pdf").read_bytes()
    with pdftools.open(original) as doc:
        assert doc.to_bytes(incremental=True) == original


def test_appended_update_is_small(tmp_path: Path) -> None:
    """A metadata and an annotation change of a 1.8 MB, 117-page file append about a kilobyte."""
    name = "samplefiles-geotopo-117-pages.pdf"
    original = corpus.path(name).read_bytes()
    with pdftools.open(original) as doc:
        doc.metadata["Title"] = "small change"
        link = doc.pages[5].annotations[0]
        link.set_raw("Border", "[0 0 2]")
        data = doc.to_bytes(incremental=True)
    assert data.startswith(original)
    assert len(data) - len(original) < 4096, len(data) - len(original)
    _qpdf_check(data, tmp_path)
    with pdftools.open(data) as again:
        assert again.page_count == 117
        assert again.metadata["Title"] == "small change"
        assert again.annotation(again.pages[5].annotations[0].id).get_raw("Border") == "[ 0 0 2 ]"


@pytest.mark.parametrize("name", ["qpdf-rotated.pdf", "pdfjs-annotation-square-circle.pdf"])
def test_successive_incremental_saves_to_one_path(corpus_copy, tmp_path: Path, name: str) -> None:
    """After an incremental save to a path, the next one appends to what was written."""
    path = corpus_copy(name)
    original = path.read_bytes()
    with pdftools.open(path) as doc:
        _edit(doc, "first")
        doc.save(path, incremental=True)
        assert not doc.is_modified
        first = path.read_bytes()
        assert first.startswith(original) and len(first) > len(original)
        _edit(doc, "second")
        in_memory = doc.to_bytes(incremental=True)
        doc.save(path, incremental=True)
        second = path.read_bytes()
        assert second.startswith(first) and len(second) > len(first)
        assert in_memory == second
        doc.save(path, incremental=True)  # nothing changed: nothing appended
        assert path.read_bytes() == second
    assert second.count(b"%%EOF") == original.count(b"%%EOF") + 2
    _qpdf_check(path, tmp_path)
    with pdftools.open(path) as again:
        assert not again.was_repaired
        assert again.metadata["Title"] == "second"


def test_to_bytes_does_not_rebase(tmp_path: Path) -> None:
    """Incremental bytes in memory always append to the opened file (only saves to a path rebase)."""
    original = corpus.path("qpdf-rotated.pdf").read_bytes()
    with pdftools.open(original) as doc:
        doc.metadata["Title"] = "one"
        first = doc.to_bytes(incremental=True)
        doc.metadata["Author"] = "two"
        second = doc.to_bytes(incremental=True)
    assert first.startswith(original) and second.startswith(original)
    assert not second.startswith(first)
    _qpdf_check(second, tmp_path)
    with pdftools.open(second) as again:
        assert (again.metadata["Title"], again.metadata["Author"]) == ("one", "two")


@pytest.mark.parametrize("name", ["pdfjs-annotation-square-circle.pdf", "qpdf-rotated.pdf"])
def test_new_objects_then_a_second_incremental_save(corpus_copy, tmp_path: Path, name: str) -> None:
    """Objects created before the first incremental save (a page) survive the second one, and
    each update's /Size covers every object written so far.

    Library bug: the second update takes /Size from the original trailer, not from the first
    update.  With an xref stream (square-circle) the second update's stream object gets the
    number of the page the first update created, so that page is overwritten and the file is
    damaged; with a table (qpdf-rotated) /Size goes down (qpdf warns).
    """
    path = corpus_copy(name)
    pages = corpus.entry(name)["verified"]["pages"]
    with pdftools.open(path) as doc:
        doc.insert_blank_page(None, 200.0, 300.0)
        doc.save(path, incremental=True)
        doc.metadata["Title"] = "after a new page"
        doc.save(path, incremental=True)
    output = _qpdf_check(path, tmp_path)
    assert "is not one plus the highest object number" not in output, output
    with pdftools.open(path) as again:
        assert not again.was_repaired
        assert again.page_count == pages + 1
        assert again.pages[pages].size == (200.0, 300.0)
        assert again.metadata["Title"] == "after a new page"


def test_incremental_save_of_a_file_with_an_offset_header(tmp_path: Path) -> None:
    """pdf20-with-offset-start.pdf has 656 bytes before %PDF-; its offsets count from the header.

    Library bug: the update's offsets count from the start of the file (and it is written as an
    xref stream although the original has a table), so readers must reconstruct the xref and
    the change is lost.
    """
    name = "pdf20-with-offset-start.pdf"
    original = corpus.path(name).read_bytes()
    with pdftools.open(original) as doc:
        assert not doc.was_repaired
        doc.metadata["Title"] = "offset"
        data = doc.to_bytes(incremental=True)
    assert data.startswith(original)
    assert _kind(data) == _kind(original) == "table"
    output = _qpdf_check(data, tmp_path)
    assert "damaged" not in output, output
    with pdftools.open(data) as again:
        assert not again.was_repaired
        assert again.metadata.get("Title") == "offset"


def test_annotation_changes_saved_incrementally(tmp_path: Path) -> None:
    name = "pdfjs-annotation-square-circle.pdf"
    original = corpus.path(name).read_bytes()
    with pdftools.open(original) as doc:
        square = doc.pages[0].annotations[0]
        assert square.subtype == "Square"
        square.set_raw("Contents", "(changed)")
        square.delete()  # with its popup
        data = doc.to_bytes(incremental=True)
    assert data.startswith(original)
    _qpdf_check(data, tmp_path)
    with pdftools.open(data) as again:
        assert [a.subtype for a in again.pages[0].annotations] == ["Circle", "Popup"]


@pytest.mark.parametrize(
    "name, user, owner",
    [
        ("qpdf-enc-r2-rc4-40.pdf", "view", "master"),
        ("qpdf-enc-r3-rc4-128.pdf", "view", "master"),
        ("pdfium-encrypted-aes128.pdf", "1234", "5678"),
        ("qpdf-enc-r5-aes256.pdf", "user3", "owner3"),
        ("qpdf-enc-r6-aes256.pdf", "view", "master"),
    ],
)
def test_encrypted_documents_save_incrementally(name: str, user: str, owner: str) -> None:
    """The appended objects are encrypted with the document's key: PDFium and MuPDF read them."""
    import pymupdf
    import pypdfium2

    import peers

    original = corpus.path(name).read_bytes()
    with pdftools.open(original, password=owner) as doc:
        doc.metadata["Title"] = "appended – ✓"
        doc.pages[0].add_annotation("FreeText", rect=(50, 50, 300, 100), contents="encrypted note ü")
        data = doc.to_bytes(incremental=True)
    assert data.startswith(original)
    for password in (user, owner):
        with pdftools.open(data, password=password) as again:
            assert not again.was_repaired and again.is_encrypted
            assert again.metadata["Title"] == "appended – ✓"
            assert [a.contents for a in again.pages[0].annotations if a.subtype == "FreeText"] == ["encrypted note ü"]
    pdfium = pypdfium2.PdfDocument(data, password=owner)
    try:
        assert pdfium.get_metadata_value("Title") == "appended – ✓"
    finally:
        pdfium.close()
    assert "encrypted note ü" in peers.pdfium_annotation_strings(data, 0, "Contents", password=owner)
    mupdf = pymupdf.open(stream=data, filetype="pdf")
    try:
        assert mupdf.authenticate(owner)
        assert mupdf.metadata["title"] == "appended – ✓"
        notes = [annot.info["content"] for annot in mupdf[0].annots() if annot.type[1] == "FreeText"]
        assert notes == ["encrypted note ü"]
    finally:
        mupdf.close()


@pytest.mark.parametrize("name", ["qpdf-bad3-bad-xref-offset.pdf", "qpdf-bad2-no-startxref.pdf"])
def test_repaired_documents_cannot_be_saved_incrementally(name: str) -> None:
    with pdftools.open(corpus.path(name)) as doc:
        assert doc.was_repaired
        with pytest.raises(pdftools.UnsupportedError):
            doc.to_bytes(incremental=True)
        data = doc.to_bytes()  # automatic: a full save
    with pdftools.open(data) as again:
        assert not again.was_repaired


def test_new_documents_cannot_be_saved_incrementally(tmp_path: Path) -> None:
    with pdftools.new() as doc:
        doc.insert_blank_page()
        with pytest.raises(pdftools.UnsupportedError):
            doc.to_bytes(incremental=True)
        with pytest.raises(pdftools.UnsupportedError):
            doc.save(tmp_path / "new.pdf", incremental=True)
        assert not (tmp_path / "new.pdf").exists()
        assert doc.is_modified
        doc.save(tmp_path / "new.pdf")  # automatic: full
    with pdftools.open(tmp_path / "new.pdf") as again:
        assert again.page_count == 1


@pytest.mark.parametrize(
    "options",
    [
        {"linearize": True},
        {"object_streams": "disable"},
        {"object_streams": pdftools.ObjectStreams.GENERATE},
        {"compress_streams": False},
        {"encryption": "remove"},
    ],
)
def test_options_that_ask_for_a_rewrite_refuse_incremental(options: dict, tmp_path: Path) -> None:
    with pdftools.open(corpus.path("qpdf-rotated.pdf")) as doc:
        doc.metadata["Title"] = "x"
        with pytest.raises(pdftools.ArgumentError):
            doc.to_bytes(incremental=True, **options)
        with pytest.raises(pdftools.ArgumentError):
            doc.save(tmp_path / "out.pdf", incremental=True, **options)
        assert doc.is_modified
    assert not (tmp_path / "out.pdf").exists()


def test_automatic_mode_is_full_for_unsigned_documents() -> None:
    original = corpus.path("qpdf-rotated.pdf").read_bytes()
    with pdftools.open(original) as doc:
        assert not doc.has_signature_fields
        doc.metadata["Title"] = "x"
        automatic = doc.to_bytes()
        full = doc.to_bytes(incremental=False)
    assert not automatic.startswith(original)
    assert automatic == full


@pytest.mark.parametrize("name", [SIGNED, "pdfium-two-signatures.pdf", "pdfbox-acroforms-basic-fields.pdf"])
def test_automatic_mode_is_incremental_for_signature_fields(name: str) -> None:
    original = corpus.path(name).read_bytes()
    with pdftools.open(original) as doc:
        assert doc.has_signature_fields
        assert doc.to_bytes() == original  # nothing changed, nothing appended
        doc.metadata["Title"] = "x"
        automatic = doc.to_bytes()
        assert automatic.startswith(original)
        assert automatic == doc.to_bytes(incremental=True)
        # Options that ask for a rewrite would break the signatures: the automatic mode refuses
        # them, a full save does what it is told.
        for options in ({"linearize": True}, {"object_streams": "disable"}, {"compress_streams": False}):
            with pytest.raises(pdftools.NotPermittedError, match="signature"):
                doc.to_bytes(**options)
            assert not doc.to_bytes(incremental=False, **options).startswith(original), options
        assert not doc.to_bytes(incremental=False).startswith(original)


def test_automatic_save_keeps_a_signature_valid(tmp_path: Path) -> None:
    """qpdf-digitally-signed.pdf: a real signature whose /ByteRange covers the whole file."""
    path = tmp_path / SIGNED
    shutil.copyfile(corpus.path(SIGNED), path)
    original = path.read_bytes()
    assert "Signature is Valid" in _pdfsig(path)
    with pdftools.open(path) as doc:
        doc.metadata["Title"] = "signed, then changed"
        widget = doc.pages[0].annotations[0]
        assert widget.subtype == "Widget" and widget.get_raw("FT") == "/Sig"
        widget.set_raw("TU", "(signed by John Doe)")
        doc.save(tmp_path / "full.pdf", incremental=False)
        doc.save(path)  # automatic
        assert not doc.is_modified
    data = path.read_bytes()
    assert data.startswith(original) and len(data) > len(original)
    report = _pdfsig(path)
    assert "Signature is Valid" in report, report
    assert "Signature is Valid" not in _pdfsig(tmp_path / "full.pdf"), "a full save breaks the signature"
    _qpdf_check(path, tmp_path)
    with pdftools.open(path) as again:
        assert again.metadata["Title"] == "signed, then changed"
        assert again.pages[0].annotations[0].get_text("TU") == "signed by John Doe"

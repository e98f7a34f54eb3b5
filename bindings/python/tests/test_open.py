# SPDX-License-Identifier: GPL-3.0-or-later
"""Opening documents from paths and bytes, and refusing bad input cleanly."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

import corpus
import pdftools

SIMPLE = "qpdf-rotated.pdf"  # 20 pages, no damage, no encryption


def test_open_str_path() -> None:
    with pdftools.open(str(corpus.path(SIMPLE))) as doc:
        assert doc.page_count == 20


def test_open_pathlib_path() -> None:
    with pdftools.open(corpus.path(SIMPLE)) as doc:
        assert doc.page_count == 20
        assert len(doc.pages) == 20


def test_open_bytes_path_like() -> None:
    class BytesPath(os.PathLike):
        def __fspath__(self) -> bytes:
            return os.fsencode(corpus.path(SIMPLE))

    with pdftools.open(BytesPath()) as doc:
        assert doc.page_count == 20


@pytest.mark.parametrize("kind", [bytes, bytearray, memoryview])
def test_open_bytes_like(kind: type) -> None:
    data = corpus.path(SIMPLE).read_bytes()
    with pdftools.open(kind(data)) as doc:
        assert doc.page_count == 20


def test_document_constructor_is_open() -> None:
    with pdftools.Document(corpus.path(SIMPLE)) as doc:
        assert doc.page_count == 20


def test_open_relative_path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, corpus_copy) -> None:
    corpus_copy(SIMPLE)
    monkeypatch.chdir(tmp_path)
    with pdftools.open(SIMPLE) as doc:
        assert doc.page_count == 20


def test_open_non_ascii_path(tmp_path: Path) -> None:
    target = tmp_path / "Grüße 日本語.pdf"
    target.write_bytes(corpus.path(SIMPLE).read_bytes())
    with pdftools.open(target) as doc:
        assert doc.page_count == 20


def test_open_wrong_type() -> None:
    with pytest.raises(TypeError):
        pdftools.open(42)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        pdftools.open(None)  # type: ignore[arg-type]


def test_missing_file(tmp_path: Path) -> None:
    missing = tmp_path / "missing.pdf"
    with pytest.raises(pdftools.NotFoundError) as info:
        pdftools.open(missing)
    assert isinstance(info.value, FileNotFoundError)
    assert isinstance(info.value, pdftools.MissingFileError)
    assert info.value.status == pdftools.Status.FILE_NOT_FOUND
    assert info.value.filename == str(missing)
    assert str(missing) in str(info.value)


def test_missing_file_caught_as_builtin(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError):
        pdftools.open(tmp_path / "missing.pdf")


def test_directory_is_file_error(tmp_path: Path) -> None:
    with pytest.raises(pdftools.FileError) as info:
        pdftools.open(tmp_path)
    assert isinstance(info.value, OSError)
    assert info.value.status == pdftools.Status.NOT_A_FILE


def test_empty_file_is_format_error(tmp_path: Path) -> None:
    empty = tmp_path / "empty.pdf"
    empty.write_bytes(b"")
    with pytest.raises(pdftools.FormatError):
        pdftools.open(empty)


def test_empty_bytes_is_not_pdf() -> None:
    with pytest.raises(pdftools.NotPDFError) as info:
        pdftools.open(b"")
    assert info.value.status == pdftools.Status.NOT_PDF


@pytest.mark.parametrize(
    "data",
    [b"hello world, this is not a PDF\n" * 10, bytes(range(256)) * 4, b"%PDF-1.7\n" + b"\x00" * 100],
    ids=["text", "binary", "header-only"],
)
def test_garbage_bytes_are_format_errors(data: bytes) -> None:
    with pytest.raises(pdftools.FormatError) as info:
        pdftools.open(data)
    assert info.value.message, "the library should say what is wrong"


def test_error_message_comes_from_library(tmp_path: Path) -> None:
    with pytest.raises(pdftools.Error) as info:
        pdftools.open(b"not a pdf at all")
    error = info.value
    assert error.message  # fetched from pdftools_last_error_message
    assert error.message in str(error)


def test_nul_in_path_is_argument_error() -> None:
    with pytest.raises(pdftools.ArgumentError):
        pdftools.open("bad\0name.pdf")
    with pytest.raises(ValueError):
        pdftools.open("bad\0name.pdf")


@pytest.mark.parametrize("fraction", [0.1, 0.35, 0.5, 0.75, 0.9, 0.99])
@pytest.mark.parametrize("name", ["qpdf-linearized-objstm.pdf", "pdfjs-tracemonkey.pdf", "qpdf-rotated.pdf"])
def test_truncated_copy_never_crashes(tmp_path: Path, name: str, fraction: float) -> None:
    data = corpus.path(name).read_bytes()
    cut = tmp_path / f"cut-{name}"
    cut.write_bytes(data[: int(len(data) * fraction)])
    try:
        doc = pdftools.open(cut)
    except pdftools.FormatError:
        return
    with doc:
        # Every cut removes the trailer and startxref, so opening means repairing.
        assert doc.was_repaired
        count = doc.page_count
        assert 0 <= count <= corpus.entry(name)["verified"]["pages"]
        for page in doc.pages:
            page.media_box
            page.crop_box
            page.rotation
            page.label
        doc.to_bytes()

# SPDX-License-Identifier: GPL-3.0-or-later
"""Creating documents, inserting pages and saving (to paths and to bytes) with options.

Incremental and automatic saves are tested in test_save_incremental.py.
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

import pytest

import corpus
import pdftools


def test_new_document() -> None:
    with pdftools.new() as doc:
        assert doc.page_count == 0
        assert len(doc.pages) == 0
        assert list(doc.pages) == []
        assert doc.pdf_version == "1.7"
        assert doc.pdf_version_tuple == (1, 7)
        assert not doc.is_encrypted
        assert not doc.was_repaired
        assert not doc.has_signature_fields


def test_new_insert_save_reopen(tmp_path: Path) -> None:
    target = tmp_path / "new.pdf"
    with pdftools.new() as doc:
        first = doc.insert_blank_page()
        assert first.index == 0
        doc.insert_blank_page(None, 200.0, 300.0)
        doc.insert_blank_page(0, 100.0, 150.0)  # becomes page 0
        doc.insert_blank_page(doc.page_count, 1.0, 14400.0)
        assert doc.page_count == 4
        assert doc.is_modified
        sizes = [tuple(page.size) for page in doc.pages]
        assert sizes == [(100.0, 150.0), (612.0, 792.0), (200.0, 300.0), (1.0, 14400.0)]
        doc.save(target)
        assert not doc.is_modified
        assert doc.page_count == 4
    with pdftools.open(target) as again:
        assert again.page_count == 4
        assert [tuple(p.media_box) for p in again.pages] == [
            (0.0, 0.0, 100.0, 150.0),
            (0.0, 0.0, 612.0, 792.0),
            (0.0, 0.0, 200.0, 300.0),
            (0.0, 0.0, 1.0, 14400.0),
        ]
        assert [p.rotation for p in again.pages] == [0, 0, 0, 0]


@pytest.mark.parametrize("size", [(0.0, 100.0), (100.0, 0.0), (14401.0, 10.0), (-5.0, 10.0), (float("nan"), 10.0)])
def test_insert_bad_size(size: tuple) -> None:
    with pdftools.new() as doc:
        with pytest.raises(pdftools.ArgumentError):
            doc.insert_blank_page(None, *size)
        assert doc.page_count == 0


@pytest.mark.parametrize("index", [2, -1, 2**31, -(2**33)])
def test_insert_bad_index(index: int) -> None:
    with pdftools.new() as doc:
        doc.insert_blank_page()
        with pytest.raises(IndexError):
            doc.insert_blank_page(index)
        assert doc.page_count == 1


def test_insert_into_opened_document() -> None:
    with pdftools.open(corpus.path("qpdf-rotated.pdf")) as doc:
        doc.insert_blank_page(1, 300.0, 400.0)
        assert doc.page_count == 21
        assert doc.pages[1].size == (300.0, 400.0)
        assert doc.pages[2].rotation == 180  # the old page 1 moved up
        data = doc.to_bytes()
    with pdftools.open(data) as again:
        assert again.page_count == 21
        assert again.pages[1].media_box == (0.0, 0.0, 300.0, 400.0)


def test_save_over_source(corpus_copy) -> None:
    source = corpus_copy("qpdf-rotated.pdf")
    with pdftools.open(source) as doc:
        doc.metadata["Title"] = "saved over itself"
        doc.save(source)
        assert not doc.is_modified
        # Still usable after the file under it was replaced.
        assert doc.page_count == 20
        assert doc.pages[19].crop_box.width == 612.0
        assert doc.metadata["Title"] == "saved over itself"
        doc.metadata["Author"] = "second save"
        doc.save(source)
    with pdftools.open(source) as again:
        assert again.page_count == 20
        assert again.metadata["Title"] == "saved over itself"
        assert again.metadata["Author"] == "second save"


def test_save_keeps_permission_bits(corpus_copy) -> None:
    source = corpus_copy("qpdf-rotated.pdf")
    os.chmod(source, 0o640)
    with pdftools.open(source) as doc:
        doc.save(source)
    assert (os.stat(source).st_mode & 0o777) == 0o640


@pytest.mark.parametrize("incremental", [False, True])
def test_read_only_files_are_replaced_only_when_asked(corpus_copy, incremental: bool) -> None:
    source = corpus_copy("qpdf-rotated.pdf")
    os.chmod(source, 0o444)
    before = source.read_bytes()
    with pdftools.open(source) as doc:
        doc.metadata["Title"] = "changed"
        with pytest.raises(pdftools.PermissionDeniedError, match="overwrite_readonly"):
            doc.save(source, incremental=incremental)
        assert source.read_bytes() == before
        assert doc.is_modified
        doc.save(source, incremental=incremental, overwrite_readonly=True)
        assert not doc.is_modified
    assert (os.stat(source).st_mode & 0o777) == 0o444
    with pdftools.open(source) as again:
        assert again.metadata["Title"] == "changed"
    assert [p.name for p in source.parent.iterdir() if p.name.startswith(".pdftools-save-")] == []


def test_save_accepts_str_path(tmp_path: Path) -> None:
    target = tmp_path / "out.pdf"
    with pdftools.open(corpus.path("qpdf-rotated.pdf")) as doc:
        doc.save(str(target))
    with pdftools.open(target) as again:
        assert again.page_count == 20


def test_save_to_missing_folder(tmp_path: Path) -> None:
    target = tmp_path / "no-such-folder" / "out.pdf"
    with pdftools.open(corpus.path("qpdf-rotated.pdf")) as doc:
        with pytest.raises(pdftools.Error) as info:
            doc.save(target)
        assert isinstance(info.value, FileNotFoundError)
        assert info.value.status == pdftools.Status.FILE_NOT_FOUND
        assert doc.page_count == 20  # still usable
    assert not target.parent.exists()


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_failed_save_leaves_existing_target_untouched(tmp_path: Path) -> None:
    target = tmp_path / "existing.pdf"
    target.write_bytes(corpus.path("qpdf-boxes.pdf").read_bytes())
    before = _digest(target)
    with pdftools.new() as doc:
        doc.insert_blank_page()
        with pytest.raises(pdftools.UnsupportedError):
            doc.save(target, incremental=True)  # a new document has nothing to append to
    with pdftools.open(corpus.path("qpdf-rotated.pdf")) as doc:
        with pytest.raises(pdftools.ArgumentError):
            doc.save(target, incremental=True, linearize=True)
        with pytest.raises(pdftools.ArgumentError):
            doc.save(target, object_streams="sometimes")
    assert _digest(target) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["existing.pdf"]


def test_save_to_directory_is_file_error(tmp_path: Path) -> None:
    folder = tmp_path / "folder.pdf"
    folder.mkdir()
    with pdftools.open(corpus.path("qpdf-rotated.pdf")) as doc:
        with pytest.raises(pdftools.FileError) as info:
            doc.save(folder)
        assert info.value.status == pdftools.Status.NOT_A_FILE
    assert folder.is_dir()


@pytest.mark.parametrize("bad", [{"object_streams": "bogus"}, {"encryption": "drop"}, {"object_streams": 2}])
def test_bad_save_options(bad: dict) -> None:
    with pdftools.new() as doc:
        with pytest.raises(pdftools.ArgumentError):
            doc.to_bytes(**bad)


@pytest.mark.parametrize("bad", ["auto", 1, 0])
def test_incremental_is_none_true_or_false(bad: object) -> None:
    with pdftools.new() as doc:
        with pytest.raises(TypeError):
            doc.to_bytes(incremental=bad)  # type: ignore[arg-type]


def test_object_streams_generate() -> None:
    with pdftools.open(corpus.path("qpdf-rotated.pdf")) as doc:
        plain = doc.to_bytes(object_streams="disable")
        packed = doc.to_bytes(object_streams=pdftools.ObjectStreams.GENERATE)
    assert b"/ObjStm" not in plain
    assert b"/ObjStm" in packed
    with pdftools.open(packed) as again:
        assert again.page_count == 20


def test_object_streams_preserve_and_disable() -> None:
    with pdftools.open(corpus.path("qpdf-object-streams.pdf")) as doc:
        kept = doc.to_bytes()
        disabled = doc.to_bytes(object_streams="disable")
    assert b"/ObjStm" in kept
    assert b"/ObjStm" not in disabled
    for data in (kept, disabled):
        with pdftools.open(data) as again:
            assert again.page_count == 30


def test_linearize_and_compress_options() -> None:
    with pdftools.open(corpus.path("qpdf-rotated.pdf")) as doc:
        linear = doc.to_bytes(linearize=True)
        uncompressed = doc.to_bytes(compress_streams=False)
    assert b"/Linearized" in linear[:2048]
    for data in (linear, uncompressed):
        with pdftools.open(data) as again:
            assert again.page_count == 20
            assert [p.rotation for p in again.pages][:5] == [0, 180, 270, 90, 180]


def test_to_bytes_is_a_pdf() -> None:
    with pdftools.open(corpus.path("qpdf-boxes.pdf")) as doc:
        data = doc.to_bytes()
    assert isinstance(data, bytes)
    assert data.startswith(b"%PDF-")
    assert b"%%EOF" in data[-64:]


def test_encryption_remove(tmp_path: Path) -> None:
    name = "qpdf-enc-r6-aes256.pdf"
    with pdftools.open(corpus.path(name), password="view") as doc:
        data = doc.to_bytes(encryption="remove")
        doc.save(tmp_path / "plain.pdf", encryption=pdftools.Encryption.REMOVE)
    for source in (data, tmp_path / "plain.pdf"):
        with pdftools.open(source) as again:
            assert not again.is_encrypted
            assert again.page_count == 30
            assert again.permissions == pdftools.Permission.ALL


def test_encryption_keep() -> None:
    name = "qpdf-enc-r3-rc4-128.pdf"
    with pdftools.open(corpus.path(name), password="master") as doc:
        data = doc.to_bytes(encryption="keep")
    with pytest.raises(pdftools.PasswordRequiredError):
        pdftools.open(data)
    with pytest.raises(pdftools.WrongPasswordError):
        pdftools.open(data, password="wrong")
    with pdftools.open(data, password="view") as again:
        assert again.is_encrypted
        assert again.page_count == 30
    with pdftools.open(data, password="master") as again:
        assert again.permissions == pdftools.Permission.ALL


def test_saving_every_openable_corpus_file_round_trips() -> None:
    for entry in corpus.FILES:
        if entry["expect"] == "error":
            continue
        name = entry["name"]
        try:
            doc = pdftools.open(corpus.path(name), password=corpus.open_password(name))
        except pdftools.FormatError:
            assert entry.get("also_acceptable") == "error", name
            continue
        with doc:
            count = doc.page_count
            data = doc.to_bytes()
        with pdftools.open(data, password=corpus.open_password(name)) as again:
            assert again.page_count == count, name

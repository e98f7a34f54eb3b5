# SPDX-License-Identifier: GPL-3.0-or-later
"""The metadata mapping: reading, writing, deleting, non-ASCII round trips through save."""

from __future__ import annotations

from collections.abc import MutableMapping

import pytest

import corpus
import pdftools

TEXT = "Grüße – 日本語"


def test_metadata_is_a_mutable_mapping() -> None:
    with pdftools.new() as doc:
        assert isinstance(doc.metadata, MutableMapping)


def test_read_existing_metadata() -> None:
    with pdftools.open(corpus.path("qpdf-rotated.pdf")) as doc:
        metadata = doc.metadata
        keys = list(metadata)
        assert "Producer" in keys
        assert metadata["Producer"] == "Apex PDFWriter"
        assert len(metadata) == len(keys)
        assert dict(metadata)["Producer"] == "Apex PDFWriter"
        assert metadata["CreationDate"].startswith("D:2012")


def test_no_info_dictionary() -> None:
    with pdftools.open(corpus.path("pdf20-simple.pdf")) as doc:
        assert len(doc.metadata) == 0
        assert list(doc.metadata) == []
        assert "Title" not in doc.metadata
        doc.metadata["Title"] = TEXT
        assert doc.metadata["Title"] == TEXT
        assert list(doc.metadata) == ["Title"]


def test_missing_key_is_key_error() -> None:
    with pdftools.new() as doc:
        with pytest.raises(KeyError):
            doc.metadata["Title"]
        assert doc.metadata.get("Title") is None
        assert doc.metadata.get("Title", "x") == "x"
        assert "Title" not in doc.metadata
        assert 42 not in doc.metadata  # type: ignore[operator]
        assert "bad\0key" not in doc.metadata
        with pytest.raises(KeyError):
            del doc.metadata["Title"]


def test_round_trip_non_ascii_through_save() -> None:
    with pdftools.open(corpus.path("qpdf-rotated.pdf")) as doc:
        assert not doc.is_modified
        doc.metadata["Title"] = TEXT
        doc.metadata["Author"] = "Plain ASCII"
        doc.metadata["Subject"] = "emoji \U0001F600 and \u00e9"
        assert doc.is_modified
        assert doc.metadata["Title"] == TEXT
        data = doc.to_bytes()
        assert doc.is_modified  # to_bytes does not change the modified state
    with pdftools.open(data) as again:
        assert again.metadata["Title"] == TEXT
        assert again.metadata["Author"] == "Plain ASCII"
        assert again.metadata["Subject"] == "emoji \U0001F600 and \u00e9"
        assert again.metadata["Producer"] == "Apex PDFWriter"
        assert not again.is_modified


def test_replace_value() -> None:
    with pdftools.new() as doc:
        doc.metadata["Title"] = "one"
        doc.metadata["Title"] = "two"
        assert doc.metadata["Title"] == "two"
        assert list(doc.metadata).count("Title") == 1


def test_delete_key() -> None:
    with pdftools.open(corpus.path("qpdf-rotated.pdf")) as doc:
        doc.metadata["Title"] = TEXT
        assert "Title" in doc.metadata
        del doc.metadata["Title"]
        assert "Title" not in doc.metadata
        assert "Title" not in list(doc.metadata)
        with pytest.raises(KeyError):
            doc.metadata["Title"]
        del doc.metadata["Producer"]
        data = doc.to_bytes()
    with pdftools.open(data) as again:
        assert "Title" not in again.metadata
        assert "Producer" not in again.metadata


def test_custom_key_and_update() -> None:
    with pdftools.new() as doc:
        doc.metadata.update({"MyKey": "custom value", "Keywords": "a, b"})
        assert doc.metadata["MyKey"] == "custom value"
        assert set(doc.metadata) == {"MyKey", "Keywords"}
        assert doc.metadata.pop("MyKey") == "custom value"
        assert set(doc.metadata) == {"Keywords"}
        data = doc.to_bytes()
    with pdftools.open(data) as again:
        assert dict(again.metadata) == {"Keywords": "a, b"}


def test_empty_value() -> None:
    with pdftools.new() as doc:
        doc.metadata["Title"] = ""
        assert doc.metadata["Title"] == ""


def test_long_value_uses_two_call_pattern() -> None:
    value = "Ünïcödé " * 5000
    with pdftools.new() as doc:
        doc.metadata["Subject"] = value
        assert doc.metadata["Subject"] == value


@pytest.mark.parametrize("key", ["", "Bad Key", "With/Slash", "Paren(", "nul\0"])
def test_bad_keys_are_argument_errors(key: str) -> None:
    with pdftools.new() as doc:
        with pytest.raises(pdftools.ArgumentError):
            doc.metadata[key] = "x"
        with pytest.raises(ValueError):
            doc.metadata[key] = "x"


def test_bad_values() -> None:
    with pdftools.new() as doc:
        with pytest.raises(TypeError):
            doc.metadata["Title"] = 42  # type: ignore[assignment]
        with pytest.raises(pdftools.ArgumentError):
            doc.metadata["Title"] = "a\0b"
        with pytest.raises(pdftools.ArgumentError):
            doc.metadata["Title"] = "lone \udc80 surrogate"


def test_dates_are_returned_as_stored() -> None:
    with pdftools.new() as doc:
        doc.metadata["ModDate"] = "D:20230115103000+01'00'"
        assert doc.metadata["ModDate"] == "D:20230115103000+01'00'"

# SPDX-License-Identifier: GPL-3.0-or-later
"""Encrypted corpus files: user and owner passwords, wrong and missing passwords, permissions."""

from __future__ import annotations

import pytest

import corpus
import pdftools
from pdftools import Permission

ENCRYPTED = [e["name"] for e in corpus.FILES if e.get("password")]
NEEDS_PASSWORD = [n for n in ENCRYPTED if corpus.entry(n)["password"].get("user")]
WITH_OWNER = [n for n in ENCRYPTED if corpus.entry(n)["password"].get("owner")]


def _pages(name: str) -> int:
    return corpus.entry(name)["verified"]["pages"]


def test_corpus_has_encrypted_files() -> None:
    assert len(ENCRYPTED) >= 7


@pytest.mark.parametrize("name", ENCRYPTED)
def test_user_password(name: str) -> None:
    password = corpus.entry(name)["password"]["user"]
    with pdftools.open(corpus.path(name), password=password) as doc:
        assert doc.is_encrypted
        assert doc.page_count == _pages(name)
        assert all(page.crop_box.width > 0 for page in doc.pages)


@pytest.mark.parametrize("name", WITH_OWNER)
def test_owner_password_grants_everything(name: str) -> None:
    owner = corpus.entry(name)["password"]["owner"]
    with pdftools.open(corpus.path(name), password=owner) as doc:
        assert doc.is_encrypted
        assert doc.page_count == _pages(name)
        assert doc.permissions == Permission.ALL


@pytest.mark.parametrize("name", WITH_OWNER)
def test_owner_password_from_bytes(name: str) -> None:
    owner = corpus.entry(name)["password"]["owner"]
    with pdftools.open(corpus.path(name).read_bytes(), password=owner) as doc:
        assert doc.page_count == _pages(name)


@pytest.mark.parametrize("name", ENCRYPTED)
def test_wrong_password(name: str) -> None:
    with pytest.raises(pdftools.WrongPasswordError) as info:
        pdftools.open(corpus.path(name), password="wrong-password")
    assert isinstance(info.value, pdftools.PasswordError)
    assert info.value.status == pdftools.Status.WRONG_PASSWORD


@pytest.mark.parametrize("name", NEEDS_PASSWORD)
def test_no_password(name: str) -> None:
    with pytest.raises(pdftools.PasswordRequiredError) as info:
        pdftools.open(corpus.path(name))
    assert isinstance(info.value, pdftools.PasswordError)
    assert info.value.status == pdftools.Status.PASSWORD_REQUIRED


@pytest.mark.parametrize("name", NEEDS_PASSWORD)
def test_empty_password_counts_as_none(name: str) -> None:
    with pytest.raises(pdftools.PasswordRequiredError):
        pdftools.open(corpus.path(name), password="")


@pytest.mark.parametrize("name", NEEDS_PASSWORD)
def test_no_password_from_bytes(name: str) -> None:
    with pytest.raises(pdftools.PasswordRequiredError):
        pdftools.open(corpus.path(name).read_bytes())


def test_owner_only_file_opens_without_password() -> None:
    name = "qpdf-enc-r3-rc4-128-owner-only.pdf"
    with pdftools.open(corpus.path(name)) as doc:
        assert doc.is_encrypted
        assert doc.page_count == 30
        assert doc.permissions != Permission.ALL
    with pdftools.open(corpus.path(name), password="master") as doc:
        assert doc.permissions == Permission.ALL


def test_saslprep_raw_password() -> None:
    name = "pdfjs-saslprep-r6.pdf"
    password = corpus.entry(name)["password"]
    assert password["user"] == "S\u00aaSL\u00adprep"
    with pdftools.open(corpus.path(name), password=password["user"]) as doc:
        assert doc.page_count == 1
    with pdftools.open(corpus.path(name), password=password["user_saslprep"]) as doc:
        assert doc.page_count == 1


def test_password_as_bytes() -> None:
    with pdftools.open(corpus.path("qpdf-enc-r6-aes256.pdf"), password=b"view") as doc:
        assert doc.page_count == 30


def test_r3_user_password_permissions() -> None:
    # P = -3104: annotate, fill forms and accessibility extraction only.
    with pdftools.open(corpus.path("qpdf-enc-r3-rc4-128.pdf"), password="view") as doc:
        granted = doc.permissions
    assert granted != Permission.ALL
    assert granted == Permission.ANNOTATE | Permission.FILL_FORMS | Permission.ACCESSIBILITY


def test_aes128_user_password_permissions() -> None:
    # P = -3392: accessibility extraction only.
    with pdftools.open(corpus.path("pdfium-encrypted-aes128.pdf"), password="1234") as doc:
        assert doc.permissions == Permission.ACCESSIBILITY


def test_unencrypted_document_grants_everything() -> None:
    with pdftools.open(corpus.path("qpdf-rotated.pdf")) as doc:
        assert not doc.is_encrypted
        assert doc.permissions == Permission.ALL
    with pdftools.new() as doc:
        assert doc.permissions == Permission.ALL


def test_restricted_document_refuses_changes() -> None:
    with pdftools.open(corpus.path("qpdf-enc-r3-rc4-128.pdf"), password="view") as doc:
        with pytest.raises(pdftools.NotPermittedError):
            doc.metadata["Title"] = "not allowed"
        with pytest.raises(pdftools.NotPermittedError):
            doc.insert_blank_page()
        assert doc.page_count == 30
        assert not doc.is_modified


def test_nul_in_password_is_argument_error() -> None:
    with pytest.raises(pdftools.ArgumentError):
        pdftools.open(corpus.path("qpdf-enc-r6-aes256.pdf"), password="vi\0ew")

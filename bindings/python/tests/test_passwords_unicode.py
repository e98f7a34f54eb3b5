# SPDX-License-Identifier: GPL-3.0-or-later
"""Passwords that are not plain ASCII, on every encryption revision (made here with qpdf).

AES-256 files (revisions 5 and 6) take UTF-8 passwords; revisions 2 to 4 take
PDFDocEncoding. Text, search and rendering need the view poppler makes with the
same password, so each case reads, searches and renders after opening.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path
from typing import List

import pytest

import pdftools

QPDF = shutil.which("qpdf")

USER = "Pässwörd-日本"
OWNER = "Ówner-密码"
LATIN_USER = "Pässwörd"
LATIN_OWNER = "Öwner"


def _encrypt(source: Path, target: Path, user: str, owner: str, bits: str, *extra: str) -> Path:
    assert QPDF is not None, "the qpdf command (Debian package qpdf) is needed to make encrypted files"
    subprocess.run(
        [QPDF, "--allow-weak-crypto", "--encrypt", user, owner, bits, *extra, "--", str(source), str(target)],
        check=True,
        capture_output=True,
    )
    return target


def _text_of(doc: pdftools.Document) -> List[str]:
    return [page.text for page in doc.pages]


CASES = [
    # (bits, extra qpdf options, user, owner)
    ("256", ("--force-R5",), USER, OWNER),
    ("256", (), USER, OWNER),
    ("128", ("--use-aes=y",), LATIN_USER, LATIN_OWNER),
    ("128", ("--use-aes=n",), LATIN_USER, LATIN_OWNER),
    ("40", (), LATIN_USER, LATIN_OWNER),
]
IDS = ["R5", "R6", "R4-AES", "R3-RC4", "R2-RC4"]


@pytest.mark.parametrize("bits,extra,user,owner", CASES, ids=IDS)
@pytest.mark.parametrize("which", ["user", "owner"])
def test_non_ascii_password_reads_searches_and_renders(
    layout_pdf: Path, tmp_path: Path, bits: str, extra: tuple, user: str, owner: str, which: str
) -> None:
    encrypted = _encrypt(layout_pdf, tmp_path / "enc.pdf", user, owner, bits, *extra)
    with pdftools.open(layout_pdf) as plain:
        expected = _text_of(plain)
        word = expected[0].split()[0]
        hits = len(plain.search(word))
        reference = plain.pages[0].render(1.0)
    password = user if which == "user" else owner
    with pdftools.open(encrypted, password=password) as doc:
        assert doc.is_encrypted
        assert _text_of(doc) == expected
        assert len(doc.search(word)) == hits
        image = doc.pages[0].render(1.0)
        assert (image.width, image.height) == (reference.width, reference.height)
        assert image.data == reference.data
        # An edit makes the view be built again from the changed document.
        doc.pages[0].add_annotation("Square", rect=(100, 100, 200, 200))
        assert doc.pages[0].text == expected[0]
        doc.pages[0].render(1.0)


@pytest.mark.parametrize("password", ["Pässwörd-日本x", "日本", "\u00e4", "x" * 200])
def test_wrong_non_ascii_password_is_refused(layout_pdf: Path, tmp_path: Path, password: str) -> None:
    encrypted = _encrypt(layout_pdf, tmp_path / "enc.pdf", USER, OWNER, "256")
    with pytest.raises(pdftools.WrongPasswordError):
        pdftools.open(encrypted, password=password)


def test_password_with_characters_pdfdocencoding_lacks_on_rc4_file(layout_pdf: Path, tmp_path: Path) -> None:
    encrypted = _encrypt(layout_pdf, tmp_path / "r3.pdf", LATIN_USER, LATIN_OWNER, "128", "--use-aes=n")
    with pytest.raises(pdftools.WrongPasswordError):
        pdftools.open(encrypted, password="日本")

# SPDX-License-Identifier: GPL-3.0-or-later
"""An encrypted, signed document keeps its signature through the library's saves.

The document is encrypted with qpdf and signed with pyHanko (a fresh self-signed key), then
changed by the library and saved in the automatic mode: the appended objects are encrypted with
the document's own key, and poppler's pdfsig and pyHanko both still validate the signature.
"""

from __future__ import annotations

import datetime
import shutil
import subprocess
from pathlib import Path

import pytest

import pdftools

from cryptography import x509  # noqa: E402
from cryptography.hazmat.primitives import hashes, serialization  # noqa: E402
from cryptography.hazmat.primitives.asymmetric import rsa  # noqa: E402
from cryptography.x509.oid import NameOID  # noqa: E402
from pyhanko.pdf_utils.incremental_writer import IncrementalPdfFileWriter  # noqa: E402
from pyhanko.pdf_utils.reader import PdfFileReader  # noqa: E402
from pyhanko.sign import signers  # noqa: E402
from pyhanko.sign.validation import validate_pdf_signature  # noqa: E402
from pyhanko_certvalidator import ValidationContext  # noqa: E402

USER = "Üser-1"
OWNER = "Ówner-密码"


def _signer(folder: Path) -> signers.SimpleSigner:
    key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "libpdftools test")])
    now = datetime.datetime.now(datetime.timezone.utc)
    cert = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(key.public_key())
        .serial_number(1)
        .not_valid_before(now - datetime.timedelta(days=1))
        .not_valid_after(now + datetime.timedelta(days=30))
        .sign(key, hashes.SHA256())
    )
    (folder / "key.pem").write_bytes(
        key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption())
    )
    (folder / "cert.pem").write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    return signers.SimpleSigner.load(str(folder / "key.pem"), str(folder / "cert.pem"))


def _validate(path: Path, signer: signers.SimpleSigner, owner: str = OWNER) -> tuple:
    with path.open("rb") as handle:
        reader = PdfFileReader(handle)
        reader.decrypt(owner)
        status = validate_pdf_signature(
            reader.embedded_signatures[0], ValidationContext(trust_roots=[signer.signing_cert])
        )
        return status.intact, status.valid, status.coverage.name


def _pdfsig(path: Path, owner: str, revision4: bool) -> str:
    pdfsig = shutil.which("pdfsig")
    assert pdfsig, "pdfsig (Debian package poppler-utils) is needed"
    # pdfsig hands poppler the password bytes as given: PDFDocEncoding (here Latin-1) for
    # revision 4, UTF-8 for AES-256.
    password = owner.encode("latin-1" if revision4 else "utf-8")
    return subprocess.run([pdfsig.encode(), b"-opw", password, bytes(path)], capture_output=True).stdout.decode(errors="replace")


# pyHanko takes revision 4 passwords in PDFDocEncoding only.
@pytest.mark.parametrize(
    "bits,extra,owner", [("256", [], OWNER), ("128", ["--use-aes=y"], "Öwner-1")], ids=["AES-256", "AES-128"]
)
def test_signed_encrypted_document_keeps_its_signature(
    layout_pdf: Path, tmp_path: Path, bits: str, extra: list, owner: str
) -> None:
    encrypted = tmp_path / "encrypted.pdf"
    subprocess.run(
        ["qpdf", "--encrypt", USER, owner, bits, *extra, "--", str(layout_pdf), str(encrypted)],
        check=True,
        capture_output=True,
    )
    signer = _signer(tmp_path)
    signed = tmp_path / "signed.pdf"
    with encrypted.open("rb") as source:
        writer = IncrementalPdfFileWriter(source)
        writer.encrypt(owner)
        with signed.open("wb") as out:
            signers.sign_pdf(writer, signers.PdfSignatureMetadata(field_name="Signature1"), signer=signer, output=out)
    assert _validate(signed, signer, owner) == (True, True, "ENTIRE_FILE")
    original = signed.read_bytes()

    with pdftools.open(signed, password=owner) as doc:
        assert doc.is_encrypted and doc.has_signature_fields
        note = doc.pages[0].add_annotation("FreeText", rect=(72, 72, 300, 120), contents="after signing – ✓")
        doc.metadata["Title"] = "changed after signing"
        note_id = note.id
        doc.save(signed)  # automatic mode: incremental, the appended objects encrypted
        assert not doc.is_modified
        assert doc.annotation(note_id).contents == "after signing – ✓"

    after = signed.read_bytes()
    assert after.startswith(original) and len(after) > len(original)
    assert _validate(signed, signer, owner) == (True, True, "ENTIRE_REVISION")
    report = _pdfsig(signed, owner, revision4=bits == "128")
    assert "Signature is Valid." in report and "Not total document signed" in report, report
    check = subprocess.run(
        ["qpdf", "--check", "--password=" + owner, str(signed)], capture_output=True, text=True, errors="replace"
    )
    assert check.returncode == 0, check.stdout + check.stderr
    for password in (USER, owner):
        with pdftools.open(signed, password=password) as again:
            assert again.metadata["Title"] == "changed after signing"
            assert [a.contents for a in again.pages[0].annotations if a.subtype == "FreeText"] == ["after signing – ✓"]


def test_full_save_of_a_signed_document_must_be_asked_for(layout_pdf: Path, tmp_path: Path) -> None:
    encrypted = tmp_path / "encrypted.pdf"
    subprocess.run(["qpdf", "--encrypt", USER, OWNER, "256", "--", str(layout_pdf), str(encrypted)], check=True)
    signer = _signer(tmp_path)
    signed = tmp_path / "signed.pdf"
    with encrypted.open("rb") as source:
        writer = IncrementalPdfFileWriter(source)
        writer.encrypt(OWNER)
        with signed.open("wb") as out:
            signers.sign_pdf(writer, signers.PdfSignatureMetadata(field_name="Signature1"), signer=signer, output=out)
    with pdftools.open(signed, password=OWNER) as doc:
        doc.metadata["Title"] = "x"
        with pytest.raises(pdftools.NotPermittedError, match="signature"):
            doc.save(signed, encryption="remove")
        assert signed.read_bytes().startswith(encrypted.read_bytes()[:8])
        doc.save(tmp_path / "rewritten.pdf", incremental=False, encryption="remove")
    with pdftools.open(tmp_path / "rewritten.pdf") as plain:
        assert not plain.is_encrypted

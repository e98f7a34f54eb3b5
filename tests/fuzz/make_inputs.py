#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Writes the fuzzing seeds (seeds/pdf, seeds/edit) and the reproducers (reproducers/<harness>)
of tests/fuzz.  The files are committed; run this again after changing it.

Reproducers rebuild, from their descriptions, inputs that once crashed, hung or lost data:
non-ASCII passwords, an object numbered 2147483647, unreadable page dictionaries, absurdly
sparse object numbers, text markup with coordinates of a billion, UTF-16 text of odd length
that poppler 22.12 loops on, and deep nesting.
"""

from __future__ import annotations

import random
import shutil
import subprocess
import tempfile
from pathlib import Path
from typing import List, Optional, Sequence, Tuple

HERE = Path(__file__).resolve().parent
CONTENT = b"BT /F1 14 Tf 72 705 Td (The quick brown fox jumps over the lazy dog.) Tj 0 -20 Td (Second line.) Tj ET"


def pdf(page_extra: bytes = b"", extra: Sequence[Tuple[int, bytes]] = (), trailer: bytes = b"",
        xref: bool = True, size: Optional[int] = None, pages: int = 1) -> bytes:
    kids = b" ".join(b"%d 0 R" % (3 + 2 * i) for i in range(pages))
    objects: List[Tuple[int, bytes]] = [
        (1, b"<< /Type /Catalog /Pages 2 0 R >>"),
        (2, b"<< /Type /Pages /Kids [" + kids + b"] /Count %d >>" % pages),
    ]
    font = 3 + 2 * pages
    for i in range(pages):
        objects.append((3 + 2 * i, b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents %d 0 R "
                        b"/Resources << /Font << /F1 %d 0 R >> >> " % (4 + 2 * i, font) + page_extra + b" >>"))
        objects.append((4 + 2 * i, b"<< /Length %d >>\nstream\n" % len(CONTENT) + CONTENT + b"\nendstream"))
    objects.append((font, b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"))
    objects += list(extra)
    out = bytearray(b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n")
    offsets = {}
    for number, body in objects:
        offsets[number] = len(out)
        out += b"%d 0 obj\n" % number + body + b"\nendobj\n"
    if not xref:
        return bytes(out + b"trailer\n<< /Root 1 0 R " + trailer + b">>\n%%EOF\n")
    start = len(out)
    numbers = sorted(offsets)
    out += b"xref\n0 1\n0000000000 65535 f \n"
    for number in numbers:
        out += b"%d 1\n%010d 00000 n \n" % (number, offsets[number])
    out += b"trailer\n<< /Size %d /Root 1 0 R " % (size or numbers[-1] + 1) + trailer + b">>\nstartxref\n%d\n%%%%EOF\n" % start
    return bytes(out)


def annots(*bodies: bytes) -> bytes:
    return b"/Annots [" + b" ".join(b"<< /Type /Annot " + body + b" >>" for body in bodies) + b"]"


def encrypt(data: bytes, user: str, owner: str, bits: str, *options: str) -> bytes:
    with tempfile.TemporaryDirectory() as folder:
        source, target = Path(folder) / "in.pdf", Path(folder) / "out.pdf"
        source.write_bytes(data)
        subprocess.run(["qpdf", "--allow-weak-crypto", "--static-id", "--encrypt", user, owner, bits, *options, "--",
                        str(source), str(target)], check=True)
        return target.read_bytes()


def write(folder: Path, name: str, data: bytes) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / name).write_bytes(data)


def main() -> None:
    seeds, edits = HERE / "seeds" / "pdf", HERE / "seeds" / "edit"
    # Reproducers written here are rewritten; those that fuzzing found as they were (reproducers/README
    # lists them) are kept.
    for folder in (seeds, edits):
        shutil.rmtree(folder, ignore_errors=True)
    every = annots(
        b"/Subtype /Highlight /Rect [70 700 300 722] /QuadPoints [72 720 300 720 72 702 300 702] /C [1 1 0]",
        b"/Subtype /Squiggly /Rect [70 680 300 702] /QuadPoints [72 700 300 700 72 682 300 682]",
        b"/Subtype /Ink /Rect [100 100 200 200] /InkList [[100 100 150 190 200 120]] /BS << /W 2 >>",
        b"/Subtype /FreeText /Rect [300 500 500 560] /Contents (Free text) /DA (/Helv 12 Tf 0 g)",
        b"/Subtype /Line /Rect [50 300 250 320] /L [50 310 250 310] /LE [/None /OpenArrow] /Cap true /Contents (10 cm)",
        b"/Subtype /Polygon /Rect [300 100 400 200] /Vertices [300 100 400 100 350 200] /BE << /S /C /I 1 >>",
        b"/Subtype /Text /Rect [400 400 420 420] /Contents (note) /Name /Comment",
        b"/Subtype /Link /Rect [72 600 200 620] /A << /S /URI /URI (https://example.com) >>",
        b"/Subtype /Stamp /Rect [400 650 550 700] /Name /Approved",
        b"/Subtype /Square /Rect [60 60 90 90] /IC [0 0 1] /AP << /N << >> >>",
    )
    write(seeds, "text.pdf", pdf())
    write(seeds, "rotated-cropped.pdf", pdf(b"/Rotate 90 /CropBox [36 48 576 744] /UserUnit 2"))
    write(seeds, "annotations.pdf", pdf(every))
    write(seeds, "three-pages.pdf", pdf(every, pages=3))
    write(seeds, "labels-info.pdf", pdf(trailer=b"/Info << /Title (T) /Author <FEFF00410042> >>"))
    write(seeds, "no-xref.pdf", pdf(every, xref=False))
    write(seeds, "encrypted-r6.pdf", b"%PW view\n" + encrypt(pdf(every), "view", "master", "256"))
    write(seeds, "encrypted-r4.pdf", b"%PW master\n" + encrypt(pdf(every), "view", "master", "128", "--use-aes=y"))
    rng = random.Random(7)
    for i in range(8):
        write(edits, "ops-%d" % i, bytes(rng.randrange(256) for _ in range(200)))

    open_, save = HERE / "reproducers" / "fuzz_open", HERE / "reproducers" / "fuzz_save"
    huge_squiggly = annots(b"/Subtype /Squiggly /Rect [-1000000000 100 1000000000 120] "
                           b"/QuadPoints [-1000000000 120 1000000000 120 -1000000000 100 1000000000 100] /C [1 0 0]")
    infinite_squiggly = annots(b"/Subtype /Squiggly /Rect [0 0 100 100] /QuadPoints [-" + b"9" * 400 +
                               b" 120 100 120 -" + b"9" * 400 + b" 100 100 100]")
    odd_freetext = annots(b"/Subtype /FreeText /Rect [100 100 300 200] /DA (/Helv 12 Tf 0 g) /Contents <FEFF004100>")
    odd_caption = annots(b"/Subtype /Line /Rect [50 300 250 320] /L [50 310 250 310] /Cap true /Contents <FEFF0041004200>")
    big_freetext = annots(b"/Subtype /FreeText /Rect [100 100 300 200] /DA (/Helv 1 Tf 0 g) /Contents (" +
                          b"\\n" * 200000 + b")")
    cases = {
        "max-object-id-damaged.pdf": pdf(annots(b"/Subtype /Square /Rect [10 10 50 50]"), [(2147483647, b"<< /X 1 >>")],
                                         xref=False),
        "max-object-id.pdf": pdf(annots(b"/Subtype /Square /Rect [10 10 50 50]"), [(2147483647, b"<< /X 1 >>")]),
        "deep-nesting-page.pdf": pdf(b"/Deep " + b"[" * 600 + b"]" * 600),
        "huge-rotate.pdf": pdf(b"/Rotate 99999999999999999999"),
        "sparse-numbers.pdf": pdf(extra=[(30000000, b"<< /X 1 >>")]),
        "squiggly-billion.pdf": pdf(huge_squiggly),
        "squiggly-infinite.pdf": pdf(infinite_squiggly),
        "freetext-utf16-odd.pdf": pdf(odd_freetext),
        "line-caption-utf16-odd.pdf": pdf(odd_caption),
        "freetext-200000-lines.pdf": pdf(big_freetext),
    }
    for name, data in cases.items():
        write(open_, name, data)
        write(save, name, data)
    utf8 = "Pässwörd-日本"
    write(open_, "r6-non-ascii-password.pdf",
          b"%PW " + utf8.encode() + b"\n" + encrypt(pdf(every), utf8, "Ówner-密码", "256"))
    write(open_, "r4-latin-password.pdf",
          b"%PW P\xc3\xa4ssw\xc3\xb6rd\n" + encrypt(pdf(every), "Pässwörd", "owner", "128", "--use-aes=y"))
    # fuzz_edit: make a Squiggly on the plain page, then set its quads to +-1e9 (mode 1 of number()).
    write(HERE / "reproducers" / "fuzz_edit", "squiggly-billion-by-api",
          bytes([0, 0, 0, 0, 7, 0, 100, 7, 0, 100, 7, 0, 200, 7, 0, 200, 10,
                 6, 0, 0, 1] + [1, 0xff, 0xff] * 16))


if __name__ == "__main__":
    main()

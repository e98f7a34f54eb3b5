# SPDX-License-Identifier: GPL-3.0-or-later
"""Text along turned and mirrored baselines reads as lines along each baseline, forward.

The pages are made by MuPDF (insert_text with a turning or mirroring matrix, one-byte fonts
with spaces) and by the library itself (line captions along turned lines, Type0 fonts drawn
from form XObjects once PDFium burns the appearances into the page).  poppler's layout knows
four orientations: it cut such text into two-letter fragments and read mirrored text
backwards.  PDFium and MuPDF read these pages as a reader does; so do we now."""

from __future__ import annotations

from typing import List

import pymupdf
import pypdfium2 as pdfium
import pytest

import pdftools
from engines import pdfium_flattened

TURNED = [
    (15, "Fifteen degrees up"),
    (45, "Diagonal text here"),
    (60, "Sixty degrees steep"),
    (120, "One hundred twenty"),
    (200, "Two hundred degrees"),
    (300, "Three hundred turn"),
]
MIRRORED = "Mirrored text"
MIRRORED_TURNED = "Mirrored and turned"
PLAIN = "Plain horizontal line stays"


@pytest.fixture(scope="module")
def turned_page() -> bytes:
    document = pymupdf.open()
    page = document.new_page(width=612, height=792)
    y = 100
    for angle, text in TURNED:
        point = pymupdf.Point(300, y)
        page.insert_text(point, text, fontsize=12, morph=(point, pymupdf.Matrix(-angle)))
        y += 110
    point = pymupdf.Point(450, 60)
    page.insert_text(point, MIRRORED, fontsize=14, morph=(point, pymupdf.Matrix(-1, 0, 0, 1, 0, 0)))
    point = pymupdf.Point(100, 720)
    page.insert_text(point, MIRRORED_TURNED, fontsize=12,
                     morph=(point, pymupdf.Matrix(-1, 0, 0, 1, 0, 0) * pymupdf.Matrix(-20)))
    page.insert_text(pymupdf.Point(72, 770), PLAIN, fontsize=12)
    data = document.tobytes()
    document.close()
    return data


def _lines(text: str) -> List[str]:
    return [line.strip() for line in text.replace("\r\n", "\n").split("\n") if line.strip()]


def test_every_turned_line_reads_along_its_baseline(turned_page: bytes) -> None:
    with pdftools.open(turned_page) as doc:
        ours = _lines(doc.pages[0].text)
    wanted = [text for _, text in TURNED] + [MIRRORED, MIRRORED_TURNED, PLAIN]
    assert sorted(ours) == sorted(wanted)


def test_the_peers_read_the_same_lines(turned_page: bytes) -> None:
    with pdftools.open(turned_page) as doc:
        ours = sorted(_lines(doc.pages[0].text))
    document = pdfium.PdfDocument(turned_page)
    try:
        assert sorted(_lines(document[0].get_textpage().get_text_range())) == ours
    finally:
        document.close()
    mupdf = pymupdf.open(stream=turned_page, filetype="pdf")
    try:
        assert sorted(_lines(mupdf[0].get_text())) == ours
    finally:
        mupdf.close()


def test_words_and_search_on_turned_lines(turned_page: bytes) -> None:
    with pdftools.open(turned_page) as doc:
        page = doc.pages[0]
        words = [word.text for word in page.words]
        for _, text in TURNED:
            for word in text.split():
                assert word in words, f"{word!r} is a word of its own"
        diagonal = page.search("Diagonal text")
        assert len(diagonal) == 1
        assert diagonal[0].text == "Diagonal text"
        mirrored = page.search("Mirrored text")
        assert len(mirrored) == 1
        assert len(page.search("txet")) == 0, "mirrored text is no longer read backwards"


def test_search_rects_lie_on_the_glyphs(turned_page: bytes) -> None:
    with pdftools.open(turned_page) as doc:
        match = doc.pages[0].search("Sixty")
        assert len(match) == 1
        rects = list(match[0].rects)
    document = pdfium.PdfDocument(turned_page)
    try:
        text_page = document[0].get_textpage()
        found = text_page.search("Sixty").get_next()
        assert found is not None
        start, count = found
        centers = [text_page.get_charbox(start + k) for k in range(count)]
    finally:
        document.close()
    for left, bottom, right, top in centers:
        x, y = (left + right) / 2, (bottom + top) / 2
        assert any(r.x0 - 2 <= x <= r.x1 + 2 and r.y0 - 2 <= y <= r.y1 + 2 for r in rects), (x, y, rects)


def test_captions_along_turned_lines_in_type0_fonts_from_forms() -> None:
    captions = ["Привет мир текст", "Hello ελληνικά words"]
    with pdftools.new() as doc:
        doc.insert_blank_page()
        for (start, end), text in zip([((100, 100), (400, 300)), ((100, 600), (400, 450))], captions):
            line = doc.pages[0].add_annotation("Line", line=(start, end), color=(0, 0, 0))
            line.set_raw("Cap", "true")
            line.set_raw("CP", "/Top")
            line.update(contents=text)
        data = doc.to_bytes()
    with pdftools.open(pdfium_flattened(data)) as flattened:
        text = flattened.pages[0].text
    # The upper caption first, as a reader goes down the page (PDFium and MuPDF follow the
    # drawing order and give the lower one first).
    assert _lines(text) == [captions[1], captions[0]]


def test_a_lone_reflected_glyph_in_a_formula_leaves_its_line_alone() -> None:
    # pdfTeX draws this page's arrow with a reflected glyph; one glyph makes no line.
    import corpus

    with pdftools.open(corpus.path("samplefiles-geotopo-117-pages.pdf")) as doc:
        text = doc.pages[28].text
    assert "(y1 : · · · : yi−1 : 1 : yi : · · · : yn ) →7 (y1 , . . . , yn )\nist bijektiv." in text

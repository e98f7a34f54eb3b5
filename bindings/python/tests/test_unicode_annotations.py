# SPDX-License-Identifier: GPL-3.0-or-later
"""Annotation text in any script: FreeTexts and line captions in Russian, Greek, Chinese,
Japanese, Arabic, Hebrew, Hindi and mixed lines are drawn with installed fonts, embedded as
subsets, render alike in poppler, PDFium and MuPDF, and give their text back when copied."""

from __future__ import annotations

import re
import unicodedata
from typing import Dict, List, Tuple

import pymupdf
import pypdfium2 as pdfium
import pytest
from PIL import Image, ImageChops

import pdftools
from engines import ENGINES, pdfium_flattened

SCALE = 2.0

TEXTS: Dict[str, str] = {
    "russian": "Привет, мир! Съешь ещё этих булок",
    "greek": "Καλημέρα κόσμε, ξεσκεπάζω",
    "chinese": "你好世界，欢迎使用注释工具",
    "japanese": "こんにちは世界、カタカナと漢字",
    "arabic": "مرحبا بالعالم",
    "hebrew": "שלום עולם",
    "hindi": "नमस्ते दुनिया",
    "mixed": "Привет 你好 مرحبا abc",
}

RECT = (72.0, 600.0, 372.0, 660.0)


def _document_with(contents: str, **properties) -> bytes:
    with pdftools.new() as doc:
        doc.insert_blank_page()
        doc.pages[0].add_annotation("FreeText", RECT, contents=contents, font_size=14, **properties)
        return doc.to_bytes()


def _render(engine: str, data: bytes) -> Image.Image:
    """The page at SCALE, grey, from one engine."""
    if engine == "poppler":
        with pdftools.open(data) as document:
            return document.pages[0].render(SCALE, format="rgba").to_pil().convert("L")
    if engine == "pdfium":
        document = pdfium.PdfDocument(data)
        try:
            return document[0].render(scale=SCALE, draw_annots=True).to_pil().convert("L")
        finally:
            document.close()
    document = pymupdf.open(stream=data, filetype="pdf")
    try:
        pixmap = document[0].get_pixmap(matrix=pymupdf.Matrix(SCALE, SCALE), alpha=False, annots=True)
        return Image.frombytes("RGB", (pixmap.width, pixmap.height), pixmap.samples).convert("L")
    finally:
        document.close()


def _inside(image: Image.Image, rect: Tuple[float, float, float, float]) -> Image.Image:
    x0, y0, x1, y1 = rect
    height = 792 * SCALE
    return image.crop((int(x0 * SCALE), int(height - y1 * SCALE), int(x1 * SCALE), int(height - y0 * SCALE)))


def _ink(image: Image.Image) -> int:
    return sum(image.histogram()[:128])


def _pdfium_flattened_text(data: bytes) -> str:
    """PDFium burns the appearances into the page and reads the page's text."""
    flattened = pdfium.PdfDocument(pdfium_flattened(data))
    try:
        return flattened[0].get_textpage().get_text_range()
    finally:
        flattened.close()


def _nfc(text: str) -> str:
    return unicodedata.normalize("NFC", text)


@pytest.mark.parametrize("script", sorted(TEXTS))
def test_freetext_renders_alike_in_the_three_engines(script: str) -> None:
    data = _document_with(TEXTS[script])
    images = {engine: _inside(_render(engine, data), RECT) for engine in ENGINES}
    reference = images["poppler"]
    ink = _ink(reference)
    assert ink > 150, f"{script}: poppler drew almost nothing ({ink} dark pixels)"
    for engine in ("pdfium", "mupdf"):
        other = images[engine]
        assert abs(_ink(other) - ink) < ink * 0.25, f"{script}: {engine} draws {_ink(other)} dark pixels, poppler {ink}"
        difference = ImageChops.difference(reference, other)
        differing = sum(difference.histogram()[129:])
        assert differing < ink * 0.25, f"{script}: {engine} differs from poppler in {differing} of {ink} pixels"
        assert reference.point(lambda v: 255 if v < 128 else 0).getbbox() is not None


@pytest.mark.parametrize("script", sorted(TEXTS))
def test_text_copied_from_the_appearance_is_the_contents(script: str) -> None:
    contents = TEXTS[script]
    data = _document_with(contents)
    assert _nfc(_pdfium_flattened_text(data).strip()) == _nfc(contents)


@pytest.mark.parametrize("script", sorted(set(TEXTS) - {"mixed"}))
def test_mupdf_reads_the_same_text(script: str) -> None:
    # MuPDF puts the space between an Arabic and a Latin run elsewhere on a mixed line, so
    # the mixed line is checked with PDFium only.
    contents = TEXTS[script]
    document = pymupdf.open(stream=_document_with(contents), filetype="pdf")
    try:
        assert _nfc(document[0].get_text().strip()) == _nfc(contents)
    finally:
        document.close()


def test_the_fonts_are_embedded_subsets_with_tounicode() -> None:
    document = pymupdf.open(stream=_document_with(TEXTS["mixed"]), filetype="pdf")
    try:
        fonts = [font for xref in range(1, document.xref_length()) for font in [document.xref_object(xref)]
                 if "/Type0" in font]
        assert len(fonts) >= 3, "Cyrillic/Latin, CJK and Arabic fonts"
        for font in fonts:
            assert "/Identity-H" in font and "/ToUnicode" in font
            base = font.split("/BaseFont /")[1].split()[0]
            assert len(base) > 7 and base[6] == "+" and base[:6].isupper(), base
    finally:
        document.close()


def test_latin_text_keeps_the_standard_font_and_adds_no_font_file() -> None:
    data = _document_with("Plain Latin text, café and naïve")
    assert b"/FontFile" not in data and b"/Type0" not in data
    assert b"/BaseFont /Helvetica" in data


def test_forty_mixed_cjk_and_latin_characters_add_less_than_40_kb() -> None:
    text = "中文和English混合的注释文字，测试子集的大小。Subset 日本語もですね"
    assert len(text) == 40
    with pdftools.new() as doc:
        doc.insert_blank_page()
        empty = len(doc.to_bytes())
        doc.pages[0].add_annotation("FreeText", (72, 500, 540, 700), contents=text, font_size=14)
        added = len(doc.to_bytes()) - empty
    assert added < 40 * 1024, f"the annotation added {added} bytes"


def test_long_text_wraps_inside_the_box_in_every_engine() -> None:
    text = "这是一段很长的中文文本，没有空格，必须在框内按字换行，" * 3
    rect = (72.0, 500.0, 232.0, 700.0)
    data = _document_with_rect(text, rect)
    for engine in ENGINES:
        image = _render(engine, data)
        drawn = image.point(lambda v: 255 if v < 128 else 0).getbbox()
        assert drawn is not None, engine
        x0, y0, x1, y1 = (value / SCALE for value in drawn)
        assert x0 >= rect[0] - 0.5 and x1 <= rect[2] + 0.5, f"{engine}: text from x {x0} to {x1}"
        assert (y1 - y0) > 14 * 3, f"{engine}: the text is on several lines"
    assert _nfc(_pdfium_flattened_text(data).replace("\r\n", "").replace("\n", "")) == _nfc(text)


def _document_with_rect(contents: str, rect: Tuple[float, float, float, float]) -> bytes:
    with pdftools.new() as doc:
        doc.insert_blank_page()
        doc.pages[0].add_annotation("FreeText", rect, contents=contents, font_size=14)
        return doc.to_bytes()


def test_characters_no_font_covers_are_named_and_logged(log_records: List[Tuple]) -> None:
    contents = "Ab\ufdd0ж\U0010fffe"
    with pdftools.new() as doc:
        doc.insert_blank_page()
        annotation = doc.pages[0].add_annotation("FreeText", RECT, contents=contents)
        assert annotation.missing_characters == "\ufdd0\U0010fffe"
        assert annotation.contents == contents, "the contents keep the text"
        warnings = [message for level, _, message in log_records if level == pdftools.LogLevel.WARNING]
        assert any("U+FDD0" in message and "U+10FFFE" in message for message in warnings), warnings
        fine = doc.pages[0].add_annotation("FreeText", RECT, contents=TEXTS["mixed"])
        assert fine.missing_characters == ""
        square = doc.pages[0].add_annotation("Square", RECT)
        assert square.missing_characters == ""


@pytest.mark.parametrize("script", ["arabic", "chinese", "russian"])
def test_line_captions_in_any_script(script: str) -> None:
    contents = TEXTS[script]
    with pdftools.new() as doc:
        doc.insert_blank_page()
        line = doc.pages[0].add_annotation("Line", line=((100, 400), (500, 400)), color=(0, 0, 0))
        line.set_raw("Cap", "true")
        line.set_raw("CP", "/Top")
        line.update(contents=contents)  # the caption shows the contents: the appearance is redrawn
        assert line.missing_characters == ""
        data = doc.to_bytes()
    assert b"/Type0" in data
    assert _nfc(contents) in _nfc(_pdfium_flattened_text(data))
    band = (100.0, 400.0, 500.0, 440.0)
    inks = {engine: _ink(_inside(_render(engine, data), band)) for engine in ENGINES}
    assert inks["poppler"] > 100
    for engine in ("pdfium", "mupdf"):
        assert abs(inks[engine] - inks["poppler"]) < inks["poppler"] * 0.3, inks


def test_an_installed_family_asked_for_by_name_is_used() -> None:
    # fonts-dejavu-core holds DejaVu Serif; fontconfig matches family names without blanks.
    asked = _document_with_font("DejaVuSerif", "Hello")
    assert re.search(rb"/BaseFont /[A-Z]{6}\+DejaVuSerif", asked)
    unknown = _document_with_font("NoSuchFamilyAnywhere", "Hello")
    assert b"/BaseFont /Helvetica" in unknown and b"/Type0" not in unknown, "as before: Helvetica"
    standard = _document_with_font("Times-Roman", "Hello")
    assert b"/BaseFont /Times-Roman" in standard and b"/Type0" not in standard


def _document_with_font(font: str, contents: str) -> bytes:
    with pdftools.new() as doc:
        doc.insert_blank_page()
        doc.pages[0].add_annotation("FreeText", RECT, contents=contents, font=font)
        return doc.to_bytes()

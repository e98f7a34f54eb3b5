# SPDX-License-Identifier: GPL-3.0-or-later
"""Rendering pages and tiles: sizes, geometry on rotated and cropped pages, tiles, annotations,
pixel formats, Pillow conversion and argument errors."""

from __future__ import annotations

import math
import sys
from typing import Iterator, Tuple

import pytest
from PIL import Image

import corpus
import pdfgen
import pdftools
from pdftools import PixelFormat, RenderedImage

SQUARE_CIRCLE = "pdfjs-annotation-square-circle.pdf"

# A red square 40 x 40 at (200, 300) and a blue 30 x 20 rectangle at (400, 600) in page space,
# inside the crop box [50 60 500 700] of a 612 x 792 media box.
RED_SQUARE = (200.0, 300.0, 240.0, 340.0)
BLUE_RECT = (400.0, 600.0, 430.0, 620.0)
DRAWING = b"1 0 0 rg 200 300 40 40 re f 0 0 1 rg 400 600 30 20 re f"
CROP = (50.0, 60.0, 500.0, 700.0)
GEOMETRIES = [(0, None), (90, None), (180, None), (270, None), (90, 2.0)]  # (/Rotate, /UserUnit)

RED = (255, 0, 0, 255)
BLUE = (0, 0, 255, 255)
WHITE = (255, 255, 255, 255)


@pytest.fixture(scope="module")
def shapes_doc() -> Iterator[pdftools.Document]:
    pages = [
        pdfgen.PageSpec(runs=[], crop_box=CROP, rotate=rotate, user_unit=unit, drawing=DRAWING)
        for rotate, unit in GEOMETRIES
    ]
    with pdftools.open(pdfgen.build(pages)) as doc:
        yield doc


def _pixel(image: Image.Image, page: pdftools.Page, point: Tuple[float, float], scale: float) -> Tuple[int, ...]:
    """The pixel showing page-space ``point``."""
    shown = page.to_display(point)
    return image.getpixel((int(shown.x * scale), int(shown.y * scale)))


@pytest.mark.parametrize("name", ["qpdf-boxes.pdf", "pdfjs-bug852992-negative-mediabox.pdf", "samplefiles-habibi-rotated.pdf"])
@pytest.mark.parametrize("scale", [0.25, 1.0, 1.5, 2.0])
def test_size_is_the_display_size_times_scale_rounded_up(name: str, scale: float) -> None:
    with pdftools.open(corpus.path(name)) as doc:
        for page in doc.pages:
            size = page.size
            expected = (math.ceil(size.width * scale), math.ceil(size.height * scale))
            assert page.render_size(scale) == expected
            image = page.render(scale)
            assert (image.width, image.height) == expected
            assert image.stride == image.width * 4
            assert len(image.data) == image.stride * image.height
            assert image.format == PixelFormat.BGRA == "bgra"


@pytest.mark.parametrize("index", range(len(GEOMETRIES)))
@pytest.mark.parametrize("scale", [1.0, 1.5, 2.0])
def test_shapes_are_where_to_display_puts_them(shapes_doc: pdftools.Document, index: int, scale: float) -> None:
    """On pages with /Rotate 0/90/180/270, a crop box off the origin and UserUnit 2, the pixel at
    page.to_display(point) x scale shows what the page draws at point."""
    page = shapes_doc.pages[index]
    rotate, unit = GEOMETRIES[index]
    assert (page.rotation, page.user_unit) == (rotate, unit or 1.0)
    image = page.render(scale, format="rgba").to_pil()
    x0, y0, x1, y1 = RED_SQUARE
    for point in [((x0 + x1) / 2, (y0 + y1) / 2), (x0 + 2, y0 + 2), (x1 - 2, y0 + 2), (x0 + 2, y1 - 2), (x1 - 2, y1 - 2)]:
        assert _pixel(image, page, point, scale) == RED, point
    bx0, by0, bx1, by1 = BLUE_RECT
    for point in [((bx0 + bx1) / 2, (by0 + by1) / 2), (bx0 + 2, by0 + 2), (bx1 - 2, by1 - 2)]:
        assert _pixel(image, page, point, scale) == BLUE, point
    for point in [(x0 - 3, 320.0), (x1 + 3, 320.0), (220.0, y0 - 3), (220.0, y1 + 3), (415.0, by1 + 3), (60.0, 690.0)]:
        assert _pixel(image, page, point, scale) == WHITE, point
    # The page-space point the formula of the tests puts there agrees too.
    shown = pdfgen.to_display((220.0, 320.0), CROP, rotate, unit or 1.0)
    assert image.getpixel((int(shown[0] * scale), int(shown[1] * scale))) == RED


@pytest.mark.parametrize("index", range(len(GEOMETRIES)))
@pytest.mark.parametrize("tile", [(0, 0, 50, 40), (100, 150, 64, 80), (333, 17, 1, 300)])
def test_tile_equals_the_region_of_the_whole_render(shapes_doc: pdftools.Document, index: int, tile: tuple) -> None:
    page = shapes_doc.pages[index]
    for scale, format in ((1.5, "bgra"), (1.0, "rgba")):
        whole = page.render(scale, format=format)
        part = page.render(scale, format=format, tile=tile)
        x, y, width, height = tile
        assert (part.width, part.height, part.stride) == (width, height, width * 4)
        for row in range(height):
            start = (y + row) * whole.stride + x * 4
            assert part.data[row * part.stride : (row + 1) * part.stride] == whole.data[start : start + width * 4], row


def test_tile_over_the_red_square(shapes_doc: pdftools.Document) -> None:
    page = shapes_doc.pages[1]
    scale = 2.0
    box = page.to_display(pdftools.Rect(*RED_SQUARE))
    tile = (int(box.x0 * scale) + 4, int(box.y0 * scale) + 4, 16, 16)
    image = page.render(scale, format="rgba", tile=tile)
    assert image.data == bytes(RED) * (16 * 16)


def test_annotations_false_hides_annotations() -> None:
    with pdftools.open(corpus.path(SQUARE_CIRCLE)) as doc:
        page = doc.pages[0]
        square = page.annotations[0]
        assert square.subtype == "Square"
        shown = page.render(format="rgba").to_pil()
        hidden = page.render(format="rgba", annotations=False).to_pil()
        box = page.to_display(square.rect)
        inside = [(x, y) for x in range(math.ceil(box.x0), int(box.x1)) for y in range(math.ceil(box.y0), int(box.y1))]
        changed = [p for p in inside if shown.getpixel(p) != hidden.getpixel(p)]
        assert len(changed) > 500, "the square's border is drawn only with annotations"
        assert all(hidden.getpixel(p) == WHITE for p in changed)
        outside = [(x, y) for x in range(300, 590, 7) for y in range(350, 830, 7)]
        assert all(shown.getpixel(p) == hidden.getpixel(p) for p in outside)


def test_unsaved_changes_are_shown() -> None:
    """After deleting the Square annotation, the page renders as without annotations there."""
    with pdftools.open(corpus.path(SQUARE_CIRCLE)) as doc:
        page = doc.pages[0]
        square = page.annotations[0]
        box = page.to_display(square.rect)
        region = (int(box.x0), int(box.y0), int(box.width) + 1, int(box.height) + 1)
        before = page.render(tile=region)
        hidden = page.render(tile=region, annotations=False)
        assert before.data != hidden.data
        square.delete()
        assert page.render(tile=region).data == hidden.data
        doc.insert_blank_page(0, 100, 50)
        assert doc.pages[0].render().data == b"\xff" * (100 * 50 * 4)


@pytest.mark.parametrize("index", range(len(GEOMETRIES)))
def test_edits_on_a_shown_page_render_as_the_saved_document_does(index: int) -> None:
    """A page shown, then annotated edit after edit, renders exactly as a fresh read of the saved
    document renders it, on every rotation, the crop box and /UserUnit; undo shows the page as it
    was."""
    pages = [
        pdfgen.PageSpec(runs=[], crop_box=CROP, rotate=rotate, user_unit=unit, drawing=DRAWING)
        for rotate, unit in GEOMETRIES
    ]
    with pdftools.open(pdfgen.build(pages)) as doc:
        page = doc.pages[index]
        first = page.render(0.75)

        def like_saved(step: str) -> None:
            with pdftools.open(doc.to_bytes()) as fresh:
                assert page.render(0.75).data == fresh.pages[index].render(0.75).data, step

        square = page.add_annotation("Square", (150, 150, 260, 240), color=(1, 0, 0), interior_color=(0, 0.5, 0.5), opacity=0.7)
        like_saved("a filled square")
        page.add_annotation("Ink", ink=[[(100, 400), (180, 480), (260, 410)]], color=(0, 0.6, 0))
        like_saved("an ink stroke")
        page.add_annotation("FreeText", (220, 500, 420, 560), contents="Shown over kept content", font_size=14)
        like_saved("free text")
        page.add_annotation("Highlight", quads=[((200, 340), (240, 340), (200, 300), (240, 300))], color=(1, 1, 0))
        like_saved("a highlight over the red square")
        square.update(rect=(300, 150, 380, 200))
        like_saved("the square moved")
        square.delete()
        like_saved("the square deleted")
        while doc.can_undo:
            doc.undo()
        assert page.render(0.75).data == first.data, "undone, the page is as it was"


def test_rgba_and_bgra_byte_order(shapes_doc: pdftools.Document) -> None:
    page = shapes_doc.pages[0]
    bgra = page.render()
    rgba = page.render(format=PixelFormat.RGBA)
    assert rgba.format == "rgba" and bgra.format == "bgra"
    assert len(bgra.data) == len(rgba.data)
    # Opaque pixels: the same colour with R and B swapped.
    swapped = bytearray(bgra.data)
    swapped[0::4], swapped[2::4] = bgra.data[2::4], bgra.data[0::4]
    assert bytes(swapped) == rgba.data
    shown = page.to_display((220.0, 320.0))
    offset = int(shown.y) * rgba.stride + int(shown.x) * 4
    assert rgba.data[offset : offset + 4] == bytes([255, 0, 0, 255])
    assert bgra.data[offset : offset + 4] == bytes([0, 0, 255, 255])


def test_transparent_background(shapes_doc: pdftools.Document) -> None:
    """background=0 leaves the unpainted page transparent; BGRA is premultiplied, RGBA straight."""
    page = shapes_doc.pages[0]
    bgra = page.render(background=0)
    rgba = page.render(background=0, format="rgba")
    corner = 0
    assert bgra.data[corner : corner + 4] == b"\x00\x00\x00\x00"
    assert rgba.data[corner : corner + 4] == b"\x00\x00\x00\x00"
    for pixel in range(0, len(bgra.data), 4 * 97):
        b, g, r, a = bgra.data[pixel : pixel + 4]
        assert max(b, g, r) <= a, "premultiplied colour never exceeds alpha"
    shown = page.to_display((220.0, 320.0))
    offset = int(shown.y) * rgba.stride + int(shown.x) * 4
    assert rgba.data[offset : offset + 4] == bytes([255, 0, 0, 255])
    half = page.render(background=0x80FFFFFF, format="rgba")
    assert half.data[0:4] == bytes([255, 255, 255, 0x80])
    half_bgra = page.render(background=0x80FFFFFF)
    assert half_bgra.data[0:4] == bytes([0x80, 0x80, 0x80, 0x80])
    green = page.render(background=0xFF00FF00, format="rgba")
    assert green.data[0:4] == bytes([0, 255, 0, 255])


@pytest.mark.parametrize("format", ["bgra", "rgba", "BGRA", PixelFormat.RGBA])
def test_to_pil(shapes_doc: pdftools.Document, format: str) -> None:
    page = shapes_doc.pages[2]
    image = page.render(1.5, format=format, background=0x00FFFFFF)
    picture = image.to_pil()
    assert isinstance(picture, Image.Image)
    assert picture.mode == "RGBA" and picture.size == (image.width, image.height)
    assert _pixel(picture, page, (220.0, 320.0), 1.5) == RED
    assert picture.getpixel((0, 0))[3] == 0
    reference = page.render(1.5, format="rgba", background=0x00FFFFFF)
    # Premultiplied BGRA converted by Pillow, straight RGBA converted by the library: the same.
    assert picture.tobytes() == reference.data


def test_to_pil_without_pillow(shapes_doc: pdftools.Document, monkeypatch: pytest.MonkeyPatch) -> None:
    image = shapes_doc.pages[0].render(0.1)
    monkeypatch.setitem(sys.modules, "PIL", None)  # makes "from PIL import Image" fail
    with pytest.raises(ImportError, match="Pillow"):
        image.to_pil()


def test_rendered_image_is_a_plain_value(shapes_doc: pdftools.Document) -> None:
    image = shapes_doc.pages[0].render(0.5)
    assert isinstance(image, RenderedImage)
    assert "data" not in repr(image) and "width=" in repr(image)
    with pytest.raises(AttributeError):
        image.width = 3  # type: ignore[misc]
    assert shapes_doc.pages[0].render(0.5) == image  # compared by value
    assert shapes_doc.pages[0].render(0.5, format="rgba") != image


@pytest.mark.parametrize(
    "kwargs",
    [
        {"scale": 0},
        {"scale": -1.0},
        {"scale": float("nan")},
        {"scale": float("inf")},
        {"scale": 64.5},
        {"format": "argb"},
        {"format": ""},
        {"tile": (0, 0, 0, 10)},
        {"tile": (0, 0, 10, -1)},
        {"tile": (0, 0, 10)},
        {"tile": (0, 0, 10, 10, 10)},
        {"tile": (0, 0, 2**31, 1)},
        {"tile": (0, 0, 40000, 1)},
        {"tile": (0, 0, 10, 10), "scale": 0},
        {"background": -1},
        {"background": 2**32},
    ],
)
def test_bad_arguments_raise_argument_error(shapes_doc: pdftools.Document, kwargs: dict) -> None:
    page = shapes_doc.pages[0]
    with pytest.raises(pdftools.ArgumentError):
        page.render(**kwargs)


def test_bad_scale_for_render_size(shapes_doc: pdftools.Document) -> None:
    for scale in (0, -2, float("nan"), 65):
        with pytest.raises(pdftools.ArgumentError):
            shapes_doc.pages[0].render_size(scale)
    assert shapes_doc.pages[0].render_size(64) == (math.ceil(450 * 64), math.ceil(640 * 64))


@pytest.mark.parametrize(
    "kwargs", [{"scale": "2"}, {"scale": None}, {"tile": "0,0,1,1"}, {"tile": (0, 0, 1.5, 1)}, {"background": "white"}, {"background": 1.0}]
)
def test_wrong_types_raise_type_error(shapes_doc: pdftools.Document, kwargs: dict) -> None:
    with pytest.raises(TypeError):
        shapes_doc.pages[0].render(**kwargs)


def test_closed_document_raises() -> None:
    doc = pdftools.open(corpus.path(SQUARE_CIRCLE))
    page = doc.pages[0]
    image = page.render(0.2)
    doc.close()
    with pytest.raises(pdftools.ClosedDocumentError):
        page.render()
    with pytest.raises(pdftools.ClosedDocumentError):
        page.render(tile=(0, 0, 4, 4))
    with pytest.raises(pdftools.ClosedDocumentError):
        page.render_size()
    assert image.to_pil().size == (image.width, image.height)  # images are plain values


def test_every_openable_corpus_page_renders_small() -> None:
    """Scale 0.1 over the corpus (first 3 pages of each file): no failure, sizes as promised."""
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
            for page in doc.pages[:3]:
                image = page.render(0.1)
                assert (image.width, image.height) == page.render_size(0.1), name

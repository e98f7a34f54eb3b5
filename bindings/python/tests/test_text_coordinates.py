# SPDX-License-Identifier: GPL-3.0-or-later
"""Page <-> display conversion on the corpus's rotated and offset pages (ARCHITECTURE.md §4)."""

from __future__ import annotations

import itertools
from typing import List, Tuple

import pytest

import corpus
import pdfgen
import pdftools
from pdftools import Point, Quad, Rect, Space

FILES = ["qpdf-rotated.pdf", "qpdf-boxes.pdf"]


def _samples(crop: Rect) -> List[Tuple[float, float]]:
    """Corners, center, odd interior points and points outside the crop box."""
    xs = [crop.x0, crop.x1, (crop.x0 + crop.x1) / 2, crop.x0 + 0.123456789, crop.x0 - 1000.5, crop.x1 + 33.25]
    ys = [crop.y0, crop.y1, (crop.y0 + crop.y1) / 2, crop.y1 - 7.654321, crop.y0 - 250.0, crop.y1 + 1e4]
    return list(itertools.product(xs, ys))


@pytest.mark.parametrize("name", FILES)
def test_round_trips_on_every_page(name: str) -> None:
    with pdftools.open(corpus.path(name)) as doc:
        rotations = set()
        for page in doc.pages:
            rotations.add(page.rotation)
            crop = page.crop_box
            samples = _samples(crop)
            for p in samples:
                shown = page.to_display(p)
                assert isinstance(shown, Point)
                assert page.to_page(shown) == pytest.approx(p, abs=1e-9)
                back = page.to_display(page.to_page(p))
                assert back == pytest.approx(p, abs=1e-9)
            # The batch call agrees with single conversions.
            batch = page.convert_points(samples, Space.PAGE, Space.DISPLAY)
            assert batch == [pytest.approx(page.to_display(p), abs=1e-12) for p in samples]
            assert page.convert_points(batch, "display", "page") == [pytest.approx(p, abs=1e-9) for p in samples]
        assert rotations == {0, 90, 180, 270}


@pytest.mark.parametrize("name", FILES)
def test_crop_box_corners_map_to_the_display_corners(name: str) -> None:
    with pdftools.open(corpus.path(name)) as doc:
        for page in doc.pages:
            crop = page.crop_box
            width, height = page.size
            corners = [(crop.x0, crop.y0), (crop.x0, crop.y1), (crop.x1, crop.y0), (crop.x1, crop.y1)]
            shown = [page.to_display(c) for c in corners]
            expected = {(0.0, 0.0), (width, 0.0), (0.0, height), (width, height)}
            assert {(round(x, 9), round(y, 9)) for x, y in shown} == {
                (round(x, 9), round(y, 9)) for x, y in expected
            }
            assert page.to_display(crop) == pytest.approx((0.0, 0.0, width, height), abs=1e-9)
            assert page.to_page(Rect(0.0, 0.0, width, height)) == pytest.approx(tuple(crop), abs=1e-9)
            # The display origin is the crop box corner the formula names for this rotation.
            origin = pdfgen.to_page((0.0, 0.0), tuple(crop), page.rotation, page.user_unit)
            assert page.to_page((0.0, 0.0)) == pytest.approx(origin, abs=1e-9)


@pytest.mark.parametrize("name", FILES)
def test_conversion_matches_the_independent_formula(name: str) -> None:
    with pdftools.open(corpus.path(name)) as doc:
        for page in doc.pages:
            crop = tuple(page.crop_box)
            for p in _samples(page.crop_box):
                expected = pdfgen.to_display(p, crop, page.rotation, page.user_unit)
                assert page.to_display(p) == pytest.approx(expected, abs=1e-9), (page.index, page.rotation, p)


def test_user_unit_scales_display_space(tmp_path) -> None:
    pdf = pdfgen.build(
        [
            pdfgen.PageSpec(runs=[], media_box=(0, 0, 300, 400), crop_box=(10, 20, 290, 380), rotate=90, user_unit=2.5),
        ]
    )
    path = tmp_path / "userunit.pdf"
    path.write_bytes(pdf)
    with pdftools.open(path) as doc:
        page = doc.pages[0]
        assert page.user_unit == 2.5
        assert page.size == pytest.approx((360 * 2.5, 280 * 2.5))
        for p in _samples(page.crop_box):
            expected = pdfgen.to_display(p, (10, 20, 290, 380), 90, 2.5)
            assert page.to_display(p) == pytest.approx(expected, abs=1e-9)
            assert page.to_page(expected) == pytest.approx(p, abs=1e-9)


def test_rects_and_quads_convert(tmp_path) -> None:
    with pdftools.open(corpus.path("qpdf-boxes.pdf")) as doc:
        page = doc.pages[1]  # /Rotate 90, crop box [10 20 582 752]
        rect = Rect(100.0, 200.0, 150.0, 260.0)
        shown = page.to_display(rect)
        assert isinstance(shown, Rect)
        assert shown.x0 <= shown.x1 and shown.y0 <= shown.y1  # normalized
        assert page.to_page(shown) == pytest.approx(tuple(rect), abs=1e-9)
        assert page.to_display((100.0, 200.0, 150.0, 260.0)) == shown  # a plain 4-tuple is a rect
        quad = Quad(Point(100, 260), Point(150, 260), Point(100, 200), Point(150, 200))
        shown_quad = page.to_display(quad)
        assert isinstance(shown_quad, Quad)
        assert list(shown_quad) == [pytest.approx(page.to_display(p), abs=1e-12) for p in quad]
        flat = [v for corner in page.to_page(shown_quad) for v in corner]
        assert flat == pytest.approx([v for corner in quad for v in corner], abs=1e-9)
        assert page.convert(rect, Space.PAGE, "page") == rect

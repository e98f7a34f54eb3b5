# SPDX-License-Identifier: GPL-3.0-or-later
"""Listing in one call, rendering into caller memory, the text cache budget, and progress
with cancellation of long calls."""

from __future__ import annotations

import array
import mmap
from pathlib import Path
from typing import List, Tuple

import numpy
import pytest

import corpus
import pdftools
from pdfgen import PageSpec, Run, build

PAGE_TEXT = "alpha beta gamma delta"


def _pages(count: int) -> bytes:
    return build([PageSpec([Run(72, 700, PAGE_TEXT + " %d" % i, 12)]) for i in range(count)])


# -- listing --------------------------------------------------------------------------------------


def test_annotation_infos_match_the_annotations() -> None:
    with pdftools.open(_pages(1)) as doc:
        page = doc.pages[0]
        square = page.add_annotation("Square", rect=(100, 100, 200, 150), color=(0, 0, 1), contents="ü note")
        line = page.add_annotation("Line", line=((10, 10), (90, 90)), opacity=0.5)
        reply = page.add_annotation("Text", rect=(300, 300, 320, 320), reply_to=square)
        square.update(color=None)
        infos = page.annotation_infos()
        assert [info.id for info in infos] == [a.id for a in page.annotations]
        by_id = {info.id: info for info in infos}
        assert by_id[square.id].subtype == "Square"
        assert by_id[square.id].rect == square.rect
        assert by_id[square.id].color is None
        assert by_id[square.id].contents_size == len("ü note".encode())
        assert by_id[line.id].opacity == pytest.approx(0.5)
        assert by_id[line.id].color == pytest.approx((1, 0, 0))
        assert by_id[reply.id].in_reply_to == square.id
        assert by_id[reply.id].annotation == reply
        assert pdftools.AnnotationFlag.PRINT in by_id[line.id].flags
        line.delete()
        assert [info.id for info in page.annotation_infos()] == [square.id, reply.id]
        doc.undo()
        assert len(page.annotation_infos()) == 3


def test_annotation_infos_of_other_writers() -> None:
    import corpus

    with pdftools.open(corpus.path("pdfjs-issue14438-many-annots.pdf")) as doc:
        infos = doc.pages[0].annotation_infos()
        assert [i.subtype for i in infos] == [a.subtype for a in doc.pages[0].annotations]
        assert [i.rect for i in infos] == [a.rect for a in doc.pages[0].annotations]


# -- rendering into caller memory -------------------------------------------------------------------


def test_render_into_caller_buffers() -> None:
    with pdftools.open(_pages(1)) as doc:
        page = doc.pages[0]
        reference = page.render(1.0)
        size = reference.stride * reference.height
        target = bytearray(size)
        image = page.render(1.0, into=target)
        assert bytes(target) == bytes(reference.data)
        assert image.data.obj is target, "the image is a view of the caller's buffer"
        pixels = numpy.empty((reference.height, reference.width, 4), dtype=numpy.uint8)
        page.render(1.0, into=pixels)
        assert pixels.tobytes() == bytes(reference.data)
        shared = mmap.mmap(-1, size + 100)
        page.render(1.0, into=memoryview(shared))
        assert shared[:size] == bytes(reference.data)
        padded = bytearray((reference.width * 4 + 64) * reference.height)
        image = page.render(1.0, into=padded, stride=reference.width * 4 + 64)
        assert image.stride == reference.width * 4 + 64
        assert image.to_pil().tobytes() == reference.to_pil().tobytes()


def test_render_into_bad_buffers() -> None:
    with pdftools.open(_pages(1)) as doc:
        page = doc.pages[0]
        width, height = page.render_size(1.0)
        with pytest.raises(pdftools.ArgumentError, match="needs"):
            page.render(1.0, into=bytearray(width * height * 4 - 1))
        with pytest.raises(TypeError):
            page.render(1.0, into=bytes(width * height * 4))
        with pytest.raises(TypeError):
            page.render(1.0, into="not a buffer")
        with pytest.raises(pdftools.ArgumentError):
            page.render(1.0, into=bytearray(width * height * 8), stride=width * 4 - 4)
        with pytest.raises(pdftools.ArgumentError):
            page.render(1.0, into=numpy.zeros((height, width * 8), dtype=numpy.uint8)[:, ::2])
        assert page.render(1.0, into=array.array("B", bytes(width * height * 4))).width == width


def test_render_sizes_round_to_the_nearest_pixel_within_a_millionth() -> None:
    with pdftools.open(_pages(1)) as doc:
        # 792 pt at 150 dpi: 792 * (150 / 72) = 1650.0000000000002 in floating point.
        assert doc.pages[0].render_size(150 / 72) == (1275, 1650)
        assert doc.pages[0].render_size(1.001) == (613, 793)


# -- the text cache budget -------------------------------------------------------------------------


def test_text_cache_limit_keeps_results() -> None:
    data = _pages(60)
    with pdftools.open(data) as unlimited:
        expected = [(m.page_index, m.text) for m in unlimited.search("gamma")]
    with pdftools.open(data) as doc:
        doc.set_cache_limit(0)
        assert [(m.page_index, m.text) for m in doc.search("gamma")] == expected
        assert doc.pages[3].text == PAGE_TEXT + " 3"
        doc.set_cache_limit(1 << 20)
        assert len(doc.search("delta")) == 60
        with pytest.raises(ValueError):
            doc.set_cache_limit(-1)


@pytest.mark.parametrize(
    "name", ["samplefiles-habibi-arabic.pdf", "samplefiles-habibi-rotated.pdf", "pdfjs-tracemonkey.pdf"]
)
def test_a_search_that_keeps_no_page_finds_what_read_pages_hold(name: str) -> None:
    # With no room in the cache a search reads poppler's plain text where it holds a page's
    # characters in order, and the page's text otherwise (right-to-left runs): the matches and
    # the text are those of the pages read one by one.
    with pdftools.open(corpus.path(name)) as doc:
        last = min(doc.page_count, 3) - 1
        words = sorted({w for i in range(last + 1) for w in doc.pages[i].text.split()[:15] if len(w) > 2})
        assert words
        doc.set_cache_limit(0)
        doc.text(0, last)  # a first pass may keep its first page; the next one keeps none
        plain_text = doc.text(0, last)
        plain = [[(m.page_index, m.text) for m in doc.search(w, last_page=last)] for w in words]
        doc.set_cache_limit(1 << 30)
        read = [doc.pages[i].text for i in range(last + 1)]
        assert plain_text == "\f".join(read)
        assert plain == [[(m.page_index, m.text) for m in doc.search(w, last_page=last)] for w in words]
        assert sum(len(found) for found in plain) >= len(words)


# -- progress and cancellation ---------------------------------------------------------------------


def test_search_progress_and_stop() -> None:
    with pdftools.open(_pages(20)) as doc:
        seen: List[Tuple[int, int]] = []
        matches = doc.search("beta", progress=lambda done, total: seen.append((done, total)))
        assert len(matches) == 20
        assert seen[0] == (0, 20) and seen[-1] == (20, 20)
        assert [done for done, _ in seen] == sorted(done for done, _ in seen)

        def stop_at_five(done: int, total: int) -> bool:
            return done < 5

        with pytest.raises(pdftools.CancelledError):
            doc.search("gamma", progress=stop_at_five)
        assert len(doc.search("gamma")) == 20


def test_progress_exceptions_and_calls_back() -> None:
    with pdftools.open(_pages(5)) as doc:
        def boom(done: int, total: int) -> None:
            raise KeyError("from the callback")

        with pytest.raises(KeyError, match="from the callback"):
            doc.search("alpha", progress=boom)

        def calls_back(done: int, total: int) -> None:
            doc.pages[0].text  # the document is busy with the search

        with pytest.raises(pdftools.NotPermittedError):
            doc.search("alpha", progress=calls_back)
        assert doc.pages[0].text.startswith("alpha")
        with pytest.raises(TypeError):
            doc.search("alpha", progress=42)


def test_text_of_all_pages_with_progress() -> None:
    with pdftools.open(_pages(4)) as doc:
        seen: List[int] = []
        text = doc.text(progress=lambda done, total: seen.append(done))
        assert text.split("\f") == [PAGE_TEXT + " %d" % i for i in range(4)]
        assert seen == [0, 1, 2, 3, 4]
        assert doc.text(1, 2) == PAGE_TEXT + " 1\f" + PAGE_TEXT + " 2"
        with pytest.raises(pdftools.CancelledError):
            doc.text(progress=lambda done, total: False)
        with pytest.raises(pdftools.RangeError):
            doc.text(3, 9)


@pytest.mark.parametrize("incremental", [False, True])
def test_save_progress_and_stop_leave_the_file(tmp_path: Path, incremental: bool) -> None:
    path = tmp_path / "doc.pdf"
    path.write_bytes(_pages(30))
    before = path.read_bytes()
    with pdftools.open(path) as doc:
        doc.pages[0].add_annotation("Square", rect=(10, 10, 50, 50))
        seen: List[Tuple[int, int]] = []
        data = doc.to_bytes(incremental=incremental, progress=lambda done, total: seen.append((done, total)))
        assert seen and seen[-1][0] == seen[-1][1]
        with pytest.raises(pdftools.CancelledError):
            doc.save(path, incremental=incremental, progress=lambda done, total: False)
        assert path.read_bytes() == before
        assert doc.is_modified
        assert [p.name for p in tmp_path.iterdir()] == ["doc.pdf"]
        doc.save(path, incremental=incremental, progress=lambda done, total: None)
        assert not doc.is_modified
    with pdftools.open(path) as again:
        assert len(again.pages[0].annotations) == 1
    assert len(data) > 0


def test_the_tqdm_example_shows_a_bar_and_the_count(tmp_path: Path) -> None:
    import os
    import subprocess
    import sys

    path = tmp_path / "pages.pdf"
    path.write_bytes(_pages(12))
    example = Path(__file__).resolve().parents[1] / "examples" / "search_progress.py"
    binding = str(example.parents[1])
    done = subprocess.run(
        [sys.executable, str(example), str(path), "gamma"],
        capture_output=True,
        text=True,
        timeout=60,
        env=dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [binding, os.environ.get("PYTHONPATH")]))),
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "12 matches of 'gamma' on 12 pages"
    assert "100%" in done.stderr and "12/12" in done.stderr

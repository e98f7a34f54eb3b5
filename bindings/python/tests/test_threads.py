# SPDX-License-Identifier: GPL-3.0-or-later
"""Several Python threads using one document, and separate documents, at the same time."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from typing import List, Tuple

import corpus
import pdftools

NAME = "qpdf-rotated.pdf"
WORKERS = 8


def _summary(doc: pdftools.Document) -> List[Tuple]:
    return [
        (p.index, tuple(p.media_box), tuple(p.crop_box), p.rotation, tuple(p.size), p.label)
        for p in doc.pages
    ] + [tuple(sorted(dict(doc.metadata).items()))]


def test_one_document_many_threads() -> None:
    with pdftools.open(corpus.path(NAME)) as doc:
        expected = _summary(doc)
        with ThreadPoolExecutor(WORKERS) as pool:
            results = list(pool.map(lambda _: _summary(doc), range(4 * WORKERS)))
    assert all(result == expected for result in results)


def test_separate_documents_in_parallel() -> None:
    with pdftools.open(corpus.path(NAME)) as doc:
        expected = _summary(doc)

    def work(i: int) -> List[Tuple]:
        source = corpus.path(NAME) if i % 2 else corpus.path(NAME).read_bytes()
        with pdftools.open(source) as own:
            own.metadata["Title"] = f"thread {i}"
            data = own.to_bytes()
            assert own.metadata["Title"] == f"thread {i}"
        with pdftools.open(data) as again:
            assert again.metadata["Title"] == f"thread {i}"
            del again.metadata["Title"]
            return _summary(again)

    with ThreadPoolExecutor(WORKERS) as pool:
        results = list(pool.map(work, range(4 * WORKERS)))
    assert all(result == expected for result in results)


def test_errors_are_per_thread() -> None:
    def work(i: int) -> Tuple[type, str]:
        try:
            if i % 2:
                pdftools.open(b"not a pdf %d" % i)
            else:
                pdftools.open(corpus.path("qpdf-enc-r6-aes256.pdf"), password="wrong")
        except pdftools.Error as exc:
            return type(exc), exc.message
        raise AssertionError("no error")

    with ThreadPoolExecutor(WORKERS) as pool:
        results = list(pool.map(work, range(4 * WORKERS)))
    for i, (cls, message) in enumerate(results):
        assert message
        if i % 2:
            assert issubclass(cls, pdftools.FormatError)
        else:
            assert cls is pdftools.WrongPasswordError


def test_writers_and_readers_share_a_document() -> None:
    with pdftools.new() as doc:
        def writer(i: int) -> None:
            doc.insert_blank_page(None, 100.0 + i, 200.0)
            doc.metadata[f"Key{i}"] = str(i)

        def reader(_: int) -> int:
            sizes = [tuple(p.size) for p in doc.pages]
            dict(doc.metadata)
            return len(sizes)

        with ThreadPoolExecutor(WORKERS) as pool:
            writes = [pool.submit(writer, i) for i in range(20)]
            reads = [pool.submit(reader, i) for i in range(20)]
            for future in writes + reads:
                future.result()
        assert doc.page_count == 20
        assert sorted(p.size.width for p in doc.pages) == [100.0 + i for i in range(20)]
        assert len(doc.metadata) == 20


def test_log_handler_from_many_threads() -> None:
    import threading

    seen = set()
    lock = threading.Lock()

    def handler(level, source, message) -> None:
        with lock:
            seen.add(threading.get_ident())

    pdftools.set_log_handler(handler)
    try:
        def work(_: int) -> int:
            with pdftools.open(corpus.path("qpdf-bad3-bad-xref-offset.pdf")) as doc:
                return doc.page_count

        with ThreadPoolExecutor(WORKERS) as pool:
            assert set(pool.map(work, range(2 * WORKERS))) == {1}
    finally:
        pdftools.set_log_handler(None)
    assert seen


def test_rendering_and_annotations_from_many_threads() -> None:
    """Renders and annotation reads of one document from many threads agree with a serial run."""
    name = "pdfjs-annotation-square-circle.pdf"
    with pdftools.open(corpus.path(name)) as doc:
        page = doc.pages[0]
        expected_image = page.render(0.5)
        expected_annotations = [(a.id, a.subtype, a.rect, a.contents) for a in page.annotations]

        def work(i: int) -> Tuple:
            annotations = [(a.id, a.subtype, a.rect, a.contents) for a in page.annotations]
            tile = (10 * (i % 4), 0, 40, 30)
            return page.render(0.5), annotations, page.render(0.5, tile=tile), tile

        with ThreadPoolExecutor(WORKERS) as pool:
            results = list(pool.map(work, range(2 * WORKERS)))
    for image, annotations, part, (x, y, width, height) in results:
        assert image == expected_image
        assert annotations == expected_annotations
        for row in range(height):
            start = (y + row) * image.stride + 4 * x
            assert part.data[row * part.stride : (row + 1) * part.stride] == image.data[start : start + 4 * width]

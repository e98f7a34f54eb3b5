#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""bench_pages.py — page editing in libpdftools against MuPDF and PDFium.

Generates a document of 2000 US-letter pages of Helvetica text in one flat page tree (the
common shape, and the worst for an edit that records the node it changes) and a 100-page
second document, then measures, each engine doing the same work through its Python binding,
interleaved, median of --runs repeats (a fresh open each time, not timed):

  move      200 single-page moves (page 3i mod n to page 7i mod n), then an incremental save
  delete    200 single-page deletes (every 10th page), then an incremental save
  import    the 100 pages of the second document inserted after page 1000 in one call,
            then a full save
  extract   100 pages (every 20th) into a new document, saved

libpdftools: ``doc.pages.move``, ``del doc.pages[i]``, ``doc.insert_pages``, ``doc.extract``
and ``save`` (each edit one undo step). MuPDF (PyMuPDF): ``move_page``, ``delete_page``,
``insert_pdf``, a new document + ``insert_pdf`` for extract, ``tobytes`` /
``saveIncr``-equivalent ``write(incremental=...)``. PDFium (pypdfium2): ``FPDF_MovePages``,
``del_page``, ``import_pages``, a new document + ``import_pages``, ``save``.

Ratios are libpdftools' median over the fastest peer's;
information only (exit 0 unless libpdftools cannot run).

Usage: bench_pages.py [--pages N] [--runs N] [--library PATH]
"""

from __future__ import annotations

import argparse
import ctypes
import gc
import os
import statistics
import sys
import tempfile
import time
from typing import Callable, Dict, List

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import benchlib  # noqa: E402


def paper(pages: int, tag: str) -> bytes:
    contents = []
    for page in range(pages):
        lines = [b"BT /F1 10 Tf 72 %d Td (%s page %d line %d of the benchmark text) Tj ET" % (720 - 14 * line, tag.encode(), page, line) for line in range(40)]
        contents.append(b"\n".join(lines))
    return benchlib.text_pdf(contents)


def moves(count: int, pages: int) -> List[tuple]:
    return [((3 * i) % pages, (7 * i) % pages) for i in range(count)]


def run_ours(work: str, big: bytes, small: bytes, folder: str) -> float:
    import pdftools

    path = os.path.join(folder, "ours.pdf")
    with open(path, "wb") as handle:
        handle.write(big)
    doc = pdftools.open(path)
    other = pdftools.open(small)
    n = doc.page_count
    gc.disable()
    start = time.perf_counter()
    if work == "move":
        for source, target in moves(200, n):
            doc.pages.move(source, target)
        doc.save(path, incremental=True)
    elif work == "delete":
        for index in range(1990, 0, -10)[:200]:
            del doc.pages[index]
        doc.save(path, incremental=True)
    elif work == "import":
        doc.insert_pages(other, None, at=1001)
        doc.save(os.path.join(folder, "ours-full.pdf"))
    else:
        part = doc.extract(range(0, n, 20))
        part.save(os.path.join(folder, "ours-part.pdf"))
        part.close()
    elapsed = time.perf_counter() - start
    gc.enable()
    doc.close()
    other.close()
    return elapsed


def run_mupdf(work: str, big: bytes, small: bytes, folder: str) -> float:
    import pymupdf

    path = os.path.join(folder, "mupdf.pdf")
    with open(path, "wb") as handle:
        handle.write(big)
    doc = pymupdf.open(path)
    other = pymupdf.open(stream=small, filetype="pdf")
    n = doc.page_count
    gc.disable()
    start = time.perf_counter()
    if work == "move":
        for source, target in moves(200, n):
            if source != target:
                doc.move_page(source, target if target < source else target + 1)
        doc.save(path, incremental=True, encryption=pymupdf.PDF_ENCRYPT_KEEP)
    elif work == "delete":
        for index in range(1990, 0, -10)[:200]:
            doc.delete_page(index)
        doc.save(path, incremental=True, encryption=pymupdf.PDF_ENCRYPT_KEEP)
    elif work == "import":
        doc.insert_pdf(other, start_at=1001)
        doc.save(os.path.join(folder, "mupdf-full.pdf"))
    else:
        part = pymupdf.open()
        for index in range(0, n, 20):
            part.insert_pdf(doc, from_page=index, to_page=index)
        part.save(os.path.join(folder, "mupdf-part.pdf"))
        part.close()
    elapsed = time.perf_counter() - start
    gc.enable()
    doc.close()
    other.close()
    return elapsed


def run_pdfium(work: str, big: bytes, small: bytes, folder: str) -> float:
    import pypdfium2 as pdfium
    import pypdfium2.raw as raw

    doc = pdfium.PdfDocument(big)
    other = pdfium.PdfDocument(small)
    n = len(doc)
    gc.disable()
    start = time.perf_counter()
    if work == "move":
        one = (ctypes.c_int * 1)()
        for source, target in moves(200, n):
            one[0] = source
            raw.FPDF_MovePages(doc, one, 1, target)
        with open(os.path.join(folder, "pdfium.pdf"), "wb") as handle:
            doc.save(handle, flags=raw.FPDF_INCREMENTAL)
    elif work == "delete":
        for index in range(1990, 0, -10)[:200]:
            doc.del_page(index)
        with open(os.path.join(folder, "pdfium.pdf"), "wb") as handle:
            doc.save(handle, flags=raw.FPDF_INCREMENTAL)
    elif work == "import":
        doc.import_pages(other, index=1001)
        with open(os.path.join(folder, "pdfium-full.pdf"), "wb") as handle:
            doc.save(handle)
    else:
        part = pdfium.PdfDocument.new()
        part.import_pages(doc, list(range(0, n, 20)))
        with open(os.path.join(folder, "pdfium-part.pdf"), "wb") as handle:
            part.save(handle)
        part.close()
    elapsed = time.perf_counter() - start
    gc.enable()
    doc.close()
    other.close()
    return elapsed


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pages", type=int, default=2000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--library", default=os.environ.get("PDFTOOLS_LIBRARY") or benchlib.default_library())
    args = parser.parse_args()
    if args.library:
        os.environ["PDFTOOLS_LIBRARY"] = args.library
    sys.path.insert(0, os.path.join(benchlib.REPO, "bindings", "python"))
    big = paper(args.pages, "Main")
    small = paper(100, "Other")
    engines: Dict[str, Callable[..., float]] = {"libpdftools": run_ours, "MuPDF": run_mupdf, "PDFium": run_pdfium}
    works = ["move", "delete", "import", "extract"]
    times: Dict[str, Dict[str, List[float]]] = {w: {e: [] for e in engines} for w in works}
    with tempfile.TemporaryDirectory() as folder:
        for _ in range(args.runs):
            for work in works:
                for name, run in engines.items():
                    try:
                        times[work][name].append(run(work, big, small, folder))
                    except Exception as error:  # noqa: BLE001 - a peer that cannot do it is reported
                        if name == "libpdftools":
                            print(f"libpdftools failed on {work}: {error}", file=sys.stderr)
                            return 1
                        print(f"{name} failed on {work}: {error}", file=sys.stderr)
    print(f"page editing, {args.pages}-page flat document, median of {args.runs} (ms)")
    print(f"{'work':<10}{'libpdftools':>14}{'MuPDF':>10}{'PDFium':>10}{'ratio':>8}")
    for work in works:
        medians = {name: (statistics.median(values) * 1000 if values else float('nan')) for name, values in times[work].items()}
        peers = [medians[name] for name in ("MuPDF", "PDFium") if medians[name] == medians[name]]
        ratio = medians["libpdftools"] / min(peers) if peers else float("nan")
        print(f"{work:<10}{benchlib.fmt(medians['libpdftools'], 1):>14}{benchlib.fmt(medians['MuPDF'], 1):>10}"
              f"{benchlib.fmt(medians['PDFium'], 1):>10}{benchlib.fmt(ratio, 2):>8}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

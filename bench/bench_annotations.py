#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""bench_annotations.py — benchmark of libpdftools' annotation creation and saving against PDFium and MuPDF.

Generates a 2000-page PDF (30 lines of Helvetica text a page, one
Flate-compressed content stream a page, written by a small raw writer in this
script) and a 20-page one built the same way, then measures:

  (1) bulk annotation + full save: open the 2000-page document, add 1000
      Highlight annotations (1-3 quads each, over text lines) and 200 Ink
      annotations (2 strokes of 20 points each), 10 highlights and 2 inks on
      each of 100 pages spread over the document, each annotation with its own
      colour, and save a complete copy to a new file.  The same work with
      libpdftools (the C API through ctypes), PDFium (pypdfium2) and MuPDF
      (PyMuPDF), each run in a fresh process of its own;
  (2) incremental save: open the copy libpdftools wrote in (1), add one Square
      (with a colour) on an annotated page and save with
      PDFTOOLS_SAVE_INCREMENTAL, to a new path and (on a fresh copy) over the
      file the document was opened from; bytes appended (new size - old size)
      and times, on the 2000-page copy and on a 20-page copy (12 annotations on
      each of its pages, the same per page as in the 2000-page copy).  PDFium
      (FPDF_INCREMENTAL, new path) and MuPDF (saveIncr on a copy) do the same
      on the same files for comparison; a reference row shows what writing
      the copy's bytes + fsync + rename costs.

Every output is reopened with pypdfium2 and its annotations counted (1200 after
(1), 1201 after (2) on the 2000-page document).  Figures are compared with the
targets of the annotation issue: (1) no slower than the faster of PDFium and
MuPDF; (2) under 10 KB appended, and about the same time on 20 and 2000 pages
(ratio <= 2.0 counted as "about the same").  Information only: the exit code
is 0 whatever the figures are (1 only if the benchmark itself cannot run).

Usage: bench_annotations.py [--pages N] [--small-pages N] [--runs N]
                            [--keep DIR] [--library PATH]
"""

from __future__ import annotations

import argparse
import ctypes
import gc
import json
import math
import os
import random
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from typing import Dict, List, Optional, Sequence, Tuple

from benchlib import default_library, fmt, text_pdf, verdict

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)

LIBS = ("libpdftools", "PDFium", "MuPDF")

# ---------------------------------------------------------------------------
# The test documents

PAGE_W, PAGE_H = 612.0, 792.0
FONT_SIZE = 11.0
LEADING = 22.0
LINES_PER_PAGE = 30
TOP = 740.0
LEFT = 54.0
RIGHT = 558.0

_WORDS = (
    "lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor incididunt ut "
    "labore et dolore magna aliqua enim ad minim veniam quis nostrud exercitation ullamco laboris "
    "nisi aliquip ex ea commodo consequat duis aute irure in reprehenderit voluptate velit esse "
    "cillum eu fugiat nulla pariatur excepteur sint occaecat cupidatat non proident sunt culpa qui"
).split()


def make_pdf(pages: int, seed: int = 7) -> bytes:
    """`pages` US-letter pages, each LINES_PER_PAGE lines of text in one Flate stream."""
    rng = random.Random(seed)
    contents = []
    for i in range(pages):
        content = bytearray(b"BT\n/F1 %.1f Tf\n%.1f TL\n%.2f %.2f Td\n" % (FONT_SIZE, LEADING, LEFT, TOP))
        content.extend(b"(Page %d) Tj\n" % (i + 1))
        for _ in range(LINES_PER_PAGE - 1):
            line = " ".join(rng.choice(_WORDS) for _ in range(13))
            content.extend(b"(" + line.encode("latin-1") + b") '\n")
        content.extend(b"ET\n")
        contents.append(bytes(content))
    return text_pdf(contents)


# ---------------------------------------------------------------------------
# The workload: the same geometry and colours for every library (page space, y up)

HIGHLIGHTS_PER_PAGE = 10
INKS_PER_PAGE = 2
STROKES_PER_INK = 2
POINTS_PER_STROKE = 20
MAX_ANNOTATED_PAGES = 100

PALETTE = [
    (1.0, 0.92, 0.23), (0.55, 0.87, 0.35), (0.35, 0.75, 1.0),
    (1.0, 0.55, 0.75), (1.0, 0.65, 0.2), (0.7, 0.5, 1.0),
]

Point = Tuple[float, float]
Quad = Tuple[Point, Point, Point, Point]  # upper left, upper right, lower left, lower right
Rect = Tuple[float, float, float, float]  # x0, y0, x1, y1
Color = Tuple[float, float, float]

SQUARE_RECT: Rect = (100.0, 100.0, 220.0, 170.0)
SQUARE_COLOR: Color = (0.85, 0.1, 0.1)


def annotated_pages(pages: int) -> List[int]:
    """min(100, pages) page indices spread evenly over the document."""
    n = min(MAX_ANNOTATED_PAGES, pages)
    step = pages / n
    return [min(pages - 1, int(k * step + step / 2)) for k in range(n)]


def highlight(page: int, h: int) -> Tuple[List[Quad], Rect, Color]:
    """Highlight h of a page: 1-3 quads over consecutive text lines, its rect and colour."""
    first = 3 * h
    count = 1 + (page + h) % 3
    quads: List[Quad] = []
    for line in range(first, min(first + count, LINES_PER_PAGE)):
        base = TOP - LEADING * line
        bottom, top = base - 3.0, base + FONT_SIZE
        x0 = LEFT + (h * 13 + line * 7) % 60
        x1 = RIGHT - (h * 29 + line * 11) % 120
        quads.append(((x0, top), (x1, top), (x0, bottom), (x1, bottom)))
    xs = [p[0] for q in quads for p in q]
    ys = [p[1] for q in quads for p in q]
    return quads, (min(xs), min(ys), max(xs), max(ys)), PALETTE[(page + h) % len(PALETTE)]


def ink(page: int, k: int) -> Tuple[List[List[Point]], Rect, Color]:
    """Ink k of a page: STROKES_PER_INK wavy strokes, its rect (padded) and colour."""
    strokes: List[List[Point]] = []
    for s in range(STROKES_PER_INK):
        stroke = []
        for i in range(POINTS_PER_STROKE):
            x = 80.0 + i * 450.0 / (POINTS_PER_STROKE - 1)
            y = 250.0 + 220.0 * k + 40.0 * s + 18.0 * math.sin(i * 0.7 + page + s)
            stroke.append((round(x, 2), round(y, 2)))
        strokes.append(stroke)
    xs = [p[0] for st in strokes for p in st]
    ys = [p[1] for st in strokes for p in st]
    pad = 2.0
    rect = (min(xs) - pad, min(ys) - pad, max(xs) + pad, max(ys) + pad)
    return strokes, rect, PALETTE[(page + k + 3) % len(PALETTE)]


def workload(pages: int):
    """[(page, [(quads, rect, color)] * 10, [(strokes, rect, color)] * 2)] for the annotated pages."""
    return [
        (p, [highlight(p, h) for h in range(HIGHLIGHTS_PER_PAGE)], [ink(p, k) for k in range(INKS_PER_PAGE)])
        for p in annotated_pages(pages)
    ]


def expected_annotations(pages: int) -> int:
    return len(annotated_pages(pages)) * (HIGHLIGHTS_PER_PAGE + INKS_PER_PAGE)


# ---------------------------------------------------------------------------
# The three libraries.  Each prepares its own input objects from the workload
# outside the timed region (so the figures are the library's work, not the
# building of argument objects), then `annotate_and_save` is timed.


class Job:
    name = ""

    def prepare(self, work) -> object: ...
    def annotate_and_save(self, src: str, dst: str, prepared) -> Dict[str, float]: ...
    def incremental(self, src: str, dst: str, page: int, in_place: bool = False) -> Dict[str, float]: ...


class PdftoolsJob(Job):
    """libpdftools through ctypes: annotation_create + set_quads / set_ink + set_color; save FULL."""

    name = "libpdftools"

    def __init__(self) -> None:
        sys.path.insert(0, os.path.join(REPO, "bindings", "python"))
        from pdftools import _library as L

        self.L = L
        self.lib = L.lib

    def _check(self, status: int, what: str) -> None:
        if status != 0:
            msg = self.lib.pdftools_last_error_message()
            raise RuntimeError(f"{what}: status {status}: {msg.decode('utf-8', 'replace') if msg else ''}")

    def prepare(self, work):
        L = self.L
        pages = []
        for page, highlights, inks in work:
            hs = []
            for quads, rect, color in highlights:
                arr = (L.CQuad * len(quads))(*[
                    L.CQuad(*[L.CPoint(x, y) for (x, y) in q]) for q in quads
                ])
                hs.append((arr, len(quads), L.CRect(*rect), L.CColor(*color)))
            ks = []
            for strokes, rect, color in inks:
                pts = [p for st in strokes for p in st]
                parr = (L.CPoint * len(pts))(*[L.CPoint(x, y) for (x, y) in pts])
                sizes = (ctypes.c_int32 * len(strokes))(*[len(st) for st in strokes])
                ks.append((parr, sizes, len(strokes), L.CRect(*rect), L.CColor(*color)))
            pages.append((page, hs, ks))
        return pages

    def _open(self, path: str):
        doc = ctypes.c_void_p()
        self._check(self.lib.pdftools_document_open(path.encode(), None, ctypes.byref(doc)), "open")
        return doc

    def _save(self, doc, path: str, mode: int) -> None:
        opts = self.L.CSaveOptions(self.L.SAVE_OPTIONS_VERSION, mode, 1, 0, 0, 0)
        self._check(self.lib.pdftools_document_save(doc, path.encode(), ctypes.byref(opts)), "save")

    def annotate_and_save(self, src, dst, prepared):
        lib, check = self.lib, self._check
        aid = ctypes.c_int64()
        ref = ctypes.byref(aid)
        t0 = time.perf_counter()
        doc = self._open(src)
        t1 = time.perf_counter()
        for page, hs, ks in prepared:
            for arr, n, rect, color in hs:
                check(lib.pdftools_annotation_create(doc, page, b"Highlight", rect, ref), "create Highlight")
                check(lib.pdftools_annotation_set_quads(doc, aid, arr, n), "set_quads")
                check(lib.pdftools_annotation_set_color(doc, aid, 0, ctypes.byref(color)), "set_color")
            for parr, sizes, n, rect, color in ks:
                check(lib.pdftools_annotation_create(doc, page, b"Ink", rect, ref), "create Ink")
                check(lib.pdftools_annotation_set_ink(doc, aid, parr, sizes, n), "set_ink")
                check(lib.pdftools_annotation_set_color(doc, aid, 0, ctypes.byref(color)), "set_color")
        t2 = time.perf_counter()
        self._save(doc, dst, 0)  # PDFTOOLS_SAVE_FULL
        t3 = time.perf_counter()
        lib.pdftools_document_close(doc)
        return {"open": t1 - t0, "annotate": t2 - t1, "save": t3 - t2, "total": t3 - t0}

    def incremental(self, src, dst, page, in_place=False):
        """To the new path dst; with in_place, src is copied to dst first (not timed) and the
        document opened from dst is saved over dst."""
        lib = self.lib
        aid = ctypes.c_int64()
        color = self.L.CColor(*SQUARE_COLOR)
        if in_place:
            shutil.copyfile(src, dst)
            src = dst
        t0 = time.perf_counter()
        doc = self._open(src)
        t1 = time.perf_counter()
        self._check(lib.pdftools_annotation_create(doc, page, b"Square", self.L.CRect(*SQUARE_RECT),
                                                   ctypes.byref(aid)), "create Square")
        self._check(lib.pdftools_annotation_set_color(doc, aid, 0, ctypes.byref(color)), "set_color")
        t2 = time.perf_counter()
        self._save(doc, dst, 1)  # PDFTOOLS_SAVE_INCREMENTAL
        t3 = time.perf_counter()
        lib.pdftools_document_close(doc)
        return {"open": t1 - t0, "annotate": t2 - t1, "save": t3 - t2, "total": t3 - t0}


class PdfiumJob(Job):
    """PDFium through pypdfium2.raw: FPDFPage_CreateAnnot + AppendAttachmentPoints / AddInkStroke
    + SetColor + SetRect; PdfDocument.save (FPDF_SaveAsCopy, flags 0: full)."""

    name = "PDFium"

    def __init__(self) -> None:
        import pypdfium2 as pdfium
        import pypdfium2.raw as c

        self.pdfium, self.c = pdfium, c

    def prepare(self, work):
        c = self.c
        pages = []
        for page, highlights, inks in work:
            hs = []
            for quads, rect, color in highlights:
                qs = [c.FS_QUADPOINTSF(*[v for p in q for v in p]) for q in quads]
                hs.append((qs, c.FS_RECTF(rect[0], rect[3], rect[2], rect[1]),
                           tuple(int(round(v * 255)) for v in color)))
            ks = []
            for strokes, rect, color in inks:
                arrs = [((c.FS_POINTF * len(st))(*[c.FS_POINTF(x, y) for (x, y) in st]), len(st)) for st in strokes]
                ks.append((arrs, c.FS_RECTF(rect[0], rect[3], rect[2], rect[1]),
                           tuple(int(round(v * 255)) for v in color)))
            pages.append((page, hs, ks))
        return pages

    def annotate_and_save(self, src, dst, prepared):
        c = self.c
        t0 = time.perf_counter()
        pdf = self.pdfium.PdfDocument(src)
        t1 = time.perf_counter()
        for page_index, hs, ks in prepared:
            page = pdf[page_index]
            for qs, rect, (r, g, b) in hs:
                annot = c.FPDFPage_CreateAnnot(page.raw, c.FPDF_ANNOT_HIGHLIGHT)
                if not annot:
                    raise RuntimeError("FPDFPage_CreateAnnot failed")
                if not c.FPDFAnnot_SetColor(annot, c.FPDFANNOT_COLORTYPE_Color, r, g, b, 255):
                    raise RuntimeError("FPDFAnnot_SetColor failed")
                for q in qs:
                    if not c.FPDFAnnot_AppendAttachmentPoints(annot, q):
                        raise RuntimeError("FPDFAnnot_AppendAttachmentPoints failed")
                c.FPDFAnnot_SetRect(annot, rect)
                c.FPDFPage_CloseAnnot(annot)
            for arrs, rect, (r, g, b) in ks:
                annot = c.FPDFPage_CreateAnnot(page.raw, c.FPDF_ANNOT_INK)
                if not annot:
                    raise RuntimeError("FPDFPage_CreateAnnot failed")
                c.FPDFAnnot_SetColor(annot, c.FPDFANNOT_COLORTYPE_Color, r, g, b, 255)
                for arr, n in arrs:
                    if c.FPDFAnnot_AddInkStroke(annot, arr, n) < 0:
                        raise RuntimeError("FPDFAnnot_AddInkStroke failed")
                c.FPDFAnnot_SetRect(annot, rect)
                c.FPDFPage_CloseAnnot(annot)
            page.close()
        t2 = time.perf_counter()
        pdf.save(dst)
        t3 = time.perf_counter()
        pdf.close()
        return {"open": t1 - t0, "annotate": t2 - t1, "save": t3 - t2, "total": t3 - t0}

    def incremental(self, src, dst, page_index, in_place=False):
        c = self.c
        t0 = time.perf_counter()
        pdf = self.pdfium.PdfDocument(src)
        t1 = time.perf_counter()
        page = pdf[page_index]
        annot = c.FPDFPage_CreateAnnot(page.raw, c.FPDF_ANNOT_SQUARE)
        x0, y0, x1, y1 = SQUARE_RECT
        c.FPDFAnnot_SetRect(annot, c.FS_RECTF(x0, y1, x1, y0))
        r, g, b = (int(round(v * 255)) for v in SQUARE_COLOR)
        c.FPDFAnnot_SetColor(annot, c.FPDFANNOT_COLORTYPE_Color, r, g, b, 255)
        c.FPDFPage_CloseAnnot(annot)
        page.close()
        t2 = time.perf_counter()
        pdf.save(dst, flags=c.FPDF_INCREMENTAL)
        t3 = time.perf_counter()
        pdf.close()
        return {"open": t1 - t0, "annotate": t2 - t1, "save": t3 - t2, "total": t3 - t0}


class MupdfJob(Job):
    """MuPDF through PyMuPDF: page.add_highlight_annot(quads) / add_ink_annot(strokes) +
    annot.set_colors(stroke=) + annot.update(); doc.save(path) (defaults: full, no garbage
    collection, no compression); incremental: copy the file, then doc.saveIncr()."""

    name = "MuPDF"

    def __init__(self) -> None:
        import pymupdf

        self.pymupdf = pymupdf

    def prepare(self, work):
        m = self.pymupdf

        def flip(p):
            return m.Point(p[0], PAGE_H - p[1])

        pages = []
        for page, highlights, inks in work:
            hs = [([m.Quad(*[flip(p) for p in q]) for q in quads], color) for quads, _rect, color in highlights]
            ks = [([[(x, PAGE_H - y) for (x, y) in st] for st in strokes], color) for strokes, _rect, color in inks]
            pages.append((page, hs, ks))
        return pages

    def annotate_and_save(self, src, dst, prepared):
        t0 = time.perf_counter()
        doc = self.pymupdf.open(src)
        t1 = time.perf_counter()
        for page_index, hs, ks in prepared:
            page = doc[page_index]
            for quads, color in hs:
                annot = page.add_highlight_annot(quads=quads)
                annot.set_colors(stroke=color)
                annot.update()
            for strokes, color in ks:
                annot = page.add_ink_annot(strokes)
                annot.set_colors(stroke=color)
                annot.update()
        t2 = time.perf_counter()
        doc.save(dst)
        t3 = time.perf_counter()
        doc.close()
        return {"open": t1 - t0, "annotate": t2 - t1, "save": t3 - t2, "total": t3 - t0}

    def incremental(self, src, dst, page_index, in_place=True):
        shutil.copyfile(src, dst)  # saveIncr writes in place: copy first (not timed)
        m = self.pymupdf
        t0 = time.perf_counter()
        doc = m.open(dst)
        t1 = time.perf_counter()
        page = doc[page_index]
        x0, y0, x1, y1 = SQUARE_RECT
        annot = page.add_rect_annot(m.Rect(x0, PAGE_H - y1, x1, PAGE_H - y0))
        annot.set_colors(stroke=SQUARE_COLOR)
        annot.update()
        t2 = time.perf_counter()
        doc.saveIncr()
        t3 = time.perf_counter()
        doc.close()
        return {"open": t1 - t0, "annotate": t2 - t1, "save": t3 - t2, "total": t3 - t0}


JOBS = {cls.name: cls for cls in (PdftoolsJob, PdfiumJob, MupdfJob)}


def peak_rss_mb() -> float:
    """This process's peak resident set size (VmHWM; getrusage's ru_maxrss would include the
    parent's peak, which Linux carries across exec)."""
    try:
        with open("/proc/self/status") as f:
            for line in f:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024.0
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024.0


def child_main(args) -> int:
    """One measurement in this fresh process; prints one RESULT line of JSON."""
    job = JOBS[args.child]()
    if args.child_mode == "bulk":
        # Warm-up on the small document: library initialisation and first-call costs
        # are left out of the timed run (the same for all three libraries).
        if args.warmup:
            job.annotate_and_save(args.warmup, args.out + ".warmup.pdf",
                                  job.prepare(workload(args.warmup_pages)))
            os.unlink(args.out + ".warmup.pdf")
        prepared = job.prepare(workload(args.child_pages))
        gc.collect()
        gc.disable()
        times = job.annotate_and_save(args.pdf, args.out, prepared)
        gc.enable()
    else:
        gc.collect()
        gc.disable()
        if args.in_place:
            times = job.incremental(args.pdf, args.out, args.page, True)
        else:
            times = job.incremental(args.pdf, args.out, args.page)
        gc.enable()
    times["rss_mb"] = peak_rss_mb()
    print("RESULT " + json.dumps(times), flush=True)
    return 0


# ---------------------------------------------------------------------------
# The parent: runs the children, verifies the outputs, prints the report


def run_child(lib: str, mode: str, pdf: str, out: str, pages: int, extra: Sequence[str] = ()) -> Dict[str, float]:
    cmd = [sys.executable, os.path.abspath(__file__), "--child", lib, "--child-mode", mode,
           "--pdf", pdf, "--out", out, "--child-pages", str(pages), *extra]
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=900, check=False)
    for line in proc.stdout.splitlines():
        if line.startswith("RESULT "):
            return json.loads(line[7:])
    raise RuntimeError(f"{lib} {mode} failed (exit {proc.returncode}): {(proc.stderr or proc.stdout).strip()[-800:]}")


def count_annotations(path: str) -> Optional[Dict[str, int]]:
    """Annotations of the file by subtype, read back with pypdfium2 (None when it is missing)."""
    try:
        import pypdfium2 as pdfium
        import pypdfium2.raw as c
    except ImportError:
        return None
    names = {c.FPDF_ANNOT_HIGHLIGHT: "Highlight", c.FPDF_ANNOT_INK: "Ink", c.FPDF_ANNOT_SQUARE: "Square"}
    counts: Dict[str, int] = {"total": 0, "with_color": 0, "with_ap": 0}
    pdf = pdfium.PdfDocument(path)
    try:
        for i in range(len(pdf)):
            page = pdf[i]
            n = c.FPDFPage_GetAnnotCount(page.raw)
            for k in range(n):
                annot = c.FPDFPage_GetAnnot(page.raw, k)
                sub = names.get(c.FPDFAnnot_GetSubtype(annot), "other")
                counts[sub] = counts.get(sub, 0) + 1
                if c.FPDFAnnot_GetValueType(annot, b"C") == c.FPDF_OBJECT_ARRAY:
                    counts["with_color"] += 1
                if c.FPDFAnnot_HasKey(annot, b"AP"):
                    counts["with_ap"] += 1
                c.FPDFPage_CloseAnnot(annot)
            counts["total"] += n
            page.close()
    finally:
        pdf.close()
    return counts


def available(lib: str) -> Optional[str]:
    """None when the library can be loaded here, else the reason."""
    try:
        JOBS[lib]()
    except Exception as exc:  # noqa: BLE001 - any failure to load is reported
        return f"{type(exc).__name__}: {exc}"
    return None


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pages", type=int, default=2000, help="pages of the large document (default 2000)")
    parser.add_argument("--small-pages", type=int, default=20, help="pages of the small document (default 20)")
    parser.add_argument("--runs", type=int, default=3, help="runs of each measurement, each in a fresh process (default 3)")
    parser.add_argument("--keep", metavar="DIR", help="write the generated and saved PDFs into DIR and keep them")
    parser.add_argument("--library", metavar="PATH", default=None,
                        help="libpdftools.so.1 to load (default: $PDFTOOLS_LIBRARY, else build/libpdftools.so.1)")
    # Internal: one measurement in a child process.
    parser.add_argument("--child", choices=LIBS, help=argparse.SUPPRESS)
    parser.add_argument("--child-mode", choices=("bulk", "incremental"), help=argparse.SUPPRESS)
    parser.add_argument("--child-pages", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--pdf", help=argparse.SUPPRESS)
    parser.add_argument("--out", help=argparse.SUPPRESS)
    parser.add_argument("--page", type=int, default=0, help=argparse.SUPPRESS)
    parser.add_argument("--in-place", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--warmup", help=argparse.SUPPRESS)
    parser.add_argument("--warmup-pages", type=int, default=0, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)

    library = args.library or os.environ.get("PDFTOOLS_LIBRARY") or default_library()
    if library:
        os.environ["PDFTOOLS_LIBRARY"] = os.path.abspath(library)
    if args.child:
        return child_main(args)

    if args.runs < 1 or args.pages < 1 or args.small_pages < 1:
        print("error: --runs, --pages and --small-pages must be at least 1", file=sys.stderr)
        return 1

    libs = []
    for lib in LIBS:
        reason = available(lib)
        if reason:
            print(f"note: {lib} is not available: {reason}")
        else:
            libs.append(lib)
    if "libpdftools" not in libs:
        print("error: libpdftools could not be loaded", file=sys.stderr)
        return 1
    peers = [n for n in libs if n != "libpdftools"]

    tmp = None
    if args.keep:
        folder = args.keep
        os.makedirs(folder, exist_ok=True)
    else:
        tmp = tempfile.TemporaryDirectory(prefix="bench-annotations-")
        folder = tmp.name
    try:
        return run(args, libs, peers, folder)
    except Exception as exc:  # noqa: BLE001 - the benchmark could not run
        print(f"error: {exc}", file=sys.stderr)
        return 1
    finally:
        if tmp is not None:
            tmp.cleanup()


def write_floor_ms(path: str, folder: str, repeats: int = 5) -> float:
    """Median ms to write the bytes of `path` to a temporary file, fsync it and rename it: what any
    save that writes a whole file safely costs at least (libpdftools' save does these steps)."""
    with open(path, "rb") as f:
        data = f.read()
    tmp, dst = os.path.join(folder, "floor.tmp"), os.path.join(folder, "floor.pdf")
    times = []
    for _ in range(repeats):
        t0 = time.perf_counter()
        with open(tmp, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, dst)
        times.append(time.perf_counter() - t0)
    os.unlink(dst)
    return statistics.median(times) * 1000.0


def run(args, libs: List[str], peers: List[str], folder: str) -> int:
    big = os.path.join(folder, f"doc-{args.pages}p.pdf")
    small = os.path.join(folder, f"doc-{args.small_pages}p.pdf")
    t0 = time.perf_counter()
    for path, pages in ((big, args.pages), (small, args.small_pages)):
        data = make_pdf(pages)
        with open(path, "wb") as f:
            f.write(data)
    print(f"generated {args.pages} pages ({os.path.getsize(big) / 1e6:.1f} MB) and {args.small_pages} pages "
          f"({os.path.getsize(small) / 1e3:.0f} kB) in {time.perf_counter() - t0:.1f} s in {folder}")
    print(f"libpdftools: {os.environ.get('PDFTOOLS_LIBRARY', 'the default search path')}")
    try:
        import pymupdf
        import pypdfium2.version as pv

        print(f"PDFium {pv.PDFIUM_INFO} (pypdfium2 {pv.PYPDFIUM_INFO}); MuPDF {pymupdf.VersionFitz} "
              f"(PyMuPDF {pymupdf.VersionBind})")
    except Exception:  # noqa: BLE001 - versions are information only
        pass
    n_pages = len(annotated_pages(args.pages))
    n_high, n_ink = n_pages * HIGHLIGHTS_PER_PAGE, n_pages * INKS_PER_PAGE
    n_expected = expected_annotations(args.pages)
    print(f"work (1): {n_high} highlights + {n_ink} inks on {n_pages} pages, full save; "
          f"{args.runs} runs each, each in a fresh process, order interleaved")
    print()

    # (1) bulk annotation + full save, runs interleaved across the libraries.
    bulk: Dict[str, List[Dict[str, float]]] = {lib: [] for lib in libs}
    outputs: Dict[str, List[str]] = {lib: [] for lib in libs}
    warm = ["--warmup", small, "--warmup-pages", str(args.small_pages)]
    for run_index in range(args.runs):
        for lib in libs:
            out = os.path.join(folder, f"full-{lib}-{run_index}.pdf")
            try:
                bulk[lib].append(run_child(lib, "bulk", big, out, args.pages, warm))
                outputs[lib].append(out)
            except Exception as exc:  # noqa: BLE001 - reported per library
                print(f"note: {lib} run {run_index + 1} failed: {exc}")
    if not bulk["libpdftools"]:
        raise RuntimeError("libpdftools could not do the bulk work (see the notes above)")

    # The 20-page copy for (2): the same 12 annotations on each of its pages, saved by libpdftools.
    small_copy = os.path.join(folder, f"full-libpdftools-{args.small_pages}p.pdf")
    run_child("libpdftools", "bulk", small, small_copy, args.small_pages)
    big_copy = outputs["libpdftools"][0]

    # (2) incremental save on the 2000-page and the 20-page copies (all from libpdftools' copies).
    sizes = {"large": (big_copy, args.pages), "small": (small_copy, args.small_pages)}
    variants = [("libpdftools", False, "libpdftools INCREMENTAL, new path")]
    variants.append(("libpdftools", True, "libpdftools INCREMENTAL, over the opened file"))
    if "PDFium" in libs:
        variants.append(("PDFium", False, "PDFium FPDF_INCREMENTAL, new path"))
    if "MuPDF" in libs:
        variants.append(("MuPDF", True, "MuPDF saveIncr (in place, on a copy)"))
    inc: Dict[Tuple[str, bool, str], List[Dict[str, float]]] = {}
    inc_out: Dict[Tuple[str, bool, str], str] = {}
    for run_index in range(args.runs):
        for size_key, (src, pages) in sizes.items():
            page = annotated_pages(pages)[0]
            for lib, in_place, _label in variants:
                key = (lib, in_place, size_key)
                out = os.path.join(folder, f"incr-{lib}-{'inplace' if in_place else 'new'}-{size_key}-{run_index}.pdf")
                extra = ["--page", str(page)] + (["--in-place"] if in_place else [])
                try:
                    result = run_child(lib, "incremental", src, out, pages, extra)
                except Exception as exc:  # noqa: BLE001 - reported per library
                    print(f"note: {lib} incremental ({size_key}) run {run_index + 1} failed: {exc}")
                    continue
                result["appended"] = float(os.path.getsize(out) - os.path.getsize(src))
                with open(src, "rb") as f_src, open(out, "rb") as f_out:
                    result["prefix_kept"] = float(f_out.read(os.path.getsize(src)) == f_src.read())
                inc.setdefault(key, []).append(result)
                inc_out[key] = out
    floor = {size_key: write_floor_ms(src, folder) for size_key, (src, _pages) in sizes.items()}

    # Verification with pypdfium2.
    checks: List[Tuple[str, str]] = []
    ok_all = True

    def check(label: str, path: str, expected: int, subtypes: Dict[str, int]) -> None:
        nonlocal ok_all
        counts = count_annotations(path)
        if counts is None:
            checks.append((label, "not verified (pypdfium2 missing)"))
            return
        good = counts["total"] == expected and all(counts.get(k, 0) == v for k, v in subtypes.items())
        ok_all &= good
        checks.append((label, f"{counts['total']} annotations ({', '.join(f'{k} {counts.get(k, 0)}' for k in subtypes)}), "
                              f"{counts['with_color']} with /C, {counts['with_ap']} with /AP"
                              f" - {'OK' if good else 'WRONG, expected ' + str(expected)}"))

    for lib in libs:
        for path in outputs[lib]:
            check(f"{lib} full copy {os.path.basename(path)}", path, n_expected, {"Highlight": n_high, "Ink": n_ink})
    check(f"libpdftools {args.small_pages}-page copy", small_copy, expected_annotations(args.small_pages),
          {"Highlight": len(annotated_pages(args.small_pages)) * HIGHLIGHTS_PER_PAGE,
           "Ink": len(annotated_pages(args.small_pages)) * INKS_PER_PAGE})
    for lib, in_place, label in variants:
        for size_key, (_src, pages) in sizes.items():
            path = inc_out.get((lib, in_place, size_key))
            if path:
                check(f"{label}, {pages} pages", path, expected_annotations(pages) + 1, {"Square": 1})

    # Report.
    def med(values: List[Dict[str, float]], key: str) -> Optional[float]:
        return statistics.median(v[key] for v in values) if values else None

    width = 40
    print(f"(1) open + {n_high} highlights + {n_ink} inks + full save, {args.pages}-page document, "
          f"median of {args.runs} (seconds)")
    print(f"{'':<{width}}" + "".join(f"{n:>13}" for n in libs))
    for key, label in (("open", "open"), ("annotate", f"add {n_high + n_ink} annotations"),
                       ("save", "full save"), ("total", "total")):
        print(f"{label:<{width}}" + "".join(f"{fmt(med(bulk[n], key)):>13}" for n in libs))
    print(f"{'total, min - max':<{width}}" + "".join(
        f"{(fmt(min(v['total'] for v in bulk[n]), 2) + '-' + fmt(max(v['total'] for v in bulk[n]), 2)) if bulk[n] else '-':>13}"
        for n in libs))
    print(f"{'output size (MB)':<{width}}" + "".join(
        f"{fmt(os.path.getsize(outputs[n][0]) / 1e6, 2) if outputs[n] else '-':>13}" for n in libs))
    print(f"{'peak RSS of the process (MB)':<{width}}" + "".join(
        f"{fmt(max(v['rss_mb'] for v in bulk[n]), 0) if bulk[n] else '-':>13}" for n in libs))
    print("libpdftools and MuPDF write an appearance stream (/AP) for every annotation, PDFium none (its")
    print("  FPDFAnnot_* calls do not build them). libpdftools' save writes a temporary file, fsyncs and renames")
    print("  it; pypdfium2 and PyMuPDF just write. MuPDF saves with doc.save defaults (no compression, no garbage")
    print("  collection); libpdftools with the default options and mode FULL.")
    print()

    print(f"(2) open a libpdftools copy + 1 Square + incremental save, median of {args.runs} (ms)")
    cols = ("open", "add Square", "inc. save", "total", "appended B", "prefix kept")
    w2 = 54
    print(f"{'':<{w2}}" + "".join(f"{c:>12}" for c in cols))
    for lib, in_place, label in variants:
        for size_key, (_src, pages) in sizes.items():
            vals = inc.get((lib, in_place, size_key), [])
            cells = [med(vals, "open"), med(vals, "annotate"), med(vals, "save"), med(vals, "total")]
            text = [fmt(v * 1000 if v is not None else None, 2 if i == 1 else 1) for i, v in enumerate(cells)]
            text.append(fmt(med(vals, "appended"), 0))
            text.append("yes" if vals and all(v["prefix_kept"] for v in vals) else ("no" if vals else "-"))
            print(f"{label + ', ' + str(pages) + 'p':<{w2}}" + "".join(f"{t:>12}" for t in text))
    for size_key, (src, pages) in sizes.items():
        print(f"{'reference: write the copy + fsync + rename, ' + str(pages) + 'p':<{w2}}"
              f"{'':>24}{fmt(floor[size_key], 1):>12}   ({os.path.getsize(src) / 1e6:.2f} MB)")
    print()

    print("Verification (pypdfium2 reopens every output; PDFium itself writes no appearance streams)")
    for label, text in checks:
        print(f"  {label}: {text}")
    print()

    print("Targets")
    lib_total = med(bulk["libpdftools"], "total")
    peer_totals = {n: med(bulk[n], "total") for n in peers if bulk.get(n)}
    ok1 = None
    if lib_total is not None and peer_totals:
        fastest = min(peer_totals, key=lambda n: peer_totals[n])
        ratio = lib_total / peer_totals[fastest]
        ok1 = ratio <= 1.0
        print(f"  (1) annotate + full save no slower than the faster peer: libpdftools {fmt(lib_total, 3)} s, "
              f"{fastest} {fmt(peer_totals[fastest], 3)} s, ratio {fmt(ratio, 2)}x (target <= 1.0)  {verdict(ok1)}")
        others = ", ".join(f"{n} {fmt(lib_total / t, 2)}x" for n, t in peer_totals.items() if n != fastest)
        if others:
            print(f"      (information: libpdftools against {others})")
    else:
        print("  (1) annotate + full save no slower than the faster peer: not measured (no peer)")
    appended = {s: med(inc.get(("libpdftools", False, s), []), "appended") for s in sizes}
    big_app = appended["large"]
    ok2 = None if big_app is None else big_app < 10 * 1024
    print(f"  (2) incremental save appends < 10 KB: {fmt(big_app, 0)} bytes on {args.pages} pages, "
          f"{fmt(appended['small'], 0)} bytes on {args.small_pages} pages  {verdict(ok2)}")
    for in_place, what in ((False, "to a new path"), (True, "over the opened file")):
        save_l = med(inc.get(("libpdftools", in_place, "large"), []), "save")
        save_s = med(inc.get(("libpdftools", in_place, "small"), []), "save")
        if save_l is None or not save_s:
            print(f"  (2) incremental save {what}: not measured")
            continue
        ratio = save_l / save_s
        print(f"  (2) incremental save {what} about the same time on {args.pages} and {args.small_pages} pages: "
              f"{fmt(save_l * 1000, 1)} ms vs {fmt(save_s * 1000, 1)} ms, ratio {fmt(ratio, 2)}x "
              f"(target <= 2.0)  {verdict(ratio <= 2.0)}")
        tot_l = med(inc[("libpdftools", in_place, "large")], "total")
        tot_s = med(inc[("libpdftools", in_place, "small")], "total")
        print(f"      (information: open + add + save {fmt(tot_l * 1000, 1)} ms vs {fmt(tot_s * 1000, 1)} ms, "
              f"ratio {fmt(tot_l / tot_s, 2)}x)")
    print(f"  outputs verified: {'all OK' if ok_all else 'SOME WRONG (see above)'}")
    print()
    print("Figures are information only (exit code 0 whatever they are).")
    return 0


if __name__ == "__main__":
    sys.exit(main())

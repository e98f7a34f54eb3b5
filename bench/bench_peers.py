#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""bench_peers.py — libpdftools side by side with PDFium, MuPDF and poppler-glib on ten workloads.

Generates its input PDFs once (dense text pages from bench_text.make_pdf, an
annotated document written with benchlib.text_pdf), then runs each workload
with every engine:

  libpdftools  the repository's ctypes binding (bindings/python), public API only
  PDFium       pypdfium2 (its helpers, and pypdfium2.raw for annotations)
  MuPDF        PyMuPDF (pymupdf)
  poppler      poppler-glib through GObject introspection (python3-gi), run
               under /usr/bin/python3 (the venv has no gi)

Each engine runs each workload in a fresh worker process of its own (this
script re-executed with --worker), driven by the parent over a pipe with
JSON lines.  The parent interleaves the repeats (repeat 1 of every engine,
then repeat 2, ...); each repeat does the whole workload and reports its wall
time, measured inside the worker with time.perf_counter (garbage collector
off while the clock runs), its CPU time, and the worker's peak RSS (VmHWM:
the ru_maxrss of its own address space, since ru_maxrss itself carries the
parent's RSS over fork and exec), with the RSS right after the imports as the
baseline.  The tables show medians with min-max, the results each engine found (counts compared across
engines within stated tolerances, differences printed, never hidden), and the
ratio of libpdftools to the fastest peer and to the leanest peer's peak RSS.
What every engine does per workload is documented in bench/README.md and in
the Engine classes below.

Targets (summary table): time <= 1.0x the fastest peer, peak RSS <= 1.5x the
leanest peer; edit-then-read also flat within 1.5x from the small to the large
document and from 1 to 500 earlier edits.  Information only: the exit code is
0 whatever the figures are, 1 when a worker crashed or could not run (an
engine missing, or an exception in a workload, which is printed in full).

Usage: bench_peers.py [--quick] [--repeats N] [--only NAME[,NAME]]
                      [--json FILE] [--library PATH] [--keep DIR]
                      [--poppler-python PATH]
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import gc
import json
import math
import os
import resource
import select
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import traceback
from dataclasses import dataclass, field
from typing import Any, Callable, Dict, Iterator, List, Mapping, Optional, Sequence, Tuple

from bench_text import FONT_SIZE, LEFT, PAGE_H, RIGHT, WORD, baseline, drag_points
from bench_text import make_pdf as dense_pdf
from benchlib import PdfAnnotation, default_library, text_pdf, verdict

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)

OURS = "libpdftools"
ENGINES = (OURS, "PDFium", "MuPDF", "poppler")
DPI = 150.0
SCALE = DPI / 72.0
TIME_TARGET = 1.0
MEMORY_TARGET = 1.5
FLAT_TARGET = 1.5
REPLY_TIMEOUT = 900.0  # seconds a worker may take for one repeat

Point = Tuple[float, float]
Rect = Tuple[float, float, float, float]  # x0, y0, x1, y1 in page space (y up)
QuadPts = Tuple[Point, Point, Point, Point]  # upper left, upper right, lower left, lower right
Color = Tuple[float, float, float]

PALETTE: Tuple[Color, ...] = (
    (1.0, 0.92, 0.23), (0.55, 0.87, 0.35), (0.35, 0.75, 1.0),
    (1.0, 0.55, 0.75), (1.0, 0.65, 0.2), (0.7, 0.5, 1.0),
)
SQUARE_RECT: Rect = (100.0, 100.0, 220.0, 170.0)
SQUARE_COLOR: Color = (0.85, 0.1, 0.1)


# ---------------------------------------------------------------------------
# Sizes and geometry shared by the parent and the workers


@dataclass(frozen=True)
class Sizes:
    """How big each workload is (the defaults are the full run)."""

    pages: int = 2000  # the large dense document (open, incremental, search, edit-then-read)
    small_pages: int = 20  # the small dense document (render, drag, undo, edit-then-read)
    annot_pages: int = 50  # pages of the annotated document (listing)
    annots_per_page: int = 40
    annotate_pages: int = 100  # dense pages annotated in workload 3
    highlights_per_page: int = 10
    inks_per_page: int = 2
    render_pages: int = 20
    drag_updates: int = 200
    undo_edits: int = 2000  # edits = creations + colour changes (half each)
    history_edits: int = 500  # earlier edits of the "many" edit-then-read variants


FULL = Sizes()
QUICK = Sizes(pages=200, annot_pages=10, annotate_pages=10, render_pages=4, drag_updates=50,
              undo_edits=200, history_edits=50)


def grid_rect(cell: int, cols: int = 10, rows: int = 10) -> Rect:
    """Cell `cell` (row-major, wrapping) of a cols x rows grid over a US-letter page, inset."""
    cell %= cols * rows
    width, height = (612.0 - 72.0) / cols, (792.0 - 72.0) / rows
    x0 = 36.0 + (cell % cols) * width
    y0 = 36.0 + (cell // cols) * height
    return (round(x0 + 4, 2), round(y0 + 4, 2), round(x0 + width - 4, 2), round(y0 + height - 4, 2))


def highlight_quads(page: int, h: int) -> List[QuadPts]:
    """Highlight h of a page: 1-3 quads over consecutive text lines of a dense page."""
    quads: List[QuadPts] = []
    first = 6 * h
    for line in range(first, first + 1 + (page + h) % 3):
        base = baseline(line)
        bottom, top = base - 2.0, base + FONT_SIZE
        x0 = LEFT + (h * 13 + line * 7) % 60
        x1 = RIGHT - (h * 29 + line * 11) % 120
        quads.append(((x0, top), (x1, top), (x0, bottom), (x1, bottom)))
    return quads


def ink_strokes(page: int, k: int) -> List[List[Point]]:
    """Ink k of a page: two wavy strokes of 20 points."""
    strokes = []
    for s in range(2):
        strokes.append([
            (round(80.0 + i * 450.0 / 19, 2), round(250.0 + 220.0 * k + 40.0 * s + 18.0 * math.sin(i * 0.7 + page + s), 2))
            for i in range(20)
        ])
    return strokes


def bounds(points: Sequence[Point], pad: float = 0.0) -> Rect:
    """The rectangle around points, grown by pad."""
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return (min(xs) - pad, min(ys) - pad, max(xs) + pad, max(ys) + pad)


def color_of(k: int) -> Color:
    """The colour of edit or annotation k."""
    return PALETTE[k % len(PALETTE)]


def flip(rect: Rect) -> Rect:
    """A page-space rect (y up) in top-left space (y down), as MuPDF and poppler's selection take it."""
    x0, y0, x1, y1 = rect
    return (x0, PAGE_H - y1, x1, PAGE_H - y0)


def undo_placement(k: int, pages: int) -> Tuple[int, Rect]:
    """Page and rect of annotation k of the undo workload: round robin over the pages."""
    return k % pages, grid_rect(k // pages)


def earlier_placement(k: int, pages: int) -> Tuple[int, Rect]:
    """Page and rect of earlier edit k of edit-then-read: never on the target page 0."""
    others = max(1, pages - 1)
    return 1 + k % others, grid_rect(k // others)


# ---------------------------------------------------------------------------
# Input documents


ANNOT_KINDS = ("Square", "Circle", "Highlight", "Text", "Line")


def _rgb(color: Color) -> bytes:
    """A colour as PDF operands."""
    return b"%.3f %.3f %.3f" % color


def listing_annotation(page: int, k: int) -> PdfAnnotation:
    """Annotation k of a page of the listing document: one of ANNOT_KINDS in turn, in a 5 x 8
    grid, with colour, flags, /NM, /M, /Contents and an appearance stream."""
    kind = ANNOT_KINDS[k % len(ANNOT_KINDS)]
    x0, y0, x1, y1 = grid_rect(k, cols=5, rows=8)
    rgb = _rgb(color_of(page + k))
    common = b"/F 4 /C [%s] /NM (p%d-a%d) /M (D:20250101120000Z) /Contents (Note %d of page %d)" % (
        rgb, page, k, k, page)
    w, h = x1 - x0, y1 - y0
    if kind == "Square":
        return PdfAnnotation(b"/Subtype /Square /BS << /W 1 >> " + common, (x0, y0, x1, y1),
                             b"%s RG 1 w %.2f %.2f %.2f %.2f re S" % (rgb, x0 + 0.5, y0 + 0.5, w - 1, h - 1))
    if kind == "Circle":
        cx, cy, rx, ry = x0 + w / 2, y0 + h / 2, w / 2 - 0.5, h / 2 - 0.5
        kx, ky = rx * 0.5523, ry * 0.5523
        path = (b"%.2f %.2f m %.2f %.2f %.2f %.2f %.2f %.2f c %.2f %.2f %.2f %.2f %.2f %.2f c "
                b"%.2f %.2f %.2f %.2f %.2f %.2f c %.2f %.2f %.2f %.2f %.2f %.2f c S") % (
            cx + rx, cy, cx + rx, cy + ky, cx + kx, cy + ry, cx, cy + ry,
            cx - kx, cy + ry, cx - rx, cy + ky, cx - rx, cy,
            cx - rx, cy - ky, cx - kx, cy - ry, cx, cy - ry,
            cx + kx, cy - ry, cx + rx, cy - ky, cx + rx, cy)
        return PdfAnnotation(b"/Subtype /Circle /BS << /W 1 >> " + common, (x0, y0, x1, y1), b"%s RG 1 w " % rgb + path)
    if kind == "Highlight":
        quad = b"/QuadPoints [%.2f %.2f %.2f %.2f %.2f %.2f %.2f %.2f]" % (x0, y1, x1, y1, x0, y0, x1, y0)
        return PdfAnnotation(b"/Subtype /Highlight " + quad + b" " + common, (x0, y0, x1, y1),
                             b"%s rg %.2f %.2f %.2f %.2f re f" % (rgb, x0, y0, w, h))
    if kind == "Text":
        rect = (x0, y1 - 20.0, x0 + 20.0, y1)
        return PdfAnnotation(b"/Subtype /Text /Name /Note /Open false " + common, rect,
                             b"%s rg 0 G %.2f %.2f 19 19 re B %.2f %.2f m %.2f %.2f l S" % (
                                 rgb, x0 + 0.5, y1 - 19.5, x0 + 4, y1 - 7, x0 + 16, y1 - 7))
    line = b"/L [%.2f %.2f %.2f %.2f]" % (x0 + 2, y0 + 2, x1 - 2, y1 - 2)
    return PdfAnnotation(b"/Subtype /Line /BS << /W 1 >> " + line + b" " + common, (x0, y0, x1, y1),
                         b"%s RG 1 w %.2f %.2f m %.2f %.2f l S" % (rgb, x0 + 2, y0 + 2, x1 - 2, y1 - 2))


def annotated_pdf(pages: int, per_page: int) -> bytes:
    """`pages` pages of one text line each, with `per_page` annotations of mixed subtypes a page."""
    contents = [b"BT /F1 12 Tf 54 760 Td (Annotated page %d) Tj ET" % (i + 1) for i in range(pages)]
    annotations = [[listing_annotation(i, k) for k in range(per_page)] for i in range(pages)]
    return text_pdf(contents, annotations)


def generate_inputs(names: Sequence[str], sizes: Sizes, folder: str) -> Dict[str, str]:
    """Writes the input documents the selected workloads need into folder; {name: path}."""
    makers: Dict[str, Callable[[], bytes]] = {
        "dense_large": lambda: dense_pdf(sizes.pages),
        "dense_small": lambda: dense_pdf(sizes.small_pages),
        "dense_annotate": lambda: dense_pdf(sizes.annotate_pages),
        "annotated": lambda: annotated_pdf(sizes.annot_pages, sizes.annots_per_page),
    }
    paths = {}
    for name in names:
        t0 = time.perf_counter()
        data = makers[name]()
        path = os.path.join(folder, f"{name}.pdf")
        with open(path, "wb") as f:
            f.write(data)
        paths[name] = path
        print(f"generated {name}: {len(data) / 1e6:.1f} MB in {time.perf_counter() - t0:.1f} s")
    return paths


# ---------------------------------------------------------------------------
# Workloads


@dataclass(frozen=True)
class Spec:
    """One workload: what every engine's worker runs, and how its results are compared."""

    key: str
    title: str
    method: str  # the Engine method the worker calls
    input: str  # the generated document it reads
    params: Mapping[str, Any] = field(default_factory=dict)
    na: Mapping[str, str] = field(default_factory=dict)  # engine -> why it cannot do the workload
    tolerances: Mapping[str, float] = field(default_factory=dict)  # check key -> relative tolerance
    per: int = 1  # the median is also shown divided by this (per update)
    per_label: str = ""
    group: str = ""  # --only name shared by variants
    note: str = ""


NO_UNDO = {"PDFium": "PDFium has no undo/redo API", "poppler": "poppler-glib has no undo/redo API"}
NO_INK = {"poppler": "poppler-glib 22.12 cannot create Ink annotations (no Poppler.AnnotInk), and its "
                     "poppler_document_save cannot write a full file (it appends an incremental update)"}


def make_specs(sizes: Sizes) -> List[Spec]:
    """The workloads at the given sizes, in the order they run."""
    specs = [
        Spec("open", f"1. open {sizes.pages} pages + every page's size, close", "open_sizes", "dense_large",
             tolerances={"pages": 0, "width_sum": 0.001, "height_sum": 0.001}),
        Spec("list", f"2. list {sizes.annot_pages * sizes.annots_per_page} annotations (subtype + rect) on "
                     f"{sizes.annot_pages} pages, open included", "list_annotations", "annotated",
             tolerances={"annots": 0, "kinds": 0, "area": 0.01}),
        Spec("annotate", f"3. open {sizes.annotate_pages} dense pages, read each page's text, add "
                         f"{sizes.annotate_pages * sizes.highlights_per_page} highlights + "
                         f"{sizes.annotate_pages * sizes.inks_per_page} inks, full save", "annotate", "dense_annotate",
             params={"highlights": sizes.highlights_per_page, "inks": sizes.inks_per_page},
             na=NO_INK, tolerances={"text_chars": 0.03, "saved_annots": 0},
             note="libpdftools and MuPDF build an appearance stream for every annotation, PDFium builds none; "
                  "libpdftools also records an undo step per annotation (the journal is on by default) and saves "
                  "atomically (temporary file, fsync, rename; the peers just write). saved_annots: the output "
                  "reopened with pypdfium2."),
        Spec("incremental", f"4. open {sizes.pages} pages, add one Square, save incrementally",
             "incremental", "dense_large", params={"page": sizes.pages // 2},
             tolerances={"prefix_kept": 0, "saved_annots_on_page": 0},
             note="each repeat opens a fresh copy; libpdftools and MuPDF append to that file, PDFium "
                  "(FPDF_INCREMENTAL) and poppler (poppler_document_save, incremental when changed) write the "
                  "copy's bytes + the update to a new file; PDFium's update also rewrites the catalog, the page "
                  "tree and every page dictionary it walked to reach the page. libpdftools saves atomically (temporary "
                  "file, fsync, rename; the peers just write): the gap between its wall and CPU time is the fsync."),
        Spec("render", f"5. open + render {sizes.render_pages} dense pages at {DPI:g} dpi", "render", "dense_small",
             params={"pages": sizes.render_pages}, tolerances={"width": 0.001, "height": 0.001, "ink_pct": 0.25},
             note="libpdftools and poppler render into one buffer made before (into= / a cairo surface), "
                  "PDFium and MuPDF allocate a bitmap per page; ink_pct: dark colour bytes of the last page "
                  "(fonts and anti-aliasing differ)."),
        Spec("search", f"6. open + search \"{WORD}\" over {sizes.pages} dense pages (count hits)", "search",
             "dense_large", tolerances={"hits": 0.01},
             note="MuPDF and poppler also compute every hit's rectangles (their calls return them); "
                  "libpdftools and PDFium count matches only."),
        Spec("drag", f"7. selection drag: {sizes.drag_updates} pointer positions on a dense page, the rects "
                     f"from the anchor each (text page prepared before)", "drag", "dense_small",
             params={"updates": sizes.drag_updates}, tolerances={"last_rects": 0.05, "total_rects": 0.05},
             per=sizes.drag_updates, per_label="per update",
             note="MuPDF: fz_highlight_selection with room for one quad (the binding cannot return more), a "
                  "lower bound; its rect counts come from extractSelection, untimed."),
        Spec("undo", f"8. undo: {sizes.undo_edits} edits ({sizes.undo_edits // 2} Squares created, each then "
                     f"recoloured) on {sizes.small_pages} pages, undo all, redo all", "undo", "dense_small",
             params={"edits": sizes.undo_edits}, na=NO_UNDO,
             tolerances={"undo_steps": 0, "redo_steps": 0, "annots_after_undo": 0, "annots_after_redo": 0}),
    ]
    specs.append(Spec(
        "flatten", f"10. flatten {sizes.annot_pages * sizes.annots_per_page} annotations with appearance streams on "
                   f"{sizes.annot_pages} pages, full save", "flatten", "annotated",
        na={"poppler": "poppler-glib has no flattening API"}, tolerances={"saved_annots": 0},
        note="libpdftools: Document.flatten() (one undo step, journal on) and an atomic save; PDFium: "
             "FPDFPage_Flatten(FLAT_PRINT) on every page, then FPDF_SaveAsCopy; MuPDF: Document.bake(annots=True, "
             "widgets=False), then save. saved_annots: annotations left in the output (pypdfium2)."))
    for size_name, pages in (("small", sizes.small_pages), ("large", sizes.pages)):
        for history_name, earlier in (("1", 1), ("many", sizes.history_edits)):
            specs.append(Spec(
                f"edit_read_{size_name}_{history_name}",
                f"9. edit then read: add a Square, read the page's text, render it at {DPI:g} dpi "
                f"({pages} pages, after {earlier} earlier edit{'s' if earlier > 1 else ''})",
                "edit_read", "dense_small" if size_name == "small" else "dense_large",
                params={"earlier": earlier}, group="edit_read",
                tolerances={"text_chars": 0.03, "ink_pct": 0.25, "annots_on_page": 0},
                note="earlier edits are Squares on other pages, before the clock; page 0 was read and rendered "
                     "once before (a viewer showing it); libpdftools keeps the earlier edits in its undo journal "
                     "(default limit 500 steps), MuPDF runs without its journal (off by default).",
            ))
    return specs


# ---------------------------------------------------------------------------
# Worker side: measuring


class Clock:
    """Wall and CPU time of the timed phases of one repeat (garbage collector off inside)."""

    def __init__(self) -> None:
        """No phase timed yet."""
        self.wall: Dict[str, float] = {}
        self.cpu = 0.0

    @contextlib.contextmanager
    def __call__(self, phase: str = "total") -> Iterator[None]:
        """Times the block (added to `phase`); collects garbage before, untimed."""
        gc.collect()
        gc.disable()
        cpu0 = time.process_time()
        t0 = time.perf_counter()
        try:
            yield
        finally:
            elapsed = time.perf_counter() - t0
            self.cpu += time.process_time() - cpu0
            gc.enable()
            self.wall[phase] = self.wall.get(phase, 0.0) + elapsed


@dataclass
class Job:
    """What the parent asks a worker to do for one repeat."""

    key: str
    method: str
    input: str
    out_dir: str
    engine: str
    params: Dict[str, Any]

    def output(self, suffix: str = "pdf") -> str:
        """This engine's output file for the workload (overwritten by each repeat)."""
        return os.path.join(self.out_dir, f"{self.key}-{self.engine}.{suffix}")

    def fresh_copy(self) -> str:
        """A fresh copy of the input for this engine (not timed)."""
        path = self.output("work.pdf")
        shutil.copyfile(self.input, path)
        return path


def measured(clock: Clock, check: Dict[str, Any]) -> Dict[str, Any]:
    """The reply of one repeat."""
    return {"phases": clock.wall, "cpu": clock.cpu, "check": check}


def sizes_check(sizes: Sequence[Tuple[float, float]]) -> Dict[str, Any]:
    """Page count and the sums of the page widths and heights."""
    return {"pages": len(sizes), "width_sum": round(sum(w for w, _ in sizes), 1),
            "height_sum": round(sum(h for _, h in sizes), 1)}


def annotations_check(items: Sequence[Tuple[str, Rect]]) -> Dict[str, Any]:
    """Count, count per subtype and summed area of listed (subtype, rect) pairs."""
    kinds: Dict[str, int] = {}
    area = 0.0
    for subtype, (x0, y0, x1, y1) in items:
        kinds[subtype.lower()] = kinds.get(subtype.lower(), 0) + 1
        area += abs((x1 - x0) * (y1 - y0))
    return {"annots": len(items), "kinds": " ".join(f"{k}:{v}" for k, v in sorted(kinds.items())),
            "area": round(area)}


def incremental_check(original: str, output: str) -> Dict[str, Any]:
    """Bytes appended and whether the original is a byte-exact prefix of the output."""
    with open(original, "rb") as f:
        old = f.read()
    with open(output, "rb") as f:
        new = f.read()
    return {"appended_bytes": len(new) - len(old), "prefix_kept": "yes" if new.startswith(old) else "no",
            "output": output}


_DARK = bytes(1 if value < 128 else 0 for value in range(256))


#: Rows of an image image_check reads at a time: a copy of the whole image (8 MB at 150 dpi)
#: would add the same 8 MB to every engine's peak RSS and so pull the RSS ratios towards 1.
_CHECK_BYTES = 256 << 10


def image_check(data: Any, width: int, height: int, stride: int, bpp: int) -> Dict[str, Any]:
    """Pixel size and the share of dark colour bytes (text drawn) of an opaque image, read a
    band of rows at a time."""
    view = memoryview(data).cast("B")
    row = width * bpp
    band = max(1, _CHECK_BYTES // max(stride, 1))
    dark = 0
    for top in range(0, height, band):
        bottom = min(height, top + band)
        if stride == row:
            dark += view[top * stride: bottom * stride].tobytes().translate(_DARK).count(1)
        else:
            dark += sum(view[y * stride: y * stride + row].tobytes().translate(_DARK).count(1)
                        for y in range(top, bottom))
    return {"width": width, "height": height, "ink_pct": round(100.0 * dark / (width * height * 3), 3)}


def _status_kb(field_name: str) -> int:
    """A memory figure of /proc/self/status in KB (0 when missing)."""
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith(field_name + ":"):
                return int(line.split()[1])
    return 0


def rss_kb() -> int:
    """The current resident set size in KB (VmRSS)."""
    return _status_kb("VmRSS")


def peak_rss_kb() -> int:
    """The peak resident set size of this process in KB since it started (VmHWM).

    Not getrusage's ru_maxrss: Linux carries it over fork and execve, so a worker's ru_maxrss
    starts at the parent's RSS (about 50 MB here after generating the inputs) and hides any
    smaller peak.  VmHWM belongs to the address space execve made; both are ru_maxrss' figure
    otherwise.  Falls back to ru_maxrss where /proc has no VmHWM."""
    return _status_kb("VmHWM") or int(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)


# ---------------------------------------------------------------------------
# Worker side: the engines


class PdftoolsEngine:
    """libpdftools through bindings/python, public API only (pdftools.open, Page, Annotation, ...)."""

    name = OURS

    def __init__(self) -> None:
        """Imports the binding (it loads $PDFTOOLS_LIBRARY)."""
        sys.path.insert(0, os.path.join(REPO, "bindings", "python"))
        import pdftools

        self.pdftools = pdftools

    def version(self) -> str:
        """The library's version and path."""
        return f"libpdftools {self.pdftools.library_version()} ({os.environ.get('PDFTOOLS_LIBRARY', 'default')})"

    def open_sizes(self, job: Job) -> Dict[str, Any]:
        """pdftools.open + page.size of every page (iterating doc.pages) + close."""
        clock = Clock()
        with clock():
            doc = self.pdftools.open(job.input)
            sizes = [tuple(page.size) for page in doc.pages]
            doc.close()
        return measured(clock, sizes_check(sizes))

    def list_annotations(self, job: Job) -> Dict[str, Any]:
        """pdftools.open + page.annotation_infos() of every page (subtype and rect of each)."""
        clock = Clock()
        with clock():
            doc = self.pdftools.open(job.input)
            items = [(info.subtype, tuple(info.rect)) for page in doc.pages for info in page.annotation_infos()]
            doc.close()
        return measured(clock, annotations_check(items))

    def annotate(self, job: Job) -> Dict[str, Any]:
        """page.text, then page.add_annotation("Highlight", quads=, color=) / ("Ink", ink=, color=);
        doc.save(path, incremental=False).  The undo journal stays on (the default)."""
        clock = Clock()
        chars = 0
        out = job.output()
        with clock("open+text+annotate"):
            doc = self.pdftools.open(job.input)
            for page in doc.pages:
                chars += len(page.text)
                for h in range(job.params["highlights"]):
                    page.add_annotation("Highlight", quads=highlight_quads(page.index, h),
                                        color=color_of(page.index + h))
                for k in range(job.params["inks"]):
                    page.add_annotation("Ink", ink=ink_strokes(page.index, k), color=color_of(page.index + k + 3))
        with clock("save"):
            doc.save(out, incremental=False)
            doc.close()
        return measured(clock, {"text_chars": chars, "output": out})

    def flatten(self, job: Job) -> Dict[str, Any]:
        """pdftools.open, doc.flatten() (every annotation; one undo step), doc.save(path, incremental=False)."""
        clock = Clock()
        out = job.output()
        with clock("open+flatten"):
            doc = self.pdftools.open(job.input)
            doc.flatten()
        with clock("save"):
            doc.save(out, incremental=False)
            doc.close()
        return measured(clock, {"output": out})

    def incremental(self, job: Job) -> Dict[str, Any]:
        """Open a fresh copy, add_annotation("Square", rect, color=), doc.save(same path, incremental=True)."""
        clock = Clock()
        path = job.fresh_copy()
        with clock("open"):
            doc = self.pdftools.open(path)
        with clock("add"):
            doc.pages[job.params["page"]].add_annotation("Square", SQUARE_RECT, color=SQUARE_COLOR)
        with clock("save"):
            doc.save(path, incremental=True)
            doc.close()
        return measured(clock, incremental_check(job.input, path))

    def render(self, job: Job) -> Dict[str, Any]:
        """page.render(150/72, into=bytearray) per page, BGRA on white, into one buffer allocated before."""
        with self.pdftools.open(job.input) as doc:
            width, height = doc.pages[0].render_size(SCALE)
        buffer = bytearray(4 * width * height)
        clock = Clock()
        with clock():
            doc = self.pdftools.open(job.input)
            for index in range(job.params["pages"]):
                image = doc.pages[index].render(SCALE, into=buffer)
        check = image_check(image.data, image.width, image.height, image.stride, 4)
        doc.close()
        return measured(clock, check)

    def search(self, job: Job) -> Dict[str, Any]:
        """pdftools.open + len(doc.search(word)) (case-insensitive, the default) + close."""
        clock = Clock()
        with clock():
            doc = self.pdftools.open(job.input)
            hits = len(doc.search(WORD))
            doc.close()
        return measured(clock, {"hits": hits})

    def drag(self, job: Job) -> Dict[str, Any]:
        """page.select(anchor, point).rects() per pointer position; page.text read before."""
        anchor, points = drag_points(job.params["updates"])
        doc = self.pdftools.open(job.input)
        page = doc.pages[0]
        page.text
        clock = Clock()
        total = 0
        with clock():
            for point in points:
                rects = page.select(anchor, point).rects()
                total += len(rects)
        doc.close()
        return measured(clock, {"last_rects": len(rects), "total_rects": total})

    def undo(self, job: Job) -> Dict[str, Any]:
        """add_annotation("Square", rect) then annotation.update(color=) per Square (2 steps);
        doc.undo() until False, doc.redo() until False.  Undo limits raised first (default 500 steps)."""
        doc = self.pdftools.open(job.input)
        edits = job.params["edits"]
        doc.set_undo_limits(steps=edits + 100, bytes=1 << 40)
        pages = list(doc.pages)
        clock = Clock()
        with clock("edits"):
            for k in range(edits // 2):
                index, rect = undo_placement(k, len(pages))
                pages[index].add_annotation("Square", rect).update(color=color_of(k))
        with clock("undo"):
            undone = 0
            while doc.undo():
                undone += 1
        after_undo = sum(len(page.annotations) for page in pages)
        with clock("redo"):
            redone = 0
            while doc.redo():
                redone += 1
        after_redo = sum(len(page.annotations) for page in pages)
        doc.close()
        return measured(clock, {"undo_steps": undone, "redo_steps": redone,
                                "annots_after_undo": after_undo, "annots_after_redo": after_redo})

    def edit_read(self, job: Job) -> Dict[str, Any]:
        """Earlier edits: add_annotation("Square", color=) on other pages; page 0's text read and page
        rendered once (a viewer showing it); timed: add_annotation + page.text + page.render(into=)."""
        doc = self.pdftools.open(job.input)
        pages = doc.page_count
        for k in range(job.params["earlier"]):
            index, rect = earlier_placement(k, pages)
            doc.pages[index].add_annotation("Square", rect, color=color_of(k))
        page = doc.pages[0]
        width, height = page.render_size(SCALE)
        buffer = bytearray(4 * width * height)
        page.text
        page.render(SCALE, into=buffer)
        clock = Clock()
        with clock():
            page.add_annotation("Square", SQUARE_RECT, color=SQUARE_COLOR)
            text = page.text
            image = page.render(SCALE, into=buffer)
        check = {"text_chars": len(text), "annots_on_page": len(page.annotations),
                 **image_check(image.data, image.width, image.height, image.stride, 4)}
        doc.close()
        return measured(clock, check)


class PdfiumEngine:
    """PDFium through pypdfium2 (helpers; pypdfium2.raw for annotations)."""

    name = "PDFium"

    def __init__(self) -> None:
        """Imports pypdfium2."""
        import pypdfium2
        import pypdfium2.raw

        self.pdfium = pypdfium2
        self.c = pypdfium2.raw

    def version(self) -> str:
        """pypdfium2's and PDFium's versions."""
        v = self.pdfium.version
        return f"pypdfium2 {v.PYPDFIUM_INFO}, PDFium {v.PDFIUM_INFO}"

    def _rgb(self, color: Color) -> Tuple[int, int, int]:
        """A colour as 0-255 components."""
        r, g, b = (int(round(v * 255)) for v in color)
        return r, g, b

    def _rectf(self, rect: Rect) -> Any:
        """A page-space rect as FS_RECTF."""
        x0, y0, x1, y1 = rect
        return self.c.FS_RECTF(x0, y1, x1, y0)  # left, top, right, bottom

    def _annot(self, page: Any, subtype: int, rect: Rect, color: Color) -> Any:
        """FPDFPage_CreateAnnot + FPDFAnnot_SetRect + FPDFAnnot_SetColor; the open annotation handle."""
        c = self.c
        annot = c.FPDFPage_CreateAnnot(page.raw, subtype)
        if not annot:
            raise RuntimeError("FPDFPage_CreateAnnot failed")
        c.FPDFAnnot_SetRect(annot, self._rectf(rect))
        if not c.FPDFAnnot_SetColor(annot, c.FPDFANNOT_COLORTYPE_Color, *self._rgb(color), 255):
            raise RuntimeError("FPDFAnnot_SetColor failed")
        return annot

    def _square(self, page: Any, rect: Rect, color: Color) -> None:
        """A Square with a colour (PDFium writes no appearance stream; it draws one when rendering)."""
        self.c.FPDFPage_CloseAnnot(self._annot(page, self.c.FPDF_ANNOT_SQUARE, rect, color))

    def _page_text(self, page: Any) -> str:
        """A new text page's whole text (get_text_range), the text page closed again."""
        textpage = page.get_textpage()
        text = textpage.get_text_range()
        textpage.close()
        return text

    def open_sizes(self, job: Job) -> Dict[str, Any]:
        """PdfDocument(path) + pdf.get_page_size(i) (FPDF_GetPageSizeByIndexF, no page load) + close."""
        clock = Clock()
        with clock():
            pdf = self.pdfium.PdfDocument(job.input)
            sizes = [tuple(pdf.get_page_size(i)) for i in range(len(pdf))]
            pdf.close()
        return measured(clock, sizes_check(sizes))

    def list_annotations(self, job: Job) -> Dict[str, Any]:
        """Per page: FPDFPage_GetAnnotCount, then FPDFPage_GetAnnot + FPDFAnnot_GetSubtype +
        FPDFAnnot_GetRect + FPDFPage_CloseAnnot per annotation."""
        import ctypes

        c = self.c
        names = {c.FPDF_ANNOT_SQUARE: "square", c.FPDF_ANNOT_CIRCLE: "circle", c.FPDF_ANNOT_HIGHLIGHT: "highlight",
                 c.FPDF_ANNOT_TEXT: "text", c.FPDF_ANNOT_LINE: "line"}
        clock = Clock()
        found: List[Tuple[int, Rect]] = []
        with clock():
            pdf = self.pdfium.PdfDocument(job.input)
            rect = c.FS_RECTF()
            for index in range(len(pdf)):
                page = pdf[index]
                for k in range(c.FPDFPage_GetAnnotCount(page.raw)):
                    annot = c.FPDFPage_GetAnnot(page.raw, k)
                    subtype = c.FPDFAnnot_GetSubtype(annot)
                    c.FPDFAnnot_GetRect(annot, ctypes.byref(rect))
                    found.append((subtype, (rect.left, rect.bottom, rect.right, rect.top)))
                    c.FPDFPage_CloseAnnot(annot)
                page.close()
            pdf.close()
        return measured(clock, annotations_check([(names.get(s, str(s)), r) for s, r in found]))

    def annotate(self, job: Job) -> Dict[str, Any]:
        """Text: get_textpage().get_text_range(); FPDFPage_CreateAnnot(HIGHLIGHT) + SetColor +
        AppendAttachmentPoints per quad + SetRect; (INK) + AddInkStroke per stroke; pdf.save(path)
        (full).  PDFium writes no appearance streams."""
        c = self.c
        clock = Clock()
        chars = 0
        out = job.output()
        with clock("open+text+annotate"):
            pdf = self.pdfium.PdfDocument(job.input)
            for index in range(len(pdf)):
                page = pdf[index]
                chars += len(self._page_text(page))
                for h in range(job.params["highlights"]):
                    quads = highlight_quads(index, h)
                    annot = self._annot(page, c.FPDF_ANNOT_HIGHLIGHT, bounds([p for q in quads for p in q]),
                                        color_of(index + h))
                    for q in quads:
                        if not c.FPDFAnnot_AppendAttachmentPoints(annot, c.FS_QUADPOINTSF(*[v for p in q for v in p])):
                            raise RuntimeError("FPDFAnnot_AppendAttachmentPoints failed")
                    c.FPDFPage_CloseAnnot(annot)
                for k in range(job.params["inks"]):
                    strokes = ink_strokes(index, k)
                    annot = self._annot(page, c.FPDF_ANNOT_INK, bounds([p for s in strokes for p in s], 2.0),
                                        color_of(index + k + 3))
                    for stroke in strokes:
                        points = (c.FS_POINTF * len(stroke))(*[c.FS_POINTF(x, y) for x, y in stroke])
                        if c.FPDFAnnot_AddInkStroke(annot, points, len(stroke)) < 0:
                            raise RuntimeError("FPDFAnnot_AddInkStroke failed")
                    c.FPDFPage_CloseAnnot(annot)
                page.close()
        with clock("save"):
            pdf.save(out)
            pdf.close()
        return measured(clock, {"text_chars": chars, "output": out})

    def flatten(self, job: Job) -> Dict[str, Any]:
        """FPDFPage_Flatten(page, FLAT_PRINT) on every page (pages closed after), PdfDocument.save(path)."""
        c = self.c
        clock = Clock()
        out = job.output()
        with clock("open+flatten"):
            pdf = self.pdfium.PdfDocument(job.input)
            for index in range(len(pdf)):
                page = pdf[index]
                c.FPDFPage_Flatten(page.raw, c.FLAT_PRINT)
                page.close()
        with clock("save"):
            pdf.save(out)
            pdf.close()
        return measured(clock, {"output": out})

    def incremental(self, job: Job) -> Dict[str, Any]:
        """Open a fresh copy, FPDFPage_CreateAnnot(SQUARE) + SetRect + SetColor,
        pdf.save(new path, flags=FPDF_INCREMENTAL) (FPDF_SaveAsCopy: the original bytes + the update)."""
        clock = Clock()
        path = job.fresh_copy()
        out = job.output()
        with clock("open"):
            pdf = self.pdfium.PdfDocument(path)
        with clock("add"):
            page = pdf[job.params["page"]]
            self._square(page, SQUARE_RECT, SQUARE_COLOR)
            page.close()
        with clock("save"):
            pdf.save(out, flags=self.c.FPDF_INCREMENTAL)
            pdf.close()
        return measured(clock, incremental_check(job.input, out))

    def render(self, job: Job) -> Dict[str, Any]:
        """pdf[i].render(scale=150/72) (a new BGR bitmap per page, white, annotations drawn)."""
        clock = Clock()
        with clock():
            pdf = self.pdfium.PdfDocument(job.input)
            for index in range(job.params["pages"]):
                page = pdf[index]
                bitmap = page.render(scale=SCALE)
                page.close()
        check = image_check(bitmap.buffer, bitmap.width, bitmap.height, bitmap.stride, bitmap.n_channels)
        pdf.close()
        return measured(clock, check)

    def search(self, job: Job) -> Dict[str, Any]:
        """Per page: get_textpage() + textpage.search(word) + get_next() until None (no rects read)."""
        clock = Clock()
        hits = 0
        with clock():
            pdf = self.pdfium.PdfDocument(job.input)
            for index in range(len(pdf)):
                page = pdf[index]
                textpage = page.get_textpage()
                searcher = textpage.search(WORD)
                while searcher.get_next() is not None:
                    hits += 1
                searcher.close()
                textpage.close()
                page.close()
            pdf.close()
        return measured(clock, {"hits": hits})

    def drag(self, job: Job) -> Dict[str, Any]:
        """textpage.get_index (FPDFText_GetCharIndexAtPos) of anchor and point, then count_rects
        (FPDFText_CountRects) + get_rect per rect; the text page built before.  Tolerance 10 pt
        across, 6 pt (half the leading) up and down, so that points past a line's end still hit
        (with 2 pt, 12 of the 200 points hit nothing)."""
        anchor, points = drag_points(job.params["updates"])
        pdf = self.pdfium.PdfDocument(job.input)
        page = pdf[0]
        textpage = page.get_textpage()
        clock = Clock()
        total = last = misses = 0
        with clock():
            for x, y in points:
                first = textpage.get_index(anchor[0], anchor[1], 10.0, 6.0)
                end = textpage.get_index(x, y, 10.0, 6.0)
                if first is None or end is None:
                    misses += 1
                    last = 0
                    continue
                lo, hi = min(first, end), max(first, end)
                last = textpage.count_rects(lo, hi - lo + 1)
                for k in range(last):
                    textpage.get_rect(k)
                total += last
        textpage.close()
        page.close()
        pdf.close()
        return measured(clock, {"last_rects": last, "total_rects": total, "missed_points": misses})

    def edit_read(self, job: Job) -> Dict[str, Any]:
        """Earlier edits: Squares (CreateAnnot + SetRect + SetColor) on other pages; page 0 kept
        loaded, its text read and rendered once; timed: the Square + get_textpage().get_text_range()
        + page.render(scale=150/72)."""
        pdf = self.pdfium.PdfDocument(job.input)
        pages = len(pdf)
        for k in range(job.params["earlier"]):
            index, rect = earlier_placement(k, pages)
            other = pdf[index]
            self._square(other, rect, color_of(k))
            other.close()
        page = pdf[0]
        self._page_text(page)
        page.render(scale=SCALE)
        clock = Clock()
        with clock():
            self._square(page, SQUARE_RECT, SQUARE_COLOR)
            text = self._page_text(page)
            bitmap = page.render(scale=SCALE)
        check = {"text_chars": len(text), "annots_on_page": self.c.FPDFPage_GetAnnotCount(page.raw),
                 **image_check(bitmap.buffer, bitmap.width, bitmap.height, bitmap.stride, bitmap.n_channels)}
        page.close()
        pdf.close()
        return measured(clock, check)


class MupdfEngine:
    """MuPDF through PyMuPDF (coordinates converted to its top-left space)."""

    name = "MuPDF"

    def __init__(self) -> None:
        """Imports PyMuPDF and silences MuPDF's messages."""
        import pymupdf

        self.m = pymupdf
        pymupdf.TOOLS.mupdf_display_errors(False)
        pymupdf.TOOLS.mupdf_display_warnings(False)

    def version(self) -> str:
        """PyMuPDF's and MuPDF's versions."""
        return f"PyMuPDF {self.m.VersionBind}, MuPDF {self.m.VersionFitz}"

    def _rect(self, rect: Rect) -> Any:
        """A page-space rect as a pymupdf.Rect (top-left space)."""
        return self.m.Rect(*flip(rect))

    def _square(self, page: Any, rect: Rect, color: Color) -> None:
        """add_rect_annot + set_colors(stroke=) + update() (rebuilds the appearance)."""
        annot = page.add_rect_annot(self._rect(rect))
        annot.set_colors(stroke=color)
        annot.update()

    def open_sizes(self, job: Job) -> Dict[str, Any]:
        """pymupdf.open + page.rect of every page (loads each page; the display size, /Rotate
        applied; doc.page_cropbox(i) would skip the load but ignores /Rotate) + close."""
        clock = Clock()
        with clock():
            doc = self.m.open(job.input)
            sizes = [(page.rect.width, page.rect.height) for page in doc]
            doc.close()
        return measured(clock, sizes_check(sizes))

    def list_annotations(self, job: Job) -> Dict[str, Any]:
        """for annot in page.annots(): annot.type[1], annot.rect."""
        clock = Clock()
        with clock():
            doc = self.m.open(job.input)
            items = [(annot.type[1], tuple(annot.rect)) for page in doc for annot in page.annots()]
            doc.close()
        return measured(clock, annotations_check(items))

    def annotate(self, job: Job) -> Dict[str, Any]:
        """page.get_text(); add_highlight_annot(quads=) / add_ink_annot(strokes) + set_colors(stroke=)
        + update(); doc.save(path) (full, the defaults: no garbage collection, no compression)."""
        m = self.m
        clock = Clock()
        chars = 0
        out = job.output()
        with clock("open+text+annotate"):
            doc = m.open(job.input)
            for page in doc:
                index = page.number
                chars += len(page.get_text())
                for h in range(job.params["highlights"]):
                    quads = [m.Quad(*[m.Point(x, PAGE_H - y) for x, y in q]) for q in highlight_quads(index, h)]
                    annot = page.add_highlight_annot(quads=quads)
                    annot.set_colors(stroke=color_of(index + h))
                    annot.update()
                for k in range(job.params["inks"]):
                    strokes = [[(x, PAGE_H - y) for x, y in s] for s in ink_strokes(index, k)]
                    annot = page.add_ink_annot(strokes)
                    annot.set_colors(stroke=color_of(index + k + 3))
                    annot.update()
        with clock("save"):
            doc.save(out)
            doc.close()
        return measured(clock, {"text_chars": chars, "output": out})

    def flatten(self, job: Job) -> Dict[str, Any]:
        """Document.bake(annots=True, widgets=False), Document.save(path)."""
        clock = Clock()
        out = job.output()
        with clock("open+flatten"):
            doc = self.m.open(job.input)
            doc.bake(annots=True, widgets=False)
        with clock("save"):
            doc.save(out)
            doc.close()
        return measured(clock, {"output": out})

    def incremental(self, job: Job) -> Dict[str, Any]:
        """Open a fresh copy, add_rect_annot + set_colors + update, doc.saveIncr() (into that file)."""
        clock = Clock()
        path = job.fresh_copy()
        with clock("open"):
            doc = self.m.open(path)
        with clock("add"):
            self._square(doc[job.params["page"]], SQUARE_RECT, SQUARE_COLOR)
        with clock("save"):
            doc.saveIncr()
            doc.close()
        return measured(clock, incremental_check(job.input, path))

    def render(self, job: Job) -> Dict[str, Any]:
        """doc[i].get_pixmap(dpi=150) (a new RGB pixmap per page)."""
        clock = Clock()
        with clock():
            doc = self.m.open(job.input)
            for index in range(job.params["pages"]):
                pixmap = doc[index].get_pixmap(dpi=int(DPI))
        check = image_check(pixmap.samples_mv, pixmap.width, pixmap.height, pixmap.stride, pixmap.n)
        doc.close()
        return measured(clock, check)

    def search(self, job: Job) -> Dict[str, Any]:
        """page.search_for(word) on every page (it returns the hits' rects)."""
        clock = Clock()
        with clock():
            doc = self.m.open(job.input)
            hits = sum(len(page.search_for(WORD)) for page in doc)
            doc.close()
        return measured(clock, {"hits": hits})

    def drag(self, job: Job) -> Dict[str, Any]:
        """mupdf.fz_highlight_selection(stext page, a, b, quad, 1) on page.get_textpage() built before:
        MuPDF's native hit test and walk of the selected range with the per-line quad merging.  The
        SWIG binding cannot take a quad array (fz_quad *) nor convert fz_highlight_selection2's
        std::vector, so only the first quad is copied out: a lower bound.  Rect counts from
        TextPage.extractSelection (the lines of the selected text), not timed."""
        anchor, points = drag_points(job.params["updates"])
        mupdf = self.m.mupdf
        doc = self.m.open(job.input)
        textpage = doc[0].get_textpage()
        stext = textpage.this
        quad = mupdf.FzQuad()
        start = mupdf.FzPoint(anchor[0], PAGE_H - anchor[1])
        targets = [mupdf.FzPoint(x, PAGE_H - y) for x, y in points]
        clock = Clock()
        with clock():
            for target in targets:
                mupdf.fz_highlight_selection(stext, start, target, quad, 1)
        lines = [len(textpage.extractSelection((anchor[0], PAGE_H - anchor[1]), (x, PAGE_H - y)).splitlines())
                 for x, y in points]
        doc.close()
        return measured(clock, {"last_rects": lines[-1], "total_rects": sum(lines)})

    def undo(self, job: Job) -> Dict[str, Any]:
        """doc.journal_enable(); per Square: journal_start_op + add_rect_annot + journal_stop_op,
        journal_start_op + set_colors + update + journal_stop_op; journal_undo() / journal_redo()
        while journal_can_do() says so."""
        doc = self.m.open(job.input)
        doc.journal_enable()
        pages = [doc[i] for i in range(len(doc))]
        clock = Clock()
        with clock("edits"):
            for k in range(job.params["edits"] // 2):
                index, rect = undo_placement(k, len(pages))
                doc.journal_start_op("Add Square")
                annot = pages[index].add_rect_annot(self._rect(rect))
                doc.journal_stop_op()
                doc.journal_start_op("Change Color")
                annot.set_colors(stroke=color_of(k))
                annot.update()
                doc.journal_stop_op()
        with clock("undo"):
            undone = 0
            while doc.journal_can_do()["undo"]:
                doc.journal_undo()
                undone += 1
        after_undo = sum(len(list(page.annots())) for page in doc)
        with clock("redo"):
            redone = 0
            while doc.journal_can_do()["redo"]:
                doc.journal_redo()
                redone += 1
        after_redo = sum(len(list(page.annots())) for page in doc)
        doc.close()
        return measured(clock, {"undo_steps": undone, "redo_steps": redone,
                                "annots_after_undo": after_undo, "annots_after_redo": after_redo})

    def edit_read(self, job: Job) -> Dict[str, Any]:
        """Earlier edits: add_rect_annot + set_colors + update on other pages (journal off, the
        default); page 0 kept loaded, get_text() and get_pixmap once; timed: the Square +
        page.get_text() + page.get_pixmap(dpi=150)."""
        doc = self.m.open(job.input)
        for k in range(job.params["earlier"]):
            index, rect = earlier_placement(k, len(doc))
            self._square(doc[index], rect, color_of(k))
        page = doc[0]
        page.get_text()
        page.get_pixmap(dpi=int(DPI))
        clock = Clock()
        with clock():
            self._square(page, SQUARE_RECT, SQUARE_COLOR)
            text = page.get_text()
            pixmap = page.get_pixmap(dpi=int(DPI))
        check = {"text_chars": len(text), "annots_on_page": len(list(page.annots())),
                 **image_check(pixmap.samples_mv, pixmap.width, pixmap.height, pixmap.stride, pixmap.n)}
        doc.close()
        return measured(clock, check)


class PopplerEngine:
    """poppler-glib through GObject introspection (gi), cairo through pycairo (python3-gi-cairo)."""

    name = "poppler"

    def __init__(self) -> None:
        """Imports poppler-glib and pycairo through gi."""
        import gi

        gi.require_version("Poppler", "0.18")
        try:
            gi.require_foreign("cairo")
        except ImportError as exc:
            raise ImportError("gi has no cairo support: apt-get install python3-gi-cairo python3-cairo") from exc
        import cairo
        from gi.repository import Poppler

        self.Poppler = Poppler
        self.cairo = cairo

    def version(self) -> str:
        """poppler's and pycairo's versions."""
        return f"poppler-glib {self.Poppler.get_version()}, pycairo {self.cairo.version}"

    def _open(self, path: str) -> Any:
        """Document.new_from_file of a path."""
        return self.Poppler.Document.new_from_file("file://" + os.path.abspath(path), None)

    def _square(self, doc: Any, page: Any, rect: Rect, color: Color) -> None:
        """Poppler.AnnotSquare.new + set_color + page.add_annot (no appearance stream is written)."""
        area = self.Poppler.Rectangle()
        area.x1, area.y1, area.x2, area.y2 = rect
        annot = self.Poppler.AnnotSquare.new(doc, area)
        value = self.Poppler.Color()
        value.red, value.green, value.blue = (int(round(v * 65535)) for v in color)
        annot.set_color(value)
        page.add_annot(annot)

    def _surface(self, page: Any) -> Any:
        """An ARGB32 surface of the page's size at 150 dpi."""
        width, height = page.get_size()
        return self.cairo.ImageSurface(self.cairo.FORMAT_ARGB32, int(math.ceil(width * SCALE - 1e-6)),
                                       int(math.ceil(height * SCALE - 1e-6)))

    def _render(self, page: Any, surface: Any) -> None:
        """White background, then page.render on a cairo context scaled to 150 dpi."""
        context = self.cairo.Context(surface)
        context.set_source_rgb(1, 1, 1)
        context.paint()
        context.scale(SCALE, SCALE)
        page.render(context)
        surface.flush()

    def _image_check(self, surface: Any) -> Dict[str, Any]:
        """image_check of a surface."""
        return image_check(surface.get_data(), surface.get_width(), surface.get_height(), surface.get_stride(), 4)

    def open_sizes(self, job: Job) -> Dict[str, Any]:
        """Document.new_from_file + get_page(i).get_size() of every page (then dropped)."""
        clock = Clock()
        with clock():
            doc = self._open(job.input)
            sizes = [tuple(doc.get_page(i).get_size()) for i in range(doc.get_n_pages())]
            del doc
        return measured(clock, sizes_check(sizes))

    def list_annotations(self, job: Job) -> Dict[str, Any]:
        """page.get_annot_mapping(): mapping.annot.get_annot_type() and mapping.area per annotation."""
        clock = Clock()
        with clock():
            doc = self._open(job.input)
            items = []
            for index in range(doc.get_n_pages()):
                for mapping in doc.get_page(index).get_annot_mapping():
                    area = mapping.area
                    items.append((mapping.annot.get_annot_type().value_nick, (area.x1, area.y1, area.x2, area.y2)))
            del doc
        return measured(clock, annotations_check(items))

    def incremental(self, job: Job) -> Dict[str, Any]:
        """Open a fresh copy, AnnotSquare.new + set_color + page.add_annot, doc.save(new path):
        poppler_document_save writes the original bytes + an incremental update when the document
        changed (PDFDoc::saveAs, writeStandard), to a new file."""
        clock = Clock()
        path = job.fresh_copy()
        out = job.output()
        with clock("open"):
            doc = self._open(path)
        with clock("add"):
            self._square(doc, doc.get_page(job.params["page"]), SQUARE_RECT, SQUARE_COLOR)
        with clock("save"):
            doc.save("file://" + os.path.abspath(out))
            del doc
        return measured(clock, incremental_check(job.input, out))

    def render(self, job: Job) -> Dict[str, Any]:
        """page.render into one cairo ImageSurface (ARGB32) made before, painted white per page."""
        first = self._open(job.input).get_page(0)
        surface = self._surface(first)
        clock = Clock()
        with clock():
            doc = self._open(job.input)
            for index in range(job.params["pages"]):
                self._render(doc.get_page(index), surface)
        return measured(clock, self._image_check(surface))

    def search(self, job: Job) -> Dict[str, Any]:
        """get_page(i).find_text(word) on every page (case-insensitive by default; returns rects)."""
        clock = Clock()
        with clock():
            doc = self._open(job.input)
            hits = sum(len(doc.get_page(i).find_text(WORD)) for i in range(doc.get_n_pages()))
            del doc
        return measured(clock, {"hits": hits})

    def drag(self, job: Job) -> Dict[str, Any]:
        """page.get_selected_region(1.0, GLYPH, rect from anchor to point) (a cairo.Region) +
        get_rectangle of each of its rectangles; page.get_text() read before (poppler keeps the
        page's text layout).  The region merges touching rects (y-x banded)."""
        anchor, points = drag_points(job.params["updates"])
        Poppler = self.Poppler
        doc = self._open(job.input)
        page = doc.get_page(0)
        page.get_text()
        selections = []
        for x, y in points:
            area = Poppler.Rectangle()
            area.x1, area.y1, area.x2, area.y2 = anchor[0], PAGE_H - anchor[1], x, PAGE_H - y
            selections.append(area)
        glyph = Poppler.SelectionStyle.GLYPH
        clock = Clock()
        total = 0
        with clock():
            for area in selections:
                region = page.get_selected_region(1.0, glyph, area)
                count = region.num_rectangles()
                for k in range(count):
                    region.get_rectangle(k)
                total += count
        return measured(clock, {"last_rects": count, "total_rects": total})

    def edit_read(self, job: Job) -> Dict[str, Any]:
        """Earlier edits: AnnotSquare on other pages; page 0 kept, its text read and rendered once;
        timed: the Square + page.get_text() + page.render into a surface made before."""
        doc = self._open(job.input)
        pages = doc.get_n_pages()
        for k in range(job.params["earlier"]):
            index, rect = earlier_placement(k, pages)
            self._square(doc, doc.get_page(index), rect, color_of(k))
        page = doc.get_page(0)
        surface = self._surface(page)
        page.get_text()
        self._render(page, surface)
        clock = Clock()
        with clock():
            self._square(doc, page, SQUARE_RECT, SQUARE_COLOR)
            text = page.get_text()
            self._render(page, surface)
        check = {"text_chars": len(text), "annots_on_page": len(page.get_annot_mapping()),
                 **self._image_check(surface)}
        return measured(clock, check)


ENGINE_CLASSES: Dict[str, Callable[[], Any]] = {
    OURS: PdftoolsEngine, "PDFium": PdfiumEngine, "MuPDF": MupdfEngine, "poppler": PopplerEngine,
}


def worker_main(engine_name: str) -> int:
    """Runs repeats for the parent: reads {"job": ...} or {"quit": true} lines, answers with one
    JSON line each.  The protocol has fd 1 to itself; anything the libraries print goes to stderr."""
    channel = os.fdopen(os.dup(1), "w", buffering=1)
    os.dup2(2, 1)
    sys.stdout = sys.stderr

    def send(message: Dict[str, Any]) -> None:
        """One JSON line to the parent."""
        channel.write(json.dumps(message) + "\n")

    try:
        engine = ENGINE_CLASSES[engine_name]()
        version = engine.version()
    except Exception as exc:  # noqa: BLE001 - reported to the parent
        send({"error": f"{engine_name} could not be loaded: {type(exc).__name__}: {exc}",
              "traceback": traceback.format_exc()})
        return 1
    send({"ready": True, "rss_kb": rss_kb(), "version": version, "python": sys.executable})
    for line in sys.stdin:
        message = json.loads(line)
        if message.get("quit"):
            break
        job = Job(**message["job"])
        try:
            reply = getattr(engine, job.method)(job)
        except Exception as exc:  # noqa: BLE001 - reported to the parent exactly
            send({"error": f"{type(exc).__name__}: {exc}", "traceback": traceback.format_exc()})
            continue
        reply["peak_rss_kb"] = peak_rss_kb()
        send(reply)
    return 0


# ---------------------------------------------------------------------------
# Parent side: driving the workers


class WorkerError(Exception):
    """A worker that crashed, timed out, answered nonsense or reported an exception."""


class Worker:
    """One engine's worker process for one workload."""

    def __init__(self, engine: str, python: str, env: Dict[str, str], stderr_path: str) -> None:
        """Starts the worker and waits for its hello (WorkerError when it cannot load its engine)."""
        self.engine = engine
        self.stderr_path = stderr_path
        self._stderr = open(stderr_path, "w")
        try:
            self.proc = subprocess.Popen(
                [python, os.path.abspath(__file__), "--worker", engine],
                stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self._stderr, text=True, env=env, cwd=HERE,
            )
        except OSError:
            self._stderr.close()
            raise
        try:
            hello = self._receive(120.0)
        except WorkerError:
            self.kill()
            self._stderr.close()
            raise
        self.version = str(hello.get("version", ""))
        self.baseline_kb = int(hello.get("rss_kb", 0))

    def stderr_tail(self, lines: int = 12) -> str:
        """The last lines the worker wrote to stderr."""
        self._stderr.flush()
        try:
            with open(self.stderr_path, errors="replace") as f:
                return "".join(f.readlines()[-lines:]).rstrip()
        except OSError:
            return ""

    def _receive(self, timeout: float) -> Dict[str, Any]:
        """The worker's next message; WorkerError for errors, silence, death or garbage."""
        assert self.proc.stdout is not None
        ready, _, _ = select.select([self.proc.stdout], [], [], timeout)
        if not ready:
            self.kill()
            raise WorkerError(f"no answer within {timeout:.0f} s (killed)")
        line = self.proc.stdout.readline()
        if not line:
            code = self.proc.wait()
            raise WorkerError(f"the worker exited (code {code}) without answering\n{self.stderr_tail()}")
        try:
            message = json.loads(line)
        except json.JSONDecodeError:
            raise WorkerError(f"unreadable answer {line[:200]!r}") from None
        if "error" in message:
            raise WorkerError(f"{message['error']}\n{message.get('traceback', '').rstrip()}")
        return message

    def run(self, job: Job) -> Dict[str, Any]:
        """One repeat; the worker's reply."""
        assert self.proc.stdin is not None
        try:
            self.proc.stdin.write(json.dumps({"job": dataclasses.asdict(job)}) + "\n")
            self.proc.stdin.flush()
        except BrokenPipeError:
            raise WorkerError(f"the worker is gone (code {self.proc.wait()})\n{self.stderr_tail()}") from None
        return self._receive(REPLY_TIMEOUT)

    def close(self) -> None:
        """Asks the worker to quit, then waits for it (kills it if it does not go)."""
        if self.proc.poll() is None:
            try:
                assert self.proc.stdin is not None
                self.proc.stdin.write(json.dumps({"quit": True}) + "\n")
                self.proc.stdin.close()
                self.proc.wait(timeout=30)
            except (BrokenPipeError, subprocess.TimeoutExpired, OSError):
                self.kill()
        self._stderr.close()

    def kill(self) -> None:
        """Ends this worker (only this process, by its id)."""
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()


@dataclass
class EngineRun:
    """What one engine did in one workload."""

    engine: str
    status: str = "ok"  # ok | n/a | error
    reason: str = ""
    version: str = ""
    baseline_kb: int = 0
    peak_kb: int = 0
    times: List[float] = field(default_factory=list)
    cpu: List[float] = field(default_factory=list)
    phases: List[Dict[str, float]] = field(default_factory=list)
    check: Dict[str, Any] = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        """True when the engine ran every repeat without an error."""
        return self.status == "ok" and bool(self.times)

    @property
    def median(self) -> float:
        """The median wall time of the repeats, in seconds."""
        return statistics.median(self.times) if self.times else math.nan

    def phase_medians(self) -> Dict[str, float]:
        """The median of each phase over the repeats."""
        names = list(self.phases[0]) if self.phases else []
        return {name: statistics.median(p.get(name, 0.0) for p in self.phases) for name in names}

    def to_json(self) -> Dict[str, Any]:
        """The figures, with median, min and max."""
        data = dataclasses.asdict(self)
        if self.ok:
            data.update(median_s=self.median, min_s=min(self.times), max_s=max(self.times),
                        phase_medians_s=self.phase_medians())
        return data


@dataclass
class Context:
    """What the parent needs to run workloads."""

    sizes: Sizes
    repeats: int
    inputs: Dict[str, str]
    out_dir: str
    env: Dict[str, str]
    pythons: Dict[str, str]


def start_workers(spec: Spec, runs: Dict[str, EngineRun], ctx: Context) -> Dict[str, Worker]:
    """A fresh worker for every engine that can do the workload."""
    workers = {}
    for engine in ENGINES:
        if runs[engine].status != "ok":
            continue
        stderr_path = os.path.join(ctx.out_dir, f"{spec.key}-{engine}.stderr")
        try:
            worker = Worker(engine, ctx.pythons[engine], ctx.env, stderr_path)
        except (WorkerError, OSError) as exc:
            runs[engine].status, runs[engine].reason = "error", f"the worker could not start: {exc}"
            continue
        runs[engine].version, runs[engine].baseline_kb = worker.version, worker.baseline_kb
        workers[engine] = worker
    return workers


def run_workload(spec: Spec, ctx: Context) -> Dict[str, EngineRun]:
    """All repeats of one workload, interleaved: repeat r of every engine, then repeat r + 1."""
    runs = {engine: EngineRun(engine) for engine in ENGINES}
    for engine, reason in spec.na.items():
        runs[engine].status, runs[engine].reason = "n/a", reason
    workers = start_workers(spec, runs, ctx)
    try:
        for _ in range(ctx.repeats):
            for engine, worker in workers.items():
                run = runs[engine]
                if run.status != "ok":
                    continue
                job = Job(spec.key, spec.method, ctx.inputs[spec.input], ctx.out_dir, engine, dict(spec.params))
                try:
                    reply = worker.run(job)
                except WorkerError as exc:
                    run.status, run.reason = "error", str(exc)
                    worker.kill()
                    continue
                run.times.append(sum(reply["phases"].values()))
                run.cpu.append(float(reply["cpu"]))
                run.phases.append(reply["phases"])
                run.check = reply["check"]
                run.peak_kb = max(run.peak_kb, int(reply["peak_rss_kb"]))
    finally:
        for worker in workers.values():
            worker.close()
    verify_outputs(spec, runs)
    return runs


def verify_outputs(spec: Spec, runs: Dict[str, EngineRun]) -> None:
    """Counts the annotations of saved files with pypdfium2 (one reader for every engine's output)."""
    if spec.method not in ("annotate", "incremental", "flatten"):
        return
    try:
        import pypdfium2
        import pypdfium2.raw as c
    except ImportError:
        return
    for run in runs.values():
        path = run.check.get("output")
        if not run.ok or not path:
            continue
        pdf = pypdfium2.PdfDocument(path)
        try:
            pages = [spec.params["page"]] if spec.method == "incremental" else range(len(pdf))
            count = 0
            for index in pages:
                page = pdf[index]
                count += c.FPDFPage_GetAnnotCount(page.raw)
                page.close()
        finally:
            pdf.close()
        key = "saved_annots_on_page" if spec.method == "incremental" else "saved_annots"
        run.check[key] = count
        run.check["output_bytes"] = os.path.getsize(path)


# ---------------------------------------------------------------------------
# Parent side: the report


def fmt_time(seconds: float) -> str:
    """A duration with a unit that keeps 3 significant digits."""
    if seconds != seconds:
        return "-"
    if seconds >= 1.0:
        return f"{seconds:.2f} s"
    if seconds >= 1e-3:
        return f"{seconds * 1e3:.1f} ms" if seconds < 0.1 else f"{seconds * 1e3:.0f} ms"
    return f"{seconds * 1e6:.1f} µs"


def fmt_mb(kb: int) -> str:
    """KB as MB with one decimal."""
    return f"{kb / 1024:.1f} MB"


def fmt_ratio(value: Optional[float]) -> str:
    """A ratio as "1.23x", or "-"."""
    return "-" if value is None or value != value else f"{value:.2f}x"


def compare_checks(spec: Spec, runs: Dict[str, EngineRun]) -> Dict[str, str]:
    """Per engine: "agrees" or what differs from the reference (libpdftools, else the first peer)."""
    ok = [run for run in runs.values() if run.ok]
    if not ok:
        return {}
    reference = runs[OURS] if runs[OURS].ok else ok[0]
    verdicts = {}
    for run in ok:
        differs = []
        for key, tolerance in spec.tolerances.items():
            mine, theirs = run.check.get(key), reference.check.get(key)
            if mine is None or theirs is None:
                continue
            if isinstance(mine, (int, float)) and isinstance(theirs, (int, float)):
                limit = tolerance * max(abs(theirs), 1e-9)
                if abs(mine - theirs) > limit:
                    differs.append(key)
            elif mine != theirs:
                differs.append(key)
        if run is reference:
            verdicts[run.engine] = "reference"
        else:
            verdicts[run.engine] = "agrees" if not differs else "DIFFERS: " + ", ".join(differs)
    return verdicts


def check_text(check: Mapping[str, Any]) -> str:
    """The compared figures of a check, compactly."""
    return " ".join(f"{k}={v}" for k, v in check.items() if k != "output")


@dataclass
class Ratios:
    """libpdftools against its peers in one workload."""

    fastest: Optional[EngineRun]
    leanest: Optional[EngineRun]
    time: Optional[float]
    memory: Optional[float]

    @property
    def met(self) -> Optional[bool]:
        """Whether both targets are met; None when not measured."""
        if self.time is None or self.memory is None:
            return None
        return self.time <= TIME_TARGET and self.memory <= MEMORY_TARGET


def ratios(runs: Dict[str, EngineRun]) -> Ratios:
    """Time against the fastest peer, peak RSS against the leanest peer."""
    peers = [run for run in runs.values() if run.ok and run.engine != OURS]
    ours = runs[OURS]
    fastest = min(peers, key=lambda run: run.median) if peers else None
    leanest = min(peers, key=lambda run: run.peak_kb) if peers else None
    if not ours.ok or fastest is None or leanest is None:
        return Ratios(fastest, leanest, None, None)
    return Ratios(fastest, leanest, ours.median / fastest.median, ours.peak_kb / leanest.peak_kb)


def print_table(headers: Sequence[str], rows: Sequence[Sequence[str]], right: Sequence[bool]) -> None:
    """A plain text table; columns right-aligned where `right` says."""
    widths = [max(len(str(row[i])) for row in [headers, *rows]) for i in range(len(headers))]

    def line(cells: Sequence[str]) -> str:
        """One row, padded."""
        return "  ".join(str(c).rjust(w) if r else str(c).ljust(w) for c, w, r in zip(cells, widths, right)).rstrip()

    print(line(headers))
    print("  ".join("-" * w for w in widths))
    for row in rows:
        print(line(row))


def report_workload(spec: Spec, runs: Dict[str, EngineRun]) -> Ratios:
    """The table of one workload; returns its ratios."""
    print()
    print(f"== {spec.title} ==")
    verdicts = compare_checks(spec, runs)
    rows = []
    unit = f" {spec.per_label}" if spec.per > 1 else ""
    for engine in ENGINES:
        run = runs[engine]
        if not run.ok:
            label = "n/a" if run.status == "n/a" else "ERROR"
            rows.append([engine, label, "", "", "", "", "", "see below"])
            continue
        median = fmt_time(run.median / spec.per)
        span = f"{fmt_time(min(run.times) / spec.per)} – {fmt_time(max(run.times) / spec.per)}"
        rows.append([engine, median, span, fmt_time(statistics.median(run.cpu) / spec.per), fmt_mb(run.peak_kb),
                     fmt_mb(run.baseline_kb), fmt_mb(max(run.peak_kb - run.baseline_kb, 0)),
                     f"{check_text(run.check)}  [{verdicts.get(engine, '')}]"])
    print_table(["engine", f"median{unit}", "min – max", "CPU", "peak RSS", "base RSS", "growth", "result check"],
                rows, [False, True, True, True, True, True, True, False])
    result = ratios(runs)
    if result.time is not None:
        assert result.fastest is not None and result.leanest is not None
        print(f"libpdftools / fastest peer ({result.fastest.engine}): {fmt_ratio(result.time)} time;  "
              f"/ leanest peer ({result.leanest.engine}): {fmt_ratio(result.memory)} peak RSS")
    phased = [run for run in runs.values() if run.ok and len(run.phases[0]) > 1]
    for run in phased:
        parts = ", ".join(f"{name} {fmt_time(value)}" for name, value in run.phase_medians().items())
        print(f"  phases, {run.engine}: {parts}")
    for run in runs.values():
        if run.status == "n/a":
            print(f"  {run.engine}: n/a — {run.reason}")
        elif run.status == "error":
            print(f"  {run.engine}: ERROR — {run.reason}")
    if spec.note:
        print(f"  note: {spec.note}")
    return result


def flatness(results: Dict[str, Dict[str, EngineRun]], engine: str = OURS) -> Optional[Tuple[float, float]]:
    """(large/small pages, many/1 earlier edits) of edit-then-read: the larger ratio of each pair."""
    keys = ["edit_read_small_1", "edit_read_large_1", "edit_read_small_many", "edit_read_large_many"]
    if not all(k in results and results[k][engine].ok for k in keys):
        return None
    s1, l1, sm, lm = (results[k][engine].median for k in keys)
    return max(l1 / s1, lm / sm), max(sm / s1, lm / l1)


def targets_met(specs: Sequence[Spec], all_ratios: Dict[str, Ratios],
                flat: Optional[Tuple[float, float]]) -> Dict[str, Optional[bool]]:
    """Per workload: time and memory targets met, and for edit-then-read also the flatness
    (when all four variants ran; otherwise time and memory only)."""
    flat_ok = None if flat is None else max(flat) <= FLAT_TARGET
    met: Dict[str, Optional[bool]] = {}
    for spec in specs:
        ok = all_ratios[spec.key].met
        if spec.group == "edit_read" and ok is not None and flat_ok is not None:
            ok = ok and flat_ok
        met[spec.key] = ok
    return met


def report_summary(specs: Sequence[Spec], results: Dict[str, Dict[str, EngineRun]],
                   all_ratios: Dict[str, Ratios]) -> Dict[str, Any]:
    """The summary table; returns the flatness figures and verdicts for the JSON."""
    flat = flatness(results)
    met = targets_met(specs, all_ratios, flat)
    print()
    print(f"== Summary (targets: time <= {TIME_TARGET:.1f}x the fastest peer, peak RSS <= {MEMORY_TARGET:.1f}x "
          f"the leanest peer; edit-then-read flat within {FLAT_TARGET:.1f}x) ==")
    rows = []
    for spec in specs:
        runs, r = results[spec.key], all_ratios[spec.key]
        ours = runs[OURS]
        best = f"{r.fastest.engine} {fmt_time(r.fastest.median / spec.per)}" if r.fastest else "-"
        mine = fmt_time(ours.median / spec.per) if ours.ok else ("ERROR" if ours.status == "error" else "n/a")
        lean = f"{r.leanest.engine} {fmt_mb(r.leanest.peak_kb)}" if r.leanest else "-"
        rows.append([spec.key, best, mine, fmt_ratio(r.time), lean, fmt_mb(ours.peak_kb) if ours.ok else "-",
                     fmt_ratio(r.memory), verdict(met[spec.key])])
    flat_json: Dict[str, Any] = {}
    if flat is not None:
        pages_ratio, edits_ratio = flat
        ok = pages_ratio <= FLAT_TARGET and edits_ratio <= FLAT_TARGET
        flat_json = {"pages_ratio": pages_ratio, "edits_ratio": edits_ratio, "target_met": ok}
        rows.append(["edit_read flatness", "-", f"pages {fmt_ratio(pages_ratio)}", "-", "-", "-",
                     f"edits {fmt_ratio(edits_ratio)}", verdict(ok)])
    print_table(["workload", "fastest peer", "libpdftools", "time ratio", "leanest peer", "libpdftools RSS",
                 "RSS ratio", "target"], rows, [False, True, True, True, True, True, True, False])
    if flat is not None:
        print("edit_read flatness: libpdftools' median, large/small document (after 1 and after many edits, the "
              "larger) and many/1 earlier edits (small and large document, the larger); the edit_read rows' "
              "target includes it.")
    return {"flatness": flat_json, "target_met": met}


# ---------------------------------------------------------------------------
# Parent side: main


def select_specs(specs: Sequence[Spec], only: Optional[str]) -> List[Spec]:
    """The workloads --only names (keys, groups or numbers), in run order."""
    if not only:
        return list(specs)
    wanted = {name.strip() for name in only.split(",") if name.strip()}
    chosen = [s for s in specs if s.key in wanted or s.group in wanted or s.title.split(".")[0] in wanted]
    unknown = wanted - {s.key for s in specs} - {s.group for s in specs} - {s.title.split(".")[0] for s in specs}
    if unknown:
        names = ", ".join(sorted({s.group or s.key for s in specs}))
        raise SystemExit(f"error: unknown workload(s) {', '.join(sorted(unknown))} (known: {names}, or 1-9)")
    return chosen


def worker_env(library: str) -> Dict[str, str]:
    """The environment of the workers: the library to load and the binding on the path."""
    env = dict(os.environ)
    env["PDFTOOLS_LIBRARY"] = library
    paths = [os.path.join(REPO, "bindings", "python"), HERE]
    if env.get("PYTHONPATH"):
        paths.append(env["PYTHONPATH"])
    env["PYTHONPATH"] = os.pathsep.join(paths)
    env.setdefault("PYTHONDONTWRITEBYTECODE", "1")
    return env


def parse_args(argv: Optional[Sequence[str]]) -> argparse.Namespace:
    """The command line."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--quick", action="store_true",
                        help="small sizes and 2 repeats: every workload and engine in under a minute")
    parser.add_argument("--repeats", type=int, default=None, help="interleaved repeats (default 5; --quick 2)")
    parser.add_argument("--only", metavar="NAME[,NAME]",
                        help="run only these workloads: open, list, annotate, incremental, render, search, drag, "
                             "undo, edit_read (or one variant, e.g. edit_read_large_many), or their numbers 1-9")
    parser.add_argument("--json", metavar="FILE", help="also write the figures to FILE")
    parser.add_argument("--library", metavar="PATH", default=None,
                        help="libpdftools.so.1 to load (default: $PDFTOOLS_LIBRARY, else build/libpdftools.so.1)")
    parser.add_argument("--keep", metavar="DIR", help="write inputs, outputs and worker logs into DIR and keep them")
    parser.add_argument("--poppler-python", metavar="PATH", default="/usr/bin/python3",
                        help="the Python with python3-gi and gir1.2-poppler-0.18 (default /usr/bin/python3)")
    parser.add_argument("--worker", metavar="ENGINE", help=argparse.SUPPRESS)
    return parser.parse_args(argv)


def main(argv: Optional[Sequence[str]] = None) -> int:
    """Runs the benchmark (or, with --worker, one engine's worker); the exit code."""
    args = parse_args(argv)
    if args.worker:
        return worker_main(args.worker)
    sizes = QUICK if args.quick else FULL
    repeats = args.repeats or (2 if args.quick else 5)
    if repeats < 1:
        print("error: --repeats must be at least 1", file=sys.stderr)
        return 1
    library = args.library or os.environ.get("PDFTOOLS_LIBRARY") or default_library()
    if not library or not os.path.exists(library):
        print(f"error: libpdftools not found ({library or 'build/libpdftools.so.1'}); pass --library PATH",
              file=sys.stderr)
        return 1
    specs = select_specs(make_specs(sizes), args.only)

    started = time.perf_counter()
    if args.keep:
        os.makedirs(args.keep, exist_ok=True)
        folder, cleanup = os.path.abspath(args.keep), None
    else:
        cleanup = tempfile.TemporaryDirectory(prefix="bench-peers-")
        folder = cleanup.name
    try:
        print(f"libpdftools: {os.path.abspath(library)}")
        print(f"{'quick' if args.quick else 'full'} run, {repeats} interleaved repeats, files in {folder}")
        inputs = generate_inputs(sorted({s.input for s in specs}), sizes, folder)
        pythons = {engine: sys.executable for engine in ENGINES}
        pythons["poppler"] = args.poppler_python
        ctx = Context(sizes, repeats, inputs, folder, worker_env(os.path.abspath(library)), pythons)
        results: Dict[str, Dict[str, EngineRun]] = {}
        all_ratios: Dict[str, Ratios] = {}
        versions: Dict[str, str] = {}
        for spec in specs:
            results[spec.key] = run_workload(spec, ctx)
            all_ratios[spec.key] = report_workload(spec, results[spec.key])
            versions.update({e: r.version for e, r in results[spec.key].items() if r.version})
            sys.stdout.flush()
        summary = report_summary(specs, results, all_ratios)
        print()
        print("engines: " + "; ".join(versions.get(e, f"{e} not run") for e in ENGINES))
        print(f"total wall time {time.perf_counter() - started:.0f} s.  Figures are information only.")
        if args.json:
            write_json(args.json, library, sizes, repeats, specs, results, all_ratios, summary, versions)
    finally:
        if cleanup is not None:
            cleanup.cleanup()
    failures = [(spec.key, run) for spec in specs for run in results[spec.key].values() if run.status == "error"]
    if failures:
        print(file=sys.stderr)
        for key, run in failures:
            first = run.reason.splitlines()[0] if run.reason else "failed"
            print(f"error: {run.engine} could not run workload {key}: {first}", file=sys.stderr)
        return 1
    return 0


def write_json(path: str, library: str, sizes: Sizes, repeats: int, specs: Sequence[Spec],
               results: Dict[str, Dict[str, EngineRun]], all_ratios: Dict[str, Ratios],
               summary: Dict[str, Any], versions: Dict[str, str]) -> None:
    """The figures of the run as JSON."""
    data = {
        "library": os.path.abspath(library), "sizes": dataclasses.asdict(sizes), "repeats": repeats,
        "versions": versions, "edit_read_flatness": summary["flatness"],
        "workloads": {
            spec.key: {
                "title": spec.title, "per": spec.per,
                "engines": {e: run.to_json() for e, run in results[spec.key].items()},
                "time_ratio": all_ratios[spec.key].time, "rss_ratio": all_ratios[spec.key].memory,
                "fastest_peer": all_ratios[spec.key].fastest.engine if all_ratios[spec.key].fastest else None,
                "leanest_peer": all_ratios[spec.key].leanest.engine if all_ratios[spec.key].leanest else None,
                "target_met": summary["target_met"][spec.key],
            }
            for spec in specs
        },
    }
    with open(path, "w") as f:
        json.dump(data, f, indent=1)
    print(f"figures written to {path}")


if __name__ == "__main__":
    sys.exit(main())

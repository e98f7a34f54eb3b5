#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""bench_undo.py — benchmark of libpdftools' undo journal against MuPDF's.

Generates a PDF (by default 20 US-letter pages of Helvetica text, written by a
small raw writer in this script), then, on that document:

  (1) puts 2,000 Square annotations on it (100 a page in a grid), each given
      a stroke colour and an opacity, and starts the journal from there;
  (2) makes 10,000 property changes: change i sets the colour or (alternating)
      the opacity of annotation i mod 2000, so consecutive changes never touch
      the same annotation and never coalesce: 10,000 undo steps;
  (3) undoes everything, one step at a time, until nothing is left;
  (4) redoes everything.

libpdftools: the C API through ctypes (``pdftools._library.lib`` of
bindings/python; prototypes the binding does not declare yet are declared
here): pdftools_annotation_create + set_color + set_opacity for (1), then
pdftools_undo_clear and pdftools_undo_set_limits(10,000 + 100 steps, 1 TiB) so
the default limits (500 steps, 64 MiB) drop nothing; pdftools_annotation_set_color /
pdftools_annotation_set_opacity for (2); pdftools_undo_undo / pdftools_undo_redo until
*out_done is 0 for (3) and (4).  MuPDF (PyMuPDF): page.add_rect_annot +
set_colors + set_opacity + update for (1), then doc.journal_enable(); each
change of (2) is doc.journal_start_op() + annot.set_colors(stroke=...) or
annot.set_opacity(...) + annot.update() + doc.journal_stop_op(); (3) and (4)
are doc.journal_undo() / doc.journal_redo() while doc.journal_can_do() says so.
Both libraries rebuild the annotation's appearance stream on each change.

A third run does (1) and (2) with libpdftools' journal turned off
(pdftools_undo_set_enabled(doc, 0)), for the cost of the journal itself.

Memory per step: libpdftools has no C API for the journal's size, so it is
estimated from the growth of the process's resident set size (VmRSS) over
the 10,000 changes, divided by the number of steps — once with the journal on
and once net of the journal-off run (the document itself also grows with each
change).  For MuPDF the same RSS estimate is shown, and the size of its
journal as doc.journal_save() writes it.

A last, smaller measurement, (5) "drag": 2,000 consecutive colour changes of
one annotation (a slider drag), which libpdftools merges into one undo step
and MuPDF records as 2,000 operations: time per change, steps, RSS growth.

Every measurement runs in a fresh process of its own (the script re-executes
itself with --child); the garbage collector is off during the timed loops.
After (3) and (4) a sample of 200 annotations is read back and compared with
the colours and opacities expected.  The table ends with the targets: undo
and redo no slower than MuPDF (changes, undo-all, redo-all each), and journal
memory under 2 KB per simple property step.  Information only: the exit code
is 0 whatever the figures are (1 only if libpdftools cannot run the work).

Usage: bench_undo.py [--pages N] [--annots N] [--changes N] [--drag N]
                     [--quick] [--keep FILE] [--library PATH]
"""

from __future__ import annotations

import argparse
import ctypes
import gc
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from typing import Dict, List, Optional, Sequence, Tuple

from benchlib import default_library, text_pdf, verdict

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)

PAGE_W, PAGE_H = 612.0, 792.0
COLS, ROWS = 10, 10  # 100 Squares a page at most
SAMPLE = 200

_WORDS = (
    "lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor incididunt ut "
    "labore et dolore magna aliqua enim ad minim veniam quis nostrud exercitation ullamco laboris"
).split()

Color = Tuple[float, float, float]

# ---------------------------------------------------------------------------
# The document and the workload (the same for both libraries)


def make_pdf(pages: int, seed: int = 11) -> bytes:
    """`pages` US-letter pages, each 40 lines of Helvetica text in one Flate stream."""
    rng = random.Random(seed)
    contents = []
    for i in range(pages):
        content = bytearray(b"BT\n/F1 10 Tf\n16 TL\n54 750 Td\n(Page %d) Tj\n" % (i + 1))
        for _ in range(40):
            content.extend(b"(" + " ".join(rng.choice(_WORDS) for _ in range(14)).encode() + b") '\n")
        content.extend(b"ET\n")
        contents.append(bytes(content))
    return text_pdf(contents)


def placement(k: int, annots: int, pages: int) -> Tuple[int, Tuple[float, float, float, float]]:
    """Page and rect (page space, x0 y0 x1 y1) of annotation k: a grid of cells, spread evenly."""
    per_page = max(1, -(-annots // pages))
    page = min(pages - 1, k // per_page)
    cell = k % per_page % (COLS * ROWS)
    col, row = cell % COLS, cell // COLS
    w, h = (PAGE_W - 40) / COLS, (PAGE_H - 40) / ROWS
    x0, y0 = 20 + col * w + 3, 20 + row * h + 3
    return page, (x0, y0, x0 + w - 6, y0 + h - 6)


INITIAL_COLOR: Color = (0.1, 0.2, 0.3)
INITIAL_OPACITY = 0.9


def change(i: int, annots: int) -> Tuple[int, str, object]:
    """Change i: (annotation, "color" or "opacity", value)."""
    k = i % annots
    if (i + i // annots) % 2 == 0:
        return k, "color", ((i * 37 % 256) / 255.0, (i * 91 % 256) / 255.0, (i * 53 % 256) / 255.0)
    return k, "opacity", 0.2 + (i % 79) / 100.0


def expected_final(annots: int, changes: int) -> Dict[int, Tuple[Color, float]]:
    """The colour and opacity of each annotation after all changes."""
    state = {k: (INITIAL_COLOR, INITIAL_OPACITY) for k in range(annots)}
    for i in range(changes):
        k, what, value = change(i, annots)
        c, o = state[k]
        state[k] = (value, o) if what == "color" else (c, value)  # type: ignore[assignment]
    return state


def unchanged_changes(annots: int, changes: int) -> int:
    """Changes that set the value the annotation already has, at the 4 decimals the library
    writes. They leave the document as it was, so they make no undo step (unless the second of the
    annotation's /M modification date ticked since its previous change)."""
    state = {k: (INITIAL_COLOR, INITIAL_OPACITY) for k in range(annots)}
    same = 0
    for i in range(changes):
        k, what, value = change(i, annots)
        c, o = state[k]
        old = c if what == "color" else (o,)
        new = value if what == "color" else (value,)
        same += all(round(a, 4) == round(b, 4) for a, b in zip(old, new))  # type: ignore[arg-type]
        state[k] = (value, o) if what == "color" else (c, value)  # type: ignore[assignment]
    return same


def sample_ids(annots: int) -> List[int]:
    rng = random.Random(5)
    return sorted(rng.sample(range(annots), min(SAMPLE, annots)))


def close(a: Color, b: Color, o1: float, o2: float) -> bool:
    return all(abs(x - y) < 2e-3 for x, y in zip(a, b)) and abs(o1 - o2) < 2e-3


class _Mallinfo2(ctypes.Structure):
    _fields_ = [(name, ctypes.c_size_t) for name in (
        "arena", "ordblks", "smblks", "hblks", "hblkhd", "usmblks", "fsmblks", "uordblks", "fordblks", "keepcost")]


def heap_kb() -> Optional[int]:
    """Bytes (in KB) of malloc'd memory in use (glibc mallinfo2: uordblks + hblkhd, all arenas); None
    without glibc.  Python's own small objects come from pymalloc arenas (mmap), outside this figure."""
    try:
        fn = ctypes.CDLL(None).mallinfo2
    except (AttributeError, OSError):
        return None
    fn.restype = _Mallinfo2
    fn.argtypes = []
    info = fn()
    return (info.uordblks + info.hblkhd) // 1024


def heap_delta(before: Optional[int]) -> Optional[int]:
    now = heap_kb()
    return None if before is None or now is None else now - before


def rss_kb() -> int:
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


# ---------------------------------------------------------------------------
# libpdftools


class Pdftools:
    name = "libpdftools"

    def __init__(self) -> None:
        sys.path.insert(0, os.path.join(REPO, "bindings", "python"))
        from pdftools import _library as L

        self.L = L
        self.lib = L.lib
        c_int, c_int32, c_size_t, c_void_p = ctypes.c_int, ctypes.c_int32, ctypes.c_size_t, ctypes.c_void_p
        p32 = ctypes.POINTER(c_int32)
        # The undo functions, in case the binding does not declare them yet.
        for name, restype, argtypes in (
            ("pdftools_undo_undo", c_int, [c_void_p, p32]),
            ("pdftools_undo_redo", c_int, [c_void_p, p32]),
            ("pdftools_undo_get_state", c_int, [c_void_p, p32, p32]),
            ("pdftools_undo_set_limits", c_int, [c_void_p, c_int32, c_size_t]),
            ("pdftools_undo_set_enabled", c_int, [c_void_p, c_int32]),
            ("pdftools_undo_clear", c_int, [c_void_p]),
        ):
            fn = getattr(self.lib, name)
            if fn.argtypes is None:
                fn.argtypes = argtypes
                fn.restype = restype

    def check(self, status: int, what: str) -> None:
        if status != 0:
            msg = self.lib.pdftools_last_error_message()
            raise RuntimeError(f"{what}: status {status}: {msg.decode('utf-8', 'replace') if msg else ''}")

    def open(self, path: str):
        doc = ctypes.c_void_p()
        self.check(self.lib.pdftools_document_open(path.encode(), None, ctypes.byref(doc)), "open")
        return doc

    def create(self, doc, annots: int, pages: int) -> List[int]:
        L, lib, check = self.L, self.lib, self.check
        aid = ctypes.c_int64()
        color = L.CColor(*INITIAL_COLOR)
        ids = []
        for k in range(annots):
            page, rect = placement(k, annots, pages)
            check(lib.pdftools_annotation_create(doc, page, b"Square", L.CRect(*rect), ctypes.byref(aid)), "create")
            check(lib.pdftools_annotation_set_color(doc, aid, 0, ctypes.byref(color)), "set_color")
            check(lib.pdftools_annotation_set_opacity(doc, aid, INITIAL_OPACITY), "set_opacity")
            ids.append(aid.value)
        return ids

    def prepare_changes(self, ids: List[int], changes: int):
        L = self.L
        out = []
        for i in range(changes):
            k, what, value = change(i, len(ids))
            out.append((ids[k], True, ctypes.byref(L.CColor(*value))) if what == "color" else (ids[k], False, value))
        return out

    def apply(self, doc, prepared) -> None:
        set_color, set_opacity = self.lib.pdftools_annotation_set_color, self.lib.pdftools_annotation_set_opacity
        for aid, is_color, value in prepared:
            st = set_color(doc, aid, 0, value) if is_color else set_opacity(doc, aid, value)
            if st:
                self.check(st, "change")

    def step_all(self, doc, redo: bool) -> int:
        fn = self.lib.pdftools_undo_redo if redo else self.lib.pdftools_undo_undo
        done = ctypes.c_int32(1)
        ref = ctypes.byref(done)
        n = 0
        while True:
            st = fn(doc, ref)
            if st:
                self.check(st, "redo" if redo else "undo")
            if not done.value:
                return n
            n += 1

    def read(self, doc, ids: List[int], sample: List[int]) -> Dict[int, Tuple[Color, float]]:
        L, lib = self.L, self.lib
        out = {}
        c, present, o = L.CColor(), ctypes.c_int32(), ctypes.c_double()
        for k in sample:
            self.check(lib.pdftools_annotation_get_color(doc, ids[k], 0, ctypes.byref(c), ctypes.byref(present)),
                       "get_color")
            self.check(lib.pdftools_annotation_get_opacity(doc, ids[k], ctypes.byref(o)), "get_opacity")
            out[k] = ((c.r, c.g, c.b), o.value)
        return out

    def run(self, args) -> Dict[str, object]:
        lib, check = self.lib, self.check
        res: Dict[str, object] = {}
        doc = self.open(args.pdf)
        journal = args.mode != "nojournal"
        if not journal:
            check(lib.pdftools_undo_set_enabled(doc, 0), "set_undo_enabled")
        t0 = time.perf_counter()
        ids = self.create(doc, args.annots, args.pages)
        res["create_s"] = time.perf_counter() - t0
        if journal:
            check(lib.pdftools_undo_clear(doc), "clear_undo")
            check(lib.pdftools_undo_set_limits(doc, args.changes + args.drag + 100, 1 << 40), "set_undo_limits")
        sample = sample_ids(args.annots)
        if args.mode == "drag":
            L = self.L
            colors = [L.CColor(0.5, (i % 200) / 200.0, 0.25) for i in range(args.drag)]
            aid = ids[0]
            set_color = lib.pdftools_annotation_set_color
            gc.collect()
            gc.disable()
            r0, h0 = rss_kb(), heap_kb()
            t0 = time.perf_counter()
            for c in colors:
                check(set_color(doc, aid, 0, ctypes.byref(c)), "drag")
            res["drag_s"] = time.perf_counter() - t0
            res["drag_rss_kb"] = rss_kb() - r0
            res["drag_heap_kb"] = heap_delta(h0)
            t0 = time.perf_counter()
            res["drag_undo_steps"] = self.step_all(doc, False)
            res["drag_undo_s"] = time.perf_counter() - t0
            gc.enable()
            return res
        prepared = self.prepare_changes(ids, args.changes)
        gc.collect()
        gc.disable()
        r0, h0 = rss_kb(), heap_kb()
        t0 = time.perf_counter()
        self.apply(doc, prepared)
        res["changes_s"] = time.perf_counter() - t0
        res["rss_growth_kb"] = rss_kb() - r0
        res["heap_growth_kb"] = heap_delta(h0)
        if journal:
            t0 = time.perf_counter()
            res["undo_steps"] = self.step_all(doc, False)
            res["undo_s"] = time.perf_counter() - t0
            res["rss_after_undo_kb"] = rss_kb() - r0
            got = self.read(doc, ids, sample)
            res["undo_ok"] = all(close(got[k][0], INITIAL_COLOR, got[k][1], INITIAL_OPACITY) for k in sample)
            t0 = time.perf_counter()
            res["redo_steps"] = self.step_all(doc, True)
            res["redo_s"] = time.perf_counter() - t0
            want = expected_final(args.annots, args.changes)
            got = self.read(doc, ids, sample)
            res["redo_ok"] = all(close(got[k][0], want[k][0], got[k][1], want[k][1]) for k in sample)
            # The journal's own accounting of its snapshots, read through the byte limit: with a
            # limit of B bytes the oldest steps are dropped until the rest fits, so B / steps kept
            # is about the snapshot bytes of one step.
            limit = 1 << 20
            check(lib.pdftools_undo_set_limits(doc, args.changes + 100, limit), "set_undo_limits")
            kept = self.step_all(doc, False)
            res["bytes_limit"] = limit
            res["steps_within_limit"] = kept
        gc.enable()
        lib.pdftools_document_close(doc)
        return res


# ---------------------------------------------------------------------------
# MuPDF


class Mupdf:
    name = "MuPDF"

    def __init__(self) -> None:
        import pymupdf

        self.m = pymupdf

    def run(self, args) -> Dict[str, object]:
        m = self.m
        res: Dict[str, object] = {}
        doc = m.open(args.pdf)
        t0 = time.perf_counter()
        annots = []
        for k in range(args.annots):
            page_no, (x0, y0, x1, y1) = placement(k, args.annots, args.pages)
            page = doc[page_no]
            # MuPDF's page space is y down: flip the rect.
            a = page.add_rect_annot(m.Rect(x0, PAGE_H - y1, x1, PAGE_H - y0))
            a.set_colors(stroke=INITIAL_COLOR)
            a.set_opacity(INITIAL_OPACITY)
            a.update()
            annots.append(a)
        res["create_s"] = time.perf_counter() - t0
        doc.journal_enable()
        sample = sample_ids(args.annots)

        def step_all(redo: bool) -> int:
            n = 0
            key = "redo" if redo else "undo"
            fn = doc.journal_redo if redo else doc.journal_undo
            while doc.journal_can_do()[key]:
                fn()
                n += 1
            return n

        if args.mode == "drag":
            a = annots[0]
            colors = [(0.5, (i % 200) / 200.0, 0.25) for i in range(args.drag)]
            gc.collect()
            gc.disable()
            r0, h0 = rss_kb(), heap_kb()
            t0 = time.perf_counter()
            for c in colors:
                doc.journal_start_op("drag")
                a.set_colors(stroke=c)
                a.update()
                doc.journal_stop_op()
            res["drag_s"] = time.perf_counter() - t0
            res["drag_rss_kb"] = rss_kb() - r0
            res["drag_heap_kb"] = heap_delta(h0)
            t0 = time.perf_counter()
            res["drag_undo_steps"] = step_all(False)
            res["drag_undo_s"] = time.perf_counter() - t0
            gc.enable()
            return res

        prepared = []
        for i in range(args.changes):
            k, what, value = change(i, args.annots)
            prepared.append((annots[k], what == "color", value))
        gc.collect()
        gc.disable()
        r0, h0 = rss_kb(), heap_kb()
        t0 = time.perf_counter()
        for a, is_color, value in prepared:
            doc.journal_start_op("change")
            if is_color:
                a.set_colors(stroke=value)
            else:
                a.set_opacity(value)
            a.update()
            doc.journal_stop_op()
        res["changes_s"] = time.perf_counter() - t0
        res["rss_growth_kb"] = rss_kb() - r0
        res["heap_growth_kb"] = heap_delta(h0)
        gc.enable()
        with tempfile.NamedTemporaryFile(suffix=".journal", delete=False) as f:
            jpath = f.name
        try:
            doc.journal_save(jpath)
            res["journal_bytes"] = os.path.getsize(jpath)
        except Exception as exc:  # noqa: BLE001 - information only
            res["journal_bytes_error"] = str(exc)
        finally:
            os.unlink(jpath)
        gc.disable()
        t0 = time.perf_counter()
        res["undo_steps"] = step_all(False)
        res["undo_s"] = time.perf_counter() - t0
        res["rss_after_undo_kb"] = rss_kb() - r0

        def read() -> Dict[int, Tuple[Color, float]]:
            out = {}
            for k in sample:
                a = annots[k]
                stroke = a.colors.get("stroke") or (-1.0, -1.0, -1.0)
                out[k] = (tuple(stroke), a.opacity)
            return out

        got = read()
        res["undo_ok"] = all(close(got[k][0], INITIAL_COLOR, got[k][1], INITIAL_OPACITY) for k in sample)
        t0 = time.perf_counter()
        res["redo_steps"] = step_all(True)
        res["redo_s"] = time.perf_counter() - t0
        want = expected_final(args.annots, args.changes)
        got = read()
        res["redo_ok"] = all(close(got[k][0], want[k][0], got[k][1], want[k][1]) for k in sample)
        gc.enable()
        return res


LIBS = {"libpdftools": Pdftools, "MuPDF": Mupdf}


# ---------------------------------------------------------------------------
# The parent


def run_child(lib: str, mode: str, args, pdf: str) -> Dict[str, object]:
    cmd = [sys.executable, os.path.abspath(__file__), "--child", lib, "--mode", mode, "--pdf", pdf,
           "--pages", str(args.pages), "--annots", str(args.annots), "--changes", str(args.changes),
           "--drag", str(args.drag)]
    t0 = time.perf_counter()
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=1800, check=False)
    wall = time.perf_counter() - t0
    for line in proc.stdout.splitlines():
        if line.startswith("RESULT "):
            res = json.loads(line[7:])
            res["wall_s"] = wall
            return res
    raise RuntimeError(f"{lib} {mode} failed (exit {proc.returncode}): {(proc.stderr or proc.stdout).strip()[-1200:]}")


def fmt(value, digits: int = 3) -> str:
    if value is None:
        return "-"
    if isinstance(value, bool):
        return "yes" if value else "NO"
    if isinstance(value, float):
        return f"{value:.{digits}f}"
    return str(value)


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pages", type=int, default=20, help="pages of the generated document (default 20)")
    parser.add_argument("--annots", type=int, default=2000, help="Square annotations (default 2000)")
    parser.add_argument("--changes", type=int, default=10000, help="property changes (default 10000)")
    parser.add_argument("--drag", type=int, default=2000, help="changes of the drag measurement (default 2000; 0: none)")
    parser.add_argument("--quick", action="store_true", help="a fifth of the default counts (400 / 2000 / 400)")
    parser.add_argument("--keep", metavar="FILE", help="write the generated PDF to FILE and keep it")
    parser.add_argument("--library", metavar="PATH", default=None,
                        help="libpdftools.so.1 to load (default: $PDFTOOLS_LIBRARY, else build/libpdftools.so.1)")
    parser.add_argument("--child", choices=sorted(LIBS), help=argparse.SUPPRESS)
    parser.add_argument("--mode", default="journal", choices=("journal", "nojournal", "drag"), help=argparse.SUPPRESS)
    parser.add_argument("--pdf", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)

    library = args.library or os.environ.get("PDFTOOLS_LIBRARY") or default_library()
    if library:
        os.environ["PDFTOOLS_LIBRARY"] = os.path.abspath(library)
    if args.child:
        res = LIBS[args.child]().run(args)
        print("RESULT " + json.dumps(res), flush=True)
        return 0

    if args.quick:
        args.annots, args.changes, args.drag = 400, 2000, 400
    if min(args.pages, args.annots, args.changes) < 1 or args.drag < 0:
        print("error: --pages, --annots and --changes must be at least 1", file=sys.stderr)
        return 1

    libs = []
    for name, cls in LIBS.items():
        try:
            cls()
            libs.append(name)
        except Exception as exc:  # noqa: BLE001 - a missing peer is reported
            print(f"note: {name} is not available: {type(exc).__name__}: {exc}")
    if "libpdftools" not in libs:
        print("error: libpdftools could not be loaded", file=sys.stderr)
        return 1

    folder = tempfile.TemporaryDirectory(prefix="bench-undo-")
    try:
        pdf = args.keep or os.path.join(folder.name, "undo.pdf")
        with open(pdf, "wb") as f:
            f.write(make_pdf(args.pages))
        print(f"libpdftools: {os.environ.get('PDFTOOLS_LIBRARY', 'the default search path')}")
        if "MuPDF" in libs:
            import pymupdf

            print(f"MuPDF: PyMuPDF {pymupdf.VersionBind}, MuPDF {pymupdf.VersionFitz}")
        print(f"document: {args.pages} pages, {os.path.getsize(pdf)} bytes; {args.annots} Squares; "
              f"{args.changes} changes (colour / opacity alternating, annotation i mod {args.annots}); "
              f"drag: {args.drag} colour changes of one annotation")
        print()
        results: Dict[str, Dict[str, object]] = {}
        runs = [(lib, "journal") for lib in libs] + [("libpdftools", "nojournal")]
        if args.drag:
            runs += [(lib, "drag") for lib in libs]
        for lib, mode in runs:
            try:
                results[f"{lib}/{mode}"] = run_child(lib, mode, args, pdf)
            except Exception as exc:  # noqa: BLE001 - reported, the rest still runs
                print(f"error: {lib} ({mode}): {exc}")
                if lib == "libpdftools" and mode == "journal":
                    return 1
        return report(args, libs, results)
    finally:
        folder.cleanup()


def report(args, libs: List[str], results: Dict[str, Dict[str, object]]) -> int:
    steps = args.changes
    pt = results.get("libpdftools/journal", {})
    off = results.get("libpdftools/nojournal", {})
    mu = results.get("MuPDF/journal", {})

    def per_step_bytes(r: Dict[str, object], key: str = "rss_growth_kb") -> Optional[float]:
        v = r.get(key)
        return None if v is None else float(v) * 1024.0 / steps  # type: ignore[arg-type]

    def ms_per(r: Dict[str, object], key: str, n: Optional[int] = None) -> Optional[float]:
        v = r.get(key)
        return None if v is None else float(v) * 1000.0 / (n or steps)  # type: ignore[arg-type]

    rows = [
        ("create the Squares (s)", "create_s", 3),
        (f"{steps} changes (s)", "changes_s", 3),
        ("undo all (s)", "undo_s", 3),
        ("redo all (s)", "redo_s", 3),
        ("undo steps found", "undo_steps", 0),
        ("redo steps found", "redo_steps", 0),
        ("sample after undo as before", "undo_ok", 0),
        ("sample after redo as expected", "redo_ok", 0),
        ("RSS growth over the changes (KB)", "rss_growth_kb", 0),
        ("malloc heap growth (KB)", "heap_growth_kb", 0),
        ("process wall time (s)", "wall_s", 1),
    ]
    cols = [("libpdftools", pt)] + ([("MuPDF", mu)] if mu else []) + [("libpdftools, journal off", off)]
    width = 34
    print(f"{'':{width}}" + "".join(f"{name:>28}" for name, _ in cols))
    for label, key, digits in rows:
        print(f"{label:{width}}" + "".join(f"{fmt(r.get(key), digits):>28}" for _, r in cols))
    print(f"{'per change (ms)':{width}}" + "".join(f"{fmt(ms_per(r, 'changes_s'), 4):>28}" for _, r in cols))
    print(f"{'per undo (ms)':{width}}" + "".join(f"{fmt(ms_per(r, 'undo_s'), 4):>28}" for _, r in cols))
    print(f"{'per redo (ms)':{width}}" + "".join(f"{fmt(ms_per(r, 'redo_s'), 4):>28}" for _, r in cols))
    print(f"{'RSS growth per step (bytes)':{width}}"
          + "".join(f"{fmt(per_step_bytes(r), 0):>28}" for _, r in cols))
    print(f"{'heap growth per step (bytes)':{width}}"
          + "".join(f"{fmt(per_step_bytes(r, 'heap_growth_kb'), 0):>28}" for _, r in cols))
    net = None
    if pt.get("rss_growth_kb") is not None and off.get("rss_growth_kb") is not None:
        net = (float(pt["rss_growth_kb"]) - float(off["rss_growth_kb"])) * 1024.0 / steps  # type: ignore[arg-type]
    print(f"{'  net of the journal-off run':{width}}{fmt(net, 0):>28}")
    snap = None
    if pt.get("steps_within_limit"):
        snap = float(pt["bytes_limit"]) / float(pt["steps_within_limit"])  # type: ignore[arg-type]
        print(f"{'journal snapshot bytes / step':{width}}{fmt(snap, 0):>28}"
              f"   ({pt['steps_within_limit']} steps fit a {pt['bytes_limit']}-byte limit)")
    if mu.get("journal_bytes") is not None:
        jb = float(mu["journal_bytes"])  # type: ignore[arg-type]
        print(f"{'MuPDF journal_save size / step':{width}}{'':>28}{fmt(jb / steps, 0):>28}")
    if args.drag:
        print()
        print(f"drag: {args.drag} consecutive colour changes of one annotation")
        dcols = [(name, results.get(f"{name}/drag", {})) for name in libs]
        print(f"{'':{width}}" + "".join(f"{name:>28}" for name, _ in dcols))
        for label, key, digits in (("changes (s)", "drag_s", 3), ("undo steps", "drag_undo_steps", 0),
                                   ("undo all (s)", "drag_undo_s", 3), ("RSS growth (KB)", "drag_rss_kb", 0),
                                   ("malloc heap growth (KB)", "drag_heap_kb", 0)):
            print(f"{label:{width}}" + "".join(f"{fmt(r.get(key), digits):>28}" for _, r in dcols))
        print(f"{'per change (ms)':{width}}"
              + "".join(f"{fmt(ms_per(r, 'drag_s', args.drag), 4):>28}" for _, r in dcols))

    print()
    print("targets (information only):")

    def faster(key: str) -> Optional[bool]:
        if pt.get(key) is None or mu.get(key) is None:
            return None
        return float(pt[key]) <= float(mu[key])  # type: ignore[arg-type]

    for label, key in (("changes", "changes_s"), ("undo all", "undo_s"), ("redo all", "redo_s")):
        ratio = None
        if pt.get(key) is not None and mu.get(key):
            ratio = float(pt[key]) / float(mu[key])  # type: ignore[arg-type]
        print(f"  {label} no slower than MuPDF: libpdftools / MuPDF = {fmt(ratio, 2)}  {verdict(faster(key))}")
    est = per_step_bytes(pt)
    print(f"  journal memory < 2 KB per simple property step (RSS growth / step, journal on): "
          f"{fmt(est, 0)} bytes  {verdict(None if est is None else est < 2048)}")
    print(f"    (no C API reports the journal's memory: RSS growth includes what the document itself"
          f" grows by; malloc heap growth / step {fmt(per_step_bytes(pt, 'heap_growth_kb'), 0)} bytes;"
          f" the journal's own snapshot accounting {fmt(snap, 0)} bytes / step)")
    same = unchanged_changes(args.annots, args.changes)

    def all_steps(found: object) -> bool:
        return isinstance(found, int) and steps - same <= found <= steps

    complete = all_steps(pt.get("undo_steps")) and pt.get("redo_steps") == pt.get("undo_steps")
    if same:
        print(f"    ({same} of the changes set the value the annotation already had: no undo step for them)")
    print(f"  every step undone and redone, sample verified: "
          f"{'yes' if complete and pt.get('undo_ok') and pt.get('redo_ok') else 'NO'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

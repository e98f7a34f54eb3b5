#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""bench_text.py — benchmark of libpdftools' text selection and search against PDFium and MuPDF.

Generates a dense PDF (default 2000 pages, 62 lines of Latin text in 9 pt
Helvetica per page, the word "veritas" about every 20th word) and measures,
in one run, the same work with libpdftools (through the repository's Python
binding, bindings/python), PDFium (pypdfium2) and MuPDF (PyMuPDF):

  (a) a drag of 60 selection updates on one dense page whose text is already
      cached (start point fixed, end point moving down the page): latency per
      update, p50 and p99;
  (b) one selection on each of 200 pages not read before, text page building
      included: time per page;
  (c) building a text page: pdftools_page_get_chars against poppler's own
      poppler_page_get_text + poppler_page_get_text_layout, by the C program
      bench_text_layout (built by bench/CMakeLists.txt) on the same file;
  (d) searching the frequent word in the whole document, with the rectangles
      of every match, on a freshly opened document.

What each peer does per step is documented in the Peer classes below and in
bench/README.md.
Figures are compared with the targets of the text/selection/search issue:
selection update p99 < 1 ms and no slower than the faster peer; text page
build <= poppler layout + 25%; whole-document search no slower than the
faster peer.  The figures are information only: the exit code is 0 whatever
they are (1 only if the benchmark itself cannot run).

Usage: bench_text.py [--pages N] [--sample N] [--updates N] [--runs N]
                     [--keep FILE] [--pdf FILE] [--layout-program PATH]
                     [--library PATH]
"""

from __future__ import annotations

import argparse
import gc
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time
from typing import Callable, Dict, List, Optional, Sequence, Tuple

from benchlib import default_library, fmt, text_pdf, verdict

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)

# ---------------------------------------------------------------------------
# The test document

PAGE_W, PAGE_H = 612.0, 792.0
FONT_SIZE = 9.0
LEADING = 12.0
LINES_PER_PAGE = 62
TOP = 760.0
LEFT = 54.0
RIGHT = 558.0
WORD = "veritas"

# Helvetica advance widths (per 1000 em) for the characters used.
_HELV = {
    " ": 278, ",": 278, ".": 278, "a": 556, "b": 556, "c": 500, "d": 556, "e": 556, "f": 278,
    "g": 556, "h": 556, "i": 222, "j": 222, "k": 500, "l": 222, "m": 833, "n": 556, "o": 556,
    "p": 556, "q": 556, "r": 333, "s": 500, "t": 278, "u": 556, "v": 500, "w": 722, "x": 500,
    "y": 500, "z": 500, "L": 556, "Q": 778, "N": 722, "S": 667, "C": 722, "V": 667, "A": 667,
    "E": 667, "I": 278, "P": 667, "M": 833, "D": 722, "T": 611, "U": 722,
}

_LATIN = (
    "lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor incididunt ut "
    "labore et dolore magna aliqua enim ad minim veniam quis nostrud exercitation ullamco laboris "
    "nisi aliquip ex ea commodo consequat duis aute irure in reprehenderit voluptate velit esse "
    "cillum eu fugiat nulla pariatur excepteur sint occaecat cupidatat non proident sunt culpa qui "
    "officia deserunt mollit anim id est laborum curabitur pretium tincidunt lacus nunc pulvinar "
    "sapien et ligula ullamcorper malesuada proin libero nunc consequat interdum varius quam "
    "pellentesque nec nam aliquam sem et tortor consequat id porta nibh venenatis cras sed felis "
    "eget velit aliquet sagittis mauris augue neque gravida fermentum vestibulum morbi blandit "
    "cursus risus ultrices tristique senectus netus fames turpis egestas maecenas pharetra "
    "convallis posuere orci leo urna molestie vitae elementum integer quis auctor"
).split()


def _width(text: str) -> float:
    return sum(_HELV.get(ch, 556) for ch in text) * FONT_SIZE / 1000.0


def _lines_for_page(rng: random.Random) -> List[str]:
    """LINES_PER_PAGE lines of pseudo-Latin, each filling the measure, with WORD often."""
    lines = []
    for _ in range(LINES_PER_PAGE):
        words: List[str] = []
        while True:
            word = WORD if rng.random() < 0.05 else rng.choice(_LATIN)
            if not words and rng.random() < 0.3:
                word = word.capitalize()
            if rng.random() < 0.08:
                word += rng.choice(",.")
            candidate = " ".join(words + [word])
            if _width(candidate) > RIGHT - LEFT:
                break
            words.append(word)
        lines.append(" ".join(words))
    return lines


def make_pdf(pages: int, seed: int = 2024) -> bytes:
    """A dense PDF: `pages` pages, one Flate-compressed content stream each, Helvetica."""
    rng = random.Random(seed)
    contents = []
    for i in range(pages):
        lines = _lines_for_page(rng)
        content = bytearray(b"BT\n/F1 %.1f Tf\n%.1f TL\n%.2f %.2f Td\n" % (FONT_SIZE, LEADING, LEFT, TOP))
        for line in lines:
            escaped = line.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")
            content.extend(b"(" + escaped.encode("latin-1") + b") '\n")
        content.extend(b"ET\n")
        contents.append(bytes(content))
    return text_pdf(contents)


def baseline(line: int) -> float:
    """Page-space y of the baseline of line `line` (0 = top line)."""
    return TOP - LEADING * line


# ---------------------------------------------------------------------------
# Timing helpers


def percentile(values: Sequence[float], q: float) -> float:
    """The q-th percentile (0..100) by linear interpolation."""
    data = sorted(values)
    if not data:
        return float("nan")
    k = (len(data) - 1) * q / 100.0
    lo = int(k)
    hi = min(lo + 1, len(data) - 1)
    return data[lo] + (data[hi] - data[lo]) * (k - lo)


def timed(fn: Callable[[], object]) -> Tuple[float, object]:
    """(milliseconds, result) of one call."""
    t0 = time.perf_counter_ns()
    result = fn()
    return (time.perf_counter_ns() - t0) / 1e6, result


# Points of the drag in (a) and of the selections in (b), in page space (y up).
def drag_points(updates: int) -> Tuple[Tuple[float, float], List[Tuple[float, float]]]:
    start = (LEFT + 40.0, baseline(3) + 3.0)
    ends = []
    for k in range(updates):
        line = 4 + (k * (LINES_PER_PAGE - 6)) // max(updates - 1, 1)
        x = LEFT + 30.0 + (k * 37.0) % (RIGHT - LEFT - 60.0)
        ends.append((x, baseline(line) + 3.0))
    return start, ends


SEL_A = (LEFT + 25.0, baseline(5) + 3.0)
SEL_B = (LEFT + 200.0, baseline(20) + 3.0)


# ---------------------------------------------------------------------------
# The three libraries: the same steps each


class Peer:
    name = ""

    def open(self, path: str) -> None: ...
    def close(self) -> None: ...
    def prepare_page(self, index: int) -> None: ...
    def update(self, a: Tuple[float, float], b: Tuple[float, float]) -> int: ...
    def select_on_page(self, index: int, a: Tuple[float, float], b: Tuple[float, float]) -> int: ...
    def search_all(self, word: str) -> Tuple[int, int]: ...


class PdftoolsPeer(Peer):
    """libpdftools through bindings/python: page.select(a, b) + selection.rects()."""

    name = "libpdftools"

    def __init__(self) -> None:
        import pdftools  # noqa: F401  (imported here: needs PDFTOOLS_LIBRARY set first)

        self.pdftools = pdftools
        self.doc = None
        self.page = None

    def open(self, path: str) -> None:
        self.doc = self.pdftools.Document(path)

    def close(self) -> None:
        if self.doc is not None:
            self.doc.close()
        self.doc = None

    def prepare_page(self, index: int) -> None:
        self.page = self.doc.pages[index]
        self.page.text  # builds and caches the page's text

    def update(self, a, b) -> int:
        selection = self.page.select(a, b)
        return len(selection.rects())

    def select_on_page(self, index, a, b) -> int:
        selection = self.doc.pages[index].select(a, b)
        return len(selection.rects())

    def search_all(self, word: str) -> Tuple[int, int]:
        matches = self.doc.search(word)
        rects = 0
        for match in matches:
            found = match.rects  # a property of Match (a method of Selection)
            rects += len(found() if callable(found) else found)
        return len(matches), rects


class PdfiumPeer(Peer):
    """PDFium through pypdfium2: textpage.get_index for both points + count_rects/get_rect."""

    name = "PDFium"

    def __init__(self) -> None:
        import pypdfium2 as pdfium

        self.pdfium = pdfium
        self.pdf = None
        self.page = None
        self.textpage = None

    def open(self, path: str) -> None:
        self.pdf = self.pdfium.PdfDocument(path)

    def close(self) -> None:
        if self.textpage is not None:
            self.textpage.close()
            self.page.close()
        self.textpage = self.page = None
        if self.pdf is not None:
            self.pdf.close()
        self.pdf = None

    def prepare_page(self, index: int) -> None:
        self.page = self.pdf[index]
        self.textpage = self.page.get_textpage()

    @staticmethod
    def _select(textpage, a, b) -> int:
        i = textpage.get_index(a[0], a[1], 2.0, 2.0)
        j = textpage.get_index(b[0], b[1], 2.0, 2.0)
        if i is None or j is None:
            return 0
        if j < i:
            i, j = j, i
        n = textpage.count_rects(i, j - i + 1)
        for k in range(n):
            textpage.get_rect(k)
        return n

    def update(self, a, b) -> int:
        return self._select(self.textpage, a, b)

    def select_on_page(self, index, a, b) -> int:
        page = self.pdf[index]
        textpage = page.get_textpage()
        n = self._select(textpage, a, b)
        textpage.close()
        page.close()
        return n

    def search_all(self, word: str) -> Tuple[int, int]:
        matches = rects = 0
        for index in range(len(self.pdf)):
            page = self.pdf[index]
            textpage = page.get_textpage()
            searcher = textpage.search(word)
            while True:
                hit = searcher.get_next()
                if hit is None:
                    break
                matches += 1
                n = textpage.count_rects(hit[0], hit[1])
                for k in range(n):
                    textpage.get_rect(k)
                rects += n
            searcher.close()
            textpage.close()
            page.close()
        return matches, rects


class MupdfPeer(Peer):
    """MuPDF through PyMuPDF: TextPage.extractSelection(a, b) on the cached text page.

    pymupdf's documented API has no call that returns the rectangles of a
    selection between two points from a prepared text page: its
    get_highlight_selection() extracts the page's text again on every call,
    and mupdf's fz_highlight_selection is not usable from Python (its quad
    array / std::vector has no typemap).  extractSelection runs MuPDF's own hit
    test and walk of the selected range (fz_copy_selection) natively, so it
    is MuPDF's selection work without the rectangles: a lower bound of what
    MuPDF needs per update.  Points are converted to MuPDF's top-left space.
    """

    name = "MuPDF"

    def __init__(self) -> None:
        import pymupdf

        self.pymupdf = pymupdf
        self.doc = None
        self.textpage = None

    def open(self, path: str) -> None:
        self.doc = self.pymupdf.open(path)

    def close(self) -> None:
        self.textpage = None
        if self.doc is not None:
            self.doc.close()
        self.doc = None

    @staticmethod
    def _flip(p):
        return (p[0], PAGE_H - p[1])

    def prepare_page(self, index: int) -> None:
        self.textpage = self.doc[index].get_textpage()

    def update(self, a, b) -> int:
        return len(self.textpage.extractSelection(self._flip(a), self._flip(b)))

    def select_on_page(self, index, a, b) -> int:
        textpage = self.doc[index].get_textpage()
        return len(textpage.extractSelection(self._flip(a), self._flip(b)))

    def search_all(self, word: str) -> Tuple[int, int]:
        matches = 0
        for page in self.doc:
            matches += len(page.search_for(word))
        return matches, matches


# ---------------------------------------------------------------------------
# The measurements


def measure_drag(peer: Peer, path: str, page: int, updates: int, runs: int) -> List[float]:
    """Per-update latencies (ms) of `runs` drags of `updates` updates on one cached page."""
    start, ends = drag_points(updates)
    peer.open(path)
    try:
        peer.prepare_page(page)
        for end in ends[:5]:  # warm-up
            peer.update(start, end)
        latencies = []
        gc.disable()
        try:
            for _ in range(runs):
                for end in ends:
                    ms, _n = timed(lambda: peer.update(start, end))
                    latencies.append(ms)
        finally:
            gc.enable()
        return latencies
    finally:
        peer.close()


def measure_pages(peer: Peer, path: str, pages: Sequence[int]) -> List[float]:
    """Per-page time (ms) to build a text page and make one selection, on unread pages."""
    peer.open(path)
    try:
        peer.select_on_page(0, SEL_A, SEL_B)  # warm-up: loads the document's text machinery
        times = []
        gc.disable()
        try:
            for index in pages:
                ms, _n = timed(lambda: peer.select_on_page(index, SEL_A, SEL_B))
                times.append(ms)
        finally:
            gc.enable()
        return times
    finally:
        peer.close()


def measure_search(peer: Peer, path: str, word: str) -> Tuple[float, int, int]:
    """(seconds, matches, rects) of a whole-document search on a freshly opened document."""
    peer.open(path)
    try:
        gc.collect()
        gc.disable()
        try:
            ms, result = timed(lambda: peer.search_all(word))
        finally:
            gc.enable()
        matches, rects = result  # type: ignore[misc]
        return ms / 1000.0, matches, rects
    finally:
        peer.close()


def run_layout_program(program: Optional[str], path: str, sample: int) -> Optional[Dict[str, float]]:
    """Runs bench_text_layout on the file; returns its RESULT figures or None."""
    if not program:
        return None
    try:
        proc = subprocess.run(
            [program, "--pdf", path, "--sample", str(sample)],
            capture_output=True,
            text=True,
            timeout=1800,
            check=False,
        )
    except (OSError, subprocess.TimeoutExpired) as exc:
        print(f"note: {program} could not run: {exc}")
        return None
    for line in proc.stdout.splitlines():
        if line.startswith("RESULT "):
            return {k: float(v) for k, v in re.findall(r"(\w+)=([-\d.eE+naif]+)", line)}
    print(f"note: {program} printed no RESULT line (exit {proc.returncode}): {proc.stderr.strip()[:300]}")
    return None


# ---------------------------------------------------------------------------
# Report


def default_layout_program() -> Optional[str]:
    for candidate in ("build/bench/bench_text_layout", "build-release/bench/bench_text_layout"):
        path = os.path.join(REPO, candidate)
        if os.access(path, os.X_OK):
            return path
    return None


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pages", type=int, default=2000, help="pages of the generated PDF (default 2000)")
    parser.add_argument("--sample", type=int, default=200, help="pages for (b) and (c) (default 200)")
    parser.add_argument("--updates", type=int, default=60, help="selection updates per drag in (a) (default 60)")
    parser.add_argument("--runs", type=int, default=5, help="drags in (a), each of --updates updates (default 5)")
    parser.add_argument("--keep", metavar="FILE", help="write the generated PDF to FILE and keep it")
    parser.add_argument("--pdf", metavar="FILE", help="use this PDF made by an earlier --keep instead of generating")
    parser.add_argument("--layout-program", metavar="PATH", default=default_layout_program(),
                        help="bench_text_layout for (c) (default: build/bench/bench_text_layout if built)")
    parser.add_argument("--library", metavar="PATH", default=None,
                        help="libpdftools.so.1 to load (default: $PDFTOOLS_LIBRARY, else build/libpdftools.so.1)")
    args = parser.parse_args(argv)

    library = args.library or os.environ.get("PDFTOOLS_LIBRARY") or default_library()
    if library:
        os.environ["PDFTOOLS_LIBRARY"] = library
    sys.path.insert(0, os.path.join(REPO, "bindings", "python"))

    peers: List[Peer] = []
    for cls in (PdftoolsPeer, PdfiumPeer, MupdfPeer):
        try:
            peers.append(cls())
        except Exception as exc:  # a missing peer is reported, not fatal
            print(f"note: {cls.name} is not available: {exc}")
    if not peers or peers[0].name != "libpdftools":
        print("error: libpdftools (bindings/python) could not be loaded", file=sys.stderr)
        return 1

    tmpdir = None
    if args.pdf:
        path = args.pdf
    else:
        t0 = time.perf_counter()
        data = make_pdf(args.pages)
        if args.keep:
            path = args.keep
        else:
            tmpdir = tempfile.TemporaryDirectory(prefix="bench-text-")
            path = os.path.join(tmpdir.name, "dense.pdf")
        with open(path, "wb") as f:
            f.write(data)
        print(f"generated {args.pages} pages ({len(data) / 1e6:.1f} MB) in {time.perf_counter() - t0:.1f} s: {path}")

    try:
        pdftools = peers[0].pdftools  # type: ignore[attr-defined]
        with pdftools.Document(path) as doc:
            pages = doc.page_count
            chars = doc.pages[0].char_count
        sample = list(range(pages // 2, min(pages, pages // 2 + args.sample)))
        print(f"libpdftools {pdftools.__version__ if hasattr(pdftools, '__version__') else ''} "
              f"from {os.environ.get('PDFTOOLS_LIBRARY', 'the default search path')}")
        print(f"document: {pages} pages, {chars} characters on page 0, frequent word \"{WORD}\"")
        print()

        drag: Dict[str, List[float]] = {}
        per_page: Dict[str, List[float]] = {}
        search: Dict[str, Tuple[float, int, int]] = {}
        for peer in peers:
            try:
                drag[peer.name] = measure_drag(peer, path, 0, args.updates, args.runs)
            except Exception as exc:
                print(f"note: {peer.name}: (a) failed: {exc!r}")
            try:
                per_page[peer.name] = measure_pages(peer, path, sample)
            except Exception as exc:
                print(f"note: {peer.name}: (b) failed: {exc!r}")
            try:
                search[peer.name] = measure_search(peer, path, WORD)
            except Exception as exc:
                print(f"note: {peer.name}: (d) failed: {exc!r}")
        layout = run_layout_program(args.layout_program, path, args.sample)
    finally:
        if tmpdir is not None:
            tmpdir.cleanup()

    names = [peer.name for peer in peers]
    others = [n for n in names if n != "libpdftools"]
    width = 44

    def row(label: str, values: Dict[str, Optional[float]], digits: int = 3, extra: str = "") -> None:
        cells = "".join(f"{fmt(values.get(n), digits):>13}" for n in names)
        print(f"{label:<{width}}{cells}  {extra}")

    print(f"{'':<{width}}" + "".join(f"{n:>13}" for n in names))
    # (a)
    p50 = {n: percentile(v, 50) for n, v in drag.items()}
    p99 = {n: percentile(v, 99) for n, v in drag.items()}
    row(f"(a) selection update p50 (ms), {args.updates}x{args.runs}", p50)
    row("(a) selection update p99 (ms)", p99)
    # (b)
    med_b = {n: statistics.median(v) for n, v in per_page.items() if v}
    p99_b = {n: percentile(v, 99) for n, v in per_page.items()}
    row(f"(b) text page + 1 selection, median (ms/page)", med_b)
    row(f"(b) text page + 1 selection, p99 (ms/page)", p99_b)
    # (d)
    row("(d) whole-document search + rects (s)", {n: s[0] for n, s in search.items()})
    row("(d) matches found", {n: float(s[1]) for n, s in search.items()}, 0)
    print()
    if "MuPDF" in names:
        print("MuPDF (a)/(b): TextPage.extractSelection (MuPDF's native hit test + range walk, text only; pymupdf")
        print("  has no documented selection-rects call on a prepared text page) - a lower bound for MuPDF.")
        print()

    print("Targets")
    lib_p99 = p99.get("libpdftools")
    peer_p99 = [p99[n] for n in others if n in p99]
    ok_a = None
    if lib_p99 is not None:
        ok_a = lib_p99 < 1.0 and (not peer_p99 or lib_p99 <= min(peer_p99))
    print(f"  selection update p99 < 1 ms and <= faster peer: libpdftools {fmt(lib_p99)} ms, "
          f"faster peer {fmt(min(peer_p99) if peer_p99 else None)} ms"
          f"{' (ratio ' + fmt(lib_p99 / min(peer_p99), 2) + 'x)' if lib_p99 and peer_p99 and min(peer_p99) > 0 else ''}"
          f"  {verdict(ok_a)}")
    ok_c = None
    if layout:
        ratio = layout.get("ratio")
        ok_c = ratio is not None and ratio <= 1.25
        print(f"  text page build <= poppler layout + 25%: libpdftools {fmt(layout.get('pdftools_ms'), 1)} ms, "
              f"poppler get_text + get_text_layout {fmt(layout.get('poppler_ms'), 1)} ms over "
              f"{int(layout.get('pages', 0))} pages, ratio {fmt(ratio, 2)}x (target 1.25x)  {verdict(ok_c)}")
    else:
        print("  text page build <= poppler layout + 25%: not measured (build bench_text_layout: "
              "cmake -DPDFTOOLS_BUILD_BENCH=ON, target bench_text_layout; or pass --layout-program)")
    lib_s = search.get("libpdftools")
    peer_s = [search[n][0] for n in others if n in search]
    ok_d = None
    if lib_s is not None:
        ok_d = not peer_s or lib_s[0] <= min(peer_s)
    print(f"  whole-document search <= faster peer: libpdftools {fmt(lib_s[0] if lib_s else None, 2)} s, "
          f"faster peer {fmt(min(peer_s) if peer_s else None, 2)} s"
          f"{' (ratio ' + fmt(lib_s[0] / min(peer_s), 2) + 'x)' if lib_s and peer_s and min(peer_s) > 0 else ''}"
          f"  {verdict(ok_d)}")
    print()
    print("Figures are information only (exit code 0 whatever they are).")
    return 0


if __name__ == "__main__":
    sys.exit(main())

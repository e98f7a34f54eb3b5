# SPDX-License-Identifier: GPL-3.0-or-later
"""The generated test document with a known text layout (see pdfgen.py).

Every page shows the same five lines of 12 pt Courier (glyph advance 7.2 pt):

    y=640  Hello World                 one Tj, a real space glyph
    y=620  quick brown fox             three Tj at x=100, 146, 192 (no space glyphs)
    y=600  my résumé is an exam-       WinAnsi é; a hyphen at the line end
    y=580  ple of text hello
    y=560  World ends here

The pages differ in geometry only: MediaBox [0 0 612 792] and CropBox
[50 60 500 700] on all of them, /Rotate 0, 90, 180, 270 on pages 0-3, and
page 4 has /Rotate 0 with /UserUnit 2.
"""

from __future__ import annotations

from typing import List, NamedTuple, Tuple

from pdfgen import PageSpec, Run, build

SIZE = 12.0
MEDIA = (0.0, 0.0, 612.0, 792.0)
CROP = (50.0, 60.0, 500.0, 700.0)
ROTATIONS = [0, 90, 180, 270, 0]
USER_UNITS = [1.0, 1.0, 1.0, 1.0, 2.0]

LINE_RUNS: List[List[Run]] = [
    [Run(100, 640, "Hello World", SIZE)],
    [Run(100, 620, "quick", SIZE), Run(146, 620, "brown", SIZE), Run(192, 620, "fox", SIZE)],
    [Run(100, 600, "my r\xe9sum\xe9 is an exam-", SIZE)],
    [Run(100, 580, "ple of text hello", SIZE)],
    [Run(100, 560, "World ends here", SIZE)],
]

#: The text of each line (runs of a line joined by one space).
LINES: List[str] = [" ".join(run.text for run in runs) for runs in LINE_RUNS]
#: The page's expected plain text.
TEXT = "\n".join(LINES)
#: The words in reading order.
WORDS: List[str] = TEXT.split()
#: The baseline of each line.
BASELINES: List[float] = [runs[0].y for runs in LINE_RUNS]


class Glyph(NamedTuple):
    """An expected glyph: its character, x-extent and baseline."""

    char: str
    x0: float
    x1: float
    baseline: float


def pdf_bytes() -> bytes:
    """The generated document."""
    pages = [
        PageSpec(
            runs=[run for runs in LINE_RUNS for run in runs],
            media_box=MEDIA,
            crop_box=CROP,
            rotate=rotate,
            user_unit=None if unit == 1.0 else unit,
        )
        for rotate, unit in zip(ROTATIONS, USER_UNITS)
    ]
    return build(pages)


def glyph(line: int, col: int) -> Glyph:
    """The glyph at column ``col`` of line ``line`` (a column of LINES[line])."""
    offset = 0
    for run in LINE_RUNS[line]:
        if offset <= col < offset + len(run.text):
            x0, x1 = run.glyph_x(col - offset)
            return Glyph(run.text[col - offset], x0, x1, run.y)
        offset += len(run.text) + 1
    raise IndexError((line, col))


def glyphs() -> List[Glyph]:
    """Every non-space glyph of the page, in reading order."""
    found = []
    for line, text in enumerate(LINES):
        for col, char in enumerate(text):
            if not char.isspace():
                found.append(glyph(line, col))
    return found


def index(line: int, col: int) -> int:
    """The character index in TEXT of column ``col`` of line ``line``."""
    return sum(len(text) + 1 for text in LINES[:line]) + col


def center(line: int, col: int) -> Tuple[float, float]:
    """A point inside the glyph at (line, col), in page space: mid-advance, 3 pt above the baseline."""
    g = glyph(line, col)
    return (g.x0 + g.x1) / 2, g.baseline + 3.0


def extent(line: int, start_col: int, end_col: int) -> Tuple[float, float]:
    """The x-extent of columns [start_col, end_col) of a line (glyphs only)."""
    return glyph(line, start_col).x0, glyph(line, end_col - 1).x1


def find(line: int, word: str) -> Tuple[int, int]:
    """Columns [start, end) of the first occurrence of ``word`` in line ``line``."""
    start = LINES[line].index(word)
    return start, start + len(word)

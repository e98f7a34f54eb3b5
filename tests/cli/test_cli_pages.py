# SPDX-License-Identifier: GPL-3.0-or-later
"""The pages command of the tool, run as a user would on a real 14-page paper; what it writes
is read back by MuPDF (page text in order) and checked by qpdf."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import List

import pymupdf

from test_cli import CORPUS, run  # tests/cli: the tool and how it is run

PAPER = CORPUS / "pdfjs-tracemonkey.pdf"


def starts(path: Path) -> List[str]:
    """The first 30 characters of each page's text, as MuPDF reads them."""
    with pymupdf.open(path) as document:
        return [page.get_text()[:30] for page in document]


def checked(path: Path) -> Path:
    done = subprocess.run(["qpdf", "--check", str(path)], capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
    return path


def test_help_and_listing() -> None:
    assert "  pages " in run("--help").stdout
    assert run("pages", "--help").stdout.startswith("Usage: pdftools pages")
    listed = json.loads(run("pages", PAPER, "--json").stdout)
    assert len(listed) == 14 and listed[0] == {"number": 1, "label": "1", "width": 612, "height": 792, "rotation": 0}
    assert run("pages", PAPER).stdout.splitlines()[13] == "14\t14\t612 x 792\t0"


def test_delete_move_rotate_extract_merge(tmp_path: Path) -> None:
    paper = starts(PAPER)
    deleted = tmp_path / "deleted.pdf"
    run("pages", PAPER, "--delete", "2,4-13", "-o", deleted)
    assert starts(checked(deleted)) == [paper[0], paper[2], paper[13]]
    run("pages", deleted, "--move", "2-3", "--to", "1", "--incremental")
    assert starts(checked(deleted)) == [paper[2], paper[13], paper[0]]
    turned = tmp_path / "turned.pdf"
    run("pages", deleted, "--rotate", "-90", "--pages", "2", "-o", turned)
    assert [page["rotation"] for page in json.loads(run("pages", checked(turned), "--json").stdout)] == [0, 270, 0]
    extracted = tmp_path / "extracted.pdf"
    run("pages", PAPER, "--extract", "5,1", "-o", extracted)
    assert starts(checked(extracted)) == [paper[4], paper[0]]
    merged = tmp_path / "merged.pdf"
    run("pages", extracted, "--merge", turned, "--pages", "2-3", "--at", "2", "-o", merged)
    assert starts(checked(merged)) == [paper[4], paper[13], paper[0], paper[0]]
    run("pages", merged, "--rotate", "180", "--incremental")
    assert [page["rotation"] for page in json.loads(run("pages", merged, "--json").stdout)] == [180, 90, 180, 180]


def test_bad_requests_are_refused(tmp_path: Path) -> None:
    out = tmp_path / "x.pdf"
    assert "cannot delete every page" in run("pages", PAPER, "--delete", "1-14", "-o", out, code=2).stderr
    assert "not a page or range" in run("pages", PAPER, "--delete", "15", "-o", out, code=2).stderr
    assert "one range" in run("pages", PAPER, "--move", "1,3", "--to", "2", "-o", out, code=2).stderr
    assert "--move needs --to" in run("pages", PAPER, "--move", "1", "-o", out, code=2).stderr
    assert "multiple of 90" in run("pages", PAPER, "--rotate", "45", "-o", out, code=2).stderr
    assert "--extract needs -o" in run("pages", PAPER, "--extract", "1", "--incremental", code=2).stderr
    assert "one of" in run("pages", PAPER, "--delete", "1", "--extract", "2", "-o", out, code=2).stderr
    assert "nothing to change" in run("pages", PAPER, "-o", out, code=2).stderr
    assert not out.exists()


def test_repeated_pages_count_once_and_big_angles_wrap(tmp_path: Path) -> None:
    paper = starts(PAPER)
    out = tmp_path / "out.pdf"
    run("pages", PAPER, "--delete", "2,2,3-4,3", "-o", out)
    assert starts(checked(out)) == [paper[0]] + paper[4:]
    run("pages", out, "--rotate", "2147483610", "--pages", "1", "--incremental")  # 2147483610 = 90 mod 360
    assert json.loads(run("pages", out, "--json").stdout)[0]["rotation"] == 90

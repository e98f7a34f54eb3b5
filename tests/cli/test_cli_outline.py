# SPDX-License-Identifier: GPL-3.0-or-later
"""The outline command of the tool, run as a user would; what it writes is read back by MuPDF."""

from __future__ import annotations

import json
from pathlib import Path

import pymupdf

from test_cli import CORPUS, SAMPLE, run  # tests/cli: the tool and how it is run


def test_help_names_the_outline_command() -> None:
    assert "  outline " in run("--help").stdout
    assert run("outline", "--help").stdout.startswith("Usage: pdftools outline")


def test_listing_matches_what_mupdf_reads() -> None:
    path = CORPUS / "qpdf-object-streams.pdf"
    toc = pymupdf.open(path).get_toc()
    listed = json.loads(run("outline", path, "--json").stdout)
    assert [(item["depth"] + 1, item["title"], item["page"]) for item in listed] == [tuple(entry) for entry in toc]
    assert [item["number"] for item in listed] == list(range(1, len(toc) + 1))
    text = run("outline", path).stdout.splitlines()
    assert text[1] == "  Amanda 1.1 -> 11: /Fit  (page 12)"
    assert json.loads(run("outline", SAMPLE, "--json").stdout) == [], "the sample has no outline"
    assert run("outline", SAMPLE).stdout == ""


def test_adding_bookmarks_full_and_incremental(tmp_path: Path) -> None:
    out = tmp_path / "bookmarked.pdf"
    run("outline", SAMPLE, "--add", "Start – ü", "--page", "2", "--top", "500", "-o", out)
    run("outline", out, "--add", "Inside", "--page", "1", "--under", "1", "--incremental")
    assert pymupdf.open(out).get_toc() == [[1, "Start – ü", 2], [2, "Inside", 1]]
    listed = json.loads(run("outline", out, "--json").stdout)
    assert listed[0]["children"] == 1 and listed[1]["depth"] == 1
    long_title = "Kapitel " * 700  # longer than any fixed buffer
    run("outline", out, "--add", long_title, "--page", "1", "--incremental")
    assert json.loads(run("outline", out, "--json").stdout)[-1]["title"] == long_title
    assert run("outline", out).stdout.splitlines()[-1] == long_title + "  (page 1)"


def test_bad_requests_are_refused(tmp_path: Path) -> None:
    assert "go with --add" in run("outline", SAMPLE, "--page", "2", code=2).stderr
    assert "needs --page" in run("outline", SAMPLE, "--add", "x", "-o", tmp_path / "x.pdf", code=2).stderr
    assert "beyond" in run("outline", SAMPLE, "--add", "x", "--page", "999", "-o", tmp_path / "x.pdf", code=2).stderr
    assert "--under 5" in run("outline", SAMPLE, "--add", "x", "--page", "1", "--under", "5", "-o", tmp_path / "x.pdf", code=2).stderr
    assert "--output needs a value" in run("outline", SAMPLE, "--output", code=2).stderr
    assert not (tmp_path / "x.pdf").exists()

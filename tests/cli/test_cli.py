# SPDX-License-Identifier: GPL-3.0-or-later
"""The command-line tool, run as a user would: every command's output is checked against what
the Python binding and PDFium read from the same files, and the exit codes against the manual.
The tool is $PDFTOOLS_CLI (the build's pdftools)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path
from typing import List

import pytest
from PIL import Image

import pdftools
import peers  # bindings/python/tests: PDFium reads what was written

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "samples" / "sample.pdf"
CORPUS = ROOT / "tests" / "corpus"
CLI = os.environ.get("PDFTOOLS_CLI", str(ROOT / "build" / "pdftools"))


def run(*arguments: object, code: int = 0) -> subprocess.CompletedProcess:
    result = subprocess.run([CLI, *map(str, arguments)], capture_output=True, text=True, timeout=120)
    assert result.returncode == code, (arguments, result.returncode, result.stdout, result.stderr)
    return result


def test_version_names_the_library_it_loaded() -> None:
    out = run("--version").stdout
    assert out == f"pdftools {pdftools.library_version()} (libpdftools {pdftools.library_version()})\n"


def test_help_lists_every_command_and_each_command_has_help() -> None:
    out = run("--help").stdout
    for name in ("info", "annots", "text", "search", "render", "annotate", "replay", "check"):
        assert f"  {name} " in out
        assert run(name, "--help").stdout.lower().startswith("usage:")


def test_usage_errors_exit_2_with_a_message() -> None:
    assert "unknown command 'frob'" in run("frob", code=2).stderr
    assert "missing arguments" in run("info", code=2).stderr
    assert "unknown option '--frob'" in run("info", SAMPLE, "--frob", code=2).stderr
    assert "-o OUT.png is required" in run("render", SAMPLE, code=2).stderr
    assert "one %d" in run("render", SAMPLE, "--pages", "1-2", "-o", "x.png", code=2).stderr
    assert "--pages '9'" in run("text", SAMPLE, "--pages", "9", code=2).stderr
    assert "give either -o" in run("annotate", SAMPLE, "--type", "Square", "--rect", "1,2,3,4", code=2).stderr
    assert run(code=2).stderr.startswith("Usage:")


def test_info_json_agrees_with_the_binding() -> None:
    info = json.loads(run("info", SAMPLE, "--json").stdout)
    with pdftools.open(SAMPLE) as doc:
        assert info["pages"] == doc.page_count == len(info["page_sizes"])
        for entry, page in zip(info["page_sizes"], doc.pages):
            assert (entry["width"], entry["height"]) == pytest.approx(tuple(page.size), abs=0.01)
            assert entry["label"] == page.label
        assert info["metadata"]["Title"] == doc.metadata["Title"] == "Sample – Grüße"
    assert info["encrypted"] is False and info["repaired"] is False
    assert "annotate" in info["permissions"] and info["version"] == "1.7"
    text = run("info", SAMPLE).stdout
    assert "Pages:            3" in text and "label Part 1" in text


def test_wrong_and_missing_passwords_are_reported() -> None:
    encrypted = CORPUS / "pdfium-encrypted-aes128.pdf"
    assert "password required" in run("info", encrypted, code=1).stderr
    assert "wrong password" in run("info", encrypted, "--password", "nope", code=1).stderr
    assert json.loads(run("info", encrypted, "--password", "1234", "--json").stdout)["encrypted"] is True


def test_annotate_writes_what_every_reader_finds(tmp_path: Path) -> None:
    out = tmp_path / "annotated.pdf"
    new_id = int(run("annotate", SAMPLE, "--type", "Highlight", "--rect", "72,700,300,714", "--color", "1,1,0",
                     "--contents", "Look \"here\"", "--page", "2", "-o", out).stdout)
    listed = json.loads(run("annots", out, "--json").stdout)
    assert run("annots", out).stdout == (f'page 2  id {new_id}  Highlight      [72 700 300 714]  color 1 1 0  "Look \\"here\\""\n')
    assert listed == [{"page": 2, "id": new_id, "subtype": "Highlight", "rect": [72, 700, 300, 714],
                       "color": [1, 1, 0], "contents": "Look \"here\""}]
    data = out.read_bytes()
    assert [peers.pdfium_annotation_strings(data, page, "Contents") for page in range(3)] == [[], ['Look "here"'], []]
    with pdftools.open(out) as doc:
        annotation = doc.pages[1].annotations[0]
        assert annotation.subtype == "Highlight" and annotation.get_raw("AP") is not None


def test_annotate_incremental_keeps_the_original_bytes(tmp_path: Path) -> None:
    target = tmp_path / "doc.pdf"
    shutil.copy(SAMPLE, target)
    before = target.read_bytes()
    run("annotate", target, "--type", "Square", "--rect", "100,100,200,200", "--incremental")
    after = target.read_bytes()
    assert after.startswith(before) and len(after) > len(before)
    assert [a["subtype"] for a in json.loads(run("annots", target, "--json").stdout)] == ["Square"]


def test_annotate_refuses_what_the_library_refuses(tmp_path: Path) -> None:
    result = run("annotate", SAMPLE, "--type", "Frobnicate", "--rect", "1,1,50,50", "-o", tmp_path / "x.pdf", code=1)
    assert "pdftools annotate: adding the annotation: invalid argument (" in result.stderr
    assert not (tmp_path / "x.pdf").exists()


def test_text_is_the_binding_text() -> None:
    with pdftools.open(SAMPLE) as doc:
        expected = [page.text for page in doc.pages]
    assert run("text", SAMPLE, "--pages", "2").stdout.rstrip("\n") == expected[1].rstrip("\n")
    everything = run("text", SAMPLE).stdout
    for page_text in expected:
        assert page_text.strip() in everything


def test_search_matches_the_binding() -> None:
    found = json.loads(run("search", SAMPLE, "the", "--json").stdout)
    with pdftools.open(SAMPLE) as doc:
        matches = doc.search("the")
        assert found["count"] == len(matches) == len(found["matches"]) > 0
        for entry, match in zip(found["matches"], matches):
            assert entry["page"] == match.page_index + 1
            assert entry["text"] == match.text
            assert len(entry["rects"]) == len(match.rects)
            assert entry["rects"][0] == pytest.approx(list(match.rects[0]), abs=1e-3)
    assert run("search", SAMPLE, "no such words here").stdout == "0 matches\n"
    plain = run("search", SAMPLE, "the").stdout.splitlines()
    assert plain[-1] == f"{found['count']} match{'es' if found['count'] != 1 else ''}"
    assert [line.split("  ")[0] for line in plain[:-1]] == [f"page {m['page']}" for m in found["matches"]]


def test_render_writes_pngs_of_the_page_sizes(tmp_path: Path) -> None:
    run("render", SAMPLE, "--pages", "1-3", "--dpi", "36", "-o", tmp_path / "page-%d.png")
    with pdftools.open(SAMPLE) as doc:
        for number, page in enumerate(doc.pages, start=1):
            with Image.open(tmp_path / f"page-{number}.png") as image:
                assert image.size == page.render_size(0.5)
                assert image.convert("L").getextrema()[0] < 128, "something dark (text) is drawn"
    run("render", SAMPLE, "-o", tmp_path / "first.png")
    with Image.open(tmp_path / "first.png") as image:
        assert image.size == (round(612 * 150 / 72), round(792 * 150 / 72))
    assert "cannot write" in run("render", SAMPLE, "-o", tmp_path / "missing" / "x.png", code=1).stderr


@pytest.mark.parametrize(
    "name, code, verdict",
    [("qpdf-rotated.pdf", 0, "sound"), ("qpdf-bad3-bad-xref-offset.pdf", 3, "repaired"),
     ("qpdf-bad1-not-a-pdf.pdf", 1, "unreadable")],
)
def test_check_says_sound_repaired_or_unreadable(name: str, code: int, verdict: str) -> None:
    result = run("check", CORPUS / name, "--json", code=code)
    assert json.loads(result.stdout)["verdict"] == verdict
    if verdict == "repaired":
        assert "warning" in result.stderr


def test_replay_runs_the_sample_gestures(tmp_path: Path) -> None:
    out = tmp_path / "replayed.pdf"
    result = run("replay", SAMPLE, ROOT / "samples" / "gestures.txt", out)
    assert "added" in result.stdout
    listed: List[dict] = json.loads(run("annots", out, "--json").stdout)
    assert len(listed) >= 3
    assert run("replay", "--help").stdout.startswith("usage: pdftools replay ")


def test_the_manual_is_built_next_to_the_tool() -> None:
    manual = Path(CLI).parent / "pdftools.1"
    text = manual.read_text(encoding="utf-8")
    assert text.startswith(".\\\" Generated by scdoc") and ".SH EXIT STATUS" in text


def test_a_progress_bar_shows_on_a_terminal_only(tmp_path: Path) -> None:
    arguments = f"{CLI} render {SAMPLE} --pages 1-3 --dpi 20 -o {tmp_path}/t-%d.png"
    on_terminal = subprocess.run(["script", "-qec", arguments, "/dev/null"], capture_output=True, timeout=120)
    assert on_terminal.returncode == 0
    assert b"\rrender [" in on_terminal.stdout and b"] 2/3" in on_terminal.stdout
    assert on_terminal.stdout.endswith(b"\r\x1b[K"), "the bar is wiped at the end"
    piped = run("render", SAMPLE, "--pages", "1-3", "--dpi", "20", "-o", tmp_path / "p-%d.png")
    assert piped.stderr == ""

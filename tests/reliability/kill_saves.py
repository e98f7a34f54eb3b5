#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""kill -9 in the middle of saves: the target is never damaged and no temporary file outlives
the next save.

A child process opens a large PDF and saves it over itself again and again (full and
incremental saves, alternating by round); the parent kills it with SIGKILL at a random moment
of a save.  After every kill the file must open without repair, hold every page, end with a
complete cross-reference section, keep the original bytes as a prefix after incremental saves,
and carry a title one of the saves wrote.  After the last round one more save must leave no
".pdftools-save-*" file in the folder.

Usage: kill_saves.py [--rounds N] [--seed S] [--megabytes M]
(PDFTOOLS_LIBRARY and PYTHONPATH name the library and the binding, as for the pytest suite.)
"""

from __future__ import annotations

import argparse
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

CHILD = r"""
import sys, pdftools
path, mode = sys.argv[1], sys.argv[2]
doc = pdftools.open(path)
print("ready", flush=True)
i = 0
while True:
    doc.metadata["Title"] = "save %d" % i
    doc.save(path, incremental=(mode == "incremental"))
    print("saved", i, flush=True)
    i += 1
"""


def make_pdf(megabytes: int) -> bytes:
    """A PDF of pages whose content streams are comments padding it to about `megabytes` MB."""
    pages = max(4, megabytes * 4)
    filler = b"% " + b"x" * 254 + b"\n"
    per_page = (megabytes * 1024 * 1024) // pages // len(filler) + 1
    objects = [b"<< /Type /Catalog /Pages 2 0 R >>"]
    kids = " ".join("%d 0 R" % (3 + 2 * i) for i in range(pages))
    objects.append(("<< /Type /Pages /Kids [%s] /Count %d >>" % (kids, pages)).encode())
    for i in range(pages):
        content = filler * per_page + b"BT /F1 24 Tf 72 700 Td (Page %d) Tj ET" % (i + 1)
        objects.append(
            b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents %d 0 R "
            b"/Resources << /Font << /F1 << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> >> >> >>" % (4 + 2 * i)
        )
        objects.append(b"<< /Length %d >>\nstream\n" % len(content) + content + b"\nendstream")
    out = bytearray(b"%PDF-1.7\n")
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % number + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % o for o in offsets)
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, xref)
    return bytes(out)


def temporaries(folder: Path) -> list:
    return sorted(p.name for p in folder.iterdir() if p.name.startswith(".pdftools-save-"))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--megabytes", type=int, default=24)
    args = parser.parse_args()
    import pdftools

    rng = random.Random(args.seed)
    failures = []
    with tempfile.TemporaryDirectory(prefix="pdftools-kill-") as folder_name:
        folder = Path(folder_name)
        target = folder / "big.pdf"
        original = make_pdf(args.megabytes)
        target.write_bytes(original)
        with pdftools.open(target) as doc:
            pages = doc.page_count
            start = time.monotonic()
            doc.metadata["Title"] = "timing"
            doc.save(target, incremental=False)
            save_time = time.monotonic() - start
        target.write_bytes(original)
        print("%d pages, %.1f MB, a full save takes %.0f ms" % (pages, len(original) / 2**20, save_time * 1000))
        for round_index in range(args.rounds):
            mode = "incremental" if round_index % 2 else "full"
            # Every round starts from the original (its bytes must stay a prefix of incremental saves).
            target.write_bytes(original)
            child = subprocess.Popen(
                [sys.executable, "-c", CHILD, str(target), mode], stdout=subprocess.PIPE, text=True
            )
            assert child.stdout is not None
            line = child.stdout.readline()
            if line.strip() != "ready":
                failures.append("round %d: the child did not start (%r)" % (round_index, line))
                child.kill()
                child.wait()
                continue
            time.sleep(rng.uniform(0, 2.5 * save_time))
            child.send_signal(signal.SIGKILL)
            output = child.stdout.read()
            child.wait()
            saves = output.count("saved")
            if child.returncode != -signal.SIGKILL:
                failures.append("round %d: the child ended with %s" % (round_index, child.returncode))
            titles = {"save %d" % i for i in range(saves + 1)} | {None}
            data = target.read_bytes()
            problem = None
            try:
                with pdftools.open(data) as doc:
                    if doc.was_repaired:
                        problem = "it needed repair"
                    elif doc.page_count != pages:
                        problem = "%d pages instead of %d" % (doc.page_count, pages)
                    elif doc.metadata.get("Title") not in titles:
                        problem = "an unexpected title %r" % doc.metadata.get("Title")
            except pdftools.Error as error:
                problem = "it does not open: %s" % error
            tail = data[-64:]
            if problem is None and b"startxref" not in tail and not tail.rstrip().endswith(b"%%EOF"):
                problem = "no complete end"
            if problem is None and mode == "incremental" and not data.startswith(original):
                problem = "the original bytes are not a prefix"
            if problem:
                failures.append("round %d (%s, killed after %d saves): %s (%d bytes)" % (round_index, mode, saves, problem, len(data)))
        left = temporaries(folder)
        with pdftools.open(target) as doc:
            doc.metadata["Title"] = "after the kills"
            doc.save(target)
        after = temporaries(folder)
        print("%d rounds; temporary files after the kills: %d, after the next save: %d"
              % (args.rounds, len(left), len(after)))
        if after:
            failures.append("the next save left temporary files: %s" % after)
    for failure in failures:
        print("FAIL -", failure)
    print("%d damaged targets or leftovers" % len(failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

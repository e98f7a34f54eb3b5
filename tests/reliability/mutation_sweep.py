#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Mutation sweep: damaged variants of the test corpus through the whole call sequence.

Each variant of a corpus file (byte flips, truncations, deleted and repeated chunks, broken
cross-reference offsets and stream lengths, huge and negative numbers, deep nesting, reference
cycles) is written to a temporary file and run by sweep_one in a subprocess with a timeout.
Counted: crashes (a signal), hangs (the timeout), and outputs the library wrote that did not
open again.  All three must be zero.

Usage: mutation_sweep.py --program SWEEP_ONE --corpus DIR [--variants N] [--seed S]
       [--timeout SECONDS] [--jobs J]
"""

from __future__ import annotations

import argparse
import os
import random
import re
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Callable, Dict, List, Tuple

Mutation = Callable[[bytes, random.Random], bytes]


def flip_bytes(data: bytes, rng: random.Random) -> bytes:
    out = bytearray(data)
    for _ in range(rng.randint(1, 16)):
        out[rng.randrange(len(out))] = rng.randrange(256)
    return bytes(out)


def truncate(data: bytes, rng: random.Random) -> bytes:
    return data[: rng.randrange(1, len(data))]


def delete_chunk(data: bytes, rng: random.Random) -> bytes:
    start = rng.randrange(len(data))
    return data[:start] + data[start + rng.randint(1, 4096):]


def repeat_chunk(data: bytes, rng: random.Random) -> bytes:
    start = rng.randrange(len(data))
    chunk = data[start:start + rng.randint(1, 2048)]
    return data[:start] + chunk * rng.randint(2, 50) + data[start:]


def _replace_numbers(pattern: bytes, data: bytes, rng: random.Random, values: List[bytes]) -> bytes:
    matches = list(re.finditer(pattern, data))
    if not matches:
        return flip_bytes(data, rng)
    out = bytearray(data)
    for match in sorted(rng.sample(matches, min(len(matches), rng.randint(1, 4))), key=lambda m: -m.start()):
        out[match.start(1):match.end(1)] = rng.choice(values)
    return bytes(out)


HUGE = [b"0", b"-1", b"2147483647", b"-2147483648", b"99999999999999999999", b"1e308", b"-1e9", b"4294967296", b"3.5"]


def break_xref_offsets(data: bytes, rng: random.Random) -> bytes:
    return _replace_numbers(rb"startxref\s+(\d+)", data, rng, HUGE + [b"%d" % rng.randrange(len(data))])


def break_stream_lengths(data: bytes, rng: random.Random) -> bytes:
    return _replace_numbers(rb"/Length\s+(\d+)", data, rng, HUGE + [b"%d" % rng.randrange(100000)])


def huge_numbers(data: bytes, rng: random.Random) -> bytes:
    return _replace_numbers(rb"[\s\[](-?\d+(?:\.\d+)?)[\s\]]", data, rng, HUGE)


def deep_nesting(data: bytes, rng: random.Random) -> bytes:
    at = data.find(b"/Type", rng.randrange(max(1, len(data) // 2)))
    at = at if at >= 0 else rng.randrange(len(data))
    depth = rng.choice([100, 600, 5000])
    return data[:at] + b"/Deep " + b"[" * depth + b"]" * depth + b" " + data[at:]


def reference_cycles(data: bytes, rng: random.Random) -> bytes:
    refs = list(re.finditer(rb"(\d+) 0 R", data))
    objs = list(re.finditer(rb"(\d+) 0 obj", data))
    if not refs or not objs:
        return flip_bytes(data, rng)
    out = bytearray(data)
    for ref in sorted(rng.sample(refs, min(len(refs), rng.randint(1, 8))), key=lambda m: -m.start()):
        out[ref.start(1):ref.end(1)] = rng.choice(objs).group(1)
    return bytes(out)


MUTATIONS: Dict[str, Mutation] = {
    "flip": flip_bytes,
    "truncate": truncate,
    "delete": delete_chunk,
    "repeat": repeat_chunk,
    "xref": break_xref_offsets,
    "length": break_stream_lengths,
    "numbers": huge_numbers,
    "nesting": deep_nesting,
    "cycles": reference_cycles,
}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--program", required=True)
    parser.add_argument("--corpus", required=True)
    parser.add_argument("--variants", type=int, default=300)
    parser.add_argument("--seed", type=int, default=16)
    parser.add_argument("--timeout", type=float, default=60)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--keep", help="folder to copy failing variants into")
    args = parser.parse_args()

    sources = sorted(p for p in Path(args.corpus).glob("*.pdf") if p.stat().st_size < 3_000_000)
    if not sources:
        print("FAIL - no corpus files in", args.corpus)
        return 1
    rng = random.Random(args.seed)
    plan: List[Tuple[int, Path, str]] = []
    names = sorted(MUTATIONS)
    for index in range(args.variants):
        plan.append((index, sources[index % len(sources)], names[rng.randrange(len(names))]))
    counts = {"ok": 0, "opened": 0, "crash": 0, "hang": 0, "unreadable": 0}
    failures: List[str] = []
    start = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="pdftools-sweep-") as folder:

        def run(item: Tuple[int, Path, str]) -> Tuple[str, str, str]:
            index, source, mutation = item
            variant_rng = random.Random(args.seed * 1_000_003 + index)
            data = source.read_bytes()
            for _ in range(variant_rng.randint(1, 3)):
                data = MUTATIONS[mutation](data, variant_rng) or data[:1]
            path = Path(folder) / ("%04d-%s-%s" % (index, mutation, source.name))
            path.write_bytes(data)
            label = "%s (%s of %s)" % (path.name, mutation, source.name)
            try:
                done = subprocess.run([args.program, str(path)], capture_output=True, timeout=args.timeout, text=True,
                                      errors="replace")
            except subprocess.TimeoutExpired:
                return "hang", label, str(path)
            if done.returncode < 0:
                return "crash", label + " signal %d" % -done.returncode, str(path)
            if done.returncode == 3:
                return "unreadable", label, str(path)
            if done.returncode != 0:
                return "crash", label + " exit %d: %s" % (done.returncode, done.stderr.strip()[:200]), str(path)
            return ("opened" if "opened 1" in done.stdout else "ok"), label, str(path)

        with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
            for verdict, label, path in pool.map(run, plan):
                counts[verdict] += 1
                if verdict in ("crash", "hang", "unreadable"):
                    failures.append("%s: %s" % (verdict, label))
                    if args.keep:
                        Path(args.keep).mkdir(parents=True, exist_ok=True)
                        Path(args.keep, Path(path).name).write_bytes(Path(path).read_bytes())
    for failure in failures:
        print("FAIL -", failure)
    print("%d variants of %d corpus files in %.0f s: %d opened, %d refused cleanly; crashes %d, hangs %d, "
          "unreadable outputs %d" % (args.variants, len(sources), time.monotonic() - start, counts["opened"],
                                     counts["ok"], counts["crash"], counts["hang"], counts["unreadable"]))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

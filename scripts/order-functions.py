#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""order-functions.py — writes cmake/pdftools.order, the order in which the linker lays out the
library's functions.

The kernel maps a library's code in 64 KB windows around each page a process touches. With
the functions a host runs first scattered over 7 MB of code, opening a document and reading its
page sizes made 4.1 MB of the library's code resident; laid out in this order, 2.0 MB.

The script runs the stages below through the Python binding under callgrind (valgrind): the
first alone, then the first two, and so on. Each run adds the library's functions its last
stage runs for the first time:

  1. open a document, read every page's size, close
  2. list annotations
  3. add annotations of several kinds, undo, redo, save in full and incrementally
  4. read page text, search, select
  5. render
  6. flatten, export XFDF

The file lists the C entry points first (a few bytes each, and missing from callgrind's
profiles under their own names), then the functions stage by stage, within a stage from the
most instructions run to the least. Functions the Swift toolchain's static libraries
keep together in one .text section are left out (see unsectioned_functions). The linker can
place the rest because CMake's release build gives each function a section of its own. A name
it does not find (code changed since the file was written) is skipped, so a stale order costs
memory, never correctness. Run it again after larger changes:

  scripts/order-functions.py --library build/libpdftools.so.1 [--output cmake/pdftools.order]

Needs valgrind, binutils (nm, readelf) and swiftc on PATH; runs the binding with the Python
that runs it. Takes about a minute and a half.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
from typing import Dict, List, Set

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)

# What every run does first.
PREAMBLE = r'''
import os, sys
sys.path.insert(0, os.path.join({repo!r}, "bindings", "python"))
import pdftools
dense, annotated, out = sys.argv[1], sys.argv[2], sys.argv[3]
'''

# The stages, separated by "#--". Run k runs stages 1 to k, so what is new in run k is what
# stage k runs first.
STAGES = r'''
doc = pdftools.open(dense)
sizes = [page.size for page in doc.pages]
doc.close()
#--

doc = pdftools.open(annotated)
infos = [(info.subtype, tuple(info.rect)) for page in doc.pages for info in page.annotation_infos()]
for page in doc.pages:
    for annotation in page.annotations:
        annotation.subtype, annotation.rect, annotation.contents
doc.close()
#--

doc = pdftools.open(dense)
page = doc.pages[1]
page.add_annotation("Highlight", quads=[((72, 700), (300, 700), (72, 688), (300, 688))], color=(1, 1, 0))
page.add_annotation("Ink", ink=[[(100, 100), (150, 160), (200, 120)]], color=(0, 0, 1))
square = page.add_annotation("Square", (300, 300, 400, 380), color=(1, 0, 0))
square.update(color=(0, 1, 0))
page.add_annotation("FreeText", (72, 72, 300, 120), contents="Note on the page")
page.add_annotation("Text", (400, 700, 420, 720), contents="A comment")
doc.undo()
doc.redo()
doc.save(out, incremental=False)
doc.close()
doc = pdftools.open(out)
doc.pages[2].add_annotation("Square", (100, 100, 200, 200), color=(0, 0, 1))
doc.save(out, incremental=True)
doc.close()
#--

doc = pdftools.open(dense)
page = doc.pages[0]
text = page.text
page.words
page.select((60, 700), (400, 500)).rects()
doc.search("the")
page.search("and")
#--

width, height = page.render_size(150 / 72)
buffer = bytearray(4 * width * height)
for index in range(3):
    doc.pages[index].render(150 / 72, into=buffer)
doc.close()
doc = pdftools.open(out)
doc.pages[1].render(1.0)
#--

doc.flatten()
doc.to_bytes()
doc.close()
doc = pdftools.open(annotated)
doc.export_xfdf()
doc.close()
#--
'''


def inputs(folder: str) -> List[str]:
    """Writes the dense and the annotated inputs with the benchmark's generators."""
    sys.path.insert(0, os.path.join(REPO, "bench"))
    from bench_peers import annotated_pdf  # noqa: E402
    from bench_text import make_pdf  # noqa: E402

    paths = []
    for name, data in (("dense.pdf", make_pdf(40)), ("annotated.pdf", annotated_pdf(10, 20))):
        path = os.path.join(folder, name)
        with open(path, "wb") as handle:
            handle.write(data)
        paths.append(path)
    return paths


def functions(profile: str, library: str) -> Dict[str, int]:
    """The functions of `library` (a file name) in one callgrind profile, with the instructions
    each ran itself."""
    objects: Dict[str, str] = {}
    names: Dict[str, str] = {}
    costs: Dict[str, int] = {}
    current_object = ""
    current_function = ""
    compressed = re.compile(r"\((\d+)\)(?: (.*))?")

    def expand(table: Dict[str, str], value: str) -> str:
        match = compressed.fullmatch(value)
        if not match:
            return value
        if match.group(2) is not None:
            table[match.group(1)] = match.group(2)
        return table.get(match.group(1), "")

    with open(profile, encoding="utf-8", errors="replace") as handle:
        for line in handle:
            if line.startswith("ob="):
                current_object = expand(objects, line[3:].strip())
            elif line.startswith("fn="):
                current_function = expand(names, line[3:].strip())
            elif line.startswith(("cob=", "cfn=", "calls=")):
                if line.startswith("cob="):
                    expand(objects, line[4:].strip())
                elif line.startswith("cfn="):
                    expand(names, line[4:].strip())
                elif line.startswith("calls="):
                    next(handle, None)  # the inclusive cost of the call, not this function's
            elif line[:1].isdigit() or line[:1] in "+-*":
                fields = line.split()
                if len(fields) >= 2 and os.path.basename(current_object) == library and current_function:
                    costs[current_function] = costs.get(current_function, 0) + int(fields[1])
    return costs


def entry_points(library: str) -> List[str]:
    """The library's exported functions (the C entry points), listed by name: they are small
    thunks, and callgrind's profiles do not name them."""
    listing = subprocess.run(["nm", "-D", "--defined-only", library], check=True,
                             capture_output=True, text=True).stdout
    rows = [line.split() for line in listing.splitlines()]
    names = [row[2].split("@")[0] for row in rows if len(row) == 3 and row[1] == "T"]
    return sorted(name for name in names if name.startswith("pdftools_"))


def unsectioned_functions() -> Set[str]:
    """Functions of the Swift toolchain's static libraries that share one .text section with
    others. Naming one would move the whole section (1.6 MB of the standard library) among the
    ordered functions and split them, so they are left out."""
    info = subprocess.run(["swiftc", "-print-target-info"], check=True, capture_output=True, text=True).stdout
    match = re.search(r'"runtimeResourcePath"\s*:\s*"([^"]+)"', info)
    if not match:
        raise SystemExit("swiftc -print-target-info names no runtime resource path")
    folder = os.path.join(os.path.dirname(match.group(1)), "swift_static", "linux")
    names: Set[str] = set()
    for archive in sorted(os.listdir(folder)):
        if not (archive.startswith("libswift") and archive.endswith(".a")):
            continue  # Foundation and the rest, which the library does not link
        listing = subprocess.run(["readelf", "-SsW", os.path.join(folder, archive)], check=True,
                                 capture_output=True, text=True, errors="replace").stdout
        text_index = ""
        for line in listing.splitlines():
            fields = line.split()
            if line.startswith("File: "):
                text_index = ""
            elif len(fields) >= 3 and fields[0] == "[" and fields[2] == ".text":
                text_index = fields[1].rstrip("]")
            elif len(fields) >= 3 and fields[0].startswith("[") and fields[1] == ".text":
                text_index = fields[0].strip("[]")
            elif len(fields) == 8 and fields[3] == "FUNC" and fields[6] == text_index:
                names.add(fields[7])
    return names


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--library", required=True, help="a release build of libpdftools.so.1")
    parser.add_argument("--output", default=os.path.join(REPO, "cmake", "pdftools.order"))
    args = parser.parse_args()
    library = os.path.realpath(args.library)
    stages = [stage for stage in STAGES.split("#--") if stage.strip()]
    seen: Set[str] = set()
    order: List[str] = []
    with tempfile.TemporaryDirectory() as folder:
        dense, annotated = inputs(folder)
        environment = dict(os.environ, PDFTOOLS_LIBRARY=library)
        for count in range(1, len(stages) + 1):
            script = os.path.join(folder, f"stages{count}.py")
            with open(script, "w") as handle:
                handle.write(PREAMBLE.format(repo=REPO) + "".join(stages[:count]))
            profile = os.path.join(folder, f"callgrind{count}.out")
            subprocess.run(
                ["valgrind", "--tool=callgrind", "--demangle=no", f"--callgrind-out-file={profile}",
                 sys.executable, script, dense, annotated, os.path.join(folder, "out.pdf")],
                env=environment, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            costs = functions(profile, os.path.basename(library))
            fresh = sorted((f for f in costs if f not in seen), key=lambda f: (-costs[f], f))
            print(f"stage {count}: {len(fresh)} functions run for the first time")
            order += fresh
            seen.update(fresh)
    shared = unsectioned_functions()
    order = [name for name in entry_points(library) if name not in seen] + [
        name for name in order if name not in shared]
    with open(args.output, "w") as handle:
        handle.write("\n".join(order) + "\n")
    print(f"{args.output}: {len(order)} functions")
    return 0


if __name__ == "__main__":
    sys.exit(main())

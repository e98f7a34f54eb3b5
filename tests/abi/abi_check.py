#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The ABI check: libpdftools 1.x may grow but never change what it already offers.

libabigail reads C DWARF, and the library is Swift, so the types come from a probe: a small
shared object compiled with -g from a file that includes the header and holds, for every
declared function f, a global `__typeof__(f) *abi_f`.  abidw describes the probe; abidiff
compares that description with the committed baseline (baseline.abi).  The library's own
exported symbols and their version nodes are compared with baseline.symbols.

  abi_check.py check HEADER LIBRARY     fails on an incompatible change, passes on additions
  abi_check.py update HEADER LIBRARY    writes the baseline anew (only for a new major version)
  abi_check.py selftest HEADER LIBRARY  shows that the check catches a changed struct field, a
                                        renumbered enumerator, a changed parameter, a removed
                                        function and a removed symbol, and lets additions pass

Allowed: new functions (in a new version node, not PDFTOOLS_1.0), new enumerators, and fields
added at the end of the structs that carry a version or an element size (GROWABLE).
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import List, Set, Tuple

HERE = Path(__file__).resolve().parent
BASELINE_ABI = HERE / "baseline.abi"
BASELINE_SYMBOLS = HERE / "baseline.symbols"
# Structs that may grow at the end: they carry a version field or their arrays an element size.
GROWABLE = {"pdftools_search_options", "pdftools_render_options", "pdftools_save_options",
            "pdftools_pointer_event", "pdftools_tool_style", "pdftools_annotation_info"}
# Lines of abidiff's report that only say where a change is.
NAVIGATION = re.compile(r"^(Functions changes summary|Variables changes summary|\d+ Changed variables?:|\[C\] |"
                        r"type of variable changed|in pointed to type|parameter \d+ of type|return type changed|"
                        r"in unqualified underlying type|in referenced type|underlying type )")
FIRST_NODE = "PDFTOOLS_1.0"
DECLARATION = re.compile(r"^[a-z][\w\s\*]*?\b(pdftools_\w+)\(", re.M)


def functions(header_text: str) -> List[str]:
    return sorted(set(DECLARATION.findall(header_text)))


def build_probe(header: Path, folder: Path) -> Path:
    """Compiles the probe of header into folder/probe.so and returns it."""
    names = functions(header.read_text())
    if not names:
        raise SystemExit(f"no functions found in {header}")
    source = folder / "probe.c"
    lines = ['#include "pdftools.h"', ""]
    lines += [f"__typeof__({name}) *abi_{name};" for name in names]
    source.write_text("\n".join(lines) + "\n")
    probe = folder / "probe.so"
    subprocess.run(["cc", "-g", "-O0", "-shared", "-fPIC", "-fno-eliminate-unused-debug-types",
                    "-I", str(header.parent), "-o", str(probe), str(source)], check=True)
    return probe


def describe(probe: Path, output: Path) -> None:
    subprocess.run(["abidw", "--no-corpus-path", "--no-comp-dir-path", "--out-file", str(output), str(probe)],
                   check=True)


def exported(library: Path) -> Set[Tuple[str, str]]:
    """(name, version node) of every pdftools_ function the library exports."""
    out = subprocess.run(["objdump", "-T", str(library)], check=True, capture_output=True, text=True).stdout
    found = set()
    for line in out.splitlines():
        fields = line.split()
        if fields and fields[-1].startswith("pdftools_") and " DF " in f" {line} ":
            version = next((f for f in fields if f.startswith("PDFTOOLS_")), "")
            found.add((fields[-1], version))
    return found


def compare_types(baseline: Path, current: Path) -> Tuple[bool, str]:
    """abidiff of the two descriptions, additions allowed: (compatible, report)."""
    result = subprocess.run(["abidiff", "--no-added-syms", str(baseline), str(current)],
                            capture_output=True, text=True)
    report = (result.stdout + result.stderr).strip()
    if result.returncode == 0:
        return True, report
    if result.returncode & ~4:  # anything beyond "the ABI changed": an error or an incompatibility
        return False, report
    return not incompatible_lines(report), report


def incompatible_lines(report: str) -> List[str]:
    """The lines of abidiff's report that are not additions the rules allow."""
    bad = []
    struct = ""
    for raw in report.splitlines():
        line = raw.strip()
        if not line:
            continue
        named = re.match(r"underlying type 'struct (\w+)'", line)
        if named:
            struct = named.group(1)
        if NAVIGATION.match(line):
            continue
        if re.match(r"^\d+ enumerator insertions?:$", line) or re.match(r"^'\w+' value '-?\d+'$", line):
            continue
        grows = struct in GROWABLE
        if grows and (re.match(r"^type size (hasn't changed|changed from \d+ to \d+ \(in bits\))$", line)
                      or re.match(r"^\d+ data member insertions?:$", line)
                      or re.match(r"^'[^']+', at offset \d+ \(in bits\)", line)):
            continue
        bad.append(line)
    return bad


def compare_symbols(baseline: Set[Tuple[str, str]], current: Set[Tuple[str, str]]) -> List[str]:
    problems = []
    names = {name for name, _ in current}
    for name, version in sorted(baseline - current):
        problems.append(f"{name}@{version} is gone" if name not in names
                        else f"{name} moved out of {version}")
    for name, version in sorted(current - baseline):
        if version == FIRST_NODE and name not in {n for n, _ in baseline}:
            problems.append(f"{name} is new but in {FIRST_NODE}; new functions go under a new version node")
    return problems


def read_symbols(path: Path) -> Set[Tuple[str, str]]:
    pairs = set()
    for line in path.read_text().splitlines():
        if line and not line.startswith("#"):
            name, _, version = line.partition("@")
            pairs.add((name, version))
    return pairs


def check(header: Path, library: Path, baseline_abi: Path = BASELINE_ABI,
          baseline_symbols: Set[Tuple[str, str]] | None = None, quiet: bool = False) -> bool:
    with tempfile.TemporaryDirectory() as folder:
        current = Path(folder) / "current.abi"
        describe(build_probe(header, Path(folder)), current)
        compatible, report = compare_types(baseline_abi, current)
    problems = compare_symbols(read_symbols(BASELINE_SYMBOLS) if baseline_symbols is None else baseline_symbols,
                               exported(library))
    if not quiet:
        if not compatible:
            print("The types of the header changed incompatibly:\n" + report)
        for problem in problems:
            print("Symbols: " + problem)
    return compatible and not problems


def update(header: Path, library: Path) -> None:
    with tempfile.TemporaryDirectory() as folder:
        describe(build_probe(header, Path(folder)), BASELINE_ABI)
    symbols = sorted(exported(library))
    BASELINE_SYMBOLS.write_text("# The functions of libpdftools and their version nodes (abi_check.py update)\n"
                                + "".join(f"{name}@{version}\n" for name, version in symbols))
    print(f"wrote {BASELINE_ABI.name} and {BASELINE_SYMBOLS.name} ({len(symbols)} functions)")


def mutated(header_text: str, old: str, new: str) -> str:
    if old not in header_text:
        raise SystemExit(f"selftest: the header no longer holds {old!r}; update the selftest")
    return header_text.replace(old, new, 1)


def selftest(header: Path, library: Path) -> bool:
    text = header.read_text()
    baseline = read_symbols(BASELINE_SYMBOLS)
    breaking = {
        "a field of pdftools_render_options changes type": mutated(text, "  double scale;", "  float scale;"),
        "an enumerator is renumbered": mutated(text, "PDFTOOLS_E_INVALID_ARGUMENT = -1", "PDFTOOLS_E_INVALID_ARGUMENT = -99"),
        "a parameter changes type": mutated(text, "pdftools_status pdftools_page_get_rotation(pdftools_document *doc, int32_t page_index,",
                                            "pdftools_status pdftools_page_get_rotation(pdftools_document *doc, int64_t page_index,"),
        "a field is added at the end of pdftools_rect (which has no version)": mutated(
            text, "} pdftools_rect;", "  double added_field;\n} pdftools_rect;"),
        "a function is removed": re.sub(r"^pdftools_status pdftools_undo_clear\(.*?\);\n", "", text, count=1, flags=re.M | re.S),
    }
    additions = {
        "a field is added at the end of pdftools_render_options": mutated(
            text, "} pdftools_render_options;", "  int32_t added_field;\n} pdftools_render_options;"),
        "an enumerator is added": mutated(text, "  PDFTOOLS_E_INTERNAL = -99\n} pdftools_status;",
                                          "  PDFTOOLS_E_INTERNAL = -99,\n  PDFTOOLS_E_ADDED = -98\n} pdftools_status;"),
        "a function is added": text.replace("#ifdef __cplusplus\n}", "pdftools_status pdftools_probe_added(int32_t x);\n#ifdef __cplusplus\n}", 1),
    }
    ok = True
    with tempfile.TemporaryDirectory() as folder:
        for label, variant in list(breaking.items()) + list(additions.items()):
            copy = Path(folder) / label.replace(" ", "_")
            copy.mkdir()
            (copy / "pdftools.h").write_text(variant)
            if variant == text:
                print(f"selftest: could not make the variant '{label}'")
                ok = False
                continue
            passed = check(copy / "pdftools.h", library, quiet=True)
            expected = label in additions
            print(f"{'ok' if passed == expected else 'FAIL'} - {label}: the check {'passes' if passed else 'fails'}")
            ok &= passed == expected
    removed = set(sorted(baseline)[1:])
    extra_baseline = baseline | {("pdftools_gone_function", FIRST_NODE)}
    for label, symbols, expected in [("a symbol disappears from the library", extra_baseline, False),
                                     ("a new function is put in the node PDFTOOLS_1.0", removed, False)]:
        passed = check(header, library, baseline_symbols=symbols, quiet=True)
        print(f"{'ok' if passed == expected else 'FAIL'} - {label}: the check {'passes' if passed else 'fails'}")
        ok &= passed == expected
    return ok


def main() -> int:
    if len(sys.argv) != 4 or sys.argv[1] not in ("check", "update", "selftest"):
        print(__doc__)
        return 2
    for tool in ("abidw", "abidiff", "objdump", "cc"):
        if shutil.which(tool) is None:
            print(f"abi_check: {tool} is missing (Debian: apt-get install abigail-tools binutils gcc)")
            return 1
    mode, header, library = sys.argv[1], Path(sys.argv[2]), Path(sys.argv[3])
    if mode == "update":
        update(header, library)
        return 0
    if mode == "selftest":
        return 0 if selftest(header, library) else 1
    if check(header, library):
        print(f"ok - the ABI of {header.name} and {library.name} keeps everything of the baseline")
        return 0
    return 1


if __name__ == "__main__":
    sys.exit(main())

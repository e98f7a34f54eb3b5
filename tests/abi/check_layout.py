#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""check_layout.py — proves that a release build lays its functions out as cmake/pdftools.order
says (see scripts/order-functions.py), and packs its relative relocations.

  1. The functions of the order file that the library defines lie together: the span from the
     first to the last of them is at most twice their total size. Without a section per
     function (a build directory whose objects predate -function-sections, say) or without the
     ordering file, they are spread over the whole 7 MB of code.
  2. The C entry points come before every other ordered function.
  3. The library has a DT_RELR table (lld's -z pack-relative-relocs).

Usage: check_layout.py LIBRARY ORDER_FILE
Exit status 0 when every check passes, 1 otherwise; each check prints ok or FAIL.
"""

from __future__ import annotations

import subprocess
import sys
from typing import Dict, List, Tuple


def functions(library: str) -> Dict[str, Tuple[int, int]]:
    """Name -> (address, size) of every function symbol with a size, from the symbol table."""
    listing = subprocess.run(["nm", "-S", "--defined-only", library], check=True, capture_output=True,
                             text=True, errors="replace").stdout
    found: Dict[str, Tuple[int, int]] = {}
    for line in listing.splitlines():
        fields = line.split()
        if len(fields) == 4 and fields[2] in "tTwW":
            size = int(fields[1], 16)
            if size > 0:
                found.setdefault(fields[3], (int(fields[0], 16), size))
    return found


def main(argv: List[str]) -> int:
    if len(argv) != 3:
        print(__doc__)
        return 2
    library, order_file = argv[1], argv[2]
    with open(order_file, encoding="utf-8") as handle:
        order = [line.strip() for line in handle if line.strip()]
    table = functions(library)
    placed = [(name, *table[name]) for name in order if name in table]
    failed = 0

    if len(placed) < len(order) // 2:
        print(f"FAIL: only {len(placed)} of the {len(order)} ordered functions are in the library")
        failed += 1
    else:
        start = min(address for _, address, _ in placed)
        end = max(address + size for _, address, size in placed)
        total = sum(size for _, _, size in placed)
        if end - start <= 2 * total:
            print(f"ok: {len(placed)} ordered functions ({total} bytes) lie within {end - start} bytes")
        else:
            print(f"FAIL: {len(placed)} ordered functions ({total} bytes) are spread over {end - start} bytes")
            failed += 1

    entries = [address for name, address, _ in placed if name.startswith("pdftools_")]
    others = [address for name, address, _ in placed if not name.startswith("pdftools_")]
    if entries and others and max(entries) < min(others):
        print(f"ok: the {len(entries)} C entry points come first")
    else:
        print("FAIL: the C entry points do not all come before the other ordered functions")
        failed += 1

    dynamic = subprocess.run(["readelf", "-d", library], check=True, capture_output=True, text=True).stdout
    if "(RELR)" in dynamic:
        print("ok: relative relocations are packed (DT_RELR)")
    else:
        print("FAIL: no DT_RELR table")
        failed += 1
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

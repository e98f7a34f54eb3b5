#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Searches a PDF with a tqdm progress bar; Ctrl-C stops the search cleanly.

Usage: search_progress.py INPUT.pdf WORD

The ``progress`` callable is told (pages searched, pages in all). It moves the bar; returning
False would stop the search (pdftools.CancelledError), and so does an exception such as the
KeyboardInterrupt of Ctrl-C, which the search raises again when it has stopped.
"""
import sys

from tqdm import tqdm

import pdftools


def main(argv: list) -> int:
    if len(argv) != 3:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    source, word = argv[1], argv[2]
    with pdftools.open(source) as doc, tqdm(total=doc.page_count, unit="page", file=sys.stderr) as bar:

        def progress(done: int, total: int) -> None:
            bar.total = total
            bar.update(done - bar.n)

        try:
            matches = doc.search(word, progress=progress)
        except KeyboardInterrupt:
            print("stopped", file=sys.stderr)
            return 130
    pages = sorted({match.page_index for match in matches})
    print(f"{len(matches)} matches of {word!r} on {len(pages)} pages")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

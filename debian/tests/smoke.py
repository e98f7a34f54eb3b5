# SPDX-License-Identifier: GPL-3.0-or-later
"""The python3 test: the installed binding with the installed library.

Usage: python3 debian/tests/smoke.py SAMPLE.pdf WORKDIR

Checks that pdftools comes from /usr/lib/python3/dist-packages and loads the packaged
libpdftools.so.1, opens SAMPLE.pdf, lists the first page's annotations, adds a sticky note,
saves to WORKDIR/annotated.pdf, reopens that file and finds the note; then makes a document
from nothing (a blank page with a square), saves it and reads it back.
"""

import os
import sys

import pdftools


def check(condition: bool, message: str) -> None:
    if not condition:
        print("FAIL: " + message, file=sys.stderr)
        sys.exit(1)


def main() -> None:
    sample, work = sys.argv[1], sys.argv[2]
    location = os.path.realpath(pdftools.__file__)
    print("pdftools module:", location)
    check(location.startswith("/usr/lib/python3/dist-packages/pdftools/"),
          "pdftools is not the installed package: " + location)
    check(pdftools.library_version() == pdftools.__version__,
          "binding %s, library %s" % (pdftools.__version__, pdftools.library_version()))
    print("library version:", pdftools.library_version())
    with open("/proc/self/maps", encoding="utf-8") as maps:
        loaded = sorted({line.split()[-1] for line in maps if "libpdftools.so" in line})
    print("library loaded from:", ", ".join(loaded))
    check(len(loaded) == 1 and loaded[0].startswith("/usr/lib/"), "unexpected library: %s" % loaded)

    annotated = os.path.join(work, "annotated.pdf")
    with pdftools.open(sample) as doc:
        check(doc.page_count >= 1, "no pages")
        page = doc.pages[0]
        before = page.annotations
        print("%d pages; page 1 has %d annotations: %s" % (
            doc.page_count, len(before), ", ".join(a.subtype for a in before) or "none"))
        note = page.add_annotation("Text", (72, 700, 96, 724), contents="autopkgtest note")
        check(note.subtype == "Text", "new annotation is a " + note.subtype)
        check(len(page.annotations) == len(before) + 1, "the note is not listed")
        doc.save(annotated)
    with pdftools.open(annotated) as doc:
        after = doc.pages[0].annotations
        notes = [a for a in after if a.subtype == "Text" and a.contents == "autopkgtest note"]
        check(len(after) == len(before) + 1 and len(notes) == 1,
              "reopened file has %d annotations, %d of them the note" % (len(after), len(notes)))
    print("saved and reopened %s: %d annotations, the note among them" % (annotated, len(after)))

    made = os.path.join(work, "new.pdf")
    with pdftools.new() as doc:
        page = doc.insert_blank_page(None, 595, 842)
        page.add_annotation("Square", (100, 100, 300, 200), color=(0, 0, 1))
        doc.save(made)
    with pdftools.open(made) as doc:
        subtypes = [a.subtype for a in doc.pages[0].annotations]
        check(doc.page_count == 1 and subtypes == ["Square"],
              "new document: %d pages, annotations %s" % (doc.page_count, subtypes))
        check(tuple(round(v) for v in doc.pages[0].size) == (595, 842),
              "new document's page size is %s" % (doc.pages[0].size,))
    print("made %s: 1 page of 595 x 842 with a Square annotation" % made)
    print("python3: ok")


if __name__ == "__main__":
    main()

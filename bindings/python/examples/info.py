#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Prints what libpdftools reads from a PDF, then saves an edited copy.

Usage: info.py INPUT.pdf [OUTPUT.pdf] [PASSWORD]
"""
import sys

import pdftools


def main(argv: list) -> int:
    if len(argv) < 2:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    source = argv[1]
    target = argv[2] if len(argv) > 2 else None
    password = argv[3] if len(argv) > 3 else None
    try:
        with pdftools.open(source, password=password) as doc:
            print(f"library      {pdftools.library_version()}")
            print(f"file         {source}")
            print(f"PDF version  {doc.pdf_version}")
            print(f"pages        {doc.page_count}")
            print(f"repaired     {doc.was_repaired}")
            print(f"encrypted    {doc.is_encrypted}")
            print(f"permissions  {doc.permissions!r}")
            print(f"signatures   {doc.has_signature_fields}")
            for key, value in doc.metadata.items():
                print(f"  {key:<12} {value}")
            for page in doc.pages:
                width, height = page.size
                crop = page.crop_box
                print(f"page {page.index + 1:>3}  label {page.label!r:<10} {width:g} x {height:g} pt"
                      f"  rotation {page.rotation:>3}  crop [{crop.x0:g} {crop.y0:g} {crop.x1:g} {crop.y1:g}]"
                      f"  annotations {len(page.annotations)}")
            if target:
                annotate(doc)
                doc.metadata["Title"] = "Edited by the libpdftools Python sample"
                doc.insert_blank_page(width=300, height=200)
                doc.save(target, object_streams="generate")
                with pdftools.open(target, password=password) as saved:
                    subtypes = [a.subtype for a in saved.pages[0].annotations]
                    print(f"saved        {target}: {saved.page_count} pages, "
                          f"title {saved.metadata['Title']!r}, page 1 annotations {subtypes}")
                    image = saved.pages[0].render(scale=1.0, format="rgba")
                    try:
                        picture = target.rsplit(".", 1)[0] + "-page1.png"
                        image.to_pil().save(picture)
                        print(f"rendered     page 1 ({image.width} x {image.height} px) to {picture}")
                    except ImportError:
                        print(f"rendered     page 1 ({image.width} x {image.height} px); install Pillow to save it")
    except pdftools.Error as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    return 0


def annotate(doc: "pdftools.Document") -> None:
    """Selects the first two lines of page 1 as a person would, by dragging, and annotates them."""
    page = doc.pages[0]
    if not page.text:
        return
    first, second = page.chars[0].box, page.lines[min(1, len(page.lines) - 1)]
    end = page.chars[second.end - 2].box
    selection = page.select((first.x0 + 1, (first.y0 + first.y1) / 2), (end.x1 - 1, (end.y0 + end.y1) / 2))
    print(f"selected     {selection.text!r} in {len(selection.rects())} line rects")
    page.add_annotation("Highlight", quads=selection.quads(), color=(1, 0.85, 0),
                        contents=selection.text, author="info.py")
    x0, y0, x1, y1 = page.crop_box
    note = page.add_annotation("FreeText", (x1 - 220, y0 + 40, x1 - 40, y0 + 110),
                               contents="Annotated by libpdftools: a highlight from a text selection, "
                                        "and this note.",
                               color=(0.2, 0.2, 0.6), font_size=11)
    matches = doc.search("library")
    print(f"annotated    highlight + note {note.id}; 'library' found {len(matches)} times")


if __name__ == "__main__":
    sys.exit(main(sys.argv))

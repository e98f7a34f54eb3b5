#!/usr/bin/env python3
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
                doc.metadata["Title"] = "Edited by the libpdftools Python sample"
                doc.insert_blank_page(width=300, height=200)
                doc.save(target, object_streams="generate")
                with pdftools.open(target, password=password) as saved:
                    print(f"saved        {target}: {saved.page_count} pages, "
                          f"title {saved.metadata['Title']!r}")
    except pdftools.Error as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

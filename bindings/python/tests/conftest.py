# SPDX-License-Identifier: GPL-3.0-or-later
"""pytest configuration: library location, corpus checks and shared fixtures."""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path
from typing import Iterator, List, Tuple

import pytest

_BINDING_DIR = Path(__file__).resolve().parents[1]
_DEFAULT_LIBRARY = _BINDING_DIR.parents[1] / "build" / "libpdftools.so.1"

# Use the library of the repository's build folder unless told otherwise.
if "PDFTOOLS_LIBRARY" not in os.environ and _DEFAULT_LIBRARY.exists():
    os.environ["PDFTOOLS_LIBRARY"] = str(_DEFAULT_LIBRARY)
if str(_BINDING_DIR) not in sys.path:
    sys.path.insert(0, str(_BINDING_DIR))

import corpus  # noqa: E402  (fails loudly if the corpus is missing)
import pdftools  # noqa: E402

LogRecord = Tuple[pdftools.LogLevel, str, str]


@pytest.fixture
def corpus_copy(tmp_path: Path):
    """Copies a corpus file into tmp_path and returns the copy's path."""

    def copy(name: str) -> Path:
        target = tmp_path / name
        shutil.copyfile(corpus.path(name), target)
        return target

    return copy


@pytest.fixture
def layout_pdf(tmp_path: Path) -> Path:
    """The generated document with a known text layout (knownlayout.py), written to tmp_path."""
    import knownlayout

    target = tmp_path / "known-layout.pdf"
    target.write_bytes(knownlayout.pdf_bytes())
    return target


@pytest.fixture
def layout_doc(layout_pdf: Path) -> Iterator[pdftools.Document]:
    """The known-layout document, open; closed afterwards."""
    with pdftools.open(layout_pdf) as doc:
        yield doc


@pytest.fixture
def log_records() -> Iterator[List[LogRecord]]:
    """Installs a recording log handler (DEBUG and up) and removes it afterwards."""
    records: List[LogRecord] = []

    def record(level: pdftools.LogLevel, source: str, message: str) -> None:
        records.append((level, source, message))

    previous = pdftools.set_log_handler(record, pdftools.LogLevel.DEBUG)
    try:
        yield records
    finally:
        pdftools.set_log_handler(None)
        if previous is not None:
            pdftools.set_log_handler(previous)

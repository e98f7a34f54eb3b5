# SPDX-License-Identifier: GPL-3.0-or-later
"""The test corpus: where it is and what manifest.json says about each file.

The corpus lives at ``<repository>/tests/corpus`` (override with the
environment variable ``PDFTOOLS_TEST_CORPUS``).  A missing corpus is an error,
never a reason to skip.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any, Dict, List

REPO_ROOT = Path(__file__).resolve().parents[3]
CORPUS_DIR = Path(os.environ.get("PDFTOOLS_TEST_CORPUS", REPO_ROOT / "tests" / "corpus"))
MANIFEST_PATH = CORPUS_DIR / "manifest.json"

if not MANIFEST_PATH.is_file():
    raise RuntimeError(
        f"test corpus not found: {MANIFEST_PATH} is missing "
        "(expected <repository>/tests/corpus, or set PDFTOOLS_TEST_CORPUS)"
    )

MANIFEST: Dict[str, Any] = json.loads(MANIFEST_PATH.read_text(encoding="utf-8"))
FILES: List[Dict[str, Any]] = list(MANIFEST["files"])
BY_NAME: Dict[str, Dict[str, Any]] = {entry["name"]: entry for entry in FILES}


def path(name: str) -> Path:
    """The path of a corpus file (which must be listed in the manifest)."""
    if name not in BY_NAME:
        raise KeyError(f"{name} is not in the corpus manifest")
    return CORPUS_DIR / name


def entry(name: str) -> Dict[str, Any]:
    """The manifest entry of a corpus file."""
    return BY_NAME[name]


def names(**where: Any) -> List[str]:
    """Names of the files whose manifest fields equal the given values."""
    return [e["name"] for e in FILES if all(e.get(key) == value for key, value in where.items())]


def open_password(name: str) -> Any:
    """The password to open a file with (the user password, None when not encrypted)."""
    password = BY_NAME[name].get("password")
    return None if password is None else password.get("user")

# SPDX-License-Identifier: GPL-3.0-or-later
"""What a document looks like, for comparing states before and after undo and redo.

:func:`live_state` reads an open document: per page its size, its text, a
digest of its rendering and every annotation in z-order as the raw PDF
entries of its dictionary (object numbers of references replaced by "R",
since they depend on how a file was written); plus the metadata.
:func:`saved_state` saves the document to bytes, opens them again and reads
that.  :func:`assert_same` compares two states and names the first
difference.
"""

from __future__ import annotations

import hashlib
import re
from typing import Any, Dict, List, Optional, Tuple

import pdftools

#: The annotation dictionary entries compared.
ANNOTATION_KEYS = (
    "Subtype",
    "Rect",
    "NM",
    "C",
    "IC",
    "CA",
    "Contents",
    "T",
    "Subj",
    "F",
    "M",
    "CreationDate",
    "Border",
    "BS",
    "BE",
    "QuadPoints",
    "InkList",
    "Vertices",
    "L",
    "LE",
    "LL",
    "LLE",
    "Name",
    "Open",
    "DA",
    "Q",
    "IT",
    "CL",
    "RD",
    "IRT",
    "RT",
    "A",
    "Dest",
    "FS",
    "Popup",
    "Parent",
    "AP",
)

_REFERENCE = re.compile(r"\b\d+ \d+ R\b")

State = Dict[str, Any]


def annotation_entries(annotation: pdftools.Annotation) -> Tuple[Tuple[str, Optional[str]], ...]:
    """The raw entries of an annotation's dictionary (references as "R")."""
    entries = []
    for key in ANNOTATION_KEYS:
        raw = annotation.get_raw(key)
        entries.append((key, None if raw is None else _REFERENCE.sub("R", raw)))
    return tuple(entries)


def live_state(doc: pdftools.Document, *, render: bool = True, text: bool = True) -> State:
    """The state of an open document (see the module docs)."""
    pages: List[Dict[str, Any]] = []
    for page in doc.pages:
        entry: Dict[str, Any] = {
            "size": tuple(round(v, 3) for v in page.size),
            "annotations": [annotation_entries(a) for a in page.annotations],
        }
        if text:
            entry["text"] = page.text
        if render:
            image = page.render(0.2)
            entry["render"] = hashlib.sha256(image.data).hexdigest()
        pages.append(entry)
    return {"pages": pages, "metadata": dict(doc.metadata)}


def saved_state(doc: pdftools.Document, *, render: bool = True, text: bool = True, **options: Any) -> State:
    """The state of the document saved to bytes (with ``options``) and opened again."""
    with pdftools.open(doc.to_bytes(**options)) as again:
        return live_state(again, render=render, text=text)


def difference(actual: State, wanted: State) -> Optional[str]:
    """None when equal, else where the first difference is."""
    if actual["metadata"] != wanted["metadata"]:
        return f"metadata {actual['metadata']!r} != {wanted['metadata']!r}"
    if len(actual["pages"]) != len(wanted["pages"]):
        return f"{len(actual['pages'])} pages != {len(wanted['pages'])}"
    for index, (a, w) in enumerate(zip(actual["pages"], wanted["pages"])):
        for key in w:
            if key == "annotations":
                continue
            if a.get(key) != w[key]:
                return f"page {index} {key}: {a.get(key)!r} != {w[key]!r}"
        if len(a["annotations"]) != len(w["annotations"]):
            got = [dict(x).get("Subtype") for x in a["annotations"]]
            want = [dict(x).get("Subtype") for x in w["annotations"]]
            return f"page {index}: annotations {got} != {want}"
        for z, (x, y) in enumerate(zip(a["annotations"], w["annotations"])):
            if x != y:
                changed = [(k, v, dict(y)[k]) for k, v in x if dict(y)[k] != v]
                return f"page {index} annotation {z} ({dict(y).get('Subtype')}): (key, actual, wanted) {changed}"
    return None


def assert_same(actual: State, wanted: State, where: str = "state") -> None:
    """Asserts that two states are equal, naming the first difference."""
    problem = difference(actual, wanted)
    assert problem is None, f"{where}: {problem}"

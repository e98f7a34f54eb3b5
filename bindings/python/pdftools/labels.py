# SPDX-License-Identifier: GPL-3.0-or-later
"""Page labels as ranges: from a page on, pages show a prefix and a number in a style.

``doc.page_labels`` is the list of :class:`LabelRange` (empty when pages are
labelled by their numbers); assigning a list replaces them in one undo step::

    doc.page_labels = [LabelRange(0, "lower_roman"), LabelRange(4, "decimal", prefix="A-")]
    print([page.label for page in doc.pages])       # i, ii, iii, iv, A-1, A-2, ...
"""

from __future__ import annotations

import ctypes
from dataclasses import dataclass
from typing import TYPE_CHECKING, Iterable, List, Union

from ._args import _named, _NamedEnum, as_index
from ._call import encode_text
from ._library import CLabelRange, lib

if TYPE_CHECKING:
    from .document import Document

__all__ = ["LabelRange", "LabelStyle"]


class LabelStyle(_NamedEnum):
    """How the pages of a label range are numbered (``pdftools_label_style``)."""

    NONE = "none"
    """No number: the prefix alone."""
    DECIMAL = "decimal"
    """1, 2, 3."""
    UPPER_ROMAN = "upper_roman"
    """I, II, III."""
    LOWER_ROMAN = "lower_roman"
    """i, ii, iii."""
    UPPER_LETTERS = "upper_letters"
    """A to Z, then AA to ZZ."""
    LOWER_LETTERS = "lower_letters"
    """a to z, then aa to zz."""


_STYLES: List[LabelStyle] = list(LabelStyle)


@dataclass(frozen=True)
class LabelRange:
    """Pages from ``start_page`` on show ``prefix`` and a number in ``style`` counting from ``first_number``."""

    start_page: int
    style: Union[LabelStyle, str] = LabelStyle.DECIMAL
    prefix: str = ""
    first_number: int = 1


def read_ranges(document: "Document") -> List[LabelRange]:
    """The document's label ranges, sorted by start page."""
    count = ctypes.c_int32()
    document._call(lib.pdftools_document_get_label_range_count, ctypes.byref(count))
    result = []
    for index in range(count.value):
        start, style, first = ctypes.c_int32(), ctypes.c_int(), ctypes.c_int32()
        prefix = document._call_string(
            lib.pdftools_document_get_label_range, index, ctypes.byref(start), ctypes.byref(style), ctypes.byref(first)
        )
        result.append(LabelRange(int(start.value), _STYLES[int(style.value)], prefix, int(first.value)))
    return result


def write_ranges(document: "Document", ranges: Iterable[LabelRange]) -> None:
    """Replaces the document's label ranges (an empty list removes them)."""
    items = list(ranges)
    keep = [encode_text(item.prefix, "prefix") if item.prefix else None for item in items]
    array = (CLabelRange * max(len(items), 1))()
    for position, (item, prefix) in enumerate(zip(items, keep)):
        array[position] = CLabelRange(
            as_index(item.start_page, "start page"),
            _STYLES.index(_named(LabelStyle, item.style, "label style")),
            as_index(item.first_number, "first number"),
            prefix,
        )
    document._call(lib.pdftools_document_set_label_ranges, array if items else None, len(items))



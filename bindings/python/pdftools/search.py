# SPDX-License-Identifier: GPL-3.0-or-later
"""Searching a document's text (used by :meth:`Document.search` and :meth:`Page.search`)."""

from __future__ import annotations

import ctypes
import enum
import operator
from typing import TYPE_CHECKING, Any, Iterator, List, Optional, Sequence, Union, overload

from ._args import as_index
from ._call import encode_text
from ._library import SEARCH_OPTIONS_VERSION, CSearchOptions, CSelection, lib
from .errors import ArgumentError, Status
from .selection import Match, PageLike, Selection

if TYPE_CHECKING:
    from .document import Document

__all__ = ["SearchFlags", "Matches", "search_options", "search", "search_next"]


class SearchFlags(enum.IntFlag):
    """Search option flags (``pdftools_search_flags``); the default is none of them."""

    CASE_SENSITIVE = 1 << 0
    """Match upper and lower case exactly (default: ignore case)."""
    WHOLE_WORDS = 1 << 1
    """Match only whole words."""
    IGNORE_DIACRITICS = 1 << 2
    """Ignore diacritics: "resume" finds "résumé"."""
    JOIN_HYPHENS = 1 << 3
    """Let a match run across a hyphen at the end of a line ("exam-" + "ple")."""


def search_options(
    *,
    case_sensitive: bool = False,
    whole_words: bool = False,
    ignore_diacritics: bool = False,
    join_hyphens: bool = False,
    first_page: PageLike = 0,
    last_page: Optional[PageLike] = None,
) -> CSearchOptions:
    """The ``pdftools_search_options`` for the keyword arguments of the search methods.

    ``first_page`` and ``last_page`` are indices (or Pages); ``last_page``
    None means the document's last page.
    """
    flags = SearchFlags(0)
    if case_sensitive:
        flags |= SearchFlags.CASE_SENSITIVE
    if whole_words:
        flags |= SearchFlags.WHOLE_WORDS
    if ignore_diacritics:
        flags |= SearchFlags.IGNORE_DIACRITICS
    if join_hyphens:
        flags |= SearchFlags.JOIN_HYPHENS
    first = as_index(first_page, "first page")
    last = -1 if last_page is None else as_index(last_page, "last page")
    return CSearchOptions(SEARCH_OPTIONS_VERSION, int(flags), first, last)


class Matches(Sequence[Match]):
    """The matches of a search in page and reading order: a read-only sequence of
    :class:`Match` over the array the library filled, each Match made when it is looked at
    (a search with 100000 matches holds 100000 small C structs, not 100000 objects).

    It compares equal to any sequence of the same matches (``doc.search("x") == []``).
    """

    __slots__ = ("_document", "_buffer", "_count")

    def __init__(self, document: "Document", buffer: Any, count: int) -> None:
        self._document = document
        self._buffer = buffer
        self._count = count

    def __len__(self) -> int:
        return self._count

    @overload
    def __getitem__(self, index: int) -> Match: ...

    @overload
    def __getitem__(self, index: slice) -> List[Match]: ...

    def __getitem__(self, index: Union[int, slice]) -> Union[Match, List[Match]]:
        if isinstance(index, slice):
            return [self._match(i) for i in range(*index.indices(self._count))]
        position = operator.index(index)
        if position < 0:
            position += self._count
        if not 0 <= position < self._count:
            raise IndexError("match index out of range")
        return self._match(position)

    def __iter__(self) -> Iterator[Match]:
        for position in range(self._count):
            yield self._match(position)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, (str, bytes)) or not isinstance(other, Sequence):
            return NotImplemented
        return len(other) == self._count and all(a == b for a, b in zip(self, other))

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"<Matches: {self._count} in {self._document!r}>"

    def _match(self, position: int) -> Match:
        return Match._from_c(self._document, self._buffer[position])


def search(document: "Document", query: str, options: CSearchOptions) -> Matches:
    """Every occurrence of ``query`` in the pages the options name, in page and reading order."""
    encoded = encode_text(query, "query")
    buffer, count = document._call_buffer(lib.pdftools_document_search, CSelection, encoded, ctypes.byref(options))
    return Matches(document, buffer, count)


def search_next(
    document: "Document",
    query: str,
    options: CSearchOptions,
    start: Optional[Selection],
    forward: bool,
) -> Optional[Match]:
    """The next (or previous) occurrence after (or before) ``start``; None when there is none."""
    encoded = encode_text(query, "query")
    if start is not None and not isinstance(start, Selection):
        raise TypeError(f"from_match must be a Selection or Match or None, not {type(start).__name__}")
    if start is not None and start.document is not document:
        raise ArgumentError("from_match belongs to another document")
    c_from = None if start is None else ctypes.byref(start._c())
    out = CSelection()
    status = document._call(
        lib.pdftools_document_search_next,
        encoded,
        ctypes.byref(options),
        c_from,
        1 if forward else 0,
        ctypes.byref(out),
        allow=(Status.NOT_FOUND,),
    )
    if status == Status.NOT_FOUND:
        return None
    return Match._from_c(document, out)

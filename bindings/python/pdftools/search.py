"""Searching a document's text (used by :meth:`Document.search` and :meth:`Page.search`)."""

from __future__ import annotations

import ctypes
import enum
from typing import TYPE_CHECKING, List, Optional

from ._args import as_index
from ._call import encode_text
from ._library import SEARCH_OPTIONS_VERSION, CSearchOptions, CSelection, lib
from .errors import ArgumentError, Status
from .selection import Match, PageLike, Selection

if TYPE_CHECKING:
    from .document import Document

__all__ = ["SearchFlags", "search_options", "search", "search_next"]


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


def search(document: "Document", query: str, options: CSearchOptions) -> List[Match]:
    """Every occurrence of ``query`` in the pages the options name, in page and reading order."""
    encoded = encode_text(query, "query")
    found = document._call_array(lib.pdftools_search, CSelection, encoded, ctypes.byref(options))
    return [Match._from_c(document, item) for item in found]


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
        lib.pdftools_search_next,
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

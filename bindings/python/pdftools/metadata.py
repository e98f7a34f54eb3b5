# SPDX-License-Identifier: GPL-3.0-or-later
"""The document information dictionary as a mutable mapping of str to str."""

from __future__ import annotations

import ctypes
from typing import TYPE_CHECKING, Iterator, List, MutableMapping

from ._call import encode_text
from ._library import lib
from .errors import ArgumentError, NotFoundError, RangeError

if TYPE_CHECKING:
    from .document import Document

__all__ = ["Metadata"]


class Metadata(MutableMapping[str, str]):
    """A live view of a document's metadata (Title, Author, ... and any other text key).

    ``md["Title"]`` reads an entry (``KeyError`` when absent or not text),
    ``md["Title"] = "x"`` sets it, ``del md["Title"]`` removes it.  Keys are
    PDF names without the leading "/".  Dates are returned as stored, in PDF
    date syntax.  Iteration yields the keys in the dictionary's order.
    Changes are written to the file by :meth:`Document.save`.
    """

    __slots__ = ("_document",)

    def __init__(self, document: "Document") -> None:
        """Creates the view of ``document``'s information dictionary."""
        self._document = document

    def __getitem__(self, key: str) -> str:
        """The text value of ``key``; KeyError when there is no such text entry."""
        if not isinstance(key, str):
            raise KeyError(key)
        try:
            encoded = encode_text(key, "metadata key")
            return self._document._call_string(lib.pdftools_document_get_metadata, encoded)
        except (NotFoundError, ArgumentError):
            # No entry can exist under a key that is not a valid name.
            raise KeyError(key) from None

    def __setitem__(self, key: str, value: str) -> None:
        """Sets ``key`` to ``value`` (ArgumentError for a bad key, NotPermittedError if forbidden)."""
        encoded_key = encode_text(key, "metadata key")
        encoded_value = encode_text(value, "metadata value")
        self._document._call(lib.pdftools_document_set_metadata, encoded_key, encoded_value)

    def __delitem__(self, key: str) -> None:
        """Removes ``key``; KeyError when it is absent."""
        if key not in self:
            raise KeyError(key)
        self._document._call(lib.pdftools_document_set_metadata, encode_text(key, "metadata key"), None)

    def __len__(self) -> int:
        """The number of text entries."""
        count = ctypes.c_int32()
        self._document._call(lib.pdftools_document_get_metadata_count, ctypes.byref(count))
        return int(count.value)

    def __iter__(self) -> Iterator[str]:
        """Iterates over the keys present when iteration starts."""
        return iter(self.keys_list())

    def keys_list(self) -> List[str]:
        """The keys, in the dictionary's order, as a list (one snapshot)."""
        keys: List[str] = []
        for index in range(len(self)):
            try:
                keys.append(self._document._call_string(lib.pdftools_document_get_metadata_key, index))
            except RangeError:  # another thread removed entries meanwhile
                break
        return keys

    def __repr__(self) -> str:
        """``<pdftools.Metadata {...}>``."""
        if self._document.closed:
            return "<pdftools.Metadata of a closed document>"
        return f"<pdftools.Metadata {dict(self)!r}>"

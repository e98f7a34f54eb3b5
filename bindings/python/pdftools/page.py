"""Pages of a document: :class:`Page` and the sequence view :class:`PageList`."""

from __future__ import annotations

import ctypes
import operator
from typing import TYPE_CHECKING, Iterator, List, Sequence, Union, overload

from ._library import CRect, lib
from .errors import ArgumentError, RangeError
from .geometry import Box, Rect, Size

if TYPE_CHECKING:
    from .document import Document

__all__ = ["Page", "PageList"]

_INT32_MAX = 2**31 - 1


class Page:
    """The page at one position of a document.

    A Page is a light view (document, index): it reads everything from the
    library on access and keeps its document alive.  Once the document is
    closed, every access raises :class:`pdftools.ClosedDocumentError`.
    Coordinates are PDF page space: unrotated, y up, 1/72 inch.
    """

    __slots__ = ("_document", "_index")

    def __init__(self, document: "Document", index: int) -> None:
        """Creates the view of page ``index`` (0-based) of ``document``."""
        self._document = document
        self._index = index

    @property
    def document(self) -> "Document":
        """The document this page belongs to."""
        return self._document

    @property
    def index(self) -> int:
        """The 0-based position of the page in its document."""
        return self._index

    def box(self, which: Union[Box, int]) -> Rect:
        """The page's ``which`` box, normalized, inherited and clipped as the library defines."""
        try:
            box = Box(which)
        except ValueError:
            raise ArgumentError(f"unknown page box {which!r}") from None
        rect = CRect()
        self._document._call(lib.pdftools_page_box, self._index, int(box), ctypes.byref(rect))
        return Rect(rect.x0, rect.y0, rect.x1, rect.y1)

    @property
    def media_box(self) -> Rect:
        """The MediaBox (US Letter when the file has none)."""
        return self.box(Box.MEDIA)

    @property
    def crop_box(self) -> Rect:
        """The CropBox clipped to the MediaBox (else the MediaBox)."""
        return self.box(Box.CROP)

    @property
    def bleed_box(self) -> Rect:
        """The BleedBox (defaults to the crop box)."""
        return self.box(Box.BLEED)

    @property
    def trim_box(self) -> Rect:
        """The TrimBox (defaults to the crop box)."""
        return self.box(Box.TRIM)

    @property
    def art_box(self) -> Rect:
        """The ArtBox (defaults to the crop box)."""
        return self.box(Box.ART)

    @property
    def rotation(self) -> int:
        """The clockwise /Rotate (inherited), one of 0, 90, 180, 270."""
        value = ctypes.c_int32()
        self._document._call(lib.pdftools_page_rotation, self._index, ctypes.byref(value))
        return int(value.value)

    @property
    def user_unit(self) -> float:
        """The /UserUnit: one page-space unit in multiples of 1/72 inch (1.0 by default)."""
        value = ctypes.c_double()
        self._document._call(lib.pdftools_page_user_unit, self._index, ctypes.byref(value))
        return float(value.value)

    @property
    def size(self) -> Size:
        """The display size: crop box, rotation applied, times UserUnit, in 1/72 inch."""
        width = ctypes.c_double()
        height = ctypes.c_double()
        self._document._call(lib.pdftools_page_size, self._index, ctypes.byref(width), ctypes.byref(height))
        return Size(float(width.value), float(height.value))

    @property
    def label(self) -> str:
        """The page label ("iv", "A-3"), or the page number when the document has no labels."""
        return self._document._call_string(lib.pdftools_page_label, self._index)

    def __eq__(self, other: object) -> bool:
        """Pages are equal when they are the same position of the same Document object."""
        if not isinstance(other, Page):
            return NotImplemented
        return self._document is other._document and self._index == other._index

    def __hash__(self) -> int:
        """Hash of (document identity, index)."""
        return hash((id(self._document), self._index))

    def __repr__(self) -> str:
        """``<pdftools.Page index=0>``."""
        return f"<pdftools.Page index={self._index}>"


class PageList(Sequence[Page]):
    """The pages of a document as a read-only sequence.

    Supports ``len()``, indexing (negative indices count from the end),
    slicing (gives a list) and iteration.  Out-of-range indices raise
    :class:`pdftools.RangeError`, which is an ``IndexError``.
    """

    __slots__ = ("_document",)

    def __init__(self, document: "Document") -> None:
        """Creates the view of ``document``'s pages."""
        self._document = document

    def __len__(self) -> int:
        """The number of pages."""
        return self._document.page_count

    @overload
    def __getitem__(self, index: int) -> Page: ...

    @overload
    def __getitem__(self, index: slice) -> List[Page]: ...

    def __getitem__(self, index: Union[int, slice]) -> Union[Page, List[Page]]:
        """The page at ``index`` or, for a slice, a list of pages."""
        count = len(self)
        if isinstance(index, slice):
            return [Page(self._document, i) for i in range(*index.indices(count))]
        position = operator.index(index)
        if position < 0:
            position += count
        if not 0 <= position < count:
            raise RangeError(f"page index {index} out of range (document has {count} pages)")
        return Page(self._document, position)

    def __iter__(self) -> Iterator[Page]:
        """Iterates over the pages present when iteration starts."""
        for position in range(len(self)):
            yield Page(self._document, position)

    def __repr__(self) -> str:
        """``<pdftools.PageList of 3 pages>``."""
        if self._document.closed:
            return "<pdftools.PageList of a closed document>"
        return f"<pdftools.PageList of {len(self)} pages>"


def check_index(index: int, what: str = "page index") -> int:
    """Refuses ints that do not fit the C int32 (ctypes would truncate them silently)."""
    position = operator.index(index)
    if not -_INT32_MAX - 1 <= position <= _INT32_MAX:
        raise RangeError(f"{what} {position} out of range")
    return position


# SPDX-License-Identifier: GPL-3.0-or-later
"""Text selections and search matches: :class:`Selection` and :class:`Match`."""

from __future__ import annotations

import ctypes
import struct
from dataclasses import dataclass
from typing import TYPE_CHECKING, Dict, List, Optional, Tuple, Type, TypeVar, Union

from ._args import as_enum, as_index
from ._library import CQuad, CRect, CSelection, lib
from .geometry import Point, Quad, Rect, Space, SpaceLike, rects_from_doubles

if TYPE_CHECKING:
    from .document import Document
    from .page import Page

__all__ = ["Selection", "Match"]

_S = TypeVar("_S", bound="Selection")
#: A page argument: an index or a Page.
PageLike = Union[int, "Page"]


def _rect(c: CRect) -> Rect:
    """A Rect from a ``pdftools_rect``."""
    return Rect(float(c.x0), float(c.y0), float(c.x1), float(c.y1))


def _quad(c: CQuad) -> Quad:
    """A Quad from a ``pdftools_quad``."""
    return Quad(*(Point(float(p.x), float(p.y)) for p in (c.p1, c.p2, c.p3, c.p4)))


@dataclass(frozen=True)
class Selection:
    """A text selection: from character ``start_char`` of page ``start_page`` to
    character ``end_char`` (exclusive) of page ``end_page``, in reading order.

    A plain, immutable value (``pdftools_selection``) plus the document it
    belongs to; the rectangles and text are read from the library on each
    call, so the document must still be open.  Build one directly to select
    a known range: ``Selection(doc, 2, 0, 2, doc.pages[2].char_count)``
    selects all of page 2.  Pages between the start and end pages count as
    selected whole.
    """

    document: "Document"
    """The document the selection belongs to."""
    start_page: int
    """Page of the first character."""
    start_char: int
    """First character."""
    end_page: int
    """Page of the end position."""
    end_char: int
    """One past the last character on ``end_page``."""

    def __post_init__(self) -> None:
        """Checks the document and that the four positions are ints that fit the C int32."""
        from .document import Document  # here: document.py imports this module

        if not isinstance(self.document, Document):
            raise TypeError(f"document must be a pdftools.Document, not {type(self.document).__name__}")
        for name in ("start_page", "start_char", "end_page", "end_char"):
            object.__setattr__(self, name, as_index(getattr(self, name), name.replace("_", " ")))

    @classmethod
    def _from_c(cls: Type[_S], document: "Document", c: CSelection) -> _S:
        """The value of a ``pdftools_selection`` the library filled in.

        Made without :meth:`__post_init__`'s checks: the library's int32 fields need none, and a
        drag makes one per pointer move.
        """
        selection = cls.__new__(cls)
        selection.__dict__.update(
            document=document, start_page=c.start_page, start_char=c.start_char, end_page=c.end_page, end_char=c.end_char
        )
        return selection

    def _c(self) -> CSelection:
        """The ``pdftools_selection`` of this value."""
        return CSelection(self.start_page, self.start_char, self.end_page, self.end_char)

    @property
    def start(self) -> Tuple[int, int]:
        """(page, char) of the first character."""
        return self.start_page, self.start_char

    @property
    def end(self) -> Tuple[int, int]:
        """(page, char) one past the last character."""
        return self.end_page, self.end_char

    @property
    def is_empty(self) -> bool:
        """True when the selection selects nothing (start equals end)."""
        return self.start == self.end

    @property
    def pages(self) -> range:
        """The indices of the pages the selection touches, start page to end page."""
        return range(self.start_page, self.end_page + 1)

    @property
    def text(self) -> str:
        """The selected text; the text of consecutive pages is joined by ``"\\n"``."""
        return self.document._call_string(lib.pdftools_selection_get_text, ctypes.byref(self._c()))

    def _page(self, page: Optional[PageLike]) -> int:
        """The page index a rects/quads call asks about (None: the start page)."""
        return self.start_page if page is None else as_index(page)

    def rects(self, page: Optional[PageLike] = None, space: SpaceLike = Space.PAGE) -> List[Rect]:
        """The selection's rectangles on ``page`` (None: the start page), one per line.

        Each bounds the selected glyphs of its line (separators excluded, so
        a line ends at its last glyph), in reading order, in ``space``.  ``page`` is an index or a
        Page.  A page outside :attr:`pages` raises RangeError.
        """
        c_space = as_enum(Space, space, "space")
        buffer, count = self.document._call_buffer(
            lib.pdftools_selection_get_rects, CRect, ctypes.byref(self._c()), self._page(page), int(c_space)
        )
        # The rects as one run of doubles (x0 y0 x1 y1 each), read in one conversion: a drag
        # asks for them at every pointer move.
        return rects_from_doubles(struct.unpack_from(f"{4 * count}d", buffer))

    def quads(self, page: Optional[PageLike] = None, space: SpaceLike = Space.PAGE) -> List[Quad]:
        """As :meth:`rects`, but quads in /QuadPoints corner order following each line's direction.

        In page space they are ready for a text-markup annotation's /QuadPoints.
        """
        c_space = as_enum(Space, space, "space")
        items = self.document._call_array(
            lib.pdftools_selection_get_quads, CQuad, ctypes.byref(self._c()), self._page(page), int(c_space)
        )
        return [_quad(item) for item in items]

    def rects_by_page(self, space: SpaceLike = Space.PAGE) -> Dict[int, List[Rect]]:
        """The rectangles of every page of :attr:`pages`, as {page index: rects}."""
        return {page: Selection.rects(self, page, space) for page in self.pages}

    def quads_by_page(self, space: SpaceLike = Space.PAGE) -> Dict[int, List[Quad]]:
        """The quads of every page of :attr:`pages`, as {page index: quads}."""
        return {page: self.quads(page, space) for page in self.pages}

    def __repr__(self) -> str:
        """``<pdftools.Selection (0, 5)-(0, 11)>``."""
        return f"<pdftools.{type(self).__name__} {self.start}-{self.end}>"


@dataclass(frozen=True, repr=False)
class Match(Selection):
    """One occurrence found by a search: a Selection on one page.

    Unlike on a Selection, :attr:`rects` is a property here: the match's
    rectangles on its page, in page space.  Use ``rects_by_page(space)`` (or
    ``Selection.rects(match, page, space)``) for other spaces.
    """

    @property
    def page_index(self) -> int:
        """The page the match is on."""
        return self.start_page

    @property  # type: ignore[override]
    def rects(self) -> List[Rect]:  # type: ignore[override]
        """The match's rectangles on its page, one per line, in page space."""
        return Selection.rects(self, self.start_page, Space.PAGE)

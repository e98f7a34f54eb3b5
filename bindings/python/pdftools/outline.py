# SPDX-License-Identifier: GPL-3.0-or-later
"""The document outline (bookmarks): a tree of titled items leading to places.

``doc.outline`` iterates over the top-level items; each :class:`OutlineItem`
has a title, a target (a :class:`Destination`, a web address or another
action), a style, an open state and children. Every change is one undo step::

    part = doc.outline.add("Part 1", 0)                       # to page 0, whole page
    part.add("Section 1.1", pdftools.Destination.at(3, top=500))
    part.is_open = True
    for item, depth in doc.outline.walk():
        print("  " * depth + item.title, item.destination)

Items are named by ids that stay valid while the item is in the outline; an
item removed (or undone away) raises :class:`pdftools.NotFoundError`.
"""

from __future__ import annotations

import ctypes
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Iterator, List, Optional, Tuple, Union

from ._args import _named, _NamedEnum, as_index
from ._call import encode_text
from ._library import CColor, CDestination, COutlineItem, lib

if TYPE_CHECKING:
    from .document import Document

__all__ = ["Outline", "OutlineItem", "Destination", "Fit"]


class Fit(_NamedEnum):
    """How a destination shows its page (``pdftools_destination_fit``)."""

    XYZ = "xyz"
    """``left``, ``top`` at the window's top-left corner at ``zoom`` (None keeps the viewer's)."""
    PAGE = "page"
    """The whole page (/Fit)."""
    H = "h"
    """The page's width, ``top`` at the top (/FitH)."""
    V = "v"
    """The page's height, ``left`` at the left (/FitV)."""
    R = "r"
    """The rectangle ``left``, ``bottom``, ``right``, ``top`` (/FitR)."""
    B = "b"
    """The bounding box of the page's content (/FitB)."""
    BH = "bh"
    """The bounding box's width (/FitBH)."""
    BV = "bv"
    """The bounding box's height (/FitBV)."""


_FITS: List[Fit] = list(Fit)
_FIELDS = ("left", "top", "right", "bottom", "zoom")


@dataclass(frozen=True)
class Destination:
    """A place in the document: a page and how to show it, in page space.

    A parameter left None is PDF's null: the viewer keeps what it has.
    """

    page_index: int
    fit: Fit = Fit.XYZ
    left: Optional[float] = None
    top: Optional[float] = None
    right: Optional[float] = None
    bottom: Optional[float] = None
    zoom: Optional[float] = None

    @classmethod
    def at(cls, page_index: int, *, top: Optional[float] = None, left: Optional[float] = None,
           zoom: Optional[float] = None) -> "Destination":
        """A bookmark's place: the page scrolled to ``top`` (and ``left``) at ``zoom``."""
        return cls(page_index, Fit.XYZ, left=left, top=top, zoom=zoom)

    def _to_c(self) -> CDestination:
        value = CDestination(page_index=as_index(self.page_index), fit=_FITS.index(_named(Fit, self.fit, "fit")) + 1)
        for bit, name in enumerate(_FIELDS):
            number = getattr(self, name)
            if number is not None:
                setattr(value, name, float(number))
                value.has |= 1 << bit
        return value

    @classmethod
    def _from_c(cls, value: CDestination) -> "Destination":
        numbers = {name: (getattr(value, name) if value.has & (1 << bit) else None) for bit, name in enumerate(_FIELDS)}
        return cls(int(value.page_index), _FITS[int(value.fit) - 1], **numbers)


#: A target argument: a Destination, a page index (the whole page), or None (nowhere).
TargetLike = Union[Destination, int, None]


def _target(value: TargetLike) -> Any:
    """A pointer to a C destination, or None."""
    if value is None:
        return None
    if isinstance(value, Destination):
        return ctypes.byref(value._to_c())
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"a target must be a Destination, a page index or None, not {value!r}")
    return ctypes.byref(Destination(value, Fit.PAGE)._to_c())


def _position(index: Optional[int]) -> int:
    return -1 if index is None else as_index(index, "position")


class OutlineItem:
    """One outline item (a bookmark), named by its id; every read asks the document."""

    __slots__ = ("_document", "_id")

    def __init__(self, document: "Document", item_id: int) -> None:
        self._document = document
        self._id = int(item_id)

    def __repr__(self) -> str:
        try:
            return f"<OutlineItem {self._id} {self.title!r}>"
        except Exception:  # noqa: BLE001 — a repr never raises
            return f"<OutlineItem {self._id}>"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, OutlineItem) and other._id == self._id and other._document is self._document

    def __hash__(self) -> int:
        return hash((id(self._document), self._id))

    @property
    def id(self) -> int:
        """The item's id: stable across edits, undo and redo while the document is open."""
        return self._id

    def _info(self) -> COutlineItem:
        item = COutlineItem()
        self._document._call(lib.pdftools_outline_get_item, self._id, ctypes.sizeof(COutlineItem), ctypes.byref(item))
        return item

    @property
    def title(self) -> str:
        """The title; setting it renames the item (one undo step)."""
        return self._document._call_string(lib.pdftools_outline_get_title, self._id)

    @title.setter
    def title(self, value: str) -> None:
        self._document._call(lib.pdftools_outline_set_title, self._id, encode_text(value, "title"))

    @property
    def destination(self) -> Optional[Destination]:
        """Where it leads in the document, or None; set a Destination, a page index (the whole page) or None."""
        info = self._info()
        return Destination._from_c(info.destination) if info.target == 1 else None

    @destination.setter
    def destination(self, value: TargetLike) -> None:
        self._document._call(lib.pdftools_outline_set_destination, self._id, _target(value))

    @property
    def uri(self) -> Optional[str]:
        """The web address it opens, or None."""
        return self._document._call_string(lib.pdftools_outline_get_action, self._id) if self._info().target == 2 else None

    @property
    def action(self) -> Optional[str]:
        """The type of another action it runs ("Launch", "JavaScript", ...), or None."""
        return self._document._call_string(lib.pdftools_outline_get_action, self._id) if self._info().target == 3 else None

    @property
    def color(self) -> Optional[Tuple[float, float, float]]:
        """The title's colour (r, g, b), or None (black)."""
        info = self._info()
        return (info.color.r, info.color.g, info.color.b) if info.has_color else None

    @property
    def bold(self) -> bool:
        """A bold title."""
        return bool(self._info().bold)

    @property
    def italic(self) -> bool:
        """An italic title."""
        return bool(self._info().italic)

    def set_style(self, *, color: Any = None, bold: bool = False, italic: bool = False) -> None:
        """Sets the title's colour ((r, g, b) or None), bold and italic together (one undo step)."""
        c = None
        if color is not None:
            try:
                r, g, b = (float(part) for part in color)
            except (TypeError, ValueError):
                raise TypeError(f"color must be (r, g, b) or None, not {color!r}") from None
            c = ctypes.byref(CColor(r, g, b))
        self._document._call(lib.pdftools_outline_set_style, self._id, c, 1 if bold else 0, 1 if italic else 0)

    @property
    def is_open(self) -> bool:
        """True when its children are shown; setting it opens or closes it (no effect without children)."""
        return bool(self._info().open)

    @is_open.setter
    def is_open(self, value: bool) -> None:
        self._document._call(lib.pdftools_outline_set_open, self._id, 1 if value else 0)

    @property
    def depth(self) -> int:
        """0 for a top-level item."""
        return int(self._info().depth)

    @property
    def parent(self) -> Optional["OutlineItem"]:
        """The parent item, or None at the top level."""
        parent = int(self._info().parent)
        return OutlineItem(self._document, parent) if parent else None

    @property
    def children(self) -> List["OutlineItem"]:
        """The children, in order."""
        if not self._info().child_count:
            return []
        return [OutlineItem(self._document, item.id) for item in _listing(self._document) if item.parent == self._id]

    def add(self, title: str, target: TargetLike = None, *, index: Optional[int] = None) -> "OutlineItem":
        """Adds a child titled ``title`` at ``index`` (None: last); an item's first child leaves it closed."""
        return _add(self._document, self._id, title, target, index)

    def move(self, parent: Optional["OutlineItem"] = None, *, index: Optional[int] = None) -> None:
        """Moves the item (with its children) under ``parent`` (None: top level) to ``index``
        among the parent's other children (None: last)."""
        target = 0 if parent is None else parent.id
        self._document._call(lib.pdftools_outline_move, self._id, target, _position(index))

    def remove(self) -> None:
        """Removes the item with its children (one undo step)."""
        self._document._call(lib.pdftools_outline_remove, self._id)


def _listing(document: "Document") -> List[COutlineItem]:
    return document._call_array(lib.pdftools_document_get_outline, COutlineItem, ctypes.sizeof(COutlineItem))


def _add(document: "Document", parent: int, title: str, target: TargetLike, index: Optional[int]) -> OutlineItem:
    out = ctypes.c_int64()
    document._call(
        lib.pdftools_outline_add, parent, _position(index), encode_text(title, "title"), _target(target),
        ctypes.byref(out),
    )
    return OutlineItem(document, out.value)


class Outline:
    """The document outline: iterating gives the top-level items (``doc.outline``)."""

    __slots__ = ("_document",)

    def __init__(self, document: "Document") -> None:
        self._document = document

    def __iter__(self) -> Iterator[OutlineItem]:
        return iter([OutlineItem(self._document, item.id) for item in _listing(self._document) if item.parent == 0])

    def __len__(self) -> int:
        """The number of top-level items."""
        return sum(1 for item in _listing(self._document) if item.parent == 0)

    def __bool__(self) -> bool:
        return bool(_listing(self._document))

    def walk(self) -> Iterator[Tuple[OutlineItem, int]]:
        """Every item depth first, with its depth (0 for top-level items)."""
        return iter([(OutlineItem(self._document, item.id), int(item.depth)) for item in _listing(self._document)])

    def add(self, title: str, target: TargetLike = None, *, index: Optional[int] = None) -> OutlineItem:
        """Adds a top-level item titled ``title`` at ``index`` (None: last), leading to ``target``
        (a :class:`Destination`, a page index for the whole page, or None)."""
        return _add(self._document, 0, title, target, index)

    def bookmark(self, title: str, page_index: int, *, top: Optional[float] = None) -> OutlineItem:
        """Adds a top-level bookmark to a page, scrolled to ``top`` (page space) when given."""
        return self.add(title, Destination.at(page_index, top=top) if top is not None else int(page_index))

    def bookmarks_of(self, page_index: int) -> List[OutlineItem]:
        """Every item that leads to page ``page_index``, depth first."""
        page = as_index(page_index)
        return [
            OutlineItem(self._document, item.id)
            for item in _listing(self._document)
            if item.target == 1 and item.destination.page_index == page
        ]



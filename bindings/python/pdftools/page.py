# SPDX-License-Identifier: GPL-3.0-or-later
"""Pages of a document: :class:`Page` and the sequence view :class:`PageList`."""

from __future__ import annotations

import ctypes
import operator
from typing import TYPE_CHECKING, Any, Iterable, Iterator, List, Optional, Sequence, Tuple, Union, overload

from ._args import as_c_point, as_c_rect, as_enum
from ._library import CPoint, CRect, lib
from .annotations import Annotation, page_annotation_infos, page_annotations
from .errors import ArgumentError, DamagedError, NotFoundError, PageDeletedError, RangeError
from .geometry import Box, Point, PointLike, Quad, Rect, Size, Space, SpaceLike
from .render import PixelFormat, PixelFormatLike, render_page, render_size
from .text import (
    Char,
    Granularity,
    GranularityLike,
    TextRange,
    char_count,
    hit_test,
    page_chars,
    page_text,
    text_units,
)

# Editing, search and selections are imported by the methods that use them.
if TYPE_CHECKING:
    from ._values import AnnotationInfo, RenderedImage
    from .document import Document
    from .search import Matches
    from .selection import Selection

__all__ = ["Page", "PageList"]

_INT32_MAX = 2**31 - 1


class Page:
    """One page of a document.

    A Page is a light view: it reads everything from the library on access
    and keeps its document alive.  It follows its page: after pages are
    inserted, deleted or moved (and after undo and redo) it still names the
    same page, at its new :attr:`index`; once its page is deleted, every
    access raises :class:`pdftools.PageDeletedError` (until an undo brings
    the page back).  Once the document is closed, every access raises
    :class:`pdftools.ClosedDocumentError`.
    Coordinates are PDF page space (unrotated, y up, 1/72 inch) unless a
    ``space`` argument says :attr:`Space.DISPLAY`; :meth:`to_display` and
    :meth:`to_page` convert between the two.
    """

    __slots__ = ("_document", "_hint", "_id", "_seen", "__weakref__")

    def __init__(self, document: "Document", index: int) -> None:
        """Creates the view of the page now at ``index`` (0-based) of ``document``."""
        self._document = document
        self._hint = index
        # The page's id, read when first needed (at the latest before pages next move); None
        # until then, and for a page that is not an object of its own (known by position).
        self._id: Optional[int] = None
        # The document's page arrangement ``_hint`` belongs to.
        self._seen = document._arrangement
        document._live_pages[id(self)] = self

    def _pin(self) -> None:
        """Reads the page's id while ``_hint`` still names the page (pages are about to move)."""
        if self._id is None and self._seen == self._document._arrangement:
            value = ctypes.c_int64()
            try:
                self._document._call(lib.pdftools_page_get_id, self._hint, ctypes.byref(value))
            except (DamagedError, RangeError):
                return  # known by its position only (not an object of its own, or no such page)
            self._id = int(value.value)

    @property
    def document(self) -> "Document":
        """The document this page belongs to."""
        return self._document

    @property
    def id(self) -> int:
        """The page's identity: the same while it moves and other pages come and go, for as
        long as the document is open (see ``pdftools_page_id``)."""
        self._index  # follows the page first (raises PageDeletedError once it is deleted)
        self._pin()
        if self._id is None:
            raise DamagedError("the page is not an object of its own and has no id")
        return self._id

    @property
    def index(self) -> int:
        """The 0-based position the page has now in its document."""
        return self._index

    @property
    def _index(self) -> int:
        """The page's current position: where it was last seen while the pages stay as they
        were, else looked up by id."""
        arrangement = self._document._arrangement
        if self._seen == arrangement or self._id is None:
            return self._hint
        position = ctypes.c_int32()
        try:
            self._document._call(lib.pdftools_document_find_page, self._id, ctypes.byref(position))
        except NotFoundError:
            raise PageDeletedError(f"the page (id {self._id}) was deleted from its document") from None
        self._hint = int(position.value)
        self._seen = arrangement
        return self._hint

    def set_box(self, which: Union[Box, int], rect: Optional[Sequence[float]]) -> None:
        """Sets the page's ``which`` box to ``rect`` (page space, corners in any order) in one
        undo step; None removes it so that it falls back to its default (the crop box to the
        media box, the others to the crop box).  The media box cannot be removed."""
        try:
            box = Box(which)
        except ValueError:
            raise ArgumentError(f"unknown page box {which!r}") from None
        area = None if rect is None else ctypes.byref(as_c_rect(rect))
        self._document._call(lib.pdftools_page_set_box, self._index, int(box), area)

    def add_field(
        self,
        type: Any,
        name: str,
        rect: Any,
        **properties: Any,
    ) -> Any:
        """Creates a form field with one widget on this page and returns the :class:`pdftools.Field`.

        ``type`` is a :class:`pdftools.FieldType` or its name ("text", "checkbox",
        "radio", "combo_box", "list_box", "push_button", "signature").  Keyword
        properties: ``options`` (export values or (export, shown) pairs; a
        button's export value; a push button's caption), ``flags``
        (:class:`pdftools.FieldFlag`), ``default``, ``max_length``, ``tooltip``,
        ``style`` (:class:`pdftools.FieldStyle`).  One undo step.
        """
        from .forms import add_field

        return add_field(self._document, self._index, type, name, rect, **properties)

    def duplicate(self) -> "Page":
        """Inserts a copy of this page (with copies of its annotations, without form field
        widgets) right after it, in one undo step, and returns the copy."""
        made = ctypes.c_int32()
        self._document._rearranging(lib.pdftools_document_duplicate_page, self._index, ctypes.byref(made))
        return Page(self._document, int(made.value))

    def box(self, which: Union[Box, int]) -> Rect:
        """The page's ``which`` box, normalized, inherited and clipped as the library defines."""
        try:
            box = Box(which)
        except ValueError:
            raise ArgumentError(f"unknown page box {which!r}") from None
        rect = CRect()
        self._document._call(lib.pdftools_page_get_box, self._index, int(box), ctypes.byref(rect))
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
        self._document._call(lib.pdftools_page_get_rotation, self._index, ctypes.byref(value))
        return int(value.value)

    @rotation.setter
    def rotation(self, degrees: int) -> None:
        """Turns the page to ``degrees`` (a multiple of 90, any sign) in one undo step."""
        self._document._call(lib.pdftools_page_set_rotation, self._index, check_index(degrees, "rotation"))

    def rotate(self, degrees: int = 90) -> None:
        """Turns the page by ``degrees`` more, clockwise (a multiple of 90), in one undo step."""
        self.rotation = self.rotation + operator.index(degrees)

    @property
    def user_unit(self) -> float:
        """The /UserUnit: one page-space unit in multiples of 1/72 inch (1.0 by default)."""
        value = ctypes.c_double()
        self._document._call(lib.pdftools_page_get_user_unit, self._index, ctypes.byref(value))
        return float(value.value)

    @property
    def size(self) -> Size:
        """The display size: crop box, rotation applied, times UserUnit, in 1/72 inch."""
        width = ctypes.c_double()
        height = ctypes.c_double()
        self._document._call(lib.pdftools_page_get_size, self._index, ctypes.byref(width), ctypes.byref(height))
        return Size(float(width.value), float(height.value))

    @property
    def label(self) -> str:
        """The page label ("iv", "A-3"), or the page number when the document has no labels."""
        return self._document._call_string(lib.pdftools_page_get_label, self._index)

    # -- coordinate spaces ------------------------------------------------------

    def convert_points(
        self, points: Iterable[PointLike], from_space: SpaceLike, to_space: SpaceLike
    ) -> List[Point]:
        """Converts points of this page from one space to the other, in one library call.

        The mapping is affine: points outside the page convert like any
        other, and non-finite coordinates stay non-finite.
        """
        c_from = as_enum(Space, from_space, "space")
        c_to = as_enum(Space, to_space, "space")
        items = [as_c_point(point) for point in points]
        array = (CPoint * max(len(items), 1))(*items)
        self._document._call(
            lib.pdftools_page_convert_points, self._index, int(c_from), int(c_to), array, len(items), array
        )
        return [Point(float(array[i].x), float(array[i].y)) for i in range(len(items))]

    @overload
    def convert(self, value: Rect, from_space: SpaceLike, to_space: SpaceLike) -> Rect: ...

    @overload
    def convert(self, value: Quad, from_space: SpaceLike, to_space: SpaceLike) -> Quad: ...

    @overload
    def convert(self, value: PointLike, from_space: SpaceLike, to_space: SpaceLike) -> Point: ...

    def convert(self, value: Any, from_space: SpaceLike, to_space: SpaceLike) -> Union[Point, Rect, Quad]:
        """Converts a point, rectangle or quad of this page from one space to the other.

        A Rect, or any sequence of 4 numbers, gives the normalized Rect
        around its converted corners; a Quad (4 points) gives a Quad with
        each corner converted; a Point or an (x, y) pair gives a Point.
        """
        if isinstance(value, Quad) or (
            not isinstance(value, Rect)
            and _is_sequence(value)
            and len(value) == 4
            and all(_is_sequence(p) for p in value)
        ):
            return Quad(*self.convert_points(value, from_space, to_space))
        if isinstance(value, Rect) or (_is_sequence(value) and len(value) == 4):
            c_from = as_enum(Space, from_space, "space")
            c_to = as_enum(Space, to_space, "space")
            out = CRect()
            self._document._call(
                lib.pdftools_page_convert_rect,
                self._index,
                int(c_from),
                int(c_to),
                as_c_rect(value),
                ctypes.byref(out),
            )
            return Rect(float(out.x0), float(out.y0), float(out.x1), float(out.y1))
        return self.convert_points([value], from_space, to_space)[0]

    @overload
    def to_display(self, value: Rect) -> Rect: ...

    @overload
    def to_display(self, value: Quad) -> Quad: ...

    @overload
    def to_display(self, value: PointLike) -> Point: ...

    def to_display(self, value: Any) -> Union[Point, Rect, Quad]:
        """Converts a point, rectangle or quad from page space to display space (see :meth:`convert`).

        Display space is the page as shown at zoom 1: crop box, /Rotate
        applied, origin at the top left, y down, UserUnit applied.
        """
        return self.convert(value, Space.PAGE, Space.DISPLAY)

    @overload
    def to_page(self, value: Rect) -> Rect: ...

    @overload
    def to_page(self, value: Quad) -> Quad: ...

    @overload
    def to_page(self, value: PointLike) -> Point: ...

    def to_page(self, value: Any) -> Union[Point, Rect, Quad]:
        """Converts a point, rectangle or quad from display space to page space (see :meth:`convert`)."""
        return self.convert(value, Space.DISPLAY, Space.PAGE)

    # -- text -------------------------------------------------------------------

    @property
    def text(self) -> str:
        """The page's plain text in reading order ("" for a page without text).

        Lines are separated by ``"\\n"`` and words by ``" "``; ``text[i]`` is
        the character ``chars[i]``.
        """
        return page_text(self._document, self._index)

    @property
    def char_count(self) -> int:
        """The number of characters of :attr:`text` (without reading them)."""
        return char_count(self._document, self._index)

    @property
    def chars(self) -> List[Char]:
        """The characters of the page in reading order, with their boxes in page space."""
        return page_chars(self._document, self._index)

    @property
    def words(self) -> List[TextRange]:
        """The words of the page as character ranges with their text, in reading order."""
        return text_units(self._document, self._index, lines=False)

    @property
    def lines(self) -> List[TextRange]:
        """The lines of the page as character ranges with their text, in reading order."""
        return text_units(self._document, self._index, lines=True)

    def char_at(
        self,
        point: PointLike,
        tolerance: float = 0.0,
        nearest: bool = False,
        space: SpaceLike = Space.PAGE,
        granularity: GranularityLike = Granularity.CHAR,
    ) -> Optional[TextRange]:
        """Hit-tests ``point`` (in ``space``): the character, word or line there, or None.

        A unit is hit when its box, grown by ``tolerance`` units of ``space``
        on each side, contains the point (the closest one when several do).
        With ``nearest`` a point that hits nothing (between lines, in a
        margin) gives the closest unit instead.  None for a miss and for a
        page without text.  Raises ArgumentError for non-finite points or a
        negative tolerance.
        """
        return hit_test(self._document, self._index, point, tolerance, nearest, space, granularity)

    def select(
        self,
        p1: PointLike,
        p2: PointLike,
        granularity: GranularityLike = Granularity.CHAR,
        space: SpaceLike = Space.PAGE,
    ) -> Selection:
        """Selects the text between two points of this page, as a drag from p1 to p2 does.

        See :meth:`Document.select`.  Points far off the page select from the
        nearest character; a page without text gives an empty selection.
        """
        return self._document.select(self._index, p1, self._index, p2, granularity, space)

    def select_all(self) -> Selection:
        """A selection of the page's whole text (empty for a page without text)."""
        from .selection import Selection

        return Selection(self._document, self._index, 0, self._index, self.char_count)

    def search(
        self,
        text: str,
        *,
        case_sensitive: bool = False,
        whole_words: bool = False,
        ignore_diacritics: bool = False,
        join_hyphens: bool = False,
    ) -> Matches:
        """Every occurrence of ``text`` on this page; options as for :meth:`Document.search`."""
        from .search import search, search_options

        options = search_options(
            case_sensitive=case_sensitive,
            whole_words=whole_words,
            ignore_diacritics=ignore_diacritics,
            join_hyphens=join_hyphens,
            first_page=self._index,
            last_page=self._index,
        )
        return search(self._document, text, options)

    # -- annotations --------------------------------------------------------------

    @property
    def annotations(self) -> List[Annotation]:
        """The page's annotations in z-order (back to front, the order of /Annots).

        Every subtype is included, widgets and popups too.  Listing gives
        each annotation its id; ids stay the same across calls and edits.
        """
        return page_annotations(self._document, self._index)

    def annotation_infos(self) -> "List[AnnotationInfo]":
        """The page's annotations in z-order with what a list shows of them (subtype, rect,
        flags, colour, opacity, contents size, reply parent), read in one library call: the
        fast way to list a page.  Each :class:`AnnotationInfo` is a snapshot; its
        ``annotation`` is the live handle."""
        return page_annotation_infos(self._document, self._index)

    def add_annotation(self, subtype: str, rect: Optional[Sequence[float]] = None, **properties: Any) -> Annotation:
        """Creates an annotation of ``subtype`` on this page, in front of the others, and returns it.

        ``subtype`` is one the library creates: "Text", "FreeText", "Line",
        "Square", "Circle", "Polygon", "PolyLine", "Ink", "Highlight",
        "Underline", "Squiggly", "StrikeOut", "Stamp", "FileAttachment",
        "Link", "Popup", "Caret" (others raise ArgumentError).  ``rect`` is
        (x0, y0, x1, y1) in page space; it may be left out for subtypes whose
        geometry defines it -- text markup given ``quads``, Ink given ``ink``,
        Polygon and PolyLine given ``vertices``, Line given ``line`` -- and
        is required otherwise (TypeError).  The new annotation gets a unique
        /NM, dates, the PRINT flag (not popups), a default colour, default
        geometry filling ``rect`` and an appearance; then ``properties`` are
        applied as by :meth:`Annotation.update`.

        Everything is checked before the annotation is created; should a
        property still fail afterwards, the new annotation is deleted again
        before the error is raised.  Raises RangeError when the page no
        longer exists and NotPermittedError when the document's permissions
        forbid annotating.  The creation with its properties is one undo
        step, "Add <subtype>".
        """
        from .annotation_edit import create_annotation

        return create_annotation(self, subtype, rect, properties)

    # -- rendering ---------------------------------------------------------------

    def render_size(self, scale: float = 1.0) -> Tuple[int, int]:
        """The pixel size (width, height) of :meth:`render` at ``scale``: :attr:`size` times scale, rounded up."""
        return render_size(self._document, self._index, scale)

    def render(
        self,
        scale: float = 1.0,
        *,
        format: PixelFormatLike = PixelFormat.BGRA,  # noqa: A002 - the documented name
        tile: Optional[Sequence[int]] = None,
        background: int = 0xFFFFFFFF,
        annotations: bool = True,
        into: Any = None,
        stride: Optional[int] = None,
    ) -> RenderedImage:
        """Renders the page as a person sees it (rotation and crop applied), unsaved changes included.

        ``scale`` is pixels per display-space unit (1.0 is 72 dpi, above 0,
        at most 64).  ``format`` is "bgra" (B, G, R, A bytes, premultiplied
        alpha) or "rgba" (R, G, B, A, straight alpha).  ``tile`` None renders
        the whole page (:meth:`render_size` pixels); (x, y, width, height)
        renders that region of the whole page at this scale, in pixels from
        its top-left corner.  ``background`` is painted first, as 0xAARRGGBB
        (0 for transparent).  ``annotations=False`` draws the page content
        only.  ``into`` renders straight into memory the caller owns: any
        writable, contiguous buffer (``bytearray``, ``memoryview``, a numpy
        array, an ``mmap``) of at least ``stride * height`` bytes, with no
        copy; ``stride`` (bytes per row, a multiple of 4, at least width * 4)
        pads rows.  The returned image's ``data`` is a view of that buffer (of
        memory of its own when ``into`` is None).  Raises ArgumentError for
        bad values (scale, format, tile, background, a buffer too small),
        TypeError for values of the wrong type (a read-only buffer too).
        """
        return render_page(self._document, self._index, scale, format, tile, background, annotations, into, stride)

    # -- identity ---------------------------------------------------------------

    def __eq__(self, other: object) -> bool:
        """Pages are equal when they are the same page of the same Document object."""
        if not isinstance(other, Page):
            return NotImplemented
        if self._document is not other._document:
            return False
        return self._key() == other._key()

    def __hash__(self) -> int:
        """Hash of (document identity, page id)."""
        return hash((id(self._document), self._key()))

    def _key(self) -> Any:
        """What names the page: its id, or its position for a page without one (a deleted
        page keeps its id, so that it can still be found in sets and dicts)."""
        self._pin()
        return self._id if self._id is not None else ("index", self._hint)

    def __repr__(self) -> str:
        """``<pdftools.Page index=0>`` (``<pdftools.Page deleted>`` once deleted)."""
        try:
            return f"<pdftools.Page index={self._index}>"
        except Exception:  # noqa: BLE001 - repr must not fail
            return "<pdftools.Page deleted>"


class PageList(Sequence[Page]):
    """The pages of a document as a sequence that reorganises them.

    Supports ``len()``, indexing (negative indices count from the end),
    slicing (gives a list) and iteration; ``del pages[i]`` and ``del
    pages[i:j]`` delete, :meth:`insert` inserts a blank page or a copy of a
    page of any document, :meth:`move` moves.  Each change is one undo step.
    Out-of-range indices raise :class:`pdftools.RangeError`, which is an
    ``IndexError``.
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

    def _position(self, index: int, end: bool = False) -> int:
        """``index`` with negative values counted from the end, checked (``end`` allows len)."""
        count = len(self)
        position = check_index(index)
        if position < 0:
            position += count
        if not 0 <= position < count + (1 if end else 0):
            raise RangeError(f"page index {index} out of range (document has {count} pages)")
        return position

    def __delitem__(self, index: Union[int, slice]) -> None:
        """Deletes the page at ``index`` or the pages of a slice, in one undo step.

        A document keeps at least one page (ArgumentError otherwise).
        """
        if isinstance(index, slice):
            positions = sorted(range(*index.indices(len(self))))
            if not positions:
                return
            if positions == list(range(positions[0], positions[-1] + 1)):
                self._document._rearranging(lib.pdftools_document_delete_pages, positions[0], len(positions))
                return
            with self._document.group("Delete Pages"):
                for position in reversed(positions):
                    self._document._rearranging(lib.pdftools_document_delete_pages, position, 1)
            return
        self._document._rearranging(lib.pdftools_document_delete_pages, self._position(index), 1)

    def insert(
        self, index: int, page: Optional[Page] = None, *, width: float = 612.0, height: float = 792.0
    ) -> Page:
        """Inserts a copy of ``page`` (a page of any open document, with its annotations,
        form fields and resources; of this document, as :meth:`Page.duplicate` copies) so
        that it becomes page ``index`` (``len(pages)`` appends), or a blank page of
        ``width`` x ``height`` when ``page`` is None.  One undo step; returns the new page."""
        position = self._position(index, end=True)
        if page is None:
            return self._document.insert_blank_page(position, width, height)
        if not isinstance(page, Page):
            raise TypeError(f"page must be a pdftools.Page, not {type(page).__name__}")
        self._document.insert_pages(page.document, [page.index], position)
        return Page(self._document, position)

    def move(self, index: int, to: int, count: int = 1) -> None:
        """Moves ``count`` pages from ``index`` on so that the first becomes page ``to``
        (counted in the final order), in one undo step."""
        first = self._position(index)
        amount = check_index(count, "count")
        if amount < 1:
            raise ArgumentError(f"count must be positive, not {amount}")
        remaining = len(self) - amount
        destination = check_index(to)
        if destination < 0:
            destination += remaining + 1
        self._document._rearranging(lib.pdftools_document_move_pages, first, amount, destination)

    def __iter__(self) -> Iterator[Page]:
        """Iterates over the pages present when iteration starts."""
        for position in range(len(self)):
            yield Page(self._document, position)

    def __repr__(self) -> str:
        """``<pdftools.PageList of 3 pages>``."""
        if self._document.closed:
            return "<pdftools.PageList of a closed document>"
        return f"<pdftools.PageList of {len(self)} pages>"


def _is_sequence(value: Any) -> bool:
    """True for tuples, lists and other sequences that are not strings or bytes."""
    return isinstance(value, Sequence) and not isinstance(value, (str, bytes, bytearray))


def check_index(index: int, what: str = "page index") -> int:
    """Refuses ints that do not fit the C int32 (ctypes would truncate them silently)."""
    position = operator.index(index)
    if not -_INT32_MAX - 1 <= position <= _INT32_MAX:
        raise RangeError(f"{what} {position} out of range")
    return position


# SPDX-License-Identifier: GPL-3.0-or-later
"""The viewer layout: where each page sits in a scrollable canvas (geometry only).

A :class:`Layout` is made from a document (its pages' sizes and rotations as
they are now) or from a list of sizes, and answers what a viewer asks while it
scrolls and zooms: the canvas size, each page's rect in the canvas, the pages
in a viewport (with the part of each in view, for requesting tiles), the page
under a click, and the scroll position that shows a page or a destination.

Canvas space has its origin at the top-left corner, y down, in the host's
units; a page's rect is its display space times :attr:`Layout.scale`. Gaps and
margins are canvas units and do not scale with the zoom::

    layout = pdftools.Layout(doc, mode="two_up_continuous", zoom="fit_width",
                             viewport=(1200, 800))
    for seen in layout.visible_pages((0, scroll_y, 1200, scroll_y + 800)):
        draw(seen.page_index, seen.canvas_rect, seen.visible_rect)
    hit = layout.page_at(click_x, click_y)      # (page_index, Point) or None

A layout does not follow later changes of the document: call
:meth:`Layout.set_page_size` when a page's size or rotation changes, and make a
new layout when pages are added or removed.
"""

from __future__ import annotations

import ctypes
import weakref
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Iterable, List, Optional, Sequence, Tuple, Union

from ._args import _named, _NamedEnum, as_c_rect, as_index
from ._call import call, read_array
from ._library import LAYOUT_OPTIONS_VERSION, CLayoutOptions, CLayoutPage, CRect, CVisiblePage, lib
from .errors import ArgumentError, HandleError, InternalError, NotFoundError
from .geometry import Point, Rect, Size

if TYPE_CHECKING:
    from .document import Document

__all__ = ["Layout", "LayoutMode", "Zoom", "VisiblePage", "CanvasPointer"]


class LayoutMode(_NamedEnum):
    """How a layout arranges pages (``pdftools_layout_mode``)."""

    SINGLE_PAGE = "single_page"
    """One page at a time: the canvas holds the current page only."""
    SINGLE_PAGE_CONTINUOUS = "single_page_continuous"
    """Every page, one under the other."""
    TWO_UP = "two_up"
    """Two pages side by side, one spread at a time (the current page's)."""
    TWO_UP_CONTINUOUS = "two_up_continuous"
    """Spreads of two pages side by side, one under the other."""
    HORIZONTAL_CONTINUOUS = "horizontal_continuous"
    """Every page in one row."""


class Zoom(_NamedEnum):
    """How a layout's scale is chosen (``pdftools_zoom_mode``)."""

    FIXED = "fixed"
    """The scale given."""
    FIT_WIDTH = "fit_width"
    """The widest spread fills the viewport's width inside the margins."""
    FIT_PAGE = "fit_page"
    """The largest spread fits the viewport in both directions."""
    FIT_HEIGHT = "fit_height"
    """The tallest spread fills the viewport's height inside the margins."""


_MODES: List[LayoutMode] = list(LayoutMode)
_ZOOMS: List[Zoom] = list(Zoom)


@dataclass(frozen=True)
class VisiblePage:
    """A page in a viewport."""

    #: The page index.
    page_index: int
    #: The whole page in canvas space.
    canvas_rect: Rect
    #: The part inside the viewport, in the page's display space (zoom 1);
    #: times :attr:`Layout.scale`, the pixels of the tile to render.
    visible_rect: Rect


#: A page size for a layout: (width, height) or (width, height, rotation), unrotated.
PageSizeLike = Union[Tuple[float, float], Tuple[float, float, int]]

_OPTION_NAMES = ("mode", "cover_page", "right_to_left", "page_gap", "margin", "zoom", "scale", "viewport")


def _c_page(value: Any, index: int) -> CLayoutPage:
    """A ``pdftools_layout_page`` from (width, height[, rotation])."""
    try:
        items = tuple(value)
        if len(items) not in (2, 3):
            raise ValueError
        rotation = as_index(items[2], "rotation") if len(items) == 3 else 0
        return CLayoutPage(float(items[0]), float(items[1]), rotation)
    except (TypeError, ValueError):
        raise TypeError(f"page {index} must be (width, height) or (width, height, rotation), not {value!r}") from None


def _rect(c: CRect) -> Rect:
    return Rect(c.x0, c.y0, c.x1, c.y1)


class Layout:
    """Where each page of a document sits in a viewer's canvas (``pdftools_layout``).

    ``source`` is a :class:`pdftools.Document` (its pages as they are now; the
    layout outlives it) or a sequence of ``(width, height)`` or ``(width,
    height, rotation)`` unrotated page sizes. The keyword options are those of
    :meth:`configure`. Every page is shown and the first is current.
    """

    def __init__(
        self,
        source: Union["Document", Sequence[PageSizeLike]],
        *,
        mode: Union[LayoutMode, str] = LayoutMode.SINGLE_PAGE_CONTINUOUS,
        cover_page: bool = False,
        right_to_left: bool = False,
        page_gap: float = 8.0,
        margin: float = 8.0,
        zoom: Union[Zoom, str] = Zoom.FIXED,
        scale: float = 1.0,
        viewport: Tuple[float, float] = (0.0, 0.0),
    ) -> None:
        self._handle: Optional[int] = None
        options = CLayoutOptions(version=LAYOUT_OPTIONS_VERSION)
        call(lib.pdftools_layout_options_init, ctypes.byref(options), LAYOUT_OPTIONS_VERSION)
        self._fill(
            options,
            dict(
                mode=mode, cover_page=cover_page, right_to_left=right_to_left, page_gap=page_gap, margin=margin,
                zoom=zoom, scale=scale, viewport=viewport,
            ),
        )
        out = ctypes.c_void_p()
        document_call = getattr(source, "_call", None)
        if document_call is not None:
            document_call(lib.pdftools_layout_new_for_document, ctypes.byref(options), ctypes.byref(out))
            self._count = int(source.page_count)  # type: ignore[union-attr]
        else:
            if isinstance(source, (str, bytes)):
                raise TypeError("source must be a Document or a sequence of page sizes")
            pages = [_c_page(value, index) for index, value in enumerate(source)]
            array = (CLayoutPage * max(len(pages), 1))(*pages)
            call(lib.pdftools_layout_new, array, len(pages), ctypes.byref(options), ctypes.byref(out))
            self._count = len(pages)
        if not out.value:
            raise InternalError("the library returned no layout handle")
        self._handle = out.value
        self._finalizer = weakref.finalize(self, lib.pdftools_layout_free, out.value)
        self._subset: Optional[List[int]] = None

    # -- lifetime ------------------------------------------------------------

    def close(self) -> None:
        """Frees the layout; later calls raise :class:`pdftools.HandleError`. Closing twice is harmless."""
        if self._handle is None:
            return
        self._handle = None
        self._finalizer()

    def __enter__(self) -> "Layout":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    def _h(self) -> int:
        if self._handle is None:
            raise HandleError("the layout is closed")
        return self._handle

    def __len__(self) -> int:
        """The number of pages the layout knows (shown or not)."""
        return self._count

    # -- options ---------------------------------------------------------------

    @staticmethod
    def _fill(options: CLayoutOptions, changes: dict) -> None:
        """Writes keyword options into a C struct, checking their types."""
        for name, value in changes.items():
            if name == "mode":
                options.mode = _MODES.index(_named(LayoutMode, value, "layout mode"))
            elif name == "zoom":
                options.zoom = _ZOOMS.index(_named(Zoom, value, "zoom"))
            elif name in ("cover_page", "right_to_left"):
                setattr(options, name, 1 if value else 0)
            elif name == "viewport":
                try:
                    width, height = value
                    options.viewport_width, options.viewport_height = float(width), float(height)
                except (TypeError, ValueError):
                    raise TypeError(f"viewport must be (width, height), not {value!r}") from None
            elif name in ("page_gap", "margin", "scale"):
                setattr(options, name, float(value))
            else:
                raise ArgumentError(f"unknown layout option {name!r} (expected one of {', '.join(_OPTION_NAMES)})")

    def _options(self) -> CLayoutOptions:
        options = CLayoutOptions(version=LAYOUT_OPTIONS_VERSION)
        call(lib.pdftools_layout_get_options, self._h(), ctypes.byref(options))
        return options

    def configure(self, **changes: Any) -> None:
        """Changes options and lays the pages out again, all or nothing; the others are kept.

        ``mode`` (a :class:`LayoutMode` or its name), ``cover_page`` (two-up:
        the first page alone, as a book's cover), ``right_to_left``,
        ``page_gap`` and ``margin`` (canvas units), ``zoom`` (a :class:`Zoom`
        or its name), ``scale`` (for the fixed zoom) and ``viewport``
        (``(width, height)`` in canvas units, needed by the fitting zooms).
        Values outside their range raise :class:`pdftools.ArgumentError`.
        """
        options = self._options()
        self._fill(options, changes)
        call(lib.pdftools_layout_set_options, self._h(), ctypes.byref(options))

    @property
    def mode(self) -> LayoutMode:
        """The arrangement; setting it keeps the other options."""
        return _MODES[self._options().mode]

    @mode.setter
    def mode(self, value: Union[LayoutMode, str]) -> None:
        self.configure(mode=value)

    @property
    def zoom(self) -> Zoom:
        """How the scale is chosen."""
        return _ZOOMS[self._options().zoom]

    @zoom.setter
    def zoom(self, value: Union[Zoom, str]) -> None:
        self.configure(zoom=value)

    @property
    def scale(self) -> float:
        """Canvas units per display-space unit in use (the fitting zooms compute it).

        Setting it chooses the fixed zoom at that scale.
        """
        out = ctypes.c_double()
        call(lib.pdftools_layout_get_scale, self._h(), ctypes.byref(out))
        return float(out.value)

    @scale.setter
    def scale(self, value: float) -> None:
        self.configure(zoom=Zoom.FIXED, scale=value)

    @property
    def viewport(self) -> Size:
        """The viewport's size in canvas units; setting it refits a fitting zoom."""
        options = self._options()
        return Size(options.viewport_width, options.viewport_height)

    @viewport.setter
    def viewport(self, value: Tuple[float, float]) -> None:
        self.configure(viewport=value)

    @property
    def options(self) -> dict:
        """Every option as :meth:`configure` takes it."""
        options = self._options()
        return {
            "mode": _MODES[options.mode],
            "cover_page": bool(options.cover_page),
            "right_to_left": bool(options.right_to_left),
            "page_gap": options.page_gap,
            "margin": options.margin,
            "zoom": _ZOOMS[options.zoom],
            "scale": options.scale,
            "viewport": Size(options.viewport_width, options.viewport_height),
        }

    # -- pages -------------------------------------------------------------------

    def set_page_size(self, page: Any, width: float, height: float, rotation: int = 0) -> None:
        """Gives a page a new unrotated size and rotation (a multiple of 90)."""
        value = CLayoutPage(float(width), float(height), as_index(rotation, "rotation"))
        call(lib.pdftools_layout_set_page, self._h(), as_index(page), ctypes.byref(value))

    @property
    def subset(self) -> Optional[List[int]]:
        """The pages shown, in order, or None for every page in document order.

        Setting a list shows only those pages (each at most once); the current
        page is kept when it stays shown, else the first page shown becomes current.
        """
        return None if self._subset is None else list(self._subset)

    @subset.setter
    def subset(self, pages: Optional[Iterable[Any]]) -> None:
        if pages is None:
            call(lib.pdftools_layout_set_subset, self._h(), None, 0)
            self._subset = None
            return
        indices = [as_index(page) for page in pages]
        array = (ctypes.c_int32 * max(len(indices), 1))(*indices)
        call(lib.pdftools_layout_set_subset, self._h(), array, len(indices))
        self._subset = indices

    @property
    def current_page(self) -> Optional[int]:
        """The page whose spread the paged modes show (None when no page is shown)."""
        out = ctypes.c_int32()
        call(lib.pdftools_layout_get_current_page, self._h(), ctypes.byref(out))
        return None if out.value < 0 else int(out.value)

    @current_page.setter
    def current_page(self, page: Any) -> None:
        call(lib.pdftools_layout_set_current_page, self._h(), as_index(page))

    # -- queries -------------------------------------------------------------------

    @property
    def canvas_size(self) -> Size:
        """The canvas's width and height, margins included."""
        width, height = ctypes.c_double(), ctypes.c_double()
        call(lib.pdftools_layout_get_canvas_size, self._h(), ctypes.byref(width), ctypes.byref(height))
        return Size(width.value, height.value)

    def page_rect(self, page: Any) -> Optional[Rect]:
        """The page's rect in canvas space ((x0, y0) its top-left corner), or None when it is not shown.

        A page is not shown when it is outside the subset, or not on the
        current spread of a paged mode. An index outside the document raises
        :class:`pdftools.RangeError`.
        """
        out = CRect()
        try:
            call(lib.pdftools_layout_get_page_rect, self._h(), as_index(page), ctypes.byref(out))
        except NotFoundError:
            return None
        return _rect(out)

    def page_at(self, x: float, y: float) -> Optional[Tuple[int, Point]]:
        """The page under the canvas point and the point in its display space, or None (margins, gaps)."""
        index, px, py = ctypes.c_int32(), ctypes.c_double(), ctypes.c_double()
        call(
            lib.pdftools_layout_get_page_at, self._h(), float(x), float(y), ctypes.byref(index), ctypes.byref(px),
            ctypes.byref(py),
        )
        return None if index.value < 0 else (int(index.value), Point(px.value, py.value))

    def visible_pages(self, viewport: Any) -> List[VisiblePage]:
        """The pages that overlap ``viewport`` (a canvas rect ``(x0, y0, x1, y1)``), in reading order."""
        area = as_c_rect(viewport, "viewport")
        items = read_array(
            lib.pdftools_layout_get_visible_pages, CVisiblePage, self._h(), ctypes.byref(area),
            ctypes.sizeof(CVisiblePage), guess=16,
        )
        return [VisiblePage(int(item.page_index), _rect(item.canvas_rect), _rect(item.visible_rect)) for item in items]

    def _map(self, function: Any, page: Any, x: float, y: float) -> Optional[Point]:
        px, py = ctypes.c_double(), ctypes.c_double()
        try:
            call(function, self._h(), as_index(page), float(x), float(y), ctypes.byref(px), ctypes.byref(py))
        except NotFoundError:
            return None
        return Point(px.value, py.value)

    def to_page(self, page: Any, x: float, y: float) -> Optional[Point]:
        """The canvas point in the page's display space, also beyond its edges (None: not shown).

        Use it for the pointer moves of a gesture that started on ``page``.
        """
        return self._map(lib.pdftools_layout_canvas_to_page, page, x, y)

    def to_canvas(self, page: Any, x: float, y: float) -> Optional[Point]:
        """The canvas point of a display-space point of the page (None: not shown)."""
        return self._map(lib.pdftools_layout_page_to_canvas, page, x, y)

    def scroll_position(self, page: Any, x: float = 0.0, y: float = 0.0) -> Optional[Point]:
        """The scroll offset that brings the page's display point (x, y) to the viewport's top-left.

        Kept within the canvas; ``(0, 0)`` shows the page at the top. None
        when the page is not shown (in a paged mode, make it current first).
        """
        return self._map(lib.pdftools_layout_get_scroll_position, page, x, y)


class CanvasPointer:
    """Sends pointer events given in canvas coordinates to a tool manager, through a layout.

    A press finds the page under the point (:meth:`Layout.page_at`); the moves
    and the release of that gesture are read in the display space of the page
    it started on (:meth:`Layout.to_page`), as the tool manager expects, also
    when the pointer leaves the page. Moves without a gesture (hover) and taps
    go to the page under the point. Each method returns what the tool manager
    returned (True when a tool used the event), or False when the point is
    over no page and nothing was sent. Keyword arguments (``shift``,
    ``pointer``, ``pressure`` ...) are those of
    :meth:`pdftools.ToolManager.pointer_down`.
    """

    def __init__(self, tools: Any, layout: Layout) -> None:
        self._tools = tools
        self._layout = layout
        self._gesture_page: Optional[int] = None

    @property
    def gesture_page(self) -> Optional[int]:
        """The page the current gesture started on, or None between gestures."""
        return self._gesture_page

    def down(self, x: float, y: float, **modifiers: Any) -> bool:
        """The pointer was pressed at the canvas point (x, y)."""
        hit = self._layout.page_at(x, y)
        self._gesture_page = None if hit is None else hit[0]
        return bool(self._tools.canvas_event("down", self._layout, x, y, **modifiers))

    def move(self, x: float, y: float, **modifiers: Any) -> bool:
        """The pointer moved to the canvas point (x, y)."""
        return bool(self._tools.canvas_event("move", self._layout, x, y, **modifiers))

    def up(self, x: float, y: float, **modifiers: Any) -> bool:
        """The pointer was released at the canvas point (x, y): the gesture ends."""
        self._gesture_page = None
        return bool(self._tools.canvas_event("up", self._layout, x, y, **modifiers))

    def tap(self, x: float, y: float, **modifiers: Any) -> bool:
        """A tap at the canvas point (x, y)."""
        return bool(self._tools.canvas_event("tap", self._layout, x, y, **modifiers))

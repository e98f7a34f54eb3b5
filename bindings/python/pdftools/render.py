# SPDX-License-Identifier: GPL-3.0-or-later
"""Rendering pages (or tiles of them) into pixels: :class:`RenderedImage` and :class:`PixelFormat`.

Pages are rendered as a person sees them: /Rotate and the crop box applied,
UserUnit included, at ``scale`` pixels per display-space unit (1.0 is 72 dpi).
The pixel (px, py) of a whole-page render shows the display-space point
(px / scale, py / scale); :meth:`pdftools.Page.to_display` maps page space
there.  Unsaved changes are shown.
"""

from __future__ import annotations

import ctypes
import enum
import mmap
import numbers
from typing import TYPE_CHECKING, Any, Optional, Sequence, Tuple, Union

from ._args import as_index
from ._lazy import values_hooks
from ._library import RENDER_OPTIONS_VERSION, CRenderOptions, lib
from .errors import ArgumentError

if TYPE_CHECKING:
    from ._values import RenderedImage
    from .document import Document

__all__ = ["PixelFormat", "PixelFormatLike", "RenderedImage", "Tile", "render_size", "render_page"]


class PixelFormat(str, enum.Enum):
    """Pixel layouts of rendered images, 4 bytes per pixel (``pdftools_pixel_format``).

    A str enum: ``PixelFormat.RGBA == "rgba"``; ``PixelFormat("BGRA")`` also
    works (case-insensitive).
    """

    BGRA = "bgra"
    """Bytes B, G, R, A with colour premultiplied by alpha (cairo's and most toolkits' form)."""
    RGBA = "rgba"
    """Bytes R, G, B, A with straight alpha (PIL's "RGBA")."""

    @classmethod
    def _missing_(cls, value: Any) -> Optional["PixelFormat"]:
        """Looks names up case-insensitively ("bgra", "RGBA")."""
        if isinstance(value, str):
            return cls.__members__.get(value.strip().upper())
        return None


#: A pixel format argument: a PixelFormat or its name ("bgra", "rgba").
PixelFormatLike = Union[PixelFormat, str]
#: A tile: (x, y, width, height) in pixels of the whole page at the render's scale.
Tile = Tuple[int, int, int, int]

_C_FORMAT = {PixelFormat.BGRA: 0, PixelFormat.RGBA: 1}
_UINT32_MAX = 2**32 - 1


def _as_scale(scale: Any) -> float:
    """The scale as a float; TypeError for anything but a real number (the library checks the value)."""
    if isinstance(scale, bool) or not isinstance(scale, numbers.Real):
        raise TypeError(f"scale must be a number, not {scale!r}")
    return float(scale)


def _as_tile(tile: Any) -> Tile:
    """(x, y, width, height) as ints that fit the C int32."""
    if isinstance(tile, (str, bytes)) or not isinstance(tile, Sequence):
        raise TypeError(f"tile must be None or (x, y, width, height), not {tile!r}")
    if len(tile) != 4:
        raise ArgumentError(f"tile must have 4 numbers (x, y, width, height), not {len(tile)}")
    try:
        x, y, width, height = (as_index(value, "tile value") for value in tile)
    except TypeError:
        raise TypeError(f"tile values must be integers, not {tile!r}") from None
    except IndexError as exc:
        raise ArgumentError(getattr(exc, "message", str(exc))) from None
    return x, y, width, height


def _as_background(background: Any) -> int:
    """A 0xAARRGGBB colour as an int that fits the C uint32."""
    if isinstance(background, bool) or not isinstance(background, int):
        raise TypeError(f"background must be an int 0xAARRGGBB, not {background!r}")
    if not 0 <= background <= _UINT32_MAX:
        raise ArgumentError(f"background {background:#x} is not a 0xAARRGGBB colour")
    return int(background)


def render_size(document: "Document", page_index: int, scale: Any) -> Tuple[int, int]:
    """The pixel size (width, height) of the whole page at ``scale``: display size times scale, rounded up."""
    width, height = ctypes.c_int32(), ctypes.c_int32()
    document._call(
        lib.pdftools_page_get_render_size, page_index, _as_scale(scale), ctypes.byref(width), ctypes.byref(height)
    )
    return int(width.value), int(height.value)


def _target(into: Any, size: int) -> Tuple[Any, memoryview]:
    """A ctypes array over the caller's writable buffer (at least ``size`` bytes) and a byte
    view of it; TypeError or ArgumentError when it cannot take the pixels."""
    try:
        view = memoryview(into)
    except TypeError:
        raise TypeError(f"into must be a writable buffer (bytearray, memoryview, numpy array), not {type(into).__name__}") from None
    if view.readonly:
        raise TypeError("into is read-only")
    if not view.c_contiguous:
        raise ArgumentError("into must be one contiguous block of memory")
    view = view.cast("B") if view.format != "B" or view.ndim != 1 else view
    if view.nbytes < size:
        raise ArgumentError(f"into holds {view.nbytes} bytes; the image needs {size}")
    return (ctypes.c_char * size).from_buffer(view), view[:size]


def render_page(
    document: "Document",
    page_index: int,
    scale: Any,
    format: PixelFormatLike,  # noqa: A002 - the name the API documents
    tile: Optional[Sequence[int]],
    background: int,
    annotations: bool,
    into: Any = None,
    stride: Optional[int] = None,
) -> RenderedImage:
    """Renders a page or a tile of it (see :meth:`pdftools.Page.render`)."""
    from ._values import RenderedImage

    c_scale = _as_scale(scale)
    try:
        pixel_format = PixelFormat(format)
    except ValueError:
        raise ArgumentError(f"unknown pixel format {format!r} (expected 'bgra' or 'rgba')") from None
    c_background = _as_background(background)
    if tile is None:
        width, height = render_size(document, page_index, c_scale)
        x = y = 0
    else:
        x, y, width, height = _as_tile(tile)
    if width <= 0 or height <= 0:
        raise ArgumentError(f"the image must be at least 1 x 1 pixels, not {width} x {height}")
    if stride is None:
        row = width * 4
    else:
        row = as_index(stride, "stride")
        if row < width * 4 or row % 4:
            raise ArgumentError(f"the stride must be a multiple of 4 and at least {width * 4}, not {row}")
    options = CRenderOptions(
        version=RENDER_OPTIONS_VERSION,
        scale=c_scale,
        format=_C_FORMAT[pixel_format],
        tile_x=x,
        tile_y=y,
        background=c_background,
        draw_annotations=1 if annotations else 0,
    )
    size = row * height
    own = into is None
    if own:
        # Fresh anonymous memory: the kernel supplies zero pages as they are first written,
        # so nothing is filled twice or copied.
        into = mmap.mmap(-1, size)
    target, view = _target(into, size)
    try:
        document._call(lib.pdftools_page_render, page_index, ctypes.byref(options), target, width, height, row)
    finally:
        del target
    return RenderedImage(width, height, row, pixel_format, view.toreadonly() if own else view)


# RenderedImage is defined in pdftools._values so that importing this module does not
# import dataclasses.
__getattr__, __dir__ = values_hooks(__name__, globals(), ("RenderedImage",))

# SPDX-License-Identifier: GPL-3.0-or-later
"""The data classes some calls return: :class:`AnnotationInfo`, :class:`ImportResult`,
:class:`ListedAnnotation` and :class:`RenderedImage`.

They are reached through their public modules (:mod:`pdftools.annotations`,
:mod:`pdftools.exchange`, :mod:`pdftools.render`) and the package; they are kept here, in a
module imported when one is first needed, so that importing pdftools does not import
:mod:`dataclasses`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Optional, Tuple

from .annotation_types import AnnotationFlag
from .annotations import Annotation
from .geometry import Rect
from .render import PixelFormat

if TYPE_CHECKING:
    from PIL import Image

__all__ = ["AnnotationInfo", "ImportResult", "ListedAnnotation", "RenderedImage"]


@dataclass(frozen=True)
class AnnotationInfo:
    """What an annotation list shows of one annotation, read for a whole page in one call
    (:meth:`pdftools.Page.annotation_infos`): a snapshot, not a live handle."""

    annotation: Annotation = field(compare=False)
    """The live handle of the annotation."""
    subtype: str
    """The raw /Subtype name ("" when missing)."""
    rect: Rect
    """/Rect in page space."""
    flags: AnnotationFlag
    """/F."""
    color: Optional[Tuple[float, float, float]]
    """/C as RGB, or None when absent or empty (transparent)."""
    opacity: float
    """/CA (1 when absent)."""
    contents_size: int
    """The length of /Contents in UTF-8 bytes."""
    in_reply_to: Optional[int]
    """The id of the annotation this one replies to (/IRT), or None."""

    @property
    def id(self) -> int:
        """The annotation's id."""
        return self.annotation.id


@dataclass(frozen=True)
class ImportResult:
    """What an import did."""

    #: Annotations added.
    added: int
    #: Annotations changed (one already in the state described is not counted).
    changed: int
    #: Annotations deleted (change sets only).
    deleted: int
    #: Elements left out, each named in a log warning: subtypes the library
    #: cannot add, and deletions of names the document does not hold.
    skipped: int


@dataclass(frozen=True)
class ListedAnnotation:
    """One row of :meth:`pdftools.exchange.Exchange.annotation_list`."""

    #: The annotation.
    annotation: Annotation
    #: Its page index.
    page_index: int
    #: 0 for a thread's first annotation, 1 for its replies, 2 for replies to those ...
    depth: int
    #: Its direct replies, listed right after it (each followed by its own).
    reply_count: int


@dataclass(frozen=True)
class RenderedImage:
    """Pixels of a rendered page or tile: ``height`` rows of ``stride`` bytes, 4 bytes per pixel.

    Row ``y`` starts at ``data[y * stride]``; pixel (x, y) is the 4 bytes at
    ``y * stride + 4 * x``, in the order ``format`` says.
    """

    width: int
    """Width in pixels."""
    height: int
    """Height in pixels."""
    stride: int
    """Bytes per row (``width * 4`` unless the caller chose a stride)."""
    format: PixelFormat
    """The byte order and alpha form of the pixels."""
    data: memoryview = field(repr=False)
    """The pixels, ``stride * height`` bytes: a byte view of the buffer the page was rendered
    into (the caller's ``into``, or memory of the image's own), compared and sliced like
    bytes; ``bytes(image.data)`` copies them."""

    def to_pil(self) -> "Image.Image":
        """The image as a ``PIL.Image.Image`` in mode "RGBA" (straight alpha).

        Needs Pillow; raises ImportError with an explanation when it is not
        installed.  Premultiplied BGRA pixels are converted to straight RGBA.
        """
        try:
            from PIL import Image
        except ImportError as exc:
            raise ImportError(
                "RenderedImage.to_pil() needs Pillow (pip install Pillow); "
                "the raw pixels are in RenderedImage.data"
            ) from exc
        raw_mode = "RGBA" if self.format == PixelFormat.RGBA else "BGRa"
        return Image.frombuffer(
            "RGBA", (self.width, self.height), self.data, "raw", raw_mode, self.stride, 1
        ).copy()

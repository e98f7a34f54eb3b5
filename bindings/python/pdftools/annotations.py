# SPDX-License-Identifier: GPL-3.0-or-later
"""Annotations: :class:`Annotation`, a handle on one annotation of a document by its id.

The library names annotations by 64-bit ids: unique in their document,
stable across edits and saves of the open document, never reused.  An id is
given out when a page's annotations are first listed
(:attr:`pdftools.Page.annotations`) or when an annotation is created
(:meth:`pdftools.Page.add_annotation`).  Once an annotation is deleted its id
is stale: every access raises :class:`pdftools.NotFoundError`.  Changes need
the annotate permission (:class:`pdftools.NotPermittedError` otherwise).

The typed properties (colours, border, geometry, FreeText styling, links,
files, replies) come from :class:`pdftools.annotation_properties.AnnotationProperties`;
:meth:`Annotation.update` changes them (see :mod:`pdftools.annotation_edit`).
"""

from __future__ import annotations

import ctypes
import numbers
import operator
from typing import TYPE_CHECKING, Any, List, Optional, Sequence

from ._call import encode_text
from ._lazy import values_hooks
from ._library import CAnnotationInfo, CRect, lib
from .annotation_types import AnnotationFlag
from .annotation_properties import AnnotationProperties
from .errors import NotFoundError, Status
from .geometry import Rect

# pdftools.annotation_edit is imported by the methods that change annotations.
if TYPE_CHECKING:
    from ._values import AnnotationInfo
    from .document import Document
    from .page import Page

__all__ = ["Annotation", "AnnotationInfo", "page_annotations", "page_annotation_infos"]

_INT64_MIN = -(2**63)
_INT64_MAX = 2**63 - 1


def as_annotation_id(value: Any) -> int:
    """An annotation id as an int; TypeError for non-integers.

    Ids outside the C int64 cannot name an annotation: NotFoundError (ctypes
    would otherwise truncate them silently into some other id).
    """
    number = operator.index(getattr(value, "id", value))
    if not _INT64_MIN <= number <= _INT64_MAX:
        raise NotFoundError(f"no annotation has id {number}")
    return int(number)


class Annotation(AnnotationProperties):
    """One annotation of a document, named by its id.

    A light handle (document, id): every property asks the library, so it
    always shows the annotation as it is now.  Two Annotation objects are
    equal when they name the same id of the same Document object.
    Coordinates are in page space (PDF user space, y up).

    Errors: :class:`pdftools.NotFoundError` once the annotation was deleted
    (its id is stale), :class:`pdftools.ClosedDocumentError` once the
    document is closed.
    """

    __slots__ = ("_document", "_id")

    def __init__(self, document: "Document", annotation_id: int) -> None:
        """Creates the handle of annotation ``annotation_id`` of ``document`` (not checked here;
        use :meth:`pdftools.Document.annotation` for a checked lookup)."""
        self._document = document
        self._id = as_annotation_id(annotation_id)

    # -- identity ---------------------------------------------------------------

    @property
    def id(self) -> int:
        """The annotation's id (never 0), unique in its document and never reused."""
        return self._id

    @property
    def document(self) -> "Document":
        """The document the annotation belongs to."""
        return self._document

    @property
    def page_index(self) -> int:
        """The index of the page the annotation is on."""
        value = ctypes.c_int32()
        self._document._call(lib.pdftools_annotation_get_page, self._id, ctypes.byref(value))
        return int(value.value)

    @property
    def page(self) -> "Page":
        """The page the annotation is on."""
        from .page import Page  # here: page.py imports this module

        return Page(self._document, self.page_index)

    @property
    def exists(self) -> bool:
        """False once the annotation was deleted (its id is stale)."""
        value = ctypes.c_int32()
        status = self._document._call(
            lib.pdftools_annotation_get_page, self._id, ctypes.byref(value), allow=(Status.NOT_FOUND,)
        )
        return status == Status.OK

    # -- typed entries ----------------------------------------------------------

    @property
    def subtype(self) -> str:
        """The /Subtype name as the file writes it, without the slash ("Highlight", "Widget", ...;
        "" when missing)."""
        return self._document._call_string(lib.pdftools_annotation_get_subtype, self._id)

    @property
    def rect(self) -> Rect:
        """The /Rect in page space (all zero when the file has none or a malformed one)."""
        out = CRect()
        self._document._call(lib.pdftools_annotation_get_rect, self._id, ctypes.byref(out))
        return Rect(float(out.x0), float(out.y0), float(out.x1), float(out.y1))

    def get_text(self, key: str) -> Optional[str]:
        """The text entry ``key`` ("Contents", "T", "Subj", "NM", "M", ...) decoded to str.

        None when the annotation has no such text entry.  ``key`` is a PDF
        name without the slash; a malformed key raises ArgumentError.
        """
        return self._read_optional(lib.pdftools_annotation_get_text, key)

    @property
    def contents(self) -> Optional[str]:
        """/Contents: the annotation's text, or None when absent."""
        return self.get_text("Contents")

    @property
    def missing_characters(self) -> str:
        """The characters of the text this annotation's appearance draws (a
        FreeText's contents, a Line's caption, a Stamp's label) that no
        installed font covers, each once; "" when everything can be drawn.

        The library draws them as missing-glyph boxes and logs a warning;
        the contents keep the text.  The answer depends on the fonts
        installed.  Raises NotFoundError for a stale id.
        """
        return self._document._call_string(lib.pdftools_annotation_get_missing_characters, self._id)

    @property
    def author(self) -> Optional[str]:
        """/T: the author (for markup annotations), or None when absent."""
        return self.get_text("T")

    @property
    def subject(self) -> Optional[str]:
        """/Subj: the subject, or None when absent."""
        return self.get_text("Subj")

    @property
    def name(self) -> Optional[str]:
        """/NM: the annotation name, unique on its page by convention, or None when absent."""
        return self.get_text("NM")

    # -- raw entries --------------------------------------------------------------

    def get_raw(self, key: str) -> Optional[str]:
        """The value of ``key`` in PDF syntax ("[ /OpenArrow /None ]", "12 0 R", ...), or None when absent.

        The escape hatch for what the typed properties do not cover.
        ``key`` is a PDF name without the slash; a malformed key raises
        ArgumentError.
        """
        return self._read_optional(lib.pdftools_annotation_get_raw, key)

    def set_raw(self, key: str, syntax: Optional[str]) -> None:
        """Sets ``key`` to the object written in PDF syntax, or removes it when ``syntax`` is None.

        Direct objects only (no "n g R" references).  The appearance stream
        is not rebuilt.  Raises ArgumentError for a malformed key or syntax
        that does not parse, NotPermittedError for the protected keys /Type,
        /Subtype, /P, /Parent and /Popup and when the document's permissions
        forbid annotating.
        """
        encoded_key = encode_text(key, "annotation key")
        encoded_syntax = None if syntax is None else encode_text(syntax, "PDF syntax")
        self._document._call(lib.pdftools_annotation_set_raw, self._id, encoded_key, encoded_syntax)

    # -- changes ------------------------------------------------------------------

    def move(self, dx: float, dy: float) -> None:
        """Moves the annotation by (dx, dy) page-space points with all its geometry.

        /Rect, quads, ink strokes, vertices, the line, the callout line and
        the pop-up's rectangle all move; the appearance is kept as it is
        (whoever made it), so the annotation looks the same at its new place.
        One undo step ("Move Annotation").  Raises TypeError for
        non-numbers, ArgumentError for non-finite offsets or a move out of the
        coordinate range, NotFoundError for a stale id, NotPermittedError when
        the document's permissions forbid annotating.
        """
        for value, what in ((dx, "dx"), (dy, "dy")):
            if isinstance(value, bool) or not isinstance(value, numbers.Real):
                raise TypeError(f"{what} must be a number, not {value!r}")
        self._document._call(lib.pdftools_annotation_translate, self._id, float(dx), float(dy))

    def update(self, **properties: Any) -> None:
        """Changes the given properties and sets /M; the appearance is rebuilt when they show in it.

        Author, subject, name, flags, the open state and (except for FreeText
        and a Line's caption) contents do not show, so changing only them
        keeps the appearance another program made.  A Stamp whose artwork
        another program drew keeps it (a new rect fits it, an opacity wraps
        it); changing its colour or border raises UnsupportedError, and an
        ``icon`` or ``stamp_image`` replaces it.

        The keywords (all optional) and what they take:

        * ``rect``: (x0, y0, x1, y1) or a Rect, finite, with a positive area.
          Line, PolyLine, Polygon, Ink and text markup annotations get the
          rectangle around what they draw whatever is given; a FreeText's
          rectangle also holds its callout line.
        * ``color``, ``interior_color``: (r, g, b) with components 0..1
          (clamped), or None (no colour: transparent, no fill).  A FreeText
          is read and written as Acrobat and every viewer do: its
          ``interior_color`` (the background) is /C, and its border is drawn
          in its text colour, so its ``color`` is ``text_color`` (never None;
          ``border_width=0`` draws no border).
        * ``opacity``: 0..1.  ``cloudy``: cloudy border intensity 0..2 (0 for
          a plain border; Square, Circle, Polygon, FreeText).
        * ``border_width`` (0..1000 points, 0 for none), ``border_style``
          ("solid", "dashed", "beveled", "inset", "underline" or a
          :class:`BorderStyle`), ``dashes`` (up to 16 numbers >= 0, not all
          0; dashes alone make the style dashed); or ``border=(width, style)``.
        * ``contents``, ``author``, ``subject``, ``name`` (/NM): str, or None to remove.
        * ``flags``: an :class:`AnnotationFlag` (replaces all flags; new
          annotations have PRINT).
        * ``quads`` (text markup, Link): a non-empty list of Quads, 4-point
          sequences (upper left, upper right, lower left, lower right) or Rects.
        * ``ink``: a non-empty list of strokes, each a non-empty list of points.
        * ``vertices`` (Polygon, PolyLine): at least 2 points.
        * ``line`` ((x1, y1), (x2, y2)), ``leader_length``, ``leader_extension``
          (>= 0) of a Line; ``line_endings`` (start, end) of a Line or PolyLine,
          each a :class:`LineEnding` or its name ("none", "open_arrow", ...).
        * ``icon``: the /Name of a Text ("Note", "Comment", "Key", "Help",
          "NewParagraph", "Paragraph", "Insert"), FileAttachment ("PushPin",
          "Paperclip", "Graph", "Tag") or Stamp ("Approved", "Draft", ...).
        * ``stamp_image``: PNG or JPEG bytes (at most 10000 pixels a side) a
          Stamp shows instead of a standard name, fitted into its rect
          (replaces ``icon``; it cannot be read back).
        * ``open``: whether a Text's or Popup's window is open.
        * FreeText: ``font`` (a standard 14 font name), ``font_size``
          (0 < size <= 1000), ``text_color`` ((r, g, b); None for black),
          ``alignment`` ("left", "center", "right" or 0/1/2), ``intent``
          ("plain", "callout", "typewriter"), ``callout`` (2 or 3 points from
          the spot pointed at to the box; [] or None removes it).
        * Link: ``uri`` (printable ASCII) or ``destination_page`` (an index).
        * FileAttachment: ``attachment`` (name, bytes).
        * ``reply_to``: the Annotation (or id) this one replies to, None to
          remove the relation; ``reply_type``: "reply" (/RT /R) or "group".
        * ``z_index``: position in the page's z-order (0 the back; past the
          end the front).

        Every value is checked before anything changes: TypeError for
        unknown keywords and wrong types, ArgumentError for invalid values
        (non-finite numbers, empty lists, out-of-range numbers, a property
        the subtype does not have such as ``uri`` on a non-Link),
        RangeError for pages and negative z-indices, NotFoundError for a
        stale id or reply target.  The update takes several library calls;
        the ones the binding cannot check beforehand come first (a stamp
        image the library cannot decode raises ArgumentError, missing
        permissions NotPermittedError, before anything changed).  Should a
        later one still fail, the properties applied before it stay applied.
        One update is one undo step ("Change Color, Opacity"; see
        :meth:`pdftools.Document.undo`); repeated updates of the same
        properties merge into one step.
        """
        from .annotation_edit import update_annotation

        update_annotation(self, properties)

    def add_popup(self, rect: Sequence[float], open: bool = False) -> "Annotation":  # noqa: A002 - the PDF name
        """Adds a Popup annotation for this one, shown in ``rect`` (page space), open or not; returns it.

        The popup goes in front of the page's other annotations; deleting
        this annotation deletes the popup (deleting the popup alone leaves
        this annotation without one).  Raises ArgumentError
        for a non-finite or empty rect, NotFoundError for a stale id,
        NotPermittedError when the document's permissions forbid annotating.
        """
        from .annotation_edit import add_popup

        return add_popup(self, rect, open)

    def delete(self) -> None:
        """Deletes the annotation from its page, together with the popup that belongs to it.

        Their ids become stale.  Raises NotFoundError when the annotation is
        already gone and NotPermittedError when the document's permissions
        forbid annotating.
        """
        self._document._call(lib.pdftools_annotation_delete, self._id)

    def _read_optional(self, function: Any, key: str) -> Optional[str]:
        """A two-call string read of entry ``key``; None when the entry is absent.

        The library answers NOT_FOUND both for a missing entry and for a
        stale id; a stale id is told apart (and raised) by asking for the
        annotation's page.
        """
        encoded = encode_text(key, "annotation key")
        try:
            return self._document._call_string(function, self._id, encoded)
        except NotFoundError:
            self.page_index  # raises NotFoundError when the annotation itself is gone
            return None

    # -- Python protocol ----------------------------------------------------------

    def __eq__(self, other: object) -> bool:
        """Equal when both name the same id of the same Document object."""
        if not isinstance(other, Annotation):
            return NotImplemented
        return self._document is other._document and self._id == other._id

    def __hash__(self) -> int:
        """Hash of (document identity, id)."""
        return hash((id(self._document), self._id))

    def __repr__(self) -> str:
        """``<pdftools.Annotation id=3 Highlight page=0>`` (less when the annotation is gone)."""
        try:
            return f"<pdftools.Annotation id={self._id} {self.subtype or '?'} page={self.page_index}>"
        except Exception:  # noqa: BLE001 - repr must not fail
            return f"<pdftools.Annotation id={self._id}>"


def page_annotations(document: "Document", page_index: int) -> List[Annotation]:
    """The annotations of a page in z-order (back to front, the order of /Annots)."""
    ids = document._call_array(lib.pdftools_page_get_annotations, ctypes.c_int64, page_index)
    return [Annotation(document, int(value)) for value in ids]


def page_annotation_infos(document: "Document", page_index: int) -> List[AnnotationInfo]:
    """The annotations of a page in z-order with their common properties, in one call."""
    from ._values import AnnotationInfo

    size = ctypes.sizeof(CAnnotationInfo)
    infos = document._call_array(lib.pdftools_page_get_annotation_infos, CAnnotationInfo, page_index, size)
    return [
        AnnotationInfo(
            annotation=Annotation(document, int(info.id)),
            subtype=info.subtype.decode("utf-8", "replace"),
            rect=Rect(info.rect.x0, info.rect.y0, info.rect.x1, info.rect.y1),
            flags=AnnotationFlag(info.flags & 0x3FF),
            color=(info.color.r, info.color.g, info.color.b) if info.has_color else None,
            opacity=float(info.opacity),
            contents_size=int(info.contents_size),
            in_reply_to=int(info.in_reply_to) or None,
        )
        for info in infos
    ]


# AnnotationInfo is defined in pdftools._values so that importing this module does not
# import dataclasses.
__getattr__, __dir__ = values_hooks(__name__, globals(), ("AnnotationInfo",))

# SPDX-License-Identifier: GPL-3.0-or-later
"""Documents: opening, creating, inspecting and saving PDFs."""

from __future__ import annotations

import ctypes
import os
import weakref
from types import TracebackType
from typing import TYPE_CHECKING, Any, Callable, Iterable, List, Optional, Sequence, Tuple, Type, TypeVar, Union

from ._args import as_c_point, as_enum, as_index
from ._call import call, close_handle, encode_text, read_buffer, read_string
from ._library import CSelection, lib
from .annotations import Annotation, as_annotation_id
from .exchange import Exchange
from .errors import ArgumentError, ClosedDocumentError, HandleError, InternalError, RangeError
from .geometry import PointLike, Space, SpaceLike
from .page import Page, PageList, check_index
from .progress import ProgressCall, ProgressCallable
from .text import Granularity, GranularityLike
from .undo import UndoHistory

# The modules of the less common parts (forms, outline, page labels, metadata, saving,
# search, selections, annotation tools) are imported by the methods that use them.
if TYPE_CHECKING:
    from .forms import Fields
    from .labels import LabelRange
    from .metadata import Metadata
    from .outline import Outline
    from .permissions import Permission
    from .save_options import Encryption, ObjectStreams
    from .search import Matches
    from .selection import Match, Selection
    from .tools import ToolManager

_T = TypeVar("_T")

__all__ = ["Document", "Source", "PathType", "Password"]

#: A path: str or os.PathLike (str or bytes based).
PathType = Union[str, "os.PathLike[str]", "os.PathLike[bytes]"]
#: What :class:`Document` opens: a path, or the bytes of a PDF.
Source = Union[str, "os.PathLike[str]", "os.PathLike[bytes]", bytes, bytearray, memoryview]
#: A password: str (encoded as UTF-8) or raw bytes.
Password = Union[str, bytes]


def _encode_path(path: PathType) -> Tuple[bytes, str]:
    """(bytes for C, str for error messages) of a path; refuses NULs."""
    raw = os.fspath(path)
    encoded = os.fsencode(raw)
    if b"\0" in encoded:
        raise ArgumentError("path must not contain NUL characters")
    return encoded, os.fsdecode(raw)


def _encode_password(password: Optional[Password]) -> Optional[bytes]:
    """UTF-8 bytes of a password, or None for no password."""
    if password is None:
        return None
    return encode_text(password, "password", allow_bytes=True)


class Document(UndoHistory, Exchange):
    """An open PDF document.

    ``Document(path_or_bytes, password=None)`` opens a file (str or
    os.PathLike) or a PDF held in memory (bytes, bytearray, memoryview);
    ``Document()`` creates a new, empty document.  :func:`pdftools.open` and
    :func:`pdftools.new` do the same.

    Use it as a context manager or call :meth:`close`; a document that is
    garbage-collected without being closed is closed then.  Every method of a
    closed document (and of its pages and metadata) raises
    :class:`ClosedDocumentError`.  A document may be used from several threads;
    the library serializes calls on one document.

    Every change can be undone and redone: :meth:`undo`, :meth:`redo`,
    :meth:`group` and the rest come from :class:`pdftools.undo.UndoHistory`.
    """

    def __init__(self, source: Optional[Source] = None, password: Optional[Password] = None) -> None:
        """Opens ``source`` with ``password``, or creates an empty document when source is None."""
        self._handle: Optional[int] = None
        self._arrangement = 0
        # The Page objects alive, by object id (not by hash: a Page's hash reads its id).
        self._live_pages: "weakref.WeakValueDictionary[int, Page]" = weakref.WeakValueDictionary()
        out = ctypes.c_void_p()
        if source is None:
            if password is not None:
                raise ArgumentError("a password needs a document to open")
            call(lib.pdftools_document_new, ctypes.byref(out))
        elif isinstance(source, (str, os.PathLike)):
            path, shown = _encode_path(source)
            call(
                lib.pdftools_document_open,
                path,
                _encode_password(password),
                ctypes.byref(out),
                filename=shown,
            )
        elif isinstance(source, (bytes, bytearray, memoryview)):
            # A private copy: the caller's buffer cannot change while the GIL is released.
            data = source if isinstance(source, bytes) else bytes(source)
            call(
                lib.pdftools_document_open_from_memory,
                data,
                len(data),
                _encode_password(password),
                ctypes.byref(out),
            )
        else:
            raise TypeError(
                "source must be a path (str or os.PathLike) or bytes-like, "
                f"not {type(source).__name__}"
            )
        if not out.value:
            raise InternalError("the library returned no document handle")
        self._handle = out.value
        self._finalizer = weakref.finalize(self, close_handle, out.value)

    # -- lifetime ------------------------------------------------------------

    def close(self) -> None:
        """Closes the document and releases its memory; unsaved changes are lost.

        Calling it again does nothing.
        """
        if self._handle is None:
            return
        self._handle = None
        self._finalizer()

    @property
    def closed(self) -> bool:
        """True once :meth:`close` was called."""
        return self._handle is None

    def __enter__(self) -> "Document":
        """Returns the document itself."""
        return self

    def __exit__(
        self,
        exc_type: Optional[Type[BaseException]],
        exc: Optional[BaseException],
        traceback: Optional[TracebackType],
    ) -> None:
        """Closes the document."""
        self.close()

    def __repr__(self) -> str:
        """``<pdftools.Document pages=3>`` or ``<pdftools.Document closed>``."""
        if self._handle is None:
            return "<pdftools.Document closed>"
        try:
            return f"<pdftools.Document pages={self.page_count}>"
        except Exception:  # noqa: BLE001 - repr must not fail
            return "<pdftools.Document>"

    # -- calling the library ------------------------------------------------

    def _rearranging(self, function: Callable[..., int], *args: Any) -> int:
        """Calls ``function(handle, *args)``, a call that may insert, delete or move pages:
        the Page objects alive read their ids first, and find their pages by id afterwards."""
        for page in list(self._live_pages.values()):
            page._pin()
        try:
            return self._call(function, *args)
        finally:
            self._arrangement += 1

    def _require_handle(self) -> int:
        """The live handle; ClosedDocumentError when the document is closed."""
        handle = self._handle
        if handle is None:
            raise ClosedDocumentError()
        return handle

    def _call(
        self,
        function: Callable[..., int],
        *args: Any,
        filename: Optional[str] = None,
        allow: Sequence[int] = (),
    ) -> int:
        """Calls ``function(handle, *args)``, raising the mapped error on failure.

        Returns the status, which is OK or one of those listed in ``allow``.
        """
        handle = self._require_handle()
        try:
            return call(function, handle, *args, filename=filename, allow=allow)
        except HandleError as exc:
            if self._handle is None:  # closed by another thread during the call
                raise ClosedDocumentError() from exc
            raise

    def _call_string(self, function: Callable[..., int], *args: Any) -> str:
        """Reads a string with the two-call pattern from ``function(handle, *args, ...)``."""
        handle = self._require_handle()
        try:
            return read_string(function, handle, *args)
        except HandleError as exc:
            if self._handle is None:
                raise ClosedDocumentError() from exc
            raise

    def _call_buffer(self, function: Callable[..., int], item_type: Type[_T], *args: Any) -> Tuple[Any, int]:
        """Like :meth:`_call_array`, but returns the filled ctypes array and its count."""
        handle = self._require_handle()
        try:
            return read_buffer(function, item_type, handle, *args)
        except HandleError as exc:
            if self._handle is None:
                raise ClosedDocumentError() from exc
            raise

    def _call_array(self, function: Callable[..., int], item_type: Type[_T], *args: Any) -> List[_T]:
        """Reads an array with the array pattern from ``function(handle, *args, ...)``."""
        buffer, count = self._call_buffer(function, item_type, *args)
        return list(buffer[:count])

    def _get_int32(self, function: Callable[..., int]) -> int:
        """The value of a getter with one ``int32_t *`` out-parameter."""
        value = ctypes.c_int32()
        self._call(function, ctypes.byref(value))
        return int(value.value)

    # -- properties -----------------------------------------------------------

    @property
    def page_count(self) -> int:
        """The number of pages."""
        return self._get_int32(lib.pdftools_document_get_page_count)

    @property
    def pages(self) -> PageList:
        """The pages, as a sequence view (len, indexing, slicing, iteration)."""
        self._require_handle()
        return PageList(self)

    @property
    def page_labels(self) -> List[LabelRange]:
        """The page label ranges, sorted by start page (empty: pages are labelled by their numbers).

        Assigning a list of :class:`pdftools.LabelRange` replaces them in one undo
        step (the first must start at page 0); an empty list removes them.
        """
        from .labels import read_ranges

        return read_ranges(self)

    @page_labels.setter
    def page_labels(self, ranges: Iterable[LabelRange]) -> None:
        from .labels import write_ranges

        write_ranges(self, ranges)

    @property
    def fields(self) -> Fields:
        """The interactive form's fields: a mapping by full name, iterable in tree order."""
        from .forms import Fields

        self._require_handle()
        return Fields(self)

    def reset_form(self) -> int:
        """Resets every fillable field to its default value (one undo step); returns how many."""
        return self.fields.reset()

    @property
    def outline(self) -> Outline:
        """The document outline (bookmarks): iterate for the top-level items, ``add`` to add one."""
        from .outline import Outline

        self._require_handle()
        return Outline(self)

    @property
    def metadata(self) -> Metadata:
        """The document information dictionary, as a mutable mapping of str to str."""
        from .metadata import Metadata

        self._require_handle()
        return Metadata(self)

    @property
    def was_repaired(self) -> bool:
        """True when the file was damaged and had to be repaired while opening."""
        return bool(self._get_int32(lib.pdftools_document_was_repaired))

    def _version(self) -> Tuple[int, int, int]:
        """(major, minor, extension level) of the PDF version in effect."""
        major, minor, level = ctypes.c_int32(), ctypes.c_int32(), ctypes.c_int32()
        self._call(
            lib.pdftools_document_get_pdf_version,
            ctypes.byref(major),
            ctypes.byref(minor),
            ctypes.byref(level),
        )
        return int(major.value), int(minor.value), int(level.value)

    @property
    def pdf_version(self) -> str:
        """The PDF version in effect, e.g. "1.7": the larger of header and catalog /Version."""
        major, minor, _ = self._version()
        return f"{major}.{minor}"

    @property
    def pdf_version_tuple(self) -> Tuple[int, int]:
        """The PDF version in effect as (major, minor)."""
        major, minor, _ = self._version()
        return major, minor

    @property
    def pdf_extension_level(self) -> int:
        """The Adobe extension level of the PDF version (0 when none)."""
        return self._version()[2]

    @property
    def is_encrypted(self) -> bool:
        """True when the file is encrypted."""
        return bool(self._get_int32(lib.pdftools_document_is_encrypted))

    @property
    def permissions(self) -> Permission:
        """The permissions the document grants (:attr:`Permission.ALL` when unrestricted)."""
        from .permissions import Permission

        flags = ctypes.c_uint32()
        self._call(lib.pdftools_document_get_permissions, ctypes.byref(flags))
        return Permission(int(flags.value))

    @property
    def has_signature_fields(self) -> bool:
        """True when the document has at least one signature form field, signed or not."""
        return bool(self._get_int32(lib.pdftools_document_has_signature_fields))

    @property
    def is_modified(self) -> bool:
        """True when the document differs from the state it was opened or last saved to a path in.

        It follows the undo history: undoing back to the saved step makes it
        False again, and undoing or redoing away from it makes it True.
        """
        return bool(self._get_int32(lib.pdftools_document_is_modified))

    # -- changes --------------------------------------------------------------

    def insert_blank_page(
        self, index: Optional[int] = None, width: float = 612.0, height: float = 792.0
    ) -> Page:
        """Inserts a blank page of width x height (1/72 inch, each 1 to 14400).

        The page becomes page ``index``; None (or the page count) appends.
        Returns the new page.  Raises RangeError (an IndexError) for a bad
        index, ArgumentError for a bad size, NotPermittedError when the
        document's permissions forbid assembling pages.
        """
        position = self.page_count if index is None else check_index(index)
        self._rearranging(lib.pdftools_document_insert_blank_page, position, float(width), float(height))
        return Page(self, position)

    def insert_pages(
        self, source: "Document", pages: Optional[Iterable[int]] = None, at: Optional[int] = None
    ) -> None:
        """Inserts copies of ``pages`` of ``source`` (indices, in that order; None: all its
        pages) so that the first becomes page ``at`` (None appends; negative values count
        from the end, as ``list.insert`` does), in one undo step.

        Their annotations, form fields and resources come along; links between the pages
        copied lead to the copies, links to other pages are dropped; ``source`` is not
        changed.  ``source`` may be this document: the copies are then made as
        :meth:`pdftools.Page.duplicate` makes them (no form field widgets, links keep their
        targets).  Raises RangeError for a bad index, NotPermittedError when this document
        forbids assembling or ``source`` forbids copying.
        """
        if not isinstance(source, Document):
            raise TypeError(f"source must be a pdftools.Document, not {type(source).__name__}")
        indices = _page_indices(source, pages)
        count = self.page_count
        position = count if at is None else check_index(at)
        if position < 0:
            position = max(0, position + count)
        array = (ctypes.c_int32 * len(indices))(*indices)
        self._rearranging(
            lib.pdftools_document_insert_pages, position, source._require_handle(), array, len(indices)
        )

    def extract(self, pages: Iterable[int]) -> "Document":
        """A new document made of copies of ``pages`` (indices, in that order) with their
        annotations, form fields and resources; links to pages not taken are dropped.  The
        new document has no undo history; save it with :meth:`save`."""
        indices = _page_indices(self, pages)
        array = (ctypes.c_int32 * len(indices))(*indices)
        out = ctypes.c_void_p()
        self._call(lib.pdftools_document_extract_pages, array, len(indices), ctypes.byref(out))
        if not out.value:
            raise InternalError("the library returned no document handle")
        return Document._adopt(out.value)

    @classmethod
    def _adopt(cls, handle: int) -> "Document":
        """A Document object owning the open ``handle``."""
        document = cls.__new__(cls)
        document._arrangement = 0
        document._live_pages = weakref.WeakValueDictionary()
        document._handle = handle
        document._finalizer = weakref.finalize(document, close_handle, handle)
        return document

    # -- annotations ------------------------------------------------------------

    def set_cache_limit(self, size: int) -> None:
        """Sets the memory budget, in bytes, of what the document keeps of its pages' text
        (8 MiB by default): pages used least recently are dropped first and read again when
        needed.  A search over many pages keeps pages only while the cache holds at most a
        quarter of the budget, so the pages in use stay.  Raises ValueError for a negative
        size."""
        if not isinstance(size, int) or isinstance(size, bool):
            raise TypeError(f"size must be an int, not {type(size).__name__}")
        if size < 0:
            raise ValueError("the cache limit must not be negative")
        self._call(lib.pdftools_document_set_cache_limit, size)

    def annotation(self, annotation_id: int) -> Annotation:
        """The annotation with id ``annotation_id`` (as :attr:`Annotation.id` gives it).

        Ids are given out when a page's annotations are listed
        (:attr:`Page.annotations`).  Raises NotFoundError for an id that was
        never given out or whose annotation was deleted.
        """
        number = as_annotation_id(annotation_id)
        page = ctypes.c_int32()
        self._call(lib.pdftools_annotation_get_page, number, ctypes.byref(page))
        return Annotation(self, number)

    def generate_appearances(self, page: Optional[Union[int, Page]] = None) -> int:
        """Writes the library's appearance for every annotation without one; returns how many.

        Only ``page`` (an index or Page) when given, else every page.  The
        annotations the library draws get an appearance stream (pop-ups,
        which viewers draw themselves, do not); their rectangles are kept,
        growing only by what the drawing needs.  One undo step ("Generate
        Appearances") when anything was written.  Raises RangeError for a
        page that does not exist, NotPermittedError when the document's
        permissions forbid annotating.
        """
        index = -1 if page is None else as_index(page)
        if page is not None and index < 0:
            raise RangeError(f"page index {index} out of range")
        count = ctypes.c_int32()
        self._call(lib.pdftools_document_generate_appearances, index, ctypes.byref(count))
        return int(count.value)

    # -- annotation tools ------------------------------------------------------

    def tool_manager(self) -> ToolManager:
        """A new :class:`pdftools.ToolManager` for this document: pointer, key and text events to annotations.

        It starts in annotate mode (viewer mode when the document's
        permissions forbid annotating) with the "pan" tool and the built-in
        styles.  Several managers of one document are independent.  Close it
        (or use it as a context manager) when done.
        """
        from .tools import ToolManager

        self._require_handle()
        return ToolManager(self)

    # -- selection and search ------------------------------------------------

    def select(
        self,
        page_a: Union[int, Page],
        p1: PointLike,
        page_b: Union[int, Page],
        p2: PointLike,
        granularity: GranularityLike = Granularity.CHAR,
        space: SpaceLike = Space.PAGE,
    ) -> Selection:
        """Selects the text between point ``p1`` on page ``page_a`` and ``p2`` on ``page_b``.

        As a drag from p1 to p2 does: the characters from the one nearest p1
        to the one nearest p2, in reading order whichever way the drag went,
        widened to whole words or lines by ``granularity`` ("char", "word",
        "line" or a :class:`Granularity`).  Points are Points or (x, y) pairs
        in ``space``; pages are indices or Pages.  Pages in between are
        selected whole; pages without text select nothing.  Raises
        ArgumentError (non-finite points, bad space or granularity) and
        RangeError (a page index).
        """
        from .selection import Selection

        c_a, c_b = as_c_point(p1, "p1"), as_c_point(p2, "p2")
        c_space = as_enum(Space, space, "space")
        c_granularity = as_enum(Granularity, granularity, "granularity")
        out = CSelection()
        self._call(
            lib.pdftools_document_select,
            as_index(page_a),
            c_a,
            as_index(page_b),
            c_b,
            int(c_space),
            int(c_granularity),
            ctypes.byref(out),
        )
        return Selection._from_c(self, out)

    def search(
        self,
        text: str,
        *,
        case_sensitive: bool = False,
        whole_words: bool = False,
        ignore_diacritics: bool = False,
        join_hyphens: bool = False,
        first_page: Union[int, Page] = 0,
        last_page: Optional[Union[int, Page]] = None,
        progress: Optional[ProgressCallable] = None,
    ) -> Matches:
        """Every occurrence of ``text`` in pages first_page..last_page (None: the last page).

        Matches come in page and reading order.  White space in ``text``
        matches any run of white space, line breaks included, so a match may
        cross lines.  Case is ignored unless ``case_sensitive``;
        ``whole_words`` matches only whole words; ``ignore_diacritics`` lets
        "resume" find "résumé"; ``join_hyphens`` lets a match run across a
        hyphen at a line end ("exam-" + "ple" for "example").  ``progress``
        (see :mod:`pdftools.progress`) hears of each page searched and may
        stop the search (CancelledError).  Raises ArgumentError for an empty
        query, RangeError for bad pages.
        """
        from .search import search, search_options

        options = search_options(
            case_sensitive=case_sensitive,
            whole_words=whole_words,
            ignore_diacritics=ignore_diacritics,
            join_hyphens=join_hyphens,
            first_page=first_page,
            last_page=last_page,
        )
        reporter = ProgressCall(progress)
        options.progress = reporter.pointer
        return reporter.run(lambda: search(self, text, options))

    def search_next(
        self,
        text: str,
        from_match: Optional[Selection] = None,
        forward: bool = True,
        *,
        case_sensitive: bool = False,
        whole_words: bool = False,
        ignore_diacritics: bool = False,
        join_hyphens: bool = False,
        first_page: Union[int, Page] = 0,
        last_page: Optional[Union[int, Page]] = None,
    ) -> Optional[Match]:
        """The next (``forward``) or previous occurrence of ``text`` after or before ``from_match``.

        ``from_match`` is any Selection or Match, or None for the start (the
        end when going backwards).  Pages are read only as far as needed, for
        a "find next" button.  The search does not wrap around: None when
        there is no further occurrence.  Options as for :meth:`search`.
        """
        from .search import search_next, search_options

        options = search_options(
            case_sensitive=case_sensitive,
            whole_words=whole_words,
            ignore_diacritics=ignore_diacritics,
            join_hyphens=join_hyphens,
            first_page=first_page,
            last_page=last_page,
        )
        return search_next(self, text, options, from_match, forward)

    # -- saving ---------------------------------------------------------------

    def save(
        self,
        path: PathType,
        *,
        incremental: Optional[bool] = None,
        compress_streams: bool = True,
        object_streams: Union[str, ObjectStreams] = "preserve",
        linearize: bool = False,
        encryption: Union[str, Encryption] = "keep",
        overwrite_readonly: bool = False,
        progress: Optional[ProgressCallable] = None,
    ) -> None:
        """Saves the document to ``path`` atomically: whatever stops the process, the
        file holds either its old bytes or all of the new ones.

        ``incremental`` chooses how:

        * None (the default): automatic -- incremental when the document has
          signature fields (see :attr:`has_signature_fields`), a full save
          otherwise.  Signed documents so keep their signatures valid: when
          one cannot be saved incrementally, or another option asks for a
          rewrite, NotPermittedError is raised (pass ``incremental=False`` to
          rewrite it anyway).
        * True: incremental -- the original bytes are kept as a byte-exact
          prefix and only changed and new objects are appended, with a
          cross-reference section of the original's kind and /Prev.  After an
          incremental save to a path, later incremental saves append to what
          was written.  Encrypted documents append encrypted objects.
          Raises UnsupportedError for new and repaired documents, and
          ArgumentError together with
          ``linearize=True``, ``object_streams`` other than "preserve",
          ``compress_streams=False`` or ``encryption="remove"``.
        * False: a complete new file.

        Saving over the file the document was opened from is allowed; a
        read-only file is replaced only with ``overwrite_readonly=True``
        (PermissionDeniedError otherwise).  ``progress`` (see
        :mod:`pdftools.progress`) hears how far the writing has come and may
        stop it (CancelledError; the file is untouched).  object_streams is "preserve", "disable" or "generate"; encryption is
        "keep" or "remove" (these, linearize and compress_streams apply to
        full saves).  Afterwards the document counts as unmodified; the undo
        history is kept (undo after saving, then save again, writes the
        restored state).
        """
        from .save_options import make_save_options

        options = make_save_options(
            compress_streams=compress_streams,
            object_streams=object_streams,
            linearize=linearize,
            encryption=encryption,
            incremental=incremental,
            overwrite_readonly=overwrite_readonly,
        )
        reporter = ProgressCall(progress)
        options.progress = reporter.pointer
        encoded, shown = _encode_path(path)
        reporter.run(lambda: self._call(lib.pdftools_document_save, encoded, ctypes.byref(options), filename=shown))

    def text(
        self,
        first_page: Union[int, "Page"] = 0,
        last_page: Optional[Union[int, "Page"]] = None,
        *,
        progress: Optional[ProgressCallable] = None,
    ) -> str:
        """The plain text of pages first_page..last_page (None: the last page), each page
        followed by a form feed ("\\f") but the last.  ``progress`` (see
        :mod:`pdftools.progress`) hears of each page read and may stop (CancelledError).
        Raises RangeError for bad pages."""
        first = as_index(first_page, "first page")
        last = -1 if last_page is None else as_index(last_page, "last page")
        reporter = ProgressCall(progress)
        data = ctypes.POINTER(ctypes.c_char)()
        size = ctypes.c_size_t()
        reporter.run(
            lambda: self._call(
                lib.pdftools_document_get_text, first, last, reporter.pointer, None, ctypes.byref(data), ctypes.byref(size)
            )
        )
        try:
            return ctypes.string_at(data, size.value).decode("utf-8")
        finally:
            lib.pdftools_free(data)

    def to_bytes(
        self,
        *,
        incremental: Optional[bool] = None,
        compress_streams: bool = True,
        object_streams: Union[str, ObjectStreams] = "preserve",
        linearize: bool = False,
        encryption: Union[str, Encryption] = "keep",
        progress: Optional[ProgressCallable] = None,
    ) -> bytes:
        """The document saved into memory, with the options (and errors) of :meth:`save`.

        An incremental result is the bytes the document was opened from (or
        last saved incrementally to a path) followed by the appended update.
        Does not change :attr:`is_modified`.
        """
        from .save_options import make_save_options

        options = make_save_options(
            compress_streams=compress_streams,
            object_streams=object_streams,
            linearize=linearize,
            encryption=encryption,
            incremental=incremental,
        )
        reporter = ProgressCall(progress)
        options.progress = reporter.pointer
        data = ctypes.c_void_p()
        size = ctypes.c_size_t()
        reporter.run(
            lambda: self._call(
                lib.pdftools_document_save_to_memory,
                ctypes.byref(options),
                ctypes.byref(data),
                ctypes.byref(size),
            )
        )
        try:
            if not data.value or not size.value:
                return b""
            return ctypes.string_at(data.value, size.value)
        finally:
            lib.pdftools_free(data)


def _page_indices(document: Document, pages: Optional[Iterable[int]]) -> List[int]:
    """Page indices for the library: all pages for None, negative ones counted from the end."""
    count = document.page_count
    if pages is None:
        return list(range(count))
    if isinstance(pages, (str, bytes)):
        raise TypeError("pages must be an iterable of page indices")
    result = []
    for page in pages:
        index = check_index(page)
        result.append(index + count if index < 0 else index)
    if not result:
        raise ArgumentError("no pages were given")
    return result

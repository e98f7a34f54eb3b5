# SPDX-License-Identifier: GPL-3.0-or-later
"""Exchange: XFDF export and import, change sets, annotation reports and flattening.

These methods belong to :class:`pdftools.Document` (a base class of it).

XFDF (ISO 19444-1) carries annotations apart from the PDF: a reviewer's
comments are exported with :meth:`Exchange.export_xfdf`, merged into the master
copy with :meth:`Exchange.import_xfdf`. Annotations are matched by their name
(``/NM``). Two people editing copies of one document stay in step by
exchanging change sets: :meth:`Exchange.export_changes` writes what changed
since a state (or the last save) as an XFDF command document, and
:meth:`Exchange.import_changes` applies one. :meth:`Exchange.annotation_summary`
lists the annotations for a meeting (JSON or CSV), and :meth:`Exchange.flatten`
burns them into the pages for distribution.
"""

from __future__ import annotations

import ctypes
from typing import TYPE_CHECKING, Any, Callable, Iterable, List, Optional, Union

from ._call import encode_text
from ._lazy import values_hooks
from ._library import (
    ANNOTATION_LIST_OPTIONS_VERSION,
    FLATTEN_OPTIONS_VERSION,
    IMPORT_RESULT_VERSION,
    REPORT_OPTIONS_VERSION,
    CAnnotationListEntry,
    CAnnotationListOptions,
    CFlattenOptions,
    CImportResult,
    CReportOptions,
    lib,
)
from .annotations import Annotation, as_annotation_id
from .errors import ArgumentError
from .page import check_index

if TYPE_CHECKING:
    from ._values import ImportResult, ListedAnnotation

__all__ = ["Exchange", "ImportResult", "ListedAnnotation"]


def _filter(
    options: Any,
    first_page: int,
    last_page: int,
    subtypes: Optional[Iterable[str]],
    authors: Optional[Iterable[str]],
    since: Any,
    until: Any,
) -> None:
    """Fills the filter fields that report and list options share."""
    options.first_page = check_index(first_page)
    options.last_page = check_index(last_page)
    options.subtypes = _names(subtypes, "subtype", ",")
    options.authors = _names(authors, "author", "\n")
    options.since = _date(since, "since")
    options.until = _date(until, "until")


def _names(values: Optional[Iterable[str]], what: str, separator: str) -> Optional[bytes]:
    """A list of names joined for C, or None."""
    if values is None:
        return None
    if isinstance(values, (str, bytes)):
        values = [values]  # type: ignore[list-item]
    items = [str(value) for value in values]
    for item in items:
        if separator in item or (separator == "," and item.strip() != item):
            raise ArgumentError(f"{what} {item!r} contains {separator!r}")
    return encode_text(separator.join(items), what)


def _date(value: Any, what: str) -> Optional[bytes]:
    """A date for C: a PDF or ISO 8601 string, or a datetime (naive means UTC)."""
    if value is None:
        return None
    if hasattr(value, "hour"):  # a datetime: to the second
        text = value.isoformat(timespec="seconds")
        return encode_text(text if value.tzinfo is not None else text + "Z", what)
    if hasattr(value, "isoformat"):  # a date
        return encode_text(value.isoformat(), what)
    return encode_text(str(value), what)


class Exchange:
    """XFDF, change sets, annotation reports and flattening of a
    :class:`pdftools.Document` (a base class of it; see the module docs).

    Errors: every method raises :class:`pdftools.ClosedDocumentError` once the
    document is closed.
    """

    if TYPE_CHECKING:
        # Provided by Document.
        def _call(self, function: Callable[..., int], *args: Any, **kwargs: Any) -> int: ...

    def _allocated_text(self, function: Callable[..., int], *args: Any) -> str:
        """Calls a function that hands back a new UTF-8 memory block."""
        data = ctypes.POINTER(ctypes.c_char)()
        size = ctypes.c_size_t()
        self._call(function, *args, ctypes.byref(data), ctypes.byref(size))
        try:
            return ctypes.string_at(data, size.value).decode("utf-8")
        finally:
            lib.pdftools_free(data)

    def export_xfdf(self, pages: Optional[Iterable[int]] = None, ids: Optional[Iterable[Any]] = None) -> str:
        """The annotations as an XFDF document (str).

        ``pages`` (page indices) and ``ids`` (annotation ids or
        :class:`Annotation` objects) narrow the export; None means all. Popups
        travel inside their parents; widgets (form fields) are left out.
        What is written, :meth:`import_xfdf` reads: characters XML 1.0 cannot
        hold are left out (a name left empty or equal to another's by that goes
        under one made from the object number), and coordinates past 1000000
        in magnitude are written at the limit.
        Raises RangeError for a page that does not exist.
        """
        page_list = None if pages is None else [check_index(page) for page in pages]
        id_list = None if ids is None else [as_annotation_id(value) for value in ids]
        page_array = None if page_list is None else (ctypes.c_int32 * max(1, len(page_list)))(*page_list)
        id_array = None if id_list is None else (ctypes.c_int64 * max(1, len(id_list)))(*id_list)
        return self._allocated_text(
            lib.pdftools_document_export_xfdf,
            page_array,
            0 if page_list is None else len(page_list),
            id_array,
            0 if id_list is None else len(id_list),
        )

    def _import(self, function: Callable[..., int], text: Union[str, bytes], what: str) -> ImportResult:
        from ._values import ImportResult

        result = CImportResult(version=IMPORT_RESULT_VERSION)
        self._call(function, encode_text(text, what, allow_bytes=True), ctypes.byref(result))
        return ImportResult(result.added, result.changed, result.deleted, result.skipped)

    def import_xfdf(self, text: Union[str, bytes]) -> ImportResult:
        """Merges an XFDF document: annotations whose name the document holds
        are updated, the others added; appearances are built by the library.

        One undo step, all or nothing: malformed XFDF raises ArgumentError
        naming the element and line, and changes nothing.
        """
        return self._import(lib.pdftools_document_import_xfdf, text, "xfdf")

    @property
    def state_id(self) -> int:
        """A number naming the current state (it changes with every step, undo
        and redo), for :meth:`export_changes`."""
        value = ctypes.c_int64()
        self._call(lib.pdftools_document_get_state_id, ctypes.byref(value))
        return int(value.value)

    def export_changes(self, since: Optional[int] = None) -> str:
        """The annotation changes since state ``since`` (a :attr:`state_id`;
        None: the last save or the opening) as an XFDF command document with
        ``<add>``, ``<modify>`` and ``<delete>``.

        NotFoundError when the state is no longer in the undo history;
        NotPermittedError when the undo journal is off.
        """
        state = -1 if since is None else int(since)
        if state < -1:
            raise ArgumentError(f"since must be a state id (got {state})")
        return self._allocated_text(lib.pdftools_document_export_changes, ctypes.c_int64(state))

    def import_changes(self, text: Union[str, bytes]) -> ImportResult:
        """Applies an XFDF command document (as :meth:`export_changes` writes)
        as one undo step, all or nothing. Two copies that exchange their change
        sets end with equal annotations."""
        return self._import(lib.pdftools_document_import_changes, text, "changes")

    def annotation_summary(
        self,
        format: str = "json",
        *,
        first_page: int = 0,
        last_page: int = -1,
        subtypes: Optional[Iterable[str]] = None,
        authors: Optional[Iterable[str]] = None,
        since: Any = None,
        until: Any = None,
    ) -> Union[List[dict], str]:
        """Every annotation in page order with page label, subtype, author,
        dates, contents, reply thread and review state.

        ``format="json"`` gives a list of dicts (keys ``id``, ``name``,
        ``page``, ``page_label``, ``subtype``, ``author``, ``subject``,
        ``created``, ``modified``, ``contents``, ``in_reply_to``, ``replies``,
        ``state``, ``state_model``); ``format="csv"`` gives CSV text with the
        same columns. Filters: a page range, subtypes, authors, and a date
        range on the modification (else creation) date — PDF dates, ISO 8601
        strings or datetimes.
        """
        kinds = {"json": 0, "csv": 1}
        if format not in kinds:
            raise ArgumentError(f"format must be 'json' or 'csv' (got {format!r})")
        options = CReportOptions(version=REPORT_OPTIONS_VERSION)
        _filter(options, first_page, last_page, subtypes, authors, since, until)
        text = self._allocated_text(lib.pdftools_document_get_annotation_report, ctypes.byref(options), kinds[format])
        if format == "csv":
            return text
        import json

        return json.loads(text)

    def annotation_list(
        self,
        *,
        first_page: int = 0,
        last_page: int = -1,
        subtypes: Optional[Iterable[str]] = None,
        authors: Optional[Iterable[str]] = None,
        since: Any = None,
        until: Any = None,
        text: Optional[str] = None,
        order: str = "page",
        descending: bool = False,
        by_page: bool = True,
    ) -> List["ListedAnnotation"]:
        """The annotations of a side panel: reply threads (an annotation and the
        replies that name it, nested, oldest reply first), one
        :class:`ListedAnnotation` per annotation, popups and form widgets left out.

        Threads are picked by their first annotation's page range, subtypes,
        authors and date range (PDF dates, ISO 8601 strings or datetimes), and by
        ``text`` that the contents, subject or author of any of their
        annotations contain (case-insensitive).  ``order`` is ``"page"``
        (z-order), ``"date"``, ``"author"`` or ``"subtype"``; ``descending``
        reverses it; ``by_page`` groups threads by page first.
        """
        from ._values import ListedAnnotation

        orders = {"page": 0, "date": 1, "author": 2, "subtype": 3}
        if order not in orders:
            raise ArgumentError(f"order must be one of {sorted(orders)} (got {order!r})")
        options = CAnnotationListOptions(version=ANNOTATION_LIST_OPTIONS_VERSION)
        _filter(options, first_page, last_page, subtypes, authors, since, until)
        options.text = None if text is None else encode_text(text, "text")
        options.order = orders[order]
        options.descending = 1 if descending else 0
        options.by_page = 1 if by_page else 0
        rows = self._call_array(  # type: ignore[attr-defined]
            lib.pdftools_document_list_annotations,
            CAnnotationListEntry,
            ctypes.byref(options),
            ctypes.sizeof(CAnnotationListEntry),
        )
        return [
            ListedAnnotation(Annotation(self, row.id), int(row.page_index), int(row.depth), int(row.reply_count))  # type: ignore[arg-type]
            for row in rows
        ]

    def flatten(
        self,
        pages: Optional[Iterable[int]] = None,
        ids: Optional[Iterable[Any]] = None,
        subtypes: Optional[Iterable[str]] = None,
        *,
        allow_invalidating_signatures: bool = False,
    ) -> int:
        """Burns annotation appearances into the page content and removes the
        annotations (with their popups); returns how many were removed.

        ``pages``, ``ids`` and ``subtypes`` narrow what is flattened (None:
        everything but form widgets). Hidden and NoView annotations are removed
        without drawing. One undo step. A document with signature fields raises
        NotPermittedError unless ``allow_invalidating_signatures`` is True.
        """
        options = CFlattenOptions(version=FLATTEN_OPTIONS_VERSION)
        page_list = None if pages is None else [check_index(page) for page in pages]
        id_list = None if ids is None else [as_annotation_id(value) for value in ids]
        if page_list is not None:
            options.pages = (ctypes.c_int32 * max(1, len(page_list)))(*page_list)
            options.page_count = len(page_list)
        if id_list is not None:
            options.ids = (ctypes.c_int64 * max(1, len(id_list)))(*id_list)
            options.id_count = len(id_list)
        options.subtypes = _names(subtypes, "subtype", ",")
        options.allow_invalidating_signatures = 1 if allow_invalidating_signatures else 0
        count = ctypes.c_int32()
        self._call(lib.pdftools_document_flatten, ctypes.byref(options), ctypes.byref(count))
        return int(count.value)


# ImportResult, ListedAnnotation are defined in pdftools._values so that importing this module does not
# import dataclasses.
__getattr__, __dir__ = values_hooks(__name__, globals(), ("ImportResult", "ListedAnnotation"))

# SPDX-License-Identifier: GPL-3.0-or-later
"""Python binding of libpdftools, a headless PDF core.

>>> import pdftools
>>> with pdftools.open("in.pdf") as doc:            # doctest: +SKIP
...     print(doc.page_count, doc.pages[0].size)
...     doc.metadata["Title"] = "Report"
...     doc.save("out.pdf")
>>> with pdftools.open("paper.pdf") as doc:         # doctest: +SKIP
...     page = doc.pages[0]
...     hit = page.char_at(page.to_page((100, 120)), tolerance=2)
...     selection = page.select((72, 700), (300, 650), "word")
...     print(selection.text, selection.rects())
...     for match in doc.search("tracing", whole_words=True):
...         print(match.page_index, match.rects)
>>> with pdftools.open("form.pdf") as doc:          # doctest: +SKIP
...     for annotation in doc.pages[0].annotations:
...         print(annotation.id, annotation.subtype, annotation.rect, annotation.contents)
...     doc.pages[0].render(2.0, format="rgba").to_pil().save("page.png")
...     note = doc.pages[0].add_annotation("Square", (72, 600, 200, 700), color=(0, 0, 1),
...                                        interior_color=None, border_width=2, contents="Check")
...     note.update(opacity=0.5, border_style="dashed")
...     doc.save("form.pdf")                         # incremental when signed
>>> with pdftools.open("form.pdf") as doc:          # doctest: +SKIP
...     doc.on_undo_change(lambda d: print(d.undo_label, d.redo_label))
...     with doc.group("Change Color"):               # one step for the whole selection
...         for annotation in doc.pages[0].annotations:
...             annotation.update(color=(1, 0, 0))
...     doc.undo(); doc.redo(); print(doc.can_undo, doc.is_modified)
>>> with pdftools.open("paper.pdf") as doc, doc.tool_manager() as tm:  # doctest: +SKIP
...     tm.set_tool("highlight")                      # drag over text in display space
...     tm.pointer_down(0, 72, 100); tm.pointer_move(0, 200, 100); tm.pointer_up(0, 300, 100)
...     print(tm.selection, tm.overlay(0).items)      # the new Highlight, its frame and handles

The shared library is found through the environment variable
``PDFTOOLS_LIBRARY`` (a path), the SONAME ``libpdftools.so.1``, or
``ctypes.util.find_library("pdftools")``; if none loads, importing this
package raises :class:`LibraryNotFoundError` (an ``ImportError``).

Importing the package imports what documents, pages and annotations are made
of; the modules of forms, outlines, page labels, layouts, tools, search,
rendering results and the rest are imported when one of their names is first
used (``pdftools.ToolManager``, ``from pdftools import Fields``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Dict, List, Optional, Tuple

# Imported with the package: what Document, Page and Annotation are made of, and the log
# module, whose exit hook (detaching the log callback) is so registered before documents exist.
from ._library import lib as _lib
from .annotation_types import (
    Alignment,
    AnnotationFlag,
    Attachment,
    Border,
    BorderStyle,
    Color,
    FreeTextIntent,
    Line,
    LineEnding,
    ReplyType,
)
from .annotations import Annotation
from .progress import ProgressCallable
from .document import Document, Password, PathType, Source
from .errors import (
    ArgumentError,
    CancelledError,
    ClosedDocumentError,
    DamagedError,
    Error,
    FileError,
    FormatError,
    HandleError,
    InternalError,
    LibraryNotFoundError,
    MissingFileError,
    NotFoundError,
    PageDeletedError,
    NotPDFError,
    NotPermittedError,
    OutOfMemoryError,
    PasswordError,
    PasswordRequiredError,
    PermissionDeniedError,
    RangeError,
    Status,
    UnsupportedError,
    WrongPasswordError,
)
from .geometry import Box, Point, PointLike, Quad, Rect, Size, Space, SpaceLike
from .log import LogHandler, LogLevel, get_log_handler, log_to_logging, set_log_handler
from .page import Page, PageList
from .text import Char, CharFlags, Granularity, GranularityLike, TextRange
from .undo import UndoGroup, UndoHandler

# The names of the less common parts are looked up when first used (see __getattr__), so
# that importing pdftools does not import their modules: name -> module.
_LAZY: Dict[str, str] = {
    "AnnotationInfo": "annotations",
    "ImportResult": "exchange",
    "ListedAnnotation": "exchange",
    "Field": "forms",
    "FieldFlag": "forms",
    "FieldOption": "forms",
    "FieldStyle": "forms",
    "FieldType": "forms",
    "FieldWidget": "forms",
    "Fields": "forms",
    "FormInfo": "forms",
    "LabelRange": "labels",
    "LabelStyle": "labels",
    "CanvasPointer": "layout",
    "Layout": "layout",
    "LayoutMode": "layout",
    "VisiblePage": "layout",
    "Zoom": "layout",
    "Metadata": "metadata",
    "Destination": "outline",
    "Fit": "outline",
    "Outline": "outline",
    "OutlineItem": "outline",
    "Permission": "permissions",
    "PixelFormat": "render",
    "PixelFormatLike": "render",
    "RenderedImage": "render",
    "Tile": "render",
    "Encryption": "save_options",
    "ObjectStreams": "save_options",
    "Matches": "search",
    "SearchFlags": "search",
    "Match": "selection",
    "Selection": "selection",
    "HandleKind": "tools",
    "Key": "tools",
    "Overlay": "tools",
    "OverlayItem": "tools",
    "OverlayKind": "tools",
    "PointerKind": "tools",
    "Tool": "tools",
    "ToolEvent": "tools",
    "ToolEventKind": "tools",
    "ToolHit": "tools",
    "ToolManager": "tools",
    "ToolMode": "tools",
    "ToolStyle": "tools",
}

# The submodules, imported when first reached as attributes of the package
# (``pdftools.tools.ToolManager`` after a plain ``import pdftools``).
_SUBMODULES = frozenset(
    {
        "_args",
        "_call",
        "_lazy",
        "_library",
        "_pdf_syntax",
        "_values",
        "annotation_edit",
        "annotation_properties",
        "annotation_types",
        "annotations",
        "document",
        "errors",
        "exchange",
        "forms",
        "geometry",
        "labels",
        "layout",
        "log",
        "metadata",
        "outline",
        "page",
        "permissions",
        "progress",
        "render",
        "save_options",
        "search",
        "selection",
        "text",
        "tools",
        "undo",
    }
)

if TYPE_CHECKING:
    from .annotations import AnnotationInfo
    from .exchange import ImportResult, ListedAnnotation
    from .forms import Field, FieldFlag, FieldOption, FieldStyle, FieldType, FieldWidget, Fields, FormInfo
    from .labels import LabelRange, LabelStyle
    from .layout import CanvasPointer, Layout, LayoutMode, VisiblePage, Zoom
    from .metadata import Metadata
    from .outline import Destination, Fit, Outline, OutlineItem
    from .permissions import Permission
    from .render import PixelFormat, PixelFormatLike, RenderedImage, Tile
    from .save_options import Encryption, ObjectStreams
    from .search import Matches, SearchFlags
    from .selection import Match, Selection
    from .tools import (
        HandleKind,
        Key,
        Overlay,
        OverlayItem,
        OverlayKind,
        PointerKind,
        Tool,
        ToolEvent,
        ToolEventKind,
        ToolHit,
        ToolManager,
        ToolMode,
        ToolStyle,
    )

__version__ = "1.4.0"

__all__ = [
    "ImportResult",
    "ListedAnnotation",
    "CanvasPointer",
    "Destination",
    "LabelRange",
    "LabelStyle",
    "Fit",
    "Outline",
    "Field",
    "FieldFlag",
    "FieldOption",
    "FieldStyle",
    "FieldType",
    "FieldWidget",
    "Fields",
    "FormInfo",
    "OutlineItem",
    "Layout",
    "LayoutMode",
    "VisiblePage",
    "Zoom",
    "__version__",
    "library_version",
    "library_version_info",
    "open",
    "new",
    "Document",
    "Page",
    "PageList",
    "Metadata",
    "Annotation",
    "AnnotationInfo",
    "AnnotationFlag",
    "BorderStyle",
    "LineEnding",
    "Alignment",
    "FreeTextIntent",
    "ReplyType",
    "Color",
    "Border",
    "Line",
    "Attachment",
    "UndoGroup",
    "UndoHandler",
    "ToolManager",
    "ToolMode",
    "Tool",
    "Key",
    "PointerKind",
    "ToolStyle",
    "ToolEvent",
    "ToolEventKind",
    "ToolHit",
    "Overlay",
    "OverlayItem",
    "OverlayKind",
    "HandleKind",
    "RenderedImage",
    "PixelFormat",
    "PixelFormatLike",
    "Tile",
    "Point",
    "Rect",
    "Quad",
    "Size",
    "Box",
    "Space",
    "Granularity",
    "Char",
    "CharFlags",
    "TextRange",
    "Selection",
    "Match",
    "Matches",
    "wait_for_releases",
    "SearchFlags",
    "PointLike",
    "SpaceLike",
    "GranularityLike",
    "Permission",
    "ObjectStreams",
    "Encryption",
    "LogLevel",
    "LogHandler",
    "set_log_handler",
    "get_log_handler",
    "log_to_logging",
    "Source",
    "PathType",
    "Password",
    "Status",
    "LibraryNotFoundError",
    "Error",
    "ArgumentError",
    "HandleError",
    "ClosedDocumentError",
    "RangeError",
    "NotFoundError",
    "PageDeletedError",
    "MissingFileError",
    "UnsupportedError",
    "NotPermittedError",
    "PermissionDeniedError",
    "CancelledError",
    "ProgressCallable",
    "FileError",
    "FormatError",
    "NotPDFError",
    "DamagedError",
    "PasswordError",
    "PasswordRequiredError",
    "WrongPasswordError",
    "OutOfMemoryError",
    "InternalError",
]


def open(source: Source, password: Optional[Password] = None) -> Document:  # noqa: A001
    """Opens a PDF from a path (str or os.PathLike) or from bytes-like data.

    ``password`` is the user or owner password (str, sent as UTF-8), or None.
    Damaged files are repaired where possible (see
    :attr:`Document.was_repaired`).  Raises MissingFileError (also a
    FileNotFoundError), FileError, FormatError, PasswordRequiredError,
    WrongPasswordError, ... on failure.
    """
    if source is None:
        raise TypeError("source must be a path or bytes-like, not None (use pdftools.new())")
    return Document(source, password)


def new() -> Document:
    """Creates a new, empty document (PDF 1.7, no pages)."""
    return Document()


def wait_for_releases() -> None:
    """Waits until every document closed so far has been released.

    Closing returns at once and the library frees what a document held on a thread of its
    own; call this where the memory must be back now (before measuring memory, say).
    """
    _lib.pdftools_wait_for_releases()


def library_version() -> str:
    """The version of the loaded libpdftools, e.g. "1.0.0"."""
    raw = _lib.pdftools_version_string()
    return raw.decode("ascii", errors="replace") if raw else ""


def library_version_info() -> Tuple[int, int, int]:
    """The version of the loaded libpdftools as (major, minor, patch)."""
    number = int(_lib.pdftools_version_number())
    return number // 10000, number // 100 % 100, number % 100


def __getattr__(name: str) -> Any:
    """Imports the module of a name of :data:`__all__` (or a submodule) when first asked for."""
    import importlib

    module_name = _LAZY.get(name)
    if module_name is not None:
        value = getattr(importlib.import_module(f".{module_name}", __name__), name)
        globals()[name] = value  # found directly from now on
        return value
    if name in _SUBMODULES:
        return importlib.import_module(f".{name}", __name__)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> List[str]:
    """The package's names, those imported when first used included."""
    return sorted(set(globals()) | set(_LAZY) | _SUBMODULES)

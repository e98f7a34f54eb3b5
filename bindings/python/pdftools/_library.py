# SPDX-License-Identifier: GPL-3.0-or-later
"""Loading libpdftools and declaring the ctypes prototype of every C function.

The library is looked up in this order:

1. the path in the environment variable ``PDFTOOLS_LIBRARY`` (when it is set,
   only that path is tried, so a typo is not hidden by another installation);
2. ``ctypes.CDLL("libpdftools.so.1")`` (the SONAME, found by the dynamic loader);
3. ``ctypes.util.find_library("pdftools")``.

A missing library or one with a different major version raises
:class:`pdftools.LibraryNotFoundError`, a subclass of ``ImportError``.
"""

from __future__ import annotations

import ctypes
import os
from ctypes import (
    CFUNCTYPE,
    POINTER,
    Structure,
    c_char,
    c_char_p,
    c_double,
    c_int,
    c_int32,
    c_int64,
    c_size_t,
    c_uint32,
    c_void_p,
)
from typing import Any, Iterator, List, Optional, Sequence, Tuple

from .errors import LibraryNotFoundError

__all__ = [
    "lib",
    "LOG_CALLBACK",
    "UNDO_CALLBACK",
    "CRect",
    "CPoint",
    "CQuad",
    "CColor",
    "CAnnotationInfo",
    "CCharInfo",
    "CTextRange",
    "CSelection",
    "CSearchOptions",
    "CRenderOptions",
    "CSaveOptions",
    "CPointerEvent",
    "COverlayItem",
    "CToolHit",
    "CToolEvent",
    "CToolStyle",
    "TOOL_CALLBACK",
    "PROGRESS_CALLBACK",
    "SAVE_OPTIONS_VERSION",
    "SEARCH_OPTIONS_VERSION",
    "RENDER_OPTIONS_VERSION",
    "POINTER_EVENT_VERSION",
    "TOOL_HIT_VERSION",
    "TOOL_STYLE_VERSION",
    "VERSION_MAJOR",
    "VERSION_MINOR",
    "CImportResult",
    "CReportOptions",
    "CFlattenOptions",
    "IMPORT_RESULT_VERSION",
    "REPORT_OPTIONS_VERSION",
    "FLATTEN_OPTIONS_VERSION",
    "CLabelRange",
    "CDestination",
    "COutlineItem",
    "CLayoutOptions",
    "CLayoutPage",
    "CVisiblePage",
    "LAYOUT_OPTIONS_VERSION",
]

#: The header version this binding was written against.
VERSION_MAJOR = 1
VERSION_MINOR = 3
#: PDFTOOLS_SAVE_OPTIONS_VERSION.
SAVE_OPTIONS_VERSION = 3
#: PDFTOOLS_SEARCH_OPTIONS_VERSION.
SEARCH_OPTIONS_VERSION = 2
#: PDFTOOLS_RENDER_OPTIONS_VERSION.
RENDER_OPTIONS_VERSION = 1
#: PDFTOOLS_POINTER_EVENT_VERSION.
POINTER_EVENT_VERSION = 1
#: PDFTOOLS_TOOL_STYLE_VERSION.
TOOL_STYLE_VERSION = 1
TOOL_HIT_VERSION = 1

_ENV_VAR = "PDFTOOLS_LIBRARY"
_SONAME = "libpdftools.so.1"


class CRect(Structure):
    """``pdftools_rect``: two corners, normalized (x0 <= x1, y0 <= y1)."""

    _fields_ = [("x0", c_double), ("y0", c_double), ("x1", c_double), ("y1", c_double)]


class CPoint(Structure):
    """``pdftools_point``."""

    _fields_ = [("x", c_double), ("y", c_double)]


class CQuad(Structure):
    """``pdftools_quad``: corners in /QuadPoints order (upper left, upper right, lower left, lower right)."""

    _fields_ = [("p1", CPoint), ("p2", CPoint), ("p3", CPoint), ("p4", CPoint)]


class CColor(Structure):
    """``pdftools_color``: an RGB colour, components 0..1."""

    _fields_ = [("r", c_double), ("g", c_double), ("b", c_double)]


class CAnnotationInfo(Structure):
    """``pdftools_annotation_info``: what an annotation list shows of one annotation."""

    _fields_ = [
        ("id", c_int64),
        ("rect", CRect),
        ("color", CColor),
        ("opacity", c_double),
        ("contents_size", c_size_t),
        ("in_reply_to", c_int64),
        ("flags", c_uint32),
        ("has_color", c_int32),
        ("subtype", c_char * 32),
    ]


class CCharInfo(Structure):
    """``pdftools_char_info``: one character of a page's text."""

    _fields_ = [
        ("codepoint", c_uint32),
        ("flags", c_uint32),
        ("box", CRect),
        ("font_size", c_double),
        ("word_index", c_int32),
        ("line_index", c_int32),
    ]


class CTextRange(Structure):
    """``pdftools_text_range``: characters [start, end) of one page."""

    _fields_ = [("start", c_int32), ("end", c_int32)]


class CSelection(Structure):
    """``pdftools_selection``: from (start_page, start_char) to (end_page, end_char), end exclusive."""

    _fields_ = [
        ("start_page", c_int32),
        ("start_char", c_int32),
        ("end_page", c_int32),
        ("end_char", c_int32),
    ]


#: ``pdftools_progress_callback``: (done, total, user_data) -> 0 to go on, 1 to stop.
PROGRESS_CALLBACK = CFUNCTYPE(c_int32, c_int64, c_int64, c_void_p)


class CSearchOptions(Structure):
    """``pdftools_search_options`` (version 2)."""

    _fields_ = [
        ("version", c_uint32),
        ("flags", c_uint32),
        ("first_page", c_int32),
        ("last_page", c_int32),
        ("progress", PROGRESS_CALLBACK),
        ("progress_user_data", c_void_p),
    ]


class CImportResult(Structure):
    """``pdftools_import_result`` (version 1)."""

    _fields_ = [
        ("version", c_uint32),
        ("added", c_int32),
        ("changed", c_int32),
        ("deleted", c_int32),
        ("skipped", c_int32),
    ]


class CReportOptions(Structure):
    """``pdftools_report_options`` (version 1)."""

    _fields_ = [
        ("version", c_uint32),
        ("first_page", c_int32),
        ("last_page", c_int32),
        ("subtypes", c_char_p),
        ("authors", c_char_p),
        ("since", c_char_p),
        ("until", c_char_p),
    ]


class CAnnotationListOptions(Structure):
    """``pdftools_annotation_list_options`` (version 1)."""

    _fields_ = [
        ("version", c_uint32),
        ("first_page", c_int32),
        ("last_page", c_int32),
        ("subtypes", c_char_p),
        ("authors", c_char_p),
        ("since", c_char_p),
        ("until", c_char_p),
        ("text", c_char_p),
        ("order", c_int),
        ("descending", c_int32),
        ("by_page", c_int32),
    ]


class CAnnotationListEntry(Structure):
    """``pdftools_annotation_list_entry``."""

    _fields_ = [("id", c_int64), ("page_index", c_int32), ("depth", c_int32), ("reply_count", c_int32)]


class CFlattenOptions(Structure):
    """``pdftools_flatten_options`` (version 1)."""

    _fields_ = [
        ("version", c_uint32),
        ("pages", POINTER(c_int32)),
        ("page_count", c_int32),
        ("ids", POINTER(c_int64)),
        ("id_count", c_int32),
        ("subtypes", c_char_p),
        ("allow_invalidating_signatures", c_int32),
    ]


#: PDFTOOLS_IMPORT_RESULT_VERSION.
IMPORT_RESULT_VERSION = 1
#: PDFTOOLS_REPORT_OPTIONS_VERSION.
REPORT_OPTIONS_VERSION = 1
ANNOTATION_LIST_OPTIONS_VERSION = 1
#: PDFTOOLS_FLATTEN_OPTIONS_VERSION.
FLATTEN_OPTIONS_VERSION = 1


class CLabelRange(Structure):
    """``pdftools_label_range``: page labels from a page on."""

    _fields_ = [("start_page", c_int32), ("style", c_int), ("first_number", c_int32), ("prefix", c_char_p)]


class CDestination(Structure):
    """``pdftools_destination``: a page and how to show it."""

    _fields_ = [
        ("page_index", c_int32),
        ("fit", c_int),
        ("has", c_uint32),
        ("left", c_double),
        ("top", c_double),
        ("right", c_double),
        ("bottom", c_double),
        ("zoom", c_double),
    ]


class CFormInfo(Structure):
    """``pdftools_form_info``: what a document's form holds."""

    _fields_ = [
        ("has_form", c_int32),
        ("need_appearances", c_int32),
        ("has_xfa", c_int32),
        ("field_count", c_int32),
        ("signed_count", c_int32),
        ("certified_no_changes", c_int32),
    ]


class CFieldInfo(Structure):
    """``pdftools_field_info``: one form field."""

    _fields_ = [
        ("id", c_int64),
        ("type", c_int),
        ("flags", c_uint32),
        ("alignment", c_int32),
        ("max_length", c_int32),
        ("value_count", c_int32),
        ("default_count", c_int32),
        ("option_count", c_int32),
        ("selected_count", c_int32),
        ("widget_count", c_int32),
        ("locked", c_int32),
        ("is_signed", c_int32),
        ("name_size", c_size_t),
    ]


class CFieldWidget(Structure):
    """``pdftools_field_widget``: one widget of a field."""

    _fields_ = [
        ("annotation", c_int64),
        ("page_index", c_int32),
        ("rect", CRect),
        ("on", c_int32),
        ("on_state_size", c_size_t),
    ]


class CFieldStyle(Structure):
    """``pdftools_field_style``: the look of a field's widgets."""

    _fields_ = [
        ("version", c_uint32),
        ("font", c_char_p),
        ("font_size", c_double),
        ("text_color", CColor),
        ("has_border", c_int32),
        ("border_color", CColor),
        ("has_background", c_int32),
        ("background_color", CColor),
        ("border_width", c_double),
        ("border_style", c_int),
        ("alignment", c_int32),
    ]


class CFieldSpec(Structure):
    """``pdftools_field_spec``: a new form field."""

    _fields_ = [
        ("version", c_uint32),
        ("type", c_int),
        ("name", c_char_p),
        ("page_index", c_int32),
        ("rect", CRect),
        ("flags", c_uint32),
        ("options", POINTER(c_char_p)),
        ("option_names", POINTER(c_char_p)),
        ("option_count", c_int32),
        ("default_value", c_char_p),
        ("max_length", c_int32),
        ("tooltip", c_char_p),
        ("style", CFieldStyle),
    ]


class COutlineItem(Structure):
    """``pdftools_outline_item``: one outline item as the outline lists it."""

    _fields_ = [
        ("id", c_int64),
        ("parent", c_int64),
        ("depth", c_int32),
        ("child_count", c_int32),
        ("target", c_int),
        ("destination", CDestination),
        ("color", CColor),
        ("has_color", c_int32),
        ("bold", c_int32),
        ("italic", c_int32),
        ("open", c_int32),
        ("title_size", c_size_t),
    ]


class CLayoutOptions(Structure):
    """``pdftools_layout_options`` (version 1)."""

    _fields_ = [
        ("version", c_uint32),
        ("mode", c_int),
        ("cover_page", c_int32),
        ("right_to_left", c_int32),
        ("page_gap", c_double),
        ("margin", c_double),
        ("zoom", c_int),
        ("scale", c_double),
        ("viewport_width", c_double),
        ("viewport_height", c_double),
    ]


class CLayoutPage(Structure):
    """``pdftools_layout_page``: an unrotated size and a rotation."""

    _fields_ = [("width", c_double), ("height", c_double), ("rotation", c_int32)]


class CVisiblePage(Structure):
    """``pdftools_visible_page``: a page in a viewport."""

    _fields_ = [("page_index", c_int32), ("canvas_rect", CRect), ("visible_rect", CRect)]


#: PDFTOOLS_LAYOUT_OPTIONS_VERSION.
LAYOUT_OPTIONS_VERSION = 1


class CRenderOptions(Structure):
    """``pdftools_render_options`` (version 1)."""

    _fields_ = [
        ("version", c_uint32),
        ("scale", c_double),
        ("format", c_int32),
        ("tile_x", c_int32),
        ("tile_y", c_int32),
        ("background", c_uint32),
        ("draw_annotations", c_int32),
    ]


class CSaveOptions(Structure):
    """``pdftools_save_options`` (version 3)."""

    _fields_ = [
        ("version", c_uint32),
        ("mode", c_int32),
        ("compress_streams", c_int32),
        ("object_streams", c_int32),
        ("linearize", c_int32),
        ("encryption", c_int32),
        ("overwrite_readonly", c_int32),
        ("progress", PROGRESS_CALLBACK),
        ("progress_user_data", c_void_p),
    ]


class CPointerEvent(Structure):
    """``pdftools_pointer_event`` (version 1): one pointer event in a page's display space."""

    _fields_ = [
        ("version", c_uint32),
        ("page_index", c_int32),
        ("x", c_double),
        ("y", c_double),
        ("modifiers", c_uint32),
        ("pointer_kind", c_int32),
        ("pressure", c_double),
        ("timestamp", c_double),
    ]


class COverlayItem(Structure):
    """``pdftools_overlay_item``: one item of a page's tool overlay."""

    _fields_ = [
        ("kind", c_int32),
        ("handle_kind", c_int32),
        ("handle_id", c_int32),
        ("first_point", c_int32),
        ("point_count", c_int32),
        ("stroke", c_uint32),
        ("fill", c_uint32),
        ("width", c_double),
        ("dash", c_double),
        ("annotation", c_int64),
    ]


class CToolHit(Structure):
    """``pdftools_tool_hit``: what lies under the pointer."""

    _fields_ = [
        ("version", c_uint32),
        ("annotation", c_int64),
        ("handle_kind", c_int32),
        ("handle_id", c_int32),
        ("is_link", c_int32),
        ("on_text", c_int32),
    ]


class CToolEvent(Structure):
    """``pdftools_tool_event``: what a tool manager reports to its callback."""

    _fields_ = [
        ("size", c_size_t),
        ("kind", c_int32),
        ("tool", c_int32),
        ("page_index", c_int32),
        ("target_page", c_int32),
        ("ids", POINTER(c_int64)),
        ("id_count", c_int32),
        ("text", c_char_p),
    ]


class CToolStyle(Structure):
    """``pdftools_tool_style`` (version 1): a tool's default style or preset."""

    _fields_ = [
        ("version", c_uint32),
        ("has_color", c_int32),
        ("color", CColor),
        ("has_fill", c_int32),
        ("fill", CColor),
        ("opacity", c_double),
        ("width", c_double),
        ("border_style", c_int32),
        ("dash_count", c_int32),
        ("dashes", c_double * 8),
        ("cloudy", c_double),
        ("line_start", c_int32),
        ("line_end", c_int32),
        ("font", c_char * 64),
        ("font_size", c_double),
        ("text_color", CColor),
        ("icon", c_char * 64),
    ]


#: ``pdftools_log_callback``: (level, source, message, user_data) -> void.
LOG_CALLBACK = CFUNCTYPE(None, c_int, c_char_p, c_char_p, c_void_p)
#: ``pdftools_undo_callback``: (document, user_data) -> void.
UNDO_CALLBACK = CFUNCTYPE(None, c_void_p, c_void_p)
#: ``pdftools_tool_callback``: (manager, event, user_data) -> void.
TOOL_CALLBACK = CFUNCTYPE(None, c_void_p, POINTER(CToolEvent), c_void_p)

_status = c_int  # pdftools_status (a C enum: int-sized)
_enum = c_int
_doc = c_void_p  # pdftools_document *
_buf = POINTER(c_char)  # char *buf of the two-call pattern (NULL allowed)
_annot_id = c_int64  # pdftools_annotation_id
_tm = c_void_p  # pdftools_tool_manager *
_layout = c_void_p  # pdftools_layout *
_event = POINTER(CPointerEvent)
_style = POINTER(CToolStyle)

# name: (restype, argtypes) -- one entry per function of include/pdftools.h.
_PROTOTYPES: List[Tuple[str, Any, Sequence[Any]]] = [
    # Versions
    ("pdftools_version_number", c_int32, []),
    ("pdftools_version_string", c_char_p, []),
    # Status codes and errors
    ("pdftools_status_string", c_char_p, [_status]),
    ("pdftools_last_error_message", c_char_p, []),
    ("pdftools_free", None, [c_void_p]),
    ("pdftools_wait_for_releases", None, []),
    # Logging
    ("pdftools_set_log_callback", None, [LOG_CALLBACK, _enum, c_void_p]),
    # Documents
    ("pdftools_document_open", _status, [c_char_p, c_char_p, POINTER(_doc)]),
    ("pdftools_document_open_from_memory", _status, [c_void_p, c_size_t, c_char_p, POINTER(_doc)]),
    ("pdftools_document_new", _status, [POINTER(_doc)]),
    ("pdftools_document_close", None, [_doc]),
    ("pdftools_document_get_page_count", _status, [_doc, POINTER(c_int32)]),
    ("pdftools_document_was_repaired", _status, [_doc, POINTER(c_int32)]),
    (
        "pdftools_document_get_pdf_version",
        _status,
        [_doc, POINTER(c_int32), POINTER(c_int32), POINTER(c_int32)],
    ),
    ("pdftools_document_is_encrypted", _status, [_doc, POINTER(c_int32)]),
    ("pdftools_document_get_permissions", _status, [_doc, POINTER(c_uint32)]),
    ("pdftools_document_has_signature_fields", _status, [_doc, POINTER(c_int32)]),
    ("pdftools_document_is_modified", _status, [_doc, POINTER(c_int32)]),
    # Metadata
    (
        "pdftools_document_get_metadata",
        _status,
        [_doc, c_char_p, _buf, c_size_t, POINTER(c_size_t)],
    ),
    ("pdftools_document_set_metadata", _status, [_doc, c_char_p, c_char_p]),
    ("pdftools_document_get_metadata_count", _status, [_doc, POINTER(c_int32)]),
    (
        "pdftools_document_get_metadata_key",
        _status,
        [_doc, c_int32, _buf, c_size_t, POINTER(c_size_t)],
    ),
    # Pages
    ("pdftools_page_get_box", _status, [_doc, c_int32, _enum, POINTER(CRect)]),
    ("pdftools_page_get_rotation", _status, [_doc, c_int32, POINTER(c_int32)]),
    ("pdftools_page_get_user_unit", _status, [_doc, c_int32, POINTER(c_double)]),
    ("pdftools_page_get_size", _status, [_doc, c_int32, POINTER(c_double), POINTER(c_double)]),
    ("pdftools_page_get_label", _status, [_doc, c_int32, _buf, c_size_t, POINTER(c_size_t)]),
    ("pdftools_document_insert_blank_page", _status, [_doc, c_int32, c_double, c_double]),
    # Coordinate spaces
    (
        "pdftools_page_convert_points",
        _status,
        [_doc, c_int32, _enum, _enum, POINTER(CPoint), c_int32, POINTER(CPoint)],
    ),
    ("pdftools_page_convert_rect", _status, [_doc, c_int32, _enum, _enum, CRect, POINTER(CRect)]),
    # Text
    ("pdftools_page_get_text", _status, [_doc, c_int32, _buf, c_size_t, POINTER(c_size_t)]),
    (
        "pdftools_page_get_chars",
        _status,
        [_doc, c_int32, c_size_t, POINTER(CCharInfo), c_int32, POINTER(c_int32)],
    ),
    (
        "pdftools_page_get_char_font",
        _status,
        [_doc, c_int32, c_int32, _buf, c_size_t, POINTER(c_size_t)],
    ),
    (
        "pdftools_page_get_text_units",
        _status,
        [_doc, c_int32, c_int32, POINTER(CTextRange), c_int32, POINTER(c_int32)],
    ),
    (
        "pdftools_page_hit_test",
        _status,
        [_doc, c_int32, _enum, CPoint, c_double, c_int32, _enum, POINTER(CTextRange)],
    ),
    # Selection
    (
        "pdftools_document_select",
        _status,
        [_doc, c_int32, CPoint, c_int32, CPoint, _enum, _enum, POINTER(CSelection)],
    ),
    (
        "pdftools_selection_get_rects",
        _status,
        [_doc, POINTER(CSelection), c_int32, _enum, POINTER(CRect), c_int32, POINTER(c_int32)],
    ),
    (
        "pdftools_selection_get_quads",
        _status,
        [_doc, POINTER(CSelection), c_int32, _enum, POINTER(CQuad), c_int32, POINTER(c_int32)],
    ),
    (
        "pdftools_selection_get_text",
        _status,
        [_doc, POINTER(CSelection), _buf, c_size_t, POINTER(c_size_t)],
    ),
    # Search
    (
        "pdftools_document_search",
        _status,
        [_doc, c_char_p, POINTER(CSearchOptions), POINTER(CSelection), c_int32, POINTER(c_int32)],
    ),
    (
        "pdftools_document_search_next",
        _status,
        [
            _doc,
            c_char_p,
            POINTER(CSearchOptions),
            POINTER(CSelection),
            c_int32,
            POINTER(CSelection),
        ],
    ),
    # Annotations
    (
        "pdftools_page_get_annotations",
        _status,
        [_doc, c_int32, POINTER(_annot_id), c_int32, POINTER(c_int32)],
    ),
    ("pdftools_document_set_cache_limit", _status, [_doc, c_size_t]),
    (
        "pdftools_document_get_text",
        _status,
        [_doc, c_int32, c_int32, PROGRESS_CALLBACK, c_void_p, POINTER(POINTER(c_char)), POINTER(c_size_t)],
    ),
    (
        "pdftools_page_get_annotation_infos",
        _status,
        [_doc, c_int32, c_size_t, POINTER(CAnnotationInfo), c_int32, POINTER(c_int32)],
    ),
    ("pdftools_annotation_get_page", _status, [_doc, _annot_id, POINTER(c_int32)]),
    (
        "pdftools_annotation_get_subtype",
        _status,
        [_doc, _annot_id, _buf, c_size_t, POINTER(c_size_t)],
    ),
    ("pdftools_annotation_get_rect", _status, [_doc, _annot_id, POINTER(CRect)]),
    (
        "pdftools_annotation_get_text",
        _status,
        [_doc, _annot_id, c_char_p, _buf, c_size_t, POINTER(c_size_t)],
    ),
    (
        "pdftools_annotation_get_missing_characters",
        _status,
        [_doc, _annot_id, _buf, c_size_t, POINTER(c_size_t)],
    ),
    (
        "pdftools_annotation_get_raw",
        _status,
        [_doc, _annot_id, c_char_p, _buf, c_size_t, POINTER(c_size_t)],
    ),
    ("pdftools_annotation_set_raw", _status, [_doc, _annot_id, c_char_p, c_char_p]),
    ("pdftools_annotation_delete", _status, [_doc, _annot_id]),
    # Creating and changing annotations
    (
        "pdftools_annotation_create",
        _status,
        [_doc, c_int32, c_char_p, CRect, POINTER(_annot_id)],
    ),
    ("pdftools_annotation_set_rect", _status, [_doc, _annot_id, CRect]),
    ("pdftools_annotation_translate", _status, [_doc, _annot_id, c_double, c_double]),
    ("pdftools_document_generate_appearances", _status, [_doc, c_int32, POINTER(c_int32)]),
    ("pdftools_annotation_set_color", _status, [_doc, _annot_id, _enum, POINTER(CColor)]),
    (
        "pdftools_annotation_get_color",
        _status,
        [_doc, _annot_id, _enum, POINTER(CColor), POINTER(c_int32)],
    ),
    ("pdftools_annotation_set_opacity", _status, [_doc, _annot_id, c_double]),
    ("pdftools_annotation_get_opacity", _status, [_doc, _annot_id, POINTER(c_double)]),
    (
        "pdftools_annotation_set_border",
        _status,
        [_doc, _annot_id, c_double, _enum, POINTER(c_double), c_int32],
    ),
    (
        "pdftools_annotation_get_border",
        _status,
        [_doc, _annot_id, POINTER(c_double), POINTER(_enum)],
    ),
    ("pdftools_annotation_set_cloudy", _status, [_doc, _annot_id, c_double]),
    ("pdftools_annotation_set_text", _status, [_doc, _annot_id, c_char_p, c_char_p]),
    ("pdftools_annotation_set_flags", _status, [_doc, _annot_id, c_uint32]),
    ("pdftools_annotation_get_flags", _status, [_doc, _annot_id, POINTER(c_uint32)]),
    ("pdftools_annotation_set_quads", _status, [_doc, _annot_id, POINTER(CQuad), c_int32]),
    (
        "pdftools_annotation_get_quads",
        _status,
        [_doc, _annot_id, POINTER(CQuad), c_int32, POINTER(c_int32)],
    ),
    (
        "pdftools_annotation_set_ink",
        _status,
        [_doc, _annot_id, POINTER(CPoint), POINTER(c_int32), c_int32],
    ),
    (
        "pdftools_annotation_get_ink",
        _status,
        [
            _doc,
            _annot_id,
            POINTER(CPoint),
            c_int32,
            POINTER(c_int32),
            POINTER(c_int32),
            c_int32,
            POINTER(c_int32),
        ],
    ),
    ("pdftools_annotation_set_vertices", _status, [_doc, _annot_id, POINTER(CPoint), c_int32]),
    (
        "pdftools_annotation_get_vertices",
        _status,
        [_doc, _annot_id, POINTER(CPoint), c_int32, POINTER(c_int32)],
    ),
    (
        "pdftools_annotation_set_line",
        _status,
        [_doc, _annot_id, CPoint, CPoint, _enum, _enum, c_double, c_double],
    ),
    (
        "pdftools_annotation_get_line",
        _status,
        [_doc, _annot_id, POINTER(CPoint), POINTER(CPoint), POINTER(_enum), POINTER(_enum)],
    ),
    ("pdftools_annotation_set_line_endings", _status, [_doc, _annot_id, _enum, _enum]),
    ("pdftools_annotation_set_icon", _status, [_doc, _annot_id, c_char_p]),
    ("pdftools_annotation_set_open", _status, [_doc, _annot_id, c_int32]),
    (
        "pdftools_annotation_set_free_text",
        _status,
        [_doc, _annot_id, c_char_p, c_double, POINTER(CColor), c_int32, c_char_p],
    ),
    (
        "pdftools_annotation_get_free_text",
        _status,
        [
            _doc,
            _annot_id,
            _buf,
            c_size_t,
            POINTER(c_size_t),
            POINTER(c_double),
            POINTER(CColor),
            POINTER(c_int32),
        ],
    ),
    ("pdftools_annotation_set_callout", _status, [_doc, _annot_id, POINTER(CPoint), c_int32]),
    (
        "pdftools_annotation_add_popup",
        _status,
        [_doc, _annot_id, CRect, c_int32, POINTER(_annot_id)],
    ),
    ("pdftools_annotation_set_reply", _status, [_doc, _annot_id, _annot_id, c_char_p]),
    ("pdftools_annotation_get_reply", _status, [_doc, _annot_id, POINTER(_annot_id)]),
    ("pdftools_annotation_set_z_index", _status, [_doc, _annot_id, c_int32]),
    ("pdftools_annotation_set_link_uri", _status, [_doc, _annot_id, c_char_p]),
    ("pdftools_annotation_set_link_page", _status, [_doc, _annot_id, c_int32]),
    (
        "pdftools_annotation_get_link_uri",
        _status,
        [_doc, _annot_id, _buf, c_size_t, POINTER(c_size_t)],
    ),
    ("pdftools_annotation_get_link_page", _status, [_doc, _annot_id, POINTER(c_int32)]),
    (
        "pdftools_annotation_set_attachment",
        _status,
        [_doc, _annot_id, c_char_p, c_void_p, c_size_t],
    ),
    (
        "pdftools_annotation_get_attachment",
        _status,
        [
            _doc,
            _annot_id,
            POINTER(c_void_p),
            POINTER(c_size_t),
            _buf,
            c_size_t,
            POINTER(c_size_t),
        ],
    ),
    ("pdftools_annotation_set_stamp_image", _status, [_doc, _annot_id, c_void_p, c_size_t]),
    # Undo and redo
    ("pdftools_undo_undo", _status, [_doc, POINTER(c_int32)]),
    ("pdftools_undo_redo", _status, [_doc, POINTER(c_int32)]),
    ("pdftools_undo_get_state", _status, [_doc, POINTER(c_int32), POINTER(c_int32)]),
    ("pdftools_undo_get_label", _status, [_doc, c_int32, _buf, c_size_t, POINTER(c_size_t)]),
    ("pdftools_undo_begin_group", _status, [_doc, c_char_p]),
    ("pdftools_undo_end_group", _status, [_doc]),
    ("pdftools_undo_set_limits", _status, [_doc, c_int32, c_size_t]),
    ("pdftools_undo_set_enabled", _status, [_doc, c_int32]),
    ("pdftools_undo_clear", _status, [_doc]),
    ("pdftools_undo_set_callback", _status, [_doc, UNDO_CALLBACK, c_void_p]),
    # Rendering
    (
        "pdftools_page_get_render_size",
        _status,
        [_doc, c_int32, c_double, POINTER(c_int32), POINTER(c_int32)],
    ),
    (
        "pdftools_page_render",
        _status,
        [_doc, c_int32, POINTER(CRenderOptions), c_void_p, c_int32, c_int32, c_size_t],
    ),
    # Saving
    ("pdftools_document_save", _status, [_doc, c_char_p, POINTER(CSaveOptions)]),
    (
        "pdftools_document_save_to_memory",
        _status,
        [_doc, POINTER(CSaveOptions), POINTER(c_void_p), POINTER(c_size_t)],
    ),
    # Exchange: XFDF, change sets, reports, flattening
    (
        "pdftools_document_export_xfdf",
        _status,
        [_doc, POINTER(c_int32), c_int32, POINTER(_annot_id), c_int32, POINTER(POINTER(c_char)), POINTER(c_size_t)],
    ),
    ("pdftools_document_import_xfdf", _status, [_doc, c_char_p, POINTER(CImportResult)]),
    ("pdftools_document_get_state_id", _status, [_doc, POINTER(c_int64)]),
    (
        "pdftools_document_export_changes",
        _status,
        [_doc, c_int64, POINTER(POINTER(c_char)), POINTER(c_size_t)],
    ),
    ("pdftools_document_import_changes", _status, [_doc, c_char_p, POINTER(CImportResult)]),
    (
        "pdftools_document_get_annotation_report",
        _status,
        [_doc, POINTER(CReportOptions), _enum, POINTER(POINTER(c_char)), POINTER(c_size_t)],
    ),
    ("pdftools_document_flatten", _status, [_doc, POINTER(CFlattenOptions), POINTER(c_int32)]),
    # Annotation tools
    ("pdftools_tool_manager_new", _status, [_doc, POINTER(_tm)]),
    ("pdftools_tool_manager_free", None, [_tm]),
    ("pdftools_tool_set_mode", _status, [_tm, _enum]),
    ("pdftools_tool_get_mode", _status, [_tm, POINTER(_enum)]),
    ("pdftools_tool_set_tool", _status, [_tm, _enum, c_int32]),
    ("pdftools_tool_get_tool", _status, [_tm, POINTER(_enum), POINTER(c_int32)]),
    ("pdftools_tool_name", c_char_p, [_enum]),
    ("pdftools_tool_from_name", _status, [c_char_p, POINTER(_enum)]),
    ("pdftools_tool_pointer_down", _status, [_tm, _event, POINTER(c_int32)]),
    ("pdftools_tool_pointer_move", _status, [_tm, _event, POINTER(c_int32)]),
    ("pdftools_tool_pointer_up", _status, [_tm, _event, POINTER(c_int32)]),
    ("pdftools_tool_pointer_cancel", _status, [_tm, c_int32]),
    ("pdftools_tool_tap", _status, [_tm, _event, POINTER(c_int32)]),
    ("pdftools_tool_canvas_event", _status, [_tm, c_void_p, _enum, _event, POINTER(c_int32)]),
    ("pdftools_tool_double_tap", _status, [_tm, _event, POINTER(c_int32)]),
    ("pdftools_tool_long_press", _status, [_tm, _event, POINTER(c_int32)]),
    ("pdftools_tool_key", _status, [_tm, c_int32, c_uint32, POINTER(c_int32)]),
    ("pdftools_tool_hit_test", _status, [_tm, _event, POINTER(CToolHit)]),
    ("pdftools_tool_input_text", _status, [_tm, c_char_p, POINTER(c_int32)]),
    ("pdftools_tool_commit_text", _status, [_tm, c_char_p]),
    ("pdftools_tool_provide_image", _status, [_tm, c_void_p, c_size_t]),
    ("pdftools_tool_provide_file", _status, [_tm, c_char_p, c_void_p, c_size_t]),
    (
        "pdftools_tool_provide_ink",
        _status,
        [_tm, POINTER(CPoint), POINTER(c_int32), c_int32],
    ),
    ("pdftools_tool_provide_link_uri", _status, [_tm, c_char_p]),
    ("pdftools_tool_provide_link_page", _status, [_tm, c_int32]),
    ("pdftools_tool_cancel_request", _status, [_tm]),
    ("pdftools_tool_get_selection", _status, [_tm, POINTER(_annot_id), c_int32, POINTER(c_int32)]),
    ("pdftools_tool_select", _status, [_tm, POINTER(_annot_id), c_int32]),
    ("pdftools_tool_get_selected_text", _status, [_tm, _buf, c_size_t, POINTER(c_size_t)]),
    ("pdftools_tool_delete_selection", _status, [_tm]),
    (
        "pdftools_tool_get_overlay",
        _status,
        [
            _tm,
            c_int32,
            c_size_t,
            POINTER(COverlayItem),
            c_int32,
            POINTER(CPoint),
            c_int32,
            POINTER(c_int32),
            POINTER(c_int32),
            POINTER(CRect),
        ],
    ),
    ("pdftools_tool_set_callback", _status, [_tm, TOOL_CALLBACK, c_void_p]),
    # Defaults of the growing structs, by version (the binding sets its structs' fields itself)
    ("pdftools_search_options_init", _status, [POINTER(CSearchOptions), c_uint32]),
    ("pdftools_render_options_init", _status, [POINTER(CRenderOptions), c_uint32]),
    ("pdftools_save_options_init", _status, [POINTER(CSaveOptions), c_uint32]),
    ("pdftools_pointer_event_init", _status, [_event, c_uint32]),
    ("pdftools_tool_hit_init", _status, [POINTER(CToolHit), c_uint32]),
    ("pdftools_tool_style_init", _status, [_style, c_uint32]),
    ("pdftools_report_options_init", _status, [POINTER(CReportOptions), c_uint32]),
    ("pdftools_flatten_options_init", _status, [POINTER(CFlattenOptions), c_uint32]),
    ("pdftools_tool_get_style", _status, [_tm, _enum, _style]),
    ("pdftools_tool_set_style", _status, [_tm, _enum, _style]),
    ("pdftools_tool_apply_style", _status, [_tm, _enum, _style, ctypes.c_uint32]),
    ("pdftools_tool_set_default_style", _status, [_tm, _enum, _style]),
    ("pdftools_tool_add_preset", _status, [_tm, _enum, c_char_p, _style]),
    ("pdftools_tool_get_preset_count", _status, [_tm, _enum, POINTER(c_int32)]),
    (
        "pdftools_tool_get_preset",
        _status,
        [_tm, _enum, c_int32, _style, _buf, c_size_t, POINTER(c_size_t)],
    ),
    ("pdftools_tool_remove_preset", _status, [_tm, _enum, c_int32]),
    ("pdftools_tool_export_styles", _status, [_tm, _buf, c_size_t, POINTER(c_size_t)]),
    ("pdftools_tool_import_styles", _status, [_tm, c_char_p]),
    # Page labels and rotation
    ("pdftools_document_get_label_range_count", _status, [_doc, POINTER(c_int32)]),
    (
        "pdftools_document_get_label_range",
        _status,
        [_doc, c_int32, POINTER(c_int32), POINTER(_enum), POINTER(c_int32), _buf, c_size_t, POINTER(c_size_t)],
    ),
    ("pdftools_document_set_label_ranges", _status, [_doc, POINTER(CLabelRange), c_int32]),
    ("pdftools_page_set_rotation", _status, [_doc, c_int32, c_int32]),
    # Annotation list
    (
        "pdftools_document_list_annotations",
        _status,
        [_doc, POINTER(CAnnotationListOptions), c_size_t, POINTER(CAnnotationListEntry), c_int32, POINTER(c_int32)],
    ),
    ("pdftools_annotation_list_options_init", _status, [POINTER(CAnnotationListOptions), c_uint32]),
    # Page editing
    ("pdftools_page_get_id", _status, [_doc, c_int32, POINTER(c_int64)]),
    ("pdftools_document_find_page", _status, [_doc, c_int64, POINTER(c_int32)]),
    ("pdftools_document_delete_pages", _status, [_doc, c_int32, c_int32]),
    ("pdftools_document_move_pages", _status, [_doc, c_int32, c_int32, c_int32]),
    ("pdftools_document_duplicate_page", _status, [_doc, c_int32, POINTER(c_int32)]),
    ("pdftools_document_insert_pages", _status, [_doc, c_int32, _doc, POINTER(c_int32), c_int32]),
    ("pdftools_document_extract_pages", _status, [_doc, POINTER(c_int32), c_int32, POINTER(c_void_p)]),
    ("pdftools_page_set_box", _status, [_doc, c_int32, _enum, POINTER(CRect)]),
    # Forms
    ("pdftools_form_get_info", _status, [_doc, c_size_t, POINTER(CFormInfo)]),
    ("pdftools_form_get_fields", _status, [_doc, c_size_t, POINTER(CFieldInfo), c_int32, POINTER(c_int32)]),
    ("pdftools_field_get_info", _status, [_doc, c_int64, c_size_t, POINTER(CFieldInfo)]),
    ("pdftools_form_find_field", _status, [_doc, c_char_p, POINTER(c_int64)]),
    ("pdftools_form_get_widget_field", _status, [_doc, c_int64, POINTER(c_int64)]),
    ("pdftools_field_get_text", _status, [_doc, c_int64, _enum, _buf, c_size_t, POINTER(c_size_t)]),
    ("pdftools_field_get_value", _status, [_doc, c_int64, c_int32, _buf, c_size_t, POINTER(c_size_t)]),
    ("pdftools_field_get_default_value", _status, [_doc, c_int64, c_int32, _buf, c_size_t, POINTER(c_size_t)]),
    ("pdftools_field_get_option", _status, [_doc, c_int64, c_int32, c_int32, _buf, c_size_t, POINTER(c_size_t)]),
    ("pdftools_field_get_selected", _status, [_doc, c_int64, POINTER(c_int32), c_int32, POINTER(c_int32)]),
    (
        "pdftools_field_get_widgets",
        _status,
        [_doc, c_int64, c_size_t, POINTER(CFieldWidget), c_int32, POINTER(c_int32)],
    ),
    ("pdftools_field_get_widget_state", _status, [_doc, c_int64, c_int32, _buf, c_size_t, POINTER(c_size_t)]),
    ("pdftools_field_set_value", _status, [_doc, c_int64, c_char_p]),
    ("pdftools_field_set_checked", _status, [_doc, c_int64, c_int32]),
    ("pdftools_field_set_selection", _status, [_doc, c_int64, POINTER(c_int32), c_int32]),
    ("pdftools_field_reset", _status, [_doc, c_int64]),
    ("pdftools_form_reset", _status, [_doc, POINTER(c_int32)]),
    ("pdftools_form_export_xfdf", _status, [_doc, POINTER(POINTER(c_char)), POINTER(c_size_t)]),
    ("pdftools_form_import_xfdf", _status, [_doc, c_char_p, POINTER(c_int32), POINTER(c_int32)]),
    ("pdftools_form_add_field", _status, [_doc, POINTER(CFieldSpec), POINTER(c_int64)]),
    ("pdftools_field_add_widget", _status, [_doc, c_int64, c_int32, POINTER(CRect), c_char_p, POINTER(c_int64)]),
    ("pdftools_field_delete", _status, [_doc, c_int64]),
    ("pdftools_field_rename", _status, [_doc, c_int64, c_char_p]),
    ("pdftools_field_set_flags", _status, [_doc, c_int64, c_uint32]),
    ("pdftools_field_set_options", _status, [_doc, c_int64, POINTER(c_char_p), POINTER(c_char_p), c_int32]),
    ("pdftools_field_set_default_value", _status, [_doc, c_int64, c_char_p]),
    ("pdftools_field_set_tooltip", _status, [_doc, c_int64, c_char_p]),
    ("pdftools_field_set_max_length", _status, [_doc, c_int64, c_int32]),
    ("pdftools_field_set_style", _status, [_doc, c_int64, POINTER(CFieldStyle)]),
    # Outline
    (
        "pdftools_document_get_outline",
        _status,
        [_doc, c_size_t, POINTER(COutlineItem), c_int32, POINTER(c_int32)],
    ),
    ("pdftools_outline_get_item", _status, [_doc, c_int64, c_size_t, POINTER(COutlineItem)]),
    ("pdftools_outline_get_title", _status, [_doc, c_int64, _buf, c_size_t, POINTER(c_size_t)]),
    ("pdftools_outline_get_action", _status, [_doc, c_int64, _buf, c_size_t, POINTER(c_size_t)]),
    (
        "pdftools_outline_add",
        _status,
        [_doc, c_int64, c_int32, c_char_p, POINTER(CDestination), POINTER(c_int64)],
    ),
    ("pdftools_outline_remove", _status, [_doc, c_int64]),
    ("pdftools_outline_move", _status, [_doc, c_int64, c_int64, c_int32]),
    ("pdftools_outline_set_title", _status, [_doc, c_int64, c_char_p]),
    ("pdftools_outline_set_destination", _status, [_doc, c_int64, POINTER(CDestination)]),
    ("pdftools_outline_set_style", _status, [_doc, c_int64, POINTER(CColor), c_int32, c_int32]),
    ("pdftools_outline_set_open", _status, [_doc, c_int64, c_int32]),
    # Viewer layout
    ("pdftools_layout_options_init", _status, [POINTER(CLayoutOptions), c_uint32]),
    (
        "pdftools_layout_new",
        _status,
        [POINTER(CLayoutPage), c_int32, POINTER(CLayoutOptions), POINTER(_layout)],
    ),
    ("pdftools_layout_new_for_document", _status, [_doc, POINTER(CLayoutOptions), POINTER(_layout)]),
    ("pdftools_layout_free", None, [_layout]),
    ("pdftools_layout_set_options", _status, [_layout, POINTER(CLayoutOptions)]),
    ("pdftools_layout_get_options", _status, [_layout, POINTER(CLayoutOptions)]),
    ("pdftools_layout_set_page", _status, [_layout, c_int32, POINTER(CLayoutPage)]),
    ("pdftools_layout_set_subset", _status, [_layout, POINTER(c_int32), c_int32]),
    ("pdftools_layout_set_current_page", _status, [_layout, c_int32]),
    ("pdftools_layout_get_current_page", _status, [_layout, POINTER(c_int32)]),
    ("pdftools_layout_get_scale", _status, [_layout, POINTER(c_double)]),
    ("pdftools_layout_get_canvas_size", _status, [_layout, POINTER(c_double), POINTER(c_double)]),
    ("pdftools_layout_get_page_rect", _status, [_layout, c_int32, POINTER(CRect)]),
    (
        "pdftools_layout_get_page_at",
        _status,
        [_layout, c_double, c_double, POINTER(c_int32), POINTER(c_double), POINTER(c_double)],
    ),
    (
        "pdftools_layout_get_visible_pages",
        _status,
        [_layout, POINTER(CRect), c_size_t, POINTER(CVisiblePage), c_int32, POINTER(c_int32)],
    ),
    (
        "pdftools_layout_canvas_to_page",
        _status,
        [_layout, c_int32, c_double, c_double, POINTER(c_double), POINTER(c_double)],
    ),
    (
        "pdftools_layout_page_to_canvas",
        _status,
        [_layout, c_int32, c_double, c_double, POINTER(c_double), POINTER(c_double)],
    ),
    (
        "pdftools_layout_get_scroll_position",
        _status,
        [_layout, c_int32, c_double, c_double, POINTER(c_double), POINTER(c_double)],
    ),
]


def _candidates() -> Iterator[Tuple[str, Optional[str]]]:
    """(description, name for CDLL or None when not found) pairs, in order.

    Each is looked up only once the ones before it failed to load: ``find_library`` runs
    programs (ldconfig, the compiler) and its module imports :mod:`subprocess`.
    """
    explicit = os.environ.get(_ENV_VAR)
    if explicit:
        yield f"${_ENV_VAR}={explicit}", explicit
        return
    yield _SONAME, _SONAME
    import ctypes.util

    yield "find_library('pdftools')", ctypes.util.find_library("pdftools")


def _open_library() -> ctypes.CDLL:
    """Loads the first candidate that loads; raises LibraryNotFoundError otherwise."""
    failures: List[str] = []
    for description, name in _candidates():
        if name is None:
            failures.append(f"{description}: not found")
            continue
        try:
            return ctypes.CDLL(name)
        except OSError as exc:
            failures.append(f"{description}: {exc}")
    raise LibraryNotFoundError(
        "libpdftools could not be loaded; set PDFTOOLS_LIBRARY to the path of "
        "libpdftools.so.1 or install it where the dynamic loader finds it. Tried: "
        + "; ".join(failures),
        name="pdftools",
    )


def _check_version(library: ctypes.CDLL, path: str) -> None:
    """Refuses a library whose major version differs or that is older than the binding (1.1)."""
    try:
        version_number = library.pdftools_version_number
    except AttributeError as exc:
        raise LibraryNotFoundError(f"{path} is not libpdftools (no pdftools_version_number)") from exc
    version_number.restype = c_int32
    version_number.argtypes = []
    number = int(version_number())
    major, minor = divmod(number, 10000)
    minor //= 100
    if major != VERSION_MAJOR or minor < VERSION_MINOR:
        raise LibraryNotFoundError(
            f"{path} has version {major}.{minor} (number {number}); this binding needs "
            f"{VERSION_MAJOR}.x with x >= {VERSION_MINOR}"
        )


def _declare(library: ctypes.CDLL, path: str) -> None:
    """Sets restype/argtypes of every function of the header."""
    for name, restype, argtypes in _PROTOTYPES:
        try:
            function = getattr(library, name)
        except AttributeError as exc:
            raise LibraryNotFoundError(f"{path} lacks the function {name}") from exc
        function.restype = restype
        function.argtypes = list(argtypes)


def load() -> ctypes.CDLL:
    """Loads libpdftools, checks its version and declares all prototypes."""
    library = _open_library()
    path = getattr(library, "_name", "libpdftools")
    _check_version(library, path)
    _declare(library, path)
    return library


#: The loaded library (loaded when the package is imported).
lib: ctypes.CDLL = load()


def library_path() -> Optional[str]:
    """The name or path the library was loaded from."""
    return getattr(lib, "_name", None)

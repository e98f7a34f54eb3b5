# SPDX-License-Identifier: GPL-3.0-or-later
"""Interactive forms (AcroForm): read fields and fill them in.

``doc.fields`` is a mapping of fully qualified field names to :class:`Field`
objects (and iterates over the fields in tree order)::

    doc.fields["name"].value = "Ada Lovelace"        # text field
    doc.fields["subscribe"].value = True               # check box (or its export value)
    doc.fields["colour"].value = "Blue"                # radio group, combo or list box
    doc.fields["planets"].value = ["Earth", "Mars"]    # multi-select list box
    doc.reset_form()

Every fill rebuilds the widgets' appearances and is one undo step (values set
one after another on a text field merge into one step).  Read-only fields and
fields locked by a signature raise :class:`pdftools.NotPermittedError`.
"""

from __future__ import annotations

import ctypes
import enum
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Iterator, List, Mapping, Optional, Sequence, Tuple, Union

from ._args import _named, _NamedEnum, as_c_rect
from ._call import encode_text
from ._library import CColor, CFieldInfo, CFieldSpec, CFieldStyle, CFieldWidget, CFormInfo, lib
from .annotation_types import BorderStyle, BorderStyleLike, ColorLike
from .errors import ArgumentError, NotFoundError
from .geometry import Rect

if TYPE_CHECKING:
    from .annotations import Annotation
    from .document import Document

__all__ = ["FieldType", "FieldFlag", "FieldOption", "FieldWidget", "FieldStyle", "Field", "Fields", "FormInfo"]


class FieldType(_NamedEnum):
    """The type of a form field (``pdftools_field_type``)."""

    UNKNOWN = "unknown"
    TEXT = "text"
    CHECKBOX = "checkbox"
    RADIO = "radio"
    COMBO_BOX = "combo_box"
    LIST_BOX = "list_box"
    PUSH_BUTTON = "push_button"
    SIGNATURE = "signature"


_TYPES: List[FieldType] = list(FieldType)


class FieldFlag(enum.IntFlag):
    """The field's /Ff bits (``pdftools_field_flag``)."""

    READ_ONLY = 1 << 0
    REQUIRED = 1 << 1
    NO_EXPORT = 1 << 2
    MULTILINE = 1 << 12
    PASSWORD = 1 << 13
    NO_TOGGLE_TO_OFF = 1 << 14
    RADIO = 1 << 15
    PUSH_BUTTON = 1 << 16
    COMBO = 1 << 17
    EDIT = 1 << 18
    SORT = 1 << 19
    FILE_SELECT = 1 << 20
    MULTI_SELECT = 1 << 21
    DO_NOT_SPELL_CHECK = 1 << 22
    DO_NOT_SCROLL = 1 << 23
    COMB = 1 << 24
    RICH_TEXT = 1 << 25
    COMMIT_ON_SEL_CHANGE = 1 << 26


@dataclass(frozen=True)
class FieldOption:
    """An option of a choice field, or a value a check box or radio group turns on."""

    export_value: str
    """The value the field takes."""
    display_name: str
    """The text shown for it."""


@dataclass(frozen=True)
class FieldWidget:
    """A widget: the annotation that shows a field on a page."""

    annotation_id: int
    """The widget annotation's id (0 when it is on no page)."""
    page_index: int
    """Its page (-1 when on none)."""
    rect: Rect
    """Its rectangle, page space."""
    on: bool
    """True when a check box or radio widget shows its on state."""
    on_state: str
    """The state that turns it on ("" for other fields)."""


@dataclass(frozen=True)
class FormInfo:
    """What a document's form holds."""

    has_form: bool
    """True when the document has a form with at least one field."""
    need_appearances: bool
    """The form asks viewers to rebuild widget appearances (/NeedAppearances)."""
    has_xfa: bool
    """The form also has an XFA description; only its AcroForm part is read and filled."""
    field_count: int
    """The number of fields."""
    signed_count: int
    """Signature fields holding a signature."""
    certified_no_changes: bool
    """A certifying signature allows no changes."""


_Value = Union[None, str, bool, Sequence[str]]
#: Options: export values, or (export value, text shown) pairs.
OptionsLike = Sequence[Union[str, Tuple[str, str], FieldOption]]


@dataclass(frozen=True)
class FieldStyle:
    """How a field's widgets look (``pdftools_field_style``)."""

    font: str = "Helvetica"
    """A standard 14 font name (or Helv, TiRo, Cour, HeBo) or an installed family."""
    font_size: float = 0.0
    """The size; 0 fits the box."""
    text_color: Tuple[float, float, float] = (0.0, 0.0, 0.0)
    """Text and check mark colour."""
    border_color: ColorLike = (0.0, 0.0, 0.0)
    """The border colour; None for no border."""
    background_color: ColorLike = None
    """The background; None for transparent."""
    border_width: float = 1.0
    """The border width, 0 to 100."""
    border_style: BorderStyleLike = BorderStyle.SOLID
    """The border style."""
    alignment: int = 0
    """0 left, 1 centred, 2 right."""

    def _to_c(self) -> CFieldStyle:
        def color(value: Any) -> CColor:
            r, g, b = value
            return CColor(float(r), float(g), float(b))

        style = BorderStyle(self.border_style) if not isinstance(self.border_style, BorderStyle) else self.border_style
        return CFieldStyle(
            1,
            encode_text(self.font, "font"),
            float(self.font_size),
            color(self.text_color),
            0 if self.border_color is None else 1,
            color(self.border_color or (0, 0, 0)),
            0 if self.background_color is None else 1,
            color(self.background_color or (1, 1, 1)),
            float(self.border_width),
            int(style),
            int(self.alignment),
        )


def _options(options: OptionsLike) -> Tuple[Any, Any, int, List[bytes]]:
    """C arrays of export values and names for ``options`` (and the bytes they point into)."""
    exports: List[bytes] = []
    names: List[bytes] = []
    for option in options:
        if isinstance(option, FieldOption):
            export, name = option.export_value, option.display_name
        elif isinstance(option, str):
            export = name = option
        else:
            export, name = option
        exports.append(encode_text(export, "option"))
        names.append(encode_text(name, "option"))
    count = len(exports)
    export_array = (ctypes.c_char_p * max(count, 1))(*exports)
    name_array = (ctypes.c_char_p * max(count, 1))(*names)
    return export_array, name_array, count, exports + names


def add_field(
    document: "Document",
    page_index: int,
    type: Union[FieldType, str],
    name: str,
    rect: Any,
    *,
    options: Optional[OptionsLike] = None,
    flags: int = 0,
    default: Optional[str] = None,
    max_length: Optional[int] = None,
    tooltip: Optional[str] = None,
    style: Optional[FieldStyle] = None,
) -> "Field":
    """Creates a field with one widget on a page (see :meth:`pdftools.Page.add_field`)."""
    kind = _named(FieldType, type, "field type")
    spec = CFieldSpec()
    spec.version = 1
    spec.type = _TYPES.index(kind)
    spec.name = encode_text(name, "name")
    spec.page_index = page_index
    spec.rect = as_c_rect(rect)
    spec.flags = int(flags)
    keep: List[Any] = []
    if options:
        exports, names, count, data = _options(options)
        spec.options = ctypes.cast(exports, ctypes.POINTER(ctypes.c_char_p))
        spec.option_names = ctypes.cast(names, ctypes.POINTER(ctypes.c_char_p))
        spec.option_count = count
        keep += [exports, names, data]
    spec.default_value = None if default is None else encode_text(default, "default")
    spec.max_length = -1 if max_length is None else int(max_length)
    spec.tooltip = None if tooltip is None else encode_text(tooltip, "tooltip")
    spec.style = (style or FieldStyle())._to_c()
    made = ctypes.c_int64()
    document._call(lib.pdftools_form_add_field, ctypes.byref(spec), ctypes.byref(made))
    del keep
    return Field(document, int(made.value))


class Field:
    """One form field, named by an id that stays valid while the field is in the form.

    Properties read the field each time (one library call), so they always
    show its current state.
    """

    __slots__ = ("_document", "_id")

    def __init__(self, document: "Document", field_id: int) -> None:
        self._document = document
        self._id = int(field_id)

    def __repr__(self) -> str:
        try:
            return f"<pdftools.Field {self.name!r} {self.type.value} value={self.value!r}>"
        except Exception:  # a removed field still prints
            return f"<pdftools.Field id={self._id}>"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Field) and other._document is self._document and other._id == self._id

    def __hash__(self) -> int:
        return hash((id(self._document), self._id))

    def _info(self) -> CFieldInfo:
        info = CFieldInfo()
        self._document._call(lib.pdftools_field_get_info, self._id, ctypes.sizeof(CFieldInfo), ctypes.byref(info))
        return info

    def _text(self, which: int) -> str:
        return self._document._call_string(lib.pdftools_field_get_text, self._id, which)

    def _strings(self, function: object, count: int) -> List[str]:
        return [self._document._call_string(function, self._id, index) for index in range(count)]  # type: ignore[arg-type]

    @property
    def id(self) -> int:
        """The field's id (unique in the open document, never reused)."""
        return self._id

    @property
    def name(self) -> str:
        """The fully qualified name ("address.city")."""
        return self._text(0)

    @property
    def partial_name(self) -> str:
        """The field's own part of the name."""
        return self._text(1)

    @property
    def tooltip(self) -> str:
        """The name shown to users (/TU), "" without one."""
        return self._text(2)

    @property
    def mapping_name(self) -> str:
        """The name used for export (/TM), "" without one."""
        return self._text(3)

    @property
    def default_appearance(self) -> str:
        """The /DA string ("/Helv 0 Tf 0 g"), "" without one."""
        return self._text(4)

    @property
    def type(self) -> FieldType:
        """The field type."""
        kind = int(self._info().type)
        return _TYPES[kind] if 0 <= kind < len(_TYPES) else FieldType.UNKNOWN

    @property
    def flags(self) -> FieldFlag:
        """The /Ff flags."""
        return FieldFlag(int(self._info().flags))

    @property
    def is_read_only(self) -> bool:
        """True when the field's value cannot be changed (its ReadOnly flag)."""
        return bool(self._info().flags & FieldFlag.READ_ONLY)

    @property
    def is_required(self) -> bool:
        """True when the field is required."""
        return bool(self._info().flags & FieldFlag.REQUIRED)

    @property
    def locked(self) -> bool:
        """True when a signature forbids changing the field."""
        return bool(self._info().locked)

    @property
    def is_signed(self) -> bool:
        """True for a signature field holding a signature."""
        return bool(self._info().is_signed)

    @property
    def alignment(self) -> int:
        """/Q: 0 left, 1 centred, 2 right."""
        return int(self._info().alignment)

    @property
    def max_length(self) -> Optional[int]:
        """/MaxLen of a text field, None without one."""
        length = int(self._info().max_length)
        return None if length < 0 else length

    @property
    def values(self) -> List[str]:
        """The value as a list: one text, the selected export values, or a button's on value ("Off")."""
        return self._strings(lib.pdftools_field_get_value, int(self._info().value_count))

    @property
    def default_values(self) -> List[str]:
        """The default value (/DV) as a list, in the form of :attr:`values`."""
        return self._strings(lib.pdftools_field_get_default_value, int(self._info().default_count))

    @property
    def value(self) -> _Value:
        """The value.

        Text fields, combo boxes and single-choice list boxes: a str (None
        without a value).  Multi-select list boxes: a list of str.  Check boxes
        and radio groups: the export value that is on, or "Off".

        Setting: a str (the text, an option's export value or display text, a
        button's export value or "Off"); True/False for a check box; a list of
        option values for a multi-select list box; None clears (text "", no
        selection, buttons off).
        """
        info = self._info()
        values = self._strings(lib.pdftools_field_get_value, int(info.value_count))
        if int(info.type) == 5 and info.flags & FieldFlag.MULTI_SELECT:
            return values
        return values[0] if values else None

    @value.setter
    def value(self, value: _Value) -> None:
        info = self._info()
        kind = int(info.type)
        if value is None:
            if kind in (4, 5):
                self.selected = []
            elif kind in (2, 3):
                self._set("Off")
            else:
                self._set("")
            return
        if isinstance(value, bool):
            if kind != 2:
                raise ArgumentError(f"only a check box takes True/False; {self.name!r} is a {_TYPES[kind].value}")
            self._document._call(lib.pdftools_field_set_checked, self._id, 1 if value else 0)
            return
        if isinstance(value, str):
            self._set(value)
            return
        if isinstance(value, (list, tuple)):
            options = self.options
            indices = []
            for item in value:
                found = next((i for i, o in enumerate(options) if item in (o.export_value, o.display_name)), None)
                if found is None:
                    raise ArgumentError(f"{item!r} is not an option of field {self.name!r}")
                indices.append(found)
            self.selected = indices
            return
        raise TypeError(f"a field value must be str, bool, a list of str or None, not {type(value).__name__}")

    def _set(self, value: str) -> None:
        self._document._call(lib.pdftools_field_set_value, self._id, encode_text(value, "value"))

    @property
    def checked(self) -> bool:
        """For a check box: True when it is on.  Setting turns it on or off."""
        values = self.values
        return bool(values) and values[0] != "Off"

    @checked.setter
    def checked(self, value: bool) -> None:
        self._document._call(lib.pdftools_field_set_checked, self._id, 1 if value else 0)

    @property
    def options(self) -> List[FieldOption]:
        """The options (choice fields) or the values the widgets turn on (buttons)."""
        count = int(self._info().option_count)
        call = self._document._call_string
        return [
            FieldOption(
                call(lib.pdftools_field_get_option, self._id, index, 0),
                call(lib.pdftools_field_get_option, self._id, index, 1),
            )
            for index in range(count)
        ]

    @property
    def selected(self) -> List[int]:
        """The indices of the selected options (choices) or of the option that is on (buttons).

        Setting selects options of a combo or list box by index (several only
        for a multi-select list box; an empty list clears).
        """
        return [int(v) for v in self._document._call_array(lib.pdftools_field_get_selected, ctypes.c_int32, self._id)]

    @selected.setter
    def selected(self, indices: Sequence[int]) -> None:
        items = [int(i) for i in indices]
        array = (ctypes.c_int32 * max(len(items), 1))(*items)
        self._document._call(lib.pdftools_field_set_selection, self._id, array if items else None, len(items))

    @property
    def widgets(self) -> List[FieldWidget]:
        """The widgets, in /Kids order."""
        raw = self._document._call_array(lib.pdftools_field_get_widgets, CFieldWidget, self._id, ctypes.sizeof(CFieldWidget))
        return [
            FieldWidget(
                int(w.annotation),
                int(w.page_index),
                Rect(w.rect.x0, w.rect.y0, w.rect.x1, w.rect.y1),
                bool(w.on),
                self._document._call_string(lib.pdftools_field_get_widget_state, self._id, index)
                if w.on_state_size
                else "",
            )
            for index, w in enumerate(raw)
        ]

    @property
    def annotations(self) -> List["Annotation"]:
        """The widget annotations that are on a page."""
        from .annotations import Annotation

        return [Annotation(self._document, w.annotation_id) for w in self.widgets if w.annotation_id]

    def reset(self) -> None:
        """Gives the field its default value (one undo step)."""
        self._document._call(lib.pdftools_field_reset, self._id)

    # -- design ---------------------------------------------------------------

    def rename(self, name: str) -> None:
        """Gives the field a new partial name (no '.'); one undo step."""
        self._document._call(lib.pdftools_field_rename, self._id, encode_text(name, "name"))

    def delete(self) -> None:
        """Removes the field and its widgets from the document (one undo step)."""
        self._document._call(lib.pdftools_field_delete, self._id)

    def add_widget(self, page: int, rect: Any, export_value: Optional[str] = None) -> "Annotation":
        """Shows the field in one more place: another radio button (``export_value`` names the
        value it turns on), another check box, or another view of a text or choice field."""
        from .annotations import Annotation

        made = ctypes.c_int64()
        value = None if export_value is None else encode_text(export_value, "export_value")
        area = as_c_rect(rect)
        self._document._call(lib.pdftools_field_add_widget, self._id, int(page), ctypes.byref(area), value, ctypes.byref(made))
        return Annotation(self._document, int(made.value))

    def set_flags(self, flags: int) -> None:
        """Sets the flags (those that make the type stay as they are); one undo step."""
        self._document._call(lib.pdftools_field_set_flags, self._id, int(flags))

    def set_options(self, options: OptionsLike) -> None:
        """Replaces a combo or list box's options: export values or (export, shown) pairs."""
        exports, names, count, _data = _options(options)
        self._document._call(lib.pdftools_field_set_options, self._id, exports if count else None, names if count else None, count)

    def set_default(self, value: Optional[str]) -> None:
        """Sets the default value (None removes it); one undo step."""
        self._document._call(
            lib.pdftools_field_set_default_value, self._id, None if value is None else encode_text(value, "value")
        )

    def set_tooltip(self, tooltip: Optional[str]) -> None:
        """Sets /TU, the name shown to users (None removes it); one undo step."""
        self._document._call(
            lib.pdftools_field_set_tooltip, self._id, None if tooltip is None else encode_text(tooltip, "tooltip")
        )

    def set_max_length(self, length: Optional[int]) -> None:
        """Sets a text field's maximum length (None removes it); one undo step."""
        self._document._call(lib.pdftools_field_set_max_length, self._id, -1 if length is None else int(length))

    def set_style(self, style: FieldStyle) -> None:
        """Gives every widget the look ``style`` and redraws them; one undo step."""
        value = style._to_c()
        self._document._call(lib.pdftools_field_set_style, self._id, ctypes.byref(value))


class Fields(Mapping[str, Field]):
    """The form's fields by fully qualified name; iteration gives the names in tree order."""

    __slots__ = ("_document",)

    def __init__(self, document: "Document") -> None:
        self._document = document

    def _infos(self) -> List[CFieldInfo]:
        return self._document._call_array(lib.pdftools_form_get_fields, CFieldInfo, ctypes.sizeof(CFieldInfo))

    def __getitem__(self, name: str) -> Field:
        if not isinstance(name, str):
            raise TypeError(f"field names are str, not {type(name).__name__}")
        found = ctypes.c_int64()
        try:
            self._document._call(lib.pdftools_form_find_field, encode_text(name, "name"), ctypes.byref(found))
        except NotFoundError as exc:
            raise KeyError(name) from exc
        return Field(self._document, int(found.value))

    def __iter__(self) -> Iterator[str]:
        return iter([field.name for field in self.all()])

    def __len__(self) -> int:
        return len(self._infos())

    def all(self) -> List[Field]:
        """Every field, in tree order (also fields that share a name)."""
        return [Field(self._document, int(info.id)) for info in self._infos()]

    def for_widget(self, annotation: Union[int, "Annotation"]) -> Field:
        """The field an annotation (or annotation id) is a widget of; NotFoundError otherwise."""
        annotation_id = int(getattr(annotation, "id", annotation))
        found = ctypes.c_int64()
        self._document._call(lib.pdftools_form_get_widget_field, annotation_id, ctypes.byref(found))
        return Field(self._document, int(found.value))

    @property
    def info(self) -> FormInfo:
        """What the form holds."""
        raw = CFormInfo()
        self._document._call(lib.pdftools_form_get_info, ctypes.sizeof(CFormInfo), ctypes.byref(raw))
        return FormInfo(
            bool(raw.has_form),
            bool(raw.need_appearances),
            bool(raw.has_xfa),
            int(raw.field_count),
            int(raw.signed_count),
            bool(raw.certified_no_changes),
        )

    def export_xfdf(self) -> str:
        """The form's data as an XFDF document (``<fields>``, nested by name parts)."""
        return self._document._allocated_text(lib.pdftools_form_export_xfdf)

    def import_xfdf(self, xfdf: Union[str, bytes]) -> Tuple[int, int]:
        """Fills the form from the ``<fields>`` of an XFDF document, by name, as one undo step;
        returns (filled, skipped).  All or nothing: ArgumentError names the line of a bad value."""
        filled, skipped = ctypes.c_int32(), ctypes.c_int32()
        self._document._call(
            lib.pdftools_form_import_xfdf, encode_text(xfdf, "xfdf", allow_bytes=True), ctypes.byref(filled),
            ctypes.byref(skipped),
        )
        return int(filled.value), int(skipped.value)

    def reset(self) -> int:
        """Resets every fillable field to its default (one undo step); returns how many."""
        count = ctypes.c_int32()
        self._document._call(lib.pdftools_form_reset, ctypes.byref(count))
        return int(count.value)

# SPDX-License-Identifier: GPL-3.0-or-later
"""A page's text: characters, words, lines and hit-testing.

The library reads a page's text with poppler's text layout, in poppler's
reading order (which keeps columns together), and caches it until the page
structure changes.  Characters are Unicode scalar values indexed from 0 in
reading order; the plain text has a ``"\\n"`` between lines and a ``" "``
between words, and each separator is a character too, flagged
:attr:`CharFlags.GENERATED` (and :attr:`CharFlags.WHITESPACE`): the text
layout rebuilds spaces and line breaks from glyph positions, so even a space
glyph drawn by the page counts as generated.  So ``page.text[i]`` is the
character ``page.chars[i]``.

Reading order does not depend on a page's /Rotate: text is laid out as on
the unrotated page.  Limits of poppler 22.12's text layout: text drawn
mirrored (a negative horizontal scale) is not found (on such a page poppler
may give no text at all); the bidirectional embedding marks poppler adds
around right-to-left runs are left out.
"""

from __future__ import annotations

import ctypes
import enum
from typing import TYPE_CHECKING, Any, List, NamedTuple, Optional, Union

from ._args import as_c_point, as_enum
from ._library import CCharInfo, CTextRange, lib
from .errors import Status
from .geometry import PointLike, Rect, Space, SpaceLike

if TYPE_CHECKING:
    from .document import Document

__all__ = ["Granularity", "GranularityLike", "CharFlags", "Char", "TextRange"]


class Granularity(enum.IntEnum):
    """How far a hit or a selection reaches (``pdftools_granularity``).

    Also accepts the names, case-insensitive: ``Granularity("word")``.
    """

    CHAR = 0
    """Single characters (a drag)."""
    WORD = 1
    """Whole words (a double click)."""
    LINE = 2
    """Whole lines (a triple click)."""

    @classmethod
    def _missing_(cls, value: Any) -> Optional["Granularity"]:
        """Looks names up case-insensitively ("char", "word", "line")."""
        if isinstance(value, str):
            return cls.__members__.get(value.strip().upper())
        return None


#: A granularity argument: a Granularity, its value, or its name ("char", "word", "line").
GranularityLike = Union[Granularity, str, int]


class CharFlags(enum.IntFlag):
    """Flags of a character (``pdftools_char_flags``)."""

    WHITESPACE = 1 << 0
    """White space (a space, a tab, a line break)."""
    GENERATED = 1 << 1
    """A separator (space, line break) the text layout inserted between glyphs; every white-space character."""
    LINE_END = 1 << 2
    """The last character of its line."""


class TextRange(NamedTuple):
    """Characters ``[start, end)`` of one page, with their text."""

    start: int
    """First character."""
    end: int
    """One past the last character."""
    text: str
    """The characters' text (``page.text[start:end]``)."""


def _scalar(codepoint: int) -> str:
    """The character of a Unicode scalar value; U+FFFD for values that are not one."""
    if codepoint > 0x10FFFF or 0xD800 <= codepoint <= 0xDFFF:
        return "\ufffd"
    return chr(codepoint)


class Char:
    """One character of a page's text, as the library reported it.

    A plain value read once; only :attr:`font_name` asks the library again,
    on first access.  :attr:`box` is in page space.
    """

    __slots__ = (
        "_document",
        "_page_index",
        "_index",
        "_codepoint",
        "_flags",
        "_box",
        "_font_size",
        "_word_index",
        "_line_index",
        "_font_name",
    )

    def __init__(self, document: "Document", page_index: int, index: int, info: CCharInfo) -> None:
        """Copies character ``index`` of page ``page_index`` out of a ``pdftools_char_info``."""
        self._document = document
        self._page_index = page_index
        self._index = index
        self._codepoint = int(info.codepoint)
        self._flags = CharFlags(int(info.flags))
        box = info.box
        self._box = Rect(float(box.x0), float(box.y0), float(box.x1), float(box.y1))
        self._font_size = float(info.font_size)
        self._word_index = int(info.word_index)
        self._line_index = int(info.line_index)
        self._font_name: Optional[str] = None

    @property
    def index(self) -> int:
        """The character's index in its page's text."""
        return self._index

    @property
    def page_index(self) -> int:
        """The index of the character's page."""
        return self._page_index

    @property
    def char(self) -> str:
        """The character as a one-character str (U+FFFD if the library gave no scalar value)."""
        return _scalar(self._codepoint)

    @property
    def codepoint(self) -> int:
        """The Unicode scalar value."""
        return self._codepoint

    @property
    def flags(self) -> CharFlags:
        """The character's flags."""
        return self._flags

    @property
    def box(self) -> Rect:
        """The glyph's box in page space.

        A space's box is the gap between the words it separates when the
        layout knows it, else an empty box at the end of the glyph before it,
        as for line breaks.
        """
        return self._box

    @property
    def font_size(self) -> float:
        """The font size in points, 0 when unknown."""
        return self._font_size

    @property
    def font_name(self) -> str:
        """The font's name as the PDF gives it (e.g. "Helvetica-Bold"; "" when unknown).

        Read from the library on first access, so the document must still be open then.
        """
        if self._font_name is None:
            self._font_name = self._document._call_string(
                lib.pdftools_page_get_char_font, self._page_index, self._index
            )
        return self._font_name

    @property
    def word_index(self) -> int:
        """Index of the word the character belongs to, -1 for white space between words."""
        return self._word_index

    @property
    def line_index(self) -> int:
        """Index of the line the character belongs to."""
        return self._line_index

    @property
    def is_whitespace(self) -> bool:
        """True for white space (a space, a tab, a line break)."""
        return bool(self._flags & CharFlags.WHITESPACE)

    @property
    def is_generated(self) -> bool:
        """True for a separator (space, line break) the text layout inserted between glyphs."""
        return bool(self._flags & CharFlags.GENERATED)

    @property
    def is_line_end(self) -> bool:
        """True for the last character of its line."""
        return bool(self._flags & CharFlags.LINE_END)

    def __repr__(self) -> str:
        """``<pdftools.Char 'a' index=3 box=(...)>``."""
        return f"<pdftools.Char {self.char!r} index={self._index} box={tuple(self._box)}>"


# -- the page-level calls (used by Page) ----------------------------------------


def page_text(document: "Document", page_index: int) -> str:
    """The plain text of a page ("" for a page without text)."""
    return document._call_string(lib.pdftools_page_get_text, page_index)


def char_count(document: "Document", page_index: int) -> int:
    """The number of characters of a page (one array-pattern call with a NULL buffer)."""
    count = ctypes.c_int32(0)
    document._call(
        lib.pdftools_page_get_chars,
        page_index,
        ctypes.sizeof(CCharInfo),
        None,
        0,
        ctypes.byref(count),
        allow=(Status.BUFFER_TOO_SMALL,),
    )
    return int(count.value)


def page_chars(document: "Document", page_index: int) -> List[Char]:
    """The characters of a page, in reading order."""
    infos = document._call_array(lib.pdftools_page_get_chars, CCharInfo, page_index, ctypes.sizeof(CCharInfo))
    return [Char(document, page_index, index, info) for index, info in enumerate(infos)]


def text_units(document: "Document", page_index: int, lines: bool) -> List[TextRange]:
    """The words (or lines) of a page as ranges with their text."""
    unit = Granularity.LINE if lines else Granularity.WORD
    ranges = document._call_array(lib.pdftools_page_get_text_units, CTextRange, page_index, int(unit))
    if not ranges:
        return []
    text = page_text(document, page_index)
    return [TextRange(int(r.start), int(r.end), text[r.start : r.end]) for r in ranges]


def hit_test(
    document: "Document",
    page_index: int,
    point: PointLike,
    tolerance: float,
    nearest: bool,
    space: SpaceLike,
    granularity: GranularityLike,
) -> Optional[TextRange]:
    """The character, word or line at ``point``, or None when nothing is hit."""
    c_point = as_c_point(point)
    c_space = as_enum(Space, space, "space")
    c_granularity = as_enum(Granularity, granularity, "granularity")
    try:
        c_tolerance = float(tolerance)
    except (TypeError, ValueError):
        raise TypeError(f"tolerance must be a number, not {tolerance!r}") from None
    out = CTextRange()
    status = document._call(
        lib.pdftools_page_hit_test,
        page_index,
        int(c_space),
        c_point,
        c_tolerance,
        1 if nearest else 0,
        int(c_granularity),
        ctypes.byref(out),
        allow=(Status.NOT_FOUND,),
    )
    if status == Status.NOT_FOUND:
        return None
    start, end = int(out.start), int(out.end)
    return TextRange(start, end, page_text(document, page_index)[start:end])

# SPDX-License-Identifier: GPL-3.0-or-later
"""Turning Python arguments into the C values of the calls: points, rectangles, indices and enums."""

from __future__ import annotations

import enum
import operator
from typing import Any, Optional, Type, TypeVar

from ._library import CPoint, CRect
from .errors import ArgumentError, RangeError

__all__ = ["as_c_point", "as_c_rect", "as_enum", "as_index"]

_E = TypeVar("_E", bound=enum.IntEnum)
_S = TypeVar("_S", bound="_NamedEnum")
_INT32_MIN = -(2**31)
_INT32_MAX = 2**31 - 1


def as_c_point(value: Any, what: str = "point") -> CPoint:
    """A ``pdftools_point`` from a Point or any (x, y) pair of numbers.

    Raises TypeError for anything else.  Non-finite coordinates are passed on
    unchanged: the library decides what they mean (an ArgumentError for
    hit-testing and selecting, NaN out for conversions).
    """
    try:
        x, y = value
        return CPoint(float(x), float(y))
    except (TypeError, ValueError):
        raise TypeError(f"{what} must be a Point or an (x, y) pair of numbers, not {value!r}") from None


def as_c_rect(value: Any, what: str = "rect") -> CRect:
    """A ``pdftools_rect`` from a Rect or any (x0, y0, x1, y1) sequence of numbers."""
    try:
        x0, y0, x1, y1 = value
        return CRect(float(x0), float(y0), float(x1), float(y1))
    except (TypeError, ValueError):
        raise TypeError(f"{what} must be a Rect or (x0, y0, x1, y1), not {value!r}") from None


def as_enum(cls: Type[_E], value: Any, what: str) -> _E:
    """``cls(value)`` for a member, its int value or its name (case-insensitive).

    Unknown values raise ArgumentError (a ValueError).
    """
    try:
        return cls(value)
    except (ValueError, TypeError):
        names = ", ".join(repr(name.lower()) for name in cls.__members__)
        raise ArgumentError(f"unknown {what} {value!r} (expected one of {names})") from None


def as_index(value: Any, what: str = "page index") -> int:
    """An int that fits the C int32 (ctypes would silently truncate larger ones).

    Accepts objects with an ``index`` attribute that is an int (a Page); other
    non-integers raise TypeError, values outside int32 raise RangeError.
    """
    position = operator.index(getattr(value, "index", value))
    if not _INT32_MIN <= position <= _INT32_MAX:
        raise RangeError(f"{what} {position} out of range")
    return int(position)


class _NamedEnum(str, enum.Enum):
    """A str enum of the C names; looked up case-insensitively ("-" and " " read as "_")."""

    @classmethod
    def _missing_(cls, value: Any) -> Optional["_NamedEnum"]:
        """Finds members by name or value, ignoring case, "-" and " "."""
        if isinstance(value, str):
            key = value.strip().lower().replace("-", "_").replace(" ", "_")
            for member in cls:
                if member.value == key:
                    return member
        return None

    def __str__(self) -> str:
        """The name, e.g. ``"highlight"``."""
        return str(self.value)


def _named(cls: Type[_S], value: Any, what: str) -> _S:
    """``cls(value)`` for a member or its name; TypeError for other types, ArgumentError for unknown names."""
    if isinstance(value, cls):
        return value
    if not isinstance(value, str):
        raise TypeError(f"{what} must be a {cls.__name__} or its name, not {value!r}")
    try:
        return cls(value)
    except ValueError:
        names = ", ".join(repr(member.value) for member in cls)
        raise ArgumentError(f"unknown {what} {value!r} (expected one of {names})") from None

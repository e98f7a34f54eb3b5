# SPDX-License-Identifier: GPL-3.0-or-later
"""Reading the PDF syntax :meth:`pdftools.Annotation.get_raw` returns, for the properties without a typed getter.

Only what annotation entries hold is understood: numbers, names (with #xx
escapes decoded), booleans, null, strings (skipped as :class:`PdfString`),
arrays, dictionaries and indirect references (:class:`Reference`).
"""

from __future__ import annotations

import re
from typing import Any, Dict, List, NamedTuple, Optional, Tuple

__all__ = ["Name", "Reference", "PdfString", "parse"]

_DELIMITERS = "()<>[]{}/%"
_WHITESPACE = " \t\r\n\f\0"
_NUMBER = re.compile(r"[+-]?(?:\d+\.?\d*|\.\d+)$")


class Name(str):
    """A PDF name, without the slash."""


class PdfString(bytes):
    """A PDF string's bytes (undecoded)."""


class Reference(NamedTuple):
    """An indirect reference "n g R"."""

    number: int
    generation: int


def _tokens(text: str) -> List[Any]:
    """Splits PDF syntax into tokens: "[", "]", "<<", ">>", Name, PdfString, float, or keywords."""
    tokens: List[Any] = []
    i, n = 0, len(text)
    while i < n:
        ch = text[i]
        if ch in _WHITESPACE:
            i += 1
        elif ch == "%":
            while i < n and text[i] not in "\r\n":
                i += 1
        elif text.startswith("<<", i) or text.startswith(">>", i):
            tokens.append(text[i : i + 2])
            i += 2
        elif ch in "[]":
            tokens.append(ch)
            i += 1
        elif ch == "/":
            j = i + 1
            while j < n and text[j] not in _WHITESPACE and text[j] not in _DELIMITERS:
                j += 1
            raw = text[i + 1 : j]
            tokens.append(Name(re.sub(r"#([0-9A-Fa-f]{2})", lambda m: chr(int(m.group(1), 16)), raw)))
            i = j
        elif ch == "(":
            depth, j, out = 1, i + 1, bytearray()
            while j < n and depth:
                c = text[j]
                if c == "\\" and j + 1 < n:
                    out += text[j : j + 2].encode("latin-1", "replace")
                    j += 2
                    continue
                depth += (c == "(") - (c == ")")
                if depth:
                    out += c.encode("latin-1", "replace")
                j += 1
            tokens.append(PdfString(bytes(out)))
            i = j
        elif ch == "<":
            j = text.find(">", i)
            j = n if j < 0 else j
            digits = re.sub(r"\s", "", text[i + 1 : j])
            tokens.append(PdfString(bytes.fromhex(digits + "0" * (len(digits) % 2))))
            i = j + 1
        else:
            j = i
            while j < n and text[j] not in _WHITESPACE and text[j] not in _DELIMITERS:
                j += 1
            word = text[i : max(j, i + 1)]
            tokens.append(float(word) if _NUMBER.match(word) else word)
            i = max(j, i + 1)
    return tokens


def _value(tokens: List[Any], position: int) -> Tuple[Any, int]:
    """The value starting at tokens[position] and the position after it."""
    token = tokens[position]
    if token == "[":
        items: List[Any] = []
        position += 1
        while position < len(tokens) and tokens[position] != "]":
            item, position = _value(tokens, position)
            items.append(item)
        return items, position + 1
    if token == "<<":
        entries: Dict[str, Any] = {}
        position += 1
        while position < len(tokens) and tokens[position] != ">>":
            key = tokens[position]
            value, position = _value(tokens, position + 1)
            if isinstance(key, Name):
                entries[str(key)] = value
        return entries, position + 1
    if isinstance(token, float) and position + 2 < len(tokens) and tokens[position + 2] == "R":
        generation = tokens[position + 1]
        if isinstance(generation, float):
            return Reference(int(token), int(generation)), position + 3
    if isinstance(token, str) and not isinstance(token, Name):
        if token == "true":
            return True, position + 1
        if token == "false":
            return False, position + 1
        if token == "null":
            return None, position + 1
    return token, position + 1


def parse(text: Optional[str]) -> Any:
    """The value written in ``text`` (None for None, empty or unreadable text).

    Numbers become floats, names :class:`Name`, arrays lists, dictionaries
    dicts keyed by name (without the slash).
    """
    if not text:
        return None
    try:
        tokens = _tokens(text)
        if not tokens:
            return None
        return _value(tokens, 0)[0]
    except (ValueError, IndexError):
        return None


def numbers(value: Any) -> Optional[List[float]]:
    """The numbers of an array value, or None when it is not an array of numbers only."""
    if not isinstance(value, list) or not all(isinstance(item, float) for item in value):
        return None
    return list(value)

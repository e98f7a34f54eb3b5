# SPDX-License-Identifier: GPL-3.0-or-later
"""Options for saving a document, and their conversion to ``pdftools_save_options``."""

from __future__ import annotations

import enum
from typing import Optional, Type, TypeVar, Union

from ._library import SAVE_OPTIONS_VERSION, CSaveOptions
from .errors import ArgumentError

__all__ = ["ObjectStreams", "Encryption", "make_save_options"]


class ObjectStreams(enum.Enum):
    """What to do with object streams when writing a full file."""

    PRESERVE = "preserve"
    """Keep objects in object streams where the original had them."""
    DISABLE = "disable"
    """Write no object streams (most compatible with old readers)."""
    GENERATE = "generate"
    """Pack objects into object streams (smallest files)."""


class Encryption(enum.Enum):
    """What to do with an encrypted document's encryption when saving."""

    KEEP = "keep"
    """Keep the original encryption and passwords."""
    REMOVE = "remove"
    """Write an unencrypted file."""


_OBJECT_STREAMS = {ObjectStreams.PRESERVE: 0, ObjectStreams.DISABLE: 1, ObjectStreams.GENERATE: 2}
_ENCRYPTION = {Encryption.KEEP: 0, Encryption.REMOVE: 1}
_SAVE_FULL = 0
_SAVE_INCREMENTAL = 1
_SAVE_AUTO = 2

_E = TypeVar("_E", bound=enum.Enum)


def _choice(value: Union[str, _E], enum_type: Type[_E], what: str) -> _E:
    """Converts "preserve" or ObjectStreams.PRESERVE (etc.) to the enum member."""
    if isinstance(value, enum_type):
        return value
    try:
        return enum_type(value)
    except ValueError:
        allowed = ", ".join(repr(member.value) for member in enum_type)
        raise ArgumentError(f"{what} must be one of {allowed}, not {value!r}") from None


def make_save_options(
    *,
    compress_streams: bool = True,
    object_streams: Union[str, ObjectStreams] = "preserve",
    linearize: bool = False,
    encryption: Union[str, Encryption] = "keep",
    incremental: Optional[bool] = None,
    overwrite_readonly: bool = False,
) -> CSaveOptions:
    """Builds the C options struct; invalid choices raise ArgumentError (a ValueError).

    ``incremental`` chooses the mode: None is PDFTOOLS_SAVE_AUTO, True
    PDFTOOLS_SAVE_INCREMENTAL, False PDFTOOLS_SAVE_FULL.
    """
    if incremental is None:
        mode = _SAVE_AUTO
    elif isinstance(incremental, bool):
        mode = _SAVE_INCREMENTAL if incremental else _SAVE_FULL
    else:
        raise TypeError(f"incremental must be None, True or False, not {incremental!r}")
    return CSaveOptions(
        version=SAVE_OPTIONS_VERSION,
        mode=mode,
        compress_streams=1 if compress_streams else 0,
        object_streams=_OBJECT_STREAMS[_choice(object_streams, ObjectStreams, "object_streams")],
        linearize=1 if linearize else 0,
        encryption=_ENCRYPTION[_choice(encryption, Encryption, "encryption")],
        overwrite_readonly=1 if overwrite_readonly else 0,
    )

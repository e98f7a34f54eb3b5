# SPDX-License-Identifier: GPL-3.0-or-later
"""Calling into libpdftools: status checks, the two-call string and array patterns, closing handles.

The error message of a failed call is thread-local in the library and is
replaced by the next call on the same thread.  :func:`call` reads it right
after the failing call.  To keep a garbage-collected document from closing its
handle (a library call) in between, :func:`close_handle` defers closes that
happen on a thread that is inside :func:`call` (GC finalizers, or a log handler
running during the call); the deferred handles are closed as soon as that
thread leaves :func:`call`.
"""

from __future__ import annotations

import atexit
import ctypes
import threading
from typing import Any, Callable, List, Optional, Sequence, Tuple, Type, TypeVar

from ._library import lib
from .errors import ArgumentError, InternalError, Status, error_for_status

__all__ = [
    "call",
    "read_string",
    "read_array",
    "close_handle",
    "free_tool_manager",
    "encode_text",
    "last_error_message",
]

_T = TypeVar("_T")  # a ctypes Structure or simple type

_MAX_STRING_ATTEMPTS = 8

_local = threading.local()
_OK = int(Status.OK)  # read once: an enum member costs a class lookup per call
_deferred: List[Tuple[Callable[[int], Any], int, Any]] = []
_deferred_lock = threading.Lock()


def _depth() -> int:
    """How many calls of :func:`call` are active on this thread."""
    return getattr(_local, "depth", 0)


def last_error_message() -> str:
    """The library's message for the last failure on this thread ("" if none)."""
    raw = lib.pdftools_last_error_message()
    return raw.decode("utf-8", errors="replace") if raw else ""


def call(
    function: Callable[..., int],
    *args: Any,
    allow: Sequence[int] = (),
    filename: Optional[str] = None,
) -> int:
    """Calls a status-returning C function and raises the mapped error on failure.

    Statuses listed in ``allow`` are returned instead of raised.  ``filename``
    is attached to file-system errors.
    """
    local = _local
    depth = getattr(local, "depth", 0)
    local.depth = depth + 1
    try:
        status = int(function(*args))
        if status != _OK and status not in allow:
            message = last_error_message()  # first thing after the failing call
            raise error_for_status(status, message, filename)
        return status
    finally:
        local.depth = depth
        if not depth and _deferred:
            _close_deferred()


def read_string(function: Callable[..., int], *args: Any) -> str:
    """Reads a string with the two-call pattern: ``function(*args, buf, size, &out_size)``.

    The first call passes a NULL buffer to learn the size (including the NUL);
    if the value grew before the second call (another thread changed it), the
    pair is repeated.
    """
    size = ctypes.c_size_t(0)
    too_small = (Status.BUFFER_TOO_SMALL,)
    for _ in range(_MAX_STRING_ATTEMPTS):
        call(function, *args, None, 0, ctypes.byref(size), allow=too_small)
        needed = max(int(size.value), 1)
        buffer = ctypes.create_string_buffer(needed)
        status = call(function, *args, buffer, needed, ctypes.byref(size), allow=too_small)
        if status == Status.OK:
            return buffer.value.decode("utf-8", errors="replace")
    raise InternalError("the string kept growing while it was read")


def read_buffer(function: Callable[..., int], item_type: Type[_T], *args: Any, guess: int = 64) -> Tuple[Any, int]:
    """Like :func:`read_array`, but returns the ctypes array the library filled and the item
    count, without copying the items out (for long arrays read item by item later)."""
    count = ctypes.c_int32(0)
    too_small = (Status.BUFFER_TOO_SMALL,)
    needed = max(guess, 1)
    for _ in range(_MAX_STRING_ATTEMPTS):
        buffer = (item_type * needed)()
        status = call(function, *args, buffer, needed, ctypes.byref(count), allow=too_small)
        if status == Status.OK:
            return buffer, min(int(count.value), needed)
        needed = max(int(count.value), 1)
    raise InternalError("the array kept growing while it was read")


def read_array(function: Callable[..., int], item_type: Type[_T], *args: Any, guess: int = 64) -> List[_T]:
    """Reads an array with the array pattern: ``function(*args, buf, capacity, &out_count)``.

    The first call offers a buffer of ``guess`` items, so that most arrays are
    read in one call; when that is too small (BUFFER_TOO_SMALL, which tells
    the count), a buffer of the count is offered.  If the array grew between
    the calls, that is repeated.  Returns the items as a list of ``item_type``
    structs (plain Python values for simple ctypes types such as ``c_int64``).
    """
    buffer, count = read_buffer(function, item_type, *args, guess=guess)
    return list(buffer[:count])


def close_handle(handle: int) -> None:
    """Closes a document handle (the ``weakref.finalize`` callback of a Document).

    Deferred while this thread is inside :func:`call`, see the module docs.
    """
    _release(lib.pdftools_document_close, handle)


def free_tool_manager(handle: int, keep_alive: Any = None) -> None:
    """Frees a tool manager handle (the ``weakref.finalize`` callback of a ToolManager).

    ``keep_alive`` (the manager's ctypes callback) is only held until the
    handle is freed, so the library never calls a freed callback.  Deferred
    like :func:`close_handle`.
    """
    _release(lib.pdftools_tool_manager_free, handle, keep_alive)


def _release(function: Callable[[int], Any], handle: int, keep_alive: Any = None) -> None:
    """Calls ``function(handle)`` now, or after the outermost :func:`call` of this thread returns.

    ``keep_alive`` is held until then.
    """
    if _depth() > 0:
        with _deferred_lock:
            _deferred.append((function, handle, keep_alive))
        return
    function(handle)


def _close_deferred() -> None:
    """Closes the handles whose close was deferred."""
    with _deferred_lock:
        pending = list(_deferred)
        del _deferred[:]
    for function, handle, _ in pending:
        function(handle)


atexit.register(_close_deferred)


def encode_text(value: Any, what: str, *, allow_bytes: bool = False) -> bytes:
    """Encodes a str as UTF-8 for the C API; refuses NUL characters.

    Raises TypeError for other types (bytes are passed through when
    ``allow_bytes``) and ArgumentError for NULs or text that is not valid
    Unicode (lone surrogates).
    """
    if isinstance(value, str):
        try:
            data = value.encode("utf-8")
        except UnicodeEncodeError as exc:
            raise ArgumentError(f"{what} is not valid Unicode: {exc}") from None
    elif allow_bytes and isinstance(value, (bytes, bytearray)):
        data = bytes(value)
    else:
        expected = "str or bytes" if allow_bytes else "str"
        raise TypeError(f"{what} must be {expected}, not {type(value).__name__}")
    if b"\0" in data:
        raise ArgumentError(f"{what} must not contain NUL characters")
    return data

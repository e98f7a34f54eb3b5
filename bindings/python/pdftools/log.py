# SPDX-License-Identifier: GPL-3.0-or-later
"""Receiving the library's log messages (repairs, warnings of qpdf/poppler/GLib).

By default nothing is routed anywhere: the library drops its messages until a
handler is set with :func:`set_log_handler` (or :func:`log_to_logging`).

The handler runs on the thread that made the library call, after that call's
work is done.  Exceptions raised by the handler are swallowed: they never
propagate into the C library.  A handler may call back into pdftools, but the
error message of the call that logged may then be replaced (the library keeps
one message per thread), so handlers should rather only record messages.
"""

from __future__ import annotations

import atexit
import enum
import threading
from typing import TYPE_CHECKING, Callable, Optional, Union

from ._library import LOG_CALLBACK, lib

if TYPE_CHECKING:
    import logging

__all__ = ["LogLevel", "LogHandler", "set_log_handler", "get_log_handler", "log_to_logging"]


class LogLevel(enum.IntEnum):
    """Severity of a log message (``pdftools_log_level``)."""

    DEBUG = 0
    """Detail useful when debugging."""
    INFO = 1
    """Normal events worth noting."""
    WARNING = 2
    """Something was wrong but handled, e.g. a damaged file was repaired."""
    ERROR = 3
    """An operation failed."""


#: A log handler: called with (level, source, message).
LogHandler = Callable[[LogLevel, str, str], object]

_handler: Optional[LogHandler] = None
_lock = threading.Lock()


def _level(value: int) -> Union[LogLevel, int]:
    """The LogLevel for a C level value (unknown values stay ints)."""
    try:
        return LogLevel(value)
    except ValueError:
        return value


def _trampoline(level: int, source: Optional[bytes], message: Optional[bytes], user_data: Optional[int]) -> None:
    """The single C callback: forwards to the Python handler, swallowing every exception."""
    try:
        handler = _handler
        if handler is None:
            return
        handler(
            _level(level),  # type: ignore[arg-type]
            (source or b"").decode("utf-8", errors="replace"),
            (message or b"").decode("utf-8", errors="replace"),
        )
    except BaseException:  # noqa: BLE001 - nothing may propagate into C
        pass


# Created once and kept alive for the life of the process: a call on another
# thread may still be running the callback after the handler was replaced.
_C_TRAMPOLINE = LOG_CALLBACK(_trampoline)
_C_NULL = LOG_CALLBACK()


def _unset_at_exit() -> None:
    """Detaches the callback when the interpreter exits (after documents were closed)."""
    lib.pdftools_set_log_callback(_C_NULL, int(LogLevel.ERROR), None)


atexit.register(_unset_at_exit)


def set_log_handler(
    handler: Optional[LogHandler], min_level: Union[LogLevel, int] = LogLevel.WARNING
) -> Optional[LogHandler]:
    """Sets the process-wide log handler, or removes it with ``None``.

    ``handler(level, source, message)`` receives the messages of ``min_level``
    and above; ``source`` is "pdftools", "qpdf", "poppler" or "glib".
    Returns the previous handler.
    """
    global _handler
    level = LogLevel(min_level)
    if handler is not None and not callable(handler):
        raise TypeError(f"handler must be callable or None, not {type(handler).__name__}")
    with _lock:
        previous = _handler
        if handler is None:
            lib.pdftools_set_log_callback(_C_NULL, int(level), None)
            _handler = None
        else:
            _handler = handler
            lib.pdftools_set_log_callback(_C_TRAMPOLINE, int(level), None)
    return previous


def get_log_handler() -> Optional[LogHandler]:
    """The handler set with :func:`set_log_handler`, or None."""
    return _handler


def log_to_logging(
    logger: Optional[logging.Logger] = None, min_level: Union[LogLevel, int] = LogLevel.WARNING
) -> Optional[LogHandler]:
    """Forwards library messages to the :mod:`logging` module.

    Messages go to ``logger`` (default: the "pdftools" logger) or rather its
    child named after the source, e.g. "pdftools.qpdf".  Returns the previous
    handler.
    """
    import logging  # here: only this function needs it

    base = logger if logger is not None else logging.getLogger("pdftools")
    to_logging = {
        LogLevel.DEBUG: logging.DEBUG,
        LogLevel.INFO: logging.INFO,
        LogLevel.WARNING: logging.WARNING,
        LogLevel.ERROR: logging.ERROR,
    }

    def forward(level: LogLevel, source: str, message: str) -> None:
        target = base.getChild(source) if source else base
        target.log(to_logging.get(level, logging.WARNING), "%s", message)

    return set_log_handler(forward, min_level)

# SPDX-License-Identifier: GPL-3.0-or-later
"""Exceptions raised by pdftools and the mapping from C status codes to them.

Every failure of a library call becomes an instance of :class:`Error` (or a
subclass chosen by the status code).  Where it helps callers, the subclasses
also derive from the matching built-in exception, so ``except
FileNotFoundError`` or ``except IndexError`` work as expected.
"""

from __future__ import annotations

import builtins
import enum
import errno as _errno
from typing import Any, Dict, Optional, Tuple, Type

__all__ = [
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
    "FileError",
    "FormatError",
    "NotPDFError",
    "DamagedError",
    "PasswordError",
    "PasswordRequiredError",
    "WrongPasswordError",
    "OutOfMemoryError",
    "InternalError",
    "error_for_status",
]


class Status(enum.IntEnum):
    """The ``pdftools_status`` codes of the C library (0 is success)."""

    OK = 0
    INVALID_ARGUMENT = -1
    INVALID_HANDLE = -2
    OUT_OF_RANGE = -3
    BUFFER_TOO_SMALL = -4
    NOT_FOUND = -5
    UNSUPPORTED = -6
    NOT_PERMITTED = -7
    CANCELLED = -8
    FILE_NOT_FOUND = -10
    PERMISSION_DENIED = -11
    NOT_A_FILE = -12
    IO = -13
    NOT_PDF = -20
    DAMAGED = -21
    PASSWORD_REQUIRED = -22
    WRONG_PASSWORD = -23
    OUT_OF_MEMORY = -30
    INTERNAL = -99


def _status_name(status: int) -> str:
    """A short English name of a status code, e.g. ``"wrong password"``."""
    try:
        return Status(status).name.lower().replace("_", " ")
    except ValueError:
        return "unknown status"


class LibraryNotFoundError(ImportError):
    """The shared library libpdftools could not be loaded or is incompatible."""


class Error(Exception):
    """Base class of every error reported by libpdftools.

    Attributes:
        status: The ``pdftools_status`` code (a negative int).
        message: The library's description of the failure (may be empty).
    """

    #: The status used when Python raises the error itself.
    default_status: int = Status.INTERNAL

    status: int
    message: str

    def __init__(self, message: str = "", status: Optional[int] = None) -> None:
        """Creates the error from a message and a status code.

        Only one argument is passed on to the built-in base classes, so the
        subclasses that are also ``OSError`` do not read the message as errno.
        """
        self.status = int(self.default_status if status is None else status)
        self.message = message
        super().__init__(message)

    @property
    def status_name(self) -> str:
        """The short English name of :attr:`status`, e.g. ``"wrong password"``."""
        return _status_name(self.status)

    def __str__(self) -> str:
        """``"<message> (<status name>, status <code>)"``."""
        where = f"{self.status_name}, status {self.status}"
        filename = getattr(self, "filename", None)
        text = self.message
        if filename is not None and str(filename) not in text:
            text = f"{text}: {filename}" if text else str(filename)
        return f"{text} ({where})" if text else where

    def __reduce__(self) -> Tuple[Any, ...]:
        """Pickles as ``cls(message, status)`` (OSError's default would not)."""
        return (type(self), (self.message, self.status), self.__dict__)


class ArgumentError(Error, ValueError):
    """An argument is invalid (PDFTOOLS_E_INVALID_ARGUMENT)."""

    default_status = Status.INVALID_ARGUMENT


class HandleError(Error):
    """The document handle is closed or invalid (PDFTOOLS_E_INVALID_HANDLE)."""

    default_status = Status.INVALID_HANDLE


class ClosedDocumentError(HandleError):
    """The document was closed; raised by Python before calling the library."""

    def __init__(self, message: str = "the document is closed", status: Optional[int] = None) -> None:
        """Creates the error; the status is always INVALID_HANDLE by default."""
        super().__init__(message, status)


class RangeError(Error, IndexError):
    """An index is outside its range (PDFTOOLS_E_OUT_OF_RANGE)."""

    default_status = Status.OUT_OF_RANGE


class NotFoundError(Error, LookupError):
    """The thing asked for does not exist (PDFTOOLS_E_NOT_FOUND)."""

    default_status = Status.NOT_FOUND


class PageDeletedError(NotFoundError):
    """A :class:`pdftools.Page` names a page that was deleted from its document (raised by
    Python; an undo that brings the page back makes the Page usable again)."""


class MissingFileError(NotFoundError, builtins.FileNotFoundError):
    """The file (or the folder to save in) does not exist (PDFTOOLS_E_FILE_NOT_FOUND).

    Also a built-in :class:`FileNotFoundError` (and so an :class:`OSError`).
    """

    default_status = Status.FILE_NOT_FOUND


class UnsupportedError(Error):
    """The feature or option is not supported yet (PDFTOOLS_E_UNSUPPORTED)."""

    default_status = Status.UNSUPPORTED


class CancelledError(Error):
    """A progress callback stopped the call; nothing was changed (PDFTOOLS_E_CANCELLED)."""

    default_status = Status.CANCELLED


class NotPermittedError(Error):
    """Not allowed in this state or by the document's permissions (PDFTOOLS_E_NOT_PERMITTED)."""

    default_status = Status.NOT_PERMITTED


class PermissionDeniedError(Error, builtins.PermissionError):
    """The file system refused access (PDFTOOLS_E_PERMISSION_DENIED).

    Also a built-in :class:`PermissionError`.
    """

    default_status = Status.PERMISSION_DENIED


class FileError(Error, OSError):
    """The path is not a regular file, or reading/writing failed.

    Raised for PDFTOOLS_E_NOT_A_FILE and PDFTOOLS_E_IO; also an :class:`OSError`.
    """

    default_status = Status.IO


class FormatError(Error):
    """The data is not a usable PDF (PDFTOOLS_E_NOT_PDF, PDFTOOLS_E_DAMAGED)."""

    default_status = Status.DAMAGED


class NotPDFError(FormatError):
    """The data is not a PDF at all (PDFTOOLS_E_NOT_PDF)."""

    default_status = Status.NOT_PDF


class DamagedError(FormatError):
    """The data is a PDF but too damaged to repair (PDFTOOLS_E_DAMAGED)."""

    default_status = Status.DAMAGED


class PasswordError(Error):
    """The document is encrypted and could not be opened with the password given."""

    default_status = Status.PASSWORD_REQUIRED


class PasswordRequiredError(PasswordError):
    """No password (or an empty one) was given (PDFTOOLS_E_PASSWORD_REQUIRED)."""

    default_status = Status.PASSWORD_REQUIRED


class WrongPasswordError(PasswordError):
    """The password given is wrong (PDFTOOLS_E_WRONG_PASSWORD)."""

    default_status = Status.WRONG_PASSWORD


class OutOfMemoryError(Error, builtins.MemoryError):
    """Memory could not be allocated or a size is too large (PDFTOOLS_E_OUT_OF_MEMORY)."""

    default_status = Status.OUT_OF_MEMORY


class InternalError(Error):
    """An unexpected failure inside the library (PDFTOOLS_E_INTERNAL)."""

    default_status = Status.INTERNAL


_BY_STATUS: Dict[int, Type[Error]] = {
    Status.INVALID_ARGUMENT: ArgumentError,
    Status.INVALID_HANDLE: HandleError,
    Status.OUT_OF_RANGE: RangeError,
    Status.NOT_FOUND: NotFoundError,
    Status.UNSUPPORTED: UnsupportedError,
    Status.NOT_PERMITTED: NotPermittedError,
    Status.CANCELLED: CancelledError,
    Status.FILE_NOT_FOUND: MissingFileError,
    Status.PERMISSION_DENIED: PermissionDeniedError,
    Status.NOT_A_FILE: FileError,
    Status.IO: FileError,
    Status.NOT_PDF: NotPDFError,
    Status.DAMAGED: DamagedError,
    Status.PASSWORD_REQUIRED: PasswordRequiredError,
    Status.WRONG_PASSWORD: WrongPasswordError,
    Status.OUT_OF_MEMORY: OutOfMemoryError,
    Status.INTERNAL: InternalError,
}

_ERRNO_BY_STATUS: Dict[int, int] = {
    Status.FILE_NOT_FOUND: _errno.ENOENT,
    Status.PERMISSION_DENIED: _errno.EACCES,
    Status.IO: _errno.EIO,
}


def error_for_status(status: int, message: str, filename: Optional[str] = None) -> Error:
    """Builds the exception for a failed call: the class is chosen by status.

    Unknown codes give a plain :class:`Error`.  For the errors that are also
    ``OSError``, ``filename`` and (where one fits) ``errno`` are filled in.
    """
    cls = _BY_STATUS.get(int(status), Error)
    error = cls(message, status)
    if isinstance(error, OSError):
        error.filename = filename
        error.errno = _ERRNO_BY_STATUS.get(int(status))
        error.strerror = message or _status_name(status)
    return error

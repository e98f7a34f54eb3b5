# SPDX-License-Identifier: GPL-3.0-or-later
"""Loading the library, versions, and the shape of the exception hierarchy."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

import pdftools
from pdftools import _library

BINDING_DIR = Path(__file__).resolve().parents[1]


def test_versions() -> None:
    header = (BINDING_DIR.parents[1] / "include" / "pdftools.h").read_text()
    declared = re.search(r'^#define PDFTOOLS_VERSION_STRING "([0-9.]+)"', header, re.M)
    assert declared is not None
    assert pdftools.__version__ == declared.group(1) == "1.4.0"
    assert pdftools.library_version() == declared.group(1)
    major, minor, patch = pdftools.library_version_info()
    assert (major, minor) == (1, 4)
    assert pdftools.library_version() == f"{major}.{minor}.{patch}"


def test_every_header_function_has_a_prototype() -> None:
    header = BINDING_DIR.parents[1] / "include" / "pdftools.h"
    declared = set(re.findall(r"^[a-z][\w\s\*]*?\b(pdftools_\w+)\(", header.read_text(), re.M))
    prototyped = {name for name, _, _ in _library._PROTOTYPES}
    assert declared, "no functions found in the header"
    assert declared == prototyped
    for name in prototyped:
        function = getattr(_library.lib, name)
        assert function.argtypes is not None, name


def _import_in_subprocess(library: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, PDFTOOLS_LIBRARY=library)
    code = (
        "import sys\n"
        "try:\n"
        "    import pdftools\n"
        "except ImportError as e:\n"
        "    print(type(e).__name__, isinstance(e, ImportError)); sys.exit(3)\n"
    )
    return subprocess.run(
        [sys.executable, "-c", code], cwd=BINDING_DIR, env=env, capture_output=True, text=True, timeout=60
    )


def test_missing_library_raises_library_not_found(tmp_path: Path) -> None:
    result = _import_in_subprocess(str(tmp_path / "no-such-libpdftools.so.1"))
    assert result.returncode == 3, result.stderr
    assert result.stdout.split() == ["LibraryNotFoundError", "True"]


def test_wrong_library_raises_library_not_found() -> None:
    # A real shared library that is not libpdftools.
    import ctypes.util

    libm = ctypes.util.find_library("m") or "libm.so.6"
    result = _import_in_subprocess(libm)
    assert result.returncode == 3, result.stderr
    assert result.stdout.split() == ["LibraryNotFoundError", "True"]


def test_no_log_handler_by_default() -> None:
    code = "import pdftools; assert pdftools.get_log_handler() is None; print('ok')"
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=BINDING_DIR, env=dict(os.environ), capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "ok"


def test_library_not_found_is_import_error() -> None:
    assert issubclass(pdftools.LibraryNotFoundError, ImportError)


@pytest.mark.parametrize(
    "cls, bases",
    [
        (pdftools.ArgumentError, (pdftools.Error, ValueError)),
        (pdftools.HandleError, (pdftools.Error,)),
        (pdftools.ClosedDocumentError, (pdftools.HandleError,)),
        (pdftools.RangeError, (pdftools.Error, IndexError)),
        (pdftools.NotFoundError, (pdftools.Error, LookupError)),
        (pdftools.MissingFileError, (pdftools.NotFoundError, FileNotFoundError, OSError)),
        (pdftools.PermissionDeniedError, (pdftools.Error, PermissionError, OSError)),
        (pdftools.FileError, (pdftools.Error, OSError)),
        (pdftools.NotPDFError, (pdftools.FormatError,)),
        (pdftools.DamagedError, (pdftools.FormatError,)),
        (pdftools.PasswordRequiredError, (pdftools.PasswordError,)),
        (pdftools.WrongPasswordError, (pdftools.PasswordError,)),
        (pdftools.OutOfMemoryError, (pdftools.Error, MemoryError)),
        (pdftools.InternalError, (pdftools.Error,)),
        (pdftools.UnsupportedError, (pdftools.Error,)),
        (pdftools.NotPermittedError, (pdftools.Error,)),
    ],
)
def test_exception_hierarchy(cls: type, bases: tuple) -> None:
    for base in bases:
        assert issubclass(cls, base), (cls, base)
    error = cls("something failed")
    assert error.message == "something failed"
    assert isinstance(error.status, int) and error.status < 0
    assert "something failed" in str(error)


@pytest.mark.parametrize(
    "status, cls",
    [
        (-1, pdftools.ArgumentError),
        (-2, pdftools.HandleError),
        (-3, pdftools.RangeError),
        (-5, pdftools.NotFoundError),
        (-6, pdftools.UnsupportedError),
        (-7, pdftools.NotPermittedError),
        (-10, pdftools.MissingFileError),
        (-11, pdftools.PermissionDeniedError),
        (-12, pdftools.FileError),
        (-13, pdftools.FileError),
        (-20, pdftools.NotPDFError),
        (-21, pdftools.DamagedError),
        (-22, pdftools.PasswordRequiredError),
        (-23, pdftools.WrongPasswordError),
        (-30, pdftools.OutOfMemoryError),
        (-99, pdftools.InternalError),
    ],
)
def test_status_mapping(status: int, cls: type) -> None:
    from pdftools.errors import error_for_status

    error = error_for_status(status, "msg", "/some/file.pdf")
    assert type(error) is cls
    assert error.status == status
    assert error.message == "msg"
    assert str(status) in str(error)


def test_unknown_status_gives_base_error() -> None:
    from pdftools.errors import error_for_status

    error = error_for_status(-1234, "odd")
    assert type(error) is pdftools.Error
    assert error.status == -1234
    assert "unknown status" in str(error)


def test_os_errors_carry_filename_and_pickle() -> None:
    import pickle

    from pdftools.errors import error_for_status

    error = error_for_status(-10, "no such file", "/x/y.pdf")
    assert error.filename == "/x/y.pdf"
    copy = pickle.loads(pickle.dumps(error))
    assert type(copy) is pdftools.MissingFileError
    assert copy.status == -10 and copy.message == "no such file"

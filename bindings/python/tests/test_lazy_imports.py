# SPDX-License-Identifier: GPL-3.0-or-later
"""Importing pdftools imports only what documents, pages and annotations need; the names of
the other parts import their modules when first used, and every public name resolves."""

from __future__ import annotations

import importlib
import os
import subprocess
import sys
from pathlib import Path
from typing import List

import pytest

import corpus
import pdftools
from pdftools import errors

BINDING_DIR = Path(__file__).resolve().parents[1]

# Modules that importing pdftools, opening a document and listing a page's annotations must
# not import: the less common parts of the binding, and standard modules they need.
NOT_IMPORTED = [
    "pdftools._values",
    "pdftools.annotation_edit",
    "pdftools.forms",
    "pdftools.labels",
    "pdftools.layout",
    "pdftools.metadata",
    "pdftools.outline",
    "pdftools.permissions",
    "pdftools.save_options",
    "pdftools.search",
    "pdftools.selection",
    "pdftools.tools",
    "ctypes.util",
    "dataclasses",
    "inspect",
    "json",
    "logging",
    "subprocess",
]


def _run(code: str) -> List[str]:
    """Runs ``code`` in a fresh interpreter with this process's library and returns the words
    it printed; ``new()`` in the code gives the modules imported since the interpreter started."""
    prologue = "import sys\nstarted = set(sys.modules)\ndef new():\n    return set(sys.modules) - started\n"
    result = subprocess.run(
        [sys.executable, "-c", prologue + code],
        cwd=BINDING_DIR,
        env=dict(os.environ),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    return result.stdout.split()


def test_import_open_and_list_leave_the_other_parts_unimported() -> None:
    path = corpus.path("pdfium-annots.pdf")
    lines = _run(
        "import pdftools\n"
        f"with pdftools.open({str(path)!r}) as doc:\n"
        "    page = doc.pages[0]\n"
        "    assert page.annotations and all(a.subtype for a in page.annotations)\n"
        "    assert page.text is not None and page.size\n"
        f"print('imported:', *sorted(name for name in {NOT_IMPORTED!r} if name in new()))\n"
    )
    assert lines == ["imported:"]


@pytest.mark.parametrize(
    "name, module",
    [
        ("ToolManager", "pdftools.tools"),
        ("Tool", "pdftools.tools"),
        ("Fields", "pdftools.forms"),
        ("FieldType", "pdftools.forms"),
        ("Outline", "pdftools.outline"),
        ("LabelRange", "pdftools.labels"),
        ("Layout", "pdftools.layout"),
        ("Metadata", "pdftools.metadata"),
        ("Permission", "pdftools.permissions"),
        ("Encryption", "pdftools.save_options"),
        ("SearchFlags", "pdftools.search"),
        ("Selection", "pdftools.selection"),
        ("ImportResult", "pdftools._values"),
        ("AnnotationInfo", "pdftools._values"),
        ("RenderedImage", "pdftools._values"),
    ],
)
def test_a_lazy_name_imports_its_module(name: str, module: str) -> None:
    lines = _run(
        "import pdftools\n"
        f"before = {module!r} in sys.modules\n"
        f"value = pdftools.{name}\n"
        f"print(before, {module!r} in sys.modules, value is getattr(sys.modules[{module!r}], {name!r}))\n"
    )
    assert lines == ["False", "True", "True"]


def test_a_submodule_is_imported_when_reached_as_an_attribute() -> None:
    lines = _run(
        "import pdftools\n"
        "print('pdftools.tools' in sys.modules, pdftools.tools.ToolManager is pdftools.ToolManager)\n"
        "from pdftools import ToolStyle\n"
        "print(ToolStyle is sys.modules['pdftools.tools'].ToolStyle)\n"
    )
    assert lines == ["False", "True", "True"]


def test_ctypes_util_is_used_only_when_the_library_is_not_found_otherwise() -> None:
    lines = _run("import pdftools\nprint('ctypes.util' in new(), 'subprocess' in new())\n")
    assert lines == ["False", "False"]


def test_every_submodule_can_be_reached_as_an_attribute() -> None:
    files = {path.stem for path in Path(pdftools.__file__).parent.glob("*.py")} - {"__init__"}
    assert pdftools._SUBMODULES == files
    for name in files:
        assert getattr(pdftools, name) is importlib.import_module(f"pdftools.{name}")
        assert name in dir(pdftools)


@pytest.mark.parametrize("name", pdftools.__all__)
def test_every_public_name_resolves(name: str) -> None:
    value = getattr(pdftools, name)
    assert name in dir(pdftools)
    assert importlib.import_module("pdftools").__dict__[name] is value  # kept once looked up
    namespace: dict = {}
    exec(f"from pdftools import {name} as found", namespace)
    assert namespace["found"] is value


@pytest.mark.parametrize("name", sorted(pdftools._LAZY))
def test_a_lazy_name_is_the_object_of_its_module(name: str) -> None:
    module = importlib.import_module(f"pdftools.{pdftools._LAZY[name]}")
    assert getattr(pdftools, name) is getattr(module, name)
    assert name in pdftools.__all__


def test_exceptions_are_the_same_objects_however_reached() -> None:
    for name in errors.__all__:
        if name != "error_for_status":
            assert getattr(pdftools, name) is getattr(errors, name), name
    with pytest.raises(pdftools.NotFoundError):
        raise errors.NotFoundError("x")


def test_unknown_names_raise_attribute_error() -> None:
    with pytest.raises(AttributeError, match="no_such_name"):
        pdftools.no_such_name  # noqa: B018 - the access is the test
    assert not hasattr(pdftools, "ToolManagers")
    with pytest.raises(ImportError):
        exec("from pdftools import no_such_name", {})

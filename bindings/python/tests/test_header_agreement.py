# SPDX-License-Identifier: GPL-3.0-or-later
"""The binding's ctypes declarations agree with include/pdftools.h.

Struct layouts are compared with what the C compiler says (size, and offset and size of every
field, in order), and every function's prototype with the header's declaration: the number of
parameters, and for each parameter and the result its kind (pointer, float, integer of a size
and signedness, or struct by value).  A header change that the binding does not follow fails
here instead of corrupting memory at run time.
"""

from __future__ import annotations

import ctypes
import re
import subprocess
from pathlib import Path
from typing import Dict, List, Optional, Tuple

import pytest

from pdftools import _library

HEADER = Path(__file__).resolve().parents[3] / "include" / "pdftools.h"

Kind = Tuple[str, ...]


def _header_text() -> str:
    text = HEADER.read_text(encoding="utf-8")
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    return re.sub(r"//[^\n]*", " ", text)


def _c_name(cls: type) -> str:
    """CAnnotationInfo -> pdftools_annotation_info."""
    return "pdftools_" + re.sub(r"(?<!^)(?=[A-Z])", "_", cls.__name__[1:]).lower()


def _python_structs() -> Dict[str, type]:
    found = {}
    for value in vars(_library).values():
        if isinstance(value, type) and issubclass(value, ctypes.Structure) and value is not ctypes.Structure:
            found[_c_name(value)] = value
    return found


def _header_structs() -> Dict[str, List[str]]:
    """Struct name -> field names in order."""
    structs = {}
    for name, body in re.findall(r"typedef struct (pdftools_\w+) \{(.*?)\} \1;", _header_text(), flags=re.S):
        fields = []
        for declaration in body.split(";"):
            declaration = " ".join(declaration.split())
            if not declaration:
                continue
            match = re.search(r"(\w+)\s*(\[\s*\w+\s*\])?$", declaration)
            assert match, f"cannot read the field declaration '{declaration}' of {name}"
            fields.append(match.group(1))
        structs[name] = fields
    return structs


def test_every_struct_of_the_header_has_its_ctypes_mirror_with_the_same_fields() -> None:
    header = _header_structs()
    python = _python_structs()
    assert len(header) >= 15
    assert sorted(header) == sorted(python)
    for name, fields in header.items():
        assert [field[0] for field in python[name]._fields_] == fields, name


def test_struct_layouts_match_the_c_compiler(tmp_path: Path) -> None:
    python = _python_structs()
    lines = ["#include <stddef.h>", "#include <stdio.h>", '#include "pdftools.h"', "int main(void) {"]
    for name, cls in sorted(python.items()):
        lines.append(f'  printf("{name} %zu %zu\\n", sizeof({name}), _Alignof({name}));')
        for field, _ in cls._fields_:
            lines.append(
                f'  printf("{name}.{field} %zu %zu\\n", offsetof({name}, {field}), sizeof((({name} *)0)->{field}));'
            )
    lines += ["  return 0;", "}"]
    source = tmp_path / "layout.c"
    source.write_text("\n".join(lines) + "\n")
    program = tmp_path / "layout"
    subprocess.run(
        ["cc", "-std=c11", "-Wall", "-Werror", "-I", str(HEADER.parent), str(source), "-o", str(program)],
        check=True,
        capture_output=True,
        timeout=120,
    )
    measured = {}
    for line in subprocess.run([str(program)], check=True, capture_output=True, text=True).stdout.splitlines():
        key, first, second = line.split()
        measured[key] = (int(first), int(second))
    for name, cls in python.items():
        assert (ctypes.sizeof(cls), ctypes.alignment(cls)) == measured[name], name
        for field, ctype in cls._fields_:
            descriptor = getattr(cls, field)
            assert (descriptor.offset, ctypes.sizeof(ctype)) == measured[f"{name}.{field}"], f"{name}.{field}"


def _header_functions() -> Dict[str, Tuple[str, List[str]]]:
    """Function name -> (result type, parameter types)."""
    text = _header_text()
    text = re.sub(r"typedef[^;]*;", " ", text)
    functions = {}
    for result, name, parameters in re.findall(r"([\w \*]+?)\s*\b(pdftools_\w+)\s*\(([^()]*)\)\s*;", text):
        types = []
        parameters = " ".join(parameters.split())
        if parameters and parameters != "void":
            for parameter in parameters.split(","):
                parameter = parameter.strip()
                # Drop the parameter's name (the last word), keep the stars.
                types.append(re.sub(r"\b\w+$", "", parameter).strip())
        functions[name] = (" ".join(result.split()), types)
    return functions


def _typedefs() -> Tuple[Dict[str, str], set, set]:
    """Scalar typedefs (name -> type), enum names, callback names."""
    text = _header_text()
    scalars = dict((name, base) for base, name in re.findall(r"typedef (\w+) (pdftools_\w+);", text))
    enums = set(re.findall(r"typedef enum (pdftools_\w+)", text))
    callbacks = set(re.findall(r"typedef [\w ]+\(\*(pdftools_\w+)\)", text))
    return scalars, enums, callbacks


INTEGERS = {
    "int32_t": ("int", "4", "signed"),
    "uint32_t": ("int", "4", "unsigned"),
    "int64_t": ("int", "8", "signed"),
    "uint64_t": ("int", "8", "unsigned"),
    "size_t": ("int", "8", "unsigned"),
    "int": ("int", "4", "signed"),
}


def _c_kind(c_type: str) -> Optional[Kind]:
    scalars, enums, callbacks = _typedefs()
    c_type = c_type.replace("const ", "").strip()
    if c_type == "void":
        return None
    if "*" in c_type or c_type in callbacks:
        return ("pointer",)
    if c_type == "double":
        return ("double",)
    if c_type in enums:
        # A C enum is passed as an int; its signedness is the compiler's choice.
        return ("int", "4", "enum")
    c_type = scalars.get(c_type, c_type)
    if c_type in INTEGERS:
        return INTEGERS[c_type]
    return ("struct", c_type)


def _python_kind(ctype: object) -> Optional[Kind]:
    if ctype is None:
        return None
    assert isinstance(ctype, type), ctype
    if issubclass(ctype, (ctypes.c_void_p, ctypes.c_char_p, ctypes._Pointer, ctypes._CFuncPtr)):  # type: ignore[attr-defined]
        return ("pointer",)
    if issubclass(ctype, ctypes.c_double):
        return ("double",)
    if issubclass(ctype, ctypes.Structure):
        return ("struct", _c_name(ctype))
    size = str(ctypes.sizeof(ctype))
    signed = ctype(-1).value == -1  # type: ignore[operator, call-arg]
    return ("int", size, "signed" if signed else "unsigned")


def _agree(c_kind: Optional[Kind], python_kind: Optional[Kind]) -> bool:
    if c_kind is not None and python_kind is not None and c_kind[-1] == "enum":
        return python_kind[:2] == c_kind[:2]
    return c_kind == python_kind


def test_every_prototype_matches_the_header() -> None:
    header = _header_functions()
    prototypes = {name: (restype, list(argtypes)) for name, restype, argtypes in _library._PROTOTYPES}
    assert len(header) >= 140
    assert sorted(header) == sorted(prototypes)
    for name, (result, parameters) in header.items():
        restype, argtypes = prototypes[name]
        assert _agree(_c_kind(result), _python_kind(restype)), f"{name} returns {result}, ctypes says {restype}"
        assert len(argtypes) == len(parameters), f"{name} takes {len(parameters)} parameters"
        for position, (c_type, ctype) in enumerate(zip(parameters, argtypes)):
            assert _agree(_c_kind(c_type), _python_kind(ctype)), f"{name} parameter {position + 1}: {c_type} vs {ctype}"


@pytest.mark.parametrize(
    "c_type, ctype",
    [("int32_t", ctypes.c_uint32), ("double", ctypes.c_int64), ("pdftools_rect", ctypes.c_void_p), ("size_t", ctypes.c_int32)],
)
def test_the_comparison_sees_a_wrong_type(c_type: str, ctype: type) -> None:
    assert not _agree(_c_kind(c_type), _python_kind(ctype))

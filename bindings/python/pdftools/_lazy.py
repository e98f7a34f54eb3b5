# SPDX-License-Identifier: GPL-3.0-or-later
"""Names a module re-exports from :mod:`pdftools._values` on first use, so that importing the
module does not import :mod:`dataclasses` (which :mod:`pdftools._values` needs)."""

from __future__ import annotations

from typing import Any, Callable, Dict, List, Tuple

__all__ = ["values_hooks"]


def values_hooks(
    module: str, module_globals: Dict[str, Any], names: Tuple[str, ...]
) -> Tuple[Callable[[str], Any], Callable[[], List[str]]]:
    """The ``__getattr__`` and ``__dir__`` of ``module`` (whose globals are ``module_globals``):
    the classes ``names`` are looked up in :mod:`pdftools._values` when first asked for."""

    def getattr_(name: str) -> Any:
        if name in names:
            from . import _values

            return getattr(_values, name)
        raise AttributeError(f"module {module!r} has no attribute {name!r}")

    def dir_() -> List[str]:
        return sorted(set(module_globals) | set(names))

    return getattr_, dir_

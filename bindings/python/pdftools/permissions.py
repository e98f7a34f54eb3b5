# SPDX-License-Identifier: GPL-3.0-or-later
"""The permission flags a document grants (``pdftools_permission``)."""

from __future__ import annotations

import enum

__all__ = ["Permission"]


class Permission(enum.IntFlag):
    """Permission bits as granted by a document's encryption dictionary.

    Unencrypted documents, and encrypted ones opened with the owner password,
    grant :attr:`ALL`.
    """

    NONE = 0
    """No permission."""
    PRINT = 1 << 0
    """Print (possibly at low resolution only)."""
    PRINT_HIGH_QUALITY = 1 << 1
    """Print at full quality."""
    MODIFY = 1 << 2
    """Change the document in ways other than the ones below."""
    COPY = 1 << 3
    """Copy or extract text and graphics."""
    ACCESSIBILITY = 1 << 4
    """Extract text and graphics for accessibility."""
    ANNOTATE = 1 << 5
    """Add or change annotations, fill form fields."""
    FILL_FORMS = 1 << 6
    """Fill existing form fields."""
    ASSEMBLE = 1 << 7
    """Insert, rotate and delete pages (assemble)."""
    ALL = (1 << 8) - 1
    """Every permission above."""

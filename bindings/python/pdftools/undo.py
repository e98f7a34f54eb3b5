# SPDX-License-Identifier: GPL-3.0-or-later
"""Undo and redo: the document's journal of changes, groups, labels, limits and the change callback.

Every change made through pdftools (metadata, pages, annotations, raw
entries) is recorded by the library as the states of the PDF objects it
touched, before and after.  :meth:`~UndoHistory.undo` and
:meth:`~UndoHistory.redo` put those states back exactly: the same annotation
ids work again, /NM, z-order and appearances are restored, and the text and
rendering of the affected pages follow.  One library call is one step, except
inside a :meth:`~UndoHistory.group`, and consecutive changes of the same
properties of the same annotations (a slider drag) merge into one step.  A
new change drops the steps that could be redone.  Saving keeps the history;
:attr:`~UndoHistory.is_modified` follows the step that was saved.

:meth:`pdftools.Page.add_annotation` and :meth:`pdftools.Annotation.update`
may take several library calls; when they do, the binding groups them, so
each of these methods is one step too.

:class:`UndoHistory` is the part of :class:`pdftools.Document` that drives
the journal; :class:`UndoGroup` is what :meth:`~UndoHistory.group` returns.
"""

from __future__ import annotations

import ctypes
import operator
import weakref
from types import TracebackType
from typing import TYPE_CHECKING, Any, Callable, Optional, Type

from ._call import encode_text
from ._library import UNDO_CALLBACK, lib
from .errors import ArgumentError, Error, NotFoundError

if TYPE_CHECKING:
    from .document import Document

__all__ = ["UndoHistory", "UndoGroup", "UndoHandler", "DEFAULT_UNDO_STEPS", "DEFAULT_UNDO_BYTES"]

#: A handler of undo-state changes: called with the Document.
UndoHandler = Callable[["Document"], object]

#: How many steps the journal keeps unless told otherwise.
DEFAULT_UNDO_STEPS = 500
#: How many bytes of object states the journal keeps unless told otherwise (64 MiB).
DEFAULT_UNDO_BYTES = 64 << 20

_INT32_MAX = 2**31 - 1
_INT64_MAX = 2**63 - 1

# A NULL pdftools_undo_callback, to remove the callback.
_C_NULL = UNDO_CALLBACK()


def _limit(value: Any, what: str, maximum: int) -> int:
    """A limit as an int in 0..maximum: TypeError for non-integers, ArgumentError out of range."""
    if isinstance(value, bool):
        raise TypeError(f"{what} must be an int, not {value!r}")
    try:
        number = operator.index(value)
    except TypeError:
        raise TypeError(f"{what} must be an int, not {value!r}") from None
    if number < 0:
        raise ArgumentError(f"{what} must not be negative, not {number}")
    if number > maximum:
        raise ArgumentError(f"{what} must be at most {maximum}, not {number}")
    return int(number)


def _make_trampoline(document: "Document") -> Any:
    """The C callback of one document: forwards to its handler, swallowing every exception.

    It holds the document only weakly, so a document with a handler can
    still be garbage-collected (the document holds the callback, not the
    other way round).
    """
    reference = weakref.ref(document)

    def trampoline(handle: Optional[int], user_data: Optional[int]) -> None:
        try:
            target = reference()
            if target is None:
                return
            handler = target._undo_handler
            if handler is not None:
                handler(target)
        except BaseException:  # noqa: BLE001 - nothing may propagate into C
            pass

    return UNDO_CALLBACK(trampoline)


class UndoGroup:
    """A context manager that makes every change inside it one undo step (see :meth:`UndoHistory.group`)."""

    __slots__ = ("_document", "_label", "_encoded")

    def __init__(self, document: "Document", label: str) -> None:
        """Prepares a group labelled ``label`` on ``document``; nothing happens until it is entered."""
        self._document = document
        self._label = label
        self._encoded = encode_text(label, "group label")

    @property
    def label(self) -> str:
        """The label of the step the group becomes (when it is the outermost group)."""
        return self._label

    def __enter__(self) -> "UndoGroup":
        """Opens the group."""
        self._document._call(lib.pdftools_undo_begin_group, self._encoded)
        return self

    def __exit__(
        self,
        exc_type: Optional[Type[BaseException]],
        exc: Optional[BaseException],
        traceback: Optional[TracebackType],
    ) -> None:
        """Closes the group, also when the body raised (whose exception then propagates unchanged)."""
        if self._document.closed:
            return  # closing the document ended its groups
        if exc_type is None:
            self._document._call(lib.pdftools_undo_end_group)
            return
        try:
            self._document._call(lib.pdftools_undo_end_group)
        except Error:  # the body's exception is the one to report
            pass

    def __repr__(self) -> str:
        """``<pdftools.UndoGroup 'Change Color'>``."""
        return f"<pdftools.UndoGroup {self._label!r}>"


class UndoHistory:
    """Undo and redo of a :class:`pdftools.Document` (a base class of it; see the module docs).

    Errors: every method and property raises :class:`pdftools.ClosedDocumentError`
    once the document is closed.
    """

    # Defaults for documents; set per document by the methods below.
    _undo_handler: Optional[UndoHandler] = None
    _undo_trampoline: Any = None
    _undo_enabled: bool = True

    if TYPE_CHECKING:
        # Provided by Document.
        closed: bool

        def _require_handle(self) -> int: ...

        def _call(self, function: Callable[..., int], *args: Any, **kwargs: Any) -> int: ...

        def _call_string(self, function: Callable[..., int], *args: Any) -> str: ...

        def _rearranging(self, function: Callable[..., int], *args: Any) -> int: ...

    # -- undo and redo ------------------------------------------------------------

    def undo(self) -> bool:
        """Undoes the last step; False when there was nothing to undo.

        The document goes back to the exact state before that step: deleted
        annotations come back with the same ids, created ones and inserted
        pages disappear (their ids become stale until a :meth:`redo`).
        Raises NotPermittedError while a :meth:`group` is open.
        """
        done = ctypes.c_int32()
        self._rearranging(lib.pdftools_undo_undo, ctypes.byref(done))
        return bool(done.value)

    def redo(self) -> bool:
        """Redoes the last undone step; False when there was nothing to redo.

        Raises NotPermittedError while a :meth:`group` is open.
        """
        done = ctypes.c_int32()
        self._rearranging(lib.pdftools_undo_redo, ctypes.byref(done))
        return bool(done.value)

    @property
    def can_undo(self) -> bool:
        """True when a step can be undone."""
        value = ctypes.c_int32()
        self._call(lib.pdftools_undo_get_state, ctypes.byref(value), None)
        return bool(value.value)

    @property
    def can_redo(self) -> bool:
        """True when a step can be redone."""
        value = ctypes.c_int32()
        self._call(lib.pdftools_undo_get_state, None, ctypes.byref(value))
        return bool(value.value)

    def _undo_label(self, redo: bool) -> Optional[str]:
        """The label of the next undo (or redo) step; None when there is none."""
        try:
            return self._call_string(lib.pdftools_undo_get_label, 1 if redo else 0)
        except NotFoundError:
            return None

    @property
    def undo_label(self) -> Optional[str]:
        """What :meth:`undo` would revert, for a menu ("Add Highlight", "Change Color", ...); None when nothing."""
        return self._undo_label(False)

    @property
    def redo_label(self) -> Optional[str]:
        """What :meth:`redo` would repeat, for a menu; None when nothing."""
        return self._undo_label(True)

    # -- groups ---------------------------------------------------------------------

    def group(self, label: str) -> UndoGroup:
        """A context manager making every change inside it one step labelled ``label``.

        ``with doc.group("Change Color"): ...`` -- the group is closed when
        the block ends, also when it raises.  Groups nest; the outermost
        label counts.  A group of changes of the same properties on several
        annotations (a style change on a selection) merges with a following
        identical one.  :meth:`undo` and :meth:`redo` raise NotPermittedError
        inside a group.  The group belongs to the document, not to a thread:
        changes other threads make meanwhile join it.  Raises TypeError for a
        label that is not a str, ArgumentError for one with NUL characters.
        """
        self._require_handle()
        return UndoGroup(self, label)  # type: ignore[arg-type]

    # -- configuration -----------------------------------------------------------------

    def set_undo_limits(self, steps: int = DEFAULT_UNDO_STEPS, bytes: int = DEFAULT_UNDO_BYTES) -> None:  # noqa: A002
        """Sets how many steps the journal keeps and how many bytes of object states.

        Older steps are dropped first, right away when the journal is over a
        new limit; dropping never affects newer steps.  The defaults are 500
        steps and 64 MiB.  Raises TypeError for non-integers, ArgumentError
        for negative values and values beyond the C types (steps at most
        2**31 - 1, bytes at most 2**63 - 1).
        """
        c_steps = _limit(steps, "steps", _INT32_MAX)
        c_bytes = _limit(bytes, "bytes", _INT64_MAX)
        self._call(lib.pdftools_undo_set_limits, c_steps, c_bytes)

    @property
    def undo_enabled(self) -> bool:
        """Whether changes are recorded (True when the document is opened).

        Setting it to False also forgets every undo and redo step (for batch
        jobs); setting it to True starts recording again from the current state.
        """
        self._require_handle()
        return self._undo_enabled

    @undo_enabled.setter
    def undo_enabled(self, enabled: bool) -> None:
        if not isinstance(enabled, (bool, int)):
            raise TypeError(f"undo_enabled must be a bool, not {enabled!r}")
        value = bool(enabled)
        self._call(lib.pdftools_undo_set_enabled, 1 if value else 0)
        self._undo_enabled = value

    def clear_undo(self) -> None:
        """Forgets every undo and redo step; the document stays as it is."""
        self._call(lib.pdftools_undo_clear)

    # -- the change callback -------------------------------------------------------------

    def on_undo_change(self, handler: Optional[UndoHandler]) -> Optional[UndoHandler]:
        """Sets the function called with the document whenever its undo state may have changed.

        That is after every change, undo, redo, save, clear and limit
        change.  The handler runs on the thread that made the call, after
        the call's work and with no lock held, so it may read
        :attr:`can_undo`, :attr:`undo_label` and the like (to update a menu).
        Exceptions it raises are swallowed.  ``None`` removes the handler.
        The document keeps the handler alive, but the handler does not keep
        the document alive.  Returns the previous handler.
        """
        if handler is not None and not callable(handler):
            raise TypeError(f"handler must be callable or None, not {type(handler).__name__}")
        self._require_handle()
        previous = self._undo_handler
        if handler is None:
            self._call(lib.pdftools_undo_set_callback, _C_NULL, None)
            self._undo_handler = None
            return previous
        if self._undo_trampoline is None:
            # One per document, kept as long as the document: a call already running on another
            # thread may still call it after the handler was replaced or removed.
            self._undo_trampoline = _make_trampoline(self)  # type: ignore[arg-type]
        self._undo_handler = handler
        try:
            self._call(lib.pdftools_undo_set_callback, self._undo_trampoline, None)
        except BaseException:
            self._undo_handler = previous
            raise
        return previous

# SPDX-License-Identifier: GPL-3.0-or-later
"""Progress of long calls: a Python callable ``progress(done, total)`` is told how far a
whole-document search, a save or the text of many pages has come; returning False stops the
call, which then raises :class:`pdftools.CancelledError` and changes nothing.

It runs on the calling thread while the document is busy: it may update a progress bar
(``tqdm``'s ``update``), but calls on the same document from it raise NotPermittedError.
An exception it raises stops the call and is raised again when the call returns.
"""

from __future__ import annotations

from typing import Any, Callable, Optional

from ._library import PROGRESS_CALLBACK

__all__ = ["ProgressCallable", "ProgressCall"]

#: What ``progress=`` takes: called with (done, total); False stops.
ProgressCallable = Callable[[int, int], Any]


class ProgressCall:
    """One library call's progress callback: the C function pointer (kept alive while the call
    runs) and the first exception the Python callable raised."""

    def __init__(self, progress: Optional[ProgressCallable]) -> None:
        if progress is not None and not callable(progress):
            raise TypeError(f"progress must be callable or None, not {type(progress).__name__}")
        self._progress = progress
        self.error: Optional[BaseException] = None
        self.pointer = PROGRESS_CALLBACK(self._call) if progress is not None else PROGRESS_CALLBACK()

    def _call(self, done: int, total: int, _user_data: Any) -> int:
        if self.error is not None or self._progress is None:
            return 1
        try:
            return 1 if self._progress(int(done), int(total)) is False else 0
        except BaseException as exc:  # noqa: BLE001 - raised again after the call
            self.error = exc
            return 1

    def run(self, body: Callable[[], Any]) -> Any:
        """Runs ``body`` (the library call); raises the callable's exception if it raised one."""
        try:
            result = body()
        except BaseException:
            if self.error is not None:
                raise self.error from None
            raise
        if self.error is not None:
            raise self.error
        return result

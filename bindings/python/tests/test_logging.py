# SPDX-License-Identifier: GPL-3.0-or-later
"""The log handler: receives warnings, survives a raising handler, routes to logging."""

from __future__ import annotations

import logging

import pytest

import corpus
import pdftools
from pdftools import LogLevel

REPAIRED = "qpdf-bad3-bad-xref-offset.pdf"


@pytest.fixture(autouse=True)
def _no_handler_afterwards():
    yield
    pdftools.set_log_handler(None)


def test_no_handler_by_default_and_open_is_silent(capfd: pytest.CaptureFixture) -> None:
    pdftools.set_log_handler(None)
    with pdftools.open(corpus.path(REPAIRED)) as doc:
        assert doc.page_count == 1
    captured = capfd.readouterr()
    assert captured.out == "" and captured.err == ""  # the library never prints


def test_repair_is_logged_as_warning(log_records) -> None:
    with pdftools.open(corpus.path(REPAIRED)) as doc:
        assert doc.was_repaired
    warnings = [r for r in log_records if r[0] >= LogLevel.WARNING]
    assert warnings, log_records
    for level, source, message in log_records:
        assert isinstance(level, LogLevel)
        assert source in {"pdftools", "qpdf", "poppler", "glib"}
        assert isinstance(message, str) and message
        assert "\n" not in message


def test_min_level_filters() -> None:
    records = []
    pdftools.set_log_handler(lambda *r: records.append(r), LogLevel.ERROR)
    with pdftools.open(corpus.path(REPAIRED)):
        pass
    assert all(level >= LogLevel.ERROR for level, _, _ in records)


def test_raising_handler_does_not_break_the_call(capfd: pytest.CaptureFixture) -> None:
    calls = []

    def bad_handler(level: LogLevel, source: str, message: str) -> None:
        calls.append(message)
        raise RuntimeError("handler failure")

    pdftools.set_log_handler(bad_handler)
    with pdftools.open(corpus.path(REPAIRED)) as doc:
        assert doc.page_count == 1
    assert calls
    assert "handler failure" not in capfd.readouterr().err


def test_handler_removed() -> None:
    records = []
    pdftools.set_log_handler(lambda *r: records.append(r))
    assert pdftools.get_log_handler() is not None
    previous = pdftools.set_log_handler(None)
    assert previous is not None
    assert pdftools.get_log_handler() is None
    with pdftools.open(corpus.path(REPAIRED)):
        pass
    assert records == []


def test_handler_may_call_back_into_the_library() -> None:
    counts = []

    def handler(level: LogLevel, source: str, message: str) -> None:
        with pdftools.new() as doc:
            counts.append(doc.page_count)

    pdftools.set_log_handler(handler)
    with pdftools.open(corpus.path(REPAIRED)) as doc:
        assert doc.page_count == 1
    assert counts and set(counts) == {0}


def test_failed_open_still_raises_with_handler(log_records) -> None:
    with pytest.raises(pdftools.FormatError) as info:
        pdftools.open(corpus.path("qpdf-bad1-not-a-pdf.pdf"))
    assert info.value.message


def test_bad_handler_arguments() -> None:
    with pytest.raises(TypeError):
        pdftools.set_log_handler("not callable")  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        pdftools.set_log_handler(print, 17)


def test_log_to_logging(caplog: pytest.LogCaptureFixture) -> None:
    pdftools.log_to_logging()
    with caplog.at_level(logging.DEBUG, logger="pdftools"):
        with pdftools.open(corpus.path(REPAIRED)):
            pass
    records = [r for r in caplog.records if r.name.startswith("pdftools")]
    assert records
    assert all(r.levelno >= logging.WARNING for r in records)

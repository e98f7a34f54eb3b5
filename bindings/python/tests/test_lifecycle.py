# SPDX-License-Identifier: GPL-3.0-or-later
"""Closing documents: idempotent close, closed-document errors, garbage collection."""

from __future__ import annotations

import ctypes
import gc

import pytest

import corpus
import pdftools
from pdftools import _library

SIMPLE = "qpdf-rotated.pdf"


def test_context_manager_closes() -> None:
    with pdftools.open(corpus.path(SIMPLE)) as doc:
        assert not doc.closed
    assert doc.closed


def test_double_close_is_fine() -> None:
    doc = pdftools.open(corpus.path(SIMPLE))
    doc.close()
    doc.close()
    assert doc.closed
    with doc:  # entering a closed document and leaving it again is harmless
        pass


def test_closed_document_raises_before_calling_the_library() -> None:
    doc = pdftools.open(corpus.path(SIMPLE))
    page = doc.pages[3]
    metadata = doc.metadata
    pages = doc.pages
    doc.close()
    checks = [
        lambda: doc.page_count,
        lambda: doc.pages,
        lambda: doc.metadata,
        lambda: doc.was_repaired,
        lambda: doc.pdf_version,
        lambda: doc.is_encrypted,
        lambda: doc.permissions,
        lambda: doc.has_signature_fields,
        lambda: doc.is_modified,
        lambda: doc.to_bytes(),
        lambda: doc.insert_blank_page(),
        lambda: page.media_box,
        lambda: page.rotation,
        lambda: page.size,
        lambda: page.label,
        lambda: page.user_unit,
        lambda: metadata["Producer"],
        lambda: list(metadata),
        lambda: len(pages),
        lambda: pages[0],
    ]
    for check in checks:
        with pytest.raises(pdftools.ClosedDocumentError) as info:
            check()
        assert isinstance(info.value, pdftools.HandleError)
        assert info.value.status == pdftools.Status.INVALID_HANDLE
    assert "closed" in repr(doc)


def test_save_on_closed_document(tmp_path) -> None:
    doc = pdftools.new()
    doc.close()
    with pytest.raises(pdftools.ClosedDocumentError):
        doc.save(tmp_path / "x.pdf")
    assert not (tmp_path / "x.pdf").exists()


def test_library_refuses_a_closed_handle() -> None:
    doc = pdftools.new()
    handle = doc._handle
    doc.close()
    count = ctypes.c_int32(-7)
    status = _library.lib.pdftools_document_get_page_count(handle, ctypes.byref(count))
    assert status == pdftools.Status.INVALID_HANDLE
    assert count.value == -7  # out-parameters untouched on failure


def test_forgotten_document_is_closed_by_gc() -> None:
    doc = pdftools.open(corpus.path(SIMPLE))
    handle = doc._handle
    finalizer = doc._finalizer
    assert finalizer.alive
    del doc
    gc.collect()
    assert not finalizer.alive
    count = ctypes.c_int32()
    status = _library.lib.pdftools_document_get_page_count(handle, ctypes.byref(count))
    assert status == pdftools.Status.INVALID_HANDLE


def test_page_keeps_document_alive() -> None:
    page = pdftools.open(corpus.path(SIMPLE)).pages[1]
    gc.collect()
    assert page.rotation == 180
    assert page.document.page_count == 20
    page.document.close()


def test_many_forgotten_documents() -> None:
    for _ in range(200):
        pdftools.open(corpus.path(SIMPLE)).pages[0].media_box
    gc.collect()


def test_failed_calls_do_not_leak_into_later_messages() -> None:
    with pytest.raises(pdftools.FormatError) as first:
        pdftools.open(b"garbage")
    with pdftools.open(corpus.path(SIMPLE)) as doc:
        assert doc.page_count == 20
        with pytest.raises(pdftools.RangeError) as second:
            pdftools.Page(doc, 99).media_box
    assert first.value.message != second.value.message


def test_close_inside_a_call_is_deferred_until_the_call_ends() -> None:
    # Simulates a GC finalizer running between a failing call and the read of
    # its error message: the close must wait, then happen.
    from pdftools import _call

    doc = pdftools.new()
    handle = doc._handle
    count = ctypes.c_int32()
    _call._local.depth = 1
    try:
        doc.close()
        assert doc.closed
        assert _library.lib.pdftools_document_get_page_count(handle, ctypes.byref(count)) == 0
    finally:
        _call._local.depth = 0
    with pdftools.new() as other:
        assert other.page_count == 0  # leaving this call closes the deferred handle
    status = _library.lib.pdftools_document_get_page_count(handle, ctypes.byref(count))
    assert status == pdftools.Status.INVALID_HANDLE


def test_wait_for_releases_gives_the_memory_back() -> None:
    class MallInfo2(ctypes.Structure):
        _fields_ = [(name, ctypes.c_size_t) for name in
                    ("arena", "ordblks", "smblks", "hblks", "hblkhd", "usmblks", "fsmblks", "uordblks", "fordblks", "keepcost")]

    libc = ctypes.CDLL(None)
    libc.mallinfo2.restype = MallInfo2

    def in_use() -> int:
        info = libc.mallinfo2()
        return int(info.uordblks + info.hblkhd)

    def held() -> int:
        gc.collect()
        pdftools.wait_for_releases()
        return in_use()

    baseline = held()
    docs = [pdftools.open(corpus.path(SIMPLE)) for _ in range(20)]
    for doc in docs:
        for page in doc.pages:
            assert isinstance(page.text, str)
        doc.pages[0].render(scale=0.5)
    before = held()
    for doc in docs:
        doc.close()
    del docs, doc, page
    after = held()
    # Twenty documents with their text and a rendered page hold megabytes; once released,
    # what remains of them is less than a tenth of that.
    assert before - baseline > 5_000_000, (baseline, before)
    assert after - baseline < (before - baseline) / 10, (baseline, before, after)


EXIT_SCRIPTS = {
    # The first close comes before poppler is first used: poppler is prepared later, with a
    # wait of its own at exit.
    "close_then_show": """
import pdftools, sys
pdftools.open(sys.argv[1]).close()
docs = [pdftools.open(sys.argv[1]) for _ in range(4)]
for doc in docs:
    assert doc.pages[0].text is not None
    doc.pages[0].render(scale=0.5)
    doc.close()
""",
    # poppler is used before the first close.
    "show_then_close": """
import pdftools, sys
docs = [pdftools.open(sys.argv[1]) for _ in range(4)]
for doc in docs:
    doc.pages[0].render(scale=0.5)
    assert doc.pages[0].text is not None
for doc in docs:
    doc.close()
""",
    # poppler is never used.
    "never_show": """
import pdftools, sys
for _ in range(4):
    doc = pdftools.open(sys.argv[1])
    assert doc.pages[0].size[0] > 0
    doc.close()
""",
}


@pytest.mark.parametrize("name", sorted(EXIT_SCRIPTS))
def test_exit_waits_for_the_releases_still_queued(name: str) -> None:
    """Documents closed just before the process exits are released before qpdf's and poppler's
    static objects are destroyed, whichever of them was used first."""
    import os
    import subprocess
    import sys

    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [os.path.dirname(os.path.dirname(pdftools.__file__)),
                                                      env.get("PYTHONPATH", "")]))
    run = subprocess.run([sys.executable, "-c", EXIT_SCRIPTS[name], corpus.path("pdfjs-tracemonkey.pdf")],
                         capture_output=True, text=True, timeout=120, env=env)
    assert run.returncode == 0, run.stderr
    assert run.stderr == ""


def test_closing_without_showing_a_page_leaves_poppler_unprepared() -> None:
    """A process that only reads the model never sets up poppler (nor fontconfig) for the
    reaper: the first close adds well under the megabytes that setup takes."""
    import os
    import subprocess
    import sys

    script = """
import pdftools, sys
def rss():
    for line in open("/proc/self/status"):
        if line.startswith("VmRSS"):
            return int(line.split()[1])
doc = pdftools.open(sys.argv[1])
assert doc.page_count > 0 and doc.pages[0].size[0] > 0
before = rss()
doc.close()
pdftools.wait_for_releases()
print(rss() - before)
"""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [os.path.dirname(os.path.dirname(pdftools.__file__)),
                                                      env.get("PYTHONPATH", "")]))
    run = subprocess.run([sys.executable, "-c", script, corpus.path("pdfjs-tracemonkey.pdf")],
                         capture_output=True, text=True, timeout=120, env=env, check=True)
    assert int(run.stdout) < 1500, run.stdout

# SPDX-License-Identifier: GPL-3.0-or-later
"""Undo and redo: the issue's scenarios, the clean state, labels, groups, limits, disabling, the callback, ids and caches."""

from __future__ import annotations

import gc
import shutil
import threading
import weakref
from pathlib import Path
from typing import Iterator, List, Optional, Tuple

import pytest

import corpus
import knownlayout
import pdftools
from pdftools import Annotation, Color
from undostate import assert_same, live_state, saved_state

SQUARE_CIRCLE = "pdfjs-annotation-square-circle.pdf"
RED = (1.0, 0.0, 0.0)
GREEN = (0.0, 1.0, 0.0)
BLUE = (0.0, 0.0, 1.0)


@pytest.fixture
def doc() -> Iterator[pdftools.Document]:
    """A new document with one blank page and no history."""
    with pdftools.new() as document:
        document.insert_blank_page()
        document.clear_undo()
        yield document


@pytest.fixture
def square_circle(tmp_path: Path) -> Iterator[pdftools.Document]:
    """A copy of the corpus file with a Square and a Circle (and their popups), opened from a path."""
    target = tmp_path / SQUARE_CIRCLE
    shutil.copyfile(corpus.path(SQUARE_CIRCLE), target)
    with pdftools.open(target) as document:
        yield document


def shapes(document: pdftools.Document) -> Tuple[Annotation, Annotation]:
    """The Square and the Circle of the square-circle file, or two new shapes of a new document."""
    page = document.pages[0]
    found = {a.subtype: a for a in page.annotations}
    if "Square" in found and "Circle" in found:
        return found["Square"], found["Circle"]
    square = page.add_annotation("Square", (50, 50, 150, 150), color=RED)
    circle = page.add_annotation("Circle", (200, 50, 300, 150), color=GREEN)
    document.clear_undo()
    return square, circle


@pytest.fixture(params=["new", "corpus"])
def shaped(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[pdftools.Document]:
    """A document with two shapes and no history: a new one, or the square-circle corpus file."""
    if request.param == "new":
        document = pdftools.new()
        document.insert_blank_page()
        document.clear_undo()
    else:
        document = pdftools.open(corpus.path(SQUARE_CIRCLE))
    try:
        yield document
    finally:
        document.close()


# -- the scenarios of the issue ----------------------------------------------------------------


def test_colour_change_of_a_selection_in_a_group_is_one_step(shaped: pdftools.Document) -> None:
    square, circle = shapes(shaped)
    before = (square.color, circle.color)
    with shaped.group("Change Color"):
        square.update(color=BLUE)
        circle.update(color=BLUE)
    assert (square.color, circle.color) == (BLUE, BLUE)
    assert shaped.undo_label == "Change Color"
    assert shaped.undo() is True
    assert (square.color, circle.color) == before
    assert not shaped.can_undo
    assert shaped.redo() is True
    assert (square.color, circle.color) == (BLUE, BLUE)


def test_two_separate_colour_changes_undo_one_at_a_time(shaped: pdftools.Document) -> None:
    square, circle = shapes(shaped)
    square_before, circle_before = square.color, circle.color
    square.update(color=BLUE)
    circle.update(color=BLUE)
    assert shaped.undo() is True
    assert square.color == BLUE, "the first change stays"
    assert circle.color == circle_before
    assert shaped.undo() is True
    assert square.color == square_before


def test_ten_colour_changes_of_one_annotation_are_one_step(shaped: pdftools.Document) -> None:
    square, circle = shapes(shaped)
    before = square.color
    for i in range(10):
        square.update(color=(i / 10, 0.5, 1 - i / 10))
    assert square.color == (0.9, 0.5, 0.1)
    assert shaped.undo() is True
    assert square.color == before
    assert not shaped.can_undo, "all ten changes were one step"
    assert shaped.redo() is True
    assert square.color == (0.9, 0.5, 0.1), "redo restores the last of them"


def test_a_group_of_the_same_change_merges_with_the_next_identical_group(shaped: pdftools.Document) -> None:
    square, circle = shapes(shaped)
    before = (square.color, circle.color)
    for value in (RED, GREEN, BLUE):
        with shaped.group("Change Color"):
            square.update(color=value)
            circle.update(color=value)
    assert shaped.undo() is True
    assert (square.color, circle.color) == before
    assert not shaped.can_undo


def test_changes_of_other_properties_or_annotations_do_not_merge(doc: pdftools.Document) -> None:
    square = doc.pages[0].add_annotation("Square", (50, 50, 150, 150))
    circle = doc.pages[0].add_annotation("Circle", (250, 50, 350, 150))
    doc.clear_undo()
    default, circle_default = square.color, circle.color
    square.update(color=BLUE)
    square.update(opacity=0.5)
    square.update(color=GREEN)
    circle.update(color=GREEN)
    square.update(color=RED)
    assert doc.undo() and square.color == GREEN
    assert doc.undo() and circle.color == circle_default
    assert doc.undo() and square.color == BLUE and square.opacity == 0.5
    assert doc.undo() and square.opacity == 1.0
    assert doc.undo() and square.color == default
    assert not doc.can_undo


def test_a_change_after_saving_does_not_merge_into_the_saved_step(square_circle: pdftools.Document, tmp_path: Path) -> None:
    square, _ = shapes(square_circle)
    before = square.color
    square.update(color=RED)
    square_circle.save(tmp_path / "out.pdf")
    square.update(color=GREEN)
    assert square_circle.undo()
    assert square.color == RED
    assert not square_circle.is_modified
    assert square_circle.undo()
    assert square.color == before


# -- the clean state ---------------------------------------------------------------------------------


def test_is_modified_follows_the_saved_step(square_circle: pdftools.Document, tmp_path: Path) -> None:
    square, _ = shapes(square_circle)
    assert square_circle.is_modified is False
    square.update(color=RED)
    assert square_circle.is_modified is True
    square_circle.save(tmp_path / "saved.pdf")
    assert square_circle.is_modified is False
    square.update(opacity=0.5)
    assert square_circle.is_modified is True
    assert square_circle.undo()
    assert square_circle.is_modified is False
    assert square_circle.redo()
    assert square_circle.is_modified is True
    assert square_circle.undo()
    assert square_circle.is_modified is False
    assert square_circle.undo()
    assert square_circle.is_modified is True, "before the saved step"
    assert square_circle.redo()
    assert square_circle.is_modified is False


def test_saving_to_bytes_does_not_change_the_clean_state(square_circle: pdftools.Document) -> None:
    square, _ = shapes(square_circle)
    square.update(color=RED)
    square_circle.to_bytes()
    assert square_circle.is_modified
    assert square_circle.undo()
    assert not square_circle.is_modified


def test_undo_then_save_writes_the_restored_state(square_circle: pdftools.Document, tmp_path: Path) -> None:
    original = saved_state(square_circle)
    square, circle = shapes(square_circle)
    square.update(color=RED, contents="changed")
    circle.delete()
    square_circle.metadata["Title"] = "Changed"
    square_circle.save(tmp_path / "changed.pdf", incremental=True)
    changed = saved_state(square_circle)
    while square_circle.undo():
        pass
    assert square_circle.is_modified
    square_circle.save(tmp_path / "changed.pdf", incremental=True)
    with pdftools.open(tmp_path / "changed.pdf") as again:
        assert_same(live_state(again), original, "the file saved after undoing everything")
    while square_circle.redo():
        pass
    assert_same(saved_state(square_circle), changed, "after redoing everything")


# -- labels --------------------------------------------------------------------------------------------


def test_labels(doc: pdftools.Document) -> None:
    page = doc.pages[0]
    assert doc.undo_label is None and doc.redo_label is None
    assert doc.undo() is False and doc.redo() is False
    highlight = page.add_annotation("Highlight", quads=[pdftools.Rect(72, 700, 200, 712)])
    assert doc.undo_label == "Add Highlight"
    bare = page.add_annotation("Square", (10, 10, 50, 50))
    assert doc.undo_label == "Add Square"
    highlight.update(color=RED)
    assert doc.undo_label == "Change Color"
    highlight.update(color=GREEN, opacity=0.4)
    assert doc.undo_label == "Change Color, Opacity"
    bare.update(contents="a", border_width=2)
    assert doc.undo_label == "Change Border, Contents"
    bare.update(z_index=0)
    assert doc.undo_label == "Reorder annotations"
    bare.delete()
    assert doc.undo_label == "Delete Annotation"
    doc.metadata["Title"] = "T"
    assert doc.undo_label == "Set metadata Title"
    del doc.metadata["Title"]
    assert doc.undo_label == "Remove metadata Title"
    doc.insert_blank_page()
    assert doc.undo_label == "Insert Page"
    with doc.group("Tidy up"):
        with doc.group("inner labels do not count"):
            highlight.update(contents="x")
        doc.metadata["Author"] = "me"
    assert doc.undo_label == "Tidy up" and doc.redo_label is None
    assert doc.undo()
    assert doc.undo_label == "Insert Page" and doc.redo_label == "Tidy up"
    assert doc.undo()
    assert doc.redo_label == "Insert Page"
    assert doc.undo_label == "Remove metadata Title"


def test_unicode_group_label(doc: pdftools.Document) -> None:
    with doc.group("Farbe \u00e4ndern \u2013 \u8272"):
        doc.metadata["Title"] = "x"
    assert doc.undo_label == "Farbe \u00e4ndern \u2013 \u8272"


def test_add_annotation_with_properties_is_one_step(doc: pdftools.Document) -> None:
    page = doc.pages[0]
    square = page.add_annotation("Square", (10, 10, 100, 100), color=RED, interior_color=GREEN, opacity=0.5,
                                 border_width=3, contents="c", author="a")
    assert square.exists
    assert doc.undo()
    assert not square.exists and page.annotations == []
    assert not doc.can_undo
    assert doc.redo()
    assert square.exists
    assert (square.color, square.interior_color, square.opacity, square.contents) == (RED, GREEN, 0.5, "c")


def test_update_of_several_properties_is_one_step(doc: pdftools.Document) -> None:
    square = doc.pages[0].add_annotation("Square", (10, 10, 100, 100))
    before = (square.color, square.opacity, square.contents, square.border_width)
    square.update(color=RED, opacity=0.3, contents="c", border_width=4)
    assert doc.undo()
    assert (square.color, square.opacity, square.contents, square.border_width) == before
    assert doc.undo_label == "Add Square"


# -- groups --------------------------------------------------------------------------------------------


def test_undo_and_redo_inside_a_group_raise(doc: pdftools.Document) -> None:
    doc.metadata["Title"] = "one"
    assert doc.undo() and doc.can_redo
    with doc.group("G"):
        doc.metadata["Title"] = "two"
        with pytest.raises(pdftools.NotPermittedError):
            doc.undo()
        with pytest.raises(pdftools.NotPermittedError):
            doc.redo()
        with doc.group("nested"):
            with pytest.raises(pdftools.NotPermittedError):
                doc.undo()
        with pytest.raises(pdftools.NotPermittedError):
            doc.undo()
    assert doc.metadata["Title"] == "two"
    assert not doc.can_redo, "the group's change dropped the redo step"
    assert doc.undo()
    assert "Title" not in doc.metadata


def test_a_group_ends_when_its_block_raises(doc: pdftools.Document) -> None:
    doc.metadata["Title"] = "before"
    with pytest.raises(ZeroDivisionError):
        with doc.group("Failing"):
            doc.metadata["Title"] = "inside"
            doc.metadata["Author"] = "inside"
            1 / 0
    assert doc.undo_label == "Failing"
    assert doc.undo() is True, "not NotPermittedError: the group was closed"
    assert doc.metadata["Title"] == "before" and "Author" not in doc.metadata


def test_an_empty_group_adds_no_step(doc: pdftools.Document) -> None:
    doc.metadata["Title"] = "x"
    with doc.group("Nothing") as group:
        assert group.label == "Nothing"
        assert "Nothing" in repr(group)
    assert doc.undo_label == "Set metadata Title"


def test_group_arguments(doc: pdftools.Document) -> None:
    with pytest.raises(TypeError):
        doc.group(3)  # type: ignore[arg-type]
    with pytest.raises(pdftools.ArgumentError):
        doc.group("a\0b")
    assert doc.undo() is False, "no group was opened"


def test_closing_the_document_inside_a_group() -> None:
    document = pdftools.new()
    with document.group("G"):
        document.insert_blank_page()
        document.close()
    assert document.closed


# -- limits, disabling, clearing ------------------------------------------------------------------------


def metadata_steps(document: pdftools.Document, count: int) -> None:
    for i in range(count):
        document.metadata[f"K{i}"] = str(i)


def test_step_limit_keeps_the_newest_steps(doc: pdftools.Document) -> None:
    doc.set_undo_limits(steps=3)
    metadata_steps(doc, 5)
    undone = 0
    while doc.undo():
        undone += 1
    assert undone == 3
    assert sorted(doc.metadata) == ["K0", "K1"], "the dropped steps stay applied"
    while doc.redo():
        pass
    assert sorted(doc.metadata) == ["K0", "K1", "K2", "K3", "K4"]


def test_lowering_the_limit_drops_old_steps_at_once(doc: pdftools.Document) -> None:
    metadata_steps(doc, 6)
    doc.set_undo_limits(2)
    assert doc.undo() and doc.undo() and not doc.undo()
    assert sorted(doc.metadata) == ["K0", "K1", "K2", "K3"]


def test_byte_limit(doc: pdftools.Document) -> None:
    doc.set_undo_limits(steps=500, bytes=0)
    doc.metadata["Title"] = "x"
    assert not doc.can_undo, "no step fits in 0 bytes"
    doc.set_undo_limits()
    doc.metadata["Title"] = "y"
    assert doc.can_undo and doc.undo()
    assert doc.metadata["Title"] == "x"


def test_limit_arguments(doc: pdftools.Document) -> None:
    with pytest.raises(pdftools.ArgumentError):
        doc.set_undo_limits(-1)
    with pytest.raises(pdftools.ArgumentError):
        doc.set_undo_limits(bytes=-1)
    with pytest.raises(pdftools.ArgumentError):
        doc.set_undo_limits(2**31)
    with pytest.raises(pdftools.ArgumentError):
        doc.set_undo_limits(bytes=2**63)
    with pytest.raises(TypeError):
        doc.set_undo_limits(1.5)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        doc.set_undo_limits(True)
    doc.set_undo_limits(2**31 - 1, 2**63 - 1)
    doc.set_undo_limits(steps=0)
    doc.metadata["Title"] = "x"
    assert not doc.can_undo


def test_disabling_clears_and_stops_recording(doc: pdftools.Document) -> None:
    assert doc.undo_enabled is True
    doc.metadata["Title"] = "one"
    assert doc.can_undo
    doc.undo_enabled = False
    assert doc.undo_enabled is False
    assert not doc.can_undo and not doc.can_redo
    doc.metadata["Title"] = "two"
    doc.pages[0].add_annotation("Square", (10, 10, 50, 50), color=RED)
    assert not doc.can_undo and doc.undo() is False
    assert doc.is_modified, "changes still count without the journal"
    doc.undo_enabled = True
    assert doc.undo_enabled is True and not doc.can_undo
    doc.metadata["Title"] = "three"
    assert doc.undo() and doc.metadata["Title"] == "two"
    assert not doc.undo()
    with pytest.raises(TypeError):
        doc.undo_enabled = "yes"  # type: ignore[assignment]


def test_clear_undo_keeps_the_document(doc: pdftools.Document) -> None:
    doc.metadata["Title"] = "one"
    doc.metadata["Title"] = "two"
    assert doc.undo()
    assert doc.can_undo and doc.can_redo
    doc.clear_undo()
    assert not doc.can_undo and not doc.can_redo
    assert doc.undo_label is None and doc.redo_label is None
    assert doc.metadata["Title"] == "one"
    assert doc.is_modified


def test_closed_document_raises(doc: pdftools.Document) -> None:
    doc.close()
    for action in (
        doc.undo,
        doc.redo,
        lambda: doc.can_undo,
        lambda: doc.can_redo,
        lambda: doc.undo_label,
        lambda: doc.redo_label,
        lambda: doc.group("x"),
        doc.set_undo_limits,
        lambda: doc.undo_enabled,
        doc.clear_undo,
        lambda: doc.on_undo_change(None),
        lambda: doc.on_undo_change(print),
    ):
        with pytest.raises(pdftools.ClosedDocumentError):
            action()
    with pytest.raises(pdftools.ClosedDocumentError):
        doc.undo_enabled = False


# -- the callback -------------------------------------------------------------------------------------


class Recorder:
    """An undo handler recording (can_undo, can_redo, undo_label) each time it runs."""

    def __init__(self) -> None:
        self.seen: List[Tuple[bool, bool, Optional[str]]] = []
        self.documents: List[pdftools.Document] = []

    def __call__(self, document: pdftools.Document) -> None:
        self.documents.append(document)
        self.seen.append((document.can_undo, document.can_redo, document.undo_label))


def test_callback_runs_once_per_change_undo_and_redo(doc: pdftools.Document, tmp_path: Path) -> None:
    recorder = Recorder()
    assert doc.on_undo_change(recorder) is None
    doc.metadata["Title"] = "x"
    assert recorder.seen == [(True, False, "Set metadata Title")]
    square = doc.pages[0].add_annotation("Square", (10, 10, 50, 50), color=RED, opacity=0.5)
    assert recorder.seen[1:] == [(True, False, "Add Square")], "several calls, one step, one callback"
    with doc.group("Both"):
        square.update(color=GREEN)
        doc.metadata["Title"] = "y"
        assert len(recorder.seen) == 2, "nothing while the group is open"
    assert recorder.seen[2:] == [(True, False, "Both")]
    doc.undo()
    assert recorder.seen[3:] == [(True, True, "Add Square")]
    doc.redo()
    assert recorder.seen[4:] == [(True, False, "Both")]
    assert all(document is doc for document in recorder.documents)
    count = len(recorder.seen)
    assert doc.redo() is False
    doc.to_bytes()
    _ = doc.can_undo, doc.undo_label
    assert len(recorder.seen) == count, "no callback without a change of the undo state"
    doc.save(tmp_path / "out.pdf")
    doc.clear_undo()
    doc.set_undo_limits(10)
    assert recorder.seen[count:] == [(True, False, "Both"), (False, False, None), (False, False, None)]


def test_callback_on_a_group_of_ten_colour_changes_and_removal(doc: pdftools.Document) -> None:
    square = doc.pages[0].add_annotation("Square", (10, 10, 50, 50))
    recorder = Recorder()
    doc.on_undo_change(recorder)
    for i in range(10):
        square.update(color=(i / 10, 0, 0))
    assert len(recorder.seen) == 10, "each change tells the host, also when it merges"
    assert doc.on_undo_change(None) is recorder
    square.update(color=RED)
    doc.undo()
    assert len(recorder.seen) == 10
    assert doc.on_undo_change(None) is None


def test_callback_exceptions_are_swallowed(doc: pdftools.Document, capfd: pytest.CaptureFixture) -> None:
    calls: List[int] = []

    def failing(document: pdftools.Document) -> None:
        calls.append(1)
        raise RuntimeError("host bug")

    doc.on_undo_change(failing)
    doc.metadata["Title"] = "x"
    assert doc.undo() is True
    with pytest.raises(pdftools.NotFoundError):
        doc.annotation(12345)  # the error of a later call is intact
    doc.on_undo_change(lambda document: 1 / 0)
    assert doc.redo() is True
    assert doc.metadata["Title"] == "x"
    assert len(calls) == 2
    captured = capfd.readouterr()
    assert "host bug" not in captured.err and "ZeroDivisionError" not in captured.err


def test_callback_may_change_the_handler_and_call_into_the_library(doc: pdftools.Document) -> None:
    labels: List[Optional[str]] = []

    def once(document: pdftools.Document) -> None:
        labels.append(document.undo_label)
        document.on_undo_change(None)
        _ = document.pages[0].annotations, document.is_modified

    doc.on_undo_change(once)
    doc.metadata["Title"] = "x"
    doc.metadata["Title"] = "y"
    assert labels == ["Set metadata Title"]


def test_callback_does_not_keep_the_document_alive() -> None:
    seen: List[int] = []
    document = pdftools.new()
    document.on_undo_change(lambda d: seen.append(d.page_count))
    document.insert_blank_page()
    assert seen == [1]
    reference = weakref.ref(document)
    del document
    gc.collect()
    assert reference() is None


def test_callback_rejects_non_callables(doc: pdftools.Document) -> None:
    with pytest.raises(TypeError):
        doc.on_undo_change("not callable")  # type: ignore[arg-type]


def test_callbacks_from_several_threads(doc: pdftools.Document) -> None:
    counts = {"n": 0}
    lock = threading.Lock()

    def count(document: pdftools.Document) -> None:
        assert document.can_undo or document.can_redo
        with lock:
            counts["n"] += 1

    doc.on_undo_change(count)

    def work(index: int) -> None:
        for i in range(20):
            doc.metadata[f"T{index}"] = str(i)

    threads = [threading.Thread(target=work, args=(i,)) for i in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert counts["n"] == 80


# -- ids and caches ---------------------------------------------------------------------------------


def test_ids_are_stable_across_undo_of_a_delete(square_circle: pdftools.Document) -> None:
    page = square_circle.pages[0]
    before = [(a.id, a.subtype, a.name) for a in page.annotations]
    square, _ = shapes(square_circle)
    z_index, color = square.z_index, square.color
    square.delete()
    assert not square.exists
    with pytest.raises(pdftools.NotFoundError):
        square.color
    assert square_circle.undo()
    assert square.exists
    assert square_circle.annotation(square.id) == square
    assert square.z_index == z_index and square.color == color
    assert [(a.id, a.subtype, a.name) for a in page.annotations] == before
    square.update(color=RED)  # the same Annotation object works again
    assert square.color == RED
    assert square_circle.undo() and square.color == color
    assert not square_circle.undo(), "the colour change dropped the redo of the delete"
    assert square_circle.redo() and square.color == RED and square.exists


def test_undo_of_a_creation_makes_the_id_stale_until_redo(doc: pdftools.Document) -> None:
    note = doc.pages[0].add_annotation("Text", (10, 10, 30, 30), contents="hello")
    name = note.name
    assert doc.undo()
    assert not note.exists
    with pytest.raises(pdftools.NotFoundError):
        doc.annotation(note.id)
    assert doc.redo()
    assert note.exists and note.contents == "hello" and note.name == name
    assert doc.pages[0].annotations == [note]


def test_delete_of_a_popup_parent_and_undo_restores_both(square_circle: pdftools.Document) -> None:
    page = square_circle.pages[0]
    before = live_state(square_circle)
    ids = [a.id for a in page.annotations]
    square, _ = shapes(square_circle)
    square.delete()
    assert len(page.annotations) == len(ids) - 2, "the square's popup went with it"
    assert square_circle.undo()
    assert [a.id for a in page.annotations] == ids
    assert_same(live_state(square_circle), before, "after undoing the delete")


def test_text_and_rendering_follow_undo_of_an_inserted_page() -> None:
    with pdftools.open(knownlayout.pdf_bytes()) as document:
        texts = [page.text for page in document.pages]
        image = document.pages[0].render(0.5).data
        document.insert_blank_page(0, 300, 300)
        assert document.page_count == len(texts) + 1
        assert document.pages[0].text == ""
        assert document.pages[1].text == texts[0]
        assert document.pages[0].render(0.5).data != image
        assert document.undo()
        assert document.page_count == len(texts)
        assert [page.text for page in document.pages] == texts
        assert document.pages[0].render(0.5).data == image
        assert document.pages[0].search("Hello World")
        assert document.redo()
        assert document.pages[0].text == "" and document.pages[1].text == texts[0]
        assert document.pages[0].size == (300, 300)


def test_rendering_follows_undo_of_a_created_annotation() -> None:
    with pdftools.open(knownlayout.pdf_bytes()) as document:
        page = document.pages[0]
        before = page.render(0.5).data
        text = page.text
        square = page.add_annotation("Square", (100, 100, 300, 300), color=RED, interior_color=BLUE, border_width=5)
        after = page.render(0.5).data
        assert after != before
        assert document.undo()
        assert page.render(0.5).data == before
        assert page.text == text
        assert document.redo()
        assert page.render(0.5).data == after
        square.update(interior_color=GREEN)
        changed = page.render(0.5).data
        assert changed != after
        assert document.undo()
        assert page.render(0.5).data == after


def test_undo_of_metadata_and_pages_through_saved_bytes(square_circle: pdftools.Document) -> None:
    original = saved_state(square_circle)
    square_circle.metadata["Title"] = "New title"
    del square_circle.metadata["Author"]
    square_circle.insert_blank_page()
    assert square_circle.undo() and square_circle.undo() and square_circle.undo()
    assert not square_circle.can_undo
    assert_same(saved_state(square_circle), original, "after undo")
    assert_same(saved_state(square_circle, incremental=True), original, "after undo, saved incrementally")


def test_color_reads_back_as_color(doc: pdftools.Document) -> None:
    square = doc.pages[0].add_annotation("Square", (10, 10, 50, 50), color=RED)
    square.update(color=None)
    assert square.color is None
    assert doc.undo()
    assert square.color == Color(1.0, 0.0, 0.0)

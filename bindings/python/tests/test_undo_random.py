# SPDX-License-Identifier: GPL-3.0-or-later
"""Property-based tests of undo and redo: random edits mixed with undo, redo and saves, checked against a model.

Each test runs a random sequence (``random.Random(seed)``, fixed seeds) of
annotation creations of random subtypes with random properties, colour,
opacity, contents and border changes, multi-property updates, colour changes
of a selection in a group, deletions, reordering, metadata changes, blank
pages, undo, redo, saves to bytes (full and incremental) and incremental saves
to a file.  The model mirrors the library's journal (steps with ids, the
coalescing of same-property changes, the saved step) and holds the document's
state after every step, as :mod:`undostate` reads it: every annotation's
dictionary entries in z-order, page sizes, text and renderings, and the
metadata.  After every operation the document must agree with the model
(state, can_undo, can_redo, labels, is_modified, callback count); at the end,
undoing everything gives the original document and redoing everything the
final one, both compared through saved bytes.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Dict, FrozenSet, List, Optional, Tuple

import pytest

import annotspecs
import corpus
import knownlayout
import pdftools
from undostate import State, assert_same, live_state, saved_state

SEEDS = [11, 23, 47, 2024]
OPERATIONS = 36

TARGETS = ["generated", "pdfjs-annotation-square-circle.pdf", "samplefiles-pdflatex-4-pages.pdf"]

#: Subtypes whose colour, opacity and contents the sequences change.
COLORED = {
    "Text",
    "FreeText",
    "Line",
    "Square",
    "Circle",
    "Polygon",
    "PolyLine",
    "Ink",
    "Highlight",
    "Underline",
    "Squiggly",
    "StrikeOut",
    "Stamp",
    "FileAttachment",
    "Caret",
}
#: Subtypes whose border the sequences change.
BORDERED = {"Square", "Circle", "Line", "Polygon", "PolyLine", "Ink", "FreeText"}

Key = Optional[Tuple[FrozenSet[str], FrozenSet[int]]]


# -- the model ---------------------------------------------------------------------------------


@dataclass
class Step:
    """One undo step as the library keeps it."""

    id: int
    previous: int
    key: Key
    label: str


@dataclass
class Journal:
    """The library's journal, with the document's state after each step id."""

    states: Dict[int, State]
    undo: List[Step] = field(default_factory=list)
    redo: List[Step] = field(default_factory=list)
    state: int = 0
    next_id: int = 1
    saved: int = 0

    def change(self, label: str, key: Key, after: State) -> None:
        """A change: merged into the top step (same key, current, not the saved one) or a new step."""
        self.redo.clear()
        top = self.undo[-1] if self.undo else None
        if key is not None and top is not None and top.key == key and top.id == self.state and top.id != self.saved:
            self.states[top.id] = after
            return
        step = Step(self.next_id, self.state, key, label)
        self.next_id += 1
        self.state = step.id
        self.undo.append(step)
        self.states[step.id] = after

    def undo_step(self) -> State:
        step = self.undo.pop()
        self.redo.append(step)
        self.state = step.previous
        return self.states[self.state]

    def redo_step(self) -> State:
        step = self.redo.pop()
        self.undo.append(step)
        self.state = step.id
        return self.states[self.state]

    @property
    def modified(self) -> bool:
        return self.state != self.saved


def key(properties: List[str], targets: List[int]) -> Key:
    """The coalescing key of a change of ``properties`` on ``targets``."""
    return frozenset(properties), frozenset(targets)


# -- the runner -------------------------------------------------------------------------------


class Runner:
    """Drives one random sequence on one document and checks it against the model."""

    def __init__(self, doc: pdftools.Document, rng: random.Random, save_path: Path, incremental_ok: bool) -> None:
        self.doc = doc
        self.rng = rng
        self.save_path = save_path
        self.incremental_ok = incremental_ok
        self.calls = 0
        self.expected_calls = 0
        self.names = 0
        doc.on_undo_change(self._count)
        self.original_saved = saved_state(doc)
        self.journal = Journal(states={0: live_state(doc)})
        self.log: List[str] = []

    def _count(self, document: pdftools.Document) -> None:
        assert document is self.doc
        self.calls += 1

    # -- checks --

    def check(self, where: str) -> None:
        """The document agrees with the model."""
        journal = self.journal
        context = f"{where} (after {' | '.join(self.log[-6:])})"
        assert_same(live_state(self.doc), journal.states[journal.state], context)
        assert self.doc.can_undo == bool(journal.undo), context
        assert self.doc.can_redo == bool(journal.redo), context
        assert self.doc.undo_label == (journal.undo[-1].label if journal.undo else None), context
        assert self.doc.redo_label == (journal.redo[-1].label if journal.redo else None), context
        assert self.doc.is_modified == journal.modified, context
        assert self.calls == self.expected_calls, f"{context}: callback ran {self.calls} times, not {self.expected_calls}"

    def changed(self, label: str, change_key: Key) -> None:
        """Records a change that the library made into one step (or merged)."""
        self.expected_calls += 1
        self.journal.change(label, change_key, live_state(self.doc))

    # -- choosing things --

    def annotations(self, subtypes: Optional[set] = None) -> List[pdftools.Annotation]:
        found = [a for page in self.doc.pages for a in page.annotations]
        if subtypes is not None:
            found = [a for a in found if a.subtype in subtypes]
        return found

    def color(self) -> Tuple[float, float, float]:
        return tuple(round(self.rng.random(), 3) for _ in range(3))  # type: ignore[return-value]

    def text(self) -> str:
        words = ["note", "r\u00e9sum\u00e9", "\u4e2d\u6587", "(paren)", "back\\slash", "line\nbreak", "x"]
        return " ".join(self.rng.choice(words) for _ in range(self.rng.randint(1, 4))) + f" {self.rng.random():.6f}"

    # -- operations --

    def op_create(self) -> None:
        page = self.doc.pages[self.rng.randrange(self.doc.page_count)]
        box = page.crop_box
        subtype = self.rng.choice(annotspecs.SUBTYPES)
        origin = (box.x0 + self.rng.uniform(-30, 30), box.y0 + self.rng.uniform(-30, 30))
        spec = dict(annotspecs.specs(origin)[subtype])
        spec.pop("name")
        geometry = {"rect", "quads", "ink", "vertices", "line", "attachment", "callout"}
        for optional in [k for k in spec if k not in geometry]:
            if self.rng.random() < 0.4:
                del spec[optional]
        if subtype in COLORED and self.rng.random() < 0.7:
            spec["color"] = self.color()
        if subtype in COLORED and self.rng.random() < 0.5:
            spec["contents"] = self.text()
        if subtype != "Popup" and self.rng.random() < 0.3:
            spec["opacity"] = round(self.rng.uniform(0.1, 1.0), 2)
        if self.rng.random() < 0.3:
            self.names += 1
            spec["name"] = f"random-{self.names}"
        rect = spec.pop("rect", None)
        if self.rng.random() < 0.15:
            spec = {k: v for k, v in spec.items() if k in geometry}  # the bare library creation
        self.log.append(f"create {subtype} on page {page.index} with {sorted(spec)}")
        page.add_annotation(subtype, rect, **spec)
        self.changed(f"Add {subtype}", None)

    def op_color(self) -> None:
        candidates = self.annotations(COLORED | {"Square", "Circle"})
        if not candidates:
            return self.op_create()
        target = self.rng.choice(candidates)
        value = self.color()
        self.log.append(f"color {target.id} {target.subtype} {value}")
        target.update(color=value)
        self.changed("Change Color", key(["Color"], [target.id]))

    def op_opacity(self) -> None:
        candidates = self.annotations(COLORED)
        if not candidates:
            return self.op_create()
        target = self.rng.choice(candidates)
        value = target.opacity
        while value == target.opacity:
            value = round(self.rng.uniform(0.05, 1.0), 2)
        self.log.append(f"opacity {target.id} {target.subtype} {value}")
        target.update(opacity=value)
        self.changed("Change Opacity", key(["Opacity"], [target.id]))

    def op_contents(self) -> None:
        candidates = self.annotations(COLORED)
        if not candidates:
            return self.op_create()
        target = self.rng.choice(candidates)
        value = self.text()
        self.log.append(f"contents {target.id} {target.subtype}")
        target.update(contents=value)
        self.changed("Change Contents", key(["Contents"], [target.id]))

    def op_border(self) -> None:
        candidates = self.annotations(BORDERED)
        if not candidates:
            return self.op_create()
        target = self.rng.choice(candidates)
        current = target.border_width
        width = self.rng.choice([w for w in (0.5, 1.0, 2.0, 3.0, 4.5) if abs(w - current) > 1e-6])
        self.log.append(f"border {target.id} {target.subtype} {width}")
        target.update(border_width=width)
        self.changed("Change Border", key(["Border"], [target.id]))

    def op_color_and_opacity(self) -> None:
        candidates = self.annotations(COLORED)
        if not candidates:
            return self.op_create()
        target = self.rng.choice(candidates)
        opacity = target.opacity
        while opacity == target.opacity:
            opacity = round(self.rng.uniform(0.05, 1.0), 2)
        self.log.append(f"color+opacity {target.id} {target.subtype}")
        target.update(color=self.color(), opacity=opacity)
        # Two calls in the binding's group; different properties, so no coalescing key.
        self.changed("Change Color, Opacity", None)

    def op_group_color(self) -> None:
        candidates = self.annotations(COLORED)
        if len(candidates) < 2:
            return self.op_create()
        selection = self.rng.sample(candidates, self.rng.randint(2, min(4, len(candidates))))
        value = self.color()
        self.log.append(f"group color {[a.id for a in selection]}")
        with self.doc.group("Change Color"):
            for annotation in selection:
                annotation.update(color=value)
        self.changed("Change Color", key(["Color"], [a.id for a in selection]))

    def op_delete(self) -> None:
        candidates = self.annotations()
        if not candidates:
            return self.op_create()
        target = self.rng.choice(candidates)
        self.log.append(f"delete {target.id} {target.subtype}")
        target.delete()
        assert not target.exists
        self.changed("Delete Annotation", None)

    def op_reorder(self) -> None:
        pages = [page for page in self.doc.pages if len(page.annotations) >= 2]
        if not pages:
            return self.op_create()
        annotations = self.rng.choice(pages).annotations
        index = self.rng.randrange(len(annotations))
        target = self.rng.choice([i for i in range(len(annotations)) if i != index])
        self.log.append(f"reorder {annotations[index].id} {index}->{target}")
        annotations[index].update(z_index=target)
        self.changed("Reorder annotations", None)

    def op_metadata(self) -> None:
        metadata = self.doc.metadata
        keys = list(metadata)
        if keys and self.rng.random() < 0.35:
            name = self.rng.choice(keys)
            self.log.append(f"remove metadata {name}")
            del metadata[name]
            self.changed(f"Remove metadata {name}", None)
            return
        name = self.rng.choice(["Title", "Author", "Subject", "Keywords", "Custom"])
        value = self.text()
        self.log.append(f"set metadata {name}")
        metadata[name] = value
        self.changed(f"Set metadata {name}", None)

    def op_insert_page(self) -> None:
        if self.doc.page_count >= 9:
            return self.op_color()
        index = self.rng.randint(0, self.doc.page_count)
        self.log.append(f"insert page at {index}")
        self.doc.insert_blank_page(index, self.rng.choice([200.0, 612.0]), self.rng.choice([300.0, 792.0]))
        self.changed("Insert Page", None)

    def op_undo(self) -> None:
        for _ in range(self.rng.randint(1, 3)):
            expected = bool(self.journal.undo)
            self.log.append("undo")
            assert self.doc.undo() == expected
            if expected:
                self.journal.undo_step()
                self.expected_calls += 1
            self.check("undo")

    def op_redo(self) -> None:
        for _ in range(self.rng.randint(1, 3)):
            expected = bool(self.journal.redo)
            self.log.append("redo")
            assert self.doc.redo() == expected
            if expected:
                self.journal.redo_step()
                self.expected_calls += 1
            self.check("redo")

    def op_save_bytes(self) -> None:
        incremental = self.rng.choice([None, False, True] if self.incremental_ok else [None, False])
        self.log.append(f"to_bytes incremental={incremental}")
        # Saving writes the current (possibly restored) state; it changes neither history nor clean state.
        assert_same(
            saved_state(self.doc, incremental=incremental),
            self.journal.states[self.journal.state],
            f"saved bytes (incremental={incremental}) after {' | '.join(self.log[-6:])}",
        )

    def op_save_file(self) -> None:
        if not self.incremental_ok:
            return self.op_save_bytes()
        self.log.append("save incremental to file")
        self.doc.save(self.save_path, incremental=True)
        self.journal.saved = self.journal.state
        self.expected_calls += 1
        with pdftools.open(self.save_path) as again:
            assert_same(live_state(again), self.journal.states[self.journal.state], "the file saved incrementally")

    WEIGHTS = {
        "op_create": 6,
        "op_color": 5,
        "op_opacity": 2,
        "op_contents": 2,
        "op_border": 2,
        "op_color_and_opacity": 2,
        "op_group_color": 2,
        "op_delete": 3,
        "op_reorder": 2,
        "op_metadata": 3,
        "op_insert_page": 1,
        "op_undo": 6,
        "op_redo": 4,
        "op_save_bytes": 1,
        "op_save_file": 1,
    }

    def run(self, count: int) -> None:
        names = list(self.WEIGHTS)
        weights = [self.WEIGHTS[name] for name in names]
        for _ in range(count):
            name = self.rng.choices(names, weights)[0]
            getattr(self, name)()
            self.check(name)

    def finish(self) -> None:
        """Undo everything: the original document; redo everything: the final one (through saved bytes)."""
        final_saved = saved_state(self.doc)
        final_live = self.journal.states[self.journal.state]
        undone = 0
        while self.doc.undo():
            undone += 1
        assert undone == len(self.journal.undo), "every step of the model was undone"
        for _ in range(undone):
            self.journal.undo_step()
            self.expected_calls += 1
        assert self.journal.state == 0
        self.log.append("undo all")
        self.check("undo all")
        assert_same(saved_state(self.doc), self.original_saved, "after undoing everything, saved")
        for _ in range(undone):
            assert self.doc.redo()
            self.journal.redo_step()
            self.expected_calls += 1
        self.log.append("redo all")
        self.check("redo all")
        assert_same(saved_state(self.doc), final_saved, "after redoing everything, saved")
        assert_same(live_state(self.doc), final_live, "after redoing everything")
        while self.journal.redo:  # steps undone during the sequence and never redone
            assert self.doc.redo()
            self.journal.redo_step()
            self.expected_calls += 1
        assert not self.doc.redo()
        self.log.append("redo the rest")
        self.check("redo the rest")


@pytest.fixture
def open_target(tmp_path: Path):
    """Opens a target: the generated known-layout document (from bytes) or a corpus file."""
    opened: List[pdftools.Document] = []

    def open_(name: str) -> pdftools.Document:
        if name == "generated":
            doc = pdftools.open(knownlayout.pdf_bytes())
        else:
            doc = pdftools.open(corpus.path(name))
        opened.append(doc)
        return doc

    yield open_
    for doc in opened:
        doc.close()


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("target", TARGETS)
def test_random_edits_undo_and_redo_match_the_model(target: str, seed: int, open_target: Any, tmp_path: Path) -> None:
    doc = open_target(target)
    runner = Runner(doc, random.Random(f"{target}:{seed}"), tmp_path / "saved.pdf", incremental_ok=True)
    runner.check("opened")
    runner.run(OPERATIONS)
    runner.finish()


@pytest.mark.parametrize("seed", SEEDS[:2])
def test_random_edits_on_a_new_document(seed: int, tmp_path: Path) -> None:
    with pdftools.new() as doc:
        doc.insert_blank_page()
        doc.clear_undo()
        runner = Runner(doc, random.Random(seed), tmp_path / "saved.pdf", incremental_ok=False)
        # A new document was never saved: it counts as modified once it has a page.
        runner.journal.saved = -1
        runner.check("new")
        runner.run(OPERATIONS)
        runner.finish()

"""A model-based random tester of the window: seeded random sequences of user-level edits, made
through the window's actions and widgets (keys typed into the definition, toolbar and menu
actions, clicks on the boards, the palette's buttons, the details' fields, dialogs filled in
as a user fills them), over every sample variant.

After every edit: the modified mark is set exactly when the variant differs from the last
save. After every sequence:

* undo all, save: the file is byte for byte the unmodified sample;
* redo all, save, reopen: the variant is the one the window showed at the end of the sequence;
* no exception reached Qt or the document's ``problem`` signal, and Qt logged no warning.

    python benchmarks/random_edits.py                       # 2,000 sequences, seed 1
    python benchmarks/random_edits.py --sequences 300 --seed 7
    python benchmarks/random_edits.py --sequence 41 --seed 1 --verbose   # one again, each step

Figures (JSON on standard output): sequences, edits, invariant checks held, failures (each with
its seed, sequence number and steps), seconds. The suite runs a few hundred sequences of the same
generator with a fixed seed (``tests/gui/test_random_edits.py``).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import sys
import tempfile
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = sorted((ROOT / "variants").glob("*.ini"))
# What a user types into a definition: atoms, modifiers, ranges, groups, and a few mistakes.
TYPED = "WFDNAHCZGKQRBmcfblrsvpgnjiao0123-()x"
# Qt messages that say nothing about the window (the offscreen platform's own notes).
BENIGN = ("This plugin does not support", "propagateSizeHints")


@dataclass
class Figures:
    """What a run did and found."""

    sequences: int = 0
    edits: int = 0
    checks: int = 0                      # invariant checks made, all of which held unless failed
    failures: list[dict] = field(default_factory=list)
    ops: dict[str, int] = field(default_factory=dict)
    seconds: float = 0.0

    def as_json(self) -> dict:
        return {"sequences": self.sequences, "edits": self.edits, "checks": self.checks,
                "failed": len(self.failures), "failures": self.failures[:20],
                "ops": dict(sorted(self.ops.items())), "seconds": round(self.seconds, 1)}


class Broken(AssertionError):
    """An invariant did not hold."""


class Tester:
    """Drives one ``MainWindow`` through random edits (see the module docstring)."""

    def __init__(self, window, folder: Path, click: Callable, keys: Callable,
                 key: Callable) -> None:
        self.w = window
        self.folder = folder
        self.click, self.keys, self.key = click, keys, key   # QTest-like gestures
        self.notices: list[tuple[str, str]] = []
        self.problems: list[str] = []
        self.rng = random.Random(0)
        self.steps: list[str] = []
        self.saved = window.doc.variant
        f = window.files
        f.ask = lambda text, recovery=False: "discard"
        f.notify = lambda title, text: self.notices.append((title, text))
        f.offer_save_as = lambda title, text: False
        window.notify = lambda title, text: self.notices.append((title, text))
        window.piece_palette.ask = lambda text: True
        self.ops: list[tuple[str, int, Callable[[], None]]] = [
            ("type", 14, self.op_type), ("erase", 4, self.op_erase),
            ("black", 4, self.op_black), ("unmoved", 3, self.op_unmoved),
            ("probe", 5, self.op_probe), ("select", 6, self.op_select),
            ("resize", 3, self.op_resize), ("properties", 3, self.op_properties),
            ("place", 5, self.op_place), ("remove", 4, self.op_remove),
            ("clear", 1, self.op_clear), ("mirror", 1, self.op_mirror),
            ("castling", 2, self.op_castling), ("drops", 1, self.op_drops),
            ("new piece", 2, self.op_new_piece), ("library", 2, self.op_library),
            ("duplicate", 2, self.op_duplicate), ("delete", 2, self.op_delete),
            ("rename", 2, self.op_name), ("letter", 1, self.op_letter),
            ("royal", 1, self.op_royal), ("promotion", 2, self.op_promotion),
            ("zone", 1, self.op_zone), ("dialect", 2, self.op_dialect),
            ("fix", 3, self.op_fix), ("undo", 10, self.op_undo), ("redo", 6, self.op_redo),
            ("save", 2, self.op_save),
        ]

    # -- gestures --------------------------------------------------------------------------
    def _piece(self):
        return self.w.doc.piece()

    def op_type(self) -> None:
        edit = self.w.editor.edit
        edit.setFocus()
        self.key(edit, self.rng.choice(["End", "Home", "End"]))
        self.keys(edit, "".join(self.rng.choice(TYPED) for _ in range(self.rng.randint(1, 3))))

    def op_erase(self) -> None:
        edit = self.w.editor.edit
        edit.setFocus()
        self.key(edit, "End")
        for _ in range(self.rng.randint(1, 3)):
            self.key(edit, "Backspace")

    def op_black(self) -> None:
        self.w.acts["black"].trigger()

    def op_unmoved(self) -> None:
        self.w.acts["virgin"].trigger()

    def _square(self, files: int, ranks: int) -> tuple[int, int]:
        return self.rng.randrange(files), self.rng.randrange(ranks)

    def op_probe(self) -> None:
        w = self.w
        w.show_central(w.view)
        v = w.doc.variant
        sq = self._square(v.files, v.ranks)
        if sq == w.canvas.origin:
            return
        self.click(w.canvas, w.canvas.square_rect(sq).center().toPoint(), right=True)

    def op_select(self) -> None:
        lst = self.w.piece_palette.list
        if lst.count():
            lst.setCurrentRow(self.rng.randrange(lst.count()))

    def _spin(self, box, value: int) -> None:
        box.setFocus()
        box.selectAll()
        self.keys(box.lineEdit(), str(value))
        self.key(box.lineEdit(), "Return")

    def op_resize(self) -> None:
        v = self.w.doc.variant
        box = self.rng.choice([self.w.files_box, self.w.ranks_box])
        now = v.files if box is self.w.files_box else v.ranks
        self._spin(box, max(1, min(16, now + self.rng.choice([-2, -1, 1, 2]))))

    def op_properties(self) -> None:
        rng = self.rng

        def fill(dialog) -> bool:
            what = rng.randrange(4)
            if what == 0:
                dialog.name.setText(f"Edited {rng.randrange(100)}")
            elif what == 1:
                dialog.description.setPlainText(rng.choice(["", "A game.", "Notes\non lines"]))
            elif what == 2:
                dialog.holdings.setValue(rng.randrange(0, 4))
            else:
                dialog.zone.setValue(rng.randrange(0, 4))
            return rng.random() < 0.9                     # sometimes Cancel
        self.w.files.run_dialog = fill
        self.w.acts["properties"].trigger()

    def _setup_board(self):
        setup = self.w.setup_editor
        self.w.show_central(setup)
        return setup.board

    def op_place(self) -> None:
        board = self._setup_board()
        v = self.w.doc.variant
        sq = self._square(v.files, v.ranks)
        self.click(board, board.square_rect(sq).center().toPoint())

    def op_remove(self) -> None:
        board = self._setup_board()
        s = board.setup()
        if s is None or not s.board:
            return
        sq = self.rng.choice(sorted(s.board))
        self.click(board, board.square_rect(sq).center().toPoint(), right=True)

    def op_clear(self) -> None:
        self._setup_board()
        self.w.setup_editor.clear_act.trigger()

    def op_mirror(self) -> None:
        self._setup_board()
        acts = self.w.setup_editor.mirror_button.menu().actions() \
            if self.w.setup_editor.mirror_button.menu() else []
        if acts:
            self.rng.choice(acts).trigger()
        else:
            self.w.setup_editor.mirror_button.click()

    def op_castling(self) -> None:
        self._setup_board()
        boxes = list(self.w.setup_editor.castling.boxes.values())
        box = self.rng.choice(boxes)
        if box.isEnabled():
            box.click()               # (in a narrow window its tab is chosen first: the same)

    def op_drops(self) -> None:
        self._setup_board()
        box = self.w.setup_editor.holdings.drops
        if box.isEnabled():
            box.click()

    def op_new_piece(self) -> None:
        rng = self.rng
        palette = self.w.piece_palette

        def fill(dialog) -> int:
            dialog.name.setText(rng.choice(["Wazir", "Thing", ""]))
            dialog.definition.setText(rng.choice(["W", "fmWfcF", "NN", "mRcpR", "K(", "W-F"]))
            if rng.random() < 0.2:
                dialog.dialect.setCurrentIndex(1)
            return 1 if dialog.ok.isEnabled() else 0
        palette.run_dialog = fill
        palette.new_act.trigger()

    def op_library(self) -> None:
        rng = self.rng
        palette = self.w.piece_palette

        def fill(dialog) -> int:
            if dialog.results.count():
                dialog.results.setCurrentRow(rng.randrange(dialog.results.count()))
            return 1 if dialog.add_button.isEnabled() else 0
        palette.run_dialog = fill
        palette.library_act.trigger()

    def op_duplicate(self) -> None:
        self.w.piece_palette.duplicate_button.click()

    def op_delete(self) -> None:
        if len(self.w.doc.variant.pieces) > 1:
            self.w.piece_palette.delete_button.click()

    def op_name(self) -> None:
        details = self.w.piece_palette.details
        details.name.setFocus()
        self.key(details.name, "End")
        self.keys(details.name, self.rng.choice(["x", " II", "e"]))

    def op_letter(self) -> None:
        details = self.w.piece_palette.details
        if self._piece() is None:
            return
        details.letter.setFocus()
        details.letter.selectAll()
        self.keys(details.letter, self.rng.choice("TUVYJQ"))
        self.key(details.letter, "Return")

    def op_royal(self) -> None:
        box = self.w.piece_palette.details.royal
        if box.isEnabled():
            box.click()

    def op_promotion(self) -> None:
        from PySide6.QtCore import Qt
        choices = self.w.piece_palette.details.choices
        if choices.count() and choices.isEnabled():
            item = choices.item(self.rng.randrange(choices.count()))
            if item.flags() & Qt.ItemFlag.ItemIsUserCheckable:
                item.setCheckState(Qt.CheckState.Unchecked if item.checkState() ==
                                   Qt.CheckState.Checked else Qt.CheckState.Checked)

    def op_zone(self) -> None:
        box = self.w.piece_palette.details.zone
        if box.isEnabled():
            self._spin(box, self.rng.randrange(0, 4))

    def op_dialect(self) -> None:
        box = self.w.editor.dialect_box
        other = 1 - box.currentIndex()
        box.setCurrentIndex(other)
        box.activated.emit(other)     # what choosing the entry in its list does

    def op_fix(self) -> None:
        self.w.editor.refresh_details()          # the warnings as the idle timer shows them
        warnings = self.w.editor.warnings
        if warnings.count():
            warnings.setCurrentRow(self.rng.randrange(warnings.count()))
        button = self.w.editor.fix_button
        if button.isEnabled():
            button.click()

    def op_undo(self) -> None:
        for _ in range(self.rng.choice([1, 1, 2, 3])):
            self.w.acts["undo"].trigger()

    def op_redo(self) -> None:
        for _ in range(self.rng.choice([1, 1, 2])):
            self.w.acts["redo"].trigger()

    def op_save(self) -> None:
        self.w.acts["save"].trigger()
        if not self.w.isWindowModified():
            self.saved = self.w.doc.variant

    # -- invariants ------------------------------------------------------------------------
    def check(self, ok: bool, what: str) -> None:
        self.figures.checks += 1
        if not ok:
            raise Broken(what)

    def check_mark(self) -> None:
        doc = self.w.doc
        self.check(self.w.isWindowModified() == (doc.variant != self.saved),
                   f"modified mark {self.w.isWindowModified()} but the variant "
                   f"{'differs from' if doc.variant != self.saved else 'is'} the last save")

    def sequence(self, number: int, seed: int, edits: int, verbose: bool = False) -> None:
        from designer.formats import xboard_ini
        self.rng = rng = random.Random(f"{seed}:{number}")
        sample = SAMPLES[number % len(SAMPLES)]
        work = self.folder / f"seq{number}"
        work.mkdir(parents=True, exist_ok=True)
        path = work / sample.name
        shutil.copyfile(sample, path)
        original = sample.read_bytes()
        w = self.w
        self.steps = [f"open {sample.name}"]
        self.problems.clear()
        assert w.open_file(str(path)), f"cannot open {sample}"
        self.saved = w.doc.variant
        names = [name for name, weight, _ in self.ops for _ in range(weight)]
        table = {name: op for name, _, op in self.ops}
        for _ in range(edits):
            name = rng.choice(names)
            self.steps.append(name)
            if verbose:
                print(f"  {name}", file=sys.stderr)
            table[name]()
            self.figures.edits += 1
            self.figures.ops[name] = self.figures.ops.get(name, 0) + 1
            self.check_mark()
            self.check(not self.problems, f"a panel failed: {self.problems[:1]}")
        stack = w.doc.undo_stack
        while stack.canRedo():                 # the top of the history is what redo all gives
            w.acts["redo"].trigger()
        self.check_mark()
        shown = w.doc.variant
        while stack.canUndo():
            w.acts["undo"].trigger()
        undone = work / "undone.ini"
        self.check(w.files.save_to(str(undone)), f"undo all: cannot save ({self.notices[-1:]})")
        self.check(undone.read_bytes() == original,
                   "undo all, save: not the unmodified file byte for byte")
        self.saved = w.doc.variant
        while stack.canRedo():
            w.acts["redo"].trigger()
        self.check(w.doc.variant == shown, "redo all: not the variant shown before undoing")
        self.check_mark()
        redone = work / "redone.ini"
        self.check(w.files.save_to(str(redone)), f"redo all: cannot save ({self.notices[-1:]})")
        self.check(xboard_ini.load(redone) == shown,
                   "redo all, save, reopen: not the variant the window showed")
        self.check(not self.problems, f"a panel failed: {self.problems[:1]}")
        shutil.rmtree(work, ignore_errors=True)

    def run(self, sequences: int, seed: int, edits: tuple[int, int] = (4, 16), first: int = 0,
            verbose: bool = False, messages: list[str] | None = None) -> Figures:
        self.figures = Figures()
        # an exception in a panel's slot reaches sys.excepthook (Qt does not raise it here)
        previous = sys.excepthook

        def hook(kind, value, tb):
            self.problems.append(f"{kind.__name__}: {value}")
            previous(kind, value, tb)
        sys.excepthook = hook
        try:
            return self._run(sequences, seed, edits, first, verbose, messages)
        finally:
            sys.excepthook = previous

    def _run(self, sequences: int, seed: int, edits: tuple[int, int], first: int,
             verbose: bool, messages: list[str] | None) -> Figures:
        start = time.perf_counter()
        for number in range(first, first + sequences):
            count = random.Random(f"{seed}:{number}:n").randint(*edits)
            before = len(messages) if messages is not None else 0
            try:
                self.sequence(number, seed, count, verbose)
                if messages is not None:
                    warned = [m for m in messages[before:] if not m.startswith(BENIGN)]
                    self.check(not warned, f"Qt warned: {warned[:2]}")
            except Exception as exc:           # noqa: BLE001 - every failure is a figure
                self.figures.failures.append({
                    "sequence": number, "seed": seed, "sample": SAMPLES[number % len(SAMPLES)]
                    .name, "steps": self.steps, "failure": f"{type(exc).__name__}: {exc}",
                    "where": traceback.format_exc(limit=3)[-600:]
                    if not isinstance(exc, Broken) else ""})
            self.figures.sequences += 1
        self.figures.seconds = time.perf_counter() - start
        return self.figures


def qtest_gestures() -> tuple[Callable, Callable, Callable]:
    """Mouse clicks and keys as ``QTest`` sends them (the tests' qtbot does the same)."""
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest

    def click(widget, pos, right: bool = False) -> None:
        QTest.mouseClick(widget, Qt.MouseButton.RightButton if right else
                         Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, pos)

    def keys(widget, text: str) -> None:
        QTest.keyClicks(widget, text)

    def key(widget, name: str) -> None:
        QTest.keyClick(widget, getattr(Qt.Key, f"Key_{name}"))
    return click, keys, key


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sequences", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--sequence", type=int, help="run this one sequence only")
    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args(argv)
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    sys.path.insert(0, str(ROOT))
    from PySide6.QtCore import QSettings, qInstallMessageHandler
    from designer.gui.window import file_guard
    from designer.gui.app import make_app
    from designer.gui.window import MainWindow
    app = make_app()
    messages: list[str] = []
    qInstallMessageHandler(lambda mode, context, text: messages.append(text))
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        file_guard.recovery_dir = lambda: folder / "recovery"      # never the user's own
        settings = QSettings(str(folder / "settings.ini"), QSettings.Format.IniFormat)
        window = MainWindow(None, settings)
        window.resize(1200, 800)
        window.show()
        tester = Tester(window, folder, *qtest_gestures())
        first = args.sequence if args.sequence is not None else 0
        count = 1 if args.sequence is not None else args.sequences
        figures = tester.run(count, args.seed, first=first, verbose=args.verbose,
                             messages=messages)
        window.discard_and_close()
    del app
    print(json.dumps(figures.as_json(), indent=1))
    return 1 if figures.failures else 0


if __name__ == "__main__":
    raise SystemExit(main())

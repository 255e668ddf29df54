"""A model-based random tester of the window: seeded random sequences of user-level edits, made
through the window's actions and widgets (keys typed into the definition, toolbar and menu
actions, clicks on the boards, the palette's buttons, the details' fields, every field of the
Rules panel typed within and at the edge of its range, the Setup tab with its sample start
positions and FEN field, and the Play tab: new games, moves, taking back, looking back, saving
and opening the game), over every sample variant.

After every edit (each a step with a seed of its own, so that any part of a sequence replays):

* the modified mark is set exactly when the variant differs from the last save;
* no exception reached Qt or the document's ``problem`` signal;
* the Play board shows the document's game under the variant as it is now, and every move it
  offers is legal under that variant (the rules' own replay says so);
* the variant saves: the XBoard options file, the Fairy-Stockfish variants.ini and the XBoard +
  Fairy-Stockfish launcher pair are written through the window's Export and read back equal;
  while it is modified, the window's autosave writes it and the recovery file reads back equal;
* a game with moves reads back: the game-recovery file gives the variant and the same game,
  and *Save game as PGN* gives a file *Open game* reads to the same start, moves and result.

After every sequence:

* undo all, save: the file is byte for byte the sample as it was opened, and no game is left;
* redo all, save, reopen: the variant is the one the window showed at the end of the sequence,
  and the game is the one it held;
* Qt logged no warning.

A failure names its kind, its seed and sequence, the steps that led to it and the fewest of
them that still fail the same way (``--steps`` replays them). A Play board out of date is
noted and the board asked again, so that the sequence goes on; any other failure ends it.
Consecutive keys typed into one field are one undo step whatever the machine's speed, so the
same seed gives the same sequences, edits and failures on a fast machine and a loaded one.

    python benchmarks/random_edits.py                       # 1,000 sequences, seed 1
    python benchmarks/random_edits.py --sequences 300 --seed 7
    python benchmarks/random_edits.py --sequence 41 --seed 1 --verbose   # one again, each step
    python benchmarks/random_edits.py --sample fide.ini --steps "rule/123 new game/9 move/77"

Figures (JSON on standard output): sequences, edits, game moves, rule edits, invariant checks
held, failures by kind (each with its seed, sequence number, steps and fewest steps), seconds.
The suite runs a few seeded sequences of the same generator (``tests/gui/test_random_edits.py``).
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
from collections.abc import Callable, Collection, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = sorted((ROOT / "variants").glob("*.ini"))
# What a user types into a definition: atoms, modifiers, ranges, groups, and a few mistakes.
TYPED = "WFDNAHCZGKQRBmcfblrsvpgnjiao0123-()x"
# What a user types into a FEN field after taking a few characters off its end.
FEN_TYPED = "12345678/pnbrqkPNBRQK -w"
# Qt messages that say nothing about the window (the offscreen platform's own notes).
BENIGN = ("This plugin does not support", "propagateSizeHints")
# The longest the rules worker may take to replay a game before the run calls it a hang.
SETTLE_SECONDS = 60.0


@dataclass
class Figures:
    """What a run did and found."""

    sequences: int = 0
    edits: int = 0
    game_moves: int = 0                  # moves played on the Play board
    rule_edits: int = 0                  # values typed, ticked or chosen in the Rules panel
    rule_fields: set[str] = field(default_factory=set)   # which fields (promotions[].zone)
    rule_fields_offered: set[str] = field(default_factory=set)   # of those the panel showed
    games_read_back: int = 0             # PGN files and recovery files read back
    checks: int = 0                      # invariant checks made, all of which held unless failed
    failures: list[dict] = field(default_factory=list)
    ops: dict[str, int] = field(default_factory=dict)
    seconds: float = 0.0

    def by_kind(self) -> dict[str, int]:
        out: dict[str, int] = {}
        for f in self.failures:
            out[f["kind"]] = out.get(f["kind"], 0) + 1
        return dict(sorted(out.items()))

    def as_json(self) -> dict:
        return {"sequences": self.sequences, "edits": self.edits,
                "game_moves": self.game_moves, "rule_edits": self.rule_edits,
                "rule_fields_edited": len(self.rule_fields),
                "rule_fields_offered": len(self.rule_fields_offered),
                "games_read_back": self.games_read_back, "checks": self.checks,
                "failed": len(self.failures), "failures_by_kind": self.by_kind(),
                "failures": self.failures[:40],
                "ops": dict(sorted(self.ops.items())), "seconds": round(self.seconds, 1)}


class Broken(AssertionError):
    """An invariant did not hold; ``kind`` names which (``KINDS``)."""

    def __init__(self, kind: str, what: str) -> None:
        super().__init__(what)
        self.kind = kind
        self.at: int | None = None            # for a noted failure: after how many steps


#: the kinds of failure, each an invariant of the module docstring
KINDS = ("mark", "exception", "play board", "illegal move offered", "hang", "save",
         "fsf export", "launcher export", "autosave", "game recovery file", "pgn",
         "undo all", "redo all", "qt warning")


@dataclass(frozen=True)
class Step:
    """One edit: the gesture's name and the seed of its random choices."""

    name: str
    seed: int

    def __str__(self) -> str:
        return f"{self.name}/{self.seed}"

    @staticmethod
    def parse(text: str) -> Step:
        name, _, seed = text.rpartition("/")
        return Step(name, int(seed))


def parse_steps(text: str) -> list[Step]:
    """Steps as ``--steps`` takes them: ``name/seed`` separated by commas."""
    return [Step.parse(t.strip()) for t in text.split(",") if t.strip()]


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
        self.steps: list[Step] = []
        self.noted: list[Broken] = []         # failures the sequence went on after
        self.saved = window.doc.variant
        self.work = folder
        self.figures = Figures()
        self.game_file = ""                   # the PGN saved last in this sequence
        self._checked: tuple = ()             # the state whose files were read back last
        self._game_checked: tuple = ()
        self._replayer = None                 # the rules' own replays of offered moves
        f = window.files
        f.ask = lambda text, recovery=False: "discard"
        f.notify = lambda title, text: self.notices.append((title, text))
        f.offer_save_as = lambda title, text: False
        f.choose_path = lambda saving, filters, proposed=None: ""
        f.choose_section = lambda path, names: ""
        window.notify = lambda title, text: self.notices.append((title, text))
        window.piece_palette.ask = lambda text: True
        keeper = window.play_mode.keeper
        keeper.ask = lambda text, buttons: buttons[-1]          # never restores on its own
        self.ops: list[tuple[str, int, Callable[[], None]]] = [
            ("type", 14, self.op_type), ("erase", 4, self.op_erase),
            ("black", 3, self.op_black), ("unmoved", 2, self.op_unmoved),
            ("probe", 4, self.op_probe), ("select", 6, self.op_select),
            ("resize", 3, self.op_resize), ("properties", 3, self.op_properties),
            ("place", 5, self.op_place), ("remove", 4, self.op_remove),
            ("clear", 2, self.op_clear), ("mirror", 2, self.op_mirror),
            ("castling", 2, self.op_castling), ("drops", 2, self.op_drops),
            ("new piece", 2, self.op_new_piece), ("library", 2, self.op_library),
            ("duplicate", 2, self.op_duplicate), ("delete", 2, self.op_delete),
            ("rename", 2, self.op_name), ("letter", 2, self.op_letter),
            ("royal", 2, self.op_royal), ("promotion", 2, self.op_promotion),
            ("zone", 2, self.op_zone), ("dialect", 2, self.op_dialect),
            ("fix", 3, self.op_fix), ("undo", 10, self.op_undo), ("redo", 6, self.op_redo),
            ("save", 2, self.op_save),
            # the Rules panel, the Setup tab's samples and FEN, the Play tab
            ("rule", 14, self.op_rule), ("sample setup", 3, self.op_sample_setup),
            ("fen", 2, self.op_fen), ("new game", 5, self.op_new_game),
            ("move", 18, self.op_move), ("take back", 2, self.op_take_back),
            ("look back", 3, self.op_look_back), ("save game", 2, self.op_save_game),
            ("open game", 2, self.op_open_game),
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

    # -- the Rules panel -----------------------------------------------------------------------
    def op_rule(self) -> None:
        """One field of the Rules panel (any of them, in the table of every option or the
        Basics form) given a value as a user gives it: ticked, chosen, or typed within and at
        the edge of its range, then Enter."""
        rng = self.rng
        panel = self.w.rules_panel
        self.w.show_central(panel)
        if panel._dirty:
            panel.refresh()
        paths = sorted(panel.fields)
        if not paths:
            return
        self.figures.rule_fields_offered.update(f.pattern for f in panel.fields.values())
        path = rng.choice(paths)
        form = path in panel.form_editors and rng.random() < 0.3
        panel.tabs.setCurrentIndex(0 if form else 1)
        editor = panel.editor(path, form)
        if hasattr(editor, "sides"):              # a value per side: White's or Black's
            editor = rng.choice(editor.sides)
        self.figures.rule_edits += 1
        self.figures.rule_fields.add(editor.field.pattern)
        if hasattr(editor, "line"):
            self._type_line(editor.line, self._rule_text(editor.field.kind))
        elif isinstance(getattr(editor, "box", None), type(self.w.files_box)):
            box = editor.box
            lo, hi, now = box.minimum(), box.maximum(), box.value()
            value = rng.choice([lo, hi, lo + 1, hi - 1, now + 1, now - 1,
                                rng.randint(lo, min(hi, lo + 12)), rng.randint(lo, hi)])
            self._spin(box, max(lo, min(hi, value)))
        elif hasattr(editor.box, "setChecked"):
            if editor.box.isEnabled():
                editor.box.click()
        else:                                     # a list of choices
            box = editor.box
            if box.count():
                i = rng.randrange(box.count())
                box.setCurrentIndex(i)
                box.activated.emit(i)         # what choosing the entry in its list does

    def _type_line(self, line, text: str) -> None:
        line.setFocus()
        line.selectAll()
        if text:
            self.keys(line, text)
        else:
            self.key(line, "Delete")
        self.key(line, "Return")

    def _region(self) -> str:
        v, rng = self.w.doc.variant, self.rng
        last = chr(ord("a") + v.files - 1)
        off = chr(ord("a") + min(v.files, 25))
        return rng.choice(["a1", f"{last}{v.ranks}", f"*{v.ranks}", f"{last}*", "*1", "*",
                           f"a1-{last}{min(2, v.ranks)}", f"a{v.ranks}-{last}{v.ranks}",
                           f"{off}1", f"a{v.ranks + 1}", "-", ""])

    def _rule_text(self, kind: str) -> str:
        """What a user types for a rule of this kind: the variant's letters, regions on the
        board and at its edge, pairs, counts, and a few mistakes."""
        rng = self.rng
        letters = [p.letter for p in self.w.doc.variant.pieces] or ["K"]
        some = " ".join(rng.sample(letters, rng.randint(1, min(3, len(letters)))))
        if kind == "letter":
            return rng.choice(letters + ["", "Z"])
        if kind == "letters":
            return rng.choice([some, some, "*", "-", "", "Z"])
        if kind == "region":
            return self._region()
        if kind == "regions":
            return "; ".join(self._region() for _ in range(rng.randint(1, 2)))
        a, b = rng.choice(letters), rng.choice(letters)
        if kind == "pairs":
            return rng.choice([f"{a}:{b}", f"{a}:+{a}", f"{a}:{b}, {b}:{a}", "-", "", f"{a}"])
        if kind == "counts":
            squares = self.w.doc.variant.files * self.w.doc.variant.ranks
            return rng.choice([f"{a}:1", f"{a}:0", f"{a}:{squares}", f"{a}:2, {b}:1", "-",
                               f"{a}:x"])
        return rng.choice(["", "x", "chess"])

    # -- the Setup tab -----------------------------------------------------------------------
    def op_sample_setup(self) -> None:
        """Setup > Load sample: the start position of another sample variant."""
        setup = self.w.setup_editor
        self.w.show_central(setup)
        setup.sample_menu.aboutToShow.emit()      # the menu fills itself as it opens
        acts = [a for a in setup.sample_menu.actions() if a.isEnabled() and not a.isSeparator()
                and not a.text().startswith("Other")]
        if acts:
            self.rng.choice(acts).trigger()

    def op_fen(self) -> None:
        """A few characters off the end of the start position's FEN, a few typed instead."""
        setup = self.w.setup_editor
        self.w.show_central(setup)
        line = setup.fen
        line.setFocus()
        self.key(line, "End")
        for _ in range(self.rng.randint(1, 4)):
            self.key(line, "Backspace")
        typed = "".join(self.rng.choice(FEN_TYPED) for _ in range(self.rng.randint(0, 3)))
        if typed:
            self.keys(line, typed)

    # -- the Play tab --------------------------------------------------------------------------
    def _answer(self, title: str, text: str, buttons: list[str]) -> str:
        """The Play tab's questions: a game of another variant is played under this one (the
        document stays: its history is what undo all checks); anything else is cancelled."""
        return next((b for b in buttons if b.startswith("Play it under")), buttons[-1])

    def _tab(self):
        tab = self.w.play
        tab._ask = self._answer
        tab.controller.ask = self._answer
        return tab

    def _game_tab(self):
        """The Play tab when the document has a game (shown, its board up to date)."""
        if self.w.doc.game is None:
            return None
        tab = self._tab()
        self.w.show_central(tab.view)
        self.settle()
        return tab

    def op_new_game(self) -> None:
        """Game > New game: from the setup, the position on the board or a FEN typed (the
        setup's), between two people (a computer's timing would not replay)."""
        tab = self._tab()
        self._answer_new_game()
        tab.acts["new"].trigger()
        self.settle()

    def _answer_new_game(self) -> None:
        from PySide6.QtWidgets import QDialog
        rng = self.rng

        def fill(dialog) -> bool:
            which = rng.randrange(4)
            if which == 0 and dialog.from_board.isEnabled():
                dialog.from_board.setChecked(True)
            elif which == 1:
                dialog.from_fen.setChecked(True)
                dialog.fen.setText(self.w.doc.variant.setup)
            dialog.white.setCurrentIndex(0)
            dialog.black.setCurrentIndex(0)
            if rng.random() < 0.05:
                return False                      # Cancel
            dialog.accept()                       # Start: the dialog checks the FEN first
            return dialog.result() == QDialog.DialogCode.Accepted
        self.w.files.run_dialog = fill

    def op_move(self) -> None:
        """One to four legal moves from the position shown, by clicks on the board (a move
        its two squares say alone) or as the board completes a move it entered; without a
        game, Game > Play starts one first."""
        if self.w.doc.game is None:           # Game > Play starts one first
            self._tab()
            self._answer_new_game()
            self.w.play_mode.acts["play"].trigger()
        tab = self._game_tab()
        if tab is None:
            return
        view, doc, rng = tab.view, self.w.doc, self.rng
        for _ in range(rng.choice([1, 2, 3, 4])):
            r = view.replay
            if r is None or r.error or not r.legal or not view.can_move():
                return
            move = rng.choice(sorted(r.legal))
            self.check_offered(r, move)
            before = doc.game
            same = [m for m in r.legal if (m.origin, m.target) == (move.origin, move.target)]
            if move.origin >= 0 and len(same) == 1 and not move.via and move.wall < 0 \
                    and rng.random() < 0.5:
                canvas = view.canvas
                for s in (move.origin, move.target):
                    self.click(canvas, canvas.square_rect(r.square(s)).center().toPoint())
                if doc.game == before:
                    view.cancel_entry()
            else:
                view.play(move)
            self.settle()
            if doc.game != before:
                self.figures.game_moves += 1

    def op_take_back(self) -> None:
        tab = self._game_tab()
        if tab is not None:
            tab.acts["take_back"].trigger()
            self.settle()

    def op_look_back(self) -> None:
        """First, back, forward or last position of the game (never an undo step)."""
        tab = self._game_tab()
        if tab is not None:
            tab.acts[self.rng.choice(["first", "back", "back", "forward", "last"])].trigger()
            self.settle()

    def op_save_game(self) -> None:
        tab = self._game_tab()
        if tab is None:
            return
        path = self.work / f"game{self.rng.randrange(2)}.pgn"
        if tab.save_game(str(path)):
            self.game_file = str(path)

    def op_open_game(self) -> None:
        """Game > Open game of the PGN saved last in this sequence."""
        if not self.game_file:
            return
        tab = self._tab()
        tab.open_game(self.game_file)
        self.settle()

    def settle(self) -> None:
        """Wait until the Play board has the rules worker's answer to the newest question (by
        the event loop, as a user waits; ``SETTLE_SECONDS`` at most, else a hang)."""
        if not self.w.play_mode.built:
            return
        from PySide6.QtTest import QTest
        view = self.w.play.view
        deadline = time.monotonic() + SETTLE_SECONDS
        while view.busy:
            if time.monotonic() > deadline:
                raise Broken("hang", f"the Play board waited {SETTLE_SECONDS:.0f} s for the "
                             "rules worker's replay of the game")
            QTest.qWait(2)

    # -- invariants ------------------------------------------------------------------------
    def check(self, ok: bool, kind: str, what: str = "") -> None:
        self.figures.checks += 1
        if not ok:
            raise Broken(kind, what)

    def note(self, kind: str, what: str) -> None:
        """A failure the sequence can go on after: kept (the first of its kind), not raised."""
        self.figures.checks += 1
        if all(b.kind != kind for b in self.noted):
            broken = Broken(kind, what)
            broken.at = len(self.steps)               # the steps that led to it
            self.noted.append(broken)

    def check_mark(self) -> None:
        doc = self.w.doc
        self.check(self.w.isWindowModified() == (doc.variant != self.saved), "mark",
                   f"modified mark {self.w.isWindowModified()} but the variant "
                   f"{'differs from' if doc.variant != self.saved else 'is'} the last save")

    def check_panels(self) -> None:
        self.check(not self.problems, "exception", f"a panel failed: {self.problems[:1]}")

    def check_play(self) -> None:
        """The Play board shows the document's game replayed under the variant as it is."""
        doc = self.w.doc
        if not self.w.play_mode.built or doc.game is None:
            return
        self.settle()
        view = self.w.play.view
        r = view.replay
        self.check(r is not None and r.line == doc.game, "play board",
                   "the Play board shows another game than the document's")
        if r.variant != doc.variant:
            # noted, then the board is asked again so that the sequence goes on (each later
            # check then sees the board a user would see after any change of the game)
            self.note("play board", "the Play board shows the game under the variant as it "
                      f"was before the last edit (it differs in "
                      f"{differences(r.variant, doc.variant)})")
            view.ask()
            self.settle()
            self.check(view.replay.variant == doc.variant, "play board",
                       "the Play board, asked again, still shows another variant")
        # the rules worker turns an exception into the board's message: a defect all the same
        self.check(not view.replay.error.startswith("Internal error"), "exception",
                   view.replay.error[:300])

    def check_offered(self, r, move) -> None:
        """A move the Play board offers is legal under the document's variant: the rules'
        own replay of the game with it keeps every move."""
        from designer.play import Replayer
        from designer.game.geometry import geometry
        line = self.w.doc.game
        if self._replayer is None:
            self._replayer = Replayer()       # keeps its game: one more move costs one move
        again = self._replayer.replay(self.w.doc.variant, line.played(move, r.at))
        text = move.text(geometry(r.variant.files, r.variant.ranks))
        self.check(again is not None and not again.error and again.valid == r.at + 1,
                   "illegal move offered",
                   f"the Play board offers {text} after {r.at} moves, which the rules refuse: "
                   f"{_why_refused(again)}")

    def check_files(self) -> None:
        """The variant saves in each of our formats and reads back equal; while modified,
        the autosave writes it and the recovery file reads back equal."""
        from designer.formats import fsf_ini, xboard_ini
        from designer.formats.registry import read_any
        from designer.gui.window.recovery import recovery_header
        doc, files = self.w.doc, self.w.files
        v = doc.variant
        key = (v, doc.path, doc.modified)
        if key == self._checked:
            return
        self._checked = key
        folder = self.work / "exports"
        folder.mkdir(exist_ok=True)
        for fmt, kind, name in (("xboard", "save", "v.ini"),
                                ("fsf", "fsf export", "v.variants.ini"),
                                ("xboard-fsf", "launcher export", "launch.ini")):
            path = folder / name
            told = len(self.notices)
            try:
                written = files.export(fmt, str(path))
                said = [t for t in self.notices[told:] if t[0].startswith("Cannot")]
                self.check(written, kind, f"Export as {fmt} refused: {said[:1]}")
                back = fsf_ini.read(path.read_text("utf-8"), None, str(path)) \
                    if fmt == "fsf" else read_any(str(path))
            except Broken:
                raise
            except Exception as e:            # noqa: BLE001 - every failure is a figure
                raise Broken(kind, f"{fmt}: {type(e).__name__}: {e}") from e
            self.check(back == v, kind, f"{fmt}: reads back different in "
                       f"{differences(v, back)}")
        if not doc.modified:
            return
        try:
            kept = files.autosave()
            self.check(kept, "autosave", f"autosave failed: {files.autosave_error}")
            text = files.recovery.read_text("utf-8")
            back = xboard_ini.read(text, str(files.recovery))
        except Broken:
            raise
        except Exception as e:                # noqa: BLE001
            raise Broken("autosave", f"{type(e).__name__}: {e}") from e
        self.check(back == v, "autosave",
                   f"the recovery file reads back different in {differences(v, back)}")
        self.check(recovery_header(text).get("of", "") == (doc.path or ""), "autosave",
                   "the recovery file names another file")

    def check_game(self, pgn: bool = False) -> None:
        """A game with moves reads back from the game-recovery file (whenever the variant or
        the game changed) and from its PGN (whenever the game changed, and when ``pgn``)."""
        from designer.gui.play.keeper import read_kept
        from designer.gui.play.records_io import line_of, load
        doc = self.w.doc
        game, v = doc.game, doc.variant
        if game is None or not game.moves or not self.w.play_mode.built:
            return
        key = (v, game)
        if key == self._game_checked and not pgn:
            return
        game_changed = game != (self._game_checked[1] if self._game_checked else None)
        self._game_checked = key
        keeper = self.w.play_mode.keeper
        try:
            self.check(keeper.write(), "game recovery file", f"not written: {keeper.error}")
            variant, line, _origin = read_kept(keeper.path)
        except Broken:
            raise
        except Exception as e:                # noqa: BLE001
            raise Broken("game recovery file", f"{type(e).__name__}: {e}") from e
        self.check(variant == v, "game recovery file",
                   f"the variant reads back different in {differences(v, variant)}")
        self.check(line == game, "game recovery file",
                   f"the game reads back with {len(line.moves)} moves of {len(game.moves)}"
                   f"{first_difference(line.moves, game.moves)}")
        if not (game_changed or pgn):
            return
        tab = self.w.play
        self.settle()
        r = tab.view.replay
        if r is None or r.error or r.valid == 0:
            return
        path = self.work / "check.pgn"
        told = len(self.notices)
        try:
            saved = tab.save_game(str(path))
            said = [t for t in self.notices[told:] if t[0].startswith("Cannot")]
            self.check(saved, "pgn", f"Save game as PGN refused: {said[:1]}")
            record = load(str(path))
        except Broken:
            raise
        except Exception as e:                # noqa: BLE001
            raise Broken("pgn", f"Open game refuses the saved game: {type(e).__name__}: "
                         f"{getattr(e, 'message', None) or e}") from e
        moves = game.moves[:r.valid]
        self.check(tuple(record.moves) == tuple(moves), "pgn",
                   f"the PGN reads back with {len(record.moves)} moves of {len(moves)}"
                   f"{first_difference(record.moves, moves)}")
        back = line_of(record, v).start
        self.check(same_position(back, game.start, v), "pgn",
                   f"the PGN reads back from another start: {back!r}, not {game.start!r}")
        self.check(record.result == r.result()[0], "pgn",
                   f"the PGN reads back with result {record.result}, not {r.result()[0]}")
        self.figures.games_read_back += 1

    def check_state(self) -> None:
        self.check_mark()
        self.check_panels()
        self.check_play()
        self.check_files()
        self.check_game()

    # -- sequences -----------------------------------------------------------------------------
    def sequence(self, number: int, seed: int, edits: int, verbose: bool = False,
                 steps: list[Step] | None = None, sample: Path | None = None) -> None:
        """Open a copy of a sample, make ``edits`` random edits (or these ``steps``) checking
        the state after each, then undo all and redo all (``Broken`` at the first failure)."""
        from designer.formats import xboard_ini
        rng = random.Random(f"{seed}:{number}")
        sample = sample or SAMPLES[number % len(SAMPLES)]
        work = self.work = self.folder / f"seq{number}"
        shutil.rmtree(work, ignore_errors=True)
        work.mkdir(parents=True)
        path = work / sample.name
        shutil.copyfile(sample, path)
        original = sample.read_bytes()
        w = self.w
        self.steps = []
        self.noted = []
        self.problems.clear()
        self.game_file = ""
        self._checked = self._game_checked = ()
        assert w.open_file(str(path)), f"cannot open {sample}"
        self.saved = w.doc.variant
        names = [name for name, weight, _ in self.ops for _ in range(weight)]
        table = {name: op for name, _, op in self.ops}
        planned = steps if steps is not None else \
            [Step(rng.choice(names), rng.getrandbits(32)) for _ in range(edits)]
        for step in planned:
            self.steps.append(step)
            if verbose:
                print(f"  {step}", file=sys.stderr)
            self.rng = random.Random(step.seed)
            table[step.name]()
            self.figures.edits += 1
            self.figures.ops[step.name] = self.figures.ops.get(step.name, 0) + 1
            self.check_state()
        self.check_game(pgn=True)              # the game as the sequence left it, as PGN
        stack = w.doc.undo_stack
        while stack.canRedo():                 # the top of the history is what redo all gives
            w.acts["redo"].trigger()
        self.settle()
        self.check_mark()
        shown, game = w.doc.variant, w.doc.game
        while stack.canUndo():
            w.acts["undo"].trigger()
        self.settle()
        undone = work / "undone.ini"
        self.check(w.files.save_to(str(undone)), "undo all",
                   f"undo all: cannot save ({self.notices[-1:]})")
        self.check(undone.read_bytes() == original, "undo all",
                   "undo all, save: not the unmodified file byte for byte")
        self.check(w.doc.game is None, "undo all", "undo all: a game is left")
        self.saved = w.doc.variant
        while stack.canRedo():
            w.acts["redo"].trigger()
        self.settle()
        self.check(w.doc.variant == shown, "redo all",
                   "redo all: not the variant shown before undoing")
        self.check(w.doc.game == game, "redo all", "redo all: not the game shown before undoing")
        self.check_mark()
        redone = work / "redone.ini"
        self.check(w.files.save_to(str(redone)), "redo all",
                   f"redo all: cannot save ({self.notices[-1:]})")
        back = xboard_ini.load(redone)
        self.check(back == shown, "redo all", "redo all, save, reopen: not the variant the "
                   f"window showed (differs in {differences(shown, back)})")
        self.check_panels()
        shutil.rmtree(work, ignore_errors=True)

    def attempt(self, number: int, seed: int, edits: int = 0, verbose: bool = False,
                steps: list[Step] | None = None, sample: Path | None = None,
                messages: list[str] | None = None) -> list[dict]:
        """Run one sequence; what failed (nothing when every invariant held)."""
        before = len(messages) if messages is not None else 0
        sample = sample or SAMPLES[number % len(SAMPLES)]
        found: list[tuple[BaseException, str]] = []
        try:
            self.sequence(number, seed, edits, verbose, steps, sample)
            if messages is not None:
                warned = [m for m in messages[before:] if not m.startswith(BENIGN)]
                self.check(not warned, "qt warning", f"Qt warned: {warned[:2]}")
        except Exception as exc:           # noqa: BLE001 - every failure is a figure
            found.append((exc, traceback.format_exc(limit=4)[-800:]
                          if not isinstance(exc, Broken) else ""))
        found[:0] = [(b, "") for b in self.noted]
        return [{"kind": getattr(exc, "kind", "exception"), "sequence": number, "seed": seed,
                 "sample": sample.name,
                 "steps": [str(s) for s in self.steps[:getattr(exc, "at", None)]],
                 "failure": f"{type(exc).__name__}: {exc}"[:600], "where": where}
                for exc, where in found]

    def shrink(self, failure: dict, budget: int, messages: list[str] | None = None) -> list[str]:
        """The fewest of the failure's steps that still fail the same way (a bounded delta
        debugging: chunks of the list left out, halving the chunk when none can go)."""
        steps = [Step.parse(s) for s in failure["steps"]]
        sample = ROOT / "variants" / failure["sample"]
        counting, self.figures = self.figures, Figures()
        try:
            chunk = max(1, len(steps) // 2)
            while chunk >= 1 and budget > 0:
                i, removed = 0, False
                while i < len(steps) and budget > 0:
                    trial = steps[:i] + steps[i + chunk:]
                    budget -= 1
                    got = self.attempt(failure["sequence"], failure["seed"], steps=trial,
                                       sample=sample, messages=messages)
                    if any(f["kind"] == failure["kind"] for f in got):
                        steps, removed = trial, True
                    else:
                        i += chunk
                if not removed:
                    chunk //= 2
        finally:
            self.figures = counting
        return [str(s) for s in steps]

    @contextmanager
    def watching(self) -> Iterator[None]:
        """While sequences run: exceptions in slots are caught, typing merges without time."""
        # an exception in a panel's slot reaches sys.excepthook (Qt does not raise it here)
        previous = sys.excepthook

        def hook(kind, value, tb):
            self.problems.append(f"{kind.__name__}: {value}")
            previous(kind, value, tb)
        sys.excepthook = hook
        # consecutive keys typed into one field are one undo step however long the machine
        # takes between them (the document merges them within a pause): the same steps give
        # the same history on a fast machine and a loaded one
        from designer.gui import document
        pause, document._Edit.PAUSE = document._Edit.PAUSE, float("inf")
        try:
            yield
        finally:
            sys.excepthook = previous
            document._Edit.PAUSE = pause

    def run(self, sequences: int, seed: int, edits: tuple[int, int] = (6, 22), first: int = 0,
            verbose: bool = False, messages: list[str] | None = None,
            shrink_budget: int = 0, shrink_kinds: Collection[str] = KINDS,
            progress: int = 0) -> Figures:
        """Run ``sequences`` sequences of ``edits`` steps; the first failure of each kind in
        ``shrink_kinds`` is cut down to its fewest steps (``shrink_budget`` replays at most);
        every ``progress`` sequences a line of figures goes to standard error."""
        self.figures = Figures()
        start = time.perf_counter()
        with self.watching():
            shrunk: set[str] = set()
            for number in range(first, first + sequences):
                count = random.Random(f"{seed}:{number}:n").randint(*edits)
                for failure in self.attempt(number, seed, count, verbose, messages=messages):
                    failure["fewest steps"] = failure["steps"]
                    kind = failure["kind"]
                    if shrink_budget and kind in shrink_kinds and kind not in shrunk:
                        shrunk.add(kind)                   # the first of each kind
                        failure["fewest steps"] = self.shrink(failure, shrink_budget, messages)
                    self.figures.failures.append(failure)
                    if progress:
                        print(f"sequence {number} ({failure['sample']}): {failure['kind']}: "
                              f"{failure['failure'][:300]}\n  steps: "
                              f"{','.join(failure['fewest steps'])}", file=sys.stderr,
                              flush=True)
                self.figures.sequences += 1
                if progress and self.figures.sequences % progress == 0:
                    print(f"{self.figures.sequences} sequences, {self.figures.edits} edits, "
                          f"{self.figures.game_moves} moves, failures {self.figures.by_kind()}, "
                          f"{time.perf_counter() - start:.0f} s", file=sys.stderr, flush=True)
        self.figures.seconds = time.perf_counter() - start
        return self.figures


def differences(a, b) -> str:
    """The fields in which two variants differ (a piece type by its letter)."""
    from dataclasses import fields
    if b is None:
        return "everything"
    out = []
    for f in fields(a):
        x, y = getattr(a, f.name), getattr(b, f.name)
        if x == y:
            continue
        if f.name == "pieces":
            letters = sorted({p.letter for p in x} ^ {p.letter for p in y} |
                             {p.letter for p in x if p not in y})
            out.append(f"pieces ({' '.join(letters)})")
        else:
            out.append(f.name)
    return ", ".join(out) or "nothing"


def _why_refused(replay) -> str:
    if replay is None:
        return "no answer"
    if replay.error:
        return replay.error[:300]
    return replay.illegal.reason if replay.illegal is not None else "(no reason given)"


def same_position(a: str, b: str, v) -> bool:
    """Whether two FENs give the same game under ``v``: the rules' own position of each
    (rights the rules do not use, no hands and empty hands, say the same)."""
    from designer.errors import DesignerError
    from designer.game.game import Game
    if a == b:
        return True
    try:
        return Game(v, a).fen() == Game(v, b).fen()
    except (DesignerError, ValueError):
        return False


def first_difference(a, b) -> str:
    for i, (x, y) in enumerate(zip(a, b)):
        if x != y:
            return f" (move {i + 1} differs: {x} against {y})"
    return ""


def replay_command(failure: dict) -> str:
    return (f"python benchmarks/random_edits.py --sample {failure['sample']} --seed "
            f"{failure['seed']} --sequence {failure['sequence']} --steps "
            f"\"{','.join(failure['fewest steps'])}\"")


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


def open_tester(folder: Path):
    """A shown window on its own settings and recovery folder inside ``folder``, and a tester
    driving it; the caller closes the window (``window.dispose()``)."""
    from PySide6.QtCore import QSettings
    from designer.gui.window import MainWindow, file_guard
    settings = QSettings(str(folder / "settings.ini"), QSettings.Format.IniFormat)
    user_folder = file_guard.recovery_dir
    file_guard.recovery_dir = lambda: folder / "recovery"          # never the user's own
    try:
        window = MainWindow(None, settings)
    finally:
        file_guard.recovery_dir = user_folder
    window.resize(1200, 800)
    window.show()
    return window, Tester(window, folder, *qtest_gestures())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sequences", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--sequence", type=int, help="run this one sequence only")
    parser.add_argument("--steps", help="replay these steps (name/seed, comma separated) "
                        "on --sample")
    parser.add_argument("--sample", help="the sample file name for --steps (e.g. fide.ini)")
    parser.add_argument("--shrink", type=int, default=150,
                        help="sequences replayed at most to find a failure's fewest steps")
    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args(argv)
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    sys.path.insert(0, str(ROOT))
    from PySide6.QtCore import qInstallMessageHandler
    from designer.gui.app import make_app
    app = make_app()
    messages: list[str] = []
    qInstallMessageHandler(lambda mode, context, text: messages.append(text))
    with tempfile.TemporaryDirectory() as tmp:
        window, tester = open_tester(Path(tmp))
        if args.steps is not None:
            number = args.sequence or 0
            sample = ROOT / "variants" / (args.sample or SAMPLES[number % len(SAMPLES)].name)
            tester.figures = Figures()
            with tester.watching():
                failures = tester.attempt(number, args.seed, steps=parse_steps(args.steps),
                                          sample=sample, verbose=args.verbose,
                                          messages=messages)
            figures = tester.figures
            figures.sequences = 1
            for failure in failures:
                failure["fewest steps"] = failure["steps"]
                figures.failures.append(failure)
        else:
            first = args.sequence if args.sequence is not None else 0
            count = 1 if args.sequence is not None else args.sequences
            figures = tester.run(count, args.seed, first=first, verbose=args.verbose,
                                 messages=messages, shrink_budget=args.shrink,
                                 progress=50 if count >= 100 else 0)
        window.dispose()
    del app
    print(json.dumps(figures.as_json(), indent=1))
    for failure in figures.failures[:40]:
        print(f"{failure['kind']}: {failure['failure'][:200]}\n  replay: "
              f"{replay_command(failure)}", file=sys.stderr)
    return 1 if figures.failures else 0


if __name__ == "__main__":
    raise SystemExit(main())

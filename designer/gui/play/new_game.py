"""Game > New game: where the game starts (the setup, the position on the board, any FEN) and
who plays each side (a person, the built-in opponent, an engine from Engines > Engine
settings), with the computer players' time per move and depth. The choices are remembered."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, cast

from PySide6.QtCore import QSettings, Qt
from PySide6.QtGui import QStandardItemModel
from PySide6.QtWidgets import (QButtonGroup, QComboBox, QDialog, QDialogButtonBox, QFormLayout,
                               QGroupBox, QHBoxLayout, QLabel, QLineEdit, QPushButton,
                               QRadioButton, QSpinBox, QVBoxLayout, QWidget)

from ...variant.fen import FenError, parse_fen
from ...variant.model import Variant
from .players import DEFAULT_MOVETIME_MS, PlayerChoice

if TYPE_CHECKING:   # annotations only: the engines load when a game with one starts
    from ...engines import EngineBook
    from ...engines.found import FoundEngine


class NewGameDialog(QDialog):
    """``choice()`` after it was accepted: (start FEN, White's player, Black's player)."""

    def __init__(self, variant: Variant, book: EngineBook, current_fen: str = "",
                 settings: QSettings | None = None, parent: QWidget | None = None,
                 found: Sequence[FoundEngine] = (),
                 save_book: Callable[[EngineBook], None] | None = None,
                 edit_engines: Callable[[], EngineBook | None] | None = None):
        super().__init__(parent)
        self.save_book, self.edit_engines = save_book, edit_engines
        self.setWindowTitle("New game")
        self.variant, self.book, self.settings = variant, book, settings
        self.current_fen = current_fen
        self.from_setup = QRadioButton("The variant's start position")
        self.from_board = QRadioButton("The position on the board now")
        self.from_fen = QRadioButton("This FEN:")
        self.fen = QLineEdit(current_fen or variant.setup)
        self.fen.setToolTip("A position in XBoard's or Fairy-Stockfish's FEN for this variant")
        group = QButtonGroup(self)
        for b in (self.from_setup, self.from_board, self.from_fen):
            group.addButton(b)
        self.from_setup.setChecked(True)
        self.from_board.setEnabled(bool(current_fen))
        self.fen.textEdited.connect(lambda _t: self.from_fen.setChecked(True))
        start = QGroupBox("Start from")
        sl = QVBoxLayout(start)
        for w in (self.from_setup, self.from_board, self.from_fen, self.fen):
            sl.addWidget(w)
        self.white, self.black = self._player_box(), self._player_box()
        self.movetime_box = QSpinBox()
        self.movetime_box.setRange(100, 600_000)
        self.movetime_box.setSingleStep(500)
        self.movetime_box.setSuffix(" ms")
        self.movetime_box.setValue(DEFAULT_MOVETIME_MS)
        self.movetime_box.setToolTip("How long a computer player may think about each move")
        self.depth_box = QSpinBox()
        self.depth_box.setRange(0, 64)
        self.depth_box.setSpecialValueText("no limit")
        self.depth_box.setToolTip("The deepest a computer player searches (plies; 0: no limit)")
        form = QFormLayout()
        form.addRow("White:", self.white)
        form.addRow("Black:", self.black)
        form.addRow("Time per move:", self.movetime_box)
        form.addRow("Depth:", self.depth_box)
        self.problem = QLabel()
        self.problem.setStyleSheet("color: #c92a2a;")
        self.problem.setWordWrap(True)
        self.problem.hide()
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok |
                                   QDialogButtonBox.StandardButton.Cancel)
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText("Start")
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        lay = QVBoxLayout(self)
        lay.addWidget(start)
        lay.addLayout(form)
        self.found_rows: list[tuple[FoundEngine, QPushButton]] = []
        engines = QHBoxLayout()
        self.engines_note = QLabel()
        self.engines_note.setWordWrap(True)
        engines.addWidget(self.engines_note, 1)
        self.settings_button = QPushButton("Engine settings…")
        self.settings_button.setToolTip("Set up an engine to play against (Engines > Engine "
                                        "settings)")
        self.settings_button.clicked.connect(self._edit_engines)
        self.settings_button.setEnabled(edit_engines is not None)
        engines.addWidget(self.settings_button)
        for f in found[:3]:
            row = QHBoxLayout()
            text = QLabel(f"Found {f.name} {f.where} ({f.path}).")
            text.setWordWrap(True)
            text.setTextFormat(Qt.TextFormat.PlainText)
            button = QPushButton(f"Set up {f.name}")
            button.setToolTip(f"Add {f.name} to your engines ({f.protocol.upper()}) and let "
                              "it play a side")
            button.clicked.connect(lambda _c=False, f=f, b=button, t=text: self.set_up(f, b, t))
            row.addWidget(text, 1)
            row.addWidget(button)
            lay.addLayout(row)
            self.found_rows.append((f, button))
        lay.addLayout(engines)
        self._note()
        lay.addWidget(self.problem)
        lay.addWidget(buttons)
        self._restore()

    def _note(self) -> None:
        self.engines_note.setText(
            "No engine is set up: the built-in opponent plays every variant."
            if not self.book.engines else
            f"Engines set up: {', '.join(e.name for e in self.book.engines)}.")

    def set_up(self, found: FoundEngine, button: QPushButton | None = None,
               label: QLabel | None = None) -> None:
        """One click: the engine found is added to the user's engines and plays Black (or
        White when Black is already a computer)."""
        settings = found.settings()
        self.book = self.book.with_engine(settings)
        if self.save_book is not None:
            self.save_book(self.book)
        self._fill_boxes()
        box = self.black if self.black.currentData() == "human" else self.white
        box.setCurrentIndex(box.findData(f"engine:{settings.name}"))
        if button is not None:
            button.setEnabled(False)
            button.setText("Set up")
        if label is not None:
            label.setText(f"{found.name} is set up and plays "
                          f"{'Black' if box is self.black else 'White'} "
                          "(Engine settings changes its options).")
        self._note()

    def _edit_engines(self) -> None:
        """Engine settings…: the engine book edited, then offered here."""
        if self.edit_engines is None:
            return
        book = self.edit_engines()
        if book is not None:
            self.book = book
            self._fill_boxes()
            self._note()

    def _fill_boxes(self) -> None:
        for box in (self.white, self.black):
            data = box.currentData()
            box.clear()
            self._fill(box)
            i = box.findData(data)
            box.setCurrentIndex(max(0, i))

    def _player_box(self) -> QComboBox:
        box = QComboBox()
        self._fill(box)
        box.setToolTip("Who plays this side: you at the board, the built-in opponent (plays "
                       "every piece), or an engine set up under Engines > Engine settings")
        return box

    def _fill(self, box: QComboBox) -> None:
        box.addItem("Human", "human")
        box.addItem("Built-in opponent", "builtin")
        for e in self.book.engines:
            box.addItem(e.name, f"engine:{e.name}")

    def _restore(self) -> None:
        s = self.settings
        if s is None:
            return
        for box, key in ((self.white, "play/white"), (self.black, "play/black")):
            i = box.findData(s.value(key, "human"))
            if i >= 0 and cast(QStandardItemModel, box.model()).item(i).isEnabled():
                box.setCurrentIndex(i)
        self.movetime_box.setValue(_int(s.value("play/movetime", DEFAULT_MOVETIME_MS),
                                        DEFAULT_MOVETIME_MS))
        self.depth_box.setValue(_int(s.value("play/depth", 0), 0))

    def _remember(self) -> None:
        s = self.settings
        if s is None:
            return
        s.setValue("play/white", self.white.currentData())
        s.setValue("play/black", self.black.currentData())
        s.setValue("play/movetime", self.movetime_box.value())
        s.setValue("play/depth", self.depth_box.value())

    def start_fen(self) -> str:
        if self.from_board.isChecked() and self.current_fen:
            return self.current_fen
        if self.from_fen.isChecked():
            return self.fen.text().strip()
        return self.variant.setup

    def player(self, box: QComboBox) -> PlayerChoice:
        data = str(box.currentData())
        movetime, depth = self.movetime_box.value(), self.depth_box.value() or None
        if data.startswith("engine:"):
            engine = self.book.find(data[len("engine:"):])
            return PlayerChoice("engine", engine, movetime, depth)
        return PlayerChoice("builtin" if data == "builtin" else "human", None, movetime, depth)

    def choice(self) -> tuple[str, PlayerChoice, PlayerChoice]:
        return self.start_fen(), self.player(self.white), self.player(self.black)

    def accept(self) -> None:
        fen = self.start_fen()
        try:
            if not fen:
                raise FenError("the variant has no start position: set one up or give a FEN")
            parse_fen(fen, self.variant.files, self.variant.ranks)
        except FenError as e:
            self.problem.setText(f"The start position cannot be read: {e}")
            self.problem.show()
            return
        self._remember()
        super().accept()


def _int(value: object, default: int) -> int:
    """A stored number (QSettings gives text back from an INI file)."""
    try:
        return int(str(value))
    except ValueError:
        return default


__all__ = ["NewGameDialog"]

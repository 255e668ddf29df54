"""The multi-leg debugger: every path that reaches a chosen square, stepped through leg by leg.

The board draws the chosen path's legs as arrows (one colour per leg) up to the current step;
this panel lists the alternative paths to the square and the legs of the chosen one, with what
each leg did where it ended. Alt+Left/Alt+Right step back and forward (also Left/Right while the
panel has the keyboard), Alt+Up/Alt+Down choose another path.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)
from PySide6.QtGui import QKeyEvent

from ...engine import square_name
from ._drawing import leg_colour
from ...engine.moves import LegTrace, PieceMove
from ...vocabulary import Square

ACTION_WORDS = {
    "move": "moves to", "capture": "captures on", "destroy": "destroys the friend on",
    "hop": "mounts the piece on", "unload": "unloads on", "offboard": "goes off the board at",
    "ep": "captures en passant at", "castle": "castles to", "drop": "is dropped on",
    "fragment": "bursts into fragments at",
}


def leg_text(i: int, leg: LegTrace) -> str:
    """One line of the leg list: number, from and to, what the leg did, squares on the way."""
    text = f"Leg {i + 1}: {square_name(leg.start)} → {ACTION_WORDS.get(leg.action, leg.action)} " \
           f"{square_name(leg.end)}"
    if leg.passed:
        text += f" (over {', '.join(square_name(s) for s in leg.passed)})"
    if leg.hopped:
        text += f", jumping {', '.join(square_name(s) for s in leg.hopped)}"
    return text


class LegDebugger(QWidget):
    """Lists paths to a target and the legs of the chosen one; emits ``pathChanged``."""

    pathChanged = Signal()

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.moves: tuple[PieceMove, ...] = ()
        self.target: Square | None = None
        self.step = 0
        self.heading = QLabel("Click a marked square to see how the piece gets there.")
        self.heading.setWordWrap(True)
        self.paths = QListWidget()
        self.paths.setToolTip("Every way the piece reaches the chosen square (Alt+Up/Alt+Down)")
        self.paths.setMaximumHeight(120)
        self.paths.setMinimumHeight(48)
        self.legs = QListWidget()
        self.legs.setMinimumHeight(48)
        self.legs.setToolTip("The legs of the chosen path; the board shows them up to the "
                             "highlighted one (Alt+Left/Alt+Right)")
        self.back = QPushButton("◀ Leg")
        self.back.setToolTip("Show one leg less (Alt+Left)")
        self.forward = QPushButton("Leg ▶")
        self.forward.setToolTip("Show one leg more (Alt+Right)")
        self.effects = QLabel()
        self.effects.setWordWrap(True)
        buttons = QHBoxLayout()
        buttons.addWidget(self.back)
        buttons.addWidget(self.forward)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(6, 6, 6, 6)
        lay.addWidget(self.heading)
        lay.addWidget(QLabel("Paths to this square:"))
        lay.addWidget(self.paths)
        lay.addWidget(QLabel("Legs:"))
        lay.addWidget(self.legs, 1)
        lay.addLayout(buttons)
        lay.addWidget(self.effects)
        self.back.clicked.connect(self.step_back)
        self.forward.clicked.connect(self.step_forward)
        self.paths.currentRowChanged.connect(self._choose)
        self.legs.currentRowChanged.connect(self._leg_clicked)
        self._refresh_buttons()

    # -- API ------------------------------------------------------------------------------
    @property
    def current(self) -> PieceMove | None:
        row = self.paths.currentRow()
        return self.moves[row] if 0 <= row < len(self.moves) else None

    def set_target(self, square: Square | None,
                   moves: tuple[PieceMove, ...] | list[PieceMove]) -> None:
        """Show the paths of ``moves`` (all ending on ``square``); None clears the panel."""
        self.target, self.moves = square, tuple(moves or ())
        self.paths.blockSignals(True)
        self.paths.clear()
        for i, m in enumerate(self.moves):
            self.paths.addItem(f"{i + 1}. {m.describe()}")
        self.paths.blockSignals(False)
        if square is None:
            self.heading.setText("Click a marked square to see how the piece gets there.")
        elif not self.moves:
            self.heading.setText(f"No move of this piece ends on {square_name(square)}.")
        else:
            n = len(self.moves)
            self.heading.setText(f"{n} path{'s' if n > 1 else ''} to {square_name(square)}")
        if self.moves:
            self.paths.setCurrentRow(0)
        else:
            self._choose(-1)

    def choose(self, row: int) -> None:
        if 0 <= row < len(self.moves):
            self.paths.setCurrentRow(row)

    def next_path(self) -> None:
        self.choose(self.paths.currentRow() + 1)

    def previous_path(self) -> None:
        self.choose(self.paths.currentRow() - 1)

    def step_forward(self) -> None:
        m = self.current
        if m is not None and self.step < len(m.legs):
            self.set_step(self.step + 1)

    def step_back(self) -> None:
        if self.current is not None and self.step > 1:
            self.set_step(self.step - 1)

    def set_step(self, step: int) -> None:
        self.step = step
        self.legs.blockSignals(True)
        self.legs.setCurrentRow(step - 1)
        for i in range(self.legs.count()):
            item = self.legs.item(i)
            item.setForeground(QBrush(QColor("#888888") if i >= step else leg_colour(i)))
        self.legs.blockSignals(False)
        self._refresh_buttons()
        self.pathChanged.emit()

    # -- internals ------------------------------------------------------------------------
    def _choose(self, row: int) -> None:
        self.legs.blockSignals(True)
        self.legs.clear()
        m = self.moves[row] if 0 <= row < len(self.moves) else None
        if m is not None:
            for i, leg in enumerate(m.legs):
                item = QListWidgetItem(leg_text(i, leg))
                item.setForeground(QBrush(leg_colour(i)))
                self.legs.addItem(item)
            self.effects.setText(self._effects(m))
        else:
            self.effects.setText("")
        self.legs.blockSignals(False)
        self.set_step(len(m.legs) if m is not None else 0)

    def _leg_clicked(self, row: int) -> None:
        if row >= 0:
            self.set_step(row + 1)

    @staticmethod
    def _effects(m: PieceMove) -> str:
        parts = [f"class: {m.kind}"]
        if m.removed:
            parts.append("removes " + ", ".join(square_name(s) for s in m.removed))
        if m.placed:
            parts.append("puts down on " + ", ".join(square_name(s) for s in m.placed))
        if m.ep_rights:
            parts.append("gives e.p. rights on " + ", ".join(square_name(s) for s in m.ep_rights))
        if m.initial:
            parts.append("first move only")
        return "; ".join(parts)

    def _refresh_buttons(self) -> None:
        m = self.current
        self.back.setEnabled(m is not None and self.step > 1)
        self.forward.setEnabled(m is not None and self.step < len(m.legs))

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key = event.key()
        if key == Qt.Key.Key_Right:
            self.step_forward()
        elif key == Qt.Key.Key_Left:
            self.step_back()
        else:
            super().keyPressEvent(event)

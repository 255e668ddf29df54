"""The question a move can leave open, asked beside the board without a modal dialog: which
piece to promote to (only the rules' choices; Shogi's "promote or not"), or which of several
moves on the same squares was meant. Escape, or a click elsewhere on the board, takes the move
back to the picked piece."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QSize, Qt, Signal
from PySide6.QtGui import QIcon, QKeySequence, QShortcut
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QToolButton, QVBoxLayout, QWidget


class ChoiceBar(QFrame):
    """A row of buttons over the board: ``chosen(index)`` or ``cancelled()``."""

    chosen = Signal(int)
    cancelled = Signal()

    def __init__(self, parent: QWidget):
        super().__init__(parent)
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setAutoFillBackground(True)
        self.setStyleSheet("ChoiceBar { border: 2px solid #1c7ed6; border-radius: 6px; }")
        self.title = QLabel()
        self.title.setStyleSheet("font-weight: bold;")
        self.row = QHBoxLayout()
        self.row.setSpacing(4)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(8, 6, 8, 8)
        lay.addWidget(self.title)
        lay.addLayout(self.row)
        self.buttons: list[QToolButton] = []
        escape = QShortcut(QKeySequence(Qt.Key.Key_Escape), self)
        escape.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        escape.activated.connect(self.cancel)
        self.hide()

    def ask(self, title: str, options: list[tuple[str, QIcon | None, str]], near: QPoint) -> None:
        """Show ``options`` (label, icon, tooltip) with ``title`` from ``near`` (its top left
        corner, in the parent's coordinates, kept inside the parent); the first button has the
        focus (Enter takes it)."""
        for b in self.buttons:
            self.row.removeWidget(b)
            b.deleteLater()
        self.buttons = []
        self.title.setText(title)
        for i, (label, icon, tip) in enumerate(options):
            b = QToolButton(self)
            b.setText(label)
            b.setToolTip(tip)
            if icon is not None:
                b.setIcon(icon)
                b.setIconSize(QSize(40, 40))
                b.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextUnderIcon)
            b.setMinimumSize(56, 56 if icon is not None else 32)
            b.clicked.connect(lambda _c=False, k=i: self._pick(k))
            self.row.addWidget(b)
            self.buttons.append(b)
        self.adjustSize()
        parent = self.parentWidget()
        assert parent is not None
        x = max(0, min(near.x(), parent.width() - self.width()))
        y = max(0, min(near.y(), parent.height() - self.height()))
        self.move(x, y)
        self.show()
        self.raise_()
        if self.buttons:
            self.buttons[0].setFocus()

    @property
    def asking(self) -> bool:
        return self.isVisible()

    def _pick(self, i: int) -> None:
        self.hide()
        self.chosen.emit(i)

    def cancel(self) -> None:
        if self.isVisible():
            self.hide()
            self.cancelled.emit()


def ask_buttons(parent: QWidget, title: str, text: str, buttons: list[str],
                details: str = "") -> str:
    """A question with one button per answer (the first is the default; closing the box is
    the last answer); ``details`` are folded under Show Details."""
    from PySide6.QtWidgets import QMessageBox
    box = QMessageBox(QMessageBox.Icon.Question, title, text, parent=parent)
    if details:
        box.setDetailedText(details)
    made = [box.addButton(b, QMessageBox.ButtonRole.AcceptRole if i == 0 else
                          QMessageBox.ButtonRole.RejectRole) for i, b in enumerate(buttons)]
    box.exec()
    clicked = box.clickedButton()
    return buttons[made.index(clicked)] if clicked in made else buttons[-1]


__all__ = ["ChoiceBar", "ask_buttons"]

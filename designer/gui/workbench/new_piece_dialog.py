"""A new piece type of one's own: letter, name, definition, dialect, royal — checked as typed.

The definition is read by the notation core while it is typed; a mistake is shown under the
field with its column (never thrown), and the English description follows the text, so the
user knows what they are adding before they add it.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (QCheckBox, QComboBox, QDialog, QDialogButtonBox, QFormLayout,
                               QFrame, QLabel, QLineEdit, QScrollArea, QVBoxLayout, QWidget)

from ...notation import NotationError, parse
from ...notation._reader import MAX_TEXT as MAX_DEFINITION
from ...vocabulary import BETZA2, XBETZA, parse_dialect
from ...notation.english import describe
from ...variant.model import PieceType, Variant
from ...variant.piece_letters import check_letter, free_letter
from ...vocabulary import BEX


class NewPieceDialog(QDialog):
    """Ask for a new piece type of ``variant``; ``piece()`` after Accepted."""

    def __init__(self, variant: Variant, parent: QWidget | None = None,
                 definition: str = ""):
        super().__init__(parent)
        self.setWindowTitle("New piece type")
        self.variant = variant
        self.letter = QLineEdit(free_letter(variant, "X"))
        self.letter.setMaxLength(3)
        self.letter.setMaximumWidth(60)
        self.letter.setAccessibleName("Letter")
        self.letter_note = QLabel()
        self.letter_note.setWordWrap(True)
        self.name = QLineEdit()
        self.name.setPlaceholderText("e.g. Nightrider")
        self.name.setAccessibleName("Name")
        self.definition = QLineEdit(definition)
        self.definition.setMaxLength(MAX_DEFINITION)      # no longer definition is read
        self.definition.setFont(QFont("monospace"))
        self.definition.setPlaceholderText("Betza notation, e.g. NN or mRcpR")
        self.definition.setAccessibleName("Definition")
        self.dialect = QComboBox()
        self.dialect.addItem("XBetza", XBETZA)
        self.dialect.addItem("Betza 2.0", BETZA2)
        self.dialect.addItem("Bex", BEX)
        self.royal = QCheckBox("Royal (the game is lost when it is captured or mated)")
        self.reading = QLabel()
        self.reading.setWordWrap(True)
        self.reading.setTextFormat(Qt.TextFormat.PlainText)
        buttons = QDialogButtonBox.StandardButton
        self.buttons = QDialogButtonBox(buttons.Ok | buttons.Cancel)
        self.ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.ok.setText("Add")
        form = QFormLayout()
        form.addRow("Letter", self.letter)
        form.addRow("", self.letter_note)
        form.addRow("Name", self.name)
        form.addRow("Definition", self.definition)
        form.addRow("Dialect", self.dialect)
        form.addRow("", self.royal)
        # A long reading scrolls in its own box (which the user may make taller by resizing
        # the dialog): the fields above keep their height whatever the description's length.
        self.reading.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.reading_area = QScrollArea()
        self.reading_area.setWidget(self.reading)
        self.reading_area.setWidgetResizable(True)
        self.reading_area.setFrameShape(QFrame.Shape.NoFrame)
        self.reading_area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.reading_area.setMinimumHeight(self.fontMetrics().lineSpacing() * 5 + 8)
        lay = QVBoxLayout(self)
        lay.addLayout(form)
        lay.addWidget(self.reading_area, 1)
        lay.addWidget(self.buttons)
        self.setMinimumWidth(460)
        for field in (self.letter, self.definition, self.name):
            field.textChanged.connect(lambda _t: self._check())
        self.dialect.currentIndexChanged.connect(lambda _i: self._check())
        self.buttons.accepted.connect(self._accept)
        self.buttons.rejected.connect(self.reject)
        self._check()
        self.name.setFocus()

    def _check(self) -> bool:
        verdict = check_letter(self.variant, self.letter.text())
        self.letter_note.setText(verdict.error or "\n".join(verdict.limits))
        self.letter_note.setStyleSheet("color: #c92a2a" if verdict.error else "color: #5c5f66")
        text = self.definition.text()
        ok_moves = False
        if not text.strip():
            self.reading.setText("Type the moves in Betza notation.")
            self.reading.setStyleSheet("")
        else:
            try:
                piece = parse(text, parse_dialect(self.dialect.currentData()))
            except NotationError as e:
                first = e.problems[0] if e.problems else None
                where = f"column {first.start + 1}: " if first else ""
                self.reading.setText(where + (first.message if first else str(e)))
                self.reading.setStyleSheet("color: #c92a2a")
            else:
                self.reading.setText(describe(piece))
                self.reading.setStyleSheet("")
                ok_moves = True
        ok = verdict.ok and ok_moves
        self.ok.setEnabled(ok)
        return ok

    def _accept(self) -> None:
        if self._check():
            self.accept()

    def piece(self) -> PieceType | None:
        """The piece type as filled in (None while something is wrong)."""
        if not self._check():
            return None
        letter = check_letter(self.variant, self.letter.text()).letter
        return PieceType(letter, self.name.text().strip() or "New piece",
                         self.definition.text().strip(),
                         parse_dialect(self.dialect.currentData()),
                         royal=self.royal.isChecked())


__all__ = ["NewPieceDialog"]

"""One editor widget per kind of rule value (``rules.fields``): a check box for a flag or a
part that may be absent, a spin box for a number, a list for a choice, a line for piece letters
(with a menu of the variant's pieces), regions and pairs, and two of those side by side for a
value per side.

Every editor shows a value (``show``, without signalling) and emits ``committed`` with the new
value once the user has finished a change (a click, Enter or leaving the field, a menu choice):
the panel makes that one undo step. Text that does not read is never committed: the line turns
red and its tooltip says why, and ``problem`` carries the reason to the panel.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import Signal
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (QCheckBox, QComboBox, QHBoxLayout, QLabel, QLineEdit, QMenu,
                               QSpinBox, QToolButton, QWidget)

from ...rules.fields import FieldError, Kind, RuleField, parse_field, text_of
from ...rules.model import ALL
from ...rules.numbers import number_range
from ...rules.regions import Region, Sided

__all__ = ["FieldEditor", "editor_for"]

_PLACEHOLDERS: dict[str, str] = {
    "letters": "piece letters, * for every type, - for none",
    "letter": "a piece letter",
    "region": "squares: e4, e*, *4, d1-f3; - for none",
    "regions": "regions separated by ;",
    "pairs": "A:B, C:D",
    "counts": "Q:1, R:2",
    "texts": "words separated by spaces",
}


class FieldEditor(QWidget):
    """The editor of one rule value (see the module's docstring)."""

    committed = Signal(object)
    problem = Signal(str)

    def __init__(self, field: RuleField, parent: QWidget | None = None):
        super().__init__(parent)
        self.field = field

    def show_value(self, value: Any) -> None:
        """Show ``value`` without emitting anything."""
        raise NotImplementedError

    def value(self) -> Any:
        """The value the editor shows."""
        raise NotImplementedError


class _Bool(FieldEditor):
    def __init__(self, field: RuleField, text: str = "", parent: QWidget | None = None):
        super().__init__(field, parent)
        self.box = QCheckBox(text)
        lay = QHBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addWidget(self.box)
        lay.addStretch(1)
        self.setFocusProxy(self.box)
        self.box.clicked.connect(lambda on: self.committed.emit(bool(on)))

    def show_value(self, value: Any) -> None:
        self.box.blockSignals(True)
        self.box.setChecked(bool(value))
        self.box.blockSignals(False)

    def value(self) -> bool:
        return self.box.isChecked()


class _Int(FieldEditor):
    """A number within what the board allows (``rules.numbers``: a castling file the board has,
    no more pieces than it has squares); -1 shows "default" for an optional one."""

    def __init__(self, field: RuleField, board: tuple[int, int],
                 parent: QWidget | None = None):
        super().__init__(field, parent)
        self.box = QSpinBox()
        low, high = number_range(field.path, *board)
        self.box.setRange(-1 if field.optional else low, high)
        if field.optional:
            self.box.setSpecialValueText("default")
        # applied on Enter, focus-out or the arrows, never at each digit typed
        self.box.setKeyboardTracking(False)
        lay = QHBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addWidget(self.box)
        lay.addStretch(1)
        self.setFocusProxy(self.box)
        self.box.valueChanged.connect(lambda _n: self.committed.emit(self.value()))

    def show_value(self, value: Any) -> None:
        self.box.blockSignals(True)
        self.box.setValue(-1 if value is None else int(value))
        self.box.blockSignals(False)

    def value(self) -> int | None:
        n = self.box.value()
        return None if n < 0 else n


class _Enum(FieldEditor):
    def __init__(self, field: RuleField, parent: QWidget | None = None):
        super().__init__(field, parent)
        self.box = QComboBox()
        self.box.addItems(list(field.choices))
        lay = QHBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addWidget(self.box)
        lay.addStretch(1)
        self.setFocusProxy(self.box)
        self.box.activated.connect(lambda _i: self.committed.emit(self.value()))

    def show_value(self, value: Any) -> None:
        self.box.blockSignals(True)
        self.box.setCurrentIndex(max(0, self.box.findText(str(value))))
        self.box.blockSignals(False)

    def value(self) -> str:
        return self.box.currentText()


class _Text(FieldEditor):
    """Letters, regions, pairs and words typed as text (``fields.parse`` reads them)."""

    def __init__(self, field: RuleField, letters: Sequence[str], board: tuple[int, int],
                 optional: bool, parent: QWidget | None = None):
        super().__init__(field, parent)
        self.letters, self.board, self.optional = tuple(letters), board, optional
        self.line = QLineEdit()
        self.line.setPlaceholderText("default" if optional else _PLACEHOLDERS.get(field.kind, ""))
        self._old: Any = None
        self._shown = ""
        lay = QHBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.setSpacing(2)
        lay.addWidget(self.line, 1)
        if field.kind in ("letters", "letter") and self.letters:
            lay.addWidget(self._piece_menu())
        self.setFocusProxy(self.line)
        self.line.editingFinished.connect(self._finished)

    def _piece_menu(self) -> QToolButton:
        """A menu of the variant's piece types: ticking one adds or removes its letter (made
        when it first opens: a table of rules has many of these)."""
        button = QToolButton()
        button.setText("▾")
        button.setToolTip("Choose from the variant's piece types")
        menu = QMenu(button)
        menu.aboutToShow.connect(lambda: self._fill(menu))
        button.setMenu(menu)
        button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        return button

    def _fill(self, menu: QMenu) -> None:
        if not menu.actions():
            for letter in (ALL, *self.letters):
                act = QAction("* (every type)" if letter == ALL else letter, menu)
                act.setCheckable(self.field.kind == "letters")
                act.setData(letter)
                act.triggered.connect(lambda _on=False, x=letter: self._toggle(x))
                menu.addAction(act)
        have = set(self.line.text().replace(",", " ").split())
        for act in menu.actions():
            act.setChecked(act.data() in have)

    def _toggle(self, letter: str) -> None:
        if self.field.kind == "letter":
            self.line.setText(letter)
        else:
            have = [x for x in self.line.text().replace(",", " ").split() if x != "-"]
            have = [x for x in have if x != letter] if letter in have else have + [letter]
            self.line.setText(" ".join(have) or "-")
        self._finished()

    def show_value(self, value: Any) -> None:
        self._old = value
        text = text_of(self.field.kind, value) if value is not None else ""
        if value == () and not self.optional:
            text = ""
        elif value == () and self.optional:
            text = "-"
        self._shown = text
        self.line.setText(text)
        self._mark("")

    def value(self) -> Any:
        return self._read(self.line.text())

    def _read(self, text: str) -> Any:
        if self.optional and not text.strip():
            return None
        return parse_field(self.field, text, self.letters, self.board, self._old)

    def _finished(self) -> None:
        text = self.line.text()
        if text == self._shown:
            self._mark("")
            return
        try:
            value = self._read(text)
        except FieldError as e:
            self._mark(e.message)
            self.problem.emit(f"{self.field.path}: {e.message}")
            return
        self._mark("")
        self._shown = text
        self.committed.emit(value)

    def _mark(self, why: str) -> None:
        self.line.setStyleSheet("QLineEdit { border: 1px solid #c0392b; }" if why else "")
        self.line.setToolTip(why)


class _Sided(FieldEditor):
    """A value per side: White's editor and Black's side by side."""

    def __init__(self, field: RuleField, letters: Sequence[str], board: tuple[int, int],
                 parent: QWidget | None = None):
        super().__init__(field, parent)
        lay = QHBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        self.sides: list[FieldEditor] = []
        for name in ("White", "Black"):
            one = _single(field, letters, board, optional=field.optional)
            label = QLabel(name)
            label.setBuddy(one)
            lay.addWidget(label)
            lay.addWidget(one, 1)
            one.committed.connect(lambda _v: self._commit())
            one.problem.connect(self.problem.emit)
            self.sides.append(one)

    def show_value(self, value: Any) -> None:
        for one, side in zip(self.sides, (None, None) if value is None
                             else (value.white, value.black)):
            one.show_value(side)

    def value(self) -> Any:
        white, black = (one.value() for one in self.sides)
        if not self.field.optional:
            return Sided(white, black)
        if white is None and black is None:
            return None
        # one side left blank where the other is given: no restriction on that side
        return Sided(_unrestricted(self.field.kind, white), _unrestricted(self.field.kind, black))

    def _commit(self) -> None:
        try:
            value = self.value()
        except FieldError:
            return
        self.committed.emit(value)


def _unrestricted(kind: Kind, value: Any) -> Any:
    if value is not None:
        return value
    return Region("*") if kind == "region" else ()


def _single(field: RuleField, letters: Sequence[str], board: tuple[int, int],
            optional: bool) -> FieldEditor:
    if field.kind in ("bool", "present"):
        return _Bool(field)
    if field.kind == "int":
        return _Int(field, board)
    if field.kind == "enum":
        return _Enum(field)
    return _Text(field, letters, board, optional)


def editor_for(field: RuleField, letters: Sequence[str], board: tuple[int, int]) -> FieldEditor:
    """The editor of ``field`` for a variant with these piece letters on a (files, ranks)
    board."""
    if field.sided:
        return _Sided(field, letters, board)
    return _single(field, letters, board, field.optional)

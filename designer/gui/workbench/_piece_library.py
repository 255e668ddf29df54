"""Add a classic piece from the library: search by name, game, other name or Betza text, read
what the piece does in English, choose its letter (checked as it is typed), add it.

The list is ``designer.variant.catalogue`` (the shipped pieces and the describer's named ones);
the description is the describer's own sentence for the definition, so what the dialog says is
what the board will show.
"""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt
from PySide6.QtWidgets import (QDialog, QDialogButtonBox, QHBoxLayout, QLabel, QLineEdit,
                               QListWidget, QListWidgetItem, QSplitter, QVBoxLayout, QWidget)

from ...notation import NotationError, parse
from ...notation.english import describe
from ...variant.catalogue import Entry, search
from ...variant.model import Variant
from ...variant.piece_letters import check_letter, free_letter
from ...vocabulary import DIALECT_TITLES
from . import piece_images


class PieceLibraryDialog(QDialog):
    """Choose a classic piece and its letter for ``variant``; ``chosen()`` after Accepted."""

    def __init__(self, variant: Variant, parent: QWidget | None = None):
        super().__init__(parent)
        self.setWindowTitle("Add a piece from the library")
        self.variant = variant
        self.search = QLineEdit()
        self.search.setPlaceholderText("Search: a name (Archbishop), a game (Shogi), "
                                       "or a definition (BN)")
        self.search.setClearButtonEnabled(True)
        self.search.setAccessibleName("Search the library")
        self.results = QListWidget()
        self.results.setIconSize(QSize(36, 36))
        self.results.setAccessibleName("Library pieces")
        self.about = QLabel()
        self.about.setWordWrap(True)
        self.about.setTextFormat(Qt.TextFormat.RichText)
        self.about.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.about.setMinimumWidth(260)
        self.letter = QLineEdit()
        self.letter.setMaxLength(3)
        self.letter.setMaximumWidth(60)
        self.letter.setAccessibleName("Letter of the new piece")
        self.letter_note = QLabel()
        self.letter_note.setWordWrap(True)
        buttons = QDialogButtonBox.StandardButton
        self.buttons = QDialogButtonBox(buttons.Ok | buttons.Cancel)
        self.add_button = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.add_button.setText("Add")

        right = QWidget()
        right_lay = QVBoxLayout(right)
        right_lay.addWidget(self.about, 1)
        row = QHBoxLayout()
        row.addWidget(QLabel("Letter"))
        row.addWidget(self.letter)
        row.addWidget(self.letter_note, 1)
        right_lay.addLayout(row)
        split = QSplitter()
        split.addWidget(self.results)
        split.addWidget(right)
        split.setSizes([300, 320])
        lay = QVBoxLayout(self)
        lay.addWidget(self.search)
        lay.addWidget(split, 1)
        lay.addWidget(self.buttons)
        self.resize(680, 460)

        self.search.textChanged.connect(self._fill)
        self.results.currentRowChanged.connect(self._show)
        self.results.itemDoubleClicked.connect(lambda _item: self._accept())
        self.letter.textEdited.connect(lambda _t: self._check())
        self.buttons.accepted.connect(self._accept)
        self.buttons.rejected.connect(self.reject)
        self._entries: list[Entry] = []
        self._fill("")
        self.search.setFocus()

    def _fill(self, query: str) -> None:
        self._entries = search(query)
        self.results.blockSignals(True)
        self.results.clear()
        for e in self._entries:
            pt = e.piece_type("X")
            item = QListWidgetItem(piece_images.piece_icon(pt, None, None, 36),
                                   f"{e.name}\n{e.origin or e.notation}")
            item.setToolTip(f"{e.label}: {e.notation}")
            self.results.addItem(item)
        self.results.blockSignals(False)
        self.results.setCurrentRow(0 if self._entries else -1)
        self._show(self.results.currentRow())

    def current(self) -> Entry | None:
        row = self.results.currentRow()
        return self._entries[row] if 0 <= row < len(self._entries) else None

    def _show(self, _row: int) -> None:
        e = self.current()
        if e is None:
            self.about.setText("<i>No classic piece fits the search.</i>")
            self.letter.setText("")
            self._check()
            return
        try:
            words = describe(parse(e.notation, e.dialect))
        except NotationError:
            words = ""
        dialect = DIALECT_TITLES[e.dialect]
        other = f"<br>Betza 2.0: <code>{_esc(e.other)}</code>" if e.other and \
            e.other != e.notation else ""
        parts = [f"<h3>{_esc(e.name)}</h3>"]
        if e.origin:
            parts.append(f"<p>From {_esc(e.origin)}.</p>")
        if e.also:
            parts.append(f"<p>Also: {_esc(', '.join(e.also))}</p>")
        parts.append(f"<p>{dialect}: <code>{_esc(e.notation)}</code>{other}</p>")
        if words:
            parts.append(f"<p>{_esc(words)}</p>")
        if e.notes:
            parts.append(f"<p><i>{_esc(e.notes)}</i></p>")
        if e.royal:
            parts.append("<p>Royal.</p>")
        self.about.setText("".join(parts))
        self.letter.setText(free_letter(self.variant, e.letter or e.name[:1], e.name))
        self._check()

    def _check(self) -> bool:
        if self.current() is None:
            self.add_button.setEnabled(False)
            self.letter_note.setText("")
            return False
        verdict = check_letter(self.variant, self.letter.text())
        self.letter_note.setText(verdict.error or "\n".join(verdict.limits))
        self.letter_note.setStyleSheet("color: #c92a2a" if verdict.error else "color: #5c5f66")
        self.add_button.setEnabled(verdict.ok)
        return verdict.ok

    def _accept(self) -> None:
        if self._check():
            self.accept()

    def chosen(self) -> tuple[Entry, str] | None:
        """The piece and the letter it gets (None when nothing is chosen)."""
        e = self.current()
        verdict = check_letter(self.variant, self.letter.text())
        return (e, verdict.letter) if e is not None and verdict.ok else None


def _esc(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


__all__ = ["PieceLibraryDialog"]

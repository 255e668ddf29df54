"""The piece palette: the variant's piece types with picture, letter, name and moves, and the
commands that change the list (add new or from the library, duplicate, delete).

Choosing a piece selects it in the document (the editor and the piece view follow); dragging
one onto the setup board puts it there. The selected piece's fields are edited below the list
(``PieceDetails``). Every change is one undo step on the document; the list redraws from
``doc.changed`` and keeps no copy. Deleting a piece that stands in the start position (or that
other pieces promote to) asks first, and takes it out of the setup in the same step.

Dialogs go through ``run_dialog`` and ``ask`` so tests can answer them through their widgets
without a modal loop.
"""

from __future__ import annotations

import os
from dataclasses import replace

from PySide6.QtCore import QPoint, QSize, Qt
from PySide6.QtGui import QDrag, QKeySequence, QShortcut
from PySide6.QtWidgets import (QAbstractItemView, QDialog, QListWidget, QListWidgetItem, QMenu,
                               QMessageBox, QSplitter, QToolButton, QVBoxLayout, QWidget,
                               QHBoxLayout, QLabel)

from ...variant import setup_tools as T
from ...variant.fen import FenError, base_letter
from ...variant.model import Variant
from ...variant.piece_letters import FULL_MESSAGE, free_letter, full
from ...vocabulary import WHITE
from . import piece_images
from ...variant.aspects import FILE, PIECES, SETUP, piece_aspect, pieces_in
from .new_piece_dialog import NewPieceDialog
from ._piece_details import PieceDetails
from .piece_mime import MIME, piece_mime
from ...variant.edits import without
from ..document import VariantDocument
from collections.abc import Sequence
from PySide6.QtCore import QMimeData
from ...variant.model import PieceType
from ...vocabulary import Aspect
from collections.abc import Callable

ICON = 40


class PieceList(QListWidget):
    """The piece types, one row each; rows drag out as pieces for the setup board."""

    def __init__(self, palette: "PiecePalette"):
        super().__init__()
        self.palette_widget = palette
        self.setIconSize(QSize(ICON, ICON))
        self.setDragEnabled(True)
        self.setDragDropMode(QAbstractItemView.DragDropMode.DragOnly)
        self.setDefaultDropAction(Qt.DropAction.CopyAction)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.setAccessibleName("Piece types")
        self.setToolTip("Choose a piece to edit it; drag it onto the setup board to place it")

    def letter_at(self, row: int) -> str:
        item = self.item(row)
        return str(item.data(Qt.ItemDataRole.UserRole)) if item is not None else ""

    def mimeTypes(self) -> list[str]:
        return [MIME]

    def mimeData(self, items: Sequence[QListWidgetItem]) -> QMimeData:
        letter = items[0].data(Qt.ItemDataRole.UserRole) if items else ""
        return piece_mime(letter)

    def startDrag(self, actions: Qt.DropAction) -> None:
        item = self.currentItem()
        if item is None:
            return
        letter = item.data(Qt.ItemDataRole.UserRole)
        doc = self.palette_widget.doc
        piece = doc.variant.piece(letter)
        drag = QDrag(self)
        drag.setMimeData(piece_mime(letter))
        if piece is not None:
            drag.setPixmap(piece_images.piece_pixmap(piece, WHITE, 48, self.devicePixelRatioF(),
                                                     doc.variant))
            drag.setHotSpot(QPoint(24, 24))
        drag.exec(Qt.DropAction.CopyAction)


class PiecePalette(QWidget):
    """The piece types of ``doc``'s variant, with the commands that change the list."""

    def __init__(self, doc: VariantDocument, parent: QWidget | None = None):
        super().__init__(parent)
        self.doc = doc
        # tests fill dialogs in instead
        self.run_dialog: Callable[[QDialog], int] = lambda dialog: dialog.exec()
        self.ask = self._ask_dialog
        self.list = PieceList(self)
        self.details = PieceDetails(doc)
        self.add_button = QToolButton()
        self.add_button.setText("Add")
        self.add_button.setPopupMode(QToolButton.ToolButtonPopupMode.MenuButtonPopup)
        self.add_button.setToolTip("Add a classic piece from the library (the arrow: a new "
                                   "piece of your own)")
        menu = QMenu(self.add_button)
        self.library_act = menu.addAction("From the library…", self.add_from_library)
        self.new_act = menu.addAction("New piece…", self.add_new)
        self.add_button.setMenu(menu)
        self.add_button.clicked.connect(self.add_from_library)
        self.duplicate_button = QToolButton()
        self.duplicate_button.setText("Duplicate")
        self.duplicate_button.setToolTip("A copy of the selected piece under a free letter")
        self.duplicate_button.clicked.connect(self.duplicate)
        self.delete_button = QToolButton()
        self.delete_button.setText("Delete")
        self.delete_button.setToolTip("Delete the selected piece type (Del)")
        self.delete_button.clicked.connect(self.delete)
        bar = QHBoxLayout()
        for b in (self.add_button, self.duplicate_button, self.delete_button):
            bar.addWidget(b)
        bar.addStretch(1)
        self.full_note = QLabel()
        self.full_note.setWordWrap(True)
        self.full_note.setStyleSheet("color: #9c6500")
        self.full_note.hide()
        split = QSplitter(Qt.Orientation.Vertical)
        split.addWidget(self.list)
        split.addWidget(self.details)
        split.setStretchFactor(0, 1)
        split.setStretchFactor(1, 1)
        split.setChildrenCollapsible(False)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(4, 4, 4, 4)
        lay.addLayout(bar)
        lay.addWidget(self.full_note)
        lay.addWidget(split, 1)
        delete_key = QShortcut(QKeySequence.StandardKey.Delete, self.list)
        delete_key.setContext(Qt.ShortcutContext.WidgetShortcut)
        delete_key.activated.connect(self.delete)

        self.list.currentRowChanged.connect(self._row_chosen)
        doc.changed.connect(self.refresh)
        doc.selection_changed.connect(self._select_row)
        self.refresh(frozenset({PIECES}))

    # -- document -> list --------------------------------------------------------------------
    def refresh(self, aspects: frozenset[Aspect] = frozenset()) -> None:
        changed = pieces_in(aspects)
        if aspects & {PIECES, FILE}:
            self._rebuild()
        elif changed:                    # typing in the editor: only that row changes
            rows = {self.list.letter_at(r): r for r in range(self.list.count())}
            for letter in changed:
                p = self.doc.variant.piece(letter)
                if p is not None and letter in rows:
                    self._fill_item(self.list.item(rows[letter]), p)

    def _rebuild(self) -> None:
        v = self.doc.variant
        self.list.blockSignals(True)
        self.list.clear()
        for p in v.pieces:
            item = QListWidgetItem()
            item.setData(Qt.ItemDataRole.UserRole, p.letter)
            self._fill_item(item, p)
            self.list.addItem(item)
        self.list.blockSignals(False)
        self._select_row(self.doc.selected)
        has = bool(v.pieces)
        self.delete_button.setEnabled(has)
        self._show_room(v)

    def _show_room(self, v: Variant) -> None:
        """Adding is refused where the user adds, with the reason, once the variant has as
        many piece types as a file can hold (``MAX_PIECE_TYPES``)."""
        no_room = full(v)
        for widget in (self.add_button, self.library_act, self.new_act):
            widget.setEnabled(not no_room)
        self.duplicate_button.setEnabled(bool(v.pieces) and not no_room)
        self.full_note.setText(FULL_MESSAGE[:1].upper() + FULL_MESSAGE[1:] + "."
                               if no_room else "")
        self.full_note.setVisible(no_room)

    def _fill_item(self, item: QListWidgetItem, p: PieceType) -> None:
        v = self.doc.variant
        base = os.path.dirname(self.doc.path) if self.doc.path else None
        item.setText(f"{p.letter}   {p.name or '(no name)'}\n{p.notation or '(no moves yet)'}")
        item.setIcon(piece_images.piece_icon(p, v, base, ICON))
        item.setToolTip(f"{p.letter} {p.name}: {p.notation} ({p.dialect})"
                        + (", royal" if p.royal else ""))

    def _select_row(self, letter: str) -> None:
        for row in range(self.list.count()):
            if self.list.letter_at(row) == letter:
                if self.list.currentRow() != row:
                    self.list.blockSignals(True)
                    self.list.setCurrentRow(row)
                    self.list.blockSignals(False)
                return

    def _row_chosen(self, row: int) -> None:
        letter = self.list.letter_at(row)
        if letter:
            self.doc.select(letter)

    # -- commands --------------------------------------------------------------------------------
    def _add(self, piece: PieceType, text: str) -> None:
        self.doc.edit(text, self.doc.variant.with_piece(piece),
                      frozenset({PIECES, piece_aspect(piece.letter)}))
        self.doc.select(piece.letter)

    def _room(self) -> bool:
        if full(self.doc.variant):
            self._show_room(self.doc.variant)
            return False
        return True

    def add_new(self) -> bool:
        """Ask for a new piece of one's own and add it (one undo step)."""
        if not self._room():
            return False
        dialog = NewPieceDialog(self.doc.variant, self)
        if self.run_dialog(dialog) != QDialog.DialogCode.Accepted:
            return False
        piece = dialog.piece()
        if piece is None:
            return False
        self._add(piece, f"Add {piece.name} ({piece.letter})")
        return True

    def add_from_library(self) -> bool:
        """Choose a classic piece from the library and add it (one undo step)."""
        if not self._room():
            return False
        from ._piece_library import PieceLibraryDialog   # the catalogue loads with its dialog
        dialog = PieceLibraryDialog(self.doc.variant, self)
        if self.run_dialog(dialog) != QDialog.DialogCode.Accepted:
            return False
        chosen = dialog.chosen()
        if chosen is None:
            return False
        entry, letter = chosen
        self._add(entry.piece_type(letter), f"Add {entry.name} ({letter}) from the library")
        return True

    def duplicate(self) -> bool:
        p = self.doc.piece()
        if p is None or not self._room():
            return False
        letter = free_letter(self.doc.variant, p.base.rstrip("'!"), p.name)
        if not letter:
            return False
        copy = replace(p, letter=letter, name=f"{p.name or p.letter} (copy)", slot=None,
                       promotes_to="" if p.promotes_to == "+" + p.letter else p.promotes_to)
        self._add(copy, f"Duplicate {p.name or p.letter} as {letter}")
        return True

    def delete(self) -> bool:
        """Delete the selected piece type, with its promoted form; ask first when the start
        position holds it or other pieces promote to it."""
        p = self.doc.piece()
        if p is None:
            return False
        v = self.doc.variant
        gone = [p.letter] + [q.letter for q in v.pieces if q.letter == "+" + p.letter]
        on_board, in_hand = self._in_setup(gone)
        promoters = [q.name or q.letter for q in v.pieces if q.letter not in gone and
                     (set(q.promotions) & set(gone) or q.promotes_to in gone)]
        reasons = []
        if on_board or in_hand:
            where = [f"{on_board} on the board"] if on_board else []
            where += [f"{in_hand} in hand"] if in_hand else []
            reasons.append(f"it stands in the start position ({' and '.join(where)}); "
                           "those pieces are taken off")
        if promoters:
            reasons.append(f"{', '.join(promoters)} promote{'s' if len(promoters) == 1 else ''}"
                           " to it; that choice goes")
        if len(gone) > 1:
            reasons.append(f"its promoted form {gone[1]} is deleted with it")
        name = f"{p.name or 'the piece'} ({p.letter})"
        if reasons and not self.ask(f"Delete {name}?\n\n" + "\n".join(
                f"• {r[0].upper()}{r[1:]}." for r in reasons)):
            return False
        new = v
        for letter in gone:
            new = without(new, letter)
        deleted: set[Aspect] = {piece_aspect(x) for x in gone}
        self.doc.edit(f"Delete {name}", new, frozenset(deleted | {PIECES, SETUP}))
        return True

    def _in_setup(self, letters: list[str]) -> tuple[int, int]:
        try:
            s = T.setup_of(self.doc.variant)
        except FenError:
            return 0, 0
        on_board = sum(1 for t in s.board.values() if base_letter(t) in letters)
        in_hand = sum(1 for t in s.hand or () if base_letter(t) in letters)
        return on_board, in_hand

    def _ask_dialog(self, text: str) -> bool:
        buttons = QMessageBox.StandardButton
        answer = QMessageBox.question(self, "Delete piece type", text,
                                      
                                      buttons.Yes | buttons.Cancel, buttons.Cancel)
        return answer == buttons.Yes


__all__ = ["PiecePalette", "PieceList"]

"""The game's moves in SAN, two to a row, with the result under them; a click on a move shows
the position after it. A move that an edit of the variant made illegal is shown after the last
legal one, struck through in red with the reason as its tooltip, and the moves after it in grey:
they come back if the edit is undone, and go when the game is played on from the cut."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QBrush, QColor, QFont, QKeyEvent
from PySide6.QtWidgets import (QAbstractItemView, QHeaderView, QTableWidget, QTableWidgetItem,
                               QWidget)

from ...play import Replay
from ...game.geometry import geometry
from ...vocabulary import BLACK

ILLEGAL = QColor("#c92a2a")
CUT_TAIL = QColor("#868e96")
PLY_ROLE = Qt.ItemDataRole.UserRole


class MoveList(QTableWidget):
    """``ply_chosen(n)``: the user clicked the move after which the position is wanted (0: the
    start). Keys: Up/Down/Left/Right move through the moves as the play view's actions do."""

    ply_chosen = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(0, 2, parent)
        self.setHorizontalHeaderLabels(["White", "Black"])
        self.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.verticalHeader().setDefaultSectionSize(22)
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectItems)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setToolTip("The moves in SAN: click one to see the position after it")
        self._black_first = False
        self._plies = 0
        self._shown: tuple[object, ...] = ()
        self.cellClicked.connect(self._clicked)

    def slot(self, ply: int) -> tuple[int, int]:
        """(row, column) of move ``ply`` (1-based: the first move is 1)."""
        i = ply - 1 + (1 if self._black_first else 0)
        return i // 2, i % 2

    def show_replay(self, replay: Replay, ply: int) -> None:
        """Fill the list from a replay and select move ``ply``."""
        black_first = bool(replay.frames) and replay.frames[0].turn == BLACK
        key = (replay.san, replay.illegal, replay.line.moves, replay.result(), black_first)
        if key != self._shown:
            self._shown = key
            self._black_first = black_first
            self._fill(replay)
        self.select_ply(ply)

    def _fill(self, replay: Replay) -> None:
        self.clearSpans()
        entries: list[tuple[str, int, str, QColor | None]] = []   # text, ply, tip, colour
        for i, text in enumerate(replay.san):
            entries.append((text, i + 1, "", None))
        if replay.illegal is not None:
            entries.append((replay.illegal.text, -1, "No longer legal: " + replay.illegal.reason,
                            ILLEGAL))
            geo = geometry(replay.variant.files, replay.variant.ranks)
            for mv in replay.line.moves[replay.illegal.ply + 1:]:
                entries.append((mv.text(geo), -1,
                                "Cut from the game by the last edit (Undo brings it back)",
                                CUT_TAIL))
        offset = 1 if self._black_first else 0
        rows = (len(entries) + offset + 1) // 2
        result, reason = replay.result()
        extra = 1 if result != "*" or replay.error else 0
        self.setRowCount(rows + extra)
        self.setVerticalHeaderLabels([f"{r + 1}." for r in range(rows)] + [""] * extra)
        for r in range(rows + extra):
            for c in range(2):
                self.setItem(r, c, _item("", 0))
        if offset and rows:
            self.setItem(0, 0, _item("…", 0))
        for k, (text, ply, tip, colour) in enumerate(entries):
            r, c = divmod(k + offset, 2)
            item = _item(text, ply)
            if tip:
                item.setToolTip(tip)
            if colour is not None:
                item.setForeground(QBrush(colour))
                font = QFont(self.font())
                font.setStrikeOut(colour == ILLEGAL)
                font.setItalic(True)
                item.setFont(font)
            self.setItem(r, c, item)
        if extra:
            short = replay.outcome.termination if replay.outcome is not None else \
                ("stopped" if result == "*" else reason)
            words = "cannot be played" if replay.error else f"{result}  {short}"
            item = _item(words, 0)
            item.setToolTip(replay.error or f"{result}: {reason}")
            font = QFont(self.font())
            font.setBold(True)
            item.setFont(font)
            self.setItem(rows, 0, item)
            self.setSpan(rows, 0, 1, 2)
        self._plies = len(replay.san)

    def select_ply(self, ply: int) -> None:
        self.blockSignals(True)
        try:
            self.clearSelection()
            if 1 <= ply <= self._plies:
                r, c = self.slot(ply)
                item = self.item(r, c)
                if item is not None:
                    item.setSelected(True)
                    self.setCurrentItem(item)
                    self.scrollToItem(item)
        finally:
            self.blockSignals(False)

    def _clicked(self, row: int, column: int) -> None:
        item = self.item(row, column)
        ply = item.data(PLY_ROLE) if item is not None else None
        if isinstance(ply, int) and ply > 0:
            self.ply_chosen.emit(ply)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        # the play view's navigation actions own the arrow keys here too
        if event.key() in (Qt.Key.Key_Left, Qt.Key.Key_Right, Qt.Key.Key_Up, Qt.Key.Key_Down,
                           Qt.Key.Key_Home, Qt.Key.Key_End):
            event.ignore()
            return
        super().keyPressEvent(event)


def _item(text: str, ply: int) -> QTableWidgetItem:
    item = QTableWidgetItem(text)
    item.setData(PLY_ROLE, ply)
    item.setTextAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
    return item


__all__ = ["MoveList"]

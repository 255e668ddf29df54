"""The piece values table as a Qt model: one row per piece type, one column per estimate.

Cells show the value (or a dash where the estimate does not apply), their tooltip says how it
was computed or why there is none, and ``SORT_ROLE`` holds the number to sort by (a missing
value sorts below every number). A row whose estimates disagree carries a warning icon on its
piece and the warning in every tooltip.
"""

from __future__ import annotations

from typing import Any, Final

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import QApplication, QStyle

from ...balance import ESTIMATES, PieceValues, ValueTable

SORT_ROLE: Final = Qt.ItemDataRole.UserRole + 1
LETTER_ROLE: Final = Qt.ItemDataRole.UserRole + 2
HEADS: Final = ("Piece", "Mobility", "Leaper law", "FSF formula", "FSF table", "Fitted",
                 "Empty", "Crowded")
HEAD_TIPS: Final = (
    "The piece type (a warning sign: its estimates disagree by more than a factor of 1.5)",
    "Target squares on a crowded board (H.G. Muller's weights: capture only 2/3, move only "
    "1/3), in proportion to a Knight's on this board, taken as 3",
    "H.G. Muller's law for short-range leapers: V = 1.1 N (30 + 5/8 N) centipawns for N target "
    "squares; riders, hoppers, lame and multi-leg pieces are out of its domain",
    "Fairy-Stockfish's own estimate for a custom piece (psqt.cpp): its leaps, slides and hops "
    "weighted, v0 * exp(v0 / 10000), scaled for the board",
    "Fairy-Stockfish's table value (types.h) where it has this piece built in, scaled for the "
    "board",
    "Fitted from play: a logistic regression of game results on material differences, with "
    "its 95 % interval",
    "Average target squares over every square of the empty board (Muller's weights)",
    "Average target squares over seeded random positions of the variant's density")
_MISSING: Final = "–"


class ValuesModel(QAbstractTableModel):
    """Read-only view of one ``ValueTable`` (``set_table`` swaps it)."""

    def __init__(self, parent: Any = None):
        super().__init__(parent)
        self.table: ValueTable | None = None

    def set_table(self, table: ValueTable | None) -> None:
        self.beginResetModel()
        self.table = table
        self.endResetModel()

    def piece(self, row: int) -> PieceValues | None:
        if self.table is None or not 0 <= row < len(self.table.pieces):
            return None
        return self.table.pieces[row]

    def row_of(self, letter: str) -> int:
        if self.table is None:
            return -1
        return next((i for i, p in enumerate(self.table.pieces) if p.letter == letter), -1)

    # -- QAbstractTableModel ---------------------------------------------------------------
    def rowCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:
        return 0 if parent.isValid() or self.table is None else len(self.table.pieces)

    def columnCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:
        return 0 if parent.isValid() else len(HEADS)

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if orientation != Qt.Orientation.Horizontal or not 0 <= section < len(HEADS):
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return HEADS[section]
        if role == Qt.ItemDataRole.ToolTipRole:
            return HEAD_TIPS[section]
        return None

    def data(self, index: QModelIndex | QPersistentModelIndex,
             role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        p = self.piece(index.row())
        if p is None:
            return None
        col = index.column()
        if role == LETTER_ROLE:
            return p.letter
        value, tip = self._cell(p, col)
        if role == Qt.ItemDataRole.DisplayRole:
            if col == 0:
                return f"{p.letter}  {p.name}".rstrip()
            return _MISSING if value is None else f"{value:.2f}"
        if role == SORT_ROLE:
            if col == 0:
                return float(index.row())
            return float("-inf") if value is None else value
        if role == Qt.ItemDataRole.ToolTipRole:
            return tip + (f"\n\n⚠ {p.warning}" if p.warning else "")
        if role == Qt.ItemDataRole.TextAlignmentRole and col > 0:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if role == Qt.ItemDataRole.ForegroundRole and col > 0 and value is None:
            return QBrush(QColor("#888888"))
        if role == Qt.ItemDataRole.DecorationRole and col == 0 and p.warning:
            style = QApplication.style()
            return style.standardIcon(QStyle.StandardPixmap.SP_MessageBoxWarning) \
                if style is not None else None
        return None

    @staticmethod
    def _cell(p: PieceValues, col: int) -> tuple[float | None, str]:
        """(number, tooltip) of one cell."""
        if col == 0:
            return None, f"{p.name or p.letter}: {p.notation}"
        if col <= len(ESTIMATES):
            e = p.estimates[col - 1]
            if e.pawns is None:
                return None, f"{e.label}: {e.explanation}.\n{e.reason}"
            return e.pawns, f"{e.label}: {e.explanation}\n\n{e.tooltip}"
        m = p.mobility
        if m is None:
            return None, p.mobility_reason or "Mobility could not be measured"
        if col == len(ESTIMATES) + 1:
            return m.empty, "Average target squares over every square of the empty board"
        return m.crowded, (f"Average target squares over {m.samples} seeded random positions, "
                           f"each square occupied with chance {m.density:.2f}")


__all__ = ["HEADS", "LETTER_ROLE", "SORT_ROLE", "ValuesModel"]

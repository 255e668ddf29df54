"""Pieces in hand at the start of a drop variant: a count per piece type and side, written into
the FEN's holdings field ``[...]`` (XBoard's bracketed holdings, as backend.c ``ParseFEN``
reads them).

The box also switches drops on or off: on gives the variant a holdings size (one per piece type
that can be in hand) and an empty hand ``[-]``; off removes both. Royal pieces and promoted
``+X`` forms are not listed: a captured promoted piece goes to the hand as its base type.
"""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt
from PySide6.QtWidgets import QCheckBox, QGridLayout, QGroupBox, QLabel, QSpinBox, QWidget

from ...variant import setup_tools as T
from ...variant.fen import FenError, side_of
from ...vocabulary import BLACK, WHITE, Side
from . import piece_images
from ..document import VariantDocument


class HoldingsEditor(QGroupBox):
    """Drops on/off and the start hand of each side for ``doc``'s variant."""

    def __init__(self, doc: VariantDocument, parent: QWidget | None = None):
        super().__init__("Pieces in hand", parent)
        self.doc = doc
        self.grid = QGridLayout(self)
        self.grid.setContentsMargins(6, 6, 6, 6)
        self.drops = QCheckBox("Drops (pieces in hand)")
        self.drops.setToolTip("Captured pieces change sides and can be dropped back instead of "
                              "a move, as in Shogi and Crazyhouse")
        self.drops.toggled.connect(self._set_drops)
        self.grid.addWidget(self.drops, 0, 0, 1, 4)
        self.spins: dict[str, QSpinBox] = {}
        self._icons: dict[str, QLabel] = {}
        self._rows: tuple[str, ...] = ()
        self._row_widgets: list[QWidget] = []
        self.refresh()

    def refresh(self) -> None:
        v = self.doc.variant
        on = v.holdings > 0 or v.drops
        self.drops.blockSignals(True)
        self.drops.setChecked(on)
        self.drops.blockSignals(False)
        letters = T.droppable(v) if on else ()
        if letters != self._rows or any(
                self.spins.get(t) is None for t in letters):
            self._build(letters)
        try:
            counts = T.hand_counts(v)
        except FenError:
            counts = {}
        for tok, spin in self.spins.items():
            spin.blockSignals(True)
            spin.setValue(counts.get(tok, 0))
            spin.blockSignals(False)
        for letter in letters:            # pictures follow the pieces' images
            label = self._icons.get(letter)
            piece = v.piece(letter)
            if label is not None and piece is not None:
                label.setPixmap(piece_images.piece_pixmap(piece, WHITE, 24,
                                                          self.devicePixelRatioF(), v))
                label.setToolTip(f"{piece.letter} {piece.name}")

    def _build(self, letters: tuple[str, ...]) -> None:
        for w in self._row_widgets:
            self.grid.removeWidget(w)
            w.deleteLater()
        self._row_widgets, self.spins, self._icons = [], {}, {}
        self._rows = letters
        if letters:
            for col, text in ((2, "White"), (3, "Black")):
                head = QLabel(text)
                head.setAlignment(Qt.AlignmentFlag.AlignCenter)
                self.grid.addWidget(head, 1, col)
                self._row_widgets.append(head)
        v = self.doc.variant
        for row, letter in enumerate(letters, start=2):
            icon = QLabel()
            icon.setFixedSize(QSize(26, 26))
            self._icons[letter] = icon
            piece = v.piece(letter)
            name = QLabel(f"{letter}  {piece.name if piece else ''}")
            self.grid.addWidget(icon, row, 0)
            self.grid.addWidget(name, row, 1)
            self._row_widgets += [icon, name]
            sides: tuple[tuple[int, Side], ...] = ((2, WHITE), (3, BLACK))
            for col, side in sides:
                tok = T.token(letter, side)
                spin = QSpinBox()
                spin.setRange(0, T.MAX_HAND)
                spin.setMaximumWidth(64)
                spin.setKeyboardTracking(False)      # typed numbers apply on Enter/focus-out
                spin.setAccessibleName(f"{side} {letter} in hand")
                spin.setToolTip(f"How many {piece.name if piece else letter} "
                                f"{side.capitalize()} has in hand at the start")
                spin.valueChanged.connect(lambda n, t=tok: self._set_count(t, n))
                self.grid.addWidget(spin, row, col)
                self.spins[tok] = spin
                self._row_widgets.append(spin)

    def _set_count(self, tok: str, count: int) -> None:
        from ...variant.aspects import HOLDINGS
        v = self.doc.variant
        try:
            new = T.with_hand_count(v, tok, count)
        except FenError:
            self.refresh()
            return
        side = "White" if side_of(tok) == WHITE else "Black"
        self.doc.edit(f"{side} has {count} {tok.upper()} in hand", new, frozenset({HOLDINGS}),
                      merge=f"hand:{tok}")

    def _set_drops(self, on: bool) -> None:
        from ...variant.aspects import HOLDINGS
        v = self.doc.variant
        try:
            new = T.with_drops(v, on)
        except FenError:
            self.refresh()
            return
        self.doc.edit("Drops on" if on else "Drops off", new, frozenset({HOLDINGS}))

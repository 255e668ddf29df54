"""Castling rights of the start position: one check box per right, writing the FEN's castling
field (``K``/``Q`` for White's king and queen side, ``k``/``q`` for Black's, file letters for
rights that name their rook's file, as X-FEN does; backend.c ``ParseFEN``).

A right whose royal piece or partner is missing from the setup is still written (the user may
be about to place them), and the box says so, so a right XBoard would ignore is never silent.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QCheckBox, QGridLayout, QGroupBox, QLabel, QWidget

from ...variant import setup_tools as T
from ...variant.fen import FenError
from ..document import VariantDocument

RIGHTS = (("K", "White O-O", "White may castle on the king side (towards the last file): K"),
          ("Q", "White O-O-O", "White may castle on the queen side (towards the a-file): Q"),
          ("k", "Black O-O", "Black may castle on the king side: k"),
          ("q", "Black O-O-O", "Black may castle on the queen side: q"))


class CastlingEditor(QGroupBox):
    """Check boxes for the castling rights of ``doc``'s start position."""

    def __init__(self, doc: VariantDocument, parent: QWidget | None = None):
        super().__init__("Castling rights", parent)
        self.doc = doc
        self.boxes: dict[str, QCheckBox] = {}
        grid = QGridLayout(self)
        grid.setContentsMargins(6, 6, 6, 6)
        for i, (right, label, tip) in enumerate(RIGHTS):
            box = QCheckBox(label)
            box.setToolTip(tip)
            box.toggled.connect(lambda on, r=right: self._toggle(r, on))
            grid.addWidget(box, i // 2, i % 2)
            self.boxes[right] = box
        self.others = QLabel()
        self.others.setWordWrap(True)
        self.others.setTextFormat(Qt.TextFormat.PlainText)
        self.note = QLabel()
        self.note.setWordWrap(True)
        self.note.setTextFormat(Qt.TextFormat.PlainText)
        self.note.setStyleSheet("color: #9c6500")
        grid.addWidget(self.others, 2, 0, 1, 2)
        grid.addWidget(self.note, 3, 0, 1, 2)
        self.refresh()

    def refresh(self) -> None:
        v = self.doc.variant
        try:
            rights = T.castling_rights(v)
            partners = {c.right for c in T.castling_partners(v)}
        except FenError:
            rights, partners = "-", set()
        for right, box in self.boxes.items():
            box.blockSignals(True)
            box.setChecked(right in rights)
            box.blockSignals(False)
        files = [c for c in rights if c not in "KQkq-"]
        self.others.setText("Rights by rook file: " + " ".join(files) if files else "")
        self.others.setVisible(bool(files))
        lost = [c for c in rights if c != "-" and c not in partners]
        self.note.setText(f"No royal piece with a partner on its rank for {', '.join(lost)}: "
                          "the right is written but cannot be used" if lost else "")
        self.note.setVisible(bool(lost))

    def _toggle(self, right: str, on: bool) -> None:
        from ...variant.aspects import CASTLING
        v = self.doc.variant
        try:
            new = T.with_right(v, right, on)
        except FenError:
            self.refresh()
            return
        label = dict((r, lbl) for r, lbl, _ in RIGHTS)[right]
        self.doc.edit(f"Castling: {label} {'allowed' if on else 'removed'}", new,
                      frozenset({CASTLING}))

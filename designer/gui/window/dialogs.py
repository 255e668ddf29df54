"""The two variant-wide dialogs: *File > New variant* and *Variant > Properties*.

Both are plain forms: they read a ``Variant`` and return values; the window turns the result into
a new document or into one undo step, so the dialogs hold no document logic.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from ...paths import samples_dir
from ...variant.fen import empty_fen
from ...variant.model import MAX_FILES, MAX_RANKS, XBOARD_PARENTS, PieceType, Variant

SAMPLES = samples_dir()
OK_CANCEL = QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
EMPTY = "empty"


def fide() -> Variant:
    """Orthodox chess, the template every variant designer starts from."""
    pieces = (PieceType("P", "Pawn", "fmWfceFifmnD", promotions=("N", "B", "R", "Q")),
              PieceType("N", "Knight", "N"), PieceType("B", "Bishop", "B"),
              PieceType("R", "Rook", "R"), PieceType("Q", "Queen", "Q"),
              PieceType("K", "King", "K", royal=True))
    return Variant(name="FIDE Chess", pieces=pieces,
                   setup="rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")


def templates() -> list[tuple[str, str]]:
    """(label, key) of every starting point: empty, FIDE, then each sample variant file."""
    out = [("Empty board", EMPTY), ("FIDE Chess", "fide")]
    if SAMPLES.is_dir():
        for path in sorted(SAMPLES.glob("*.ini")):
            if path.stem != "fide":
                out.append((path.stem.replace("_", " ").title(), str(path)))
    return out


def template_variant(key: str, files: int = 8, ranks: int = 8) -> Variant:
    """The variant a template starts from, on a ``files`` x ``ranks`` board (an empty template
    gets an empty start position, so the saved file always has its -fen)."""
    from ...variant.edits import resized
    if key == EMPTY:
        return Variant(name="New variant", files=files, ranks=ranks,
                       setup=empty_fen(files, ranks))
    if key == "fide":
        base = fide()
    else:
        from ...formats.registry import read_any
        base = read_any(key)
    return resized(base, files, ranks)


def _left(box: QWidget, unit: str = "") -> QHBoxLayout:
    """A small field at the left of its row (with its unit), not stretched across the form."""
    row = QHBoxLayout()
    row.addWidget(box)
    if unit:
        row.addWidget(QLabel(unit))
    row.addStretch(1)
    return row


@dataclass(frozen=True)
class NewVariantChoice:
    files: int
    ranks: int
    template: str


class NewVariantDialog(QDialog):
    """Board size and a starting template for *File > New variant*."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setWindowTitle("New variant")
        self.template = QComboBox()
        for label, key in templates():
            self.template.addItem(label, key)
        self.template.setToolTip("What the new variant starts with: nothing, FIDE chess or "
                                 "one of the sample variants")
        self.files, self.ranks = QSpinBox(), QSpinBox()
        self.files.setRange(1, MAX_FILES)
        self.ranks.setRange(1, MAX_RANKS)
        self.files.setValue(8)
        self.ranks.setValue(8)
        size = QHBoxLayout()
        size.addWidget(self.files)
        size.addWidget(QLabel("×"))
        size.addWidget(self.ranks)
        size.addStretch(1)
        form = QFormLayout()
        form.addRow("Start from:", self.template)
        form.addRow("Board (files × ranks):", size)
        note = QLabel("A sample's own size is proposed; another size keeps each army on its "
                      "own edge.")
        note.setWordWrap(True)
        buttons = QDialogButtonBox(OK_CANCEL)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        lay = QVBoxLayout(self)
        lay.addLayout(form)
        lay.addWidget(note)
        lay.addWidget(buttons)
        self.setMinimumWidth(460)
        self.template.currentIndexChanged.connect(self._template_chosen)

    def _template_chosen(self) -> None:
        key = self.template.currentData()
        if key == EMPTY:
            return
        try:
            from ...formats.registry import read_any
            v = fide() if key == "fide" else read_any(key)   # its own size is proposed
        except Exception:   # noqa: BLE001 - an unreadable sample only keeps the size as is
            return
        self.files.setValue(v.files)
        self.ranks.setValue(v.ranks)

    def choice(self) -> NewVariantChoice:
        return NewVariantChoice(self.files.value(), self.ranks.value(),
                                self.template.currentData())


class PropertiesDialog(QDialog):
    """*Variant > Properties*: name, parent, board, holdings, promotion zone and notes."""

    def __init__(self, variant: Variant, parent: QWidget | None = None):
        super().__init__(parent)
        self.setWindowTitle("Variant properties")
        self.original = variant
        self.name = QLineEdit(variant.name)
        self.parent_box = QComboBox()
        self.parent_box.setEditable(True)
        self.parent_box.addItems(list(XBOARD_PARENTS))
        self.parent_box.setCurrentText(variant.parent)
        self.parent_box.setToolTip("The XBoard variant whose built-in rules apply (fairy unless "
                                   "the promotion or drop rules of a known variant are needed)")
        self.files, self.ranks = QSpinBox(), QSpinBox()
        self.files.setRange(1, MAX_FILES)
        self.ranks.setRange(1, MAX_RANKS)
        self.files.setValue(variant.files)
        self.ranks.setValue(variant.ranks)
        size = QHBoxLayout()
        size.addWidget(self.files)
        size.addWidget(QLabel("×"))
        size.addWidget(self.ranks)
        size.addStretch(1)
        self.holdings = QSpinBox()
        self.holdings.setRange(0, 26)
        self.holdings.setValue(variant.holdings)
        self.holdings.setToolTip("How many kinds of piece can be held in hand (XBoard's "
                                 "holdings size; 0 = no drops)")
        self.drops = QCheckBox("Captured pieces go to the captor's hand")
        self.drops.setChecked(variant.drops)
        self.zone = QSpinBox()
        self.zone.setRange(0, MAX_RANKS)
        self.zone.setValue(variant.promotion_zone)
        self.zone.setToolTip("Depth of the promotion zone in ranks (pieces may set their own)")
        self.author = QLineEdit(variant.author)
        self.description = QPlainTextEdit(variant.description)
        self.rules = QPlainTextEdit(variant.rules)
        for box in (self.description, self.rules):
            box.setTabChangesFocus(True)
            box.setMinimumHeight(70)
        form = QFormLayout()
        form.addRow("Name:", self.name)
        form.addRow("Parent variant:", self.parent_box)
        form.addRow("Board (files × ranks):", size)
        form.addRow("Holdings:", _left(self.holdings))
        form.addRow("", self.drops)
        form.addRow("Promotion zone:", _left(self.zone, "ranks"))
        form.addRow("Author:", self.author)
        form.addRow("Description:", self.description)
        form.addRow("Rules notes:", self.rules)
        buttons = QDialogButtonBox(OK_CANCEL)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        lay = QVBoxLayout(self)
        lay.addLayout(form)
        lay.addWidget(buttons)
        self.resize(520, 560)

    def changes(self) -> dict[str, Any]:
        """The fields the user changed (what ``VariantDocument.set_properties`` takes)."""
        v = self.original
        now = {"name": self.name.text().strip() or v.name,
               "parent": self.parent_box.currentText().strip() or "fairy",
               "files": self.files.value(), "ranks": self.ranks.value(),
               "holdings": self.holdings.value(), "drops": self.drops.isChecked(),
               "promotion_zone": self.zone.value(), "author": self.author.text().strip(),
               "description": self.description.toPlainText().strip(),
               "rules": self.rules.toPlainText().strip()}
        return {k: value for k, value in now.items() if getattr(v, k) != value}


__all__ = ["NewVariantDialog", "NewVariantChoice", "PropertiesDialog", "templates",
           "template_variant", "fide", "EMPTY"]

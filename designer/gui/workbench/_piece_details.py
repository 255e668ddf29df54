"""The selected piece type's fields in the palette: picture, letter, name, royal, promotion.

The promotion group shows and edits the piece's promotion in the variant's rule set, the one
record the game plays (``variant.derive.promotion_of``); the document turns each change of the
fields into a change of the rule set in the same undo step (``variant.derive.edited``).

Each change is one undo step on the document with a sentence for *Edit > Undo* ("Rename piece N
to Nightrider"); typing a name or notes merges into one step per piece. The letter is checked
as it is typed (taken, malformed, what Fairy-Stockfish or the diagram make of it) and applied on
Enter or when the field loses focus; Escape puts the current letter back.
"""

from __future__ import annotations

import os
from dataclasses import replace

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QColor, QFont, QIcon, QPalette
from PySide6.QtWidgets import (QCheckBox, QComboBox, QFormLayout, QGroupBox, QHBoxLayout,
                               QLabel, QLineEdit, QListView, QListWidget, QListWidgetItem,
                               QMenu, QSpinBox, QToolButton, QVBoxLayout, QWidget)
from PySide6.QtGui import QKeyEvent

from ...variant import piece_art
from ...variant.images import ImageError
from ...variant.piece_letters import check_letter
from . import piece_images
from ...variant.aspects import BOARD, FILE, PIECES, PROMOTION, piece_aspect
from ._picture_files import picture_from_file
from ..document import VariantDocument
from collections.abc import Callable
from ...variant.model import PieceType, Variant
from ...variant.piece_letters import LetterCheck
from ...vocabulary import Aspect
from PySide6.QtWidgets import QListWidgetItem


class LetterEdit(QLineEdit):
    """A letter field: Escape puts back the letter the piece has."""

    def __init__(self, details: "PieceDetails"):
        super().__init__()
        self.details = details

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Escape:
            self.details.show_letter()
            return
        super().keyPressEvent(event)


class PieceDetails(QWidget):
    """Editable fields of ``doc``'s selected piece type."""

    def __init__(self, doc: VariantDocument, parent: QWidget | None = None):
        super().__init__(parent)
        self.doc = doc
        self.choose_picture = self._choose_picture_dialog     # tests answer without a dialog
        self._promotion_key: tuple[object, ...] = ()
        self._letter_key: tuple[object, ...] = ()
        self._note_error: bool | None = None
        self.picture = QToolButton()
        self.picture.setIconSize(QSize(64, 64))
        self.picture.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        self.picture.setAccessibleName("Piece picture")
        self.picture.setToolTip("Choose the piece's picture")
        self.picture_menu = QMenu(self.picture)
        self.picture_menu.aboutToShow.connect(self._fill_picture_menu)
        self.picture.setMenu(self.picture_menu)
        self.picture_why = QLabel()
        self.picture_why.setWordWrap(True)
        self.picture_why.setTextFormat(Qt.TextFormat.PlainText)
        self.letter = LetterEdit(self)
        self.letter.setMaxLength(3)
        self.letter.setMaximumWidth(60)
        self.letter.setAccessibleName("Piece letter")
        self.letter.setToolTip("A-Z; X' or X! when 26 are not enough (XBoard); +X for the "
                               "promoted form of X. Enter applies.")
        self.letter_note = QLabel()
        self.letter_note.setWordWrap(True)
        self.letter_note.setTextFormat(Qt.TextFormat.PlainText)
        self.name = QLineEdit()
        self.name.setAccessibleName("Piece name")
        self.notation = QLabel()
        self.notation.setFont(QFont("monospace"))
        self.notation.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.notation.setWordWrap(True)
        self.royal = QCheckBox("Royal")
        self.royal.setToolTip("The game is lost when a royal piece is captured or mated "
                              "(the King)")
        self.notes = QLineEdit()
        self.notes.setAccessibleName("Piece notes")
        self.notes.setPlaceholderText("rules the notation cannot say")

        top = QHBoxLayout()
        top.addWidget(self.picture)
        top.addWidget(self.picture_why, 1)
        letter_row = QHBoxLayout()
        letter_row.addWidget(self.letter)
        letter_row.addWidget(self.letter_note, 1)
        form = QFormLayout()
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        form.addRow("Letter", letter_row)
        form.addRow("Name", self.name)
        form.addRow("Moves", self.notation)
        form.addRow("", self.royal)
        form.addRow("Notes", self.notes)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addLayout(top)
        lay.addLayout(form)
        lay.addWidget(self._build_promotion())
        lay.addStretch(1)

        self.letter.textEdited.connect(self._letter_typed)
        self.letter.editingFinished.connect(self.apply_letter)
        self.name.textEdited.connect(self._name_typed)
        self.notes.textEdited.connect(self._notes_typed)
        self.royal.toggled.connect(self._royal)
        doc.changed.connect(self.refresh)
        doc.selection_changed.connect(lambda _l: self.refresh(frozenset({PIECES})))
        self.refresh(frozenset({PIECES}))

    def _build_promotion(self) -> QGroupBox:
        box = QGroupBox("Promotion")
        self.choices = QListWidget()
        self.choices.setFlow(QListView.Flow.LeftToRight)
        self.choices.setWrapping(True)
        self.choices.setResizeMode(QListView.ResizeMode.Adjust)
        self.choices.setIconSize(QSize(22, 22))
        self.choices.setMaximumHeight(92)
        self.choices.setAccessibleName("Promotes to (choice)")
        self.choices.setToolTip("The piece types it may choose from when it promotes "
                                "(pawn style)")
        self.choices.itemChanged.connect(self._choices_changed)
        self.turns_into = QComboBox()
        self.turns_into.setAccessibleName("Turns into")
        self.turns_into.setToolTip("The one type it turns into (Shogi style, usually +X)")
        self.turns_into.activated.connect(self._turns_into)
        self.zone = QSpinBox()
        self.zone.setKeyboardTracking(False)
        self.zone.setAccessibleName("Own promotion zone")
        self.zone.valueChanged.connect(self._zone)
        self.mandatory = QCheckBox("Must promote")
        self.mandatory.setToolTip("It has to promote when it reaches the zone (else it may)")
        self.mandatory.toggled.connect(self._mandatory)
        form = QFormLayout(box)
        form.setContentsMargins(6, 6, 6, 6)
        form.addRow("Chooses from", self.choices)
        form.addRow("Turns into", self.turns_into)
        form.addRow("Zone", self.zone)
        form.addRow("", self.mandatory)
        return box

    # -- document -> fields ------------------------------------------------------------------
    def refresh(self, aspects: frozenset[Aspect] = frozenset()) -> None:
        p = self.doc.piece()
        if p is None:
            self._show_nothing()
            return
        mine = {PIECES, PROMOTION, piece_aspect(p.letter), BOARD, FILE}
        if not set(aspects) & mine:
            return
        self.setEnabled(True)
        v = self.doc.variant
        self.picture.setIcon(piece_images.piece_icon(p, v, self._base_dir(), 64))
        why = piece_images.choice_for(p, v, self._base_dir()).why
        problem = piece_images.problem_of(p, self._base_dir())
        self.picture_why.setText(f"Picture: {why}" + (f"\n{problem}" if problem else ""))
        letter_key = (p.letter, v.letters)
        if not self.letter.hasFocus() and letter_key != self._letter_key:
            self._letter_key = letter_key             # typing a definition leaves it alone
            self.show_letter()
        self._set_text(self.name, p.name)
        self._set_text(self.notes, p.notes)
        self.notation.setText(p.notation or "(no moves yet: type them in the Definition panel)")
        self.notation.setToolTip(f"{p.notation} ({p.dialect})")
        self._block(self.royal, lambda: self.royal.setChecked(p.royal))
        self._refresh_promotion(p, v)

    def _show_nothing(self) -> None:
        """No piece type to show (a new, empty variant): the fields are emptied, never left
        showing a piece of the variant before."""
        self.setEnabled(False)
        self._letter_key = ()
        self.letter.setText("")
        for field in (self.name, self.notes):
            self._set_text(field, "")
        self.notation.setText("")
        self.notation.setToolTip("")
        self.picture.setIcon(QIcon())
        self.picture_why.setText("")
        self._block(self.royal, lambda: self.royal.setChecked(False))
        self._block(self.mandatory, lambda: self.mandatory.setChecked(False))
        self._block(self.zone, lambda: self.zone.setValue(0))
        self.choices.blockSignals(True)
        self.choices.clear()
        self.choices.blockSignals(False)
        self.turns_into.blockSignals(True)
        self.turns_into.clear()
        self.turns_into.blockSignals(False)
        self._promotion_key = ()
        self.letter_note.setText("Add a piece type to edit it here.")

    def show_letter(self) -> None:
        p = self.doc.piece()
        if p is not None:
            self.letter.setText(p.letter)
            self._show_verdict(check_letter(self.doc.variant, p.letter, p.letter))

    def _refresh_promotion(self, p: PieceType, v: Variant) -> None:
        # what the game plays: the rule set's promotion of the piece (variant.derive reads it;
        # the piece's own fields are that rule's XBoard view)
        from ...variant.derive import promotion_of, rules_for, zone_depth
        rule = promotion_of(rules_for(v), p.letter)
        choices = rule.choices if rule is not None and not rule.form else ()
        target = "" if rule is None else rule.form or (choices[0] if len(choices) == 1 else "")
        must = rule is not None and rule.mandatory
        # rebuilt only when something it shows changed (not at every letter typed elsewhere)
        key = (p.letter, choices, target, p.promotion_zone, must,
               rule.zone if rule is not None else None,
               v.ranks, v.promotion_zone, self.doc.path,
               tuple((q.letter, q.name, q.notation, q.dialect, q.image, q.royal)
                     for q in v.pieces if q.letter != p.letter))
        if key == self._promotion_key:
            return
        self._promotion_key = key
        self.choices.blockSignals(True)
        self.choices.clear()
        for q in v.pieces:
            if q.letter == p.letter or q.royal:
                continue
            item = QListWidgetItem(piece_images.piece_icon(q, v, self._base_dir(), 22), q.letter)
            item.setData(Qt.ItemDataRole.UserRole, q.letter)
            item.setToolTip(q.name or q.letter)
            item.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Checked if q.letter in choices
                               else Qt.CheckState.Unchecked)
            self.choices.addItem(item)
        self.choices.blockSignals(False)
        self.turns_into.blockSignals(True)
        self.turns_into.clear()
        self.turns_into.addItem("(nothing)", "")
        for q in v.pieces:
            if q.letter != p.letter:
                self.turns_into.addItem(f"{q.letter}  {q.name}", q.letter)
        self.turns_into.setCurrentIndex(max(0, self.turns_into.findData(target)))
        self.turns_into.blockSignals(False)

        shaped = rule is not None and zone_depth(rule.zone, v.files, v.ranks) is None

        def zone() -> None:
            self.zone.setRange(0, v.ranks)
            # a zone that is no number of last ranks (a region set in the Rules panel) is
            # not shown as the variant's depth: a depth typed here replaces it
            self.zone.setSpecialValueText("a region (Rules panel)" if shaped
                                          else f"the variant's ({v.promotion_zone})")
            self.zone.setValue(p.promotion_zone)
            self.zone.setSuffix(" rank" if p.promotion_zone == 1 else " ranks")
        self._block(self.zone, zone)
        self._block(self.mandatory, lambda: self.mandatory.setChecked(must))

    @staticmethod
    def _block(widget: QWidget, change: Callable[[], object]) -> None:
        widget.blockSignals(True)
        change()
        widget.blockSignals(False)

    @staticmethod
    def _set_text(field: QLineEdit, text: str) -> None:
        if field.text() != text:
            field.setText(text)
            if not field.hasFocus():
                field.setCursorPosition(0)     # a long text shows its beginning

    def _base_dir(self) -> str | None:
        return os.path.dirname(self.doc.path) if self.doc.path else None

    # -- fields -> document ------------------------------------------------------------------
    def _show_verdict(self, verdict: LetterCheck) -> None:
        error = bool(verdict.error)
        if error != self._note_error:            # a palette change, not a style sheet: cheap
            self._note_error = error
            pal = self.letter_note.palette()
            pal.setColor(QPalette.ColorRole.WindowText,
                         QColor("#c92a2a" if error else "#5c5f66"))
            self.letter_note.setPalette(pal)
        self.letter_note.setText(verdict.error or "\n".join(verdict.limits)
                                 or "Every format takes it.")

    def _letter_typed(self, text: str) -> None:
        p = self.doc.piece()
        if p is not None:
            self._show_verdict(check_letter(self.doc.variant, text, p.letter))

    def apply_letter(self) -> bool:
        """Give the selected piece the typed letter (the document renames its promoted form
        with it: N -> H renames +N to +H in the same step)."""
        p = self.doc.piece()
        if p is None:
            return False
        v = self.doc.variant
        verdict = check_letter(v, self.letter.text(), p.letter)
        self._show_verdict(verdict)
        if not verdict.ok or verdict.letter == p.letter:
            return verdict.ok
        new = verdict.letter
        text = f"Change letter of {p.name or p.letter} from {p.letter} to {new}"
        try:
            self.doc.set_piece_fields(p.letter, text, letter=new)   # +X follows as +NEW
        except ValueError as e:
            self._show_verdict(replace(verdict, error=str(e)))
            return False
        return True

    def _name_typed(self, text: str) -> None:
        p = self.doc.piece()
        if p is not None:
            new = self.doc.variant.with_piece(replace(p, name=text))
            self.doc.edit(f"Rename piece {p.letter} to {text or '(no name)'}", new,
                          frozenset({piece_aspect(p.letter)}), merge=f"name:{p.letter}")

    def _notes_typed(self, text: str) -> None:
        p = self.doc.piece()
        if p is not None:
            self.doc.edit(f"Notes of {p.name or p.letter}",
                          self.doc.variant.with_piece(replace(p, notes=text)),
                          frozenset({piece_aspect(p.letter)}), merge=f"notes:{p.letter}")

    def _royal(self, on: bool) -> None:
        p = self.doc.piece()
        if p is not None:
            self.doc.set_piece_fields(p.letter, f"Make {p.name or p.letter} "
                                      f"{'royal' if on else 'not royal'}", royal=on)

    def _choices_changed(self, _item: QListWidgetItem) -> None:
        p = self.doc.piece()
        if p is None:
            return
        items = [self.choices.item(i) for i in range(self.choices.count())]
        chosen = {item.data(Qt.ItemDataRole.UserRole) for item in items
                  if item.checkState() == Qt.CheckState.Checked}
        order = tuple(q.letter for q in self.doc.variant.pieces if q.letter in chosen)
        text = f"{p.name or p.letter} promotes to " + (", ".join(order) or "nothing")
        self.doc.set_piece_fields(p.letter, text, promotions=order)

    def _turns_into(self, index: int) -> None:
        p = self.doc.piece()
        if p is not None:
            target = self.turns_into.itemData(index) or ""
            # one kind of promotion per piece: turning into one type replaces the choices
            self.doc.set_piece_fields(p.letter, f"{p.name or p.letter} turns into "
                                      f"{target or 'nothing'}", promotes_to=target,
                                      promotions=())

    def _zone(self, depth: int) -> None:
        p = self.doc.piece()
        if p is not None:
            self.doc.set_piece_fields(p.letter, f"Promotion zone of {p.name or p.letter}: "
                                      f"{depth or 'the variant'}'s", promotion_zone=depth)

    def _mandatory(self, on: bool) -> None:
        p = self.doc.piece()
        if p is not None:
            self.doc.set_piece_fields(p.letter, f"{p.name or p.letter} "
                                      f"{'must' if on else 'may'} promote",
                                      mandatory_promotion=on)

    # -- picture -----------------------------------------------------------------------------
    def _fill_picture_menu(self) -> None:
        m = self.picture_menu
        m.clear()
        p = self.doc.piece()
        if p is None:
            return
        m.addAction("Automatic (recognised from its moves or name)",
                    lambda: self.set_image(""))
        builtin = m.addMenu("Built-in drawing")
        for name in piece_art.builtin_names():
            icon = piece_images.piece_icon(replace(p, image=name, letter="X"), None, None, 32)
            builtin.addAction(icon, name.capitalize(), lambda n=name: self.set_image(n))
        m.addAction("Picture file (SVG or PNG)…", self.pick_picture_file)

    def set_image(self, image: str) -> None:
        p = self.doc.piece()
        if p is not None and p.image != image:
            what = image if len(image) < 40 else "its own picture"
            self.doc.set_piece_fields(p.letter, f"Picture of {p.name or p.letter}: "
                                      f"{what or 'automatic'}", image=image)

    def pick_picture_file(self) -> None:
        path = self.choose_picture()
        if not path:
            return
        try:
            uri, note = picture_from_file(path)
        except ImageError as e:
            self.picture_why.setText(f"{os.path.basename(path)}: {e.message}")
            return
        self.set_image(uri)
        if note:
            self.picture_why.setText(self.picture_why.text() + f"\n{note}")

    def _choose_picture_dialog(self) -> str:
        from PySide6.QtWidgets import QFileDialog
        path, _ = QFileDialog.getOpenFileName(
            self, "Picture of the White piece (Black's is drawn with its colours inverted)", "",
            "Pictures (*.svg *.png *.jpg *.jpeg *.gif *.bmp *.webp);;All files (*)")
        return path


__all__ = ["PieceDetails", "LetterEdit"]

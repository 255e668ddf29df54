"""The setup editor: the variant's start position, board size, pieces in hand, castling rights
and promotion zone, edited on a board of its own (the piece view's probe board stays a separate
what-if position; *Use setup on the piece board* copies this position there).

Every gesture is one undo step on the document (``doc.edit``); the editor redraws from
``doc.changed`` and keeps no copy of the variant. The size boxes apply on Enter or when they
lose focus, so typing "10" never passes through a one-file board. The FEN field follows the
board and the board follows the field: a FEN that reads is applied as it is typed (one merged
undo step), one that does not is explained under the field with its column, never thrown.
"""

from __future__ import annotations

from dataclasses import replace
from functools import partial
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QActionGroup, QFont
from PySide6.QtWidgets import (QBoxLayout, QFileDialog, QGroupBox, QHBoxLayout, QLabel,
                               QLineEdit, QMenu, QPushButton, QSpinBox, QToolBar, QToolButton,
                               QVBoxLayout, QWidget)
from PySide6.QtGui import QResizeEvent, QShowEvent

from ...paths import samples_dir
from ...engine import square_name
from ...errors import DesignerError, user_message
from ...variant import setup_tools as T
from ...variant.fen import base_letter, side_of, write_fen
from ...variant.model import MAX_FILES, MAX_RANKS
from ...vocabulary import BLACK, WHITE, Side, Square, other_side
from . import piece_images
from ...variant.aspects import (BOARD, CASTLING, HOLDINGS, PIECES, PROMOTION, SETUP, Aspect,
                               pieces_in)
from ._castling_editor import CastlingEditor
from ._holdings_editor import HoldingsEditor
from ._setup_board import ZONE_EDGE, SetupBoard
from ._setup_sides import COLUMN_WIDTH, SideBoxes
from ...variant.edits import placed
from ..document import VariantDocument
from collections.abc import Callable
from ...variant.model import Variant

SAMPLES = samples_dir()
BOARD_ASPECTS: frozenset[Aspect] = frozenset({SETUP, BOARD, PIECES, CASTLING, HOLDINGS, PROMOTION})


class SetupEditor(QWidget):
    """The start position of ``doc``'s variant, with its toolbar, side panel and FEN field."""

    def __init__(self, doc: VariantDocument, parent: QWidget | None = None,
                 samples: Path | None = None):
        super().__init__(parent)
        self.doc = doc
        self.colour: Side = WHITE
        self._pictures: tuple[object, ...] = ()
        self.samples = samples or SAMPLES
        self.choose_file = self._choose_file_dialog        # tests answer without a dialog
        self.board = SetupBoard(doc)
        self.board.setToolTip("Drag pieces from the palette; drag to move (Ctrl: copy), drag "
                              "off or right-click to remove; click an empty square to put the "
                              "selected piece (Shift: the other colour); or type its letter "
                              "over a square (lower case: Black)")
        self.toolbar, self.toolbar2 = self._build_toolbars()
        self.fen = QLineEdit()
        self.fen.setFont(QFont("monospace"))
        self.fen.setPlaceholderText("the start position as an XBoard FEN")
        self.fen.setAccessibleName("Start position FEN")
        self.fen_error = QLabel()
        self.fen_error.setTextFormat(Qt.TextFormat.PlainText)
        self.fen_error.setWordWrap(True)
        self.fen_error.setStyleSheet("color: #c92a2a")
        self.fen_error.setFont(QFont("monospace"))
        self.use_size = QPushButton()
        self.use_size.setToolTip("Change the board to the FEN's size and use the FEN")
        self.use_size.clicked.connect(self._use_fen_size)
        self.notes = QLabel()
        self.notes.setWordWrap(True)
        self.notes.setTextFormat(Qt.TextFormat.PlainText)
        self.zone_box, self.zone_spin, self.zone_label = self._build_zone()
        self.castling = CastlingEditor(doc)
        self.holdings = HoldingsEditor(doc)

        self.sides = SideBoxes([self.zone_box, self.castling, self.holdings])
        self.middle = QBoxLayout(QBoxLayout.Direction.LeftToRight)
        self.middle.addWidget(self.board, 1)
        self.middle.addWidget(self.sides)
        self.bars = QBoxLayout(QBoxLayout.Direction.LeftToRight)
        self.bars.setSpacing(0)
        self.bars.addWidget(self.toolbar)
        self.bars.addWidget(self.toolbar2)
        self.bars.addStretch(1)
        fen_row = QHBoxLayout()
        fen_row.addWidget(QLabel("FEN"))
        fen_row.addWidget(self.fen, 1)
        fen_row.addWidget(self.use_size)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(4, 4, 4, 4)
        lay.addLayout(self.bars)
        lay.addLayout(self.middle, 1)
        lay.addLayout(fen_row)
        lay.addWidget(self.fen_error)
        lay.addWidget(self.notes)

        self.board.placeRequested.connect(self.place)
        self.board.moveRequested.connect(self.move_piece)
        self.board.removeRequested.connect(self.remove)
        self.board.tokenTyped.connect(self._typed)
        self.board.pieceClicked.connect(self.doc.select)
        self.fen.textEdited.connect(self._fen_edited)
        self._pending: frozenset[Aspect] = frozenset()   # changes while hidden in a window
        doc.changed.connect(self.refresh)
        doc.selection_changed.connect(lambda _letter: self._selection())
        self.refresh(BOARD_ASPECTS)
        self._selection()

    # -- building ------------------------------------------------------------------------------
    def _build_toolbars(self) -> tuple[QToolBar, QToolBar]:
        """The board's size and what clicks put (first bar); whole-position commands (second
        bar, under the first when the editor is narrow)."""
        bar = QToolBar("Setup")
        bar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.files_spin, self.ranks_spin = QSpinBox(), QSpinBox()
        for spin, top, what in ((self.files_spin, MAX_FILES, "files"),
                                (self.ranks_spin, MAX_RANKS, "ranks")):
            spin.setRange(1, top)
            spin.setKeyboardTracking(False)     # Enter or focus-out applies, never "1" of "10"
            spin.setToolTip(f"Number of {what} (applied on Enter)")
            spin.setAccessibleName(f"Board {what}")
            spin.valueChanged.connect(self._resize)
        bar.addWidget(QLabel(" Board "))
        bar.addWidget(self.files_spin)
        bar.addWidget(QLabel("×"))
        bar.addWidget(self.ranks_spin)
        bar.addSeparator()
        bar.addWidget(QLabel(" Place "))
        group = QActionGroup(self)
        self.white_act = QAction("White", self, checkable=True)
        self.black_act = QAction("Black", self, checkable=True)
        for act, side in ((self.white_act, WHITE), (self.black_act, BLACK)):
            act.setToolTip(f"Clicks and drops put {side.capitalize()} pieces (Shift: the other)")
            act.triggered.connect(lambda _=False, s=side: self.set_colour(s))
            group.addAction(act)
            bar.addAction(act)
        self.white_act.setChecked(True)
        bar.addSeparator()
        self.clear_act = bar.addAction("Clear", self.clear)
        bar2 = QToolBar("Setup commands")
        self.clear_act.setToolTip("Take every piece off the board and out of the hands")
        self.mirror_button = QToolButton()
        self.mirror_button.setText("Mirror for Black")
        self.mirror_button.setPopupMode(QToolButton.ToolButtonPopupMode.MenuButtonPopup)
        self.mirror_button.setToolTip("Make Black's army the mirror image of White's")
        self.mirror_button.clicked.connect(lambda: self.mirror(False))
        menu = QMenu(self.mirror_button)
        menu.addAction("Mirror White's army (across the middle)", lambda: self.mirror(False))
        menu.addAction("Rotate White's army (half a turn)", lambda: self.mirror(True))
        self.mirror_button.setMenu(menu)
        bar2.addWidget(self.mirror_button)
        self.sample_button = QToolButton()
        self.sample_button.setText("Load sample")
        self.sample_button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        self.sample_button.setToolTip("Take the start position of a sample variant (its board "
                                      "size, and the piece types it needs)")
        self.sample_menu = QMenu(self.sample_button)
        self.sample_menu.aboutToShow.connect(self._fill_samples)
        self.sample_button.setMenu(self.sample_menu)
        bar2.addWidget(self.sample_button)
        bar2.addSeparator()
        self.probe_act = bar2.addAction("Use setup on the piece board", self.to_probe_board)
        self.probe_act.setToolTip("Put this start position onto the selected piece's probe "
                                  "board (the piece view)")
        return bar, bar2

    def _build_zone(self) -> tuple[QGroupBox, QSpinBox, QLabel]:
        box = QGroupBox("Promotion zone")
        spin = QSpinBox()
        spin.setKeyboardTracking(False)
        spin.setToolTip("The far ranks where pieces promote (a piece may have its own depth, "
                        "set in the palette)")
        spin.setAccessibleName("Promotion zone depth")
        spin.valueChanged.connect(self._set_zone)
        label = QLabel()
        label.setWordWrap(True)
        label.setTextFormat(Qt.TextFormat.RichText)
        lay = QVBoxLayout(box)
        lay.setContentsMargins(6, 6, 6, 6)
        row = QHBoxLayout()
        row.addWidget(QLabel("Depth"))
        row.addWidget(spin, 1)
        lay.addLayout(row)
        lay.addWidget(label)
        return box, spin, label

    # -- layout --------------------------------------------------------------------------------
    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._arrange()

    def _arrange(self) -> None:
        """Side boxes beside the board when that leaves the board most of the height, else in
        tabs under it; the two toolbars side by side when they fit."""
        room = self.width() - COLUMN_WIDTH
        beside = room >= 0.8 * max(200, self.height() - 140)
        self.sides.set_beside(beside)
        across, down = QBoxLayout.Direction.LeftToRight, QBoxLayout.Direction.TopToBottom
        self.middle.setDirection(across if beside else down)
        both = self.toolbar.sizeHint().width() + self.toolbar2.sizeHint().width()
        self.bars.setDirection(across if self.width() >= both + 16 else down)

    # -- document -> widgets -------------------------------------------------------------------
    def refresh(self, aspects: frozenset[Aspect] = frozenset()) -> None:
        window = self.window()
        if window is not self and window.isVisible() and not self.isVisible():
            # a tab behind another in a shown window: drawn when it is shown (opening a big
            # variant, or each key typed elsewhere, costs the hidden editor nothing)
            self._pending |= aspects
            return
        if not aspects & BOARD_ASPECTS:
            # a piece's fields changed (typing its definition): only its picture and name
            # matter here
            if pieces_in(aspects):
                self._zone_text()
                if self._pictures_changed():
                    self.holdings.refresh()
                    self.board.update()
            return
        self._pictures_changed()
        v = self.doc.variant
        for spin, value in ((self.files_spin, v.files), (self.ranks_spin, v.ranks)):
            if spin.value() != value:
                spin.blockSignals(True)
                spin.setValue(value)
                spin.blockSignals(False)
        self.zone_spin.blockSignals(True)
        self.zone_spin.setRange(0, v.ranks)
        self.zone_spin.setValue(v.promotion_zone)
        self.zone_spin.setSuffix(" rank" if v.promotion_zone == 1 else " ranks")
        self.zone_spin.blockSignals(False)
        self._zone_text()
        self._sync_fen()
        self.castling.refresh()
        self.holdings.refresh()
        self.board.updateGeometry()
        self.board.update()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if self._pending:
            pending, self._pending = self._pending, frozenset()
            self.refresh(pending)

    def _pictures_changed(self) -> bool:
        """Whether a piece's picture changed since the last look (remembered)."""
        v = self.doc.variant
        key = tuple((c.kind, c.source, c.promoted) for c in
                    (piece_images.choice_for(p, v) for p in v.pieces))
        changed, self._pictures = key != self._pictures, key
        return changed

    def _selection(self) -> None:
        self.board.zone_letter = self.doc.selected or None
        self.probe_act.setEnabled(bool(self.doc.selected))
        self._zone_text()
        self.board.update()

    def _zone_text(self) -> None:
        v = self.doc.variant
        p = self.doc.piece() if self.doc.selected else None
        if p is not None and p.promotion_zone:
            depth, whose = p.promotion_zone, f"{p.name or p.letter}'s own zone"
        else:
            depth, whose = v.promotion_zone, "the variant's zone"
        w, b = ZONE_EDGE[WHITE].name(), ZONE_EDGE[BLACK].name()
        self.zone_label.setText(
            f"Painted: {whose}, {depth} rank{'s' if depth != 1 else ''} — "
            f"<span style='color:{w}'>■</span> White promotes at the top, "
            f"<span style='color:{b}'>■</span> Black at the bottom")

    def _sync_fen(self) -> None:
        """Show the document's FEN unless the field already says the same position."""
        v = self.doc.variant
        text = self.fen.text()
        if text == v.setup:
            return
        if text.strip():
            got = T.check_fen(v, text)
            if got.setup is not None and write_fen(got.setup) == v.setup:
                return
        self.fen.setText(v.setup)
        self.fen.setCursorPosition(0)          # the board part is what people read first
        self._show_fen_problem(None)

    # -- gestures -> document ------------------------------------------------------------------
    def set_colour(self, side: Side) -> None:
        self.colour = side
        (self.white_act if side == WHITE else self.black_act).setChecked(True)

    def _name(self, tok: str) -> str:
        p = self.doc.variant.piece(base_letter(tok))
        side = "White" if side_of(tok) == WHITE else "Black"
        return f"{side} {p.name or p.letter}" if p is not None else tok

    def place(self, sq: Square, letter: str = "", flip: bool = False) -> None:
        """Put a piece of type ``letter`` ("" = the selected one) in the chosen colour."""
        letter = letter or self.doc.selected
        piece = self.doc.variant.piece(letter) if letter else None
        if piece is None:
            self.notes.setText("Choose a piece in the palette first, then click the board.")
            return
        side: Side = self.colour if not flip else other_side(self.colour)
        tok = T.token(piece.letter, side)
        self._edit(f"Put {self._name(tok)} on {square_name(sq)}",
                   lambda v: placed(v, sq, tok), {SETUP})

    def move_piece(self, start: Square, end: Square, copy: bool = False) -> None:
        """Move (``copy``: copy) the piece on ``start`` to ``end``, one undo step."""
        setup = self.board.setup()
        if setup is None or start not in setup.board:
            return
        tok = setup.board[start]
        verb = "Copy" if copy else "Move"

        def moved(v: Variant) -> Variant:
            return placed(v if copy else placed(v, start, None), end, tok)
        self._edit(f"{verb} {self._name(tok)} from {square_name(start)} to {square_name(end)}",
                   moved, {SETUP})

    def remove(self, sq: Square) -> None:
        setup = self.board.setup()
        if setup is None or sq not in setup.board:
            return
        tok = setup.board[sq]
        self._edit(f"Take {self._name(tok)} off {square_name(sq)}",
                   lambda v: placed(v, sq, None), {SETUP})

    def _typed(self, sq: Square, text: str) -> None:
        if not text:
            self.remove(sq)
            return
        piece = self.doc.variant.piece(text.upper())
        if piece is None:
            self.notes.setText(f"This variant has no piece type {text.upper()}.")
            return
        tok = T.token(piece.letter, WHITE if text.isupper() else BLACK)
        self._edit(f"Put {self._name(tok)} on {square_name(sq)}",
                   lambda v: placed(v, sq, tok), {SETUP})

    def clear(self) -> None:
        self._edit("Clear the start position", T.cleared, {SETUP})

    def mirror(self, rotate: bool) -> None:
        self._edit("Rotate White's army for Black" if rotate else
                   "Mirror White's army for Black",
                   lambda v: T.mirrored_for_black(v, rotate), {SETUP})

    def _edit(self, text: str, change: Callable[[Variant], Variant], aspects: set[Aspect],
              merge: str | None = None) -> bool:
        """Apply ``change`` (Variant -> Variant) as one undo step; problems become notes."""
        v = self.doc.variant
        try:
            new = change(v)
        except (DesignerError, ValueError) as e:
            self.notes.setText(f"{text}: {user_message(e)}")
            return False
        self.notes.setText("")
        self.doc.edit(text, new, frozenset(aspects), merge)
        return True

    def _resize(self) -> None:
        files, ranks = self.files_spin.value(), self.ranks_spin.value()
        v = self.doc.variant
        if (files, ranks) != (v.files, v.ranks):
            self.doc.resize(files, ranks)

    def _set_zone(self, depth: int) -> None:
        self._edit(f"Promotion zone {depth} ranks",
                   lambda v: replace(v, promotion_zone=depth), {PROMOTION})

    def to_probe_board(self) -> None:
        if self.doc.selected:
            self.doc.probe_from_setup()

    # -- the FEN field ---------------------------------------------------------------------------
    def _fen_edited(self, text: str) -> None:
        v = self.doc.variant
        if not text.strip():
            self._show_fen_problem(None)
            self.doc.edit("Remove the start position", replace(v, setup=""),
                          frozenset({SETUP}), merge="fen")
            return
        got = T.check_fen(v, text)
        if got.setup is None:
            self._show_fen_problem(got)
            return
        self._show_fen_problem(None)
        self.doc.edit("Edit the FEN", replace(v, setup=write_fen(got.setup)),
                      frozenset({SETUP}), merge="fen", as_written=True)

    def _show_fen_problem(self, got: T.FenCheck | None) -> None:
        """The problem under the field: message, then the text around it with a caret."""
        if got is None:
            self.fen_error.setText("")
            self.fen_error.hide()
            self.use_size.hide()
            return
        text = self.fen.text()
        start = max(0, got.column - 30)
        excerpt = ("…" if start else "") + text[start:got.column + 30]
        caret = " " * (got.column - start + (1 if start else 0)) + "^"
        self.fen_error.setText(f"column {got.column + 1}: {got.message}\n{excerpt}\n{caret}")
        self.fen_error.show()
        if got.size is not None:
            self.use_size.setText(f"Use {got.size[0]}x{got.size[1]}")
            self.use_size.show()
        else:
            self.use_size.hide()

    def _use_fen_size(self) -> None:
        text = self.fen.text()
        got = T.check_fen(self.doc.variant, text)
        if got.size is None:
            return
        files, ranks = got.size
        bigger = replace(self.doc.variant, files=files, ranks=ranks, setup="")
        again = T.check_fen(bigger, text)
        if again.setup is None:
            self._show_fen_problem(again)
            return
        self._show_fen_problem(None)
        bigger, _notes = T.rules_resized(bigger, self.doc.variant, again.setup)
        self.doc.edit(f"Board {files}x{ranks} from the FEN",
                      replace(bigger, setup=write_fen(again.setup)),
                      frozenset({SETUP, BOARD}))

    # -- samples -----------------------------------------------------------------------------------
    def _fill_samples(self) -> None:
        self.sample_menu.clear()
        files = sorted(self.samples.glob("*.ini")) if self.samples.is_dir() else []
        for path in files:
            self.sample_menu.addAction(path.stem.capitalize(), partial(self.load_sample, str(path)))
        if not files:
            self.sample_menu.addAction("(no samples found)").setEnabled(False)
        self.sample_menu.addSeparator()
        self.sample_menu.addAction("Other variant file…", self._load_other)

    def _load_other(self) -> None:
        path = self.choose_file()
        if path:
            self.load_sample(path)

    def _choose_file_dialog(self) -> str:
        path, _ = QFileDialog.getOpenFileName(self, "Start position of a variant file",
                                              str(self.samples),
                                              "Variant files (*.ini *.pgn *.eng);;All files (*)")
        return path

    def load_sample(self, path: str) -> bool:
        """Take the start position of the variant in ``path`` (one undo step)."""
        from ...formats.registry import read_any
        try:
            sample = read_any(path)
        except (DesignerError, OSError, ValueError) as e:
            self.notes.setText(f"Cannot read {Path(path).name}: "
                               f"{user_message(e)}")
            return False
        v = self.doc.variant
        new, notes = T.sample_start(v, sample)
        ok = self._edit(f"Start position of {sample.name}", lambda _v: new,
                        {SETUP, BOARD, PIECES, HOLDINGS})
        if ok:
            self.notes.setText(f"Start position of {sample.name}"
                               + (": " + "; ".join(notes) if notes else "") + ".")
        return ok


__all__ = ["SetupEditor"]

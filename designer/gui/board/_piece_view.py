"""The piece view: the selected piece on its probe board, with every square it reaches marked.

It reads the document (the selected piece, its probe board, the rules of the variant) and asks
the ``Analyst`` for the moves; it never waits for the answer. While an answer is pending the
previous marks stay, and are dimmed if the answer takes longer than a moment. Gestures on the
board become probe-board edits of the document (one undo step each).
"""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtWidgets import QLabel, QScrollArea, QVBoxLayout, QWidget

from ...notation.english import plural
from ...engine import square_name
from ...variant.model import PieceType, Variant
from ...vocabulary import BLACK, WHITE, XBETZA, Square, other_side
from ...variant import aspects as A
from .. import document as D
from ...engine.analysis import Analysis
from ...engine.question import Question, zone_squares
from ..analysis import Analyst
from ._canvas import BoardCanvas
from ._drawing import marks_for
from .markers import LegendWidget
from ...variant.probes import NEUTRAL, ProbeBoard, ProbeColour, question_for
from ...variant.edits import holes_of
from ...engine.moves import PieceMove

INSPECT, ERASE, EP_TOOL = "inspect", "erase", "ep"
FRIEND, FOE = "friend", "foe"
CYCLE = {None: FOE, FOE: FRIEND, FRIEND: NEUTRAL, NEUTRAL: None}   # right-click order
PENDING_MS = 80      # an answer slower than this dims the marks it will replace


class PieceView(QWidget):
    """Board, legend and a status line for the selected piece; emits ``analysed`` with every
    answer it shows and ``pinnedChanged`` when the traced target square changes."""

    analysed = Signal(object)
    pinnedChanged = Signal(object)
    message = Signal(str)          # hover information for the status bar ("" clears it)

    def __init__(self, doc: D.VariantDocument, parent: QWidget | None = None):
        super().__init__(parent)
        self.doc = doc
        self.analyst = Analyst(self)
        self.tool = INSPECT
        self.pinned: Square | None = None
        self.safe = False
        self.request: Question | None = None
        self.analysis: Analysis | None = None
        self._last_good: Analysis | None = None
        self.canvas = BoardCanvas()
        self.canvas.setToolTip("Click a marked square to trace its path; click elsewhere to move "
                               "the piece. Right-click puts a foe, friend, neutral piece or "
                               "nothing on a square. Ctrl+wheel zooms.")
        self.scroll_area = QScrollArea()
        self.scroll_area.setWidget(self.canvas)
        self.scroll_area.setWidgetResizable(True)
        self.legend = LegendWidget()
        self.status = QLabel()
        self.status.setTextFormat(Qt.TextFormat.PlainText)
        self.status.setWordWrap(True)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(4, 4, 4, 4)
        lay.addWidget(self.scroll_area, 1)
        lay.addWidget(self.legend)
        lay.addWidget(self.status)
        self._pending = QTimer(self, singleShot=True, interval=PENDING_MS)
        self._pending.timeout.connect(lambda: self.canvas.set_stale(True))
        doc.changed.connect(self._doc_changed)
        doc.selection_changed.connect(self._selection_changed)
        self.analyst.ready.connect(self._answer)
        self.canvas.squareClicked.connect(self._square_clicked)
        self.canvas.squareHovered.connect(self._square_hovered)
        self.canvas.squareDragged.connect(self._piece_dragged)
        self.refresh()

    # -- reading the document --------------------------------------------------------------
    def board(self) -> ProbeBoard:
        return self.doc.probe_board()

    def _doc_changed(self, aspects: frozenset[A.Aspect]) -> None:
        if self.canvas.pictures is not None and (A.PIECES in aspects or A.pieces_in(aspects)):
            self.canvas.refresh_pictures()     # a piece's picture may have changed
        if aspects - {A.FILE, A.PROPERTIES, A.GAME}:
            self.refresh()

    def _selection_changed(self, _letter: str) -> None:
        self.pin(None)
        self.refresh()

    def refresh(self) -> None:
        """Draw the board from the document and ask for the moves (answered later)."""
        v, piece = self.doc.variant, self.doc.piece()
        board = self.board()
        c = self.canvas
        c.set_board(v.files, v.ranks, holes_of(v))
        c.set_pieces(board.origin if piece else None, piece.letter if piece else "",
                     {sq: (colour, letter) for sq, colour, letter in board.pieces}, board.ep,
                     board.side)
        if piece is None:
            self.request = None
            self._last_good = None
            c.set_marks({})
            c.set_zone(frozenset())
            c.set_stale(False)
            self.legend.set_kinds((), self.safe, "No piece selected: add one to the variant")
            self._status()
            return
        req = question_for(v, piece, board)
        c.set_zone(zone_squares(req))        # the zone of the variant's rules, as the game's
        if req == self.request and self.analysis is not None:
            return
        self.request = req
        self.analyst.request(req)
        if self.analyst.busy:
            self._pending.start()
        self._status()

    def _answer(self, analysis: Analysis) -> None:
        """A new answer from the worker: show it (an older request's answer never gets here)."""
        if analysis.question != self.request:
            return
        self._pending.stop()
        self.analysis = analysis
        stale = not analysis.ok
        # the request without its definition: which board and rules the marks belong to
        board_only = replace(analysis.question, text="", dialect=XBETZA) \
            if analysis.question else None
        if not stale:
            self._last_good = analysis
        elif self._last_good is not None and self._last_good.question is not None and \
                replace(self._last_good.question, text="", dialect=XBETZA) != board_only:
            self._last_good = None                  # marks of another position would lie
        shown = self._last_good if stale and self._last_good is not None else analysis
        marks = marks_for(shown.by_square, promotions=shown.promotions)
        self.canvas.set_marks(marks)
        self.canvas.set_stale(stale)
        kinds = {k for ks in marks.values() for k in ks}
        note = "dimmed: the last definition that could be read" if stale and marks else ""
        self.legend.set_kinds(kinds, self.safe, note)
        if self.pinned is not None and analysis.ok and self.pinned not in analysis.by_square:
            self.pin(None)
        self._status()
        self.analysed.emit(analysis)

    def _status(self, text: str = "") -> None:
        piece, board, v = self.doc.piece(), self.board(), self.doc.variant
        if piece is None:
            self.status.setText(text or f"{v.files}x{v.ranks}: the variant has no pieces yet.")
            return
        side = "White" if board.side == WHITE else "Black"
        name = piece.name or piece.letter
        base = f"{v.files}x{v.ranks}, {name} on {square_name(board.origin)}, {side} to move, " \
               f"{'unmoved' if board.virgin else 'has moved'}"
        if board.ep:
            base += f", e.p. square {square_name(board.ep)}"
        a = self.analysis
        if a is not None and a.question == self.request and a.failure:
            base += f" — {a.failure}"
        self.status.setText(text or base)

    # -- gestures --------------------------------------------------------------------------
    def _edit_board(self, board: ProbeBoard, text: str) -> None:
        self.doc.set_probe_board(board, text)

    def _square_clicked(self, sq: Square, button: Qt.MouseButton) -> None:
        board, v = self.board(), self.doc.variant
        if self.doc.piece() is None or not self._on_board(sq):
            return
        if button == Qt.MouseButton.RightButton:
            if sq != board.origin:
                self.set_probe(sq, CYCLE[self._role(board, sq)])
            return
        if button != Qt.MouseButton.LeftButton:
            return
        reached = self.analysis is not None and sq in self.analysis.by_square
        if self.tool == INSPECT:
            if reached:
                self.pin(sq)
            elif sq != board.origin:
                self.move_piece(sq)
        elif self.tool == EP_TOOL:
            self._edit_board(replace(board, ep=None if board.ep == sq else sq),
                             "Set e.p. square")
        elif sq != board.origin:
            role = None if self.tool == ERASE else self.tool
            if role is not None and self._role(board, sq) == role:
                role = None
            self.set_probe(sq, role)
        del v

    def _on_board(self, sq: Square) -> bool:
        v = self.doc.variant
        return 0 <= sq[0] < v.files and 0 <= sq[1] < v.ranks and sq not in holes_of(v)

    @staticmethod
    def _role(board: ProbeBoard, sq: Square) -> str | None:
        """friend / foe / neutral for the piece on ``sq``, seen from the examined piece."""
        here = board.at(sq)
        if here is None:
            return None
        colour = here[0]
        return NEUTRAL if colour == NEUTRAL else FRIEND if colour == board.side else FOE

    def _piece_dragged(self, start: Square, end: Square) -> None:
        """Dragging the piece moves it anywhere, also onto marked or occupied squares."""
        if start == self.board().origin and self._on_board(end):
            self.move_piece(end)

    def move_piece(self, sq: Square) -> None:
        """Put the examined piece on ``sq`` (a probe there is taken off) as one undo step."""
        self.pin(None)
        self._edit_board(self.board().moved_to(sq), f"Move piece to {square_name(sq)}")

    def set_probe(self, sq: Square, role: str | None, letter: str = "") -> None:
        """Put a friend / foe / neutral piece on ``sq`` (None empties it) as one undo step."""
        board = self.board()
        colour: ProbeColour | None = {FRIEND: board.side, FOE: other_side(board.side),
                                      NEUTRAL: NEUTRAL, None: None}[role]
        what = {FRIEND: "friend", FOE: "foe", NEUTRAL: "neutral piece", None: "nothing"}[role]
        self._edit_board(board.with_probe(sq, colour, letter),
                         f"Put {what} on {square_name(sq)}")

    def set_side(self, black: bool) -> None:
        self._edit_board(replace(self.board(), side=BLACK if black else WHITE), "Side to move")

    def set_virgin(self, virgin: bool) -> None:
        self._edit_board(replace(self.board(), virgin=virgin), "Unmoved piece")

    def clear_probes(self) -> None:
        self._edit_board(replace(self.board(), pieces=(), ep=None), "Clear probes")

    def set_tool(self, tool: str) -> None:
        self.tool = tool

    def set_safe_palette(self, safe: bool) -> None:
        self.safe = safe
        self.canvas.set_safe_palette(safe)
        self.legend.set_kinds(self.legend.kinds, safe, self.legend.note)

    def pin(self, sq: Square | None) -> None:
        """Choose the target the debugger traces (None clears it)."""
        if sq == self.pinned:
            return
        self.pinned = sq
        self.canvas.set_pinned(sq)
        self.pinnedChanged.emit(sq)

    def moves_to(self, sq: Square | None) -> tuple[PieceMove, ...]:
        """The moves of the shown answer that end on ``sq``."""
        if sq is None or self.analysis is None:
            return ()
        return self.analysis.by_square.get(sq, ())

    def _square_hovered(self, sq: Square | None) -> None:
        moves = self.moves_to(sq)
        if sq is None:
            self.message.emit("")
        else:
            kinds = sorted({m.kind for m in moves})
            text = f"{square_name(sq)}: " + (", ".join(kinds) + f" ({plural(len(moves), 'path')})"
                                              if moves else "not reached")
            self.message.emit(text)
        if self.pinned is None:   # preview how the piece gets there (a few paths at most)
            self.canvas.set_paths([m.legs for m in moves[:8]])

    def focus_group(self, offset: int, traced: set[Square] | None) -> None:
        """Light up the moves of the definition group at character ``offset`` (-1: none)."""
        if offset < 0 or self.analysis is None:
            self.canvas.set_focus(traced)
            return
        moves = [m for m in self.analysis.moves if m.span[0] <= offset < m.span[1]]
        focus = {m.destination for m in moves} | {s for m in moves for s in m.removed}
        self.canvas.set_focus(focus if moves else None)


__all__ = ["PieceView", "INSPECT", "ERASE", "EP_TOOL", "FRIEND", "FOE",
           "NEUTRAL"]

"""The Play mode: the game of the document on a board, moves entered by clicks, drags and
drops, the move list, the hands, and what the position means (check, the result, a move an
edit made illegal).

The view reads the document's game line and asks the ``GameService`` to replay it under the
current variant (off the UI thread); it draws each answer. A move the user completes becomes
one document edit (one undo step). It never decides who moves: ``human(side)`` (set by the
controller) says whether the side to move takes its moves from the board.

The board's gestures are ``MoveInput``'s (input.py): it reads ``replay``, ``entry`` and
``frame()``, asks ``can_move()``/``caught_up()``, draws with ``draw_entry()``/``redraw()`` and
plays through ``commit``; the view calls only its public ``play`` and ``cancel_entry``.

The board takes no move while it shows an answer older than the document (``caught_up``):
between an edit, an undo or a move and the replay that follows it, a move entered on the
position still shown would be played into a game that is no longer that one (after an undo:
the same side twice). Such input is refused with a word, and the board takes moves again as
soon as the answer is drawn.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeyEvent, QResizeEvent
from PySide6.QtWidgets import (QFrame, QHBoxLayout, QLabel, QScrollArea, QSplitter,
                               QToolBar, QVBoxLayout, QWidget)

from ...play import Entry, Frame, GameLine, Replay, stops
from ...game.geometry import Geometry
from ...game.moves import Move
from ...variant.edits import holes_of
from ...variant.model import Variant
from ...vocabulary import BLACK, WHITE, Side, Square
from .. import document as D
from ...variant import aspects as A
from ..board.markers import LegendWidget, Mark
from .canvas import PlayCanvas
from .choice import ChoiceBar
from .hand import HandView, Pictures
from .input import MoveInput
from .move_list import MoveList
from .service import GameService

#: aspects of the document that change what the game replays to: the game and every part
#: of the variant (the rules of play too: a rule switched off mid-game takes its moves off
#: the board at once), not the file's name or the piece view's probes
GAME_ASPECTS: frozenset[A.Aspect] = A.EVERYTHING - {A.FILE, A.PROBES}
BANNER = {"end": "background: #e7f5ff; border: 1px solid #74c0fc;",
          "cut": "background: #fff4e6; border: 1px solid #ffa94d;",
          "error": "background: #fff5f5; border: 1px solid #ff8787;"}


class PlayView(QWidget):
    """The Play tab. ``message(text)`` goes to the status bar; ``replayed(replay)`` tells
    every answer it shows (the controller plays the computer's moves from it)."""

    message = Signal(str)
    replayed = Signal(object)

    def __init__(self, doc: D.VariantDocument, parent: QWidget | None = None):
        super().__init__(parent)
        self.doc = doc
        self.service = GameService(self)
        self.replay: Replay | None = None
        self.entry: Entry | None = None
        self.human: Callable[[Side], bool] = lambda side: True
        self.names: Callable[[Side], str] = lambda side: side.title()
        self.commit: Callable[[GameLine, str], None] = doc.set_game   # the controller's
        self.pictures: Pictures | None = None
        self.status_text = ""
        self._asked = False          # a replay was asked for and its answer is not drawn yet
        self._build()
        doc.changed.connect(self._doc_changed)
        doc.ply_changed.connect(self.ask)
        self.service.replayed.connect(self._show)
        self.ask()

    # -- layout ------------------------------------------------------------------------------
    def _build(self) -> None:
        self.toolbar = QToolBar("Game")
        self.toolbar.setObjectName("GameToolbar")
        self.banner = QLabel()
        self.banner.setWordWrap(True)
        self.banner.setTextFormat(Qt.TextFormat.PlainText)
        self.banner.setContentsMargins(8, 4, 8, 4)
        self.banner.hide()
        self.canvas = PlayCanvas()
        self.scroll_area = _BoardArea(self.canvas)
        self.scroll_area.setWidget(self.canvas)
        self.scroll_area.setWidgetResizable(True)
        self.scroll_area.setFrameShape(QFrame.Shape.NoFrame)
        self.top_hand, self.bottom_hand = HandView(BLACK), HandView(WHITE)
        self.top_name, self.bottom_name = QLabel(), QLabel()
        for label in (self.top_name, self.bottom_name):
            label.setTextFormat(Qt.TextFormat.PlainText)
        hands = QVBoxLayout()
        hands.addWidget(self.top_name)
        hands.addWidget(self.top_hand)
        hands.addStretch(1)
        hands.addWidget(self.bottom_hand)
        hands.addWidget(self.bottom_name)
        board_row = QHBoxLayout()
        board_row.addWidget(self.scroll_area, 1)
        board_row.addLayout(hands)
        self.legend = LegendWidget()
        self.status = QLabel()
        self.status.setWordWrap(True)
        self.status.setTextFormat(Qt.TextFormat.PlainText)
        left = QWidget()
        lay = QVBoxLayout(left)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addWidget(self.banner)
        lay.addLayout(board_row, 1)
        lay.addWidget(self.legend)
        lay.addWidget(self.status)
        self.players = QLabel()
        self.players.setWordWrap(True)
        self.moves = MoveList()
        right = QWidget()
        right.setMinimumWidth(190)
        side = QVBoxLayout(right)
        side.setContentsMargins(0, 0, 0, 0)
        side.addWidget(self.players)
        side.addWidget(self.moves, 1)
        split = QSplitter(Qt.Orientation.Horizontal)
        split.addWidget(left)
        split.addWidget(right)
        split.setStretchFactor(0, 3)
        split.setStretchFactor(1, 1)
        split.setChildrenCollapsible(False)
        self.splitter = split
        outer = QVBoxLayout(self)
        outer.setContentsMargins(4, 4, 4, 4)
        outer.addWidget(self.toolbar)
        outer.addWidget(split, 1)
        self.choice = ChoiceBar(self)
        self.moves.ply_chosen.connect(self.doc.set_ply)
        self.input = MoveInput(self)     # takes the board's, hands' and choice bar's gestures

    def set_picture_source(self, pictures: Pictures | None) -> None:
        self.pictures = pictures
        self.canvas.set_picture_source(pictures)
        self.top_hand.pictures = self.bottom_hand.pictures = pictures

    # -- reading the document ------------------------------------------------------------------
    def _doc_changed(self, aspects: frozenset[A.Aspect]) -> None:
        if self.canvas.pictures is not None and (A.PIECES in aspects or A.pieces_in(aspects)):
            self.canvas.refresh_pictures()
        if aspects & GAME_ASPECTS or A.pieces_in(aspects):
            self.ask()

    def ask(self) -> None:
        """Ask for the document's game replayed under the current variant."""
        line = self.doc.game
        if line is None:
            self.replay = None
            self._draw_empty()
            return
        self._asked = True
        self.service.replay(self.doc.variant, line, self.doc.ply)

    @property
    def busy(self) -> bool:
        """Whether an answer about the document's game is still to come."""
        return self.service.busy

    def shows_game(self) -> bool:
        """Whether the answer shown is of the document's game line under its variant (the
        position looked at may still be on its way: enough for what counts the moves)."""
        r = self.replay
        return r is not None and r.line == self.doc.game and r.variant == self.doc.variant

    def caught_up(self) -> bool:
        """Whether the board shows the document's game as it is now: the last replay asked
        for is drawn, of the document's line under its variant (moves entered on any other
        board would be played into another game)."""
        r = self.replay
        if r is None or self._asked:
            return False
        if r.line != self.doc.game or r.variant != self.doc.variant:
            self.ask()               # a change no aspect announced: catch up now
            return False
        return True

    def shown_ply(self) -> int:
        return self.replay.at if self.replay is not None else 0

    def at_end(self) -> bool:
        r = self.replay
        return r is not None and r.at == r.valid

    def frame(self) -> Frame | None:
        r = self.replay
        return r.frames[r.at] if r is not None and r.frames else None

    # -- drawing -------------------------------------------------------------------------------
    def _draw_empty(self) -> None:
        v = self.doc.variant
        self.canvas.set_board(v.files, v.ranks, holes_of(v))
        self.canvas.set_position({})
        self.canvas.set_walls(())
        self.canvas.set_marks({})
        self.canvas.set_highlights((), ())
        self.moves.setRowCount(0)
        self.players.setText("")
        self.top_hand.set_hand((), False)
        self.bottom_hand.set_hand((), False)
        for widget in (self.top_hand, self.bottom_hand, self.top_name, self.bottom_name):
            widget.setVisible(bool(_has_hands(v)))
        self._banner("", "end")
        self._status("No game yet: Game > New game (Ctrl+Shift+G) starts one from the setup "
                     "or any FEN.")

    def _show(self, replay: Replay) -> None:
        old = self.replay
        self.replay = replay
        self._asked = False          # the service answers only the newest question
        if old is None or old.frames[old.at:old.at + 1] != replay.frames[replay.at:replay.at + 1] \
                or old.legal != replay.legal:
            self.entry = None
            self.choice.hide()
            self.canvas.set_hint(None)      # a hint is for the position it was asked in
        self.redraw()
        self.replayed.emit(replay)

    def redraw(self) -> None:
        r = self.replay
        if r is None:
            self._draw_empty()
            return
        v = r.variant
        c = self.canvas
        c.set_board(v.files, v.ranks, holes_of(v))
        frame = self.frame()
        if frame is None:
            c.set_position({})
            c.set_walls(())
            c.set_marks({})
            c.set_highlights((), ())
            self.moves.show_replay(r, 0)
            self._banner(r.error, "error")
            self._status(r.error)
            return
        c.set_position({sq: (side, letter) for sq, letter, side in frame.pieces})
        c.set_walls(frame.walls)
        last: tuple[Square, ...] = ()
        if r.at > 0:
            mv = r.line.moves[r.at - 1]
            last = tuple(r.square(s) for s in ((mv.origin,) if mv.origin >= 0 else ())
                         + stops(mv))
        cut = None
        if r.illegal is not None and r.at == r.valid:
            mv = r.line.moves[r.illegal.ply]
            cut = (r.square(mv.origin if mv.origin >= 0 else mv.target), r.square(mv.target))
        c.set_highlights(last, frame.checked, cut)
        movable = self.can_move()
        if self.replay is not r:
            return          # it caught up with a change no aspect announced: drawn anew
        c.draggable = {sq for sq, _l, side in frame.pieces if side == frame.turn} \
            if movable else set()
        self.draw_entry()
        names = {p.letter: p.name or p.letter for p in v.pieces}
        show_hands = _has_hands(v)
        top_side: Side = WHITE if c.flipped else BLACK
        bottom_side: Side = BLACK if c.flipped else WHITE
        top, bottom = top_side, bottom_side
        chosen = self.entry.drop if self.entry is not None else ""
        for hand, who in ((self.top_hand, top_side), (self.bottom_hand, bottom_side)):
            hand.side = who
            hand.set_hand(frame.hand(who), movable and frame.turn == who,
                          chosen if frame.turn == who else "", names)
            hand.setVisible(show_hands or bool(frame.hand(who)))
        for label, who in ((self.top_name, top), (self.bottom_name, bottom)):
            label.setText(f"{who.title()}\nin hand")
            label.setVisible(show_hands)
        ended = r.ended and self.at_end()
        marker = {who: ("● " if frame.turn == who and not ended else "   ")
                  for who in (WHITE, BLACK)}
        self.players.setText(f"{v.name}\n{marker[WHITE]}White: {self.names(WHITE)}\n"
                             f"{marker[BLACK]}Black: {self.names(BLACK)}")
        self.moves.show_replay(r, r.at)
        self._explain_state()

    def draw_entry(self) -> None:
        """Draw the move being entered (``entry``): its piece, the squares clicked so far and
        where it can go on, with their legend."""
        r, frame, e = self.replay, self.frame(), self.entry
        if r is None or frame is None or e is None:
            self.canvas.set_marks({})
            self.canvas.set_picked(None)
            self.legend.set_kinds((), False, self._legend_note())
            return
        occupant = {r.index(sq): side != frame.turn for sq, _l, side in frame.pieces}
        marks: dict[Square, tuple[Mark, ...]] = {
            r.square(s): k for s, k in e.marks(occupant, frame.ep).items()}
        self.canvas.set_marks(marks)
        self.canvas.set_picked(r.square(e.origin) if e.origin >= 0 else None,
                               tuple(r.square(s) for s in e.clicked))
        kinds = {k for ks in marks.values() for k in ks}
        self.legend.set_kinds(kinds, self.canvas.safe, "" if kinds else "No legal move")

    def _legend_note(self) -> str:
        return "Pick a piece to see its legal moves" if self.can_move() else " "

    def _explain_state(self) -> None:
        """The banner and the status line for the position shown."""
        r = self.replay
        assert r is not None
        result, reason = r.result()
        if r.error:
            self._banner(r.error, "error")
        elif r.illegal is not None:
            n = r.illegal.ply
            self._banner(f"Move {n // 2 + 1}{'.' if n % 2 == 0 else '…'} {r.illegal.text} is no "
                         f"longer legal after the edit: {r.illegal.reason} The game is cut "
                         f"there (Undo brings the moves back; playing on replaces them).", "cut")
        elif result != "*":
            self._banner(f"{_result_words(result)} — {reason[:1].upper()}{reason[1:]}", "end")
        elif r.stop is not None:
            self._banner(f"Game stopped: {reason}", "error")
        else:
            self._banner("", "end")
        frame = self.frame()
        if frame is None:
            return
        if not self.at_end():
            self._status(f"After {r.at} of {r.valid} plies: {frame.turn.title()} to move here "
                         "(a move from here replaces the rest of the game)")
        elif result != "*" or r.stop is not None:
            self._status(f"Game over: {result} ({reason[:1].upper()}{reason[1:]})")
        elif self.status_text and not self.human(frame.turn):
            self._status(self.status_text)
        else:
            check = " — check!" if frame.checked else ""
            self._status(f"{frame.turn.title()} ({self.names(frame.turn)}) to move{check}")

    def _banner(self, text: str, kind: str) -> None:
        self.banner.setText(text)
        if self.banner.property("kind") != kind:   # a style sheet costs a restyle: only on change
            self.banner.setProperty("kind", kind)
            self.banner.setStyleSheet(BANNER[kind])
        self.banner.setVisible(bool(text))

    def _status(self, text: str) -> None:
        self.status.setText(text)

    def show_hint(self, move: Move, text: str) -> None:
        """A move the computer suggests for the position at the end of the game: an arrow on
        the board and ``text`` in the status line and bar."""
        r = self.replay
        if r is None:
            return
        origin = move.origin if move.origin >= 0 else move.target
        self.canvas.set_hint((r.square(origin), r.square(move.target)))
        self._status(text)

    def set_thinking(self, text: str) -> None:
        """What the computer player is doing (shown while it is its move)."""
        self.status_text = text
        if self.replay is not None:
            self._explain_state()

    # -- what the move input uses (``MoveInput``; see input.py) --------------------------------
    def can_move(self) -> bool:
        """Whether the board takes a move now: a person's turn, on the game as it is, with no
        question open and the game not over."""
        r, frame = self.replay, self.frame()
        if r is None or frame is None or r.error or self.choice.asking or \
                not self.caught_up():
            return False
        if self.at_end() and r.ended:
            return False
        return self.human(frame.turn)

    def piece_name(self, letter: str) -> str:
        """The piece type's name in the variant shown (its letter when it has none)."""
        v = self.replay.variant if self.replay is not None else self.doc.variant
        p = v.piece(letter)
        return p.name if p is not None and p.name else letter

    def play(self, move: Move) -> None:
        """Play ``move`` from the position shown (one undo step; later moves are replaced)."""
        self.input.play(move)

    def cancel_entry(self) -> None:
        """Drop the piece picked and the squares clicked so far."""
        self.input.cancel_entry()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Escape and (self.entry is not None or self.choice.asking):
            self.cancel_entry()
            return
        super().keyPressEvent(event)

    def shutdown(self) -> None:
        self.service.shutdown()


class _BoardArea(QScrollArea):
    """The board's scroll area: tells the board its room as it is resized (the board fits
    it, and scrolls only when zoomed in)."""

    def __init__(self, canvas: PlayCanvas) -> None:
        super().__init__()
        self._canvas = canvas

    def resizeEvent(self, event: QResizeEvent) -> None:
        self._canvas.set_room(event.size())
        super().resizeEvent(event)


def _has_hands(v: Variant) -> bool:
    rules = v.rule_set
    return v.holdings > 0 or v.drops or (rules is not None and rules.drops is not None)


def _geo(r: Replay) -> Geometry:
    from ...game.geometry import geometry
    return geometry(r.variant.files, r.variant.ranks)


def _sq_name(sq: Square) -> str:
    return f"{chr(ord('a') + sq[0])}{sq[1] + 1}"


def _result_words(result: str) -> str:
    return {"1-0": "White wins (1-0)", "0-1": "Black wins (0-1)",
            "1/2-1/2": "Draw (½-½)"}.get(result, result)


__all__ = ["PlayView", "GAME_ASPECTS"]

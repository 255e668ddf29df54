"""The Play mode: the game of the document on a board, moves entered by clicks, drags and
drops, the move list, the hands, and what the position means (check, the result, a move an
edit made illegal).

The view reads the document's game line and asks the ``GameService`` to replay it under the
current variant (off the UI thread); it draws each answer. A move the user completes becomes
one document edit (one undo step). It never decides who moves: ``human(side)`` (set by the
controller) says whether the side to move takes its moves from the board.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QPoint, Qt, Signal
from PySide6.QtGui import QIcon, QPixmap
from PySide6.QtWidgets import (QFrame, QHBoxLayout, QLabel, QScrollArea, QSplitter,
                               QToolBar, QVBoxLayout, QWidget)

from ...play import (Entry, GameLine, Replay, Step, differ_only_by_promotion,
                     promotion_choices, stops)
from ...rules.moves import Move
from ...variant.edits import holes_of
from ...vocabulary import BLACK, WHITE, Side, Square
from .. import document as D
from ..board.markers import LegendWidget
from .canvas import PlayCanvas
from .choice import ChoiceBar
from .hand import HandView
from .move_list import MoveList
from .service import GameService

#: aspects of the document that change what the game replays to
GAME_ASPECTS = frozenset({D.GAME, D.PIECES, D.SETUP, D.BOARD, D.HOLDINGS, D.PROMOTION,
                          D.CASTLING, D.PROPERTIES})
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
        self._picked_before = False        # the pressed piece was already picked
        self.human: Callable[[Side], bool] = lambda side: True
        self.names: Callable[[Side], str] = lambda side: side.title()
        self.commit: Callable[[GameLine, str], None] = doc.set_game   # the controller's
        self.pictures = None
        self.status_text = ""
        self._build()
        doc.changed.connect(self._doc_changed)
        doc.ply_changed.connect(self.ask)
        self.service.replayed.connect(self._show)
        self.service.explained.connect(self._explained)
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
        self.scroll_area = QScrollArea()
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
        self.canvas.pressed.connect(self._pressed)
        self.canvas.clicked.connect(self._clicked)
        self.canvas.dragged.connect(self._dragged)
        self.moves.ply_chosen.connect(self.doc.set_ply)
        for hand in (self.top_hand, self.bottom_hand):
            hand.picked.connect(self._hand_picked)
            hand.dropped.connect(self._hand_dropped)
        self.choice.chosen.connect(self._chose)
        self.choice.cancelled.connect(self._choice_cancelled)

    def set_picture_source(self, pictures) -> None:
        self.pictures = pictures
        self.canvas.set_picture_source(pictures)
        self.top_hand.pictures = self.bottom_hand.pictures = pictures

    # -- reading the document ------------------------------------------------------------------
    def _doc_changed(self, aspects: frozenset[str]) -> None:
        if self.canvas.pictures is not None and (D.PIECES in aspects or any(
                a.startswith("piece:") for a in aspects)):
            self.canvas.refresh_pictures()
        if aspects & GAME_ASPECTS or any(a.startswith("piece:") for a in aspects):
            self.ask()

    def ask(self) -> None:
        """Ask for the document's game replayed under the current variant."""
        line = self.doc.game
        if line is None:
            self.replay = None
            self._draw_empty()
            return
        self.service.replay(self.doc.variant, line, self.doc.ply)

    @property
    def busy(self) -> bool:
        """Whether an answer about the document's game is still to come."""
        return self.service.busy

    def shown_ply(self) -> int:
        return self.replay.at if self.replay is not None else 0

    def at_end(self) -> bool:
        r = self.replay
        return r is not None and r.at == r.valid

    def frame(self):
        r = self.replay
        return r.frames[r.at] if r is not None and r.frames else None

    # -- drawing -------------------------------------------------------------------------------
    def _draw_empty(self) -> None:
        v = self.doc.variant
        self.canvas.set_board(v.files, v.ranks, holes_of(v))
        self.canvas.set_position({})
        self.canvas.set_marks({})
        self.canvas.set_highlights((), ())
        self.moves.setRowCount(0)
        self.players.setText("")
        self.top_hand.set_hand((), False)
        self.bottom_hand.set_hand((), False)
        self._banner("", "end")
        self._status("No game yet: Game > New game (Ctrl+Shift+G) starts one from the setup "
                     "or any FEN.")

    def _show(self, replay: Replay) -> None:
        old = self.replay
        self.replay = replay
        if old is None or old.frames[old.at:old.at + 1] != replay.frames[replay.at:replay.at + 1] \
                or old.legal != replay.legal:
            self.entry = None
            self.choice.hide()
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
            c.set_marks({})
            c.set_highlights((), ())
            self.moves.show_replay(r, 0)
            self._banner(r.error, "error")
            self._status(r.error)
            return
        c.set_position({sq: (side, letter) for sq, letter, side in frame.pieces})
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
        movable = self._can_move()
        c.draggable = {sq for sq, _l, side in frame.pieces if side == frame.turn} \
            if movable else set()
        self._draw_entry()
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

    def _draw_entry(self) -> None:
        r, frame, e = self.replay, self.frame(), self.entry
        if r is None or frame is None or e is None:
            self.canvas.set_marks({})
            self.canvas.set_picked(None)
            self.legend.set_kinds((), False, self._legend_note())
            return
        occupant = {r.index(sq): side != frame.turn for sq, _l, side in frame.pieces}
        marks = {r.square(s): k for s, k in e.marks(occupant, frame.ep).items()}
        self.canvas.set_marks(marks)  # type: ignore[arg-type]
        self.canvas.set_picked(r.square(e.origin) if e.origin >= 0 else None,
                               tuple(r.square(s) for s in e.clicked))
        kinds = {k for ks in marks.values() for k in ks}
        self.legend.set_kinds(kinds, self.canvas.safe, "" if kinds else "No legal move")

    def _legend_note(self) -> str:
        return "Pick a piece to see its legal moves" if self._can_move() else " "

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
            self._banner(f"{_result_words(result)} — {reason}", "end")
        elif r.stop is not None:
            self._banner(f"Game stopped: {reason}", "error")
        else:
            self._banner("", "end")
        frame = self.frame()
        if frame is None:
            return
        if not self.at_end():
            self._status(f"Move {r.at} of {r.valid}: {frame.turn.title()} to move here "
                         "(a move from here replaces the rest of the game)")
        elif result != "*" or r.stop is not None:
            self._status(f"Game over: {result} ({reason})")
        elif self.status_text and not self.human(frame.turn):
            self._status(self.status_text)
        else:
            check = " — check!" if frame.checked else ""
            self._status(f"{frame.turn.title()} ({self.names(frame.turn)}) to move{check}")

    def _banner(self, text: str, kind: str) -> None:
        self.banner.setText(text)
        self.banner.setStyleSheet(BANNER[kind])
        self.banner.setVisible(bool(text))

    def _status(self, text: str) -> None:
        self.status.setText(text)

    def set_thinking(self, text: str) -> None:
        """What the computer player is doing (shown while it is its move)."""
        self.status_text = text
        if self.replay is not None:
            self._explain_state()

    # -- moving --------------------------------------------------------------------------------
    def _can_move(self) -> bool:
        r, frame = self.replay, self.frame()
        if r is None or frame is None or r.error or self.choice.asking:
            return False
        if self.at_end() and r.ended:
            return False
        return self.human(frame.turn)

    def _pressed(self, sq: Square) -> None:
        r, frame = self.replay, self.frame()
        if r is None or frame is None or not self._can_move():
            return
        s = r.index(sq)
        here = frame.piece_at(sq)
        self._picked_before = self.entry is not None and self.entry.origin == s \
            and not self.entry.clicked
        mine = here is not None and here[1] == frame.turn
        if mine and (self.entry is None or not self.entry.clicked) and \
                (self.entry is None or s not in self.entry.next_stops() or
                 self.entry.origin == s):
            self.entry = Entry.pick(r.legal, s)
            self._draw_entry()
            self._say_picked()

    def _say_picked(self) -> None:
        r, e = self.replay, self.entry
        if r is None or e is None:
            return
        frame = self.frame()
        what = frame.piece_at(r.square(e.origin)) if frame is not None and e.origin >= 0 \
            else (e.drop, "")
        name = self._name(what[0] if what else "")
        where = f"on {_sq_name(r.square(e.origin))}" if e.origin >= 0 else "from the hand"
        if not e.candidates:
            self.message.emit(f"The {name} {where} has no legal move.")
        else:
            self.message.emit(f"The {name} {where}: {len(e.candidates)} legal "
                              f"move{'s' if len(e.candidates) != 1 else ''}.")

    def _clicked(self, sq: Square | None, button) -> None:
        if button != Qt.MouseButton.LeftButton:
            self.cancel_entry()
            return
        r = self.replay
        if r is None or sq is None:
            return
        if not self._can_move():
            self._why_not_moving()
            return
        s = r.index(sq)
        e = self.entry
        if e is None:
            frame = self.frame()
            if frame is not None and frame.piece_at(sq) is not None:
                self.service.explain(r.variant, r.line, r.at, s, s)
            return
        if e.origin == s and not e.clicked:
            if self._picked_before:
                self.cancel_entry()
            return
        self._step(e.click(s), s)

    def _dragged(self, start: Square, end: Square | None) -> None:
        r = self.replay
        if r is None or not self._can_move():
            return
        if end is None:
            self.cancel_entry()
            return
        s = r.index(start)
        if self.entry is None or self.entry.origin != s:
            self.entry = Entry.pick(r.legal, s)
        self._step(self.entry.drag(r.index(end)), r.index(end))

    def _hand_picked(self, letter: str) -> None:
        r, frame = self.replay, self.frame()
        if r is None or frame is None or not self._can_move():
            self._why_not_moving()
            return
        if self.sender() is not None and getattr(self.sender(), "side", frame.turn) != frame.turn:
            self.message.emit(f"It is {frame.turn.title()}'s move.")
            return
        self.entry = Entry.pick_drop(r.legal, letter)
        self._draw_entry()
        self.redraw()
        self._say_picked()

    def _hand_dropped(self, letter: str, where: QPoint) -> None:
        r, frame = self.replay, self.frame()
        if r is None or frame is None or not self._can_move():
            self._why_not_moving()
            return
        hand = self.sender()
        if hand is not None and getattr(hand, "side", frame.turn) != frame.turn:
            self.message.emit(f"It is {frame.turn.title()}'s move.")
            return
        sq = self.canvas.square_at(self.canvas.mapFromGlobal(where).toPointF())
        if sq is None:
            self.cancel_entry()
            return
        self.entry = Entry.pick_drop(r.legal, letter)
        self._step(self.entry.drag(r.index(sq)), r.index(sq))

    def _step(self, step: Step, target: int) -> None:
        r = self.replay
        assert r is not None
        e = self.entry
        if step.entry is None:
            assert e is not None
            if e.clicked:
                self.message.emit(f"{_sq_name(r.square(target))} is not on the way of any "
                                  "legal move from here; click a marked square (Escape starts "
                                  "over).")
                return
            self.service.explain(r.variant, r.line, r.at, e.origin, target, e.drop)
            self.cancel_entry(quiet=True)
            return
        self.entry = step.entry
        self._draw_entry()
        if step.done:
            self._complete(step.done)
        elif step.hint == "again":
            here = _sq_name(r.square(step.entry.clicked[-1]))
            self.message.emit(f"Click {here} again to end the move there, or click a marked "
                              "square to go on.")
        elif step.hint == "paths":
            self.message.emit(f"Several moves end on {_sq_name(r.square(target))}: click the "
                              "squares on the way first.")
        else:
            self.message.emit("Go on: click the next square of the move.")

    def _complete(self, done: tuple[Move, ...]) -> None:
        if len(done) == 1:
            self.play(done[0])
            return
        r = self.replay
        assert r is not None
        frame = self.frame()
        side: Side = frame.turn if frame is not None else WHITE
        target = done[0].target
        rect = self.canvas.square_rect(r.square(target))
        near = self.canvas.mapTo(self, rect.bottomLeft().toPoint() + QPoint(int(rect.width()) // 2, 0))
        self._choices = list(done)
        if differ_only_by_promotion(done):
            choices = promotion_choices(done)
            self._choices = [next(m for m in done if m.promotion == p) for p in choices]
            shogi = all(p in ("", "+" + self._letter_at(done[0])) or p.startswith("+")
                        for p in choices) and "" in choices
            options = [self._option(p, side, shogi) for p in choices]
            self.choice.ask("Promote?" if shogi else "Promote to", options, near)
        else:
            options = [(m.text(_geo(r)), None, "One of the moves on these squares")
                       for m in done]
            self.choice.ask("Which move?", options, near)
        self.message.emit("Choose how the move ends (Escape takes it back).")

    def _letter_at(self, mv: Move) -> str:
        r, frame = self.replay, self.frame()
        if r is None or frame is None or mv.origin < 0:
            return mv.drop
        here = frame.piece_at(r.square(mv.origin))
        return here[0] if here else ""

    def _option(self, promotion: str, side: Side, shogi: bool
                ) -> tuple[str, QIcon | None, str]:
        icon = None
        letter = promotion or self._letter_at(self._choices[0])
        if self.pictures is not None and letter:
            pix = self.pictures(letter, side, 40, self.devicePixelRatioF())
            if isinstance(pix, QPixmap):
                icon = QIcon(pix)
        if not promotion:
            return ("Stay", icon, "Do not promote: the piece stays as it is") if shogi else \
                ("None", icon, "No promotion")
        name = self._name(promotion)
        label = "Promote" if shogi else name
        return label, icon, f"Promote to {name} ({promotion})"

    def _chose(self, i: int) -> None:
        choices = getattr(self, "_choices", [])
        if 0 <= i < len(choices):
            self.play(choices[i])

    def _choice_cancelled(self) -> None:
        self.cancel_entry()
        self.message.emit("Move taken back: pick a piece.")

    def play(self, move: Move) -> None:
        """Play ``move`` from the position shown (one undo step; later moves are replaced)."""
        r = self.replay
        line = self.doc.game
        if r is None or line is None:
            return
        text = move.text(_geo(r))
        replaced = len(line.moves) - r.at
        self.entry = None
        self.choice.hide()
        n = r.at
        label = f"Move {n // 2 + 1}{'.' if n % 2 == 0 else '…'} {text}"
        self.commit(line.played(move, r.at), label)
        self.doc.set_ply(None)
        if replaced > 0:
            self.message.emit(f"{text} replaces the {replaced} later move"
                              f"{'s' if replaced != 1 else ''} (Undo brings them back).")

    def cancel_entry(self, quiet: bool = False) -> None:
        self.entry = None
        self.choice.hide()
        self.canvas.cancel_drag()
        self._draw_entry()
        if self.replay is not None:
            self.redraw()

    def _why_not_moving(self) -> None:
        r, frame = self.replay, self.frame()
        if r is None or frame is None:
            return
        result, reason = r.result()
        if self.at_end() and result != "*":
            self.message.emit(f"The game is over ({result}, {reason}).")
        elif not self.human(frame.turn):
            self.message.emit(f"It is {self.names(frame.turn)}'s move ({frame.turn.title()}).")

    def _explained(self, text: str) -> None:
        if text:
            self.message.emit(text)

    def _name(self, letter: str) -> str:
        v = self.replay.variant if self.replay is not None else self.doc.variant
        p = v.piece(letter)
        return p.name if p is not None and p.name else letter

    def keyPressEvent(self, event) -> None:
        if event.key() == Qt.Key.Key_Escape and (self.entry is not None or self.choice.asking):
            self.cancel_entry()
            return
        super().keyPressEvent(event)

    def shutdown(self) -> None:
        self.service.shutdown()


def _has_hands(v) -> bool:
    rules = v.rule_set
    return v.holdings > 0 or v.drops or (rules is not None and rules.drops is not None)


def _geo(r: Replay):
    from ...rules.geometry import geometry
    return geometry(r.variant.files, r.variant.ranks)


def _sq_name(sq: Square) -> str:
    return f"{chr(ord('a') + sq[0])}{sq[1] + 1}"


def _result_words(result: str) -> str:
    return {"1-0": "White wins (1-0)", "0-1": "Black wins (0-1)",
            "1/2-1/2": "Draw (½-½)"}.get(result, result)


__all__ = ["PlayView", "GAME_ASPECTS"]

"""Moves entered on the Play tab's board: a piece picked by a press, the squares of its move
clicked in order (or the piece dragged, or a piece dragged out of the hand), the move refused
with the rules' reason or completed, and a question asked when the squares leave a choice
(promotion, or which of several moves).

The seam between the two, public on both sides (neither touches the other's privates):
``MoveInput(view)`` connects itself to the view's board, hands, choice bar and rules service;
the view calls its ``play(move)`` and ``cancel_entry()``. It uses the view's ``replay``,
``entry`` (the move being entered, which it sets), ``frame()``, ``can_move()``,
``caught_up()``, ``at_end()``, ``human``/``names``, ``piece_name()``, ``draw_entry()``,
``redraw()``, ``message`` and ``commit`` (a completed move goes to the document there).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QIcon, QPixmap

from ...play import Entry, Replay, Step, differ_only_by_promotion, promotion_choices
from ...game.geometry import geometry
from ...game.moves import Move
from ...vocabulary import WHITE, Side, Square

if TYPE_CHECKING:
    from .view import PlayView


class MoveInput:
    """The board gestures of one ``PlayView``."""

    def __init__(self, view: "PlayView"):
        self.view = view
        self._picked_before = False          # the pressed piece was already picked
        self._choices: list[Move] = []       # the moves a question chooses between
        view.canvas.pressed.connect(self._pressed)
        view.canvas.clicked.connect(self._clicked)
        view.canvas.dragged.connect(self._dragged)
        for hand in (view.top_hand, view.bottom_hand):
            hand.picked.connect(lambda letter, h=hand: self._hand_picked(letter, h.side))
            hand.dropped.connect(lambda letter, where, h=hand:
                                 self._hand_dropped(letter, where, h.side))
        view.choice.chosen.connect(self._chose)
        view.choice.cancelled.connect(self._choice_cancelled)
        view.service.explained.connect(self._explained)

    def _pressed(self, sq: Square) -> None:
        r, frame = self.view.replay, self.view.frame()
        if r is None or frame is None or not self.view.can_move():
            return
        s = r.index(sq)
        here = frame.piece_at(sq)
        self._picked_before = self.view.entry is not None and self.view.entry.origin == s \
            and not self.view.entry.clicked
        mine = here is not None and here[1] == frame.turn
        if mine and (self.view.entry is None or not self.view.entry.clicked) and \
                (self.view.entry is None or s not in self.view.entry.next_stops() or
                 self.view.entry.origin == s):
            self.view.entry = Entry.pick(r.legal, s)
            self.view.draw_entry()
            self._say_picked()

    def _say_picked(self) -> None:
        r, e = self.view.replay, self.view.entry
        if r is None or e is None:
            return
        frame = self.view.frame()
        what = frame.piece_at(r.square(e.origin)) if frame is not None and e.origin >= 0 \
            else (e.drop, "")
        name = self.view.piece_name(what[0] if what else "")
        where = f"on {_sq_name(r.square(e.origin))}" if e.origin >= 0 else "from the hand"
        if not e.candidates:
            self.view.message.emit(f"The {name} {where} has no legal move.")
        else:
            self.view.message.emit(f"The {name} {where}: {len(e.candidates)} legal "
                              f"move{'s' if len(e.candidates) != 1 else ''}.")

    def _clicked(self, sq: Square | None, button: Qt.MouseButton) -> None:
        if button != Qt.MouseButton.LeftButton:
            self.cancel_entry()
            return
        r = self.view.replay
        if r is None or sq is None:
            return
        if not self.view.can_move():
            self._why_not_moving()
            return
        s = r.index(sq)
        e = self.view.entry
        if e is None:
            frame = self.view.frame()
            if frame is not None and frame.piece_at(sq) is not None:
                self.view.service.explain(r.variant, r.line, r.at, s, s)
            return
        if e.origin == s and not e.clicked:
            if self._picked_before:
                self.cancel_entry()
            return
        self._step(e.click(s), s)

    def _dragged(self, start: Square, end: Square | None) -> None:
        r = self.view.replay
        if r is None or not self.view.can_move():
            return
        if end is None:
            self.cancel_entry()
            return
        s = r.index(start)
        if self.view.entry is None or self.view.entry.origin != s:
            self.view.entry = Entry.pick(r.legal, s)
        self._step(self.view.entry.drag(r.index(end)), r.index(end))

    def _from_hand(self, side: Side) -> Replay | None:
        """The replay when ``side``'s hand may be used now (else the reason is told)."""
        r, frame = self.view.replay, self.view.frame()
        if r is None or frame is None or not self.view.can_move():
            self._why_not_moving()
            return None
        if side != frame.turn:
            self.view.message.emit(f"It is {frame.turn.title()}'s move.")
            return None
        return r

    def _hand_picked(self, letter: str, side: Side) -> None:
        r = self._from_hand(side)
        if r is None:
            return
        self.view.entry = Entry.pick_drop(r.legal, letter)
        self.view.redraw()
        self._say_picked()

    def _hand_dropped(self, letter: str, where: QPoint, side: Side) -> None:
        r = self._from_hand(side)
        if r is None:
            return
        sq = self.view.canvas.square_at(self.view.canvas.mapFromGlobal(where).toPointF())
        if sq is None:
            self.cancel_entry()
            return
        self.view.entry = Entry.pick_drop(r.legal, letter)
        self._step(self.view.entry.drag(r.index(sq)), r.index(sq))

    def _step(self, step: Step, target: int) -> None:
        r = self.view.replay
        assert r is not None
        e = self.view.entry
        if step.entry is None:
            assert e is not None
            if e.clicked:
                self.view.message.emit(f"{_sq_name(r.square(target))} is not on the way of any "
                                  "legal move from here; click a marked square (Escape starts "
                                  "over).")
                return
            self.view.service.explain(r.variant, r.line, r.at, e.origin, target, e.drop)
            self.cancel_entry(quiet=True)
            return
        self.view.entry = step.entry
        self.view.draw_entry()
        if step.done:
            self._complete(step.done)
        elif step.hint == "again":
            here = _sq_name(r.square(step.entry.clicked[-1]))
            self.view.message.emit(f"Click {here} again to end the move there, or click a marked "
                              "square to go on.")
        elif step.hint == "wall":
            self.view.message.emit("Click the square to put the wall on (the marked squares; "
                                   "Escape starts over).")
        elif step.hint == "paths":
            self.view.message.emit(f"Several moves end on {_sq_name(r.square(target))}: click the "
                              "squares on the way first.")
        else:
            self.view.message.emit("Go on: click the next square of the move.")

    def _complete(self, done: tuple[Move, ...]) -> None:
        if len(done) == 1:
            self.play(done[0])
            return
        r = self.view.replay
        assert r is not None
        frame = self.view.frame()
        side: Side = frame.turn if frame is not None else WHITE
        target = done[0].target
        rect = self.view.canvas.square_rect(r.square(target))
        beside = rect.topRight().toPoint() + QPoint(4, 0)     # the move's squares stay seen
        near = self.view.canvas.mapTo(self.view, beside)
        self._choices = list(done)
        if differ_only_by_promotion(done):
            choices = promotion_choices(done)
            self._choices = [next(m for m in done if m.promotion == p) for p in choices]
            shogi = all(p in ("", "+" + self._letter_at(done[0])) or p.startswith("+")
                        for p in choices) and "" in choices
            options = [self._option(p, side, shogi) for p in choices]
            self.view.choice.ask("Promote?" if shogi else "Promote to", options, near)
        else:
            geo = geometry(r.variant.files, r.variant.ranks)
            options = [(m.text(geo), None, "One of the moves on these squares")
                       for m in done]
            self.view.choice.ask("Which move?", options, near)
        self.view.message.emit("Choose how the move ends (Escape takes it back).")

    def _letter_at(self, mv: Move) -> str:
        r, frame = self.view.replay, self.view.frame()
        if r is None or frame is None or mv.origin < 0:
            return mv.drop
        here = frame.piece_at(r.square(mv.origin))
        return here[0] if here else ""

    def _option(self, promotion: str, side: Side, shogi: bool
                ) -> tuple[str, QIcon | None, str]:
        icon = None
        letter = promotion or self._letter_at(self._choices[0])
        if self.view.pictures is not None and letter:
            pix = self.view.pictures(letter, side, 40, self.view.devicePixelRatioF())
            if isinstance(pix, QPixmap):
                icon = QIcon(pix)
        if not promotion:
            return ("Stay", icon, "Do not promote: the piece stays as it is") if shogi else \
                ("None", icon, "No promotion")
        name = self.view.piece_name(promotion)
        label = "Promote" if shogi else name
        return label, icon, f"Promote to {name} ({promotion})"

    def _chose(self, i: int) -> None:
        if 0 <= i < len(self._choices):
            self.play(self._choices[i])

    def _choice_cancelled(self) -> None:
        self.cancel_entry()
        self.view.message.emit("Move taken back: pick a piece.")

    def play(self, move: Move) -> None:
        """Play ``move`` from the position shown (one undo step; later moves are replaced).
        Refused while the board shows an older state than the document's (``caught_up``):
        the move was chosen on a position that is no longer the game's."""
        r = self.view.replay
        line = self.view.doc.game
        if r is None or line is None:
            return
        if not self.view.caught_up():
            self.cancel_entry(quiet=True)
            self._say_catching_up()
            return
        text = move.text(geometry(r.variant.files, r.variant.ranks))
        replaced = len(line.moves) - r.at
        self.view.entry = None
        self.view.choice.hide()
        n = r.at
        label = f"Move {n // 2 + 1}{'.' if n % 2 == 0 else '…'} {text}"
        self.view.commit(line.played(move, r.at), label)
        self.view.doc.set_ply(None)
        if replaced > 0:
            # counted in plies: a "move" is White's and Black's turn together
            self.view.message.emit(f"{text} replaces the {replaced} later pl"
                                   f"{'ies' if replaced != 1 else 'y'} (Undo brings "
                                   f"{'them' if replaced != 1 else 'it'} back).")
        else:
            self.view.message.emit(f"{label} played.")

    def cancel_entry(self, quiet: bool = False) -> None:
        self.view.entry = None
        self.view.choice.hide()
        self.view.canvas.cancel_drag()
        self.view.draw_entry()
        if self.view.replay is not None:
            self.view.redraw()

    def _say_catching_up(self) -> None:
        self.view.message.emit("The board is catching up with the last change: the move was "
                               "not played. Make it again on the board as it is now.")

    def _why_not_moving(self) -> None:
        r, frame = self.view.replay, self.view.frame()
        if r is None or frame is None:
            return
        if not self.view.caught_up():
            self._say_catching_up()
            return
        result, reason = r.result()
        if self.view.at_end() and result != "*":
            self.view.message.emit(f"The game is over ({result}, {reason}).")
        elif not self.view.human(frame.turn):
            self.view.message.emit(f"It is {self.view.names(frame.turn)}'s move "
                                   f"({frame.turn.title()}).")

    def _explained(self, text: str) -> None:
        if text:
            self.view.message.emit(text)


def _sq_name(sq: Square) -> str:
    return f"{chr(ord('a') + sq[0])}{sq[1] + 1}"


__all__ = ["MoveInput"]

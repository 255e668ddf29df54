"""Rules that take moves away from the side to move: compulsory capture (Giveaway, Antichess,
Coffeehouse) and the ban on giving check (Racing Kings, Checkmateless).

Both follow Fairy-Stockfish's ``Position::legal`` (``position.cpp``): a move that gives check
is illegal where ``checking = false`` (``gives_check``), and where ``mustCapture`` holds a move
that captures nothing is illegal while some legal move captures (``has_capture``, which counts
only moves legal by every other rule: so the check ban comes first, and evasions of check are
among them). A capture is a move onto an enemy piece or one that removes a piece on the way
(e.p.); castling and drops capture nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .families import RuleFamily
from .moves import Move
from .position import Position

if TYPE_CHECKING:
    from .attacks import Attacks


def is_capture(pos: Position, mv: Move) -> bool:
    """Whether ``mv`` captures (Fairy-Stockfish's ``Position::capture``: the target holds a
    piece, not by castling nor by staying in place; or e.p., which removes a piece elsewhere)."""
    if mv.origin < 0 or mv.rook >= 0:
        return False
    board = pos.board
    if mv.target != mv.origin and board[mv.target]:
        return True
    return any(board[x] for x in mv.kills)


class CheckBan(RuleFamily):
    """No move may give check (``checking = false``)."""

    name = "no checks"
    plays = ("royalty.checks",)
    filters = True

    def __init__(self, attacks: "Attacks"):
        self.att = attacks

    def filter(self, pos: Position, moves: list[Move]) -> list[Move]:
        out = []
        in_check = self.att.in_check
        for mv in moves:
            pos.push(mv)
            checks = in_check(pos)
            pos.pop()
            if not checks:
                out.append(mv)
        return out


class MustCapture(RuleFamily):
    """A capture must be made when one is legal (``mustCapture``)."""

    name = "compulsory capture"
    plays = ("must_capture",)
    filters = True

    def filter(self, pos: Position, moves: list[Move]) -> list[Move]:
        captures = [mv for mv in moves if is_capture(pos, mv)]
        return captures or moves

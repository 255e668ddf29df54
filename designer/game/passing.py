"""Passing (``RuleSet.passing``) and passing when stalemated (``RuleSet.pass_on_stalemate``), as
Fairy-Stockfish plays them.

A side allowed to pass may pass at any move (Janggi), except with its king in check, unless
the kings face each other (bikjang, where a pass is always legal).

A side with pieces and no legal move passes instead (``movegen.cpp``: the pass is a move of its
king, or of its first piece where it has no king, onto its own square; ``Position::legal``: it
is legal only when nothing else is, and never for a king in check). Two passes in a row end
the game at once as a draw, or as the material counting judges (``is_immediate_game_end``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .families import RuleFamily
from .material import counted
from ..rules.model import RuleSet
from .moves import Move
from .outcome import Outcome
from .position import Position

if TYPE_CHECKING:
    from .attacks import Attacks
    from .config import Config


def is_pass(mv: Move) -> bool:
    """A move that leaves the board as it was (onto its own square, taking nothing)."""
    return mv.origin >= 0 and mv.origin == mv.target and not mv.kills and mv.rook < 0 \
        and not mv.promotion


def pass_square(pos: Position, us: int) -> int:
    """The square a side passes on: its king's, else its first piece's (-1: no piece)."""
    royals = pos.royals(us)
    mine = royals or pos.col[us]
    return (mine & -mine).bit_length() - 1 if mine else -1


def both_passed(cfg: "Config", pos: Position) -> Outcome | None:
    """Two passes in a row end the game: a draw, or as the material counting judges."""
    stack = pos.stack
    if len(stack) >= 2 and is_pass(stack[-1][0]) and is_pass(stack[-2][0]):
        return counted(cfg, pos, Outcome("stalemate", None, "both sides passed"))
    return None


class Passing(RuleFamily):
    """A side may pass instead of moving (see the module's docstring)."""

    name = "passing"
    plays = ("passing",)
    filters = True
    whole_list = True

    def __init__(self, cfg: "Config", rules: RuleSet, attacks: "Attacks"):
        self.cfg = cfg
        self.att = attacks
        self.sides = (rules.passing.white, rules.passing.black)
        self.bikjang = rules.royalty.bikjang

    def ended(self, pos: Position) -> Outcome | None:
        return both_passed(self.cfg, pos)

    def filter(self, pos: Position, moves: list[Move]) -> list[Move]:
        us = pos.stm
        square = pass_square(pos, us)
        if not self.sides[us] or square < 0 or any(is_pass(m) for m in moves):
            return moves
        if pos.royals(us) and self.att.in_check(pos):
            from .bikjang import facing
            if not (self.bikjang and facing(self.cfg, pos)):
                return moves                      # a king in check may not pass
        return moves + [Move(square, square)]


class PassOnStalemate(RuleFamily):
    """A stalemated side passes (see the module's docstring)."""

    name = "passing when stalemated"
    plays = ("pass_on_stalemate",)
    filters = True
    whole_list = True

    def __init__(self, cfg: "Config", rules: RuleSet, attacks: "Attacks"):
        self.cfg = cfg
        self.att = attacks
        self.sides = (rules.pass_on_stalemate.white, rules.pass_on_stalemate.black)

    def ended(self, pos: Position) -> Outcome | None:
        return both_passed(self.cfg, pos)

    def filter(self, pos: Position, moves: list[Move]) -> list[Move]:
        us = pos.stm
        square = pass_square(pos, us)
        if moves or not self.sides[us] or square < 0:
            return moves
        if pos.royals(us) and self.att.in_check(pos):
            return moves                          # a king in check may not pass
        return [Move(square, square)]

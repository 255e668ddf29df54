"""Castling rules beyond the move itself, as Fairy-Stockfish plays them.

``Castling.opposite``: castling to one side takes the opponent's right to castle to the same
side (``Position::do_move``, "Remove castling rights from opponent on the same side").
``Castling.wins`` (``KQkq`` letters): castling that way wins at once, and a side that no longer
holds one of its winning rights loses (``is_immediate_game_end``, "Castle chess": the castling
just made is looked at first, then the side that moved, then the side to move).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .families import RuleFamily
from ..rules.model import RuleSet
from .moves import Move
from .outcome import Outcome
from .position import Position

if TYPE_CHECKING:
    from .config import Config


def _side_masks(pos: Position, colour: int) -> tuple[int, int]:
    """The squares of a side's castling rights kingside and queenside of its king."""
    cfg = pos.cfg
    assert cfg.castling is not None
    cc = cfg.castling[colour]
    geo = cfg.geo
    rights = pos.castle & pos.col[colour] & geo.rank_masks[cc.rank]
    k = pos.castle_king(colour)
    if not rights or k < 0:
        return 0, 0
    kf = k % geo.files
    king_side = sum(1 << s for s in range(geo.size) if rights >> s & 1 and s % geo.files > kf)
    return king_side, rights & ~king_side


def holds(pos: Position, colour: int, letter: str) -> bool:
    """Whether a side still holds the castling right ``K`` (kingside) or ``Q``."""
    king_side, queen_side = _side_masks(pos, colour)
    return bool(king_side if letter == "K" else queen_side)


class OppositeCastling(RuleFamily):
    """Castling takes the opponent's right on the same side."""

    name = "opposite castling"
    plays = ("castling.opposite",)

    def after(self, pos: Position, mv: Move) -> None:
        if mv.rook < 0:
            return
        king_side, queen_side = _side_masks(pos, pos.stm)
        pos.castle &= ~(king_side if mv.rook > mv.origin else queen_side)


class CastlingWins(RuleFamily):
    """Castling that wins, and losing a winning right that loses."""

    name = "castling that wins"
    plays = ("castling.wins",)

    def __init__(self, cfg: "Config", rules: RuleSet):
        c = rules.castling
        assert c is not None
        self.wins = c.wins

    def _winning(self, colour: int) -> list[str]:
        return [x.upper() for x in self.wins if x.isupper() == (colour == 0)]

    def ended(self, pos: Position) -> Outcome | None:
        stm = pos.stm
        if pos.stack:
            mv = pos.stack[-1][0]
            if mv.rook >= 0 and ("K" if mv.rook > mv.origin else "Q") in \
                    self._winning(stm ^ 1):
                side = "black" if stm ^ 1 else "white"
                return Outcome("castling", side, f"{side} castled")      # type: ignore[arg-type]
        for colour in (stm ^ 1, stm):
            for letter in self._winning(colour):
                if not holds(pos, colour, letter):
                    loser = "black" if colour else "white"
                    winner = "white" if colour else "black"
                    return Outcome("castling", winner,                   # type: ignore[arg-type]
                                   f"{loser} can no longer castle that way")
        return None

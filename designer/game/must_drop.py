"""Drops that must be made (``Drops.must_drop``), as Fairy-Stockfish's ``Position::legal``
decides them: while a side has pieces in hand (of ``must_drop_piece``, any where it names
none), a drop of another type is illegal, and a move on the board is legal only when no drop
is (Picaria, Teeko: the pieces enter first, then move).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .families import RuleFamily
from ..rules.model import RuleSet
from .moves import Move
from .position import Position

if TYPE_CHECKING:
    from .config import Config


class MustDrop(RuleFamily):
    """Pieces in hand must be dropped first (see the module's docstring)."""

    name = "drops that must be made"
    plays = ("drops.must_drop", "drops.must_drop_piece")
    filters = True
    whole_list = True

    def __init__(self, cfg: "Config", rules: RuleSet):
        d = rules.drops
        assert d is not None
        self.letter = d.must_drop_piece
        self.kind = cfg.kinds.index.get(d.must_drop_piece, -1) if d.must_drop_piece else 0

    def filter(self, pos: Position, moves: list[Move]) -> list[Move]:
        hand = pos.hands[pos.stm]
        held = sum(hand) if not self.letter else hand[self.kind] if self.kind > 0 else 0
        if held <= 0:
            return moves
        drops = [m for m in moves if m.origin < 0 and (not self.letter or m.drop == self.letter)]
        return drops or [m for m in moves if m.origin >= 0]

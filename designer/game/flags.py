"""Capture the flag: a side whose flag pieces reach its flag region wins (King of the Hill,
Racing Kings, Breakthrough, Kono's full-region goal).

Decided as Fairy-Stockfish decides it (``position.h`` ``flag_reached`` and ``position.cpp``
``is_immediate_game_end``): the game ends before the side to move moves, so a position where
the flag is reached has no legal moves. Without ``extra_move`` the side that reached the flag
wins at once; with it the opponent gets one more move and the game ends a move later, drawn
when both reached it (Racing Kings' rule for Black's king; with ``safe`` always). ``safe``: the
flag pieces must stand unattacked when exactly ``count`` of them are in the region.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..vocabulary import BLACK, WHITE, Side
from .families import RuleFamily
from ..rules.model import ALL, RuleSet
from .outcome import Outcome
from .position import Position

if TYPE_CHECKING:
    from .attacks import Attacks
    from .config import Config
    from .movegen import Generator


def _side(colour: int) -> Side:
    return BLACK if colour else WHITE


class FlagRule(RuleFamily):
    """The flag rule's immediate end (see the module's docstring)."""

    name = "flag"
    plays = ("ending.flag",)

    def __init__(self, cfg: "Config", rules: RuleSet, attacks: "Attacks"):
        flag = rules.ending.flag
        assert flag is not None
        self.cfg = cfg
        self.att = attacks
        self.region = cfg.geo.sided(flag.region)
        kinds = cfg.kinds
        letters = (flag.pieces.white, flag.pieces.black)
        # per colour the codes of its flag pieces (None: every piece of the side)
        self.codes: list[list[int] | None] = [
            None if letter == ALL else [2 * k + c for k in kinds.kinds_of((letter,))]
            for c, letter in enumerate(letters)]
        # Fairy-Stockfish's ``flag_piece(c) == KING``: the flag piece is the royal piece
        self.king = [letter != ALL and any(kinds.royal[k] for k in kinds.kinds_of((letter,)))
                     for letter in letters]
        self.count = flag.count
        self.blocked = flag.blocked_win
        self.extra = flag.extra_move
        self.safe = flag.safe
        self._gen: "Generator | None" = None

    def _pieces(self, pos: Position, c: int) -> int:
        codes = self.codes[c]
        if codes is None:
            return pos.col[c]
        out = 0
        for code in codes:
            out |= pos.byc[code]
        return out

    def reached(self, pos: Position, c: int) -> bool:
        """Fairy-Stockfish's ``flag_reached(c)``: enough of ``c``'s flag pieces stand in its
        region (or one does and the rest of the region is full, ``blocked_win``); with
        ``safe`` (for the side that just moved, or always without ``extra_move``) none of
        them may be attacked when exactly ``count`` stand there."""
        region = self.region[c]
        inside = region & self._pieces(pos, c)
        if not inside:
            return False
        n = inside.bit_count()
        if n < self.count and not (self.blocked and not region & ~pos.occ):
            return False
        if self.safe and (not self.extra or c != pos.stm) and n == self.count:
            while inside:
                low = inside & -inside
                inside ^= low
                if self.att.attackers(pos, low.bit_length() - 1, c ^ 1, pos.occ):
                    return False
        return True

    def ended(self, pos: Position) -> Outcome | None:
        stm = pos.stm
        if (self.extra or self.safe) and self.reached(pos, stm):
            # the side to move reached the flag a move ago and the opponent did not answer it
            drawn = ((self.extra and stm == 0 and self.king[stm ^ 1]) or
                     (self.safe and not self.extra)) and self.reached(pos, stm ^ 1)
            if drawn:
                return Outcome("flag", None, "both sides reached their flag region")
            return Outcome("flag", _side(stm), f"{_side(stm)} reached its flag region")
        if (not self.extra or self.safe or self.king[stm]) and self.reached(pos, stm ^ 1):
            if self.extra and self.king[stm] and stm == 1 and self._king_can_follow(pos):
                return None
            return Outcome("flag", _side(stm ^ 1), f"{_side(stm ^ 1)} reached its flag region")
        return None

    def _king_can_follow(self, pos: Position) -> bool:
        """Racing Kings: Black, not in check, has a legal king move into its flag region
        (then the game goes on for that one move)."""
        if self.att.in_check(pos):
            return False
        codes = self.codes[1]
        assert codes is not None
        kings = 0
        for code in codes:
            kings |= pos.byc[code]
        if not kings:
            return False
        if self._gen is None:
            from .movegen import Generator
            self._gen = Generator(self.cfg, self.att)
        region = self.region[1]
        return any(mv.origin >= 0 and kings >> mv.origin & 1 and region >> mv.target & 1
                   and mv.rook < 0 for mv in self._gen.unended(pos))

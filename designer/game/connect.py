"""Connection goals (``Ending.connect``): n in a row, a chain between two regions, an n x n block
or n pieces on one line end the game for the side that just made them, as Fairy-Stockfish's
``is_immediate_game_end`` judges them (``connectN``, ``connectRegion1/2``, ``connectNxN``,
``collinearN`` with ``connectPieceTypes`` along ``connectHorizontal/Vertical/Diagonal``).

Only the pieces of the side that moved last are looked at; the result is ``Connect.value`` for
that side. The position then has no legal moves.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .families import RuleFamily
from ..rules.model import RuleSet
from .outcome import Outcome
from .position import Position

if TYPE_CHECKING:
    from .config import Config

Step = tuple[int, int]


class ConnectRule(RuleFamily):
    """Connection goals (see the module's docstring)."""

    name = "connection"
    plays = ("ending.connect",)

    def __init__(self, cfg: "Config", rules: RuleSet):
        c = rules.ending.connect
        assert c is not None
        self.cfg = cfg
        geo = cfg.geo
        self.files = geo.files
        self.kinds = cfg.kinds.kinds_of(c.pieces)
        self.n = c.n
        self.square = c.square
        self.collinear = c.collinear
        self.value = c.value
        # Variant::conclude: EAST, NORTH, NORTH_EAST and SOUTH_EAST, as the options allow
        self.steps: list[Step] = ([(1, 0)] if c.horizontal else []) + \
            ([(0, 1)] if c.vertical else []) + ([(1, 1), (1, -1)] if c.diagonal else [])
        self.regions: list[tuple[int, int]] = []
        if c.regions is not None:
            for side in (c.regions.white, c.regions.black):
                masks = [geo.mask(r) & cfg.board for r in side] + [0, 0]
                self.regions.append((masks[0], masks[1]))
        self.not_first = cfg.board & ~geo.file_masks[0]
        self.not_last = cfg.board & ~geo.file_masks[-1]

    def shift(self, step: Step, b: int) -> int:
        """``b`` moved one step (Fairy-Stockfish's ``shift``: nothing crosses an edge)."""
        df, dr = step
        if df > 0:
            b &= self.not_last
        elif df < 0:
            b &= self.not_first
        d = df + dr * self.files
        return (b << d if d >= 0 else b >> -d) & self.cfg.board

    def _made(self, pos: Position, colour: int) -> bool:
        mine = 0
        for k in self.kinds:
            mine |= pos.byc[2 * k + colour]
        if self.n > 0:
            for step in self.steps:
                b = mine
                for _ in range(1, self.n):
                    if not b:
                        break
                    b &= self.shift(step, b)
                if b:
                    return True
        if self.regions and self._chain(mine, *self.regions[colour]):
            return True
        if self.square:
            b = mine
            for _ in range(1, self.square):
                if not b:
                    break
                b &= self.shift((0, -1), b) & self.shift((1, 0), b) & self.shift((1, -1), b)
            if b:
                return True
        return bool(self.collinear) and self._collinear(mine)

    def _chain(self, mine: int, first: int, second: int) -> bool:
        """A chain of the pieces from the first region to the second (a flood fill)."""
        if not (first & mine and second & mine):
            return False
        current = first & mine
        while True:
            new = 0
            for step in self.steps:
                new |= self.shift(step, current | new) & mine
            if new & second:
                return True
            if not new & ~current:
                return False
            current |= new

    def _collinear(self, mine: int) -> bool:
        """``collinear`` pieces on one line, gaps allowed (Fairy-Stockfish's collinear-n:
        each piece counted once per direction)."""
        for step in self.steps:
            back = (-step[0], -step[1])
            b = mine
            while b:
                low = b & -b
                b ^= low
                total = 1
                for d in (back, step):
                    shifted = self.shift(d, low)
                    while shifted:
                        if shifted & b:
                            total += 1
                            b &= ~shifted
                        shifted = self.shift(d, shifted)
                if total >= self.collinear:
                    return True
        return False

    def ended(self, pos: Position) -> Outcome | None:
        mover = pos.stm ^ 1
        if not self._made(pos, mover):
            return None
        side = "black" if mover else "white"
        other = "white" if mover else "black"
        if self.value == "draw":
            return Outcome("connection", None, f"{side} made a connection: a draw")
        winner = side if self.value == "win" else other
        return Outcome("connection", winner,                             # type: ignore[arg-type]
                       f"{side} made a connection")

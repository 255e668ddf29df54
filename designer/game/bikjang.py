"""Janggi's bikjang (``Royalty.bikjang``), as Fairy-Stockfish plays it.

When the two kings face each other on a file or rank with nothing between (``Position``'s
``st->bikjang``, set for the side to move), that side must break the face-off or pass: a move
leaving the kings facing is illegal, and a pass is legal even in check (``Position::legal``).
The game ends when the face-off stands in two positions in a row (``is_immediate_game_end``:
the first pass keeps it); the material counting judges it, a draw without one. A face-off the
mover makes itself is legal: without the flying-general rule it is the opponent's to answer.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .families import RuleFamily
from .material import counted
from .moves import Move
from .outcome import Outcome
from .position import Position

if TYPE_CHECKING:
    from .config import Config


def facing(cfg: "Config", pos: Position, occ: int | None = None,
           royals: tuple[int, int] | None = None) -> bool:
    """Whether White's and Black's first royal pieces see each other along a file or rank
    over empty squares (``occ``/``royals``: the occupancy and the royals' squares after a
    move being tested)."""
    occ = pos.occ if occ is None else occ
    if royals is None:
        w, b = pos.royals(0), pos.royals(1)
        if not w or not b:
            return False
        royals = ((w & -w).bit_length() - 1, (b & -b).bit_length() - 1)
    a, t = royals
    if a < 0 or t < 0:
        return False
    geo = cfg.geo
    fa, ra, ft, rt = geo.file_of[a], geo.rank_of[a], geo.file_of[t], geo.rank_of[t]
    if fa != ft and ra != rt:
        return False
    step = (1 if ft > fa else -1) if fa != ft else (geo.files if rt > ra else -geo.files)
    s = a + step
    while s != t:
        if occ >> s & 1:
            return False
        s += step
    return True


class Bikjang(RuleFamily):
    """The kings' face-off (see the module's docstring). State: (facing now, facing in the
    position before)."""

    name = "bikjang"
    plays = ("royalty.bikjang",)
    filters = True

    def __init__(self, cfg: "Config"):
        self.cfg = cfg

    def initial(self, pos: Position, fen: dict[str, int]) -> object:
        return (facing(self.cfg, pos), False)

    def after(self, pos: Position, mv: Move) -> None:
        before = self.state(pos)
        now = bool(isinstance(before, tuple) and before[0])
        self.store(pos, (facing(self.cfg, pos), now))

    def now(self, pos: Position) -> bool:
        state = self.state(pos)
        return bool(isinstance(state, tuple) and state[0])

    def ended(self, pos: Position) -> Outcome | None:
        state = self.state(pos)
        if isinstance(state, tuple) and state[0] and state[1]:
            return counted(self.cfg, pos, Outcome("bikjang", None,
                                                  "the kings faced each other twice in a row"))
        return None

    def filter(self, pos: Position, moves: list[Move]) -> list[Move]:
        if not self.now(pos):
            return moves
        us = pos.stm
        ours, theirs = pos.royals(us), pos.royals(us ^ 1)
        king = (ours & -ours).bit_length() - 1
        foe = (theirs & -theirs).bit_length() - 1
        out = []
        for mv in moves:
            if mv.origin == mv.target and mv.origin >= 0:
                out.append(mv)                   # a pass keeps the face-off: always legal
                continue
            occ = pos.occ
            if mv.origin >= 0:
                occ &= ~(1 << mv.origin)
            for k in mv.kills:
                occ &= ~(1 << k)
            occ |= 1 << mv.target
            if mv.target == foe:
                out.append(mv)
                continue
            mine = mv.target if mv.origin == king else king
            pair = (mine, foe) if us == 0 else (foe, mine)
            if not facing(self.cfg, pos, occ, pair):
                out.append(mv)
        return out

"""Janggi's cannon, as Fairy-Stockfish plays it (``PieceRules.janggi_cannon``).

The cannon hops over one piece along a line (``pR``), but neither over another cannon nor onto
one: ``Position::attackers_to`` counts a cannon's attack (whatever stands on the square) only
when it holds without the other cannons' help (``attacks_bb(occupied) & attacks_bb(occupied &
~janggiCannons)``), and its moves never take a cannon. ``CannonRule`` removes such moves from the generated ones;
``screened`` tells the attack tables which cannon attacks do not count.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .families import RuleFamily
from .moves import Move
from .position import Position

if TYPE_CHECKING:
    from .config import Config


def between(cfg: "Config", a: int, b: int) -> list[int]:
    """The squares strictly between ``a`` and ``b`` on one rank, file or diagonal (the
    palace diagonals' hops; none otherwise)."""
    geo = cfg.geo
    fa, ra, fb, rb = geo.file_of[a], geo.rank_of[a], geo.file_of[b], geo.rank_of[b]
    if fa != fb and ra != rb and abs(fa - fb) != abs(ra - rb):
        return []
    df = (fb > fa) - (fb < fa)
    dr = (rb > ra) - (rb < ra)
    out = []
    f, r = fa + df, ra + dr
    while (f, r) != (fb, rb):
        out.append(geo.square(f, r))
        f, r = f + df, r + dr
    return out


def barred(cfg: "Config", board: "_Board | list[int]", occ: int, a: int, t: int) -> bool:
    """Whether a cannon on ``a`` hops over a cannon on its way to ``t`` (``board``: square ->
    code, after the move being tested)."""
    cannons = cfg.cannons
    for x in between(cfg, a, t):
        if occ >> x & 1 and board[x] >> 1 in cannons:
            return True
    return False


class _Board:
    """The board after a move being tested: the position's, with ``delta`` applied."""

    def __init__(self, pos: Position, delta: tuple[tuple[int, int], ...]):
        self.board = pos.board
        self.delta = dict(delta)

    def __getitem__(self, s: int) -> int:
        got = self.delta.get(s)
        return got if got is not None else self.board[s]


def screened(cfg: "Config", pos: Position, attackers: int, t: int, occ: int,
             delta: tuple[tuple[int, int], ...]) -> int:
    """``attackers`` of ``t`` without the cannons whose attack Janggi's rule bars."""
    board = _Board(pos, delta)
    out = attackers
    b = attackers
    while b:
        low = b & -b
        b ^= low
        a = low.bit_length() - 1
        if pos.board[a] >> 1 in cfg.cannons and barred(cfg, board, occ, a, t):
            out ^= low
    return out


class CannonRule(RuleFamily):
    """Cannons neither hop over nor take cannons (see the module's docstring)."""

    name = "Janggi's cannon"
    plays = ("pieces.janggi_cannon",)
    filters = True

    def __init__(self, cfg: "Config"):
        self.cfg = cfg

    def filter(self, pos: Position, moves: list[Move]) -> list[Move]:
        cannons = self.cfg.cannons
        board = pos.board
        return [mv for mv in moves if mv.origin < 0 or board[mv.origin] >> 1 not in cannons or
                mv.origin == mv.target or not (board[mv.target] >> 1 in cannons or
                                               barred(self.cfg, board, pos.occ, mv.origin,
                                                      mv.target))]

"""The position as the walker sees it: the rules engine's bitboard position turned into the
walker's (``engine.position``) for the pieces whose moves the walker makes (multi-leg, Betza 2.0
chains), cached on the position while it does not change."""

from __future__ import annotations

from ..engine.position import PieceBoard, Placed
from .position import Position


def walker_position(pos: Position, delta: tuple[tuple[int, int], ...] = (),
                    removed: int = 0) -> PieceBoard:
    """The position as the walker sees it (cached while the position does not change)."""
    if not delta and not removed and pos.walker_cache is not None:
        return pos.walker_cache
    cfg = pos.cfg
    geo = cfg.geo
    letters, royal = cfg.kinds.letters, cfg.kinds.royal
    board = list(pos.board)
    for s, code in delta:
        board[s] = code
    pieces: dict[tuple[int, int], Placed] = {}
    for s, code in enumerate(board):
        if code and not removed >> s & 1:
            pieces[(s % geo.files, s // geo.files)] = Placed(
                "black" if code & 1 else "white", letters[code >> 1], bool(pos.virgin >> s & 1),
                royal[code >> 1])
    holes = frozenset((s % geo.files, s // geo.files) for s in range(geo.size)
                      if (cfg.holes | pos.walls) >> s & 1)
    ep = None
    victim = None
    if pos.ep:
        e = pos.ep.bit_length() - 1
        ep = (e % geo.files, e // geo.files)
        if pos.ep_victim >= 0:
            victim = (pos.ep_victim % geo.files, pos.ep_victim // geo.files)
    wp = PieceBoard(geo.files, geo.ranks, pieces, holes, ep, victim)
    if not delta and not removed:
        pos.walker_cache = wp
    return wp

"""The squares Fairy-Stockfish moves a piece to, from its own reading (``fsf_betza``).

Ported from Fairy-Stockfish's move tables (``src/bitboard.cpp`` ``init_pieces``,
``sliding_attack``, ``lame_leaper_attack``; ``src/bitboard.h`` ``attacks_bb``/``moves_bb``;
commit c19b5f6c): a piece's moves are its plain leaps, plus the attacks of every *rider type*
its directions name (bishop, rook along ranks, rook along files, nightrider, cannons and
grasshoppers of those lines, the lame horse, elephant, dabbaba and Janggi elephant), all cut
down to the squares its directions reach on an empty board. So a slide or hop the engine has
no rider type for makes no moves, and a lame leap only exists in those four shapes. Captures use
the ordinary tables, quiet moves the initial ones too when the piece may make its first move.
Black's directions are White's turned round (``-d``), as the engine flips them.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from ..engine.position import PieceBoard
from ..vocabulary import BLACK, Side, Square
from .fsf_betza import CAPTURE, QUIET, Direction, FsfPieceInfo

_BISHOP: Final = frozenset({(1, 1), (1, -1), (-1, 1), (-1, -1)})
_ROOK_H: Final = frozenset({(1, 0), (-1, 0)})
_ROOK_V: Final = frozenset({(0, 1), (0, -1)})
_HORSE: Final = frozenset({(1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)})
_ELEPHANT: Final = frozenset({(2, 2), (2, -2), (-2, 2), (-2, -2)})
_DABBABA: Final = frozenset({(2, 0), (-2, 0), (0, 2), (0, -2)})
_JANGGI: Final = frozenset({(2, 3), (3, 2), (-2, 3), (-3, 2), (2, -3), (3, -2), (-2, -3),
                            (-3, -2)})
# rider type -> (its directions, how it moves: slide, hop (cannon), grasshopper, lame)
_RIDERS: Final[dict[str, tuple[frozenset[Direction], str]]] = {
    "bishop": (_BISHOP, "slide"), "rookH": (_ROOK_H, "slide"), "rookV": (_ROOK_V, "slide"),
    "nightrider": (_HORSE, "slide"), "cannonH": (_ROOK_H, "hop"), "cannonV": (_ROOK_V, "hop"),
    "cannonD": (_BISHOP, "hop"), "grasshopperH": (_ROOK_H, "grass"),
    "grasshopperV": (_ROOK_V, "grass"), "grasshopperD": (_BISHOP, "grass"),
    "horse": (_HORSE, "lame"), "elephant": (_ELEPHANT, "lame"), "dabbaba": (_DABBABA, "lame"),
    "janggiElephant": (_JANGGI, "lame"),
}


def rider_types(piece: FsfPieceInfo, initial: int, modality: int) -> set[str]:
    """bitboard.cpp init_pieces: the rider types of one move table."""
    out: set[str] = set()
    for d, limit in piece.table("steps", initial, modality).items():
        if limit:
            for name, shape in (("dabbaba", _DABBABA), ("horse", _HORSE),
                                ("elephant", _ELEPHANT), ("janggiElephant", _JANGGI)):
                if d in shape:
                    out.add(name)
    for d in piece.table("slider", initial, modality):
        for name, shape in (("bishop", _BISHOP), ("rookH", _ROOK_H), ("rookV", _ROOK_V),
                            ("nightrider", _HORSE)):
            if d in shape:
                out.add(name)
    for d, limit in piece.table("hopper", initial, modality).items():
        for line, shape in (("H", _ROOK_H), ("V", _ROOK_V), ("D", _BISHOP)):
            if d in shape:
                out.add(("grasshopper" if limit == 1 else "cannon") + line)
    return out


def _orient(d: Direction, side: Side) -> Direction:
    return (-d[0], -d[1]) if side == BLACK else d


def _ray(pos: PieceBoard, origin: Square, d: Direction) -> Iterable[Square]:
    f, r = origin[0] + d[0], origin[1] + d[1]
    while pos.on_board((f, r)):
        yield (f, r)
        f, r = f + d[0], r + d[1]


def _pseudo(piece: FsfPieceInfo, initial: int, modality: int, pos: PieceBoard, origin: Square,
            side: Side) -> set[Square]:
    """The squares the table's directions reach on an empty board (``PseudoAttacks``)."""
    out: set[Square] = set()
    for d in piece.table("steps", initial, modality):
        dd = _orient(d, side)
        to = (origin[0] + dd[0], origin[1] + dd[1])
        if pos.on_board(to) and max(abs(dd[0]), abs(dd[1])) <= 3:
            out.add(to)
    for kind in ("slider", "hopper"):
        for d, limit in piece.table(kind, initial, modality).items():
            if kind == "hopper" and limit == 1:
                limit = 0                     # a grasshopper's range mask is unlimited
            for i, s in enumerate(_ray(pos, origin, _orient(d, side)), start=1):
                out.add(s)
                if limit and i >= limit:
                    break
    return out


def _lame_path(origin: Square, d: Direction) -> list[Square]:
    """bitboard.cpp lame_leaper_path: the squares a lame leap passes."""
    df = 1 if d[0] > 0 else -1
    dr = 1 if d[1] > 0 else -1
    to = (origin[0] + d[0], origin[1] + d[1])
    s = origin
    out = []
    while s != to:
        diff = abs(to[0] - s[0]) - abs(to[1] - s[1])
        s = (s[0] + df, s[1]) if diff > 0 else (s[0], s[1] + dr) if diff < 0 else \
            (s[0] + df, s[1] + dr)
        if s != to:
            out.append(s)
    return out


def _rider(name: str, pos: PieceBoard, origin: Square) -> set[Square]:
    shape, how = _RIDERS[name]
    out: set[Square] = set()
    for d in shape:
        if how == "lame":
            to = (origin[0] + d[0], origin[1] + d[1])
            if pos.on_board(to) and not any(pos.at(s) for s in _lame_path(origin, d)):
                out.add(to)
            continue
        hurdle = False
        for s in _ray(pos, origin, d):
            if how == "slide" or hurdle:
                out.add(s)
                if how == "grass":
                    break
            if pos.at(s) is not None:
                if how != "slide" and not hurdle:
                    hurdle = True
                else:
                    break
    return out


def _table_moves(piece: FsfPieceInfo, initial: int, modality: int, pos: PieceBoard, origin: Square,
                 side: Side) -> set[Square]:
    out: set[Square] = set()
    for d, limit in piece.table("steps", initial, modality).items():
        dd = _orient(d, side)
        to = (origin[0] + dd[0], origin[1] + dd[1])
        if not limit and pos.on_board(to) and max(abs(dd[0]), abs(dd[1])) <= 3:
            out.add(to)
    for name in rider_types(piece, initial, modality):
        out |= _rider(name, pos, origin)
    return out & _pseudo(piece, initial, modality, pos, origin, side)


def fsf_targets(piece: FsfPieceInfo, pos: PieceBoard, origin: Square, side: Side,
                initial: bool = False) -> tuple[set[Square], set[Square]]:
    """(quiet move squares, capture squares) of ``piece`` on ``origin`` for ``side``;
    ``initial``: the piece may make its initial moves (quiet moves only, as the engine)."""
    occupied = {s for s, p in pos.pieces.items() if s != origin}
    foes = {s for s in occupied
            if (p := pos.pieces[s]).side is None or p.side != side}
    quiet = _table_moves(piece, 0, QUIET, pos, origin, side)
    if initial:
        quiet |= _table_moves(piece, 1, QUIET, pos, origin, side)
    captures = _table_moves(piece, 0, CAPTURE, pos, origin, side)
    return quiet - occupied, captures & foes


__all__ = ["fsf_targets", "rider_types"]

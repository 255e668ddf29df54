"""The fast path for one piece on one square: the same answers as ``engine.generate.targets``
from the compiled tables, when every path of the definition is one the tables make.

``targets(program, position, square, side, virgin)`` returns the squares reached by moves that
remove nothing and by moves that capture (with e.p.), as the walker's ``targets`` does, or
None when the definition needs the walker (multi-leg moves, Betza 2.0 chains …). The square's
components are compiled once per (definition, board, holes, side, square, virginity) and kept
in a bounded cache. The differential tests compare it with the walker on every vector.
"""

from __future__ import annotations

from collections import OrderedDict

from ..engine.position import PieceBoard
from ..engine.program import Program
from ..vocabulary import Side, Square
from .geometry import geometry
from .tables import SquareMoves, _add, table_path

_CACHE: OrderedDict[tuple[object, ...], SquareMoves] = OrderedDict()
_CAP = 4096


def table_made(program: Program, wrap: bool = False) -> bool:
    """Whether the tables make every path of ``program``."""
    return not any(table_path(p, program.dialect, wrap) for p in program.paths)


def square_moves(program: Program, files: int, ranks: int, holes: int, side: Side, square: int,
                 virgin: bool) -> SquareMoves:
    """The compiled components of ``program`` on one square (cached)."""
    key = (program.dialect, program.text or id(program), files, ranks, holes, side, square,
           virgin)
    got = _CACHE.get(key)
    if got is not None:
        _CACHE.move_to_end(key)
        return got
    geo = geometry(files, ranks)
    sqm = SquareMoves()
    for path in program.paths:
        if path.initial and not virgin:
            continue
        _add(sqm, path, program.dialect, geo, side, square, holes, False)
    _CACHE[key] = sqm
    if len(_CACHE) > _CAP:
        _CACHE.popitem(last=False)
    return sqm


def targets(program: Program, position: PieceBoard, square: Square, side: Side,
            virgin: bool = True) -> tuple[set[Square], set[Square]] | None:
    """(squares reached without capturing, squares reached capturing), or None when the
    definition needs the walker."""
    if not table_made(program):
        return None
    files, ranks = position.files, position.ranks
    holes = 0
    for f, r in position.holes:
        holes |= 1 << (r * files + f)
    origin = square[1] * files + square[0]
    sqm = square_moves(program, files, ranks, holes, side, origin, virgin)
    occ = foes = 0
    for (f, r), piece in position.pieces.items():
        s = r * files + f
        if s == origin:
            continue
        occ |= 1 << s
        if piece.side != side:
            foes |= 1 << s
    m, c = sqm.answer(occ)
    full = (1 << (files * ranks)) - 1
    plain = m & full & ~occ & ~holes
    caps = c & foes
    if position.ep is not None and sqm.ep:
        e = position.ep[1] * files + position.ep[0]
        victim = position.ep_victim or (position.ep[0],
                                        position.ep[1] + (1 if side == "black" else -1))
        held = position.pieces.get(victim)
        if sqm.ep >> e & 1 and not occ >> e & 1 and held is not None and held.side != side:
            caps |= 1 << e
    return _names(plain, files), _names(caps, files)


def _names(bb: int, files: int) -> set[Square]:
    out = set()
    while bb:
        low = bb & -bb
        bb ^= low
        s = low.bit_length() - 1
        out.add((s % files, s // files))
    return out

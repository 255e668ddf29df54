"""Whether two definitions make the same moves, decided by generating them (never by comparing
strings): on a fixed set of probe positions of the board in question, each definition's moves
as (destination, squares emptied, squares filled) must be the same.

Used to match a piece to an XBoard built-in piece (parent choice) and to check a rewrite for
Fairy-Stockfish before it is exported. The probes are deterministic: origins in the middle, on
an edge, in a corner and on the second rank; an empty board and two crowded ones (friends and
foes scattered by a fixed pattern, at three densities); both sides; unmoved and moved.
"""

from __future__ import annotations

import random
from functools import lru_cache

from .compile import compile_piece
from .generate import generate
from .moves import Signature
from .moves import signature as signature_of
from .position import Placed, PieceBoard
from ..notation import NotationError, parse
from ..errors import DesignerError
from ..vocabulary import BLACK, WHITE, Dialect, Square, other_side

MAX_SIDE = 16     # probes on larger boards use a 16x16 window: moves are local enough


def _origins(files: int, ranks: int) -> list[Square]:
    cands = [(files // 2, ranks // 2), (0, ranks // 2), (0, 0), (files - 1, 1),
             (files // 2 - 1, 1), (files // 2, ranks - 2)]
    out: list[Square] = []
    for f, r in cands:
        sq = (min(max(f, 0), files - 1), min(max(r, 0), ranks - 1))
        if sq not in out:
            out.append(sq)
    return out


def _crowd(files: int, ranks: int, origin: Square, density: int) -> dict[Square, Placed]:
    """Friends and foes, half and half, on ``density`` out of 8 squares: a fixed pattern
    (``random.Random`` with a string seed is the same on every run and machine)."""
    rng = random.Random(f"{files}x{ranks}:{origin}:{density}")
    pieces: dict[Square, Placed] = {}
    for f in range(files):
        for r in range(ranks):
            if (f, r) != origin and rng.randrange(8) < density:
                pieces[(f, r)] = Placed(WHITE if rng.randrange(2) else BLACK)
    return pieces


@lru_cache(maxsize=256)
def _probes(files: int, ranks: int) -> tuple[tuple[PieceBoard, Square], ...]:
    out: list[tuple[PieceBoard, Square]] = []
    for origin in _origins(files, ranks):
        out.append((PieceBoard(files, ranks), origin))
        for density in (2, 4, 6):
            out.append((PieceBoard(files, ranks, _crowd(files, ranks, origin, density)), origin))
    return tuple(out)


def _flip(pieces: dict[Square, Placed]) -> dict[Square, Placed]:
    return {sq: Placed(None if p.side is None else other_side(p.side), p.letter, p.virgin, p.royal)
            for sq, p in pieces.items()}


@lru_cache(maxsize=4096)
def signature(text: str, dialect: Dialect, files: int, ranks: int) -> tuple[Signature, ...] | None:
    """The moves of a definition on every probe position, or None when it does not read or
    is too complex to generate."""
    files, ranks = min(files, MAX_SIDE), min(ranks, MAX_SIDE)
    try:
        program = compile_piece(parse(text, dialect))
        out: list[Signature] = []
        for position, origin in _probes(files, ranks):
            for side in (WHITE, BLACK):
                pieces = position.pieces if side == WHITE else _flip(position.pieces)
                pos = PieceBoard(files, ranks, pieces)
                for virgin in (True, False):
                    out.append(signature_of(generate(program, pos, origin, side, virgin)))
        return tuple(out)
    except (NotationError, DesignerError, RecursionError, ValueError):
        return None


def same_moves(a: str, a_dialect: Dialect, b: str, b_dialect: Dialect, files: int,
               ranks: int) -> bool:
    """True when both definitions read and make the same moves on every probe position."""
    sa = signature(a, a_dialect, files, ranks)
    return sa is not None and sa == signature(b, b_dialect, files, ranks)


__all__ = ["same_moves", "signature"]

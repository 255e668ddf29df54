"""Where to put enemy pieces on a move diagram so that every kind of move shows.

On an empty board a piece's capture-only moves have nothing to capture, so a diagram drawn
there shows its quiet moves alone (a pawn's diagonal captures, a ``cR`` slider's captures go
missing). ``capture_foes`` finds the squares the piece captures on when enemies stand all around it
and keeps those whose capture the empty board did not show; the rules page draws its
diagram with enemies on them.
"""

from __future__ import annotations

from ..engine.compile import compile_piece
from ..engine.generate import generate
from ..engine.position import Placed, PieceBoard
from ..notation import parse
from ..variant.model import PieceType
from ..vocabulary import BLACK, WHITE, Square

__all__ = ["capture_foes", "centre", "screens"]

_CAPTURES = ("capture", "move-capture", "hop-capture", "locust", "ep")


def centre(files: int, ranks: int) -> Square:
    """The square a move diagram puts the piece on (e4 on 8x8), as ``formats.svg`` does."""
    return (files - 1) // 2 + (files % 2 == 0), (ranks - 1) // 2


def capture_foes(piece: PieceType, files: int, ranks: int,
                 square: Square) -> tuple[tuple[Square, ...], tuple[Square, ...]]:
    """Where to put pieces so that ``piece`` on ``square`` shows its capture-only moves:
    (enemies it captures without hopping, enemies it captures by hopping). Found on a board
    full of enemies (two calls of the generator, whatever the board's size), keeping the
    squares the empty board shows no capture on: a slider's capture-only move shows on its
    first square, a hopper's on the square behind its screen (``screens`` gives those)."""
    program = compile_piece(parse(piece.notation, piece.dialect))
    empty = PieceBoard(files, ranks, {})
    shown = {m.destination for m in generate(program, empty, square, WHITE, True, piece.royal)
             if m.kind in _CAPTURES}
    full = PieceBoard(files, ranks, {(f, r): Placed(BLACK) for f in range(files)
                                   for r in range(ranks) if (f, r) != square})
    plain: set[Square] = set()
    hops: set[Square] = set()
    for m in generate(program, full, square, WHITE, True, piece.royal):
        if m.kind in _CAPTURES and m.destination not in shown and m.destination != square:
            (hops if m.kind == "hop-capture" else plain).add(m.destination)
    return tuple(sorted(plain)), tuple(sorted(hops - plain))


def screens(square: Square, victims: tuple[Square, ...]) -> tuple[Square, ...]:
    """The square half-way to each victim two steps away along a line (a hopper's screen)."""
    out = set()
    for f, r in victims:
        df, dr = f - square[0], r - square[1]
        if df % 2 == 0 and dr % 2 == 0:
            out.add((square[0] + df // 2, square[1] + dr // 2))
    return tuple(sorted(out))

"""Where to put enemy pieces on a move diagram so that every kind of move shows.

On an empty board a piece's capture-only moves have nothing to capture, so a diagram drawn
there shows its quiet moves alone (a pawn's diagonal captures, a ``cR`` slider's captures go
missing). ``capture_foes`` finds the squares the piece captures on when a single enemy stands
there, by asking the move generator one square at a time, and keeps those whose capture the
empty board did not show; the rules page draws its diagram with enemies on them.
"""

from __future__ import annotations

from ..engine.compile import compile_piece
from ..engine.generate import generate
from ..engine.position import Placed, Position
from ..notation import parse
from ..variant.model import PieceType
from ..vocabulary import BLACK, WHITE, Square

__all__ = ["capture_foes", "centre"]

_CAPTURES = ("capture", "move-capture", "hop-capture", "locust", "ep")


def centre(files: int, ranks: int) -> Square:
    """The square a move diagram puts the piece on (e4 on 8x8), as ``formats.svg`` does."""
    return (files - 1) // 2 + (files % 2 == 0), (ranks - 1) // 2


def capture_foes(piece: PieceType, files: int, ranks: int, square: Square) -> tuple[Square, ...]:
    """The squares where a single enemy piece is captured by ``piece`` standing on ``square``
    and that the empty board shows no capture on: its capture-only targets."""
    program = compile_piece(parse(piece.notation, piece.dialect))
    empty = Position(files, ranks, {})
    shown = {m.destination for m in generate(program, empty, square, WHITE, True, piece.royal)
             if m.kind in _CAPTURES}
    out = []
    for r in range(ranks):
        for f in range(files):
            sq = (f, r)
            if sq == square or sq in shown:
                continue
            pos = Position(files, ranks, {sq: Placed(BLACK)})
            if any(m.destination == sq and m.kind in _CAPTURES
                   for m in generate(program, pos, square, WHITE, True, piece.royal)):
                out.append(sq)
    return tuple(out)

"""Where a piece can go from every square of an empty board: the facts mobility and the heat
maps are made of.

For each square: the squares it can move to (a move that removes nothing) and the squares on
which it could capture a lone enemy piece. A capture-only move makes no move on an empty board,
so the captures are found with a twin of the definition: its moves that may capture, made
move-only (``mRcN`` has the twin ``mN``: the squares it reaches are where it could capture).
Everything comes from the one move generator, with its work budget counted and no clock, so
the answer never depends on the machine's speed.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache

from ..engine.compile import compile_piece
from ..engine.generate import DEFAULT_BUDGET, targets
from ..engine.position import PieceBoard
from ..engine.program import Program
from ..notation.ast import Leg, Modality, Path, Piece, Spec
from ..notation.parser import parse
from ..vocabulary import WHITE, Dialect, Square


@dataclass(frozen=True, slots=True)
class Reach:
    """From one square of the empty board: where it may move, where it may capture."""

    moves: frozenset[Square]
    captures: frozenset[Square]

    @property
    def squares(self) -> frozenset[Square]:
        return self.moves | self.captures


@dataclass(frozen=True, slots=True)
class BoardReach:
    """``Reach`` from every square of a ``files`` x ``ranks`` board (row-major by rank, then
    file; None on a hole). ``first`` is the same from every square for a piece that has not
    moved yet (its initial moves included)."""

    files: int
    ranks: int
    holes: frozenset[Square]
    later: tuple[Reach | None, ...]
    first: tuple[Reach | None, ...]

    def at(self, square: Square, virgin: bool = False) -> Reach | None:
        f, r = square
        return (self.first if virgin else self.later)[r * self.files + f]

    def squares(self) -> list[Square]:
        return [(f, r) for r in range(self.ranks) for f in range(self.files)
                if (f, r) not in self.holes]


_CAPTURING = frozenset("mcdeu")


def _capture_leg(leg: Leg) -> Leg | None:
    """The final leg made to move where it could capture (None when it cannot capture)."""
    letters = {m.letter for m in leg.modes}
    if letters & _CAPTURING and "c" not in letters:
        return None                                     # move-only, destroy, e.p., unload
    keep = tuple(m for m in leg.modes if m.letter not in _CAPTURING)
    return replace(leg, modes=(Modality("m"),) + keep)


def capture_twin(piece: Piece) -> Piece | None:
    """The moves of ``piece`` that may capture, made move-only: on an empty board they reach
    exactly the squares where the piece could capture a lone enemy (None: it never captures)."""
    paths = []
    for path in piece.spec.paths:
        *head, last = path.legs
        new = _capture_leg(last)
        if new is not None:
            paths.append(Path(tuple(head) + (new,), path.span))
    if not paths:
        return None
    return Piece(piece.dialect, Spec(tuple(paths), piece.spec.span))


@lru_cache(maxsize=64)
def programs(notation: str, dialect: Dialect) -> tuple[Program, Program | None]:
    """The compiled definition and its capture twin (NotationError on bad text)."""
    piece = parse(notation, dialect)
    twin = capture_twin(piece)
    return compile_piece(piece), compile_piece(twin) if twin is not None else None


def reach_from(program: Program, twin: Program | None, board: PieceBoard, origin: Square,
               virgin: bool) -> Reach:
    """Where the piece on ``origin`` of the (empty) ``board`` may move and capture."""
    plain, _ = targets(program, board, origin, WHITE, virgin, False,
                       budget=DEFAULT_BUDGET)
    plain.discard(origin)                       # a pass is not a move somewhere
    captures: set[Square] = set()
    if twin is not None:
        captures, _ = targets(twin, board, origin, WHITE, virgin, False,
                              budget=DEFAULT_BUDGET)
        captures.discard(origin)
    return Reach(frozenset(plain), frozenset(captures))


@lru_cache(maxsize=64)
def board_reach(notation: str, dialect: Dialect, files: int, ranks: int,
                holes: frozenset[Square] = frozenset()) -> BoardReach:
    """The piece's reach from every square of the empty board (NotationError on bad text,
    TooComplexError when a square needs more work than the generator's budget)."""
    program, twin = programs(notation, dialect)
    board = PieceBoard(files, ranks, {}, holes)
    later: list[Reach | None] = []
    first: list[Reach | None] = []
    initial = any(leg.initial for path in program.paths for leg in path.legs)
    for r in range(ranks):
        for f in range(files):
            if (f, r) in holes:
                later.append(None)
                first.append(None)
                continue
            reach = reach_from(program, twin, board, (f, r), False)
            later.append(reach)
            first.append(reach_from(program, twin, board, (f, r), True) if initial else reach)
    return BoardReach(files, ranks, holes, tuple(later), tuple(first))


__all__ = ["BoardReach", "Reach", "board_reach", "programs", "revealed"]

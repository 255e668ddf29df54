"""Mobility: how many squares a piece reaches, on the empty board and on a crowded one.

* **Empty board**: the average over every square of the number of target squares, each
  counted by H.G. Muller's weights: a square where the piece may move and capture counts 1, a
  square where it may only capture 2/3, one where it may only move 1/3.
* **Crowded board** (Ralph Betza's idea: a square further along a ray counts by the chance of
  reaching it; ChessV weights each further square by 0.7): the same count over seeded random
  positions in which every other square holds a piece, of either side, with the chance
  ``density``. A square counts by the chance that the piece reaches it, its own occupant aside:
  the chance it can move there when the square is empty, and capture there when an enemy
  stands on it. The positions are the same for every piece of a variant (a fair comparison),
  and the estimate subtracts the same count made with the empty board's targets (a control
  variate with a known mean), so a leaper, which no piece blocks, gets exactly its empty-board
  figure and a rider's figure carries little sampling noise.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache
from typing import Final

from ..engine.generate import DEFAULT_BUDGET, targets
from ..engine.position import Placed, PieceBoard
from ..vocabulary import BLACK, WHITE, Dialect, Square
from .reach import BoardReach, Reach, board_reach, programs

MOVE_ONLY: Final = 1.0 / 3.0       # H.G. Muller: a move-only target is worth 1/3 of a full one
CAPTURE_ONLY: Final = 2.0 / 3.0    # ... a capture-only target 2/3
CHESSV_REACH: Final = 0.7          # ChessV: each further square along a ray counts 0.7
DEFAULT_SEED: Final = 20240601
TARGET_WORK: Final = 1200          # generator calls per piece for the crowded figure


@dataclass(frozen=True, slots=True)
class Mobility:
    """A piece's mobility on one board: ``empty`` and ``crowded`` averages of weighted target
    squares; ``density`` the chance a square is occupied in the crowded positions, ``samples``
    how many positions were used (each with the piece on every square)."""

    empty: float
    crowded: float
    density: float
    samples: int
    seed: int


def weight(reach: Reach, square: Square) -> float:
    """Muller's weight of one target square."""
    move, capture = square in reach.moves, square in reach.captures
    return 1.0 if move and capture else MOVE_ONLY if move else CAPTURE_ONLY if capture else 0.0


def weighted_count(reach: Reach) -> float:
    return sum(weight(reach, s) for s in reach.squares)


def empty_mobility(board: BoardReach) -> float:
    squares = board.squares()
    if not squares:
        return 0.0
    return sum(weighted_count(board.at(s) or Reach(frozenset(), frozenset()))
               for s in squares) / len(squares)


def sample_count(squares: int) -> int:
    """Positions per piece: about ``TARGET_WORK`` generator calls, at least 4 positions."""
    return max(4, -(-TARGET_WORK // max(1, squares)))


@lru_cache(maxsize=16)
def crowd(files: int, ranks: int, holes: frozenset[Square], density: float, samples: int,
          seed: int) -> tuple[dict[Square, Placed], ...]:
    """The seeded random positions (the same for every piece of a board and density)."""
    rnd = random.Random(f"{seed}:{files}x{ranks}:{density:.6f}")
    friend, foe = Placed(WHITE), Placed(BLACK)
    out = []
    for _ in range(samples):
        pieces: dict[Square, Placed] = {}
        for r in range(ranks):
            for f in range(files):
                if (f, r) not in holes and rnd.random() < density:
                    pieces[(f, r)] = foe if rnd.random() < 0.5 else friend
        out.append(pieces)
    return tuple(out)


def crowded_mobility(notation: str, dialect: Dialect, board: BoardReach, density: float,
                     samples: int, seed: int = DEFAULT_SEED) -> float:
    """The crowded-board figure (module docstring). TooComplexError from the generator."""
    if density <= 0.0:
        return empty_mobility(board)
    program, _ = programs(notation, dialect)
    squares = board.squares()
    if not squares:
        return 0.0
    move_w = MOVE_ONLY / (1.0 - density)
    cap_w = CAPTURE_ONLY / (density / 2.0)
    full_w = 1.0 / (1.0 - density / 2.0)
    locust_w = CAPTURE_ONLY / (1.0 - density)
    diff = 0.0
    for pieces in crowd(board.files, board.ranks, board.holes, density, samples, seed):
        for origin in squares:
            reach = board.at(origin)
            assert reach is not None
            here = dict(pieces)
            here.pop(origin, None)
            pos = PieceBoard(board.files, board.ranks, here, board.holes)
            plain, caps = targets(program, pos, origin, WHITE, False, False,
                                  budget=DEFAULT_BUDGET)
            diff += _difference(reach, here, plain, caps, move_w, cap_w, full_w, locust_w)
    return empty_mobility(board) + diff / (samples * len(squares))


def _difference(reach: Reach, here: dict[Square, Placed], plain: set[Square],
                caps: set[Square], move_w: float, cap_w: float, full_w: float,
                locust_w: float) -> float:
    """One position's count minus the same count of the empty board's targets.

    A square where the piece may both move and capture is seen open when it is empty and
    reached by a move, or holds an enemy and is captured (either observation, weighted by
    the chance of making one); a move-only square only when empty, a capture-only square only
    when it holds an enemy. Squares the empty board does not show (a hopper's) add their own
    weight when reached.
    """
    out = 0.0
    for s in reach.moves:
        occupant = here.get(s)
        if s in reach.captures:
            if occupant is None:
                out += full_w * ((s in plain) - 1)
            elif occupant.side == BLACK:
                out += full_w * ((s in caps) - 1)
        elif occupant is None:
            out += move_w * ((s in plain) - 1)
    for s in reach.captures - reach.moves:
        occupant = here.get(s)
        if occupant is not None and occupant.side == BLACK:
            out += cap_w * ((s in caps) - 1)
    for s in plain - reach.moves:
        if s not in here:
            out += move_w
    for s in caps - reach.captures:
        occupant = here.get(s)
        if occupant is None:
            out += locust_w                       # a locust landing on an empty square
        elif occupant.side == BLACK:
            out += cap_w
    return out


def mobility(notation: str, dialect: Dialect, files: int, ranks: int, density: float,
             holes: frozenset[Square] = frozenset(), seed: int = DEFAULT_SEED) -> Mobility:
    """Both figures for one definition (NotationError, TooComplexError)."""
    board = board_reach(notation, dialect, files, ranks, holes)
    n = sample_count(len(board.squares()))
    return Mobility(empty_mobility(board), crowded_mobility(notation, dialect, board, density, n,
                                                             seed), density, n, seed)


__all__ = ["CAPTURE_ONLY", "CHESSV_REACH", "DEFAULT_SEED", "MOVE_ONLY", "Mobility", "crowd",
           "crowded_mobility", "empty_mobility", "mobility", "sample_count", "weight",
           "weighted_count"]

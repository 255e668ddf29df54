"""H.G. Muller's law for short-range leapers: ``V = 1.1 * N * (30 + 5/8 * N)`` centipawns.

Muller measured the values of leapers confined to a 5x5 area in computer self-play and found
them growing with the number N of target squares a little faster than linearly (143, 308, 704,
1,188 centipawns for 4, 8, 16, 24 targets). The law says nothing about riders (a blocked ray
loses squares), hoppers (they need platforms), lame or multi-leg moves, pieces that promote,
or royal pieces: for those it is out of its domain, and we say which reason applies instead of
guessing. N counts each target by Muller's weights (capture-only 2/3, move-only 1/3) and is the
most the piece has on any square of the variant's empty board (the centre, for a symmetric
leaper on a board big enough).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Final

from ..engine.generate import DEFAULT_BUDGET, generate, targets
from ..engine.position import Placed, PieceBoard
from ..errors import DesignerError
from ..notation.errors import TooComplexError
from ..vocabulary import BLACK, WHITE, Dialect, Square
from .mobility import weighted_count
from .reach import board_reach, programs, reach_from

REACH: Final = 2            # Muller's experiments: leaps within the 5x5 area around the piece
_SCRATCH: Final = 2 * REACH + 7     # an empty board big enough to see every leap (11x11)


def leaper_law(n: float) -> float:
    """Muller's value in centipawns of a leaper with ``n`` (weighted) target squares."""
    return 1.1 * n * (30.0 + 5.0 / 8.0 * n)


@dataclass(frozen=True, slots=True)
class LawResult:
    """The law's value (centipawns) for ``targets`` squares, or why it does not apply."""

    centipawns: float | None
    targets: float
    reason: str = ""


def _leaps(notation: str, dialect: Dialect) -> str:
    """'' when every ordinary move is one unblockable leap within the 5x5 area, else why not
    (every reason that applies)."""
    program = programs(notation, dialect)[0]
    size = _SCRATCH
    centre: Square = (size // 2, size // 2)
    reach = reach_from(program, programs(notation, dialect)[1], PieceBoard(size, size), centre,
                       False)
    why: list[str] = []
    moves = [m for m in generate(program, PieceBoard(size, size), centre, WHITE, False, False,
                                 budget=DEFAULT_BUDGET)
             if m.kind not in ("null", "castling", "drop")]
    if any(len(m.legs) > 1 for m in moves):
        why.append("it has multi-leg moves")
    slides = any(m.legs and m.legs[0].steps > 1 for m in moves)
    if slides:
        why.append("it slides (a rider): a piece in its way takes squares from it")
    if not slides and any(max(abs(s[0] - centre[0]), abs(s[1] - centre[1])) > REACH for s in reach.squares):
        why.append("it leaps beyond the 5x5 area of Muller's measurements")
    foes = {(f, r): Placed(BLACK) for f in range(size) for r in range(size) if (f, r) != centre}
    crowded = PieceBoard(size, size, foes)
    kinds = {m.kind for m in generate(program, crowded, centre, WHITE, False, False,
                                      budget=DEFAULT_BUDGET)}
    if kinds & {"hop-move", "hop-capture"}:
        why.append("it hops over pieces")
    if kinds & {"locust", "destroy", "unload"}:
        why.append("its moves remove or carry other pieces")
    if why:
        return "; ".join(why)
    _, caps = targets(program, crowded, centre, WHITE, False, False,
                      budget=DEFAULT_BUDGET)
    lame = caps != set(reach.captures)
    friends = {s: Placed(WHITE) for s in foes}
    for s in sorted(reach.moves):
        if lame:
            break
        around = dict(friends)
        del around[s]
        plain, _ = targets(program, PieceBoard(size, size, around), centre, WHITE, False, False,
                           budget=DEFAULT_BUDGET)
        lame = s not in plain
    return "its leaps can be blocked (a lame leap)" if lame else ""


@lru_cache(maxsize=256)
def law_for(notation: str, dialect: Dialect, files: int, ranks: int, royal: bool,
            promotes: bool) -> LawResult:
    """The law applied to one piece on its board, or the reason it is out of the domain."""
    if royal:
        return LawResult(None, 0.0, "a royal piece is never exchanged, so it has no value in "
                         "pawns")
    if promotes:
        return LawResult(None, 0.0, "it promotes: its value includes what it may become")
    try:
        why = _leaps(notation, dialect)
        if why:
            return LawResult(None, 0.0, why)
        board = board_reach(notation, dialect, files, ranks)
    except TooComplexError as e:
        return LawResult(None, 0.0, f"its moves are too complex to follow ({e.message})")
    except DesignerError as e:
        return LawResult(None, 0.0, str(e))
    n = max((weighted_count(r) for r in board.later if r is not None), default=0.0)
    return LawResult(leaper_law(n), n)


__all__ = ["LawResult", "REACH", "law_for", "leaper_law"]

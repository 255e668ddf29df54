"""Board geometry: squares, names, the 8 compass directions and step orientation.

A ``Square`` is ``(file, rank)`` with 0-based ints; ``a1`` is ``(0, 0)``. Boards have 1..26 files
and 1..99 ranks. White moves towards higher ranks; black's moves are white's turned half a turn
(XBoard does the same: a black ``lfN`` goes to white's right-backward square).
"""

from __future__ import annotations

import math
from functools import lru_cache

from ..vocabulary import Square as Square

MAX_FILES = 26
MAX_RANKS = 99
FILE_LETTERS = "abcdefghijklmnopqrstuvwxyz"

# Compass sectors clockwise from forward, as unit K steps (white's view): 0 f, 1 fr, 2 r, 3 br,
# 4 b, 5 bl, 6 l, 7 fl. XBoard numbers its direction bits the same way (moves.c, rot[]).
COMPASS: tuple[tuple[int, int], ...] = ((0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1),
                                        (-1, 0), (-1, 1))

# The 8 orientations of a step (dx, dy), dx <= dy, in XBoard's order (moves.c rot[]): index k
# turns the base step (dx, dy) (right-forward of the forward pair) clockwise.
_ROT = ((1, 0, 0, 1), (0, 1, 1, 0), (0, 1, -1, 0), (1, 0, 0, -1), (-1, 0, 0, -1), (0, -1, -1, 0),
        (0, -1, 1, 0), (-1, 0, 0, 1))


def oriented(dx: int, dy: int, k: int) -> tuple[int, int]:
    """Step (dx, dy) in orientation k (0..7)."""
    a, b, c, d = _ROT[k % 8]
    return dx * a + dy * b, dx * c + dy * d


def file_letter(file: int) -> str:
    """The letter of a 0-based file: ``0`` -> ``'a'`` (the only place files become letters)."""
    return FILE_LETTERS[file]


def file_index(letter: str) -> int | None:
    """The 0-based file of a lower-case file letter, None for anything else."""
    return FILE_LETTERS.index(letter) if len(letter) == 1 and letter in FILE_LETTERS else None


def square_name(sq: Square, rank_base: int = 1) -> str:
    """``(4, 3)`` -> ``e4``; ``rank_base`` 0 numbers the first rank 0 (``e3``: XBoard's
    protocol on boards of ten ranks)."""
    return f"{FILE_LETTERS[sq[0]]}{sq[1] + rank_base}"


def xboard_rank_base(ranks: int) -> int:
    """The number XBoard gives the first rank: 0 on a board of exactly ten ranks (its
    protocol and its PGN count them 0-9 there), else 1."""
    return 0 if ranks == 10 else 1


def parse_square(name: str, files: int = MAX_FILES, ranks: int = MAX_RANKS) -> Square:
    """``'e4'`` -> ``(4, 3)``; raises ValueError naming the problem."""
    sq = coordinates(name)
    if sq is None:
        raise ValueError(f"{name.strip()!r} is not a square name (a file letter and a rank "
                         "number, e.g. e4)")
    if not (sq[0] < files and sq[1] < ranks):
        raise ValueError(f"square {name.strip()} is not on a {files}x{ranks} board")
    return sq


@lru_cache(maxsize=4096)
def coordinates(name: str) -> Square | None:
    """The (file, rank) a name stands for on the largest board, None if it names none (cached:
    a query names the same few hundred squares over and over). No bounds: ``parse_square``."""
    name = name.strip()
    digits = name[1:]
    if not 2 <= len(name) <= 3 or name[0] not in FILE_LETTERS or \
            not all("0" <= ch <= "9" for ch in digits) or digits[0] == "0":
        return None
    return FILE_LETTERS.index(name[0]), int(digits) - 1


def angle_of(vx: int, vy: int) -> float:
    """Clockwise angle in degrees from forward (0, 1)."""
    return math.degrees(math.atan2(vx, vy))


def relative_angle(prev: tuple[int, int], nxt: tuple[int, int]) -> float:
    """Signed clockwise turn from ``prev`` to ``nxt`` in (-180, 180]."""
    a = angle_of(*nxt) - angle_of(*prev)
    while a <= -180:
        a += 360
    while a > 180:
        a -= 360
    return a


def sector_of(vx: int, vy: int) -> int | None:
    """Compass sector of an orthogonal or diagonal vector, None for oblique ones."""
    sx = (vx > 0) - (vx < 0)
    sy = (vy > 0) - (vy < 0)
    if vx and vy and abs(vx) != abs(vy):
        return None
    return COMPASS.index((sx, sy)) if (sx, sy) != (0, 0) else None


def validate_size(files: int, ranks: int) -> None:
    if not (isinstance(files, int) and isinstance(ranks, int)):
        raise ValueError("board size must be whole numbers")
    if not (1 <= files <= MAX_FILES and 1 <= ranks <= MAX_RANKS):
        raise ValueError(f"a board has 1..{MAX_FILES} files and 1..{MAX_RANKS} ranks, "
                         f"not {files}x{ranks}")

"""Regions of the board (named square sets) and values that differ per side.

A ``Region`` is written as text, the way Fairy-Stockfish writes its ``[Bitboard]`` options and a
little more: terms separated by spaces, each a square (``e4``), a whole file (``e*``), a whole
rank (``*4``), every square (``*``) or a rectangle between two corners (``d1-f3``); ``-`` or
nothing is the empty region. The text is kept as written and turned into squares for a board
size when a game needs them, so a region means the same on every board it fits, and the
Fairy-Stockfish reader maps its option values straight onto it.

``Sided`` holds one value for White and one for Black (promotion zones, drop regions, a
palace per side): most rules of Fairy-Stockfish exist in a ``...White``/``...Black`` pair.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Generic, TypeVar

from ..vocabulary import WHITE, Side, Square
from ..geometry.board import FILE_LETTERS, square_name

T = TypeVar("T")



class RegionError(ValueError):
    """A region's text that does not read: ``term`` is the piece of text at fault."""

    def __init__(self, message: str, term: str = ""):
        super().__init__(message)
        self.term = term


@dataclass(frozen=True, slots=True)
class Region:
    """A set of squares, written as text (see the module's docstring); ``name`` is what the
    user calls it (``palace``, ``river``), shown beside it and kept in files."""

    text: str = ""
    name: str = ""

    def squares(self, files: int, ranks: int) -> frozenset[Square]:
        """The squares of a ``files`` x ``ranks`` board in the region (RegionError when the
        text does not read or names a square off that board)."""
        return _squares(self.text, files, ranks)

    def check(self, files: int, ranks: int) -> str:
        """'' when the region reads on this board, else why not."""
        try:
            self.squares(files, ranks)
        except RegionError as e:
            return str(e)
        return ""

    @property
    def empty(self) -> bool:
        return not self.text.strip() or self.text.strip() == "-"

    @staticmethod
    def ranks_of(*numbers: int, name: str = "") -> "Region":
        """The whole ranks numbered as on the board (1 = White's first rank)."""
        return Region(" ".join(f"*{n}" for n in numbers), name)

    @staticmethod
    def of_squares(squares: frozenset[Square] | set[Square], name: str = "") -> "Region":
        """A region listing these squares (sorted by rank, then file)."""
        return Region(" ".join(square_name((f, r)) for f, r in sorted(squares,
                                                                       key=lambda s: (s[1], s[0]))),
                      name)


@dataclass(frozen=True, slots=True)
class Sided(Generic[T]):
    """A value for each side: ``white`` and ``black``."""

    white: T
    black: T

    def of(self, side: Side) -> T:
        return self.white if side == WHITE else self.black

    @staticmethod
    def both(value: T) -> "Sided[T]":
        return Sided(value, value)


def _square(term: str, files: int, ranks: int) -> Square:
    f = FILE_LETTERS.find(term[0])
    digits = term[1:]
    if f < 0 or not digits.isdigit() or not digits.isascii() or len(digits) > 2 or \
            digits.startswith("0"):
        raise RegionError(f"{term!r} is not a square (a file letter and a rank number)", term)
    r = int(digits) - 1
    if f >= files or r >= ranks:
        raise RegionError(f"square {term} is not on a {files}x{ranks} board", term)
    return f, r


@lru_cache(maxsize=4096)
def _squares(text: str, files: int, ranks: int) -> frozenset[Square]:
    out: set[Square] = set()
    if len(text) > 10_000:
        raise RegionError("a region of more than 10,000 characters", text[:20])
    for raw in text.split():
        term = raw.lower()
        if term == "-":
            continue
        if term == "*":
            out.update((f, r) for f in range(files) for r in range(ranks))
        elif term.startswith("*"):
            digits = term[1:]
            if not digits.isdigit() or not digits.isascii() or not 1 <= int(digits) <= ranks:
                raise RegionError(f"{raw!r} is not a rank of a {ranks}-rank board", raw)
            out.update((f, int(digits) - 1) for f in range(files))
        elif term.endswith("*") and len(term) == 2:
            f = FILE_LETTERS.find(term[0])
            if not 0 <= f < files:
                raise RegionError(f"{raw!r} is not a file of a {files}-file board", raw)
            out.update((f, r) for r in range(ranks))
        elif "-" in term:
            a, _, b = term.partition("-")
            if not a or not b:
                raise RegionError(f"{raw!r} is not a rectangle (two corners, e.g. d1-f3)", raw)
            (f1, r1), (f2, r2) = _square(a, files, ranks), _square(b, files, ranks)
            out.update((f, r) for f in range(min(f1, f2), max(f1, f2) + 1)
                       for r in range(min(r1, r2), max(r1, r2) + 1))
        else:
            out.add(_square(term, files, ranks))
    return frozenset(out)

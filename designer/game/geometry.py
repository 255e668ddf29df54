"""Squares as ints and sets of squares as Python-int bitboards, for one board size.

Square ``s = rank * files + file`` (a1 = 0, b1 = 1, a2 = ``files``); bit ``1 << s`` stands for
it in a bitboard. A ``Geometry`` holds what depends only on the board size: names, masks of
files and ranks, regions turned into masks. Holes (non-squares) belong to the position.
"""

from __future__ import annotations

from functools import lru_cache

from ..geometry.board import FILE_LETTERS
from ..vocabulary import Side, Square
from ..rules.regions import Region, Sided


class Geometry:
    """The squares of a ``files`` x ``ranks`` board."""

    __slots__ = ("files", "ranks", "size", "full", "bits", "file_of", "rank_of", "names",
                 "file_masks", "rank_masks")

    def __init__(self, files: int, ranks: int):
        self.files = files
        self.ranks = ranks
        self.size = files * ranks
        self.full = (1 << self.size) - 1
        self.bits = [1 << s for s in range(self.size)]
        self.file_of = [s % files for s in range(self.size)]
        self.rank_of = [s // files for s in range(self.size)]
        self.names = [f"{FILE_LETTERS[s % files]}{s // files + 1}" for s in range(self.size)]
        self.file_masks = [sum(1 << (r * files + f) for r in range(ranks)) for f in range(files)]
        self.rank_masks = [((1 << files) - 1) << (r * files) for r in range(ranks)]

    def square(self, f: int, r: int) -> int:
        return r * self.files + f

    def coords(self, s: int) -> Square:
        return s % self.files, s // self.files

    def on(self, f: int, r: int) -> bool:
        return 0 <= f < self.files and 0 <= r < self.ranks

    def name(self, s: int) -> str:
        return self.names[s]

    def parse(self, name: str) -> int:
        """A square name of this board (ValueError naming what is wrong)."""
        from ..geometry.board import parse_square
        f, r = parse_square(name, self.files, self.ranks)
        return self.square(f, r)

    def mask(self, region: Region) -> int:
        """The bitboard of a region (RegionError when it does not read on this board)."""
        return _mask(region.text, self.files, self.ranks)

    def sided(self, regions: Sided[Region] | None, default: int = 0) -> tuple[int, int]:
        """A per-side region as (White's mask, Black's mask); ``default`` when absent."""
        if regions is None:
            return default, default
        return self.mask(regions.white), self.mask(regions.black)

    def relative_rank(self, s: int, side: Side) -> int:
        """0 for the side's own first rank."""
        r = s // self.files
        return r if side == "white" else self.ranks - 1 - r


@lru_cache(maxsize=1024)
def _mask(text: str, files: int, ranks: int) -> int:
    out = 0
    for f, r in Region(text).squares(files, ranks):
        out |= 1 << (r * files + f)
    return out


def squares_of(bb: int) -> list[int]:
    """The squares of a bitboard, lowest first."""
    out = []
    while bb:
        low = bb & -bb
        out.append(low.bit_length() - 1)
        bb ^= low
    return out


@lru_cache(maxsize=64)
def geometry(files: int, ranks: int) -> Geometry:
    """The one shared ``Geometry`` of a board size."""
    return Geometry(files, ranks)

"""The transposition table: what earlier searches found about a position, keyed by its Zobrist
hash (``Position.full_key``: pieces, hands, side to move, castling and e.p. rights).

A fixed number of slots (a power of two), one entry each, replaced when the new result is from
a search at least as deep or about another position: memory is bounded whatever the board. An
entry is ``(key, depth, bound, score, move)``; mate scores are stored relative to the position
(distance from it), so they stay true wherever the position recurs in the tree.
"""

from __future__ import annotations

from typing import Final

from ..game.moves import Move

EXACT: Final = 0
LOWER: Final = 1            # the score is at least this (a move reached beta)
UPPER: Final = 2            # the score is at most this (no move reached alpha)

Entry = tuple[int, int, int, int, Move | None]


class Table:
    """A bounded transposition table (see the module's docstring)."""

    __slots__ = ("slots", "mask", "stored", "hits")

    def __init__(self, entries: int):
        size = 1
        while size * 2 <= entries:
            size *= 2
        self.mask = size - 1
        self.slots: list[Entry | None] = [None] * size
        self.stored = 0
        self.hits = 0

    def probe(self, key: int) -> Entry | None:
        entry = self.slots[key & self.mask]
        if entry is not None and entry[0] == key:
            self.hits += 1
            return entry
        return None

    def store(self, key: int, depth: int, bound: int, score: int, move: Move | None) -> None:
        i = key & self.mask
        old = self.slots[i]
        if old is None:
            self.stored += 1
        elif old[0] == key and old[1] > depth:
            return
        self.slots[i] = (key, depth, bound, score, move)

    def __len__(self) -> int:
        return len(self.slots)


__all__ = ["Table", "EXACT", "LOWER", "UPPER", "Entry"]

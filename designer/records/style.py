"""How XBoard 4.9.1 writes the moves of one variant: the facts of its SAN that depend on the
variant rather than on the move.

XBoard's ``CoordsToAlgebraic`` (``moves.c``) and its parser (``parser.c``) decide by the built-in
variant and by the slot a piece sits in, not by the piece's moves:

* the piece in the Pawn slot (0) is written without a letter (``e4``, ``exd5``, ``e8=Q``);
* the piece in the King slot (65) castles as ``O-O`` / ``O-O-O``;
* in Shogi and Chu (``IS_SHOGI``) a promotion is ``+``, a promotion declined ``=``, and no
  check is marked (``MakeMove`` appends ``+`` for check elsewhere, ``#`` for mate everywhere);
* ranks are numbered from ``ONE = '1' - (BOARD_HEIGHT == 10)``: from 0 on boards of exactly
  ten ranks (Xiangqi, Grand), from 1 otherwise, with two digits from rank 10 on;
* letters are the parent variant's (our Xiangqi Horse ``N`` is XBoard's ``H``) when the PGN
  names a built-in variant whose letters differ from ours (``pgn_tags.parent_letters``).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ..formats.parents import choose_parent, with_parent_slots
from ..formats.pgn_tags import parent_letters
from ..formats.ptc import KING_SLOT, assign_slots
from ..geometry.board import xboard_rank_base
from ..variant.model import Variant

PAWN_SLOT = 0
SHOGI_PARENTS = frozenset({"shogi", "chu"})
DRESS = "'!"                 # XBoard's SUFFIXES: a dressed letter is X' or X!


@dataclass(frozen=True, slots=True)
class Style:
    """The variant-wide conventions of XBoard's SAN (see the module's docstring).

    ``names`` maps our letter to the letter written (only where they differ); ``rank_base`` is
    the number of the first rank (0 or 1); ``files`` decides whether ``x`` can be a file
    letter (boards of 24 files or more), which XBoard's parser never allows.
    """

    parent: str = "normal"
    shogi: bool = False
    rank_base: int = 1
    pawns: frozenset[str] = frozenset()
    kings: frozenset[str] = frozenset()
    names: tuple[tuple[str, str], ...] = ()
    files: int = 8
    ranks: int = 8

    @property
    def check_marks(self) -> bool:
        """Whether ``+`` marks a check (XBoard leaves it out in Shogi and Chu)."""
        return not self.shogi

    def written(self, letter: str) -> str:
        """The letter XBoard writes for our piece ``letter`` (upper case)."""
        for ours, theirs in self.names:
            if ours == letter:
                return theirs
        return letter

    def ours(self, written: str) -> str | None:
        """Our letter for a written letter (None when the variant has no such piece)."""
        for ours, theirs in self.names:
            if theirs == written:
                return ours
        if any(ours == written for ours, _ in self.names):
            return None                      # the written letter is another piece's name
        return written

    def with_rank_base(self, base: int) -> "Style":
        from dataclasses import replace
        return replace(self, rank_base=base)

    def rank_text(self, rank: int) -> str:
        """A rank index (0 = the first rank) as written."""
        return str(rank + self.rank_base)


@lru_cache(maxsize=64)
def style_for(variant: Variant, parent_names: bool = True) -> Style:
    """The conventions XBoard uses for ``variant`` (its parent as ``choose_parent`` picks it,
    the slots our files give its pieces). ``parent_names``: write the parent's letters where
    a PGN would (the file opens in XBoard alone); False keeps our letters everywhere."""
    choice = choose_parent(variant)
    slots = assign_slots(with_parent_slots(variant, choice))
    letters = parent_letters(variant, choice) if parent_names else None
    names = tuple(sorted((a, b) for a, b in (letters or {}).items() if a != b))
    return Style(parent=choice.name, shogi=choice.name in SHOGI_PARENTS,
                 rank_base=xboard_rank_base(variant.ranks),
                 pawns=frozenset(x for x, s in slots.items() if s == PAWN_SLOT),
                 kings=frozenset(x for x, s in slots.items() if s == KING_SLOT),
                 names=names, files=variant.files, ranks=variant.ranks)


__all__ = ["Style", "style_for", "SHOGI_PARENTS", "DRESS"]

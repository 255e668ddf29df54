"""The aspects of the window's document: which parts of a variant an edit changed.

Panels refresh only for the aspects they show. The words are the vocabulary's ``AspectName``;
one piece type's own fields are a ``PieceAspect`` (the vocabulary's too), never a string to take
apart. ``aspects_between`` tells which aspects differ between two variants, so an undo step
announces exactly what it swaps.
"""

from __future__ import annotations

from typing import Final

from ..vocabulary import Aspect, AspectName, PieceAspect
from .fen import fields
from .model import Variant

PIECES: Final = "pieces"            # the list of piece types: which, their order, their letters
SETUP: Final = "setup"              # the start position's squares
BOARD: Final = "board"              # size and holes
HOLDINGS: Final = "holdings"        # holdings size, drops, pieces in hand
PROMOTION: Final = "promotion"      # promotion zone, choices and targets
CASTLING: Final = "castling"        # castling rights
PROPERTIES: Final = "properties"    # name, parent, description, rules, author
RULES: Final = "rules"              # the rules of play as data (``Variant.rule_set``)
FILE: Final = "file"                # path, format, section, clean state
PROBES: Final = "probes"            # a probe board of the piece view (not part of the file)
GAME: Final = "game"                # the game of the Play mode (not part of the file)
EVERYTHING: Final[frozenset[Aspect]] = frozenset({PIECES, SETUP, BOARD, HOLDINGS, PROMOTION,
                                                  CASTLING, PROPERTIES, RULES, FILE, PROBES,
                                                  GAME})


def piece_aspect(letter: str) -> PieceAspect:
    """The aspect naming one piece type's fields."""
    return PieceAspect(letter)


def pieces_in(aspects: frozenset[Aspect]) -> set[str]:
    """The letters of the piece types whose own fields ``aspects`` name."""
    return {a.letter for a in aspects if isinstance(a, PieceAspect)}


def aspects_between(a: Variant, b: Variant) -> frozenset[Aspect]:
    """Which aspects differ between two variants (what an edit from ``a`` to ``b`` changed)."""
    out: set[Aspect] = set()
    if a.letters != b.letters:
        out.add(PIECES)
    old = {p.letter: p for p in a.pieces}
    new = {p.letter: p for p in b.pieces}
    for letter in old.keys() | new.keys():
        pa, pb = old.get(letter), new.get(letter)
        if pa != pb:
            out.add(piece_aspect(letter))
            if pa is None or pb is None or (pa.promotions, pa.promotes_to, pa.promotion_zone,
                                             pa.mandatory_promotion) != \
                    (pb.promotions, pb.promotes_to, pb.promotion_zone, pb.mandatory_promotion):
                out.add(PROMOTION)
    if a.promotion_zone != b.promotion_zone:
        out.add(PROMOTION)
    if (a.files, a.ranks) != (b.files, b.ranks):
        out.add(BOARD)
    if a.setup != b.setup:
        fa, fb = fields(a.setup), fields(b.setup)
        out.add(SETUP)
        if "*" in fa.placement or "*" in fb.placement:
            out.add(BOARD)
        if fa.hand != fb.hand:
            out.add(HOLDINGS)
        if (fa.castling or "-") != (fb.castling or "-"):
            out.add(CASTLING)
    if (a.holdings, a.drops) != (b.holdings, b.drops):
        out.add(HOLDINGS)
    if (a.name, a.parent, a.description, a.rules, a.author, a.extra) != \
            (b.name, b.parent, b.description, b.rules, b.author, b.extra):
        out.add(PROPERTIES)
    if a.rule_set != b.rule_set:
        out.add(RULES)
    return frozenset(out)


__all__ = ["Aspect", "AspectName", "BOARD", "CASTLING", "EVERYTHING", "FILE", "GAME", "HOLDINGS",
           "PIECES", "PROBES", "PROMOTION", "PROPERTIES", "PieceAspect", "RULES", "SETUP",
           "aspects_between", "piece_aspect", "pieces_in"]

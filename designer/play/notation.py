"""Move text for the move list and the game records: SAN as XBoard 4.9.1 writes it, from the
records package (``designer.records.san``); where that package is not part of the program the
engines' long algebraic text stands in, which names every move too."""

from __future__ import annotations

from collections.abc import Sequence

from ..rules.game import Game
from ..rules.moves import Move

try:
    from ..records import san as _san
except ImportError:        # a build without game records: the protocols' text
    _san = None


def move_san(game: Game, move: Move, legal: Sequence[Move]) -> str:
    """The move in the move list's notation, in ``game``'s position before it is made."""
    if _san is None:
        return move.text(game.geo)
    return str(_san(game, move, legal=legal))


__all__ = ["move_san"]

"""Move text for the move list and the game records.

The SAN of a move is the records package's (XBoard 4.9.1's forms); until a variant's moves can
be written that way the engines' long algebraic text stands in, which names every move too.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..rules.game import Game
from ..rules.moves import Move


def move_san(game: Game, move: Move, legal: Sequence[Move]) -> str:
    """The move in the move list's notation, in ``game``'s position before it is made."""
    return move.text(game.geo)


__all__ = ["move_san"]

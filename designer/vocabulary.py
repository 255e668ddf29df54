"""The project's shared vocabulary: the names every layer uses for squares, sides, dialects and
kinds of move, defined once here and imported everywhere (core, command line, window, tests).

It imports nothing of the project, so any module may use it without pulling in more.
"""

from __future__ import annotations

from typing import Final, Literal

#: A square as ``(file, rank)``, both 0-based: ``a1`` is ``(0, 0)``, ``c5`` is ``(2, 4)``.
Square = tuple[int, int]

#: The side a piece belongs to. White moves towards higher ranks.
Side = Literal["white", "black"]
WHITE: Final = "white"
BLACK: Final = "black"
SIDES: Final[tuple[Side, Side]] = (WHITE, BLACK)

#: The notation a definition is written in: XBetza as XBoard documents it, or Betza 2.0.
Dialect = Literal["xbetza", "betza2"]
XBETZA: Final = "xbetza"
BETZA2: Final = "betza2"
DIALECTS: Final[tuple[Dialect, Dialect]] = (XBETZA, BETZA2)

#: What a move does at its destination, for colouring target squares (the board's legend).
MoveKind = Literal["move", "capture", "move-capture", "hop-move", "hop-capture", "locust",
                   "destroy", "unload", "ep", "castling", "drop", "null"]


def other_side(side: Side) -> Side:
    """The opponent of ``side``."""
    return BLACK if side == WHITE else WHITE

"""What stands where: the board of pieces a piece's moves are generated on (``PieceBoard``; the
game's position, with the side to move, hands and history, is ``game.position.Position``)."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..vocabulary import BLACK as BLACK
from ..vocabulary import WHITE as WHITE
from ..vocabulary import Side, other_side
from ..geometry.board import Square, validate_size

# What a square holds, as seen by the side to move during move generation.
EMPTY, FRIEND, FOE, OFF = 0, 1, 2, 3


def other(side: Side) -> Side:
    """The opponent of ``side`` (kept for callers of the engine's own name)."""
    return other_side(side)


@dataclass(frozen=True, slots=True)
class Placed:
    """A piece on the board: its side, type letter ('' when unknown), virginity and royalty.

    ``side`` is None for a piece of neither side (the window's neutral probes): the moving
    piece treats it as a foe, whichever side it is.
    """

    side: Side | None
    letter: str = ""
    virgin: bool = True
    royal: bool = False


@dataclass(frozen=True)
class PieceBoard:
    """A board of ``files`` x ``ranks`` with pieces, holes (non-squares) and an e.p. square.

    ``ep`` is the square a double-stepping piece passed; its victim stands one step further
    along that piece's path (towards the side to move's own half).
    """

    files: int = 8
    ranks: int = 8
    pieces: dict[Square, Placed] = field(default_factory=dict)
    holes: frozenset[Square] = frozenset()
    ep: Square | None = None
    ep_victim: Square | None = None

    def __post_init__(self) -> None:
        validate_size(self.files, self.ranks)

    def on_board(self, sq: Square) -> bool:
        return 0 <= sq[0] < self.files and 0 <= sq[1] < self.ranks and sq not in self.holes

    def at(self, sq: Square) -> Placed | None:
        return self.pieces.get(sq)

    def with_piece(self, sq: Square, piece: Placed | None) -> "PieceBoard":
        pieces = dict(self.pieces)
        if piece is None:
            pieces.pop(sq, None)
        else:
            pieces[sq] = piece
        return PieceBoard(self.files, self.ranks, pieces, self.holes, self.ep, self.ep_victim)

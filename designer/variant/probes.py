"""Probe boards: the what-if positions of the piece view, one per piece type.

A probe board is not part of the variant file: it is where the user puts friends, foes and
neutral pieces around one piece to see how it moves. Its pieces have absolute colours (a White
piece stays White when *Black to move* makes the examined piece Black's), and its size and holes
are always the variant's. A piece whose board the user never touched gets one made from the
variant's start position (the piece on its first square of the mover's colour, everything else
as probes), so opening a variant shows the pieces' real moves at the start of a game.

Qt-free: the document keeps these values on its undo stack, the window draws them.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Final, Literal

from ..engine.position import Placed
from ..engine.question import Question
from ..vocabulary import BLACK, WHITE, Side, Square
from .model import PieceType, Variant

NEUTRAL: Final = "neutral"
#: A probe piece's colour: a side, or neutral (neither side's: the engine's ``Placed(None)``).
ProbeColour = Side | Literal["neutral"]
COLOURS: Final[tuple[ProbeColour, ...]] = (WHITE, BLACK, NEUTRAL)
Probe = tuple[Square, ProbeColour, str]   # (square, colour, type letter or "")


@dataclass(frozen=True)
class ProbeBoard:
    """One piece's what-if position: where it stands, what stands around it, who moves.

    ``pieces`` is sorted by square and never holds ``origin``; ``side`` is the examined piece's
    colour; ``virgin`` whether it has not moved yet (first-move-only and castling moves);
    ``ep`` the square a double-stepping piece just passed.
    """

    origin: Square = (3, 3)
    pieces: tuple[Probe, ...] = ()
    side: Side = WHITE
    virgin: bool = True
    ep: Square | None = None

    def at(self, sq: Square) -> tuple[ProbeColour, str] | None:
        """(colour, letter) of the probe piece on ``sq``, or None."""
        for s, colour, letter in self.pieces:
            if s == sq:
                return colour, letter
        return None

    def with_probe(self, sq: Square, colour: ProbeColour | None, letter: str = "") -> ProbeBoard:
        """A copy with ``sq`` holding a piece of ``colour`` (None empties the square)."""
        rest = [p for p in self.pieces if p[0] != sq]
        if colour is not None and sq != self.origin:
            rest.append((sq, colour, letter))
        return replace(self, pieces=tuple(sorted(rest)))

    def moved_to(self, sq: Square) -> ProbeBoard:
        """The examined piece put on ``sq`` (a probe standing there is taken off)."""
        return replace(self, origin=sq, pieces=tuple(p for p in self.pieces if p[0] != sq),
                       ep=None if self.ep == sq else self.ep)

    def fitted(self, files: int, ranks: int, holes: frozenset[Square] = frozenset()) -> ProbeBoard:
        """This board on a ``files`` x ``ranks`` board with ``holes``: the piece moved onto the
        board if it fell off, probes and e.p. square outside or on holes taken away."""
        def inside(sq: Square) -> bool:
            return 0 <= sq[0] < files and 0 <= sq[1] < ranks and sq not in holes

        origin = self.origin
        if not inside(origin):
            origin = (min(origin[0], files - 1), min(origin[1], ranks - 1))
            if origin in holes:
                origin = next(((f, r) for r in range(ranks) for f in range(files)
                               if (f, r) not in holes), origin)
        pieces = tuple(p for p in self.pieces if inside(p[0]) and p[0] != origin)
        ep = self.ep if self.ep is not None and inside(self.ep) and self.ep != origin else None
        if (origin, pieces, ep) == (self.origin, self.pieces, self.ep):
            return self
        return replace(self, origin=origin, pieces=pieces, ep=ep)


def centre(files: int, ranks: int) -> Square:
    """Where a piece stands on a board with nothing else to go by (d4 on 8x8)."""
    return ((files - 1) // 2, (ranks - 1) // 2)


def from_setup(variant: Variant, letter: str, side: Side = WHITE) -> ProbeBoard:
    """The start position of ``variant`` seen by piece ``letter`` of ``side``.

    The piece stands on its first square of that colour (from the mover's own back rank);
    without one, or without a readable setup, it stands in the centre of an otherwise empty
    board. Every other piece of the setup is a probe of its own colour.
    """
    from .fen import FenError, base_letter, side_of
    files, ranks = variant.files, variant.ranks
    try:
        setup = variant.position() if variant.setup else None
    except (FenError, ValueError):
        setup = None                      # a FEN that does not read: the board is just empty
    if setup is None:
        return ProbeBoard(origin=centre(files, ranks), side=side)
    holes = frozenset(setup.holes)
    want = letter.upper()
    order = sorted(setup.board, key=lambda s: (s[1] if side == WHITE else -s[1], s[0]))
    origin = next((sq for sq in order if base_letter(setup.board[sq]) == want
                   and side_of(setup.board[sq]) == side), None)
    pieces = tuple(sorted((sq, side_of(tok), base_letter(tok)) for sq, tok in setup.board.items()
                          if sq != origin))
    board = ProbeBoard(origin=origin or centre(files, ranks), pieces=pieces, side=side)
    if origin is None:
        board = board.with_probe(board.origin, None)   # the centre square is the piece's
    return board.fitted(files, ranks, holes)


@lru_cache(maxsize=64)
def _placed(probes: tuple[Probe, ...],
            royal_letters: frozenset[str]) -> tuple[tuple[Square, Placed], ...]:
    """The probes as the generator's pieces (royal when their type is). Kept for the last
    boards: typing a definition asks again on the same board at every key."""
    return tuple((sq, Placed(None if colour == NEUTRAL else colour, letter, True,
                             letter in royal_letters))
                 for sq, colour, letter in probes)


def question_for(variant: Variant, piece: PieceType, board: ProbeBoard) -> Question:
    """The generator's question for ``piece`` on ``board`` under the rules of ``variant``: its
    probes as pieces (royal when their type is), the variant's holes, drops when its rules
    have them, the setup's castling rights, XBoard's built-in castling and the promotion zone
    of its rules."""
    from .edits import holes_of
    royal_letters = frozenset(p.letter for p in variant.pieces if p.royal)
    castling = variant.castling if variant.setup else None
    # XBoard's built-in castling applies to a royal King whose definition has no O atom
    # (moves.c GenLegal returns early when the King's Betza contains O) and only with rights
    builtin = (variant.files + 2) // 4 if piece.royal and piece.letter == "K" \
        and "O" not in piece.notation and castling not in (None, "-") else 0
    # the rules of play say where it promotes and whether pieces are dropped (the rule set,
    # derived once when the file gave none): the one record the game plays too
    from .derive import promotion_squares, rules_for
    area = promotion_squares(variant, piece.letter, board.side)
    drops = rules_for(variant).drops is not None
    return Question(text=piece.notation, dialect=piece.dialect, files=variant.files,
                    ranks=variant.ranks, holes=holes_of(variant), origin=board.origin,
                    pieces=_placed(board.pieces, royal_letters), side=board.side,
                    virgin=board.virgin, ep=board.ep,
                    letter=piece.letter, royal=piece.royal,
                    drops=drops, castling=castling,
                    builtin_castle=builtin, zone=0, area=area)


__all__ = ["ProbeBoard", "Probe", "ProbeColour", "NEUTRAL", "COLOURS", "centre", "from_setup",
           "question_for"]

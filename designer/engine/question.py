"""The one question the move generator answers, for the window and the command line alike.

A ``Question`` is a piece's definition on a board with the rules the variant adds: the pieces
around it (of either side, or of neither: a neutral piece is a foe of both), holes, the e.p.
square, whether it is royal and unmoved, drops when the variant has holdings, the setup's
castling rights, XBoard's built-in castling for a King whose definition has no ``O``, and the
promotion zone. ``answer`` turns it into a ``Reach``: the moves (with their traces) or only
the squares, and the destinations in the promotion zone. It raises the core's own errors
(``NotationError``, ``TooComplexError``) and ``ValueError`` for a bad side or square; the
window's ``engine.analysis`` turns them into values, the ``targets`` command into error lines.

All fields are plain values, so questions are compared and cached.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..geometry.board import FILE_LETTERS, Square
from ..vocabulary import WHITE, XBETZA, Dialect, Side
from . import moves as M
from .compile import program_for
from .generate import generate, targets
from .position import Placed, PieceBoard

#: Moves that never promote, whatever their destination (a drop, a pass, castling).
NEVER_PROMOTE: frozenset[str] = frozenset({M.DROP, M.NULL, M.CASTLING})


@dataclass(frozen=True, slots=True)
class Question:
    """A piece's definition on a board, with the rules the variant adds (see the module)."""

    text: str
    dialect: Dialect = XBETZA
    files: int = 8
    ranks: int = 8
    origin: Square = (0, 0)
    pieces: tuple[tuple[Square, Placed], ...] = ()   # the other pieces (side None: neutral)
    holes: frozenset[Square] = frozenset()
    side: Side = WHITE
    virgin: bool = True
    royal: bool = False
    letter: str = ""                       # the piece's own type letter (drop rules, limiters)
    ep: Square | None = None
    drops: bool = False                    # the variant has holdings: @ drops are moves
    castling: str | None = None            # the setup's rights (XBoard FEN); None: no filter
    builtin_castle: int = 0                # XBoard's King castling distance (0: none)
    zone: int = 0                          # promotion zone depth in ranks (0: none)
    area: frozenset[Square] | None = None  # the zone's squares as the variant's rules say


@dataclass(frozen=True, slots=True)
class Reach:
    """What the piece can do: its moves (empty when only squares were asked for), the squares
    reached by moves that remove nothing and by moves that remove something, and the
    destinations in the promotion zone."""

    moves: tuple[M.PieceMove, ...]
    reached: frozenset[Square]
    captured: frozenset[Square]
    promotions: frozenset[Square] = frozenset()


def position_of(q: Question) -> PieceBoard:
    """The engine position of a question (the piece itself is not part of it)."""
    pieces = {sq: p for sq, p in q.pieces if sq != q.origin}
    return PieceBoard(q.files, q.ranks, pieces, q.holes, q.ep)


def castling_allowed(move: M.PieceMove, rights: str | None, side: Side) -> bool:
    """Whether the setup's castling rights allow this castling move (XBoard FEN: ``K``/``Q``
    for the King and Queen side, or the partner's file letter; upper case for White)."""
    if rights is None:
        return True
    mine = [c for c in rights.replace("-", "") if c.isupper() == (side == WHITE)]
    kingside = move.destination[0] > move.origin[0]
    for c in mine:
        if c.upper() == "K" and kingside or c.upper() == "Q" and not kingside:
            return True
        if c.upper() not in "KQ" and move.partner is not None \
                and FILE_LETTERS.find(c.lower()) == move.partner[0]:
            return True
    return False


def zone_squares(q: Question) -> frozenset[Square]:
    """The squares of the promotion zone: ``area`` when the variant's rules gave it (the
    window asks ``variant.derive.promotion_squares``), else the last ``zone`` ranks of the
    mover's side (a query that names only a depth)."""
    if q.area is not None:
        return q.area
    if q.zone <= 0:
        return frozenset()
    rows = range(q.ranks - q.zone, q.ranks) if q.side == WHITE else range(q.zone)
    return frozenset((f, r) for f in range(q.files) for r in rows)


def _moves(q: Question, position: PieceBoard) -> list[M.PieceMove]:
    moves = generate(program_for(q.text, q.dialect), position, q.origin, q.side, q.virgin,
                     q.royal, q.letter, include_drops=q.drops)
    if q.royal and q.builtin_castle and q.virgin:
        # XBoard's built-in castling for a King whose definition has no O (moves.c GenLegal):
        # the King slides (files+2)/4 squares towards an unmoved corner piece, which is the
        # engine's own O<n> move.
        moves += [m for m in generate(program_for(f"O{q.builtin_castle}", XBETZA), position,
                                      q.origin, q.side, q.virgin, q.royal, q.letter)
                  if m.kind == M.CASTLING]
    # castling needs the royal piece unmoved and the setup's right for that wing
    return [m for m in moves if m.kind != M.CASTLING
            or (q.virgin and castling_allowed(m, q.castling, q.side))]


def answer(q: Question, traced: bool = True) -> Reach:
    """The moves of ``q``'s piece (``traced``) or only its squares. Both count the same work,
    so a definition is too complex in both or in neither."""
    position = position_of(q)
    zone = zone_squares(q)
    plain_rules = not q.royal or not (q.castling is not None or q.builtin_castle)
    if not traced and plain_rules and not zone:
        reached, captured = targets(program_for(q.text, q.dialect), position, q.origin, q.side,
                                    q.virgin, q.royal, q.letter, include_drops=q.drops)
        return Reach((), frozenset(reached), frozenset(captured))
    moves = _moves(q, position)
    promotions = frozenset(m.destination for m in moves
                           if m.destination in zone and m.kind not in NEVER_PROMOTE)
    return Reach(tuple(moves) if traced else (),
                  frozenset(m.destination for m in moves if not m.removed),
                  frozenset(m.destination for m in moves if m.removed), promotions)

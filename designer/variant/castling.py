"""Castling partners: which pieces the start position's castling rights refer to, and which
rights nothing can use. A module of its own so that validation can ask it without importing
the model back (the model calls validation)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..geometry.board import file_index
from .fen import FenError, Setup, base_letter, empty_fen, parse_fen, side_of
from ..vocabulary import BLACK, WHITE, Side, Square

if TYPE_CHECKING:    # annotations only
    from .model import Variant


@dataclass(frozen=True, slots=True)
class CastlingPartner:
    """A piece a castling right involves: the royal piece or its partner (a rook)."""

    square: Square
    side: Side
    right: str        # the FEN letter that gives the right


def _at_edge(s: Setup, f: int, rank: int, step: int) -> bool:
    """Whether a piece on file ``f`` is a corner piece on that wing: at the board's edge or
    next to a hole (where the generator's castling looks for its partner)."""
    beyond = f + step
    return not 0 <= beyond < s.files or (beyond, rank) in s.holes


def castling_partners(v: Variant) -> tuple[CastlingPartner, ...]:
    """The royal pieces and partners the start position's castling rights refer to: for K/Q
    the corner piece on the royal piece's rank on that wing (at the board's edge or next to a
    hole, as the generator castles; XBoard looks for its Rook there), for a file letter the
    piece on that file."""
    try:
        s = parse_fen(v.setup or empty_fen(v.files, v.ranks), v.files, v.ranks)
    except FenError:
        return ()
    royal = {p.letter for p in v.pieces if p.royal}
    out: list[CastlingPartner] = []
    for right in s.castling.replace("-", ""):
        side: Side = WHITE if right.isupper() else BLACK
        kings = [sq for sq, t in s.board.items()
                 if side_of(t) == side and base_letter(t) in royal]
        if not kings:
            continue
        king = min(kings)
        rank = king[1]
        row = sorted(f for (f, r), t in s.board.items()
                     if r == rank and side_of(t) == side and (f, r) != king
                     and base_letter(t) not in royal)
        if right.upper() == "K":
            files = [f for f in row if f > king[0] and _at_edge(s, f, rank, 1)][-1:]
        elif right.upper() == "Q":
            files = [f for f in row if f < king[0] and _at_edge(s, f, rank, -1)][:1]
        else:
            index = file_index(right.lower())
            files = [index] if index is not None else []
        for f in files:
            if (f, rank) in s.board:
                out.append(CastlingPartner((f, rank), side, right))
                out.append(CastlingPartner(king, side, right))
    return tuple(dict.fromkeys(out))


def orphan_rights(v: Variant) -> str:
    """The castling rights of the start position that nothing can use: no royal piece of that
    side on the board, or no piece of its side in that corner (XBoard drops such a right when
    it reads the FEN, ``backend.c: ParseFEN``)."""
    if not v.setup:
        return ""
    try:
        rights = parse_fen(v.setup, v.files, v.ranks).castling.replace("-", "")
    except FenError:
        return ""
    used = {p.right for p in castling_partners(v)}
    return "".join(c for c in rights if c not in used)


__all__ = ["CastlingPartner", "castling_partners", "orphan_rights"]

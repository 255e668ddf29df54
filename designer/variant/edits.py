"""Edits of a whole variant as pure functions: each takes a frozen ``Variant`` and returns a new
one, so the document can push the pair (before, after) as one undo step.

Kept free of Qt; they change only what the edit names and leave every other field as it was.
The setup is edited through ``designer.variant.fen`` (read, change the squares, write back), so
castling rights, holdings, side to move and move counters survive every edit.
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache
from typing import Any

from ..errors import DesignerError
from .fen import Setup, base_letter, empty_fen, parse_fen, side_of, write_fen
from .model import MAX_FILES, MAX_RANKS, PieceType, Variant
from ..vocabulary import WHITE, Side, Square


def token(letter: str, side: Side) -> str:
    """The FEN token of a piece type for a side: upper case for White, lower case for Black
    (``"+P"`` -> ``"+p"``, ``"N'"`` -> ``"n'"``)."""
    return letter if side == WHITE else letter.lower()


def setup_of(v: Variant) -> Setup:
    """The variant's start position; an empty board when it has none (FenError when the FEN
    does not read)."""
    return parse_fen(v.setup or empty_fen(v.files, v.ranks), v.files, v.ranks)


def with_setup(v: Variant, setup: Setup) -> Variant:
    return replace(v, setup=write_fen(setup))


def placed(v: Variant, sq: Square, tok: str | None) -> Variant:
    """``tok`` (a FEN token such as ``"N"`` or ``"+p"``) put on ``sq``; None empties it."""
    s = setup_of(v)
    board = dict(s.board)
    if tok is None:
        board.pop(sq, None)
    else:
        board[sq] = tok
    return with_setup(v, replace(s, board=board))


def resized(v: Variant, files: int, ranks: int) -> Variant:
    """The variant on a ``files`` x ``ranks`` board. Setup pieces and holes keep their file and
    their distance from their own edge; those that no longer fit are left out. The rules of
    play follow (``rules.edits.resized_rules``: castling files, regions). ValueError
    names the limits when the size is outside them."""
    if not (1 <= files <= MAX_FILES and 1 <= ranks <= MAX_RANKS):
        raise ValueError(f"a board has 1 to {MAX_FILES} files and 1 to {MAX_RANKS} ranks, "
                         f"not {files}x{ranks}")
    if (files, ranks) == (v.files, v.ranks):
        return v
    from ..rules.edits import anchored_rank, resized_rules
    out = replace(v, files=files, ranks=ranks)
    if v.rule_set is not None:           # castling files and regions follow the board
        out = replace(out, rule_set=resized_rules(v.rule_set, v.files, v.ranks, files,
                                                  ranks)[0])
    if not v.setup:
        return out
    s = parse_fen(v.setup, v.files, v.ranks)

    def move(sq: Square) -> Square | None:
        f, r = sq[0], anchored_rank(sq[1], v.ranks, ranks)
        return (f, r) if 0 <= f < files and 0 <= r < ranks else None

    board = {}
    for sq, tok in s.board.items():
        to = move(sq)
        if to is not None:
            board[to] = tok
    holes = frozenset(h for h in (move(sq) for sq in s.holes) if h is not None)
    return with_setup(out, replace(s, files=files, ranks=ranks, board=board, holes=holes))


def renamed(v: Variant, old: str, new: str) -> Variant:
    """Piece type ``old`` called ``new``: in the piece list, in promotion choices and targets,
    in the rules of play, and on every square and in the hand of the setup."""
    if old == new:
        return v

    def swap(letter: str) -> str:
        return new if letter == old else letter

    pieces = tuple(replace(p, letter=swap(p.letter),
                           promotions=tuple(swap(x) for x in p.promotions),
                           promotes_to=swap(p.promotes_to)) for p in v.pieces)
    out = replace(v, pieces=pieces)
    if v.rule_set is not None:           # the rules of play name the type too
        from ..rules.edits import renamed_letter
        out = replace(out, rule_set=renamed_letter(v.rule_set, old, new))
    if not v.setup:
        return out
    s = parse_fen(v.setup, v.files, v.ranks)

    def retoken(t: str) -> str:
        return token(new, side_of(t)) if base_letter(t) == old else t

    hand = tuple(retoken(t) for t in s.hand) if s.hand is not None else None
    return with_setup(out, replace(s, board={sq: retoken(t) for sq, t in s.board.items()},
                                   hand=hand))


def without(v: Variant, letter: str) -> Variant:
    """Piece type ``letter`` removed, with its pieces on the board and in hand, every promotion
    to it and every rule naming it."""
    pieces = tuple(replace(p, promotions=tuple(x for x in p.promotions if x != letter),
                           promotes_to="" if p.promotes_to == letter else p.promotes_to)
                   for p in v.pieces if p.letter != letter)
    out = replace(v, pieces=pieces)
    if v.rule_set is not None:
        from ..rules.edits import without_letter
        out = replace(out, rule_set=without_letter(v.rule_set, letter))
    if not v.setup:
        return out
    s = parse_fen(v.setup, v.files, v.ranks)
    hand = tuple(t for t in s.hand if base_letter(t) != letter) if s.hand is not None else None
    return with_setup(out, replace(s, board={sq: t for sq, t in s.board.items()
                                             if base_letter(t) != letter}, hand=hand))


def with_piece_fields(v: Variant, letter: str, /, **fields: Any) -> Variant:
    """Piece type ``letter`` with some fields changed (a new ``letter`` renames it everywhere)."""
    old = v.piece(letter)
    if old is None:
        raise KeyError(letter)
    new_letter = fields.pop("letter", old.letter)
    out = v.with_piece(replace(old, **fields)) if fields else v
    return renamed(out, old.letter, new_letter)


def in_setup(v: Variant, letter: str) -> bool:
    """Whether pieces of type ``letter`` stand on the board or lie in hand in the setup."""
    if not v.setup:
        return False
    try:
        s = parse_fen(v.setup, v.files, v.ranks)
    except (DesignerError, ValueError):
        return False
    return any(base_letter(t) == letter for t in list(s.board.values()) + list(s.hand or ()))


def holes_of(v: Variant) -> frozenset[Square]:
    """The squares the setup marks as not part of the board (``*`` in the FEN)."""
    if not v.setup:
        return frozenset()
    return _holes(v.setup, v.files, v.ranks)


@lru_cache(maxsize=16)
def _holes(setup: str, files: int, ranks: int) -> frozenset[Square]:
    """``holes_of`` for one FEN, kept: the document, the boards and the piece view's square
    test ask for the same setup's holes many times per edit (four reads of a 26x26 FEN per
    opened file, one more per click or drag on the piece view)."""
    try:
        return frozenset(parse_fen(setup, files, ranks).holes)
    except (DesignerError, ValueError):
        return frozenset()


__all__ = ["token", "setup_of", "with_setup", "placed", "resized", "renamed", "without",
           "with_piece_fields", "in_setup", "holes_of", "PieceType"]

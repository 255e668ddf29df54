"""Moves written in SAN as XBoard 4.9.1 writes them (``moves.c: CoordsToAlgebraic``,
``backend.c: MakeMove``), read back by ``san_read``; ``resolve.san`` picks the text of a move.

The forms, each as XBoard makes it:

* a piece: its letter (``N``, a dressed ``N'``, a promoted Shogi piece ``+R``), the file and/or
  rank of its origin only when another piece of the same type can also go there (the file when
  one shares the rank, or when one shares neither and none shares the file; the rank when one
  shares the file), ``x`` when the square is occupied, the square;
* the piece in the Pawn slot: no letter; ``e4`` straight ahead without capture, otherwise the
  origin's file, ``x`` for a capture (e.p. included) and the square (``exd5``, and ``ed4`` for
  a Xiangqi soldier's sideways step); its promotion ``=Q``;
* Shogi and Chu: ``+`` after a move that promotes, ``=`` after one that could and does not;
* drops ``P@e5``; castling ``O-O`` / ``O-O-O`` when the King-slot piece moves from the middle
  file to XBoard's castling squares, otherwise it is written as a King move (``Ki1``);
* multi-leg moves: the first leg as above (without promotion), for three legs ``x`` and the
  second stop, then ``-`` (the last square was empty, or is the origin: igui) or ``x`` and the
  last square, then the promotion: ``Nxf6xg7``, ``Nxf6-e5`` (igui);
* a pass (out and back, nothing taken) as XBoard writes a null move of the piece: ``Nxe5``
  (the ``Nf6-e5`` XBoard writes for a pass entered in two legs, its own parser reads as a
  move from f6: XBoard 4.9.1 cannot open such a game again; our reader reads both);
* a wall placed by the move (Amazons' arrows, Duck chess): a comma and its square after the
  rest, before the check mark, as Fairy-Stockfish writes it (``Qh5,a4+``, ``O-O,b1``);
* ``+`` after a check (not in Shogi and Chu), ``#`` after mate.

Where XBoard's text would not name one move (it writes no promotion for pieces outside the Pawn
slot, no origin for a pawn whose path another pawn shares, the same text for two locust
captures), the writer adds the promotion, then the origin's file, rank or square: the text
our reader (and XBoard's parser) reads back as this move and no other.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..game.game import Game, Move
from ..geometry.board import square_name
from ..vocabulary import WHITE
from .style import Style


def _square(game: Game, s: int, style: Style) -> str:
    """The name of square ``s`` as the style numbers ranks."""
    geo = game.geo
    return square_name((geo.file_of[s], geo.rank_of[s]), style.rank_base)


def is_pass(move: Move) -> bool:
    """A piece's move out and back that removes nothing (the Chu Lion's pass)."""
    return move.origin >= 0 and move.origin == move.target and not move.kills


def stops(move: Move) -> tuple[int, ...]:
    """The squares a move stops on after its origin, the last one its target."""
    return move.via + (move.target,)


def _letter(game: Game, s: int) -> str:
    here = game.piece_at(s)
    if here is None:
        raise ValueError(f"no piece on {game.geo.names[s]}")
    return here[0]


def _promo_suffix(game: Game, move: Move, style: Style, legal: Sequence[Move],
                  pawn: bool, explicit: bool) -> str:
    """The promotion part: XBoard's (``explicit`` False) or the one that always names it."""
    if move.promotion:
        if move.promotion.startswith("-"):
            # a demotion back to the type it was (Fairy-Stockfish's PIECE_DEMOTION, "-" in
            # its move text): "-" after Shogi-style moves, "=-" beside "=+" otherwise
            return "-" if style.shogi else "=-"
        if style.shogi:
            return "+"
        if move.promotion.startswith("+"):
            return "=+"
        if pawn or explicit:
            return "=" + style.written(move.promotion)
        return ""
    if style.shogi and _declined(move, legal):
        return "="
    return ""


def _declined(move: Move, legal: Sequence[Move]) -> bool:
    """Whether the same move with a promotion is also legal (so this one declines it)."""
    return any(m.promotion and m.origin == move.origin and m.target == move.target and
               m.via == move.via and m.kills == move.kills for m in legal)


def _occupied(game: Game, s: int) -> bool:
    return game.piece_at(s) is not None


def _pawn_leg(game: Game, move: Move, to: int, style: Style, origin_rank: bool,
              origin_file: bool = False) -> str:
    geo = game.geo
    o = move.origin
    capture = _occupied(game, to) or (bool(move.kills) and not move.via)
    text = geo.names[o][0] + (style.rank_text(geo.rank_of[o]) if origin_rank else "")
    if geo.file_of[o] == geo.file_of[to] and not capture and not origin_rank and \
            not origin_file:
        return text + style.rank_text(geo.rank_of[to])
    return text + ("x" if capture else "") + _square(game, to, style)


def _alternatives(game: Game, move: Move, to: int, legal: Sequence[Move]) -> set[int]:
    """Origins of other pieces of the same type that XBoard's callback counts: a move whose
    first stop is ``to``, or a null move (back to its own square), which XBoard's
    ``CoordsToAlgebraicCallback`` matches with any square."""
    code = game.pos.board[move.origin]
    out = set()
    for m in legal:
        if m.origin < 0 or m.origin == move.origin or game.pos.board[m.origin] != code:
            continue
        first = m.via[0] if m.via else m.target
        if first == to or m.target == m.origin:
            out.add(m.origin)
    return out


def _piece_leg(game: Game, move: Move, to: int, style: Style, legal: Sequence[Move],
               extra: str) -> str:
    """``N``, the disambiguation XBoard adds (or ``extra``: "file", "rank", "square"), ``x``,
    the square."""
    geo = game.geo
    o = move.origin
    letter = style.written(_letter(game, o))
    file_needed = rank_needed = either = False
    for a in _alternatives(game, move, to, legal):
        if geo.rank_of[a] == geo.rank_of[o]:
            file_needed = True
        elif geo.file_of[a] == geo.file_of[o]:
            rank_needed = True
        else:
            either = True
    use_file = file_needed or (either and not rank_needed) or extra in ("file", "square")
    use_rank = rank_needed or extra in ("rank", "square")
    text = letter + (geo.names[o][0] if use_file else "") + \
        (style.rank_text(geo.rank_of[o]) if use_rank else "")
    return text + ("x" if _occupied(game, to) else "") + _square(game, to, style)


def _castling(game: Game, move: Move, style: Style) -> str | None:
    """``O-O`` / ``O-O-O`` where XBoard writes it: the King-slot piece on its first rank,
    from the middle file (or the one left of it) to XBoard's castling files."""
    if move.rook < 0 or _letter(game, move.origin) not in style.kings:
        return None
    geo = game.geo
    files = geo.files
    ff, ft = geo.file_of[move.origin], geo.file_of[move.target]
    home = 0 if game.turn == WHITE else geo.ranks - 1
    if geo.rank_of[move.origin] != home or geo.rank_of[move.target] != home:
        return None
    if abs(ft - ff) <= 1:
        # a castling of one square (Fairy-Stockfish's diana, active) would read as the
        # King's step: written O-O/O-O-O as the reader takes them (_castlings: towards the
        # h-side, or the a-side for a King left of the middle)
        towards_h = geo.file_of[move.rook] > ff
        if ff < (files - 1) / 2:
            towards_h = not towards_h
        return "O-O" if towards_h else "O-O-O"
    if ff == files >> 1 and ft in (2, files - 2) or \
            ff == (files - 1) >> 1 and ft in (1, files - 3):
        return "O-O" if ft in (1, files - 2) else "O-O-O"
    return None


def body(game: Game, move: Move, style: Style, legal: Sequence[Move], extra: str = "",
         explicit: bool = False) -> str:
    """The SAN of ``move`` without check marks; ``extra`` and ``explicit`` add what XBoard
    leaves out (see the module's docstring)."""
    text = _body(game, move, style, legal, extra, explicit)
    if move.wall >= 0:
        text += "," + _square(game, move.wall, style)
    return text


def _body(game: Game, move: Move, style: Style, legal: Sequence[Move], extra: str,
          explicit: bool) -> str:
    if move.is_drop:
        return f"{style.written(move.drop)}@{_square(game, move.target, style)}"
    castle = _castling(game, move, style) if not extra else None
    if castle:
        return castle
    pawn = _letter(game, move.origin) in style.pawns
    if is_pass(move):
        # as XBoard writes a null move of the piece (its parser reads it back; the
        # "Nf4-f3" it writes for a pass entered in two legs it reads as a move from f4)
        return _piece_leg(game, move, move.origin, style, legal, extra)
    first = move.via[0] if move.via else move.target
    if pawn:
        text = _pawn_leg(game, move, first, style, extra in ("rank", "square"),
                         extra == "file")
    else:
        text = _piece_leg(game, move, first, style, legal, extra)
    if move.via:
        for s in move.via[1:]:
            text += "x" + _square(game, s, style)     # XBoard: the 2nd stop of 3 captures
        t = move.target
        quiet = not _occupied(game, t) or t == move.origin or t in move.via
        text += ("-" if quiet else "x") + _square(game, t, style)
    return text + _promo_suffix(game, move, style, legal, pawn, explicit)


def mark(game: Game, move: Move, style: Style) -> str:
    """``+`` for a check (not in Shogi and Chu), ``#`` for mate, after ``move``."""
    game.push(move)
    try:
        if not game.is_check():
            return ""
        if game.count_moves() == 0:
            return "#"
        return "+" if style.check_marks else ""
    finally:
        game.pop()


__all__ = ["body", "mark", "stops", "is_pass"]

"""Why a move's text names no legal move: the reason a user can act on (no such piece, none
that goes there, it would leave the king in check, a rule of the variant forbids it, the
promotion is not one of the choices).

What the text names is found here; why the rules refuse that move comes from ``game.why``
(its one ``pseudo_legal`` and ``why_illegal``), so a move read from a file, typed, or played
on the board gets the same reason ("in check", "pinned", "Shogi: no two Pawns on a file").
"""

from __future__ import annotations

from collections.abc import Sequence

from ..game.game import Game, Move
from ..game.why import castlings, pseudo_legal, why_illegal, why_move
from ..vocabulary import WHITE
from ..geometry.board import file_letter, square_name
from .san_read import SanText, candidates, our_letter, square_index
from .style import Style


def _side(game: Game) -> str:
    return "White" if game.turn == WHITE else "Black"


def explain(game: Game, st: SanText, style: Style, legal: Sequence[Move]) -> str:
    """The reason ``st`` names no legal move in ``game``'s position."""
    side = _side(game)
    if st.kind == "pass":
        return "no piece here can pass"
    if st.kind == "castle":
        where = "queenside" if st.long else "kingside"
        if game.cfg.castling is None:
            return "Castling is not allowed in this variant"
        named = candidates(game, st, style, castlings(game))
        why = why_illegal(game, named[0]) if named else "no castling right left"
        return f"{side} cannot castle {where} here: {why}"
    if st.piece and our_letter(game, st, style) is None:
        return f"the variant has no piece {st.piece}"
    if st.kind == "drop":
        return _explain_drop(game, st, style)
    name = st.piece or "pawn"
    if st.wall is not None:
        unwalled = candidates(game, st, style, legal, with_wall=False)
        if unwalled:
            names = game.geo.names
            squares = sorted({names[m.wall] for m in unwalled if m.wall >= 0})
            wall = names[square_index(game, st.wall, style, st.text)]
            return f"the wall may not go on {wall}" + \
                (f" (it may go on {', '.join(squares)})" if squares else
                 " (this move places no wall)")
    loose = candidates(game, st, style, legal, with_promotion=False)
    if loose:
        return _explain_promotion(loose, st, style)
    pseudo = candidates(game, st, style, pseudo_legal(game))
    if pseudo:
        return _first_reason(game, pseudo)
    if not _has_piece(game, st, style):
        return f"{side} has no {name} on the board"
    hint = _origin_hint(st)
    path = "-".join(square_name((f, r - 1)) for f, r in st.squares)
    if hint:
        return f"no {side} {name} on {hint} can go to {path}"
    return f"no {side} {name} can go to {path}"


def explain_move(game: Game, move: Move) -> str:
    """Why ``move`` (from the board: an origin, a target, maybe a drop) is not legal here, for
    a status bar; "" when it is legal. The rules' own reason (``game.why``), the same the
    Play board gives."""
    return why_move(game, move)


def _first_reason(game: Game, moves: Sequence[Move]) -> str:
    """The shortest reason the rules give against one of ``moves`` (the text may name
    several, e.g. both promotion choices)."""
    reasons = [r for r in (why_illegal(game, m) for m in moves) if r]
    return min(reasons, key=len) if reasons else "the rules refuse it here"


def _explain_drop(game: Game, st: SanText, style: Style) -> str:
    letter = our_letter(game, st, style)
    s = square_index(game, st.squares[0], style, st.text)
    if letter is None:
        return f"{_side(game)} has no {st.piece} in hand"
    return why_illegal(game, Move(-1, s, drop=letter)) or "the rules refuse it here"


def _explain_promotion(loose: list[Move], st: SanText, style: Style) -> str:
    choices = sorted({"+" if m.promotion.startswith("+") and style.shogi else
                      style.written(m.promotion) for m in loose if m.promotion})
    plain = any(not m.promotion for m in loose)
    if st.promotion == "=":
        return "this move must promote"
    if not choices:
        return "this move cannot promote"
    allowed = ", ".join(choices) + (" or no promotion" if plain else "")
    return f"promotion to {st.promotion} is not allowed here (choices: {allowed})"


def _has_piece(game: Game, st: SanText, style: Style) -> bool:
    pos = game.pos
    us = pos.stm
    letters = game.cfg.kinds.letters
    wanted = {our_letter(game, st, style)} if st.piece else set(style.pawns)
    if not st.piece and not wanted:
        return True
    return any(code and code & 1 == us and letters[code >> 1] in wanted for code in pos.board)


def _origin_hint(st: SanText) -> str:
    f = "" if st.origin_file is None else file_letter(st.origin_file)
    r = "" if st.origin_rank is None else str(st.origin_rank)
    return f + r


__all__ = ["explain", "explain_move", "pseudo_legal"]

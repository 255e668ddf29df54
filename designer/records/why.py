"""Why a move's text names no legal move: the reason a user can act on (no such piece, none
that goes there, it would leave the king in check, a rule of the variant forbids it, the
promotion is not one of the choices).

The moves that obey the pieces but not the king's safety come from the rules engine's own
generator with its safety test off (``Safety.unguarded``: every move the pieces make), so
that "leaves the king in check" is told apart from "no piece goes there" and from the
variant's other rules (Chu's Lion trading, the drop rules).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..rules.attacks import Safety
from ..rules.game import Game, Move
from ..vocabulary import WHITE
from .san_read import SanText, candidates, our_letter
from .style import Style


def pseudo_legal(game: Game) -> list[Move]:
    """Every move the side to move's pieces make, the king's safety not tested (the engine's
    generator with an unguarded ``Safety``; castling and drops keep their own rules)."""
    gen = game.generator
    pos = game.pos
    info = Safety()
    info.unguarded = True
    out: list[Move] = []
    gen._pieces(pos, info, out)                     # noqa: SLF001 (one engine, one generator)
    if game.cfg.drops:
        gen._drops(pos, info, out)                  # noqa: SLF001
    return out


def leaves_royal_attacked(game: Game, move: Move) -> bool:
    """Whether, after ``move``, a royal piece of the mover can be taken."""
    pos = game.pos
    mover = pos.stm
    pos.push(move)
    try:
        royals = pos.royals(mover)
        while royals:
            low = royals & -royals
            royals ^= low
            if game.attacks.attackers(pos, low.bit_length() - 1, pos.stm, pos.occ, 0, True):
                return True
        return False
    finally:
        pos.pop()


def _side(game: Game) -> str:
    return "White" if game.turn == WHITE else "Black"


def _target(st: SanText) -> str:
    return "".join(f"{chr(ord('a') + f)}{r}" for f, r in st.squares[-1:])


def explain(game: Game, st: SanText, style: Style, legal: Sequence[Move]) -> str:
    """The reason ``st`` names no legal move in ``game``'s position."""
    side = _side(game)
    if st.kind == "pass":
        return "no piece here can pass"
    if st.kind == "castle":
        where = "queenside" if st.long else "kingside"
        why = " (in check)" if game.is_check() else ""
        return f"{side} cannot castle {where} here{why}"
    if st.piece and our_letter(game, st, style) is None:
        return f"the variant has no piece {st.piece}"
    if st.kind == "drop":
        return _explain_drop(game, st, style)
    name = st.piece or "pawn"
    loose = candidates(game, st, style, legal, with_promotion=False)
    if loose:
        return _explain_promotion(loose, st, style)
    pseudo = candidates(game, st, style, pseudo_legal(game))
    if pseudo:
        if all(leaves_royal_attacked(game, m) for m in pseudo):
            return f"it would leave {side}'s king in check"
        return "a rule of the variant forbids it here"
    if not _has_piece(game, st, style):
        return f"{side} has no {name} on the board"
    hint = _origin_hint(st)
    path = "-".join(f"{chr(ord('a') + f)}{r}" for f, r in st.squares)
    if hint:
        return f"no {side} {name} on {hint} can go to {path}"
    return f"no {side} {name} can go to {path}"


def explain_move(game: Game, move: Move) -> str:
    """Why ``move`` (from the board: an origin, a target, maybe a drop) is not legal here, for
    a status bar; "" when it is legal."""
    legal = game.legal_moves()
    if move in legal:
        return ""
    same = [m for m in legal if m.origin == move.origin and m.target == move.target]
    if same:
        return "the move needs another promotion choice or path"
    side = _side(game)
    pseudo = [m for m in pseudo_legal(game) if m.origin == move.origin and
              m.target == move.target and m.drop == move.drop]
    if pseudo:
        if all(leaves_royal_attacked(game, m) for m in pseudo):
            return f"it would leave {side}'s king in check"
        return "a rule of the variant forbids it here"
    if move.is_drop:
        if not game.hand(game.turn).get(move.drop):
            return f"{side} has no {move.drop} in hand"
        if game.piece_at(move.target) is not None:
            return f"{game.geo.names[move.target]} is occupied"
        return f"the drop rules of the variant forbid {move.drop} on " \
               f"{game.geo.names[move.target]}"
    here = game.piece_at(move.origin)
    if here is None or here[1] != game.turn:
        return f"no {side} piece on {game.geo.names[move.origin]}"
    return f"the {here[0]} on {game.geo.names[move.origin]} cannot go to " \
           f"{game.geo.names[move.target]}"


def _explain_drop(game: Game, st: SanText, style: Style) -> str:
    side = _side(game)
    letter = our_letter(game, st, style)
    if letter is None or not game.hand(game.turn).get(letter):
        return f"{side} has no {st.piece} in hand"
    where = _target(st)
    pseudo = candidates(game, st, style, pseudo_legal(game))
    if pseudo and all(leaves_royal_attacked(game, m) for m in pseudo):
        return f"dropping {st.piece} on {where} would leave {side}'s king in check"
    f, r = st.squares[0]
    s = game.geo.square(f, r - style.rank_base)
    if game.piece_at(s) is not None:
        return f"{where} is occupied"
    return f"the drop rules of the variant forbid {st.piece} on {where}"


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
    f = "" if st.origin_file is None else chr(ord("a") + st.origin_file)
    r = "" if st.origin_rank is None else str(st.origin_rank)
    return f + r


__all__ = ["explain", "explain_move", "pseudo_legal", "leaves_royal_attacked"]

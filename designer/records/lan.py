"""Moves as the engines' protocols write them: long algebraic coordinates (``e2e4``, ``e7e8q``,
``P@e4``, ``h2b8+``), the form of the engine link.

``uci`` follows Fairy-Stockfish (``uci.cpp: UCI::move`` at the commit of the engine we test
with): squares with ranks from 1 (``a10`` on ten ranks), a promotion as the lower-case letter
of the new piece or ``+`` for a Shogi-style one, a drop as the upper-case letter and ``@``,
castling as the king's move to its castling square (``e1g1``, Capablanca ``f1i1``) except when
a plain king move there exists too, then king takes rook (``e1h1``), as Fairy-Stockfish's
Chess960 form; multi-leg moves (which Fairy-Stockfish does not play) as XBoard's protocol
sends them, each leg as from-to joined by commas (``e5f6,f6g7``); a wall placed by the move
as Fairy-Stockfish's gating part, a comma, the target and the wall square (``e2e4,e4e3``; where
a side walls or moves, a move placing none names the first square, ``Game.wall_text``).
``xboard=True`` writes the
XBoard protocol's form, whose ranks start at 0 on boards of exactly ten ranks
(``engine-intf.html``; Fairy-Stockfish's XBoard mode does the same).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..game.game import Game, Move
from ..geometry.board import square_name, xboard_rank_base
from .san_read import SanError


def _square(game: Game, s: int, xboard: bool) -> str:
    geo = game.geo
    base = xboard_rank_base(geo.ranks) if xboard else 1
    return square_name((geo.file_of[s], geo.rank_of[s]), base)


def uci(game: Game, move: Move, xboard: bool = False,
        pseudo: Sequence[Move] | None = None) -> str:
    """``move`` (of ``game``'s position) in the engines' long algebraic form."""
    plain, promo = _parts(game, move._replace(wall=-1), xboard, pseudo)
    if move.wall < 0 and not game.wall_text(move):
        return plain + promo
    # the wall placed, as the move's destination and the wall's square (UCI::move: after the
    # promotion in UCI, before it in the XBoard protocol)
    wall = move.wall if move.wall >= 0 else 0
    part = f",{_square(game, move.target, xboard)}{_square(game, wall, xboard)}"
    return plain + part + promo if xboard else plain + promo + part


def _plain(game: Game, move: Move, xboard: bool, pseudo: Sequence[Move] | None) -> str:
    plain, promo = _parts(game, move, xboard, pseudo)
    return plain + promo


def _parts(game: Game, move: Move, xboard: bool,
           pseudo: Sequence[Move] | None) -> tuple[str, str]:
    """The move's squares and its promotion suffix, without a wall part."""
    sq = _square
    if move.is_drop:
        return f"{move.drop}@{sq(game, move.target, xboard)}", ""
    # a promotion into the promoted form is "+" whatever the form's letter (Fairy-Stockfish's
    # UCI::move, XBoard's Shogi-style promotion), a demotion "-"; a pawn's choice is the letter
    if move.promotion[:1] in ("+", "-"):
        promo = move.promotion[0]
    else:
        promo = "+" if game.form_promotion(move) else move.promotion.lower()
    if move.via:
        stops = (move.origin,) + move.via + (move.target,)
        return ",".join(sq(game, a, xboard) + sq(game, b, xboard)
                        for a, b in zip(stops, stops[1:])), promo
    target = move.target
    if move.rook >= 0 and _king_move_too(game, move, pseudo):
        target = move.rook
    return sq(game, move.origin, xboard) + sq(game, target, xboard), promo


def _king_move_too(game: Game, move: Move, pseudo: Sequence[Move] | None) -> bool:
    """Whether the castling king could also step to its castling square by a plain move
    (Fairy-Stockfish then writes king takes rook)."""
    if pseudo is None:
        from ..game.why import pseudo_legal
        pseudo = pseudo_legal(game)
    return any(m.origin == move.origin and m.target == move.target and m.rook < 0 and
               not m.via for m in pseudo)


def read_uci(game: Game, text: str, xboard: bool = False,
             legal: Sequence[Move] | None = None) -> Move:
    """The legal move an engine's text names (SanError when none does). A Shogi ``=`` for a
    promotion declined is dropped and the promotion letter's case ignored, as
    Fairy-Stockfish's ``UCI::to_move`` does; castling is read in both forms."""
    want = text.strip()
    if len(want) == 5 and want.endswith("="):
        want = want[:-1]
    low = want.lower()
    legal = game.legal_moves() if legal is None else legal
    for m in legal:
        written = uci(game, m, xboard, pseudo=())
        if written == want or written.lower() == low:
            return m
        if m.wall < 0 and "," in written and \
                _plain(game, m, xboard, ()).lower() == low:   # its wall part left out
            return m
        if m.rook >= 0 and uci(game, m._replace(target=m.rook), xboard, pseudo=()) == want:
            return m
    raise SanError(want, "not a legal move here")


__all__ = ["uci", "read_uci"]

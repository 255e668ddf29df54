"""Our move texts against Fairy-Stockfish's own (pyffish, its move generator in-process, the
same code as the engine binary): the long algebraic text of every legal move is the one the
engine prints and reads (``UCI::move``), and our SAN is its SAN wherever XBoard and it write
the same. Where they differ, the differences are exactly these (Fairy-Stockfish -> XBoard):

* ten-rank boards (Grand, Xiangqi): ranks from 1 (``a10``) -> from 0 (``a9``);
* Shogi and Xiangqi pawns: a letter (``Pa4``, ``Pxg5``, sideways ``Pb5``) -> none, the origin's
  file for a capture or a sideways step (``a4``, ``gxg5``, ``ab5``);
* Shogi promotions: ``=`` and the promoted piece's own letter (``Bxc3=H``) -> ``+``; a promotion
  declined: nothing -> ``=``; promoted pieces: their own letters (``Gc8``, ``Hd2``) -> ``+N``,
  ``+B``; a check: ``+`` -> nothing (XBoard marks no check in Shogi).
"""

import random
import re

import pytest

pyffish = pytest.importorskip("pyffish", reason="pyffish (Fairy-Stockfish's move generator) "
                              "is in the test extra")

from designer.records import read_uci, san, style_for, uci  # noqa: E402
from designer.records.san import mark  # noqa: E402
from designer.game.why import pseudo_legal  # noqa: E402
from designer.game.game import Game  # noqa: E402

from records_data import sample  # noqa: E402

FSF = {"fide": "chess", "capablanca": "capablanca", "shogi": "shogi", "xiangqi": "xiangqi",
       "crazyhouse": "crazyhouse", "grand": "grand", "makruk": "makruk", "shatranj": "shatranj",
       "courier": "courier"}
SAME_SAN = ("fide", "capablanca", "crazyhouse", "grand", "makruk", "shatranj", "courier")


def _positions(name: str, plies: int, seed: int = 3):
    """(game, fen, legal moves, pseudo-legal moves) along a seeded random game, Fairy-Stockfish
    following by our move texts (so both stand on the same position)."""
    variant = FSF[name]
    rng = random.Random(seed)
    game = Game(sample(name))
    start = pyffish.start_fen(variant)
    history: list[str] = []
    for _ in range(plies):
        legal = game.legal_moves()
        if not legal:
            return
        pseudo = pseudo_legal(game)
        yield game, pyffish.get_fen(variant, start, history), legal, pseudo, history
        move = rng.choice(legal)
        history.append(uci(game, move, pseudo=pseudo))
        game.push(move)


@pytest.mark.parametrize("name", sorted(FSF))
def test_the_long_algebraic_text_of_every_move_is_fairy_stockfishs(name):
    variant = FSF[name]
    start = pyffish.start_fen(variant)
    for game, _fen, legal, pseudo, history in _positions(name, 40):
        ours = {uci(game, m, pseudo=pseudo) for m in legal}
        assert ours == set(pyffish.legal_moves(variant, start, history)), history
        for m in legal[::7]:
            assert read_uci(game, uci(game, m, pseudo=pseudo), legal=legal) == m


@pytest.mark.parametrize("name", SAME_SAN)
def test_our_san_is_fairy_stockfishs_where_xboard_writes_the_same(name):
    style = style_for(sample(name)).with_rank_base(1)      # Fairy-Stockfish counts from 1
    for game, fen, legal, pseudo, _ in _positions(name, 16):
        for m in legal:
            theirs = pyffish.get_san(FSF[name], fen, uci(game, m, pseudo=pseudo), False,
                                     pyffish.NOTATION_SAN)
            assert san(game, m, style, legal) == theirs


def _as_xboard(text: str, game: Game, move, legal, style) -> str:
    """Fairy-Stockfish's SAN with the documented differences turned into XBoard's."""
    out = text
    letter = game.piece_at(move.origin)[0] if move.origin >= 0 else ""
    if style.shogi:
        out = out.rstrip("+")                                  # no check marks
        out = re.sub(r"=[A-Z]", "+", out)                      # promotion
        if letter.startswith("+"):
            out = letter + out[1:]                             # promoted piece: +N, +B
        declined = not move.promotion and any(
            m.promotion and m[:2] == move[:2] for m in legal)
        if declined:
            out = out.replace("#", "") + "=" + ("#" if out.endswith("#") else "")
    if out.startswith("P") and "@" not in out:
        geo = game.geo
        rest = out[1:]
        sideways = geo.file_of[move.origin] != geo.file_of[move.target]
        out = (geo.names[move.origin][0] + rest) if rest.startswith("x") or sideways else rest
    return out


@pytest.mark.parametrize("name", ["shogi", "xiangqi"])
def test_san_differs_from_fairy_stockfishs_only_as_documented(name):
    style = style_for(sample(name)).with_rank_base(1)
    differing = 0
    for game, fen, legal, pseudo, _ in _positions(name, 30):
        for m in legal:
            theirs = pyffish.get_san(FSF[name], fen, uci(game, m, pseudo=pseudo), False,
                                     pyffish.NOTATION_SAN)
            ours = san(game, m, style, legal)
            differing += ours != theirs
            assert ours == _as_xboard(theirs, game, m, legal, style), (ours, theirs)
    assert differing                                           # the list above is not empty


def test_check_marks_follow_xboard():
    """'+' after a check outside Shogi, never in Shogi; '#' after mate everywhere."""
    fide = Game(sample("fide"), "4k3/3ppp2/8/8/8/8/8/R3K3 w Q - 0 1")
    rook = next(m for m in fide.legal_moves() if fide.geo.names[m.target] == "a8")
    assert mark(fide, rook, style_for(fide.variant)) == "#"
    shogi = Game(sample("shogi"), "k8/9/P8/9/9/9/9/9/4K4[GG] w 0 1")
    style = style_for(shogi.variant)

    def drop(square):
        return next(m for m in shogi.legal_moves()
                    if m.is_drop and shogi.geo.names[m.target] == square)
    assert mark(shogi, drop("b8"), style) == ""               # check, unmarked in Shogi
    assert mark(shogi, drop("a8"), style) == "#"              # mate
    assert san(shogi, drop("a8"), style) == "G@a8#"

"""A promotion into a piece's promoted form is written ``+`` in the engines' text even when the
form has a plain letter: Fairy-Stockfish's ``UCI::move`` writes ``+`` for every
``PIECE_PROMOTION``. Fairy-Stockfish's own ``go perft 1`` in its [backrank] (every piece turns
into the King, ``promotedPieceType = q:k r:k b:k n:k p:k``) from k7/4P3/8/8/8/8/8/K7 w lists
a1a2, a1b1, a1b2, e7e8+."""

from __future__ import annotations

from designer.engines.referee import RulesReferee
from designer.formats.registry import read_any
from designer.records import read_uci, uci
from designer.game.game import Game
from repo_data import ROOT

FEN = "k7/4P3/8/8/8/8/8/K7 w - - 0 1"
FSF_PERFT = {"a1a2", "a1b1", "a1b2", "e7e8+"}


def _backrank():
    return read_any(str(ROOT / "tests" / "data" / "fsf" / "variants.ini"), "backrank")


def test_our_long_algebraic_text_is_fairy_stockfishs():
    game = Game(_backrank(), FEN)
    assert {uci(game, m) for m in game.legal_moves()} == FSF_PERFT
    assert {game.move_text(m) for m in game.legal_moves()} == FSF_PERFT
    promotion = read_uci(game, "e7e8+")
    assert promotion.promotion == "K" and game.move_from_text("e7e8+") == promotion


def test_the_referee_speaks_the_engines_text():
    referee = RulesReferee(_backrank(), FEN)
    assert {referee.engine_text(m) for m in referee.game.legal_moves()} == FSF_PERFT

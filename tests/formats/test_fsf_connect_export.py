"""A connection rule for any piece is exported as Fairy-Stockfish reads it: the export names
the pieces (``connectPieceTypes = q``), since Fairy-Stockfish reads ``*`` in a piece set as the
one type "all pieces", which a connection never matches, and then never scores a connect win.
Checked in pyffish (Fairy-Stockfish's move generator and game ends): the corpus sections and
our export of them end the same games at the same plies."""

from __future__ import annotations

import random
import re

import pytest

from designer.formats import fsf_ini

from repo_data import ROOT

sf = pytest.importorskip("pyffish")
CORPUS = (ROOT / "tests" / "data" / "fsf" / "variants.ini").read_text()


def _exported(name: str) -> str:
    """Our export of a corpus section, loaded into pyffish as ``<name>x``."""
    text = fsf_ini.write(fsf_ini.read(CORPUS, name), with_designer=False)
    assert "connectPieceTypes = *" not in text
    ours = f"{name.replace('-', '')}x"
    sf.load_variant_config(re.sub(r"^\[[^\]:]+", f"[{ours}", text, count=1, flags=re.M))
    return ours


def test_a_four_in_a_row_of_queens_wins_in_our_export():
    sf.load_variant_config(CORPUS)
    ours = _exported("allqueenschess")
    fen = "5/5/QQQ2/qqq2/3Q1 w - - 0 1"
    for name in ("allqueenschess", ours):
        # d1-d3 makes a3 b3 c3 d3: White has connected four, Black (to move) has lost
        assert sf.is_immediate_game_end(name, fen, ["d1d3"]) == (True, -sf.VALUE_MATE)
        assert sf.game_result(name, fen, ["d1d3"]) == -sf.VALUE_MATE
        assert sf.is_immediate_game_end(name, fen, ["d1d2"])[0] is False


@pytest.mark.parametrize("name", ["allqueenschess", "roll-ing-to-four", "asimplegame"])
def test_connect_games_end_where_the_corpus_section_ends_them(name):
    """Seeded random games until one ends by a connection: at every ply the same immediate
    end (and at the start the same legal moves)."""
    sf.load_variant_config(CORPUS)
    ours = _exported(name)
    start = sf.start_fen(name)
    assert sorted(sf.legal_moves(ours, start, [])) == sorted(sf.legal_moves(name, start, []))
    connected = False
    for seed in range(8):
        rng, fen = random.Random(seed), start
        for _ in range(100):                 # each position from its FEN: no replaying
            theirs = sf.is_immediate_game_end(name, fen, [])[0]
            assert sf.is_immediate_game_end(ours, fen, [])[0] == theirs, (seed, fen)
            legal = sf.legal_moves(name, fen, [])
            if theirs or not legal:
                connected = theirs
                break
            fen = sf.get_fen(name, fen, [rng.choice(legal)])
        if connected:
            break
    assert connected


def test_a_section_that_says_star_connects_nothing_here_as_in_fairy_stockfish():
    """Read as the engine reads it: ``connectPieceTypes = *`` names no piece of the board, so
    Fairy-Stockfish never scores the four queens in a row, and neither do our rules."""
    from designer.game.game import Game
    text = ("[starqueens]\nmaxRank = 5\nmaxFile = e\ncustomPiece1 = q:mQ\n"
            "startFen = qQqQq/5/Q3q/5/QqQqQ\nconnectN = 4\nconnectPieceTypes = *\n")
    sf.load_variant_config(text)
    fen = "5/5/QQQ2/qqq2/3Q1 w - - 0 1"
    assert sf.is_immediate_game_end("starqueens", fen, ["d1d3"])[0] is False
    game = Game(fsf_ini.read(text, "starqueens"), fen)
    game.push(game.move_from_text("d1d3"))
    assert game.outcome() is None
    assert any("connectPieceTypes" in str(n) for n in fsf_ini.read_notices(text, "starqueens"))

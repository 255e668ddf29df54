"""Janggi's bikjang, passing and material counting (janggihouse of Fairy-Stockfish's
variants.ini) against pyffish: legal moves, and whether and how the game has ended, in
positions built for each rule. Expected values come from pyffish, never from our game."""

import pytest

from designer.formats import fsf_ini
from designer.game.game import Game
from repo_data import FSF_DATA

sf = pytest.importorskip("pyffish", reason="pyffish (the test extra) is not installed")

TEXT = (FSF_DATA / "variants.ini").read_text()
FACING = "9/4k4/9/9/9/9/9/9/4K4/R8[] w - - 0 1"        # the kings face each other on e


@pytest.fixture(scope="module")
def janggihouse():
    sf.load_variant_config(TEXT)
    return fsf_ini.read(TEXT, "janggihouse", "variants.ini")


@pytest.mark.parametrize("fen,moves", [
    (FACING, []),                         # bikjang: only moves that break it, or the pass
    (FACING, ["e2e2"]),                   # passed: the face-off stands twice, the game ends
    (FACING, ["e2d2"]),                   # broken by the king
    ("9/4k4/9/9/9/9/9/9/3K5/4R4[] w - - 0 1", ["e1f1"]),   # made by the mover: Black answers
    ("4k4/9/9/9/9/9/9/9/3K5/R8[] w - - 0 1", ["d2d2"]),   # one pass: play goes on
    ("4k4/9/9/9/9/9/9/9/3K5/R8[] w - - 0 1", ["d2d2", "e10e10"]),   # two passes end it
    ("3k5/9/9/9/9/9/9/9/4K4/2pp5[] w - - 0 1", ["e2e2", "d10d10"]),  # counted for Black
    ("3k5/9/9/9/9/9/4r4/9/4K4/9[] w - - 0 1", []),         # in check: no pass
])
def test_janggi_rules_play_as_pyffish(janggihouse, fen, moves):
    game = Game(janggihouse, fen)
    for m in moves:
        game.play(game.move_from_text(m))
    assert {game.move_text(m) for m in game.legal_moves()} == \
        set(sf.legal_moves("janggihouse", fen, moves))
    ended, value = sf.is_immediate_game_end("janggihouse", fen, moves)
    outcome = game.outcome()
    assert (outcome is not None) == ended
    if ended:
        # the engine's value is for the side to move
        stm = game.turn
        winner = None if value == 0 else stm if value > 0 else \
            ("black" if stm == "white" else "white")
        assert outcome.winner == winner


def test_janggihouse_counts_the_engines_perft():
    v = fsf_ini.read(TEXT, "janggihouse", "variants.ini")
    assert [Game(v).perft(d) for d in (1, 2, 3)] == [32, 1024, 33000]

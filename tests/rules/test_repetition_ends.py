"""Repetitions end games where the real programs end them, and only there: pyffish
(Fairy-Stockfish's own rules in process) judges each case after the same moves.

* a double step that no pawn can answer e.p. leaves no e.p. square, so the position after it
  repeats (FIDE; python-chess and Fairy-Stockfish's do_move alike);
* perpetual check is judged along the whole stretch back to the first occurrence the count
  needs, not along the last cycle only (Fairy-Stockfish's ``is_optional_game_end``);
* a stalemated side's pass with a pawn is irreversible as the pawn's move is, so a repetition
  does not reach back across it (andersanti).
"""

import pytest

from designer.commands.fsf_parents import sample
from designer.formats import fsf_ini
from designer.game.game import Game
from repo_data import FSF_DATA

sf = pytest.importorskip("pyffish", reason="pyffish (the test extra) is not installed")
TEXT = (FSF_DATA / "variants.ini").read_text()


def _played(v, fen, moves):
    game = Game(v, fen)
    for mv in moves:
        game.push(game.move_from_text(mv))
    return game


def _pyffish_end(name, fen, moves):
    """(ended, winner) as pyffish judges the position after ``moves``."""
    ended, value = sf.is_optional_game_end(name, fen, moves)
    if not ended:
        return False, None
    stm = "white" if sf.get_fen(name, fen, moves).split()[1] == "w" else "black"
    return True, None if value == 0 else stm if value > 0 else \
        ("black" if stm == "white" else "white")


def _ours(game):
    out = game.outcome()
    return (False, None) if out is None else (True, out.winner)


def test_a_double_step_no_pawn_can_take_does_not_stop_a_threefold_repetition():
    fen = "1r6/p3bpk1/8/8/4p3/1n6/8/6K1 b - - 3 35"
    moves = "f7f5 g1h2 b8b6 h2g1 b6b8 g1h2 b8h8 h2g1 h8b8".split()
    game = _played(sample("chess"), fen, moves)
    assert _pyffish_end("chess", fen, moves) == (True, None)
    assert _ours(game) == (True, None)
    assert game.outcome().termination == "repetition"
    # the e.p. square no pawn can use is not written either, as Fairy-Stockfish writes it
    assert game.fen().split()[3] == "-"


def test_a_double_step_a_pawn_can_take_keeps_its_e_p_square():
    fen = "4k3/8/8/8/5p2/8/4P3/4K3 w - - 0 1"
    game = _played(sample("chess"), fen, ["e2e4"])
    assert game.fen().split()[3] == sf.get_fen("chess", fen, ["e2e4"]).split()[3] == "e3"


@pytest.mark.parametrize("moves", [
    # White checks on every move of the last cycle, but not on the first: a plain draw
    "e10e9 a10a8 e9e10 a8a10 e10e9 a10a9 e9e10 a9a10",
    # White checks on every move since the first occurrence: White loses
    "e10e9 a10a9 e9e10 a9a10 e10e9 a10a9 e9e10 a9a10",
])
def test_perpetual_check_is_judged_since_the_first_occurrence(moves):
    fen = "R3k4/9/9/9/9/9/9/9/9/3K5 b - - 0 1"
    moves = moves.split()
    want = _pyffish_end("xiangqi", fen, moves)
    assert want[0]
    assert _ours(_played(sample("xiangqi"), fen, moves)) == want


def test_a_repetition_does_not_reach_back_across_a_pawns_pass():
    sf.load_variant_config(TEXT)
    fen = "8/8/4p3/1p2P3/8/1r5p/8/2b5 w - - 0 1"
    moves = "e5e5 b3b4 e5e5 b4b3 e5e5 b3b4 e5e5 b4b3 e5e5 b3b4".split()
    game = _played(fsf_ini.read(TEXT, "andersanti", "variants.ini"), fen, moves)
    assert _pyffish_end("andersanti", fen, moves) == (False, None)
    assert _ours(game) == (False, None)
    assert {game.move_text(m) for m in game.legal_moves()} == \
        set(sf.legal_moves("andersanti", fen, moves))


def test_an_e_p_square_of_the_fen_no_pawn_can_use_does_not_stop_a_repetition():
    fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"
    moves = "g8f6 g1f3 f6g8 f3g1 g8f6 g1f3 f6g8 f3g1".split()
    assert _pyffish_end("chess", fen, moves) == (True, None)
    assert _ours(_played(sample("chess"), fen, moves)) == (True, None)

"""Capture the flag, check counting, compulsory capture and the ban on giving check: the game's
legal moves and outcomes in positions where Fairy-Stockfish decides them.

The expected move counts are the engine's (``go perft 1`` of the built-in variant or of the
section of its variants.ini, noted beside each); the winners are the variants' published rules
(King of the Hill, Racing Kings, Three-check).
"""

import pytest

from designer.formats import fsf_ini
from designer.game.game import Game
from repo_data import FSF_DATA

CORPUS = (FSF_DATA / "variants.ini").read_text()


def builtin(name):
    """Fairy-Stockfish's built-in variant, read through a section that only inherits it."""
    return fsf_ini.read(f"[{name}x:{name}]\n", f"{name}x", "test.ini")


def section(name):
    return fsf_ini.read(CORPUS, name, "variants.ini")


def test_king_of_the_hill_is_won_on_reaching_the_centre():
    game = Game(builtin("kingofthehill"),
                "rnbqkbnr/pppp1ppp/8/4p3/4K3/8/PPPPPPPP/RNBQ1BNR b kq - 0 3")
    assert game.count_moves() == 0 and game.legal_moves() == []      # engine: 0
    outcome = game.outcome()
    assert outcome is not None and outcome.termination == "flag"
    assert outcome.winner == "white" and outcome.result() == "1-0"


def test_king_of_the_hill_ends_the_moment_the_king_arrives():
    game = Game(builtin("kingofthehill"),
                "rnbqkbnr/pppp1ppp/8/4p3/8/4K3/PPPPPPPP/RNBQ1BNR w kq - 0 3")
    assert game.outcome() is None and game.count_moves() == 22         # engine: 22
    game.play(game.move_from_text("e3e4"))
    assert game.outcome() is not None and game.outcome().winner == "white"
    game.pop()
    assert game.outcome() is None


def test_racing_kings_gives_black_one_move_to_draw():
    game = Game(builtin("racingkings"), "6K1/k7/8/8/8/8/8/8 b - - 0 5")
    assert game.count_moves() == 5 and game.outcome() is None         # engine: 5
    game.play(game.move_from_text("a7a8"))
    drawn = game.outcome()
    assert drawn is not None and drawn.termination == "flag" and drawn.winner is None
    assert game.count_moves() == 0
    game.pop()
    game.play(game.move_from_text("a7a6"))
    won = game.outcome()
    assert won is not None and won.winner == "white"


@pytest.mark.parametrize("fen", [
    "6K1/8/8/8/8/8/krbnNBR1/qrbnNBRQ b - - 0 5",      # Black's king cannot follow: engine 0
    "6K1/k7/8/8/8/8/1rbnNBR1/qrbnNBRQ b - - 0 5",     # Black is in check: engine 0
])
def test_racing_kings_is_won_when_black_cannot_follow(fen):
    game = Game(builtin("racingkings"), fen)
    assert game.count_moves() == 0
    assert game.outcome() is not None and game.outcome().winner == "white"


def test_racing_kings_is_won_at_once_by_black():
    game = Game(builtin("racingkings"), "k7/8/8/8/8/6K1/1rbnNBR1/qrbnNBRQ w - - 0 6")
    assert game.count_moves() == 0                                    # engine: 0
    assert game.outcome() is not None and game.outcome().winner == "black"


def test_racing_kings_is_drawn_when_both_kings_stand_on_the_last_rank():
    game = Game(builtin("racingkings"), "k5K1/8/8/8/8/8/1rbnNBR1/qrbnNBRQ w - - 0 6")
    assert game.count_moves() == 0                                    # engine: 0
    assert game.outcome() is not None and game.outcome().winner is None


def test_racing_kings_forbids_giving_check():
    game = Game(builtin("racingkings"))
    # the engine counts 21 moves from the start; Nxc2 and Bxb6-like checks are not among them
    assert game.count_moves() == len(game.legal_moves()) == 21
    for mv in game.legal_moves():
        game.push(mv)
        assert not game.is_check(), mv.text(game.geo)
        game.pop()


def test_checkmateless_forbids_the_scholars_mate():
    game = Game(section("checkmateless"),
                "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4")
    texts = {mv.text(game.geo) for mv in game.legal_moves()}
    assert len(texts) == 40 and game.count_moves() == 40              # engine: 40
    assert "h5f7" not in texts and "c4f7" not in texts


def test_three_check_counts_the_checks_in_the_fen():
    game = Game(builtin("3check"),
                "rnbqkbnr/ppp2ppp/3p4/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 3+3 0 3")
    game.play(game.move_from_text("f1b5"))
    assert game.is_check() and game.outcome() is None
    assert game.fen().split()[4] == "2+3"
    assert game.count_moves() == 6                                    # engine: 6
    game.pop()
    assert game.fen().split()[4] == "3+3"


def test_the_last_check_needed_wins():
    game = Game(builtin("3check"),
                "rnbqkbnr/ppp2ppp/3p4/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1+3 0 3")
    game.play(game.move_from_text("f1b5"))
    outcome = game.outcome()
    assert outcome is not None and outcome.termination == "check count"
    assert outcome.winner == "white" and game.count_moves() == 0     # engine: 0


@pytest.mark.parametrize("counters, moves", [("0+3 1 3", 0), ("1+3 1 3", 6),
                                             ("0 3 +3+0", 0), ("0 3 +2+0", 6)])
def test_check_counters_in_both_of_fairy_stockfishs_forms(counters, moves):
    fen = f"rnbqkbnr/ppp2ppp/3p4/1B2p3/4P3/8/PPPP1PPP/RNBQK1NR b KQkq - {counters}"
    assert Game(builtin("3check"), fen).count_moves() == moves        # engine: the same


def test_a_capture_is_compulsory():
    game = Game(section("capture"),
                "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2")
    assert [mv.text(game.geo) for mv in game.legal_moves()] == ["e4d5"]   # engine: e4d5
    assert game.count_moves() == 1


def test_giveaway_wins_by_losing_everything():
    game = Game(builtin("giveaway"), "8/8/8/8/8/8/p7/1R6 b - - 0 1")
    texts = sorted(mv.text(game.geo) for mv in game.legal_moves())
    assert texts == ["a2b1b", "a2b1k", "a2b1n", "a2b1q", "a2b1r"]   # engine: the same
    game.play(game.move_from_text("a2b1r"))
    assert game.count_moves() == 0                                    # engine: 0
    outcome = game.outcome()
    assert outcome is not None and outcome.winner == "white"


def test_a_position_repeats_only_with_the_same_checks_still_needed():
    game = Game(builtin("3check"), "4k3/8/8/8/8/8/8/R3K3 w - - 3+3 0 1")
    for _ in range(2):
        for text in ("a1a8", "e8e7", "a8a1", "e7e8"):
            game.play(game.move_from_text(text))
    assert game.fen().split()[:5] == ["4k3/8/8/8/8/8/8/R3K3", "w", "-", "-", "1+3"]
    assert game.outcome() is None          # the same squares, but fewer checks needed
    game.play(game.move_from_text("a1a8"))
    outcome = game.outcome()
    assert outcome is not None and outcome.termination == "check count"
    assert outcome.winner == "white"


def test_a_repetition_with_the_same_checks_needed_is_a_repetition():
    game = Game(builtin("3check"), "4k3/8/8/8/8/8/8/R3K3 w - - 3+3 0 1")
    for _ in range(2):
        for text in ("a1b1", "e8e7", "b1a1", "e7e8"):
            game.play(game.move_from_text(text))
    outcome = game.outcome()
    assert outcome is not None and outcome.termination == "repetition"

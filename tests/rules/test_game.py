"""The game: moves made and taken back exactly, FEN read in XBoard's and Fairy-Stockfish's forms
and written back equal, the ends of a game with their values, and refusals that name the rule."""

import random
from dataclasses import replace

import pytest

from designer.game.game import FenError, Game, IllegalMove, RulesNotPlayed
from designer.rules.model import Drops, Gating, RuleSet
from rules_data import SAMPLES, sample


def _play(game: Game, *texts: str) -> Game:
    for t in texts:
        game.play(game.move_from_text(t))
    return game


def _state(game: Game) -> tuple:
    p = game.pos
    return (list(p.board), list(p.byc), list(p.col), p.occ, p.stm, p.ep, p.ep_victim, p.virgin,
            p.castle, p.promoted, [list(h) for h in p.hands], p.half, p.full, p.key, p.extra)


@pytest.mark.parametrize("name", SAMPLES)
def test_pop_restores_every_part_of_the_position_and_fen_reads_back_equal(name):
    game = Game(sample(name))
    rng = random.Random(name)
    before = []
    for _ in range(40 if name not in ("chu", "ultima") else 10):
        moves = game.legal_moves()
        if not moves:
            break
        before.append(_state(game))
        fen = game.fen()
        again = Game(sample(name), fen)
        assert again.fen() == fen
        assert sorted(m.text(again.geo) for m in again.legal_moves()) == \
            sorted(m.text(game.geo) for m in moves)
        game.push(rng.choice(moves))
    while before:
        game.pop()
        assert _state(game) == before.pop()


def test_fools_mate_is_checkmate_and_black_wins():
    game = _play(Game(sample("fide")), "f2f3", "e7e5", "g2g4", "d8h4")
    out = game.outcome()
    assert game.is_check() and out is not None
    assert (out.termination, out.winner, out.result()) == ("checkmate", "black", "0-1")


def test_stalemate_is_a_draw_in_chess_and_a_loss_in_xiangqi():
    chess = Game(sample("fide"), "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1")
    assert chess.outcome().termination == "stalemate" and chess.outcome().winner is None
    # the black general has no move and is not in check (red chariots hold e9, d10 and f10)
    xq = Game(sample("xiangqi"), "4k4/3R1R3/9/9/9/9/9/9/9/3K5 b - - 0 1")
    assert not xq.is_check() and xq.outcome().termination == "stalemate"
    assert xq.outcome().winner == "white"


def test_a_bare_king_loses_unless_it_can_bare_back():
    # as Fairy-Stockfish (pyffish is_immediate_game_end): bared with the other side to move
    lost = Game(sample("shatranj"), "8/8/8/8/8/3k4/8/RK6 w - - 0 1")
    out = lost.outcome()
    assert out is not None and out.termination == "bare king" and out.winner == "white"
    assert lost.legal_moves() == []
    # the bared side to move first gets its chance to bare back
    chance = Game(sample("shatranj"), "8/8/8/8/8/8/1k6/R5K1 b - - 0 1")
    assert chance.outcome() is None
    _play(chance, "b2a1")
    assert chance.outcome() is None           # king against king: nobody bared the other
    missed = _play(Game(sample("shatranj"), "8/8/8/8/8/3k4/8/RK6 b - - 0 1"), "d3d4")
    assert missed.outcome().winner == "white"


def test_threefold_repetition_is_a_draw_and_the_n_move_rule_ends_the_game():
    game = _play(Game(sample("fide")), "g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1",
                 "f6g8")
    out = game.outcome()
    assert out is not None and out.termination == "repetition" and out.winner is None
    fifty = Game(sample("fide"), "7k/8/8/8/8/8/8/R6K w - - 99 80")
    assert fifty.outcome() is None
    _play(fifty, "a1a2")
    assert fifty.outcome().termination == "move-limit"


def test_perpetual_check_loses_in_xiangqi():
    # Fairy-Stockfish (pyffish is_optional_game_end) ends this game with a win for black
    game = Game(sample("xiangqi"), "3k5/9/9/9/9/9/9/9/4A4/R3K4 w - - 0 1")
    game = _play(game, "a1a10", "d10d9", "a10a9", "d9d10", "a9a10")
    assert game.outcome() is None
    game = _play(game, "d10d9", "a10a9", "d9d10", "a9a10")
    out = game.outcome()
    assert out is not None and out.termination == "perpetual-check" and out.winner == "black"


def test_insufficient_material_ends_a_fide_game():
    game = Game(sample("fide"), "8/8/8/4k3/8/8/2B5/4K3 w - - 0 1")
    assert game.outcome().termination == "insufficient-material"
    assert Game(sample("fide"), "8/8/8/4k3/8/8/2R5/4K3 w - - 0 1").outcome() is None


def test_makruk_counting_reads_fairy_stockfish_fen_and_draws_past_the_limit():
    # Fairy-Stockfish's FEN keeps the count: limit 128 plies in the e.p. field, 129 counted
    game = Game(sample("makruk"), "8/8/8/K6n/5R2/2k5/8/8 w - 128 129 150")
    out = game.outcome()
    assert out is not None and out.termination == "counting" and out.winner is None
    assert Game(sample("makruk"), "8/8/8/K6n/5R2/2k5/8/8 w - 128 100 150").outcome() is None
    assert " 128 129 " in game.fen()


def test_fen_forms_of_xboard_and_fairy_stockfish_are_read():
    shogi = Game(sample("shogi"), "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[-] w 0 1")
    assert shogi.count_moves() == 30
    held = Game(sample("crazyhouse"), "2k5/8/8/8/8/8/8/4K3[QRBNPqrbnp] w - - 0 1")
    assert held.hand("white") == {"P": 1, "N": 1, "B": 1, "R": 1, "Q": 1}
    assert "[QRBNPqrbnp]" in held.fen().replace("[PNBRQpnbrq]", "[QRBNPqrbnp]") or \
        "PNBRQ" in held.fen()
    checks = Game(sample("fide"), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1")
    assert checks.count_moves() == 20
    promoted = Game(sample("crazyhouse"), "4k3/8/8/8/8/8/8/Q~3K3[] w - - 0 1")
    assert promoted.fen().startswith("4k3/8/8/8/8/8/8/Q~3K3")


@pytest.mark.parametrize("fen, what", [
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNZ w KQkq - 0 1", "Z"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1", "ranks"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", "side to move"),
])
def test_a_fen_that_does_not_fit_the_variant_is_refused_with_a_reason(fen, what):
    with pytest.raises(FenError) as e:
        Game(sample("fide"), fen)
    assert what in str(e.value)


def test_an_illegal_move_is_refused_and_a_legal_one_played():
    game = Game(sample("fide"))
    with pytest.raises(IllegalMove):
        game.move_from_text("e2e5")
    game.play(game.move_from_text("e2e4"))
    assert game.turn == "black" and game.piece_at(game.geo.parse("e4")) == ("P", "white")
    assert game.pop().text(game.geo) == "e2e4"


def test_a_rule_the_game_does_not_play_yet_is_refused_by_name():
    v = replace(sample("fide"), rule_set=replace(sample("fide").rule_set, gating=Gating(),
                                                  drops=Drops(two_boards=True)))
    with pytest.raises(RulesNotPlayed) as e:
        Game(v)
    assert "hands fed from a second board" in str(e.value) and "gating" in str(e.value)


def test_rules_default_from_the_parent_when_a_file_has_none():
    v = replace(sample("shogi"), rule_set=None)
    assert Game(v).perft(2) == 900          # Fairy-Stockfish's shogi, depth 2
    assert Game(replace(sample("fide"), rule_set=RuleSet())).count_moves() == 20


def test_a_king_with_the_o_atom_castles_as_the_walker_says_and_not_through_check():
    from designer.variant.model import PieceType, Variant
    pieces = (PieceType("K", notation="KisO2", royal=True), PieceType("R", notation="R"))
    v = Variant("O castling", 8, 8, pieces, "r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1",
                rule_set=RuleSet())
    game = Game(v)
    assert {"e1g1", "e1c1"} <= {m.text(game.geo) for m in game.legal_moves()}
    game.play(game.move_from_text("e1g1"))
    assert game.piece_at(game.geo.parse("f1")) == ("R", "white")
    assert game.piece_at(game.geo.parse("g1")) == ("K", "white")
    # a rook on f8 attacks f1: the king may not pass it
    attacked = Game(v, "r3kr2/8/8/8/8/8/8/R3K2R w - - 0 1")
    assert "e1g1" not in {m.text(attacked.geo) for m in attacked.legal_moves()}


def test_the_memo_stays_within_its_cap():
    game = Game(sample("fide"), memo_cap=64)
    assert game.perft(3) == 8902
    assert game.cfg.kinds.memo_entries() <= 64 * 2 * game.cfg.kinds.count


def test_notation_the_game_does_not_play_is_refused_by_name():
    from designer.variant.model import PieceType, Variant
    v = Variant("unload", 8, 8, (PieceType("K", notation="K", royal=True),
                                 PieceType("U", notation="cK-uK", dialect="betza2")),
                "k7/8/8/8/8/8/8/K6U w - - 0 1", rule_set=RuleSet())
    with pytest.raises(RulesNotPlayed) as e:
        Game(v)
    assert "unload (u)" in str(e.value)

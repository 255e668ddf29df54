"""The search's parts one at a time, on positions whose answer is known from chess itself or
from Fairy-Stockfish (its verdict beside each position): the transposition table's bounded
size, a mate found at the depth it needs with null moves and windows on, null moves off where
a side may pass or has only pawns, and the quiescence search seeing a promotion."""

from designer.formats import fsf_ini
from designer.game.game import Game
from designer.opponent import Limits, Opponent, Settings
from designer.opponent.evaluation import Evaluator
from designer.opponent.search import Search
from designer.opponent.table import EXACT, LOWER, Table
from opponent_data import sample


def _search(variant, fen=None):
    game = Game(variant, fen)
    return Search(game, Evaluator(game, Settings()), Settings())


def test_the_table_keeps_its_size_whatever_is_stored():
    table = Table(1000)                      # the power of two at most that: 512 slots
    assert len(table) == 512
    for key in range(1, 20_000, 7):
        table.store(key * 0x9E3779B97F4A7C15 & (2 ** 64 - 1), 3, EXACT, 0, None)
    assert len(table.slots) == 512 and table.stored <= 512
    table.store(5, 6, EXACT, 11, None)
    table.store(5, 2, LOWER, 99, None)       # shallower news of the same position: kept out
    assert table.probe(5) == (5, 6, EXACT, 11, None)


def test_a_mate_in_three_is_found_at_five_plies():
    # Fairy-Stockfish, depth 14: mate 3 (1... Bc5+ 2. Kxc5 Qb6+ 3. Kd5 Qd6#)
    fen = "r1b1kb1r/pppp1ppp/5q2/4n3/3KP3/2N3PN/PPP4P/R1BQ1B1R b kq - 0 1"
    thought = Opponent(sample("fide"), fen=fen).think((), Limits(depth=5))
    game = Game(sample("fide"), fen)
    assert thought.mate == 3
    assert thought.move.text(game.cfg.geo) == "f8c5"


def test_legals_mate_in_two_is_found_at_three_plies():
    # Fairy-Stockfish: mate 2 (1. Nf6+ gxf6 2. Bxf7#)
    fen = "r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1"
    thought = Opponent(sample("fide"), fen=fen).think((), Limits(depth=3))
    assert thought.mate == 2


PASSING = """
[passchess:chess]
pass = true
[stalepass:chess]
passOnStalemate = true
"""


def test_null_moves_are_off_where_a_side_may_pass():
    assert _search(sample("fide")).null_moves
    assert _search(sample("shogi")).null_moves
    for name in ("passchess", "stalepass"):
        assert not _search(fsf_ini.read(PASSING, name, "passing.ini")).null_moves, name


def test_a_side_with_only_king_and_pawns_makes_no_null_move():
    # a pawn ending, where zugzwang is common: White has king and pawns, Black a knight too
    search = _search(sample("fide"), "4k3/4p3/3n4/8/8/8/4P3/4K3 w - - 0 1")
    assert not search._has_pieces(0) and search._has_pieces(1)


def test_the_quiescence_search_sees_a_pawn_promote():
    # Fairy-Stockfish, depth 10, every move: the rook up the e-file lets ...b1=Q through
    # (about -6 pawns), Ra1 and Rc1 are taken by a promoting capture (-60); the other moves
    # hold (+50). At one ply only the quiescence search sees the promotions.
    fen = "7k/8/8/8/8/8/1p5K/4R3 w - - 0 1"
    losing = {"e1e2", "e1e3", "e1e4", "e1e5", "e1e6", "e1e7", "e1a1", "e1c1"}
    game = Game(sample("fide"), fen)
    thought = Opponent(sample("fide"), fen=fen).think((), Limits(depth=1))
    assert thought.move.text(game.cfg.geo) not in losing
    assert thought.score > -100         # and it knows the rook is not lost


def test_the_tables_carry_over_within_a_game_and_start_afresh_with_the_next():
    v = sample("fide")
    game = Game(v)
    kept = Opponent(v)
    first = kept.think((), Limits(depth=4))
    game.push(first.move)
    reply = next(m for m in game.legal_moves())
    moves = (first.move, reply)
    # within a game: the second move's search starts from what the first one stored, so the
    # same depth costs fewer nodes than from an empty table
    again = kept.think(moves, Limits(depth=4))
    fresh = Opponent(v).think(moves, Limits(depth=4))
    assert again.nodes < fresh.nodes
    # a new game (reseeded) plays as if the opponent had never played before
    kept.reseed(7)
    played = kept.think((), Limits(depth=4))
    assert played == Opponent(v, Settings(seed=7)).think((), Limits(depth=4))


def _white_view(fen):
    game = Game(sample("fide"), fen)
    value = Evaluator(game, Settings()).evaluate(game.pos)
    return value if game.pos.stm == 0 else -value


def test_a_royal_piece_keeps_home_in_the_middlegame_and_comes_out_in_the_endgame():
    # chess's own counsel: with queens and pieces on, the king stays castled behind its
    # pawns; with only kings and a pawn left, it belongs in the centre
    castled = "r1bq1rk1/pppp1ppp/2n2n2/2b1p3/2B1P3/2N2N2/PPPP1PPP/R1BQ1RK1 w - - 0 1"
    walked = "r1bq1rk1/pppp1ppp/2n2n2/2b1p3/2B1P3/2N1KN2/PPPP1PPP/R1BQ1R2 w - - 0 1"
    assert _white_view(castled) > _white_view(walked)
    home = "8/8/8/4k3/8/8/4P3/4K3 w - - 0 1"
    central = "8/8/8/4k3/8/3K4/4P3/8 w - - 0 1"
    assert _white_view(central) > _white_view(home)

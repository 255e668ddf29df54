"""Drops, the cylinder, the universal leaper, null moves and XBoard's lame-leaper switch."""

from designer.engine.compile import program_for
from designer.engine.generate import generate
from designer.geometry.board import parse_square, square_name
from designer.engine.position import BLACK, WHITE, Placed, PieceBoard


def dests(moves, kind=None):
    return {square_name(m.destination) for m in moves if kind is None or m.kind == kind}


def test_shogi_pawn_drops_not_on_its_file_nor_the_last_rank():
    """004: "In Shogi we have P:fWf@8" — f forbids files that already hold such a piece."""
    pos = PieceBoard(9, 9, {parse_square("c3"): Placed(WHITE, "P"),
                          parse_square("e5"): Placed(BLACK, "P")})
    moves = generate(program_for("fWf@8"), pos, parse_square("c3"), letter="P",
                     include_drops=True)
    drops = dests(moves, "drop")
    assert not any(s.startswith("c") for s in drops)
    assert not any(s.endswith("9") for s in drops)
    assert "e5" not in drops and "e4" in drops and "a1" in drops
    assert len(drops) == 8 * 8 - 1  # 8 files x ranks 1-8, minus the occupied e5


def test_crazyhouse_pawn_drops_skip_the_back_rank():
    """004: "in Crazyhouse Pawns would have j@7" — the j exempts the back rank."""
    moves = generate(program_for("j@7"), PieceBoard(8, 8), (0, 0), letter="P", include_drops=True)
    ranks = {s[1:] for s in dests(moves, "drop")}
    assert ranks == {"2", "3", "4", "5", "6", "7"}
    black = generate(program_for("j@7"), PieceBoard(8, 8), (0, 7), side=BLACK, letter="P",
                     include_drops=True)
    assert {s[1:] for s in dests(black, "drop")} == {"7", "6", "5", "4", "3", "2"}


def test_drops_are_not_board_moves_unless_asked_for():
    assert generate(program_for("@8"), PieceBoard(8, 8), (0, 0)) == []


def test_cylinder_rook_wraps_around_the_side_edges():
    """004: "The prefix 'o' is used to indicate moves on a cylinder board, which would wrap
    around from the side edges"."""
    pos = PieceBoard(8, 8, {parse_square("c1"): Placed(WHITE)})
    rank1 = {s for s in dests(generate(program_for("oR"), pos, (0, 0))) if s.endswith("1")}
    assert rank1 == {"b1", "h1", "g1", "f1", "e1", "d1"}


def test_universal_leaper_reaches_every_other_square():
    moves = generate(program_for("U"), PieceBoard(3, 3), (0, 0))
    assert dests(moves) == {"a2", "a3", "b1", "b2", "b3", "c1", "c2", "c3"}


def test_O_alone_is_a_null_move():
    moves = generate(program_for("O"), PieceBoard(8, 8), (3, 3))
    assert [(square_name(m.destination), m.kind) for m in moves] == [("d4", "null")]


def test_xboard_half_way_switch_for_lame_leapers():
    """004: "In XBoard 4.8.0 'n' or 'j' are only testing a single intermediate square, exactly
    halfway" — behind a switch; by default the whole path counts."""
    pos = PieceBoard(8, 8, {parse_square("d6"): Placed(WHITE)})
    prog = program_for("nH")
    assert "d7" not in dests(generate(prog, pos, parse_square("d4")))
    assert "d7" in dests(generate(prog, pos, parse_square("d4"), lame="xboard"))


def test_must_jump_one_versus_many_on_long_leaps():
    """004: "it can make sense to distinguish between prefixes 'j' (must jump one) and 'jj'
    (can jump many)"."""
    pos = PieceBoard(8, 8, {parse_square("d5"): Placed(WHITE), parse_square("d6"): Placed(BLACK)})
    assert "d7" not in dests(generate(program_for("jH"), pos, parse_square("d4")))
    assert "d7" in dests(generate(program_for("jjH"), pos, parse_square("d4")))
    one = PieceBoard(8, 8, {parse_square("d5"): Placed(WHITE)})
    assert "d7" in dests(generate(program_for("jH"), one, parse_square("d4")))


def test_betza2_lame_oblique_leap_uses_any_shortest_path():
    """000: "Oblique moves can use any shortest path made out of K steps, and are only blocked
    if these paths are all blocked"."""
    pos = PieceBoard(8, 8, {parse_square("d5"): Placed(WHITE)})
    # (1,2) from d4 to e6: paths d5-e6 and e5-e6; only one is blocked
    assert "e6" in dests(generate(program_for("nN", "betza2"), pos, parse_square("d4")))
    both = PieceBoard(8, 8, {parse_square("d5"): Placed(WHITE), parse_square("e5"): Placed(WHITE)})
    assert "e6" not in dests(generate(program_for("nN", "betza2"), both, parse_square("d4")))
    # XBetza's nN is the Xiangqi horse: blocked on d5 alone
    assert "e6" not in dests(generate(program_for("nN"), pos, parse_square("d4")))


def test_holes_are_not_squares():
    pos = PieceBoard(8, 8, holes=frozenset({parse_square("d6")}))
    got = dests(generate(program_for("R"), pos, parse_square("d4")))
    assert "d5" in got and "d6" not in got and "d7" not in got


def test_e_on_a_non_final_leg_leaves_an_en_passant_right():
    """A double step written as two legs, the first marked e, creates the e.p. right on the
    square in between (like the lame n leap of the FIDE pawn's ifmnD)."""
    (m,) = generate(program_for("ifemafmW"), PieceBoard(8, 8), parse_square("e2"))
    assert square_name(m.destination) == "e4" and [square_name(s) for s in m.ep_rights] == ["e3"]
    (plain,) = generate(program_for("ifmafmW"), PieceBoard(8, 8), parse_square("e2"))
    assert plain.ep_rights == ()


def test_off_board_leg_tests_for_the_edge():
    """000: "o = Test for presence of board edge": a W step off the board and back is possible
    only next to an edge."""
    prog = program_for("oW-bW", "betza2")
    assert dests(generate(prog, PieceBoard(8, 8), parse_square("a1"))) == {"a1"}
    assert dests(generate(prog, PieceBoard(8, 8), parse_square("d4"))) == set()


def test_zig_zag_rider_alternates_its_turn():
    """004: "rotating in the same direction on every new step for 'q', and alternating
    direction for 'z'"."""
    got = dests(generate(program_for("zW"), PieceBoard(8, 8), parse_square("d4")))
    assert {"d5", "e5", "e6", "f6", "f7", "g7", "g8", "h8"} <= got
    assert "d6" not in got  # never two steps in the same direction

"""Fairy-Stockfish's piece values, reproduced from its psqt.cpp and types.h.

The expected numbers are worked out by hand from psqt.cpp (``piece_value``) in the comments;
the table values are types.h's (middle game)."""

import pytest

from designer.balance.fsf_betza import from_betza
from designer.balance.fsf_estimate import fsf_estimates
from designer.balance.fsf_value import FsfValue, board_scaled, formula_value, slider_fraction
from designer.variant.model import PieceType, Variant


@pytest.mark.parametrize("betza,mg,eg", [
    # leaper N: 8 capture + 8 quiet leaps. MG v0 = 60*8 + 30*8 = 720, 720 * e^0.072 = 773.8;
    # EG v0 = 60*8 + 40*8 = 800, 800 * e^0.08 = 866.6
    ("N", 773, 866),
    # rider R: 4 capture + 4 quiet unlimited slides (fraction 400 each), all orthogonal.
    # MG v0 = 185*400/100 + 55*400/100 + 15*4 + 30*4 = 740 + 220 + 60 + 120 = 1140, * e^0.114
    # = 1277.7; EG 740 + 180 + 60 + 200 = 1180, * e^0.118 = 1327.8
    ("R", 1277, 1327),
    # hopper mRcpR: 4 quiet slides, 4 capture hops. MG 55*400/100 + 30*4 + 100*4 = 740,
    # * e^0.074 = 796.8; EG 45*4 + 50*4 + 80*4 = 700, * e^0.07 = 750.7
    ("mRcpR", 796, 750),
    # limited rider R2: each direction 200*min(3,8)/16 = 37, fraction 148. MG 185*148/100 = 273
    # + 55*148/100 = 81 + 60 + 120 = 534, * e^0.0534 = 563.3; EG 273 + 45*148/100 = 66 + 60
    # + 200 = 599, * e^0.0599 = 636.0 (truncated: 635.98)
    ("R2", 563, 635),
])
def test_the_formula_reproduces_hand_computed_values(betza, mg, eg):
    assert formula_value(from_betza(betza)) == FsfValue(mg, eg)


def test_slider_fraction_of_limited_slides():
    assert slider_fraction({(0, 1): 0}) == 100
    assert slider_fraction({(0, 1): 1}) == 200 * 2 // 16
    assert slider_fraction({(0, 1): 9}) == 100          # min(limit + 1, 8) caps at 8


def test_sliders_are_scaled_by_board_size_and_leapers_are_not():
    # psqt.cpp: r1 = 5 + (maxRank + maxFile) / 2 = 5 + (7 + 9) / 2 = 13 on 10x8, r0 = 12;
    # the archbishop (16 leaps, 8 slides): 2200 * (5*16 + 13*8) / (5*16 + 12*8) = 2300
    bn = from_betza("BN")
    assert board_scaled(FsfValue(2200, 2200), bn, 10, 8, False) == FsfValue(2300, 2300)
    assert board_scaled(FsfValue(2200, 2200), bn, 8, 8, False) == FsfValue(2200, 2200)
    assert board_scaled(FsfValue(781, 854), from_betza("N"), 12, 10, False) == FsfValue(781, 854)


FIDE_SETUP = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
BUILTINS = Variant("Tables", 8, 8, (
    PieceType("K", "King", "K", royal=True), PieceType("N", "Knight", "N"),
    PieceType("B", "Bishop", "B"), PieceType("R", "Rook", "R"), PieceType("Q", "Queen", "Q"),
    PieceType("A", "Archbishop", "BN"), PieceType("C", "Chancellor", "RN"),
    PieceType("M", "Amazon", "QN")), FIDE_SETUP)


@pytest.mark.parametrize("letter,name,table", [
    ("N", "knight", 781), ("B", "bishop", 825), ("R", "rook", 1276), ("A", "archbishop", 2200),
    ("C", "chancellor", 2300), ("Q", "queen", 2538), ("M", "amazon", 2700)])
def test_built_in_pieces_show_the_engines_table_value(letter, name, table):
    e = fsf_estimates(BUILTINS)[letter]
    assert e.builtin == name and e.used == "table"
    assert e.table is not None and e.table.mg == table


def test_a_piece_the_engine_has_not_built_in_uses_the_formula():
    v = Variant("Custom", 8, 8, (PieceType("K", notation="K", royal=True),
                                 PieceType("X", "Cannon-ish", "mBcpB")), "4k3/8/8/8/8/8/8/X3K3 w - - 0 1")
    e = fsf_estimates(v)["X"]
    assert e.table is None and e.used == "formula" and e.formula is not None
    assert "capture hop" in e.terms


def test_a_piece_the_engine_cannot_play_has_no_value_and_the_reason():
    v = Variant("Lion", 8, 8, (PieceType("K", notation="K", royal=True),
                               PieceType("L", "Lion", "KNADcaKmcabK")), "")
    e = fsf_estimates(v)["L"]
    assert e.formula is None and e.table is None and "cannot play" in e.reason

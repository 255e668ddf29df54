"""On 8x8 every estimate that is not fitted from play orders the classic pieces as experience
does: Wazir, Ferz < Knight ~ Bishop < Rook < Archbishop < Chancellor < Queen < Amazon (the
leaper law only for the leapers among them, as its domain says)."""

import pytest

from designer.balance import DISAGREEMENT, piece_values
from designer.variant.model import PieceType, Variant

SETUP = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
PIECES = (("W", "W"), ("F", "F"), ("N", "N"), ("B", "B"), ("R", "R"), ("A", "BN"),
          ("C", "RN"), ("Q", "Q"), ("M", "QN"))
VARIANT = Variant("Order", 8, 8, (PieceType("K", "King", "K", royal=True),)
                  + tuple(PieceType(letter, notation=n) for letter, n in PIECES), SETUP)
TABLE = piece_values(VARIANT)


@pytest.mark.parametrize("estimate", ["mobility", "fsf-formula", "fsf-table"])
def test_the_order_of_the_classic_pieces(estimate):
    v = {letter: TABLE.piece(letter).value(estimate) for letter, _ in PIECES}
    assert all(x is not None for x in v.values()), v
    assert max(v["W"], v["F"]) < min(v["N"], v["B"])
    # Knight ~ Bishop: within the factor at which the panel warns of a disagreement
    assert max(v["N"], v["B"]) / min(v["N"], v["B"]) <= DISAGREEMENT
    assert max(v["N"], v["B"]) < v["R"] < v["A"] < v["C"] < v["Q"] < v["M"]


def test_the_leaper_law_orders_the_leapers_and_leaves_out_the_riders():
    v = {letter: TABLE.piece(letter).value("leaper-law") for letter, _ in PIECES}
    assert v["W"] == v["F"] < v["N"]
    assert all(v[x] is None for x in "BRACQM")


def test_knight3_scales_every_estimate_so_that_the_knight_is_3():
    scaled = piece_values(VARIANT, knight3=True)
    for name in ("mobility", "leaper-law", "fsf-formula", "fsf-table"):
        assert scaled.piece("N").value(name) == pytest.approx(3.0)
    ratio = TABLE.piece("Q").value("fsf-table") / TABLE.piece("N").value("fsf-table")
    assert scaled.piece("Q").value("fsf-table") == pytest.approx(3.0 * ratio)


def test_the_king_has_no_value_but_its_mobility_is_measured():
    k = TABLE.piece("K")
    assert all(e.pawns is None and e.reason for e in k.estimates)
    assert k.mobility is not None and k.mobility.empty == pytest.approx(420 / 64)

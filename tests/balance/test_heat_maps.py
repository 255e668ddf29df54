"""Heat maps: mobility per square, distance in moves, safe checks; and their SVG drawing.

Expected figures are chess facts: a knight needs 6 moves from a1 to h8 and 4 from a1 to b2, a
king's distance is the larger of the file and rank distances, a bishop never leaves its colour,
a knight has 2 moves in a corner and 8 in the centre; a rook checks a king on d4 from its
rank and file (14 squares), 10 of them not next to the king."""

import xml.etree.ElementTree as ET

import pytest

from designer.balance import heat_map, render_heat
from designer.balance.heat import checks_map, distance_map, mobility_map
from designer.engine.position import Placed, PieceBoard


def test_knight_distances():
    m = distance_map("N", "xbetza", 8, 8, (0, 0))
    assert m.at((7, 7)) == 6 and m.at((1, 1)) == 4 and m.at((0, 0)) == 0
    assert m.known and all(v is not None for v in m.values)


def test_king_distance_is_the_chebyshev_distance():
    m = distance_map("K", "xbetza", 9, 7, (2, 3))
    for f in range(9):
        for r in range(7):
            assert m.at((f, r)) == max(abs(f - 2), abs(r - 3))


def test_a_colour_bound_piece_leaves_half_the_board_unreachable():
    m = distance_map("B", "xbetza", 8, 8, (2, 0))
    unreachable = [(f, r) for f in range(8) for r in range(8) if m.at((f, r)) is None]
    assert len(unreachable) == 32 and all((f + r) % 2 == 1 for f, r in unreachable)
    assert m.text(unreachable[0]) == "-"


def test_a_first_move_may_be_an_initial_one():
    # a pawn with its double step reaches the fourth rank in one move from the second
    m = distance_map("fmWfceFifmnD", "xbetza", 8, 8, (4, 1))
    assert m.at((4, 3)) == 1 and m.at((4, 4)) == 2 and m.at((4, 0)) is None


def test_mobility_map_of_a_knight_on_the_empty_board():
    m = mobility_map("N", "xbetza", 8, 8)
    assert m.at((0, 0)) == 2 and m.at((3, 3)) == 8 and sum(m.known) == 336


def test_mobility_map_in_a_position_counts_real_moves_and_skips_occupied_squares():
    pos = PieceBoard(8, 8, {(3, 4): Placed("white"), (5, 3): Placed("black")})
    m = mobility_map("R", "xbetza", 8, 8, pos)
    assert m.at((3, 4)) is None and m.at((5, 3)) is None
    # a rook on d4: up to d5 blocked by a friend (0), down 3, left 3, right to the foe on f4 (2)
    assert m.at((3, 3)) == 8


@pytest.mark.parametrize("betza,square,checks", [("R", (3, 3), 10), ("Q", (3, 3), 19),
                                                 ("N", (3, 3), 8), ("N", (0, 0), 2),
                                                 ("mRcpR", (3, 3), 0)])
def test_safe_checks(betza, square, checks):
    assert checks_map(betza, "xbetza", 8, 8).at(square) == checks


def test_heat_map_by_name_needs_an_origin_for_distance():
    with pytest.raises(ValueError):
        heat_map("distance", "N", "xbetza", 8, 8)
    assert heat_map("checks", "N", "xbetza", 8, 8).kind == "checks"


def test_the_svg_has_a_cell_per_square_a_legend_and_the_unreachable_squares():
    svg = render_heat(distance_map("B", "xbetza", 8, 8, (2, 0), name="Bishop"), "B")
    root = ET.fromstring(svg)
    ns = "{http://www.w3.org/2000/svg}"
    cells = [r for r in root.iter(ns + "rect") if r.get("class") in ("heat", "missing")]
    assert len(cells) == 64
    assert sum(r.get("class") == "missing" for r in cells) == 32
    texts = [t.text for t in root.iter(ns + "text")]
    assert "never reached" in texts and "where it starts" in texts
    assert len([r for r in root.iter(ns + "rect") if r.get("class") == "scale"]) > 10
    assert any(r.get("class") == "origin" for r in root.iter(ns + "rect"))

"""Whole-position edits of the start position (designer.variant.setup_tools); expected FENs are
written by hand from the sample files' own start positions."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from designer.formats.registry import read_any
from designer.variant import setup_tools as T
from designer.variant.model import PieceType, Variant

ROOT = Path(__file__).resolve().parents[2]
FIDE = read_any(ROOT / "variants" / "fide.ini")
CAPA = read_any(ROOT / "variants" / "capablanca.ini")
SHOGI = read_any(ROOT / "variants" / "shogi.ini")
FIDE_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"


def test_mirror_rebuilds_blacks_army_from_whites():
    white_only = replace(FIDE, setup="8/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1")
    assert T.mirrored_for_black(white_only).setup == FIDE_FEN


def test_mirror_replaces_what_black_had():
    odd = replace(FIDE, setup="n7/8/8/8/8/8/8/4K3 w - - 0 1")
    assert T.mirrored_for_black(odd).setup == "4k3/8/8/8/8/8/8/4K3 w - - 0 1"


def test_rotation_turns_whites_army_half_round():
    v = Variant(files=9, ranks=10, pieces=(PieceType("K", royal=True), PieceType("R")),
                setup="9/9/9/9/9/9/9/9/9/R3K4 w Q - 0 1")
    # a1 -> i10, e1 -> e10; White's queen-side right is Black's king-side one
    assert T.mirrored_for_black(v, rotate=True).setup == \
        "4k3r/9/9/9/9/9/9/9/9/R3K4 w Qk - 0 1"


def test_clear_keeps_holes_and_the_holdings_field():
    v = replace(SHOGI, setup="lnsgkgsnl/1r5b1/ppppppppp/9/4*4/9/PPPPPPPPP/1B5R1/LNSGKGSNL[Pp] "
                             "w - - 0 1")
    assert T.cleared(v).setup == "9/9/9/9/4*4/9/9/9/9[-] w - - 0 1"
    assert T.cleared(CAPA).setup == "10/10/10/10/10/10/10/10 w - - 0 1"


def test_hand_counts_are_written_whites_first_in_piece_order():
    v = T.with_hand_count(SHOGI, "r", 1)
    v = T.with_hand_count(v, "P", 2)
    v = T.with_hand_count(v, "N", 1)
    assert v.setup.split()[0].endswith("[PPNr]")
    assert T.hand_counts(v) == {"P": 2, "N": 1, "r": 1}
    assert T.with_hand_count(v, "P", 0).setup.split()[0].endswith("[Nr]")


def test_drops_switch_holdings_on_and_off():
    on = T.with_drops(FIDE, True)
    assert (on.holdings, on.drops) == (5, True)          # P N B R Q: the King is royal
    assert on.setup.split()[0].endswith("[-]")
    off = T.with_drops(on, False)
    assert (off.holdings, off.drops, off.setup) == (0, False, FIDE_FEN)


def test_castling_rights_keep_the_usual_order():
    v = replace(FIDE, setup=FIDE_FEN.replace("KQkq", "-"))
    for right in "qKkQ":
        v = T.with_right(v, right, True)
    assert T.castling_rights(v) == "KQkq"
    assert T.castling_rights(T.with_right(v, "Q", False)) == "Kkq"


def test_castling_partners_are_the_king_and_the_outermost_rooks():
    partners = {(p.square, p.right) for p in T.castling_partners(CAPA)}
    # Capablanca: RNABQKBCNR, the King on f1 (file 5), rooks on a1 and j1
    assert ((9, 0), "K") in partners and ((0, 0), "Q") in partners
    assert ((5, 0), "K") in partners and ((9, 7), "k") in partners
    assert ((1, 0), "Q") not in partners       # the knight is not the outermost piece


def test_promotion_ranks_use_the_pieces_own_zone():
    white, black = T.promotion_ranks(SHOGI, "P")          # Shogi: the far three ranks
    assert (list(white), list(black)) == ([6, 7, 8], [0, 1, 2])
    white, black = T.promotion_ranks(FIDE)
    assert (list(white), list(black)) == ([7], [0])


def test_a_samples_start_position_brings_the_pieces_it_needs():
    got, notes = T.sample_start(FIDE, SHOGI)
    assert (got.files, got.ranks, got.setup) == (9, 9, SHOGI.setup)
    # Shogi's Lance and Silver come with the promoted forms they turn into (without them
    # the variant could not be saved: "L promotes to +L, which no piece line defines")
    assert [p.letter for p in got.pieces] == ["P", "N", "B", "R", "Q", "K", "L", "S", "G",
                                              "+L", "+S"]
    assert got.piece("N").notation == "N"                 # our knight stays ours
    assert got.drops and got.holdings == 7
    assert any("L" in n and "added" in n for n in notes)
    assert any("N stays your Knight" in n for n in notes)

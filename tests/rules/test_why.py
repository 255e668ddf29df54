"""Why a move is illegal: each reason names the rule and the pieces involved, and a legal move
has no reason."""

from __future__ import annotations

import pytest

from designer.formats.registry import read_any
from designer.game.game import Game
from designer.game.why import pseudo_legal, why_not, why_not_drop
from repo_data import ROOT


def game(sample: str, fen: str) -> Game:
    return Game(read_any(str(ROOT / "variants" / f"{sample}.ini")), fen=fen)


def sq(g: Game, name: str) -> int:
    return g.geo.names.index(name)


def test_a_legal_move_has_no_reason():
    g = game("fide", "4k3/8/8/8/8/8/3N4/4K2R w - - 0 1")
    assert why_not(g, sq(g, "d2"), sq(g, "f3")) == ""


def test_a_pinned_piece_names_the_pin():
    g = game("fide", "4k3/8/8/b7/8/8/3N4/4K3 w - - 0 1")
    reason = why_not(g, sq(g, "d2"), sq(g, "f3"))
    assert "pinned" in reason and "Bishop on a5" in reason and "King on e1" in reason


def test_in_check_names_the_checker():
    g = game("fide", "4k3/8/8/8/8/8/3N4/r3K3 w - - 0 1")
    reason = why_not(g, sq(g, "d2"), sq(g, "f3"))
    assert "in check" in reason and "Rook on a1" in reason


def test_the_king_may_not_walk_into_attack():
    g = game("fide", "4kr2/8/8/8/8/8/8/4K3 w - - 0 1")
    reason = why_not(g, sq(g, "e1"), sq(g, "f2"))
    assert "attacked on f2" in reason and "Rook on f8" in reason


def test_castling_through_an_attacked_square():
    g = game("fide", "4kr2/8/8/8/8/8/8/4K2R w K - 0 1")
    reason = why_not(g, sq(g, "e1"), sq(g, "g1"))
    assert "castle" in reason and "f1" in reason


def test_no_such_move_and_wrong_side():
    g = game("fide", "4k3/8/8/8/8/8/3N4/4K2R w - - 0 1")
    assert "does not move to d5" in why_not(g, sq(g, "d2"), sq(g, "d5"))
    assert "White's move" in why_not(g, sq(g, "e8"), sq(g, "e7"))
    assert "no piece" in why_not(g, sq(g, "a3"), sq(g, "a4"))


def test_shogi_two_pawns_on_a_file():
    g = game("shogi", "4k4/9/9/9/9/9/4P4/9/4K4[P] w - - 0 1")
    reason = why_not_drop(g, "P", sq(g, "e5"))
    assert reason.startswith("Shogi:") and "two Pawns on a file" in reason and "e3" in reason


def test_shogi_pawn_drop_mate_loses_and_a_dead_knight_is_refused():
    g = game("shogi", "3lkl3/9/4G4/9/9/9/9/9/4K4[PN] w - - 0 1")
    assert why_not_drop(g, "P", sq(g, "e8")) == ""     # legal, as Fairy-Stockfish plays it:
    g.play(g.move_from_text("P@e8"))                   # the mate stands and loses
    assert g.outcome().winner == "black" and "drop that may not mate" in g.outcome().reason
    g.pop()
    assert "could never move" in why_not_drop(g, "N", sq(g, "a8"))
    assert why_not_drop(g, "N", sq(g, "a7")) == ""


def test_xiangqi_generals_may_not_face_each_other():
    g = game("xiangqi", "4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1")
    assert "face each other" in why_not(g, sq(g, "d1"), sq(g, "e1"))


def test_chu_lion_may_not_take_a_protected_lion_from_afar():
    g = game("chu", "6k5/12/12/12/12/12/4p7/4n7/12/5N6/12/6K5 w - - 0 1")
    assert "Lion rule" in why_not(g, sq(g, "f3"), sq(g, "e5"))


@pytest.mark.parametrize("sample", ["fide", "shogi", "xiangqi", "chu"])
def test_every_legal_move_is_among_the_pseudo_legal_ones(sample):
    g = Game(read_any(str(ROOT / "variants" / f"{sample}.ini")))
    assert set(g.legal_moves()) <= set(pseudo_legal(g))

"""Refusals in the player's words: each names the rule that refuses the move, as the variant
has it, and the move in SAN as the move list writes it (not "the King does not move to g1"
when castling is off, nor engine coordinates)."""

from __future__ import annotations

from dataclasses import replace

from designer.formats.registry import read_any
from designer.game.game import Game
from designer.game.why import why_move, why_not, why_not_drop
from designer.variant.derive import rules_for
import designer.records  # noqa: F401  (the records write the moves a reason names in SAN)
from repo_data import ROOT


def _variant(sample: str, **rules):
    v = read_any(str(ROOT / "variants" / f"{sample}.ini"))
    r = v.rule_set if v.rule_set is not None else rules_for(v)
    return replace(v, rule_set=replace(r, **rules)) if rules else v


def sq(g: Game, name: str) -> int:
    return g.geo.names.index(name)


def test_castling_off_is_said_as_a_rule_of_the_variant():
    fide = _variant("fide", castling=None)
    fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"
    g = Game(fide, fen)
    assert why_not(g, sq(g, "e1"), sq(g, "g1")) == "Castling is not allowed in this variant."
    castle = next(m for m in Game(_variant("fide"), fen).legal_moves() if m.rook >= 0)
    assert why_move(g, castle) == "Castling is not allowed in this variant."


def test_the_king_may_not_leave_the_palace():
    g = Game(_variant("xiangqi"), "3k5/9/9/9/9/9/9/4K4/9/9 w - - 0 1")
    name = g.variant.piece("K").name
    assert why_not(g, sq(g, "e3"), sq(g, "e4")) == \
        f"The {name} may not leave the palace (d1\u2013f3)."


def test_no_checks_names_the_checking_move_in_san():
    v = _variant("fide")
    r = v.rule_set
    v = replace(v, rule_set=replace(r, royalty=replace(r.royalty, checks=False)))
    g = Game(v, "rnbqkbnr/pppp1ppp/8/4p3/2B1P3/8/PPPP1PPP/RNBQK1NR w KQkq - 0 3")
    assert why_not(g, sq(g, "c4"), sq(g, "f7")) == \
        "No move may give check in this variant: Bxf7+ would."


def test_compulsory_capture_says_a_capture_is_possible():
    g = Game(_variant("fide", must_capture=True),
             "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2")
    assert why_not(g, sq(g, "g1"), sq(g, "f3")) == \
        "Capturing is compulsory in this variant: Nf3 takes nothing while a capture is " \
        "possible."


def test_a_piece_in_hand_must_be_dropped_first():
    v = _variant("crazyhouse")
    r = v.rule_set
    v = replace(v, rule_set=replace(r, drops=replace(r.drops, must_drop=True)))
    g = Game(v, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[N] w KQkq - 0 1")
    assert why_not(g, sq(g, "e2"), sq(g, "e4")) == \
        "A piece in hand must be dropped before a piece on the board moves in this variant: " \
        "e4 is not a drop."
    assert why_not_drop(g, "N", sq(g, "e4")) == ""


def test_mutually_immune_pieces_may_not_capture_each_other():
    from designer.rules.model import Blast
    g = Game(_variant("fide", blast=Blast(mutually_immune=("Q",))),
             "4k3/8/8/3q4/8/8/8/3QK3 w - - 0 1")
    assert why_not(g, sq(g, "d1"), sq(g, "d5")) == \
        "In this variant a Queen may not capture another Queen: Qxd5 would."


def test_a_castling_read_from_a_record_when_the_variant_has_none():
    import pytest
    from designer.records import SanError, read_san
    g = Game(_variant("fide", castling=None), "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
    with pytest.raises(SanError, match="Castling is not allowed in this variant"):
        read_san(g, "O-O")


def test_atomic_the_king_may_not_capture_and_blow_itself_up():
    from designer.formats import fsf_ini
    atomic = fsf_ini.read("[mine:atomic]\n", "mine", "mine.ini")
    g = Game(atomic, "4k3/8/8/8/8/8/4p3/4K3 w - - 0 1")
    assert why_not(g, sq(g, "e1"), sq(g, "e2")) == \
        "The King may be neither left attacked nor blown up in this variant: Kxe2 would."

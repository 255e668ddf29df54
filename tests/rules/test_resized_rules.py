"""A variant's rules follow its board when it is resized (Board > resize) or takes a sample
start position of another size: castling files keep their distance from their own edge,
whole-rank regions from their side's edge, so the result validates, exports to
Fairy-Stockfish and plays. Expected files and ranks come from the published rules: Capablanca
chess castles the king to the i-file (Capablanca's 10x8 rules), chess to g; a pawn promotes on
the last rank."""

from __future__ import annotations

from dataclasses import replace

import pytest

from designer.formats import fsf_ini
from designer.formats.registry import read_any
from designer.game import Game
from designer.rules.model import Castling, Promotion, RuleSet
from designer.rules.numbers import number_problems
from designer.rules.regions import Region, Sided
from designer.variant.edits import resized
from designer.variant.model import Variant
from designer.variant.setup_tools import sample_start

from repo_data import ROOT


def _load(name: str) -> Variant:
    return read_any(str(ROOT / "variants" / f"{name}.ini"))


def _works(v: Variant) -> None:
    """Validates without errors, exports to Fairy-Stockfish and has legal moves."""
    assert v.rule_set is not None
    assert number_problems(v.rule_set, v.files, v.ranks) == []
    assert [p for p in v.validate() if p.severity == "error"] == []
    assert fsf_ini.write(v)
    assert Game(v).legal_moves()


@pytest.mark.parametrize("name, files, ranks", [("fide", 6, 6), ("fide", 10, 8),
                                                ("capablanca", 8, 8)])
def test_a_resized_variant_validates_exports_and_plays(name, files, ranks):
    _works(resized(_load(name), files, ranks))


def test_chess_on_ten_files_castles_as_capablanca_does():
    c = resized(_load("fide"), 10, 8).rule_set.castling
    assert (c.kingside_to, c.queenside_to, c.kingside_rook, c.queenside_rook) == \
        (8, 2, None, 0)                    # king to i1 / c1, rooks from the corners


def test_capablanca_on_eight_files_castles_to_g_and_c():
    c = resized(_load("capablanca"), 8, 8).rule_set.castling
    assert (c.kingside_to, c.queenside_to) == (6, 2)


def test_promotion_stays_on_the_last_rank_of_a_smaller_board():
    [p] = resized(_load("fide"), 6, 6).rule_set.promotions
    assert p.zone == Sided(Region("*6"), Region("*1"))


@pytest.mark.parametrize("target, sample", [("fide", "capablanca"), ("capablanca", "fide")])
def test_a_sample_start_of_another_size_validates_exports_and_plays(target, sample):
    got, _notes = sample_start(_load(target), _load(sample))
    assert (got.files, got.ranks) == (_load(sample).files, _load(sample).ranks)
    _works(got)
    c = got.rule_set.castling
    assert c.kingside_to == _load(sample).rule_set.castling.kingside_to


def test_castling_that_no_longer_fits_is_dropped_with_a_note():
    from designer.rules.edits import resized_rules
    rules = RuleSet(castling=Castling())
    got, notes = resized_rules(rules, 8, 8, 2, 8)
    assert got.castling is None and notes and "castling" in notes[0]


def test_squares_off_the_new_board_are_left_out():
    from designer.rules.edits import resized_rules
    zone = Sided(Region("*7 *8 h1 b2-h3"), Region("*1 *2"))
    rules = RuleSet(promotions=(Promotion(pieces=("P",), zone=zone,
                                             choices=Sided.both(("Q",))),))
    got, _ = resized_rules(rules, 8, 8, 6, 6)
    assert got.promotions[0].zone == Sided(Region("*5 *6 b2-f3"), Region("*1 *2"))
    assert number_problems(got, 6, 6) == []


def test_a_line_longer_than_the_smaller_board_is_brought_onto_it():
    """Grand's board made 8x8 with a connect rule of 10 in a line (the random tester's seed 1,
    sequence 409: a Rules-panel edit, then a sample start of another size): the line becomes
    the longest the board has room for, with a note, and the Fairy-Stockfish export writes it."""
    from designer.formats import fsf_ini
    from designer.rules.edits import resized_rules
    from designer.rules.model import Connect
    from designer.rules.numbers import number_problems
    rules = RuleSet(ending=replace(RuleSet().ending, connect=Connect(n=4, collinear=10)))
    out, notes = resized_rules(rules, 10, 10, 8, 8)
    assert out.ending.connect is not None and out.ending.connect.collinear == 8
    assert any("collinear 10 is now 8" in n for n in notes)
    assert number_problems(out, 8, 8) == []
    v = read_any(ROOT / "variants" / "fide.ini")
    fsf_ini.write(replace(v, rule_set=replace(v.rule_set, ending=out.ending)))

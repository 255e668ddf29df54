"""The rule set is the one record of a variant's rules: files of every earlier version open
unchanged in meaning, and the fields XBoard's options carry are computed from the rule set.

``tests/data/before_rules``: the samples as saved before rules were data (no rule set at all:
the rules are derived from the parent and the older fields). ``tests/data/previous``: the
samples as the previous version saved them (the rule set and, beside it, the older fields).
Both must open with the rule set of today's samples.
"""

import json
from dataclasses import replace
from pathlib import Path

import pytest

from designer.formats import fsf_ini, xboard_ini
from designer.cli import main
from designer.formats.registry import problems_for, read_any
from designer.variant.derive import rules_for
from designer.game.game import Game

from repo_data import ROOT

DATA = ROOT / "tests" / "data"
SAMPLES = sorted((ROOT / "variants").glob("*.ini"))


@pytest.mark.parametrize("folder", ["before_rules", "previous"])
@pytest.mark.parametrize("sample", SAMPLES, ids=lambda p: p.stem)
def test_an_earlier_file_opens_with_the_rules_of_todays_sample(folder: str, sample: Path):
    old = DATA / folder / sample.name
    opened = read_any(old)
    assert opened.rule_set is not None               # derived once, on reading
    assert opened.rule_set == xboard_ini.load(sample).rule_set


def test_a_previous_file_whose_older_fields_disagree_keeps_the_game_it_played():
    """The previous version let the Pieces dock set the Pawn's choices to N while the game
    kept promoting to N, B, R or Q (its rule set): the file holds both; the rule set is what
    was played, so it is what opens."""
    path = DATA / "previous_fide_pawn_to_n.ini"
    assert '"promotions": ["N"]' in path.read_text()
    v = read_any(path)
    assert rules_for(v).promotions[0].choices.white == ("N", "B", "R", "Q")
    assert v.piece("P").promotions == ("N", "B", "R", "Q")   # the XBoard view agrees
    game = Game(v, "4k3/P7/8/8/8/8/8/4K3 w - - 0 1")
    assert sorted(t for t in map(game.move_text, game.legal_moves()) if t.startswith("a7")) \
        == ["a7a8b", "a7a8n", "a7a8q", "a7a8r"]


def test_a_save_writes_the_rules_once():
    """Beside a rule set, the piece lines carry no promotion fields and the variant line no
    drops: they are computed from the rule set when read."""
    v = xboard_ini.load(ROOT / "variants" / "shogi.ini")
    text = xboard_ini.write(v)
    data = [json.loads(line.split(None, 4)[4]) for line in text.splitlines()
            if line.startswith("; @designer")]
    head, pieces = data[0], data[1:]
    assert "drops" not in head
    for piece in pieces:
        assert not {"promotions", "promotes_to", "promotion_zone", "mandatory_promotion"} \
            & set(piece), piece
    assert "-holdingsSize 7" in text                  # XBoard's option, from the rule set
    assert xboard_ini.read(text) == v


@pytest.mark.parametrize("change,named", [
    (lambda r: replace(r, royalty=replace(r.royalty, checks=False)), "no move may give check"),
    (lambda r: replace(r, must_capture=True), "a capture must be made when one is possible"),
])
def test_the_xboard_save_and_check_name_a_rule_xboard_will_not_play(tmp_path, capsys, change,
                                                                    named):
    """XBoard is told ``-variant normal`` and plays ordinary chess: the save's notes (what the
    window shows after saving) and ``check`` say which rule it leaves out."""
    v = read_any(ROOT / "variants" / "fide.ini")
    v = replace(v, rule_set=change(v.rule_set))
    notes = [str(p) for p in problems_for(v, "xboard")]
    assert any(named in n and "-variant normal" in n for n in notes), notes
    path = tmp_path / "v.ini"
    xboard_ini.save(path, v)
    assert read_any(path).rule_set == v.rule_set    # our own reader keeps the rule
    assert main(["check", str(path)]) == 0
    assert named in capsys.readouterr().out


def test_the_samples_note_only_what_xboard_really_plays_otherwise():
    """Every sample's rules are XBoard's own but Sixteen's and Ultima's promotion: XBoard's
    fairy pawn promotes to what its table allows (not to Sixteen's Z; Ultima's pawns not at
    all in our rules, on the last rank in XBoard's)."""
    noted = {path.stem for path in SAMPLES
             if any(p.field.startswith("rule_set") for p in problems_for(read_any(path),
                                                                          "xboard"))}
    assert noted == {"sixteen", "ultima"}


def test_shoguns_promotion_limit_is_played_as_fairy_stockfish_plays_it():
    """shogun's ``promotionLimit = g:1 a:1 m:1 q:1`` holds for its Shogi-style promotions:
    with an Archbishop on the board, a Bishop may no longer turn into one (Fairy-Stockfish's
    own move generator, pyffish, is the reference)."""
    sf = pytest.importorskip("pyffish")
    text = (DATA / "fsf" / "variants.ini").read_text()
    sf.load_variant_config(text)
    v = fsf_ini.read(text, "shogun", "variants.ini")
    for fen in ("4k3/8/8/8/8/8/1B6/+B3K3[] w - - 0 1", "4k3/8/8/8/8/8/1B6/4K3[] w - - 0 1"):
        game = Game(v, fen)
        ours = sorted(t for t in map(game.move_text, game.legal_moves())
                      if t.startswith("b2") and t.endswith("+"))
        theirs = sorted(m for m in sf.legal_moves("shogun", fen, [])
                        if m.startswith("b2") and m.endswith("+"))
        assert ours == theirs
    assert theirs                                   # without an Archbishop it promotes


def test_the_diagram_export_names_a_rule_it_will_not_play():
    v = read_any(ROOT / "variants" / "fide.ini")
    v = replace(v, rule_set=replace(v.rule_set, must_capture=True))
    notes = [str(p) for p in problems_for(v, "diagram")]
    assert any("Interactive Diagram" in n and "a capture must be made" in n for n in notes)


def test_a_turn_that_only_places_a_wall_costs_no_castling_right():
    """atlantis (wallOrMove): the rook "moving" to its own square to place a wall keeps its
    castling right, as Fairy-Stockfish's do_move treats a pass (pyffish's FEN after it)."""
    sf = pytest.importorskip("pyffish")
    text = (DATA / "fsf" / "variants.ini").read_text()
    sf.load_variant_config(text)
    game = Game(fsf_ini.read(text, "atlantis", "variants.ini"))
    game.play(game.move_from_text("a1a1,a1a3"))
    theirs = sf.get_fen("atlantis", sf.start_fen("atlantis"), ["a1a1,a1a3"])
    assert game.fen().split()[2] == theirs.split()[2] == "KQkq"


def test_reading_elgam_names_the_promotion_it_makes_one_move():
    text = (DATA / "fsf" / "variants.ini").read_text()
    notes = fsf_ini.read_notices(text, "elgam", "variants.ini")
    assert any(n.key == "promotionPieceTypes" and "promoted form" in n.message for n in notes)


def test_a_section_written_on_shogi_keeps_the_parents_promotions_away():
    """chak has no promotion for its rook; written as a child of the built-in shogi (whose
    rook turns into a dragon king), the section must reset that: the engine's parser sets only
    the promotedPieceType entries it is given. Both sections in pyffish after two moves."""
    sf = pytest.importorskip("pyffish")
    text = (DATA / "fsf" / "variants.ini").read_text()
    sf.load_variant_config(text)
    v = fsf_ini.read(text, "chak", "variants.ini")
    mine = replace(v, name="vdrtchak")
    sf.load_variant_config(fsf_ini.write(mine, with_designer=False))
    name = fsf_ini.section_name(mine)
    moves = ["a3b3", "e7f7"]
    assert set(sf.legal_moves(name, sf.start_fen(name), moves)) == \
        set(sf.legal_moves("chak", sf.start_fen("chak"), moves))


def test_a_rule_naming_no_piece_is_an_error_of_the_rules_and_the_file_still_saves(tmp_path):
    """The Rules panel may be given a promoted form that is no piece (N into +N on FIDE): the
    rule set says so (``validate``), and the work still saves and reads back; the piece lines
    XBoard reads never name a piece the file does not define (the random-edit tester's
    seed 1, sequence 161)."""
    from designer.rules.model import PromotedForms
    from designer.rules.regions import Region, Sided
    from designer.variant.derive import with_rules
    v = read_any(ROOT / "variants" / "fide.ini")
    forms = PromotedForms(forms=(("N", "+N"),), zone=Sided(Region("*8"), Region("*1")))
    v = with_rules(v, replace(v.rule_set, promoted_forms=forms))
    assert any("+N" in str(p) and p.field.startswith("rule_set.promoted_forms")
               for p in v.validate())
    path = tmp_path / "v.ini"
    xboard_ini.save(path, v)
    assert read_any(path) == v
    assert v.piece("N").promotes_to == ""

"""The rules model: regions, JSON data in our files, validation, the Fairy-Stockfish table, and
every sample carrying its rules as data that our reader reads back."""

from dataclasses import replace
from pathlib import Path

import pytest

from designer.formats import xboard_ini
from designer.formats.errors import FormatError
from designer.rules import (ALL, Blast, Castling, Connect, Drops, Ending, Extinction, Flag,
                            Gating, LionRules, PieceRules, PromotedForms, Promotion,
                            RegionalMoves, Repetition, Royalty, RuleSet, Walls)
from designer.rules.fsf_table import FSF_OPTIONS
from designer.rules.regions import Region, RegionError, Sided
from designer.rules.serial import RuleDataError, rules_from_json, rules_to_json
from designer.variant.model import PieceType, Variant

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = sorted((ROOT / "variants").glob("*.ini"))
DATA = Path(__file__).resolve().parent / "data"


def test_region_terms_name_squares_files_ranks_and_rectangles():
    r = Region("e4 a* *8 d1-f2")
    sq = r.squares(8, 8)
    assert (4, 3) in sq and (0, 5) in sq and (7, 7) in sq and (5, 1) in sq
    assert (3, 2) not in sq and len(sq) == 1 + 8 + 7 + 6   # a8 counted once (file a and rank 8)
    assert Region("-").squares(8, 8) == frozenset() and Region("").empty
    assert Region("*").squares(3, 2) == frozenset((f, r) for f in range(3) for r in range(2))


@pytest.mark.parametrize("text", ["z1", "e9", "*9", "k*", "e", "d1-", "4e"])
def test_a_region_off_the_board_or_misspelt_is_refused_with_the_term(text):
    with pytest.raises(RegionError) as e:
        Region(text).squares(8, 8)
    assert e.value.term
    assert Region(text).check(8, 8)


def _full_rules() -> RuleSet:
    """A rule set with every part set away from its default."""
    z = Sided(Region("*8"), Region("*1", "last rank"))
    return RuleSet(
        pieces=(PieceRules("P", confined=Sided.both(Region("a1-h4")),
                           moves_in=(RegionalMoves(z, "fsW"),)),),
        promotions=(Promotion(("P",), z, Sided(("Q", "N"), ("Q",)), mandatory=False,
                              limits=(("Q", 1),), only_lost=True),),
        promoted_forms=PromotedForms((("P", "+P"),), z, mandatory=True, on_capture_only=True,
                                     demotion=True),
        drops=Drops(captures_to_hand=False, keep_promoted=True, region=z, pawns=("P",),
                    no_doubled=("P",), no_doubled_count=2, no_mate_by=("P",), checks=False,
                    must_drop=True, must_drop_piece="K", promoted_drops=True,
                    opposite_bishops="B", back_rank_only=("R",), enclosing="top",
                    enclosing_start=Region("d4 e5"), two_boards=True, free=True),
        castling=Castling(king=Sided("K", "K"), rooks=Sided(("R",), ("R", "Q")), king_file=5,
                          kingside_to=8, kingside_rook=9, chess960=True, opposite=True,
                          dropped_pieces=True, wins="Kq"),
        royalty=Royalty(checks=False, several="all", flying_general=True, bikjang=True,
                        makpong=True, shatar_mate=True),
        ending=Ending(checkmate="win", stalemate="loss", stalemate_by_material=True,
                      repetition=Repetition(4, "loss", True, True, True, "axf"),
                      move_limit=70, move_limit_resets=Sided(("P",), ("P", "S")),
                      insufficient_material=True,
                      extinction=Extinction((ALL,), 1, 2, True, "win", True),
                      flag=Flag(z, Sided("K", ALL), 2, True, True, True), check_count=True,
                      connect=Connect(4, ("P",), False, True, False,
                                      Sided((Region("*1"), Region("*8")),
                                            (Region("a*"), Region("h*"))), 2, 3, "draw"),
                      counting="makruk", material_counting="janggi", full_board=True),
        initial_moves=Sided(Region("*2"), Region("*7")), en_passant_region=z,
        triple_steps=Sided(Region("*2"), Region("c7")),
        immobile_illegal=True, must_capture=True, blast=Blast(("P", "K"), ("K",), ("N",)),
        petrify=("Q",), walls=Walls("duck", z, True), gating=Gating(True, True),
        passing=Sided(True, False), pass_on_stalemate=Sided(False, True), flip="reversi",
        diagonal_lines=Region("d1 f1 e2"), lion=LionRules(("N", "+O"), ("P",), False, False),
        wrap=True)


def test_every_rule_reads_back_from_its_json_and_defaults_write_nothing():
    rules = _full_rules()
    assert rules_from_json(rules_to_json(rules)) == rules
    assert rules_to_json(RuleSet()) == {}


def test_unknown_keys_of_a_newer_version_are_kept_and_written_back():
    data = {"must_capture": True, "future_rule": {"x": [1, 2]}}
    rules = rules_from_json(data)
    assert rules.must_capture and rules_to_json(rules) == data


@pytest.mark.parametrize("data, path", [
    ({"must_capture": "yes"}, "must_capture"),
    ({"ending": {"repetition": {"count": "3"}}}, "ending.repetition.count"),
    ({"ending": {"stalemate": "lose"}}, "ending.stalemate"),
    ({"promotions": [{"pieces": ["P"]}]}, "promotions[0]"),
    ({"promotions": [{"pieces": "P", "zone": "*8", "choices": ["Q"]}]}, "promotions[0].pieces"),
    ({"castling": {"king_file": 1e30}}, "castling.king_file"),
    ({"pieces": [{"letter": "K", "confined": {"white": 1, "black": "*1"}}]},
     "pieces[0].confined.white"),
    ([1, 2], ""),
])
def test_rule_data_of_the_wrong_shape_names_where(data, path):
    with pytest.raises(RuleDataError) as e:
        rules_from_json(data)
    assert e.value.path == path


def test_a_file_with_bad_rule_data_is_refused_with_its_line():
    v = Variant("T", 8, 8, (PieceType("K", notation="K", royal=True),), "k7/8/8/8/8/8/8/K7 w - - 0 1",
                rule_set=RuleSet(must_capture=True))
    text = xboard_ini.write(v).replace('"must_capture": true', '"must_capture": 7')
    line = next(i for i, t in enumerate(text.splitlines(), 1) if "must_capture" in t)
    with pytest.raises(FormatError) as e:
        xboard_ini.read(text, "t.ini")
    assert e.value.line == line and "must_capture" in str(e.value)


def test_validation_names_unknown_letters_and_regions_off_the_board():
    v = Variant("T", 8, 8, (PieceType("K", notation="K", royal=True),
                            PieceType("P", notation="fW")), "k7/8/8/8/8/8/8/K7 w - - 0 1",
                rule_set=RuleSet(promotions=(Promotion(("P",), Sided.both(Region("*9")),
                                                       Sided.both(("Q",))),)))
    fields = {p.field for p in v.validate()}
    assert "rule_set.promotions[0].zone.white" in fields
    assert "rule_set.promotions[0].choices.white" in fields


def test_the_fairy_stockfish_table_places_every_option_its_parser_reads():
    options = [line.strip() for line in (DATA / "fsf_parser_options.txt").read_text().splitlines()
               if line.strip() and not line.startswith("#")]
    missing = [o for o in options if o not in FSF_OPTIONS]
    assert not missing
    for option, (place, _) in FSF_OPTIONS.items():
        if place.startswith("rule_set."):
            _resolve(place)


def _dataclasses_in(hint: object) -> list[type]:
    """The model classes a field's type holds (through None, tuples and Sided)."""
    import typing
    if isinstance(hint, type) and hasattr(hint, "__dataclass_fields__") and hint is not Sided:
        return [hint]
    return [c for a in typing.get_args(hint) for c in _dataclasses_in(a)]


def _resolve(place: str) -> None:
    """Each ``rule_set.a.b`` place (several after commas, later ones relative to the first's
    parent) names fields that exist on the model."""
    import typing
    from dataclasses import fields as dc_fields
    from designer.rules import model
    first, *more = [p.strip() for p in place.split(",")]
    parent = first.rsplit(".", 1)[0]
    for part in [first] + [f"{parent.rsplit('.', 1)[0]}.{m}" for m in more]:
        cls: type = RuleSet
        for name in part.split(".")[1:]:
            name = name.replace("[]", "")
            assert name in {f.name for f in dc_fields(cls)}, (place, name)
            inner = _dataclasses_in(typing.get_type_hints(cls, vars(model))[name])
            cls = inner[0] if inner else cls


@pytest.mark.parametrize("path", SAMPLES, ids=[p.stem for p in SAMPLES])
def test_each_sample_carries_its_rules_as_data_and_reads_back(path):
    v = xboard_ini.read(path.read_text(), str(path))
    assert v.rule_set is not None
    assert not [p for p in v.validate() if p.severity == "error"]
    again = xboard_ini.read(xboard_ini.write(v), "again.ini")
    assert again == v and again.rule_set == v.rule_set


def test_no_sample_leaves_a_rule_in_prose_only():
    for path in SAMPLES:
        text = path.read_text()
        assert "not expressible" not in text and "cannot express" not in text, path.name
        assert "not part of the model" not in text, path.name


def test_the_samples_rules_say_what_their_games_need():
    def rules(name: str) -> RuleSet:
        v = xboard_ini.read((ROOT / "variants" / f"{name}.ini").read_text(), name)
        assert v.rule_set is not None
        return v.rule_set
    xq = rules("xiangqi")
    assert xq.royalty.flying_general and xq.ending.stalemate == "loss"
    assert xq.piece_rules("K").confined.white.squares(9, 10) == frozenset(
        (f, r) for f in (3, 4, 5) for r in (0, 1, 2))
    assert xq.piece_rules("P").moves_in[0].notation == "fsW"
    sh = rules("shogi")
    assert sh.drops.no_doubled == ("P",) and sh.drops.no_mate_by == ("P",)
    assert sh.immobile_illegal and sh.promoted_forms is not None
    gr = rules("grand")
    assert gr.promotions[0].only_lost and not gr.promotions[0].mandatory and gr.immobile_illegal
    assert rules("shatranj").ending.extinction.opponent_at_least == 2
    assert rules("makruk").ending.counting == "makruk"
    assert rules("chu").lion is not None and rules("chu").royalty.several == "last"
    assert rules("cylinder").wrap
    assert replace(rules("fide"), castling=None) != rules("fide")


def test_renaming_or_removing_a_piece_type_follows_into_the_rules():
    from designer.variant.edits import renamed, without
    shogi = xboard_ini.read((ROOT / "variants" / "shogi.ini").read_text(), "shogi")
    v = renamed(renamed(shogi, "P", "Z"), "+P", "+Z")
    assert ("Z", "+Z") in v.rule_set.promoted_forms.forms
    assert v.rule_set.drops.no_doubled == ("Z",) and v.rule_set.drops.no_mate_by == ("Z",)
    assert not [p for p in v.validate() if p.severity == "error"]
    xiangqi = xboard_ini.read((ROOT / "variants" / "xiangqi.ini").read_text(), "xiangqi")
    gone = without(xiangqi, "A")
    assert gone.rule_set.piece_rules("A") is None and gone.rule_set.piece_rules("K") is not None
    fide = xboard_ini.read((ROOT / "variants" / "fide.ini").read_text(), "fide")
    no_pawn = without(fide, "P")
    assert no_pawn.rule_set.promotions == ()
    assert not [p for p in no_pawn.validate() if p.severity == "error"]

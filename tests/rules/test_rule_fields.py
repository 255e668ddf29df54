"""The rules model as editable fields (``rules.fields``): every Fairy-Stockfish option the reader
maps has a field, every field can be set by its path and reads back, and a field added to the
model is listed without any change to the walk."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest

from designer.formats.registry import read_any
from designer.variant.derive import rules_for
from designer.rules.fields import (FieldError, parse, present_at, rule_fields,
                                   text_of, value_at, with_value)
from designer.rules.fsf_table import FSF_OPTIONS
from designer.rules.model import ALL, Drops, RuleSet
from designer.rules.regions import Region, Sided

from rule_values import other_value

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ("fide", "shogi", "xiangqi", "chu", "grand")


def sample(name: str):
    return read_any(ROOT / "variants" / f"{name}.ini")


@pytest.mark.parametrize("name", SAMPLES)
def test_every_option_the_reader_maps_has_a_field(name):
    v = sample(name)
    listed = {o for f in rule_fields(rules_for(v), v.letters) for o in f.options}
    mapped = {o for o, (place, _note) in FSF_OPTIONS.items() if place.startswith("rule_set.")}
    assert mapped, "the option table maps no option into the rules model"
    assert mapped - listed == set()


@pytest.mark.parametrize("name", SAMPLES)
def test_every_field_is_set_by_its_path_and_reads_back(name):
    v = sample(name)
    rules = rules_for(v)
    fields = rule_fields(rules, v.letters)
    assert len({f.path for f in fields}) == len(fields)          # one field per path
    for field in fields:
        value = other_value(field, rules, v.letters)
        new = with_value(rules, field, value)
        assert new != rules, field.path
        got = present_at(new, field.path) if field.kind == "present" \
            else value_at(new, field.path)
        assert got == value, field.path
        # and setting back the old value gives the old rules back where nothing was created
        if field.kind != "present" and present_at(rules, field.path.rsplit(".", 1)[0]
                                                  if "." in field.path else field.path):
            old = value_at(rules, field.path)
            if "[" not in field.path:
                assert with_value(new, field, old) == rules, field.path


def test_setting_a_field_of_an_absent_part_brings_the_part_in():
    rules = RuleSet()
    field = next(f for f in rule_fields(rules, ("P", "K")) if f.path == "drops.checks")
    assert rules.drops is None and "dropChecks" in field.options
    new = with_value(rules, field, False)
    assert new.drops == Drops(checks=False)


def test_switching_a_part_off_removes_it_and_a_list_grows_by_one():
    v = sample("shogi")
    rules = rules_for(v)
    fields = {f.path: f for f in rule_fields(rules, v.letters)}
    assert rules.drops is not None
    assert with_value(rules, fields["drops"], False).drops is None
    n = len(rules.promotions)
    grown = with_value(rules, fields[f"promotions[{n}]"], True)
    assert len(grown.promotions) == n + 1


def test_piece_entries_are_keyed_by_letter_and_vanish_when_empty():
    v = sample("xiangqi")
    rules = rules_for(v)
    fields = {f.path: f for f in rule_fields(rules, v.letters)}
    confined = fields["pieces[R].confined"]
    assert "mobilityRegion<Side><Piece>" in confined.options
    new = with_value(rules, confined, Sided(Region("*1 *2"), Region("*9 *10")))
    assert new.piece_rules("R") is not None
    assert new.piece_rules("R").confined == Sided(Region("*1 *2"), Region("*9 *10"))
    assert with_value(new, confined, None) == rules      # says nothing again: gone


def test_a_field_added_to_the_model_is_listed_and_set_without_changes_here():
    @dataclass(frozen=True)
    class Newer(RuleSet):
        sudden_death: bool = False
        sudden_types: tuple[str, ...] = ()

    rules = Newer()
    fields = {f.path: f for f in rule_fields(rules, ("P", "K"))}
    assert fields["sudden_death"].kind == "bool"
    assert fields["sudden_types"].kind == "texts"     # letters only for the letter fields
    new = with_value(rules, fields["sudden_death"], True)
    assert isinstance(new, Newer) and new.sudden_death


@pytest.mark.parametrize("kind, text, why", [
    ("letters", "P Z", "no piece type Z"),
    ("region", "e9", "not on a 8x8 board"),
    ("region", "q*", "not a file"),
    ("counts", "Q:x", "must be a number"),
    ("pairs", "P+P", "not a pair"),
    ("letter", "P N", "one piece letter"),
])
def test_text_that_does_not_read_says_why(kind, text, why):
    with pytest.raises(FieldError) as e:
        parse(kind, text, ("P", "N", "Q", "K"), (8, 8))
    assert why in e.value.message


@pytest.mark.parametrize("kind, value", [
    ("letters", ("P", ALL)), ("region", Region("d1-f3 e*")), ("pairs", (("P", "+P"),)),
    ("counts", (("Q", 1), ("N", 2))), ("regions", (Region("*1"), Region("a1 b2"))),
])
def test_text_reads_back(kind, value):
    assert parse(kind, text_of(kind, value), ("P", "N", "Q", "K"), (8, 8)) == value


def _table_option(key: str) -> str | None:
    """The option of ``fsf_table`` a section's key is (mobility regions and pieces by name
    stand for their row), None for a piece's own line."""
    if key.startswith("mobilityRegion"):
        return "mobilityRegion<Side><Piece>"
    return key if key in FSF_OPTIONS else None


def test_every_rule_a_section_of_the_corpus_uses_has_a_field():
    """Fairy-Stockfish's own variants.ini and its built-in variants: every key of every section
    that the reader maps into the rules model is a field the Rules panel edits."""
    from importlib import resources

    from designer.formats.fsf_sections import parse_sections
    from repo_data import FSF_DATA

    texts = [(FSF_DATA / "variants.ini").read_text(),
             resources.files("designer.data").joinpath("fsf_builtins.ini").read_text()]
    used = {key for text in texts for s in parse_sections(text) for key in s.keys}
    rule_options = {o for o in filter(None, map(_table_option, used))
                    if FSF_OPTIONS[o][0].startswith("rule_set.")}
    assert len(rule_options) > 60                    # the corpus uses most of them
    v = sample("shogi")
    listed = {o for f in rule_fields(rules_for(v), v.letters) for o in f.options}
    assert rule_options - listed == set()


def test_every_rule_value_of_the_corpus_is_shown_as_text_that_reads_back():
    """Each section of Fairy-Stockfish's variants.ini, read: every typed value of its rules
    (letters, regions, pairs, per side) as the panel shows it reads back as the same value on
    that variant's board with its pieces, so editing any field starts from what is there."""
    from designer.formats import fsf_ini
    from repo_data import FSF_DATA

    text = (FSF_DATA / "variants.ini").read_text()
    checked = 0
    for name in fsf_ini.sections(text):
        v = fsf_ini.read(text, name)
        rules = rules_for(v)
        for f in rule_fields(rules, v.letters):
            part = f.path.rsplit(".", 1)[0] if "." in f.path else ""
            if f.kind in ("present", "bool", "int", "enum") or \
                    (part and not present_at(rules, part)):
                continue
            value = value_at(rules, f.path)
            for one in (value.white, value.black) if f.sided and value is not None \
                    else (value,):
                if one is None:
                    continue
                shown = "-" if one == () else text_of(f.kind, one)
                assert parse(f.kind, shown, v.letters, (v.files, v.ranks), one) == one, \
                    (name, f.path, shown)
                checked += 1
    assert checked > 1500                            # the corpus has that many typed values

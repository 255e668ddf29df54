"""Every field of the rules model is accounted for: the game plays it (a rule family, or the
game's core, declares it) or refuses it by name; each file format that carries rules writes it
or names it in its notes when it is set. The fields come from the model's own dataclasses, so a
field added later without a reader fails here."""

import importlib
import pkgutil
import re
from dataclasses import fields, replace

import designer.game
from designer.formats import fsf_ini
from designer.formats.registry import problems_for, read_any
from designer.formats.xboard_ini import option_values
from designer.game.families import RuleFamily
from designer.game.support import judged_later, unplayed
from designer.rules.edits import renamed_letter, without_letter
from designer.rules.letters import letters_of, map_letters
from designer.rules.model import PieceRules, RuleSet
from designer.rules.validate import rule_problems
from designer.variant.derive import rules_for
from model_fields import changed, changed_all, covers, leaf_paths, settings, with_parts
from repo_data import ROOT


def _declared() -> dict[str, str]:
    """Each path the game declares it plays -> who declares it (a family or a module)."""
    out: dict[str, str] = {}
    for info in pkgutil.iter_modules(designer.game.__path__, "designer.game."):
        module = importlib.import_module(info.name)
        for path in getattr(module, "PLAYS", ()):
            out[path] = info.name
    families = list(RuleFamily.__subclasses__())
    while families:
        family = families.pop()
        families += family.__subclasses__()
        for path in family.plays:
            out[path] = family.__name__
    return out


def _refused(rules: RuleSet) -> set[str]:
    return set(unplayed(rules)) | set(judged_later(rules))


def test_every_field_is_played_or_refused_by_name_by_the_game():
    declared = _declared()
    neither = []
    for path in leaf_paths():
        if any(covers(d, path) for d in declared):
            continue
        # set (with the part it belongs to), it is refused with a name
        if _refused(changed(with_parts(RuleSet(), path), path)) - _refused(RuleSet()):
            continue
        neither.append(path)
    assert neither == []


def test_what_the_game_declares_it_plays_are_fields_of_the_model():
    paths = leaf_paths()
    stale = sorted(d for d in _declared() if not any(covers(d, p) for p in paths))
    assert stale == []
    assert len(leaf_paths()) > 100          # the walk reaches into every part


# -- the file formats -------------------------------------------------------------------------
def _named(problems) -> set[str]:
    """The fields of the rules (list entries left out) or of a piece's rules the notes name."""
    piece_fields = {f.name for f in fields(PieceRules)}
    out = set()
    for p in problems:
        if p.field.startswith("rule_set."):
            out.add(re.sub(r"\[[^\]]*\]", "", p.field).removeprefix("rule_set."))
        elif p.piece and p.field in piece_fields:
            out.add("pieces." + p.field)          # a piece's own palace moves …
    return out


def _unaccounted(written, notes) -> list[str]:
    """The fields that, set on the FIDE sample's rules (with what they need beside them),
    change neither what ``written`` gives nor are named by ``notes``."""
    v = read_any(ROOT / "variants" / "fide.ini")
    out = []
    for path in leaf_paths():
        def accounted() -> bool:
            for base in settings(with_parts(rules_for(v), path), path):
                before = replace(v, rule_set=base)
                for rules in changed_all(base, path):
                    after = replace(v, rule_set=rules)
                    if written(after) != written(before):
                        return True
                    if any(covers(n, path) for x in (before, after) for n in _named(notes(x))):
                        return True
            return False
        if not accounted():
            out.append(path)
    return out


def test_every_field_is_written_or_noted_by_the_fairy_stockfish_writer():
    assert _unaccounted(lambda v: fsf_ini.write(v, with_designer=False),
                        fsf_ini.fsf_problems) == []


def test_every_field_is_carried_by_xboards_options_or_noted():
    """XBoard's own options (the ``@designer`` data aside: XBoard does not read it)."""
    assert _unaccounted(option_values, lambda v: problems_for(v, "xboard")) == []


def test_an_xboard_save_names_the_rules_xboard_will_not_play():
    v = read_any(ROOT / "variants" / "fide.ini")
    rules = rules_for(v)
    assert [p.field for p in problems_for(v, "xboard") if p.field.startswith("rule_set")] == []
    no_checks = replace(v, rule_set=replace(rules, royalty=replace(rules.royalty, checks=False)))
    must_capture = replace(v, rule_set=replace(rules, must_capture=True))
    for variant, field in ((no_checks, "rule_set.royalty.checks"),
                           (must_capture, "rule_set.must_capture")):
        notes = [p for p in problems_for(variant, "xboard") if p.field == field]
        assert len(notes) == 1 and "-variant normal" in notes[0].message, field


# -- piece letters by type ----------------------------------------------------------------------
def test_renaming_a_piece_renames_every_field_typed_as_letters():
    """Every field whose type is ``PieceLetter`` holds Q here; after renaming Q to Z none does
    (promotion limits and petrified types were missed by the old list of names)."""
    rules = RuleSet()
    for path in leaf_paths():
        rules = with_parts(rules, path)
    with_q = map_letters(rules, lambda x: "Q")
    assert {x for _, x in letters_of(with_q)} == {"Q"}
    renamed = renamed_letter(with_q, "Q", "Z")
    assert {x for _, x in letters_of(renamed)} == {"Z"}
    assert {p for p, _ in letters_of(renamed)} == {p for p, _ in letters_of(with_q)}
    fide = rules_for(read_any(ROOT / "variants" / "fide.ini"))
    limited = replace(fide, promotions=(replace(fide.promotions[0], limits=(("Q", 1),)),),
                      petrify=("Q", "+blast"))
    out = renamed_letter(limited, "Q", "Z")
    assert out.promotions[0].limits == (("Z", 1),) and out.petrify == ("Z", "+blast")
    gone = without_letter(limited, "Q")
    assert gone.promotions[0].limits == () and gone.petrify == ("+blast",)


def test_validation_checks_every_field_typed_as_letters():
    fide = rules_for(read_any(ROOT / "variants" / "fide.ini"))
    bad = replace(fide, promotions=(replace(fide.promotions[0], limits=(("Y", 1),)),),
                  petrify=("Y", "+blast"))
    found = [(p.field, p.message) for p in rule_problems(bad, {"K", "Q", "R", "B", "N", "P"},
                                                          8, 8)]
    assert found == [("rule_set.promotions[0].limits", "Y is not a piece of this variant"),
                     ("rule_set.petrify", "Y is not a piece of this variant")]

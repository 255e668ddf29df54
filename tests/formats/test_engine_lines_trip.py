"""Engine lines (``.eng``) drop what they cannot hold and say so; they never change a piece's
moves or promotions: read back, every piece moves and promotes as before, or the export named
what was left out."""

from pathlib import Path

import pytest

from designer.cli import main
from designer.formats import engine_lines, xboard_ini
from designer.formats.registry import problems_for

from format_samples import SAMPLES
from moves_compare import same_targets

ROOT = Path(__file__).resolve().parents[2]


def _promotion(v, p):
    if p is None or not (p.promotions or p.promotes_to):
        return None
    return (sorted(p.promotions), p.promotes_to, p.promotion_zone or v.promotion_zone,
            p.mandatory_promotion)


@pytest.mark.parametrize("path", SAMPLES, ids=[p.stem for p in SAMPLES])
def test_read_back_moves_and_promotes_as_before_or_the_export_said_why(path):
    v = xboard_ini.load(path)
    back = engine_lines.read(engine_lines.write(v))
    said = problems_for(v, "engine")
    assert {p.letter for p in back.pieces} == {p.letter for p in v.pieces}
    for p in v.pieces:
        got = back.piece(p.letter)
        groups_left_out = [w for w in said if w.piece == p.letter and w.field == "notation"
                           and ("no XBetza" in w.message)]
        if not groups_left_out:
            assert same_targets(got.notation, got.dialect, p.notation, p.dialect, v.files,
                                v.ranks), (p.letter, p.notation, got.notation)
        mine, theirs = _promotion(v, p), _promotion(back, got)
        if mine != theirs:
            assert theirs is None, f"{p.letter}: promotions changed: {mine} -> {theirs}"
            assert any(w.piece == p.letter and w.field == "promotions" for w in said)
        if got.name != p.name:
            assert got.name == "" and any("carry no names" in w.message for w in said)


def test_the_sixteen_pawn_keeps_every_promotion_or_none_and_the_export_says_so():
    v = xboard_ini.load(ROOT / "variants" / "sixteen.ini")
    assert "Z" in v.piece("P").promotions
    back = engine_lines.read(engine_lines.write(v))
    assert back.piece("P").promotions in ((), v.piece("P").promotions)
    assert back.piece("L").name in ("", "Camel")            # never the Lance of its slot


def test_the_ultima_pawn_gains_nothing():
    v = xboard_ini.load(ROOT / "variants" / "ultima.ini")
    back = engine_lines.read(engine_lines.write(v))
    assert all(not p.promotions and not p.promotes_to for p in back.pieces)


def test_a_parent_whose_promotion_is_not_the_variants_is_not_named():
    """A FIDE game whose pawns promote to a Queen only: `normal` would give N, B, R, Q."""
    from dataclasses import replace
    v = xboard_ini.load(ROOT / "variants" / "fide.ini")
    v = v.with_piece(replace(v.piece("P"), promotions=("Q",)))
    text = engine_lines.write(v)
    assert "_fairy " in text.splitlines()[0]
    assert engine_lines.read(text).piece("P").promotions == ()
    assert any(w.field == "promotions" for w in problems_for(v, "engine"))


def test_export_lists_what_is_left_out(tmp_path, capsys):
    out = tmp_path / "sixteen.eng"
    assert main(["export", str(ROOT / "variants" / "sixteen.ini"), "--to", "engine", "-o",
                 str(out)]) == 0
    err = capsys.readouterr().err
    assert "cannot say that P promotes to" in err and "carry no names" in err


def test_docs_say_what_engine_lines_drop():
    text = (ROOT / "docs" / "files.md").read_text()
    assert "Engine lines drop" in text

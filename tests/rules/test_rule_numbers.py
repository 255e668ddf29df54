"""Every whole number of the rules is checked against the board it is for: a castling file the
board does not have (26 on FIDE's 8 files, as the Rules panel's boxes let one type) is a located
problem of the model, refused by the game and by the Fairy-Stockfish writers with that problem,
and reported by ``check`` without a traceback. FIDE's 8 files and ranks are the board's own; the
rook's square beside the king on the inside is where Fairy-Stockfish puts it (``castling_moves``
follows it), so the king's target leaves room for it."""

from __future__ import annotations

import subprocess
import sys
from dataclasses import replace

import pytest

from designer.errors import DesignerError
from designer.formats import fsf_ini, xboard_fsf, xboard_ini
from designer.formats.errors import FormatError
from designer.rules.fields import FieldError, RuleField, parse, with_value
from designer.game.game import Game
from designer.rules.numbers import number_range
from rules_data import ROOT

CASTLING_FILES = ["castling.king_file", "castling.kingside_to", "castling.queenside_to",
                  "castling.kingside_rook", "castling.queenside_rook"]


def _fide(path: str | None = None, value: int | None = None):
    v = xboard_ini.read((ROOT / "variants" / "fide.ini").read_text(), "fide.ini")
    if path is None:
        return v
    return replace(v, rule_set=with_value(v.rule_set, RuleField(path, "int"), value))


def test_the_ranges_follow_the_board():
    assert number_range("castling.king_file", 8, 8) == (0, 7)
    assert number_range("rule_set.castling.king_file", 10, 8) == (0, 9)
    assert number_range("castling.kingside_to", 8, 8) == (1, 7)    # the rook lands on 0..6
    assert number_range("castling.queenside_to", 8, 8) == (0, 6)
    assert number_range("castling.rank", 12, 10) == (1, 10)
    assert number_range("ending.flag.count", 8, 8) == (1, 64)
    assert number_range("promotions[3].limits[0][1]", 9, 9) == (0, 81)


@pytest.mark.parametrize("path", CASTLING_FILES)
def test_a_castling_file_off_the_board_is_a_located_error_everywhere(path, tmp_path):
    v = _fide(path, 26)
    where = f"rule_set.{path}"
    errors = [p for p in v.validate() if p.severity == "error"]
    assert [p.field for p in errors] == [where] and "8-file board" in errors[0].message
    with pytest.raises(DesignerError, match=where.replace(".", r"\.")):
        Game(v)
    with pytest.raises(FormatError, match=where.replace(".", r"\.")):
        fsf_ini.write(v)
    target = tmp_path / "out.ini"
    with pytest.raises(FormatError):
        xboard_fsf.save(target, v)
    assert not target.exists() and not list(tmp_path.iterdir())
    assert [p.field for p in fsf_ini.fsf_problems(v)][:1] == [where]


def test_the_last_file_and_rank_are_still_accepted():
    v = _fide("castling.king_file", 7)
    assert not [p for p in v.validate() if p.severity == "error"]
    Game(v)
    fsf_ini.write(v)
    with pytest.raises(DesignerError, match="rank 9"):
        Game(_fide("castling.rank", 9))
    with pytest.raises(DesignerError, match="no square beside"):
        Game(_fide("castling.kingside_to", 0))


def test_check_reports_a_saved_file_with_a_file_off_the_board_without_a_traceback(tmp_path):
    path = tmp_path / "wide-castle.ini"
    path.write_text(xboard_ini.write(_fide("castling.king_file", 26)))
    run = subprocess.run([sys.executable, "-m", "designer.cli", "check", str(path)],
                         capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert run.returncode == 1, run.stderr
    assert "Traceback" not in run.stderr and "Traceback" not in run.stdout
    assert "rule_set.castling.king_file: file 26 is not on this 8-file board" in run.stdout


def test_typed_counts_are_checked_against_the_board():
    with pytest.raises(FieldError, match="64"):
        parse("counts", "Q:65", ("Q",), (8, 8))
    with pytest.raises(FieldError):
        parse("counts", "Q:\u00b2", ("Q",), (8, 8))       # a digit that int() does not read
    with pytest.raises(FieldError):
        parse("counts", "Q:" + "9" * 5000, ("Q",), (8, 8))
    assert parse("counts", "Q:64", ("Q",), (8, 8)) == (("Q", 64),)

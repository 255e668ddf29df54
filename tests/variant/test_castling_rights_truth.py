"""Castling rights that say what is true: a right with nothing to castle with is named (and
an edit that takes the castling partner off drops it), and a parent variant that no longer fits
is explained in terms of the user's board and XBoard's."""

from dataclasses import replace
from pathlib import Path

from designer.formats import xboard_ini
from designer.formats.registry import problems_for
from designer.variant.fen import empty_fen, parse_fen, write_fen
from designer.variant.setup_tools import orphan_rights, without_new_orphans

ROOT = Path(__file__).resolve().parents[2]
FIDE = xboard_ini.load(ROOT / "variants" / "fide.ini")


def _without(v, *squares):
    s = parse_fen(v.setup)
    board = {sq: t for sq, t in s.board.items() if sq not in squares}
    return replace(v, setup=write_fen(replace(s, board=board)))


A1, H1, A8, H8, E1 = (0, 0), (7, 0), (0, 7), (7, 7), (4, 0)


def test_the_samples_rights_all_have_partners():
    assert orphan_rights(FIDE) == ""


def test_rights_without_rooks_are_named_by_validation():
    v = _without(FIDE, A1, H1, A8, H8)               # the knights still stand on b1 and g1
    assert orphan_rights(v) == "KQkq"
    warned = [p for p in v.validate() if p.field == "setup" and "KQkq" in p.message]
    assert warned and warned[0].severity == "warning"


def test_taking_a_rook_off_drops_its_right_in_the_same_edit():
    after, dropped = without_new_orphans(FIDE, _without(FIDE, H1))
    assert dropped == "K" and after.castling == "Qkq"
    after, dropped = without_new_orphans(FIDE, _without(FIDE, E1))   # the king itself
    assert dropped == "KQ" and after.castling == "kq"


def test_rights_that_were_already_unusable_are_the_users_to_keep():
    before = _without(FIDE, H1)                      # K already has no rook
    after, dropped = without_new_orphans(before, _without(before, (6, 0)))
    assert dropped == "" and after.castling == "KQkq"


def test_a_resized_fide_board_is_explained_as_the_users_board_against_xboards():
    v = replace(FIDE, files=10, ranks=10, setup=empty_fen(10, 10))
    (note,) = [p for p in problems_for(v, "xboard") if p.field == "parent"]
    assert "XBoard's normal is 8x8 and this board 10x10" in note.message
    assert "its board is 8x8" not in note.message
    assert "fairy" in note.message                      # what to choose instead

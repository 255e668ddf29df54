"""The reason a castling is refused names what refuses it: castling switched off in the rules,
a right lost, then the path (it used to say the path between King and Rook was blocked when
castling was simply off, or the right gone)."""

from dataclasses import replace

from designer.formats import xboard_ini
from designer.variant.derive import rules_for
from designer.game.game import Game
from designer.game.why import why_move

from repo_data import ROOT

OPEN = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"


def _fide():
    path = ROOT / "variants" / "fide.ini"
    return xboard_ini.read(path.read_text(), str(path))


def test_castling_off_in_the_rules_is_the_reason():
    fide = _fide()
    castle = next(m for m in Game(fide, OPEN).legal_moves() if m.rook >= 0)
    off = replace(fide, rule_set=replace(rules_for(fide), castling=None))
    assert why_move(Game(off, OPEN), castle) == "Castling is not allowed in this variant."


def test_a_lost_right_is_the_reason():
    fide = _fide()
    castle = next(m for m in Game(fide, OPEN).legal_moves() if m.rook >= 0)
    reason = why_move(Game(fide, OPEN.replace("KQkq", "kq")), castle)
    assert reason.startswith("White has no right to castle with the Rook on ")

"""A variant imported from a Fairy-Stockfish file whose rule set is not the built-in game its
board and pieces are (chess with must-capture, with no checks, without castling, with King of
the Hill's flag) is given to Fairy-Stockfish as our exported section, never by the built-in
name: seated as plain ``chess``, the engine played moves our rules refuse in every game.

The suite plays one bounded game per section (depth 2 against depth 1, at most 60 plies; the
refused moves came within a few moves); ``benchmarks``-style runs of four whole games each are
in the project's notes. Skipped without ``VD_FAIRY_STOCKFISH``."""

from __future__ import annotations

import pytest

from designer.engines import EngineSettings
from designer.engines.capability import Capabilities
from designer.engines.players import EnginePlayer
from designer.match import play_game
from designer.engines.verdict import builtin_name, can_play
from designer.formats import fsf_ini

from repo_data import ROOT

FILE = ROOT / "tests" / "data" / "fsf_rules" / "chess_rules.variants.ini"
# the rule each section changes, as the verdict names it (castling = false: the start position
# has no rights, which XBoard's chess carries; Fairy-Stockfish's chess itself already differs
# from XBoard's by its draw for insufficient material, which its sections leave out)
SECTIONS = {"mustcap": "must_capture", "nocheckgive": "royalty.checks",
            "nocastle": "ending.insufficient_material", "koth": "ending.flag"}


def _variant(section: str):
    return fsf_ini.read(FILE.read_text(), section, str(FILE))


@pytest.mark.parametrize("section", sorted(SECTIONS))
def test_the_verdict_never_seats_a_changed_chess_by_the_name_chess(section):
    v = _variant(section)
    assert builtin_name(v) is None
    announces_chess = Capabilities("uci", "Fairy-Stockfish 11.1", True, False, False, False,
                                   ("chess", "normal"))
    verdict = can_play(announces_chess, v)
    assert verdict.route == "none"
    assert any(f"({SECTIONS[section]})" in r for r in verdict.reasons), verdict.reasons


@pytest.mark.parametrize("section", sorted(SECTIONS))
def test_fairy_stockfish_plays_the_section_with_no_move_refused(fsf, section):
    v = _variant(section)
    players = [EnginePlayer(EngineSettings(f"{side} (depth {depth})", (fsf,), "uci",
                                           movetime_ms=None, depth=depth))
               for side, depth in (("white", 2), ("black", 1))]
    try:
        record = play_game(v, *players, seed=0, opening_plies=0, max_plies=60)
        given = players[0].given
        assert given is not None and given.verdict.route == "section"
        assert record.termination not in ("illegal move", "failure"), record.reason
    finally:
        for p in players:
            p.close()

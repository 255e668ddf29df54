"""Every search of the built-in opponent is bounded by a node count, whatever limits it is given:
FIDE with its pawn changed to a rook (``R``) makes every capture answerable by captures, so a
depth alone never ends the quiescence search there. The bounds are asserted as node counts (the
default count is made small for the test), never as timings."""

from dataclasses import replace

import pytest

from designer import cli
from designer.formats.registry import render
from designer.opponent import Limits, Opponent, search as search_module
from designer.opponent import settings as opponent_settings
from designer.game.game import Game
from opponent_data import ROOT, sample

SMALL = 1500          # the node bound the tests give a depth-limited search


def _rook_pawns():
    v = sample("fide")
    return v.with_piece(replace(v.piece("P"), notation="R"))


@pytest.fixture
def counted(monkeypatch):
    """Every search's node count, with the default bound of a depth-limited search at SMALL."""
    monkeypatch.setattr(opponent_settings, "DEPTH_NODES", SMALL)
    nodes: list[int] = []
    run = search_module.Search.run

    def spy(self, limits, stop=None, on_iteration=None):
        thought = run(self, limits, stop, on_iteration)
        nodes.append(self.nodes)
        return thought

    monkeypatch.setattr(search_module.Search, "run", spy)
    return nodes


def test_a_depth_limited_search_stops_at_the_node_bound_with_a_legal_move(counted):
    v = _rook_pawns()
    thought = Opponent(v).think((), Limits(depth=2))
    assert counted == [SMALL] and thought.nodes == SMALL and thought.stopped
    assert thought.move in Game(v).legal_moves()


def test_every_search_has_a_node_limit():
    assert Limits(depth=3).node_limit == opponent_settings.DEPTH_NODES
    assert Limits().node_limit == opponent_settings.MAX_NODES
    assert Limits(depth=3, nodes=77).node_limit == 77
    with pytest.raises(ValueError):
        Limits(nodes=opponent_settings.MAX_NODES + 1)
    # the safety clock leaves the node bound time enough on a machine far slower than this one
    assert Limits(depth=2).safety_ms >= opponent_settings.DEPTH_NODES // 2


def test_the_safety_clock_stops_a_search_whatever_its_limits(monkeypatch):
    monkeypatch.setattr(opponent_settings, "SAFETY_MS_RANGE", (0, 0))
    v = _rook_pawns()
    thought = Opponent(v).think((), Limits())
    assert thought.stopped and thought.nodes <= search_module.CHECK_EVERY
    assert thought.move in Game(v).legal_moves()


def test_match_and_fitted_values_on_the_rook_pawn_variant_end_within_the_node_bound(
        counted, tmp_path, capsys):
    path = tmp_path / "rook-pawns.ini"
    path.write_text(render(_rook_pawns(), "xboard"))
    assert cli.main(["match", str(path), "--games", "1", "--max-plies", "6"]) == 0
    played = len(counted)
    assert 0 < played <= 6 and max(counted) <= SMALL
    assert cli.main(["values", str(path), "--fitted", "--games", "2", "--max-plies", "4"]) == 0
    assert len(counted) - played <= 2 * 4 and max(counted) <= SMALL
    assert "fitted" in capsys.readouterr().out.lower()


def test_the_command_line_refuses_limits_beyond_the_opponents_bounds(capsys):
    fide = str(ROOT / "variants" / "fide.ini")
    with pytest.raises(SystemExit):
        cli.main(["match", fide, "--depth", str(opponent_settings.MAX_DEPTH + 1)])
    with pytest.raises(SystemExit):
        cli.main(["match", fide, "--nodes", str(opponent_settings.MAX_NODES + 1)])
    assert "at most" in capsys.readouterr().err

"""The Fairy-Stockfish export of every sample whose game Fairy-Stockfish has built in plays
exactly Fairy-Stockfish's own variant: seeded random games, compared position by position in
pyffish (legal moves and game ends). ``benchmarks/fsf_export_games.py`` plays the same
comparison over 4,800 positions per sample."""

import importlib.util

import pytest

from repo_data import ROOT

pytest.importorskip("pyffish")
_spec = importlib.util.spec_from_file_location(
    "fsf_export_games", ROOT / "benchmarks" / "fsf_export_games.py")
games = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(games)


@pytest.mark.parametrize("stem", sorted(games.SAMPLES))
def test_export_plays_fairy_stockfishs_own_variant(stem):
    result = games.compare(stem, positions=200, seed=11, tag="suite")
    assert result["positions"] == 200
    assert result["differing"] == 0, result["examples"]


@pytest.mark.parametrize("stem,parent", [("shogi", "shogi"), ("xiangqi", "xiangqi"),
                                         ("grand", "grand"), ("fide", "chess")])
def test_export_inherits_the_built_in_parent(stem, parent):
    text, _ = games.exported(stem, "parent")
    assert f":{parent}]" in text.splitlines()[1]

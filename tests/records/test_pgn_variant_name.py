"""A PGN game's variant is named by its Variant tag, as players call XBoard's variants, else
by the file; never by the Event tag (XBoard writes "Computer Chess Game" for every engine game,
so two games of different variants looked alike)."""

from __future__ import annotations

import shutil

from designer.records import load
from repo_data import ROOT

GAMES = ROOT / "tests" / "data" / "records" / "xboard"


def test_xboard_xiangqi_and_shogi_games_are_named_by_their_variant_tag():
    xiangqi, shogi = load(GAMES / "xiangqi.pgn"), load(GAMES / "shogi.pgn")
    assert dict(xiangqi.tags).get("Event", "Computer Chess Game") == "Computer Chess Game"
    assert xiangqi.variant.name == "Xiangqi"
    assert shogi.variant.name == "Shogi"
    assert load(GAMES / "chu-lion.pgn").variant.name == "Chu Shogi"


def test_a_game_without_a_variant_tag_is_named_after_its_file(tmp_path):
    path = tmp_path / "my club final.pgn"
    shutil.copy(GAMES / "fide.pgn", path)
    assert "[Variant " not in path.read_text()
    assert load(path).variant.name == "my club final"

"""A PGN game named on the command line opens at that game: ``variant-designer game.pgn`` and
``variant-designer play game.pgn`` show the game XBoard 4.9.1 saved at its last position (the
position XBoard itself reached), every move in the move list; a PGN holding only a variant
opens at its start as before."""

from __future__ import annotations

import argparse
import json

from play_helpers import settled
from repo_data import ROOT
from test_play_records import san_tokens

RECORDS = ROOT / "tests" / "data" / "records"
GAME = RECORDS / "xboard" / "crazyhouse.pgn"


def _xboard(name: str) -> dict:
    return json.loads((RECORDS / "xboard-positions.json").read_text())[f"xboard/{name}"]


def _assert_at_xboards_end(qtbot, w, name: str) -> None:
    from designer.game.game import Game
    settled(qtbot, w)
    view = w.play.view
    recorded = _xboard(name)
    assert w.central_tabs.currentWidget() is view
    assert list(view.replay.san) == san_tokens(recorded["pgn"])
    assert view.replay.at == view.replay.valid == len(w.doc.game.moves) > 0
    xboard = Game(w.doc.variant, recorded["fen"])
    frame = view.frame()
    files = w.doc.variant.files
    assert {sq for sq, _l, _s in frame.pieces} == \
        {(s % files, s // files) for s in range(files * w.doc.variant.ranks)
         if xboard.piece_at(s)}
    assert dict(frame.hand("white")) == xboard.hand("white")


def test_the_window_opens_a_game_file_at_the_game(qtbot, settings):
    from designer.gui.app import build_window
    from designer.launch import WindowStart
    w = build_window(WindowStart(file=str(GAME)), settings)
    qtbot.addWidget(w)
    w.show()
    _assert_at_xboards_end(qtbot, w, "crazyhouse.pgn")


def test_play_opens_a_game_file_at_the_game_with_the_players_seated(qtbot):
    from designer.commands import play
    from designer.gui.play.launch import build_play_window
    parser = argparse.ArgumentParser()
    play.add_arguments(parser)
    w = build_play_window(play.read_start(parser.parse_args([str(GAME), "--black", "builtin",
                                                             "--depth", "1"])))
    qtbot.addWidget(w)
    w.show()
    _assert_at_xboards_end(qtbot, w, "crazyhouse.pgn")
    ctl = w.play.controller
    assert ctl.players["white"].kind == "human" and ctl.players["black"].kind == "builtin"
    assert not ctl.running               # the game is shown, not played on by itself


def test_a_pgn_holding_only_a_variant_opens_at_its_start(qtbot, settings, tmp_path):
    from designer.cli import main
    from designer.gui.app import build_window
    out = tmp_path / "shogi.pgn"
    assert main(["export", str(ROOT / "variants" / "shogi.ini"), "--to", "pgn", "-o",
                 str(out)]) == 0
    from designer.launch import WindowStart
    w = build_window(WindowStart(file=str(out)), settings)
    qtbot.addWidget(w)
    assert w.doc.game is None and w.doc.variant.name == "Shogi"

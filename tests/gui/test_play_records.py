"""Games as PGN in the Play mode: a game XBoard 4.9.1 saved opens at its last position with
XBoard's own SAN in the move list; a game played in the window is saved and reads back; an
unsaved game is offered to be saved before the window closes."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys

import pytest

from PySide6.QtCore import Qt

from play_helpers import click, drag_from_hand, open_window, sample, settled, start, texts
from repo_data import ROOT

XBOARD = ROOT / "tests" / "data" / "records"


def xboard_record(name: str) -> dict:
    return json.loads((XBOARD / "xboard-positions.json").read_text())[f"xboard/{name}"]


def san_tokens(pgn: str) -> list[str]:
    """The moves of a PGN text as XBoard wrote them (tags, comments, numbers, result gone)."""
    body = re.sub(r"\[[^\]]*\]|\{[^}]*\}", " ", pgn)
    return [t for t in body.split() if not re.fullmatch(r"\d+\.+|1-0|0-1|1/2-1/2|\*", t)]


def test_a_crazyhouse_game_xboard_saved_opens_at_its_end_with_xboards_san(qtbot, settings):
    from designer.game.game import Game
    w = open_window(qtbot, settings, sample("fide"))
    asked = []
    w.play._ask = lambda title, text, buttons: (asked.append(text), buttons[0])[1]
    assert w.play.open_game(str(XBOARD / "xboard" / "crazyhouse.pgn"))
    settled(qtbot, w)
    assert "crazyhouse" in asked[0].lower()          # another variant than the window's
    view = w.play.view
    recorded = xboard_record("crazyhouse.pgn")
    assert list(view.replay.san) == san_tokens(recorded["pgn"])
    assert view.replay.at == view.replay.valid == len(w.doc.game.moves)
    xboard = Game(w.doc.variant, recorded["fen"])
    frame = view.frame()
    assert {sq for sq, _l, _s in frame.pieces} == \
        {(s % 8, s // 8) for s in range(64) if xboard.piece_at(s)}
    assert dict(frame.hand("white")) == xboard.hand("white")
    assert dict(frame.hand("black")) == xboard.hand("black")
    assert view.replay.result()[0] == "1-0"


def test_a_game_played_in_the_window_is_saved_and_reads_back(qtbot, settings, tmp_path):
    from designer.records import load
    w = open_window(qtbot, settings, sample("shogi"))
    start(qtbot, w, "4k4/9/9/9/4R4/9/9/9/4K4[Pp] w - - 0 1")
    click(qtbot, w, "e5", "e7")
    qtbot.mouseClick(w.play.view.choice.buttons[1], Qt.LeftButton)
    settled(qtbot, w)
    click(qtbot, w, "e9", "d9")
    settled(qtbot, w)
    drag_from_hand(qtbot, w, w.play.view.bottom_hand, "P", "c5")
    settled(qtbot, w)
    assert w.play.view.replay.san[0].endswith("+") and w.play.view.replay.san[2] == "P@c5"
    path = str(tmp_path / "game.pgn")
    assert w.play.save_game(path)
    record = load(path)
    assert record.moves == w.doc.game.moves and record.tag("White") == "Human"
    other = open_window(qtbot, settings, sample("shogi"))
    assert other.play.open_game(path)
    settled(qtbot, other)
    assert texts(other) == texts(w) and other.play.view.replay.san == w.play.view.replay.san


def test_an_unsaved_game_is_offered_before_the_window_closes(qtbot, settings, tmp_path):
    from designer.gui.window.file_guard import CANCEL, SAVE
    w = open_window(qtbot, settings, sample("fide"))
    start(qtbot, w)
    click(qtbot, w, "e2", "e4")
    settled(qtbot, w)
    questions = []
    w.files.ask = lambda text, recovery=False: (questions.append(text), CANCEL)[1]
    assert not w.close() and w.isVisible()           # Cancel: nothing closes, nothing is lost
    assert "has not been saved as PGN" in questions[0]
    path = tmp_path / "kept.pgn"
    w.files.ask = lambda text, recovery=False: SAVE
    w.files.choose_path = lambda saving, filters, proposed=None: str(path)
    assert w.close()
    assert path.exists() and "e4" in path.read_text()


@pytest.mark.skipif(os.environ.get("VD_REAL_XBOARD") != "1" or not shutil.which("Xvfb")
                    or not os.path.exists("/usr/games/xboard"),
                    reason="set VD_REAL_XBOARD=1 with XBoard and Xvfb installed to run "
                           "against the real XBoard")
def test_games_played_in_the_window_replay_in_the_real_xboard(qtbot, settings, tmp_path):
    """Games entered by clicks (a Lion's double capture, a Shogi promotion answered in the
    question and drops from both hands) are saved with Game > Save game; the real XBoard opens
    each (``xboard -ncp -lgf``) without an error popup and ends on the position the window
    shows (tools/xboard_records.py replay: its -spf FEN of the last position)."""
    from designer.game.game import Game
    games = {}
    w = open_window(qtbot, settings, sample("chu"))
    start(qtbot, w)
    for a, b in (("f3", "f5"), ("a9", "a8"), ("f5", "f7"), ("l9", "l8"), ("f7", "f8"),
                 ("b9", "b8")):
        click(qtbot, w, a, b)
        settled(qtbot, w)
    click(qtbot, w, "f8", "f9", "g9")                # the Lion takes f9, then g9
    settled(qtbot, w)
    games["chu"] = w
    w = open_window(qtbot, settings, sample("shogi"))
    start(qtbot, w)
    for a, b in (("g3", "g4"), ("c7", "c6"), ("g4", "g5"), ("c6", "c5"), ("g5", "g6"),
                 ("g7", "g6"), ("h2", "g2"), ("c5", "c4"), ("g2", "g6")):
        click(qtbot, w, a, b)
        settled(qtbot, w)
    click(qtbot, w, "c4", "c3")
    qtbot.mouseClick(w.play.view.choice.buttons[0], Qt.LeftButton)    # the pawn stays
    settled(qtbot, w)
    click(qtbot, w, "g6", "g7")
    qtbot.mouseClick(w.play.view.choice.buttons[1], Qt.LeftButton)    # the Rook promotes
    settled(qtbot, w)
    drag_from_hand(qtbot, w, w.play.view.top_hand, "P", "g5")
    settled(qtbot, w)
    drag_from_hand(qtbot, w, w.play.view.bottom_hand, "P", "c4")
    settled(qtbot, w)
    assert w.play.view.replay.san[-3:] == ("Rg7+", "P@g5", "P@c4")
    games["shogi"] = w
    for name, window in games.items():
        assert window.play.save_game(str(tmp_path / f"{name}.pgn"))
    out = tmp_path / "runs.json"
    subprocess.run([sys.executable, str(ROOT / "tools" / "xboard_records.py"), "replay",
                    str(out), *(str(tmp_path / f"{n}.pgn") for n in games), "--display", "89"],
                   check=True, timeout=900)
    runs = json.loads(out.read_text())
    for name, window in games.items():
        run = runs[f"{tmp_path.name}/{name}.pgn"]
        assert run["popups"] == [] and run["fen"], (name, run["output"])
        variant = window.doc.variant
        xboard = Game(variant, run["fen"])
        frame = window.play.view.frame()
        assert {(sq[0] + sq[1] * variant.files, letter, side)
                for sq, letter, side in frame.pieces} == \
            {(s, *xboard.piece_at(s)) for s in range(variant.files * variant.ranks)
             if xboard.piece_at(s)}, name
        assert frame.turn == xboard.turn, name
        assert dict(frame.hand("white")) == xboard.hand("white"), name
        assert dict(frame.hand("black")) == xboard.hand("black"), name

"""``variant-designer play FILE [--white P] [--black P]`` opens the window in Play mode with the
players seated; a player the window cannot seat is refused with exit status 2."""

from __future__ import annotations

import argparse
import subprocess
import sys

from play_helpers import settled
from repo_data import ROOT

SHOGI = str(ROOT / "variants" / "shogi.ini")


def args(*words: str):
    """The window's start for ``variant-designer play WORDS``."""
    from designer.commands import play
    parser = argparse.ArgumentParser()
    play.add_arguments(parser)
    return play.read_start(parser.parse_args(list(words)))


def test_play_opens_the_window_in_play_mode_with_the_players(qtbot):
    from designer.gui.play.launch import build_play_window
    w = build_play_window(args(SHOGI, "--white", "builtin", "--depth", "1"))
    qtbot.addWidget(w)
    w.show()
    qtbot.waitUntil(lambda: w.doc.game is not None and len(w.doc.game.moves) == 1,
                    timeout=60_000)
    settled(qtbot, w)
    assert w.central_tabs.currentWidget() is w.play.view
    ctl = w.play.controller
    assert ctl.players["white"].kind == "builtin" and ctl.players["black"].kind == "human"
    assert w.play.view.canvas.flipped            # the person plays Black: Black at the bottom
    assert w.doc.game.white == "Built-in opponent" and w.play.view.frame().turn == "black"


def test_a_random_mover_is_refused_with_exit_status_2():
    res = subprocess.run([sys.executable, "-m", "designer.cli", "play", SHOGI, "--black",
                          "random"], capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert res.returncode == 2 and "--black" in res.stderr and "headless" in res.stderr
    assert "Traceback" not in res.stderr


def test_play_renders_a_screenshot_offscreen(tmp_path):
    out = tmp_path / "play.png"
    res = subprocess.run([sys.executable, "-m", "designer.cli", "play", SHOGI, "--screenshot",
                          str(out), "--size", "1200x800"], capture_output=True, text=True,
                         cwd=ROOT, timeout=120,
                         env={**__import__("os").environ, "QT_QPA_PLATFORM": "offscreen"})
    assert res.returncode == 0, res.stderr
    assert out.stat().st_size > 10_000

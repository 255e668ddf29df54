"""The built-in opponent in the Play mode: it answers a person's move off the UI thread, plays
every piece (a Chu Lion included), moves at once on "Move now", and two of them play each other
while the user watches."""

from __future__ import annotations

from play_helpers import click, open_window, sample, settled, start, texts
from gui_helpers import WAIT_MS


def builtin(depth=None, movetime=None):
    from designer.gui.play import PlayerChoice
    return PlayerChoice("builtin", None, movetime, depth)


def human():
    from designer.gui.play import PlayerChoice
    return PlayerChoice()


def test_the_builtin_opponent_answers_a_move(qtbot, settings):
    w = open_window(qtbot, settings, sample("fide"))
    start(qtbot, w, white=human(), black=builtin(depth=2))
    click(qtbot, w, "e2", "e4")
    qtbot.waitUntil(lambda: len(w.doc.game.moves) == 2, timeout=60_000)
    settled(qtbot, w)
    assert w.play.view.replay.illegal is None and len(texts(w)) == 2
    assert w.play.view.frame().turn == "white"
    assert w.doc.undo_stack.undoText().endswith("(Built-in opponent)")


def test_the_builtin_opponents_process_runs_below_the_window(qtbot, settings):
    """Its search is background work: on a busy machine the window gets the CPU first (the
    priority read from the system, once the opponent has answered)."""
    import os
    import pytest
    from designer.gui.play.players import BACKGROUND_NICE
    if not hasattr(os, "nice"):
        pytest.skip("no process priorities on this system")
    w = open_window(qtbot, settings, sample("fide"))
    start(qtbot, w, white=builtin(depth=1), black=human())
    qtbot.waitUntil(lambda: len(w.doc.game.moves) == 1, timeout=60_000)
    process = w.play.controller.computers["white"].process
    ours = os.getpriority(os.PRIO_PROCESS, 0)
    assert os.getpriority(os.PRIO_PROCESS, process.pid) == min(19, ours + BACKGROUND_NICE)


def test_move_now_makes_the_builtin_opponent_move_at_once(qtbot, settings):
    w = open_window(qtbot, settings, sample("chu"))      # every piece, the Lion included
    ctl = w.play.controller
    start(qtbot, w, white=builtin(), black=human())      # no depth, no time: until told
    qtbot.waitUntil(lambda: ctl.thinking, timeout=WAIT_MS)
    w.play.acts["move_now"].trigger()
    qtbot.waitUntil(lambda: len(w.doc.game.moves) == 1, timeout=60_000)
    settled(qtbot, w)
    assert w.play.view.replay.valid == 1


def test_two_builtin_opponents_play_each_other(qtbot, settings):
    w = open_window(qtbot, settings, sample("fide"))
    ctl = w.play.controller
    start(qtbot, w, white=builtin(depth=1), black=builtin(depth=1))
    qtbot.waitUntil(lambda: len(w.doc.game.moves) >= 6, timeout=120_000)
    w.play.acts["pause"].trigger()
    n = len(w.doc.game.moves)
    settled(qtbot, w)
    assert not ctl.running and not ctl.thinking
    assert w.play.view.replay.valid == n and w.play.view.replay.illegal is None

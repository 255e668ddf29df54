"""The game of the Play mode survives a crash: it is kept beside the autosave a moment after each
change, offered back at the next start, and gone after a normal close."""

from __future__ import annotations

from play_helpers import click, open_window, sample, settled, start, texts
from gui_helpers import WAIT_MS


def test_a_game_left_by_a_crash_is_offered_back(qtbot, settings, tmp_path):
    from designer.gui.play.keeper import DISCARD, RESTORE
    w = open_window(qtbot, settings, sample("shogi"))
    start(qtbot, w)
    click(qtbot, w, "c3", "c4")
    settled(qtbot, w)
    click(qtbot, w, "g7", "g6")
    settled(qtbot, w)
    keeper = w.play.keeper
    qtbot.waitUntil(lambda: keeper.path.exists(), timeout=WAIT_MS)
    assert not w.isWindowModified()
    keeper.lock.unlock()                     # the window's process is gone, as after a crash

    other = open_window(qtbot, settings, sample("fide"))
    asked = []
    other.play.keeper.ask = lambda text, buttons: (asked.append(text), RESTORE)[1]
    assert other.play.keeper.offer()
    assert "A game of Shogi" in asked[0] and "1 move (2 plies)" in asked[0]
    settled(qtbot, other)
    assert other.doc.variant.name == "Shogi" and texts(other) == ["c3c4", "g7g6"]
    assert not keeper.path.exists()          # restored: the old file goes, the new window keeps it
    qtbot.waitUntil(lambda: other.play.keeper.path.exists(), timeout=WAIT_MS)

    third = open_window(qtbot, settings, sample("fide"))
    third.play.keeper.ask = lambda text, buttons: DISCARD
    assert not third.play.keeper.offer()     # the second window still runs: nothing pending


def test_a_normal_close_keeps_nothing(qtbot, settings):
    w = open_window(qtbot, settings, sample("fide"))
    start(qtbot, w)
    click(qtbot, w, "e2", "e4")
    settled(qtbot, w)
    keeper = w.play.keeper
    keeper.write()
    assert keeper.path.exists()
    w.discard_and_close()
    assert not keeper.path.exists() and not keeper.lock.isLocked()


def test_a_kept_line_reads_back_exactly(qtbot, settings):
    from designer.gui.play.keeper import read_kept
    w = open_window(qtbot, settings, sample("chu"))
    start(qtbot, w, "6k5/12/12/12/12/5pp5/5N6/12/12/12/12/6K5 w - - 0 1")
    click(qtbot, w, "f6", "f7", "g7")             # a Lion's double capture: kills and via
    settled(qtbot, w)
    w.play.keeper.write()
    variant, line, _origin = read_kept(w.play.keeper.path)
    assert line == w.doc.game and variant == w.doc.variant

"""Worker threads end with their window: closing it during a search leaves no thread of the
game running, and no answer of a worker can reach a bridge that is deleted (a late answer on a
loaded machine crashed the process at teardown)."""

from __future__ import annotations

import threading

from play_helpers import open_window, sample, start
from gui_helpers import WAIT_MS


def test_closing_the_window_during_a_search_leaves_no_thread_running(qtbot, settings,
                                                                    qt_messages):
    from PySide6.QtCore import QCoreApplication
    from designer.gui.play import PlayerChoice
    from designer.vocabulary import WHITE
    w = open_window(qtbot, settings, sample("chu"))
    ctl = w.play.controller
    start(qtbot, w, white=PlayerChoice("builtin"), black=PlayerChoice())   # no limit at all
    qtbot.waitUntil(lambda: ctl.thinking, timeout=WAIT_MS)
    player, service = ctl.computers[WHITE], w.play.view.service
    assert player.running and service.running
    w.close()
    # once close() returns nothing of theirs can reach the window any more ...
    assert player._lane.closed and service.lane.closed
    # ... and the threads end on their own: their own join, however long a loaded machine
    # takes (close() waits a bounded time only); the opponent's process ends with its lane
    for thread in player.threads() + [service.lane.lane_thread]:
        thread.join(WAIT_MS / 1000)
    if player.process is not None:
        player.process.join(WAIT_MS / 1000)
    assert not player.running and not service.running
    QCoreApplication.processEvents()           # whatever they sent before they ended
    assert len(w.doc.game.moves) == 0          # the stopped search played nothing
    assert [m for m in qt_messages if "QObject" in m or "deleted" in m] == []


def test_the_bridges_are_deleted_with_their_owners_in_the_ui_thread(qtbot):
    """A bridge the worker thread held the last reference to would be deleted there."""
    from designer.gui.engines.worker import EngineWorker
    from designer.gui.play import PlayerChoice
    from designer.gui.play.players import BuiltinPlayer
    player = BuiltinPlayer(PlayerChoice("builtin", None, None, 1))
    worker = EngineWorker()
    try:
        assert player._lane.parent() is player
        assert worker.lane._bridge.parent() is worker.lane and worker.lane.parent() is worker
    finally:
        player.shutdown()
        worker.shutdown()


def test_no_answer_leaves_a_closed_courier(qtbot):
    """After ``close`` (or the owner's deletion) an emit sends nothing, from any thread."""
    from PySide6.QtCore import QCoreApplication, QObject, Signal
    from designer.gui.courier import Courier

    class Bridge(QObject):
        said = Signal(int)

    owner = QObject()
    bridge = Bridge(owner)
    heard: list[int] = []
    bridge.said.connect(heard.append)
    courier = Courier(bridge, owner)
    assert courier.emit("said", 1)
    courier.close()
    t = threading.Thread(target=lambda: courier.emit("said", 2))
    t.start()
    t.join()
    assert not courier.emit("said", 3)
    QCoreApplication.processEvents()           # what was sent (the first only) arrives now
    assert heard == [1]
    other = Courier(bridge, owner)
    from shiboken6 import delete
    delete(owner)                     # the owner goes: its couriers close before the bridge
    assert not other.open and not other.emit("said", 4)


def test_a_builtin_player_deleted_without_shutdown_ends_its_thread(qtbot):
    """Its owner is deleted while it searches and nobody called ``shutdown``: the search stops
    and the thread and the opponent's process end all the same, instead of searching on and
    then waiting for work that never comes."""
    from PySide6.QtCore import QCoreApplication, QEvent, QObject
    from designer.gui.play import PlayerChoice
    from designer.gui.play.players import BuiltinPlayer, Turn
    variant = sample("chu")
    owner = QObject()
    player = BuiltinPlayer(PlayerChoice("builtin", None, None, None), owner)  # no limit at all
    player.ask(Turn(1, variant, variant.setup, ()))
    qtbot.waitUntil(lambda: player.searching, timeout=WAIT_MS)   # its process is searching
    thread, process = player.threads()[0], player.process
    owner.deleteLater()
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    thread.join(60.0)
    process.join(60.0)
    assert not thread.is_alive() and not process.is_alive()

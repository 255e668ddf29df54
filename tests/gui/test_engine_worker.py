"""The window's engine worker: the session lives in a thread of its own, answers arrive as
signals on the UI thread, "move now" and shutting down work while the engine thinks, and the
process is gone once ``shutdown`` returns."""

from __future__ import annotations

import os
import sys

from designer.engines import About, EngineSettings, Limit, PlayResult, EnginePosition
from designer.gui.engines import EngineWorker

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "engines"))
import fake_engines  # noqa: E402
from gui_helpers import WAIT_MS

#: generous waits for fakes that answer (each ends as soon as the answer comes)
QUICK = fake_engines.PATIENT



def _worker(qtbot, command) -> EngineWorker:
    worker = EngineWorker(timeouts=QUICK)
    with qtbot.waitSignal(worker.started, timeout=WAIT_MS) as started:
        worker.start(EngineSettings("fake", tuple(command)))
    assert isinstance(started.args[0], About)
    return worker


def test_a_move_is_asked_in_the_worker_and_answered_on_the_ui_thread(qtbot, fake):
    worker = _worker(qtbot, fake(fake_engines.uci("normal")))
    with qtbot.waitSignal(worker.answered, timeout=WAIT_MS) as answered:
        worker.call("first", lambda e: e.play(EnginePosition("chess"), Limit(depth=1)))
    tag, result = answered.args
    assert tag == "first" and isinstance(result, PlayResult) and result.move == "e2e4"
    pid = worker.pid
    worker.shutdown()
    assert not worker.running and fake_engines.gone(pid)


def test_move_now_makes_a_thinking_engine_move(qtbot, fake):
    """The fake answers only to ``stop``; "move now" is asked once ``go`` has been sent."""
    worker = _worker(qtbot, fake(fake_engines.uci("silent")))

    def hook(engine):
        engine.on_line = lambda way, line: worker.stop_search() \
            if way == ">" and line.startswith("go") else None

    answers: list = []
    worker.answered.connect(lambda tag, value: answers.append((tag, value)))
    worker.call("hook", hook)
    worker.call("move", lambda e: e.play(EnginePosition("chess"), Limit(depth=30)))
    try:
        qtbot.waitUntil(lambda: len(answers) == 2, timeout=WAIT_MS)
    finally:
        worker.shutdown()
    assert answers[1][0] == "move" and answers[1][1].move == "e2e4"


def test_shutting_down_while_the_engine_thinks_ends_it(qtbot, fake):
    worker = _worker(qtbot, fake(fake_engines.uci("deaf")))
    pid = worker.pid
    with qtbot.waitSignal(worker.failed, timeout=WAIT_MS) as failed:
        worker.call("move", lambda e: e.play(EnginePosition("chess"), Limit(depth=30)))
        worker.shutdown()          # whether the search has begun or not, it is given up
    assert failed.args[0] == "move" and "stopped on request" in failed.args[1]
    assert not worker.running and fake_engines.gone(pid)


def test_an_engine_that_cannot_start_is_reported(qtbot, tmp_path):
    worker = EngineWorker(timeouts=QUICK)
    with qtbot.waitSignal(worker.failed, timeout=WAIT_MS) as failed:
        worker.start(EngineSettings("none", (str(tmp_path / "none"),)))
    assert failed.args[0] is None and "no such program" in failed.args[1]
    worker.shutdown()


def test_a_worker_deleted_without_shutdown_ends_its_thread_and_engine(qtbot, fake):
    """Its owner is deleted (a dialog closed unshown, a window going) while the engine thinks
    and nobody called ``shutdown``: the search is given up and the thread and the engine end
    all the same, instead of waiting for work that never comes."""
    from PySide6.QtCore import QCoreApplication, QEvent, QObject
    owner = QObject()
    worker = EngineWorker(owner, timeouts=QUICK)
    with qtbot.waitSignal(worker.started, timeout=WAIT_MS):
        worker.start(EngineSettings("fake", tuple(fake(fake_engines.uci("deaf")))))
    pid = worker.pid
    worker.call("move", lambda e: e.play(EnginePosition("chess"), Limit(depth=30)))
    owner.deleteLater()
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    assert worker.wait(60.0) and fake_engines.gone(pid)

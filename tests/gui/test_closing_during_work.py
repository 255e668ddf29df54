"""Background work that outlives its panel's shutdown: the window's analyst, the balance
runners and the balance report each stop answering once shut down, even when their job is still
running then (a loaded machine), and their owner is deleted after with no Qt warning and no
crash. Every wait here is on the event itself (the job's own start and end)."""

from __future__ import annotations

import threading
from types import SimpleNamespace

import pytest
from PySide6.QtCore import QCoreApplication, QEvent
from PySide6.QtWidgets import QWidget

SAFETY = 60.0        # a ceiling for a stuck job, never a measure: the events decide


class _Blocked:
    """A job that says it has started and then runs until released."""

    def __init__(self) -> None:
        self.started = threading.Event()
        self.release = threading.Event()

    def hold(self) -> None:
        self.started.set()
        assert self.release.wait(SAFETY)


def _join(desk) -> None:
    """Wait for a desk's threads (``gui.jobs``) to end."""
    for thread in desk.threads():
        thread.join(SAFETY)
        assert not thread.is_alive()


def _analyst(owner, job: _Blocked, monkeypatch):
    from designer.engine.question import Question
    from designer.gui import analysis
    monkeypatch.setattr(analysis, "cached", lambda q: None)
    monkeypatch.setattr(analysis, "analyse", lambda q: job.hold() or "answer")
    analyst = analysis.Analyst(owner)
    heard: list = []
    analyst.ready.connect(heard.append)
    analyst.request(Question("W"))

    def end() -> None:
        _join(analyst.jobs)
    return analyst, heard, end


def _runner(owner, job: _Blocked, monkeypatch):
    from designer.gui.balance._worker import Runner
    runner = Runner(owner)
    heard: list = []
    for signal in (runner.finished, runner.failed, runner.progress):
        signal.connect(lambda *args: heard.append(args))

    def work(progress):
        job.hold()
        progress(1, 1)
        return "table"
    runner.run(work)

    def end() -> None:
        _join(runner.jobs)
    return runner, heard, end


def _report(owner, job: _Blocked, monkeypatch):
    import designer.report as report
    from designer.gui.balance._report_job import ReportJob
    monkeypatch.setattr(report, "check_players", lambda config: [])

    def run(config, on_game, stop, rule=None):
        job.hold()
        on_game("a game")
        return "run"
    monkeypatch.setattr(report, "run_report", run)
    report_job = ReportJob(owner)
    heard: list = []
    for signal in (report_job.game, report_job.finished, report_job.failed):
        signal.connect(lambda *args: heard.append(args))
    report_job.start(SimpleNamespace(games=2, cluster=None))

    def end() -> None:
        _join(report_job.jobs)
    return report_job, heard, end


@pytest.mark.parametrize("make", [_analyst, _runner, _report],
                         ids=["analyst", "balance-runner", "balance-report"])
def test_no_answer_after_shutdown_and_no_warning_when_the_owner_goes(qtbot, qt_messages,
                                                                     monkeypatch, make):
    owner = QWidget()
    job = _Blocked()
    worker, heard, end = make(owner, job, monkeypatch)
    # the job runs (the analyst starts it from the event loop)
    qtbot.waitUntil(job.started.is_set, timeout=int(SAFETY * 1000))
    worker.shutdown(0)                         # ... and outlives the window's wait for it
    job.release.set()
    end()                                      # it has answered, or tried to
    QCoreApplication.processEvents()           # whatever it sent is delivered now
    assert heard == []
    owner.deleteLater()
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    assert [m for m in qt_messages if "QObject" in m or "deleted" in m] == []


def test_a_slot_over_its_owner_does_not_keep_the_owner_alive(qtbot):
    """A child's signal connected to ``slot(owner.method, ...)`` calls the method while the
    owner lives and does not hold it: once its maker lets go, the owner is deleted, its child
    with it (a lambda over the owner, held by the child's connection, would keep both alive
    until the child's deletion dropped the owner from inside the child's own destructor)."""
    import gc
    import weakref

    from PySide6.QtCore import QObject, Signal
    from designer.gui.courier import slot

    class Child(QObject):
        said = Signal(int)

    heard: list = []
    destroyed: list = []

    class Owner(QObject):
        def hear(self, tag: str, value: int) -> None:
            heard.append((tag, value))

    def make() -> weakref.ref:
        owner = Owner()
        child = Child(owner)
        child.said.connect(slot(owner.hear, "tag"))
        child.destroyed.connect(lambda *_: destroyed.append(True))
        child.said.emit(1)
        return weakref.ref(owner)

    gone = make()
    gc.collect()
    assert heard == [("tag", 1)]
    assert gone() is None and destroyed == [True]


def test_closing_the_window_while_an_engine_thinks(qtbot, settings, fake, qt_messages):
    """The window closes while an engine searches (a fake that answers only ``stop``, with
    ten minutes per move): no move is played after, the engine's process and thread end, and
    Qt says nothing of deleted objects."""
    import os
    import sys

    from gui_helpers import settle
    from play_helpers import sample
    from test_play_engines import engine_player, human

    from designer.gui.window import MainWindow
    sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "engines"))
    import fake_engines
    w = MainWindow(sample("fide"), settings)     # deleted here (a window left over fails)
    w.show()
    settle(qtbot, w)
    ctl = w.play.controller
    with qtbot.waitSignal(ctl.started):
        w.play.start(w.doc.variant.setup,
                     engine_player(fake(fake_engines.uci("silent")), movetime=600_000),
                     human())
    qtbot.waitUntil(lambda: ctl.thinking)
    player = ctl.computers["white"]
    qtbot.waitUntil(lambda: player.pid is not None)
    pid, thread = player.pid, player.threads()[0]
    w.discard_and_close()
    thread.join(SAFETY)                        # the engine's thread ends on its own
    assert not thread.is_alive() and fake_engines.gone(pid)
    QCoreApplication.processEvents()           # whatever it sent before it ended
    assert len(w.doc.game.moves) == 0
    w.dispose()                                # and the window is deleted
    assert [m for m in qt_messages if "QObject" in m or "deleted" in m] == []

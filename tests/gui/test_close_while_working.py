"""Closing the window while every panel's and dialog's background job runs: the piece view's
and the compare view's analysts, the piece values, the heat map and engine differences, the
fit bar, the Balance report and Compare dialogs, and the play view's rules. Each job is held
until the window has closed, and each outlives the window's wait for it (as on a loaded machine,
the hardest case): once the window is closed, every job's desk is closed, nothing any job
returns afterwards reaches a panel, Qt logs nothing but what the offscreen platform cannot do
(no "QObject" warning, no deleted object), the threads end, and the window is deleted
cleanly.

The Engine settings dialog, the one with a job under its own ``exec()``, is closed while its
check or its detection runs in ``test_engine_settings_exec``."""

from __future__ import annotations

import threading
from collections import Counter

from PySide6.QtCore import QCoreApplication, QEvent, qWarning

from gui_helpers import WAIT_MS, settle
from play_helpers import sample
from repo_data import ROOT

SAFETY = 60.0        # a ceiling for a stuck thread, never a measure: the events decide


class Gate:
    """Work held until the test releases it; counts how many jobs are held."""

    def __init__(self) -> None:
        self.release = threading.Event()
        self._lock = threading.Lock()
        self.held: list[str] = []

    def hold(self, what: str) -> None:
        with self._lock:
            self.held.append(what)
        assert self.release.wait(SAFETY)


def test_closing_the_window_while_every_panels_job_runs(qtbot, settings, monkeypatch,
                                                        qt_messages):
    import designer.report as report
    from designer.gui import analysis, jobs
    from designer.gui.balance import _values_panel
    from designer.gui.play import service
    from designer.gui.window import MainWindow

    qWarning("probe")                             # Qt's messages are heard here
    assert qt_messages == ["probe"]
    qt_messages.clear()
    gate = Gate()
    desks: list = []
    original_init, original_shutdown = jobs._Desk.__init__, jobs._Desk.shutdown

    def record(self, owner, name):
        original_init(self, owner, name)
        desks.append(self)

    def no_wait(self, wait=5.0, drop=True):      # every job outlives the window's wait
        return original_shutdown(self, 0, drop)
    monkeypatch.setattr(jobs._Desk, "__init__", record)
    monkeypatch.setattr(jobs._Desk, "shutdown", no_wait)
    monkeypatch.setattr(_values_panel, "piece_values",
                        lambda *a, **k: gate.hold("piece values"))
    monkeypatch.setattr(report, "check_players", lambda config: [])

    def run_report(config, on_game, stop, rule=None):
        gate.hold("balance run")
        on_game("a game")
        return "run"
    monkeypatch.setattr(report, "run_report", run_report)
    monkeypatch.setattr(service, "_replay", lambda *a: gate.hold("replay"))

    w = MainWindow(sample("fide"), settings)
    w.show()
    settle(qtbot, w)
    monkeypatch.setattr(analysis, "cached", lambda q: None)
    monkeypatch.setattr(analysis, "analyse", lambda q: gate.hold("analysis"))
    try:
        _close_while_working(qtbot, w, gate, desks, qt_messages)
    finally:
        gate.release.set()                       # never leave a thread held


def _close_while_working(qtbot, w, gate, desks, qt_messages) -> None:
    from designer.engine.question import Question
    heard: list = []

    def listen(*signals) -> None:
        for signal in signals:
            signal.connect(lambda *args: heard.append(args))

    w.view.analyst.request(Question("W"))
    listen(w.view.analyst.ready)
    w.compare.analysts["a"].request(Question("F"))
    listen(w.compare.analysts["a"].ready)
    panel = w.values_panel
    panel.compute()
    listen(panel.runner.finished, panel.runner.failed)
    extras = w.view_extras
    extras.heat_runner.run(lambda progress: gate.hold("heat map"))
    extras.diff_runner.run(lambda progress: gate.hold("engine differences"))
    listen(extras.heat_runner.finished, extras.heat_runner.failed,
           extras.diff_runner.finished, extras.diff_runner.failed)
    assert panel.fit_bar.start()
    dialog = panel.reports.show()
    assert dialog.start()
    comparer = panel.reports.compare_with(str(ROOT / "variants" / "shatranj.ini"))
    assert comparer is not None and comparer.start()
    for job in (panel.fit_bar.job, dialog.job, comparer.job):
        listen(job.game, job.partial, job.finished, job.failed)
    rules = w.play.view.service
    rules.replay(w.doc.variant, w.doc.game)
    listen(rules.replayed)
    # every job under way (the window asks its own questions too: at least these)
    expected = Counter({"analysis": 2, "piece values": 1, "heat map": 1,
                        "engine differences": 1, "balance run": 3, "replay": 1})
    qtbot.waitUntil(lambda: not expected - Counter(gate.held), timeout=WAIT_MS)
    assert heard == []

    w.discard_and_close()
    working = [d for d in desks if d.threads()]
    assert {d.name for d in working} >= {"analysis", "piece-values", "heat-map",
                                         "engine-differences", "balance-report", "game-rules"}
    assert all(d.closed for d in working)
    gate.release.set()                          # every job now returns, too late
    for desk in working:
        for thread in desk.threads():
            thread.join(SAFETY)
            assert not thread.is_alive(), thread.name
    QCoreApplication.processEvents()            # whatever they sent is delivered now
    assert heard == []
    w.dispose()
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    # the offscreen platform says what it cannot do (raise a window): not a warning of ours
    assert [m for m in qt_messages if not m.startswith("This plugin does not support")] == []

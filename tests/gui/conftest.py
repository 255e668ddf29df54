"""Fixtures for the window tests: an isolated settings file, a shown window, Qt's messages."""

from __future__ import annotations

import threading

import pytest

pytest.importorskip("PySide6")
import designer.gui  # noqa: F401  (installs the PySide6 6.12 None-refcount guard first)

pytestmark = pytest.mark.gui

# the names of the window's worker threads (the names of its ``gui.jobs`` desks, and
# ``threading.Thread(name=...)`` elsewhere in designer/gui)
WORKER_THREADS = ("game-rules", "engine-worker", "engine-detect", "builtin-opponent",
                  "balance-report", "analysis", "piece-values", "heat-map",
                  "engine-differences")


def _designer_windows() -> list:
    from PySide6.QtWidgets import QApplication
    return [w for w in QApplication.topLevelWidgets()
            if type(w).__module__.startswith("designer.") and w.parentWidget() is None]


def _workers() -> list[threading.Thread]:
    return [t for t in threading.enumerate() if t.name in WORKER_THREADS]


@pytest.fixture
def qtbot(qtbot):
    """pytest-qt's ``qtbot``, whose waits for a condition, a signal, a callback or a window
    give up after ``gui_helpers.WAIT_MS`` unless they say otherwise (pytest-qt's own default,
    five seconds, is a measure of the machine's speed: a busy machine fails it)."""
    from functools import partial

    from gui_helpers import WAIT_MS
    for name in ("waitUntil", "waitSignal", "waitSignals", "waitCallback", "waitActive",
                 "waitExposed"):
        setattr(qtbot, name, partial(getattr(qtbot, name), timeout=WAIT_MS))
    return qtbot


@pytest.fixture(autouse=True)
def no_window_outlives_its_test(qapp):
    """Every window a test opens is closed and deleted when the test ends, and every worker
    thread it started has ended; a test that leaves one fails (after it is closed here, so the
    next test starts clean). A window left open lives on until the process ends (slots held
    inside Qt keep it), with its rules worker and timers, and one deleted at a random later
    moment while its workers still answer is how a test run crashes."""
    from PySide6.QtCore import QCoreApplication, QEvent
    yield
    # pytest-qt has closed the widgets given to qtbot and asked Qt to delete them
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    left = _designer_windows()
    for w in left:
        if hasattr(w, "discard_and_close"):
            w.discard_and_close()
        else:
            w.close()
        w.deleteLater()
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    running = [t for t in _workers() if not _ended(t)]
    problems = [f"windows left open: {sorted(type(w).__name__ for w in left)}"] if left else []
    if running:
        problems.append(f"worker threads still running: {sorted(t.name for t in running)}")
    if problems:
        pytest.fail("; ".join(problems) + " (close them: qtbot.addWidget, or "
                    "MainWindow.dispose for one built outside the event loop)")


def _ended(thread: threading.Thread) -> bool:
    """Whether ``thread`` ends once asked to; the bound only keeps a stuck one from hanging the
    run (a detection of a silent program ends on its own within its timeouts)."""
    thread.join(60)
    return not thread.is_alive()


@pytest.fixture(autouse=True)
def no_modal_dialogs(tmp_path, monkeypatch):
    """Window tests never block on a dialog: unsaved changes are discarded unless a test says
    otherwise, notices are collected, and autosaves go to a temporary folder."""
    from designer.gui.window import file_guard
    from designer.gui.window import main_window
    notices: list[tuple[str, str]] = []
    monkeypatch.setattr(file_guard, "recovery_dir", lambda: tmp_path / "recovery")
    monkeypatch.setattr(file_guard.FileGuard, "_ask_dialog",
                        lambda self, text, recovery=False: file_guard.DISCARD)
    monkeypatch.setattr(file_guard.FileGuard, "_choose_dialog",
                        lambda self, saving, filters, proposed=None: "")
    monkeypatch.setattr(file_guard.FileGuard, "_section_dialog", lambda self, path, names: "")
    monkeypatch.setattr(file_guard.FileGuard, "_notify_dialog",
                        lambda self, title, text: notices.append((title, text)))
    monkeypatch.setattr(file_guard.FileGuard, "_offer_dialog",
                        lambda self, title, text: notices.append((title, text)) or False)
    monkeypatch.setattr(main_window.MainWindow, "_notify_dialog",
                        lambda self, title, text: notices.append((title, text)))
    return notices


@pytest.fixture
def qt_messages():
    """Everything Qt logs while the test runs (warnings, criticals, debug)."""
    from PySide6.QtCore import qInstallMessageHandler
    messages: list[str] = []
    previous = qInstallMessageHandler(lambda mode, context, text: messages.append(text))
    yield messages
    qInstallMessageHandler(previous)


@pytest.fixture
def settings(tmp_path):
    from PySide6.QtCore import QSettings
    return QSettings(str(tmp_path / "settings.ini"), QSettings.IniFormat)


@pytest.fixture
def window(qtbot, settings):
    """The main window on a one-piece variant (the Lion on d4 of an empty 8x8 board), shown
    offscreen, its first answer arrived."""
    from gui_helpers import lion_variant, settle

    from designer.gui.window import MainWindow
    w = MainWindow(lion_variant(), settings)
    qtbot.addWidget(w)
    w.resize(1200, 800)
    w.show()
    qtbot.waitExposed(w)
    settle(qtbot, w)
    return w

"""Fixtures for the window tests: an isolated settings file, a shown window, Qt's messages."""

from __future__ import annotations

import pytest

pytest.importorskip("PySide6")
import designer.gui  # noqa: F401  (installs the PySide6 6.12 None-refcount guard first)

pytestmark = pytest.mark.gui

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

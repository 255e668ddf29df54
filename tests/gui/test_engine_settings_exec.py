"""Engines > Engine settings run for real: the dialog under its own ``exec()`` loop, as the
menu runs it, checking the real Fairy-Stockfish, closed with OK, Cancel or Escape.

PySide hands a dialog to Python once its ``exec()`` returns; a slot over the dialog connected
to the check's worker then held the last reference to it, and the finished worker's deferred
deletion deleted the dialog, and with it the worker a second time ("QObject: shared QObject was
deleted directly", then a segmentation fault)."""

from __future__ import annotations

import os
import threading
import weakref

import pytest
from PySide6.QtCore import QCoreApplication, QEvent, Qt, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QDialogButtonBox

from designer.gui.engines import EngineSettingsDialog, EngineStore


def _engine_processes(program: str) -> list[int]:
    """Live (not zombie) children of this process running ``program``."""
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
            with open(f"/proc/{entry}/cmdline", "rb") as f:
                argv0 = f.read().split(b"\0")[0].decode()
        except OSError:
            continue
        if fields[0] != "Z" and int(fields[1]) == os.getpid() and argv0 == program:
            found.append(int(entry))
    return found


def _close(dialog: EngineSettingsDialog, how: str) -> None:
    if how == "escape":
        QTest.keyClick(dialog, Qt.Key.Key_Escape)
    else:
        button = QDialogButtonBox.StandardButton.Ok if how.startswith("ok") else \
            QDialogButtonBox.StandardButton.Cancel
        dialog.buttons.button(button).click()


def _run_in_exec(window, fsf: str, how: str) -> dict:
    """Open the dialog from the menu; inside its exec() loop add Fairy-Stockfish, check it and
    close the dialog ``how`` (once the check's engine thread has ended, or at once for
    ``ok-while-checking`` and ``escape-while-detecting``). What was seen, for the test to
    judge."""
    seen: dict = {"errors": []}

    def act() -> None:
        dialog = QApplication.activeModalWidget()
        try:
            assert isinstance(dialog, EngineSettingsDialog), dialog
            ref = weakref.ref(dialog)          # nothing here may hold the dialog itself
            dialog.destroyed.connect(lambda *_: seen.setdefault("destroyed", True))
            dialog.checked.connect(lambda ok: checked(ref, ok))
            dialog.add_engine()
            dialog.name.setText("Fairy-Stockfish")
            dialog.command.setText(fsf)
            if how == "escape-while-detecting":
                dialog.detect.click()
                seen["running"] = any(t.name == "engine-detect" and t.is_alive()
                                      for t in threading.enumerate())
                _close(dialog, "escape")
                return
            dialog.check.click()
            if how.endswith("-while-checking"):
                seen["running"] = any(t.name == "engine-worker" and t.is_alive()
                                      for t in threading.enumerate())
                _close(dialog, how.split("-")[0])
        except BaseException as e:        # noqa: BLE001 - never leave the loop hanging
            seen["errors"].append(repr(e))
            if dialog is not None:
                dialog.reject()

    def checked(ref, ok: bool) -> None:
        dialog = ref()
        if dialog is None or not dialog.isVisible():
            return
        seen["ok"], seen["rows"] = ok, dialog.options.rowCount()
        seen["about"] = dialog.about.text()
        # the check's engine thread ends on its own: its join, then the user closes the dialog
        for t in threading.enumerate():
            if t.name == "engine-worker":
                t.join(60)
        _close(dialog, how)

    QTimer.singleShot(0, act)
    seen["accepted"] = window.edit_engines()       # the menu's own call: a real exec()
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    return seen


@pytest.mark.parametrize("how", ["ok", "cancel", "escape"])
def test_closing_the_dialog_after_checking_fairy_stockfish(window, fsf, qt_messages, how):
    seen = _run_in_exec(window, fsf, how)
    assert seen["errors"] == []
    assert seen["ok"] is True and seen["rows"] > 0 and "Fairy-Stockfish" in seen["about"]
    assert seen["accepted"] is (how == "ok")
    assert seen.get("destroyed")                      # the dialog is gone, with its workers
    assert [m for m in qt_messages if "QObject" in m or "deleted" in m] == []
    names = [e.name for e in EngineStore(window.settings).load().engines]
    assert names == (["Fairy-Stockfish"] if how == "ok" else [])
    assert _engine_processes(fsf) == []


@pytest.mark.parametrize("how", ["ok-while-checking", "cancel-while-checking",
                                 "escape-while-checking", "escape-while-detecting"])
def test_closing_the_dialog_while_its_job_runs_ends_the_engine(window, fsf, qt_messages, how):
    seen = _run_in_exec(window, fsf, how)
    assert seen["errors"] == [] and seen["running"]
    assert seen["accepted"] is (how == "ok-while-checking")
    assert seen.get("destroyed")
    # nothing at all but what the offscreen platform cannot do
    assert [m for m in qt_messages if not m.startswith("This plugin does not support")] == []
    for t in threading.enumerate():               # the engine ends with its thread
        if t.name in ("engine-worker", "engine-detect"):
            t.join(60)
    assert _engine_processes(fsf) == []

"""The engine settings dialog: engines set up by their command, protocol, time and depth,
checked in a worker thread (what the engine is, its options with editors of their types),
remembered across runs in QSettings."""

from __future__ import annotations

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QCheckBox, QComboBox, QSpinBox

from designer.engines import EngineBook, EngineSettings
from designer.gui.engines import EngineSettingsDialog
from designer.gui.engines import EngineStore
from designer.gui.engines.store import KEY

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "engines"))
import fake_engines  # noqa: E402
from gui_helpers import WAIT_MS

#: generous waits for fakes that answer (each ends as soon as the answer comes)
QUICK = fake_engines.PATIENT


def _settings(tmp_path) -> QSettings:
    return QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)


def _open(qtbot, tmp_path, timeouts=QUICK) -> EngineSettingsDialog:
    dialog = EngineSettingsDialog(EngineStore(_settings(tmp_path)), timeouts=timeouts)
    qtbot.addWidget(dialog)
    return dialog


def _check(qtbot, dialog):
    dialog.check_engine()
    qtbot.waitUntil(lambda: dialog.check.isEnabled(), timeout=WAIT_MS)


def test_an_engine_is_set_up_checked_and_remembered_across_runs(qtbot, tmp_path, fake):
    command = " ".join(fake(fake_engines.uci("normal")))
    dialog = _open(qtbot, tmp_path)
    dialog.add_engine()
    dialog.name.setText("Fake")
    dialog.command.setText(command)
    dialog.movetime_box.setValue(0)
    dialog.depth_box.setValue(7)
    _check(qtbot, dialog)
    assert "Fake 1.0" in dialog.about.text() and dialog.status.styleSheet() != "color: #c92a2a"
    editors = {dialog.options.item(r, 0).text(): dialog.options.cellWidget(r, 1)
               for r in range(dialog.options.rowCount())}
    hash_, style = editors["Hash"], editors["Style"]
    assert isinstance(hash_, QSpinBox) and (hash_.minimum(), hash_.maximum()) == (1, 64)
    assert isinstance(style, QComboBox) and style.currentText() == "Normal"
    hash_.setValue(32)
    style.setCurrentText("Risky")
    dialog.buttons.accepted.emit()
    assert dialog.result() == dialog.DialogCode.Accepted

    book = EngineBook.from_json_text(_settings(tmp_path).value(KEY))
    assert book.selected == "Fake"
    (engine,) = book.engines
    assert engine.command[-1].endswith("fake_engine.py") and engine.depth == 7
    assert engine.movetime_ms is None and dict(engine.options) == {"Hash": 32,
                                                                   "Style": "Risky"}
    again = _open(qtbot, tmp_path)                 # a new run reads the same settings
    assert again.name.text() == "Fake" and again.depth_box.value() == 7
    # before the engine is checked again, the stored values keep their types
    assert again.options.values() == {"Hash": 32, "Style": "Risky"}


def test_a_setting_without_any_limit_is_refused_with_the_reason(qtbot, tmp_path):
    dialog = _open(qtbot, tmp_path)
    dialog.add_engine()
    dialog.command.setText("some-engine")
    dialog.movetime_box.setValue(0)
    dialog.depth_box.setValue(0)
    dialog.buttons.accepted.emit()
    assert dialog.isVisible() is False and dialog.result() != dialog.DialogCode.Accepted
    assert "limit" in dialog.status.text()
    assert _settings(tmp_path).value(KEY) is None


def test_a_check_that_fails_says_why(qtbot, tmp_path):
    dialog = _open(qtbot, tmp_path)
    dialog.add_engine()
    dialog.command.setText(str(tmp_path / "no-such-engine"))
    _check(qtbot, dialog)
    assert "no such program" in dialog.status.text()


def test_the_protocol_is_detected_off_the_ui_thread(qtbot, tmp_path, fake):
    # an XBoard engine is silent to "uci": the wait for that answer is the one made short
    # (detection gives the same wait to "protover" after it)
    dialog = _open(qtbot, tmp_path, fake_engines.timeouts("start", seconds=2.0))
    dialog.add_engine()
    dialog.command.setText(" ".join(fake(fake_engines.xboard("normal"))))
    dialog.detect_protocol()
    qtbot.waitUntil(lambda: dialog.detect.isEnabled(), timeout=WAIT_MS)
    assert dialog.protocol.currentData() == "xboard" and "XBoard" in dialog.status.text()


def test_unreadable_stored_settings_are_reported_and_kept(qtbot, tmp_path):
    stored = _settings(tmp_path)
    stored.setValue(KEY, "{not json")
    stored.sync()
    dialog = _open(qtbot, tmp_path)
    assert "cannot be read" in dialog.status.text() and dialog.list.count() == 0
    dialog.reject()
    assert _settings(tmp_path).value(KEY) == "{not json"


def test_check_boxes_edit_checks(qtbot, tmp_path, fake):
    source = fake_engines.uci("normal").replace(
        'out("uciok")', 'out("option name Ponder type check default false"); out("uciok")')
    store = EngineStore(_settings(tmp_path))
    store.save(EngineBook((EngineSettings("F", tuple(fake(source))),), "F"))
    dialog = _open(qtbot, tmp_path)
    _check(qtbot, dialog)
    rows = {dialog.options.item(r, 0).text(): dialog.options.cellWidget(r, 1)
            for r in range(dialog.options.rowCount())}
    assert isinstance(rows["Ponder"], QCheckBox) and not rows["Ponder"].isChecked()
    rows["Ponder"].setChecked(True)
    assert dialog.options.values() == {"Ponder": True}


def test_the_window_opens_the_engine_settings_from_its_menu(window, fake):
    command = " ".join(fake(fake_engines.uci("normal")))

    def fill(dialog):
        dialog.add_engine()
        dialog.name.setText("From the menu")
        dialog.command.setText(command)
        dialog.buttons.accepted.emit()
        return dialog.result() == dialog.DialogCode.Accepted
    window.files.run_dialog = fill
    window.acts["engine_settings"].trigger()
    book = EngineStore(window.settings).load()
    assert [e.name for e in book.engines] == ["From the menu"]
    assert "Engines" in [a.text().replace("&", "") for a in window.menuBar().actions()]

"""Stored data read defensively: engine settings or a kept game nested past the JSON reader's
recursion, a time per move no box can hold, a recovery file that cannot be restored, an empty
variants.ini and a definition of 50,000 parentheses each give a clear message (and, for a file
that cannot be restored, one offer, after which it is set aside, not deleted) instead of a
failure at every start, an empty chooser or seconds of work."""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from designer.engines.settings import MAX_MOVETIME_MS, EngineBook, SettingsError
from designer.formats import xboard_ini
from designer.formats.errors import FormatError
from designer.formats.registry import read_any
from designer.gui.window import file_guard

ROOT = Path(__file__).resolve().parents[2]
FIDE = ROOT / "variants" / "fide.ini"
DEEP = "[" * 100_000 + "]" * 100_000          # far deeper than Python's recursion limit


def _book(movetime):
    return json.dumps({"version": 1, "selected": "fsf", "engines": [
        {"name": "fsf", "command": ["fairy-stockfish"], "protocol": "uci",
         "movetime_ms": movetime, "depth": None}]})


def test_engine_settings_nested_too_deeply_are_a_settings_error():
    with pytest.raises(SettingsError, match="nested too deeply"):
        EngineBook.from_json_text(DEEP)
    with pytest.raises(SettingsError, match="nested too deeply"):
        EngineBook.from_json_text('{"version": 1, "engines": ' + DEEP + "}")


def test_a_time_per_move_no_box_can_hold_is_refused_where_it_is_read():
    assert EngineBook.from_json_text(_book(MAX_MOVETIME_MS)).engines[0].movetime_ms == \
        MAX_MOVETIME_MS
    with pytest.raises(SettingsError, match=r"engines\[0\]\.movetime_ms"):
        EngineBook.from_json_text(_book(10 ** 12))


@pytest.mark.parametrize("stored", [DEEP, _book(10 ** 12)])
def test_the_engine_dialog_opens_on_unreadable_settings_and_says_why(qtbot, settings, stored):
    from designer.gui.engines._settings_dialog import EngineSettingsDialog
    from designer.gui.engines.store import KEY, EngineStore
    settings.setValue(KEY, stored)
    store = EngineStore(settings)
    assert store.load() == EngineBook() and "cannot be read" in store.problem
    dialog = EngineSettingsDialog(EngineStore(settings))    # no OverflowError, no recursion
    qtbot.addWidget(dialog)
    assert "cannot be read" in dialog.status.text() and dialog.list.count() == 0


def test_the_command_line_refuses_a_time_per_move_beyond_an_hour():
    for command in ("play", "match"):
        res = subprocess.run([sys.executable, "-m", "designer.cli", command, str(FIDE),
                              "--movetime", str(10 ** 12)], capture_output=True, text=True,
                             cwd=ROOT, timeout=60)
        assert res.returncode == 2 and "--movetime" in res.stderr, res.stderr
        assert "Traceback" not in res.stderr


def _kept_game(folder: Path, text: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "game-0123456789ab.json"
    path.write_text(text)
    return path


@pytest.mark.parametrize("text", [DEEP, '{"version": 1, "variant": 5}'])
def test_a_kept_game_that_cannot_be_read_is_said_once_and_set_aside(window, no_modal_dialogs,
                                                                    text):
    keeper = window.play_mode.keeper
    path = _kept_game(keeper.folder, text)
    asked = []
    keeper.ask = lambda text, buttons: asked.append(text) or buttons[0]
    assert not keeper.offer()
    title, said = no_modal_dialogs[-1]
    assert title == "Cannot restore the game" and "will not be offered again" in said
    aside = keeper.folder / "set-aside" / path.name
    assert not path.exists() and aside.read_text() == text        # kept, not deleted
    count = len(no_modal_dialogs)
    assert not keeper.offer() and len(no_modal_dialogs) == count and asked == []


def test_a_recovery_file_that_cannot_be_restored_is_offered_once(window, no_modal_dialogs):
    folder = window.files.folder
    folder.mkdir(parents=True, exist_ok=True)
    bad = folder / "autosave-1-00000000.ini"
    bad.write_text("; @designer 1 variant " + DEEP + "\n")
    asked = []
    window.files.ask = lambda text, recovery=False: asked.append(text) or file_guard.SAVE
    assert not window.files.offer_recovery()
    title, said = no_modal_dialogs[-1]
    assert title == "Cannot restore" and "will not be offered again" in said
    assert not bad.exists() and (folder / "set-aside" / bad.name).exists()
    assert not window.files.offer_recovery() and len(asked) == 1


def test_an_empty_variants_ini_is_a_clear_error_not_an_empty_chooser(window, tmp_path,
                                                                     no_modal_dialogs,
                                                                     monkeypatch):
    chooser = []
    monkeypatch.setattr(window.files, "choose_section",
                        lambda path, names: chooser.append(names) or "")
    for text in ("", "; nothing but a comment\n\n"):
        path = tmp_path / "empty.variants.ini"
        path.write_text(text)
        assert not window.open_file(str(path))
        title, said = no_modal_dialogs[-1]
        assert title == "Cannot open" and "no [section]" in said and f"{path}:1" in said
    assert chooser == []


def test_a_definition_of_50000_parentheses_in_a_file_is_refused_at_its_line(tmp_path):
    v = read_any(FIDE)
    path = tmp_path / "parens.ini"
    path.write_text(xboard_ini.write(v.with_piece(replace(v.piece("N"), notation="(" * 50_000))))
    line = next(i for i, t in enumerate(path.read_text().split("\n"), 1) if '"letter": "N"' in t)
    with pytest.raises(FormatError) as e:
        read_any(path)
    assert e.value.line == line and "50,000 characters" in e.value.reason


def test_pasting_50000_parentheses_into_the_definition_is_refused(window):
    from PySide6.QtCore import QMimeData
    editor = window.editor
    before = editor.edit.toPlainText()
    data = QMimeData()
    data.setText("(" * 50_000)
    editor.edit.insertFromMimeData(data)
    assert editor.edit.toPlainText() == before
    assert "Not pasted" in editor.status.text() and "4,000" in editor.status.text()

"""Recovery after a crash loses nothing: the restored recovery file is kept until the work is
saved or autosaved again (a second crash still finds it), the first autosave comes soon after
the first unsaved edit, the prompt names the file and the variant, and the restored window
selects the piece that was being edited."""

from __future__ import annotations

from pathlib import Path

from gui_helpers import WAIT_MS, type_definition
from test_files import _leave_a_crashed_autosave, _second_window

from designer.gui.window import file_guard

ROOT = Path(__file__).resolve().parents[2]


def _crash_with_work(qtbot, window, tmp_path):
    """Window edits the Knight of a FIDE file and autosaves; the process 'dies'."""
    path = tmp_path / "fide.ini"
    path.write_bytes((ROOT / "variants" / "fide.ini").read_bytes())
    assert window.open_file(str(path))
    window.doc.select("N")
    type_definition(qtbot, window, "NN")
    assert window.files.autosave()
    return path, _leave_a_crashed_autosave(window.files.folder,
                                           window.files.recovery.read_text())


def _restoring(qtbot, settings, asked=None):
    other = _second_window(qtbot, settings)
    other.files.ask = lambda text, recovery=False: (asked.append(text) if asked is not None
                                                    else None) or file_guard.SAVE
    assert other.files.offer_recovery()
    return other


def test_the_prompt_names_the_file_and_the_variant(qtbot, window, settings, tmp_path):
    path, _ = _crash_with_work(qtbot, window, tmp_path)
    asked: list[str] = []
    _restoring(qtbot, settings, asked)
    assert str(path) in asked[0] and "FIDE Chess" in asked[0] and "autosaved at" in asked[0]


def test_the_restored_window_selects_the_piece_being_edited(qtbot, window, settings, tmp_path):
    _crash_with_work(qtbot, window, tmp_path)
    other = _restoring(qtbot, settings)
    assert other.doc.selected == "N" and other.doc.piece().notation == "NN"
    assert other.editor.edit.toPlainText() == "NN"


def test_a_second_crash_before_the_next_autosave_loses_nothing(qtbot, window, settings,
                                                               tmp_path):
    _, crashed = _crash_with_work(qtbot, window, tmp_path)
    other = _restoring(qtbot, settings)
    assert crashed.exists()
    for _path, lock in other.files.restored:        # the restoring window dies in its turn
        lock.unlock()
    other.files.restored = []
    third = _restoring(qtbot, settings)
    assert third.doc.piece("N").notation == "NN"


def test_the_restored_file_goes_once_the_work_is_autosaved_or_saved(qtbot, window, settings,
                                                                   tmp_path):
    path, crashed = _crash_with_work(qtbot, window, tmp_path)
    other = _restoring(qtbot, settings)
    assert other.files.autosave()
    assert not crashed.exists() and other.files.recovery.exists()
    _, crashed = _crash_with_work(qtbot, window, tmp_path)
    again = _restoring(qtbot, settings)
    assert again.files.save_to(str(path))
    assert not crashed.exists()


def test_the_first_autosave_comes_soon_after_the_first_unsaved_edit(qtbot, window):
    files = window.files
    assert not files.first.isActive()                   # nothing unsaved yet
    assert files.first.interval() <= file_guard.FIRST_AUTOSAVE_MS < files.timer.interval()
    type_definition(qtbot, window, "W")
    assert files.first.isActive()
    qtbot.waitUntil(files.recovery.exists, timeout=file_guard.FIRST_AUTOSAVE_MS + WAIT_MS)

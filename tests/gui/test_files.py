"""File handling in the window: unsaved-changes prompt, save into the file's own format, recent
files, autosave per instance and recovery, export."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from designer.formats import pgn_tags, xboard_fsf, xboard_ini
from designer.gui.window import file_guard
from gui_helpers import LION

ROOT = Path(__file__).resolve().parents[2]


def type_definition(window, text):
    window.doc.set_notation(window.doc.selected, text, merge=False)


def test_closing_with_unsaved_changes_asks_and_cancel_keeps_the_window(window):
    asked = []
    window.files.ask = lambda text, recovery=False: asked.append(text) or file_guard.CANCEL
    type_definition(window, "mRcpR")
    assert window.close() is False
    assert asked and "unsaved" in asked[0]
    assert window.isVisible()


def test_save_from_the_close_prompt_writes_the_file(window, tmp_path):
    target = tmp_path / "cannon.ini"
    window.files.ask = lambda text, recovery=False: file_guard.SAVE
    window.files.choose_path = lambda saving, filters, proposed=None: str(target)
    type_definition(window, "mRcpR")
    assert window.close() is True
    assert xboard_ini.load(target).piece("L").notation == "mRcpR"


def test_saving_tells_what_xboard_cannot_use_but_saves_completely(window, tmp_path,
                                                                  no_modal_dialogs):
    window.doc.resize(20, 20)
    type_definition(window, "mRcpR")
    target = tmp_path / "big.ini"
    assert window.save_file(str(target))
    again = xboard_ini.load(target)
    assert (again.files, again.piece("L").notation) == (20, "mRcpR")
    title, text = no_modal_dialogs[-1]
    assert "XBoard" in title and "20" in text
    assert not window.doc.modified


def test_the_title_shows_the_file_and_changes_only_when_the_document_does(qtbot, window,
                                                                           tmp_path):
    titles = []
    window.windowTitleChanged.connect(titles.append)
    window.doc.select("L")
    window.set_probe((5, 5), "foe")                 # a probe is not part of the file
    assert titles == [] and not window.isWindowModified()
    type_definition(window, "mRcpR")
    assert window.isWindowModified()
    window.save_file(str(tmp_path / "cannon.ini"))
    assert window.windowTitle().startswith("cannon.ini") and not window.isWindowModified()
    window.doc.undo_stack.undo()                    # back before the save: modified again
    assert window.isWindowModified()
    window.doc.undo_stack.redo()
    assert not window.isWindowModified()


def test_recent_files_remember_saved_files_and_forget_missing_ones(window, tmp_path,
                                                                 no_modal_dialogs):
    target = tmp_path / "a.ini"
    type_definition(window, "N0")
    window.save_file(str(target))
    assert window.files.recent()[0] == str(target)
    assert [a.text() for a in window.files.recent_menu.actions()] == ["a.ini"]
    target.unlink()
    assert window.files.open(str(target)) is False
    assert "Cannot open" in no_modal_dialogs[-1][0]
    assert window.files.recent() == []


def _second_window(qtbot, settings):
    from gui_helpers import lion_variant

    from designer.gui.window import MainWindow
    other = MainWindow(lion_variant(), settings)
    qtbot.addWidget(other)
    return other


def _leave_a_crashed_autosave(folder: Path, text: str) -> Path:
    """What a crashed instance leaves: its recovery file and a lock of a process now gone."""
    folder.mkdir(parents=True, exist_ok=True)
    ini, lock = folder / "autosave-99999-deadbeef.ini", folder / "autosave-99999-deadbeef.lock"
    code = ("import os\nfrom PySide6.QtCore import QLockFile\n"
            f"lock = QLockFile({str(lock)!r}); lock.setStaleLockTime(0)\n"
            "assert lock.tryLock(0)\n"
            f"open({str(ini)!r}, 'w').write({text!r})\n"
            "os._exit(0)\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    assert lock.exists()
    return ini


def test_autosave_of_a_crashed_instance_is_offered_and_restored(window, settings, qtbot):
    type_definition(window, "gabyabsR")
    assert window.files.autosave()
    text = window.files.recovery.read_text()
    crashed = _leave_a_crashed_autosave(window.files.folder, text)
    other = _second_window(qtbot, settings)
    other.files.ask = lambda text, recovery=False: file_guard.SAVE
    assert other.files.offer_recovery()
    assert other.doc.piece().notation == "gabyabsR"
    assert other.doc.modified                       # restored work is still unsaved
    assert crashed.exists()                         # kept until saved or autosaved again
    assert window.files.recovery.exists()           # the running window's own file is untouched


def test_a_running_instances_autosave_is_never_offered_nor_deleted(window, settings, qtbot):
    type_definition(window, "gabyabsR")
    assert window.files.autosave()
    other = _second_window(qtbot, settings)
    asked = []
    other.files.ask = lambda text, recovery=False: asked.append(text) or file_guard.DISCARD
    assert other.files.pending_recoveries() == []
    assert other.files.offer_recovery() is False
    assert asked == [] and window.files.recovery.exists()


def test_discarding_a_crashed_autosave_deletes_only_that_one(window, settings, qtbot):
    type_definition(window, "W")
    assert window.files.autosave()
    crashed = _leave_a_crashed_autosave(window.files.folder, window.files.recovery.read_text())
    other = _second_window(qtbot, settings)
    other.files.ask = lambda text, recovery=False: file_guard.DISCARD
    assert other.files.offer_recovery() is False
    assert not crashed.exists() and window.files.recovery.exists()


def test_a_failing_autosave_is_shown_and_retried(window, monkeypatch):
    from designer.formats import atomic
    from designer.formats.errors import FormatError

    def full_disk(path, text, encoding="utf-8"):
        raise FormatError("cannot save: No space left on device", str(path))
    real = atomic.write_atomic
    monkeypatch.setattr(atomic, "write_atomic", full_disk)
    type_definition(window, "W")
    assert window.files.autosave() is False
    label = window.files.autosave_label
    assert not label.isHidden() and "No space left" in label.text()
    assert window.files.timer.isActive() and window.files.timer.interval() == file_guard.RETRY_MS
    monkeypatch.setattr(atomic, "write_atomic", real)
    window.files.timer.timeout.emit()               # the retry
    assert label.isHidden() and window.files.recovery.exists()
    assert window.files.timer.interval() == file_guard.AUTOSAVE_MS


def test_a_clean_window_does_not_autosave(window):
    assert window.files.autosave() is False


def test_open_reads_a_fairy_stockfish_variants_ini(window, tmp_path):
    path = tmp_path / "mine.variants.ini"
    path.write_text("[mychess:chess]\ncustomPiece1 = a:mRcpR\npieceToCharTable = -\n")
    assert window.open_file(str(path))
    assert window.doc.fmt == "fsf" and window.doc.section == "mychess"
    assert window.doc.variant.piece("A").notation == "mRcpR"


def test_a_file_with_several_sections_asks_which(window, tmp_path):
    path = tmp_path / "two.variants.ini"
    path.write_text("[one:chess]\ncustomPiece1 = a:W\n\n[two:chess]\ncustomPiece1 = a:F\n")
    window.files.choose_section = lambda p, names: names[0]
    assert window.open_file(str(path))
    assert window.doc.section == "one" and window.doc.variant.piece("A").notation == "W"


@pytest.mark.parametrize("fmt,suffix,needle", [("svg", ".svg", "<svg"),
                                               ("fsf", ".variants.ini", ":FH"),
                                               ("pgn", ".pgn", "FH")])
def test_export_writes_the_format(window, tmp_path, fmt, suffix, needle):
    type_definition(window, "FH")
    path = tmp_path / f"out{suffix}"
    assert window.files.export(fmt, str(path))
    assert needle in path.read_text()


def test_export_writes_the_xboard_launcher_pair(window, tmp_path):
    type_definition(window, "FH")
    path = tmp_path / "mine.ini"
    action = next(a for a in window.files.export_menu.actions() if "launcher" in a.text())
    window.files.choose_path = lambda saving, filters, proposed=None: str(path)
    action.trigger()
    ini = tmp_path / "mine.variants.ini"
    assert "-fcp" in path.read_text() and ini.exists()
    assert xboard_fsf.read(path.read_text(), str(path)).piece("L").notation == "FH"
    assert "[untitled]" in ini.read_text()


def test_saved_files_keep_the_users_umask(window, tmp_path):
    old = os.umask(0o022)
    try:
        type_definition(window, "W")
        target = tmp_path / "mode.ini"
        assert window.save_file(str(target))
    finally:
        os.umask(old)
    assert target.stat().st_mode & 0o777 == 0o644


def test_saving_a_pgn_opened_file_proposes_the_native_format(window, tmp_path,
                                                              no_modal_dialogs):
    from designer.formats import pgn_tags
    from designer.gui.window.dialogs import fide
    pgn = tmp_path / "game.pgn"
    pgn.write_text(pgn_tags.write(fide()))
    before = pgn.read_bytes()
    assert window.open_file(str(pgn))
    proposed = []
    window.files.choose_path = lambda saving, filters, p=None: proposed.append(p) or \
        str(tmp_path / "game.ini")
    window.doc.set_notation("N", "NN", merge=False)
    assert window.files.save()
    assert proposed == [str(tmp_path / "game.ini")]
    title, text = no_modal_dialogs[0]
    assert "XBoard options" in title and "PGN" in text
    assert pgn.read_bytes() == before
    assert xboard_ini.load(tmp_path / "game.ini").piece("N").notation == "NN"
    assert window.doc.path == str(tmp_path / "game.ini") and window.doc.fmt == "xboard"


def test_a_launcher_opened_in_the_window_is_saved_back_as_the_pair(window, tmp_path):
    from designer.formats import fsf_ini
    type_definition(window, "FH")
    path = tmp_path / "pair.ini"
    assert window.files.export("xboard-fsf", str(path))
    assert window.open_file(str(path))
    assert window.doc.fmt == "xboard-fsf"
    type_definition(window, "FHW")
    assert window.files.save()
    assert xboard_fsf.read(path.read_text(), str(path)).piece("L").notation == "FHW"
    engine_side = fsf_ini.read((tmp_path / "pair.variants.ini").read_text(), None, "",
                               use_designer=False)     # what Fairy-Stockfish itself reads
    assert engine_side.piece("L").notation == "FHW"


def test_a_screenshot_of_a_file_with_several_sections_takes_the_last(tmp_path):
    from designer.gui.app import run_gui
    from designer.launch import WindowStart
    path = tmp_path / "two.variants.ini"
    path.write_text("[one:chess]\ncustomPiece1 = a:W\n\n[two:chess]\ncustomPiece1 = a:F\n")
    out = tmp_path / "two.png"
    start = WindowStart.from_words(file=str(path), screenshot=str(out), select="A",
                                   size="800x600")
    assert run_gui(start) == 0 and out.exists()


def test_pgn_export_of_a_variant_xboard_lacks_writes_its_options_file_and_says_how_to_open(
        window, tmp_path, no_modal_dialogs):
    """A one-piece Lion variant is none of XBoard's own: the game alone would not open, so the
    export writes the options file beside it and tells the command that opens both."""
    path = tmp_path / "game.pgn"
    assert window.files.export("pgn", str(path))
    companion = tmp_path / pgn_tags.companion_path("game.pgn")
    assert path.exists() and companion.exists()
    assert xboard_ini.read(companion.read_text(), str(companion)).piece("L").notation == LION
    title, text = no_modal_dialogs[-1]
    assert "options file" in title and f"@{companion.name} game.pgn" in text


def test_the_same_save_notice_is_shown_once_then_in_the_status_bar_and_the_list(
        window, tmp_path, no_modal_dialogs):
    window.doc.resize(20, 20)                 # XBoard 4.9 cannot use a 20x20 board
    target = tmp_path / "big.ini"
    assert window.save_file(str(target))
    saved = [t for t, _ in no_modal_dialogs if t.startswith("Saved")]
    assert len(saved) == 1
    type_definition(window, "mRcpR")          # another change, the same notice on saving
    assert window.save_file(str(target))
    assert [t for t, _ in no_modal_dialogs if t.startswith("Saved")] == saved
    status = window.statusBar().currentMessage()
    assert "big.ini" in status and "Notices" in status
    # both are in File > Notices, with their file
    assert window.acts["notices"] in window.menus["file"].actions()
    window.acts["notices"].trigger()
    dialog = window.files.notices_dialog
    tree = dialog.tree
    rows = [tree.topLevelItem(i) for i in range(tree.topLevelItemCount())]
    assert [(r.text(1), r.text(2).startswith("Saved")) for r in rows] == [("big.ini", True)] * 2
    assert any("20" in rows[-1].child(i).text(2) for i in range(rows[-1].childCount()))
    # another file gets its own box
    assert window.save_file(str(tmp_path / "other.ini"))
    assert len([t for t, _ in no_modal_dialogs if t.startswith("Saved")]) == 2
    assert tree.topLevelItemCount() == 3
    dialog.close()

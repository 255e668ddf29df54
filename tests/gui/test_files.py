"""File handling in the window: unsaved-changes prompt, save, recent files, autosave and
recovery, opening any format, export."""

from __future__ import annotations

import pytest

from designer.gui import file_guard


def type_definition(window, text):
    window.session.edit("Edit definition", text=text)


def test_closing_with_unsaved_changes_asks_and_cancel_keeps_the_window(window, monkeypatch):
    asked = []
    window.files.ask = lambda text, recovery=False: asked.append(text) or file_guard.CANCEL
    type_definition(window, "mRcpR")
    assert window.close() is False
    assert asked and "unsaved" in asked[0]
    assert window.isVisible()


def test_save_from_the_close_prompt_writes_the_file(window, tmp_path):
    target = tmp_path / "cannon.ini"
    window.files.ask = lambda text, recovery=False: file_guard.SAVE
    window.files.choose_path = lambda saving, filters: str(target)
    type_definition(window, "mRcpR")
    assert window.close() is True
    text = target.read_text()
    assert "mRcpR" in text and "-men" in text


def test_saving_tells_what_xboard_cannot_use_but_saves_completely(window, tmp_path,
                                                                  no_modal_dialogs):
    window.session.edit("Board size", files=20, ranks=20)
    type_definition(window, "mRcpR")
    target = tmp_path / "big.ini"
    assert window.save_file(str(target))
    assert target.exists() and "mRcpR" in target.read_text()
    title, text = no_modal_dialogs[-1]
    assert "XBoard" in title and "20" in text
    assert window.session.undo_stack.isClean()


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


def test_autosave_and_recovery_after_a_crash(window, settings, qtbot, tmp_path):
    type_definition(window, "gabyabsR")
    assert window.files.autosave()
    assert window.files.recovery.exists()
    # a new session finds the file the "crashed" one left behind
    from designer.gui.main_window import MainWindow
    from designer.gui.session import BoardState
    other = MainWindow(BoardState(), settings)
    qtbot.addWidget(other)
    other.files.recovery = other.files.folder / "autosave-other-process.ini"
    other.files.ask = lambda text, recovery=False: file_guard.SAVE
    assert other.files.offer_recovery()
    assert other.session.state.text == "gabyabsR"
    assert not other.session.undo_stack.isClean()   # restored work is still unsaved
    assert other.files.pending_recoveries() == []
    other.files.ask = lambda text, recovery=False: file_guard.DISCARD   # closing at teardown


def test_a_clean_window_does_not_autosave(window):
    assert window.files.autosave() is False


def test_open_reads_a_fairy_stockfish_variants_ini(window, tmp_path):
    path = tmp_path / "mine.variants.ini"
    path.write_text("[mychess:chess]\ncustomPiece1 = a:mRcpR\npieceToCharTable = -\n")
    assert window.open_file(str(path))
    letters = [window.pieces.item(i).text().split()[0] for i in range(window.pieces.count())]
    assert "A" in letters or "a" in [x.lower() for x in letters]


@pytest.mark.parametrize("fmt,suffix,needle", [("svg", ".svg", "<svg"),
                                               ("fsf", ".variants.ini", ":FH"),
                                               ("pgn", ".pgn", "FH")])
def test_export_writes_the_format(window, tmp_path, fmt, suffix, needle):
    type_definition(window, "FH")
    path = tmp_path / f"out{suffix}"
    assert window.files.export(fmt, str(path))
    assert needle in path.read_text()

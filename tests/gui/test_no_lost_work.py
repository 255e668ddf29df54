"""Every change the user sees is in the file they save: the five ways the window used to lose
work, each done as a person does it (open a sample, edit through the widgets, save with the
menu) and checked by reading the file back with the core's readers."""

from __future__ import annotations

import shutil
from pathlib import Path

from gui_helpers import settle
from PySide6.QtCore import Qt

from designer.formats import fsf_ini, xboard_ini
from designer.formats.registry import detect
from designer.variant.fen import parse_fen

ROOT = Path(__file__).resolve().parents[2]


def _copy_sample(tmp_path: Path, name: str) -> Path:
    target = tmp_path / name
    shutil.copyfile(ROOT / "variants" / name, target)
    return target


def _choose_piece(qtbot, window, letter: str) -> None:
    """Click the piece's row in the Pieces panel."""
    pieces = window.piece_palette.list
    row = next(i for i in range(pieces.count()) if pieces.letter_at(i) == letter)
    rect = pieces.visualItemRect(pieces.item(row))
    qtbot.mouseClick(pieces.viewport(), Qt.LeftButton, pos=rect.center())
    assert window.doc.selected == letter


def _type(qtbot, window, text: str) -> None:
    edit = window.editor.edit
    edit.setFocus()
    qtbot.keyClick(edit, Qt.Key_A, modifier=Qt.ControlModifier)
    qtbot.keyClicks(edit, text)


def test_an_edited_piece_is_saved_after_choosing_another(qtbot, window, tmp_path):
    path = _copy_sample(tmp_path, "fide.ini")
    assert window.open_file(str(path))
    _choose_piece(qtbot, window, "P")
    _type(qtbot, window, "fmWfcF")
    _choose_piece(qtbot, window, "N")                # pick another piece before saving
    assert window.files.autosave()
    window.acts["save"].trigger()
    saved = xboard_ini.load(path)
    assert saved.piece("P").notation == "fmWfcF" and saved.piece("N").notation == "N"
    assert not window.files.recovery.exists()       # the save made the autosave unnecessary
    assert not window.isWindowModified()


def test_the_autosave_holds_the_edit_of_a_piece_no_longer_shown(qtbot, window, tmp_path):
    path = _copy_sample(tmp_path, "fide.ini")
    assert window.open_file(str(path))
    _choose_piece(qtbot, window, "P")
    _type(qtbot, window, "fmWfcF")
    _choose_piece(qtbot, window, "N")
    assert window.files.autosave()
    recovered = xboard_ini.read(window.files.recovery.read_text(), "recovery.ini")
    assert recovered.piece("P").notation == "fmWfcF"


def test_a_new_board_size_and_erased_pieces_are_saved(qtbot, window, tmp_path):
    path = _copy_sample(tmp_path, "fide.ini")
    assert window.open_file(str(path))
    box = window.files_box
    box.setFocus()
    box.selectAll()
    qtbot.keyClicks(box.lineEdit(), "10")
    qtbot.keyClick(box.lineEdit(), Qt.Key_Return)
    window.doc.place((3, 0), None)                   # erase the White Queen from the setup
    assert window.isWindowModified()
    window.acts["save"].trigger()
    saved = xboard_ini.load(path)
    assert (saved.files, saved.ranks) == (10, 8)
    setup = parse_fen(saved.setup, 10, 8)             # the -fen has the new size too
    assert (3, 0) not in setup.board and setup.board[(4, 0)] == "K"
    assert "-boardWidth 10" in path.read_text() and "-fen" in path.read_text()


def test_a_fairy_stockfish_file_is_saved_back_as_one_with_its_other_sections(qtbot, window,
                                                                              tmp_path):
    path = tmp_path / "mine.variants.ini"
    first = "# my collection\n[alpha:chess]\ncustomPiece1 = a:W\n\n"
    last = "\n[gamma:chess]\n# keep me\ncustomPiece1 = c:F\n"
    path.write_bytes((first + "[beta:chess]\ncustomPiece1 = b:mRcpR\n" + last).encode())
    window.files.choose_section = lambda p, names: "beta"
    window.files.choose_path = lambda saving, filters, proposed=None: str(path)
    window.acts["open"].trigger()
    _choose_piece(qtbot, window, "B")
    _type(qtbot, window, "mRcpRW")
    window.acts["save"].trigger()
    data = path.read_bytes().decode()
    assert detect(data, str(path)) == "fsf"
    assert data.startswith(first) and data.endswith(last)      # byte for byte
    assert fsf_ini.read(data, "beta", str(path)).piece("B").notation == "mRcpRW"
    assert fsf_ini.read(data, "alpha", str(path)).piece("A").notation == "W"
    assert window.doc.fmt == "fsf" and not window.isWindowModified()


def test_typing_ten_into_the_size_box_keeps_the_probes(qtbot, window):
    window.set_probe((6, 6), "foe")
    window.set_probe((0, 7), "friend")
    settle(qtbot, window)
    box = window.ranks_box
    box.setFocus()
    box.selectAll()
    qtbot.keyClicks(box.lineEdit(), "10")
    qtbot.keyClick(box.lineEdit(), Qt.Key_Return)
    board = window.doc.probe_board()
    assert window.doc.variant.ranks == 10
    assert board.at((6, 6)) == ("black", "") and board.at((0, 7)) == ("white", "")


def test_new_variant_empties_the_pieces_panel(qtbot, window, tmp_path):
    path = _copy_sample(tmp_path, "fide.ini")
    assert window.open_file(str(path))
    assert window.piece_palette.list.count() == 6

    def fill(dialog):
        dialog.template.setCurrentIndex(dialog.template.findData("empty"))
        dialog.files.setValue(10)
        dialog.ranks.setValue(10)
        return True
    window.files.run_dialog = fill
    window.acts["new"].trigger()
    assert window.piece_palette.list.count() == 0
    assert (window.doc.variant.files, window.doc.path) == (10, None)
    assert window.windowTitle().startswith("Untitled")

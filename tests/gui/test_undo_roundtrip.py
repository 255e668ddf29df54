"""Undo takes every kind of edit back exactly: after undoing everything, the saved file is the
opened file byte for byte; after redoing everything, it is the edited file byte for byte."""

from __future__ import annotations

from pathlib import Path

import pytest
from gui_helpers import settle
from PySide6.QtCore import Qt

ROOT = Path(__file__).resolve().parents[2]


def _edit_everything(qtbot, window) -> None:
    doc = window.doc
    # a piece: typed into the editor
    doc.select(doc.variant.pieces[0].letter)
    edit = window.editor.edit
    edit.setFocus()
    qtbot.keyClick(edit, Qt.Key_End)
    qtbot.keyClicks(edit, "W")
    # the setup: a square emptied and another filled
    doc.place((0, 0), None)
    doc.place((3, 3), doc.variant.pieces[0].letter)
    # the size: typed into the toolbar box
    box = window.files_box
    box.setFocus()
    box.selectAll()
    qtbot.keyClicks(box.lineEdit(), str(doc.variant.files + 1))
    qtbot.keyClick(box.lineEdit(), Qt.Key_Return)
    # properties: through the dialog's widgets

    def fill(dialog):
        dialog.name.setText("Changed")
        dialog.description.setPlainText("Edited in a test.")
        dialog.holdings.setValue(dialog.holdings.value() + 1)
        return True
    window.files.run_dialog = fill
    window.acts["properties"].trigger()
    # castling rights and a probe (not part of the file, but undone all the same)
    doc.set_castling("-")
    window.set_probe((5, 5), "foe")


@pytest.mark.parametrize("sample", ["fide.ini", "shogi.ini", "capablanca.ini"])
def test_undo_and_redo_of_every_kind_of_edit_round_trip_byte_for_byte(qtbot, window, tmp_path,
                                                                      sample):
    original = ROOT / "variants" / sample
    assert window.open_file(str(original))
    _edit_everything(qtbot, window)
    settle(qtbot, window)
    stack = window.doc.undo_stack
    assert stack.count() >= 6            # castling may already be "-"
    edited = tmp_path / "edited.ini"
    assert window.files.save_to(str(edited))
    while stack.canUndo():
        window.acts["undo"].trigger()
    # undone past the save: the document differs from the file it was saved to
    assert window.isWindowModified() and window.doc.path == str(edited)
    undone = tmp_path / "undone.ini"
    assert window.files.save_to(str(undone))
    assert undone.read_bytes() == original.read_bytes()
    while stack.canRedo():
        window.acts["redo"].trigger()
    redone = tmp_path / "redone.ini"
    assert window.files.save_to(str(redone))
    assert redone.read_bytes() == edited.read_bytes()

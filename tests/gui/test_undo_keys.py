"""Ctrl+Z, Ctrl+Shift+Z and Ctrl+Y undo and redo the document wherever the keyboard is in the
window: in the Definition editor (which has no undo of its own but used to claim the keys), in
the piece's fields, in the size boxes; a dialog's own fields keep their own undo."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

CTRL, SHIFT = Qt.KeyboardModifier.ControlModifier, Qt.KeyboardModifier.ShiftModifier


def _fields(window):
    return {"definition": window.editor.edit,
            "piece name": window.piece_palette.details.name,
            "board size": window.files_box.lineEdit(),
            "setup FEN": window.setup_editor.fen}


@pytest.mark.parametrize("where", ["definition", "piece name", "board size", "setup FEN"])
def test_undo_and_redo_keys_work_wherever_the_focus_is(qtbot, window, where):
    stack = window.doc.undo_stack
    window.doc.set_notation("L", "WF")                        # one step to undo
    window.doc.set_notation("L", "WFD", merge=False)          # and another
    assert stack.index() == 2
    widget = _fields(window)[where]
    if where == "setup FEN":
        window.show_central(window.setup_editor)
    widget.setFocus()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is not None)
    widget = QApplication.focusWidget()      # keys go where the focus is (a spin box's box)
    qtbot.keyClick(widget, Qt.Key.Key_Z, CTRL)
    assert stack.index() == 1
    qtbot.keyClick(widget, Qt.Key.Key_Z, CTRL)
    assert stack.index() == 0
    qtbot.keyClick(widget, Qt.Key.Key_Z, CTRL | SHIFT)
    assert stack.index() == 1
    qtbot.keyClick(widget, Qt.Key.Key_Y, CTRL)
    assert stack.index() == 2 and window.doc.piece("L").notation == "WFD"


def test_typing_in_the_definition_is_undone_from_the_keyboard(qtbot, window):
    edit = window.editor.edit
    edit.setFocus()
    qtbot.keyClick(edit, Qt.Key.Key_End)
    qtbot.keyClicks(edit, "W")
    assert window.doc.piece("L").notation.endswith("W")
    qtbot.keyClick(edit, Qt.Key.Key_Z, CTRL)
    assert window.doc.piece("L").notation == "KNADcaKmcabK"
    assert edit.toPlainText() == "KNADcaKmcabK"

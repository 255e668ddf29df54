"""Undo never deletes redo: undoing past a change of the side to move or of *Unmoved (i)*
used to push a new step in the middle of the undo, which threw every later redo step away."""

from __future__ import annotations

from pathlib import Path

from gui_helpers import settle
from PySide6.QtCore import Qt

ROOT = Path(__file__).resolve().parents[2]


def test_the_issues_sequence_redoes_both_edits(qtbot, window):
    """fide.ini, Ctrl+T, type W into the Pawn's definition, rename the variant in Properties,
    Undo three times, Redo three times: both edits are back."""
    assert window.open_file(str(ROOT / "variants" / "fide.ini"))
    window.doc.select("P")
    settle(qtbot, window)
    window.acts["black"].trigger()                       # Ctrl+T
    edit = window.editor.edit
    edit.setFocus()
    qtbot.keyClick(edit, Qt.Key_End)
    qtbot.keyClicks(edit, "W")

    def rename(dialog):
        dialog.name.setText("Renamed")
        return True
    window.files.run_dialog = rename
    window.acts["properties"].trigger()
    stack = window.doc.undo_stack
    assert stack.count() == 3
    for _ in range(3):
        window.acts["undo"].trigger()
    assert stack.index() == 0 and stack.count() == 3     # no step was pushed while undoing
    for _ in range(3):
        window.acts["redo"].trigger()
    v = window.doc.variant
    assert v.name == "Renamed" and v.piece("P").notation == "fmWfceFifmnDW"
    assert window.doc.probe_board("P").side == "black"
    assert window.acts["black"].isChecked()


def test_undoing_unmoved_keeps_redo(qtbot, window):
    window.acts["virgin"].trigger()
    window.acts["black"].trigger()
    stack = window.doc.undo_stack
    assert stack.count() == 2
    window.acts["undo"].trigger()
    window.acts["undo"].trigger()
    assert stack.count() == 2
    assert window.acts["virgin"].isChecked() == window.doc.probe_board().virgin
    window.acts["redo"].trigger()
    window.acts["redo"].trigger()
    assert stack.index() == 2


def test_the_toolbar_button_shows_the_restored_state(qtbot, window):
    from PySide6.QtWidgets import QToolBar, QToolButton
    window.acts["black"].trigger()
    window.acts["undo"].trigger()
    buttons = [b for bar in window.findChildren(QToolBar) for b in bar.findChildren(QToolButton)
               if b.defaultAction() is window.acts["black"]]
    assert buttons and not any(b.isChecked() for b in buttons)
    window.acts["redo"].trigger()
    assert all(b.isChecked() for b in buttons)

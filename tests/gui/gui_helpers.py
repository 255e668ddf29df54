"""Gestures the window tests share: typing a definition, clicking a square."""

from __future__ import annotations

from PySide6.QtCore import Qt


def type_definition(qtbot, window, text: str) -> None:
    """Replace the definition by typing ``text`` into the editor, key by key."""
    edit = window.editor.edit
    edit.setFocus()
    qtbot.keyClick(edit, Qt.Key_A, modifier=Qt.ControlModifier)
    qtbot.keyClick(edit, Qt.Key_Delete)
    qtbot.keyClicks(edit, text)


def click_square(qtbot, canvas, sq, button=Qt.LeftButton) -> None:
    """Click the centre of square ``sq`` (file, rank) on a board canvas."""
    qtbot.mouseClick(canvas, button, pos=canvas.square_rect(sq).center().toPoint())

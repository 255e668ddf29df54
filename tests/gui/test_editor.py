"""The notation editor: highlighting, errors, English, engine warnings, undo, dialect."""

from __future__ import annotations

from gui_helpers import type_definition
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QTextCharFormat

from designer.gui.notation_editor import KIND_STYLE


def _format_at(window, offset: int) -> QTextCharFormat:
    block = window.editor.edit.document().firstBlock()
    ranges = block.layout().formats()
    for rng in ranges:
        if rng.start <= offset < rng.start + rng.length:
            return QTextCharFormat(rng.format)
    return QTextCharFormat()


def test_typing_updates_highlighting_description_and_squares(qtbot, window):
    type_definition(qtbot, window, "fmWfcF")
    assert window.session.state.text == "fmWfcF"
    assert _format_at(window, 0).foreground().color() == QColor(KIND_STYLE["direction"][0])
    assert _format_at(window, 1).foreground().color() == QColor(KIND_STYLE["modality"][0])
    assert _format_at(window, 2).foreground().color() == QColor(KIND_STYLE["atom"][0])
    qtbot.waitUntil(lambda: "forward" in window.editor.description.text())
    assert window.canvas.marks == {(3, 4): ("move",)}
    window.set_probe((4, 4), "foe")
    assert window.canvas.marks[(4, 4)] == ("capture",)
    assert set(window.legend.kinds) == {"move", "capture"}


def test_error_is_underlined_at_its_span_with_message(qtbot, window):
    type_definition(qtbot, window, "mRcpR(")
    fmt = _format_at(window, 5)
    assert fmt.underlineStyle() == QTextCharFormat.WaveUnderline
    assert _format_at(window, 4).underlineStyle() != QTextCharFormat.WaveUnderline
    assert "column 6" in window.editor.status.text()
    assert "(" in window.editor.status.text()
    assert "coordinate" in window.editor._tip_for(5)
    assert window.canvas.stale                      # the last readable definition, dimmed
    marks = window.canvas.marks                     # mRcpR's rook moves from d4
    assert len(marks) == 14 and set(marks.values()) == {("move",)}
    assert "dimmed" in window.legend.note
    window.session.edit("Move", origin=(0, 0))      # another position: nothing stale to show
    assert window.canvas.marks == {}


def test_compatibility_warning_quick_fix_is_undoable(qtbot, window):
    type_definition(qtbot, window, "NN")
    qtbot.waitUntil(lambda: window.editor.warnings.count() > 0
                    and "N0" in window.editor.warnings.item(0).text())
    window.editor.warnings.setCurrentRow(0)
    assert window.editor.fix_button.isEnabled()
    qtbot.mouseClick(window.editor.fix_button, Qt.LeftButton)
    assert window.session.state.text == "N0"
    assert window.editor.edit.toPlainText() == "N0"
    window.session.undo_stack.undo()
    assert window.editor.edit.toPlainText() == "NN"


def test_undo_covers_typing_and_probes(qtbot, window):
    type_definition(qtbot, window, "WF")
    window.set_probe((3, 4), "foe")
    stack = window.session.undo_stack
    stack.undo()
    assert window.session.state.probes == ()
    stack.undo()
    assert window.editor.edit.toPlainText() != "WF"
    stack.redo()
    assert window.editor.edit.toPlainText() == "WF"


def test_hovering_a_token_focuses_its_move_group(qtbot, window):
    lion = window.session.analysis
    window.editor.hoveredOffset.emit(1)          # the N of KNAD...
    knight = {m.destination for m in lion.moves if m.group == 1}
    assert window.canvas.focus == knight
    window.editor.hoveredOffset.emit(-1)
    assert window.canvas.focus is None


def test_dialect_switch_translates_and_keeps_the_moves(qtbot, window):
    type_definition(qtbot, window, "mRcpR")
    window.set_probe((3, 5), "friend")
    window.set_probe((3, 7), "foe")
    before = dict(window.canvas.marks)
    window.editor.dialectChosen.emit("betza2")
    state = window.session.state
    assert (state.dialect, state.text) == ("betza2", "mR(pR-fcR)")
    assert window.editor.edit.toPlainText() == "mR(pR-fcR)"
    assert window.editor.dialect_box.currentData() == "betza2"
    assert window.canvas.marks == before
    window.session.undo_stack.undo()
    assert (window.session.state.dialect, window.session.state.text) == ("xbetza", "mRcpR")


def test_moving_the_mouse_over_a_letter_reports_its_offset(qtbot, window):
    edit = window.editor.edit
    cursor = edit.textCursor()
    cursor.setPosition(1)
    left = edit.cursorRect(cursor).center()
    cursor.setPosition(2)
    right = edit.cursorRect(cursor).center()
    middle = (left + right) / 2
    with qtbot.waitSignal(window.editor.hoveredOffset) as blocker:
        qtbot.mouseMove(edit.viewport(), middle)
    assert blocker.args == [1]
    assert window.canvas.focus == {m.destination for m in window.session.analysis.moves
                                   if m.group == 1}

"""The notation editor: highlighting, errors, English, engine warnings, undo, dialect; and the
analysis never taking the window down whatever the core does."""

from __future__ import annotations

import pytest
from gui_helpers import settle, type_definition
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QTextCharFormat

from designer.engine import Placed, PieceBoard, compile_piece, generate
from designer.gui.analysis import clear_caches
from designer.gui.editor import KIND_STYLE
from designer.notation import parse


def _format_at(window, offset: int) -> QTextCharFormat:
    block = window.editor.edit.document().firstBlock()
    ranges = block.layout().formats()
    for rng in ranges:
        if rng.start <= offset < rng.start + rng.length:
            return QTextCharFormat(rng.format)
    return QTextCharFormat()


def test_typing_updates_highlighting_description_and_squares(qtbot, window):
    type_definition(qtbot, window, "fmWfcF")
    assert window.doc.piece().notation == "fmWfcF"
    assert _format_at(window, 0).foreground().color() == QColor(KIND_STYLE["direction"][0])
    assert _format_at(window, 1).foreground().color() == QColor(KIND_STYLE["modality"][0])
    assert _format_at(window, 2).foreground().color() == QColor(KIND_STYLE["atom"][0])
    qtbot.waitUntil(lambda: "forward" in window.editor.description.text())
    assert window.canvas.marks == {(3, 4): ("move",)}
    assert window.editor.status.text() == "1 move to 1 square from this square"
    window.set_probe((4, 4), "foe")
    settle(qtbot, window)
    assert window.canvas.marks[(4, 4)] == ("capture",)
    assert set(window.view.legend.kinds) == {"move", "capture"}
    assert window.editor.status.text() == "2 moves to 2 squares from this square"


def test_error_is_underlined_at_its_span_with_message(qtbot, window):
    type_definition(qtbot, window, "mRcpR")
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
    assert "dimmed" in window.view.legend.note
    window.move_piece((0, 0))                       # another position: nothing stale to show
    settle(qtbot, window)
    assert window.canvas.marks == {}


def test_compatibility_warning_quick_fix_is_undoable(qtbot, window):
    type_definition(qtbot, window, "NN")
    qtbot.waitUntil(lambda: window.editor.warnings.count() > 0
                    and "N0" in window.editor.warnings.item(0).text())
    window.editor.warnings.setCurrentRow(0)
    assert window.editor.fix_button.isEnabled()
    qtbot.mouseClick(window.editor.fix_button, Qt.LeftButton)
    assert window.doc.piece().notation == "N0"
    assert window.editor.edit.toPlainText() == "N0"
    window.doc.undo_stack.undo()
    assert window.editor.edit.toPlainText() == "NN"


def test_undo_covers_typing_and_probes(qtbot, window):
    type_definition(qtbot, window, "WF")
    window.set_probe((3, 4), "foe")
    stack = window.doc.undo_stack
    stack.undo()
    assert window.doc.probe_board().pieces == ()
    stack.undo()
    assert window.editor.edit.toPlainText() != "WF"
    stack.redo()
    assert window.editor.edit.toPlainText() == "WF"


def test_hovering_a_token_focuses_its_move_group(qtbot, window):
    lion = window.view.analysis
    window.editor.hoveredOffset.emit(1)          # the N of KNAD...
    knight = {m.destination for m in lion.moves if m.group == 1}
    assert window.canvas.focus == knight
    window.editor.hoveredOffset.emit(-1)
    assert window.canvas.focus is None


# Positions to compare two definitions on: (origin, friends, foes) on 8x8.
POSITIONS = (((3, 3), (), ()), ((3, 3), ((3, 5),), ((3, 7),)), ((0, 0), ((0, 2),), ((0, 5), (2, 2))),
             ((4, 4), ((4, 5), (5, 5)), ((4, 7), (7, 7), (1, 1))))


def _moves(text: str, dialect: str) -> list[frozenset]:
    program = compile_piece(parse(text, dialect))
    out = []
    for origin, friends, foes in POSITIONS:
        pieces = {sq: Placed("white") for sq in friends} | {sq: Placed("black") for sq in foes}
        moves = generate(program, PieceBoard(8, 8, pieces), origin, "white")
        out.append(frozenset((m.destination, m.removed, m.kind) for m in moves))
    return out


@pytest.mark.parametrize("text", ["mRcpR", "KNADcaKmcabK", "gabyabsR"])
def test_dialect_switch_translates_without_changing_the_moves(qtbot, window, text):
    type_definition(qtbot, window, text)
    window.set_probe((3, 5), "friend")
    window.set_probe((3, 7), "foe")
    settle(qtbot, window)
    before = dict(window.canvas.marks)
    box = window.editor.dialect_box
    box.activated.emit(box.findData("betza2"))
    settle(qtbot, window)
    piece = window.doc.piece()
    assert piece.dialect == "betza2" and window.editor.dialect_box.currentData() == "betza2"
    assert window.editor.edit.toPlainText() == piece.notation
    assert _moves(piece.notation, "betza2") == _moves(text, "xbetza")
    assert window.canvas.marks == before
    window.doc.undo_stack.undo()
    assert (window.doc.piece().dialect, window.doc.piece().notation) == ("xbetza", text)


@pytest.mark.parametrize("text,dialect,to", [("(F-lF)r0", "betza2", "xbetza"),
                                             ("W@2", "xbetza", "betza2")])
def test_a_dialect_switch_that_would_change_the_piece_is_refused(qtbot, window, no_modal_dialogs,
                                                                  text, dialect, to):
    window.doc.set_notation("L", text, dialect, merge=False)
    settle(qtbot, window)
    box = window.editor.dialect_box
    box.activated.emit(box.findData(to))
    piece = window.doc.piece()
    assert (piece.notation, piece.dialect) == (text, dialect)
    assert box.currentData() == dialect
    title, message = no_modal_dialogs[-1]
    assert "not changed" in title and "cannot be written" in message


@pytest.mark.parametrize("text", ["W-(WF)", "x(F)"])
def test_betza2_strings_that_broke_the_generator_never_end_the_window(qtbot, window, text):
    window.doc.set_notation("L", "", "betza2", merge=False)
    for more in ("", "W", "F", "2"):
        type_definition(qtbot, window, text + more)
        assert window.isVisible()
        assert window.editor.status.text()            # a count or an error, never nothing
    type_definition(qtbot, window, "R")
    assert len(window.canvas.marks) == 14             # the window keeps working


def test_a_generator_that_raises_is_shown_on_the_definition(qtbot, window, monkeypatch):
    import sys
    engine_generate = sys.modules["designer.engine.question"]   # where answers call the generator

    def broken(*args, **kwargs):
        raise AttributeError("'NoneType' object has no attribute 'legs'")
    monkeypatch.setattr(engine_generate, "generate", broken)
    clear_caches()                                     # no answer remembered from before
    type_definition(qtbot, window, "WF")
    status = window.editor.status.text()
    assert "move generator failed" in status and "AttributeError" in status
    assert window.canvas.stale
    monkeypatch.undo()
    type_definition(qtbot, window, "W")
    assert set(window.canvas.marks) == {(3, 4), (2, 3), (4, 3), (3, 2)}


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
    assert window.canvas.focus == {m.destination for m in window.view.analysis.moves
                                   if m.group == 1}


def test_a_reader_that_raises_is_an_error_on_the_definition(qtbot, window, monkeypatch):
    from designer.notation import definition
    clear_caches()

    def broken(text, dialect="xbetza"):
        raise IndexError("tuple index out of range")
    monkeypatch.setattr(definition, "parse", broken)
    type_definition(qtbot, window, "WF")
    assert "cannot read this definition" in window.editor.status.text()
    assert window.isVisible()
    monkeypatch.undo()
    type_definition(qtbot, window, "WFD")          # nothing wrong was remembered
    assert window.view.analysis.ok and len(window.canvas.marks) == 12

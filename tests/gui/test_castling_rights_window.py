"""Castling rights in the window say what is true: taking a rook off its corner drops its
right in the same undo step (and says so); undo brings both back."""

from __future__ import annotations

from pathlib import Path

from gui_helpers import click_square

from PySide6.QtCore import Qt

ROOT = Path(__file__).resolve().parents[2]


def test_removing_a_rook_drops_its_right_in_the_same_step(qtbot, window):
    assert window.open_file(str(ROOT / "variants" / "fide.ini"))
    setup = window.setup_editor
    window.show_central(setup)
    qtbot.waitExposed(setup.board)
    stack = window.doc.undo_stack
    click_square(qtbot, setup.board, (7, 0), Qt.MouseButton.RightButton)    # h1's rook off
    assert window.doc.variant.castling == "Qkq" and stack.count() == 1
    assert "drops castling right K" in stack.undoText()
    assert "Castling right K dropped" in window.statusBar().currentMessage()
    assert not setup.castling.boxes["K"].isChecked()
    window.acts["undo"].trigger()
    assert window.doc.variant.castling == "KQkq" and setup.castling.boxes["K"].isChecked()


def test_a_right_the_user_sets_without_a_partner_is_flagged_not_dropped(qtbot, window):
    assert window.open_file(str(ROOT / "variants" / "fide.ini"))
    setup = window.setup_editor
    window.show_central(setup)
    click_square(qtbot, setup.board, (7, 0), Qt.MouseButton.RightButton)
    setup.castling.boxes["K"].click()                  # the user insists
    assert window.doc.variant.castling == "KQkq"
    assert setup.castling.note.isVisibleTo(setup.castling) and "K" in setup.castling.note.text()
    assert any("KQkq" in p.message or "K" in p.message for p in window.doc.variant.validate()
               if p.field == "setup" and p.severity == "warning")

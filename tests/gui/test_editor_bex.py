"""The editor with a piece written in Bex: the dialect box offers it, the Betza 2.0 translation
stands beside the text, errors are positioned, and switching dialects keeps the moves."""

from __future__ import annotations

from gui_helpers import settle, type_definition


def _bex_piece(qtbot, window, text: str = "") -> None:
    window.doc.set_notation("L", text, "bex", merge=False)
    settle(qtbot, window)


def test_the_dialect_box_offers_bex(window):
    box = window.editor.dialect_box
    assert box.itemText(box.findData("bex")) == "Bex"


def test_a_bex_definition_shows_its_betza2_translation_beside_the_text(qtbot, window):
    _bex_piece(qtbot, window)
    assert window.editor.dialect_box.currentData() == "bex"
    type_definition(qtbot, window, "K--K")
    label = window.editor.translation
    assert label.isVisible() and label.text() == "Betza 2.0: K-aK"
    assert window.doc.piece().notation == "K--K" and window.doc.piece().dialect == "bex"
    bex_marks = dict(window.canvas.marks)
    assert bex_marks   # two king steps in any direction: the board shows them
    # switching to Betza 2.0 writes the translation and keeps every mark on the board
    box = window.editor.dialect_box
    box.activated.emit(box.findData("betza2"))
    settle(qtbot, window)
    assert (window.doc.piece().notation, window.doc.piece().dialect) == ("K-aK", "betza2")
    assert window.canvas.marks == bex_marks
    assert not window.editor.translation.isVisible()


def test_what_bex_says_that_is_not_a_move_is_an_error_at_its_column(qtbot, window):
    _bex_piece(qtbot, window)
    type_definition(qtbot, window, "mW-F[xiK]")
    assert "column 5: immobilising" in window.editor.status.text()
    assert window.editor.translation.text() == "Betza 2.0: —"


def test_switching_to_bex_keeps_a_text_that_reads_the_same(qtbot, window):
    window.doc.set_notation("L", "mW-F", "betza2", merge=False)
    settle(qtbot, window)
    box = window.editor.dialect_box
    box.activated.emit(box.findData("bex"))
    settle(qtbot, window)
    assert (window.doc.piece().notation, window.doc.piece().dialect) == ("mW-F", "bex")
    assert window.editor.translation.text() == "Betza 2.0: mW-F"


def test_the_default_lion_in_bex_moves_as_the_lion():
    from designer.engine.same_moves import same_moves
    from designer.gui.app import LION, LION_BEX
    assert same_moves(LION, "xbetza", LION_BEX, "bex", 9, 9)

"""File > New variant and Variant > Properties, used through their dialogs' widgets."""

from __future__ import annotations

from designer.gui.window.dialogs import PropertiesDialog, templates
from designer.variant.fen import parse_fen


def test_the_templates_are_empty_fide_and_every_sample():
    keys = [key for _label, key in templates()]
    assert keys[:2] == ["empty", "fide"]
    assert any(k.endswith("shogi.ini") for k in keys) and any(k.endswith("chu.ini") for k in keys)


def test_new_variant_from_fide_on_ten_by_eight(window):
    def fill(dialog):
        dialog.template.setCurrentIndex(dialog.template.findData("fide"))
        assert (dialog.files.value(), dialog.ranks.value()) == (8, 8)   # its own size first
        dialog.files.setValue(10)
        return True
    window.files.run_dialog = fill
    window.acts["new"].trigger()
    v = window.doc.variant
    assert (v.files, v.ranks, v.name) == (10, 8, "FIDE Chess")
    board = parse_fen(v.setup, 10, 8).board
    assert board[(4, 0)] == "K" and board[(4, 7)] == "k"
    assert window.piece_palette.list.count() == 6 and window.doc.path is None
    assert not window.doc.undo_stack.canUndo()


def test_new_variant_from_an_empty_board_has_a_setup_to_save(window):
    def fill(dialog):
        dialog.template.setCurrentIndex(dialog.template.findData("empty"))
        dialog.files.setValue(5)
        dialog.ranks.setValue(6)
        return True
    window.files.run_dialog = fill
    window.acts["new"].trigger()
    v = window.doc.variant
    assert (v.files, v.ranks, v.pieces) == (5, 6, ())
    assert v.setup.startswith("5/5/5/5/5/5 w")       # the -fen is written even when empty
    assert window.editor.edit.isReadOnly()


def test_cancelling_new_variant_changes_nothing(window):
    before = window.doc.variant
    window.files.run_dialog = lambda dialog: False
    window.acts["new"].trigger()
    assert window.doc.variant is before


def test_properties_are_one_undo_step(window):
    def fill(dialog: PropertiesDialog):
        dialog.name.setText("My Lion game")
        dialog.parent_box.setCurrentText("chu")
        dialog.ranks.setValue(10)
        dialog.holdings.setValue(2)
        dialog.author.setText("A. Inventor")
        dialog.description.setPlainText("Lions everywhere.")
        return True
    window.files.run_dialog = fill
    window.acts["properties"].trigger()
    v = window.doc.variant
    assert (v.name, v.parent, v.ranks, v.holdings, v.author, v.description) == \
        ("My Lion game", "chu", 10, 2, "A. Inventor", "Lions everywhere.")
    assert "My Lion game" in window.windowTitle() and window.isWindowModified()
    window.acts["undo"].trigger()
    assert window.doc.variant.name == "Untitled" and not window.isWindowModified()

"""The palette and the setup editor inside the main window: they share the window's document
with the piece view and the definition editor."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from palette_helpers import sample


@pytest.fixture
def workbench(qtbot, settings):
    from gui_helpers import settle

    from designer.gui.window import MainWindow
    w = MainWindow(sample("fide"), settings)
    qtbot.addWidget(w)
    w.resize(1366, 768)
    w.show()
    qtbot.waitExposed(w)
    settle(qtbot, w)
    return w


def test_the_palette_fills_the_pieces_dock_and_setup_is_a_tab(workbench):
    w = workbench
    assert w.pieces_dock.widget() is w.piece_palette
    assert w.central_tabs.indexOf(w.setup_editor) >= 0
    assert w.piece_palette.list.count() == len(w.doc.variant.pieces)


def test_choosing_a_piece_in_the_palette_puts_it_in_the_editor(workbench):
    w = workbench
    row = list(w.doc.variant.letters).index("N")
    w.piece_palette.list.setCurrentRow(row)
    assert w.doc.selected == "N"
    assert w.editor.edit.toPlainText() == "N"


def test_a_setup_edit_is_seen_by_the_piece_view_and_undone_from_the_window(workbench, qtbot):
    w = workbench
    before = w.doc.variant
    w.show_central(w.setup_editor)
    w.doc.select("Q")
    board = w.setup_editor.board
    qtbot.mouseClick(board, Qt.LeftButton, pos=board.square_rect((3, 3)).center().toPoint())
    # the queen's probe board follows the setup: it stands on d1, the new queen on d4 is a friend
    assert w.doc.probe_board("Q").origin == (3, 0)
    assert w.doc.probe_board("Q").at((3, 3)) == ("white", "Q")
    w.acts["undo"].trigger()
    assert w.doc.variant == before


def test_use_setup_on_the_piece_board_shows_the_piece_view(workbench):
    w = workbench
    w.show_central(w.setup_editor)
    w.setup_editor.probe_act.trigger()
    assert w.central_tabs.currentWidget() is w.view


def test_the_variant_menu_has_the_palette_commands(workbench):
    w = workbench
    texts = [a.text() for a in w.menus["variant"].actions()]
    assert "Add piece from the &library…" in texts and "&Delete piece" in texts


def test_the_boards_draw_the_variants_pictures(workbench):
    from designer.gui.workbench.piece_images import piece_pixmap
    w = workbench
    for canvas in (w.canvas, w.compare.canvas):
        got = canvas.pictures("N", "black", 40, 1.0)
        want = piece_pixmap(w.doc.variant.piece("N"), "black", 40, 1.0)
        assert got is not None and got.toImage() == want.toImage()
        assert canvas.pictures("Z", "white", 40, 1.0) is None     # no such piece: a disc

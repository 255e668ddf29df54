"""The play layout: entering Play gives the board the window's room (the designer's docks step
aside and come back when Play is left, each layout remembered), the board fits the window and
follows View > Zoom. At 1366x768 (a common laptop screen) a Chu square is at least 40 px and a
FIDE square at least 64 px: the sizes at which pieces' letters and pictures read well."""

from __future__ import annotations

import pytest

from play_helpers import open_window, sample, start


def _square_at(qtbot, window) -> float:
    """The Play board's square once the layout has settled at the window's size."""
    canvas = window.play.view.canvas
    area = window.play.view.scroll_area
    qtbot.waitUntil(lambda: canvas.room == area.size() and canvas.size() == area.viewport().size())
    return canvas.square_size()


@pytest.mark.parametrize("name, least", [("chu", 40), ("fide", 64)])
def test_play_board_squares_at_1366x768(qtbot, settings, name, least):
    w = open_window(qtbot, settings, sample(name), size=(1366, 768))

    assert not w.editor_dock.isHidden() and not w.pieces_dock.isHidden()
    start(qtbot, w)
    assert w.size().width() == 1366 and w.size().height() == 768
    assert _square_at(qtbot, w) >= least


def test_docks_step_aside_in_play_and_come_back(qtbot, settings):
    w = open_window(qtbot, settings, sample("fide"))
    start(qtbot, w)
    assert w.editor_dock.isHidden() and w.debugger_dock.isHidden() and w.pieces_dock.isHidden()
    w.pieces_dock.show()                          # the user wants the pieces beside the game
    w.show_central(w.view)
    assert not w.editor_dock.isHidden() and not w.debugger_dock.isHidden()
    assert w.pieces_dock.isHidden() is False      # it was open in the designer too
    w.pieces_dock.hide()                          # the designer without it
    w.show_central(w.play.view)
    assert not w.pieces_dock.isHidden() and w.editor_dock.isHidden()   # Play's own layout
    w.show_central(w.view)
    assert w.pieces_dock.isHidden() and not w.editor_dock.isHidden()
    from designer.gui.play.layout import PLAY_DOCKS
    assert "PiecesDock" in (settings.value(PLAY_DOCKS) or [])


def test_zoom_reaches_the_play_board(qtbot, settings):
    w = open_window(qtbot, settings, sample("chu"), size=(1366, 768))
    start(qtbot, w)
    fitted = _square_at(qtbot, w)
    w.acts["zoom_in"].trigger()
    canvas = w.play.view.canvas
    qtbot.waitUntil(lambda: canvas.square_size() >= fitted * 1.2)
    assert w.view.canvas.zoom == 1.0              # the piece view's board is left alone
    w.acts["zoom_out"].trigger()
    w.acts["zoom_out"].trigger()
    qtbot.waitUntil(lambda: canvas.square_size() < fitted)


def test_a_window_closed_in_play_opens_with_the_designers_docks(qtbot, settings):
    w = open_window(qtbot, settings, sample("fide"))
    start(qtbot, w)
    assert w.editor_dock.isHidden()
    w.close()                                     # saved with the play layout shown
    again = open_window(qtbot, settings, sample("fide"))
    assert again.central_tabs.currentWidget() is again.view
    assert not again.editor_dock.isHidden() and not again.pieces_dock.isHidden()

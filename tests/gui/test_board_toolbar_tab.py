"""The board toolbar (probe pieces, side to move, board size) belongs to the piece view: it is
hidden on the Play tab and comes back with the piece view."""

from __future__ import annotations

from play_helpers import open_window, sample, start


def test_the_probe_toolbar_shows_with_the_piece_view_only(qtbot, settings, tmp_path):
    window = open_window(qtbot, settings, sample("fide"))
    toolbar = window.board_toolbar
    assert toolbar.isVisibleTo(window)
    start(qtbot, window)
    assert window.central_tabs.currentWidget() is window.play.view
    window.grab().save(str(tmp_path / "play-tab.png"))
    assert not toolbar.isVisibleTo(window)
    window.show_central(window.view)
    assert toolbar.isVisibleTo(window)
    window.show_central(window.play.view)
    assert not toolbar.isVisibleTo(window)

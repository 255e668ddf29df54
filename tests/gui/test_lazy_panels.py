"""The Setup tab, the Rules tab, the Play tab, the Piece values dock and the Help window are built
when they are first shown or used, not when the window starts: until then an edit costs them
nothing. Built late, each shows the document as it is then, and takes its stand-in's place
(same tab, same title), so everything that follows the tabs sees the panel."""

from __future__ import annotations

from gui_helpers import WAIT_MS, settle
from play_helpers import open_window, sample, settled

from designer.play import GameLine


def _index(window, page) -> int:
    return window.central_tabs.indexOf(page)


def _click(window, lazy, title: str):
    """Click the not yet built tab ``title``: its panel is built and shown at the stand-in's
    index, under the same title. Returns the panel."""
    tabs = window.central_tabs
    assert not lazy.built
    index = _index(window, lazy.page())
    assert tabs.tabText(index) == title
    tabs.setCurrentIndex(index)                    # the user clicks the tab
    assert lazy.built
    panel = lazy.panel()
    assert tabs.currentWidget() is panel and _index(window, panel) == index
    assert tabs.tabText(index) == title
    return panel


def test_the_rules_tab_is_built_when_its_tab_is_clicked(qtbot, window):
    assert _click(window, window.rules_tab, "Rules") is window.rules_panel
    # the board toolbar follows the tabs: it belongs to the piece view only
    assert not window.board_toolbar.isVisible()
    window.central_tabs.setCurrentWidget(window.view)
    assert window.board_toolbar.isVisible()


def test_a_panel_built_late_shows_the_document_as_it_is_then(qtbot, window):
    window.doc.resize(10, 9)                       # an edit while the panel does not exist
    assert not window.rules_tab.built
    window.acts["rules"].trigger()                 # Variant > Rules…
    panel = window.rules_panel
    assert window.central_tabs.currentWidget() is panel
    own = dict(panel.section.own)                  # the Fairy-Stockfish section shown
    assert (own["maxFile"], own["maxRank"]) == ("10", "9")


def test_the_values_dock_is_built_when_raised(qtbot, window):
    lazy = window.values
    assert not lazy.built
    window.doc.set_notation(window.doc.selected, "N")   # an edit before it exists
    window.values_dock.raise_()                    # the user clicks the "Piece values" tab
    qtbot.waitUntil(lambda: lazy.built, timeout=WAIT_MS)
    panel = window.values_panel
    assert window.values_dock.widget() is panel
    qtbot.waitUntil(lambda: panel.table_shown is not None and not panel.runner.busy,
                    timeout=WAIT_MS)
    assert panel.model.row_of(window.doc.selected) >= 0


def test_a_game_command_builds_the_play_tab(qtbot, settings):
    w = open_window(qtbot, settings, sample("fide"))
    mode = w.play_mode
    assert not mode.built
    # the game's navigation keys belong to the Play tab: off until it is shown
    assert not any(mode.acts[k].isEnabled() for k in ("first", "back", "forward", "last"))
    mode.acts["flip"].trigger()                    # Game > Flip board, before any game
    assert mode.built
    assert w.play.view.canvas.flipped


def test_showing_the_play_tab_gives_it_the_game_keys(qtbot, settings):
    w = open_window(qtbot, settings, sample("fide"))
    tabs, place = w.central_tabs, w.play_mode.place
    tabs.setCurrentIndex(_index(w, place.page()))   # the user clicks the Play tab
    assert tabs.currentWidget() is w.play.view
    assert all(w.play.acts[k].isEnabled() for k in ("first", "back", "forward", "last"))


def test_a_game_that_comes_with_the_document_builds_and_shows_the_play_tab(qtbot, settings):
    w = open_window(qtbot, settings, sample("fide"))
    assert not w.play_mode.built
    start = w.doc.variant.setup
    w.doc.set_game(GameLine(start), "Restore the game")   # as crash recovery gives it back
    assert w.play_mode.built
    settled(qtbot, w)
    assert w.play.view.replay is not None and w.play.view.replay.line.start == start


def test_the_help_window_is_made_on_f1(qtbot, window):
    assert window.help_menu._helper is None
    window.acts["reference"].trigger()
    helper = window.help_window
    qtbot.waitUntil(helper.isVisible, timeout=WAIT_MS)
    settle(qtbot, window)


def test_the_hidden_setup_editor_catches_up_when_shown(qtbot, window):
    setup = window.setup_editor
    assert not setup.isVisible()                   # the piece view's tab is shown
    window.doc.resize(12, 10)                      # drawn later, not now
    assert (setup.files_spin.value(), setup.ranks_spin.value()) != (12, 10)
    window.show_central(setup)
    assert (setup.files_spin.value(), setup.ranks_spin.value()) == (12, 10)


def test_the_setup_editor_is_built_when_its_tab_is_clicked(qtbot, window):
    window.doc.resize(11, 9)                       # an edit while the editor does not exist
    setup = _click(window, window.setup_tab, "Setup")
    assert setup is window.setup_editor
    assert (setup.files_spin.value(), setup.ranks_spin.value()) == (11, 9)
    assert not window.board_toolbar.isVisible()  # the board toolbar is the piece view's


def test_edit_the_start_position_builds_and_shows_the_setup_editor(qtbot, window):
    assert not window.setup_tab.built
    window.acts["edit_setup"].trigger()   # Variant > Edit the start…
    setup = window.setup_editor
    assert window.central_tabs.currentWidget() is setup
    setup.probe_act.trigger()                      # "Use setup on the piece board"
    assert window.central_tabs.currentWidget() is window.view

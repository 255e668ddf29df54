"""The first start: a sample variant with a piece selected and a one-line hint, only once."""

from __future__ import annotations

from designer.gui.help import first_run
from designer.gui.window import MainWindow
from gui_helpers import lion_variant


def _window(qtbot, settings):
    w = MainWindow(lion_variant(), settings)
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    return w


def test_first_start_opens_the_sample_with_a_piece_and_a_hint(qtbot, settings):
    w = _window(qtbot, settings)
    assert first_run.start(w, settings)
    assert w.doc.variant.name.lower().startswith("xiangqi")
    piece = w.doc.piece()
    assert piece.letter == "C" and piece.notation == "mRcpR"
    assert w.doc.path is None                     # saving asks for a name: the sample stays
    assert w.doc.undo_stack.isClean() and w.doc.undo_stack.count() == 0
    hint = w.first_run_hint
    qtbot.waitUntil(hint.isVisible)
    assert "right-click" in w.findChild(type(hint.widgetForAction(hint.actions()[0])),
                                        "FirstRunHintText").text()


def test_the_hint_is_dismissed_with_one_click(qtbot, settings):
    w = _window(qtbot, settings)
    first_run.start(w, settings)
    qtbot.waitUntil(w.first_run_hint.isVisible)
    w.first_run_close.click()
    assert not w.first_run_hint.isVisible()


def test_second_start_shows_neither_sample_nor_hint(qtbot, settings):
    w = _window(qtbot, settings)
    first_run.start(w, settings)
    w.discard_and_close()
    again = _window(qtbot, settings)
    assert not first_run.start(again, settings)
    assert getattr(again, "first_run_hint", None) is None
    assert again.doc.variant.name == "Untitled"      # still the start-up variant, no sample


def test_a_start_on_a_file_leaves_the_tour_for_the_first_start_without_one(qtbot, settings):
    """The README's first command opens a file: its window saves a layout, and the tour still
    comes at the first start without a file."""
    w = _window(qtbot, settings)
    w.save_settings()                                 # what closing the first window does
    assert settings.contains("window/geometry")
    assert first_run.is_first_run(settings)
    assert first_run.start(_window(qtbot, settings), settings)


def test_no_first_run_once_the_tour_was_shown(qtbot, settings):
    settings.setValue(first_run.DONE_KEY, True)
    w = _window(qtbot, settings)
    assert not first_run.is_first_run(settings)
    assert not first_run.start(w, settings)


def test_help_getting_started_shows_the_tour_again(qtbot, settings):
    settings.setValue(first_run.DONE_KEY, True)
    w = _window(qtbot, settings)
    w.acts["tour"].trigger()
    assert w.doc.variant.name.lower().startswith("xiangqi") and w.doc.piece().letter == "C"
    qtbot.waitUntil(w.first_run_hint.isVisible)
    w.first_run_close.click()
    w.doc.set_notation("C", "W")                      # unsaved work: asked about first
    w.files.ask = lambda text, recovery=False: "cancel"
    w.acts["tour"].trigger()
    assert w.doc.piece("C").notation == "W" and not w.first_run_hint.isVisible()
    w.files.ask = lambda text, recovery=False: "discard"
    w.acts["tour"].trigger()
    assert w.doc.piece("C").notation == "mRcpR" and w.first_run_hint.isVisible()


def test_no_first_run_without_settings(qtbot):
    assert not first_run.is_first_run(None)


def test_the_hint_walks_through_design_play_rules_and_balance_with_real_shortcuts(qtbot,
                                                                                   settings):
    import re

    from PySide6.QtGui import QAction
    from PySide6.QtWidgets import QLabel
    w = _window(qtbot, settings)
    first_run.start(w, settings)
    qtbot.waitUntil(w.first_run_hint.isVisible)
    text = w.findChild(QLabel, "FirstRunHintText").text()
    for step in ("Design", "Play", "Rules", "Balance"):
        assert f"<b>{step}</b>" in text
    named = re.findall(r"(\w+) &gt; ([^(;]+?) \(([^)]+)\)", text)
    commands = {c for _, c, _ in named}
    assert {"Play", "Rules…", "Piece values", "Balance report…",
            "Notation reference"} <= commands, named
    menus = {a.text().replace("&", ""): a.menu() for a in w.menuBar().actions()}
    for menu, command, shortcut in named:
        # the command is in that menu (or one of its submenus) and has that shortcut
        found = [a for a in w.findChildren(QAction)
                 if a.text().replace("&", "") == command and
                 a.shortcut().toString() == shortcut]
        assert found, (menu, command, shortcut)
        in_menu = [a for a in found if _reachable(menus[menu], a)]
        assert in_menu, f"{command} ({shortcut}) is not in the {menu} menu"


def _reachable(menu, act) -> bool:
    for a in menu.actions():
        if a is act or (a.menu() is not None and _reachable(a.menu(), act)):
            return True
    return False

"""Each group of tabbed panels shows one tab bar, the one that switches its panels.

Qt 6.11 left inert copies of the Pieces / Piece values tab bar drawn over the left column when
that group was tabified before the window was first shown (two extra bars over the piece
details), until a running event loop deleted them: the ``--screenshot`` pictures and a window
restored from a saved layout showed them.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from gui_helpers import WAIT_MS, lion_variant, settle
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QTabBar

ROOT = Path(__file__).resolve().parents[2]


def _shown_bars(w) -> list[QTabBar]:
    return [bar for bar in w.findChildren(QTabBar, options=Qt.FindChildOption.FindDirectChildrenOnly)
            if bar.isVisible()]


def _tabs(bar: QTabBar) -> tuple[str, ...]:
    return tuple(bar.tabText(i) for i in range(bar.count()))


def _assert_one_bar_per_group(qtbot, w) -> QTabBar:
    # the layout shows its bars when it first lays the window out (a restored layout: a moment
    # after the window is shown)
    qtbot.waitUntil(lambda: any(_tabs(bar) == ("Pieces", "Piece values")
                                for bar in _shown_bars(w)), timeout=WAIT_MS)
    groups = Counter(_tabs(bar) for bar in _shown_bars(w))
    assert groups[("Pieces", "Piece values")] == 1, groups
    assert all(n == 1 for n in groups.values()), groups
    return next(bar for bar in _shown_bars(w) if _tabs(bar) == ("Pieces", "Piece values"))


def test_a_screenshot_shows_one_tab_bar_per_group(tmp_path, settings) -> None:
    # ``variant-designer FILE --screenshot OUT``: the picture is taken while the window is
    # driven by processEvents, which is where the stray bars stayed on screen
    from designer.gui.app import build_window, screenshot
    from designer.launch import WindowStart
    window = build_window(WindowStart(file=str(ROOT / "variants" / "fide.ini")), settings)
    seen: list[Counter[tuple[str, ...]]] = []
    real_grab = window.grab

    def grab(*args):
        seen.append(Counter(_tabs(bar) for bar in _shown_bars(window)))
        return real_grab(*args)
    window.grab = grab                                      # type: ignore[method-assign]
    assert screenshot(window, str(tmp_path / "shot.png"), (1400, 900))
    assert seen and seen[0][("Pieces", "Piece values")] == 1, seen
    assert all(n == 1 for n in seen[0].values()), seen


def test_the_pieces_tab_bar_switches_its_panels(window, qtbot) -> None:
    bar = _assert_one_bar_per_group(qtbot, window)
    def front(dock) -> bool:            # Qt keeps a tab group's hidden docks "visible" offscreen
        return not dock.visibleRegion().isEmpty()
    pieces, values = window.pieces_dock, window.values_dock
    assert front(pieces) and not front(values)
    bar.setCurrentIndex(1)                                  # the user clicks "Piece values"
    qtbot.waitUntil(lambda: front(values) and not front(pieces), timeout=WAIT_MS)
    bar.setCurrentIndex(0)
    qtbot.waitUntil(lambda: front(pieces) and not front(values), timeout=WAIT_MS)


def test_one_tab_bar_per_group_with_a_saved_layout_restored(qtbot, settings):
    from designer.gui.window import MainWindow
    first = MainWindow(lion_variant(), settings)
    try:
        first.resize(1200, 800)
        first.show()
        qtbot.waitExposed(first)
        first.values_dock.raise_()                          # saved with Piece values in front
        settle(qtbot, first)
        first.save_settings()
    finally:
        first.dispose()
    again = MainWindow(lion_variant(), settings)             # restore=True: the saved layout
    qtbot.addWidget(again)
    again.resize(1200, 800)
    again.show()
    qtbot.waitExposed(again)
    settle(qtbot, again)
    _assert_one_bar_per_group(qtbot, again)

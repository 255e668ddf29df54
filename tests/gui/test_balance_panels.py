"""The Piece values panel, the heat maps and the engine differences in the window.

Each reads the window's one document and computes in a worker thread; the expected numbers are
those of ``designer.balance`` (tested against references in ``tests/balance``) and the chess
facts the heat-map tests there use."""

from __future__ import annotations

import re

import threading
import time

import pytest
from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QColor

from gui_helpers import WAIT_MS, settle
from repo_data import ROOT

from designer.balance import piece_values
from designer.balance.scale import DIFFERENCE
from designer.formats.registry import read_any
from designer.gui.balance import _values_panel
from designer.variant.model import PieceType, Variant

CAPABLANCA = ROOT / "variants" / "capablanca.ini"


def _window(qtbot, settings, variant, select=None):
    from designer.gui.window import MainWindow
    w = MainWindow(variant, settings)
    qtbot.addWidget(w)
    w.resize(1400, 900)
    w.show()
    qtbot.waitExposed(w)
    if select:
        w.doc.select(select)
    settle(qtbot, w)
    return w


def _values(qtbot, w):
    """Show the values panel and wait for its table."""
    w.values_dock.show()
    w.values_dock.raise_()
    panel = w.values_panel
    qtbot.waitUntil(lambda: panel.table_shown is not None and not panel.runner.busy,
                    timeout=WAIT_MS)
    return panel


def _cell(panel, letter, column):
    row = panel.model.row_of(letter)
    return panel.model.index(row, column)


@pytest.fixture
def capablanca(qtbot, settings):
    return _window(qtbot, settings, read_any(CAPABLANCA), "A")


def test_capablanca_compounds_get_three_estimates_side_by_side(qtbot, capablanca):
    panel = _values(qtbot, capablanca)
    want = piece_values(read_any(CAPABLANCA))
    for letter in "AC":
        p = want.piece(letter)
        for column, name in ((1, "mobility"), (3, "fsf-formula"), (4, "fsf-table")):
            index = _cell(panel, letter, column)
            assert index.data() == f"{p.value(name):.2f}"
            assert p.estimate(name).explanation in index.data(Qt.ItemDataRole.ToolTipRole)
        law = _cell(panel, letter, 2)
        assert law.data() == "–" and "rider" in law.data(Qt.ItemDataRole.ToolTipRole)
    assert "no games" in _cell(panel, "A", 5).data(Qt.ItemDataRole.ToolTipRole)


def test_values_are_estimated_off_the_ui_thread(qtbot, capablanca, monkeypatch):
    threads = []
    real = _values_panel.piece_values

    def spy(*args, **kwargs):
        threads.append(threading.get_ident())
        return real(*args, **kwargs)
    monkeypatch.setattr(_values_panel, "piece_values", spy)
    panel = _values(qtbot, capablanca)
    panel.compute()
    qtbot.waitUntil(lambda: threads and not panel.runner.busy, timeout=WAIT_MS)
    assert threads and threading.get_ident() not in threads


def test_the_table_sorts_by_any_column(qtbot, capablanca):
    panel = _values(qtbot, capablanca)
    panel.view.sortByColumn(1, Qt.SortOrder.DescendingOrder)
    letters = [panel.proxy.index(r, 0).data()[0] for r in range(panel.proxy.rowCount())]
    assert letters[:2] == ["Q", "C"] and letters[-1] == "K"     # the King has no value: last


def test_knight3_makes_every_knight_estimate_3(qtbot, capablanca):
    panel = _values(qtbot, capablanca)
    first = panel.table_shown
    panel.knight3.setChecked(True)
    qtbot.waitUntil(lambda: panel.table_shown is not first and panel.table_shown.knight3,
                    timeout=WAIT_MS)
    assert [_cell(panel, "N", c).data() for c in (1, 2, 3, 4)] == ["3.00"] * 4
    assert "Knight = 3" in panel.summary.text()


def test_a_disagreement_is_warned_about_for_the_selected_piece(qtbot, capablanca):
    panel = _values(qtbot, capablanca)
    capablanca.doc.select("P")
    qtbot.waitUntil(lambda: panel.warning.isVisible())
    assert "disagree" in panel.warning.text()
    assert not _cell(panel, "P", 0).data(Qt.ItemDataRole.DecorationRole).isNull()
    # the numbers it quotes are the table's own, in the table's unit (pawns)
    quoted = re.findall(r"(\d+\.\d\d) pawns", panel.warning.text())
    shown = {_cell(panel, "P", c).data() for c in range(1, 6)}
    assert len(quoted) == 2 and set(quoted) <= shown, (quoted, shown)
    capablanca.doc.select("R")
    assert not panel.warning.isVisible()


def test_rows_and_the_selected_piece_follow_each_other(qtbot, capablanca):
    panel = _values(qtbot, capablanca)
    index = panel.proxy.mapFromSource(_cell(panel, "C", 0))
    panel.view.setCurrentIndex(index)
    assert capablanca.doc.selected == "C"
    capablanca.doc.select("B")
    current = panel.view.selectionModel().currentIndex()
    assert panel.proxy.data(current).startswith("B")


def test_editing_a_piece_estimates_again(qtbot, capablanca):
    panel = _values(qtbot, capablanca)
    first = panel.table_shown
    capablanca.doc.set_notation("A", "W")
    qtbot.waitUntil(lambda: panel.table_shown is not first and not panel.runner.busy,
                    timeout=WAIT_MS)
    assert _cell(panel, "A", 2).data() == "1.43"           # the leaper law: 4 targets, 143 cp
    assert _cell(panel, "A", 4).data() == "1.92"           # Fairy-Stockfish's wazir, 400 / 208
    capablanca.doc.undo_stack.undo()
    qtbot.waitUntil(lambda: _cell(panel, "A", 2).data() == "–", timeout=WAIT_MS)


def test_cancel_stops_estimating_and_keeps_the_last_table(qtbot, capablanca, monkeypatch):
    panel = _values(qtbot, capablanca)
    shown = panel.table_shown
    started = threading.Event()

    def slow(variant, knight3=False, fitted=None, progress=None, unfitted=""):
        started_at = time.monotonic()
        started.set()
        while progress(0, len(variant.pieces)):      # slow work, until it is cancelled
            if time.monotonic() > started_at + WAIT_MS / 1000:
                raise AssertionError("never cancelled")
            time.sleep(0.005)
        raise _values_panel.Cancelled()
    monkeypatch.setattr(_values_panel, "piece_values", slow)
    panel.compute()
    qtbot.waitUntil(lambda: started.is_set() and panel.cancel_button.isVisible())
    qtbot.mouseClick(panel.cancel_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not panel.runner.busy, timeout=WAIT_MS)
    assert "cancelled" in panel.summary.text()
    assert panel.table_shown is shown and not panel.bar.isVisible()


def test_a_hidden_panel_waits_until_it_is_shown(qtbot, settings):
    w = _window(qtbot, settings, read_any(CAPABLANCA), "A")
    panel = _values(qtbot, w)
    w.values_dock.hide()
    requests = panel.runner.requests
    w.doc.set_notation("A", "BNW")
    # hidden, it schedules nothing (no timer runs that could start it), so none will start
    assert not panel._timer.isActive()
    QCoreApplication.processEvents()
    assert panel.runner.requests == requests
    w.values_dock.show()
    qtbot.waitUntil(lambda: panel.runner.requests > requests, timeout=WAIT_MS)


def _wait_extras(qtbot, w):
    extras = w.view_extras
    # nothing asked and not yet started (the layer's timer), nothing computing
    qtbot.waitUntil(lambda: not extras._timer.isActive() and not extras.heat_runner.busy
                    and not extras.diff_runner.busy, timeout=WAIT_MS)
    QCoreApplication.processEvents()            # the answers' repaints
    return extras


def _pixel(w, square, fx=0.85, fy=0.85):
    canvas = w.canvas
    image = canvas.grab().toImage()
    rect = canvas.square_rect(square)
    dpr = image.devicePixelRatio()
    x, y = rect.x() + rect.width() * fx, rect.y() + rect.height() * fy
    return QColor(image.pixel(int(x * dpr), int(y * dpr)))


def test_a_distance_heat_map_shows_a_bishop_bound_to_its_colour(qtbot, settings):
    v = Variant("Bishop", 8, 8, (PieceType("B", "Bishop", "B"),))
    w = _window(qtbot, settings, v, "B")
    w.acts["heat:distance"].trigger()
    extras = _wait_extras(qtbot, w)
    m = extras.heat
    assert m is not None and m.kind == "distance"
    assert sum(v is None for v in m.values) == 32
    assert not w.canvas.show_moves and extras.legend.isVisible()
    assert not w.view.legend.isVisible()
    origin = w.doc.probe_board().origin
    unreachable = (origin[0] + 1, origin[1])
    # a never-reached square is hatched grey; a reached one takes the scale's colour
    assert _pixel(w, unreachable) != _pixel(w, (origin[0] + 1, origin[1] + 1))
    extras.set_mode("moves")
    qtbot.waitUntil(lambda: w.canvas.show_moves and w.view.legend.isVisible())


def test_a_heat_map_follows_the_piece_and_the_probe_position(qtbot, settings):
    v = Variant("Rook", 8, 8, (PieceType("R", "Rook", "R"),))
    w = _window(qtbot, settings, v, "R")
    w.view_extras.set_mode("mobility-here")
    extras = _wait_extras(qtbot, w)
    assert extras.heat.at((0, 0)) == 14
    w.view.set_probe((3, 4), "friend")
    qtbot.waitUntil(lambda: extras.heat is not None and extras.heat.at((3, 4)) is None,
                    timeout=WAIT_MS)
    assert "in this position" in extras.heat.title


def test_engine_differences_frame_the_squares_in_their_own_colour(qtbot, settings):
    v = Variant("Forward", 8, 8, (PieceType("X", "Forward king", "fK"),))
    w = _window(qtbot, settings, v, "X")
    w.view.move_piece((3, 3))
    settle(qtbot, w)
    w.acts["differences"].trigger()
    extras = _wait_extras(qtbot, w)
    assert extras.diff_box.isChecked()
    assert set(extras.diffs.squares()) == {(2, 4), (4, 4)}
    assert "Fairy-Stockfish" in extras.diffs.squares()[(2, 4)][0]
    assert _pixel(w, (2, 4), 0.5, 0.04) == QColor(DIFFERENCE)
    assert _pixel(w, (2, 2), 0.5, 0.04) != QColor(DIFFERENCE)
    assert extras.legend.isVisible() and extras.legend.differences
    w.acts["differences"].trigger()
    assert extras.diffs is None


def test_the_heat_layer_sleeps_through_edits_while_it_shows_nothing(qtbot, settings):
    v = Variant("Bishop", 8, 8, (PieceType("B", "Bishop", "B"),))
    w = _window(qtbot, settings, v, "B")
    extras = w.view_extras
    w.doc.set_notation("B", "BW")               # moves only: nothing of the layer to redo
    assert not extras._timer.isActive()
    w.acts["heat:distance"].trigger()
    extras = _wait_extras(qtbot, w)
    assert extras.heat is not None and None not in extras.heat.values   # BW reaches all
    w.doc.set_notation("B", "B")                # a heat map shown: it follows the edit
    assert extras._timer.isActive()
    qtbot.waitUntil(lambda: not extras._timer.isActive(), timeout=WAIT_MS)
    extras = _wait_extras(qtbot, w)
    assert extras.heat is not None and None in extras.heat.values   # bound to its colour

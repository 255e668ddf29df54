"""The multi-leg debugger: paths to a square, stepping through legs, alternatives."""

from __future__ import annotations

from gui_helpers import click_square, settle, type_definition
from PySide6.QtCore import Qt

F6 = (5, 5)


def test_debugger_steps_through_a_hook_mover(qtbot, window):
    type_definition(qtbot, window, "masR")
    click_square(qtbot, window.canvas, F6)
    dbg = window.debugger
    assert window.pinned == F6
    assert dbg.paths.count() == 2                       # via d6 or via f4
    assert dbg.legs.count() == 2 and dbg.step == 2
    assert window.canvas.paths == [dbg.current.legs] and window.canvas.step == 2
    with qtbot.waitSignal(dbg.pathChanged):
        dbg.step_back()
    assert dbg.step == 1 and window.canvas.step == 1
    dbg.setFocus()
    qtbot.keyClick(dbg, Qt.Key_Right)
    assert dbg.step == 2
    first = dbg.current
    dbg.next_path()
    assert dbg.current is not first and dbg.current.destination == F6
    mids = {m.legs[0].end for m in dbg.moves}
    assert mids == {(3, 5), (5, 3)}


def test_debugger_shows_the_lion_double_capture(qtbot, window):
    window.set_probe((4, 4), "foe")
    window.set_probe(F6, "foe")
    settle(qtbot, window)
    click_square(qtbot, window.canvas, F6)
    dbg = window.debugger
    double = [i for i, m in enumerate(dbg.moves) if len(m.removed) == 2]
    assert double, [m.describe() for m in dbg.moves]
    dbg.choose(double[0])
    texts = [dbg.legs.item(i).text() for i in range(dbg.legs.count())]
    assert texts[0].startswith("Leg 1: d4 → captures on e5")
    assert texts[1].startswith("Leg 2: e5 → captures on f6")
    dbg.step_back()
    assert window.canvas.step == 1
    dbg.step_back()                                     # cannot go below the first leg
    assert dbg.step == 1 and not dbg.back.isEnabled()
    window.pin(None)
    assert window.canvas.paths == []


def test_hovering_a_target_previews_its_paths(qtbot, window):
    window.set_probe((4, 4), "foe")
    settle(qtbot, window)
    window.canvas.squareHovered.emit(F6)
    paths = window.canvas.paths
    assert paths and any(len(p) == 2 for p in paths)      # the double capture via g6
    assert any(len(p) == 1 for p in paths)                # and the direct alfil-like leap
    window.canvas.squareHovered.emit(None)
    assert window.canvas.paths == []


def test_window_shortcuts_step_the_legs(qtbot, window):
    type_definition(qtbot, window, "masR")
    click_square(qtbot, window.canvas, F6)
    window.activateWindow()
    qtbot.waitActive(window)
    window.canvas.setFocus()
    dbg = window.debugger
    qtbot.keyClick(window.canvas, Qt.Key_Left, Qt.AltModifier)
    assert dbg.step == 1
    qtbot.keyClick(window.canvas, Qt.Key_Right, Qt.AltModifier)
    assert dbg.step == 2
    qtbot.keyClick(window.canvas, Qt.Key_Down, Qt.AltModifier)
    assert dbg.paths.currentRow() == 1
    qtbot.keyClick(window.canvas, Qt.Key_Escape)
    assert window.pinned is None and window.canvas.paths == []

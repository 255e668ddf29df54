"""Gestures of the Play mode tests: a window on a sample with a game started, clicks and drags
on the play board, drags out of a hand, waiting for the rules worker's answer (by the event
loop, never by sleeping)."""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt

from gui_helpers import WAIT_MS
from repo_data import ROOT


def sample(name: str):
    from designer.formats.registry import read_any
    return read_any(str(ROOT / "variants" / f"{name}.ini"))


def open_window(qtbot, settings, variant, size=(1400, 900)):
    from gui_helpers import settle
    from designer.gui.window import MainWindow
    w = MainWindow(variant, settings)
    qtbot.addWidget(w)
    w.resize(*size)
    w.show()
    qtbot.waitExposed(w)
    settle(qtbot, w)
    return w


def start(qtbot, window, fen: str | None = None, white=None, black=None):
    """A new game between people (or the given players) from ``fen`` (default: the setup)."""
    from designer.gui.play import PlayerChoice
    tab = window.play
    tab.start(fen or window.doc.variant.setup, white or PlayerChoice(), black or PlayerChoice())
    settled(qtbot, window)
    return tab


def settled(qtbot, window, timeout: int = WAIT_MS) -> None:
    """Wait until the play view shows the document's game under the current variant."""
    view = window.play.view
    qtbot.waitUntil(lambda: window.doc.game is not None and view.replay is not None
                    and not view.busy and view.replay.line == window.doc.game
                    and view.replay.variant == window.doc.variant, timeout=timeout)


def sq(name: str) -> tuple[int, int]:
    return ord(name[0]) - ord("a"), int(name[1:]) - 1


def centre(canvas, name: str) -> QPoint:
    return canvas.square_rect(sq(name)).center().toPoint()


def click(qtbot, window, *names: str) -> None:
    """Click these squares of the play board, one after another."""
    canvas = window.play.view.canvas
    for name in names:
        qtbot.mouseClick(canvas, Qt.LeftButton, pos=centre(canvas, name))


def drag(qtbot, window, start: str, end: str) -> None:
    """Press on ``start``, move over the board, release on ``end``."""
    canvas = window.play.view.canvas
    a, b = centre(canvas, start), centre(canvas, end)
    qtbot.mousePress(canvas, Qt.LeftButton, pos=a)
    mid = QPoint((a.x() + b.x()) // 2, (a.y() + b.y()) // 2)
    from PySide6.QtGui import QMouseEvent
    from PySide6.QtCore import QEvent, QPointF
    from PySide6.QtWidgets import QApplication
    for p in (mid, b):
        ev = QMouseEvent(QEvent.Type.MouseMove, QPointF(p), QPointF(canvas.mapToGlobal(p)),
                         Qt.MouseButton.NoButton, Qt.MouseButton.LeftButton,
                         Qt.KeyboardModifier.NoModifier)
        QApplication.sendEvent(canvas, ev)
    qtbot.mouseRelease(canvas, Qt.LeftButton, pos=b)


def drag_from_hand(qtbot, window, hand, letter: str, end: str) -> None:
    """Press on ``letter`` in ``hand``, pull it out, release over square ``end`` of the board
    (the hand keeps the mouse from press to release, as a real drag does)."""
    from PySide6.QtGui import QMouseEvent
    from PySide6.QtCore import QEvent, QPointF
    from PySide6.QtWidgets import QApplication
    i = [l for l, _n in hand.hand].index(letter)
    a = hand.cell_rect(i).center().toPoint()
    canvas = window.play.view.canvas
    b = hand.mapFromGlobal(canvas.mapToGlobal(centre(canvas, end)))
    qtbot.mousePress(hand, Qt.LeftButton, pos=a)
    for p in (QPoint(a.x() - 20, a.y()), b):
        ev = QMouseEvent(QEvent.Type.MouseMove, QPointF(p), QPointF(hand.mapToGlobal(p)),
                         Qt.MouseButton.NoButton, Qt.MouseButton.LeftButton,
                         Qt.KeyboardModifier.NoModifier)
        QApplication.sendEvent(hand, ev)
    qtbot.mouseRelease(hand, Qt.LeftButton, pos=b)


def texts(window) -> list[str]:
    """The game's moves in the engines' text, as the view replayed them."""
    return list(window.play.view.replay.texts)


def status(window) -> str:
    return window.statusBar().currentMessage()

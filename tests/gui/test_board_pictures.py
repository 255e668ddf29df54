"""The board draws pieces from their pictures and draws them again only when a picture changed:
typing a definition tells the board a piece may have a new picture at every key, and a repaint
for nothing there would paint the board twice per keystroke."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QPixmap
from PySide6.QtWidgets import QApplication

from designer.gui.board._canvas import BoardCanvas


def _filled(colour: Qt.GlobalColor) -> QPixmap:
    pix = QPixmap(64, 64)
    pix.fill(colour)
    return pix


def _centre_colour(canvas: BoardCanvas, square) -> QColor:
    image = canvas.grab().toImage()
    rect = canvas.square_rect(square)
    dpr = image.devicePixelRatio()
    return QColor(image.pixel(int(rect.center().x() * dpr), int(rect.center().y() * dpr)))


def test_pictures_are_drawn_again_only_when_one_changed(qtbot):
    canvas = BoardCanvas()
    qtbot.addWidget(canvas)
    canvas.resize(320, 320)
    shown = {"X": _filled(Qt.GlobalColor.red)}
    canvas.set_picture_source(lambda letter, side, size, dpr: shown.get(letter))
    canvas.set_board(4, 4)
    canvas.set_pieces((0, 0), "X", {(2, 2): ("black", "X"), (3, 3): ("white", "Y")}, None)
    canvas.show()
    qtbot.waitExposed(canvas)
    qtbot.waitUntil(lambda: canvas.painted > 0)
    QApplication.processEvents()
    painted = canvas.painted

    canvas.refresh_pictures()              # the same pictures: nothing to draw
    QApplication.processEvents()
    assert canvas.painted == painted

    shown["X"] = _filled(Qt.GlobalColor.blue)   # X's picture is now another
    canvas.refresh_pictures()
    QApplication.processEvents()
    assert canvas.painted == painted + 1
    assert _centre_colour(canvas, (2, 2)) == QColor(Qt.GlobalColor.blue)
    painted = canvas.painted                    # (grabbing the picture painted it too)

    shown["Y"] = _filled(Qt.GlobalColor.green)  # Y, a disc until now, gets a picture
    canvas.refresh_pictures()
    QApplication.processEvents()
    assert canvas.painted == painted + 1
    assert _centre_colour(canvas, (3, 3)) == QColor(Qt.GlobalColor.green)

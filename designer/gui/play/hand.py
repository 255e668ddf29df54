"""A side's pieces in hand, beside the board: each kind with its count, picked by a click or
dragged onto the board to drop it.

The drag is the widget's own (the mouse stays grabbed by the hand from press to release, as Qt
does for any press), so it needs no platform drag and drop: the release reports the global
point, and the play view finds the board square under it.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QPoint, QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QCursor, QFont, QMouseEvent, QPainter, QPaintEvent, QPen, QPixmap
from PySide6.QtWidgets import QSizePolicy, QWidget

from ...vocabulary import WHITE, Side

Pictures = Callable[[str, Side, int, float], "QPixmap | None"]
CELL = 46
DRAG_START = 6


class HandView(QWidget):
    """``picked(letter)`` on a click, ``dropped(letter, global_point)`` when a piece dragged
    out of the hand is released."""

    picked = Signal(str)
    dropped = Signal(str, QPoint)

    def __init__(self, side: Side, parent: QWidget | None = None):
        super().__init__(parent)
        self.side = side
        self.hand: tuple[tuple[str, int], ...] = ()
        self.names: dict[str, str] = {}
        self.active = False            # this side is to move and a human moves it
        self.chosen = ""               # the letter picked for a drop
        self.pictures: Pictures | None = None
        self._press: tuple[str, QPointF] | None = None
        self._dragging = False
        self.setMouseTracking(True)
        self.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Preferred)
        self.setToolTip(f"{side.title()}'s pieces in hand: drag one onto the board (or click "
                        "it, then a square) to drop it")

    def set_hand(self, hand: tuple[tuple[str, int], ...], active: bool, chosen: str = "",
                 names: dict[str, str] | None = None) -> None:
        if (hand, active, chosen) != (self.hand, self.active, self.chosen):
            self.hand, self.active, self.chosen = hand, active, chosen
            self.names = dict(names or {})
            self.setMinimumHeight(max(1, len(hand)) * CELL + 8)
            self.updateGeometry()
            self.update()

    def sizeHint(self) -> QSize:
        return QSize(CELL + 12, max(1, len(self.hand)) * CELL + 8)

    def cell_rect(self, i: int) -> QRectF:
        return QRectF(6, 4 + i * CELL, CELL, CELL)

    def letter_at(self, point: QPointF) -> str:
        for i, (letter, _n) in enumerate(self.hand):
            if self.cell_rect(i).contains(point):
                return letter
        return ""

    # -- painting ----------------------------------------------------------------------------
    def paintEvent(self, event: QPaintEvent) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        if not self.hand:
            p.setPen(self.palette().color(self.foregroundRole()))
            p.drawText(QRectF(0, 0, self.width(), CELL), Qt.AlignmentFlag.AlignCenter, "—")
        for i, (letter, count) in enumerate(self.hand):
            rect = self.cell_rect(i)
            if letter == self.chosen:
                p.setPen(QPen(QColor("#1c7ed6"), 3))
                p.setBrush(Qt.BrushStyle.NoBrush)
                p.drawRoundedRect(rect.adjusted(1, 1, -1, -1), 6, 6)
            pix = self._pixmap(letter, int(rect.width() - 8))
            p.setOpacity(1.0 if self.active else 0.55)
            p.drawPixmap(rect.adjusted(4, 4, -4, -4), pix, QRectF(pix.rect()))
            p.setOpacity(1.0)
            if count > 1:
                badge = QRectF(rect.right() - 18, rect.bottom() - 17, 17, 16)
                p.setPen(Qt.PenStyle.NoPen)
                p.setBrush(QColor("#343a40"))
                p.drawRoundedRect(badge, 7, 7)
                p.setPen(QColor("white"))
                font = QFont(self.font())
                font.setPixelSize(11)
                font.setBold(True)
                p.setFont(font)
                p.drawText(badge, Qt.AlignmentFlag.AlignCenter, str(count))
        p.end()

    def _pixmap(self, letter: str, size: int) -> QPixmap:
        dpr = self.devicePixelRatioF()
        pix = self.pictures(letter, self.side, size, dpr) if self.pictures is not None else None
        if pix is not None:
            return pix
        pix = QPixmap(int(size * dpr), int(size * dpr))
        pix.setDevicePixelRatio(dpr)
        pix.fill(Qt.GlobalColor.transparent)
        q = QPainter(pix)
        q.setRenderHint(QPainter.RenderHint.Antialiasing)
        white = self.side == WHITE
        q.setPen(QPen(QColor("#222222" if white else "#f1f1f1"), 1.5))
        q.setBrush(QColor("#fbfbf8" if white else "#2b2b2b"))
        q.drawEllipse(QPointF(size / 2, size / 2), size * 0.4, size * 0.4)
        font = QFont(self.font())
        font.setPixelSize(int(size * 0.42))
        font.setBold(True)
        q.setFont(font)
        q.setPen(QColor("#222222" if white else "#f1f1f1"))
        q.drawText(QRectF(0, 0, size, size), Qt.AlignmentFlag.AlignCenter, letter)
        q.end()
        return pix

    # -- input -------------------------------------------------------------------------------
    def mousePressEvent(self, event: QMouseEvent) -> None:
        letter = self.letter_at(event.position())
        if event.button() == Qt.MouseButton.LeftButton and letter:
            self._press = (letter, event.position())
            self._dragging = False

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        if self._press is not None and not self._dragging and \
                (event.position() - self._press[1]).manhattanLength() >= DRAG_START:
            self._dragging = True
            size = 44
            self.setCursor(QCursor(self._pixmap(self._press[0], size), size // 2, size // 2))
        letter = self.letter_at(event.position())
        self.setToolTip(f"{self.names.get(letter, letter)} in hand" if letter else
                        self.toolTip())

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        press, self._press = self._press, None
        dragging, self._dragging = self._dragging, False
        self.unsetCursor()
        if press is None or event.button() != Qt.MouseButton.LeftButton:
            return
        if dragging or not self.rect().contains(event.position().toPoint()):
            self.dropped.emit(press[0], self.mapToGlobal(event.position().toPoint()))
        elif self.letter_at(event.position()) == press[0]:
            self.picked.emit(press[0])


__all__ = ["HandView"]

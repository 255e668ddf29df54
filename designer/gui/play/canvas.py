"""The Play mode's board: the board canvas with every piece of the position, seen from either
side, the walls placed by moves (dark squares), the last move and a checked king highlighted,
the picked piece ringed, and pieces that follow the mouse while they are dragged.

It draws what it is given and reports gestures by square (``pressed``, ``clicked``,
``dragged``); the play view decides what they mean. Marks are the board canvas's own, so the
legal targets look exactly as the piece view draws a definition's moves.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QMouseEvent, QPainter, QPen, QRadialGradient
from PySide6.QtWidgets import QWidget

from ...variant.probes import ProbeColour
from ...vocabulary import Square
from ...geometry.board import file_letter
from ..board._canvas import BoardCanvas, LEFT_MIDDLE, RIGHT_MIDDLE, TOP_CENTRE, BOTTOM_CENTRE

LAST_MOVE = QColor(155, 199, 0, 105)       # the squares of the last move
PICKED = QColor("#1c7ed6")
CUT = QColor("#e03131")                     # the first move an edit made illegal
HINT = QColor(47, 158, 68, 200)             # a move the computer suggests
WALL = QColor("#343a40")                    # a wall a move placed (Amazons' arrow, the duck)
DRAG_START = 6                              # pixels the mouse moves before a press is a drag


class PlayCanvas(BoardCanvas):
    """``pressed(square)`` when the left button goes down on a square, ``clicked(square,
    button)`` for a click (released where pressed, or a right click), ``dragged(start, end)``
    when a piece was pulled from one square and released on another (``end`` None: off the
    board)."""

    pressed = Signal(object)
    clicked = Signal(object, object)
    dragged = Signal(object, object)

    def __init__(self, parent: QWidget | None = None):
        self.room = QSize()                          # the scroll area's size (set_room)
        super().__init__(parent, min_square=16)
        self.flipped = False
        self.last: tuple[Square, ...] = ()          # origin, stops and destination
        self.checked: tuple[Square, ...] = ()
        self.walls: tuple[Square, ...] = ()
        self.picked: Square | None = None
        self.clicked_stops: tuple[Square, ...] = ()   # squares of a move being entered
        self.cut: tuple[Square, Square] | None = None
        self.hint: tuple[Square, Square] | None = None     # a hinted move: from, to
        self.draggable: set[Square] = set()
        self._press: tuple[Square, QPointF] | None = None
        self._drag: tuple[Square, QPointF] | None = None   # square lifted, mouse position
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setToolTip("Click a piece, then the squares of its move (each victim, then the "
                        "destination), or drag it. Right-click or Escape drops the piece.")

    # -- what to draw ------------------------------------------------------------------------
    def set_position(self, pieces: dict[Square, tuple[ProbeColour, str]]) -> None:
        """The pieces: square -> (colour, letter)."""
        if pieces != self.probes:
            self.probes = dict(pieces)
            self.update()

    def set_highlights(self, last: tuple[Square, ...], checked: tuple[Square, ...],
                       cut: tuple[Square, Square] | None = None) -> None:
        if (last, checked, cut) != (self.last, self.checked, self.cut):
            self.last, self.checked, self.cut = last, checked, cut
            self.update()

    def set_walls(self, walls: tuple[Square, ...]) -> None:
        """The squares walled in the position (no piece enters them)."""
        if walls != self.walls:
            self.walls = walls
            self.update()

    def set_picked(self, sq: Square | None, stops: tuple[Square, ...] = ()) -> None:
        if (sq, stops) != (self.picked, self.clicked_stops):
            self.picked, self.clicked_stops = sq, stops
            self.update()

    def set_hint(self, hint: tuple[Square, Square] | None) -> None:
        """A move the computer suggests, drawn as an arrow (None: none)."""
        if hint != self.hint:
            self.hint = hint
            self.update()

    def set_flipped(self, flipped: bool) -> None:
        if flipped != self.flipped:
            self.flipped = flipped
            self._background = None
            self.update()

    # -- size: the board fits its room; View > Zoom scales it from there ---------------------
    def set_room(self, room: QSize) -> None:
        """The size of the area the board is shown in (its scroll area): the board fits it at
        zoom 1, and zooming in grows it past it (the area scrolls)."""
        if room != self.room:
            self.room = room
            self._resize_hint()

    def _fit(self, width: float, height: float) -> float:
        g = 2 * self._gutter()
        return max(1.0, min((width - g) / self.files, (height - g) / self.ranks))

    def _resize_hint(self) -> None:
        g = 2 * self._gutter()
        side = self.min_square
        if self.zoom > 1 and self.room.isValid():
            side = max(side, self._fit(self.room.width(), self.room.height()) * self.zoom)
        self.setMinimumSize(int(self.files * side + g), int(self.ranks * side + g))
        self.updateGeometry()

    def _geometry(self) -> tuple[float, float, float]:
        """(square side, left, top): the largest square that fits, scaled down when zoomed
        out (never below the canvas's smallest square)."""
        key = (self.width(), self.height(), self.files, self.ranks, self.zoom)
        if self._geom_key != key:
            fit = self._fit(self.width(), self.height())
            s = max(4.0, math.floor(max(min(fit, fit * self.zoom), min(fit, self.min_square))))
            self._geom = (s, math.floor((self.width() - s * self.files) / 2),
                          math.floor((self.height() - s * self.ranks) / 2))
            self._geom_key = key
        return self._geom

    # -- geometry seen from either side ------------------------------------------------------
    def _turn(self, sq: Square) -> Square:
        return (self.files - 1 - sq[0], self.ranks - 1 - sq[1]) if self.flipped else sq

    def square_rect(self, sq: Square) -> QRectF:
        return super().square_rect(self._turn(sq))

    def square_at(self, pos: QPointF) -> Square | None:
        sq = super().square_at(pos)
        return None if sq is None else self._turn(sq)

    def _paint_coordinates(self, p: QPainter, s: float) -> None:
        p.setFont(self._font(int(min(13, max(9, s * 0.34)))))
        p.setPen(self.palette().color(self.foregroundRole()))
        g = self._gutter()
        for f in range(self.files):
            rect = self.square_rect((f, 0 if not self.flipped else self.ranks - 1))
            top = self.square_rect((f, self.ranks - 1 if not self.flipped else 0))
            letter = file_letter(f)
            p.drawText(QRectF(rect.x(), rect.bottom() + 1, s, g - 2), TOP_CENTRE, letter)
            p.drawText(QRectF(top.x(), top.y() - g + 1, s, g - 2), BOTTOM_CENTRE, letter)
        for r in range(self.ranks):
            left = self.square_rect((0 if not self.flipped else self.files - 1, r))
            right = self.square_rect((self.files - 1 if not self.flipped else 0, r))
            p.drawText(QRectF(left.x() - g - 2, left.y(), g, s), RIGHT_MIDDLE, str(r + 1))
            p.drawText(QRectF(right.right() + 3, right.y(), g, s), LEFT_MIDDLE, str(r + 1))

    # -- painting ----------------------------------------------------------------------------
    def _paint_tints(self, p: QPainter, s: float) -> None:
        p.setPen(Qt.PenStyle.NoPen)
        for sq in self.walls:
            rect = self.square_rect(sq)
            p.fillRect(rect, WALL)
            p.fillRect(rect.adjusted(s * 0.3, s * 0.3, -s * 0.3, -s * 0.3), QColor("#868e96"))
        for sq in self.last:
            p.fillRect(self.square_rect(sq), LAST_MOVE)
        for sq in self.checked:
            rect = self.square_rect(sq)
            glow = QRadialGradient(rect.center(), rect.width() * 0.6)
            glow.setColorAt(0.0, QColor(224, 49, 49, 230))
            glow.setColorAt(0.55, QColor(224, 49, 49, 140))
            glow.setColorAt(1.0, QColor(224, 49, 49, 0))
            p.fillRect(rect, glow)
        super()._paint_tints(p, s)

    def _paint_pieces(self, p: QPainter, s: float) -> None:
        lifted = self._drag[0] if self._drag is not None else None
        for sq, (colour, letter) in self.probes.items():
            if sq != lifted and 0 <= sq[0] < self.files and 0 <= sq[1] < self.ranks:
                self._draw_piece(p, self.square_rect(sq), colour, letter,
                                 selected=sq == self.picked)

    def _paint_outlines(self, p: QPainter, s: float) -> None:
        super()._paint_outlines(p, s)
        p.setBrush(Qt.BrushStyle.NoBrush)
        for i, sq in enumerate(self.clicked_stops):
            rect = self.square_rect(sq).adjusted(2, 2, -2, -2)
            p.setPen(QPen(PICKED, max(2.5, s * 0.07), Qt.PenStyle.DashLine))
            p.drawRect(rect)
            p.setFont(self._font(int(max(8, s * 0.25)), True))
            p.drawText(rect.adjusted(3, 1, 0, 0), Qt.AlignmentFlag.AlignLeft |
                       Qt.AlignmentFlag.AlignTop, str(i + 1))
        if self.cut is not None:
            a, b = self.square_rect(self.cut[0]), self.square_rect(self.cut[1])
            pen = QPen(CUT, max(2.5, s * 0.08))
            p.setPen(pen)
            p.drawRect(a.adjusted(2, 2, -2, -2))
            p.drawRect(b.adjusted(2, 2, -2, -2))
            p.drawLine(a.center(), b.center())
        if self.hint is not None:
            a, b = self.square_rect(self.hint[0]), self.square_rect(self.hint[1])
            p.setPen(QPen(HINT, max(3.0, s * 0.12), Qt.PenStyle.SolidLine,
                          Qt.PenCapStyle.RoundCap))
            p.drawRect(a.adjusted(3, 3, -3, -3))
            if a != b:
                p.drawLine(a.center(), b.center())
            p.drawEllipse(b.center(), s * 0.18, s * 0.18)
        if self._drag is not None:
            sq, at = self._drag
            colour, letter = self.probes.get(sq, ("white", ""))
            rect = QRectF(at.x() - s / 2, at.y() - s / 2, s, s)
            self._draw_piece(p, rect, colour, letter)

    # -- input -------------------------------------------------------------------------------
    def mousePressEvent(self, event: QMouseEvent) -> None:
        sq = self.square_at(event.position())
        if event.button() == Qt.MouseButton.LeftButton and sq is not None:
            self._press = (sq, event.position())
            self.pressed.emit(sq)
        elif event.button() != Qt.MouseButton.LeftButton:
            self.clicked.emit(sq, event.button())
        QWidget.mousePressEvent(self, event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        if self._press is not None and event.buttons() & Qt.MouseButton.LeftButton:
            sq, start = self._press
            if self._drag is None and sq in self.draggable and \
                    (event.position() - start).manhattanLength() >= DRAG_START:
                self._drag = (sq, event.position())
            if self._drag is not None:
                self._drag = (self._drag[0], event.position())
                self.update()
        super().mouseMoveEvent(event)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        press, self._press = self._press, None
        drag, self._drag = self._drag, None
        if event.button() != Qt.MouseButton.LeftButton or press is None:
            return
        sq = self.square_at(event.position())
        if drag is not None:
            self.update()
            if sq != drag[0]:
                self.dragged.emit(drag[0], sq)
                return
        if sq is not None and sq == press[0]:
            self.clicked.emit(sq, event.button())
        elif sq is not None:
            # pressed on one square, released on another without a lifted piece: a drag of
            # the picked piece (mouse tools that skip the moves between press and release)
            self.dragged.emit(press[0], sq)

    def cancel_drag(self) -> None:
        if self._drag is not None or self._press is not None:
            self._drag, self._press = None, None
            self.update()


__all__ = ["PlayCanvas"]

"""How each modality class looks on the board: a colour, a shape and a legend label.

Colour is never the only cue: every class also has its own shape, so the board reads the same in
the colour-blind-safe palette (Okabe & Ito's eight colours) and in greyscale. The default palette
follows what XBoard users know: yellow = move, red = capture, cyan = the relay/locust square of a
multi-leg move. ``LegendWidget`` draws the same shapes with their names for the classes on screen.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Final, Literal

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QPainter,
    QPainterPath,
    QPen,
    QPixmap,
    QPolygonF,
)
from PySide6.QtWidgets import QSizePolicy, QWidget
from PySide6.QtGui import QPaintEvent, QResizeEvent

from ...vocabulary import MoveKind
from collections.abc import Iterable

# Overlay marks that are not modality classes of a move's destination.
VICTIM: Final = "victim"       # a multi-leg move removes a piece here without ending here
INITIAL: Final = "initial"     # the move exists only while the piece has not moved (i)
PASSED: Final = "passed"       # a square a multi-leg path stops on without taking (Play mode)
PROMOTES: Final = "promotion"  # a move ending here may promote (the square is in the zone)
WALL: Final = "wall"           # the move being entered may put its wall here (Play mode)
# Compare view marks.
ONLY_A: Final = "only-a"
ONLY_B: Final = "only-b"
DIFFERS: Final = "differs"
SAME: Final = "same"
#: What a mark on the board stands for: a move's class, an overlay, or a comparison's verdict.
Mark = MoveKind | Literal["victim", "initial", "passed", "promotion", "wall", "only-a",
                          "only-b", "differs", "same"]


@dataclass(frozen=True, slots=True)
class Look:
    """The legend label, shape name and the two palettes' colours of one class of mark."""

    label: str
    shape: str
    colour: str
    safe_colour: str


LOOKS: dict[Mark, Look] = {
    "move": Look("move only", "ring", "#f5d90a", "#f0e442"),
    "capture": Look("capture only", "cross", "#e0302a", "#d55e00"),
    "move-capture": Look("move or capture", "disc", "#f59b0a", "#e69f00"),
    "hop-move": Look("hop, then move", "triangle", "#2f9e44", "#009e73"),
    "hop-capture": Look("hop, then capture", "triangle-x", "#c2255c", "#cc79a7"),
    "locust": Look("locust: ends here, captures elsewhere", "diamond", "#15aabf", "#56b4e9"),
    "destroy": Look("destroys a friend", "square-x", "#5f3dc4", "#000000"),
    "unload": Look("unloads a carried piece", "down-triangle", "#845ef7", "#0072b2"),
    "ep": Look("en passant", "pentagon", "#e64980", "#cc79a7"),
    "castling": Look("castling", "castle", "#1c7ed6", "#0072b2"),
    "drop": Look("drop from hand", "plus", "#66a80f", "#009e73"),
    "null": Look("pass (null move)", "dot", "#868e96", "#999999"),
    VICTIM: Look("relay / locust victim square", "victim", "#22d3ee", "#0072b2"),
    INITIAL: Look("first move only (i)", "initial", "#343a40", "#000000"),
    PROMOTES: Look("promotes here", "star", "#f08c00", "#e69f00"),
    PASSED: Look("a stop on the way (click it, then go on)", "dot", "#1c7ed6", "#0072b2"),
    WALL: Look("the wall may go here (click it)", "square-x", "#495057", "#000000"),
    ONLY_A: Look("only A reaches", "disc", "#1c7ed6", "#0072b2"),
    ONLY_B: Look("only B reaches", "cross", "#e8590c", "#d55e00"),
    DIFFERS: Look("both, but differently", "diamond", "#ae3ec9", "#cc79a7"),
    SAME: Look("same for both", "dot", "#868e96", "#999999"),
}
ORDER = tuple(LOOKS)
LEFT_MIDDLE = Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft


def colour_of(kind: Mark, safe: bool) -> QColor:
    """The colour of a class of mark in the chosen palette."""
    look = LOOKS.get(kind, LOOKS["null"])
    return QColor(look.safe_colour if safe else look.colour)


def draw_shape(p: QPainter, kind: Mark, rect: QRectF, safe: bool, alpha: int = 255) -> None:
    """Draw the mark of ``kind`` filling ``rect`` (square); dark outline so it reads on any tile."""
    look = LOOKS.get(kind, LOOKS["null"])
    colour = colour_of(kind, safe)
    colour.setAlpha(alpha)
    outline = QColor(20, 20, 20, alpha)
    s = rect.width()
    c = rect.center()
    r = s / 2
    width = max(1.2, s * 0.08)
    p.setPen(QPen(outline, max(1.0, s * 0.045)))
    p.setBrush(QBrush(colour))
    shape = look.shape
    if shape == "disc":
        p.drawEllipse(c, r * 0.8, r * 0.8)
    elif shape == "ring":
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.setPen(QPen(outline, width + max(1.0, s * 0.05)))
        p.drawEllipse(c, r * 0.72, r * 0.72)
        p.setPen(QPen(colour, width))
        p.drawEllipse(c, r * 0.72, r * 0.72)
    elif shape in ("cross", "victim"):
        k = r * (0.72 if shape == "cross" else 0.6)
        for pen in (QPen(outline, width * 1.9), QPen(colour, width * 1.1)):
            pen.setCapStyle(Qt.PenCapStyle.RoundCap)
            p.setPen(pen)
            p.drawLine(QPointF(c.x() - k, c.y() - k), QPointF(c.x() + k, c.y() + k))
            p.drawLine(QPointF(c.x() - k, c.y() + k), QPointF(c.x() + k, c.y() - k))
        if shape == "victim":
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.setPen(QPen(colour, width * 0.8, Qt.PenStyle.DashLine))
            p.drawEllipse(c, r * 0.9, r * 0.9)
    elif shape in ("triangle", "triangle-x", "down-triangle"):
        sign = -1 if shape == "down-triangle" else 1
        pts = [QPointF(c.x(), c.y() - sign * r * 0.8),
               QPointF(c.x() + r * 0.78, c.y() + sign * r * 0.6),
               QPointF(c.x() - r * 0.78, c.y() + sign * r * 0.6)]
        p.drawPolygon(QPolygonF(pts))
        if shape == "triangle-x":
            k = r * 0.25
            p.setPen(QPen(outline, width))
            cy = c.y() + r * 0.15
            p.drawLine(QPointF(c.x() - k, cy - k), QPointF(c.x() + k, cy + k))
            p.drawLine(QPointF(c.x() - k, cy + k), QPointF(c.x() + k, cy - k))
    elif shape == "diamond":
        pts = [QPointF(c.x(), c.y() - r * 0.85), QPointF(c.x() + r * 0.85, c.y()),
               QPointF(c.x(), c.y() + r * 0.85), QPointF(c.x() - r * 0.85, c.y())]
        p.drawPolygon(QPolygonF(pts))
    elif shape == "square-x":
        q = QRectF(c.x() - r * 0.65, c.y() - r * 0.65, r * 1.3, r * 1.3)
        p.drawRect(q)
        p.setPen(QPen(QColor(255, 255, 255, alpha), width))
        p.drawLine(q.topLeft(), q.bottomRight())
        p.drawLine(q.bottomLeft(), q.topRight())
    elif shape == "pentagon":
        pts = [QPointF(c.x() + r * 0.82 * math.sin(2 * math.pi * i / 5),
                       c.y() - r * 0.82 * math.cos(2 * math.pi * i / 5)) for i in range(5)]
        p.drawPolygon(QPolygonF(pts))
    elif shape == "castle":
        path = QPainterPath()
        x0, x1, y0, y1 = c.x() - r * 0.7, c.x() + r * 0.7, c.y() - r * 0.7, c.y() + r * 0.7
        w = (x1 - x0) / 5
        path.moveTo(x0, y1)
        path.lineTo(x0, y0)
        for i in range(5):
            y = y0 if i % 2 == 0 else y0 + w
            path.lineTo(x0 + i * w, y)
            path.lineTo(x0 + (i + 1) * w, y)
        path.lineTo(x1, y1)
        path.closeSubpath()
        p.drawPath(path)
    elif shape == "plus":
        k, t = r * 0.8, r * 0.28
        path = QPainterPath()
        path.addRect(QRectF(c.x() - k, c.y() - t, 2 * k, 2 * t))
        path.addRect(QRectF(c.x() - t, c.y() - k, 2 * t, 2 * k))
        p.drawPath(path.simplified())
    elif shape == "star":
        pts = []
        for i in range(10):
            radius = r * (0.85 if i % 2 == 0 else 0.38)
            angle = math.pi * i / 5
            pts.append(QPointF(c.x() + radius * math.sin(angle), c.y() - radius * math.cos(angle)))
        p.drawPolygon(QPolygonF(pts))
    elif shape == "initial":
        p.setBrush(QBrush(QColor(255, 255, 255, alpha)))
        p.setPen(QPen(outline, max(1.0, s * 0.06)))
        p.drawEllipse(c, r * 0.8, r * 0.8)
        font = p.font()
        font.setPixelSize(max(6, int(s * 0.9)))
        font.setBold(True)
        p.setFont(font)
        p.drawText(rect, Qt.AlignmentFlag.AlignCenter, "i")
    else:  # dot
        p.drawEllipse(c, r * 0.4, r * 0.4)


_PIXMAPS: dict[tuple[object, ...], QPixmap] = {}


def shape_pixmap(kind: Mark, size: int, safe: bool, alpha: int, dpr: float) -> QPixmap:
    """The mark of ``kind`` pre-rendered at ``size`` logical pixels for a ``dpr`` screen.

    Antialiased translucent shapes are slow to rasterise; a board repaints hundreds of them per
    keystroke, so each distinct mark is drawn once and blitted after that.
    """
    key = (kind, size, safe, alpha, dpr)
    pix = _PIXMAPS.get(key)
    if pix is None:
        side = max(1, math.ceil(size * dpr))
        pix = QPixmap(side, side)
        pix.fill(Qt.GlobalColor.transparent)
        pix.setDevicePixelRatio(dpr)
        p = QPainter(pix)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        draw_shape(p, kind, QRectF(0, 0, size, size), safe, alpha)
        p.end()
        if len(_PIXMAPS) > 2000:
            _PIXMAPS.clear()
        _PIXMAPS[key] = pix
    return pix


def blit_shape(p: QPainter, kind: Mark, rect: QRectF, safe: bool, alpha: int = 255) -> None:
    """Draw the mark of ``kind`` into ``rect`` from the pixmap cache (same look as draw_shape)."""
    size = max(1, round(rect.width()))
    dpr = p.device().devicePixelRatioF() if p.device() is not None else 1.0
    pix = shape_pixmap(kind, size, safe, alpha, dpr)
    p.drawPixmap(QPointF(round(rect.center().x() - size / 2), round(rect.center().y() - size / 2)),
                 pix)


class LegendWidget(QWidget):
    """The on-screen legend: each shown class's shape, in its palette colour, with its name."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self._kinds: tuple[Mark, ...] = ()
        self._safe = False
        self.note = ""   # shown after the entries (e.g. why the marks are dimmed)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        self.setToolTip("What the marks on the board mean: colour and shape name the move class")

    @property
    def kinds(self) -> tuple[Mark, ...]:
        return self._kinds

    def set_kinds(self, kinds: Iterable[Mark], safe: bool, note: str = "") -> None:
        """Show these classes (in legend order), and an optional note after them."""
        ordered = tuple(k for k in ORDER if k in set(kinds))
        if ordered != self._kinds or safe != self._safe or note != self.note:
            self._kinds, self._safe, self.note = ordered, safe, note
            self.updateGeometry()
            self.update()

    def _layout(self, width: int) -> list[tuple[Mark | None, QRectF, QRectF]]:
        fm = self.fontMetrics()
        h = fm.height() + 6
        x, y = 4.0, 2.0
        out: list[tuple[Mark | None, QRectF, QRectF]] = []
        entries: list[Mark | None] = list(self._kinds)
        if self.note or not self._kinds:
            entries.append(None)          # the note, or "No moves from this square"
        for kind in entries:
            label = LOOKS[kind].label if kind else (self.note or "No moves from this square")
            w = float((h + 4 if kind else 0) + fm.horizontalAdvance(label) + 14)
            if x + w > width and x > 4:
                x, y = 4.0, y + h + 2
            w = min(w, max(width - x, h + 20.0))     # an entry wider than the legend is elided
            text_x = x + h + 4 if kind else x
            out.append((kind, QRectF(x, y, h, h), QRectF(text_x, y, x + w - text_x, h)))
            x += w
        return out

    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, width: int) -> int:
        rows = self._layout(width)
        return int(rows[-1][1].bottom()) + 4

    def sizeHint(self) -> QSize:
        return QSize(400, self.heightForWidth(max(self.width(), 400)))

    def resizeEvent(self, event: QResizeEvent) -> None:
        self.setMinimumHeight(self.heightForWidth(self.width()))
        super().resizeEvent(event)

    def paintEvent(self, event: QPaintEvent) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        for kind, shape_rect, text_rect in self._layout(self.width()):
            if kind:
                p.save()
                draw_shape(p, kind, shape_rect.adjusted(1, 1, -1, -1), self._safe)
                p.restore()
            p.setPen(self.palette().color(self.foregroundRole()))
            label = LOOKS[kind].label if kind else (self.note or "No moves from this square")
            label = self.fontMetrics().elidedText(label, Qt.TextElideMode.ElideRight,
                                                  int(text_rect.width()))
            p.drawText(text_rect, LEFT_MIDDLE, label)
        p.end()

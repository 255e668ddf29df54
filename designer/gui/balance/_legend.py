"""The legend of the piece view's heat map and engine differences: the colour scale with its
lowest and highest numbers, what a hatched square means, and the engine-differences mark."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QBrush, QColor, QLinearGradient, QPainter, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from ...balance.scale import DIFFERENCE, MISSING, STOPS
from PySide6.QtGui import QPaintEvent
from typing import TYPE_CHECKING

if TYPE_CHECKING:   # the heat maps load when one is first asked for
    from ...balance.heat import HeatMap

BAR_WIDTH = 150


def missing_brush() -> QBrush:
    """How a square without a number looks: grey, hatched."""
    return QBrush(QColor(MISSING), Qt.BrushStyle.BDiagPattern)


def paint_difference(p: QPainter, rect: QRectF) -> None:
    """The engine-differences mark: a thick frame and a corner flag in a colour of its own."""
    w = max(2.0, rect.width() * 0.08)
    p.save()
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.setPen(QPen(QColor(DIFFERENCE), w, Qt.PenStyle.SolidLine, Qt.PenCapStyle.SquareCap,
                  Qt.PenJoinStyle.MiterJoin))
    p.drawRect(rect.adjusted(w / 2, w / 2, -w / 2, -w / 2))
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(QColor(DIFFERENCE))
    c = rect.width() * 0.32
    corner = rect.topRight()
    p.drawPolygon([corner, corner - QPointF(c, 0), corner + QPointF(0, c)])
    p.restore()


class HeatLegend(QWidget):
    """Shows the scale of ``heat`` (when set) and the engine-differences entry (when on)."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.heat: HeatMap | None = None
        self.differences = False
        self.difference_note = ""
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)

    def set_state(self, heat: HeatMap | None, differences: bool, note: str = "") -> None:
        self.heat, self.differences, self.difference_note = heat, differences, note
        self.setVisible(heat is not None or differences)
        self.setToolTip(self._tip())
        self.updateGeometry()
        self.update()

    def _tip(self) -> str:
        parts = []
        if self.heat is not None:
            parts.append(f"{self.heat.title}: {self.heat.unit}; from "
                         f"{_num(self.heat.low)} (dark) to {_num(self.heat.high)} (light)")
        if self.differences:
            parts.append("Framed squares: XBoard 4.9 or Fairy-Stockfish moves this piece "
                         "differently there (hover a square for how)")
            if self.difference_note:
                parts.append(self.difference_note)
        return "\n".join(parts)

    def _rows(self) -> int:
        return (self.heat is not None) + self.differences

    def sizeHint(self) -> QSize:
        h = self.fontMetrics().height() + 8
        return QSize(400, max(1, self._rows()) * h + 4)

    def minimumSizeHint(self) -> QSize:
        return self.sizeHint()

    def paintEvent(self, event: QPaintEvent) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        fm = self.fontMetrics()
        h = fm.height() + 8
        y = 2.0
        ink = self.palette().color(self.foregroundRole())
        if self.heat is not None:
            m = self.heat
            x = 4.0
            label = f"{m.title}:"
            p.setPen(ink)
            p.drawText(QRectF(x, y, fm.horizontalAdvance(label) + 4, h),
                       Qt.AlignmentFlag.AlignVCenter, label)
            x += fm.horizontalAdvance(label) + 10
            low = _num(m.low)
            p.drawText(QRectF(x, y, fm.horizontalAdvance(low) + 2, h),
                       Qt.AlignmentFlag.AlignVCenter, low)
            x += fm.horizontalAdvance(low) + 6
            grad = QLinearGradient(x, 0, x + BAR_WIDTH, 0)
            for i, (r, g, b) in enumerate(STOPS):
                grad.setColorAt(i / (len(STOPS) - 1), QColor(r, g, b))
            p.fillRect(QRectF(x, y + 3, BAR_WIDTH, h - 6), grad)
            x += BAR_WIDTH + 6
            high = _num(m.high)
            p.drawText(QRectF(x, y, fm.horizontalAdvance(high) + 2, h),
                       Qt.AlignmentFlag.AlignVCenter, high)
            x += fm.horizontalAdvance(high) + 14
            if any(v is None for v in m.values):
                p.fillRect(QRectF(x, y + 3, h - 6, h - 6), QColor("#d1d5db"))
                p.fillRect(QRectF(x, y + 3, h - 6, h - 6), missing_brush())
                x += h
                p.drawText(QRectF(x, y, fm.horizontalAdvance(m.missing) + 4, h),
                           Qt.AlignmentFlag.AlignVCenter, m.missing)
                x += fm.horizontalAdvance(m.missing) + 14
            p.drawText(QRectF(x, y, max(0.0, self.width() - x), h),
                       Qt.AlignmentFlag.AlignVCenter,
                       fm.elidedText(f"({m.unit})", Qt.TextElideMode.ElideRight,
                                     int(max(0.0, self.width() - x))))
            y += h
        if self.differences:
            paint_difference(p, QRectF(4, y + 2, h - 4, h - 4))
            p.setPen(ink)
            text = "XBoard 4.9 or Fairy-Stockfish moves this piece differently here"
            if self.difference_note:
                text += f" — {self.difference_note}"
            p.drawText(QRectF(h + 6, y, self.width() - h - 8, h), Qt.AlignmentFlag.AlignVCenter,
                       fm.elidedText(text, Qt.TextElideMode.ElideRight, self.width() - h - 8))
        p.end()


def _num(v: float) -> str:
    return f"{v:.0f}" if float(v).is_integer() else f"{v:.1f}"


__all__ = ["HeatLegend", "missing_brush", "paint_difference"]

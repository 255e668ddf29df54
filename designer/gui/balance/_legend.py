"""The legend of the piece view's heat map and engine differences: the colour scale with its
lowest and highest numbers, what a hatched square means, and the engine-differences mark."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRect, QRectF, QSize, Qt
from PySide6.QtGui import QBrush, QColor, QLinearGradient, QPainter, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from ...balance.scale import DIFFERENCE, MISSING, STOPS
from PySide6.QtGui import QPaintEvent, QResizeEvent
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

    def layout_items(self, width: int) -> tuple[list[LegendItem], int]:
        """Where each part of the legend goes at ``width`` pixels, and the height it takes.
        Parts flow left to right and wrap to a new line where the next does not fit; a text
        longer than a line wraps between words (nothing is cut off or elided)."""
        fm = self.fontMetrics()
        h = float(fm.height() + 8)
        right = float(max(width - 4, 60))
        items: list[LegendItem] = []
        x, y = 4.0, 2.0

        def wrapped(text: str, w: float) -> float:
            flags = int(Qt.AlignmentFlag.AlignLeft | Qt.TextFlag.TextWordWrap)
            return max(h, fm.boundingRect(QRect(0, 0, int(w), 100000), flags, text).height()
                       + 8.0)

        def place(w: float, parts: list[tuple[str, float, str]], gap: float) -> None:
            """One chunk of ``parts`` (kind, width, text) kept together on a line."""
            nonlocal x, y
            if x > 4.0 and x + w > right:
                x, y = 4.0, y + h
            for kind, pw, text in parts:
                items.append(LegendItem(kind, QRectF(x, y, pw, h), text))
                x += pw
            x += gap

        if self.heat is not None:
            m = self.heat
            title, low, high = f"{m.title}:", _num(m.low), _num(m.high)
            place(fm.horizontalAdvance(title) + 4, [("text", fm.horizontalAdvance(title) + 4,
                                                     title)], 6)
            bar = float(BAR_WIDTH)
            scale = fm.horizontalAdvance(low) + fm.horizontalAdvance(high) + 20
            bar = max(40.0, min(bar, right - 4 - scale))
            place(scale + bar, [("text", fm.horizontalAdvance(low) + 4, low),
                                ("gap", 4, ""), ("bar", bar, ""), ("gap", 6, ""),
                                ("text", fm.horizontalAdvance(high) + 6, high)], 12)
            if any(v is None for v in m.values):
                place(h + fm.horizontalAdvance(m.missing) + 4,
                      [("missing", h, ""), ("text", fm.horizontalAdvance(m.missing) + 4,
                                            m.missing)], 12)
            unit = f"({m.unit})"
            w = fm.horizontalAdvance(unit) + 4
            if w <= right - 4:
                place(w, [("text", w, unit)], 6)
            else:                                   # a long unit: its own lines, wrapped
                x, y = 4.0, y + h
                items.append(LegendItem("wrapped", QRectF(x, y, right - 4, wrapped(
                    unit, right - 4)), unit))
                y += items[-1].rect.height() - h
            x, y = 4.0, y + h
        if self.differences:
            text = "XBoard 4.9 or Fairy-Stockfish moves this piece differently here"
            if self.difference_note:
                text += f" — {self.difference_note}"
            items.append(LegendItem("difference", QRectF(4, y + 2, h - 4, h - 4), ""))
            tw = right - h - 4
            items.append(LegendItem("wrapped", QRectF(h + 6, y, tw, wrapped(text, tw)), text))
            y += items[-1].rect.height()
        return items, int(y + 2)

    def sizeHint(self) -> QSize:
        return QSize(400, max(self.fontMetrics().height() + 12,
                              self.layout_items(self.width() or 400)[1]))

    def minimumSizeHint(self) -> QSize:
        return QSize(120, self.sizeHint().height())

    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, width: int) -> int:
        return self.layout_items(width)[1]

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        needed = self.layout_items(self.width())[1]
        if needed != self.height():
            self.setFixedHeight(needed)     # a narrower legend takes more lines

    def paintEvent(self, event: QPaintEvent) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.setPen(self.palette().color(self.foregroundRole()))
        for item in self.layout_items(self.width())[0]:
            r = item.rect
            if item.kind == "text":
                p.drawText(r, Qt.AlignmentFlag.AlignVCenter, item.text)
            elif item.kind == "wrapped":
                p.drawText(r, int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
                                  | Qt.TextFlag.TextWordWrap), item.text)
            elif item.kind == "bar":
                grad = QLinearGradient(r.left(), 0, r.right(), 0)
                for i, (red, green, blue) in enumerate(STOPS):
                    grad.setColorAt(i / (len(STOPS) - 1), QColor(red, green, blue))
                p.fillRect(r.adjusted(0, 3, 0, -3), grad)
            elif item.kind == "missing":
                box = QRectF(r.left(), r.top() + 3, r.height() - 6, r.height() - 6)
                p.fillRect(box, QColor("#d1d5db"))
                p.fillRect(box, missing_brush())
            elif item.kind == "difference":
                paint_difference(p, r)
        p.end()


@dataclass(frozen=True)
class LegendItem:
    """One part of the legend: ``kind`` (text, wrapped text, bar, missing swatch, difference
    mark, gap), where it goes and its text."""

    kind: str
    rect: QRectF
    text: str = ""


def _num(v: float) -> str:
    return f"{v:.0f}" if float(v).is_integer() else f"{v:.1f}"


__all__ = ["HeatLegend", "LegendItem", "missing_brush", "paint_difference"]

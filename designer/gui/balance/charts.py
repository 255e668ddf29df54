"""The balance report's charts in the window: the core's SVG (``designer.report.charts_svg``)
shown at any size with its proportions kept, and rendered to PNG (the dialog's *Save charts*
and ``variant-designer match --report --chart OUT.png``, which renders offscreen when no
window is open)."""

from __future__ import annotations

import os

from PySide6.QtCore import QByteArray, QRectF, QSize, Qt
from PySide6.QtGui import QGuiApplication, QImage, QPainter, QPaintEvent
from PySide6.QtSvg import QSvgRenderer
from PySide6.QtWidgets import QApplication, QSizePolicy, QWidget

PNG_SCALE = 2.0          # a PNG at twice the SVG's own size (sharp on high-density screens)


def _renderer(svg: str) -> QSvgRenderer:
    renderer = QSvgRenderer(QByteArray(svg.encode("utf-8")))
    if not renderer.isValid():
        raise RuntimeError("the chart is not a picture Qt can draw")
    renderer.setAspectRatioMode(Qt.AspectRatioMode.KeepAspectRatio)
    return renderer


def svg_image(svg: str, scale: float = PNG_SCALE) -> QImage:
    """The picture ``svg`` as an image ``scale`` times its own size, on white."""
    renderer = _renderer(svg)
    size = renderer.defaultSize()
    image = QImage(QSize(round(size.width() * scale), round(size.height() * scale)),
                   QImage.Format.Format_ARGB32)
    image.fill(Qt.GlobalColor.white)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
    renderer.render(painter, QRectF(0, 0, image.width(), image.height()))
    painter.end()
    return image


def save_png(svg: str, path: str, scale: float = PNG_SCALE) -> None:
    """Write ``svg`` as a PNG file (``path`` ends in .png; ``RuntimeError`` when it cannot)."""
    if QGuiApplication.instance() is None:
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")   # a command, no window
        # a QApplication, not a bare QGuiApplication: windows made later in the same process
        # (a test session, a script) need the widgets' application object
        _app = QApplication([])                                  # noqa: F841 (kept alive)
        _keep.append(_app)
    if not svg_image(svg, scale).save(path):     # PNG by the suffix
        raise RuntimeError(f"{path}: cannot be written")


_keep: list[QApplication] = []


class ChartView(QWidget):
    """Shows an SVG chart scaled to the widget, its proportions kept, centred."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.svg = ""
        self._renderer: QSvgRenderer | None = None
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setMinimumSize(320, 230)

    def set_svg(self, svg: str) -> None:
        self.svg = svg
        self._renderer = _renderer(svg) if svg else None
        self.setToolTip("" if svg else "The charts appear once games have been played")
        self.update()

    def sizeHint(self) -> QSize:
        return QSize(640, 484)

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.fillRect(self.rect(), Qt.GlobalColor.white)
        if self._renderer is None:
            painter.setPen(Qt.GlobalColor.gray)
            painter.drawText(self.rect(), Qt.AlignmentFlag.AlignCenter,
                             "The charts appear once games have been played")
        else:
            painter.setRenderHint(QPainter.RenderHint.Antialiasing)
            self._renderer.render(painter, QRectF(self.rect()))
        painter.end()


__all__ = ["ChartView", "PNG_SCALE", "save_png", "svg_image"]

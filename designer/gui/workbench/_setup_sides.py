"""The setup editor's side boxes (promotion zone, castling, pieces in hand), placed where the
board leaves room: a column beside the board when the editor is wide, tabs under it when it is
narrow (a 1366x768 screen with the docks open), so the board never shrinks to a stamp and no
box is clipped — each box scrolls inside its place when it is taller than the room.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (QGroupBox, QScrollArea, QStackedLayout, QTabWidget, QVBoxLayout,
                               QWidget)

COLUMN_WIDTH = 290
TABS_HEIGHT = 150
_NO_LIMIT = 16777215          # QWIDGETSIZE_MAX


def _scroller(widget: QWidget | None = None) -> QScrollArea:
    area = QScrollArea()
    area.setWidgetResizable(True)
    area.setFrameShape(QScrollArea.Shape.NoFrame)
    area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    if widget is not None:
        area.setWidget(widget)
    return area


class SideBoxes(QWidget):
    """``boxes`` as a column (``beside=True``) or as tabs under the board."""

    def __init__(self, boxes: list[QGroupBox], parent: QWidget | None = None):
        super().__init__(parent)
        self.boxes = boxes
        self.titles = [b.title() for b in boxes]
        self.column = QWidget()
        self.column_lay = QVBoxLayout(self.column)
        self.column_lay.setContentsMargins(0, 0, 0, 0)
        self.column_lay.addStretch(1)
        self.column_area = _scroller(self.column)
        self.tabs = QTabWidget()
        self.tabs.setDocumentMode(True)
        self.holders: list[QVBoxLayout] = []
        for title in self.titles:
            holder = QWidget()
            holder_lay = QVBoxLayout(holder)
            holder_lay.setContentsMargins(0, 0, 0, 0)
            holder_lay.addStretch(1)            # a box keeps its height, at the top of its tab
            self.holders.append(holder_lay)
            self.tabs.addTab(_scroller(holder), title)
        self.stack = QStackedLayout(self)
        self.stack.addWidget(self.column_area)
        self.stack.addWidget(self.tabs)
        self.beside: bool | None = None
        self.set_beside(True)

    def set_beside(self, beside: bool) -> None:
        """Put the boxes in the column (True) or in the tabs (False)."""
        if beside == self.beside:
            return
        self.beside = beside
        for i, (box, title) in enumerate(zip(self.boxes, self.titles)):
            if beside:
                self.holders[i].removeWidget(box)
                box.setTitle(title)
                self.column_lay.insertWidget(i, box)
            else:
                self.column_lay.removeWidget(box)
                box.setTitle("")
                self.holders[i].insertWidget(0, box)
            box.show()
        self.stack.setCurrentIndex(0 if beside else 1)
        if beside:
            self.setFixedWidth(COLUMN_WIDTH)
            self.setMinimumHeight(0)
            self.setMaximumHeight(_NO_LIMIT)
        else:
            self.setMinimumWidth(0)
            self.setMaximumWidth(_NO_LIMIT)
            self.setFixedHeight(TABS_HEIGHT)

    def show_box(self, box: QGroupBox) -> None:
        """Bring ``box`` into view (its tab when the boxes are tabs)."""
        if not self.beside:
            self.tabs.setCurrentIndex(self.boxes.index(box))
        else:
            self.column_area.ensureWidgetVisible(box)


__all__ = ["SideBoxes", "COLUMN_WIDTH", "TABS_HEIGHT"]

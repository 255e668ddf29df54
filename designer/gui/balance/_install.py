"""Puts the balance panels into the main window: the *Piece values* dock beside the piece
palette, and the heat maps and engine differences on the piece view (with their entries in
the *View* menu)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QActionGroup, QKeySequence

from ._heat_view import MODES, PieceViewExtras
from ._values_panel import ValuesPanel
from typing import TYPE_CHECKING
from PySide6.QtWidgets import QMenu

if TYPE_CHECKING:   # annotations only: the window imports this module
    from ..window import MainWindow


def install(window: MainWindow) -> tuple[ValuesPanel, PieceViewExtras]:
    """Give ``window`` (a ``MainWindow``) its values panel and piece-view extras."""
    panel = ValuesPanel(window.doc)
    dock = window.add_panel(panel, "Piece values", Qt.DockWidgetArea.LeftDockWidgetArea,
                            "ValuesDock")
    window.values_dock = dock
    window.tabifyDockWidget(window.pieces_dock, dock)
    window.pieces_dock.raise_()
    extras = PieceViewExtras(window.view, window.doc)
    _menu(window, extras)
    return panel, extras


def _menu(window: MainWindow, extras: PieceViewExtras) -> None:
    view_menu = next((menu for a in window.menuBar().actions()
                      if a.text().replace("&", "") == "View"
                      and isinstance(menu := a.menu(), QMenu)), None)
    if view_menu is None:
        return
    heat = view_menu.addMenu("&Heat map")
    group = QActionGroup(window)
    acts = getattr(window, "acts", {})
    for i, (key, label) in enumerate(MODES.items()):
        act = QAction(label.removeprefix("Heat map: ").capitalize(), window, checkable=True)
        act.setData(key)
        act.setShortcut(QKeySequence(f"Ctrl+Alt+{i}"))
        act.setStatusTip(extras.box.itemData(i, Qt.ItemDataRole.ToolTipRole))
        act.setChecked(key == extras.mode)
        act.triggered.connect(lambda _on=False, k=key: extras.set_mode(k))
        group.addAction(act)
        heat.addAction(act)
        acts[f"heat:{key}"] = act
    extras.box.currentIndexChanged.connect(
        lambda i: group.actions()[i].setChecked(True))
    diff = QAction("Engine &differences", window, checkable=True)
    diff.setShortcut(QKeySequence("Ctrl+Alt+D"))
    diff.setStatusTip(extras.diff_box.toolTip())
    diff.toggled.connect(extras.set_differences)
    extras.diff_box.toggled.connect(diff.setChecked)
    view_menu.addAction(diff)
    acts["differences"] = diff
    values = getattr(window, "values_dock", None)
    if values is not None:
        show = QAction("Piece &values", window)
        show.setShortcut(QKeySequence("Ctrl+Shift+V"))
        show.setStatusTip("Show the piece values panel")
        show.triggered.connect(lambda: (values.show(), values.raise_()))
        view_menu.addAction(show)
        acts["values"] = show


__all__ = ["install"]

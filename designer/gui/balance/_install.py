"""Puts the balance panels into the main window: the *Piece values* dock beside the piece
palette, the heat maps and engine differences on the piece view (with their entries in
the *View* menu), *Variant > Balance report…* (whose fitted values fill the dock's fitted
column) and *Variant > Compare with…* (two versions side by side)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QSettings, Qt
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import QDockWidget, QWidget

from .. import document as D
from ._heat_view import MODES, PieceViewExtras
from ..window.lazy_panels import LazyDock

if TYPE_CHECKING:   # annotations only: the window imports this module
    from ..window import MainWindow
    from ._compare_dialog import CompareDialog
    from ._compare_dialog import CompareDialog
    from ._report_dialog import BalanceReportDialog
    from ._values_panel import ValuesPanel
    from ...balance import FittedValues


def install(window: MainWindow) -> tuple[LazyDock[ValuesPanel], PieceViewExtras]:
    """Give ``window`` (a ``MainWindow``) its values panel (built when its dock is first
    shown) and piece-view extras."""
    launcher = ReportLauncher(window.doc, window.settings, window)

    def build() -> ValuesPanel:
        from ._values_panel import ValuesPanel
        panel = ValuesPanel(window.doc)
        panel.reports = launcher
        return panel
    dock = window.add_panel(QWidget(), "Piece values", Qt.DockWidgetArea.LeftDockWidgetArea,
                            "ValuesDock")
    values = launcher.values = LazyDock(dock, build)
    window.tabifyDockWidget(window.pieces_dock, dock)
    window.pieces_dock.raise_()
    extras = PieceViewExtras(window.view, window.doc)
    _menu(window, extras, dock)
    _report_action(window, launcher)
    return values, extras


def _report_action(window: MainWindow, launcher: ReportLauncher) -> None:
    """*Variant > Balance report…*: one dialog per window (``ReportLauncher``), stopped with
    the panel when the window closes."""
    act = window.acts.add("balance_report", QAction("&Balance report…", window))
    act.setShortcut(QKeySequence("Ctrl+Shift+B"))
    act.setStatusTip("Self-play games of this variant: who wins how often, the first-move "
                     "advantage, game lengths and the piece values fitted from play")
    act.triggered.connect(lambda: launcher.show())
    menu = window.menus["variant"]
    menu.addSeparator()
    menu.addAction(act)
    compare = window.acts.add("compare_with", QAction("&Compare with…", window))
    compare.setStatusTip("Play the same balance run on this variant and on another version "
                         "from a file, and show both with their differences")
    compare.triggered.connect(lambda: launcher.ask_compare())
    menu.addAction(compare)


class ReportLauncher:
    """Makes the window's balance report dialog when first asked for, shows it, sends its
    fitted values to the panel, and stops its run when the window closes."""

    def __init__(self, doc: D.VariantDocument, settings: QSettings | None, window: QWidget):
        self.doc, self.settings, self.window = doc, settings, window
        self.values: LazyDock[ValuesPanel] | None = None    # the panel the fitted values fill
        self.dialog: BalanceReportDialog | None = None
        self.comparer: CompareDialog | None = None

    def show(self) -> BalanceReportDialog:
        if self.dialog is None:
            # The dialog, with the match and report machinery, loads when first asked for.
            from ._report_dialog import BalanceReportDialog
            self.dialog = BalanceReportDialog(self.doc, self.settings, self.window)
            self.dialog.fitted.connect(self._fitted)
        self.dialog.show()
        self.dialog.raise_()
        self.dialog.activateWindow()
        return self.dialog

    def ask_compare(self) -> None:
        """Choose the other version's file, then compare (a file that cannot be read says
        why)."""
        from PySide6.QtWidgets import QFileDialog
        path, _ = QFileDialog.getOpenFileName(self.window, "Compare with the variant in",
                                              "", "Variant files (*.ini *.pgn *.eng *.txt);;"
                                              "All files (*)")
        if path:
            self.compare_with(path)

    def compare_with(self, path: str) -> CompareDialog | None:
        """The comparison dialog of this window's variant against the one in ``path``."""
        from PySide6.QtWidgets import QMessageBox
        from ...commands.fsf_parents import playable
        from ...notation.errors import DesignerError
        try:
            other = playable(path)
        except (DesignerError, OSError, ValueError, KeyError) as e:
            QMessageBox.warning(self.window, "Cannot compare", f"{path}: {e}")
            return None
        from ._compare_dialog import CompareDialog
        if self.comparer is not None:
            self.comparer.shutdown()
            self.comparer.deleteLater()
        import os
        self.comparer = CompareDialog(self.doc, other, os.path.basename(path), self.settings,
                                      self.window)
        self.comparer.show()
        self.comparer.raise_()
        return self.comparer

    def _fitted(self, fitted: FittedValues | None, unfitted: str = "") -> None:
        if self.values is not None:
            self.values.panel().set_fitted(fitted, unfitted)

    def shutdown(self) -> None:
        if self.dialog is not None:
            self.dialog.shutdown()
        if self.comparer is not None:
            self.comparer.shutdown()


def _menu(window: MainWindow, extras: PieceViewExtras, values: QDockWidget) -> None:
    view_menu = window.menus["view"]
    heat = window.menus.add("heat", view_menu.addMenu("&Heat map"))
    group = QActionGroup(window)
    acts = window.acts
    for i, (key, label) in enumerate(MODES.items()):
        act = acts.add(acts.name(f"heat:{key}"), QAction(
            label.removeprefix("Heat map: ").capitalize(), window, checkable=True))
        act.setData(key)
        act.setShortcut(QKeySequence(f"Ctrl+Alt+{i}"))
        act.setStatusTip(extras.box.itemData(i, Qt.ItemDataRole.ToolTipRole))
        act.setChecked(key == extras.mode)
        act.triggered.connect(lambda _on=False, k=key: extras.set_mode(k))
        group.addAction(act)
        heat.addAction(act)
    extras.box.currentIndexChanged.connect(
        lambda i: group.actions()[i].setChecked(True))
    diff = acts.add("differences", QAction("Engine &differences", window, checkable=True))
    diff.setShortcut(QKeySequence("Ctrl+Alt+D"))
    diff.setStatusTip(extras.diff_box.toolTip())
    diff.toggled.connect(extras.set_differences)
    extras.diff_box.toggled.connect(diff.setChecked)
    view_menu.addAction(diff)
    show = acts.add("values", QAction("Piece &values", window))
    show.setShortcut(QKeySequence("Ctrl+Shift+V"))
    show.setStatusTip("Show the piece values panel")
    show.triggered.connect(values.show)
    show.triggered.connect(values.raise_)
    view_menu.addAction(show)


__all__ = ["install"]

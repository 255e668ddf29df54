"""The *Piece values* panel: every piece of the document's variant, every estimate side by side.

It reads the window's one document and nothing else: when the pieces, the board or the setup
change it computes again, in a worker thread (``_worker.Runner``), with a progress bar and a
Cancel button; a panel that is hidden waits until it is shown. The table sorts by any column;
each cell's tooltip says how its number was computed or why there is none, and a piece whose
estimates disagree by more than a factor of 1.5 carries a warning, spelt out under the table
for the selected piece. Selecting a row selects that piece in the window. *Fit from play*
(``FitBar``) plays self-play games in the background and fills the fitted column; a balance
report does too (``set_fitted``).
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QItemSelectionModel, QSortFilterProxyModel, Qt, QTimer, Signal
from PySide6.QtWidgets import (QAbstractItemView, QCheckBox, QHBoxLayout, QHeaderView, QLabel,
                               QProgressBar, QPushButton, QTableView, QVBoxLayout, QWidget)

from ...balance import Cancelled, FittedValues, ValueTable, piece_values
from ...variant.model import Variant
from ...variant import aspects as A
from ...vocabulary import Aspect
from .. import document as D
from ._fit_bar import FitBar
from ._values_model import LETTER_ROLE, SORT_ROLE, ValuesModel
from ._worker import Progress, Runner
from PySide6.QtGui import QShowEvent

DEBOUNCE_MS = 300          # edits arriving closer than this are computed once
_RELEVANT: frozenset[Aspect] = frozenset({A.PIECES, A.SETUP, A.BOARD, A.HOLDINGS, A.PROMOTION,
                                          A.PROPERTIES})


class ValuesPanel(QWidget):
    """The panel (see the module docstring). ``computed`` is emitted with each table shown."""

    computed = Signal(object)

    def __init__(self, doc: D.VariantDocument, parent: QWidget | None = None):
        super().__init__(parent)
        self.doc = doc
        self.fitted: FittedValues | None = None
        self.unfitted = ""                 # why the last games gave no fitted values
        self.reports: Any = None           # the window's balance report (``ReportLauncher``)
        self.table_shown: ValueTable | None = None
        self._dirty = True
        self._syncing = False
        self.runner = Runner(self, "piece-values")
        self.model = ValuesModel(self)
        self.proxy = QSortFilterProxyModel(self)
        self.proxy.setSourceModel(self.model)
        self.proxy.setSortRole(SORT_ROLE)

        self.knight3 = QCheckBox("Knight = &3")
        self.knight3.setToolTip("Scale every estimate so that a Knight is worth 3 (each method "
                                "by its own Knight on this board); otherwise in pawns")
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        self.summary.setTextFormat(Qt.TextFormat.PlainText)
        self.bar = QProgressBar()
        self.bar.setTextVisible(True)
        self.bar.setFormat("Estimating %v of %m pieces…")
        self.cancel_button = QPushButton("Cancel")
        self.cancel_button.setToolTip("Stop estimating (the table keeps the last values)")
        self.view = QTableView()
        self.view.setModel(self.proxy)
        self.view.setSortingEnabled(True)
        self.view.sortByColumn(0, Qt.SortOrder.AscendingOrder)
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.view.verticalHeader().setVisible(False)
        self.view.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.view.setWordWrap(False)
        self.warning = QLabel()
        self.warning.setWordWrap(True)
        self.warning.setTextFormat(Qt.TextFormat.PlainText)
        self.warning.setStyleSheet("QLabel { background: #fff4ce; color: #5c4400; "
                                   "border: 1px solid #e0c060; padding: 3px; }")
        self.warning.hide()
        self.detail = QLabel()
        self.detail.setWordWrap(True)
        self.detail.setTextFormat(Qt.TextFormat.PlainText)
        self.fit_bar = FitBar(doc)
        self.fit_note = QLabel()
        self.fit_note.setWordWrap(True)
        self.fit_note.setTextFormat(Qt.TextFormat.PlainText)
        self.fit_note.hide()

        top = QHBoxLayout()
        top.addWidget(self.knight3)
        top.addStretch(1)
        busy = QHBoxLayout()
        busy.addWidget(self.bar, 1)
        busy.addWidget(self.cancel_button)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(4, 4, 4, 4)
        lay.addLayout(top)
        lay.addWidget(self.fit_bar)
        lay.addWidget(self.fit_note)
        lay.addWidget(self.summary)
        lay.addLayout(busy)
        lay.addWidget(self.view, 1)
        lay.addWidget(self.warning)
        lay.addWidget(self.detail)
        self._show_busy(False)

        self._timer = QTimer(self, singleShot=True, interval=DEBOUNCE_MS)
        self._timer.timeout.connect(self.compute)
        self.knight3.toggled.connect(lambda _on: self.schedule())
        self.cancel_button.clicked.connect(self.runner.cancel)
        self.runner.finished.connect(self._finished)
        self.runner.failed.connect(self._failed)
        self.runner.progress.connect(self._progress)
        self.runner.busy_changed.connect(self._show_busy)
        self.fit_bar.fitted.connect(self._fitted_from_play)
        self.fit_bar.message.connect(self._fit_message)
        self.view.selectionModel().currentRowChanged.connect(self._row_changed)
        doc.changed.connect(self._doc_changed)
        doc.selection_changed.connect(self._select_letter)
        self.schedule()

    # -- when to compute -------------------------------------------------------------------
    def _doc_changed(self, aspects: frozenset[Aspect]) -> None:
        if aspects & _RELEVANT or A.pieces_in(aspects):
            self.schedule()

    def schedule(self) -> None:
        """Compute again soon (at once when shown; on showing when hidden)."""
        self._dirty = True
        if self.isVisible():
            self._timer.start()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if self._dirty:
            self._timer.start()

    def set_fitted(self, fitted: FittedValues | None, unfitted: str = "") -> None:
        """Values fitted from play (a balance report's), shown in their column; ``unfitted``
        says why games that were played gave none."""
        self.fitted = fitted
        self.unfitted = "" if fitted is not None else unfitted
        self.schedule()

    def _fitted_from_play(self, fitted: FittedValues | None) -> None:
        if fitted is not None:
            self.set_fitted(fitted)

    def _fit_message(self, text: str) -> None:
        self.fit_note.setText(text)
        self.fit_note.setVisible(bool(text))

    def compute(self) -> int:
        """Start estimating the document's variant now; returns how many requests its runner has had."""
        self._dirty = False
        variant: Variant = self.doc.variant
        knight3, fitted, unfitted = self.knight3.isChecked(), self.fitted, self.unfitted
        self.bar.setRange(0, max(1, len(variant.pieces)))
        self.bar.setValue(0)

        def work(progress: Progress) -> ValueTable:
            return piece_values(variant, knight3=knight3, fitted=fitted, progress=progress,
                                unfitted=unfitted)
        return self.runner.run(work)

    # -- answers ---------------------------------------------------------------------------
    def _show_busy(self, busy: bool) -> None:
        self.bar.setVisible(busy)
        self.cancel_button.setVisible(busy)

    def _progress(self, done: int, total: int) -> None:
        self.bar.setRange(0, max(1, total))
        self.bar.setValue(done)

    def _finished(self, table: ValueTable) -> None:
        self.table_shown = table
        self.model.set_table(table)
        unit = "Knight = 3" if table.knight3 else "pawns"
        self.summary.setText(f"{table.variant}, {table.files}x{table.ranks}, values in {unit}. "
                             f"Crowded board: density {table.density:.2f} ({table.density_note}).")
        self.summary.setToolTip("Hover a cell for how its number was computed")
        self._select_letter(self.doc.selected)
        self.computed.emit(table)

    def _failed(self, message: str) -> None:
        if message == "cancelled" or message.startswith(Cancelled.__name__):
            self.summary.setText("Estimating was cancelled; the table shows the last values. "
                                 "Edit the variant or toggle Knight = 3 to estimate again.")
        else:
            self.summary.setText(f"The values could not be estimated: {message}")

    # -- selection -------------------------------------------------------------------------
    def _select_letter(self, letter: str) -> None:
        row = self.model.row_of(letter)
        if row < 0:
            self._row_changed()
            return
        index = self.proxy.mapFromSource(self.model.index(row, 0))
        self._syncing = True
        try:
            self.view.selectionModel().setCurrentIndex(
                index, QItemSelectionModel.SelectionFlag.ClearAndSelect
                | QItemSelectionModel.SelectionFlag.Rows)
        finally:
            self._syncing = False
        self._row_changed()

    def _row_changed(self, *_args: object) -> None:
        index = self.view.selectionModel().currentIndex()
        letter = self.proxy.data(index, LETTER_ROLE) if index.isValid() else None
        p = self.table_shown.piece(letter) if self.table_shown and letter else None
        if p is None:
            self.warning.hide()
            self.detail.setText("")
            return
        self.warning.setText(f"⚠ {p.name or p.letter}: {p.warning}")
        self.warning.setVisible(bool(p.warning))
        lines = [f"{e.label}: {e.explanation}" for e in p.estimates if e.pawns is not None]
        self.detail.setText("\n".join(lines) or f"{p.name or p.letter}: no estimate applies")
        if not self._syncing and isinstance(letter, str) and letter != self.doc.selected:
            self.doc.select(letter)

    def shutdown(self) -> None:
        self._timer.stop()
        self.fit_bar.shutdown()
        if self.reports is not None:
            self.reports.shutdown()
        self.runner.shutdown()


__all__ = ["ValuesPanel"]

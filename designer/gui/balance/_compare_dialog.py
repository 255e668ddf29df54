"""*Variant > Compare with…*: the document's variant (A) and another version from a file (B)
side by side. The run's settings (``ReportForm``, the same for both, with level openings
generated for each), then the games of A and of B played one run after the other in the
background (``ReportJob``), and the comparison (``designer.report.compare``): both versions'
figures with the difference B - A and its 95 % interval, as text and as a chart, filled in as
B's games finish. The comparison saves as text, JSON or SVG/PNG.
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

from PySide6.QtCore import QSettings, Signal
from PySide6.QtGui import QCloseEvent, QFontDatabase
from PySide6.QtWidgets import (QDialog, QFileDialog, QHBoxLayout, QLabel, QMessageBox,
                               QPlainTextEdit, QProgressBar, QPushButton, QTabWidget,
                               QVBoxLayout, QWidget)

from ...match import DEFAULT_MARGIN, MatchConfig
from ...report import (BalanceReport, Comparison, ReportRun, compare, compare_svg,
                       comparison_json, comparison_text, report_text)
from ...variant.model import Variant
from .. import document as D
from ._report_form import ReportForm
from ._report_job import ReportJob
from .charts import ChartView, save_png


class CompareDialog(QDialog):
    """The dialog (see the module docstring)."""

    compared = Signal(object)            # Comparison, when both runs have ended

    def __init__(self, doc: D.VariantDocument, other: Variant, other_name: str,
                 settings: QSettings | None = None, parent: QWidget | None = None):
        super().__init__(parent)
        self.doc, self.other, self.other_name = doc, other, other_name
        self.setWindowTitle(f"Compare with {other_name}")
        self.job = ReportJob(self)
        self.form = ReportForm(settings)
        self.form.balanced.setChecked(True)
        self.first: BalanceReport | None = None
        self.comparison: Comparison | None = None
        self._configs: list[MatchConfig] = []
        self.run_button = QPushButton("&Run")
        self.run_button.setDefault(True)
        self.cancel_button = QPushButton("Cancel")
        self.bar = QProgressBar()
        self.status = QLabel(f"A is this window's variant, B is {other_name}. Set up the run "
                             "and press Run.")
        self.status.setWordWrap(True)
        self.text = QPlainTextEdit()
        self.text.setReadOnly(True)
        self.text.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.text.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        self.chart = ChartView()
        self.tabs = QTabWidget()
        self.tabs.addTab(self.text, "&Comparison")
        self.tabs.addTab(self.chart, "C&hart")
        self.save_button = QPushButton("&Save…")
        self.save_button.setToolTip("The comparison as text, JSON, SVG or PNG")
        close = QPushButton("Close")
        row = QHBoxLayout()
        row.addWidget(self.run_button)
        row.addWidget(self.cancel_button)
        row.addWidget(self.bar, 1)
        save_row = QHBoxLayout()
        save_row.addWidget(self.save_button)
        save_row.addStretch(1)
        save_row.addWidget(close)
        lay = QVBoxLayout(self)
        lay.addWidget(self.form)
        lay.addLayout(row)
        lay.addWidget(self.status)
        lay.addWidget(self.tabs, 1)
        lay.addLayout(save_row)
        self.resize(760, 860)
        self.run_button.clicked.connect(self.start)
        self.cancel_button.clicked.connect(self.cancel)
        self.save_button.clicked.connect(self._ask_save)
        close.clicked.connect(self.close)
        self.job.game.connect(self._game)
        self.job.partial.connect(self._partial)
        self.job.finished.connect(self._finished)
        self.job.failed.connect(self._failed)
        self._busy(False)

    def start(self) -> bool:
        """Run A then B with the form's settings (False: refused, the status says why)."""
        if self.job.busy:
            return False
        try:
            a = self.form.config(self.doc.variant)
        except ValueError as e:
            self.status.setText(f"Cannot run: {e}")
            return False
        if a.balanced_cp is None:
            a = replace(a, balanced_cp=DEFAULT_MARGIN)
        self._configs = [a, replace(a, variant=self.other)]
        self.first = None
        self.comparison = None
        self._next()
        return True

    def _next(self) -> None:
        config = self._configs[0 if self.first is None else 1]
        which = "A" if self.first is None else "B"
        self.bar.setRange(0, config.games)
        self.bar.setValue(0)
        self.bar.setFormat(f"{which}: 0 of {config.games} games")
        self.status.setText(f"Playing {config.games:,} games of {which} "
                            f"({config.variant.name})…")
        self._busy(True)
        self.job.start(config, self.form.rule())

    def cancel(self) -> None:
        if self.job.busy:
            self.job.cancel()
            self._configs = []
            self.status.setText("Stopping: no comparison without both versions' games.")

    def _busy(self, busy: bool) -> None:
        self.run_button.setEnabled(not busy)
        self.cancel_button.setEnabled(busy)
        self.form.set_enabled(not busy)
        self.save_button.setEnabled(self.comparison is not None and not busy)

    def _game(self, done: int, total: int) -> None:
        self.bar.setValue(done)
        which = "A" if self.first is None else "B"
        self.bar.setFormat(f"{which}: {done:,} of {total:,} games")

    def _partial(self, report: BalanceReport) -> None:
        if self.first is None:
            self.text.setPlainText(report_text(report))
            return
        self._show(compare(self.first, report), live=True)

    def _show(self, comparison: Comparison, live: bool = False) -> None:
        self.comparison = comparison
        head = f"Live: B has {comparison.b.played:,} games so far\n\n" if live else ""
        self.text.setPlainText(head + comparison_text(comparison))
        self.chart.set_svg(compare_svg(comparison))

    def _finished(self, run: ReportRun) -> None:
        if not self._configs:                       # cancelled
            self._busy(False)
            self.status.setText("Stopped: no comparison without both versions' games.")
            return
        if self.first is None:
            self.first = run.report
            self._next()
            return
        comparison = compare(self.first, run.report)
        self._show(comparison)
        self._busy(False)
        self.status.setText(f"Compared: {comparison.a.played:,} games of A, "
                            f"{comparison.b.played:,} of B.")
        self.compared.emit(comparison)

    def _failed(self, message: str) -> None:
        self._busy(False)
        self.status.setText(f"The run could not be played: {message}")

    def _ask_save(self) -> None:
        path, chosen = QFileDialog.getSaveFileName(
            self, "Save the comparison", "comparison.txt",
            "Text (*.txt);;JSON (*.json);;SVG picture (*.svg);;PNG picture (*.png)")
        if not path:
            return
        if not Path(path).suffix:
            path += {"JSON": ".json", "SVG": ".svg", "PNG": ".png"}.get(chosen.split()[0],
                                                                      ".txt")
        try:
            self.save(path)
        except (OSError, RuntimeError, ValueError) as e:
            QMessageBox.warning(self, "Not saved", f"{path}: {e}")

    def save(self, path: str) -> None:
        """Write the comparison as .txt, .json, .svg or .png (by the suffix)."""
        if self.comparison is None:
            raise ValueError("no comparison to save yet")
        suffix = Path(path).suffix.lower()
        if suffix == ".json":
            Path(path).write_text(json.dumps(comparison_json(self.comparison), indent=1) + "\n",
                                  encoding="utf-8")
        elif suffix == ".svg":
            Path(path).write_text(compare_svg(self.comparison), encoding="utf-8")
        elif suffix == ".png":
            save_png(compare_svg(self.comparison), path)
        else:
            Path(path).write_text(comparison_text(self.comparison) + "\n", encoding="utf-8")
        self.status.setText(f"Saved the comparison to {path}.")

    def closeEvent(self, event: QCloseEvent) -> None:
        """Closing stops a run under way (a comparison needs both runs)."""
        self.cancel()
        super().closeEvent(event)

    def shutdown(self) -> None:
        self._configs = []
        self.job.shutdown()


__all__ = ["CompareDialog"]

"""*Variant > Balance report…*: self-play games of the document's variant and what they say.

The settings (``ReportForm``), *Run* and *Cancel*, a progress bar with the games done and the
time left, then the report as text and its charts (the win/draw/loss bar and the game-length
histogram), filled in as games finish (a live report of the games so far) and made final when
the run ends — also after Cancel, from the games played. The run can stop by itself once the
first-move advantage is known precisely enough (the form's precision). The games save as PGN, the report as
text or JSON, the charts as SVG or PNG; the fitted piece values go to the *Piece values*
panel's fitted column (``fitted`` signal). The run plays in a thread of its own and in
processes (``ReportJob``); closing the dialog hides it and the run goes on; closing the window
stops it (``shutdown``).
"""

from __future__ import annotations

import json
from pathlib import Path

from PySide6.QtCore import QSettings, Signal
from PySide6.QtGui import QCloseEvent, QFontDatabase
from PySide6.QtWidgets import (QCheckBox, QDialog, QFileDialog, QHBoxLayout, QLabel,
                               QMessageBox, QPlainTextEdit, QProgressBar, QPushButton,
                               QTabWidget, QVBoxLayout, QWidget)

from ...balance import FittedValues
from ...match import write_pgn
from ...report import BalanceReport, ReportRun, charts_svg, clock_text, report_json, report_text
from .. import document as D
from ._report_form import ReportForm
from ._report_job import ReportJob
from .charts import ChartView, save_png


class BalanceReportDialog(QDialog):
    """The dialog (see the module docstring)."""

    fitted = Signal(object)                  # FittedValues of the last run
    reported = Signal(object)                # ReportRun, when a run ends (done or stopped)

    def __init__(self, doc: D.VariantDocument, settings: QSettings | None = None,
                 parent: QWidget | None = None):
        super().__init__(parent)
        self.setWindowTitle("Balance report")
        self.doc = doc
        self.run: ReportRun | None = None
        self.live: BalanceReport | None = None     # the last report of a run under way
        self.job = ReportJob(self)
        self.form = ReportForm(settings)
        self.fill_values = QCheckBox("Fill the Piece values' fitted column from these games")
        self.fill_values.setChecked(True)
        self.run_button = QPushButton("&Run")
        self.run_button.setDefault(True)
        self.run_button.setToolTip("Play the games in the background and report on them")
        self.cancel_button = QPushButton("Cancel")
        self.cancel_button.setToolTip("Stop: the games under way end at their next move; the "
                                      "report is made from the games played")
        self.bar = QProgressBar()
        self.bar.setTextVisible(True)
        self.status = QLabel("Set up the run and press Run.")
        self.status.setWordWrap(True)
        self.text = QPlainTextEdit()
        self.text.setReadOnly(True)
        self.text.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.text.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        self.text.setPlaceholderText("The report appears here once games have been played.")
        self.chart = ChartView()
        self.tabs = QTabWidget()
        self.tabs.addTab(self.text, "&Report")
        self.tabs.addTab(self.chart, "C&harts")
        self.save_games_button = QPushButton("Save &games…")
        self.save_games_button.setToolTip("The games as PGN (XBoard reads them)")
        self.save_report_button = QPushButton("Save r&eport…")
        self.save_report_button.setToolTip("The report as text (.txt) or JSON (.json)")
        self.save_charts_button = QPushButton("Save c&harts…")
        self.save_charts_button.setToolTip("The charts as SVG or PNG")
        close = QPushButton("Close")
        close.setToolTip("Hide this dialog; a run under way goes on")

        run_row = QHBoxLayout()
        run_row.addWidget(self.run_button)
        run_row.addWidget(self.cancel_button)
        run_row.addWidget(self.bar, 1)
        save_row = QHBoxLayout()
        for b in (self.save_games_button, self.save_report_button, self.save_charts_button):
            save_row.addWidget(b)
        save_row.addStretch(1)
        save_row.addWidget(close)
        lay = QVBoxLayout(self)
        lay.addWidget(self.form)
        lay.addWidget(self.fill_values)
        lay.addLayout(run_row)
        lay.addWidget(self.status)
        lay.addWidget(self.tabs, 1)
        lay.addLayout(save_row)
        self.resize(760, 820)

        self.run_button.clicked.connect(self.start)
        self.cancel_button.clicked.connect(self.cancel)
        close.clicked.connect(self.close)
        self.save_games_button.clicked.connect(lambda: self._ask_save("games"))
        self.save_report_button.clicked.connect(lambda: self._ask_save("report"))
        self.save_charts_button.clicked.connect(lambda: self._ask_save("charts"))
        self.job.game.connect(self._game)
        self.job.partial.connect(self._partial)
        self.job.finished.connect(self._finished)
        self.job.failed.connect(self._failed)
        self.job.busy_changed.connect(self._busy)
        self._busy(False)

    # -- running ---------------------------------------------------------------------------
    def start(self) -> bool:
        """Run with the form's settings on the document's variant (False: refused, and the
        status says why)."""
        if self.job.busy:
            return False
        try:
            config = self.form.config(self.doc.variant)
        except ValueError as e:
            self.status.setText(f"Cannot run: {e}")
            return False
        self.bar.setRange(0, config.games)
        self.bar.setValue(0)
        self.bar.setFormat(f"0 of {config.games} games")
        where = f"on the cluster at {config.cluster}" if config.cluster else \
            f"in {min(config.jobs, config.games)} process(es)"
        self.status.setText(f"Playing {config.games:,} games of {config.variant.name} "
                            f"{where}…")
        self.job.start(config, self.form.rule())
        return True

    def cancel(self) -> None:
        if self.job.busy:
            self.job.cancel()
            self.status.setText("Stopping: the games under way end at their next move…")
            self.cancel_button.setEnabled(False)

    def _busy(self, busy: bool) -> None:
        self.run_button.setEnabled(not busy)
        self.cancel_button.setEnabled(busy)
        self.form.set_enabled(not busy)
        has = self.run is not None and not busy
        for b in (self.save_games_button, self.save_report_button, self.save_charts_button):
            b.setEnabled(has)

    def _game(self, done: int, total: int) -> None:
        self.bar.setValue(done)
        eta = self.job.eta
        rate = f", {eta.per_minute():.1f} a minute" if eta is not None else ""
        self.bar.setFormat(f"{done:,} of {total:,} games — {clock_text(self.job.time_left())} "
                           f"left{rate}")

    def _partial(self, report: BalanceReport) -> None:
        """The report and charts of the games played so far (the run goes on; the job sends
        them before its end, so the final report always follows)."""
        self.live = report
        self.status.setText(f"Live: the report of the {report.played:,} games played so far "
                            "(it fills in as games finish).")
        self.text.setPlainText(report_text(report))
        self.chart.set_svg(charts_svg(report))

    def _finished(self, run: ReportRun) -> None:
        self.run = run
        report = run.report
        eta = self.job.eta
        took = f" in {clock_text(eta.elapsed)}" if eta is not None else ""
        stopped = " (stopped early: the report is of the games played)" if report.stopped \
            else ""
        self.status.setText(f"{report.played:,} games played{took}{stopped}.")
        self.text.setPlainText(report_text(report))
        self.chart.set_svg(charts_svg(report) if report.played else "")
        values: FittedValues | None = report.fitted.values
        if values is not None and self.fill_values.isChecked():
            self.fitted.emit(values)
        self._busy(False)
        self.reported.emit(run)

    def _failed(self, message: str) -> None:
        self.status.setText(f"The run could not be played: {message}")
        self._busy(False)

    # -- saving ----------------------------------------------------------------------------
    def _ask_save(self, what: str) -> None:
        filters = {"games": "PGN games (*.pgn)",
                   "report": "Text (*.txt);;JSON (*.json)",
                   "charts": "SVG picture (*.svg);;PNG picture (*.png)"}[what]
        name = self.run.report.run.variant if self.run else "balance"
        stem = "".join(c if c.isalnum() else "-" for c in name).strip("-").lower() or "balance"
        suggestion = {"games": f"{stem}-games.pgn", "report": f"{stem}-report.txt",
                      "charts": f"{stem}-charts.svg"}[what]
        path, chosen = QFileDialog.getSaveFileName(self, f"Save the {what}", suggestion,
                                                   filters)
        if not path:
            return
        if not Path(path).suffix:
            path += ".json" if "JSON" in chosen else ".png" if "PNG" in chosen else \
                Path(suggestion).suffix
        try:
            self.save(what, path)
        except (OSError, RuntimeError, ValueError) as e:
            QMessageBox.warning(self, "Not saved", f"{path}: {e}")

    def save(self, what: str, path: str) -> None:
        """Write the last run's games (PGN), report (.txt or .json) or charts (.svg or .png)
        to ``path``."""
        if self.run is None or self.job.config is None:
            raise ValueError("no run to save yet")
        report = self.run.report
        suffix = Path(path).suffix.lower()
        if what == "games":
            with open(path, "w", encoding="utf-8") as out:
                write_pgn(self.run.result.records, self.job.config.variant, out)
        elif what == "report":
            text = json.dumps(report_json(report), indent=1) + "\n" if suffix == ".json" \
                else report_text(report) + "\n"
            Path(path).write_text(text, encoding="utf-8")
        elif suffix == ".png":
            save_png(charts_svg(report), path)
        else:
            Path(path).write_text(charts_svg(report), encoding="utf-8")
        self.status.setText(f"Saved the {what} to {path}.")

    # -- closing ---------------------------------------------------------------------------
    def closeEvent(self, event: QCloseEvent) -> None:
        """Hiding the dialog keeps the run going (the window's close stops it)."""
        if self.job.busy:
            parent = self.parentWidget()
            if parent is not None and hasattr(parent, "statusBar"):
                parent.statusBar().showMessage("The balance report goes on in the background "
                                               "(Variant > Balance report shows it)", 8000)
        super().closeEvent(event)

    def shutdown(self) -> None:
        """Stop a run under way and wait for it (the window closes)."""
        self.job.shutdown()


__all__ = ["BalanceReportDialog"]

"""*Fit from play* in the Piece values panel: a few self-play games of the document's variant
played in the background (a ``ReportJob``, in processes across the cores) and the values fitted
to them put into the panel's fitted column, with a progress bar, the time left and Cancel. The
full balance report, with its settings, is *Variant > Balance report…*."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QHBoxLayout, QLabel, QProgressBar, QPushButton, QSpinBox, QWidget

from .. import document as D
from ._report_job import ReportJob

if TYPE_CHECKING:
    # The match and report machinery (processes, pickling) loads when a run starts, not when
    # the window starts.
    from ...match import MatchConfig
    from ...report import ReportRun

DEFAULT_GAMES = 100
DEFAULT_DEPTH = 2


class FitBar(QWidget):
    """Games and depth, *Fit from play*, then a progress bar and Cancel while it plays."""

    fitted = Signal(object)          # FittedValues, or None with ``message`` saying why
    message = Signal(str)

    def __init__(self, doc: D.VariantDocument, parent: QWidget | None = None):
        super().__init__(parent)
        self.doc = doc
        self.job = ReportJob(self)
        self.jobs = os.cpu_count() or 1      # processes: every core
        self.max_plies = 600                 # as match's default
        self.games = QSpinBox()
        self.games.setRange(2, 100_000)
        self.games.setValue(DEFAULT_GAMES)
        self.games.setSuffix(" games")
        self.games.setToolTip("Self-play games of the built-in opponent to fit values to")
        self.depth_box = QSpinBox()
        self.depth_box.setRange(1, 64)
        self.depth_box.setValue(DEFAULT_DEPTH)
        self.depth_box.setPrefix("depth ")
        self.depth_box.setToolTip("Plies the opponent searches per move")
        self.fit_button = QPushButton("&Fit from play")
        self.fit_button.setToolTip("Play the games in the background and fill the fitted "
                                   "column (a logistic regression of results on material)")
        self.bar = QProgressBar()
        self.bar.setTextVisible(True)
        self.cancel_button = QPushButton("Cancel")
        self.cancel_button.setToolTip("Stop and fit to the games played so far")
        lay = QHBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addWidget(QLabel("Fitted:"))
        for w in (self.games, self.depth_box, self.fit_button, self.bar, self.cancel_button):
            lay.addWidget(w)
        lay.setStretchFactor(self.bar, 1)
        self.fit_button.clicked.connect(self.start)
        self.cancel_button.clicked.connect(self.job.cancel)
        self.job.game.connect(self._game)
        self.job.finished.connect(self._finished)
        self.job.failed.connect(self._failed)
        self.job.busy_changed.connect(self._busy)
        self._busy(False)

    def _failed(self, text: str) -> None:
        self.message.emit(f"Fit from play failed: {text}")

    def config(self) -> MatchConfig:
        from ...match import MatchConfig
        from ...opponent import Limits
        from ...report import REPORT_OPENING_PLIES, balance_settings
        return MatchConfig(self.doc.variant, self.games.value(),
                           limits=Limits(depth=self.depth_box.value()), seed=1,
                           opening_plies=REPORT_OPENING_PLIES, max_plies=self.max_plies,
                           settings=balance_settings(), jobs=self.jobs)

    def start(self) -> bool:
        if self.job.busy:
            return False
        config = self.config()
        self.bar.setRange(0, config.games)
        self.bar.setValue(0)
        self.bar.setFormat(f"0 of {config.games} games")
        self.job.start(config)
        return True

    def _busy(self, busy: bool) -> None:
        self.fit_button.setVisible(not busy)
        self.games.setEnabled(not busy)
        self.depth_box.setEnabled(not busy)
        self.bar.setVisible(busy)
        self.cancel_button.setVisible(busy)

    def _game(self, done: int, total: int) -> None:
        from ...report import clock_text
        self.bar.setValue(done)
        self.bar.setFormat(f"{done} of {total} games — {clock_text(self.job.time_left())} left")

    def _finished(self, run: ReportRun) -> None:
        fit = run.report.fitted
        self.fitted.emit(fit.values)
        if fit.values is None:
            self.message.emit(f"No values fitted from {run.report.played} games: {fit.reason}")
        else:
            self.message.emit(f"Fitted from {fit.games} finished games, {fit.positions:,} "
                              "positions")

    def shutdown(self) -> None:
        self.job.shutdown()


__all__ = ["FitBar"]

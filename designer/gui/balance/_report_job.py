"""A balance run in the window, off the UI thread: ``ReportJob.start(config)`` plays the games
(``designer.report.run_report``: parallel processes when ``config.jobs`` > 1, or the workers of a
Dask cluster) in a thread of its own and answers with signals, queued into the UI thread.

Engines are asked first whether they play the variant (``check_players``); each game played is
announced (``game``: done, total) with the time left; ``finished`` carries the ``ReportRun``,
also after Cancel (the games played so far, ``report.stopped``); ``failed`` says why there is no
report. ``shutdown`` stops the run and waits for it (the window closing): the games under way
end at their next move.
"""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal

from ..courier import Courier

if TYPE_CHECKING:
    # The match and report machinery (processes, pickling) loads when a run starts, not when
    # the window starts.
    from ...match import MatchConfig, PlayedGame
    from ...report import Eta, ReportRun


class _Bridge(QObject):
    """Lives in the UI thread; the run's thread emits, Qt queues the calls over."""

    game = Signal(int, object)            # generation, PlayedGame
    done = Signal(int, object)            # generation, ReportRun
    error = Signal(int, str)


class ReportJob(QObject):
    """One balance run at a time (see the module docstring)."""

    started = Signal()
    game = Signal(int, int)               # games done, games planned
    finished = Signal(object)             # ReportRun
    failed = Signal(str)
    busy_changed = Signal(bool)

    def __init__(self, parent: QObject | None = None):
        super().__init__(parent)
        self._bridge = _Bridge(self)
        self._bridge.game.connect(self._game)
        self._bridge.done.connect(self._done)
        self._bridge.error.connect(self._error)
        self._courier = Courier(self._bridge, self)   # closed before the bridge is deleted
        self._thread: threading.Thread | None = None
        self._stop = threading.Event()
        self._generation = 0
        self.eta: Eta | None = None
        self.config: MatchConfig | None = None

    @property
    def busy(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    @property
    def stopping(self) -> bool:
        return self.busy and self._stop.is_set()

    def start(self, config: MatchConfig) -> None:
        """Begin a run (RuntimeError while one is under way: Cancel it first)."""
        if self.busy:
            raise RuntimeError("a balance run is under way")
        self._generation += 1
        self._stop = threading.Event()
        self.config = config
        from ...report import Eta
        self.eta = Eta(config.games)
        self._thread = threading.Thread(target=self._work, name="balance-report", daemon=True,
                                        args=(self._generation, config, self._stop))
        self._thread.start()
        self.started.emit()
        self.busy_changed.emit(True)

    def cancel(self) -> None:
        """Stop the run: the games under way end at their next move, ``finished`` follows
        with the games played."""
        self._stop.set()

    def shutdown(self, seconds: float = 30.0) -> None:
        """Cancel and wait for the run's thread (and its processes) to end."""
        self._stop.set()
        thread = self._thread
        if thread is not None:
            thread.join(seconds)
        self._courier.close()           # no answer after this, even from a run outliving it

    def time_left(self) -> float | None:
        return None if self.eta is None else self.eta.left()

    def _work(self, generation: int, config: MatchConfig, stop: threading.Event) -> None:
        from ...report import check_players, run_report
        courier = self._courier

        def on_game(record: PlayedGame) -> None:
            if not courier.emit("game", generation, record):
                stop.set()                  # the window is gone: stop playing
        from ...errors import DesignerError
        try:
            # on a cluster the workers are asked, before the first game (match.cluster)
            problems = [] if config.cluster else check_players(config)
            if problems:
                raise _Refused("\n".join(problems))
            run = run_report(config, on_game, stop)
        except BaseException as e:          # noqa: BLE001 - nothing may escape a thread
            message = str(e) if isinstance(e, (_Refused, DesignerError)) else \
                f"{type(e).__name__}: {e}"
            courier.emit("error", generation, message)
            return
        courier.emit("done", generation, run)

    def _game(self, generation: int, record: PlayedGame) -> None:
        if generation != self._generation or self.eta is None:
            return
        self.eta.step()
        self.game.emit(self.eta.done, self.eta.total)

    def _done(self, generation: int, run: ReportRun) -> None:
        if generation == self._generation:
            self._join()
            self.finished.emit(run)

    def _error(self, generation: int, message: str) -> None:
        if generation == self._generation:
            self._join()
            self.failed.emit(message)

    def _join(self) -> None:
        if self._thread is not None:
            self._thread.join(5.0)
        self.busy_changed.emit(False)


class _Refused(Exception):
    """An engine of the run does not play the variant (its reasons are the message)."""


__all__ = ["ReportJob"]

"""A balance run in the window, off the UI thread: ``ReportJob.start(config)`` plays the games
(``designer.report.run_report``: parallel processes when ``config.jobs`` > 1, or the workers of a
Dask cluster) in a thread of its own and answers with signals, queued into the UI thread.

Engines are asked first whether they play the variant (``check_players``); each game played is
announced (``game``: done, total) with the time left; ``partial`` carries the report of the
games played so far (made in the run's thread: after the first game, then at most about once a
second, less often when a report takes long to make, so that a long run's fitting never holds
up the games); ``finished`` carries the
``ReportRun``,
also after Cancel (the games played so far, ``report.stopped``); ``failed`` says why there is no
report. ``shutdown`` stops the run and waits for it (the window closing): the games under way
end at their next move.
"""

from __future__ import annotations

import threading
import time
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal

from ..courier import Courier

PARTIAL_SECONDS = 1.0       # a live report at most about once a second (after the first game)

if TYPE_CHECKING:
    # The match and report machinery (processes, pickling) loads when a run starts, not when
    # the window starts.
    from ...match import MatchConfig, PlayedGame
    from ...report import BalanceReport, Eta, ReportRun, Rule


class _Bridge(QObject):
    """Lives in the UI thread; the run's thread emits, Qt queues the calls over."""

    game = Signal(int, object)            # generation, PlayedGame
    partial = Signal(int, object)         # generation, BalanceReport of the games so far
    done = Signal(int, object)            # generation, ReportRun
    error = Signal(int, str)


class ReportJob(QObject):
    """One balance run at a time (see the module docstring)."""

    started = Signal()
    game = Signal(int, int)               # games done, games planned
    partial = Signal(object)              # BalanceReport of the games played so far
    finished = Signal(object)             # ReportRun
    failed = Signal(str)
    busy_changed = Signal(bool)

    def __init__(self, parent: QObject | None = None):
        super().__init__(parent)
        self._bridge = _Bridge(self)
        self._bridge.game.connect(self._game)
        self._bridge.partial.connect(self._partial)
        self._bridge.done.connect(self._done)
        self._bridge.error.connect(self._error)
        self._courier = Courier(self._bridge, self)   # closed before the bridge is deleted
        self._thread: threading.Thread | None = None
        self._stop = threading.Event()
        self._generation = 0
        self.eta: Eta | None = None
        self.config: MatchConfig | None = None
        self.rule: Rule | None = None

    @property
    def busy(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    @property
    def stopping(self) -> bool:
        return self.busy and self._stop.is_set()

    def start(self, config: MatchConfig, rule: Rule | None = None) -> None:
        """Begin a run, stopping early on ``rule`` when given (RuntimeError while one is under
        way: Cancel it first)."""
        if self.busy:
            raise RuntimeError("a balance run is under way")
        self._generation += 1
        self._stop = threading.Event()
        self.config = config
        self.rule = rule
        from ...report import Eta
        self.eta = Eta(config.games)
        self._thread = threading.Thread(target=self._work, name="balance-report", daemon=True,
                                        args=(self._generation, config, self._stop, rule))
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

    def _work(self, generation: int, config: MatchConfig, stop: threading.Event,
              rule: Rule | None = None) -> None:
        from ...errors import DesignerError
        from ...report import build_report, check_players, judge, run_report
        from ...report.summary import Ending
        courier = self._courier
        played: list[PlayedGame] = []
        last = [0.0]
        gap = [PARTIAL_SECONDS]

        def on_game(record: PlayedGame) -> None:
            played.append(record)
            if not courier.emit("game", generation, record):
                stop.set()                  # the window is gone: stop playing
                return
            now = time.monotonic()
            if len(played) == 1 or now - last[0] >= gap[0]:
                ending = None
                if rule is not None:
                    verdict = judge(rule, played)
                    ending = Ending(verdict, "so far: " + (verdict.decision or "not reached"))
                courier.emit("partial", generation, build_report(played, config,
                                                                 ending=ending))
                last[0] = time.monotonic()
                # a report that takes long to make (thousands of games to fit) is made less
                # often: the run's thread also hands out the games
                gap[0] = max(PARTIAL_SECONDS, 10 * (last[0] - now))
        try:
            # on a cluster the workers are asked, before the first game (match.cluster)
            problems = [] if config.cluster else check_players(config)
            if problems:
                raise _Refused("\n".join(problems))
            run = run_report(config, on_game, stop, rule)
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

    def _partial(self, generation: int, report: BalanceReport) -> None:
        if generation == self._generation:
            self.partial.emit(report)

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

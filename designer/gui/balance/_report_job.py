"""A balance run in the window, off the UI thread: ``ReportJob.start(config)`` plays the games
(``designer.report.run_report``: parallel processes when ``config.jobs`` > 1, or the workers of a
Dask cluster) as one of the window's background jobs (``gui.jobs``) and answers with signals
in the UI thread.

Engines are asked first whether they play the variant (``check_players``); each game played is
announced (``game``: done, total) with the time left; ``partial`` carries the report of the
games played so far (made in the run's thread: after the first game, then at most about once a
second, less often when a report takes long to make, so that a long run's fitting never holds
up the games); ``finished`` carries the ``ReportRun``, also after Cancel (the games played so
far, ``report.stopped``: Cancel stops the job and still wants its answer); ``failed`` says why
there is no report. ``shutdown`` stops the run and waits for it (the window closing): the games
under way end at their next move.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, Signal

from ...errors import DesignerError
from ..jobs import Job, Jobs, Ticket

PARTIAL_SECONDS = 1.0       # a live report at most about once a second (after the first game)

if TYPE_CHECKING:
    # The match and report machinery (processes, pickling) loads when a run starts, not when
    # the window starts.
    from ...match import MatchConfig, PlayedGame
    from ...report import BalanceReport, Eta, ReportRun, Rule


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
        self.jobs = Jobs(self, "balance-report")
        self._job: Job[Any] | None = None
        self.eta: Eta | None = None
        self.config: MatchConfig | None = None
        self.rule: Rule | None = None

    @property
    def busy(self) -> bool:
        return self.jobs.busy

    @property
    def stopping(self) -> bool:
        return self.busy and self._job is not None and self._job.stopped

    def start(self, config: MatchConfig, rule: Rule | None = None) -> None:
        """Begin a run, stopping early on ``rule`` when given (RuntimeError while one is under
        way: Cancel it first)."""
        if self.busy:
            raise RuntimeError("a balance run is under way")
        self.config = config
        self.rule = rule
        from ...report import Eta
        self.eta = Eta(config.games)

        def work(ticket: Ticket) -> ReportRun:
            return _play(config, rule, ticket)
        self._job = self.jobs.submit(work, key="run", done=self._done, failed=self._error,
                                     progress=self._progress)
        self.started.emit()
        self.busy_changed.emit(True)

    def cancel(self) -> None:
        """Stop the run: the games under way end at their next move, ``finished`` follows
        with the games played."""
        if self._job is not None:
            self._job.stop()

    def shutdown(self, seconds: float = 30.0) -> None:
        """Cancel and wait for the run's thread (and its processes) to end; no answer after
        this returns, even from a run outliving it."""
        self.jobs.shutdown(seconds)

    def time_left(self) -> float | None:
        return None if self.eta is None else self.eta.left()

    def _progress(self, kind: str, value: object) -> None:
        if kind == "game":
            if self.eta is None:
                return
            self.eta.step()
            self.game.emit(self.eta.done, self.eta.total)
        else:
            self.partial.emit(value)

    def _done(self, run: ReportRun) -> None:
        self.busy_changed.emit(False)
        self.finished.emit(run)

    def _error(self, message: str) -> None:
        self.busy_changed.emit(False)
        self.failed.emit(message)


def _play(config: MatchConfig, rule: Rule | None, ticket: Ticket) -> ReportRun:
    """The run, in its job's thread: each game and, now and then, the report so far go out as
    the job's progress; the job's ``stop`` stops the games."""
    from ...report import build_report, check_players, judge, run_report
    from ...report.summary import Ending
    played: list[PlayedGame] = []
    last = [0.0]
    gap = [PARTIAL_SECONDS]
    stop = ticket.stop

    def on_game(record: PlayedGame) -> None:
        played.append(record)
        if not ticket.report("game", record):
            return                      # asked to stop (the games end at their next move)
        now = time.monotonic()
        if len(played) == 1 or now - last[0] >= gap[0]:
            ending = None
            if rule is not None:
                verdict = judge(rule, played)
                ending = Ending(verdict, "so far: " + (verdict.decision or "not reached"))
            report: BalanceReport = build_report(played, config, ending=ending)
            ticket.report("partial", report)
            last[0] = time.monotonic()
            # a report that takes long to make (thousands of games to fit) is made less
            # often: the run's thread also hands out the games
            gap[0] = max(PARTIAL_SECONDS, 10 * (last[0] - now))
    # on a cluster the workers are asked, before the first game (match.cluster)
    problems = [] if config.cluster else check_players(config)
    if problems:
        raise _Refused("\n".join(problems))
    run: ReportRun = run_report(config, on_game, stop, rule)
    return run


class _Refused(DesignerError):
    """An engine of the run does not play the variant (its reasons are the message)."""


__all__ = ["ReportJob"]

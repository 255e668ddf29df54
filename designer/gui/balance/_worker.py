"""Long computations of the balance panels, off the UI thread, the latest request winning.

``Runner.run(fn)`` hands ``fn(progress)`` to the window's background jobs (``gui.jobs``, one
key per runner); ``progress(done, total)`` reports and returns False once the work has been
cancelled (the function then stops by raising, as ``balance.piece_values`` does). A newer
request drops the running one's answer, tells it to stop and waits its turn. Whatever ``fn``
raises becomes ``failed`` with a readable message; a run the user cancelled fails with
"cancelled".
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, Signal

from ..jobs import Job, Jobs, Ticket

Progress = Callable[[int, int], bool]
Work = Callable[[Progress], Any]

_KEY = "request"


class Runner(QObject):
    """One panel's computations (see the module docstring): signals for the latest request."""

    finished = Signal(object)          # the latest request's result
    failed = Signal(str)               # why the latest request has no result ("cancelled")
    progress = Signal(int, int)        # done, total of the latest request
    busy_changed = Signal(bool)

    def __init__(self, parent: QObject | None = None, name: str = "balance"):
        super().__init__(parent)
        self.jobs = Jobs(self, name)
        self.jobs.busy_changed.connect(self.busy_changed)
        self._job: Job[Any] | None = None

    @property
    def busy(self) -> bool:
        return self.jobs.busy

    @property
    def requests(self) -> int:
        """How many requests were made so far."""
        return self.jobs.submitted

    def run(self, work: Work) -> int:
        """Start ``work`` (dropping the request before it); returns how many requests so far."""
        def job(ticket: Ticket) -> Any:
            return work(ticket.report)
        self._job = self.jobs.submit(job, key=_KEY, done=self._finished,
                                     failed=self._failed, progress=self._progress)
        return self.jobs.submitted

    def cancel(self) -> None:
        """Stop the running request; ``failed("cancelled")`` follows."""
        if self._job is not None:
            self._job.stop()

    def _finished(self, result: object) -> None:
        self.finished.emit(result)

    def _progress(self, done: int, total: int) -> None:
        self.progress.emit(done, total)

    def _failed(self, message: str) -> None:
        job = self._job
        self.failed.emit("cancelled" if job is not None and job.stopped else message)

    def shutdown(self, msecs: int = 5000) -> None:
        """Cancel and let the running job end (before the window goes away); no answer is
        sent after this returns, even by a job that outlives ``msecs``."""
        self.jobs.shutdown(msecs / 1000)


__all__ = ["Progress", "Runner", "Work"]

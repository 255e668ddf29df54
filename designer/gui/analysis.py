"""The window's answers, computed off the UI thread: the scheduling and nothing else.

The question (``designer.engine.question.Question``), the answer with its errors as values
(``designer.engine.analysis.analyse``) and the cached reading of a definition
(``designer.notation.definition.read_definition``) are the core's, shared with the command line.
Compiling and generating can take a tenth of a second for a heavy definition on a big board, so
the window asks an ``Analyst``, which hands each question to the window's background jobs
(``gui.jobs``) under one key: at most one runs and one waits, a newer question replaces the
waiting one and drops the running one's answer, and a cached answer is delivered at once.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal

from ..engine.analysis import Analysis, analyse, cached, clear_caches
from ..engine.question import Question
from ..notation.definition import Reading
from .jobs import Jobs, Ticket

_KEY = "question"


def _answer(question: Question) -> Analysis:
    """``analyse`` with a defect turned into an answer that says so (errors are values)."""
    try:
        return analyse(question)
    except Exception as e:   # noqa: BLE001 - a defect shows in the window, never escapes
        reading = Reading(question.text, question.dialect, (), None, None)
        return Analysis(reading, question, failure=f"internal error: {e!r}")


class Analyst(QObject):
    """Answers questions in a worker thread; ``ready`` delivers the answer to the latest one.

    At most one question runs and one waits: a newer one replaces the waiting one, and only
    the latest question's answer is delivered (``gui.jobs`` under one key).
    """

    ready = Signal(object)        # the Analysis of the latest request
    busy_changed = Signal(bool)

    def __init__(self, parent: QObject | None = None):
        super().__init__(parent)
        self.latest: Analysis | None = None
        # a job starts once the UI thread has finished handling the event that asked for it
        # (a keystroke), so the two threads do not take turns on the interpreter meanwhile
        self.jobs = Jobs(self, "analysis", defer=True)
        self.jobs.busy_changed.connect(self.busy_changed)

    @property
    def busy(self) -> bool:
        return self.jobs.busy

    @property
    def jobs_started(self) -> int:
        """Work actually done (for tests and benchmarks): questions handed to a thread."""
        return self.jobs.started

    def request(self, req: Question) -> None:
        """Ask ``req``; a cached answer is delivered at once."""
        hit = cached(req)
        if hit is not None:
            self.jobs.cancel(_KEY)            # an older question's answer is not wanted
            self._deliver(hit)
            return

        def work(_: Ticket) -> Analysis:
            return _answer(req)
        self.jobs.submit(work, key=_KEY, done=self._deliver)

    def _deliver(self, analysis: Analysis) -> None:
        self.latest = analysis
        self.ready.emit(analysis)

    def shutdown(self, msecs: int = 5000) -> None:
        """Drop waiting work and let the running job finish (before the window goes away);
        no answer is sent after this returns, even by a job that outlives ``msecs``."""
        self.jobs.shutdown(msecs / 1000)


__all__ = ["Analyst", "clear_caches"]

"""The window's answers, computed off the UI thread: the thread scheduler and nothing else.

The question (``designer.engine.question.Question``), the answer with its errors as values
(``designer.engine.analysis.analyse``) and the cached reading of a definition
(``designer.notation.definition.read_definition``) are the core's, shared with the command line.
Compiling and generating can take a tenth of a second for a heavy definition on a big board, so
the window asks an ``Analyst``: each ``request`` carries a generation number, one worker of a
``QThreadPool`` answers the latest request (older waiting ones are skipped), and an answer that
is out of date when it arrives is dropped.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, QRunnable, QThreadPool, QTimer, Signal

from ..engine.analysis import Analysis, analyse, cached, clear_caches
from ..engine.question import Question
from ..notation.definition import Reading
from .courier import Courier


# -- the worker --------------------------------------------------------------------------------
class _Bridge(QObject):
    """Lives in the UI thread; the worker emits through it, so answers arrive as queued calls."""

    done = Signal(int, object)


class _Job(QRunnable):
    def __init__(self, courier: Courier, generation: int, question: Question):
        super().__init__()
        self.courier, self.generation, self.question = courier, generation, question
        self.setAutoDelete(True)

    def run(self) -> None:
        try:
            result = analyse(self.question)
        except BaseException as e:   # noqa: BLE001 - nothing may escape a worker thread
            reading = Reading(self.question.text, self.question.dialect, (), None, None)
            result = Analysis(reading, self.question, failure=f"internal error: {e!r}")
        self.courier.emit("done", self.generation, result)   # nothing once the window closed


class Analyst(QObject):
    """Answers questions in a worker thread; ``ready`` delivers the answer to the latest one.

    At most one question runs and one waits: a newer one replaces the waiting one, and an
    answer for anything but the latest generation is dropped when it arrives.
    """

    ready = Signal(object)        # the Analysis of the latest request
    busy_changed = Signal(bool)

    def __init__(self, parent: QObject | None = None):
        super().__init__(parent)
        self.pool = QThreadPool(self)
        self.pool.setMaxThreadCount(1)
        self.generation = 0
        self.latest: Analysis | None = None
        self._running = False
        self._waiting: tuple[int, Question] | None = None
        self._bridge = _Bridge(self)
        self._bridge.done.connect(self._done)
        self._courier = Courier(self._bridge, self)   # closed before the bridge is deleted
        # A new job starts once the UI thread has finished handling the event that asked for
        # it (a keystroke), so the two threads do not take turns on the interpreter meanwhile.
        self._kick = QTimer(self, singleShot=True, interval=0)
        self._kick.timeout.connect(self._start_waiting)
        self.jobs_started = 0     # for tests and benchmarks: work actually done

    @property
    def busy(self) -> bool:
        return self._running or self._waiting is not None

    def request(self, req: Question) -> int:
        """Ask ``req``; returns its generation. A cached answer is delivered at once."""
        self.generation += 1
        hit = cached(req)
        if hit is not None:
            self._waiting = None
            self._deliver(hit)
            return self.generation
        was_busy = self.busy
        self._waiting = (self.generation, req)
        if not self._running:
            self._kick.start()
        if not was_busy:
            self.busy_changed.emit(True)
        return self.generation

    def _start_waiting(self) -> None:
        if self._waiting is not None and not self._running:
            self._start()

    def _start(self) -> None:
        assert self._waiting is not None
        generation, req = self._waiting
        self._waiting = None
        self._running = True
        self.jobs_started += 1
        self.pool.start(_Job(self._courier, generation, req))

    def _done(self, generation: int, analysis: Analysis) -> None:
        self._running = False
        if self._waiting is not None:
            self._start()
        if generation == self.generation:
            self._deliver(analysis)
        if not self.busy:
            self.busy_changed.emit(False)

    def _deliver(self, analysis: Analysis) -> None:
        self.latest = analysis
        self.ready.emit(analysis)

    def shutdown(self, msecs: int = 5000) -> None:
        """Drop waiting work and let the running job finish (before the window goes away);
        no answer is sent after this returns, even by a job that outlives ``msecs``."""
        self._waiting = None
        self._kick.stop()
        self.pool.waitForDone(msecs)
        self._courier.close()


__all__ = ["Analyst", "clear_caches"]

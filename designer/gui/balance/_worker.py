"""Long computations of the balance panels, off the UI thread, the latest request winning.

``Runner.run(fn)`` hands ``fn(progress)`` to one worker thread; ``progress(done, total)`` reports
and returns False once the work has been cancelled (the function then stops by raising, as
``balance.piece_values`` does). A newer request cancels the running one and waits its turn; an
answer that is not the latest request's is dropped when it arrives. Whatever ``fn`` raises
becomes ``failed`` with a readable message: nothing escapes the worker.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, QRunnable, QThreadPool, Signal

from ..courier import Courier

Progress = Callable[[int, int], bool]
Work = Callable[[Progress], Any]


class _Bridge(QObject):
    """Lives in the UI thread: the worker's signals arrive there as queued calls."""

    done = Signal(int, object)
    error = Signal(int, str)
    step = Signal(int, int, int)


class _Job(QRunnable):
    def __init__(self, courier: Courier, generation: int, work: Work,
                 cancel: threading.Event):
        super().__init__()
        self.courier, self.generation, self.work, self.cancel = courier, generation, work, cancel
        self.setAutoDelete(True)

    def _progress(self, done: int, total: int) -> bool:
        if not self.courier.emit("step", self.generation, done, total):
            return False              # the window closed meanwhile: stop
        return not self.cancel.is_set()

    def run(self) -> None:
        try:
            result = self.work(self._progress)
        except BaseException as e:   # noqa: BLE001 - nothing may escape a worker thread
            message = "cancelled" if self.cancel.is_set() else f"{type(e).__name__}: {e}"
            self.courier.emit("error", self.generation, message)
            return
        self.courier.emit("done", self.generation, result)


class Runner(QObject):
    """One worker thread for one panel (see the module docstring)."""

    finished = Signal(object)          # the latest request's result
    failed = Signal(str)               # why the latest request has no result ("cancelled")
    progress = Signal(int, int)        # done, total of the latest request
    busy_changed = Signal(bool)

    def __init__(self, parent: QObject | None = None):
        super().__init__(parent)
        self.pool = QThreadPool(self)
        self.pool.setMaxThreadCount(1)
        self.generation = 0
        self._cancel = threading.Event()
        self._running = 0
        self._bridge = _Bridge(self)
        self._bridge.done.connect(self._done)
        self._bridge.error.connect(self._error)
        self._bridge.step.connect(self._step)
        self._courier = Courier(self._bridge, self)   # closed before the bridge is deleted

    @property
    def busy(self) -> bool:
        return self._running > 0

    def run(self, work: Work) -> int:
        """Start ``work`` (cancelling the request before it); returns its generation."""
        self._cancel.set()
        self._cancel = threading.Event()
        self.generation += 1
        was = self.busy
        self._running += 1
        self.pool.start(_Job(self._courier, self.generation, work, self._cancel))
        if not was:
            self.busy_changed.emit(True)
        return self.generation

    def cancel(self) -> None:
        """Stop the running request; ``failed("cancelled")`` follows."""
        self._cancel.set()

    def _finish_one(self) -> None:
        self._running = max(0, self._running - 1)
        if not self.busy:
            self.busy_changed.emit(False)

    def _done(self, generation: int, result: object) -> None:
        self._finish_one()
        if generation == self.generation:
            self.finished.emit(result)

    def _error(self, generation: int, message: str) -> None:
        self._finish_one()
        if generation == self.generation:
            self.failed.emit(message)

    def _step(self, generation: int, done: int, total: int) -> None:
        if generation == self.generation:
            self.progress.emit(done, total)

    def shutdown(self, msecs: int = 5000) -> None:
        """Cancel and let the running job end (before the window goes away); no answer is
        sent after this returns, even by a job that outlives ``msecs``."""
        self._cancel.set()
        self.pool.waitForDone(msecs)
        self._courier.close()


__all__ = ["Progress", "Runner", "Work"]

"""One engine session for the window, run in a thread of its own.

The session's ``QProcess`` must live in one thread from start to close, and every call on it
may wait (within its bound), so neither may touch the UI thread: an ``EngineWorker`` owns a
dedicated thread that starts the engine and runs the calls it is given in order; answers come
back to the UI thread as signals, each with the tag of its call. ``stop_search`` (move now)
and ``shutdown`` (abort whatever runs, quit, end the process) may be called at any time; a
window closing calls ``shutdown`` and the engine is gone before it returns (bounded).
"""

from __future__ import annotations

import queue
import threading
from typing import Any, Callable

from PySide6.QtCore import QObject, Signal

from ...engines import Engine, EngineError, EngineSettings, Timeouts, open_settings
from ...notation.errors import DesignerError
from ..courier import Courier
from .process import QProcessTransport

_QUIT = object()


class _Bridge(QObject):
    """Lives in the UI thread; the worker thread emits through it (queued)."""

    started = Signal(object)            # the engine's About
    answered = Signal(object, object)   # tag, value
    failed = Signal(object, str)        # tag (None: starting), message


class EngineWorker(QObject):
    """Start with ``start(settings)``; ``call(tag, fn)`` runs ``fn(engine)`` in the worker
    thread and emits ``answered(tag, value)`` or ``failed(tag, message)``."""

    started = Signal(object)
    answered = Signal(object, object)
    failed = Signal(object, str)

    def __init__(self, parent: QObject | None = None, timeouts: Timeouts = Timeouts()):
        super().__init__(parent)
        self._timeouts = timeouts
        self._jobs: queue.Queue[Any] = queue.Queue()
        self._engine: Engine | None = None
        self._thread: threading.Thread | None = None
        self.pid: int | None = None          # the engine's process, once started
        self._bridge = _Bridge(self)      # deleted with the worker, in the UI thread
        self._courier = Courier(self._bridge, self)
        self._bridge.started.connect(self.started)
        self._bridge.answered.connect(self.answered)
        self._bridge.failed.connect(self.failed)

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def start(self, settings: EngineSettings) -> None:
        """Start the engine in a new worker thread (``started`` or ``failed(None, …)``)."""
        if self.running:
            raise RuntimeError("the engine is already running; shut it down first")
        self._jobs = queue.Queue()
        # each thread answers through a courier of its own: one that outlives its shutdown
        # (a loaded machine) can never answer for the next one
        self._courier = Courier(self._bridge, self)
        # a worker deleted with its owner without ``shutdown`` (a dialog deleted unshown) still
        # ends its thread and its engine: the closure holds the queue, never the worker
        jobs = self._jobs
        running: list[Engine] = []          # the thread's engine, once it is open
        self.destroyed.connect(lambda *_: _end(jobs, running))
        self._thread = threading.Thread(target=self._run,
                                        args=(settings, jobs, self._courier, running),
                                        name="engine-worker", daemon=True)
        self._thread.start()

    def call(self, tag: object, fn: Callable[[Engine], object]) -> None:
        """Run ``fn(engine)`` after the calls before it."""
        self._jobs.put((tag, fn))

    def stop_search(self) -> None:
        """Move now: the search in progress ends with its best move."""
        engine = self._engine
        if engine is not None:
            engine.stop()

    def shutdown(self, wait: float = 10.0) -> None:
        """Abort what runs, quit the engine and end its process; returns once the worker
        thread has ended (or ``wait`` seconds passed: the thread is a daemon)."""
        engine = self._engine
        if engine is not None:
            engine.abort()
        self._jobs.put(_QUIT)
        if wait > 0:
            self.wait(wait)
        self._courier.close()

    def wait(self, timeout: float) -> bool:
        """Wait up to ``timeout`` seconds for the worker thread (and so the engine) to end;
        True when it has."""
        thread = self._thread
        if thread is not None:
            thread.join(timeout)
            if thread.is_alive():
                return False
        self._thread = None
        return True

    def _run(self, settings: EngineSettings, jobs: "queue.Queue[Any]",
             courier: Courier, running: list[Engine]) -> None:
        emit = courier.emit
        transport = QProcessTransport(settings.command, settings.working_dir or None)
        try:
            engine = open_settings(settings, timeouts=self._timeouts, transport=transport)
        except DesignerError as e:
            emit("failed", None, str(e))
            return
        except BaseException as e:   # noqa: BLE001 - nothing may escape a worker thread
            emit("failed", None, f"internal error: {e!r}")
            return
        self._engine = engine
        running.append(engine)
        self.pid = transport.pid
        emit("started", engine.about)
        try:
            while True:
                job = jobs.get()
                if job is _QUIT:
                    break
                tag, fn = job
                try:
                    emit("answered", tag, fn(engine))
                except DesignerError as e:
                    emit("failed", tag, str(e))
                    if isinstance(e, EngineError) and engine.closed:
                        break
                except BaseException as e:   # noqa: BLE001
                    emit("failed", tag, f"internal error: {e!r}")
        finally:
            self._engine = None
            running.clear()
            engine.close()


def _end(jobs: "queue.Queue[Any]", running: list[Engine]) -> None:
    """Abort what the engine runs and ask its thread to end (the thread closes the engine)."""
    for engine in list(running):
        engine.abort()
    jobs.put(_QUIT)


__all__ = ["EngineWorker"]

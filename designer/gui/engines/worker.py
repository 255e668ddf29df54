"""One engine session for the window, on a lane of its own.

The session's ``QProcess`` must live in one thread from start to close, and every call on it
may wait (within its bound), so neither may touch the UI thread: an ``EngineWorker`` runs the
session on a ``Lane`` of the window's background jobs (``gui.jobs``), whose one thread starts
the engine, runs the calls it is given in order and closes the engine as it ends; answers come
back to the UI thread as signals, each with the tag of its call. ``stop_search`` (move now)
and ``shutdown`` (abort whatever runs, quit, end the process) may be called at any time; a
window closing calls ``shutdown`` and the engine is gone before it returns (bounded). An owner
deleted without ``shutdown`` aborts the call under way (each call's ticket interrupts the
engine when it stops) and ends the lane all the same.
"""

from __future__ import annotations

from typing import Callable

from PySide6.QtCore import QObject, Signal

from ...engines import Engine, EngineError, EngineSettings, Timeouts, open_settings
from ..courier import slot
from ..jobs import Lane, Ticket
from .process import QProcessTransport


class _Session:
    """What the lane's thread shares with the worker: the engine once open, its process id,
    and whether the session is over (the engine would not start, or broke)."""

    def __init__(self) -> None:
        self.engine: Engine | None = None
        self.pid: int | None = None
        self.over = False

    def open(self, settings: EngineSettings, timeouts: Timeouts) -> object:
        """In the lane's thread: start the engine; its ``About``."""
        transport = QProcessTransport(settings.command, settings.working_dir or None)
        try:
            engine = open_settings(settings, timeouts=timeouts, transport=transport)
        except BaseException:
            self.over = True
            raise
        self.engine = engine
        self.pid = transport.pid
        return engine.about

    def run(self, fn: Callable[[Engine], object], ticket: Ticket) -> object:
        """In the lane's thread: ``fn(engine)``; a shutdown aborts it."""
        engine = self.engine
        if engine is None or self.over:
            raise EngineError("the engine is not running", "not-started")
        ticket.on_stop(engine.abort)
        try:
            return fn(engine)
        except EngineError:
            if engine.closed:
                self.over = True
            raise

    def close(self) -> None:
        """In the lane's thread, as it ends: quit the engine and end its process."""
        engine, self.engine = self.engine, None
        if engine is not None:
            engine.close()


class EngineWorker(QObject):
    """Start with ``start(settings)``; ``call(tag, fn)`` runs ``fn(engine)`` in the worker
    thread and emits ``answered(tag, value)`` or ``failed(tag, message)``."""

    started = Signal(object)
    answered = Signal(object, object)
    failed = Signal(object, str)

    def __init__(self, parent: QObject | None = None, timeouts: Timeouts = Timeouts()):
        super().__init__(parent)
        self._timeouts = timeouts
        self._session = _Session()
        self.lane = Lane(self, "engine-worker", finish=self._session.close)

    @property
    def pid(self) -> int | None:
        """The engine's process, once started."""
        return self._session.pid

    @property
    def running(self) -> bool:
        """Whether the session's thread runs an engine (or is starting one)."""
        return self.lane.running and not self._session.over

    @property
    def lane_thread(self) -> object:
        """The session's thread once started (join it to wait for the engine's end)."""
        return self.lane.lane_thread

    def start(self, settings: EngineSettings) -> None:
        """Start the engine on a new lane (``started`` or ``failed(None, …)``)."""
        if self.running:
            raise RuntimeError("the engine is already running; shut it down first")
        if self.lane.submitted or self.lane.closed:
            # each session has a lane of its own: one that outlives its shutdown (a loaded
            # machine) can never answer for the next one
            self.lane.shutdown(0)
            self.lane.deleteLater()     # its thread, if still ending, holds none of it
            self._session = _Session()
            self.lane = Lane(self, "engine-worker", finish=self._session.close)
        session, timeouts = self._session, self._timeouts

        def begin(_: Ticket) -> object:
            return session.open(settings, timeouts)
        self.lane.submit(begin, done=self._started, failed=self._start_failed)

    def call(self, tag: object, fn: Callable[[Engine], object]) -> None:
        """Run ``fn(engine)`` after the calls before it."""
        if self.lane.closed:
            return                      # shut down: nobody will hear it
        session = self._session

        def work(ticket: Ticket) -> object:
            return session.run(fn, ticket)
        # slots that hold the worker weakly: a job never keeps its owner alive
        self.lane.submit(work, done=slot(self._answered, tag), failed=slot(self._failed, tag))

    def stop_search(self) -> None:
        """Move now: the search in progress ends with its best move."""
        engine = self._session.engine
        if engine is not None:
            engine.stop()

    def shutdown(self, wait: float = 10.0, drop: bool = False) -> None:
        """Abort what runs, quit the engine and end its process; returns once the worker
        thread has ended (or ``wait`` seconds passed: the thread is a daemon). Answers sent
        before it returns (the aborted call's failure) are still delivered, unless ``drop``:
        then nothing of this session is heard again."""
        self.lane.shutdown(max(0.0, wait), drop=drop)

    def wait(self, timeout: float) -> bool:
        """Wait up to ``timeout`` seconds for the worker thread (and so the engine) to end;
        True when it has."""
        return self.lane.wait(timeout)

    # -- answers, in the UI thread ----------------------------------------------------------
    def _started(self, about: object) -> None:
        self.started.emit(about)

    def _start_failed(self, message: str) -> None:
        self.lane.shutdown(0)           # nothing to run on: the lane's thread ends
        self.failed.emit(None, message)

    def _answered(self, tag: object, value: object) -> None:
        self.answered.emit(tag, value)

    def _failed(self, tag: object, message: str) -> None:
        if self._session.over:
            self.lane.shutdown(0)       # the engine broke: the lane's thread ends
        self.failed.emit(tag, message)


__all__ = ["EngineWorker"]

"""The window's background work: one way to run a callable off the UI thread and hear back.

A panel, dialog or player makes a desk as its child and hands it work:

- ``Jobs(owner)`` runs each job in a thread of its own. Jobs under one *key* run one at a time:
  a newer job under the key *supersedes* the older ones (their results are dropped, their
  ``Ticket`` says stop), and while one runs at most one more waits, the newest (a waiting one
  that is superseded never runs). A job starts at once, or with ``defer`` once the UI thread
  has finished the event that submitted it, so that a burst of submissions in one event (each
  keystroke of a paste) starts only the last and the two threads do not take turns on the
  interpreter while the UI thread still works.
- ``Lane(owner)`` runs its jobs in order on one dedicated thread that lives from the first job to
  ``shutdown``: for work whose objects must stay in one thread across calls (a ``QProcess``
  lives in the thread that started it). A superseded job that has not begun is skipped.

``submit(work, key=..., done=..., failed=..., progress=...)`` returns a ``Job``. ``work`` is
called in the worker thread with the job's ``Ticket``: it may poll ``ticket.stopping`` (or wait
on ``ticket.stop``, an ``Event`` for APIs that take one), register ``ticket.on_stop(fn)`` to
interrupt a blocking call, and ``ticket.report(*values)`` progress. Its result reaches ``done``,
or what it raised reaches ``failed`` as a readable message, in the UI thread and only while the
job is still *wanted*: ``Job.cancel()``, a newer job under its key, ``shutdown`` and the owner's
deletion each drop it. ``Job.stop()`` asks the work to end early and still wants what it returns
(a balance run stopped by the user answers with the games played so far).

Lifetimes (why each rule is here: see ``courier``):

- Results travel through a bridge ``QObject`` that is the desk's child, so Qt deletes it in the
  UI thread; the worker threads emit through a ``Courier`` that ``shutdown`` and the owner's
  ``destroyed`` close before the bridge goes, so no emit ever reaches a deleted object.
- ``shutdown(wait)`` stops every job, waits for the threads within ``wait`` seconds and closes
  the courier: no thread sends anything after it returns, even one that outlives ``wait``, and
  nothing is delivered after it (``drop=False``: what was sent during the wait still is, for a
  caller that wants to hear how the stopped work ended).
  The owner's deletion does the same without waiting, so a desk whose owner is deleted without
  ``shutdown`` still stops its jobs and ends its lane.
- The desk never keeps its owner alive: callbacks that are bound methods are held weakly (as
  ``courier.slot`` does) and skipped once their object is gone; the worker threads hold only
  the work, its ticket and the courier. Work must not close over the owner or its widgets
  (hand it the values it needs), or a thread could drop the owner's last reference.
"""

from __future__ import annotations

import itertools
import queue
import threading
import weakref
from collections.abc import Callable, Hashable
from typing import Any, Generic, TypeVar

from PySide6.QtCore import QObject, QTimer, Signal
from shiboken6 import isValid

from ..errors import user_message
from .courier import Courier, join_all

T = TypeVar("T")
Done = Callable[[T], object]
Failed = Callable[[str], object]
Progress = Callable[..., object]

_ids = itertools.count(1)


class Cancelled(Exception):
    """Raised by ``Ticket.check`` in work whose job has been stopped or cancelled."""


def describe(error: BaseException) -> str:
    """The message ``failed`` gets for ``error`` (``errors.user_message``: the product's own
    errors say where and why, a system error its reason, a defect its kind and text)."""
    return user_message(error)


class Ticket:
    """What a running job sees of itself (thread-safe): whether to stop, and a progress line."""

    def __init__(self, job_id: int, courier: Courier):
        self._id = job_id
        self._courier = courier
        self._stop = threading.Event()
        self._lock = threading.Lock()
        self._hooks: list[Callable[[], object]] = []
        self._wanted = True

    @property
    def stop(self) -> threading.Event:
        """Set once the job is asked to end (stopped, cancelled, superseded, shut down)."""
        return self._stop

    @property
    def stopping(self) -> bool:
        return self._stop.is_set()

    @property
    def cancelled(self) -> bool:
        """Whether the result is no longer wanted (nobody will hear it)."""
        return not self._wanted

    def check(self) -> None:
        """Raise ``Cancelled`` once the job is asked to end."""
        if self._stop.is_set():
            raise Cancelled("cancelled")

    def report(self, *values: object) -> bool:
        """Send ``values`` to the job's ``progress`` callback while its answer is wanted (a
        stopped job still reports); False once the job is asked to end or nobody can hear it
        any more: the work should then stop."""
        if not self._wanted:
            return False
        if not self._courier.emit("arrived", self._id, "progress", values):
            return False
        return not self._stop.is_set()

    def on_stop(self, hook: Callable[[], object]) -> None:
        """Call ``hook()`` (in whichever thread asks) when the job is asked to end: at once
        when it already is. For blocking calls that polling cannot reach (an engine's search);
        ``hook`` must be thread-safe."""
        with self._lock:
            if not self._stop.is_set():
                self._hooks.append(hook)
                return
        hook()

    def _end(self, wanted: bool) -> None:
        """Ask the work to end; ``wanted`` False also drops its result."""
        with self._lock:
            if not wanted:
                self._wanted = False
            if self._stop.is_set():
                return
            self._stop.set()
            hooks, self._hooks = self._hooks, []
        for hook in hooks:
            try:
                hook()
            except Exception:    # noqa: BLE001 - a failing interrupt must not stop the others
                pass


class Job(Generic[T]):
    """A submitted job as the UI thread sees it. ``wanted``: its answer will be delivered;
    ``ended``: its work has returned or raised (or it was dropped before it began)."""

    def __init__(self, desk: _Desk, key: Hashable, ticket: Ticket, done: Done[T] | None,
                 failed: Failed | None, progress: Progress | None):
        self.id = ticket._id
        self.key = key
        self.ticket = ticket
        self._desk = weakref.ref(desk)
        self._done = _hold(done)
        self._failed = _hold(failed)
        self._progress = _hold(progress)
        self._ended = threading.Event()
        self._slot: Hashable = key    # where it waits its turn (``Jobs``)

    @property
    def wanted(self) -> bool:
        return not self.ticket.cancelled

    @property
    def stopped(self) -> bool:
        """Whether the job was asked to end early (``stop``, ``cancel`` or its successor)."""
        return self.ticket.stopping

    @property
    def ended(self) -> bool:
        return self._ended.is_set()

    def stop(self) -> None:
        """Ask the work to end early; whatever it returns or raises is still delivered."""
        self.ticket._end(wanted=True)

    def cancel(self) -> None:
        """Ask the work to end and drop its answer (a job not yet begun never runs)."""
        self.ticket._end(wanted=False)
        desk = self._desk()
        if desk is not None:
            desk._dropped(self)

    def wait(self, timeout: float | None = None) -> bool:
        """Wait (any thread) until the work has ended; True when it has. For tests and
        shutdown: the UI thread hears the answer only from its event loop."""
        return self._ended.wait(timeout)


class _Bridge(QObject):
    """The desk's child in the UI thread; worker threads emit through it (queued)."""

    arrived = Signal(int, str, object)      # job id, "progress" / "done" / "failed", payload


class _Shared:
    """What the worker threads and the owner's ``destroyed`` reach: never the desk itself, so
    a thread never holds a wrapper whose C++ object Python would delete."""

    def __init__(self, courier: Courier):
        self.courier = courier
        self.lock = threading.Lock()
        self.tickets: dict[int, Ticket] = {}      # of jobs not yet ended
        self.threads: list[threading.Thread] = []

    def close(self, *_: object) -> None:
        """Drop every job and close the courier for good (the owner or the desk deleted)."""
        self.end(wanted=False)
        self.courier.close()

    def end(self, wanted: bool) -> None:
        """Ask every job to end (``wanted`` False: and drop its answer)."""
        with self.lock:
            tickets = list(self.tickets.values())
        for ticket in tickets:
            ticket._end(wanted)

    def live_threads(self) -> list[threading.Thread]:
        with self.lock:
            self.threads = [t for t in self.threads if t.is_alive()]
            return list(self.threads)


class _Desk(QObject):
    """What ``Jobs`` and ``Lane`` share: submitting, delivering, cancelling, shutting down."""

    busy_changed = Signal(bool)

    def __init__(self, owner: QObject, name: str):
        super().__init__(owner)
        self.name = name
        self._bridge = _Bridge(self)
        self._bridge.arrived.connect(self._arrived)
        courier = Courier(self._bridge, owner)     # closed before the bridge is deleted
        self._shared = _Shared(courier)
        # the owner's deletion (or the desk's own) drops every job; ``_Shared`` is a plain
        # object holding nothing of Qt, so the connections keep no wrapper alive
        owner.destroyed.connect(self._shared.close)
        self.destroyed.connect(self._shared.close)
        self._jobs: dict[int, Job[Any]] = {}       # not yet ended, in submission order
        self._latest: dict[Hashable, int] = {}     # key -> its newest job
        self.submitted = 0                         # jobs submitted so far
        self.started = 0                           # jobs handed to a thread so far
        self._shut = False
        self._said_busy = False                    # what ``busy_changed`` said last

    # -- the public face --------------------------------------------------------------------
    @property
    def busy(self) -> bool:
        """Whether any job has not ended (running, or waiting its turn); False once shut."""
        return bool(self._jobs) and not self._shut

    def busy_with(self, key: Hashable) -> bool:
        return any(job.key == key for job in self._jobs.values())

    @property
    def closed(self) -> bool:
        """Whether ``shutdown`` has run or the owner is gone: nothing more is delivered."""
        return self._shut or not self._shared.courier.open

    def submit(self, work: Callable[[Ticket], T], *, key: Hashable = None,
               done: Done[T] | None = None, failed: Failed | None = None,
               progress: Progress | None = None) -> Job[T]:
        """Run ``work(ticket)`` off the UI thread (see the module docstring). ``key`` None: the
        job supersedes nothing and is superseded by nothing. Once the desk is closed the work
        never runs and nothing is delivered: a panel that recomputes while its window closes
        (a last edit's signal) asks for what nobody will see, and must not fail for it."""
        ticket = Ticket(next(_ids), self._shared.courier)
        if self.closed:
            ticket._end(wanted=False)
            gone: Job[T] = Job(self, key, ticket, done, failed, progress)
            gone._ended.set()
            return gone
        job: Job[T] = Job(self, key, ticket, done, failed, progress)
        self._jobs[job.id] = job
        with self._shared.lock:
            self._shared.tickets[job.id] = ticket
        if key is not None:
            older = self._latest.get(key)
            if older is not None and older in self._jobs:
                self._jobs[older].cancel()
            self._latest[key] = job.id
        self.submitted += 1
        self._place(job, work)
        self._tell_busy()
        return job

    def cancel(self, key: Hashable = None) -> None:
        """Cancel the jobs under ``key`` (None: every job)."""
        for job in list(self._jobs.values()):
            if key is None or job.key == key:
                job.cancel()

    def current(self, key: Hashable) -> Job[Any] | None:
        """The newest job under ``key`` while it has not ended."""
        found = self._latest.get(key)
        return self._jobs.get(found) if found is not None else None

    def stop(self, key: Hashable = None) -> None:
        """Ask the jobs under ``key`` (None: every job) to end early; their answers are still
        delivered."""
        for job in list(self._jobs.values()):
            if key is None or job.key == key:
                job.stop()

    def shutdown(self, wait: float = 5.0, drop: bool = True) -> bool:
        """End every job, wait up to ``wait`` seconds for the threads, and close: no thread
        sends anything after this returns. ``drop`` True: nothing at all is delivered after
        it; False: the answers sent during the wait still are (the jobs were only stopped).
        True when every thread has ended."""
        self._shut = True
        self._shared.end(wanted=not drop)
        self._closing()
        ended = join_all(self._shared.live_threads(), wait)
        self._shared.courier.close()
        return ended

    def threads(self) -> list[threading.Thread]:
        """The desk's threads still running (for tests and teardown: join them)."""
        return self._shared.live_threads()

    # -- inside -----------------------------------------------------------------------------
    def _place(self, job: Job[Any], work: Callable[[Ticket], Any]) -> None:
        raise NotImplementedError

    def _closing(self) -> None:
        """The desk is shutting down (UI thread, before the wait)."""

    def _dropped(self, job: Job[Any]) -> None:
        """``job`` was cancelled (UI thread)."""

    def _start_thread(self, target: Callable[..., None], *args: object) -> threading.Thread:
        thread = threading.Thread(target=target, args=args, name=self.name, daemon=True)
        with self._shared.lock:
            self._shared.threads.append(thread)
        thread.start()
        return thread

    def _arrived(self, job_id: int, kind: str, payload: object) -> None:
        job = self._jobs.get(job_id)
        if job is None:
            return
        if kind == "progress":
            if job.wanted and job._progress is not None:
                assert isinstance(payload, tuple)
                job._progress(*payload)
            return
        self._forget(job)
        if job.wanted:
            callback = job._done if kind == "done" else job._failed
            if callback is not None:
                callback(payload)      # it may submit more: the key is free already
        self._next(job)
        self._tell_busy()

    def _finish(self, job: Job[Any]) -> None:
        """An ended job with no answer to deliver (UI thread): forget it, start what waited."""
        self._forget(job)
        self._next(job)
        self._tell_busy()

    def _forget(self, job: Job[Any]) -> None:
        self._jobs.pop(job.id, None)
        with self._shared.lock:
            self._shared.tickets.pop(job.id, None)
        if self._latest.get(job.key) == job.id:
            del self._latest[job.key]

    def _tell_busy(self) -> None:
        """``busy_changed`` on each change only (never after shutdown)."""
        if self._shut:
            return
        busy = self.busy
        if busy != self._said_busy:
            self._said_busy = busy
            self.busy_changed.emit(busy)

    def _next(self, job: Job[Any]) -> None:
        """``job`` has ended (UI thread): start what waited for it."""


def _perform(job_id: int, work: Callable[[Ticket], Any], ticket: Ticket, courier: Courier,
             ended: threading.Event) -> None:
    """Run one job in the calling (worker) thread and send its answer."""
    try:
        result: object = work(ticket)
        kind = "done"
    except BaseException as e:      # noqa: BLE001 - nothing may escape a worker thread
        result, kind = describe(e), "failed"
    del work                        # the work's objects go here, never the UI's
    ended.set()
    courier.emit("arrived", job_id, kind, result)


class Jobs(_Desk):
    """Each job in a thread of its own; one at a time per key (see the module docstring)."""

    def __init__(self, owner: QObject, name: str = "jobs", defer: bool = False):
        super().__init__(owner, name)
        self._defer = defer
        self._running: dict[Hashable, int] = {}           # key -> the job running under it
        self._waiting: dict[Hashable, tuple[Job[Any], Callable[[Ticket], Any]]] = {}
        self._order: list[Hashable] = []                   # keys waiting to start, in order
        self._kick = QTimer(self, singleShot=True, interval=0)
        self._kick.timeout.connect(self._start_waiting)
        self._keyless = itertools.count()

    def _place(self, job: Job[Any], work: Callable[[Ticket], Any]) -> None:
        slot_key = job.key if job.key is not None else ("keyless", next(self._keyless))
        job._slot = slot_key
        self._waiting[slot_key] = (job, work)               # a superseded one was dropped
        if slot_key not in self._order:
            self._order.append(slot_key)
        self._start_soon()

    def _start_soon(self) -> None:
        if self._defer:
            self._kick.start()
        else:
            self._start_waiting()

    def _dropped(self, job: Job[Any]) -> None:
        slot_key = job._slot
        waiting = self._waiting.get(slot_key)
        if waiting is not None and waiting[0] is job:       # never begun: it never will
            del self._waiting[slot_key]
            job._ended.set()
            self._finish(job)

    def _start_waiting(self) -> None:
        if self.closed:
            return
        for slot_key in list(self._order):
            if slot_key in self._running or slot_key not in self._waiting:
                continue
            job, work = self._waiting.pop(slot_key)
            self._order.remove(slot_key)
            self._running[slot_key] = job.id
            self.started += 1
            self._start_thread(_perform, job.id, work, job.ticket, self._shared.courier,
                               job._ended)
        self._order = [k for k in self._order if k in self._waiting]

    def _next(self, job: Job[Any]) -> None:
        slot_key = job._slot
        if self._running.get(slot_key) == job.id:
            del self._running[slot_key]
        if self._waiting:
            self._start_soon()

    def _closing(self) -> None:
        self._kick.stop()
        for job, _ in self._waiting.values():
            job._ended.set()
            self._forget(job)
        self._waiting.clear()
        self._order.clear()


_QUIT = object()


class Lane(_Desk):
    """One dedicated thread running its jobs in order (see the module docstring).
    ``finish()``, when given, runs in the lane's thread as it ends (shutdown or the owner's
    deletion): where the lane's thread-bound objects are closed."""

    def __init__(self, owner: QObject, name: str = "lane",
                 finish: Callable[[], object] | None = None):
        super().__init__(owner, name)
        self._queue: queue.SimpleQueue[Any] = queue.SimpleQueue()
        self._finish_hook = finish
        self._thread: threading.Thread | None = None
        q = self._queue
        # the owner's deletion, or the lane's own, ends the thread: the slots hold the queue,
        # never the lane
        owner.destroyed.connect(lambda *_: q.put(_QUIT))
        self.destroyed.connect(lambda *_: q.put(_QUIT))

    @property
    def running(self) -> bool:
        """Whether the lane's thread is alive."""
        return self._thread is not None and self._thread.is_alive()

    @property
    def lane_thread(self) -> threading.Thread | None:
        """The lane's thread once its first job came (join it to wait for the lane's end)."""
        return self._thread

    def _place(self, job: Job[Any], work: Callable[[Ticket], Any]) -> None:
        self._queue.put((job.id, work, job.ticket, job._ended))
        if self._thread is None:
            self._thread = self._start_thread(_lane, self._queue, self._shared.courier,
                                              self._finish_hook)
        self.started += 1

    def _closing(self) -> None:
        self._queue.put(_QUIT)
        if self._thread is None and self._finish_hook is not None:
            self._finish_hook()                  # never started: nothing thread-bound to end

    def wait(self, timeout: float) -> bool:
        """Wait up to ``timeout`` seconds for the lane's thread to end; True when it has."""
        thread = self._thread
        if thread is None:
            return True
        thread.join(timeout)
        return not thread.is_alive()


def _lane(jobs: queue.SimpleQueue[Any], courier: Courier,
          finish: Callable[[], object] | None) -> None:
    """A lane's thread: its jobs in order until told to quit, then ``finish``."""
    try:
        while True:
            item = jobs.get()
            if item is _QUIT:
                return
            job_id, work, ticket, ended = item
            del item
            if ticket.cancelled:             # superseded or cancelled before its turn
                ended.set()
                courier.emit("arrived", job_id, "failed", "cancelled")
                continue
            _perform(job_id, work, ticket, courier, ended)
            del work
    finally:
        if finish is not None:
            try:
                finish()
            except Exception:    # noqa: BLE001 - the thread ends all the same
                pass


def _hold(callback: Callable[..., object] | None) -> Callable[..., object] | None:
    """``callback`` holding its object weakly when it is a bound method (the desk must never
    keep its owner alive); a call once the object is gone, or its Qt side deleted, does
    nothing. Other callables are held as they are: they must not close over the owner."""
    if callback is None:
        return None
    func = getattr(callback, "__func__", None)
    target = getattr(callback, "__self__", None)
    if func is None or target is None:
        return callback
    try:
        ref = weakref.ref(target)
    except TypeError:            # an object that cannot be held weakly (a signal instance)
        return callback

    def call(*args: object) -> None:
        obj = ref()
        if obj is not None and (not isinstance(obj, QObject) or isValid(obj)):
            func(obj, *args)
    return call


__all__ = ["Cancelled", "Job", "Jobs", "Lane", "Ticket", "describe"]

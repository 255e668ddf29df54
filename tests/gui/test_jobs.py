"""The window's background jobs (``designer.gui.jobs``): each guarantee of the module on its
own, with work that blocks until the test releases it, so every wait is on the event itself
(a signal, a callback, a join) and never on the machine's speed."""

from __future__ import annotations

import gc
import threading
import weakref

import pytest
from PySide6.QtCore import QCoreApplication, QEvent, QObject
from shiboken6 import delete

from designer.errors import DesignerError
from designer.gui.jobs import Jobs, Lane, Ticket

SAFETY = 60.0            # a ceiling for a stuck thread, never a measure


class Gate:
    """Work that says it has begun and then waits until released (or told to stop)."""

    def __init__(self, answer: object = "answer") -> None:
        self.begun = threading.Event()
        self.release = threading.Event()
        self.answer = answer
        self.threads: list[str] = []

    def __call__(self, ticket: Ticket) -> object:
        self.threads.append(threading.current_thread().name)
        self.begun.set()
        assert self.release.wait(SAFETY)
        return self.answer


class Heard:
    def __init__(self) -> None:
        self.calls: list[tuple[str, object, bool]] = []

    def done(self, value: object) -> None:
        self.calls.append(("done", value, _ui()))

    def failed(self, message: str) -> None:
        self.calls.append(("failed", message, _ui()))


def _ui() -> bool:
    return threading.current_thread() is threading.main_thread()


def _idle(qtbot, desk) -> None:
    if desk.busy:
        with qtbot.waitSignal(desk.busy_changed, check_params_cb=lambda b: not b):
            pass


@pytest.fixture
def owner(qapp):
    o = QObject()
    yield o
    if _valid(o):
        delete(o)


def _valid(o) -> bool:
    from shiboken6 import isValid
    return isValid(o)


def test_the_result_arrives_on_the_ui_thread_and_errors_as_messages(qtbot, owner):
    desk = Jobs(owner, "test-jobs")
    heard = Heard()
    desk.submit(lambda t: 6 * 7, key="a", done=heard.done, failed=heard.failed)
    desk.submit(lambda t: {}["x"], key="b", done=heard.done, failed=heard.failed)
    desk.submit(lambda t: (_ for _ in ()).throw(DesignerError("no such piece", "line 3")),
                key="c", done=heard.done, failed=heard.failed)
    _idle(qtbot, desk)
    assert sorted(heard.calls, key=str) == sorted([
        ("done", 42, True), ("failed", "KeyError: 'x'", True),
        ("failed", str(DesignerError("no such piece", "line 3")), True)], key=str)
    assert "line 3" in str(DesignerError("no such piece", "line 3"))   # it says where
    desk.shutdown()


def test_a_newer_job_supersedes_one_running_and_replaces_one_waiting(qtbot, owner):
    """At most one runs and one waits under a key: the running one is told to stop and its
    answer dropped, the waiting one is dropped unrun, the newest runs and answers."""
    desk = Jobs(owner, "test-jobs")
    heard = Heard()
    first, second, third = Gate("first"), Gate("second"), Gate("third")
    one = desk.submit(first, key="k", done=heard.done)
    qtbot.waitUntil(first.begun.is_set)
    two = desk.submit(second, key="k", done=heard.done)
    three = desk.submit(third, key="k", done=heard.done)
    assert one.stopped and not one.wanted           # told to stop, answer dropped
    assert not two.wanted and two.ended             # never begun, never will
    first.release.set()
    qtbot.waitUntil(third.begun.is_set)             # only after the first has ended
    assert one.ended and not second.begun.is_set()
    third.release.set()
    _idle(qtbot, desk)
    assert heard.calls == [("done", "third", True)] and three.ended
    assert desk.started == 2 and desk.submitted == 3
    desk.shutdown()


def test_a_deferred_burst_in_one_event_starts_only_the_last(qtbot, owner):
    desk = Jobs(owner, "test-jobs", defer=True)
    heard = Heard()
    ran: list[int] = []
    for i in range(5):
        desk.submit(lambda t, i=i: ran.append(i) or i, key="k", done=heard.done)
    _idle(qtbot, desk)
    assert ran == [4] and heard.calls == [("done", 4, True)]
    desk.shutdown()


def test_cancel_drops_the_answer_and_stop_keeps_it(qtbot, owner):
    desk = Jobs(owner, "test-jobs")
    heard = Heard()

    def until_stopped(ticket: Ticket) -> str:
        assert ticket.stop.wait(SAFETY)
        return "stopped early"
    cancelled = desk.submit(until_stopped, key="a", done=heard.done, failed=heard.failed)
    stopped = desk.submit(until_stopped, key="b", done=heard.done, failed=heard.failed)
    qtbot.waitUntil(lambda: desk.started == 2)
    cancelled.cancel()
    stopped.stop()
    _idle(qtbot, desk)
    assert heard.calls == [("done", "stopped early", True)]
    assert cancelled.ended and not cancelled.wanted and stopped.wanted
    desk.shutdown()


def test_progress_reaches_the_ui_thread_until_the_job_is_cancelled(qtbot, owner):
    desk = Jobs(owner, "test-jobs")
    steps: list[tuple[int, int, bool]] = []
    gate = Gate()
    said: list[bool] = []

    def work(ticket: Ticket) -> None:
        said.append(ticket.report(1, 3))
        gate(ticket)
        said.append(ticket.report(2, 3))        # after the cancel: not sent, told to stop

    job = desk.submit(work, key="k", progress=lambda d, n: steps.append((d, n, _ui())))
    qtbot.waitUntil(lambda: steps == [(1, 3, True)])
    job.cancel()
    gate.release.set()
    _idle(qtbot, desk)
    assert steps == [(1, 3, True)] and said == [True, False]
    desk.shutdown()


def test_an_interrupt_hook_runs_when_the_job_is_asked_to_end(qtbot, owner):
    """``on_stop`` reaches a call that polling cannot (an engine's blocking search)."""
    desk = Jobs(owner, "test-jobs")
    interrupted = threading.Event()
    heard = Heard()

    def blocking(ticket: Ticket) -> str:
        ticket.on_stop(interrupted.set)
        assert interrupted.wait(SAFETY)
        return "given up"
    job = desk.submit(blocking, key="k", done=heard.done)
    qtbot.waitUntil(lambda: desk.started == 1)
    job.stop()
    _idle(qtbot, desk)
    assert heard.calls == [("done", "given up", True)]
    desk.shutdown()


def test_a_lane_runs_its_jobs_in_order_on_one_thread_and_finishes_there(qtbot, owner):
    finished_in: list[int] = []
    desk = Lane(owner, "test-lane", finish=lambda: finished_in.append(threading.get_ident()))
    heard = Heard()
    gate = Gate()
    desk.submit(gate, done=heard.done)                     # holds the lane
    desk.submit(lambda t: threading.get_ident(), done=heard.done)
    skipped = desk.submit(lambda t: "old", key="replay", done=heard.done)
    desk.submit(lambda t: "new", key="replay", done=heard.done)
    desk.submit(lambda t: threading.get_ident(), done=heard.done)
    gate.release.set()
    _idle(qtbot, desk)
    ident = desk.lane_thread.ident
    assert heard.calls == [("done", "answer", True), ("done", ident, True),
                           ("done", "new", True), ("done", ident, True)]
    assert skipped.ended and not skipped.wanted
    assert desk.shutdown() and finished_in == [ident]


def test_shutdown_is_bounded_and_nothing_is_delivered_after_it(qtbot, owner, qt_messages):
    """The job outlives the shutdown's wait (a loaded machine): shutdown returns all the same,
    the job's answer and progress are never delivered, and the owner goes without a word."""
    desk = Jobs(owner, "test-jobs")
    heard = Heard()
    gate = Gate()
    said: list[bool] = []

    def work(ticket: Ticket) -> str:
        gate(ticket)
        said.append(ticket.report(1, 1))
        return "late"
    job = desk.submit(work, key="k", done=heard.done, failed=heard.failed,
                      progress=lambda *a: heard.calls.append(("progress", a, _ui())))
    qtbot.waitUntil(gate.begun.is_set)
    assert desk.shutdown(0) is False                  # the thread still runs
    gate.release.set()
    assert job.wait(SAFETY)
    for thread in desk.threads():
        thread.join(SAFETY)
    QCoreApplication.processEvents()
    assert heard.calls == [] and said == [False]
    ran: list[bool] = []
    late = desk.submit(lambda ticket: ran.append(True), done=heard.done, failed=heard.failed)
    assert late.ended and not late.wanted            # a submit after shutdown never runs
    QCoreApplication.processEvents()
    assert ran == [] and heard.calls == [] and desk.threads() == []
    owner.deleteLater()
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    assert [m for m in qt_messages if "QObject" in m or "deleted" in m] == []


def test_shutdown_without_drop_delivers_what_was_sent_during_the_wait(qtbot, owner):
    desk = Lane(owner, "test-lane")
    heard = Heard()

    def until_stopped(ticket: Ticket) -> str:
        assert ticket.stop.wait(SAFETY)
        return "stopped on request"
    desk.submit(until_stopped, done=heard.done)
    qtbot.waitUntil(lambda: desk.running)
    assert desk.shutdown(SAFETY, drop=False)
    qtbot.waitUntil(lambda: heard.calls != [])
    assert heard.calls == [("done", "stopped on request", True)]


def test_the_owners_deletion_stops_the_jobs_and_ends_the_lane(qtbot, qt_messages):
    """Nobody calls ``shutdown``: deleting the owner stops the running job, skips the waiting
    ones, runs the lane's ``finish`` in its thread, and delivers nothing."""
    owner = QObject()
    finished = threading.Event()
    lane = Lane(owner, "test-lane", finish=finished.set)
    heard = Heard()
    ran: list[str] = []

    def until_stopped(ticket: Ticket) -> str:
        ran.append("first")
        assert ticket.stop.wait(SAFETY)
        return "first"
    lane.submit(until_stopped, done=heard.done)
    lane.submit(lambda t: ran.append("second"), done=heard.done)
    qtbot.waitUntil(lambda: ran == ["first"])
    thread = lane.lane_thread
    owner.deleteLater()
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    thread.join(SAFETY)
    assert not thread.is_alive() and finished.is_set() and ran == ["first"]
    QCoreApplication.processEvents()
    assert heard.calls == []
    assert [m for m in qt_messages if "QObject" in m or "deleted" in m] == []


def test_a_desk_never_keeps_its_owner_alive(qtbot):
    """The owner's callbacks are bound methods: the desk holds them weakly, so once its maker
    lets go the owner is deleted (while its job still runs), the job is told to stop and its
    answer goes nowhere."""
    calls: list[object] = []

    class Owner(QObject):
        def hear(self, value: object) -> None:
            calls.append(value)

    gate = Gate()
    tickets: list[Ticket] = []

    def work(ticket: Ticket) -> str:
        tickets.append(ticket)
        return gate(ticket)

    held = [Owner()]
    gone = weakref.ref(held[0])
    Jobs(held[0], "test-jobs").submit(work, key="k", done=held[0].hear, failed=held[0].hear)
    qtbot.waitUntil(gate.begun.is_set)
    held.clear()                             # its maker lets go
    gc.collect()
    assert gone() is None                    # the owner went, its job still running
    assert tickets[0].stopping and tickets[0].cancelled
    gate.release.set()
    for thread in threading.enumerate():
        if thread.name == "test-jobs":
            thread.join(SAFETY)
    QCoreApplication.processEvents()
    assert calls == []


def test_no_call_reaches_an_object_whose_qt_side_is_deleted(qtbot):
    """An answer already on its way when the receiver's C++ object is deleted (the desk lives
    on elsewhere) is not delivered to the dead wrapper."""
    calls: list[object] = []

    class Receiver(QObject):
        def hear(self, value: object) -> None:
            calls.append(value)

    owner = QObject()
    receiver = Receiver()
    desk = Jobs(owner, "test-jobs")
    gate = Gate()
    job = desk.submit(gate, key="k", done=receiver.hear)
    qtbot.waitUntil(gate.begun.is_set)
    gate.release.set()
    assert job.wait(SAFETY)
    delete(receiver)
    _idle(qtbot, desk)
    assert calls == []
    desk.shutdown()
    delete(owner)

"""The lifetimes of the window's objects that background work can reach: signals from a worker
thread that never reach a deleted object, and slots that never keep their owner alive. The
window's background jobs (``gui.jobs``) are built on these; work should go through them rather
than through a courier of its own.

A worker thread answers through a bridge ``QObject`` that lives in the UI thread (the
connection is queued). When the window closes, the bridge is deleted in the UI thread; a worker
still emitting through it at that moment (a search that ends late on a loaded machine) would
touch a half-deleted object and crash the process. A ``Courier`` closes before the bridge
goes: its owner's ``shutdown`` closes it, and so does the owner's ``destroyed`` signal (Qt emits
it before the children, the bridge among them, are deleted). An emit and the closing take the
same lock, so once ``close`` has returned no emit is under way and none will begin. Catching
``RuntimeError`` around an emit instead is a race: the bridge can be deleted between the check
and the emit.

The bridge must be a child of its owner, so that Qt deletes it in the UI thread: a bridge the
worker held the last reference to would be deleted in the worker thread.

A slot that is a lambda or a ``functools.partial`` over ``self``, connected to a signal of one
of self's children (a worker, a player), is held by that connection inside Qt, where Python's
collector cannot see it: the child keeps its owner's wrapper alive. When the owner belongs to
Python — PySide hands a dialog to Python once its ``exec()`` returns — and its caller has let go
of it, that slot holds the last reference; deleting the child (``deleteLater`` of a finished
worker) drops it in the middle of the child's destructor, the owner is deleted there and deletes
its children again, the child among them ("QObject: shared QObject was deleted directly", then
a segmentation fault). ``slot(self.method, *args)`` is the same call holding its object weakly,
as PySide holds a bound method connected on its own.
"""

from __future__ import annotations

import threading
import weakref
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject
from shiboken6 import isValid


class Courier:
    """``emit(name, *args)`` emits the bridge's signal ``name`` while the courier is open;
    ``close()`` (thread-safe, idempotent) ends that for good."""

    def __init__(self, bridge: QObject, owner: QObject | None = None):
        self._bridge = bridge
        self._lock = threading.Lock()
        self._open = True
        if owner is not None:
            owner.destroyed.connect(self._closed_with_owner)

    @property
    def open(self) -> bool:
        return self._open

    def emit(self, name: str, *args: object) -> bool:
        """Emit ``name`` with ``args``; False when the courier is closed (nothing sent)."""
        with self._lock:
            if not self._open:
                return False
            try:
                getattr(self._bridge, name).emit(*args)
            except RuntimeError:        # the bridge is gone all the same
                self._open = False
                return False
            return True

    def close(self) -> None:
        """No emit after this returns (an emit under way is waited for)."""
        with self._lock:
            self._open = False

    def _closed_with_owner(self, *_: object) -> None:
        self.close()


def slot(method: Callable[..., Any], *args: object) -> Callable[..., None]:
    """``method(*args, *signal_args)`` as a slot that does not keep ``method``'s object alive
    (see the module docstring); once the object is gone, or its Qt side deleted, the slot does
    nothing."""
    func = getattr(method, "__func__", None)
    owner = getattr(method, "__self__", None)
    if func is None or owner is None:
        raise TypeError(f"slot() wants a bound method, not {method!r}")
    ref = weakref.ref(owner)

    def call(*more: object) -> None:
        target = ref()
        if target is not None and (not isinstance(target, QObject) or isValid(target)):
            func(target, *args, *more)
    return call


def join_all(threads: list[threading.Thread], wait: float) -> bool:
    """Join each thread within ``wait`` seconds in all; True when none is still running."""
    import time
    end = time.monotonic() + wait
    for t in threads:
        t.join(max(0.0, end - time.monotonic()))
    return not any(t.is_alive() for t in threads)


__all__ = ["Courier", "join_all", "slot"]

"""Signals from a worker thread to the UI thread that never reach a deleted object.

A worker thread answers through a bridge ``QObject`` that lives in the UI thread (the
connection is queued). When the window closes, the bridge is deleted in the UI thread; a worker
still emitting through it at that moment (a search that ends late on a loaded machine) would
touch a half-deleted object and crash the process. A ``Courier`` closes before the bridge
goes: its owner's ``shutdown`` closes it, and so does the owner's ``destroyed`` signal (Qt emits
it before the children, the bridge among them, are deleted). An emit and the closing take the
same lock, so once ``close`` has returned no emit is under way and none will begin.

The bridge must be a child of its owner, so that Qt deletes it in the UI thread: a bridge the
worker held the last reference to would be deleted in the worker thread.
"""

from __future__ import annotations

import threading

from PySide6.QtCore import QObject


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


def join_all(threads: list[threading.Thread], wait: float) -> bool:
    """Join each thread within ``wait`` seconds in all; True when none is still running."""
    import time
    end = time.monotonic() + wait
    for t in threads:
        t.join(max(0.0, end - time.monotonic()))
    return not any(t.is_alive() for t in threads)


__all__ = ["Courier", "join_all"]

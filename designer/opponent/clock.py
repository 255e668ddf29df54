"""Time per move as a stop signal from outside the search: ``MoveClock(ms)`` is set after so
many milliseconds (a timer thread), and combines with a caller's own signal (Cancel, "move
now").

    with MoveClock(2000, cancel) as stop:
        thought = opponent.think(moves, Limits(), stop=stop)

The search itself never reads a clock, so with a depth or node limit and no clock its answer
does not depend on the machine. ``Deadline`` is the opponent's own safety net (a time far
beyond what its node limit takes, ``Limits.safety_ms``): it reads the monotonic clock when the
search looks at its stop signal, so it needs no thread.
"""

from __future__ import annotations

import threading
import time
from types import TracebackType

from .search import StopSignal


class MoveClock:
    """A stop signal set ``ms`` milliseconds after entering the ``with`` block (None: never)
    or as soon as ``also`` is set."""

    def __init__(self, ms: int | None, also: StopSignal | None = None):
        if ms is not None and ms < 0:
            raise ValueError(f"the time per move must be 0 ms or more, not {ms}")
        self.ms = ms
        self.also = also
        self._event = threading.Event()
        self._timer: threading.Timer | None = None

    def is_set(self) -> bool:
        return self._event.is_set() or (self.also is not None and self.also.is_set())

    def __enter__(self) -> "MoveClock":
        if self.ms is not None:
            self._timer = threading.Timer(self.ms / 1000, self._event.set)
            self._timer.daemon = True
            self._timer.start()
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None


class Deadline:
    """A stop signal set once ``ms`` milliseconds have passed since it was made, or as soon as
    ``also`` is set."""

    def __init__(self, ms: int, also: StopSignal | None = None):
        self._end = time.monotonic() + ms / 1000
        self.also = also

    def is_set(self) -> bool:
        return (self.also is not None and self.also.is_set()) or time.monotonic() >= self._end


__all__ = ["MoveClock", "Deadline"]

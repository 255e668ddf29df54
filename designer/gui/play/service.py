"""The game's rules, asked off the UI thread: replays of the document's game line and the
reason a move is illegal.

Replaying a long game under a large variant (Chu Shogi, Ultima) takes seconds in the rules
engine, and an edit of a piece replays the whole game again, so none of it runs on the UI
thread. One worker thread owns a ``Replayer`` (which keeps its game between questions, so one
more move costs one position); each question carries a generation number, a newer question
makes an older replay give up between two moves, and an answer that is out of date when it
arrives is dropped. Answers come back as signals, in the UI thread.
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, Signal

from ...play import GameLine, Replay, Replayer
from ...game.game import Game
from ...game.why import why_not, why_not_drop
from ...variant.model import Variant
from ..courier import Courier

_QUIT = object()


class _Bridge(QObject):
    """Lives in the UI thread; the worker emits through it (queued)."""

    replayed = Signal(int, object)       # generation, Replay
    explained = Signal(int, str)         # generation, reason ("" when legal)


class GameService(QObject):
    """``replay(variant, line, at)`` and ``explain(...)`` return a generation number; the
    answers arrive as ``replayed(Replay)`` (only the newest) and ``explained(text)``."""

    replayed = Signal(object)
    explained = Signal(str)

    def __init__(self, parent: QObject | None = None):
        super().__init__(parent)
        self._jobs: queue.Queue[Any] = queue.Queue()
        self._lock = threading.Lock()
        self._latest = {"replay": 0, "explain": 0}      # the newest question of each kind
        self._answered = {"replay": 0, "explain": 0}    # the generation answered last
        # the bridge is the service's child, so Qt deletes it in the UI thread with the service
        # (never the worker dropping the last reference); a service deleted with its window
        # without ``shutdown`` still ends its worker
        self._bridge = _Bridge(self)
        self._bridge.replayed.connect(self._deliver)
        self._bridge.explained.connect(self._deliver_reason)
        # the worker answers through the courier, closed before the bridge is deleted
        self._courier = Courier(self._bridge, self)
        jobs = self._jobs
        self.destroyed.connect(lambda *_: jobs.put(_QUIT))
        self._thread = threading.Thread(target=self._run, name="game-rules", daemon=True)
        self._thread.start()

    @property
    def busy(self) -> bool:
        """Whether a question is still without its answer."""
        return self._answered != self._latest

    def replay(self, variant: Variant, line: GameLine, at: int | None = None) -> int:
        """Ask for ``line`` replayed under ``variant``, with the legal moves after ``at``."""
        generation = self._next("replay")
        self._jobs.put(("replay", generation, variant, line, at))
        return generation

    def explain(self, variant: Variant, line: GameLine, ply: int, origin: int, target: int,
                drop: str = "") -> int:
        """Ask why the piece on ``origin`` (or ``drop`` from the hand) may not go to
        ``target`` after ``ply`` moves of ``line``."""
        generation = self._next("explain")
        self._jobs.put(("explain", generation, variant, line, ply, origin, target, drop))
        return generation

    @property
    def running(self) -> bool:
        """Whether the worker thread is still alive."""
        return self._thread.is_alive()

    def shutdown(self, wait: float = 5.0) -> None:
        """End the worker (a replay under way gives up at its next move); no answer is sent
        after this returns, even by a worker that outlives ``wait`` on a loaded machine."""
        self._next("replay")
        self._next("explain")
        self._jobs.put(_QUIT)
        self._thread.join(wait)
        self._courier.close()

    # -- inside -------------------------------------------------------------------------------
    def _next(self, kind: str) -> int:
        with self._lock:
            self._latest[kind] += 1
            return self._latest[kind]

    def _stale(self, kind: str, generation: int) -> bool:
        with self._lock:
            return generation != self._latest[kind]

    def _canceller(self, generation: int) -> Callable[[], bool]:
        return lambda: self._stale("replay", generation)

    def _deliver(self, generation: int, replay: Replay) -> None:
        if generation == self._latest["replay"]:
            self._answered["replay"] = generation
            self.replayed.emit(replay)

    def _deliver_reason(self, generation: int, text: str) -> None:
        if generation == self._latest["explain"]:
            self._answered["explain"] = generation
            self.explained.emit(text)

    def _emit(self, name: str, *args: object) -> None:
        self._courier.emit(name, *args)

    def _run(self) -> None:
        replayer = Replayer()
        while True:
            job = self._jobs.get()
            if job is _QUIT:
                return
            kind, generation = job[0], job[1]
            if self._stale(kind, generation):
                continue              # a newer question of its kind is waiting
            try:
                if kind == "replay":
                    _, _, variant, line, at = job
                    answer = replayer.replay(variant, line, at,
                                             self._canceller(generation))
                    if answer is not None:
                        self._emit("replayed", generation, answer)
                else:
                    self._emit("explained", generation, self._reason(replayer, job))
            except Exception as e:    # noqa: BLE001 - the worker must outlive any defect
                if kind == "replay":
                    variant, line = job[2], job[3]
                    self._emit("replayed", generation,
                               Replay(variant, line, error="Internal error while replaying "
                                      f"the game: {type(e).__name__}: {e}",
                                      files=variant.files))
                else:
                    self._emit("explained", generation, "")

    @staticmethod
    def _reason(replayer: Replayer, job: tuple[Any, ...]) -> str:
        _, _, variant, line, ply, origin, target, drop = job
        answer = replayer.replay(variant, line, ply)
        if answer is None or answer.error:
            return answer.error if answer is not None else ""
        game = replayer.at(min(ply, answer.valid))
        if game is None:
            return ""
        try:
            return _why(game, origin, target, drop)
        finally:
            replayer.restore()


def _why(game: Game, origin: int, target: int, drop: str) -> str:
    if drop:
        return why_not_drop(game, drop, target)
    return why_not(game, origin, target)

__all__ = ["GameService"]

"""A player in a process of its own: ``ProcessPlayer(make)`` runs the player ``make()``
returns (the built-in opponent, say) in a child process, so that its work never competes with
the caller's threads for the interpreter lock (the window's UI thread stays free while the
built-in opponent searches).

The child is started with the ``spawn`` method (safe beside the window's threads, and the same
on every platform); ``make`` must be picklable (a class, a ``functools.partial`` of one). The
parent asks over a pipe: ``begin`` and ``ask`` send the variant, the start position and the
moves (the child keeps a ``Game`` of its own, brought to the moves it is given); ``stop`` sets
an event the child's player polls as its stop signal, so it answers promptly with its best
move so far. ``close`` ends the child (asked, then terminated after a bounded wait); the child
also ends by itself when its parent dies (it watches the parent's sentinel), so a window that
crashes leaves no search behind. The child leaves without the interpreter's teardown (it has
nothing to write back), so ``close`` does not wait for its memory to be freed object by
object. A child that dies is an answer with the reason (its exit code), never a hang; an
error in the child's player is its words and where it was raised.

``nice`` lowers the child's CPU priority by that many steps (``os.nice``, where the system has
it) from its first search on: a search the window runs in the background yields the CPU to the
window's own process on a busy machine, instead of taking a core the UI thread is waiting for.
The child's start (its imports, the game's tables) keeps the caller's priority: at a low one
on a busy machine it took tens of seconds before the first move. A caller that times the
player against another one (a match) leaves it at 0, so both get the same share.
"""

from __future__ import annotations

import multiprocessing
import multiprocessing.connection
import os
import sys
import threading
from multiprocessing.process import BaseProcess
from typing import Any, Callable, Sequence

from ..errors import DesignerError, internal_error
from ..game.game import Game
from ..game.moves import Move
from ..opponent.search import StopSignal
from ..variant.model import Variant
from .protocol import NEVER, Answer, Player, follow

#: How often the parent looks at the caller's stop signal while the child thinks (seconds).
POLL_SECONDS = 0.02
#: How long ``close`` waits for the child to end before it is terminated (seconds).
CLOSE_SECONDS = 5.0


class PlayerProcessError(DesignerError):
    """The player in the child process refused the game or its process is gone."""


class ProcessPlayer(Player):
    """The player ``make()`` returns, in a child process (see the module's docstring)."""

    def __init__(self, make: Callable[[], Player], name: str = "player", nice: int = 0):
        self.name = name
        context = multiprocessing.get_context("spawn")
        self._stop = context.Event()
        self._conn, child = context.Pipe()
        self.process: BaseProcess = context.Process(
            target=_serve, args=(make, child, self._stop, nice), name=f"player-{name}",
            daemon=True)
        self.process.start()
        child.close()
        self._lock = threading.Lock()          # one exchange over the pipe at a time
        self._closed = False

    # -- the protocol ----------------------------------------------------------------------
    def begin(self, variant: Variant, fen: str | None, seed: int | None = None) -> None:
        reply = self._exchange(("begin", variant, fen, seed), NEVER)
        if reply[0] != "ok":
            raise PlayerProcessError(str(reply[1]))

    def ask(self, game: Game, legal: Sequence[Move], stop: StopSignal = NEVER) -> Answer:
        """The child's answer after ``game``'s moves (``legal`` is not read: the child
        computes the legal moves in its own game)."""
        return self.ask_after(tuple(game.moves), stop)

    def ask_after(self, moves: tuple[Move, ...], stop: StopSignal = NEVER) -> Answer:
        """The child's answer after ``moves`` from the start of the game begun: for a caller
        that keeps no ``Game`` of its own (the window's thread, which must not hold the
        interpreter lock for a game's tables)."""
        try:
            reply = self._exchange(("ask", moves), stop)
        except PlayerProcessError as e:
            return Answer(failure=str(e))
        if reply[0] != "answer":
            return Answer(failure=str(reply[1]))
        answer: Answer = reply[1]
        return answer

    def stop(self) -> None:
        self._stop.set()

    def close(self) -> None:
        """End the child: asked to, then terminated after ``CLOSE_SECONDS``; returns once it
        has ended."""
        if self._closed:
            return
        self._closed = True
        self._stop.set()                       # a search under way ends now
        try:
            self._conn.send(("close",))
        except (OSError, ValueError):
            pass                               # the child is gone already
        self.process.join(CLOSE_SECONDS)
        if self.process.is_alive():
            self.process.terminate()
            self.process.join(CLOSE_SECONDS)
        self._conn.close()

    # -- the pipe --------------------------------------------------------------------------
    def _exchange(self, message: tuple[Any, ...], stop: StopSignal) -> tuple[Any, ...]:
        with self._lock:
            if self._closed:
                raise PlayerProcessError(f"{self.name} is closed")
            self._stop.clear()
            try:
                self._conn.send(message)
            except (OSError, ValueError):
                raise PlayerProcessError(self._gone()) from None
            while True:
                ready = multiprocessing.connection.wait(
                    [self._conn, self.process.sentinel], POLL_SECONDS)
                if self._conn in ready:
                    try:
                        reply: tuple[Any, ...] = self._conn.recv()
                    except (EOFError, OSError):
                        raise PlayerProcessError(self._gone()) from None
                    return reply
                if ready:                      # the sentinel only: the child died
                    raise PlayerProcessError(self._gone())
                if stop.is_set() and not self._stop.is_set():
                    self._stop.set()

    def _gone(self) -> str:
        self.process.join(CLOSE_SECONDS)
        code = self.process.exitcode
        how = f"exit code {code}" if code is not None and code >= 0 else \
            f"signal {-code}" if code is not None else "no exit code"
        return f"{self.name}'s process ended unexpectedly ({how})"


# -- in the child ---------------------------------------------------------------------------
def _serve(make: Callable[[], Player], conn: multiprocessing.connection.Connection,
           stop: Any, nice: int = 0) -> None:
    """The child's loop: answer ``begin`` and ``ask`` until ``close``, the pipe's end or the
    parent's death."""
    parent = multiprocessing.parent_process()
    if parent is not None:
        threading.Thread(target=_watch_parent, args=(parent.sentinel,), daemon=True,
                         name="parent-watch").start()
    _answer(make, conn, stop, nice)
    _leave()


def _answer(make: Callable[[], Player], conn: multiprocessing.connection.Connection,
            stop: Any, nice: int) -> None:
    """Answer the parent's messages until ``close`` or the pipe's end; searches run ``nice``
    steps below the parent (from the first ``ask`` on)."""
    player: Player | None = None
    game: Game | None = None
    try:
        while True:
            try:
                message = conn.recv()
            except (EOFError, OSError):
                return
            kind = message[0]
            if kind == "close":
                return
            try:
                if player is None:
                    player = make()
                if kind == "begin":
                    _, variant, fen, seed = message
                    game = Game(variant, fen)
                    player.begin(variant, fen, seed)
                    conn.send(("ok",))
                elif kind == "ask":
                    if game is None:
                        conn.send(("error", "asked before the game began"))
                        continue
                    follow(game, message[1])
                    nice = _lower_priority(nice)      # once, before the first search
                    conn.send(("answer", player.ask(game, game.legal_moves(), stop)))
            except DesignerError as e:
                conn.send(("error", str(e)))
            except Exception as e:   # noqa: BLE001 - a defect is the answer, with where
                conn.send(("error", internal_error(e)))
    finally:
        if player is not None:
            player.close()


def _lower_priority(steps: int) -> int:
    """Lower the CPU priority of this thread, the one that searches, and of the threads it
    starts afterwards (the search's clock) by ``steps``; returns 0, nothing left to lower. Nothing
    where the system has no ``os.nice``, or when it refuses: the player then runs at its
    parent's priority."""
    if steps > 0 and hasattr(os, "nice"):
        try:
            os.nice(steps)
        except OSError:
            pass
    return 0


def _leave() -> None:
    """End the child at once once it has answered its last message: it has nothing left to
    write, and the interpreter's own teardown (the search's tables freed object by object)
    costs seconds of CPU at a low priority on a busy machine, seconds the parent's ``close``
    (the window closing) would wait for."""
    for stream in (sys.stdout, sys.stderr):
        if stream is not None:
            stream.flush()
    os._exit(0)


def _watch_parent(sentinel: int) -> None:
    multiprocessing.connection.wait([sentinel])
    os._exit(0)                                # the parent died: nobody will ask again


__all__ = ["ProcessPlayer", "PlayerProcessError", "POLL_SECONDS", "CLOSE_SECONDS"]

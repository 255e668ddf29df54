"""Who plays a side in the window: a person at the board, the built-in opponent, or an
external engine, as thin Qt adapters over the core's players (``designer.players``: one
protocol, ``begin``/``ask``/``stop``/``close``, and its ``Answer``).

Each computer player asks its core player from one ``jobs.Lane`` thread (the built-in opponent
in a process of its own, ``players.ProcessPlayer``; an engine over a ``QProcess`` living in the
lane's thread) and answers with signals tagged by the generation of the question, so an answer
to a position that is no longer the game's (the user took back, undid, edited the variant) is
dropped. ``stop()`` is "move now"; ``cancel()`` forgets the question; ``shutdown()`` ends the
lane, the engine and the opponent's process (bounded).
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Literal, Protocol

from PySide6.QtCore import QObject, QTimer, Signal

from ...errors import DesignerError
from ...game.moves import Move
from ...variant.model import Variant
from ...players.protocol import Answer, follow
from ..jobs import Lane, Ticket

if TYPE_CHECKING:
    # The engines, the opponent and the engine worker load when a computer player is made,
    # not when the window starts (they bring processes, threads and the match machinery).
    from ...engines import Engine, EngineSettings, Timeouts

Kind = Literal["human", "builtin", "engine"]
DEFAULT_MOVETIME_MS = 2000
#: How many steps below the window the built-in opponent's process runs (``os.nice``): its
#: search is background work, and on a busy machine the window must get the CPU first.
BACKGROUND_NICE = 10
STOP_AGAIN_MS = 300         # Move now: how often the stop is sent again until the move comes


@dataclass(frozen=True)
class PlayerChoice:
    """A side's player: ``human``, ``builtin`` or ``engine`` (with its settings); the time per
    move and depth a computer player gets."""

    kind: Kind = "human"
    engine: EngineSettings | None = None
    movetime_ms: int | None = DEFAULT_MOVETIME_MS
    depth: int | None = None

    @property
    def label(self) -> str:
        if self.kind == "human":
            return "Human"
        if self.kind == "builtin":
            return "Built-in opponent"
        return self.engine.name if self.engine is not None else "Engine"

    @property
    def computer(self) -> bool:
        return self.kind != "human"

    def limited(self) -> "PlayerChoice":
        """The engine's settings with this choice's time and depth."""
        if self.engine is None:
            return self
        return replace(self, engine=replace(self.engine, movetime_ms=self.movetime_ms,
                                            depth=self.depth))


@dataclass(frozen=True, slots=True)
class Turn:
    """A position to move in: the variant, the start FEN, our moves since, tagged with the
    generation of the game it was asked in (the core ``Player`` is asked the position alone;
    the tag is what lets the window drop an answer to a game that has moved on)."""

    generation: int
    variant: Variant
    start: str
    moves: tuple[Move, ...]


class ComputerPlayer(QObject):
    """One computer side. ``ready(reasons)`` once it knows whether it plays the variant
    (``reasons`` empty: it does); ``answered(generation, Answer)`` for each question."""

    ready = Signal(object)
    answered = Signal(int, object)

    name = "computer"
    _lane: Lane                       # the one thread the core player is asked from
    _seat: "_Answering"               # what the lane works with (never the player itself)
    _current = 0                      # the generation of the question being answered

    def prepare(self, variant: Variant) -> None:
        """Start and say (``ready``) whether it plays ``variant``."""
        raise NotImplementedError

    def ask(self, turn: Turn) -> None:
        """Answer ``turn`` (``answered`` with its generation), from the lane's thread."""
        self._current = turn.generation
        self._asking()
        seat = self._seat
        self._lane.submit(lambda ticket: seat.answer(turn, ticket), key="turn",
                          done=self._answered)

    def _asking(self) -> None:
        """A turn is about to be asked (the engine's player resets its hurry)."""

    def _answered(self, result: tuple[int, Answer]) -> None:
        generation, answer = result
        if generation == self._current:
            self._answering()
            self.answered.emit(generation, answer)

    def _answering(self) -> None:
        """The answer to the current question is about to be sent."""

    def stop(self) -> None:
        """Move now."""

    def cancel(self) -> None:
        """Forget the question under way (its answer is dropped)."""

    def shutdown(self) -> None:
        """End the thread and any process it runs (bounded)."""


class _Answering(Protocol):
    def answer(self, q: Turn, ticket: Ticket) -> tuple[int, Answer]: ...


# -- the built-in opponent ------------------------------------------------------------------------
class _Seat:
    """What the built-in player's lane works with, never the player itself (a worker must not
    hold the window's objects): the core player in its own process, made on first use, and
    the game it began there."""

    def __init__(self, choice: PlayerChoice):
        self.choice = choice
        self.core: Any = None                       # players.ProcessPlayer
        self.begun: tuple[Variant, str] | None = None
        self.lock = threading.Lock()

    def open(self) -> Any:
        """The core player, its process started (in the lane's thread: spawning takes a
        moment)."""
        from functools import partial
        from ...opponent import Limits, Settings
        from ...players import BuiltinPlayer as Core, ProcessPlayer
        with self.lock:
            if self.core is None:
                c = self.choice
                limits = Limits(depth=c.depth) if c.depth else Limits()
                self.core = ProcessPlayer(partial(Core, Settings(), limits,
                                                  c.movetime_ms or None),
                                          "the built-in opponent", nice=BACKGROUND_NICE)
            return self.core

    def answer(self, q: Turn, ticket: Ticket) -> tuple[int, Answer]:
        """The core player's answer to ``q`` (in the lane's thread)."""
        try:
            if ticket.stopping and ticket.cancelled:
                return q.generation, Answer(failure="cancelled")
            core = self.open()
            ticket.on_stop(core.stop)
            if self.begun != (q.variant, q.start):
                core.begin(q.variant, q.start or None)
                self.begun = (q.variant, q.start)
            # the child keeps the game and computes its legal moves: nothing of the game is
            # built here, in the window's process, where it would hold the interpreter lock
            return q.generation, core.ask_after(q.moves, ticket.stop)
        except DesignerError as e:
            return q.generation, Answer(failure=str(e))
        except Exception as e:   # noqa: BLE001 - a defect stops the game, not the window
            return q.generation, Answer(failure=f"internal error: {type(e).__name__}: {e}")

    def close(self) -> None:
        with self.lock:
            core, self.core = self.core, None
        if core is not None:
            core.close()

    @property
    def alive(self) -> bool:
        core = self.core
        return core is not None and core.process.is_alive()


class BuiltinPlayer(ComputerPlayer):
    """The built-in opponent (``players.BuiltinPlayer``) in a process of its own
    (``players.ProcessPlayer``), asked from one ``jobs.Lane`` thread: its search never holds
    the UI thread's interpreter lock, and its process runs at a lower CPU priority than the
    window's (``BACKGROUND_NICE``). The time per move is a clock in the child, "move now"
    its stop; the process ends with ``shutdown``, the player's deletion, or the window's."""

    def __init__(self, choice: PlayerChoice, parent: QObject | None = None):
        super().__init__(parent)
        self.choice = choice
        self.name = "Built-in opponent"
        self._seat: _Seat = _Seat(choice)
        self._lane = Lane(self, "builtin-opponent", finish=self._seat.close)
        self._current = 0                 # the question being answered

    def prepare(self, variant: Variant) -> None:
        self.ready.emit(())               # it plays every variant the rules engine plays
        if not self._lane.closed and self._seat.core is None:
            seat = self._seat
            self._lane.submit(lambda ticket: seat.open(), key="open")

    def stop(self) -> None:
        self._lane.stop("turn")

    def cancel(self) -> None:
        self._current = -1
        self._lane.cancel("turn")

    @property
    def running(self) -> bool:
        """Whether the lane's thread or the opponent's process is still alive."""
        return self._lane.running or self._seat.alive

    @property
    def searching(self) -> bool:
        """Whether a question is being answered (its process started)."""
        return self._lane.busy_with("turn") and self._seat.alive

    def threads(self) -> list[threading.Thread]:
        """The lane's thread while it runs (join it to wait for the player's end)."""
        thread = self._lane.lane_thread
        return [thread] if thread is not None else []

    @property
    def process(self) -> Any:
        """The opponent's process (None before the first question)."""
        core = self._seat.core
        return core.process if core is not None else None

    def shutdown(self, wait: float = 5.0) -> None:
        """Stop the search and end the lane (its thread closes the process) within ``wait``;
        no answer after this returns."""
        self._current = -1
        self._lane.shutdown(wait)


# -- an external engine -------------------------------------------------------------------------
class _EngineSeat:
    """What the engine player's lane works with, never the player itself: the core player
    (``engines.players.EnginePlayer``) over a ``QProcess`` that lives in the lane's thread, and
    the game it is asked in."""

    def __init__(self, settings: EngineSettings, timeouts: Timeouts):
        from ...engines.players import EnginePlayer as Core
        self.settings = settings
        self.core = Core(settings, timeouts, opener=self._open)
        self.pid: int | None = None
        self.begun: tuple[Variant, str] | None = None
        self.game: Any = None
        self.hurry = False        # "move now" came before the search began: play at depth 1

    def _open(self, settings: EngineSettings, timeouts: Timeouts) -> Engine:
        from ...engines import open_settings
        from ..engines.process import QProcessTransport
        transport = QProcessTransport(settings.command, settings.working_dir or None)
        engine = open_settings(settings, timeouts=timeouts, transport=transport)
        self.pid = transport.pid
        return engine

    def verdict(self, variant: Variant) -> tuple[str, ...]:
        """Why the engine cannot play ``variant`` (empty: it can), in the lane's thread."""
        from ...engines import can_play
        try:
            engine = self.core.open()
        except DesignerError as e:
            return (f"{self.settings.name} could not be started: {e}",)
        v = can_play(engine.capabilities, variant)
        return tuple(v.reasons) if not v.playable else ()

    def answer(self, q: Turn, ticket: Ticket) -> tuple[int, Answer]:
        from ...engines import Limit
        try:
            if self.begun != (q.variant, q.start):
                from ...game.game import Game
                self.core.begin(q.variant, q.start or None)
                self.game = Game(q.variant, q.start or None)
                self.begun = (q.variant, q.start)
            follow(self.game, q.moves)
            self.core.limit = Limit(depth=1) if self.hurry else self.settings.limit()
            ticket.on_stop(self.core.stop)
            return q.generation, self.core.ask(self.game, self.game.legal_moves(), ticket.stop)
        except DesignerError as e:
            return q.generation, Answer(failure=f"{self.settings.name} failed: {e}")
        except Exception as e:   # noqa: BLE001 - a defect stops the game, not the window
            return q.generation, Answer(failure=f"internal error: {type(e).__name__}: {e}")
        finally:
            self.hurry = False


class EnginePlayer(ComputerPlayer):
    """An engine over UCI or the XBoard protocol (``engines.players.EnginePlayer``: the
    variant given by name or as a section, every move it sends checked against our legal
    moves) asked from one ``jobs.Lane`` thread, where its ``QProcess`` lives."""

    def __init__(self, choice: PlayerChoice, parent: QObject | None = None,
                 timeouts: Timeouts | None = None):
        from ...engines import Timeouts
        super().__init__(parent)
        assert choice.engine is not None
        self.choice = choice.limited()
        self.settings: EngineSettings = self.choice.engine  # type: ignore[assignment]
        self.name = self.settings.name
        self._seat: _EngineSeat = _EngineSeat(self.settings, timeouts if timeouts is not None
                                              else Timeouts())
        self._lane = Lane(self, "engine-player", finish=self._seat.core.close)
        self._current = 0
        self._open = False       # the turn asked is not answered yet

    @property
    def pid(self) -> int | None:
        """The engine's process, once started."""
        return self._seat.pid

    def threads(self) -> list[threading.Thread]:
        """The lane's thread while it runs (join it to wait for the engine's end)."""
        thread = self._lane.lane_thread
        return [thread] if thread is not None else []

    def prepare(self, variant: Variant) -> None:
        seat = self._seat
        self._lane.submit(lambda ticket: seat.verdict(variant), key="verdict",
                          done=self._verdict)

    def _verdict(self, reasons: tuple[str, ...]) -> None:
        self.ready.emit(reasons)

    def _asking(self) -> None:
        self._seat.hurry = False
        self._open = True

    def _answering(self) -> None:
        self._open = False

    def stop(self) -> None:
        # A stop that reaches the engine before its search began would be forgotten (a search
        # forgets earlier stops): the turn not yet under way plays at depth 1 instead, and the
        # stop is sent again every moment until the same question is answered, however long
        # the lane takes to begin the search (a loaded machine).
        self._seat.hurry = True
        self._lane.stop("turn")
        asked = self._current
        # the player is the timer's context: a player deleted meanwhile gets no call
        QTimer.singleShot(STOP_AGAIN_MS, self, lambda: self._again(asked))

    def _again(self, asked: int) -> None:
        if self._current == asked and self._open:
            self._seat.core.stop()
            QTimer.singleShot(STOP_AGAIN_MS, self, lambda: self._again(asked))

    def cancel(self) -> None:
        self._current = -1
        self._open = False
        self._lane.cancel("turn")

    def shutdown(self, wait: float = 10.0) -> None:
        """End the search at once and the engine with the lane's thread (within ``wait``)."""
        self._current = -1
        self._seat.core.abort()
        self._lane.shutdown(wait)


__all__ = ["PlayerChoice", "Turn", "ComputerPlayer", "BuiltinPlayer",
           "EnginePlayer", "DEFAULT_MOVETIME_MS"]

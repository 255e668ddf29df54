"""Who plays a side in the window: a person at the board, the built-in opponent, or an
external engine, and the computer players' worker threads.

Every computer player thinks off the UI thread and answers with signals tagged by the
generation of the question, so an answer to a position that is no longer the game's (the user
took back, undid, edited the variant) is dropped. ``stop()`` is "move now"; ``cancel()``
forgets the question; ``shutdown()`` ends the thread and any engine process (bounded).
"""

from __future__ import annotations

import queue
import tempfile
import threading
from dataclasses import dataclass, replace
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal

from PySide6.QtCore import QObject, QTimer, Signal

from ...errors import DesignerError
from ...game.moves import Move
from ...variant.model import Variant
from ..courier import Courier

if TYPE_CHECKING:
    # The engines, the opponent and the engine worker load when a computer player is made,
    # not when the window starts (they bring processes, threads and the match machinery).
    from ...engines import Engine, EngineSettings, Timeouts
    from ...engines.launch import EngineVariant
    from ...engines.referee import RulesReferee
    from ...opponent import Opponent

Kind = Literal["human", "builtin", "engine"]
DEFAULT_MOVETIME_MS = 2000
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
class Question:
    """A position to move in: the variant, the start FEN, our moves since."""

    generation: int
    variant: Variant
    start: str
    moves: tuple[Move, ...]


@dataclass(frozen=True, slots=True)
class Answer:
    """A computer player's answer: its move, or why there is none (``failure``: it broke;
    ``resigned``; ``rejected``: the move it sent and both readings of it)."""

    move: Move | None = None
    info: str = ""
    failure: str = ""
    resigned: bool = False
    rejected: str = ""


class ComputerPlayer(QObject):
    """One computer side. ``ready(reasons)`` once it knows whether it plays the variant
    (``reasons`` empty: it does); ``answered(generation, Answer)`` for each question."""

    ready = Signal(object)
    answered = Signal(int, object)

    name = "computer"

    def prepare(self, variant: Variant) -> None:
        """Start and say (``ready``) whether it plays ``variant``."""
        raise NotImplementedError

    def ask(self, question: Question) -> None:
        raise NotImplementedError

    def stop(self) -> None:
        """Move now."""

    def cancel(self) -> None:
        """Forget the question under way (its answer is dropped)."""

    def shutdown(self) -> None:
        """End the thread and any process it runs (bounded)."""


class _Bridge(QObject):
    answered = Signal(int, object)
    ready = Signal(object)


# -- the built-in opponent ------------------------------------------------------------------------
class BuiltinPlayer(ComputerPlayer):
    """The built-in opponent in a worker thread of its own (``designer.opponent``): a search
    bounded by depth, stopped by the time per move or "move now"."""

    def __init__(self, choice: PlayerChoice, parent: QObject | None = None):
        super().__init__(parent)
        self.choice = choice
        self.name = "Built-in opponent"
        self._jobs: queue.Queue[Any] = queue.Queue()
        self._bridge = _Bridge(self)      # deleted with the player, in the UI thread
        self._bridge.answered.connect(self.answered)
        self._bridge.ready.connect(self.ready)
        self._courier = Courier(self._bridge, self)
        self._lock = threading.Lock()
        self._current = 0                 # the question being answered
        self._stop = threading.Event()
        self._opponent: Any = None
        # a player deleted with its owner without ``shutdown`` still stops its search and ends
        # its thread: the closure holds the queue and the current stop, never the player
        self._stops = [self._stop]
        jobs, stops = self._jobs, self._stops
        self.destroyed.connect(lambda *_: _end_builtin(jobs, stops))
        self._thread = threading.Thread(target=self._run, name="builtin-opponent", daemon=True)
        self._thread.start()

    def prepare(self, variant: Variant) -> None:
        self._bridge.ready.emit(())          # it plays every variant the rules engine plays

    def ask(self, question: Question) -> None:
        with self._lock:
            self._current = question.generation
        self._stop = self._stops[0] = threading.Event()
        self._jobs.put((question, self._stop))

    def stop(self) -> None:
        self._stop.set()

    def cancel(self) -> None:
        with self._lock:
            self._current = -1
        self._stop.set()

    @property
    def running(self) -> bool:
        """Whether the thinking thread is still alive."""
        return self._thread.is_alive()

    def shutdown(self, wait: float = 5.0) -> None:
        """Stop the search, end the thread (within ``wait``); no answer after this returns."""
        self.cancel()
        self._jobs.put(None)
        self._thread.join(wait)
        self._courier.close()

    def _run(self) -> None:
        while True:
            job = self._jobs.get()
            if job is None:
                return
            question, stop = job
            with self._lock:
                if question.generation != self._current:
                    continue
            answer = self._think(question, stop)
            with self._lock:
                current = question.generation == self._current
            if current and not self._courier.emit("answered", question.generation, answer):
                return                        # shut down: nobody listens any more

    def _think(self, q: Question, stop: threading.Event) -> Answer:
        from ...opponent import Limits, Opponent
        try:
            opp = self._opponent
            if opp is None or opp.variant != q.variant or opp.fen != q.start:
                opp = self._opponent = Opponent(q.variant, fen=q.start or None)
            timer = None
            if self.choice.movetime_ms:
                timer = threading.Timer(self.choice.movetime_ms / 1000, stop.set)
                timer.daemon = True
                timer.start()
            try:
                limits = Limits(depth=self.choice.depth) if self.choice.depth else Limits()
                thought = opp.think(q.moves, limits, stop=stop)
            finally:
                if timer is not None:
                    timer.cancel()
        except DesignerError as e:
            return Answer(failure=str(e))
        except Exception as e:   # noqa: BLE001 - a defect stops the game, not the window
            return Answer(failure=f"internal error: {type(e).__name__}: {e}")
        if thought.move is None:
            return Answer(failure="it found no move")
        score = f"mate in {thought.mate}" if getattr(thought, "mate", None) else \
            f"{thought.score / 100:+.2f}"
        return Answer(thought.move, f"depth {thought.depth}, {score}")


def _end_builtin(jobs: queue.Queue[Any], stops: list[threading.Event]) -> None:
    """A deleted built-in player's thread: its search stops, then the thread ends."""
    stops[0].set()
    jobs.put(None)


# -- an external engine -------------------------------------------------------------------------
class EnginePlayer(ComputerPlayer):
    """An engine over UCI or the XBoard protocol in an ``EngineWorker`` (a QProcess in a thread
    of its own). The variant is given to it before the game (by name, or as a section per
    revision); each move it sends is checked against our legal moves."""

    def __init__(self, choice: PlayerChoice, parent: QObject | None = None,
                 timeouts: Timeouts | None = None):
        from ...engines import Timeouts
        from ..engines.worker import EngineWorker
        super().__init__(parent)
        assert choice.engine is not None
        self.choice = choice.limited()
        self.settings: EngineSettings = self.choice.engine  # type: ignore[assignment]
        self.name = self.settings.name
        self.worker = EngineWorker(self, timeouts if timeouts is not None else Timeouts())
        self.worker.started.connect(self._started)
        self.worker.answered.connect(self._answered)
        self.worker.failed.connect(self._failed)
        self._folder = tempfile.TemporaryDirectory(prefix="variant-designer-play-")
        self._variant: Variant | None = None
        self._given: EngineVariant | None = None
        self._referee: RulesReferee | None = None
        self._current = 0
        self._hurry = False
        self._open = False       # the turn asked is not answered yet

    def prepare(self, variant: Variant) -> None:
        self._variant = variant
        if not self.worker.running:
            self.worker.start(self.settings)
        else:
            self._check(variant)

    def _started(self, about: object) -> None:
        if self._variant is not None:
            self._check(self._variant)

    def _check(self, variant: Variant) -> None:
        def verdict(engine: Engine) -> tuple[str, tuple[str, ...]]:
            from ...engines import can_play
            v = can_play(engine.capabilities, variant)
            return ("verdict", tuple(v.reasons) if not v.playable else ())
        self.worker.call("verdict", verdict)

    def ask(self, question: Question) -> None:
        self._current = question.generation
        self._hurry = False
        self._open = True
        self.worker.call(question.generation, lambda engine: self._turn(engine, question))

    def stop(self) -> None:
        # A stop that reaches the engine before its search began would be forgotten (a search
        # forgets earlier stops): the turn not yet under way plays at depth 1 instead, and the
        # stop is sent again every moment until the same question is answered, however long
        # the worker takes to begin the search (a loaded machine).
        self._hurry = True
        self.worker.stop_search()
        asked = self._current
        # the player is the timer's context: a player deleted meanwhile gets no call
        QTimer.singleShot(STOP_AGAIN_MS, self, lambda: self._again(asked))

    def _again(self, asked: int) -> None:
        if self._current == asked and self._open:
            self.worker.stop_search()
            QTimer.singleShot(STOP_AGAIN_MS, self, lambda: self._again(asked))

    def cancel(self) -> None:
        self._current = -1
        self._open = False
        self.worker.stop_search()

    def shutdown(self) -> None:
        self.worker.shutdown()
        self._folder.cleanup()

    # -- in the worker thread ---------------------------------------------------------------
    def _turn(self, engine: Engine, q: Question) -> Answer:
        from ...engines import Limit, EnginePosition, give_variant
        from ...engines.match import engine_reading
        from ...engines.referee import RulesReferee
        if self._given is None or self._given_for != (q.variant, q.start):
            self._given = give_variant(engine, q.variant, self._folder.name)
            self._referee = RulesReferee(q.variant, q.start or None, self._given.letters)
            self._given_for = (q.variant, q.start)
        referee = self._referee
        assert referee is not None
        texts = referee.texts(q.moves)
        fen = None if not q.start or q.start == q.variant.setup else \
            engine_fen(q.start, self._given.letters)
        limit = Limit(depth=1) if self._hurry else self.settings.limit()
        try:
            result = engine.play(EnginePosition(self._given.name, fen, tuple(texts)), limit)
        finally:
            self._hurry = False
        if result.resigned:
            return Answer(resigned=True)
        if result.move is None:
            claim = result.claim or "no move"
            return Answer(rejected=f"{self.name} gave no move ({claim}) but the game goes on")
        mv = referee.move_of(texts, result.move)
        if mv is None:
            ours = referee.reading(texts, result.move)
            theirs = engine_reading(result.move, q.variant.files, q.variant.ranks)
            return Answer(rejected=f"{self.name} played {result.move} ({theirs}), which we "
                                   f"reject: {ours}")
        info = result.info
        words = []
        if info.depth:
            words.append(f"depth {info.depth}")
        if info.score is not None:
            words.append(f"mate in {info.score.mate}" if info.score.mate is not None else
                         f"{(info.score.cp or 0) / 100:+.2f}")
        return Answer(mv, ", ".join(words))

    # -- answers in the UI thread ------------------------------------------------------------
    def _answered(self, tag: object, value: Any) -> None:
        if tag == "verdict":
            self.ready.emit(value[1])
        elif tag == self._current:
            self._open = False
            self.answered.emit(tag, value)

    def _failed(self, tag: object, message: str) -> None:
        if tag is None or tag == "verdict":
            self.ready.emit((f"{self.name} could not be started: {message}",))
        elif tag == self._current:
            self._open = False
            self.answered.emit(tag, Answer(failure=f"{self.name} failed: {message}"))

    _given_for: tuple[Variant, str] | None = None


def engine_fen(fen: str, letters: Mapping[str, str]) -> str:
    """A FEN in the engine's letters (``letters``: ours -> the engine's, lower case)."""
    head, sep, tail = fen.partition(" ")
    out = []
    for ch in head:
        if ch.isalpha():
            theirs = letters.get(ch.upper(), ch.lower())
            out.append(theirs.upper() if ch.isupper() else theirs.lower())
        else:
            out.append(ch)
    return "".join(out) + sep + tail


__all__ = ["PlayerChoice", "Question", "Answer", "ComputerPlayer", "BuiltinPlayer",
           "EnginePlayer", "engine_fen", "DEFAULT_MOVETIME_MS"]

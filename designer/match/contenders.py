"""Who plays a side of a headless game: the built-in opponent, a seeded random mover, or an
external engine (``designer.engines``), behind one small interface over the rules engine's game.

A contender is told each new game (``begin``) and asked for its move in a ``Game`` it must not
change (``choose``); it answers with an ``Answer``: a legal move, a resignation, or why it has
none (an engine that failed, or whose move our rules reject: both readings are given). Players
are named as the command line names them (``engines.PlayerSpec``: ``builtin``, ``random``,
``random:SEED``, or an engine's command line).
"""

from __future__ import annotations

import os
import random
import threading
from abc import ABC, abstractmethod
from dataclasses import dataclass, replace
from typing import Callable

from ..engines.errors import EngineError
from ..engines.match import engine_reading
from ..engines.players import EnginePlayer, GameStart, PlayerSpec
from ..engines.referee import RulesReferee
from ..engines.settings import EngineSettings, SettingsError
from ..engines.values import Limit
from ..opponent import Limits, Opponent, Settings
from ..opponent.clock import MoveClock
from ..opponent.search import StopSignal
from ..game.game import Game
from ..game.moves import Move
from ..variant.model import Variant
from .adjudication import MATE_CP


@dataclass(frozen=True, slots=True)
class Answer:
    """A contender's answer: ``move``, or else ``resigned``, or ``failure`` (why it has no
    move: an engine error) or ``rejected`` (a move our rules refuse, with both readings)."""

    move: Move | None = None
    resigned: bool = False
    failure: str = ""
    rejected: str = ""
    score: int | None = None        # the mover's evaluation (centipawns), when it gave one


class Contender(ABC):
    """One side of headless games (see the module's docstring)."""

    name: str = "player"

    def begin(self, variant: Variant, fen: str | None, seed: int) -> None:
        """A new game starts (``seed`` is the game's own: seeded players draw from it)."""

    @abstractmethod
    def choose(self, game: Game, legal: list[Move], stop: StopSignal) -> Answer:
        """The move in ``game``'s position, whose ``legal`` moves the caller has made
        (``game`` is read, never changed)."""

    def close(self) -> None:
        """Free what the contender holds (an engine's process)."""


class BuiltinContender(Contender):
    """The built-in opponent within ``limits`` (and ``movetime_ms``, a stop signal after so
    many milliseconds: not reproducible, so only when asked for)."""

    def __init__(self, settings: Settings = Settings(), limits: Limits = Limits(depth=2),
                 movetime_ms: int | None = None, name: str = "builtin"):
        self.name = name
        self.settings = settings
        self.limits = limits
        self.movetime_ms = movetime_ms
        self._opponent: Opponent | None = None
        self._key: tuple[Variant, str | None] | None = None

    def begin(self, variant: Variant, fen: str | None, seed: int) -> None:
        if self._opponent is None or self._key != (variant, fen):
            self._opponent = Opponent(variant, replace(self.settings, seed=seed), fen)
            self._key = (variant, fen)
        else:
            self._opponent.reseed(seed)

    def choose(self, game: Game, legal: list[Move], stop: StopSignal) -> Answer:
        assert self._opponent is not None, "begin() first"
        with MoveClock(self.movetime_ms, stop) as signal:
            thought = self._opponent.think(tuple(game.moves), self.limits, signal,
                                           verify=False)
        if thought.move is None:
            return Answer(failure="the opponent found no legal move")
        return Answer(thought.move, score=thought.score)


class RandomContender(Contender):
    """A random legal move, drawn from the game's seed and the contender's own ``seed``."""

    def __init__(self, seed: int = 0, name: str = "random"):
        self.name = name
        self.seed = seed
        self._rng = random.Random(seed)

    def begin(self, variant: Variant, fen: str | None, seed: int) -> None:
        self._rng = random.Random(f"{seed}:{self.seed}")

    def choose(self, game: Game, legal: list[Move], stop: StopSignal) -> Answer:
        if not legal:
            return Answer(failure="no legal move")
        return Answer(self._rng.choice(legal))


class EngineContender(Contender):
    """An external engine (UCI or XBoard protocol). Its moves cross in its own text and
    letters (``RulesReferee`` translates); a move our rules reject ends the game with both
    readings; a stop signal makes it move now."""

    def __init__(self, player: EnginePlayer):
        self.player = player
        self.name = player.name
        self._start: GameStart | None = None
        self._referee: RulesReferee | None = None
        self._texts: list[str] = []
        self._error = ""

    def begin(self, variant: Variant, fen: str | None, seed: int) -> None:
        self._start = GameStart(variant, fen)
        self._texts = []
        self._error = ""
        try:
            self.player.start(self._start)
        except (EngineError, SettingsError) as e:
            self._error = f"{self.name} cannot play this game: {e}"
            return
        given = self.player.given
        self._referee = RulesReferee(variant, fen, given.letters if given else None)

    def choose(self, game: Game, legal: list[Move], stop: StopSignal) -> Answer:
        if self._error or self._referee is None or self._start is None:
            return Answer(failure=self._error or f"{self.name} was not started")
        referee = self._referee
        moves = game.moves
        del self._texts[len(moves):]
        for mv in moves[len(self._texts):]:
            self._texts.append(referee.engine_text(mv))
        watcher = _Watcher(stop, self.player.stop)
        try:
            reply = self.player.move(self._start, tuple(self._texts))
        except EngineError as e:
            return Answer(failure=f"{self.name} failed: {e}")
        finally:
            watcher.done()
        if reply.resigned:
            return Answer(resigned=True)
        if reply.move is None:
            return Answer(failure=f"{self.name} gave no move ({reply.claim or 'none'}) but "
                                  "the game goes on")
        texts = {referee.engine_text(m): m for m in legal}
        move = texts.get(reply.move)
        if move is None:
            geo = game.geo
            reading = engine_reading(reply.move, geo.files, geo.ranks)
            return Answer(rejected=f"{self.name} played {reply.move} ({reading}), which is "
                                   f"not among our {len(texts)} legal moves")
        score = reply.info.score
        cp = None if score is None else score.cp if score.cp is not None else \
            None if score.mate is None else (MATE_CP if score.mate > 0 else -MATE_CP)
        return Answer(move, score=cp)

    def close(self) -> None:
        self.player.close()


def contender_for(spec: PlayerSpec, settings: Settings = Settings(),
                  limits: Limits = Limits(depth=2), movetime_ms: int | None = None) -> Contender:
    """The contender a player specification names (``human`` plays only in the window)."""
    if spec.kind == "human":
        raise SettingsError("a human plays in the window (variant-designer play), not in a "
                            "headless match", "player")
    if spec.kind == "builtin":
        return BuiltinContender(settings, limits, movetime_ms)
    if spec.kind == "random":
        return RandomContender(spec.seed, "random" if not spec.seed else f"random:{spec.seed}")
    bounded = movetime_ms is not None or limits.depth is not None or limits.nodes is not None
    engine_limit = Limit(movetime_ms=movetime_ms, depth=limits.depth, nodes=limits.nodes) \
        if bounded else Limit(depth=2)
    player = EnginePlayer(EngineSettings(
        os.path.basename(spec.command[0]), spec.command, spec.protocol, movetime_ms,
        None if movetime_ms is not None else engine_limit.depth or 64))
    player.limit = engine_limit
    return EngineContender(player)


class _Watcher:
    """Calls ``stop_engine`` when ``stop`` is set while an engine thinks."""

    def __init__(self, stop: StopSignal, stop_engine: Callable[[], None]):
        self._done = threading.Event()
        self._thread = threading.Thread(target=self._watch, args=(stop, stop_engine),
                                        daemon=True)
        self._thread.start()

    def _watch(self, stop: StopSignal, stop_engine: Callable[[], None]) -> None:
        while not self._done.wait(0.05):
            if stop.is_set():
                stop_engine()
                return

    def done(self) -> None:
        self._done.set()
        self._thread.join()


__all__ = ["Answer", "Contender", "BuiltinContender", "RandomContender", "EngineContender",
           "contender_for"]

"""The built-in opponent (``designer.opponent``) as a player: a search bounded by depth and
nodes (counted work: reproducible), and by a time per move when one is given (a clock: not
reproducible, so only when asked for); ``stop`` answers at once with the best move so far."""

from __future__ import annotations

from dataclasses import replace
from typing import Sequence

from ..game.game import Game
from ..game.moves import Move
from ..opponent import Limits, MoveClock, Opponent, Settings
from ..opponent.search import StopSignal
from ..variant.model import Variant
from .protocol import NEVER, Answer, Player


class BuiltinPlayer(Player):
    """The built-in opponent within ``limits`` and ``movetime_ms`` (see the module's
    docstring). One ``Opponent`` is kept while the variant and start position stay the same
    (its tables are reused; each game reseeds it)."""

    def __init__(self, settings: Settings = Settings(), limits: Limits = Limits(depth=2),
                 movetime_ms: int | None = None, name: str = "builtin"):
        self.name = name
        self.settings = settings
        self.limits = limits
        self.movetime_ms = movetime_ms
        self._opponent: Opponent | None = None
        self._key: tuple[Variant, str | None] | None = None

    def begin(self, variant: Variant, fen: str | None, seed: int | None = None) -> None:
        settings = self.settings if seed is None else replace(self.settings, seed=seed)
        if self._opponent is None or self._key != (variant, fen):
            self._opponent = Opponent(variant, settings, fen)
            self._key = (variant, fen)
        else:
            self._opponent.reseed(settings.seed)

    def ask(self, game: Game, legal: Sequence[Move], stop: StopSignal = NEVER) -> Answer:
        if self._opponent is None:
            return Answer(failure=f"{self.name} was asked before its game began")
        with MoveClock(self.movetime_ms, stop) as signal:
            thought = self._opponent.think(tuple(game.moves), self.limits, signal,
                                           verify=False)
        if thought.move is None:
            return Answer(failure="the opponent found no legal move")
        score = f"mate in {thought.mate}" if thought.mate else f"{thought.score / 100:+.2f}"
        return Answer(thought.move, score=thought.score,
                      info=f"depth {thought.depth}, {score}")

    def stop(self) -> None:
        opponent = self._opponent
        if opponent is not None:
            opponent.stop()


__all__ = ["BuiltinPlayer"]

"""A random legal move: the weakest opponent, and a seeded one (the same seeds play the same
game)."""

from __future__ import annotations

import random
from typing import Sequence

from ..game.game import Game
from ..game.moves import Move
from ..opponent.search import StopSignal
from ..variant.model import Variant
from .protocol import NEVER, Answer, Player


class RandomPlayer(Player):
    """A random legal move, drawn from the game's seed and the player's own ``seed``."""

    def __init__(self, seed: int = 0, name: str = "random"):
        self.name = name
        self.seed = seed
        self._rng = random.Random(seed)

    def begin(self, variant: Variant, fen: str | None, seed: int | None = None) -> None:
        self._rng = random.Random(self.seed if seed is None else f"{seed}:{self.seed}")

    def ask(self, game: Game, legal: Sequence[Move], stop: StopSignal = NEVER) -> Answer:
        if not legal:
            return Answer(failure="no legal move")
        return Answer(self._rng.choice(list(legal)))


__all__ = ["RandomPlayer"]

"""The built-in opponent behind the engines' ``Player`` interface, so that whatever drives
engines (``engines.match.play_game``, the window's engine worker) drives it the same way:
``engines.players.make_player(PlayerSpec("builtin"), limit, referee)`` makes one once this
module is imported (``designer.match`` imports it).

Moves cross as the protocols' text in our own letters (``Move.text``); the player keeps a game
of its own, brought to the moves it is given, and answers with the opponent's move.
"""

from __future__ import annotations

from typing import Callable

from ..engines.players import BUILTIN_PLAYERS, GameStart, Player, Reply
from ..engines.values import Limit
from ..opponent import Limits, MoveClock, Opponent, Settings
from ..game.game import Game
from ..opponent.settings import MAX_DEPTH, MAX_NODES

DEFAULT_DEPTH = 3


class BuiltinPlayer(Player):
    """The built-in opponent as an engines ``Player`` (see the module's docstring). The
    limit's depth and nodes bound each search, its time per move is a clock from outside;
    clocks alone (``white_ms``...) are not read: without depth, nodes or time per move it
    searches ``DEFAULT_DEPTH`` plies."""

    def __init__(self, limit: Limit, settings: Settings = Settings(), name: str = "builtin"):
        self.name = name
        self.settings = settings
        bounded = limit.depth is not None or limit.nodes is not None or \
            limit.movetime_ms is not None
        # an engine's limit may ask for more than the built-in opponent searches at most
        depth = min(limit.depth, MAX_DEPTH) if limit.depth is not None else \
            None if bounded else DEFAULT_DEPTH
        nodes = min(limit.nodes, MAX_NODES) if limit.nodes is not None else None
        self.limits = Limits(depth, nodes)
        self.movetime_ms = limit.movetime_ms
        self._opponent: Opponent | None = None
        self._game: Game | None = None
        self._texts: list[str] = []

    def start(self, game: GameStart) -> None:
        self._opponent = Opponent(game.variant, self.settings, game.fen)
        self._game = Game(game.variant, game.fen)
        self._texts = []

    def move(self, game: GameStart, moves: tuple[str, ...]) -> Reply:
        if self._game is None or self._opponent is None:
            self.start(game)
        assert self._game is not None and self._opponent is not None
        self._follow(self._game, moves)
        with MoveClock(self.movetime_ms) as clock:
            thought = self._opponent.think(tuple(self._game.moves), self.limits, clock,
                                           verify=False)
        if thought.move is None:
            return Reply(None, claim="no legal move")
        return Reply(self._game.move_text(thought.move))

    def _follow(self, game: Game, moves: tuple[str, ...]) -> None:
        common = 0
        while common < min(len(moves), len(self._texts)) and \
                moves[common] == self._texts[common]:
            common += 1
        while len(self._texts) > common:
            game.pop()
            self._texts.pop()
        for text in moves[common:]:
            game.push(game.move_from_text(text))
            self._texts.append(text)

    def stop(self) -> None:
        if self._opponent is not None:
            self._opponent.stop()


def _maker(limit: Limit) -> Player:
    return BuiltinPlayer(limit)


MAKER: Callable[[Limit], Player] = _maker
BUILTIN_PLAYERS.setdefault("builtin", MAKER)

__all__ = ["BuiltinPlayer"]

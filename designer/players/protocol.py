"""The one way a side of a game is asked for its move, whoever plays it: the built-in opponent
(``builtin``), a seeded random mover (``random_mover``), an external engine over UCI or the
XBoard protocol (``engines.players``), or any of them in a process of its own (``process``).

A player is told each new game (``begin``) and asked for its move in a ``Game`` it must not
change (``ask``), within the limits it was made with; ``stop`` (from any thread) makes it
answer now with its best move so far; ``close`` frees what it holds (an engine's process, a
child process). It answers with an ``Answer``: a move, a resignation, or why it has none (a
failure, or a move our rules reject with both readings). The headless match
(``match.driver.play_game``), the balance report and the window's Play tab all ask players
this way.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import TYPE_CHECKING, Sequence

if TYPE_CHECKING:      # the protocol loads without the game's or the search's machinery
    from ..game.game import Game
    from ..game.moves import Move
    from ..opponent.search import StopSignal
    from ..variant.model import Variant


@dataclass(frozen=True, slots=True)
class Answer:
    """A player's answer: ``move``, or else ``resigned``, or ``failure`` (why it has no move:
    an engine error, a defect) or ``rejected`` (a move our rules refuse, with both readings).
    ``score``: the mover's evaluation in centipawns when it gave one (adjudication reads it);
    ``info``: what it thought, in words (depth and score), for the window."""

    move: Move | None = None
    resigned: bool = False
    failure: str = ""
    rejected: str = ""
    score: int | None = None
    info: str = ""


class _Never:
    """A stop signal that is never set."""

    def is_set(self) -> bool:
        return False


NEVER: "StopSignal" = _Never()


class Player(ABC):
    """One side of games (see the module's docstring)."""

    name: str = "player"

    def begin(self, variant: Variant, fen: str | None, seed: int | None = None) -> None:
        """A new game of ``variant`` from ``fen`` (None: its setup) starts; ``seed`` is the
        game's own (seeded players draw from it; None: their own seed)."""

    @abstractmethod
    def ask(self, game: Game, legal: Sequence[Move], stop: StopSignal = NEVER) -> Answer:
        """The move in ``game``'s position, whose ``legal`` moves the caller has made
        (``game`` is read, never changed); ``stop`` set: answer now."""

    def stop(self) -> None:
        """Answer the question under way now, with the best move so far (any thread)."""

    def close(self) -> None:
        """Free what the player holds (an engine's process, a child process)."""


def follow(game: Game, moves: Sequence[Move]) -> None:
    """Bring ``game`` to the position after ``moves`` from its start, taking back only what
    differs from the moves it holds (a player that keeps a game of its own, asked again after
    one more move or a take-back). The moves are not checked: the asker's game checked them."""
    have = game.moves
    common = 0
    while common < min(len(moves), len(have)) and moves[common] == have[common]:
        common += 1
    for _ in range(len(have) - common):
        game.pop()
    for mv in moves[common:]:
        game.push(mv)


__all__ = ["Answer", "Player", "NEVER", "follow"]

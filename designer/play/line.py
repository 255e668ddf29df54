"""A game as the document keeps it: where it started, the moves played, who plays each side,
and an end the rules did not decide (a resignation, an engine's move we refused, a stop).

A ``GameLine`` is a plain frozen value, so that it is part of the document's undo steps and
autosave exactly as the variant is. It never holds a position: positions, legality, notation and
the result are derived from it by ``replay`` under the variant as it is *now*, which is how the
game survives edits of the variant (see ``designer.play.replay``).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Literal

from ..rules.moves import Move

Result = Literal["1-0", "0-1", "1/2-1/2", "*"]
HUMAN = "human"


@dataclass(frozen=True, slots=True)
class Stop:
    """An end the rules did not decide, after ``ply`` moves: ``result`` in PGN form and why
    (``*``: the game was stopped unfinished, e.g. an engine's move we refused)."""

    ply: int
    result: Result
    reason: str


@dataclass(frozen=True, slots=True)
class GameLine:
    """``start`` is the FEN the game began from; ``moves`` the moves in order (the rules
    engine's values); ``white``/``black`` name the players (``human``, ``builtin`` or an
    engine's name); ``stop`` an end the rules did not decide; ``tags`` further PGN tags kept
    from an opened file (Event, Site, Date, ...)."""

    start: str
    moves: tuple[Move, ...] = ()
    white: str = HUMAN
    black: str = HUMAN
    stop: Stop | None = None
    tags: tuple[tuple[str, str], ...] = ()

    def played(self, move: Move, at: int | None = None) -> "GameLine":
        """The line with ``move`` played after ``at`` moves (default: at the end); the moves
        after ``at`` and any stop are dropped: playing from an earlier position starts a new
        continuation."""
        keep = len(self.moves) if at is None else at
        return replace(self, moves=self.moves[:keep] + (move,), stop=None)

    def cut(self, plies: int) -> "GameLine":
        """The first ``plies`` moves (a stop after them is dropped)."""
        stop = self.stop if self.stop is not None and self.stop.ply <= plies else None
        return replace(self, moves=self.moves[:plies], stop=stop)

    def stopped(self, result: Result, reason: str, ply: int | None = None) -> "GameLine":
        """The line ended after ``ply`` moves (default: all of them) by ``result``."""
        at = len(self.moves) if ply is None else ply
        return replace(self, moves=self.moves[:at], stop=Stop(at, result, reason))

    def with_players(self, white: str, black: str) -> "GameLine":
        return replace(self, white=white, black=black)


__all__ = ["GameLine", "Stop", "Result", "HUMAN"]

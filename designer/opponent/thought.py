"""A search's answer (``Thought``), its mate scores, and the signals that stop a search from
outside (``StopSignal``, ``AnyOf``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Protocol

from ..game.moves import Move

MATE: Final = 1_000_000
INF: Final = MATE + 1
MATE_BOUND: Final = MATE - 10_000       # scores beyond this are mates


class StopSignal(Protocol):
    """Anything that says whether to stop: ``threading.Event``, ``multiprocessing.Event``."""

    def is_set(self) -> bool: ...


class Never:
    """The stop signal of a search nobody stops."""

    def is_set(self) -> bool:
        return False


class AnyOf:
    """A stop signal set when any of its signals is (a caller's Cancel and a clock)."""

    def __init__(self, *signals: StopSignal):
        self.signals = signals

    def is_set(self) -> bool:
        return any(s.is_set() for s in self.signals)


class Stopped(Exception):
    """Raised inside the search when a limit or the stop signal ends it."""


@dataclass(frozen=True, slots=True)
class Thought:
    """A search's answer. ``move`` is None only when the side to move has no legal move.
    ``score`` is in centipawns for the side to move; ``mate`` counts moves to mate (positive:
    the side to move mates, negative: it is mated), None without a forced mate; ``depth`` is
    the deepest iteration completed, ``seldepth`` the deepest ply reached; ``pv`` the expected
    line from ``move`` on; ``stopped``: the stop signal or the node limit ended the search
    before its depth limit."""

    move: Move | None
    score: int
    mate: int | None
    depth: int
    seldepth: int
    nodes: int
    pv: tuple[Move, ...]
    stopped: bool

    def stopped_at(self, nodes: int, seldepth: int) -> "Thought":
        """This answer, marked as stopped after ``nodes`` nodes and ``seldepth`` plies."""
        return Thought(self.move, self.score, self.mate, self.depth, seldepth, nodes, self.pv,
                       True)


def mate_in(score: int) -> int | None:
    """Moves to mate for a score (None when it is no mate score)."""
    if score >= MATE_BOUND:
        return (MATE - score + 1) // 2
    if score <= -MATE_BOUND:
        return -((MATE + score + 1) // 2)
    return None


__all__ = ["MATE", "INF", "MATE_BOUND", "StopSignal", "Never", "AnyOf", "Stopped", "Thought",
           "mate_in"]

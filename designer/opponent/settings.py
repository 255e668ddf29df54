"""What the opponent is asked to do: how far to search (``Limits``) and how to judge positions
(``Settings``), as frozen values.

Time is deliberately not a limit: a search stops on a depth or a node count (counted work, the
same answer on any machine) or when its caller signals it (``Opponent.stop``, or any object with
``is_set()`` such as a ``threading.Event`` a timer sets): "move now", a clock, a closed window.
Every search has a node bound, though (``Limits.node_limit``): a depth alone does not bound the
work where the tree explodes (rooks for pawns: every capture answered by captures, the
quiescence search without end), so a depth-limited search also stops at ``DEPTH_NODES``, and
one with neither limit at ``MAX_NODES``. A clock derived from that bound (``Limits.safety_ms``)
is only a safety net for a machine far slower than any the node counts were chosen on.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

#: the deepest iteration a search may start
MAX_DEPTH: Final = 64

#: the nodes a search given a depth but no node count visits at most: far more than a depth of
#: 3 needs in the samples (Chu Shogi, the largest tree, needs under 80,000), about ten seconds
#: of work where the tree explodes
DEPTH_NODES: Final = 250_000

#: the nodes any search visits at most (one with neither limit is meant to be stopped by its
#: caller's clock: the window's time per move, at most ten minutes)
MAX_NODES: Final = 20_000_000

#: the slowest search the safety clock allows for, in nodes a second (a search runs 25,000 to
#: 40,000 where the node counts above were chosen), and the clock's own bounds
SLOWEST_NODES_PER_S: Final = 500
SAFETY_MS_RANGE: Final = (30_000, 30 * 60_000)

#: Where material values come from: ``tables`` is the opponent's own mobility estimate (fast,
#: from the compiled move tables); the others are ``designer.balance`` estimates of the same
#: names, each piece falling back to ``tables`` where the chosen estimate has no value.
ValueSource = Literal["tables", "mobility", "leaper-law", "fsf-formula", "fsf-table"]
VALUE_SOURCES: Final[tuple[ValueSource, ...]] = ("tables", "mobility", "leaper-law",
                                                 "fsf-formula", "fsf-table")


@dataclass(frozen=True, slots=True)
class Limits:
    """How far one search may go: ``depth`` full-width plies (iterative deepening up to it),
    ``nodes`` positions visited. None is the default bound: ``MAX_DEPTH`` plies, and
    ``DEPTH_NODES`` nodes with a depth, ``MAX_NODES`` without (``node_limit``)."""

    depth: int | None = None
    nodes: int | None = None

    def __post_init__(self) -> None:
        if self.depth is not None and not 1 <= self.depth <= MAX_DEPTH:
            raise ValueError(f"depth must be 1..{MAX_DEPTH}, not {self.depth}")
        if self.nodes is not None and not 1 <= self.nodes <= MAX_NODES:
            raise ValueError(f"nodes must be 1..{MAX_NODES:,}, not {self.nodes}")

    @property
    def node_limit(self) -> int:
        """The nodes the search visits at most (the class's docstring)."""
        if self.nodes is not None:
            return self.nodes
        return DEPTH_NODES if self.depth is not None else MAX_NODES

    @property
    def safety_ms(self) -> int:
        """The time after which the search stops whatever its limits: the node limit at
        ``SLOWEST_NODES_PER_S``, within ``SAFETY_MS_RANGE``. On a machine that fast or faster
        the node limit is reached first, so the answer still depends on counted work only."""
        low, high = SAFETY_MS_RANGE
        return max(low, min(high, self.node_limit * 1000 // SLOWEST_NODES_PER_S))


@dataclass(frozen=True, slots=True)
class Settings:
    """How the opponent judges positions.

    ``values``: the estimate material comes from (``ValueSource``); ``piece_values``: values in
    pawns that override it per piece letter (values fitted from play, or the ones the values
    panel shows); ``mobility``: the weight of the mobility term in percent (0 switches it off);
    ``noise``: up to so many centipawns added to each evaluation, drawn from ``seed`` and the
    position (the same seed plays the same game; different seeds vary the play);
    ``hash_entries``: the transposition table's size (a power of two is used, at most this).
    """

    values: ValueSource = "tables"
    piece_values: tuple[tuple[str, float], ...] = ()
    mobility: int = 100
    noise: int = 0
    seed: int = 0
    hash_entries: int = 1 << 16

    def __post_init__(self) -> None:
        if self.values not in VALUE_SOURCES:
            raise ValueError(f"values must be one of {', '.join(VALUE_SOURCES)}, "
                             f"not {self.values!r}")
        if not 0 <= self.mobility <= 1000:
            raise ValueError(f"mobility weight must be 0..1000 %, not {self.mobility}")
        if not 0 <= self.noise <= 1000:
            raise ValueError(f"noise must be 0..1000 centipawns, not {self.noise}")
        if not 1 <= self.hash_entries <= 1 << 24:
            raise ValueError(f"hash_entries must be 1..{1 << 24}, not {self.hash_entries}")


__all__ = ["Limits", "MAX_DEPTH", "DEPTH_NODES", "MAX_NODES", "Settings", "VALUE_SOURCES",
           "ValueSource"]

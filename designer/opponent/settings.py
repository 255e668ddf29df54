"""What the opponent is asked to do: how far to search (``Limits``) and how to judge positions
(``Settings``), as frozen values.

Time is deliberately not a limit: a search stops on a depth or a node count (counted work, the
same answer on any machine) or when its caller signals it (``Opponent.stop``, or any object with
``is_set()`` such as a ``threading.Event`` a timer sets): "move now", a clock, a closed window.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

#: the deepest iteration a search may start (a search without limits stops only when told)
MAX_DEPTH: Final = 64

#: Where material values come from: ``tables`` is the opponent's own mobility estimate (fast,
#: from the compiled move tables); the others are ``designer.balance`` estimates of the same
#: names, each piece falling back to ``tables`` where the chosen estimate has no value.
ValueSource = Literal["tables", "mobility", "leaper-law", "fsf-formula", "fsf-table"]
VALUE_SOURCES: Final[tuple[ValueSource, ...]] = ("tables", "mobility", "leaper-law",
                                                 "fsf-formula", "fsf-table")


@dataclass(frozen=True, slots=True)
class Limits:
    """How far one search may go: ``depth`` full-width plies (iterative deepening up to it),
    ``nodes`` positions visited. None means unbounded: a search with neither runs until it is
    stopped (or reaches ``MAX_DEPTH``)."""

    depth: int | None = None
    nodes: int | None = None

    def __post_init__(self) -> None:
        if self.depth is not None and not 1 <= self.depth <= MAX_DEPTH:
            raise ValueError(f"depth must be 1..{MAX_DEPTH}, not {self.depth}")
        if self.nodes is not None and self.nodes < 1:
            raise ValueError(f"nodes must be at least 1, not {self.nodes}")


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


__all__ = ["Limits", "MAX_DEPTH", "Settings", "VALUE_SOURCES", "ValueSource"]

"""The compiled form of a definition: legs with concrete atoms, direction masks and flags.

These are plain values (frozen dataclasses). ``compile`` builds them from the AST; the walker
only reads them. Every leg carries a ``kind`` that the walker dispatches on.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

from ..geometry.symmetry import step_kind
from ..notation.ast import Limiter, Piece
from ..vocabulary import Dialect, LegKind

# Leg kinds: what the walker does when a move reaches the leg.
STEP: Final = "step"            # an atom's steps along rays (the common case)
NULL: Final = "null"            # O without a number: a step of length zero
CASTLE: Final = "castle"        # XBetza O+n: castling with the corner piece
UNIVERSAL: Final = "universal"  # U: a leap to every square
DROP: Final = "drop"            # @: drops from the hand
REPLAY: Final = "replay"        # a repetition of a Betza 2.0 group: the step taken one period back
ERUPT: Final = "erupt"          # x / xx: the piece stays, fragments follow the rest of the chain


@dataclass(frozen=True, slots=True)
class AtomState:
    """The atom a leg moves by: base step (dx <= dy), 8-fold K flag, letter (for g/y toggling)
    and its symmetry class (``W`` ``F`` ``N`` ``K``, see ``geometry.symmetry``)."""

    letter: str
    dx: int
    dy: int
    king: bool = False
    sym: str = ""

    @staticmethod
    def of(letter: str, dx: int, dy: int, king: bool = False) -> "AtomState":
        return AtomState(letter, dx, dy, king, step_kind(dx, dy, king))


@dataclass(frozen=True, slots=True)
class CLeg:
    """A compiled leg.

    ``dirmask``: for a first leg the absolute orientations (white's view); for a continuation
    leg the relative K-system sectors (0 = straight on). ``rng``: maximum number of steps (0 =
    unlimited); ``exact``: only the last step may end the leg. ``modes``: modality letters.
    ``turn_mask``: Betza 2.0 exponent directions (``Nrf7``), relative sectors between steps.
    ``inter_modes``: what the intermediate stops of a Betza 2.0 range accept (``Rc0``, ``Arc03``);
    ``inter_explicit``: they were written on the exponent, replacing the default ``m``.
    ``period``: for a ``REPLAY`` leg, how many legs back the step to repeat was taken.
    ``quick``: a final leg that only moves to empty squares and/or captures foes, with nothing
    else to test on the way (no hops, lame steps, turns, wrapping, limiters or e.p.).
    """

    kind: LegKind
    atom: AtomState | None
    dirmask: int
    dirs: str
    rng: int
    exact: bool
    modes: frozenset[str]
    final: bool
    first: bool
    initial: int = 0
    lame: str = ""
    turning: str = ""
    erupt: str = ""
    equal: bool = False
    turn_mask: int = 0
    inter_modes: frozenset[str] = frozenset("m")
    inter_explicit: bool = False
    limiters: tuple[tuple[str, Limiter], ...] = ()
    virgin_only: frozenset[str] = frozenset()
    span: tuple[int, int] = (0, 0)
    period: int = 0
    quick: bool = False   # a final leg plain enough for the walker's squares-only loop


@dataclass(frozen=True, slots=True)
class CPath:
    """One way of making the moves of a move group: a flat chain of legs.

    A move group can compile to several paths (a Betza 2.0 group repeated 1..n times, a chain
    and its mirror image). ``group`` indexes the move group in the source, ``span`` is its
    columns. ``select``: for a Betza 2.0 chain whose first leg's letters choose among its
    mirror images, the allowed (start x, start y, first bend: +1 right / -1 left) triples.
    ``too_complex``: why this path cannot be followed (raised when a move reaches it).
    """

    legs: tuple[CLeg, ...]
    group: int
    span: tuple[int, int]
    select: frozenset[tuple[int, int, int]] | None = None
    too_complex: str = ""
    initial: bool = False


@dataclass(frozen=True)
class Program:
    """A compiled definition: its paths in source order (duplicates removed), and the parsed
    definition it was compiled from."""

    dialect: Dialect
    paths: tuple[CPath, ...]
    text: str = ""
    notes: tuple[str, ...] = field(default=())
    source: Piece | None = field(default=None, compare=False, repr=False)

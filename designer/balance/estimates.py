"""The values of a variant's pieces, estimated several ways, as plain frozen data.

A ``ValueTable`` holds one ``PieceValues`` per piece type; each holds one ``Estimate`` per
method (``ESTIMATES``), in pawns, or None with the reason when the method does not apply
(out of its domain, not computed yet). The window's panel, the ``values`` command and the JSON
output all read these values and nothing else.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

from .mobility import Mobility

EstimateName = Literal["mobility", "leaper-law", "fsf-formula", "fsf-table", "fitted"]
ESTIMATES: Final[tuple[EstimateName, ...]] = ("mobility", "leaper-law", "fsf-formula",
                                              "fsf-table", "fitted")
LABELS: Final[dict[EstimateName, str]] = {
    "mobility": "Mobility", "leaper-law": "Leaper law", "fsf-formula": "Fairy-Stockfish formula",
    "fsf-table": "Fairy-Stockfish table", "fitted": "Fitted from play"}
DISAGREEMENT: Final = 1.5          # estimates further apart than this factor get a warning


@dataclass(frozen=True, slots=True)
class Estimate:
    """One method's value of one piece.

    ``pawns`` is in pawns (or with the Knight as 3 when the table says so), None when the
    method does not apply: ``reason`` then says why. ``explanation`` is one line; ``tooltip``
    says how the number was computed. ``interval`` (95 %) and ``positions`` belong to values
    fitted from play. ``knight`` is the same method's value of a Knight on this board (the
    scale of Knight = 3), None when it has none.
    """

    name: EstimateName
    pawns: float | None
    explanation: str
    tooltip: str
    reason: str = ""
    interval: tuple[float, float] | None = None
    positions: int = 0
    knight: float | None = None

    @property
    def label(self) -> str:
        return LABELS[self.name]

    def normalised(self) -> float | None:
        """The value on the Knight = 3 scale (the value itself without a Knight to scale by)."""
        if self.pawns is None:
            return None
        if self.knight:
            return 3.0 * self.pawns / self.knight
        return self.pawns


@dataclass(frozen=True, slots=True)
class PieceValues:
    """Every estimate of one piece type, its mobility figures and a disagreement warning."""

    letter: str
    name: str
    notation: str
    estimates: tuple[Estimate, ...]
    mobility: Mobility | None
    mobility_reason: str = ""
    warning: str = ""

    def estimate(self, name: EstimateName) -> Estimate:
        return next(e for e in self.estimates if e.name == name)

    def value(self, name: EstimateName) -> float | None:
        return self.estimate(name).pawns


@dataclass(frozen=True, slots=True)
class ValueTable:
    """The pieces of one variant on its own board. ``knight3``: values are scaled so that a
    Knight is 3 in every method; ``density`` is the crowded board's chance of an occupied
    square, ``seed`` that of its random positions."""

    variant: str
    files: int
    ranks: int
    pieces: tuple[PieceValues, ...]
    knight3: bool
    density: float
    density_note: str
    seed: int

    def piece(self, letter: str) -> PieceValues | None:
        return next((p for p in self.pieces if p.letter == letter), None)

    def as_json(self) -> dict[str, dict[str, float | None]]:
        """Piece letter -> estimate name -> value (None where the method does not apply)."""
        return {p.letter: {e.name: (None if e.pawns is None else round(e.pawns, 3))
                           for e in p.estimates} for p in self.pieces}


def disagreement(estimates: tuple[Estimate, ...], knight3: bool = False) -> str:
    """A warning when two estimates differ by more than ``DISAGREEMENT``. They are compared
    with each method scaled so that a Knight is 3, which removes the methods' different
    units; the warning quotes the two values as the table shows them (in pawns, or with the
    Knight as 3 when ``knight3``), so its numbers are the ones beside it."""
    known = [(e, e.normalised()) for e in estimates]
    values = [(e, v) for e, v in known if v is not None and v > 0]
    if len(values) < 2:
        return ""
    low = min(values, key=lambda ev: ev[1])
    high = max(values, key=lambda ev: ev[1])
    if high[1] <= DISAGREEMENT * low[1]:
        return ""
    unit = "" if knight3 else " pawns"
    scale = ("values with a Knight as 3" if knight3 else
             "compared with each method's own Knight as 3, which removes the methods' "
             "different scales")
    return (f"The estimates disagree by a factor of {high[1] / low[1]:.1f}: "
            f"{low[0].label} {low[0].pawns:.2f}{unit}, {high[0].label} "
            f"{high[0].pawns:.2f}{unit} ({scale})")


__all__ = ["DISAGREEMENT", "ESTIMATES", "Estimate", "EstimateName", "LABELS", "PieceValues",
           "ValueTable", "disagreement"]

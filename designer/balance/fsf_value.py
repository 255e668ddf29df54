"""What Fairy-Stockfish believes a piece is worth: its table values and its custom-piece formula.

Reproduced from Fairy-Stockfish's ``src/psqt.cpp`` (commit c19b5f6c, the build in ``engines/``),
in our own code:

* ``piece_value`` (custom pieces): ``v0`` = 60 (capture leaps) + 30 / 40 (quiet leaps, middle /
  end game) per leap direction, 185 (capture) + 55 / 45 (quiet) per slide direction scaled by
  ``slider_fraction`` (an unlimited slide counts 100 %, a slide of n squares
  ``200 * min(n + 1, 8) / 16`` %), 100 / 80 (capture) + 85 / 60 (quiet) per hop direction, and
  15 (capture) + 30 / 50 (quiet) per orthogonal slide direction; the value is
  ``v0 * exp(v0 / 10000)``, truncated.
* Built-in piece types keep their table values (``src/types.h``, ``PieceValue``).
* ``PSQT::init`` then scales every slider or hopper by the board's size,
  ``(5 * leaps + r1 * slides) / (5 * leaps + 12 * slides)`` with
  ``r1 = 5 + (maxRank + maxFile - 2 * capturesToHand) / 2``, lets values saturate in drop
  variants (``v * 7000 / (7000 + v)``) and gives the strongest piece of a variant without drops
  ``max(Queen - v, 0) / 20`` more. (Its other adjustments belong to rules we do not export:
  no checking, check counting, makpong, atomic, extinction, antichess.)

Values are in the engine's internal units; the engine prints ``100 * v / PawnValueEg`` as
centipawns (``uci.cpp``), so ``PAWN_EG`` (208) internal units are one pawn.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Final

from .fsf_betza import CAPTURE, QUIET, FsfPieceInfo

PAWN_EG: Final = 208                 # types.h PawnValueEg: the engine's printed pawn
QUEEN_MG, QUEEN_EG = 2538, 2682      # types.h QueenValueMg / QueenValueEg

# types.h: (middle game, end game) of every built-in type with a table value.
TABLE: Final[dict[str, tuple[int, int]]] = {
    "pawn": (126, 208), "knight": (781, 854), "bishop": (825, 915), "rook": (1276, 1380),
    "queen": (2538, 2682), "fers": (420, 450), "alfil": (350, 330), "fersAlfil": (700, 650),
    "silver": (660, 640), "aiwok": (2300, 2700), "bers": (1800, 1900),
    "archbishop": (2200, 2200), "chancellor": (2300, 2600), "amazon": (2700, 2850),
    "knibis": (1100, 1200), "biskni": (750, 700), "kniroo": (1050, 1250),
    "rookni": (800, 950), "shogiPawn": (90, 100), "lance": (400, 240),
    "shogiKnight": (420, 290), "gold": (720, 700), "dragonHorse": (1550, 1550),
    "clobber": (300, 300), "breakthrough": (300, 300), "immobile": (50, 50),
    "cannon": (800, 700), "janggiCannon": (800, 600), "soldier": (200, 270),
    "horse": (520, 800), "elephant": (300, 300), "janggiElephant": (340, 350),
    "banner": (3400, 3500), "wazir": (400, 350), "commoner": (700, 900),
    "centaur": (1800, 1900),
}

# piece_value's weights: (middle game, end game)
_LEAP = {CAPTURE: (60, 60), QUIET: (30, 40)}
_SLIDE = {CAPTURE: (185, 185), QUIET: (55, 45)}
_HOP = {CAPTURE: (100, 80), QUIET: (85, 60)}
_ORTHO = {CAPTURE: (15, 15), QUIET: (30, 50)}
_ORTHOGONAL = frozenset({(0, 1), (0, -1), (1, 0), (-1, 0)})


@dataclass(frozen=True, slots=True)
class FsfValue:
    """One value as Fairy-Stockfish computes it: middle and end game, internal units."""

    mg: int
    eg: int

    @property
    def pawns(self) -> float:
        """The middle-game value in the pawns the engine prints (``PAWN_EG`` units)."""
        return self.mg / PAWN_EG


def slider_fraction(slides: dict[tuple[int, int], int]) -> int:
    """psqt.cpp ``slider_fraction``: per direction 100, or less for a limited slide."""
    return sum(100 if limit == 0 else 200 * min(limit + 1, 8) // 16 for limit in slides.values())


def _v0(piece: FsfPieceInfo, phase: int) -> int:
    total = 0
    for modality in (CAPTURE, QUIET):
        steps = piece.table("steps", 0, modality)
        slides = piece.table("slider", 0, modality)
        hops = piece.table("hopper", 0, modality)
        total += _LEAP[modality][phase] * len(steps)
        total += _SLIDE[modality][phase] * slider_fraction(slides) // 100
        total += _HOP[modality][phase] * len(hops)
        total += _ORTHO[modality][phase] * sum(1 for d in slides if d in _ORTHOGONAL)
    return total


def formula_value(piece: FsfPieceInfo) -> FsfValue:
    """psqt.cpp ``piece_value``: the estimate Fairy-Stockfish makes for a custom piece."""
    values = []
    for phase in (0, 1):
        v0 = _v0(piece, phase)
        values.append(int(v0 * math.exp(v0 / 10000)))
    return FsfValue(values[0], values[1])


def _counts(piece: FsfPieceInfo) -> tuple[int, int]:
    leaps = sum(len(piece.table("steps", 0, m)) for m in (QUIET, CAPTURE))
    slides = sum(len(piece.table(k, 0, m)) for k in ("slider", "hopper") for m in (QUIET, CAPTURE))
    return leaps, slides


def board_scaled(value: FsfValue, piece: FsfPieceInfo, files: int, ranks: int,
                 drops: bool) -> FsfValue:
    """PSQT::init's scaling of sliders and hoppers by board size (none on 8x8)."""
    if not piece.slides_or_hops:
        return value
    leaps, slides = _counts(piece)
    r0 = 5 + 7
    r1 = 5 + (ranks - 1 + files - 1 - 2 * int(drops)) // 2
    num, den = 5 * leaps + r1 * slides, 5 * leaps + r0 * slides
    return FsfValue(_cdiv(value.mg * num, den), _cdiv(value.eg * num, den))


def drops_saturated(value: FsfValue) -> FsfValue:
    """PSQT::init: piece values saturate earlier in drop variants."""
    return FsfValue(_cdiv(value.mg * 7000, 7000 + value.mg), _cdiv(value.eg * 7000, 7000 + value.eg))


def strongest_bonus(raw: FsfValue) -> FsfValue:
    """PSQT::init: the bonus of the variant's strongest piece (none in drop variants)."""
    return FsfValue(_cdiv(max(QUEEN_MG - raw.mg, 0), 20), _cdiv(max(QUEEN_EG - raw.eg, 0), 20))


def _cdiv(a: int, b: int) -> int:
    """C++ integer division (truncates towards zero)."""
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b > 0) else -q


__all__ = ["FsfValue", "PAWN_EG", "TABLE", "board_scaled", "drops_saturated", "formula_value",
           "slider_fraction", "strongest_bonus"]

"""Fairy-Stockfish's own reading of a Betza string, as its ``from_betza`` builds it.

Ported from Fairy-Stockfish (``src/piece.cpp``, ``from_betza``; commit c19b5f6c, the build in
``engines/``): the string is read letter by letter; ``m``/``c`` pick modalities, ``p``/``g``
make a hopper (``g`` a grasshopper: distance 1), ``n`` a lame leap (distance -1), ``i`` an
initial move, ``f b v h`` / ``r l s h`` directions (paired when a vertical and a horizontal
letter meet, or a letter is doubled), an upper-case atom ends a group (a digit or the atom
doubled after it makes a rider). Every other character is skipped, as the engine skips it.

The result is the engine's ``PieceInfo``: for initial and ordinary moves, for quiet and capture
moves, three direction tables (leaps, slides, hops), each direction with its distance. Both the
engine's value estimate (``fsf_value``) and its moves (``fsf_moves``) are computed from it.
Directions are (files, ranks) from White's side; Fairy-Stockfish keys them by
``ranks * FILE_NB + files``, which is one-to-one for these short vectors.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Final, Literal

Direction = tuple[int, int]
Table = tuple[tuple[Direction, int], ...]          # sorted (direction, distance) pairs
TableKind = Literal["steps", "slider", "hopper"]

QUIET: Final = 0
CAPTURE: Final = 1

# piece.cpp leaperAtoms and riderAtoms: (first, second) = (ranks, files) of the basic step
_LEAPERS: Final[dict[str, tuple[tuple[int, int], ...]]] = {
    "W": ((1, 0),), "F": ((1, 1),), "D": ((2, 0),), "N": ((2, 1),), "A": ((2, 2),),
    "H": ((3, 0),), "L": ((3, 1),), "C": ((3, 1),), "J": ((3, 2),), "Z": ((3, 2),),
    "G": ((3, 3),), "K": ((1, 0), (1, 1)),
}
_RIDERS: Final[dict[str, tuple[tuple[int, int], ...]]] = {
    "R": ((1, 0),), "B": ((1, 1),), "Q": ((1, 0), (1, 1)),
}
_VERTICALS: Final = "fbvh"
_HORIZONTALS: Final = "rlsh"
_DIGITS: Final = "0123456789"

# The eight orientations of an atom (a, b) and the direction pairs that select each, in the
# order of piece.cpp (``v[Direction(...)] = distance`` under ``has_dir(...)``).
_ORIENTATIONS: Final[tuple[tuple[tuple[int, int, int, int], tuple[str, ...]], ...]] = (
    # (file from b, file from a, rank from a, rank from b): file = fb*b + fa*a, rank = ra*a + rb*b
    ((1, 0, 1, 0), ("ff", "vv", "rf", "rv", "fh", "rh", "hr")),     # ( b,  a)
    ((-1, 0, -1, 0), ("bb", "vv", "lb", "lv", "bh", "lh", "hr")),   # (-b, -a)
    ((0, 1, 0, -1), ("rr", "ss", "br", "bs", "bh", "rh", "hr")),    # ( a, -b)
    ((0, -1, 0, 1), ("ll", "ss", "fl", "fs", "fh", "lh", "hr")),    # (-a,  b)
    ((0, 1, 0, 1), ("rr", "ss", "fr", "fs", "fh", "rh", "hl")),     # ( a,  b)
    ((0, -1, 0, -1), ("ll", "ss", "bl", "bs", "bh", "lh", "hl")),   # (-a, -b)
    ((1, 0, -1, 0), ("bb", "vv", "rb", "rv", "bh", "rh", "hl")),    # ( b, -a)
    ((-1, 0, 1, 0), ("ff", "vv", "lf", "lv", "fh", "lh", "hl")),    # (-b,  a)
)


@dataclass(frozen=True, slots=True)
class FsfPieceInfo:
    """Fairy-Stockfish's ``PieceInfo``: ``tables[(kind, initial, modality)]`` as sorted
    (direction, distance) pairs. Distance 0 is unlimited for slides and hops and an ordinary
    leap for steps; -1 is a lame leap; 1 on a hop is a grasshopper; n > 0 limits a slide. (A
    variant's piece as a configuration file names it is ``formats.fsf_config.FsfPiece``.)"""

    betza: str
    entries: tuple[tuple[TableKind, int, int, Table], ...]

    def table(self, kind: TableKind, initial: int = 0, modality: int = QUIET) -> dict[Direction, int]:
        for k, i, m, t in self.entries:
            if (k, i, m) == (kind, initial, modality):
                return dict(t)
        return {}

    @property
    def slides_or_hops(self) -> bool:
        """Fairy-Stockfish's ``isSlider`` (psqt.cpp): any ordinary slide or hop."""
        return any(self.table(k, 0, m) for k in ("slider", "hopper") for m in (QUIET, CAPTURE))


def _pairs(c: str, c2: str) -> bool:
    return c2 == c or (c in _VERTICALS and c2 in _HORIZONTALS) or \
        (c in _HORIZONTALS and c2 in _VERTICALS)


@lru_cache(maxsize=512)
def from_betza(betza: str) -> FsfPieceInfo:
    """The engine's reading of ``betza`` (see the module docstring); never raises."""
    tables: dict[tuple[TableKind, int, int], dict[Direction, int]] = {}
    modalities: list[int] = []
    hopper = rider = lame = initial = False
    distance = 0
    prelim: list[str] = []
    i = 0
    while i < len(betza):
        c = betza[i]
        if c in ("m", "c"):
            modalities.append(CAPTURE if c == "c" else QUIET)
        elif c in ("p", "g"):
            hopper = True
            if c == "g":
                distance = 1
        elif c == "n":
            lame = True
        elif c == "i":
            initial = True
        elif c in _VERTICALS or c in _HORIZONTALS:
            if i + 1 < len(betza) and _pairs(c, betza[i + 1]):
                prelim.append(c + betza[i + 1])
                i += 2
                continue
            prelim.append(c + c)
        elif c in _LEAPERS or c in _RIDERS:
            atoms = _RIDERS[c] if c in _RIDERS else _LEAPERS[c]
            rider = rider or c in _RIDERS
            if i + 1 < len(betza) and (betza[i + 1] in _DIGITS or betza[i + 1] == c):
                rider = True
                if betza[i + 1] in _DIGITS:
                    distance = int(betza[i + 1])
                i += 1
            if not rider and lame:
                distance = -1
            if not modalities:
                modalities = [QUIET, CAPTURE]
            kind: TableKind = "hopper" if hopper else "slider" if rider else "steps"
            for a, b in atoms:
                directions: list[str] = []
                for s in prelim:
                    if len(atoms) == 1 and b == 0 and s[0] != s[1]:
                        directions += [s[0] * 2, s[1] * 2]     # fsW: forward and sideways
                    else:
                        directions.append(s)
                for modality in modalities:
                    table = tables.setdefault((kind, int(initial), modality), {})
                    for (fb, fa, ra, rb), wanted in _ORIENTATIONS:
                        if not directions or any(w in directions for w in wanted):
                            table[(fb * b + fa * a, ra * a + rb * b)] = distance
            modalities = []
            prelim = []
            hopper = rider = lame = initial = False
            distance = 0
        i += 1
    entries = tuple((k, ini, m, tuple(sorted(t.items())))
                    for (k, ini, m), t in sorted(tables.items()) if t)
    return FsfPieceInfo(betza, entries)


# Fairy-Stockfish's predefined pieces (piece.cpp PieceMap::init), for telling which built-in
# type a definition plays as.
BUILTIN_BETZA: Final[dict[str, str]] = {
    "pawn": "fmWfceF", "knight": "N", "bishop": "B", "rook": "R", "queen": "Q", "fers": "F",
    "alfil": "A", "fersAlfil": "FA", "silver": "FfW", "aiwok": "RNF", "bers": "RF",
    "archbishop": "BN", "chancellor": "RN", "amazon": "QN", "knibis": "mNcB",
    "biskni": "mBcN", "kniroo": "mNcR", "rookni": "mRcN", "shogiPawn": "fW", "lance": "fR",
    "shogiKnight": "fN", "gold": "WfF", "dragonHorse": "BW", "clobber": "cW",
    "breakthrough": "fmWfF", "immobile": "", "cannon": "mRcpR", "janggiCannon": "pR",
    "soldier": "fsW", "horse": "nN", "elephant": "nA", "janggiElephant": "nZ",
    "banner": "RcpRnN", "wazir": "W", "commoner": "K", "centaur": "KN", "king": "K",
}

__all__ = ["BUILTIN_BETZA", "CAPTURE", "Direction", "FsfPieceInfo", "QUIET", "from_betza"]

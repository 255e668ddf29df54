"""The atom letters of both dialects, their steps and names (seed 004 Table 1, seed 000).

J and L are the old names of the Zebra (2,3) and the Camel (1,3) as seed 000 documents them
(``C = L, Z = J``); XBoard 4.9 swaps them, which ``compat`` warns about.
"""

from __future__ import annotations

# letter -> (dx, dy) with dx <= dy; K/Q use (0, 1) plus the diagonal (1, 1).
STEPS: dict[str, tuple[int, int]] = {
    "W": (0, 1), "F": (1, 1), "D": (0, 2), "N": (1, 2), "A": (2, 2), "H": (0, 3),
    "C": (1, 3), "Z": (2, 3), "G": (3, 3), "K": (0, 1), "B": (1, 1), "R": (0, 1), "Q": (0, 1),
    "O": (0, 0), "U": (0, 0), "@": (0, 0),
}

SYNONYMS: dict[str, str] = {"J": "Z", "L": "C"}

NAMES: dict[str, str] = {
    "W": "Wazir", "F": "Ferz", "D": "Dabbaba", "N": "Knight", "A": "Alfil", "H": "Threeleaper",
    "C": "Camel", "Z": "Zebra", "G": "Tripper", "K": "King", "B": "Bishop", "R": "Rook",
    "Q": "Queen", "O": "null move", "U": "Universal leaper", "@": "drop",
}

# Leaper letter <-> slider letter (range toggling by g/y, seed 004 "Multi-leg").
UPGRADE = {"W": "R", "R": "W", "F": "B", "B": "F", "K": "Q", "Q": "K"}
# Orthogonal <-> diagonal interconversion through intermediate directions (seed 004).
ROTATE = {"W": "F", "F": "W", "D": "A", "A": "D", "H": "G", "G": "H", "R": "B", "B": "R",
          "K": "K", "Q": "Q"}

ATOM_LETTERS = frozenset(STEPS) | frozenset(SYNONYMS)


def letter_for_step(dx: int, dy: int) -> str:
    """The Betza letter of a leaper step, or '' when only coordinates can name it."""
    a, b = sorted((abs(dx), abs(dy)))
    for letter, step in STEPS.items():
        if step == (a, b) and letter not in ("K", "B", "R", "Q", "O", "U", "@"):
            return letter
    return ""

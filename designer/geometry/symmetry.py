"""Which symmetry an atom has, and the direction sets its letters select: the one classifier
that the reader's helpers (descriptions, translation, linters) and the move generator share.

An atom is orthogonal (``W``: W D H R, 4-fold), diagonal (``F``: F A G B, 4-fold), oblique
(``N``: N C Z and coordinate leaps, 8-fold) or both orthogonal and diagonal (``K``: K Q); the
pseudo-atoms ``O``, ``U`` and ``@`` have no directions (``''``). Seed 004 Table 2 names the
direction sets of each kind; ``directions`` turns letters into masks.
"""

from __future__ import annotations

from typing import Final, Literal

from . import directions as D

AtomKind = Literal["W", "F", "N", "K", ""]

# XBetza continuation legs without direction letters (seed 004: "all directions except exactly
# backwards"); 4-fold atoms keep to their own kind of line (XBoard's moves.c uses 0xEF / 0x45).
CONTINUATION_DEFAULT_8: Final = 0xEF
CONTINUATION_DEFAULT_4: Final = 0x45


def atom_kind(letter: str, dx: int, dy: int) -> AtomKind:
    """The symmetry class of an atom given by its letter and base step ``dx <= dy``."""
    if letter in ("K", "Q"):
        return "K"
    if letter in ("O", "U", "@"):
        return ""
    if dx == 0:
        return "W"
    if dx == dy:
        return "F"
    return "N"


def step_kind(dx: int, dy: int, king: bool = False) -> AtomKind:
    """The symmetry class of a step (``king``: both W and F steps, as K and Q have)."""
    if king:
        return "K"
    if dx == 0:
        return "W"
    if dx == dy:
        return "F"
    return "N"


def eightfold(kind: str) -> bool:
    """Oblique and K-like atoms have eight directions; W- and F-like atoms four (and so do the
    pseudo-atoms O, U and @, whose zero step the generator treats as orthogonal)."""
    return kind in ("N", "K")


def first_leg_mask(kind: str, letters: str) -> int:
    """Absolute direction mask (white's view) of a first leg's direction letters."""
    if "a" in letters:
        if kind == "W":
            return D.ORTHOGONAL
        if kind == "F":
            return D.DIAGONAL
        return D.ALL
    if kind == "W":
        return D.orthogonal_set(letters)
    if kind == "F":
        return D.diagonal_set(letters)
    if kind == "N":
        return D.oblique_set(letters)
    return D.king_set(letters)


def xbetza_continuation_mask(kind: str, letters: str) -> int:
    """Relative K-system mask of an XBetza continuation leg (0 = straight on)."""
    if letters:
        return D.king_set(letters)
    return CONTINUATION_DEFAULT_8 if eightfold(kind) else CONTINUATION_DEFAULT_4

"""Board geometry shared by the notation reader and the move generator.

The bottom layer of the core: squares and their names, the eight compass directions and step
orientations (``board``), direction letters as direction masks (``directions``) and the atom
symmetry classes (``symmetry``). It imports nothing of the project but the shared vocabulary,
so reading a definition never loads the move generator.
"""

from .board import (COMPASS, FILE_LETTERS, MAX_FILES, MAX_RANKS, Square, angle_of, oriented,
                    parse_square, relative_angle, sector_of, square_name, validate_size)
from .symmetry import AtomKind, atom_kind, eightfold, first_leg_mask, step_kind, \
    xbetza_continuation_mask

__all__ = ["COMPASS", "FILE_LETTERS", "MAX_FILES", "MAX_RANKS", "Square", "angle_of", "oriented",
           "parse_square", "relative_angle", "sector_of", "square_name", "validate_size",
           "AtomKind", "atom_kind", "eightfold", "first_leg_mask", "step_kind",
           "xbetza_continuation_mask"]

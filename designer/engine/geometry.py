"""Board geometry as the engine's callers know it; it lives in ``designer.geometry`` (shared with
the notation reader, which must not load the move generator) and is re-exported here."""

from ..geometry.board import (COMPASS, FILE_LETTERS, MAX_FILES, MAX_RANKS, Square, angle_of,
                              oriented, parse_square, relative_angle, sector_of, square_name,
                              validate_size)

__all__ = ["COMPASS", "FILE_LETTERS", "MAX_FILES", "MAX_RANKS", "Square", "angle_of", "oriented",
           "parse_square", "relative_angle", "sector_of", "square_name", "validate_size"]

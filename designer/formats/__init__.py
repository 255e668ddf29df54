"""Variant files, one module per format, each with a reader and a writer (see docs/files.md).

``xboard_ini`` is the native Save format (an XBoard options file with ``; @designer`` data);
``pgn_tags``, ``engine_lines``, ``fsf_ini``, ``xboard_fsf``, ``diagram`` and ``svg`` are the
exports; ``registry`` opens any readable file and renders any format; ``atomic`` does the saves.
What they share: ``xboard_variants`` (XBoard's built-in variants as data), ``parents`` (which
``-variant`` a file names), ``from_xboard`` (a model from XBoard's own settings), ``fsf_plan``
and ``fsf_engine`` (what Fairy-Stockfish plays, and which one is installed), ``same_moves``
(two definitions compared by the moves they make) and ``limits`` (what our readers take).
Every failure is a ``FormatError`` naming the file, the line and the reason.
"""

from .errors import FormatError

__all__ = ["FormatError"]

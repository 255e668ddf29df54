"""Engine-capability linter: how XBoard 4.9 reads a definition (``xboard_compat``).

How Fairy-Stockfish plays one is decided by generating moves, so it lives above the move
generator: ``designer.formats.fsf_reading``.
"""

from .xboard_compat import XB, to_xboard, xboard_reads_as, xboard_warnings

__all__ = ["XB", "to_xboard", "xboard_reads_as", "xboard_warnings"]

"""Engine-capability linter: how XBoard 4.9 and Fairy-Stockfish would read a definition.

The two readings live in their own modules (``xboard_compat``, ``fsf_compat``); this module is the
one place callers import them from.
"""

from .fsf_compat import FSF, fsf_warnings, to_fsf
from .xboard_compat import XB, to_xboard, xboard_reads_as, xboard_warnings

__all__ = ["FSF", "XB", "fsf_warnings", "to_fsf", "to_xboard", "xboard_reads_as",
           "xboard_warnings"]

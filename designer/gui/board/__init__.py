"""The live move board and the views built on it: where a piece moves, and how.

Public API (Qt)::

    PieceView      # the piece on its probe board, every move drawn, kept in step with the document
    CompareView    # one definition read in both dialects (or two definitions) side by side
    LegDebugger    # a move followed leg by leg

``markers`` (public: the help draws with it) holds the shapes and colours of the move kinds and
the legend; ``_canvas`` is the board widget the three views share. The views never compute moves
themselves: they ask ``designer.gui.analysis`` (a worker thread) and draw the answer.
"""

from ._compare_view import CompareView
from ._leg_debugger import LegDebugger
from ._piece_view import PieceView

__all__ = ["CompareView", "LegDebugger", "PieceView"]

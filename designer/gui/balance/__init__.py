"""The balance panels of the window: what each piece is worth and where it is strong.

Public API (Qt)::

    install(window) -> (ValuesPanel, PieceViewExtras)   # docks and piece-view layers
    ValuesPanel        # every piece, every estimate side by side (a dock beside the palette)
    PieceViewExtras    # heat maps and engine differences on the piece view

Everything is computed by ``designer.balance`` in worker threads (``_worker``) from the
window's one document.
"""

from ._heat_view import MODES, MOVES, PieceViewExtras
from ._install import install
from ._values_panel import ValuesPanel

__all__ = ["MODES", "MOVES", "PieceViewExtras", "ValuesPanel", "install"]

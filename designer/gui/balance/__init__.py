"""The balance panels of the window: what each piece is worth and where it is strong.

Public API (Qt)::

    install(window) -> (LazyDock[ValuesPanel], PieceViewExtras)   # docks, piece-view layers
    ValuesPanel        # every piece, every estimate side by side (a dock beside the palette,
                       # built when first shown)
    PieceViewExtras    # heat maps and engine differences on the piece view

Everything is computed by ``designer.balance`` in worker threads (``_worker``) from the
window's one document.
"""

from typing import TYPE_CHECKING

from ...lazy import lazy_exports
from ._heat_view import MODES, MOVES, PieceViewExtras
from ._install import install

if TYPE_CHECKING:
    from ._values_panel import ValuesPanel

# The values panel brings the estimates: it loads when its dock is first shown.
__getattr__ = lazy_exports(__name__, {"ValuesPanel": "._values_panel"})

__all__ = ["MODES", "MOVES", "PieceViewExtras", "ValuesPanel", "install"]

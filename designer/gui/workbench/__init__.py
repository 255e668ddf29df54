"""The variant workbench: the piece palette (pictures, library, details, new pieces) and the
setup editor (board, holdings, castling, side to move), both editing the window's one document.

Public API (Qt)::

    install(window) -> (PiecePalette, LazyTab[SetupEditor])  # the palette docked, the
                                                     # setup editor's tab (built when shown)
    PiecePalette, SetupEditor                        # the two panels
    piece_pixmap, pixmap_for, piece_icon             # a piece type's picture at a size

Inside: ``piece_palette`` lists the variant's piece types, ``piece_library`` and
``new_piece_dialog`` add them, ``piece_details`` edits one, ``piece_images`` and
``picture_files`` draw and choose pictures, ``piece_mime`` carries a piece in drag and drop;
``setup_editor`` holds ``setup_board``, ``setup_sides``, ``holdings_editor`` and
``castling_editor``.
"""

from typing import TYPE_CHECKING

from ...lazy import lazy_exports
from ._install import install
from .piece_images import piece_icon, piece_pixmap, pixmap_for
from .piece_palette import PiecePalette

if TYPE_CHECKING:
    from .setup_editor import SetupEditor

# The setup editor loads when its tab is first shown (or the window is asked for it).
__getattr__ = lazy_exports(__name__, {"SetupEditor": ".setup_editor"})

__all__ = ["PiecePalette", "SetupEditor", "install", "piece_icon", "piece_pixmap", "pixmap_for"]

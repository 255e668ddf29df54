"""The variant workbench: the piece palette (pictures, library, details, new pieces) and the
setup editor (board, holdings, castling, side to move), both editing the window's one document.

Public API (Qt)::

    install(window) -> (PiecePalette, SetupEditor)   # docks both into the main window
    PiecePalette, SetupEditor                        # the two panels
    piece_pixmap, pixmap_for, piece_icon             # a piece type's picture at a size

Inside: ``piece_palette`` lists the variant's piece types, ``piece_library`` and
``new_piece_dialog`` add them, ``piece_details`` edits one, ``piece_images`` and
``picture_files`` draw and choose pictures, ``piece_mime`` carries a piece in drag and drop;
``setup_editor`` holds ``setup_board``, ``setup_sides``, ``holdings_editor`` and
``castling_editor``.
"""

from ._install import install
from .piece_images import piece_icon, piece_pixmap, pixmap_for
from .piece_palette import PiecePalette
from .setup_editor import SetupEditor

__all__ = ["PiecePalette", "SetupEditor", "install", "piece_icon", "piece_pixmap", "pixmap_for"]

"""Puts the piece palette and the setup editor into the main window.

``install(window)`` sizes the window's *Pieces* dock (which holds the palette), adds the
*Setup* tab beside the piece view (its editor, with the setup modules, is built when the tab is
first shown), adds the palette's commands to the *Variant* menu, and makes the piece view's and
the compare view's boards draw pieces with their pictures. Both panels work on ``window.doc``
only.
"""

from __future__ import annotations

import os

from PySide6.QtGui import QKeySequence, QPixmap

from ...vocabulary import Side
from .piece_images import pixmap_for
from .piece_palette import PiecePalette
from ..window.lazy_panels import LazyTab
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:   # annotations only: the window imports this module; the editor loads late
    from ..window import ActionName, MainWindow
    from .setup_editor import SetupEditor


def install(window: MainWindow) -> tuple[PiecePalette, LazyTab[SetupEditor]]:
    """Give ``window`` (a ``MainWindow``) its palette and its setup editor's tab, whose editor
    is built when the tab is first shown or the editor asked for; returns both (the window
    keeps the tab as ``window.setup_tab``)."""
    palette = window.piece_palette
    window.pieces_dock.setMinimumWidth(240)

    def build() -> SetupEditor:
        from .setup_editor import SetupEditor
        setup = SetupEditor(window.doc)
        # after "Use setup on the piece board" the user wants to see that board
        setup.probe_act.triggered.connect(lambda: window.show_central(window.view))
        return setup
    tab = LazyTab(window.central_tabs, "Setup", build)
    palette.list.doubleClicked.connect(lambda _index: window.show_central(window.view))
    _menu(window, palette, tab)
    pictures = _pictures(window)
    for canvas in (window.canvas, window.compare.canvas):
        canvas.set_picture_source(pictures)
    return palette, tab


def _pictures(window: MainWindow) -> Callable[[str, Side, int, float], QPixmap | None]:
    """The boards' picture source: piece type ``letter`` of the window's current variant."""
    def picture(letter: str, side: Side, size: int, dpr: float) -> QPixmap | None:
        doc = window.doc       # (neutral pieces keep their token: the board never asks for them)
        base = os.path.dirname(doc.path) if doc.path else None
        return pixmap_for(doc.variant, letter, side, size, dpr, base)
    return picture


def _menu(window: MainWindow, palette: PiecePalette, setup: LazyTab[SetupEditor]) -> None:
    menu = window.menus["variant"]
    menu.addSeparator()
    commands: tuple[tuple[ActionName, str, Callable[[], object], str | None, str], ...] = (
        ("add_from_library", "Add piece from the &library…", palette.add_from_library,
         "Ctrl+Shift+L", "Add a classic piece to the variant"),
        ("new_piece", "&New piece type…", palette.add_new, "Ctrl+Shift+N",
         "Add a piece of your own: letter, name, definition"),
        ("duplicate_piece", "D&uplicate piece", palette.duplicate, None,
         "A copy of the selected piece under a free letter"),
        ("delete_piece", "&Delete piece", palette.delete, None,
         "Delete the selected piece type"),
        ("edit_setup", "Edit the &start position", lambda: _edit_setup(window, setup),
         "Ctrl+Shift+E", "Show the setup editor"))
    for name, text, slot, key, tip in commands:
        act = window.acts.add(name, menu.addAction(text, slot))
        if key:
            act.setShortcut(QKeySequence(key))
        act.setStatusTip(tip)
        act.setToolTip(tip)


__all__ = ["install"]


def _edit_setup(window: MainWindow, tab: LazyTab[SetupEditor]) -> None:
    setup = tab.panel()
    window.show_central(setup)
    setup.board.setFocus()

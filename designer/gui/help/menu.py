"""The Help menu of the main window: the notation reference (F1, on the token at the editor's
cursor), the grammar diagrams, the getting-started tour and the About box.

The Help window, with the reference text and its pages, is made when first asked for (F1, a
menu entry), not when the main window starts.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMessageBox, QToolBar, QToolButton

from ...vocabulary import XBETZA, Dialect

if TYPE_CHECKING:   # annotations only: the window imports this module
    from ..window import MainWindow
    from .window import HelpWindow


class HelpMenu:
    """The window's Help menu; ``helper()`` is its Help window, made on first use."""

    def __init__(self, window: MainWindow) -> None:
        self.window = window
        self._helper: HelpWindow | None = None
        # the first start's hint above the board and its "Got it" button, once shown
        self.hint: QToolBar | None = None
        self.hint_close: QToolButton | None = None
        menu = window.menus.add("help", window.menuBar().addMenu("&Help"))
        act = window.acts.add("reference", QAction("Notation &reference", window))
        act.setShortcut(QKeySequence.StandardKey.HelpContents)
        act.setStatusTip("The letters of the notation with examples to try; F1 in the editor "
                         "opens the entry of the letter at the cursor")
        act.triggered.connect(self.reference)
        menu.addAction(act)
        diagrams = window.acts.add("diagrams", QAction("&Grammar diagrams", window))
        diagrams.setStatusTip("Railroad diagrams of the current dialect's grammar, in the "
                              "browser")
        diagrams.triggered.connect(lambda: self.helper().open_diagrams(self.dialect()))
        menu.addAction(diagrams)
        menu.addSeparator()
        tour = window.acts.add("tour", QAction("Getting &started", window))
        tour.setStatusTip("Open the Xiangqi sample with its Cannon and a walk-through of "
                          "designing, playing (F5), rules and balance (as at the first start)")
        tour.triggered.connect(self.getting_started)
        menu.addAction(tour)
        about = window.acts.add("about", QAction("&About Variant Designer", window))
        about.triggered.connect(self.about)
        menu.addAction(about)

    def helper(self) -> HelpWindow:
        """The Help window, made now if it was not yet."""
        if self._helper is None:
            from .window import HelpWindow
            self._helper = HelpWindow(self.window)
            self._helper.exampleChosen.connect(self._load)
        return self._helper

    def dialect(self) -> Dialect:
        piece = self.window.doc.piece()
        return piece.dialect if piece is not None else XBETZA

    def reference(self) -> None:
        """The reference, at the entry of the token at the editor's cursor when it has focus."""
        from .window import entry_at_cursor
        edit = self.window.editor.edit
        entry = None
        if edit.hasFocus():
            entry = entry_at_cursor(edit.toPlainText(), edit.textCursor().position(),
                                    self.dialect())
        self.helper().show_dialect(self.dialect(), entry)

    def getting_started(self) -> None:
        from .first_run import tour
        tour(self.window)

    def about(self) -> None:
        from .window import about_text
        QMessageBox.about(self.window, "About Variant Designer", about_text())

    def _load(self, text: str, dialect: Dialect) -> None:
        """An example chosen in the reference: the selected piece's definition (one edit)."""
        window = self.window
        piece = window.doc.piece()
        if piece is not None:
            window.doc.set_notation(piece.letter, text, dialect, merge=False)
        window.raise_()


def install_help_menu(window: MainWindow) -> HelpMenu:
    """Add the Help menu to the main window: reference (F1), diagrams, tour, About."""
    return HelpMenu(window)


__all__ = ["HelpMenu", "install_help_menu"]

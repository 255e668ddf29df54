"""The window's Rules panel: the rules of play of the document's variant, and the
Fairy-Stockfish section they make.

Public API (Qt)::

    install(window) -> RulesPanel   # the Rules tab beside the piece view, Variant > Rules…
    RulesPanel                      # Basics form, every option in a table, the engine's section
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtGui import QKeySequence

from ._panel import RulesPanel

if TYPE_CHECKING:   # annotations only: the window imports this package
    from ..window import MainWindow

__all__ = ["RulesPanel", "install"]


def install(window: MainWindow) -> RulesPanel:
    """Give ``window`` its Rules tab and the *Variant > Rules…* command that shows it."""
    panel = RulesPanel(window.doc)
    window.add_central(panel, "Rules")
    menu = window.acts.get("variant")
    if menu is not None:
        act = window.acts["rules"] = menu.addAction("&Rules…", lambda: window.show_central(panel))
        act.setShortcut(QKeySequence("Ctrl+Shift+U"))
        tip = ("The rules of play: check, castling, promotion, drops, how the game ends, every "
               "Fairy-Stockfish option, and the section the engine will be told")
        act.setStatusTip(tip)
        act.setToolTip(tip)
        # beside Properties, before the piece commands
        actions = menu.actions()
        if len(actions) > 1:
            menu.removeAction(act)
            menu.insertAction(actions[1], act)
    return panel

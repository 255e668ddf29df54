"""The window's Rules panel: the rules of play of the document's variant, and the
Fairy-Stockfish section they make.

Public API (Qt)::

    install(window) -> LazyTab[RulesPanel]   # the Rules tab beside the piece view,
                                             # Variant > Rules…; the panel is built when
                                             # first shown (``.panel()`` builds it at once)
    RulesPanel                               # Basics form, every option in a table, the
                                             # engine's section
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtGui import QKeySequence

from ...lazy import lazy_exports
from ..window.lazy_panels import LazyTab

if TYPE_CHECKING:   # annotations only: the window imports this package
    from ..window import MainWindow
    from ._panel import RulesPanel

# The panel brings the rules model and the Fairy-Stockfish rule language: it loads when the
# tab is first shown, not with the window.
__getattr__ = lazy_exports(__name__, {"RulesPanel": "._panel"})

__all__ = ["RulesPanel", "install"]


def install(window: MainWindow) -> LazyTab[RulesPanel]:
    """Give ``window`` its Rules tab and the *Variant > Rules…* command that shows it."""
    def build() -> RulesPanel:
        from ._panel import RulesPanel
        return RulesPanel(window.doc)
    tab = LazyTab(window.central_tabs, "Rules", build)
    menu = window.menus["variant"]
    act = window.acts.add("rules", menu.addAction("&Rules…",
                                                  lambda: window.show_central(tab.panel())))
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
    return tab

"""The Play mode: a game of the document's variant on the board, against a person, the built-in
opponent or an engine, kept playable while the variant is edited.

Public API (Qt)::

    install(window) -> PlayMode     # the Play tab (built when first used), the Game menu,
                                    # the game keeper, closing engines on close
    PlayTab                         # the tab's commands (new game, navigation, take back, ...)
    PlayView, PlayController        # the board and move list; who moves and when
    PlayerChoice                    # human, built-in opponent or an engine, with its limits

The game lives in the document (``VariantDocument.game``: a ``designer.play.GameLine``) so undo,
autosave and recovery cover it; the rules are asked in a worker thread (``service``); computer
players think in worker threads of their own (``players``).
"""

from typing import TYPE_CHECKING

from ...lazy import lazy_exports
from ._install import PlayMode, install

if TYPE_CHECKING:
    from .controller import PlayController
    from .players import PlayerChoice
    from .tab import PlayTab
    from .view import PlayView

# The tab, its board and its players load when the tab is first used (see designer.lazy).
__getattr__ = lazy_exports(__name__, {"PlayController": ".controller",
                                      "PlayerChoice": ".players", "PlayTab": ".tab",
                                      "PlayView": ".view"})

__all__ = ["PlayController", "PlayMode", "PlayerChoice", "PlayTab", "PlayView", "install"]

"""The Play mode: a game of the document's variant on the board, against a person, the built-in
opponent or an engine, kept playable while the variant is edited.

Public API (Qt)::

    install(window) -> PlayTab      # the Play tab, the Game menu, closing engines on close
    PlayTab                         # the tab's commands (new game, navigation, take back, ...)
    PlayView, PlayController        # the board and move list; who moves and when
    PlayerChoice                    # human, built-in opponent or an engine, with its limits

The game lives in the document (``VariantDocument.game``: a ``designer.play.GameLine``) so undo,
autosave and recovery cover it; the rules are asked in a worker thread (``service``); computer
players think in worker threads of their own (``players``).
"""

from .controller import PlayController
from .players import PlayerChoice
from .tab import PlayTab, install
from .view import PlayView

__all__ = ["PlayController", "PlayerChoice", "PlayTab", "PlayView", "install"]

"""Who plays a side of a game, behind one protocol (``Player``: ``begin``, ``ask``, ``stop``,
``close``; ``Answer``): the built-in opponent (``BuiltinPlayer``), a seeded random mover
(``RandomPlayer``), and any player in a process of its own (``ProcessPlayer``). External
engines are players too (``engines.players.EnginePlayer``, above this layer, which also makes a
player from a command line's specification). Qt-free.
"""

from typing import TYPE_CHECKING

from ..lazy import lazy_exports
from .protocol import NEVER, Answer, Player, follow

if TYPE_CHECKING:
    from .builtin import BuiltinPlayer
    from .process import PlayerProcessError, ProcessPlayer
    from .random_mover import RandomPlayer

# the players load on first use (see ``designer.lazy``): the window needs the protocol's
# ``Answer`` at start, the opponent only once a computer plays
_EXPORTS = {"BuiltinPlayer": ".builtin", "RandomPlayer": ".random_mover",
            "ProcessPlayer": ".process", "PlayerProcessError": ".process"}
__getattr__ = lazy_exports(__name__, _EXPORTS)

__all__ = ["Answer", "Player", "NEVER", "follow", "BuiltinPlayer", "RandomPlayer", "ProcessPlayer",
           "PlayerProcessError"]

"""Who plays a side of a game, behind one protocol (``Player``: ``begin``, ``ask``, ``stop``,
``close``; ``Answer``): the built-in opponent (``BuiltinPlayer``), a seeded random mover
(``RandomPlayer``), and any player in a process of its own (``ProcessPlayer``). External
engines are players too (``engines.players.EnginePlayer``, above this layer, which also makes a
player from a command line's specification). Qt-free.
"""

from .builtin import BuiltinPlayer
from .process import PlayerProcessError, ProcessPlayer
from .protocol import NEVER, Answer, Player
from .random_mover import RandomPlayer

__all__ = ["Answer", "Player", "NEVER", "BuiltinPlayer", "RandomPlayer", "ProcessPlayer",
           "PlayerProcessError"]

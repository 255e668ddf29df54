"""External engines over UCI and the XBoard protocol, behind one interface.

    >>> from designer.engines import Limit, Position, open_engine   # doctest: +SKIP
    >>> with open_engine(["fairy-stockfish"], "uci") as engine:
    ...     engine.select_variant("capablanca", 10, 8)
    ...     engine.play(Position("capablanca"), Limit(depth=6)).move
    'f2f4'

``open_engine`` runs a program and does the handshake (``open_settings`` from stored
``EngineSettings``); ``Engine.play(position, limit)`` returns a ``PlayResult``; options are
typed (``EngineOption``), every engine line is read once (``lines``). ``can_play`` decides
whether an engine plays a variant (by name, or Fairy-Stockfish by our exported section) and
why not; ``give_variant`` selects it. A misbehaving engine (no answer within a bounded wait,
garbage, a crash, move text that is no move) raises ``EngineError`` and its process is gone.
``players`` makes engines players of the one protocol (``designer.players``) and reads player
specifications; the game driver is ``designer.match``'s. No Qt here: the window brings a ``QProcess``
transport of its own.
"""

from .capability import About, Capabilities
from .errors import EngineError, Failure
from .launch import EngineVariant, detect_protocol, give_variant, open_engine, open_settings
from .lines import Info, Score
from .options import EngineOption, OptionValue
from .session import PROTOCOLS, Engine, ProtocolName
from .settings import EngineBook, EngineSettings, SettingsError, settings_from_command
from .transport import ProcessTransport, Transport
from .values import Limit, PlayResult, Position, Timeouts
from .verdict import Verdict, can_play

__all__ = ["About", "Capabilities", "EngineError", "Failure", "EngineVariant", "detect_protocol",
           "give_variant", "open_engine", "open_settings", "Info", "Score", "EngineOption",
           "OptionValue", "PROTOCOLS", "Engine", "ProtocolName", "EngineBook", "EngineSettings",
           "SettingsError", "settings_from_command", "ProcessTransport", "Transport", "Limit",
           "PlayResult", "Position", "Timeouts", "Verdict", "can_play"]

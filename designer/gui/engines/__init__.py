"""Engines in the window: the settings dialog and the thread each engine runs in.

Public API (Qt)::

    EngineSettingsDialog   # the engines the user plays against, checked off the UI thread
    EngineStore            # the engine book remembered in QSettings
    EngineWorker           # one engine session in a thread of its own; answers as signals
    QProcessTransport      # the session's transport: the engine as a QProcess

The protocols, the decision whether an engine can play a variant and the game driver are the
Qt-free ``designer.engines``; this package only runs them where the window needs them.
"""

from ._settings_dialog import EngineSettingsDialog
from .process import QProcessTransport
from .store import EngineStore
from .worker import EngineWorker

__all__ = ["EngineSettingsDialog", "EngineStore", "EngineWorker", "QProcessTransport"]

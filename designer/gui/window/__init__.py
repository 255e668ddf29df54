"""The main window: the shell around the one document.

Public API (Qt)::

    MainWindow   # menus, docks and tabs; every panel reads and edits ``window.doc``;
                 # ``window.acts[name]`` / ``window.menus[name]``: its commands and menus
    Registry, ActionName, GameActionName, MenuName, NameNotRegistered   # (registry.py)

``main_window`` builds it, ``_actions`` makes its menu actions and shortcuts, ``registry``
names every command and menu (features register theirs there and look others' up there), ``file_guard``
opens, saves and exports, with ``recovery``'s autosave and recovery after a crash; ``dialogs``
holds *New variant* and *Properties*. The panels live in their own packages: ``designer.gui.board``,
``designer.gui.editor``, ``designer.gui.workbench``, ``designer.gui.help``.
"""

from .main_window import MainWindow
from .registry import ActionName, GameActionName, MenuName, NameNotRegistered, Registry

__all__ = ["MainWindow", "Registry", "ActionName", "GameActionName", "MenuName",
           "NameNotRegistered"]

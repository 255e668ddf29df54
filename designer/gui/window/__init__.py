"""The main window: the shell around the one document.

Public API (Qt)::

    MainWindow   # menus, docks and tabs; every panel reads and edits ``window.doc``

``main_window`` builds it, ``_actions`` makes its menu actions and shortcuts, ``file_guard``
opens, saves and exports, with ``recovery``'s autosave and recovery after a crash; ``dialogs``
holds *New variant* and *Properties*. The panels live in their own packages: ``designer.gui.board``,
``designer.gui.editor``, ``designer.gui.workbench``, ``designer.gui.help``.
"""

from .main_window import MainWindow

__all__ = ["MainWindow"]

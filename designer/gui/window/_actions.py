"""Menus, the board toolbar and keyboard shortcuts of the main window.

Kept apart from the window's wiring so the list of commands reads as one table. Shortcuts never
use bare letters or digits: those belong to the definition being typed.
"""

from __future__ import annotations
from typing import Any

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QAction, QActionGroup, QKeyEvent, QKeySequence
from PySide6.QtWidgets import QApplication, QLabel, QToolBar, QWidget

from ..board._canvas import BoardCanvas
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

if TYPE_CHECKING:   # annotations only: the window imports this module
    from ..window import MainWindow
    from .registry import ActionName

TOOLS = (  # (tool, label, shortcut, tooltip)
    ("inspect", "Inspect / move", "Ctrl+1",
     "Click a marked square to trace how the piece gets there; click elsewhere to move it"),
    ("friend", "Friend", "Ctrl+2", "Click squares to put a piece of the side to move there"),
    ("foe", "Foe", "Ctrl+3", "Click squares to put an enemy piece there"),
    ("neutral", "Neutral", "Ctrl+4",
     "Click squares to put a piece of neither side there (the engine treats it as an enemy)"),
    ("erase", "Erase", "Ctrl+5", "Click squares to empty them"),
    ("ep", "e.p. square", "Ctrl+6", "Click the square a double-stepping pawn just passed"),
)


def _board(w: MainWindow) -> BoardCanvas:
    """The board the View menu's zoom acts on: the shown tab's (the Play board in Play, the
    setup board in Setup), else the piece view's."""
    canvas = getattr(w.central_tabs.currentWidget(), "canvas", None)
    return canvas if isinstance(canvas, BoardCanvas) else w.canvas


def zoom_keys(inward: bool) -> list[QKeySequence]:
    """Every key people press to zoom: the platform's ZoomIn/ZoomOut, Ctrl+= (the "+" key
    without Shift on most layouts), Ctrl+Shift+= / Ctrl+Shift++ (the same key with Shift, as
    the keyboard reports it), Ctrl+- and Ctrl with the keypad's plus or minus. (Built on demand:
    standard key sequences need the application to exist.)"""
    keypad = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.KeypadModifier
    keys: list[QKeySequence]
    if inward:
        keys = [QKeySequence(QKeySequence.StandardKey.ZoomIn), QKeySequence("Ctrl+="),
                QKeySequence("Ctrl++"), QKeySequence("Ctrl+Shift++"),
                QKeySequence("Ctrl+Shift+="), QKeySequence(keypad | Qt.Key.Key_Plus)]
    else:
        keys = [QKeySequence(QKeySequence.StandardKey.ZoomOut), QKeySequence("Ctrl+-"),
                QKeySequence(keypad | Qt.Key.Key_Minus)]
    return _unique(keys)


def undo_keys(redo: bool) -> list[QKeySequence]:
    """The platform's Undo or Redo keys, and Ctrl+Y for Redo everywhere (as most Windows and
    Linux programs take it)."""
    if not redo:
        return _unique(QKeySequence.keyBindings(QKeySequence.StandardKey.Undo))
    return _unique(QKeySequence.keyBindings(QKeySequence.StandardKey.Redo) +
                   [QKeySequence("Ctrl+Shift+Z"), QKeySequence("Ctrl+Y")])


class DocumentUndoKeys(QObject):
    """Undo and Redo keys undo the document wherever the keyboard is in the window.

    Text fields and spin boxes claim Ctrl+Z for an undo of their own (the Definition editor
    even with its own undo switched off), so the window's Undo never saw the key there. Every
    widget of the window that takes the focus gets this filter, which hands those keys back to
    the window's actions; dialogs are other windows and keep their fields' own undo."""

    def __init__(self, window: QWidget) -> None:
        super().__init__(window)
        self.window = window
        self.keys = undo_keys(False) + undo_keys(True)
        app = QApplication.instance()
        if isinstance(app, QApplication):
            app.focusChanged.connect(self._focus)

    def _focus(self, _old: QWidget | None, new: QWidget | None) -> None:
        if new is not None and new.window() is self.window:
            new.removeEventFilter(self)
            new.installEventFilter(self)

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ShortcutOverride and isinstance(event, QKeyEvent) and \
                QKeySequence(event.keyCombination()) in self.keys:
            event.ignore()             # not claimed: the window's Undo/Redo action takes it
            return True
        return False


def _unique(keys: Iterable[QKeySequence]) -> list[QKeySequence]:
    out: list[QKeySequence] = []
    for k in keys:
        if not k.isEmpty() and k not in out:
            out.append(k)
    return out


def _action(window: MainWindow, text: str, slot: Callable[..., object] | None = None,
            shortcut: Any = None, tip: str = "", checkable: bool = False) -> QAction:
    act = QAction(text, window)
    if isinstance(shortcut, (list, tuple)):
        act.setShortcuts(_unique(shortcut))
        shortcut = shortcut[0]
    elif shortcut:
        act.setShortcut(QKeySequence(shortcut))
    if tip:
        act.setToolTip(tip + (f" ({QKeySequence(shortcut).toString()})" if shortcut else ""))
        act.setStatusTip(tip)
    act.setCheckable(checkable)
    if slot is not None:
        (act.toggled if checkable else act.triggered).connect(slot)
    return act


def build_actions(w: MainWindow) -> QToolBar:
    """Create the menu bar, the board toolbar and their actions on window ``w``, registered in
    ``w.acts`` and ``w.menus``; returns the board toolbar."""
    acts, menus = w.acts, w.menus
    bar = w.menuBar()
    file_menu = menus.add("file", bar.addMenu("&File"))
    file_menu.addAction(acts.add("open", _action(
        w, "&Open…", lambda: w.open_file(), QKeySequence.StandardKey.Open,
        "Open a variant file (XBoard options, Fairy-Stockfish variants.ini, PGN tags, engine "
        "lines)")))
    file_menu.addAction(acts.add("save", _action(
        w, "&Save", lambda: w.save_file(), QKeySequence.StandardKey.Save,
        "Save the variant into its file, in the file's own format")))
    file_menu.addSeparator()
    file_menu.addAction(acts.add("quit", _action(w, "&Quit", w.close,
                                                 QKeySequence.StandardKey.Quit,
                                                 "Close the window")))

    edit_menu = menus.add("edit", bar.addMenu("&Edit"))
    undo = acts.add("undo", w.doc.undo_stack.createUndoAction(w, "&Undo"))
    undo.setShortcuts(undo_keys(False))
    redo = acts.add("redo", w.doc.undo_stack.createRedoAction(w, "&Redo"))
    redo.setShortcuts(undo_keys(True))
    DocumentUndoKeys(w)
    edit_menu.addAction(undo)
    edit_menu.addAction(redo)
    edit_menu.addSeparator()
    edit_menu.addAction(acts.add("edit_definition", _action(
        w, "Edit &definition", w.editor.edit.setFocus, "Ctrl+L",
        "Put the keyboard in the definition editor")))

    board_menu = menus.add("board", bar.addMenu("&Board"))
    toolbar = QToolBar("Board tools", w)
    toolbar.setObjectName("BoardToolbar")
    w.addToolBar(toolbar)
    group = QActionGroup(w)
    for tool, label, key, tip in TOOLS:
        act = acts.add(acts.name(f"tool:{tool}"),
                       _action(w, label, None, key, tip, checkable=True))
        act.triggered.connect(lambda _=False, t=tool: w.set_tool(t))
        act.setChecked(tool == "inspect")
        group.addAction(act)
        board_menu.addAction(act)
        toolbar.addAction(act)
    board_menu.addSeparator()
    toolbar.addSeparator()
    black = acts.add("black", _action(
        w, "Black to move", w.set_side, "Ctrl+T",
        "Generate the moves of the piece as Black's (it moves down the board)",
        checkable=True))
    virgin = acts.add("virgin", _action(
        w, "Unmoved (i)", w.set_virgin, "Ctrl+Shift+I",
        "The piece has not moved yet: first-move-only (i) moves are allowed", checkable=True))
    clear = acts.add("clear", _action(w, "Clear probes", w.clear_probes, "Ctrl+Shift+Backspace",
                                      "Remove every probe piece and the e.p. square"))
    for act in (black, virgin, clear):
        board_menu.addAction(act)
        toolbar.addAction(act)
    toolbar.addSeparator()
    toolbar.addWidget(QLabel(" Size "))
    toolbar.addWidget(w.files_box)
    toolbar.addWidget(QLabel("×"))
    toolbar.addWidget(w.ranks_box)

    variant_menu = menus.add("variant", bar.addMenu("&Variant"))
    variant_menu.addAction(acts.add("properties", _action(
        w, "&Properties…", lambda: w.edit_properties(), "Ctrl+Shift+P",
        "Name, parent variant, board, holdings and notes")))
    variant_menu.addAction(acts.add("probe_from_setup", _action(
        w, "Start position on the probe board", lambda: w.doc.probe_from_setup(), None,
        "Put the variant's start position onto this piece's probe board")))

    engines_menu = menus.add("engines", bar.addMenu("E&ngines"))
    engines_menu.addAction(acts.add("engine_settings", _action(
        w, "Engine &settings…", lambda: w.edit_engines(), None,
        "The engines you play against: command, protocol, time per move, depth and their "
        "options")))

    debug_menu = menus.add("debugger", bar.addMenu("&Debugger"))
    steps: tuple[tuple[ActionName, str, Callable[[], object], str, str], ...] = (
        ("next_leg", "Next leg", w.debugger.step_forward, "Alt+Right",
         "Show one more leg of the path"),
        ("previous_leg", "Previous leg", w.debugger.step_back, "Alt+Left", "Show one leg less"),
        ("next_path", "Next path", w.debugger.next_path, "Alt+Down",
         "Choose the next path to the square"),
        ("previous_path", "Previous path", w.debugger.previous_path, "Alt+Up",
         "Choose the previous path"))
    for name, text, slot, key, tip in steps:
        debug_menu.addAction(acts.add(name, _action(w, text, slot, key, tip)))
    debug_menu.addAction(acts.add("release_target", _action(
        w, "Release target", lambda: w.pin(None), "Escape", "Stop tracing the chosen square")))

    view_menu = menus.add("view", bar.addMenu("&View"))
    safe = acts.add("safe", _action(
        w, "Colour-blind-safe palette", w.set_safe_palette, "Ctrl+Shift+C",
        "Okabe-Ito colours; every class keeps its own shape", checkable=True))
    view_menu.addAction(safe)
    toolbar.addAction(safe)
    view_menu.addAction(acts.add("zoom_in", _action(
        w, "Zoom in", lambda: _board(w).set_zoom(_board(w).zoom * 1.25), zoom_keys(True),
        "Bigger squares (the board scrolls)")))
    view_menu.addAction(acts.add("zoom_out", _action(
        w, "Zoom out", lambda: _board(w).set_zoom(_board(w).zoom / 1.25), zoom_keys(False),
        "Smaller squares")))
    view_menu.addAction(acts.add("fit", _action(
        w, "Fit board", lambda: _board(w).set_zoom(1.0), "Ctrl+0",
        "Fit the whole board in the window")))
    view_menu.addAction(acts.add("compare", _action(
        w, "Compare definitions", w.show_compare, "Ctrl+Shift+K", "Show the compare panel")))
    view_menu.addSeparator()
    panels = menus.add("panels", view_menu.addMenu("&Panels"))
    for dock in (w.editor_dock, w.debugger_dock, w.compare_dock, w.pieces_dock):
        panels.addAction(dock.toggleViewAction())
    return toolbar

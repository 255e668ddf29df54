"""The main window: the piece view in the centre, editor / debugger / compare / pieces as docks.

The window owns one ``VariantDocument`` and wires panels to it and nothing else: user gestures
become document edits (one undo step each), and every panel redraws from the document's
``changed`` signal. Other features add panels with ``add_panel`` (docks) and ``add_central``
(tabs beside the piece view, e.g. a setup editor); the ``pieces_dock`` holds the piece list.
"""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import QCoreApplication, QEvent, QSettings, QSignalBlocker, Qt
from PySide6.QtWidgets import (
    QDockWidget,
    QFrame,
    QScrollArea,
    QMainWindow,
    QMessageBox,
    QSpinBox,
    QTabBar,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)
from PySide6.QtGui import QCloseEvent, QShowEvent

from ...errors import DesignerError, user_message
from ...notation.ast import Piece
from ...notation.errors import NotationError
from ...variant.model import Variant
from ...vocabulary import BETZA2, BEX, DIALECT_TITLES, BLACK, Dialect, Square
from ...variant import aspects as A
from .. import document as D
from ...engine.analysis import Analysis, analyse
from ...engine.moves import signature
from ...notation.definition import read_definition
from ..board import CompareView
from ..document import VariantDocument
from ..board import LegDebugger
from ..editor import NotationEditor
from ..workbench.piece_palette import PiecePalette
from ..board import PieceView
from ._actions import build_actions
from .registry import window_actions, window_menus
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:   # annotations only: these panels import the window back
    from PySide6.QtWidgets import QToolBar, QToolButton

    from ..balance import ValuesPanel
    from ..help import HelpWindow
    from ..play import PlayTab
    from ..rules import RulesPanel
    from ..workbench import SetupEditor
    from .lazy_panels import LazyTab


class MainWindow(QMainWindow):
    """Variant Designer's window on one document (a whole variant)."""

    def __init__(self, doc: VariantDocument | Variant | None = None,
                 settings: QSettings | None = None, restore: bool = True):
        super().__init__()
        self.setObjectName("MainWindow")
        self.settings = settings
        if not isinstance(doc, VariantDocument):
            doc = VariantDocument(doc)
        self.doc = doc
        doc.setParent(self)
        self.notify = self._notify_dialog    # tests answer dialogs without a modal loop
        # what other panels stop when the window closes; questions before the document is
        # replaced (each True when it is fine to go on)
        self.on_close: list[Callable[[], None]] = []
        self.may_close: list[Callable[[], bool]] = []
        self.staged_compare = False          # a screenshot scene shows the compare view
        # the window's commands and menus by name: the window and every feature register
        # what they add here, and find each other's there (registry.py)
        self.acts = window_actions()
        self.menus = window_menus()

        self.view = PieceView(doc)
        self.canvas = self.view.canvas       # the board most gestures and tests talk to
        self.central_tabs = QTabWidget()
        self.central_tabs.setDocumentMode(True)
        self.central_tabs.setTabBarAutoHide(True)   # one tab: no tab bar
        self.central_tabs.addTab(self.view, "Piece view")
        self.setCentralWidget(self.central_tabs)

        self.editor = NotationEditor()
        self.editor.king_letter = self._king_letter
        self.debugger = LegDebugger()
        self.compare = CompareView()
        self.piece_palette = PiecePalette(doc)   # the piece types: pick, add, rename, drag out
        # Each panel scrolls when the window is too small for it, instead of being squeezed
        # under its neighbour (multi-line errors, a short screen).
        self.editor_dock = self.add_panel(scrolling(self.editor), "Definition",
                                          Qt.DockWidgetArea.RightDockWidgetArea, "DefinitionDock")
        self.debugger_dock = self.add_panel(scrolling(self.debugger), "Leg debugger",
                                            Qt.DockWidgetArea.RightDockWidgetArea, "DebuggerDock")
        self.compare_dock = self.add_panel(scrolling(self.compare), "Compare",
                                           Qt.DockWidgetArea.RightDockWidgetArea, "CompareDock")
        self.tabifyDockWidget(self.debugger_dock, self.compare_dock)
        self.debugger_dock.raise_()
        self.pieces_dock = self.add_panel(self.piece_palette, "Pieces",
                                          Qt.DockWidgetArea.LeftDockWidgetArea,
                                          "PiecesDock")

        self.files_box, self.ranks_box = QSpinBox(), QSpinBox()
        for box, what in ((self.files_box, "files"), (self.ranks_box, "ranks")):
            box.setRange(1, 26)
            # Applied on Enter, focus-out or the arrows, never at each digit: typing "10" must
            # not pass through a board of 1 file.
            box.setKeyboardTracking(False)
            box.setToolTip(f"Number of {what} of the board (Enter applies it)")
            box.valueChanged.connect(self._resize_board)
        self.board_toolbar = build_actions(self)
        self.central_tabs.currentChanged.connect(self._central_changed)
        # the Setup tab, when the workbench gives the window one
        self.setup_tab: LazyTab[SetupEditor] | None = None
        from .file_guard import FileGuard
        self.files = FileGuard(self, settings)   # open/save/export/autosave; never lose work
        from ..help import install_help_menu
        self.help_menu = install_help_menu(self)   # Help: notation reference (F1), About
        self.statusBar().showMessage("Type a Betza definition; the board follows as you type.")

        doc.changed.connect(self._doc_changed)
        doc.selection_changed.connect(self._selection_changed)
        doc.notice.connect(lambda text: self.statusBar().showMessage(text[:1].upper() + text[1:],
                                                                     10000))
        self.view.analysed.connect(self._analysed)
        self.view.pinnedChanged.connect(self._pinned)
        self.view.message.connect(self._hover_message)
        self.editor.textEdited.connect(self._typed)
        self.editor.fixChosen.connect(
            lambda text: self._set_text(text, merge=False))
        self.editor.dialectChosen.connect(self.switch_dialect)
        self.editor.hoveredOffset.connect(
            lambda offset: self.view.focus_group(offset, self._traced_squares()))
        self.debugger.pathChanged.connect(self._show_path)
        # An explicit minimum keeps the layout from resizing the top-level window after it is
        # shown (which platforms without size hints, like offscreen, warn about).
        self.setMinimumSize(720, 520)
        self.resize(1280, 820)
        self._default_split = True     # until a saved layout says otherwise
        if restore:
            self.restore_settings()
        from ..workbench import install
        _palette, self.setup_tab = install(self)   # the piece palette and the setup editor
        from ..rules import install as install_rules
        self.rules_tab = install_rules(self)   # Variant > Rules: the rules of play
        from ..balance import install as install_balance
        # piece values, heat maps, engine differences
        self.values, self.view_extras = install_balance(self)
        from ..play import install as install_play
        self.play_mode = install_play(self)   # the Play tab and the Game menu
        self._doc_changed(A.EVERYTHING)
        self._selection_changed(doc.selected)
        self.editor.edit.setFocus()   # type straight away
        self._hide_stray_tab_bars()

    def _hide_stray_tab_bars(self) -> None:
        """Qt 6.11 leaves copies of a dock group's tab bar behind when a second group is
        tabified before the window is first shown (here Pieces / Piece values after Leg
        debugger / Compare): inert bars drawn over the panels until Qt deletes them from a
        running event loop, so ``--screenshot`` pictures (taken by processing events) showed
        them. Hidden before the first layout, the bars the layout uses are shown again when it
        lays the window out; the strays stay hidden. (Tabbing while shown leaves none.)"""
        for bar in self.findChildren(QTabBar, options=Qt.FindChildOption.FindDirectChildrenOnly):
            bar.hide()

    @property
    def help_window(self) -> HelpWindow:
        """The Help window (made now if it was not asked for yet)."""
        return self.help_menu.helper()

    @property
    def first_run_hint(self) -> QToolBar | None:
        """The first start's hint above the board (None until it was shown)."""
        return self.help_menu.hint

    @property
    def first_run_close(self) -> QToolButton | None:
        """The hint's *Got it* button (None until the hint was shown)."""
        return self.help_menu.hint_close

    @property
    def values_dock(self) -> QDockWidget:
        """The *Piece values* dock (its panel is built when it is first shown)."""
        return self.values.dock

    @property
    def play(self) -> PlayTab:
        """The Play tab (built now if it was not used yet)."""
        return self.play_mode.tab()

    @property
    def rules_panel(self) -> RulesPanel:
        """The Rules tab's panel (built now if it was not shown yet)."""
        return self.rules_tab.panel()

    @property
    def setup_editor(self) -> SetupEditor | None:
        """The Setup tab's editor (built now if it was not shown yet; None without the
        workbench)."""
        return self.setup_tab.panel() if self.setup_tab is not None else None

    @property
    def values_panel(self) -> ValuesPanel:
        """The Piece values dock's panel (built now if it was not shown yet)."""
        return self.values.panel()

    # -- hooks for other panels -------------------------------------------------------------
    def add_panel(self, widget: QWidget, title: str, area: Qt.DockWidgetArea,
                  name: str) -> QDockWidget:
        """Dock ``widget`` as a panel (listed in View > Panels, its place remembered)."""
        dock = QDockWidget(title, self)
        dock.setObjectName(name)
        dock.setWidget(widget)
        self.addDockWidget(area, dock)
        if "panels" in self.menus:       # the docks made before the menus are listed there
            self.menus["panels"].addAction(dock.toggleViewAction())
        return dock

    def _central_changed(self, _index: int = -1) -> None:
        """The board toolbar (probe pieces, side to move, board size) acts on the piece
        view's probe board only: it is shown with that tab and hidden with the others (Play,
        Setup, Rules), whose own tools are inside them."""
        self.board_toolbar.setVisible(self.central_tabs.currentWidget() is self.view)

    def add_central(self, widget: QWidget, title: str) -> int:
        """Add a tab beside the piece view (e.g. the setup editor); returns its index."""
        return self.central_tabs.addTab(widget, title)

    def show_central(self, widget: QWidget) -> None:
        self.central_tabs.setCurrentWidget(widget)

    def load_variant(self, variant: Variant, select: str | None = None, path: str | None = None,
                     fmt: str = D.NATIVE, section: str | None = None) -> None:
        """Make ``variant`` the document (a new history; clean)."""
        self.doc.replace_all(variant, path, fmt, section, select=select)

    def select_piece(self, letter: str) -> None:
        self.doc.select(letter)

    # -- document -> panels ------------------------------------------------------------------
    def _doc_changed(self, aspects: frozenset[A.Aspect]) -> None:
        sel = self.doc.selected
        if aspects & {A.PIECES} or A.piece_aspect(sel) in aspects:
            self._show_piece()
        if A.BOARD in aspects:
            v = self.doc.variant
            for box, value in ((self.files_box, v.files), (self.ranks_box, v.ranks)):
                box.blockSignals(True)
                box.setValue(value)
                box.blockSignals(False)
        if aspects & {A.PROBES, A.PIECES, A.SETUP, A.BOARD} or A.piece_aspect(sel) in aspects:
            self._sync_board_actions()
        if aspects & {A.FILE, A.PROPERTIES}:
            self._title()

    def _show_piece(self) -> None:
        """The editor on the selected piece, with the board's answer if it is already there
        (a cached answer can arrive before the editor has the new text)."""
        self.editor.show_piece(self.doc.piece())
        if self.view.analysis is not None:
            self.editor.show_analysis(self.view.analysis)

    def _selection_changed(self, letter: str) -> None:
        self._show_piece()
        self._sync_board_actions()

    def _sync_board_actions(self) -> None:
        """*Black to move* and *Unmoved (i)* show the probe board; showing it is no gesture
        (their ``toggled`` would push an edit: in the middle of an undo, that throws away
        every redo step)."""
        board = self.doc.probe_board()
        for act, on in ((self.acts["black"], board.side == BLACK),
                        (self.acts["virgin"], board.virgin)):
            with QSignalBlocker(act):
                act.setChecked(on)

    def _king_letter(self) -> str | None:
        """The piece XBoard's King slot will hold (the editor's "how XBoard reads it" notes).

        The file formats load with the first save or export, not with the window."""
        from ...formats.ptc import king_slot_letter
        return king_slot_letter(self.doc.variant.pieces)

    def _analysed(self, analysis: Analysis) -> None:
        self.editor.show_analysis(analysis)
        if self.view.pinned is not None:
            self.debugger.set_target(self.view.pinned, self.view.moves_to(self.view.pinned))
        self._show_path()
        self.compare.set_base(self.view.request)

    def _title(self) -> None:
        doc = self.doc
        self.setWindowTitle(f"{doc.file_name}[*] — {doc.variant.name} — Variant Designer")
        self.setWindowModified(doc.modified)

    # -- editor -> document -----------------------------------------------------------------
    def _typed(self, text: str) -> None:
        self._set_text(text, merge=True)

    def _set_text(self, text: str, merge: bool) -> None:
        piece = self.doc.piece()
        if piece is not None:
            self.doc.set_notation(piece.letter, text, merge=merge)

    def switch_dialect(self, dialect: Dialect) -> bool:
        """Change the piece's dialect without changing what it does: translate the definition,
        check on the probe board that both make the same moves, or refuse and say why."""
        piece = self.doc.piece()
        if piece is None or dialect == piece.dialect:
            return False
        reading = read_definition(piece.notation, piece.dialect)
        if reading.piece is None or not piece.notation.strip():
            # nothing readable to keep: the text is simply read in the other dialect now
            self.doc.set_notation(piece.letter, piece.notation, dialect, merge=False)
            self.statusBar().showMessage(f"The definition is now read as "
                                         f"{DIALECT_TITLES[dialect]}.", 8000)
            return True
        why = ""
        text = piece.notation
        try:
            from ...notation import format_piece
            from ...notation.translate import translate
            if dialect == BEX:   # Bex is read, never written: keep the text, or write the
                text = _as_bex(piece.notation, translate(reading.piece, BETZA2))  # Betza 2.0
            else:
                text = format_piece(translate(reading.piece, dialect), dialect)
        except DesignerError as e:   # NotationError naming what cannot be expressed
            why = user_message(e)
        except Exception as e:   # noqa: BLE001 - a translator defect refuses, never crashes
            why = f"the translator failed ({type(e).__name__}: {e})"
        if not why and self.view.request is not None:
            before = analyse(self.view.request)
            after = analyse(replace(self.view.request, text=text, dialect=dialect))
            if before.ok and (not after.ok or signature(before.moves) != signature(after.moves)):
                why = f"its translation {text!r} would move differently on this board"
        if why:
            self.editor.show_piece(piece)   # puts the dialect box back
            self.notify("Dialect not changed",
                        f"{piece.letter} stays in {DIALECT_TITLES[piece.dialect]}: {why}. "
                        f"Switching would change what the piece does.")
            return False
        self.doc.set_notation(piece.letter, text, dialect, merge=False)
        return True

    # -- board -------------------------------------------------------------------------------
    def _pinned(self, sq: Square | None) -> None:
        self.debugger.set_target(sq, self.view.moves_to(sq))
        if sq is not None:
            self.debugger_dock.show()
            self.debugger_dock.raise_()
        self._show_path()

    @property
    def pinned(self) -> Square | None:
        return self.view.pinned

    def pin(self, sq: Square | None) -> None:
        """Choose the target the debugger traces (None clears it)."""
        self.view.pin(sq)

    def _hover_message(self, text: str) -> None:
        if text:
            self.statusBar().showMessage(text)
        else:
            self.statusBar().clearMessage()

    def _show_path(self) -> None:
        m = self.debugger.current
        if self.view.pinned is not None and m is not None:
            self.canvas.set_paths([m.legs], self.debugger.step)
        else:
            self.canvas.set_paths([])
        self.canvas.set_focus(self._traced_squares())

    def _traced_squares(self) -> set[Square] | None:
        """While a path is traced, the squares it touches stay bright and the rest is dimmed."""
        m = self.debugger.current
        if self.view.pinned is None or m is None:
            return None
        return set(m.path) | set(m.removed) | {s for leg in m.legs for s in leg.hopped}

    def _resize_board(self) -> None:
        files, ranks = self.files_box.value(), self.ranks_box.value()
        if (files, ranks) != (self.doc.variant.files, self.doc.variant.ranks):
            self.view.pin(None)
            self.doc.resize(files, ranks)

    # -- toolbar / menu actions ----------------------------------------------------------------
    def set_tool(self, tool: str) -> None:
        self.view.set_tool(tool)

    def set_side(self, black: bool) -> None:
        self.view.set_side(black)

    def set_virgin(self, virgin: bool) -> None:
        self.view.set_virgin(virgin)

    def clear_probes(self) -> None:
        self.view.clear_probes()

    def set_probe(self, sq: Square, role: str | None, letter: str = "") -> None:
        self.view.set_probe(sq, role, letter)

    def move_piece(self, sq: Square) -> None:
        self.view.move_piece(sq)

    def set_safe_palette(self, safe: bool) -> None:
        self.view.set_safe_palette(safe)
        self.compare.set_safe_palette(safe)

    def open_file(self, path: str | None = None) -> bool:
        """Open a variant file of any readable format (asks about unsaved changes first)."""
        return self.files.open(path)

    def save_file(self, path: str | None = None) -> bool:
        """Save to ``path``, to the open file, or ask for a name."""
        return self.files.save_to(path) if path else self.files.save()

    def edit_properties(self) -> bool:
        """Variant > Properties: one undo step with every field the user changed."""
        from .dialogs import PropertiesDialog
        dialog = PropertiesDialog(self.doc.variant, self)
        if not self.files.run_dialog(dialog):
            return False
        changes = dialog.changes()
        if changes:
            self.doc.set_properties("Properties", **changes)
        return bool(changes)

    def edit_engines(self) -> bool:
        """Engines > Engine settings: the engine book, saved in the window's settings."""
        from ..engines import EngineSettingsDialog, EngineStore
        dialog = EngineSettingsDialog(EngineStore(self.settings), self)
        try:
            return bool(self.files.run_dialog(dialog))
        finally:
            # gone with its workers once closed, whether Qt or Python holds it (PySide hands
            # a dialog to Python when its exec() returns)
            dialog.deleteLater()

    def _notify_dialog(self, title: str, text: str) -> None:
        QMessageBox.information(self, title, text)

    # -- settings ------------------------------------------------------------------------------
    def restore_settings(self) -> None:
        s = self.settings
        if s is None:
            return
        geometry, layout = s.value("window/geometry"), s.value("window/state")
        if geometry is not None:
            self.restoreGeometry(geometry)
        if layout is not None:
            self._default_split = not self.restoreState(layout)
            self._central_changed()      # the saved layout may have been saved in another tab
        safe = s.value("board/safePalette", False, type=bool)
        self.acts["safe"].setChecked(bool(safe))

    def save_settings(self) -> None:
        s = self.settings
        if s is None:
            return
        s.setValue("window/geometry", self.saveGeometry())
        s.setValue("window/state", self.saveState())
        s.setValue("board/safePalette", self.view.safe)
        s.sync()

    def show_compare(self) -> None:
        """Show the compare panel with room for its board (at least half the column when it
        shares the column with the definition)."""
        self.compare_dock.show()
        self.compare_dock.raise_()
        editor, compare = self.editor_dock, self.compare_dock
        if self.dockWidgetArea(editor) == self.dockWidgetArea(compare) and not editor.isFloating() \
                and not compare.isFloating() and compare.height() < editor.height():
            total = editor.height() + compare.height()
            self.resizeDocks([editor, compare], [total // 2, total - total // 2],
                             Qt.Orientation.Vertical)

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if self._default_split:
            # The definition with its errors, English and warnings gets the larger share of
            # the right-hand column; the debugger and compare tabs the rest.
            self._default_split = False
            total = self.editor_dock.height() + self.debugger_dock.height()
            self.resizeDocks([self.editor_dock, self.debugger_dock],
                             [int(total * 0.56), int(total * 0.44)], Qt.Orientation.Vertical)

    def discard_and_close(self) -> None:
        """Close without asking about unsaved changes (headless screenshots, benchmarks)."""
        self.may_close.clear()               # nor about an unsaved game
        self.doc.undo_stack.setClean()
        self.close()

    def dispose(self) -> None:
        """Close without asking and delete the window now, its workers ended.

        For a window that is built and dropped outside an event loop (a screenshot, a command
        line that fails after the window was built): closing alone leaves it alive, because
        slots connected to its own signals hold it from inside Qt, where Python's collector
        cannot see them; it would keep its rules worker and timers until the process ends.
        Call it only from outside the window's own event handlers."""
        self.discard_and_close()
        self.deleteLater()
        QCoreApplication.sendPostedEvents(self, QEvent.Type.DeferredDelete)

    def closeEvent(self, event: QCloseEvent) -> None:
        if not self.files.maybe_save():
            event.ignore()
            return
        self.files.discard_recovery()
        self.files.release()
        for analyst in (self.view.analyst, *self.compare.analysts.values()):
            analyst.shutdown()
        if self.values.built:
            self.values_panel.shutdown()
        self.view_extras.shutdown()
        for stop in self.on_close:
            stop()
        self.save_settings()
        super().closeEvent(event)


class _Fitting(QWidget):
    """Holds a panel in a scroll area. A scroll area asks a panel with word-wrapped text for its
    height at the given width and gets the panel's *preferred* height, so it would scroll as
    soon as there is less room than preferred; this one answers its minimum, so the panel
    shrinks to its minimum first and scrolls only below it."""

    def __init__(self, widget: QWidget):
        super().__init__()
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addWidget(widget)

    def heightForWidth(self, width: int) -> int:
        return self.minimumSizeHint().height()


def scrolling(widget: QWidget) -> QScrollArea:
    """``widget`` in a frameless scroll area that gives it all the room there is and scrolls
    only when there is less than it needs."""
    area = QScrollArea()
    area.setWidget(_Fitting(widget))
    area.setWidgetResizable(True)
    area.setFrameShape(QFrame.Shape.NoFrame)
    return area


def _as_bex(text: str, betza2: Piece) -> str:
    """A text that reads in Bex as ``betza2`` does: ``text`` itself, or ``betza2``'s Betza 2.0
    text (most Betza 2.0 reads alike in Bex); NotationError when neither does."""
    from ...notation import format_piece, parse
    for candidate in (text, format_piece(betza2)):
        try:
            if parse(candidate, BEX) == betza2:
                return candidate
        except NotationError:
            pass
    raise NotationError("the designer reads Bex but does not write it, and neither this text "
                        "nor its Betza 2.0 form means the same in Bex", 0, 0)


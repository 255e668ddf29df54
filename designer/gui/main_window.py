"""The main window: board in the centre, editor / debugger / compare / pieces as dock panels.

The window wires panels to the ``PieceSession`` and nothing else: user gestures become undoable
session edits, and every session change is pushed to the panels in ``_refresh``. Panels added by
other features (piece palette, setup editor, file menus) use ``add_panel`` and the
``pieces_dock`` slot; ``load_variant`` / ``select_piece`` / ``definitionChanged`` are their hooks.
"""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import QSettings, Qt, Signal
from PySide6.QtWidgets import (
    QDockWidget,
    QFileDialog,
    QLabel,
    QListWidget,
    QMainWindow,
    QMessageBox,
    QScrollArea,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from ..engine import BLACK, WHITE, square_name
from ..notation.errors import DesignerError
from . import variant_loading
from .board_canvas import BoardCanvas, marks_for
from .compare_view import CompareView
from .leg_debugger import LegDebugger
from .markers import LegendWidget
from .notation_editor import NotationEditor
from .session import FOE, FRIEND, NEUTRAL, BoardState, PieceSession, read_definition
from .window_actions import build_actions

INSPECT, ERASE, EP_TOOL = "inspect", "erase", "ep"
CYCLE = {None: FOE, FOE: FRIEND, FRIEND: NEUTRAL, NEUTRAL: None}   # right-click order


class MainWindow(QMainWindow):
    """Variant Designer's window for one piece definition on a probe board."""

    definitionChanged = Signal(str, str, str)   # letter, text, dialect (for the piece palette)

    def __init__(self, state: BoardState | None = None, settings: QSettings | None = None,
                 restore: bool = True):
        super().__init__()
        self.setObjectName("MainWindow")
        self.settings = settings
        self.session = PieceSession(state, self)
        self.variant = None          # the opened designer.variant.model.Variant, if any
        self.file_path: str | None = None
        self.tool = INSPECT
        self.pinned = None
        self.safe_palette = False
        self._last_good = None       # the latest analysis without errors (shown dimmed on error)

        self.canvas = BoardCanvas()
        self.canvas.setToolTip("Click a marked square to trace its path; click elsewhere to move "
                               "the piece. Right-click puts a foe, friend, neutral piece or "
                               "nothing on a square. Ctrl+wheel zooms.")
        self.scroll = QScrollArea()
        self.scroll.setWidget(self.canvas)
        self.scroll.setWidgetResizable(True)
        self.legend = LegendWidget()
        self.board_status = QLabel()
        self.board_status.setTextFormat(Qt.PlainText)
        central = QWidget()
        lay = QVBoxLayout(central)
        lay.setContentsMargins(4, 4, 4, 4)
        lay.addWidget(self.scroll, 1)
        lay.addWidget(self.legend)
        lay.addWidget(self.board_status)
        self.setCentralWidget(central)

        self.editor = NotationEditor()
        self.debugger = LegDebugger()
        self.compare = CompareView()
        self.pieces = QListWidget()
        self.pieces.setToolTip("The pieces of the opened variant; choose one to edit it")
        self.editor_dock = self.add_panel(self.editor, "Definition", Qt.RightDockWidgetArea,
                                          "DefinitionDock")
        self.debugger_dock = self.add_panel(self.debugger, "Leg debugger", Qt.RightDockWidgetArea,
                                            "DebuggerDock")
        self.compare_dock = self.add_panel(self.compare, "Compare", Qt.RightDockWidgetArea,
                                           "CompareDock")
        self.tabifyDockWidget(self.debugger_dock, self.compare_dock)
        self.debugger_dock.raise_()
        # The slot the piece palette / setup editor feature fills (a plain list until then).
        self.pieces_dock = self.add_panel(self.pieces, "Pieces", Qt.LeftDockWidgetArea,
                                          "PiecesDock")
        self.pieces_dock.hide()

        self.files_box, self.ranks_box = QSpinBox(), QSpinBox()
        for box, what in ((self.files_box, "files"), (self.ranks_box, "ranks")):
            box.setRange(1, 26)
            box.setToolTip(f"Number of {what} of the probe board")
            box.valueChanged.connect(self._resize_board)
        self.acts = build_actions(self)
        from .file_guard import FileGuard
        self.files = FileGuard(self, settings)   # save/open/recent/autosave; never lose work
        from .help_window import install_help_menu
        install_help_menu(self)                  # Help: notation reference (F1), About
        self.statusBar().showMessage("Type a Betza definition; the board follows as you type.")

        self.session.changed.connect(self._refresh)
        self.session.undo_stack.cleanChanged.connect(self._clean_changed)
        self.editor.textEdited.connect(
            lambda text: self.session.edit("Edit definition", merge=True, text=text))
        self.editor.fixChosen.connect(
            lambda text: self.session.edit("Apply quick fix", text=text))
        self.editor.dialectChosen.connect(self.switch_dialect)
        self.editor.hoveredOffset.connect(self._token_hovered)
        self.canvas.squareClicked.connect(self._square_clicked)
        self.canvas.squareHovered.connect(self._square_hovered)
        self.canvas.squareDragged.connect(self._piece_dragged)
        self.debugger.pathChanged.connect(self._show_path)
        self.pieces.currentRowChanged.connect(self._piece_chosen)
        # An explicit minimum keeps the layout from resizing the top-level window after it is
        # shown (which platforms without size hints, like offscreen, warn about).
        self.setMinimumSize(720, 520)
        self.resize(1280, 820)
        if restore:
            self.restore_settings()
        self._refresh()
        self.editor.edit.setFocus()   # type straight away

    # -- hooks for other panels -------------------------------------------------------------
    def add_panel(self, widget: QWidget, title: str, area, name: str) -> QDockWidget:
        """Dock ``widget`` as a panel (listed in View > Panels, its place remembered)."""
        dock = QDockWidget(title, self)
        dock.setObjectName(name)
        dock.setWidget(widget)
        self.addDockWidget(area, dock)
        if hasattr(self, "acts"):
            self.acts["panels"].addAction(dock.toggleViewAction())
        return dock

    def load_variant(self, variant, select: str | None = None, path: str | None = None) -> None:
        """Show a variant: its pieces in the Pieces panel, its board and start position."""
        self.variant, self.file_path = variant, path
        self.pieces.blockSignals(True)
        self.pieces.clear()
        for pt in variant.pieces:
            self.pieces.addItem(f"{pt.letter}  {pt.name or ''}   {pt.notation}")
        self.pieces.blockSignals(False)
        self.pieces_dock.setVisible(bool(variant.pieces))
        state = variant_loading.state_for(variant, select, self.session.state)
        self.session.replace_state(state, f"Open {variant.name}")
        letters = [p.letter for p in variant.pieces]
        if state.letter in letters:
            self.pieces.setCurrentRow(letters.index(state.letter))
        self._title()

    def select_piece(self, letter: str) -> None:
        """Edit the piece with this letter of the opened variant (undoable)."""
        if self.variant is None or self.variant.piece(letter) is None:
            return
        pt = self.variant.piece(letter)
        state = self.session.state
        origin = variant_loading.origin_of(self.variant, pt.letter, state)
        probes = variant_loading.probes_of(self.variant, origin) if origin else state.probes
        self.session.replace_state(replace(
            state, text=pt.notation, dialect=pt.dialect, letter=pt.letter, name=pt.name,
            origin=origin or state.origin, probes=probes), f"Choose {pt.letter}")

    # -- session -> panels --------------------------------------------------------------------
    def _refresh(self) -> None:
        state, analysis = self.session.state, self.session.analysis
        self.editor.show_state(state, analysis)
        for box, value in ((self.files_box, state.files), (self.ranks_box, state.ranks)):
            box.blockSignals(True)
            box.setValue(value)
            box.blockSignals(False)
        self.acts["black"].setChecked(state.side == BLACK)
        self.acts["virgin"].setChecked(state.virgin)
        c = self.canvas
        c.set_board(state.files, state.ranks, state.holes)
        c.set_pieces(state.origin, state.letter or "?",
                     {sq: (role, letter) for sq, role, letter in state.probes}, state.ep,
                     "friend" if state.side == WHITE else "foe")
        stale = analysis.reading.error is not None or bool(analysis.failure)
        board = replace(state, text="", dialect="")   # everything but the definition
        if not stale:
            self._last_good = (board, analysis)
        elif self._last_good is not None and self._last_good[0] != board:
            self._last_good = None                      # stale marks of another position lie
        shown = self._last_good[1] if stale and self._last_good is not None else analysis
        marks = marks_for(shown.by_square)
        c.set_marks(marks)
        c.set_stale(stale)
        kinds = {k for ks in marks.values() for k in ks}
        note = "dimmed: the last definition that could be read" if stale and marks else ""
        self.legend.set_kinds(kinds, self.safe_palette, note)
        if self.pinned is not None:
            self.debugger.set_target(self.pinned, analysis.by_square.get(self.pinned, ()))
        self._show_path()
        self.compare.set_base(state)
        self._board_message()
        self._title()
        self.definitionChanged.emit(state.letter, state.text, state.dialect)

    def _board_message(self, text: str = "") -> None:
        state, analysis = self.session.state, self.session.analysis
        side = "White" if state.side == WHITE else "Black"
        base = f"{state.files}x{state.ranks}, piece on {square_name(state.origin)}, " \
               f"{side} to move, {'unmoved' if state.virgin else 'has moved'}"
        if state.ep:
            base += f", e.p. square {square_name(state.ep)}"
        if analysis.failure:
            base += f" — {analysis.failure}"
        self.board_status.setText(text or base)

    def _clean_changed(self, clean: bool) -> None:
        try:
            self._title(clean)
        except RuntimeError:   # emitted while Qt tears the stack down at exit
            pass

    def _title(self, clean: bool | None = None) -> None:
        s = self.session.state
        if clean is None:
            clean = self.session.undo_stack.isClean()
        star = "" if clean else " *"
        where = f" [{self.file_path}]" if self.file_path else ""
        self.setWindowTitle(f"Variant Designer — {s.letter} {s.name}: {s.text}{star}{where}")

    # -- board gestures -------------------------------------------------------------------------
    def _square_clicked(self, sq, button) -> None:
        state = self.session.state
        if not state.on_board(sq):
            return
        if button == Qt.RightButton:
            current = state.probe_at(sq)
            role = CYCLE[current[0] if current else None]
            if sq != state.origin:
                self.set_probe(sq, role)
            return
        if button != Qt.LeftButton:
            return
        if self.tool == INSPECT:
            if sq in self.session.analysis.by_square:
                self.pin(sq)
            elif sq != state.origin:
                self.move_piece(sq)
        elif self.tool == EP_TOOL:
            self.session.edit("Set e.p. square", ep=None if state.ep == sq else sq)
        elif sq != state.origin:
            role = None if self.tool == ERASE else self.tool
            current = state.probe_at(sq)
            if current and current[0] == role:
                role = None
            self.set_probe(sq, role)

    def _piece_dragged(self, start, end) -> None:
        """Dragging the piece moves it anywhere, also onto marked or occupied squares."""
        state = self.session.state
        if start == state.origin and state.on_board(end):
            self.move_piece(end)

    def move_piece(self, sq) -> None:
        """Put the edited piece on ``sq`` (a probe there is taken off) as one undo step."""
        state = self.session.state
        self.pin(None)
        self.session.edit(f"Move piece to {square_name(sq)}", origin=sq,
                          probes=tuple(p for p in state.probes if p[0] != sq),
                          ep=None if state.ep == sq else state.ep)

    def set_probe(self, sq, role: str | None, letter: str = "") -> None:
        """Put a friend / foe / neutral probe on ``sq`` (None empties it) as one undo step."""
        what = {FRIEND: "friend", FOE: "foe", NEUTRAL: "neutral piece", None: "nothing"}[role]
        state = self.session.state
        new = state.with_probe(sq, role, letter)
        self.session.edit(f"Put {what} on {square_name(sq)}", probes=new.probes)

    def pin(self, sq) -> None:
        """Choose the target the debugger traces (None clears it)."""
        self.pinned = sq
        self.canvas.set_pinned(sq)
        self.debugger.set_target(sq, self.session.analysis.by_square.get(sq, ()) if sq else ())
        if sq is not None:
            self.debugger_dock.show()
            self.debugger_dock.raise_()

    def _square_hovered(self, sq) -> None:
        moves = self.session.analysis.by_square.get(sq, ()) if sq else ()
        if sq is None:
            self.statusBar().clearMessage()
        else:
            kinds = sorted({m.kind for m in moves})
            text = f"{square_name(sq)}: " + (", ".join(kinds) + f" ({len(moves)} path"
                                              f"{'s' if len(moves) != 1 else ''})"
                                              if moves else "not reached")
            self.statusBar().showMessage(text)
        if self.pinned is None:   # preview how the piece gets there (a few paths at most)
            self.canvas.set_paths([m.legs for m in moves[:8]])

    def _show_path(self) -> None:
        m = self.debugger.current
        if self.pinned is not None and m is not None:
            self.canvas.set_paths([m.legs], self.debugger.step)
        else:
            self.canvas.set_paths([])
        self.canvas.set_focus(self._traced_squares())

    def _traced_squares(self) -> set | None:
        """While a path is traced, the squares it touches stay bright and the rest is dimmed."""
        m = self.debugger.current
        if self.pinned is None or m is None:
            return None
        return set(m.path) | set(m.removed) | {s for leg in m.legs for s in leg.hopped}

    def _token_hovered(self, offset: int) -> None:
        """Light up on the board the moves of the group the hovered token belongs to."""
        if offset < 0:
            self.canvas.set_focus(self._traced_squares())
            return
        moves = [m for m in self.session.analysis.moves if m.span[0] <= offset < m.span[1]]
        focus = {m.destination for m in moves} | {s for m in moves for s in m.removed}
        self.canvas.set_focus(focus if moves else None)

    # -- toolbar / menu actions ----------------------------------------------------------------
    def set_tool(self, tool: str) -> None:
        self.tool = tool

    def set_side(self, black: bool) -> None:
        self.session.edit("Side to move", side=BLACK if black else WHITE)

    def set_virgin(self, virgin: bool) -> None:
        self.session.edit("Virgin piece", virgin=virgin)

    def clear_probes(self) -> None:
        self.session.edit("Clear probes", probes=(), ep=None)

    def set_safe_palette(self, safe: bool) -> None:
        self.safe_palette = safe
        self.canvas.set_safe_palette(safe)
        self.compare.set_safe_palette(safe)
        self.legend.set_kinds(self.legend.kinds, safe, self.legend.note)

    def _resize_board(self) -> None:
        files, ranks = self.files_box.value(), self.ranks_box.value()
        state = self.session.state
        inside = lambda sq: sq[0] < files and sq[1] < ranks
        origin = state.origin if inside(state.origin) else (min(state.origin[0], files - 1),
                                                            min(state.origin[1], ranks - 1))
        self.pin(None)
        self.session.edit(f"Board {files}x{ranks}", files=files, ranks=ranks, origin=origin,
                          probes=tuple(p for p in state.probes if inside(p[0]) and p[0] != origin),
                          ep=state.ep if state.ep and inside(state.ep) else None,
                          holes=frozenset(h for h in state.holes if inside(h)))

    def switch_dialect(self, dialect: str) -> None:
        """Change the definition's dialect, translating the text when the core can."""
        state = self.session.state
        if dialect == state.dialect:
            return
        text = state.text
        reading = read_definition(text, state.dialect)
        if reading.piece is not None:
            try:
                from ..notation import format_piece
                from ..notation.translate import translate
                text = format_piece(translate(reading.piece, dialect), dialect)
            except (DesignerError, ImportError) as e:   # not translatable: keep the text
                self.statusBar().showMessage(f"Kept the text: {getattr(e, 'message', e)}")
        self.session.edit("Switch dialect", dialect=dialect, text=text)

    def _piece_chosen(self, row: int) -> None:
        if self.variant is not None and 0 <= row < len(self.variant.pieces):
            letter = self.variant.pieces[row].letter
            if letter != self.session.state.letter:
                self.select_piece(letter)

    def open_file(self, path: str | None = None) -> bool:
        """Open a variant file of any readable format (asks about unsaved changes first)."""
        return self.files.open(path)

    def save_file(self, path: str | None = None) -> bool:
        """Save to ``path``, to the open file, or ask for a name."""
        return self.files.save_to(path) if path else self.files.save()

    # -- settings ------------------------------------------------------------------------------
    def restore_settings(self) -> None:
        s = self.settings
        if s is None:
            return
        geometry, layout = s.value("window/geometry"), s.value("window/state")
        if geometry is not None:
            self.restoreGeometry(geometry)
        if layout is not None:
            self.restoreState(layout)
        safe = s.value("board/safePalette", False, type=bool)
        self.acts["safe"].setChecked(safe)

    def save_settings(self) -> None:
        s = self.settings
        if s is None:
            return
        s.setValue("window/geometry", self.saveGeometry())
        s.setValue("window/state", self.saveState())
        s.setValue("board/safePalette", self.safe_palette)
        s.sync()

    def discard_and_close(self) -> None:
        """Close without asking about unsaved changes (headless screenshots, benchmarks)."""
        self.session.undo_stack.setClean()
        self.close()

    def closeEvent(self, event) -> None:
        if not self.files.maybe_save():
            event.ignore()
            return
        self.files.discard_recovery()
        self.save_settings()
        super().closeEvent(event)


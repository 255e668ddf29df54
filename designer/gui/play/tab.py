"""The Play tab in the main window: the view, its controller and the Game menu, wired to the
window's document, status bar, settings and close.

The tab is built when first shown or used (``PlayMode`` in ``_install`` holds its place, the
Game menu and the game keeper until then). While the Play tab is shown, the leg debugger's
Alt+Left/Alt+Right and Escape give way to the game's (the debugger's panel keeps its buttons).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

from PySide6.QtGui import QKeySequence, QPixmap
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QStyle

from ...play import GameLine
from ...vocabulary import BLACK, WHITE, Side
from ..workbench.piece_images import pixmap_for
from .actions import COMPUTER_PLAYS, NAVIGATION, copy_text
from .choice import ask_buttons
from .controller import PlayController
from .new_game import NewGameDialog
from .players import PlayerChoice
from .view import PlayView

if TYPE_CHECKING:   # annotations only: the window imports the Play mode back
    from PySide6.QtGui import QAction

    from ...engines import EngineBook
    from ..window.registry import GameActionName, Registry
    from ..window import MainWindow
    from .keeper import GameKeeper

#: the settings key of more engine programs to look for on PATH (``name`` or ``name:xboard``)
LOOK_FOR = "engines/lookFor"
#: keys the window's other actions hold that the game takes while its tab is shown
SHARED_KEYS = ("Alt+Left", "Alt+Right", "Esc")


class PlayTab:
    """The Play mode's commands on one window."""

    def __init__(self, window: MainWindow, keeper: GameKeeper,
                 acts: Registry[GameActionName, QAction]) -> None:
        self.window = window
        self.doc = window.doc
        self.saved: tuple[GameLine | None, str] | None = None   # the game last saved, where
        self.view = PlayView(window.doc)
        self.keeper = keeper
        self.controller: PlayController = PlayController(self.view, self._ask)
        self.view.set_picture_source(_pictures(window))
        self.acts = acts
        style = self.view.style()
        P = QStyle.StandardPixmap
        icons: tuple[tuple[GameActionName, QStyle.StandardPixmap], ...] = (
            ("new", P.SP_FileIcon), ("first", P.SP_MediaSkipBackward),
            ("back", P.SP_MediaSeekBackward), ("forward", P.SP_MediaSeekForward),
            ("last", P.SP_MediaSkipForward), ("take_back", P.SP_ArrowBack),
            ("flip", P.SP_BrowserReload), ("go", P.SP_MediaPlay),
            ("move_now", P.SP_MediaPause))
        for key, icon in icons:
            if key in ("take_back", "go"):
                self.view.toolbar.addSeparator()
            self.acts[key].setIcon(style.standardIcon(icon))
            self.view.toolbar.addAction(self.acts[key])
        self.view.toolbar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonIconOnly)
        self.view.message.connect(lambda text: window.statusBar().showMessage(text, 10000))
        self.controller.refused.connect(lambda text: text and window.notify(
            "Cannot start the game", text))
        self._shared = [a for a in window.findChildren(type(self.acts["back"]))
                        if a not in self.acts.values() and
                        a.shortcut().toString(QKeySequence.SequenceFormat.PortableText)
                        in SHARED_KEYS]
        window.central_tabs.currentChanged.connect(self._tab_changed)
        self.controller.players_changed.connect(self._players_changed)

    def hand_over(self, side: Side) -> None:
        """Game > Computer plays White / Black: the side to the computer or back to a person
        as the menu item's tick says (the game kept)."""
        self.controller.hand_over(side, self.acts[COMPUTER_PLAYS[side]].isChecked())
        self._players_changed()

    def _players_changed(self) -> None:
        """The Game menu's *Computer plays White/Black* show who plays each side."""
        for side in (WHITE, BLACK):
            self.acts[COMPUTER_PLAYS[side]].setChecked(not self.controller.is_human(side))

    # -- the tab ---------------------------------------------------------------------------------
    def _tab_changed(self, index: int) -> None:
        playing = self.window.central_tabs.widget(index) is self.view
        for act in self._shared:
            act.setEnabled(not playing)
        for key in NAVIGATION:
            self.acts[key].setEnabled(playing)

    def show_play(self) -> None:
        self.window.show_central(self.view)
        self.view.canvas.setFocus()
        if self.doc.game is None:
            self.new_game()

    def _ask(self, title: str, text: str, buttons: list[str], details: str = "") -> str:
        return ask_buttons(self.window, title, text, buttons, details)

    # -- commands --------------------------------------------------------------------------------
    def new_game(self) -> bool:
        """Game > New game: the dialog, then the game (when every player can play it). A game
        with moves that was not saved is offered to be saved first, as Quit does."""
        if not self.may_close():
            return False
        from ...engines.found import find_engines
        from ..engines import EngineStore
        frame = self.view.frame()
        store = EngineStore(self.window.settings)
        book = store.load()
        s = self.window.settings
        extra = s.value(LOOK_FOR, []) if s is not None else []
        found = find_engines(book, [extra] if isinstance(extra, str) else
                             [str(x) for x in extra] if isinstance(extra, list) else [])

        def edit_engines() -> EngineBook | None:
            return store.load() if self.window.edit_engines() else None

        dialog = NewGameDialog(self.doc.variant, book, frame.fen if frame is not None else "",
                               s, self.window, found=found, save_book=store.save,
                               edit_engines=edit_engines)
        if not self.window.files.run_dialog(dialog):
            return False
        start, white, black = dialog.choice()
        self.start(start, white, black)
        # the keys go to the game again (Ctrl+G, the board's Escape) once the dialog is gone
        self.window.activateWindow()
        self.view.canvas.setFocus()
        return True

    def start(self, start: str, white: PlayerChoice, black: PlayerChoice) -> None:
        """A new game from ``start`` between these players, shown in the Play tab."""
        self.window.show_central(self.view)
        flip = white.computer and not black.computer
        if flip != self.view.canvas.flipped:
            self.flip()
        self.controller.start_game(start, white, black)

    def _current(self) -> tuple[int, int] | None:
        """(the ply looked at, the moves in the game) by the document (the view's last answer
        may still be on its way)."""
        r = self.view.replay
        if r is None:
            return None
        ply = self.doc.ply
        return (r.valid if ply is None else min(ply, r.valid)), r.valid

    def first(self) -> None:
        if self.view.replay is not None:
            self.doc.set_ply(0)

    def back(self) -> None:
        here = self._current()
        if here is not None and here[0] > 0:
            self.doc.set_ply(here[0] - 1)

    def forward(self) -> None:
        here = self._current()
        if here is not None and here[0] < here[1]:
            self.doc.set_ply(None if here[0] + 1 >= here[1] else here[0] + 1)

    def last(self) -> None:
        self.doc.set_ply(None)

    def take_back(self) -> None:
        """Take back the last move; against a computer, back to the last position where a
        person was to move (one undo step)."""
        r, line = self.view.replay, self.doc.game
        if r is None or line is None or r.valid == 0:
            return
        if not self.view.shows_game():        # counted on a game that is no longer the one
            self.view.message.emit("The board is catching up with the last change: take "
                                   "back again in a moment.")
            return
        humans = {s for s in (WHITE, BLACK) if self.controller.is_human(s)}
        n = r.valid - 1
        if humans and len(humans) == 1:
            while n > 0 and r.frames[n].turn not in humans:
                n -= 1
            if r.frames[n].turn not in humans:
                n = r.valid - 1
        taken = r.valid - n
        self.doc.set_game(line.cut(n), f"Take back {taken} pl{'ies' if taken != 1 else 'y'}")
        self.doc.set_ply(None)

    def flip(self) -> None:
        self.view.canvas.set_flipped(not self.view.canvas.flipped)
        self.view.redraw()

    def copy_fen(self) -> None:
        frame = self.view.frame()
        if frame is not None:
            copy_text(frame.fen)
            self.window.statusBar().showMessage(f"Copied: {frame.fen}", 8000)

    # -- PGN ---------------------------------------------------------------------------------------
    def open_game(self, path: str | None = None) -> bool:
        """Game > Open game: a PGN game at its last position (its moves in the move list); a
        game of another variant opens with its variant, or is played under this one."""
        from ...errors import DesignerError
        from .records_io import line_of, load
        # the games beside the variant's file, no variant file name filled in
        folder = (os.path.dirname(self.doc.path) if self.doc.path else os.getcwd()) + os.sep
        path = path or self.window.files.choose_path(False, "PGN games (*.pgn);;All files (*)",
                                                     folder)
        if not path:
            return False
        try:
            record = load(path)
        except (DesignerError, OSError, ValueError) as e:
            self.window.notify("Cannot open the game",
                               f"{path}:\n{getattr(e, 'message', None) or e}")
            return False
        name = os.path.basename(path)
        # a file names its variant its own way: the same rules under another name are the
        # window's variant
        if replace(record.variant, name=self.doc.variant.name) != self.doc.variant:
            answer = self._ask("Open the game", f"{name} is a game of {record.variant.name}; "
                               f"the window holds {self.doc.variant.name}.",
                               ["Open the game's variant", "Play it under this variant",
                                "Cancel"])
            if answer == "Cancel":
                return False
            if answer.startswith("Open"):
                if not self.window.files.maybe_save():
                    return False
                self.doc.replace_all(record.variant, None, saved=False)
        line = line_of(record, self.doc.variant)
        self.controller.pause()
        self.doc.set_game(line, f"Open game {name}")
        self.doc.set_ply(None)
        self.saved = (line, path)
        self.window.show_central(self.view)
        return True

    def save_game(self, path: str | None = None) -> bool:
        """Game > Save game as PGN (the moves that are legal now; XBoard opens the file)."""
        from ...errors import DesignerError
        from .records_io import save
        r = self.view.replay
        if r is None or self.doc.game is None or r.line != self.doc.game:
            self.window.notify("No game to save", "Start or open a game first.")
            return False
        proposed = self.saved[1] if self.saved is not None else \
            f"{self.doc.variant.name.lower().replace(' ', '-')}-game.pgn"
        path = path or self.window.files.choose_path(True, "PGN games (*.pgn)", proposed)
        if not path:
            return False
        try:
            written = save(path, r)
        except (DesignerError, OSError, ValueError) as e:
            self.window.notify("Cannot save the game",
                               f"{path}:\n{getattr(e, 'message', None) or e}")
            return False
        self.saved = (self.doc.game, path)
        self.window.statusBar().showMessage("Saved the game: " + ", ".join(
            os.path.basename(p) for p in written), 8000)
        return True

    def copy_pgn(self) -> None:
        from .records_io import pgn_text
        r = self.view.replay
        if r is not None and r.frames:
            copy_text(pgn_text(r))
            self.window.statusBar().showMessage("Copied the game as PGN.", 8000)

    def may_close(self) -> bool:
        """Before the window closes or another variant replaces the game: a game with moves
        that was not saved is offered to be saved (Cancel keeps everything as it is)."""
        line = self.doc.game
        if line is None or not line.moves or (self.saved is not None and
                                              self.saved[0] == line):
            return True
        from ..window.recovery import CANCEL, SAVE
        # the window's own unsaved-work question (Save, Discard, Cancel)
        from ...records import moves_words
        answer = self.window.files.ask(f"The game ({moves_words(len(line.moves))}, {line.white} "
                                       f"against {line.black}) has not been saved as PGN. "
                                       "Save it first?")
        if answer == CANCEL:
            return False
        return self.save_game() if answer == SAVE else True

    def shutdown(self) -> None:
        """The window closes: computer players and their processes end, the rules worker too."""
        self.controller.shutdown()
        self.view.shutdown()


def _pictures(window: MainWindow) -> Callable[[str, Side, int, float], QPixmap | None]:
    def picture(letter: str, side: Side, size: int, dpr: float) -> QPixmap | None:
        doc = window.doc
        base = os.path.dirname(doc.path) if doc.path else None
        return pixmap_for(doc.variant, letter, side, size, dpr, base)
    return picture


__all__ = ["PlayTab"]

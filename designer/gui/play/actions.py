"""The Game menu and the Play tab's toolbar: one set of actions with their shortcuts.

Shortcuts work wherever the user types (the definition editor included), so none is a key an
editor needs: the game's navigation is Alt+arrows (as the leg debugger's, which give way to the
game while the Play tab is shown), take back Ctrl+B, flip Ctrl+Shift+F, computer moves Ctrl+G,
move now Ctrl+M.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QApplication

from ...vocabulary import WHITE, BLACK, Side
from ..window.registry import GameActionName, Registry, game_actions

if TYPE_CHECKING:   # annotations only: the window imports the Play mode back
    from ..window import MainWindow
    from .tab import PlayTab

#: (key, text, shortcut, tooltip) of the game's commands, in menu order (None: a separator)
COMMANDS: tuple[tuple[GameActionName, str, str | None, str] | None, ...] = (
    ("play", "&Play", "F5", "Show the Play tab; start a game when there is none"),
    ("new", "&New game…", "Ctrl+Shift+G",
     "Start a game from the setup or any FEN, against a person, the built-in opponent or an "
     "engine"),
    ("open_game", "&Open game…", None,
     "Open a game from a PGN file (XBoard's or ours) at its last position"),
    ("save_game", "&Save game as PGN…", None,
     "Save the game as PGN, as XBoard reads it (with the variant's options file when XBoard "
     "needs it)"),
    None,
    ("first", "&First position", "Alt+Home", "The start position of the game"),
    ("back", "&Back", "Alt+Left", "One move back"),
    ("forward", "&Forward", "Alt+Right", "One move forward"),
    ("last", "&Last position", "Alt+End", "The position after the last move"),
    None,
    ("take_back", "&Take back", "Ctrl+B",
     "Take back the last move (against a computer: its reply and your move)"),
    ("flip", "F&lip board", "Ctrl+Shift+F", "See the board from the other side"),
    None,
    ("go", "&Computer moves", "Ctrl+G",
     "Let the computer play the side to move (taking it over from a person, the game kept), "
     "and go on playing"),
    ("move_now", "&Move now", "Ctrl+M", "The computer plays its best move so far at once"),
    ("hint", "&Hint", "Ctrl+Shift+H",
     "The move the computer would play for the side to move, with its evaluation"),
    ("white_computer", "Computer plays &White", None,
     "Hand White to the computer, or back to a person, keeping the game"),
    ("black_computer", "Computer plays Blac&k", None,
     "Hand Black to the computer, or back to a person, keeping the game"),
    ("pause", "&Pause the computer", None, "The computer stops playing until Computer moves"),
    ("resign", "&Resign", None, "The side to move gives up the game"),
    None,
    ("copy_fen", "Copy &FEN", None, "Copy the position shown as a FEN"),
    ("copy_pgn", "Copy &PGN", None, "Copy the game as PGN"),
)


#: what each command does on the ``PlayTab``
SLOTS: dict[GameActionName, Callable[[PlayTab], object]] = {
    "play": lambda t: t.show_play(), "new": lambda t: t.new_game(),
    "first": lambda t: t.first(), "back": lambda t: t.back(), "forward": lambda t: t.forward(),
    "last": lambda t: t.last(), "take_back": lambda t: t.take_back(),
    "flip": lambda t: t.flip(), "go": lambda t: t.controller.resume(),
    "move_now": lambda t: t.controller.move_now(), "pause": lambda t: t.controller.pause(),
    "resign": lambda t: t.controller.resign(), "copy_fen": lambda t: t.copy_fen(),
    "open_game": lambda t: t.open_game(), "save_game": lambda t: t.save_game(),
    "copy_pgn": lambda t: t.copy_pgn(), "hint": lambda t: t.controller.hint(),
    "white_computer": lambda t: t.hand_over(WHITE), "black_computer": lambda t: t.hand_over(BLACK)}


#: the game's navigation, enabled only while the Play tab is shown
NAVIGATION: tuple[GameActionName, ...] = ("first", "back", "forward", "last")
#: the command that hands each side to the computer or back
COMPUTER_PLAYS: dict[Side, GameActionName] = {WHITE: "white_computer", BLACK: "black_computer"}


def build_game_actions(window: MainWindow,
                       play: Callable[[], PlayTab]) -> Registry[GameActionName, QAction]:
    """The Game menu of ``window`` (registered as its ``game`` menu); each command acts on
    the ``PlayTab`` that ``play()`` returns (built by the first command that needs it).
    Returns the commands by name."""
    menu = window.menus.add("game", window.menuBar().addMenu("&Game"))
    # before Engines, after Variant
    window.menuBar().insertMenu(window.menus["engines"].menuAction(), menu)
    acts = game_actions()
    for entry in COMMANDS:
        if entry is None:
            menu.addSeparator()
            continue
        key, text, shortcut, tip = entry
        act = QAction(text, window)
        if shortcut:
            act.setShortcut(QKeySequence(shortcut))
        act.setToolTip(tip + (f" ({QKeySequence(shortcut).toString()})" if shortcut else ""))
        act.setStatusTip(tip)
        if key.endswith("_computer"):
            act.setCheckable(True)
        act.triggered.connect(lambda _c=False, f=SLOTS[key]: f(play()))
        menu.addAction(act)
        acts.add(key, act)
    return acts


def copy_text(text: str) -> None:
    clip = QApplication.clipboard()
    if clip is not None:
        clip.setText(text)


def other(side: str) -> str:
    return "black" if side == WHITE else WHITE


__all__ = ["build_game_actions", "COMMANDS", "NAVIGATION", "COMPUTER_PLAYS", "copy_text"]

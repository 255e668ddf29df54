"""The window's commands and menus by name: a typed registry the features add to.

Every command of the main window has a name of its own (``ActionName``), every menu one
(``MenuName``) and the Game menu's commands theirs (``GameActionName``). The window and each
feature put what they build into a ``Registry`` under one of those names, and everything that
needs a command (another feature, the Play tab, the tests) looks it up by name. A name outside
the list is a type error for mypy and a ``NameNotRegistered`` at run time; a name of the list
that no feature registered (a feature that is not installed) is a ``NameNotRegistered`` too,
never a silent None. ``name in registry`` asks without failing.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Generic, Literal, TypeVar, get_args

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMenu

#: the names of the main window's commands, by menu
ActionName = Literal[
    # File (export:<format> for each of formats.registry.FORMATS)
    "new", "open", "save", "save_as", "export:xboard", "export:fsf", "export:xboard-fsf",
    "export:pgn", "export:engine", "export:diagram", "export:svg", "publish_page", "notices",
    "quit",
    # Edit
    "undo", "redo", "edit_definition",
    # Board (and its toolbar)
    "tool:inspect", "tool:friend", "tool:foe", "tool:neutral", "tool:erase", "tool:ep",
    "black", "virgin", "clear",
    # Variant
    "properties", "rules", "probe_from_setup", "add_from_library", "new_piece",
    "duplicate_piece", "delete_piece", "edit_setup", "balance_report", "compare_with",
    # Engines
    "engine_settings",
    # Debugger
    "next_leg", "previous_leg", "next_path", "previous_path", "release_target",
    # View (heat:<mode> for each of balance's heat-map modes)
    "safe", "zoom_in", "zoom_out", "fit", "compare", "heat:moves", "heat:mobility",
    "heat:mobility-here", "heat:distance", "heat:checks", "differences", "values",
    # Help
    "reference", "diagrams", "tour", "about",
]

#: the names of the Game menu's commands (the Play tab's toolbar shows some of them)
GameActionName = Literal[
    "play", "new", "open_game", "save_game", "first", "back", "forward", "last", "take_back",
    "flip", "go", "move_now", "hint", "white_computer", "black_computer", "pause", "resign",
    "copy_fen", "copy_pgn",
]

#: the names of the window's menus (``export``, ``recent`` in File; ``heat``, ``panels`` in View)
MenuName = Literal[
    "file", "export", "recent", "edit", "board", "variant", "game", "engines", "debugger",
    "view", "heat", "panels", "help",
]

ACTION_NAMES: tuple[ActionName, ...] = get_args(ActionName)
GAME_ACTION_NAMES: tuple[GameActionName, ...] = get_args(GameActionName)
MENU_NAMES: tuple[MenuName, ...] = get_args(MenuName)

K = TypeVar("K", bound=str)
V = TypeVar("V")


class NameNotRegistered(LookupError):
    """A command or menu was asked for by a name that is not on the list, or that nothing
    registered."""


class Registry(Generic[K, V]):
    """Qt objects by name: each name of ``names`` at most once, each lookup of a name that
    is not there an error that says which name and what is there."""

    def __init__(self, kind: str, names: Iterable[K]) -> None:
        self.kind = kind                   # "action", "menu": said in the errors
        self.names: tuple[K, ...] = tuple(names)
        self._items: dict[K, V] = {}

    def name(self, text: str) -> K:
        """``text`` as one of the registry's names (for names built from a family, such as
        ``f"export:{fmt}"``); ``NameNotRegistered`` when it is none of them."""
        for known in self.names:
            if known == text:
                return known
        raise NameNotRegistered(f"{text!r} is not the name of a window {self.kind} "
                                f"(see designer/gui/window/registry.py)")

    def add(self, name: K, item: V) -> V:
        """Register ``item`` under ``name`` and return it (a second one under the same name is
        an error: two features would fight over one command)."""
        self.name(name)
        if name in self._items:
            raise ValueError(f"the window {self.kind} {name!r} is registered twice")
        self._items[name] = item
        return item

    def __getitem__(self, name: K) -> V:
        try:
            return self._items[name]
        except KeyError:
            self.name(name)
            raise NameNotRegistered(f"no window {self.kind} {name!r} is registered (the "
                                    f"feature that adds it is not installed)") from None

    def __contains__(self, name: object) -> bool:
        return name in self._items

    def __iter__(self) -> Iterator[K]:
        return iter(self._items)

    def __len__(self) -> int:
        return len(self._items)

    def items(self) -> list[tuple[K, V]]:
        return list(self._items.items())

    def values(self) -> list[V]:
        return list(self._items.values())


def window_actions() -> Registry[ActionName, QAction]:
    """An empty registry of the main window's commands."""
    return Registry("action", ACTION_NAMES)


def game_actions() -> Registry[GameActionName, QAction]:
    """An empty registry of the Game menu's commands."""
    return Registry("Game command", GAME_ACTION_NAMES)


def window_menus() -> Registry[MenuName, QMenu]:
    """An empty registry of the main window's menus."""
    return Registry("menu", MENU_NAMES)


__all__ = ["ActionName", "GameActionName", "MenuName", "NameNotRegistered", "Registry",
           "window_actions", "game_actions", "window_menus", "ACTION_NAMES",
           "GAME_ACTION_NAMES", "MENU_NAMES"]

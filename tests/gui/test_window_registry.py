"""The window's commands and menus are a typed registry: every command the menus show is
registered under its name, every name of the list is there, and a name that is not is an
error that says so (never a silent None)."""

from __future__ import annotations

import pytest

from designer.gui.window.registry import (ACTION_NAMES, GAME_ACTION_NAMES, MENU_NAMES,
                                          NameNotRegistered, Registry)


def test_every_name_of_the_lists_is_registered_in_the_window(window):
    assert sorted(window.acts) == sorted(ACTION_NAMES)
    assert sorted(window.menus) == sorted(MENU_NAMES)
    assert sorted(window.play_mode.acts) == sorted(GAME_ACTION_NAMES)


def test_every_command_of_the_menus_is_registered(window):
    """A feature that put a command into a menu without registering it (or wrote it onto
    the window instead) is found here: the menus hold only registered commands, the
    panels' show/hide toggles and the recent files."""
    registered = set(window.acts.values()) | set(window.play_mode.acts.values())
    docks = {a for a in window.menus["panels"].actions()}
    recent = set(window.menus["recent"].actions())
    menus = {m.menuAction() for m in window.menus.values()}
    stray = []
    for menu in window.menus.values():
        for act in menu.actions():
            if act.isSeparator() or act in registered | docks | recent | menus:
                continue
            stray.append(f"{menu.title()} > {act.text()}")
    assert stray == []


def test_the_menus_keep_their_shortcuts(window):
    """The registry changed where features put their commands, not the keys: the ones the
    documentation and the first-start hint name."""
    keys = {name: window.acts[name].shortcut().toString() for name in
            ("rules", "edit_setup", "balance_report", "values", "heat:distance", "tool:foe",
             "release_target", "fit", "edit_definition", "add_from_library", "new_piece")}
    assert keys == {"rules": "Ctrl+Shift+U", "edit_setup": "Ctrl+Shift+E",
                    "balance_report": "Ctrl+Shift+B", "values": "Ctrl+Shift+V",
                    "heat:distance": "Ctrl+Alt+3", "tool:foe": "Ctrl+3",
                    "release_target": "Esc", "fit": "Ctrl+0", "edit_definition": "Ctrl+L",
                    "add_from_library": "Ctrl+Shift+L", "new_piece": "Ctrl+Shift+N"}
    assert window.play_mode.acts["play"].shortcut().toString() == "F5"
    assert window.play_mode.acts["take_back"].shortcut().toString() == "Ctrl+B"


def test_a_name_nobody_registered_is_a_clear_error(window):
    with pytest.raises(NameNotRegistered, match="'palette:edit'.*not the name"):
        window.acts["palette:edit"]          # type: ignore[index]
    with pytest.raises(NameNotRegistered, match="'toolbar'"):
        window.menus["toolbar"]              # type: ignore[index]
    partial = Registry("action", ACTION_NAMES)
    with pytest.raises(NameNotRegistered, match="no window action 'rules' is registered"):
        partial["rules"]


def test_a_name_registered_twice_is_refused(window):
    from PySide6.QtGui import QAction
    with pytest.raises(ValueError, match="'rules' is registered twice"):
        window.acts.add("rules", QAction("Rules again", window))
    with pytest.raises(NameNotRegistered):
        window.acts.add(window.acts.name("export:docx"), QAction("Word", window))

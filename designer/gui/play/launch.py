"""``variant-designer play``: the window opened on a file, in Play mode, with the command
line's players seated and the game started; a PGN game file opens at that game's end.

It takes a ``designer.launch.PlayStart`` (the command line reads it with
``designer.commands.play.read_start``, whose players are ``PlayerSpec.parse``'s)."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

from ...engines.players import PlayerSpec
from ...engines.settings import EngineSettings
from ...launch import PlayStart
from .players import DEFAULT_MOVETIME_MS, PlayerChoice

if TYPE_CHECKING:   # annotations only: the window imports the Play mode back
    from PySide6.QtCore import QSettings

    from ..window import MainWindow


def choice_for(spec: PlayerSpec, movetime_ms: int | None, depth: int | None) -> PlayerChoice:
    """The window's player for a command-line player."""
    if spec.kind == "builtin":
        return PlayerChoice("builtin", None, movetime_ms, depth)
    if spec.kind == "engine":
        name = os.path.basename(spec.command[0]) or spec.command[0]
        return PlayerChoice("engine", EngineSettings(name, spec.command, spec.protocol,
                                                     movetime_ms, depth), movetime_ms, depth)
    return PlayerChoice()


def build_play_window(start: PlayStart, settings: QSettings | None = None) -> MainWindow:
    """The main window on ``start.file`` with its Play tab shown and the game started (the
    players' engines start in the background)."""
    from ..app import headless, open_variant_file
    from ..window import MainWindow
    window = MainWindow(None, settings, restore=settings is not None)
    try:
        if start.screenshot:
            # nobody answers a dialog: the last section unless --section names one, and an
            # engine that cannot play is not replaced by the built-in opponent unasked
            headless(window, start.section)
            window.play.controller.ask = lambda title, text, buttons: buttons[-1]
            window.play.keeper.ask = lambda text, buttons: buttons[-1]
        elif start.section:
            section = start.section
            window.files.choose_section = lambda path, names: section
        if not open_variant_file(window, start.file):
            raise OSError(f"cannot open {start.file}: no variant chosen")
        window.doc.undo_stack.clear()
        movetime = start.movetime_ms or DEFAULT_MOVETIME_MS
        seated = (choice_for(start.white, movetime, start.depth),
                  choice_for(start.black, movetime, start.depth))
        from .records_io import open_file_game
        if not start.fen and open_file_game(window, start.file):
            # the file is a game: it is shown at its end, the players seated to play on
            # (paused: Game > Computer moves lets a computer move)
            window.play.controller.set_players(*seated)
        else:
            window.play.start(start.fen or window.doc.variant.setup, *seated)
    except BaseException:
        window.dispose()        # else it lives on, its workers running, until exit
        raise
    return window


def run_play(start: PlayStart) -> int:
    """Open the window in Play mode (or render it to ``start.screenshot``)."""
    from ..app import opened_window, run_shown, screenshot
    shot = start.screenshot
    made = opened_window(shot, lambda settings: build_play_window(start, settings),
                         "variant-designer play")
    if made is None:
        return 1
    app, _, window = made
    if shot:
        wait_for_game(window)
        return 0 if screenshot(window, shot, start.size) else 1
    return run_shown(app, window)


def wait_for_game(window: MainWindow, timeout_ms: int = 30_000) -> bool:
    """Run the event loop until the game is set up and shown (screenshots); False on timeout."""
    from PySide6.QtCore import QDeadlineTimer, QEventLoop
    from PySide6.QtWidgets import QApplication
    deadline = QDeadlineTimer(timeout_ms)
    view = window.play.view
    flags = QEventLoop.ProcessEventsFlag
    while window.doc.game is None or view.replay is None or view.busy or \
            view.replay.line != window.doc.game:
        if deadline.hasExpired():
            return False
        QApplication.processEvents(flags.AllEvents | flags.WaitForMoreEvents, 50)
    QApplication.processEvents()
    return True


__all__ = ["build_play_window", "run_play", "choice_for", "wait_for_game"]

"""``variant-designer play``: the window opened on a file, in Play mode, with the command
line's players seated and the game started; a PGN game file opens at that game's end."""

from __future__ import annotations

import argparse
import os
import sys
from typing import TYPE_CHECKING

from ...engines.players import PlayerSpec
from ...engines.settings import EngineSettings
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


def build_play_window(args: argparse.Namespace,
                      settings: QSettings | None = None) -> MainWindow:
    """The main window on ``args.file`` with its Play tab shown and the game started (the
    players' engines start in the background)."""
    from ...commands.play import players
    from ..app import _open, headless
    from ..window import MainWindow
    window = MainWindow(None, settings, restore=settings is not None)
    try:
        if getattr(args, "screenshot", None):
            # nobody answers a dialog: the last section unless --section names one, and an
            # engine that cannot play is not replaced by the built-in opponent unasked
            headless(window, getattr(args, "section", None))
            window.play.controller.ask = lambda title, text, buttons: buttons[-1]
            window.play.keeper.ask = lambda text, buttons: buttons[-1]
        elif getattr(args, "section", None):
            window.files.choose_section = lambda path, names: args.section
        if not _open(window, args.file):
            raise OSError(f"cannot open {args.file}: no variant chosen")
        window.doc.undo_stack.clear()
        white, black = players(args)
        movetime = getattr(args, "movetime", None) or DEFAULT_MOVETIME_MS
        depth = getattr(args, "depth", None)
        seated = choice_for(white, movetime, depth), choice_for(black, movetime, depth)
        from .records_io import open_file_game
        if not getattr(args, "fen", None) and open_file_game(window, args.file):
            # the file is a game: it is shown at its end, the players seated to play on
            # (paused: Game > Computer moves lets a computer move)
            window.play.controller.set_players(*seated)
        else:
            start = getattr(args, "fen", None) or window.doc.variant.setup
            window.play.start(start, *seated)
    except BaseException:
        window.dispose()        # else it lives on, its workers running, until exit
        raise
    return window


def run_play(args: argparse.Namespace) -> int:
    """Open the window in Play mode (or render it to ``args.screenshot``)."""
    from ...errors import DesignerError, user_message
    from ..app import _size, open_app, screenshot, watch
    shot = getattr(args, "screenshot", None)
    opened = open_app(shot)
    if opened is None:
        return 1
    app, settings = opened
    try:
        window = build_play_window(args, settings)
    except (DesignerError, OSError, ValueError) as e:
        print(f"variant-designer play: {user_message(e)}", file=sys.stderr)
        return 1
    if shot:
        wait_for_game(window)
        return 0 if screenshot(window, shot, _size(getattr(args, "size", None))) else 1
    watch(window)
    window.show()
    return int(app.exec())


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

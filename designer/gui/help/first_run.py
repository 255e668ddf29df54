"""The first start: a sample variant with a piece chosen, and a one-line hint of what to try.

On the first start without a file to open (a start on a file, as the README's first command
makes, leaves the tour for later): the Xiangqi sample opens with its Cannon selected, whose hops
show at once how blockers matter, and a dismissable bar above the board walks through the four
things the program does, each with its command and shortcut: designing pieces, playing the
variant, its rules of play, and weighing its balance.
It does not come back by itself once shown (QSettings ``help/firstRunDone``); *Help > Getting
started* shows it again at any time (asking first about unsaved work).
"""

from __future__ import annotations

from html import escape
from pathlib import Path

from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QLabel, QSizePolicy, QToolBar, QToolButton

from ...paths import samples_dir
from typing import TYPE_CHECKING

if TYPE_CHECKING:   # annotations only: the window imports this module
    from ..window import MainWindow

SAMPLE = "xiangqi.ini"
PIECE = "C"
DONE_KEY = "help/firstRunDone"
#: the walk-through, one step a line: (what, how). Every "Menu > Command (shortcut)" names a
#: command of the window with that shortcut (the tests check each).
STEPS = (
    ("Design", "type a piece's moves on the right, right-click squares for blockers, click a "
               "marked square to trace a move; Help > Notation reference (F1) explains the "
               "letters."),
    ("Play", "Game > Play (F5) plays the variant against a person, the built-in opponent or "
             "an engine."),
    ("Rules", "Variant > Rules… (Ctrl+Shift+U) opens the Rules tab: check, castling, "
              "promotion, drops, how the game ends."),
    ("Balance", "View > Piece values (Ctrl+Shift+V) weighs each piece; Variant > Balance "
                "report… (Ctrl+Shift+B) plays self-play games."),
)
HINT = "Try it: " + "\n".join(f"{what}: {how}" for what, how in STEPS)


def sample_path() -> Path:
    """The sample variants ship beside the package (source tree and the packaged app alike)."""
    return samples_dir() / SAMPLE


def is_first_run(settings: QSettings | None) -> bool:
    """Whether the tour has not been shown yet (a window opened on a file does not show it)."""
    return settings is not None and not settings.value(DONE_KEY, False, type=bool)


def start(window: MainWindow, settings: QSettings | None) -> bool:
    """On the first run open the sample and show the hint; True when it did."""
    if not is_first_run(settings):
        return False
    assert settings is not None
    settings.setValue(DONE_KEY, True)
    settings.sync()
    _open_sample(window)
    return True


def tour(window: MainWindow) -> bool:
    """*Help > Getting started*: the first start's sample and hint again (False when the user
    keeps unsaved work instead)."""
    if not window.files.maybe_save():
        return False
    _open_sample(window)
    return True


def _open_sample(window: MainWindow) -> None:
    path = sample_path()
    if path.exists():
        from ...errors import DesignerError
        from ...formats.registry import read_any
        try:
            # a new, untitled document: nothing of the user's to save or undo yet
            window.load_variant(read_any(str(path)), PIECE)
        except (DesignerError, OSError):
            pass   # the hint still helps on the default piece
    old = window.help_menu.hint
    if old is not None:
        old.show()
        return
    show_hint(window)


def show_hint(window: MainWindow) -> QToolBar:
    """The dismissable one-line bar above the board."""
    bar = QToolBar("Getting started", window)
    bar.setObjectName("FirstRunHint")
    bar.setMovable(False)
    label = QLabel("<table cellspacing=1>" + "".join(
        f"<tr><td><b>{what}</b>&nbsp;&nbsp;</td><td>{escape(how)}</td></tr>"
        for what, how in STEPS) + "</table>")
    label.setObjectName("FirstRunHintText")
    label.setTextFormat(Qt.TextFormat.RichText)
    label.setWordWrap(True)
    # as wide as the window allows: a narrow wrapped label would take the board's height
    label.setMinimumWidth(min(900, max(400, window.width() - 160)))
    label.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
    label.setAccessibleDescription(HINT)
    label.setStyleSheet("padding: 3px 8px;")
    bar.addWidget(label)
    close = QToolButton()
    close.setText("Got it")
    close.setToolTip("Hide this hint (it is not shown again)")
    close.clicked.connect(bar.hide)
    bar.addWidget(close)
    window.addToolBarBreak(Qt.ToolBarArea.TopToolBarArea)
    window.addToolBar(Qt.ToolBarArea.TopToolBarArea, bar)
    window.help_menu.hint, window.help_menu.hint_close = bar, close
    return bar

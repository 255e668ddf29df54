"""Starting the window from the command line, and headless screenshots.

``variant-designer [FILE] [--betza TEXT] [--dialect D] [--select PIECE]`` opens the window;
with ``--screenshot OUT.png [--size WxH]`` it renders the window offscreen, writes the PNG and
exits (0 on success). Optional attributes a caller may set on ``args`` to stage a scene (used by
``designer.gui.screenshots`` for the README pictures): ``board`` ("12x12"), ``origin`` ("d4"),
``probes`` (["foe:e5", "friend:c3=P", "neutral:d6"], relative to the side to move), ``side``,
``target`` (square the debugger traces), ``path`` (which of the paths to it), ``step`` (legs
shown), ``compare`` (("A", "B") shown in the compare panel), ``safe`` (palette).

Before Qt starts on Linux, ``qt_platform.diagnosis`` checks that the X11 plugin's libraries are
there and names the packages to install when they are not (Qt's own message names the wrong one).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any, TypeVar

from ..paths import resources_dir
from ..vocabulary import BETZA2, BEX, BLACK, WHITE, XBETZA, Dialect, Side, other_side, \
    parse_dialect, parse_side
from ..variant.probes import NEUTRAL, Probe, ProbeColour
from ..errors import user_message

if TYPE_CHECKING:   # annotations only: Qt and the window load when the app starts
    import argparse

    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication

    from ..variant.model import Variant
    from .window import MainWindow

T = TypeVar("T")
DEFAULT_PROBES: tuple[Probe, ...] = (((4, 4), BLACK, ""), ((5, 5), BLACK, ""), ((2, 4), WHITE, ""))
LION = "KNADcaKmcabK"   # the Chu Shogi Lion: every feature of the board at once
# The same Lion in Bex (its moves are LION's: tests/gui/test_editor_bex.py): capture, then a
# king step in any direction, or a step to an empty square and back.
LION_BEX = "KNAD(cK--K)(mK-[xo])"


def _size(text: str | None) -> tuple[int, int]:
    if not text:
        return 1400, 900
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise SystemExit(f"--size wants WIDTHxHEIGHT, e.g. 1400x900, not {text!r}")
    return max(200, w), max(150, h)


def make_app() -> QApplication:
    """The QApplication (created once, named so QSettings finds its place)."""
    from PySide6.QtWidgets import QApplication
    existing = QApplication.instance()
    app = existing if isinstance(existing, QApplication) else QApplication(sys.argv[:1])
    app.setOrganizationName("VariantDesigner")
    app.setApplicationName("Variant Designer")
    icon = resources_dir() / "icons" / "variant-designer.svg"
    if icon.exists():   # running from the source tree (the README's install is editable)
        from PySide6.QtGui import QIcon
        app.setWindowIcon(QIcon(str(icon)))
    return app


def _word(parse: Callable[[object], T], value: object, option: str) -> T:
    """A command-line word as the vocabulary's (``ValueError`` naming the option)."""
    try:
        return parse(value)
    except ValueError as e:
        raise ValueError(f"{option}: {e}") from None


def _dialect(args: argparse.Namespace) -> Dialect | None:
    value = getattr(args, "dialect", None)
    return _word(parse_dialect, value, "--dialect") if value else None


def _probe_colour(role: str, side: Side) -> ProbeColour:
    """``friend``/``foe``/``neutral`` seen from ``side``, or an absolute ``white``/``black``."""
    if role == "friend":
        return side
    if role == "foe":
        return other_side(side)
    if role == NEUTRAL:
        return NEUTRAL
    return _word(parse_side, role, "--probes (friend, foe, neutral or a side)")


def _letter(select: str | None) -> str:
    from ..variant.model import LETTER_RE
    letter = (select or "").strip()
    letter = letter[:1].upper() + letter[1:]
    return letter if LETTER_RE.match(letter) else "X"


def start_variant(args: argparse.Namespace) -> Variant | None:
    """The variant the window starts with: the file, or one piece on an 8x8 board."""
    from ..variant.model import PieceType, Variant
    dialect = _dialect(args) or XBETZA
    if getattr(args, "file", None):
        return None
    text = getattr(args, "betza", None)
    if text:
        piece = PieceType(_letter(getattr(args, "select", None)), "", text, dialect)
    elif dialect == BEX:   # the translator writes no Bex: the Lion as Bex writes it
        piece = PieceType("L", "Lion", LION_BEX, BEX)
    else:
        piece = PieceType("L", "Lion", LION)
    return Variant(name="Untitled", pieces=(piece,))


def build_window(args: argparse.Namespace, settings: QSettings | None = None,
                 restore: bool = True) -> MainWindow:
    """The main window set up as ``args`` ask (file, definition, selection, staged scene)."""
    from .window import MainWindow

    # the command line's words become the vocabulary's before any window is built
    dialect = _dialect(args)
    side = _word(parse_side, args.side, "--side") if getattr(args, "side", None) else None
    compare = getattr(args, "compare", None)
    compared = [_word(parse_dialect, d, "--compare") for d in compare[2:4]] if compare else []
    window = MainWindow(start_variant(args), settings, restore)
    try:
        _set_up(window, args, dialect, side, compared)
    except BaseException:
        window.dispose()        # else it lives on, its rules worker running, until exit
        raise
    return window


def _set_up(window: MainWindow, args: argparse.Namespace, dialect: Dialect | None,
            side: Side | None, compared: list[Dialect]) -> None:
    """Put the file, definition, scene and panels the command line names into ``window``."""
    from ..engine import parse_square
    compare = getattr(args, "compare", None)
    doc, view = window.doc, window.view
    if getattr(args, "screenshot", None):   # nobody to answer a dialog
        headless(window, getattr(args, "section", None))
    if getattr(args, "file", None):
        if not _open(window, args.file):
            raise OSError(f"cannot open {args.file}: no variant chosen")
        from .play.records_io import open_file_game
        open_file_game(window, args.file)        # a PGN game: shown at its end
        if getattr(args, "select", None):
            doc.select(args.select)
        piece = doc.piece()
        if getattr(args, "betza", None) and piece is not None:
            doc.set_notation(piece.letter, args.betza, dialect or piece.dialect, merge=False)
    elif dialect == BETZA2 and not getattr(args, "betza", None):
        window.switch_dialect(BETZA2)   # the default piece, translated
    if getattr(args, "board", None):
        files, ranks = (int(v) for v in args.board.lower().split("x"))
        doc.resize(files, ranks)
    files, ranks = doc.variant.files, doc.variant.ranks
    board = doc.probe_board()
    if not getattr(args, "file", None) and not getattr(args, "betza", None) \
            and getattr(args, "probes", None) is None:
        board = replace(board, pieces=DEFAULT_PROBES)
    if side is not None:
        board = replace(board, side=side)
    if getattr(args, "origin", None):
        board = board.moved_to(parse_square(args.origin, files, ranks))
    if getattr(args, "probes", None) is not None:
        board = replace(board, pieces=())
        for item in args.probes:
            role, _, square = item.partition(":")
            square, _, letter = square.partition("=")
            colour = _probe_colour(role, board.side)
            board = board.with_probe(parse_square(square, files, ranks), colour, letter)
    if doc.piece() is not None and board != doc.probe_board():
        doc.set_probe_board(board, "Scene")
    if getattr(args, "safe", False):
        window.acts["safe"].setChecked(True)
    if compare:
        a, b = compare[:2]
        da, db = (compared + [XBETZA, XBETZA])[:2]
        window.compare.set_texts(a, b, da, db)
        window.compare_dock.show()
        window.compare_dock.raise_()
        window.staged_compare = True
    doc.undo_stack.clear()   # what the command line set up is not an edit to undo
    if getattr(args, "target", None):
        wait_for_answers(window)
        view.pin(parse_square(args.target, files, ranks))
        if getattr(args, "path", None) is not None:
            window.debugger.choose(int(args.path))
        if getattr(args, "step", None):
            window.debugger.set_step(int(args.step))


def headless(window: MainWindow, section: str | None = None) -> None:
    """Nobody answers a dialog in this run (a screenshot): a Fairy-Stockfish file's section
    is ``section`` or else its last one (said on stderr, with how to pick another), notices
    go to stderr, and every question gets its "no" (nothing is saved, replaced or chosen)
    instead of waiting for ever on a window nobody sees."""
    from .window.recovery import CANCEL

    def say(title: str, text: str) -> None:
        print(f"variant-designer: {title}: {text}", file=sys.stderr)

    def choose(path: str, names: list[str]) -> str:
        if section is not None:
            return section
        print(f"variant-designer: {os.path.basename(path)} defines {len(names)} variants: "
              f"showing the last, {names[-1]!r} (--section NAME picks another)",
              file=sys.stderr)
        return names[-1]

    files = window.files
    files.choose_section = choose
    files.notify = say
    files.ask = lambda text, recovery=False: CANCEL
    files.offer_save_as = lambda title, text: False
    files.choose_path = lambda saving, filters, proposed=None: ""
    files.run_dialog = lambda dialog: False
    window.notify = say


def _open(window: MainWindow, path: str) -> bool:
    """Open ``path`` into the window, raising the reader's error (the command line shows it)."""
    variant, fmt, section, notes = window.files._read(path)
    if variant is None:
        return False
    window.doc.replace_all(variant, path, fmt, section)
    for note in notes:           # how the file was read (edited by hand, old line ends ...)
        print(f"variant-designer: note: {note}", file=sys.stderr)
    if notes:
        window.statusBar().showMessage(f"{os.path.basename(path)}: {notes[0].reason}"
                                       + (f" (and {len(notes) - 1} more notes: see the "
                                          "terminal)" if len(notes) > 1 else ""), 30000)
    return True


def wait_for_answers(window: MainWindow, timeout_ms: int = 10_000) -> bool:
    """Let the event loop run until the board's and the compare view's workers have answered
    (screenshots and benchmarks want the finished picture); False on timeout."""
    from PySide6.QtCore import QDeadlineTimer, QEventLoop
    from PySide6.QtWidgets import QApplication
    deadline = QDeadlineTimer(timeout_ms)
    while window.view.analyst.busy or (window.compare.isVisible() and window.compare.busy):
        if deadline.hasExpired():
            return False
        flags = QEventLoop.ProcessEventsFlag
        QApplication.processEvents(flags.AllEvents | flags.WaitForMoreEvents, 50)
    QApplication.processEvents()
    return True


def screenshot(window: MainWindow, out: str, size: tuple[int, int]) -> bool:
    """Render ``window`` at ``size`` into the PNG ``out``."""
    from PySide6.QtWidgets import QApplication
    window.resize(*size)
    window.show()
    QApplication.processEvents()
    if getattr(window, "staged_compare", False):   # give the compared boards room
        from PySide6.QtCore import Qt
        window.editor_dock.hide()
        QApplication.processEvents()
        window.resizeDocks([window.compare_dock], [int(size[0] * 0.45)], Qt.Orientation.Horizontal)
        QApplication.processEvents()
        window.compare.recompute()
    window.editor.refresh_details()
    wait_for_answers(window)
    ok = window.grab().save(out, "PNG")
    window.dispose()
    return bool(ok)


def _excepthook(window_ref: Callable[[], MainWindow | None]) -> Callable[..., None]:
    """Unexpected errors in a slot are shown in the status bar and printed, never fatal."""
    previous = sys.excepthook

    def hook(kind: type[BaseException], value: BaseException, tb: Any) -> None:
        previous(kind, value, tb)
        window = window_ref()
        if window is not None:
            try:
                window.statusBar().showMessage(f"Internal error: {kind.__name__}: {value}", 15000)
            except RuntimeError:
                pass
    return hook


def open_app(shot: str | None) -> tuple[QApplication, QSettings | None] | None:
    """The application and the settings of a run (none for a screenshot, which runs
    offscreen), or None when the display cannot work here (the reason is printed)."""
    if shot and "QT_QPA_PLATFORM" not in os.environ:
        os.environ["QT_QPA_PLATFORM"] = "offscreen"
    if not shot:
        from .qt_platform import diagnosis
        problem = diagnosis()
        if problem:
            print(f"variant-designer: {problem}", file=sys.stderr)
            return None
    app = make_app()
    from PySide6.QtCore import QSettings
    return app, (None if shot else QSettings())


def watch(window: MainWindow) -> None:
    """Unexpected errors in the window's slots go to its status bar, never end the app."""
    import weakref
    sys.excepthook = _excepthook(weakref.ref(window))


def run_gui(args: argparse.Namespace) -> int:
    """Open the window (or render it to ``args.screenshot``); the process exit code."""
    shot = getattr(args, "screenshot", None)
    opened = open_app(shot)
    if opened is None:
        return 1
    app, settings = opened

    from ..errors import DesignerError
    try:
        window = build_window(args, settings, restore=not shot)
    except (DesignerError, OSError, ValueError) as e:
        print(f"variant-designer: {user_message(e)}", file=sys.stderr)
        return 1
    if shot:
        if not screenshot(window, shot, _size(getattr(args, "size", None))):
            print(f"variant-designer: could not write {shot}", file=sys.stderr)
            return 1
        return 0
    if not getattr(args, "file", None) and not getattr(args, "betza", None):
        from .help.first_run import start as first_run
        first_run(window, settings)   # a sample and a hint on the very first start
    watch(window)
    window.show()
    from PySide6.QtCore import QTimer
    QTimer.singleShot(0, window.files.offer_recovery)   # work a crash left behind
    QTimer.singleShot(0, window.play_mode.keeper.offer)      # a game a crash left behind
    return int(app.exec())

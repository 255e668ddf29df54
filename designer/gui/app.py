"""Starting the window from the command line, and headless screenshots.

``run_gui(start)`` opens the window on a ``designer.launch.WindowStart`` (the command line's
``variant-designer [FILE] [--betza TEXT] [--dialect D] [--select PIECE]``, read by
``designer.cli``); with ``start.screenshot`` it renders the window offscreen at
``start.size``, writes the PNG and exits (0 on success). ``start.scene`` stages a scene (used
by ``designer.gui.screenshots`` for the README pictures): board size, where the piece stands,
the probes (friend/foe relative to the side to move, or neutral), the side to move, the
square the debugger traces with its path and step, two definitions in the compare panel, the
palette.

Before Qt starts on Linux, ``qt_platform.diagnosis`` checks that the X11 plugin's libraries are
there and names the packages to install when they are not (Qt's own message names the wrong one).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from ..launch import WindowStart
from ..paths import resources_dir
from ..vocabulary import BETZA2, BEX, BLACK, WHITE, XBETZA, Side, other_side, parse_side
from ..variant.probes import NEUTRAL, Probe, ProbeColour
from ..errors import user_message

if TYPE_CHECKING:   # annotations only: Qt and the window load when the app starts
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication

    from ..variant.model import Variant
    from .window import MainWindow

DEFAULT_PROBES: tuple[Probe, ...] = (((4, 4), BLACK, ""), ((5, 5), BLACK, ""), ((2, 4), WHITE, ""))
LION = "KNADcaKmcabK"   # the Chu Shogi Lion: every feature of the board at once
# The same Lion in Bex (its moves are LION's: tests/gui/test_editor_bex.py): capture, then a
# king step in any direction, or a step to an empty square and back.
LION_BEX = "KNAD(cK--K)(mK-[xo])"


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


def _probe_colour(role: str, side: Side) -> ProbeColour:
    """``friend``/``foe``/``neutral`` seen from ``side``, or an absolute ``white``/``black``."""
    if role == "friend":
        return side
    if role == "foe":
        return other_side(side)
    if role == NEUTRAL:
        return NEUTRAL
    return parse_side(role)      # a side: checked with the words (launch.ProbeWord)


def _letter(select: str | None) -> str:
    from ..variant.model import LETTER_RE
    letter = (select or "").strip()
    letter = letter[:1].upper() + letter[1:]
    return letter if LETTER_RE.match(letter) else "X"


def start_variant(start: WindowStart) -> Variant | None:
    """The variant the window starts with: the file, or one piece on an 8x8 board."""
    from ..variant.model import PieceType, Variant
    dialect = start.dialect or XBETZA
    if start.file:
        return None
    if start.betza:
        piece = PieceType(_letter(start.select), "", start.betza, dialect)
    elif dialect == BEX:   # the translator writes no Bex: the Lion as Bex writes it
        piece = PieceType("L", "Lion", LION_BEX, BEX)
    else:
        piece = PieceType("L", "Lion", LION)
    return Variant(name="Untitled", pieces=(piece,))


def build_window(start: WindowStart, settings: QSettings | None = None,
                 restore: bool = True) -> MainWindow:
    """The main window set up as ``start`` asks (file, definition, selection, staged
    scene)."""
    from .window import MainWindow
    window = MainWindow(start_variant(start), settings, restore)
    try:
        _set_up(window, start)
    except BaseException:
        window.dispose()        # else it lives on, its rules worker running, until exit
        raise
    return window


def _set_up(window: MainWindow, start: WindowStart) -> None:
    """Put the file, definition, scene and panels ``start`` names into ``window``."""
    from ..engine import parse_square
    doc, view, scene = window.doc, window.view, start.scene
    if start.screenshot:   # nobody to answer a dialog
        headless(window, start.section)
    if start.file:
        if not open_variant_file(window, start.file):
            raise OSError(f"cannot open {start.file}: no variant chosen")
        from .play.records_io import open_file_game
        open_file_game(window, start.file)        # a PGN game: shown at its end
        if start.select:
            doc.select(start.select)
        piece = doc.piece()
        if start.betza and piece is not None:
            doc.set_notation(piece.letter, start.betza, start.dialect or piece.dialect,
                             merge=False)
    elif start.dialect == BETZA2 and not start.betza:
        window.switch_dialect(BETZA2)   # the default piece, translated
    if scene.board is not None:
        doc.resize(*scene.board)
    files, ranks = doc.variant.files, doc.variant.ranks
    board = doc.probe_board()
    if not start.file and not start.betza and scene.probes is None:
        board = replace(board, pieces=DEFAULT_PROBES)
    if scene.side is not None:
        board = replace(board, side=scene.side)
    if scene.origin:
        board = board.moved_to(parse_square(scene.origin, files, ranks))
    if scene.probes is not None:
        board = replace(board, pieces=())
        for probe in scene.probes:
            colour = _probe_colour(probe.role, board.side)
            board = board.with_probe(parse_square(probe.square, files, ranks), colour,
                                     probe.letter)
    if doc.piece() is not None and board != doc.probe_board():
        doc.set_probe_board(board, "Scene")
    if scene.safe:
        window.acts["safe"].setChecked(True)
    if scene.compare is not None:
        c = scene.compare
        window.compare.set_texts(c.first, c.second, c.first_dialect, c.second_dialect)
        window.compare_dock.show()
        window.compare_dock.raise_()
        window.staged_compare = True
    doc.undo_stack.clear()   # what the command line set up is not an edit to undo
    if scene.target:
        wait_for_answers(window)
        view.pin(parse_square(scene.target, files, ranks))
        if scene.path is not None:
            window.debugger.choose(scene.path)
        if scene.step:
            window.debugger.set_step(scene.step)


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


def open_variant_file(window: MainWindow, path: str) -> bool:
    """Open ``path`` into the window, raising the reader's error (the command line shows it,
    where the File menu would show a dialog); False when no section was chosen."""
    variant, fmt, section, notes = window.files.read(path)
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
    if window.staged_compare:   # give the compared boards room
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


def opened_window(shot: str | None, build: Callable[[QSettings | None], MainWindow],
                  prog: str) -> tuple[QApplication, QSettings | None, MainWindow] | None:
    """The application, the run's settings and the window ``build(settings)`` makes, or None
    when either cannot be made (the reason printed after ``prog``): the start every window of
    a run shares."""
    opened = open_app(shot)
    if opened is None:
        return None
    app, settings = opened
    from ..errors import DesignerError
    try:
        return app, settings, build(settings)
    except (DesignerError, OSError, ValueError) as e:
        print(f"{prog}: {user_message(e)}", file=sys.stderr)
        return None


def run_shown(app: QApplication, window: MainWindow, *first: Callable[[], object]) -> int:
    """Show ``window`` and run the application until it quits (the exit code): the end every
    window of a run shares. Errors in its slots go to its status bar (``watch``); ``first``
    run once the event loop is up, then start-up's objects are set aside (``settle``)."""
    watch(window)
    window.show()
    from PySide6.QtCore import QTimer
    for step in first:
        QTimer.singleShot(0, step)
    QTimer.singleShot(0, settle)          # start-up's objects out of the collector's way
    return int(app.exec())


_settled = False


def settle() -> None:
    """The window is up: what start-up made (the modules, the window's widgets and their Python
    side, the first variant's caches) lives as long as the process, so it moves into the
    collector's permanent generation (``gc.freeze``). A full collection then walks only what
    came after it. A collection holds the interpreter lock however short the thread that
    triggers it: one in a worker thread (a Chu game replayed builds tens of thousands of
    objects) walked the whole start-up heap for tens of milliseconds, and the UI thread
    waited for it. Once per process (objects frozen are never collected: a window opened
    later is not frozen, so closing it frees it)."""
    global _settled
    if not _settled:
        import gc
        _settled = True
        gc.freeze()


def run_gui(start: WindowStart) -> int:
    """Open the window (or render it to ``start.screenshot``); the process exit code."""
    shot = start.screenshot
    made = opened_window(shot, lambda settings: build_window(start, settings, restore=not shot),
                         "variant-designer")
    if made is None:
        return 1
    app, settings, window = made
    if shot:
        if not screenshot(window, shot, start.size):
            print(f"variant-designer: could not write {shot}", file=sys.stderr)
            return 1
        return 0
    if not start.file and not start.betza:
        from .help.first_run import start as first_run
        first_run(window, settings)   # a sample and a hint on the very first start
    return run_shown(app, window, window.files.offer_recovery,   # work a crash left behind
                     window.play_mode.keeper.offer)                # a game a crash left behind

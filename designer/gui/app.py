"""Starting the window from the command line, and headless screenshots.

``variant-designer [FILE] [--betza TEXT] [--dialect D] [--select PIECE]`` opens the window;
with ``--screenshot OUT.png [--size WxH]`` it renders the window offscreen, writes the PNG and
exits (0 on success). Optional attributes a caller may set on ``args`` to stage a scene (used by
``designer.gui.screenshots`` for the README pictures): ``origin`` ("d4"), ``probes``
(["foe:e5", "friend:c3", "neutral:d6"]), ``side``, ``target`` (square the debugger traces),
``path`` (which of the paths to it), ``step`` (legs shown), ``compare`` (("A", "B") shown in the compare panel), ``safe`` (palette).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from ..notation import BETZA2, XBETZA

DEFAULT_PROBES = (((4, 4), "foe", ""), ((5, 5), "foe", ""), ((2, 4), "friend", ""))


def _size(text: str | None) -> tuple[int, int]:
    if not text:
        return 1400, 900
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise SystemExit(f"--size wants WIDTHxHEIGHT, e.g. 1400x900, not {text!r}")
    return max(200, w), max(150, h)


def make_app():
    """The QApplication (created once, named so QSettings finds its place)."""
    from PySide6.QtWidgets import QApplication
    app = QApplication.instance() or QApplication(sys.argv[:1])
    app.setOrganizationName("VariantDesigner")
    app.setApplicationName("Variant Designer")
    icon = Path(__file__).resolve().parents[2] / "resources" / "icons" / "variant-designer.svg"
    if icon.exists():   # running from the source tree (the README's install is editable)
        from PySide6.QtGui import QIcon
        app.setWindowIcon(QIcon(str(icon)))
    return app


def build_window(args, settings=None, restore: bool = True):
    """The main window set up as ``args`` ask (file, definition, selection, staged scene)."""
    from ..engine import parse_square
    from . import variant_loading
    from .main_window import MainWindow
    from .session import BoardState

    dialect = {"xbetza": XBETZA, "betza2": BETZA2, None: None}.get(getattr(args, "dialect", None),
                                                                    getattr(args, "dialect", None))
    state = BoardState(probes=DEFAULT_PROBES)
    if getattr(args, "betza", None):
        state = BoardState(text=args.betza, dialect=dialect or XBETZA,
                           letter=(getattr(args, "select", None) or "?")[:2], name="")
    window = MainWindow(state, settings, restore)
    if dialect and not getattr(args, "betza", None) and not getattr(args, "file", None):
        window.switch_dialect(dialect)   # the default piece, translated
    if getattr(args, "file", None):
        variant = variant_loading.load(args.file)
        window.load_variant(variant, getattr(args, "select", None), path=args.file)
        if getattr(args, "betza", None):
            window.session.edit("Definition from the command line", text=args.betza,
                                dialect=dialect or window.session.state.dialect)
    s = window.session
    files, ranks = s.state.files, s.state.ranks
    if getattr(args, "board", None):
        files, ranks = (int(v) for v in args.board.lower().split("x"))
        s.edit("Board size", files=files, ranks=ranks,
               origin=(min(s.state.origin[0], files - 1), min(s.state.origin[1], ranks - 1)))
    if getattr(args, "origin", None):
        s.edit("Move piece", origin=parse_square(args.origin, files, ranks))
    if getattr(args, "probes", None) is not None:
        probes = []
        for item in args.probes:
            role, _, square = item.partition(":")
            square, _, letter = square.partition("=")
            probes.append((parse_square(square, files, ranks), role, letter))
        s.edit("Probes", probes=tuple(sorted(probes)))
    if getattr(args, "side", None):
        s.edit("Side to move", side=args.side)
    if getattr(args, "safe", False):
        window.acts["safe"].setChecked(True)
    if getattr(args, "compare", None):
        a, b = args.compare[:2]
        da, db = (list(args.compare[2:4]) + [XBETZA, XBETZA])[:2]
        window.compare.set_texts(a, b, da, db)
        window.compare_dock.show()
        window.compare_dock.raise_()
        window.staged_compare = True
    if getattr(args, "target", None):
        window.pin(parse_square(args.target, files, ranks))
        if getattr(args, "path", None) is not None:
            window.debugger.choose(int(args.path))
        if getattr(args, "step", None):
            window.debugger.set_step(int(args.step))
    window.session.undo_stack.clear()   # what the command line set up is not an edit to undo
    return window


def screenshot(window, out: str, size: tuple[int, int]) -> bool:
    """Render ``window`` at ``size`` into the PNG ``out``."""
    from PySide6.QtWidgets import QApplication
    window.resize(*size)
    window.show()
    QApplication.processEvents()
    if getattr(window, "staged_compare", False):   # give the compared boards room
        from PySide6.QtCore import Qt
        window.editor_dock.hide()
        QApplication.processEvents()
        window.resizeDocks([window.compare_dock], [int(size[0] * 0.45)], Qt.Horizontal)
        QApplication.processEvents()
    window.editor.refresh_details()
    QApplication.processEvents()
    ok = window.grab().save(out, "PNG")
    window.discard_and_close()
    return bool(ok)


def run_gui(args) -> int:
    """Open the window (or render it to ``args.screenshot``); the process exit code."""
    shot = getattr(args, "screenshot", None)
    if shot and "QT_QPA_PLATFORM" not in os.environ:
        os.environ["QT_QPA_PLATFORM"] = "offscreen"
    app = make_app()
    from PySide6.QtCore import QSettings

    from ..notation.errors import DesignerError
    settings = None if shot else QSettings()
    try:
        window = build_window(args, settings, restore=not shot)
    except (DesignerError, OSError, ValueError) as e:
        print(f"variant-designer: {getattr(e, 'message', None) or e}", file=sys.stderr)
        return 1
    if shot:
        if not screenshot(window, shot, _size(getattr(args, "size", None))):
            print(f"variant-designer: could not write {shot}", file=sys.stderr)
            return 1
        return 0
    if not getattr(args, "file", None) and not getattr(args, "betza", None):
        from .first_run import start as first_run
        first_run(window, settings)   # a sample and a hint on the very first start
    window.show()
    from PySide6.QtCore import QTimer
    QTimer.singleShot(0, window.files.offer_recovery)   # work a crash left behind
    return int(app.exec())

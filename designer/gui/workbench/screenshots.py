"""Re-make the README pictures of the piece palette and the setup editor:
``python -m designer.gui.workbench.screenshots [OUT_DIR]``.

Each scene opens the window offscreen at a common screen size, stages the variant with the same
calls the widgets make, and saves the window (or the library dialog). The "from nothing" scene
builds the variant the window test ``test_variant_from_nothing`` builds through the widgets.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:   # annotations only: Qt loads when the pictures are made
    from PySide6.QtWidgets import QApplication, QWidget

    from ...variant.model import Variant
    from ..window import MainWindow
    from .setup_editor import SetupEditor

ROOT = Path(__file__).resolve().parents[2]
SERGEANTS = {(0, 0): "C", (1, 0): "S", (5, 0): "K", (8, 0): "S", (9, 0): "C",
             (2, 1): "S", (3, 1): "S", (4, 1): "S", (5, 1): "S", (6, 1): "S", (7, 1): "S"}


def _window(variant: Variant, size: tuple[int, int], path: str | None = None) -> MainWindow:
    from ..window import MainWindow
    w = MainWindow(variant, None, restore=False)
    w.doc.path = path
    w.resize(*size)
    w.show()
    return w


def _setup(w: MainWindow) -> SetupEditor:
    assert w.setup_editor is not None   # the workbench is installed when the window is built
    return w.setup_editor


def _settle(app: QApplication, ms: int = 500) -> None:
    from PySide6.QtCore import QEventLoop, QTimer
    loop = QEventLoop()
    QTimer.singleShot(ms, loop.quit)
    loop.exec()
    app.processEvents()


def capablanca(size: tuple[int, int]) -> QWidget:
    """Capablanca chess on the Setup tab, the Archbishop chosen in the palette."""
    from ...formats.registry import read_any
    path = str(ROOT / "variants" / "capablanca.ini")
    w = _window(read_any(path), size, path)
    w.doc.select("A")
    w.show_central(_setup(w))
    return w


def shogi(size: tuple[int, int]) -> QWidget:
    """Shogi with pieces in hand (a game under way: each side has captured something)."""
    from ...formats.registry import read_any
    from ...variant import setup_tools as T
    from ...variant.aspects import HOLDINGS
    path = str(ROOT / "variants" / "shogi.ini")
    w = _window(read_any(path), size, path)
    v = w.doc.variant
    for tok, n in (("P", 2), ("S", 1), ("p", 1), ("b", 1)):
        v = T.with_hand_count(v, tok, n)
    w.doc.edit("Pieces in hand", v, frozenset({HOLDINGS}))
    w.doc.select("S")
    w.show_central(_setup(w))
    _setup(w).sides.show_box(_setup(w).holdings)
    return w


def from_nothing(size: tuple[int, int]) -> QWidget:
    """The 10x10 variant built from an empty board: a library Chancellor, an own Sergeant
    promoting to it in two ranks, a royal Emperor; Black mirrored; castling both sides."""
    from dataclasses import replace

    from ...variant import setup_tools as T
    from ...variant.aspects import HOLDINGS
    from ...variant.catalogue import search
    from ...variant.fen import empty_fen
    from ...variant.model import PieceType, Variant
    from ...variant.edits import placed
    v = Variant(name="Sergeants Ten", files=10, ranks=10, setup=empty_fen(10, 10), pieces=(
        search("Chancellor")[0].piece_type("C"),
        PieceType("S", "Sergeant", "fmWfcF", promotions=("C",), promotion_zone=2),
        PieceType("K", "Emperor", "K", royal=True)))
    for sq, letter in SERGEANTS.items():
        v = placed(v, sq, letter)
    v = T.mirrored_for_black(T.with_right(T.with_right(v, "K", True), "Q", True))
    w = _window(replace(v), size)
    w.doc.select("S")
    w.show_central(_setup(w))
    return w


def library(size: tuple[int, int]) -> QWidget:
    """The library dialog searching for Shogi pieces."""
    from ...formats.registry import read_any
    from ._piece_library import PieceLibraryDialog
    d = PieceLibraryDialog(read_any(ROOT / "variants" / "fide.ini"))
    d.resize(*size)
    d.show()
    d.search.setText("shogi")
    d.results.setCurrentRow(3)
    return d


SCENES = {
    "palette-setup-capablanca.png": (capablanca, (1366, 768)),
    "setup-shogi-holdings.png": (shogi, (1920, 1080)),
    "variant-from-nothing.png": (from_nothing, (1366, 768)),
    "piece-library.png": (library, (760, 480)),
}


def make(out_dir: Path, scenes: dict[str, tuple[Callable[[tuple[int, int]], QWidget],
                                                 tuple[int, int]]] | None = None) -> list[Path]:
    """Stage each scene (default: this module's) at its size and save it into ``out_dir``."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from ..app import make_app
    app = make_app()
    out_dir.mkdir(parents=True, exist_ok=True)
    made = []
    for name, (stage, size) in (SCENES if scenes is None else scenes).items():
        widget = stage(size)
        _settle(app)
        target = out_dir / name
        if not widget.grab().save(str(target), "PNG"):
            raise SystemExit(f"could not write {target}")
        if hasattr(widget, "discard_and_close"):
            widget.discard_and_close()
        else:
            widget.close()
        made.append(target)
    return made


if __name__ == "__main__":
    folder = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "docs" / "screenshots"
    for path in make(folder):
        print(path)

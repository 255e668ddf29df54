"""Re-make the README pictures of the Rules panel:
``python -m designer.gui.rules.screenshots [OUT_DIR]``.

Each scene opens the window offscreen on a sample at a common screen size, closes the Definition
and Leg debugger panels, shows the *Rules* tab (*Variant > Rules…*) and saves the window:
Xiangqi on the Basics form, Shogi on the table of every option (the drops), each beside the
Fairy-Stockfish section with its parent's lines.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:   # annotations only: Qt loads when the pictures are made
    from ..window import MainWindow

ROOT = Path(__file__).resolve().parents[3]


def _window(name: str, size: tuple[int, int]) -> MainWindow:
    from ...formats.registry import read_any
    from ..window import MainWindow
    path = str(ROOT / "variants" / f"{name}.ini")
    w = MainWindow(read_any(path), None, restore=False)
    w.doc.path = path
    w.resize(*size)
    w.show()
    for dock in (w.editor_dock, w.debugger_dock, w.compare_dock):
        dock.close()                  # the Definition and Leg debugger panels closed (View)
    w.acts["rules"].trigger()
    return w


def xiangqi(size: tuple[int, int]) -> MainWindow:
    """Xiangqi: the Basics form; the section inherits the built-in xiangqi."""
    return _window("xiangqi", size)


def shogi(size: tuple[int, int]) -> MainWindow:
    """Shogi: every option, scrolled to the drops."""
    w = _window("shogi", size)
    w.rules_panel.reveal("drops")
    return w


SCENES = {
    "rules-panel-xiangqi.png": (xiangqi, (1920, 1080)),
    "rules-panel-shogi.png": (shogi, (1920, 1080)),
}


def make(out_dir: Path) -> list[Path]:
    from ..workbench.screenshots import make as make_scenes
    return make_scenes(out_dir, dict(SCENES))


if __name__ == "__main__":
    folder = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "docs" / "screenshots"
    for path in make(folder):
        print(path)

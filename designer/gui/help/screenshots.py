"""Re-make the help pictures of the README: ``python -m designer.gui.help.screenshots [OUT_DIR]``.

Renders offscreen: the XBetza reference at its atoms (small boards and the grammar's railroad
diagram of ``atom``), the Betza 2.0 reference filtered by a search, and the main window beside
the reference after an example link was clicked (the example is in the editor and on the
board).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from ...launch import WindowStart
from ...vocabulary import Dialect
from .pages import example_url
from typing import TYPE_CHECKING
from PySide6.QtWidgets import QWidget

if TYPE_CHECKING:   # annotations only: the window imports this module
    from ..window import MainWindow
    from .window import HelpWindow


def _help(window: MainWindow, dialect: Dialect, search: str = "",
          anchor: str = "") -> HelpWindow:
    from PySide6.QtWidgets import QApplication
    helper = window.help_window
    assert helper is not None   # the window installs its Help menu when it is built
    helper.show_dialect(dialect)
    helper.resize(900, 1000)
    helper.search.setText(search)
    QApplication.processEvents()
    if anchor:
        helper.browser.scrollToAnchor(anchor)
        QApplication.processEvents()
    return helper


def make(out_dir: Path) -> list[Path]:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QUrl
    from PySide6.QtGui import QColor, QImage, QPainter
    from PySide6.QtWidgets import QApplication

    from ..app import build_window, make_app, wait_for_answers
    app = make_app()
    out_dir.mkdir(parents=True, exist_ok=True)
    window = build_window(WindowStart(), None, False)
    window.resize(1150, 1000)
    window.show()
    app.processEvents()
    made = []

    shot = out_dir / "help-reference-xbetza.png"
    _help(window, "xbetza", anchor="section-1").grab().save(str(shot))
    made.append(shot)

    shot = out_dir / "help-reference-betza2-search.png"
    _help(window, "betza2", search="hop").grab().save(str(shot))
    made.append(shot)

    helper = _help(window, "betza2", anchor="chain")
    helper.browser.anchorClicked.emit(QUrl(example_url("betza2", "(W-F)0")))
    window.set_probe((4, 5), "foe")     # a blocker on a horse square: the rider stops there
    wait_for_answers(window)            # the board shows the example's moves, not the Lion's
    window.editor.refresh_details()
    QApplication.processEvents()
    left, right = window.grab(), helper.grab()
    both = QImage(left.width() + right.width() + 12, max(left.height(), right.height()),
                  QImage.Format.Format_ARGB32)
    both.fill(QColor("#d0d0d0"))
    p = QPainter(both)
    p.drawPixmap(0, 0, left)
    p.drawPixmap(left.width() + 12, 0, right)
    p.end()
    shot = out_dir / "help-example-loaded.png"
    both.save(str(shot))
    made.append(shot)
    window.discard_and_close()
    return made


if __name__ == "__main__":
    target = Path(sys.argv[1]) if len(sys.argv) > 1 else Path("docs/screenshots")
    for path in make(target):
        print(path)

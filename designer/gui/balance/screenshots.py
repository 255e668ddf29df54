"""Re-make the README pictures of the balance panels:
``python -m designer.gui.balance.screenshots [OUT_DIR [NAME.png ...]]``.

Each scene opens the window offscreen, stages it with the calls the widgets make, waits until
the worker threads have answered, and saves the window.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:   # annotations only: Qt loads when the pictures are made
    from PySide6.QtWidgets import QApplication, QWidget

    from ..window import MainWindow

ROOT = Path(__file__).resolve().parents[3]


def _window(name: str, size: tuple[int, int]) -> MainWindow:
    from ...formats.registry import read_any
    from ..window import MainWindow
    path = str(ROOT / "variants" / name)
    w = MainWindow(read_any(path), None, restore=False)
    w.doc.path = path
    w.resize(*size)
    w.show()
    return w


def _wait(app: QApplication, w: MainWindow, ms: int = 400) -> None:
    """Let the piece view, the values panel and the heat layers answer."""
    from PySide6.QtCore import QEventLoop, QTimer
    for _ in range(300):
        loop = QEventLoop()
        QTimer.singleShot(50, loop.quit)
        loop.exec()
        app.processEvents()
        busy = (w.view.analyst.busy or w.values_panel.runner.busy
                or w.view_extras.heat_runner.busy or w.view_extras.diff_runner.busy
                or w.values_panel._timer.isActive())
        if not busy:
            break
    loop = QEventLoop()
    QTimer.singleShot(ms, loop.quit)
    loop.exec()


def values(app: QApplication) -> tuple[MainWindow, QWidget]:
    """Capablanca's pieces, every estimate side by side; the Archbishop chosen."""
    from PySide6.QtCore import Qt
    w = _window("capablanca.ini", (1680, 960))
    dock = w.values_dock
    assert dock is not None   # the values panel is installed when the window is built
    dock.show()
    dock.raise_()
    w.resizeDocks([dock], [760], Qt.Orientation.Horizontal)
    w.doc.select("A")
    return w, w


def heat(app: QApplication) -> tuple[MainWindow, QWidget]:
    """The Archbishop's safe checks on Capablanca's board (no probes in the way), engine
    differences switched on (none: both engines read BN as we do)."""
    w = _window("capablanca.ini", (1500, 900))
    w.doc.select("A")
    w.view.clear_probes()
    w.view_extras.set_mode("checks")
    w.view_extras.set_differences(True)
    return w, w


def differences(app: QApplication) -> tuple[MainWindow, QWidget]:
    """A King `fKmsW`: Fairy-Stockfish reads `fK` as three forward moves, XBoard 4.9 skips the
    `s` of `msW` (modifiers out of its order) and plays `mW`."""
    w = _window("fide.ini", (1500, 900))
    w.doc.select("K")
    w.doc.set_notation("K", "fKmsW")
    w.view.clear_probes()
    w.view.move_piece((3, 3))
    w.view_extras.set_mode("moves")
    w.view_extras.set_differences(True)
    return w, w


def report(app: QApplication) -> tuple[MainWindow, QWidget]:
    """*Variant > Balance report…* after a small FIDE run (24 games at depth 1, seed 1, two
    processes): the charts, the progress bar at its end, the buttons that save the run."""
    from PySide6.QtCore import QEventLoop, QTimer
    w = _window("fide.ini", (1300, 860))
    launcher = w.values_panel.reports
    dialog = launcher.show()
    f = dialog.form
    f.games.setValue(24)
    f.depth_box.setValue(1)
    f.seed.setValue(1)
    f.jobs.setValue(2)
    if not dialog.start():
        raise SystemExit(f"the balance run did not start: {dialog.status.text()}")
    while dialog.job.busy:
        loop = QEventLoop()
        QTimer.singleShot(100, loop.quit)
        loop.exec()
    dialog.tabs.setCurrentWidget(dialog.chart)
    dialog.resize(900, 900)
    return w, dialog


SCENES = {
    "values-capablanca.png": values,
    "heat-archbishop-checks.png": heat,
    "engine-differences.png": differences,
    "balance-report.png": report,
}


def make(out_dir: Path, names: tuple[str, ...] = ()) -> list[Path]:
    """Make the pictures (``names``: only these of ``SCENES``) in ``out_dir``."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from ..app import make_app
    app = make_app()
    out_dir.mkdir(parents=True, exist_ok=True)
    made = []
    only = set(names)
    for name, stage in SCENES.items():
        if only and name not in only:
            continue
        w, shot = stage(app)
        _wait(app, w)
        target = out_dir / name
        if not shot.grab().save(str(target), "PNG"):
            raise SystemExit(f"could not write {target}")
        w.discard_and_close()
        made.append(target)
    return made


if __name__ == "__main__":
    folder = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "docs" / "screenshots"
    for path in make(folder, tuple(sys.argv[2:])):
        print(path)

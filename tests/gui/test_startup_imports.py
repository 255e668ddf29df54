"""The window starts without loading what only a later action needs.

Start-up time is mostly import time. The match and report machinery (processes, pickling), the
engines (processes, protocols) and the built-in opponent are needed when a game, an engine or a
balance run starts, not to show the window: they load then. So are the panels the window
starts with hidden (Setup, Rules, Play, Piece values, the Help window) and what they bring:
the game, its replay and records, the Fairy-Stockfish rule language, the balance
estimates. This counts modules, not milliseconds, so the answer does not depend on the machine.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# loaded on the first game, engine or balance run, never to show the window
LATER = ("designer.match", "designer.report", "designer.engines", "designer.opponent",
         "designer.gui.balance._report_dialog", "designer.gui.engines", "multiprocessing",
         "concurrent.futures", "distributed", "dask")

# loaded when the panel that needs them is first shown (a heat map: first asked for), never to
# show the window. The rules model (plain data) is not among them: the rule set is the
# variant's record of its rules, and the first piece shown reads its promotion from it.
PANELS = ("designer.game.game", "designer.play.replay",
          "designer.records", "designer.formats.fsf_ini", "designer.balance.values",
          "designer.balance.estimates", "designer.balance.heat", "designer.gui.rules._panel",
          "designer.gui.balance._values_panel", "designer.gui.play.tab",
          "designer.gui.play.view", "designer.gui.help.window",
          "designer.gui.workbench.setup_editor")

# loaded with the first save or export, the piece library, a game; and standard modules a
# convenient import brings along (a web client, mail parsing, ids from the network card)
ON_USE = ("designer.formats.ptc", "designer.variant.catalogue", "designer.variant.library",
          "designer.play.line", "designer.game.moves", "xml.sax", "urllib.request",
          "http.client", "email", "uuid")

START = """
import json, sys
from designer.gui.app import make_app, build_window
from designer.launch import WindowStart
app = make_app()
w = build_window(WindowStart(), None, restore=False)
w.show(); app.processEvents()
shown = sorted(m for m in sys.modules if m.startswith({later!r}))
{after}
print(json.dumps(shown))
w.dispose()
"""

# the control: Variant > Balance report… loads the report machinery, so the check can see it
AFTER_REPORT = """
w.acts["balance_report"].trigger(); app.processEvents()
shown = sorted(m for m in sys.modules if m.startswith({later!r}))
"""


def _run(tmp_path: Path, after: str = "", later: tuple[str, ...] = LATER) -> list[str]:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", HOME=str(tmp_path),
               XDG_CONFIG_HOME=str(tmp_path / "config"), XDG_DATA_HOME=str(tmp_path / "data"))
    code = START.format(later=later, after=after.format(later=later))
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    loaded: list[str] = json.loads(done.stdout.strip().splitlines()[-1])
    return loaded


def test_window_starts_without_the_match_engines_or_opponent(tmp_path: Path) -> None:
    assert _run(tmp_path) == []


def test_the_check_sees_what_the_balance_report_loads(tmp_path: Path) -> None:
    loaded = _run(tmp_path, AFTER_REPORT)
    assert "designer.match" in loaded and "designer.report" in loaded


def test_window_starts_without_its_hidden_panels(tmp_path: Path) -> None:
    assert _run(tmp_path, later=PANELS) == []


def test_window_starts_without_what_only_a_save_a_game_or_the_library_needs(
        tmp_path: Path) -> None:
    assert _run(tmp_path, later=ON_USE) == []


# the controls: showing each panel as a user does (its tab clicked, F1) loads what it needs
SHOW_PANELS = """
tabs = w.central_tabs
tabs.setCurrentIndex(tabs.indexOf(w.setup_tab.page())); app.processEvents()
tabs.setCurrentIndex(tabs.indexOf(w.rules_tab.page())); app.processEvents()
tabs.setCurrentIndex(tabs.indexOf(w.play_mode.place.page())); app.processEvents()
tabs.setCurrentIndex(0); app.processEvents()   # the designer's docks are back
w.values_dock.raise_(); app.processEvents()
w.acts["reference"].trigger(); app.processEvents()
shown = sorted(m for m in sys.modules if m.startswith({later!r}))
"""


def test_showing_the_panels_loads_them(tmp_path: Path) -> None:
    loaded = _run(tmp_path, SHOW_PANELS, later=PANELS)
    for panel in ("designer.gui.rules._panel", "designer.gui.play.view",
                  "designer.gui.balance._values_panel", "designer.gui.help.window",
                  "designer.gui.workbench.setup_editor"):
        assert panel in loaded

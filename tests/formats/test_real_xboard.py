"""With the real XBoard (opt-in, VD_REAL_XBOARD=1: it takes about a minute under Xvfb): the
README's commands open samples without a popup, and an exported PGN opens on its own. The
recorded runs of every sample are checked in test_xboard_commands.py."""

import json
import os
import shutil
import subprocess
import sys

import pytest

from format_samples import ROOT

pytestmark = pytest.mark.skipif(
    os.environ.get("VD_REAL_XBOARD") != "1" or not shutil.which("Xvfb")
    or not os.path.exists("/usr/games/xboard"),
    reason="set VD_REAL_XBOARD=1 with XBoard and Xvfb installed to run against the real XBoard")


def probe(*args):
    done = subprocess.run([sys.executable, str(ROOT / "tools" / "xboard_probe.py"), *args,
                           "--display", "87"], capture_output=True, text=True, timeout=600)
    return json.loads(done.stdout)


def test_samples_open_without_popups():
    runs = probe("open", *(str(ROOT / "variants" / f"{s}.ini")
                           for s in ("capablanca", "shogi", "ultima")))
    for key, run in runs.items():
        if not key.endswith("default-engine"):
            assert run["popups"] == [], key


def test_an_exported_pgn_opens_alone(tmp_path):
    from designer.cli import main
    out = tmp_path / "xiangqi.pgn"
    assert main(["export", str(ROOT / "variants" / "xiangqi.ini"), "--to", "pgn",
                 "-o", str(out)]) == 0
    (run,) = probe("open", str(out)).values()
    assert run["popups"] == [] and "xiangqi.pgn" in run["windows"]

"""Re-make the README screenshots: ``python -m designer.gui.screenshots [OUT_DIR]``.

Each picture is ``variant-designer --screenshot`` with a staged scene (origin, probe pieces,
traced target, compared definitions; see ``designer.gui.app``), so anyone can reproduce them.
"""

from __future__ import annotations

import sys
from argparse import Namespace
from pathlib import Path

SCENES = {
    "lion-blockers.png": dict(
        betza="KNADcaKmcabK", select="Ln", board="12x12", origin="f5", size="1500x950",
        probes=["foe:g6=P", "foe:h7=G", "foe:e6=S", "friend:f6=C", "friend:d4=P", "foe:f3=N"]),
    "cannon-blockers.png": dict(
        betza="mRcpR", select="C", board="9x10", origin="b3", size="1500x950",
        probes=["foe:b10=H", "friend:b7=P", "friend:e3=A", "foe:h3=C", "foe:a3=P",
                "foe:b1=R", "foe:b2=P"]),
    "debugger-lion-double-capture.png": dict(
        betza="KNADcaKmcabK", select="Ln", board="12x12", origin="f5", size="1500x950",
        probes=["foe:g6=P", "foe:h7=G", "foe:e6=S", "friend:f6=C"], target="h7", path=1),
    "compare-nightrider.png": dict(
        betza="NN", select="N", board="12x12", origin="c3", size="1600x950",
        compare=("NN", "N2")),
}


def make(out_dir: Path) -> list[Path]:
    from .app import run_gui
    out_dir.mkdir(parents=True, exist_ok=True)
    made = []
    for name, scene in SCENES.items():
        args = Namespace(file=None, dialect=None, screenshot=str(out_dir / name), **scene)
        if run_gui(args) != 0:
            raise SystemExit(f"could not make {name}")
        made.append(out_dir / name)
    return made


if __name__ == "__main__":
    target = Path(sys.argv[1]) if len(sys.argv) > 1 else Path("docs/screenshots")
    for path in make(target):
        print(path)

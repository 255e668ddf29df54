"""Re-make the README screenshots: ``python -m designer.gui.screenshots [OUT_DIR]``.

Each picture is ``variant-designer --screenshot`` with a staged scene (origin, probe pieces,
traced target, compared definitions; see ``designer.gui.app``), so anyone can reproduce them.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from ..launch import WindowStart

ROOT = Path(__file__).resolve().parents[2]
CHU = str(ROOT / "variants" / "chu.ini")
XIANGQI = str(ROOT / "variants" / "xiangqi.ini")
FIDE = str(ROOT / "variants" / "fide.ini")
LION_PROBES = ["foe:g6=P", "foe:h7=G", "foe:e6=S", "friend:f6=C", "friend:d4=P", "foe:f3=N"]

#: each picture's command-line words (``WindowStart.from_words``' keywords)
SCENES: dict[str, dict[str, Any]] = {
    # The Chu Shogi Lion (from the Chu Shogi sample) among friends and foes.
    "lion-blockers.png": {"file": CHU, "select": "N", "origin": "f5", "size": "1700x1050",
                          "probes": LION_PROBES},
    # The Xiangqi cannon in the start position: the cannon on b8 screens the horse on b10.
    "cannon-blockers.png": {"file": XIANGQI, "select": "C", "size": "1500x950"},
    # The Lion's double capture f5xg6xh7 traced leg by leg.
    "debugger-lion-double-capture.png": {"file": CHU, "select": "N", "origin": "f5",
                                         "size": "1700x1050", "probes": LION_PROBES[:4],
                                         "target": "h7", "path": 1},
    # Nightrider against a two-leap knight rider: where do they differ?
    "compare-nightrider.png": {"betza": "NN", "select": "N", "board": "12x12", "origin": "c3",
                               "size": "1600x950", "compare": ("NN", "N2")},
    # FIDE's King between its Rooks with the squares between them empty, on a laptop screen:
    # XBoard's built-in castling from the setup's rights, next to the King's steps.
    "castling-1366x768.png": {"file": FIDE, "select": "K", "size": "1366x768",
                              "probes": ["friend:a1=R", "friend:h1=R", "friend:d2=P",
                                         "friend:e2=P", "friend:f2=P", "foe:e8=K",
                                         "foe:a8=R", "foe:h8=R"]},
}


def make(out_dir: Path) -> list[Path]:
    from .app import run_gui
    out_dir.mkdir(parents=True, exist_ok=True)
    made = []
    for name, scene in SCENES.items():
        if run_gui(WindowStart.from_words(screenshot=str(out_dir / name), **scene)) != 0:
            raise SystemExit(f"could not make {name}")
        made.append(out_dir / name)
    return made


if __name__ == "__main__":
    target = Path(sys.argv[1]) if len(sys.argv) > 1 else Path("docs/screenshots")
    for path in make(target):
        print(path)

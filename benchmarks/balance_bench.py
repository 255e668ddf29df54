"""Piece-value timings (figures, not a test): ``values`` for every piece of a sample variant,
with no estimate computed before (every cache of ``designer.balance`` emptied), without the
values fitted from play. Issue target: a 10x10 variant (Grand) well within 1 s.

Run ``python benchmarks/balance_bench.py``; ``balance_figures()`` returns the same figures as
flat ``balance_*`` keys for ``variant-designer bench``. Processor time of this thread, median
of three runs; the heat maps of one piece are timed the same way.
"""

from __future__ import annotations

import json
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from designer.balance import heat_map, piece_values  # noqa: E402
from designer.balance import leaper_law, mobility, reach, values  # noqa: E402
from designer.formats.registry import read_any  # noqa: E402


def forget() -> None:
    """Empty every cache of the balance package, so that each run starts cold."""
    for fn in (reach.board_reach, reach.programs, mobility.crowd, values._mobility,
               leaper_law.law_for):
        fn.cache_clear()


def _ms(fn: Callable[[], Any], rounds: int = 3) -> float:
    out = []
    for _ in range(rounds):
        forget()
        start = time.thread_time()
        fn()
        out.append((time.thread_time() - start) * 1000.0)
    return round(statistics.median(out), 1)


def balance_figures() -> dict[str, float]:
    figs: dict[str, float] = {}
    for name in ("fide", "capablanca", "grand"):
        v = read_any(ROOT / "variants" / f"{name}.ini")
        figs[f"balance_values_{name}_{v.files}x{v.ranks}_ms"] = _ms(lambda v=v: piece_values(v))
    grand = read_any(ROOT / "variants" / "grand.ini")
    q = grand.piece("C")
    assert q is not None
    for kind in ("mobility", "distance", "checks"):
        figs[f"balance_heat_{kind}_grand_chancellor_ms"] = _ms(
            lambda kind=kind: heat_map(kind, q.notation, q.dialect, 10, 10, origin=(4, 4)))
    return figs


if __name__ == "__main__":
    print(json.dumps(balance_figures(), indent=1))

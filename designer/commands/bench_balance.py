"""Piece-value timings (figures, not a test): ``values`` for every piece of a sample variant,
with no estimate computed before (every cache of ``designer.balance`` emptied), without the
values fitted from play. Issue target: a 10x10 variant (Grand) well within 1 s.

``balance_figures()`` returns them as flat ``balance_*`` keys for ``variant-designer bench``
(``python -m designer.commands.bench_balance`` prints them alone); the samples are the shipped
ones (``designer.paths.samples_dir``). Processor time of this thread, median
of three runs; the heat maps of one piece are timed the same way.
"""

from __future__ import annotations

import json
import statistics
import time
from collections.abc import Callable
from typing import Any

from ..balance import HeatKind, heat_map, leaper_law, mobility, piece_values, reach, values
from ..formats.registry import read_any
from ..paths import samples_dir
from functools import partial


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
        v = read_any(samples_dir() / f"{name}.ini")
        figs[f"balance_values_{name}_{v.files}x{v.ranks}_ms"] = _ms(partial(piece_values, v))
    grand = read_any(samples_dir() / "grand.ini")
    q = grand.piece("C")
    assert q is not None
    kinds: tuple[HeatKind, ...] = ("mobility", "distance", "checks")
    for kind in kinds:
        figs[f"balance_heat_{kind}_grand_chancellor_ms"] = _ms(
            partial(heat_map, kind, q.notation, q.dialect, 10, 10, origin=(4, 4)))
    return figs


if __name__ == "__main__":
    print(json.dumps(balance_figures(), indent=1))

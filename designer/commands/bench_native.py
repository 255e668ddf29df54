"""Pure Python against the compiled build, in one run (figures, not a test).

``native_figures()`` returns flat ``native_*`` keys for ``variant-designer bench``: for the
build this process runs (``native_build``: ``designer.native``) the FIDE perft of the start
position (depth 5) and of Kiwipete (depth 4) against python-chess's perft in the same process
(``native_<build>_fide_start_d5_to_python_chess``, ``..._kiwipete_d4_...``: ours and
python-chess's alternate, the ratio is the median of the pairs' ratios, so other load weighs on
both alike), and the built-in opponent's search nodes a second on Kiwipete
(``native_<build>_kiwipete_search_nodes_per_s``, depth 5). When this process runs compiled,
the same figures of the pure build come from a child process started with
``VARIANT_DESIGNER_PURE=1`` (the same sources, imported from their ``.py``), and
``native_compiled_to_pure_*`` are the compiled figures over the pure ones. Times are processor
seconds of the measuring thread. The counts are checked against the published ones
(``..._exact``).

Run ``python -m designer.commands.bench_native [--rounds N] [--this-build]``.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from typing import Any, Callable, TypeVar

from ..native import BUILD, PURE_SWITCH
from .bench_rules import KIWIPETE, _python_chess, sample

T = TypeVar("T")

# (label, FEN or None for the start, depth, the published count)
PERFTS = [("fide_start_d5", None, 5, 4865609), ("kiwipete_d4", KIWIPETE, 4, 4085603)]
SEARCH_DEPTH = 5
ROUNDS = 3


def _cpu(fn: Callable[[], T]) -> tuple[float, T]:
    t = time.thread_time()
    value = fn()
    return time.thread_time() - t, value


def build_figures(rounds: int = ROUNDS) -> dict[str, Any]:
    """This process's build's figures, keyed ``native_<build>_...``."""
    from ..game.game import Game
    from ..opponent import Limits, Opponent
    fide = sample("fide")
    prefix = f"native_{BUILD.kind}"
    figs: dict[str, Any] = {}
    for label, fen, depth, want in PERFTS:
        best = best_pc = None
        nodes = 0
        ratios = []
        for _ in range(rounds):
            game = Game(fide, fen)
            seconds, nodes = _cpu(lambda: game.perft(depth))
            best = seconds if best is None else min(best, seconds)
            pc = _python_chess(fen, depth)
            if pc is not None:
                best_pc = pc[0] if best_pc is None else min(best_pc, pc[0])
                ratios.append(pc[0] / seconds)
        assert best is not None
        figs[f"{prefix}_{label}_exact"] = nodes == want
        figs[f"{prefix}_{label}_nps"] = round(nodes / best)
        if best_pc is not None:
            figs[f"{prefix}_{label}_python_chess_nps"] = round(nodes / best_pc)
            figs[f"{prefix}_{label}_to_python_chess"] = round(statistics.median(ratios), 2)
    rate = 0.0
    for _ in range(rounds):
        opponent = Opponent(fide, fen=KIWIPETE)
        seconds, thought = _cpu(lambda: opponent.think((), Limits(SEARCH_DEPTH)))
        rate = max(rate, thought.nodes / seconds)
        figs[f"{prefix}_kiwipete_search_d{SEARCH_DEPTH}_nodes"] = thought.nodes
    figs[f"{prefix}_kiwipete_search_nodes_per_s"] = round(rate)
    return figs


def _pure_child(rounds: int) -> dict[str, Any]:
    """The pure build's figures, from a child process that imports the sources."""
    env = dict(os.environ, **{PURE_SWITCH: "1"})
    done = subprocess.run([sys.executable, "-m", "designer.commands.bench_native",
                           "--this-build", "--rounds", str(rounds)],
                          env=env, capture_output=True, text=True, check=True)
    figs: dict[str, Any] = json.loads(done.stdout)
    return figs


def native_figures(rounds: int = ROUNDS) -> dict[str, Any]:
    figs: dict[str, Any] = {"native_build": BUILD.describe()}
    figs.update(build_figures(rounds))
    if BUILD.kind == "compiled":
        pure = _pure_child(rounds)
        figs.update(pure)
        for key in ("fide_start_d5_nps", "kiwipete_d4_nps", "kiwipete_search_nodes_per_s"):
            if f"native_pure_{key}" in pure:
                figs[f"native_compiled_to_pure_{key}"] = round(
                    figs[f"native_compiled_{key}"] / pure[f"native_pure_{key}"], 2)
    return figs


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=ROUNDS)
    ap.add_argument("--this-build", action="store_true",
                    help="only the figures of the build this process runs")
    a = ap.parse_args()
    figs = build_figures(a.rounds) if a.this_build else native_figures(a.rounds)
    print(json.dumps(figs, indent=1))


if __name__ == "__main__":
    main()

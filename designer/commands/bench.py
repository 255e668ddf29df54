"""``variant-designer bench``: run the benchmarks and print one JSON object of figures.

Milliseconds unless the key says otherwise. Engine figures here; notation figures from
``bench_notation``, file-reading figures from ``bench_formats``, piece-value figures from
``bench_balance``, rules-engine figures (perft against python-chess and Fairy-Stockfish) from
``bench_rules``, the built-in opponent's (search speed against perft, depth in 2 s, match
throughput) from ``bench_opponent``, pure Python against the compiled build (perft against
python-chess, search nodes a second) from ``bench_native`` (all read only what the package ships: the seed examples in
``designer/data``, the samples) and window figures from
``designer.gui.bench``, which the command line hands in (``gui_figures`` on the arguments: this
layer never imports the window). ``--only engine`` skips the others. The cluster figures
(``bench_cluster``: a local Dask scheduler and workers) come only with ``--only cluster``. Figures, not pass/fail:
targets live in the issues and README.

``targets_queries_per_s`` runs ``variant-designer targets`` as a user would (a new process,
start-up included) on the mixed query set of ``bench_queries`` (4,000 queries, fixed seed).
``--xboard-oracle CMD`` runs CMD (a program answering the same JSON-lines contract with XBoard's
own generator) on the same file in the same run, alternating with ours, and adds its rate and
the ratio (docs/design.md, "Speed").
"""

from __future__ import annotations

import argparse

import json
import random
import resource
import shlex
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from ..engine.compile import program_for
from ..engine.generate import DEFAULT_BUDGET, generate, search_work, targets
from ..engine.position import BLACK, WHITE, Placed, PieceBoard
from ..notation.errors import TooComplexError
from .bench_queries import DEFAULT_COUNT, SEED, build_queries
from collections.abc import Callable



def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--only", choices=("engine", "notation", "formats", "balance", "rules",
                                           "opponent", "native", "gui", "cluster", "strength"),
                        action="append",
                        help="run only these groups (repeatable); 'cluster' (a local Dask "
                             "scheduler and workers, a few minutes) and 'strength' (games "
                             "against sunfish and Fairy-Stockfish at UCI_Elo 1600/1900/2200, "
                             "tens of minutes) run only when named")
    parser.add_argument("--strength-games", type=int, default=10, metavar="N",
                        help="strength: games against each opponent (pairs, colours "
                             "alternating; 10)")
    parser.add_argument("--strength-jobs", type=int, default=1, metavar="N",
                        help="strength: games played at once (1; each game is two programs "
                             "thinking in turn)")
    parser.add_argument("--strength-against", metavar="NAMES",
                        help="strength: only these opponents, comma-separated (sunfish, "
                             "fsf1600, fsf1900, fsf2200; all of them)")
    parser.add_argument("--strength-pgn", metavar="FOLDER",
                        help="strength: write each opponent's games to FOLDER/<name>.pgn")
    parser.add_argument("--repeat", type=int, default=300, help="timed runs per figure")
    parser.add_argument("--xboard-oracle", metavar="CMD",
                        help="also time CMD (XBoard's generator behind the targets contract) on "
                        "the same queries and report the ratio")
    parser.add_argument("--queries", metavar="FILE",
                        help="time the targets command on this query file instead of the "
                        "built-in mixed set")
    parser.add_argument("--write-queries", metavar="FILE",
                        help="write the mixed query set (JSON lines) to FILE and exit")
    parser.add_argument("--rounds", type=int, default=5,
                        help="runs of each command for the targets figures (median quoted)")
    parser.add_argument("--deep", action="store_true",
                        help="rules: also the deepest perft counts of the rules issue")


def _times(fn: Callable[[], object], n: int) -> list[float]:
    """Milliseconds of processor time of this thread per call (sorted): what the engine spends,
    whatever else the machine is doing (on a quiet machine the same as the wall clock)."""
    fn()  # warm caches
    out = []
    for _ in range(n):
        t = time.thread_time()
        fn()
        out.append((time.thread_time() - t) * 1000.0)
    return sorted(out)


def _p95(ts: list[float]) -> float:
    return ts[min(len(ts) - 1, int(round(0.95 * (len(ts) - 1))))]


def lion_position(seed: int = 7) -> tuple[PieceBoard, tuple[int, int]]:
    """Chu Shogi Lion in the middle of 16x16 with 40 blockers (both colours)."""
    rnd = random.Random(seed)
    origin = (7, 7)
    squares = [(f, r) for f in range(16) for r in range(16) if (f, r) != origin]
    blockers = rnd.sample(squares, 40)
    pieces = {s: Placed(WHITE if i % 2 else BLACK) for i, s in enumerate(blockers)}
    return PieceBoard(16, 16, pieces), origin


def pathological_text() -> str:
    """1,000 characters of distinct multi-leg groups: the search must stop at its budget."""
    groups = [f"{d}{m}a{c}R" for d in "fblrvs" for m in "mcp" for c in ("fs", "s", "f", "b", "l", "r")]
    text = ""
    i = 0
    while len(text) < 1000:
        text += groups[i % len(groups)] + ("K" if i >= len(groups) else "")
        i += 1
    text = text[:1000].rstrip("abcdefghijklmnopqrstuvwxyz")
    return text + "N" * (1000 - len(text))  # pad with knights to exactly 1,000 characters


def engine_figures(repeat: int = 300) -> dict[str, Any]:
    figs: dict[str, Any] = {}
    pos, origin = lion_position()
    lion = program_for("KNADcaKmcabK")
    figs["lion_16x16_p95_ms"] = round(_p95(_times(lambda: generate(lion, pos, origin), repeat)), 3)
    queen = program_for("Q")
    big = PieceBoard(26, 26)
    figs["queen_26x26_ms"] = round(statistics.median(
        _times(lambda: generate(queen, big, (12, 12)), repeat)), 3)
    hook = program_for("masR")
    b16 = PieceBoard(16, 16)
    figs["hook_mover_16x16_ms"] = round(statistics.median(
        _times(lambda: generate(hook, b16, (7, 7)), max(20, repeat // 5))), 3)

    text = pathological_text()

    def patho() -> None:
        try:
            generate(program_for(text), PieceBoard(16, 16), (7, 7))
        except TooComplexError:
            pass
    figs["pathological_chars"] = len(text)
    figs["pathological_1000_chars_ms"] = round(statistics.median(_times(patho, 7)), 1)
    # Betza 2.0 turning riders branch at every step: the dearest work per search node
    b2 = "".join(f"{d}Q{t}*" for d in ("", "f", "b", "s", "v") for t in ("fh", "fs", "a", "s"))
    b2 = (b2 * (1000 // len(b2) + 1))[:1000]
    b2 = b2[: b2.rfind("*") + 1]
    b2 += "N" * (1000 - len(b2))

    def patho2() -> None:
        try:
            generate(program_for(b2, "betza2"), PieceBoard(26, 26), (12, 12))
        except TooComplexError:
            pass
    figs["pathological_betza2_1000_chars_ms"] = round(statistics.median(_times(patho2, 7)), 1)
    figs.update(give_up_figures())
    return figs


def give_up_figures() -> dict[str, Any]:
    """Processor time until a definition too expensive to follow is given up, for the traced
    (window) and the squares-only (targets) callers, on a small and a large board: the work
    limit must bound time the same way for all four."""
    program = program_for("R-aR-aR-aR-aR", "betza2")
    figs: dict[str, Any] = {}
    for size in (8, 26):
        for name, fn in (("traced", generate), ("targets", targets)):
            spent = []
            for _ in range(5):
                t = time.thread_time()
                try:
                    fn(program, PieceBoard(size, size), (size // 2, size // 2))
                except TooComplexError:
                    pass
                spent.append((time.thread_time() - t) * 1000.0)
            figs[f"give_up_{name}_{size}x{size}_cpu_ms"] = round(statistics.median(spent), 1)
    work, _ = search_work(program, PieceBoard(26, 26), (13, 13))
    figs["give_up_work_units"] = work
    figs["work_budget_units"] = DEFAULT_BUDGET
    return figs


def _child_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _timed_run(cmd: list[str], query_file: Path) -> tuple[float, float, int]:
    """(wall seconds, processor seconds, answer lines) of one whole process on the file."""
    cpu = _child_cpu()
    with open(query_file, "rb") as inp:
        t = time.perf_counter()
        res = subprocess.run(cmd, stdin=inp, capture_output=True, timeout=600)
        wall = time.perf_counter() - t
    return wall, _child_cpu() - cpu, res.stdout.count(b"\n")


def targets_figures(oracle: str | None = None, query_file: str | None = None,
                    rounds: int = 5) -> dict[str, Any]:
    """Queries per second of ``variant-designer targets`` (one process, start-up included) on
    the mixed query set, and with ``oracle`` the same for XBoard's generator in the same run:
    the two alternate (ours, theirs, ours, theirs ...) and the ratio is the median of the
    per-pair ratios, so that a machine that speeds up or slows down during the run moves both."""
    figs: dict[str, Any] = {}
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(query_file) if query_file else Path(tmp) / "queries.jsonl"
        if not query_file:
            path.write_text("\n".join(build_queries()) + "\n", encoding="utf-8")
        total = sum(1 for line in path.read_text(encoding="utf-8").splitlines() if line.strip())
        ours_cmd = [sys.executable, "-m", "designer.cli", "targets"]
        script = Path(sys.executable).with_name("variant-designer")
        if script.exists():
            ours_cmd = [str(script), "targets"]   # what a user runs, its start-up included
        theirs_cmd = shlex.split(oracle) if oracle else None
        ours, theirs, ratios, cpu_ratios = [], [], [], []
        for _ in range(max(1, rounds)):
            wall, cpu, answered = _timed_run(ours_cmd, path)
            if answered != total:
                figs["targets_error"] = f"{answered} answers for {total} queries"
            ours.append((wall, cpu))
            if theirs_cmd:
                twall, tcpu, tanswered = _timed_run(theirs_cmd, path)
                if tanswered != total:
                    figs["xboard_error"] = f"{tanswered} answers for {total} queries"
                theirs.append((twall, tcpu))
                ratios.append(twall / wall)
                cpu_ratios.append(tcpu / cpu if cpu > 0 else 0.0)
        figs["targets_queries"] = total
        figs["targets_queries_per_s"] = int(total / statistics.median(w for w, _ in ours))
        figs["targets_cpu_s"] = round(statistics.median(c for _, c in ours), 3)
        if theirs:
            figs["xboard_queries_per_s"] = int(total / statistics.median(w for w, _ in theirs))
            figs["xboard_cpu_s"] = round(statistics.median(c for _, c in theirs), 3)
            figs["targets_to_xboard_ratio"] = round(statistics.median(ratios), 3)
            figs["targets_to_xboard_cpu_ratio"] = round(statistics.median(cpu_ratios), 3)
    return figs


def run(args: argparse.Namespace) -> int:
    if args.write_queries:
        lines = build_queries(DEFAULT_COUNT, SEED)
        Path(args.write_queries).write_text("\n".join(lines) + "\n", encoding="utf-8")
        print(f"{len(lines)} queries written to {args.write_queries}")
        return 0
    groups = args.only or ["engine", "notation", "formats", "balance", "rules", "opponent",
                           "native", "gui"]
    out: dict[str, Any] = {}
    if "engine" in groups:
        out.update(engine_figures(args.repeat))
        out.update(targets_figures(args.xboard_oracle, args.queries, args.rounds))
    if "notation" in groups:
        from .bench_notation import notation_figures
        out.update(notation_figures())
    if "formats" in groups:
        from .bench_formats import formats_figures
        out.update(formats_figures())
    if "balance" in groups:
        from .bench_balance import balance_figures
        out.update(balance_figures())
    if "rules" in groups:
        from .bench_rules import rules_figures
        out.update(rules_figures(deep=getattr(args, "deep", False)))
    if "opponent" in groups:
        from .bench_opponent import opponent_figures
        out.update(opponent_figures())
    if "native" in groups:
        from .bench_native import native_figures
        out.update(native_figures())
    if "cluster" in groups:
        from .bench_cluster import cluster_figures
        out.update(cluster_figures())
    if "strength" in groups:
        from .bench_strength import strength_figures
        against = args.strength_against
        try:
            out.update(strength_figures(max(2, args.strength_games), max(1, args.strength_jobs),
                                        against.split(",") if against else None,
                                        args.strength_pgn))
        except ValueError as error:
            print(f"variant-designer bench: {error}", file=sys.stderr)
            return 2
    window = getattr(args, "gui_figures", None)
    if "gui" in groups and window is not None:
        out.update(window())
    print(json.dumps(out, indent=1))
    return 0

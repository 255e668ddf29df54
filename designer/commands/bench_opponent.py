"""Speed of the built-in opponent (figures, not a test: the tests count work, these time it).

``opponent_figures()`` returns flat ``opponent_*`` keys for ``variant-designer bench``:

- ``opponent_kiwipete_search_nodes_per_s``: nodes a second of a depth-4 search of Kiwipete (a
  FIDE middlegame), beside ``opponent_kiwipete_perft_nodes_per_s``, our perft's rate on the same
  position (depth 3, the last ply counted as ``perft`` counts it: bulk counting, a leaf costs
  no make/unmake), and their ratio ``opponent_node_cost_vs_perft`` (what a searched node costs
  in perft nodes; the issue's target is at most 5); beside them, the rate of the same perft
  without bulk counting (every leaf made and unmade, ``..._made_perft_...``) and the ratio to
  it, and the rate of a perft that generates the moves of every position it visits, the last
  ply's too, as a search must (``..._generating_perft_...``);
  ``opponent_kiwipete_generator_share`` is the share of the search's time spent in the rules
  engine's move generation (from a profile);
- ``opponent_fairy_stockfish_node_cost_vs_perft``: the same ratio for Fairy-Stockfish itself
  (one thread, beside the checkout): its search's nodes a second on Kiwipete against its own
  ``go perft`` (which bulk-counts too), to read ours against;
- ``opponent_depth_in_2s_<variant>``: the deepest iteration completed in 2 s of processor time
  on FIDE (Kiwipete), Capablanca, Shogi and Chu Shogi positions, with the nodes searched;
- ``opponent_match_<variant>_games_per_min_per_core``: self-play games of the built-in opponent
  at a fixed depth, one process (so per core), on FIDE and Capablanca.

Times are processor seconds of this process (other load on the machine weighs on both sides of a
ratio alike). Run ``python -m designer.commands.bench_opponent [--profile]``; the samples are
the shipped ones (``designer.paths.samples_dir``).
"""

from __future__ import annotations

import argparse
import cProfile
import io
import json
import pstats
import threading
import time
from typing import Any, Callable, TypeVar

from ..formats import xboard_ini
from ..match import MatchConfig, run_match
from ..opponent import Limits, Opponent
from ..paths import samples_dir
from ..game.game import Game
from ..variant.model import Variant
from .bench_rules import fsf_session

T = TypeVar("T")

KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
SEARCH_DEPTH = 4
PERFT_DEPTH = 3
SECONDS = 2.0
FSF_MOVETIME_MS = 3000
# (label, sample, FEN or None for the setup)
DEPTH_RUNS = [("fide", "fide", KIWIPETE), ("capablanca", "capablanca", None),
              ("shogi", "shogi", None), ("xiangqi", "xiangqi", None),
              ("chu", "chu", None)]
MATCH_RUNS = [("fide", "fide"), ("capablanca", "capablanca")]
MATCH_DEPTH = 2
MATCH_GAMES = 2
MATCH_PLIES = 160
GENERATOR_FILES = ("rules/movegen.py", "rules/capturegen.py", "rules/attacks.py",
                   "rules/tables.py", "rules/counting.py", "engine/")


def sample(name: str) -> Variant:
    path = samples_dir() / f"{name}.ini"
    return xboard_ini.read(path.read_text(), str(path))


def _cpu(fn: Callable[[], T]) -> tuple[T, float]:
    start = time.process_time()
    out = fn()
    return out, time.process_time() - start


def _generating_perft(game: Game, depth: int) -> int:
    """Positions visited by a perft that generates the legal moves of every position, the
    last ply's too (as a search must), and makes every move."""
    pos, gen = game.pos, game.generator
    moves = gen.legal(pos)
    if depth == 0:
        return 1
    total = 1
    for mv in moves:
        pos.push(mv)
        total += _generating_perft(game, depth - 1)
        pos.pop()
    return total


def _made_perft(game: Game, depth: int) -> int:
    """Leaf nodes ``depth`` plies deep (``depth`` >= 1), counted without bulk counting: every
    move of the last ply is made and unmade, as the textbook perft does."""
    pos, gen = game.pos, game.generator
    push, pop = pos.push, pos.pop
    total = 0
    if depth == 1:
        for mv in gen.legal(pos):
            push(mv)
            total += 1
            pop()
        return total
    for mv in gen.legal(pos):
        push(mv)
        total += _made_perft(game, depth - 1)
        pop()
    return total


def node_rates(rounds: int = 2) -> dict[str, float]:
    """Search and perft on Kiwipete, alternating, best of ``rounds``."""
    v = sample("fide")
    search_best = perft_best = leaf_best = made_best = 0.0
    for _ in range(rounds):
        thought, t = _cpu(lambda: Opponent(v, fen=KIWIPETE).think((), Limits(SEARCH_DEPTH)))
        search_best = max(search_best, thought.nodes / t)
        game = Game(v, KIWIPETE)
        n, t = _cpu(lambda: game.perft(PERFT_DEPTH))
        perft_best = max(perft_best, n / t)
        n, t = _cpu(lambda: _made_perft(game, PERFT_DEPTH))
        leaf_best = max(leaf_best, n / t)
        n, t = _cpu(lambda: _generating_perft(game, PERFT_DEPTH - 1))
        made_best = max(made_best, n / t)
    return {"opponent_kiwipete_search_nodes_per_s": round(search_best),
            "opponent_kiwipete_perft_nodes_per_s": round(perft_best),
            "opponent_node_cost_vs_perft": round(perft_best / search_best, 1),
            "opponent_kiwipete_made_perft_nodes_per_s": round(leaf_best),
            "opponent_node_cost_vs_made_perft": round(leaf_best / search_best, 1),
            "opponent_kiwipete_generating_perft_nodes_per_s": round(made_best),
            "opponent_node_cost_vs_generating_perft": round(made_best / search_best, 2)}


def fsf_node_cost(movetime_ms: int = FSF_MOVETIME_MS) -> dict[str, float]:
    """Fairy-Stockfish's searched node against its own bulk-counted perft node on Kiwipete:
    nodes a second of ``go perft 4`` and of a ``go movetime`` search, one thread (empty when
    no engine is beside the checkout)."""
    with fsf_session() as ask:
        if ask is None:
            return {}
        ask(f"position fen {KIWIPETE}\nisready", "readyok")
        t = time.perf_counter()
        counted = ask("go perft 4", "Nodes searched")
        perft_nps = int(counted[-1].split(":")[1]) / (time.perf_counter() - t)
        ask(f"ucinewgame\nposition fen {KIWIPETE}\nisready", "readyok")
        said = ask(f"go movetime {movetime_ms}", "bestmove")
        rates = [int(line.split(" nps ")[1].split()[0]) for line in said if " nps " in line]
    if not rates:
        return {}
    return {"opponent_fairy_stockfish_kiwipete_search_nodes_per_s": rates[-1],
            "opponent_fairy_stockfish_kiwipete_perft_nodes_per_s": round(perft_nps),
            "opponent_fairy_stockfish_node_cost_vs_perft": round(perft_nps / rates[-1], 1)}


def profile(top: int = 0) -> tuple[float, str]:
    """The share of a Kiwipete search's time in the move generator, and the profile's top
    lines (``top`` of them)."""
    v = sample("fide")
    opponent = Opponent(v, fen=KIWIPETE)
    prof = cProfile.Profile()
    prof.enable()
    opponent.think((), Limits(SEARCH_DEPTH))
    prof.disable()
    stats = pstats.Stats(prof)
    total = sum(row[2] for row in stats.stats.values())          # type: ignore[attr-defined]
    generator = sum(row[2] for (path, _, _), row in stats.stats.items()  # type: ignore[attr-defined]
                    if any(part in path for part in GENERATOR_FILES))
    text = io.StringIO()
    if top:
        pstats.Stats(prof, stream=text).sort_stats("tottime").print_stats(top)
    return (generator / total if total else 0.0), text.getvalue()


def depth_in(variant: Variant, fen: str | None, seconds: float = SECONDS) -> tuple[int, int]:
    """The deepest iteration completed within ``seconds`` of processor time, and the nodes."""
    opponent = Opponent(variant, fen=fen)
    done = threading.Event()
    start = time.process_time()

    def clock() -> None:
        while not done.wait(0.01):
            if time.process_time() - start >= seconds:
                opponent.stop()
                return

    watcher = threading.Thread(target=clock, daemon=True)
    watcher.start()
    try:
        thought = opponent.think((), Limits())
    finally:
        done.set()
        watcher.join()
    return thought.depth, thought.nodes


def match_rate(variant: Variant) -> tuple[float, float]:
    """Self-play games a minute on one core at ``MATCH_DEPTH``, and their mean length."""
    config = MatchConfig(variant, MATCH_GAMES, limits=Limits(depth=MATCH_DEPTH), seed=1,
                         max_plies=MATCH_PLIES)
    result, t = _cpu(lambda: run_match(config))
    plies = sum(r.plies for r in result.records) / len(result.records)
    return len(result.records) / t * 60, plies


def opponent_figures() -> dict[str, Any]:
    out: dict[str, Any] = dict(node_rates())
    out.update(fsf_node_cost())
    share, _ = profile()
    out["opponent_kiwipete_generator_share"] = round(share, 2)
    for label, name, fen in DEPTH_RUNS:
        depth, nodes = depth_in(sample(name), fen)
        out[f"opponent_depth_in_2s_{label}"] = depth
        out[f"opponent_depth_in_2s_{label}_nodes"] = nodes
    for label, name in MATCH_RUNS:
        rate, plies = match_rate(sample(name))
        out[f"opponent_match_{label}_d{MATCH_DEPTH}_games_per_min_per_core"] = round(rate, 2)
        out[f"opponent_match_{label}_d{MATCH_DEPTH}_mean_plies"] = round(plies, 1)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--profile", action="store_true",
                    help="print the top lines of a profile of the Kiwipete search instead")
    args = ap.parse_args()
    if args.profile:
        share, text = profile(25)
        print(f"share of time in move generation: {share:.0%}")
        print(text)
        return
    print(json.dumps(opponent_figures(), indent=1))


if __name__ == "__main__":
    main()

"""Positions after seeded random play in Fairy-Stockfish's built-in variants, with the node
counts of Fairy-Stockfish's own ``go perft`` on each: test data that owes nothing to our engine.

The random games are played with pyffish (Fairy-Stockfish's move generator: ``legal_moves``,
``get_fen``), so every position is one Fairy-Stockfish reaches; the counts come from the engine
binary (``position fen ...`` then ``go perft N``). Writes JSON lines
``{"variant", "fen", "depth", "nodes", "source"}``.

    python tools/fsf_perft_positions.py --engine ../shared/engines/fairy-stockfish \\
        --out tests/data/perft/fsf-random.jsonl --games 4 --plies 10,20,40
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess

VARIANTS = {"shogi": 3, "xiangqi": 3, "chess": 3, "capablanca": 2, "grand": 2, "crazyhouse": 2,
            "makruk": 3, "shatranj": 3, "courier": 2}


def positions(variant: str, games: int, plies: list[int], seed: int) -> list[str]:
    import pyffish as sf
    rng = random.Random(f"{variant}-{seed}")
    start = sf.start_fen(variant)
    out = []
    for _ in range(games):
        moves: list[str] = []
        for ply in range(max(plies) + 1):
            if ply in plies:
                out.append(sf.get_fen(variant, start, moves))
            legal = sf.legal_moves(variant, start, moves)
            if not legal:
                break
            moves.append(rng.choice(sorted(legal)))
    return out


def perft(engine: str, variant: str, fen: str, depth: int) -> int:
    script = (f"uci\nsetoption name UCI_Variant value {variant}\nposition fen {fen}\n"
              f"go perft {depth}\nquit\n")
    text = subprocess.run([engine], input=script, capture_output=True, text=True,
                          timeout=600).stdout
    for line in text.splitlines():
        if line.startswith("Nodes searched:"):
            return int(line.split(":")[1])
    raise RuntimeError(f"no perft answer for {variant} {fen}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--engine", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--games", type=int, default=4)
    ap.add_argument("--plies", default="10,20,40")
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    plies = [int(x) for x in a.plies.split(",")]
    version = subprocess.run([a.engine], input="quit\n", capture_output=True,
                             text=True).stdout.splitlines()[0].strip()
    with open(a.out, "w") as f:
        for variant, depth in VARIANTS.items():
            for fen in positions(variant, a.games, plies, a.seed):
                nodes = perft(a.engine, variant, fen, depth)
                row = {"variant": variant, "fen": fen, "depth": depth, "nodes": nodes,
                       "source": f"{version} `go perft` after random play (pyffish moves, "
                                 f"seed {a.seed})"}
                f.write(json.dumps(row) + "\n")
                print(variant, depth, nodes, fen, flush=True)


if __name__ == "__main__":
    main()

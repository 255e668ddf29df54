"""Our Fairy-Stockfish exports against Fairy-Stockfish's own variants, position by position.

For every sample whose game Fairy-Stockfish has built in (``SAMPLES``: the sample file and
the engine's variant), the sample is exported as a variants.ini section (``fsf_ini.write``,
without our ``@designer`` lines: what the engine reads), loaded into pyffish under its own
name, and seeded random games are played from the start position, each move chosen among
the built-in variant's legal moves. At every position both variants must give the same legal
moves and the same game ends (immediate and optional ends, and the result where no move is
left); a position that differs is counted, with the moves that led to it, and the game goes
on.

    python benchmarks/fsf_export_games.py                 # 4,800 positions per sample
    python benchmarks/fsf_export_games.py --positions 300 --seed 2

Output (JSON): per sample the section's parent, the positions compared and those differing,
and the first few differences. The suite runs a few hundred positions per sample
(``tests/formats/test_fsf_export_games.py``).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

# sample stem -> Fairy-Stockfish's built-in variant of the same game
SAMPLES = {"fide": "chess", "capablanca": "capablanca", "grand": "grand", "xiangqi": "xiangqi",
           "shogi": "shogi", "crazyhouse": "crazyhouse", "makruk": "makruk",
           "shatranj": "shatranj", "courier": "courier"}
MAX_PLIES = 120


def exported(stem: str, tag: str) -> tuple[str, str]:
    """(the section text, its name) of a sample's export, named apart with ``tag``."""
    from designer.formats import fsf_ini, xboard_ini
    v = xboard_ini.load(ROOT / "variants" / f"{stem}.ini")
    v = replace(v, name=f"vd{stem}{tag}")
    return fsf_ini.write(v, with_designer=False), fsf_ini.section_name(v)


def _ends(sf: Any, name: str, fen: str, moves: list[str], legal: list[str]) -> list[Any]:
    """The game ends the engine sees: immediate (flag, extinction …), optional (repetition,
    move limit) and, without legal moves, the result (mate or stalemate value)."""
    out: list[Any] = []
    for ended, value in (sf.is_immediate_game_end(name, fen, moves),
                         sf.is_optional_game_end(name, fen, moves)):
        out.append((ended, value if ended else None))     # no value without an end
    if not legal:
        out.append(sf.game_result(name, fen, moves))
    return out


def compare(stem: str, positions: int, seed: int, tag: str = "") -> dict[str, Any]:
    """Play random games until ``positions`` positions were compared."""
    import pyffish as sf
    text, ours = exported(stem, tag)
    theirs = SAMPLES[stem]
    sf.load_variant_config(text)
    parent = text.split("]")[0].split(":")[-1] if ":" in text.split("]")[0] else "-"
    rng = random.Random(f"{seed}:{stem}")
    start_ours, start_theirs = sf.start_fen(ours), sf.start_fen(theirs)
    done = differing = 0
    examples: list[dict[str, Any]] = []
    while done < positions:
        moves: list[str] = []
        for _ in range(MAX_PLIES):
            if done >= positions:
                break
            a = sorted(sf.legal_moves(ours, start_ours, moves))
            b = sorted(sf.legal_moves(theirs, start_theirs, moves))
            end_a = _ends(sf, ours, start_ours, moves, a)
            end_b = _ends(sf, theirs, start_theirs, moves, b)
            done += 1
            if a != b or end_a != end_b:
                differing += 1
                if len(examples) < 5:
                    examples.append({"moves": " ".join(moves),
                                     "only_ours": sorted(set(a) - set(b))[:8],
                                     "only_theirs": sorted(set(b) - set(a))[:8],
                                     "end": [end_a, end_b]})
            if not b or end_b[0][0]:
                break
            moves.append(rng.choice(b))
    return {"sample": stem, "builtin": theirs, "parent": parent, "positions": done,
            "differing": differing, "examples": examples}


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--positions", type=int, default=4800)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    results = [compare(stem, args.positions, args.seed) for stem in SAMPLES]
    print(json.dumps(results, indent=1))
    return 0 if all(r["differing"] == 0 for r in results) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

"""Fairy-Stockfish's own variants.ini, section by section: read by us, written back by our
export, and both sections played side by side in pyffish.

For each section, the original and our written form (``fsf_ini.write`` without our
``@designer`` lines) are loaded into pyffish; seeded random games are played from the start
position, each move chosen among the original's legal moves, and at every position both must
give the same legal moves. A section that differs is listed with the first position where it
does, the moves there that only one side has, and the keys our reader named for it
(``fsf_ini.read_notices``) and what our export named as not written (``fsf_ini.fsf_problems``,
errors): a round trip either gives back the same game or names what changed.

    python benchmarks/fsf_round_trip_games.py                    # 8 games of 60 plies each
    python benchmarks/fsf_round_trip_games.py --games 2 --plies 30 shogun chak
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


def compare(sf: Any, text: str, name: str, games: int, plies: int, seed: int) -> dict[str, Any]:
    from designer.formats import fsf_ini
    v = fsf_ini.read(text, name, "variants.ini")
    ours = f"rt{name.replace('-', '')}"
    written = fsf_ini.write(replace(v, name=ours), with_designer=False)
    sf.load_variant_config(written)
    ours = fsf_ini.section_name(replace(v, name=ours))
    rng = random.Random(f"{name}-{seed}")
    start, mine_start = sf.start_fen(name), sf.start_fen(ours)
    seen = 0
    for _ in range(games):
        moves: list[str] = []
        for _ in range(plies):
            theirs = set(sf.legal_moves(name, start, moves))
            mine = set(sf.legal_moves(ours, mine_start, moves))
            seen += 1
            if theirs != mine:
                return {"section": name, "positions": seen, "moves": moves,
                        "only_original": sorted(theirs - mine)[:6],
                        "only_written": sorted(mine - theirs)[:6],
                        "named": sorted({n.key for n in
                                         fsf_ini.read_notices(text, name, "variants.ini")}),
                        "export_named": sorted({f"{p.piece} {p.field}".strip() for p in
                                                fsf_ini.fsf_problems(v)
                                                if p.severity == "error"})}
            if not theirs:
                break
            moves.append(rng.choice(sorted(theirs)))
    return {"section": name, "positions": seen}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("sections", nargs="*")
    parser.add_argument("--games", type=int, default=8)
    parser.add_argument("--plies", type=int, default=60)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    import pyffish as sf
    from designer.formats import fsf_ini
    text = (ROOT / "tests" / "data" / "fsf" / "variants.ini").read_text()
    sf.load_variant_config(text)
    results, differ = [], []
    for name in args.sections or fsf_ini.sections(text):
        try:
            r = compare(sf, text, name, args.games, args.plies, args.seed)
        except Exception as e:          # a section we refuse: said, not counted
            r = {"section": name, "error": f"{type(e).__name__}: {e}"}
        results.append(r)
        if "only_original" in r:
            differ.append(r)
    print(json.dumps({"sections": len(results), "differ": differ,
                      "refused": [r for r in results if "error" in r]}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Mate-in-2 positions for the opponent's strength tests, each verified by Fairy-Stockfish.

The FIDE positions come from published games and problems (named in ``source``); the fairy
ones were composed for these tests (Capablanca, Shogi with a drop mate, Xiangqi). Each is given
to the engine binary with ``go mate 2``; its last ``info`` line (which must say ``score mate 2``)
and its ``bestmove`` are written beside the position, so the data says who verified it.
Writes JSON lines ``{"name", "sample", "variant", "fen", "source", "fsf", "bestmove"}``.

    python tools/fsf_mate_positions.py --engine ../shared/engines/fairy-stockfish \\
        --out tests/data/opponent/mate-in-2.jsonl
"""

from __future__ import annotations

import argparse
import json
import subprocess

COMPOSED = "composed for these tests"

#: (name, our sample, Fairy-Stockfish's variant, FEN, source)
POSITIONS = [
    ("morphy", "fide", "chess", "kbK5/pp6/1P6/8/8/8/8/R7 w - - 0 1",
     "Paul Morphy's problem (1.Ra6!), a classic of mate-in-2 collections"),
    ("morphy-mirrored", "fide", "chess", "r7/8/8/8/8/1p6/PP6/KBk5 b - - 0 1",
     "Morphy's problem with the colours exchanged (Black mates: 1...Ra3!)"),
    ("opera-game", "fide", "chess", "4kb1r/p2n1ppp/4q3/4p1B1/4P3/1Q6/PPP2PPP/2KR4 w k - 0 16",
     "Morphy - Duke Karl of Brunswick and Count Isouard, Paris 1858, before 16.Qb8+"),
    ("immortal-game", "fide", "chess",
     "r1bk2nr/p2p1pNp/n2B4/1p1NP2P/6P1/3P1Q2/P1P1K3/q5b1 w - - 1 22",
     "Anderssen - Kieseritzky, London 1851, before 22.Qf6+"),
    ("evergreen-game", "fide", "chess",
     "1r2k1r1/pbp1np1p/1b3P2/5B2/8/B1P2q2/P4PPP/3R2K1 w - - 2 23",
     "Anderssen - Dufresne, Berlin 1852, before 23.Bd7+"),
    ("lasker-thomas", "fide", "chess",
     "rn3r2/pbppq1p1/1p2pN2/8/3P2NP/6P1/PPP1BPk1/R3K2R w KQ - 3 17",
     "Ed. Lasker - Thomas, London 1912, before 17.Rh2+ (mate by castling or Kd2)"),
    ("reti-tartakower", "fide", "chess",
     "rnbk1b1r/pp3ppp/2p5/4q3/4n3/8/PPPB1PPP/2KR1BNR w - - 0 10",
     "Reti - Tartakower, Vienna 1910, before 10.Bg5+"),
    ("capablanca-chancellor", "capablanca", "capablanca",
     "r8k/7ppp/10/10/10/10/4R5/4C4K w - - 0 1", COMPOSED + ": a back-rank sacrifice"),
    ("capablanca-archbishop", "capablanca", "capablanca",
     "9k/8rp/5pp2P/2K5AP/10/10/10/10 w - - 0 1",
     COMPOSED + ": the Archbishop's knight and bishop lines"),
    ("shogi-drop", "shogi", "shogi", "8s/k1S1p1p2/4g4/9/7R1/9/9/9/K8[G] w - - 0 1",
     COMPOSED + ": a Rook check, then a Gold dropped to mate"),
    ("shogi-sacrifice", "shogi", "shogi", "3kg4/5S2R/p2p4s/9/9/9/9/6K2/9[G] w - - 0 1",
     COMPOSED + ": a Silver sacrificed, then a Gold dropped to mate"),
    ("xiangqi-horse", "xiangqi", "xiangqi", "3a5/2C6/3k1aN2/9/2b6/9/R8/9/9/5K3 w - - 0 1",
     COMPOSED + ": Horse and Chariot"),
    ("xiangqi-cannons", "xiangqi", "xiangqi", "4ka3/R8/9/9/C8/9/C8/9/p2K5/1p7 w - - 0 1",
     COMPOSED + ": two Cannons on one file"),
]


def verify(engine: str, variant: str, fen: str) -> tuple[str, str]:
    """The engine's last ``info`` line and its ``bestmove`` for ``go mate 2``."""
    p = subprocess.Popen([engine], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    assert p.stdin is not None and p.stdout is not None
    p.stdin.write(f"uci\nsetoption name UCI_Variant value {variant}\nposition fen {fen}\n"
                  "go mate 2\n")
    p.stdin.flush()
    info = best = ""
    for line in p.stdout:
        if line.startswith("info depth"):
            info = line.strip()
        elif line.startswith("bestmove"):
            best = line.split()[1]
            break
    p.stdin.write("quit\n")
    p.stdin.flush()
    p.wait(timeout=10)
    return info, best


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--engine", required=True)
    ap.add_argument("--out", required=True)
    args = ap.parse_args()
    with open(args.out, "w", encoding="utf-8") as out:
        for name, sample, variant, fen, source in POSITIONS:
            info, best = verify(args.engine, variant, fen)
            if " score mate 2 " not in info:
                raise SystemExit(f"{name}: the engine does not see a mate in 2: {info}")
            row = {"name": name, "sample": sample, "variant": variant, "fen": fen,
                   "source": source, "fsf": info, "bestmove": best}
            out.write(json.dumps(row) + "\n")
            print(name, best)


if __name__ == "__main__":
    main()

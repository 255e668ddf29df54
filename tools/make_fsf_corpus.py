#!/usr/bin/env python3
"""Write ``tests/data/fsf/corpus_perft.json``: Fairy-Stockfish's own perft counts for every
section of its ``variants.ini`` (the copy in ``tests/data/fsf/variants.ini``) and for the
built-in variants those sections name as parents.

Usage: ``python tools/make_fsf_corpus.py [ENGINE]`` (default ``../shared/engines/fairy-stockfish``
beside the checkout). The engine is asked, in one process::

    setoption name VariantPath value tests/data/fsf/variants.ini
    setoption name UCI_Variant value NAME      (when the UCI_Variant option offers NAME)
    position startpos / d / go perft 1, 2, 3

Depth 3 is counted only where it stays under ``MAX_D3`` nodes (estimated from depths 1 and 2
first). Then, per variant, ``POSITIONS`` positions after seeded random legal moves (the moves
are the engine's own ``go perft 1`` list; the seed is the variant's name): their FEN as ``d``
prints it, and perft 1 and 2 from ``position fen FEN``. Where perft from the FEN differs from
perft after ``position startpos moves ...`` (state a FEN does not carry), both are kept.

Each variant is tagged with its rule families (from its keys and its parents), so that tests
can pick samples per family. Nothing here is computed by Variant Designer.
"""

from __future__ import annotations

import json
import random
import re
import sys
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(Path(__file__).resolve().parent))

from fsf_uci import Engine, EngineError  # noqa: E402

CORPUS = ROOT / "tests" / "data" / "fsf" / "variants.ini"
OUT = ROOT / "tests" / "data" / "fsf" / "corpus_perft.json"
MAX_D3 = 300_000
POSITIONS = (4, 11)                  # plies of random play before each recorded position
# Built-in variants to record besides the corpus parents: issue 20's games with a sample.
EXTRA_BUILTINS = ("chess", "capablanca", "grand", "xiangqi", "shogi", "crazyhouse", "makruk",
                  "shatranj", "courier")
_HEADER = re.compile(r"^\[([^\]:\s]+)(?::([^\]\s]+))?\]\s*$")

# Rule families of the built-in parents (src/variant.cpp), and of keys that mark one.
BUILTIN_FAMILY = {
    "3check": "check-count", "5check": "check-count", "atomic": "atomic",
    "nocheckatomic": "atomic", "giveaway": "must-capture", "antichess": "must-capture",
    "extinction": "extinction", "kingofthehill": "flag", "racingkings": "flag",
    "crazyhouse": "drops", "placement": "drops", "shogi": "shogi", "minishogi": "shogi",
    "gorogoro": "shogi", "xiangqi": "xiangqi", "janggi": "janggi", "makruk": "counting",
    "amazons": "walls", "snailtrail": "walls", "ataxx": "enclosing", "flipello": "enclosing",
    "breakthrough": "flag", "pocketknight": "drops", "grand": "chess", "capablanca": "chess",
    "janus": "chess", "gardner": "chess", "losalamos": "chess", "chess": "chess",
    "shatranj": "chess", "courier": "chess",
}
KEY_FAMILY = (
    ("blastOnCapture", "atomic"), ("mustCapture", "must-capture"),
    ("checkCounting", "check-count"), ("flagRegion", "flag"), ("flagPiece", "flag"),
    ("extinction", "extinction"), ("pieceDrops", "drops"), ("promotedPieceType", "shogi"),
    ("gating", "gating"), ("wallingRule", "walls"), ("enclosingDrop", "enclosing"),
    ("flipEnclosedPieces", "enclosing"), ("connect", "connect"), ("collinearN", "connect"),
    ("countingRule", "counting"), ("pass", "pass"), ("flyingGeneral", "xiangqi"),
    ("petrifyOnCapture", "petrify"), ("mustDrop", "drops"), ("castlingWins", "castling-wins"),
    ("dupleCheck", "extinction"), ("stalemateValue", "game-end"), ("checkmateValue", "game-end"),
    ("nFoldValue", "game-end"), ("checking", "no-check"),
)


def sections(text: str) -> dict[str, tuple[str | None, list[str]]]:
    """name -> (parent, the keys it sets), in file order."""
    out: dict[str, tuple[str | None, list[str]]] = {}
    current: list[str] | None = None
    for raw in text.splitlines():
        line = raw.strip()
        m = _HEADER.match(line)
        if m:
            current = []
            out[m[1]] = (m[2], current)
        elif current is not None and line and line[0] not in "#;" and "=" in line:
            current.append(line.split("=")[0].strip())
    return out


def families(name: str, corpus: dict[str, tuple[str | None, list[str]]]) -> list[str]:
    found: set[str] = set()
    seen = set()
    while name in corpus and name not in seen:
        seen.add(name)
        parent, keys = corpus[name]
        for key in keys:
            found |= {fam for mark, fam in KEY_FAMILY if key.startswith(mark)}
        if parent is None:
            break
        name = parent
    if name not in corpus and name in BUILTIN_FAMILY:
        found.add(BUILTIN_FAMILY[name])
    return sorted(found - {"chess"}) or ["chess"]


def counts(engine: Engine, fen: str | None, moves: tuple[str, ...], deepest: int) -> list[int]:
    """perft 1, 2 (and 3 when estimated under MAX_D3 and found under it)."""
    engine.position(fen, moves)
    out = [engine.perft(1).nodes]
    if deepest < 2:
        return out
    engine.position(fen, moves)
    out.append(engine.perft(2).nodes)
    if deepest >= 3 and out[0] and out[1] * out[1] // out[0] <= 3 * MAX_D3:
        engine.position(fen, moves)
        d3 = engine.perft(3).nodes
        if d3 <= MAX_D3:
            out.append(d3)
    return out


def record(engine: Engine, name: str) -> dict[str, object]:
    if not engine.variant(name):
        return {"loads": False}
    engine.position()
    entry: dict[str, object] = {"loads": True, "start": engine.fen(),
                                "perft": counts(engine, None, (), 3)}
    rng = random.Random(zlib.crc32(name.encode()))
    played: list[str] = []
    positions = []
    for plies in POSITIONS:
        while len(played) < plies:
            engine.position(None, tuple(played))
            legal = sorted(engine.perft(1).divide)
            if not legal:
                break
            played.append(rng.choice(legal))
        if len(played) < plies:
            break
        engine.position(None, tuple(played))
        fen = engine.fen()
        pos: dict[str, object] = {"moves": list(played), "fen": fen,
                                  "perft": counts(engine, fen, (), 2)}
        by_moves = counts(engine, None, tuple(played), 2)
        if by_moves != pos["perft"]:
            pos["perft_after_moves"] = by_moves
        positions.append(pos)
    entry["positions"] = positions
    return entry


def main(argv: list[str]) -> int:
    engine_path = argv[1] if len(argv) > 1 else str(ROOT.parent / "shared" / "engines" /
                                                    "fairy-stockfish")
    text = CORPUS.read_text(encoding="utf-8")
    corpus = sections(text)
    parents = sorted({p for p, _ in corpus.values() if p and p not in corpus})
    builtins = sorted(set(parents) | set(EXTRA_BUILTINS))
    data: dict[str, object] = {
        "_about": "Fairy-Stockfish's own perft counts (leaf nodes of `go perft N`) from the "
                  "start position of every section of tests/data/fsf/variants.ini and of the "
                  "built-in variants they inherit from, and from positions after seeded random "
                  "moves. perft lists depths 1, 2 and 3 (3 only where it stays under "
                  f"{MAX_D3} nodes). A variant whose game is over has no legal moves "
                  "(movegen.cpp generate<LEGAL>: is_immediate_game_end).",
        "_command": "python tools/make_fsf_corpus.py ../shared/engines/fairy-stockfish",
    }
    with Engine(engine_path) as engine:
        data["_engine"] = engine.banner
        out_sections: dict[str, object] = {}
        for name in builtins:
            entry = record(engine, name)
            entry["families"] = [BUILTIN_FAMILY.get(name, "chess")]
            out_sections[name] = entry
            print(f"builtin {name}: {entry.get('perft')}", flush=True)
        data["builtins"] = out_sections
        said = engine.load(str(CORPUS))
        errors = [s for s in said if "rror" in s or "nvalid" in s]
        data["_load_messages"] = errors
        out_corpus: dict[str, object] = {}
        for name, (parent, _) in corpus.items():
            try:
                entry = record(engine, name)
            except EngineError as e:
                entry = {"loads": True, "error": str(e)}
            entry["parent"] = parent
            entry["families"] = families(name, corpus)
            out_corpus[name] = entry
            print(f"{name}: {entry.get('perft')} {entry['families']}", flush=True)
        data["sections"] = out_corpus
    OUT.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

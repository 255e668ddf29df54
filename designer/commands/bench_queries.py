"""The mixed ``targets`` query set the speed comparison with XBoard's generator runs on.

Deterministic (fixed seed): the XBetza pieces of every sample variant in ``variants/`` and the
valid XBetza seed examples (``designer/data/seed_examples.jsonl``, shipped), each placed on random
squares of random boards from 8x8 to 16x16 among random friends and foes, for either side.
Only constructs XBoard 4.9's generator reads go in (its atoms, its modifier letters, no
coordinate leaps, drops, universal leaper or Betza 2.0), so that both programs answer every
query; whether they agree is the vectors' business, not the benchmark's.
"""

from __future__ import annotations

import json
import random
import re
from ..geometry.board import square_name
from ..paths import samples_dir

SEED = 20240611
DEFAULT_COUNT = 4000

# Seed 004 "XBoard limitations": the atoms and the modifier letters XBoard's reader knows.
XBOARD_ATOMS = frozenset("WFDNAHCZGKBRQJL")
XBOARD_MODIFIERS = frozenset("fblrvshmcdetpgoynjia")


def xboard_readable(text: str) -> bool:
    """Whether XBoard 4.9's generator reads every letter of ``text`` (it may read it differently
    from us; that is what the compatibility warnings are for)."""
    if not text or len(text) > 60:
        return False
    for ch in text:
        if ch.isdigit():
            continue
        if ch.isupper():
            if ch not in XBOARD_ATOMS:
                return False
        elif ch not in XBOARD_MODIFIERS:
            return False
    # a range is one digit, or two from 10 on: XBoard reads W02 as W0 and stops at the 2
    return all(len(run) == 1 or (len(run) == 2 and run[0] != "0")
               for run in re.findall(r"[0-9]+", text))


def piece_pool() -> list[str]:
    """The XBetza definitions the queries use, sorted (the shipped sample variants and seed
    examples)."""
    pool: set[str] = set()
    variants = samples_dir()
    if variants.is_dir():
        from ..formats.registry import read_any
        for path in sorted(variants.glob("*.ini")):
            try:
                v = read_any(path)
            except Exception:  # a broken sample is the formats tests' business, not ours
                continue
            for p in v.pieces:
                if p.dialect == "xbetza" and xboard_readable(p.notation):
                    pool.add(p.notation)
    from .bench_notation import seed_examples
    for case in seed_examples():
        if case.get("dialect") == "xbetza" and case.get("status") == "valid" \
                and xboard_readable(case["text"]):
            pool.add(case["text"])
    from ..notation.errors import NotationError
    from ..notation.parser import parse
    readable = []
    for text in sorted(pool):
        try:
            parse(text)
        except NotationError:
            continue
        readable.append(text)
    return readable


def _name(f: int, r: int) -> str:
    return square_name((f, r))


def build_queries(count: int = DEFAULT_COUNT, seed: int = SEED) -> list[str]:
    """``count`` JSON request lines (docs/cli-contract.md), the same ones for the same seed."""
    pool = piece_pool()
    if not pool:
        pool = ["KNADcaKmcabK"]
    rnd = random.Random(seed)
    lines = []
    for i in range(count):
        betza = pool[i % len(pool)] if i < len(pool) else rnd.choice(pool)
        files, ranks = rnd.randint(8, 16), rnd.randint(8, 16)
        squares = [(f, r) for f in range(files) for r in range(ranks)]
        rnd.shuffle(squares)
        origin = squares.pop()
        crowd = rnd.randint(0, len(squares) // 4)
        friends = sorted(squares[:crowd // 2])
        foes = sorted(squares[crowd // 2:crowd])
        lines.append(json.dumps({
            "betza": betza, "files": files, "ranks": ranks, "square": _name(*origin),
            "friends": [_name(*s) for s in friends], "foes": [_name(*s) for s in foes],
            "side": rnd.choice(("white", "black")), "virgin": rnd.random() < 0.5,
        }))
    return lines


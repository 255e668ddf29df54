"""Shared by the rules tests: the samples, Fairy-Stockfish's built-in variants they stand for,
and the perft data files (counts from Fairy-Stockfish and published tables, never ours)."""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

from designer.formats import xboard_ini
from designer.variant.model import Variant

ROOT = Path(__file__).resolve().parents[2]
PERFT = ROOT / "tests" / "data" / "perft"
VECTORS = ROOT / "tests" / "data" / "vectors"
SAMPLES = sorted(p.stem for p in (ROOT / "variants").glob("*.ini"))

#: Fairy-Stockfish's built-in variant -> our sample of the same game
SAMPLE_OF = {"chess": "fide", "capablanca": "capablanca", "grand": "grand", "xiangqi": "xiangqi",
             "shogi": "shogi", "crazyhouse": "crazyhouse", "makruk": "makruk",
             "shatranj": "shatranj", "courier": "courier"}


@lru_cache(maxsize=32)
def sample(name: str) -> Variant:
    path = ROOT / "variants" / f"{name}.ini"
    return xboard_ini.read(path.read_text(), str(path))


def rows(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]

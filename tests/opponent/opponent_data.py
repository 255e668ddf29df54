"""Shared by the opponent's tests: the samples and the mate-in-2 positions (verified by
Fairy-Stockfish, its answer recorded beside each: ``tools/fsf_mate_positions.py``)."""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

from designer.formats import xboard_ini
from designer.variant.model import Variant

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = sorted(p.stem for p in (ROOT / "variants").glob("*.ini"))
MATES = [json.loads(line) for line in
         (ROOT / "tests" / "data" / "opponent" / "mate-in-2.jsonl").read_text().splitlines()
         if line.strip()]


@lru_cache(maxsize=32)
def sample(name: str) -> Variant:
    path = ROOT / "variants" / f"{name}.ini"
    return xboard_ini.read(path.read_text(), str(path))

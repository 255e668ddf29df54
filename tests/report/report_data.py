"""Shared by the balance report's tests: the samples, read once."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from designer.formats import xboard_ini
from designer.variant.model import Variant

ROOT = Path(__file__).resolve().parents[2]


@lru_cache(maxsize=8)
def sample(name: str) -> Variant:
    path = ROOT / "variants" / f"{name}.ini"
    return xboard_ini.read(path.read_text(), str(path))

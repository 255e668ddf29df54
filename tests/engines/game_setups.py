"""Variants the engine tests play: samples whose game Fairy-Stockfish has built in (given to
it by name), and a variant with custom Betza pieces (given to it as our exported section)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from designer.formats.registry import read_any
from designer.variant.model import Variant

ROOT = Path(__file__).resolve().parents[2]


def sample(name: str) -> Variant:
    return read_any(ROOT / "variants" / f"{name}.ini")


def crooked() -> Variant:
    """FIDE chess whose knights also capture two squares straight ahead or aside (``NcD``) and whose bishops move as
    rooks but capture as bishops (``mRcB``): pieces no engine has built in."""
    fide = sample("fide")
    pieces = tuple(replace(p, notation="NcD", name="Charger") if p.letter == "N" else
                   replace(p, notation="mRcB", name="Crook") if p.letter == "B" else p
                   for p in fide.pieces)
    return replace(fide, name="Crooked Chess", pieces=pieces, parent="fairy")


def wide_shogi() -> Variant:
    """Shogi whose Silver General also steps sideways (``FfsW``): Shogi's section with one
    piece changed (its export inherits Fairy-Stockfish's shogi)."""
    shogi = sample("shogi")
    return replace(shogi, name="Wide Shogi", pieces=tuple(
        replace(p, notation="FfsW") if p.letter == "S" else p for p in shogi.pieces))

"""Shared by the records tests: the samples, the games XBoard 4.9.1 saved itself and what it
showed at their end, and seeded random games of our own."""

from __future__ import annotations

import json
import random
from functools import lru_cache
from pathlib import Path

from designer.formats import xboard_ini
from designer.game.game import Game, RulesNotPlayed
from designer.variant.model import Variant

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "data" / "records"
XBOARD = DATA / "xboard"
#: every game XBoard saved: the records made for these tests and the short scripted games of
#: the PGN-tags tests
XBOARD_GAMES = sorted(XBOARD.glob("*.pgn")) + \
    sorted((ROOT / "tests" / "data" / "xboard" / "games").glob("*.pgn"))
SAMPLES = sorted(p.stem for p in (ROOT / "variants").glob("*.ini"))


@lru_cache(maxsize=32)
def sample(name: str) -> Variant:
    path = ROOT / "variants" / f"{name}.ini"
    return xboard_ini.read(path.read_text(), str(path))


def xboard_positions() -> dict[str, str]:
    """File name -> the FEN XBoard saved (File > Save Position) after opening that file with
    ``xboard -ncp -lgf FILE -td 0`` (``tools/xboard_records.py replay``)."""
    data = json.loads((DATA / "xboard-positions.json").read_text())
    return {name: run["fen"] for name, run in data.items() if not name.startswith("_")}


def playable() -> list[str]:
    """The samples the rules engine plays."""
    out = []
    for name in SAMPLES:
        try:
            Game(sample(name))
        except RulesNotPlayed:
            continue
        out.append(name)
    return out


def random_game(variant: Variant, seed: int, plies: int, prefer_captures: bool = True) -> Game:
    """A seeded random game (captures, drops and promotions preferred, so that the record
    holds them), stopped at its end or after ``plies``."""
    rng = random.Random(seed)
    game = Game(variant)
    for _ in range(plies):
        moves = game.legal_moves()
        if not moves:
            break
        special = [m for m in moves if m.kills or m.promotion or m.is_drop or m.rook >= 0
                   or game.piece_at(m.target) is not None]
        pool = special if special and prefer_captures and rng.random() < 0.5 else moves
        game.push(rng.choice(pool))
    return game

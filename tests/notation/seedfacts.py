"""Reading the seed-example data file and checking its stated meanings against a parsed AST."""

from __future__ import annotations

import json
import re
from pathlib import Path

from designer.notation.ast import Atom, Piece, Spec

DATA = Path(__file__).resolve().parents[2] / "designer" / "data" / "seed_examples.jsonl"
# The source documents live next to the repository (../shared/seeds); the quote check skips
# itself where they are absent (a fresh clone elsewhere).
SEEDS = Path(__file__).resolve().parents[2].parent / "shared" / "seeds"
SEED_FILES = {"000": "000_9315320d1bb4f182.txt", "001": "001_8b60f978673eff05.txt",
              "002": "002_70e7e3c6fda95016.txt", "003": "003_ef9cb0fac4d06186.txt",
              "004": "004_e0c51f83889ee4ac.txt"}


def load() -> list[dict]:
    with DATA.open(encoding="utf-8") as fh:
        return [json.loads(line) for line in fh if line.strip()]


def normalise(text: str) -> str:
    """Seed text without HTML tags, source line numbers and runs of white space."""
    text = re.sub(r"<[^>]*>", "", text)
    text = re.sub(r"(?m)^\d+ ?", "", text)
    return re.sub(r"\s+", " ", text)


LEG_KEYS = {"atom", "count", "exact", "modes", "dirs", "lame", "initial", "turning", "erupt",
            "equal", "turn", "range_modes", "virgin", "limiter"}


def check_facts(piece: Piece, facts: list[dict], dialect: str, parse) -> None:
    """Assert every stated fact; facts name the group ``g`` and leg ``l`` they are about."""
    for fact in facts:
        fact = dict(fact)
        if "groups" in fact:
            assert len(piece.spec.paths) == fact.pop("groups"), fact
        if "same_as" in fact:
            assert piece == parse(fact.pop("same_as"), dialect), fact
        if not fact:
            continue
        path = piece.spec.paths[fact.pop("g", 0)]
        leg_index = fact.pop("l", 0)
        if "legs" in fact:
            assert len(path.legs) == fact.pop("legs"), fact
        leg = path.legs[leg_index]
        for key, want in fact.items():
            assert key in LEG_KEYS, f"unknown fact {key}"
            assert _leg_value(leg, key) == _want(key, want), (key, want, leg)


def _want(key: str, want):
    if key in ("modes", "range_modes", "virgin"):
        return frozenset(want)
    return want


def _leg_value(leg, key: str):
    if key == "atom":
        step = leg.step
        return "group" if isinstance(step, Spec) else step.text()
    if key == "count":
        return leg.range.count
    if key == "exact":
        return leg.range.exact
    if key == "modes":
        return frozenset(leg.mode_letters)
    if key == "range_modes":
        return frozenset(m.letter for m in leg.range.modes)
    if key == "turn":
        return leg.range.turn
    if key == "virgin":
        return frozenset(m.letter for m in leg.modes if m.virgin)
    if key == "limiter":
        lims = [m.limiter for m in leg.modes if m.limiter is not None]
        return ("!" if lims[0].negated else "") + ",".join(lims[0].types) if lims else None
    return getattr(leg, key)


def step_is_atom(leg) -> bool:
    return isinstance(leg.step, Atom)

"""Fairy-Stockfish's values for the pieces of one variant, as our export declares them.

The export (``formats.fsf_plan``) declares each piece as one of the engine's built-in types
(the engine then uses its table value) or as a custom piece (the engine then uses its formula);
pieces it cannot play are left out. For each piece we give both numbers where they exist: the
formula's (what the engine estimates for these moves as a custom piece) and the table's (where
the engine has a built-in type with exactly these moves), each after the engine's own
adjustments for the variant (``fsf_value``), and say which one the engine uses.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..formats.fsf_plan import FSF_MAX_FILES, FSF_MAX_RANKS, make_plan, pieces_data
from ..variant.model import Variant
from ..variant.derive import captures_to_hand
from .fsf_betza import BUILTIN_BETZA, CAPTURE, QUIET, FsfPieceInfo, TableKind, from_betza
from .fsf_value import (TABLE, FsfValue, board_scaled, drops_saturated, formula_value,
                        strongest_bonus)


@dataclass(frozen=True, slots=True)
class FsfEstimate:
    """One piece: ``formula`` and ``table`` values after the variant's adjustments (None where
    there is none), ``raw_formula``/``raw_table`` before them, ``builtin`` the matching
    built-in type, ``used`` which of the two the engine uses with our export ('formula',
    'table' or '' when it uses neither), ``betza`` the text the engine reads, ``reason`` why
    there is no value, ``notes`` the adjustments made."""

    formula: FsfValue | None = None
    table: FsfValue | None = None
    raw_formula: FsfValue | None = None
    raw_table: FsfValue | None = None
    builtin: str = ""
    used: str = ""
    betza: str = ""
    reason: str = ""
    notes: tuple[str, ...] = ()
    terms: str = ""


def builtin_for(piece: FsfPieceInfo) -> str:
    """The built-in type (other than the king) that reads exactly as ``piece``, or ''."""
    for name, betza in BUILTIN_BETZA.items():
        if name != "king" and name in TABLE and from_betza(betza).entries == piece.entries:
            return name
    return ""


def terms(piece: FsfPieceInfo) -> str:
    """The directions the formula counts, in words."""
    parts = []
    kinds: tuple[tuple[TableKind, str], ...] = (("steps", "leap"), ("slider", "slide"),
                                                ("hopper", "hop"))
    for kind, word in kinds:
        for modality, how in ((CAPTURE, "capture"), (QUIET, "quiet")):
            n = len(piece.table(kind, 0, modality))
            if n:
                parts.append(f"{n} {how} {word}{'s' if n != 1 else ''}")
    return ", ".join(parts) or "no moves"


_ORDER = {name: i for i, name in enumerate(TABLE)}     # types.h's order of the built-in types


def _type_order(key: str) -> int:
    """Where a declared type comes in the engine's piece-type order (built-ins, then custom
    pieces by number): PSQT::init takes the first of equally strong pieces."""
    if key.startswith("customPiece"):
        return len(_ORDER) + int(key[len("customPiece"):])
    return _ORDER.get(key, len(_ORDER))


def _strongest(raws: dict[str, FsfValue], keys: dict[str, str]) -> str:
    best, value = "", 0
    for letter in sorted(raws, key=lambda k: _type_order(keys[k])):
        if raws[letter].mg > value:
            best, value = letter, raws[letter].mg
    return best


def fsf_estimates(v: Variant) -> dict[str, FsfEstimate]:
    """Every piece of ``v``: what Fairy-Stockfish makes of it (see the module docstring)."""
    if v.files > FSF_MAX_FILES or v.ranks > FSF_MAX_RANKS:
        why = f"Fairy-Stockfish plays boards up to {FSF_MAX_FILES}x{FSF_MAX_RANKS}, not " \
            f"{v.files}x{v.ranks}"
        return {p.letter: FsfEstimate(reason=why) for p in v.pieces}
    plan = make_plan(v)
    infos: dict[str, tuple[FsfPieceInfo, str, str]] = {}       # letter -> (info, declared, betza)
    out: dict[str, FsfEstimate] = {}
    unknown: set[str] = set()
    for p in v.pieces:
        decl = plan.decl.get(p.letter)
        if decl is None:
            why = next((q.message for q in plan.problems
                        if q.piece == p.letter and q.severity == "error"), "left out of the export")
            out[p.letter] = FsfEstimate(reason=why)
            continue
        key, value = decl
        if key == "king":
            out[p.letter] = FsfEstimate(reason="the royal piece: Fairy-Stockfish gives its king "
                                        "no material value", used="")
            continue
        if key.startswith("customPiece"):
            betza = value.partition(":")[2]
        elif key in BUILTIN_BETZA:
            betza = BUILTIN_BETZA[key]
        else:                 # a type name this build of the engine does not have
            betza = pieces_data()[key][1]
            unknown.add(p.letter)
        infos[p.letter] = (from_betza(betza), key, betza)
    formula_raw = {k: formula_value(info) for k, (info, _, _) in infos.items()}
    table_raw: dict[str, FsfValue] = {}
    builtins: dict[str, str] = {}
    for k, (info, key, _) in infos.items():
        name = key if key in TABLE else builtin_for(info)
        if name:
            builtins[k] = name
            table_raw[k] = FsfValue(*TABLE[name])
    engine_raw = {k: table_raw[k] if infos[k][1] in TABLE else formula_raw[k] for k in infos}
    keys = {k: key for k, (_, key, _) in infos.items()}
    strongest = {"formula": _strongest(formula_raw, keys), "table": _strongest(engine_raw, keys)}
    drops = captures_to_hand(v)              # the rule set's drops, as the export writes them
    for k, (info, key, betza) in infos.items():
        values: dict[str, FsfValue | None] = {"formula": formula_raw[k], "table": table_raw.get(k)}
        notes: list[str] = []
        for column, raw in list(values.items()):
            if raw is None:
                continue
            adjusted = board_scaled(raw, info, v.files, v.ranks, drops)
            if adjusted != raw:
                notes.append(f"scaled for a {v.files}x{v.ranks} board as a slider")
            if drops:
                adjusted = drops_saturated(adjusted)
            elif strongest[column] == k:
                bonus = strongest_bonus(raw)
                if bonus.mg:
                    notes.append(f"the variant's strongest piece: +{bonus.mg}")
                adjusted = FsfValue(adjusted.mg + bonus.mg, adjusted.eg + bonus.eg)
            values[column] = adjusted
        used = "table" if key in TABLE else "formula"
        if k in unknown:
            used = ""
            notes.append(f"the export declares it as `{key}`, a type this Fairy-Stockfish "
                         "(c19b5f6c) does not have: the engine leaves it out")
        if drops:
            notes.append("saturated as in drop variants (the evaluation counts half, since a "
                         "capture also fills the hand)")
        out[k] = FsfEstimate(values["formula"], values["table"], formula_raw[k], table_raw.get(k),
                             builtins.get(k, ""), used, betza,
                             "", tuple(dict.fromkeys(notes)), terms(info))
    return out


__all__ = ["FsfEstimate", "builtin_for", "fsf_estimates", "terms"]

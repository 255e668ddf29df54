"""XBoard 4.9.1's built-in variants as data (``designer/data/xboard_variants.json``): board,
holdings, piece-to-char table, start position as XBoard saves it, promotion, and each piece's
moves as XBoard's own generator plays them.

Reading a file that names only a parent (``[Variant "xiangqi"]``, ``-variant shogi``) gives the
real variant from here instead of defaults; ``variant_name`` resolves a name the way XBoard's
``StringToVariant`` does. The engines that announce each variant are in
``designer/data/xboard_engines.json``.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any

from ..variant.fen import FenError, parse_fen, write_fen
from ..variant.model import PieceType, Variant
from ..vocabulary import Side, parse_side


@dataclass(frozen=True, slots=True)
class BuiltInPiece:
    """A piece of a built-in variant: its letter and slot in XBoard's table, its name, its
    moves in XBetza; ``exact`` is False where XBoard applies a rule the notation cannot carry
    (``note`` says which); ``side`` is ``"black"`` for a piece only Black has (spartan), ``None``
    for a piece of both sides."""

    letter: str
    slot: int
    name: str
    betza: str
    royal: bool = False
    exact: bool = True
    note: str = ""
    side: Side | None = None


@dataclass(frozen=True, slots=True)
class BuiltIn:
    """One ``-variant`` name of XBoard 4.9.1 and everything XBoard sets up for it."""

    name: str
    title: str
    files: int
    ranks: int
    holdings: int
    drops: bool
    table: str
    setup: str                  # as XBoard saves it; "" for shuffled back ranks
    castling: bool
    promotion_zone: int
    promotion_style: str        # "choice", "fixed", "shogi" or "none"
    promotion_to: tuple[str, ...]
    pieces: tuple[BuiltInPiece, ...]
    shuffled: bool = False
    rules: str = ""             # rules beyond piece moves: never chosen as a parent on its own
    notes: str = ""

    def piece(self, letter: str) -> BuiltInPiece | None:
        return next((p for p in self.pieces if p.letter == letter), None)


def _text(value: Any, default: str = "") -> str:
    return value if isinstance(value, str) else default


def _load(name: str, raw: dict[str, Any]) -> BuiltIn:
    promo = raw.get("promotion", {})
    to = promo.get("choices") or ([promo["to"]] if "to" in promo else [])
    pieces = tuple(BuiltInPiece(str(p["letter"]), int(p["slot"]), str(p["name"]),
                                str(p["betza"]), bool(p.get("royal", False)),
                                bool(p.get("exact", True)), _text(p.get("note")),
                                parse_side(p["side"]) if "side" in p else None)
                   for p in raw["pieces"])
    return BuiltIn(name, str(raw["title"]), int(raw["files"]), int(raw["ranks"]),
                   int(raw["holdings"]), bool(raw["drops"]), str(raw["table"]),
                   str(raw["setup"]), bool(raw["castling"]), int(promo.get("zone", 1)),
                   str(promo.get("style", "choice")), tuple(str(x) for x in to), pieces,
                   bool(raw.get("shuffled", False)), _text(raw.get("rules")),
                   _text(raw.get("notes")))


@lru_cache(maxsize=1)
def builtins() -> dict[str, BuiltIn]:
    """Every variant XBoard 4.9.1 accepts for ``-variant``, by name, in XBoard's order."""
    text = resources.files("designer.data").joinpath("xboard_variants.json").read_text("utf-8")
    data = json.loads(text)["variants"]
    return {name: _load(name, raw) for name, raw in data.items()}


@lru_cache(maxsize=1)
def _slot_table() -> dict[str, tuple[tuple[str, bool], ...]]:
    text = resources.files("designer.data").joinpath("xboard_variants.json").read_text("utf-8")
    data = json.loads(text)["slot_moves"]
    return {family: tuple((str(m), bool(x)) for m, x in rows) for family, rows in data.items()}


# moves.c GenPseudoLegal: outside the shogi family, the Falcon and Cobra slots "move anywhere"
# (the generator offers a null move that stands for any destination): nothing can be known.
WILDCARD_SLOTS = (17, 19)


def slot_piece(b: BuiltIn, slot: int) -> BuiltInPiece | None:
    """The piece XBoard's generator makes of ``slot`` in variant ``b``: the variant's own piece
    when its table has that slot, else the slot's generic moves in that family of variants;
    None for the wildcard slots, whose moves XBoard does not check."""
    family = b.name if b.name in ("shogi", "chu") else "chess"
    if family == "chess" and slot in WILDCARD_SLOTS:
        return None
    own = next((p for p in b.pieces if p.slot == slot), None)
    if own is not None:
        return own
    from .ptc import IMAGE_STEMS
    betza, exact = _slot_table()[family][slot]
    note = "" if betza else "XBoard 4.9.1's generator gives this slot no moves"
    return BuiltInPiece("", slot, IMAGE_STEMS[slot], betza, slot == 65, exact or not betza,
                        note)


def builtin(name: str) -> BuiltIn | None:
    """The built-in variant ``name`` names exactly (case-insensitive), or None."""
    return builtins().get(name.strip().lower())


# backend.c StringToVariant: the names before "shogi" in XBoard's list may occur anywhere in the
# string, the later ones only at its start and not followed by a letter.
_EARLY = ("normal", "wildcastle", "nocastle", "fischerandom", "bughouse", "crazyhouse",
          "losers", "suicide", "giveaway", "twokings", "kriegspiel", "atomic", "3check",
          "shatranj")
_PREFIX = re.compile(r"^\d+x\d+(?:\+\d+)?_")


def variant_name(text: str) -> str | None:
    """The built-in variant XBoard 4.9.1 switches to for a ``[Variant]`` tag or ``-variant``
    value (``StringToVariant``: an optional ``WxH+S_`` prefix is skipped); None when XBoard
    does not recognise it (then it plays an engine-defined variant or normal chess)."""
    e = _PREFIX.sub("", text.strip(), count=1)
    low = e.lower()
    if "misc/" in low:
        return "normal"
    for name in builtins():
        k = low.find(name)
        if k == -1:
            continue
        if name in _EARLY:
            return name
        after = low[k + len(name):k + len(name) + 1]
        if k == 0 and not after.isalpha():
            return name
    if ("fischer" in low and "random" in low) or "wild/fr" in low or "frc" in low or \
            "960" in low:
        return "fischerandom"
    return None


def real_variant(b: BuiltIn) -> Variant:
    """The variant XBoard sets up for ``-variant NAME`` and nothing else: its board, pieces
    (with XBoard's own moves and the rules they cannot carry in their notes), start position,
    holdings and promotion."""
    pieces: list[PieceType] = []
    letters = {p.letter for p in b.pieces}
    for p in b.pieces:
        notes = p.note
        if p.side:
            notes = (notes + "; " if notes else "") + f"only {p.side.capitalize()} has it"
        promotions: tuple[str, ...] = ()
        promotes_to = ""
        pawnlike = p.slot == 0 or (b.name == "spartan" and p.letter == "H")
        if b.promotion_style == "choice" and pawnlike:
            promotions = b.promotion_to
        elif b.promotion_style == "fixed" and pawnlike:
            promotes_to = b.promotion_to[0]
        elif b.promotion_style == "shogi" and "+" + p.letter in letters:
            promotes_to = "+" + p.letter
        pieces.append(PieceType(p.letter, p.name, p.betza, royal=p.royal,
                                promotions=promotions, promotes_to=promotes_to,
                                mandatory_promotion=b.promotion_style == "fixed" and pawnlike,
                                slot=p.slot, notes=notes))
    setup = ""
    if b.setup:
        try:
            setup = write_fen(parse_fen(b.setup, b.files, b.ranks))
        except FenError:
            setup = b.setup
    rules = "; ".join(x for x in (b.rules, b.notes) if x)
    # holdings that only hold captured pieces for promotion (grand) are not drops: the model's
    # holdings count pieces that can be in hand (the writer puts the parent's size back)
    in_hand = "[" in b.setup and "[-]" not in b.setup
    holdings = b.holdings if b.drops or in_hand else 0
    return Variant(name=b.name, files=b.files, ranks=b.ranks, pieces=tuple(pieces), setup=setup,
                   holdings=holdings, drops=b.drops, parent=b.name,
                   promotion_zone=b.promotion_zone, rules=rules)


@dataclass(frozen=True, slots=True)
class Engine:
    """An XBoard engine and the variant names it announces (``feature variants``)."""

    command: str
    program: str
    variants: tuple[str, ...]
    note: str = ""


@lru_cache(maxsize=1)
def engines() -> tuple[Engine, ...]:
    text = resources.files("designer.data").joinpath("xboard_engines.json").read_text("utf-8")
    return tuple(Engine(str(e["command"]), str(e["program"]), tuple(e["variants"]),
                        _text(e.get("note")))
                 for e in json.loads(text)["engines"])


def engines_for(name: str, files: int, ranks: int, holdings: int) -> tuple[Engine, ...]:
    """The engines XBoard will start on ``-variant name`` with this board: those announcing
    the name, when the board is the variant's own size (``backend.c SupportedVariant`` asks for
    ``WxH+S_name`` otherwise, which none of them announce)."""
    b = builtin(name)
    if b is None or (b.files, b.ranks, b.holdings) != (files, ranks, holdings):
        return ()
    wanted = "chess" if name == "normal" else name
    return tuple(e for e in engines() if name in e.variants or wanted in e.variants)


__all__ = ["BuiltIn", "BuiltInPiece", "Engine", "builtin", "builtins", "engines",
           "engines_for", "real_variant", "slot_piece", "variant_name", "WILDCARD_SLOTS"]

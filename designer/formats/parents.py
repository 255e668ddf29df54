"""Which XBoard ``-variant`` a saved file names, and what that means for engines.

XBoard (``backend.c: SupportedVariant``) asks an engine for ``-variant NAME`` only when the board
is NAME's own size and holdings; otherwise for ``WxH+S_NAME``, which no installed engine
announces. And an engine plays NAME's own pieces, never the file's ``-men``. So a file should
name the built-in variant whose board, holdings, promotion and pieces are those of the
variant (``capablanca``, ``xiangqi``, ``grand`` with its 7 holdings, ``shogi`` …), with that
variant's holdings size; ``fairy`` only when none fits, and then no engine plays it as such.

A piece fits a built-in piece when the two make the same moves (``same_moves``); the matched
piece's slot is used in the piece-to-char table, so that XBoard's own rules for it (Xiangqi's
palace, the Chu Lion) apply, and ``-men`` is written only for pieces whose moves differ from
what XBoard's generator gives their slot.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import lru_cache

from ..variant.fen import FenError, base_letter, parse_fen
from ..variant.model import ModelProblem, PieceType, Variant
from ..engine.same_moves import same_moves
from ..vocabulary import WARNING, XBETZA
from .xboard_variants import BuiltIn, Engine, builtin, builtins, engines_for

FALLBACK = "fairy"


@dataclass(frozen=True)
class ParentChoice:
    """The ``-variant`` a file names: ``holdings`` is the ``-holdingsSize`` to write,
    ``slots`` the XBoard slot of each piece matched to a built-in piece, ``builtin_moves``
    the letters whose moves XBoard's generator already gives (no ``-men`` needed), ``engines``
    who plays it (empty for ``fairy``), ``reason`` why it was chosen, for the user."""

    name: str
    holdings: int
    reason: str
    engines: tuple[Engine, ...] = ()
    slots: dict[str, int] = field(default_factory=dict)
    builtin_moves: frozenset[str] = frozenset()


def _style(v: Variant) -> str:
    if any(p.promotes_to.startswith("+") for p in v.pieces):
        return "shogi"
    if any(p.promotes_to for p in v.pieces):
        return "fixed"
    if any(p.promotions for p in v.pieces):
        return "choice"
    return "none"


def _zone(v: Variant) -> int:
    zones = [p.promotion_zone or v.promotion_zone for p in v.pieces
             if p.promotions or p.promotes_to]
    return max(zones) if zones else 0


def _generator_moves(b: BuiltIn, slot: int) -> str | None:
    """What XBoard's generator plays for the piece in ``slot`` when no ``-men`` is given
    (None: nothing we can compare, e.g. a wildcard or a cylinder piece it does not wrap)."""
    piece = next((p for p in b.pieces if p.slot == slot), None)
    if piece is None or not piece.betza:
        return None
    if b.name == "cylinder":
        return None
    return piece.betza


def match_pieces(v: Variant, b: BuiltIn) -> dict[str, int] | None:
    """Our letter -> the slot of a built-in piece with the same moves, for every piece of
    ``v``; None when a piece has no counterpart. A pinned slot must be that piece's slot."""
    out: dict[str, int] = {}
    taken: set[int] = set()
    for p in v.pieces:
        found = None
        for bp in b.pieces:
            if bp.slot in taken or not bp.betza or bp.royal != p.royal:
                continue
            if p.slot is not None and p.slot != bp.slot:
                continue
            if p.letter.startswith("+") != bp.letter.startswith("+"):
                continue
            if same_moves(p.notation, p.dialect, bp.betza, XBETZA, v.files, v.ranks):
                found = bp.slot
                break
        if found is None:
            return None
        out[p.letter] = found
        taken.add(found)
    return out


def _fits(v: Variant, b: BuiltIn) -> tuple[dict[str, int] | None, str]:
    """(slots, "") when ``v`` fits ``b``; (None, why not) otherwise, naming whose is what
    (the user's board is not XBoard's)."""
    name = f"XBoard's {b.name}"
    if (v.files, v.ranks) != (b.files, b.ranks):
        return None, f"{name} is {b.files}x{b.ranks} and this board {v.files}x{v.ranks}"
    if v.drops and not b.drops:
        return None, f"{name} has no drops and this variant has"
    if b.drops and not v.drops:
        return None, f"{name} drops captured pieces and this variant does not"
    if v.drops and v.holdings > b.holdings:
        return None, f"{name} holds {b.holdings} kinds of piece in hand and this variant " \
            f"{v.holdings}"
    style = _style(v)
    if style != "none" and style != b.promotion_style:
        return None, f"{name} promotes {b.promotion_style}-style and this variant " \
            f"{style}-style"
    if style != "none" and _zone(v) and _zone(v) != b.promotion_zone:
        return None, f"{name} promotes in {b.promotion_zone} ranks and this variant in " \
            f"{_zone(v)}"
    slots = match_pieces(v, b)
    if slots is None:
        return None, f"not every piece moves as one of {name}'s pieces"
    return slots, ""


def _same_setup(v: Variant, b: BuiltIn, slots: dict[str, int]) -> bool:
    if not v.setup or not b.setup:
        return False
    try:
        ours, theirs = parse_fen(v.setup), parse_fen(b.setup)
    except FenError:
        return False
    by_slot = {p.slot: p.letter for p in b.pieces}

    def mapped(tok: str) -> str:
        slot = slots.get(base_letter(tok))
        letter = by_slot.get(slot, "?") if slot is not None else "?"
        return letter if tok[-1].isupper() or tok[0] == "+" and tok[1].isupper() else \
            letter.lower()

    return {sq: mapped(t) for sq, t in ours.board.items()} == \
        {sq: t.replace("~", "") for sq, t in theirs.board.items()}


@lru_cache(maxsize=64)
def choose_parent(v: Variant) -> ParentChoice:
    """The ``-variant`` to write for ``v`` (see the module docstring).

    A parent the variant asks for (``v.parent``) is kept: engines that announce it are listed
    only when the board, holdings, promotion and pieces are all that parent's; otherwise XBoard
    alone applies its rules. Without such a request the best fitting built-in without rules of
    its own is chosen (same start position first, then the fewest pieces of its own, then the
    most engines); ``fairy`` when none fits, played by no engine as the file defines it."""
    wanted = builtin(v.parent) if v.parent and v.parent != FALLBACK else None
    if wanted is not None:
        slots, why = _fits(v, wanted)
        if slots is not None:
            return _choice(v, wanted, slots, f"the variant asks for {wanted.name}, whose "
                           "board, holdings, promotion and pieces it has")
        holdings = wanted.holdings if (wanted.holdings and not wanted.drops and not v.drops
                                       and (v.files, v.ranks) == (wanted.files,
                                                                  wanted.ranks)) \
            else v.holdings
        return ParentChoice(wanted.name, holdings, f"the variant asks for {wanted.name} "
                            f"(Variant > Properties > Parent variant), but {why}: XBoard applies {wanted.name}'s "
                            f"rules to this variant, and no engine plays it (an engine would "
                            f"play {wanted.name}'s own game); choose the parent fairy if "
                            f"{wanted.name}'s rules are not wanted")
    best: tuple[tuple[int, int, int], BuiltIn, dict[str, int]] | None = None
    for b in builtins().values() if v.pieces else ():
        if b.rules or b.shuffled or b.name == FALLBACK:
            continue
        slots, _ = _fits(v, b)
        if slots is None:
            continue
        rank = (0 if _same_setup(v, b, slots) else 1, len(b.pieces) - len(v.pieces),
                -len(engines_for(b.name, b.files, b.ranks, b.holdings)))
        if best is None or rank < best[0]:
            best = (rank, b, slots)
    if best is not None:
        b = best[1]
        return _choice(v, b, best[2], f"its board ({b.files}x{b.ranks}"
                       f"{f'+{b.holdings}' if b.holdings else ''}), promotion and pieces are "
                       f"those of XBoard's {b.name}")
    return ParentChoice(FALLBACK, v.holdings, "no built-in variant of XBoard has this board, "
                        "holdings, promotion and pieces; no engine plays a fairy board as the "
                        "file defines it (Fairy-Stockfish does, through the xboard-fsf export)")


def _builtin_moves(v: Variant, b: BuiltIn, slots: dict[str, int]) -> frozenset[str]:
    out = set()
    for p in v.pieces:
        slot = slots.get(p.letter)
        moves = _generator_moves(b, slot) if slot is not None else None
        if moves is not None and same_moves(p.notation, p.dialect, moves, XBETZA, v.files,
                                            v.ranks):
            out.add(p.letter)
    return frozenset(out)


def _choice(v: Variant, b: BuiltIn, slots: dict[str, int], reason: str) -> ParentChoice:
    holdings = b.holdings
    return ParentChoice(b.name, holdings, reason,
                        engines_for(b.name, v.files, v.ranks, holdings), slots,
                        _builtin_moves(v, b, slots))


def parent_problems(v: Variant) -> list[ModelProblem]:
    """What to tell before saving for XBoard: the parent chosen and who plays it."""
    choice = choose_parent(v)
    if choice.engines:
        return []
    return [ModelProblem("", "parent", f"-variant {choice.name}: {choice.reason}; open it "
                         "without an engine (xboard -ncp Name.ini, the file name last)",
                         severity=WARNING)]


def with_parent_slots(v: Variant, choice: ParentChoice) -> tuple[PieceType, ...]:
    """The pieces with the chosen parent's slots pinned (a slot the user pinned stays)."""
    return tuple(replace(p, slot=choice.slots[p.letter]) if p.slot is None and
                 p.letter in choice.slots else p for p in v.pieces)


__all__ = ["ParentChoice", "choose_parent", "match_pieces", "parent_problems",
           "with_parent_slots", "FALLBACK"]

"""The rules of a variant whose file gives none: derived from its XBoard parent and piece types.

``rules_for(variant)`` is what the game plays: the variant's own ``rule_set`` when it has one,
else ``derive(variant)``. Deriving reads what the older fields already say (pawn-style choices
and Shogi-style ``+X`` forms with their zone depth, drops, the setup's castling rights) and adds
the rules of the XBoard parent the file names, as XBoard 4.9 applies them to its own variants
(``normal``, ``capablanca``, ``grand``, ``shogi``, ``xiangqi``, ``crazyhouse``, ``makruk``,
``shatranj``, ``courier``, ``chu``, ``cylinder``); a ``fairy`` variant gets the general rules
only. The samples carry the same rules explicitly; this is for files written before rules
existed and for XBoard files without our data.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Callable

from .fen import FenError, base_letter, parse_fen
from .model import Variant
from ..rules.model import (ALL, Castling, Drops, Ending, Extinction, LionRules, PieceRules,
                    PromotedForms, Promotion, RegionalMoves, Repetition, Royalty, RuleSet)
from ..rules.regions import Region, Sided

__all__ = ["rules_for", "derive", "zone", "ranks_zone"]


def rules_for(v: Variant) -> RuleSet:
    """The rules the game plays ``v`` by."""
    return v.rule_set if v.rule_set is not None else derive(v)


def zone(depth: int, ranks: int) -> Sided[Region]:
    """The last ``depth`` ranks of each side (White's top ranks, Black's bottom ranks)."""
    return Sided(Region.ranks_of(*range(ranks - depth + 1, ranks + 1)),
                 Region.ranks_of(*range(depth, 0, -1)))


def ranks_zone(white: tuple[int, ...], ranks: int) -> Sided[Region]:
    """White's ranks (numbered from 1) and Black's mirror images."""
    return Sided(Region.ranks_of(*white), Region.ranks_of(*(ranks + 1 - r for r in white)))


def derive(v: Variant) -> RuleSet:
    """General rules from the piece types and setup, then the parent's own rules."""
    rules = _general(v)
    extra = _PARENTS.get(v.parent)
    return extra(v, rules) if extra is not None else rules


def _general(v: Variant) -> RuleSet:
    letters = {p.letter for p in v.pieces}
    promotions: list[Promotion] = []
    forms: list[tuple[str, str]] = []
    depth_of_forms = 0
    for p in v.pieces:
        depth = p.promotion_zone or v.promotion_zone or 1
        if p.promotions:
            choices = tuple(c for c in p.promotions if c in letters)
            promotions.append(Promotion((p.letter,), zone(depth, v.ranks), Sided.both(choices)))
        elif p.promotes_to.startswith("+") and p.promotes_to in letters:
            forms.append((p.letter, p.promotes_to))
            depth_of_forms = max(depth_of_forms, depth)
        elif p.promotes_to in letters:
            promotions.append(Promotion((p.letter,), zone(depth, v.ranks),
                                        Sided.both((p.promotes_to,))))
    promoted = PromotedForms(tuple(forms), zone(depth_of_forms, v.ranks)) if forms else None
    drops = Drops(pawns=tuple(x.pieces[0] for x in promotions)) if v.drops else None
    return RuleSet(promotions=tuple(promotions), promoted_forms=promoted, drops=drops,
                   castling=_castling(v))


def _castling(v: Variant) -> Castling | None:
    """Castling when the setup grants rights: the royal piece with the pieces in the corners."""
    try:
        setup = parse_fen(v.setup, v.files, v.ranks) if v.setup else None
    except FenError:
        return None
    if setup is None or setup.castling in ("", "-"):
        return None
    king = next((p.letter for p in v.pieces if p.royal), "")
    if not king:
        return None
    square = next((sq for sq, t in setup.board.items() if t == king), None)
    rook = setup.board.get((0, 0)) or setup.board.get((v.files - 1, 0)) or "R"
    if square is None:
        return None
    f = square[0]
    return Castling(king=Sided.both(king), rooks=Sided.both((base_letter(rook),)), king_file=f,
                    kingside_to=min(f + 2, v.files - 2), queenside_to=max(f - 2, 1))


def _has(v: Variant, *letters: str) -> tuple[str, ...]:
    own = {p.letter for p in v.pieces}
    return tuple(x for x in letters if x in own)


def _chess(v: Variant, r: RuleSet, double: int = 2) -> RuleSet:
    return replace(r, initial_moves=ranks_zone((double,), v.ranks),
                   ending=replace(r.ending, insufficient_material=v.parent == "normal"))


def _capablanca(v: Variant, r: RuleSet) -> RuleSet:
    r = _chess(v, r)
    if r.castling is not None:
        r = replace(r, castling=replace(r.castling, kingside_to=v.files - 2,
                                        queenside_to=2))
    return r


def _grand(v: Variant, r: RuleSet) -> RuleSet:
    promotions = tuple(replace(p, mandatory=False, only_lost=True) for p in r.promotions)
    return replace(_chess(v, r, 3), promotions=promotions, immobile_illegal=True, castling=None)


def _crazyhouse(v: Variant, r: RuleSet) -> RuleSet:
    drops = Drops(pawns=_has(v, "P"))
    return replace(_chess(v, r), drops=drops)


def _shogi(v: Variant, r: RuleSet) -> RuleSet:
    drops = Drops(no_doubled=_has(v, "P"), no_mate_by=_has(v, "P"))
    ending = Ending(stalemate="loss", move_limit=0,
                    repetition=Repetition(count=4, perpetual_check_loses=True))
    return replace(r, drops=drops, immobile_illegal=True, ending=ending, castling=None,
                   promotions=())


def _xiangqi(v: Variant, r: RuleSet) -> RuleSet:
    files, ranks = v.files, v.ranks
    mid = files // 2
    palace = Sided(Region(f"{_sq(mid - 1, 1)}-{_sq(mid + 1, 3)}", "palace"),
                   Region(f"{_sq(mid - 1, ranks - 2)}-{_sq(mid + 1, ranks)}", "palace"))
    half = ranks // 2
    own = Sided(Region.ranks_of(*range(1, half + 1), name="own side of the river"),
                Region.ranks_of(*range(half + 1, ranks + 1), name="own side of the river"))
    across = Sided(own.black, own.white)
    pieces = [PieceRules(x, confined=palace) for x in _has(v, "K", "A")]
    pieces += [PieceRules(x, confined=own) for x in _has(v, "B")]
    pieces += [PieceRules(x, moves_in=(RegionalMoves(replace_names(across, "across the river"),
                                                      "fsW"),)) for x in _has(v, "P")]
    ending = Ending(stalemate="loss",
                    repetition=Repetition(perpetual_check_loses=True, chasing="axf"))
    return replace(r, pieces=tuple(pieces), royalty=Royalty(flying_general=True),
                   ending=ending, promotions=(), castling=None)


def replace_names(s: Sided[Region], name: str) -> Sided[Region]:
    return Sided(Region(s.white.text, name), Region(s.black.text, name))


def _sq(f: int, rank: int) -> str:
    return f"{'abcdefghijklmnopqrstuvwxyz'[f]}{rank}"


def _makruk(v: Variant, r: RuleSet) -> RuleSet:
    return replace(r, ending=replace(r.ending, counting="makruk", move_limit=0), castling=None)


def _shatranj(v: Variant, r: RuleSet) -> RuleSet:
    bare = Extinction(pieces=(ALL,), at_most=1, opponent_at_least=2, claim=True)
    limit = 70 if v.parent == "shatranj" else 50
    return replace(r, castling=None, ending=Ending(stalemate="loss", extinction=bare,
                                                   move_limit=limit))


def _chu(v: Variant, r: RuleSet) -> RuleSet:
    royals = tuple(p.letter for p in v.pieces if p.royal)
    ending = Ending(extinction=Extinction(pieces=royals, at_most=0, together=True),
                    repetition=Repetition(count=4, perpetual_check_loses=True), move_limit=0)
    return replace(r, lion=LionRules(lions=_has(v, "N") or ("N",),
                                     worthless=_has(v, "P", "I")),
                   royalty=Royalty(several="last"), ending=ending, castling=None)


def _cylinder(v: Variant, r: RuleSet) -> RuleSet:
    return replace(_chess(v, r), wrap=True)


_PARENTS: dict[str, Callable[[Variant, RuleSet], RuleSet]] = {
    "normal": _chess, "capablanca": _capablanca, "grand": _grand, "crazyhouse": _crazyhouse,
    "shogi": _shogi, "xiangqi": _xiangqi, "makruk": _makruk, "shatranj": _shatranj,
    "courier": _shatranj, "chu": _chu, "cylinder": _cylinder,
}

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

from dataclasses import dataclass, replace
from typing import Callable

from ..variant.fen import FenError, base_letter, parse_fen
from ..variant.model import Variant
from .model import (ALL, Castling, Drops, Ending, Extinction, LionRules, PieceRules,
                    PromotedForms, Promotion, RegionalMoves, Repetition, Royalty, RuleSet)
from .regions import Region, RegionError, Sided
from ..vocabulary import Side, Square

__all__ = ["rules_for", "derive", "zone", "ranks_zone", "zone_depth", "promotion_squares",
           "promotion_of", "projected", "with_rules", "PieceRule"]


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


def zone_depth(region: Sided[Region], files: int, ranks: int) -> int | None:
    """How many last ranks of each side ``region`` is (None: some other shape, or a region
    that does not read on this board): the one number XBoard's files can say about a zone."""
    try:
        white = region.white.squares(files, ranks)
        black = region.black.squares(files, ranks)
    except RegionError:
        return None
    for depth in range(1, ranks + 1):
        if white == zone(depth, ranks).white.squares(files, ranks) and \
                black == zone(depth, ranks).black.squares(files, ranks):
            return depth
    return None


@dataclass(frozen=True)
class PieceRule:
    """What the rule set says about one piece type's promotion: pawn-style ``choices`` (per
    White; the XBoard view) or the Shogi-style ``form``, the ``zone`` per side, whether it is
    ``mandatory``, and which rule of the set says it (``index`` into ``promotions``, -1: the
    promoted forms)."""

    choices: tuple[str, ...]
    form: str
    zone: Sided[Region]
    mandatory: bool
    index: int


def promotion_of(rules: RuleSet, letter: str) -> PieceRule | None:
    """How piece type ``letter`` promotes under ``rules`` (None: it does not)."""
    for i, p in enumerate(rules.promotions):
        if letter in p.pieces:
            return PieceRule(p.choices.white, "", p.zone, p.mandatory, i)
    forms = rules.promoted_forms
    if forms is not None:
        for piece, form in forms.forms:
            if piece == letter:
                return PieceRule((), form, forms.zone, forms.mandatory, -1)
    return None


def promotion_squares(v: Variant, letter: str, side: Side) -> frozenset[Square]:
    """The squares where piece type ``letter`` of ``side`` promotes in ``v``, as the game
    plays it (the rule set, derived when the file gave none). The one place a variant's
    promotion zone is computed: the piece view, the probes and the game's tables read it."""
    rule = promotion_of(rules_for(v), letter)
    if rule is None:
        return frozenset()
    try:
        return rule.zone.of(side).squares(v.files, v.ranks)
    except RegionError:
        return frozenset()


def projected(v: Variant) -> Variant:
    """``v`` with its rule set written out (derived once when it has none) and the fields that
    XBoard's own files carry computed from it: each piece's promotion choices (one choice:
    XBoard's fixed promotion), promoted form, zone depth (0: the variant's, the most common
    one) and *must promote*, its drops and holdings, and the setup's castling rights. The rule
    set is the record; these fields are its XBoard view, always computed the same way from it,
    so a file read back gives the same variant."""
    rules = rules_for(v)
    said: dict[str, PieceRule] = {}
    for p in v.pieces:
        rule = promotion_of(rules, p.letter)
        if rule is not None:
            said[p.letter] = rule
    depths = [zone_depth(r.zone, v.files, v.ranks) for r in said.values()]
    known = [d for d in depths if d is not None]
    # the variant's default depth: the most common one (the first on a tie), 1 without any
    default = max(known, key=lambda d: (known.count(d), -known.index(d))) if known else 1
    pieces = []
    for p in v.pieces:
        rule = said.get(p.letter)
        if rule is None:
            pieces.append(replace(p, promotions=(), promotes_to="", promotion_zone=0,
                                  mandatory_promotion=False))
            continue
        depth = zone_depth(rule.zone, v.files, v.ranks)
        own = 0 if depth is None or depth == default else depth   # None: XBoard cannot say it
        choices: tuple[str, ...]
        if rule.form:
            choices, to = (), rule.form
        elif len(rule.choices) == 1:
            choices, to = (), rule.choices[0]          # XBoard's fixed promotion
        else:
            choices, to = rule.choices, ""
        pieces.append(replace(p, promotions=choices, promotes_to=to, promotion_zone=own,
                              mandatory_promotion=rule.mandatory))
    drops = rules.drops is not None and rules.drops.captures_to_hand and not rules.drops.free
    holdings = v.holdings
    if rules.drops is None and rules.gating is None:
        holdings = 0
    elif holdings == 0:
        holdings = sum(1 for p in v.pieces if not p.royal and not p.letter.startswith("+"))
    out = replace(v, pieces=tuple(pieces), promotion_zone=default, drops=drops,
                  holdings=holdings, rule_set=rules)
    return _with_castling_rights(out, rules)


def with_rules(v: Variant, rules: RuleSet) -> Variant:
    """``v`` playing by ``rules``, its XBoard view (``projected``) following."""
    return projected(replace(v, rule_set=rules))


def _with_castling_rights(v: Variant, rules: RuleSet) -> Variant:
    """The setup's castling rights as the rule set allows them: none without castling; the
    rights stand as they are otherwise (which castlings are still allowed is the position's
    state, set on the setup)."""
    if rules.castling is not None or not v.setup or rules.gating is not None:
        return v
    try:
        if v.castling in ("", "-"):
            return v
        return v.with_castling("-")
    except (FenError, ValueError):
        return v


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

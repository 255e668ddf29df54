"""The rules of a variant whose file gives none: derived from its XBoard parent and piece types.

``rules_for(variant)`` is what the game plays: the variant's own ``rule_set`` when it has one,
else ``derive(variant)``. Deriving reads what the older fields already say (pawn-style choices
and Shogi-style ``+X`` forms with their zone depth, drops, the setup's castling rights) and adds
the rules of the XBoard parent the file names, as XBoard 4.9 applies them to its own variants
(``normal``, ``capablanca``, ``grand``, ``shogi``, ``xiangqi``, ``crazyhouse``, ``makruk``,
``shatranj``, ``courier``, ``chu``, ``cylinder``); a ``fairy`` variant gets the general rules
only. The samples carry the same rules explicitly; this is for files written before rules
existed and for XBoard files without our data (derived once, when such a file is opened).

The rule set is the one record of a variant's rules; the older fields are its XBoard view:
``projected`` computes them from it (for the XBoard-facing writers and after every edit),
``edited`` turns an edit of them (the Pieces dock, the holdings box) into an edit of the rule
set, ``promotion_of``/``promotion_squares``/``promotes``/``captures_to_hand`` are what the
other readers ask, and ``differences`` names the rules one rule set has and another lacks
(what a file or a program leaves out).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Callable

from .fen import FenError, base_letter, parse_fen
from .model import PieceType, Variant
from ..rules.model import (ALL, Castling, Drops, Ending, Extinction, LionRules, PieceRules,
                           PromotedForms, Promotion, RegionalMoves, Repetition, Royalty, RuleSet)
from ..rules.regions import Region, RegionError, Sided
from ..vocabulary import Side, Square
from ..geometry.board import square_name

__all__ = ["rules_for", "derive", "zone", "ranks_zone", "zone_depth", "promotion_squares",
           "promotion_of", "projected", "with_rules", "PieceRule", "edited", "differences",
           "promotes", "captures_to_hand"]


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


def promotes(v: Variant, letter: str) -> bool:
    """Whether piece type ``letter`` promotes in ``v`` (pawn style or to a promoted form)."""
    return promotion_of(rules_for(v), letter) is not None


def captures_to_hand(v: Variant) -> bool:
    """Whether captured pieces go to the captor's hand in ``v`` (Crazyhouse, Shogi)."""
    drops = rules_for(v).drops
    return drops is not None and drops.captures_to_hand and not drops.free


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
    XBoard's fixed promotion), promoted form, zone depth (0: the variant's default depth) and
    *must promote*, its drops and holdings (the castling rights XBoard reads are the
    writers' to compute: ``formats.xboard_common.xboard_setup``). The rule
    set is the record; these fields are its XBoard view, always computed the same way from it,
    so a file read back gives the same variant."""
    rules = rules_for(v)
    said: dict[str, PieceRule] = {}
    for p in v.pieces:
        rule = promotion_of(rules, p.letter)
        if rule is not None:
            said[p.letter] = rule
    default = v.promotion_zone or 1         # the depth a piece's 0 stands for (kept as set)
    letters = {p.letter for p in v.pieces}
    pieces = []
    for p in v.pieces:
        rule = said.get(p.letter)
        if rule is None:
            pieces.append(replace(p, promotions=(), promotes_to="", promotion_zone=0,
                                  mandatory_promotion=False))
            continue
        depth = zone_depth(rule.zone, v.files, v.ranks)
        own = 0 if depth is None or depth == default else depth   # None: XBoard cannot say it
        # only pieces of the variant: a letter the rules name without a piece is the rule set's
        # error (``validate`` names it), never a piece line that no file could be saved with
        named = tuple(c for c in rule.choices if c in letters)
        choices: tuple[str, ...]
        if rule.form:
            choices, to = (), rule.form if rule.form in letters else ""
        elif len(named) == 1:
            choices, to = (), named[0]                 # XBoard's fixed promotion
        else:
            choices, to = named, ""
        pieces.append(replace(p, promotions=choices, promotes_to=to, promotion_zone=own,
                              mandatory_promotion=rule.mandatory))
    drops = rules.drops is not None and rules.drops.captures_to_hand and not rules.drops.free
    holdings = v.holdings
    if rules.drops is None and rules.gating is None:
        holdings = 0
    elif holdings == 0:
        holdings = sum(1 for p in v.pieces if not p.royal and not p.letter.startswith("+"))
    return replace(v, pieces=tuple(pieces), drops=drops, holdings=holdings, rule_set=rules)


def with_rules(v: Variant, rules: RuleSet) -> Variant:
    """``v`` playing by ``rules``, its XBoard view (``projected``) following."""
    return projected(replace(v, rule_set=rules))


def _view(v: Variant) -> tuple[object, ...]:
    """The fields that repeat the rule set (``projected`` computes them)."""
    return (v.holdings, v.drops, v.promotion_zone,
            tuple((p.letter, p.promotions, p.promotes_to, p.promotion_zone,
                   p.mandatory_promotion) for p in v.pieces))


def edited(before: Variant, after: Variant) -> Variant:
    """``after``, an edit of ``before``, with one record of its rules: when the edit changed
    the rule set (the Rules panel, a renamed piece), the fields that repeat it follow; when it
    changed those fields (the Pieces dock's promotion group, the holdings box, the promotion
    zone of the setup or the properties), the change is made to the rule set, which the game
    plays. A variant without a rule set whose edit leaves those fields alone keeps none (its
    rules are still derived from them)."""
    if after.rule_set is None and _view(after) == _view(before):
        return after
    after = _castling_granted(before, after)
    if after.rule_set is not None and (after.rule_set != before.rule_set
                                       or _view(after) == _view(before)):
        return projected(after)      # also after a resize: a zone's depth is the board's
    rules = after.rule_set if after.rule_set is not None else rules_for(before)
    default_moved = after.promotion_zone != before.promotion_zone
    for pa in after.pieces:
        pb = before.piece(pa.letter)
        fields_a = (pa.promotions, pa.promotes_to, pa.promotion_zone, pa.mandatory_promotion)
        fields_b = (pb.promotions, pb.promotes_to, pb.promotion_zone, pb.mandatory_promotion) \
            if pb is not None else ((), "", 0, False)
        follows_default = default_moved and pa.promotion_zone == 0
        if fields_a == fields_b and not follows_default:
            continue
        rules = _piece_edited(rules, after, pa, zone_kept=fields_a[2] == fields_b[2]
                              and not follows_default)
    if (after.drops, after.holdings) != (before.drops, before.holdings):
        rules = _drops_edited(rules, after)
    return projected(replace(after, rule_set=rules))


def _castling_granted(before: Variant, after: Variant) -> Variant:
    """Castling rights given in the setup of a variant whose rule set has no castling: the
    rights say it castles (as they do for a variant whose rules are derived), so the rule set
    gets castling as ``derive`` makes it; taking rights away leaves the rule (the rights are
    the position's state)."""
    rules = after.rule_set
    if rules is None or rules.castling is not None or rules.gating is not None \
            or not after.setup or after.setup == before.setup:
        return after
    try:
        if after.castling in ("", "-") or before.setup and before.castling == after.castling:
            return after
    except (FenError, ValueError):
        return after
    granted = _castling(after)
    return after if granted is None else replace(after, rule_set=replace(rules,
                                                                          castling=granted))


def _piece_edited(rules: RuleSet, v: Variant, p: PieceType, zone_kept: bool) -> RuleSet:
    """``rules`` with piece ``p``'s promotion as its fields now say (``zone_kept``: its zone
    was not edited, so a zone of any shape stays as the rule set has it)."""
    letters = {q.letter for q in v.pieces}
    old = promotion_of(rules, p.letter)
    depth = p.promotion_zone or v.promotion_zone or 1
    area = old.zone if old is not None and zone_kept else zone(depth, v.ranks)
    choices = tuple(c for c in p.promotions if c in letters)
    if not choices and p.promotes_to and not p.promotes_to.startswith("+") \
            and p.promotes_to in letters:
        choices = (p.promotes_to,)
    promotions = list(rules.promotions)
    forms = rules.promoted_forms
    if old is not None and old.index >= 0:
        mine = promotions[old.index]
        if choices and mine.pieces == (p.letter,):
            promotions[old.index] = replace(mine, zone=area, choices=Sided.both(choices),
                                            mandatory=p.mandatory_promotion)
            return replace(rules, promotions=tuple(promotions))
        rest = tuple(x for x in mine.pieces if x != p.letter)
        if rest:
            promotions[old.index] = replace(mine, pieces=rest)
        else:
            del promotions[old.index]
    if forms is not None and old is not None and old.index < 0:
        left = tuple(f for f in forms.forms if f[0] != p.letter)
        forms = replace(forms, forms=left) if left else None
    if choices:
        promotions.append(Promotion((p.letter,), area, Sided.both(choices),
                                    mandatory=p.mandatory_promotion))
    elif p.promotes_to.startswith("+") and p.promotes_to in letters:
        if forms is None:
            forms = PromotedForms(((p.letter, p.promotes_to),), area, p.mandatory_promotion)
        else:
            # one zone and one *must promote* for every promoted form (the rule set's shape,
            # and Fairy-Stockfish's): editing them for one piece edits them for all
            forms = replace(forms, forms=forms.forms + ((p.letter, p.promotes_to),),
                            zone=area, mandatory=p.mandatory_promotion)
    return replace(rules, promotions=tuple(promotions), promoted_forms=forms)


def _drops_edited(rules: RuleSet, v: Variant) -> RuleSet:
    """``rules`` with drops as the holdings box says: captured pieces go to the hand
    (``drops``), pieces may lie in hand without it (a holdings size), or neither."""
    if v.drops:
        pawns = tuple(x for p in rules.promotions for x in p.pieces)
        base = rules.drops or Drops(pawns=pawns)
        return replace(rules, drops=replace(base, captures_to_hand=True))
    if v.holdings > 0:
        return replace(rules, drops=replace(rules.drops or Drops(), captures_to_hand=False))
    return replace(rules, drops=None)


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
    white = f"{square_name((mid - 1, 0))}-{square_name((mid + 1, 2))}"
    black = f"{square_name((mid - 1, ranks - 3))}-{square_name((mid + 1, ranks - 1))}"
    palace = Sided(Region(white, "palace"), Region(black, "palace"))
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


#: What each part of a rule set is, in the user's words (``differences`` names them).
RULE_NAMES: dict[str, str] = {
    "pieces": "pieces confined to a region or moving otherwise in one",
    "promotions": "pawn-style promotion (pieces, zone, choices, must promote, limits)",
    "promoted_forms": "Shogi-style promoted forms (zone, must promote)",
    "drops": "drop rules",
    "castling": "castling",
    "royalty.checks": "no move may give check",
    "royalty": "what royal pieces mean",
    "ending.checkmate": "what checkmate gives",
    "ending.stalemate": "what stalemate gives",
    "ending.repetition": "the repetition rule",
    "ending.move_limit": "the move limit",
    "ending.insufficient_material": "a draw by insufficient material",
    "ending.extinction": "a game won by capturing every piece of a kind",
    "ending.flag": "a game won by reaching a region (capture the flag)",
    "ending.check_count": "a game won by giving check a number of times",
    "ending.connect": "a game won by connecting pieces",
    "ending": "how the game ends",
    "initial_moves": "where pieces make their first (double) step",
    "triple_steps": "where pieces with initial moves may also step three squares forward",
    "en_passant_region": "where e.p. captures may land",
    "immobile_illegal": "no move to a square where a piece could never move again",
    "must_capture": "a capture must be made when one is possible",
    "blast": "atomic captures",
    "petrify": "pieces that turn into walls when they capture",
    "walls": "walls placed after each move",
    "gating": "gating",
    "passing": "passing a turn",
    "pass_on_stalemate": "passing a turn when there is no other move",
    "flip": "pieces changing sides when enclosed",
    "diagonal_lines": "palace diagonals",
    "lion": "Chu Shogi's Lion rules",
    "wrap": "the cylinder board",
}


def differences(ours: RuleSet, theirs: RuleSet) -> list[str]:
    """The rules of ``ours`` that ``theirs`` does not have, each named once in the user's
    words (with the field's path), most specific first: what a file or a program reading
    ``theirs`` leaves out."""
    ours, theirs = _normal(ours), _normal(theirs)
    out: list[str] = []
    for path in sorted(RULE_NAMES, key=lambda p: -p.count(".")):
        if any(seen == path or seen.startswith(path + ".") for seen in _paths(out)):
            continue
        if _at(ours, path) != _at(theirs, path):
            out.append(f"{RULE_NAMES[path]} ({path})")
    return out


def _paths(names: list[str]) -> list[str]:
    return [n[n.rindex("(") + 1:-1] for n in names]


def _at(rules: RuleSet, path: str) -> object:
    value: object = rules
    for part in path.split("."):
        value = getattr(value, part)
    return value


def _normal(rules: RuleSet) -> RuleSet:
    """``rules`` with the lists whose order means nothing sorted (promotion choices, the
    promoted forms), so that two rule sets compare by meaning."""
    promotions = tuple(replace(p, choices=Sided(tuple(sorted(p.choices.white)),
                                                tuple(sorted(p.choices.black))))
                       for p in rules.promotions)
    forms = rules.promoted_forms
    if forms is not None:
        forms = replace(forms, forms=tuple(sorted(forms.forms)))
    return replace(rules, promotions=promotions, promoted_forms=forms)

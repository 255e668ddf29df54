"""A variant's rules turned into what the move generator asks at every node: masks, kinds,
counts. Built once per game (``Config(variant, rules, holes)``) and never changed by play.

Colour 0 is White, 1 Black; codes are ``2 * kind + colour`` (``kinds``). Every per-side rule
becomes a pair indexed by colour.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..notation import parse
from ..engine.compile import compile_piece
from ..variant.fen import base_letter, parse_fen, side_of
from ..variant.model import Variant
from .geometry import Geometry, geometry
from .kinds import Kinds
from ..rules.model import RuleSet
from .tables import MEMO_CAP, Tables, compile_tables

SIDES = ("white", "black")

# The rule set's fields compiled here for the whole game (see ``families.RuleFamily.plays``).
PLAYS = ("pieces.letter", "promotions.pieces", "promotions.zone", "promotions.choices",
         "promotions.mandatory", "promotions.limits", "promotions.only_lost",
         "promoted_forms.forms", "promoted_forms.zone", "promoted_forms.mandatory", "promoted_forms.limits",
         "promoted_forms.on_capture_only", "promoted_forms.demotion", "drops.captures_to_hand",
         "drops.keep_promoted", "drops.region", "drops.pawns", "drops.pawns_on_first_rank",
         "drops.pawns_in_zone", "drops.no_doubled", "drops.no_doubled_count", "drops.no_mate_by",
         "drops.checks", "drops.promoted_drops", "drops.enclosing", "drops.enclosing_start",
         "drops.free", "castling.king", "castling.rooks", "castling.king_file",
         "castling.kingside_to", "castling.queenside_to", "castling.rank",
         "castling.kingside_rook", "castling.queenside_rook", "royalty.several",
         "royalty.flying_general", "ending.move_limit_resets", "initial_moves",
         "en_passant_region", "immobile_illegal")


@dataclass(slots=True)
class CastleConfig:
    """Castling for one colour: king kind, rook kinds, the rank and the king's targets."""

    king: int
    rooks: frozenset[int]
    rank: int               # absolute rank index
    king_file: int
    kingside_to: int        # the king's file after castling
    queenside_to: int
    kingside_rook: int      # file of the kingside rook for KQkq rights
    queenside_rook: int


class Config:
    """Everything about a variant's rules that stays fixed during a game."""

    def __init__(self, variant: Variant, rules: RuleSet, holes: int = 0,
                 cap: int = MEMO_CAP):
        self.variant = variant
        self.rules = rules
        self.families: list[Any] = []          # the rule families (set by the game)
        self.walled = bool(rules.walls is not None or rules.petrify)   # walls come and go
        geo = self.geo = geometry(variant.files, variant.ranks)
        self.holes = holes
        self.board = geo.full & ~holes
        kinds = self.kinds = Kinds(variant, rules, geo, holes, cap)
        n = kinds.count
        self.ncodes = 2 * n
        kinds.compile_all()
        self.royal_kinds = [k for k in range(1, n) if kinds.royal[k]]
        self.royal_codes = ([2 * k for k in self.royal_kinds],
                            [2 * k + 1 for k in self.royal_kinds])
        self.royal_code = [False] * (2 * n)
        for k in self.royal_kinds:
            self.royal_code[2 * k] = self.royal_code[2 * k + 1] = True
        self.several = rules.royalty.several
        self.flying = rules.royalty.flying_general
        # Janggi's cannons (rules.janggi): kinds whose hops neither use nor take each other
        self.cannons = {kinds.index[p.letter] for p in rules.pieces
                        if p.janggi_cannon and p.letter in kinds.index}
        self.wrap = rules.wrap
        self._promotion(rules)
        self._drops(rules)
        self._castling(rules)
        self.initial = None if rules.initial_moves is None else geo.sided(rules.initial_moves)
        self.ep_region = geo.sided(rules.en_passant_region, geo.full)
        self.immobile = rules.immobile_illegal
        self.dead = [0] * (2 * n)
        if self.immobile:
            for code in range(2, 2 * n):
                t = kinds.tables(code)
                self.dead[code] = sum(1 << s for s in range(geo.size)
                                      if not t.reach_m[s] and not holes >> s & 1)
        self.live = [self.board & ~d for d in self.dead]
        self.has_ep = any(kinds.tables(c).has_ep or (kinds.has_initial[c >> 1] and
                                                     kinds.tables(c, True).has_ep)
                          for c in range(2, 2 * n))
        # per code, when some piece takes e.p.: its moves that leave e.p. rights (lame leaps),
        # ``origin << 16 | target`` -> the squares passed; None for codes with none
        self.ep_pass: list[dict[int, int] | None] = [None] * (2 * n)
        for c in range(2, 2 * n):
            if not self.has_ep:
                break
            passes: dict[int, int] = {}
            tabs = [kinds.tables(c)] + ([kinds.tables(c, True)] if kinds.has_initial[c >> 1]
                                        else [])
            for tab in tabs:
                for o, sqm in enumerate(tab.squares):
                    for target, passed in sqm.ep_passes.items():
                        if passed:
                            passes[o << 16 | target] = passed
            self.ep_pass[c] = passes or None
        # per colour, the codes that take e.p. with, per square, the squares from which a piece
        # of the code could take e.p. there (either of its tables): ``Position.takeable``
        # asks only the pieces standing on those
        self.ep_takers: tuple[list[tuple[int, list[int]]], list[tuple[int, list[int]]]] = \
            ([], [])
        for c in range(2, 2 * n):
            if not self.has_ep:
                break
            origins = [0] * geo.size
            tabs = [kinds.tables(c)] + ([kinds.tables(c, True)] if kinds.has_initial[c >> 1]
                                        else [])
            for tab in tabs:
                for o, e in enumerate(tab.ep):
                    while e:
                        low = e & -e
                        e ^= low
                        origins[low.bit_length() - 1] |= 1 << o
            if any(origins):
                self.ep_takers[c & 1].append((c, origins))
        self.resets = self._resets(rules)
        self.reset_codes = {2 * k + colour for colour in (0, 1) for k in self.resets[colour]}
        self.setup_counts = self._setup_counts(variant)
        # plain moves need none of push's general bookkeeping (Position._push_simple)
        self.simple_moves = not self.drops
        self.castle_kings = {c.king for c in self.castling} if self.castling else set()
        self.rook_rays: Tables | None = None
        if self.flying:
            rook = compile_piece(parse("R"))
            self.rook_rays = compile_tables(geo, "white", [rook], [0] * geo.size, [-1], holes,
                                            False, False, cap)

    # -- promotion ------------------------------------------------------------------------
    def _promotion(self, rules: RuleSet) -> None:
        kinds, geo = self.kinds, self.geo
        n = kinds.count
        self.prom_zone = [0] * (2 * n)
        self.prom_choices: list[list[int]] = [[] for _ in range(2 * n)]
        self.prom_mandatory = [True] * (2 * n)
        self.limit: list[int | None] = [None] * n
        self.demote = list(range(n))          # the kind a captured piece goes to hand as
        self.pawn_of_promoted: dict[int, int] = {}   # promoted kind -> the pawn it was
        for p in rules.promotions:
            zone = geo.sided(p.zone)
            for k in kinds.kinds_of(p.pieces):
                for colour in (0, 1):
                    code = 2 * k + colour
                    self.prom_zone[code] = zone[colour]
                    choices = p.choices.of(SIDES[colour])             # type: ignore[arg-type]
                    self.prom_choices[code] = kinds.kinds_of(choices)
                    self.prom_mandatory[code] = p.mandatory
            for letter, count in p.limits:
                if letter in kinds.index:
                    self._limit(kinds.index[letter], count)
            if p.only_lost:
                counts = self._setup_counts(self.variant)
                for colour in (0, 1):
                    for letter in p.choices.of(SIDES[colour]):      # type: ignore[arg-type]
                        if letter in kinds.index:
                            k = kinds.index[letter]
                            self._limit(k, counts.get(k, 0))
            base = kinds.kinds_of(p.pieces)
            for choice in kinds.kinds_of(tuple(p.choices.white) + tuple(p.choices.black)):
                self.pawn_of_promoted.setdefault(choice, base[0] if base else choice)
        f = rules.promoted_forms
        self.form = [0] * n
        self.form_zone = (0, 0)
        self.form_mandatory = False
        self.form_on_capture = False
        self.unform = [0] * n      # a promoted form -> the type it demotes to (pieceDemotion)
        if f is not None:
            self.form_zone = geo.sided(f.zone)
            self.form_mandatory = f.mandatory
            self.form_on_capture = f.on_capture_only
            for letter, count in f.limits:
                if letter in kinds.index:
                    self._limit(kinds.index[letter], count)
            for a, b in f.forms:
                if a in kinds.index and b in kinds.index:
                    self.form[kinds.index[a]] = kinds.index[b]
                    self.demote[kinds.index[b]] = kinds.index[a]
                    if f.demotion:
                        self.unform[kinds.index[b]] = kinds.index[a]
                        # a demotion names the type it returns to (Fairy-Stockfish's
                        # ``e6d5-``); FEN tokens never start with '-'
                        kinds.index.setdefault("-" + a, kinds.index[a])

    def _limit(self, k: int, count: int) -> None:
        old = self.limit[k]
        self.limit[k] = count if old is None else min(old, count)

    @staticmethod
    def _setup_counts(variant: Variant) -> dict[int, int]:
        """How many pieces of each kind one side (White) has in the setup."""
        letters = [""] + [p.letter for p in variant.pieces]
        out: dict[int, int] = {}
        if not variant.setup:
            return out
        s = parse_fen(variant.setup, variant.files, variant.ranks)
        for tok in list(s.board.values()) + list(s.hand or ()):
            if side_of(tok) == "white":
                letter = base_letter(tok)
                if letter in letters:
                    k = letters.index(letter)
                    out[k] = out.get(k, 0) + 1
        return out

    # -- drops ----------------------------------------------------------------------------
    def _drops(self, rules: RuleSet) -> None:
        d = rules.drops
        kinds, geo = self.kinds, self.geo
        n = kinds.count
        self.drops = d is not None
        self.to_hand = d is not None and d.captures_to_hand
        self.keep_promoted = d is not None and d.keep_promoted
        self.drop_mask = [0] * (2 * n)
        self.no_doubled: list[int] = []
        self.no_doubled_count = 1
        self.no_mate: set[int] = set()
        self.drop_checks = True
        self.free_drops = False
        self.drop_promoted = False
        self.enclosing = "none"
        self.enclosing_start = 0
        if d is None:
            return
        self.free_drops = d.free
        self.drop_promoted = d.promoted_drops
        self.enclosing = d.enclosing
        if d.enclosing_start is not None:
            self.enclosing_start = geo.mask(d.enclosing_start) & self.board
        region = geo.sided(d.region, self.board)
        pawns = set(kinds.kinds_of(d.pawns))
        for code in range(2, 2 * n):
            k, colour = code >> 1, code & 1
            mask = region[colour] & self.board
            confine = kinds.confinement(code)
            mask &= confine
            if k in pawns:
                if not d.pawns_on_first_rank:
                    mask &= ~geo.rank_masks[0 if colour == 0 else geo.ranks - 1]
                if not d.pawns_in_zone:
                    mask &= ~self.prom_zone[code]
            self.drop_mask[code] = mask
        self.no_doubled = kinds.kinds_of(d.no_doubled) if d.no_doubled else []
        self.no_doubled_count = d.no_doubled_count
        self.no_mate = set(kinds.kinds_of(d.no_mate_by)) if d.no_mate_by else set()
        self.drop_checks = d.checks

    # -- castling -------------------------------------------------------------------------
    def _castling(self, rules: RuleSet) -> None:
        c = rules.castling
        self.castling: tuple[CastleConfig, CastleConfig] | None = None
        if c is None:
            return
        kinds, geo = self.kinds, self.geo
        out = []
        for colour, side in ((0, "white"), (1, "black")):
            king = kinds.index.get(c.king.of(side), 0)                 # type: ignore[arg-type]
            rooks = frozenset(kinds.kinds_of(c.rooks.of(side)))        # type: ignore[arg-type]
            rank = c.rank - 1 if colour == 0 else geo.ranks - c.rank
            ks_rook = geo.files - 1 if c.kingside_rook is None else c.kingside_rook
            out.append(CastleConfig(king, rooks, rank, c.king_file, c.kingside_to,
                                    c.queenside_to, ks_rook, c.queenside_rook))
        self.castling = (out[0], out[1])

    # -- the n-move rule ------------------------------------------------------------------
    def _resets(self, rules: RuleSet) -> tuple[set[int], set[int]]:
        r = rules.ending.move_limit_resets
        if r is None:
            pawns = {k for p in rules.promotions for k in self.kinds.kinds_of(p.pieces)}
            return pawns, pawns
        return set(self.kinds.kinds_of(r.white)), set(self.kinds.kinds_of(r.black))

    def drop_kinds(self, drop: str) -> tuple[int, int]:
        """The kind a drop (``Move.drop``) takes from the hand and the kind it puts on the
        board: the same, or the promoted form for a promoted drop (``+P``)."""
        index = self.kinds.index
        if drop[:1] == "+" and self.drop_promoted and drop[1:] in index:
            k = index[drop[1:]]
            return k, self.form[k] or k
        k = index[drop]
        return k, k

    def letters_of(self, kinds: list[int]) -> str:
        return "".join(self.kinds.letters[k] for k in kinds)


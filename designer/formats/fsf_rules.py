"""A Fairy-Stockfish configuration's rules in our rules model (``designer.rules``), option by
option as ``rules.fsf_table`` places them, and what the model cannot carry, named.

``rule_set_of(config, letters)`` reads the fields ``fsf_config`` settled (inheritance done);
``letters`` maps each Fairy-Stockfish piece key to our letter (``+B`` for a Shogi-style
promoted form). Fairy-Stockfish ties some rules to its own piece types rather than to
options — only its ``pawn`` type has the pawn-drop limits and explodes no one in atomic, only
its ``shogiPawn`` may not drop-mate, the ``soldier`` steps sideways only from
``soldierPromotionRank`` on (``src/position.h``: ``drop_region``, ``checkmate_value``,
``moves_from``) — so the model gets the letters of those types. Rules that the model has no
place for come back as ``Lost`` entries: the option, its line and why.

Regions: a ``[Bitboard]`` covers the engine's widest board; the model's regions are of the
variant's own board, written in one canonical form (whole ranks, whole files, then squares).
A region covering the whole board is the model's "no restriction" (None).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..rules.model import (ALL, Blast, Castling, Connect, Drops, Ending, Extinction, Flag,
                           Gating, PieceRules, PromotedForms, Promotion, RegionalMoves,
                           Repetition, Royalty, RuleSet, Walls)
from ..rules.regions import Region, Sided
from ..vocabulary import Result
from .fsf_config import BUILTINS_FILE, FsfConfig, Origin
from .fsf_keys import squares_text
from .fsf_options import ALL as FSF_ALL, FILES, RANKS, Square

SIDES = ("white", "black")


@dataclass(frozen=True, slots=True)
class Lost:
    """A rule of the section the rules model cannot carry: the option, where, and why."""

    key: str
    message: str
    origin: Origin | None


def region(squares: object, files: int, ranks: int) -> Region:
    """An engine bitboard as a region of a ``files`` x ``ranks`` board, in one canonical
    text (whole ranks, whole files, squares), so that what we write reads back the same."""
    assert isinstance(squares, frozenset)
    on = frozenset((f, r) for f, r in squares if f < files and r < ranks)
    return region_text(on, files, ranks)


def region_text(on: frozenset[Square], files: int, ranks: int) -> Region:
    """Squares of the board as a region: whole ranks, whole files, then single squares."""
    return Region(squares_text(on, files, ranks))


class _Reader:
    def __init__(self, config: FsfConfig, letters: dict[str, str]) -> None:
        self.c = config
        self.letters = letters
        self.files, self.ranks = config.files, config.ranks
        self.lost: list[Lost] = []

    # -- helpers ----------------------------------------------------------------------------
    def v(self, name: str) -> object:
        return self.c.value(name)

    def flag(self, name: str) -> bool:
        return bool(self.v(name))

    def int_(self, name: str) -> int:
        value = self.v(name)
        assert isinstance(value, int)
        return value

    def lose(self, name: str, message: str) -> None:
        piece = self.c.piece(name)
        origin = piece.origin if piece is not None else self.c.origin(name)
        self.lost.append(Lost(origin.key if origin else name, message, origin))

    def letter(self, key: object) -> str | None:
        if key == FSF_ALL:
            return ALL
        return self.letters.get(str(key)) if key is not None else None

    def letter_list(self, keys: object) -> tuple[str, ...]:
        assert isinstance(keys, frozenset)
        out = [self.letter(k) for k in keys]
        return tuple(sorted(x for x in out if x is not None))

    def sided_letters(self, name: str) -> Sided[tuple[str, ...]]:
        return Sided(self.letter_list(self.v(f"{name}.white")),
                     self.letter_list(self.v(f"{name}.black")))

    def region(self, name: str) -> Region:
        return region(self.v(name), self.files, self.ranks)

    def sided_region(self, name: str, whole_is_none: bool = False) -> Sided[Region] | None:
        w, b = self.region(f"{name}.white"), self.region(f"{name}.black")
        if whole_is_none:
            board = frozenset((f, r) for f in range(self.files) for r in range(self.ranks))
            if all(x.squares(self.files, self.ranks) == board for x in (w, b)):
                return None
        return Sided(w, b)

    def result(self, name: str, default: Result) -> Result:
        value = self.v(name)
        if value in ("win", "loss", "draw"):
            return value
        self.lose(name, f"the value {value!r}: the rules model has win, loss and draw here")
        return default

    def type_letter(self, key: str) -> tuple[str, ...]:
        found = self.letter(key) if self.c.piece(key) is not None else None
        return (found,) if found else ()

    # -- groups -----------------------------------------------------------------------------
    def pieces(self) -> tuple[PieceRules, ...]:
        out: list[PieceRules] = []
        for p in self.c.pieces:
            mine = self.letters.get(p.key)
            if mine is None:
                continue
            confined = None
            if self.c.mobility("white", p.key) or self.c.mobility("black", p.key):
                confined = Sided(*(region(self.c.mobility(s, p.key) or frozenset(
                    (f, r) for f in range(self.files) for r in range(self.ranks)),
                    self.files, self.ranks) for s in SIDES))
            moves_in: tuple[RegionalMoves, ...] = ()
            rank = self.int_("soldierPromotionRank")
            if p.key == "soldier" and rank > 0:
                # forward only before the rank, forward and sideways from it (moves_from)
                zone = Sided(Region.ranks_of(*range(rank + 1, self.ranks + 1)),
                             Region.ranks_of(*range(1, self.ranks - rank + 1)))
                moves_in = (RegionalMoves(zone, "fsW"),)
            cannon = p.key == "janggiCannon"
            # the predefined types that move along the palace diagonals (position.h
            # moves_from: wazir, soldier, rook, Janggi cannon; the king as the type kingType
            # names, a wazir in Janggi)
            kind = str(self.v("kingType")) if p.key == "king" else p.key
            palace = _PALACE.get(kind, "") if self.v("diagonalLines") else ""
            if confined is not None or moves_in or cannon or palace:
                out.append(PieceRules(mine, confined, moves_in, cannon,
                                      palace))  # type: ignore[arg-type]
        return tuple(out)

    def promotions(self) -> tuple[Promotion, ...]:
        pawns = self.sided_letters("promotionPawnTypes")
        choices = self.sided_letters("promotionPieceTypes")
        zone = Sided(self.region("promotionRegion.white"), self.region("promotionRegion.black"))
        limits = tuple(sorted((x, n) for k, n in self.pairs("promotionLimit")
                              if (x := self.letter(k)) is not None))
        mandatory = self.flag("mandatoryPawnPromotion")
        if self.flag("sittuyinPromotion"):
            self.lose("sittuyinPromotion", "Sittuyin's promotion in place is held but not "
                      "played by the game engine")
        groups: dict[tuple[bool, bool], list[str]] = {}
        for x in sorted(set(pawns.white) | set(pawns.black)):
            groups.setdefault((x in pawns.white, x in pawns.black), []).append(x)
        forms = self.promoted_forms()
        formed = {x for x, _ in forms.forms} if forms is not None else set()
        out = []
        for (w, b), members in sorted(groups.items(), reverse=True):
            ch = Sided(choices.white if w else (), choices.black if b else ())
            # Pawns of both sides with nothing to choose from and promotion mandatory may
            # not enter the zone at all: Fairy-Stockfish's movegen.cpp (generate_pawn_moves
            # masks the zone out of the plain pushes and captures when
            # mandatoryPawnPromotion, and make_promotions adds nothing for an empty
            # promotionPieceTypes), as in its [maharajah], whose pieces reset the choices.
            stuck = mandatory and w and b and not formed & set(members)
            if ch.white or ch.black or stuck:
                out.append(Promotion(tuple(members), zone, ch, mandatory, limits,
                                     sittuyin=self.flag("sittuyinPromotion")))
        both = sorted({c for p in out for x in p.pieces for c in p.choices.white + p.choices.black
                       if forms is not None and (x, c) in forms.forms})
        if both:
            # the same type both as a choice and as the promoted form (elgam's w): the engine
            # lists two moves to one position (d10c10w and d10c10+), the game makes one
            self.lose("promotionPieceTypes", f"{', '.join(both)} is both a promotion choice "
                      "and the promoted form (promotedPieceType): the engine's two moves to "
                      "one position (...w and ...+) are one move here")
        if limits and not out and forms is not None:
            # Fairy-Stockfish counts promotionLimit for Shogi-style promotions too
            # (movegen.cpp: a piece turns into its promoted type only while fewer of that
            # type stand on the board; shogun's one Archbishop, Chancellor, Queen, Centaur):
            # the limits ride on a promotion of no piece, which the game counts for every
            # promotion
            out.append(Promotion((), zone, Sided((), ()), mandatory, limits))
        return tuple(out)

    def pairs(self, name: str) -> tuple[tuple[str, int], ...]:
        value = self.v(name)
        assert isinstance(value, tuple)
        return value

    def promoted_forms(self) -> PromotedForms | None:
        value = self.v("promotedPieceType")
        assert isinstance(value, tuple)
        forms = tuple(sorted((a, b) for k, t in value if t is not None and
                             (a := self.letter(k)) is not None and
                             (b := self.letter(t)) is not None))
        if not forms:
            return None
        zone = Sided(self.region("promotionRegion.white"), self.region("promotionRegion.black"))
        targets = {b for _, b in forms}
        limits = tuple(sorted((x, n) for k, n in self.pairs("promotionLimit")
                              if (x := self.letter(k)) is not None and x in targets))
        return PromotedForms(forms, zone, self.flag("mandatoryPiecePromotion"),
                             self.flag("piecePromotionOnCapture"), self.flag("pieceDemotion"),
                             limits)

    def drops(self) -> Drops | None:
        if not self.flag("pieceDrops"):
            return None
        must = self.v("mustDropType")
        pawn = self.type_letter("pawn")
        first, zone = self.flag("firstRankPawnDrops"), self.flag("promotionZonePawnDrops")
        if not pawn or (first and zone):
            pawn, first, zone = (), False, False      # no pawn limits at all
        enclosing = self.v("enclosingDrop")
        start = self.v("enclosingDropStart")
        assert isinstance(start, frozenset)
        return Drops(
            captures_to_hand=self.flag("capturesToHand"), keep_promoted=self.flag("dropLoop"),
            region=self.sided_region("dropRegion", whole_is_none=True),
            pawns=pawn, pawns_on_first_rank=first, pawns_in_zone=zone,
            no_doubled=tuple(x for x in [self.letter(self.v("dropNoDoubled"))] if x and x != ALL),
            no_doubled_count=self.int_("dropNoDoubledCount"),
            no_mate_by=self.type_letter("shogiPawn") if self.flag("shogiPawnDropMateIllegal")
            else (), checks=self.flag("dropChecks"), must_drop=self.flag("mustDrop"),
            must_drop_piece="" if must in (FSF_ALL, None) else self.letter(must) or "",
            promoted_drops=self.flag("dropPromoted"),
            opposite_bishops=(self.type_letter("bishop") or ("",))[0]
            if self.flag("dropOppositeColoredBishop") else "",
            back_rank_only=self.type_letter("rook") if self.flag("sittuyinRookDrop") else (),
            enclosing=enclosing,  # type: ignore[arg-type]
            enclosing_start=region(start, self.files, self.ranks) if start else None,
            two_boards=self.flag("twoBoards"), free=self.flag("freeDrops"))

    def castling(self) -> Castling | None:
        if not self.flag("castling"):
            return None
        king = Sided(self.letter(self.v("castlingKingPiece.white")),
                     self.letter(self.v("castlingKingPiece.black")))
        rooks = self.sided_letters("castlingRookPieces")
        if not (king.white and king.black and king.white != ALL and king.black != ALL and
                rooks.white and rooks.black):
            return None                   # nothing can castle: the engine finds no pair either
        kingside = self.int_("castlingRookKingsideFile")
        return Castling(Sided(king.white, king.black), rooks, self.int_("castlingKingFile"),
                        self.int_("castlingKingsideFile"), self.int_("castlingQueensideFile"),
                        self.int_("castlingRank") + 1,
                        None if kingside >= self.files - 1 else kingside,
                        self.int_("castlingRookQueensideFile"), self.flag("chess960"),
                        self.flag("oppositeCastling"), self.flag("castlingDroppedPiece"),
                        str(self.v("castlingWins")))

    def ending(self) -> Ending:
        rep = Repetition(self.int_("nFoldRule"), self.result("nFoldValue", "draw"),
                         self.flag("nFoldValueAbsolute"), self.flag("perpetualCheckIllegal"),
                         self.flag("moveRepetitionIllegal"),
                         self.v("chasingRule"))  # type: ignore[arg-type]
        extinction = None
        if self.v("extinctionValue") != "none":
            extinction = Extinction(self.letter_list(self.v("extinctionPieceTypes")),
                                    self.int_("extinctionPieceCount"),
                                    self.int_("extinctionOpponentPieceCount"),
                                    self.flag("extinctionClaim"),
                                    self.result("extinctionValue", "loss"),
                                    self.flag("extinctionPseudoRoyal"))
        flag = None
        if self.v("flagRegion.white") or self.v("flagRegion.black"):
            pieces = Sided(self.letter(self.v("flagPiece.white")) or ALL,
                           self.letter(self.v("flagPiece.black")) or ALL)
            flag = Flag(Sided(self.region("flagRegion.white"), self.region("flagRegion.black")),
                        pieces, self.int_("flagPieceCount"), self.blocked_win(),
                        self.flag("flagMove"), self.flag("flagPieceSafe"))
        return Ending(self.result("checkmateValue", "loss"),
                      self.result("stalemateValue", "draw"), self.flag("stalematePieceCount"),
                      rep, self.int_("nMoveRule"), self.sided_letters("nMoveRuleTypes"),
                      False, extinction, flag, self.flag("checkCounting"), self.connect(),
                      self.v("countingRule"),  # type: ignore[arg-type]
                      self.v("materialCounting"),  # type: ignore[arg-type]
                      self.flag("adjudicateFullBoard"))

    def blocked_win(self) -> bool:
        """``flagPieceBlockedWin`` as the engine plays it. Its test for a full region
        (``Position::flag_reached``) looks at every square of the flag bitboard, and a whole
        rank ``*N`` or file ``a*`` spans the engine's widest board (``FILES`` x ``RANKS``): on a
        smaller board those extra squares stay empty, so that side's blocked win never comes.
        Read as no blocked win when it never comes for either side; named when it comes for
        one side only (the model has one blocked win for both)."""
        if not self.flag("flagPieceBlockedWin"):
            return False
        never = []
        sides = [side for side in SIDES if self.v(f"flagRegion.{side}")]
        for side in sides:
            squares = self.v(f"flagRegion.{side}")
            assert isinstance(squares, frozenset)
            if any(f < FILES and r < RANKS and (f >= self.files or r >= self.ranks)
                   for f, r in squares):
                never.append(side)
        if not never:
            return True
        if len(never) == len(sides):
            self.lose("flagPieceBlockedWin", "a whole rank or file of the flag region spans "
                      "Fairy-Stockfish's widest board, whose squares beyond this board stay "
                      "empty, so the engine never gives the blocked win: read as none")
            return False
        self.lose("flagPieceBlockedWin", f"{never[0]}'s flag region reaches squares beyond the "
                  "board (a whole rank or file spans Fairy-Stockfish's widest board), so "
                  f"Fairy-Stockfish never gives {never[0]} the blocked win; it is played here "
                  "for both sides")
        return True

    def connect(self) -> Connect | None:
        regions = [self.v(f"connectRegion{n}.{s}") for s in SIDES for n in (1, 2)]
        if not (self.int_("connectN") or self.int_("connectNxN") or self.int_("collinearN")
                or any(regions)):
            return None
        sided: Sided[tuple[Region, ...]] | None = None
        if any(regions):
            sided = Sided((self.region("connectRegion1.white"), self.region("connectRegion2.white")),
                          (self.region("connectRegion1.black"), self.region("connectRegion2.black")))
        pieces = self.letter_list(self.v("connectPieceTypes"))
        if pieces and set(pieces) >= set(self.letters.values()):
            pieces = (ALL,)          # every piece named is any piece (what the export writes)
        return Connect(self.int_("connectN"), pieces,
                       self.flag("connectHorizontal"), self.flag("connectVertical"),
                       self.flag("connectDiagonal"), sided, self.int_("connectNxN"),
                       self.int_("collinearN"), self.result("connectValue", "win"))

    def others(self) -> dict[str, object]:
        out: dict[str, object] = {}
        blast = None
        if self.flag("blastOnCapture"):
            blast = Blast(self.type_letter("pawn"), self.letter_list(self.v("blastImmuneTypes")),
                          self.letter_list(self.v("mutuallyImmuneTypes")))
        out["blast"] = blast
        petrify = self.letter_list(self.v("petrifyOnCaptureTypes"))
        out["petrify"] = petrify + (("+blast",) if petrify and self.flag("petrifyBlastPieces")
                                    else ())
        walls = None
        if self.v("wallingRule") != "none":
            walls = Walls(self.v("wallingRule"),  # type: ignore[arg-type]
                          self.sided_region("wallingRegion", whole_is_none=True),
                          self.flag("wallOrMove"))
        out["walls"] = walls
        out["gating"] = Gating(self.flag("seirawanGating"), self.flag("cambodianMoves")) \
            if self.flag("gating") else None
        out["passing"] = Sided(self.flag("pass.white"), self.flag("pass.black"))
        out["pass_on_stalemate"] = Sided(self.flag("passOnStalemate.white"),
                                         self.flag("passOnStalemate.black"))
        out["flip"] = self.v("flipEnclosedPieces")
        lines = self.v("diagonalLines")
        out["diagonal_lines"] = self.region("diagonalLines") if lines else None
        return out

    def unplaced(self) -> None:
        """Rules held by Fairy-Stockfish's piece types, which no option names."""
        for side in SIDES:
            ep = self.v(f"enPassantTypes.{side}")
            assert isinstance(ep, frozenset)
            odd = sorted(k for k in ep if k != "pawn" and k in self.letters and not (
                (p := self.c.piece(k)) is not None and p.betza and "e" in p.betza))
            if odd:
                self.lose(f"enPassantTypes.{side}", f"{', '.join(odd)} would capture en "
                          "passant with their captures: the rules model has e.p. only as "
                          "the e of a piece's notation")
            pawnish = {k for k in self.letters if k != "pawn" and (
                (p := self.c.piece(k)) is not None and p.betza and "e" in p.betza)}
            other = self.v(f"enPassantTypes.{'black' if side == 'white' else 'white'}")
            assert isinstance(other, frozenset)
            if any((k in ep) != (k in other) for k in pawnish):
                self.lose(f"enPassantTypes.{side}", "one side's pieces may capture en passant "
                          "and the other's not: the notation is the same for both")
        for name in ("pieceValueMg", "pieceValueEg"):
            if self.v(name):
                self.lose(name, "piece values for the engine's evaluation, not rules of play")

    def inert(self) -> None:
        """Options set in the user's file that do nothing because the rule they refine is
        off (the engine ignores them too): named, so that no line is read in silence."""
        for name, setting in self.c.settings.items():
            if setting.origin.file == BUILTINS_FILE or setting.value == self.default(name) or \
                    name.startswith("doubleStepRegion") and setting.origin.key == "doubleStep":
                continue                  # the engine's own conclusion, not the file's line
            base = name.split(".")[0]
            for needs, fields, why in _DEPENDS:
                if (base in fields or name in fields) and not needs(self):
                    self.lose(name, f"has no effect: {why}")
                    break

    def default(self, name: str) -> object:
        from .fsf_options import FIELDS
        return FIELDS[name].default if name in FIELDS else frozenset()

    def triple_steps(self, double: bool) -> Sided[Region] | None:
        """tripleStepRegion: the engine's pawn steps three squares from there (movegen.cpp);
        the game gives the step to every piece with initial moves, so it is read when the
        pawn is the only one (and has its double step, which makes its moves initial)."""
        if not any(self.v(f"tripleStepRegion.{side}") for side in SIDES):
            return None
        others = sorted(p.key for p in self.c.pieces
                        if p.key != "pawn" and p.betza and "i" in p.betza)
        why = ""
        if self.c.piece("pawn") is None:
            why = "there is no pawn to make it"
        elif others:
            why = (f"{', '.join(others)} make initial moves too: the rules model gives "
                   "the triple step to every piece with initial moves")
        elif not double:
            why = ("the pawn has no double step (doubleStep): the rules model gives the "
                   "triple step to pieces with initial moves")
        if why:
            for side in SIDES:
                if self.v(f"tripleStepRegion.{side}"):
                    self.lose(f"tripleStepRegion.{side}", f"the pawn's triple step: {why}")
            return None
        return Sided(self.region("tripleStepRegion.white"),
                     self.region("tripleStepRegion.black"))

    def rule_set(self) -> RuleSet:
        # the region matters to pieces with initial moves: the pawn's double step, custom i
        movers = self.c.piece("pawn") is not None or any(
            p.betza and "i" in p.betza for p in self.c.pieces)
        double = self.flag("doubleStep") and movers
        initial = Sided(self.region("doubleStepRegion.white"),
                        self.region("doubleStepRegion.black")) if double else \
            Sided(Region(""), Region(""))
        triple = self.triple_steps(double)
        self.unplaced()
        self.inert()
        return RuleSet(
            pieces=self.pieces(), promotions=self.promotions(),
            promoted_forms=self.promoted_forms(), drops=self.drops(), castling=self.castling(),
            royalty=Royalty(self.flag("checking"), "all" if self.flag("dupleCheck") else "each",
                            self.flag("flyingGeneral"), self.flag("bikjangRule"),
                            self.flag("makpongRule"), self.flag("shatarMateRule")),
            ending=self.ending(), initial_moves=initial, triple_steps=triple,
            en_passant_region=self.sided_region("enPassantRegion", whole_is_none=True),
            immobile_illegal=self.flag("immobilityIllegal"),
            must_capture=self.flag("mustCapture"), **self.others())  # type: ignore[arg-type]


_PALACE = {"wazir": "F", "soldier": "fF", "rook": "B", "janggiCannon": "pB"}


def _forms(r: _Reader) -> bool:
    value = r.v("promotedPieceType")
    return isinstance(value, tuple) and any(t is not None for _, t in value)


# (the rule is on, the fields refining it, why they do nothing otherwise)
_DEPENDS: tuple[tuple[Callable[[_Reader], bool], frozenset[str], str], ...] = (
    (lambda r: r.flag("pieceDrops"), frozenset({
        "twoBoards", "capturesToHand", "dropLoop", "mustDrop", "mustDropType",
        "firstRankPawnDrops", "promotionZonePawnDrops", "enclosingDrop", "enclosingDropStart",
        "dropRegion", "sittuyinRookDrop", "dropOppositeColoredBishop", "dropPromoted",
        "dropNoDoubled", "dropNoDoubledCount", "dropChecks", "shogiPawnDropMateIllegal",
        "castlingDroppedPiece"}), "pieces are not dropped (pieceDrops = false)"),
    (_forms, frozenset({"piecePromotionOnCapture", "mandatoryPiecePromotion",
                        "pieceDemotion"}), "no piece has a promoted form (promotedPieceType)"),
    (lambda r: r.flag("castling"), frozenset({
        "castlingDroppedPiece", "castlingKingsideFile", "castlingQueensideFile", "castlingRank",
        "castlingKingFile", "castlingKingPiece", "castlingRookKingsideFile",
        "castlingRookQueensideFile", "castlingRookPieces", "oppositeCastling", "chess960",
        "castlingWins"}), "there is no castling (castling = false)"),
    (lambda r: r.v("extinctionValue") != "none", frozenset({
        "extinctionClaim", "extinctionPseudoRoyal", "extinctionPieceTypes",
        "extinctionPieceCount", "extinctionOpponentPieceCount"}),
     "no extinction rule (extinctionValue = none)"),
    (lambda r: bool(r.v("flagRegion.white") or r.v("flagRegion.black")), frozenset({
        "flagPiece", "flagPieceCount", "flagPieceBlockedWin", "flagMove", "flagPieceSafe"}),
     "no flag region"),
    (lambda r: r.flag("blastOnCapture"), frozenset({
        "blastImmuneTypes", "mutuallyImmuneTypes", "petrifyBlastPieces"}),
     "captures do not explode (blastOnCapture = false); the rules model holds these with "
     "explosions"),
    (lambda r: r.v("wallingRule") != "none", frozenset({"wallingRegion", "wallOrMove"}),
     "no walls (wallingRule = none)"),
    (lambda r: r.flag("gating"), frozenset({"seirawanGating", "cambodianMoves"}),
     "no gating (gating = false)"),
    (lambda r: r.flag("doubleStep"), frozenset({"doubleStepRegion"}),
     "no initial moves (doubleStep = false)"),
    (lambda r: bool(r.int_("connectN") or r.int_("connectNxN") or r.int_("collinearN") or any(
        r.v(f"connectRegion{n}.{s}") for n in (1, 2) for s in SIDES)), frozenset({
            "connectPieceTypes", "connectHorizontal", "connectVertical", "connectDiagonal",
            "connectValue"}), "no connection rule"),
    (lambda r: r.c.piece("soldier") is not None, frozenset({"soldierPromotionRank"}),
     "no soldier"),
)


def rule_set_of(config: FsfConfig, letters: dict[str, str]) -> tuple[RuleSet, list[Lost]]:
    """The rules of ``config`` (piece keys named by ``letters``) and what could not be
    carried."""
    reader = _Reader(config, letters)
    rules = reader.rule_set()
    return rules, reader.lost


__all__ = ["Lost", "rule_set_of", "region", "region_text"]

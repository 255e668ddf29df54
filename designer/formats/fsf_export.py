"""Our rules of play written as Fairy-Stockfish options (the inverse of ``fsf_rules``), and
what Fairy-Stockfish cannot be told, as problems the user sees before anything is written.

``rule_keys(v, plan)`` gives the option lines for the variant's rules (``variant.derive.
rules_for``: its own rule set, or the one its parent implies), in Fairy-Stockfish's letters
(``fsf_plan``). Fairy-Stockfish ties some rules to its own piece types (``fsf_rules``): the
pawn-drop limits to its ``pawn``, the drop-mate ban to its ``shogiPawn``, a move set that
changes across a region to its ``soldier``; a rule of ours on another piece cannot be said and
becomes a problem naming it. Several promotion zones or choice lists, Chu Shogi's Lion rules,
the cylinder's wrap, "the last royal piece" and insufficient material have no option either.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal

from ..geometry.board import file_letter
from ..variant.derive import rules_for
from ..rules.model import ALL, RuleSet
from ..rules.regions import Region, RegionError, Sided
from ..variant.fen import FenError, base_letter, parse_fen
from ..variant.model import ModelProblem, PieceType, Variant
from .fsf_keys import squares_text
from .fsf_rules import region_text
from .fsf_options import FILES as FSF_FILES, RANKS as FSF_RANKS, mobility_key
from .fsf_plan import PAWN_FULL, Plan, canon, soldier_rank

__all__ = ["rule_keys"]

Lines = list[tuple[str, str]]


class _Writer:
    def __init__(self, v: Variant, plan: Plan) -> None:
        self.v = v
        self.plan = plan
        self.rules: RuleSet = rules_for(v)
        self.lines: Lines = []
        self.problems: list[ModelProblem] = []

    # -- helpers ----------------------------------------------------------------------------
    def add(self, key: str, value: object) -> None:
        text = ("true" if value else "false") if isinstance(value, bool) else str(value)
        self.lines.append((key, text))

    def problem(self, field: str, message: str,
                severity: Literal["error", "warning"] = "error") -> None:
        self.problems.append(ModelProblem("", f"rule_set.{field}", "Fairy-Stockfish: "
                                          + message, severity=severity))

    def fl(self, letter: str) -> str | None:
        """Fairy-Stockfish's letter of one of ours (None: not exported)."""
        if letter == ALL:
            return "*"
        if letter not in self.plan.decl:
            return None
        return self.plan.letters.get(letter)

    def letters(self, letters: Iterable[str], field: str) -> str:
        out = ""
        for x in letters:
            f = self.fl(x)
            if f is None:
                self.problem(field, f"{x} is left out of the export: the rule forgets it",
                             "warning")
            elif f not in out:
                out += f
        return out or "-"

    def key_of(self, letter: str) -> str | None:
        decl = self.plan.decl.get(letter)
        return decl[0] if decl else None

    def region(self, r: Region | None, field: str, exact: bool = False) -> str:
        """A region as the engine reads it. Whole ranks ``*N`` and files ``a*`` are shorter,
        but the engine reads them across its widest board (``FILES`` x ``RANKS``), squares
        beyond ours included; ``exact`` writes them only where that is this board's rank or
        file, so that the engine's bitboard holds this region's squares and no others."""
        if r is None:
            return "-"
        try:
            on = r.squares(self.v.files, self.v.ranks)
            if exact:
                return squares_text(on, FSF_FILES, FSF_RANKS) or "-"
            return region_text(on, self.v.files, self.v.ranks).text or "-"
        except RegionError as e:
            self.problem(field, f"region {r.text!r} does not read: {e}")
            return "-"

    def sided_region(self, key: str, s: Sided[Region] | None, field: str,
                     exact: bool = False) -> None:
        if s is None:
            return
        self.add(f"{key}White", self.region(s.white, field, exact))
        self.add(f"{key}Black", self.region(s.black, field, exact))

    def sided_letters(self, key: str, s: Sided[tuple[str, ...]], field: str) -> None:
        self.add(f"{key}White", self.letters(s.white, field))
        self.add(f"{key}Black", self.letters(s.black, field))

    def only_type(self, letters: tuple[str, ...], fsf_key: str, field: str) -> bool:
        """Whether ``letters`` are exactly the piece exported as Fairy-Stockfish's
        ``fsf_key`` (the rule it ties to that type); a problem otherwise."""
        if not letters:
            return False
        if len(letters) == 1 and self.key_of(letters[0]) == fsf_key:
            return True
        self.problem(field, f"this rule belongs to its {fsf_key} type only, and "
                     f"{', '.join(letters)} {'is' if len(letters) == 1 else 'are'} not "
                     "exported as that type")
        return False

    # -- groups -----------------------------------------------------------------------------
    def pieces(self) -> None:
        soldier = self.plan.soldier
        for i, p in enumerate(self.rules.pieces):
            key = self.key_of(p.letter)
            if key is None:
                continue
            if p.confined is not None:
                for side, r in (("white", p.confined.white), ("black", p.confined.black)):
                    self.add(mobility_key(side, key),
                             self.region(r, f"pieces[{i}].confined"))
            if p.moves_in and p.letter != soldier:
                self.problem(f"pieces[{i}].moves_in", f"{p.letter}: other moves in a region "
                             "exist only as the soldier's sideways steps (fW, then fsW from a "
                             "rank on)")
        if soldier:
            rank = soldier_rank(self.v, soldier)
            assert rank is not None
            self.add("soldierPromotionRank", rank)

    def promotions(self) -> None:
        r = self.rules
        promos = r.promotions
        zone: Sided[Region] | None = promos[0].zone if promos else (
            r.promoted_forms.zone if r.promoted_forms else None)
        if promos:
            first = promos[0]
            if any(p.mandatory != first.mandatory or p.limits != first.limits or
                   p.only_lost != first.only_lost for p in promos):
                self.problem("promotions", "one mandatory flag and one set of limits for all "
                             "promoting pieces: the first one's are exported")
            for side in ("white", "black"):
                # pawns with nothing to choose from are listed too (with no choices): with
                # promotion mandatory, Fairy-Stockfish then keeps them off the last ranks
                mine = [p for p in promos if p.choices.of(side)] or list(promos)
                if any(p.choices.of(side) != mine[0].choices.of(side) for p in mine):
                    self.problem("promotions", f"one list of promotion choices per side: "
                                 f"{side}'s first one is exported")
                pawns = [x for p in mine for x in p.pieces]
                self.add(f"promotionPawnTypes{side.capitalize()}",
                         self.letters(pawns, "promotions"))
                self.add(f"promotionPieceTypes{side.capitalize()}",
                         self.letters(mine[0].choices.of(side) if mine else (), "promotions"))
            self.add("mandatoryPawnPromotion", first.mandatory)
            limits = list(first.limits)
            if first.only_lost:
                limits += self.setup_counts(first.choices)
            if first.sittuyin:
                self.add("sittuyinPromotion", True)
        else:
            limits = []
            self.add("promotionPawnTypes", "-")
            self.add("promotionPieceTypes", "-")
        forms = r.promoted_forms
        # one promotionLimit for both kinds of promotion (the engine counts the type)
        limits += [x for x in (forms.limits if forms is not None else ()) if x not in limits]
        if limits:
            text = " ".join(f"{f}:{n}" for x, n in limits if (f := self.fl(x)))
            self.add("promotionLimit", text)
        if forms is not None:
            pairs = [(self.fl(a), self.fl(b)) for a, b in forms.forms]
            self.add("promotedPieceType", " ".join(f"{a}:{b}" for a, b in pairs if a and b))
            self.add("mandatoryPiecePromotion", forms.mandatory)
            self.add("piecePromotionOnCapture", forms.on_capture_only)
            self.add("pieceDemotion", forms.demotion)
        zones = [(f"promotions[{i}].zone", p.zone) for i, p in enumerate(promos)] + \
            ([("promoted_forms.zone", forms.zone)] if forms else [])
        if zone is None:
            zone = Sided(Region(""), Region(""))
        else:
            for where, z in zones:     # each zone left out is named
                if self.region(z.white, where) != self.region(zone.white, where) or \
                        self.region(z.black, where) != self.region(zone.black, where):
                    self.problem(where, "one promotion zone per side for every piece: the "
                                 "first one's is exported")
        self.sided_region("promotionRegion", zone, "promotions")

    def setup_counts(self, choices: Sided[tuple[str, ...]]) -> list[tuple[str, int]]:
        """"Only to a piece you have lost" as the engine's promotion limits: as many of each
        type as the setup has (per side; the engine counts the side's own pieces)."""
        try:
            board = parse_fen(self.v.setup, self.v.files, self.v.ranks).board.values()
        except FenError:
            return []
        out = []
        for x in sorted(set(choices.white) | set(choices.black)):
            white = sum(1 for t in board if t == x or base_letter(t) == x and t[0] != "+"
                        and t.isupper())
            black = sum(1 for t in board if base_letter(t) == x and not t.isupper())
            if white != black:
                self.problem("promotions", f"promotion limits count both sides alike: {x} "
                             f"has {white} and {black} in the setup")
            out.append((x, max(white, 1)))
        return out

    def drops(self) -> None:
        d = self.rules.drops
        if d is None:
            self.add("pieceDrops", False)
            return
        self.add("pieceDrops", True)
        self.add("capturesToHand", d.captures_to_hand)
        if d.keep_promoted:
            self.add("dropLoop", True)
        self.sided_region("dropRegion", d.region, "drops.region")
        pawn = next((x for x, (k, _) in self.plan.decl.items() if k == "pawn"), None)
        if d.pawns:
            self.only_type(d.pawns, "pawn", "drops.pawns")
        if pawn is not None:             # the engine limits its pawn's drops unless told
            restricted = pawn in d.pawns
            self.add("firstRankPawnDrops", d.pawns_on_first_rank or not restricted)
            self.add("promotionZonePawnDrops", d.pawns_in_zone or not restricted)
        if d.no_doubled:
            if len(d.no_doubled) > 1:
                self.problem("drops.no_doubled", "one piece type only: the first is exported")
            if f := self.fl(d.no_doubled[0]):
                self.add("dropNoDoubled", f)
                self.add("dropNoDoubledCount", d.no_doubled_count)
        if d.no_mate_by and self.only_type(d.no_mate_by, "shogiPawn", "drops.no_mate_by"):
            self.add("shogiPawnDropMateIllegal", True)
        self.add("dropChecks", d.checks)
        if d.must_drop:
            self.add("mustDrop", True)
            if d.must_drop_piece and (f := self.fl(d.must_drop_piece)):
                self.add("mustDropType", f)
        if d.promoted_drops:
            self.add("dropPromoted", True)
        if d.opposite_bishops and self.only_type((d.opposite_bishops,), "bishop",
                                                 "drops.opposite_bishops"):
            self.add("dropOppositeColoredBishop", True)
        if d.back_rank_only and self.only_type(d.back_rank_only, "rook",
                                               "drops.back_rank_only"):
            self.add("sittuyinRookDrop", True)
        if d.enclosing != "none":
            self.add("enclosingDrop", d.enclosing)
        if d.enclosing_start is not None:
            self.add("enclosingDropStart", self.region(d.enclosing_start, "drops"))
        if d.two_boards:
            self.add("twoBoards", True)

    def castling(self) -> None:
        c = self.rules.castling
        if c is None:
            self.add("castling", False)
            return
        self.add("castling", True)
        self.add("castlingKingsideFile", file_letter(c.kingside_to))
        self.add("castlingQueensideFile", file_letter(c.queenside_to))
        self.add("castlingRank", c.rank)
        self.add("castlingKingFile", file_letter(c.king_file))
        for side in ("white", "black"):
            king = self.fl(c.king.of(side))
            if king:
                self.add(f"castlingKingPiece{side.capitalize()}", king)
        self.sided_letters("castlingRookPieces", c.rooks, "castling.rooks")
        if c.kingside_rook is not None:      # else the engine's default: the last file
            self.add("castlingRookKingsideFile", file_letter(c.kingside_rook))
        self.add("castlingRookQueensideFile", file_letter(c.queenside_rook))
        for key, value in (("chess960", c.chess960), ("oppositeCastling", c.opposite),
                           ("castlingDroppedPiece", c.dropped_pieces)):
            if value:
                self.add(key, True)
        if c.wins:
            self.add("castlingWins", c.wins)

    def royalty_and_ending(self) -> None:
        r = self.rules.royalty
        self.add("checking", r.checks)
        if r.several == "all":
            self.add("dupleCheck", True)
        elif r.several == "last" and sum(p.royal for p in self.v.pieces) > 1:
            self.problem("royalty.several", "no rule where only the last royal piece counts")
        for key, value in (("flyingGeneral", r.flying_general), ("bikjangRule", r.bikjang),
                           ("makpongRule", r.makpong), ("shatarMateRule", r.shatar_mate)):
            if value:
                self.add(key, True)
        e = self.rules.ending
        self.add("checkmateValue", e.checkmate)
        self.add("stalemateValue", e.stalemate)
        if e.stalemate_by_material:
            self.add("stalematePieceCount", True)
        rep = e.repetition
        self.add("nFoldRule", rep.count)
        self.add("nFoldValue", rep.value)
        self.add("nFoldValueAbsolute", rep.value_for_white)
        self.add("perpetualCheckIllegal", rep.perpetual_check_loses)
        if rep.move_repetition_illegal:
            self.add("moveRepetitionIllegal", True)
        self.add("chasingRule", rep.chasing)
        self.add("nMoveRule", e.move_limit)
        resets = e.move_limit_resets
        if resets is None:
            pawns = tuple(x for p in self.rules.promotions for x in p.pieces)
            resets = Sided(pawns, pawns)
        self.sided_letters("nMoveRuleTypes", resets, "ending.move_limit_resets")
        if e.insufficient_material:
            self.problem("ending.insufficient_material", "no draw by insufficient material "
                         "(it plays on to the move limit)", "warning")
        self.extinction_and_flag()
        if e.check_count:
            self.add("checkCounting", True)
        self.connect()
        if e.counting != "none":
            self.add("countingRule", e.counting)
        if e.material_counting != "none":
            self.add("materialCounting", e.material_counting)
        if e.full_board:
            self.add("adjudicateFullBoard", True)

    def extinction_and_flag(self) -> None:
        e = self.rules.ending
        x = e.extinction
        if x is not None:
            if x.together and len(x.pieces) > 1:
                self.problem("ending.extinction.together", "each type counts on its own there: "
                             "losing any one of them ends the game")
            self.add("extinctionValue", x.value)
            self.add("extinctionPieceTypes", self.letters(x.pieces, "ending.extinction"))
            self.add("extinctionPieceCount", x.at_most)
            self.add("extinctionOpponentPieceCount", x.opponent_at_least)
            self.add("extinctionClaim", x.claim)
            self.add("extinctionPseudoRoyal", x.pseudo_royal)
        f = e.flag
        if f is not None:
            for side in ("white", "black"):
                piece = f.pieces.of(side)
                self.add(f"flagPiece{side.capitalize()}", self.fl(piece) or "*")
            # the blocked win asks whether the engine's flag bitboard has an empty square
            # (Fairy-Stockfish's Position::flag_reached), squares off our board included:
            # a whole rank *N of a board narrower than the engine's would never be full
            self.sided_region("flagRegion", f.region, "ending.flag.region", f.blocked_win)
            self.add("flagPieceCount", f.count)
            for key, value in (("flagPieceBlockedWin", f.blocked_win), ("flagMove", f.extra_move),
                               ("flagPieceSafe", f.safe)):
                if value:
                    self.add(key, True)

    def connect(self) -> None:
        c = self.rules.ending.connect
        if c is None:
            return
        for key, value in (("connectN", c.n), ("connectNxN", c.square),
                           ("collinearN", c.collinear)):
            if value:
                self.add(key, value)
        # Fairy-Stockfish reads ``*`` in a piece set as the type "all pieces" (``ALL_PIECES``,
        # bit 0), which only extinctionPieceTypes looks for; connectPieceTypes is matched
        # against the board's piece types (src/parser.cpp, src/variant.cpp), so ``*`` would
        # connect nothing: "any piece" is every exported piece by its letter
        pieces = [p.letter for p in self.v.pieces if self.fl(p.letter)] if ALL in c.pieces \
            else c.pieces
        self.add("connectPieceTypes", self.letters(pieces, "ending.connect"))
        self.add("connectHorizontal", c.horizontal)
        self.add("connectVertical", c.vertical)
        self.add("connectDiagonal", c.diagonal)
        if c.regions is not None:
            for side in ("white", "black"):
                regions = c.regions.of(side)
                for n, r in enumerate(regions[:2], 1):
                    self.add(f"connectRegion{n}{side.capitalize()}",
                             self.region(r, "ending.connect.regions"))
                if len(regions) > 2:
                    self.problem("ending.connect.regions", "two regions per side at most")
        self.add("connectValue", c.value)

    def initial_moves(self) -> None:
        """doubleStep and its regions: Fairy-Stockfish's pawn steps twice, and every piece
        makes its ``i`` moves, only there (the rule set's region; without one, the start ranks
        of the pieces with such moves: XBoard's "not moved yet" for pieces that cannot come
        back to them)."""
        plan, v = self.plan, self.v
        movers = [p.letter for p in v.pieces if p.letter in plan.decl and _initial(plan, p)]
        pawn = next((p for p in v.pieces if plan.decl.get(p.letter, ("",))[0] == "pawn"), None)
        regions = self.rules.initial_moves
        if regions is None:
            try:
                s = parse_fen(v.setup, v.files, v.ranks)
            except FenError:
                s = None
            ranks = [sorted({r + 1 for (f, r), t in (s.board.items() if s else ())
                             if base_letter(t) in movers and t[-1].isupper() == white})
                     for white in (True, False)]
            regions = Sided(Region.ranks_of(*ranks[0]), Region.ranks_of(*ranks[1]))
        text = Sided(self.region(regions.white, "initial_moves"),
                     self.region(regions.black, "initial_moves"))
        double = bool(movers) or text.white != "-" or text.black != "-"
        if pawn is not None and pawn.letter not in movers and double:
            if movers:
                self.problem("initial_moves", f"{', '.join(movers)} make initial moves, so "
                             f"its pawn {pawn.letter} would step twice too")
            double = bool(movers)
        self.add("doubleStep", double)
        if double:
            self.add("doubleStepRegionWhite", text.white)
            self.add("doubleStepRegionBlack", text.black)
        self.triple_steps(pawn, movers)

    def triple_steps(self, pawn: PieceType | None, movers: list[str]) -> None:
        """tripleStepRegion: only Fairy-Stockfish's pawn steps three squares, so the rule
        set's triple steps travel only when its pawn is the one piece with initial moves."""
        t = self.rules.triple_steps
        if t is None or not (t.white.text.strip() or t.black.text.strip()):
            return
        if pawn is None or movers != [pawn.letter]:
            self.problem("triple_steps", "Fairy-Stockfish's pawn alone steps three squares: "
                         + ("the variant has no pawn" if pawn is None else
                            f"{', '.join(m for m in movers if m != pawn.letter) or 'no piece'}"
                            " would not"))
            return
        self.sided_region("tripleStepRegion", t, "triple_steps")

    def others(self) -> None:
        r = self.rules
        self.sided_region("enPassantRegion", r.en_passant_region, "en_passant_region")
        self.add("immobilityIllegal", r.immobile_illegal)
        if r.must_capture:
            self.add("mustCapture", True)
        b = r.blast
        if b is not None:
            self.add("blastOnCapture", True)
            pawn = next((x for x, (k, _) in self.plan.decl.items() if k == "pawn"), None)
            if set(b.spared) != ({pawn} if pawn else set()):
                self.problem("blast.spared", "only its pawn type survives next to an "
                             "explosion")
            if b.immune:
                self.add("blastImmuneTypes", self.letters(b.immune, "blast.immune"))
            if b.mutually_immune:
                self.add("mutuallyImmuneTypes",
                         self.letters(b.mutually_immune, "blast.mutually_immune"))
        petrify = tuple(x for x in r.petrify if x != "+blast")
        if petrify:
            self.add("petrifyOnCaptureTypes", self.letters(petrify, "petrify"))
            if "+blast" in r.petrify:
                self.add("petrifyBlastPieces", True)
        if r.walls is not None:
            self.add("wallingRule", r.walls.rule)
            self.sided_region("wallingRegion", r.walls.region, "walls.region")
            if r.walls.wall_or_move:
                self.add("wallOrMove", True)
        if r.gating is not None:
            self.add("gating", True)
            self.add("seirawanGating", r.gating.seirawan)
            self.add("cambodianMoves", r.gating.cambodian)
        for key, s in (("pass", r.passing), ("passOnStalemate", r.pass_on_stalemate)):
            if s.white or s.black:
                self.add(f"{key}White", s.white)
                self.add(f"{key}Black", s.black)
        if r.flip != "none":
            self.add("flipEnclosedPieces", r.flip)
        if r.diagonal_lines is not None:
            self.add("diagonalLines", self.region(r.diagonal_lines, "diagonal_lines"))
        if r.lion is not None:
            self.problem("lion", "Chu Shogi's Lion-capture rules do not exist there")
        if r.wrap:
            self.problem("wrap", "boards do not wrap round (cylinder)")
        if r.extra:
            self.problem("extra", "rules of a newer version of this program are not written ("
                         + ", ".join(key for key, _ in r.extra) + ")")


def _initial(plan: Plan, p: PieceType) -> bool:
    """Whether the piece makes initial moves as Fairy-Stockfish plays it."""
    key, value = plan.decl[p.letter]
    if key == "pawn":
        return canon(p.notation, p.dialect) == canon(PAWN_FULL)
    return key != "king" and "i" in value.partition(":")[2]


def rule_keys(v: Variant, plan: Plan) -> tuple[Lines, list[ModelProblem]]:
    """Option lines for ``v``'s rules, and what Fairy-Stockfish cannot be told."""
    w = _Writer(v, plan)
    w.initial_moves()
    w.pieces()
    w.promotions()
    w.drops()
    w.castling()
    w.royalty_and_ending()
    w.others()
    return w.lines, w.problems

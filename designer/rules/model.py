"""The rules model: everything a variant's game needs that a piece's Betza definition cannot say.

A ``RuleSet`` sits on ``Variant.rule_set`` beside the piece types. It is plain frozen data in
our own words, grouped by what the rules are about: the pieces (confinement to a region, other
moves in a region), promotion (pawn style and Shogi-style promoted forms), drops, castling,
royalty, how the game ends, and the rule families of Fairy-Stockfish and XBoard beyond those
(must-capture, explosions, walls, gating, passing, flipping, Chu Shogi's Lion rules, the
cylinder). Piece letters are the variant's own (``P``, ``+P``, ``N'``), in fields of type
``PieceLetter`` (``letters``: renaming a piece type renames them all); ``"*"`` in a letter list
means every piece type. Regions are ``regions.Region`` texts, per side where the rule is.

Every option of Fairy-Stockfish's ``variants.ini`` has its place here; ``fsf_table`` lists them
with the field each one sets (the Fairy-Stockfish reader is a lookup in that table). A rule
that the game engine does not play yet is still held here and written to files; the engine
refuses a variant using it with an error that names the rule (``game.support``).

Values of game ends (``Result``) are for the side the ending happens to: the side to move for
checkmate, stalemate and repetition, the side whose pieces died out for extinction, the side
that connected or reached the flag for those (as Fairy-Stockfish counts them).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated, Literal

from ..vocabulary import XBETZA, Dialect, Result
from .letters import PIECE_LETTER, PieceLetter, Words
from .regions import Region, Sided

__all__ = ["RuleSet", "PieceRules", "RegionalMoves", "Promotion", "PromotedForms", "Drops",
           "Castling", "Royalty", "Extinction", "Flag", "Connect", "Repetition", "Ending",
           "Blast", "Walls", "Gating", "LionRules", "Region", "Sided", "ALL"]

ALL = "*"   # in a list of piece letters: every piece type

Counting = Literal["none", "makruk", "cambodian", "asean"]
MaterialCounting = Literal["none", "janggi", "unweighted", "whitedrawodds", "blackdrawodds"]
Enclosing = Literal["none", "reversi", "ataxx", "quadwrangle", "snort", "anyside", "top"]
WallRule = Literal["arrow", "duck", "edge", "past", "static"]
SeveralRoyals = Literal["each", "last", "all"]


def _no_letters() -> Sided[tuple[str, ...]]:
    return Sided((), ())


# -- pieces ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class RegionalMoves:
    """While the piece stands in ``region`` it moves by ``notation`` instead of its own
    definition (the Xiangqi soldier: ``fW`` on its own side, ``fsW`` across the river)."""

    region: Sided[Region]
    notation: str
    dialect: Dialect = XBETZA


@dataclass(frozen=True)
class PieceRules:
    """Rules of one piece type beyond its moves: ``confined`` keeps it inside a region per
    side (it can neither move nor be dropped out of it, and attacks nothing outside it: the
    Xiangqi palace and river); ``moves_in`` gives it other moves in a region;
    ``janggi_cannon``: its hops neither jump over nor capture a piece of a type with this
    flag (Janggi's cannon, whose screen and victim may not be cannons); ``palace``: the moves
    it gains on ``RuleSet.diagonal_lines``, along them only (``F``, ``fF``, ``B`` or ``pB``:
    Fairy-Stockfish's wazir, soldier, rook and Janggi cannon in the palace)."""

    letter: PieceLetter
    confined: Sided[Region] | None = None
    moves_in: tuple[RegionalMoves, ...] = ()
    janggi_cannon: bool = False
    palace: Literal["", "F", "fF", "B", "pB"] = ""


# -- promotion ------------------------------------------------------------------------------
@dataclass(frozen=True)
class Promotion:
    """Pawn-style promotion: ``pieces`` that end a move in ``zone`` turn into one of
    ``choices`` (per side). ``mandatory``: they must; otherwise they may also stay (Grand).
    ``limits``: at most so many pieces of a type may exist for it to be chosen (counted for
    every promotion, the promoted forms' too; a promotion of no ``pieces`` may carry only
    limits);
    ``only_lost``: only a type of which fewer stand on the board than in the setup (Grand's
    "only to a piece you have lost"). ``sittuyin``: Sittuyin's promotion in place (not played
    yet)."""

    pieces: tuple[PieceLetter, ...]
    zone: Sided[Region]
    choices: Sided[tuple[PieceLetter, ...]]
    mandatory: bool = True
    limits: tuple[tuple[PieceLetter, int], ...] = ()
    only_lost: bool = False
    sittuyin: bool = False


@dataclass(frozen=True)
class PromotedForms:
    """Shogi-style promotion: each ``(piece, form)`` may turn into its form on a move that
    starts or ends in ``zone``. ``mandatory``: whenever it may; ``on_capture_only``: only when
    capturing (micro shogi); ``demotion``: a promoted piece may turn back (Kyoto shogi);
    ``limits``: (form, n) a side may promote into that form only while it has fewer than n
    of it on the board (Fairy-Stockfish's ``promotionLimit``, which counts piece promotions
    too: its [shogun])."""

    forms: tuple[tuple[PieceLetter, PieceLetter], ...]
    zone: Sided[Region]
    mandatory: bool = False
    on_capture_only: bool = False
    demotion: bool = False
    limits: tuple[tuple[PieceLetter, int], ...] = ()


# -- drops ----------------------------------------------------------------------------------
@dataclass(frozen=True)
class Drops:
    """Pieces in hand and how they come back onto the board.

    ``captures_to_hand``: a captured piece joins the captor's hand (Crazyhouse, Shogi), a
    promoted one as the piece it was (``keep_promoted``: as it is, Loop chess).
    ``region``: where drops may go; ``pawns`` are the types that may not be dropped on their
    first rank (``pawns_on_first_rank``) or in their promotion zone (``pawns_in_zone``).
    ``no_doubled``: types that may not be dropped on a file holding ``no_doubled_count`` of
    their own unpromoted kind (Shogi's two-pawn rule); ``no_mate_by``: types whose drop may not
    mate (Shogi's pawn): as Fairy-Stockfish plays it, such a drop stands but its mate loses for
    the side that dropped (``checkmate_value``); ``checks``: whether a drop may give check.
    ``must_drop``: a side with pieces in hand (of ``must_drop_piece``, '' any) must drop;
    ``promoted_drops``: pieces may be dropped promoted; ``opposite_bishops``: the type whose
    drops must end up on both colours; ``back_rank_only``: types dropped on the first rank
    only (Sittuyin's rook); ``enclosing``: drops must enclose pieces (Reversi family), with
    ``enclosing_start`` as the opening region; ``two_boards``: the hand is fed from another
    board (Bughouse); ``free``: every piece type may be dropped at any time, from an endless
    supply that captures do not feed (Ataxx's drops from nowhere)."""

    captures_to_hand: bool = True
    keep_promoted: bool = False
    region: Sided[Region] | None = None
    pawns: tuple[PieceLetter, ...] = ()
    pawns_on_first_rank: bool = False
    pawns_in_zone: bool = False
    no_doubled: tuple[PieceLetter, ...] = ()
    no_doubled_count: int = 1
    no_mate_by: tuple[PieceLetter, ...] = ()
    checks: bool = True
    must_drop: bool = False
    must_drop_piece: PieceLetter = ""
    promoted_drops: bool = False
    opposite_bishops: PieceLetter = ""
    back_rank_only: tuple[PieceLetter, ...] = ()
    enclosing: Enclosing = "none"
    enclosing_start: Region | None = None
    two_boards: bool = False
    free: bool = False


# -- castling -------------------------------------------------------------------------------
@dataclass(frozen=True)
class Castling:
    """Castling as data, beside a royal piece's ``O`` atom and XBoard's built-in castling.

    The ``king`` piece (per side) standing on ``king_file`` of its ``rank`` (1 = its own
    first rank) castles with a ``rooks`` piece standing on ``kingside_rook`` (None: the
    last file) or ``queenside_rook``: the king goes to ``kingside_to``/``queenside_to`` and the
    rook to the square next to it on the inside. Files count from 0 (a = 0). The squares
    between must be empty and the king may not be in check, pass or land on an attacked square.
    Which castlings are still allowed is the game's state (the FEN's castling field).
    ``chess960``: king and rooks start anywhere (Shredder/X-FEN rights); ``opposite``: a side
    may not castle to the side the opponent castled to; ``dropped_pieces``: dropped kings and
    rooks may castle; ``wins``: castlings (``KQkq``) that win the game, losing the right loses.
    """

    king: Sided[PieceLetter] = Sided("K", "K")
    rooks: Sided[tuple[PieceLetter, ...]] = Sided(("R",), ("R",))
    king_file: int = 4
    kingside_to: int = 6
    queenside_to: int = 2
    rank: int = 1
    kingside_rook: int | None = None
    queenside_rook: int = 0
    chess960: bool = False
    opposite: bool = False
    dropped_pieces: bool = False
    wins: str = ""


# -- royalty and the ends of the game -------------------------------------------------------
@dataclass(frozen=True)
class Royalty:
    """What royal pieces (``PieceType.royal``) mean.

    ``checks``: a move may give check (False: moves giving check are illegal). ``several``:
    with more than one royal piece, ``each`` must stay safe, ``last``: check only counts once a
    single one is left (XBoard's Chu Shogi: King and Crown Prince), ``all``: only attacking all
    of them at once is check (Fairy-Stockfish's duple check). ``flying_general``: royal pieces
    may not face each other on an open line (Xiangqi); ``bikjang``: facing kings end the game
    as a draw unless resolved (Janggi); ``makpong``: a king in check may not move away
    (Makpong); ``shatar_mate``: Shatar's mating rules."""

    checks: bool = True
    several: SeveralRoyals = "each"
    flying_general: bool = False
    bikjang: bool = False
    makpong: bool = False
    shatar_mate: bool = False


@dataclass(frozen=True)
class Extinction:
    """A side whose ``pieces`` (letters or ``*``) are down to ``at_most`` on board and in hand,
    while the opponent has at least ``opponent_at_least``, gets ``value`` (bare king: ``*``, 1,
    2, loss, with ``claim``: the bared side may first bare back). Each listed type counts on
    its own, as Fairy-Stockfish counts (any one of them gone ends the game); ``together``: they
    count as one group (all of them gone: Chu Shogi's King and Crown Prince).
    ``pseudo_royal``: the last of them behaves as a royal piece (Atomic)."""

    pieces: tuple[PieceLetter, ...] = (ALL,)
    at_most: int = 0
    opponent_at_least: int = 0
    claim: bool = False
    value: Result = "loss"
    pseudo_royal: bool = False
    together: bool = False


@dataclass(frozen=True)
class Flag:
    """Capture the flag: ``count`` ``pieces`` (per side, ``*`` any) reaching ``region`` win
    (King of the Hill, Racing Kings). ``blocked_win``: with more than one, reaching it while the
    rest of the region is occupied also wins; ``extra_move``: the opponent gets one more move;
    ``safe``: the piece must not be attacked there."""

    region: Sided[Region]
    pieces: Sided[PieceLetter] = Sided(ALL, ALL)
    count: int = 1
    blocked_win: bool = False
    extra_move: bool = False
    safe: bool = False


@dataclass(frozen=True)
class Connect:
    """Connection games: ``n`` of ``pieces`` in a line (along the directions allowed), an
    ``square`` x ``square`` block, ``collinear`` pieces on one line, or a chain from the first
    to the second of ``regions`` (per side) give ``value`` to the side that made it."""

    n: int = 0
    pieces: tuple[PieceLetter, ...] = (ALL,)
    horizontal: bool = True
    vertical: bool = True
    diagonal: bool = True
    regions: Sided[tuple[Region, ...]] | None = None
    square: int = 0
    collinear: int = 0
    value: Result = "win"


@dataclass(frozen=True)
class Repetition:
    """The ``count``-fold repetition of a position (0: no such rule) gives ``value`` to the
    side to move (``value_for_white``: to White). ``perpetual_check_loses``: a repetition
    forced by continual checks loses for the checking side; ``move_repetition_illegal``: moving
    a piece back and forth is not allowed (Janggi); ``chasing``: Xiangqi's chasing rules
    (``axf``)."""

    count: int = 3
    value: Result = "draw"
    value_for_white: bool = False
    perpetual_check_loses: bool = False
    move_repetition_illegal: bool = False
    chasing: Literal["none", "axf"] = "none"


@dataclass(frozen=True)
class Ending:
    """How the game ends.

    ``checkmate``/``stalemate``: what they give the side to move (``stalemate_by_material``:
    the side with fewer pieces loses a stalemate). ``move_limit``: the n-move rule in moves of
    each side (0: none), counted since a capture or a move of ``move_limit_resets`` (per side,
    ``None``: the pawn-style promoting pieces); ``insufficient_material``: a draw when neither
    side can mate (FIDE's rule, for chess-like armies). ``counting``: the Makruk family's
    counting rules; ``material_counting``: Janggi-style adjudication by material, also when
    the board is full (``full_board``). ``check_count``: the game is won by giving check a
    number of times, kept in the FEN (3check)."""

    checkmate: Result = "loss"
    stalemate: Result = "draw"
    stalemate_by_material: bool = False
    repetition: Repetition = Repetition()
    move_limit: int = 50
    move_limit_resets: Sided[tuple[PieceLetter, ...]] | None = None
    insufficient_material: bool = False
    extinction: Extinction | None = None
    flag: Flag | None = None
    check_count: bool = False
    connect: Connect | None = None
    counting: Counting = "none"
    material_counting: MaterialCounting = "none"
    full_board: bool = False


# -- further rule families ------------------------------------------------------------------
@dataclass(frozen=True)
class Blast:
    """Atomic captures: the capturing piece and every piece around the capture square
    explode, except ``spared`` types around it and ``immune`` types everywhere;
    ``mutually_immune`` types cannot capture each other."""

    spared: tuple[PieceLetter, ...] = ("P",)
    immune: tuple[PieceLetter, ...] = ()
    mutually_immune: tuple[PieceLetter, ...] = ()


@dataclass(frozen=True)
class Walls:
    """Wall squares placed after each move (``rule``: ``arrow`` as the piece moves, ``duck``
    a movable blocker, ``edge``, ``past``, ``static``) within ``region``; ``wall_or_move``: a
    side places a wall or moves, not both."""

    rule: WallRule
    region: Sided[Region] | None = None
    wall_or_move: bool = False


@dataclass(frozen=True)
class Gating:
    """Gating: a piece in hand enters on the square a piece leaves on its first move
    (``seirawan``, S-Chess) or Cambodian chess's special first moves (``cambodian``); the
    squares that may still gate are the game's state (in the FEN's castling field)."""

    seirawan: bool = False
    cambodian: bool = False


@dataclass(frozen=True)
class LionRules:
    """Chu Shogi's Lion-capture rules as XBoard 4.9 applies them (``moves.c`` CheckTest and
    GenLegalCallback, ``backend.c`` ApplyMove): after a non-Lion captures a Lion, the opponent
    may not capture a Lion on the next move (``counterstrike``); a Lion may not capture a Lion
    from a distance when the victim is protected, unless it captured a piece other than the
    ``worthless`` ones on the way (``protected_distant``). ``lions``: the Lion types."""

    lions: tuple[PieceLetter, ...] = ("N",)
    worthless: tuple[PieceLetter, ...] = ("P", "I")
    counterstrike: bool = True
    protected_distant: bool = True


# -- the whole ------------------------------------------------------------------------------
@dataclass(frozen=True)
class RuleSet:
    """A variant's rules of play (see the module's docstring; the fields group by topic).

    ``initial_moves``: where pieces may make their initial (``i``) moves — Fairy-Stockfish's
    double-step region (per side; ``None``: only pieces that have not moved yet, as XBoard
    does). ``triple_steps``: the squares from where the pieces with initial moves also step
    three squares straight forward onto empty squares, passing empty ones (Fairy-Stockfish's
    pawn's triple step, ``tripleStepRegion``; per side; ``None``: nowhere); the squares it
    passes are its e.p. squares. ``en_passant_region``: the squares where e.p. captures may
    land (``None``: all).
    ``immobile_illegal``: no move or drop to a square from where the piece could never move
    again (Shogi's forced promotions, Grand's pawns on the last rank).
    ``must_capture``: a capture must be made when one is possible (giveaway); ``petrify``:
    types that turn into walls when they capture. ``passing``: a side may pass (per side), or
    only when it has no other move (``pass_on_stalemate``). ``flip``: the enclosing rule by
    which pieces change sides (Reversi family). ``diagonal_lines``: squares with Janggi's
    palace diagonals. ``wrap``: the first and last files are joined (XBoard's cylinder: every
    piece's moves wrap as with ``o``).
    """

    pieces: tuple[PieceRules, ...] = ()
    promotions: tuple[Promotion, ...] = ()
    promoted_forms: PromotedForms | None = None
    drops: Drops | None = None
    castling: Castling | None = None
    royalty: Royalty = Royalty()
    ending: Ending = Ending()
    initial_moves: Sided[Region] | None = None
    triple_steps: Sided[Region] | None = None
    en_passant_region: Sided[Region] | None = None
    immobile_illegal: bool = False
    must_capture: bool = False
    blast: Blast | None = None
    petrify: tuple[Annotated[str, PIECE_LETTER, Words("+blast")], ...] = ()
    walls: Walls | None = None
    gating: Gating | None = None
    passing: Sided[bool] = Sided(False, False)
    pass_on_stalemate: Sided[bool] = Sided(False, False)
    flip: Enclosing = "none"
    diagonal_lines: Region | None = None
    lion: LionRules | None = None
    wrap: bool = False
    extra: tuple[tuple[str, str], ...] = field(default=())   # keys of a newer version, kept

    def piece_rules(self, letter: str) -> PieceRules | None:
        """The rules of one piece type, or None when it has none beyond its moves."""
        for p in self.pieces:
            if p.letter == letter:
                return p
        return None

"""Where each option of Fairy-Stockfish's ``variants.ini`` goes in our model.

``FSF_TABLE`` below is the table (one line per option: option, where it goes, how); the
reader of Fairy-Stockfish sections looks each key up in ``FSF_OPTIONS`` (parsed from that one
table) instead of knowing the model itself. Places starting with ``rule_set.`` are fields of
``rules.model.RuleSet`` (dotted through its parts); ``variant.`` are fields of the variant
beside it; ``piece.`` are the piece types; ``-`` are options with no meaning for play (the
engine's evaluation or XBoard's display) that the reader keeps as they are. ``White``/``Black``
options set one side of a ``Sided`` value, the plain option both. Option types are those of
the ``variants.ini`` header (``src/variants.ini``, parsed by ``src/parser.cpp``); piece types
are letters, ``[Bitboard]`` values are ``Region`` texts as written.
"""

from __future__ import annotations

FSF_TABLE = """
option                       | place                                           | type / note
variantTemplate              | -                                               | XBoard display template
pieceToCharTable             | variant.pieces (slots)                          | XBoard piece images
pocketSize                   | variant.holdings                                | int
maxRank                      | variant.ranks                                   | Rank
maxFile                      | variant.files                                   | File
startFen                     | variant.setup                                   | FEN (check counters `3+3` kept)
pieceValueMg                 | -                                               | evaluation (piece values issue)
pieceValueEg                 | -                                               | evaluation (piece values issue)
<piece name> = x[:betza]     | piece.letter, piece.notation                    | built-in or custom piece
king = k[:betza]             | piece.royal                                     | the royal piece
mobilityRegion<Side><Piece>  | rule_set.pieces[].confined                      | Bitboard per side
soldierPromotionRank         | rule_set.pieces[].moves_in                      | Rank: soldier gains fsW from there
janggiCannon = x             | rule_set.pieces[].janggi_cannon                 | piece type: pR, not over or onto cannons
chess960                     | rule_set.castling.chess960                      | bool
twoBoards                    | rule_set.drops.two_boards                       | bool
freeDrops                    | rule_set.drops.free                             | bool: built-in variants only (ataxx)
promotionRank                | rule_set.promotions[].zone                      | deprecated: ranks from it on
promotionRegionWhite         | rule_set.promotions[].zone, promoted_forms.zone | Bitboard
promotionRegionBlack         | rule_set.promotions[].zone, promoted_forms.zone | Bitboard
promotionPawnTypes           | rule_set.promotions[].pieces                    | PieceSet
promotionPawnTypesWhite      | rule_set.promotions[].pieces                    | PieceSet (one side)
promotionPawnTypesBlack      | rule_set.promotions[].pieces                    | PieceSet (one side)
pawnTypes                    | rule_set.promotions[].pieces, ending.move_limit_resets | PieceSet alias; e.p. by notation
promotionPieceTypes          | rule_set.promotions[].choices                   | PieceSet
promotionPieceTypesWhite     | rule_set.promotions[].choices                   | PieceSet
promotionPieceTypesBlack     | rule_set.promotions[].choices                   | PieceSet
sittuyinPromotion            | rule_set.promotions[].sittuyin                  | bool
promotionLimit               | rule_set.promotions[].limits, promoted_forms.limits | letter:count list
promotedPieceType            | rule_set.promoted_forms.forms                   | letter:letter list
piecePromotionOnCapture      | rule_set.promoted_forms.on_capture_only         | bool
mandatoryPawnPromotion       | rule_set.promotions[].mandatory                 | bool
mandatoryPiecePromotion      | rule_set.promoted_forms.mandatory               | bool
pieceDemotion                | rule_set.promoted_forms.demotion                | bool
blastOnCapture               | rule_set.blast                                  | bool: present or None
blastImmuneTypes             | rule_set.blast.immune                           | PieceSet
mutuallyImmuneTypes          | rule_set.blast.mutually_immune                  | PieceSet
petrifyOnCaptureTypes        | rule_set.petrify                                | PieceSet
petrifyBlastPieces           | rule_set.petrify                                | bool: "+blast" marker
doubleStep                   | piece.notation                                  | the pawn's ifmnD (with initial_moves)
doubleStepRank               | rule_set.initial_moves                          | deprecated Rank
doubleStepRankMin            | rule_set.initial_moves                          | deprecated Rank
doubleStepRegionWhite        | rule_set.initial_moves                          | Bitboard
doubleStepRegionBlack        | rule_set.initial_moves                          | Bitboard
tripleStepRegionWhite        | rule_set.triple_steps                           | Bitboard
tripleStepRegionBlack        | rule_set.triple_steps                           | Bitboard
enPassantRegion              | rule_set.en_passant_region                      | Bitboard
enPassantRegionWhite         | rule_set.en_passant_region                      | Bitboard
enPassantRegionBlack         | rule_set.en_passant_region                      | Bitboard
enPassantTypes               | piece.notation                                  | e on the capturing pieces
enPassantTypesWhite          | piece.notation                                  | e on the capturing pieces
enPassantTypesBlack          | piece.notation                                  | e on the capturing pieces
castling                     | rule_set.castling                               | bool: present or None
castlingDroppedPiece         | rule_set.castling.dropped_pieces                | bool
castlingKingsideFile         | rule_set.castling.kingside_to                   | File
castlingQueensideFile        | rule_set.castling.queenside_to                  | File
castlingRank                 | rule_set.castling.rank                          | Rank
castlingKingFile             | rule_set.castling.king_file                     | File
castlingKingPiece            | rule_set.castling.king                          | PieceType
castlingKingPieceWhite       | rule_set.castling.king                          | PieceType
castlingKingPieceBlack       | rule_set.castling.king                          | PieceType
castlingRookKingsideFile     | rule_set.castling.kingside_rook                 | File
castlingRookQueensideFile    | rule_set.castling.queenside_rook                | File
castlingRookPiece            | rule_set.castling.rooks                         | deprecated PieceSet
castlingRookPieces           | rule_set.castling.rooks                         | PieceSet
castlingRookPiecesWhite      | rule_set.castling.rooks                         | PieceSet
castlingRookPiecesBlack      | rule_set.castling.rooks                         | PieceSet
oppositeCastling             | rule_set.castling.opposite                      | bool
castlingWins                 | rule_set.castling.wins                          | CastlingRights
checking                     | rule_set.royalty.checks                         | bool
dupleCheck                   | rule_set.royalty.several                        | bool: "all"
flyingGeneral                | rule_set.royalty.flying_general                 | bool
bikjangRule                  | rule_set.royalty.bikjang                        | bool
makpongRule                  | rule_set.royalty.makpong                        | bool
shatarMateRule               | rule_set.royalty.shatar_mate                    | bool
dropChecks                   | rule_set.drops.checks                           | bool
mustCapture                  | rule_set.must_capture                           | bool
mustDrop                     | rule_set.drops.must_drop                        | bool
mustDropType                 | rule_set.drops.must_drop_piece                  | PieceType
pieceDrops                   | rule_set.drops                                  | bool: present or None
dropLoop                     | rule_set.drops.keep_promoted                    | bool
capturesToHand               | rule_set.drops.captures_to_hand                 | bool
firstRankPawnDrops           | rule_set.drops.pawns_on_first_rank              | bool
promotionZonePawnDrops       | rule_set.drops.pawns_in_zone                    | bool
enclosingDrop                | rule_set.drops.enclosing                        | EnclosingRule
dropOnTop                    | rule_set.drops.enclosing                        | deprecated: "top"
enclosingDropStart           | rule_set.drops.enclosing_start                  | Bitboard
dropRegionWhite              | rule_set.drops.region                           | Bitboard
dropRegionBlack              | rule_set.drops.region                           | Bitboard
whiteDropRegion              | rule_set.drops.region                           | deprecated Bitboard
blackDropRegion              | rule_set.drops.region                           | deprecated Bitboard
sittuyinRookDrop             | rule_set.drops.back_rank_only                   | bool: the rook letter
dropOppositeColoredBishop    | rule_set.drops.opposite_bishops                 | bool: the bishop letter
dropPromoted                 | rule_set.drops.promoted_drops                   | bool
dropNoDoubled                | rule_set.drops.no_doubled                       | PieceType
dropNoDoubledCount           | rule_set.drops.no_doubled_count                 | int
shogiPawnDropMateIllegal     | rule_set.drops.no_mate_by                       | bool: the shogi pawn letter
immobilityIllegal            | rule_set.immobile_illegal                       | bool
gating                       | rule_set.gating                                 | bool: present or None
seirawanGating               | rule_set.gating.seirawan                        | bool
cambodianMoves               | rule_set.gating.cambodian                       | bool
wallingRule                  | rule_set.walls.rule                             | WallingRule (none: walls None)
wallingRegion                | rule_set.walls.region                           | Bitboard
wallingRegionWhite           | rule_set.walls.region                           | Bitboard
wallingRegionBlack           | rule_set.walls.region                           | Bitboard
wallOrMove                   | rule_set.walls.wall_or_move                     | bool
diagonalLines                | rule_set.diagonal_lines                         | Bitboard
pass                         | rule_set.passing                                | bool
passWhite                    | rule_set.passing                                | bool
passBlack                    | rule_set.passing                                | bool
passOnStalemate              | rule_set.pass_on_stalemate                      | bool
passOnStalemateWhite         | rule_set.pass_on_stalemate                      | bool
passOnStalemateBlack         | rule_set.pass_on_stalemate                      | bool
flipEnclosedPieces           | rule_set.flip                                   | EnclosingRule
nMoveRuleTypes               | rule_set.ending.move_limit_resets               | PieceSet
nMoveRuleTypesWhite          | rule_set.ending.move_limit_resets               | PieceSet
nMoveRuleTypesBlack          | rule_set.ending.move_limit_resets               | PieceSet
nMoveRule                    | rule_set.ending.move_limit                      | int
nFoldRule                    | rule_set.ending.repetition.count                | int
nFoldValue                   | rule_set.ending.repetition.value                | Value
nFoldValueAbsolute           | rule_set.ending.repetition.value_for_white      | bool
perpetualCheckIllegal        | rule_set.ending.repetition.perpetual_check_loses | bool
moveRepetitionIllegal        | rule_set.ending.repetition.move_repetition_illegal | bool
chasingRule                  | rule_set.ending.repetition.chasing              | ChasingRule
stalemateValue               | rule_set.ending.stalemate                       | Value
stalematePieceCount          | rule_set.ending.stalemate_by_material           | bool
checkmateValue               | rule_set.ending.checkmate                       | Value
extinctionValue              | rule_set.ending.extinction.value                | Value (none: extinction None)
extinctionClaim              | rule_set.ending.extinction.claim                | bool
extinctionPseudoRoyal        | rule_set.ending.extinction.pseudo_royal         | bool
extinctionPieceTypes         | rule_set.ending.extinction.pieces               | PieceSet (* all)
extinctionPieceCount         | rule_set.ending.extinction.at_most              | int
extinctionOpponentPieceCount | rule_set.ending.extinction.opponent_at_least    | int
flagPiece                    | rule_set.ending.flag.pieces                     | PieceType (* any)
flagPieceWhite               | rule_set.ending.flag.pieces                     | PieceType
flagPieceBlack               | rule_set.ending.flag.pieces                     | PieceType
flagRegion                   | rule_set.ending.flag.region                     | Bitboard
flagRegionWhite              | rule_set.ending.flag.region                     | Bitboard
flagRegionBlack              | rule_set.ending.flag.region                     | Bitboard
whiteFlag                    | rule_set.ending.flag.region                     | deprecated Bitboard
blackFlag                    | rule_set.ending.flag.region                     | deprecated Bitboard
flagPieceCount               | rule_set.ending.flag.count                      | int
flagPieceBlockedWin          | rule_set.ending.flag.blocked_win                | bool
flagMove                     | rule_set.ending.flag.extra_move                 | bool
flagPieceSafe                | rule_set.ending.flag.safe                       | bool
checkCounting                | rule_set.ending.check_count                     | bool
connectN                     | rule_set.ending.connect.n                       | int
connectPieceTypes            | rule_set.ending.connect.pieces                  | PieceSet
connectHorizontal            | rule_set.ending.connect.horizontal              | bool
connectVertical              | rule_set.ending.connect.vertical                | bool
connectDiagonal              | rule_set.ending.connect.diagonal                | bool
connectRegion1White          | rule_set.ending.connect.regions                 | Bitboard
connectRegion2White          | rule_set.ending.connect.regions                 | Bitboard
connectRegion1Black          | rule_set.ending.connect.regions                 | Bitboard
connectRegion2Black          | rule_set.ending.connect.regions                 | Bitboard
connectNxN                   | rule_set.ending.connect.square                  | int
collinearN                   | rule_set.ending.connect.collinear               | int
connectValue                 | rule_set.ending.connect.value                   | Value
materialCounting             | rule_set.ending.material_counting               | MaterialCounting
adjudicateFullBoard          | rule_set.ending.full_board                      | bool
countingRule                 | rule_set.ending.counting                        | CountingRule
"""


def _parse(table: str) -> dict[str, tuple[str, str]]:
    out: dict[str, tuple[str, str]] = {}
    for line in table.strip().splitlines()[1:]:
        option, place, note = (part.strip() for part in line.split("|"))
        out[option] = (place, note)
    return out


#: option -> (place in our model, type or note), from ``FSF_TABLE``.
FSF_OPTIONS: dict[str, tuple[str, str]] = _parse(FSF_TABLE)

"""Fairy-Stockfish's variant options as data: every field of its ``Variant`` struct that a
``variants.ini`` section can set (``src/variant.h``), its type and its default, and every key
the parser reads, in the order it reads them (``src/parser.cpp: VariantParser::parse``).

Order matters: within one section the parser applies the keys in its own order, whatever the
order of the lines, so ``promotionPawnTypesWhite`` overrides ``promotionPawnTypes`` and the
alias ``pawnTypes`` is overridden by both. A key sets one or more *fields* (``flagRegion`` sets
``flagRegion.white`` and ``flagRegion.black``); fields, not keys, are what a section inherits.

Types are those of the header of Fairy-Stockfish's own ``variants.ini`` (``[bool]``, ``[Rank]``,
``[File]``, ``[int]``, ``[PieceType]``, ``[PieceSet]``, ``[CastlingRights]``, ``[Bitboard]``,
``[Value]``, the enums), plus the three list forms the parser reads by hand
(``promotionLimit``, ``promotedPieceType``, ``pieceValueMg``/``Eg``).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class Kind(Enum):
    """The type of a field, named as the variants.ini header names it."""

    BOOL = "bool"
    INT = "int"
    RANK = "Rank"
    FILE = "File"
    TEXT = "string"
    VALUE = "Value"
    BITBOARD = "Bitboard"
    PIECE_TYPE = "PieceType"
    PIECE_SET = "PieceSet"
    CASTLING_RIGHTS = "CastlingRights"
    MATERIAL_COUNTING = "MaterialCounting"
    COUNTING_RULE = "CountingRule"
    CHASING_RULE = "ChasingRule"
    ENCLOSING_RULE = "EnclosingRule"
    WALLING_RULE = "WallingRule"
    PIECE_COUNTS = "piece:count list"          # promotionLimit, pieceValueMg/Eg
    PROMOTED_TYPES = "piece:piece list"        # promotedPieceType


# The words each enum accepts (parser.cpp: the set() specialisations). CountingRule accepts
# "cambodian" but reports it invalid; we keep Fairy-Stockfish's reading and its report.
CHOICES: dict[Kind, tuple[str, ...]] = {
    Kind.VALUE: ("win", "loss", "draw", "none"),
    Kind.MATERIAL_COUNTING: ("janggi", "unweighted", "whitedrawodds", "blackdrawodds", "none"),
    Kind.COUNTING_RULE: ("makruk", "asean", "none"),
    Kind.CHASING_RULE: ("axf", "none"),
    Kind.ENCLOSING_RULE: ("reversi", "ataxx", "quadwrangle", "snort", "anyside", "top", "none"),
    Kind.WALLING_RULE: ("arrow", "duck", "edge", "past", "static", "none"),
}

# Fairy-Stockfish's piece types in the order of its enum (src/types.h: PieceType), by the key
# that declares them (src/piece.cpp: PieceMap::init). The parser declares pieces in this
# order, so a later type taking an earlier one's letter removes it.
PREDEFINED = ("pawn", "knight", "bishop", "rook", "queen", "fers", "alfil", "fersAlfil",
              "silver", "aiwok", "bers", "archbishop", "chancellor", "amazon", "knibis",
              "biskni", "kniroo", "rookni", "shogiPawn", "lance", "shogiKnight", "gold",
              "dragonHorse", "clobber", "breakthrough", "immobile", "cannon", "janggiCannon",
              "soldier", "horse", "elephant", "janggiElephant", "banner", "wazir", "commoner",
              "centaur")
CUSTOM_PIECES = 25              # customPiece1 .. customPiece25 (the 26th slot is the royal one)
PIECE_KEYS = PREDEFINED + tuple(f"customPiece{i}" for i in range(1, CUSTOM_PIECES + 1)) + \
    ("king",)
ALL = "*"                       # a piece-type field's "any piece" (ALL_PIECES)
FILES, RANKS = 12, 10           # the largest board of the large-board build (FILE_MAX, RANK_MAX)
# Squares are held over our own largest board, so that a section for a larger board (which the
# engine refuses, with a warning here) still reads back as written; the engine's wildcards
# (*8, a*) cover every square of the board in use either way.
SPAN = 26

Square = tuple[int, int]
_ALL_SQUARES = frozenset((f, r) for f in range(SPAN) for r in range(SPAN))


def rank_squares(*ranks: int) -> frozenset[Square]:
    """The squares of these 0-based ranks, whole (over the widest board held)."""
    return frozenset((f, r) for f in range(SPAN) for r in ranks)


@dataclass(frozen=True, slots=True)
class Field:
    """A field of Fairy-Stockfish's ``Variant``: its name (``promotionRegion.white`` for a
    per-colour one), type and the value a section without a parent starts from."""

    name: str
    kind: Kind
    default: object


def _both(name: str, kind: Kind, white: object, black: object | None = None) -> list[Field]:
    return [Field(f"{name}.white", kind, white),
            Field(f"{name}.black", kind, white if black is None else black)]


_F = Field
_B, _I, _BB, _PS, _PT, _V = Kind.BOOL, Kind.INT, Kind.BITBOARD, Kind.PIECE_SET, \
    Kind.PIECE_TYPE, Kind.VALUE
FIELD_LIST: list[Field] = [
    _F("variantTemplate", Kind.TEXT, "fairy"), _F("pieceToCharTable", Kind.TEXT, "-"),
    _F("pocketSize", _I, 0), _F("maxRank", Kind.RANK, 7), _F("maxFile", Kind.FILE, 7),
    _F("chess960", _B, False), _F("twoBoards", _B, False),
    _F("startFen", Kind.TEXT, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
    *_both("promotionRegion", _BB, rank_squares(7), rank_squares(0)),
    *_both("mainPromotionPawnType", _PT, "pawn"),
    *_both("promotionPawnTypes", _PS, frozenset({"pawn"})),
    *_both("promotionPieceTypes", _PS, frozenset()),       # reset_pieces() clears them
    _F("sittuyinPromotion", _B, False), _F("promotionLimit", Kind.PIECE_COUNTS, ()),
    _F("promotedPieceType", Kind.PROMOTED_TYPES, ()),
    _F("piecePromotionOnCapture", _B, False), _F("mandatoryPawnPromotion", _B, True),
    _F("mandatoryPiecePromotion", _B, False), _F("pieceDemotion", _B, False),
    _F("blastOnCapture", _B, False), _F("blastImmuneTypes", _PS, frozenset()),
    _F("mutuallyImmuneTypes", _PS, frozenset()), _F("petrifyOnCaptureTypes", _PS, frozenset()),
    _F("petrifyBlastPieces", _B, False), _F("doubleStep", _B, True),
    *_both("doubleStepRegion", _BB, rank_squares(1), rank_squares(6)),
    *_both("tripleStepRegion", _BB, frozenset()),
    *_both("enPassantRegion", _BB, _ALL_SQUARES),
    *_both("enPassantTypes", _PS, frozenset({"pawn"})),
    _F("castling", _B, True), _F("castlingDroppedPiece", _B, False),
    _F("castlingKingsideFile", Kind.FILE, 6), _F("castlingQueensideFile", Kind.FILE, 2),
    _F("castlingRank", Kind.RANK, 0), _F("castlingKingFile", Kind.FILE, 4),
    *_both("castlingKingPiece", _PT, "king"),
    _F("castlingRookKingsideFile", Kind.FILE, SPAN - 1),     # the last file
    _F("castlingRookQueensideFile", Kind.FILE, 0),
    *_both("castlingRookPieces", _PS, frozenset({"rook"})),
    _F("oppositeCastling", _B, False), _F("checking", _B, True), _F("dropChecks", _B, True),
    _F("mustCapture", _B, False), _F("mustDrop", _B, False), _F("mustDropType", _PT, ALL),
    _F("pieceDrops", _B, False), _F("dropLoop", _B, False), _F("capturesToHand", _B, False),
    _F("firstRankPawnDrops", _B, False), _F("promotionZonePawnDrops", _B, False),
    _F("enclosingDrop", Kind.ENCLOSING_RULE, "none"), _F("enclosingDropStart", _BB, frozenset()),
    *_both("dropRegion", _BB, _ALL_SQUARES),
    _F("sittuyinRookDrop", _B, False), _F("dropOppositeColoredBishop", _B, False),
    _F("dropPromoted", _B, False), _F("dropNoDoubled", _PT, None),
    _F("dropNoDoubledCount", _I, 1), _F("immobilityIllegal", _B, False),
    _F("gating", _B, False), _F("wallingRule", Kind.WALLING_RULE, "none"),
    *_both("wallingRegion", _BB, _ALL_SQUARES),
    _F("wallOrMove", _B, False), _F("seirawanGating", _B, False),
    _F("cambodianMoves", _B, False), _F("diagonalLines", _BB, frozenset()),
    *_both("pass", _B, False), *_both("passOnStalemate", _B, False),
    _F("makpongRule", _B, False), _F("flyingGeneral", _B, False),
    _F("soldierPromotionRank", Kind.RANK, 0),
    _F("flipEnclosedPieces", Kind.ENCLOSING_RULE, "none"),
    # built-in variants only: no key sets them (see BUILTIN_ONLY). freeDrops: unlimited pieces
    # in hand (ataxx); kingType: "king", "custom" (king = k:betza) or the predefined piece the
    # royal piece moves as (xiangqi, janggi: "wazir", which takes janggi's palace diagonals)
    _F("freeDrops", _B, False), _F("kingType", Kind.TEXT, "king"),
    # game end
    *_both("nMoveRuleTypes", _PS, frozenset({"pawn"})),
    _F("nMoveRule", _I, 50), _F("nFoldRule", _I, 3), _F("nFoldValue", _V, "draw"),
    _F("nFoldValueAbsolute", _B, False), _F("perpetualCheckIllegal", _B, False),
    _F("moveRepetitionIllegal", _B, False), _F("chasingRule", Kind.CHASING_RULE, "none"),
    _F("stalemateValue", _V, "draw"), _F("stalematePieceCount", _B, False),
    _F("checkmateValue", _V, "loss"), _F("shogiPawnDropMateIllegal", _B, False),
    _F("shatarMateRule", _B, False), _F("bikjangRule", _B, False),
    _F("extinctionValue", _V, "none"), _F("extinctionClaim", _B, False),
    _F("extinctionPseudoRoyal", _B, False), _F("dupleCheck", _B, False),
    _F("extinctionPieceTypes", _PS, frozenset()), _F("extinctionPieceCount", _I, 0),
    _F("extinctionOpponentPieceCount", _I, 0),
    *_both("flagPiece", _PT, ALL), *_both("flagRegion", _BB, frozenset()),
    _F("flagPieceCount", _I, 1), _F("flagPieceBlockedWin", _B, False),
    _F("flagMove", _B, False), _F("flagPieceSafe", _B, False),
    _F("checkCounting", _B, False), _F("connectN", _I, 0),
    _F("connectPieceTypes", _PS, frozenset({ALL})), _F("connectHorizontal", _B, True),
    _F("connectVertical", _B, True), _F("connectDiagonal", _B, True),
    *_both("connectRegion1", _BB, frozenset()), *_both("connectRegion2", _BB, frozenset()),
    _F("connectNxN", _I, 0), _F("collinearN", _I, 0), _F("connectValue", _V, "win"),
    _F("materialCounting", Kind.MATERIAL_COUNTING, "none"),
    _F("adjudicateFullBoard", _B, False), _F("countingRule", Kind.COUNTING_RULE, "none"),
    _F("castlingWins", Kind.CASTLING_RIGHTS, ""),
    _F("pieceValueMg", Kind.PIECE_COUNTS, ()), _F("pieceValueEg", Kind.PIECE_COUNTS, ()),
]
FIELDS: dict[str, Field] = {f.name: f for f in FIELD_LIST}
# Fields of the built-in variants that no key of a variants.ini can set (variant.cpp sets them
# in code): our built-in data names them, a user's section cannot.
BUILTIN_ONLY = frozenset({"freeDrops", "kingType"})


@dataclass(frozen=True, slots=True)
class Option:
    """A key the parser reads: the fields it sets, and whether the parser calls it deprecated
    (``parse_attribute<false>``: it still works, ``check`` warns)."""

    key: str
    fields: tuple[str, ...]
    deprecated: bool = False


def _per_colour(key: str, field: str | None = None) -> list[Option]:
    """``key`` (both colours), then ``keyWhite`` and ``keyBlack``."""
    f = field or key
    return [Option(key, (f"{f}.white", f"{f}.black")), Option(f"{key}White", (f"{f}.white",)),
            Option(f"{key}Black", (f"{f}.black",))]


def _one(*names: str) -> list[Option]:
    """Keys that set the field of their own name (``promotionRegionWhite`` sets
    ``promotionRegion.white``)."""
    out = []
    for n in names:
        for colour in ("White", "Black"):
            if n.endswith(colour) and f"{n[:-5]}.{colour.lower()}" in FIELDS:
                out.append(Option(n, (f"{n[:-5]}.{colour.lower()}",)))
                break
        else:
            out.append(Option(n, (n,)))
    return out


_PAWN_TYPES = ("mainPromotionPawnType", "promotionPawnTypes", "enPassantTypes",
               "nMoveRuleTypes")
# The keys after the pieces and piece values, in parser.cpp's order. The deprecated keys with
# their own arithmetic (promotionRank, doubleStepRank, doubleStepRankMin, dropOnTop) are read
# by fsf_config itself, in this place.
OPTIONS: list[Option] = [
    Option("whiteFlag", ("flagRegion.white",), True),
    Option("blackFlag", ("flagRegion.black",), True),
    Option("castlingRookPiece", ("castlingRookPieces.white", "castlingRookPieces.black"), True),
    Option("whiteDropRegion", ("dropRegion.white",), True),
    Option("blackDropRegion", ("dropRegion.black",), True),
    Option("pawnTypes", tuple(f"{f}.{c}" for f in _PAWN_TYPES for c in ("white", "black"))),
    *_one("variantTemplate", "pieceToCharTable", "pocketSize", "chess960", "twoBoards",
          "startFen", "promotionRegionWhite", "promotionRegionBlack"),
    Option("promotionPawnTypes", ("mainPromotionPawnType.white", "mainPromotionPawnType.black",
                                  "promotionPawnTypes.white", "promotionPawnTypes.black")),
    Option("promotionPawnTypesWhite", ("mainPromotionPawnType.white",
                                       "promotionPawnTypes.white")),
    Option("promotionPawnTypesBlack", ("mainPromotionPawnType.black",
                                       "promotionPawnTypes.black")),
    *_per_colour("promotionPieceTypes"),
    *_one("sittuyinPromotion", "promotionLimit", "promotedPieceType", "piecePromotionOnCapture",
          "mandatoryPawnPromotion", "mandatoryPiecePromotion", "pieceDemotion",
          "blastOnCapture", "blastImmuneTypes", "mutuallyImmuneTypes", "petrifyOnCaptureTypes",
          "petrifyBlastPieces", "doubleStep", "doubleStepRegionWhite", "doubleStepRegionBlack",
          "tripleStepRegionWhite", "tripleStepRegionBlack"),
    *_per_colour("enPassantRegion"), *_per_colour("enPassantTypes"),
    *_one("castling", "castlingDroppedPiece", "castlingKingsideFile", "castlingQueensideFile",
          "castlingRank", "castlingKingFile"),
    *_per_colour("castlingKingPiece"),
    *_one("castlingRookKingsideFile", "castlingRookQueensideFile"),
    *_per_colour("castlingRookPieces"),
    *_one("oppositeCastling", "checking", "dropChecks", "mustCapture", "mustDrop",
          "mustDropType", "pieceDrops", "dropLoop", "capturesToHand", "firstRankPawnDrops",
          "promotionZonePawnDrops", "enclosingDrop", "enclosingDropStart"),
    Option("dropRegionWhite", ("dropRegion.white",)),
    Option("dropRegionBlack", ("dropRegion.black",)),
    *_one("sittuyinRookDrop", "dropOppositeColoredBishop", "dropPromoted", "dropNoDoubled",
          "dropNoDoubledCount", "immobilityIllegal", "gating", "wallingRule"),
    Option("wallingRegionWhite", ("wallingRegion.white",)),
    Option("wallingRegionBlack", ("wallingRegion.black",)),
    Option("wallingRegion", ("wallingRegion.white", "wallingRegion.black")),
    *_one("wallOrMove", "seirawanGating", "cambodianMoves", "diagonalLines"),
    *_per_colour("pass"), *_per_colour("passOnStalemate"),
    *_one("makpongRule", "flyingGeneral", "soldierPromotionRank", "flipEnclosedPieces"),
    *_per_colour("nMoveRuleTypes"),
    *_one("nMoveRule", "nFoldRule", "nFoldValue", "nFoldValueAbsolute", "perpetualCheckIllegal",
          "moveRepetitionIllegal", "chasingRule", "stalemateValue", "stalematePieceCount",
          "checkmateValue", "shogiPawnDropMateIllegal", "shatarMateRule", "bikjangRule",
          "extinctionValue", "extinctionClaim", "extinctionPseudoRoyal", "dupleCheck",
          "extinctionPieceTypes", "extinctionPieceCount", "extinctionOpponentPieceCount"),
    *_per_colour("flagPiece"), *_per_colour("flagRegion"),
    *_one("flagPieceCount", "flagPieceBlockedWin", "flagMove", "flagPieceSafe",
          "checkCounting", "connectN", "connectPieceTypes", "connectHorizontal",
          "connectVertical", "connectDiagonal"),
    *(Option(f"connectRegion{n}{c.capitalize()}", (f"connectRegion{n}.{c}",))
      for c in ("white", "black") for n in (1, 2)),
    *_one("connectNxN", "collinearN", "connectValue", "materialCounting",
          "adjudicateFullBoard", "countingRule", "castlingWins"),
]
# Keys read with their own arithmetic (deprecated forms of region keys), piece values, and the
# keys only our built-in data may use.
SPECIAL_KEYS = ("promotionRank", "doubleStepRank", "doubleStepRankMin", "dropOnTop",
                "pieceValueMg", "pieceValueEg")
KNOWN_KEYS = frozenset({o.key for o in OPTIONS} | set(SPECIAL_KEYS) | set(PIECE_KEYS) |
                       {"maxRank", "maxFile"})


def mobility_key(colour: str, piece_key: str) -> str:
    """``mobilityRegionWhiteHorse`` for ("white", "horse") (parser.cpp: capitalised name)."""
    return f"mobilityRegion{colour.capitalize()}{piece_key[0].upper()}{piece_key[1:]}"


def _check_table() -> None:
    for o in OPTIONS:
        for f in o.fields:
            if f not in FIELDS:
                raise AssertionError(f"option {o.key} sets unknown field {f}")


_check_table()

__all__ = ["Kind", "CHOICES", "Field", "FIELDS", "FIELD_LIST", "Option", "OPTIONS",
           "PREDEFINED", "PIECE_KEYS", "CUSTOM_PIECES", "ALL", "FILES", "RANKS", "SPAN",
           "BUILTIN_ONLY", "SPECIAL_KEYS", "KNOWN_KEYS", "mobility_key", "rank_squares",
           "Square"]

"""The project's shared vocabulary: the names every layer uses for squares, sides, dialects and
kinds of move (and the record of a problem validation finds), defined once here and imported
everywhere (core, command line, window, tests).

``Side``, ``Dialect`` and ``MoveKind`` are ``Literal`` types, so the type checker refuses any
other word wherever the code is typed. Text from outside (a JSON request, a file, a command-line
option, the window's combo boxes and links) becomes one of them once, where it enters, through
``parse_side`` and ``parse_dialect`` (named like ``geometry.board.parse_square``); a wrong word
fails there with a message that names it.

It imports nothing of the project, so any module may use it without pulling in more.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

#: A square as ``(file, rank)``, both 0-based: ``a1`` is ``(0, 0)``, ``c5`` is ``(2, 4)``.
Square = tuple[int, int]

#: The side a piece belongs to. White moves towards higher ranks.
Side = Literal["white", "black"]
WHITE: Final = "white"
BLACK: Final = "black"
SIDES: Final[tuple[Side, Side]] = (WHITE, BLACK)

#: The notation a definition is written in: XBetza as XBoard documents it, Betza 2.0, or David
#: Howe's Bex. Bex is read only: a Bex definition reads as the Betza 2.0 program that makes the
#: same moves (``notation.bex``), and writers translate it like a Betza 2.0 one.
Dialect = Literal["xbetza", "betza2", "bex"]
XBETZA: Final = "xbetza"
BETZA2: Final = "betza2"
BEX: Final = "bex"
DIALECTS: Final[tuple[Dialect, Dialect, Dialect]] = (XBETZA, BETZA2, BEX)
#: Each dialect as people name it (menus, titles, messages).
DIALECT_TITLES: Final[dict[Dialect, str]] = {XBETZA: "XBetza", BETZA2: "Betza 2.0", BEX: "Bex"}

#: What a move does at its destination, for colouring target squares (the board's legend); the
#: generator's constants for them are in ``engine.moves`` (``CLASSES`` in legend order).
MoveKind = Literal["move", "capture", "move-capture", "hop-move", "hop-capture", "locust",
                   "destroy", "unload", "ep", "castling", "drop", "null"]

#: What a game end gives a side (the rules model's values of checkmate, stalemate, repetition,
#: extinction ...): Fairy-Stockfish's ``[Value]`` words.
Result = Literal["win", "loss", "draw"]
RESULTS: Final[tuple[Result, Result, Result]] = ("win", "loss", "draw")

#: A game's result as PGN writes it (its ``Result`` tag and the movetext's last word): White
#: won, Black won, a draw, or not (yet) decided.
PgnResult = Literal["1-0", "0-1", "1/2-1/2", "*"]
PGN_RESULTS: Final[tuple[PgnResult, ...]] = ("1-0", "0-1", "1/2-1/2", "*")

#: Why a game ended (``designer.game.outcome.Outcome``): the rule that ended it.
Termination = Literal["checkmate", "stalemate", "repetition", "perpetual-check", "move-limit",
                      "insufficient-material", "extinction", "bare king", "counting", "flag",
                      "check count", "connection", "full-board", "castling", "bikjang"]


#: Modality letters in their canonical order: XBoard's documented order (seed 004, "Modifiers"),
#: then Betza 2.0's ``u``; ``XBETZA_MODALITIES`` are the ones XBetza knows.
MODALITY_ORDER: Final = "mcdetpgoyu"
XBETZA_MODALITIES: Final = "mcdetpgoy"

#: How ``n`` and ``j`` test a leap: as seed 004 documents it (every square passed), or as XBoard
#: 4.9 does (only the square half-way).
LameMode = Literal["documented", "xboard"]
DOCUMENTED: Final = "documented"
XBOARD_LAME: Final = "xboard"

#: How serious a problem is: ``error`` (cannot be used as it is) or ``warning`` (can, but the
#: user should know).
Severity = Literal["error", "warning"]
ERROR: Final = "error"
WARNING: Final = "warning"

#: The kinds of token the highlighter colours (``notation.tokens``).
TokenKind = Literal["atom", "range", "direction", "modality", "special", "chain", "group",
                    "limiter", "error", "space"]

#: What the walker does when a move reaches a leg (``engine.program``).
LegKind = Literal["step", "null", "castle", "universal", "drop", "replay", "erupt"]

#: What one leg of a generated move did where it ended (``engine.moves.LegTrace.action``).
LegAction = Literal["move", "capture", "destroy", "hop", "unload", "offboard", "ep", "castle",
                    "drop", "fragment"]

#: The file formats the app reads or writes (``formats.registry``: one ``Format`` each).
FormatName = Literal["xboard", "pgn", "engine", "fsf", "diagram", "svg", "xboard-fsf"]

#: The parts of the window's document an edit can change (``variant.aspects``); one piece
#: type's own fields are a ``PieceAspect``.
AspectName = Literal["pieces", "setup", "board", "holdings", "promotion", "castling",
                     "properties", "rules", "file", "probes", "game"]


@dataclass(frozen=True, slots=True)
class PieceAspect:
    """The fields of the piece type ``letter`` (an aspect of the document)."""

    letter: str


Aspect = AspectName | PieceAspect


@dataclass(frozen=True, slots=True)
class ModelProblem:
    """One problem in a variant or its rules of play, as validation finds it: ``piece`` is the
    letter (or '' for the variant itself), ``field`` the field name (a path such as
    ``rule_set.promotions[0].zone`` inside the rules), ``message`` what is wrong;
    ``start``/``end`` are columns into that field's text when the problem is inside it (e.g. a
    notation error). Here, below the variant and its rules, so that both return it."""

    piece: str
    field: str
    message: str
    start: int = 0
    end: int = 0
    severity: Severity = ERROR

    def __str__(self) -> str:
        where = f"piece {self.piece}, " if self.piece else ""
        col = f" (column {self.start + 1})" if self.end > self.start else ""
        return f"{where}{self.field}{col}: {self.message}"


def other_side(side: Side) -> Side:
    """The opponent of ``side``."""
    return BLACK if side == WHITE else WHITE


def result_for(winner: Side | None) -> PgnResult:
    """The PGN result of a game ``winner`` won (None: a draw)."""
    if winner is None:
        return "1/2-1/2"
    return "1-0" if winner == WHITE else "0-1"


def parse_side(text: object) -> Side:
    """``text`` as a side; ``ValueError`` saying what is accepted when it names none.

    For text from outside (requests, files, options, settings): checked once where it enters.
    """
    if text == WHITE:
        return WHITE
    if text == BLACK:
        return BLACK
    raise ValueError(f"{_shown(text)} is not a side (\"{WHITE}\" or \"{BLACK}\")")


def parse_dialect(text: object) -> Dialect:
    """``text`` as a dialect; ``ValueError`` saying what is accepted when it names none.

    For text from outside (requests, files, options, settings): checked once where it enters.
    """
    if text == XBETZA:
        return XBETZA
    if text == BETZA2:
        return BETZA2
    if text == BEX:
        return BEX
    raise ValueError(f"{_shown(text)} is not a dialect (\"{XBETZA}\", \"{BETZA2}\" or \"{BEX}\")")


def _shown(text: object) -> str:
    """``text`` quoted for a message, cut short: it may be a whole hostile file's worth."""
    shown = repr(text)
    return shown if len(shown) <= 40 else shown[:37] + "..."

"""Where XBoard 4.9 or Fairy-Stockfish would move a piece differently from our reading.

For the piece view: the piece on one square of a position, our moves (the move generator) and
each program's, square by square. XBoard's are those of its own reading of the definition
(``notation.xboard.xboard_reads_as``: what XBoard 4.9 plays, written in our notation);
Fairy-Stockfish's those of its own reading (``fsf_betza`` and ``fsf_moves``, ported from its
source). Each program reads the definition as written in XBetza (a Betza 2.0 definition: its
XBetza translation, which is what our exports give them), so the marks show what a person who
copies the definition into the program's files would get; our exports rewrite what they can,
and the compatibility warnings say so. Where a program cannot read the definition at all, or
its reading cannot be drawn, the result says why instead of marking squares.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from ..engine.compile import program_for
from ..engine.generate import generate
from ..engine.position import PieceBoard
from ..errors import DesignerError
from ..notation.xboard import to_xboard, xboard_reads_as
from ..vocabulary import BETZA2, XBETZA, Dialect, Side, Square
from .fsf_betza import from_betza
from .fsf_moves import fsf_targets

XBOARD: Final = "XBoard 4.9"
FAIRY: Final = "Fairy-Stockfish"
PROGRAMS: Final = (XBOARD, FAIRY)
# Kinds that are the variant's rules for Fairy-Stockfish, not the piece's moves.
_FSF_RULES: Final = frozenset({"castling", "drop", "ep"})


@dataclass(frozen=True, slots=True)
class SquareDifference:
    """One square where the readings differ: whether we / they move there without capturing
    (``ours_move``/``theirs_move``) and capture there (``ours_capture``/``theirs_capture``)."""

    square: Square
    ours_move: bool
    ours_capture: bool
    theirs_move: bool
    theirs_capture: bool

    def describe(self, program: str) -> str:
        def what(move: bool, capture: bool) -> str:
            return "moves or captures" if move and capture else "moves" if move else \
                "captures" if capture else "does not go"
        return (f"{program}: {what(self.theirs_move, self.theirs_capture)} here; we: "
                f"{what(self.ours_move, self.ours_capture)}")


@dataclass(frozen=True, slots=True)
class ProgramDifferences:
    """One program's reading compared with ours: ``squares`` that differ, ``text`` the
    definition it reads, ``reading`` its reading in our notation (XBoard) when there is one,
    ``reason`` why there is no comparison (empty when there is one)."""

    program: str
    squares: tuple[SquareDifference, ...] = ()
    text: str = ""
    reading: str = ""
    reason: str = ""

    @property
    def compared(self) -> bool:
        return not self.reason


@dataclass(frozen=True, slots=True)
class EngineDifferences:
    """Both programs' differences for one piece on one square."""

    origin: Square
    programs: tuple[ProgramDifferences, ...]

    def squares(self) -> dict[Square, list[str]]:
        """Square -> the descriptions of every difference there."""
        out: dict[Square, list[str]] = {}
        for p in self.programs:
            for d in p.squares:
                out.setdefault(d.square, []).append(d.describe(p.program))
        return out


def _xbetza_text(notation: str, dialect: Dialect) -> str | DesignerError:
    """The XBetza text a program is given, or the error saying why there is none."""
    try:
        return notation if dialect == XBETZA else to_xboard(notation, dialect)
    except DesignerError as e:
        return e


def _no_xbetza(program: str, error: DesignerError) -> ProgramDifferences:
    return ProgramDifferences(program, reason=f"{program.split()[0]} reads XBetza only, and "
                              f"this definition has no XBetza form ({error})")


def _ours(notation: str, dialect: Dialect, pos: PieceBoard, origin: Square, side: Side,
          virgin: bool, royal: bool, skip: frozenset[str] = frozenset()
          ) -> tuple[set[Square], set[Square]]:
    moves = generate(program_for(notation, dialect), pos, origin, side, virgin, royal)
    plain = {m.destination for m in moves if not m.removed and m.kind not in skip}
    caps = {m.destination for m in moves if m.removed and m.kind not in skip}
    return plain, caps


def _compare(ours: tuple[set[Square], set[Square]], theirs: tuple[set[Square], set[Square]]
             ) -> tuple[SquareDifference, ...]:
    out = []
    for s in sorted(ours[0] | ours[1] | theirs[0] | theirs[1]):
        a = (s in ours[0], s in ours[1])
        b = (s in theirs[0], s in theirs[1])
        if a != b:
            out.append(SquareDifference(s, a[0], a[1], b[0], b[1]))
    return tuple(out)


def xboard_differences(notation: str, dialect: Dialect, pos: PieceBoard, origin: Square,
                       side: Side, virgin: bool = True, royal: bool = False) -> ProgramDifferences:
    text = _xbetza_text(notation, dialect)
    if isinstance(text, DesignerError):
        return _no_xbetza(XBOARD, text)
    reading = xboard_reads_as(text)
    if reading is None:
        return ProgramDifferences(XBOARD, text=text, reason="XBoard's reading of it cannot be "
                                  "written in our notation, so it cannot be drawn (see the "
                                  "editor's XBoard warnings)")
    try:
        ours = _ours(notation, dialect, pos, origin, side, virgin, royal)
        theirs = _ours(reading, XBETZA, pos, origin, side, virgin, royal)
    except DesignerError as e:
        return ProgramDifferences(XBOARD, text=text, reading=reading, reason=str(e))
    return ProgramDifferences(XBOARD, _compare(ours, theirs), text, reading)


def fsf_differences(notation: str, dialect: Dialect, pos: PieceBoard, origin: Square,
                    side: Side, virgin: bool = True, royal: bool = False) -> ProgramDifferences:
    text = _xbetza_text(notation, dialect)
    if isinstance(text, DesignerError):
        return _no_xbetza(FAIRY, text)
    if pos.holes:
        return ProgramDifferences(FAIRY, text=text, reason="Fairy-Stockfish has no boards with "
                                  "holes")
    try:
        ours = _ours(notation, dialect, pos, origin, side, virgin, royal, _FSF_RULES)
    except DesignerError as e:
        return ProgramDifferences(FAIRY, text=text, reason=str(e))
    theirs = fsf_targets(from_betza(text), pos, origin, side, virgin)
    return ProgramDifferences(FAIRY, _compare(ours, theirs), text)


def engine_differences(notation: str, dialect: Dialect, pos: PieceBoard, origin: Square,
                       side: Side, virgin: bool = True, royal: bool = False
                       ) -> EngineDifferences:
    """Both programs compared with our moves of the piece on ``origin`` in ``pos``."""
    return EngineDifferences(origin, (
        xboard_differences(notation, dialect, pos, origin, side, virgin, royal),
        fsf_differences(notation, dialect, pos, origin, side, virgin, royal)))


__all__ = ["EngineDifferences", "FAIRY", "PROGRAMS", "ProgramDifferences", "SquareDifference",
           "XBOARD", "engine_differences", "fsf_differences", "xboard_differences"]

"""What kind of move each legal move is, as the board marks it: the same classes (and so the
same shapes, colours and legend) as the piece view, decided from the position instead of the
definition.

The piece view's classes come from how a definition reaches a square; in a game each move is
one concrete thing: it moves to an empty square, captures there (a Lion's second victim too),
ends on an empty square after capturing elsewhere (e.p., a locust), castles, drops, or passes.
Squares a move removes a piece from without ending there get the victim overlay, squares where
it may promote the promotion overlay.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final, Literal

from ..game.moves import Move
from ..vocabulary import MoveKind

Overlay = Literal["victim", "promotion", "passed", "wall"]   # the board's overlay names
BoardMark = MoveKind | Overlay                       # (designer.gui.board.markers' ``Mark``)
VICTIM: Final[Overlay] = "victim"
PROMOTES: Final[Overlay] = "promotion"
PASSED: Final[Overlay] = "passed"
WALL: Final[Overlay] = "wall"        # a square the move may put its wall on

Occupant = dict[int, bool]   # square -> True for a foe, False for a friend of the mover


def kind_of(move: Move, occupant: Occupant, ep: int | None = None) -> MoveKind:
    """The class of ``move`` given who stands where (``occupant``) and the e.p. square."""
    if move.is_drop:
        return "drop"
    if move.rook >= 0:
        return "castling"
    if move.origin == move.target:
        return "locust" if move.kills else "null"
    if move.kills and ep is not None and move.target == ep and move.target not in occupant:
        return "ep"
    here = occupant.get(move.target)
    if here is None:
        return "locust" if move.kills else "move"
    return "capture" if here else "destroy"


def marks_of(moves: Iterable[Move], occupant: Occupant, ep: int | None = None
             ) -> dict[int, tuple[BoardMark, ...]]:
    """The marks of the squares ``moves`` end on (each class once, then the overlays), and the
    victim overlay on squares they take a piece from on the way."""
    marks: dict[int, list[BoardMark]] = {}
    for mv in moves:
        kinds = marks.setdefault(mv.target, [])
        kind = kind_of(mv, occupant, ep)
        if kind not in kinds:
            kinds.insert(0, kind)
        if mv.promotion and PROMOTES not in kinds:
            kinds.append(PROMOTES)
        for x in mv.kills:
            if x != mv.target:
                victims = marks.setdefault(x, [])
                if VICTIM not in victims:
                    victims.append(VICTIM)
    return {sq: tuple(k) for sq, k in marks.items()}


__all__ = ["kind_of", "marks_of", "BoardMark", "Occupant", "Overlay", "VICTIM", "PROMOTES",
           "PASSED"]

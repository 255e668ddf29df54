"""What the generator returns: moves with their legs, side effects and display class."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final

from ..geometry.board import Square, square_name
from ..vocabulary import LegAction, MoveKind

# Modality classes, for colouring target squares (see the legend in the GUI and SVG export):
# the members of the vocabulary's ``MoveKind``, one constant each.
MOVE: Final = "move"                    # may only move there (m)
CAPTURE: Final = "capture"              # captures there (c)
MOVE_CAPTURE: Final = "move-capture"    # moves or captures there (the default mc)
HOP_MOVE: Final = "hop-move"            # lands there after hopping a piece, square empty
HOP_CAPTURE: Final = "hop-capture"      # hops, then captures there
LOCUST: Final = "locust"                # removes a piece on a square it does not end on
DESTROY: Final = "destroy"              # removes a friendly piece (d)
UNLOAD: Final = "unload"                # puts a carried piece down elsewhere (u)
EP: Final = "ep"                        # en-passant capture (e)
CASTLING: Final = "castling"            # O castling
DROP: Final = "drop"                    # @ drop from the hand
NULL: Final = "null"                    # a pass that ends on the origin
#: Every class, in the legend's order.
CLASSES: Final[tuple[MoveKind, ...]] = (MOVE, CAPTURE, MOVE_CAPTURE, HOP_MOVE, HOP_CAPTURE, LOCUST,
                                        DESTROY, UNLOAD, EP, CASTLING, DROP, NULL)

# What one leg did where it ended.
ACT_MOVE: Final = "move"          # ended on an empty square
ACT_CAPTURE: Final = "capture"    # removed a foe
ACT_DESTROY: Final = "destroy"    # removed a friend
ACT_HOP: Final = "hop"            # ended on an occupied square and left it (p/g/t, non-final)
ACT_UNLOAD: Final = "unload"      # put a carried piece down
ACT_OFFBOARD: Final = "offboard"  # went off the board (o)
ACT_EP: Final = "ep"              # e.p. capture
ACT_CASTLE: Final = "castle"
ACT_DROP: Final = "drop"
ACT_FRAGMENT: Final = "fragment"  # a fragment of an eruption/explosion (x/xx)


@dataclass(frozen=True, slots=True)
class LegTrace:
    """One leg of a generated move: from/to, squares slid over, what it did at ``end``.

    ``hopped`` lists squares jumped over on the way (hoppers' platforms, j-skips).
    """

    start: Square
    end: Square
    passed: tuple[Square, ...]
    action: LegAction
    hopped: tuple[Square, ...] = ()
    step: tuple[int, int] = (0, 0)   # the unit step vector of this leg
    steps: int = 0                   # how many steps it took


@dataclass(frozen=True, slots=True)
class PieceMove:
    """A move the definition allows from ``origin``.

    ``removed`` are the squares whose pieces the move removes (captures, destroys, e.p. victim);
    ``placed`` are squares where a carried piece is put down; ``ep_rights`` are squares that an
    e.p. capture may target after this move (passed by a lame ``n`` leap). ``group`` indexes the
    move group (path) of the definition that produced it, ``span`` is that group's source span.
    """

    origin: Square
    destination: Square
    legs: tuple[LegTrace, ...]
    kind: MoveKind
    removed: tuple[Square, ...] = ()
    placed: tuple[Square, ...] = ()
    ep_rights: tuple[Square, ...] = ()
    initial: bool = False
    group: int = 0
    span: tuple[int, int] = (0, 0)
    partner: Square | None = None  # castling partner's square
    vanishes: bool = False         # the moving piece is gone at the end (explosion, atomic capture)

    @property
    def captures(self) -> bool:
        return bool(self.removed)

    @property
    def path(self) -> tuple[Square, ...]:
        """Origin, every leg's end: the squares to draw arrows through."""
        return (self.origin,) + tuple(leg.end for leg in self.legs)

    def effect(self) -> tuple[Square, tuple[Square, ...], tuple[Square, ...], bool]:
        """What the move does to the board: where the piece ends, the squares it empties and
        fills, whether it is gone. Two moves with one effect move alike, whatever their class,
        path or first-move flag (``MOVE_CAPTURE`` from ``W`` is ``MOVE`` from ``mW``)."""
        return (self.destination, tuple(sorted(self.removed)), tuple(sorted(self.placed)),
                self.vanishes)

    def describe(self) -> str:
        text = "-".join(square_name(s) for s in self.path)
        if self.removed:
            text += " x" + ",".join(square_name(s) for s in self.removed)
        return f"{text} ({self.kind}{', initial' if self.initial else ''})"


#: What a set of moves does to the board (``signature``): equal signatures move alike.
Signature = frozenset[tuple[Square, tuple[Square, ...], tuple[Square, ...], bool]]


def signature(moves: "Iterable[PieceMove]") -> Signature:
    """The one test of "do these move alike" on one position: the set of the moves' effects.
    The dialect switch, the exporters' rewrite checks and the compare view all use it."""
    return frozenset(m.effect() for m in moves)

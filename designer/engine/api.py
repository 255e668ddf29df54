"""The ``targets`` command's request (``docs/cli-contract.md``): the core's ``Question`` with squares
written as names, as a JSON line gives them.

``Query.question()`` turns the names into the one ``Question`` the window asks too, with a
readable ``ValueError`` for a bad square; ``split_targets`` lists an ``Reach``'s squares the way
the contract does.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ..geometry.board import Square, coordinates, parse_square, square_name
from ..vocabulary import WHITE, XBETZA, Dialect, Side, other_side
from .position import Placed
from .question import Reach, Question


@dataclass(frozen=True)
class Query:
    """A targets request: a piece on a square among friends, foes and neutral pieces, with the
    rules a variant adds (castling rights, XBoard's built-in castling, promotion zone, drops)."""

    betza: str
    dialect: Dialect = XBETZA
    files: int = 8
    ranks: int = 8
    square: str = "a1"
    friends: tuple[str, ...] = ()
    foes: tuple[str, ...] = ()
    side: Side = WHITE
    virgin: bool = True
    royal: bool = False
    moved: tuple[str, ...] = ()
    ep: str | None = None
    holes: tuple[str, ...] = ()
    royal_foes: tuple[str, ...] = ()
    types: tuple[tuple[str, str], ...] = ()
    neutrals: tuple[str, ...] = ()          # pieces of neither side: foes of both
    castling: str | None = None             # the setup's castling rights (XBoard FEN)
    castle: int = 0                         # XBoard's built-in King castling distance
    zone: int = 0                           # promotion zone depth in ranks
    drops: bool = False                     # the variant has holdings: @ drops are moves

    def question(self) -> Question:
        """The question this request asks; ValueError with a readable message on bad squares."""
        files, ranks = self.files, self.ranks

        def sq(name: str) -> Square:
            return parse_square(name, files, ranks)

        other = other_side(self.side)
        types = {sq(k): v for k, v in self.types}
        moved = {sq(s) for s in self.moved}
        pieces: dict[Square, Placed] = {}
        for side, names in ((self.side, self.friends), (other, self.foes)):
            if types or moved:
                for name in names:
                    s = sq(name)
                    pieces[s] = _placed(side, types.get(s, ""), s not in moved)
            else:
                plain = _placed(side, "", True)
                for s in squares(names, files, ranks):
                    pieces[s] = plain
        for name in self.neutrals:
            s = sq(name)
            pieces[s] = _placed(None, types.get(s, ""), s not in moved)
        for name in self.royal_foes:
            s = sq(name)
            pieces[s] = _placed(other, types.get(s, "K"), s not in moved, True)
        holes = frozenset(sq(h) for h in self.holes)
        origin = sq(self.square)
        if origin in holes:
            raise ValueError(f"the piece stands on {self.square}, which is a hole")
        pieces.pop(origin, None)
        return Question(self.betza, self.dialect, files, ranks, origin, tuple(pieces.items()),
                        holes, self.side, self.virgin, self.royal, "",
                        sq(self.ep) if self.ep else None, self.drops, self.castling,
                        self.castle, self.zone)


@lru_cache(maxsize=1024)
def _placed(side: Side | None, letter: str, virgin: bool, royal: bool = False) -> Placed:
    """One shared value per kind of piece (a query places dozens of identical pieces)."""
    return Placed(side, letter, virgin, royal)


def squares(names: tuple[str, ...], files: int, ranks: int) -> list[Square]:
    """Square names to squares of a files x ranks board (ValueError naming the first bad one)."""
    out = []
    for name in names:
        s = coordinates(name)
        if s is None or s[0] >= files or s[1] >= ranks:
            s = parse_square(name, files, ranks)   # raises with the reason
        out.append(s)
    return out


def split_targets(found: Reach) -> tuple[list[str], list[str]]:
    """(moves, captures) square names, sorted by (file, rank), as the CLI contract lists them."""
    return ([square_name(s) for s in sorted(found.reached)],
            [square_name(s) for s in sorted(found.captured)])

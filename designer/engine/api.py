"""One-call helpers over parse + compile + generate, used by the CLI and the exporters."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ..notation.parser import parse
from .compile import compile_piece
from .generate import generate
from ..geometry.board import Square, coordinates, parse_square, square_name
from .moves import Move
from ..vocabulary import WHITE, XBETZA, Dialect, Side, other_side
from .position import Placed, Position


@dataclass(frozen=True)
class Query:
    """A targets question (docs/cli-contract.md): a piece on a square among friends and foes."""

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


@lru_cache(maxsize=1024)
def _placed(side: Side, letter: str, virgin: bool, royal: bool = False) -> Placed:
    """One shared value per kind of piece (a query places dozens of identical pieces)."""
    return Placed(side, letter, virgin, royal)


def squares(names: tuple[str, ...], files: int, ranks: int) -> list[Square]:
    """Square names to squares of a files x ranks board (ValueError naming the first bad one)."""
    out = []
    for name in names:
        s = coordinates(name)
        if s is None or s[0] >= files or s[1] >= ranks:
            parse_square(name, files, ranks)   # raises with the reason
        out.append(s)
    return out  # type: ignore[return-value]


def build_position(q: Query) -> tuple[Position, Square]:
    """The position a query describes; ValueError with a readable message on bad squares."""
    files, ranks = q.files, q.ranks

    def sq(name: str) -> Square:
        return parse_square(name, files, ranks)

    other = other_side(q.side)
    types = {sq(k): v for k, v in q.types}
    moved = {sq(s) for s in q.moved}
    pieces: dict[Square, Placed] = {}
    for side, names in ((q.side, q.friends), (other, q.foes)):
        if types or moved:
            for name in names:
                s = sq(name)
                pieces[s] = _placed(side, types.get(s, ""), s not in moved)
        else:
            plain = _placed(side, "", True)
            for s in squares(names, files, ranks):
                pieces[s] = plain
    for name in q.royal_foes:
        s = sq(name)
        pieces[s] = _placed(other, types.get(s, "K"), s not in moved, True)
    holes = frozenset(sq(h) for h in q.holes)
    origin = sq(q.square)
    if origin in holes:
        raise ValueError(f"the piece stands on {q.square}, which is a hole")
    pieces.pop(origin, None)
    ep = sq(q.ep) if q.ep else None
    return Position(q.files, q.ranks, pieces, holes, ep), origin


def answer(q: Query) -> list[Move]:
    """Parse, compile and generate for one query (NotationError / TooComplexError / ValueError)."""
    program = compile_piece(parse(q.betza, q.dialect))
    position, origin = build_position(q)
    return generate(program, position, origin, q.side, q.virgin, q.royal)


def split_targets(moves: list[Move]) -> tuple[list[str], list[str]]:
    """(moves, captures) square names, sorted by (file, rank), as the CLI contract lists them."""
    plain = sorted({m.destination for m in moves if not m.removed})
    caps = sorted({m.destination for m in moves if m.removed})
    return [square_name(s) for s in plain], [square_name(s) for s in caps]

"""Heat maps of one piece on its board: a number per square, for the piece view and SVG.

* ``mobility``: from each square, the piece's target squares: on the empty board by H.G.
  Muller's weights (move and capture 1, capture only 2/3, move only 1/3), or in a given
  position the squares it can actually move to or capture on (None where a piece stands).
* ``distance``: the fewest moves from a chosen square to each square of the empty board (its
  first move may be an initial one); None where it can never arrive, so a colour-bound piece
  shows half the board unreachable at once.
* ``checks``: for an enemy king on each square, the squares from which the piece gives check
  and that are not next to the king (safe checks: the king cannot simply take the checker),
  counted on an otherwise empty board.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final, Literal

from ..engine.generate import targets
from ..engine.position import PieceBoard
from ..vocabulary import WHITE, Dialect, Side, Square
from .mobility import weighted_count
from .reach import BoardReach, board_reach, programs

HeatKind = Literal["mobility", "distance", "checks"]
HEAT_KINDS: Final[tuple[HeatKind, ...]] = ("mobility", "distance", "checks")
HEAT_LABELS: Final[dict[HeatKind, str]] = {
    "mobility": "Mobility", "distance": "Distance in moves", "checks": "Safe checks"}
Progress = Callable[[int, int], bool]


class HeatCancelled(Exception):
    """The progress callback asked to stop."""


@dataclass(frozen=True, slots=True)
class HeatMap:
    """One number (or None) per square, row-major by rank then file. ``origin`` is the square
    the map is measured from (distance), ``unit`` what the numbers count, ``missing`` what a
    None square means; ``low``/``high`` the range of the numbers shown."""

    kind: HeatKind
    files: int
    ranks: int
    values: tuple[float | None, ...]
    title: str
    unit: str
    missing: str
    origin: Square | None = None
    holes: frozenset[Square] = frozenset()

    def at(self, square: Square) -> float | None:
        return self.values[square[1] * self.files + square[0]]

    @property
    def known(self) -> list[float]:
        return [v for v in self.values if v is not None]

    @property
    def low(self) -> float:
        return min(self.known, default=0.0)

    @property
    def high(self) -> float:
        return max(self.known, default=0.0)

    def text(self, square: Square) -> str:
        """The cell's number as shown on the board ('' on a hole)."""
        if square in self.holes:
            return ""
        v = self.at(square)
        if v is None:
            return "-" if self.kind == "distance" else ""
        return f"{v:.0f}" if float(v).is_integer() else f"{v:.1f}"


def _squares(files: int, ranks: int) -> list[Square]:
    return [(f, r) for r in range(ranks) for f in range(files)]


def mobility_map(notation: str, dialect: Dialect, files: int, ranks: int,
                 position: PieceBoard | None = None, side: Side = WHITE,
                 holes: frozenset[Square] = frozenset(), name: str = "") -> HeatMap:
    """The mobility map (module docstring). NotationError, TooComplexError."""
    title = f"Mobility of {name or notation}"
    if position is None:
        board = board_reach(notation, dialect, files, ranks, holes)
        values = tuple(None if r is None else weighted_count(r) for r in board.later)
        return HeatMap("mobility", files, ranks, values, title + " on an empty board",
                       "target squares (capture only 2/3, move only 1/3)", "a hole",
                       holes=holes)
    program, _ = programs(notation, dialect)
    out: list[float | None] = []
    for s in _squares(files, ranks):
        if not position.on_board(s) or position.at(s) is not None:
            out.append(None)
            continue
        plain, caps = targets(program, position, s, side, False, False)
        plain.discard(s)
        out.append(float(len(plain | caps)))
    return HeatMap("mobility", files, ranks, tuple(out), title + " in this position",
                   "squares it can move to or capture on", "a piece stands there",
                   holes=frozenset(position.holes))


def _board(notation: str, dialect: Dialect, files: int, ranks: int,
           holes: frozenset[Square]) -> BoardReach:
    return board_reach(notation, dialect, files, ranks, holes)


def distance_map(notation: str, dialect: Dialect, files: int, ranks: int, origin: Square,
                 holes: frozenset[Square] = frozenset(), name: str = "",
                 virgin: bool = True) -> HeatMap:
    """Fewest moves from ``origin`` to every square of the empty board (module docstring)."""
    board = _board(notation, dialect, files, ranks, holes)
    dist: dict[Square, int] = {origin: 0}
    queue: deque[Square] = deque([origin])
    while queue:
        s = queue.popleft()
        reach = board.at(s, virgin and s == origin)
        if reach is None:
            continue
        for t in reach.squares:
            if t not in dist:
                dist[t] = dist[s] + 1
                queue.append(t)
    values = tuple(None if (s in holes) else (float(dist[s]) if s in dist else None)
                   for s in _squares(files, ranks))
    return HeatMap("distance", files, ranks, values, f"Moves of {name or notation} from "
                   f"{_name(origin)}", "moves needed on an empty board", "never reached",
                   origin, holes)


def _adjacent(a: Square, b: Square) -> bool:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1])) <= 1


def checks_map(notation: str, dialect: Dialect, files: int, ranks: int,
               holes: frozenset[Square] = frozenset(), name: str = "",
               progress: Progress | None = None) -> HeatMap:
    """Safe checks against a king on each square (module docstring)."""
    board = _board(notation, dialect, files, ranks, holes)
    counts = {s: 0 for s in _squares(files, ranks)}
    squares = board.squares()
    for i, t in enumerate(squares):
        reach = board.at(t)
        if reach is not None:
            for s in reach.captures:
                if not _adjacent(s, t):
                    counts[s] += 1
        if progress is not None and i % 64 == 63 and not progress(i + 1, len(squares)):
            raise HeatCancelled()
    values = tuple(None if s in holes else float(counts[s]) for s in _squares(files, ranks))
    return HeatMap("checks", files, ranks, values, f"Safe checks by {name or notation}",
                   "squares it checks a king here from, not next to it", "a hole",
                   holes=holes)


def _name(s: Square) -> str:
    from ..geometry.board import square_name
    return square_name(s)


def heat_map(kind: HeatKind, notation: str, dialect: Dialect, files: int, ranks: int,
             origin: Square | None = None, position: PieceBoard | None = None,
             holes: frozenset[Square] = frozenset(), name: str = "") -> HeatMap:
    """One of the three maps by name (``origin`` is needed for ``distance``)."""
    if kind == "mobility":
        return mobility_map(notation, dialect, files, ranks, position, holes=holes, name=name)
    if kind == "distance":
        if origin is None:
            raise ValueError("a distance map needs the square to measure from")
        return distance_map(notation, dialect, files, ranks, origin, holes, name)
    return checks_map(notation, dialect, files, ranks, holes, name)


__all__ = ["HEAT_KINDS", "HEAT_LABELS", "HeatCancelled", "HeatKind", "HeatMap", "checks_map",
           "distance_map", "heat_map", "mobility_map"]

"""Lame (n) and must-jump (j) leaps: which squares a leap passes and whether it may pass them."""

from __future__ import annotations

from typing import Protocol

from ..geometry.board import Square
from ..vocabulary import BETZA2, Dialect
from .position import EMPTY


class Board(Protocol):
    """What the lame test needs from the walker: occupancy, the dialect and the budget."""

    dialect: Dialect
    lame_xboard: bool

    def code(self, sq: Square) -> int: ...

    def tick(self, cost: int = 1) -> None: ...


def lame_ok(w: Board, a: Square, vec: tuple[int, int],
            lame: str) -> tuple[bool, tuple[Square, ...]]:
    """Whether a leap of ``vec`` from ``a`` passes the n/j test; also the squares it passes."""
    vx, vy = vec
    if max(abs(vx), abs(vy)) <= 1:
        return True, ()
    line = vx == 0 or vy == 0 or abs(vx) == abs(vy)
    if not line and w.dialect == BETZA2:
        return _oblique_paths(w, a, vec, lame)
    if not line or w.lame_xboard:
        # XBoard 4.9 tests the single square half-way (fractions towards zero); seed 004 leaves
        # oblique atoms open for XBetza and notes this is what makes nN the Xiangqi horse.
        mid = (a[0] + int(vx / 2), a[1] + int(vy / 2))
        occupied = w.code(mid) != EMPTY
        return (not occupied if lame == "n" else occupied), (mid,)
    n = max(abs(vx), abs(vy))
    sx, sy = (vx > 0) - (vx < 0), (vy > 0) - (vy < 0)
    between = tuple((a[0] + sx * k, a[1] + sy * k) for k in range(1, n))
    count = sum(1 for s in between if w.code(s) != EMPTY)
    if lame == "n":
        return count == 0, between
    if lame == "j":
        return count == 1, between   # must jump exactly one (seed 004 "Jumping")
    return count >= 1, between       # jj: can jump many


def _oblique_paths(w: Board, a: Square, vec: tuple[int, int],
                   lame: str) -> tuple[bool, tuple[Square, ...]]:
    """Betza 2.0 (seed 000): an oblique n-leap may use any shortest path of K steps and is
    blocked only when all are; j must hop exactly one piece on some such path."""
    vx, vy = vec
    n = max(abs(vx), abs(vy))
    sx, sy = (vx > 0) - (vx < 0), (vy > 0) - (vy < 0)
    best_counts: set[int] = set()
    passed: set[Square] = set()

    def rec(x: int, y: int, left_x: int, left_y: int, steps: int, count: int) -> None:
        w.tick()
        if steps == n:
            best_counts.add(count)
            return
        for dx in ({sx, 0} if left_x else {0}):
            for dy in ({sy, 0} if left_y else {0}):
                if dx == 0 and dy == 0:
                    continue
                if max(abs(left_x - dx), abs(left_y - dy)) > n - steps - 1:
                    continue
                nx, ny = x + dx, y + dy
                last = steps + 1 == n
                c = count
                if not last:
                    passed.add((nx, ny))
                    c += w.code((nx, ny)) != EMPTY
                rec(nx, ny, left_x - dx, left_y - dy, steps + 1, c)

    rec(a[0], a[1], vx, vy, 0, 0)
    if lame == "n":
        return 0 in best_counts, tuple(sorted(passed))
    if lame == "j":
        return 1 in best_counts, tuple(sorted(passed))
    return any(c >= 1 for c in best_counts), tuple(sorted(passed))

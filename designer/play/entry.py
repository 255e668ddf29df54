"""Entering a move by clicking its squares in order, as the Interactive Diagram does.

The player picks a piece (or a piece in hand), then clicks the squares the move stops on:
each locust victim or turning square, then the destination. After each click only the legal
moves that agree with the clicks so far remain, and the squares where they can go on next are
marked. A square where a move may end *and* go on (the Lion's first victim: take it alone, or
take it and step on) asks for a second click on it to end there. A drag, or a click straight on
a destination, ends the move there when that names one path. Where the move places a wall
(Amazons' arrow, the duck), one more click names the wall's square among those marked. Several
moves left on the same squares differ by their promotion (or what they take): the caller asks
which.

Pure values: an ``Entry`` is never changed, each click gives the next one (``Step``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from ..game.moves import Move
from .marks import PASSED, VICTIM, WALL, BoardMark, Occupant, kind_of, marks_of


def stops(move: Move) -> tuple[int, ...]:
    """The squares a move stops on after its origin, its destination last."""
    return move.via + (move.target,)


@dataclass(frozen=True, slots=True)
class Step:
    """What a click did: the entry after it (None: the click is no part of any move of the
    picked piece), the moves it completed (several: a choice for the player), and a hint."""

    entry: "Entry | None"
    done: tuple[Move, ...] = ()
    hint: str = ""


@dataclass(frozen=True, slots=True)
class Entry:
    """A move being entered: its origin (-1 for a drop of ``drop``), the squares clicked so far
    and the legal moves that agree with them; ``walling``: the squares are all clicked and the
    next click names the square of the move's wall."""

    origin: int
    drop: str
    clicked: tuple[int, ...]
    candidates: tuple[Move, ...]
    walling: bool = False

    @classmethod
    def pick(cls, legal: Iterable[Move], origin: int) -> "Entry":
        return cls(origin, "", (), tuple(m for m in legal if m.origin == origin and not m.drop))

    @classmethod
    def pick_drop(cls, legal: Iterable[Move], letter: str) -> "Entry":
        return cls(-1, letter, (), tuple(m for m in legal if m.is_drop and m.drop == letter))

    # -- what is possible now -----------------------------------------------------------------
    def next_stops(self) -> dict[int, tuple[Move, ...]]:
        """The squares the next click may name, each with the moves through it."""
        n = len(self.clicked)
        out: dict[int, list[Move]] = {}
        for m in self.candidates:
            path = stops(m)
            if len(path) > n:
                out.setdefault(path[n], []).append(m)
        return {s: tuple(ms) for s, ms in out.items()}

    def finished(self) -> tuple[Move, ...]:
        """The moves whose squares are exactly the ones clicked."""
        if not self.clicked:
            return ()
        return tuple(m for m in self.candidates if stops(m) == self.clicked)

    def ending_on(self, sq: int) -> tuple[Move, ...]:
        return tuple(m for m in self.candidates if m.target == sq)

    # -- clicks -------------------------------------------------------------------------------
    def click(self, sq: int) -> Step:
        """The next square of the move (see the module's docstring)."""
        if self.walling:
            walled = tuple(m for m in self.finished() if m.wall == sq)
            return Step(self, walled) if walled else Step(self, (), "wall")
        nexts = self.next_stops()
        if self.clicked and sq == self.clicked[-1] and self.finished():
            return _ended(self, self.finished())
        if sq in nexts:
            new = Entry(self.origin, self.drop, self.clicked + (sq,), nexts[sq])
            done, more = new.finished(), new.next_stops()
            if done and not more:
                return _ended(new, done)
            if done:
                return Step(new, (), "again")
            return Step(new)
        return self._straight_to(sq, shortest=False)

    def drag(self, sq: int) -> Step:
        """A drag released on ``sq``: the move ends there, by its shortest path when that
        names one."""
        if self.clicked:
            return self.click(sq)
        return self._straight_to(sq, shortest=True)

    def _straight_to(self, sq: int, shortest: bool) -> Step:
        ending = self.ending_on(sq)
        if not ending:
            return Step(None)
        paths = {stops(m) for m in ending}
        if shortest:
            low = min(len(p) for p in paths)
            paths = {p for p in paths if len(p) == low}
            ending = tuple(m for m in ending if stops(m) in paths)
        if len(paths) == 1:
            path = next(iter(paths))
            return _ended(Entry(self.origin, self.drop, path, ending), ending)
        return Step(self, (), "paths")

    # -- what the board shows ------------------------------------------------------------------
    def marks(self, occupant: Occupant, ep: int | None = None
              ) -> dict[int, tuple[BoardMark, ...]]:
        """The marks for this stage: before any click, every destination with its class and
        the victims on the way (as the piece view draws them); after a click, the squares
        where the move can go on, and the clicked square when the move may end there; when
        the wall is to be placed, the squares it may go on."""
        if self.walling:
            here = self.finished()
            walls: dict[int, tuple[BoardMark, ...]] = {m.wall: (WALL,) for m in here}
            walls[self.clicked[-1]] = tuple(dict.fromkeys(kind_of(m, occupant, ep)
                                                          for m in here))
            return walls
        if not self.clicked:
            out: dict[int, tuple[BoardMark, ...]] = dict(marks_of(self.candidates, occupant, ep))
            for s, through in self.next_stops().items():
                if s not in out:
                    out[s] = (VICTIM,) if any(s in m.kills for m in through) else (PASSED,)
            return out
        n = len(self.clicked)
        out = {}
        for s, through in self.next_stops().items():
            kinds: list[BoardMark] = []
            for m in through:
                final = len(stops(m)) == n + 1
                kind = kind_of(m, occupant, ep) if final else \
                    (VICTIM if s in m.kills else PASSED)
                if kind not in kinds:
                    kinds.append(kind)
            out[s] = tuple(kinds)
        here = self.finished()
        if here:
            last = self.clicked[-1]
            out[last] = tuple(dict.fromkeys(kind_of(m, occupant, ep) for m in here))
        return out


def _ended(entry: Entry, done: tuple[Move, ...]) -> Step:
    """The moves the clicks completed, or, when they differ only by the square of the wall
    they place, the entry waiting for the click that names it."""
    if len(done) > 1 and all(m.wall >= 0 for m in done) and \
            len({m._replace(wall=-1) for m in done}) == 1:
        return Step(replace(entry, walling=True), (), "wall")
    return Step(entry, done)


def promotion_choices(moves: Sequence[Move]) -> tuple[str, ...]:
    """The promotions among moves that share their squares ("" for not promoting), in a
    stable order: not promoting first, then as the rules listed them."""
    seen = dict.fromkeys(m.promotion for m in moves)
    return tuple(sorted(seen, key=lambda p: p != ""))


def differ_only_by_promotion(moves: Sequence[Move]) -> bool:
    return len({m._replace(promotion="") for m in moves}) == 1


__all__ = ["Entry", "Step", "stops", "promotion_choices", "differ_only_by_promotion"]

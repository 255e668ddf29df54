"""The move under construction: the position as the moving side sees it, what the move has
emptied, carried and put down so far, the work budget, and where finished moves go.

Work is counted, never timed: each unit costs about the same processor time whatever the
definition, and the count is the same whether moves are built (``generate``) or only their
squares kept (``targets``), so a definition gives up at the same point on every machine, under
any load, with or without details.

The walker (``engine.walker``) changes a ``MoveState`` in place while it searches and undoes each
change when the search backs out, so no state is copied per step. ``WalkOptions`` is what a
caller asks besides the program and the position; ``Ray`` is where one ray starts.
It is one object per ``generate`` call: nothing here is shared between calls or threads.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from ..geometry.board import Square
from ..vocabulary import (BLACK, DOCUMENTED, WHITE, XBOARD_LAME, Dialect, LameMode, MoveKind,
                          Side)
from . import moves as M
from .position import EMPTY, FOE, FRIEND, OFF, Placed, PieceBoard
from .program import AtomState, CLeg, CPath
from .vectors import Vec

Legs = tuple[CLeg, ...]

class At(NamedTuple):
    """Where a move under construction stands between legs."""

    sq: Square
    prev: Vec | None = None            # vector of the last step taken
    atom: AtomState | None = None      # XBetza: atom after W<->F conversion / g,y toggling
    rng: int | None = None             # XBetza: range after g/y toggling
    last_len: int = 0                  # length of the last slider leg (XBetza i, Betza 2.0 e)


class Ray(NamedTuple):
    """Where a walk along one ray starts and what it carries: the step vector, the atom later
    legs inherit, squares still to skip (``j``), the turning family (``q``/``z``), the step
    limit, steps taken, the square to start from (default: where the move stands), whether it
    wrapped round a cylinder, the squares passed and hopped so far and where a hop stands."""

    vec: Vec
    after: AtomState | None
    skip: int
    family: int = 0
    limit: int | None = None
    n: int = 0
    pos: Square | None = None
    wrapped: bool = False
    passed: tuple[Square, ...] = ()
    hopped: tuple[Square, ...] = ()
    hop: str = ""


class Fragment(NamedTuple):
    """Where one eruption fragment ended and what it had done by then."""

    sq: Square
    removed: tuple[Square, ...]
    relocated: tuple[Square, ...]
    friends_removed: tuple[Square, ...]
    placed: tuple[tuple[Square, Placed], ...]
    vanished: bool


# What each piece of work costs, in units of about the same processor time (one step along a
# ray), measured on the slowest case of each kind so that no definition's give-up takes much
# longer than the budget's 0.1 s: a move found costs a base, more per leg and per two squares
# its trace names (building, comparing and keeping a traced move; charged the same when only
# squares are kept); a ray started and a leg entered cost the setup they need; a step that
# lengthens the trail of squares passed costs one more unit per 2**PASSED_SHIFT squares in it
# (the trail is copied at each step: long wrapped rays grow with its square).
DEFAULT_BUDGET = 100_000  # work units (about 0.1 s); realistic pieces on 26x26 need under 50,000
MOVE_BASE = 4
MOVE_PER_LEG = 1
RAY = 5
LEG = 3
PASSED_SHIFT = 7


# Turning rays branched inside each other at most this often in one move: with the legs'
# own nesting (at most MAX_LEGS) the walk stays far below Python's recursion limit, so how deep
# the caller's stack is never decides whether a definition is too complex.
MAX_BRANCHES = 300


class OutOfWork(Exception):
    """The search used up its budget (turned into a positioned ``TooComplexError``)."""

    def __init__(self) -> None:
        super().__init__("out of work")


class TooDeep(Exception):
    """Turning rays branched more than ``MAX_BRANCHES`` deep in one move (turned into a
    positioned ``TooComplexError``)."""


class _Unload(NamedTuple):
    """How to take back putting a carried piece down."""

    piece: Placed
    came_from: Square
    carry: tuple[Placed | None, Square] | None
    was: tuple[Placed | None, int | None]
    dropped: bool


def leg_key(t: M.LegTrace) -> tuple[object, ...]:
    """A trace's fields as a plain tuple: equal exactly when the traces are equal."""
    return (t.start, t.end, t.passed, t.action, t.hopped, t.step, t.steps)


@dataclass(frozen=True, slots=True)
class WalkOptions:
    """What a walk is asked besides the program and the position: the piece's side, whether it
    is unmoved (``i`` moves) and royal (castling), its own type letter (drop rules), the work
    budget, how ``n``/``j`` test a leap, whether ``@`` drops are moves, and whether moves are
    built with their traces or only their squares kept."""

    side: Side = WHITE
    virgin: bool = True
    royal: bool = False
    letter: str = ""
    budget: int = DEFAULT_BUDGET
    lame: LameMode = DOCUMENTED
    include_drops: bool = False
    trace: bool = True


class MoveState:
    """The position, the move under construction, the budget and where moves go."""

    __slots__ = ("files", "ranks", "position", "origin", "side", "black", "virgin", "royal",
                 "letter", "budget", "work", "limit", "trace_size", "branches",
                 "lame_xboard", "include_drops", "dialect", "trace", "pieces", "occ", "removed",
                 "relocated", "friends_removed", "placed", "carried", "legs", "leg_keys", "steps",
                 "ep_rights", "hopped", "vanished", "erupt_sq", "start", "bent", "path", "out",
                 "found", "seen", "fragment")

    def __init__(self, position: PieceBoard, origin: Square, options: WalkOptions,
                 dialect: Dialect):
        side, budget = options.side, options.budget
        self.files, self.ranks = position.files, position.ranks
        self.position = position
        self.origin, self.side, self.black = origin, side, side == BLACK
        self.virgin, self.royal, self.letter = options.virgin, options.royal, options.letter
        # Work is counted in units that cost about the same time whatever the definition (no
        # clock: a clock would give another answer on a busy machine). ``limit`` is where the
        # walker's inner loop next calls ``checkpoint``: the budget itself.
        self.budget, self.work = budget, 0
        self.limit = budget
        self.trace_size = 0   # squares passed or hopped by the legs taken so far (both modes)
        self.branches = 0     # turning rays branching inside each other just now
        self.lame_xboard = options.lame == XBOARD_LAME
        self.include_drops = options.include_drops
        self.dialect, self.trace = dialect, options.trace
        self.pieces: dict[Square, Placed] = dict(position.pieces)
        self.pieces.pop(origin, None)       # the mover has left its square
        self.occ: dict[Square, int] = {sq: FRIEND if p.side == side else FOE
                                       for sq, p in self.pieces.items()}
        for hole in position.holes:
            self.occ[hole] = OFF
        # the move under construction (changed in place, undone when the search backs out)
        self.removed: list[Square] = []
        self.relocated: list[Square] = []
        self.friends_removed: list[Square] = []
        self.placed: list[tuple[Square, Placed]] = []
        self.carried: list[tuple[Placed | None, Square]] = []
        self.legs: list[M.LegTrace] = []
        self.leg_keys: list[tuple[object, ...]] = []   # the legs' fields, cheap to hash
        self.steps: list[tuple[Vec, int]] = []
        self.ep_rights: list[Square] = []
        self.hopped = False
        self.vanished = False
        self.erupt_sq: Square | None = None
        self.start: Vec = (0, 0)
        self.bent = 0
        # where moves go
        self.path: CPath | None = None
        self.out: list[M.PieceMove] = []
        self.found: set[tuple[Square, bool]] = set()
        self.seen: set[object] = set()
        self.fragment: list[Fragment] | None = None

    # -- bookkeeping ---------------------------------------------------------------------
    def tick(self, cost: int = 1) -> None:
        self.work += cost
        if self.work > self.limit:
            self.checkpoint()

    def checkpoint(self) -> None:
        """Past the budget: stop."""
        if self.work > self.budget:
            raise OutOfWork()

    def move_cost(self, named: int) -> int:
        """Units for one move found: building, comparing and keeping a traced move costs with
        its legs and the squares they name (``named``: squares the last leg passed). Charged
        the same when only squares are kept, so both callers give up at the same point."""
        return MOVE_BASE + MOVE_PER_LEG * (len(self.steps) + 1) + \
            (self.trace_size + named) // 4

    def code(self, sq: Square) -> int:
        """EMPTY, FRIEND, FOE or OFF as the move under construction finds ``sq``."""
        if 0 <= sq[0] < self.files and 0 <= sq[1] < self.ranks:
            return self.occ.get(sq, EMPTY)
        return OFF

    def take(self, sq: Square) -> tuple[Placed | None, int]:
        """Empty ``sq`` (a capture, a destroy, a pick-up); returns what to put back."""
        self.removed.append(sq)
        return self.pieces.pop(sq, None), self.occ.pop(sq, EMPTY)

    def untake(self, sq: Square, was: tuple[Placed | None, int]) -> None:
        self.removed.pop()
        piece, code = was
        if piece is not None:
            self.pieces[sq] = piece
        if code != EMPTY:
            self.occ[sq] = code

    def put(self, sq: Square, piece: Placed | None) -> tuple[Placed | None, int | None]:
        was = self.pieces.get(sq), self.occ.get(sq)
        if piece is None:
            self.pieces.pop(sq, None)
            self.occ.pop(sq, None)
        else:
            self.pieces[sq] = piece
            self.occ[sq] = FRIEND if piece.side == self.side else FOE
        return was

    def unput(self, sq: Square, was: tuple[Placed | None, int | None]) -> None:
        piece, code = was
        if piece is None:
            self.pieces.pop(sq, None)
        else:
            self.pieces[sq] = piece
        if code is None:
            self.occ.pop(sq, None)
        else:
            self.occ[sq] = code

    def limit_ok(self, leg: CLeg, letter: str, sq: Square) -> bool:
        """Betza 2.0 limiters ``c{N}``, ``p{!I}`` and the virgin-only ``ci``/``di`` on ``letter``."""
        if not leg.limiters and not leg.virgin_only:
            return True
        piece = self.pieces.get(sq)
        if letter in leg.virgin_only and (piece is None or not piece.virgin):
            return False
        for mode, lim in leg.limiters:
            if mode == letter:
                name = (piece.letter if piece else "").upper()
                if (name in {t.upper() for t in lim.types}) == lim.negated:
                    return False
        return True

    def vanish(self, sq: Square) -> None:
        """A fragment destroys the erupted piece itself (seed 002's ``xdO``)."""
        self.vanished = True
        self.occ.pop(sq, None)

    def unvanish(self, sq: Square) -> None:
        self.vanished = False
        self.occ[sq] = FRIEND

    def unload(self, sq: Square, carry: tuple[Placed | None, Square] | None = None) -> "_Unload":
        """Put the last carried piece down on ``sq``: it was moved, not removed (seed 000 "u")."""
        piece, came_from = self.carried.pop()
        piece = piece if piece is not None else Placed(self.side)
        if carry is not None:
            self.carried.append(carry)
        was = self.put(sq, piece)
        self.placed.append((sq, piece))
        self.relocated.append(came_from)
        dropped = came_from in self.friends_removed
        if dropped:
            self.friends_removed.remove(came_from)
        return _Unload(piece, came_from, carry, was, dropped)

    def reload(self, sq: Square, undo: "_Unload") -> None:
        piece, came_from, carry, was, dropped = undo
        if dropped:
            self.friends_removed.append(came_from)
        self.relocated.pop()
        self.placed.pop()
        self.unput(sq, was)
        if carry is not None:
            self.carried.pop()
        self.carried.append((piece, came_from))

    # -- moves found ---------------------------------------------------------------------
    def emit(self, dest: Square, leg: CLeg, trace: M.LegTrace | None, ep: bool = False,
             ep_rights: tuple[Square, ...] = (), kind: MoveKind | None = None,
             partner: Square | None = None, named: int = 0) -> None:
        """A move ends on ``dest`` with the effects gathered so far (``named``: squares its
        last leg passed, for the cost)."""
        # move_cost, inlined: this runs for every move found
        self.work += MOVE_BASE + MOVE_PER_LEG * (len(self.steps) + 1) + \
            (self.trace_size + named) // 4
        if self.work > self.limit:
            self.checkpoint()
        if self.fragment is not None:
            self.fragment.append(Fragment(dest, tuple(self.removed), tuple(self.relocated),
                                          tuple(self.friends_removed), tuple(self.placed),
                                          self.vanished))
            return
        relocated, removed = self.relocated, self.removed
        lost = tuple(s for s in removed if s not in relocated) if relocated else tuple(removed)
        if not self.trace:
            self.found.add((dest, bool(lost)))
            return
        path = self.path
        assert path is not None
        placed = tuple(s for s, _ in self.placed) if self.placed else ()
        # a move is new unless an equal one was found: the same legs, compared by their fields
        # (plain tuples hash far faster than the traces themselves), and the same effects
        keys = tuple(self.leg_keys)
        if trace is not None:
            keys += (leg_key(trace),)
        seen = self.seen
        known = len(seen)
        seen.add((path.group, dest, keys, lost, placed))   # hashed once
        if len(seen) == known:
            return
        traces = tuple(self.legs) + ((trace,) if trace is not None else ())
        hopper_final = trace is not None and bool(trace.hopped) and leg.final and \
            ("p" in leg.modes or "g" in leg.modes)
        kind = kind or self.classify(dest, leg, lost, ep, self.hopped or hopper_final)
        self.out.append(M.PieceMove(self.origin, dest, traces, kind, lost, placed,
                               tuple(self.ep_rights) + ep_rights, path.initial, path.group,
                               path.span, partner, self.vanished))

    def classify(self, dest: Square, leg: CLeg, lost: tuple[Square, ...], ep: bool,
                 hopped: bool) -> MoveKind:
        if ep:
            return M.EP
        if self.friends_removed:
            return M.DESTROY
        if lost and any(s != dest for s in lost):
            return M.LOCUST
        if self.placed:
            return M.UNLOAD
        if dest == self.origin and not lost:
            return M.NULL
        if hopped:
            return M.HOP_CAPTURE if lost else M.HOP_MOVE
        if lost:
            return M.CAPTURE if "m" not in leg.modes else M.MOVE_CAPTURE
        return M.MOVE if not leg.modes & {"c", "d"} else M.MOVE_CAPTURE


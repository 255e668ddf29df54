"""The walk: one ``Walker`` per ``generate`` call follows a compiled program over a position.

The walker holds the move under construction (``engine.state.MoveState``: the position as the
moving side sees it, squares emptied, pieces carried and put down, legs taken, the work counted)
and changes it in place while it searches, undoing each change when it backs out: no state is
copied per step. A ray's starting values travel as one ``Ray``. Legs of ordinary atoms are
walked here; legs of other kinds (castling, the universal leaper, drops, repeated groups,
eruptions) go to handlers passed in by ``engine.generate`` (a dispatch table keyed on the leg's
kind), so this module never imports them. The semantics follow seed 004 (XBetza) and seed 000
(Betza 2.0); where they are silent, XBoard 4.9's ``MovesFromString`` (moves.c), and comments
say so.
"""

from __future__ import annotations

from typing import Callable

from ..geometry import directions as D
from ..geometry.board import Square
from ..notation.errors import TooComplexError
from ..vocabulary import BETZA2, XBETZA, Dialect, LegAction, Side
from . import moves as M
from .compile import MAX_LEGS
from .lame import lame_ok
from .position import EMPTY, FOE, FRIEND, OFF, Placed, PieceBoard
from .program import ERUPT, STEP, AtomState, CLeg, CPath
from .state import (LEG, MAX_BRANCHES, MOVE_BASE, MOVE_PER_LEG, PASSED_SHIFT, RAY, At, Fragment,
                    Legs, MoveState, OutOfWork, Ray, TooDeep)
from .vectors import Step, Vec, bend, candidates, continuation_vectors, first_vectors, toggle, \
    turning_step

__all__ = ["At", "Fragment", "Handler", "Legs", "OutOfWork", "TooDeep", "Walker"]

Handler = Callable[["Walker", Legs, int, At], None]

# A ray from where the move stands, built without the named tuple's Python-level constructor
# (``walk`` starts one for every direction of every leg).
_new_ray = tuple.__new__
RAY_DEFAULTS = tuple(Ray._field_defaults[f] for f in Ray._fields[3:])


class Walker:
    """Follows a compiled program leg by leg over the position, changing the move under
    construction (``state``, a ``MoveState``) as it goes; legs of kinds other than plain steps
    go to ``handlers``."""

    __slots__ = ("state", "handlers")

    def __init__(self, state: MoveState, handlers: dict[str, Handler]):
        self.state = state
        self.handlers = handlers

    # -- one leg -------------------------------------------------------------------------
    def run(self, path: CPath) -> None:
        """All moves of one path from the origin."""
        st = self.state
        st.path = path
        self.run_leg(path.legs, 0, At(st.origin))

    def run_leg(self, legs: Legs, li: int, at: At) -> None:
        st = self.state
        st.tick(LEG)
        if li >= MAX_LEGS:
            raise TooComplexError(f"a move of more than {MAX_LEGS} legs is more than this tool "
                                  "follows")
        leg = legs[li]
        if leg.first and leg.initial and not st.virgin and st.fragment is None:
            return  # i: only a piece that has not moved yet (seed 004 "En passant")
        if leg.erupt and st.fragment is None:
            self.handlers[ERUPT](self, legs, li, at)
        elif leg.kind != STEP:
            self.handlers[leg.kind](self, legs, li, at)
        elif leg.quick and not st.trace and st.fragment is None and \
                (st.path is None or st.path.select is None):
            self.quick_final(at, leg, self.vectors(leg, at))
        else:
            for vec, after in self.vectors(leg, at):
                self.step_leg(legs, li, at, leg, vec, after)

    def quick_final(self, at: At, leg: CLeg, steps: tuple[Step, ...]) -> None:
        """A plain final leg when only the squares reached matter: the same answers as ``walk``
        followed by ``final`` for such a leg (empty squares are moves while the ray goes on, the
        first occupied square is a capture of a foe and ends it), without their bookkeeping.

        It counts exactly the work ``walk`` and ``emit`` count for the same leg, at the same
        points (4 to start a ray, 1 a step, ``move_cost`` a move), so a definition gives up at
        the same unit and with the same message whether or not moves are built."""
        st = self.state
        files, ranks, occ, found = st.files, st.ranks, st.occ, st.found
        relocated = st.relocated
        lost = any(s not in relocated for s in st.removed)
        move, capture = "m" in leg.modes, "c" in leg.modes
        rng = at.rng if at.rng is not None else leg.rng
        cap = rng or files * ranks + 1
        exact = leg.exact
        base = MOVE_BASE + MOVE_PER_LEG * (len(st.steps) + 1)   # move_cost less squares
        size = st.trace_size
        sx, sy = at.sq
        # the count is kept in a local and handed back before every look at the budget
        work, limit = st.work, st.limit
        for (vx, vy), _ in steps:
            work += RAY
            if work > limit:
                st.work = work
                st.checkpoint()
            x, y, n = sx, sy, 0
            while n < cap:
                work += 1
                if work > limit:
                    st.work = work
                    st.checkpoint()
                x += vx
                y += vy
                n += 1
                if not (0 <= x < files and 0 <= y < ranks):
                    break
                o = occ.get((x, y), EMPTY)
                if o == EMPTY:
                    if move and (not exact or n == rng):
                        work += base + (size + n - 1) // 4
                        if work > limit:
                            st.work = work
                            st.checkpoint()
                        found.add(((x, y), lost))
                    work += n >> PASSED_SHIFT   # as walk's trail of n squares
                    continue
                if o == FOE and capture and (not exact or n == rng):
                    work += base + (size + n - 1) // 4
                    if work > limit:
                        st.work = work
                        st.checkpoint()
                    found.add(((x, y), True))
                break
        st.work = work

    def step_leg(self, legs: Legs, li: int, at: At, leg: CLeg, vec: Vec,
                 after: AtomState | None) -> None:
        """The leg's ray in direction ``vec`` (checking a chiral selection at the first bend)."""
        st = self.state
        path = st.path
        if at.prev is None:
            st.start = vec
        elif path is not None and path.select is not None and not st.bent:
            turn = bend(at.prev, vec)
            if turn:
                sx, sy = st.start
                sx, sy = ((sx > 0) - (sx < 0), (sy > 0) - (sy < 0))
                if st.black:
                    sx, sy = -sx, -sy
                if (sx, sy, turn) not in path.select:
                    return
                st.bent = turn
                self.walk(legs, li, at, leg, _new_ray(Ray, (vec, after, self.skip_of(leg, at)) + RAY_DEFAULTS))
                st.bent = 0
                return
        self.walk(legs, li, at, leg, _new_ray(Ray, (vec, after, self.skip_of(leg, at)) + RAY_DEFAULTS))

    def atom_of(self, leg: CLeg, at: At) -> AtomState:
        if at.atom is not None and self.state.dialect == XBETZA:
            return at.atom
        assert leg.atom is not None
        return leg.atom

    def skip_of(self, leg: CLeg, at: At) -> int:
        # j on a unit-step slider skips squares regardless of what stands there (seed 004
        # "Skipping")
        if leg.lame and leg.lame[0] == "j" and self.atom_of(leg, at).dy == 1:
            return len(leg.lame)
        return 0

    def vectors(self, leg: CLeg, at: At) -> tuple[Step, ...]:
        """Step vectors of a leg from where the move stands, with the atom later legs inherit."""
        st = self.state
        atom = self.atom_of(leg, at)
        if at.prev is None:
            return first_vectors(atom, D.rotate(leg.dirmask, 4) if st.black else leg.dirmask)
        history: tuple[Vec, ...] = ()
        if st.dialect == BETZA2 and len(st.steps) > 1:
            hist: list[Vec] = []
            for v, _n in reversed(st.steps):
                if v != at.prev and v != (0, 0) and (not hist or hist[-1] != v):
                    hist.append(v)
                    if len(hist) == 3:
                        break
            history = tuple(hist)
        return continuation_vectors(st.dialect, atom, leg.dirmask, at.prev, history)

    # -- walking a ray -------------------------------------------------------------------
    def walk(self, legs: Legs, li: int, at: At, leg: CLeg, ray: Ray) -> None:
        """Step along the ray (from its ``pos``, default where the move stands), handling every
        square reached: where the leg may end, the move ends (final leg) or goes on. The ray's
        fields are unpacked into locals: this is the inner loop."""
        st = self.state
        st.work += RAY  # starting a ray costs more than a step along it (tick, inlined)
        if st.work > st.limit:
            st.checkpoint()
        vec, after, skip, family, limit, n, pos, wrapped, passed, hopped, hop = ray
        if leg.turning and family == 0:
            for fam in (1, -1):
                self.walk(legs, li, at, leg, ray._replace(family=fam))
            return
        modes, final, dialect = leg.modes, leg.final, st.dialect
        atom = self.atom_of(leg, at)
        rng = limit if limit is not None else (at.rng if at.rng is not None else leg.rng)
        files, ranks, occ, origin = st.files, st.ranks, st.occ, st.origin
        cylinder = "o" in modes and (dialect == XBETZA or final)
        offboard = "o" in modes and dialect == BETZA2 and not final
        if final and not hop and ("p" in modes or "g" in modes):
            hop = "pending"
        need_len = at.last_len if ((leg.initial and not leg.first) or leg.equal) else None
        x, y = at.sq if pos is None else pos
        cap = rng if rng else files * ranks + 1
        if leg.turning == "q":
            cap = min(cap, len(candidates(atom)))  # q: at most one full circle
        turns = bool(leg.turn_mask or leg.turning)
        step_cost = 3 if turns else 1  # turning rays branch: dearer steps
        # Betza 2.0 exponent modality without m (Arc03, Nc0): an empty stop blocks, except on
        # a sliding atom, whose own steps slide over empty squares (Rc0: seed 000)
        empty_blocks = leg.inter_explicit and "m" not in leg.inter_modes and \
            atom.letter not in ("R", "B", "Q")
        taken: list[tuple[Square, tuple[Placed | None, int], bool]] = []
        vx, vy = vec
        while True:
            st.work += step_cost
            if st.work > st.limit:
                st.checkpoint()
            px, py = x, y
            x += vx
            y += vy
            if cylinder and not 0 <= x < files and 0 <= y < ranks:
                x %= files
                wrapped = True
            n += 1
            sq = (x, y)
            if not (0 <= x < files and 0 <= y < ranks):
                if offboard and self.stop_ok(leg, rng, n, need_len):
                    self.next(legs, li, at, leg, sq, (vx, vy), n, passed, hopped,
                              M.ACT_OFFBOARD, after)
                break
            o = occ.get(sq, EMPTY)
            if o == OFF:
                break  # a hole is no square
            last = n >= cap
            if skip:
                skip -= 1
                hopped += (sq,)
                if last:
                    break
                continue
            lame_passed: tuple[Square, ...] = ()
            if leg.lame and not (leg.lame[0] == "j" and atom.dy == 1):
                ok, lame_passed = lame_ok(self.state, (px, py), (vx, vy), leg.lame)
                if not ok:
                    break
            if (wrapped or turns) and sq == origin:
                # around the cylinder, or round a circle (q, Nrf0), the piece meets itself: as
                # XBoard counts the start square empty "if not around cylinder"
                o = FRIEND
            if hop == "pending":
                if o == EMPTY:
                    passed += (sq,)
                    st.work += len(passed) >> PASSED_SHIFT   # copying a long trail costs
                else:
                    if "t" in modes and o != FRIEND and dialect == BETZA2:
                        break  # t: only friendly platforms (seed 004 "Hopping")
                    hop = "done"
                    hopped += (sq,)
                    if "g" in modes:
                        cap = n + 1  # g: one step beyond the platform (seed 004 "Hopping")
                if last:
                    break
                continue
            if not leg.exact or n == rng:
                if need_len is None or n == need_len:
                    if final:
                        self.final(legs, li, at, leg, sq, o, (vx, vy), n, passed, hopped,
                                   lame_passed if leg.lame == "n" else ())
                    else:
                        self.intermediate(legs, li, at, leg, sq, o, (vx, vy), n, passed,
                                          hopped, after)
            if o != EMPTY:
                if last or not self.pass_inter(leg, o):
                    break
                if "c" in leg.inter_modes and o == FOE or "d" in leg.inter_modes and o == FRIEND:
                    taken.append((sq, st.take(sq), o == FRIEND))
                    if o == FRIEND:
                        st.friends_removed.append(sq)
                hopped += (sq,)
            else:
                if empty_blocks and not last:
                    break
                passed += (sq,)
                st.work += len(passed) >> PASSED_SHIFT   # copying a long trail costs
            if last:
                break
            if turns:
                nxt = self.turn_vectors(leg, atom, (vx, vy), n, family)
                if not nxt:
                    break
                if len(nxt) > 1:
                    # each branch is followed one call deeper: the depth is counted, so a
                    # move nests too deeply at the same point whoever calls the generator
                    st.branches += 1
                    if st.branches > MAX_BRANCHES:
                        raise TooDeep()
                    for other in nxt[1:]:
                        self.walk(legs, li, at, leg, Ray(other, after, skip, family, cap, n, sq,
                                                         wrapped, passed, hopped, hop))
                    st.branches -= 1
                vx, vy = nxt[0]
        for sq, was, friend in reversed(taken):
            if friend:
                st.friends_removed.pop()
            st.untake(sq, was)

    def turn_vectors(self, leg: CLeg, atom: AtomState, vec: Vec, n: int,
                     family: int) -> list[Vec]:
        """Direction of the next step of a rider that turns (q, z, exponent directions)."""
        if leg.turning:
            return [turning_step(atom, vec, n, family, leg.turning)]
        return [v for v, _ in continuation_vectors(self.state.dialect, atom, leg.turn_mask, vec)]

    @staticmethod
    def stop_ok(leg: CLeg, rng: int, n: int, need_len: int | None) -> bool:
        if leg.exact and n != rng:
            return False
        return need_len is None or n == need_len

    @staticmethod
    def pass_inter(leg: CLeg, o: int) -> bool:
        """Betza 2.0 exponent modalities let a range go on past occupied squares (Rc0, Rct0)."""
        im = leg.inter_modes
        if o == FOE:
            return "c" in im or "p" in im
        if o == FRIEND:
            return "d" in im or "t" in im or "p" in im
        return False

    # -- where a leg may end -------------------------------------------------------------
    def final(self, legs: Legs, li: int, at: At, leg: CLeg, sq: Square, o: int, vec: Vec, n: int,
              passed: tuple[Square, ...], hopped: tuple[Square, ...],
              ep_rights: tuple[Square, ...]) -> None:
        """The last leg may end on ``sq``: each modality the square satisfies makes a move (its
        trace is built only for a move, and only when traces are kept)."""
        st = self.state
        modes = leg.modes
        named = len(passed)
        traced = self.leg_trace
        if o == EMPTY:
            if "m" in modes:
                st.emit(sq, leg, traced(at, sq, passed, M.ACT_MOVE, hopped, vec, n),
                          ep_rights=ep_rights, named=named)
            if "e" in modes and st.dialect == XBETZA and st.position.ep == sq:
                victim = st.position.ep_victim or (sq[0], sq[1] + (1 if st.black else -1))
                if st.code(victim) == FOE:
                    was = st.take(victim)
                    st.emit(sq, leg, traced(at, sq, passed, M.ACT_EP, hopped, vec, n),
                              ep=True, named=named)
                    st.untake(victim, was)
            if "u" in modes and st.carried:
                # u on the last leg of a fragment's path puts the carried piece down there
                # (seed 002's magnet B-xaK-cdK-buK); on an occupied square it is blocked
                undo = st.unload(sq)
                st.emit(sq, leg, traced(at, sq, passed, M.ACT_UNLOAD, hopped, vec, n),
                          named=named)
                st.reload(sq, undo)
        elif o == FOE:
            if "c" in modes and st.limit_ok(leg, "c", sq):
                if "t" in modes and st.dialect == XBETZA:
                    piece = st.pieces.get(sq)
                    if piece is not None and piece.royal:
                        return  # t on a final leg: a tame piece never captures a royal (004)
                was = st.take(sq)
                st.emit(sq, leg, traced(at, sq, passed, M.ACT_CAPTURE, hopped, vec, n),
                          named=named)
                st.untake(sq, was)
        elif o == FRIEND and "d" in modes:
            if sq == st.erupt_sq and not st.vanished:
                st.vanish(sq)
                st.emit(sq, leg, traced(at, sq, passed, M.ACT_MOVE, hopped, vec, n), named=named)
                st.unvanish(sq)
            elif st.limit_ok(leg, "d", sq):
                was = st.take(sq)
                st.friends_removed.append(sq)
                st.emit(sq, leg, traced(at, sq, passed, M.ACT_DESTROY, hopped, vec, n),
                          named=named)
                st.friends_removed.pop()
                st.untake(sq, was)

    def leg_trace(self, at: At, sq: Square, passed: tuple[Square, ...], action: LegAction,
                  hopped: tuple[Square, ...], vec: Vec, n: int) -> M.LegTrace | None:
        """The last leg of a move found, when traces are kept (built only for a move)."""
        return M.LegTrace(at.sq, sq, passed, action, hopped, vec, n) if self.state.trace else None

    def intermediate(self, legs: Legs, li: int, at: At, leg: CLeg, sq: Square, o: int,
                     vec: Vec, n: int, passed: tuple[Square, ...], hopped: tuple[Square, ...],
                     after: AtomState | None) -> None:
        """A non-final leg may end on ``sq``: each modality it satisfies continues the move."""
        st = self.state
        modes = leg.modes
        if o == EMPTY:
            if "m" in modes or "y" in modes or "e" in modes:
                # e (or a lame n) on a non-final leg leaves an e.p. right on the square passed
                ep = ("e" in modes or leg.lame == "n") and st.dialect == XBETZA
                if ep:
                    st.ep_rights.append(sq)
                self.next(legs, li, at, leg, sq, vec, n, passed, hopped, M.ACT_MOVE, after,
                          "y" in modes)
                if ep:
                    st.ep_rights.pop()
            if "u" in modes and st.carried:
                undo = st.unload(sq)
                self.next(legs, li, at, leg, sq, vec, n, passed, hopped, M.ACT_UNLOAD, after)
                st.reload(sq, undo)
            return
        if st.dialect == XBETZA:
            hop = ("p" in modes or "g" in modes) and not ("t" in modes and o == FOE)
        else:
            # Betza 2.0: each modality with its own limiter; t accepts friends only (seed 000's
            # table), so a limiter on p (p{!I}) never stops a friend that t lets through (003)
            hop = ("p" in modes and st.limit_ok(leg, "p", sq)) or \
                ("g" in modes and st.limit_ok(leg, "g", sq)) or \
                ("t" in modes and o == FRIEND and st.limit_ok(leg, "t", sq))
        if hop:
            hopped_before = st.hopped
            st.hopped = True
            self.next(legs, li, at, leg, sq, vec, n, passed, hopped, M.ACT_HOP, after,
                      "g" in modes)
            st.hopped = hopped_before
        piece = st.pieces.get(sq)
        if o == FOE and "c" in modes and st.limit_ok(leg, "c", sq):
            was = st.take(sq)
            st.carried.append((piece, sq))
            self.next(legs, li, at, leg, sq, vec, n, passed, hopped, M.ACT_CAPTURE, after)
            st.carried.pop()
            st.untake(sq, was)
        if o == FRIEND and "d" in modes and st.limit_ok(leg, "d", sq):
            if sq == st.erupt_sq and not st.vanished:
                st.vanish(sq)
                self.next(legs, li, at, leg, sq, vec, n, passed, hopped, M.ACT_DESTROY, after)
                st.unvanish(sq)
            else:
                was = st.take(sq)
                st.friends_removed.append(sq)
                st.carried.append((piece, sq))
                self.next(legs, li, at, leg, sq, vec, n, passed, hopped, M.ACT_DESTROY, after)
                st.carried.pop()
                st.friends_removed.pop()
                st.untake(sq, was)
        if "u" in modes and st.carried and piece is not None:
            # unload by swapping: put the carried piece down, carry the occupant on (seed 000)
            was = st.take(sq)
            undo = st.unload(sq, (piece, sq))
            self.next(legs, li, at, leg, sq, vec, n, passed, hopped, M.ACT_UNLOAD, after)
            st.reload(sq, undo)
            st.untake(sq, was)

    def next(self, legs: Legs, li: int, at: At, leg: CLeg, sq: Square, vec: Vec, n: int,
             passed: tuple[Square, ...], hopped: tuple[Square, ...], action: LegAction,
             after: AtomState | None, toggles: bool = False) -> None:
        """Continue with the next leg from ``sq``."""
        st = self.state
        atom = after or self.atom_of(leg, at)
        rng = at.rng if at.rng is not None else leg.rng
        # the length of the last slider leg (XBoard: rg = expo != 1 ? distance : range)
        last_len = n if rng != 1 else at.last_len
        new_rng = at.rng
        if toggles and st.dialect == XBETZA:
            atom, new_rng = toggle(atom, rng)
        if st.trace:
            st.legs.append(M.LegTrace(at.sq, sq, passed, action, hopped, vec, n))
            st.leg_keys.append((at.sq, sq, passed, action, hopped, vec, n))
        st.trace_size += len(passed) + len(hopped)
        st.steps.append((vec, n))
        self.run_leg(legs, li + 1, At(sq, vec, atom if st.dialect == XBETZA else None,
                                      new_rng, last_len))
        st.steps.pop()
        st.trace_size -= len(passed) + len(hopped)
        if st.trace:
            st.legs.pop()
            st.leg_keys.pop()

"""Legs with rules of their own: null steps, castling, the universal leaper, drops, repetitions
of Betza 2.0 groups and eruptions with resurrection.

Each handler takes the walker, the chain, the leg's index and where the move stands; ``HANDLERS``
maps leg kinds to them (``engine.generate`` hands it to every walker). This module uses the
walker; the walker never imports it.
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache

from ..geometry import directions as D
from ..geometry.board import Square
from ..geometry.symmetry import first_leg_mask
from . import moves as M
from .position import EMPTY, Placed
from .program import CASTLE, DROP, ERUPT, NULL, REPLAY, UNIVERSAL, CLeg
from .state import LEG, Ray
from .walker import At, Fragment, Handler, Legs, Walker


def null_step(w: Walker, legs: Legs, li: int, at: At) -> None:
    """``O`` without a number: a step of length zero, acting on the square the piece is on.

    ``dO`` destroys the moving piece itself there (seed 002 "Suicide": "A kamikaze capture on
    a Bishop move would be cB-dO"); fragments of an eruption meet the erupted piece instead.
    """
    st = w.state
    leg = legs[li]
    sq = at.sq
    o = st.code(sq)
    if "d" in leg.modes and o == EMPTY and st.fragment is None and not st.vanished:
        st.vanished = True
        if leg.final:
            trace = M.LegTrace(sq, sq, (), M.ACT_DESTROY, (), (0, 0), 0) if st.trace else None
            st.emit(sq, leg, trace)
        else:
            w.next(legs, li, at, leg, sq, (0, 0), 0, (), (), M.ACT_DESTROY, None)
        st.vanished = False
    if leg.final:
        w.final(legs, li, at, leg, sq, o, (0, 0), 0, (), (), ())
    else:
        w.intermediate(legs, li, at, leg, sq, o, (0, 0), 0, (), (), None)


def castle(w: Walker, legs: Legs, li: int, at: At) -> None:
    """XBetza ``O``+n (seed 004 "Castling"): the royal piece goes n squares towards a corner
    piece that has not moved, over empty squares only; that piece lands on the square it passed.
    Like XBoard, the partner is the first piece met, at the board's edge or next to a hole; only
    royal pieces castle (XBoard 4.9 reports other pieces' O moves as two-leg moves: compat warns).
    """
    st = w.state
    leg = legs[li]
    if not st.royal:
        return
    f, r = st.origin
    files, holes = st.files, st.position.holes
    skip = len(leg.lame) if leg.lame.startswith("j") else 0
    mask = D.rotate(leg.dirmask, 4) if st.black else leg.dirmask
    for k in D.bits(mask):
        if k not in (2, 6):
            continue  # castling is sideways only
        step = 1 if k == 2 else -1
        x = f + step
        while 0 <= x < files and (x, r) not in holes and st.code((x, r)) == EMPTY:
            st.tick()
            x += step
        if not (0 <= x < files) or (x, r) in holes:
            continue
        edge = files - 1 - skip if step == 1 else skip
        beyond = (x + step * (1 + skip), r)
        at_edge = x == edge or (0 <= beyond[0] < files and beyond in holes)
        partner = st.pieces.get((x, r))
        if not at_edge or partner is None or partner.side != st.side or not partner.virgin:
            continue
        dest = (f + step * leg.rng, r)
        if not (0 <= dest[0] < files) or (step == 1 and dest[0] >= x) or \
                (step == -1 and dest[0] <= x):
            continue
        trace = M.LegTrace(st.origin, dest, tuple((f + step * i, r) for i in range(1, leg.rng)),
                           M.ACT_CASTLE, (), (step, 0), leg.rng) if st.trace else None
        st.emit(dest, leg, trace, kind=M.CASTLING, partner=(x, r), named=max(leg.rng - 1, 0))


def universal(w: Walker, legs: Legs, li: int, at: At) -> None:
    """U: a leap to every other square of the board."""
    st = w.state
    leg = legs[li]
    for x in range(st.files):
        for y in range(st.ranks):
            sq = (x, y)
            o = st.code(sq)
            if sq == at.sq or o > 2:
                continue
            st.tick(4)   # a leap to any square: its vector, then the whole final test
            vec = (x - at.sq[0], y - at.sq[1])
            if leg.final:
                w.final(legs, li, at, leg, sq, o, vec, 1, (), (), ())
            else:
                w.intermediate(legs, li, at, leg, sq, o, vec, 1, (), (), None)


def drops(w: Walker, legs: Legs, li: int, at: At) -> None:
    """@n: drop on an empty square within n ranks from the own back rank (seed 004 "Drops");
    j exempts the back rank; f, s, b limit drops by pieces of the same type already there."""
    st = w.state
    leg = legs[li]
    if not st.include_drops or st.path is None:
        return
    depth = leg.rng or st.ranks
    mine = [sq for sq, p in st.position.pieces.items()
            if p.side == st.side and st.letter and p.letter.upper() == st.letter.upper()]
    limit_f, limit_s, limit_b = leg.dirs.count("f"), leg.dirs.count("s"), leg.dirs.count("b")
    if limit_b and len(mine) >= limit_b:
        return
    for x in range(st.files):
        if limit_f and sum(1 for s in mine if s[0] == x) >= limit_f:
            continue
        for i in range(depth):
            if leg.lame.startswith("j") and i == 0:
                continue
            y = st.ranks - 1 - i if st.black else i
            sq = (x, y)
            if sq in st.position.holes or sq in st.position.pieces:
                continue
            if limit_s and sum(1 for s in mine if (s[0] + s[1]) % 2 == (x + y) % 2) >= limit_s:
                continue
            st.tick()
            if not st.trace:
                st.found.add((sq, False))
                continue
            trace = M.LegTrace(sq, sq, (), M.ACT_DROP, (), (0, 0), 0)
            st.out.append(M.PieceMove(sq, sq, (trace,), M.DROP, group=st.path.group,
                                span=st.path.span))


def replay(w: Walker, legs: Legs, li: int, at: At) -> None:
    """A later repetition of a Betza 2.0 group ``(W-F)0``: each leg repeats the step taken one
    repetition (``period`` legs) earlier, so the Mao-rider goes on in one direction (seed 000
    "Quirky stuff")."""
    st = w.state
    leg = legs[li]
    if len(st.steps) < leg.period:
        return
    vec, steps = st.steps[-leg.period]
    if steps <= 0:
        return
    # the same direction as one repetition back; a leaper leg takes as many steps as it took
    # then, a slider leg may again go any distance it can
    w.walk(legs, li, at, leg, Ray(vec, None, w.skip_of(leg, at),
                                  limit=steps if leg.rng == 1 else None))


@lru_cache(maxsize=1024)
def _plain(leg: CLeg) -> CLeg:
    return replace(leg, erupt="")


@lru_cache(maxsize=1024)
def _ending(leg: CLeg) -> CLeg:
    return replace(leg, erupt="", final=True)


@lru_cache(maxsize=1024)
def _leading(leg: CLeg) -> CLeg:
    # After a resurrection the chain goes on as a new move from the eruption square: its
    # direction letters are read as a first leg's, "by default a" (seed 003).
    sym = leg.atom.sym if leg.atom else "K"
    return replace(leg, first=True, dirmask=first_leg_mask(sym, leg.dirs))


def erupt(w: Walker, legs: Legs, li: int, at: At) -> None:
    """Betza 2.0 ``x``/``xx`` (seed 000 "Special modifiers", seed 003): the move ends where the
    erupting leg starts; the rest of the chain is followed by fragments, every unblocked
    trajectory applying its side effects. Resurrection (seed 003): if every fragment of the
    first fragment leg can come back to the eruption square after some later leg, the piece is
    whole again there and the remaining legs continue as its real move; if some can and some
    cannot, the move is aborted.
    """
    st = w.state
    leg = legs[li]
    here = at.sq
    saved, saved_sq = st.fragment, st.erupt_sq
    st.erupt_sq = None  # while probing for resurrection the fragments may come home to it
    head = _plain(leg)
    first_steps = w.vectors(head, at)
    some_return = False
    before = legs[:li] + (head,)
    plain = tuple(_plain(lg) for lg in legs[li + 1:len(legs) - 1])
    for r in range(li + 1, len(legs) - 1):
        st.tick(LEG)
        probe = before + plain[:r - li - 1] + (_ending(legs[r]),)
        all_back = bool(first_steps)
        for vec, after in first_steps:
            st.fragment = []
            w.step_leg(probe, li, at, head, vec, after)
            ends = st.fragment
            st.fragment = saved
            if any(e.sq == here for e in ends):
                some_return = True
            else:
                all_back = False
        if all_back:
            rest = legs[r + 1:]
            if at.prev is None:
                rest = (_leading(rest[0]),) + rest[1:]
            st.erupt_sq = saved_sq
            w.run_leg(legs[:li] + rest, li, at)
            return
    if some_return:
        st.erupt_sq = saved_sq
        return  # fragments could meet again but not all of them did: the move is aborted
    # No resurrection: the move ends here; the fragments do their damage.
    ends = _fragments(w, legs, li, at)
    st.fragment, st.erupt_sq = saved, saved_sq
    vanished = leg.erupt == "xx" or any(e.vanished for e in ends)  # explosion / self-destroyed
    _apply(w, ends, vanished, here, leg)


def _fragments(w: Walker, legs: Legs, li: int, at: At) -> list[Fragment]:
    """Follow every fragment trajectory from the eruption square; where each one ended."""
    st = w.state
    here = at.sq
    st.erupt_sq = here
    st.fragment = []
    was = st.put(here, Placed(st.side, st.letter))  # the erupted piece stands there
    w.run_leg(legs[:li] + tuple(_plain(lg) for lg in legs[li:]), li, at)
    st.unput(here, was)
    return st.fragment


def _apply(w: Walker, ends: list[Fragment], vanished: bool, here: Square, leg: CLeg) -> None:
    """One move: the piece stays on the eruption square and every fragment's effects apply,
    pieces picked up and put down again counting as moved, not captured (seed 002's magnet
    ``B-xaK-cdK-buK`` and repeller ``B-xacdK-uK``)."""
    st = w.state
    lists = (st.removed, st.relocated, st.friends_removed)
    sizes = [len(lst) for lst in lists]
    placed_before = len(st.placed)
    st.tick(len(ends))   # merging each fragment's effects
    for e in ends:
        for target, found in zip(lists, (e.removed, e.relocated, e.friends_removed)):
            target.extend(s for s in found if s not in target)
        for sq, piece in e.placed:
            if all(sq != p for p, _ in st.placed):
                st.placed.append((sq, piece))
    before = st.vanished
    st.vanished = vanished
    trace = M.LegTrace(here, here, (), M.ACT_FRAGMENT, (), (0, 0), 0) if st.trace else None
    st.emit(here, leg, trace)
    st.vanished = before
    del st.placed[placed_before:]
    for target, size in zip(lists, sizes):
        del target[size:]


HANDLERS: dict[str, Handler] = {
    NULL: null_step, CASTLE: castle, UNIVERSAL: universal, DROP: drops, REPLAY: replay,
    ERUPT: erupt,
}

"""Atoms and constructs with rules of their own: castling, the universal leaper, drops,
Betza 2.0 repeated groups and eruptions with resurrection."""

from __future__ import annotations

from dataclasses import replace

from ..geometry import directions as D
from . import moves as M
from .compile import CLeg
from .generate import (EMPTY, MAX_LEGS, _Ctx, _emit, _final, _intermediate, _run_leg, _skip,
                       _State, _vectors, _walk)

def _castle(ctx: _Ctx, leg: CLeg, st: _State) -> None:
    """XBetza ``O``+n (seed 004 "Castling"): the royal piece goes n squares towards a corner
    piece that has not moved, over empty squares only; that piece lands on the square it passed.
    Like XBoard, the partner is the first piece met, at the board's edge or next to a hole; only
    royal pieces castle (XBoard 4.9 reports other pieces' O moves as two-leg moves: compat warns).
    """
    if not ctx.royal:
        return
    f, r = ctx.origin
    files = ctx.pos.files
    skip = len(leg.lame) if leg.lame.startswith("j") else 0
    mask = D.rotate(leg.dirmask, 4) if ctx.black else leg.dirmask
    for k in D.bits(mask):
        if k not in (2, 6):
            continue  # castling is sideways only
        step = 1 if k == 2 else -1
        x = f + step
        while 0 <= x < files and (x, r) not in ctx.pos.holes and ctx.occ(st, (x, r)) == EMPTY:
            ctx.tick()
            x += step
        if not (0 <= x < files) or (x, r) in ctx.pos.holes:
            continue
        edge = files - 1 - skip if step == 1 else skip
        beyond = (x + step * (1 + skip), r)
        at_edge = x == edge or (0 <= beyond[0] < files and beyond in ctx.pos.holes)
        partner = ctx.pos.pieces.get((x, r))
        if not at_edge or partner is None or partner.side != ctx.side or not partner.virgin:
            continue
        dest = (f + step * leg.rng, r)
        if not (0 <= dest[0] < files) or (step == 1 and dest[0] >= x) or (step == -1 and dest[0] <= x):
            continue
        trace = M.LegTrace(ctx.origin, dest, tuple((f + step * i, r) for i in range(1, leg.rng)),
                           M.ACT_CASTLE, (), (step, 0), leg.rng)
        _emit(ctx, (leg,), 0, st, dest, trace, leg, kind=M.CASTLING, partner=(x, r))


def _universal(ctx: _Ctx, legs, li, st: _State, leg: CLeg) -> None:
    """U: a leap to every other square of the board."""
    for x in range(ctx.pos.files):
        for y in range(ctx.pos.ranks):
            sq = (x, y)
            if sq == st.sq or sq in ctx.pos.holes:
                continue
            ctx.tick()
            vec = (x - st.sq[0], y - st.sq[1])
            o = ctx.occ(st, sq)
            if leg.final:
                _final(ctx, legs, li, st, leg, st.sq, sq, o, vec, 1, (), (), ())
            else:
                _intermediate(ctx, legs, li, st, leg, st.sq, sq, o, vec, 1, (), (), None)


def _drops(ctx: _Ctx, leg: CLeg) -> None:
    """@n: drop on an empty square within n ranks from the own back rank (seed 004 "Drops");
    j exempts the back rank; f, s, b limit drops by pieces of the same type already there."""
    depth = leg.rng or ctx.pos.ranks
    mine = [sq for sq, p in ctx.pos.pieces.items()
            if p.side == ctx.side and ctx.letter and p.letter.upper() == ctx.letter.upper()]
    limit_f = leg.dirs.count("f")
    limit_s = leg.dirs.count("s")
    limit_b = leg.dirs.count("b")
    if limit_b and len(mine) >= limit_b:
        return
    for x in range(ctx.pos.files):
        if limit_f and sum(1 for s in mine if s[0] == x) >= limit_f:
            continue
        for i in range(depth):
            if leg.lame.startswith("j") and i == 0:
                continue
            y = ctx.pos.ranks - 1 - i if ctx.black else i
            sq = (x, y)
            if sq in ctx.pos.holes or sq in ctx.pos.pieces:
                continue
            if limit_s and sum(1 for s in mine if (s[0] + s[1]) % 2 == (x + y) % 2) >= limit_s:
                continue
            ctx.tick()
            trace = M.LegTrace(sq, sq, (), M.ACT_DROP, (), (0, 0), 0)
            move = M.Move(sq, sq, (trace,), M.DROP, group=ctx.path.group, span=ctx.path.span)
            ctx.out.append(move)


def _run_group(ctx: _Ctx, legs, li, st: _State) -> None:
    """A Betza 2.0 group step ``(W-F)0``: its path repeated (seed 000 "Quirky stuff").

    Without exponent directions every repetition repeats the first one's steps exactly (the
    Mao-rider goes on in the same direction); with them (``(F-lF)r0``) each repetition starts
    turned as the exponent says relative to the last step. Intermediate stops between
    repetitions obey the exponent's modality (default m: empty).
    """
    leg = legs[li]
    reps = min(leg.rng or MAX_LEGS, MAX_LEGS // max(1, len(leg.sub[0]) if leg.sub else 1))
    rest = tuple(legs[li + 1:])
    for alt in leg.sub:
        for count in range(1, reps + 1):
            if leg.exact and count != reps:
                continue
            chain: list[CLeg] = []
            for rep in range(count):
                for j, sub in enumerate(alt):
                    first = li == 0 and rep == 0 and j == 0
                    is_final = rep == count - 1 and j == len(alt) - 1 and not rest
                    changes: dict = {"first": first, "final": is_final}
                    if rep == 0 and j == 0:
                        changes["dirmask"] = leg.dirmask if first or leg.dirs else sub.dirmask
                        changes["initial"] = leg.initial or sub.initial
                    elif rep > 0 and j == 0 and leg.turn:
                        changes["dirmask"] = D.king_set(leg.turn, default=0x01)
                    elif rep > 0 and not leg.turn:
                        changes["dirmask"] = -len(alt)  # replay marker: same step as one repetition back
                    if rep < count - 1 and j == len(alt) - 1:
                        changes["modes"] = leg.inter_modes
                    elif is_final or (rep == count - 1 and j == len(alt) - 1):
                        if leg.explicit_modes:
                            changes["modes"] = leg.modes
                        elif not is_final and sub.final:
                            changes["modes"] = frozenset("m")
                    chain.append(replace(sub, **changes))
            full = tuple(chain) + rest
            ctx.tick()
            _run_leg(ctx, full, li, st)


def _run_replay(ctx: _Ctx, legs, li: int, st: _State) -> None:
    """A leg marked by a negative dirmask repeats the step taken ``-dirmask`` legs earlier."""
    leg = legs[li]
    period = -leg.dirmask
    if len(st.legs) < period:
        return
    ref = st.legs[-period]
    if ref.steps <= 0:
        return
    # same direction as one repetition back; a slider leg may again go any distance it can
    fixed = replace(leg, rng=ref.steps if leg.rng == 1 else leg.rng, dirmask=0x01)
    legs2 = legs[:li] + (fixed,) + legs[li + 1:]
    _walk(ctx, legs2, li, st, fixed, st.sq, ref.step, 0, (), (), None, None, _skip(ctx, fixed, st))


def _erupt(ctx: _Ctx, legs, li: int, st: _State) -> None:
    """Betza 2.0 ``x``/``xx`` (seed 000 "Special modifiers", seed 003): the move ends where the
    erupting leg starts; the rest of the chain is followed by fragments, every unblocked
    trajectory applying its side effects. Resurrection (seed 003): if every fragment of the
    first fragment leg can come back to the eruption square after some later leg, the piece is
    whole again there and the remaining legs continue as its real move.
    """
    leg = legs[li]
    origin_sq = st.sq
    saved = ctx.fragment
    ctx.erupt_sq = None  # while probing for resurrection the fragments may come home to it
    # Resurrection: try each later leg r as the point where fragments coalesce.
    some_return = False
    first_vecs = _vectors(ctx, replace(leg, erupt=""), st)
    for r in range(li + 1, len(legs) - 1):
        sub = tuple(replace(lg, erupt="", final=(i == r)) for i, lg in enumerate(legs[: r + 1]))
        all_back = bool(first_vecs)
        for vec, _after in first_vecs:
            ctx.fragment = []
            one = replace(sub[li], dirmask=_single_mask(ctx, sub[li], st, vec))
            _run_leg(ctx, sub[:li] + (one,) + sub[li + 1:], li, st)
            ends = ctx.fragment
            ctx.fragment = saved
            if any(e.sq == origin_sq for e in ends):
                some_return = True
            else:
                all_back = False
        if all_back:
            rest = tuple(replace(lg, first=lg.first or (i == 0 and st.prev is None))
                         for i, lg in enumerate(legs[r + 1:]))
            ctx.erupt_sq = None
            _run_leg(ctx, legs[:li] + rest, li, st)
            return
    if some_return:
        ctx.erupt_sq = None
        return  # fragments could meet again but not all of them did: the move is aborted
    # No resurrection: the move ends here; fragments do their damage.
    ctx.erupt_sq = origin_sq
    ctx.fragment = []
    frag_legs = legs[:li] + tuple(replace(lg, erupt="") for lg in legs[li:])
    _run_leg(ctx, frag_legs, li, st)
    ends = ctx.fragment
    ctx.fragment = saved
    ctx.erupt_sq = None
    removed = list(st.removed)
    friends = list(st.friends_removed)
    for e in ends:
        for s in e.removed:
            if s not in removed:
                removed.append(s)
        for s in e.friends_removed:
            if s not in friends:
                friends.append(s)
    vanished = leg.erupt == "xx" or any(e.vanished for e in ends)  # explosion / self-destroyed
    nst = replace(st, removed=tuple(removed), friends_removed=tuple(friends), vanished=vanished)
    trace = M.LegTrace(origin_sq, origin_sq, (), M.ACT_FRAGMENT, (), (0, 0), 0)
    _emit(ctx, legs, li, nst, origin_sq, trace, leg)


def _single_mask(ctx: _Ctx, leg: CLeg, st: _State, vec) -> int:
    """A direction mask selecting only ``vec`` (fragments are followed one direction at a time)."""
    if st.prev is not None:
        return leg.dirmask
    for k in range(8):
        mask = 1 << k
        probe = replace(leg, dirmask=D.rotate(mask, 4) if ctx.black else mask)
        if any(v == vec for v, _ in _vectors(ctx, probe, st)):
            return probe.dirmask
    return leg.dirmask

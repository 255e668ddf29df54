"""Step vectors of legs: which way an atom may step, first and continuation legs (pure geometry).

Everything here depends only on the compiled leg and the steps taken so far, never on the
position, so it is cached per argument tuple (safe to share between threads: ``lru_cache`` is).
"""

from __future__ import annotations

from functools import lru_cache

from ..geometry import directions as D
from ..geometry.board import oriented, relative_angle, sector_of
from ..notation.atoms import ROTATE, UPGRADE
from ..vocabulary import XBETZA, Dialect
from .program import AtomState

Vec = tuple[int, int]
Step = tuple[Vec, AtomState | None]   # a step vector, and the atom later legs inherit (XBetza)


@lru_cache(maxsize=1024)
def candidates(atom: AtomState) -> tuple[Vec, ...]:
    """The distinct step vectors of an atom, in orientation order (XBoard's rot[] order)."""
    if atom.king:
        return tuple(oriented(0, atom.dy, k) if k % 2 == 0 else oriented(atom.dy, atom.dy, k)
                     for k in range(8))
    seen: list[Vec] = []
    for k in range(8):
        v = oriented(atom.dx, atom.dy, k)
        if v not in seen:
            seen.append(v)
    return tuple(seen)


@lru_cache(maxsize=1024)
def clockwise(atom: AtomState) -> tuple[Vec, ...]:
    """The atom's step vectors sorted clockwise from straight forward (for q/z riders)."""
    return tuple(sorted(candidates(atom), key=lambda c: relative_angle((0, 1), c) % 360))


@lru_cache(maxsize=4096)
def first_vectors(atom: AtomState, mask: int) -> tuple[Step, ...]:
    """Steps of a first leg: the orientations of ``mask`` (absolute, already turned for black)
    that the atom's symmetry has (even bits orthogonal, odd bits diagonal, all bits oblique)."""
    sym = atom.sym
    out: list[Vec] = []
    for k in D.bits(mask):
        if sym == "K":
            out.append(oriented(0, atom.dy, k) if k % 2 == 0 else oriented(atom.dy, atom.dy, k))
        elif sym == "W":
            if k % 2 == 0:
                out.append(oriented(0, atom.dy, k))
        elif sym == "F":
            if k % 2:
                out.append(oriented(atom.dy, atom.dy, k))
        else:
            out.append(oriented(atom.dx, atom.dy, k))
    return tuple((v, None) for v in out)


def _target(sector: int) -> float:
    return 45.0 * sector if sector <= 4 else 45.0 * sector - 360.0


def _off(angle: float, target: float) -> float:
    return abs(((angle - target) + 180.0) % 360.0 - 180.0)


@lru_cache(maxsize=16384)
def continuation_vectors(dialect: Dialect, atom: AtomState, dirmask: int, prev: Vec,
                         history: tuple[Vec, ...] = ()) -> tuple[Step, ...]:
    """Steps of a continuation leg relative to the previous step ``prev``.

    XBetza, orthogonal/diagonal/K atoms: the 8-fold K system turned to the last step; an
    orthogonal atom sent in a diagonal direction turns into its diagonal twin for the rest of
    the move and the other way round (seed 004 "Multi-leg").

    Betza 2.0 (and XBetza oblique atoms): for each relative sector, the atom's own direction
    that deflects least from it (seed 000 "Chaining", seed 004's Betza 2.0 part). Where two
    directions deflect equally, Betza 2.0 looks back at the steps before ``prev`` (``history``,
    most recent first) to decide, as seed 002 "Some more directional nitpicking" says ("compared
    to e4-e5 f6-f7 is forward, and f6-g6 is right. So f7 wins"); if every earlier step leaves
    the tie, both are kept: they are mirror images.
    """
    psec = sector_of(*prev)
    if dialect == XBETZA and atom.sym in ("W", "F", "K") and psec is not None:
        out: list[Step] = []
        d = atom.dy
        for s in D.bits(D.rotate(dirmask, psec)):
            if s % 2 == 0:
                after = atom if atom.king or atom.sym == "W" else convert(atom)
                out.append((oriented(0, d, s), after))
            else:
                after = atom if atom.king or atom.sym == "F" else convert(atom)
                out.append((oriented(d, d, s), after))
        return tuple(out)
    cands = candidates(atom)
    chosen: list[Step] = []
    look_back = history if dialect != XBETZA else ()
    for s in D.bits(dirmask):
        target = _target(s)
        picks = _nearest(cands, prev, target)
        for earlier in look_back:
            if len(picks) < 2:
                break
            if earlier != prev:
                picks = _nearest(picks, earlier, target)
        for c in picks:
            if (c, None) not in chosen:
                chosen.append((c, None))
    return tuple(chosen)


def _nearest(cands: tuple[Vec, ...] | list[Vec], ref: Vec, target: float) -> list[Vec]:
    best, picks = 1e9, []
    for c in cands:
        delta = _off(relative_angle(ref, c), target)
        if delta < best - 1e-6:
            best, picks = delta, [c]
        elif abs(delta - best) <= 1e-6:
            picks.append(c)
    return picks


def convert(atom: AtomState) -> AtomState:
    """W<->F, D<->A, H<->G, R<->B on a 45° turn (seed 004: they are "converted into each other
    for the remainder of that move")."""
    if atom.dx == 0:
        return AtomState.of(ROTATE.get(atom.letter, ""), atom.dy, atom.dy)
    return AtomState.of(ROTATE.get(atom.letter, ""), 0, atom.dy)


def toggle(atom: AtomState, rng: int) -> tuple[AtomState, int]:
    """g/y range toggling (seed 004): W F K <-> R B Q, other atoms range 1 <-> unlimited."""
    if atom.letter in UPGRADE:
        letter = UPGRADE[atom.letter]
        return AtomState.of(letter, atom.dx, atom.dy, atom.king), (0 if letter in "RBQ" else 1)
    return atom, (0 if rng == 1 else 1)


def turning_step(atom: AtomState, vec: Vec, n: int, family: int, turning: str) -> Vec:
    """Next step of a q (circular) or z (zig-zag) rider: the neighbouring direction of the
    atom, turning the same way every step (q) or alternately (z)."""
    cands = clockwise(atom)
    i = cands.index(vec) if vec in cands else 0
    turn = family if turning == "q" else family * (1 if n % 2 else -1)
    return cands[(i + turn) % len(cands)]


def reflect(mask: int) -> int:
    """A relative direction mask seen in a mirror: right and left exchanged."""
    out = 0
    for k in D.bits(mask):
        out |= 1 << ((8 - k) % 8)
    return out


def bend(prev: Vec, vec: Vec) -> int:
    """+1 when ``vec`` turns right (clockwise) from ``prev``, -1 left, 0 straight on or back."""
    cross = prev[0] * vec[1] - prev[1] * vec[0]
    return -1 if cross > 0 else (1 if cross < 0 else 0)

"""AST -> move program: every leg with its concrete atom, direction set, range and flags.

Compiling resolves what does not depend on the position once per definition: direction letters
to masks, each dialect's defaults, which leg is final, Betza 2.0 groups unrolled into flat
chains, and the mirror images a Betza 2.0 chain stands for. ``generate`` then only walks the
board. ``compile_piece`` and ``program_for`` share the one cache of compiled definitions that
every caller uses.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass, replace
from functools import lru_cache

from ..geometry import directions as D
from ..geometry.board import oriented
from ..geometry.symmetry import first_leg_mask, xbetza_continuation_mask
from ..notation.ast import Atom, Leg, Modality, Path, Piece, Spec
from ..vocabulary import BETZA2, XBETZA, Dialect, LegKind
from .program import (CASTLE, DROP, NULL, STEP, UNIVERSAL, AtomState, CLeg, CPath, Program,
                      REPLAY)
from .vectors import reflect

MAX_LEGS = 60        # legs of one move followed at most (repetitions of groups included)
MAX_CHAINS = 256     # flat chains one move group may unroll into


class _TooBig(Exception):
    """A group unrolls into more than this tool follows; carries the group's columns."""

    def __init__(self, why: str, span: tuple[int, int]):
        super().__init__(why)
        self.why = why
        self.span = span


@dataclass(frozen=True, slots=True)
class _Tweak:
    """What unrolling a group changes on one of its legs (applied once the chain is flat)."""

    dirs: str | None = None                     # the group's direction letters, for its head
    modalities: tuple[Modality, ...] | None = None  # the group's modalities, for its last step
    inter: frozenset[str] | None = None         # exponent modality between repetitions
    turn: str | None = None                     # exponent directions between repetitions
    period: int = 0                             # replay the step taken this many legs back
    initial: int = 0
    erupt: str = ""


_Template = tuple[Leg, _Tweak]


@lru_cache(maxsize=8192)
def _tweak(tw: _Tweak, dirs: str | None, modalities: tuple[Modality, ...] | None,
           inter: frozenset[str] | None, turn: str | None, period: int, initial: int,
           erupt: str) -> _Tweak:
    """``tw`` with what one more level of group unrolling changes (None / 0 / '': nothing)."""
    if dirs is None and modalities is None and inter is None and turn is None and not period \
            and not initial and not erupt:
        return tw
    return _Tweak(tw.dirs if dirs is None else dirs,
                  tw.modalities if modalities is None else modalities,
                  tw.inter if inter is None else inter, tw.turn if turn is None else turn,
                  period or tw.period, tw.initial + initial, tw.erupt or erupt)


def atom_state(atom: Atom) -> AtomState:
    if atom.letter in ("K", "Q"):
        return AtomState.of(atom.letter, 0, 1, True)
    return AtomState.of(atom.letter, atom.dx, atom.dy, False)


def _modes(modes: tuple[Modality, ...], final: bool, dialect: Dialect) -> frozenset[str]:
    """The modality letters of a leg, with the dialect's defaults where none are written."""
    letters = {m.letter for m in modes}
    if final:
        if not letters & set("mcdeu"):
            if dialect == BETZA2 and "p" in letters and "g" not in letters:
                letters.add("c")  # seed 000: a final pX "implies a capturing version" (pX-cX)
            else:
                letters |= {"m", "c"}  # final leg default: move or capture
    elif dialect == XBETZA:
        # XBoard's reader (moves.c: "if(!(mode & 0x30F)) mode |= 4"): o only adds wrapping and
        # leaves the default m of a non-final leg in place (seed 004: "stray off board ... or
        # wrap around"), so oafsW is a Mao on a cylinder.
        if not letters & set("mcdptgye"):
            letters.add("m")
    elif not letters & set("mcdptougye"):
        letters.add("m")  # non-final default: the square must be empty
    return frozenset(letters)


def _range_of(atom: Atom, count: int | None) -> int:
    if count is not None:
        return count
    return 0 if atom.slider_letter else 1


@lru_cache(maxsize=8192)
def _compile_leg(leg: Leg, dialect: Dialect, final: bool, first: bool, tw: _Tweak) -> CLeg:
    step = leg.step
    assert isinstance(step, Atom)
    modalities = tw.modalities if tw.modalities is not None else leg.modes
    modes = _modes(modalities, final, dialect)
    if tw.inter is not None and not final:
        modes = tw.inter
    limiters = tuple((m.letter, m.limiter) for m in modalities if m.limiter is not None)
    virgin = frozenset(m.letter for m in modalities if m.virgin)
    inter = frozenset(m.letter for m in leg.range.modes)
    atom = atom_state(step)
    rng = _range_of(step, leg.range.count)
    if leg.turning and leg.range.count is None:
        rng = 0  # q/z make a rider: a circular or zig-zag path of the atom's steps
    dirs = leg.dirs if tw.dirs is None else tw.dirs
    if first:
        mask = first_leg_mask(atom.sym, dirs)
    elif dialect == BETZA2:
        mask = D.king_set(dirs, default=0x01)  # Betza 2.0: straight on by default
    else:
        mask = xbetza_continuation_mask(atom.sym, dirs)
    if tw.turn is not None:
        mask = D.king_set(tw.turn, default=0x01)
    kind: LegKind = STEP
    if step.letter == "O":
        if leg.range.count is None:
            rng = 0
        kind = CASTLE if rng and dialect == XBETZA and first else NULL
    elif step.letter == "U":
        kind = UNIVERSAL
    elif step.letter == "@":
        kind = DROP
    if tw.period:
        kind = REPLAY
    turn_mask = D.king_set(leg.range.turn, default=0x01) if leg.range.turn else 0
    initial = leg.initial + tw.initial
    erupt = leg.erupt or tw.erupt
    quick = final and kind == STEP and not erupt and not leg.lame and not leg.turning and \
        not turn_mask and modes <= {"m", "c"} and not limiters and not virgin and not inter \
        and not leg.equal and (first or not initial)
    return CLeg(kind=kind, atom=atom, dirmask=mask, dirs=dirs, rng=rng, exact=leg.range.exact,
                modes=modes, final=final, first=first, initial=initial, lame=leg.lame,
                turning=leg.turning, erupt=erupt, equal=leg.equal, turn_mask=turn_mask,
                inter_modes=inter or frozenset("m"), inter_explicit=bool(inter),
                limiters=limiters, virgin_only=virgin, span=leg.span, period=tw.period,
                quick=quick)


# -- Betza 2.0 groups -----------------------------------------------------------------------
def _chains(legs: tuple[Leg, ...], depth: int = 0) -> list[tuple[_Template, ...]]:
    """Every flat chain a sequence of legs stands for (groups unrolled)."""
    out: list[tuple[_Template, ...]] = [()]
    for leg in legs:
        options = _options(leg, depth)
        if len(out) * len(options) > MAX_CHAINS:
            raise _TooBig(f"this move group unrolls into more than {MAX_CHAINS:,} paths",
                          leg.span)
        longer = [c + o for c in out for o in options if len(c) + len(o) <= MAX_LEGS]
        if out and not longer:
            raise _TooBig(f"a move of more than {MAX_LEGS} legs is more than this tool follows",
                          leg.span)
        out = longer
    return out


def _options(leg: Leg, depth: int) -> list[tuple[_Template, ...]]:
    step = leg.step
    if not isinstance(step, Spec):
        return [((leg, _Tweak()),)]
    if depth > 20:
        raise _TooBig("groups nested too deeply to follow", leg.span)
    alts = [c for p in step.paths for c in _chains(p.legs, depth + 1) if c]
    count = leg.range.count if leg.range.count is not None else 1
    inter = frozenset(m.letter for m in leg.range.modes) or frozenset("m")
    out: list[tuple[_Template, ...]] = []
    for alt in alts:
        size = len(alt)
        most = min(count or MAX_LEGS, MAX_LEGS // size)
        if leg.range.exact and count * size > MAX_LEGS:
            raise _TooBig(f"{count} repetitions of this group make a move of more than "
                          f"{MAX_LEGS} legs", leg.span)
        for n in range(1, most + 1):
            if leg.range.exact and n != count:
                continue
            chain: list[_Template] = []
            for rep in range(n):
                for j, (sub, tw) in enumerate(alt):
                    dirs: str | None = None
                    turn: str | None = None
                    period = 0
                    if rep == 0 and j == 0:
                        dirs = leg.dirs or None  # seed 002: letters orient the chain as a whole
                    elif rep > 0 and j == 0 and leg.range.turn:
                        turn = leg.range.turn   # (F-lF)r0: turn, then as written
                    elif rep > 0 and not leg.range.turn:
                        period = size  # (W-F)0: the same steps as one repetition back
                    between = inter if rep < n - 1 and j == size - 1 else None
                    last = leg.modes if rep == n - 1 and j == size - 1 and leg.modes else None
                    head = rep == 0 and j == 0
                    chain.append((sub, _tweak(tw, dirs, last, between, turn, period,
                                              leg.initial if head else 0,
                                              leg.erupt if head else "")))
            out.append(tuple(chain))
            if len(out) > MAX_CHAINS:
                raise _TooBig(f"this group unrolls into more than {MAX_CHAINS:,} paths", leg.span)
    return out


# -- mirror images (Betza 2.0) --------------------------------------------------------------
def _bends(legs: tuple[CLeg, ...]) -> bool:
    """Whether a chain can leave a straight line after its first step (a chiral trajectory)."""
    prev = legs[0].atom.sym if legs[0].atom else ""
    for lg in legs:
        if lg.turn_mask & 0xEE or lg.turning:
            return True
        if lg.first or lg.kind == REPLAY:
            continue
        sym = lg.atom.sym if lg.atom else ""
        if lg.dirmask & 0xEE or sym != prev or sym == "N":
            return True
        prev = sym
    return False


def _mirror(legs: tuple[CLeg, ...]) -> tuple[CLeg, ...]:
    return tuple(_mirrored(lg) for lg in legs)


@lru_cache(maxsize=8192)
def _mirrored(lg: CLeg) -> CLeg:
    return replace(lg, dirmask=lg.dirmask if lg.first else reflect(lg.dirmask),
                   turn_mask=reflect(lg.turn_mask))


def _major(v: tuple[int, int]) -> tuple[int, int]:
    x, y = v
    return (0, (y > 0) - (y < 0)) if abs(y) > abs(x) else ((x > 0) - (x < 0), 0)


def _knight_selection(letters: str) -> frozenset[tuple[int, int, int]]:
    """Seed 002's fscW-rmW: on a bending chain that starts orthogonally, the first leg's letters
    pick paths as they pick Knight moves; a path starting along d and bending first to side b
    is the Knight step 2d+b, so e4-f6 (forward, then right) is right-handed, e4-g5 left-handed.
    Returns (start x, start y, first bend) triples."""
    mask = D.ALL if "a" in letters else D.oblique_set(letters)
    out = set()
    for k in D.bits(mask):
        v = oriented(1, 2, k)
        out.add((*_major(v), 1 if k % 2 == 0 else -1))  # even orientations go right (seed 002)
    return frozenset(out)


def _orthogonal_starts(sel: frozenset[tuple[int, int, int]]) -> int:
    mask = 0
    for x, y, _ in sel:
        for k in (0, 2, 4, 6):
            if oriented(0, 1, k) == (x, y):
                mask |= 1 << k
    return mask


def _chiral_paths(legs: tuple[CLeg, ...], group: int, span: tuple[int, int],
                  written_dirs: str) -> list[CPath]:
    """A Betza 2.0 chain means itself and its mirror image (seed 002: "when we write them, we
    mean both the written one and its mirror image"), with two exceptions the seed also states:
    an oblique first leg fixes the chirality itself ("l and r always as if the first breaking
    of 4-fold symmetry in the path goes to the right": left-handed first steps take the mirror
    image, right-handed ones the chain as written), and direction letters on an orthogonal
    first leg choose among the paths as they choose Knight moves (``fscW-rmW``)."""
    head = legs[0]
    initial = bool(head.initial)
    if not _bends(legs):
        return [CPath(legs, group, span, initial=initial)]
    mirror = _mirror(legs)
    sym = head.atom.sym if head.atom else ""
    if head.kind != STEP or legs[0].erupt:
        return _unique([CPath(legs, group, span, initial=initial),
                        CPath(mirror, group, span, initial=initial)])
    if sym == "N" and len(legs) > 1:
        right = replace(head, dirmask=head.dirmask & 0x55)
        left = replace(mirror[0], dirmask=head.dirmask & 0xAA)
        return _unique([CPath((right,) + legs[1:], group, span, initial=initial),
                        CPath((left,) + mirror[1:], group, span, initial=initial)])
    if sym == "W" and written_dirs and "a" not in written_dirs and len(legs) > 1:
        sel = _knight_selection(written_dirs)
        starts = _orthogonal_starts(sel)
        a = (replace(head, dirmask=starts),) + legs[1:]
        b = (replace(mirror[0], dirmask=starts),) + mirror[1:]
        return _unique([CPath(a, group, span, sel, initial=initial),
                        CPath(b, group, span, sel, initial=initial)])
    return _unique([CPath(legs, group, span, initial=initial),
                    CPath(mirror, group, span, initial=initial)])


def _unique(paths: list[CPath]) -> list[CPath]:
    out: list[CPath] = []
    for p in paths:
        if p not in out:
            out.append(p)
    return out


# -- whole definitions ----------------------------------------------------------------------
def _compile_group(legs: tuple[Leg, ...], dialect: Dialect, group: int,
                   span: tuple[int, int]) -> list[CPath]:
    try:
        chains = _chains(legs)
    except _TooBig as e:
        return [CPath((), group, e.span, too_complex=e.why)]
    out: list[CPath] = []
    for chain in chains:
        n = len(chain)
        flat = tuple(_compile_leg(leg, dialect, i == n - 1, i == 0, tw)
                     for i, (leg, tw) in enumerate(chain))
        if not flat:
            continue
        head, tw0 = chain[0]
        written = head.dirs if tw0.dirs is None else tw0.dirs
        if dialect == BETZA2:
            out.extend(_chiral_paths(flat, group, span, written))
        else:
            out.append(CPath(flat, group, span, initial=bool(flat[0].initial)))
    return out


class _Programs:
    """The one cache of compiled definitions that the window, the command line and the
    exporters share: the most recently used ``size`` programs, keyed by (dialect, text) for
    parsed definitions and by the AST for pieces built in code. A lock makes it safe for the
    window's worker thread and the interface thread at once."""

    def __init__(self, size: int):
        self.size = size
        self.lock = threading.Lock()
        self.items: OrderedDict[object, Program] = OrderedDict()

    def get(self, key: object) -> Program | None:
        with self.lock:
            hit = self.items.get(key)
            if hit is not None:
                self.items.move_to_end(key)
            return hit

    def put(self, key: object, program: Program) -> Program:
        with self.lock:
            self.items[key] = program
            self.items.move_to_end(key)
            while len(self.items) > self.size:
                self.items.popitem(last=False)
        return program

    def clear(self) -> None:
        with self.lock:
            self.items.clear()


_PROGRAMS = _Programs(4096)   # a few kilobytes each; a query file may name thousands


def clear_cache() -> None:
    """Forget every compiled definition (benchmarks that time compiling)."""
    _PROGRAMS.clear()


def compile_piece(piece: Piece) -> Program:
    """Compile a parsed piece, once per definition. Never raises: a move group too large to
    follow is kept with its reason, which ``generate`` reports."""
    key: object = ("text", piece.dialect, piece.text) if piece.text else piece
    hit = _PROGRAMS.get(key)
    return hit if hit is not None else _PROGRAMS.put(key, _compile(piece))


def _compile(piece: Piece) -> Program:
    paths: list[CPath] = []
    groups = piece.spec.paths
    seen: set[Path] = set()
    for gi, path in enumerate(groups):
        if len(groups) > 1:
            if path in seen:
                continue  # the same group written twice gives the same moves (spans aside)
            seen.add(path)
        paths.extend(_compile_group(path.legs, piece.dialect, gi, path.span))
    return Program(piece.dialect, tuple(paths), piece.text, source=piece)


def program_for(text: str, dialect: Dialect = XBETZA) -> Program:
    """Parse and compile in one call, from the shared cache when the text was seen before
    (NotationError on bad text; bad text is not cached)."""
    hit = _PROGRAMS.get(("text", dialect, text))
    if hit is not None:
        return hit
    from ..notation.parser import parse
    return compile_piece(parse(text, dialect))


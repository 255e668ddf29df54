"""A piece's moves compiled into per-square tables over bitboards, from the same move programs
the walker runs (``designer.engine``: ``Program`` → ``CPath`` → ``CLeg``).

Each one-leg path of a program becomes a component the tables can answer: a leap (static
targets), a ride along a direction with its range, a hop over a screen (cannon ``p`` and
grasshopper ``g``), a lame leap (``n``: the leap is blocked when the square it passes is taken,
as the walker's ``lame_ok`` decides) or an exact-range ride; with their modalities (``m``/``c``,
``e`` e.p. captures), ``i`` initial-only components apart, and the cylinder's wrap (``o`` or the
variant's ``wrap``). Every other path (several legs, Betza 2.0 chains and groups, turning riders,
limiters, …) stays with the walker: ``Tables.fallback`` keeps those paths as a program of their
own, which the game runs per piece (and counts).

For a square ``s`` and an occupancy, the tables answer ``(m, c)``: squares the piece may move to
if empty and squares it would capture on if a foe stood there (its attacks); the legal targets
are then ``(m & empty) | (c & foes)``, and the union of a side's ``c`` is what it attacks. Riders are answered from a memo keyed by the occupancy of the
squares that matter (``rel[s]``: their rays without the last square, lame legs), bounded by
``cap`` entries (cleared when full). ``reach[s]`` is every square the piece could capture on
some occupancy, from which the game inverts "who could attack this square".
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Sequence

from ..engine.program import STEP, CPath, Program
from ..engine.vectors import first_vectors
from ..geometry import directions as D
from ..vocabulary import BETZA2, XBETZA, Side
from .geometry import Geometry

MEMO_CAP = 8192          # memo entries per table before it is cleared
_TABLE_MODES = frozenset("mcepgo")

Ray = tuple[int, ...]


@dataclass(slots=True)
class SquareMoves:
    """The compiled components of one piece on one square (bits of target squares)."""

    leap_m: int = 0
    leap_c: int = 0
    rides: list[tuple[Ray, bool, bool]] = field(default_factory=list)
    hops: list[tuple[Ray, bool, bool, bool]] = field(default_factory=list)
    lames: list[tuple[int, int, bool, bool]] = field(default_factory=list)
    ep: int = 0                                     # squares of e.p. captures
    ep_passes: dict[int, int] = field(default_factory=dict)   # target square -> squares passed
    mask: int = -1                                  # confinement: targets only inside

    def relevant(self) -> int:
        rel = 0
        for ray, _, _ in self.rides:
            for b in ray[:-1]:
                rel |= b
        for ray, _, _, _ in self.hops:
            for b in ray[:-1]:
                rel |= b
        for _, block, _, _ in self.lames:
            rel |= block
        return rel

    def reach(self) -> tuple[int, int]:
        """(squares it may move to, squares it may capture on) for some occupancy."""
        m, c = self.leap_m, self.leap_c
        for ray, cm, cc in self.rides:
            for b in ray:
                m |= b if cm else 0
                c |= b if cc else 0
        for ray, cm, cc, _ in self.hops:
            for b in ray[1:]:
                m |= b if cm else 0
                c |= b if cc else 0
        for tb, _, cm, cc in self.lames:
            m |= tb if cm else 0
            c |= tb if cc else 0
        return m & self.mask, c & self.mask

    def answer(self, occ: int) -> tuple[int, int]:
        """(m, c) for this occupancy (only ``relevant()`` squares of ``occ`` matter)."""
        m, c = self.leap_m, self.leap_c
        for ray, cm, cc in self.rides:
            for b in ray:
                if cc:
                    c |= b            # a foe here would be taken: every square up to a piece
                if occ & b:
                    break
                if cm:
                    m |= b
        for ray, cm, cc, grass in self.hops:
            last = len(ray) - 1
            i = 0
            while i < last and not occ & ray[i]:
                i += 1
            if i >= last:
                continue                  # no screen before the last square
            for j in range(i + 1, last + 1):
                b = ray[j]
                if j == last:             # not in the key: a target whether taken or free
                    m |= b if cm else 0
                    c |= b if cc else 0
                    break
                c |= b if cc else 0
                if occ & b:
                    break
                m |= b if cm else 0
                if grass:
                    break
        for tb, block, cm, cc in self.lames:
            if not occ & block:
                if cm:
                    m |= tb
                if cc:
                    c |= tb
        return m & self.mask, c & self.mask


class Tables:
    """One piece type of one side: per-square components, the memo and the walker's share."""

    __slots__ = ("squares", "rel", "sm", "sc", "memo", "entries", "cap", "fallback", "reach",
                 "reach_m", "ep", "has_ep", "has_fallback")

    def __init__(self, squares: list[SquareMoves], fallback: list[Program | None],
                 cap: int = MEMO_CAP):
        self.squares = squares
        self.fallback = fallback
        self.has_fallback = any(f is not None for f in fallback)
        self.cap = cap
        self.entries = 0
        self.rel = [sm.relevant() for sm in squares]
        self.sm = [0] * len(squares)
        self.sc = [0] * len(squares)
        for s, sqm in enumerate(squares):
            if not self.rel[s]:
                self.sm[s], self.sc[s] = sqm.answer(0)
        self.memo: list[dict[int, tuple[int, int]]] = [{} for _ in squares]
        reach = [sqm.reach() for sqm in squares]
        self.reach_m = [r[0] for r in reach]
        self.reach = [r[1] for r in reach]
        self.ep = [sqm.ep & sqm.mask for sqm in squares]
        self.has_ep = any(self.ep)

    def mc(self, s: int, occ: int) -> tuple[int, int]:
        """(m, c) of the piece on ``s`` with this occupancy."""
        rel = self.rel[s]
        if not rel:
            return self.sm[s], self.sc[s]
        key = occ & rel
        d = self.memo[s]
        hit = d.get(key)
        if hit is None:
            hit = self.fill(s, key)
        return hit

    def fill(self, s: int, key: int) -> tuple[int, int]:
        """Compute and remember an answer (the memo is cleared when it reaches ``cap``)."""
        if self.entries >= self.cap:
            for d in self.memo:
                d.clear()
            self.entries = 0
        value = self.squares[s].answer(key)
        self.memo[s][key] = value
        self.entries += 1
        return value


# a leaper's move as a shift of a set of squares: (square-index difference, 0 to an empty square
# / 1 onto a foe / 2 either, the difference to the square a lame leg passes or 0)
ShiftKey = tuple[int, int, int]


def shift_rows(tab: Tables) -> dict[ShiftKey, int] | None:
    """A leaper's tables as shifts of the whole set of its pieces (for counting every piece of
    a type at once): each ``ShiftKey`` with the squares whose piece has that move. None when
    some square rides or hops, a lame leg passes more than one square, the walker makes a
    move, or two components of one square reach the same target (a shift per component
    would count that target twice)."""
    if tab.has_fallback:
        return None
    rows: dict[ShiftKey, int] = {}
    for s, sqm in enumerate(tab.squares):
        if sqm.rides or sqm.hops:
            return None
        m, c = sqm.leap_m & sqm.mask, sqm.leap_c & sqm.mask
        seen = m | c
        parts = []
        while seen:
            low = seen & -seen
            seen ^= low
            parts.append((low, bool(m & low), bool(c & low), 0))
        seen = m | c
        for tb, block, cm, cc in sqm.lames:
            tb &= sqm.mask
            if not tb or not (cm or cc):
                continue
            if seen & tb or block & (block - 1):
                return None
            seen |= tb
            parts.append((tb, cm, cc, block))
        for tb, cm, cc, block in parts:
            key = (tb.bit_length() - 1 - s, 2 if cm and cc else 1 if cc else 0,
                   block.bit_length() - 1 - s if block else 0)
            rows[key] = rows.get(key, 0) | 1 << s
    return rows


# -- compiling ------------------------------------------------------------------------------
def table_path(path: CPath, dialect: str, wrap_all: bool) -> str:
    """Why a path stays with the walker ('' when the tables can answer it)."""
    if path.too_complex:
        return path.too_complex
    if len(path.legs) != 1 or path.select is not None:
        return "several legs"
    leg = path.legs[0]
    if leg.kind != STEP or not leg.first or not leg.final or leg.atom is None:
        return "a special leg"
    if leg.turning or leg.turn_mask or leg.limiters or leg.virgin_only or leg.equal or \
            leg.inter_explicit or leg.erupt:
        return "turns, limiters or repetition"
    modes = leg.modes
    if modes - _TABLE_MODES:
        return "modalities " + "".join(sorted(modes - _TABLE_MODES))
    hop = "p" in modes or "g" in modes
    wrap = wrap_all or "o" in modes
    if "e" in modes and (leg.rng != 1 or hop or leg.lame):
        return "e.p. on a rider"
    if leg.lame:
        if leg.lame != "n" or hop or leg.rng != 1:
            return "a lame rider"
        a = leg.atom
        oblique = a.dx != 0 and a.dx != a.dy and not a.king
        if oblique and dialect == BETZA2:
            return "a Betza 2.0 oblique lame leap"
    if hop and leg.exact:
        return "an exact hop"
    return ""


def compile_tables(geo: Geometry, side: Side, programs: Sequence[Program], which: list[int],
                   masks: Sequence[int], holes: int, initial: bool, wrap_all: bool,
                   cap: int = MEMO_CAP) -> Tables:
    """Tables of one piece type for ``side``: square ``s`` moves by ``programs[which[s]]``
    within ``masks[which[s]]`` (-1: anywhere); ``initial`` includes the ``i`` components."""
    squares: list[SquareMoves] = []
    fallback: list[Program | None] = []
    rest_cache: dict[int, Program | None] = {}
    for s in range(geo.size):
        k = which[s]
        program = programs[k]
        sqm = SquareMoves(mask=masks[k])
        if not holes & (1 << s):
            for path in program.paths:
                if path.initial and not initial:
                    continue
                if table_path(path, program.dialect, wrap_all):
                    continue
                _add(sqm, path, program.dialect, geo, side, s, holes, wrap_all)
        squares.append(sqm)
        if k not in rest_cache:
            rest = tuple(p for p in program.paths if (initial or not p.initial)
                         and table_path(p, program.dialect, wrap_all))
            rest_cache[k] = Program(program.dialect, rest, program.text) if rest else None
        fallback.append(rest_cache[k])
    return Tables(squares, fallback, cap)


def _add(sqm: SquareMoves, path: CPath, dialect: str, geo: Geometry, side: Side, s: int,
         holes: int, wrap_all: bool) -> None:
    leg = path.legs[0]
    atom = leg.atom
    assert atom is not None
    modes = leg.modes
    cm, cc = "m" in modes, "c" in modes
    ep = "e" in modes and dialect == XBETZA
    wrap = wrap_all or "o" in modes
    hop = "p" in modes or "g" in modes
    mask = D.rotate(leg.dirmask, 4) if side == "black" else leg.dirmask
    files, ranks = geo.files, geo.ranks
    f0, r0 = s % files, s // files
    for (vx, vy), _ in first_vectors(atom, mask):
        squares: list[int] = []
        x, y = f0, r0
        limit = leg.rng if leg.rng else geo.size + 1
        while len(squares) < limit:
            x += vx
            y += vy
            if wrap and not 0 <= x < files and 0 <= y < ranks:
                x %= files
            if not (0 <= x < files and 0 <= y < ranks):
                break
            t = y * files + x
            if t == s or holes >> t & 1:
                break           # round the cylinder back home, or a hole: the ray ends
            squares.append(t)
        if not squares:
            continue
        bits = tuple(1 << t for t in squares)
        if leg.lame:
            block = _lame_block(f0, r0, vx, vy, files, ranks)
            _add_lame(sqm, bits[0], block, cm, cc)
            if ep:
                sqm.ep |= bits[0]
            sqm.ep_passes[squares[0]] = block
        elif leg.exact and leg.rng > 1:
            if len(squares) == leg.rng:
                _add_lame(sqm, bits[-1], sum(bits[:-1]), cm, cc)
        elif hop:
            sqm.hops.append((bits, cm, cc, "g" in modes))
        elif leg.rng == 1:
            sqm.leap_m |= bits[0] if cm else 0
            sqm.leap_c |= bits[0] if cc else 0
            if ep:
                sqm.ep |= bits[0]
        else:
            sqm.rides.append((bits, cm, cc))


def _add_lame(sqm: SquareMoves, target: int, block: int, cm: bool, cc: bool) -> None:
    if not block:
        sqm.leap_m |= target if cm else 0
        sqm.leap_c |= target if cc else 0
    else:
        sqm.lames.append((target, block, cm, cc))


def _lame_block(f: int, r: int, vx: int, vy: int, files: int, ranks: int) -> int:
    """The squares a lame ``n`` leap passes (engine.lame: all between on a line, the half-way
    square of an oblique leap), counted from the square it leaves without wrapping; a square
    off the board blocks nothing (the walker finds nothing there)."""
    if max(abs(vx), abs(vy)) <= 1:
        return 0
    if vx == 0 or vy == 0 or abs(vx) == abs(vy):
        n = max(abs(vx), abs(vy))
        sx, sy = (vx > 0) - (vx < 0), (vy > 0) - (vy < 0)
        cells = [(f + sx * k, r + sy * k) for k in range(1, n)]
    else:
        cells = [(f + int(vx / 2), r + int(vy / 2))]
    return sum(1 << (y * files + x) for x, y in cells if 0 <= x < files and 0 <= y < ranks)

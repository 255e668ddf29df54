"""Move generation: walk a compiled program over a position and return every move with its trace.

The walk follows the seeds' semantics (seed 004 for XBetza, seed 000 for Betza 2.0); where they
leave a case open it follows XBoard 4.9's generator (moves.c ``MovesFromString``), and comments
say so. Every search is bounded by a node budget: a pathological definition raises
``TooComplexError`` quickly instead of hanging.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..notation.ast import BETZA2, XBETZA
from ..notation.atoms import ROTATE, UPGRADE
from ..notation.errors import TooComplexError
from . import directions as D
from . import moves as M
from .compile import AtomState, CLeg, CPath, Program
from .geometry import Square, oriented, relative_angle, sector_of
from .position import BLACK, WHITE, Placed, Position

DEFAULT_BUDGET = 12_000  # nodes (~7 µs each); realistic pieces on 26x26 need under 6,000
MAX_LEGS = 60  # legs of one move followed at most (repetitions of groups included)
EMPTY, FRIEND, FOE, OFF = 0, 1, 2, 3


@dataclass(frozen=True, slots=True)
class _State:
    """Where a move under construction stands, and what it has done so far."""

    sq: Square
    prev: tuple[int, int] | None = None      # vector of the last step taken
    atom: AtomState | None = None            # XBetza: atom after W<->F conversion / g,y toggling
    rng: int | None = None                   # XBetza: range after g/y toggling
    last_len: int = 0                        # length of the last slider leg (XBetza i, Betza 2.0 e)
    removed: tuple[Square, ...] = ()          # squares emptied (captured, destroyed, carried off)
    relocated: tuple[Square, ...] = ()        # emptied squares whose piece was put down again
    friends_removed: tuple[Square, ...] = ()
    placed: tuple[tuple[Square, Placed], ...] = ()
    carried: tuple[tuple[Placed, Square], ...] = ()   # captured pieces carried, and from where
    legs: tuple[M.LegTrace, ...] = ()
    hopped: bool = False
    ep_rights: tuple[Square, ...] = ()
    vanished: bool = False                    # the mover itself was destroyed (fragments, xx)


class _Ctx:
    __slots__ = ("pos", "origin", "side", "virgin", "royal", "letter", "black", "budget", "nodes",
                 "dialect", "out", "path", "lame_xboard", "include_drops", "seen", "fragment",
                 "erupt_sq")

    def __init__(self, pos: Position, origin: Square, side: str, virgin: bool, royal: bool,
                 letter: str, budget: int, dialect: str, lame_xboard: bool, include_drops: bool):
        self.pos = pos
        self.origin = origin
        self.side = side
        self.virgin = virgin
        self.royal = royal
        self.letter = letter
        self.black = side == BLACK
        self.budget = budget
        self.nodes = 0
        self.dialect = dialect
        self.out: list[M.Move] = []
        self.path: CPath | None = None
        self.lame_xboard = lame_xboard
        self.include_drops = include_drops
        self.seen: set = set()
        self.fragment: list | None = None
        self.erupt_sq: Square | None = None

    def tick(self) -> None:
        self.nodes += 1
        if self.nodes > self.budget:
            raise TooComplexError(
                f"this definition needs more than {self.budget:,} search steps on this board; "
                "simplify it (fewer legs or shorter ranges)")

    def occ(self, st: _State, sq: Square) -> int:
        f, r = sq
        pos = self.pos
        if not (0 <= f < pos.files and 0 <= r < pos.ranks) or sq in pos.holes:
            return OFF
        for psq, piece in reversed(st.placed):
            if psq == sq:
                return FRIEND if piece.side == self.side else FOE
        if sq == self.erupt_sq and not st.vanished:
            return FRIEND  # fragments meet the erupted piece itself there (seed 002 "Suicide")
        if sq == self.origin or sq in st.removed:
            return EMPTY
        piece = pos.pieces.get(sq)
        if piece is None:
            return EMPTY
        return FRIEND if piece.side == self.side else FOE

    def piece_at(self, st: _State, sq: Square) -> Placed | None:
        for psq, piece in reversed(st.placed):
            if psq == sq:
                return piece
        if sq == self.origin or sq in st.removed:
            return None
        return self.pos.pieces.get(sq)


def generate(program: Program, position: Position, square: Square, side: str = WHITE,
             virgin: bool = True, royal: bool = False, letter: str = "",
             budget: int = DEFAULT_BUDGET, lame: str = "documented",
             include_drops: bool = False) -> list[M.Move]:
    """Every move ``program`` allows the piece on ``square`` (of ``side``) in ``position``.

    ``virgin``: the piece has not moved (enables ``i`` moves); ``royal``: castling ``O`` applies;
    ``letter``: the piece's own type letter (drop restrictions); ``lame="xboard"`` makes ``n``/``j``
    test only the half-way square as XBoard 4.9 does; ``include_drops`` adds ``@`` drop squares.
    Raises ``TooComplexError`` when the search exceeds ``budget`` nodes.
    """
    if side not in (WHITE, BLACK):
        raise ValueError(f"side must be 'white' or 'black', not {side!r}")
    if not position.on_board(square):
        raise ValueError("the piece must stand on a square of the board")
    ctx = _Ctx(position, square, side, virgin, royal, letter, budget, program.dialect,
               lame == "xboard", include_drops)
    for path in program.paths:
        if len(path.legs) > MAX_LEGS:
            raise TooComplexError(f"a move of {len(path.legs)} legs is more than the {MAX_LEGS} "
                                  "this tool follows", *path.span)
    done: set = set()
    try:
        for path in program.paths:
            key = tuple(replace(leg, span=(0, 0)) for leg in path.legs)
            if key in done:
                continue  # the same group written twice gives the same moves
            done.add(key)
            ctx.path = path
            _run_leg(ctx, path.legs, 0, _State(square))
    except RecursionError:
        raise TooComplexError("this definition nests too deeply to follow; simplify it") from None
    generate.last_nodes = ctx.nodes  # type: ignore[attr-defined]  # for benchmarks
    return ctx.out


# -- one leg --------------------------------------------------------------------------------
def _run_leg(ctx: _Ctx, legs: tuple[CLeg, ...], li: int, st: _State) -> None:
    leg = legs[li]
    ctx.tick()
    if li >= MAX_LEGS:
        raise TooComplexError(f"a move of more than {MAX_LEGS} legs is more than this tool follows")
    if leg.first and leg.initial and not ctx.virgin and ctx.fragment is None:
        return  # i: only a piece that has not moved yet (seed 004 "En passant")
    if leg.erupt and ctx.fragment is None:
        _erupt(ctx, legs, li, st)
        return
    if leg.sub:
        _run_group(ctx, legs, li, st)
        return
    if leg.dirmask < 0:
        _run_replay(ctx, legs, li, st)
        return
    if leg.special == "O":
        if leg.rng and ctx.dialect == XBETZA and leg.first:
            _castle(ctx, leg, st)
        elif leg.final:
            trace = M.LegTrace(st.sq, st.sq, (), M.ACT_MOVE, (), (0, 0), 0)
            _final(ctx, legs, li, st, leg, st.sq, st.sq, ctx.occ(st, st.sq), (0, 0), 0, (), (), ())
        else:
            # a null step on a non-final leg acts on the square the piece stands on
            _intermediate(ctx, legs, li, st, leg, st.sq, st.sq, ctx.occ(st, st.sq), (0, 0), 0,
                          (), (), None)
        return
    if leg.special == "U":
        _universal(ctx, legs, li, st, leg)
        return
    if leg.special == "@":
        if ctx.include_drops:
            _drops(ctx, leg)
        return
    for vec, atom_after in _vectors(ctx, leg, st):
        _walk(ctx, legs, li, st, leg, st.sq, vec, 0, (), (), None, atom_after, _skip(ctx, leg, st))


def _eff_atom(ctx: _Ctx, leg: CLeg, st: _State) -> AtomState:
    if ctx.dialect == XBETZA and st.atom is not None:
        return st.atom
    return leg.atom  # type: ignore[return-value]


def _eff_rng(ctx: _Ctx, leg: CLeg, st: _State) -> int:
    if st.rng is not None:
        return st.rng
    return leg.rng


def _skip(ctx: _Ctx, leg: CLeg, st: _State) -> int:
    # j on a unit-step slider skips squares regardless of what stands there (seed 004 "Skipping")
    atom = _eff_atom(ctx, leg, st)
    if leg.lame.startswith("j") and atom is not None and atom.dy == 1:
        return len(leg.lame)
    return 0


def _candidates(atom: AtomState) -> list[tuple[int, int]]:
    if atom.king:
        return [oriented(0, atom.dy, k) if k % 2 == 0 else oriented(atom.dy, atom.dy, k)
                for k in range(8)]
    seen: list[tuple[int, int]] = []
    for k in range(8):
        v = oriented(atom.dx, atom.dy, k)
        if v not in seen:
            seen.append(v)
    return seen


def _vectors(ctx: _Ctx, leg: CLeg, st: _State) -> list[tuple[tuple[int, int], AtomState | None]]:
    """Step vectors of a leg from the current state, with the atom later legs inherit."""
    atom = _eff_atom(ctx, leg, st)
    if st.prev is None:
        mask = D.rotate(leg.dirmask, 4) if ctx.black else leg.dirmask
        sym = atom.sym
        out = []
        for k in D.bits(mask):
            if sym == "W" and k % 2 == 0 or sym == "K" and k % 2 == 0:
                out.append((oriented(0, atom.dy, k), None))
            elif sym == "F" and k % 2 or sym == "K" and k % 2:
                out.append((oriented(atom.dy, atom.dy, k), None))
            elif sym == "N":
                out.append((oriented(atom.dx, atom.dy, k), None))
        return out
    prev = st.prev
    psec = sector_of(*prev)
    if ctx.dialect == XBETZA and atom.sym in ("W", "F", "K") and psec is not None:
        # Continuation in the K system relative to the last step; an orthogonal atom sent in a
        # diagonal direction turns into its diagonal twin for the rest of the move (seed 004).
        out = []
        d = atom.dy
        for s in D.bits(D.rotate(leg.dirmask, psec)):
            if s % 2 == 0:
                after = atom if atom.king or atom.sym == "W" else _convert(atom)
                out.append((oriented(0, d, s), after))
            else:
                after = atom if atom.king or atom.sym == "F" else _convert(atom)
                out.append((oriented(d, d, s), after))
        return out
    # Betza 2.0 (and oblique atoms): the atom's own directions nearest to each relative sector;
    # 'f' is the direction that deflects least (seed 000 "Chaining", seed 004 Betza 2.0 part).
    cands = _candidates(atom)
    chosen: list[tuple[tuple[int, int], AtomState | None]] = []
    for s in D.bits(leg.dirmask):
        target = 45.0 * s if s <= 4 else 45.0 * s - 360.0
        best, picks = 1e9, []
        for c in cands:
            delta = abs(((relative_angle(prev, c) - target) + 180.0) % 360.0 - 180.0)
            if delta < best - 1e-6:
                best, picks = delta, [c]
            elif abs(delta - best) <= 1e-6:
                picks.append(c)
        for c in picks:
            if (c, None) not in chosen:
                chosen.append((c, None))
    return chosen


def _convert(atom: AtomState) -> AtomState:
    if atom.dx == 0:
        return AtomState(ROTATE.get(atom.letter, ""), atom.dy, atom.dy)
    return AtomState(ROTATE.get(atom.letter, ""), 0, atom.dy)


def _toggle(atom: AtomState, rng: int) -> tuple[AtomState, int]:
    """g/y range toggling (seed 004): W F K <-> R B Q, other atoms range 1 <-> unlimited."""
    if atom.letter in UPGRADE:
        letter = UPGRADE[atom.letter]
        return AtomState(letter, atom.dx, atom.dy, atom.king), (0 if letter in "RBQ" else 1)
    return atom, (0 if rng == 1 else 1)


# -- walking a ray --------------------------------------------------------------------------
def _lame_ok(ctx: _Ctx, st: _State, a: Square, vec: tuple[int, int], lame: str) -> tuple[bool, tuple[Square, ...]]:
    """Whether a leap of ``vec`` from ``a`` passes the n/j test; also the squares it passes."""
    vx, vy = vec
    if max(abs(vx), abs(vy)) <= 1:
        return True, ()
    line = vx == 0 or vy == 0 or abs(vx) == abs(vy)
    if not line and ctx.dialect == BETZA2:
        return _lame_oblique_paths(ctx, st, a, vec, lame)
    if not line or ctx.lame_xboard:
        # XBoard 4.9 tests the single square half-way (fractions towards zero); seed 004 leaves
        # oblique atoms open for XBetza and notes this is what makes nN the Xiangqi horse.
        mid = (a[0] + int(vx / 2), a[1] + int(vy / 2))
        occupied = ctx.occ(st, mid) != EMPTY
        return (not occupied if lame == "n" else occupied), (mid,)
    n = max(abs(vx), abs(vy))
    sx, sy = (vx > 0) - (vx < 0), (vy > 0) - (vy < 0)
    between = tuple((a[0] + sx * k, a[1] + sy * k) for k in range(1, n))
    count = sum(1 for s in between if ctx.occ(st, s) != EMPTY)
    if lame == "n":
        return count == 0, between
    if lame == "j":
        return count == 1, between   # must jump exactly one (seed 004 "Jumping")
    return count >= 1, between       # jj: can jump many


def _lame_oblique_paths(ctx: _Ctx, st: _State, a: Square, vec: tuple[int, int], lame: str):
    """Betza 2.0 (seed 000): an oblique n-leap may use any shortest path of K steps and is
    blocked only when all are; j must hop exactly one piece on some such path."""
    vx, vy = vec
    n = max(abs(vx), abs(vy))
    sx, sy = (vx > 0) - (vx < 0), (vy > 0) - (vy < 0)
    best_counts: set[int] = set()
    passed: set[Square] = set()

    def rec(x: int, y: int, left_x: int, left_y: int, steps: int, count: int) -> None:
        ctx.tick()
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
                    c += ctx.occ(st, (nx, ny)) != EMPTY
                rec(nx, ny, left_x - dx, left_y - dy, steps + 1, c)

    rec(a[0], a[1], vx, vy, 0, 0)
    if lame == "n":
        return 0 in best_counts, tuple(sorted(passed))
    if lame == "j":
        return 1 in best_counts, tuple(sorted(passed))
    return any(c >= 1 for c in best_counts), tuple(sorted(passed))


def _turn_vectors(ctx: _Ctx, leg: CLeg, atom: AtomState, vec: tuple[int, int], n: int,
                  family: int) -> list[tuple[int, int]]:
    """Direction of the next step of a rider: straight on, or turning (q, z, Nrf7)."""
    if leg.turning:
        cands = sorted(_candidates(atom), key=lambda c: relative_angle((0, 1), c) % 360)
        i = cands.index(vec) if vec in cands else 0
        turn = family if leg.turning == "q" else family * (1 if n % 2 else -1)
        return [cands[(i + turn) % len(cands)]]
    if leg.turn:
        mask = D.king_set(leg.turn, default=0x01)
        probe = CLeg(atom, mask, leg.turn, 1, False, frozenset(), False, False, False)
        return [v for v, _ in _vectors(ctx, probe, _State((0, 0), prev=vec, atom=atom))]
    return [vec]


def _walk(ctx: _Ctx, legs: tuple[CLeg, ...], li: int, st: _State, leg: CLeg, start: Square,
          vec: tuple[int, int], n: int, passed: tuple, hopped: tuple, hop: str | None,
          atom_after: AtomState | None, skip: int, family: int = 0, limit: int | None = None,
          wrapped: bool = False, pos: Square | None = None) -> None:
    """Step along ``vec`` from ``pos`` (default ``start``), handling every square reached."""
    if leg.turning and family == 0:
        for fam in (1, -1):
            _walk(ctx, legs, li, st, leg, start, vec, n, passed, hopped, hop, atom_after, skip,
                  fam, limit, wrapped, pos)
        return
    modes = leg.modes
    final = leg.final
    atom = _eff_atom(ctx, leg, st)
    rng = _eff_rng(ctx, leg, st) if limit is None else limit
    files, ranks = ctx.pos.files, ctx.pos.ranks
    cylinder = "o" in modes and (ctx.dialect == XBETZA or final)
    offboard = "o" in modes and ctx.dialect == BETZA2 and not final
    hopper = final and hop is None and ("p" in modes or "g" in modes)
    if hopper:
        hop = "pending"
    need_len = st.last_len if ((leg.initial and not leg.first) or leg.equal) else None
    pos = start if pos is None else pos
    cap = rng if rng else files * ranks + 1
    if leg.turning:
        cap = min(cap, len(_candidates(atom)))  # q/z: at most one full circle
    while True:
        ctx.tick()
        x, y = pos[0] + vec[0], pos[1] + vec[1]
        if not 0 <= x < files and cylinder and 0 <= y < ranks:
            x %= files
            wrapped = True
        n += 1
        sq = (x, y)
        if not (0 <= x < files and 0 <= y < ranks):
            if offboard and _stop_ok(leg, rng, n, need_len):
                _next(ctx, legs, li, st, leg, start, sq, vec, n, passed, hopped, M.ACT_OFFBOARD,
                      atom_after)
            return
        if sq in ctx.pos.holes:
            return
        last = n >= cap
        if skip:
            skip -= 1
            hopped += (sq,)
            pos = sq
            if last:
                return
            continue
        lame_passed: tuple[Square, ...] = ()
        if leg.lame and not (leg.lame.startswith("j") and atom.dy == 1):
            ok, lame_passed = _lame_ok(ctx, st, pos, vec, leg.lame)
            if not ok:
                return
        o = ctx.occ(st, sq)
        if (wrapped or leg.turning) and sq == ctx.origin:
            o = FRIEND  # around the cylinder (or a full circle) the piece meets itself
        if hop == "pending":
            if o == EMPTY:
                passed += (sq,)
            else:
                if "t" in modes and o != FRIEND and ctx.dialect == BETZA2:
                    return  # t: only friendly platforms (seed 004 "Hopping")
                hop = "done"
                hopped += (sq,)
                if "g" in modes:
                    cap = n + 1  # g: one step beyond the platform (seed 004 "Hopping")
            pos = sq
            if last:
                return
            continue
        stop = _stop_ok(leg, rng, n, need_len)
        if stop:
            if final:
                _final(ctx, legs, li, st, leg, start, sq, o, vec, n, passed, hopped,
                       lame_passed if leg.lame == "n" else ())
            else:
                _intermediate(ctx, legs, li, st, leg, start, sq, o, vec, n, passed, hopped,
                              atom_after)
        if o != EMPTY:
            if last or not _pass_inter(ctx, leg, o):
                return
            st = _inter_effect(ctx, st, leg, sq, o)
            hopped += (sq,)
        else:
            passed += (sq,)
        pos = sq
        if last:
            return
        nxt = _turn_vectors(ctx, leg, atom, vec, n, family) if (leg.turn or leg.turning) else [vec]
        if not nxt:
            return
        for other in nxt[1:]:
            _walk(ctx, legs, li, st, leg, start, other, n, passed, hopped, hop, atom_after, skip,
                  family, cap, wrapped, pos)
        vec = nxt[0]


def _stop_ok(leg: CLeg, rng: int, n: int, need_len: int | None) -> bool:
    if leg.exact and n != rng:
        return False
    return need_len is None or n == need_len


def _pass_inter(ctx: _Ctx, leg: CLeg, o: int) -> bool:
    """Betza 2.0 exponent modalities let a range go on past occupied squares (Rc0, Rct0)."""
    im = leg.inter_modes
    if o == FOE:
        return "c" in im or "p" in im
    if o == FRIEND:
        return "d" in im or "t" in im or "p" in im
    return False


def _inter_effect(ctx: _Ctx, st: _State, leg: CLeg, sq: Square, o: int) -> _State:
    im = leg.inter_modes
    if o == FOE and "c" in im:
        return replace(st, removed=st.removed + (sq,))
    if o == FRIEND and "d" in im:
        return replace(st, removed=st.removed + (sq,), friends_removed=st.friends_removed + (sq,))
    return st


def _limit_ok(ctx: _Ctx, leg: CLeg, letter: str, st: _State, sq: Square) -> bool:
    piece = ctx.piece_at(st, sq)
    if letter in leg.virgin_only and (piece is None or not piece.virgin):
        return False
    for mode, lim in leg.limiters:
        if mode != letter:
            continue
        name = (piece.letter if piece else "").upper()
        hit = name in {t.upper() for t in lim.types}
        if hit == lim.negated:
            return False
    return True


# -- what happens where a leg may end -------------------------------------------------------
def _final(ctx: _Ctx, legs, li, st: _State, leg: CLeg, start: Square, sq: Square, o: int,
           vec, n: int, passed: tuple, hopped: tuple, ep_rights: tuple) -> None:
    modes = leg.modes
    trace = M.LegTrace(start, sq, passed, M.ACT_MOVE, hopped, vec, n)
    if o == EMPTY:
        if "m" in modes:
            _emit(ctx, legs, li, st, sq, trace, leg, ep_rights=ep_rights)
        if "e" in modes and ctx.dialect == XBETZA and ctx.pos.ep == sq:
            victim = ctx.pos.ep_victim or (sq[0], sq[1] + (1 if ctx.black else -1))
            if ctx.occ(st, victim) == FOE:
                _emit(ctx, legs, li, replace(st, removed=st.removed + (victim,)), sq,
                      replace(trace, action=M.ACT_EP), leg, ep=True)
    elif o == FOE:
        if "c" in modes and _limit_ok(ctx, leg, "c", st, sq):
            if "t" in modes and ctx.dialect == XBETZA:
                piece = ctx.piece_at(st, sq)
                if piece is not None and piece.royal:
                    return  # t on a final leg: a tame piece never captures a royal (seed 004)
            _emit(ctx, legs, li, replace(st, removed=st.removed + (sq,)), sq,
                  replace(trace, action=M.ACT_CAPTURE), leg)
    elif o == FRIEND:
        if "d" in modes and sq == ctx.erupt_sq and not st.vanished:
            _emit(ctx, legs, li, replace(st, vanished=True), sq, trace, leg)
        elif "d" in modes and _limit_ok(ctx, leg, "d", st, sq):
            _emit(ctx, legs, li, replace(st, removed=st.removed + (sq,),
                                         friends_removed=st.friends_removed + (sq,)), sq,
                  replace(trace, action=M.ACT_DESTROY), leg)


def _intermediate(ctx: _Ctx, legs, li, st: _State, leg: CLeg, start: Square, sq: Square, o: int,
                  vec, n: int, passed: tuple, hopped: tuple, atom_after) -> None:
    """A non-final leg may end here: each modality that the square satisfies continues the move."""
    modes = leg.modes
    if o == EMPTY:
        if "m" in modes or "y" in modes:
            _next(ctx, legs, li, st, leg, start, sq, vec, n, passed, hopped, M.ACT_MOVE,
                  atom_after, toggle="y" in modes)
        if "u" in modes and st.carried:
            new = _unload(st, sq)
            _next(ctx, legs, li, new, leg, start, sq, vec, n, passed, hopped, M.ACT_UNLOAD,
                  atom_after)
        return
    passing = "p" in modes or "g" in modes
    if ctx.dialect == XBETZA:
        if passing and not ("t" in modes and o == FOE):
            _next(ctx, legs, li, replace(st, hopped=True), leg, start, sq, vec, n, passed, hopped,
                  M.ACT_HOP, atom_after, toggle="g" in modes)
    else:
        if (passing and (o == FOE or "t" not in modes)) or ("t" in modes and o == FRIEND):
            if _limit_ok(ctx, leg, "p" if passing else "t", st, sq):
                _next(ctx, legs, li, replace(st, hopped=True), leg, start, sq, vec, n, passed,
                      hopped, M.ACT_HOP, atom_after, toggle="g" in modes)
    piece = ctx.piece_at(st, sq)
    if o == FOE and "c" in modes and _limit_ok(ctx, leg, "c", st, sq):
        new = replace(st, removed=st.removed + (sq,), carried=st.carried + ((piece, sq),))
        _next(ctx, legs, li, new, leg, start, sq, vec, n, passed, hopped, M.ACT_CAPTURE, atom_after)
    if o == FRIEND and "d" in modes and _limit_ok(ctx, leg, "d", st, sq):
        if sq == ctx.erupt_sq and not st.vanished:
            new = replace(st, vanished=True)
        else:
            new = replace(st, removed=st.removed + (sq,),
                          friends_removed=st.friends_removed + (sq,),
                          carried=st.carried + ((piece, sq),))
        _next(ctx, legs, li, new, leg, start, sq, vec, n, passed, hopped, M.ACT_DESTROY, atom_after)
    if "u" in modes and st.carried and piece is not None:
        # unload by swapping: put the carried piece down, carry the occupant on (seed 000 table)
        new = _unload(replace(st, removed=st.removed + (sq,)), sq,
                      carry=(piece, sq))
        _next(ctx, legs, li, new, leg, start, sq, vec, n, passed, hopped, M.ACT_UNLOAD, atom_after)


def _unload(st: _State, sq: Square, carry: tuple[Placed, Square] | None = None) -> _State:
    """Put the last carried piece down on ``sq``: it was moved, not removed (seed 000 "u")."""
    piece, came_from = st.carried[-1]
    friends = tuple(s for s in st.friends_removed if s != came_from)
    carried = st.carried[:-1] + ((carry,) if carry else ())
    return replace(st, placed=st.placed + ((sq, piece),), carried=carried,
                   relocated=st.relocated + (came_from,), friends_removed=friends)


def _next(ctx: _Ctx, legs, li, st: _State, leg: CLeg, start: Square, sq: Square, vec, n: int,
          passed: tuple, hopped: tuple, action: str, atom_after, toggle: bool = False) -> None:
    """Continue with the next leg from ``sq``."""
    atom = atom_after or _eff_atom(ctx, leg, st)
    rng = _eff_rng(ctx, leg, st)
    # Pass on the length of the last slider leg (XBoard: rg = expo != 1 ? distance : range).
    last_len = n if rng != 1 else st.last_len
    if toggle and ctx.dialect == XBETZA:
        atom, rng = _toggle(atom, rng)
        new_rng: int | None = rng
    else:
        new_rng = st.rng
    trace = M.LegTrace(start, sq, passed, action, hopped, vec, n)
    nst = replace(st, sq=sq, prev=vec, atom=atom if ctx.dialect == XBETZA else None, rng=new_rng,
                  last_len=last_len, legs=st.legs + (trace,))
    _run_leg(ctx, legs, li + 1, nst)


def _classify(ctx: _Ctx, st: _State, dest: Square, leg: CLeg, ep: bool) -> str:
    if ep:
        return M.EP
    if st.friends_removed:
        return M.DESTROY
    if st.removed and any(s != dest for s in st.removed):
        return M.LOCUST
    if st.placed:
        return M.UNLOAD
    if dest == ctx.origin and not st.removed:
        return M.NULL
    modes = leg.modes
    if st.hopped:
        return M.HOP_CAPTURE if st.removed else M.HOP_MOVE
    if st.removed:
        return M.CAPTURE if "m" not in modes else M.MOVE_CAPTURE
    return M.MOVE if not modes & {"c", "d"} else M.MOVE_CAPTURE


def _emit(ctx: _Ctx, legs, li, st: _State, dest: Square, trace: M.LegTrace | None, leg: CLeg,
          ep: bool = False, ep_rights: tuple = (), kind: str | None = None,
          partner: Square | None = None) -> None:
    traces = st.legs + ((trace,) if trace is not None else ())
    if ctx.fragment is not None:
        ctx.fragment.append(replace(st, sq=dest, legs=traces))
        return
    path = ctx.path
    assert path is not None
    hopper_final = trace is not None and bool(trace.hopped) and leg.final and \
        ("p" in leg.modes or "g" in leg.modes)
    st2 = replace(st, hopped=True) if hopper_final else st
    lost = tuple(s for s in st.removed if s not in st.relocated)
    st2 = replace(st2, removed=lost)
    k = kind or _classify(ctx, st2, dest, leg, ep)
    move = M.Move(ctx.origin, dest, traces, k, lost, tuple(s for s, _ in st.placed),
                  ep_rights, any(lg.initial for lg in path.legs if lg.first), path.group, path.span,
                  partner, st.vanished)
    key = (path.group, dest, traces, lost, move.placed)
    if key in ctx.seen:
        return
    ctx.seen.add(key)
    ctx.out.append(move)


# -- atoms with their own rules -------------------------------------------------------------
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

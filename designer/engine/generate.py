"""Move generation: walk a compiled program over a position and return every move with its trace.

The walk follows the seeds' semantics (seed 004 for XBetza, seed 000 for Betza 2.0); where they
leave a case open it follows XBoard 4.9's generator (moves.c ``MovesFromString``), and comments
say so. Every search is bounded by a node budget: a pathological definition raises
``TooComplexError`` quickly instead of hanging.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache

from ..notation.ast import BETZA2, XBETZA
from ..notation.atoms import ROTATE, UPGRADE
from ..notation.errors import TooComplexError
from ..geometry import directions as D
from . import moves as M
from .compile import AtomState, CLeg, CPath, Program
from ..geometry.board import Square, oriented, relative_angle, sector_of
from .position import BLACK, EMPTY, FOE, FRIEND, OFF, WHITE, Placed, Position

DEFAULT_BUDGET = 24_000  # work units; realistic pieces on 26x26 need under 17,000
MAX_LEGS = 60  # legs of one move followed at most (repetitions of groups included)


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

    def tick(self, cost: int = 1) -> None:
        self.nodes += cost
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
        _sp._erupt(ctx, legs, li, st)
        return
    if leg.sub:
        _sp._run_group(ctx, legs, li, st)
        return
    if leg.dirmask < 0:
        _sp._run_replay(ctx, legs, li, st)
        return
    if leg.special == "O":
        if leg.rng and ctx.dialect == XBETZA and leg.first:
            _sp._castle(ctx, leg, st)
        elif leg.final:
            M.LegTrace(st.sq, st.sq, (), M.ACT_MOVE, (), (0, 0), 0)
            _final(ctx, legs, li, st, leg, st.sq, st.sq, ctx.occ(st, st.sq), (0, 0), 0, (), (), ())
        else:
            # a null step on a non-final leg acts on the square the piece stands on
            _intermediate(ctx, legs, li, st, leg, st.sq, st.sq, ctx.occ(st, st.sq), (0, 0), 0,
                          (), (), None)
        return
    if leg.special == "U":
        _sp._universal(ctx, legs, li, st, leg)
        return
    if leg.special == "@":
        if ctx.include_drops:
            _sp._drops(ctx, leg)
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
    return _continuation_vectors(ctx.dialect, atom, leg.dirmask, st.prev)


@lru_cache(maxsize=8192)
def _continuation_vectors(dialect: str, atom: AtomState, dirmask: int,
                          prev: tuple[int, int]) -> tuple[tuple[tuple[int, int], AtomState | None], ...]:
    """Steps of a continuation leg relative to the previous step (cached: pure geometry)."""
    psec = sector_of(*prev)
    if dialect == XBETZA and atom.sym in ("W", "F", "K") and psec is not None:
        # Continuation in the K system relative to the last step; an orthogonal atom sent in a
        # diagonal direction turns into its diagonal twin for the rest of the move (seed 004).
        out = []
        d = atom.dy
        for s in D.bits(D.rotate(dirmask, psec)):
            if s % 2 == 0:
                after = atom if atom.king or atom.sym == "W" else _convert(atom)
                out.append((oriented(0, d, s), after))
            else:
                after = atom if atom.king or atom.sym == "F" else _convert(atom)
                out.append((oriented(d, d, s), after))
        return tuple(out)
    # Betza 2.0 (and oblique atoms): the atom's own directions nearest to each relative sector;
    # 'f' is the direction that deflects least (seed 000 "Chaining", seed 004 Betza 2.0 part).
    cands = _candidates(atom)
    chosen: list[tuple[tuple[int, int], AtomState | None]] = []
    for s in D.bits(dirmask):
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
    return tuple(chosen)


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
        return [v for v, _ in _continuation_vectors(ctx.dialect, atom, mask, vec)]
    return [vec]


def _walk(ctx: _Ctx, legs: tuple[CLeg, ...], li: int, st: _State, leg: CLeg, start: Square,
          vec: tuple[int, int], n: int, passed: tuple, hopped: tuple, hop: str | None,
          atom_after: AtomState | None, skip: int, family: int = 0, limit: int | None = None,
          wrapped: bool = False, pos: Square | None = None) -> None:
    """Step along ``vec`` from ``pos`` (default ``start``), handling every square reached."""
    ctx.tick(4)  # starting a ray costs more than a step along it
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
    if leg.turning == "q":
        cap = min(cap, len(_candidates(atom)))  # q: at most one full circle
    step_cost = 3 if (leg.turn or leg.turning) else 1  # turning rays branch: dearer steps
    while True:
        ctx.tick(step_cost)
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
            ok, lame_passed = _lame.lame_ok(ctx, st, pos, vec, leg.lame)
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
        if "m" in modes or "y" in modes or "e" in modes:
            # e (or a lame n) on a non-final leg leaves an e.p. right on the square it passes
            nst = replace(st, ep_rights=st.ep_rights + (sq,)) \
                if ("e" in modes or leg.lame == "n") and ctx.dialect == XBETZA else st
            _next(ctx, legs, li, nst, leg, start, sq, vec, n, passed, hopped, M.ACT_MOVE,
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
                  st.ep_rights + tuple(ep_rights), any(lg.initial for lg in path.legs if lg.first), path.group, path.span,
                  partner, st.vanished)
    key = (path.group, dest, traces, lost, move.placed)
    if key in ctx.seen:
        return
    ctx.seen.add(key)
    ctx.out.append(move)


# -- atoms with their own rules -------------------------------------------------------------


# The rules of special atoms and of Betza 2.0 groups and eruptions live in their own modules;
# they call back into the walk above (imported last, after everything they need is defined).
from . import lame as _lame  # noqa: E402
from . import specials as _sp  # noqa: E402

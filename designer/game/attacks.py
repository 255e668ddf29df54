"""Who attacks a square, and what a side to move must watch so that its royal piece stays safe.

The forward tables say what a piece on ``s`` captures; ``Attacks`` inverts them lazily
(``reverse(code, t)``: every square from which ``code`` could capture ``t`` on some occupancy),
so the attack test looks only at pieces that could possibly reach the square and asks each its
real capture set: leapers, riders, hoppers (a Xiangqi cannon's check over a screen), lame
leapers (a horse blocked at the leg), pieces confined to a region or moving by region alike.
Pieces whose moves the walker makes (multi-leg) are asked through the walker.

``safety(pos)`` is computed once per node: the checkers of the side to move, the pins (a piece
that alone blocks a rider's line to the royal may only move along it), the squares whose
vacating (``test_from``) or filling (``test_to``, a hopper's screen) could expose the royal and
so need a test of the move, and the targets that answer a check (``evasion``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..engine.program import CPath, Program
from ..vocabulary import BLACK, WHITE, Side
from .danger import DangerMap
from .position import Position
from .tables import SquareMoves, Tables
from .walker_view import walker_position

if TYPE_CHECKING:
    from .config import Config

PATH_CAP = 65536


class Safety:
    """What one node's side to move must watch (see the module's docstring). The defaults
    are class attributes, so a node that needs none of them costs nothing to describe; the
    pins are a new dict once the first pin is found (``pin``)."""

    royal = -1                # the single royal square, -1 when not one
    checkers = 0
    pins: dict[int, int] = {}  # square -> targets that keep blocking (shared empty default)
    test_from = 0
    test_to = 0
    evasion = -1              # targets of non-royal moves that may answer the check
    test_all = False          # every move needs its own test
    unguarded = False         # no royal to guard: every pseudo-legal move is legal
    danger = -1               # squares the foe attacks (-1: not computed yet)
    stepped = 0               # empty or foe's squares a royal's own step was found safe onto

    def pin(self, square: int, allowed: int) -> None:
        """The piece on ``square`` may only move within ``allowed`` (intersected)."""
        if not self.pins:
            self.pins = {}
        self.pins[square] = self.pins.get(square, -1) & allowed


class Attacks:
    """Attack tests of one game (``Config``): inverted reach, paths to royal squares."""

    def __init__(self, cfg: "Config"):
        self.cfg = cfg
        self.kinds = cfg.kinds
        n, size = cfg.ncodes, cfg.geo.size
        self._reverse: list[list[int | None]] = [[None] * size for _ in range(n)]
        self._paths: dict[tuple[int, bool, int, int], tuple[tuple[str, int], ...]] = {}
        self._ep_from: dict[tuple[int, int], int] = {}
        self.codes = ([c for c in range(2, n) if not c & 1], [c for c in range(2, n) if c & 1])
        self.fallback_codes = {c for c in range(2, n) if self._has_fallback(c)}
        self.radius = {c: self._radius(c) for c in self.fallback_codes}
        self.walker_calls = 0
        # per colour and royal square: the codes that could capture there on some occupancy,
        # with the squares they would capture from (``reverse``), built at first use
        self._near: list[list[list[tuple[int, int]] | None]] = [[None] * size, [None] * size]
        self.mirrors = [self._mirror(c) if c >= 2 else None for c in range(n)]
        # codes whose attacks depend on where the royal stands (screens) or need the walker
        self.unmappable = {c for c in range(2, n) if c in self.fallback_codes or
                           any(sqm.hops for sqm in self.kinds.tables(c).squares)}
        # per colour: codes answered by their twin's tables, and the rest
        twins = tuple(self._rows(colour) for colour in (0, 1))
        self.mirror_rows = tuple([(codes, tab.rel, tab.sc, tab.memo, tab.fill, tab.reach)
                                  for codes, tab in twins[colour]] for colour in (0, 1))
        # the attack test's rows split: leaps (one static set per square, per code) and the
        # rest; of the rest, plain rides answer together from one table (``_joined``)
        self.leap_codes = tuple(self._leap_codes(twins[colour]) for colour in (0, 1))
        joined = tuple(self._joined(twins[colour]) for colour in (0, 1))
        self.ride_union = tuple(j[0] for j in joined)
        self.ride_codes = tuple(j[1] for j in joined)
        self.ride_rows = tuple([(codes[0], codes[1:], tab.rel, tab.sc, tab.memo, tab.fill,
                                 tab.reach) for codes, tab in joined[colour][2]]
                               for colour in (0, 1))
        self.generic_codes = tuple([c for c in self.codes[colour] if self.mirrors[c] is None]
                                   for colour in (0, 1))
        self.danger = DangerMap(self)         # danger(pos, info): the foe's attacks at once

    def _mirror(self, code: int) -> Tables | None:
        """The other side's tables of the same piece when they say exactly from where this
        code captures a square (its capture paths read backwards): leaps, rides and cannon
        hops without regions, lame legs, grasshopper landings, initial captures or walker
        moves; None otherwise."""
        k = self.kinds
        if code in self.fallback_codes or k.confinement(code) != -1 or \
                k._regional[code] is not None:
            return None
        tab, twin = k.tables(code), k.tables(code ^ 1)
        for sqm in tab.squares:
            if sqm.lames or any(grass for _, _, _, grass in sqm.hops):
                return None
        if k.has_initial[code >> 1] and k.tables(code, True).reach != tab.reach:
            return None
        return twin

    def _rows(self, colour: int) -> list[tuple[tuple[int, ...], Tables]]:
        """The attack test's rows for ``colour``'s twin-answered codes: one per distinct way
        of capturing (a rook's ride, a knight's leap …) with every code that has it, so a
        Rook and Chancellor share one lookup of the rook's ride; each with its tables."""
        from .tables import compile_tables, table_path
        kinds = self.kinds
        geo = self.cfg.geo
        twin_side: Side = BLACK if colour == 0 else WHITE
        groups: dict[tuple[Any, ...], tuple[CPath, list[int]]] = {}
        for code in self.codes[colour]:
            if self.mirrors[code] is None:
                continue
            program = kinds.programs[code >> 1]
            assert program is not None
            for path in program.paths:
                if path.initial or table_path(path, program.dialect, False):
                    continue
                leg = path.legs[0]
                if "c" not in leg.modes:
                    continue
                key = (program.dialect, leg.atom, leg.dirmask, leg.rng, leg.exact, leg.lame,
                       frozenset(leg.modes & set("cpgo")))
                codes = groups.setdefault(key, (path, []))[1]
                if code not in codes:
                    codes.append(code)
        rows = []
        for key, (path, codes) in groups.items():
            program = Program(key[0], (path,))
            tab = compile_tables(geo, twin_side, [program], [0] * geo.size, [-1],
                                 self.cfg.holes, False, False, kinds.cap)
            rows.append((tuple(codes), tab))
        return rows

    @staticmethod
    def _leap_codes(rows: list[tuple[tuple[int, ...], Tables]]) -> list[tuple[int, list[int]]]:
        """The leaping rows (nothing can block them) as, per code, the squares from which it
        captures each square (the union of its leaping rows)."""
        out: dict[int, list[int]] = {}
        for codes, tab in rows:
            if any(tab.rel):
                continue
            for code in codes:
                got = out.setdefault(code, [0] * len(tab.sc))
                for t, b in enumerate(tab.sc):
                    got[t] |= b
        return list(out.items())

    @staticmethod
    def _joined(rows: list[tuple[tuple[int, ...], Tables]]
                ) -> tuple[Tables | None, list[tuple[int, list[int]]],
                           list[tuple[tuple[int, ...], Tables]]]:
        """The rows of plain rides (no leap, hop or lame leg) answered by one table of all
        their rays from the attacked square: (that table or None, per code the squares its
        rides could capture from, the rows left to ask one by one). A piece on a row's ray
        captures exactly when it is among the joined table's captures on that ray, provided
        two rays of a square never share a square unless one begins the other (a Queen's
        rays are a Rook's and a Bishop's: one lookup for the three); otherwise nothing is
        joined."""
        plain = [(codes, tab) for codes, tab in rows if any(tab.rel) and all(
            not sqm.leap_c and not sqm.hops and not sqm.lames and sqm.mask == -1 and
            all(cc for _, _, cc in sqm.rides) for sqm in tab.squares)]
        rest = [(codes, tab) for codes, tab in rows if any(tab.rel) and
                all(tab is not t for _, t in plain)]
        if len(plain) < 2:
            return None, [], rest + plain
        squares = []
        for t in range(len(plain[0][1].squares)):
            rays: list[tuple[int, ...]] = []
            for _, tab in plain:
                for ray, _, _ in tab.squares[t].rides:
                    if ray not in rays:
                        rays.append(ray)
            for i, a in enumerate(rays):
                for b in rays[i + 1:]:
                    n = min(len(a), len(b))
                    if set(a) & set(b) and a[:n] != b[:n]:
                        return None, [], rest + plain
            squares.append(SquareMoves(rides=[(ray, True, True) for ray in rays]))
        union = Tables(squares, [None] * len(squares), plain[0][1].cap)
        reach: dict[int, list[int]] = {}
        for codes, tab in plain:
            for code in codes:
                got = reach.setdefault(code, [0] * len(squares))
                for t, r in enumerate(tab.reach):
                    got[t] |= r
        return union, list(reach.items()), rest

    def _has_fallback(self, code: int) -> bool:
        k = self.kinds
        tabs = [k.tables(code)] + ([k.tables(code, True)] if k.has_initial[code >> 1] else [])
        return any(any(f is not None for f in t.fallback) for t in tabs)

    def _radius(self, code: int) -> int:
        """How far (in king steps) the walker's moves of a code may reach."""
        total = 0
        program = self.kinds.programs[code >> 1]
        assert program is not None
        geo = self.cfg.geo
        for path in program.paths:
            r = 0
            for leg in path.legs:
                step = max(leg.atom.dx, leg.atom.dy) if leg.atom is not None else 1
                r += step * (leg.rng if leg.rng else max(geo.files, geo.ranks))
            total = max(total, r)
        return total or max(geo.files, geo.ranks)

    # -- reach, inverted --------------------------------------------------------------------
    def reverse(self, code: int, t: int) -> int:
        """Every square from which ``code`` could capture ``t`` on some occupancy."""
        got = self._reverse[code][t]
        if got is not None:
            return got
        k = self.kinds
        tabs = [k.tables(code)] + ([k.tables(code, True)] if k.has_initial[code >> 1] else [])
        out = 0
        for tab in tabs:
            for s, r in enumerate(tab.reach):
                if r >> t & 1:
                    out |= 1 << s
        if code in self.fallback_codes:
            out |= self._box(t, self.radius[code])
        self._reverse[code][t] = out
        return out

    def ep_from(self, code: int, ep: int) -> int:
        """The squares from which a piece of ``code`` could take e.p. on a square of ``ep``."""
        got = self._ep_from.get((code, ep))
        if got is None:
            k = self.kinds
            tabs = [k.tables(code)] + ([k.tables(code, True)] if k.has_initial[code >> 1]
                                       else [])
            got = 0
            for tab in tabs:
                for s, e in enumerate(tab.ep):
                    if e & ep:
                        got |= 1 << s
            if len(self._ep_from) > PATH_CAP:
                self._ep_from.clear()
            self._ep_from[(code, ep)] = got
        return got

    def _box(self, t: int, radius: int) -> int:
        geo = self.cfg.geo
        f, r = t % geo.files, t // geo.files
        out = 0
        for y in range(max(0, r - radius), min(geo.ranks, r + radius + 1)):
            for x in range(max(0, f - radius), min(geo.files, f + radius + 1)):
                out |= 1 << (y * geo.files + x)
        return out

    def tables_at(self, pos: Position, code: int, s: int) -> Tables:
        if self.kinds.has_initial[code >> 1] and pos.uses_initial(code, s):
            return self.kinds.tables(code, True)
        return self.kinds.tables(code)

    # -- attack tests -----------------------------------------------------------------------
    def attackers(self, pos: Position, t: int, colour: int, occ: int, removed: int = 0,
                  royal: bool = False, delta: tuple[tuple[int, int], ...] = ()) -> int:
        """The squares of ``colour``'s pieces that capture on ``t`` with occupancy ``occ``,
        pieces on ``removed`` taken away; ``royal``: ``t`` holds a royal piece (the flying
        general rule applies); ``delta`` are (square, code) changes the walker must see."""
        out = self._attackers(pos, t, colour, occ, removed, royal, delta)
        if self.cfg.cannons and out:
            from .janggi import screened
            out = screened(self.cfg, pos, out, t, occ, delta)
        return out

    def _attackers(self, pos: Position, t: int, colour: int, occ: int, removed: int,
                   royal: bool, delta: tuple[tuple[int, int], ...]) -> int:
        out = 0
        byc = pos.byc
        tb = 1 << t
        rev = self._reverse
        for codes, rels, scs, memos, fill, reach in self.mirror_rows[colour]:
            bb = 0
            for code in codes:
                bb |= byc[code]
            bb &= ~removed
            if bb & reach[t]:            # what it attacks t from = what its twin reaches
                rel = rels[t]
                if not rel:
                    out |= scs[t] & bb
                else:
                    key = occ & rel
                    hit = memos[t].get(key)
                    out |= (hit if hit is not None else fill(t, key))[1] & bb
        for code in self.generic_codes[colour]:
            bb = byc[code] & ~removed
            if not bb:
                continue
            got = rev[code][t]
            cand = (got if got is not None else self.reverse(code, t)) & bb
            while cand:
                low = cand & -cand
                cand ^= low
                s = low.bit_length() - 1
                tab = self.tables_at(pos, code, s)
                rel = tab.rel[s]
                if not rel:
                    c = tab.sc[s]
                else:
                    key = occ & rel
                    hit = tab.memo[s].get(key)
                    c = (hit if hit is not None else tab.fill(s, key))[1]
                if c & tb:
                    out |= low
                elif tab.fallback[s] is not None and self._walker_hits(pos, code, s, t, delta,
                                                                       removed):
                    out |= low
        if royal and self.cfg.flying:
            rays = self.cfg.rook_rays
            assert rays is not None
            foes = pos.royals(colour) & ~removed
            if foes:
                out |= rays.mc(t, occ)[1] & foes
        return out

    def attacked(self, pos: Position, t: int, colour: int, occ: int, removed: int = 0,
                 royal: bool = False) -> bool:
        """Whether ``colour`` attacks ``t`` (``attackers`` without collecting them: it stops
        at the first; pieces whose moves the walker makes go through ``attackers``)."""
        if self.generic_codes[colour] or self.cfg.cannons:
            return bool(self.attackers(pos, t, colour, occ, removed, royal))
        byc = pos.byc
        for code, scs in self.leap_codes[colour]:
            x = byc[code] & scs[t]
            if x and (not removed or x & ~removed):
                return True
        union = self.ride_union[colour]
        if union is not None:
            # the joined rides: who stands on a ray it could capture along, then one lookup
            x = 0
            for code, reach in self.ride_codes[colour]:
                x |= byc[code] & reach[t]
            if removed:
                x &= ~removed
            if x:
                rel = union.rel[t]
                if not rel:
                    if union.sc[t] & x:
                        return True
                else:
                    key = occ & rel
                    hit = union.memo[t].get(key)
                    if (hit if hit is not None else union.fill(t, key))[1] & x:
                        return True
        for c0, more, rels, scs, memos, fill, reach in self.ride_rows[colour]:
            bb = byc[c0]
            for code in more:
                bb |= byc[code]
            bb &= reach[t]               # none where it could ever come from: no lookup
            if not bb:
                continue
            if removed:
                bb &= ~removed
            rel = rels[t]
            if not rel:
                if scs[t] & bb:
                    return True
            else:
                key = occ & rel
                hit = memos[t].get(key)
                if (hit if hit is not None else fill(t, key))[1] & bb:
                    return True
        if royal and self.cfg.flying:
            return bool(self.attackers(pos, t, colour, occ, removed, royal))
        return False

    def unattacked(self, pos: Position, targets: int, colour: int, occ0: int,
                   royal: bool = False) -> int:
        """The squares of ``targets`` that ``colour`` does not attack, each asked as if a
        piece stood there (``occ0`` with the square filled, a piece of ``colour`` there
        taken): a royal's steps and castling's passed squares, in one call. A square's own
        occupancy never changes who captures on it, and the piece taken there is on no
        ray or leap to it. The loop over the foe's rows is ``attacked``'s, written out once
        more so that a square costs no call (2 to 4 % of a pure-Python perft); a change to
        one is a change to the other."""
        out = 0
        if self.generic_codes[colour] or self.cfg.cannons or (royal and self.cfg.flying):
            while targets:
                low = targets & -targets
                targets ^= low
                if not self.attacked(pos, low.bit_length() - 1, colour, occ0 | low,
                                     low & occ0, royal):
                    out |= low
            return out
        byc = pos.byc
        leaps = self.leap_codes[colour]
        union = self.ride_union[colour]
        rides = self.ride_codes[colour]
        rows = self.ride_rows[colour]
        while targets:
            low = targets & -targets
            targets ^= low
            t = low.bit_length() - 1
            occ = occ0 | low
            hit = False
            for code, scs in leaps:
                if byc[code] & scs[t]:
                    hit = True
                    break
            if hit:
                continue
            if union is not None:
                x = 0
                for code, reach in rides:
                    x |= byc[code] & reach[t]
                if x:
                    rel = union.rel[t]
                    if not rel:
                        if union.sc[t] & x:
                            continue
                    else:
                        key = occ & rel
                        got = union.memo[t].get(key)
                        if (got if got is not None else union.fill(t, key))[1] & x:
                            continue
            for c0, more, rels, scs, memos, fill, reach in rows:
                bb = byc[c0]
                for code in more:
                    bb |= byc[code]
                bb &= reach[t]
                if not bb:
                    continue
                rel = rels[t]
                if not rel:
                    if scs[t] & bb:
                        hit = True
                        break
                else:
                    key = occ & rel
                    got = memos[t].get(key)
                    if (got if got is not None else fill(t, key))[1] & bb:
                        hit = True
                        break
            if not hit:
                out |= low
        return out

    def _walker_hits(self, pos: Position, code: int, s: int, t: int,
                     delta: tuple[tuple[int, int], ...], removed: int) -> bool:
        from ..engine.generate import generate
        tab = self.tables_at(pos, code, s)
        program = tab.fallback[s]
        assert program is not None
        self.walker_calls += 1
        wp = walker_position(pos, delta, removed)
        geo = self.cfg.geo
        target = (t % geo.files, t // geo.files)
        moves = generate(program, wp, (s % geo.files, s // geo.files),
                         "black" if code & 1 else "white", bool(pos.virgin >> s & 1),
                         self.cfg.kinds.royal[code >> 1], self.kinds.letters[code >> 1])
        return any(target in m.removed for m in moves)

    # -- paths to a royal square ------------------------------------------------------------
    def paths(self, tab: Tables, code: int, initial: bool, s: int, k: int
              ) -> tuple[tuple[str, int], ...]:
        """How the piece on ``s`` could capture on ``k``: ('l', 0) a leap, ('r', squares that
        must be empty) a ride or lame leap, ('h', squares between) a hop."""
        key = (code, initial, s, k)
        got = self._paths.get(key)
        if got is not None:
            return got
        sqm = tab.squares[s]
        kb = 1 << k
        out: list[tuple[str, int]] = []
        if sqm.mask & kb:
            if sqm.leap_c & kb:
                out.append(("l", 0))
            for ray, _, cc in sqm.rides:
                if cc and kb in ray:
                    out.append(("r", sum(ray[:ray.index(kb)])))
            for ray, _, cc, _ in sqm.hops:
                if cc and kb in ray[1:]:
                    out.append(("h", sum(ray[:ray.index(kb)])))
            for tb, block, _, cc in sqm.lames:
                if cc and tb == kb:
                    out.append(("r", block))
        if len(self._paths) >= PATH_CAP:
            self._paths.clear()
        self._paths[key] = tuple(out)
        return self._paths[key]

    def safety(self, pos: Position) -> Safety:
        """What the side to move must watch (see ``Safety``)."""
        cfg = self.cfg
        info = Safety()
        us = pos.stm
        them = us ^ 1
        byc = pos.byc
        codes = cfg.royal_codes[us]
        royals = byc[codes[0]] if len(codes) == 1 else pos.royals(us)
        if not royals or (cfg.several == "last" and royals & (royals - 1)):
            info.unguarded = True
            return info
        if royals & (royals - 1) or cfg.cannons:    # Janggi's cannons: each move is tested
            info.test_all = True
            info.checkers = self._any_checked(pos, royals, them)
            return info
        k = royals.bit_length() - 1
        info.royal = k
        occ = pos.occ
        own = pos.col[us]
        evasion = -1
        near = self._near[them][k]
        if near is None:
            near = self._near[them][k] = [(code, self.reverse(code, k))
                                          for code in self.codes[them]
                                          if self.reverse(code, k)]
        for code, reach in near:
            cand = byc[code] & reach
            while cand:
                low = cand & -cand
                cand ^= low
                s = low.bit_length() - 1
                initial = self.kinds.has_initial[code >> 1] and pos.uses_initial(code, s)
                tab = self.kinds.tables(code, initial)
                if tab.fallback[s] is not None:
                    info.test_all = True
                    if self._walker_hits(pos, code, s, k, (), 0):
                        info.checkers |= low
                for kind, dep in self.paths(tab, code, initial, s, k):
                    blockers = dep & occ
                    if kind == "l" or (kind == "r" and not blockers):
                        info.checkers |= low
                        evasion &= low | dep
                    elif kind == "r":
                        if not blockers & (blockers - 1) and blockers & own:
                            b = blockers.bit_length() - 1
                            info.pin(b, dep | low)
                    else:
                        n = blockers.bit_count()
                        if n == 1:
                            info.checkers |= low
                            info.test_all = True
                        elif n == 2:
                            info.test_from |= blockers & own
                        elif n == 0:
                            info.test_to |= dep
        if cfg.flying:
            self._flying(pos, info, k, them, occ, own)
        if info.checkers:
            info.evasion = evasion
        return info

    def _flying(self, pos: Position, info: Safety, k: int, them: int, occ: int,
                own: int) -> None:
        """The generals' face-off (Fairy-Stockfish's flyingGeneral): the foe's royal acts as a
        rook towards ours, along files and ranks."""
        rays = self.cfg.rook_rays
        assert rays is not None
        foes = pos.royals(them)
        while foes:
            low = foes & -foes
            foes ^= low
            e = low.bit_length() - 1
            for kind, dep in self.paths(rays, 0, False, e, k):
                blockers = dep & occ
                if not blockers:
                    info.checkers |= low
                    info.test_all = True
                elif not blockers & (blockers - 1) and blockers & own:
                    b = blockers.bit_length() - 1
                    info.pin(b, dep | low)

    def _any_checked(self, pos: Position, royals: int, them: int) -> int:
        out = 0
        while royals:
            low = royals & -royals
            royals ^= low
            out |= self.attackers(pos, low.bit_length() - 1, them, pos.occ, royal=True)
        return out

    def in_check(self, pos: Position) -> bool:
        """Whether the side to move's royal pieces are attacked (as the rules count check)."""
        cfg = self.cfg
        us = pos.stm
        royals = pos.royals(us)
        if not royals or (cfg.several == "last" and royals & (royals - 1)):
            return False
        return bool(self._any_checked(pos, royals, us ^ 1))

"""The number of legal moves without building them: perft's last ply.

It takes the same decisions as ``Generator.legal`` on whole target sets (pins, evasions, tests
only where a move could expose the royal) and counts promotions by their choices; a node where
a rule family filters moves, or where it cannot be sure, is counted by generating the moves.
The differential tests hold ``count(pos) == len(legal(pos))`` on every position they visit.
The tables' look-up (``rel``, ``memo``, ``fill``) is written out in each loop rather than
called: it runs once per piece per node, perft's innermost loop, where every call is paid for.
"""

from __future__ import annotations

from typing import NamedTuple

from .attacks import Safety
from .geometry import squares_of as _squares
from .movegen import Generator
from .moves import Move
from .position import Position
from .tables import ShiftKey, Tables, shift_rows


# one code's unchanging facts, read once per code and node: (code, its tables, rel, memo, sm,
# sc; the initial tables (None: no ``i`` moves); the zone mask of the short loop, royal, simple,
# the promotion zone; walker and e.p. components, plain and with the initial)
Row = tuple[int, Tables, list[int], list[dict[int, tuple[int, int]]], list[int], list[int],
            Tables | None, int, bool, bool, int, bool, bool, bool, bool]
# the same of a code that is not royal and has no walker component, for the nodes where no
# move needs a test (most of them): (code, tables, rel, memo, sm, sc, the initial tables, the
# zone mask of the short loop, e.p. plain and with the initial, the shift rows of a leaper
# (None for other pieces) and the squares from which a shift may land in the promotion zone,
# of every piece and of pieces with their initial moves)
Calm = tuple[int, Tables, list[int], list[dict[int, tuple[int, int]]], list[int], list[int],
             Tables | None, int, bool, bool, "tuple[Shift, ...] | None", int, int]
# one side's rows: every code's, the calm codes', and the other codes'
Side = tuple[list[Row], list[Calm], list[Row]]
# (square-index difference, squares it applies from, 0 empty / 1 foe / 2 either, the
#  difference to the square a lame leg passes or 0, only for pieces with their initial moves)
Shift = tuple[int, int, int, int, bool]


def rows(gen: Generator) -> tuple[Side, Side]:
    """Each side's rows (see ``Side``), built at the first count of a game: its rules, zones
    and tables are fixed by then (the memos are cleared in place, never replaced)."""
    got: tuple[Side, Side] | None = gen.count_rows
    if got is not None:
        return got
    cfg = gen.cfg

    def build(_us: int, code: int, tab: Tables, itab: Tables | None) -> tuple[Row, Calm | None]:
        it = itab if itab is not None else tab
        simple = not cfg.immobile and not cfg.form[code >> 1] and not cfg.unform[code >> 1]
        zone = cfg.prom_zone[code]
        zmask = zone if simple else -1
        royal = cfg.royal_code[code]
        nfb, ifb = tab.has_fallback, tab.has_fallback or it.has_fallback
        nep, iep = tab.has_ep, tab.has_ep or it.has_ep
        row = (code, tab, tab.rel, tab.memo, tab.sm, tab.sc, itab, zmask, royal, simple, zone,
               nfb, ifb, nep, iep)
        if royal or ifb:
            return row, None
        shifts = _shifts(tab, itab) if simple else None
        near = vnear = 0
        for d, src, _which, _block, vonly in shifts or ():
            into = src & (zone >> d if d > 0 else zone << -d)
            if vonly:
                vnear |= into
            else:
                near |= into
        return row, (code, tab, tab.rel, tab.memo, tab.sm, tab.sc, itab, zmask, nep, iep,
                     shifts, near, vnear)

    def split(side: list[tuple[Row, Calm | None]]) -> Side:
        return ([row for row, _ in side], [calm for _, calm in side if calm is not None],
                [row for row, calm in side if calm is None])
    built = gen.side_rows(build)
    out = gen.count_rows = (split(built[0]), split(built[1]))
    return out


def _shifts(tab: Tables, itab: Tables | None) -> tuple[Shift, ...] | None:
    """The shift rows of a leaper (``tables.shift_rows``): those of its tables for every piece,
    and what its initial tables add for pieces that have their initial moves (None when
    they take a move away rather than add one)."""
    plain = shift_rows(tab)
    if plain is None:
        return None
    extra: dict[ShiftKey, int] = {}
    if itab is not None:
        initial = shift_rows(itab)
        if initial is None:
            return None
        for key, src in plain.items():
            if src & ~initial.get(key, 0):
                return None
        for key, src in initial.items():
            if src & ~plain.get(key, 0):
                extra[key] = src & ~plain.get(key, 0)
    return tuple((d, src, which, block, v) for v, part in ((False, plain), (True, extra))
                 for (d, which, block), src in part.items())


def count(gen: Generator, pos: Position) -> int:
    """How many legal moves the side to move has."""
    cfg = gen.cfg
    gen.nodes += 1
    for family in cfg.families:
        if family.ended(pos) is not None:
            return 0
        if family.filters:
            return len(gen.legal(pos))
    info = gen.att.safety(pos)
    us = pos.stm
    occ = pos.occ
    empty = cfg.board & ~occ
    foes = pos.col[us ^ 1]
    byc = pos.byc
    init_mask = pos.virgin if cfg.initial is None else cfg.initial[us]
    if info.unguarded:
        hard = watch = False
    else:
        hard = bool(info.checkers) or info.test_all
        watch = bool(info.pins or info.test_from or info.test_to)
    ep = pos.ep
    total = 0
    walked = False
    side_rows = gen.count_rows
    if side_rows is None:
        side_rows = rows(gen)
    every, calm, others = side_rows[us]
    if hard or watch:
        others = every
    else:
        # the short loop: no move of these codes needs a test; initial pieces by their tables
        sel: tuple[int, int, int] | None = None
        free = 0
        for (code, tab, rels, memos, sms, scs, itab, zmask, nep, iep, shifts, near,
             vnear) in calm:
            bb = byc[code]
            if not bb:
                continue
            virgin = bb & init_mask if itab is not None else 0
            has_ep = iep if virgin else nep
            pieces = bb
            if shifts is not None and not (bb & near or virgin & vnear) and \
                    len(shifts) < 2 * bb.bit_count():
                # leapers (pawns): every piece of the code at once, by shifts of their set;
                # a piece that may reach the promotion zone sends the code to the per-piece
                # count
                if sel is None:
                    sel = (empty, foes, empty | foes)
                    free = ~occ
                for d, src, which, block, vonly in shifts:
                    x = (virgin if vonly else bb) & src
                    if x:
                        if block:
                            x &= free >> block if block > 0 else free << -block
                        x = (x << d if d > 0 else x >> -d) & sel[which]
                        if x:
                            total += x.bit_count()
                if ep and has_ep:
                    total += _ep_count(gen, pos, info, code, pieces, init_mask, ep, empty)
                continue
            if not virgin:
                fill = tab.fill
                while bb:
                    low = bb & -bb
                    bb ^= low
                    s = low.bit_length() - 1
                    rel = rels[s]
                    if rel:
                        key = occ & rel
                        hit = memos[s].get(key)
                        if hit is None:
                            hit = fill(s, key)
                        targets = (hit[0] & empty) | (hit[1] & foes)
                    else:
                        targets = (sms[s] & empty) | (scs[s] & foes)
                    if targets:
                        if targets & zmask:
                            total += _multiplicity(gen, pos, code, s, targets)
                        else:
                            total += targets.bit_count()
            else:
                assert itab is not None
                while bb:
                    low = bb & -bb
                    bb ^= low
                    s = low.bit_length() - 1
                    t = itab if low & virgin else tab
                    rel = t.rel[s]
                    if rel:
                        key = occ & rel
                        hit = t.memo[s].get(key)
                        if hit is None:
                            hit = t.fill(s, key)
                        targets = (hit[0] & empty) | (hit[1] & foes)
                    else:
                        targets = (t.sm[s] & empty) | (t.sc[s] & foes)
                    if targets:
                        if targets & zmask:
                            total += _multiplicity(gen, pos, code, s, targets)
                        else:
                            total += targets.bit_count()
            if ep and has_ep:
                total += _ep_count(gen, pos, info, code, pieces, init_mask, ep, empty)
    for (code, tab, rels, memos, sms, scs, itab, zmask, royal, simple, zone, nfb, ifb, nep,
         iep) in others:
        bb = byc[code]
        if not bb:
            continue
        if itab is not None and bb & init_mask:
            virgin = bb & init_mask
            fallback, has_ep = ifb, iep
        else:
            virgin = 0
            fallback, has_ep = nfb, nep
        if royal and not (hard or fallback or virgin or has_ep or bb & (bb - 1)):
            # the one royal piece: its targets tested (or read from the danger map)
            s = bb.bit_length() - 1
            rel = rels[s]
            if rel:
                key = occ & rel
                hit = memos[s].get(key)
                if hit is None:
                    hit = tab.fill(s, key)
                targets = (hit[0] & empty) | (hit[1] & foes)
            else:
                targets = (sms[s] & empty) | (scs[s] & foes)
            if targets:
                if info.danger != -1 or info.unguarded or gen.att.fallback_codes or \
                        targets.bit_count() > 5:
                    targets = gen.safe_targets(pos, info, s, True, targets)
                else:
                    # its steps, tested as safe_targets tests them: each target unattacked
                    targets = gen.att.unattacked(pos, targets, us ^ 1, occ ^ (1 << s), True)
                    info.stepped |= targets
                if targets & zmask:
                    total += _multiplicity(gen, pos, code, s, targets)
                else:
                    total += targets.bit_count()
            continue
        # pieces needing care (checks, pins, screens, walker moves, several royals), and
        # the rare code whose walker component is only in the tables it is not using now
        n, w = _careful(gen, pos, info, Careful(code, tab, itab, bb, virgin, hard or royal, watch,
                                                royal, simple, zone, fallback, has_ep, init_mask))
        total += n
        walked = walked or w
    if walked:
        gen.walker_nodes += 1
    if cfg.drops:
        total += _drops(gen, pos, info)
    if cfg.castling is not None and pos.castle:
        total += gen.castlings.count(pos, info)
    return total


class Careful(NamedTuple):
    """The pieces of one code that ``_careful`` counts, and what the node says of them: their
    tables (``itab``: those of the pieces on ``virgin`` that have their initial moves), whether
    every target is tested (``careful``: checks, a royal) or only near pins and screens
    (``watch``), the code's row facts (``royal``, ``simple``, promotion ``zone``, walker
    ``fallback``, e.p. ``has_ep``) and the squares of pieces with initial moves
    (``init_mask``). A named tuple, not a dataclass: one is made per code at a node that needs
    care, on perft's hottest path."""

    code: int
    tab: Tables
    itab: Tables | None
    bb: int
    virgin: int
    careful: bool
    watch: bool
    royal: bool
    simple: bool
    zone: int
    fallback: bool
    has_ep: bool
    init_mask: int


def _careful(gen: Generator, pos: Position, info: Safety, of: Careful) -> tuple[int, bool]:
    """The count of the pieces ``of`` names whose moves need tests (a royal, checks, pins,
    screens) or the walker; and whether the walker was asked."""
    (code, tab, itab, bb, virgin, careful, watch, royal, simple, zone, fallback, has_ep,
     init_mask) = of
    occ = pos.occ
    empty = gen.cfg.board & ~occ
    foes = pos.col[pos.stm ^ 1]
    ep = pos.ep
    pins, test_from, test_to = info.pins, info.test_from, info.test_to
    total = 0
    walked = False
    while bb:
        low = bb & -bb
        bb ^= low
        s = low.bit_length() - 1
        t = itab if low & virgin and itab is not None else tab
        rel = t.rel[s]
        if rel:
            key = occ & rel
            hit = t.memo[s].get(key)
            m, c = hit if hit is not None else t.fill(s, key)
        else:
            m, c = t.sm[s], t.sc[s]
        targets = (m & empty) | (c & foes)
        if targets:
            if careful or (watch and (s in pins or low & test_from or targets & test_to)):
                targets = gen.safe_targets(pos, info, s, royal, targets)
            if simple and not targets & zone:
                total += targets.bit_count()
            elif targets:
                total += _multiplicity(gen, pos, code, s, targets)
        if ep and has_ep and t.ep[s] & ep:
            total += _ep_count(gen, pos, info, code, low, init_mask, ep, empty)
        if fallback:
            fb = t.fallback[s]
            if fb is not None:
                walked = True
                total += len(gen.walked_moves(pos, info, code, s, fb, m, c))
    return total, walked


def _ep_count(gen: Generator, pos: Position, info: Safety, code: int, pieces: int,
              init_mask: int, ep: int, empty: int) -> int:
    """The e.p. captures of the pieces of ``code`` on ``pieces``."""
    kinds = gen.kinds
    us = pos.stm
    board = pos.board
    victim = pos.ep_victim
    if not board[victim] or board[victim] & 1 == us:
        return 0
    total = 0
    pieces &= gen.att.ep_from(code, ep)
    while pieces:
        low = pieces & -pieces
        pieces ^= low
        s = low.bit_length() - 1
        t = kinds.tables(code, bool(low & init_mask) and kinds.has_initial[code >> 1])
        for e in _squares(t.ep[s] & ep & empty):
            if gen.safe(pos, info, Move(s, e, kills=(victim,))):
                total += 1
    return total


def _multiplicity(gen: Generator, pos: Position, code: int, s: int, targets: int) -> int:
    """How many moves the piece on ``s`` has to ``targets`` (promotion choices, plain moves
    where the rules allow them), as ``Generator.expand`` makes them."""
    cfg = gen.cfg
    live = cfg.live[code] if cfg.immobile else -1
    zone = cfg.prom_zone[code]
    form = cfg.form[code >> 1]
    if zone:
        z = targets & zone
        n = (targets & ~zone & live).bit_count()
        if z:
            n += z.bit_count() * len(gen.choices(pos, code))
            if not cfg.prom_mandatory[code]:
                n += (z & live).bit_count()
            if form and form not in cfg.prom_choices[code] and \
                    gen.under_limit(pos, code, form):
                fz = cfg.form_zone[code & 1]         # and its form, as expand makes it
                formed = z if (1 << s) & fz else z & fz
                if cfg.form_on_capture:
                    formed &= pos.occ
                n += formed.bit_count()
        return n
    if not form and cfg.unform[code >> 1]:
        # demotions, made as Generator.expand makes them (no limit)
        fz = cfg.form_zone[code & 1]
        pz = targets if (1 << s) & fz else targets & fz
        if cfg.form_on_capture:
            pz &= pos.occ
        n = pz.bit_count()
        if not cfg.form_mandatory:
            n += (pz & live).bit_count()
        return n + (targets & ~pz & live).bit_count()
    if form:
        fz = cfg.form_zone[code & 1]
        pz = targets if (1 << s) & fz else targets & fz
        if cfg.form_on_capture:
            pz &= pos.occ
        if pz and gen.under_limit(pos, code, form):
            n = pz.bit_count()
            if not cfg.form_mandatory:
                n += (pz & live).bit_count()
            return n + (targets & ~pz & live).bit_count()
    return (targets & live).bit_count()


def _drops(gen: Generator, pos: Position, info: object) -> int:
    cfg = gen.cfg
    us = pos.stm
    total = 0
    from .attacks import Safety
    assert isinstance(info, Safety)
    careful = not info.unguarded and (bool(info.checkers) or info.test_all)
    for k in gen.hand_kinds(pos):
        targets = gen.drop_targets(pos, 2 * k + us)
        for letter, code in gen.drop_forms(k, us):
            mask = targets
            check_rule = not cfg.drop_checks or cfg.royal_code[code]
            if not careful and not check_rule:
                risky = mask & info.test_to if not info.unguarded else 0
                total += (mask & ~risky).bit_count()
                mask = risky
            while mask:
                low = mask & -mask
                mask ^= low
                if gen.drop_ok(pos, info, Move(-1, low.bit_length() - 1, drop=letter), code):
                    total += 1
    return total

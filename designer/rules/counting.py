"""The number of legal moves without building them: perft's last ply.

It takes the same decisions as ``Generator.legal`` on whole target sets (pins, evasions, tests
only where a move could expose the royal) and counts promotions by their choices; a node where
a rule family filters moves, or where it cannot be sure, is counted by generating the moves.
The differential tests hold ``count(pos) == len(legal(pos))`` on every position they visit.
"""

from __future__ import annotations

from .attacks import Safety
from .geometry import squares_of as _squares
from .movegen import Generator
from .moves import Move
from .position import Position


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
    kinds = gen.kinds
    us = pos.stm
    occ = pos.occ
    empty = cfg.board & ~occ
    foes = pos.col[us ^ 1]
    byc = pos.byc
    board = pos.board
    has_initial = kinds.has_initial
    royal_code = cfg.royal_code
    prom_zone, form = cfg.prom_zone, cfg.form
    plain_count = not cfg.immobile
    init_mask = pos.virgin if cfg.initial is None else cfg.initial[us]
    unguarded = info.unguarded
    hard = not unguarded and (bool(info.checkers) or info.test_all)
    pins = info.pins
    test_from = info.test_from
    test_to = info.test_to
    watch = not unguarded and bool(pins or test_from or test_to)
    ep = pos.ep
    total = 0
    walked = False
    tables = kinds.tables
    normal = kinds.normal
    for code in gen.att.codes[us]:
        bb = byc[code]
        if not bb:
            continue
        zone = prom_zone[code]
        simple = plain_count and not form[code >> 1]
        royal = royal_code[code]
        tab = normal[code] or tables(code)
        careful = hard or royal
        if has_initial[code >> 1] and bb & init_mask:
            itab = tables(code, True)
            fallback = tab.has_fallback or itab.has_fallback
            has_ep = tab.has_ep or itab.has_ep
        else:
            itab = tab
            fallback = tab.has_fallback
            has_ep = tab.has_ep
        rels, memos, sms, scs = tab.rel, tab.memo, tab.sm, tab.sc
        if not careful and not watch and not fallback:
            # the common case, kept short: no test, no walker; initial pieces by their tables
            irels, imemos, isms, iscs = itab.rel, itab.memo, itab.sm, itab.sc
            zmask = zone if simple else -1
            pieces = bb
            while bb:
                low = bb & -bb
                bb ^= low
                s = low.bit_length() - 1
                if low & init_mask:
                    rel = irels[s]
                    if rel:
                        key = occ & rel
                        hit = imemos[s].get(key)
                        if hit is None:
                            hit = itab.fill(s, key)
                        targets = (hit[0] & empty) | (hit[1] & foes)
                    else:
                        targets = (isms[s] & empty) | (iscs[s] & foes)
                else:
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
                    if targets & zmask:
                        total += _multiplicity(gen, pos, code, s, targets)
                    else:
                        total += targets.bit_count()
            if ep and has_ep:
                total += _ep_count(gen, pos, info, code, pieces, init_mask, ep, empty)
            continue
        while bb:
            low = bb & -bb
            bb ^= low
            s = low.bit_length() - 1
            if low & init_mask and itab is not tab:
                t = itab
                rel = t.rel[s]
                if rel:
                    key = occ & rel
                    hit = t.memo[s].get(key)
                    m, c = hit if hit is not None else t.fill(s, key)
                else:
                    m, c = t.sm[s], t.sc[s]
            else:
                t = tab
                rel = rels[s]
                if rel:
                    key = occ & rel
                    hit = memos[s].get(key)
                    m, c = hit if hit is not None else t.fill(s, key)
                else:
                    m, c = sms[s], scs[s]
            targets = (m & empty) | (c & foes)
            if targets:
                if careful or (watch and (s in pins or low & test_from or targets & test_to)):
                    targets = gen._filter(pos, info, s, royal, targets)
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
                    total += len(gen._walked(pos, info, code, s, fb, m, c))
    if walked:
        gen.walker_nodes += 1
    if cfg.drops:
        total += _drops(gen, pos, info)
    if cfg.castling is not None and pos.castle:
        out: list[Move] = []
        gen._castlings(pos, info, out)
        total += len(out)
    return total


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
    where the rules allow them), as ``Generator._expand`` makes them."""
    cfg = gen.cfg
    live = cfg.live[code] if cfg.immobile else -1
    zone = cfg.prom_zone[code]
    if zone:
        z = targets & zone
        n = (targets & ~zone & live).bit_count()
        if z:
            n += z.bit_count() * len(gen.choices(pos, code))
            if not cfg.prom_mandatory[code]:
                n += (z & live).bit_count()
        return n
    form = cfg.form[code >> 1]
    if form:
        fz = cfg.form_zone[code & 1]
        pz = targets if (1 << s) & fz else targets & fz
        if cfg.form_on_capture:
            pz &= pos.occ
        if pz and gen._under_limit(pos, code, form):
            n = pz.bit_count()
            if not cfg.form_mandatory:
                n += (pz & live).bit_count()
            return n + (targets & ~pz & live).bit_count()
    return (targets & live).bit_count()


def _drops(gen: Generator, pos: Position, info: object) -> int:
    cfg = gen.cfg
    us = pos.stm
    hand = pos.hands[us]
    total = 0
    from .attacks import Safety
    assert isinstance(info, Safety)
    careful = not info.unguarded and (bool(info.checkers) or info.test_all)
    for k in range(1, len(hand)):
        if hand[k] <= 0:
            continue
        code = 2 * k + us
        mask = gen.drop_targets(pos, code)
        check_rule = not cfg.drop_checks
        if not careful and not check_rule:
            risky = mask & info.test_to if not info.unguarded else 0
            total += (mask & ~risky).bit_count()
            mask = risky
        letter = cfg.kinds.letters[k]
        while mask:
            low = mask & -mask
            mask ^= low
            if gen._drop_ok(pos, info, Move(-1, low.bit_length() - 1, drop=letter), code):
                total += 1
    return total

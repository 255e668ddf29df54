"""The captures-only moves (a search's quiescence moves) on a short path.

``Generator.legal(pos, captures=True)`` asks for the moves that take a foe or promote pawn-style;
most of a quiescence search's time went into asking every piece for them one call at a time.
Here a code whose moves need nothing but its tables (no walker component) is read straight
from its tables' memo (a move that may promote, pawn-style or Shogi-style, or that ends where
the piece could not move again, expanded into its choices as the general path does), and a piece's targets are tested only where
``attacks.Safety`` says they could expose the royal (the royal piece itself, a pin, a screen,
a line to the royal); every other code, and every code of a side in check or with several
royals, takes ``Generator.code_moves``, the general path. The moves and their order are
exactly the general path's (``tests/rules/test_captures.py`` compares both along random games
of every sample), so a search finds the same tree either way. The tables' look-up (``rel``,
``memo``, ``fill``) is written out in the loop as in ``counting``, not called: it runs once per
piece per node.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .moves import Move
from .position import Position
from .tables import Tables

if TYPE_CHECKING:   # the generator imports this module: the short path builds on it
    from .attacks import Safety
    from .movegen import Generator

# a code's unchanging facts: (code, its tables, its initial tables or None, whether the short
# path serves it, its pawn-style promotion zone, whether it is royal, its Shogi-style
# promotion zone (0 when it has no other form), the squares it may not end a move on)
Row = tuple[int, Tables, "Tables | None", bool, int, bool, int, int]


def rows(gen: Generator) -> tuple[list[Row], list[Row]]:
    """Each side's rows (see ``Row``), built at the first call of a game (its rules and
    tables are fixed by then)."""
    got: tuple[list[Row], list[Row]] | None = gen.capture_rows
    if got is not None:
        return got
    cfg = gen.cfg

    def build(us: int, code: int, tab: Tables, itab: Tables | None) -> Row:
        # a piece that may demote (cetus) takes the general path, which offers the choice
        short = not tab.has_fallback and (itab is None or not itab.has_fallback) and \
            not cfg.unform[code >> 1]
        form_zone = cfg.form_zone[us] if cfg.form[code >> 1] else 0
        dead = cfg.board & ~cfg.live[code] if cfg.immobile else 0
        return (code, tab, itab, short, cfg.prom_zone[code], cfg.royal_code[code], form_zone,
                dead)
    out = gen.capture_rows = gen.side_rows(build)
    return out


def captures(gen: Generator, pos: Position, info: Safety, out: list[Move]) -> None:
    """Append the captures-only moves of the side to move's pieces to ``out`` (drops and
    castlings take nothing), in the general path's order."""
    side_rows = gen.capture_rows
    if side_rows is None:
        side_rows = rows(gen)
    cfg = gen.cfg
    us = pos.stm
    occ = pos.occ
    foes = pos.col[us ^ 1]
    byc = pos.byc
    init_mask = pos.virgin if cfg.initial is None else cfg.initial[us]
    ep = pos.ep
    empty = cfg.board & ~occ
    guarded = not info.unguarded
    careful = guarded and (bool(info.checkers) or info.test_all)
    pins, test_from, test_to = info.pins, info.test_from, info.test_to
    memo = gen.plain_memo
    walked = False
    for code, tab, itab, short, zone, royal, form_zone, dead in side_rows[us]:
        bb = byc[code]
        if not bb:
            continue
        if careful or not short:
            if gen.code_moves(pos, info, out, code, bb, True):
                walked = True
            continue
        virgin = bb & init_mask if itab is not None else 0
        while bb:
            low = bb & -bb
            bb ^= low
            s = low.bit_length() - 1
            t = itab if low & virgin and itab is not None else tab
            rel = t.rel[s]
            if rel:
                key = occ & rel
                hit = t.memo[s].get(key)
                if hit is None:
                    hit = t.fill(s, key)
                targets = hit[1] & foes
                if zone:
                    targets |= hit[0] & empty & zone
            else:
                targets = t.sc[s] & foes
                if zone:
                    targets |= t.sm[s] & empty & zone
            if targets:
                if guarded and (royal or s in pins or low & test_from or targets & test_to):
                    targets = gen.safe_targets(pos, info, s, royal, targets)
                if targets & (zone | dead) or (low | targets) & form_zone:
                    while targets:          # promotions: expanded as the general path does
                        tlow = targets & -targets
                        targets ^= tlow
                        out.extend(gen.expand(pos, code, s, tlow.bit_length() - 1))
                elif targets:
                    got = memo.get((s, targets))
                    out.extend(got if got is not None else gen.plain_moves(s, targets))
            if ep and t.ep[s] & ep:
                gen.ep_moves(pos, info, out, s, t.ep[s] & ep & empty)
    if walked:
        gen.walker_nodes += 1

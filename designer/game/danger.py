"""The danger map: every square the side not to move attacks, built once per node for the
royal's own moves (one map beats an attack test per target square). Leapers whose captures are
the same from every square go all at once, by shifts of their whole bitboard; riders and the
rest square by square through their memo; pieces whose attacks depend on where the royal
stands (screens) or need the walker make the map undecidable (``None``: test each move)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .position import Position
from .tables import Tables

if TYPE_CHECKING:
    from .attacks import Attacks, Safety

Row = tuple[int, Tables, Tables | None, list[tuple[int, int, int]] | None, bool]


class DangerMap:
    """``attacks.danger(pos, info)`` for one game's ``Attacks`` (its rows built at first use)."""

    def __init__(self, att: Attacks):
        self.att = att
        self._rows: tuple[list[Row], list[Row]] | None = None

    def __call__(self, pos: Position, info: Safety) -> int | None:
        """Every square the side not to move attacks, once per node; None where such a map
        would not decide the royal's moves (in check, several royals, hoppers or walker
        pieces on the foe's side: their attacks depend on where the royal stands)."""
        if info.danger != -1:
            return info.danger
        if info.checkers or info.test_all or info.royal < 0:
            return None
        them = pos.stm ^ 1
        byc = pos.byc
        occ = pos.occ
        free = ~occ
        cfg = self.att.cfg
        init = pos.virgin if cfg.initial is None else cfg.initial[them]
        out = 0
        rows = self._rows
        if rows is None:
            rows = self._rows = (self._side(0), self._side(1))
        for code, tab, itab, shifts, unmappable in rows[them]:
            bb = byc[code]
            if not bb:
                continue
            if unmappable:
                return None
            if shifts is not None:           # leapers: all of them at once
                for d, src, block in shifts:
                    x = bb & src
                    if x:
                        if block:
                            x &= free >> block if block > 0 else free << -block
                        out |= x << d if d > 0 else x >> -d
                continue
            rels, scs, memo = tab.rel, tab.sc, tab.memo
            while bb:
                low = bb & -bb
                bb ^= low
                s = low.bit_length() - 1
                if itab is not None and low & init:
                    out |= itab.mc(s, occ)[1]
                    continue
                rel = rels[s]
                if not rel:
                    out |= scs[s]
                else:
                    key = occ & rel
                    hit = memo[s].get(key)
                    out |= (hit if hit is not None else tab.fill(s, key))[1]
        if cfg.flying:
            rays = cfg.rook_rays
            assert rays is not None
            foes = pos.royals(them)
            while foes:
                low = foes & -foes
                foes ^= low
                out |= rays.mc(low.bit_length() - 1, occ)[1]
        info.danger = out
        return out

    def _side(self, colour: int) -> list[Row]:
        """The danger map's rows of one side: code, tables, initial tables (None: no ``i``
        moves), the capture shifts of a leaper whose initial moves capture alike (None:
        piece by piece), whether its attacks cannot be mapped."""
        from .tables import shift_rows
        att = self.att
        k = att.kinds
        out: list[Row] = []
        for code in att.codes[colour]:
            tab = k.tables(code)
            itab = k.tables(code, True) if k.has_initial[code >> 1] else None
            rows = shift_rows(tab)
            shifts = None if rows is None else \
                sorted((d, src, block) for (d, which, block), src in rows.items() if which)
            if itab is not None and shifts is not None:
                irows = shift_rows(itab)
                if irows is None or shifts != sorted((d, src, block) for (d, which, block), src
                                                     in irows.items() if which):
                    shifts = None
            out.append((code, tab, itab, shifts, code in att.unmappable))
        return out

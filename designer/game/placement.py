"""Placement rules for drops onto an empty board (Fairy-Stockfish's ``placement`` and its
children), as the engine plays them.

``OppositeBishops`` (``Drops.opposite_bishops``) is ``Position::legal``'s "Illegal drop move":
a bishop may not be dropped where its side would end with more bishops on one colour of
square than half its bishops (board and hand, rounded up); any other drop must leave enough
empty squares of each colour in the bishop's drop region for the bishops still to come.
Dark squares are those whose file and rank add up to an even number (a1 is dark, as the
engine's ``DarkSquares``).

``DroppedCastling`` (``Castling.dropped_pieces``) is ``do_move``'s "Set castling rights for
dropped king or rook": a king dropped on its castling square gains the right to castle with
each rook already on a corner of its rank; a rook dropped on a corner gains it where its king
already stands on the king's square.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .families import RuleFamily
from ..rules.model import RuleSet
from .moves import Move
from .position import Position

if TYPE_CHECKING:
    from .config import Config


class OppositeBishops(RuleFamily):
    """Bishops dropped on both colours (see the module's docstring)."""

    name = "bishops dropped on both colours"
    plays = ("drops.opposite_bishops",)
    filters = True

    def __init__(self, cfg: "Config", rules: RuleSet):
        d = rules.drops
        assert d is not None
        self.cfg = cfg
        self.bishop = cfg.kinds.index.get(d.opposite_bishops, 0)
        geo = cfg.geo
        self.dark = sum(1 << s for s in range(geo.size)
                        if (geo.file_of[s] + geo.rank_of[s]) % 2 == 0) & cfg.board

    def filter(self, pos: Position, moves: list[Move]) -> list[Move]:
        if not self.bishop:
            return moves
        us = pos.stm
        code = 2 * self.bishop + us
        mine = pos.byc[code]
        total = mine.bit_count() + pos.hands[us][self.bishop]
        # the bishop's drop region (drop_region: no rule of doubling or enclosing limits a
        # bishop's drops in the variants that use this rule)
        region = self.cfg.drop_mask[code] & ~pos.occ
        dark, light = self.dark, self.cfg.board & ~self.dark
        out = []
        for mv in moves:
            if mv.origin >= 0:
                out.append(mv)
                continue
            tb = 1 << mv.target
            if self.cfg.kinds.index.get(mv.drop) == self.bishop:
                same = dark if tb & dark else light
                if (same & mine).bit_count() + 1 > (total + 1) // 2:
                    continue
            else:
                room = mine | (region & ~tb)
                if (dark & room).bit_count() < total // 2 or \
                        (light & room).bit_count() < total // 2:
                    continue
            out.append(mv)
        return out


class DroppedCastling(RuleFamily):
    """Castling rights gained by dropped kings and rooks (see the module's docstring)."""

    name = "castling with dropped pieces"
    plays = ("castling.dropped_pieces",)

    def __init__(self, cfg: "Config"):
        self.cfg = cfg

    def after(self, pos: Position, mv: Move) -> None:
        c = self.cfg.castling
        if mv.origin >= 0 or c is None:
            return
        us = pos.stm ^ 1
        cc = c[us]
        geo = self.cfg.geo
        t = mv.target
        if geo.rank_of[t] != cc.rank:
            return
        code = pos.board[t]
        corners = (geo.square(0, cc.rank), geo.square(geo.files - 1, cc.rank))
        if code >> 1 == cc.king and geo.file_of[t] == cc.king_file:
            for s in corners:
                piece = pos.board[s]
                if piece and piece & 1 == us and piece >> 1 in cc.rooks:
                    pos.castle |= 1 << s
        elif code >> 1 in cc.rooks and t in corners and \
                pos.board[geo.square(cc.king_file, cc.rank)] == 2 * cc.king + us:
            pos.castle |= 1 << t

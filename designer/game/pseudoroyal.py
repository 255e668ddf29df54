"""Pseudo-royal pieces (``Extinction.pseudo_royal``) and duple check (``Royalty.several ==
"all"``), decided as Fairy-Stockfish's ``Position::legal`` decides them.

A side's pieces of an extinction type are pseudo-royal while it has at most ``at_most + 1`` of
that type on the board (``Position::set_check_info``: the last ones left behave as royal).
A move is illegal when, after it, a pseudo-royal piece of the mover's stands attacked — unless
the move removed a pseudo-royal piece of the opponent's from the board (an e.p. capture or an
explosion) — or when it explodes one of the mover's own (self-explosion). With explosions, a
pseudo-royal piece touching one of the opponent's cannot be taken (the capture would blast the
captor's own) and so is never attacked. With duple check, a move is also illegal when every
piece of the extinction types the mover has stands attacked after it. The attack test looks at
the opponent's pieces as they stood before the move, with the board's occupancy after it, and
the captured and exploded pieces taken away: Fairy-Stockfish's ``attackers_to(sr, occupied)``
masked by ``attackerCandidatesTheirs``, which is also why explosions are counted here around
the capture square without the immune types, as ``legal`` counts them.

No immediate extinction is judged while pieces are pseudo-royal and captures do not explode
(``is_immediate_game_end``: such pieces cannot be captured); a side with no move whose
pseudo-royal piece is attacked is checkmated (``stalemate_value``), and ``checks`` says so.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .blast import kinds_mask, neighbours
from .families import RuleFamily
from .geometry import squares_of
from ..rules.model import RuleSet
from .moves import Move
from .position import Position

if TYPE_CHECKING:
    from .attacks import Attacks
    from .config import Config


class PseudoRoyalRule(RuleFamily):
    """The legality of moves with pseudo-royal pieces (see the module's docstring)."""

    name = "pseudo-royal pieces"
    plays = ("ending.extinction.pseudo_royal",)
    filters = True

    def __init__(self, cfg: "Config", rules: RuleSet, attacks: "Attacks"):
        e = rules.ending.extinction
        assert e is not None
        self.cfg = cfg
        self.att = attacks
        self.kinds = cfg.kinds.kinds_of(e.pieces)
        self.kind_set = set(self.kinds)
        self.limit = e.at_most
        self.duple = rules.royalty.several == "all"
        self.duck = rules.walls is not None and rules.walls.rule == "duck"
        self.blast = rules.blast is not None
        self.spared = cfg.kinds.kinds_of(rules.blast.spared) if rules.blast is not None else []
        self.adjacent = neighbours(cfg)

    # -- which pieces are pseudo-royal ------------------------------------------------------
    def royals(self, pos: Position, colour: int) -> int:
        """A side's pseudo-royal pieces: of each extinction type, its pieces while it has at
        most ``at_most + 1`` of them on the board."""
        out = 0
        for k in self.kinds:
            bb = pos.byc[2 * k + colour]
            if bb.bit_count() <= self.limit + 1:
                out |= bb
        return out

    def _candidates(self, pos: Position, colour: int) -> int:
        out = 0
        for k in self.kinds:
            out |= pos.byc[2 * k + colour]
        return out

    def _immune(self, s: int, theirs: int) -> bool:
        """Touching pseudo-royal pieces are immune where captures explode."""
        return self.blast and bool(self.adjacent[s] & theirs)

    # -- check ------------------------------------------------------------------------------
    def checks(self, pos: Position) -> bool:
        """Whether the side to move counts as in check by its pseudo-royal pieces
        (``checked_pseudo_royals``)."""
        us = pos.stm
        theirs = self.royals(pos, us ^ 1)
        ours = self.royals(pos, us)
        att = self.att
        for s in squares_of(ours):
            if not self._immune(s, theirs) and att.attackers(pos, s, us ^ 1, pos.occ):
                return True
        if self.duple:
            cands = self._candidates(pos, us)
            return bool(cands) and all(
                not self._immune(s, theirs) and att.attackers(pos, s, us ^ 1, pos.occ)
                for s in squares_of(cands))
        return False

    # -- legality ---------------------------------------------------------------------------
    def filter(self, pos: Position, moves: list[Move]) -> list[Move]:
        us = pos.stm
        ours = self.royals(pos, us)
        theirs = self.royals(pos, us ^ 1)
        cands = self._candidates(pos, us) if self.duple else 0
        if not ours and not cands:
            return moves
        return [mv for mv in moves if self._legal(pos, mv, ours, theirs, cands)]

    def _legal(self, pos: Position, mv: Move, ours: int, theirs: int, cands: int) -> bool:
        """Fairy-Stockfish's ``Position::legal``, "Check for attacks to pseudo-royal pieces"."""
        o, t, promo, drop, kills, rook, *_ = mv
        board = pos.board
        us, them = pos.stm, pos.stm ^ 1
        att = self.att
        occ = pos.occ ^ (1 << o) if o >= 0 else pos.occ
        if mv.wall >= 0:        # Position::legal: the duck leaves its square, the wall comes
            if self.duck:
                occ &= ~pos.walls
            occ |= 1 << mv.wall
        tb = 1 << t
        delta: list[tuple[int, int]] = [(o, 0)] if o >= 0 else []
        if rook >= 0:
            if ours >> o & 1:
                step = 1 if t > o else -1
                s = o
                while True:                  # the king's square and those it passes
                    if not self._immune(s, theirs) and att.attackers(pos, s, them, occ):
                        return False
                    s += step
                    if s == t or o == t:
                        break
            rto = t - 1 if rook > o else t + 1
            occ ^= (1 << rook) | (1 << rto)
            delta += [(rook, 0), (rto, board[rook])]
        occ |= tb
        code = board[o] if o >= 0 else 2 * self.cfg.drop_kinds(drop)[1] + us
        for x in kills:
            occ &= ~(1 << x)
            delta.append((x, 0))
        capture = rook < 0 and (bool(o >= 0 and t != o and board[t]) or
                                any(board[x] for x in kills))
        if capture and self.blast:
            spared = kinds_mask(pos, self.spared)
            occ &= ~((self.adjacent[t] & (pos.col[0] | pos.col[1]) & ~spared) | tb)
        delta.append((t, code if not promo else 2 * self.cfg.kinds.index[promo] + us))
        mine = ours
        if o < 0 and code >> 1 in self.kind_set:
            mine |= tb                                   # a dropped pseudo-royal piece
        if o >= 0 and mine >> o & 1:
            mine ^= (1 << o) | tb
        pk = self.cfg.kinds.index[promo] if promo else 0
        pawn_style = o >= 0 and bool(self.cfg.prom_zone[board[o]])
        if promo and pawn_style and pk in self.kind_set:
            if pos.byc[2 * pk + us].bit_count() > self.limit:
                mine &= ~pos.byc[2 * pk + us]            # one too many: no longer royal
            else:
                mine |= tb
        if mine & ~occ:
            return False                                  # self-explosion
        removed = (pos.occ & ~occ) | tb
        frozen = tuple(delta)
        if not theirs & ~occ:
            for s in squares_of(mine):
                if not self._immune(s, theirs) and \
                        att.attackers(pos, s, them, occ, removed, False, frozen):
                    return False
        if self.duple:
            if o >= 0 and cands >> o & 1:
                cands ^= (1 << o) | tb
            if promo and pawn_style and pk in self.kind_set:
                cands |= tb
            if cands and all(not self._immune(s, theirs) and
                             att.attackers(pos, s, them, occ, removed, False, frozen)
                             for s in squares_of(cands)):
                return False
        return True


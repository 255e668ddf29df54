"""Castling: which castlings the rights allow (remembered while the king stands where it did),
the squares each needs empty, and Fairy-Stockfish's test that the king does not pass through or
land on an attacked square. The generator asks ``moves`` for a node's castlings and ``ok`` for
a castling the walker made (the ``O`` atom)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .attacks import Attacks, Safety
from .moves import Move
from .position import Position

if TYPE_CHECKING:
    from .config import Config


class Castlings:
    """The castlings of one game (see the module)."""

    def __init__(self, cfg: "Config", attacks: Attacks):
        self.cfg = cfg
        self.att = attacks
        self._paths: dict[tuple[int, int, int], tuple[int, int]] = {}
        # per side and rights (``rights << 1 | side``): the king's square and code when
        # they were found, and the castlings
        self._remembered: dict[int, tuple[int, int, list[tuple[Move, int, int]]]] = {}
        # per colour, its codes whose attacks a piece standing in the way may create (hops)
        # or that the walker makes: while one is on the board, a square the royal stepped
        # onto safely may still be attacked with the royal at home (``_safe``)
        self._unsure = tuple([c for c in attacks.codes[colour] if c in attacks.unmappable]
                             for colour in (0, 1))

    def moves(self, pos: Position, info: Safety, out: list[Move]) -> None:
        """Append the castlings the side to move may make now."""
        if info.checkers:
            return
        us = pos.stm
        rights = pos.castle & pos.col[us]
        if not rights:
            return
        occ = pos.occ
        known = -1
        for mv, span, passed in self.options(pos, us, rights):
            if not occ & span:
                if known < 0:
                    known = self._known(pos, info)
                if self._safe(pos, info, mv, passed, known):
                    out.append(mv)

    def count(self, pos: Position, info: Safety) -> int:
        """How many castlings the side to move may make now (``moves``, no list made:
        perft's last ply asks it at every node where rights remain)."""
        if info.checkers:
            return 0
        us = pos.stm
        rights = pos.castle & pos.col[us]
        if not rights:
            return 0
        occ = pos.occ
        n = 0
        known = -1
        got = self._remembered.get(rights << 1 | us)         # ``options``, not called
        for mv, span, passed in got[2] if got is not None and pos.board[got[0]] == got[1] \
                else self.options(pos, us, rights):
            if not occ & span:
                if known < 0:
                    known = self._known(pos, info)
                if self._safe(pos, info, mv, passed, known):
                    n += 1
        return n

    def options(self, pos: Position, us: int, rights: int) -> list[tuple[Move, int, int]]:
        """The castlings of these rights (remembered while the king stands where it did)."""
        key = rights << 1 | us
        got = self._remembered.get(key)
        if got is None or pos.board[got[0]] != got[1]:
            k = pos.castle_king(us)
            got = (k, pos.board[k] if k >= 0 else -1, self._options(pos, us, rights))
            self._remembered[key] = got
        return got[2]

    def _options(self, pos: Position, us: int, rights: int) -> list[tuple[Move, int, int]]:
        """The castlings the rights allow, with the squares they need empty and safe."""
        cfg = self.cfg
        assert cfg.castling is not None
        cc = cfg.castling[us]
        geo = cfg.geo
        k = pos.castle_king(us)
        out: list[tuple[Move, int, int]] = []
        if k < 0:
            return out
        while rights:
            low = rights & -rights
            rights ^= low
            r = low.bit_length() - 1
            if pos.board[r] >> 1 not in cc.rooks:
                continue
            kto = geo.square(cc.kingside_to if r > k else cc.queenside_to, cc.rank)
            span, passed = self._path(k, r, kto)
            out.append((Move(k, kto, rook=r), span, passed))
        return out

    def _path(self, k: int, r: int, kto: int) -> tuple[int, int]:
        """The squares that must be empty (both pieces' paths, themselves excepted) and the
        squares the king passes or lands on."""
        key = (k, r, kto)
        got = self._paths.get(key)
        if got is None:
            rto = kto - 1 if r > k else kto + 1
            lo, hi = min(k, kto, r, rto), max(k, kto, r, rto)
            span = ((1 << (hi + 1)) - 1) ^ ((1 << lo) - 1)
            span &= ~((1 << k) | (1 << r))
            step = -1 if kto > k else 1
            passed = 0
            s = kto
            while s != k:
                passed |= 1 << s
                s += step
            got = (span, passed)
            self._paths[key] = got
        return got

    def ok(self, pos: Position, info: Safety, k: int, mv: Move) -> bool:
        """A castling the walker made (the ``O`` atom): the same test as the rules' own."""
        if info.checkers:
            return False
        span, passed = self._path(k, mv.rook, mv.target)
        return not pos.occ & span and self._safe(pos, info, mv, passed,
                                                 self._known(pos, info))

    def _known(self, pos: Position, info: Safety) -> int:
        """The squares a royal's own step onto was found safe at this node (the royal gone
        from its square): safe with it at home as well, as more pieces in the way only
        block; none while the foe has a piece whose attacks a screen makes or the walker
        decides."""
        known = info.stepped
        if known:
            byc = pos.byc
            for code in self._unsure[pos.stm ^ 1]:
                if byc[code]:
                    return 0
        return known

    def _safe(self, pos: Position, info: Safety, mv: Move, passed: int, known: int) -> bool:
        """Fairy-Stockfish's castling test (position.cpp legal(), castling_impeded): the king
        is not in check and no square it passes or lands on is attacked (the last one with
        the rook gone); ``known``: squares found safe already (``_known``)."""
        if info.unguarded:
            return True
        them = pos.stm ^ 1
        occ = pos.occ
        danger = info.danger
        files = self.cfg.geo.files
        if danger != -1:
            if danger & passed:
                return False
        else:
            todo = passed & ~known
            if todo and self.att.unattacked(pos, todo, them, occ, True) != todo:
                return False
        if mv.rook % files in (0, files - 1):
            return True      # the target was tested above; nothing behind a corner rook
        return not self.att.attacked(pos, mv.target, them, occ & ~(1 << mv.rook), 0, True)

"""Explosions on capture (Atomic chess and its kin), as Fairy-Stockfish plays them.

A capture explodes the capturing piece and every piece on the eight squares around the capture
square, pieces of the pawn type excepted (``Blast.spared``), and ``Blast.immune`` types nowhere
(``Position::do_move``, "Remove the blast pieces"). Where pieces go to hand, each blasted piece
joins the hand of the side that did not own it, demoted as a captured piece is. Castling rights
die with the pieces that held them. ``Blast.mutually_immune`` types may not capture their own
type (``Position::legal``, Atomar's diplomacy). Nothing else about legality changes: kings that
are not royal may touch and may explode (``nocheckatomic``); pseudo-royal kings are the business
of ``pseudoroyal``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .families import RuleFamily
from ..rules.model import RuleSet
from .moves import Move
from .position import Position

if TYPE_CHECKING:
    from .config import Config


def neighbours(cfg: "Config") -> list[int]:
    """Per square, the squares a king step away on the board (``attacks_bb<KING>``)."""
    geo = cfg.geo
    out = []
    for s in range(geo.size):
        f, r = geo.file_of[s], geo.rank_of[s]
        m = 0
        for df in (-1, 0, 1):
            for dr in (-1, 0, 1):
                if (df or dr) and geo.on(f + df, r + dr):
                    m |= 1 << geo.square(f + df, r + dr)
        out.append(m & cfg.board)
    return out


def kinds_mask(pos: Position, kinds: list[int]) -> int:
    """The squares of both sides' pieces of ``kinds``."""
    out = 0
    for k in kinds:
        out |= pos.byc[2 * k] | pos.byc[2 * k + 1]
    return out


def is_capture(pos: Position, mv: Move) -> bool:
    """Whether ``mv`` (not made yet) takes a piece of the opponent's."""
    board = pos.board
    them = pos.stm ^ 1
    if mv.rook >= 0:
        return False
    t = mv.target
    if mv.origin >= 0 and t != mv.origin and board[t] and board[t] & 1 == them:
        return True
    return any(board[x] and board[x] & 1 == them for x in mv.kills)


class BlastRule(RuleFamily):
    """Captures explode (see the module's docstring)."""

    name = "explosions"
    plays = ("blast",)

    def __init__(self, cfg: "Config", rules: RuleSet):
        blast = rules.blast
        assert blast is not None
        self.cfg = cfg
        self.spared = cfg.kinds.kinds_of(blast.spared)
        self.immune = cfg.kinds.kinds_of(blast.immune)
        self.mutual = set(cfg.kinds.kinds_of(blast.mutually_immune))
        self.filters = bool(self.mutual)
        self.adjacent = neighbours(cfg)

    def filter(self, pos: Position, moves: list[Move]) -> list[Move]:
        # Position::legal: a mutually immune type may not capture a piece of its own type
        board = pos.board
        return [mv for mv in moves if mv.origin < 0 or mv.target == mv.origin or
                not board[mv.target] or board[mv.target] >> 1 != board[mv.origin] >> 1 or
                board[mv.origin] >> 1 not in self.mutual]

    def after(self, pos: Position, mv: Move) -> None:
        undo = pos.stack[-1]
        if undo[1] is None or mv.rook >= 0:
            return
        changes: list[tuple[int, int]] = undo[1]
        hands: list[tuple[int, int, int]] = undo[2]
        mover = pos.stm ^ 1
        if not any(old and old & 1 != mover for _, old in changes):
            return                              # no capture: nothing explodes
        t = mv.target
        blast = (self.adjacent[t] & pos.occ & ~kinds_mask(pos, self.spared)) | (1 << t)
        blast &= (pos.col[0] | pos.col[1]) & ~kinds_mask(pos, self.immune)   # walls stay
        while blast:
            low = blast & -blast
            blast ^= low
            s = low.bit_length() - 1
            code = pos.board[s]
            pos.capture_to_hand(s, (code & 1) ^ 1, hands)   # to the hand of the side not owning it
            pos.put_undoable(s, 0, changes)
            pos.castle &= ~low
            if pos.castle and pos.is_castling_king(code, s):
                pos.castle &= ~self.cfg.geo.rank_masks[pos.castling_rank(code & 1)]
            pos.virgin &= ~low

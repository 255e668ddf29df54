"""Walls: squares no piece may enter or pass, placed as part of a move (Amazons' arrows, Duck
chess's duck, Snailtrail's trail, Atlantis's sunken squares) or left by a capturing piece that
turns to stone (petrification), as Fairy-Stockfish plays them.

A wall is in ``Position.occ`` and in neither side's pieces, so sliders stop before it, nothing
moves onto it and nothing captures it; ``Position.walls`` lists them and the family's state
(``Position.extra``) keeps them so that taking a move back restores them. A walling move
carries its wall square in ``Move.wall``; the rule makes each move once per square it may wall
(``movegen.cpp``'s ``make_move_and_gating``):

- any empty square of ``wallingRegion`` after the move (the squares the move frees count as
  empty, the target and a castling rook's new square do not, nor the squares walled before);
- ``arrow``: a square the moved piece could move to from its target, its origin vacated;
- ``past``: the square the piece left;
- ``edge``: on the board's edge or beside a wall;
- ``duck``: the wall moves: the old walls go as the new one comes (``Position::do_move``);
- ``wallOrMove``: a side either moves (no wall) or passes and places a wall.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .families import RuleFamily
from ..rules.model import RuleSet
from .moves import Move
from .position import Position

if TYPE_CHECKING:
    from .attacks import Attacks
    from .config import Config


class WallRule(RuleFamily):
    """Walls placed by moves, and by petrified capturers (see the module's docstring)."""

    name = "walls"
    plays = ("walls", "petrify")
    filters = True
    keyed = True

    def __init__(self, cfg: "Config", rules: RuleSet, attacks: "Attacks"):
        self.cfg = cfg
        self.att = attacks
        w = rules.walls
        self.rule = w.rule if w is not None else "none"
        self.wall_or_move = w is not None and w.wall_or_move
        self.whole_list = self.wall_or_move     # a pass with a wall comes with every list
        geo = cfg.geo
        self.region = [cfg.board, cfg.board]
        if w is not None and w.region is not None:
            self.region = [geo.mask(w.region.white) & cfg.board,
                           geo.mask(w.region.black) & cfg.board]
        self.edge = cfg.board & (geo.file_masks[0] | geo.file_masks[-1] | geo.rank_masks[0] |
                                 geo.rank_masks[-1])
        self.petrify = set(cfg.kinds.kinds_of(tuple(x for x in rules.petrify if x != "+blast")))
        self.petrify_blast = "+blast" in rules.petrify

    def taken_back(self, pos: Position) -> None:
        """After a move was taken back: the walls this family's state says."""
        walls = self.state(pos)
        pos.walls = walls if isinstance(walls, int) else 0
        pos.occ = pos.col[0] | pos.col[1] | pos.walls
        pos.walker_cache = None

    def initial(self, pos: Position, fen: dict[str, int]) -> object:
        return pos.walls

    # -- which squares a move may wall ----------------------------------------------------
    def _beside(self, walls: int) -> int:
        """Squares a step from a wall, orthogonally (``shift<NORTH>`` … ``shift<WEST>``)."""
        geo = self.cfg.geo
        files = geo.files
        not_first = ~geo.file_masks[0]
        not_last = ~geo.file_masks[-1]
        return (walls << files) | (walls >> files) | ((walls & not_last) << 1) | \
            ((walls & not_first) >> 1)

    def squares(self, pos: Position, mv: Move) -> int:
        """The squares ``mv`` may put its wall on (``make_move_and_gating``)."""
        o, t = mv.origin, mv.target
        occ = pos.occ
        if o >= 0:
            occ &= ~(1 << o)
        for x in mv.kills:                      # the e.p. victim's square is freed
            occ &= ~(1 << x)
        if mv.rook >= 0:
            occ &= ~(1 << mv.rook)
            occ |= 1 << (t - 1 if mv.rook > o else t + 1)
        b = self.cfg.board & ~(occ | (1 << t))
        if self.rule == "arrow" and o >= 0:
            code = pos.board[o]
            b &= self.cfg.kinds.tables(code).mc(t, pos.occ & ~(1 << o))[0]
        b &= self.region[pos.stm]
        if self.rule == "past":
            b &= 1 << o if o >= 0 else 0
        elif self.rule == "edge":
            b &= self.edge | self._beside(pos.walls)
        return b

    def filter(self, pos: Position, moves: list[Move]) -> list[Move]:
        if self.rule == "none":
            return moves
        out: list[Move] = []
        if self.wall_or_move:
            out.extend(moves)
            ours = pos.col[pos.stm]
            if ours and not self.att.in_check(pos):
                s = (ours & -ours).bit_length() - 1
                out.extend(self._walled(pos, Move(s, s)))
            return out
        for mv in moves:
            out.extend(self._walled(pos, mv))
        return out

    def _walled(self, pos: Position, mv: Move) -> list[Move]:
        b = self.squares(pos, mv)
        out = []
        while b:
            low = b & -b
            b ^= low
            out.append(mv._replace(wall=low.bit_length() - 1))
        return out

    # -- making a move --------------------------------------------------------------------
    def after(self, pos: Position, mv: Move) -> None:
        walls = pos.walls
        undo = pos.stack[-1]
        if self.petrify and undo[1] is not None and mv.origin >= 0 and mv.rook < 0:
            walls |= self._petrified(pos, mv, undo[1])
        if mv.wall >= 0:
            if self.rule == "duck":
                walls = 0          # do_move: "Reset wall squares for duck walling"
            walls |= 1 << mv.wall
        pos.walls = walls
        pos.occ = pos.col[0] | pos.col[1] | walls
        pos.walker_cache = None
        self.store(pos, walls)

    def _petrified(self, pos: Position, mv: Move, changes: list[tuple[int, int]]) -> int:
        """``do_move``: a capturing piece of ``petrifyOnCaptureTypes`` turns into a wall
        where it landed (and, with ``petrifyBlastPieces``, the pieces a blast removed)."""
        mover = pos.stm ^ 1
        captured = any(old and old & 1 != mover for _, old in changes)
        if not captured:
            return 0
        t = mv.target
        # the piece that landed (promoted already), on the board or blasted off it
        landed = pos.board[t] or next((old for s, old in reversed(changes)
                                       if s == t and old and old & 1 == mover), 0)
        out = 0
        if landed and landed >> 1 in self.petrify:
            if pos.board[t]:
                pos.put_undoable(t, 0, changes)
            out |= 1 << t
        if self.petrify_blast:
            for s, old in changes:
                if old and s != mv.target and s != mv.origin and not pos.board[s]:
                    out |= 1 << s
        return out

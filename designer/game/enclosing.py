"""Enclosing drops and flipping games (Reversi, Ataxx, Connect Four and their kin), as
Fairy-Stockfish plays them.

``enclosing_targets`` narrows where a piece may be dropped (``Drops.enclosing``), following
``Position::drop_region`` in ``src/position.h``: while a square of ``Drops.enclosing_start`` is
empty, drops go there only (Reversi's opening); otherwise ``reversi`` drops must enclose a line
of the opponent's pieces against one of one's own, ``ataxx`` (and ``quadwrangle``, which the
engine's last branch treats the same) drops must touch one's own piece, ``snort`` drops may not
touch an opponent's piece orthogonally, ``top`` drops go on the first rank or on top of a piece
(Connect Four), and ``anyside`` drops slide in from any edge until they meet a piece.

``FlipRule`` turns pieces over after a move (``RuleSet.flip``, ``Position::do_move``, "Flip
enclosed pieces"): ``reversi`` flips each line of opponent's pieces the moved piece encloses
against one of one's own; ``ataxx`` every opponent's piece next to the square reached;
``quadwrangle`` the same, after a move on the board or a drop next to one's own piece. Passes
flip nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .families import RuleFamily
from ..rules.model import RuleSet
from .moves import Move
from .position import Position

if TYPE_CHECKING:
    from .config import Config

Step = tuple[int, int]
KING_STEPS: tuple[Step, ...] = ((1, 0), (-1, 0), (0, 1), (0, -1),
                                (1, 1), (-1, -1), (1, -1), (-1, 1))


def _ray(cfg: "Config", s: int, step: Step) -> list[int]:
    """The squares from ``s`` (not included) in direction ``step`` up to the board's edge."""
    geo = cfg.geo
    f, r = geo.file_of[s] + step[0], geo.rank_of[s] + step[1]
    out = []
    while geo.on(f, r):
        out.append(geo.square(f, r))
        f, r = f + step[0], r + step[1]
    return out


class Enclosing:
    """The rays and neighbours of each square, for enclosing drops and flips."""

    def __init__(self, cfg: "Config"):
        self.cfg = cfg
        size = cfg.geo.size
        self.rays = [[_ray(cfg, s, step) for step in KING_STEPS] for s in range(size)]
        self.near = [0] * size          # a king step away (PseudoAttacks[KING])
        self.near4 = [0] * size         # a wazir step away (the four orthogonal shifts)
        for s in range(size):
            for i, ray in enumerate(self.rays[s]):
                if ray:
                    self.near[s] |= 1 << ray[0]
                    if i < 4:
                        self.near4[s] |= 1 << ray[0]

    def _around(self, bb: int, table: list[int]) -> int:
        out = 0
        while bb:
            low = bb & -bb
            bb ^= low
            out |= table[low.bit_length() - 1]
        return out

    def encloses(self, pos: Position, s: int, colour: int) -> bool:
        """Whether a drop on ``s`` encloses a line for ``colour`` (``drop_region``, REVERSI:
        the ray passes the opponent's pieces and wall squares, and must end on one's own
        piece more than a step away)."""
        theirs, ours = pos.col[colour ^ 1], pos.col[colour]
        passable = theirs | pos.walls | self.cfg.holes    # holes: the engine's wall squares
        for ray in self.rays[s]:
            for i, x in enumerate(ray):
                if passable >> x & 1:
                    continue
                if i > 0 and ours >> x & 1:
                    return True
                break
        return False

    def targets(self, pos: Position, colour: int, rule: str, start: int, mask: int) -> int:
        """``mask`` narrowed by the enclosing rule ``rule`` for a drop by ``colour``."""
        if start & ~(pos.occ | self.cfg.holes):
            return mask & start
        if rule == "reversi":
            mask &= self._around(pos.col[colour ^ 1], self.near)
            out = 0
            b = mask
            while b:
                low = b & -b
                b ^= low
                if self.encloses(pos, low.bit_length() - 1, colour):
                    out |= low
            return out
        if rule == "snort":
            return mask & ~self._around(pos.col[colour ^ 1], self.near4)
        if rule == "top":
            geo = self.cfg.geo
            return mask & ((pos.occ << geo.files) | geo.rank_masks[0]) & self.cfg.board
        if rule == "anyside":
            return self._anyside(pos)
        return mask & self._around(pos.col[colour], self.near)     # ataxx, quadwrangle

    def _anyside(self, pos: Position) -> int:
        """The first empty square met by a piece pushed in from each end of each rank and
        file (``drop_region``, ANYSIDE, bit for bit: per edge, the lowest empty square next
        to a piece or the far edge, on each line whose edge square is empty)."""
        geo, board = self.cfg.geo, self.cfg.board
        occ = pos.occ | self.cfg.holes
        files = geo.files
        first_file, last_file = geo.file_masks[0], geo.file_masks[-1]
        first_rank, last_rank = geo.rank_masks[0], geo.rank_masks[-1]
        west = (occ & ~first_file) >> 1
        east = (occ & ~last_file) << 1
        south = occ >> files
        north = occ << files
        out = 0
        for cands, lines, edge in (((west | last_file) & ~occ, geo.rank_masks, first_file),
                                   ((south | last_rank) & ~occ, geo.file_masks, first_rank),
                                   ((north | first_rank) & ~occ, geo.file_masks, last_rank),
                                   ((east | first_file) & ~occ, geo.rank_masks, last_file)):
            for line in lines:
                if not occ & line & edge:
                    b = cands & line & board
                    out |= b & -b
        return out & board

    def flipped(self, pos: Position, mv: Move, rule: str, mover: int) -> int:
        """The opponent's pieces ``mv`` (made already) turns over (``do_move``)."""
        t = mv.target
        theirs, ours = pos.col[mover ^ 1], pos.col[mover] & ~(1 << t)
        if rule == "reversi":
            # the ray passes the opponent's pieces only; anything else ends it
            out = 0
            for ray in self.rays[t]:
                line = 0
                for i, x in enumerate(ray):
                    if theirs >> x & 1:
                        line |= 1 << x
                        continue
                    if i > 0 and ours >> x & 1:
                        out |= line
                    break
            return out
        if rule == "quadwrangle" and mv.origin < 0 and not self.near[t] & ours:
            return 0
        return self.near[t] & theirs


class FlipRule(RuleFamily):
    """Enclosed or neighbouring pieces change sides (see the module's docstring)."""

    name = "flipping"
    plays = ("flip",)

    def __init__(self, cfg: "Config", rules: RuleSet):
        self.rule = rules.flip
        self.geometry = Enclosing(cfg)

    def after(self, pos: Position, mv: Move) -> None:
        from .passing import is_pass
        undo = pos.stack[-1]
        if undo[1] is None or is_pass(mv):
            return                                   # passes flip nothing
        changes: list[tuple[int, int]] = undo[1]
        mover = pos.stm ^ 1
        b = self.geometry.flipped(pos, mv, self.rule, mover)
        while b:
            low = b & -b
            b ^= low
            s = low.bit_length() - 1
            pos.put_undoable(s, pos.board[s] ^ 1, changes)   # the same piece, the other side's

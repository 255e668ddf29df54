"""The game's state: a mailbox and bitboards per code and colour, hands, rights and counters,
changed in place by ``push`` and restored exactly by ``pop``.

``board[s]`` is the code on square ``s`` (0 empty); ``byc[code]`` the squares of each code,
``col[colour]`` each side's, ``occ`` all of them. ``virgin`` holds the squares of pieces that
have not moved (XBoard's initial moves), ``castle`` the squares of the pieces castling rights
remain with, ``promoted`` pawns promoted pawn-style (``Q~``: back to hand as pawns). ``ep`` are
the squares an e.p. capture may land on and ``ep_victim`` the square of the piece it takes.
``key`` is a Zobrist hash of what repetition compares (board, hands, side, rights, e.p.).
``extra`` is state of rule families (e.g. Chu's Lion counterstrike), saved and restored with
every move.
"""

from __future__ import annotations

import random
from typing import Any

from ..engine.position import PieceBoard
from .config import Config
from .moves import Move

Undo = tuple[Any, ...]


class Position:
    """A position of one game (see the module's docstring)."""

    __slots__ = ("cfg", "board", "byc", "col", "occ", "stm", "ep", "ep_victim", "virgin",
                 "castle", "promoted", "hands", "half", "full", "key", "extra", "stack",
                 "zob", "zhand", "zside", "walker_cache", "fen_info", "walls")

    def __init__(self, cfg: Config):
        self.cfg = cfg
        size, n = cfg.geo.size, cfg.ncodes
        self.board = [0] * size
        self.byc = [0] * n
        self.col = [0, 0]
        self.occ = 0
        self.stm = 0
        self.ep = 0
        self.ep_victim = -1
        self.virgin = 0
        self.castle = 0
        self.promoted = 0
        self.hands = [[0] * (n // 2), [0] * (n // 2)]
        self.half = 0
        self.full = 1
        self.extra: tuple[Any, ...] = ()
        self.stack: list[Undo] = []
        self.fen_info: dict[str, int] = {}     # what a FEN said beyond the position
        rng = random.Random(0x5EED)
        self.zob = [[rng.getrandbits(64) for _ in range(size)] for _ in range(n)]
        self.zhand = [rng.getrandbits(64) for _ in range(n)]
        self.zside = rng.getrandbits(64)
        self.key = 0
        self.walker_cache: PieceBoard | None = None   # the walker's view (``walker_view``)
        self.walls = 0         # wall squares (``walls``): in ``occ``, of neither side

    # -- squares --------------------------------------------------------------------------
    def set_square(self, s: int, code: int) -> None:
        """Put ``code`` on ``s`` (0 empties it), keeping bitboards and key in step."""
        old = self.board[s]
        if old == code:
            return
        b = 1 << s
        self.board[s] = code
        if old:
            self.byc[old] ^= b
            self.col[old & 1] ^= b
            self.occ ^= b
            self.key ^= self.zob[old][s]
        if code:
            self.byc[code] |= b
            self.col[code & 1] |= b
            self.occ |= b
            self.key ^= self.zob[code][s]
        self.walker_cache = None

    def put_undoable(self, s: int, code: int, changes: list[tuple[int, int]]) -> None:
        """``set_square``, noting the square's old piece in ``changes`` for the take-back
        (the families that change squares beyond the move: explosions, walls, flips)."""
        old = self.board[s]
        if old != code:
            changes.append((s, old))
            self.set_square(s, code)

    def add_hand(self, colour: int, kind: int, delta: int) -> None:
        n = self.hands[colour][kind]
        code = 2 * kind + colour
        self.key ^= self.zhand[code] * (n + 1) & 0xFFFFFFFFFFFFFFFF
        self.hands[colour][kind] = n + delta
        self.key ^= self.zhand[code] * (n + delta + 1) & 0xFFFFFFFFFFFFFFFF

    def royals(self, colour: int) -> int:
        """The squares of a side's royal pieces."""
        byc = self.byc
        out = 0
        for code in self.cfg.royal_codes[colour]:
            out |= byc[code]
        return out

    def rekey(self) -> None:
        """Compute the key from scratch (after setting up a position)."""
        key = 0
        for s, code in enumerate(self.board):
            if code:
                key ^= self.zob[code][s]
        for colour in (0, 1):
            for k, n in enumerate(self.hands[colour]):
                if n:
                    key ^= self.zhand[2 * k + colour] * (n + 1) & 0xFFFFFFFFFFFFFFFF
        self.key = key ^ (self.zside if self.stm else 0)

    # -- making and unmaking moves --------------------------------------------------------
    def full_key(self) -> int:
        """The key repetition compares: pieces, hands, side to move, rights, e.p. and the
        state of the rule families that belong to the position (the checks still needed)."""
        return self.key ^ (hash((self.castle, self.ep, self._keyed(self.extra)))
                           & 0xFFFFFFFFFFFFFFFF)

    def history_keys(self) -> list[int]:
        """The full keys of the positions before each move played, oldest first (from the
        undo records, which keep key, rights, e.p. and families' state of the position they
        restore; a plain move's record has no families' state, as it has no such family)."""
        return [(undo[8] if undo[1] is None else undo[10]) ^
                (hash((undo[6], undo[3], self._keyed(() if undo[1] is None else undo[11])))
                 & 0xFFFFFFFFFFFFFFFF) for undo in self.stack]

    def _keyed(self, extra: tuple[Any, ...]) -> tuple[Any, ...]:
        return tuple(extra[f.slot] for f in self.cfg.families if f.keyed) if extra else ()

    def push(self, mv: Move) -> None:
        """Play ``mv`` (assumed legal: the generator made it)."""
        o, t, promo, _, kills, rook, _, _ = mv        # a plain unpacking: no list made
        cfg = self.cfg
        if cfg.simple_moves and o >= 0 and rook < 0 and not promo and not kills and o != t:
            castle = self.castle
            board = self.board
            code = board[o]
            if not castle or not (castle >> o & 1 or code >> 1 in cfg.castle_kings):
                # a plain move or capture: none of the general bookkeeping below
                byc, col = self.byc, self.col
                us = code & 1
                captured = board[t]
                ob, tb = 1 << o, 1 << t
                obt = ob | tb
                zc = self.zob[code]
                self.stack.append((mv, None, captured, self.ep, self.ep_victim, self.virgin,
                                   castle, self.half, self.key))
                key = self.key ^ zc[o] ^ zc[t] ^ self.zside
                if captured:
                    byc[captured] ^= tb
                    col[us ^ 1] ^= tb
                    key ^= self.zob[captured][t]
                    self.half = 0
                    self.occ ^= ob
                else:
                    self.occ ^= obt
                    self.half = 0 if code in cfg.reset_codes else self.half + 1
                board[o] = 0
                board[t] = code
                byc[code] ^= obt
                col[us] ^= obt
                self.key = key
                if self.virgin:
                    self.virgin &= ~obt
                if castle:
                    self.castle = castle & ~tb
                passes = cfg.ep_pass[code]
                if passes is not None:
                    got = passes.get(o << 16 | t)
                    if got:
                        self.ep, self.ep_victim = self.takeable(got & cfg.ep_region[us ^ 1],
                                                                 us ^ 1), t
                    else:
                        self.ep, self.ep_victim = 0, -1
                elif self.ep:
                    self.ep, self.ep_victim = 0, -1
                if us:
                    self.full += 1
                self.stm = us ^ 1
                self.walker_cache = None
                return
        self._push(mv)

    def takeable(self, squares: int, them: int) -> int:
        """The e.p. squares of ``squares`` that a piece of ``them`` could take on (by its
        moves, its own king's safety aside): only those are kept, and so only they enter
        the position's key, as Fairy-Stockfish's do_move sets an e.p. square only where an
        opposing pawn attacks it (and python-chess compares positions with an e.p. square
        only where the capture is possible): a double step no pawn can answer repeats the
        position it leads to."""
        kinds = self.cfg.kinds
        byc = self.byc
        found = 0
        for code, origins in self.cfg.ep_takers[them]:
            bb = byc[code]
            if not bb:
                continue
            near = 0                  # only pieces that could take on one of the squares
            sq = squares
            while sq:
                low = sq & -sq
                sq ^= low
                near |= origins[low.bit_length() - 1]
            bb &= near
            while bb:
                low = bb & -bb
                bb ^= low
                s = low.bit_length() - 1
                tab = kinds.tables(code, kinds.has_initial[code >> 1] and
                                   self.uses_initial(code, s))
                found |= tab.ep[s] & squares
                if found == squares:
                    return found
        return found

    def _push(self, mv: Move) -> None:
        """``push`` with all the bookkeeping: drops, castling, promotions, kills, hands."""
        cfg = self.cfg
        us = self.stm
        o, t, promo, drop, kills, rook, *_ = mv
        changes: list[tuple[int, int]] = []
        hands: list[tuple[int, int, int]] = []
        undo = (mv, changes, hands, self.ep, self.ep_victim, self.virgin, self.castle,
                self.half, self.full, self.promoted, self.key, self.extra)
        board = self.board
        index = cfg.kinds.index
        reset = False
        new_ep, victim = 0, -1
        touched = 1 << t
        if o < 0:
            k, placed = cfg.drop_kinds(drop)       # a promoted drop: from hand as it was
            self.put_undoable(t, 2 * placed + us, changes)
            if not cfg.free_drops:            # free drops come from an endless supply
                self.add_hand(us, k, -1)
                hands.append((us, k, -1))
            reset = True             # a drop cannot be undone (Fairy-Stockfish's do_move)
        else:
            code = board[o]
            k = code >> 1
            touched |= 1 << o
            if o == t and not promo and not kills:
                # a pass, or a turn that only places a wall (wallOrMove): no castling right
                # is lost (Fairy-Stockfish's do_move leaves them alone for a pass move)
                touched = 0
            if touched and self.castle and self.is_castling_king(code, o):
                self.castle &= ~self.cfg.geo.rank_masks[self.castling_rank(us)]
            if rook >= 0:
                rcode = board[rook]
                rto = t - 1 if rook > o else t + 1
                touched |= 1 << rook
                self.put_undoable(o, 0, changes)
                self.put_undoable(rook, 0, changes)
                self.put_undoable(t, code, changes)
                self.put_undoable(rto, rcode, changes)
            else:
                for x in kills:
                    touched |= 1 << x
                    if board[x]:
                        self.capture_to_hand(x, us, hands)
                        self.put_undoable(x, 0, changes)        # the victim leaves the board
                        reset = True
                if t != o and board[t]:
                    self.capture_to_hand(t, us, hands)
                    reset = True
                was_promoted = self.promoted >> o & 1
                self.promoted &= ~(1 << o)
                newcode = code
                if promo:
                    newcode = 2 * index[promo] + us
                    if cfg.prom_zone[code] and cfg.to_hand:
                        self.promoted |= 1 << t
                elif was_promoted:
                    self.promoted |= 1 << t
                self.put_undoable(o, 0, changes)
                self.put_undoable(t, newcode, changes)
                if k in cfg.resets[us]:
                    reset = True
                passes = cfg.ep_pass[code]
                # a promoting double step leaves no e.p. square (Fairy-Stockfish's do_move)
                if passes is not None and not promo and passes.get(o << 16 | t):
                    new_ep, victim = passes[o << 16 | t] & cfg.ep_region[us ^ 1], t
        self.virgin &= ~touched
        self.castle &= ~touched
        if new_ep:
            # placed after the board is complete: the takers are the opponent's pieces now
            new_ep = self.takeable(new_ep, us ^ 1)
        self.ep, self.ep_victim = new_ep, victim
        self.half = 0 if reset else self.half + 1
        if us:
            self.full += 1
        self.stm = us ^ 1
        self.key ^= self.zside
        self.stack.append(undo)
        for family in cfg.families:
            family.after(self, mv)

    def capture_to_hand(self, s: int, us: int, hands: list[tuple[int, int, int]]) -> None:
        """The piece on ``s`` is captured: to the captor's hand where the rules say so."""
        cfg = self.cfg
        code = self.board[s]
        if cfg.to_hand and code:
            k = code >> 1
            if not cfg.keep_promoted:
                k = cfg.pawn_of_promoted.get(k, k) if self.promoted >> s & 1 else cfg.demote[k]
            self.add_hand(us, k, 1)
            hands.append((us, k, 1))
        self.promoted &= ~(1 << s)

    def uses_initial(self, code: int, s: int) -> bool:
        """Whether the piece of ``code`` on ``s`` may make its initial (``i``) moves."""
        init = self.cfg.initial
        if init is None:
            return bool(self.virgin >> s & 1)
        return bool(init[code & 1] >> s & 1)

    def castle_king(self, colour: int) -> int:
        """The square of the king a side's castling rights belong to (-1: none)."""
        c = self.cfg.castling
        if c is None or not c[colour].king:
            return -1
        cc = c[colour]
        geo = self.cfg.geo
        kings = self.byc[2 * cc.king + colour] & geo.rank_masks[cc.rank]
        if not kings:
            return -1
        if not kings & (kings - 1):
            return kings.bit_length() - 1
        k = geo.square(cc.king_file, cc.rank)
        return k if self.board[k] == 2 * cc.king + colour else -1

    def is_castling_king(self, code: int, s: int) -> bool:
        """Whether the piece of ``code`` on ``s`` is a king castling rights belong to."""
        c = self.cfg.castling
        if c is None:
            return False
        cc = c[code & 1]
        return code >> 1 == cc.king and s // self.cfg.geo.files == cc.rank

    def castling_rank(self, colour: int) -> int:
        """The rank a side's castling rights belong to."""
        c = self.cfg.castling
        assert c is not None
        return c[colour].rank

    def pop(self) -> Move:
        """Take back the last move; returns it."""
        undo = self.stack.pop()
        if undo[1] is None:                  # a plain move (see push)
            mv, _, captured, self.ep, self.ep_victim, self.virgin, self.castle, self.half, \
                self.key = undo
            o, t = mv[0], mv[1]
            board, byc, col = self.board, self.byc, self.col
            code = board[t]
            ob, tb = 1 << o, 1 << t
            board[o] = code
            board[t] = captured
            byc[code] ^= ob | tb
            us = code & 1
            col[us] ^= ob | tb
            if captured:
                byc[captured] |= tb
                col[us ^ 1] |= tb
                self.occ ^= ob
            else:
                self.occ ^= ob | tb
            if us:
                self.full -= 1
            self.stm = us
            self.walker_cache = None
            return mv                                                   # type: ignore[no-any-return]
        (mv, changes, hands, self.ep, self.ep_victim, self.virgin, self.castle, self.half,
         self.full, self.promoted, key, self.extra) = undo
        for s, old in reversed(changes):
            self.set_square(s, old)
        for colour, kind, delta in reversed(hands):
            self.hands[colour][kind] -= delta
        if self.cfg.walled:                 # walls live outside the squares: their family
            for family in self.cfg.families:  # sets them back from its state
                family.taken_back(self)
        self.stm ^= 1
        self.key = key
        self.walker_cache = None
        return mv                                                       # type: ignore[no-any-return]

"""Legal moves: every piece's targets from its tables (or the walker for what the tables cannot
make), promotions, e.p., castling and drops, minus those that leave a royal piece attacked or
break a rule; and the same count without building the moves (``count``, for perft).

Legality follows ``attacks.Safety``: a move of a piece that does not guard the royal, to a
square that is no hopper's screen, cannot expose it and needs no test; a pinned piece keeps to
its line; a check is answered by taking or blocking the checker (or a test where hoppers or
walker pieces are involved); everything else is tested by asking who would attack the royal
after the move (``safe``). The count follows the same decisions on whole target sets.

The fast paths beside it (``counting``, ``capturegen``) reuse its steps, which are public for
them: ``safe_targets``, ``code_moves``, ``ep_moves``, ``expand``, ``walked_moves``,
``under_limit``, ``drop_ok`` and the plain-move memo ``plain_memo``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Iterator, TypeVar

from ..engine.generate import generate
from ..engine.moves import CASTLING, PieceMove
from .attacks import Attacks, Safety
from .capturegen import captures
from .castling_moves import Castlings
from .walker_view import walker_position
from .geometry import squares_of as _squares
from .enclosing import Enclosing
from .moves import Move
from .position import Position

if TYPE_CHECKING:
    from .capturegen import Row as CaptureRow
    from .config import Config
    from .counting import Side as CountSide
    from .tables import Tables

R = TypeVar("R")


class Generator:
    """Legal moves and counts for one game."""

    def __init__(self, cfg: "Config", attacks: Attacks):
        self.cfg = cfg
        self.att = attacks
        self.kinds = cfg.kinds
        self.plain_memo: dict[tuple[int, int], list[Move]] = {}   # plain moves per target set
        self.nodes = 0                 # positions whose moves were made or counted
        self.walker_nodes = 0          # of those, positions at which a piece needed the walker
        self.walker_moves = 0
        # counting's and capturegen's per-code facts, built at the first count / call
        self.count_rows: tuple[CountSide, CountSide] | None = None
        self.capture_rows: tuple[list[CaptureRow], list[CaptureRow]] | None = None
        self._captures = captures      # the captures' short path (it builds on this module)
        self.enclosing = Enclosing(cfg) if cfg.enclosing != "none" else None
        self.castlings = Castlings(cfg, attacks)

    def side_rows(self, build: Callable[[int, int, Tables, Tables | None], R]
                  ) -> tuple[list[R], list[R]]:
        """Per side, one row per piece code of that side: ``build(side, code, tables, initial
        tables or None)``. The count and the captures' short path each keep such rows of the
        per-code facts their loops read, built once per game."""
        kinds = self.kinds
        has_initial = kinds.has_initial

        def side(us: int) -> list[R]:
            return [build(us, code, kinds.tables(code),
                          kinds.tables(code, True) if has_initial[code >> 1] else None)
                    for code in self.att.codes[us]]
        return side(0), side(1)

    # -- one move's safety ------------------------------------------------------------------
    def safe(self, pos: Position, info: Safety, mv: Move) -> bool:
        """Whether ``mv`` leaves the mover's royal pieces unattacked (a light make-and-test:
        occupancy and removed pieces after the move, nothing pushed)."""
        if info.unguarded:
            return True
        o, t, _, drop, kills, rook, *_ = mv
        board = pos.board
        us = pos.stm
        occ = pos.occ
        tb = 1 << t
        removed = tb if board[t] and t != o else 0
        delta: list[tuple[int, int]] = []
        for x in kills:
            removed |= 1 << x
            occ &= ~(1 << x)
            delta.append((x, 0))
        code = board[o] if o >= 0 else 0
        if o >= 0:
            occ &= ~(1 << o)
            delta.append((o, 0))
        occ |= tb
        delta.append((t, code or 2 * self.cfg.drop_kinds(drop)[1] + us))
        royals = pos.royals(us)
        if o >= 0 and royals >> o & 1:
            royals ^= (1 << o) | tb
        att = self.att
        while royals:
            low = royals & -royals
            royals ^= low
            if att.attackers(pos, low.bit_length() - 1, us ^ 1, occ, removed, True,
                             tuple(delta)):
                return False
        return True

    # -- all legal moves --------------------------------------------------------------------
    def legal(self, pos: Position, captures: bool = False,
              info: Safety | None = None) -> list[Move]:
        """Every legal move of the side to move; with ``captures``, only those that remove a
        foe (e.p. and locust victims included) or promote pawn-style: a search's quiescence
        moves, made without building the quiet ones. ``info``: the position's
        ``Attacks.safety``, when the caller has it already."""
        cfg = self.cfg
        self.nodes += 1
        for family in cfg.families:
            if family.ended(pos) is not None:
                return []
        return self.unended(pos, captures, info)

    def unended(self, pos: Position, captures: bool = False,
                info: Safety | None = None) -> list[Move]:
        """The legal moves as if no rule family had ended the game (its own end may depend
        on them: Racing Kings' last king move); ``captures`` and ``info`` as for ``legal``."""
        cfg = self.cfg
        if info is None:
            info = self.att.safety(pos)
        out: list[Move] = []
        if captures and any(family.whole_list for family in cfg.families):
            return [mv for mv in self.unended(pos, False, info) if self.tactical(pos, mv)]
        if captures:
            self._captures(self, pos, info, out)
        else:
            self.piece_moves(pos, info, out)
            if cfg.drops:
                self._drops(pos, info, out)
            if cfg.castling is not None and pos.castle:
                self.castlings.moves(pos, info, out)
        for family in cfg.families:
            out = family.filter(pos, out)
        return out

    def tactical(self, pos: Position, mv: Move) -> bool:
        """Whether ``mv`` is one of the captures-only moves: it takes a foe or ends in its
        piece's pawn-style promotion zone (drops and castlings take nothing)."""
        if mv.origin < 0 or mv.rook >= 0:
            return False
        board = pos.board
        foe = pos.stm ^ 1
        if any(board[x] and board[x] & 1 == foe for x in mv.kills):
            return True
        t = mv.target
        if t != mv.origin and board[t] and board[t] & 1 == foe:
            return True
        return bool(self.cfg.prom_zone[board[mv.origin]] >> t & 1)

    def piece_moves(self, pos: Position, info: Safety, out: list[Move],
                    captures: bool = False) -> None:
        """The moves of every piece of the side to move (with ``captures``, only captures and
        pawn-style promotions) into ``out``."""
        walked = False
        byc = pos.byc
        for code in self.att.codes[pos.stm]:
            bb = byc[code]
            if bb and self.code_moves(pos, info, out, code, bb, captures):
                walked = True
        if walked:
            self.walker_nodes += 1

    def code_moves(self, pos: Position, info: Safety, out: list[Move], code: int, bb: int,
                   captures: bool) -> bool:
        """The moves of the pieces of ``code`` on ``bb`` (with ``captures``, only those that
        take or promote pawn-style); whether the walker was asked."""
        cfg = self.cfg
        kinds = self.kinds
        us = pos.stm
        occ = pos.occ
        empty = cfg.board & ~occ
        quiet = cfg.prom_zone[code] if captures else -1     # quiet targets kept: promotions
        foes = pos.col[us ^ 1]
        walked = False
        royal = cfg.royal_code[code]
        # plain moves only, unless a target is in the promotion zone
        zone = cfg.prom_zone[code] if not cfg.immobile and not cfg.form[code >> 1] and \
            not cfg.unform[code >> 1] else -1
        # whether a target may need a test (else safe_targets would return them all)
        guarded = royal or not info.unguarded and bool(
            info.checkers or info.test_all or info.pins or info.test_from or info.test_to)
        normal = kinds.tables(code)
        itab = kinds.tables(code, True) if kinds.has_initial[code >> 1] else None
        init_mask = pos.virgin if cfg.initial is None else cfg.initial[us]
        while bb:
            low = bb & -bb
            bb ^= low
            s = low.bit_length() - 1
            tab = itab if itab is not None and low & init_mask else normal
            rel = tab.rel[s]
            if rel:
                key = occ & rel
                hit = tab.memo[s].get(key)
                m, c = hit if hit is not None else tab.fill(s, key)
            else:
                m, c = tab.sm[s], tab.sc[s]
            targets = (m & empty & quiet) | (c & foes)
            if targets:
                if guarded:
                    targets = self.safe_targets(pos, info, s, royal, targets)
                if not targets & zone:
                    out.extend(self.plain_moves(s, targets))
                    targets = 0
                while targets:
                    tlow = targets & -targets
                    targets ^= tlow
                    out.extend(self.expand(pos, code, s, tlow.bit_length() - 1))
            if pos.ep and tab.ep[s] & pos.ep:
                self.ep_moves(pos, info, out, s, tab.ep[s] & pos.ep & empty)
            if tab.fallback[s] is not None:
                walked = True
                found = self.walked_moves(pos, info, code, s, tab.fallback[s], m, c)
                if captures:
                    found = [mv for mv in found if mv.kills or mv.promotion or
                             (mv.target != s and foes >> mv.target & 1)]
                out.extend(found)
        return walked

    def plain_moves(self, s: int, targets: int) -> list[Move]:
        """The plain moves from ``s`` to each of ``targets``, remembered per target set (the
        memo is cleared at ``MOVES_CAP`` entries)."""
        key = s, targets
        got = self.plain_memo.get(key)
        if got is None:
            got = self.plain_memo[key] = _plain_moves(s, targets)
            if len(self.plain_memo) > MOVES_CAP:
                self.plain_memo.clear()
        return got

    def ep_moves(self, pos: Position, info: Safety, out: list[Move], s: int,
                 targets: int) -> None:
        """The e.p. captures of the piece on ``s`` to ``targets`` (empty e.p. squares)."""
        victim = pos.ep_victim
        code = pos.board[victim]
        if not code or code & 1 == pos.stm:
            return
        for t in _squares(targets):
            mv = Move(s, t, kills=(victim,))
            if self.safe(pos, info, mv):
                out.append(mv)

    def safe_targets(self, pos: Position, info: Safety, s: int, royal: bool, targets: int) -> int:
        """The targets of the piece on ``s`` that keep the royal safe."""
        if info.unguarded:
            return targets
        if royal and not info.checkers and (info.danger != -1 or targets & (targets - 1) and
                                            targets.bit_count() > 5):
            danger = self.att.danger(pos, info)      # one map beats many attack tests
            if danger is not None:
                return targets & ~danger
        if royal or info.test_all or (1 << s) & info.test_from:
            return self._tested(pos, info, s, targets)
        pin = info.pins.get(s)
        if pin is not None:
            targets &= pin
        if info.checkers:
            targets &= info.evasion
            return self._tested(pos, info, s, targets) if targets else 0
        risky = targets & info.test_to
        if risky:
            return (targets & ~risky) | self._tested(pos, info, s, risky)
        return targets

    def _tested(self, pos: Position, info: Safety, s: int, targets: int) -> int:
        """The targets of a plain move from ``s`` after which the royal is safe."""
        if self.att.fallback_codes:
            out = 0
            while targets:
                low = targets & -targets
                targets ^= low
                if self.safe(pos, info, Move(s, low.bit_length() - 1)):
                    out |= low
            return out
        board = pos.board
        us = pos.stm
        them = us ^ 1
        sb = 1 << s
        occ0 = pos.occ ^ sb
        royals0 = 1 << info.royal if info.royal >= 0 else pos.royals(us)   # one: Safety knows
        moving_royal = royals0 & sb
        if royals0 == sb:
            # the one royal steps: each target is safe when the foe does not attack it
            out = self.att.unattacked(pos, targets, them, occ0, True)
            info.stepped |= out       # castling's passed squares may need no second test
            return out
        attacked = self.att.attacked
        out = 0
        while targets:
            low = targets & -targets
            targets ^= low
            t = low.bit_length() - 1
            occ = occ0 | low
            removed = low if board[t] else 0
            royals = (royals0 ^ sb | low) if moving_royal else royals0
            ok = True
            while royals:
                r = royals & -royals
                royals ^= r
                if attacked(pos, r.bit_length() - 1, them, occ, removed, True):
                    ok = False
                    break
            if ok:
                out |= low
        if moving_royal:
            info.stepped |= out       # castling's passed squares may need no second test
        return out

    def expand(self, pos: Position, code: int, s: int, t: int) -> Iterator[Move]:
        """The moves of the piece on ``s`` to ``t``: promotions, and the plain move where the
        rules allow it."""
        cfg = self.cfg
        tb = 1 << t
        plain = not cfg.immobile or cfg.live[code] & tb
        zone = cfg.prom_zone[code]
        form = cfg.form[code >> 1]
        if zone and zone & tb:
            for k in self.choices(pos, code):
                yield Move(s, t, cfg.kinds.letters[k])
            # a pawn that also has a promoted form may take either (Fairy-Stockfish's
            # generate_moves makes its PROMOTION and its PIECE_PROMOTION: [elgam])
            if form and form not in cfg.prom_choices[code] and \
                    (((1 << s) | tb) & cfg.form_zone[code & 1]) and \
                    (not cfg.form_on_capture or pos.board[t]) and \
                    self.under_limit(pos, code, form):
                yield Move(s, t, cfg.kinds.letters[form])
            if plain and not cfg.prom_mandatory[code]:
                yield Move(s, t)
            return
        if form and (((1 << s) | tb) & cfg.form_zone[code & 1]) and \
                (not cfg.form_on_capture or pos.board[t]) and self.under_limit(pos, code, form):
            yield Move(s, t, cfg.kinds.letters[form])
            if plain and not cfg.form_mandatory:
                yield Move(s, t)
            return
        base = cfg.unform[code >> 1]
        # generate_moves' piece demotions: as promotions, but back to the type it was
        if base and (((1 << s) | tb) & cfg.form_zone[code & 1]) and \
                (not cfg.form_on_capture or pos.board[t]):
            yield Move(s, t, "-" + cfg.kinds.letters[base])
            if plain and not cfg.form_mandatory:
                yield Move(s, t)
            return
        if plain:
            yield Move(s, t)

    def choices(self, pos: Position, code: int) -> list[int]:
        """The pawn-style promotion choices available now (limits counted on the board)."""
        cfg = self.cfg
        return [k for k in cfg.prom_choices[code] if self.under_limit(pos, code, k)]

    def under_limit(self, pos: Position, code: int, k: int) -> bool:
        """Whether the side of ``code`` may have one more piece of kind ``k`` (its limit)."""
        limit = self.cfg.limit[k]
        return limit is None or pos.byc[2 * k + (code & 1)].bit_count() < limit

    def walked_moves(self, pos: Position, info: Safety, code: int, s: int, program: object,
                     m: int, c: int) -> list[Move]:
        """The moves the walker makes for the piece on ``s``, those the tables did not make
        already, each tested."""
        cfg = self.cfg
        geo = cfg.geo
        us = pos.stm
        wp = walker_position(pos)
        found = generate(program, wp, (s % geo.files, s // geo.files),  # type: ignore[arg-type]
                         "black" if us else "white", bool(pos.virgin >> s & 1),
                         cfg.royal_code[code], self.kinds.letters[code >> 1])
        self.walker_moves += len(found)
        table = (m & cfg.board & ~pos.occ) | (c & pos.col[us ^ 1])
        seen: set[tuple[int, int, tuple[int, ...]]] = set()
        out: list[Move] = []
        for wm in found:
            mv = self._convert(wm, geo.files)
            if mv is None:
                continue
            effect = (mv.target, mv.rook, tuple(sorted(mv.kills)))
            if effect in seen or (not mv.kills and mv.rook < 0 and mv.target != s and
                                  table >> mv.target & 1):
                continue
            seen.add(effect)
            if mv.rook >= 0:
                if self.castlings.ok(pos, info, s, mv):
                    out.append(mv)
                continue
            if self.safe(pos, info, mv):
                if mv.kills or mv.target == s:
                    out.append(mv)
                else:
                    out.extend(self.expand(pos, code, s, mv.target))
        return out

    @staticmethod
    def _convert(wm: PieceMove, files: int) -> Move | None:
        def sq(p: tuple[int, int]) -> int:
            return p[1] * files + p[0]
        origin, target = sq(wm.origin), sq(wm.destination)
        if wm.kind == CASTLING and wm.partner is not None:
            return Move(origin, target, rook=sq(wm.partner))
        kills = tuple(sq(x) for x in wm.removed if x != wm.destination)
        via = tuple(sq(leg.end) for leg in wm.legs[:-1])
        return Move(origin, target, kills=kills, via=via)

    # -- drops ------------------------------------------------------------------------------
    def drop_targets(self, pos: Position, code: int) -> int:
        """Empty squares a piece of ``code`` in hand may be dropped on (before check rules)."""
        cfg = self.cfg
        mask = cfg.drop_mask[code] & ~pos.occ
        k = code >> 1
        if k in cfg.no_doubled:
            own = pos.byc[code]
            for f, fm in enumerate(cfg.geo.file_masks):
                if (own & fm).bit_count() >= cfg.no_doubled_count:
                    mask &= ~fm
        if cfg.immobile:
            mask &= cfg.live[code]
        if self.enclosing is not None:
            mask = self.enclosing.targets(pos, code & 1, cfg.enclosing, cfg.enclosing_start,
                                          mask)
        return mask

    def hand_kinds(self, pos: Position) -> list[int]:
        """The kinds the side to move may drop: those in hand, or with free drops every
        kind of the variant (Fairy-Stockfish's ``can_drop``: ``freeDrops`` or a count)."""
        if self.cfg.free_drops:
            return list(range(1, self.kinds.count))
        hand = pos.hands[pos.stm]
        return [k for k in range(1, len(hand)) if hand[k] > 0]

    def _drops(self, pos: Position, info: Safety, out: list[Move]) -> None:
        cfg = self.cfg
        us = pos.stm
        letters = self.kinds.letters
        for k in self.hand_kinds(pos):
            code = 2 * k + us
            mask = self.drop_targets(pos, code)
            for drop, as_code in self.drop_forms(k, us):
                b = mask
                while b:
                    low = b & -b
                    b ^= low
                    mv = Move(-1, low.bit_length() - 1, drop=drop)
                    if self.drop_ok(pos, info, mv, as_code):
                        out.append(mv)

    def drop_forms(self, k: int, us: int) -> list[tuple[str, int]]:
        """How a piece of kind ``k`` in hand is dropped: as itself, and promoted too where
        the rules allow (``generate_drops``: the promoted drop first, written ``+P@e5``), each
        with the code it lands as."""
        cfg = self.cfg
        letter = self.kinds.letters[k]
        plain = [(letter, 2 * k + us)]
        form = cfg.form[k]
        if not cfg.drop_promoted or not form:
            return plain
        return [("+" + letter, 2 * form + us)] + plain

    def drop_ok(self, pos: Position, info: Safety, mv: Move, code: int) -> bool:
        """Whether the drop ``mv`` of ``code`` is legal: no royal into check, none that
        exposes the royal, none that checks where the rules forbid it."""
        tb = 1 << mv.target
        if self.cfg.royal_code[code] and self.att.attackers(
                pos, mv.target, pos.stm ^ 1, pos.occ | tb, 0, True, ((mv.target, code),)):
            return False            # a royal piece is not dropped into check (legal())
        if not info.unguarded and (info.checkers or info.test_all or tb & info.test_to):
            if info.checkers and not info.test_all and not tb & info.evasion:
                return False
            if not self.safe(pos, info, mv):
                return False
        if not self.cfg.drop_checks and self._gives_check(pos, code, mv.target):
            return False
        return True

    def _gives_check(self, pos: Position, code: int, t: int) -> bool:
        royals = pos.royals(pos.stm ^ 1)
        if not royals:
            return False
        occ = pos.occ | (1 << t)
        c = self.kinds.tables(code).mc(t, occ)[1]
        if c & royals:
            return True
        # the dropped piece may be the screen a hopper (a cannon) checks over: Fairy-
        # Stockfish's gives_check sees every check the drop makes
        while royals:
            low = royals & -royals
            royals ^= low
            if self.att.attackers(pos, low.bit_length() - 1, pos.stm, occ):
                return True
        return False


MOVES_CAP = 65536      # remembered move lists before the memo is cleared


def _plain_moves(s: int, targets: int) -> list[Move]:
    """The plain moves from ``s`` to each of ``targets`` (kept per target set)."""
    out = []
    while targets:
        low = targets & -targets
        targets ^= low
        out.append(Move(s, low.bit_length() - 1))
    return out

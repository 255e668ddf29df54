"""Rule families: rules beyond piece moves and check, each an object with hooks the game calls.

A family may end the game at once (``ended``: the position has no legal moves then, as
Fairy-Stockfish's ``is_immediate_game_end``), remove moves (``filter``; ``filters`` tells the
perft count to generate moves at such nodes) and change state after a move (``after``, in
``Position.extra``, which every move saves and restores). New families (atomic blasts,
must-capture, check counting, flags, walls, gating …) are classes like these, added in
``families_for`` where ``support.unplayed`` stops refusing their rule; the core stays as it is.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..vocabulary import BLACK, WHITE, Result, Termination
from .model import ALL, RuleSet
from .moves import Move
from .outcome import Outcome
from .position import Position

if TYPE_CHECKING:
    from .attacks import Attacks
    from .config import Config


class RuleFamily:
    """The hooks of a family of rules; each default does nothing."""

    name = "rules"
    filters = False        # ``filter`` may remove moves: count such nodes by generating

    def ended(self, pos: Position) -> Outcome | None:
        """The game's end in ``pos`` by this rule, before any move (None: not ended)."""
        return None

    def filter(self, pos: Position, moves: list[Move]) -> list[Move]:
        """The moves this rule allows among ``moves`` (legal by every other rule)."""
        return moves

    def after(self, pos: Position, mv: Move) -> None:
        """State this rule keeps, updated after ``mv`` was made (``pos.extra``)."""


def _winner(colour: int) -> str:
    return WHITE if colour == 0 else BLACK


class ExtinctionRule(RuleFamily):
    """A side whose given pieces are (almost) all gone gets the rule's value, the bare king
    among them (Fairy-Stockfish's extinction rules, ``is_immediate_game_end``: the opponent
    is looked at first, and with ``claim`` the side to move needs one piece more to be bared,
    so that it may first bare back)."""

    name = "extinction"

    def __init__(self, cfg: "Config", rules: RuleSet):
        e = rules.ending.extinction
        assert e is not None
        self.all = ALL in e.pieces
        self.kinds = cfg.kinds.kinds_of(e.pieces)
        self.at_most = e.at_most
        self.opponent = e.opponent_at_least
        self.claim = e.claim
        self.value: Result = e.value
        self.bare = self.all and e.at_most == 1

    def _count(self, pos: Position, colour: int, k: int) -> int:
        if k == 0:
            return pos.col[colour].bit_count() + sum(pos.hands[colour])
        return pos.byc[2 * k + colour].bit_count() + pos.hands[colour][k]

    def ended(self, pos: Position) -> Outcome | None:
        stm = pos.stm
        for c in (stm ^ 1, stm):
            for k in ([0] if self.all else self.kinds):
                if self._count(pos, c, k) <= self.at_most and self._count(pos, c ^ 1, k) >= \
                        self.opponent + (1 if self.claim and c == stm else 0):
                    what: Termination = "bare king" if self.bare else "extinction"
                    side = _winner(c)
                    if self.value == "draw":
                        return Outcome(what, None, f"{side} has {what}: a draw")
                    winner = _winner(c ^ 1) if self.value == "loss" else side
                    return Outcome(what, winner,                         # type: ignore[arg-type]
                                   f"{side}'s pieces are gone ({what})")
        return None


class LionRule(RuleFamily):
    """Chu Shogi's Lion-capture rules as XBoard 4.9 applies them (``moves.c`` CheckTest and
    GenLegalCallback, ``backend.c`` ApplyMove): after a non-Lion captured a Lion (not by
    igui), no Lion may be captured on the next move; a Lion may not capture a Lion from a
    distance when the captured Lion is protected, unless the Lion also took something other
    than a worthless piece (Pawn, Go-Between) on the way. XBoard tests the latter inside its
    check test, which it skips for a side with two royal pieces: so does this rule."""

    name = "Lion rules"
    filters = True

    def __init__(self, cfg: "Config", rules: RuleSet, attacks: "Attacks"):
        lion = rules.lion
        assert lion is not None
        self.cfg = cfg
        self.att = attacks
        self.lions = set(cfg.kinds.kinds_of(lion.lions))
        self.worthless = set(cfg.kinds.kinds_of(lion.worthless))
        self.counterstrike = lion.counterstrike
        self.protected = lion.protected_distant

    def after(self, pos: Position, mv: Move) -> None:
        captured = 0
        for s, old in pos.stack[-1][1]:
            if s == mv.target and old and mv.origin != mv.target:
                captured = old
        mover = pos.board[mv.target]
        iron = bool(captured) and captured >> 1 in self.lions and mover >> 1 not in self.lions
        pos.extra = ("iron",) if iron and self.counterstrike else ()

    def filter(self, pos: Position, moves: list[Move]) -> list[Move]:
        board = pos.board
        lions = self.lions
        out = []
        iron = "iron" in pos.extra
        for mv in moves:
            t = mv.target
            if mv.origin >= 0 and board[t] >> 1 in lions and t != mv.origin:
                if iron:
                    continue
                if self.protected and board[mv.origin] >> 1 in lions and \
                        self._distant(mv) and not self._bridge(pos, mv) and \
                        self._protected(pos, mv):
                    continue
            out.append(mv)
        return out

    def _distant(self, mv: Move) -> bool:
        files = self.cfg.geo.files
        o, t = mv.origin, mv.target
        return abs(o % files - t % files) > 1 or abs(o // files - t // files) > 1

    def _bridge(self, pos: Position, mv: Move) -> bool:
        """The Lion took a worthwhile piece on the way."""
        return any(pos.board[x] and pos.board[x] >> 1 not in self.worthless for x in mv.kills)

    def _protected(self, pos: Position, mv: Move) -> bool:
        royals = pos.royals(pos.stm)
        if royals & (royals - 1):
            return False           # XBoard: no check test for a side with two royals
        pos.push(mv)
        try:
            return bool(self.att.attackers(pos, mv.target, pos.stm, pos.occ))
        finally:
            pos.pop()


def families_for(cfg: "Config", rules: RuleSet, attacks: "Attacks") -> list[RuleFamily]:
    """The rule families a rule set uses, in the order the game consults them."""
    out: list[RuleFamily] = []
    if rules.ending.extinction is not None:
        out.append(ExtinctionRule(cfg, rules))
    if rules.lion is not None:
        out.append(LionRule(cfg, rules, attacks))
    return out

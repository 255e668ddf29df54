"""Rule families: rules beyond piece moves and check, each an object with hooks the game calls.

A family may end the game at once (``ended``: the position has no legal moves then, as
Fairy-Stockfish's ``is_immediate_game_end``), remove moves (``filter``; ``filters`` tells the
perft count to generate moves at such nodes) and change state after a move (``after``, in
``Position.extra``, which every move saves and restores). Families in modules of their own:
``blast``, ``pseudoroyal``, ``flags``, ``check_count``, ``obligations``, ``connect``,
``material``, ``passing``, ``castling_rules``, ``must_drop``, ``walls``. New families
(gating …) are classes like these, added in ``rulebook.families_for`` where ``support.unplayed``
stops refusing their rule; the core stays as it is.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from ..vocabulary import BLACK, WHITE, Result, Termination
from ..rules.model import ALL, RuleSet
from .moves import Move
from .outcome import Outcome
from .position import Position

if TYPE_CHECKING:
    from .attacks import Attacks
    from .config import Config


class RuleFamily:
    """The hooks of a family of rules; each default does nothing. A family keeps its state in
    its own ``slot`` of ``Position.extra`` (``state``/``store``), as immutable values."""

    name = "rules"
    # the rule set's fields this family plays, as paths (``ending.flag``; a part names all of
    # its fields): every field is played by the game's core (``PLAYS`` of its modules) or a
    # family, or refused by name (``support``), and a test holds the model to that
    plays: ClassVar[tuple[str, ...]] = ()
    filters = False        # ``filter`` may remove moves: count such nodes by generating
    whole_list = False     # ``filter`` decides from the whole move list (a drop that must
                           # come first, a pass when nothing else moves): a captures-only
                           # list is then cut from the whole legal list, not filtered alone
    keyed = False          # the state belongs to the position: repetition compares it
    slot = 0

    def initial(self, pos: Position, fen: dict[str, int]) -> object:
        """The family's state in a position read from a FEN (``fen``: what the FEN said
        beyond the position, e.g. a counting limit)."""
        return None

    def state(self, pos: Position) -> object:
        return pos.extra[self.slot]

    def store(self, pos: Position, value: object) -> None:
        pos.extra = pos.extra[:self.slot] + (value,) + pos.extra[self.slot + 1:]

    def claim(self, pos: Position) -> Outcome | None:
        """An end by this rule that comes after checkmate and stalemate (a count reached)."""
        return None

    def ended(self, pos: Position) -> Outcome | None:
        """The game's end in ``pos`` by this rule, before any move (None: not ended)."""
        return None

    def filter(self, pos: Position, moves: list[Move]) -> list[Move]:
        """The moves this rule allows among ``moves`` (legal by every other rule)."""
        return moves

    def after(self, pos: Position, mv: Move) -> None:
        """State this rule keeps, updated after ``mv`` was made (``pos.extra``)."""

    def checks(self, pos: Position) -> bool:
        """Whether this rule counts the side to move as in check (pseudo-royal pieces)."""
        return False

    def taken_back(self, pos: Position) -> None:
        """Position outside the squares and ``extra`` set back after a move was taken back
        (``Position.pop``, in walled games only: the walls)."""


def _winner(colour: int) -> str:
    return WHITE if colour == 0 else BLACK


class ExtinctionRule(RuleFamily):
    """A side whose given pieces are (almost) all gone gets the rule's value, the bare king
    among them (Fairy-Stockfish's extinction rules, ``is_immediate_game_end``: the opponent
    is looked at first, and with ``claim`` the side to move needs one piece more to be bared,
    so that it may first bare back)."""

    name = "extinction"
    plays = ("ending.extinction",)

    def __init__(self, cfg: "Config", rules: RuleSet):
        e = rules.ending.extinction
        assert e is not None
        self.all = ALL in e.pieces
        self.kinds = cfg.kinds.kinds_of(e.pieces)
        self.at_most = e.at_most
        self.opponent = e.opponent_at_least
        self.bare_back = e.claim      # the bared side to move may first bare back
        self.value: Result = e.value
        self.bare = self.all and e.at_most == 1
        self.groups = [[0]] if self.all else [self.kinds] if e.together else \
            [[k] for k in self.kinds]

    def _count(self, pos: Position, colour: int, kinds: list[int]) -> int:
        if kinds == [0]:
            return pos.col[colour].bit_count() + sum(pos.hands[colour])
        return sum(pos.byc[2 * k + colour].bit_count() + pos.hands[colour][k] for k in kinds)

    def ended(self, pos: Position) -> Outcome | None:
        stm = pos.stm
        for c in (stm ^ 1, stm):
            for k in self.groups:
                if self._count(pos, c, k) <= self.at_most and self._count(pos, c ^ 1, k) >= \
                        self.opponent + (1 if self.bare_back and c == stm else 0):
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
    plays = ("lion",)
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
        self.store(pos, iron and self.counterstrike)

    def filter(self, pos: Position, moves: list[Move]) -> list[Move]:
        board = pos.board
        lions = self.lions
        out = []
        iron = bool(self.state(pos))
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


class MakrukCounting(RuleFamily):
    """Makruk's counting rules as Fairy-Stockfish counts them (``countingRule = makruk``:
    ``do_move``, ``count_limit``, ``is_optional_game_end``): once no Bia is left and a side is
    down to its king (board's honour) or the other side has only its king left (pieces'
    honour), a count starts; the game is drawn when it passes its limit (16 moves for two
    rooks' … 64), in plies as Fairy-Stockfish keeps it (its FEN writes the limit in the e.p.
    field and the count in the move counter). Roles by the Makruk letters: R Rua, S Khon, N Ma.
    """

    name = "counting"
    plays = ("ending.counting",)

    def __init__(self, cfg: "Config"):
        self.cfg = cfg
        k = cfg.kinds.index
        self.pawns = sorted(cfg.resets[0] | cfg.resets[1])
        self.rook, self.khon, self.knight = k.get("R", 0), k.get("S", 0), k.get("N", 0)

    def initial(self, pos: Position, fen: dict[str, int]) -> object:
        return (fen.get("counting_limit", 0), fen.get("counting_ply", 0))

    def _n(self, pos: Position, k: int, colour: int) -> int:
        return pos.byc[2 * k + colour].bit_count() if k else 0

    def limit(self, pos: Position, side: int) -> int:
        """Fairy-Stockfish's ``count_limit`` for ``side`` (in moves; 0: no count)."""
        other = side ^ 1
        if any(pos.byc[2 * k] | pos.byc[2 * k + 1] for k in self.pawns) or \
                pos.col[other].bit_count() == 1:
            return 0
        if pos.col[side].bit_count() > 1:
            return 64
        rooks, khons = self._n(pos, self.rook, other), self._n(pos, self.khon, other)
        if rooks > 1:
            return 8
        if rooks == 1:
            return 16
        if khons > 1:
            return 22
        if self._n(pos, self.knight, other) > 1:
            return 32
        return 44 if khons == 1 else 64

    def after(self, pos: Position, mv: Move) -> None:
        state = self.state(pos)
        limit, ply = state if isinstance(state, tuple) else (0, 0)
        if limit:
            ply += 1
        captured = 0
        for s, old in pos.stack[-1][1] or ():
            if old and old & 1 == pos.stm and (s == mv.target or s in mv.kills):
                captured = old
        if pos.stack[-1][1] is None:
            captured = pos.stack[-1][2]
        stm, mover = pos.stm, pos.stm ^ 1
        total = pos.occ.bit_count()
        if captured and captured >> 1 in self.pawns and pos.col[mover].bit_count() == 1 and \
                self.limit(pos, mover):
            limit, ply = 2 * self.limit(pos, mover), 2 * total - 1
        if (not limit or ((captured or mv.promotion) and pos.col[stm].bit_count() == 1)) and \
                self.limit(pos, stm):
            limit = 2 * self.limit(pos, stm)
            ply = 0 if pos.col[stm].bit_count() > 1 else 2 * total
        self.store(pos, (limit, ply))

    def claim(self, pos: Position) -> Outcome | None:
        state = self.state(pos)
        if isinstance(state, tuple) and state[0] and state[1] > state[0]:
            return Outcome("counting", None, f"the count passed its limit of {state[0] // 2} "
                                             "moves")
        return None

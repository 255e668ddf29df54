"""A game line played through under the variant as it is now: every position, the moves'
notation, where the line stops being legal and why, and the result.

This is how a game survives edits of the variant. The document keeps the line (start and moves)
and never a position; whoever shows the game replays the line under the current variant. After
an edit that makes a move illegal, the replay stops at that move and says why: the game is cut
there, as part of the same undo step (undoing the edit brings the moves back, because they were
never removed from the line). Playing on from the cut position replaces the rest of the line.

``Replayer`` keeps its game between calls, so that one more move (or one taken back) under the
same variant costs one position, not the whole game; a new variant replays from the start.
``cancelled`` is asked between moves: a replay that a newer question made useless gives up.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from ..errors import DesignerError
from ..game.game import Game
from ..game.moves import Move
from ..game.outcome import Outcome
from ..game.why import why_move
from ..variant.model import Variant
from ..vocabulary import BLACK, WHITE, PgnResult, Side, Square
from .line import GameLine, Stop
from ..records import Style
from .notation import move_san, notation_style

Hand = tuple[tuple[str, int], ...]


@dataclass(frozen=True, slots=True)
class Frame:
    """One position of the game: the pieces (square, letter, side), both hands (letter,
    count), the side to move, the royal squares in check, its FEN, the e.p. square and the
    walls (squares no piece may enter, placed by moves where the rules have walls)."""

    pieces: tuple[tuple[Square, str, Side], ...]
    hands: tuple[Hand, Hand]
    turn: Side
    checked: tuple[Square, ...]
    fen: str
    ep: int | None = None
    walls: tuple[Square, ...] = ()

    def hand(self, side: Side) -> Hand:
        return self.hands[0 if side == WHITE else 1]

    def piece_at(self, sq: Square) -> tuple[str, Side] | None:
        for s, letter, side in self.pieces:
            if s == sq:
                return letter, side
        return None


@dataclass(frozen=True, slots=True)
class Illegal:
    """The first move of the line the rules refuse: its index, its text and why."""

    ply: int
    text: str
    reason: str


@dataclass(frozen=True)
class Replay:
    """A line replayed under ``variant``: ``frames[i]`` is the position after ``i`` moves,
    ``san[i]``/``texts[i]`` move ``i`` in SAN and in the engines' text, for the legal prefix;
    ``illegal`` the first refused move; ``error`` why the game cannot be set up at all;
    ``outcome`` the rules' end after the legal prefix; ``legal`` the legal moves after ``at``
    moves (the position the user looks at)."""

    variant: Variant
    line: GameLine
    frames: tuple[Frame, ...] = ()
    san: tuple[str, ...] = ()
    texts: tuple[str, ...] = ()
    illegal: Illegal | None = None
    error: str = ""
    outcome: Outcome | None = None
    at: int = 0
    legal: tuple[Move, ...] = ()
    files: int = 8
    notes: tuple[str, ...] = field(default=())

    @property
    def valid(self) -> int:
        """How many moves of the line are legal under the variant."""
        return len(self.san)

    @property
    def ended(self) -> bool:
        return self.outcome is not None or self.stop is not None

    @property
    def stop(self) -> Stop | None:
        s = self.line.stop
        return s if s is not None and s.ply == self.valid and self.illegal is None else None

    def result(self) -> tuple[PgnResult, str]:
        """The result in PGN form and its reason (``*`` while the game goes on)."""
        if self.outcome is not None:
            result: PgnResult = self.outcome.result()
            return result, self.outcome.reason or self.outcome.termination
        stop = self.stop
        if stop is not None:
            return stop.result, stop.reason
        return "*", ""

    def square(self, s: int) -> Square:
        return (s % self.files, s // self.files)

    def index(self, sq: Square) -> int:
        return sq[1] * self.files + sq[0]


class Replayer:
    """Replays lines, keeping its game for the next call (one per thread: not shared)."""

    def __init__(self) -> None:
        self._variant: Variant | None = None
        self._start = ""
        self._game: Game | None = None
        self._error = ""
        self._moves: list[Move] = []
        self._frames: list[Frame] = []
        self._san: list[str] = []
        self._texts: list[str] = []
        self._legal: dict[int, tuple[Move, ...]] = {}
        self._style: Style | None = None

    @property
    def game(self) -> Game | None:
        """The game at the end of the last replay's legal prefix (for questions about it)."""
        return self._game

    def replay(self, variant: Variant, line: GameLine, at: int | None = None,
               cancelled: Callable[[], bool] = lambda: False) -> Replay | None:
        """``line`` under ``variant``, with the legal moves after ``at`` moves (default: at
        the end of the legal prefix); None when ``cancelled`` said so on the way."""
        if variant != self._variant or line.start != self._start or self._game is None:
            self._setup(variant, line.start)
        game = self._game
        if game is None:
            return Replay(variant, line, error=self._error, files=variant.files)
        common = 0
        while common < min(len(self._moves), len(line.moves)) and \
                self._moves[common] == line.moves[common]:
            common += 1
        self._back_to(common)
        illegal: Illegal | None = None
        for i in range(common, len(line.moves)):
            if cancelled():
                return None
            mv = line.moves[i]
            legal = self._legal_here(i)
            if mv not in legal:
                illegal = Illegal(i, mv.text(game.geo), _reason(game, mv))
                break
            self._san.append(move_san(game, mv, legal, self._style))
            self._texts.append(game.move_text(mv))
            game.push(mv)
            self._moves.append(mv)
            self._frames.append(_frame(game))
        valid = len(self._moves)
        want = valid if at is None else max(0, min(at, valid))
        outcome = game.outcome()
        legal_at = self._legal_at(want)
        return Replay(variant, line, tuple(self._frames), tuple(self._san), tuple(self._texts),
                      illegal, "", outcome, want, legal_at, variant.files,
                      tuple(game.notes()))

    def at(self, ply: int) -> Game | None:
        """The game brought to the position after ``ply`` moves of the last replay (the
        caller must bring it back with ``restore``); None without a game."""
        game = self._game
        if game is None or not 0 <= ply <= len(self._moves):
            return None
        while len(game.moves) > ply:
            game.pop()
        return game

    def restore(self) -> None:
        """Replay the taken-back moves after ``at``."""
        game = self._game
        if game is None:
            return
        for mv in self._moves[len(game.moves):]:
            game.push(mv)

    # -- inside -------------------------------------------------------------------------------
    def _setup(self, variant: Variant, start: str) -> None:
        self._variant, self._start = variant, start
        self._moves, self._san, self._texts, self._legal = [], [], [], {}
        self._frames = []
        try:
            self._game = Game(variant, fen=start or None)
            self._style = notation_style(variant)
            self._error = ""
            self._frames.append(_frame(self._game))
        except DesignerError as e:
            self._game, self._error = None, f"The game cannot be played: {e}"
        except Exception as e:   # noqa: BLE001 - a half-typed definition must not end the game
            self._game, self._error = None, f"The game cannot be played: {type(e).__name__}: {e}"

    def _back_to(self, n: int) -> None:
        game = self._game
        assert game is not None
        while len(self._moves) > n:
            game.pop()
            self._moves.pop()
            self._san.pop()
            self._texts.pop()
            self._frames.pop()
        for k in [k for k in self._legal if k > n]:
            del self._legal[k]

    def _legal_here(self, ply: int) -> tuple[Move, ...]:
        got = self._legal.get(ply)
        if got is None:
            assert self._game is not None
            got = self._legal[ply] = tuple(self._game.legal_moves())
        return got

    def _legal_at(self, ply: int) -> tuple[Move, ...]:
        got = self._legal.get(ply)
        if got is not None:
            return got
        game = self.at(ply)
        if game is None:
            return ()
        try:
            got = self._legal[ply] = tuple(game.legal_moves())
        finally:
            self.restore()
        return got


def _reason(game: Game, mv: Move) -> str:
    if mv.origin >= 0 and game.piece_at(mv.origin) is None:
        return f"there is no piece on {game.geo.names[mv.origin]} any more"
    return why_move(game, mv) or "the rules refuse it"


def _frame(game: Game) -> Frame:
    files = game.geo.files
    pieces: list[tuple[Square, str, Side]] = []
    for s, code in enumerate(game.pos.board):
        if code:
            side: Side = BLACK if code & 1 else WHITE
            letter = game.cfg.kinds.letters[code >> 1]
            pieces.append(((s % files, s // files), letter, side))
    hands = (tuple(sorted(game.hand(WHITE).items())), tuple(sorted(game.hand(BLACK).items())))
    checked: list[Square] = []
    if game.is_check():
        pos = game.pos
        royals = pos.royals(pos.stm)
        while royals:
            low = royals & -royals
            royals ^= low
            r = low.bit_length() - 1
            if game.attacks.attackers(pos, r, pos.stm ^ 1, pos.occ, 0, True):
                checked.append((r % files, r // files))
    ep = game.pos.ep.bit_length() - 1 if game.pos.ep else None
    walls = tuple((s % files, s // files) for s in range(game.geo.size)
                  if game.pos.walls >> s & 1) if game.pos.walls else ()
    return Frame(tuple(pieces), hands, game.turn, tuple(checked), game.fen(), ep, walls)


__all__ = ["Frame", "Illegal", "Replay", "Replayer"]

"""The document the window edits: one piece definition on a probe board, with undo.

``BoardState`` is an immutable snapshot (definition text, dialect, board size, origin, probe
pieces, side to move, virgin flag, e.p. square); every user edit replaces it through a
``StateCommand`` on the session's ``QUndoStack``, so undo/redo covers typing and probes alike.
``PieceSession`` turns the state into what the panels draw by calling the core only: the reading
(tokens, parse result) is cached per text, the compiled program per definition (compile once,
generate per position), and the moves are regenerated when the position changes.
"""

from __future__ import annotations

import time
from collections import OrderedDict
from dataclasses import dataclass, field, replace

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoCommand, QUndoStack

from ..engine import BLACK, WHITE, Move, Placed, Position
from ..notation import XBETZA, NotationError, Piece, Token, parse, tokens
from ..notation.errors import DesignerError, Problem

from ..vocabulary import Square
FRIEND, FOE, NEUTRAL = "friend", "foe", "neutral"
ROLES = (FRIEND, FOE, NEUTRAL)
DEFAULT_DEFINITION = "KNADcaKmcabK"   # the Chu Shogi Lion: every feature of the board at once


@dataclass(frozen=True)
class BoardState:
    """Everything the user can change, as one immutable value (an undo step swaps two)."""

    text: str = DEFAULT_DEFINITION
    dialect: str = XBETZA
    letter: str = "L"
    name: str = "Lion"
    files: int = 8
    ranks: int = 8
    origin: Square = (3, 3)
    probes: tuple[tuple[Square, str, str], ...] = ()   # (square, role, letter), sorted by square
    side: str = WHITE
    virgin: bool = True
    ep: Square | None = None
    holes: frozenset[Square] = field(default_factory=frozenset)

    def probe_at(self, sq: Square) -> tuple[str, str] | None:
        """(role, letter) of the probe piece on ``sq``, or None."""
        for s, role, letter in self.probes:
            if s == sq:
                return role, letter
        return None

    def with_probe(self, sq: Square, role: str | None, letter: str = "") -> BoardState:
        """A copy with ``sq`` holding a probe of ``role`` (None empties it)."""
        rest = [p for p in self.probes if p[0] != sq]
        if role is not None:
            rest.append((sq, role, letter))
        return replace(self, probes=tuple(sorted(rest)))

    def on_board(self, sq: Square) -> bool:
        return 0 <= sq[0] < self.files and 0 <= sq[1] < self.ranks and sq not in self.holes


@dataclass(frozen=True)
class Reading:
    """What the core says about one definition text: its tokens, and a piece or an error."""

    text: str
    dialect: str
    tokens: tuple[Token, ...]
    piece: Piece | None
    error: NotationError | None

    @property
    def problems(self) -> tuple[Problem, ...]:
        return self.error.problems if self.error is not None else ()


@dataclass(frozen=True)
class Analysis:
    """The moves of the current state, grouped by destination, or why there are none."""

    reading: Reading
    moves: tuple[Move, ...] = ()
    by_square: dict[Square, tuple[Move, ...]] = field(default_factory=dict)
    failure: str = ""   # generation problem (too complex, bad position) shown to the user


class _Cache(OrderedDict):
    """A small LRU map (definitions typed in one session are few; keep the latest)."""

    def __init__(self, size: int):
        super().__init__()
        self.size = size

    def remember(self, key, value):
        self[key] = value
        self.move_to_end(key)
        while len(self) > self.size:
            self.popitem(last=False)
        return value


_READINGS = _Cache(256)


def read_definition(text: str, dialect: str) -> Reading:
    """Tokens and parse result of ``text`` (cached: the highlighter and the session share it)."""
    key = (text, dialect)
    hit = _READINGS.get(key)
    if hit is not None:
        return hit
    toks = tuple(tokens(text, dialect))
    try:
        piece, error = parse(text, dialect), None
    except NotationError as e:
        piece, error = None, e
    return _READINGS.remember(key, Reading(text, dialect, toks, piece, error))


def program_for(reading: Reading):
    """The compiled move program of a successfully read definition (the engine's one cache)."""
    from ..engine.compile import compile_piece
    return compile_piece(reading.piece)


def position_of(state: BoardState) -> Position:
    """The engine position the probes describe, seen from the side to move."""
    other = BLACK if state.side == WHITE else WHITE
    sides = {FRIEND: state.side, FOE: other, NEUTRAL: "neutral"}
    pieces = {sq: Placed(sides[role], letter) for sq, role, letter in state.probes
              if sq != state.origin}
    return Position(state.files, state.ranks, pieces, state.holes, state.ep)


def analyse(state: BoardState) -> Analysis:
    """Read, compile and generate for ``state``; errors become values, never exceptions."""
    reading = read_definition(state.text, state.dialect)
    if reading.piece is None:
        return Analysis(reading)
    from ..engine.generate import generate
    try:
        moves = tuple(generate(program_for(reading), position_of(state), state.origin,
                               state.side, state.virgin, False))
    except DesignerError as e:
        return Analysis(reading, failure=getattr(e, "message", str(e)))
    except (ValueError, RecursionError) as e:
        return Analysis(reading, failure=str(e) or type(e).__name__)
    by_square: dict[Square, list[Move]] = {}
    for m in moves:
        by_square.setdefault(m.destination, []).append(m)
    return Analysis(reading, moves, {k: tuple(v) for k, v in by_square.items()})


class StateCommand(QUndoCommand):
    """One undoable edit: replace the session's state by another.

    Keystrokes typed without a pause of ``PAUSE`` seconds merge into one undo step, so undo
    takes back a burst of typing rather than one letter or the whole session.
    """

    TYPING = 1
    PAUSE = 1.5

    def __init__(self, session: PieceSession, before: BoardState, after: BoardState,
                 label: str, merge: bool = False):
        super().__init__(label)
        self.session, self.before, self.after, self.merge = session, before, after, merge
        self.stamp = time.monotonic()

    def id(self) -> int:
        return self.TYPING if self.merge else -1

    def mergeWith(self, other: QUndoCommand) -> bool:
        if not isinstance(other, StateCommand) or not other.merge \
                or other.stamp - self.stamp > self.PAUSE:
            return False
        self.after, self.stamp = other.after, other.stamp
        return True

    def redo(self) -> None:
        self.session._set(self.after)

    def undo(self) -> None:
        self.session._set(self.before)


class PieceSession(QObject):
    """The edited piece and its probe board; emits ``changed`` after every new analysis."""

    changed = Signal()

    def __init__(self, state: BoardState | None = None, parent: QObject | None = None):
        super().__init__(parent)
        self.undo_stack = QUndoStack(self)
        self._state = state or BoardState()
        self._analysis = analyse(self._state)

    @property
    def state(self) -> BoardState:
        return self._state

    @property
    def analysis(self) -> Analysis:
        return self._analysis

    def edit(self, label: str, merge: bool = False, **changes) -> None:
        """Change fields of the state as one undoable step (no step when nothing changes)."""
        after = replace(self._state, **changes)
        if after != self._state:
            self.undo_stack.push(StateCommand(self, self._state, after, label, merge))

    def replace_state(self, state: BoardState, label: str) -> None:
        """Swap in a whole new state (opening a file, choosing another piece) as one step."""
        if state != self._state:
            self.undo_stack.push(StateCommand(self, self._state, state, label))

    def _set(self, state: BoardState) -> None:
        self._state = state
        self._analysis = analyse(state)
        self.changed.emit()

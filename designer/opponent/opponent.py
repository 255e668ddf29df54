"""The built-in opponent of one variant: ``Opponent(variant).think(moves, limits)``.

It keeps a game of its own (the rules engine's ``Game``, never the caller's), brought to the
position after ``moves`` from its start (only the moves that differ from the last call are
taken back or made, each new one checked against the legal moves), and searches it with one
search kept from move to move: its transposition table, history and killers carry over (a new
game, ``reseed``, starts them afresh, so a game's moves depend on its seed and moves only). Safe to
run in a worker thread: nothing it holds is shared; ``stop()`` may be called from any other
thread ("move now": the best move so far is returned at once) and so may setting the
``stop`` event a caller passes (a clock, a Cancel button).
"""

from __future__ import annotations

import threading
from dataclasses import replace
from typing import Callable, Sequence

from ..game.game import Game, IllegalMove
from ..game.moves import Move
from ..variant.model import Variant
from .clock import Deadline
from .evaluation import Evaluator
from .search import AnyOf, Search, StopSignal, Thought
from .settings import Limits, Settings

DEFAULT_LIMITS = Limits(depth=4)


class Busy(RuntimeError):
    """``think`` was called while the same opponent was still thinking."""


class Opponent:
    """The built-in opponent for one variant and start position (``fen``: None for the
    variant's setup). Raises what ``Game`` raises for a variant or FEN it cannot play
    (``RulesNotPlayed``, ``FenError``)."""

    def __init__(self, variant: Variant, settings: Settings = Settings(),
                 fen: str | None = None):
        self.variant = variant
        self.settings = settings
        self.fen = fen
        self._game = Game(variant, fen)
        self._evaluator = Evaluator(self._game, settings)
        self._search: Search | None = None      # kept from move to move within a game
        self._lock = threading.Lock()
        self._event: threading.Event | None = None
        self._guard = threading.Lock()

    # -- what it believes ---------------------------------------------------------------------
    def piece_values(self) -> dict[str, int]:
        """The centipawn value of each piece letter the evaluation uses (royals 0)."""
        letters = self._game.cfg.kinds.letters
        return {letters[k]: v for k, v in enumerate(self._evaluator.values) if k}

    def evaluate(self, moves: Sequence[Move] = ()) -> int:
        """The static evaluation after ``moves``, in centipawns for the side to move."""
        with self._held():
            self._follow(moves)
            return self._evaluator.evaluate(self._game.pos)

    # -- thinking -----------------------------------------------------------------------------
    def think(self, moves: Sequence[Move] = (), limits: Limits = DEFAULT_LIMITS,
              stop: StopSignal | None = None,
              on_iteration: Callable[[Thought], None] | None = None,
              verify: bool = True) -> Thought:
        """The best move after ``moves`` (from the start position) within ``limits``, or
        earlier when ``stop`` is set or ``stop()`` is called (or, as a safety net, after
        ``limits.safety_ms``: the node limit comes first on any machine that is not far
        slower than those it was chosen on). ``on_iteration`` sees each
        completed iteration (depth, score, principal variation), in the thinking thread.
        ``IllegalMove`` when a move of ``moves`` is not legal where it is played (``verify``
        False skips that test, for moves a game has checked already)."""
        with self._held():
            self._follow(moves, verify)
            event = threading.Event()
            with self._guard:
                self._event = event
            try:
                signal = Deadline(limits.safety_ms,
                                  AnyOf(event, stop) if stop is not None else event)
                search = self._search
                if search is None:
                    search = self._search = Search(self._game, self._evaluator, self.settings)
                else:
                    search.next_move()
                return search.run(limits, signal, on_iteration)
            finally:
                with self._guard:
                    self._event = None

    def reseed(self, seed: int) -> None:
        """Draw the evaluation's noise from ``seed`` from now on (a new game of a match)."""
        with self._held():
            self.settings = replace(self.settings, seed=seed)
            self._evaluator.reseed(seed)
            self._search = None       # a new game starts from empty tables: its moves depend
            #                           on its own seed and moves only, not on earlier games

    def stop(self) -> None:
        """Move now: the search under way returns its best move so far (thread-safe; does
        nothing when the opponent is not thinking)."""
        with self._guard:
            if self._event is not None:
                self._event.set()

    @property
    def thinking(self) -> bool:
        with self._guard:
            return self._event is not None

    # -- the game it keeps ------------------------------------------------------------------
    def _held(self) -> "_Hold":
        return _Hold(self._lock)

    def _follow(self, moves: Sequence[Move], verify: bool = True) -> None:
        """Bring the opponent's game to the position after ``moves``."""
        game = self._game
        played = game.moves
        common = 0
        while common < min(len(moves), len(played)) and moves[common] == played[common]:
            common += 1
        while len(played) > common:
            game.pop()
        for i in range(common, len(moves)):
            mv = moves[i]
            if verify and mv not in game.legal_moves():
                raise IllegalMove(f"move {i + 1} ({mv.text(game.geo)}) is not legal in "
                                  f"{game.fen()}")
            game.push(mv)


class _Hold:
    """The opponent's lock, taken without waiting (``Busy`` when already held)."""

    def __init__(self, lock: threading.Lock):
        self._lock = lock

    def __enter__(self) -> None:
        if not self._lock.acquire(blocking=False):
            raise Busy("the opponent is already thinking")

    def __exit__(self, *exc: object) -> None:
        self._lock.release()


__all__ = ["Opponent", "Busy", "DEFAULT_LIMITS"]

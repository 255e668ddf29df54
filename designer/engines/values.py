"""The values a game hands an engine and gets back: the position (variant, start FEN, moves
so far), the search limit, the answer, and the session's bounded waits."""

from __future__ import annotations

import math
from dataclasses import dataclass

from .lines import Info


@dataclass(frozen=True, slots=True)
class EnginePosition:
    """A game as the engine gets it: the variant's name on the engine's side, the start FEN
    (None: the variant's own start position) and the moves since, in UCI text: what the
    protocols' ``position`` (UCI) or ``setboard`` and moves (XBoard) say. The game's own
    position is ``game.position.Position``."""

    variant: str
    fen: str | None = None
    moves: tuple[str, ...] = ()

    @property
    def white_to_move(self) -> bool:
        """Whether White moves next (the FEN's side field, then one turn per move)."""
        black_first = self.fen is not None and len(self.fen.split()) > 1 and \
            self.fen.split()[1] == "b"
        return (len(self.moves) % 2 == 0) != black_first


@dataclass(frozen=True, slots=True)
class Limit:
    """How long the engine may think: a fixed time per move, a depth, a node count, or clocks
    (milliseconds). Several may be given; the engine stops at the first one reached."""

    movetime_ms: int | None = None
    depth: int | None = None
    nodes: int | None = None
    white_ms: int | None = None
    black_ms: int | None = None
    white_inc_ms: int = 0
    black_inc_ms: int = 0
    moves_to_go: int | None = None

    def __post_init__(self) -> None:
        for name in ("movetime_ms", "depth", "nodes", "white_ms", "black_ms", "moves_to_go"):
            value = getattr(self, name)
            if value is not None and value < (0 if name.endswith("_ms") else 1):
                raise ValueError(f"limit {name} must be positive, not {value}")
        if all(getattr(self, n) is None for n in ("movetime_ms", "depth", "nodes", "white_ms",
                                                   "black_ms")):
            raise ValueError("a limit needs a time per move, a depth, nodes or clocks")

    def seconds(self, white: bool) -> float | None:
        """The most time the engine may take for this move by the limit itself (None when
        only depth or nodes bound it)."""
        bounds = []
        if self.movetime_ms is not None:
            bounds.append(self.movetime_ms / 1000)
        clock = self.white_ms if white else self.black_ms
        if clock is not None:
            bounds.append(clock / 1000 + (self.white_inc_ms if white else self.black_inc_ms)
                          / 1000)
        return min(bounds) if bounds else None

    @property
    def xboard_seconds(self) -> int | None:
        """The time per move as XBoard's ``st`` takes it: whole seconds, at least one, rounded
        up (the most the engine may take; ``XBoardEngine.play`` says ``?`` at the exact
        time)."""
        return None if self.movetime_ms is None else max(1, math.ceil(self.movetime_ms / 1000))


@dataclass(frozen=True, slots=True)
class PlayResult:
    """The engine's answer: its move in UCI text, or None when it has none (it resigned, or
    it sees the game as over: ``claim`` is what it said, e.g. ``1-0 {White mates}``)."""

    move: str | None
    ponder: str | None = None
    info: Info = Info()
    resigned: bool = False
    claim: str | None = None
    draw_offered: bool = False


@dataclass(frozen=True, slots=True)
class Timeouts:
    """The session's bounded waits, in seconds: the handshake, a synchronisation (``isready``
    / ``ping``), the grace beyond a move's own time, a search bounded by depth or nodes only,
    and the wait for the process to end after ``quit``."""

    start: float = 10.0
    sync: float = 10.0
    grace: float = 5.0
    unbounded: float = 300.0
    quit: float = 2.0

    def for_move(self, limit: Limit, white: bool) -> float:
        own = limit.seconds(white)
        return self.unbounded if own is None else own + self.grace


__all__ = ["EnginePosition", "Limit", "PlayResult", "Timeouts"]

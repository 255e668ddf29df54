"""A match: N games of a variant between two players, in parallel processes across cores.

Each game is a function of the run's configuration and its index (its seed derives from the
run's seed and the index; the players of a worker process are reused from game to game but
every game starts them afresh), so a run with deterministic players (fixed depth or nodes) gives
the same records whatever the number of processes and however the games are scheduled; records
come back ordered by index.

Stopping (``stop`` set, or Ctrl+C in the terminal: the workers ignore SIGINT, the parent turns
it into the stop signal) ends the games under way at their next move as ``stopped`` records and
starts no new one; everything played so far is returned.
"""

from __future__ import annotations

import multiprocessing
import multiprocessing.util
import random
import signal
import threading
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from typing import Any, Callable

from ..engines.players import PlayerSpec, player_for
from ..opponent import Limits, Settings
from ..opponent.search import StopSignal
from ..variant.model import Variant
from ..players import Player
from .adjudication import Adjudication
from .driver import DEFAULT_MAX_PLIES, play_game
from .openings import Opening, balanced_keep
from .played import PlayedGame

POLL_SECONDS = 0.2


@dataclass(frozen=True, slots=True)
class MatchConfig:
    """Everything a run depends on. ``limits`` (and ``movetime_ms``, a clock: not
    reproducible) bound each move of the built-in opponent and of engines; ``settings`` are
    the built-in opponent's; ``opening_plies`` are played at random (seeded) before the
    players take over; ``jobs`` processes play games at once, or ``cluster``: the address of
    a Dask scheduler whose workers play them (``match.cluster``; the games are the same)."""

    variant: Variant
    games: int
    white: PlayerSpec = field(default_factory=lambda: PlayerSpec("builtin"))
    black: PlayerSpec = field(default_factory=lambda: PlayerSpec("builtin"))
    limits: Limits = Limits(depth=2)
    movetime_ms: int | None = None
    seed: int = 0
    opening_plies: int = 2
    max_plies: int = DEFAULT_MAX_PLIES
    fen: str | None = None
    settings: Settings = Settings()
    jobs: int = 1
    paired: bool = False
    openings: tuple[Opening, ...] = ()
    balanced_cp: int | None = None
    adjudication: Adjudication | None = None
    cluster: str | None = None

    def __post_init__(self) -> None:
        if self.games < 1:
            raise ValueError(f"games must be at least 1, not {self.games}")
        if self.jobs < 1:
            raise ValueError(f"jobs must be at least 1, not {self.jobs}")
        if self.opening_plies < 0 or self.max_plies < 1:
            raise ValueError("opening plies must be 0 or more and the ply limit at least 1")

    def game_seed(self, index: int) -> int:
        """Game ``index``'s own seed (``paired``: the seed of its pair, whose two games play
        the same opening with colours reversed)."""
        if self.paired:
            index -= index % 2
        return random.Random(f"match:{self.seed}:{index}").getrandbits(32)

    def opening_of(self, index: int) -> Opening | None:
        """The opening game ``index`` starts from (``openings`` in turn, one per pair when
        ``paired``), None without openings."""
        if not self.openings:
            return None
        return self.openings[(index // 2 if self.paired else index) % len(self.openings)]

    def swapped(self, index: int) -> bool:
        """Whether game ``index`` has ``black`` playing White (the second game of a pair)."""
        return self.paired and index % 2 == 1

    def players(self) -> tuple[Player, Player]:
        """The run's two players (``white`` and ``black``), made afresh."""
        return (player_for(self.white, self.settings, self.limits, self.movetime_ms),
                player_for(self.black, self.settings, self.limits, self.movetime_ms))


@dataclass(frozen=True, slots=True)
class MatchResult:
    """The games played, ordered by index; ``stopped``: the run ended before all were;
    ``problem``: why, when it was not asked to stop (a cluster's scheduler lost part way)."""

    records: tuple[PlayedGame, ...]
    stopped: bool
    problem: str = ""


def play_one(config: MatchConfig, index: int, white: Player, black: Player,
             stop: StopSignal | None = None) -> PlayedGame:
    """Game ``index`` of the run (``white`` and ``black`` are the players of
    ``config.white`` and ``config.black``: the second game of a pair swaps them)."""
    if config.swapped(index):
        white, black = black, white
    opening = config.opening_of(index)
    fen = opening.fen if opening is not None and opening.fen is not None else config.fen
    return play_game(config.variant, white, black, config.game_seed(index), index,
                     config.opening_plies, config.max_plies, stop, fen,
                     opening.moves if opening is not None else (),
                     balanced_keep(config.variant, fen, config.balanced_cp),
                     config.adjudication)


def run_match(config: MatchConfig, on_game: Callable[[PlayedGame], None] | None = None,
              stop: threading.Event | None = None,
              halt: threading.Event | None = None) -> MatchResult:
    """Play the run (see the module's docstring); ``on_game`` sees each record as it comes
    (in the calling thread). ``halt`` set (by ``on_game``: a stopping rule was met) starts no
    new game and lets the games under way finish. With ``config.cluster`` the games run on
    that Dask cluster (``match.cluster.ClusterError`` when it cannot play them)."""
    stop = stop if stop is not None else threading.Event()
    halt = halt if halt is not None else threading.Event()
    if config.cluster:
        from .cluster import run_on_cluster     # ``distributed`` loads only when asked for
        records, stopped, problem = run_on_cluster(config, play_one, on_game, stop, halt)
        return MatchResult(records, stopped, problem)
    if config.jobs == 1 or config.games == 1:
        return _sequential(config, on_game, stop, halt)
    return _parallel(config, on_game, stop, halt)


def _sequential(config: MatchConfig, on_game: Callable[[PlayedGame], None] | None,
                stop: threading.Event, halt: threading.Event) -> MatchResult:
    records: list[PlayedGame] = []
    white, black = config.players()
    try:
        for index in range(config.games):
            if stop.is_set() or halt.is_set():
                break
            try:
                record = play_one(config, index, white, black, stop)
            except KeyboardInterrupt:
                stop.set()
                break
            records.append(record)
            if on_game is not None:
                on_game(record)
    finally:
        white.close()
        black.close()
    return MatchResult(tuple(records), stop.is_set() and len(records) < config.games or
                       any(r.termination == "stopped" for r in records))


# -- parallel -------------------------------------------------------------------------------
_WORKER: dict[str, Any] = {}


def _worker_start(config: MatchConfig, event: Any) -> None:
    """A worker process: Ctrl+C is the parent's to handle; players are made once."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    white, black = config.players()
    _WORKER.update(config=config, stop=event, white=white, black=black)
    multiprocessing.util.Finalize(None, _worker_end, exitpriority=10)


def _worker_end() -> None:
    for key in ("white", "black"):
        player = _WORKER.pop(key, None)
        if player is not None:
            player.close()


def _worker_game(index: int) -> PlayedGame:
    return play_one(_WORKER["config"], index, _WORKER["white"], _WORKER["black"],
                    _WORKER["stop"])


def _parallel(config: MatchConfig, on_game: Callable[[PlayedGame], None] | None,
              stop: threading.Event, halt: threading.Event) -> MatchResult:
    context = multiprocessing.get_context("spawn")      # safe beside the window's threads
    event = context.Event()
    records: list[PlayedGame] = []
    jobs = min(config.jobs, config.games)
    with ProcessPoolExecutor(jobs, mp_context=context, initializer=_worker_start,
                             initargs=(config, event)) as pool:
        pending: set[Future[PlayedGame]] = set()
        submitted = 0

        def top_up() -> None:
            nonlocal submitted
            while submitted < config.games and len(pending) < 2 * jobs and \
                    not event.is_set() and not halt.is_set():
                pending.add(pool.submit(_worker_game, submitted))
                submitted += 1

        top_up()
        while pending:
            try:
                done, _ = wait(pending, timeout=POLL_SECONDS, return_when=FIRST_COMPLETED)
            except KeyboardInterrupt:
                stop.set()
                done = set()
            if stop.is_set() and not event.is_set():
                event.set()
                for f in list(pending):
                    if f.cancel():
                        pending.discard(f)
            for f in done:
                pending.discard(f)
                if f.cancelled():
                    continue
                record = f.result()
                records.append(record)
                if on_game is not None:
                    on_game(record)
            top_up()
    records.sort(key=lambda r: r.index)
    stopped = event.is_set() and (len(records) < config.games or
                                  any(r.termination == "stopped" for r in records))
    return MatchResult(tuple(records), stopped)


__all__ = ["MatchConfig", "MatchResult", "run_match", "play_one"]

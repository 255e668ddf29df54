"""A match's games on a Dask cluster (``distributed``: ``dask scheduler``, ``dask worker``),
for runs that outgrow one machine. ``run_on_cluster(config, on_game, stop)`` answers as
``run_match`` does locally.

The same games whatever runs them: each game is ``run.play_one`` (the very function, handed
in) of the run's configuration and its index, as in the local processes. The configuration travels to the workers as data (the
variant itself, never a path on this machine), scattered once to every worker; a task is a
game's index. A worker keeps its players per run and thread, as a local process does, and
every game starts them afresh.

Faults: a game is pure, so a game whose worker dies is simply played again elsewhere (the
scheduler reschedules it; ``retries`` covers a game that raised) and each index is kept once.
No scheduler at the address: ``ClusterError`` within ``CONNECT_SECONDS``. The scheduler lost
part way: the run ends within seconds with the games finished so far and ``problem`` saying so.
Stop: a cluster-wide event the games poll (throttled) ends the games under way at their next
move, games not yet begun are not played, and what is still pending after a grace is cancelled.

Before the first game every worker is asked whether it can play the run: the project loads
there, and the engines the run names exist there (the error names the worker that lacks one).

``distributed`` is an optional extra (``pip install 'variant-designer[cluster]'``), imported
only when a run asks for a cluster.
"""

from __future__ import annotations

import logging
import os
import queue
import shutil
import threading
import time
import uuid
from typing import TYPE_CHECKING, Any, Callable

from ..errors import DesignerError, Location
from .played import PlayedGame

if TYPE_CHECKING:
    from ..opponent.search import StopSignal
    from ..players import Player
    from .run import MatchConfig

#: How a game is played: ``run.play_one`` (handed in by ``run.run_match``, which imports this
#: module, and sent to the workers with each game, so that both sides play the same function).
Play = Callable[["MatchConfig", int, "Player", "Player", "StopSignal"], PlayedGame]
#: What a run on the cluster gives back: the records by index, whether it ended early, why.
ClusterRun = tuple[tuple[PlayedGame, ...], bool, str]

#: How long to wait for a scheduler to answer, and for a lost one to come back.
CONNECT_SECONDS = 5.0
#: How long games under way may take to end at their next move after a stop.
STOP_GRACE_SECONDS = 15.0
#: A game that raised is played again so many times before the run fails.
RETRIES = 2
POLL_SECONDS = 0.2
#: Workers announce each game they begin on this topic (``Client.subscribe_topic``):
#: {"run", "index", "worker", "pid"}.
GAMES_TOPIC = "variant-designer-games"
EXTRA_HINT = "install the cluster extra: pip install 'variant-designer[cluster]'"


class ClusterError(DesignerError):
    """The cluster cannot play the run (no scheduler, no workers, a worker lacking an engine);
    the location is the scheduler's address."""

    def __init__(self, message: str, address: str, hint: str = ""):
        super().__init__(message, Location(file=address), hint)


def distributed_module() -> Any:
    """``distributed``, or ``ClusterError`` saying which extra brings it."""
    try:
        import distributed
    except ImportError:
        raise ClusterError("running on a cluster needs the 'distributed' package",
                           "--cluster", EXTRA_HINT) from None
    return distributed


# -- on the workers ---------------------------------------------------------------------------
_PLAYERS: dict[tuple[str, int], Any] = {}
_LOCK = threading.Lock()


def worker_problems(commands: list[tuple[str, ...]]) -> list[str]:
    """On a worker: the programs of ``commands`` it cannot run (empty: it can play the run)."""
    missing = []
    for command in commands:
        program = command[0]
        found = shutil.which(program) if os.sep not in program else \
            program if os.path.isfile(program) and os.access(program, os.X_OK) else None
        if found is None:
            missing.append(program)
    return missing


def forget_run(run: str) -> int:
    """On a worker: close the players of ``run`` (its engines' processes)."""
    with _LOCK:
        keys = [k for k in _PLAYERS if k[0] == run]
        pairs = [_PLAYERS.pop(k) for k in keys]
    for white, black in pairs:
        white.close()
        black.close()
    return len(pairs)


class _ClusterStop:
    """The run's stop event as the search polls it: the cluster-wide event, asked at most
    every ``every`` seconds (a poll is a message to the scheduler)."""

    def __init__(self, event: Any, every: float = 0.5):
        self._event = event
        self._every = every
        self._next = 0.0
        self._set = False

    def is_set(self) -> bool:
        if self._set:
            return True
        now = time.monotonic()
        if now >= self._next:
            self._next = now + self._every
            try:
                self._set = bool(self._event.is_set())
            except Exception:           # noqa: BLE001 - a lost scheduler: the client decides
                pass
        return self._set


def play_task(play: Play, config: MatchConfig, run: str, index: int) -> PlayedGame | None:
    """On a worker: game ``index`` of the run (None: the run was stopped before it began)."""
    distributed = distributed_module()
    stop = _ClusterStop(distributed.Event(f"vd-stop-{run}", client=distributed.get_client()))
    if stop.is_set():
        return None
    worker = distributed.get_worker()
    worker.log_event(GAMES_TOPIC, {"run": run, "index": index, "worker": worker.address,
                                   "pid": os.getpid()})
    key = (run, threading.get_ident())
    with _LOCK:
        pair = _PLAYERS.get(key)
    if pair is None:
        pair = config.players()
        with _LOCK:
            _PLAYERS[key] = pair
    return play(config, index, pair[0], pair[1], stop)


# -- on the client ----------------------------------------------------------------------------
def _engine_commands(config: MatchConfig) -> list[tuple[str, ...]]:
    commands = []
    for spec in (config.white, config.black):
        if spec.kind == "engine" and spec.command not in commands:
            commands.append(spec.command)
    return commands


def connect(address: str) -> Any:
    """A client of the scheduler at ``address`` with at least one worker (``ClusterError``
    within seconds when there is none)."""
    distributed = distributed_module()
    try:
        client = distributed.Client(address, timeout=CONNECT_SECONDS, set_as_default=False)
    except (OSError, TimeoutError, ValueError) as e:
        raise ClusterError(f"no Dask scheduler answers there ({e})", address,
                           "start one with 'dask scheduler', workers with 'dask worker "
                           "ADDRESS'; see docs/cluster.md") from None
    try:
        client.wait_for_workers(1, timeout=2 * CONNECT_SECONDS)
    except (OSError, TimeoutError) as e:
        client.close()
        raise ClusterError(f"the scheduler has no worker ({type(e).__name__})", address,
                           "start workers with 'dask worker ADDRESS'") from None
    return client


def check_workers(client: Any, config: MatchConfig, address: str) -> None:
    """``ClusterError`` naming each worker that cannot play the run."""
    answers = client.run(worker_problems, _engine_commands(config), on_error="return")
    problems = []
    for worker, answer in sorted(answers.items()):
        if isinstance(answer, BaseException):
            problems.append(f"worker {worker} cannot run the games: {type(answer).__name__}: "
                            f"{answer}")
        elif answer:
            problems.append(f"worker {worker} has no {', '.join(answer)}")
    if problems:
        raise ClusterError("; ".join(problems), address,
                           "every worker needs variant-designer and the run's engines")


def run_on_cluster(config: MatchConfig, play: Play,
                   on_game: Callable[[PlayedGame], None] | None = None,
                   stop: threading.Event | None = None,
                   halt: threading.Event | None = None) -> ClusterRun:
    """Play the run on the cluster at ``config.cluster`` with ``play`` (see the module's
    docstring): the records by index, whether the run ended early, and why when it was not
    asked to (the scheduler lost). ``halt`` set (a stopping rule was met) submits no new game
    and lets the games under way finish, as the local run does."""
    address = config.cluster or ""
    stop = stop if stop is not None else threading.Event()
    quiet = logging.getLogger("distributed")
    level = quiet.level
    quiet.setLevel(logging.CRITICAL)       # a lost scheduler is said once, by us
    try:
        client = connect(address)
        try:
            check_workers(client, config, address)
            return _play(client, config, play, address, on_game, stop,
                         halt if halt is not None else threading.Event())
        finally:
            _close(client)
    finally:
        quiet.setLevel(level)


def _play(client: Any, config: MatchConfig, play: Play, address: str,
          on_game: Callable[[PlayedGame], None] | None, stop: threading.Event,
          halt: threading.Event) -> ClusterRun:
    distributed = distributed_module()
    run = uuid.uuid4().hex
    event = distributed.Event(f"vd-stop-{run}", client=client)
    shared = client.scatter(config, broadcast=True, hash=False)
    records: dict[int, PlayedGame] = {}
    pending: dict[Any, int] = {}
    finished: queue.Queue[Any] = queue.Queue()     # futures done, from the client's thread
    submitted = 0
    problem = ""
    stopping_since: float | None = None
    lost_since: float | None = None

    threads = [0, 0.0]                  # the cluster's threads, when they were counted

    def window() -> int:
        """Games submitted ahead: twice the cluster's threads (counted anew every few
        seconds, as workers come and go), so the scheduler holds a window, not the run."""
        if time.monotonic() >= threads[1]:
            try:
                threads[:] = [sum(client.nthreads().values()), time.monotonic() + 3.0]
            except OSError:             # the scheduler away: the loop decides
                threads[1] = time.monotonic() + 3.0
        return max(4, 2 * int(threads[0]))

    def top_up() -> None:
        nonlocal submitted
        room = window() - len(pending)
        while room > 0 and submitted < config.games and stopping_since is None and \
                not halt.is_set():
            future = client.submit(play_task, play, shared, run, submitted, pure=False,
                                   retries=RETRIES, key=f"vd-game-{run}-{submitted}")
            pending[future] = submitted
            future.add_done_callback(finished.put)
            submitted += 1
            room -= 1

    try:
        top_up()
        while pending:
            done = set()
            try:
                done.add(finished.get(timeout=POLL_SECONDS))
                while True:
                    done.add(finished.get_nowait())
            except queue.Empty:
                pass
            except KeyboardInterrupt:
                stop.set()
            if stop.is_set() and stopping_since is None:
                stopping_since = time.monotonic()
                try:
                    event.set()
                except Exception:       # noqa: BLE001 - a lost scheduler: said below
                    pass
            if client.status != "running":
                lost_since = lost_since if lost_since is not None else time.monotonic()
                if time.monotonic() - lost_since > CONNECT_SECONDS:
                    problem = _lost(address)
                    break
                for future in done:     # seen again once the client is back
                    finished.put(future)
                continue
            unreachable = False
            for future in done:
                if future not in pending:
                    continue
                index = pending.pop(future)
                if future.status == "cancelled":
                    problem = problem or _cancelled(client, address, index)
                    continue
                try:
                    record = future.result()
                except distributed.client.FutureCancelledError:
                    problem = problem or _cancelled(client, address, index)
                    continue
                except distributed.KilledWorker as e:
                    problem = problem or f"{address}: game {index + 1} {e}"
                    continue
                except OSError:         # the scheduler went away while the result crossed
                    pending[future] = index
                    finished.put(future)
                    unreachable = True
                    continue
                if record is None or index in records:
                    continue
                records[index] = record
                if on_game is not None:
                    on_game(record)
            if unreachable:
                lost_since = lost_since if lost_since is not None else time.monotonic()
                if time.monotonic() - lost_since > CONNECT_SECONDS:
                    problem = _lost(address)
                    break
                time.sleep(POLL_SECONDS)        # the client reconnects meanwhile, or not
                continue
            lost_since = None
            if problem and not stop.is_set():
                stop.set()
                continue
            if stopping_since is not None and \
                    time.monotonic() - stopping_since > STOP_GRACE_SECONDS:
                break
            top_up()
    finally:
        _cancel(client, list(pending))
        if client.status == "running":
            try:
                client.run(forget_run, run, on_error="ignore")
            except Exception:           # noqa: BLE001 - best effort: the run is over
                pass
    played = tuple(records[i] for i in sorted(records))
    stopped = bool(problem) or stop.is_set() and (
        len(played) < config.games or any(r.termination == "stopped" for r in played))
    return played, stopped, problem


def _lost(address: str) -> str:
    return f"{address}: lost the Dask scheduler part way through the run"


def _cancelled(client: Any, address: str, index: int) -> str:
    """Why a game's future was cancelled without our asking: the client cancels them all
    when the scheduler is gone for good."""
    return _lost(address) if client.status != "running" else \
        f"{address}: the cluster cancelled game {index + 1}"


def _cancel(client: Any, futures: list[Any]) -> None:
    if futures and client.status == "running":
        try:
            client.cancel(futures)
        except Exception:               # noqa: BLE001 - best effort: the run is over
            pass


def _close(client: Any) -> None:
    try:
        client.close(timeout=CONNECT_SECONDS)
    except Exception:                   # noqa: BLE001 - a lost scheduler cannot be told
        pass


__all__ = ["ClusterError", "CONNECT_SECONDS", "EXTRA_HINT", "GAMES_TOPIC", "connect",
           "check_workers", "distributed_module", "forget_run", "play_task", "run_on_cluster",
           "worker_problems"]

"""Cluster figures for ``variant-designer bench --only cluster`` (opt-in: it starts a Dask
scheduler and workers on this machine and plays a few hundred games, a few minutes).

* ``cluster_<variant>_d<D>_games_per_min_per_worker``: self-play games a minute on one worker
  (one thread) at depth 2 and 4 for FIDE, Capablanca and Shogi, games cut at ``PLIES[D]``
  plies (their mean length beside);
* ``cluster_two_workers_over_one``: the same run's throughput on two local workers over one
  (the machine's cores, shared with whatever else runs, bound it);
* ``cluster_overhead_ms_per_game``: the cluster path's cost per game against local processes,
  from runs of near-empty games (two plies at depth 1) on two workers and on ``--jobs 2``: the
  slope between 40 and 120 games, so that starting the processes or reaching the scheduler,
  paid once a run, drops out.

Wall-clock figures (a cluster's throughput is what it delivers in time), so a busy machine
shows in them. Nothing here runs unless asked for.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

from ..match import MatchConfig, run_match
from ..opponent import Limits
from .bench_opponent import sample

VARIANTS = ("fide", "capablanca", "shogi")
DEPTHS = (2, 4)
GAMES = {2: 4, 4: 2}           # games per variant and depth on one worker
PLIES = {2: 60, 4: 24}         # each game cut after so many plies (a bound on the bench)
RATIO_GAMES = 8
TINY_GAMES = 40
READY_SECONDS = 120


class LocalCluster:
    """A ``dask scheduler`` and ``dask worker`` processes (one thread each) on 127.0.0.1,
    each its own process as on separate machines; the workers load this very package."""

    def __init__(self) -> None:
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            self.address = f"tcp://127.0.0.1:{s.getsockname()[1]}"
        root = str(Path(__file__).resolve().parents[2])
        self.env = dict(os.environ, PYTHONPATH=os.pathsep.join(
            [root] + ([os.environ["PYTHONPATH"]] if os.environ.get("PYTHONPATH") else [])))
        self.folder = tempfile.TemporaryDirectory(prefix="vd-cluster-")
        self.processes: list[subprocess.Popen[bytes]] = []
        self._start("distributed.cli.dask_scheduler", "--host", "127.0.0.1", "--port",
                    self.address.rsplit(":", 1)[1], "--no-dashboard")
        self.workers = 0

    def _start(self, module: str, *args: str) -> None:
        self.processes.append(subprocess.Popen(
            [sys.executable, "-m", module, *args], cwd=self.folder.name, env=self.env,
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))

    def add_worker(self) -> None:
        """One more worker, once the scheduler counts it."""
        self._start("distributed.cli.dask_worker", self.address, "--host", "127.0.0.1",
                    "--nthreads", "1", "--no-nanny", "--no-dashboard")
        self.workers += 1
        from ..match.cluster import distributed_module
        with distributed_module().Client(self.address, timeout=READY_SECONDS,
                                set_as_default=False) as client:
            client.wait_for_workers(self.workers, timeout=READY_SECONDS)

    def close(self) -> None:
        for p in reversed(self.processes):
            p.kill()
            p.wait(30)
        self.folder.cleanup()

    def __enter__(self) -> "LocalCluster":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _wall(config: MatchConfig) -> tuple[float, float]:
    """Seconds the run took, and its games' mean length."""
    start = time.monotonic()
    result = run_match(config)
    took = time.monotonic() - start
    return took, sum(r.plies for r in result.records) / max(1, len(result.records))


def _per_game(config: MatchConfig) -> float:
    """Seconds each more game costs: runs of ``games`` and three times as many, the slope
    (the run's fixed cost, starting processes or reaching the scheduler, drops out)."""
    few, _ = _wall(config)
    many, _ = _wall(replace(config, games=3 * config.games))
    return (many - few) / (2 * config.games)


def cluster_figures() -> dict[str, Any]:
    try:
        import distributed  # noqa: F401 - only to say it is missing
    except ImportError:
        return {"cluster_skipped": "the cluster extra is not installed"}
    out: dict[str, Any] = {"cluster_load_average_at_start": round(os.getloadavg()[0], 2)}
    with LocalCluster() as cluster:
        cluster.add_worker()
        for name in VARIANTS:
            variant = sample(name)
            for depth in DEPTHS:
                config = MatchConfig(variant, GAMES[depth], limits=Limits(depth=depth), seed=1,
                                     max_plies=PLIES[depth], cluster=cluster.address)
                took, plies = _wall(config)
                out[f"cluster_{name}_d{depth}_games_per_min_per_worker"] = \
                    round(GAMES[depth] / took * 60, 2)
                out[f"cluster_{name}_d{depth}_mean_plies"] = round(plies, 1)
        ratio_run = MatchConfig(sample("fide"), RATIO_GAMES, limits=Limits(depth=2), seed=2,
                                max_plies=PLIES[2], cluster=cluster.address)
        one, _ = _wall(ratio_run)
        cluster.add_worker()
        two, _ = _wall(ratio_run)
        out["cluster_one_worker_s"] = round(one, 2)
        out["cluster_two_workers_s"] = round(two, 2)
        out["cluster_two_workers_over_one"] = round(one / two, 2)
        tiny = MatchConfig(sample("fide"), TINY_GAMES, limits=Limits(depth=1), seed=3,
                           opening_plies=0, max_plies=2, cluster=cluster.address)
        on_cluster = _per_game(tiny)
    local = _per_game(replace(tiny, cluster=None, jobs=2))
    out["cluster_tiny_game_ms"] = round(on_cluster * 1000, 1)
    out["local_processes_tiny_game_ms"] = round(local * 1000, 1)
    out["cluster_overhead_ms_per_game"] = round((on_cluster - local) * 1000, 1)
    out["cluster_cores_here"] = os.cpu_count() or 1
    return out


__all__ = ["LocalCluster", "cluster_figures"]

"""Matches on a real Dask cluster: a ``dask scheduler`` and two ``dask worker`` processes on
127.0.0.1 (free ports), shared by the tests of this file. The cluster plays exactly the games of
the same run played locally; a worker killed mid-run loses no game and doubles none; a worker
lacking an engine is named before the first game; Stop ends the run; the window's Balance
report dialog runs on the cluster and remembers its address; an address without a scheduler, or a scheduler lost part way, is a clear error within seconds (the games finished
are kept). The scheduler is killed by the last test of the file."""

from __future__ import annotations

import io
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from dataclasses import replace
from pathlib import Path

import pytest

import distributed

from designer import cli
from designer.match import MatchConfig, run_match, write_pgn
from designer.match.cluster import CONNECT_SECONDS, GAMES_TOPIC
from designer.opponent import Limits
from designer.commands.fsf_parents import playable

ROOT = Path(__file__).resolve().parents[2]
FIDE = str(ROOT / "variants" / "fide.ini")
READY_SECONDS = 120          # a bound on a stuck start, never waited out when all is well


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class Cluster:
    """The scheduler's address, its process and the workers' processes."""

    def __init__(self, tmp: Path):
        self.port = _free_port()
        self.address = f"tcp://127.0.0.1:{self.port}"
        self.env = dict(os.environ, PYTHONPATH=str(ROOT))
        self.tmp = tmp
        self.scheduler = self._spawn("scheduler", "distributed.cli.dask_scheduler", "--host",
                                     "127.0.0.1", "--port", str(self.port), "--no-dashboard")
        self.workers: list[subprocess.Popen[bytes]] = []

    def _spawn(self, name: str, module: str, *args: str) -> subprocess.Popen[bytes]:
        log = open(self.tmp / f"{name}.log", "wb")
        return subprocess.Popen([sys.executable, "-m", module, *args], cwd=self.tmp,
                                env=self.env, stdout=log, stderr=subprocess.STDOUT)

    def add_worker(self) -> subprocess.Popen[bytes]:
        worker = self._spawn(f"worker{len(self.workers)}", "distributed.cli.dask_worker",
                             self.address, "--host", "127.0.0.1", "--nthreads", "1",
                             "--no-nanny", "--no-dashboard")
        self.workers.append(worker)
        return worker

    def client(self) -> distributed.Client:
        return distributed.Client(self.address, timeout=READY_SECONDS, set_as_default=False)

    def close(self) -> None:
        for p in [*self.workers, self.scheduler]:
            if p.poll() is None:
                p.kill()
            p.wait(30)


@pytest.fixture(scope="module")
def cluster(tmp_path_factory: pytest.TempPathFactory):
    c = Cluster(tmp_path_factory.mktemp("dask"))
    try:
        c.add_worker()
        c.add_worker()
        with c.client() as client:       # the scheduler's count of workers, polled by Dask
            client.wait_for_workers(2, timeout=READY_SECONDS)
        yield c
    finally:
        c.close()


def _config(**kw) -> MatchConfig:
    base = dict(variant=playable(FIDE, None), games=4, limits=Limits(depth=1), seed=5,
                opening_plies=2, max_plies=16)
    base.update(kw)
    return MatchConfig(**base)


def _on(config: MatchConfig, address: str | None) -> MatchConfig:
    return replace(config, cluster=address)


def _pgn(records, config: MatchConfig) -> str:
    out = io.StringIO()
    write_pgn(records, config.variant, out)
    return out.getvalue()


def test_the_cluster_plays_exactly_the_games_of_the_same_run_played_locally(cluster, tmp_path,
                                                                            capsys):
    args = ["match", FIDE, "--games", "4", "--depth", "1", "--max-plies", "16", "--seed", "5"]
    here, there = tmp_path / "here.pgn", tmp_path / "there.pgn"
    assert cli.main(args + ["--pgn", str(here)]) == 0
    assert cli.main(args + ["--pgn", str(there), "--cluster", cluster.address]) == 0
    err = capsys.readouterr().err
    assert "4 games" in err and f"on the cluster at {cluster.address}" in err
    assert there.read_text() == here.read_text()
    assert there.read_text().count("[Event ") == 4


def test_a_worker_lacking_an_engine_of_the_run_is_named_before_the_first_game(cluster,
                                                                              capsys):
    missing = "/nonexistent/fairy-stockfish"
    assert cli.main(["match", FIDE, "--games", "2", "--white", missing,
                     "--cluster", cluster.address]) == 2
    err = capsys.readouterr().err
    with cluster.client() as client:
        workers = sorted(client.scheduler_info(n_workers=-1)["workers"])
    assert len(workers) == 2
    for worker in workers:
        assert f"worker {worker} has no {missing}" in err
    assert "games in" not in err                         # no game was begun


def test_stop_ends_the_run_across_the_cluster_and_keeps_the_games_played(cluster):
    stop = threading.Event()
    seen = []

    def on_game(record):
        seen.append(record)
        stop.set()                                      # Cancel, after the first game

    result = run_match(_config(games=40, cluster=cluster.address), on_game, stop)
    assert result.stopped and not result.problem
    assert 1 <= len(result.records) < 40 and len(seen) == len(result.records)
    indices = [r.index for r in result.records]
    assert indices == sorted(set(indices))
    with cluster.client() as client:                   # nothing of the run is left running
        left = client.run_on_scheduler(
            lambda dask_scheduler: [k for k in dask_scheduler.tasks if "vd-game" in str(k)])
    assert left == []


def _dialog(qtbot, tmp_path, address: str):
    """The window's Balance report dialog set for a tiny run on the cluster at ``address``."""
    from PySide6.QtCore import QSettings
    from designer.gui.balance._report_dialog import BalanceReportDialog
    from designer.gui.document import VariantDocument
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    dialog = BalanceReportDialog(VariantDocument(playable(FIDE, None)), settings)
    qtbot.addWidget(dialog)
    f = dialog.form
    f.games.setValue(2)
    f.depth_box.setValue(1)
    f.max_plies.setValue(16)
    f.seed.setValue(5)
    f.on_cluster.setChecked(True)
    assert not f.jobs.isEnabled() and f.cluster.isEnabled()
    f.cluster.setText(address)
    return dialog, settings


def test_the_balance_report_dialog_runs_on_the_cluster_and_remembers_its_address(
        qtbot, cluster, tmp_path):
    from designer.gui.balance._report_form import ReportForm
    dialog, settings = _dialog(qtbot, tmp_path, cluster.address)
    with qtbot.waitSignal(dialog.reported, timeout=READY_SECONDS * 1000) as blocker:
        assert dialog.start()
        assert f"on the cluster at {cluster.address}" in dialog.status.text()
    run = blocker.args[0]
    config = dialog.job.config
    assert config.cluster == cluster.address and run.report.played == 2
    assert _pgn(run.result.records, config) == _pgn(run_match(_on(config, None)).records,
                                                     config)
    again = ReportForm(settings)
    qtbot.addWidget(again)
    assert again.on_cluster.isChecked() and again.cluster.text() == cluster.address


def test_the_dialog_says_when_no_scheduler_answers(qtbot, tmp_path):
    address = f"tcp://127.0.0.1:{_free_port()}"
    dialog, _ = _dialog(qtbot, tmp_path, address)
    with qtbot.waitSignal(dialog.job.failed, timeout=READY_SECONDS * 1000):
        assert dialog.start()
    assert f"{address}: no Dask scheduler answers there" in dialog.status.text()
    assert dialog.run_button.isEnabled()


def test_an_address_without_a_scheduler_is_a_clear_error_within_seconds(capsys):
    address = f"tcp://127.0.0.1:{_free_port()}"
    start = time.monotonic()
    assert cli.main(["match", FIDE, "--games", "2", "--cluster", address]) == 2
    took = time.monotonic() - start
    err = capsys.readouterr().err
    assert f"{address}: no Dask scheduler answers there" in err and "dask scheduler" in err
    assert took < 3 * CONNECT_SECONDS


def test_without_distributed_the_cluster_option_says_which_extra_to_install(monkeypatch,
                                                                            capsys):
    import importlib.util
    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec",
                        lambda name, *a: None if name == "distributed" else real(name, *a))
    assert cli.main(["match", FIDE, "--games", "1", "--cluster", "tcp://10.0.0.5:8786"]) == 2
    assert "pip install 'variant-designer[cluster]'" in capsys.readouterr().err


def test_a_worker_killed_mid_run_loses_no_game_and_doubles_none(cluster):
    victim = cluster.add_worker()
    config = _config(games=5, limits=Limits(depth=2), max_plies=30, seed=11)
    begun: list[dict] = []
    on_victim = threading.Event()

    def announced(event) -> None:
        _, message = event
        begun.append(message)
        if message["pid"] == victim.pid:
            on_victim.set()

    received: set[int] = set()
    lock = threading.Lock()

    def on_game(record) -> None:
        with lock:
            received.add(record.index)

    with cluster.client() as client:
        client.wait_for_workers(3, timeout=READY_SECONDS)
        client.subscribe_topic(GAMES_TOPIC, announced)
        outcome: list = []
        runner = threading.Thread(target=lambda: outcome.append(run_match(
            _on(config, cluster.address), on_game)))
        runner.start()
        assert on_victim.wait(READY_SECONDS), "no game reached the third worker"
        victim.send_signal(signal.SIGKILL)
        with lock:
            back_before = set(received)
        runner.join(READY_SECONDS)
        assert not runner.is_alive()
        client.unsubscribe_topic(GAMES_TOPIC)
    victim.wait(30)
    result = outcome[0]
    assert not result.stopped and not result.problem
    assert [r.index for r in result.records] == list(range(5))
    assert _pgn(result.records, config) == _pgn(run_match(config).records, config)
    # every game the killed worker had begun and not yet given back was begun again elsewhere
    on_it = {m["index"] for m in begun if m["pid"] == victim.pid}
    elsewhere = {m["index"] for m in begun if m["pid"] != victim.pid}
    assert on_it and on_it - back_before <= elsewhere


def test_a_scheduler_lost_part_way_ends_the_run_within_seconds_keeping_the_games(cluster):
    config = _config(games=200, cluster=cluster.address, max_plies=12)
    first = threading.Event()
    outcome: list = []

    def on_game(record):
        first.set()

    runner = threading.Thread(target=lambda: outcome.append(run_match(config, on_game)))
    runner.start()
    assert first.wait(READY_SECONDS)
    cluster.scheduler.send_signal(signal.SIGKILL)
    gone = time.monotonic()
    runner.join(READY_SECONDS)
    assert not runner.is_alive()
    assert time.monotonic() - gone < 4 * CONNECT_SECONDS
    result = outcome[0]
    assert result.stopped and "lost the Dask scheduler" in result.problem
    assert cluster.address in result.problem
    assert 1 <= len(result.records) < 200
    kept = {r.index for r in result.records}
    local = run_match(_config(games=max(kept) + 1, max_plies=12)).records
    assert _pgn(result.records, config) == _pgn([r for r in local if r.index in kept], config)

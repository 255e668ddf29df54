"""A player in a process of its own (``players.ProcessPlayer``): a game step through it is a
legal move, a stop makes a long search answer at once, closing ends the process, and a child
that dies is an answer saying so, never a hang. Every wait is on the answer or the process
itself (bounded generously only so that a defect fails instead of hanging)."""

from __future__ import annotations

import os
import signal
import threading
from functools import partial

import pytest

from designer.game.game import Game
from designer.opponent import Limits
from designer.opponent.settings import MAX_DEPTH, MAX_NODES
from designer.players import BuiltinPlayer, ProcessPlayer, RandomPlayer

from repo_data import ROOT
from designer.formats.registry import read_any

FIDE = read_any(ROOT / "variants" / "fide.ini")
BOUND = 120        # seconds: a hang fails the test instead of stopping the suite


@pytest.fixture
def builtin():
    players = []

    def make(limits):
        p = ProcessPlayer(partial(BuiltinPlayer, limits=limits), "builtin")
        players.append(p)
        return p
    yield make
    for p in players:
        p.close()


def test_a_game_step_through_the_process_is_a_legal_move(builtin):
    player = builtin(Limits(depth=1))
    game = Game(FIDE)
    player.begin(FIDE, None, 1)
    for _ in range(3):
        legal = game.legal_moves()
        answer = player.ask(game, legal)
        assert answer.move in legal, answer
        assert answer.info.startswith("depth 1")
        game.push(answer.move)


def test_stop_makes_a_long_search_answer_with_its_best_move(builtin):
    player = builtin(Limits(depth=MAX_DEPTH, nodes=MAX_NODES))   # minutes without a stop
    game = Game(FIDE)
    player.begin(FIDE, None)
    stop = threading.Event()
    answers = []
    asking = threading.Thread(target=lambda: answers.append(player.ask(game, game.legal_moves(),
                                                                       stop)))
    asking.start()
    stop.set()
    asking.join(BOUND)
    assert not asking.is_alive() and answers[0].move in game.legal_moves(), answers


def test_closing_ends_the_process():
    player = ProcessPlayer(partial(RandomPlayer, 3), "random")
    game = Game(FIDE)
    player.begin(FIDE, None, 0)
    assert player.ask(game, game.legal_moves()).move in game.legal_moves()
    player.close()
    assert not player.process.is_alive() and player.process.exitcode == 0


def test_a_child_that_dies_is_an_answer_saying_so():
    player = ProcessPlayer(partial(RandomPlayer, 3), "random")
    try:
        game = Game(FIDE)
        player.begin(FIDE, None, 0)
        os.kill(player.process.pid, signal.SIGKILL)
        answer = player.ask(game, game.legal_moves())
        assert answer.move is None
        assert "random's process ended unexpectedly (signal 9)" in answer.failure
    finally:
        player.close()


def test_the_child_ends_when_its_parent_dies(tmp_path):
    """A parent that dies without closing (a window that crashes) while its child searches
    leaves no search behind: the child watches its parent and ends. The wait is on the
    child's own end (a pidfd)."""
    import select
    import subprocess
    import sys
    script = ("import os, sys\n"
              "from functools import partial\n"
              "from designer.opponent import Limits\n"
              "from designer.players import BuiltinPlayer, ProcessPlayer\n"
              "from designer.formats.registry import read_any\n"
              f"v = read_any({str(ROOT / 'variants' / 'fide.ini')!r})\n"
              f"limits = Limits(depth={MAX_DEPTH}, nodes={MAX_NODES})\n"
              "p = ProcessPlayer(partial(BuiltinPlayer, limits=limits), 'builtin')\n"
              "p.begin(v, None)\n"
              "p._conn.send(('ask', ()))\n"      # a search of minutes is under way ...
              "print(p.process.pid, flush=True)\n"
              "os._exit(3)\n")                   # ... when the parent dies
    parent = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE,
                              stderr=subprocess.DEVNULL, text=True,
                              env={**os.environ, "PYTHONPATH": str(ROOT)})
    try:
        child = int(parent.stdout.readline())
        assert parent.wait(BOUND) == 3
    finally:
        if parent.poll() is None:
            parent.kill()
        parent.stdout.close()
    try:
        fd = os.pidfd_open(child)
    except ProcessLookupError:
        return                                   # already gone
    try:
        ready, _, _ = select.select([fd], [], [], BOUND)
        if not ready:
            signal.pidfd_send_signal(fd, signal.SIGKILL)   # a failed test leaves no search
        assert ready, "the child outlived its parent"
    finally:
        os.close(fd)


@pytest.mark.skipif(not hasattr(os, "nice"), reason="no process priorities on this system")
def test_a_player_given_nice_runs_at_a_lower_priority_than_its_caller():
    """A search the window runs in the background yields the CPU to the window: once it has
    searched, the child's priority (read from the system) is ``nice`` steps below its
    parent's; without ``nice`` it is its parent's (a match gives both players the same
    share)."""
    ours = os.getpriority(os.PRIO_PROCESS, 0)
    low = ProcessPlayer(partial(RandomPlayer, 3), "random", nice=5)
    plain = ProcessPlayer(partial(RandomPlayer, 3), "random")
    try:
        for player in (low, plain):
            game = Game(FIDE)
            player.begin(FIDE, None, 0)
            assert player.ask(game, game.legal_moves()).move in game.legal_moves()
        assert os.getpriority(os.PRIO_PROCESS, low.process.pid) == min(19, ours + 5)
        assert os.getpriority(os.PRIO_PROCESS, plain.process.pid) == ours
    finally:
        low.close()
        plain.close()

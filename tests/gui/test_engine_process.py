"""The window's engine transport: the same sessions over ``QProcess``, run in a worker thread
(never the UI thread), against fake engines and, when given, the real Fairy-Stockfish."""

from __future__ import annotations

import os
import sys
import threading

import pytest

from designer.engines import EngineError, Limit, EnginePosition, give_variant, open_engine
from designer.gui.engines import QProcessTransport

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "engines"))
import fake_engines  # noqa: E402
from fsf_referee import PyffishReferee  # noqa: E402
from game_setups import sample  # noqa: E402

#: generous waits for fakes that answer (each ends as soon as the answer comes)
QUICK = fake_engines.PATIENT


def _in_worker(job):
    """Run ``job`` in a worker thread (as the window does) and return what it returned or
    raised."""
    out: dict = {}

    def run():
        try:
            out["value"] = job()
        except BaseException as e:     # noqa: BLE001 - handed back to the test
            out["error"] = e

    t = threading.Thread(target=run)
    t.start()
    t.join(120)
    assert not t.is_alive()
    if "error" in out:
        raise out["error"]
    return out["value"]



def test_a_fake_engine_plays_over_qprocess(qapp, fake):
    def job():
        t = QProcessTransport(fake(fake_engines.uci("normal")))
        with open_engine([], "uci", timeouts=QUICK, transport=t) as engine:
            return engine.id_name, engine.play(EnginePosition("chess"), Limit(depth=1)), t.pid
    name, result, pid = _in_worker(job)
    assert name == "Fake 1.0" and result.move == "e2e4" and result.ponder == "e7e5"
    assert fake_engines.gone(pid)


@pytest.mark.parametrize("mode,kind", [("crash", "crashed"), ("hang-start", "no-answer"),
                                       ("garbage", "garbage"), ("bad-text", "bad-move"),
                                       ("long-line", "garbage")])
def test_a_misbehaving_engine_over_qprocess_fails_and_is_gone(qapp, fake, mode, kind):
    transport = QProcessTransport(fake(fake_engines.uci(mode)))

    def job():
        # a fake that never finishes the handshake is found by a short start
        waits = fake_engines.timeouts("start") if mode == "hang-start" else QUICK
        engine = open_engine([], "uci", timeouts=waits, transport=transport)
        try:
            engine.play(EnginePosition("chess"), Limit(depth=1))
        finally:
            engine.close()
    with pytest.raises(EngineError) as caught:
        _in_worker(job)
    assert caught.value.kind == kind
    if mode == "crash":
        assert "exit status 3" in caught.value.message and "out of cheese" in \
            caught.value.message
    assert transport.pid is not None and fake_engines.gone(transport.pid)


def test_a_missing_program_cannot_be_started(qapp, tmp_path):
    with pytest.raises(EngineError) as caught:
        _in_worker(lambda: open_engine([str(tmp_path / "none")], "uci", timeouts=QUICK,
                                       transport=QProcessTransport([str(tmp_path / "none")])))
    assert caught.value.kind == "not-started" and "no such program" in caught.value.message


@pytest.mark.parametrize("protocol", ["uci", "xboard"])
def test_fairy_stockfish_plays_shogi_over_qprocess(qapp, fsf, tmp_path, protocol):
    """A few moves of a Shogi game, each checked by pyffish (the whole games are in
    tests/engines over the subprocess transport; the protocol code is the same)."""
    def job():
        transport = QProcessTransport([fsf])
        with open_engine([], protocol, transport=transport) as engine:
            given = give_variant(engine, sample("shogi"), str(tmp_path))
            referee = PyffishReferee(given.name)
            moves: tuple[str, ...] = ()
            for _ in range(16):
                move = engine.play(EnginePosition(given.name, None, moves), Limit(depth=2)).move
                assert move in referee.legal_moves(moves), (moves, move)
                moves += (move,)
        return moves, transport.pid
    moves, pid = _in_worker(job)
    assert len(moves) == 16 and fake_engines.gone(pid)

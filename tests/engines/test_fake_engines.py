"""Engines that misbehave (fake ones, written as small scripts): each case ends in an
``EngineError`` that says what happened, the caller is never left waiting beyond the bounded
waits, and the engine's process (and anything it started) is gone afterwards."""

from __future__ import annotations

import time

import pytest

from designer.engines import EngineError, Limit, Position, open_engine
from designer.engines.players import EnginePlayer
from designer.match import play_game
from designer.engines.session import MAX_UNKNOWN
from designer.engines.settings import EngineSettings
from designer.engines.transport import ProcessTransport

import fake_engines
from game_setups import sample

#: The waits for fakes that answer (generous: they end as soon as the answer comes); a test of
#: a fake that stays silent makes that one wait short (``fake_engines.timeouts``).
QUICK = fake_engines.PATIENT



def _run(fake, source, protocol="uci", limit=Limit(depth=1), variant="chess",
         timeouts=QUICK):
    """Start the fake, play one move; return (error, transport)."""
    transport = ProcessTransport(fake(source))
    with pytest.raises(EngineError) as caught:
        engine = open_engine([], protocol, timeouts=timeouts, transport=transport)
        try:
            engine.select_variant(variant, 8, 8)
            engine.play(Position(variant), limit)
        finally:
            engine.close()
    assert transport.exit_code() is not None and fake_engines.gone(transport.pid)
    return caught.value, transport


def test_an_engine_that_never_answers_the_handshake_is_given_up(fake):
    error, _ = _run(fake, fake_engines.uci("hang-start"), timeouts=fake_engines.timeouts("start"))
    assert error.kind == "no-answer" and error.sent == "uci"
    assert "Fake 1.0 by nobody" in error.said           # what it did say is shown


def test_an_xboard_engine_that_never_sends_its_features_is_given_up(fake):
    error, _ = _run(fake, fake_engines.xboard("hang-start"), "xboard",
                    timeouts=fake_engines.timeouts("start"))
    assert error.kind == "no-answer" and error.sent == "protover 2"


def test_an_engine_that_crashes_while_thinking_says_how_it_ended(fake):
    error, _ = _run(fake, fake_engines.uci("crash"))
    assert error.kind == "crashed"
    assert "exit status 3" in error.message and "out of cheese" in error.message


def test_an_xboard_engine_that_crashes_while_thinking(fake):
    error, _ = _run(fake, fake_engines.xboard("crash"), "xboard")
    assert error.kind == "crashed" and "exit status 5" in error.message


def test_an_engine_that_floods_garbage_is_stopped_after_a_bounded_number_of_lines(fake):
    error, _ = _run(fake, fake_engines.uci("garbage"))
    assert error.kind == "garbage"
    assert f"{MAX_UNKNOWN} lines" in error.message and "no protocol here" in error.message


def test_an_endless_line_is_garbage(fake):
    error, _ = _run(fake, fake_engines.uci("long-line"))
    assert error.kind == "garbage" and "longer than" in error.message


@pytest.mark.parametrize("protocol,source", [("uci", fake_engines.uci("bad-text")),
                                             ("xboard", fake_engines.xboard("bad-text"))])
def test_move_text_that_is_no_move_is_refused(fake, protocol, source):
    error, _ = _run(fake, source, protocol)
    assert error.kind == "bad-move"
    assert ("zz99" if protocol == "uci" else "castle!") in error.message


def test_an_engine_that_ignores_stop_gets_a_bounded_wait_then_fails(fake, tmp_path):
    log = tmp_path / "said.txt"
    error, _ = _run(fake, fake_engines.uci("deaf", str(log)), limit=Limit(movetime_ms=100),
                    timeouts=fake_engines.timeouts("grace", "sync"))   # stop, then given up
    assert error.kind == "no-answer"
    # it was asked to stop once its time was up, before it was given up on
    assert "stop" in log.read_text().split("\n")


def test_a_silent_engine_moves_when_asked_to_stop(fake, tmp_path):
    """The soft deadline (its time and the grace) sends ``stop``; its answer is taken."""
    transport = ProcessTransport(fake(fake_engines.uci("silent")))
    with open_engine([], "uci", timeouts=fake_engines.timeouts("grace"),
                     transport=transport) as engine:
        result = engine.play(Position("chess"), Limit(movetime_ms=50))
    assert result.move == "e2e4"
    assert fake_engines.gone(transport.pid)


def test_an_engine_that_ignores_quit_is_ended_anyway(fake):
    transport = ProcessTransport(fake(fake_engines.uci("ignore-quit")))
    engine = open_engine([], "uci", timeouts=QUICK, transport=transport)
    assert engine.play(Position("chess"), Limit(depth=1)).move == "e2e4"
    engine.close()
    assert engine.closed and fake_engines.gone(transport.pid)


def test_what_an_engine_started_is_ended_with_it(fake, tmp_path):
    log = tmp_path / "said.txt"
    error, _ = _run(fake, fake_engines.uci("child", str(log)),
                    timeouts=fake_engines.timeouts("start"))
    assert error.kind == "no-answer"
    child = next(int(line.split()[1]) for line in log.read_text().splitlines()
                 if line.startswith("child "))
    # the child is reaped by init, not by us, and no event says when: look until it is (the
    # deadline is a ceiling for a loaded machine, never a measure)
    deadline = time.monotonic() + 60
    while not fake_engines.gone(child) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert fake_engines.gone(child)


def test_a_program_that_does_not_exist_cannot_be_started(tmp_path):
    with pytest.raises(EngineError) as caught:
        open_engine([str(tmp_path / "no-such-engine")], "uci", timeouts=QUICK)
    assert caught.value.kind == "not-started" and "no such program" in caught.value.message


def test_an_option_the_engine_lacks_or_a_bad_value_is_refused_and_the_session_goes_on(fake):
    transport = ProcessTransport(fake(fake_engines.uci("normal")))
    with open_engine([], "uci", timeouts=QUICK, transport=transport) as engine:
        for values, words in (({"Threads": 2}, "no option"), ({"Hash": 100}, "1 to 64"),
                              ({"Style": "Wild"}, "no choice"), ({"Hash": "lots"}, "number")):
            with pytest.raises(EngineError) as caught:
                engine.configure(values)
            assert caught.value.kind == "refused" and words in caught.value.message
        engine.configure({"hash": 32, "Style": "risky"})     # names and choices in any case
        assert engine.play(Position("chess"), Limit(depth=1)).move == "e2e4"


def test_an_xboard_engine_that_rejects_our_move_fails_saying_which(fake):
    transport = ProcessTransport(fake(fake_engines.xboard("rejects")))
    with pytest.raises(EngineError) as caught:
        with open_engine([], "xboard", timeouts=QUICK, transport=transport) as engine:
            engine.play(Position("normal", None, ("e2e4",)), Limit(depth=1))
    assert caught.value.kind == "refused" and "e2e4" in caught.value.message
    assert fake_engines.gone(transport.pid)


def test_an_xboard_engine_that_resigns(fake):
    transport = ProcessTransport(fake(fake_engines.xboard("resign")))
    with open_engine([], "xboard", timeouts=QUICK, transport=transport) as engine:
        result = engine.play(Position("normal"), Limit(depth=1))
    assert result.move is None and result.resigned


def test_an_xboard_engine_moves_when_asked_to_move_now(fake):
    transport = ProcessTransport(fake(fake_engines.xboard("silent")))
    with open_engine([], "xboard", timeouts=fake_engines.timeouts("unbounded"),
                     transport=transport) as engine:
        result = engine.play(Position("normal"), Limit(depth=1))
    assert result.move == "d2d4"


@pytest.mark.parametrize("protocol,source", [("uci", fake_engines.uci("illegal")),
                                             ("xboard", fake_engines.xboard("illegal"))])
def test_an_illegal_engine_move_stops_the_game_with_both_readings(fake, protocol, source):
    command = tuple(fake(source))
    players = [EnginePlayer(EngineSettings(side, command, protocol, None, 1), QUICK)
               for side in ("white", "black")]
    try:
        record = play_game(sample("fide"), *players, seed=0, opening_plies=0)
    finally:
        for p in players:
            p.close()
    assert record.moves == () and record.result == "*"
    assert record.termination == "illegal move"
    # who sent it, its text, what it means to the engine, and our reading of it
    assert record.reason == ("white played e2e5 (from e2 to e5), which we reject: white's P "
                             "on e2 has no legal move there; its legal moves: e2e3, e2e4")


def test_limits_are_sent_as_each_protocol_writes_them(fake, tmp_path):
    clocks = Limit(white_ms=60_000, black_ms=50_000, white_inc_ms=1000, black_inc_ms=2000,
                   moves_to_go=20)
    log = tmp_path / "uci.txt"
    with open_engine(fake(fake_engines.uci("normal", str(log)), "u.py"), "uci",
                     timeouts=QUICK) as engine:
        engine.play(Position("chess", None, ("e2e4",)), clocks)
        engine.play(Position("chess"), Limit(movetime_ms=250, depth=3, nodes=1000))
    said = log.read_text().splitlines()
    assert "position startpos moves e2e4" in said
    assert "go wtime 60000 btime 50000 winc 1000 binc 2000 movestogo 20" in said
    assert "go movetime 250 depth 3 nodes 1000" in said
    log = tmp_path / "xboard.txt"
    with open_engine(fake(fake_engines.xboard("normal", str(log)), "x.py"), "xboard",
                     timeouts=QUICK) as engine:
        engine.play(Position("normal", None, ("e2e4",)), clocks)   # Black to move
        engine.play(Position("normal"), Limit(movetime_ms=250, depth=3))
    said = log.read_text().splitlines()
    # Black's clock is "time" (centiseconds), White's "otim"; st is whole seconds
    assert ["level 20 0:50 2", "time 5000", "otim 6000"] == \
        said[said.index("usermove e2e4") + 1:said.index("usermove e2e4") + 4]
    assert "st 1" in said and "sd 3" in said
    assert said.count("new") == 2 and said.count("force") >= 4


_WAITS_FOR_MOVE_NOW = r'''
import sys, time
log = open(sys.argv[1], "a")
started = None
for line in sys.stdin:
    cmd = line.split()
    if not cmd:
        continue
    log.write(line.strip() + "\n"); log.flush()
    if cmd[0] == "protover":
        print('feature myname="Waiter" ping=1 setboard=1 usermove=1 done=1', flush=True)
    elif cmd[0] == "ping":
        print("pong " + cmd[1], flush=True)
    elif cmd[0] == "go":
        started = time.monotonic()
    elif cmd[0] == "?" and started is not None:
        log.write("waited %.3f\n" % (time.monotonic() - started)); log.flush()
        started = None
        print("move d2d4", flush=True)
    elif cmd[0] == "quit":
        break
'''


def test_a_time_per_move_under_a_second_is_kept_over_the_xboard_protocol(fake, tmp_path):
    """``st`` takes whole seconds, so 100 ms goes as ``st 1`` (the most the engine may take)
    and ``?`` (move now) at 100 ms by our clock, not at the end of the second. An engine that
    thinks until told (this one) moves then; the grace is long, so only ``?`` can end it
    within it."""
    log = tmp_path / "said.txt"
    patient = fake_engines.PATIENT
    command = fake(_WAITS_FOR_MOVE_NOW) + [str(log)]
    with open_engine(command, "xboard", timeouts=patient) as engine:
        result = engine.play(Position("normal"), Limit(movetime_ms=100))
    assert result.move == "d2d4"
    said = log.read_text().splitlines()
    assert "st 1" in said and said.index("st 1") < said.index("go") < said.index("?")
    waited = float(next(line.split()[1] for line in said if line.startswith("waited ")))
    assert 0.1 <= waited < patient.grace     # not before our 100 ms; not after st + grace

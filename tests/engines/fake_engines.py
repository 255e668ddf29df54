"""Small fake engines (Python scripts) that misbehave in one way each, for the tests of what
a session does then. ``uci(mode)`` and ``xboard(mode)`` return the script's source."""

from __future__ import annotations

import os
from dataclasses import replace

from designer.engines import Timeouts

_COMMON = r'''
import os, subprocess, sys, time
MODE = %r
LOG = %r
def out(s):
    sys.stdout.write(s + "\n"); sys.stdout.flush()
def log(s):
    if LOG:
        with open(LOG, "a") as f: f.write(s + "\n")
if MODE == "child":
    child = subprocess.Popen(["sleep", "300"])
    log("child %%d" %% child.pid)
'''

_UCI = _COMMON + r'''
out("Fake 1.0 by nobody")
for line in sys.stdin:
    cmd = line.split()
    log(line.strip())
    if not cmd:
        continue
    if cmd[0] == "uci":
        if MODE in ("hang-start", "child"):
            continue
        if MODE == "garbage":
            while True:
                out("@#$ no protocol here %%f" %% time.time())
        out("id name Fake 1.0")
        out("option name Hash type spin default 16 min 1 max 64")
        out("option name Style type combo default Normal var Solid var Normal var Risky")
        out("uciok")
    elif cmd[0] == "isready":
        out("readyok")
    elif cmd[0] == "go":
        if MODE == "crash":
            sys.stderr.write("fake: out of cheese\n"); sys.stderr.flush()
            os._exit(3)
        elif MODE == "bad-text":
            out("bestmove zz99")
        elif MODE == "illegal":
            out("info depth 1 score cp 5 pv e2e5")
            out("bestmove e2e5")
        elif MODE == "long-line":
            sys.stdout.write("info string " + "x" * 200000); sys.stdout.flush()
        elif MODE in ("silent", "deaf"):
            pass
        else:
            out("info depth 1 score cp 10 nodes 20 pv e2e4 e7e5")
            out("bestmove e2e4 ponder e7e5")
    elif cmd[0] == "stop":
        if MODE == "silent":
            out("bestmove e2e4")
    elif cmd[0] == "quit":
        if MODE in ("deaf", "ignore-quit"):
            continue
        break
'''

_XBOARD = _COMMON + r'''
for line in sys.stdin:
    cmd = line.split()
    log(line.strip())
    if not cmd:
        continue
    if cmd[0] == "protover":
        if MODE == "hang-start":
            continue
        out('feature myname="Fake XB" ping=1 setboard=1 usermove=1 variants="normal,capablanca" '
            'option="Hash -spin 16 1 64" done=1')
    elif cmd[0] == "ping":
        out("pong " + cmd[1])
    elif cmd[0] == "usermove" and MODE == "rejects":
        out("Illegal move: " + cmd[1])
    elif cmd[0] == "go":
        if MODE == "illegal":
            out("move e2e5")
        elif MODE == "bad-text":
            out("move castle!")
        elif MODE == "crash":
            os._exit(5)
        elif MODE == "silent":
            pass
        elif MODE == "resign":
            out("resign")
        else:
            out("1 10 0 20 e2e4")
            out("move e2e4")
    elif cmd[0] == "?" and MODE == "silent":
        out("move d2d4")
    elif cmd[0] == "quit":
        break
'''


def uci(mode: str, log: str = "") -> str:
    return _UCI % (mode, log)


def xboard(mode: str, log: str = "") -> str:
    return _XBOARD % (mode, log)


#: The bounded waits for a fake that answers: it answers at once and each wait ends as soon as
#: the answer comes, so these are ceilings for a loaded machine, never measures. (A short wait
#: for an answer that does come makes a test fail when the machine is busy.)
PATIENT = Timeouts(start=60.0, sync=60.0, grace=60.0, unbounded=60.0, quit=0.5)


def timeouts(*short: str, seconds: float = 1.0) -> Timeouts:
    """``PATIENT`` with the waits a test is about (``"start"``: a fake that never finishes
    the handshake; ``"grace"``, ``"unbounded"``: one that stays silent when asked to move;
    ``"sync"``: one that does not answer ``stop`` either) short, so that the silence it tests
    is found quickly (after ``seconds``)."""
    return replace(PATIENT, **{name: seconds for name in short})


def gone(pid: int | None) -> bool:
    """Whether no process has that id any more (ours are reaped when closed)."""
    if pid is None:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    return False

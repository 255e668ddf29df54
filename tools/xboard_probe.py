#!/usr/bin/env python3
"""Drive the real XBoard (4.9.1) under a virtual display and record what it does, as facts
for the test data of the repository.

    tools/xboard_probe.py starts  OUT.json          # every -variant: FEN and PGN XBoard saves
    tools/xboard_probe.py games   OUTDIR            # games XBoard saves after scripted moves
    tools/xboard_probe.py open    FILE... [--shots DIR]   # which windows a command line opens
    tools/xboard_probe.py engines OUT.json          # the variants each installed engine lists
    tools/xboard_probe.py legal   OUT.json          # which single moves XBoard accepts
    tools/xboard_probe.py play ENGINE FILE...       # does ENGINE play a few moves of FILE

Needs ``Xvfb``, ``xdotool`` and ``import`` (ImageMagick). XBoard runs with ``HOME`` set to a
temporary folder so that no settings of the machine are read or written. Each XBoard run is
bounded (it is killed after a timeout). The menus are reached through their keyboard shortcuts
(``menus.c``: Save Position = Shift+Ctrl+S, Save Game = Ctrl+S, Quit = Ctrl+Q); the GTK file
dialog takes the typed path.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

XBOARD = "/usr/games/xboard"
# Every name XBoard 4.9.1 accepts for -variant (common.h VARIANT_NAMES, xboard.texi), without
# "unknown" and the ICC placeholders wild29..wild36.
VARIANTS = ("normal wildcastle nocastle fischerandom bughouse crazyhouse losers suicide "
            "giveaway twokings kriegspiel atomic 3check shatranj shogi chu courier gothic "
            "capablanca knightmate fairy cylinder falcon caparandom berolina janus super great "
            "makruk seirawan grand spartan xiangqi asean lion elven").split()
FAKE_ENGINE = r'''#!/usr/bin/env python3
import os, sys
moves = os.environ.get("FAKE_MOVES_" + sys.argv[1], "").split()
answered = False          # one move per turn: XBoard may send "go" after "usermove"
def out(s):
    sys.stdout.write(s + "\n"); sys.stdout.flush()
def play():
    global answered
    if not answered:
        out("move " + moves.pop(0) if moves else "resign")
        answered = True
for line in sys.stdin:
    line = line.strip()
    if line.startswith("protover"):
        out('feature myname="probe%s" variants="%s" setboard=1 usermove=1 sigint=0 '
            'sigterm=0 done=1' % (sys.argv[1], os.environ["FAKE_VARIANTS"]))
    elif line.startswith("usermove"):
        answered = False
        play()
    elif line == "go":
        play()
    elif line == "quit":
        break
'''


class Display:
    """A private Xvfb server; ``env`` runs programs on it with a throw-away HOME."""

    def __init__(self, number: int):
        self.number = number
        self.home = tempfile.mkdtemp(prefix="xbprobe-home-")
        self.proc = subprocess.Popen(["Xvfb", f":{number}", "-screen", "0", "1400x1100x24"],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(1.0)
        # /usr/games holds the engines of Debian packages (fairymax, fairy-stockfish)
        self.env = dict(os.environ, DISPLAY=f":{number}", HOME=self.home,
                        PATH=os.environ.get("PATH", "") + ":/usr/games")

    def run(self, *argv: str) -> str:
        return subprocess.run(argv, env=self.env, capture_output=True, text=True,
                              timeout=20).stdout

    def windows(self) -> list[str]:
        """Names of the mapped windows (the main board and any popups)."""
        ids = self.run("xdotool", "search", "--onlyvisible", "--name", ".").split()
        names = []
        for wid in ids:
            name = self.run("xdotool", "getwindowname", wid).strip()
            if name:
                names.append(name)
        return names

    def key(self, keys: str) -> None:
        self.run("xdotool", "mousemove", "60", "45")
        self.run("xdotool", "key", keys)

    def type_path(self, path: str) -> None:
        self.run("xdotool", "mousemove", "420", "24", "click", "1")
        self.run("xdotool", "type", "--delay", "15", path)
        self.run("xdotool", "key", "Return")

    def shot(self, path: str) -> None:
        self.run("import", "-window", "root", path)

    def close(self) -> None:
        self.proc.terminate()
        self.proc.wait(timeout=10)
        shutil.rmtree(self.home, ignore_errors=True)


def start_xboard(d: Display, args: list[str], cwd: str | None = None) -> subprocess.Popen:
    proc = subprocess.Popen([XBOARD, "-saveSettingsOnExit", "false", *args], env=d.env,
                            cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            text=True)
    for _ in range(40):
        time.sleep(0.25)
        if any("XBoard" in w or "xboard" in w.lower() for w in d.windows()):
            break
    time.sleep(0.8)
    return proc


def stop_xboard(d: Display, proc: subprocess.Popen) -> str:
    if proc.poll() is None:
        d.key("ctrl+q")
        try:
            proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            proc.kill()
    out = proc.communicate(timeout=5)[0] if proc.stdout else ""
    return "\n".join(l for l in out.splitlines() if "Gtk-WARNING" not in l and l.strip()
                     and "recently-used" not in l)


def wait_for(path: Path, seconds: float = 4.0) -> str:
    end = time.time() + seconds
    while time.time() < end:
        if path.exists() and path.stat().st_size:
            time.sleep(0.2)
            return path.read_text()
        time.sleep(0.1)
    return ""


def starts(d: Display, out: Path) -> None:
    """For each -variant: the FEN of Save Position and the PGN of Save Game (no moves)."""
    work = Path(tempfile.mkdtemp(prefix="xbprobe-"))
    result = {}
    for name in VARIANTS:
        proc = start_xboard(d, ["-ncp", "-variant", name])
        popups = [w for w in d.windows() if w != "XBoard" and "XBoard" not in w]
        fen_path, pgn_path = work / f"{name}.fen", work / f"{name}.pgn"
        d.key("ctrl+shift+s")
        time.sleep(0.8)
        d.type_path(str(fen_path))
        fen = wait_for(fen_path).strip()
        d.key("ctrl+s")
        time.sleep(0.8)
        d.type_path(str(pgn_path))
        pgn = wait_for(pgn_path)
        log = stop_xboard(d, proc)
        result[name] = {"fen": fen, "pgn": pgn, "popups": popups, "output": log}
        print(name, fen, popups, file=sys.stderr)
    out.write_text(json.dumps({"_about": "Recorded from XBoard 4.9.1 (Debian) by "
                               "tools/xboard_probe.py starts: xboard -ncp -variant NAME, then "
                               "File > Save Position and File > Save Game.",
                               "variants": result}, indent=1) + "\n")


def engines(out: Path) -> None:
    """The ``feature variants`` list each installed XBoard engine sends."""
    found = {}
    for engine in ("fairymax", "maxqi", "shamax", "fairy-stockfish", "hachu", "sjaakii",
                   "gnuchess", "crafty"):
        path = shutil.which(engine) or shutil.which(f"/usr/games/{engine}")
        if not path:
            continue
        try:
            text = subprocess.run([path], input="xboard\nprotover 2\n", capture_output=True,
                                  text=True, timeout=5).stdout
        except subprocess.TimeoutExpired as exc:
            text = (exc.stdout or b"").decode() if isinstance(exc.stdout, bytes) else \
                (exc.stdout or "")
        for line in text.splitlines():
            if "variants=" in line:
                value = line.split("variants=", 1)[1].split('"')[1]
                found[engine] = value.split(",")
        name = next((l for l in text.splitlines() if "myname" in l), "")
        if engine in found and "myname=" in name:
            found[engine + ":name"] = name.split("myname=", 1)[1].split('"')[1] \
                if 'myname="' in name else name.split("myname=", 1)[1].split()[0]
    out.write_text(json.dumps(found, indent=1) + "\n")


def open_files(d: Display, files: list[str], shots: str | None, extra: list[str]) -> None:
    """Open each file as the README says (``xboard -ncp Name.ini``, ``xboard @Name.ini -ncp``)
    and as typed without an engine option (``xboard Name.ini``: XBoard's default engine); list
    the windows XBoard shows (a popup is a window besides the board)."""
    report = {}
    for f in files:
        p = Path(f).resolve()
        forms = {"ncp-last": ["-ncp", *extra, p.name], "at-first": [f"@{p.name}", "-ncp", *extra],
                 "default-engine": [p.name]}
        if p.suffix == ".pgn":
            forms = {"ncp-last": ["-ncp", *extra, p.name]}
            if p.with_suffix(".pgn.ini").exists():      # the options file written beside it
                forms["companion"] = ["-ncp", f"@{p.name}.ini", *extra, p.name]
        for form, args in forms.items():
            # relative names: XBoard reads a word starting with '/' as an option
            # (args.h ParseArgs), and a positional argument takes the rest of the line
            proc = start_xboard(d, args, cwd=str(p.parent))
            time.sleep(1.5)
            windows = d.windows()
            if shots:
                Path(shots).mkdir(parents=True, exist_ok=True)
                d.shot(str(Path(shots) / f"{p.stem}-{form}.png"))
            log = stop_xboard(d, proc)
            popups = [w for w in windows if w not in ("xboard", p.name, "Tags") and
                      not w.startswith(p.stem)]
            report[f"{p.name} {form}"] = {"windows": windows, "popups": popups, "output": log}
            print(p.name, form, windows, log[:200], file=sys.stderr)
    print(json.dumps(report, indent=1))


def play(d: Display, engine: str, files: list[str]) -> None:
    """An engine-engine game of a few moves on each file (``@Name.ini -xncp -fcp ENGINE``,
    adjudicated a draw after 8 moves): whether the engine plays it, and what XBoard says."""
    report = {}
    for f in files:
        p = Path(f).resolve()
        pgn = Path(tempfile.mkdtemp(prefix="xbprobe-")) / "game.pgn"
        args = [XBOARD, "-saveSettingsOnExit", "false", f"@{p.name}", "-xncp",
                "-fcp", engine, "-scp", engine, "-mg", "1", "-sgf", str(pgn), "-xexit",
                "-st", "0:01", "-adjudicateDrawMoves", "8"]
        proc = subprocess.Popen(args, env=d.env, cwd=str(p.parent), stdout=subprocess.PIPE,
                                stderr=subprocess.STDOUT, text=True)
        windows: list[str] = []
        try:
            out = proc.communicate(timeout=45)[0]
        except subprocess.TimeoutExpired:
            windows = d.windows()
            proc.kill()
            out = proc.communicate()[0]
        moves = pgn.read_text() if pgn.exists() else ""
        body = moves.split("\n\n", 1)[1] if "\n\n" in moves else ""
        plies = len(re.findall(r"\b\d+\.", body))
        log = "\n".join(l for l in out.splitlines() if "Gtk-WARNING" not in l and l.strip()
                        and "recently-used" not in l)
        report[p.name] = {"engine": engine, "moves": plies, "windows": windows,
                          "output": log[-300:], "pgn": moves}
        print(p.name, engine, plies, windows, log[-160:].replace("\n", " | "), file=sys.stderr)
    print(json.dumps(report, indent=1))


def games(d: Display, outdir: Path, specs: list[tuple[str, list[str], list[str]]]) -> None:
    """Two scripted engines play the given moves; XBoard saves the game (-sgf) when the one
    out of moves resigns."""
    outdir.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix="xbprobe-"))
    engine = work / "engine.py"
    engine.write_text(FAKE_ENGINE)
    engine.chmod(0o755)
    for stem, variant_args, moves in specs:
        pgn = outdir / f"{stem}.pgn"
        if pgn.exists():
            pgn.unlink()
        env = dict(d.env, FAKE_VARIANTS=",".join(VARIANTS),
                   FAKE_MOVES_1=" ".join(moves[0::2]), FAKE_MOVES_2=" ".join(moves[1::2]))
        proc = subprocess.Popen([XBOARD, "-saveSettingsOnExit", "false", *variant_args,
                                 "-fcp", f"{engine} 1", "-scp", f"{engine} 2", "-mg", "1",
                                 "-sgf", str(pgn), "-xexit", "-tc", "40", "-mps", "40"],
                                env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                text=True)
        try:
            out = proc.communicate(timeout=60)[0]
        except subprocess.TimeoutExpired:
            proc.kill()
            out = proc.communicate()[0]
        print(stem, pgn.exists(), out.strip().splitlines()[-1:] if out else "", file=sys.stderr)


def legal(d: Display, out: Path) -> None:
    """For each probe: does XBoard (legality testing on) accept this first move of an engine?
    A scripted engine plays it as White and the other resigns: XBoard saves the game (-sgf)
    only when the move was legal (an illegal engine move ends the game before any move)."""
    work = Path(tempfile.mkdtemp(prefix="xbprobe-"))
    engine = work / "engine.py"
    engine.write_text(FAKE_ENGINE)
    engine.chmod(0o755)
    results = []
    for variant, fen, move, what in PROBES:
        pgn = work / "game.pgn"
        if pgn.exists():
            pgn.unlink()
        env = dict(d.env, FAKE_VARIANTS=",".join(VARIANTS), FAKE_MOVES_1=move, FAKE_MOVES_2="")
        position = work / "start.fen"          # a match starts from -lpf, not from -fen
        position.write_text(fen + "\n")
        proc = subprocess.Popen([XBOARD, "-saveSettingsOnExit", "false", "-variant", variant,
                                 "-lpf", str(position), "-testLegality", "true",
                                 "-fcp", f"{engine} 1", "-scp", f"{engine} 2", "-mg", "1",
                                 "-sgf", str(pgn), "-xexit", "-tc", "40", "-mps", "40"],
                                env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                text=True)
        try:
            proc.communicate(timeout=40)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.communicate()
        ok = pgn.exists() and pgn.stat().st_size > 0
        results.append({"variant": variant, "fen": fen, "move": move, "what": what,
                        "xboard_legal": ok, "pgn": pgn.read_text() if ok else ""})
        print(variant, move, ok, what, file=sys.stderr)
    out.write_text(json.dumps({"_about": "Recorded from XBoard 4.9.1 (Debian) by "
                               "tools/xboard_probe.py legal: xboard -variant V -lpf FEN "
                               "-testLegality true with a scripted engine playing MOVE as White; "
                               "xboard_legal is whether XBoard accepted it.",
                               "probes": results}, indent=1) + "\n")


# (variant, FEN, White's move in XBoard's coordinates, what it shows). On boards with exactly
# ten ranks XBoard counts ranks from 0 (engine-intf.html).
_FAIRY = "4k3/8/8/3P4/3{p}4/8/8/4K3 w - - 0 1"
PROBES = [
    ("fairy", _FAIRY.format(p="J"), "d4d6", "Dragon J: Dababba leap over an occupied square"),
    ("fairy", _FAIRY.format(p="J"), "d4e5", "Dragon J: no Ferz step"),
    ("fairy", _FAIRY.format(p="J"), "d4a4", "Dragon J: Rook slide"),
    ("fairy", _FAIRY.format(p="I"), "d4d6", "Cardinal I: Dababba leap"),
    ("fairy", _FAIRY.format(p="I"), "d4e4", "Cardinal I: Wazir step"),
    ("fairy", _FAIRY.format(p="I"), "d4g7", "Cardinal I: Bishop slide"),
    ("fairy", _FAIRY.format(p="E"), "d4e5", "Elephant E: Ferz step"),
    ("fairy", _FAIRY.format(p="E"), "d4f6", "Elephant E: Alfil leap"),
    ("fairy", _FAIRY.format(p="G"), "d4d6", "Grasshopper G: hop over d5"),
    ("fairy", _FAIRY.format(p="G"), "d4e4", "Grasshopper G: a step"),
    ("fairy", _FAIRY.format(p="D"), "d4e6", "Silver slot D: Knight leap"),
    ("fairy", _FAIRY.format(p="D"), "d4e3", "Silver slot D: King step"),
    ("fairy", _FAIRY.format(p="W"), "d4e4", "Wazir W: step"),
    ("fairy", _FAIRY.format(p="W"), "d4e5", "Wazir W: no diagonal"),
    ("fairy", _FAIRY.format(p="M"), "d4e5", "Commoner M: King step"),
    ("fairy", _FAIRY.format(p="U"), "d4e6", "Unicorn U: Knight leap"),
    ("fairy", _FAIRY.format(p="H"), "d4h6", "Nightrider H: two Knight leaps"),
    ("fairy", _FAIRY.format(p="O"), "d4a4", "Cannon O: move along a file"),
    ("fairy", _FAIRY.format(p="F"), "d4e5", "Ferz F: step"),
    ("fairy", _FAIRY.format(p="A"), "d4e6", "Archbishop A: Knight leap"),
    ("fairy", _FAIRY.format(p="C"), "d4e6", "Chancellor C: Knight leap"),
    ("fairy", "4k3/8/8/8/8/8/3L4/4K3 w - - 0 1", "d2c3", "Lance L: diagonal move"),
    ("fairy", "4k3/8/8/8/8/8/3L4/4K3 w - - 0 1", "d2d3", "Lance L: no straight move"),
    ("fairy", "4k3/8/8/8/8/8/3L4/4K3 w - - 0 1", "d2b4", "Lance L: double diagonal step"),
    # the Generals stand on different files (facing each other is illegal in xiangqi)
    ("xiangqi", "3k5/9/9/9/9/9/9/9/1P7/1H2K4 w - - 0 1", "b0c2", "Horse: leg blocked by b1"),
    ("xiangqi", "3k5/9/9/9/9/9/9/9/9/1H2K4 w - - 0 1", "b0c2", "Horse: leg free"),
    ("xiangqi", "3k5/9/9/9/9/2E6/9/9/9/4K4 w - - 0 1", "c4e6", "Elephant: across the river"),
    ("xiangqi", "3k5/9/9/9/9/2E6/9/9/9/4K4 w - - 0 1", "c4a2", "Elephant: own side"),
    ("xiangqi", "3k5/9/9/9/9/9/9/9/9/3AK4 w - - 0 1", "d0e1", "Advisor: into the palace"),
    ("xiangqi", "3k5/9/9/9/9/9/9/9/3A5/4K4 w - - 0 1", "d1c2", "Advisor: out of the palace"),
    ("xiangqi", "3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1", "e0e1", "General: step in the palace"),
    ("xiangqi", "4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1", "d0c0", "General: out of the palace"),
    ("xiangqi", "3k5/9/9/9/9/4P4/9/9/9/4K4 w - - 0 1", "e4f4", "Soldier: sideways before "
     "the river"),
    ("xiangqi", "3k5/9/9/9/4P4/9/9/9/9/4K4 w - - 0 1", "e5f5", "Soldier: sideways after the "
     "river"),
    ("shogi", "4k4/9/9/9/9/9/9/9/4K1S2 w 0 1", "g1f2", "Silver: diagonal forward"),
    ("shogi", "4k4/9/9/9/9/9/9/9/4K1S2 w 0 1", "g1h1", "Silver: no sideways step"),
    ("shogi", "4k4/9/9/9/9/9/9/9/4K1G2 w 0 1", "g1h1", "Gold: sideways step"),
    ("shogi", "4k4/9/9/9/9/9/9/9/4K1G2 w 0 1", "g1h2", "Gold: diagonal forward"),
    ("shogi", "4k4/9/9/9/9/9/9/9/4K3L w 0 1", "i1i8", "Lance: forward slide"),
    ("shogi", "4k4/9/9/9/9/9/9/9/1N2K4 w 0 1", "b1c3", "Knight: forward leap"),
    ("shogi", "4k4/9/9/9/9/9/9/9/1N2K4 w 0 1", "b1d2", "Knight: no sideways leap"),
    ("makruk", "4k3/8/8/8/8/8/8/2S1K3 w - 0 1", "c1c2", "Khon: forward"),
    ("makruk", "4k3/8/8/8/8/8/8/2S1K3 w - 0 1", "c1b1", "Khon: no sideways step"),
    ("makruk", "4k3/8/8/8/8/8/8/2M1K3 w - 0 1", "c1d2", "Met: diagonal"),
    ("shatranj", "4k3/8/8/8/8/8/8/2B1K3 w 0 1", "c1e3", "Alfil: two diagonally"),
    ("shatranj", "4k3/8/8/8/8/8/8/2B1K3 w 0 1", "c1d2", "Alfil: no Ferz step"),
    ("shatranj", "4k3/8/8/8/8/8/8/3QK3 w 0 1", "d1c2", "Ferz: diagonal"),
    ("shatranj", "4k3/8/8/8/8/8/4P3/4K3 w 0 1", "e2e4", "Pawn: no double step"),
    ("courier", "5k6/12/12/12/12/12/12/2E2K6 w 0 1", "c1e3", "Alfil: two diagonally"),
    ("courier", "5k6/12/12/12/12/12/12/2W2K6 w 0 1", "c1c2", "Schleich: Wazir step"),
    ("courier", "5k6/12/12/12/12/12/12/2M2K6 w 0 1", "c1d2", "Man: King step"),
    ("chu", "5k6/12/12/12/12/12/12/12/12/5N6/12/6K5 w - 0 1", "f3f5", "Lion: two forward"),
    ("chu", "5k6/12/12/12/12/12/12/12/12/5N6/12/6K5 w - 0 1", "f3h4", "Lion: Knight leap"),
    ("chu", "5k6/12/12/12/12/12/12/12/12/5O6/12/6K5 w - 0 1", "f3f5", "Kirin: Dababba leap"),
    ("chu", "5k6/12/12/12/12/12/12/12/12/5O6/12/6K5 w - 0 1", "f3f4", "Kirin: no Wazir step"),
    ("chu", "5k6/12/12/12/12/12/12/12/12/5X6/12/6K5 w - 0 1", "f3h5", "Phoenix: Alfil leap"),
    ("chu", "5k6/12/12/12/12/12/12/12/12/5E6/12/6K5 w - 0 1", "f3f2", "Drunk Elephant: no "
     "step back"),
    ("chu", "5k6/12/12/12/12/12/12/12/12/5P6/12/6K5 w - 0 1", "f3f4", "Pawn: forward"),
    ("grand", "4k5/10/10/10/10/10/10/10/10/4K5 w - 0 1", "e0f1", "King: step (10 ranks, "
     "counted from 0)"),
    ("grand", "4k5/10/10/10/10/10/10/4P5/10/4K5 w - 0 1", "e2e4", "Pawn: double step from "
     "the third rank"),
    ("capablanca", "5k4/10/10/10/10/10/10/2A2K4 w - - 0 1", "c1d3", "Archbishop: Knight leap"),
    ("normal", "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", "e2e4", "Pawn: double step"),
]


GAMES = [
    # (file stem, XBoard arguments, moves alternating White/Black in XBoard's coordinates;
    # on boards with exactly 10 ranks XBoard counts ranks from 0)
    ("xiangqi", ["-variant", "xiangqi"], ["h2e2", "h9g7", "e2e6", "b9c7", "b0c2"]),
    ("shogi", ["-variant", "shogi"], ["g3g4", "c7c6", "h2c2", "b8c8", "i1i2"]),
    ("crazyhouse", ["-variant", "crazyhouse"], ["e2e4", "d7d5", "e4d5", "d8d5", "b1c3",
                                                 "d5a5", "P@d4"]),
    ("capablanca", ["-variant", "capablanca"], ["e2e4", "e7e5", "c1d3", "h8g6"]),
    ("grand", ["-variant", "grand"], ["e2e4", "e7e5", "i1h3"]),
    ("makruk", ["-variant", "makruk"], ["e3e4", "d6d5", "e4d5"]),
    ("shatranj", ["-variant", "shatranj"], ["e2e3", "e7e6", "c1a3"]),
    ("courier", ["-variant", "courier"], ["g2g3", "g7g6", "c1e3"]),
    ("chu", ["-variant", "chu"], ["f4f5", "g9g8"]),
    ("normal", ["-variant", "normal"], ["e2e4", "e7e5", "g1f3"]),
]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("what", choices=("starts", "games", "open", "engines", "legal", "play"))
    ap.add_argument("paths", nargs="*")
    ap.add_argument("--display", type=int, default=47)
    ap.add_argument("--shots")
    ap.add_argument("--extra", default="", help="more XBoard arguments for 'open'")
    args = ap.parse_args()
    if args.what == "engines":
        engines(Path(args.paths[0]))
        return 0
    d = Display(args.display)
    try:
        if args.what == "starts":
            starts(d, Path(args.paths[0]))
        elif args.what == "games":
            games(d, Path(args.paths[0]), GAMES)
        elif args.what == "legal":
            legal(d, Path(args.paths[0]))
        elif args.what == "play":
            play(d, args.paths[0], args.paths[1:])
        else:
            open_files(d, args.paths, args.shots, args.extra.split())
    finally:
        d.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())

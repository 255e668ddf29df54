"""``variant-designer match FILE --games N [--white P] [--black P] [--movetime MS] [--depth D]
[--nodes K] [--seed S] [--pgn OUT] [--jobs J] [--cluster ADDRESS] [--report [--json]
[--chart OUT]]``: play games headless, and with ``--report`` weigh the variant's balance
from them (``designer.report``).

A player P is ``builtin`` (the built-in opponent), ``random`` (``random:SEED``) or an engine's
command line (``xboard:`` in front for the XBoard protocol, e.g. ``../shared/engines/
fairy-stockfish``) followed by engine options as cutechess-cli writes them, ``option.NAME=VALUE``
(``"/usr/games/fairy-stockfish option.UCI_LimitStrength=true option.UCI_Elo=1900"``: one
argument, quoted; a value with spaces quoted again inside it), set after the handshake and
checked against what the engine announces before any game. Each game starts with ``--opening-plies`` random moves drawn from the run's
seed and the game's number; with fixed ``--depth``/``--nodes`` (no ``--movetime``) a run is
reproducible from its seed, whatever ``--jobs``. A progress bar goes to the terminal (stderr),
the summary to stdout, the games to ``--pgn``. Ctrl+C stops the games under way at their next
move and writes everything played (a second Ctrl+C aborts); the report is then of the games
played. ``--cluster ADDRESS`` plays the games on the Dask cluster whose scheduler is there
(``tcp://host:8786``; docs/cluster.md) instead of local processes: the same games.
Engines are asked first whether they play the variant (on a cluster, each worker is asked
for the engine programs). A game a player ended without a result (an engine that failed, a
move our rules refuse, a defect) is named on stderr with its reason.
Exit codes: 0 done, 1 a game ended so, or the cluster's scheduler was lost part way (the games
finished so far are written and reported), or an internal error (its words and where, never a
traceback), 2 bad input, 130 stopped by Ctrl+C.
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
import threading
import time
from collections import Counter
from types import FrameType
from typing import Any, TextIO

from ..match.played import PlayedGame
from .match_rules import add_rule_arguments, rule_of, with_rules
from .report_out import add_report_arguments, chart_problem, wants_report, write_report


def _positive(text: str) -> int:
    t = text.strip()
    if not t.isascii() or not t.isdigit() or int(t) < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number of at least 1, not {text!r}")
    return int(t)


def _at_most(most: int) -> Any:
    """An argument type: a whole number 1..``most`` (a search's depth or node count)."""
    def convert(text: str) -> int:
        n = _positive(text)
        if n > most:
            raise argparse.ArgumentTypeError(f"expected at most {most:,}, not {text!r}")
        return n
    return convert


def _whole(text: str) -> int:
    t = text.strip()
    if not t.isascii() or not t.isdigit():
        raise argparse.ArgumentTypeError(f"expected a whole number, not {text!r}")
    return int(t)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", help="variant file (.ini, .variants.ini, .pgn, .eng)")
    add_play_arguments(parser)
    parser.add_argument("--section", help="variants.ini input: the section to play")
    parser.add_argument("--fen", help="start every game from this position")
    parser.add_argument("--cluster", metavar="ADDRESS",
                        help="play the games on the Dask cluster whose scheduler is at ADDRESS "
                             "(tcp://host:8786) instead of local processes; needs the "
                             "'cluster' extra")
    add_report_arguments(parser)
    add_rule_arguments(parser)


def add_play_arguments(parser: argparse.ArgumentParser | Any) -> None:
    """How the games are played (``match`` and ``values --fitted`` share them)."""
    from ..opponent import VALUE_SOURCES
    from ..engines.settings import MAX_MOVETIME_MS
    from ..opponent.settings import DEPTH_NODES, MAX_DEPTH, MAX_NODES
    parser.add_argument("--games", type=_positive, default=10, help="games to play (10)")
    parser.add_argument("--white", default="builtin", metavar="P",
                        help="builtin, random[:SEED] or an engine's command line, with "
                             "options as cutechess-cli writes them: \"ENGINE "
                             "option.UCI_LimitStrength=true option.UCI_Elo=1900\" (builtin)")
    parser.add_argument("--black", default="builtin", metavar="P", help="as --white (builtin)")
    parser.add_argument("--depth", type=_at_most(MAX_DEPTH),
                        help="plies searched per move (2 without --nodes and --movetime)")
    parser.add_argument("--nodes", type=_at_most(MAX_NODES),
                        help=f"positions searched per move (a search to a depth stops at "
                             f"{DEPTH_NODES:,} all the same)")
    parser.add_argument("--movetime", type=_at_most(MAX_MOVETIME_MS), metavar="MS",
                        help="milliseconds per move (a clock: the run is not reproducible)")
    parser.add_argument("--seed", type=_whole, default=0, help="the run's seed (0)")
    parser.add_argument("--pgn", metavar="OUT", help="write the games to this PGN file")
    parser.add_argument("--jobs", type=_positive, default=1,
                        help=f"games played at once, one process each (1; cores here: "
                             f"{os.cpu_count() or 1})")
    parser.add_argument("--opening-plies", type=_whole, metavar="N",
                        help="random plies at the start of each game (2; 4 with --report)")
    parser.add_argument("--noise", type=_whole, metavar="CP",
                        help="the built-in opponent adds up to CP centipawns of seeded noise "
                             "to its evaluation, so that games differ (0; 10 with --report)")
    parser.add_argument("--max-plies", type=_positive, default=600, metavar="N",
                        help="a game without result after so many plies is cut (600)")
    parser.add_argument("--values", choices=VALUE_SOURCES, default="tables",
                        help="the estimate the built-in opponent's material comes from")


def run(args: argparse.Namespace) -> int:
    from ..errors import internal_error
    try:
        return _run(args)
    except Exception as e:   # noqa: BLE001 - a defect: its words and where, no traceback
        print(f"error: {internal_error(e)}", file=sys.stderr)
        return 1


def _run(args: argparse.Namespace) -> int:
    report = wants_report(args)
    config = chart_problem(args) or _config(args, report)
    if not isinstance(config, str):
        config = with_rules(args, config)
    rule = rule_of(args)
    if isinstance(config, str) or isinstance(rule, str):
        print(f"error: {config if isinstance(config, str) else rule}", file=sys.stderr)
        return 2
    from ..report import ReportRun, build_report, ending_of
    result = play(config, args.pgn, rule=rule)
    if isinstance(result, str):
        print(f"error: {result}", file=sys.stderr)
        return 2
    ending = ending_of(result, config, rule)
    if report:
        problem = write_report(args, ReportRun(result, build_report(
            result.records, config, result.stopped, ending=ending)))
        if problem:
            print(f"error: {problem}", file=sys.stderr)
            return 2
    else:
        print(summary(result.records, config.games))
        adjudicated = sum(r.termination == "adjudication" for r in result.records)
        if adjudicated:
            print(f"adjudicated: {adjudicated}")
        if ending is not None:
            print(f"ended: {ending.text}\n{ending.verdict.text()}")
    if getattr(result, "problem", ""):
        print(f"error: {result.problem} (the {len(result.records)} games finished are kept)",
              file=sys.stderr)
        return 1
    failed = failures(result.records)
    for line in failed:
        print(f"error: {line}", file=sys.stderr)
    return 130 if result.stopped else 1 if failed else 0


#: How a game ends when a player, not the rules, stopped it.
FAILED = ("failure", "illegal move")


def failures(records: tuple[PlayedGame, ...]) -> list[str]:
    """Why games ended without a result because of a player (an engine error, a move our rules
    refuse, a defect): each reason once, with the numbers of its games."""
    games: dict[str, list[int]] = {}
    for r in records:
        if r.termination in FAILED:
            games.setdefault(r.reason, []).append(r.index + 1)
    return [f"{_numbers(numbers)}: {reason}" for reason, numbers in games.items()]


def _numbers(numbers: list[int]) -> str:
    shown = ", ".join(str(n) for n in numbers[:5])
    more = f" and {len(numbers) - 5} more" if len(numbers) > 5 else ""
    return f"game {shown}" if len(numbers) == 1 else f"games {shown}{more}"


def play(config: Any, pgn: str | None = None, ask_engines: bool = True, rule: Any = None) -> Any:
    """Play the run with a progress bar on stderr (Ctrl+C stops it and keeps what was played)
    and write the games to ``pgn``: the ``MatchResult``, or the message saying what is wrong.
    ``ask_engines``: first ask each engine whether it plays the variant; ``rule``: a stopping
    rule (``report.sequential``), the games up to where it was reached are kept."""
    from ..errors import DesignerError
    from ..match import run_match, write_pgn
    from ..report import check_players, run_stopping
    if getattr(config, "cluster", None):
        ask_engines = False             # the workers are asked, before the first game
    if ask_engines:
        problems = check_players(config)
        if problems:
            return "\n".join(problems)
    stop = threading.Event()
    bar = Progress(config.games, sys.stderr)
    previous = _trap_interrupt(stop, bar)
    try:
        result = run_stopping(config, bar.update, stop, rule) if rule is not None else \
            run_match(config, bar.update, stop)
    except DesignerError as e:          # a cluster that cannot play the run
        return str(e)
    finally:
        signal.signal(signal.SIGINT, previous)
        bar.close()
    where = f"the cluster at {config.cluster}" if getattr(config, "cluster", None) else \
        f"{min(config.jobs, config.games)} process(es)"
    bar.note(f"{len(result.records)} games in {_clock(time.monotonic() - bar.start)} on {where}")
    if pgn:
        try:
            with open(pgn, "w", encoding="utf-8") as out:
                write_pgn(result.records, config.variant, out)
        except OSError as e:
            return f"--pgn: {e}"
    return result


def _config(args: argparse.Namespace, report: bool = False) -> Any:
    """The run's configuration, or the message saying what is wrong (``report``: the balance
    report's opening randomisation and noise where none is given)."""
    from ..report import REPORT_NOISE, REPORT_OPENING_PLIES
    from ..engines.players import PlayerSpec
    from ..engines.settings import SettingsError
    from ..formats.errors import FormatError
    from ..match import MatchConfig
    from ..notation.errors import DesignerError
    from ..opponent import Limits, Settings
    from ..game.game import Game
    from .fsf_parents import playable
    try:
        variant = playable(args.file, args.section)
        Game(variant, getattr(args, "fen", None))   # a variant or FEN the game cannot play
        white, black = PlayerSpec.parse(args.white), PlayerSpec.parse(args.black)
        for name, spec in (("--white", white), ("--black", black)):
            if spec.kind == "human":
                return f"{name}: a human plays in the window (variant-designer play)"
        depth = args.depth if args.depth or args.nodes or args.movetime else 2
        opening = args.opening_plies if args.opening_plies is not None else \
            REPORT_OPENING_PLIES if report else 2
        noise = args.noise if args.noise is not None else REPORT_NOISE if report else 0
        return MatchConfig(variant, args.games, white, black, Limits(depth, args.nodes),
                           args.movetime, args.seed, opening, args.max_plies,
                           getattr(args, "fen", None),
                           Settings(values=args.values, noise=noise), args.jobs,
                           cluster=_cluster(getattr(args, "cluster", None)))
    except FormatError as e:
        return str(e)
    except _NoCluster as e:
        return str(e)
    except SettingsError as e:
        return f"player: {e}"
    except DesignerError as e:
        return f"{args.file}: " + ("--fen: " if getattr(args, "fen", None) and "FEN" in str(e) else "") + str(e)
    except (KeyError, ValueError, OSError) as e:
        return f"{args.file}: {e.args[0] if e.args else e}"


class _NoCluster(Exception):
    """``--cluster`` without the package that runs one."""


def _cluster(address: str | None) -> str | None:
    """``--cluster``'s address (``_NoCluster`` when ``distributed`` is not installed; it is
    looked for, not imported: it loads when the run starts)."""
    if address is None:
        return None
    import importlib.util
    if not address.strip():
        raise _NoCluster("--cluster: give the scheduler's address, e.g. tcp://10.0.0.5:8786")
    if importlib.util.find_spec("distributed") is None:
        from ..match.cluster import EXTRA_HINT
        raise _NoCluster(f"--cluster needs the 'distributed' package: {EXTRA_HINT}")
    return address.strip()


def _trap_interrupt(stop: threading.Event, bar: "Progress") -> Any:
    """The first Ctrl+C asks the run to stop (and keep what was played); the second aborts."""
    def handler(signum: int, frame: FrameType | None) -> None:
        if stop.is_set():
            raise KeyboardInterrupt
        stop.set()
        bar.note("stopping: the games under way end at their next move (Ctrl+C again aborts)")
    return signal.signal(signal.SIGINT, handler)


class Progress:
    """A progress bar on a terminal (redrawn in place), a line per tenth elsewhere."""

    WIDTH = 24

    def __init__(self, total: int, out: TextIO):
        self.total = total
        self.out = out
        self.tty = out.isatty()
        self.done = 0
        self.results: Counter[str] = Counter()
        self.start = time.monotonic()
        self._step = max(1, total // 10)

    def update(self, record: PlayedGame) -> None:
        self.done += 1
        self.results[record.result] += 1
        if self.tty:
            self.out.write("\r" + self.line())
            self.out.flush()
        elif self.done % self._step == 0 or self.done == self.total:
            self.out.write(self.line() + "\n")
            self.out.flush()

    def line(self) -> str:
        filled = self.WIDTH * self.done // self.total
        bar = "#" * filled + "-" * (self.WIDTH - filled)
        elapsed = time.monotonic() - self.start
        rate = self.done / elapsed * 60 if elapsed > 0 else 0.0
        left = (self.total - self.done) / self.done * elapsed if self.done else 0.0
        r = self.results
        return (f"[{bar}] {self.done}/{self.total} games  1-0 {r['1-0']}  0-1 {r['0-1']}  "
                f"draw {r['1/2-1/2']}  * {r['*']}  {rate:.1f}/min  left {_clock(left)}")

    def note(self, text: str) -> None:
        self.out.write(("\n" if self.tty else "") + text + "\n")
        self.out.flush()

    def close(self) -> None:
        if self.tty and self.done:
            self.out.write("\n")
            self.out.flush()


def _clock(seconds: float) -> str:
    s = int(seconds + 0.5)
    return f"{s // 3600}:{s // 60 % 60:02d}:{s % 60:02d}" if s >= 3600 else \
        f"{s // 60}:{s % 60:02d}"


def summary(records: tuple[PlayedGame, ...], planned: int) -> str:
    """The run in a few lines: results, how games ended, their length."""
    results = Counter(r.result for r in records)
    endings = Counter(str(r.termination) for r in records)
    lengths = sorted(r.plies for r in records)
    lines = [f"games: {len(records)} of {planned}",
             f"results: 1-0 {results['1-0']}, 0-1 {results['0-1']}, "
             f"1/2-1/2 {results['1/2-1/2']}, unfinished {results['*']}"]
    if records:
        lines.append("endings: " + ", ".join(f"{k} {n}" for k, n in endings.most_common()))
        lines.append(f"plies: median {lengths[len(lengths) // 2]}, "
                     f"shortest {lengths[0]}, longest {lengths[-1]}")
    return "\n".join(lines)

"""Running a balance report: the games (``match.run_match``, in parallel processes), then the
report of whatever was played, and what can be said before the first game.

    run = run_report(config, on_game=progress, stop=event)     # ReportRun
    run.report, run.result.records

``check_players`` asks each engine of the run, before any game, whether it plays the variant
(``engines.can_play``: Fairy-Stockfish by name or from our exported section), so that a run
that cannot be played says why at once instead of a thousand failed games. ``Eta`` turns games
done into a rate and the time left, for the progress bars of the terminal and the window.
"""

from __future__ import annotations

import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, replace

from ..engines import EngineError, SettingsError, give_variant, open_settings
from ..match import MatchConfig, MatchResult, PlayedGame, run_match
from ..opponent import Settings
from .sequential import Rule, Watch, judge
from .summary import BalanceReport, Ending, build_report

#: The balance report's opening randomisation and evaluation noise when none is asked for:
#: four random plies and up to 10 centipawns of seeded noise make a thousand games of a
#: deterministic player differ (two plies give FIDE only 400 openings to repeat).
REPORT_OPENING_PLIES = 4
REPORT_NOISE = 10


def balance_settings(settings: Settings = Settings(), noise: int = REPORT_NOISE) -> Settings:
    """The built-in opponent's settings for a balance run (``noise`` centipawns)."""
    return replace(settings, noise=noise)


@dataclass(frozen=True, slots=True)
class ReportRun:
    """The games of a run and their report."""

    result: MatchResult
    report: BalanceReport


def check_players(config: MatchConfig) -> list[str]:
    """Why the run's engines cannot play its variant (empty: they can, or there are none).
    Each engine is started once with its options (an option it lacks or a bad value is a
    problem too) and asked (its section written to a temporary folder)."""
    problems: list[str] = []
    seen: set[object] = set()
    for side, spec in (("White", config.white), ("Black", config.black)):
        if spec.kind != "engine" or (spec.command, spec.options) in seen:
            continue
        seen.add((spec.command, spec.options))
        try:
            with open_settings(spec.engine_settings()) as engine, \
                    tempfile.TemporaryDirectory(prefix="vd-balance-") as folder:
                give_variant(engine, config.variant, folder)
        except EngineError as e:                  # it names the engine itself
            problems.append(f"{side}: {e}")
        except SettingsError as e:
            problems.append(f"{side}: {spec.command[0]}: {e}")
    return problems


def run_report(config: MatchConfig, on_game: Callable[[PlayedGame], None] | None = None,
               stop: threading.Event | None = None, rule: Rule | None = None) -> ReportRun:
    """Play the run and report on it; a run stopped early reports what was played. With a
    stopping ``rule`` (``sequential``) no game starts once it is reached, and the report is
    of the games up to the point where it was (the same point however many processes play)."""
    result = run_stopping(config, on_game, stop, rule)
    return ReportRun(result, build_report(result.records, config, result.stopped,
                                          ending=ending_of(result, config, rule)))


def run_stopping(config: MatchConfig, on_game: Callable[[PlayedGame], None] | None = None,
                 stop: threading.Event | None = None, rule: Rule | None = None
                 ) -> MatchResult:
    """``run_match`` that stops starting games once ``rule`` is reached; its records are then
    the games up to that point (``ending_of`` says what ended the run)."""
    if rule is None:
        return run_match(config, on_game, stop)
    watch = Watch(rule)
    halt = threading.Event()

    def seen(record: PlayedGame) -> None:
        if watch.see(record):
            halt.set()
        if on_game is not None:
            on_game(record)

    result = run_match(config, seen, stop, halt)
    if watch.reached:
        kept = tuple(r for r in result.records if r.index < watch.verdict.games)
        return replace(result, records=kept, stopped=False)
    return result


def ending_of(result: MatchResult, config: MatchConfig, rule: Rule | None) -> Ending | None:
    """What ended a run with a stopping rule: the rule reached, the games limit, or a stop."""
    if rule is None:
        return None
    verdict = judge(rule, result.records)
    if verdict.reached:
        return Ending(verdict, f"{verdict.decision} after {verdict.games:,} games")
    if result.stopped:
        return Ending(verdict, "stopped before the rule was reached")
    return Ending(verdict, f"the games limit ({config.games:,}) was reached before the rule")


class Eta:
    """Games done so far, their rate and the time left, from a monotonic clock (a display,
    never part of a report)."""

    def __init__(self, total: int, clock: Callable[[], float] = time.monotonic):
        self.total = total
        self.done = 0
        self._clock = clock
        self.start = clock()

    def step(self, n: int = 1) -> None:
        self.done += n

    @property
    def elapsed(self) -> float:
        return self._clock() - self.start

    def per_minute(self) -> float:
        elapsed = self.elapsed
        return self.done / elapsed * 60.0 if elapsed > 0 else 0.0

    def left(self) -> float | None:
        """Seconds left at the rate so far (None before the first game)."""
        if not self.done:
            return None
        return (self.total - self.done) * self.elapsed / self.done


def clock_text(seconds: float | None) -> str:
    """``m:ss`` or ``h:mm:ss`` (``--:--`` when unknown)."""
    if seconds is None:
        return "--:--"
    s = int(seconds + 0.5)
    return f"{s // 3600}:{s // 60 % 60:02d}:{s % 60:02d}" if s >= 3600 else \
        f"{s // 60}:{s % 60:02d}"


__all__ = ["Eta", "REPORT_NOISE", "REPORT_OPENING_PLIES", "ReportRun", "balance_settings",
           "check_players", "clock_text", "ending_of", "run_report", "run_stopping"]

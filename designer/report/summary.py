"""The balance report of a run, as one frozen value: ``build_report(records, config)``.

Everything in it is a function of the games (and of the run's settings it names), never of the
clock or of the number of processes: the same seed with players at a fixed depth or node count
gives the same report. Percentages are over the finished games (a game cut at the ply limit,
stopped, or lost to an engine failure has no result: it is counted among the endings, not in
the percentages).
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from ..engines.players import PlayerSpec
from ..match import MatchConfig, PlayedGame
from .fitting import STABLE_PLIES, PlayFit, fit_games
from .sequential import Verdict
from .stats import Histogram, Interval, Score, Spread, histogram, score_of, spread_of, wilson


@dataclass(frozen=True, slots=True)
class RunInfo:
    """What the run was: the variant, the players and how far they looked, the seed and the
    opening randomisation, and how many games were asked for."""

    variant: str
    white: str
    black: str
    depth: int | None
    nodes: int | None
    movetime_ms: int | None
    seed: int
    opening_plies: int
    noise: int
    max_plies: int
    planned: int
    balanced_cp: int | None = None    # random opening plies kept within so many cp of level
    paired: bool = False              # games in pairs, colours reversed
    openings: int = 0                 # openings read from a file

    @property
    def reproducible(self) -> bool:
        """A run at a fixed depth or node count (no clock) replays from its seed."""
        return self.movetime_ms is None

    def limits_text(self) -> str:
        parts = []
        if self.depth is not None:
            parts.append(f"depth {self.depth}")
        if self.nodes is not None:
            parts.append(f"{self.nodes:,} nodes")
        if self.movetime_ms is not None:
            parts.append(f"{self.movetime_ms} ms")
        return " and ".join(parts) + " per move" if parts else "no limit"


def run_info(config: MatchConfig) -> RunInfo:
    """The ``RunInfo`` of a match configuration."""
    return RunInfo(config.variant.name, player_name(config.white),
                   player_name(config.black), config.limits.depth,
                   config.limits.nodes, config.movetime_ms, config.seed, config.opening_plies,
                   config.settings.noise, config.max_plies, config.games,
                   config.balanced_cp, config.paired, len(config.openings))


def player_name(spec: PlayerSpec) -> str:
    """A player as the report names it: ``builtin``, ``random[:SEED]`` or the engine's program
    name (without its folder, so that the report is the same on any machine)."""
    if spec.kind == "random":
        return f"random:{spec.seed}" if spec.seed else "random"
    if spec.kind != "engine" or not spec.command:
        return spec.kind
    return os.path.basename(spec.command[0])


@dataclass(frozen=True, slots=True)
class Results:
    """How the games came out: counts, and the shares of the finished ones with intervals."""

    white_wins: int
    black_wins: int
    draws: int
    unfinished: int
    white: Interval | None
    black: Interval | None
    draw: Interval | None
    first_move: Score | None          # White's score and its Elo (the first-move advantage)

    @property
    def finished(self) -> int:
        return self.white_wins + self.black_wins + self.draws


@dataclass(frozen=True, slots=True)
class Ending:
    """What ended a run that had a stopping rule (``--precision``, ``--sprt``): the rule's
    ``verdict`` on the games reported, and the end in words."""

    verdict: Verdict
    text: str


@dataclass(frozen=True, slots=True)
class BalanceReport:
    """The report (module docstring). ``endings``: (termination, games) most frequent first;
    ``lengths`` in plies over the games not stopped (None when there are none), with their
    ``histogram``; ``branching``: legal moves per position on average over ``positions``
    positions; ``distinct``: how many games differ in at least one move; ``names`` the
    variant's piece names by letter."""

    run: RunInfo
    played: int
    stopped: bool
    results: Results
    endings: tuple[tuple[str, int], ...]
    lengths: Spread | None
    histogram: Histogram
    branching: float | None
    positions: int
    distinct: int
    fitted: PlayFit
    names: tuple[tuple[str, str], ...] = ()     # piece letter -> name, for the text
    adjudicated: int = 0                        # games ended by adjudication
    ending: Ending | None = None                # with a stopping rule: what ended the run


def results_of(records: Sequence[PlayedGame]) -> Results:
    counts = Counter(r.result for r in records)
    w, b, d = counts["1-0"], counts["0-1"], counts["1/2-1/2"]
    n = w + b + d
    if n == 0:
        return Results(w, b, d, counts["*"], None, None, None, None)
    return Results(w, b, d, counts["*"], wilson(w, n), wilson(b, n), wilson(d, n),
                   score_of(w, d, b))


def build_report(records: Sequence[PlayedGame], config: MatchConfig, stopped: bool = False,
                 stable: int = STABLE_PLIES, ending: Ending | None = None) -> BalanceReport:
    """The report of ``records`` (the games of a run of ``config``, in any order)."""
    games = sorted(records, key=lambda r: r.index)
    endings = Counter(str(r.termination) for r in games)
    lengths = [r.plies for r in games if r.termination != "stopped"]
    counts = [n for r in games for n in r.branching]
    return BalanceReport(
        run_info(config), len(games), stopped, results_of(games),
        tuple(sorted(endings.items(), key=lambda kv: (-kv[1], kv[0]))),
        spread_of(lengths) if lengths else None, histogram(lengths),
        sum(counts) / len(counts) if counts else None, len(counts),
        len({r.texts for r in games}), fit_games(games, stable),
        tuple((p.letter, p.name) for p in config.variant.pieces),
        sum(r.termination == "adjudication" for r in games), ending)


__all__ = ["BalanceReport", "Ending", "Results", "RunInfo", "build_report", "player_name", "results_of",
           "run_info"]

"""Stopping a run when its answer is known: a precision goal on the first-move advantage, and
a sequential probability ratio test (SPRT) between two Elo bounds on games played in pairs
(the same opening, colours reversed), with pentanomial statistics. Pure Python, no Qt.

Precision (``--precision ELO``): play until the 95 % interval of White's score, turned into
Elo (``stats.score_of``), lies within ±ELO of its estimate on both sides.

SPRT (``--sprt ELO0 ELO1``): the formulas fishtest uses for its logistic-Elo SPRT
(official-stockfish/fishtest, ``stats/stat_util.py``/``LLRcalc.py``), following Michel Van
den Bergh's notes "Comments on the SPRT" / "support_MLE_multinomial.pdf":

* a pair of games scores 0, 1/2, 1, 3/2 or 2 for the first player (LL, LD, LW+DD, DW, WW);
  divided by two these are the outcomes ``a_i`` = 0, 1/4, 1/2, 3/4, 1 of the pentanomial
  model, with empirical frequencies ``p_i = n_i / N`` over ``N`` pairs (an empty cell is
  given 1e-3 of a pair, as fishtest regularises, so that no log is of zero);
* an Elo bound ``elo`` is the expected score ``s = 1 / (1 + 10^(-elo/400))``;
* the maximum-likelihood distribution with expectation ``s`` nearest the observed one is
  ``q_i = p_i / (1 + x (a_i - s))``, where ``x`` solves ``sum_i p_i (a_i - s) / (1 + x (a_i -
  s)) = 0`` in ``(-1/(a_max - s), 1/(s - a_min))`` (Van den Bergh, Proposition 1.1);
* the generalised log-likelihood ratio is ``LLR = sum_i n_i log(q1_i / q0_i)``;
* the test stops for H1 (the first player is at least ELO1 better) when ``LLR >= log((1 -
  beta) / alpha)`` and for H0 (at most ELO0) when ``LLR <= log(beta / (1 - alpha))``.

The rules read the games of a run in the order of their numbers, only as far as every game is
in (the longest unbroken run of indices from 0): what has been decided, and after how many
games, is then the same however many processes played and in whatever order they finished.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Final

from ..match import PlayedGame
from .stats import Interval, Score, Z95, elo_of, score_of

#: a precision goal is not judged before so many finished games (a handful of draws in a row
#: has a zero-width interval that says nothing)
MIN_GAMES: Final = 16
#: fishtest's regularisation of an empty pentanomial cell
EMPTY_CELL: Final = 1e-3
#: the pentanomial outcomes: the first player's score of a pair, divided by two
OUTCOMES: Final = (0.0, 0.25, 0.5, 0.75, 1.0)


def expected_score(elo: float) -> float:
    """The expected score of an Elo difference (the logistic curve)."""
    return 1.0 / (1.0 + math.pow(10.0, -elo / 400.0))


def _mle(pdf: Sequence[tuple[float, float]], s: float) -> list[float]:
    """The probabilities nearest ``pdf`` ((outcome, probability) pairs, outcomes ascending)
    whose expectation is ``s`` (Van den Bergh's Proposition 1.1: solve the secular equation
    for ``x`` by bisection, the function being decreasing in ``x``)."""
    lo_a, hi_a = pdf[0][0], pdf[-1][0]
    if not lo_a < s < hi_a:
        raise ValueError(f"the expected score {s} is outside the outcomes")
    low, high = -1.0 / (hi_a - s), 1.0 / (s - lo_a)

    def f(x: float) -> float:
        return sum(p * (a - s) / (1.0 + x * (a - s)) for a, p in pdf)

    for _ in range(200):
        mid = (low + high) / 2
        if f(mid) > 0:
            low = mid
        else:
            high = mid
    x = (low + high) / 2
    return [p / (1.0 + x * (a - s)) for a, p in pdf]


def llr(counts: Sequence[int], elo0: float, elo1: float) -> float:
    """The generalised log-likelihood ratio of H1 (``elo1``) against H0 (``elo0``) for
    pentanomial ``counts`` (pairs scoring 0, 1/2, 1, 3/2, 2) or trinomial counts (losses,
    draws, wins), logistic Elo (module docstring)."""
    if len(counts) not in (3, 5):
        raise ValueError("counts are pentanomial (5) or trinomial (3)")
    if min(counts) < 0:
        raise ValueError("counts cannot be negative")
    if sum(counts) == 0:
        return 0.0
    outcomes = [i / (len(counts) - 1) for i in range(len(counts))]
    regular = [c if c > 0 else EMPTY_CELL for c in counts]
    total = sum(regular)
    pdf = [(a, n / total) for a, n in zip(outcomes, regular)]
    q0 = _mle(pdf, expected_score(elo0))
    q1 = _mle(pdf, expected_score(elo1))
    return sum(n * math.log(b / a) for n, a, b in zip(regular, q0, q1))


def sprt_bounds(alpha: float = 0.05, beta: float = 0.05) -> tuple[float, float]:
    """The LLR bounds (lower: accept H0, upper: accept H1) of Wald's SPRT."""
    if not (0 < alpha < 1 and 0 < beta < 1):
        raise ValueError("alpha and beta are probabilities between 0 and 1")
    return math.log(beta / (1 - alpha)), math.log((1 - beta) / alpha)


def pentanomial(records: Iterable[PlayedGame]) -> tuple[int, int, int, int, int]:
    """The pairs of a paired run by the first player's score: game ``2k`` has the first
    player as White, game ``2k+1`` as Black; a pair with an unfinished game is left out."""
    by_index = {r.index: r for r in records}
    counts = [0, 0, 0, 0, 0]
    for index, even in by_index.items():
        if index % 2:
            continue
        odd = by_index.get(index + 1)
        if odd is None or even.score is None or odd.score is None:
            continue
        counts[round(2 * (even.score + 1.0 - odd.score))] += 1
    return counts[0], counts[1], counts[2], counts[3], counts[4]


def pair_score(counts: Sequence[int], z: float = Z95) -> Score | None:
    """The first player's score from pentanomial counts with its 95 % interval on the pairs'
    own variance (the paired games are not independent), and its Elo."""
    n = sum(counts)
    if n == 0:
        return None
    mean = sum(c * a for c, a in zip(counts, OUTCOMES)) / n
    var = sum(c * (a - mean) ** 2 for c, a in zip(counts, OUTCOMES)) / n
    half = z * math.sqrt(var / n)
    low, high = mean - half, mean + half
    value = elo_of(mean)
    elo = None if value is None else Interval(value, elo_of(low) if low > 0 else None,
                                              elo_of(high) if high < 1 else None)
    return Score(2 * n, Interval(mean, max(0.0, low), min(1.0, high)), elo)


@dataclass(frozen=True, slots=True)
class Precision:
    """Stop when the first-move advantage's 95 % interval is within ±``elo`` Elo."""

    elo: float

    def __post_init__(self) -> None:
        if not self.elo > 0:
            raise ValueError(f"the precision is a positive number of Elo, not {self.elo}")


@dataclass(frozen=True, slots=True)
class Sprt:
    """Stop when an SPRT between ``elo0`` and ``elo1`` (the first player's advantage over
    the second, in Elo) decides, with false-positive ``alpha`` and false-negative ``beta``."""

    elo0: float
    elo1: float
    alpha: float = 0.05
    beta: float = 0.05

    def __post_init__(self) -> None:
        if not self.elo0 < self.elo1:
            raise ValueError(f"the SPRT's bounds go from low to high, not {self.elo0} to "
                             f"{self.elo1}")
        sprt_bounds(self.alpha, self.beta)

    @property
    def bounds(self) -> tuple[float, float]:
        return sprt_bounds(self.alpha, self.beta)


Rule = Precision | Sprt


@dataclass(frozen=True, slots=True)
class Verdict:
    """Where a rule stands after ``games`` games (the unbroken run from game 0): ``reached``
    and what was decided (``decision``: "precision reached", "H1 accepted", "H0 accepted"),
    with the figures it was decided on: the first-move score (precision), or the pentanomial
    ``counts``, ``llr`` and its ``bounds`` (SPRT)."""

    rule: Rule
    games: int
    reached: bool
    decision: str = ""
    score: Score | None = None
    counts: tuple[int, int, int, int, int] | None = None
    llr: float | None = None
    bounds: tuple[float, float] | None = None

    def text(self) -> str:
        """The verdict in a line."""
        if isinstance(self.rule, Precision):
            goal = f"precision ±{self.rule.elo:g} Elo"
            fm = self.score
            where = "" if fm is None or fm.elo is None else \
                f" (first-move advantage {fm.elo.value:+.1f} Elo, 95 %: " \
                f"{_e(fm.elo.low)} to {_e(fm.elo.high)})"
        else:
            r = self.rule
            goal = f"SPRT [{r.elo0:g}, {r.elo1:g}] (alpha {r.alpha:g}, beta {r.beta:g})"
            lo, hi = self.bounds or r.bounds
            where = f" (LLR {self.llr or 0.0:.2f}, bounds {lo:.2f} and {hi:.2f}; pairs " \
                    f"LL-LD-LW/DD-DW-WW {'-'.join(map(str, self.counts or ()))})"
        state = self.decision if self.reached else "not reached"
        return f"{goal}: {state} after {self.games:,} games{where}"


def _e(x: float | None) -> str:
    return "unbounded" if x is None else f"{x:+.1f}"


def prefix(records: Iterable[PlayedGame]) -> list[PlayedGame]:
    """The games from 0 on up to the first missing index."""
    by_index = {r.index: r for r in records}
    out: list[PlayedGame] = []
    while len(out) in by_index:
        out.append(by_index[len(out)])
    return out


def _precision(rule: Precision, games: int, w: int, d: int, l: int) -> Verdict:
    if w + d + l == 0:
        return Verdict(rule, games, False)
    fm = score_of(w, d, l)
    elo = fm.elo
    reached = (w + d + l >= MIN_GAMES and elo is not None and elo.low is not None
               and elo.high is not None and elo.value - elo.low <= rule.elo
               and elo.high - elo.value <= rule.elo)
    return Verdict(rule, games, reached, "precision reached" if reached else "", fm)


def _sprt(rule: Sprt, games: int, counts: Sequence[int]) -> Verdict:
    penta = (counts[0], counts[1], counts[2], counts[3], counts[4])
    value = llr(penta, rule.elo0, rule.elo1)
    lo, hi = rule.bounds
    decision = "H1 accepted" if value >= hi else "H0 accepted" if value <= lo else ""
    return Verdict(rule, games, bool(decision), decision, pair_score(penta), penta, value,
                   (lo, hi))


def judge(rule: Rule, records: Iterable[PlayedGame]) -> Verdict:
    """Where ``rule`` stands on the unbroken run of ``records`` from game 0 (see the module
    docstring); for an SPRT, only whole pairs count."""
    games = prefix(records)
    if isinstance(rule, Precision):
        n = [0, 0, 0]
        for r in games:
            if r.score is not None:
                n[{1.0: 0, 0.5: 1, 0.0: 2}[r.score]] += 1
        return _precision(rule, len(games), *n)
    games = games[:len(games) - len(games) % 2]
    return _sprt(rule, len(games), pentanomial(games))


class Watch:
    """Follows a run's games as they come (in any order) and says when ``rule`` is first
    reached on the unbroken run from game 0, looking after every game (every pair for an
    SPRT) of that run, so that the point where it stops is the same however the games were
    scheduled. Counts are kept as the run grows: each game costs O(1)."""

    def __init__(self, rule: Rule):
        self.rule = rule
        self.verdict = Verdict(rule, 0, False)
        self._waiting: dict[int, PlayedGame] = {}
        self._next = 0
        self._wdl = [0, 0, 0]
        self._penta = [0, 0, 0, 0, 0]
        self._even: PlayedGame | None = None

    @property
    def reached(self) -> bool:
        return self.verdict.reached

    def see(self, record: PlayedGame) -> bool:
        """Take one game; True once the rule is reached (``verdict`` says where)."""
        self._waiting[record.index] = record
        while not self.verdict.reached and self._next in self._waiting:
            game = self._waiting.pop(self._next)
            self._next += 1
            self._take(game)
        return self.verdict.reached

    def _take(self, game: PlayedGame) -> None:
        rule = self.rule
        if isinstance(rule, Precision):
            if game.score is not None:
                self._wdl[{1.0: 0, 0.5: 1, 0.0: 2}[game.score]] += 1
            self.verdict = _precision(rule, self._next, *self._wdl)
            return
        if game.index % 2 == 0:
            self._even = game
            return
        even, self._even = self._even, None
        if even is not None and even.score is not None and game.score is not None:
            self._penta[round(2 * (even.score + 1.0 - game.score))] += 1
        self.verdict = _sprt(rule, self._next, self._penta)


__all__ = ["EMPTY_CELL", "MIN_GAMES", "OUTCOMES", "Precision", "Rule", "Sprt", "Verdict",
           "Watch", "expected_score", "judge", "llr", "pair_score", "pentanomial",
           "prefix", "sprt_bounds"]

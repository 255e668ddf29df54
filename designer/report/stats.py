"""The statistics of a balance report: proportions with Wilson intervals, a score turned into
Elo with its interval, and a summary of a sample of game lengths. Pure Python, no Qt.

Why these: the Wilson score interval (E. B. Wilson, 1927) stays inside 0..1 and keeps close to
its nominal 95 % coverage for small counts and proportions near 0 or 1, where the normal
("Wald") interval fails; a first-move advantage is the score of White over the decided and
drawn games, whose variance is the trinomial one (win 1, draw 1/2, loss 0), turned into Elo by
the logistic curve ``score = 1 / (1 + 10^(-elo/400))`` as rating lists do (BayesElo, Ordo and
fishtest's SPRT tools report the same quantity).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

Z95: Final = 1.959963984540054       # the two-sided 95 % point of the normal distribution


@dataclass(frozen=True, slots=True)
class Interval:
    """An estimate with its 95 % interval; ``low``/``high`` None where it is unbounded (an
    Elo interval reaching a score of 0 or 1)."""

    value: float
    low: float | None
    high: float | None

    def contains(self, x: float) -> bool:
        return (self.low is None or self.low <= x) and (self.high is None or x <= self.high)


def wilson(successes: int, trials: int, z: float = Z95) -> Interval:
    """The proportion ``successes / trials`` with its Wilson score interval."""
    if trials <= 0:
        raise ValueError("a proportion needs at least one trial")
    if not 0 <= successes <= trials:
        raise ValueError(f"{successes} successes out of {trials} trials")
    p = successes / trials
    z2 = z * z
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = z / (1 + z2 / trials) * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials))
    # at 0 or all successes the interval ends exactly at 0 or 1 (rounding would miss it)
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == trials else min(1.0, centre + half)
    return Interval(p, low, high)


def elo_of(score: float) -> float | None:
    """The Elo difference whose expected score is ``score`` (None at 0 or 1: unbounded)."""
    if not 0.0 < score < 1.0:
        return None
    return -400.0 * math.log10(1.0 / score - 1.0) + 0.0     # never -0


@dataclass(frozen=True, slots=True)
class Score:
    """White's score over ``games`` games (wins 1, draws 1/2) with its 95 % interval, and the
    same in Elo (``elo.value`` None when the score is 0 or 1)."""

    games: int
    score: Interval
    elo: Interval | None


def score_of(wins: int, draws: int, losses: int, z: float = Z95) -> Score:
    """White's score and its Elo from the counts (normal interval on the trinomial variance,
    each end turned into Elo; an end at 0 or 1 is unbounded)."""
    n = wins + draws + losses
    if n <= 0:
        raise ValueError("a score needs at least one game")
    if min(wins, draws, losses) < 0:
        raise ValueError("counts cannot be negative")
    s = (wins + 0.5 * draws) / n
    variance = (wins * (1 - s) ** 2 + draws * (0.5 - s) ** 2 + losses * s * s) / n
    half = z * math.sqrt(variance / n)
    low, high = s - half, s + half
    score = Interval(s, max(0.0, low), min(1.0, high))
    value = elo_of(s)
    if value is None:
        return Score(n, score, None)
    return Score(n, score, Interval(value, elo_of(low) if low > 0 else None,
                                    elo_of(high) if high < 1 else None))


@dataclass(frozen=True, slots=True)
class Spread:
    """A sample of whole numbers (game lengths in plies): its median, quartiles, extremes,
    mean and standard deviation."""

    count: int
    median: float
    lower_quartile: float
    upper_quartile: float
    shortest: int
    longest: int
    mean: float
    deviation: float


def _quantile(ordered: Sequence[int], q: float) -> float:
    """The ``q`` quantile by linear interpolation between order statistics (numpy's and R's
    default, type 7)."""
    position = q * (len(ordered) - 1)
    below = math.floor(position)
    above = min(below + 1, len(ordered) - 1)
    return ordered[below] + (ordered[above] - ordered[below]) * (position - below)


def spread_of(values: Sequence[int]) -> Spread:
    """The spread of ``values`` (ValueError when empty)."""
    if not values:
        raise ValueError("no values")
    ordered = sorted(values)
    n = len(ordered)
    mean = sum(ordered) / n
    deviation = math.sqrt(sum((v - mean) ** 2 for v in ordered) / (n - 1)) if n > 1 else 0.0
    return Spread(n, _quantile(ordered, 0.5), _quantile(ordered, 0.25),
                  _quantile(ordered, 0.75), ordered[0], ordered[-1], mean, deviation)


@dataclass(frozen=True, slots=True)
class Histogram:
    """Counts of values in bins ``[edges[i], edges[i+1])`` of equal width."""

    edges: tuple[int, ...]
    counts: tuple[int, ...]


def _nice_width(span: int, bins: int) -> int:
    """A round bin width (1, 2, 5 times a power of ten) giving at most ``bins`` bins."""
    raw = max(1.0, span / bins)
    power = 10 ** math.floor(math.log10(raw))
    for step in (1, 2, 5, 10):
        if step * power >= raw:
            return int(step * power)
    return int(10 * power)


def histogram(values: Sequence[int], bins: int = 20) -> Histogram:
    """``values`` in at most ``bins`` bins of a round width, from a multiple of the width."""
    if not values:
        return Histogram((0, 1), (0,))
    low, high = min(values), max(values)
    width = _nice_width(high - low + 1, bins)
    start = low // width * width
    count = (high - start) // width + 1
    counts = [0] * count
    for v in values:
        counts[(v - start) // width] += 1
    return Histogram(tuple(start + i * width for i in range(count + 1)), tuple(counts))


__all__ = ["Histogram", "Interval", "Score", "Spread", "Z95", "elo_of", "histogram",
           "score_of", "spread_of", "wilson"]

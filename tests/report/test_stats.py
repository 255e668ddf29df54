"""The balance report's statistics against published figures and against seeded simulations
whose true values are known: Wilson intervals (E. B. Wilson 1927; the worked values in Newcombe,
Statistics in Medicine 17, 1998), Elo from a score (the logistic curve of rating lists: 64 % is
+100 Elo, 75 % is +191), the score interval's coverage on trinomial matches, quantiles as R's
default (type 7) computes them."""

import math
import random

import pytest

from designer.report import elo_of, histogram, score_of, spread_of, wilson
from designer.report.stats import Interval


def test_wilson_intervals_match_published_values():
    # Newcombe (1998), table I: 81/263 -> 0.2553 to 0.3662; 15/148 -> 0.0624 to 0.1605
    i = wilson(81, 263)
    assert (round(i.low, 4), round(i.high, 4)) == (0.2553, 0.3662)
    i = wilson(15, 148)
    assert (round(i.low, 4), round(i.high, 4)) == (0.0624, 0.1605)
    # none of 10: the upper end is z^2 / (n + z^2) (0.2775), the lower end 0
    i = wilson(0, 10)
    assert i.low == 0.0 and i.high == pytest.approx(1.96 ** 2 / (10 + 1.96 ** 2), abs=1e-4)
    assert wilson(10, 10).high == 1.0


def _coverage(p, n, reps, rng, interval):
    hits = 0
    for _ in range(reps):
        k = sum(rng.random() < p for _ in range(n))
        low, high = interval(k, n)
        hits += low <= p <= high
    return hits / reps


def test_wilson_keeps_its_95_percent_coverage_where_the_normal_interval_does_not():
    rng = random.Random(7)

    def wald(k, n):
        p = k / n
        half = 1.96 * math.sqrt(p * (1 - p) / n)
        return p - half, p + half

    def score(k, n):
        i = wilson(k, n)
        return i.low, i.high

    # a rare outcome in few games (a side that seldom wins): Wald misses far more often
    assert _coverage(0.04, 40, 3000, rng, wald) < 0.85
    assert 0.92 <= _coverage(0.04, 40, 3000, rng, score) <= 0.99
    assert 0.93 <= _coverage(0.45, 200, 1500, rng, score) <= 0.97


def test_wilson_refuses_impossible_counts():
    with pytest.raises(ValueError):
        wilson(3, 2)
    with pytest.raises(ValueError):
        wilson(0, 0)


def test_elo_follows_the_logistic_curve_of_rating_lists():
    assert elo_of(1 / (1 + 10 ** (-100 / 400))) == pytest.approx(100.0)
    assert elo_of(0.75) == pytest.approx(190.85, abs=0.01)
    assert elo_of(0.5) == 0.0 and math.copysign(1, elo_of(0.5)) == 1
    assert elo_of(0.25) == pytest.approx(-190.85, abs=0.01)
    assert elo_of(0.0) is None and elo_of(1.0) is None


def test_the_score_interval_is_the_trinomial_one():
    # 50 wins, 50 losses: a game's score has standard deviation 1/2, so the half-width is
    # 1.96 * 0.5 / 10 = 0.098 around 50 %
    s = score_of(50, 0, 50)
    assert s.score.value == 0.5
    assert s.score.low == pytest.approx(0.402, abs=1e-3)
    assert s.score.high == pytest.approx(0.598, abs=1e-3)
    assert s.elo.low == pytest.approx(elo_of(0.402), abs=0.2)
    # only draws: no spread at all
    d = score_of(0, 40, 0)
    assert d.score.low == d.score.high == 0.5 and d.elo.value == 0.0
    # every game won: the score is 1, beyond any Elo difference
    assert score_of(7, 0, 0).elo is None


def test_the_elo_interval_covers_the_true_first_move_advantage():
    rng = random.Random(11)
    pw, pd = 0.40, 0.30                      # White wins 40 %, draws 30 %: scores 55 %
    truth = elo_of(pw + pd / 2)
    hits, reps = 0, 600
    for _ in range(reps):
        w = d = l = 0
        for _ in range(300):
            u = rng.random()
            if u < pw:
                w += 1
            elif u < pw + pd:
                d += 1
            else:
                l += 1
        hits += score_of(w, d, l).elo.contains(truth)
    assert 0.925 <= hits / reps <= 0.975


def test_spread_uses_rs_default_quantiles():
    s = spread_of([4, 1, 3, 2])
    assert (s.median, s.lower_quartile, s.upper_quartile) == (2.5, 1.75, 3.25)
    s = spread_of(list(range(1, 10)))
    assert (s.median, s.lower_quartile, s.upper_quartile) == (5, 3, 7)
    assert (s.shortest, s.longest, s.mean) == (1, 9, 5)
    assert s.deviation == pytest.approx(math.sqrt(7.5))
    with pytest.raises(ValueError):
        spread_of([])


def test_histogram_bins_are_round_and_count_every_game():
    values = [37, 52, 58, 61, 99, 100, 143, 212]
    h = histogram(values, bins=10)
    width = h.edges[1] - h.edges[0]
    assert width in (10, 20, 50) and h.edges[0] % width == 0
    assert all(b - a == width for a, b in zip(h.edges, h.edges[1:]))
    assert sum(h.counts) == len(values) and len(h.counts) <= 10
    for v in values:
        i = (v - h.edges[0]) // width
        assert h.edges[i] <= v < h.edges[i + 1]


def test_an_interval_without_an_end_contains_everything_beyond():
    assert Interval(3.0, None, 5.0).contains(-1e9) and not Interval(3.0, 1.0, None).contains(0)

"""Stopping rules against the formulas: the precision goal on the first-move advantage's 95 %
interval (the trinomial normal interval turned into Elo by the logistic curve), the SPRT's
generalised log-likelihood ratio on pentanomial counts (fishtest's logistic-Elo LLR: the
constrained maximum-likelihood distribution of Van den Bergh's notes), checked against a direct
maximisation and against Van den Bergh's normal approximation, Wald's bounds log((1-β)/α) and
log(β/(1-α)), and a real paired run stopping where the bound is crossed."""

import json
import math

import pytest

from designer import cli
from designer.match import PlayedGame
from designer.report import Precision, Sprt, Watch, judge, llr, pentanomial
from designer.report.sequential import expected_score, pair_score, sprt_bounds
from report_data import ROOT

FIDE = str(ROOT / "variants" / "fide.ini")


def _game(index, result):
    return PlayedGame(index, 0, "a", "b", None, 0, (), (), result, "checkmate", "", (), ((),))


def _games(results):
    return [_game(i, r) for i, r in enumerate(results)]


def test_a_games_results_give_the_textbook_elo_interval_and_the_precision_goal():
    # 30 wins, 40 draws, 30 losses... then a White edge: 40 W, 35 D, 25 L (n = 100)
    w, d, l = 40, 35, 25
    n = w + d + l
    s = (w + d / 2) / n
    var = (w * (1 - s) ** 2 + d * (0.5 - s) ** 2 + l * s ** 2) / n
    half = 1.959963984540054 * math.sqrt(var / n)

    def elo(x):
        return -400 * math.log10(1 / x - 1)

    below, above = elo(s) - elo(s - half), elo(s + half) - elo(s)
    results = ["1-0"] * w + ["1/2-1/2"] * d + ["0-1"] * l
    v = judge(Precision(max(below, above) + 0.01), _games(results))
    assert v.reached and v.score.elo.value == pytest.approx(elo(s))
    assert v.score.elo.low == pytest.approx(elo(s - half))
    assert not judge(Precision(max(below, above) - 0.01), _games(results)).reached


def test_precision_is_not_judged_on_a_handful_of_draws():
    assert not judge(Precision(50), _games(["1/2-1/2"] * 6)).reached


def _direct_trinomial_mle(counts, s):
    """Maximise sum n_i log q_i over q with q0+q1+q2 = 1 and q1/2 + q2 = s directly (golden
    section on q2), independent of the secular equation the code solves."""
    lo, hi = max(0.0, 2 * s - 1), s          # q1 = 2(s - q2) >= 0, q0 = 1 - q1 - q2 >= 0

    def f(t):
        q = (1 - 2 * (s - t) - t, 2 * (s - t), t)
        return sum(n * math.log(max(x, 1e-300)) for n, x in zip(counts, q))
    g = (math.sqrt(5) - 1) / 2
    a, b = lo + 1e-12, hi - 1e-12
    for _ in range(200):
        c, d = b - g * (b - a), a + g * (b - a)
        if f(c) < f(d):
            a = c
        else:
            b = d
    t = (a + b) / 2
    return (1 - 2 * (s - t) - t, 2 * (s - t), t)


def test_the_llr_is_the_constrained_maximum_likelihood_ratio():
    counts = (120, 310, 170)                 # losses, draws, wins
    q0 = _direct_trinomial_mle(counts, expected_score(-10))
    q1 = _direct_trinomial_mle(counts, expected_score(20))
    expected = sum(n * math.log(b / a) for n, a, b in zip(counts, q0, q1))
    assert llr(counts, -10, 20) == pytest.approx(expected, rel=1e-6)


def test_the_pentanomial_llr_agrees_with_van_den_berghs_normal_approximation():
    # LLR ~ N (s1 - s0)(2 mu - s0 - s1) / (2 sigma^2) over N pairs, mu and sigma^2 the mean
    # and variance of a pair's score / 2: close for Elo bounds a few points apart
    counts = (30, 400, 1200, 420, 40)
    n = sum(counts)
    a = (0, 0.25, 0.5, 0.75, 1)
    mu = sum(c * x for c, x in zip(counts, a)) / n
    var = sum(c * (x - mu) ** 2 for c, x in zip(counts, a)) / n
    for e0, e1 in ((0, 5), (-3, 3)):
        s0, s1 = expected_score(e0), expected_score(e1)
        approx = n * (s1 - s0) * (2 * mu - s0 - s1) / (2 * var)
        assert llr(counts, e0, e1) == pytest.approx(approx, rel=2e-3)
    # the pair score's interval is over pairs: the mean score with the pairs' own variance
    ps = pair_score(counts)
    assert ps.score.value == pytest.approx(mu)
    assert ps.score.high - mu == pytest.approx(1.959963984540054 * math.sqrt(var / n))


def test_wald_bounds_and_a_pentanomial_count_of_paired_games():
    assert sprt_bounds(0.05, 0.05) == pytest.approx((math.log(0.05 / 0.95),
                                                     math.log(0.95 / 0.05)))
    # the first player is White in even games, Black in odd ones: 1-0 then 0-1 is WW (2),
    # 0-1 then 1-0 LL (0), two draws DD (1), a draw then 1-0 DL (1/2), 1-0 then a draw WD
    # (3/2), 1-0 then 1-0 WL (1), and a pair with an unfinished game is left out
    games = _games(["1-0", "0-1", "0-1", "1-0", "1/2-1/2", "1/2-1/2", "1/2-1/2", "1-0",
                    "1-0", "1/2-1/2", "1-0", "1-0", "1-0", "*"])
    assert pentanomial(games) == (1, 1, 2, 1, 1)


def test_the_sprt_stops_at_the_first_pair_past_the_upper_bound():
    rule = Sprt(0, 100)
    upper = math.log(0.95 / 0.05)
    first = next(k for k in range(1, 200) if llr((0, 0, 0, 0, k), 0, 100) >= upper)
    watch = Watch(rule)
    # all pairs won by the first player, arriving out of order
    games = _games(["1-0", "0-1"] * (first + 3))
    order = [g for i in range(0, len(games), 4) for g in reversed(games[i:i + 4])]
    reached_at = None
    for g in order:
        if watch.see(g) and reached_at is None:
            reached_at = watch.verdict.games
    assert reached_at == 2 * first and watch.verdict.decision == "H1 accepted"
    assert watch.verdict.llr >= upper > llr((0, 0, 0, 0, first - 1), 0, 100)
    lower = math.log(0.05 / 0.95)
    lost = Watch(rule)
    for g in _games(["0-1", "1-0"] * 40):
        if lost.see(g):
            break
    assert lost.verdict.decision == "H0 accepted" and lost.verdict.llr <= lower


def test_match_sprt_plays_pairs_and_stops_at_the_bound(capsys):
    code = cli.main(["match", FIDE, "--games", "40", "--white", "builtin", "--black",
                     "random", "--depth", "1", "--max-plies", "120", "--opening-plies", "0",
                     "--sprt", "0", "100"])
    out = capsys.readouterr().out
    assert code == 0
    # the builtin player mates the random mover in every game; the test stops at the first
    # whole pair count whose LLR reaches log(19)
    first = next(k for k in range(1, 200)
                 if llr((0, 0, 0, 0, k), 0, 100) >= math.log(0.95 / 0.05))
    assert f"ended: H1 accepted after {2 * first} games" in out
    assert f"games: {2 * first} of 40" in out


def test_match_refuses_two_stopping_rules(capsys):
    assert cli.main(["match", FIDE, "--precision", "20", "--sprt", "0", "5"]) == 2
    assert "choose one" in capsys.readouterr().err


def test_match_precision_stops_when_the_interval_is_within_bounds(capsys):
    # the built-in player mates the random mover in every game; in pairs it is White in even
    # games, Black in odd ones, so White's results go 1-0, 0-1, 1-0... The run must stop at the
    # first n (at least 16 games) whose textbook interval lies within ±150 Elo
    def within(n):
        w = (n + 1) // 2
        s = w / n
        v = (w * (1 - s) ** 2 + (n - w) * s * s) / n
        half = 1.959963984540054 * math.sqrt(v / n)

        def elo(x):
            return -400 * math.log10(1 / x - 1)
        return elo(s) - elo(s - half) <= 150 and elo(s + half) - elo(s) <= 150
    expected = next(n for n in range(16, 100) if within(n))
    code = cli.main(["match", FIDE, "--games", "60", "--white", "builtin", "--black",
                     "random", "--depth", "1", "--max-plies", "120", "--opening-plies", "0",
                     "--pairs", "--precision", "150"])
    out = capsys.readouterr().out
    assert code == 0
    assert f"ended: precision reached after {expected} games" in out
    assert f"games: {expected} of 60" in out


def test_a_report_with_a_stopping_rule_reads_back_from_its_json():
    from designer.engines.players import PlayerSpec
    from designer.match import MatchConfig
    from designer.opponent import Limits
    from designer.report import report_from_json, report_json, report_text, run_report
    from report_data import sample
    config = MatchConfig(sample("fide"), 40, PlayerSpec("builtin"), PlayerSpec.parse("random"),
                         Limits(depth=1), opening_plies=0, max_plies=120, paired=True)
    run = run_report(config, rule=Sprt(0, 100))
    report = run.report
    assert report.ending is not None and report.ending.verdict.decision == "H1 accepted"
    assert report.played == report.ending.verdict.games < 40
    back = report_from_json(json.loads(json.dumps(report_json(report))))
    assert report_json(back) == report_json(report) and back.ending == report.ending
    assert "Run ended: H1 accepted after" in report_text(report)

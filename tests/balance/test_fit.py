"""The logistic regression of results on material, on synthetic games whose true piece values
are known: a Pawn 0.4, a Knight 1.2 and a Rook 2.0 log-odds (so a Knight is 3 pawns and a Rook
5), White 0.15 log-odds ahead from moving first, with draws."""

import math
import random

import pytest

from designer.balance import FitError, fit_logistic, fitted_values, piece_values
from designer.balance.fit import FittedValue, FittedValues
from designer.variant.model import PieceType, Variant

TRUE = {"P": 0.4, "N": 1.2, "R": 2.0}
FIRST = 0.15


def games(n, seed, draws=0.4):
    """Seeded positions: random material differences, results drawn from the model; a draw
    takes half of a win's and a loss's probability so the expected score stays the model's."""
    rnd = random.Random(seed)
    out = []
    for _ in range(n):
        diff = {k: rnd.randint(-2, 2) for k in TRUE}
        p = 1 / (1 + math.exp(-(FIRST + sum(TRUE[k] * diff[k] for k in diff))))
        d = draws * 4 * p * (1 - p)
        u = rnd.random()
        out.append((diff, 1.0 if u < p - d / 2 else 0.5 if u < p + d / 2 else 0.0))
    return out


def test_the_fit_recovers_the_true_coefficients():
    fit = fit_logistic(games(20000, 1))
    assert fit.converged and fit.positions == 20000
    for c in fit.coefficients:
        assert abs(c.logit - TRUE[c.letter]) < 4 * c.se, c
    assert abs(fit.intercept.logit - FIRST) < 4 * fit.intercept.se


def test_the_95_percent_intervals_cover_the_true_values_about_95_times_in_100():
    covered = {"N": 0, "R": 0}
    for seed in range(20):
        values = fitted_values(fit_logistic(games(5000, 100 + seed)), "P")
        for letter, truth in (("N", 3.0), ("R", 5.0)):
            fv = values.get(letter)
            covered[letter] += fv.low < truth < fv.high
    # 19 of 20 expected; 16 or fewer happens with a calibrated interval less than 2 % of the time
    assert covered["N"] >= 17 and covered["R"] >= 17, covered


def test_values_in_pawns_narrow_with_more_games():
    small = fitted_values(fit_logistic(games(4000, 2)), "P")
    large = fitted_values(fit_logistic(games(40000, 3)), "P")
    assert large.get("N").value == pytest.approx(3.0, abs=0.3)
    assert large.get("R").value == pytest.approx(5.0, abs=0.4)
    width = lambda v, k: v.get(k).high - v.get(k).low  # noqa: E731
    assert width(large, "R") < width(small, "R") / 2
    assert large.get("P") == FittedValue("P", 1.0, 1.0, 1.0)


def test_a_piece_whose_material_never_differs_is_left_out():
    data = [({**d, "Q": 0}, y) for d, y in games(3000, 4)]
    fit = fit_logistic(data, letters=["P", "N", "R", "Q"])
    assert fit.constant == ("Q",) and fit.coefficient("Q") is None


def test_bad_data_is_refused_with_the_reason():
    with pytest.raises(FitError, match="no positions"):
        fit_logistic([])
    with pytest.raises(FitError, match="between 0 and 1"):
        fit_logistic([({"P": 1}, 2.0)])
    together = [({"P": d, "N": d}, 1.0 if d > 0 else 0.0) for d in (-1, 1) * 50]
    with pytest.raises(FitError, match="separate"):
        fit_logistic(together + [({"P": 0, "N": 0}, 0.5)])


def test_the_fitted_slot_of_the_values_table():
    v = Variant("Fitted", 8, 8, (PieceType("K", notation="K", royal=True),
                                 PieceType("N", "Knight", "N"), PieceType("R", "Rook", "R")),
                "4k3/8/8/8/8/8/8/4K3 w - - 0 1")
    empty = piece_values(v).piece("R").estimate("fitted")
    assert empty.pawns is None and "no games" in empty.reason
    fitted = FittedValues((FittedValue("N", 3.2, 2.9, 3.5), FittedValue("R", 5.1, 4.6, 5.6)),
                          "P", 1.0, 12345, 200)
    est = piece_values(v, fitted=fitted).piece("R").estimate("fitted")
    assert est.pawns == 5.1 and est.interval == (4.6, 5.6) and est.positions == 12345
    scaled = piece_values(v, knight3=True, fitted=fitted).piece("R").estimate("fitted")
    assert scaled.pawns == pytest.approx(5.1 * 3 / 3.2)

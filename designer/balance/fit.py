"""Piece values fitted from play: a logistic regression of game results on material.

Each sample is one position of a played game: the material difference (White's count minus
Black's, per piece type) and the game's final score for White (1, 1/2, 0). The model is
``P(White scores) = 1 / (1 + exp(-(b0 + sum b_i * d_i)))``, fitted by iteratively re-weighted
least squares (Newton's method on the binomial log-likelihood; a draw counts as half a win, the
quasi-likelihood ``chess-variant-stats`` and Kaufman-style studies use). ``b0`` is the first-move
advantage; ``b_i / b_ref`` is piece i's value in units of the reference piece, with a 95 %
interval from the delta method on the coefficients' covariance (scaled by the estimated
dispersion, since results with draws are not binomial). Identical rows are counted together,
so a million positions with a few hundred distinct material balances fit quickly.

Pure Python (no numerical library is a dependency); deterministic.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Final

Z95: Final = 1.959963984540054


class FitError(ValueError):
    """The data cannot be fitted (no samples, no variation, a singular system)."""


@dataclass(frozen=True, slots=True)
class Coefficient:
    """A fitted coefficient (log-odds per piece of difference) and its standard error."""

    letter: str
    logit: float
    se: float


@dataclass(frozen=True, slots=True)
class LogisticFit:
    """The fit: ``intercept`` (first-move advantage, log-odds), the coefficients of the piece
    types that varied (``letters`` in order), their covariance (intercept first), the number of
    positions, the dispersion used for the errors, and whether Newton's method converged."""

    intercept: Coefficient
    coefficients: tuple[Coefficient, ...]
    covariance: tuple[tuple[float, ...], ...]
    positions: int
    dispersion: float
    iterations: int
    converged: bool
    constant: tuple[str, ...] = ()     # types whose difference never varied (not fitted)

    @property
    def letters(self) -> tuple[str, ...]:
        return tuple(c.letter for c in self.coefficients)

    def coefficient(self, letter: str) -> Coefficient | None:
        return next((c for c in self.coefficients if c.letter == letter), None)


@dataclass(frozen=True, slots=True)
class FittedValue:
    """One piece's fitted value in units of the reference, with its 95 % interval."""

    letter: str
    value: float
    low: float
    high: float


@dataclass(frozen=True, slots=True)
class FittedValues:
    """Fitted values of a variant: ``reference`` is the piece they are measured against and
    ``reference_value`` what it counts (1 for a pawn, 3 for a knight); ``positions`` and
    ``games`` how much play they come from."""

    values: tuple[FittedValue, ...]
    reference: str
    reference_value: float
    positions: int
    games: int = 0
    first_move: float = 0.0           # the intercept, log-odds for White

    def get(self, letter: str) -> FittedValue | None:
        return next((v for v in self.values if v.letter == letter), None)


Row = tuple[int, ...]


def _aggregate(samples: Iterable[tuple[Mapping[str, int], float]],
               letters: Sequence[str]) -> tuple[dict[Row, list[float]], int]:
    rows: dict[Row, list[float]] = {}
    count = 0
    for diff, score in samples:
        if not 0.0 <= score <= 1.0:
            raise FitError(f"a score must be between 0 and 1, not {score}")
        key = tuple(int(diff.get(k, 0)) for k in letters)
        acc = rows.setdefault(key, [0.0, 0.0, 0.0])   # n, sum y, sum y^2
        acc[0] += 1
        acc[1] += score
        acc[2] += score * score
        count += 1
    return rows, count


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting (FitError when singular)."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(m[r][col]))
        if abs(m[pivot][col]) < 1e-12:
            raise FitError("the material differences do not separate the piece types "
                           "(they always change together)")
        m[col], m[pivot] = m[pivot], m[col]
        for r in range(col + 1, n):
            f = m[r][col] / m[col][col]
            if f:
                for c in range(col, n + 1):
                    m[r][c] -= f * m[col][c]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        x[r] = (m[r][n] - sum(m[r][c] * x[c] for c in range(r + 1, n))) / m[r][r]
    return x


def _inverse(a: list[list[float]]) -> list[list[float]]:
    n = len(a)
    cols = [_solve(a, [1.0 if i == j else 0.0 for i in range(n)]) for j in range(n)]
    return [[cols[j][i] for j in range(n)] for i in range(n)]


def _sigmoid(t: float) -> float:
    if t >= 0:
        return 1.0 / (1.0 + math.exp(-t))
    e = math.exp(t)
    return e / (1.0 + e)


def fit_logistic(samples: Iterable[tuple[Mapping[str, int], float]],
                 letters: Sequence[str] | None = None, max_iterations: int = 50,
                 tolerance: float = 1e-10) -> LogisticFit:
    """Fit the model to (material difference, White's score) samples (module docstring).

    ``letters``: the piece types to fit (default: every type that appears). Types whose
    difference is always 0 are left out (``constant``). Raises FitError on unusable data.
    """
    data = list(samples)
    names = list(letters) if letters is not None else sorted({k for d, _ in data for k in d})
    rows, count = _aggregate(data, names)
    if count == 0:
        raise FitError("no positions to fit")
    varied = [i for i, _ in enumerate(names) if any(r[i] for r in rows)]
    constant = tuple(names[i] for i in range(len(names)) if i not in varied)
    xs = [(1,) + tuple(r[i] for i in varied) for r in rows]
    stats = list(rows.values())
    k = len(varied) + 1
    beta = [0.0] * k
    converged = False
    iterations = 0
    info: list[list[float]] = []
    for iterations in range(1, max_iterations + 1):
        grad = [0.0] * k
        info = [[0.0] * k for _ in range(k)]
        for x, (n, sy, _) in zip(xs, stats):
            p = _sigmoid(sum(b * v for b, v in zip(beta, x)))
            w = n * p * (1.0 - p)
            r = sy - n * p
            for i in range(k):
                if x[i]:
                    grad[i] += r * x[i]
                    wi = w * x[i]
                    for j in range(i, k):
                        if x[j]:
                            info[i][j] += wi * x[j]
        for i in range(k):
            for j in range(i):
                info[i][j] = info[j][i]
        step = _solve(info, grad)
        beta = [b + s for b, s in zip(beta, step)]
        if max(abs(s) for s in step) < tolerance:
            converged = True
            break
    cov = _inverse(info)
    pearson = 0.0
    for x, (n, sy, syy) in zip(xs, stats):
        p = _sigmoid(sum(b * v for b, v in zip(beta, x)))
        pearson += (syy - 2 * p * sy + n * p * p) / max(p * (1.0 - p), 1e-12)
    dispersion = pearson / (count - k) if count > k else 1.0
    cov = [[c * dispersion for c in row] for row in cov]
    ses = [math.sqrt(max(cov[i][i], 0.0)) for i in range(k)]
    coefs = tuple(Coefficient(names[idx], beta[i + 1], ses[i + 1]) for i, idx in enumerate(varied))
    return LogisticFit(Coefficient("", beta[0], ses[0]), coefs,
                       tuple(tuple(row) for row in cov), count, dispersion, iterations,
                       converged, constant)


def fitted_values(fit: LogisticFit, reference: str, reference_value: float = 1.0,
                  games: int = 0) -> FittedValues:
    """Every fitted type's value as ``reference_value * b_i / b_ref`` with a 95 % interval
    (delta method). FitError when the reference was not fitted or has no positive effect."""
    letters = fit.letters
    if reference not in letters:
        raise FitError(f"the reference piece {reference} was not fitted")
    r = letters.index(reference) + 1
    b_ref = fit.coefficients[r - 1].logit
    if b_ref <= 0:
        raise FitError(f"the reference piece {reference} does not help the side that has it "
                       "in these games: no scale to measure values in")
    out = []
    for i, c in enumerate(fit.coefficients, start=1):
        ratio = c.logit / b_ref
        var = (fit.covariance[i][i] - 2 * ratio * fit.covariance[i][r]
               + ratio * ratio * fit.covariance[r][r]) / (b_ref * b_ref)
        half = Z95 * math.sqrt(max(var, 0.0))
        out.append(FittedValue(c.letter, reference_value * ratio,
                               reference_value * (ratio - half),
                               reference_value * (ratio + half)))
    return FittedValues(tuple(out), reference, reference_value, fit.positions, games,
                        fit.intercept.logit)


__all__ = ["Coefficient", "FitError", "FittedValue", "FittedValues", "LogisticFit",
           "fit_logistic", "fitted_values"]

"""Piece values fitted from a balance run's games: which positions go into the logistic
regression (``balance.fit_logistic``), and intervals that know the positions of one game share
one result.

Positions: those after the random opening of every finished game whose material stays the same
over the next ``STABLE_PLIES`` plies (a position in the middle of an exchange, a piece taken and about to
be taken back, says nothing about what the pieces are worth), as ``chess-variant-stats`` keeps
"stable" imbalances only.

Intervals: the positions of one game are not independent draws (they share its result), so the
model's own covariance, even scaled by the dispersion, makes the intervals far too narrow as
games get longer. The covariance used here is the cluster-robust ("sandwich") one with the game
as the cluster: ``H^-1 (sum_g u_g u_g^T) H^-1 * G / (G - 1)`` where ``u_g`` is game g's
contribution to the score (gradient) and ``H`` the information matrix (Liang and Zeger, 1986).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Final

from ..balance import FitError, FittedValues, fit_logistic, fitted_values
from ..balance.fit import Z95, Coefficient, LogisticFit
from ..match import PlayedGame

STABLE_PLIES: Final = 2

Row = tuple[int, ...]
GameRows = tuple[tuple[Row, ...], float]      # one game's positions (material rows), score


def game_positions(game: PlayedGame, stable: int = STABLE_PLIES) -> GameRows | None:
    """The positions of ``game`` the fit uses, or None for a game without result."""
    score = game.score
    if score is None:
        return None
    rows = game.material
    kept = tuple(rows[i] for i in range(game.opening, len(rows))
                 if all(rows[j] == rows[i] for j in range(i + 1, min(i + stable + 1, len(rows)))))
    return kept, score


def _sigmoid(t: float) -> float:
    if t >= 0:
        return 1.0 / (1.0 + math.exp(-t))
    e = math.exp(t)
    return e / (1.0 + e)


def _invert(a: list[list[float]]) -> list[list[float]]:
    """Gauss-Jordan inverse with partial pivoting (FitError when singular)."""
    n = len(a)
    m = [row[:] + [1.0 if i == j else 0.0 for j in range(n)] for i, row in enumerate(a)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(m[r][col]))
        if abs(m[pivot][col]) < 1e-12:
            raise FitError("the material differences do not separate the piece types")
        m[col], m[pivot] = m[pivot], m[col]
        inv = 1.0 / m[col][col]
        m[col] = [v * inv for v in m[col]]
        for r in range(n):
            if r != col and m[r][col]:
                f = m[r][col]
                m[r] = [v - f * w for v, w in zip(m[r], m[col])]
    return [row[n:] for row in m]


def clustered(fit: LogisticFit, games: Sequence[tuple[Sequence[Sequence[int]], float]],
              letters: Sequence[str]) -> LogisticFit:
    """``fit`` with its covariance and standard errors replaced by the cluster-robust ones,
    each entry of ``games`` (its positions as rows over ``letters``, its score) a cluster."""
    fitted = [letters.index(c.letter) for c in fit.coefficients]
    beta = [fit.intercept.logit] + [c.logit for c in fit.coefficients]
    k = len(beta)
    info = [[0.0] * k for _ in range(k)]
    meat = [[0.0] * k for _ in range(k)]
    clusters = 0
    for rows, score in games:
        if not rows:
            continue
        clusters += 1
        u = [0.0] * k
        for row, n in Counter(tuple(r) for r in rows).items():   # a game repeats its rows
            x = [1.0] + [float(row[i]) for i in fitted]
            p = _sigmoid(sum(b * v for b, v in zip(beta, x)))
            w = n * p * (1.0 - p)
            r = n * (score - p)
            for i in range(k):
                u[i] += r * x[i]
                if x[i]:
                    for j in range(k):
                        info[i][j] += w * x[i] * x[j]
        for i in range(k):
            for j in range(k):
                meat[i][j] += u[i] * u[j]
    if clusters < 2:
        raise FitError("intervals need the positions of at least two finished games")
    bread = _invert(info)
    correction = clusters / (clusters - 1)
    middle = [[sum(meat[i][m] * bread[m][j] for m in range(k)) for j in range(k)]
              for i in range(k)]
    cov = [[correction * sum(bread[i][m] * middle[m][j] for m in range(k)) for j in range(k)]
           for i in range(k)]
    ses = [math.sqrt(max(cov[i][i], 0.0)) for i in range(k)]
    return replace(fit, intercept=Coefficient("", beta[0], ses[0]),
                   coefficients=tuple(Coefficient(c.letter, c.logit, ses[i + 1])
                                      for i, c in enumerate(fit.coefficients)),
                   covariance=tuple(tuple(row) for row in cov))


@dataclass(frozen=True, slots=True)
class PlayFit:
    """Values fitted from play, or why there are none (``values`` None, ``reason`` says);
    ``games`` finished games and ``positions`` positions used."""

    values: FittedValues | None
    games: int
    positions: int
    reason: str = ""
    fit: LogisticFit | None = None


def reference_of(fit: LogisticFit) -> tuple[str, float] | None:
    """The unit the values are measured in: the Pawn as 1, else the Knight as 3, among those
    fitted that help the side that has them. The first whose own effect is told apart from
    nothing (above 1.96 standard errors) wins; else the one told apart best. A unit whose
    effect may be nil makes every ratio's interval unbounded (40 Capablanca games at depth 1:
    with the Pawn as 1 every interval spans about -50 to +90 pawns)."""
    candidates: list[tuple[str, float, float]] = []
    for letter, value in (("P", 1.0), ("N", 3.0)):
        c = fit.coefficient(letter)
        if c is not None and c.logit > 0:
            z = c.logit / c.se if c.se > 0 else math.inf
            if z >= Z95:
                return letter, value
            candidates.append((letter, value, z))
    if not candidates:
        return None
    letter, value, _ = max(candidates, key=lambda t: t[2])
    return letter, value


def fit_games(games: Iterable[PlayedGame], stable: int = STABLE_PLIES) -> PlayFit:
    """Fit piece values to the finished games among ``games`` (module docstring)."""
    data: list[GameRows] = []
    letters: tuple[str, ...] = ()
    for game in games:
        rows = game_positions(game, stable)
        if rows is not None:
            data.append(rows)
            letters = letters or game.letters
    positions = sum(len(rows) for rows, _ in data)
    if not data:
        return PlayFit(None, 0, 0, "no finished game to fit piece values to")
    samples = ((dict(zip(letters, row)), score) for rows, score in data for row in rows)
    try:
        fit = clustered(fit_logistic(samples, letters), data, letters)
        ref = reference_of(fit)
        if ref is None:
            return PlayFit(None, len(data), positions,
                           "neither a Pawn nor a Knight was ever won or lost in a way that "
                           "decided games: no unit to measure values in", fit)
        return PlayFit(fitted_values(fit, ref[0], ref[1], len(data)), len(data), positions,
                       fit=fit)
    except FitError as e:
        return PlayFit(None, len(data), positions, str(e))


__all__ = ["PlayFit", "STABLE_PLIES", "clustered", "fit_games", "game_positions",
           "reference_of"]

"""Two versions of a variant side by side: the balance reports of the same run (players,
limits, seed, games; openings generated for each) and, for each figure, the difference B - A
with its 95 % interval. Pure Python, no Qt.

The intervals, each for two independent samples:

* a share (draws, decisive games, White's wins): Newcombe's hybrid score interval (method 10
  of R. G. Newcombe, "Interval estimation for the difference between independent proportions:
  comparison of eleven methods", Statistics in Medicine 17, 1998), built from each share's
  Wilson interval ``[l, u]`` around ``p``: ``d - sqrt((p1 - l1)^2 + (u2 - p2)^2)`` to
  ``d + sqrt((u1 - p1)^2 + (p2 - l2)^2)`` with ``d = p1 - p2``;
* White's score: the normal interval on the two trinomial variances, ``d ± z sqrt(v1/n1 +
  v2/n2)``;
* the first-move advantage in Elo: the same through the logistic curve's slope (the delta
  method): ``se(elo) = se(score) * 400 / (ln 10 * s (1 - s))``;
* the mean game length: Welch's normal interval ``d ± z sqrt(sd1^2/n1 + sd2^2/n2)``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from .stats import Interval, Z95, wilson
from .summary import BalanceReport, Results


@dataclass(frozen=True, slots=True)
class Figure:
    """One figure of both reports: ``a``, ``b`` and the difference ``b - a`` with its
    interval (None where a report has no value: no finished game)."""

    name: str
    unit: str                 # "share", "elo" or "plies"
    a: float | None
    b: float | None
    difference: Interval | None


@dataclass(frozen=True, slots=True)
class Comparison:
    """Report ``a`` against report ``b`` and their figures (module docstring)."""

    a: BalanceReport
    b: BalanceReport
    figures: tuple[Figure, ...]


def share_difference(x1: int, n1: int, x2: int, n2: int, z: float = Z95) -> Interval:
    """``x1/n1 - x2/n2`` with Newcombe's hybrid score interval (method 10)."""
    a, b = wilson(x1, n1, z), wilson(x2, n2, z)
    assert a.low is not None and a.high is not None and b.low is not None and b.high is not None
    d = a.value - b.value
    return Interval(d, d - math.sqrt((a.value - a.low) ** 2 + (b.high - b.value) ** 2),
                    d + math.sqrt((a.high - a.value) ** 2 + (b.value - b.low) ** 2))


def _score_moments(r: Results) -> tuple[float, float, int]:
    """White's score, its per-game variance (trinomial) and the games."""
    n = r.finished
    s = (r.white_wins + 0.5 * r.draws) / n
    v = (r.white_wins * (1 - s) ** 2 + r.draws * (0.5 - s) ** 2 + r.black_wins * s * s) / n
    return s, v, n


def _elo(s: float) -> float:
    return -400.0 * math.log10(1.0 / s - 1.0) + 0.0     # never -0


def compare(a: BalanceReport, b: BalanceReport, z: float = Z95) -> Comparison:
    """The figures of ``a`` and ``b`` with the difference ``b - a`` of each."""
    ra, rb = a.results, b.results
    both = ra.finished > 0 and rb.finished > 0
    figures: list[Figure] = []

    def share(name: str, xa: int, xb: int) -> None:
        pa = xa / ra.finished if ra.finished else None
        pb = xb / rb.finished if rb.finished else None
        figures.append(Figure(name, "share", pa, pb, share_difference(
            xb, rb.finished, xa, ra.finished, z) if both else None))

    if both:
        sa, va, na = _score_moments(ra)
        sb, vb, nb = _score_moments(rb)
        half = z * math.sqrt(va / na + vb / nb)
        figures.append(Figure("White's score", "share", sa, sb,
                              Interval(sb - sa, sb - sa - half, sb - sa + half)))
    else:
        figures.append(Figure("White's score", "share", None, None, None))
    share("Draws", ra.draws, rb.draws)
    share("Decisive games", ra.white_wins + ra.black_wins, rb.white_wins + rb.black_wins)
    la, lb = a.lengths, b.lengths
    if la is not None and lb is not None:
        d = lb.mean - la.mean
        half = z * math.sqrt(la.deviation ** 2 / la.count + lb.deviation ** 2 / lb.count)
        figures.append(Figure("Mean length", "plies", la.mean, lb.mean,
                              Interval(d, d - half, d + half)))
    else:
        figures.append(Figure("Mean length", "plies", la.mean if la else None,
                              lb.mean if lb else None, None))
    if both and 0 < sa < 1 and 0 < sb < 1:
        ea, eb = _elo(sa), _elo(sb)
        slope_a = 400.0 / (math.log(10) * sa * (1 - sa))
        slope_b = 400.0 / (math.log(10) * sb * (1 - sb))
        half = z * math.sqrt(va / na * slope_a ** 2 + vb / nb * slope_b ** 2)
        figures.append(Figure("First-move advantage", "elo", ea, eb,
                              Interval(eb - ea, eb - ea - half, eb - ea + half)))
    else:
        figures.append(Figure("First-move advantage", "elo", None, None, None))
    return Comparison(a, b, tuple(figures))


def _value(x: float | None, unit: str, signed: bool = False) -> str:
    if x is None:
        return "-"
    if unit == "share":
        return f"{100 * x:+.1f} %" if signed else f"{100 * x:.1f} %"
    if unit == "elo":
        return f"{x:+.0f} Elo"
    return f"{x:+.1f}" if signed else f"{x:.1f}"


def comparison_text(c: Comparison) -> str:
    """The comparison in lines of text."""
    a, b = c.a, c.b
    lines = [f"Comparison: A = {a.run.variant} ({a.played:,} games), B = {b.run.variant} "
             f"({b.played:,} games)",
             f"Players: {a.run.white} against {a.run.black}, {a.run.limits_text()}; seed "
             f"{a.run.seed}",
             f"{'':22}{'A':>12}{'B':>12}   B - A (95 %)"]
    for f in c.figures:
        d = f.difference
        diff = "-" if d is None else (
            f"{_value(d.value, f.unit, True)} ({_value(d.low, f.unit, True)} to "
            f"{_value(d.high, f.unit, True)})")
        lines.append(f"{f.name:<22}{_value(f.a, f.unit):>12}{_value(f.b, f.unit):>12}   {diff}")
    for name, r in (("A", a), ("B", b)):
        if r.adjudicated:
            lines.append(f"{name}: {r.adjudicated:,} games adjudicated")
    return "\n".join(lines)


def comparison_json(c: Comparison) -> dict[str, Any]:
    """The comparison as a JSON-ready object: both reports (``report_json``) and the
    figures, each ``{"name", "unit", "a", "b", "difference": {"value", "low", "high"}}``."""
    from .render import report_json
    return {"a": report_json(c.a), "b": report_json(c.b),
            "figures": [{"name": f.name, "unit": f.unit, "a": f.a, "b": f.b,
                         "difference": None if f.difference is None else {
                             "value": f.difference.value, "low": f.difference.low,
                             "high": f.difference.high}} for f in c.figures]}


__all__ = ["Comparison", "Figure", "compare", "comparison_json", "comparison_text",
           "share_difference"]

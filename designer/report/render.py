"""A balance report as text (the terminal, the window, a .txt file) and as JSON (``--json``, a
.json file), and the JSON read back (``report_from_json``): every file written is read again.

The JSON is one object: ``run`` (variant, players, limits, seed, opening), ``played``,
``stopped``, ``results`` (counts, ``white``/``black``/``draw`` shares and ``first_move`` score
and Elo, each ``{"value", "low", "high"}``, null ends where unbounded), ``endings`` (termination
-> games), ``lengths`` (plies), ``histogram``, ``branching``, ``positions``, ``distinct`` and
``fitted`` (piece letter -> value with its 95 % interval, in units of ``reference`` =
``reference_value``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..balance import FittedValue, FittedValues
from .fitting import PlayFit
from .sequential import Precision, Rule, Sprt, Verdict
from .stats import Histogram, Interval, Score, Spread
from .summary import BalanceReport, Ending, Results, RunInfo

JSON = dict[str, Any]


def _num(x: float | None) -> float | None:
    """Numbers are written in full (Python's shortest exact form), so that the report read
    back is the report written."""
    return None if x is None else float(x)


def _interval(i: Interval | None) -> JSON | None:
    return None if i is None else {"value": _num(i.value), "low": _num(i.low),
                                   "high": _num(i.high)}


def report_json(r: BalanceReport) -> JSON:
    """The report as a JSON-ready object (module docstring)."""
    res = r.results
    fm = res.first_move
    lengths = r.lengths
    fitted = r.fitted
    values = fitted.values
    return {
        "run": {"variant": r.run.variant, "white": r.run.white, "black": r.run.black,
                "depth": r.run.depth, "nodes": r.run.nodes, "movetime_ms": r.run.movetime_ms,
                "seed": r.run.seed, "opening_plies": r.run.opening_plies,
                "noise": r.run.noise, "max_plies": r.run.max_plies,
                "planned": r.run.planned, "reproducible": r.run.reproducible,
                "balanced_cp": r.run.balanced_cp, "paired": r.run.paired,
                "openings": r.run.openings},
        "played": r.played, "stopped": r.stopped,
        "results": {"white_wins": res.white_wins, "black_wins": res.black_wins,
                    "draws": res.draws, "unfinished": res.unfinished,
                    "white": _interval(res.white), "black": _interval(res.black),
                    "draw": _interval(res.draw),
                    "first_move": None if fm is None else {
                        "games": fm.games, "score": _interval(fm.score),
                        "elo": _interval(fm.elo)}},
        "endings": dict(r.endings),
        "lengths": None if lengths is None else {
            "count": lengths.count, "median": _num(lengths.median),
            "lower_quartile": _num(lengths.lower_quartile),
            "upper_quartile": _num(lengths.upper_quartile), "shortest": lengths.shortest,
            "longest": lengths.longest, "mean": _num(lengths.mean),
            "deviation": _num(lengths.deviation)},
        "histogram": {"edges": list(r.histogram.edges), "counts": list(r.histogram.counts)},
        "branching": _num(r.branching), "positions": r.positions, "distinct": r.distinct,
        "names": dict(r.names),
        "adjudicated": r.adjudicated,
        "ending": _ending_json(r.ending),
        "fitted": {"games": fitted.games, "positions": fitted.positions,
                   "reason": fitted.reason,
                   "reference": values.reference if values else None,
                   "reference_value": values.reference_value if values else None,
                   "values": {} if values is None else {
                       v.letter: {"value": _num(v.value), "low": _num(v.low),
                                  "high": _num(v.high)} for v in values.values}},
    }


def _score_json(fm: Score | None) -> JSON | None:
    return None if fm is None else {"games": fm.games, "score": _interval(fm.score),
                                    "elo": _interval(fm.elo)}


def _ending_json(e: Ending | None) -> JSON | None:
    if e is None:
        return None
    v = e.verdict
    rule: JSON = {"precision": v.rule.elo} if isinstance(v.rule, Precision) else {
        "sprt": [v.rule.elo0, v.rule.elo1], "alpha": v.rule.alpha, "beta": v.rule.beta}
    return {"text": e.text, "rule": rule, "games": v.games, "reached": v.reached,
            "decision": v.decision, "score": _score_json(v.score),
            "pentanomial": None if v.counts is None else list(v.counts),
            "llr": _num(v.llr), "bounds": None if v.bounds is None else list(v.bounds)}


def _read_ending(obj: Any) -> Ending | None:
    if obj is None:
        return None
    r = obj["rule"]
    rule: Rule = Precision(float(r["precision"])) if "precision" in r else \
        Sprt(float(r["sprt"][0]), float(r["sprt"][1]), float(r["alpha"]), float(r["beta"]))
    sc = obj["score"]
    score = None if sc is None else Score(int(sc["games"]), _need_interval(sc["score"]),
                                          _get_interval(sc["elo"]))
    counts = obj["pentanomial"]
    bounds = obj["bounds"]
    return Ending(Verdict(rule, int(obj["games"]), bool(obj["reached"]), str(obj["decision"]),
                          score, None if counts is None else (
                              int(counts[0]), int(counts[1]), int(counts[2]), int(counts[3]),
                              int(counts[4])),
                          _opt(obj["llr"]),
                          None if bounds is None else (float(bounds[0]), float(bounds[1]))),
                  str(obj["text"]))


# -- reading back ---------------------------------------------------------------------------
def _get_interval(obj: Any) -> Interval | None:
    if obj is None:
        return None
    return Interval(float(obj["value"]), _opt(obj["low"]), _opt(obj["high"]))


def _opt(x: Any) -> float | None:
    return None if x is None else float(x)


def _need_interval(obj: Any) -> Interval:
    i = _get_interval(obj)
    if i is None:
        raise ValueError("an interval is missing")
    return i


def report_from_json(obj: Mapping[str, Any]) -> BalanceReport:
    """The report a ``report_json`` object describes. ``ValueError`` (with the key) when the
    object is not one."""
    try:
        return _read(obj)
    except (KeyError, TypeError, ValueError, AttributeError) as e:
        raise ValueError(f"not a balance report: {type(e).__name__} {e}") from None


def _read(obj: Mapping[str, Any]) -> BalanceReport:
    run = obj["run"]
    info = RunInfo(str(run["variant"]), str(run["white"]), str(run["black"]), run["depth"],
                   run["nodes"], run["movetime_ms"], int(run["seed"]),
                   int(run["opening_plies"]), int(run["noise"]), int(run["max_plies"]),
                   int(run["planned"]), run.get("balanced_cp"), bool(run.get("paired", False)),
                   int(run.get("openings", 0)))
    res = obj["results"]
    fm = res["first_move"]
    first = None if fm is None else Score(int(fm["games"]), _need_interval(fm["score"]),
                                          _get_interval(fm["elo"]))
    results = Results(int(res["white_wins"]), int(res["black_wins"]), int(res["draws"]),
                      int(res["unfinished"]), _get_interval(res["white"]),
                      _get_interval(res["black"]), _get_interval(res["draw"]), first)
    ln = obj["lengths"]
    lengths = None if ln is None else Spread(
        int(ln["count"]), float(ln["median"]), float(ln["lower_quartile"]),
        float(ln["upper_quartile"]), int(ln["shortest"]), int(ln["longest"]),
        float(ln["mean"]), float(ln["deviation"]))
    hist = obj["histogram"]
    fit = obj["fitted"]
    values = None
    if fit["reference"] is not None:
        values = FittedValues(
            tuple(FittedValue(str(k), float(v["value"]), float(v["low"]), float(v["high"]))
                  for k, v in fit["values"].items()),
            str(fit["reference"]), float(fit["reference_value"]), int(fit["positions"]),
            int(fit["games"]))
    return BalanceReport(
        info, int(obj["played"]), bool(obj["stopped"]), results,
        tuple((str(k), int(v)) for k, v in obj["endings"].items()), lengths,
        Histogram(tuple(int(e) for e in hist["edges"]), tuple(int(c) for c in hist["counts"])),
        _opt(obj["branching"]), int(obj["positions"]), int(obj["distinct"]),
        PlayFit(values, int(fit["games"]), int(fit["positions"]), str(fit["reason"])),
        tuple((str(k), str(v)) for k, v in obj["names"].items()),
        int(obj.get("adjudicated", 0)), _read_ending(obj.get("ending")))


# -- text -----------------------------------------------------------------------------------
def _pct(i: Interval | None) -> str:
    if i is None:
        return "-"
    low = "" if i.low is None else f"{100 * i.low:.1f}"
    high = "" if i.high is None else f"{100 * i.high:.1f}"
    return f"{100 * i.value:5.1f} %  (95 %: {low} to {high})"


def _elo(x: float | None, unbounded: str) -> str:
    return unbounded if x is None else f"{x:+.0f}"


def _first_move(fm: Score | None) -> str:
    if fm is None:
        return "First-move advantage: no finished game"
    s = fm.score
    head = (f"First-move advantage: White scores {100 * s.value:.1f} % "
            f"(95 %: {100 * (s.low or 0):.1f} to {100 * (s.high or 1):.1f})")
    if fm.elo is None:
        return head + ", beyond any Elo difference"
    e = fm.elo
    return (head + f" = {e.value:+.0f} Elo (95 %: {_elo(e.low, '-inf')} to "
            f"{_elo(e.high, '+inf')})")


def _plies(x: float) -> str:
    return f"{x:.0f}" if x == int(x) else f"{x:.1f}"


def _fitted_lines(fitted: PlayFit, names: Mapping[str, str]) -> list[str]:
    values = fitted.values
    if values is None:
        return [f"Piece values fitted from play: none ({fitted.reason})"]
    ref = names.get(values.reference, values.reference)
    lines = [f"Piece values fitted from play ({ref} = {values.reference_value:g}; "
             f"{fitted.games:,} finished games, {fitted.positions:,} positions; 95 % intervals "
             f"with each game's positions counted as one sample):"]
    for v in sorted(values.values, key=lambda v: v.value):
        name = names.get(v.letter, "")
        lines.append(f"  {v.letter:<3}{name:<14}{v.value:7.2f}   ({v.low:.2f} to {v.high:.2f})")
    return lines


def report_text(r: BalanceReport) -> str:
    """The report in lines of plain text."""
    run, res = r.run, r.results
    status = " (stopped early)" if r.stopped else ""
    lines = [f"Balance report: {run.variant}, {r.played:,} of {run.planned:,} games{status}",
             f"Players: {run.white} (White) against {run.black} (Black), "
             f"{run.limits_text()}; seed {run.seed}; "
             + (f"{run.openings:,} openings from a file, then " if run.openings else "")
             + f"{run.opening_plies} random opening plies"
             + (f" kept within {run.balanced_cp} cp of level" if run.balanced_cp is not None
                else "")
             + ("; games in pairs, colours reversed" if run.paired else "")
             + (f"; evaluation noise {run.noise} cp" if run.noise else "")
             + ("" if run.reproducible else "; timed moves: not reproducible"),
             f"Results of {res.finished:,} finished games"
             + (f" ({res.unfinished:,} without result)" if res.unfinished else "") + ":",
             f"  White wins {res.white_wins:6,}  {_pct(res.white)}",
             f"  Black wins {res.black_wins:6,}  {_pct(res.black)}",
             f"  Draws      {res.draws:6,}  {_pct(res.draw)}",
             _first_move(res.first_move)]
    ln = r.lengths
    if ln is not None:
        lines.append(f"Game length: median {_plies(ln.median)} plies (quartiles "
                     f"{_plies(ln.lower_quartile)} to {_plies(ln.upper_quartile)}), shortest "
                     f"{ln.shortest}, longest {ln.longest}; mean {ln.mean:.1f}, standard "
                     f"deviation {ln.deviation:.1f}")
    if r.branching is not None:
        lines.append(f"Branching factor: {r.branching:.1f} legal moves per position "
                     f"(over {r.positions:,} positions)")
    if r.endings:
        lines.append("Endings: " + ", ".join(f"{k} {n:,}" for k, n in r.endings))
    lines.append(f"Distinct games: {r.distinct:,} of {r.played:,}")
    if r.adjudicated:
        lines.append(f"Adjudicated: {r.adjudicated:,} games ended from the players' "
                     "evaluations")
    if r.ending is not None:
        lines.append(f"Run ended: {r.ending.text}")
        lines.append(f"  {r.ending.verdict.text()}")
    lines += _fitted_lines(r.fitted, dict(r.names))
    return "\n".join(lines)


__all__ = ["report_from_json", "report_json", "report_text"]

"""The comparison's chart as SVG, drawn without Qt: the win/draw/loss bar of each version
(``charts.result_bar``) and, for each figure, the difference B - A as a point with its 95 %
interval against the line of no difference, each figure on its own scale (shares, Elo and
plies do not share an axis)."""

from __future__ import annotations

from .charts import BAR_HEIGHT, FONT, INK, LEFT, RIGHT, WIDTH, _line, _rect, _text, result_bar
from .compare import Comparison, Figure, _value

ROW = 46
LABEL = 170


def _row(f: Figure, top: float) -> list[str]:
    out = [_text(LEFT, top + 16, f.name, 12, weight="bold"),
           _text(LEFT, top + 32, f"A {_value(f.a, f.unit)}   B {_value(f.b, f.unit)}", 11)]
    x0, x1 = LEFT + LABEL, WIDTH - RIGHT
    mid = (x0 + x1) / 2
    y = top + 20
    out.append(_line(x0, y, x1, y, "#d8d8d8"))
    out.append(_line(mid, y - 12, mid, y + 12, "#c0392b", 1.2, "4,3"))
    d = f.difference
    if d is None or d.low is None or d.high is None:
        out.append(_text(x1, y + 18, "no interval: too few finished games, or a score of "
                         "0 or 100 % (no Elo)", 10, "end"))
        return out
    span = max(abs(d.low), abs(d.high), abs(d.value), 1e-9) * 1.15

    def xof(v: float) -> float:
        return mid + (x1 - mid) * v / span

    out.append(_line(xof(d.low), y, xof(d.high), y, INK, 1.6))
    for end in (d.low, d.high):
        out.append(_line(xof(end), y - 5, xof(end), y + 5, INK, 1.6))
    out.append(f"<circle cx='{xof(d.value):.1f}' cy='{y:.1f}' r='4' fill='#4a78b0'/>")
    label = (f"B - A {_value(d.value, f.unit, True)} ({_value(d.low, f.unit, True)} to "
             f"{_value(d.high, f.unit, True)})")
    out.append(_text(xof(d.value), y + 20, label, 10, "middle"))
    return out


def compare_svg(c: Comparison) -> str:
    """Both versions' result bars and the differences, in one SVG picture."""
    rows = len(c.figures)
    height = 40 + 2 * BAR_HEIGHT + 30 + rows * ROW + 20
    head = (f"{c.a.run.variant} (A) and {c.b.run.variant} (B): {c.a.run.white} against "
            f"{c.a.run.black}, {c.a.run.limits_text()}")
    if len(head) > 78:
        head = head[:77] + "…"
    parts = [f"<svg xmlns='http://www.w3.org/2000/svg' width='{WIDTH}' height='{height}' "
             f"viewBox='0 0 {WIDTH} {height}'>", _rect(0, 0, WIDTH, height, "#ffffff"),
             _text(WIDTH / 2, 22, head, 13, "middle", weight="bold")]
    for i, (name, report) in enumerate((("A", c.a), ("B", c.b))):
        top = 30 + i * BAR_HEIGHT
        bar = result_bar(report, top)
        bar[0] = _text(LEFT, top + 22, f"{name}: {report.run.variant}, "
                       f"{report.results.finished:,} finished games", 14, weight="bold")
        parts += bar
    top = 30 + 2 * BAR_HEIGHT + 10
    parts.append(f"<text x='{LEFT}' y='{top + 10}' font-size='13' font-weight='bold' "
                 f"fill='{INK}' {FONT}>Differences B - A with 95 % intervals (dashed: no "
                 "difference)</text>")
    for i, f in enumerate(c.figures):
        parts += _row(f, top + 20 + i * ROW)
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


__all__ = ["compare_svg"]

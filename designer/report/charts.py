"""The balance report's charts as SVG, drawn here without Qt: the win/draw/loss bar (White's
wins, draws, Black's wins as shares of the finished games, with each share's 95 % interval)
and the histogram of game lengths (with the median marked). ``charts_svg`` puts both in one
picture; the window shows it and turns it into PNG (``designer.gui.balance``), the command
line writes it with ``match --report --chart OUT.svg``.
"""

from __future__ import annotations

import math
from xml.sax.saxutils import escape

from .stats import Interval
from .summary import BalanceReport

WIDTH = 640
BAR_HEIGHT = 150
HISTOGRAM_HEIGHT = 300
FONT = "font-family='DejaVu Sans, Arial, sans-serif'"
WHITE_FILL, DRAW_FILL, BLACK_FILL = "#efe6cf", "#9aa8b8", "#3a3a3a"
INK, GRID, BARS = "#222222", "#d8d8d8", "#4a78b0"
LEFT, RIGHT = 56, 24


def _text(x: float, y: float, text: str, size: int = 12, anchor: str = "start",
          fill: str = INK, weight: str = "normal") -> str:
    return (f"<text x='{x:.1f}' y='{y:.1f}' font-size='{size}' text-anchor='{anchor}' "
            f"font-weight='{weight}' fill='{fill}' {FONT}>{escape(text)}</text>")


def _rect(x: float, y: float, w: float, h: float, fill: str, stroke: str = "none",
          title: str = "") -> str:
    tip = f"<title>{escape(title)}</title>" if title else ""
    return (f"<rect x='{x:.1f}' y='{y:.1f}' width='{max(w, 0):.1f}' height='{max(h, 0):.1f}' "
            f"fill='{fill}' stroke='{stroke}'>{tip}</rect>")


def _line(x1: float, y1: float, x2: float, y2: float, stroke: str = INK, width: float = 1,
          dash: str = "") -> str:
    d = f" stroke-dasharray='{dash}'" if dash else ""
    return (f"<line x1='{x1:.1f}' y1='{y1:.1f}' x2='{x2:.1f}' y2='{y2:.1f}' stroke='{stroke}' "
            f"stroke-width='{width}'{d}/>")


def _share(i: Interval | None) -> float:
    return 0.0 if i is None else i.value


def result_bar(r: BalanceReport, top: float = 0.0) -> list[str]:
    """The win/draw/loss bar's elements, from ``top`` down (``BAR_HEIGHT`` tall)."""
    res = r.results
    out = [_text(LEFT, top + 22, f"Results of {res.finished:,} finished games", 14,
                 weight="bold")]
    width = WIDTH - LEFT - RIGHT
    y, h = top + 40, 36
    if res.finished == 0:
        out.append(_rect(LEFT, y, width, h, "#f4f4f4", GRID))
        out.append(_text(LEFT + width / 2, y + h / 2 + 4, "no finished game", anchor="middle"))
        return out
    parts = (("White wins", res.white_wins, res.white, WHITE_FILL, INK),
             ("Draws", res.draws, res.draw, DRAW_FILL, INK),
             ("Black wins", res.black_wins, res.black, BLACK_FILL, "#ffffff"))
    x = float(LEFT)
    for label, count, share, fill, ink in parts:
        w = width * _share(share)
        tip = f"{label}: {count:,} ({100 * _share(share):.1f} %)"
        out.append(_rect(x, y, w, h, fill, title=tip))
        if w >= 44:
            out.append(_text(x + w / 2, y + h / 2 + 4, f"{100 * _share(share):.1f} %", 12,
                             "middle", ink))
        x += w
    out.append(_rect(LEFT, y, width, h, "none", INK))
    half = LEFT + width / 2
    out.append(_line(half, y - 4, half, y + h + 4, "#c0392b", 1.5, "4,3"))
    # White's score (wins + half the draws) with its interval: fair play is the dashed line
    fm = res.first_move
    if fm is not None:
        s = fm.score
        sx = LEFT + width * s.value
        wy = y + h + 12
        out.append(_whisker(LEFT + width * (s.low or 0.0), LEFT + width * (s.high or 1.0), wy))
        out.append(f"<circle cx='{sx:.1f}' cy='{wy:.1f}' r='3.5' fill='#c0392b'/>")
        out.append(_text(sx, wy + 18, f"White's score {100 * s.value:.1f} % (95 %: "
                         f"{100 * (s.low or 0):.1f} to {100 * (s.high or 1):.1f}); "
                         "fair play at the dashed line", 11, _anchor(sx)))
    ly = top + BAR_HEIGHT - 10
    lx = float(LEFT)
    for label, count, share, fill, _ink in parts:
        out.append(_rect(lx, ly - 10, 12, 12, fill, INK))
        text = f"{label} {count:,}"
        if share is not None and share.low is not None and share.high is not None:
            text += f" ({100 * share.low:.0f}–{100 * share.high:.0f} %)"
        out.append(_text(lx + 17, ly, text, 11))
        lx += 185
    return out


def _anchor(x: float) -> str:
    """Text anchored so that it stays inside the picture near ``x``."""
    return "start" if x < WIDTH * 0.3 else "end" if x > WIDTH * 0.7 else "middle"


def _whisker(x1: float, x2: float, y: float) -> str:
    return (_line(x1, y, x2, y, INK, 1.2) + _line(x1, y - 3, x1, y + 3, INK, 1.2)
            + _line(x2, y - 3, x2, y + 3, INK, 1.2))


def _ticks(top: int) -> list[int]:
    """Round steps from 0 to at least ``top`` (about five)."""
    if top <= 0:
        return [0, 1]
    raw = top / 5
    power = 10 ** math.floor(math.log10(raw)) if raw >= 1 else 1
    step = next((s * power for s in (1, 2, 5, 10) if s * power >= raw), 10 * power)
    step = max(1, int(step))
    return list(range(0, top + step, step))


def length_histogram(r: BalanceReport, top: float = 0.0) -> list[str]:
    """The game-length histogram's elements, from ``top`` down (``HISTOGRAM_HEIGHT`` tall)."""
    hist = r.histogram
    ln = r.lengths
    title = "Game length (plies)"
    if ln is not None:
        title += f": median {ln.median:g} (dashed), {ln.count:,} games"
    out = [_text(LEFT, top + 22, title, 14, weight="bold")]
    x0, x1 = float(LEFT), float(WIDTH - RIGHT)
    y0, y1 = top + 40, top + HISTOGRAM_HEIGHT - 40      # plot area (y1 is the axis)
    ticks = _ticks(max(hist.counts) if hist.counts else 0)
    ymax = ticks[-1]
    for t in ticks:
        y = y1 - (y1 - y0) * t / ymax
        out.append(_line(x0, y, x1, y, GRID))
        out.append(_text(x0 - 6, y + 4, f"{t:,}", 11, "end"))
    low, high = hist.edges[0], hist.edges[-1]
    span = max(1, high - low)

    def xof(v: float) -> float:
        return x0 + (x1 - x0) * (v - low) / span

    for i, count in enumerate(hist.counts):
        a, b = hist.edges[i], hist.edges[i + 1]
        h = (y1 - y0) * count / ymax
        out.append(_rect(xof(a) + 0.5, y1 - h, xof(b) - xof(a) - 1, h, BARS,
                         title=f"{a}–{b - 1} plies: {count:,} games"))
    out.append(_line(x0, y1, x1, y1, INK))
    step = max(1, math.ceil(len(hist.edges) / 10))
    for e in hist.edges[::step]:
        out.append(_line(xof(e), y1, xof(e), y1 + 4, INK))
        out.append(_text(xof(e), y1 + 17, str(e), 11, "middle"))
    if ln is not None:
        mx = xof(ln.median)
        # named in the title: a label beside the line would lie across the bars
        out.append(_line(mx, y0 - 6, mx, y1, "#c0392b", 1.5, "5,3"))
    out.append(_text((x0 + x1) / 2, y1 + 34, "plies", 11, "middle"))
    return out


def charts_svg(r: BalanceReport) -> str:
    """Both charts in one SVG picture, titled with the variant and the games."""
    height = 34 + BAR_HEIGHT + HISTOGRAM_HEIGHT
    head = (f"{r.run.variant}: {r.played:,} games, {r.run.white} against {r.run.black}, "
            f"{r.run.limits_text()}")
    parts = [f"<svg xmlns='http://www.w3.org/2000/svg' width='{WIDTH}' height='{height}' "
             f"viewBox='0 0 {WIDTH} {height}'>",
             _rect(0, 0, WIDTH, height, "#ffffff"),
             _text(WIDTH / 2, 22, head, 13, "middle", weight="bold")]
    parts += result_bar(r, 30)
    parts += length_histogram(r, 30 + BAR_HEIGHT)
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


__all__ = ["charts_svg", "length_histogram", "result_bar"]

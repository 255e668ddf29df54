"""A heat map as an SVG board: each square in the scale's colour with its number, squares
without a number grey and hatched, the origin marked, and a legend with the colour scale.

Plain text, no Qt, drawn like ``formats.svg``'s move diagrams (same cell size and margins), for
rule pages and the ``export --to svg --heat`` command.
"""

from __future__ import annotations

import textwrap
from html import escape

from ..formats.svg import CELL, MARGIN, cell_xy, coordinates, svg_open
from .heat import HeatMap
from .scale import MISSING, colour, text_colour

LEGEND_WIDTH = 230
_STEPS = 24           # slices of the legend's colour bar
_WRAP = 30            # characters per legend line


def render_heat(m: HeatMap, piece: str = "") -> str:
    """The SVG text of ``m``; ``piece`` is the letter drawn on the origin square."""
    files, ranks = m.files, m.ranks
    width = MARGIN * 2 + files * CELL + LEGEND_WIDTH
    height = max(MARGIN * 2 + ranks * CELL, MARGIN * 2 + 260)
    low, high = m.low, m.high
    out = svg_open(width, height, m.title) + [
           '<defs><pattern id="missing" width="6" height="6" patternUnits="userSpaceOnUse" '
           'patternTransform="rotate(45)"><rect width="6" height="6" fill="' + MISSING + '"/>'
           '<line x1="0" y1="0" x2="0" y2="6" stroke="#6b7280" stroke-width="2"/></pattern>'
           '</defs>']

    def xy(f: int, r: int) -> tuple[int, int]:
        return cell_xy(ranks, f, r)

    for r in range(ranks):
        for f in range(files):
            x, y = xy(f, r)
            if (f, r) in m.holes:
                out.append(f'<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="#fff" '
                           'stroke="#ddd" class="hole"/>')
                continue
            v = m.at((f, r))
            fill = "url(#missing)" if v is None else colour(v, low, high)
            kind = "missing" if v is None else "heat"
            out.append(f'<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="{fill}" '
                       f'stroke="#ffffff" stroke-width="0.5" class="{kind}"/>')
            label = m.text((f, r))
            if label:
                ink = "#111" if v is None else text_colour(v, low, high)
                out.append(f'<text x="{x + CELL / 2}" y="{y + CELL * 0.62}" text-anchor="middle" '
                           f'fill="{ink}" class="value">{escape(label)}</text>')
    if m.origin is not None:
        x, y = xy(*m.origin)
        out.append(f'<rect x="{x + 2}" y="{y + 2}" width="{CELL - 4}" height="{CELL - 4}" '
                   'fill="none" stroke="#ef4444" stroke-width="3" class="origin"/>')
        if piece:
            out.append(f'<text x="{x + CELL - 6}" y="{y + 13}" text-anchor="end" '
                       f'font-weight="bold" fill="#ef4444">{escape(piece)}</text>')
    out += coordinates(files, ranks)
    out += _legend(m, MARGIN * 2 + files * CELL)
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _legend(m: HeatMap, lx: int) -> list[str]:
    low, high = m.low, m.high
    out = []
    y = MARGIN + 12
    for line in textwrap.wrap(m.title, _WRAP):
        out.append(f'<text x="{lx}" y="{y}" font-weight="bold">{escape(line)}</text>')
        y += 16
    for line in textwrap.wrap(m.unit, _WRAP + 4):
        out.append(f'<text x="{lx}" y="{y + 2}" class="unit">{escape(line)}</text>')
        y += 15
    top, bar_h, bar_w = y + 8, 120, 18
    for i in range(_STEPS):
        v = high - (high - low) * i / (_STEPS - 1) if _STEPS > 1 else high
        out.append(f'<rect x="{lx}" y="{top + i * bar_h / _STEPS:.1f}" width="{bar_w}" '
                   f'height="{bar_h / _STEPS + 0.5:.1f}" fill="{colour(v, low, high)}" '
                   'class="scale"/>')
    out.append(f'<text x="{lx + bar_w + 6}" y="{top + 10}" class="legend">{_num(high)}</text>')
    out.append(f'<text x="{lx + bar_w + 6}" y="{top + bar_h}" class="legend">{_num(low)}</text>')
    y = top + bar_h + 16
    if any(v is None for s, v in zip(_cells(m), m.values) if s not in m.holes):
        out.append(f'<rect x="{lx}" y="{y}" width="{bar_w}" height="16" fill="url(#missing)"/>')
        out.append(f'<text x="{lx + bar_w + 6}" y="{y + 12}" class="legend">'
                   f'{escape(m.missing)}</text>')
        y += 22
    if m.origin is not None:
        out.append(f'<rect x="{lx}" y="{y}" width="{bar_w}" height="16" fill="none" '
                   'stroke="#ef4444" stroke-width="3"/>')
        out.append(f'<text x="{lx + bar_w + 6}" y="{y + 12}" class="legend">where it starts'
                   '</text>')
    return out


def _cells(m: HeatMap) -> list[tuple[int, int]]:
    return [(f, r) for r in range(m.ranks) for f in range(m.files)]


def _num(v: float) -> str:
    return f"{v:.0f}" if float(v).is_integer() else f"{v:.2f}"


__all__ = ["render_heat"]

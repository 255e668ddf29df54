"""The colour scale of the heat maps, shared by the SVG export and the window's piece view.

A sequential scale (viridis' stops, perceptually even and readable by colour-blind people) from
the lowest number shown to the highest; squares without a number get ``MISSING`` with a hatch.
"""

from __future__ import annotations

from typing import Final

# viridis at 0, 1/6, ..., 1
STOPS: Final[tuple[tuple[int, int, int], ...]] = (
    (0x44, 0x01, 0x54), (0x44, 0x3A, 0x83), (0x31, 0x68, 0x8E), (0x21, 0x91, 0x8C),
    (0x35, 0xB7, 0x79), (0x90, 0xD7, 0x43), (0xFD, 0xE7, 0x25))
MISSING: Final = "#9ca3af"
DIFFERENCE: Final = "#ff00c8"      # engine differences: a colour no move class uses


def rgb(t: float) -> tuple[int, int, int]:
    """The scale's colour at ``t`` in [0, 1] (clamped)."""
    t = min(1.0, max(0.0, t))
    pos = t * (len(STOPS) - 1)
    i = min(int(pos), len(STOPS) - 2)
    f = pos - i
    a, b = STOPS[i], STOPS[i + 1]
    r, g, bl = (round(a[k] + (b[k] - a[k]) * f) for k in range(3))
    return r, g, bl


def colour(value: float, low: float, high: float) -> str:
    """``#rrggbb`` for ``value`` on the scale from ``low`` to ``high``."""
    t = 0.5 if high <= low else (value - low) / (high - low)
    return "#{:02x}{:02x}{:02x}".format(*rgb(t))


def text_colour(value: float, low: float, high: float) -> str:
    """Black or white, whichever reads better on the value's colour."""
    r, g, b = rgb(0.5 if high <= low else (value - low) / (high - low))
    return "#000000" if 0.299 * r + 0.587 * g + 0.114 * b > 140 else "#ffffff"


__all__ = ["DIFFERENCE", "MISSING", "STOPS", "colour", "rgb", "text_colour"]

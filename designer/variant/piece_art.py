"""Piece pictures as SVG text, without Qt: the built-in set for either side, and a clean
generated picture for any piece letter the set has no drawing for.

The built-in drawings live in ``resources/pieces/*.svg`` (drawn by ``resources/pieces/draw.py``).
Each file shows the White piece; its shapes carry a class that says how to recolour them for
Black (``body`` filled with the piece colour, ``line``/``dot`` in the contrast colour, ``ink``
in the outline colour), so one
drawing serves both sides. Drawings that point forward (``data-turn="1"``: the Shogi generals'
tiles) are turned upside down for Black, whose forward is down the board.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from functools import lru_cache

from ..errors import DesignerError
from ..paths import resources_dir
from ..vocabulary import BLACK, WHITE, Side

PIECES_DIR = resources_dir() / "pieces"
SVG_NS = "http://www.w3.org/2000/svg"

# (body fill, outline, contrast) per side: the White piece is light with dark lines, the Black
# piece dark with light inner lines, both outlined dark so they stand out on either square.
COLOURS: dict[Side, tuple[str, str, str]] = {
    WHITE: ("#fafafa", "#1a1a1a", "#1a1a1a"),
    BLACK: ("#2e2e2e", "#0a0a0a", "#f2f2f2"),
}
_NAME = re.compile(r"^[a-z][a-z0-9-]{0,40}$")

ET.register_namespace("", SVG_NS)


def _escape(text: str) -> str:
    """``text`` as SVG character data (the three characters markup gives a meaning escaped).

    Written out rather than taken from ``xml.sax.saxutils``: that module loads the standard
    library's HTTP and mail modules, a tenth of the window's start for one replace.
    """
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


class ArtError(DesignerError, ValueError):
    """A built-in drawing that is missing or unreadable (a broken installation)."""


@lru_cache(maxsize=1)
def builtin_names() -> tuple[str, ...]:
    """The names of the built-in drawings (``knight``, ``archbishop``, …), sorted."""
    if not PIECES_DIR.is_dir():
        return ()
    return tuple(sorted(p.stem for p in PIECES_DIR.glob("*.svg") if _NAME.match(p.stem)))


def is_builtin(name: str) -> bool:
    return name.lower() in builtin_names()


@lru_cache(maxsize=256)
def builtin_svg(name: str, side: Side = WHITE) -> str:
    """The SVG text of built-in drawing ``name`` coloured for ``side``."""
    key = name.lower()
    if key not in builtin_names():
        raise ArtError(f"no built-in piece drawing called {name!r}")
    try:
        text = (PIECES_DIR / f"{key}.svg").read_text("utf-8")
        return recolour(text, side)
    except (OSError, ET.ParseError) as exc:
        raise ArtError(f"the built-in drawing {key!r} cannot be read: {exc}") from None


def recolour(svg_text: str, side: Side) -> str:
    """A built-in drawing's SVG text with its classed shapes coloured for ``side``."""
    root = ET.fromstring(svg_text)
    fill, ink, contrast = COLOURS[side]
    for el in root.iter():
        cls = el.get("class", "")
        if cls == "body":
            el.set("fill", fill)
            el.set("stroke", ink)
        elif cls == "line":
            el.set("stroke", contrast)
        elif cls == "dot":
            el.set("fill", contrast)
        elif cls == "ink":
            el.set("stroke", ink)
    if side == BLACK and root.get("data-turn") == "1":
        turned = ET.Element(f"{{{SVG_NS}}}g", {"transform": "rotate(180 50 50)"})
        for child in list(root):
            if child.tag != f"{{{SVG_NS}}}title":
                root.remove(child)
                turned.append(child)
        root.append(turned)
    return ET.tostring(root, encoding="unicode")


def letter_svg(letter: str, side: Side = WHITE, royal: bool = False) -> str:
    """A generated picture for a piece without a drawing: its letter on a round token.

    The token keeps the set's look (same colours and outline, standing on the same plinth
    height); a royal piece wears a small crown above the letter, and dressed letters (``N'``,
    ``N!``) show their suffix, so every one of XBoard's 78 letters gets a distinct picture.
    """
    fill, ink, contrast = COLOURS[side]
    text = letter.lstrip("+") or "?"
    size = 54 if len(text) == 1 else 42
    parts = [
        f'<circle cx="50" cy="54" r="34" fill="{fill}" stroke="{ink}" stroke-width="3"/>',
        f'<circle cx="50" cy="54" r="28" fill="none" stroke="{contrast}" stroke-width="1.6"/>',
        f'<text x="50" y="{54 + size * 0.36:.1f}" text-anchor="middle" '
        f'font-family="DejaVu Sans, Helvetica, Arial, sans-serif" font-weight="bold" '
        f'font-size="{size}" fill="{contrast}">{_escape(text)}</text>',
    ]
    if royal:
        parts.append(f'<path d="M34 22L30 8L41 15L50 4L59 15L70 8L66 22Z" fill="{fill}" '
                     f'stroke="{ink}" stroke-width="2.6" stroke-linejoin="round"/>')
    return (f'<svg xmlns="{SVG_NS}" version="1.1" viewBox="0 0 100 100" width="100" '
            f'height="100">' + "".join(parts) + "</svg>")


__all__ = ["PIECES_DIR", "COLOURS", "ArtError", "builtin_names", "is_builtin", "builtin_svg",
           "recolour", "letter_svg"]

"""The start position as an SVG board: the squares, the pieces in their pictures, the holes, and
each side's hand below the board, drawn like ``formats.svg``'s move diagrams (same cell size,
colours and coordinates). Plain text, no Qt, for the rules page.

Piece pictures are inlined (the built-in drawings, a piece's own embedded picture, or the
letter token the window draws for a piece without one), so the page needs no other file.
"""

from __future__ import annotations

import re
from html import escape

from ..errors import DesignerError
from ..variant.fen import Setup, base_letter, side_of
from ..variant.images import BUILTIN, EMBEDDED, choose_image
from ..variant.model import Variant
from ..variant.piece_art import builtin_svg, letter_svg
from ..vocabulary import BLACK, WHITE, Side
from ..formats.svg import CELL, DARK, LIGHT, MARGIN, cell_xy, coordinates

__all__ = ["picture", "render_setup"]

_ROOT = re.compile(r"<svg\b[^>]*>")
_XMLNS = re.compile(r'\s+xmlns(:\w+)?="[^"]*"')


def picture(v: Variant, letter: str, side: Side, x: float, y: float, size: float) -> str:
    """Piece ``letter``'s picture for ``side`` as an SVG element at (x, y), ``size`` wide:
    a nested ``<svg>`` (without namespace declarations, which inline SVG in HTML needs none
    of) or an ``<image>`` of the piece's own embedded picture."""
    p = v.piece(letter)
    try:
        choice = choose_image(p, v) if p is not None else None
    except DesignerError:
        choice = None
    if choice is not None and choice.kind == EMBEDDED:
        return (f'<image x="{x:.1f}" y="{y:.1f}" width="{size:.1f}" height="{size:.1f}" '
                f'href="{escape(choice.source)}"/>')
    text = ""
    if choice is not None and choice.kind == BUILTIN:
        try:
            text = builtin_svg(choice.source, side)
        except DesignerError:
            text = ""
    if not text:
        text = letter_svg(letter, side, p.royal if p is not None else False)
    text = _XMLNS.sub("", text)
    m = _ROOT.search(text)
    if m is None:
        return ""
    opening = re.sub(r'\s(?:x|y|width|height)="[^"]*"', "", m.group(0))
    opening = opening[:-1] + (f' x="{x:.1f}" y="{y:.1f}" width="{size:.1f}" '
                              f'height="{size:.1f}">')
    if "viewBox" not in opening:
        opening = opening[:-1] + ' viewBox="0 0 100 100">'
    body = text[m.end():]
    if letter.startswith("+"):      # a promoted form: the partner's picture with a red mark
        body = body.replace("</svg>", '<circle cx="86" cy="14" r="11" fill="#dc2626"/></svg>')
    return opening + body


def _token(token: str) -> tuple[str, Side]:
    return base_letter(token), side_of(token)


def render_setup(v: Variant, setup: Setup) -> str:
    """The SVG text of ``setup`` on ``v``'s board, with the hands when it has any."""
    files, ranks = v.files, v.ranks
    hand = list(setup.hand or ())
    hand_rows = 2 if hand or v.holdings else 0
    width = MARGIN * 2 + files * CELL
    height = MARGIN * 2 + ranks * CELL + hand_rows * (CELL + 8) + (8 if hand_rows else 0)
    out = [f'<svg width="{width}" height="{height}" viewBox="0 0 {width} {height}" '
           f'font-family="sans-serif" font-size="12" role="img" class="setup">',
           f"<title>{escape(v.name)}: the start position</title>"]
    for r in range(ranks):
        for f in range(files):
            x, y = cell_xy(ranks, f, r)
            if (f, r) in setup.holes:
                out.append(f'<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="#fff" '
                           'stroke="#ccc" class="hole"/>')
                continue
            out.append(f'<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" '
                       f'fill="{LIGHT if (f + r) % 2 else DARK}"/>')
    for (f, r), token in sorted(setup.board.items()):
        x, y = cell_xy(ranks, f, r)
        letter, side = _token(token)
        out.append(picture(v, letter, side, x + 2, y + 2, CELL - 4))
    out += coordinates(files, ranks)
    if hand_rows:
        top = MARGIN + ranks * CELL + 24
        sides: tuple[Side, Side] = (WHITE, BLACK)
        for row, owner in enumerate(sides):
            y = top + row * (CELL + 8)
            mine = [t for t in hand if side_of(t) == owner]
            label = "White's hand" if owner == WHITE else "Black's hand"
            out.append(f'<text x="{MARGIN}" y="{y + CELL * 0.6}" class="hand">{label}'
                       f'{": empty" if not mine else ""}</text>')
            for i, token in enumerate(mine):
                letter, s = _token(token)
                out.append(picture(v, letter, s, MARGIN + 100 + i * (CELL - 4), y, CELL - 6))
    out.append("</svg>")
    return "\n".join(out) + "\n"

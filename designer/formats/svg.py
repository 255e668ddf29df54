"""SVG board diagram of one piece's targets, coloured by modality class, with a legend.

Written as plain text (no Qt), for rule pages; the GUI may convert it to PNG. The targets come
from the move generator, so the picture shows exactly what the board canvas shows.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..geometry.board import file_letter
from ..vocabulary import BLACK, WHITE, MoveKind, Square

from html import escape

from ..engine.compile import compile_piece
from ..engine.generate import generate
from ..engine.position import Placed, PieceBoard
from ..engine.moves import CLASSES
from ..notation import parse
from ..variant.model import PieceType, Variant

EXTENSIONS = (".svg",)
CELL = 40
MARGIN = 24
LIGHT, DARK = "#f0d9b5", "#b58863"
COLOURS: dict[MoveKind, str] = {
    "move": "#3b82f6", "capture": "#ef4444", "move-capture": "#22c55e", "hop-move": "#a855f7",
    "hop-capture": "#d946ef", "locust": "#f97316", "destroy": "#78716c", "unload": "#14b8a6",
    "ep": "#eab308", "castling": "#0ea5e9", "drop": "#84cc16", "null": "#64748b"}
LABELS: dict[MoveKind, str] = {
    "move": "move only", "capture": "capture only", "move-capture": "move or capture",
    "hop-move": "hop, then move", "hop-capture": "hop, then capture",
    "locust": "captures on the way", "destroy": "destroys a friend", "unload": "unloads",
    "ep": "en passant", "castling": "castling", "drop": "drop", "null": "pass"}


def svg_open(width: int, height: int, title: str) -> list[str]:
    """The opening of a board picture: the svg element and its title."""
    return [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
            f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="12">',
            f"<title>{escape(title)}</title>"]


def cell_xy(ranks: int, f: int, r: int) -> tuple[int, int]:
    """The top-left corner of square (f, r), White at the bottom."""
    return MARGIN + f * CELL, MARGIN + (ranks - 1 - r) * CELL


def coordinates(files: int, ranks: int) -> list[str]:
    """File letters under the board and rank numbers to its left."""
    out = []
    for f in range(files):
        x, _ = cell_xy(ranks, f, 0)
        out.append(f'<text x="{x + CELL / 2}" y="{MARGIN + ranks * CELL + 16}" '
                   f'text-anchor="middle">{file_letter(f)}</text>')
    for r in range(ranks):
        _, y = cell_xy(ranks, 0, r)
        out.append(f'<text x="{MARGIN - 6}" y="{y + CELL * 0.6}" text-anchor="end">{r + 1}'
                   '</text>')
    return out


def targets(piece: PieceType, files: int, ranks: int, square: tuple[int, int],
            friends: Iterable[Square] = (), foes: Iterable[Square] = ()
            ) -> dict[Square, set[MoveKind]]:
    """Destination -> modality classes of the piece's moves from ``square``."""
    pieces = {sq: Placed(WHITE) for sq in friends}
    pieces.update({sq: Placed(BLACK) for sq in foes})
    pos = PieceBoard(files, ranks, pieces)
    program = compile_piece(parse(piece.notation, piece.dialect))
    out: dict[Square, set[MoveKind]] = {}
    for m in generate(program, pos, square, WHITE, True, piece.royal):
        out.setdefault(m.destination, set()).add(m.kind)
    return out


def render(v: Variant, letter: str, square: tuple[int, int] | None = None,
           friends: Iterable[Square] = (), foes: Iterable[Square] = ()) -> str:
    """The SVG text: the board, the piece on ``square`` (default: the centre), every target
    square filled with the colours of its classes, and a legend of the classes shown."""
    p = v.piece(letter)
    if p is None:
        raise KeyError(f"no piece {letter} in {v.name}")
    files, ranks = v.files, v.ranks
    square = square or ((files - 1) // 2 + (files % 2 == 0), (ranks - 1) // 2)   # e4 on 8x8
    found = targets(p, files, ranks, square, friends, foes)
    used = [c for c in CLASSES if any(c in k for k in found.values())]
    width = MARGIN * 2 + files * CELL + 200
    height = max(MARGIN * 2 + ranks * CELL, MARGIN * 2 + 24 * (len(used) + 2))
    out = svg_open(width, height, f"{p.name or p.letter} ({p.notation}) on {v.name}")

    def xy(f: int, r: int) -> tuple[int, int]:
        return cell_xy(ranks, f, r)

    for r in range(ranks):
        for f in range(files):
            x, y = xy(f, r)
            out.append(f'<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" '
                       f'fill="{LIGHT if (f + r) % 2 else DARK}"/>')
    for (f, r), kinds in sorted(found.items()):
        x, y = xy(f, r)
        ks = [k for k in CLASSES if k in kinds]
        w = CELL / len(ks)
        for i, k in enumerate(ks):
            out.append(f'<rect x="{x + i * w:.1f}" y="{y}" width="{w:.1f}" height="{CELL}" '
                       f'fill="{COLOURS[k]}" fill-opacity="0.75" class="target {k}"/>')
    for sq, colour in [(s, "#fff") for s in friends] + [(s, "#000") for s in foes]:
        x, y = xy(*sq)
        out.append(f'<circle cx="{x + CELL / 2}" cy="{y + CELL / 2}" r="{CELL / 4}" '
                   f'fill="{colour}" stroke="#444"/>')
    x, y = xy(*square)
    out.append(f'<text x="{x + CELL / 2}" y="{y + CELL * 0.68}" text-anchor="middle" '
               f'font-size="{CELL // 2}" font-weight="bold">{escape(p.letter)}</text>')
    out += coordinates(files, ranks)
    lx = MARGIN * 2 + files * CELL
    out.append(f'<text x="{lx}" y="{MARGIN + 12}" font-weight="bold">'
               f'{escape(p.name or p.letter)}: {escape(p.notation)}</text>')
    for i, k in enumerate(used):
        y = MARGIN + 24 * (i + 1)
        out.append(f'<rect x="{lx}" y="{y}" width="16" height="16" fill="{COLOURS[k]}"/>')
        out.append(f'<text x="{lx + 22}" y="{y + 12}" class="legend">{LABELS[k]}</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"

"""The engine-side lines an engine sends XBoard to define a variant (formats.md §1.2-1.3):
``setup (PTC) WxH+S_parent FEN`` followed by one ``piece L& betza`` per piece.

For engine authors: paste them into the engine's output. Reading them back gives the board,
the table's letters and slots, the setup and every piece's moves.
"""

from __future__ import annotations

import re

from ..variant.model import MAX_PIECE_TYPES, Variant
from .errors import FormatError
from .ptc import build_table
from .xboard_common import geometry, parse_geometry, variant_from_xboard, xboard_betza

EXTENSIONS = (".eng", ".txt")
MAX_LINES = 1000


def write(v: Variant) -> str:
    """The ``setup`` line then the ``piece`` lines (pieces XBoard cannot read are left out)."""
    lines = [f"setup ({build_table(v.pieces)}) {geometry(v)} {v.setup}".rstrip()]
    for p in v.pieces:
        text = xboard_betza(p)
        if text is not None:
            lines.append(f"piece {p.letter}& {text}")
    return "\n".join(lines) + "\n"


_SETUP = re.compile(r"setup\s+(?:\((\S*)\)\s+)?(?:([0-9]+x[0-9]+\+[0-9]+(?:_\S+)?)\s+)?(.*)")
_PIECE = re.compile(r"piece\s+(\+?[A-Za-z]['!]?)(&?)\s+(\S*)\s*")


def read(text: str, file: str = "", name: str = "") -> Variant:
    """The variant defined by ``setup`` and ``piece`` lines (other lines are ignored, as an
    engine's output also carries other commands)."""
    table = geom = fen = None
    setup_line = 0
    men: list[str] = []
    for no, raw in enumerate(text.split("\n"), 1):
        if no > MAX_LINES:
            raise FormatError(f"more than {MAX_LINES} lines", file, no)
        line = raw.strip()
        if line.startswith("setup "):
            m = _SETUP.fullmatch(line)
            if not m:
                raise FormatError("bad setup line", file, no)
            table, geom, fen = m[1], m[2], m[3].strip() or None
            setup_line = no
        elif line.startswith("piece "):
            if len(men) >= MAX_PIECE_TYPES:
                raise FormatError(f"more than {MAX_PIECE_TYPES} piece lines (a variant has at "
                                  f"most {MAX_PIECE_TYPES} piece types)", file, no)
            m = _PIECE.fullmatch(line)
            if not m:
                raise FormatError(f"bad piece line {line[:60]!r}", file, no)
            # '&' = both colours; without it an upper-case letter is white's only, which our
            # model (one definition per type) reads the same way
            men.append(f"{m[1].upper() if m[2] else m[1]}:{m[3]}")
    if setup_line == 0:
        raise FormatError("no 'setup' line: not an engine variant definition", file, 1)
    files = ranks = None
    holdings, parent = 0, "fairy"
    if geom:
        files, ranks, holdings, parent = parse_geometry(geom, file, setup_line)
    return variant_from_xboard(name or parent, parent, files, ranks, holdings, table, fen,
                               ";".join(men) or None, file, setup_line)

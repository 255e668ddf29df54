"""The engine-side lines an engine sends XBoard to define a variant (the protocol's ``setup``
and ``piece`` commands, read by moves.c ``LoadPieceDesc``): ``setup (PTC) WxH+S_parent FEN``
followed by one ``piece L& betza`` per piece.

For engine authors: paste them into the engine's output. Reading them back gives the board,
the table's letters and slots, the setup and every piece's moves.
"""

from __future__ import annotations

import re

from dataclasses import replace

from ..variant.fen import empty_fen
from ..variant.model import MAX_PIECE_TYPES, PieceType, Variant
from .errors import FormatError
from .parents import choose_parent, with_parent_slots
from .ptc import build_table
from .from_xboard import variant_from_xboard
from .xboard_common import geometry, parse_geometry, xboard_betza

EXTENSIONS = (".eng", ".txt")
MAX_LINES = 1000


# Slots XBoard's generator gives no moves outside the shogi family (moves.c GenPseudoLegal has
# no case for them): a piece without moves goes there, as a piece command cannot be empty.
_STILL_SLOTS = tuple(s for s in range(22, 65) if s not in (25, 46, 47))


def _pieces_for_table(v: Variant) -> tuple[PieceType, ...]:
    """The pieces with their slots: the parent's where it has the piece, a slot without moves
    for a piece that has none (it gets no ``piece`` line)."""
    choice = choose_parent(v)
    pieces = with_parent_slots(v, choice)
    pinned = {p.slot for p in pieces if p.slot is not None}
    free = iter(s for s in _STILL_SLOTS if s not in pinned)
    out = []
    for p in pieces:
        if p.slot is None and xboard_betza(p) == "" and choice.name not in ("shogi", "chu"):
            p = replace(p, slot=next(free, None))
        out.append(p)
    return tuple(out)


def write(v: Variant) -> str:
    """The ``setup`` line then the ``piece`` lines (pieces XBoard cannot read, and pieces
    without moves, have none; see ``problems``). A variant without a start position gets an
    empty board of its size, as the ``setup`` command needs a FEN."""
    fen = v.setup or empty_fen(v.files, v.ranks)
    lines = [f"setup ({build_table(_pieces_for_table(v))}) {geometry(v)} {fen}"]
    for p in v.pieces:
        text = xboard_betza(p)
        if text:
            lines.append(f"piece {p.letter}& {text}")
    return "\n".join(lines) + "\n"


_SETUP = re.compile(r"setup\s+(?:\((\S*)\)\s+)?(?:([0-9]+x[0-9]+\+[0-9]+(?:_\S+)?)(?:\s+|$))?(.*)")
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

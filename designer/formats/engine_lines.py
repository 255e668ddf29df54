"""The engine-side lines an engine sends XBoard to define a variant (the protocol's ``setup``
and ``piece`` commands, read by moves.c ``LoadPieceDesc``): ``setup (PTC) WxH+S_parent FEN``
followed by one ``piece L& betza`` per piece.

For engine authors: paste them into the engine's output. Reading them back gives the board,
the table's letters and slots, the setup and every piece's moves.

What the lines cannot hold is dropped, never changed, and ``dropped`` says what (shown on
export): names, pictures and notes (a piece is its letter), the move groups without an XBetza
form, and the promotion choices when the parent is ``fairy`` (XBoard leaves promotion in an
engine-defined variant to the engine, so the reader makes none up). Read back, a piece has no
name: XBoard's picture for its slot is not its name (a Camel may wear the Lance's). A named
parent brings its
own promotion rules; the writer names one only when they are the variant's own (otherwise
``fairy``), so reading the lines back never gives a piece promotions it did not have.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from dataclasses import replace

from ..variant.model import MAX_PIECE_TYPES, ModelProblem, PieceType, Variant
from ..vocabulary import WARNING
from .errors import FormatError
from .parents import choose_parent, with_parent_slots
from .ptc import build_table
from .from_xboard import variant_from_xboard
from .xboard_common import geometry, parse_geometry, xboard_betza, xboard_setup

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
    without moves, have none; see ``dropped``). A variant without a start position gets an
    empty board of its size, as the ``setup`` command needs a FEN. Promotion and holdings
    are the rule set's (its XBoard view, ``variant.derive.projected``)."""
    if v.rule_set is not None:
        from ..variant.derive import projected
        v = projected(v)
    text = _lines(v, geometry(v))
    if not geometry(v).endswith("_fairy") and not _same_promotions(v, read(text)):
        # the parent's promotion rules are not the variant's: XBoard's generic fairy rules
        # (promotion left to the engine) drop them instead of changing them
        text = _lines(v, f"{v.files}x{v.ranks}+{v.holdings}_fairy")
    return text


def _lines(v: Variant, geom: str) -> str:
    fen = xboard_setup(v)
    lines = [f"setup ({build_table(_pieces_for_table(v))}) {geom} {fen}"]
    for p in v.pieces:
        text = xboard_betza(p)
        if text:
            lines.append(f"piece {p.letter}& {text}")
    return "\n".join(lines) + "\n"


def _promotion(v: Variant, p: PieceType | None) -> tuple[tuple[str, ...], str, int, bool]:
    """What a piece's promotion is, with its zone as the variant's default fills it in."""
    if p is None or not (p.promotions or p.promotes_to):
        return (), "", 0, False
    return (tuple(sorted(p.promotions)), p.promotes_to, p.promotion_zone or v.promotion_zone,
            p.mandatory_promotion)


def _same_promotions(v: Variant, back: Variant) -> bool:
    """Whether every piece read back promotes as in ``v`` or not at all (dropped)."""
    for p in back.pieces:
        got = _promotion(back, p)
        if got[:2] != ((), "") and got != _promotion(v, v.piece(p.letter)):
            return False
    return True


def dropped(v: Variant) -> list[ModelProblem]:
    """What the lines of ``v`` cannot hold, piece by piece (moves without an XBetza form are
    ``xboard_limits``' warnings): promotions the reader will not find and what every piece
    loses beyond its letter and moves."""
    out: list[ModelProblem] = []
    back = read(write(v))
    for p in v.pieces:
        mine, theirs = _promotion(v, p), _promotion(back, back.piece(p.letter))
        if mine != theirs:
            to = ", ".join(p.promotions) or p.promotes_to
            out.append(ModelProblem(p.letter, "promotions", f"engine lines cannot say that "
                                    f"{p.letter} promotes to {to} (XBoard leaves promotion in "
                                    f"an engine-defined variant to the engine): left out",
                                    severity=WARNING))
    def listed(ps: list[PieceType], how: Callable[[PieceType], str]) -> str:
        words = [how(p) for p in ps[:6]]
        return ", ".join(words) + (f" and {len(ps) - 6} more" if len(ps) > 6 else "")

    nameless = [p for p in v.pieces if p.name]
    if nameless:
        out.append(ModelProblem("", "pieces", "engine lines carry no names: "
                                f"{listed(nameless, lambda p: f'{p.letter} {p.name}')} come "
                                "back as their letters", severity=WARNING))
    extras = [p for p in v.pieces if p.image or p.notes]
    if extras:
        out.append(ModelProblem("", "pieces", "engine lines carry no pictures or notes: those "
                                f"of {listed(extras, lambda p: p.letter)} are left out",
                                severity=WARNING))
    if v.name != back.name or v.description or v.rules or v.author:
        out.append(ModelProblem("", "name", "engine lines carry no variant name, description, "
                                "rules text or author: left out", severity=WARNING))
    return out


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
    v = variant_from_xboard(name or parent, parent, files, ranks, holdings, table, fen,
                            ";".join(men) or None, file, setup_line)
    # the lines name no piece (XBoard's picture for a slot is no name: a Camel may wear the
    # Lance's); in a fairy game promotion is the engine's: no choices are made up here
    fairy = v.parent == "fairy"
    return replace(v, pieces=tuple(replace(p, name="", promotions=() if fairy else
                                           p.promotions) for p in v.pieces))

"""From a variant file to the probe board and back (File > Open / Save of the window).

A variant's start position becomes the probe pieces (White's pieces are friends, Black's foes)
and the selected piece stands on its first square in that position, so opening a variant shows
the piece's real moves at the start of a game. Saving writes the native format (an XBoard options
file, ``designer.formats.xboard_ini``) with the edited definition.
"""

from __future__ import annotations

from dataclasses import replace

from ..notation.errors import DesignerError
from .session import FOE, FRIEND, BoardState

from ..vocabulary import Square


def load(path: str):
    """The variant in ``path``, in any readable format (FormatError on problems)."""
    from ..formats.registry import read_any
    return read_any(path)


def _setup(variant):
    if not variant.setup:
        return None
    try:
        from ..variant.fen import parse_fen
        return parse_fen(variant.setup, variant.files, variant.ranks)
    except (DesignerError, ValueError):   # a bad FEN still opens: the board is just empty
        return None


def _letter(token: str) -> str:
    from ..variant.fen import base_letter
    return base_letter(token)


def origin_of(variant, letter: str, state: BoardState) -> Square | None:
    """White's first square holding ``letter`` in the start position, else None."""
    from ..variant.fen import side_of
    setup = _setup(variant)
    if setup is None:
        return None
    for sq in sorted(setup.board, key=lambda s: (s[1], s[0])):
        token = setup.board[sq]
        if _letter(token).upper() == letter.upper() and side_of(token) == "white":
            return sq
    return None


def probes_of(variant, origin: Square | None) -> tuple:
    """The start position as probes seen by White, without the piece on ``origin``."""
    setup = _setup(variant)
    if setup is None:
        return ()
    from ..variant.fen import side_of
    out = []
    for sq, token in setup.board.items():
        if sq == origin:
            continue
        role = FRIEND if side_of(token) == "white" else FOE
        out.append((sq, role, _letter(token).upper()))
    return tuple(sorted(out))


def state_for(variant, select: str | None, current: BoardState) -> BoardState:
    """The board state showing ``select`` (or the first piece) of ``variant``."""
    pieces = variant.pieces
    pt = (variant.piece(select) if select else None) or (pieces[0] if pieces else None)
    files, ranks = variant.files, variant.ranks
    base = replace(current, files=files, ranks=ranks, holes=frozenset(), ep=None, probes=())
    if pt is None:
        return replace(base, origin=(files // 2, ranks // 2))
    origin = origin_of(variant, pt.letter, base)
    if origin is None:
        origin = (min(current.origin[0], files - 1), min(current.origin[1], ranks - 1))
    return replace(base, text=pt.notation, dialect=pt.dialect, letter=pt.letter, name=pt.name,
                   origin=origin, probes=probes_of(variant, origin), virgin=True)


def save(path: str, variant, state: BoardState):
    """Write ``variant`` with the edited piece (a one-piece variant when none is open)."""
    from ..formats import xboard_ini
    variant = merged(variant, state)
    xboard_ini.save(path, variant)
    return variant


def merged(variant, state: BoardState):
    """``variant`` with the piece being edited put back in (a one-piece variant if none)."""
    from ..variant.model import PieceType, Variant
    if variant is None:
        variant = Variant(name=state.name or "Untitled", files=state.files, ranks=state.ranks)
    letter = state.letter if state.letter[:1].isalpha() else "X"   # '?' marks "no letter yet"
    old = variant.piece(letter)
    piece = replace(old, notation=state.text, dialect=state.dialect) if old else \
        PieceType(letter, state.name, state.text, state.dialect)
    return variant.with_piece(piece)

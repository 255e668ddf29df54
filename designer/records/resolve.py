"""A move's SAN both ways against the position's legal moves: ``resolve``/``read_san`` find the
one move a text names (or say why none, or which ones it could mean, ``why``), and ``san`` writes
the text of a move that reads back as that move and no other. Above the writer (``san``) and
the reader (``san_read``), so that each stays free of the other.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..game.game import Game, Move
from .san import body, mark
from .san_read import SanError, SanText, as_legs, candidates, parse_san
from .style import Style, style_for
from .why import explain


def resolve(game: Game, st: SanText, style: Style,
            legal: Sequence[Move] | None = None) -> Move:
    """The one legal move ``st`` names (SanError saying why there is none, or which ones
    the text could mean)."""
    legal = game.legal_moves() if legal is None else legal
    cands = candidates(game, st, style, legal)
    legs = as_legs(st)
    if not cands and legs is not None:
        cands = candidates(game, legs, style, legal)
        st = legs if cands else st
    if len(cands) == 1:
        return cands[0]
    if not cands:
        raise SanError(st.text, explain(game, st, style, legal))
    picked = _default(cands, st, style)
    if picked is not None:
        return picked
    if st.wall is None and len({m._replace(wall=-1) for m in cands}) == 1:
        example = body(game, cands[0], style, legal)
        raise SanError(st.text, f"the move places a wall: name its square after a comma "
                       f"(e.g. {example}); {len(cands)} squares are possible")
    names = sorted({body(game, m, style, legal, "square", True) for m in cands})
    raise SanError(st.text, "ambiguous: it could be " + ", ".join(names))


def _default(cands: list[Move], st: SanText, style: Style) -> Move | None:
    """One move among those that differ only in their promotion, as XBoard's parser picks it
    when the text names none: no promotion where legal, else the Shogi-style one, else the
    Queen; None when the text names several different moves."""
    paths = {(m.origin, m.via, m.target, m.kills) for m in cands}
    if len(paths) != 1 or st.promotion is not None:
        return None
    plain = [m for m in cands if not m.promotion]
    if len(plain) == 1:
        return plain[0]
    shogi = [m for m in cands if m.promotion.startswith("+")]
    if len(shogi) == 1:
        return shogi[0]
    queen = [m for m in cands if style.written(m.promotion) == "Q"]
    return queen[0] if len(queen) == 1 else None


def read_san(game: Game, text: str, style: Style | None = None,
             legal: Sequence[Move] | None = None) -> Move:
    """The legal move ``text`` names in ``game``'s position (SanError otherwise)."""
    style = style or style_for(game.variant)
    return resolve(game, parse_san(text, style), style, legal)


_ESCALATION = (("", False), ("", True), ("file", True), ("rank", True), ("square", True))


def san(game: Game, move: Move, style: Style | None = None, legal: Sequence[Move] | None = None,
        marks: bool = True) -> str:
    """``move`` (legal in ``game``'s position) in SAN as XBoard writes it, with ``+``/``#``
    when ``marks``; our reader reads it back as this move."""
    style = style or style_for(game.variant)
    legal = game.legal_moves() if legal is None else legal
    for extra, explicit in _ESCALATION:
        text = body(game, move, style, legal, extra, explicit)
        try:
            if resolve(game, parse_san(text, style), style, legal) == move:
                break
        except SanError:
            continue
    else:
        text = body(game, move, style, legal)
    return text + (mark(game, move, style) if marks else "")


__all__ = ["resolve", "read_san", "san"]

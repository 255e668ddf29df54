"""SAN read as XBoard 4.9.1's parser reads it (``parser.c: NextUnit``, ``PromoSuffix``), then
resolved against the legal moves of the position.

Accepted, as XBoard accepts them: a ``+`` before a promoted piece's letter, a dressed letter
(``N'``), origin hints (file, rank or both), ``-``/``x``/``:`` between squares, further legs
(``Nxf6xg7``, ``Nxf6-e5``), promotions ``=Q``, ``Q``, ``(Q)``, ``=+``, the Shogi ``+`` and ``=``,
drops ``P@e5`` / ``P*e5`` (a lower-case letter too), castling ``O-O``/``O-O-O``/``0-0``/``OO``,
check and mate marks, ``!?`` and ``e.p.``; a missing promotion means none where that is legal,
else the Shogi promotion or the Queen (XBoard's default). ``x`` is a file letter only on
boards of 24 files or more (XBoard never reads it as one).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import lru_cache
from collections.abc import Sequence
from typing import Literal

from ..notation.errors import DesignerError
from ..rules.game import Game, Move
from .style import Style

Kind = Literal["move", "drop", "castle", "pass"]
MAX_TEXT = 40                       # no SAN is longer; longer text is not read as a move
PASSES = frozenset({"--", "@@@@", "pass", "null", "Z0", "0000"})
_CASTLE = re.compile(r"(?P<c>O-O-O|O-O|0-0-0|0-0|OOO|OO|o-o-o|o-o|ooo|oo|000|00)"
                     r"(?P<marks>[+#]*)(?P<notes>[!?]*)")


class SanError(DesignerError):
    """Move text that names no legal move here: the text and the reason."""

    def __init__(self, text: str, reason: str):
        self.text = text
        self.reason = reason
        super().__init__(self.__str__())

    def __str__(self) -> str:
        return f"{self.text!r}: {self.reason}"


@dataclass(frozen=True, slots=True)
class SanText:
    """A move's text taken apart. Squares are (file, rank as written); ``promotion`` is None
    when not given, ``+`` (Shogi-style), ``=`` (declined) or a written letter."""

    text: str
    kind: Kind
    piece: str = ""
    origin_file: int | None = None
    origin_rank: int | None = None
    squares: tuple[tuple[int, int], ...] = ()
    promotion: str | None = None
    long: bool = False


@lru_cache(maxsize=8)
def _patterns(wide: bool) -> tuple[re.Pattern[str], re.Pattern[str]]:
    f = "[a-z]" if wide else "[a-wyz]"
    move = re.compile(
        rf"(?P<pro>\+)?(?P<piece>[A-Z][\'!]?)?(?P<ff>{f})?(?P<fr>[0-9]+)?(?P<sep>[-x:])?"
        rf"(?P<tf>{f})(?P<tr>[0-9]+)(?P<legs>(?:[-x:]{f}[0-9]+)*)"
        rf"(?P<promo>=[A-Z][\'!]?|=\+|=-|=|\+|-|\([A-Z]\)|[A-Z][\'!]?|[a-z](?![0-9]))?"
        r"(?P<marks>[+#]*)(?P<notes>[!?]*|e\.?p\.?)")
    drop = re.compile(rf"(?P<pro>\+)?(?P<piece>[A-Za-z][\'!]?)[@*](?P<tf>{f})(?P<tr>[0-9]+)"
                      r"(?P<marks>[+#]*)(?P<notes>[!?]*)")
    return move, drop


def parse_san(text: str, style: Style) -> SanText:
    """Take SAN apart (SanError when it is no move text at all)."""
    t = text.strip()
    if not t or len(t) > MAX_TEXT:
        raise SanError(t[:MAX_TEXT], "not a move")
    if t in PASSES:
        return SanText(t, "pass")
    m = _CASTLE.fullmatch(t)
    if m:
        return SanText(t, "castle", long=len(m["c"].replace("-", "")) == 3)
    move_re, drop_re = _patterns(style.files > 23)
    m = drop_re.fullmatch(t)
    if m:
        piece = ("+" if m["pro"] else "") + m["piece"][0].upper() + m["piece"][1:]
        return SanText(t, "drop", piece, squares=((_file(m["tf"]), int(m["tr"])),))
    m = move_re.fullmatch(t)
    if not m:
        raise SanError(t, "not a move in SAN (e.g. e4, Nf3, exd5, e8=Q, P@e5, O-O)")
    squares = [(_file(m["tf"]), int(m["tr"]))]
    for leg in re.finditer(r"[-x:]([a-z])([0-9]+)", m["legs"]):
        squares.append((_file(leg[1]), int(leg[2])))
    promo = m["promo"]
    if promo is not None:
        promo = promo.strip("()")
        if promo == "+" and not style.shogi:
            promo = None                  # outside Shogi a bare '+' marks a check
        elif promo in ("-", "=-"):
            promo = "-"                   # a demotion
        elif promo not in ("=", "+", "=+"):
            promo = promo.lstrip("=")
            promo = promo[0].upper() + promo[1:]
        elif promo == "=+":
            promo = "+"
    piece = ("+" if m["pro"] else "") + (m["piece"] or "")
    if m["pro"] and not m["piece"]:
        raise SanError(t, "a '+' must come before a piece letter")
    return SanText(t, "move", piece, _file(m["ff"]) if m["ff"] else None,
                   int(m["fr"]) if m["fr"] else None, tuple(squares), promo)


def _file(letter: str) -> int:
    return ord(letter) - ord("a")


# -- resolving --------------------------------------------------------------------------------
def square_index(game: Game, sq: tuple[int, int], style: Style, text: str) -> int:
    f, number = sq
    r = number - style.rank_base
    geo = game.geo
    if not (0 <= f < geo.files and 0 <= r < geo.ranks):
        raise SanError(text, f"no square {chr(ord('a') + f)}{number} on this "
                       f"{geo.files}x{geo.ranks} board")
    return geo.square(f, r)


def our_letter(game: Game, st: SanText, style: Style) -> str | None:
    """Our letter for the piece the text names (None: the variant has none)."""
    ours = style.ours(st.piece)
    if ours is None or ours not in game.cfg.kinds.index:
        return None
    return ours


def candidates(game: Game, st: SanText, style: Style, legal: Sequence[Move],
               with_promotion: bool = True) -> list[Move]:
    """The legal moves the text can name (before promotion defaults)."""
    if st.kind == "pass":
        return [m for m in legal if m.origin == m.target and not m.kills and m.origin >= 0]
    if st.kind == "castle":
        return _castlings(game, legal, st.long)
    stops = tuple(square_index(game, s, style, st.text) for s in st.squares)
    if st.kind == "drop":
        letter = our_letter(game, st, style)
        return [m for m in legal if m.is_drop and m.drop == letter and m.target == stops[0]]
    allowed: frozenset[str] | None
    if st.piece:
        letter = our_letter(game, st, style)
        if letter is None:
            return []
        allowed = frozenset({letter})
    elif st.origin_file is not None and st.origin_rank is not None:
        allowed = None                   # a full origin names any piece (XBoard's parser)
    else:
        allowed = style.pawns or None
    geo = game.geo
    ofile = st.origin_file
    orank = None if st.origin_rank is None else st.origin_rank - style.rank_base
    out = []
    for m in legal:
        if m.is_drop:
            continue
        here = game.piece_at(m.origin)
        if here is None or (allowed is not None and here[0] not in allowed):
            continue
        if ofile is not None and geo.file_of[m.origin] != ofile or \
                orank is not None and geo.rank_of[m.origin] != orank:
            continue
        if not _same_path(game, m, stops):
            continue
        if with_promotion and not _promotion_fits(m, st.promotion, style):
            continue
        out.append(m)
    return out


def _same_path(game: Game, m: Move, stops: tuple[int, ...]) -> bool:
    if m.via + (m.target,) == stops:
        return True
    if m.origin != m.target or m.kills:
        return False
    # a pass: XBoard's null move of the piece (Nxe5, Ne5-e5), or out to any empty
    # neighbour and back (Nf6-e5): one move, whichever square it names
    if len(stops) == 1 or len(stops) == 2 and stops[0] == m.origin:
        return stops[-1] == m.origin
    return len(stops) == 2 and stops[1] == m.origin and len(m.via) == 1 and \
        game.piece_at(stops[0]) is None


def _promotion_fits(m: Move, promo: str | None, style: Style) -> bool:
    if promo is None:
        return True
    if promo == "=":
        return not m.promotion
    if promo == "+":
        return m.promotion.startswith("+") or (style.shogi and m.promotion[:1] not in ("", "-"))
    if promo == "-":
        return m.promotion.startswith("-")
    return bool(m.promotion) and style.written(m.promotion).upper() == promo.upper()


def _castlings(game: Game, legal: Sequence[Move], long: bool) -> list[Move]:
    """O-O castles towards the h-side, O-O-O towards the a-side, except for a king left of
    the middle (XBoard's ``wild`` castling from the d-file: its O-O goes to the a-side)."""
    geo = game.geo
    out = []
    for m in legal:
        if m.rook < 0:
            continue
        king = geo.file_of[m.origin]
        towards_h = geo.file_of[m.rook] > king
        if king < (geo.files - 1) / 2:
            towards_h = not towards_h
        if towards_h != long:
            out.append(m)
    return out


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


def _straight(game: Game, st: SanText, cands: list[Move]) -> list[Move]:
    """A pawn's move written without its file (``g5``) among several: the step along its
    own file that takes nothing, when there is one. XBoard writes a pawn's move without the
    file only then (``CoordsToAlgebraic``: a Xiangqi soldier's sideways step is ``hg5``), and
    its parser gives the forward push priority (``Disambiguate``)."""
    if st.piece or st.origin_file is not None or st.origin_rank is not None or \
            st.kind != "move" or len(st.squares) != 1:
        return cands
    geo = game.geo
    straight = [m for m in cands if not m.via and not m.kills and
                geo.file_of[m.origin] == geo.file_of[m.target] and
                game.piece_at(m.target) is None]
    return straight or cands


def as_legs(st: SanText) -> SanText | None:
    """``Nf8-e9`` read as two legs (to f8, then e9: a Lion's pass) instead of a move from f8:
    XBoard writes a quiet first leg so, and its own parser reads the origin (``NextUnit``).
    None when the text has no full origin square."""
    if st.kind != "move" or not st.piece or st.origin_file is None or st.origin_rank is None:
        return None
    return replace(st, origin_file=None, origin_rank=None,
                   squares=((st.origin_file, st.origin_rank),) + st.squares)


def resolve(game: Game, st: SanText, style: Style,
            legal: Sequence[Move] | None = None, straight: bool = True) -> Move:
    """The one legal move ``st`` names (SanError saying why there is none, or which ones
    the text could mean); ``straight``: a pawn's move written without its file may name
    the step along its file among others (``_straight``)."""
    legal = game.legal_moves() if legal is None else legal
    cands = candidates(game, st, style, legal)
    legs = as_legs(st)
    if not cands and legs is not None:
        cands = candidates(game, legs, style, legal)
        st = legs if cands else st
    if len(cands) > 1 and st.kind == "move":
        # a King's step that a castling of one square also makes: the step (the castling
        # is written O-O or O-O-O)
        cands = [m for m in cands if m.rook < 0] or cands
    if len(cands) > 1 and straight:
        cands = _straight(game, st, cands)
    if len(cands) == 1:
        return cands[0]
    if not cands:
        from .why import explain
        raise SanError(st.text, explain(game, st, style, legal))
    picked = _default(cands, st, style)
    if picked is not None:
        return picked
    from .san import body
    names = sorted({body(game, m, style, legal, "square", True) for m in cands})
    raise SanError(st.text, "ambiguous: it could be " + ", ".join(names))


def read_san(game: Game, text: str, style: Style | None = None,
             legal: Sequence[Move] | None = None) -> Move:
    """The legal move ``text`` names in ``game``'s position (SanError otherwise)."""
    from .style import style_for
    style = style or style_for(game.variant)
    return resolve(game, parse_san(text, style), style, legal)


__all__ = ["SanError", "SanText", "parse_san", "resolve", "read_san", "candidates"]

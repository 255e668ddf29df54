"""SAN read as XBoard 4.9.1's parser reads it (``parser.c: NextUnit``, ``PromoSuffix``), and the
legal moves of the position it could name (the one it names: ``resolve``).

Accepted, as XBoard accepts them: a ``+`` before a promoted piece's letter, a dressed letter
(``N'``), origin hints (file, rank or both), ``-``/``x``/``:`` between squares, further legs
(``Nxf6xg7``, ``Nxf6-e5``), promotions ``=Q``, ``Q``, ``(Q)``, ``=+``, the Shogi ``+`` and ``=``,
drops ``P@e5`` / ``P*e5`` (a lower-case letter too), castling ``O-O``/``O-O-O``/``0-0``/``OO``,
check and mate marks, ``!?`` and ``e.p.``; a missing promotion means none where that is legal,
else the Shogi promotion or the Queen (XBoard's default). ``x`` is a file letter only on
boards of 24 files or more (XBoard never reads it as one).

Where walls are placed (Amazons' arrows, Duck chess), a move names its wall square after a
comma, before the check mark, as Fairy-Stockfish's SAN writes it (``Qh5,a4+``, ``O-O,b1``,
``P@e5,e4``; ``pyffish.get_san``): XBoard has no walls, and without it the text names as many
moves as there are squares to wall.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import lru_cache
from collections.abc import Sequence
from typing import Literal

from ..notation.errors import DesignerError
from ..game.game import Game, Move
from ..geometry.board import FILE_LETTERS, file_letter
from .style import Style

Kind = Literal["move", "drop", "castle", "pass"]
MAX_TEXT = 40                       # no SAN is longer; longer text is not read as a move
PASSES = frozenset({"--", "@@@@", "pass", "null", "Z0", "0000"})
_WALL = r"(?:,(?P<wf>[a-z])(?P<wr>[0-9]+))?"     # a wall square: Fairy-Stockfish's ",e3"
_CASTLE = re.compile(r"(?P<c>O-O-O|O-O|0-0-0|0-0|OOO|OO|o-o-o|o-o|ooo|oo|000|00)" + _WALL +
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
    wall: tuple[int, int] | None = None


@lru_cache(maxsize=8)
def _patterns(wide: bool) -> tuple[re.Pattern[str], re.Pattern[str]]:
    f = "[a-z]" if wide else "[a-wyz]"
    move = re.compile(
        rf"(?P<pro>\+)?(?P<piece>[A-Z][\'!]?)?(?P<ff>{f})?(?P<fr>[0-9]+)?(?P<sep>[-x:])?"
        rf"(?P<tf>{f})(?P<tr>[0-9]+)(?P<legs>(?:[-x:]{f}[0-9]+)*)"
        rf"(?P<promo>=[A-Z][\'!]?|=\+|=-|=|\+|-|\([A-Z]\)|[A-Z][\'!]?|[a-z](?![0-9]))?"
        + _WALL + r"(?P<marks>[+#]*)(?P<notes>[!?]*|e\.?p\.?)")
    drop = re.compile(rf"(?P<pro>\+)?(?P<piece>[A-Za-z][\'!]?)[@*](?P<tf>{f})(?P<tr>[0-9]+)"
                      + _WALL + r"(?P<marks>[+#]*)(?P<notes>[!?]*)")
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
        return SanText(t, "castle", long=len(m["c"].replace("-", "")) == 3, wall=_wall(m))
    move_re, drop_re = _patterns(style.files > 23)
    m = drop_re.fullmatch(t)
    if m:
        piece = ("+" if m["pro"] else "") + m["piece"][0].upper() + m["piece"][1:]
        return SanText(t, "drop", piece, squares=((_file(m["tf"]), int(m["tr"])),),
                       wall=_wall(m))
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
                   int(m["fr"]) if m["fr"] else None, tuple(squares), promo, wall=_wall(m))


def _file(letter: str) -> int:
    return FILE_LETTERS.index(letter)


def _wall(m: re.Match[str]) -> tuple[int, int] | None:
    return (_file(m["wf"]), int(m["wr"])) if m["wf"] else None


# -- resolving --------------------------------------------------------------------------------
def square_index(game: Game, sq: tuple[int, int], style: Style, text: str) -> int:
    f, number = sq
    r = number - style.rank_base
    geo = game.geo
    if not (0 <= f < geo.files and 0 <= r < geo.ranks):
        raise SanError(text, f"no square {file_letter(f)}{number} on this "
                       f"{geo.files}x{geo.ranks} board")
    return geo.square(f, r)


def our_letter(game: Game, st: SanText, style: Style) -> str | None:
    """Our letter for the piece the text names (None: the variant has none)."""
    ours = style.ours(st.piece)
    if ours is None or ours not in game.cfg.kinds.index:
        return None
    return ours


def candidates(game: Game, st: SanText, style: Style, legal: Sequence[Move],
               with_promotion: bool = True, with_wall: bool = True) -> list[Move]:
    """The legal moves the text can name (before promotion defaults); ``with_wall`` False:
    whatever wall square they place."""
    found = _candidates(game, st, style, legal, with_promotion)
    if not with_wall or st.wall is None:
        return found
    wall = square_index(game, st.wall, style, st.text)
    walled = [m for m in found if m.wall == wall]
    if walled:
        return walled
    rule = game.rules.walls
    if rule is not None and rule.wall_or_move:
        # a move that places no wall, as Fairy-Stockfish writes it where a side walls or
        # moves: its wall part names the first square (``Game.wall_text``)
        return [m for m in found if m.wall < 0 and wall == 0]
    return []


def _candidates(game: Game, st: SanText, style: Style, legal: Sequence[Move],
                with_promotion: bool) -> list[Move]:
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


def as_legs(st: SanText) -> SanText | None:
    """``Nf8-e9`` read as two legs (to f8, then e9: a Lion's pass) instead of a move from f8:
    XBoard writes a quiet first leg so, and its own parser reads the origin (``NextUnit``).
    None when the text has no full origin square."""
    if st.kind != "move" or not st.piece or st.origin_file is None or st.origin_rank is None:
        return None
    return replace(st, origin_file=None, origin_rank=None,
                   squares=((st.origin_file, st.origin_rank),) + st.squares)


__all__ = ["SanError", "SanText", "parse_san", "candidates", "as_legs"]

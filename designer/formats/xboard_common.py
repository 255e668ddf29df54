"""What the XBoard-facing formats share: the ``-men`` / ``VariantMen`` string, the board
geometry line, the limits XBoard 4.9 has, and building a model from XBoard's own settings.
"""

from __future__ import annotations

from dataclasses import replace

from ..notation import (BETZA2, XBETZA, NotationError, Piece, Spec, format_piece, parse, to_xboard,
                        xboard_warnings)
from ..notation.ast import Path
from ..vocabulary import DIALECT_TITLES, WARNING, Dialect
from ..variant.fen import fields
from ..variant.model import MAX_PIECE_TYPES, ModelProblem, PieceType, Variant
from .errors import FormatError
from .from_xboard import parse_men, variant_from_xboard  # noqa: F401  (re-exported)

XB_MAX_FILES = 16
XB_MAX_FILES_DROPS = 12
XB_MAX_RANKS = 15
XB_MAX_TYPES = MAX_PIECE_TYPES      # the model allows no more than XBoard has slots


def xboard_betza(p: PieceType) -> str | None:
    """The piece's moves in the form XBoard 4.9 reads as we do (only the move groups that
    have an XBetza form, see ``xboard_form``), or None when no group has one."""
    return xboard_form(p)[0]


_FORM_CACHE: dict[tuple[str, str], tuple[str | None, tuple[tuple[int, int], ...]]] = {}


def xboard_form(p: PieceType) -> tuple[str | None, tuple[tuple[int, int], ...]]:
    """(XBetza text, spans of the move groups left out). A definition that translates as a
    whole has no spans left out; otherwise each move group is translated on its own and the
    ones without an XBetza form (e.g. Betza 2.0 chains of different atoms) are left out."""
    key = (p.notation, p.dialect)
    if key not in _FORM_CACHE:
        if len(_FORM_CACHE) > 4096:
            _FORM_CACHE.clear()
        _FORM_CACHE[key] = _form(p.notation, p.dialect)
    return _FORM_CACHE[key]


def _form(text: str, dialect: Dialect) -> tuple[str | None, tuple[tuple[int, int], ...]]:
    try:
        return to_xboard(text, dialect), ()
    except (NotationError, RecursionError, ImportError, ValueError):
        pass
    try:
        piece = parse(text, dialect)
    except (NotationError, RecursionError, ValueError):
        return None, ((0, len(text)),)
    kept: list[Path] = []
    dropped: list[tuple[int, int]] = []
    for path in piece.groups:
        try:
            one = format_piece(Piece(piece.dialect, Spec((path,))))
            kept += parse(to_xboard(one, piece.dialect)).groups
        except (NotationError, RecursionError, ImportError, ValueError):
            dropped.append((path.span[0], path.span[1]))
    if not kept:
        return None, tuple(dropped) or ((0, len(text)),)
    try:
        return to_xboard(format_piece(Piece(XBETZA, Spec(tuple(kept))))), tuple(dropped)
    except (NotationError, RecursionError, ImportError, ValueError):
        return None, ((0, len(text)),)


def xboard_setup(v: Variant) -> str:
    """The start position as XBoard is told it: the setup, with no castling rights when the
    rule set has no castling (XBoard would castle by the rights alone: its parents castle),
    an empty board when there is none (without -fen XBoard sets up the parent's own pieces).
    Gating variants keep the field: it holds their gating squares."""
    from ..variant.fen import FenError, empty_fen, parse_fen, write_fen
    fen = v.setup or empty_fen(v.files, v.ranks)
    rules = v.rule_set
    if rules is None or rules.castling is not None or rules.gating is not None:
        return fen
    try:
        setup = parse_fen(fen, v.files, v.ranks)
    except (FenError, ValueError):
        return fen
    if setup.castling in ("", "-"):
        return fen
    return write_fen(replace(setup, castling="-"))


def men_string(v: Variant, skip: frozenset[str] = frozenset()) -> str:
    """``L:betza;…`` for every piece XBoard can be told about (promoted ``+X`` as ``+X:``),
    except the letters in ``skip`` (pieces XBoard's generator already moves that way)."""
    parts = []
    for p in v.pieces:
        if p.letter in skip:
            continue
        text = xboard_betza(p)
        if text is not None:
            parts.append(f"{p.letter}:{text}")
    return ";".join(parts)


def geometry(v: Variant) -> str:
    """``WxH+S_parent`` as an engine's ``setup`` command gives it, with the parent and
    holdings ``choose_parent`` writes."""
    from .parents import choose_parent
    choice = choose_parent(v)
    return f"{v.files}x{v.ranks}+{choice.holdings}_{choice.name}"


def parse_geometry(text: str, file: str = "", line: int = 0) -> tuple[int, int, int, str]:
    """(files, ranks, holdings, parent) of ``WxH+S_parent`` (``+S`` and ``_parent`` optional;
    the parent is whatever follows the underscore, as XBoard's ``sscanf("%dx%d+%d_%s")``)."""
    import re
    m = re.fullmatch(r"([0-9]{1,3})x([0-9]{1,3})(?:\+([0-9]{1,3}))?(?:_(\S+))?", text.strip())
    if not m:
        raise FormatError(f"board geometry {text[:40]!r} is not WxH+S_parent", file, line)
    return int(m[1]), int(m[2]), int(m[3] or 0), m[4] or "fairy"


def _king_slot_letters(v: Variant) -> frozenset[str]:
    """The letters a saved file puts in XBoard's King slot (where ``O`` is castling)."""
    from .parents import choose_parent, with_parent_slots
    from .ptc import KING_SLOT, assign_slots
    try:
        slots = assign_slots(with_parent_slots(v, choose_parent(v)))
    except FormatError:
        return frozenset()
    return frozenset(letter for letter, slot in slots.items() if slot == KING_SLOT)


def xboard_limits(v: Variant) -> list[ModelProblem]:
    """What XBoard 4.9 will not be able to use (the file is still written completely)."""
    out: list[ModelProblem] = []

    def warn(piece: str, fld: str, msg: str) -> None:
        out.append(ModelProblem(piece, fld, msg, severity=WARNING))

    max_files = XB_MAX_FILES_DROPS if v.holdings else XB_MAX_FILES
    if v.files > max_files:
        warn("", "files", f"XBoard 4.9 shows at most {max_files} files"
             f"{' with holdings' if v.holdings else ''}; this board has {v.files}")
    if v.ranks > XB_MAX_RANKS:
        warn("", "ranks", f"XBoard 4.9 handles at most {XB_MAX_RANKS} ranks safely; this board "
             f"has {v.ranks}")
    if v.holdings > v.ranks:
        warn("", "holdings", f"XBoard 4.9 caps the holdings size at the board height "
             f"({v.ranks}); this variant has {v.holdings}")
    if fields(v.setup).side == "b":
        warn("", "setup", "XBoard 4.9 uses -fen only when White moves first")
    if len(v.pieces) > XB_MAX_TYPES:
        warn("", "pieces", f"XBoard 4.9 has {XB_MAX_TYPES} piece slots; this variant has "
             f"{len(v.pieces)} types")
    kings = _king_slot_letters(v)
    for p in v.pieces:
        text, dropped = xboard_form(p)
        if text is None:
            warn(p.letter, "notation", "no XBetza equivalent: XBoard 4.9 gets no moves for "
                 "this piece" + (f" ({DIALECT_TITLES[p.dialect]} only)" if p.dialect != XBETZA else ""))
            continue
        for start, end in dropped:
            out.append(ModelProblem(p.letter, "notation", f"`{p.notation[start:end]}` has no "
                                    f"XBetza form: XBoard 4.9 gets only `{text}`", start, end,
                                    severity=WARNING))
        try:
            for w in xboard_warnings(p.notation, p.dialect, king=p.letter in kings):
                if p.dialect != XBETZA:
                    continue
                rewritten = " (the export rewrites it in the form XBoard reads)" \
                    if w.fixed_text is not None else ""
                out.append(ModelProblem(p.letter, "notation", w.message + rewritten, w.start,
                                        w.end, severity=WARNING))
        except (NotationError, RecursionError, ValueError):
            pass
    return out

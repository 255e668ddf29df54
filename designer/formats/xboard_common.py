"""What the XBoard-facing formats share: the ``-men`` / ``VariantMen`` string, the board
geometry line, the limits XBoard 4.9 has, and building a model from XBoard's own settings.
"""

from __future__ import annotations

from dataclasses import replace

from ..notation import (BETZA2, XBETZA, NotationError, Piece, Spec, format_piece, parse, to_xboard,
                        xboard_warnings)
from ..variant.fen import FenError, letters_used, parse_fen
from ..variant.model import MAX_PIECE_TYPES, ModelProblem, PieceType, Variant
from .errors import FormatError
from .ptc import (FAIRY_MOVES, FAIRY_SLOT, IMAGE_STEMS, KING_SLOT, PARENT_MOVES, PARENT_TABLES,
                  parse_table)

XB_MAX_FILES = 16
XB_MAX_FILES_DROPS = 12
XB_MAX_RANKS = 15
XB_MAX_TYPES = 66
MAX_MEN = MAX_PIECE_TYPES          # piece definitions in one -men string


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


def _form(text: str, dialect: str) -> tuple[str | None, tuple[tuple[int, int], ...]]:
    try:
        return to_xboard(text, dialect), ()
    except (NotationError, RecursionError, ImportError, ValueError):
        pass
    try:
        piece = parse(text, dialect)
    except (NotationError, RecursionError, ValueError):
        return None, ((0, len(text)),)
    kept, dropped = [], []
    for path in piece.groups:
        try:
            one = format_piece(Piece(dialect, Spec((path,))))
            kept += parse(to_xboard(one, dialect)).groups
        except (NotationError, RecursionError, ImportError, ValueError):
            dropped.append(tuple(path.span))
    if not kept:
        return None, tuple(dropped) or ((0, len(text)),)
    try:
        return to_xboard(format_piece(Piece(XBETZA, Spec(tuple(kept))))), tuple(dropped)
    except (NotationError, RecursionError, ImportError, ValueError):
        return None, ((0, len(text)),)


def men_string(v: Variant) -> str:
    """``L:betza;…`` for every piece XBoard can be told about (promoted ``+X`` as ``+X:``)."""
    parts = []
    for p in v.pieces:
        text = xboard_betza(p)
        if text is not None:
            parts.append(f"{p.letter}:{text}")
    return ";".join(parts)


def parse_men(text: str, file: str = "", line: int = 0) -> dict[str, str]:
    """Letter -> Betza of a ``-men``/``VariantMen`` string (``moves.c: LoadPieceDesc``)."""
    out: dict[str, str] = {}
    count = 0
    for part in text.split(";"):
        part = part.strip()
        if not part:
            continue
        count += 1
        if count > MAX_MEN:
            raise FormatError(f"more than {MAX_MEN} piece definitions (a variant has at most "
                              f"{MAX_PIECE_TYPES} piece types)", file, line)
        letter, sep, betza = part.partition(":")
        letter = letter.strip()
        ok = (1 <= len(letter) <= 3 and sep and
              letter.lstrip("+")[:1].isalpha() and letter.lstrip("+")[:1].isascii())
        if not ok:
            raise FormatError(f"bad piece definition {part[:40]!r} (expected L:betza)", file, line)
        key = ("+" if letter.startswith("+") else "") + letter.lstrip("+").upper()
        out[key] = betza.strip()
    return out


def geometry(v: Variant) -> str:
    """``WxH+S_parent`` as the engine ``setup`` command and PGN ``Variant`` tag give it."""
    return f"{v.files}x{v.ranks}+{v.holdings}_{v.parent}"


def parse_geometry(text: str, file: str = "", line: int = 0) -> tuple[int, int, int, str]:
    """(files, ranks, holdings, parent) of ``WxH+S_parent`` (the ``+S`` part is optional)."""
    import re
    m = re.fullmatch(r"([0-9]{1,3})x([0-9]{1,3})(?:\+([0-9]{1,3}))?(?:_([A-Za-z0-9]+))?",
                     text.strip())
    if not m:
        raise FormatError(f"board geometry {text[:40]!r} is not WxH+S_parent", file, line)
    return int(m[1]), int(m[2]), int(m[3] or 0), m[4] or "fairy"


def xboard_limits(v: Variant) -> list[ModelProblem]:
    """What XBoard 4.9 will not be able to use (the file is still written completely)."""
    out = []
    warn = lambda piece, fld, msg: out.append(ModelProblem(piece, fld, msg, severity="warning"))
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
    if v.setup.split()[1:2] == ["b"]:
        warn("", "setup", "XBoard 4.9 uses -fen only when White moves first")
    if len(v.pieces) > XB_MAX_TYPES:
        warn("", "pieces", f"XBoard 4.9 has {XB_MAX_TYPES} piece slots; this variant has "
             f"{len(v.pieces)} types")
    for p in v.pieces:
        text, dropped = xboard_form(p)
        if text is None:
            warn(p.letter, "notation", "no XBetza equivalent: XBoard 4.9 gets no moves for "
                 "this piece" + (" (Betza 2.0 only)" if p.dialect == BETZA2 else ""))
            continue
        for start, end in dropped:
            out.append(ModelProblem(p.letter, "notation", f"`{p.notation[start:end]}` has no "
                                    f"XBetza form: XBoard 4.9 gets only `{text}`", start, end,
                                    severity="warning"))
        try:
            for w in xboard_warnings(p.notation, p.dialect):
                if p.dialect == BETZA2:
                    continue
                rewritten = " (the export rewrites it in the form XBoard reads)" \
                    if w.fixed_text is not None else ""
                out.append(ModelProblem(p.letter, "notation", w.message + rewritten, w.start,
                                        w.end, severity="warning"))
        except (NotationError, RecursionError, ValueError):
            pass
    return out


def variant_from_xboard(name: str, parent: str, files: int | None, ranks: int | None,
                        holdings: int, table: str | None, fen: str | None, men: str | None,
                        file: str = "", line: int = 0) -> Variant:
    """A model from XBoard's own settings (no ``@designer`` data): the table names the pieces
    and their slots, ``men`` their moves, the slot's built-in moves otherwise."""
    given = table or PARENT_TABLES.get(parent)
    try:
        slots = parse_table(given) if given else {}
    except FormatError as e:
        raise FormatError(e.reason, file, line) from None
    moves = parse_men(men, file, line) if men else {}
    setup = None
    if fen:
        try:
            setup = parse_fen(fen)
        except FenError as e:
            raise FormatError(f"-fen: {e.message}", file, line) from None
        files = files if files and files > 0 else setup.files
        ranks = ranks if ranks and ranks > 0 else setup.ranks
        if (setup.files, setup.ranks) != (files, ranks):
            raise FormatError(f"the FEN is {setup.files}x{setup.ranks}, the board "
                              f"{files}x{ranks}", file, line)
    files = files if files and files > 0 else 8
    ranks = ranks if ranks and ranks > 0 else 8
    used = set(moves) | (letters_used(setup) if setup else set())
    order: list[tuple[int, str]] = sorted((s, l) for s, l in slots.items()
                                          if table or l in used)
    letters = [l for _, l in order]
    for l in sorted(used):
        if l not in letters:
            letters.append(l)
    pieces = []
    special = PARENT_MOVES.get(parent, {})
    for l in letters:
        slot = next((s for s, x in order if x == l), None)
        if l in special:
            default = special[l]
        elif slot is None or FAIRY_SLOT.get(l) == slot:
            default = FAIRY_MOVES.get(l)
        else:
            default = None
        notation = moves.get(l) or (default[1] if default else "")
        pname = default[0] if default else (IMAGE_STEMS[slot] if slot is not None else l)
        pieces.append(PieceType(l, pname, notation, royal=slot == KING_SLOT or
                                (slot is None and l == "K"), slot=slot))
    for p in pieces:
        if p.notation:
            try:
                parse(p.notation)
            except (NotationError, RecursionError, ValueError) as e:
                raise FormatError(f"piece {p.letter}: notation {p.notation[:40]!r} does not "
                                  f"parse: {e}", file, line) from None
    v = Variant(name=name, files=files, ranks=ranks, pieces=tuple(pieces),
                setup=fen.strip() if fen else "", holdings=max(0, holdings),
                drops=holdings > 0, parent=parent)
    # pawn-like pieces promote to every other non-royal piece by default, like XBoard's fairy
    return replace(v, pieces=tuple(_default_promotions(v, p) for p in v.pieces))


def _default_promotions(v: Variant, p: PieceType) -> PieceType:
    if p.letter != "P":
        return p
    choices = tuple(x.letter for x in v.pieces
                    if not x.royal and x.letter not in ("P",) and not x.letter.startswith("+"))
    return replace(p, promotions=choices)

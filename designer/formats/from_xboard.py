"""A variant model from what XBoard itself knows: a ``-variant`` / ``[Variant]`` name, board
size, holdings, piece-to-char table, FEN and ``-men`` / ``VariantMen`` moves.

Everything a file leaves out comes from XBoard's built-in variant of that name
(``xboard_variants``): its board, table, start position, promotion and the moves its own
generator gives each slot; the rules a piece's notation cannot carry go into the piece's notes.
A piece whose moves nobody gives (not in ``-men``, and XBoard's generator has none for its
slot, or the variant is one XBoard does not know) is an error with its line: never a piece
with made-up moves.
"""

from __future__ import annotations

from dataclasses import replace

from ..engine.same_moves import same_moves
from ..notation import NotationError, parse
from ..vocabulary import XBETZA
from ..variant.fen import FenError, Setup, letters_used, parse_fen, write_fen
from ..variant.model import MAX_PIECE_TYPES, PieceType, Variant
from .errors import FileNote, FormatError
from .ptc import IMAGE_STEMS, KING_SLOT, parse_table_halves
from .xboard_variants import BuiltIn, builtin, real_variant, slot_piece, variant_name

MAX_MEN = MAX_PIECE_TYPES          # piece definitions in one -men string
_DEFAULT_TABLE = "PNBRQ...........Kpnbrq...........k"     # backend.c InitPosition


def parse_men(text: str, file: str = "", line: int = 0,
              notes: list[FileNote] | None = None) -> dict[str, str]:
    """Letter -> Betza of a ``-men``/``VariantMen`` string (``moves.c: LoadPieceDesc``: a
    letter given twice takes the later moves, which ``notes`` is told)."""
    out: dict[str, str] = {}
    count = 0
    for part in text.split(";"):
        part = part.strip()
        if not part:
            continue
        count += 1
        if count > MAX_MEN:     # the model's limit bounds the work too
            raise FormatError(f"more than {MAX_MEN} piece definitions (a variant has at most "
                              f"{MAX_PIECE_TYPES} piece types)", file, line)
        letter, sep, betza = part.partition(":")
        letter = letter.strip()
        ok = (1 <= len(letter) <= 3 and sep and
              letter.lstrip("+")[:1].isalpha() and letter.lstrip("+")[:1].isascii())
        if not ok:
            raise FormatError(f"bad piece definition {part[:40]!r} (expected L:betza)", file, line)
        key = ("+" if letter.startswith("+") else "") + letter.lstrip("+").upper()
        if key in out and notes is not None and out[key] != betza.strip():
            notes.append(FileNote(f"the moves of {key} are given twice ({out[key]!r}, then "
                                  f"{betza.strip()!r}): XBoard uses the later, and so does "
                                  f"this reading", file, line))
        out[key] = betza.strip()
    return out


def table_notes(table: str, file: str = "", line: int = 0) -> list[FileNote]:
    """A letter the piece-to-char table gives to two slots: ``moves.c: CharToPiece`` takes the
    first, so the piece of the other slot cannot be placed (an unreadable table: none, the
    reader says what is wrong with it)."""
    try:
        white, _ = parse_table_halves(table)
    except FormatError:
        return []
    first: dict[str, int] = {}
    out = []
    for s, letter in sorted(white.items()):
        if letter in first:
            out.append(FileNote(f"the piece-to-char table gives the letter {letter} to two "
                                f"slots ({first[letter]} and {s}): XBoard uses the first, and "
                                f"the piece of the other cannot be placed", file, line))
        first.setdefault(letter, s)
    return out


def variant_from_xboard(name: str, parent: str, files: int | None, ranks: int | None,
                        holdings: int, table: str | None, fen: str | None, men: str | None,
                        file: str = "", line: int = 0, holdings_given: bool = True,
                        notes: list[FileNote] | None = None) -> Variant:
    """The variant XBoard plays from these settings (see the module docstring).
    ``parent`` is the ``-variant`` value or ``[Variant]`` tag (``WxH+S_`` prefix allowed).
    What XBoard reads in its own way (a letter given twice) is added to ``notes``."""
    known = variant_name(parent) if parent else None
    b = builtin(known) if known else None
    given_table = table
    try:
        white, black = parse_table_halves(table or (b.table if b else _DEFAULT_TABLE))
    except FormatError as e:
        raise FormatError(e.reason, file, line) from None
    moves = parse_men(men, file, line, notes) if men else {}
    setup = _setup(fen, b, file, line)
    if setup is not None:
        files = files if files and files > 0 else setup.files
        ranks = ranks if ranks and ranks > 0 else setup.ranks
        if (setup.files, setup.ranks) != (files, ranks):
            raise FormatError(f"the FEN is {setup.files}x{setup.ranks}, the board "
                              f"{files}x{ranks}", file, line)
    files = files if files and files > 0 else (b.files if b else 8)
    ranks = ranks if ranks and ranks > 0 else (b.ranks if b else 8)
    if b is not None and not holdings_given:
        holdings = b.holdings
    slot_of: dict[str, int] = {}
    for slots in (white, black):
        for s, letter in sorted(slots.items()):
            slot_of.setdefault(letter, s)
    used = set(moves) | (letters_used(setup) if setup else set())
    # the game's pieces: those the position or -men use; all of a built-in game's own pieces
    # with known moves (its promoted forms too), except in the catch-all fairy; every piece of
    # a table the file gives whose moves are known
    whole = b is not None and b.name != "fairy" and not given_table
    letters = [l for l in slot_of if l in used or
               ((whole or given_table) and _known_moves(b, slot_of[l]) is not None)]
    letters += sorted(l for l in used if l not in slot_of)
    pieces = [_piece(l, slot_of.get(l), b, moves, file, line, parent, (files, ranks))
              for l in letters]
    return _with_rules(name, files, ranks, pieces, setup, holdings, b, parent)


def _setup(fen: str | None, b: BuiltIn | None, file: str, line: int) -> Setup | None:
    text = fen if fen else (b.setup if b else "")
    if not text:
        return None
    try:
        return parse_fen(text)
    except FenError as e:
        raise FormatError(f"-fen: {e.message}" if fen else f"{b.name if b else ''} start "
                          f"position: {e.message}", file, line) from None


def _known_moves(b: BuiltIn | None, slot: int) -> str | None:
    """The moves XBoard's generator gives ``slot`` in ``b`` ("" = none), None if unknown."""
    if b is None:
        return None
    piece = slot_piece(b, slot)
    return piece.betza if piece is not None else None


def _piece(letter: str, slot: int | None, b: BuiltIn | None, moves: dict[str, str],
           file: str, line: int, parent: str, size: tuple[int, int]) -> PieceType:
    bp = slot_piece(b, slot) if b is not None and slot is not None else None
    if letter in moves:
        notation = moves[letter]
        try:
            parse(notation)
        except (NotationError, RecursionError, ValueError) as e:
            raise FormatError(f"piece {letter}: notation {notation[:40]!r} does not parse: {e}",
                              file, line) from None
        # the slot's own piece names it only when it is that piece: a Camel given the
        # Lance's slot (for its picture) is no Lance; a piece XBoard knows by no name has none
        # (files of XBoard's carry no names; the window shows the letter)
        same = bp is not None and (notation == bp.betza or (
            bp.betza != "" and same_moves(notation, XBETZA, bp.betza, XBETZA, *size)))
        name = bp.name if bp is not None and same else ""
        royal = bp.royal if bp else slot == KING_SLOT or (slot is None and letter == "K")
        return PieceType(letter, name, notation, royal=royal, slot=slot)
    if bp is None:
        if b is None:
            why = f"variant {parent or '?'} is not one XBoard knows"
        elif slot is None:
            why = f"it is not a piece of XBoard's {b.name}"
        else:
            why = f"slot {slot} ({IMAGE_STEMS[slot]}) is a wildcard XBoard does not check"
        raise FormatError(f"piece {letter}: its moves cannot be known: {why}, and no "
                          "-men / VariantMen gives them", file, line)
    note = bp.note if not bp.exact or not bp.betza else ""
    return PieceType(letter, bp.name, bp.betza, royal=bp.royal, slot=slot, notes=note)


def _with_rules(name: str, files: int, ranks: int, pieces: list[PieceType],
                setup: Setup | None, holdings: int, b: BuiltIn | None,
                parent: str) -> Variant:
    """Promotion, drops and holdings as the built-in variant (or XBoard's fairy) has them."""
    letters = {p.letter for p in pieces}
    hand = bool(setup and setup.hand)
    if b is not None:
        ref = real_variant(b)
        drops = b.drops and holdings > 0
        if not b.drops and not hand and holdings == b.holdings:
            holdings = 0             # grand's holdings are a promotion pool, not drops
        out = []
        for p in pieces:
            model = ref.piece(p.letter)
            if model is not None and model.slot != p.slot:
                model = None                 # the same letter on another slot: another piece
            if model is not None:
                p = replace(p, promotions=tuple(x for x in model.promotions if x in letters),
                            promotes_to=model.promotes_to if model.promotes_to in letters
                            else "", mandatory_promotion=model.mandatory_promotion)
            elif p.letter == "P" and b.promotion_style == "choice":
                p = replace(p, promotions=tuple(x for x in b.promotion_to if x in letters))
            out.append(p)
        zone, parent_name, rules = b.promotion_zone, b.name, ref.rules
    else:
        drops = holdings > 0
        out = [replace(p, promotions=tuple(x.letter for x in pieces if not x.royal and
                                           x.letter != "P" and not x.letter.startswith("+")))
               if p.letter == "P" else p for p in pieces]
        zone, parent_name, rules = 1, "fairy", ""
    fen = write_fen(setup) if setup is not None else ""
    return Variant(name=name or parent_name, files=files, ranks=ranks, pieces=tuple(out),
                   setup=fen, holdings=max(0, holdings), drops=drops, parent=parent_name,
                   promotion_zone=zone, rules=rules)


__all__ = ["parse_men", "table_notes", "variant_from_xboard"]

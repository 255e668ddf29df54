"""An options file edited by hand: XBoard's lines against our ``@designer`` data.

A file we write says the variant twice: the XBoard options (``-variant``, ``-boardWidth``,
``-boardHeight``, ``-holdingsSize``, ``-pieceToCharTable``, ``-fen``, ``-men``), which XBoard
plays, and the ``; @designer`` lines, which hold what XBoard has no option for (names, the
notation as written and its dialect, pictures, notes, promotion details). When a person changes
an XBoard line in a text editor, XBoard plays what the line says; so does the reader: the XBoard
lines win for what they say, the ``@designer`` data keep what XBoard cannot say, and every line
that differed is named in a note (the window shows the notes, ``check`` prints them). A file
whose two halves agree reads exactly as its ``@designer`` data.

"Differs" is decided against what a save of the ``@designer`` variant would write: an option
whose value means the same (the same moves per letter, the same FEN) does not differ.

``consistency`` checks the ``@designer`` data alone: a block that contradicts itself (a piece
line deleted while the setup still places the piece, a width that does not match the setup) is
an error with its line, and the writer refuses to write one.
"""

from __future__ import annotations

from dataclasses import replace

from ..variant.fen import FenError, base_letter, parse_fen, write_fen
from ..variant.model import PieceType, Variant
from ..vocabulary import XBETZA
from .errors import FileNote, FormatError
from .from_xboard import parse_men
from .options import Option
from .ptc import parse_table_halves
from .xboard_variants import variant_name

XBOARD_OPTIONS = ("variant", "boardWidth", "boardHeight", "holdingsSize", "pieceToCharTable",
                  "fen", "men")
_BOARD = ("boardWidth", "boardHeight", "fen")


def consistency(v: Variant) -> list[tuple[str, str]]:
    """How the variant's own data contradict each other, as (piece letter or '' for the
    variant, what is wrong); empty when they do not: the setup and the board size, the letters
    the setup uses and the piece types, two piece types of one letter, promotions to types that
    are not there. Notation errors are not contradictions (work in progress is saved as it
    is)."""
    out: list[tuple[str, str]] = []
    seen: set[str] = set()
    for p in v.pieces:
        if p.letter in seen:
            out.append((p.letter, f"a second piece type with the letter {p.letter}"))
        seen.add(p.letter)
    if v.setup:
        try:
            s = parse_fen(v.setup)
        except FenError as e:
            out.append(("", f"the setup does not read: {e.message}"))
        else:
            if (s.files, s.ranks) != (v.files, v.ranks):
                out.append(("", f"the setup is {s.files}x{s.ranks} but the board {v.files}x"
                            f"{v.ranks}"))
            used = sorted({base_letter(t) for t in (*s.board.values(), *(s.hand or ()))} - seen)
            if used:
                out.append(("", f"the setup places {used[0]}, which no piece line defines"))
    for p in v.pieces:
        missing = [t for t in (*p.promotions, p.promotes_to) if t and t not in seen]
        if missing:
            out.append((p.letter, f"piece {p.letter} promotes to {missing[0]}, which no piece "
                        "line defines"))
    return out


def _last(options: list[Option]) -> dict[str, Option]:
    out: dict[str, Option] = {}
    for o in options:
        if o.name in XBOARD_OPTIONS:
            out[o.name] = o          # the last value of a repeated option wins, as in XBoard
    return out


def _norm(name: str, value: str | None) -> object:
    """A value in a form where equal meaning is equal; the text itself when it does not read
    (it then differs, and reading the XBoard lines says what is wrong)."""
    if value is None:
        return None
    text = value.strip()
    try:
        if name == "men":
            return parse_men(text)
        if name == "fen":
            return write_fen(parse_fen(text))
        if name == "pieceToCharTable":
            return parse_table_halves(text)
        if name == "variant":
            return variant_name(text) or text
        if name in ("boardWidth", "boardHeight", "holdingsSize"):
            return int(text)
    except (FormatError, FenError, ValueError):
        pass
    return text


def differing(written: dict[str, str], options: list[Option]) -> list[str]:
    """The XBoard options whose value in the file means something else than a save of the
    ``@designer`` variant would write (``written``), in ``XBOARD_OPTIONS`` order."""
    got = _last(options)
    out = []
    for name in XBOARD_OPTIONS:
        mine, theirs = written.get(name), got[name].value if name in got else None
        if mine is not None and theirs is not None and mine.strip() == theirs.strip():
            continue            # the same text: the same meaning (the file as we saved it)
        if _norm(name, mine) != _norm(name, theirs):
            out.append(name)
    return out


def reconcile(d: Variant, written: dict[str, str], options: list[Option],
              xboard: Variant, names: list[str], file: str,
              at: int) -> tuple[Variant, tuple[FileNote, ...]]:
    """The variant the file means when its XBoard lines ``names`` differ from the
    ``@designer`` data ``d``: ``xboard`` is what XBoard reads from the lines alone. ``at`` is
    the line of the ``@designer`` variant line (named when an option was deleted)."""
    got = _last(options)
    old_men = parse_men(written.get("men", ""))
    new_men = parse_men(got["men"].value) if "men" in got else {}
    old_slots = _slots(written.get("pieceToCharTable"))
    new_slots = _slots(got["pieceToCharTable"].value) if "pieceToCharTable" in got else {}
    pieces: list[PieceType] = []
    for x in xboard.pieces:
        mine = d.piece(x.letter)
        if mine is None:
            pieces.append(x)
            continue
        if "men" in names and old_men.get(x.letter) != new_men.get(x.letter):
            mine = replace(mine, notation=x.notation, dialect=XBETZA)
        if "pieceToCharTable" in names and old_slots.get(x.letter) != new_slots.get(x.letter):
            mine = replace(mine, slot=x.slot, royal=x.royal)
        pieces.append(mine)
    order = {p.letter: i for i, p in enumerate(d.pieces)}
    pieces.sort(key=lambda p: order.get(p.letter, len(order)))
    have = {p.letter for p in pieces}
    pieces = [replace(p, promotions=tuple(t for t in p.promotions if t in have),
                      promotes_to=p.promotes_to if p.promotes_to in have else "")
              for p in pieces]
    v = replace(d, pieces=tuple(pieces))
    if v.rule_set is not None:       # a piece type gone from the lines leaves the rules too
        from ..rules.edits import without_letter
        rules = v.rule_set
        for gone in sorted({p.letter for p in d.pieces} - have):
            rules = without_letter(rules, gone)
        v = replace(v, rule_set=rules)
    if any(n in names for n in _BOARD):
        from ..variant.setup_tools import rules_resized
        sized = replace(v, files=xboard.files, ranks=xboard.ranks, setup=xboard.setup)
        try:
            start = parse_fen(xboard.setup, xboard.files, xboard.ranks) if xboard.setup else None
        except FenError:
            start = None
        v = rules_resized(sized, v, start)[0]       # the rules follow the board written
    if "holdingsSize" in names or "variant" in names:
        v = replace(v, holdings=xboard.holdings, drops=xboard.drops)
    if "variant" in names:
        v = replace(v, parent=xboard.parent)
    notes = tuple(_note(n, written, got, d, v, file, at) for n in names)
    return v, notes


def _slots(table: str | None) -> dict[str, int]:
    if table is None:
        return {}
    try:
        white, _ = parse_table_halves(table)
    except FormatError:
        return {}
    return {letter: s for s, letter in sorted(white.items(), reverse=True)}


def _note(name: str, written: dict[str, str], got: dict[str, Option], d: Variant,
          v: Variant, file: str, at: int) -> FileNote:
    """What one differing line changed, said in the user's terms."""
    if name not in got:
        return FileNote(f"the file has no -{name} line although its @designer data give one: "
                        f"read as XBoard reads the file without it", file, at)
    line = got[name].line
    head = f"-{name} differs from the @designer data (edited by hand?); XBoard's line is used"
    detail = ""
    if name == "men":
        before_men, after_men = parse_men(written.get("men", "")), parse_men(got[name].value)
        changed = [x for x in sorted(set(before_men) | set(after_men))
                   if before_men.get(x) != after_men.get(x)]
        parts = []
        for x in changed[:6]:
            before, after = d.piece(x), v.piece(x)
            parts.append(f"{x}: {before.notation if before else '(none)'} -> "
                         f"{after.notation if after else '(none)'}")
        detail = "; ".join(parts)
    elif name == "fen" or name in ("boardWidth", "boardHeight"):
        detail = f"board {d.files}x{d.ranks} -> {v.files}x{v.ranks}" \
            if (d.files, d.ranks) != (v.files, v.ranks) else f"setup {v.setup}"
    elif name == "variant":
        detail = f"parent {d.parent} -> {v.parent}"
    elif name == "holdingsSize":
        detail = f"holdings {d.holdings} -> {v.holdings}"
    elif name == "pieceToCharTable":
        gone = [p.letter for p in d.pieces if v.piece(p.letter) is None]
        came = [p.letter for p in v.pieces if d.piece(p.letter) is None]
        detail = ", ".join(([f"without {', '.join(gone)}"] if gone else []) +
                           ([f"with {', '.join(came)}"] if came else [])) or "slots changed"
    return FileNote(f"{head}: {detail}" if detail else head, file, line)


__all__ = ["XBOARD_OPTIONS", "consistency", "differing", "reconcile"]

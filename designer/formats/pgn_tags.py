"""PGN game headers as XBoard 4.9.1 writes and reads them (``pgntags.c: PrintPGNTags``,
``backend.c: SaveGamePGN``, ``moves.c: CollectPieceDescriptors``, ``LoadGame``).

XBoard writes the seven-tag roster, ``[Variant "name"]`` (not for normal chess, never with a
``WxH+S_`` prefix), ``[VariantMen]`` for pieces whose moves are not its own, then ``[FEN]`` and
``[SetUp "1"]`` when the game does not start from the variant's own position. Loading a PGN, it
switches to the built-in variant the tag names, at that variant's own size and with its own
piece letters: a PGN opens on its own only when the board, holdings and pieces are that
variant's. Then the FEN and ``VariantMen`` are written in the parent's letters. Otherwise the
PGN needs an options file that sets the board and table first (``save`` writes it next to the
PGN as ``Name.pgn.ini`` and ``companion_command`` says how to open both).

Our ``; @designer`` lines lead the file (XBoard skips ``;`` comments), so our reader gets the
exact variant back; without them the tags give XBoard's view (see ``from_xboard``).
"""

from __future__ import annotations

import os
import re
from dataclasses import replace

from ..variant.fen import FenError, parse_fen, rename_fen
from ..variant.model import ModelProblem, Variant
from .errors import FormatError
from .limits import check_variant, ensure_readable
from .metadata import designer_lines, read_designer
from .options import Comment
from .parents import ParentChoice, choose_parent
from .from_xboard import variant_from_xboard
from .xboard_common import men_string, parse_geometry, xboard_setup
from .xboard_variants import builtin
from ..vocabulary import WARNING

EXTENSIONS = (".pgn",)
COMPANION = ".pgn.ini"
MAX_TAGS = 200
_TAG = re.compile(r'\[\s*([A-Za-z0-9_]+)\s+"((?:[^"\\]|\\.)*)"\s*\]')
ROSTER = (("Site", "?"), ("Date", "?"), ("Round", "-"), ("White", "?"), ("Black", "?"),
          ("Result", "*"))


def _esc(value: str) -> str:
    """A tag value on one line (PGN tags cannot span lines), with \\ and " escaped."""
    return " ".join(value.split()).replace("\\", "\\\\").replace('"', '\\"')


def parent_letters(v: Variant, choice: ParentChoice | None = None) -> dict[str, str] | None:
    """Our letter -> the letter XBoard's parent variant has in that slot, when every piece is
    one of the parent's pieces on the parent's own board; None otherwise."""
    choice = choice or choose_parent(v)
    b = builtin(choice.name)
    if b is None or (v.files, v.ranks) != (b.files, b.ranks) or \
            choice.holdings != b.holdings or set(choice.slots) != set(v.letters):
        return None
    by_slot = {p.slot: p.letter for p in b.pieces}
    out = {letter: by_slot[slot] for letter, slot in choice.slots.items() if slot in by_slot}
    return out if len(out) == len(v.pieces) else None


def opens_alone(v: Variant) -> bool:
    """Whether ``xboard -ncp Name.pgn`` opens the exported PGN without an options file."""
    return parent_letters(v) is not None


def companion_path(path: str) -> str:
    """The options file written next to a PGN that cannot open alone."""
    base = path[:-4] if path.lower().endswith(".pgn") else path
    return base + COMPANION


def companion_command(path: str) -> str:
    """The command that opens a PGN together with its options file (relative names, the PGN
    last: XBoard reads a word starting with '/' as an option, and a positional file name
    takes the rest of the command line)."""
    return f"xboard -ncp @{os.path.basename(companion_path(path))} {os.path.basename(path)}"


def _renamed(v: Variant, letters: dict[str, str]) -> Variant:
    """``v`` with the parent's letters (pieces, setup and promotion letters)."""
    setup = rename_fen(v.setup, letters) if v.setup else v.setup
    pieces = tuple(replace(p, letter=letters[p.letter], slot=None,
                           promotions=tuple(letters.get(x, x) for x in p.promotions),
                           promotes_to=letters.get(p.promotes_to, p.promotes_to))
                   for p in v.pieces)
    return replace(v, pieces=pieces, setup=setup)


def tags(v: Variant) -> list[tuple[str, str]]:
    """The (name, value) pairs, in the order XBoard writes them."""
    choice = choose_parent(v)
    letters = parent_letters(v, choice)
    shown = _renamed(v, letters) if letters is not None else v
    out = [("Event", v.name or "?"), *ROSTER]
    if choice.name != "normal":
        out.append(("Variant", choice.name))
    men = men_string(shown, frozenset(letters.get(x, x) for x in choice.builtin_moves)
                     if letters is not None else choice.builtin_moves)
    if men:
        out.append(("VariantMen", men))
    b = builtin(choice.name)
    fen = xboard_setup(shown)   # no FEN: XBoard sets up its own pieces; rights as the rules say
    if not (letters is not None and b is not None and b.setup and
            _same_position(fen, b.setup)):
        out += [("FEN", fen), ("SetUp", "1")]
    return out


def _same_position(a: str, b: str) -> bool:
    try:
        sa, sb = parse_fen(a), parse_fen(b)
    except FenError:
        return False
    return (sa.board, sa.hand or (), sa.side, sa.castling) == \
        (sb.board, sb.hand or (), sb.side, sb.castling if sb.castling != "-" else sa.castling)


def write(v: Variant, with_designer: bool = True) -> str:
    """A PGN game with no moves (result ``*``), our data lines first (promotion and holdings
    as the rule set says them: ``variant.derive.projected``)."""
    check_variant(v)
    if v.rule_set is not None:
        from ..variant.derive import projected
        v = projected(v)
    head = [f"; {' '.join(v.name.split())} -- exported by Variant Designer"] + \
        (designer_lines(v) if with_designer else [])
    body = "".join(f'[{k} "{_esc(x)}"]\n' for k, x in tags(v))
    return ensure_readable(v, "\n".join(head) + "\n" + body + "\n*\n")


def save(path: str, v: Variant) -> list[str]:
    """Write ``path`` (and, when the PGN cannot open alone, its options file); return the
    paths written. Both are complete before either replaces an existing file."""
    from . import xboard_ini
    from .atomic import write_atomic_all
    from .errors import writing
    with writing(path):
        files = [(path, write(v))]
    if not opens_alone(v):
        with writing(companion_path(path)):
            files.append((companion_path(path), xboard_ini.write(v)))
    write_atomic_all(files)
    return [name for name, _ in files]


def problems(v: Variant) -> list[ModelProblem]:
    """What to tell before writing a PGN: whether XBoard opens it alone."""
    if opens_alone(v):
        return []
    choice = choose_parent(v)
    return [ModelProblem("", "parent", f"XBoard opens this PGN only after an options file "
                         f"sets the board and pieces (the variant is not XBoard's "
                         f"{choice.name} as it stands): the export writes Name{COMPANION} next "
                         f"to it; open both with: xboard -ncp @Name{COMPANION} Name.pgn",
                         severity=WARNING)]


def read(text: str, file: str = "", use_designer: bool = True) -> Variant:
    """The variant of the first game: our data lines if present, else its tags."""
    comments: list[Comment] = []
    found: dict[str, tuple[str, int]] = {}
    for no, raw in enumerate(text.split("\n"), 1):
        s = raw.strip()
        if not s:
            if found:
                break
            continue
        if s.startswith(";"):
            if not found:
                comments.append(Comment(s[1:], no, file))
            continue
        if not s.startswith("["):
            if found:
                break
            raise FormatError(f"expected a PGN tag, found {s[:40]!r}", file, no)
        m = _TAG.fullmatch(s)
        if not m:
            raise FormatError(f"bad PGN tag {s[:60]!r}", file, no)
        value = re.sub(r"\\(.)", r"\1", m[2])
        found.setdefault(m[1], (value, no))
        if len(found) > MAX_TAGS:
            raise FormatError(f"more than {MAX_TAGS} tags", file, no)
    return from_tags(found, comments, file, use_designer)


#: how players call XBoard's variants (``-variant`` names); others are written capitalised
DISPLAY_NAMES = {
    "normal": "FIDE Chess", "fischerandom": "Fischer Random Chess",
    "capablanca": "Capablanca Chess", "caparandom": "Capablanca Random Chess",
    "gothic": "Gothic Chess", "janus": "Janus Chess", "xiangqi": "Xiangqi", "shogi": "Shogi",
    "chu": "Chu Shogi", "crazyhouse": "Crazyhouse", "bughouse": "Bughouse",
    "makruk": "Makruk", "cambodian": "Ouk Chatrang", "asean": "ASEAN Chess",
    "shatranj": "Shatranj", "courier": "Courier Chess", "grand": "Grand Chess",
    "great": "Great Shatranj", "falcon": "Falcon Chess", "berolina": "Berolina Chess",
    "cylinder": "Cylinder Chess", "knightmate": "Knightmate", "spartan": "Spartan Chess",
    "seirawan": "Seirawan Chess", "super": "Superchess", "atomic": "Atomic Chess",
    "3check": "Three-check Chess", "losers": "Losers Chess", "suicide": "Suicide Chess",
    "giveaway": "Giveaway Chess", "twokings": "Two Kings Chess", "nocastle": "No-castle Chess",
    "wildcastle": "Wild Castle Chess", "kriegspiel": "Kriegspiel", "fairy": "Fairy Chess",
    "lion": "Lion Chess", "elven": "Elven Chess", "shogun": "Shogun Chess",
    "mighty": "Mighty Lion Chess", "tencubed": "TenCubed Chess",
}


def display_name(xboard: str) -> str:
    """A variant's name as players say it, from XBoard's ``-variant`` name."""
    key = xboard.strip().lower()
    return DISPLAY_NAMES.get(key) or key[:1].upper() + key[1:]


def _file_name(file: str) -> str:
    """The name of a game file without its folder and extension ("" without a file)."""
    return os.path.splitext(os.path.basename(file))[0] if file else ""


def from_tags(found: dict[str, tuple[str, int]], comments: list[Comment], file: str = "",
              use_designer: bool = True) -> Variant:
    """The variant of a game from its tags (name -> (value, line), the first of each name)
    and the ``;`` comments before them: our data lines if present, else XBoard's view."""
    if use_designer and comments:
        v = read_designer(comments)
        if v is not None:
            return v
    if "Variant" not in found and "VariantMen" not in found and "FEN" not in found:
        if not found:
            raise FormatError("no PGN tags: not a PGN game", file, 1)
        return variant_from_xboard(_file_name(file) or display_name("normal"),
                                   "normal", None, None, 0, None, None, None, file, 1)
    files: int | None = None
    ranks: int | None = None
    holdings, parent, given = 0, "normal", False
    line = found.get("Variant", ("", 1))[1]
    if "Variant" in found:
        value, no = found["Variant"]
        if re.match(r"[0-9]+x[0-9]+", value):
            # our own earlier exports wrote the engine form WxH+S_parent; XBoard skips it
            files, ranks, holdings, parent = parse_geometry(value, file, no)
            given = True
        else:
            parent = value
    # the game's variant is named by its Variant tag (XBoard's name for it), else by the
    # file; never by the Event tag, which names the occasion ("Computer Chess Game")
    name = display_name(parent) if "Variant" in found and not given else _file_name(file)
    fen = found.get("FEN", ("", 0))[0] or None
    men_value, men_line = found.get("VariantMen", ("", 0))
    # an error without a VariantMen tag is about the FEN (or the Variant) tag: name its line
    at = men_line or found.get("FEN", ("", 0))[1] or line
    return variant_from_xboard("" if name in ("", "?") else name, parent, files, ranks,
                               holdings, None, fen, men_value or None, file, at,
                               holdings_given=given)


__all__ = ["read", "from_tags", "write", "save", "tags", "opens_alone", "problems",
           "companion_path", "companion_command", "parent_letters", "EXTENSIONS"]

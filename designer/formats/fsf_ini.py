"""Fairy-Stockfish ``variants.ini`` export and import (docs/files.md, "Fairy-Stockfish export").

Export writes one stand-alone section (no parent, every piece declared): predefined ``pawn``
and ``king`` where our pieces are exactly those, ``customPieceN = x:betza`` for the rest, the
board, ``startFen``, promotion, drops, castling and ``pieceToCharTable``. ``fsf_problems``
says per piece what Fairy-Stockfish cannot express before anything is written. Our
``; @designer`` lines ride along as comments so our own reader gets the exact model back.

Import reads any section (with ``[name:parent]`` inheritance, see ``fsf_sections``) into a model.
"""

from __future__ import annotations

import re
from dataclasses import replace
from importlib import resources

from ..geometry.board import file_index
from ..notation import NotationError, parse
from .fsf_reading import FSF_MIN_VERSION
from ..variant.fen import FenError, base_letter, parse_fen, write_fen
from ..variant.model import MAX_PIECE_TYPES, PieceType, Variant
from .errors import FormatError, read_number
from .limits import check_variant, ensure_readable
from .options import Comment
from .fsf_sections import Section, parse_sections, resolved
from .metadata import designer_lines, read_designer
from .ptc import build_table, parse_table
from .fsf_plan import PAWN_FULL, canon, fsf_problems, make_plan, pieces_data

__all__ = ["write", "read", "sections", "section_name", "from_keys", "fsf_problems"]

_FILES = "abcdefghijkl"


def section_name(v: Variant) -> str:
    """The section name: the variant name in lower-case letters and digits."""
    name = re.sub(r"[^a-z0-9]", "", v.name.lower()) or "variant"
    # A section named like a built-in variant is rejected by Fairy-Stockfish ("already exists").
    taken = resources.files("designer.data").joinpath("fsf_variant_names.txt").read_text()
    return f"{name}-custom" if name in taken.split() else name


def _fen_for_fsf(v: Variant, letters: dict[str, str], left_out: set[str]) -> str:
    """The start position in Fairy-Stockfish's letters, without the pieces left out."""
    s = parse_fen(v.setup, v.files, v.ranks)
    s = replace(s, board={sq: t for sq, t in s.board.items() if base_letter(t) not in left_out},
                hand=tuple(t for t in s.hand if base_letter(t) not in left_out)
                if s.hand is not None else None)

    def tok(t: str) -> str:
        base = base_letter(t)
        fl = letters.get(base)
        if fl is None or len(base) == 1 or base.startswith("+"):
            return t                       # +P stays +P: Fairy-Stockfish reads promoted pieces
        return fl.upper() if t[0].isupper() or t[0] == "+" and t[1].isupper() else fl

    board = {sq: tok(t) for sq, t in s.board.items()}
    hand = tuple(tok(t) for t in s.hand) if s.hand is not None else (() if v.drops else None)
    text = write_fen(replace(s, board=board, hand=hand))
    return text.replace("[-]", "[]")


def _ranks(lo: int, hi: int) -> str:
    return " ".join(f"*{r}" for r in range(lo, hi + 1))


def write(v: Variant, with_designer: bool = True) -> str:
    """The section text (ends with a newline). Never raises for user data: pieces
    Fairy-Stockfish would play differently are left out, as ``fsf_problems`` says."""
    check_variant(v)
    plan = make_plan(v)
    letters, decl = plan.letters, plan.decl
    lines = [f"# {' '.join(v.name.split())} -- exported by Variant Designer for Fairy-Stockfish "
             f"{FSF_MIN_VERSION} or later"]
    if with_designer:
        lines += designer_lines(v)
    lines += [f"[{section_name(v)}]", f"maxFile = {v.files}", f"maxRank = {v.ranks}"]
    for p in v.pieces:
        if p.letter in decl:
            key, value = decl[p.letter]
            lines.append(f"{key} = {value}")
    renamed = tuple(replace(p, letter=p.letter if len(p.letter) == 1 or p.letter[0] == "+"
                            else letters[p.letter].upper()) for p in v.pieces if p.letter in decl)
    if len(renamed) <= 66:
        lines.append(f"pieceToCharTable = {build_table(renamed)}")
    if v.setup:
        try:
            lines.append(f"startFen = {_fen_for_fsf(v, letters, plan.left_out)}")
        except FenError:
            pass
    lines += _promotion_lines(v, letters, decl)
    has_initial = any(key != "pawn" and "i" in value.partition(":")[2]
                      for key, value in decl.values())
    pawn = next((p for p in v.pieces if decl.get(p.letter, ("",))[0] == "pawn"), None)
    double = has_initial or (pawn is not None and canon(pawn.notation, pawn.dialect)
                             == canon(PAWN_FULL))
    lines.append(f"doubleStep = {'true' if double else 'false'}")
    if pawn is not None and double and v.setup:
        lines += _double_step_lines(v, pawn)
    lines += _castling_lines(v, letters)
    if v.drops:
        lines += ["pieceDrops = true", "capturesToHand = true"]
    return ensure_readable(v, "\n".join(lines) + "\n")


def _promotion_lines(v: Variant, letters: dict[str, str],
                     decl: dict[str, tuple[str, str]]) -> list[str]:
    pawns, targets, shogi = [], [], []
    zone = v.promotion_zone
    for p in v.pieces:
        if p.letter not in decl:
            continue
        choices = list(p.promotions)
        if p.promotes_to and not p.promotes_to.startswith("+"):
            choices.append(p.promotes_to)
        if choices:
            pawns.append(letters[p.letter])
            targets += [letters[t] for t in choices
                        if t in decl and letters[t] not in targets]
            zone = p.promotion_zone or zone
        elif p.promotes_to.startswith("+") and p.promotes_to in decl:
            shogi.append(f"{letters[p.letter]}:{letters[p.promotes_to]}")
            zone = p.promotion_zone or zone
    zone = max(1, min(zone, v.ranks))
    out = [f"promotionRegionWhite = {_ranks(v.ranks - zone + 1, v.ranks)}",
           f"promotionRegionBlack = {_ranks(1, zone)}"]
    out.append(f"promotionPawnTypes = {''.join(pawns) or '-'}")
    out.append(f"promotionPieceTypes = {''.join(targets) or '-'}")
    if shogi:
        out.append(f"promotedPieceType = {' '.join(shogi)}")
    mandatory = any(p.mandatory_promotion for p in v.pieces)
    out.append(f"mandatoryPawnPromotion = {'true' if mandatory or targets else 'false'}")
    return out


def _double_step_lines(v: Variant, pawn: PieceType) -> list[str]:
    s = parse_fen(v.setup, v.files, v.ranks)
    white = sorted({r + 1 for (f, r), t in s.board.items() if t == pawn.letter})
    black = sorted({r + 1 for (f, r), t in s.board.items() if t == pawn.letter.lower()})
    out = []
    if white:
        out.append(f"doubleStepRegionWhite = {' '.join(f'*{r}' for r in white)}")
    if black:
        out.append(f"doubleStepRegionBlack = {' '.join(f'*{r}' for r in black)}")
    return out


def _castling_lines(v: Variant, letters: dict[str, str]) -> list[str]:
    rights = v.castling
    if rights in ("-", "") or not v.setup:
        return ["castling = false"]
    s = parse_fen(v.setup, v.files, v.ranks)
    king = next(((f, r) for (f, r), t in s.board.items() if t == "K"), None)
    if king is None:
        return ["castling = false"]
    step = (v.files + 2) // 4          # XBoard's built-in castling distance (moves.c ``GenLegal``)
    k = v.piece("K")
    m = re.search(r"O([0-9]{1,4})", k.notation) if k else None
    if m and int(m[1]) > 0:
        step = int(m[1])               # an O<n> on the King replaces the built-in distance
    ks, qs = king[0] + step, king[0] - step
    if not (0 <= qs < ks < min(v.files, len(_FILES))):
        return ["castling = false"]
    out = ["castling = true", f"castlingKingsideFile = {_FILES[ks]}",
           f"castlingQueensideFile = {_FILES[qs]}", f"castlingRank = {king[1] + 1}"]
    # the corner pieces castle with the King; Fairy-Stockfish assumes its own rook type
    # unless told (parser.cpp castlingRookPieces)
    corners = {t for t in (s.board.get((0, king[1])), s.board.get((v.files - 1, king[1])))
               if t is not None}
    rooks = sorted({letters[base_letter(t)] for t in corners if base_letter(t) in letters})
    if rooks:
        out.append(f"castlingRookPieces = {''.join(rooks)}")
    if "K" in letters:
        out.append(f"castlingKingPiece = {letters['K']}")
    return out


# -- import ----------------------------------------------------------------------------------
def read(text: str, name: str | None = None, file: str = "", use_designer: bool = True) -> Variant:
    """The variant of section ``name`` (default: the last section) of a variants.ini text."""
    sections = parse_sections(text, file)
    if not sections:
        raise FormatError("no [section] found: not a variants.ini file", file, 1)
    by_name: dict[str, Section] = {}
    target = None
    for s in sections:
        if name is None or s.name == name:
            target = s
            if name is not None:
                break
        by_name[s.name] = s
    if target is None:
        raise FormatError(f"no section [{name}] (sections: "
                          f"{', '.join(s.name for s in sections[:20])})", file, 0)
    if use_designer:
        # our own data sits in the comments just before the section header
        comments = _comments_before(text, target, file)
        v = read_designer(comments) if comments else None
        if v is not None:
            return v
    earlier = {k: s for k, s in by_name.items() if s is not target}
    return from_keys(target.name, resolved(target, earlier, file), file)


def sections(text: str, file: str = "") -> list[str]:
    """Names of the sections of a variants.ini text (for a chooser)."""
    return [s.name for s in parse_sections(text, file)]


def _comments_before(text: str, target: Section, file: str) -> list[Comment]:
    lines = text.split("\n")[:target.line - 1]
    out = []
    for no in range(len(lines), 0, -1):
        raw = lines[no - 1].strip()
        if raw.startswith(";"):
            out.append(Comment(raw[1:], no, file))
        elif raw.startswith("#") or not raw:
            continue
        else:
            break
    return list(reversed(out))


def _bool(value: str) -> bool:
    return value.strip().lower() == "true"


def _region_depth(value: str, ranks: int, white: bool, key: str = "", file: str = "",
                  line: int = 0) -> int:
    found = {read_number(m, key, file, line) for m in re.findall(r"\*([0-9]+)", value)} | \
            {read_number(m, key, file, line) for m in re.findall(r"[a-z]([0-9]+)", value)}
    found = {r for r in found if 1 <= r <= ranks}
    if not found:
        return 0
    return ranks - min(found) + 1 if white else max(found)


def from_keys(name: str, keys: dict[str, tuple[str, int]], file: str = "") -> Variant:
    """A model from a section's resolved keys."""
    known = pieces_data()

    def get(key: str, default: str = "") -> str:
        return keys[key][0] if key in keys else default

    def line(key: str) -> int:
        return keys[key][1] if key in keys else 0

    def size(key: str, default: int) -> int:
        value = get(key, str(default)).strip().lower()
        if value[:1].isdigit():
            number = read_number(value, key + " =", file, line(key))
            if 1 <= number <= 26:
                return number
        index = file_index(value)
        if index is not None:
            return index + 1
        raise FormatError(f"{key} = {value[:20]!r} is not a board size", file, line(key))

    files, ranks = size("maxFile", 8), size("maxRank", 8)
    found: dict[str, PieceType] = {}
    double = _bool(get("doubleStep", "true"))
    declared = 0
    for key, (value, no) in keys.items():
        m = re.fullmatch(r"customPiece([0-9]+)", key)
        if key in known or key == "king" or m:
            value = value.strip()
            if value == "-" or not value:
                continue
            declared += 1
            if declared > MAX_PIECE_TYPES:
                raise FormatError(f"more than {MAX_PIECE_TYPES} pieces (a variant has at most "
                                  f"{MAX_PIECE_TYPES} piece types)", file, no)
            letter, _, betza = value.partition(":")
            if len(letter) != 1 or not letter.isalpha() or not letter.isascii():
                raise FormatError(f"{key} = {value[:30]!r}: expected one letter", file, no)
            if key in known:
                pname, notation = known[key]
                if key == "pawn" and double:
                    notation = PAWN_FULL
            elif key == "king":
                pname, notation = "King", "K"
            else:
                pname, notation = f"Custom Piece {m[1] if m else '?'}", ""
            if betza:
                notation = _from_fsf_betza(betza)
            try:
                parse(notation)
            except (NotationError, RecursionError, ValueError) as e:
                raise FormatError(f"{key}: {e}", file, no) from None
            found[letter.upper()] = PieceType(letter.upper(), pname, notation,
                                              royal=key == "king")
    fen = get("startFen")
    promoted: dict[str, str] = {}
    for pair in get("promotedPieceType").split():
        a, _, b = pair.partition(":")
        if len(a) == 1 and len(b) == 1:
            promoted[a.upper()] = b.upper()
    used = set()
    if fen:
        try:
            used = {base_letter(t) for t in parse_fen(fen, files, ranks).board.values()}
        except FenError as e:
            raise FormatError(f"startFen: {e.message}", file, line("startFen")) from None
    # a type used only as a Shogi-style promotion target becomes the +X form of its source
    rename: dict[str, str] = {}
    for src, dst in promoted.items():
        if dst in found and dst not in used and dst not in rename and src in found and \
                list(promoted.values()).count(dst) == 1:
            rename[dst] = "+" + src
    pieces = []
    zone_w = _region_depth(get("promotionRegionWhite", "*8" if ranks == 8 else f"*{ranks}"),
                           ranks, True, "promotionRegionWhite", file, line("promotionRegionWhite"))
    pawn_types = {c.upper() for c in get("promotionPawnTypes", "p") if c.isalpha()}
    targets = tuple(c.upper() for c in get("promotionPieceTypes", "nbrq") if c.isalpha()
                    and c.upper() in found)
    for letter, p in found.items():
        p = replace(p, letter=rename.get(letter, letter))
        if letter in pawn_types and targets:
            p = replace(p, promotions=targets)
        if letter in promoted and promoted[letter] in found:
            p = replace(p, promotes_to=rename.get(promoted[letter], promoted[letter]))
        pieces.append(p)
    # the XBoard table (if any) keeps each piece's slot, hence its image in XBoard
    try:
        slots = {letter: slot for slot, letter in parse_table(get("pieceToCharTable")).items()} \
            if get("pieceToCharTable") else {}
    except FormatError:
        slots = {}
    pieces = [replace(p, slot=slots[p.letter]) if p.letter in slots else p for p in pieces]
    drops = _bool(get("pieceDrops", "false"))
    holdings = min(ranks, len([p for p in pieces if not p.royal and
                               not p.letter.startswith("+")])) if drops else 0
    if fen and drops and "[" not in fen:
        fen = fen.replace(" ", "[-] ", 1)
    if fen:
        s = parse_fen(fen, files, ranks)
        if not _bool(get("castling", "true")):
            s = replace(s, castling="-")
        fen = write_fen(s)
    return Variant(name=name, files=files, ranks=ranks, pieces=tuple(pieces), setup=fen,
                   holdings=holdings, drops=drops, promotion_zone=max(0, zone_w),
                   parent="shogi" if rename else "crazyhouse" if drops else "fairy")


def _from_fsf_betza(text: str) -> str:
    """Fairy-Stockfish's reading in our dialect: its L and J are our C (3,1) and Z (3,2)."""
    return text.replace("L", "C").replace("J", "Z")

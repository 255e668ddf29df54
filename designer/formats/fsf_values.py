"""Reading one Fairy-Stockfish option value as its parser reads it (``src/parser.cpp``: the
``set()`` specialisations and ``parse_attribute``), typed.

Every reader returns the value Fairy-Stockfish ends up with, and, when the text is not a valid
value of its type, a ``problem`` saying so and what the engine makes of it (its ``check``
command reports the same lines as "Invalid value"). ``fatal`` marks text the engine cannot
take at all: it would crash (``std::stoi`` on ``*x``) or drop the variant (a board larger
than it has), so the reader must refuse the section.

Values: ``Bitboard`` -> frozenset of 0-based ``(file, rank)`` squares (wildcards span the
widest board we hold; a section's own board is applied later); ``Rank``/``File`` -> 0-based
index; ``PieceType`` -> a piece key (``"knight"``, ``"customPiece1"``), ``"*"`` for any piece,
None for none; ``PieceSet`` -> frozenset of those; ``Value`` and the enums -> their word.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from .fsf_options import ALL, CHOICES, FILES, RANKS, SPAN, Kind, Square
from ..geometry.board import FILE_LETTERS, file_index

PieceOf = Callable[[str], "str | None"]      # an upper-case letter -> the piece key that has it
_INT = re.compile(r"\s*([+-]?[0-9]+)")
MAX_INT_DIGITS = 9


@dataclass(frozen=True, slots=True)
class Reading:
    """A value as the engine reads it; ``problem`` when the text is not a valid value."""

    value: object
    problem: str = ""
    fatal: bool = False


def _int(text: str) -> tuple[int | None, str]:
    """``ss >> int``: leading blanks, a sign, digits; the rest of the text is not looked at."""
    m = _INT.match(text)
    if m is None:
        return None, f"{text[:20]!r} is not a number"
    digits = m[1].lstrip("+-")
    if len(digits) > MAX_INT_DIGITS:
        return None, f"a number of {len(digits)} digits is out of range"
    return int(m[1]), ""


def read_int(text: str) -> Reading:
    n, problem = _int(text)
    if n is None:
        return Reading(0, f"{problem}: Fairy-Stockfish reads 0")
    return Reading(n)


def _whole(text: str) -> tuple[int | None, str]:
    """A number and nothing else: the board's size and other ranks and files are refused
    when more follows (the engine would read ``1_0`` as 1 and ignore the rest)."""
    n, problem = _int(text)
    if n is not None and not re.fullmatch(r"\s*[+-]?[0-9]+\s*", text):
        return None, f"{text[:20]!r} is not a number (the engine would read {n} and ignore " \
            "the rest)"
    return n, problem


def read_rank(text: str) -> Reading:
    n, problem = _whole(text)
    if n is None or not 1 <= n <= SPAN:
        return Reading(0, problem or f"rank {n} is not 1..{RANKS}", fatal=True)
    if n > RANKS:
        return Reading(n - 1, f"rank {n}: Fairy-Stockfish has at most {RANKS} ranks and does "
                       "not load a variant beyond them")
    return Reading(n - 1)


def read_file(text: str) -> Reading:
    s = text.lstrip()
    if s[:1].isdigit():
        n, problem = _whole(s)
        index = -1 if n is None else n - 1
    else:
        found = file_index(s[:1])
        index = -1 if found is None else found
        problem = ""
    if not 0 <= index < SPAN:
        return Reading(0, problem or f"file {text[:10]!r} is not 1..{FILES} or a..l",
                       fatal=True)
    if index >= FILES:
        return Reading(index, f"file {text[:10]!r}: Fairy-Stockfish has at most {FILES} files "
                       "and does not load a variant beyond them")
    return Reading(index)


def read_bool(text: str) -> Reading:
    if text in ("true", "false"):
        return Reading(text == "true")
    return Reading(False, f"{text[:20]!r} is not true or false: Fairy-Stockfish reads false")


def read_choice(kind: Kind, text: str) -> Reading:
    words = CHOICES[kind]
    if text in words:
        return Reading(text)
    if kind is Kind.COUNTING_RULE and text == "cambodian":
        return Reading(text, "Fairy-Stockfish's check calls cambodian invalid here but plays it")
    return Reading("none", f"{text[:20]!r} is not one of {', '.join(words)}: Fairy-Stockfish "
                   "reads none")


def read_castling_rights(text: str) -> Reading:
    out = ""
    bad = ""
    for ch in text:
        if ch.isspace():
            continue
        if ch == "-":
            break
        if ch in "KQkq":
            out += ch if ch not in out else ""
        else:
            bad += ch
    if bad:
        return Reading(out, f"{bad[:10]!r} are not castling rights (K Q k q): left out")
    return Reading(out)


def read_bitboard(text: str) -> Reading:
    """Squares ``a1``, whole ranks ``*8``, whole files ``a*``; ``-`` ends the list. A bad token
    ends it too (the squares before it stay), as in the engine."""
    squares: set[Square] = set()
    for symbol in text.split():
        if symbol == "-":
            break
        if symbol.endswith("*"):
            if len(symbol) == 2 and symbol[0].isascii() and symbol[0].isalpha():
                f = FILE_LETTERS.index(symbol[0].lower())
                if f >= SPAN:
                    return Reading(frozenset(squares), f"file {symbol!r} is beyond z")
                squares |= {(f, r) for r in range(SPAN)}
                continue
            return Reading(frozenset(squares), f"{symbol!r} is not a square, *rank or file*")
        if symbol.startswith("*"):
            n, why = _int(symbol[1:])
            if n is None:
                # std::stoi throws: the engine stops on this line
                return Reading(frozenset(squares), f"{symbol[:20]!r}: {why} after * "
                               "(Fairy-Stockfish crashes on it)", fatal=True)
            if not 1 <= n <= SPAN:
                return Reading(frozenset(squares), f"rank {symbol!r} is not 1..{RANKS}")
            squares |= {(f, n - 1) for f in range(SPAN)}
            continue
        if symbol[0].isascii() and symbol[0].isalpha() and len(symbol) > 1:
            f = FILE_LETTERS.index(symbol[0].lower())
            n, why = _int(symbol[1:])
            if n is None:
                return Reading(frozenset(squares), f"{symbol[:20]!r}: {why} after the file "
                               "(Fairy-Stockfish crashes on it)", fatal=True)
            if not (1 <= n <= SPAN and f < SPAN):
                return Reading(frozenset(squares), f"square {symbol!r} is off the "
                               f"{FILES}x{RANKS} board")
            squares.add((f, n - 1))
            continue
        return Reading(frozenset(squares), f"{symbol!r} is not a square, *rank or file*")
    return Reading(frozenset(squares))


def _piece_tokens(text: str, piece_of: PieceOf) -> tuple[list[str], str]:
    """The piece keys of a letter list (``*`` = any piece), up to the first letter no piece
    has; the problem names that letter."""
    out: list[str] = []
    for ch in text:
        if ch.isspace():
            continue
        if ch == "*":
            out.append(ALL)
            continue
        key = piece_of(ch.upper())
        if key is None:
            if ch == "-":
                return out, ""
            return out, f"no piece has the letter {ch!r}: the list ends before it"
        out.append(key)
    if not out and not text.strip():
        return out, "an empty value is no piece"
    return out, ""


def read_piece_set(text: str, piece_of: PieceOf) -> Reading:
    keys, problem = _piece_tokens(text, piece_of)
    return Reading(frozenset(keys), problem)


def read_piece_type(text: str, piece_of: PieceOf) -> Reading:
    """The last piece named wins (the parser assigns each in turn); none = None."""
    keys, problem = _piece_tokens(text, piece_of)
    return Reading(keys[-1] if keys else None, problem)


def read_piece_counts(text: str, piece_of: PieceOf) -> Reading:
    """``q:1 r:2`` -> ((key, 1), (key, 2)); stops at the first bad entry."""
    out: list[tuple[str, int]] = []
    for entry in text.split():
        letter, sep, count = entry[:1], entry[1:2], entry[2:]
        key = piece_of(letter.upper()) if letter else None
        n, _ = _int(count) if sep else (None, "")
        if key is None or n is None:
            return Reading(tuple(out), f"{entry[:20]!r} is not letter:number of a piece "
                           "(the list ends before it)")
        out.append((key, n))
    return Reading(tuple(out))


def read_promoted_types(text: str, piece_of: PieceOf) -> Reading:
    """``p:g s:g b:-`` -> ((pawn key, gold key), …, (bishop key, None))."""
    out: list[tuple[str, str | None]] = []
    chars = [c for c in text if not c.isspace()]
    i = 0
    while i < len(chars):
        if i + 2 >= len(chars):
            return Reading(tuple(out), f"{''.join(chars[i:])!r} is not letter:letter")
        src = piece_of(chars[i].upper())
        dst_char = chars[i + 2]
        dst = None if dst_char == "-" else piece_of(dst_char.upper())
        if src is None or (dst is None and dst_char != "-"):
            return Reading(tuple(out), f"{''.join(chars[i:i + 3])!r} names a letter no piece "
                           "has (the list ends before it)")
        out.append((src, dst))
        i += 3
    return Reading(tuple(out))


_PLAIN: dict[Kind, Callable[[str], Reading]] = {
    Kind.BOOL: read_bool, Kind.INT: read_int, Kind.RANK: read_rank, Kind.FILE: read_file,
    Kind.TEXT: Reading, Kind.BITBOARD: read_bitboard, Kind.CASTLING_RIGHTS: read_castling_rights}
_OF_PIECES: dict[Kind, Callable[[str, PieceOf], Reading]] = {
    Kind.PIECE_SET: read_piece_set, Kind.PIECE_TYPE: read_piece_type,
    Kind.PIECE_COUNTS: read_piece_counts, Kind.PROMOTED_TYPES: read_promoted_types}


def read(kind: Kind, text: str, piece_of: PieceOf) -> Reading:
    """The value of ``text`` read as ``kind``."""
    if kind in _PLAIN:
        return _PLAIN[kind](text)
    if kind in _OF_PIECES:
        return _OF_PIECES[kind](text, piece_of)
    return read_choice(kind, text)


__all__ = ["Reading", "read", "read_bitboard", "read_bool", "read_int", "read_rank",
           "read_file", "read_piece_set", "read_piece_type", "PieceOf"]

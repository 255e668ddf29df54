"""XBoard FEN in and out (as backend.c ``ParseFEN`` reads it): any board size, multi-digit
empty runs, holes, promoted ``+X`` and ``X~`` pieces, dressed letters ``X'``/``X!`` and
holdings ``[...]``.

Squares are ``(file, rank)`` 0-based; rank 0 is White's first rank (the last FEN row).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field

from ..errors import DesignerError, Location
from ..geometry.board import FILE_LETTERS

_DIGITS = "0123456789"
MAX_SIDE = 99          # FEN boards we accept at all; the model limits further
from ..vocabulary import BLACK, WHITE, Side  # noqa: F401  (BLACK, WHITE re-exported)


class FenError(DesignerError):
    """A FEN that cannot be read; ``column`` is the 0-based position in the text."""

    def __init__(self, message: str, column: int = 0):
        self.column = column
        super().__init__(message, Location(column, column + 1))

    def __str__(self) -> str:
        return f"FEN column {self.column + 1}: {self.message}"


@dataclass(frozen=True)
class Setup:
    """A position as a FEN holds it. ``board`` maps squares to piece tokens, upper case for
    White and lower case for Black (``"N"``, ``"+p"``, ``"Q~"``, ``"n'"``); ``hand`` lists the
    pieces in hand the same way."""

    files: int
    ranks: int
    board: dict[tuple[int, int], str] = field(default_factory=dict)
    holes: frozenset[tuple[int, int]] = frozenset()
    hand: tuple[str, ...] | None = None     # None = no holdings field
    side: Side = WHITE
    castling: str = "-"
    ep: str = "-"
    halfmove: int = 0
    fullmove: int = 1
    checks: tuple[int, int] | None = None   # checks White and Black still need (3check: 3+3)


def side_of(token: str) -> Side:
    """'white' or 'black' for a piece token (by the case of its letter)."""
    letter = next(ch for ch in token if ch.isalpha())
    return WHITE if letter.isupper() else BLACK


def base_letter(token: str) -> str:
    """The piece type letter of a token in upper case, keeping '+' and dressed suffixes
    (``"+p"`` -> ``"+P"``, ``"n'"`` -> ``"N'"``, ``"Q~"`` -> ``"Q"``)."""
    return token.replace("~", "").upper()


def _read_piece(text: str, i: int) -> tuple[str, int]:
    start = i
    tok = ""
    if text[i] == "+":
        tok, i = "+", i + 1
    if i >= len(text) or not text[i].isalpha() or not text[i].isascii():
        raise FenError(f"expected a piece letter, found {text[i:i + 1]!r}", i)
    tok += text[i]
    i += 1
    while i < len(text) and text[i] in "'!~" and len(tok) - (tok[0] == "+") < 3:
        tok += text[i]
        i += 1
    del start
    return tok, i


@dataclass(frozen=True, slots=True)
class FenFields:
    """A FEN text cut into its fields without reading them (any text cuts): the placement, the
    pieces in hand (``[...]`` after it, "" when none), side to move, castling rights, e.p.
    square and the two counters, each "" when the text has no such field."""

    placement: str = ""
    hand: str = ""
    side: str = ""
    castling: str = ""
    ep: str = ""
    halfmove: str = ""
    fullmove: str = ""


def fields(text: str) -> FenFields:
    """The fields of a FEN text, unread (``parse_fen`` reads and checks them): for comparing
    two setups field by field and for one field of a FEN that may not read."""
    head, *rest = text.split()[:6] or [""]
    placement, _, hand = head.partition("[")
    return FenFields(placement, hand.rstrip("]"), *rest)


def parse_fen(text: str, files: int | None = None, ranks: int | None = None) -> Setup:
    """Read an XBoard FEN. ``files``/``ranks``, when given, must match the board it describes."""
    if len(text) > 100_000:
        raise FenError("FEN longer than 100000 characters", 0)
    text = text.strip()
    if not text:
        raise FenError("empty FEN", 0)
    board_end = len(text)
    for stop in (" ", "["):
        k = text.find(stop)
        if k != -1:
            board_end = min(board_end, k)
    rows_text = text[:board_end]
    rows: list[list[str | None]] = []
    row: list[str | None] = []
    i = 0
    while i < len(rows_text):
        ch = rows_text[i]
        if ch == "/":
            rows.append(row)
            row = []
            i += 1
        elif ch in _DIGITS:
            j = i
            while j < len(rows_text) and rows_text[j] in _DIGITS:
                j += 1
            n = int(rows_text[i:j]) if j - i <= 3 else MAX_SIDE + 1
            if n > MAX_SIDE or n == 0:
                raise FenError(f"empty run {rows_text[i:j]} is not 1..{MAX_SIDE}", i)
            row.extend([None] * n)
            i = j
        elif ch == "*":
            row.append("*")
            i += 1
        else:
            tok, i = _read_piece(rows_text, i)
            row.append(tok)
        if len(row) > MAX_SIDE or len(rows) > MAX_SIDE:
            raise FenError(f"board larger than {MAX_SIDE} squares in a direction", i)
    rows.append(row)
    width = len(rows[0])
    for k, r in enumerate(rows):
        if len(r) != width:
            raise FenError(f"rank {len(rows) - k} has {len(r)} squares, the first has {width}", 0)
    if width == 0:
        raise FenError("the board has no files", 0)
    if files is not None and width != files:
        raise FenError(f"the FEN has {width} files, the board {files}", 0)
    if ranks is not None and len(rows) != ranks:
        raise FenError(f"the FEN has {len(rows)} ranks, the board {ranks}", 0)
    height = len(rows)
    board: dict[tuple[int, int], str] = {}
    holes = set()
    for k, r in enumerate(rows):
        rank = height - 1 - k
        for f, cell in enumerate(r):
            if cell == "*":
                holes.add((f, rank))
            elif cell is not None:
                board[(f, rank)] = cell
    rest = text[board_end:]
    hand: tuple[str, ...] | None = None
    pos = board_end
    if rest.startswith("["):
        close = rest.find("]")
        if close == -1:
            raise FenError("holdings '[' without ']'", pos)
        hand = _read_hand(rest[1:close], pos + 1)
        rest = rest[close + 1:]
        pos += close + 1
    fields = rest.split()
    fields, checks = _check_counts(fields, pos)
    side: Side = WHITE
    if fields:
        if fields[0] not in ("w", "b"):
            raise FenError(f"side to move must be w or b, not {fields[0]!r}", pos)
        side = WHITE if fields[0] == "w" else BLACK
    # XBoard leaves out the fields a variant has no use for (backend.c PositionToFEN): the
    # castling field without castling rights (shogi, xiangqi: "w 0 1"), the e.p. field where
    # pawns have no double step (chu, grand: "w - 0 1"); Fairy-Stockfish does the same.
    counters = [f for f in fields[1:] if f.isdecimal() and f.isascii()]
    if len(fields) == 3 and len(counters) == 2:
        fields = [fields[0], "-", "-", fields[1], fields[2]]
    elif len(fields) == 4 and fields[2:] == counters and not fields[1].isdecimal():
        fields = [fields[0], fields[1], "-", fields[2], fields[3]]
    castling = fields[1] if len(fields) > 1 else "-"
    if not all(c.isalpha() or c == "-" for c in castling):
        raise FenError(f"bad castling field {castling!r}", pos)
    ep = fields[2] if len(fields) > 2 else "-"
    why = _ep_problem(ep, width, height)
    if why:
        raise FenError(f"bad e.p. field {ep!r}: {why}", pos + max(0, rest.find(ep)))
    counters = fields[3:5]
    # ASCII digits only, and no more than any game reaches: int() would also take '١٠' or
    # '1_0', and stop with its own message on 4,300 digits
    if not all(c and len(c) <= 9 and all("0" <= d <= "9" for d in c) for c in counters):
        raise FenError("move counters must be numbers (at most 9 digits)", pos)
    half = int(fields[3]) if len(fields) > 3 else 0
    full = int(fields[4]) if len(fields) > 4 else 1
    if len(fields) > 5:
        raise FenError(f"unexpected text {' '.join(fields[5:])!r} after the FEN", pos)
    return Setup(width, height, board, frozenset(holes), hand, side, castling, ep, half, full,
                 checks)


def _ep_problem(ep: str, files: int, ranks: int) -> str:
    """Why the e.p. field does not read ("" when it does): ``-``, the square or squares a
    pawn's double or triple step passed (Fairy-Stockfish lists each, ``c5c6``, and may end the
    field with ``~``), or, under Fairy-Stockfish's counting rules, the counting limit (a
    number). The game reads the same field (``rules.fen``); checked here so that a start
    position the game cannot set up is refused where it is typed or read."""
    if ep == "-" or (ep.isdecimal() and ep.isascii()):
        return ""
    names = re.findall(r"[a-z][0-9]+", ep)
    if not names or "".join(names) != ep.removesuffix("~"):
        return "'-' or the square a pawn passed, e.g. e3"
    for name in names:
        f, r = FILE_LETTERS.index(name[0]), int(name[1:]) if len(name) <= 4 else 0
        if not (f < files and 1 <= r <= ranks) or name[1] == "0":
            return f"square {name} is not on the {files}x{ranks} board"
    return ""


def _check_counts(fields: list[str], pos: int) -> tuple[list[str], tuple[int, int] | None]:
    """The fields without the check counters of check-counting variants, and the checks each
    side still needs. Fairy-Stockfish (``position.cpp: Position::set``) reads them before the
    move counters (``3+3``: checks remaining) or, lichess style, after them (``+1+0``: checks
    given, out of three)."""
    checks = None
    for k, f in enumerate(fields[1:], 1):
        white, plus, black = f.partition("+")
        if plus and white.isdecimal() and black.isdecimal() and white.isascii() and \
                black.isascii():
            if len(white) > 2 or len(black) > 2:
                raise FenError(f"check counter {f!r} is not two small numbers", pos)
            checks = (int(white), int(black))
            fields = fields[:k] + fields[k + 1:]
            break
    last = fields[-1] if len(fields) > 1 else ""
    if last.startswith("+") and last.count("+") == 2:
        _, white, black = last.split("+")
        if not (white in "0123" and black in "0123" and white and black):
            raise FenError(f"check counter {last!r} is not +N+M with N, M in 0..3", pos)
        checks = (3 - int(white), 3 - int(black))
        fields = fields[:-1]
    return fields, checks


def _read_hand(text: str, offset: int) -> tuple[str, ...]:
    if text == "-" or text == "":
        return ()
    out = []
    i = 0
    while i < len(text):
        if text[i] in "-":
            i += 1
            continue
        tok, i2 = _read_piece(text, i) if text[i] != "+" else (text[i:i + 2], i + 2)
        out.append(tok)
        i = i2
        if len(out) > 10_000:
            raise FenError("too many pieces in hand", offset + i)
    return tuple(out)


def write_fen(setup: Setup) -> str:
    """The XBoard FEN of a position (holdings always bracketed when present)."""
    rows = []
    for rank in range(setup.ranks - 1, -1, -1):
        row = ""
        run = 0
        for f in range(setup.files):
            tok = "*" if (f, rank) in setup.holes else setup.board.get((f, rank))
            if tok is None:
                run += 1
                continue
            if run:
                row += str(run)
                run = 0
            row += tok
        if run:
            row += str(run)
        rows.append(row)
    text = "/".join(rows)
    if setup.hand is not None:
        whites = [t for t in setup.hand if side_of(t) == WHITE]
        blacks = [t for t in setup.hand if side_of(t) == BLACK]
        text += "[" + ("".join(whites + blacks) or "-") + "]"
    text += f" {'w' if setup.side == WHITE else 'b'} {setup.castling or '-'} {setup.ep or '-'}"
    if setup.checks is not None:
        text += f" {setup.checks[0]}+{setup.checks[1]}"
    text += f" {setup.halfmove} {setup.fullmove}"
    return text


def letters_used(setup: Setup) -> set[str]:
    """Upper-case type letters of every piece on the board or in hand."""
    return {base_letter(t) for t in list(setup.board.values()) + list(setup.hand or ())}


def renamed_token(token: str, letters: Mapping[str, str]) -> str:
    """A piece token with its letter renamed by ``letters`` (our upper-case letter -> the other
    side's, in either case): the piece's side (its case) and ``~`` kept; a promoted ``+X`` not
    named itself follows ``X`` (XBoard and Fairy-Stockfish read ``+X`` as X promoted). A letter
    ``letters`` does not name stays."""
    base = base_letter(token)
    new = letters.get(base)
    if new is None and base.startswith("+") and base[1:] in letters:
        new = "+" + letters[base[1:]]
    if new is None:
        return token
    new = new.upper() if side_of(token) == WHITE else new.lower()
    return new + "~" if token.endswith("~") else new


def rename_fen(text: str, letters: Mapping[str, str]) -> str:
    """A FEN with each piece letter renamed by ``letters`` (``renamed_token``), on the board
    and in the holdings; every other character is kept as written, so a text that does not
    read as a FEN is renamed as far as it goes and never refused. The one renamer: our letters
    to an engine's or a parent variant's, and back."""
    head, sep, tail = text.partition(" ")
    out = []
    i = 0
    while i < len(head):
        ch = head[i]
        if ch.isascii() and (ch.isalpha() or ch == "+" and head[i + 1:i + 2].isalpha()
                               and head[i + 1].isascii()):
            token, i = _read_piece(head, i)
            out.append(renamed_token(token, letters))
        else:
            out.append(ch)
            i += 1
    return "".join(out) + sep + tail


def empty_fen(files: int, ranks: int) -> str:
    return write_fen(Setup(files, ranks))

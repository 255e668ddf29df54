"""Whole-position edits of a variant's start position, as pure functions (no Qt).

Each takes a frozen ``Variant`` and returns a new one, so the window pushes the pair as one undo
step. The FEN is read and written with ``fen`` (holes, side to move, e.p. square and counters
are kept unless the edit is about them).

Castling rights follow the FEN conventions XBoard reads (backend.c ``ParseFEN``): ``K``/``Q``
(``k``/``q``) name the outermost castling partner on the king side (towards the h-file) and the queen side,
a file letter names the partner on that file (Shredder-FEN / X-FEN), upper case for White.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..geometry.board import file_index, file_letter
from .fen import FenError, Setup, base_letter, empty_fen, parse_fen, side_of, write_fen
from .castling import CastlingPartner, castling_partners, orphan_rights
from .limits import FULL_MESSAGE, MAX_PIECE_TYPES
from .model import Variant
from ..vocabulary import BLACK, WHITE, Side, Square

MAX_HAND = 99            # pieces of one kind in one hand (a spin box's range, not a rule)


def setup_of(v: Variant) -> Setup:
    """The start position; an empty board when the variant has none (FenError when unreadable)."""
    return parse_fen(v.setup or empty_fen(v.files, v.ranks), v.files, v.ranks)


def _with(v: Variant, s: Setup) -> Variant:
    return replace(v, setup=write_fen(s))


def token(letter: str, side: Side) -> str:
    """A piece type's FEN token for a side (``+P`` -> ``+p`` for Black)."""
    return letter if side == WHITE else letter.lower()


# -- whole board ---------------------------------------------------------------------------
def cleared(v: Variant) -> Variant:
    """Every piece taken off the board and out of the hands; holes, side to move and the
    holdings field stay; castling and e.p. rights go with the pieces."""
    s = setup_of(v)
    hand = () if s.hand is not None else None
    return _with(v, replace(s, board={}, hand=hand, castling="-", ep="-"))


def mirrored_for_black(v: Variant, rotate: bool = False) -> Variant:
    """Black's army made the mirror image of White's across the middle rank (``rotate``: turned
    half round instead, point symmetry as in Xiangqi-like setups with asymmetric armies).
    Black's old pieces go; a square White's own mirror image would land on keeps White's
    piece. White's hand is copied into Black's, White's castling rights become Black's too."""
    s = setup_of(v)
    board = {sq: t for sq, t in s.board.items() if side_of(t) == WHITE}
    for (f, r), t in sorted(board.items()):
        to = (v.files - 1 - f if rotate else f, v.ranks - 1 - r)
        if to not in board and to not in s.holes:
            board[to] = t.lower()
    hand = None
    if s.hand is not None:
        whites = tuple(t for t in s.hand if side_of(t) == WHITE)
        hand = whites + tuple(t.lower() for t in whites)
    rights = "".join(c for c in s.castling if c.isupper())
    black = rights.lower()
    if rotate:   # the king side is on the other wing for a rotated army
        black = black.translate(str.maketrans("kq", "qk"))
        black = "".join(file_letter(v.files - 1 - (file_index(c) or 0))
                        if c not in "kq" else c for c in black)
    castling = rights + black or "-"
    return _with(v, replace(s, board=board, hand=hand, castling=castling))


# -- holdings --------------------------------------------------------------------------------
def hand_counts(v: Variant) -> dict[str, int]:
    """How many of each token lie in hand at the start (``{"P": 2, "p": 2}``)."""
    out: dict[str, int] = {}
    for t in setup_of(v).hand or ():
        out[t] = out.get(t, 0) + 1
    return out


def with_hand_count(v: Variant, tok: str, count: int) -> Variant:
    """``count`` pieces of ``tok`` in hand (White's tokens upper case); the holdings field is
    added when the FEN had none. Order: White's then Black's, each in the variant's piece
    order, as XBoard writes holdings."""
    s = setup_of(v)
    counts = hand_counts(v)
    counts[tok] = max(0, min(MAX_HAND, count))
    order = {p.letter: i for i, p in enumerate(v.pieces)}

    def key(t: str) -> tuple[int, int, str]:
        return (side_of(t) == BLACK, order.get(base_letter(t), len(order)), t)

    hand = tuple(t for t in sorted(counts, key=key) for _ in range(counts[t]))
    return _with(v, replace(s, hand=hand))


def droppable(v: Variant) -> tuple[str, ...]:
    """The piece types that can be in hand: every type but royal ones and promoted forms
    (a captured promoted piece goes to the hand as its base type, as in Shogi)."""
    return tuple(p.letter for p in v.pieces if not p.royal and not p.letter.startswith("+"))


def with_drops(v: Variant, on: bool) -> Variant:
    """Drops switched on (holdings as large as the number of droppable types, at least one)
    or off (holdings and pieces in hand removed)."""
    s = setup_of(v)
    if on:
        size = max(1, min(len(droppable(v)), 66))
        return replace(_with(v, replace(s, hand=s.hand or ())), holdings=size, drops=True)
    return replace(_with(v, replace(s, hand=None)), holdings=0, drops=False)


# -- castling --------------------------------------------------------------------------------
def castling_rights(v: Variant) -> str:
    return setup_of(v).castling if v.setup else "-"


def with_right(v: Variant, right: str, on: bool) -> Variant:
    """The castling field with ``right`` (``K``, ``q``, a file letter) added or removed, kept in
    the usual order (White's first, king side before queen side, files after)."""
    s = setup_of(v)
    have = [c for c in s.castling if c != "-" and c != right]
    if on:
        have.append(right)

    def key(c: str) -> tuple[bool, int, str]:
        return (c.islower(), "KQkq".find(c) if c in "KQkq" else 9, c)

    return _with(v, replace(s, castling="".join(sorted(have, key=key)) or "-"))


def without_new_orphans(before: Variant, after: Variant) -> tuple[Variant, str]:
    """``after`` without the castling rights an edit from ``before`` left with nothing to
    castle with (a corner piece or the royal piece taken off), and those rights; rights that
    were already unusable before the edit are the user's to keep."""
    new = [c for c in orphan_rights(after) if c not in orphan_rights(before)]
    out = after
    for c in new:
        out = with_right(out, c, False)
    return out, "".join(new)


# -- promotion -------------------------------------------------------------------------------
def promotion_ranks(v: Variant, letter: str | None = None) -> tuple[range, range]:
    """(White's, Black's) promotion ranks: the far ``depth`` ranks of each side, the depth being
    the piece's own zone when it has one, else the variant's."""
    p = v.piece(letter) if letter else None
    depth = (p.promotion_zone if p is not None and p.promotion_zone else v.promotion_zone)
    depth = max(0, min(depth, v.ranks))
    return range(v.ranks - depth, v.ranks), range(0, depth)


# -- a FEN typed by hand ---------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class FenCheck:
    """What a typed FEN means for ``v``: ``setup`` when it can be used as it is; otherwise
    ``message`` at ``column`` (0-based) and, when it only describes a board of another size,
    that ``size`` (files, ranks) so the user can be offered to take it."""

    setup: Setup | None
    column: int = 0
    message: str = ""
    size: tuple[int, int] | None = None


def check_fen(v: Variant, text: str) -> FenCheck:
    """Read ``text`` as a start position of ``v``; problems come back positioned, never raised.
    Pieces must be piece types of the variant (checked token by token, so the column points at
    the first unknown one)."""
    from .model import MAX_FILES, MAX_RANKS
    try:
        free = parse_fen(text)
    except FenError as e:
        return FenCheck(None, e.column, e.message)
    if (free.files, free.ranks) != (v.files, v.ranks):
        size = (free.files, free.ranks) if free.files <= MAX_FILES and \
            free.ranks <= MAX_RANKS else None
        return FenCheck(None, 0, f"the FEN has {free.files}x{free.ranks} squares, the board "
                        f"{v.files}x{v.ranks}", size)
    letters = set(v.letters)
    i, n = 0, len(text)
    while i < n and text[i] != " ":          # the board and the hand: up to the first blank
        if text[i] == "[":
            close = text.find("]", i)
            n = close if close != -1 else n
        if text[i].isalpha():
            start = i - 1 if i and text[i - 1] == "+" else i
            j = i + 1
            while j < len(text) and text[j] in "'!~":
                j += 1
            tok = text[start:j]
            if base_letter(tok) not in letters:
                return FenCheck(None, start, f"{tok} is not a piece type of this variant")
            i = j
            continue
        i += 1
    if free.hand and not v.holdings:
        return FenCheck(None, text.find("["), "pieces in hand, but the variant has no drops "
                        "(switch drops on first)")
    return FenCheck(free)


# -- sample start positions ------------------------------------------------------------------
def sample_start(v: Variant, sample: Variant) -> tuple[Variant, list[str]]:
    """``v`` with the start position of ``sample``: its board size and setup; the piece types
    the sample's setup uses that ``v`` lacks are added from the sample, letters ``v`` already
    has keep ``v``'s pieces; holdings come along when the sample starts with a hand. Returns the
    variant and one sentence per thing the user should know. ValueError when the piece types
    to add would take the variant past ``MAX_PIECE_TYPES``."""
    notes: list[str] = []
    out = replace(v, files=sample.files, ranks=sample.ranks, setup=sample.setup)
    if not sample.setup:
        return replace(out, setup=""), [f"{sample.name} has no start position"]
    s = parse_fen(sample.setup, sample.files, sample.ranks)
    out, moved = rules_resized(out, v, s)
    notes += moved
    used = [base_letter(t) for t in list(s.board.values()) + list(s.hand or ())]
    added, kept = [], []
    for letter in dict.fromkeys(used):
        theirs, ours = sample.piece(letter), v.piece(letter)
        if ours is None and theirs is not None:
            out = out.with_piece(theirs)
            added.append(f"{theirs.name or letter} ({letter})")
        elif ours is not None and theirs is not None and \
                (ours.notation, ours.dialect) != (theirs.notation, theirs.dialect):
            kept.append(f"{letter} stays your {ours.name or letter}")
    if len(out.pieces) > MAX_PIECE_TYPES:
        raise ValueError(f"{sample.name}'s start position needs {len(added)} more piece types: "
                         f"{FULL_MESSAGE}")
    out, forms, cut = _with_promotions(out, sample, [a for a in dict.fromkeys(used)
                                                     if v.piece(a) is None])
    added += forms
    if added:
        notes.append("added " + ", ".join(added))
    if cut:
        notes.append("; ".join(cut) + f" (the piece types it becomes would take the variant "
                     f"past {MAX_PIECE_TYPES})")
    if kept:
        notes.append("; ".join(kept) + f" (in {sample.name} it is another piece)")
    if s.hand is not None and not v.holdings:
        out = replace(out, holdings=sample.holdings or len(droppable(out)), drops=True)
        notes.append("drops switched on, as the sample has holdings")
    return out, notes


def rules_resized(out: Variant, v: Variant, s: Setup | None) -> tuple[Variant, list[str]]:
    """``out`` (on a board of another size than ``v``, starting from ``s``) with ``v``'s rules
    made for its board size, and the notes of ``resized_rules``; castling's king file is where
    ``s`` has White's castling king on its castling rank, when it has one."""
    from ..rules.edits import resized_rules
    if v.rule_set is None or (v.files, v.ranks) == (out.files, out.ranks):
        return out, []
    c, king_file = v.rule_set.castling, None
    if c is not None and s is not None:
        on_rank = sorted(f for (f, r), t in s.board.items()
                         if r == c.rank - 1 and side_of(t) == WHITE
                         and base_letter(t) == c.king.white)
        king_file = on_rank[0] if on_rank else None
    rules, notes = resized_rules(v.rule_set, v.files, v.ranks, out.files, out.ranks, king_file)
    return replace(out, rule_set=rules), notes


def _with_promotions(out: Variant, sample: Variant, added: list[str]
                     ) -> tuple[Variant, list[str], list[str]]:
    """``out`` with the piece types that the pieces ``added`` from ``sample`` promote to (a
    Shogi piece's promoted form ``+L``, a pawn's choices), from the sample, and theirs in turn:
    without them the variant names pieces it does not have and cannot be saved. A promotion
    whose type ``out`` lacks and cannot take (the sample has none, or the variant is full) is
    dropped from the added piece. Returns the variant, the types brought (as notes name them)
    and a note per promotion dropped."""
    brought: list[str] = []
    cut: list[str] = []
    todo = list(added)
    while todo:
        piece = out.piece(todo.pop(0))
        if piece is None:
            continue
        for target in dict.fromkeys((*piece.promotions, piece.promotes_to)):
            if not target or out.piece(target) is not None:
                continue
            theirs = sample.piece(target)
            if theirs is not None and len(out.pieces) < MAX_PIECE_TYPES:
                out = out.with_piece(theirs)
                brought.append(f"{theirs.name or target} ({target})")
                todo.append(target)
                continue
            piece = replace(piece, promotions=tuple(t for t in piece.promotions if t != target),
                            promotes_to="" if piece.promotes_to == target else
                            piece.promotes_to)
            out = out.with_piece(piece)
            cut.append(f"{piece.letter} no longer promotes to {target}")
    return out, brought, cut


__all__ = ["setup_of", "token", "cleared", "mirrored_for_black", "hand_counts",
           "with_hand_count", "droppable", "with_drops", "castling_rights", "with_right",
           "CastlingPartner", "castling_partners", "promotion_ranks", "FenCheck", "check_fen",
           "sample_start", "rules_resized", "orphan_rights", "without_new_orphans", "MAX_HAND"]

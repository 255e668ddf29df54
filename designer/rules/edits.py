"""A rule set following its variant's piece types: a type renamed or removed is renamed or
removed in every rule that names it (promotions and forms, drops, castling, royalty, the ends of
the game, Chu's Lions), so that one edit of the variant leaves its rules consistent; and a rule
set following a board resize (castling files, regions), so that it still fits the board."""

from __future__ import annotations

from dataclasses import fields, is_dataclass, replace
from typing import Any, Callable

from ..geometry.board import FILE_LETTERS, square_name
from .letters import map_letters
from .numbers import clamped
from .model import Castling, RuleSet
from .regions import Region, Sided

__all__ = ["renamed_letter", "without_letter", "anchored_rank", "resized_rules"]



def renamed_letter(rules: RuleSet, old: str, new: str) -> RuleSet:
    """``rules`` with the piece letter ``old`` called ``new`` everywhere."""
    def swap(letter: str) -> str | None:
        return new if letter == old else letter
    return _mapped(rules, swap)


def without_letter(rules: RuleSet, letter: str) -> RuleSet:
    """``rules`` without the piece letter ``letter``: dropped from every list, and rules that
    were only about it (its promotion, its own piece rules) removed."""
    def drop(x: str) -> str | None:
        return None if x == letter else x
    return _mapped(rules, drop)


def _mapped(rules: RuleSet, fn: Callable[[str], str | None]) -> RuleSet:
    """Every field holding piece letters (found by type: ``letters``) mapped by ``fn``; a
    type's own piece rules go with its letter, a promotion with its last promoting piece."""
    out = map_letters(rules, fn)
    assert isinstance(out, RuleSet)
    pieces = tuple(p for p in out.pieces if p.letter)
    promotions = tuple(p for p in out.promotions if p.pieces)
    if (pieces, promotions) != (out.pieces, out.promotions):
        out = replace(out, pieces=pieces, promotions=promotions)
    return out


# -- following a board resize ---------------------------------------------------------------
def anchored_rank(rank: int, old: int, new: int) -> int:
    """Where a rank (0 = White's first) goes when the board gets ``new`` ranks instead of
    ``old``: the lower half keeps its distance from White's side, the upper half from Black's,
    so both armies (and the zones near them) stay on their own edge."""
    return rank if 2 * rank < old else rank + new - old


def resized_rules(rules: RuleSet, old_files: int, old_ranks: int, files: int, ranks: int,
                  king_file: int | None = None) -> tuple[RuleSet, list[str]]:
    """``rules`` made for a ``files`` x ``ranks`` board instead of ``old_files`` x
    ``old_ranks``, with one sentence per thing the user should know.

    Castling files keep their distance from their own edge: the kingside target and rook from
    the last file, the queenside ones from the first; the king stands on ``king_file`` (where
    the new setup has it) or keeps its file, moved onto the board. Castling that no longer
    fits between its rooks is dropped. Regions keep their ranks' distance from their side's
    edge (``anchored_rank``, as the setup does) and their files; squares off the new board
    are left out."""
    notes: list[str] = []
    out = _map_regions(rules, lambda r: _resized_region(r, old_ranks, files, ranks))
    assert isinstance(out, RuleSet)
    c = out.castling
    if c is not None:
        moved = _resized_castling(c, old_files, files, ranks, king_file)
        if moved is None:
            notes.append(f"castling dropped: it does not fit on a {files}x{ranks} board")
        out = replace(out, castling=moved)
    out, lowered = clamped(out, files, ranks)          # counts and lines longer than the board
    return out, notes + lowered


def _resized_castling(c: Castling, old_files: int, files: int, ranks: int,
                      king_file: int | None) -> Castling | None:
    def from_last(f: int) -> int:
        return files - 1 - (old_files - 1 - f)

    king = min(c.king_file, files - 1) if king_file is None else king_file
    out = replace(c, king_file=king, kingside_to=from_last(c.kingside_to),
                  kingside_rook=None if c.kingside_rook is None else from_last(c.kingside_rook))
    if c.chess960:
        return out if files >= 3 and c.rank <= ranks else None
    kingside_rook = files - 1 if out.kingside_rook is None else out.kingside_rook
    fits = (c.rank <= ranks and 0 <= out.queenside_rook < king < kingside_rook < files
            and 0 <= out.queenside_to <= files - 2 and 1 <= out.kingside_to <= files - 1)
    return out if fits else None


def _map_regions(value: Any, fn: Callable[[Region], Region]) -> Any:
    """``value`` (a rule set or any part of it) rebuilt with every region mapped by ``fn``."""
    if isinstance(value, Region):
        return fn(value)
    if isinstance(value, Sided):
        return Sided(_map_regions(value.white, fn), _map_regions(value.black, fn))
    if isinstance(value, tuple):
        return tuple(_map_regions(x, fn) for x in value)
    if is_dataclass(value) and not isinstance(value, type):
        changes = {}
        for f in fields(value):
            old = getattr(value, f.name)
            new = _map_regions(old, fn)
            if new is not old and new != old:
                changes[f.name] = new
        return replace(value, **changes) if changes else value
    return value


def _resized_region(region: Region, old_ranks: int, files: int, ranks: int) -> Region:
    """One region on the new board: whole ranks, squares and rectangle corners anchored as
    ``anchored_rank`` says; terms (or the parts of rectangles) off the new board left out.
    Text that does not read is kept as written, for validation to report."""
    terms: list[str] = []
    for raw in region.text.split():
        term = raw.lower()
        if term in ("-", "*") or (term.endswith("*") and len(term) == 2):
            if term.endswith("*") and len(term) == 2 and FILE_LETTERS.find(term[0]) >= files:
                continue                      # a file the board no longer has
            terms.append(raw)
        elif term.startswith("*"):
            digits = term[1:]
            if not digits.isdigit() or not digits.isascii():
                terms.append(raw)
                continue
            r = anchored_rank(int(digits) - 1, old_ranks, ranks)
            if 0 <= r < ranks:
                terms.append(f"*{r + 1}")
        elif "-" in term:
            a, _, b = term.partition("-")
            sa, sb = _square_of(a), _square_of(b)
            if sa is None or sb is None:
                terms.append(raw)
                continue
            (f1, r1), (f2, r2) = sa, sb
            r1, r2 = (anchored_rank(r, old_ranks, ranks) for r in (r1, r2))
            lo_f, hi_f = min(f1, f2), min(max(f1, f2), files - 1)
            lo_r, hi_r = max(min(r1, r2), 0), min(max(r1, r2), ranks - 1)
            if lo_f <= hi_f and lo_r <= hi_r:
                terms.append(f"{square_name((lo_f, lo_r))}-{square_name((hi_f, hi_r))}")
        else:
            sq = _square_of(term)
            if sq is None:
                terms.append(raw)
                continue
            f, r = sq[0], anchored_rank(sq[1], old_ranks, ranks)
            if f < files and 0 <= r < ranks:
                terms.append(square_name((f, r)))
    text = " ".join(terms)
    if text == " ".join(region.text.split()):
        return region
    return replace(region, text=text or ("-" if not region.empty else region.text))


def _square_of(term: str) -> tuple[int, int] | None:
    """``term`` as (file, rank) counted from 0, or None when it is no square."""
    if len(term) < 2:
        return None
    f, digits = FILE_LETTERS.find(term[0]), term[1:]
    if f < 0 or not digits.isdigit() or not digits.isascii() or digits.startswith("0"):
        return None
    return f, int(digits) - 1

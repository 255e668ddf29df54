"""Checks of a ``Variant``: each problem names the piece and field it is about."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..notation import NotationError, parse
from .castling import orphan_rights
from ..vocabulary import ERROR, WARNING
from .fen import FenError, base_letter, parse_fen
from .limits import (DIALECTS, LETTER_RE, MAX_FILES, MAX_PIECE_TYPES, MAX_RANKS, MAX_TEXT,
                     ModelProblem)

if TYPE_CHECKING:    # annotations only: the model imports this module when it validates
    from .model import Variant

_TEXTS = ("name", "description", "rules", "author")
_PIECE_TEXTS = ("name", "image", "notes")


def text_limits(v: Variant) -> list[ModelProblem]:
    """Text fields longer than files can carry (``MAX_TEXT`` characters): errors, as no
    file with them could be read back."""
    out = []
    for f in _TEXTS:
        n = len(getattr(v, f))
        if n > MAX_TEXT:
            out.append(ModelProblem("", f, f"{n:,} characters: files carry at most "
                                    f"{MAX_TEXT:,}"))
    for p in v.pieces:
        for f in _PIECE_TEXTS:
            n = len(getattr(p, f))
            if n > MAX_TEXT:
                out.append(ModelProblem(p.letter, f, f"{n:,} characters: files carry at most "
                                        f"{MAX_TEXT:,}"))
    return out


def validate_variant(v: Variant) -> list[ModelProblem]:
    """All problems of ``v`` (errors then warnings); never raises for user data."""
    out: list[ModelProblem] = []
    add = out.append
    if not v.name.strip():
        add(ModelProblem("", "name", "the variant has no name"))
    out += text_limits(v)
    if not (1 <= v.files <= MAX_FILES):
        add(ModelProblem("", "files", f"{v.files} files: must be 1..{MAX_FILES}"))
    if not (1 <= v.ranks <= MAX_RANKS):
        add(ModelProblem("", "ranks", f"{v.ranks} ranks: must be 1..{MAX_RANKS}"))
    if v.holdings < 0 or v.holdings > 66:
        add(ModelProblem("", "holdings", f"holdings size {v.holdings}: must be 0..66"))
    if v.drops and v.holdings == 0:
        add(ModelProblem("", "holdings", "drops are on but the holdings size is 0"))
    if not (0 <= v.promotion_zone <= max(v.ranks, 1)):
        add(ModelProblem("", "promotion_zone", f"zone of {v.promotion_zone} ranks does not fit"))
    if len(v.pieces) > MAX_PIECE_TYPES:
        add(ModelProblem("", "pieces", f"{len(v.pieces)} piece types: at most {MAX_PIECE_TYPES} "
                         "(one per XBoard piece slot)"))
    seen: set[str] = set()
    letters = {p.letter for p in v.pieces}
    for p in v.pieces:
        who = p.letter
        if not LETTER_RE.match(p.letter):
            add(ModelProblem(who, "letter", f"{p.letter!r} is not A-Z with an optional ' or ! "
                             "(or +X for a promoted form)"))
        if p.letter in seen:
            add(ModelProblem(who, "letter", f"two piece types use the letter {p.letter}"))
        seen.add(p.letter)
        if p.letter.startswith("+") and p.letter[1:] not in letters:
            add(ModelProblem(who, "letter", f"promoted form of {p.letter[1:]}, which is not a "
                             "piece of this variant"))
        if p.dialect not in DIALECTS:
            add(ModelProblem(who, "dialect", f"unknown dialect {p.dialect!r}"))
        else:
            try:
                parse(p.notation, p.dialect)
            except NotationError as e:
                for pr in e.problems:
                    add(ModelProblem(who, "notation", pr.message, pr.start, pr.end))
            except (RecursionError, ValueError):
                # the reader should report these itself; never let them reach the user raw
                add(ModelProblem(who, "notation", "the definition cannot be read"))
        for t in p.promotions:
            if t not in letters:
                add(ModelProblem(who, "promotions", f"promotes to {t}, which is not a piece "
                                 "of this variant"))
        if p.promotes_to and p.promotes_to not in letters:
            add(ModelProblem(who, "promotes_to", f"promotes to {p.promotes_to}, which is not a "
                             "piece of this variant"))
        if not (0 <= p.promotion_zone <= v.ranks):
            add(ModelProblem(who, "promotion_zone", f"zone of {p.promotion_zone} ranks does "
                             "not fit the board"))
    if not any(p.royal for p in v.pieces) and v.pieces:
        add(ModelProblem("", "pieces", "no royal piece: the game can only end by other rules",
                         severity=WARNING))
    if v.setup:
        try:
            s = parse_fen(v.setup, v.files, v.ranks)
        except FenError as e:
            add(ModelProblem("", "setup", e.message, e.column, e.column + 1))
        else:
            for sq, tok in sorted(s.board.items()):
                if base_letter(tok) not in letters:
                    add(ModelProblem("", "setup", f"piece {tok} on the board is not a piece type "
                                     "of this variant"))
                    break
            for tok in s.hand or ():
                if base_letter(tok) not in letters:
                    add(ModelProblem("", "setup", f"piece {tok} in hand is not a piece type of "
                                     "this variant"))
                    break
            if s.hand and v.holdings == 0:
                add(ModelProblem("", "setup", "pieces in hand but the holdings size is 0"))
            orphans = orphan_rights(v)
            if orphans:
                add(ModelProblem("", "setup", f"castling right{'s' if len(orphans) > 1 else ''} "
                                 f"{orphans} with nothing to castle with (no royal piece, or "
                                 "no piece of its side in that corner): XBoard drops "
                                 f"{'them' if len(orphans) > 1 else 'it'}", severity=WARNING))
    if v.rule_set is not None:
        from ..rules.validate import rule_problems
        out += rule_problems(v.rule_set, letters, v.files, v.ranks)
    out.sort(key=lambda pr: pr.severity != ERROR)
    return out

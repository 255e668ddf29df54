"""Checks of a rule set against its variant: every letter names a piece type, every region
reads on the board, every number is in range. Problems are ``ModelProblem`` records whose field
is the path inside the rule set (``rule_set.promotions[0].zone``), so the window and ``check``
can say where."""

from __future__ import annotations

from dataclasses import fields, is_dataclass
from typing import Any

from ..variant.limits import ModelProblem
from .model import ALL, RuleSet
from .regions import Region, Sided

_LETTER_FIELDS = {"pieces", "choices", "rooks", "king", "no_doubled", "no_mate_by", "pawns",
                  "back_rank_only", "spared", "immune", "mutually_immune", "petrify", "lions",
                  "worthless", "move_limit_resets", "must_drop_piece", "opposite_bishops",
                  "letter"}


def rule_problems(rules: RuleSet, letters: set[str], files: int, ranks: int) -> list[ModelProblem]:
    """Every problem of ``rules`` for a variant with these piece ``letters`` and board size."""
    out: list[ModelProblem] = []
    _walk(rules, "rule_set", letters | {ALL}, files, ranks, out)
    for i, p in enumerate(rules.promotions):
        # a promotion of no piece may still carry limits (they count for every promotion,
        # the promoted forms' too: Fairy-Stockfish's promotionLimit)
        if not p.pieces and not p.limits:
            out.append(ModelProblem("", f"rule_set.promotions[{i}].pieces",
                                    "names no piece that promotes"))
    forms = rules.promoted_forms
    if forms is not None:
        for k, (a, b) in enumerate(forms.forms):
            for x in (a, b):
                if x not in letters:
                    out.append(ModelProblem("", f"rule_set.promoted_forms.forms[{k}]",
                                            f"{x} is not a piece of this variant"))
    c = rules.castling
    if c is not None:
        for name in ("king_file", "kingside_to", "queenside_to", "queenside_rook"):
            if not 0 <= getattr(c, name) < files:
                out.append(ModelProblem("", f"rule_set.castling.{name}",
                                        f"file {getattr(c, name) + 1} is not on the board"))
        if c.kingside_rook is not None and not 0 <= c.kingside_rook < files:
            out.append(ModelProblem("", "rule_set.castling.kingside_rook",
                                    "that file is not on the board"))
        if not 1 <= c.rank <= ranks:
            out.append(ModelProblem("", "rule_set.castling.rank", f"rank {c.rank} is not on "
                                    "the board"))
    if rules.ending.repetition.count < 0 or rules.ending.move_limit < 0:
        out.append(ModelProblem("", "rule_set.ending", "counts cannot be negative"))
    return out


def _walk(value: Any, path: str, letters: set[str], files: int, ranks: int,
          out: list[ModelProblem]) -> None:
    if isinstance(value, Region):
        why = value.check(files, ranks)
        if why:
            out.append(ModelProblem("", path, why))
        return
    if isinstance(value, Sided):
        _walk(value.white, path + ".white", letters, files, ranks, out)
        _walk(value.black, path + ".black", letters, files, ranks, out)
        return
    if isinstance(value, tuple):
        for i, x in enumerate(value):
            _walk(x, f"{path}[{i}]", letters, files, ranks, out)
        return
    if is_dataclass(value) and not isinstance(value, type):
        for f in fields(value):
            v = getattr(value, f.name)
            where = f"{path}.{f.name}"
            if f.name in _LETTER_FIELDS:
                _letters(v, where, letters, out)
            else:
                _walk(v, where, letters, files, ranks, out)


def _letters(value: Any, path: str, letters: set[str], out: list[ModelProblem]) -> None:
    if isinstance(value, Sided):
        _letters(value.white, path + ".white", letters, out)
        _letters(value.black, path + ".black", letters, out)
    elif isinstance(value, tuple):
        for x in value:
            _letters(x, path, letters, out)
    elif isinstance(value, str) and value and value not in letters:
        out.append(ModelProblem("", path, f"{value} is not a piece of this variant"))

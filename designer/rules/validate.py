"""Checks of a rule set against its variant: every letter names a piece type, every region
reads on the board, every number is in range. Problems are ``ModelProblem`` records whose field
is the path inside the rule set (``rule_set.promotions[0].zone``), so the window and ``check``
can say where."""

from __future__ import annotations

from dataclasses import fields, is_dataclass
from typing import Any

from ..vocabulary import ModelProblem
from .letters import hints, holds_letters, letters_of
from .model import ALL, RuleSet
from .numbers import number_problems
from .regions import Region, Sided


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
    out += number_problems(rules, files, ranks)     # every number against the board
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
        own = hints(type(value))
        for f in fields(value):
            v = getattr(value, f.name)
            where = f"{path}.{f.name}"
            if holds_letters(own[f.name]):          # by its type: see ``letters``
                for at, letter in letters_of(v, own[f.name], where):
                    if letter not in letters:
                        out.append(ModelProblem("", at, f"{letter} is not a piece of this "
                                                "variant"))
            else:
                _walk(v, where, letters, files, ranks, out)

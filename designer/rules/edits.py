"""A rule set following its variant's piece types: a type renamed or removed is renamed or
removed in every rule that names it (promotions and forms, drops, castling, royalty, the ends of
the game, Chu's Lions), so that one edit of the variant leaves its rules consistent."""

from __future__ import annotations

from dataclasses import fields, is_dataclass, replace
from typing import Any, Callable

from .model import PieceRules, PromotedForms, Promotion, RuleSet
from .regions import Sided
from .validate import _LETTER_FIELDS

__all__ = ["renamed_letter", "without_letter"]


def renamed_letter(rules: RuleSet, old: str, new: str) -> RuleSet:
    """``rules`` with the piece letter ``old`` called ``new`` everywhere."""
    def swap(letter: str) -> str | None:
        return new if letter == old else letter
    out = _map(rules, swap)
    assert isinstance(out, RuleSet)
    return out


def without_letter(rules: RuleSet, letter: str) -> RuleSet:
    """``rules`` without the piece letter ``letter``: dropped from every list, and rules that
    were only about it (its promotion, its own piece rules) removed."""
    def drop(x: str) -> str | None:
        return None if x == letter else x
    out = _map(rules, drop)
    assert isinstance(out, RuleSet)
    return out


def _map(value: Any, fn: Callable[[str], str | None], letters: bool = False) -> Any:
    if isinstance(value, Sided):
        return Sided(_map(value.white, fn, letters), _map(value.black, fn, letters))
    if isinstance(value, tuple):
        items = [fn(x) if letters and isinstance(x, str) else _map(x, fn, letters)
                 for x in value]
        return tuple(x for x in items if x is not None and x != ())
    if isinstance(value, str):
        if not letters:
            return value
        got = fn(value)
        return "" if got is None else got
    if isinstance(value, PieceRules):
        letter = fn(value.letter)
        return None if letter is None else replace(value, letter=letter)
    if isinstance(value, Promotion):
        out = _fields(value, fn)
        return out if out.pieces else None
    if isinstance(value, PromotedForms):
        pairs = tuple((fn(a), fn(b)) for a, b in value.forms)
        kept = tuple((a, b) for a, b in pairs if a is not None and b is not None)
        return replace(_fields(value, fn), forms=kept)
    if is_dataclass(value) and not isinstance(value, type):
        return _fields(value, fn)
    return value


def _fields(value: Any, fn: Callable[[str], str | None]) -> Any:
    changes = {}
    for f in fields(value):
        if f.name in ("forms", "extra"):
            continue
        old = getattr(value, f.name)
        new = _map(old, fn, f.name in _LETTER_FIELDS and f.name != "letter")
        if new != old:
            changes[f.name] = new
    return replace(value, **changes) if changes else value

"""A rule set following its variant's piece types: a type renamed or removed is renamed or
removed in every rule that names it (promotions and forms, drops, castling, royalty, the ends of
the game, Chu's Lions), so that one edit of the variant leaves its rules consistent."""

from __future__ import annotations

from dataclasses import replace
from typing import Callable

from .letters import map_letters
from .model import RuleSet

__all__ = ["renamed_letter", "without_letter"]


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

"""Hypothesis strategies that write Betza strings: from the reference grammars, and by mutating
the seeds' own examples.

``from_grammar`` walks the pyparsing elements of a reference grammar and draws text each
element matches (letters, literals, regular expressions, repetitions, alternatives), so the
strings are structurally valid and exercise every production; the context rules then cut some
of them. ``mutants`` starts from a seed example and deletes, inserts, replaces or swaps a few
characters, which lands on the borders between valid and invalid text.
"""

from __future__ import annotations

import json
from pathlib import Path

import pyparsing as pp
from hypothesis import strategies as st

from designer.notation.grammar import grammar

DATA = Path(__file__).resolve().parents[2] / "designer" / "data" / "seed_examples.jsonl"
# Characters a mutation may insert: every letter class, digits and the punctuation of both dialects.
ALPHABET = "WFDNAHCZGJLKBRQOU@fblrvshamcdetpgoyuijnqzxkw0123456789(){}-,!*' +"


def seed_texts(dialect: str) -> list[str]:
    """Every seed example of ``dialect`` (fragments also through their complete host string)."""
    out = []
    with DATA.open(encoding="utf-8") as fh:
        for line in fh:
            record = json.loads(line)
            if record["dialect"] == dialect:
                out.append(record["text"])
                if record.get("host"):
                    out.append(record["host"])
    return sorted(set(out))


def _strategy(e: pp.ParserElement, depth: int) -> st.SearchStrategy[str]:
    """Text matched by element ``e``; recursion through groups stops after ``depth`` levels."""
    if isinstance(e, pp.Forward):
        if depth <= 0 or e.expr is None:
            return st.nothing()
        return st.deferred(lambda: _strategy(e.expr, depth - 1))
    if isinstance(e, pp.Literal):
        return st.just(e.match)
    if isinstance(e, pp.Char):
        return st.sampled_from(sorted(e.initChars))
    if isinstance(e, pp.Regex):
        if e.pattern == " +":
            return st.sampled_from([" ", "  "])
        if e.pattern == "[0-9]+":
            return st.one_of(st.sampled_from(["0", "1", "2", "3", "7", "03", "00", "12", "99",
                                              "100", "98"]), st.integers(0, 120).map(str))
        return st.from_regex(e.pattern, fullmatch=True).filter(lambda s: len(s) < 12)
    if isinstance(e, pp.StringEnd | pp.NotAny):
        return st.just("")
    if isinstance(e, pp.And):
        parts = [_strategy(x, depth) for x in e.exprs]
        return st.tuples(*parts).map("".join)
    if isinstance(e, pp.MatchFirst | pp.Or):
        return st.one_of(*[_strategy(x, depth) for x in e.exprs])
    if isinstance(e, pp.ZeroOrMore):
        return st.lists(_strategy(e.expr, depth), max_size=3).map("".join)
    if isinstance(e, pp.OneOrMore):
        return st.lists(_strategy(e.expr, depth), min_size=1, max_size=2).map("".join)
    if isinstance(e, pp.Opt):
        return st.one_of(st.just(""), _strategy(e.expr, depth))
    if isinstance(e, pp.ParseElementEnhance) and e.expr is not None:
        return _strategy(e.expr, depth)
    raise TypeError(f"no strategy for {type(e).__name__}")


def from_grammar(dialect: str, depth: int = 2) -> st.SearchStrategy[str]:
    """Strings the reference grammar of ``dialect`` accepts structurally."""
    root, _ = grammar(dialect)
    return _strategy(root, depth)


@st.composite
def mutants(draw, dialect: str) -> str:
    """A seed example of ``dialect`` with one to three characters changed."""
    text = draw(st.sampled_from(seed_texts(dialect)))
    for _ in range(draw(st.integers(1, 3))):
        how = draw(st.sampled_from(["delete", "insert", "replace", "swap", "double"]))
        at = draw(st.integers(0, len(text)))
        ch = draw(st.sampled_from(ALPHABET))
        if how == "delete" and text:
            at = min(at, len(text) - 1)
            text = text[:at] + text[at + 1:]
        elif how == "insert":
            text = text[:at] + ch + text[at:]
        elif how == "replace" and text:
            at = min(at, len(text) - 1)
            text = text[:at] + ch + text[at + 1:]
        elif how == "swap" and len(text) > 1:
            at = min(at, len(text) - 2)
            text = text[:at] + text[at + 1] + text[at] + text[at + 2:]
        elif how == "double" and text:
            end = draw(st.integers(at, len(text)))
            text = text[:end] + text[at:end] + text[end:]
    return text

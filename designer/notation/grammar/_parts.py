"""Building blocks of the reference grammars: named productions, and the parts both dialects share.

A reference grammar is a list of named pyparsing productions, each with a sentence that says
what it is; ``Productions`` keeps them in the order they are written so that the grammar can be
printed (EBNF-like) and drawn (railroad diagrams) as it reads. Betza strings have no implicit
white space: spaces may stand only between moves, inside coordinate leaps and inside limiters,
and the grammars say so where they allow them (``Productions.finish`` turns pyparsing's
implicit skipping off everywhere).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pyparsing as pp

from ..ast import Atom, Limiter
from ._tree import RawModifier, RawRange, RawStep

# Atom letters and their steps (seed 004 Table 1; seed 000 "Move steps of the basic atoms").
# J and L are the old names of the Zebra (2,3) and the Camel (1,3): seed 000 "C = L, Z = J".
LEAPERS = {"W": (0, 1), "F": (1, 1), "D": (0, 2), "N": (1, 2), "A": (2, 2), "H": (0, 3),
           "C": (1, 3), "Z": (2, 3), "G": (3, 3), "J": (2, 3), "L": (1, 3)}
OLD_NAMES = {"J": "Z", "L": "C"}
# Shorthands: K = WF, B = F0, R = W0, Q = RB (seed 000 "Shortcuts and synonyms").
SHORTHANDS = {"K": (0, 1), "B": (1, 1), "R": (0, 1), "Q": (0, 1)}
# O null move / XBetza castling, U universal leaper (seed 004 "Atoms"), @ drop (seed 004 "Drops").
SPECIAL_ATOMS = {"O": (0, 0), "U": (0, 0), "@": (0, 0)}
DOUBLABLE = "".join(LEAPERS) + "".join(SHORTHANDS)   # NN = N0 (seed 004 "Range": obsolete)


@dataclass(frozen=True, slots=True)
class Production:
    """A named part of a grammar and the sentence that documents it."""

    name: str
    element: pp.ParserElement
    doc: str


class Productions:
    """The named productions of one grammar, in the order they were written."""

    def __init__(self) -> None:
        self.items: list[Production] = []

    def __call__(self, name: str, element: pp.ParserElement, doc: str) -> pp.ParserElement:
        element.set_name(name)
        self.items.append(Production(name, element, doc))
        return element

    def finish(self, root: pp.ParserElement) -> pp.ParserElement:
        """Turn implicit white-space skipping off in every element reachable from ``root``."""
        seen: set[int] = set()
        todo = [root]
        while todo:
            element = todo.pop()
            if id(element) in seen:
                continue
            seen.add(id(element))
            element.leave_whitespace(recursive=False)
            element.whiteChars = set()
            todo.extend(element.recurse())
        return root


def _end(loc: int, toks: pp.ParseResults) -> int:
    """Column after a production whose tokens are all the strings it matched."""
    return loc + sum(len(t) for t in toks if isinstance(t, str))


def modifier(kind: str, letters: str) -> pp.ParserElement:
    """One modifier letter of ``kind`` (a RawModifier with its column)."""
    element = pp.Char(letters) if len(letters) > 1 else pp.Literal(letters)
    return element.set_parse_action(lambda s, loc, t: RawModifier(kind, t[0], loc))


def space() -> pp.ParserElement:
    return pp.Regex(" +").set_name("spaces")


def digits() -> pp.ParserElement:
    """ASCII digits only (``[0-9]``, not Unicode digits such as '²')."""
    return pp.Regex("[0-9]+").set_name("digits")


def atom_letters(letters: str) -> pp.ParserElement:
    """One atom letter: an Atom with its step (old names J, L read as Z, C)."""

    def build(s: str, loc: int, t: pp.ParseResults) -> Atom:
        written = t[0]
        letter = OLD_NAMES.get(written, written)
        dx, dy = {**LEAPERS, **SHORTHANDS, **SPECIAL_ATOMS}[written]
        return Atom(letter, dx, dy, written, (loc, loc + 1))

    return pp.Char(letters).set_parse_action(build)


def coordinate() -> pp.ParserElement:
    """``(x,y)``: a leap by its two components, spaces allowed around the numbers."""
    gap = pp.Opt(space())
    element = pp.Literal("(") + gap + digits() + gap + pp.Literal(",") + gap + digits() + gap \
        + pp.Literal(")")

    def build(s: str, loc: int, t: pp.ParseResults) -> Atom:
        x, y = (int(v) for v in t if v.strip() and v[0].isdigit())
        end = _end(loc, t)
        a, b = sorted((x, y))
        return Atom("", a, b, s[loc:end], (loc, end))

    return element.set_parse_action(build)


def doubled_atom(letters: str) -> pp.ParserElement:
    """An atom letter written twice: the obsolete spelling of an unlimited range (NN = N0)."""
    element = pp.Regex(f"([{letters}])\\1")

    def build(s: str, loc: int, t: pp.ParseResults) -> RawStep:
        written = t[0][0]
        letter = OLD_NAMES.get(written, written)
        dx, dy = {**LEAPERS, **SHORTHANDS}[written]
        atom = Atom(letter, dx, dy, written, (loc, loc + 1))
        return RawStep(atom, RawRange(doubled=True, span=(loc + 1, loc + 2)), (loc, loc + 2))

    return element.set_parse_action(build)


def limiter() -> pp.ParserElement:
    """``{L,+Ky}`` or ``{!P}``: piece names (letters, digits, ``+``, ``'``) between braces."""
    gap = pp.Opt(space())
    name = pp.Regex(r"(?:[^\W_]|[+'])+").set_name("piece type")
    element = pp.Literal("{") + pp.Opt(pp.Literal("!")) + gap + name + gap \
        + pp.ZeroOrMore(pp.Literal(",") + gap + name + gap) + pp.Literal("}")

    def build(s: str, loc: int, t: pp.ParseResults) -> Limiter:
        words = [w for w in t if w not in ("{", "}", "!", ",") and w.strip()]
        return Limiter(tuple(words), "!" in list(t), (loc, _end(loc, t)))

    return element.set_parse_action(build)


def step_with_range(step: pp.ParserElement, rng: pp.ParserElement) -> pp.ParserElement:
    """An atom (or group) followed by an optional range: a RawStep."""

    def build(s: str, loc: int, t: pp.ParseResults) -> RawStep:
        found: Any = t[0]
        written = t[1] if len(t) > 1 else None
        end = written.span[1] if written is not None else _span_end(found)
        return RawStep(found, written, (loc, end))

    return (step + pp.Opt(rng)).set_parse_action(build)


def _span_end(found: Any) -> int:
    return int(found.span[1])


def plain_range(s: str, loc: int, t: pp.ParseResults) -> RawRange:
    """Parse action of a range made of digits (or ``*``) only."""
    return RawRange(digits=t[0] if t[0] != "*" else "", star=t[0] == "*",
                    span=(loc, loc + len(t[0])))
